"""Big Money Ultimate, as Dominion simulators define it.

Buy rule, at each turn (the first that the coins pay for): Province if the
total money in the deck is more than 18; else Duchy if 4 or fewer Provinces
are left; else Estate if 2 or fewer are left; else Gold; else Duchy if 6 or
fewer are left; else Silver. It plays every Treasure and pays its Debt; it
buys one card a turn and answers other questions as ``bigmoney`` does.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.decisions import Decision, Move, MoveKind, turn_moves
from ..rules.events import GameEvent
from ..view import PlayerView
from .common import HEARD, Ledger, money_total
from .simple import BigMoneyBot


def bmu_buy(money: int, coins: int, provinces_left: int, can: Callable[[str], bool]) -> str | None:
    """The pile Big Money Ultimate buys, or None.

    ``money``: total money in the deck; ``coins``: coins this turn;
    ``provinces_left``: Provinces in the Supply; ``can(pile)``: whether
    buying ``pile`` is a legal move now."""
    rules = [
        ("Province", 8, money > 18),
        ("Duchy", 5, provinces_left <= 4),
        ("Estate", 2, provinces_left <= 2),
        ("Gold", 6, True),
        ("Duchy", 5, provinces_left <= 6),
        ("Silver", 3, True),
    ]
    for pile, cost, when in rules:
        if when and coins >= cost and can(pile):
            return pile
    return None


class BMUBot(BigMoneyBot):
    """Big Money Ultimate (see the module documentation). It counts its
    own cards from the gains and trashes it is told."""

    kind = "bmu"
    hears_events = True
    hears = HEARD  # the events its tell reads (its ledger's): the table tells it only those

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.ledger = Ledger()

    def tell(self, events: list[GameEvent]) -> None:
        """Count the cards gained, trashed and returned."""
        self.ledger.tell(events)

    def _move(self, view: PlayerView, d: Decision) -> Move:
        t = view.turn
        if t.phase != "buy":
            return super()._move(view, d)
        opts = turn_moves(d)
        move = super()._move(view, d)
        if move.kind in (MoveKind.TREASURES, MoveKind.PLAY, MoveKind.PAY):
            return move
        if t.bought or view.me.debt:
            return Move(MoveKind.END)
        pile = bmu_buy(
            money_total(self.ledger.of(view.seat)),
            t.coins,
            view.pile("Province").cards_left,
            lambda p: Move.buy(p) in opts,
        )
        return Move.buy(pile) if pile else Move(MoveKind.END)
