"""What one seat may know: its :class:`PlayerView` and its redacted events.

Privacy is decided here, once, at the host: a seat (a person at the console
or at another computer, a bot, a script) is given only its own view and the
events redacted for it, never the :class:`~a11y_dominion.rules.game.Game`.

- :func:`player_view` builds the view of one player: their own hand,
  discard pile and set-aside cards, the size of every hidden zone (their own
  deck; other players' hands, decks, discard piles and set-aside cards),
  every public zone (cards in play, the trash, the Supply piles with their
  tops and tokens), the Landmarks, Events and the turn.
- :func:`redact` gives an event as one seat may receive it: the card names
  of an event private to another player become :data:`HIDDEN` placeholders,
  so only their number is told; a private note of another player is dropped.
- :func:`event_data` / :func:`event_from_data` and :meth:`PlayerView.to_data`
  / :meth:`PlayerView.from_data` give plain JSON data and back, unchanged.

Rule source: Dominion base rulebook (what is public: cards in play, the
trash, the Supply, discard piles' sizes; hands and decks are hidden).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from .rules import events as ev
from .rules.events import HIDDEN, is_hidden, name_fields
from .rules.game import Game
from .rules.native import mypyc_attr
from .rules.state import Pile, Player, counts_of, empty_count_of, tops_of

__all__ = [
    "HIDDEN",
    "PileView",
    "LazyTurnView",
    "PlayerView",
    "QuickView",
    "SeatView",
    "TurnView",
    "event_data",
    "event_from_data",
    "is_hidden",
    "player_view",
    "redact",
    "redact_all",
    "redact_for_screen",
]

EVENT_TYPES: Final[dict[str, type[ev.GameEvent]]] = {
    cls.type: cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.GameEvent) and cls is not ev.GameEvent
}
"""Every event class by its ``type`` word."""


def _names(cards: Iterable[Any]) -> list[str]:
    return [c.name for c in cards]


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (made without __init__)
@dataclass
class TurnView:
    """The turn in progress: whose (``player``), the game's turn ``number``,
    ``phase`` (action, buy, cleanup), Actions, Buys and coins (whole numbers),
    and whether a card or Event was bought this Buy phase. ``own_number`` is
    the turn's number counted for its player (their 3rd turn: 3);
    ``bidding`` is True while Mountain Pass bids are asked for, after the
    turn has ended; ``gained`` is how many cards the turn's player gained
    this turn (public, as every gain is)."""

    player: str
    number: int
    phase: str
    actions: int
    buys: int
    coins: int
    bought: bool
    own_number: int = 0
    bidding: bool = False
    gained: int = 0


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (made without __init__)
@dataclass
class SeatView:
    """One player as every seat sees them: zone sizes, cards in play, Debt,
    VP tokens and turns taken. ``discard_top`` is not given (hidden).

    ``owned`` counts every card the player has (in any zone) by English
    name, ``returned`` the cards they returned to their Supply piles this
    game and ``events_bought`` the Events they bought: public, as every
    gain, trash, return and Event bought is announced (base rulebook), so
    a player who keeps count knows them; never where a card is."""

    name: str
    hand_size: int
    deck_size: int
    discard_size: int
    set_aside_size: int
    in_play: list[str]
    debt: int
    vp_tokens: int
    turns_taken: int
    owned: dict[str, int] = field(default_factory=dict)
    returned: dict[str, int] = field(default_factory=dict)
    events_bought: dict[str, int] = field(default_factory=dict)


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (made without __init__)
@dataclass
class PileView:
    """A Supply pile: ``cards_left``, its ``top`` card (None when empty),
    VP and Debt tokens on it, and for split piles and the Castles every card
    top first (their order is public)."""

    name: str
    cards_left: int
    top: str | None
    vp_tokens: int
    debt_tokens: int
    cards: list[str] | None = None


@mypyc_attr(native_class=False)  # (its QuickView keeps what it built in its __dict__)
@dataclass
class PlayerView:
    """Everything the player ``seat`` may know by the rules, as plain data.

    ``hand``, ``discard`` (top first) and ``set_aside`` are the seat's own
    cards (English names); ``players`` lists every player in turn order as a
    :class:`SeatView`; ``piles`` maps pile name to :class:`PileView`;
    ``trash`` names every trashed card; ``landmarks`` maps Landmark name to
    its VP pool; ``events`` and ``kingdom`` name the Events and Kingdom piles;
    ``obelisk`` the Obelisk pile or None; ``ending`` is True once the game
    ends after this turn; ``game_over`` and ``winners`` at the end.
    ``scores`` maps each player to their score if the game ended now,
    ``{"total", "cards", "tokens", "landmarks": {name: vp}}``: public, as
    every gain and trash is (base rulebook; Empires rulebook, Landmarks).
    """

    seat: str
    turn: TurnView
    hand: list[str]
    discard: list[str]
    set_aside: list[str]
    players: list[SeatView]
    piles: dict[str, PileView]
    trash: list[str]
    landmarks: dict[str, int]
    events: list[str]
    kingdom: list[str]
    obelisk: str | None = None
    ending: bool = False
    game_over: bool = False
    winners: list[str] = field(default_factory=list)
    scores: dict[str, dict[str, Any]] = field(default_factory=dict)

    def player(self, name: str) -> SeatView:
        """The :class:`SeatView` of ``name``; raises KeyError for no such player."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def leaders(self) -> list[str]:
        """Who would win if the game ended now: the highest score; among tied
        players the one with fewer turns; still tied, they share the win (base
        rulebook, as :meth:`~a11y_dominion.rules.game.Game.current_winners`)."""
        best = max(s["total"] for s in self.scores.values())
        tied = [p for p in self.players if self.scores[p.name]["total"] == best]
        fewest = min(p.turns_taken for p in tied)
        return [p.name for p in tied if p.turns_taken == fewest]

    def pile(self, name: str) -> PileView:
        """The :class:`PileView` of the Supply pile ``name``; raises KeyError for no such pile."""
        return self.piles[name]

    def empty_piles(self) -> list[str]:
        """Names of the Supply piles with no cards left."""
        return [name for name, n in self.cards_left().items() if not n]

    def pile_top(self, name: str) -> str | None:
        """The name of the top card of the Supply pile ``name`` (its
        :class:`PileView` ``top``): None when it is empty; raises KeyError
        for no such pile."""
        return self.pile(name).top

    def pile_debt(self, name: str) -> int:
        """The Debt tokens on the Supply pile ``name`` (its :class:`PileView`
        ``debt_tokens``); raises KeyError for no such pile."""
        return self.pile(name).debt_tokens

    def cards_left(self) -> dict[str, int]:
        """The number of cards left in each Supply pile, by the pile's name
        (as its :class:`PileView` ``cards_left`` says), in the order of ``piles``."""
        return {name: p.cards_left for name, p in self.piles.items()}

    def pile_tops(self) -> dict[str, str | None]:
        """The name of the top card of each Supply pile (its :class:`PileView` ``top``: None when
        it is empty), by the pile's name, in the order of ``piles``."""
        return {name: p.top for name, p in self.piles.items()}

    @property
    def me(self) -> SeatView:
        """The seat's own :class:`SeatView`."""
        return self.player(self.seat)

    def to_data(self) -> dict[str, Any]:
        """The view as JSON-ready data: nested dicts and lists, new ones (a tuple as a list), each
        dataclass as the dict of its fields in their order, as :func:`dataclasses.asdict` makes
        them and :func:`json.loads` reads them back; the strings and numbers are shared."""
        data: dict[str, Any] = _plain(self)
        return data

    @staticmethod
    def from_data(data: dict[str, Any]) -> PlayerView:
        """The view for its :meth:`to_data` form; raises KeyError or TypeError for other data
        (AttributeError for data that is no dict). A field this version does not know (one a
        newer host added, always with a default) is left out, as :func:`event_from_data` does."""
        fields = _known(PlayerView, data)
        fields["turn"] = TurnView(**_known(TurnView, data["turn"]))
        fields["players"] = [SeatView(**_known(SeatView, p)) for p in data["players"]]
        fields["piles"] = {k: PileView(**_known(PileView, v)) for k, v in data["piles"].items()}
        return PlayerView(**fields)


