"""Faults found by reading the code as Windows and macOS run it, each tested here with the
platform given: a save replaced while another program has it open (Windows refuses the
rename for a moment), the server's bot workers at Ctrl+Break (Windows gives it to every
process of the console), the folders help names where the Microsoft Store's Python keeps
them, the screen cleared at a hand-over, and a Windows console read a line at a time."""

from __future__ import annotations

import asyncio
import io
import os
import types
from pathlib import PureWindowsPath

import pytest

from a11y_dominion import files
from a11y_dominion.console import piped
from a11y_dominion.console.display import ERASE_SCROLLBACK, clear_terminal
from a11y_dominion.files import REPLACE_WAIT, replace_file, write_atomic
from a11y_dominion.helppages import HelpReader, shown_folder
from a11y_dominion.i18n import Language
from a11y_dominion.remote.local import read_once
from a11y_dominion.server.pool import leave_stops_to_the_server


# ---------------------------------------------------------------- a save another program has open
def refusing(times: int) -> tuple[list[str], object]:
    """A stand-in for :func:`os.replace` that refuses ``times`` times as Windows refuses a
    rename over a file another program has open (PermissionError, WinError 32), then renames;
    and the list of what each call did."""
    calls: list[str] = []

    def replace(source: str, target: str) -> None:
        if len(calls) < times:
            calls.append("refused")
            raise PermissionError(13, "The process cannot access the file because it is being used", target)
        calls.append("renamed")
        os.replace(source, target)

    return calls, replace


def test_on_windows_a_rename_refused_while_the_save_is_open_elsewhere_is_tried_again(tmp_path):
    target, new = tmp_path / "game.json", tmp_path / "new.tmp"
    target.write_text("the old save", encoding="utf-8")
    new.write_text("the new save", encoding="utf-8")
    calls, replace = refusing(2)
    paused: list[float] = []
    replace_file(str(new), str(target), "win32", replace, paused.append)
    assert calls == ["refused", "refused", "renamed"]
    assert paused == [0.02, 0.04]
    assert target.read_text(encoding="utf-8") == "the new save"
    assert not new.exists()


def test_on_windows_a_save_open_elsewhere_for_good_is_given_up_after_two_seconds(tmp_path):
    target, new = tmp_path / "game.json", tmp_path / "new.tmp"
    target.write_text("the old save", encoding="utf-8")
    new.write_text("the new save", encoding="utf-8")
    calls, replace = refusing(100)
    paused: list[float] = []
    with pytest.raises(PermissionError):
        replace_file(str(new), str(target), "win32", replace, paused.append)
    assert paused == [0.02, 0.04, 0.08, 0.16, 0.32, 0.64, pytest.approx(0.74)]
    assert sum(paused) == pytest.approx(REPLACE_WAIT)
    assert calls == ["refused"] * 8
    assert target.read_text(encoding="utf-8") == "the old save"


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_elsewhere_a_refused_rename_is_said_at_once(tmp_path, platform):
    """POSIX never refuses a rename for a reader: a refusal there (no right to the folder) is final."""
    target, new = tmp_path / "game.json", tmp_path / "new.tmp"
    target.write_text("the old save", encoding="utf-8")
    new.write_text("the new save", encoding="utf-8")
    calls, replace = refusing(1)
    paused: list[float] = []
    with pytest.raises(PermissionError):
        replace_file(str(new), str(target), platform, replace, paused.append)
    assert (calls, paused) == (["refused"], [])


def test_on_windows_only_a_refusal_is_tried_again(tmp_path):
    """A folder that went away is no program holding the file: said at once."""
    paused: list[float] = []
    with pytest.raises(FileNotFoundError):
        replace_file(str(tmp_path / "gone.tmp"), str(tmp_path / "game.json"), "win32", None, paused.append)
    assert paused == []


def test_a_refused_save_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("the old save", encoding="utf-8")
    _calls, replace = refusing(100)
    monkeypatch.setattr(files, "replace_file", lambda source, full: replace_file(source, full, "linux", replace))
    with pytest.raises(PermissionError):
        write_atomic(str(target), "the new save", mode=0o600)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert target.read_text(encoding="utf-8") == "the old save"


# ---------------------------------------------------------------- the server's workers at Ctrl+Break
class Signals:
    """A stand-in for the :mod:`signal` module of one system: its signal numbers, and what
    :func:`signal.signal` was asked."""

    SIG_IGN = object()

    def __init__(self, **numbers: int) -> None:
        self.numbers = types.SimpleNamespace(**numbers)
        self.set: dict[int, object] = {}

    def __getattr__(self, name: str) -> int:
        return int(getattr(self.numbers, name))

    def signal(self, number: int, handler: object) -> None:
        self.set[number] = handler


