"""The simple bots: ``random`` (:class:`RandomBot`, any legal answer) and
``bigmoney`` (:class:`BigMoneyBot`, plain Big Money).

Like every bot they decide from the decision and their own
:class:`~a11y_dominion.view.PlayerView` only. Both are plain data (a seed and
a random generator), so they can be pickled for the worker processes of
``simulate``. :class:`RandomBot` is also the last resort of other seats that
must answer something legal (see :mod:`a11y_dominion.console.seat`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..fastlane import PlainView
from ..rules.cards import CARDS
from ..rules.decisions import END_MOVE, TREASURES_MOVE, Decision, Move, MoveKind, Option, option_words, turn_moves
from ..rules.events import GameEvent
from ..rules.native import mypyc_attr
from ..view import PlayerView

# Enum members at hand as globals: in Python 3.11 a member read off its class
# (``MoveKind.END``) goes through the enum type's __getattr__ hook, some ten
# times as dear as a global.
_MK_END: Final = MoveKind.END
_MK_PAY: Final = MoveKind.PAY
_MK_PLAY: Final = MoveKind.PLAY
_MK_TREASURES: Final = MoveKind.TREASURES


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (pickled; bmu's and tests' bots derive)
class RandomBot:
    """Chooses uniformly among legal answers (seeded)."""

    kind = "random"
    reads_scores = False  # its view comes without the players' scores
    quick_view = True  # it reads a few fields of its view: build them when read
    reads_turn = False  # it answers from the decision's moves: its view's turn too is built only when read
    hears_events = False  # its tell does nothing

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, step: int) -> None:
        """Make the next answers a function of the bot's seed and ``step`` (the
        number of answers the game had before this decision) only: a game
        resumed or replayed from its record then goes on exactly as before."""
        self.rng.seed(f"{self.seed}:{step}")

    def tell(self, events: list[GameEvent]) -> None:
        """Bots keep no memory of events."""

    def decide(self, d: Decision, view: PlayerView | None = None) -> list[Option]:
        """A random legal answer to ``d``."""
        if d.kind == "turn":
            opts = list(turn_moves(d))  # the moves listed once
            if len(opts) > 1 and self.rng.random() < 0.5:
                non_end = [o for o in opts if o.kind is not _MK_END]
                return [self.rng.choice(non_end)]
            return [self.rng.choice(opts)]
        for _ in range(50):
            pool: list[Option] = []
            for o in d.options:
                pool.extend([o] * d.count_of(o))
            hi = min(d.max, len(pool))
            if d.purpose == "trash" and hi - d.min > 2:
                hi = d.min + 2  # "any number": keep random seats from trashing their whole deck
            k = self.rng.randint(min(d.min, hi), hi)
            ans = self.rng.sample(pool, k)
            if d.check(ans) is None:
                return ans
        # fall back to a simple legal answer (e.g. Temple's different names)
        distinct = list(dict.fromkeys(d.options))
        return distinct[: max(d.min, 1)] if d.min else []


_END: Final = END_MOVE
_TREASURES: Final = TREASURES_MOVE
_PAY_1: Final = Move.pay(1)
# the moves a plain turn answers at once, each one tuple kept for good (the plain turns know each
# by its id: see fastlane._shape_of); typed ``tuple[Move, ...]`` so that compiled, too, each stays one
# Python object (mypyc keeps a tuple of a known length unboxed, and boxes a new one at each return)
_END_TREASURES: Final[tuple[Move, ...]] = (_END, _TREASURES)
_END_TREASURES_END: Final[tuple[Move, ...]] = (_END, _TREASURES, _END)
_BUY_PROVINCE, _BUY_DUCHY, _BUY_GOLD, _BUY_ESTATE, _BUY_SILVER = (
    Move.buy(n) for n in ("Province", "Duchy", "Gold", "Estate", "Silver")
)
_END_TREASURES_PROVINCE: Final[tuple[Move, ...]] = (_END, _TREASURES, _BUY_PROVINCE)
_END_TREASURES_DUCHY: Final[tuple[Move, ...]] = (_END, _TREASURES, _BUY_DUCHY)
_END_TREASURES_GOLD: Final[tuple[Move, ...]] = (_END, _TREASURES, _BUY_GOLD)
_END_TREASURES_ESTATE: Final[tuple[Move, ...]] = (_END, _TREASURES, _BUY_ESTATE)
_END_TREASURES_SILVER: Final[tuple[Move, ...]] = (_END, _TREASURES, _BUY_SILVER)
_ACTION_NAMES: Final = frozenset(n for n, spec in CARDS.items() if spec.is_("Action"))
_TREASURE_NAMES: Final = frozenset(n for n, spec in CARDS.items() if spec.is_("Treasure"))


def _cost_key(name: str) -> tuple[int, int]:
    spec = CARDS.get(name)
    if spec is None:
        return (0, 0)
    return (spec.cost.coins + spec.cost.debt, spec.cost.coins)


def _buy(coins: int, bought: bool, provinces: int, legal: Callable[[Move], bool]) -> Move | None:
    """Big Money's buy with ``coins`` (2 or more) and a Buy left: ``bought``
    tells whether it bought this Buy phase, ``provinces`` the Provinces
    left, ``legal(move)`` whether a move is legal; None for no buy."""
    if coins >= 8 and legal(_BUY_PROVINCE):
        return _BUY_PROVINCE
    if 5 <= coins and provinces <= 4 and legal(_BUY_DUCHY):
        return _BUY_DUCHY
    if coins >= 6 and legal(_BUY_GOLD):
        return _BUY_GOLD
    if provinces <= 2 and legal(_BUY_ESTATE):
        return _BUY_ESTATE
    if coins >= 3 and not bought and legal(_BUY_SILVER):
        return _BUY_SILVER
    return None


JUNK_ORDER: Final = ["Curse", "Estate", "Copper"]


def _junk_rank(name: str) -> tuple[int, int | tuple[int, int]]:
    if name in JUNK_ORDER:
        return (0, JUNK_ORDER.index(name))
    spec = CARDS.get(name)
    if spec is not None and spec.is_("Victory") and not spec.is_("Action") and not spec.is_("Treasure"):
        return (1, _cost_key(name))
    return (2, _cost_key(name))


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (pickled; bmu's and tests' bots derive)
class BigMoneyBot:
    """Big Money: plays its Actions, plays all Treasures, pays Debt, buys
    Province at 8, Gold at 6 to 7, Silver at 3 to 5, Duchy at 5 to 7 once
    the Provinces run low, Estate at 2 to 4 near the very end."""

    kind = "bigmoney"
    reads_scores = False  # its view comes without the players' scores
    quick_view = True  # it reads a few fields of its view: build them when read
    hears_events = False  # its tell does nothing

    _rng: random.Random | None = None

    def __init__(self, seed: int = 0):
        self.seed = seed

    @property
    def rng(self) -> random.Random:
        """The bot's random numbers (for choices other than its turn moves),
        seeded with its seed when first used: most Big Money games never ask
        for one, and seeding costs more than many answers."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    def reseed(self, step: int) -> None:
        """Make the next answers a function of the bot's seed and ``step`` (the
        number of answers the game had before this decision) only: a game
        resumed or replayed from its record then goes on exactly as before."""
        self.rng.seed(f"{self.seed}:{step}")

    def tell(self, events: list[GameEvent]) -> None:
        """Bots keep no memory of events."""

    def decide(self, d: Decision, view: PlayerView) -> list[Option]:
        """A Big Money answer to ``d``, from the bot's own ``view``."""
        if d.kind == "turn":
            return [self._move(view, d)]
        return self._choice(view, d)

    def _move(self, view: PlayerView, d: Decision) -> Move:
        opts = turn_moves(d)
        t = view.turn
        if t.phase == "action":
            if _ACTION_NAMES.isdisjoint(view.hand):
                return _END  # no Action card it could play: no need to list the moves
            plays = [o for o in opts if o.kind is _MK_PLAY and CARDS[o.name].is_("Action")]
            # play villages first, then the rest
            plays.sort(key=lambda o: -(CARDS[o.name].actions))
            if plays:
                return plays[0]
            return _END
        if not t.bought and _TREASURES in opts:  # (a purchase ends the playing of Treasures)
            return _TREASURES
        if not _TREASURE_NAMES.isdisjoint(view.hand):  # else no Treasure to play: no need to list the moves
            for o in opts:
                if o.kind is _MK_PLAY and CARDS[o.name].is_("Treasure"):
                    return o
        coins = t.coins
        if t.buys >= 1 and coins >= 2:  # else no buy is legal (none costs less than 2)
            buy = _buy(coins, t.bought, view.pile("Province").cards_left, opts.__contains__)
            if buy is not None:
                return buy
        # Debt is paid before anything is bought: a legal buy above means no Debt
        if coins and _PAY_1 in opts:  # else no Debt it can pay
            pays = [o for o in opts if o.kind is _MK_PAY]
            if pays:
                return max(pays, key=lambda o: o.amount)
        return _END

    def plain_move(self, v: PlainView) -> Move | tuple[Move, ...]:
        """The move :meth:`decide` answers in a plain turn (see
        :class:`~a11y_dominion.fastlane.PlainView`: no Action card in
        hand, only Treasures that "play treasures" plays), read from ``v``
        instead of a decision and a view: the same move, for less work; or
        the moves it answers one after the other, as a tuple."""
        t = v.turn
        if t.phase == "action":
            # no Action card in hand: it ends the Action phase, then plays its Treasures, then buys
            # (with no Debt: what its Buy phase answers once they are played)
            if not v.treasures:
                return _END
            coins = v.coins_after
            if v.debt or v.buys_after < 1:
                return _END_TREASURES
            # what _buy(coins, False, provinces, legal) answers once the Treasures are played, read from the
            # cards left: a basic pile's buy is then legal when the pile has a card (its own, at its cost,
            # which the coins reach for each buy below)
            left = v.left
            provinces = left["Province"]
            if coins >= 8 and provinces:
                return _END_TREASURES_PROVINCE
            if coins >= 5 and provinces <= 4 and left["Duchy"]:
                return _END_TREASURES_DUCHY
            if coins >= 6 and left["Gold"]:
                return _END_TREASURES_GOLD
            if coins >= 2 and provinces <= 2 and left["Estate"]:
                return _END_TREASURES_ESTATE
            if coins >= 3 and left["Silver"]:
                return _END_TREASURES_SILVER
            return _END_TREASURES_END
        if v.treasures:  # (legal only before a purchase)
            return _TREASURES
        # every Treasure in a plain hand is played by "play treasures": none is left to play one by one
        coins = t.coins
        legal = v.legal
        if t.buys >= 1 and coins >= 2:
            buy = _buy(coins, t.bought, v.left["Province"], legal)
            if buy is not None:
                return buy
        if coins and v.debt:
            return Move.pay(min(coins, v.debt))  # the most it can pay
        return _END

    def _choice(self, view: PlayerView, d: Decision) -> list[Option]:
        if d.kind == "yesno":
            return ["yes"] if d.purpose in ("trash",) else ["no"]
        if d.kind == "number":
            if d.purpose == "pay":
                return [d.options[-1]]
            return ["pass"] if "pass" in d.options else [d.options[0]]
        if d.kind == "mode":
            prefer = {"coins", "cards", "duchy"}
            for o in d.options:
                if o in prefer:
                    return [o]
            return [d.options[0]]
        if d.kind == "pile":
            if d.purpose in ("gain", "copy"):
                best = max(option_words(d), key=lambda pn: _cost_key(view.pile(pn).top or ""))
                return [best]
            if d.purpose == "add debt":
                return [d.options[0]]
            return [d.options[0]] if d.min else []
        # cards
        pool: list[str] = []
        for o in option_words(d):
            pool.extend([o] * d.count_of(o))
        if d.purpose in ("trash", "discard", "topdeck"):
            pool.sort(key=_junk_rank)
            k = d.min
            if d.purpose == "discard" and d.source in ("Opulent Castle",):
                k = d.max
        elif d.purpose in ("reveal", "take", "play"):
            pool.sort(key=lambda n: _cost_key(n), reverse=True)
            k = max(d.min, 1) if d.max else 0
        elif d.purpose == "keep":
            pool.sort(key=lambda n: _cost_key(n), reverse=True)
            k = d.max
        else:
            k = d.min
        ans: list[Option] = [*pool[: min(k, len(pool))]]
        if d.check(ans) is None:
            return ans
        return RandomBot(self.rng.randrange(1 << 30)).decide(d, view)
