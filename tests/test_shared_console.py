"""A fair shared computer: several humans at one console.

Each human seat has its own narrator, history, language and verbosity;
the keyboard is handed over, and waits for Enter, before another human's
turn or answer; a query about another human's hand is refused. Games run
in process with seed 1 and typed lines from a plain reader (which echoes
them, so the transcript reads like a session).
"""

from __future__ import annotations

import io
import json

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.cli import build_parser, main
from a11y_dominion.console import Console, make_console
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.scenario import load_scenario
from speechdoubles import RecordingOutput
from test_console import position_console

THREE = "Ann:human,Bea:human,Bot:bigmoney"
TO_BEA = "Pass the keyboard to Bea. Bea, press Enter when you are ready."
TO_ANN = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
ANN_DRAW = "You draw 5 Coppers."  # seed 1: Ann's second hand, drawn in her Clean-up


def shared(script: str, players: str = THREE, settings=None, *extra):
    """Run a console on ``script`` (lines separated by newlines), after the Enter that takes
    the first hand-over to Ann; returns (console, printed lines)."""
    script = "\n" + script
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", players, *extra])
    console = make_console(
        args,
        stdout=out,
        reader=PlainReader(io.StringIO(script), out),
        settings=settings if settings is not None else {},
    )
    console.run()
    return console, out.getvalue().splitlines()


def between(lines: list, start: str, end=None) -> list:
    """The lines after the first ``start`` up to the next ``end`` (or to the end)."""
    i = lines.index(start) + 1
    j = lines.index(end, i) if end is not None and end in lines[i:] else len(lines)
    return lines[i:j]


def test_the_keyboard_is_handed_over_and_waits_for_enter():
    console, lines = shared("end\nend\nhand\nplay treasures\n\nhand\n")
    i = lines.index(TO_BEA)
    # Ann's new hand, drawn in her Clean-up, is not printed just before the keyboard passes (where it
    # would stay on the screen for the next player's screen reader): she hears it on her next turn
    assert lines[i - 1] == "Ann> end" and ANN_DRAW not in lines[:i]
    assert ANN_DRAW in [text for text, _priority in console.people["Ann"].queue]
    # typed lines before the Enter are not used: the sentence comes again and nothing of Bea's is shown
    assert lines[i : i + 5] == [TO_BEA, "hand", TO_BEA, "play treasures", TO_BEA]
    assert lines[i + 5] == ""  # the Enter
    after = lines[i + 6 :]
    assert after[0] == "New game for Ann, Bea and Bot. Ann goes first."  # Bea's news, from the start
    assert "Your turn 1." in after
    assert any(x.startswith("Bea's hand: ") for x in after)
    assert any(x.startswith("Bea's hand, 5 cards: ") for x in after)  # hand, typed after the Enter
    assert console.game.answers and len(console.game.answers) == 2  # only Ann's two ends were moves
    assert console.holder.name == "Bea"


def test_each_seat_reads_only_its_own_history():
    script = "end\nend\n\n" + "log 200\n" + "".join(f"repeat {n}\n" for n in range(1, 40)) + "previous\n" * 40
    console, lines = shared(script)
    bea = console.people["Bea"].history
    assert ANN_DRAW in [t for t, _p in console.people["Ann"].queue]  # waits for Ann's next turn
    assert all("Coppers" not in a.text or "Ann" not in a.text for a in bea.entries())
    bea_part = between(lines, TO_BEA)
    assert "The last" in " ".join(bea_part) and ANN_DRAW not in bea_part
    assert not any(x.startswith("Ann draws") and x != "Ann draws 5 cards." for x in bea_part)
    assert not any("5 Coppers" in x for x in bea_part)


