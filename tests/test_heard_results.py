"""Results that are heard, not left unsaid: Patrician's revealed card that stays
on top, Chariot Race's bonus or no bonus (exact sentences a console prints)."""

from __future__ import annotations

import re

from test_console import position_console

KINGDOM = ("Chariot Race", "Patrician/Emporium")


def played(hand: list, deck: list, bot_deck: list, move: str) -> list:
    """The sentences from the typed ``move`` to the next turn prompt."""
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": hand, "deck": deck}, "Bot": {"hand": ["Copper"] * 5, "deck": bot_deck}},
    }
    _console, lines = position_console(state, move + "\n", kingdom=KINGDOM)
    i = lines.index("Ann> " + move)
    out = []
    for line in lines[i + 1 :]:
        # the turn prompt names what changed ("Ann: 1 coin."), or the phase ("Ann, Action phase: ...")
        prompt = re.search(r"(?:^| )Ann(?:, (?:Action|Buy) phase)?(?:: [^.]*)?\.$", line)
        head, sep = (line[: prompt.start()], "prompt") if prompt else (line, "")
        # the sentences of one move are one line, the turn prompt at its end: told here one by one
        out += [x for x in re.split(r"(?<=\.) (?=[A-Z+])(?!You have )", head.strip()) if x]
        if sep:  # the turn prompt, on the line of the last sentence
            return out
    raise AssertionError(f"no turn prompt after {move!r}: {lines[i:]}")


def test_patrician_says_a_cheap_card_stays_on_top():
    lines = played(["Patrician"], ["Silver", "Copper"], [], "play Patrician")
    assert lines[-2:] == ["You reveal Copper from the deck.", "It stays on top of your deck."]


def test_patrician_takes_a_card_costing_5_into_hand():
    lines = played(["Patrician"], ["Silver", "Gold"], [], "play Patrician")
    assert lines[-2:] == ["You reveal Gold from the deck.", "You put Gold into your hand."]
    assert "It stays on top of your deck." not in lines


def test_chariot_race_lost_says_there_is_no_bonus():
    lines = played(["Chariot Race"], ["Copper"], ["Gold"], "play Chariot Race")
    assert lines[-2:] == ["Bot reveals Gold from the deck.", "Your card does not cost more, so there is no bonus."]


def test_chariot_race_won_says_why_and_what_is_gained():
    lines = played(["Chariot Race"], ["Gold"], ["Copper"], "play Chariot Race")
    i = lines.index("Bot reveals Copper from the deck.")
    assert lines[i + 1] == "Your card costs more."
    # the +1 coin is told by the turn prompt at the end of the line ("Ann: 1 coin."), once
    assert lines[i + 2 :] == ["You gain 1 VP from Chariot Race, now 1 VP token."]


def test_chariot_race_with_nothing_to_compare_says_there_is_no_bonus():
    lines = played(["Chariot Race"], ["Gold"], [], "play Chariot Race")
    assert lines[-1] == "Chariot Race: a card is missing to compare, so there is no bonus."


def test_an_opponents_patrician_is_told_too():
    from a11y_dominion.rules import events as ev
    from announcements.narrator import Narrator

    note = ev.Note("Bot", "It stays on top of {player}'s deck.", None, 0, "It stays on top of your deck.")
    assert Narrator(viewer="Ann").sentences([note]) == ["It stays on top of Bot's deck."]
    assert Narrator(viewer="Bot").sentences([note]) == ["It stays on top of your deck."]
