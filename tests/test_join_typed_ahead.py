"""Lines typed ahead at ``join``: keys that come together (a terminal without bracketed paste
types a paste so, and so does a fast typist) are read as a paste's lines are, at once, so that
the host's bound on lines a second holds as at an ``ssh`` seat.

A mixed-table trial typed 100 ``zeg`` lines at once through ``join``: each waited for the host's
line with it before the next was read, so 99 reached every seat, one in the middle (the 63rd) was
dropped, and Bea heard "the rest were dropped" while the next 37 were read. Over ``ssh`` the same
keys give the first 20 and one sentence.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys

import pexpect
import pytest

from a11y_dominion.remote.protocol import LINES_PER_SECOND
from a11y_dominion.textinput import MAX_LINE
from remoteplay import CLIENT_OPTIONS, ROOT, TIMEOUT, close_seat, hosted, received_text

PADDING = "typed fast"  # 100 lines of 2 kB: more than one read of the keys, one write to the terminal
TOO_FAST = "Too many messages at once: at most 20 messages a second are read; the rest were dropped."


def bea_through_join(host, tmp_path):
    """Bea's ``a11y-dominion join`` in a pseudo-terminal (plain lines, speech off): a pexpect child."""
    seats = tmp_path / "join-seats.json"
    seats.write_text(json.dumps(host.data))
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "bea-data"), PYTHONPATH=str(ROOT), TERM="xterm")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "a11y_dominion", "join", "--seats-file", str(seats), "--user", "Bea", "--speech", "off"],
        cwd=str(ROOT),
        env=env,
        timeout=TIMEOUT,
        dimensions=(50, 200),
    )
    child.logfile_read = open(tmp_path / "bea.log", "wb")  # noqa: SIM115 - closed by close_seat
    return child


def ann_over_ssh(host, tmp_path):
    """Ann with the real OpenSSH client, English and normal verbosity given: a pexpect child."""
    data = host.data
    given = ["-o", "SetEnv=A11Y_DOMINION_LANG=en A11Y_DOMINION_VERBOSITY=normal"]
    child = pexpect.spawn(
        "ssh",
        CLIENT_OPTIONS + given + ["-p", str(data["port"]), f"Ann@{data['host']}"],
        timeout=TIMEOUT,
        dimensions=(50, 200),
    )
    child.logfile_read = open(tmp_path / "ann.log", "wb")  # noqa: SIM115 - closed by close_seat
    child.expect(b"assword:")
    child.sendline(data["seats"]["Ann"]["password"].encode())
    return child


@pytest.mark.e2e  # the host, join and the real OpenSSH client, each in its own process
@pytest.mark.posix  # pseudo-terminals
def test_lines_typed_ahead_through_join_are_bounded_as_over_ssh_and_none_is_lost_in_the_middle(tmp_path):
    with hosted(tmp_path, "Bea:remote,Ann:remote,Bot:bigmoney") as host:
        ann = ann_over_ssh(host, tmp_path)
        bea = bea_through_join(host, tmp_path)
        try:
            ann.expect(b"Welcome, Ann.")
            bea.expect(rb"Bea> ")  # her first question: the game goes first to her
            keys = "".join(f"say b{k} {PADDING}\r" for k in range(100))
            bea.send(keys.encode())  # one write: keys that came together
            bea.expect(re.escape(TOO_FAST).encode())
            bea.expect(rb"say b99 ")  # every line typed was read (and shown as typed)
            for n in range(30):  # a line after the flood, once the host reads again
                bea.send(f"say done {n}\r".encode())
                if ann.expect([rb"Bea says: done \d+", pexpect.TIMEOUT], timeout=2) == 0:
                    break
            else:
                pytest.fail("no line after the flood reached Ann")
        finally:
            close_seat(bea)
            close_seat(ann)
        heard = re.findall(rf"Bea says: (b\d+) {PADDING}", received_text((tmp_path / "ann.log").read_bytes()))
        told = received_text((tmp_path / "bea.log").read_bytes()).count(TOO_FAST)
        host.stopped()
    # the first lines, in order, with none dropped among them (not 99 of 100, the 63rd missing)
    assert heard == [f"b{k}" for k in range(len(heard))]
    # bounded as over ssh: at least a second's worth read, and the rest dropped at once, not paced
    assert LINES_PER_SECOND <= len(heard) < 100
    assert told == 1


def test_whole_lines_typed_ahead_are_read_in_order_and_the_half_typed_one_stays_on_the_line():
    """Keys that come together at the line editor: each whole line is read, in order, and the
    keys of the line not ended yet stay on the prompt's line, where the player goes on typing."""
    from test_join_input import console_at_keys, until

    with console_at_keys() as (link, out, keys, reader, console):

        async def main() -> int:
            playing = asyncio.ensure_future(console.run())
            await until(lambda: reader.session.app.is_running, "the prompt did not start")
            keys.send_text("say a\rsay b\rsay c\rsay h")
            await until(lambda: len(link.sent) == 3, "the lines typed ahead were not used")
            await until(lambda: reader.session.default_buffer.text == "say h", "the half-typed line was lost")
            keys.send_text("i\r")
            await until(lambda: len(link.sent) == 4, "the line was not used")
            keys.send_text("quit\r")
            await until(lambda: reader.session.app.is_running and console.exit_code is None, "quit did not ask")
            keys.send_text("yes\r")
            return await asyncio.wait_for(playing, 60)  # (a bound that only fails)

        code = asyncio.run(main())
    assert code == 0
    assert link.sent == [{"type": "say", "text": t} for t in ("a", "b", "c", "hi")] + [{"type": "leave"}]


def test_a_line_typed_ahead_past_the_bound_is_cut_at_the_prompt_and_told():
    """A line typed ahead longer than a line may be is left to the prompt, which cuts it and says
    so once, as for a line typed there; the lines before it are read as typed ahead."""
    from test_join_input import console_at_keys, until

    with console_at_keys() as (link, out, keys, reader, console):

        async def main() -> int:
            playing = asyncio.ensure_future(console.run())
            await until(lambda: reader.session.app.is_running, "the prompt did not start")
            keys.send_text("say a\rsay " + "x" * (MAX_LINE + 50) + "\r")
            await until(lambda: len(link.sent) == 2, "the lines were not used")
            keys.send_text("quit\r")
            await until(lambda: reader.session.app.is_running and console.exit_code is None, "quit did not ask")
            keys.send_text("yes\r")
            return await asyncio.wait_for(playing, 60)  # (a bound that only fails)

        code = asyncio.run(main())
    assert code == 0
    assert link.sent[0] == {"type": "say", "text": "a"}
    assert link.sent[1]["type"] == "say" and len("say " + link.sent[1]["text"]) <= MAX_LINE
    assert out.getvalue().count(f"That line was too long: only its first {MAX_LINE} characters were read.") == 1
