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
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..rules.cards import CARDS, PILES
from ..strategies import BuyRule, Strategy, parse_condition

TABLE = Path(__file__).resolve().parent / "plans.json"
"""The measured strength of each (card, template) plan (see the module documentation)."""

PROVINCE_RULE = "total_money > 15"

Template = tuple[tuple[str, tuple[str, ...]], ...]
"""Rules of a template: ``(X, conditions)`` pairs, X the card, each condition a text with X for the card."""

Rivals = dict[str, tuple[frozenset[str], dict[str, float]]]
"""``{strategy: (cards, {key: share})}``, see :func:`rivals`."""

TEMPLATES: dict[str, tuple[Template, Template]] = {
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


def templates_for(card: str) -> list[str]:
    """The templates that fit ``card``: for a terminal (an Action that gives
    no +Actions) one, two, one for every 11 Treasures, or the first ahead of
    Gold; for a card that can be bought in numbers two, as many as there are
    coins for, or those ahead of Gold."""
    s = CARDS[card]
    if s.is_("Action") and not s.actions:
        return ["one", "two", "ratio", "lead"]
    return ["two", "many", "first"]


def parts_of(key: str) -> list[tuple[str, str]]:
    """The ``(card, template)`` parts of a plan's key (``"Smithy:lead"``,
    ``"Smithy:lead+Market:many"``). Raises ValueError for a key not so made."""
    out = []
    for part in key.split("+"):
        card, _sep, template = part.rpartition(":")
        if card not in CARDS or template not in TEMPLATES:
            raise ValueError(f"no plan {key!r}")
        out.append((card, template))
    return out


def cards_of(plan: Strategy) -> list[str]:
    """The cards a plan made by :func:`make_plan` buys besides Big Money, in its order."""
    return [c for c, _t in parts_of(plan.kind.removeprefix("plan:"))]


@lru_cache(maxsize=4096)
def _rule(c: str, when: tuple[str, ...]) -> BuyRule:
    """The rule of a plan that buys the card ``c`` when each of the conditions ``when`` holds (X in
    them standing for ``c``; a card that costs Debt only with the coins to pay it off), made once:
    plans share their Big Money rules, and a :class:`BuyRule` is frozen."""
    texts = tuple(w.replace("X", c) for w in when)
    debt = CARDS[c].cost.debt
    if debt:
        texts += (f"coins >= {CARDS[c].cost.coins + debt}",)  # its Debt paid off at once
    return BuyRule(c, tuple(parse_condition(t) for t in texts), texts)


def make_plan(key: str) -> Strategy:
    """The buy list of the plan ``key`` (see :func:`parts_of`): Big Money with
    each part's card bought as its template (a key of :data:`TEMPLATES`) says,
    the parts in their order (a card that costs Debt only with the coins to
    pay it off), as a :class:`Strategy` of kind ``plan:KEY``. Raises
    ValueError for an unknown card or template."""
    parts = parts_of(key)
    rules = [_rule("Province", (PROVINCE_RULE,)), _rule("Duchy", ("provinces_left <= 4",))]
    rules.append(_rule("Estate", ("provinces_left <= 2",)))
    for card, template in parts:
        rules += [_rule(card, w) for _x, w in TEMPLATES[template][0]]
    rules += [_rule("Gold", ()), _rule("Duchy", ("provinces_left <= 6",))]
    for card, template in parts:
        rules += [_rule(card, w) for _x, w in TEMPLATES[template][1]]
    rules.append(_rule("Silver", ()))
    kind = f"plan:{key}"
    return Strategy(kind=kind, name=kind, buy=tuple(rules), names=frozenset(c for c, _t in parts))


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def table() -> dict[str, float]:
    """``{key: share}``: each plan's measured share of games against Big
    Money Ultimate (ties half), by its key (see :func:`parts_of`); {} when
    ``plans.json`` is missing or damaged."""
    return {k: float(v) for k, v in _data().get("plans", {}).items()}


def rivals() -> Rivals:
    """``{strategy: (cards, {key: share})}``: the strongest plans' measured
    shares against shipped strategies (``smithy``, ``double-witch``), with
    the Kingdom cards the strategy buys (a plan is judged against it only
    on a Kingdom that has them)."""
    data = _data()
    cards = data.get("rival_cards", {})
    return {
        r: (frozenset(cards.get(r, ())), {k: float(v) for k, v in shares.items()})
        for r, shares in data.get("rivals", {}).items()
    }


def strength(key: str, bmu: Mapping[str, float], against: Rivals, cards: frozenset[str]) -> tuple[int, float]:
    """How a plan ranks on a Kingdom of ``cards``: ``(1, mean share)`` over
    Big Money Ultimate and every rival (see :func:`rivals`) whose cards the
    Kingdom has, when it was measured against them all; else ``(0, share
    against Big Money Ultimate)``."""
    shares = [bmu[key]]
    for rival_cards, r in against.values():
        if not rival_cards <= cards:
            continue
        if key not in r:
            return (0, bmu[key])
        shares.append(r[key])
    return (1, sum(shares) / len(shares))


@lru_cache(maxsize=1)
def _beating() -> tuple[tuple[str, frozenset[str]], ...]:
    """``(key, cards)`` of each plan of :func:`table` that beats Big Money
    Ultimate by :data:`MARGIN`, in the table's order, with the cards it needs."""
    return tuple((plan, frozenset(c for c, _t in parts_of(plan))) for plan, share in table().items() if share > MARGIN)


@lru_cache(maxsize=512)
def _made(key: str) -> Strategy:
    """:func:`make_plan` of ``key``, made once (a :class:`Strategy` is frozen): the Kingdoms of a
    run of games share few plans."""
    return make_plan(key)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, float], Rivals]:
    """:func:`table` and :func:`rivals`, read once (:func:`plan_for` reads them for every new Kingdom)."""
    return table(), rivals()


CHOSEN: dict[tuple[str, ...], Strategy | None] = {}
"""The plan chosen per Kingdom (a tuple of its cards): the next game on it starts at once."""


def plan_for(cards: set[str] | frozenset[str]) -> Strategy | None:
    """The strongest measured plan (see :func:`strength`) whose cards are
    all among the Kingdom cards ``cards``, of those that beat Big Money
    Ultimate by :data:`MARGIN`; None when there is none."""
    key = tuple(sorted(cards))
    if key in CHOSEN:
        return CHOSEN[key]
    bmu, against = _tables()
    have = frozenset(cards)
    best: str | None = None
    best_rank = (0, 0.0)
    for plan, needs in _beating():
        if needs <= have:
            rank = strength(plan, bmu, against, have)
            if best is None or rank > best_rank:
                best, best_rank = plan, rank
    chosen = _made(best) if best else None
    CHOSEN[key] = chosen
    return chosen