def test_a_server_worker_on_windows_leaves_ctrl_c_and_ctrl_break_to_the_server():
    windows = Signals(SIGINT=2, SIGBREAK=21, SIGTERM=15)
    assert leave_stops_to_the_server(windows) == [2, 21, 15]
    assert windows.set == {2: Signals.SIG_IGN, 21: Signals.SIG_IGN, 15: Signals.SIG_IGN}


def test_a_server_worker_on_posix_leaves_ctrl_c_and_systemds_stop_to_the_server():
    """systemd's stop sends SIGTERM to every process of the service, the workers too."""
    posix = Signals(SIGINT=2, SIGTERM=15, SIGHUP=1)
    assert leave_stops_to_the_server(posix) == [2, 15]
    assert posix.set == {2: Signals.SIG_IGN, 15: Signals.SIG_IGN}


# ---------------------------------------------------------------- the folders help names
USUAL = "C:\\Users\\Zoë Lee\\AppData\\Local"
STORE = USUAL + "\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\Local"


def store_python(path: str) -> str:
    """``os.path.realpath`` as the Microsoft Store's Python answers it for a folder it made in
    ``%LOCALAPPDATA%``: the package's own copy, where Explorer finds it (the path read as
    Windows reads it: platformdirs joins it with this system's separator here)."""
    path = str(PureWindowsPath(path))
    assert path.startswith(USUAL + "\\a11y-dominion\\"), path
    return STORE + path[len(USUAL) :]


@pytest.fixture
def windows_folders(monkeypatch):
    """The data and settings folders platformdirs names on Windows for the user Zoë Lee."""
    for name in ("A11Y_DOMINION_DATA", "A11Y_DOMINION_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", USUAL)  # (platformdirs' own variable for the folder)


def test_help_on_windows_names_the_folder_where_the_store_python_keeps_the_games(windows_folders):
    assert shown_folder("games", "win32", store_python) == STORE + "\\a11y-dominion\\a11y-dominion\\games"
    assert shown_folder("settings", "win32", store_python) == (STORE + "\\a11y-dominion\\a11y-dominion\\settings.json")


def test_help_on_windows_names_the_usual_folder_when_it_cannot_be_resolved(windows_folders):
    def fails(path: str) -> str:
        raise OSError(5, "Access is denied", path)

    assert shown_folder("games", "win32", fails) == USUAL + "\\a11y-dominion\\a11y-dominion\\games"


def test_help_elsewhere_names_the_folder_as_it_is(monkeypatch):
    def never(path: str) -> str:
        raise AssertionError("a folder resolved off Windows")

    monkeypatch.setenv("A11Y_DOMINION_DATA", "/Users/zoe/Library/Application Support/a11y-dominion")
    assert shown_folder("games", "darwin", never) == "/Users/zoe/Library/Application Support/a11y-dominion/games"


def test_help_names_the_usual_windows_folder_when_nothing_moved_it(windows_folders):
    """Off Windows no folder of Windows is resolved, and on Windows a folder that was never made
    resolves to itself: the usual one is named."""
    reader = HelpReader(lambda lang: ["keys"], platform="win32")
    line = reader.answer("saving", Language("en"))[4]
    assert line == (
        "On the computer that runs this game, the games are kept in " + USUAL + "\\a11y-dominion\\a11y-dominion\\games."
    )


# ---------------------------------------------------------------- the hand-over's clear screen
class Screen(io.StringIO):
    """A stream that is a terminal, as Windows' console is to ``isatty``."""

    def isatty(self) -> bool:
        return True


def test_on_windows_the_hand_over_clears_the_console_through_its_terminal_sequences():
    """Windows 10 and later: prompt_toolkit's output for the console (standing in for its
    Windows10_Output: the same sequences) erases the screen and the scrollback."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = Screen()
    made: list[object] = []

    def console_output(stdout):
        made.append(stdout)
        return Vt100_Output(stdout, lambda: Size(24, 80))

    assert clear_terminal(screen, "win32", {}, console_output) is True
    assert made == [screen]
    assert screen.getvalue() == "\x1b[2J\x1b[0;0H" + ERASE_SCROLLBACK


def test_on_windows_a_terminal_with_no_console_behind_it_is_not_cleared_and_the_game_goes_on():
    """``NUL`` is a terminal to ``isatty`` on Windows, and prompt_toolkit's console output for it
    raises its NoConsoleScreenBufferError (an Exception of its own): no traceback, nothing cleared."""

    class NoConsoleScreenBufferError(Exception):
        pass

    def console_output(stdout):
        raise NoConsoleScreenBufferError("No Windows console found. Are you running cmd.exe?")

    screen = Screen()
    assert clear_terminal(screen, "win32", {}, console_output) is False
    assert screen.getvalue() == ""


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_elsewhere_the_hand_over_writes_the_sequences_itself(platform):
    def never(stdout):
        raise AssertionError("a console output made off Windows")

    screen = Screen()
    assert clear_terminal(screen, platform, {}, never) is True
    assert screen.getvalue() == "\x1b[H\x1b[2J" + ERASE_SCROLLBACK


# ---------------------------------------------------------------- a Windows console read a line at a time
ZOE_CP850 = "Zoë\r\n".encode("cp850")  # what os.read gives of a line typed at a cp850 console


class Console:
    """Python's reader of a Windows console, standing in: what ``open(fd, "rb", buffering=0,
    closefd=False)`` gives for a console's descriptor there, which reads the line typed in UTF-8."""

    def __init__(self, typed: str) -> None:
        self.typed = typed.encode("utf-8")
        self.opened: list[tuple] = []

    def __call__(self, fd: int, mode: str, buffering: int = -1, closefd: bool = True) -> Console:
        self.opened.append((fd, mode, buffering, closefd))
        return self

    def read(self, n: int) -> bytes:
        got, self.typed = self.typed[:n], self.typed[n:]
        return got


