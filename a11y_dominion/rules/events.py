"""Typed records of everything that happens in a game.

Every change of the game state is recorded as one of these frozen
dataclasses, in the past tense. ``private_to`` names the only player who may
see an event's card names (for example the cards a player draws); ``None``
means everyone may see it; every private event says how many cards it is
about (a ``count`` field, or as many names as cards) so that a host can
tell the other players the count. ``to_dict()`` gives the JSON form used by
``a11y-dominion scenario --json``, with a ``type`` key.

Zones: each player's ``hand``, ``deck`` (top first), ``discard`` (top
first), ``in_play`` and ``set_aside``; the ``trash``; every Supply pile (top
first). Every change of a zone is recorded by one event whose docstring
says its zone effect ("Zones:"), so that folding the whole stream from
:class:`GameSetUp` on gives every zone's contents: the decks and the trash
as multisets of names, the discard piles and the Supply piles in order.
Cards placed "onto" a deck or discard pile go on top one by one in the
order listed (the last listed ends on top) unless ``top`` is False.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**kwargs: object) -> Callable[[object], object]:
        """``typing.dataclass_transform`` (3.11) for the type checker only: a no-op at run time."""
        return lambda f: f


@dataclass(frozen=True)
class GameEvent:
    """Base class of all game events."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-ready dict with its ``type``."""
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @property
    def viewer(self) -> str | None:
        """The only player allowed to see the details, or None for public."""
        return getattr(self, "private_to", None)


_E = TypeVar("_E", bound="GameEvent")


@dataclass_transform(frozen_default=True)
def _event(name: str) -> Callable[[type[_E]], type[_E]]:
    """Make ``cls`` a frozen dataclass whose ``type`` is ``name``."""

    def wrap(cls: type[_E]) -> type[_E]:
        cls.type = name
        made = dataclass(frozen=True, init=False)(cls)
        made.__init__ = _quick_init(made)  # type: ignore[method-assign]
        return made

    return wrap


def _quick_init(cls: type) -> Callable[..., None]:
    """An ``__init__`` for the frozen dataclass ``cls`` that does what the
    generated one does (the same parameters and defaults) and stores the
    fields straight into the instance's ``__dict__``: events are made by the
    hundred per game, and the generated one sets each field through
    ``object.__setattr__``."""
    params, stores, env = [], [], {}
    for i, f in enumerate(fields(cls)):
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        stores.append(f"    d[{f.name!r}] = {f.name}\n")
    src = f"def __init__(self, {', '.join(params)}):\n    d = self.__dict__\n" + "".join(stores)
    exec(src, env)  # noqa: S102 - the source is built from the field names above only
    init: Callable[..., None] = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


@_event("game_set_up")
class GameSetUp(GameEvent):
    """The game was set up: seats, Kingdom piles with their top card's cost, Events, Landmarks, seed.

    Zones: none yet (:class:`SupplySetUp` and :class:`StartingCards` follow)."""

    players: tuple[str, ...]
    kingdom: tuple[str, ...]  # pile names
    kingdom_costs: tuple[tuple[str, int, int], ...]  # (pile name, coins, debt) of each pile's top card
    events: tuple[str, ...]
    landmarks: tuple[str, ...]
    seed: int
    event_costs: tuple[tuple[str, int, int], ...] = ()  # (event, coins, debt)


@_event("supply_set_up")
class SupplySetUp(GameEvent):
    """The Supply at setup: every pile's cards, top first.

    Zones: each pile named holds exactly these cards."""

    piles: tuple[tuple[str, tuple[str, ...]], ...]  # (pile name, (card names, top first))


@_event("starting_cards")
class StartingCards(GameEvent):
    """A player's cards at setup: the hand dealt and the shuffled deck
    (names sorted, the order being secret); private to the player.

    Zones: the player's hand holds ``hand`` and the deck ``deck``; the
    discard pile, play area and set-aside cards are empty."""

    player: str
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    count: int  # cards in hand
    deck_count: int
    private_to: str | None = None


