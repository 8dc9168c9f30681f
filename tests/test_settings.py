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
    data["keys"]["hand"] = "escape j"
    save_settings(data, path)
    again, warning = load_settings(path)
    assert warning is None
    assert again["verbosity"] == "terse" and again["keys"]["hand"] == "escape j"


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


@pytest.mark.parametrize(
    "key", ["enter", "tab", "ctrl+c", "control+d", "^z", "banana", "alt+1", "alt+f4", "alt+space", "ctrl+alt+delete"]
)
def test_keys_that_would_break_typing_or_are_taken_are_refused(key):
    with pytest.raises(SettingsError):
        check_key("hand", key)


def test_keys_written_as_people_write_them():
    assert check_key("hand", "Ctrl+R") == "c-r"
    assert check_key("hand", "Alt+J") == "escape j"
    assert check_key("hand", "F12") == "f12"


def test_a_key_of_another_action_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "s.json"))
    assert main(["settings", "set", "key", "hand", "f4"]) == 2
    assert "f4 is already the key for status" in capsys.readouterr().err


def test_a_damaged_file_is_not_overwritten_by_set_but_kept_aside(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.json"
    path.write_text('{"language": "nl", broken')
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "rate", "10"]) == 0
    assert (tmp_path / "s.json.damaged").read_text() == '{"language": "nl", broken'
    assert json.loads(path.read_text())["rate"] == 10
    err = capsys.readouterr().err
    assert err == (
        f"Settings file {path} was damaged, so it is kept as {path}.damaged and a new one starts from the "
        "defaults: The settings file is not valid JSON (line 1).\n"
    )


def test_a_file_with_settings_it_ignores_is_not_overwritten_by_set(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.json"
    path.write_text('{"language": "xx"}')
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "rate", "10"]) == 2
    assert path.read_text() == '{"language": "xx"}'
    assert "nothing was saved" in capsys.readouterr().err


def test_duplicate_keys_in_the_file_fall_back_to_the_usual_keys(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"keys": {"hand": "f4"}}))
    data, warning = load_settings(path)
    assert data["keys"]["hand"] == "f3" and data["keys"]["status"] == "f4"
    assert "Two key actions had the same key" in warning


def test_sentences_keep_each_sentence_given_by_any_iterable():
    from a11y_dominion.settings import Sentences

    joined = Sentences(iter(["rate must be a whole number.", "hints must be on or off."]))
    assert joined == "rate must be a whole number. hints must be on or off."
    assert joined.sentences == ["rate must be a whole number.", "hints must be on or off."]


def test_one_settings_syntax_at_the_console_and_at_a_joined_seat(tmp_path, monkeypatch):
    """settings set KEY VALUE and the short settings WORD change a live setting alike at the
    console and at a joined seat (which only told where its settings came from), each saved in
    the player's settings file, in English and Dutch; plain or rich output stays as it started."""
    import playcore
    from joinconsole import join_console

    path = tmp_path / "s.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    typed = "settings terse\rinstellingen zet uitgebreidheid normaal\rsettings rich\rsettings nl\r"
    lines = playcore.play(["--seed", "1"], typed, keys=True).lines
    said = [
        "Verbosity is now terse. Saved for this computer.",
        "Verbosity is now normal. Saved for this computer.",
        "Plain or rich output is chosen as the game starts; here it stays as it is.",
        "Taal is nu Nederlands. Bewaard voor deze computer.",
    ]
    assert [x for x in lines if x in said] == said
    assert json.loads(path.read_text())["language"] == "nl"
    path.unlink()
    console, screen, _sent = join_console()
    for line in ("settings set verbosity terse", "settings nl", "instellingen zet tips uit"):
        console.command(line)
    assert screen.getvalue().splitlines() == [
        "Verbosity is now terse. Saved for this computer.",
        "Taal is nu Nederlands. Bewaard voor deze computer.",
        "Tips staan nu uit. Bewaard voor deze computer.",
    ]
    assert console.holder.verbosity == "terse" and console.lang.code == "nl" and console.hints is False
    saved = json.loads(path.read_text())
    assert (saved["verbosity"], saved["language"], saved["hints"]) == ("terse", "nl", False)


def test_a_change_of_language_in_the_middle_of_play_takes_effect_fully():
    """settings nl during a game at the keyboard: the game goes on in Dutch at once, its
    question standing as it was put; the seat called You is Jij, as in a game started in Dutch; the next
    turn's lines and the game's own lines (its stop) are Dutch; the autosave goes on with the
    same game, which resume goes on with."""
    import playcore
    from a11y_dominion import autosave
    from answerkeys import answer_data

    done = playcore.play(["--seed", "1"], ["play treasures", "settings nl", "koop Landgoed", "einde", "hand"])
    lines = done.lines
    changed = lines[lines.index("Taal is nu Nederlands. Bewaard voor deze computer.") + 1 :]
    assert changed[:2] == ["Jij> koop Landgoed", "Je koopt Landgoed (nog 7). 0 aanschaffen, 0 munten."]
    turn = changed[changed.index("Jij> einde") + 1 :]
    assert turn[0] == "Je trekt 5 Koper."
    assert turn[1].startswith("Bot, beurt 1: speelde 4 Koper,")
    assert turn[2] == "Jouw beurt 2. 5 kaarten in je hand, zoals getrokken; typ hand om ze te horen."
    assert turn[3].startswith("1. speel Koper")
    assert turn[turn.index("Jij> hand") + 1] == "Je hand, 5 kaarten: 5 Koper."
    assert changed[-1] == "Spel gestopt." and done.code == 1
    assert not any(line.startswith("You") or "You:" in line for line in changed)
    assert done.seats == [("Jij", "human"), ("Bot", "medium")] and done.lang.code == "nl"
    (saved,) = autosave.unfinished_games()
    assert saved.full_record()["answers"] == answer_data(done.game)  # every answer kept, before and after
    again = playcore.play([], ["hand"], resume=saved)
    assert again.seats == [("Jij", "human"), ("Bot", "medium")]
    assert answer_data(again.game) == answer_data(done.game)