@pytest.fixture
def pipe():
    """A pipe holding ``Zoë`` as a cp850 console gives it to os.read, its writing end closed."""
    read_end, write_end = os.pipe()
    os.write(write_end, ZOE_CP850)
    os.close(write_end)
    yield read_end
    os.close(read_end)


def read_lines(pieces) -> list[str]:
    lines = piped.PipeLines(pieces)

    async def main() -> list[str]:
        got = []
        while True:
            await lines.wait_line()
            line = lines.readline()
            if not line:
                return got
            got.append(line)

    return asyncio.run(main())


def test_on_windows_a_line_typed_at_the_console_is_read_in_utf8_by_pythons_console_reader(pipe, monkeypatch):
    """Watching bots at a Windows console: the line typed is read as Python's console reader gives
    it (UTF-8), not as os.read gives it (the console's code page: "Zo\x89", no UTF-8)."""
    console = Console("Zoë\r\n")
    monkeypatch.setattr(piped, "open", console, raising=False)
    assert read_lines(piped.piece_reader(pipe, "win32")) == ["Zoë\r\n"]
    assert console.opened == [(pipe, "rb", 0, False)]  # once, and the descriptor is left open


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_elsewhere_a_terminal_line_is_read_as_it_comes(pipe, platform, monkeypatch):
    console = Console("never read")
    monkeypatch.setattr(piped, "open", console, raising=False)
    assert read_lines(piped.piece_reader(pipe, platform)) == [ZOE_CP850.decode("utf-8", "replace")]
    assert console.opened == []


def test_on_windows_a_descriptor_python_cannot_open_is_read_as_it_comes(pipe, monkeypatch):
    def refused(*args, **kwargs):
        raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr(piped, "open", refused, raising=False)
    assert piped.windows_read(pipe)(pipe, 100) == ZOE_CP850


def test_on_windows_the_stop_question_is_answered_through_pythons_console_reader(pipe, monkeypatch):
    """``host`` with no seat, Ctrl+C: the answer to "Stop the game for every seat?" is read so too."""
    console = Console("ja\r\n")
    monkeypatch.setattr(piped, "open", console, raising=False)
    assert asyncio.run(read_once(pipe, platform="win32")) == b"ja\r\n"
    assert asyncio.run(read_once(pipe, platform="linux")) == ZOE_CP850


# ---------------------------------------------------------------- library.log open in another window
def test_a_library_log_another_window_holds_open_is_written_on_and_its_old_part_kept(tmp_path):
    """Windows refuses to rename library.log while another window of the game has it open: the
    records still go into it, library.log.1 stays, and the rename is tried again a full log later."""
    import logging

    from a11y_dominion.librarylog import LOG_BYTES, _FolderMadeFileHandler

    log = tmp_path / "data" / "library.log"
    refused: list[str] = []

    def held_open(source: str, dest: str) -> None:
        refused.append(source)
        raise PermissionError(13, "The process cannot access the file because it is being used", source)

    handler = _FolderMadeFileHandler(log, maxBytes=200, backupCount=1, encoding="utf-8", delay=True)
    handler.rotator = held_open
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    library = logging.getLogger("a11y_dominion.tests.library")  # (a logger of its own, not the root's)
    library.propagate = False
    library.addHandler(handler)
    try:
        for n in range(10):
            library.warning("record %d of a library", n)
        log.parent.joinpath("library.log.1").write_text("the part before\n", encoding="utf-8")
        library.warning("record 10 of a library")
    finally:
        library.removeHandler(handler)
        handler.close()
    text = log.read_text(encoding="utf-8")
    assert text.splitlines() == [f"a11y_dominion.tests.library: record {n} of a library" for n in range(11)]
    assert log.parent.joinpath("library.log.1").read_text(encoding="utf-8") == "the part before\n"
    assert refused == [str(log)]  # once, past 200 bytes; the next try comes a full log later
    assert handler.maxBytes > LOG_BYTES