def test_another_humans_hand_is_private_and_the_public_queries_are_open():
    console, lines = shared("end\nend\n\nAnn: hand\nAnn: status\nBot: hand\nhand\nscore\n")
    bea_part = between(lines, TO_BEA)
    assert "Ann's hand is private; you may only look at your own hand." in bea_part
    assert "Bot is a bot; you may only look at your own hand." in bea_part
    assert not any(x.startswith(("Ann's hand,", "Ann's hand:")) for x in bea_part)
    assert (
        "Ann has 0 Debt and 0 VP in tokens; 5 cards in hand, 0 cards in the deck, 5 cards in the discard pile."
    ) in bea_part
    assert any(x.startswith("Bea's hand, 5 cards: ") for x in bea_part)
    assert "Scores if the game ended now:" in bea_part


def test_each_seat_hears_its_own_language():
    players = "Ann:human:nl,Bea:human:en,Bot:bigmoney"
    console, lines = shared("einde\neinde\n\nend\nend\n\n", players)
    assert console.people["Ann"].lang.code == "nl" and console.people["Bea"].lang.code == "en"
    ann_first = lines[: lines.index(TO_BEA)]
    assert "Jouw beurt 1." in ann_first and "Je trekt 5 Koper." not in ann_first  # told at her next turn
    assert "Your turn 1." not in ann_first
    bea_part = between(lines, TO_BEA, "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent.")
    assert "Your turn 1." in bea_part and "Jouw beurt 1." not in bea_part
    assert not any(x.startswith(("Je ", "Jouw ")) for x in bea_part)
    assert "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent." in lines
    ann_again = between(lines, "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent.")
    assert "Jouw beurt 2." in ann_again and "Je trekt 5 Koper." in ann_again
    assert "Beurt van Bea 1." not in ann_again


def test_a_seat_setting_gives_language_and_verbosity():
    settings = {"seats": {"bea": {"language": "nl", "verbosity": "terse"}}}
    console, lines = shared("end\nend\n\n", THREE, settings)
    bea = console.people["Bea"]
    assert bea.lang.code == "nl" and bea.verbosity == "terse"
    assert console.people["Ann"].lang.code == "en"
    assert "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent." in lines
    # the --players part of a seat goes over its setting
    console, _ = shared("", "Ann:human,Bea:human:en:verbose,Bot:bigmoney", settings)
    assert console.people["Bea"].lang.code == "en" and console.people["Bea"].verbosity == "verbose"


def test_one_human_keeps_one_history_and_no_hand_over():
    console, lines = shared("end\nend\nend\nend\n", "Ann:human,Bot:bigmoney")
    assert not any(x.startswith("Pass the keyboard") for x in lines)
    assert list(console.people) == ["Ann"] and console.history is console.people["Ann"].history


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


def test_status_during_mountain_pass_bidding_names_the_turn_that_ended():
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {
            "Ann": {"hand": [], "deck": ["Estate"] * 5},
            "Bea": {"hand": ["Copper"] * 5, "deck": ["Copper"] * 5},
        },
    }
    seats = (("Ann", "human"), ("Bea", "human"))
    _, lines = position_console(
        state, "\nbuy Province\nend\n\nstatus\n", ["Villa"], landmarks=["Mountain Pass"], seats=seats
    )
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


def test_the_hand_over_is_spoken_as_important_in_self_voicing():
    rec = RecordingOutput()
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", THREE])
    console = make_console(args, stdout=out, reader=PlainReader(io.StringIO("\nend\nend\n"), out), settings={})
    console.speaker = Speaker("self-voicing", outputs=[rec])
    console.run()
    assert TO_BEA in rec.spoken
    assert TO_BEA not in [a.text for a in console.people["Ann"].history.entries()]  # not a game message


def test_end_of_piped_input_at_the_hand_over_stops_the_game():
    console, lines = shared("end\nend\n")
    assert lines[-2:] == [TO_BEA, "Game stopped."] or lines[-1] == "Game stopped."
    assert console.exit_code == 1  # stopped before its end


def test_an_engine_fault_puts_the_game_back_and_the_table_goes_on():
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", "Ann:human,Bot:bigmoney"])
    console = make_console(
        args, stdout=out, reader=PlainReader(io.StringIO("play treasures\nplay treasures\n"), out), settings={}
    )

    def boom(keys):
        raise RuntimeError("boom")

    console.game.answer = boom  # only this game object: the game put back answers again
    assert console.run() == 1  # the piped input ends before the game
    lines = out.getvalue().splitlines()
    assert (
        "That move failed inside the game engine (RuntimeError: boom); the game is back where it was before it."
    ) in lines
    assert len(console.game.answers) == 1 and "Traceback" not in out.getvalue()


