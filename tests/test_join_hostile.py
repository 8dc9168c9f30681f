"""``join`` trusts nothing its host sends.

A hostile host (an SSH server in a process of its own, :mod:`hostilehost`)
speaks the seat protocol to the join client and sends each attack byte for
byte: a sentence that is a format string (a 50-million-character field, an
attribute read), a line nested 100,000 deep, an 8 MiB line, 95,000 lines in
a row, escape sequences in text and in a sentence's values. The client runs
here, with its screen in a buffer and its memory traced: the screen gets
bounded lines in plain words, never a traceback, a filled-in host template or
the remnant of an escape sequence, and the client's memory stays bounded.
"""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from a11y_dominion.console.core import HOST_LINES_PER_SECOND, MAX_INBOX, MAX_INBOX_BYTES  # noqa: E402
from a11y_dominion.console.display import Display, PlainReader  # noqa: E402
from a11y_dominion.console.seat import HumanSeat  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.remote.client import JoinConsole  # noqa: E402
from a11y_dominion.remote.joinlink import Link  # noqa: E402
from a11y_dominion.remote.joinlogin import KnownHosts  # noqa: E402
from a11y_dominion.remote.protocol import UNKNOWN_SENTENCE, from_host  # noqa: E402

HERE = Path(__file__).resolve().parent
HELLO = b'{"type": "hello", "protocol": 2, "seat": "Bea", "players": ["Ann", "Bea"], "people": ["Ann", "Bea"]}\n'
STILL_HERE = b'{"type": "text", "text": "Still here."}\n'
ENDED = "The host ended the session before the game was over."
MEMORY = 32 * 1024 * 1024  # bytes the client may allocate at most while it plays against an attack


def play_against(tmp_path, attack: bytes, clock=None) -> tuple:
    """Join a hostile host that sends ``HELLO``, ``attack`` and then ends the session;
    returns (the lines of the player's screen, the exit code, the most bytes the client
    had allocated at once, the exceptions that ended a thread)."""
    path = tmp_path / "attack.jsonl"
    path.write_bytes(HELLO + attack)
    server = subprocess.Popen(
        [sys.executable, str(HERE / "hostilehost.py"), str(path)], stdout=subprocess.PIPE, text=True
    )
    faults: list = []
    hook = threading.excepthook
    threading.excepthook = lambda args: faults.append(args.exc_value)
    screen = io.StringIO()
    try:
        port = int(server.stdout.readline())
        lang = Language("en")
        tracemalloc.start()
        try:
            link = Link("127.0.0.1", port, "Bea", "pw", KnownHosts(tmp_path / "known_hosts"), lang, clock=clock)

            async def play() -> int:
                await link.start()
                display = Display(screen, plain=True, lang=lang)
                seat = HumanSeat("Bea", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
                console = JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), screen))
                code = await console.run()
                await link.closed()
                return code

            code = asyncio.run(play())
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    finally:
        threading.excepthook = hook
        server.wait(60)
        server.stdout.close()
    return screen.getvalue().splitlines(), code, peak, faults


def check_clean(lines: list) -> None:
    for line in lines:
        assert line.isprintable(), line
        assert "Traceback" not in line and "Error" not in line, line


@pytest.mark.e2e  # ssh over the network, python in another process
def test_a_format_string_from_the_host_is_never_filled_in(tmp_path):
    attack = (
        b'{"type": "error", "message": {"msg": "{a:>50000000}", "args": {"a": "x"}}}\n'
        b'{"type": "error", "message": {"msg": "{a.__class__.__mro__}", "args": {"a": "x"}}}\n'
        b'{"type": "refused", "id": 1, "message": {"msg": "{a.__class__}", "args": {"a": "x"}}, '
        b'"text": "{a.__class__}"}\n'
        b'{"type": "error", "message": {"msg": "{player} says: {said}", "args": {"player": "Eve", "said": "hi"}}}\n'
        + STILL_HERE
    )
    lines, code, peak, faults = play_against(tmp_path, attack)
    assert lines[-6:] == [
        "The host sent a sentence this program does not know.",
        "The host sent a sentence this program does not know.",
        "The host says: {a.__class__}",  # the host's own words, shown as they are: a value
        "Eve says: hi",  # a sentence of this program's own catalog, filled in with the host's values
        "Still here.",
        ENDED,
    ]
    assert not any("class" in line and "says" not in line for line in lines)
    assert sum(len(line) for line in lines) < 2000 and peak < MEMORY and not faults and code == 1
    check_clean(lines)


