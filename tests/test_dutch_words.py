"""Dutch words: card names counted in their Dutch plural ("3 Landgoederen"),
and one word for a command ("commando") in every line of the Dutch help."""

from __future__ import annotations

import playcore
from a11y_dominion.announcements.words import group_names
from a11y_dominion.i18n import Language
from a11y_dominion.rules.cards import CARDS, DUTCH_PLURALS

NL = Language("nl")


def test_counted_dutch_card_names_are_plural():
    assert group_names(["Copper", "Copper", "Estate", "Estate", "Estate"], NL) == "2 Koper en 3 Landgoederen"
    assert group_names(["Duchy", "Duchy", "Curse", "Curse", "Small Castle", "Small Castle"], NL) == (
        "2 Hertogdommen, 2 Vloeken en 2 Kleine kastelen"
    )
    assert group_names(["Silver", "Silver", "Gold", "Gold"], NL) == "2 Zilver en 2 Goud"  # as the rules write them
    assert group_names(["Estate"], NL) == "Landgoed"
    assert NL.cards("Catapult/Rocks") == "Katapulten/Rotsblokken"


def test_every_card_has_a_dutch_plural():
    assert sorted(DUTCH_PLURALS) == sorted(CARDS)
    assert all(DUTCH_PLURALS[n] != n or n in ("Festival", "Gladiator") for n in CARDS if CARDS[n].dutch != n)


def dutch_lines(typed: str) -> list:
    _console, text = playcore.run(["--seed", "1", "--lang", "nl"], typed, settings={})
    return text.splitlines()


def test_the_dutch_hand_counts_in_plurals():
    lines = dutch_lines("hand\n")
    assert "Je hand: 2 Koper en 3 Landgoederen." in lines  # the turn's first prompt
    assert "Je hand, 5 kaarten: 2 Koper en 3 Landgoederen." in lines  # the hand query


def test_dutch_key_help_says_commando():
    lines = dutch_lines("hulp toetsen\nhulp\n")
    start = next(i for i, x in enumerate(lines) if x.endswith("hulp toetsen"))
    said = " ".join(lines[start:])
    assert "opdracht" not in said.lower()
    assert "commando herhaal N" in said


def test_every_english_name_is_its_own_canonical_name():
    """(``canonical`` answers an English name as written at once: no Dutch name of a card, Event or
    Landmark is another's English name in any spelling.)"""
    from a11y_dominion.rules.cards import _ALIASES, CARDS, EVENTS, LANDMARKS, _norm

    for name in list(CARDS) + list(EVENTS) + list(LANDMARKS):
        assert _ALIASES[_norm(name)] == name