def test_a_bot_game_has_an_onlooker_told_only_public_facts():
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", "A:bigmoney,B:random"])
    console = make_console(args, stdout=out, reader=PlainReader(io.StringIO(""), out), settings={})
    calls = []
    real = console.game.answer

    def once(keys):
        if not calls:
            calls.append(keys)
            raise RuntimeError("boom")
        return real(keys)

    console.game.answer = once
    assert console.run() == 0
    text = out.getvalue()
    assert "Game over." in text and calls
    assert "A draws 5 cards." in text or "A draws" not in text
    assert not any(
        x.startswith(("A draws", "B draws")) and not x.endswith((" cards.", " 1 card.")) for x in text.splitlines()
    )


class VoiceRecording(RecordingOutput):
    """Records each spoken line with the voice language it was spoken in."""

    def __init__(self):
        super().__init__()
        self.language = None
        self.said = []

    def configure(self, language=None, rate=None):
        self.language = language

    def speak(self, text, interrupt=False, priority="normal"):
        super().speak(text, interrupt, priority)
        self.said.append((self.language, text))


def test_the_voice_speaks_the_language_of_the_seat_at_the_keyboard():
    rec = VoiceRecording()
    out = io.StringIO()
    players = "Ann:human:nl,Bea:human:en,Bot:bigmoney"
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", players])
    console = make_console(
        args, stdout=out, reader=PlainReader(io.StringIO("\neinde\neinde\n\nend\n"), out), settings={}
    )
    console.speaker = Speaker("self-voicing", outputs=[rec], language="nl")
    console.run()
    assert ("nl", "Jouw beurt 1.") in rec.said
    assert ("en", TO_BEA) in rec.said
    assert ("en", "Your turn 1.") in rec.said
    assert not any(lang == "nl" and text.startswith("Your ") for lang, text in rec.said)


def test_a_saved_game_keeps_each_seats_language_and_verbosity(tmp_path):
    f = tmp_path / "shared.json"
    shared(f"einde\nbewaar {f}\n", "Ann:human:nl:terse,Bea:human:en,Bot:bigmoney")
    saved = json.loads(f.read_text(encoding="utf-8"))["seats"]
    assert saved == [
        ["Ann", "human", {"language": "nl", "verbosity": "terse"}],
        ["Bea", "human", {"language": "en", "verbosity": "normal"}],
        ["Bot", "bigmoney"],
    ]
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--speech", "off", "--load", str(f)])
    console = make_console(args, stdout=out, reader=PlainReader(io.StringIO("hand\n"), out), settings={})
    console.run()
    assert console.people["Ann"].lang.code == "nl" and console.people["Ann"].verbosity == "terse"
    assert console.people["Bea"].lang.code == "en"


def test_the_first_player_is_handed_the_keyboard_too():
    console, lines = shared("end\n")
    to_ann = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
    i = lines.index(to_ann)
    assert not any(x.startswith(("Your turn", "Ann's hand", "New game")) for x in lines[:i])
    assert "New game for Ann, Bea and Bot. You go first." in lines[i:]


