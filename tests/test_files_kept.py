"""Issue 21, item 7 (files): no temporary file left by a killed save, new files with the
user's own permissions, a damaged settings file or stats database kept aside and said once."""

from __future__ import annotations

import ctypes
import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

from a11y_dominion.cli import main
from a11y_dominion.files import TEMP_NAME, process_alive, sweep_temps, write_atomic

KILLED_WRITE = textwrap.dedent(
    """
    import os, sys
    from a11y_dominion import files
    def killed(*args):  # the text is written and flushed; the process ends before the rename,
        os._exit(137)  # at once, as a kill ends it: no handler, no finally block runs
    files.os.replace = killed
    files.write_atomic(sys.argv[1], "x" * 100_000, mode=0o600)
    """
)


def killed_write(path) -> int:
    """Run a process that ends as if killed inside write_atomic to ``path``; returns its pid."""
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITE, str(path)])
    assert proc.wait() == 137
    return proc.pid


def temps(folder) -> list:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.e2e  # python in another process
def test_a_save_killed_while_writing_leaves_no_temporary_file_after_the_next_save(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("the old save")
    pid = killed_write(target)
    left = temps(tmp_path)
    assert len(left) == 1 and TEMP_NAME.match(left[0]).group(1) == str(pid)  # the kill left it
    assert target.read_text() == "the old save"
    write_atomic(str(target), "the new save", mode=0o600)
    assert temps(tmp_path) == []
    assert target.read_text() == "the new save"


@pytest.mark.e2e  # python in another process
def test_the_next_start_removes_what_a_killed_write_left_in_the_programs_folders(tmp_path, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(config / "settings.json"))
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    for folder in (config, data, data / "games"):
        killed_write(folder / "some.json")
        assert len(temps(folder)) == 1
    assert main(["settings", "path"]) == 0
    assert [temps(f) for f in (config, data, data / "games")] == [[], [], []]


def test_the_temporary_files_of_running_processes_and_other_files_are_left(tmp_path):
    mine = tmp_path / f".a11y-dominion-{os.getpid()}-0123abcd.tmp"
    other = tmp_path / ".a11y-dominion-123-0123abcd.tmp"
    strangers = [tmp_path / ".abc123.tmp", tmp_path / "a11y-dominion-5-0123abcd.tmp", tmp_path / "notes.txt"]
    for p in [mine, other, *strangers]:
        p.write_text("")
    assert sweep_temps(tmp_path, alive=lambda pid: True) == []
    assert sweep_temps(tmp_path, alive=lambda pid: pid != 123) == [other.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in [mine, *strangers])


def test_whether_a_process_runs_on_posix_and_on_windows():
    def gone(pid, sig):
        raise ProcessLookupError(3, "No such process")

    def others(pid, sig):
        raise PermissionError(1, "Operation not permitted")

    assert process_alive(5, "linux", kill=gone) is False
    assert process_alive(5, "darwin", kill=others) is True
    assert process_alive(5, "linux", kill=lambda pid, sig: None) is True
    assert process_alive(os.getpid()) is True
    assert process_alive(9_999_999_999, "linux", kill=os.kill) is False  # past every system's numbers

    class Kernel32:  # what Windows' kernel32 answers, for a process that ran with exit code ``code``
        def __init__(self, exists: bool, code: int = 259):
            self.exists, self.code, self.closed = exists, code, []

        def OpenProcess(self, access, inherit, pid):
            assert access == 0x1000 and pid == 5
            return 44 if self.exists else 0

        def GetLastError(self):
            return 87

        def GetExitCodeProcess(self, handle, out):
            ctypes.cast(out, ctypes.POINTER(ctypes.c_ulong)).contents.value = self.code
            return 1

        def CloseHandle(self, handle):
            self.closed.append(handle)

    def never(pid, sig):  # os.kill would end the process on Windows
        raise AssertionError("os.kill called on Windows")

    assert process_alive(5, "win32", kill=never, kernel32=Kernel32(False)) is False
    running, ended = Kernel32(True, 259), Kernel32(True, 0)
    assert process_alive(5, "win32", kill=never, kernel32=running) is True
    assert process_alive(5, "win32", kill=never, kernel32=ended) is False
    assert running.closed == ended.closed == [44]


@pytest.mark.posix  # POSIX file modes
def test_a_new_file_has_the_users_own_permissions_never_the_old_files(tmp_path):
    umask = os.umask(0o022)
    try:
        target = tmp_path / "open.json"
        target.write_text("{}")
        os.chmod(target, 0o777)
        write_atomic(str(target), json.dumps({"a": 1}))
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        fresh = tmp_path / "fresh.json"
        write_atomic(str(fresh), "{}")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        write_atomic(str(fresh), "{}", mode=0o600)
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    finally:
        os.umask(umask)


# ------------------------------------------------------------------ a damaged settings file
@pytest.mark.posix  # a symbolic link to /dev/zero, POSIX file modes
def test_settings_set_keeps_a_link_to_dev_zero_aside_and_makes_a_file_of_the_users_own(tmp_path, monkeypatch, capsys):
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    umask = os.umask(0o022)
    try:
        assert main(["settings", "set", "verbosity", "terse"]) == 0
    finally:
        os.umask(umask)
    captured = capsys.readouterr()
    kept = tmp_path / "settings.json.damaged"
    assert captured.err == (
        f"Settings file {path} was damaged, so it is kept as {kept} and a new one starts from the defaults: "
        f"{path} is not a regular file.\n"
    )
    assert captured.out == f"Saved verbosity: terse in {path}.\n"
    assert os.readlink(kept) == "/dev/zero"  # the link itself, kept as it was
    assert not path.is_symlink() and stat.S_IMODE(path.stat().st_mode) == 0o644  # not world-writable
    assert json.loads(path.read_text())["verbosity"] == "terse"
    assert main(["settings", "set", "verbosity", "verbose"]) == 0  # said once: the new file is whole
    assert capsys.readouterr().err == ""
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "data") == ["settings.json", "settings.json.damaged"]


