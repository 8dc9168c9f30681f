"""Every shortcut key can be changed: a command's function key and its Alt key.

``settings set key hand f4`` changes the function key of ``hand``; an Alt key
given for ``hand`` changes its second key (``hand2``); ``hand2`` takes any
key. The console then answers the new keys and no longer the old ones, and
``help keys`` names them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import playcore
from a11y_dominion.cli import main
from a11y_dominion.console.keys import KEYS, active_keys, key_help_lines, key_name
from a11y_dominion.settings import DEFAULT_KEYS, KEY_ACTIONS, check_key, key_slot, load_settings

HAND_HELP = "{keys}: read your hand (command hand)."


@pytest.fixture
def settings_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    return path


def hand_line(keys: dict) -> str:
    return next(line for line in key_help_lines(custom=keys) if line.endswith("(command hand)."))


def test_every_command_has_two_keys_in_the_settings_and_the_table_agrees():
    assert tuple(c for *_k, c, _w in KEYS) == KEY_ACTIONS
    for fkey, alt, _spoken, command, _what in KEYS:
        assert DEFAULT_KEYS[command] == " ".join(fkey)
        assert DEFAULT_KEYS[command + "2"] == " ".join(alt)
    assert active_keys(DEFAULT_KEYS) == active_keys(None)


def test_an_alt_key_given_for_a_command_changes_its_second_key(settings_file, capsys):
    assert main(["settings", "set", "key", "hand", "alt+j"]) == 0
    assert capsys.readouterr().out == f"Saved key hand2: escape j in {settings_file}.\n"
    saved = json.loads(settings_file.read_text())["keys"]
    assert saved["hand"] == "f3" and saved["hand2"] == "escape j"
    data, warning = load_settings()
    assert warning is None
    assert hand_line(data["keys"]) == HAND_HELP.format(keys="F3 or Alt+J")


def test_the_second_key_named_takes_any_key(settings_file, capsys):
    assert main(["settings", "set", "key", "hand2", "ctrl+r"]) == 0
    assert capsys.readouterr().out == f"Saved key hand2: c-r in {settings_file}.\n"
    assert main(["settings", "set", "key", "hand", "f11"]) == 2
    assert main(["settings", "set", "key", "hand", "ctrl+t"]) == 0
    data, _ = load_settings()
    assert hand_line(data["keys"]) == HAND_HELP.format(keys="Ctrl+T or Ctrl+R")


def test_an_alt_key_of_another_command_is_refused_in_one_sentence(settings_file, capsys):
    assert main(["settings", "set", "key", "hand", "alt+s"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: escape s is already the key for status2; change that one first, "
        "or choose another key for hand2.\n"
    )
    assert not settings_file.exists()


@pytest.mark.parametrize(
    "action, key, slot",
    [("hand", "escape j", "hand2"), ("hand", "f4", "hand"), ("hand", "c-r", "hand"), ("hand2", "c-r", "hand2")],
)
def test_key_slot(action, key, slot):
    assert key_slot(action, key) == slot


def test_alt_digits_keep_their_use_and_alt_f4_stays_the_windows():
    for key in ("alt+1", "Alt+9"):
        with pytest.raises(ValueError, match="already has a fixed use in the game"):
            check_key("hand2", key)
    with pytest.raises(ValueError, match="is taken by screen readers, the terminal or typing"):
        check_key("hand2", "alt+f4")


def test_a_settings_file_from_before_keeps_the_usual_alt_keys(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"keys": {"hand": "f4", "status": "f3"}}))
    data, warning = load_settings(path)
    assert warning is None
    assert data["keys"]["hand"] == "f4" and data["keys"]["hand2"] == "escape h"
    assert hand_line(data["keys"]) == HAND_HELP.format(keys="F4 or Alt+H")


def test_a_key_moved_to_another_slot_is_taken_from_the_one_that_had_it():
    keys = dict(DEFAULT_KEYS, hand2="escape s")  # as a hand-written file could say
    entries = {command: (key, alt) for key, alt, command, _what in active_keys(keys)}
    assert entries["hand"] == (("f3",), ("escape", "s"))
    assert entries["status"] == (("f4",), None)


def run_console(typed: str, keys: dict) -> list:
    """The lines a game prints for the keys ``typed`` at the line editor with the settings' ``keys``."""
    data, _ = load_settings(None)
    data["keys"] = dict(DEFAULT_KEYS, **keys)  # (the settings file keeps the keys of the run before)
    lines = playcore.play(["--seed", "1"], typed, settings=data, keys=True).lines
    return [line for line in lines if "unfinished game" not in line]


def test_the_console_answers_the_changed_alt_key_and_not_the_old_one():
    typed = run_console("hand\r", {})
    by_new_key = run_console("\x1bj", {"hand2": "escape j"})
    assert by_new_key == typed
    by_old_key = run_console("\x1bh", {"hand2": "escape j"})
    assert by_old_key != typed
    assert run_console("\x1bh", {}) == typed


DOC = Path(__file__).resolve().parent.parent / "a11y_dominion" / "docs" / "en" / "settings.md"


def test_the_keys_page_names_the_keys_the_game_has():
    lines = DOC.read_text().splitlines()
    for fkey, alt, _spoken, command, _what in KEYS:
        said = f"{key_name(fkey)} or {key_name(alt)} "
        assert any(line.startswith(said) and line.endswith(f"(command `{command}`).") for line in lines), command


def test_the_keys_pages_examples_do_what_it_says():
    examples = re.findall(r"settings set key (\w+) ([\w+-]+)`", DOC.read_text())
    assert len(examples) >= 5
    for action, key in examples:
        k = check_key(action, key)
        slot = key_slot(action, k)
        assert slot in DEFAULT_KEYS
        assert k not in DEFAULT_KEYS.values(), (action, key)


def test_ctrl_z_on_an_empty_line_leaves_as_ctrl_d_does_and_types_nothing_in_a_line():
    by_ctrl_d = run_console("\x04yes\r", {})
    assert run_console("\x1ayes\r", {}) == by_ctrl_d
    assert by_ctrl_d[-1] == "Game stopped." and not any("is not a move" in line for line in by_ctrl_d)
    typed = run_console("hand\r", {})
    assert run_console("ha\x1and\r", {}) == typed  # Ctrl+Z inside the line: nothing typed
    assert run_console("ha\x16\x01nd\r", {}) == run_console("ha\x01nd\r", {})  # Ctrl+V quotes nothing