@pytest.mark.e2e  # ssh over the network, python in another process
def test_a_line_nested_deep_is_one_sentence_and_the_session_goes_on(tmp_path):
    attack = b'{"type": "text", "text": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n" + b"[" * 200_000 + b"\n"
    lines, code, peak, faults = play_against(tmp_path, attack + STILL_HERE)
    assert lines[-4:] == [
        "The host sent a message nested too deep to read; it was left out.",
        "The host sent a message nested too deep to read; it was left out.",
        "Still here.",
        ENDED,
    ]
    assert peak < MEMORY and not faults and code == 1
    check_clean(lines)


@pytest.mark.e2e  # ssh over the network, python in another process
def test_an_8_mib_line_is_dropped_as_it_passes_the_bound_never_kept_whole(tmp_path):
    attack = b'{"type": "text", "text": "' + b"A" * (8 * 1024 * 1024 - 64) + b'"}\n'  # under 8 MiB in all
    lines, code, peak, faults = play_against(tmp_path, attack + STILL_HERE)
    assert lines[-3:] == ["The host sent a line this program cannot read; it was left out.", "Still here.", ENDED]
    assert not any("AAAA" in line for line in lines)
    assert peak < MEMORY and not faults and code == 1


@pytest.mark.e2e  # ssh over the network, python in another process
def test_a_long_text_is_cut(tmp_path):
    attack = b'{"type": "text", "text": "' + b"B" * 500_000 + b'"}\n'
    lines, code, peak, faults = play_against(tmp_path, attack + STILL_HERE)
    assert lines[-3:] == ["B" * 2000, "Still here.", ENDED]
    assert peak < MEMORY and not faults


@pytest.mark.e2e
def test_95000_lines_are_shown_at_the_rate_and_the_flood_said_once(tmp_path):
    attack = b"".join(b'{"type": "text", "text": "flood %d"}\n' % i for i in range(95_000))
    lines, code, peak, faults = play_against(tmp_path, attack + STILL_HERE, clock=lambda: 50.0)
    flood = [line for line in lines if line.startswith("flood ")]
    assert flood == [f"flood {i}" for i in range(HOST_LINES_PER_SECOND)]  # the clock stands still
    told = "The host sends too many lines at once: at most 40 a second are shown; the rest were left out."
    assert lines[lines.index(flood[-1]) + 1 :] == [told, ENDED]  # "Still here." came in the same flood
    assert peak < MEMORY and not faults and code == 1


@pytest.mark.e2e  # ssh over the network, python in another process
def test_escape_sequences_from_the_host_are_dropped_whole(tmp_path):
    attack = (
        b'{"type": "text", "text": "Hello \\u001b]0;pwned\\u0007\\u001b[2Jthere\\u009b31m."}\n'
        b'{"type": "error", "message": {"msg": "{player} says: {said}", "args": '
        b'{"player": "E\\u001b]2;x\\u001b\\\\ve", "said": "\\u001b[1Agood \\u001bPq#0;2;0;0;0\\u001b\\\\luck"}}}\n'
        + STILL_HERE
    )
    lines, code, peak, faults = play_against(tmp_path, attack)
    assert lines[-4:] == ["Hello there.", "Eve says: good luck", "Still here.", ENDED]
    text = "\n".join(lines)
    assert "pwned" not in text and "[2J" not in text and "]0;" not in text and "31m" not in text
    check_clean(lines)


