"""A plain ssh seat from Windows: the exact bytes Windows' OpenSSH client sends,
and the exact bytes its seat receives.

Windows 10 and 11 ship OpenSSH's client (Win32-OpenSSH). With a terminal it asks
for ``TERM=xterm-256color`` when the player set no TERM, puts the console in raw
mode with virtual terminal input and output, and sends each key as the console
turns it into bytes: Enter as CR, Backspace as DEL (7.7.1.0 sent BS, which
Ctrl+Backspace sends now), Alt+Backspace as ESC DEL, Ctrl+C as 0x03, arrows as
``ESC [ A`` (``ESC O A`` in application mode), Home and End as ``ESC [ H`` and
``ESC [ F`` (``ESC [ 1 ~`` and ``ESC [ 4 ~`` from the legacy console), Delete as
``ESC [ 3 ~``; a paste in Windows Terminal comes between the marks of a
bracketed paste when the host asked for them. Its console output does not go
back to the line's start at a bare line feed (DISABLE_NEWLINE_AUTO_RETURN), so
every line must end in CR LF. Without a terminal (``ssh -T``) the console stays
in its own line mode and sends whole lines ending in CR LF.

A host runs in this test's event loop on a free loopback port; each seat is an
asyncssh client that sends those bytes one key at a time, as the Windows client
does, and reads what comes back byte for byte: plain text, carriage return and
backspace only, no escape sequence (no cursor-position request, no bracketed
paste, no colour), every line feed after a carriage return.
"""

from __future__ import annotations

import asyncio
import re

import pytest

asyncssh = pytest.importorskip("asyncssh")

from test_remote_protocol import password_login, start  # noqa: E402

WINDOWS_TERM = "xterm-256color"  # what Windows' OpenSSH client asks for when the player set no TERM
CONSOLE = (120, 30)  # a Windows console's columns and rows
ENGLISH = {"A11Y_DOMINION_LANG": "en", "A11Y_DOMINION_VERBOSITY": "normal"}
WELCOME = b"Welcome, Ann. Type help for commands.\r\nAnn has joined; 1 seat still empty: Bea.\r\n"
HAND = b"Your hand, 5 cards: 4 Coppers and Estate.\r\n"
WAIT = 20  # seconds to wait at most for the host's bytes (a bound that only fails)
BARE_LF = re.compile(rb"(?<!\r)\n")


class Seat:
    """One SSH session as Windows' client holds it: what it sent and received, byte for byte."""

    def __init__(self, conn, process):
        self.conn = conn
        self.process = process
        self.seen = bytearray()  # everything received

    async def expect(self, want: bytes) -> None:
        """The next ``len(want)`` bytes received are ``want``, exactly."""
        got = b""
        while len(got) < len(want):
            chunk = await asyncio.wait_for(self.process.stdout.read(len(want) - len(got)), WAIT)
            assert chunk, f"the session ended after {bytes(self.seen[-200:])!r}"
            got += chunk
        self.seen += got
        assert got == want, (want, got)

    async def until(self, end: bytes) -> bytes:
        """Everything received up to and with ``end``."""
        got = b""
        while not got.endswith(end):
            chunk = await asyncio.wait_for(self.process.stdout.read(1), WAIT)
            assert chunk, f"the session ended after {got[-300:]!r}"
            got += chunk
        self.seen += got
        return got

    async def key(self, data: bytes, echo: bytes) -> None:
        """One key press as the client sends it (one write), and what the seat gets back."""
        self.process.stdin.write(data)
        await self.expect(echo)

    async def keys(self, pairs) -> None:
        for data, echo in pairs:
            await self.key(data, echo)

    def plain(self) -> None:
        """Everything received was plain lines: no escape sequence, no bare line feed."""
        assert b"\x1b" not in self.seen, bytes(self.seen)
        assert not BARE_LF.search(self.seen), bytes(self.seen)


async def login(host, name: str, term: str | None = WINDOWS_TERM, command=None, pty=True, env=ENGLISH) -> Seat:
    conn = await password_login(host, name)
    process = await conn.create_process(
        command,
        term_type=term,
        term_size=CONSOLE if pty else None,
        request_pty="force" if pty else False,
        encoding=None,
        env=env,
    )
    return Seat(conn, process)


def typing(text: bytes) -> list:
    """Printable keys typed at the end of the line: each comes back as itself."""
    return [(text[i : i + 1], text[i : i + 1]) for i in range(len(text))]


