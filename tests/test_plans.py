"""medium reads the Kingdom: the plans it can follow (bots/plans.py), the measured
table it picks them by, and what it buys in whole games with one."""

from __future__ import annotations

from collections import Counter

import pytest

from a11y_dominion.bots import plans
from a11y_dominion.bots.bmu import BMUBot
from a11y_dominion.bots.medium import ENDGAME, MediumBot
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import MoveKind
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots


def buy_list(key: str) -> list:
    return [(r.card, r.text) for r in plans.make_plan(key).buy]


def test_a_plan_is_big_money_with_its_card_where_its_template_says():
    assert buy_list("Smithy:ratio") == [
        ("Province", ("total_money > 15",)),
        ("Duchy", ("provinces_left <= 4",)),
        ("Estate", ("provinces_left <= 2",)),
        ("Gold", ()),
        ("Duchy", ("provinces_left <= 6",)),
        ("Smithy", ("count(Smithy) < count(Treasure) / 11",)),
        ("Silver", ()),
    ]
    lead = buy_list("Witch:lead")
    assert lead.index(("Witch", ("count(Witch) < 1",))) < lead.index(("Gold", ()))
    assert lead.index(("Witch", ("count(Witch) < 2",))) > lead.index(("Gold", ()))


def test_a_pair_buys_both_cards_in_order_and_a_debt_card_only_when_it_can_pay():
    pair = buy_list("Smithy:one+Laboratory:many")
    assert pair[-3:] == [
        ("Smithy", ("count(Smithy) < 1",)),
        ("Laboratory", ("count(Laboratory) < 8",)),
        ("Silver", ()),
    ]
    assert ("Engineer", ("count(Engineer) < 1", "coins >= 4")) in buy_list("Engineer:one")
    assert plans.make_plan("Smithy:one+Laboratory:many").names == {"Smithy", "Laboratory"}


@pytest.mark.parametrize("key", ["Smithy", "Smithy:often", "Nothing:one", "Smithy:one+", "one"])
def test_a_key_that_names_no_plan_is_refused(key):
    with pytest.raises(ValueError):
        plans.make_plan(key)


def test_the_strongest_plans_are_judged_against_the_rivals_their_kingdom_holds():
    bmu, against = plans.table(), plans.rivals()
    assert set(against) == {"smithy", "double-witch"}
    cards, shares = against["smithy"]
    assert cards == {"Smithy"} and len(shares) >= 100
    key = "Smithy:ratio"
    with_smithy = frozenset({"Smithy", "Village"})
    assert plans.strength(key, bmu, against, with_smithy) == (1, (bmu[key] + shares[key]) / 2)
    assert plans.strength(key, bmu, against, frozenset({"Village"}) | {"Smithy"}) == (1, (bmu[key] + shares[key]) / 2)
    witch = against["double-witch"][1]
    both = frozenset({"Smithy", "Witch"})
    assert plans.strength(key, bmu, against, both) == (1, (bmu[key] + shares[key] + witch[key]) / 3)
    unmeasured = min(bmu, key=bmu.get)
    assert plans.strength(unmeasured, bmu, against, with_smithy) == (0, bmu[unmeasured])


def test_medium_says_its_plan_when_it_buys_by_it():
    from test_bots import START, position

    kingdom = ["Witch", "Village", "Cellar", "Chapel", "Moat", "Workshop", "Gardens", "Throne Room", "Vassal", "Spy"]
    bot, d, view = position([], 5, START, kingdom=kingdom, plans=True)
    (move,) = bot.decide(d, view)
    assert move.name == "Witch"
    assert plans.cards_of(bot.plan["buylist"]) == ["Witch"]
    assert bot.explain(view, d, [move]) == "Witch is what your plan, money with Witch, buys with 5 coins."
    bot, d, view = position([], 2, START, kingdom=kingdom, plans=True)
    (move,) = bot.decide(d, view)
    assert move.kind is MoveKind.END
    assert bot.explain(view, d, [move]) == "Your plan, money with Witch, buys nothing with 2 coins."


def test_the_table_measures_every_card_with_every_template_that_fits_it():
    table = plans.table()
    for card in plans.candidate_cards():
        for template in plans.templates_for(card):
            assert 0.0 <= table[f"{card}:{template}"] <= 1.0, (card, template)
    for key in table:
        plans.parts_of(key)  # every key names a plan


def test_the_strongest_plan_the_kingdom_allows_is_chosen_and_kept():
    table = plans.table()
    cards = frozenset({"Witch", "Village", "Cellar", "Chapel", "Moat", "Workshop", "Gardens", "Throne Room"})
    plan = plans.plan_for(cards)
    assert plan is not None and plan.names <= cards
    assert table[plan.kind.removeprefix("plan:")] == max(
        v for k, v in table.items() if all(c in cards for c, _t in plans.parts_of(k))
    )
    assert "Witch" in plan.names
    assert plans.plan_for(cards) is plan  # kept for the next game on this Kingdom
    weak = frozenset(c for c in plans.candidate_cards() if max(table[f"{c}:{t}"] for t in plans.templates_for(c)) < 0.5)
    assert len(weak) >= 10
    assert plans.plan_for(weak) is None  # nothing beats Big Money Ultimate: medium keeps to its own valuation


def owned_at_end(kingdom: list, seed: int, **medium) -> tuple[Counter, Counter, Counter]:
    """(medium's cards at the end of a seeded game against Big Money Ultimate, the cards it gained,
    those it gained while more than ENDGAME Provinces were left)."""
    game = Game(GameConfig(["Med", "Big"], kingdom, [], [], seed))
    bot = MediumBot(seed, **medium)
    gained: Counter = Counter()
    early: Counter = Counter()

    class Heard:
        """medium's seat, told the events as they come (medium reads its view and hears none)."""

        def decide(self, d, view):
            return bot.decide(d, view)

        def tell(self, events):
            mine = [e.card for e in events if type(e) is ev.CardGained and e.player == "Med"]
            gained.update(mine)
            if len(game.piles["Province"].cards) > ENDGAME:
                early.update(mine)

    assert play_bots(game, {"Med": Heard(), "Big": BMUBot(seed + 1)}) is None
    return Counter(c.name for c in game.by_name["Med"].all_cards()), gained, early


@pytest.mark.parametrize("seed", range(6))
def test_medium_plays_the_witch_plan_where_witch_is_in_the_kingdom(seed):
    kingdom = ["Witch", "Village", "Cellar", "Chapel", "Moat", "Workshop", "Gardens", "Throne Room", "Vassal", "Spy"]
    _owned, gained, early = owned_at_end(kingdom, seed)
    assert 1 <= gained["Witch"] <= 2
    assert sum(early[c] for c in kingdom if c != "Witch") == 0  # no other Kingdom card until the endgame


@pytest.mark.parametrize("seed", range(8))
def test_medium_buys_no_more_encampments_than_help_though_they_go_back(seed):
    kingdom = [
        "Library",
        "Woodcutter",
        "Crown",
        "Groundskeeper",
        "Enchantress",
        "Adventurer",
        "Wild Hunt",
        "Encampment/Plunder",
        "Gladiator/Fortune",
        "Witch",
    ]
    for plan in (True, False):  # by its plan, or by its own valuation, which once bought 6 to 11
        _owned, gained, _early = owned_at_end(kingdom, seed, plans=plan)
        assert gained["Encampment"] <= 3