def test_a_second_damaged_file_does_not_take_the_place_of_the_first(tmp_path):
    from a11y_dominion.settings import save_settings

    path = tmp_path / "s.json"
    path.write_text("{one")
    save_settings({"rate": 1}, path)
    path.write_text("{two")
    saved, said = save_settings({"rate": 2}, path)
    assert saved == path and str(said).startswith(
        f"Settings file {path} was damaged, so it is kept as {path}.damaged-2"
    )
    assert (tmp_path / "s.json.damaged").read_text() == "{one"
    assert (tmp_path / "s.json.damaged-2").read_text() == "{two"
    assert save_settings({"rate": 3}, path)[1] is None


def test_settings_set_in_the_game_keeps_a_damaged_file_aside_and_says_so_once(tmp_path, monkeypatch):
    import playcore

    path = tmp_path / "settings.json"
    path.write_bytes(b'{"language": "en", "rate": 5')
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    played = playcore.play(["--seed", "1"], ["settings set verbosity terse", "settings set verbosity verbose"])
    lines = played.lines
    kept = tmp_path / "settings.json.damaged"
    said = (
        f"Settings file {path} was damaged, so it is kept as {kept} and a new one starts from the defaults: "
        "The settings file is not valid JSON (line 1)."
    )
    assert f"Verbosity is now terse. Saved for this computer. {said}" in lines
    assert "Verbosity is now verbose. Saved for this computer." in lines
    assert sum(said in line for line in lines) == 1
    assert kept.read_bytes() == b'{"language": "en", "rate": 5'
    assert json.loads(path.read_text())["verbosity"] == "verbose"


# ------------------------------------------------------------------ a damaged game history
def watched_game() -> str:
    """Everything printed by a game of two bots watched to its end at the console."""
    import io

    from a11y_dominion.cli import build_parser
    from a11y_dominion.console.display import PlainReader
    from a11y_dominion.console.playend import play_on_core
    from a11y_dominion.console.start import play_setup

    out = io.StringIO()
    args = build_parser().parse_args(
        ["play", "--seed", "2", "--speech", "off", "--players", "A:bigmoney,B:random", "--kingdom", "Village"]
    )
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    assert play_on_core(setup, args, PlainReader(io.StringIO(""), out)) == 0
    return out.getvalue()


def test_a_game_that_ends_with_a_damaged_history_is_recorded_in_a_new_one_and_that_is_said_once():
    import sqlite3

    from a11y_dominion import autosave, stats

    path = stats.db_path()
    path.parent.mkdir(parents=True)
    damaged = b"SQLite format 3\x00" + b"\xff" * 4000  # a database whose pages are gone
    path.write_bytes(damaged)
    printed = watched_game().splitlines()
    kept = path.with_name("history.sqlite3.damaged")
    said = f"The game history {path} was damaged, so it is kept as {kept}; a new one begins with this game."
    assert printed.count(said) == 1
    assert kept.read_bytes() == damaged
    (saved,) = autosave.all_games()
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT id FROM games").fetchall() == [(saved.id,)]
    assert stats.summary()["games"] == 1
    printed = watched_game().splitlines()  # the next game goes into the new history, nothing said
    assert not [line for line in printed if "game history" in line]
    assert stats.summary()["games"] == 2


def test_a_game_history_that_is_not_a_database_is_set_aside_beside_an_older_one(tmp_path):
    from a11y_dominion import stats

    path = tmp_path / "history.sqlite3"
    path.write_text("not a database at all")
    (tmp_path / "history.sqlite3.damaged").write_text("an older one")
    record = {"seats": [["You", "human"], ["Bot", "bigmoney"]], "config": {"kingdom": ["Village"]}}
    result = {"scores": [["You", 30], ["Bot", 20]], "winners": ["You"], "turns": [["You", 12]]}
    notices: list = []
    assert stats.add_game("g1", "2026-01-01T12:00:00", record, result, path, notices) is True
    kept = tmp_path / "history.sqlite3.damaged-2"
    assert [str(n) for n in notices] == [
        f"The game history {path} was damaged, so it is kept as {kept}; a new one begins with this game."
    ]
    assert kept.read_text() == "not a database at all"
    assert (tmp_path / "history.sqlite3.damaged").read_text() == "an older one"
    assert stats.summary(path)["games"] == 1
    assert stats.is_damage(sqlite3_error("database is locked")) is False


def sqlite3_error(text: str):
    import sqlite3

    return sqlite3.OperationalError(text)


def test_stats_sets_a_damaged_history_aside_once_and_tells_the_figures_of_a_new_one(capsys):
    from a11y_dominion import stats

    path = stats.db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    assert main(["stats", "--plain"]) == 0
    captured = capsys.readouterr()
    kept = path.with_name("history.sqlite3.damaged")
    assert captured.err == f"The game history {path} was damaged, so it is kept as {kept}; a new one begins now.\n"
    assert kept.read_bytes() == b"SQLite format 3\x00" + b"\xff" * 4000
    assert main(["stats", "--plain"]) == 0
    assert capsys.readouterr().err == ""
