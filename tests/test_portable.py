"""The choices made per system, each tested for POSIX and for Windows: how a game is held
for one window (a lock file beside the save, let go by the system when the process
dies), how a file is opened for reading, the host's signals, the stop question's
answer read without the event loop watching the console, and the text streams'
encoding."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
import subprocess
import sys
import types
from pathlib import Path

import pytest

from a11y_dominion import autosave
from a11y_dominion.cli import console_carries_out_sequences, tolerant_streams
from a11y_dominion.files import read_text, reading_flags, write_atomic
from a11y_dominion.i18n import Language
from a11y_dominion.remote.host import stop_signals
from a11y_dominion.remote.local import HostTerminal, read_once

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- one window per game
@pytest.fixture
def games(tmp_path, monkeypatch):
    """The games folder of a data folder of its own."""
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))
    folder = autosave.games_dir()
    folder.mkdir(parents=True)
    return folder


HOLDER = """
import sys
from pathlib import Path
from a11y_dominion.autosave import lock_game
lock_game(Path(sys.argv[1]), "20260101-120000")
print("held", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def held_elsewhere(save: Path):
    """The game at ``save`` held by another process while the block runs; that process is
    then killed (kill -9: the system lets go of its lock)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)],
        cwd=str(ROOT),
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.kill()
        holder.wait(30)
        holder.stdin.close()
        holder.stdout.close()


@pytest.mark.e2e  # python in another process
def test_a_game_held_by_another_process_is_refused_until_that_process_is_killed(games):
    save = games / "20260101-120000.jsonl"
    save.write_text("{}\n", encoding="utf-8")
    with held_elsewhere(save):
        assert sorted(p.name for p in games.iterdir()) == ["20260101-120000.jsonl", "20260101-120000.lock"]
        with pytest.raises(autosave.GameOpen) as refused:
            autosave.lock_game(save, "20260101-120000")
        assert str(refused.value.args[0]) == "Game 20260101-120000 is open in another window; close it there first."
        assert save.read_text(encoding="utf-8") == "{}\n"  # the save itself is never locked, nor touched
    autosave.lock_game(save, "20260101-120000")  # no GameOpen now
    autosave.unlock_game(save)


def test_the_lock_file_of_an_ended_game_goes_and_listings_never_read_lock_files(games):
    save = games / "20260101-120000.jsonl"
    save.write_text("not a save\n", encoding="utf-8")
    autosave.lock_game(save, "20260101-120000")
    autosave.unlock_game(save, finished=True)
    assert [p.name for p in games.iterdir()] == ["20260101-120000.jsonl"]
    # lock files left by processes that were stopped: of a game gone, of a damaged one, and one held
    for name in ("20250101-120000.lock", "20260101-120000.lock", "20270101-120000.lock"):
        (games / name).write_bytes(b"")
    held = autosave.hold_file(games / "20270101-120000.lock")
    try:
        damaged: list = []
        assert autosave.all_games(damaged) == []
        assert [i for i, _e in damaged] == ["20260101-120000"]  # the lock files are no games, damaged or not
        assert sorted(p.name for p in games.iterdir()) == [
            "20260101-120000.jsonl",
            "20260101-120000.lock",  # its game may go on (a damaged file is not an ended game)
            "20270101-120000.lock",  # held by someone
        ]
    finally:
        held.release()


@pytest.mark.e2e  # python in another process
def test_a_new_game_is_kept_even_where_a_lock_left_from_elsewhere_holds_its_name(games, monkeypatch):
    """A new game's file is made by this process alone (O_EXCL); a lock file of that name held
    by another (a lock left on a file system whose locks outlive their process) refuses nothing."""
    monkeypatch.setattr(autosave, "_new_id", lambda moment: "20260101-120000")
    with held_elsewhere(games / "20260101-120000.jsonl"):
        save = autosave.Autosave.create({"seed": 1}, humans=("Ann",))
        save.keep()
        assert save.failed is None
        assert save.path == games / "20260101-120000.jsonl"
        assert '"id":"20260101-120000"' in save.path.read_text(encoding="utf-8")
        save.close()


# ---------------------------------------------------------------- reading a file
def test_reading_flags_per_system():
    posix = types.SimpleNamespace(O_RDONLY=0, O_NONBLOCK=0o4000, O_NOCTTY=0o400)
    windows = types.SimpleNamespace(O_RDONLY=0, O_BINARY=0x8000)
    assert reading_flags(posix) == (0o4400, True)
    assert reading_flags(windows) == (0x8000, False)  # Windows' os has no O_NONBLOCK
    flags, waits = reading_flags()
    assert waits == hasattr(os, "O_NONBLOCK") and flags & os.O_RDONLY == os.O_RDONLY


def test_written_text_is_utf8_with_newlines_as_they_are(tmp_path):
    path = tmp_path / "game.txt"
    write_atomic(str(path), "Jij — Ann\nBob\n")
    assert path.read_bytes() == "Jij — Ann\nBob\n".encode()
    assert read_text(str(path), 1024) == "Jij — Ann\nBob\n"


# ---------------------------------------------------------------- the host's signals
@pytest.mark.posix  # (the loop's signal handlers, and SIGHUP, are POSIX's)
def test_host_signals_on_posix_are_the_loops_own():
    calls: list = []

    async def main() -> dict:
        loop = asyncio.get_running_loop()
        back = stop_signals(loop, lambda: calls.append("int"), lambda: calls.append("stop"), platform="linux")
        for n, (sig, word) in enumerate(((signal.SIGINT, "int"), (signal.SIGTERM, "stop"), (signal.SIGHUP, "stop"))):
            signal.raise_signal(sig)
            for _ in range(100):  # the loop reads its wake-up pipe, then calls the handler
                if len(calls) > n and calls[-1] == word:
                    break
                await asyncio.sleep(0)
        back()
        return {"SIGTERM": signal.getsignal(signal.SIGTERM), "SIGHUP": signal.getsignal(signal.SIGHUP)}

    after = asyncio.run(main())
    assert calls == ["int", "stop", "stop"]  # (SIGHUP: the host's terminal closed)
    assert after == {"SIGTERM": signal.SIG_DFL, "SIGHUP": signal.SIG_DFL}


def test_host_signals_on_windows_go_through_python_handlers_to_the_loop(monkeypatch):
    """Windows' event loop has no add_signal_handler: SIGINT (Ctrl+C) and SIGBREAK
    (Ctrl+Break; SIGTERM, which every system has, stands for it here) are Python's
    handlers, which hand the call to the loop, and are put back afterwards."""
    monkeypatch.setattr(signal, "SIGBREAK", signal.SIGTERM, raising=False)
    calls: list = []

    async def main() -> bool:
        loop = asyncio.get_running_loop()

        def none_here(*args):
            raise NotImplementedError

        monkeypatch.setattr(loop, "add_signal_handler", none_here)
        before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))
        back = stop_signals(loop, lambda: calls.append("int"), lambda: calls.append("stop"), platform="win32")
        signal.raise_signal(signal.SIGINT)  # the handler runs now; the loop calls on_int at its next round
        assert calls == []
        await asyncio.sleep(0)
        signal.raise_signal(signal.SIGTERM)
        await asyncio.sleep(0)
        back()
        return before == (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))

    assert asyncio.run(main())  # the handlers before are back
    assert calls == ["int", "stop"]


# ---------------------------------------------------------------- the stop question
class _Host:
    """What HostTerminal needs of a host: no local seat, the host's language, stop."""

    def __init__(self):
        self.lang = Language("en")
        self.local = None
        self.people: dict = {}
        self.stopped = asyncio.Event()

    def stop(self) -> None:
        self.stopped.set()


class _Stdin:
    def __init__(self, fd: int):
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("typed, stopped, said", [(b"yes\n", True, ""), (b"no\n", False, "The game goes on.\n")])
def test_the_stop_question_is_read_without_the_loop_watching_the_console(capsys, monkeypatch, typed, stopped, said):
    """Windows' event loop cannot watch a console (no add_reader): the answer is read in a
    thread of its own."""
    read_end, write_end = os.pipe()

    async def main() -> bool:
        loop = asyncio.get_running_loop()

        def none_here(*args):
            raise NotImplementedError

        monkeypatch.setattr(loop, "add_reader", none_here)
        host = _Host()
        terminal = HostTerminal(host, _Stdin(read_end))
        asking = loop.create_task(terminal._ask_cooked())
        await asyncio.sleep(0)
        assert terminal.asking
        os.write(write_end, typed)
        await asking
        return host.stopped.is_set()

    try:
        assert asyncio.run(main()) is stopped
    finally:
        os.close(read_end)
        os.close(write_end)
    # (the new line before the question is written by interrupt, when a terminal showed ^C)
    assert capsys.readouterr().out == "Stop the game for every seat? yes or no " + said


def test_read_once_gives_what_one_read_gives_and_nothing_at_the_end():
    read_end, write_end = os.pipe()

    async def main() -> list:
        first = read_once(read_end)
        os.write(write_end, b"ja\n")
        got = [await first]
        os.close(write_end)
        got.append(await read_once(read_end))
        return got

    try:
        assert asyncio.run(main()) == [b"ja\n", b""]
    finally:
        os.close(read_end)


# ---------------------------------------------------------------- the text streams
@pytest.mark.parametrize(
    "platform, written",
    [("win32", "Jij speelt — ♥\n".encode()), ("linux", "Jij speelt — ?\n".encode("cp1252"))],
)
def test_text_streams_per_system(platform, written):
    """A pipe on Windows would be cp1252: there the streams become UTF-8; elsewhere the
    terminal's encoding stays, a character it cannot show written as ``?``."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252")
    tolerant_streams((stream,), platform)
    stream.write("Jij speelt — ♥\n")
    stream.flush()
    assert raw.getvalue() == written


# ---------------------------------------------------------------- the Windows console
class _Kernel32:
    """The console calls of the Windows API, for a console in ``mode`` (None: no console)."""

    def __init__(self, mode: int | None, settable: bool = True):
        self.mode = mode
        self.settable = settable
        self.calls: list = []

    def GetStdHandle(self, which: int) -> int:  # noqa: N802 - the Windows API's name
        self.calls.append(("GetStdHandle", which))
        return 7

    def GetConsoleMode(self, handle: int, ref) -> int:  # noqa: N802
        self.calls.append(("GetConsoleMode", handle))
        if self.mode is None:
            return 0
        ref._obj.value = self.mode
        return 1

    def SetConsoleMode(self, handle: int, mode: int) -> int:  # noqa: N802
        self.calls.append(("SetConsoleMode", handle, mode))
        return 1 if self.settable else 0


@pytest.mark.parametrize(
    "mode, settable, carried, calls, at_exit",
    [
        (0x3, True, True, [("SetConsoleMode", 7, 0x7)], [("SetConsoleMode", 7, 0x3)]),  # on, put back at exit
        (0x7, True, True, [], []),  # already on: nothing changed
        (0x3, False, False, [("SetConsoleMode", 7, 0x7)], []),  # a Windows too old
        (None, True, False, [], []),  # no console: a pipe or a file
    ],
)
def test_the_windows_console_carries_out_sequences(mode, settable, carried, calls, at_exit):
    kernel32 = _Kernel32(mode, settable)
    registered: list = []
    got = console_carries_out_sequences("win32", kernel32, lambda *a: registered.append(a))
    assert got is carried
    assert kernel32.calls[:2] == [("GetStdHandle", -11), ("GetConsoleMode", 7)]
    assert kernel32.calls[2:] == calls
    assert [(f.__name__, *a) for f, *a in registered] == at_exit


def test_other_systems_leave_their_terminal_as_it_is():
    kernel32 = _Kernel32(0x3)
    assert console_carries_out_sequences("linux", kernel32, lambda *a: None) is False
    assert console_carries_out_sequences("darwin", kernel32, lambda *a: None) is False
    assert kernel32.calls == []


# ---------------------------------------------------------------- files keep their bytes on Windows
def bytes_changed_on_windows(source: str) -> list:
    """The files opened in ``source`` (a module's text) so that Windows would change their
    bytes, as (line, what): an ``os.open`` whose flags are written out without ``BINARY``
    (or ``O_BINARY``), which on Windows gives a text-mode descriptor (a newline written
    as CR LF, a read stopped at Ctrl+Z); an ``os.fdopen`` or ``open`` in text mode for
    writing (``w``, ``a``, ``x`` or ``+``) without ``newline=``, whose newlines Windows
    writes as CR LF. Flags held in a variable (``os.open(path, flags)``) are the
    business of the function that made them (:func:`~a11y_dominion.files.reading_flags`)."""
    import ast

    out: list = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = ast.unparse(node.func)
        if name == "os.open" and len(node.args) >= 2 and not isinstance(node.args[1], ast.Name):
            flags = ast.unparse(node.args[1])
            if "BINARY" not in flags:
                out.append((node.lineno, f"os.open without BINARY: {flags}"))
        elif name in ("os.fdopen", "open") and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
            mode = str(node.args[1].value)
            writes = any(ch in mode for ch in "wax+")
            if writes and "b" not in mode and not any(k.arg == "newline" for k in node.keywords):
                out.append((node.lineno, f"{name} in text mode {mode!r} without newline="))
    return sorted(out)


@pytest.mark.parametrize(
    "source, found",
    [
        ("fd = os.open(p, os.O_WRONLY, 0o600)", [(1, "os.open without BINARY: os.O_WRONLY")]),
        ("fd = os.open(p, os.O_WRONLY | os.O_APPEND | BINARY, 0o600)", []),
        ("fd = os.open(p, os.O_RDONLY)", [(1, "os.open without BINARY: os.O_RDONLY")]),
        ("flags, waits = reading_flags()\nfd = os.open(p, flags)", []),
        ("f = os.fdopen(fd, 'a', encoding='utf-8')", [(1, "os.fdopen in text mode 'a' without newline=")]),
        ("f = os.fdopen(fd, 'a', encoding='utf-8', newline='\\n')", []),
        ("f = os.fdopen(fd, 'wb')", []),
        ("f = open(p, 'w', encoding='utf-8')", [(1, "open in text mode 'w' without newline=")]),
        ("f = open(p, encoding='utf-8')", []),
    ],
)
def test_the_rule_of_bytes_kept(source, found):
    assert bytes_changed_on_windows(source) == found


def test_every_file_the_game_writes_keeps_its_bytes_on_windows():
    found = []
    for path in sorted((ROOT / "a11y_dominion").rglob("*.py")):
        for line, what in bytes_changed_on_windows(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == []


def test_a_kept_host_key_is_one_line_ending_in_a_line_feed(tmp_path):
    import asyncssh

    from a11y_dominion.remote.joinlogin import KnownHosts

    first, second = (asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip() for _ in "ab")
    known = KnownHosts(tmp_path / "known_hosts")
    known.add("192.0.2.7", 2222, first)
    known.add("example.org", 22, second)
    assert (tmp_path / "known_hosts").read_bytes() == (
        f"[192.0.2.7]:2222 {first}\n[example.org]:22 {second}\n".encode()
    )
    [kept] = known.match("example.org", 22)[0]
    assert kept.export_public_key().decode().strip() == second
    assert known.match("example.org", 2222)[0] == [] and known.match("192.0.2.7", 22)[0] == []


# ---------------------------------------------------------------- a file name typed at the prompt
@pytest.mark.parametrize(
    "platform, typed, path",
    [
        ("win32", '"C:\\Users\\Ann Lee\\Downloads\\game.json"', "C:\\Users\\Ann Lee\\Downloads\\game.json"),
        ("win32", ' "game 2.json" ', "game 2.json"),
        ("win32", "C:\\Users\\Ann\\game.json", "C:\\Users\\Ann\\game.json"),
        ("win32", '"', '"'),
        ("linux", '"game 2.json"', '"game 2.json"'),
        ("darwin", ' "/Users/ann/game.json" ', '"/Users/ann/game.json"'),
        ("linux", " game.json ", "game.json"),
        # a file dragged into macOS Terminal: its spaces and brackets escaped, a space after it
        ("darwin", "/Users/ann/My\\ Games/g.json ", "/Users/ann/My Games/g.json"),
        ("darwin", "/Users/ann/Ann\\'s\\ \\(old\\)/g.json", "/Users/ann/Ann's (old)/g.json"),
        ("darwin", "a\\\\b.json", "a\\b.json"),
        ("darwin", "/Users/ann/game.json", "/Users/ann/game.json"),
        # the backslash separates folders on Windows and is a name's own character on Linux
        ("win32", "C:\\My\\ Games\\g.json", "C:\\My\\ Games\\g.json"),
        ("linux", "My\\ Games/g.json", "My\\ Games/g.json"),
    ],
)
def test_a_typed_file_name_per_system(platform, typed, path):
    """Explorer's Copy as path puts double quotes around the path, which no Windows file
    name holds: there they go; elsewhere a name may hold them. A file dragged into macOS
    Terminal comes with the shell's backslashes, which go there."""
    from a11y_dominion.files import typed_path

    assert typed_path(typed, platform) == path


# ---------------------------------------------------------------- files kept to their owner
class StandInACL:
    """pywin32's ``PyACL``: the entries added, as (flags, access, SID)."""

    def __init__(self) -> None:
        self.entries: list = []

    def AddAccessAllowedAceEx(self, revision, flags, access, sid) -> None:  # noqa: N802 - pywin32's name
        assert revision == 2
        self.entries.append((flags, access, sid))


def stand_in_pywin32(monkeypatch) -> list:
    """pywin32's ``win32security``, ``win32api`` and ``ntsecuritycon`` as far as
    :func:`~a11y_dominion.files.keep_to_owner` uses them (Windows' security calls cannot
    run here), with the constants' real values; the list gets each access list set."""
    done: list = []
    security = types.SimpleNamespace(
        ACL=StandInACL,
        ACL_REVISION=2,
        OBJECT_INHERIT_ACE=1,
        CONTAINER_INHERIT_ACE=2,
        SE_FILE_OBJECT=1,
        DACL_SECURITY_INFORMATION=4,
        PROTECTED_DACL_SECURITY_INFORMATION=0x80000000,
        TokenUser=1,
        OpenProcessToken=lambda process, access: ("token", process, access),
        GetTokenInformation=lambda token, kind: ("S-1-5-21-1-2-3-1001", 0),
        ConvertStringSidToSid=lambda text: text,
        SetNamedSecurityInfo=lambda *args: done.append(args),
    )
    monkeypatch.setitem(sys.modules, "win32security", security)
    monkeypatch.setitem(sys.modules, "win32api", types.SimpleNamespace(GetCurrentProcess=lambda: -1))
    monkeypatch.setitem(sys.modules, "ntsecuritycon", types.SimpleNamespace(TOKEN_QUERY=8, FILE_ALL_ACCESS=0x1F01FF))
    return done


def test_on_windows_a_file_kept_to_its_owner_gets_an_access_list_of_its_own(tmp_path, monkeypatch):
    """Windows' file mode tells only read-only: a host key, a seats file or the server's folder
    gets an access list of its own, not inherited (C:\\ProgramData lets every user read), for
    the user the program runs as, SYSTEM and the Administrators; a folder's list is inherited
    by the files made in it later."""
    from a11y_dominion.files import keep_to_owner

    done = stand_in_pywin32(monkeypatch)
    key, folder = tmp_path / "ssh_host_ed25519_key", tmp_path / "server"
    key.write_bytes(b"key")
    folder.mkdir()
    keep_to_owner(key, platform="win32")
    keep_to_owner(folder, platform="win32")
    whom = ["S-1-5-21-1-2-3-1001", "S-1-5-18", "S-1-5-32-544"]
    assert [(path, kind, what, owner, group, sacl) for path, kind, what, owner, group, _acl, sacl in done] == [
        (str(key), 1, 0x80000004, None, None, None),
        (str(folder), 1, 0x80000004, None, None, None),
    ]
    assert done[0][5].entries == [(0, 0x1F01FF, sid) for sid in whom]
    assert done[1][5].entries == [(3, 0x1F01FF, sid) for sid in whom]


def test_on_windows_a_seats_file_is_kept_to_its_owner_before_it_is_in_place(tmp_path, monkeypatch):
    """write_atomic's mode 0o600 (the seats file, a saved game, an export) is the owner's
    access list on Windows, set on the temporary file before the rename."""
    from a11y_dominion import files

    done = stand_in_pywin32(monkeypatch)
    monkeypatch.setattr(files, "sys", types.SimpleNamespace(platform="win32"))
    write_atomic(str(tmp_path / "seats.json"), "{}", mode=0o600)
    assert (tmp_path / "seats.json").read_bytes() == b"{}"
    assert len(done) == 1 and Path(done[0][0]).parent == tmp_path and done[0][0] != str(tmp_path / "seats.json")


@pytest.mark.posix  # POSIX file modes
def test_on_posix_a_file_kept_to_its_owner_has_mode_600_and_a_folder_700(tmp_path):
    from a11y_dominion.files import keep_to_owner

    key, folder = tmp_path / "key", tmp_path / "server"
    key.write_bytes(b"key")
    folder.mkdir()
    keep_to_owner(key, platform="linux")
    keep_to_owner(folder, platform="darwin")
    assert (oct(key.stat().st_mode & 0o777), oct(folder.stat().st_mode & 0o777)) == ("0o600", "0o700")


def test_a_pywin32_error_is_one_os_error(tmp_path, monkeypatch):
    from a11y_dominion.files import keep_to_owner

    stand_in_pywin32(monkeypatch)

    def refused(*args):
        raise RuntimeError(5, "SetNamedSecurityInfo", "Access is denied.")

    monkeypatch.setattr(sys.modules["win32security"], "SetNamedSecurityInfo", refused)
    with pytest.raises(OSError, match=r"^its access list cannot be set \(\(5, 'SetNamedSecurityInfo'"):
        keep_to_owner(tmp_path, platform="win32")
