"""The console: queries, refused lines, numbered answers, completion, keys, save and load.

``play`` on the console core (tests/playcore.py), driven through prompt_toolkit's pipe input
with a DummyOutput (so the real PromptSession, completer and key bindings run), or through
piped lines, with seed 1, where the first hand is 2 Coppers and 3 Estates, or at a position.
"""

from __future__ import annotations

import io
import json
import re
from types import SimpleNamespace

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

import playcore
from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.cli import build_parser
from a11y_dominion.console.completion import DecisionCompleter, option_words
from a11y_dominion.console.display import Display, wants_plain
from a11y_dominion.console.keys import KEYS
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.decisions import Decision
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import player_view
from answerkeys import answer_data, answer_keys
from speechdoubles import RecordingOutput

F2, F3 = "\x1bOQ", "\x1bOR"
FIRST_HAND = "Your hand, 5 cards: 2 Coppers and 3 Estates."


def play_args(*extra):
    return build_parser().parse_args(["play", "--seed", "1", "--speech", "off", *extra])


def session(text: str, *extra):
    """Play seed 1 on the keys typed in ``text`` (then the end of input) at the line editor;
    returns (the game played, a :class:`playcore.Played`; the exit code; the printed lines)."""
    done = playcore.play(["--seed", "1", *extra], text, keys=True)
    return done, done.code, done.lines


def fresh_game() -> Game:
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["You", "Bot"], piles, events, landmarks, 1))
    game.start()
    return game


def after(lines: list, marker: str) -> list:
    """The lines printed after the first line equal to ``marker``."""
    return lines[lines.index(marker) + 1 :]


def state(game: Game) -> tuple:
    """Everything a move could change, to compare two games."""
    return (
        game.answers,
        len(game.log),
        game.turn.phase,
        game.turn.coins,
        [
            (
                [c.name for c in p.hand],
                [c.name for c in p.deck],
                [c.name for c in p.discard],
                [c.name for c in p.in_play],
                p.debt,
                p.vp_tokens,
            )
            for p in game.players
        ],
        {n: len(p.cards) for n, p in game.piles.items()},
    )


# ------------------------------------------------------------------ queries
def test_queries_print_facts_and_do_not_change_the_game():
    text = "".join(
        c + "\r"
        for c in [
            "hand",
            "status",
            "supply",
            "score",
            "landmarks",
            "events",
            "card Villa",
            "trash",
            "log 2",
            "repeat",
            "options",
            "help",
            "help keys",
            "speech",
        ]
    )
    console, code, lines = session(text)
    assert code == 1  # stopped before its end, as at the host
    assert state(console.game) == state(fresh_game())
    assert lines.count(FIRST_HAND) == 1
    assert "Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins." in lines
    assert (
        "You have 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile."
    ) in lines
    assert "Bot: 0 Debt, 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile." in lines
    assert "Supply: 17 piles, 0 empty." in lines
    assert "Province: 8 coins, 8 left." in lines
    assert "Patrician/Emporium: Patrician on top, 2 coins, 10 left; below: 5 Emporiums (5 coins)." in lines
    assert any(
        x.startswith("Castles: Humble Castle on top, 3 coins, 8 left; below: Crumbling Castle (4 coins)") for x in lines
    )
    assert "You: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower)." in lines
    assert "You and Bot are level on 3 VP." in lines
    assert any(x.startswith("Tower: When scoring") for x in lines)
    assert "Wedding, Event, costs 4 coins and 3 Debt: +1 VP. Gain a Gold." in lines
    assert any(x.startswith("Villa: Action, costs 4 coins. +2 Actions, +1 Buy, +1 coin.") for x in lines)
    assert "The trash is empty." in lines
    assert after(lines, "The last 2 messages:")[:2] == console.history.recent(2)
    # the turn's line as it was said, with the prompt on it
    assert console.history.recent(1) == ["Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins."]
    assert console.history.recent(1)[0] in lines
    assert "F3 or Alt+H: read your hand (command hand)." in lines
    assert "Speech is off; the game shows text only." in lines
    assert lines[-1] == "Game stopped."


def test_options_lists_every_move_numbered():
    _, _, lines = session("options\r")
    # the first question, on the line of the turn's start, with the hand and the moves, the buys summed up
    first = after(lines, "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.")
    # (with Treasures still to play, the buys at 0 coins are not listed: one clause says how to buy)
    assert first[:5] == [
        "Your hand: 2 Coppers and 3 Estates.",
        "1. play Copper",
        "2. play treasures",
        "3 to 6: buy, once your Treasures are played.",
        "7. end the Action phase",
    ]
    # then options repeats it without the hand, every move on its own line, the buys too
    again = after(first, "Action phase: 1 Action, 1 Buy, 0 coins.")
    assert again[:8] == [
        "1. play Copper",
        "2. play treasures",
        "3. buy Copper, 0 coins",
        "4. buy Curse, 0 coins",
        "5. buy City Quarter, 8 Debt",
        "6. buy Engineer, 4 Debt",
        "7. end the Action phase",
        "Game stopped.",
    ]


