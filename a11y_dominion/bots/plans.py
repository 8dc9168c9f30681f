"""Plans for a Kingdom: which money-plus-X buy list ``medium`` follows.

A plan is a :class:`~a11y_dominion.strategies.Strategy` made from a
*template* and a Kingdom card X: Big Money (Province, Gold, Silver, and
Duchies and Estates as the Provinces run low) with copies of X bought as the
template says (:data:`TEMPLATES`: one copy, two, one for every 11
Treasures, the first ahead of Gold, as many as there are coins for...).

How good each (card, template) is was measured once, against Big Money
Ultimate with the fast engine, and is kept in ``plans.json`` beside this
module (made again by ``tools/build-plan-table``): a money-plus-X plan buys
nothing else from the Kingdom, so its strength hardly depends on the other
nine piles. :func:`plan_for` reads a Kingdom and picks the strongest plan
its cards allow, keeping the choice per Kingdom (:data:`CHOSEN`), so that
the next game on the same Kingdom starts at once.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..rules.cards import CARDS, PILES
from ..strategies import BuyRule, Strategy, parse_condition

TABLE = Path(__file__).resolve().parent / "plans.json"
"""The measured strength of each (card, template) plan (see the module documentation)."""

PROVINCE_RULE = "total_money > 15"

TEMPLATES: dict[str, tuple] = {
    # name: (rules before Gold, rules after the late Duchy) with X for the card
    "one": ((), (("X", ("count(X) < 1",)),)),
    "two": ((), (("X", ("count(X) < 2",)),)),
    "ratio": ((), (("X", ("count(X) < count(Treasure) / 11",)),)),
    "lead": ((("X", ("count(X) < 1",)),), (("X", ("count(X) < 2",)),)),
    "many": ((), (("X", ("count(X) < 8",)),)),
    "first": ((("X", ("count(X) < 8",)),), ()),
}
"""The ways a plan buys its card X: where in the buy list and how many copies."""

MARGIN = 0.52
"""A plan's card must beat Big Money Ultimate at least this often (of its measured games)
for the plan to be followed; below it the bot keeps to its own valuation."""


def candidate_cards() -> list[str]:
    """Every Kingdom card a money-plus-X plan can be made with: Actions and
    Treasures of the Kingdom piles that are not Castles, by name."""
    out = []
    for p in PILES.values():
        if p.kind == "basic":
            continue
        for name, _n in p.cards:
            s = CARDS[name]
            if name in out or "Castle" in s.types or not (s.is_("Action") or s.is_("Treasure")):
                continue
            out.append(name)
    return sorted(out)


def make_plan(card: str, template: str) -> Strategy:
    """The buy list of ``template`` (a key of :data:`TEMPLATES`) with the card
    ``card`` (a card that costs Debt only with the coins to pay it off), as a
    :class:`Strategy` named ``plan:CARD:TEMPLATE``. Raises KeyError for an
    unknown template."""
    early, late = TEMPLATES[template]

    debt = CARDS[card].cost.debt
    pays = (f"coins >= {CARDS[card].cost.coins + debt}",) if debt else ()

    def rule(c: str, when: tuple) -> BuyRule:
        texts = tuple(w.replace("X", c) for w in when)
        if c == card:
            texts += pays  # a Debt card only when its Debt can be paid off at once
        return BuyRule(c, tuple(parse_condition(t) for t in texts), texts)

    rules = [rule("Province", (PROVINCE_RULE,)), rule("Duchy", ("provinces_left <= 4",))]
    rules.append(rule("Estate", ("provinces_left <= 2",)))
    rules += [rule(card, w) for _x, w in early]
    rules += [rule("Gold", ()), rule("Duchy", ("provinces_left <= 6",))]
    rules += [rule(card, w) for _x, w in late]
    rules.append(rule("Silver", ()))
    kind = f"plan:{card}:{template}"
    return Strategy(kind=kind, name=kind, buy=tuple(rules), names=frozenset({card}))


@lru_cache(maxsize=1)
def table() -> dict:
    """``{card: {template: share}}``: each plan's measured share of games
    against Big Money Ultimate (ties half); {} when ``plans.json`` is missing."""
    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {c: dict(t) for c, t in data.get("plans", {}).items()}


CHOSEN: dict = {}
"""The plan chosen per Kingdom (a tuple of its cards): the next game on it starts at once."""


def plan_for(cards: set | frozenset) -> Strategy | None:
    """The strongest measured plan that the Kingdom cards ``cards`` allow,
    or None when none beats Big Money Ultimate by :data:`MARGIN`."""
    key = tuple(sorted(cards))
    if key in CHOSEN:
        return CHOSEN[key]
    best, best_share = None, MARGIN
    for card, templates in table().items():
        if card not in cards:
            continue
        for template, share in templates.items():
            if share > best_share and template in TEMPLATES:
                best, best_share = (card, template), share
    plan = make_plan(*best) if best else None
    CHOSEN[key] = plan
    return plan
