"""A fair shared computer: several people at one keyboard, on the console core
(:mod:`a11y_dominion.console.hotseat`), and a game of bots only, watched (:mod:`a11y_dominion.console.watched`).

Each person has a console of their own, with their own narration, history, language and
verbosity; the keyboard is handed over, and waits for Enter, before another person's
question; what is told to a person comes out only while that person has the keyboard and is
asked; a query about another person's hand is refused. Games run in this process with seed 1
and typed lines from a plain reader (which echoes them, so the transcript reads like a session).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.cli import build_parser, main
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from playcore import fail_once
from speechdoubles import RecordingOutput

THREE = "Ann:human,Bea:human,Bot:bigmoney"
BOB_CID = "Ann:human,Bob:human,Cid:bigmoney"
TO_BEA = "Pass the keyboard to Bea. Bea, press Enter when you are ready."
TO_ANN = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
ANN_DRAW = "You draw 5 Coppers."  # seed 1: Ann's second hand, drawn in her Clean-up
NL_TO_ANN = "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent."
ONLY_ENTER = "Only Enter is read here: press Enter when Bea is at the keyboard, or type quit to stop the game."
STOP = "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: "


pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)


def play(
    typed: str, *options: str, players: str | None = THREE, settings: dict | None = None, speaker: Any = None
) -> tuple[int, list[str]]:
    """(exit code, lines shown) of ``play`` with ``options`` (seed 1, speech off) and the lines
    ``typed`` piped in; ``speaker`` replaces the speech output."""
    out = io.StringIO()
    seats = ["--players", players] if players else []
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", *seats, *options])
    setup = play_setup(args, out, settings if settings is not None else {}, asking=False)
    assert not isinstance(setup, int)
    if speaker is not None:
        setup.speaker = speaker
    code = play_on_core(setup, args, PlainReader(io.StringIO(typed), out))
    return code, out.getvalue().splitlines()


def shared(script: str, players: str = THREE, settings: dict | None = None) -> tuple[int, list[str]]:
    """:func:`play` of ``script``, after the Enter that takes the first hand-over to Ann."""
    return play("\n" + script, players=players, settings=settings)


def between(lines: list[str], start: str, end: str | None = None) -> list[str]:
    """The lines after the first ``start`` up to the next ``end`` (or to the end)."""
    i = lines.index(start) + 1
    j = lines.index(end, i) if end is not None and end in lines[i:] else len(lines)
    return lines[i:j]


def position(here: Path, state: dict, players: list[str], kingdom: list[str], landmarks: tuple[str, ...] = ()) -> str:
    """The path of a scenario file of ``state`` (its script is not used)."""
    path = here / "position.json"
    data = {
        "players": players,
        "kingdom": kingdom,
        "landmarks": list(landmarks),
        "seed": 1,
        "state": state,
        "script": [],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_keyboard_is_handed_over_and_waits_for_enter() -> None:
    code, lines = shared("end\nend\nhand\nplay treasures\n\nhand\n")
    i = lines.index(TO_BEA)
    # Ann's new hand, drawn in her Clean-up, is not shown just before the keyboard passes (where it
    # would stay on the screen for the next player's screen reader): she hears it on her next turn
    assert lines[i - 1] == "Ann> end" and ANN_DRAW not in lines[:i]
    # typed lines before the Enter are not used: one sentence says what is read, and nothing of Bea's is shown
    assert lines[i : i + 5] == [TO_BEA, "hand", ONLY_ENTER, "play treasures", ONLY_ENTER]
    assert lines[i + 5] == ""  # the Enter
    after = lines[i + 6 :]
    assert after[0] == "New game for Ann, Bea and Bot. Ann goes first."  # Bea's news, from the start
    assert "Your turn 1. Bea, Action phase: 1 Action, 1 Buy, 0 coins." in after
    assert "Bea's hand: 4 Coppers and Estate." in after
    assert "Bea's hand, 5 cards: 4 Coppers and Estate." in after  # hand, typed after the Enter
    assert ANN_DRAW not in after
    assert lines[-2:] == ["Bea> ", "Game stopped."] and code == 1


def test_a_persons_news_waits_for_their_own_next_question() -> None:
    _code, lines = shared("end\nend\n\nend\nend\n\nhand\n")
    ann_again = between(lines, TO_ANN, TO_BEA)  # (the second hand-over to Ann: the first is before the game)
    ann_again = lines[len(lines) - 1 - lines[::-1].index(TO_ANN) + 1 :]
    assert ann_again[:6] == [
        "",
        ANN_DRAW,
        "Bea's turn 1.",
        "Bea ended their turn without playing or buying anything.",
        "Bot, turn 1: played 2 Coppers.",
        "Your turn 2. Ann, Action phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
    ]
    bea_part = between(lines, TO_BEA)
    bea_part = bea_part[: bea_part.index(TO_ANN)]
    assert ANN_DRAW not in bea_part and not any("5 Coppers" in x for x in bea_part)
    assert not any(x.startswith("You draw") for x in bea_part)  # Bea's own next hand waits for her turn 2


def test_each_seat_reads_only_its_own_history() -> None:
    script = "end\nend\n\n" + "log 200\n" + "".join(f"repeat {n}\n" for n in range(1, 40)) + "previous\n" * 40
    _code, lines = shared(script)
    bea_part = between(lines, TO_BEA)
    assert "Ann's turn 1." in bea_part and ANN_DRAW not in bea_part
    assert not any(x.startswith("Ann draws") and x != "Ann draws 5 cards." for x in bea_part)
    assert not any("5 Coppers" in x for x in bea_part)


def test_another_humans_hand_is_private_and_the_public_queries_are_open() -> None:
    _code, lines = shared("end\nend\n\nAnn: hand\nAnn: status\nBot: hand\nhand\nscore\n")
    bea_part = between(lines, TO_BEA)
    assert "Ann's hand is private; you may only look at your own hand." in bea_part
    assert "Bot is a bot; you may only look at your own hand." in bea_part
    assert not any(x.startswith(("Ann's hand,", "Ann's hand:")) for x in bea_part)
    assert (
        "Ann has 0 Debt and 0 VP in tokens; 5 cards in hand, 0 cards in the deck, 5 cards in the discard pile."
    ) in bea_part
    assert "Bea's hand, 5 cards: 4 Coppers and Estate." in bea_part
    assert "Scores if the game ended now:" in bea_part


NL_TO_BEA = "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent."
OPENING = {
    "en": [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Speech is off; the game shows text only.",
        "Everyone at this keyboard plays in English, the language given with --players: one language for the whole "
        "keyboard.",
        "This game's Kingdom is Basic Intro.",
        TO_ANN,
    ],
    "nl": [
        "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht.",
        "De spraak staat uit; het spel toont alleen tekst.",
        "Iedereen aan dit toetsenbord speelt in het Nederlands, de taal die --players opgeeft: één taal voor het "
        "hele toetsenbord.",
        "Het koninkrijk van dit spel is Rustige introductie.",
        NL_TO_ANN,
    ],
}


@pytest.mark.parametrize("code, other", [("nl", "en"), ("en", "nl")])
def test_a_language_in_players_is_the_whole_keyboards_from_the_first_line(code: str, other: str) -> None:
    # the language setting is the other one: the seat's part of --players sets the keyboard's language
    _code, lines = shared("end\nend\n\n", f"Ann:human:{code},Bea:human,Bot:bigmoney", {"language": other})
    assert lines[:5] == OPENING[code]
    to_bea = {"en": TO_BEA, "nl": NL_TO_BEA}[code]
    bea_part = between(lines, to_bea)
    turn = {
        "en": "Your turn 1. Bea, Action phase: 1 Action, 1 Buy, 0 coins.",
        "nl": "Jouw beurt 1. Bea, actiefase: 1 actie, 1 aanschaf, 0 munten.",
    }
    assert turn[code] in bea_part and turn[other] not in lines


@pytest.mark.parametrize(
    "options, settings, said",
    [
        (
            ["--players", "Ann:human:nl,Bea:human:en"],
            {},
            "Everyone at one keyboard plays in one language, and the command line gives both en and nl; "
            "give one language, with --lang or in --players.",
        ),
        (
            ["--lang", "en", "--players", "Ann:human:nl,Bea"],
            {"language": "nl"},
            "Everyone at one keyboard plays in one language, and the command line gives both en and nl; "
            "give one language, with --lang or in --players.",
        ),
        (
            ["--players", "Ann:human:en,Bea:human:nl,Bot:bigmoney"],
            {"language": "nl"},
            "Iedereen aan één toetsenbord speelt in één taal, en de opdrachtregel geeft zowel en als nl; "
            "geef één taal, met --lang of in --players.",
        ),
    ],
)
def test_two_languages_for_one_keyboard_are_refused_in_one_sentence(options, settings, said, here, capsys) -> None:
    settings_file(here, settings)
    assert main(["play", "--speech", "off", *options]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"a11y-dominion: {said}\n" and captured.out == ""


@pytest.mark.parametrize(
    "code, seat, said",
    [
        ("en", "nl", "The language saved for Bea is not used here: everyone at this keyboard plays in English."),
        (
            "nl",
            "en",
            "De taal die voor Bea bewaard is, geldt hier niet: iedereen aan dit toetsenbord speelt in het Nederlands.",
        ),
    ],
)
def test_a_seats_saved_language_gives_way_to_the_keyboards_and_says_so(code: str, seat: str, said: str) -> None:
    settings = {"language": code, "seats": {"bea": {"language": seat, "verbosity": "terse"}}}
    _code, lines = shared("end\nend\n\n", THREE, settings)
    assert lines[2] == said and lines.count(said) == 1
    assert {"en": TO_BEA, "nl": NL_TO_BEA}[code] in lines
    assert {"en": NL_TO_BEA, "nl": TO_BEA}[code] not in lines


def settings_file(here: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The settings file of ``here`` written with ``data``, read back as ``play`` reads it."""
    from a11y_dominion.settings import load_settings

    (here / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    read, warning = load_settings()
    assert warning is None
    return read


def test_a_language_chosen_at_a_shared_keyboard_is_the_whole_tables(here: Path) -> None:
    # Bea speaks English by her seat setting; Ann switches the keyboard to Dutch at her question
    settings = settings_file(
        here, {"seats": {"bea": {"language": "en", "verbosity": "terse"}, "Cid": {"language": "en"}}}
    )
    _code, lines = shared("settings nl\nend\nend\n\nhand\n", THREE, settings)
    assert lines[lines.index("Ann> settings nl") + 1] == (
        "Taal is nu Nederlands. "
        "Iedereen aan dit toetsenbord speelt nu in het Nederlands: de taal is die van het toetsenbord. "
        "Bewaard voor deze computer."
    )
    assert TO_BEA not in lines  # the hand-over to Bea, and all Bea hears, is Dutch now
    bea_part = between(lines, "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent.")
    assert "Jouw beurt 1. Bea, actiefase: 1 actie, 1 aanschaf, 0 munten." in bea_part
    assert "Hand van Bea, 5 kaarten: 4 Koper en Landgoed." in bea_part
    # kept as the keyboard's language: no seat here keeps one of its own; Bea keeps her verbosity
    kept = json.loads((here / "settings.json").read_text(encoding="utf-8"))
    assert kept["language"] == "nl"
    assert kept["seats"] == {"bea": {"verbosity": "terse"}, "Cid": {"language": "en"}}


def test_the_others_at_a_shared_keyboard_hear_once_why_the_language_changed() -> None:
    why = "Iedereen aan dit toetsenbord speelt nu in het Nederlands: de taal is die van het toetsenbord."
    _code, lines = shared("settings set language nl\nend\nend\n\nend\nend\n\n")
    assert (
        lines[lines.index("Ann> settings set language nl") + 1]
        == f"Taal is nu Nederlands. {why} Bewaard voor deze computer."
    )
    bea_part = between(lines, "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent.")
    assert bea_part[:2] == ["", why]  # her Enter, then why, first in her catch-up
    assert lines.count(why) == 1  # once: not again for Ann, who chose it
    assert "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent." in bea_part


def test_a_language_chosen_at_a_shared_keyboard_is_said_in_english_too(here: Path) -> None:
    settings = settings_file(here, {"language": "nl"})
    _code, lines = shared("instellingen zet taal en\neinde\neinde\n\n", THREE, settings)
    assert lines[lines.index("Ann> instellingen zet taal en") + 1] == (
        "Language is now English. Everyone at this keyboard plays in English now: the language is the keyboard's. "
        "Saved for this computer."
    )
    assert TO_BEA in lines
    assert json.loads((here / "settings.json").read_text(encoding="utf-8"))["language"] == "en"


RESUMED = {
    "en": [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Speech is off; the game shows text only.",
        "Resumed the game of {date}.",
        TO_BEA,  # (each person hears where the game stands, from where they last had the keyboard)
        "",
        # (Bea stopped the game at her question: she hears where it stands as a player back at a table does)
        "Bea's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
    ],
    "nl": [
        "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht.",
        "De spraak staat uit; het spel toont alleen tekst.",
        "Verder met het spel van {date}.",
        NL_TO_BEA,
        "",
        "Beurt 1 van Bea, actiefase: 1 actie, 1 aanschaf, 0 munten.",
    ],
}


@pytest.mark.parametrize(
    "first, then, stop, stopped",
    [
        ("nl", "en", STOP + "y", "Game stopped."),
        (
            "en",
            "nl",
            "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: y",
            "Spel gestopt.",
        ),
    ],
)
def test_the_keyboards_language_chosen_in_the_game_stops_it_and_is_kept_with_it_for_resume(
    first: str, then: str, stop: str, stopped: str
) -> None:
    from a11y_dominion import autosave
    from a11y_dominion.settings import load_settings, save_settings
    from playcore import run

    players = f"Ann:human:{first},Bea:human,Bot:bigmoney"
    played, text = run(["--seed", "1", "--players", players], f"\nend\nend\n\nsettings set language {then}\nquit\ny\n")
    assert text.splitlines()[-2:] == [stop, stopped] and played.code == 1
    kept = load_settings()[0]
    assert kept["language"] == then  # (kept for this computer, as a setting typed in the game is)
    save_settings(dict(kept, language=first))  # the game's language goes on, not the setting's
    saved = autosave.find_game(None)
    assert [seat[2]["language"] for seat in saved.record["seats"][:2]] == [then, then]
    played, text = run([], "\nquit\ny\n", resume=saved)
    lines = text.splitlines()
    date = saved.started.replace("T", " ")
    assert lines[:6] == [line.replace("{date}", date) for line in RESUMED[then]]
    assert {"en": TO_BEA, "nl": NL_TO_BEA}[then] in lines and {"en": TO_BEA, "nl": NL_TO_BEA}[first] not in lines
    assert lines[-1] == stopped and played.code == 1


def test_a_verbosity_chosen_at_a_shared_keyboard_is_kept_under_the_seats_name(here: Path) -> None:
    settings = settings_file(here, {"verbosity": "verbose"})
    _code, lines = shared("settings terse\n", THREE, settings)
    assert lines[lines.index("Ann> settings terse") + 1] == "Verbosity is now terse. Saved for this computer."
    kept = json.loads((here / "settings.json").read_text(encoding="utf-8"))
    assert kept["verbosity"] == "verbose" and kept["seats"] == {"Ann": {"verbosity": "terse"}}


@pytest.mark.parametrize(
    "mode, said",
    [
        ("screen-reader", "Screen-reader mode: the game does not speak; your screen reader reads the text."),
        ("off", "Speech is off; the game shows text only."),
    ],
)
def test_stop_where_the_game_does_not_speak_says_so_not_that_speech_stopped(mode: str, said: str) -> None:
    _code, lines = play("stop\n", "--speech", mode, players="Ann:human,Bot:bigmoney")
    assert lines[lines.index("You> stop") + 1] == said
    assert "Speech stopped." not in lines


def test_one_human_has_no_hand_over() -> None:
    _code, lines = play("end\nend\nend\nend\n", players="Ann:human,Bot:bigmoney")
    assert not any(x.startswith("Pass the keyboard") for x in lines)
    assert "Game seed 1." in lines


def test_several_people_are_not_shown_the_seed() -> None:
    _code, lines = shared("")
    assert lines[:4] == [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Speech is off; the game shows text only.",
        "This game's Kingdom is Basic Intro.",
        TO_ANN,
    ]


@pytest.mark.parametrize(
    "players,sentence",
    [
        ("Ann:human:fr,Bea:human", "fr in seat Ann:human:fr is not a seat option"),
        ("Ann:bigmoney:nl,Bea:human", "Ann is a bot; only human seats take a language or a verbosity."),
        ("Ann:human:nl:en,Bea", "en in seat Ann:human:nl:en is not a seat option"),
    ],
)
def test_a_bad_seat_spec_is_one_sentence_and_exit_2(players, sentence, capsys):
    assert main(["play", "--seed", "1", "--speech", "off", "--players", players]) == 2
    err = capsys.readouterr().err
    assert sentence in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_seat_settings_are_checked_like_the_others(tmp_path, monkeypatch, capsys):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "seat", "Ann", "language", "nl"]) == 0
    assert main(["settings", "set", "seat", "Ann", "verbosity", "terse"]) == 0
    assert json.loads(path.read_text())["seats"] == {"Ann": {"language": "nl", "verbosity": "terse"}}
    capsys.readouterr()
    assert main(["settings", "set", "seat", "Ann", "language", "fr"]) == 2
    assert "language of seat Ann must be one of en, nl." in capsys.readouterr().err
    assert main(["settings", "set", "seat", "Ann", "colour", "red"]) == 2
    assert main(["settings", "set", "seat", "Ann"]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert main(["settings", "show"]) == 0
    assert "seat Ann language: nl" in capsys.readouterr().out
    assert main(["settings", "set", "seat", "ann", "language", "default"]) == 0
    assert json.loads(path.read_text())["seats"] == {"Ann": {"verbosity": "terse"}}
    # a damaged seat value: one sentence at the start, the rest of the settings still used
    path.write_text(json.dumps({"verbosity": "terse", "seats": {"Ann": {"language": "xx"}, "Bea": "nl"}}))
    from a11y_dominion.settings import load_settings

    data, warning = load_settings(path)
    assert data["verbosity"] == "terse" and data["seats"] == {}
    text = str(warning)
    assert "language of seat Ann must be one of en, nl." in text
    assert "seats must map each seat name to its language and verbosity." in text


def test_a_setting_changed_at_a_shared_keyboard_is_kept_for_that_person_alone(here: Path) -> None:
    """Ann's verbosity, set in the game at a keyboard she shares, is kept under her seat's name in
    the settings file: Bea's, and the next game's of one person, stay as they were; the language
    is the keyboard's, kept for every seat there."""
    play("\nsettings set verbosity terse\nsettings set language nl\n")
    saved = json.loads((here / "settings.json").read_text(encoding="utf-8"))
    assert saved["seats"] == {"Ann": {"verbosity": "terse"}}
    assert (saved.get("language", "en"), saved.get("verbosity", "normal")) == ("nl", "normal")


SHARED_VERBOSITY = {  # Ann's terse typed in the game, settings, end, quit's word and its yes; settings' answer for Ann
    "en": (
        ("settings set verbosity terse", "settings", "end", "quit", "y"),
        "Language English, verbosity {0}, options new, speech off, hints on.",
    ),
    "nl": (
        ("instellingen zet uitgebreidheid beknopt", "instellingen", "einde", "stoppen", "ja"),
        "Taal Nederlands, uitgebreidheid {0}, opties nieuw, spraak uit, tips aan.",
    ),
}
VERBOSITY_WORDS = {
    "en": {"terse": "terse", "normal": "normal", "verbose": "verbose"},
    "nl": {"terse": "beknopt", "normal": "normaal", "verbose": "uitgebreid"},
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_verbosity_chosen_at_a_shared_keyboard_is_that_persons_own_at_resume(lang: str) -> None:
    """Ann's verbosity, chosen in a game at a keyboard she shares with Bea, is hers: kept with her
    seat alone and under her seat's name in the settings file, whose seat setting comes first
    for her seat at every game here, a resumed one too (before the command line's --verbosity)."""
    from a11y_dominion import autosave
    from a11y_dominion.settings import load_settings, save_settings
    from playcore import run

    (terse, settings, end, stop, yes), answer = SHARED_VERBOSITY[lang]
    run(["--seed", "1", "--players", THREE, "--lang", lang], f"\n{terse}\n{stop}\n{yes}\n")
    saved = autosave.find_game(None)
    assert [seat[2]["verbosity"] for seat in saved.record["seats"][:2]] == ["terse", "normal"]
    assert load_settings()[0]["seats"] == {"Ann": {"verbosity": "terse"}}
    _played, text = run([], f"\n{settings}\n{end}\n{end}\n\n{settings}\n{stop}\n{yes}\n", resume=saved)
    lines = text.splitlines()
    words = VERBOSITY_WORDS[lang]
    assert lines[lines.index(f"Ann> {settings}") + 1] == answer.format(words["terse"])
    assert lines[lines.index(f"Bea> {settings}") + 1] == answer.format(words["normal"])
    save_settings(dict(load_settings()[0], seats={"Ann": {"verbosity": "verbose"}}))  # her seat setting, changed
    typed = f"\n{end}\n{end}\n\n{settings}\n{stop}\n{yes}\n"  # Bea's turn first, then Ann's
    _played, text = run(["--verbosity", "normal"], typed, resume=autosave.find_game(None))
    lines = text.splitlines()
    assert lines[lines.index(f"Ann> {settings}") + 1] == answer.format(words["verbose"])


def test_status_during_mountain_pass_bidding_names_the_turn_that_ended(here: Path) -> None:
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {
            "Ann": {"hand": [], "deck": ["Estate"] * 5},
            "Bea": {"hand": ["Copper"] * 5, "deck": ["Copper"] * 5},
        },
    }
    path = position(here, state, ["Ann", "Bea"], ["Villa"], ("Mountain Pass",))
    _code, lines = play("\nbuy Province\nend\n\nstatus\n", "--position", path, players="Ann:human,Bea:human")
    assert "Ann's turn 1 has ended; Mountain Pass bidding." in between(lines, TO_BEA)
    assert not any(x.startswith("Ann's turn 2") for x in lines)


def test_status_during_bidding_in_a_whole_game_names_the_number_of_the_turn_that_ended():
    from a11y_dominion.bots.simple import BigMoneyBot
    from a11y_dominion.console import queries as q
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    piles, events, landmarks = choose_setup("basic-intro", None, "Mountain Pass", 3)
    game = Game(GameConfig(["Ann", "Bea"], piles, events, landmarks, 3))
    game.start()
    bots = {"Ann": BigMoneyBot(1), "Bea": BigMoneyBot(2)}
    while game.pending is not None and game.pending.purpose != "bid":
        d = game.pending
        game.answer(bots[d.player].decide(d, player_view(game, d.player)))
    assert game.pending is not None
    started = [e for e in game.log if type(e).__name__ == "TurnStarted"][-1]
    view = player_view(game, "Bea")
    assert q.turn_line(view) == f"{started.player}'s turn {started.number} has ended; Mountain Pass bidding."


def test_the_hand_over_is_spoken_as_important_in_self_voicing() -> None:
    rec = RecordingOutput()
    _code, lines = play("\nend\nend\n\nlog 50\n", speaker=Speaker("self-voicing", outputs=[rec]))
    assert TO_BEA in rec.spoken and TO_ANN in rec.spoken
    assert TO_BEA not in between(lines, "Bea> log 50")  # not a game message: not in Bea's history


def test_a_speech_output_chosen_at_a_shared_keyboard_is_everyones_and_keeps_each_persons_lines_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from a11y_dominion.console import start

    before, chosen = RecordingOutput("before"), RecordingOutput("chosen")
    made: list[Speaker] = []

    def make_speaker(speech: str, *_args: object, **_kwargs: object) -> Speaker:
        made.append(Speaker(speech, outputs=[chosen]))
        return made[-1]

    monkeypatch.setattr(start, "make_speaker", make_speaker)
    _code, lines = play(
        "\nsettings set output default\nend\nend\n\nhand\n", speaker=Speaker("self-voicing", outputs=[before])
    )
    assert "Output is now default. Saved for this computer." in lines
    # Ann's new hand, drawn in her Clean-up, waits for her next turn: not spoken as the keyboard passes
    assert ANN_DRAW not in chosen.spoken and ANN_DRAW not in before.spoken
    # Bea hears her turn through the output chosen, after the hand-over
    assert chosen.spoken.index(TO_BEA) < chosen.spoken.index("Bea's hand, 5 cards: 4 Coppers and Estate.")
    assert TO_BEA not in before.spoken


def test_quit_at_the_hand_over_asks_quit_s_question_and_yes_stops_the_game() -> None:
    code, lines = shared("end\nend\nquit\nno\nstatus\nquit\nyes\n")
    assert between(lines, TO_BEA) == [
        "quit",
        STOP + "no",
        "The game goes on.",
        TO_BEA,
        "status",
        ONLY_ENTER,
        "quit",
        STOP + "yes",
        "Game stopped. It is kept; a11y-dominion resume goes on with it.",
    ]
    assert code == 1  # stopped before its end


def test_quit_and_other_lines_at_the_hand_over_in_dutch() -> None:
    code, lines = shared("end\nend\nhand\nstoppen\nja\n", players="Ann:human,Bea:human:nl,Bot:bigmoney")
    handed = "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent."
    assert between(lines, handed) == [
        "hand",
        "Hier telt alleen Enter: druk op Enter als Bea aan het toetsenbord zit, of typ stoppen om het spel te stoppen.",
        "stoppen",
        "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ja",
        "Spel gestopt. Het blijft bewaard; a11y-dominion resume gaat ermee verder.",
    ]
    assert code == 1


def test_end_of_piped_input_at_the_hand_over_stops_the_game() -> None:
    code, lines = shared("end\nend\n")
    # (the end of input ends the line); the game is kept, as Ctrl+C while watching says
    assert lines[-3:] == [TO_BEA, "", "Game stopped. It is kept; a11y-dominion resume goes on with it."]
    assert code == 1  # stopped before its end


# with an engine fault, the game put back and going on, where a method of the game can be replaced
@pytest.mark.parametrize("fault", [False, pytest.param(True, marks=pytest.mark.pure_python)])
def test_a_bot_game_is_watched_with_only_public_facts(here: Path, fault: bool) -> None:
    out = io.StringIO()
    options = ["--seed", "1", "--speech", "off", "--verbosity", "verbose"]  # (verbose: every draw is told)
    args = build_parser().parse_args(["play", *options, "--players", "A:bigmoney,B:random"])
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    calls = fail_once(setup.game) if fault else ["no fault"]
    assert play_on_core(setup, args, PlainReader(io.StringIO(""), out)) == 0
    lines = out.getvalue().splitlines()
    assert lines[:5] == [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Speech is off; the game shows text only.",
        "This game's Kingdom is Basic Intro.",
        "Game seed 1.",
        "New game for A and B. A goes first.",
    ]
    assert calls and "Game over." in lines and lines[-1] == "A wins."
    assert "A draws 5 cards." in lines
    assert not any(x.startswith(("A draws", "B draws")) and not x.endswith((" cards.", " 1 card.")) for x in lines)
    assert not any("hand" in x for x in lines) and "Traceback" not in out.getvalue()


class VoiceRecording(RecordingOutput):
    """Records each spoken line with the voice language it was spoken in."""

    def __init__(self) -> None:
        super().__init__()
        self.language: str | None = None
        self.said: list[tuple[str | None, str]] = []

    def configure(self, language: str | None = None, rate: object = None) -> None:
        self.language = language

    def speak(self, text: str, interrupt: bool = False, priority: str = "normal") -> None:
        super().speak(text, interrupt, priority)
        self.said.append((self.language, text))


def test_the_voice_speaks_the_keyboards_language_to_everyone() -> None:
    rec = VoiceRecording()
    players = "Ann:human:nl,Bea:human,Bot:bigmoney"
    play("\neinde\neinde\n\nend\n", players=players, speaker=Speaker("self-voicing", outputs=[rec], language="nl"))
    assert ("nl", "Jouw beurt 1. Ann, actiefase: 1 actie, 1 aanschaf, 0 munten.") in rec.said
    assert ("nl", NL_TO_BEA) in rec.said
    assert ("nl", "Jouw beurt 1. Bea, actiefase: 1 actie, 1 aanschaf, 0 munten.") in rec.said
    assert {lang for lang, _text in rec.said} == {"nl"}


def test_a_saved_game_keeps_the_keyboards_language_and_each_seats_verbosity(here: Path) -> None:
    f = here / "shared.json"
    shared(f"einde\nbewaar {f}\n", "Ann:human:nl:terse,Bea:human,Bot:bigmoney")
    saved = json.loads(f.read_text(encoding="utf-8"))["seats"]
    assert saved == [
        ["Ann", "human", {"language": "nl", "verbosity": "terse"}],
        ["Bea", "human", {"language": "nl", "verbosity": "normal"}],
        ["Bot", "bigmoney"],
    ]
    _code, lines = play("\nhand\n", "--load", str(f), players=None)
    assert NL_TO_ANN in lines  # Ann is handed the keyboard in Dutch
    assert between(lines, NL_TO_ANN)[1:4] == [  # where the game stands, then her question, once each
        "Beurt 1 van Ann, aanschaffase: 1 actie, 1 aanschaf, 0 munten.",
        "Hand van Ann, 5 kaarten: 2 Koper en 3 Landgoederen.",
        "1. speel Koper",
    ]


def test_the_first_player_is_handed_the_keyboard_too() -> None:
    _code, lines = shared("end\n")
    i = lines.index(TO_ANN)
    assert not any(x.startswith(("Your turn", "Ann's hand", "New game")) for x in lines[:i])
    assert "New game for Ann, Bea and Bot. You go first." in lines[i:]


def test_after_a_hand_over_for_an_attack_the_question_says_the_hand(here: Path) -> None:
    """Ann plays Militia; Bea is handed the keyboard to discard and hears her hand with the question."""
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Militia"]}, "Bea": {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"]}},
    }
    path = position(here, state, ["Ann", "Bea", "Bot"], ["Militia"])
    _code, lines = play("\nplay Militia\n\nEstate, Copper\n\n", "--position", path)
    bea = between(lines, TO_BEA, TO_ANN)
    q = bea.index("Bea, Militia: discard 2 cards, down to 3 in hand.")
    assert bea[q + 1] == "Bea's hand: 2 Coppers, Gold, Silver and Estate."
    assert bea[-1] == "Bea> Estate, Copper"
    ann = between(lines, "Bea> Estate, Copper")
    assert ann[:5] == [  # Ann's news, after her Enter
        TO_ANN,
        "",
        "You play Militia. Militia attacks Bea and Bot.",
        "Bea discards Estate and Copper.",
        "Bot discards 2 Estates. Ann, Action phase: 0 Actions, 1 Buy, 2 coins.",
    ]


