"""Card, Event and Landmark definitions and the registry that finds them.

A :class:`CardSpec` is the rules of one card name: cost, types, plain
bonuses as data, and generator functions for the rest of its text. Card
functions take ``(game, player, card)`` and may ``yield`` decisions through
``game.ask``; see :mod:`a11y_dominion.rules.game`.

The registry is keyed by English name; Dutch names and any letter case are
accepted by :func:`lookup`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cost import Cost
from ..triggers import Ability, Moment

if TYPE_CHECKING:
    from ..game import Game
    from ..state import Card, Player
    from ..triggers import Flow

CARDS: dict[str, CardSpec] = {}
PILES: dict[str, PileDef] = {}
EVENTS: dict[str, EventSpec] = {}
LANDMARKS: dict[str, LandmarkSpec] = {}
_ALIASES: dict[str, str] = {}
#: Read-only attributes a card, Event or Landmark module offers on every game
#: (``game.<name>``) for the interface to show, by attribute name; see
#: :func:`game_attribute`.
GAME_ATTRIBUTES: dict[str, Callable[[Game], Any]] = {}


def _norm(name: str) -> str:
    return name.strip().lower().replace("\u2019", "'").replace("ë", "e").replace("  ", " ")


@dataclass
class CardSpec:
    """Rules of one card name.

    ``cost`` is a :class:`Cost`; ``types`` a frozenset of type words
    ("Action", "Treasure", "Victory", "Curse", "Attack", "Duration",
    "Gathering", "Castle"); ``cards``/``actions``/``buys``/``coins``/``vp_tokens``
    are the plain "+" bonuses given first when played; ``vp`` is fixed
    Victory points, ``score(game, player)`` variable ones. ``play(game,
    player, card)`` follows the rest of its text when played (a generator
    or a plain function).

    Triggered abilities (see :mod:`a11y_dominion.rules.triggers`), each a
    dict from :class:`Moment` to an ability ``fn(game, player, when)``:
    ``triggers`` are the card's own ("when you gain, buy, trash this", "when
    you discard this from play"); ``while_in_play`` are abilities it has
    while in play ("when you gain a card", "when you play a card");
    ``reactions`` are used from the hand ("when another player plays an
    Attack card"). ``asks_when_played``: "play treasures" leaves it alone;
    ``played_last``: "play treasures" plays it after the other Treasures.
    """

    name: str
    dutch: str
    cost: Cost
    types: frozenset[str]
    set: str
    text: str
    pile: str = ""
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp_tokens: int = 0
    vp: int = 0
    score: Callable[[Game, Player], int] | None = None
    play: Callable[[Game, Player, Card], Flow | None] | None = None
    triggers: dict[Moment, Ability] = field(default_factory=dict)
    while_in_play: dict[Moment, Ability] = field(default_factory=dict)
    reactions: dict[Moment, Ability] = field(default_factory=dict)
    asks_when_played: bool = False
    played_last: bool = False
    gives_more_than_coins: bool = field(init=False, repr=False, compare=False)
    """Whether playing the card gives +Cards, +Actions, +Buys or VP tokens
    (its "+" bonuses other than coins), worked out from them."""
    on_treasures: bool = field(init=False, repr=False, compare=False)
    """Whether "play treasures" plays the card from the hand: a Treasure that is no Action and asks
    nothing when played (base rulebook, Buy phase; worked out from its types)."""
    plain_play: bool = field(init=False, repr=False, compare=False)
    """Whether playing the card from the hand asks nothing and no lasting effect or Reaction can
    answer it: no Action, no Attack, no text of its own (its bonuses only; worked out from them)."""
    plain_kind: int = field(init=False, repr=False, compare=False)
    """How the card takes part in a bot's plain turn, once worked out (-1 before;
    see ``a11y_dominion.fastlane._plain_kind``)."""
    plain_value: int = field(init=False, repr=False, compare=False)
    """With ``plain_kind``: 1 more than its coins for a basic Treasure (kind 1),
    0 for a card that cannot be played (kind 0), 1000 for any other or before it
    is worked out (so that the sum over a hand tells whether it is plain and
    the coins of its Treasures)."""

    def __post_init__(self) -> None:
        # (every field worked out here is set here, not by a default: compiled with mypyc, a field
        # given as ``field(default=..., init=False)`` is never set)
        self.plain_kind = -1
        self.plain_value = 1000
        self.gives_more_than_coins = bool(self.cards or self.actions or self.buys or self.vp_tokens)
        types = self.types
        self.on_treasures = "Treasure" in types and "Action" not in types and not self.asks_when_played
        self.plain_play = self.play is None and "Action" not in types and "Attack" not in types

    def is_(self, typ: str) -> bool:
        """True when the card has the type ``typ`` (e.g. "Action")."""
        return typ in self.types

    @property
    def kind(self) -> str:
        return "card"


@dataclass
class PileDef:
    """A Supply pile: ``name``, ``cards`` as (card name, count) top first.

    ``kind`` is ``basic``, ``kingdom``, ``split`` or ``castles``. ``counts``
    maps a player count to the cards for that count where it differs.
    """

    name: str
    cards: list[tuple[str, int]]
    kind: str = "kingdom"
    set: str = "empires"

    @property
    def card_names(self) -> list[str]:
        return [c for c, _ in self.cards]

    @property
    def top_name(self) -> str:
        return self.cards[0][0]


@dataclass
class EventSpec:
    """An Event: bought with a Buy, its ``effect(game, player)`` runs at once.

    ``setup(game)`` runs at setup; ``triggers`` maps a :class:`Moment` to an
    ability ``fn(game, player, when)`` in force while the Event is in the game.
    """

    name: str
    dutch: str
    cost: Cost
    text: str
    effect: Callable[[Game, Player], Flow | None]
    setup: Callable[[Game], Flow | None] | None = None
    triggers: dict[Moment, Ability] = field(default_factory=dict)
    set: str = "empires"
    types: frozenset[str] = frozenset({"Event"})

    @property
    def kind(self) -> str:
        return "event"


@dataclass
class LandmarkSpec:
    """A Landmark: always-on rules. ``tokens_per_player`` VP at setup;
    ``setup(game)`` for other setup; ``score(game, player)`` end-game VP;
    ``triggers`` maps a :class:`Moment` to an ability ``fn(game, player,
    when)`` ("when a player gains a card", "at the start of your Buy
    phase", ...).
    """

    name: str
    dutch: str
    text: str
    tokens_per_player: int = 0
    setup: Callable[[Game], Flow | None] | None = None
    score: Callable[[Game, Player], int] | None = None
    triggers: dict[Moment, Ability] = field(default_factory=dict)
    set: str = "empires"
    types: frozenset[str] = frozenset({"Landmark"})

    @property
    def kind(self) -> str:
        return "landmark"


def card(name: str, dutch: str, cost: int | Cost, types: str, text: str, set: str = "empires", **kw: Any) -> CardSpec:
    """Define and register a card; returns its :class:`CardSpec`.

    ``cost`` is an int (coins) or a :class:`Cost`; ``types`` a space-separated string.
    """
    if isinstance(cost, int):
        cost = Cost(cost)
    spec = CardSpec(name=name, dutch=dutch, cost=cost, types=frozenset(types.split()), set=set, text=text, **kw)
    CARDS[name] = spec
    _ALIASES[_norm(name)] = name
    if dutch:
        _ALIASES[_norm(dutch)] = name
    return spec


def pile(name: str, cards: list[tuple[str, int]], kind: str = "kingdom", set: str = "empires") -> PileDef:
    """Register a Supply pile definition made of ``cards`` [(name, count), ...] top first."""
    p = PileDef(name=name, cards=cards, kind=kind, set=set)
    PILES[name] = p
    _ALIASES.setdefault(_norm(name), name)
    for c, _ in cards:
        if not CARDS[c].pile:
            CARDS[c].pile = name
    return p


def alias(other: str, name: str) -> None:
    """Accept ``other`` (e.g. a Dutch pile name) as a name for ``name``."""
    _ALIASES[_norm(other)] = name


def event(
    name: str,
    dutch: str,
    cost: int | Cost,
    text: str,
    effect: Callable[[Game, Player], Flow | None],
    setup: Callable[[Game], Flow | None] | None = None,
    triggers: dict[Moment, Ability] | None = None,
) -> EventSpec:
    """Define and register an Event."""
    if isinstance(cost, int):
        cost = Cost(cost)
    e = EventSpec(
        name=name, dutch=dutch, cost=cost, text=text, effect=effect, setup=setup, triggers=dict(triggers or {})
    )
    EVENTS[name] = e
    _ALIASES[_norm(name)] = name
    _ALIASES[_norm(dutch)] = name
    return e


def landmark(name: str, dutch: str, text: str, **kw: Any) -> LandmarkSpec:
    """Define and register a Landmark."""
    lm = LandmarkSpec(name=name, dutch=dutch, text=text, **kw)
    LANDMARKS[name] = lm
    _ALIASES[_norm(name)] = name
    _ALIASES[_norm(dutch)] = name
    return lm


def canonical(name: str) -> str | None:
    """The English name for ``name`` (English or Dutch, any case), or None.

    >>> canonical("stadswijk")
    'City Quarter'
    """
    if name in CARDS or name in EVENTS or name in LANDMARKS:  # an English name as written (no name of one
        return name  # is another's in any spelling: every one is its own canonical name)
    n = _norm(name)
    if n in _ALIASES:
        return _ALIASES[n]
    n2 = n.replace("'", "")
    for k, v in _ALIASES.items():
        if k.replace("'", "") == n2:
            return v
    return None


def nearest_name(word: str, among: Iterable[str] | None = None) -> str | None:
    """The English name closest to a misspelt ``word`` ("Provnce" gives
    "Province", "Kopr" gives "Copper"), in English or Dutch, or None when no
    name is close. ``among``: the English names to try first (those of this
    game, or the options of a question); every known name after them."""
    import difflib

    low = _norm(word)
    if not low:
        return None
    groups = []
    if among is not None:
        wanted = set(among)
        groups.append({k: v for k, v in _ALIASES.items() if v in wanted})
    groups.append(_ALIASES)
    for aliases in groups:
        close = difflib.get_close_matches(low, list(aliases), n=1, cutoff=0.75)
        if close:
            return aliases[close[0]]
    return None


def pile_name_for(name: str) -> str | None:
    """The Supply pile a Kingdom name refers to: ``"Patrician"``,
    ``"Emporium"`` and ``"Patrician/Emporium"`` all give
    ``"Patrician/Emporium"``; ``"Castles"`` and any Castle give ``"Castles"``."""
    if name in PILES:  # a pile's own name (a split pile's too)
        return name
    if "/" in name:
        parts = [canonical(x) for x in name.split("/")]
        for p in PILES.values():
            if p.card_names[:1] == parts[:1] and parts[-1] in p.card_names:
                return p.name
        return None
    c = canonical(name)
    if c is None:
        return None
    if c in PILES:
        return c
    if c in CARDS:
        return CARDS[c].pile or None
    return None


# The Dutch plural of each card name, after a number above 1 ("3 Landgoederen"). The Treasures
# stay as they are, as the Dutch rules write them ("2 Zilver", "3 Goud", "alle Koper").
DUTCH_PLURALS = {
    "Copper": "Koper",
    "Silver": "Zilver",
    "Gold": "Goud",
    "Estate": "Landgoederen",
    "Duchy": "Hertogdommen",
    "Province": "Provincies",
    "Curse": "Vloeken",
    "Adventurer": "Avonturiers",
    "Chancellor": "Kanseliers",
    "Feast": "Feestmalen",
    "Spy": "Spionnen",
    "Thief": "Dieven",
    "Woodcutter": "Houthakkers",
    "Cellar": "Kelders",
    "Chapel": "Kapellen",
    "Moat": "Slotgrachten",
    "Harbinger": "Voorboden",
    "Merchant": "Kooplieden",
    "Vassal": "Vazallen",
    "Village": "Dorpen",
    "Workshop": "Werkplaatsen",
    "Bureaucrat": "Bureaucraten",
    "Gardens": "Tuinen",
    "Militia": "Milities",
    "Moneylender": "Geldschieters",
    "Poacher": "Stropers",
    "Remodel": "Verbouwingen",
    "Smithy": "Smidsen",
    "Throne Room": "Troonzalen",
    "Bandit": "Bandieten",
    "Council Room": "Raadszalen",
    "Festival": "Festivals",
    "Laboratory": "Laboratoria",
    "Library": "Bibliotheken",
    "Market": "Markten",
    "Mine": "Mijnen",
    "Sentry": "Schildwachten",
    "Witch": "Heksen",
    "Artisan": "Ambachtslieden",
    "Humble Castle": "Bescheiden kastelen",
    "Crumbling Castle": "Vervallen kastelen",
    "Small Castle": "Kleine kastelen",
    "Haunted Castle": "Spookkastelen",
    "Opulent Castle": "Weelderige kastelen",
    "Sprawling Castle": "Florerende kastelen",
    "Grand Castle": "Grote kastelen",
    "King's Castle": "Koningskastelen",
    "Archive": "Archieven",
    "Capital": "Kapitalen",
    "Chariot Race": "Strijdwagenraces",
    "Charm": "Geluksbrengers",
    "City Quarter": "Stadswijken",
    "Crown": "Kronen",
    "Enchantress": "Tovenaressen",
    "Engineer": "Ingenieurs",
    "Farmers' Market": "Boerenmarkten",
    "Forum": "Forums",
    "Groundskeeper": "Kasteelhoveniers",
    "Legionary": "Legioensoldaten",
    "Overlord": "Despoten",
    "Royal Blacksmith": "Koninklijke smeden",
    "Sacrifice": "Offers",
    "Temple": "Tempels",
    "Villa": "Villa's",
    "Wild Hunt": "Wilde jachten",
    "Catapult": "Katapulten",
    "Rocks": "Rotsblokken",
    "Encampment": "Kampementen",
    "Plunder": "Plunderen",
    "Gladiator": "Gladiatoren",
    "Fortune": "Fortuinen",
    "Patrician": "Patriciërs",
    "Emporium": "Emporia",
    "Settlers": "Kolonisten",
    "Bustling Village": "Levendige dorpen",
}


def dutch_plural(name: str) -> str:
    """The Dutch name of several copies of a card ("Landgoederen" for Estate,
    "Koper" for Copper); the Dutch name itself for a name with no plural here."""
    return DUTCH_PLURALS.get(name) or dutch_name(name)


def dutch_name(name: str) -> str:
    """The Dutch name of a card, Event, Landmark or pile (English if none)."""
    for reg in (CARDS, EVENTS, LANDMARKS):
        if name in reg and reg[name].dutch:
            return reg[name].dutch
    if name in PILES and "/" in name:
        return "/".join(dutch_name(x) for x in name.split("/"))
    if name == "Castles":
        return "Kastelen"
    return name


def game_attribute(name: str, fn: Callable[[Game], Any]) -> None:
    """Offer ``game.<name>`` as a read-only attribute computed by ``fn(game)``
    (what a Landmark chose at setup, for the view and the scenario snapshot).
    The card's state itself stays in its module (its per-game memory)."""
    GAME_ATTRIBUTES[name] = fn


def load_all() -> None:
    """Import every card module so the registry is complete."""
    from . import base, empires  # noqa: F401


load_all()
