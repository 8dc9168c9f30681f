"""The turn's question at a seat of one person names no one: "Your turn 1. Action phase: 1 Action,
1 Buy, 0 coins." (the name said nothing "Your turn" did not, and a screen reader spoke it as if
calling the player), whatever the seat's name; where several people share one keyboard it names
who is to type: "Your turn 1. Ann, Action phase: ...". The console core knows which from the end
that makes it (:attr:`~a11y_dominion.console.core.SeatConsole.shared`), not from the name.

Each end plays its real console: ``play`` with one person and at a shared keyboard here; the host's
own seat here, over its link into the host's room; the ssh seat and ``join`` in
``test_remote_prompt.py``. Seed 1 (``play``) and 11 (the host), in English and Dutch.
"""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import at_table
from test_shared_console import play

# (what is typed, the lines it gets) for Ann alone at play, seed 1, against Big Money
ALONE = {
    "en": [
        ("", "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins."),
        ("play treasures", "You play 2 Coppers. Buy phase: 2 coins."),
        ("buy copper", "You buy Copper. 0 Buys."),
    ],
    "nl": [
        ("", "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten."),
        ("speel geldkaarten", "Je speelt 2 Koper. Aanschaffase: 2 munten."),
        ("koop koper", "Je koopt Koper. 0 aanschaffen."),
    ],
}
# the same moves where Ann (English) and Bea (Dutch) share the keyboard: each question names who is to type
SHARED = {
    "en": [
        ("", "Your turn 1. Ann, Action phase: 1 Action, 1 Buy, 0 coins."),
        ("play treasures", "You play 2 Coppers. Ann, Buy phase: 2 coins."),
        ("buy copper", "You buy Copper. Ann: 0 Buys."),
        ("end", None),
        ("", "Your turn 1. Bea, Action phase: 1 Action, 1 Buy, 0 coins."),
        ("play treasures", "You play 4 Coppers. Bea, Buy phase: 4 coins."),
        ("buy copper", "You buy Copper. Bea: 0 Buys."),
    ],
    "nl": [
        ("", "Jouw beurt 1. Ann, actiefase: 1 actie, 1 aanschaf, 0 munten."),
        ("speel geldkaarten", "Je speelt 2 Koper. Ann, aanschaffase: 2 munten."),
        ("koop koper", "Je koopt Koper. Ann: 0 aanschaffen."),
        ("einde", None),
        ("", "Jouw beurt 1. Bea, actiefase: 1 actie, 1 aanschaf, 0 munten."),
        ("speel geldkaarten", "Je speelt 4 Koper. Bea, aanschaffase: 4 munten."),
        ("koop koper", "Je koopt Koper. Bea: 0 aanschaffen."),
    ],
}


pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)


def after_each(lines: list[str], typed: list[str], prompt: str) -> list[str]:
    """The first line shown after each of ``typed`` at ``prompt`` ("Ann> "), in order."""
    out, i = [], 0
    for text in typed:
        i = lines.index(prompt + text, i) + 1
        out.append(lines[i])
    return out


YOU = {"en": "You> ", "nl": "Jij> "}  # the prompt of one person at play, whatever their seat's name


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_play_with_one_person_names_no_one_in_the_turn_prompt(lang: str) -> None:
    steps = ALONE[lang]
    _code, lines = play("".join(t + "\n" for t, _ in steps[1:]), players=f"Ann:human:{lang},Bot:bigmoney")
    turn = lines.index(steps[0][1])  # the turn's start, the question on its line
    # the prompt calls Ann as the lines do ("You go first.", "Your turn 1."), not by her seat's name
    assert after_each(lines[turn:], [t for t, _ in steps[1:]], YOU[lang]) == [said for _, said in steps[1:]]
    assert not [x for x in lines if "Ann, " in x or ". Ann:" in x or x.startswith("Ann>")]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_shared_keyboard_names_the_person_to_type_in_the_keyboards_language(lang: str) -> None:
    steps = SHARED[lang]
    typed = [t for t, _ in steps]
    _code, lines = play("".join(t + "\n" for t in typed), players=f"Ann:human:{lang},Bea:human,Bot:bigmoney")
    for start, prompt in ((0, "Ann> "), (4, "Bea> ")):
        turn = lines.index(str(steps[start][1]))
        moves = steps[start + 1 : start + 3]
        assert after_each(lines[turn:], [t for t, _ in moves], prompt) == [said for _, said in moves]


def host_of(lang: str) -> GameHost:
    """Ann at the host's own seat, speaking ``lang``, and Bea remote, seed 11."""
    specs = parse_seats("Ann:human,Bea:remote", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 11)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
    return GameHost(game, specs, 11, Language(lang), out=[].append)


@pytest.mark.parametrize(
    "lang, typed, said",
    [
        (
            "en",
            ["", "play treasures"],
            ["Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.", "You play 5 Coppers. Buy phase: 5 coins."],
        ),
        (
            "nl",
            ["", "speel geldkaarten"],
            ["Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten.", "Je speelt 5 Koper. Aanschaffase: 5 munten."],
        ),
    ],
)
def test_the_host_s_own_seat_names_no_one_in_the_turn_prompt(lang: str, typed: list[str], said: list[str]) -> None:
    async def main() -> list[str]:
        async with at_table(host_of(lang), "Ann", "Bea") as (ann, bea):
            return [(await ann.typed(line))[0] for line in typed]

    assert asyncio.run(main()) == said
