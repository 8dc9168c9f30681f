"""Duration work runs from the trigger registry's start-of-turn moment.

Crown playing Archive makes two Durations with their own stashes; Crown and
Archive stay in play until both are done (Empires rulebook, Durations), and
each start of turn records DurationStarted/DurationResolved per Duration.
"""

from __future__ import annotations

from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import Move, MoveKind
from a11y_dominion.rules.triggers import Ends, Moment
from a11y_dominion.scenario import load_scenario

KINGDOM = [
    "Archive",
    "Capital",
    "Crown",
    "Enchantress",
    "Temple",
    "Villa",
    "Groundskeeper",
    "Engineer",
    "Forum",
    "Wild Hunt",
]


def _game(hand: list, deck: list):
    data = {
        "players": ["Ann", "Bob"],
        "kingdom": KINGDOM,
        "seed": 1,
        "script": [],
        "state": {
            "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
            "players": {
                "Ann": {"hand": hand, "deck": deck},
                "Bob": {"hand": ["Copper"] * 5, "deck": ["Copper"] * 10},
            },
        },
    }
    game, _ = load_scenario(data)
    game.start()
    return game


def _names(cards) -> list:
    return [c.name for c in cards]


def _turn_events(g, mark: int, kind) -> list:
    return [e.card for e in g.log[mark:] if isinstance(e, kind) and e.player == "Ann"]


def _end_turns_until_ann(g) -> int:
    """End Ann's turn and Bob's; returns the log length at Bob's last move."""
    ann = g.player("Ann")
    while g.current is ann:
        g.answer([Move(MoveKind.END)])
    while g.current is not ann:
        mark = len(g.log)
        g.answer([Move(MoveKind.END)])
    return mark


def test_crown_on_archive_keeps_both_in_play_with_separate_stashes():
    deck = ["Gold", "Silver", "Province", "Duchy", "Estate", "Curse"] + ["Copper"] * 20
    g = _game(["Crown", "Archive", "Copper", "Copper", "Copper"], deck)
    ann = g.player("Ann")
    g.answer([Move.play("Crown")])
    g.answer(["Archive"])
    assert g.pending.source == "Archive" and sorted(g.pending.options) == ["Gold", "Province", "Silver"]
    g.answer(["Gold"])
    # the second play sets aside its own three cards
    assert g.pending.source == "Archive" and sorted(g.pending.options) == ["Curse", "Duchy", "Estate"]
    g.answer(["Duchy"])
    durations = [x for x in g.lasting if x.ends is Ends.WHEN_DONE]
    assert [x.name for x in durations] == ["Archive", "Archive"]
    assert all(Moment.START_OF_TURN in x.triggers for x in durations)
    assert all(sorted(_names(x.holders)) == ["Archive", "Crown"] for x in durations)
    assert sorted(_names(ann.set_aside)) == ["Curse", "Estate", "Province", "Silver"]

    mark = _end_turns_until_ann(g)
    assert sorted(_names(ann.in_play)) == ["Archive", "Crown"]
    assert g.pending.source == "Archive" and sorted(g.pending.options) == ["Province", "Silver"]
    g.answer(["Silver"])
    assert g.pending.source == "Archive" and sorted(g.pending.options) == ["Curse", "Estate"]
    g.answer(["Estate"])
    assert _turn_events(g, mark, ev.DurationStarted) == ["Archive", "Archive"]
    assert [e.set_aside_left for e in g.log[mark:] if isinstance(e, ev.DurationResolved)] == [3, 2]

    mark = _end_turns_until_ann(g)
    assert sorted(_names(ann.in_play)) == ["Archive", "Crown"]
    assert not ann.set_aside and {"Province", "Curse"} <= set(_names(ann.hand))
    assert _turn_events(g, mark, ev.DurationResolved) == ["Archive", "Archive"]
    assert not [x for x in g.lasting if x.ends is Ends.WHEN_DONE]
    while g.current is ann:
        g.answer([Move(MoveKind.END)])
    assert not ann.in_play


def test_enchantress_draws_from_the_registry_and_leaves_play_after():
    g = _game(["Enchantress", "Copper", "Copper", "Copper", "Copper"], ["Copper"] * 20)
    ann = g.player("Ann")
    g.answer([Move.play("Enchantress")])
    assert [x.name for x in g.lasting if x.ends is Ends.WHEN_DONE] == ["Enchantress"]
    while g.current is ann:
        g.answer([Move(MoveKind.END)])
    assert _names(ann.in_play) == ["Enchantress"]
    while g.current is not ann:
        g.answer([Move(MoveKind.END)])
    assert len(ann.hand) == 7
    assert [e.card for e in g.log if isinstance(e, ev.DurationStarted)] == ["Enchantress"]
    assert not [x for x in g.lasting if x.ends is Ends.WHEN_DONE]
    while g.current is ann:
        g.answer([Move(MoveKind.END)])
    assert not ann.in_play
