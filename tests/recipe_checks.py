"""Checks of CONTRIBUTING.md's worked examples as cards of the game, run by tests/test_recipe.py
in a pytest run started with ``-p recipe_plugin`` (which registers them first; not collected
otherwise, as its name does not start with ``test_``): their scenarios, their names, the
catalog, and whole games of every bot with all of them in the game."""

from __future__ import annotations

import json

import pytest

from a11y_dominion.announcements.words import group_names
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import kingdom_piles
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.cards import CARDS, DUTCH_PLURALS, EVENTS, LANDMARKS, canonical
from a11y_dominion.scenario import build_position
from a11y_dominion.table import Table
from casecheck import failures
from recipe import examples
from recipe_plugin import ADDED
from test_bots_coverage import HARD_THINK_MS, KINDS, Watched, _faults

SCENARIOS = [(example.title, i, case) for example in examples() for i, case in enumerate(example.scenarios)]


def test_the_examples_add_a_kingdom_card_an_event_and_a_landmark():
    assert ADDED["cards"] and ADDED["piles"] and ADDED["events"] and ADDED["landmarks"]
    assert all(CARDS[n].pile for n in ADDED["cards"])


@pytest.mark.parametrize(
    ("title", "number", "case"), SCENARIOS, ids=[f"{t}, scenario {i + 1}" for t, i, _ in SCENARIOS]
)
def test_the_scenarios_of_the_recipe(title, number, case):
    assert failures(case) == [], (title, number, json.dumps(case))


def test_their_names_in_english_and_dutch():
    nl = Language("nl")
    for name in ADDED["cards"]:
        assert canonical(CARDS[name].dutch) == name
        assert group_names([name, name], nl) == f"2 {DUTCH_PLURALS[name]}"
        assert group_names([name], nl) == CARDS[name].dutch
    for name in ADDED["events"]:
        assert canonical(EVENTS[name].dutch.upper()) == name
    for name in ADDED["landmarks"]:
        assert canonical(LANDMARKS[name].dutch.lower()) == name


def test_the_catalog_lists_them(capsys):
    from a11y_dominion.cli import main

    assert main(["cards", "--json"]) == 0
    listed = {entry["name"] for entry in json.loads(capsys.readouterr().out)}
    assert set(ADDED["cards"]) | set(ADDED["events"]) | set(ADDED["landmarks"]) <= listed


START = ["Copper"] * 7 + ["Estate"] * 3


@pytest.mark.parametrize("kind", KINDS)
def test_every_bot_plays_a_whole_game_with_them(kind):
    """A game of the examples' Kingdom piles and nine others, with their Events and Landmarks
    (each bot weighs buying the Events at every Buy), Ann (the bot) holding the example cards in
    her first hand: it ends with no refused answer, no fault of a bot, and a view of each decision
    that holds only what the seat may see; Ann plays the example cards, and the example Landmarks
    give VP."""
    others = [p for p in kingdom_piles() if p not in ADDED["piles"]]
    kingdom = ADDED["piles"] + others[: 10 - len(ADDED["piles"])]
    hand = ADDED["cards"] + ["Copper", "Copper", "Copper", "Silver"]
    game = build_position(
        {
            "players": ["Ann", "Bob"],
            "kingdom": kingdom,
            "events": ADDED["events"],
            "landmarks": ADDED["landmarks"],
            "seed": 7,
            "state": {
                "players": {"Ann": {"hand": hand, "deck": START}, "Bob": {"hand": START[:5], "deck": START[5:]}},
                "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
            },
        }
    )
    bots = {n: make_bot(kind, 7 + i, think_ms=HARD_THINK_MS) for i, n in enumerate(["Ann", "Bob"])}
    seats = {n: Watched(b, game, n) for n, b in bots.items()}
    assert Table(game, seats, max_answers=60000).run() is None
    assert game.game_over
    assert _faults(bots["Ann"]) == 0 and _faults(bots["Bob"]) == 0
    played = {e.card for e in game.log if isinstance(e, ev.CardPlayed) and e.player == "Ann"}
    assert set(ADDED["cards"]) <= played
    paid = {e.source for e in game.log if isinstance(e, ev.VPTokensMoved) and e.source_kind == "landmark"}
    assert set(ADDED["landmarks"]) <= paid