@_event("landmark_set_up")
class LandmarkSetUp(GameEvent):
    """A Landmark's setup: its VP pool, VP put on piles, or a pile it marks (``detail``)."""

    landmark: str
    vp_tokens: int
    pile_tokens: tuple[tuple[str, int], ...] = ()  # (pile, vp) pairs placed on piles
    detail: str = ""  # e.g. the pile a Landmark marks


@_event("pile_debt_set_up")
class PileDebtSetUp(GameEvent):
    """Debt tokens put on the Supply piles at setup: ``each`` on each of ``piles`` piles."""

    piles: int
    each: int


@_event("turn_started")
class TurnStarted(GameEvent):
    """A turn began: ``number`` is the player's own turn count, ``game_turn`` the game's."""

    player: str
    number: int  # the player's own turn number
    game_turn: int


@_event("phase_changed")
class PhaseChanged(GameEvent):
    """The turn moved to another phase (action, buy, cleanup)."""

    player: str
    phase: str  # action, buy, cleanup
    reason: str = ""  # back to the Action phase: the word the card gave; "again": a second Buy phase


@_event("card_played")
class CardPlayed(GameEvent):
    """A card was played (``again``: played a second time by a card that
    plays another card twice).

    Zones: the card moves from ``source`` (hand, discard) into play; none
    when ``source`` is "in_play" (played again)."""

    player: str
    card: str
    as_card: str = ""  # the card it is in play as (a card that became another)
    again: bool = False  # a second play of a card already in play
    replaced: bool = False  # a lasting effect replaced its instructions
    source: str = "hand"  # hand, discard, in_play


@_event("cards_drawn")
class CardsDrawn(GameEvent):
    """Cards were drawn into hand; the names are private to the drawer.

    Zones: ``cards`` move from the deck to the hand."""

    player: str
    cards: tuple[str, ...]
    count: int
    private_to: str | None = None


@_event("deck_shuffled")
class DeckShuffled(GameEvent):
    """A deck was shuffled: ``count`` cards in it now.

    Zones: when ``discard_moved`` is more than 0, the whole discard pile
    (that many cards) became the deck first; otherwise none (the deck only
    changed its order)."""

    player: str
    count: int
    discard_moved: int = 0


@_event("cards_revealed")
class CardsRevealed(GameEvent):
    """Cards were revealed from the hand, deck or discard pile.

    Zones: none."""

    player: str
    cards: tuple[str, ...]
    source: str = ""  # hand, deck, discard


@_event("cards_discarded")
class CardsDiscarded(GameEvent):
    """Cards were discarded from ``source`` (hand, in_play, deck, set_aside).

    Zones: ``cards`` move from ``source`` onto the discard pile."""

    player: str
    cards: tuple[str, ...]
    source: str = "hand"  # hand, in_play, deck, set_aside
    private_to: str | None = None


@_event("card_moved")
class CardMoved(GameEvent):
    """One card moved between a player's zones (hand, deck, discard, set_aside, in_play).

    Zones: ``card`` moves from ``source`` to ``destination`` (onto a deck or
    discard pile, or under it when ``top`` is False)."""

    player: str
    card: str
    source: str
    destination: str  # hand, deck, discard, set_aside, in_play
    private_to: str | None = None
    top: bool = True


@_event("cards_moved")
class CardsMoved(GameEvent):
    """Several cards moved between a player's zones, in the order listed.

    Zones: ``cards`` move from ``source`` to ``destination`` one by one (onto
    a deck or discard pile, or under it in that order when ``top`` is False)."""

    player: str
    cards: tuple[str, ...]
    count: int
    source: str  # hand, deck, discard, set_aside, in_play
    destination: str
    private_to: str | None = None
    top: bool = True