def test_long_buy_list_is_summed_up():
    _, _, lines = session("play treasures\rend\rplay treasures\r")
    # turn 2: 5 Coppers give 5 coins, 16 things to buy; how to hear them all was said at turn 1
    i = lines.index("You play 5 Coppers. 5 coins.")  # after the first turn "play treasures" implies the Buy phase
    # the same moves as at turn 1 with other numbers: the run of buys by its numbers alone (its cards
    # follow from the coins) and the move whose number moved, so that no number is skipped unsaid
    assert lines[i + 1] == "1 to 16: buy; 17: end."
    assert "6. buy Patrician, 2 coins" in lines[:i]


# ---------------------------------------------------------- refused lines
def test_illegal_move_gives_one_sentence_and_the_game_goes_on():
    console, code, lines = session("buy Province\rplay treasures\r")
    i = lines.index(
        "Province costs 8 coins; you have 0 coins until you play the Treasures in your hand: type play treasures."
    )
    assert (
        lines.count(
            "Province costs 8 coins; you have 0 coins until you play the Treasures in your hand: type play treasures."
        )
        == 1
    )
    # the move's sentence and the new figures, once, on one line
    assert lines.index("You play 2 Coppers. Buy phase: 2 coins.") > i
    assert answer_keys(console.game) == [["treasures"]]
    assert not any("Traceback" in x for x in lines)


def test_mistyped_command_gives_one_sentence_and_changes_nothing():
    console, _, lines = session("hnad\rplya Copper\rxyzzy\r")
    assert "hnad is not a command or a move; did you mean hand? Type help for commands." in lines
    assert "plya Copper is not a command or a move; did you mean play? Type help for commands." in lines
    assert ("xyzzy is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end.") in lines
    assert state(console.game) == state(fresh_game())


def test_say_at_the_console_is_a_command_never_read_as_a_move():
    """say, the chat of every end, is a command at the console too (English and Dutch): the line
    said, as at the host's own seat, never read as a move."""
    console, _, lines = session("say good luck\rzeg hallo\r")
    assert "You say: good luck" in lines and "You say: hallo" in lines
    assert not any("is not a move" in x or "Traceback" in x for x in lines)
    assert state(console.game) == state(fresh_game())


def test_number_out_of_range_and_unknown_card():
    console, _, lines = session("9\rplay Dragon\rbuy Gold\r")
    assert "There is no move number 9; choose 1 to 7." in lines
    assert (
        "This game knows no card or Event named Dragon. Type supply to hear the piles, or hand to hear your hand."
    ) in lines
    assert (
        "Gold costs 6 coins; you have 0 coins until you play the Treasures in your hand: type play treasures." in lines
    )
    assert answer_keys(console.game) == []


# --------------------------------------------------------- numbered answers
def test_numbered_answers_at_the_turn_prompt():
    console, _, lines = session("2\r2\r")
    # 2 = play treasures; then in the Buy phase with 2 coins, 2 = buy Estate
    assert answer_keys(console.game) == [["treasures"], ["buy:Estate"]]
    assert "You play 2 Coppers. Buy phase: 2 coins." in lines
    assert "2. buy Estate, 2 coins" in lines


def forum_console(script: str):
    """(the game played, its printed lines) where You start with Forum in hand (5 Coppers to
    draw) against the Big Money bot and answer from ``script``, piped in."""
    state = {
        "turn": {"player": "You", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"You": {"hand": ["Forum", "Copper", "Estate", "Estate", "Copper"], "deck": ["Copper"] * 5}},
    }
    played = playcore.position(state, script, ("Forum", "Villa"), (("You", "human"), ("Bot", "bigmoney")))
    return played, played.lines


def test_numbered_answers_in_a_card_choice():
    console, lines = forum_console("play Forum\r\n3, 2\r\n2, 1\r\n")
    i = lines.index("Forum: discard 2 cards.")
    # Forum drew 3 Coppers: 5 Coppers and 2 Estates to choose from
    assert lines[i + 1 : i + 4] == [
        "Choose 2, by numbers or names separated by commas. Repeat a number to choose that card again.",
        "1. Copper (5 of them)",
        "2. Estate (2 of them)",
    ]
    assert "There is no choice number 3; choose 1 or 2." in lines
    assert answer_keys(console.game) == [["play:Forum"], ["Estate", "Copper"]]
    assert [c.name for c in console.game.players[0].discard] == ["Copper", "Estate"]
    assert lines[-1] == "Game stopped."


def test_yes_no_and_none_words_in_a_card_choice():
    console, lines = forum_console("play Forum\r\nyes\r\nnone\r\n1,1,1\r\n")
    assert "Name the card you choose; yes alone does not say which." in lines
    assert any(x.startswith("Choose exactly 2; you chose 0.") for x in lines)
    assert len(console.game.answers) == 1  # only play Forum was accepted


def test_starts_of_names_are_enough_when_only_one_option_fits():
    console, _, lines = session("play t\rbuy c\rbuy pat\r")
    assert "c could be Copper, Curse or City Quarter; type more of the name." in lines
    assert answer_keys(console.game) == [["treasures"], ["buy:Patrician/Emporium"]]


