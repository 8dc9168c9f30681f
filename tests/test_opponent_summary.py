"""An opponent's turn as told to the player (normal verbosity): what they did
in the order it happened, one sentence for it, one for their Debt after it,
then VP and piles; never "Rand pays 1 Debt. 3 Debt left. 0 coins left." once
per payment, nor the Debt of a buy told before the buy. English and Dutch;
and the same through a whole game of bots with Debt, Tax and Landmarks."""

from __future__ import annotations

from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import Msg
from announcements.narrator import Narrator


def coppers(player: str, n: int) -> list:
    out = []
    for i in range(n):
        out += [ev.CardPlayed(player, "Copper"), ev.ResourcesChanged(player, 0, 1, i + 1, 0, 0, 1, "Copper")]
    return out


PAYING = [
    ev.TurnStarted("Rand", 3, 5),
    *coppers("Rand", 2),
    ev.DebtChanged("Rand", -1, 3, "", 1),
    ev.DebtChanged("Rand", -1, 2, "", 0),
    ev.TurnStarted("Ann", 3, 6),
]
TRIUMPH = [
    ev.TurnStarted("Rand", 4, 7),
    *coppers("Rand", 1),
    ev.DebtChanged("Rand", -1, 1, "", 0),
    ev.EventBought("Rand", "Triumph", 0, 0),
    ev.DebtChanged("Rand", 5, 6, "Triumph"),
    ev.CardGained("Rand", "Estate", "Estate", "discard"),
    ev.VPTokensMoved(1, "supply", "", "player", "Rand", -1, 3, "Triumph"),
    ev.TurnStarted("Ann", 4, 8),
]
TAXED = [
    ev.TurnStarted("Rand", 5, 9),
    *coppers("Rand", 3),
    ev.CardBought("Rand", "Silver", 3, 0, "Silver", 30),
    ev.PileDebtChanged("Silver", -1, 0, "Rand"),
    ev.DebtChanged("Rand", 1, 1, Msg("the {pile} pile", pile="Silver")),
    ev.CardGained("Rand", "Silver", "Silver", "discard", True),
    ev.TurnStarted("Ann", 5, 10),
]


def told(events: list, lang: str = "en") -> list:
    return Narrator(viewer="Ann", lang=Language(lang)).sentences(events)[1:-1]


def test_debt_payments_are_one_clause_in_their_place():
    assert told(PAYING) == ["Rand played 2 Coppers and paid 2 Debt.", "Rand has 2 Debt."]


def test_debt_for_a_buy_comes_after_the_buy():
    assert told(TRIUMPH) == [
        "Rand played Copper, paid 1 Debt, bought Triumph, took 5 Debt for it and gained Estate.",
        "Rand has 6 Debt.",
        "Rand gains 1 VP from Triumph. Rand has 3 VP tokens.",
    ]


def test_debt_from_a_pile_is_said_once():
    assert told(TAXED) == [
        "Rand played 3 Coppers, bought Silver and took 1 Debt from the Silver pile.",
        "Rand has 1 Debt.",
    ]


def test_in_dutch():
    assert told(PAYING, "nl") == ["Rand speelde 2 Koper en betaalde 2 schuld.", "Rand heeft 2 schuld."]
    assert told(TRIUMPH, "nl")[:2] == [
        "Rand speelde Koper, betaalde 1 schuld, kocht Triomf, nam er 5 schuld voor en pakte Landgoed.",
        "Rand heeft 6 schuld.",
    ]
    assert told(TAXED, "nl") == [
        "Rand speelde 3 Koper, kocht Zilver en nam 1 schuld van de stapel Zilver.",
        "Rand heeft 1 schuld.",
    ]


def test_the_same_turn_told_at_terse_and_verbose_is_not_summarised():
    for verbosity in ("terse", "verbose"):
        sentences = Narrator(viewer="Ann", verbosity=verbosity).sentences(PAYING)
        assert "Rand pays 1 Debt. 2 Debt left. 0 coins left." in sentences


def test_a_whole_game_tells_the_opponents_debt_in_their_turns_summary():
    from test_i18n import bot_game

    game = bot_game()
    said = Narrator(viewer="Ann").sentences(game.log)
    # Bob's Debt is never told apart, payment by payment, before or after his summary ...
    assert not [x for x in said if x.startswith(("Bob pays ", "Bob takes ")) and "Debt" in x]
    # ... but in it, in its place, with his Debt after it said once
    totals = [i for i, x in enumerate(said) if x.startswith("Bob has ") and x.endswith(" Debt.")]
    assert totals, "Bob's Debt is never told"
    for i in totals:
        assert said[i - 1].startswith("Bob ") and " Debt" in said[i - 1], said[i - 1 : i + 1]
        assert said[i + 1 : i + 2] != [said[i]]
