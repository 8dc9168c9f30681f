"""The game's state: cards, players, Supply piles, the turn and the setup.

Rule sources: Dominion base rulebook (zones, the turn) and the Empires
rulebook (split piles, Castles, Debt and VP tokens).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .native import mypyc_attr

if TYPE_CHECKING:  # (the card modules import this one: no import of them at run time)
    from .cards import CardSpec

BASIC_PILES: Final = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]


class SetupError(ValueError):
    """Raised for a game that cannot be set up (unknown names, player count)."""


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Card:
    """One physical card. ``spec`` is its printed card; ``became`` is the card
    it is while in play when a card makes itself another card (Empires).

    ``rules`` (the card's current rules) and ``name`` are kept up to date
    whenever ``became`` is set, so reading them is one lookup."""

    __slots__ = ("uid", "spec", "_became", "rules", "name")

    def __init__(self, uid: int, spec: CardSpec):
        self.uid = uid
        self.spec: CardSpec = spec
        """The printed card (never changes)."""
        self._became: CardSpec | None = None
        self.rules: CardSpec = spec
        """The card's current rules: the card it became while in play, if any."""
        self.name: str = spec.name
        """The name of the card's current rules (English)."""

    @staticmethod
    def many(first: int, count: int, spec: CardSpec) -> list[Card]:
        """``count`` new cards of ``spec`` numbered from ``first``: what
        ``[Card(uid, spec) for uid in range(first, first + count)]`` gives,
        each made without a call of ``__init__`` (setup makes hundreds)."""
        out = []
        new = Card.__new__  # (object's, but for a compiled Card: see docs/compiled.md)
        name = spec.name
        for uid in range(first, first + count):
            c = new(Card)
            c.uid = uid
            c.spec = spec
            c._became = None
            c.rules = spec
            c.name = name
            out.append(c)
        return out

    @property
    def became(self) -> CardSpec | None:
        """The card it became while in play, or None."""
        return self._became

    @became.setter
    def became(self, value: CardSpec | None) -> None:
        self._became = value
        self.rules = value or self.spec
        self.name = self.rules.name

    def is_(self, typ: str) -> bool:
        return typ in self.rules.types

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"


def none_became(cards: list[Card]) -> bool:
    """Whether no card of ``cards`` became another card (``became`` is None for each)."""
    for c in cards:
        if c._became is not None:
            return False
    return True


@dataclass(slots=True)  # (set up for every game: slots make it sooner)
class Player:
    """A seat's zones and tokens. ``deck`` and ``discard`` are top first."""

    name: str
    index: int
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    in_play: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    debt: int = 0
    vp_tokens: int = 0
    turns_taken: int = 0
    owned: dict[str, int] | None = None
    """The cards the player has, counted by printed name, in the order the names first came (the start
    deck's, then each gain's): kept as cards are dealt, gained, trashed and returned to the Supply, so
    that reading it costs no count; None until a game that did not deal the start decks (a position)
    first asks for it (see :meth:`owned_counts`). Public: every gain, trash and return is announced."""
    returned: dict[str, int] = field(default_factory=dict)
    """The cards the player returned to their Supply piles this game, by printed name (public)."""
    events_bought: dict[str, int] = field(default_factory=dict)
    """The Events the player bought this game, by name (public)."""

    def all_cards(self) -> list[Card]:
        """Every card the player has (for scoring)."""
        return self.hand + self.deck + self.discard + self.in_play + self.set_aside

    def owned_counts(self) -> dict[str, int]:
        """:attr:`owned`, counted from the player's zones first when it was not kept yet (to be read
        only: the dict the game keeps up to date)."""
        owned = self.owned
        if owned is None:
            owned = self.owned = {}
            for c in self.all_cards():
                name = c.spec.name
                owned[name] = owned.get(name, 0) + 1
        return owned

    def count_gained(self, name: str) -> None:
        """Count one more card of the printed name ``name`` in :attr:`owned` (when it is kept)."""
        owned = self.owned
        if owned is not None:
            owned[name] = owned.get(name, 0) + 1

    def count_lost(self, name: str) -> None:
        """Count one card of the printed name ``name`` fewer in :attr:`owned` (when it is kept; the
        name stays, at 0 when none is left)."""
        owned = self.owned
        if owned is not None and owned.get(name, 0) > 0:
            owned[name] -= 1


_new_card: Final = Card.__new__  # (object's, but for a compiled Card: see docs/compiled.md)
_LAYERED: Final[tuple[str, ...]] = ("split", "castles")
"""The kinds of pile whose cards are not all one card, each shown: a split pile and the Castles."""


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Pile:
    """A Supply pile; ``cards`` top first. ``kind``: basic, kingdom, split, castles.

    A pile is set up with its cards not yet made (see :meth:`supply`): each
    card is made, with the number it would have had, when it is first
    reached (taken, looked at, or the whole list read through ``cards``).
    :meth:`count`, :meth:`top_spec`, :meth:`take_top` and :meth:`names`
    answer without making the rest. The piles of a game share a tally of their counts by
    name (see :func:`counts_of`), kept as :meth:`take_top` takes cards and forgotten, to be
    counted again, whenever ``cards`` is read or set or the pile restocked (the list read may
    be changed); with the tally, the number of its piles that are empty (see :func:`empty_count_of`).
    ``is_layered``: whether its kind is one of :data:`_LAYERED` (set with the kind, which never changes)."""

    __slots__ = (
        "name",
        "kind",
        "_cards",
        "vp_tokens",
        "debt_tokens",
        "members",
        "_unmade",
        "_runs",
        "_total",
        "_spec",
        "_next_uid",
        "is_layered",
        "_tally",
        "_empties",
    )

    def __init__(
        self,
        name: str,
        kind: str,
        cards: list[Card],
        vp_tokens: int = 0,
        debt_tokens: int = 0,
        members: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.kind = kind
        self.is_layered = kind in _LAYERED
        self._cards = cards
        self.vp_tokens = vp_tokens
        self.debt_tokens = debt_tokens
        self.members = members
        self._unmade = 0  # the number of cards under those made that are not made yet,
        self._runs: tuple[tuple[CardSpec, int], ...] = ()  # of the runs (printed card, how many) the pile
        self._total = 0  # was set up with (``_total`` cards, top first), the bottom ``_unmade`` of them,
        self._spec: CardSpec | None = None  # the card of every one when there is one run,
        self._next_uid = 0  # numbered from this number down the pile
        self._tally: dict[str, int] = {}  # the counts of its game's piles, when kept (see counts_of)
        self._empties = [-1]  # how many of them are 0, kept with the tally, -1 until counted (see empty_count_of)

    @staticmethod
    def plan(
        name: str, kind: str, members: tuple[str, ...], runs: tuple[tuple[CardSpec, int], ...], total: int
    ) -> tuple[str, str, tuple[str, ...], tuple[tuple[CardSpec, int], ...], int, bool, CardSpec | None]:
        """How :meth:`supply` sets up the pile ``name`` of ``kind`` and ``members``
        whose cards are ``runs`` (``(printed card, how many)``, top first, none
        empty; tuples that games may share), ``total`` cards in all: those, with
        whether its kind is one of :data:`_LAYERED` and the printed card of
        every one of its cards when there is one run (else None), worked out
        once for every game set up from the plan (a Kingdom's plans are kept)."""
        return (name, kind, members, runs, total, kind in _LAYERED, runs[0][0] if len(runs) == 1 else None)

    @classmethod
    def supply(
        cls,
        layout: list[tuple[str, str, tuple[str, ...], tuple[tuple[CardSpec, int], ...], int, bool, CardSpec | None]],
        first_uid: int,
    ) -> dict[str, Pile]:
        """The piles of ``layout`` (each pile's :meth:`plan`), in its order,
        each set up unmade; the cards numbered from ``first_uid`` down each pile,
        pile after pile, as ``Card.many`` would give them run after run, each
        made when first reached. Made field by field, without a call of
        ``__init__`` (a game sets up 17)."""
        piles = {}
        uid = first_uid
        new = cls.__new__
        tally: dict[str, int] = {}  # (shared by the piles, counted when first asked for: see counts_of)
        empties = [-1]  # (kept with the tally)
        for name, kind, members, runs, total, layered, spec in layout:
            pl = new(cls)
            pl._tally = tally
            pl._empties = empties
            pl.name = name
            pl.kind = kind
            pl.is_layered = layered
            pl._cards = []
            pl.vp_tokens = 0
            pl.debt_tokens = 0
            pl.members = members
            pl._unmade = total
            pl._runs = runs
            pl._total = total
            pl._spec = spec
            pl._next_uid = uid
            uid += total
            piles[name] = pl
        return piles

    def restock(self, spec: CardSpec, count: int, first_uid: int) -> None:
        """Make the pile ``count`` cards of ``spec`` (none made yet, as
        :meth:`supply` sets a pile up), numbered from ``first_uid`` down the
        pile; its tokens stay."""
        self._cards = []
        self._unmade = count
        self._runs = ((spec, count),) if count else ()
        self._total = count
        self._spec = spec if count else None
        self._next_uid = first_uid
        self._tally.clear()  # (counted again when asked for)

    def _left(self) -> list[tuple[CardSpec, int]]:
        """The runs of the unmade cards: (printed card, how many), top first."""
        done = self._total - self._unmade
        out = []
        for spec, k in self._runs:
            if done >= k:
                done -= k
                continue
            out.append((spec, k - done))
            done = 0
        return out

    @property
    def cards(self) -> list[Card]:
        """The pile's cards, top first (every card made, when some were not). The list may be changed:
        the tally of its game's piles is counted again when next asked for (see :func:`counts_of`)."""
        self._tally.clear()
        if self._unmade:
            uid = self._next_uid
            for spec, k in self._left():
                self._cards.extend(Card.many(uid, k, spec))
                uid += k
            self._next_uid = uid
            self._unmade = 0
        return self._cards

    @cards.setter
    def cards(self, value: list[Card]) -> None:
        self._cards = value
        self._unmade = 0
        self._tally.clear()

    def forget_counts(self) -> None:
        """Forget the tally of the counts of the pile's game's piles (see :func:`counts_of`): counted
        again, with the piles of the game then, when next asked for."""
        self._tally.clear()

    def count(self) -> int:
        """The number of cards in the pile: ``len(cards)``."""
        return len(self._cards) + self._unmade

    def top_spec(self) -> CardSpec | None:
        """The printed card on top (``cards[0].spec``), or None for an empty pile."""
        cards = self._cards
        if cards:
            return cards[0].spec
        if not self._unmade:
            return None
        return self._spec or self._left()[0][0]

    def take_top(self) -> Card | None:
        """Take the top card off the pile (``cards.pop(0)``); None for an empty pile."""
        cards = self._cards
        if cards:
            c = cards.pop(0)
        else:
            if not self._unmade:
                return None
            spec = self._spec or self._left()[0][0]
            self._unmade -= 1
            # made as ``Card(uid, spec)`` is, without a call of its __init__
            c = _new_card(Card)
            c.uid = self._next_uid
            c.spec = spec
            c._became = None
            c.rules = spec
            c.name = spec.name
            self._next_uid += 1
        tally = self._tally
        if tally:  # (kept: one card fewer)
            try:
                left = tally[self.name] - 1
            except KeyError:  # (a tally of other piles: counted again when next asked for)
                tally.clear()
            else:
                tally[self.name] = left
                if not left:  # (the pile emptied: one empty pile more, once they were counted)
                    empties = self._empties
                    if empties[0] >= 0:
                        empties[0] += 1
        return c

    def names(self) -> list[str]:
        """The names of the pile's cards, top first (``[c.name for c in cards]``)."""
        out = [c.name for c in self._cards]
        if self._unmade:
            for spec, k in self._left():
                out += [spec.name] * k
        return out

    @property
    def top(self) -> Card | None:
        if not self._cards and self._unmade:
            self._cards.append(self.take_top())  # type: ignore[arg-type]
            tally = self._tally
            if tally:  # (the card taken is on top again: as many cards as before)
                left = tally[self.name]
                tally[self.name] = left + 1
                if not left:  # (no longer empty, once they were counted)
                    empties = self._empties
                    if empties[0] >= 0:
                        empties[0] -= 1
        return self._cards[0] if self._cards else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pile):
            return NotImplemented
        return (self.name, self.kind, self.cards, self.vp_tokens, self.debt_tokens, self.members) == (
            other.name,
            other.kind,
            other.cards,
            other.vp_tokens,
            other.debt_tokens,
            other.members,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Pile(name={self.name!r}, kind={self.kind!r}, cards={self.cards!r}, vp_tokens={self.vp_tokens!r}, "
            f"debt_tokens={self.debt_tokens!r}, members={self.members!r})"
        )


def _tally_of(piles: dict[str, Pile]) -> dict[str, int] | None:
    """The tally of the counts of ``piles`` (name to pile), by name, as kept by the piles: the
    tally of the first pile, counted again and shared by every pile of ``piles`` where it was
    forgotten (empty) or holds another number of piles, with the number of empty piles kept beside it
    (see :func:`empty_count_of`: not counted yet); None for no pile."""
    for first in piles.values():
        tally = first._tally
        break
    else:
        return None
    if tally and len(tally) == len(piles):
        return tally
    tally.clear()
    empties = first._empties
    empties[0] = -1
    for pl in piles.values():
        tally[pl.name] = len(pl._cards) + pl._unmade
        pl._tally = tally
        pl._empties = empties
    return tally


def counts_of(piles: dict[str, Pile]) -> dict[str, int]:
    """The number of cards in each pile of ``piles`` (name to pile), by name
    (``pile.count()`` of each): a copy of the piles' tally, counted only where it was forgotten."""
    tally = _tally_of(piles)
    return {} if tally is None else dict(tally)


def empty_count_of(piles: dict[str, Pile]) -> int:
    """The number of piles of ``piles`` (name to pile) with no card left (``len(empty_piles_of(piles))``),
    kept with the piles' tally: counted when first asked for after the tally was, then changed as a pile
    empties or is no longer empty while the tally is kept."""
    tally = _tally_of(piles)
    if tally is None:
        return 0
    for first in piles.values():
        empties = first._empties  # (shared by the piles with the tally)
        n = empties[0]
        if n < 0:
            n = 0
            for left in tally.values():  # (a loop: compiled, each count read as a number)
                if not left:
                    n += 1
            empties[0] = n
        return n
    return 0


def tops_of(piles: dict[str, Pile]) -> dict[str, str | None]:
    """The name of the printed card on top of each pile of ``piles`` (name to pile), by the
    pile's name, None for an empty pile (``pile.top_spec()``'s name of each), read without a call
    per pile but for a pile of several cards whose top is not made yet."""
    out: dict[str, str | None] = {}
    for name, pl in piles.items():
        cards = pl._cards
        if cards:
            out[name] = cards[0].spec.name
        elif not pl._unmade:
            out[name] = None
        else:
            spec = pl._spec or pl._left()[0][0]
            out[name] = spec.name
    return out


def empty_piles_of(piles: dict[str, Pile]) -> list[Pile]:
    """The piles of ``piles`` (name to pile) with no card left (``not
    pile.count()``), in order: read without a call per pile (scoring and the
    end condition read every pile)."""
    return [pl for pl in piles.values() if not pl._cards and not pl._unmade]


@dataclass(slots=True, init=False)  # (slots make it sooner; its __init__ and begin below, the sooner still)
class Turn:
    """The turn in progress: phase, Actions, Buys, coins and per-turn memory.

    ``played`` lists the cards the turn player played this turn, once per
    play (a card played twice is listed twice); ``gained`` the names of the
    cards they gained. ``memory`` is room for cards, Events and Landmarks to
    remember things until the end of the turn, keyed by their English name
    (see :meth:`Game.turn_memory`).
    """

    player: int
    number: int
    phase: str
    actions: int
    buys: int
    coins: int
    bought: bool  # a card or Event was bought this Buy phase
    actions_played: int
    played: list[Card]
    gained: list[str]  # names gained by the turn player
    action_phase_requested: str  # why a card asks to return to the Action phase ("" for none)
    action_phase_again: bool  # the turn returned to the Action phase
    memory: dict[str, dict[str, Any]]

    def __init__(self, player: int, number: int, **changes: Any) -> None:
        """Player ``player``'s (by index) turn number ``number`` (of the
        game, from 1), as it starts (see :meth:`begin`), with ``changes``
        (fields by name, e.g. ``phase="buy"``) set after that; an unknown
        field raises AttributeError."""
        self.begin(player, number)
        for name, value in changes.items():
            setattr(self, name, value)

    def begin(self, player: int, number: int) -> None:
        """Set the turn up as player ``player``'s (by index) turn number
        ``number`` (of the game, from 1) as it starts: in the Action phase
        with 1 Action, 1 Buy and no coins (base rulebook, Turn), nothing
        played, gained or remembered yet (new empty lists and dict: whoever
        read the old ones keeps them). The one place a turn's start is
        written (a new Turn and the next turn both set up by it)."""
        self.player = player
        self.number = number
        self.phase = "action"
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.bought = False
        self.actions_played = 0
        self.played = []
        self.gained = []
        self.action_phase_requested = ""
        self.action_phase_again = False
        self.memory = {}


@dataclass
class GameConfig:
    """What a game is set up from: seat names, Kingdom pile names, Events,
    Landmarks and the seed."""

    players: list[str]
    kingdom: list[str]
    events: list[str] = field(default_factory=list)
    landmarks: list[str] = field(default_factory=list)
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "kingdom": list(self.kingdom),
            "events": list(self.events),
            "landmarks": list(self.landmarks),
            "seed": self.seed,
        }