def run(tmp_path, body) -> None:
    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        try:
            await body(host)
        finally:
            host.stop()
            await asyncio.wait_for(task, WAIT)
        assert not [line for line in out if "Traceback" in line]

    asyncio.run(main())


@pytest.mark.e2e  # ssh over the network
def test_windows_keys_edit_the_line_and_every_line_is_plain(tmp_path):
    async def body(host):
        ann = await login(host, "Ann")
        await ann.expect(WELCOME)
        # Backspace as DEL (Windows 10 and 11), then as BS (OpenSSH 7.7.1.0; Ctrl+Backspace now)
        await ann.keys(typing(b"hanx") + [(b"\x7f", b"\x08 \x08")] + typing(b"d") + [(b"\r", b"\r\n" + HAND)])
        await ann.keys(typing(b"hanx") + [(b"\x08", b"\x08 \x08")] + typing(b"d") + [(b"\r", b"\r\n" + HAND)])
        # Alt+Backspace (ESC DEL) rubs out one character too
        await ann.keys(typing(b"hanx") + [(b"\x1b\x7f", b"\x08 \x08")] + typing(b"d") + [(b"\r", b"\r\n" + HAND)])
        # CR LF in one write is one Enter; so is a CR and then a LF in a write of its own
        await ann.keys(typing(b"hand") + [(b"\r\n", b"\r\n" + HAND)])
        await ann.keys(typing(b"hand") + [(b"\r", b"\r\n" + HAND)])
        ann.process.stdin.write(b"\n")
        await ann.key(b"x", b"x")  # no empty line was entered before it
        # Ctrl+C clears the line: the typed text stays on its line, as at the console, and it says so
        await ann.keys(typing(b"x"))
        ann.process.stdin.write(b"\x03")
        assert await ann.until(b"leave the game.\r\n") == b"\r\nLine cleared. Type quit to leave the game.\r\n"
        # Home and End as the console sends them, Left, Delete; the line is rewritten as text
        await ann.keys(
            typing(b"and")
            + [(b"\x1b[H", b"\r"), (b"h", b"hand\x08\x08\x08"), (b"\x1b[F", b"and"), (b"\x1b[D", b"\x08")]
            + [(b"\x1b[3~", b" \x08"), (b"d", b"d"), (b"\r", b"\r\n" + HAND)]
        )
        # from the legacy console: Home and End as ESC [ 1 ~ and ESC [ 4 ~, arrows in application mode
        await ann.keys(
            typing(b"and")
            + [(b"\x1b[1~", b"\r"), (b"h", b"hand\x08\x08\x08"), (b"\x1b[4~", b"and")]
            + [(b"\x1bOD", b"\x08"), (b"\x1bOC", b"d"), (b"\r", b"\r\n" + HAND)]
        )
        # Up recalls the last line
        await ann.keys([(b"\x1b[A", b"hand"), (b"\r", b"\r\n" + HAND)])
        # a new console size writes nothing (plain lines do not depend on it): the typed line is not drawn again
        await ann.keys(typing(b"ha"))
        ann.process.change_terminal_size(80, 40)
        await ann.keys(typing(b"nd") + [(b"\r", b"\r\n" + HAND)])
        # Ctrl+Z in a line types nothing; on an empty line it asks whether to leave, as Ctrl+D does
        await ann.keys(typing(b"ha") + [(b"\x1a", b"")] + typing(b"nd") + [(b"\r", b"\r\n" + HAND)])
        await ann.key(b"\x1a", b"\r\nLeave the game? The host keeps it and you may join again.\r\nType yes to leave: ")
        await ann.keys(typing(b"no") + [(b"\r", b"\r\nYou stay in the game.\r\n")])
        # Tab completes
        await ann.keys(typing(b"sup") + [(b"\t", b"ply")])
        await ann.key(b"\r", b"\r\nSupply: 17 piles, 0 empty.\r\n")
        ann.plain()
        ann.conn.close()

    run(tmp_path, body)


