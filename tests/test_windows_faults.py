"""Faults found by reading the code as Windows and macOS run it, each tested here with the
platform given: a save replaced while another program has it open (Windows refuses the
rename for a moment), and the server's bot workers at Ctrl+Break (Windows gives it to every
process of the console)."""

from __future__ import annotations

import os
import types

import pytest

from a11y_dominion import files
from a11y_dominion.files import REPLACE_WAIT, replace_file, write_atomic
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
