"""Setting up a game: the Kingdom, the Supply piles and their sizes, the
starting cards and the setup of Landmarks and Events (base rulebook,
Preparation; Empires rulebook, Preparation)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, cast

from . import events as ev
from .cards import CARDS, EVENTS, LANDMARKS, PILES, CardSpec, pile_name_for
from .state import BASIC_PILES, Card, Pile, SetupError
from .turnflow import TurnFlowMixin

if TYPE_CHECKING:
    from .game import Game


_RESOLVED: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}
""":func:`resolve_kingdom` of Kingdoms met before (simulations set up one Kingdom often)."""


def resolve_kingdom(names: Iterable[str]) -> list[str]:
    """Pile names for Kingdom names (either half of a split pile, any Castle,
    Dutch or English). Raises :class:`SetupError` naming an unknown or
    repeated pile."""
    key = tuple(names)
    if not all(type(n) is str for n in key):
        return _resolve(key)  # (refused there as before, never kept)
    known = _RESOLVED.get(key)
    if known is not None:
        return list(known)
    out = _resolve(key)
    if len(_RESOLVED) < 4096:
        _RESOLVED[key] = tuple(out)
    return out


def _resolve(names: tuple[str, ...]) -> list[str]:
    out = []
    for n in names:
        p = pile_name_for(n)
        if p is None or p in BASIC_PILES or PILES[p].kind == "basic":
            raise SetupError(f"{n} is not a Kingdom pile this game knows.")
        if p in out:
            raise SetupError(f"The pile {p} is named twice in the Kingdom.")
        out.append(p)
    return out


_PilePlan = tuple[str, str, tuple[str, ...], tuple[tuple[CardSpec, int], ...], int, bool, CardSpec | None]
"""How a pile is set up (:meth:`~.state.Pile.plan`): name, kind, members, its
cards as runs of (printed card, how many), top first, none empty, how many in
all, whether its kind is layered and the card of every one when there is one run."""
_SUPPLY_PLANS: Final[dict[tuple[tuple[str, ...], int], tuple[list[_PilePlan], frozenset[str], int]]] = {}
"""The piles set up for a Kingdom (its pile names) and a number of players by
:meth:`SetupMixin._build_supply`, the names of their cards and how many
cards they hold (simulations set up one Kingdom often)."""
_SUPPLY_PLANS_MOST: Final = 512


class SetupMixin(TurnFlowMixin):
    """Setup of the Supply, the starting cards, Landmarks and Events."""

    # ----------------------------------------------------------------- setup
    def new_card(self, name: str) -> Card:
        """A new physical card of ``name`` (English) for setup or scenarios."""
        self._uid += 1
        if name not in self.card_names:
            self._new_name(name)
        return Card(self._uid, CARDS[name])

    def _new_cards(self, name: str, count: int) -> list[Card]:
        """``count`` new cards of ``name``, numbered as ``count`` calls of :meth:`new_card` number them."""
        spec = CARDS[name]
        if name not in self.card_names:
            self._new_name(name)
        first = self._uid + 1
        self._uid += count
        return Card.many(first, count, spec)

    def new_cards_named(self, names: Iterable[str]) -> list[Card]:
        """A new list of new cards of ``names`` (English card names), in
        order, numbered as that many :meth:`new_card` calls number them (a
        sampled position makes every zone so). Raises KeyError for a name
        that is no card."""
        known = self.card_names
        specs = CARDS
        uid = self._uid
        out = []
        new = Card.__new__  # (object's, but for a compiled Card: see docs/compiled.md)
        for name in names:
            if name not in known:
                self._new_name(name)
                known = self.card_names
            spec = specs[name]
            uid += 1
            c = new(Card)  # made as ``Card(uid, spec)`` is, without a call of its __init__
            c.uid = uid
            c.spec = spec
            c._became = None
            c.rules = spec
            c.name = spec.name
            out.append(c)
        self._uid = uid
        return out

    def restock_pile(self, pl: Pile, name: str, count: int) -> None:
        """Make the pile ``pl`` hold ``count`` cards of ``name`` (English),
        numbered as ``count`` calls of :meth:`new_card` number them, each made
        when first reached (see :class:`~.state.Pile`): what
        ``pl.cards = self._new_cards(name, count)`` gives."""
        spec = CARDS[name]
        if name not in self.card_names:
            self._new_name(name)
        first = self._uid + 1
        self._uid += count
        pl.restock(spec, count, first)

    def _new_name(self, name: str) -> None:
        """Note that the game has cards of ``name`` now (the moments at
        which its cards have abilities are worked out again when next asked)."""
        names = self.card_names
        if isinstance(names, frozenset):  # (the Supply's names, shared: a set of the game's own from now on)
            names = self.card_names = set(names)
        names.add(name)
        self._moments_of_game = None

    def _pile_size(self, name: str) -> int:
        n = len(self.players)
        if name == "Copper":
            return 60 - 7 * n
        if name == "Silver":
            return 40
        if name == "Gold":
            return 30
        if name == "Curse":
            return 10 * (n - 1)
        if name == "Province":
            return {5: 15, 6: 18}.get(n, 8 if n == 2 else 12)
        if CARDS[name].is_("Victory"):
            return 8 if n == 2 else 12
        return 10

    def _build_supply(self) -> None:
        """The Supply: the basic piles, then the Kingdom's, in order; each
        pile's cards numbered as :meth:`_new_cards` numbers them, pile after
        pile, top first, and made when first reached (see :meth:`Pile.supply`)."""
        n = len(self.players)
        plan = _SUPPLY_PLANS.get((tuple(self.kingdom), n))
        if plan is None:
            layout: list[_PilePlan] = []
            every: set[str] = set()  # the names of the cards set up (as _new_cards notes them, even none of a name)
            for name in BASIC_PILES:
                size = self._pile_size(name)
                layout.append(Pile.plan(name, "basic", (name,), ((CARDS[name], size),), size))
                every.add(name)
            for name in self.kingdom:
                d = PILES[name]
                if d.kind == "castles":
                    pile_runs = [(CARDS[cname], count if n > 2 else 1) for cname, count in d.cards]
                elif d.kind == "split":
                    pile_runs = [(CARDS[cname], count) for cname, count in d.cards]
                else:
                    pile_runs = [(CARDS[d.top_name], self._pile_size(d.top_name))]
                total = sum(k for _spec, k in pile_runs)
                layout.append(Pile.plan(name, d.kind, tuple(d.card_names), tuple(r for r in pile_runs if r[1]), total))
                every.update(spec.name for spec, _k in pile_runs)
            plan = (layout, frozenset(every), sum(pile[4] for pile in layout))
            if len(_SUPPLY_PLANS) < _SUPPLY_PLANS_MOST:
                _SUPPLY_PLANS[(tuple(self.kingdom), n)] = plan
        layout, names, count = plan
        if self.piles:
            self.piles.update(Pile.supply(layout, self._uid + 1))
            for pl in self.piles.values():
                pl.forget_counts()  # (piles added or replaced: counted again, these with the others)
        else:
            self.piles = Pile.supply(layout, self._uid + 1)
        self._uid += count
        if not self.card_names:  # (a new game: its cards' names are the Supply's, a set its Kingdom keeps)
            self.card_names = names
            self._moments_of_game = None
        elif not self.card_names.issuperset(names):
            self.card_names = set(self.card_names) | names
            self._moments_of_game = None

    def _setup_extras(self) -> None:
        n = len(self.players)
        if not self.keep_log:  # the same setup, with no event made
            for name in self.landmarks:
                spec = LANDMARKS[name]
                self.landmarks[name] = spec.tokens_per_player * n
                if spec.setup:
                    spec.setup(cast("Game", self))
            for name in self.events:
                event = EVENTS[name]
                if event.setup:
                    event.setup(cast("Game", self))
            return
        self.emit(
            ev.GameSetUp(
                players=tuple(self.config.players),
                kingdom=tuple(self.kingdom),
                kingdom_costs=tuple(
                    (pn, spec.cost.coins, spec.cost.debt)
                    for pn, spec in ((pn, self.piles[pn].top_spec()) for pn in self.kingdom)
                    if spec is not None
                ),
                events=tuple(self.events),
                landmarks=tuple(self.landmarks),
                seed=self.config.seed,
                event_costs=tuple((e, EVENTS[e].cost.coins, EVENTS[e].cost.debt) for e in self.events),
            )
        )
        self.emit(ev.SupplySetUp(tuple((pl.name, tuple(pl.names())) for pl in self.piles.values())))
        for p in self.players:
            self.emit(
                ev.StartingCards(
                    p.name,
                    tuple(c.name for c in p.hand),
                    tuple(sorted(c.name for c in p.deck)),
                    len(p.hand),
                    len(p.deck),
                    private_to=p.name,
                )
            )
        for name in self.landmarks:
            spec = LANDMARKS[name]
            self.landmarks[name] = spec.tokens_per_player * n
            placed: Iterable[tuple[str, int]] = ()  # (a card's setup gives a list or a tuple: mypyc checks the type)
            detail = ""
            if spec.setup:
                res = spec.setup(cast("Game", self))
                if isinstance(res, tuple):
                    placed, detail = res
            self.emit(
                ev.LandmarkSetUp(
                    landmark=name, vp_tokens=self.landmarks[name], pile_tokens=tuple(placed), detail=detail
                )
            )
        for name in self.events:
            event = EVENTS[name]
            if event.setup:
                event.setup(cast("Game", self))

    def action_piles(self) -> list[str]:
        """Kingdom piles whose cards are Actions (a split pile counts when
        its top half is an Action; the Castles never)."""
        return [p for p in self.kingdom if PILES[p].kind != "castles" and CARDS[PILES[p].top_name].is_("Action")]