def test_each_seat_recalls_only_its_own_typed_lines():
    """Up and Down at the prompt: a seat's typed-line history holds only its own lines."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from a11y_dominion.console.display import PromptReader

    with create_pipe_input() as pipe:
        reader = PromptReader(None, None, input=pipe, output=DummyOutput())
        reader.use_history("Ann")
        pipe.send_text("play Witch\r")
        assert reader.read("Ann> ") == "play Witch"
        reader.use_history("Bea")
        pipe.send_text("hand\r")
        assert reader.read("Bea> ") == "hand"
        assert list(reader.session.history.get_strings()) == ["hand"]
        reader.use_history("Ann")
        assert list(reader.session.history.get_strings()) == ["play Witch"]


def test_after_a_hand_over_for_an_attack_the_question_says_the_hand():
    """Ann plays Militia; Bea is handed the keyboard to discard and hears her hand with the question."""
    game_state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Militia"]}, "Bea": {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"]}},
    }
    game, _ = load_scenario(
        {"players": ["Ann", "Bea", "Bot"], "kingdom": ["Militia"], "seed": 1, "state": game_state, "script": []}
    )
    out = io.StringIO()
    console = Console(
        game,
        [("Ann", "human"), ("Bea", "human"), ("Bot", "bigmoney")],
        Display(out),
        Speaker("off"),
        reader=PlainReader(io.StringIO("\nplay Militia\n\nEstate, Copper\n"), out),
    )
    console.run()
    lines = out.getvalue().splitlines()
    bea = between(lines, TO_BEA)
    q = next(i for i, x in enumerate(bea) if x.startswith("Bea, Militia: discard 2 cards"))
    assert bea[q + 1] == "Bea's hand: 2 Coppers, Gold, Silver and Estate."
    assert sorted(c.name for c in game.by_name["Bea"].hand) == ["Copper", "Gold", "Silver"]


def test_load_at_a_shared_keyboard_hands_the_keyboard_over_first(tmp_path):
    f = tmp_path / "g.json"
    shared(f"end\nsave {f}\n")  # saved in Ann's Buy phase
    console, lines = shared(f"end\nend\n\nload {f}\nyes\n\nhand\n")
    i = lines.index(f"Loaded {f}.")
    j = lines.index("Pass the keyboard to Ann. Ann, press Enter when you are ready.", i)
    assert not any(x.startswith(("Ann's hand", "Your hand")) for x in lines[i:j])
    assert any(x.startswith("Ann's hand") for x in lines[j:])


def test_the_hand_over_prompt_completes_nothing_and_recalls_nothing():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from a11y_dominion.console.display import PromptReader

    with create_pipe_input() as pipe:
        reader = PromptReader(object(), None, input=pipe, output=DummyOutput())
        reader.use_history("Ann")
        pipe.send_text("play Witch\r")
        reader.read("Ann> ")
        pipe.send_text("\x1b[A\r")  # Up, then Enter, at the hand-over prompt
        assert reader.read_bare() == ""
        assert reader.session.history.get_strings() == ["play Witch"]


def test_only_the_whole_word_yes_confirms():
    console, lines = shared("quit\ny\nquit\nyes\n")
    assert lines.count("The game goes on.") == 1 and lines.count("Game stopped.") == 1
    assert lines.index("The game goes on.") < lines.index("Game stopped.") and console.exit_code == 1


@pytest.mark.parametrize("players", ["You:human,Bea:human", "Ann:human,you:bigmoney", "Jij:human,Bea:human"])
def test_a_seat_called_you_is_refused_where_others_would_hear_it(players, capsys):
    assert main(["play", "--players", players, "--speech", "off"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot be the name of a seat here" in err[0]


def test_the_final_scores_are_told_in_every_players_language():
    """A game ends at Ann's keyboard (English); Bea plays in Dutch and hears the result in Dutch."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {"Ann": {"hand": []}},
        "piles": {"Province": {"count": 1}},
    }
    game, _ = load_scenario(
        {"players": ["Ann", "Bea", "Bot"], "kingdom": ["Villa"], "seed": 1, "state": state, "script": []}
    )
    out = io.StringIO()
    console = Console(
        game,
        [("Ann", "human"), ("Bea", "human"), ("Bot", "bigmoney")],
        Display(out),
        Speaker("off"),
        reader=PlainReader(io.StringIO("\nbuy Province\nend\n"), out),
        seat_options={"Bea": {"language": "nl"}},
    )
    assert console.run() == 0
    lines = out.getvalue().splitlines()
    assert "Game over." in lines and "You win." in lines
    dutch = lines[lines.index("Game over.") :]
    assert "Het spel is afgelopen." in dutch and "Ann wint." in dutch