def _known(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the keys that are no field of the dataclass ``cls``."""
    known = _VIEW_FIELD_NAMES.get(cls)
    if known is None:
        known = _VIEW_FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return {k: v for k, v in data.items() if k in known}


_VIEW_FIELD_NAMES: Final[dict[type, frozenset[str]]] = {}  # a view's dataclass -> the names of its fields


def _plain(value: Any) -> Any:
    """``value`` (a view, or what its fields hold) as :meth:`PlayerView.to_data` gives it; a
    view is made for every seat at every question, so this walks it once, copying no leaf."""
    kind = type(value)
    if kind is list or kind is tuple:
        return [v if type(v) in _LEAVES else _plain(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _LEAVES else _plain(v) for k, v in value.items()}
    names = _ORDERED_FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return value  # (a string, a number, None)
        names = _ORDERED_FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    out = {}
    for name in names:
        v = getattr(value, name)
        out[name] = v if type(v) in _LEAVES else _plain(v)
    return out


_LEAVES: Final = frozenset({str, int, float, bool, type(None)})  # what a view holds as it is
_ORDERED_FIELDS: Final[dict[type, tuple[str, ...]]] = {}  # a dataclass in a view -> the names of its fields, in order


def _seat_view(p: Player) -> SeatView:
    # made as ``SeatView(p.name, len(p.hand), ..., p.turns_taken, owned, returned, events_bought)``,
    # field by field in its order, without a call of its __init__ (a bot reads the players at most decisions)
    v = SeatView.__new__(SeatView)  # (object's, but for a compiled SeatView: see docs/compiled.md)
    v.name = p.name
    v.hand_size = len(p.hand)
    v.deck_size = len(p.deck)
    v.discard_size = len(p.discard)
    v.set_aside_size = len(p.set_aside)
    v.in_play = [c.name for c in p.in_play]
    v.debt = p.debt
    v.vp_tokens = p.vp_tokens
    v.turns_taken = p.turns_taken
    v.owned = dict(p.owned_counts())
    v.returned = dict(p.returned)
    v.events_bought = dict(p.events_bought)
    return v


def _seat_views(game: Game) -> list[SeatView]:
    return [_seat_view(p) for p in game.players]


_new_pile: Final = PileView.__new__  # (object's, but for compiled views: see docs/compiled.md)
_new_turn: Final = TurnView.__new__


def _pile_view(pl: Pile) -> PileView:
    # made as ``PileView(pl.name, len(cards), top, pl.vp_tokens, pl.debt_tokens, names or None)``,
    # field by field in its order, without a call of its __init__ (a bot reads a pile at most decisions)
    top = pl.top_spec()  # (the top's printed name: a card in a pile is no other card)
    v = _new_pile(PileView)
    v.name = pl.name
    v.cards_left = pl.count()
    v.top = top.name if top is not None else None
    v.vp_tokens = pl.vp_tokens
    v.debt_tokens = pl.debt_tokens
    v.cards = _names(pl.cards) if pl.is_layered else None
    return v


def _pile_views(game: Game) -> dict[str, PileView]:
    return {pl.name: _pile_view(pl) for pl in game.piles.values()}


def turn_view(game: Game) -> TurnView:
    """The :class:`TurnView` of ``game`` now (the ``turn`` of every player's view)."""
    t = game.turn
    p = game.players[t.player]  # the player whose turn it is
    bidding = game.pending is not None and game.pending.purpose == "bid"
    # the turn's number counted for its player: the last "turn started" event says it;
    # without one (a game set up in the middle of a turn) it is one more than the turns
    # the player has finished, except during Mountain Pass bidding (after the Clean-up),
    # when this turn already counts as finished
    e = game.turn_started  # the last of the log: the game keeps it at hand
    if e is not None and e.player == p.name:
        own = e.number
    else:
        own = p.turns_taken if bidding else p.turns_taken + 1
    # made as ``TurnView(p.name, t.number, t.phase, t.actions, t.buys, t.coins, t.bought, own, bidding,
    # len(t.gained))``,
    # field by field in its order, without a call of its __init__ (one view per decision)
    v = _new_turn(TurnView)
    v.player = p.name
    v.number = t.number
    v.phase = t.phase
    v.actions = t.actions
    v.buys = t.buys
    v.coins = t.coins
    v.bought = t.bought
    v.own_number = own
    v.bidding = bidding
    v.gained = len(t.gained)
    return v


_VIEW_FIELDS: Final[dict[str, Callable[..., Any]]] = {
    "turn": turn_view,
    "hand": lambda game, me: _names(me.hand),
    "discard": lambda game, me: _names(me.discard),
    "set_aside": lambda game, me: _names(me.set_aside),
    "players": _seat_views,
    "piles": _pile_views,
    "trash": lambda game, me: _names(game.trash),
    "landmarks": lambda game, me: dict(game.landmarks),
    "events": lambda game, me: list(game.events),
    "kingdom": lambda game, me: list(game.kingdom),
    "obelisk": lambda game, me: getattr(game, "obelisk", None),  # (a card module's attribute)
    "ending": lambda game, me: bool(game.ending),
    "game_over": lambda game, me: game.game_over,
    "winners": lambda game, me: list(game.winners),
}
"""How each field of a :class:`PlayerView` but ``seat`` and ``scores`` is
built: ``fn(game, me)``, ``me`` the seat's :class:`~a11y_dominion.rules.game.Player`
(``turn``, ``players`` and ``piles`` take the game only)."""

_GAME_ONLY: Final = {"turn", "players", "piles"}


def _field(name: str, game: Game, me: Player) -> Any:
    fn = _VIEW_FIELDS[name]
    return fn(game) if name in _GAME_ONLY else fn(game, me)


def player_view(game: Game, seat: str, scores: bool = True) -> PlayerView:
    """The :class:`PlayerView` of the player named ``seat`` in ``game``;
    with ``scores`` False its ``scores`` are left empty (for a seat that
    never reads them, such as a bot: scoring every player at every decision
    is the dearest part of a view).

    Raises KeyError when ``seat`` is not a player of the game.
    """
    me = game.by_name[seat]
    return PlayerView(
        seat=seat,
        **{name: _field(name, game, me) for name in _VIEW_FIELDS},
        scores={p.name: game.score_breakdown(p) for p in game.players} if scores else {},
    )


@mypyc_attr(native_class=False)
class QuickView(PlayerView):
    """A :class:`PlayerView` (without scores) whose fields are built the
    first time they are read, for a seat that reads only a few of them at
    each decision (a bot). It equals the :class:`PlayerView` that
    :func:`player_view` gives with ``scores`` False, and it is only valid
    while the decision it came with is pending: a field first read after
    that answer shows the game as it is then. Its ``turn`` is built as it is
    made (most bots read it at nearly every decision; see :class:`LazyTurnView`
    for one that does not).

    ``left``, when given, is what :meth:`cards_left` gives (the number of
    cards left in each Supply pile, by name, in the order of the game's
    piles), kept by the caller (the accelerator of plain turns keeps it).

    Raises KeyError when ``seat`` is not a player of the game.
    """

    _turn_at_once = True  # (its turn built as it is made: see LazyTurnView)

    def __init__(self, game: Game, seat: str, left: dict[str, int] | None = None):
        d = self.__dict__
        d["_game"] = game
        d["_me"] = game.by_name[seat]
        d["seat"] = seat
        d["scores"] = {}
        if self._turn_at_once:  # (read at nearly every decision: built at once, read as a plain field)
            d["turn"] = turn_view(game)
        if left is not None:  # (the cards left in each pile, as the caller keeps them: cards_left gives it)
            d["_left"] = left

    def pile(self, name: str) -> PileView:
        """The :class:`PileView` of the Supply pile ``name`` (only that pile is
        built when the others were not read, once); raises KeyError for no such pile."""
        d = self.__dict__
        if "piles" in d:
            piles: dict[str, PileView] = d["piles"]
            return piles[name]
        built: dict[str, PileView] | None = d.get("_piles")
        if built is None:
            built = d["_piles"] = {}
        v = built.get(name)
        if v is None:
            v = built[name] = _pile_view(d["_game"].piles[name])
        return v

    def pile_top(self, name: str) -> str | None:
        """:meth:`PlayerView.pile_top`, read from the game's pile (its pile
        view is not built for it when it was not read)."""
        d = self.__dict__
        tops = d.get("_tops")
        if tops is not None:  # (every pile's top, read at once: see pile_tops)
            return tops[name]  # type: ignore[no-any-return]
        if "piles" in d:
            return d["piles"][name].top  # type: ignore[no-any-return]
        game: Game = d["_game"]  # (typed, so that a compiled view reads the game's fields directly)
        pl = game.piles[name]
        cards = pl._cards  # (its top_spec() at hand for the commonest piles, as the rules read it for a buy)
        top = cards[0].spec if cards else (pl._spec if pl._unmade else None) or pl.top_spec()
        return top.name if top is not None else None

    def pile_debt(self, name: str) -> int:
        """:meth:`PlayerView.pile_debt`, read from the game's pile (its pile
        view is not built for it when it was not read)."""
        d = self.__dict__
        if "piles" in d:
            return d["piles"][name].debt_tokens  # type: ignore[no-any-return]
        game: Game = d["_game"]
        return game.piles[name].debt_tokens

    @property
    def me(self) -> SeatView:
        """The seat's own :class:`SeatView` (only it is built when the players were not read)."""
        d = self.__dict__
        if "players" in d:
            return self.player(self.seat)
        me: SeatView | None = d.get("_seat")
        if me is None:
            me = d["_seat"] = _seat_view(d["_me"])
        return me

    def cards_left(self) -> dict[str, int]:
        """:meth:`PlayerView.cards_left`, counted from the game's piles (its
        pile views are not built for it when they were not read); the same
        dict on every call while the decision is pending (to be read only)."""
        d = self.__dict__
        left = d.get("_left")
        if left is None:
            if "piles" in d:
                left = {name: p.cards_left for name, p in d["piles"].items()}
            else:
                left = counts_of(d["_game"].piles)  # (piles are keyed by their names)
            d["_left"] = left
        return left

    def pile_tops(self) -> dict[str, str | None]:
        """:meth:`PlayerView.pile_tops`, read from the game's piles (its pile
        views are not built for it when they were not read); the same dict on
        every call while the decision is pending (to be read only)."""
        d = self.__dict__
        tops = d.get("_tops")
        if tops is None:
            if "piles" in d:
                tops = {name: p.top for name, p in d["piles"].items()}
            else:
                tops = tops_of(d["_game"].piles)  # (piles are keyed by their names)
            d["_tops"] = tops
        return tops

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in dataclasses.fields(PlayerView))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Quick" + PlayerView.__repr__(self)


def empty_count(view: PlayerView) -> int:
    """How many Supply piles of ``view`` are empty: ``len(view.empty_piles())``. For a
    :class:`QuickView`, read from its game's piles, which keep that number with the tally of their
    counts (see :func:`~a11y_dominion.rules.state.empty_count_of`), so it takes no step per pile;
    for another view, counted from its :meth:`~PlayerView.cards_left`."""
    game: Game | None = view.__dict__.get("_game")
    if game is not None:
        return empty_count_of(game.piles)
    return [*view.cards_left().values()].count(0)


def in_play_count(view: PlayerView, card: str) -> int:
    """How many cards named ``card`` the seat of ``view`` has in play: ``view.me.in_play.count(card)``.
    For a :class:`QuickView`, read from its player's cards in play, without building its seat's
    view (which copies the player's counts); for another view, counted from ``view.me``."""
    me: Player | None = view.__dict__.get("_me")
    if me is None:
        return view.me.in_play.count(card)
    n = 0
    for c in me.in_play:
        if c.name == card:
            n += 1
    return n


def _quick_field(name: str) -> property:
    fn = _VIEW_FIELDS[name]
    game_only = name in _GAME_ONLY

    def read(self: QuickView) -> Any:
        d = self.__dict__
        value = d.get(name, _UNREAD)
        if value is _UNREAD:
            value = d[name] = fn(d["_game"]) if game_only else fn(d["_game"], d["_me"])
        return value

    return property(read, doc=f"The view's ``{name}``, built when first read.")


_UNREAD: Final = object()

# every field a property of the class (fields with a class-level default
# would else be read from the class, never built), but the turn, which a QuickView is made with
for _name in _VIEW_FIELDS:
    if _name != "turn":
        setattr(QuickView, _name, _quick_field(_name))


@mypyc_attr(native_class=False)
class LazyTurnView(QuickView):
    """A :class:`QuickView` whose ``turn`` too is built the first time it is
    read, for a seat that reads it at few decisions (the ``random`` bot, which
    answers from the decision's moves): the same view, with the turn read
    through a property instead of as a plain field.

    Raises KeyError when ``seat`` is not a player of the game.
    """

    _turn_at_once = False


# (set with setattr, as mypyc compiles no assignment to a class attribute outside its class)
setattr(LazyTurnView, "turn", _quick_field("turn"))  # noqa: B010


def _quick_hand(self: QuickView) -> list[str]:
    d = self.__dict__
    hand = d.get("hand")
    if hand is None:  # what _VIEW_FIELDS["hand"] gives, with no call on the way (bots read it most)
        me: Player = d["_me"]  # (typed, so that a compiled view reads the cards' names directly)
        hand = d["hand"] = [c.name for c in me.hand]
    return hand


def _quick_players(self: QuickView) -> list[SeatView]:
    d = self.__dict__
    players = d.get("players")
    if players is None:  # what _VIEW_FIELDS["players"] gives, the seat's own SeatView taken as ``me`` built it
        me = d.get("_seat")
        mine: Player = d["_me"]
        game: Game = d["_game"]
        players = d["players"] = [me if me is not None and p is mine else _seat_view(p) for p in game.players]
    return players


for _name, _read in (("hand", _quick_hand), ("players", _quick_players)):
    setattr(QuickView, _name, property(_read, doc=f"The view's ``{_name}``, built when first read."))


# ------------------------------------------------------------------ events
def _hide(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(HIDDEN for _ in value)
    return HIDDEN if value else value


def redact(event: ev.GameEvent, seat: str | None) -> ev.GameEvent | None:
    """``event`` as the seat ``seat`` may receive it, or None when it must
    not receive it at all.

    An event private to another player (``private_to``) keeps its type,
    players, zones and counts, but every card name in it (every text field
    but the structural ones, :data:`~a11y_dominion.rules.events.STRUCTURE_FIELDS`)
    becomes :data:`HIDDEN`; a private :class:`~a11y_dominion.rules.events.Note` of
    another player is dropped. ``seat`` None means nobody's private facts.
    The seed of a :class:`~a11y_dominion.rules.events.GameSetUp` is nobody's to
    know (it determines every shuffle): every seat receives it as 0.
    """
    if isinstance(event, ev.GameSetUp) and event.seed:
        return dataclasses.replace(event, seed=0)
    owner = event.viewer
    if owner is None or owner == seat:
        return event
    if isinstance(event, ev.Note):
        return None
    changes = {f: _hide(getattr(event, f)) for f in name_fields(event)}
    return dataclasses.replace(event, **changes) if changes else event


def redact_all(events: Iterable[ev.GameEvent], seat: str | None) -> list[ev.GameEvent]:
    """:func:`redact` over ``events``, leaving out the dropped ones."""
    out = []
    for e in events:
        owner = e.viewer
        if (owner is None or owner == seat) and not isinstance(e, ev.GameSetUp):
            out.append(e)  # (what redact gives for it)
            continue
        r = redact(e, seat)
        if r is not None:
            out.append(r)
    return out


def redact_for_screen(
    events: Iterable[ev.GameEvent], current: str | None = None, private_seats: set[str] | None = None
) -> list[ev.GameEvent]:
    """``events`` as one shared screen may show them: the private facts of
    the player whose turn it is (``current`` at the start, then each
    ``turn_started``) are kept when that player is in ``private_seats``
    (None: any player); every other private fact is redacted."""
    out = []
    for e in events:
        if isinstance(e, ev.TurnStarted):
            current = e.player
        keep = current if private_seats is None or current in private_seats else None
        r = redact(e, keep)
        if r is not None:
            out.append(r)
    return out


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def event_data(event: ev.GameEvent) -> dict[str, Any]:
    """An event as JSON-ready data with its ``type`` (a tuple as a list), as
    :meth:`~a11y_dominion.rules.events.GameEvent.to_dict` gives it, in one walk over the
    names of its class's fields (kept once a class)."""
    cls = type(event)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    out: dict[str, Any] = {"type": event.type}
    for name in names:
        value = getattr(event, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def event_from_data(data: dict[str, Any]) -> ev.GameEvent:
    """The event for its :func:`event_data` form; raises KeyError for an
    unknown type and TypeError for fields that do not fit it. A field this
    version does not know (one a newer host added, always with a default) is
    left out, so a seat can still follow a newer host within one protocol version."""
    cls = EVENT_TYPES[data["type"]]
    known = _FIELDS.get(cls)
    if known is None:
        known = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return cls(**{k: _tuples(v) for k, v in data.items() if k != "type" and k in known})


_FIELDS: Final[dict[type[ev.GameEvent], frozenset[str]]] = {}  # event class -> the names of its fields
_NAMES: Final[dict[type[ev.GameEvent], tuple[str, ...]]] = {}  # event class -> the names of its fields, in order
