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
from typing import cast

from ..rules.decisions import Decision, Kind, Move, MoveKind, Option, Purpose, option_words
from ..rules.native import mypyc_attr
from ..strategies import Expr, Strategy
from ..view import PlayerView
from . import buylist
from .common import TurnOptions
from .medium import MediumBot

_END = Move(MoveKind.END)


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (pickled; a class not compiled may derive)
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
    def value(self, view: PlayerView, node: Expr) -> float:
        """The value of an expression tree of a condition (see :func:`.buylist.value`)."""
        return buylist.value(self.counts(view), view, node)

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

    def buy_move(self, view: PlayerView, d: TurnOptions) -> Move:
        """Treasures as ``medium`` plays them, Debt paid off (unless the strategy
        says not to), then :meth:`choose_buy`."""
        if not self.strategy.pay_debt and view.me.debt:
            opts = d.options
            if Move(MoveKind.TREASURES) in opts:
                return Move(MoveKind.TREASURES)
            return _END
        return super().buy_move(view, d)

    def choose_buy(self, view: PlayerView, d: TurnOptions) -> Move:
        """The first entry of the buy list whose conditions hold and that is a legal buy now; else end."""
        return buylist.first_buy(self.counts(view), view, d, self.strategy.buy) or _END

    # ------------------------------------------------------------ answers
    def answer(self, view: PlayerView, d: Decision) -> list[str] | None:
        """Trash and discard the strategy's listed cards first; every other answer is ``medium``'s."""
        listed: tuple[str, ...] = ()
        if d.kind is Kind.CARDS and d.purpose is Purpose.TRASH:
            listed = self.strategy.trash
        elif d.kind is Kind.CARDS and d.purpose is Purpose.DISCARD:
            listed = self.strategy.discard
        if not listed:
            return super().answer(view, d)
        pool: Counter[str] = Counter()
        for o in option_words(d):
            pool[o] += d.count_of(o)
        chosen: list[str] = []
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
        if d.check(cast("list[Option]", chosen)) is None:  # (its words are options)
            return chosen
        return super().answer(view, d)