def test_the_hand_over_prompt_completes_nothing_and_recalls_nothing():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from a11y_dominion.console.display import PromptReader

    with create_pipe_input() as pipe:
        reader = PromptReader(object(), None, input=pipe, output=DummyOutput())
        pipe.send_text("play Witch\r")
        reader.read("Ann> ")
        pipe.send_text("\x1b[A\r")  # Up, then Enter, at the hand-over prompt
        assert asyncio.run(reader.read_bare_async()) == ""
        assert reader.session.history.get_strings() == ["play Witch"]


@pytest.mark.parametrize("word", ["y", "yes", "Y"])  # (an English game's words are English's: ja is no yes there)
def test_every_yes_word_stops_the_game_at_the_stop_question(word: str) -> None:
    code, lines = shared(f"quit\nn\nquit\nyess\nquit\n{word}\n")
    assert lines.count(STOP + "n") == 1 and lines.count(STOP + "yess") == 1 and lines.count(STOP + word) == 1
    assert lines.count("The game goes on.") == 2 and lines[-1] == "Game stopped." and code == 1


@pytest.mark.parametrize("word", ["y", "yes", "j", "ja"])
def test_every_yes_word_stops_the_game_at_the_dutch_stop_question_which_says_so_in_dutch(word: str) -> None:
    nl_stop = "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: "
    code, lines = shared(f"stoppen\nnee\nstoppen\n{word}\n", settings={"language": "nl"})
    assert lines.count(nl_stop + "nee") == 1 and lines.count(nl_stop + word) == 1
    assert lines.count("Het spel gaat verder.") == 1 and lines[-1] == "Spel gestopt." and code == 1
    assert "Game stopped." not in lines