def test_templates_in_decisions_and_notes_come_only_from_the_catalog():
    decide = {
        "type": "decide",
        "decision": {"template": "{player.__class__}", "args": {"player": "Eve"}, "prompt": "Eve: choose."},
    }
    safe = from_host(decide)
    assert safe["decision"]["template"] == "" and safe["decision"]["args"] == {}
    assert safe["decision"]["prompt"] == "Eve: choose."
    note = {"type": "note", "player": "Eve", "text": "{player:>9999999}", "you": "{n.real}", "to_other": "x{n}"}
    assert from_host({"type": "events", "events": [note]})["events"][0] == {
        "type": "note",
        "player": "Eve",
        "text": UNKNOWN_SENTENCE,
        "you": "",
        "to_other": "",
    }
    nested = {"msg": "{player} says: {said}", "args": {"player": "Eve", "said": {"msg": "{0.__doc__}", "args": {}}}}
    assert from_host(nested)["args"]["said"] == {"msg": UNKNOWN_SENTENCE, "args": {}}
    known = {"msg": "{player} says: {said}", "args": {"player": "E\x1b[31mve", "said": "\x9b2Jhi"}}
    assert from_host(known) == {"msg": "{player} says: {said}", "args": {"player": "Eve", "said": "hi"}}


@pytest.mark.e2e
def test_95000_messages_that_cannot_be_used_are_said_at_the_rate_and_the_flood_once(tmp_path):
    attack = b'{"type": "events", "events": [{"type": "no-such-event"}]}\n' * 95_000
    lines, code, peak, faults = play_against(tmp_path, attack + STILL_HERE, clock=lambda: 50.0)
    unread = "The host sent a message this program cannot read; it was left out."
    told = "The host sends too many lines at once: at most 40 a second are shown; the rest were left out."
    start = lines.index(unread)
    assert lines[start:] == [unread] * HOST_LINES_PER_SECOND + [told, ENDED]
    assert peak < MEMORY and not faults and code == 1


@pytest.mark.e2e
def test_the_inbox_holds_a_bounded_number_of_messages_and_the_host_waits_meanwhile(tmp_path):
    """Messages that carry the game are never dropped: while the console does not take them,
    the connection reads no further (the host waits), and the inbox holds at most its bound."""
    count = 20_000
    message = b'{"type": "view", "view": {"pad": "' + b"x" * 1000 + b'"}}\n'
    path = tmp_path / "attack.jsonl"
    path.write_bytes(HELLO + message * count)
    server = subprocess.Popen(
        [sys.executable, str(HERE / "hostilehost.py"), str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        port = int(server.stdout.readline())
        link = Link("127.0.0.1", port, "Bea", "pw", KnownHosts(tmp_path / "known_hosts"), Language("en"))

        async def take() -> list:
            await link.start()
            deadline = time.monotonic() + 60
            while not link.inbox.is_full():
                assert time.monotonic() < deadline, "the inbox never filled"
                await asyncio.sleep(0.01)
            for _ in range(100):  # the connection goes on reading no further while the inbox is full
                await asyncio.sleep(0)
            assert len(link.inbox.queue) == MAX_INBOX and link.inbox.weight <= MAX_INBOX_BYTES
            got = [await link.inbox.get(60) for _ in range(count + 2)]
            await link.closed()
            return got

        got = asyncio.run(take())
    finally:
        server.wait(60)
        server.stdout.close()
    assert [kind for kind, _item in got] == ["message"] * (count + 1) + ["closed"]
    assert got[0][1]["type"] == "hello" and all(item["type"] == "view" for _kind, item in got[1:-1])
    assert link.inbox.weight == 0


def test_every_sentence_of_the_catalog_is_filled_and_field_tricks_are_refused():
    import gettext

    from a11y_dominion.i18n import DOMAIN, LOCALE_DIR, catalog_ids, check_template

    dutch = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=["nl"])
    assert len(catalog_ids()) > 1000
    for english in catalog_ids():
        check_template(english)
        check_template(dutch.gettext(english))
    assert Language("en").text("{n:The last message|The last {n} messages}:", n=3) == "The last 3 messages:"
    for trick in ("{a:>50000000}", "{a.__class__.__mro__}", "{a[0]}", "{a!r}", "{0}", "{n:x|{a:>99}}", "{n:x|{a.b}}"):
        with pytest.raises(ValueError):
            Language("en").text(trick, a="x", n=1)
