"""Faults a new user heard at the console, over ssh and with join, each in English and Dutch:
a verbose Treasure play's total said once, not again by the prompt after it."""

from __future__ import annotations

import pytest

from test_said_once_console import after, console_at

VERBOSE = {"en": "settings set verbosity verbose", "nl": "instellingen zet uitgebreidheid uitgebreid"}
SILVER_AND_GOLD = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Silver", "Copper", "Gold", "Estate"], "deck": ["Estate"] * 5}},
}


# ------------------------------------------------------------ 1. a verbose Treasure play's total, once
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play silver", "You play Silver: +2 coins; you have 2 coins. Ann, Buy phase."),
        ("nl", "speel zilver", "Je speelt Zilver: +2 munten; je hebt 2 munten. Ann, aanschaffase."),
    ],
)
def test_a_verbose_treasure_play_says_its_total_once(lang, typed, expected):
    _, lines = console_at(SILVER_AND_GOLD, f"{VERBOSE[lang]}\n{typed}\n", lang)
    assert after(lines, typed)[0] == expected


@pytest.mark.parametrize(
    "lang, first, typed, expected",
    [
        ("en", "play silver", "play treasures", ["You play Copper: +1 coin; you have 3 coins.", "You play Gold: +3 coins; you have 6 coins."]),
        (
            "nl",
            "speel zilver",
            "speel geldkaarten",
            ["Je speelt Koper: +1 munt; je hebt 3 munten.", "Je speelt Goud: +3 munten; je hebt 6 munten."],
        ),
    ],
)
def test_the_prompt_after_verbose_treasures_does_not_say_the_coins_again(lang, first, typed, expected):
    _, lines = console_at(SILVER_AND_GOLD, f"{VERBOSE[lang]}\n{first}\n{typed}\n", lang)
    said = after(lines, typed)
    assert said[:2] == expected
    assert not said[2].endswith(("6 coins.", "6 munten.")), said


# ------------------------------------------------------------ 7. a verbose play says what the card gives
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play villa", "You play Villa: +2 Actions, +1 Buy and +1 coin; you have 2 Actions, 2 Buys and 1 coin."),
        ("nl", "speel villa", "Je speelt Villa: +2 acties, +1 aanschaf en +1 munt; je hebt 2 acties, 2 aanschaffen en 1 munt."),
    ],
)
def test_a_verbose_play_says_what_the_card_gives_and_the_totals(lang, typed, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Villa", "Copper"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, f"{VERBOSE[lang]}\n{typed}\n", lang)
    assert after(lines, typed)[0] == expected
