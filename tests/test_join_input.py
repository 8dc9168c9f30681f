"""The join client's typed input, the way of each platform: ``select`` on a POSIX
descriptor, ``msvcrt.kbhit`` and ``getwch`` at a Windows console (given here as
stand-ins that replay keys), a reader thread for a Windows pipe; the terminal in
character mode with termios (a real pseudo-terminal) or with prompt_toolkit's
Windows console raw mode (a stand-in that records it was entered and left); the
login name when the computer knows none; and the asyncssh import that prints
nothing on standard error.
"""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys

import pytest

from a11y_dominion.lineinput import read_line
from a11y_dominion.remote.client import (
    PIPE_LINE,
    CharMode,
    ConsoleLines,
    FdLines,
    InputWatch,
    PipeLines,
    line_waits,
    login_name,
    typed_input,
)

WAIT = 10  # seconds a test waits at most for what a thread does (a bound that only fails)


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


# ---------------------------------------------------------------- the choice by platform
@pytest.mark.parametrize("platform", ["linux", "darwin", "freebsd14"])
def test_posix_platforms_wait_with_select_on_the_descriptor(platform, pipe):
    typed = typed_input(pipe[0], platform=platform, isatty=lambda fd: True)
    assert type(typed) is FdLines and typed.fileno() == pipe[0]


def test_a_windows_console_waits_with_kbhit_and_a_windows_pipe_with_a_reader_thread(pipe):
    console = typed_input(0, platform="win32", isatty=lambda fd: True)
    assert type(console) is ConsoleLines and console.isatty() and console.fileno() == 0
    piped = typed_input(pipe[0], platform="win32", isatty=lambda fd: False)
    assert type(piped) is PipeLines and not piped.isatty()
    close_writer(pipe)
    assert piped.readline() == ""  # its thread reads the pipe: the end of input comes through


# ---------------------------------------------------------------- POSIX: select
def test_fd_lines_wait_for_a_whole_line_and_the_end_of_input(pipe):
    typed = FdLines(pipe[0])
    assert not typed.waits() and not line_waits(typed) and not line_waits(None)
    assert typed.wait(0) is False
    os.write(pipe[1], b"buy Villa\nhand\n")
    assert typed.waits() and typed.wait(WAIT)
    assert typed.readline() == "buy Villa\n"
    assert typed.readline() == "hand\n"
    assert not typed.waits()
    close_writer(pipe)
    assert typed.waits()  # the end of input can be read
    assert typed.readline() == ""


def test_fd_lines_typed_ahead_reads_what_waits_without_waiting(pipe):
    typed = FdLines(pipe[0])
    assert typed.typed_ahead() == ""
    os.write(pipe[1], b"hand\nbuy Vi")
    assert typed.typed_ahead() == "hand\nbuy Vi"
    assert typed.typed_ahead() == ""


# ---------------------------------------------------------------- Windows console: msvcrt
class Keys:
    """msvcrt.kbhit and msvcrt.getwch over a list of the characters getwch gives."""

    def __init__(self, keys):
        self.keys = list(keys)

    def kbhit(self) -> bool:
        return bool(self.keys)

    def getwch(self) -> str:
        return self.keys.pop(0)


def test_a_windows_console_says_a_key_waits_and_reads_the_keys_typed_ahead():
    # h a x Backspace n d Enter, then b, Left (0xE0 K), Up (0x00 H), u, Escape, s, u: "hand" and "su"
    keys = Keys(["h", "a", "x", "\x08", "n", "d", "\r", "b", "\xe0", "K", "\x00", "H", "u", "\x1b", "s", "u"])
    typed = ConsoleLines(0, stream=io.StringIO(), kbhit=keys.kbhit, getwch=keys.getwch)
    assert typed.waits() and typed.wait(0)
    assert typed.typed_ahead() == "hand\nsu"
    assert keys.keys == []
    assert not typed.waits() and typed.wait(0) is False
    assert typed.wait(0.05) is False  # no key comes: it stops waiting
    ctrl_c = Keys(["b", "u", "y", "\x03", "h", "\r", "\r"])
    typed = ConsoleLines(0, kbhit=ctrl_c.kbhit, getwch=ctrl_c.getwch)
    assert typed.typed_ahead() == "h\n\n"  # Ctrl+C cleared "buy"; an empty line is a line


def test_a_windows_console_reads_whole_lines_from_its_stream():
    typed = ConsoleLines(0, stream=io.StringIO("buy Villa\n"), kbhit=lambda: False, getwch=lambda: "")
    assert typed.readline() == "buy Villa\n"
    assert typed.readline() == ""


# ---------------------------------------------------------------- Windows pipe: a reader thread
def test_pipe_lines_know_a_whole_line_waits_and_the_end_of_input(pipe):
    typed = PipeLines(pipe[0])
    assert not typed.isatty()
    os.write(pipe[1], b"buy Vi")
    assert typed.wait(0) is False  # part of a line is not a line
    os.write(pipe[1], b"lla\nhand\n")
    assert typed.wait(WAIT) and typed.waits() and line_waits(typed)
    assert typed.readline() == "buy Villa\n"
    assert typed.readline() == "hand\n"
    os.write(pipe[1], "Léa\n".encode())
    assert typed.readline() == "Léa\n"
    close_writer(pipe)
    assert typed.wait(WAIT)
    assert typed.readline() == ""
    assert typed.readline() == ""


def test_pipe_lines_from_a_given_reader_and_what_is_typed_ahead():
    chunks = [b"hand\nbu", b"y Villa", b""]
    typed = PipeLines(5, read=lambda fd, n: chunks.pop(0))
    assert typed.wait(WAIT)  # the end came: everything was read
    assert typed.typed_ahead() == "hand\nbuy Villa"
    assert typed.readline() == ""


