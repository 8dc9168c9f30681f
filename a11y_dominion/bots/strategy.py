"""A bot that plays a strategy file (see :mod:`a11y_dominion.strategies`).

At each buy it buys the first entry of the strategy's buy list whose
conditions all hold and that is a legal buy now (a card not in the Kingdom
is never bought); with no such entry it buys nothing. It plays the Actions
the strategy lists first, in that order; it trashes and discards the cards
the strategy lists first when a card asks; it pays off Debt unless the
strategy says not to. Every other answer is the ``medium`` bot's.
"""

from __future__ import annotations

from collections import Counter

from ..kingdoms import pile_name_for
from ..rules.cards import CARDS, EVENTS
from ..rules.decisions import Decision, Kind, Move, MoveKind, Purpose
from ..strategies import Strategy
from ..view import PlayerView
from .common import money_total
from .medium import MediumBot

_END = Move(MoveKind.END)


def _left(view: PlayerView, pile: str, missing: int = 0) -> int:
    try:
        return view.pile(pile).cards_left
    except KeyError:
        return missing


def _three_smallest(view: PlayerView, players: int) -> int:
    sizes = sorted(p.cards_left for p in view.piles.values())
    return sum(sizes[: 4 if players >= 5 else 3])


class StrategyBot(MediumBot):
    """Plays ``strategy`` (a :class:`~a11y_dominion.strategies.Strategy`);
    ``seed`` seeds the ``medium`` answers it falls back on. Its ``kind`` is
    the strategy's seat kind (a shipped name or a path). It holds only
    plain data, so it can be pickled."""

    def __init__(self, strategy: Strategy, seed: int = 0):
        super().__init__(seed)
        self.strategy = strategy
        self.kind = strategy.kind

    # ------------------------------------------------------------ conditions
    def field(self, view: PlayerView, node: tuple) -> float:
        """The value of one field of a condition (see ``FIELDS`` and ``CARD_FIELDS``)."""
        if node[0] == "f":
            name = node[1]
            if name == "coins":
                return view.turn.coins
            if name == "buys":
                return view.turn.buys
            if name == "total_money":
                return money_total(self.mine(view))
            if name == "cards":
                return sum(k for k in self.mine(view).values() if k > 0)
            if name == "provinces_left":
                return _left(view, "Province")
            if name == "gains_to_end":
                return min(_left(view, "Province", 99), _three_smallest(view, len(view.players)))
            if name == "empty_piles":
                return len(view.empty_piles())
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
        counters = [self.mine(view)] if name == "count" else self.others(view)
        best = 0
        for cards in counters:
            if kind == "t":
                n = sum(k for c, k in cards.items() if k > 0 and c in CARDS and card in CARDS[c].types)
            else:
                n = max(cards[card], 0)
            best = max(best, n)
        return best

    def value(self, view: PlayerView, node: tuple) -> float:
        """The value of an expression tree of a condition."""
        op = node[0]
        if op == "n":
            return node[1]
        if op in ("f", "c", "t"):
            return self.field(view, node)
        a, b = self.value(view, node[1]), self.value(view, node[2])
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        return a / b if b else float("inf") if a > 0 else 0.0

    def holds(self, view: PlayerView, cond: tuple) -> bool:
        """True when the condition ``cond`` (left, comparison, right) holds now."""
        left, op, right = cond
        a, b = self.value(view, left), self.value(view, right)
        return {
            "<": a < b,
            "<=": a <= b,
            ">": a > b,
            ">=": a >= b,
            "==": a == b,
            "!=": a != b,
        }[op]

    # ------------------------------------------------------------ moves
    def action_move(self, view: PlayerView, d: Decision) -> Move:
        """The first Action of the strategy's ``actions`` list that can be played, else ``medium``'s move."""
        if view.turn.actions >= 1:
            for name in self.strategy.actions:
                if name in view.hand:
                    m = Move.play(name)
                    if m in d.options:
                        return m
        return super().action_move(view, d)

    def buy_move(self, view: PlayerView, d: Decision) -> Move:
        """Treasures as ``medium`` plays them, Debt paid off (unless the strategy
        says not to), then :meth:`choose_buy`."""
        if not self.strategy.pay_debt and view.me.debt:
            opts = d.options
            if Move(MoveKind.TREASURES) in opts:
                return Move(MoveKind.TREASURES)
            return _END
        return super().buy_move(view, d)

    def choose_buy(self, view: PlayerView, d: Decision) -> Move:
        """The first entry of the buy list whose conditions hold and that is a legal buy now; else end."""
        buys = {}
        for m in d.options:
            if m.kind is MoveKind.BUY:
                if m.name in EVENTS:
                    buys[m.name] = m
                else:
                    try:
                        top = view.pile(m.name).top
                    except KeyError:
                        top = None
                    buys[top or m.name] = m
        if not buys:
            return _END
        for rule in self.strategy.buy:
            m = buys.get(rule.card)
            if m is None:
                continue
            if all(self.holds(view, c) for c in rule.when):
                return m
        return _END

    # ------------------------------------------------------------ answers
    def answer(self, view: PlayerView, d: Decision) -> list | None:
        """Trash and discard the strategy's listed cards first; every other answer is ``medium``'s."""
        listed = ()
        if d.kind is Kind.CARDS and d.purpose is Purpose.TRASH:
            listed = self.strategy.trash
        elif d.kind is Kind.CARDS and d.purpose is Purpose.DISCARD:
            listed = self.strategy.discard
        if not listed:
            return super().answer(view, d)
        pool = Counter()
        for o in d.options:
            pool[o] += d.count_of(o)
        chosen: list = []
        for name in listed:
            while pool[name] > 0 and len(chosen) < d.max:
                chosen.append(name)
                pool[name] -= 1
        if len(chosen) < d.min:
            rest = super().answer(view, d) or []
            used = Counter(chosen)
            for name in rest:
                if len(chosen) >= d.min:
                    break
                if used[name] > 0:
                    used[name] -= 1
                    continue
                if pool[name] > 0:
                    chosen.append(name)
                    pool[name] -= 1
        if d.check(chosen) is None:
            return chosen
        return super().answer(view, d)