def test_a_pile_choice_names_top_card_cost_and_tokens():
    state = {
        "turn": {"player": "You", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"You": {"hand": ["Silver", "Copper", "Estate", "Estate", "Estate"]}},
    }
    seats = (("You", "human"), ("Bot", "bigmoney"))
    typed = "play treasures\nbuy tax\nrocks\n"
    lines = playcore.position(state, typed, ("Catapult", "Villa"), seats, events=("Tax",)).lines
    i = lines.index("Tax: choose a Supply pile to put 2 Debt on.")
    assert lines[i + 1] == "Choose one by number or name."
    assert "8. Catapult (Catapult/Rocks pile), 3 coins, 1 Debt on it" in lines[i + 2 :]
    assert "9. Villa, 4 coins, 1 Debt on it" in lines[i + 2 :]
    assert "Rocks is not on top of its pile; the top card is Catapult." in lines


def test_every_announcement_is_printed_spoken_and_kept():
    rec = RecordingOutput()
    speaker = Speaker("self-voicing", outputs=[rec])
    console = playcore.play(["--seed", "1"], ["play treasures", "hand"], speaker=speaker)
    printed = console.lines
    kept = [a.text for a in console.history.entries()]
    assert "a11y-dominion. Type help for commands; F2 repeats the last message." == kept[0]
    assert len(kept) > 5
    for text in kept:  # each on a line of its own, or with the turn prompt that follows it
        with_prompt = (text + " Action phase: ", text + " Buy phase: ")
        assert any(x == text or x.startswith(with_prompt) for x in printed), text
        assert any(x == text or x.startswith(with_prompt) for x in rec.spoken), text
    assert "Your hand, 3 cards: 3 Estates." in rec.spoken  # query answers are spoken, not kept
    assert "Your hand, 3 cards: 3 Estates." not in kept
    # at the turn prompt the question is spoken, the numbered moves only on request
    assert "You play 2 Coppers. Buy phase: 2 coins." in rec.spoken
    assert "1. buy Copper, 0 coins" in printed and "1. buy Copper, 0 coins" not in rec.spoken


# --------------------------------------------------------------- completion
def completions(game, text: str) -> list:
    comp = DecisionCompleter(lambda: game)
    return [c.text for c in comp.get_completions(Document(text, len(text)), CompleteEvent())]


def test_completion_offers_only_legal_cards():
    game = fresh_game()
    assert completions(game, "play ") == ["Copper", "treasures"]
    assert completions(game, "play t") == ["treasures"]
    assert completions(game, "buy ") == ["Copper", "Curse", "City Quarter", "Engineer"]
    assert completions(game, "buy c") == ["Copper", "Curse", "City Quarter"]
    assert completions(game, "card vil") == ["Villa"]
    assert completions(game, "card King") == ["King's Castle"]
    assert completions(game, "help k") == ["keys"]
    start = completions(game, "")
    assert "play " in start and "hand" in start and "supply" in start and "pay " not in start
    assert completions(game, "su") == ["supply"]
    game.answer(["treasures"])
    assert completions(game, "buy ") == ["Copper", "Estate", "Curse", "City Quarter", "Engineer", "Patrician"]
    assert completions(game, "play ") == []


def test_completion_in_a_card_choice_uses_the_options():
    d = Decision(
        "You",
        "cards",
        "discard",
        "Forum: discard 2 cards.",
        ["Copper", "Estate", "Gold"],
        2,
        2,
        counts={"Copper": 2, "Estate": 1, "Gold": 1},
    )
    game = SimpleNamespace(pending=d, piles={})
    assert option_words(game) == ["Copper", "Estate", "Gold"]
    assert completions(game, "e") == ["Estate", "events", "export "]  # commands stay valid in a choice
    assert completions(game, "Es") == ["Estate"]
    assert completions(game, "Copper, g") == ["Gold"]
    yn = SimpleNamespace(pending=Decision("You", "yesno", "yesno", "Trash it?", ["yes", "no"]), piles={})
    assert completions(yn, "y") == ["yes"]


# ---------------------------------------------------------------- shortcut keys
def test_keys_read_hand_and_repeat_and_keep_the_typed_text():
    console, _, lines = session("pla" + F3 + "y treasures\r" + F2)
    assert lines.count(FIRST_HAND) == 1
    assert answer_keys(console.game) == [["treasures"]]
    # F2 repeats the last message as it was said: the narration of the Treasures with the prompt
    assert lines[-2:] == ["You play 2 Coppers. Buy phase: 2 coins.", "Game stopped."]
    assert lines.count("You play 2 Coppers. Buy phase: 2 coins.") == 2


def test_history_is_walked_with_f6_and_f7():
    f6, f7 = "\x1b[17~", "\x1b[18~"
    console, _, lines = session(f6 + f6 + f7 + f7 + f7)
    kept = [a.text for a in console.history.entries()]
    n = len(kept)
    assert lines[-6:-1] == [
        f"{kept[n - 2]} ({n - 1} of {n})",
        f"{kept[n - 3]} ({n - 2} of {n})",
        f"{kept[n - 2]} ({n - 1} of {n})",
        f"{kept[n - 1]} ({n} of {n})",
        f"{kept[n - 1]} ({n} of {n}, the newest message)",  # (F7 at the newest says so)
    ]