def test_a_broken_pipe_is_the_end_of_input():
    def broken(fd, n):
        raise OSError(109, "The pipe has been ended")

    typed = PipeLines(5, read=broken)
    assert typed.wait(WAIT) and typed.readline() == ""


# ---------------------------------------------------------------- a long typed line: memory bounded
def test_a_long_line_from_a_windows_pipe_is_kept_to_a_bound_and_read_in_pieces():
    long_line = b"a" * (1024 * 1024) + "é\n".encode() + b"hand\n"
    chunks = [long_line[i : i + 4096] for i in range(0, len(long_line), 4096)] + [b""]
    typed = PipeLines(5, read=lambda fd, n: chunks.pop(0))
    assert typed.wait(WAIT)
    while chunks:  # the reader thread read everything it was given
        assert typed.wait(WAIT)
    assert len(typed.buffer) <= PIPE_LINE + len(b"\nhand\n")  # never the whole megabyte
    assert read_line(typed) == ("a" * 1000 + "\n", True)
    assert read_line(typed) == ("hand\n", False)
    assert read_line(typed) == ("", False)


def test_a_long_line_at_a_posix_descriptor_is_read_in_pieces_of_characters(pipe):
    typed = FdLines(pipe[0])
    os.write(pipe[1], "é".encode() * 3000 + b"\nhand\n")
    close_writer(pipe)
    assert typed.readline(5) == "ééééé"  # characters, not bytes
    assert read_line(typed) == ("é" * 1000 + "\n", True)
    assert read_line(typed) == ("hand\n", False)


# ---------------------------------------------------------------- the watch while nothing is asked
def test_the_input_watch_tells_of_a_typed_line_once_per_arming(pipe):
    inbox: queue.Queue = queue.Queue()
    typed = PipeLines(pipe[0])
    watch = InputWatch(typed, inbox)
    try:
        watch.arm()
        os.write(pipe[1], b"hand\n")
        assert inbox.get(timeout=WAIT) == ("input", None)
        assert not watch.armed.is_set()  # disarmed: the console reads the line before it arms again
        watch.arm()  # the line was not read: it still waits
        assert inbox.get(timeout=WAIT) == ("input", None)
        assert typed.readline() == "hand\n"
    finally:
        watch.end()
    watch.thread.join(WAIT)
    assert not watch.thread.is_alive()


def test_the_input_watch_ends_when_its_input_cannot_be_waited_on():
    inbox: queue.Queue = queue.Queue()
    watch = InputWatch(FdLines(-1), inbox)  # no descriptor: select raises
    watch.arm()
    watch.thread.join(WAIT)
    assert not watch.thread.is_alive() and watch.ended and inbox.empty()


# ---------------------------------------------------------------- character mode
@pytest.mark.posix
@pytest.mark.e2e  # a pseudo-terminal
def test_char_mode_with_termios_no_echo_no_line_buffering_signals_kept():
    termios = pytest.importorskip("termios")
    main, side = os.openpty()
    try:
        before = termios.tcgetattr(side)
        assert before[3] & termios.ECHO and before[3] & termios.ICANON
        mode = CharMode(side, platform="linux")
        now = termios.tcgetattr(side)
        assert not now[3] & termios.ECHO and not now[3] & termios.ICANON
        assert now[3] & termios.ISIG  # Ctrl+C still interrupts
        assert mode.raw is None
        mode.restore()
        assert termios.tcgetattr(side) == before
        mode.restore()  # again: nothing
        assert termios.tcgetattr(side) == before
    finally:
        os.close(main)
        os.close(side)


class RawMode:
    """prompt_toolkit's Windows raw_mode as a context manager that records its use."""

    log: list = []

    def __enter__(self):
        self.log.append("raw")

    def __exit__(self, *exc):
        self.log.append("restored")


def test_char_mode_at_a_windows_console_uses_the_console_raw_mode():
    RawMode.log = []
    mode = CharMode(0, platform="win32", isatty=lambda fd: True, raw_mode=RawMode)
    assert RawMode.log == ["raw"] and mode.saved is None
    mode.restore()
    mode.restore()
    assert RawMode.log == ["raw", "restored"]


def test_char_mode_does_nothing_for_input_that_is_no_terminal(pipe):
    RawMode.log = []
    for platform in ("win32", "linux"):
        mode = CharMode(pipe[0], platform=platform, raw_mode=RawMode)
        assert mode.raw is None and mode.saved is None
        mode.restore()
    mode = CharMode(None, platform="win32", raw_mode=RawMode)
    assert RawMode.log == []


def test_char_mode_on_windows_without_prompt_toolkits_console_part_does_nothing():
    def missing():
        raise ImportError("windll")

    mode = CharMode(0, platform="win32", isatty=lambda fd: True, raw_mode=missing)
    assert mode.raw is None
    mode.restore()


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
    code = "import a11y_dominion.remote.client, a11y_dominion.remote.host, asyncssh"
    got = subprocess.run([sys.executable, "-W", "default", "-c", code], capture_output=True, text=True, timeout=120)
    assert (got.returncode, got.stdout, got.stderr) == (0, "", "")


def test_why_a_connection_failed_in_the_systems_words():
    import errno

    from a11y_dominion.remote.client import os_reason

    refused = ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 1)")
    assert os_reason(refused, lambda n: "Connection refused") == "Connection refused"
    # Windows: the C library has no text for a socket error; the system's own message is said
    windows = ConnectionRefusedError(10061, "The remote computer refused the network connection")
    assert os_reason(windows, lambda n: "Unknown error") == "The remote computer refused the network connection"
    assert os_reason(windows, lambda n: "") == "The remote computer refused the network connection"
    assert os_reason(OSError(5, None), lambda n: "Unknown error") == "Unknown error"
