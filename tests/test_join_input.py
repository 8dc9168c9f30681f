"""The join client's typed input, on the event loop that runs the connection: piped input
read when the loop says the pipe can be read on POSIX systems and in the loop's worker on
Windows (each platform's way chosen by the platform given, on a real pipe), a long line kept
to a bound, the end of input and a broken pipe; lines typed while nothing is asked, read
between the host's messages; the login name when the computer knows none; and the asyncssh
import that prints nothing on standard error.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import subprocess
import sys
import threading

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.console.core import Inbox
from a11y_dominion.console.display import Display
from a11y_dominion.console.piped import PIPE_LINE, PipeLines, PipeReader, piece_reader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.lineinput import read_line
from a11y_dominion.remote.client import JoinConsole, login_name


@pytest.fixture
def pipe():
    """A pipe (read end, write end); both closed afterwards."""
    r, w = os.pipe()
    ends = [r, w]
    yield ends
    for fd in ends:
        try:
            os.close(fd)
        except OSError:
            pass


def close_writer(ends) -> None:
    os.close(ends[1])
    ends[1] = -1


def read_in(threads: list):
    """os.read, noting whether each read ran in the main thread (the event loop's)."""

    def read(fd: int, n: int) -> bytes:
        threads.append(threading.current_thread() is threading.main_thread())
        return os.read(fd, n)

    return read


# ---------------------------------------------------------------- the way of each platform
@pytest.mark.parametrize("platform", ["linux", "darwin", "freebsd14"])
def test_posix_platforms_read_a_pipe_on_the_loop_when_it_can_be_read(platform, pipe):
    threads: list = []
    pieces = piece_reader(pipe[0], platform=platform, read=read_in(threads))

    async def main() -> tuple:
        reading = asyncio.ensure_future(pieces())
        for _ in range(50):
            await asyncio.sleep(0)
        waited = not reading.done() and threads == []  # nothing read while nothing was written
        os.write(pipe[1], b"hand\n")
        first = await reading
        close_writer(pipe)
        return waited, first, await pieces()

    assert asyncio.run(main()) == (True, b"hand\n", b"")
    assert threads == [True, True]  # in the loop's own thread: no thread of its own


def test_a_regular_file_is_read_at_once_on_posix(tmp_path):
    path = tmp_path / "typed.txt"
    path.write_bytes(b"hand\nquit\n")
    with open(path, "rb") as f:
        pieces = piece_reader(f.fileno(), platform="linux")
        assert asyncio.run(pieces()) == b"hand\nquit\n"


def test_windows_reads_a_pipe_in_the_loop_s_worker(pipe):
    threads: list = []
    pieces = piece_reader(pipe[0], platform="win32", read=read_in(threads))
    os.write(pipe[1], b"hand\n")
    close_writer(pipe)

    async def main() -> list:
        return [await pieces(), await pieces()]

    assert asyncio.run(main()) == [b"hand\n", b""]
    assert threads == [False, False]  # the worker's, never the loop's own


# ---------------------------------------------------------------- whole lines, bounded
def lines_of(chunks: list) -> PipeLines:
    """:class:`PipeLines` given ``chunks`` one at a time (b"" at their end)."""

    async def pieces() -> bytes:
        await asyncio.sleep(0)
        return chunks.pop(0) if chunks else b""

    return PipeLines(pieces)


def test_pipe_lines_wait_for_a_whole_line_and_the_end_of_input():
    lines = lines_of([b"ha", b"nd\nsta", b"tus\n"])

    async def main() -> list:
        got = []
        for _ in range(3):
            await lines.wait_line()
            got.append(lines.readline())
        return got

    assert asyncio.run(main()) == ["hand\n", "status\n", ""]
    assert lines.ended


def test_a_wait_broken_off_loses_nothing_of_the_piece_being_read(pipe):
    lines = PipeLines(piece_reader(pipe[0], platform="win32"))

    async def main() -> str:
        waiting = asyncio.ensure_future(lines.wait_line())
        for _ in range(20):
            await asyncio.sleep(0)
        waiting.cancel()  # the host spoke first: the wait is broken off
        os.write(pipe[1], b"hand\n")
        await asyncio.wait_for(lines.wait_line(), 60)  # (a bound that only fails)
        return lines.readline()

    assert asyncio.run(main()) == "hand\n"


def test_a_broken_pipe_is_the_end_of_input():
    def broken(fd, n):
        raise OSError(109, "The pipe has been ended")

    lines = PipeLines(piece_reader(5, platform="win32", read=broken))
    asyncio.run(lines.wait_line())
    assert lines.ended and lines.readline() == ""


def test_a_long_piped_line_is_kept_to_a_bound_and_read_in_pieces():
    long_line = b"a" * (1024 * 1024) + "é\n".encode() + b"hand\n"
    chunks = [long_line[i : i + 4096] for i in range(0, len(long_line), 4096)]
    lines = lines_of(chunks)
    asyncio.run(lines.wait_line())
    assert len(lines.buffer) <= PIPE_LINE + len(b"\nhand\n")  # never the whole megabyte
    assert read_line(lines) == ("a" * 1000 + "\n", True)
    assert read_line(lines) == ("hand\n", False)


def test_the_pipe_reader_prints_its_prompt_and_each_line_once():
    out = io.StringIO()
    reader = PipeReader(lines_of(["é".encode() * 3 + b"\n", b"quit\n"]), out)

    async def main() -> list:
        got = [await reader.read_async("Ann> "), await reader.read_async("Ann> ")]
        with pytest.raises(EOFError):
            await reader.read_async("Ann> ")
        return got

    assert asyncio.run(main()) == ["ééé", "quit"]
    assert out.getvalue() == "Ann> ééé\nAnn> quit\nAnn> \n"


# ---------------------------------------------------------------- lines typed while nothing is asked
class StandIn:
    """A link without a connection: what the console sends is kept in ``sent``."""

    def __init__(self) -> None:
        self.inbox = Inbox()
        self.sent: list = []

    def send(self, message: dict, last: bool = False) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_a_piped_line_typed_while_nothing_is_asked_is_read_between_the_host_s_messages(platform, pipe):
    """While nothing is asked, a piped line is read as soon as it is whole, and the host's
    messages are said as they come meanwhile (neither waits for the other); the end of
    piped input leaves the game."""
    link = StandIn()
    out = io.StringIO()
    lang = Language("en")
    display = Display(out, plain=True, lang=lang)
    seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    reader = PipeReader(PipeLines(piece_reader(pipe[0], platform=platform)), out)
    console = JoinConsole(link, seat, display, None, reader)

    async def main() -> int:
        playing = asyncio.ensure_future(console.run())
        for _ in range(20):
            await asyncio.sleep(0)
        link.inbox.put(("message", {"type": "text", "text": "Bea has joined."}))
        for _ in range(20):
            await asyncio.sleep(0)
        said = out.getvalue()
        os.write(pipe[1], b"buy Gold\n")
        close_writer(pipe)
        code = await asyncio.wait_for(playing, 60)  # (a bound that only fails)
        assert said == "Bea has joined.\n"  # said at once, while no line was typed
        return code

    assert asyncio.run(main()) == 0
    assert out.getvalue().splitlines() == [
        "Bea has joined.",
        "buy Gold",
        "Nothing is asked of you now; type help for the commands.",
        "",  # the end of input ends the line, as at the console
        "You left the game.",
    ]
    assert link.sent == [{"type": "leave"}]


async def until(check, what: str) -> None:
    """Return once ``check()`` is true, the loop turning meanwhile (a bound that only fails)."""
    for _ in range(6000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(what)


@contextlib.contextmanager
def console_at_keys():
    """A join console (Ann, English, plain lines) whose line editor is prompt_toolkit's, reading
    keys from a pipe as from a terminal: yields (its stand-in link, what it printed, the pipe the
    keys are sent to, the reader, the console)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from a11y_dominion.console.display import PromptReader

    link = StandIn()
    out = io.StringIO()
    lang = Language("en")
    display = Display(out, plain=True, lang=lang)
    seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    with create_pipe_input() as keys:
        reader = PromptReader(None, None, plain=True, input=keys, output=DummyOutput())
        yield link, out, keys, reader, JoinConsole(link, seat, display, Speaker("off"), reader)


def test_at_a_terminal_the_host_s_line_ends_the_prompt_and_the_half_typed_line_is_kept():
    """The line editor (prompt_toolkit's, reading keys from a pipe as from a terminal) runs on
    the loop while nothing is asked: the host's line is said at once, the keys typed before it
    stay on the line, and the line finished after it is the player's whole line."""
    with console_at_keys() as (link, out, keys, reader, console):

        async def main() -> int:
            playing = asyncio.ensure_future(console.run())
            keys.send_text("say h")
            await until(lambda: reader.session.default_buffer.text == "say h", "the keys were not read")
            link.inbox.put(("message", {"type": "text", "text": "Bea has joined."}))
            await until(lambda: out.getvalue(), "the host's line was not said")
            await until(lambda: reader.session.app.is_running, "the prompt did not come back")
            assert reader.session.default_buffer.text == "say h"  # the half-typed line, kept
            keys.send_text("i\r")
            await until(lambda: link.sent, "the line was not used")
            keys.send_text("quit\r")
            await until(lambda: reader.session.app.is_running, "quit did not ask")
            keys.send_text("yes\r")
            return await asyncio.wait_for(playing, 60)  # (a bound that only fails)

        code = asyncio.run(main())
    assert code == 0
    assert link.sent == [{"type": "say", "text": "hi"}, {"type": "leave"}]
    assert out.getvalue().splitlines() == ["Bea has joined.", "You left the game."]


def test_a_line_typed_as_the_host_s_line_arrives_is_used_not_lost():
    """The Enter of a typed line and the host's line come in the same turn of the loop: the
    host's line wakes the console while the line editor, its line accepted, is still ending.
    The typed line is used (it was lost once: the prompt was taken for one not yet begun and
    broken off), and the host's line is said."""
    with console_at_keys() as (link, out, keys, reader, console):

        async def main() -> int:
            playing = asyncio.ensure_future(console.run())
            await until(lambda: reader.session.app.is_running, "the prompt did not start")
            keys.send_text("say hi\r")  # read by the line editor at the loop's next turn,
            link.inbox.put(("message", {"type": "text", "text": "Bea is back."}))  # as this wakes the console
            await until(lambda: out.getvalue(), "the host's line was not said")
            await until(lambda: link.sent, "the typed line was not used")
            keys.send_text("quit\r")
            await until(lambda: reader.session.app.is_running and console.exit_code is None, "quit did not ask")
            keys.send_text("yes\r")
            return await asyncio.wait_for(playing, 60)  # (a bound that only fails)

        code = asyncio.run(main())
    assert code == 0
    assert link.sent == [{"type": "say", "text": "hi"}, {"type": "leave"}]
    assert out.getvalue().splitlines() == ["Bea is back.", "You left the game."]


# ---------------------------------------------------------------- who the player is, and stderr
def test_the_login_name_or_none_when_the_computer_knows_none():
    assert login_name(lambda: "ann") == "ann"

    def windows_without_names():
        raise ModuleNotFoundError("No module named 'pwd'")  # Python 3.11 on Windows

    def windows_313():
        raise OSError("No username set in the environment")  # Python 3.13

    assert login_name(windows_without_names) is None
    assert login_name(windows_313) is None
    assert login_name(lambda: "") is None


def test_join_without_a_login_name_asks_for_user_in_one_sentence(monkeypatch, tmp_path, capsys):
    import getpass

    from a11y_dominion.cli import main

    def no_name():
        raise ModuleNotFoundError("No module named 'pwd'")

    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    monkeypatch.setattr(getpass, "getuser", no_name)
    password = tmp_path / "password"
    password.write_text("secret\n")
    code = main(["join", "127.0.0.1", "--port", "1", "--password-file", str(password), "--speech", "off"])
    out, err = capsys.readouterr()
    assert (code, out, err) == (2, "", "a11y-dominion: Name your seat with --user, for example --user Ann.\n")


@pytest.mark.e2e  # python in another process
def test_loading_the_ssh_parts_prints_nothing_on_standard_error():
    # (asyncssh as the game loads it: tests/test_library_warnings.py)
    code = "import a11y_dominion.remote.client, a11y_dominion.remote.host, a11y_dominion.remote.sshlib"
    got = subprocess.run([sys.executable, "-W", "default", "-c", code], capture_output=True, text=True, timeout=120)
    assert (got.returncode, got.stdout, got.stderr) == (0, "", "")


def test_why_a_connection_failed_in_the_systems_words():
    import errno

    from a11y_dominion.remote.neterrors import os_reason

    refused = ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 1)")
    assert os_reason(refused, lambda n: "Connection refused") == "Connection refused"
    # Windows: the C library has no text for a socket error; the system's own message is said
    windows = ConnectionRefusedError(10061, "The remote computer refused the network connection")
    assert os_reason(windows, lambda n: "Unknown error") == "The remote computer refused the network connection"
    assert os_reason(windows, lambda n: "") == "The remote computer refused the network connection"
    assert os_reason(OSError(5, None), lambda n: "Unknown error") == "Unknown error"


def test_a_password_file_from_windows_powershell(tmp_path):
    """A ``--password-file`` written by Windows PowerShell 5.1: with ``Out-File -Encoding
    utf8`` a byte order mark comes first, which is not part of the password; with ``>`` it
    is UTF-16, which ``join`` names in one sentence saying to save the file as UTF-8."""
    from a11y_dominion.remote.client import read_password_file
    from a11y_dominion.remote.joinlink import JoinError

    path = tmp_path / "password.txt"
    path.write_bytes("\ufeffgeheim-ë\r\n".encode())
    assert read_password_file(str(path)) == "geheim-ë"
    path.write_bytes(b"secret")
    assert read_password_file(str(path)) == "secret"
    for encoding in ("utf-16", "utf-16-be"):
        path.write_bytes("\ufeffsecret\r\n".encode(encoding))
        with pytest.raises(JoinError) as refused:
            read_password_file(str(path))
        assert str(refused.value.args[0]) == (
            f"{path} is saved as UTF-16; save it again as UTF-8 (in Notepad: Save as, Encoding UTF-8)."
        )
    with pytest.raises(JoinError) as refused:
        read_password_file(str(tmp_path / "none.txt"))
    assert str(refused.value.args[0]) == f"There is no file named {tmp_path / 'none.txt'}."


def test_on_windows_a_read_still_waiting_when_the_game_ends_does_not_hold_up_the_exit(pipe):
    """With piped input on Windows a piece is read in a thread; when the game ends while a
    read waits (the pipe's writer keeps it open), the event loop closes at once: the read
    waits in a daemon thread, not in the loop's worker, which the loop's end would wait for."""
    started, release = threading.Event(), threading.Event()
    daemons: list = []

    def read(fd: int, n: int) -> bytes:
        daemons.append(threading.current_thread().daemon)
        started.set()
        release.wait()
        return b""

    pieces = piece_reader(pipe[0], platform="win32", read=read)

    async def main() -> bool:
        reading = asyncio.ensure_future(pieces())
        while not started.is_set():
            await asyncio.sleep(0.01)
        return reading.done()  # the game ends here, the read still waiting

    safety = threading.Timer(60, release.set)  # lets a loop that waits for the read end at last
    safety.start()
    try:
        done = asyncio.run(main())
        waiting_after_the_end = not release.is_set()
    finally:
        release.set()
        safety.cancel()
    assert (done, waiting_after_the_end, daemons) == (False, True, [True])


@pytest.mark.parametrize("platform", ["win32", "linux"])
def test_ctrl_c_between_prompts_says_nothing_to_clear_on_windows_too(platform):
    """Ctrl+C while no line editor reads keys (piped input, a moment between two prompts)
    puts "Nothing to clear." in the inbox, in turn with the host's lines, and the game goes
    on; on Windows through Python's signal handler (its loop takes none), handed to the loop.
    When the game ends, Ctrl+C is as it was before."""
    import signal
    from types import SimpleNamespace

    from a11y_dominion.console.core import SeatConsole
    from a11y_dominion.console.keyboard import interrupted

    inbox: list = []
    console = SimpleNamespace(
        link=SimpleNamespace(inbox=SimpleNamespace(put=inbox.append)), lang=Language("en"), leaves=True, over=False
    )
    console.cleared = lambda e: SeatConsole.cleared(console, e)  # type: ignore[arg-type]
    console.cancel_question = lambda: SeatConsole.cancel_question(console)  # type: ignore[arg-type]
    before = signal.getsignal(signal.SIGINT)

    async def main() -> list:
        back = interrupted(console, platform=platform)  # type: ignore[arg-type]
        try:
            signal.raise_signal(signal.SIGINT)
            for _ in range(20):
                await asyncio.sleep(0)
            return list(inbox)
        finally:
            back()

    assert asyncio.run(main()) == [("said", "Nothing to clear. Type quit to leave the game.")]
    assert signal.getsignal(signal.SIGINT) == before