def test_every_key_runs_its_command():
    for fkey, alt, _spoken, command, _what in KEYS:
        _, _, by_key = session(
            {
                "f2": "\x1bOQ",
                "f3": "\x1bOR",
                "f4": "\x1bOS",
                "f5": "\x1b[15~",
                "f6": "\x1b[17~",
                "f7": "\x1b[18~",
                "f8": "\x1b[19~",
                "f9": "\x1b[20~",
                "f12": "\x1b[24~",
            }[fkey[0]]
        )
        _, _, by_alt = session("\x1b" + alt[1])
        _, _, typed = session(command + "\r")
        # each session is kept when it stops; the next one says so at its start
        by_key, by_alt, typed = ([x for x in got if "unfinished game" not in x] for got in (by_key, by_alt, typed))
        assert by_key == by_alt == typed, command


def test_keys_avoid_what_screen_readers_and_terminals_take():
    taken = {"insert", "f1", "f10", "f11", "c-c", "c-d", "c-z", "c-s", "c-q", "c-\\"}
    for fkey, alt, *_ in KEYS:
        assert not taken & set(fkey)
        assert alt[0] == "escape" and alt[1] not in ("enter", "c-m")


# ---------------------------------------------------------------- save and load
def test_corrupt_save_file_is_refused_with_one_sentence(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    console, _, lines = session(f"play treasures\rload {bad}\rload {other}\rload {tmp_path}/missing.json\r")
    assert (f"Cannot load {bad}: The save file is not valid JSON (line 1). The game goes on unchanged.") in lines
    assert (f"Cannot load {other}: This file is not an a11y-dominion saved game. The game goes on unchanged.") in lines
    assert (
        f"Cannot load {tmp_path}/missing.json: There is no file named {tmp_path}/missing.json. "
        "The game goes on unchanged."
    ) in lines
    assert answer_keys(console.game) == [["treasures"]]


def test_damaged_answers_in_a_save_file_are_refused(tmp_path):
    rec = {
        "format": "a11y-dominion-record",
        "version": 1,
        "config": {"players": ["You", "Bot"], "kingdom": ["Villa"], "events": [], "landmarks": [], "seed": 1},
        "seats": [["You", "human"], ["Bot", "bigmoney"]],
        "answers": [["buy:Province"]],
    }
    f = tmp_path / "damaged.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    console, _, lines = session(f"load {f}\r")
    assert (
        f"Cannot load {f}: Answer 1 in the saved game does not fit the game; the file is damaged. "
        "The game goes on unchanged."
    ) in lines
    assert state(console.game) == state(fresh_game())


def test_save_then_load_gives_the_same_state(tmp_path):
    f = tmp_path / "game.json"
    # turn 1: treasures, buy Estate, end; the bot's turn; turn 2: save, play treasures, end, load
    console, _, lines = session(f"play treasures\rbuy Estate\rend\rsave {f}\rplay treasures\rend\rload {f}\ryes\r")
    assert f"Game saved to {f}." in lines
    assert f"Loaded {f}." in lines
    saved = json.loads(f.read_text(encoding="utf-8"))
    assert saved["seats"] == [["You", "human", {"language": "en", "verbosity": "normal"}], ["Bot", "medium"]]
    assert answer_data(console.game) == saved["answers"]
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    reference = Game(GameConfig(["You", "Bot"], piles, events, landmarks, 1))
    reference.start()
    for a in saved["answers"]:
        reference.answer(a)
    assert state(console.game) == state(reference)
    i = lines.index(f"Loaded {f}.")
    assert re.fullmatch(
        r"The game you left is kept unfinished; a11y-dominion resume \d{8}-\d{6}(-\d+)? goes on with it\.", lines[i + 1]
    ), lines[i + 1]
    assert lines[i + 2 : i + 4] == [  # where the loaded game stands, as after resume
        "Your turn 2, Action phase: 1 Action, 1 Buy, 0 coins.",
        "Your hand, 5 cards: 5 Coppers.",
    ]


def test_load_flag_resumes_a_saved_game(tmp_path):
    f = tmp_path / "game.json"
    session(f"play treasures\rbuy Estate\rsave {f}\r")
    console, code, lines = session("hand\r", "--load", str(f))
    assert code == 1  # stopped before its end, as at the host
    assert f"Loaded {f}." in lines
    assert answer_data(console.game) == json.loads(f.read_text(encoding="utf-8"))["answers"]
    assert not any(x.startswith("New game for") for x in lines)  # no new game was started


def test_save_to_a_bad_place_is_one_sentence(tmp_path):
    console, _, lines = session(f"save {tmp_path}/no/such/dir/game.json\r")
    assert f"Cannot save to {tmp_path}/no/such/dir/game.json: No such file or directory." in lines
    assert answer_keys(console.game) == []


# ---------------------------------------------------------------- stopping and the end
def test_quit_asks_first():
    console, code, lines = session("quit\rno\rquit\ryes\rhand\r")
    assert code == 1  # stopped before its end, as at the host
    assert "The game goes on." in lines
    assert lines[-1] == "Game stopped."
    assert FIRST_HAND not in lines  # nothing was read after quitting


def test_end_of_input_stops_the_game():
    played = playcore.play(["--seed", "1"], "")
    assert played.code == 1  # stopped before its end
    assert played.lines[-1] == "Game stopped."


def test_a_whole_game_ends_with_final_scores():
    # You only ever end your turn; Big Money buys all the Provinces.
    console = playcore.play(["--seed", "1", "--players", "You:human,Bot:bigmoney"], "end\n" * 500)
    assert console.code == 0
    lines = console.lines
    i = lines.index("Game over.")
    assert lines[i + 1] == "You: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower)."
    assert lines[i + 2].startswith("Bot: ") and lines[i + 3] == "Bot wins."
    assert console.game.pending is None
    assert "\x1b" not in console.text


def test_two_humans_share_the_screen():
    text = "\rBob: end\rAnn: play treasures\rAnn: hand\r"
    console, _, lines = session(text, "--players", "Ann:human,Bob:human")
    assert "It is Ann who must answer now, not Bob." in lines
    assert answer_keys(console.game) == [["treasures"]]
    assert "Ann's hand, 3 cards: 3 Estates." in lines
    assert "Ann>" not in lines


# ---------------------------------------------------------------- output modes
@pytest.mark.parametrize(
    "speech,plain,env,tty,expected",
    [
        ("screen-reader", False, {"TERM": "xterm"}, True, True),
        ("off", False, {"TERM": "xterm"}, True, True),
        ("auto", True, {"TERM": "xterm"}, True, True),
        ("auto", False, {"TERM": "dumb"}, True, True),
        ("auto", False, {"TERM": "xterm"}, False, True),
        ("self-voicing", False, {"TERM": "xterm"}, True, False),
    ],
)
def test_when_output_is_plain(speech, plain, env, tty, expected):
    stream = SimpleNamespace(isatty=lambda: tty)
    assert wants_plain(speech, plain, stream, env) is expected


def test_rich_supply_table_has_the_same_facts(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    display = Display(out, plain=False)
    display.console.width = 160
    game = fresh_game()
    display.supply_table(player_view(game, game.players[0].name))
    text = out.getvalue()
    assert "\x1b[" not in text  # NO_COLOR and a non-terminal file: no colour codes
    assert "Patrician/Emporium" in text and "5 Emporiums (5 coins)" in text
    assert "8 Debt" in text


@pytest.mark.parametrize(
    "name, colour",
    [
        ("Castles", "green"),
        ("Kastelen", "green"),
        ("Patrician/Emporium", "cyan"),
        ("Villa", "cyan"),
        ("Tower", "bright_blue"),
    ],
)
def test_a_pile_of_several_cards_is_coloured_as_its_top_card(name, colour):
    """In rich output a Kingdom line colours every name by its type: a pile of several cards
    (Castles, a split pile) by its top card's, as every other Kingdom name is."""
    from a11y_dominion.console.display import card_style

    assert card_style(name) == colour


# --------------------------------------------------------------- confirmations
def position_console(
    state: dict,
    lines: str,
    kingdom=("Villa", "Sacrifice"),
    confirm=True,
    lang: str = "en",
    events=(),
    landmarks=(),
    seats=(("Ann", "human"), ("Bot", "bigmoney")),
):
    """(console, printed lines) of the console at the position ``state`` (a scenario's
    state) with ``lines`` typed, plain output, speech off, in ``lang``; ``seats`` the
    (name, kind) of each player: ``play --position`` on the console core
    (:func:`playcore.position`; its "console" the game played)."""
    played = playcore.position(
        state,
        lines,
        tuple(kingdom),
        tuple(seats),
        ("--lang", lang),
        {"confirm": confirm},
        tuple(events),
        tuple(landmarks),
    )
    return played, played.lines


ANN_WITH_VILLA = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Villa", "Copper"], "deck": ["Estate"] * 5}},
}


def test_ending_the_action_phase_with_playable_actions_asks_first():
    console, lines = position_console(ANN_WITH_VILLA, "end\nno\n")
    assert any(x.startswith("You still have 1 Action and could play Villa. End the Action phase?") for x in lines)
    assert "The Action phase goes on." in lines
    assert console.game.turn.phase == "action" and answer_keys(console.game) == []


def test_yes_ends_the_action_phase():
    console, lines = position_console(ANN_WITH_VILLA, "end\nyes\n")
    assert console.game.turn.phase == "buy" and answer_keys(console.game) == [["end"]]


def test_trashing_asks_first_unless_turned_off():
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Sacrifice", "Copper", "Estate"], "deck": ["Estate"] * 5}},
    }
    console, lines = position_console(state, "play Sacrifice\nEstate\nno\n")
    assert "Trash Estate? Type yes to trash: no" in lines
    # what did not happen, and the question that stands
    assert lines[lines.index("Trash Estate? Type yes to trash: no") + 1] == (
        "Nothing was trashed. Sacrifice: trash a card from your hand."
    )
    assert [c.name for c in console.game.trash] == []
    console, lines = position_console(state, "play Sacrifice\nEstate\n", confirm=False)
    assert [c.name for c in console.game.trash] == ["Estate"]
    assert console.game.by_name["Ann"].vp_tokens == 2


