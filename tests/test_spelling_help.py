"""Spelling help in every command that takes a card name: a misspelt name
gets the nearest card name ("did you mean"), in English and in Dutch, at the
turn prompt (play, buy, a card name alone), in a card's question (cards and
piles) and in the card query. Exact sentences a console prints."""

from __future__ import annotations

import pytest

import playcore
from a11y_dominion.rules.cards import nearest_name
from test_console import position_console


def reply(typed: str, *extra: str) -> str:
    """The line printed after the last typed line, at the first turn of the basic-intro game (seed 1)."""
    _console, text = playcore.run(["--seed", "1", *extra], typed, settings={})
    lines = text.splitlines()
    last = typed.strip().splitlines()[-1]
    i = max(j for j, x in enumerate(lines) if x.endswith("> " + last))
    return lines[i + 1]


@pytest.mark.parametrize(
    "typed,said",
    [
        ("plya", "plya is not a command or a move; did you mean play? Type help for commands."),
        ("hnad", "hnad is not a command or a move; did you mean hand? Type help for commands."),
        ("Coper", "Coper is not a move; did you mean play Copper?"),
        ("Copper", "Copper is not a move; did you mean play Copper?"),
        ("Villala", "Villala is not a move; did you mean buy Villa?"),
        ("Provnce", "Provnce is not a move; did you mean buy Province?"),
        ("buy Provnce", "There is no card named Provnce; did you mean Province?"),
        ("play Coper", "There is no card named Coper; did you mean Copper?"),
        ("play treasures\nbuy Silvr", "There is no card named Silvr; did you mean Silver?"),
        ("card Villala", "There is no card named Villala; did you mean Villa?"),
        (
            "buy Xyzzy",
            "This game knows no card or Event named Xyzzy. Type supply to hear the piles, or hand to hear your hand.",
        ),
        ("blah", "blah is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end."),
    ],
)
def test_english_suggestions(typed, said):
    assert reply(typed + "\n") == said


@pytest.mark.parametrize(
    "typed,said",
    [
        ("Kopr", "Kopr is geen zet; bedoelde je speel Koper?"),
        ("Landgoe", "Landgoe is geen zet; bedoelde je koop Landgoed?"),
        ("koop Provincy", "Er is geen kaart met de naam Provincy; bedoelde je Provincie?"),
        ("speel Kopr", "Er is geen kaart met de naam Kopr; bedoelde je Koper?"),
        ("kaart Vila", "Er is geen kaart met de naam Vila; bedoelde je Villa?"),
        ("kop", "kop is geen commando of zet; bedoelde je koop? Typ hulp voor de commando's."),
    ],
)
def test_dutch_suggestions(typed, said):
    assert reply(typed + "\n", "--lang", "nl") == said


def test_answers_naming_cards_get_suggestions():
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 2, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Sacrifice", "Engineer", "Copper", "Estate"], "deck": ["Estate"] * 5}},
    }
    _console, lines = position_console(
        state, "play Sacrifice\nEsate\nno\nplay Engineer\nSilvr\n", kingdom=("Villa", "Sacrifice", "Engineer")
    )
    assert "There is no card named Esate; did you mean Estate?" in lines  # a card from the hand
    _console, lines = position_console(state, "play Engineer\nSilvr\n", kingdom=("Villa", "Sacrifice", "Engineer"))
    assert "There is no card named Silvr; did you mean Silver?" in lines  # a pile to gain from


def test_the_nearest_name_prefers_the_given_names():
    assert nearest_name("Provnce") == "Province"
    assert nearest_name("Kopr") == "Copper"
    assert nearest_name("Villla", ["Villa", "Village"]) == "Villa"
    assert nearest_name("qqqq") is None and nearest_name("") is None
