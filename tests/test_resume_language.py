"""A resumed game goes on in the language and verbosity it was played in (docs/en/saving.md:
"It keeps the same seats, languages and verbosity"), though the settings file holds a language
and verbosity of its own; ``resume --lang`` and ``--verbosity`` name another."""

from __future__ import annotations

import io

import pytest

from a11y_dominion.cli import main
from a11y_dominion.settings import load_settings, save_settings

KINGDOM = "Village,Smithy,Market,Festival,Laboratory,Cellar,Chapel,Moat,Workshop,Militia"


def played_in_dutch_at_terse(monkeypatch, capsys) -> None:
    """A game played with ``--lang nl --verbosity terse`` up to its first Buy phase, stopped,
    with the settings file as the screen reader's question writes it: every setting, English and
    normal among them."""
    save_settings(load_settings()[0])
    monkeypatch.setattr("sys.stdin", io.StringIO("speel geldkaarten\n"))
    options = ["--lang", "nl", "--verbosity", "terse", "--speech", "off", "--plain", "--seed", "2"]
    main(["play", *options, "--players", "Jij:human,Bot:bigmoney", "--kingdom", KINGDOM])
    capsys.readouterr()


def resumed(monkeypatch, capsys, *options: str) -> list[str]:
    """What a resume says (after its opening lines): its own sentence, the announcements it
    repeats from the turn's start, and its question."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["resume", "--speech", "off", "--plain", *options])  # the end of input stops the game
    lines = capsys.readouterr().out.splitlines()
    return lines[2:4] + lines[6:]  # not the game's first two lines: the new game and its Kingdom


@pytest.mark.parametrize(
    "options, expected",
    [
        (
            (),
            [
                "Verder met het spel van {date}.",
                "De laatste meldingen:",
                "Jouw beurt 1.",
                "Aanschaffase: 1 aanschaf, 4 munten.",
                "Je hand: Landgoed.",
            ],
        ),
        (
            ("--lang", "en"),
            [
                "Resumed the game of {date}.",
                "The last announcements:",
                "Your turn 1.",
                "Buy phase: 1 Buy, 4 coins.",
                "Your hand: Estate.",
            ],
        ),
        (
            ("--verbosity", "normal"),
            [
                "Verder met het spel van {date}.",
                "De laatste meldingen:",
                "Jouw beurt 1.",
                "Je speelt 4 Koper.",
                "Aanschaffase: 1 aanschaf, 4 munten.",
                "Je hand: Landgoed.",
            ],
        ),
    ],
)
def test_a_resumed_game_goes_on_in_its_own_language_and_verbosity_unless_the_command_line_names_one(
    options, expected, monkeypatch, capsys
):
    from a11y_dominion.autosave import unfinished_games

    played_in_dutch_at_terse(monkeypatch, capsys)
    (game,) = unfinished_games()
    date = game.started.replace("T", " ")
    lines = resumed(monkeypatch, capsys, *options)
    assert lines[: len(expected)] == [line.format(date=date) for line in expected]


CHANGED = {  # a game of one person: its first Treasures played, then the verbosity changed to terse in the game
    "en": ("You", "play treasures\nsettings set verbosity terse\n", "settings\n"),
    "nl": ("Jij", "speel geldkaarten\ninstellingen zet uitgebreidheid beknopt\n", "instellingen\n"),
}
GOES_ON = {  # what resume repeats from the turn's start, and settings' answer, at each verbosity
    ("en", "terse"): (
        ["Your turn 1.", "Buy phase: 1 Buy, 4 coins.", "Your hand: Estate."],
        "Language English, verbosity terse, options new, speech off, hints on.",
    ),
    ("en", "verbose"): (
        [
            "Your turn 1.",
            "You play Copper: +1 coin; you have 1 coin.",
            "You play Copper: +1 coin; you have 2 coins.",
            "You play Copper: +1 coin; you have 3 coins.",
            "You play Copper: +1 coin; you have 4 coins.",
            "Buy phase: 1 Buy, 4 coins.",
            "Your hand: Estate.",
        ],
        "Language English, verbosity verbose, options new, speech off, hints on.",
    ),
    ("nl", "terse"): (
        ["Jouw beurt 1.", "Aanschaffase: 1 aanschaf, 4 munten.", "Je hand: Landgoed."],
        "Taal Nederlands, uitgebreidheid beknopt, opties nieuw, spraak uit, tips aan.",
    ),
    ("nl", "verbose"): (
        [
            "Jouw beurt 1.",
            "Je speelt Koper: +1 munt; je hebt 1 munt.",
            "Je speelt Koper: +1 munt; je hebt 2 munten.",
            "Je speelt Koper: +1 munt; je hebt 3 munten.",
            "Je speelt Koper: +1 munt; je hebt 4 munten.",
            "Aanschaffase: 1 aanschaf, 4 munten.",
            "Je hand: Landgoed.",
        ],
        "Taal Nederlands, uitgebreidheid uitgebreid, opties nieuw, spraak uit, tips aan.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("options, verbosity", [((), "terse"), (("--verbosity", "verbose"), "verbose")])
def test_a_verbosity_chosen_in_the_game_goes_on_at_resume_unless_the_command_line_names_one(
    lang, options, verbosity, monkeypatch, capsys
):
    from a11y_dominion.autosave import unfinished_games

    you, typed, settings = CHANGED[lang]
    save_settings(load_settings()[0])
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))  # the end of input stops the game
    played = ["--lang", lang, "--speech", "off", "--plain", "--seed", "2", "--kingdom", KINGDOM]
    main(["play", *played, "--players", f"{you}:human,Bot:bigmoney"])
    capsys.readouterr()
    (game,) = unfinished_games()
    assert game.verbosity == "normal" and game.record["seats"][0][2]["verbosity"] == "terse"  # kept with the seat
    # the settings file says another verbosity (a later game's, say): the game's own goes on
    save_settings(dict(load_settings()[0], verbosity="verbose" if verbosity == "terse" else "normal"))
    monkeypatch.setattr("sys.stdin", io.StringIO(settings))
    main(["resume", "--speech", "off", "--plain", *options])
    lines = capsys.readouterr().out.splitlines()
    told, answer = GOES_ON[lang, verbosity]
    turn = lines.index(told[0])
    assert lines[turn : turn + len(told)] == told
    assert lines[lines.index(f"{you}> {settings.strip()}") + 1] == answer
