"""Buy lists: the conditions of a strategy's buy list and the buy it picks.

A buy list (the ``buy`` of a :class:`~a11y_dominion.strategies.Strategy`)
is followed by strategy seats (:mod:`.strategy`) and by ``medium`` when it
plays a plan (:mod:`.plans`); both read the conditions here, from the
player's :class:`~a11y_dominion.view.PlayerView` and the cards a
:class:`~.common.Ledger` counted, so each condition is written once.
"""

from __future__ import annotations

from typing import Final

from ..rules.cards import CARDS, EVENTS, pile_name_for
from ..rules.decisions import Move, MoveKind
from ..strategies import BuyRule, Condition, Expr
from ..view import PlayerView, empty_count
from .common import CardCounts, TurnOptions, money_total, price


def _left(view: PlayerView, pile: str, missing: int = 0) -> int:
    try:
        return view.pile(pile).cards_left
    except KeyError:
        return missing


def _three_smallest(view: PlayerView, players: int) -> int:
    sizes = sorted(p.cards_left for p in view.piles.values())
    return sum(sizes[: 4 if players >= 5 else 3])


def field(ledger: CardCounts, view: PlayerView, node: Expr) -> float:
    """The value (a number) of one field of a condition (see
    ``strategies.FIELDS`` and ``strategies.CARD_FIELDS``) for the seat of
    ``view``, whose cards and the others' ``ledger`` counts. Raises KeyError
    for a field no strategy file can name."""
    if node[0] == "f":
        name = node[1]
        if name == "coins":
            return view.turn.coins
        if name == "buys":
            return view.turn.buys
        if name == "total_money":
            return money_total(ledger.of(view.seat))
        if name == "cards":
            return sum(k for k in ledger.of(view.seat).values() if k > 0)
        if name == "provinces_left":
            return _left(view, "Province")
        if name == "gains_to_end":
            return min(_left(view, "Province", 99), _three_smallest(view, len(view.players)))
        if name == "empty_piles":
            return empty_count(view)
        if name == "debt":
            return view.me.debt
        if name == "vp_tokens":
            return view.me.vp_tokens
        if name == "turn":
            return view.me.turns_taken + (1 if view.turn.player == view.seat else 0)
        raise KeyError(name)
    kind, name, card = node
    if name == "left":
        pile = pile_name_for(card)
        try:
            pv = view.pile(pile) if pile is not None else None
        except KeyError:
            pv = None
        if pv is None:
            return 0
        if pv.cards is not None and pile != card:
            return sum(1 for c in pv.cards if c == card)
        return pv.cards_left
    if name == "in_hand":
        return view.hand.count(card)
    if name == "count":
        counters = [ledger.of(view.seat)]
    else:
        counters = [ledger.of(p.name) for p in view.players if p.name != view.seat]
    best = 0
    for cards in counters:
        if kind == "t":
            n = sum(k for c, k in cards.items() if k > 0 and c in CARDS and card in CARDS[c].types)
        else:
            n = max(cards[card], 0)
        best = max(best, n)
    return best


def value(ledger: CardCounts, view: PlayerView, node: Expr, memo: dict[Expr, float] | None = None) -> float:
    """The value of an expression tree of a condition (see :func:`field`); ``memo``, when given,
    keeps the value of each field read (for conditions read from one view: a field's value is the
    same in all of them)."""
    op = node[0]
    if op == "n":
        number: float = node[1]
        return number
    if op in ("f", "c", "t"):
        if memo is None:
            return field(ledger, view, node)
        got = memo.get(node)
        if got is None:
            got = memo[node] = field(ledger, view, node)
        return got
    a, b = value(ledger, view, node[1], memo), value(ledger, view, node[2], memo)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return a / b if b else float("inf") if a > 0 else 0.0


def holds(ledger: CardCounts, view: PlayerView, cond: Condition, memo: dict[Expr, float] | None = None) -> bool:
    """True when the condition ``cond`` (left, comparison, right) holds now (``memo``: see :func:`value`)."""
    left, op, right = cond
    a, b = value(ledger, view, left, memo), value(ledger, view, right, memo)
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    if op == ">=":
        return a >= b
    if op == "==":
        return a == b
    return a != b


def buys_by_card(view: PlayerView, d: TurnOptions) -> dict[str, Move]:
    """The buy moves of the turn decision ``d``, by the card they buy (a
    pile's top card) or the Event's name."""
    buys: dict[str, Move] = {}
    for m in d.options:
        if m.kind is MoveKind.BUY:
            if m.name in EVENTS:
                buys[m.name] = m
            else:
                try:
                    top = view.pile_top(m.name)
                except KeyError:
                    top = None
                buys[top or m.name] = m
    return buys


_PILE_OF: Final[dict[str, str | None]] = {}
"""The Supply pile of each card name a buy list buys (see :func:`buy_of`)."""


def buy_of(view: PlayerView, card: str) -> Move | None:
    """The move that buys ``card`` (an Event, or a card on top of its Supply pile) from ``view``,
    as :func:`buys_by_card` finds it among the buys of a decision, were it legal; None when no
    pile of the game has ``card`` on top (nor is it an Event)."""
    if card in EVENTS:
        return Move.buy(card)
    pile = _PILE_OF.get(card, "")
    if pile == "":
        pile = _PILE_OF[card] = pile_name_for(card)
    if pile is None:
        return None
    try:
        top = view.pile_top(pile)
    except KeyError:
        return None
    return Move.buy(pile) if top == card else None


_PRICE: Final[dict[str, int]] = {}
"""The coins (:func:`~.common.price`) of each card name or Event a buy list names, kept as asked for."""


def first_buy(ledger: CardCounts, view: PlayerView, d: TurnOptions, rules: tuple[BuyRule, ...]) -> Move | None:
    """The buy move of the first of ``rules`` (:class:`~a11y_dominion.strategies.BuyRule`)
    whose card can be bought now and whose conditions all hold; None when none. Each rule's buy
    is found at once (:func:`buy_of`) and asked about alone (``move in d.options``), so a turn
    decision's moves are not listed for it; a rule whose card costs more coins than the turn has
    is passed over without either (base rulebook, Buy phase: no such buy is legal)."""
    legal = d.options
    coins = view.turn.coins
    memo: dict[Expr, float] = {}  # (each field read once)
    for rule in rules:
        card = rule.card
        coins_to_buy = _PRICE.get(card)
        if coins_to_buy is None:
            coins_to_buy = _PRICE[card] = price(card)[0]
        if coins_to_buy > coins:
            continue  # (no buy of it is legal: a buy's price in coins is at most the turn's coins)
        m = buy_of(view, card)
        if m is not None and m in legal:
            for c in rule.when:  # (each condition read while the ones before it hold)
                if not holds(ledger, view, c, memo):
                    break
            else:
                return m
    return None
