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
    """What a resume says (after its opening lines): its own sentence, its last announcements,
    where the game stands (the turn with its figures, the hand, what is in play) and its question."""
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
                "Jouw beurt 1, aanschaffase: 1 actie, 1 aanschaf, 4 munten.",
                "Je hand, 1 kaart: Landgoed.",
                "In het spel: 4 Koper.",
            ],
        ),
        (
            ("--lang", "en"),
            [
                "Resumed the game of {date}.",
                "The last announcements:",
                "Your turn 1, Buy phase: 1 Action, 1 Buy, 4 coins.",
                "Your hand, 1 card: Estate.",
                "In play: 4 Coppers.",
            ],
        ),
        (
            ("--verbosity", "normal"),
            [
                "Verder met het spel van {date}.",
                "De laatste meldingen:",
                "Je speelt 4 Koper.",
                "Jouw beurt 1, aanschaffase: 1 actie, 1 aanschaf, 4 munten.",
                "Je hand, 1 kaart: Landgoed.",
                "In het spel: 4 Koper.",
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
GOES_ON = {  # the turn's last announcements, where it stands as resumed, and settings' answer, by verbosity
    ("en", "terse"): (
        ["Your turn 1, Buy phase: 1 Action, 1 Buy, 4 coins.", "Your hand, 1 card: Estate.", "In play: 4 Coppers."],
        "Language English, verbosity terse, options new, speech off, hints on.",
    ),
    ("en", "verbose"): (
        [
            "You play Copper: +1 coin; you have 1 coin.",
            "You play Copper: +1 coin; you have 2 coins.",
            "You play Copper: +1 coin; you have 3 coins.",
            "You play Copper: +1 coin; you have 4 coins.",
            "Your turn 1, Buy phase: 1 Action, 1 Buy, 4 coins.",
            "Your hand, 1 card: Estate.",
            "In play: 4 Coppers.",
        ],
        "Language English, verbosity verbose, options new, speech off, hints on.",
    ),
    ("nl", "terse"): (
        [
            "Jouw beurt 1, aanschaffase: 1 actie, 1 aanschaf, 4 munten.",
            "Je hand, 1 kaart: Landgoed.",
            "In het spel: 4 Koper.",
        ],
        "Taal Nederlands, uitgebreidheid beknopt, opties nieuw, spraak uit, tips aan.",
    ),
    ("nl", "verbose"): (
        [
            "Je speelt Koper: +1 munt; je hebt 1 munt.",
            "Je speelt Koper: +1 munt; je hebt 2 munten.",
            "Je speelt Koper: +1 munt; je hebt 3 munten.",
            "Je speelt Koper: +1 munt; je hebt 4 munten.",
            "Jouw beurt 1, aanschaffase: 1 actie, 1 aanschaf, 4 munten.",
            "Je hand, 1 kaart: Landgoed.",
            "In het spel: 4 Koper.",
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


# alone at the keyboard: turn 3 stopped in its Buy phase with a Copper in play (seed 2)
TURN_3 = {
    "en": ("You", "play treasures\nbuy silver\nend\nplay treasures\nbuy silver\nend\nplay copper\n"),
    "nl": ("Jij", "speel geldkaarten\nkoop zilver\neinde\nspeel geldkaarten\nkoop zilver\neinde\nspeel koper\n"),
}
BACK_AT_TURN_3 = {  # the last announcements' end, then the turn, the hand, what is in play and the question, once each
    "en": [
        "Bot, turn 2: played 4 Coppers, bought Silver.",
        "You play Copper.",
        "Your turn 3, Buy phase: 1 Action, 1 Buy, 1 coin.",
        "Your hand, 4 cards: Copper, Silver and 2 Estates.",
        "In play: Copper.",
        "1. play Copper",
    ],
    "nl": [
        "Bot, beurt 2: speelde 4 Koper, kocht Zilver.",
        "Je speelt Koper.",
        "Jouw beurt 3, aanschaffase: 1 actie, 1 aanschaf, 1 munt.",
        "Je hand, 4 kaarten: Koper, Zilver en 2 Landgoederen.",
        "In het spel: Koper.",
        "1. speel Koper",
    ],
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_game_resumed_alone_at_the_keyboard_says_where_it_stands_as_a_player_back_at_a_table_hears_it(
    lang, monkeypatch, capsys
):
    """As a player back at a server's table (remote/room.py, ``catch_up``): the turn in the sentence
    the others hear, the hand, what is in play, then the question, whose prompt says no figure again."""
    you, typed = TURN_3[lang]
    save_settings(load_settings()[0])
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))  # the end of input stops the game
    played = ["--lang", lang, "--speech", "off", "--plain", "--seed", "2", "--kingdom", KINGDOM]
    main(["play", *played, "--players", f"{you}:human,Bot:bigmoney"])
    capsys.readouterr()
    lines = resumed(monkeypatch, capsys)
    told = BACK_AT_TURN_3[lang]
    i = lines.index(told[0])
    assert lines[i : i + len(told)] == told
    asked = lines[i + 5 : lines.index(f"{you}> ")]  # the question: its options alone
    assert all(line[:1].isdigit() for line in asked) and len(asked) == 6
    turn = told[2][: told[2].index(",")]  # "Your turn 3": said once, with its figures
    assert [line for line in lines if line.startswith(turn)] == [told[2]]


SHARED = {  # Ann's turn 1 bought Silver; in Bea's turn 1 she played her Treasures and was asked to buy (seed 2)
    "en": ("\nplay treasures\nbuy silver\nend\n\nplay treasures\n", "Resumed the game of "),
    "nl": ("\nspeel geldkaarten\nkoop zilver\neinde\n\nspeel geldkaarten\n", "Verder met het spel van "),
}
BACK_AT_BEA = {  # the keyboard passes to Bea, then where the game stands, then her question, once each
    "en": [
        "Pass the keyboard to Bea. Bea, press Enter when you are ready.",
        "",
        "Bea's turn 1, Buy phase: 1 Action, 1 Buy, 3 coins.",
        "Bea's hand, 2 cards: 2 Estates.",
        "In play: 3 Coppers.",
        "1. buy Copper, 0 coins",
    ],
    "nl": [
        "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent.",
        "",
        "Beurt 1 van Bea, aanschaffase: 1 actie, 1 aanschaf, 3 munten.",
        "Hand van Bea, 2 kaarten: 2 Landgoederen.",
        "In het spel: 3 Koper.",
        "1. koop Koper, 0 munten",
    ],
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_game_resumed_at_a_shared_keyboard_says_where_it_stands_to_the_person_it_waits_for(lang, monkeypatch, capsys):
    """Bea stopped the game at her Buy, her Coppers in play: resumed, the keyboard passes to her and
    she hears her turn with its figures, her hand and what is in play, then her question, once each."""
    typed, resumed_line = SHARED[lang]
    save_settings(load_settings()[0])
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))  # the end of input stops the game
    played = ["--lang", lang, "--speech", "off", "--plain", "--seed", "2", "--kingdom", KINGDOM]
    main(["play", *played, "--players", "Ann,Bea"])
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    main(["resume", "--speech", "off", "--plain"])
    lines = capsys.readouterr().out.splitlines()
    told = BACK_AT_BEA[lang]
    assert lines[2].startswith(resumed_line) and lines[3 : 3 + len(told)] == told
    asked = lines[8 : lines.index("Bea> ")]  # the question: its options alone, no figure again
    assert all(line[:1].isdigit() for line in asked)
    turn = told[2][: told[2].index(",")]  # "Bea's turn 1": said once, with its figures
    assert [line for line in lines if line.startswith(turn)] == [told[2]]