@_event("cards_set_aside")
class CardsSetAside(GameEvent):
    """Cards were set aside from the top of a deck: face up (public), or
    face down or only looked at (private to the player, ``look`` True when
    they were taken to be looked at).

    Zones: ``cards`` move from ``source`` (the deck) to set-aside cards."""

    player: str
    cards: tuple[str, ...]
    count: int
    source: str = "deck"
    private_to: str | None = None
    look: bool = False


@_event("card_gained")
class CardGained(GameEvent):
    """A card was gained from a pile (or the trash) to ``destination``.

    Zones: the top card of ``pile`` (or ``card`` from the trash when
    ``pile`` is "trash") moves to the player's ``destination`` (discard,
    deck: on top; hand)."""

    player: str
    card: str
    pile: str
    destination: str  # discard, hand, deck
    bought: bool = False
    pile_left: int = -1  # cards left in its Supply pile after this one (-1 from the trash)


@_event("card_bought")
class CardBought(GameEvent):
    """A card was bought: coins paid, coins left, and cards left in its pile.

    Zones: none (the :class:`CardGained` that follows moves it)."""

    player: str
    card: str
    coins: int  # coins paid
    coins_left: int
    pile: str = ""
    pile_left: int = -1  # cards left in its pile after this one is gained


@_event("event_bought")
class EventBought(GameEvent):
    """An Event was bought: coins paid and coins left.

    Zones: none."""

    player: str
    event: str
    coins: int
    coins_left: int


@_event("card_trashed")
class CardTrashed(GameEvent):
    """A card was trashed from ``source`` (hand, in_play, supply, discard, set_aside).

    Zones: ``card`` moves from the player's ``source`` zone (or from the
    Supply pile ``pile`` when ``source`` is "supply") to the trash."""

    player: str  # who trashed it ("" for none)
    card: str
    source: str  # hand, in_play, supply, discard, set_aside
    pile: str = ""  # the Supply pile, for source "supply"


@_event("card_returned")
class CardReturned(GameEvent):
    """A card went back to its Supply pile.

    Zones: ``card`` moves from the player's ``source`` zone onto ``pile``."""

    player: str
    card: str
    pile: str
    source: str = ""  # hand, in_play, set_aside...


@_event("resources_changed")
class ResourcesChanged(GameEvent):
    """Actions, Buys or coins changed: the changes and the new totals."""

    player: str
    actions: int
    buys: int
    coins: int
    d_actions: int = 0
    d_buys: int = 0
    d_coins: int = 0
    source: str = ""


@_event("debt_changed")
class DebtChanged(GameEvent):
    """Debt taken (positive ``delta``) or paid (negative), with the new total."""

    player: str
    delta: int  # positive: Debt taken; negative: Debt paid
    total: int
    source: str = ""  # card, Event, pile or Landmark that caused it
    coins_left: int = -1  # coins left after paying (payments only)


@_event("vp_tokens_moved")
class VPTokensMoved(GameEvent):
    """VP tokens moved between the supply, piles, Landmarks and players, with what is left."""

    amount: int
    source_kind: str  # supply, landmark, pile, player
    source: str  # name of the Landmark or pile, or player
    target_kind: str  # player, landmark, pile
    target: str
    source_left: int = -1  # tokens left where they came from (-1: unlimited supply)
    target_total: int = 0  # the receiver's new total
    reason: str = ""


@_event("pile_debt_changed")
class PileDebtChanged(GameEvent):
    """Debt tokens put on or taken from a Supply pile."""

    pile: str
    delta: int
    total: int
    player: str = ""


@_event("pile_top_changed")
class PileTopChanged(GameEvent):
    """A card left a split pile or the Castles: the new top card (Accessibility Notes)."""

    pile: str
    top: str | None  # None when empty
    cards_left: int
    previous: str = ""  # the card that was on top before


@_event("game_ends_after_turn")
class GameEndsAfterTurn(GameEvent):
    """The end condition was just met: the game ends after this turn."""

    player: str  # whose turn it is