def test_trashing_the_engineer_is_one_question_and_undo_takes_it_back():
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Engineer", "Copper"], "deck": ["Estate"] * 5}},
    }
    question = "Engineer: trash the Engineer to gain another card costing up to 4 coins?"
    KINGDOM = ("Villa", "Engineer")
    console, lines = position_console(state, "play Engineer\nSilver\nyes\nEstate\n", KINGDOM)
    assert question in lines
    assert not any(x.startswith("Trash Engineer?") for x in lines)  # no second question
    assert [c.name for c in console.game.trash] == ["Engineer"]
    assert sorted(c.name for c in console.game.by_name["Ann"].discard) == ["Estate", "Silver"]
    console, lines = position_console(state, "play Engineer\nSilver\nno\n", KINGDOM)
    assert question in lines and not any(x.startswith("Trash Engineer?") for x in lines)
    assert console.game.trash == [] and [c.name for c in console.game.by_name["Ann"].in_play] == ["Engineer"]
    # the question promises nothing of undo, which takes the trashing back
    console, lines = position_console(state, "play Engineer\nSilver\nyes\nundo\n", KINGDOM)
    assert lines[lines.index("You> undo") + 1] == "Taken back: your trashing of Engineer."
    assert console.game.trash == [] and [c.name for c in console.game.by_name["Ann"].in_play] == ["Engineer"]


