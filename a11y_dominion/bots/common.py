"""What bots remember and the card facts they share.

:class:`Ledger` counts the cards every player has from the events a seat is
told: gains, trashes and returns to the Supply are public (base rulebook),
and a player's starting cards are always 7 Coppers and 3 Estates. A bot
knows its own deck's contents this way (as a player who keeps count does),
never its order, and never another player's hand.

The view of every decision counts the same cards (see
:class:`~a11y_dominion.view.SeatView`): :class:`ViewLedger` reads them
there, for a bot that hears no events (``medium`` and the bots built on it).

A bot remembers nothing else: what it knows is a function of the events its
seat was told from the start of the game (see :mod:`a11y_dominion.seats`),
so a bot made anew and told them again knows exactly as much.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

from ..rules import events as ev
from ..rules.cards import CARDS, EVENTS, PILES, CardSpec
from ..rules.decisions import Move

START: Final = Counter({"Copper": 7, "Estate": 3})

HEARD: Final = frozenset({ev.CardGained, ev.CardTrashed, ev.CardReturned, ev.EventBought, ev.TurnStarted})
"""The types of the events :meth:`Ledger.tell` reads: a bot that learns only through its
ledger hears only these (its ``hears``, see :class:`~a11y_dominion.table.Table`)."""


class Ledger:
    """The cards each player has, by name, kept from told events.

    ``owned[name]`` is a :class:`Counter` of card names. ``tell(events)``
    takes events as a seat receives them (redacted: another player's
    private card names are hidden, but gains, trashes and returns are
    public)."""

    def __init__(self) -> None:
        self.owned: dict[str, Counter[str]] = {}
        self.gained_this_turn: dict[str, int] = {}
        self.events_bought: dict[str, Counter[str]] = {}  # player -> the Events they bought, by name
        self.returned: dict[str, Counter[str]] = {}  # player -> the cards they returned to the Supply, by name

    def of(self, player: str) -> Counter[str]:
        """The cards ``player`` has (7 Coppers and 3 Estates before any event)."""
        c = self.owned.get(player)
        if c is None:
            c = self.owned[player] = Counter(START)
        return c

    def tell(self, events: Iterable[ev.GameEvent]) -> None:
        """Count the gains, trashes, returns and Events bought in ``events``."""
        e: Any  # an event of the type ``t`` tested below (a test of ``type(e)`` kept aside does not narrow it)
        for e in events:
            t = type(e)
            if t is ev.CardGained:
                self.of(e.player)[e.card] += 1
                self.gained_this_turn[e.player] = self.gained_this_turn.get(e.player, 0) + 1
            elif t is ev.CardTrashed:
                if e.source != "supply" and e.player:
                    c = self.of(e.player)
                    if c[e.card] > 0:
                        c[e.card] -= 1
            elif t is ev.CardReturned:
                c = self.of(e.player)
                if c[e.card] > 0:
                    c[e.card] -= 1
                self.returned.setdefault(e.player, Counter())[e.card] += 1
            elif t is ev.EventBought:
                self.events_bought.setdefault(e.player, Counter())[e.event] += 1
            elif t is ev.TurnStarted:
                self.gained_this_turn = {}

    def copy(self) -> Ledger:
        """An independent copy."""
        out = Ledger()
        out.owned = {k: Counter(v) for k, v in self.owned.items()}
        out.gained_this_turn = dict(self.gained_this_turn)
        out.events_bought = {k: Counter(v) for k, v in self.events_bought.items()}
        out.returned = {k: Counter(v) for k, v in self.returned.items()}
        return out


_new_counter: Final = Counter.__new__
_fill: Final = dict.update


def counter_of(counts: dict[str, int]) -> Counter[str]:
    """``Counter(counts)``: a new :class:`Counter` with the names and counts of the dict ``counts``,
    in its order, made without the Python steps of Counter's ``__init__`` and ``update`` (a bot
    copies the counts of every player at most decisions)."""
    c: Counter[str] = _new_counter(Counter)
    _fill(c, counts)
    return c


def plus_one(cards: Counter[str], card: str) -> Counter[str]:
    """``cards + Counter({card: 1})``: a new :class:`Counter` of ``cards`` with one ``card`` more,
    as Counter's ``+`` gives it (:func:`less` of one card less than none; a bot counts a deck with
    a card gained at its buys)."""
    return less(cards, {card: -1})


def less(cards: Counter[str], taken: Mapping[str, int]) -> Counter[str]:
    """``cards - Counter(taken)``: a new :class:`Counter` of ``cards`` without the cards ``taken``
    (names to counts), its names in the same order and those of no copy left out, as Counter's
    ``-`` gives it, made without the Python steps of Counter's ``__init__`` and ``__sub__`` (a bot
    counts a deck with the cards it would trash)."""
    out: Counter[str] = _new_counter(Counter)
    for n, k in cards.items():
        k -= taken.get(n, 0)
        if k > 0:
            out[n] = k
    for n, k in taken.items():
        if k < 0 and n not in cards:
            out[n] = -k
    return out


class ViewLedger:
    """The cards each player has, read from a seat's view instead of counted
    from events: every :class:`~a11y_dominion.view.SeatView` says what its
    player owns, returned to the Supply and bought of the Events, and the
    :class:`~a11y_dominion.view.TurnView` how many cards the turn's player
    gained this turn (all public). :meth:`read` points it at the view of the
    decision being made; what it gives is then what a :class:`Ledger` told
    the seat's events would give (the same counts, names in the same order),
    so a bot that reads it hears no events. ``tell`` does nothing."""

    __slots__ = ("view", "_of", "_returned", "_events")

    def __init__(self) -> None:
        self.view: Any = None  # the PlayerView read (None before the first decision)
        self._of: dict[str, Counter[str]] = {}
        self._returned: dict[str, Counter[str]] | None = None
        self._events: dict[str, Counter[str]] | None = None

    def read(self, view: Any) -> None:
        """Read the counts from ``view`` (a :class:`~a11y_dominion.view.PlayerView`) from now on."""
        if view is not self.view:
            self.view = view
            self._of = {}
            self._returned = self._events = None

    def of(self, player: str) -> Counter[str]:
        """The cards ``player`` has, by name (the same Counter for the same view; the start deck's
        7 Coppers and 3 Estates before any view was read)."""
        c = self._of.get(player)
        if c is None:
            view = self.view
            if view is None:
                c = self._of[player] = Counter(START)
            else:  # (the seat's own cards read from its own SeatView: the other players' are not built for it)
                seat = view.me if player == view.seat else view.player(player)
                c = self._of[player] = counter_of(seat.owned)
        return c

    @property
    def gained_this_turn(self) -> dict[str, int]:
        """How many cards the player whose turn it is gained this turn, by that player's name."""
        view = self.view
        if view is None:
            return {}
        t = view.turn
        return {t.player: t.gained}

    @property
    def events_bought(self) -> dict[str, Counter[str]]:
        """The Events each player bought, by player name (absent: none)."""
        out = self._events
        if out is None:
            players = self.view.players if self.view is not None else ()
            out = self._events = {p.name: counter_of(p.events_bought) for p in players if p.events_bought}
        return out

    @property
    def returned(self) -> dict[str, Counter[str]]:
        """The cards each player returned to the Supply, by player name (absent: none)."""
        out = self._returned
        if out is None:
            players = self.view.players if self.view is not None else ()
            out = self._returned = {p.name: counter_of(p.returned) for p in players if p.returned}
        return out

    def tell(self, events: Iterable[ev.GameEvent]) -> None:
        """Nothing to count: the counts are read from the view (see the class)."""

    def __reduce__(self) -> tuple[type[ViewLedger], tuple[()]]:
        # a copy (or a pickled one) knows nothing until it reads a view: the view read, valid only
        # while its decision is pending, is not copied
        return (ViewLedger, ())