@_event("game_end_cancelled")
class GameEndCancelled(GameEvent):
    """The end condition stopped holding (a card went back to an empty
    pile): the game no longer ends after this turn."""

    player: str  # whose turn it is
    pile: str  # the pile that has cards again


@_event("pile_emptied")
class PileEmptied(GameEvent):
    """A Supply pile became empty; ``empty_piles`` is how many are empty now."""

    pile: str
    empty_piles: int


@_event("attacked")
class Attacked(GameEvent):
    """An Attack affects ``victims`` (those no Reaction made unaffected)."""

    player: str
    card: str
    victims: tuple[str, ...]


@_event("duration_started")
class DurationStarted(GameEvent):
    """A Duration card's work from an earlier turn starts (start of turn)."""

    player: str
    card: str


@_event("duration_resolved")
class DurationResolved(GameEvent):
    """A Duration card finished its start-of-turn work; cards still set aside counted."""

    player: str
    card: str
    set_aside_left: int = 0


@_event("bid_made")
class BidMade(GameEvent):
    """A bid in Debt, or a pass (``amount`` None)."""

    player: str
    amount: int | None  # None for a pass


@_event("bidding_started")
class BiddingStarted(GameEvent):
    """Bidding for a Landmark's VP began, in ``order``."""

    player: str  # whose gain started the bidding
    order: tuple[str, ...]


@_event("bidding_won")
class BiddingWon(GameEvent):
    """The winner of a bidding and the bid (``player`` None when nobody bid)."""

    player: str | None
    amount: int


@_event("note")
class Note(GameEvent):
    """A plain fact with no better type: an English template with the
    fields {player}, {n} and {other} (another player the fact is about, who
    hears ``to_other``)."""

    player: str
    text: str
    private_to: str | None = None
    n: int = 0
    you: str = ""  # the template told to the player themselves
    other: str = ""  # another player named in the templates as {other}
    to_other: str = ""  # the template told to ``other``
    card: str = ""  # a card named in the templates as {card}
    tells: tuple[str, ...] = ()  # the events this note says too ("cards_revealed", "card_trashed"), not told again


@_event("card_became")
class CardBecame(GameEvent):
    """A card in play became another card until it leaves play (Empires)."""

    player: str
    card: str
    as_card: str


@_event("game_ended")
class GameEnded(GameEvent):
    """The game ended: each player's total, cards, tokens and Landmark VP, and the winners."""

    scores: tuple[
        tuple[str, int, int, int, tuple[tuple[str, int], ...]], ...
    ]  # (player, total, cards, tokens, ((landmark, vp), ...))
    winners: tuple[str, ...]
    turns: tuple[tuple[str, int], ...]  # (player, turns taken)


HIDDEN = "?"
"""The name given, in an event redacted for a seat, to a card that seat may not know."""

STRUCTURE_FIELDS = frozenset(
    {
        "player",
        "private_to",
        "source",
        "destination",
        "pile",
        "phase",
        "reason",
        "text",
        "you",
        "other",
        "to_other",
        "tells",
    }
)
"""The fields of an event that never name a card (who, from where, to where);
in an event redacted for another seat every other text field is hidden."""


def name_fields(event: GameEvent) -> list[str]:
    """The fields of ``event`` that may name cards: every text or tuple-of-text
    field outside :data:`STRUCTURE_FIELDS`."""
    out: list[str] = []
    for f in fields(event):
        if f.name in STRUCTURE_FIELDS:
            continue
        v = getattr(event, f.name)
        if isinstance(v, str) or (isinstance(v, tuple) and all(isinstance(x, str) for x in v)):
            out.append(f.name)
    return out


def is_hidden(event: GameEvent) -> bool:
    """True when the event's card names were redacted for the seat receiving it."""
    for f in name_fields(event):
        v = getattr(event, f)
        if v == HIDDEN or (isinstance(v, tuple) and HIDDEN in v):
            return True
    return False