@pytest.mark.e2e  # ssh over the network
def test_lines_from_the_table_while_a_windows_player_types(tmp_path):
    async def body(host):
        ann = await login(host, "Ann")
        await ann.expect(WELCOME)
        await ann.keys(typing(b"ha"))
        bea = await login(host, "Bea")
        got = await ann.until(b"7. end the Action phase\r\nAnn> ha")
        # the half-typed line is overwritten with spaces, the lines come, then the prompt once with the text
        assert got.startswith(b"\r  \rBea has joined; every seat is taken. The game starts.\r\n"), got
        assert got.count(b"Ann> ") == 1 and got.count(b"ha") >= 1
        await ann.keys([(b"\x7f", b"\x08 \x08"), (b"\x7f", b"\x08 \x08")] + typing(b"play t"))
        await ann.key(b"\t", b"reasures")
        ann.process.stdin.write(b"\r")
        got = await ann.until(b"14. end the turn\r\nAnn> ")
        assert got.startswith(b"\r\nYou play 4 Coppers. Buy phase: 4 coins.\r\n"), got  # the prompt on its line
        ann.plain()
        bea.conn.close()
        ann.conn.close()

    run(tmp_path, body)


@pytest.mark.e2e  # ssh over the network
def test_a_paste_with_or_without_its_bracketed_paste_marks_is_typed(tmp_path):
    async def body(host):
        ann = await login(host, "Ann")
        await ann.expect(WELCOME)
        await ann.key(b"\x1b[200~hand\x1b[201~", b"hand")  # the marks are dropped, the text is typed
        await ann.key(b"\r", b"\r\n" + HAND)
        await ann.key(b"hand\r", b"hand\r\n" + HAND)  # the console's paste: the keys one after another
        ann.plain()
        ann.conn.close()
        # rich output (ssh -t HOST rich) asks Windows Terminal for bracketed paste: a paste still works
        rich = await login(host, "Ann", command="rich")
        got = await rich.until(b"Ann has joined; 1 seat still empty: Bea.\r\n")
        rich.process.stdin.write(b"\x1b[200~hand\x1b[201~")
        rich.process.stdin.write(b"\r")
        got += await rich.until(b"Your hand, 5 cards: 4 ")
        got += await rich.until(b".\r\n")
        assert b"\x1b[6n" not in got  # no cursor-position request, nothing waits for a report
        rich.conn.close()

    run(tmp_path, body)


@pytest.mark.e2e  # ssh over the network
def test_without_a_terminal_or_with_an_empty_or_dumb_term(tmp_path):
    async def body(host):
        # ssh -T: the console's own line mode sends whole lines ending in CR LF; lines come back as lines
        ann = await login(host, "Ann", term=None, pty=False)
        await ann.expect(WELCOME.replace(b"\r\n", b"\n"))
        ann.process.stdin.write(b"hand\r\n")
        await ann.expect(HAND.replace(b"\r\n", b"\n"))
        ann.process.stdin.write(b"hand\r")
        ann.process.stdin.write(b"\n")
        ann.process.stdin.write(b"hand\r\n")
        await ann.expect(HAND.replace(b"\r\n", b"\n") * 2)  # the CR and the LF apart are still one Enter
        ann.process.stdin.write(b"\x1b[200~hand\x1b[201~\r\n")
        await ann.expect(HAND.replace(b"\r\n", b"\n"))
        assert b"\x1b" not in ann.seen
        ann.conn.close()
        # a terminal with no TERM at all (an empty one) or TERM=dumb: plain lines and line editing as above
        for term in ("", "dumb"):
            seat = await login(host, "Ann", term=term)
            await seat.expect(WELCOME)
            await seat.keys(typing(b"hanx") + [(b"\x7f", b"\x08 \x08")] + typing(b"d") + [(b"\r", b"\r\n" + HAND)])
            seat.plain()
            seat.conn.close()

    run(tmp_path, body)


def test_the_input_filter_reads_windows_enter_backspace_and_paste():
    from a11y_dominion.remote.terminal import InputFilter

    f = InputFilter()
    assert f.feed("hand\r", 0.0) == ("hand\r", False)
    assert f.feed("\n", 0.0) == ("", False)  # the LF of a CR LF that came apart
    assert f.feed("\n", 0.0) == ("\r", False)  # a LF alone is an Enter
    assert f.feed("a\r\x1b[A\n", 0.0) == ("a\r\x1b[A\r", False)  # a key between: two Enters
    assert f.feed("hanx\x7f\x08d", 0.0) == ("hanx\x7f\x08d", False)  # DEL and BS both reach the editor
    assert f.feed("\x1b[200~buy\rVilla\x1b[201~", 0.0) == ("buy Villa", False)  # a paste: its line break a space
    assert f.feed("\x1b\x7f\x03", 0.0) == ("\x7f\x03", False)  # Alt+Backspace: Backspace; Ctrl+C stays