class CardCounts(Protocol):
    """What a bot reads of the cards every player has: a :class:`Ledger` is one;
    ``hard``'s rollouts read them from the game they play instead (see
    :mod:`.hard`)."""

    def of(self, player: str) -> Counter[str]:
        """The cards ``player`` has, by name."""

    @property
    def gained_this_turn(self) -> Mapping[str, int]:
        """How many cards each player gained this turn, by name (the players who gained none may be absent)."""

    @property
    def events_bought(self) -> Mapping[str, Counter[str]]:
        """The Events each player bought, by player name (absent: none)."""

    @property
    def returned(self) -> Mapping[str, Counter[str]]:
        """The cards each player returned to the Supply, by player name (absent: none)."""

    def tell(self, events: Iterable[ev.GameEvent]) -> None:
        """Count what ``events`` (as a seat is told them) say of the cards."""


class TurnOptions(Protocol):
    """What a bot's buy reads of a turn decision: its legal ``options``, every one
    a :class:`~a11y_dominion.rules.decisions.Move` (a turn
    :class:`~a11y_dominion.rules.decisions.Decision` is one, read so; ``hard``'s
    rollouts pass the legal moves alone)."""

    @property
    def options(self) -> Sequence[Move]:
        """The legal moves."""


def spec(name: str) -> CardSpec | None:
    """The :class:`CardSpec` of ``name`` or None (an Event, a hidden card)."""
    return CARDS.get(name)


def is_type(name: str, typ: str) -> bool:
    """True when the card ``name`` has the type ``typ``."""
    s = CARDS.get(name)
    return s is not None and typ in s.types


_OF_TYPE: Final[dict[str, tuple[int, frozenset[str]]]] = {}
"""By a type: the number of cards known when :func:`names_of_type` listed its cards, and those cards."""