@pytest.mark.parametrize("players", ["You:human,Bea:human", "Ann:human,you:bigmoney", "Jij:human,Bea:human"])
def test_a_seat_called_you_is_refused_where_others_would_hear_it(players, capsys):
    assert main(["play", "--players", players, "--speech", "off"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot be the name of a seat here" in err[0]


def test_the_final_scores_are_told_once_in_the_keyboards_language(here: Path) -> None:
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {"Ann": {"hand": []}},
        "piles": {"Province": {"count": 1}},
    }
    path = position(here, state, ["Ann", "Bea", "Bot"], ["Villa"])
    code, lines = play("\nbuy Province\nend\n", "--position", path, players="Ann:human,Bea:human:nl,Bot:bigmoney")
    assert code == 0
    assert lines.count("Het spel is afgelopen.") == 1 and lines.count("Je wint.") == 1
    assert "Game over." not in lines and "Ann wint." not in lines


def test_a_move_of_another_person_is_refused_and_a_bots_hand_is_private() -> None:
    _code, lines = play("\nBob: end\nAnn: play treasures\nAnn: hand\nCid: hand\nCid: status\n", players=BOB_CID)
    assert "It is Ann who must answer now, not Bob." in lines
    assert "You play 2 Coppers. Ann, Buy phase: 2 coins." in lines
    assert "Ann's hand, 3 cards: 3 Estates." in lines
    assert "Cid is a bot; you may only look at your own hand." in lines
    assert not any(x.startswith("Cid's hand") for x in lines)
    assert (
        "Cid has 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile."
    ) in lines


def test_a_bots_turn_is_one_public_line_in_each_persons_news() -> None:
    _code, lines = play("\nend\nend\n\nend\nend\n\n", players=BOB_CID)
    to_bob = "Pass the keyboard to Bob. Bob, press Enter when you are ready."
    bob = between(lines, to_bob, TO_ANN)
    ann_again = lines[len(lines) - lines[::-1].index(TO_ANN) :]
    assert "Cid, turn 1: played 2 Coppers." in ann_again  # the bot's turn in one public line, at Ann's turn
    assert not any(x.startswith("Cid draws") for x in lines)
    assert not any("Coppers" in x and "Ann" in x for x in bob)
    assert "You draw 3 Coppers and 2 Estates." not in lines  # Bob's new hand waits for his next turn
    assert ann_again[1] == "You draw 5 Coppers."


def test_undo_at_a_shared_keyboard_leaves_the_other_person_the_turn_as_it_stands() -> None:
    _code, lines = shared("play treasures\nundo\nplay treasures\nend\n\n", "Ann:human,Bea:human")
    i, j = lines.index(TO_BEA), lines.index("Taken back: your play of 2 Coppers.")
    assert lines[j + 1 : j + 3] == [
        "Ann's hand, 5 cards: 2 Coppers and 3 Estates.",  # (as this keyboard names every hand)
        "Ann, Action phase: 1 Action, 1 Buy, 0 coins.",
    ]
    assert j < i and lines[i - 1] == "Ann> end"
    bea = lines[i:]
    # Bea's news waited for her question: her turn's summary tells what stands, the take-back is not news
    assert bea[bea.index("Ann's turn 1.") + 1] == "Ann played 2 Coppers."
    assert not any("took back" in x or "Taken back" in x for x in bea)


def test_a_game_of_bots_is_watched_to_its_end_and_kept_as_finished() -> None:
    from a11y_dominion import autosave

    code, lines = play("", players="A:bigmoney,B:random")
    assert code == 0 and lines[-1] == "A wins."
    (saved,) = autosave.all_games()
    assert saved.finished and not autosave.unfinished_games()


def test_load_at_a_shared_keyboard_hands_the_keyboard_over_first(here: Path) -> None:
    f = here / "g.json"
    shared(f"end\nsave {f}\n")  # saved in Ann's Buy phase
    code, lines = shared(f"end\nend\n\nload {f}\nyes\n\nhand\n")
    i = lines.index(f"Loaded {f}.")
    assert lines[i + 1].startswith("The game you left is kept unfinished; a11y-dominion resume ")
    # the turn, whose start Ann heard before the save, is told once with its figures, before her question
    assert lines[i + 2 : i + 7] == [
        TO_ANN,
        "",
        "Ann's turn 1, Buy phase: 1 Action, 1 Buy, 0 coins.",
        "Ann's hand, 5 cards: 2 Coppers and 3 Estates.",
        "1. play Copper",
    ]
    assert [line for line in lines[i:] if line.startswith("Ann's turn 1")] == [lines[i + 4]] and code == 1


def test_a_game_loaded_at_a_shared_keyboard_goes_on_in_the_keyboards_language_now(here: Path) -> None:
    f = here / "g.json"
    shared(f"end\nsave {f}\n")  # saved in English, in Ann's Buy phase
    code, lines = shared(f"settings nl\nend\nend\n\nladen {f}\nja\n\nhand\n")
    i = lines.index(f"{f} geladen.")
    # the turn, whose start Ann heard before the save, is told once with its figures, before her question
    assert lines[i + 2 : i + 6] == [
        NL_TO_ANN,
        "",
        "Beurt 1 van Ann, aanschaffase: 1 actie, 1 aanschaf, 0 munten.",
        "Hand van Ann, 5 kaarten: 2 Koper en 3 Landgoederen.",
    ]
    assert code == 1
    assert not any(line.startswith(("Ann's", "Pass the keyboard")) for line in lines[i:])


def test_a_game_of_one_person_is_not_loaded_at_a_shared_keyboard(here: Path) -> None:
    f = here / "one.json"
    play(f"save {f}\nquit\nyes\n", players="Ann:human,Bot:bigmoney")
    _code, lines = shared(f"load {f}\nhand\n")
    said = (
        f"Cannot load {f} at this shared keyboard: it is not a game of several people; "
        f"a11y-dominion play --load {f} plays it."
    )
    assert said in lines
    assert lines[lines.index(said) + 1 :][:2] == ["Ann> hand", "Ann's hand, 5 cards: 2 Coppers and 3 Estates."]


def test_bots_given_by_kind_alone_are_seated_and_watched() -> None:
    code, lines = play("", players="medium,bigmoney")
    assert "New game for Medium and Big Money. Medium goes first." in lines
    assert not any(x.startswith("Pass the keyboard") for x in lines)  # no person: nobody is handed the keyboard
    assert code == 0 and lines[-1] == "Big Money wins."


class Waits:
    """A watched game's pause (:data:`~a11y_dominion.console.watched.pause`), counted instead of
    waited: each wait's seconds and how many lines the screen had by then; Ctrl+C (SIGINT, as the
    terminal sends it) at the wait numbered ``stop_at``."""

    def __init__(self, out: io.StringIO, stop_at: int | None = None) -> None:
        self.out, self.stop_at = out, stop_at
        self.waits: list[tuple[float, int]] = []

    async def __call__(self, seconds: float) -> None:
        import signal

        self.waits.append((seconds, len(self.out.getvalue().splitlines())))
        if len(self.waits) == self.stop_at:
            signal.raise_signal(signal.SIGINT)


def watched(
    monkeypatch: pytest.MonkeyPatch,
    stop_at: int | None,
    *options: str,
    settings: dict[str, object] | None = None,
    typed: Path | None = None,
) -> tuple[int, list[str], Waits]:
    """(exit code, lines shown, the waits) of a game of the medium and Big Money bots, seed 1, watched
    in screen-reader mode (its screen read as the lines come) with ``options`` and ``settings`` (none
    unless given); Ctrl+C at the wait numbered ``stop_at``. ``typed``, when given, is a file of the
    lines typed meanwhile, read as piped input is (:class:`~a11y_dominion.console.piped.PipeReader`)."""
    from a11y_dominion.console import watched as watched_here

    out = io.StringIO()
    waits = Waits(out, stop_at)
    monkeypatch.setattr(watched_here, "pause", waits)
    args = build_parser().parse_args(
        ["play", "--seed", "1", "--speech", "screen-reader", "--players", "medium,bigmoney", *options]
    )
    setup = play_setup(args, out, settings or {}, asking=False)
    assert not isinstance(setup, int)
    if typed is None:
        code = play_on_core(setup, args, PlainReader(io.StringIO(""), out))
        return code, out.getvalue().splitlines(), waits
    from a11y_dominion.console.piped import PipeLines, PipeReader, piece_reader

    with typed.open("rb") as f:
        code = play_on_core(setup, args, PipeReader(PipeLines(piece_reader(f.fileno())), out))
    return code, out.getvalue().splitlines(), waits


def test_a_watched_game_of_bots_goes_at_the_pace_of_its_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, waits = watched(monkeypatch, None)
    assert code == 0 and lines[-1] == "Big Money wins."
    start = lines.index("New game for Medium and Big Money. Medium goes first.")
    # before each bot's answer, a second for each line said since the last one
    # the game's 4 opening lines; Medium's turn 1 is told at its end, in one line, as a player hears it
    assert waits.waits[0] == (4.0, start + 4)
    assert lines[start + 4] == "Medium, turn 1: played 2 Coppers."
    before = start
    for seconds, shown in waits.waits:
        assert seconds == shown - before
        before = shown
    assert len(waits.waits) > 30  # (a game of some 20 turns each, one line a turn)


@pytest.mark.parametrize(
    "options, first, turns",
    [
        ((), "New game for Medium and Big Money. Medium goes first.", ["Medium, turn 1: played 2 Coppers."]),
        (
            ("--lang", "nl"),
            "Nieuw spel voor Medium en Big Money. Medium begint.",
            ["Medium, beurt 1: speelde 2 Koper."],
        ),
    ],
)
def test_a_watched_game_of_bots_at_normal_tells_each_turn_in_one_line(
    monkeypatch: pytest.MonkeyPatch, options: tuple, first: str, turns: list
) -> None:
    # as a player hears another's turn at normal: its summary, no play by play with figures
    _code, lines, _waits = watched(monkeypatch, None, *options, settings=load_settings_with(pace=0))
    start = lines.index(first)
    assert lines[start + 4 : start + 5] == turns
    assert not [
        x for x in lines if x.startswith(("Medium plays", "Medium speelt", "Big Money plays", "Big Money speelt"))
    ]


@pytest.mark.parametrize("pace", [0.5, 3])
def test_the_pace_setting_gives_each_line_of_a_watched_game_its_seconds(
    monkeypatch: pytest.MonkeyPatch, pace: float
) -> None:
    code, lines, waits = watched(monkeypatch, None, settings=load_settings_with(pace=pace))
    assert code == 0 and lines[-1] == "Big Money wins."
    start = lines.index("New game for Medium and Big Money. Medium goes first.")
    assert waits.waits[0] == (4 * pace, start + 4)  # the game's 4 opening lines
    before = start
    for seconds, shown in waits.waits:
        assert seconds == (shown - before) * pace
        before = shown


def test_a_pace_of_0_watches_a_game_of_bots_without_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, waits = watched(monkeypatch, None, settings=load_settings_with(pace=0))
    assert code == 0 and lines[-1] == "Big Money wins." and waits.waits == []


def load_settings_with(**chosen: object) -> dict[str, object]:
    """The settings as read from a settings file that sets ``chosen`` (saved by the settings
    command, then read back as ``play`` reads them)."""
    from a11y_dominion.cli import main
    from a11y_dominion.settings import load_settings

    for key, value in chosen.items():
        assert main(["settings", "set", key, str(value)]) == 0
    data, warning = load_settings()
    assert warning is None
    return data


def test_ctrl_c_while_watching_says_how_to_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, waits = watched(monkeypatch, 30)
    said = waits.waits[-1][1]  # the lines shown when Ctrl+C came: each whole, then the stop
    assert lines[said:] == ["Game stopped. It is kept; a11y-dominion resume goes on with it."]
    assert code == 1
    from a11y_dominion import autosave

    (kept,) = autosave.unfinished_games()
    assert [tuple(seat) for seat in kept.seats] == [("Medium", "medium"), ("Big Money", "bigmoney")]


def test_ctrl_c_while_watching_says_how_to_go_on_in_dutch(monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines, _waits = watched(monkeypatch, 30, "--lang", "nl")
    assert lines[-1] == "Spel gestopt. Het blijft bewaard; a11y-dominion resume gaat ermee verder." and code == 1


WATCHING = (
    "While the bots play, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, "
    "landmarks, events, settings and export; quit or Ctrl+C stops the game, which is kept."
)


def test_each_line_typed_while_watching_is_answered_and_quit_stops_the_game(
    monkeypatch: pytest.MonkeyPatch, here: Path
) -> None:
    typed = here / "typed.txt"
    typed.write_bytes(b"score\nhand\n\nbuy gold\nquit\nstatus\n")
    code, lines, _waits = watched(monkeypatch, None, settings=load_settings_with(pace=0), typed=typed)
    i = lines.index("score")
    assert lines[i:] == [
        "score",
        "Scores if the game ended now:",
        "Medium: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower).",
        "Big Money: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower).",
        "Medium and Big Money are level on 3 VP.",
        "Provinces left: 8. Empty Supply piles: 0.",
        "hand",
        "A watcher has no hand; type status, supply or score to hear the game.",
        "",
        WATCHING,
        "buy gold",
        "Only the players can do that; you watch. Type help for what a watcher may type, or leave.",
        "quit",
        "Game stopped. It is kept; a11y-dominion resume goes on with it.",
    ]  # the line after quit is not read: the game stopped
    assert code == 1
    from a11y_dominion import autosave

    assert len(autosave.unfinished_games()) == 1


def test_each_line_typed_while_watching_is_answered_in_dutch(monkeypatch: pytest.MonkeyPatch, here: Path) -> None:
    typed = here / "typed.txt"
    typed.write_bytes(b"help\nkoop goud\nstoppen\n")
    code, lines, _waits = watched(monkeypatch, None, "--lang", "nl", settings=load_settings_with(pace=0), typed=typed)
    i = lines.index("help")
    assert lines[i:] == [
        "help",
        "Terwijl de bots spelen, mag je status, voorraad, stand, logboek, herhaal, vorige, volgende, "
        "kaart NAAM, vernietigd, bezienswaardigheden, gebeurtenissen, instellingen en exporteer typen; "
        "stoppen of Ctrl+C stopt het spel, dat bewaard blijft.",
        "koop goud",
        "Alleen de spelers kunnen dat; jij kijkt. Typ help voor wat een kijker mag typen, of weg.",
        "stoppen",
        "Spel gestopt. Het blijft bewaard; a11y-dominion resume gaat ermee verder.",
    ]
    assert code == 1


def test_a_resumed_game_of_bots_says_where_it_stands_after_its_last_announcements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from a11y_dominion import autosave

    watched(monkeypatch, 30)  # stopped in Big Money's turn 15, Buy phase
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--speech", "off"])
    args.resume = autosave.unfinished_games()[-1]
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    assert play_on_core(setup, args, PlainReader(io.StringIO(""), out)) == 0
    lines = out.getvalue().splitlines()
    assert lines[2].startswith("Resumed the game of ")
    assert lines[3:11] == [
        "The last announcements:",
        "Medium, turn 13: played Forum and Sacrifice, trashed Estate, gained 2 VP from Sacrifice, played 2 Coppers "
        "and Gold, bought Duchy (4 left); now 6 VP tokens.",
        "Big Money, turn 13: played Copper and 2 Golds, bought Duchy (3 left).",
        "Medium, turn 14: played Copper and 3 Silvers, bought Duchy (2 left).",
        "Big Money, turn 14: played Copper, Gold and 2 Silvers, bought Province (3 left).",
        "Medium, turn 15: played Forum and Sacrifice, trashed Copper, played Copper and Gold, bought Duchy (1 left).",
        # where it goes on: the turn's start is told once, with its phase
        "Big Money's turn 15, Buy phase: 1 Action, 1 Buy, 0 coins.",
        # and the rest of that turn in one line, as its start was told
        "Big Money played Copper and Gold, bought Silver.",
    ]


@pytest.mark.posix  # (a pipe's reader that goes away is a broken pipe on POSIX)
@pytest.mark.e2e  # the program in a process of its own
def test_a_watched_game_piped_into_a_program_that_stops_reading_is_kept_whole(here: Path) -> None:
    import subprocess
    import sys

    from a11y_dominion import autosave
    from a11y_dominion.record import replay

    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-m", "a11y_dominion", "play", "--seed", "1", "--speech", "off"]
    child = subprocess.Popen(
        [*command, "--players", "medium,bigmoney"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=str(root)),
        cwd=str(here),
    )
    assert child.stdout is not None and child.stderr is not None
    first = [child.stdout.readline() for _ in range(40)]  # as head -40 reads, then goes away
    child.stdout.close()
    error = child.stderr.read()
    assert child.wait() == 0 and error == b""  # no traceback, no sentence: nobody reads it
    assert first[4] == b"New game for Medium and Big Money. Medium goes first.\n"
    (kept,) = autosave.unfinished_games()
    game = replay(kept.full_record())  # every answer kept fits the game: it goes on with resume
    assert game.pending is not None and len(game.answers) == len(kept.answers) > 0
