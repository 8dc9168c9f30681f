"""Each thing said once at the console (issue 9): undo's lines (tests/test_history.py), the
``status`` figures, the end-turn question, an empty line's prompt, in English and Dutch.

The console is driven as a player drives it: a position, typed lines, and the exact lines printed.
"""

from __future__ import annotations

import pytest

from tests.test_said_once_console import after, console_at

DEBT = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 0, "coins": 6},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5, "debt": 4, "vp_tokens": 4}},
}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "status",
            [
                "Your turn 1, Buy phase: 1 Action, 0 Buys, 6 coins, 4 Debt.",
                "You have 4 VP in tokens; 0 cards in hand, 5 cards in the deck, 0 cards in the discard pile.",
                "Bot: 0 Debt, 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile.",
            ],
        ),
        (
            "nl",
            "status",
            [
                "Jouw beurt 1, aanschaffase: 1 actie, 0 aanschaffen, 6 munten, 4 schuld.",
                "Je hebt 4 punten aan fiches; 0 kaarten in je hand, 5 kaarten in je trekstapel, "
                "0 kaarten in je aflegstapel.",
                "Bot: 0 schuld, 0 punten aan fiches; 5 kaarten in de hand, 5 kaarten in de trekstapel, "
                "0 kaarten in de aflegstapel.",
            ],
        ),
    ],
)
def test_status_says_the_debt_once(lang, typed, expected):
    _, lines = console_at(DEBT, typed + "\n", lang)
    assert after(lines, typed) == expected


ACTION_DEBT = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Estate"], "deck": ["Estate"] * 5, "debt": 3}},
}


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins, 3 Debt."),
        ("nl", "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten, 3 schuld."),
    ],
)
def test_an_empty_line_reads_whose_turn_it_is(lang, expected):
    _, lines = console_at(ACTION_DEBT, "status\n\n", lang)
    assert after(lines, "")[0] == expected


DEBT_AT_THE_END = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 3},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5, "debt": 5}},
}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "end",
            "Ending the turn now leaves 3 coins unused (you have 5 Debt). End the turn? Type yes to end it: no",
        ),
        (
            "nl",
            "einde",
            "Als je de beurt nu beëindigt, gebruik je 3 munten niet (je hebt 5 schuld). De beurt beëindigen? "
            "Typ ja om te beëindigen: nee",
        ),
    ],
)
def test_the_end_turn_question_says_the_coins_once(lang, typed, expected):
    _, lines = console_at(DEBT_AT_THE_END, f"{typed}\nnee\n" if lang == "nl" else f"{typed}\nno\n", lang)
    assert after(lines, typed)[0] == expected


EMPIRES = ("Crown", "Patrician", "Engineer")


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play Crown", "You play Crown. Crown has nothing to play."),
        ("nl", "speel Kroon", "Je speelt Kroon. Kroon heeft niets om te spelen."),
    ],
)
def test_crown_with_nothing_to_play_says_so_not_the_unchanged_coins_nor_the_phase(lang, typed, expected):
    crown = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 3},
        "players": {"Ann": {"hand": ["Crown", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(crown, typed + "\n", lang, kingdom=EMPIRES)
    assert after(lines, typed)[0] == expected


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "play Patrician",
            "You play Patrician. You draw Estate. You reveal Estate from the deck. It stays on top of your deck.",
        ),
        (
            "nl",
            "speel Patriciër",
            "Je speelt Patriciër. Je trekt Landgoed. Je laat Landgoed van je trekstapel zien. "
            "Die blijft boven op je trekstapel liggen.",
        ),
    ],
)
def test_a_card_that_gives_back_its_action_says_neither_the_unchanged_actions_nor_the_phase(lang, typed, expected):
    patrician = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Patrician", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(patrician, typed + "\n", lang, kingdom=EMPIRES)
    assert after(lines, typed)[0] == expected