def names_of_type(typ: str) -> frozenset[str]:
    """The names of the cards that have the type ``typ`` (``name in names_of_type(typ)`` is
    ``is_type(name, typ)``, without a call per name); listed again when a card was added since."""
    known = _OF_TYPE.get(typ)
    if known is None or known[0] != len(CARDS):
        known = _OF_TYPE[typ] = (len(CARDS), frozenset(n for n, s in CARDS.items() if typ in s.types))
    return known[1]


_PRINTED_COINS: Final = {"Fortune": 4, "Crown": 2, "Charm": 2}  # Treasures whose coins are in their text
_COINS: Final[dict[str, int]] = {}
""":func:`coins_of` of the card names asked for (kept: a card's coins never change)."""


def coins_of(name: str) -> int:
    """The coins a Treasure gives when played as it is printed (0 for other cards)."""
    coins = _COINS.get(name)
    if coins is None:
        s = CARDS.get(name)
        if s is None:
            return 0
        coins = _COINS[name] = _PRINTED_COINS.get(name, s.coins) if "Treasure" in s.types else 0
    return coins


def money_total(cards: Counter[str]) -> int:
    """The coins of every Treasure in ``cards`` (Big Money's "total money")."""
    known = _COINS
    total = 0
    for n, k in cards.items():
        if k > 0:
            coins = known.get(n)
            total += (coins_of(n) if coins is None else coins) * k
    return total


def price(name: str) -> tuple[int, int]:
    """(coins, debt) a card or Event costs as printed."""
    s = CARDS.get(name) or EVENTS.get(name)
    if s is None:
        return (0, 0)
    return (s.cost.coins, s.cost.debt)


def pile_members(pile: str) -> list[str]:
    """Card names in the Supply pile ``pile`` (one for a plain pile)."""
    p = PILES.get(pile)
    return p.card_names if p is not None else [pile]


def is_victory_only(name: str) -> bool:
    """A Victory or Curse card that does nothing else (dead in the hand)."""
    s = CARDS.get(name)
    if s is None:
        return False
    return ("Victory" in s.types or "Curse" in s.types) and not ("Action" in s.types or "Treasure" in s.types)


def vp_of(name: str, cards: Counter[str]) -> int:
    """Victory points of one ``name`` among ``cards`` (variable ones estimated)."""
    if name == "Gardens":
        return sum(cards.values()) // 10
    if name == "Humble Castle" or name == "King's Castle":
        castles = names_of_type("Castle")
        count = 0
        for n, k in cards.items():
            if n in castles:
                count += k
        return count if name == "Humble Castle" else 2 * count
    s = CARDS.get(name)
    if s is None:
        return 0
    if name == "Curse":
        return -1
    return s.vp


_VARIABLE_VP: Final = frozenset({"Gardens", "Humble Castle", "King's Castle"})
_FIXED_VP: Final[dict[str, int]] = {}


def variable_vp(cards: Counter[str]) -> int:
    """The part of :func:`card_vp` of ``cards`` that the cards whose VP depend on the deck give
    (Gardens and the Castles of :data:`_VARIABLE_VP`): one card more of any other name changes
    ``card_vp`` by that card's own VP and this part by what it changes."""
    total = 0
    for n in _VARIABLE_VP:
        k = cards.get(n, 0)
        if k > 0:
            total += vp_of(n, cards) * k
    return total


def variable_vp_gain(cards: Counter[str], card: str, total: int) -> int:
    """The change one more ``card`` (a name not of :data:`_VARIABLE_VP`) makes to
    :func:`variable_vp` of ``cards`` (``total``: ``sum(cards.values())``), worked out without
    counting the deck again: each Gardens gains 1 VP where the deck reaches a multiple of 10
    cards, and a Castle adds 1 VP to each Humble Castle and 2 to each King's Castle
    (:func:`vp_of`)."""
    gain = 0
    gardens = cards.get("Gardens", 0)
    if gardens > 0 and (total + 1) // 10 > total // 10:
        gain += gardens
    if card in names_of_type("Castle"):
        humble, king = cards.get("Humble Castle", 0), cards.get("King's Castle", 0)
        gain += (humble if humble > 0 else 0) + (2 * king if king > 0 else 0)
    return gain


def card_vp(cards: Counter[str]) -> int:
    """The VP of ``cards`` without tokens or Landmarks (estimated for variable cards)."""
    total = 0
    fixed = _FIXED_VP
    for n, k in cards.items():
        if k <= 0:
            continue
        v = fixed.get(n)
        if v is None:
            v = vp_of(n, cards)
            if n not in _VARIABLE_VP:
                fixed[n] = v  # the same for every deck: remembered (card_vp runs in every rollout)
        total += v * k
    return total