def test_repeat_n_reads_the_nth_latest_message():
    console, lines = position_console(ANN_WITH_VILLA, "repeat 2\nrepeat 0\nrepeat 999\n")
    kept = console.history.recent(2)
    i = (
        lines.index("repeat 2")
        if "repeat 2" in lines
        else [j for j, x in enumerate(lines) if x.endswith("repeat 2")][0]
    )
    assert lines[i + 1] == kept[0]
    assert "Repeat takes a whole number from 1, for example repeat 3 for the third latest message." in lines
    assert f"There are only {len(console.history)} messages so far." in lines


# ---------------------------------------------------------------- Ctrl+C, Ctrl+D and load
CTRL_C, CTRL_D = "\x03", "\x04"


def test_ctrl_c_at_the_quit_question_is_no():
    console, code, lines = session("quit\r" + CTRL_C + "hand\r")
    assert code == 1  # stopped before its end, as at the host
    assert after(lines, "The game goes on.")[:1] == [FIRST_HAND]
    assert "Game stopped." == lines[-1]  # the end of the piped keys, after the hand


def test_ctrl_d_at_a_terminal_asks_the_quit_question():
    console, code, lines = session(CTRL_D + "no\rhand\r")
    assert after(lines, "The game goes on.")[:1] == [FIRST_HAND]
    console, code, lines = session(CTRL_D + "yes\rhand\r")
    assert code == 1  # stopped before its end, as at the host
    assert lines[-1] == "Game stopped." and FIRST_HAND not in lines


def test_end_of_piped_input_stops_without_asking():
    played = playcore.play(["--seed", "1"], "hand\n")
    assert played.code == 1  # stopped before its end
    printed = played.text
    assert printed.splitlines()[-1] == "Game stopped."
    assert "Stop the game without saving?" not in printed


def load_console(script: str, confirm: bool = True):
    """(the game played, its printed lines) of the basic-intro game (seed 1), typing ``script``
    piped in, the confirm setting ``confirm``."""
    played = playcore.play(["--seed", "1"], script, settings={"confirm": confirm})
    return played, played.lines


def test_load_in_a_game_in_progress_asks_first(tmp_path):
    f = tmp_path / "game.json"
    session(f"play treasures\rbuy Estate\rsave {f}\r")
    saved = json.loads(f.read_text(encoding="utf-8"))["answers"]
    console, lines = load_console(f"play treasures\nload {f}\nno\n")
    assert f"Replace the game in progress with {f}? Type yes to load: no" in lines
    assert "Not loaded. The game goes on." in lines
    assert answer_keys(console.game) == [["treasures"]]
    console, lines = load_console(f"play treasures\nload {f}\nyes\n")
    assert f"Loaded {f}." in lines and answer_data(console.game) == saved
    # nothing to lose before the first move, or with the confirm setting off: no question
    for script, confirm in ((f"load {f}\n", True), (f"play treasures\nload {f}\n", False)):
        console, lines = load_console(script, confirm)
        assert not any(x.startswith("Replace the game") for x in lines)
        assert f"Loaded {f}." in lines and answer_data(console.game) == saved


# ---------------------------------------------------------------- more confirmations
ENDS_ACTION_PHASE = (
    "You still have 1 Action and could play Villa. {what} ends the Action phase. Go on? Type yes to go on: no"
)