def test_a_buy_phase_told_to_start_again_is_not_named_again_by_the_prompt():
    """Villa took Ann back to her Action phase; ending it starts her Buy phase again, which that
    sentence says: the prompt adds nothing, not "Buy phase." once more, nor the coins she heard
    last ("2 Actions, 1 Buy, 2 coins." after the buy)."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 2, "coins": 6},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
    }
    kingdom = ["Villa", "Village", "Cellar", "Moat", "Smithy", "Market", "Festival", "Laboratory", "Workshop"]
    _, lines = console_at(state, "buy Villa\nend\nyes\n", kingdom=kingdom + ["Militia"])
    said = next(x for x in lines if x.startswith("Your Buy phase starts again."))
    assert said == "Your Buy phase starts again."


def test_a_run_of_payments_that_grew_is_read_again():
    """More coins make more Debt payable: the changed run is read with the numbers that moved,
    not only "9: end.", and with the moves before it, so that no number is skipped unsaid."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 1, "coins": 3},
        "players": {"Ann": {"hand": ["Gold", "Gold"], "deck": ["Estate"] * 5, "debt": 8}},
    }
    _, lines = console_at(state, "play Gold\n")
    assert "3 to 5: pay 1 to 3 Debt; type pay to pay 3." in lines
    assert after(lines, "play Gold") == [
        "You play Gold. 6 coins, 8 Debt.",
        "1: play Gold; 2: play treasures; 3 to 8: pay 1 to 6 Debt; 9: end.",
    ]


@pytest.mark.parametrize("lang, heading", [("en", "The last message:"), ("nl", "Het laatste bericht:")])
def test_log_of_one_message_says_it_in_the_singular(lang, heading):
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 1, "coins": 3},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
    }
    command = "log 1" if lang == "en" else "logboek 1"
    _, lines = console_at(state, f"{command}\n", lang)
    assert after(lines, command)[0] == heading


def test_a_yes_or_no_question_is_not_followed_by_a_list_of_yes_and_no():
    """Vassal discards a Village: "play it?" is answered yes or no, which the line on how to
    answer says; no "1. yes / 2. no" after it."""
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Vassal"], "deck": ["Village", "Estate", "Estate", "Estate", "Estate"]}},
    }
    kingdom = ["Vassal", "Village", "Cellar", "Moat", "Smithy", "Market", "Festival", "Laboratory", "Workshop", "Mine"]
    _, lines = console_at(state, "play Vassal\n", kingdom=kingdom)
    said = after(lines, "play Vassal")
    i = next(k for k, x in enumerate(said) if "Vassal: play the discarded Village?" in x)
    assert said[i + 1] == "Answer yes or no, or 1 or 2."
    assert not any(x in ("1. yes", "2. no") for x in said)


def test_a_question_asked_again_after_a_yes_or_no_reads_its_prompt_alone():
    """Engineer gains a card, asks whether to trash itself, then gains again from the same
    piles: the second gain is the question heard just before the yes-or-no, its list not read
    again (options reads it); another question between (a card choice) reads it again."""
    from a11y_dominion.console import questions
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.decisions import Decision, Kind, Purpose
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bot"], piles, events, landmarks, 1))
    game.start()
    view = player_view(game, "Ann")
    gain = Decision("Ann", Kind.PILE, Purpose.GAIN, "Ann, Engineer: gain a card.", ["Silver", "Villa"], 1, 1)
    trash = Decision("Ann", Kind.YESNO, Purpose.TRASH, "Ann, Engineer: trash it?", ["yes", "no"], 1, 1)
    other = Decision("Ann", Kind.CARDS, Purpose.DISCARD, "Discard 1.", ["Copper", "Estate"], 1, 1)
    seen = questions.Heard()
    first = seen.lines(view, gain)
    assert first[-2:] == ["1. Silver, 3 coins", "2. Villa, 4 coins"]
    seen.lines(view, trash)
    assert seen.lines(view, gain) == first[:1]
    seen.lines(view, other)
    assert seen.lines(view, gain)[-2:] == first[-2:]
