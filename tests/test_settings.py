"""Settings: saved per user, damaged files never stop the game."""
import json

import pytest

from a11y_dominion.cli import main
from a11y_dominion.settings import SettingsError, check_key, check_value, load_settings, save_settings


def test_defaults_when_missing(tmp_path):
    data, warning = load_settings(tmp_path / "none.json")
    assert warning is None
    assert data["speech"] == "auto" and data["verbosity"] == "normal" and data["keys"]["repeat"] == "f2"


def test_round_trip(tmp_path):
    path = tmp_path / "s.json"
    data, _ = load_settings(path)
    data["verbosity"] = "terse"
    data["keys"]["hand"] = "escape h"
    save_settings(data, path)
    again, warning = load_settings(path)
    assert warning is None
    assert again["verbosity"] == "terse" and again["keys"]["hand"] == "escape h"


def test_damaged_file_gives_defaults_and_one_sentence(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("{not json")
    data, warning = load_settings(path)
    assert data["verbosity"] == "normal"
    assert warning.startswith("Settings file") and "damaged" in warning


def test_bad_values_are_ignored_one_by_one(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"verbosity": "loud", "language": "nl", "keys": {"repeat": "c-c"}}))
    data, warning = load_settings(path)
    assert data["language"] == "nl"
    assert data["verbosity"] == "normal"
    assert data["keys"]["repeat"] == "f2"
    assert "verbosity must be one of terse, normal, verbose." in warning


@pytest.mark.parametrize("key", ["f1", "F10", "c-c", "c-d", "c-z", "c-s", "c-q", "insert", "f11"])
def test_reserved_keys_refused(key):
    with pytest.raises(SettingsError):
        check_key("repeat", key)


def test_check_value():
    assert check_value("confirm", "no") is False
    assert check_value("rate", "20") == 20
    with pytest.raises(SettingsError):
        check_value("rate", "200")
    with pytest.raises(SettingsError):
        check_value("colour", "red")


def test_settings_command(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "s.json"))
    assert main(["settings", "set", "verbosity", "verbose"]) == 0
    assert main(["settings", "set", "speech", "loud"]) == 2
    assert "speech must be one of" in capsys.readouterr().err
    assert main(["settings", "show"]) == 0
    assert "verbosity: verbose" in capsys.readouterr().out