NOT_DONE = {
    "play treasures": "Nothing was played; the Action phase goes on.",
    "play Copper": "Nothing was played; the Action phase goes on.",
    "buy Copper": "Nothing was bought; the Action phase goes on.",
    "pay": "No Debt was paid; the Action phase goes on.",
}


@pytest.mark.parametrize(
    "move,what",
    [
        ("play treasures", "Playing Treasures"),
        ("play Copper", "Playing Copper"),
        ("buy Copper", "Buying Copper"),
        ("pay", "Paying Debt"),
    ],
)
def test_moves_that_end_the_action_phase_ask_first(move, what):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 1},
        "players": {"Ann": {"hand": ["Villa", "Copper"], "deck": ["Estate"] * 5, "debt": 2 if move == "pay" else 0}},
    }
    console, lines = position_console(state, f"{move}\nno\n")
    assert ENDS_ACTION_PHASE.format(what=what) in lines
    assert NOT_DONE[move] in lines
    assert console.game.turn.phase == "action" and answer_keys(console.game) == []
    console, lines = position_console(state, f"{move}\nyes\n")
    assert console.game.turn.phase == "buy" and len(console.game.answers) == 1


def test_playing_treasures_without_action_cards_asks_nothing():
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Copper", "Estate"], "deck": ["Estate"] * 5}},
    }
    console, lines = position_console(state, "play treasures\n")
    assert not any("Go on?" in x for x in lines)
    assert answer_keys(console.game) == [["treasures"]]


DEBT_AT_THE_END = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 3},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5, "debt": 5}},
}


def test_ending_the_turn_with_debt_and_coins_asks_first():
    console, lines = position_console(DEBT_AT_THE_END, "end\nno\n")
    assert (
        "Ending the turn now leaves 3 coins unused (you have 5 Debt). End the turn? Type yes to end it: no"
    ) in lines
    assert answer_keys(console.game) == [] and console.game.turn.coins == 3
    console, lines = position_console(DEBT_AT_THE_END, "end\nyes\n")
    assert answer_keys(console.game)[0] == ["end"]
    console, lines = position_console(DEBT_AT_THE_END, "end\n", confirm=False)
    assert not any(x.startswith("Ending the turn now leaves") for x in lines)
    assert answer_keys(console.game)[0] == ["end"]


# ---------------------------------------------------------------- wording
def test_long_buy_list_says_cards_when_there_are_no_events():
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
    }
    _, lines = position_console(state, "", kingdom=("Villa", "Sacrifice", "Forum", "Chariot Race"))
    assert "1 to 11: buy one of 11 cards you can afford; type options to hear all moves." in lines


def test_log_0_asks_for_a_number_from_1():
    _, lines = position_console(ANN_WITH_VILLA, "log 0\nlog x\n")
    assert lines.count("Log takes a whole number from 1, for example log 5.") == 2
    assert "Nothing has been said yet." not in lines


def test_a_bots_hand_is_not_shown_and_its_public_status_is():
    text = "\rCid: hand\rCid: status\r"
    console, _, lines = session(text, "--players", "Ann:human,Bob:human,Cid:bigmoney")
    assert "Cid is a bot; you may only look at your own hand." in lines
    assert not any(
        x.startswith(("Ann's hand,", "Cid's hand")) for x in lines
    )  # the query's answer, not the turn prompt
    assert (
        "Cid has 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile."
    ) in lines
    console, _, lines = session("Bot: hand\r")  # one human: not the human's own hand either
    assert "Bot is a bot; you may only look at your own hand." in lines
    assert FIRST_HAND not in lines


def test_card_gives_the_other_language_s_name_exactly_when_it_differs():
    from a11y_dominion.console.queries import card_lines
    from a11y_dominion.rules.cards import CARDS, EVENTS, LANDMARKS, PILES, dutch_name

    nl = Language("nl")
    assert card_lines(None, "tower")[0].startswith("Tower (Dutch: Toren): Landmark. ")
    assert card_lines(None, "villa")[0].startswith("Villa: Action, costs 4 coins. ")
    assert card_lines(None, "arena")[0].startswith("Arena: Landmark. ")
    assert card_lines(None, "arena", nl)[0].startswith("Arena: bezienswaardigheid. ")
    assert card_lines(None, "toren", nl)[0].startswith("Toren (Engels: Tower): bezienswaardigheid. ")
    for name in [*CARDS, *EVENTS, *LANDMARKS, *(p for p in PILES if p not in CARDS)]:
        english, dutch = card_lines(None, name)[0], card_lines(None, dutch_name(name), nl)[0]
        differs = dutch_name(name) != name
        assert english.startswith(f"{name} (Dutch: {dutch_name(name)})") == differs, english
        assert dutch.startswith(f"{dutch_name(name)} (Engels: {name})") == differs, dutch
        assert ("(Dutch:" in english) == ("(Engels:" in dutch) == differs, (english, dutch)


