"""An opponent's turn as told to the player (normal verbosity): in one line,
opened by its number, what they did in the order it happened, their Debt and
VP tokens after it, then the piles; never "Rand pays 1 Debt. 3 Debt left. 0 coins left." once
per payment, nor the Debt of a buy told before the buy. English and Dutch;
and the same through a whole game of bots with Debt, Tax and Landmarks."""

from __future__ import annotations

import re

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import Msg


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
    return Narrator(viewer="Ann", lang=Language(lang)).sentences(events)[:-1]


def test_debt_payments_are_one_clause_in_their_place():
    assert told(PAYING) == ["Rand, turn 3: played 2 Coppers, paid 2 Debt; now 2 Debt."]


def test_debt_for_a_buy_comes_after_the_buy():
    assert told(TRIUMPH) == [
        "Rand, turn 4: played Copper, paid 1 Debt, bought Triumph, took 5 Debt for it, gained Estate, "
        "gained 1 VP from Triumph; now 6 Debt and 3 VP tokens."
    ]


def test_debt_from_a_pile_is_said_once():
    assert told(TAXED) == ["Rand, turn 5: played 3 Coppers, bought Silver, took 1 Debt from its pile."]


def test_in_dutch():
    assert told(PAYING, "nl") == ["Rand, beurt 3: speelde 2 Koper, betaalde 2 schuld; nu 2 schuld."]
    assert told(TRIUMPH, "nl") == [
        "Rand, beurt 4: speelde Koper, betaalde 1 schuld, kocht Triomf, nam er 5 schuld voor, pakte Landgoed, "
        "kreeg 1 punt van Triomf; nu 6 schuld en 3 overwinningspuntenfiches."
    ]
    assert told(TAXED, "nl") == ["Rand, beurt 5: speelde 3 Koper, kocht Zilver, nam 1 schuld van de stapel."]


def test_debt_from_another_pile_names_it():
    # Debt tokens from a pile other than the one bought from (a Tax on a card gained) name their pile
    events = [
        ev.TurnStarted("Rand", 5, 9),
        ev.CardBought("Rand", "Gold", 6, 0, "Gold", 20),
        ev.DebtChanged("Rand", 1, 1, Msg("the {pile} pile", pile="Silver")),
        ev.TurnStarted("Ann", 5, 10),
    ]
    assert told(events) == ["Rand, turn 5: bought Gold, took 1 Debt from the Silver pile."]


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
    # ... but in it, in its place, with his Debt after it said once, at the end of the line (unless
    # the one Debt change said is his Debt: "took 3 Debt for it" when he had none)
    summaries = [x for x in said if x.startswith("Bob, turn ") and re.search(r"\b(took|paid) \d+ Debt", x)]
    assert summaries, "Bob's Debt is never told"
    for x in summaries:
        if "; now " not in x:
            assert len(re.findall(r"\b(took|paid) \d+ Debt", x)) == 1 and "took" in x, x
            continue
        assert x.count("; now ") == 1 and " Debt" in x.split("; now ")[1], x
    assert not [x for x in said if x.startswith("Bob has ")]


def test_a_question_in_an_opponent_turn_told_nothing_yet_comes_after_that_turn_so_far():
    """Ann must answer in Rand's turn (Rand gained Haunted Castle: Ann puts 2 cards onto her
    deck): what Rand did until then is told before the question, the rest at the turn's end
    without its number again; when nothing was held (an attack's line told the turn), nothing."""
    n = Narrator(viewer="Ann", lang=Language("en"))
    n.sentences(
        [
            ev.TurnStarted("Rand", 13, 25),
            *coppers("Rand", 3),
            ev.CardBought("Rand", "Haunted Castle", 6, 0, "Castles", 2),
            ev.CardGained("Rand", "Haunted Castle", "Castles", "discard", True),
        ]
    )
    assert n.before_question() == ["Rand, turn 13: played 3 Coppers, bought Haunted Castle."]
    assert n.before_question() == []  # told once
    rest = n.sentences([ev.CardPlayed("Rand", "Copper"), ev.TurnStarted("Ann", 13, 26)])
    assert rest[0] == "Rand played Copper."
    # a turn whose start nothing held (nothing collected yet): nothing to say
    fresh = Narrator(viewer="Ann", lang=Language("en"))
    fresh.sentences([ev.TurnStarted("Rand", 2, 3)])
    assert fresh.before_question() == []