def test_after_a_change_of_language_up_recalls_the_lines_typed_before():
    """At the line editor the lines typed before settings nl are recalled by Up after it: the
    game goes on in a room of the new language with the same line editor. (Up is typed once the
    Dutch prompt is drawn: keys typed ahead of a prompt are read before its history is.)"""
    import io
    import threading
    import time

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    import playcore

    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(24, 120), term="xterm", enable_cpr=False)

    def drawn(prompts: int) -> None:
        deadline = time.monotonic() + 60  # only a hang takes this long
        while screen.getvalue().count("Jij> ") < prompts:
            assert time.monotonic() < deadline, "the Dutch prompt was not drawn"
            time.sleep(0.01)

    done: list = []
    with create_pipe_input() as keys:
        game = threading.Thread(
            target=lambda: done.append(playcore.play(["--seed", "1"], "", keys=keys, output=output)), daemon=True
        )
        game.start()
        keys.send_text("hand\rsettings nl\r")
        drawn(1)
        keys.send_text("\x1b[A\x1b[A\r")  # Up, Up: hand; Enter
        drawn(2)
        keys.close()
        game.join(60)
    assert done, "the game did not end"
    lines = done[0].lines
    changed = lines[lines.index("Taal is nu Nederlands. Bewaard voor deze computer.") + 1 :]
    assert changed[0] == "Je hand, 5 kaarten: 2 Koper en 3 Landgoederen."


def test_hints_off_in_the_settings_are_turned_on_during_play(tmp_path, monkeypatch):
    """At play the table's hints are the player's own setting: off in the settings file, hint
    says so and how to turn them on, and settings set hints on makes the next hint answer."""
    import playcore

    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "s.json"))
    typed = ["hint", "settings set hints on", "hint"]
    lines = playcore.play(["--seed", "1", "--think-ms", "0"], typed, settings={"hints": False}).lines
    i = lines.index("You> hint")
    assert lines[i + 1 : i + 6] == [
        "Hints are off in the settings; settings set hints on turns them on.",
        "You> settings set hints on",
        "Hints are now on. Saved for this computer.",
        "You> hint",
        "End the Action phase: you have no Action card to play.",
    ]


@pytest.mark.parametrize(
    ("typed", "kept"), [("0.5", 0.5), ("1,5", 1.5), ("0", 0), ("10", 10), ("2", 2), (3, 3), (0.25, 0.25)]
)
def test_the_pace_is_a_number_of_seconds_from_0_to_10(typed, kept):
    checked = check_value("pace", typed)
    assert checked == kept and type(checked) is type(kept)


@pytest.mark.parametrize("typed", ["11", "-1", "fast", "nan", "inf", "", "1e400", True, None, "0.5555555"])
def test_a_pace_out_of_bounds_is_one_sentence_saying_what_is_allowed(typed, tmp_path, monkeypatch, capsys):
    with pytest.raises(SettingsError) as refused:
        check_value("pace", typed)
    assert str(refused.value.args[0]) == "pace must be a number of seconds from 0 to 10, such as 1 or 0.5."
    if isinstance(typed, str) and typed:  # typed at the settings command: nothing saved, one sentence
        path = tmp_path / "s.json"
        monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
        assert main(["settings", "set", "pace", typed]) == 2
        assert not path.exists()
        err = capsys.readouterr().err
        assert err == "a11y-dominion: pace must be a number of seconds from 0 to 10, such as 1 or 0.5.\n"


def test_the_pace_is_saved_shown_and_read_back(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "pace", "0,5"]) == 0
    assert json.loads(path.read_text())["pace"] == 0.5
    assert capsys.readouterr().out == f"Saved pace: 0.5 in {path}.\n"
    assert main(["settings", "show"]) == 0
    assert "pace: 0.5" in capsys.readouterr().out.splitlines()
    assert load_settings(path) == (dict(load_settings(tmp_path / "none.json")[0], pace=0.5), None)
    path.write_text(json.dumps({"pace": 99}))
    data, warning = load_settings(path)
    assert data["pace"] == 1  # the usual pace, and one sentence of what was ignored
    assert warning == (
        f"Some settings in {path} were ignored: pace must be a number of seconds from 0 to 10, such as 1 or 0.5."
    )


def test_a_bad_pace_is_said_in_dutch(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"language": "nl"}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "pace", "snel"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: pace moet een aantal seconden van 0 tot 10 zijn, zoals 1 of 0,5.\n"
    )