def test_card_finds_a_name_by_its_start_or_asks_which():
    _, _, lines = session("card pat\rcard tri\rcard vila\rcard zzz\r")
    assert any(x.startswith("Patrician (Dutch: Patriciër): Action, costs 2 coins.") for x in lines)
    assert "There is no card named tri; did you mean Triumph or Triumphal Arch?" in lines
    assert "There is no card named vila; did you mean Villa?" in lines
    assert "zzz is not a card, Event or Landmark this game knows." in lines


def test_a_move_while_a_card_asks_says_to_answer_first():
    console, lines = forum_console("play Forum\r\nbuy gold\r\nplay Villa\r\nend\r\n")
    assert lines.count("First answer the question: Forum: discard 2 cards.") == 3
    assert not any("no card named" in x or "no card or Event named" in x for x in lines)
    assert answer_keys(console.game) == [["play:Forum"]]


def test_a_long_mistyped_line_is_not_read_back_in_full():
    _, _, lines = session("buy " + "z" * 80 + "\r" + "hnad " + "y" * 80 + "\r" + "q" * 90 + "\r")
    assert (
        "This game knows no card or Event named " + "z" * 40 + "…. Type supply to hear the piles, or hand to hear "
        "your hand."
    ) in lines
    assert "hnad " + "y" * 35 + "… is not a command or a move; did you mean hand? Type help for commands." in lines
    assert "q" * 40 + "… is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end." in lines


# ---------------------------------------------------------------- a shared table
def test_table_mode_keeps_a_bots_cards_private():
    # (piped lines, each read when asked: keys typed at a terminal before a hand-over are not the next person's)
    lines = playcore.play(
        ["--seed", "1", "--players", "Ann:human,Bob:human,Cid:bigmoney"], "\nend\nend\n\nend\nend\n\n"
    ).lines
    to_ann = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
    back = len(lines) - 1 - lines[::-1].index(to_ann)  # Ann is handed the keyboard again
    bob = lines[lines.index("Pass the keyboard to Bob. Bob, press Enter when you are ready.") : back]
    ann_news = lines[back + 2 :]  # (after her Enter)
    assert "You draw 5 Coppers." not in lines[:back]  # Ann's own new hand waits for her next turn
    assert ann_news[:4] == [
        "You draw 5 Coppers.",
        "Bob's turn 1.",
        "Bob ended their turn without playing or buying anything.",
        "Cid, turn 1: played 2 Coppers.",  # the bot's turn in one public line, for Ann's next turn
    ]
    assert not any(x.startswith("Cid draws") for x in lines)
    assert not any("Coppers" in x and "Ann" in x for x in bob)


def test_alt_digit_reads_the_nth_latest_message():
    console, _, lines = session("\x1b" + "2")
    second_latest = console.history.nth_latest(2)
    assert second_latest is not None
    # the key's answer is printed after the prompt it interrupted, and not kept in the history
    assert lines.count(second_latest) == 2


def test_mode_options_show_the_short_word():
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Charm"], "deck": ["Estate"] * 5}},
    }
    console, lines = position_console(state, "play Charm\ncoins\n", kingdom=("Charm",))
    assert "1. +1 Buy and +2 coins (type coins)" in lines
    assert answer_keys(console.game)[:2] == [["play:Charm"], ["coins"]]
    assert console.game.turn.coins == 2


def test_hot_seat_turn_prompt_names_whose_hand():
    _, _, lines = session("\r", "--players", "Ann:human,Bob:human")
    assert any(x.startswith("Ann's hand: ") for x in lines)


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal (as a player's console is)."""

    def isatty(self) -> bool:
        return True


def test_a_hand_over_clears_the_screen_and_its_scrollback_at_a_terminal(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    out = _Terminal()
    display = Display(out, plain=False)
    display.clear()
    text = out.getvalue()
    assert "\x1b[2J" in text  # the screen
    assert text.endswith("\x1b[3J")  # and what scrolled off it: the last player's cards


def test_a_hand_over_writes_nothing_in_plain_lines_or_into_a_file():
    plain = _Terminal()
    Display(plain, plain=True).clear()
    into_file = io.StringIO()
    Display(into_file, plain=False).clear()
    assert plain.getvalue() == "" and into_file.getvalue() == ""


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_language_changed_at_a_confirmation_puts_the_question_again_in_the_new_one(lang):
    """settings set language typed at "Trash 2 Estates? Type yes to trash:" changes the language
    and asks the card's question again in it, rather than leaving the question unanswered."""
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Chapel", "Estate", "Estate", "Copper"], "deck": ["Copper"] * 5}},
    }
    other = "nl" if lang == "en" else "en"
    first = "estate, estate" if lang == "en" else "landgoed, landgoed"
    _, lines = position_console(
        state,
        f"{'play' if lang == 'en' else 'speel'} chapel\n{first}\nsettings set language {other}\n",
        ("Chapel", "Village"),
        lang=lang,
    )
    at = next(i for i, x in enumerate(lines) if x.endswith(f"settings set language {other}"))
    question = (
        "Kapel: vernietig tot 4 kaarten uit je hand."
        if other == "nl"
        else "Chapel: trash up to 4 cards from your hand."
    )
    assert question in lines[at + 1 : at + 4], lines[at:]
