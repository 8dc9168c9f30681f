"""The ``medium`` bot: reads the Kingdom, picks a plan and plays every card,
Event and Landmark sensibly, from its own view only.

How it decides:

- **Plan.** At its first decision it reads the Kingdom, Events and
  Landmarks: the strongest money-plus-X buy list the Kingdom allows (see
  :mod:`.plans`), the best terminal (draw or attack) it will buy one or two
  of, whether an engine is there (villages, draw and +Buy), and which
  scoring Landmarks matter. It buys by the buy list while more than
  :data:`ENDGAME` Provinces are left, unless its own valuation (below)
  says the list's buy loses the game or, with Landmarks or Events, likes
  an Event or a Victory card :data:`PLAN_GAP` more; then, or without a
  list, by its valuation.
- **Buying.** Every card and Event it may buy gets a value: a card-value
  table (:data:`VALUE`, Gold = 60, Silver = 20) for what a card does to the
  deck, plus the Victory points it changes, weighted by how near the game's
  end is. The VP are counted with the Landmarks' scoring (Bandit Fort,
  Wall, Wolf Den, Obelisk, Museum, Palace, Orchard, Fountain, Keep, Tower,
  Triumphal Arch) and the tokens it would take (Basilica, Colonnade,
  Battlefield, Labyrinth, Baths, Aqueduct, Gathering piles). It never buys
  a Curse, and never the card that ends the game while it is behind.
- **Playing.** Villages before terminals, cantrips before terminal draw,
  draw before money; Throne Room and Crown on the best Action; Treasures
  all at once; Debt paid as soon as there are coins for it.
- **Answering.** One rule per :class:`~a11y_dominion.rules.decisions.Purpose`
  (trash Curses and Estates early, Coppers only when the deck stays able to
  buy a Province; discard the worst; put back the best...), and a few cards
  with their own rule.

Every answer is checked with :meth:`Decision.check` before it is given; a
refused one falls back to the simplest legal answer.

:meth:`MediumBot.explain` gives the reason for an answer in one sentence
(a :class:`Msg`, so it can be translated), for the console's ``hint``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Final, TypedDict, cast

from ..fastlane import PlainView
from ..rules.cards import CARDS, EVENTS, PILES, CardSpec
from ..rules.decisions import (
    END_MOVE,
    TREASURES_MOVE,
    Decision,
    Kind,
    Move,
    MoveKind,
    Msg,
    Option,
    Purpose,
    option_words,
)
from ..rules.events import GameEvent
from ..rules.native import mypyc_attr
from ..rules.turnflow import TurnMoves
from ..strategies import Strategy
from ..view import PlayerView, empty_count, in_play_count
from .buylist import first_buy
from .common import (
    CardCounts,
    TurnOptions,
    ViewLedger,
    card_vp,
    coins_of,
    is_type,
    is_victory_only,
    less,
    money_total,
    names_of_type,
    pile_members,
    plus_one,
    price,
    variable_vp,
    variable_vp_gain,
)
from .plans import cards_of, plan_for
from .simple import RandomBot

# value of a card for the deck (Gold = 60, Silver = 20), whether it is a
# terminal (uses up the Action it is played with) and how many copies are wanted
VALUE: Final[dict[str, tuple[int, bool, int]]] = {
    "Copper": (-6, False, 99),
    "Silver": (26, False, 99),
    "Gold": (60, False, 99),
    "Witch": (80, True, 2),
    "Legionary": (56, True, 2),
    "Militia": (46, True, 2),
    "Bandit": (42, True, 1),
    "Smithy": (50, True, 2),
    "Council Room": (48, True, 2),
    "Library": (48, True, 2),
    "Royal Blacksmith": (64, True, 2),
    "Moat": (22, True, 1),
    "Enchantress": (50, True, 2),
    "Catapult": (36, True, 1),
    "Gladiator": (34, True, 2),
    "Wild Hunt": (42, True, 2),
    "Artisan": (44, True, 1),
    "Mine": (22, True, 1),
    "Moneylender": (30, True, 1),
    "Remodel": (22, True, 1),
    "Chapel": (14, True, 1),
    "Sacrifice": (22, True, 1),
    "Temple": (26, True, 1),
    "Woodcutter": (14, True, 1),
    "Chancellor": (16, True, 1),
    "Bureaucrat": (26, True, 1),
    "Thief": (2, True, 1),
    "Adventurer": (18, True, 1),
    "Feast": (14, True, 1),
    "Workshop": (10, True, 1),
    "Engineer": (34, True, 1),
    "Vassal": (22, True, 1),
    "Farmers' Market": (26, True, 2),
    "Overlord": (46, True, 1),
    "Opulent Castle": (30, True, 1),
    "Small Castle": (10, True, 2),
    "Laboratory": (54, False, 8),
    "Market": (40, False, 5),
    "Festival": (34, False, 3),
    "Village": (14, False, 3),
    "Cellar": (12, False, 1),
    "Harbinger": (16, False, 2),
    "Merchant": (22, False, 2),
    "Poacher": (22, False, 2),
    "Sentry": (40, False, 2),
    "Spy": (10, False, 1),
    "Throne Room": (24, False, 1),
    "Crown": (34, False, 2),
    "Villa": (20, False, 3),
    "Patrician": (16, False, 3),
    "Emporium": (46, False, 4),
    "Settlers": (10, False, 2),
    "Bustling Village": (34, False, 3),
    "Chariot Race": (22, False, 3),
    "Encampment": (22, False, 3),
    "Forum": (46, False, 4),
    "Groundskeeper": (30, False, 3),
    "Archive": (34, False, 2),
    "City Quarter": (40, False, 3),
    "Capital": (40, False, 3),
    "Charm": (40, False, 3),
    "Plunder": (52, False, 99),
    "Rocks": (32, False, 3),
    "Fortune": (40, False, 2),
    "Humble Castle": (16, False, 99),
}

# a plain turn's first moves, one tuple (fastlane knows a planner's moves by their id: see fastlane._shape_of); typed
# ``tuple[Move, ...]`` so that compiled, too, it stays one object (a tuple of a known length is kept unboxed)
_END_TREASURES: Final[tuple[Move, ...]] = (END_MOVE, TREASURES_MOVE)
# Enum members read at most decisions, at hand as globals (an enum member read off its class is a call in
# Python 3.11)
_KIND_TURN: Final = Kind.TURN
_KIND_YESNO: Final = Kind.YESNO
_KIND_NUMBER: Final = Kind.NUMBER
_KIND_MODE: Final = Kind.MODE
_KIND_PILE: Final = Kind.PILE
_MK_BUY: Final = MoveKind.BUY
_P_TRASH: Final = Purpose.TRASH
_P_DISCARD: Final = Purpose.DISCARD
_P_TOPDECK: Final = Purpose.TOPDECK
_P_ORDER: Final = Purpose.ORDER
_P_REVEAL: Final = Purpose.REVEAL
_P_PLAY: Final = Purpose.PLAY
_P_TAKE: Final = Purpose.TAKE
_P_KEEP: Final = Purpose.KEEP


class _Options:
    """The legal moves of a plain turn as a buy reads a turn decision's (a :class:`~.common.TurnOptions`)."""

    __slots__ = ("options",)

    def __init__(self, options: Sequence[Move]):
        self.options = options


VILLAGES: Final = {"Village", "Festival", "Villa", "Bustling Village", "City Quarter", "Encampment"}
DRAW: Final = {
    "Smithy",
    "Council Room",
    "Library",
    "Royal Blacksmith",
    "Witch",
    "Moat",
    "Laboratory",
    "Forum",
    "Encampment",
}
PLUS_BUY: Final = {
    "Market",
    "Festival",
    "Council Room",
    "Villa",
    "Farmers' Market",
    "Charm",
    "Capital",
    "Woodcutter",
    "Forum",
}
RETURNING: Final = {"Encampment"}  # cards that return themselves to their pile
FORCED_TRASH: Final = {"Temple", "Sacrifice", "Remodel", "Catapult", "Small Castle"}
TRASHERS: Final = {"Chapel", "Sentry", "Moneylender", "Remodel", "Sacrifice", "Temple", "Catapult"}

LONG_GAME: Final = 40
"""After this many turns of its own the bot buys money even where Landmarks punish it (Bandit Fort,
Wall): decks that cannot buy a Province would otherwise never end the game."""
LONG_GAME_MONEY: Final = {"Copper": 12, "Silver": 30, "Gold": 60}

EVENT_GAINS: Final = {
    "Triumph": "Estate",
    "Annex": "Duchy",
    "Dominate": "Province",
    "Delve": "Silver",
    "Wedding": "Gold",
    "Conquest": "Silver",
    "Windfall": "Gold",
}
"""The card each gaining Event is bought for: with that pile empty the Event is not worth buying (Wedding
still gives its +1 VP)."""

ENDGAME: Final = 5
"""With this many Provinces left or fewer (or piles as low), the bot buys by its own valuation of the
score, not by its Kingdom plan."""

PLAN_GAP: Final = 30
"""In a game with Landmarks or Events, medium's own best buy, when it is an Event or a Victory card, replaces
its plan's buy when it values it this much more (Gold = 60)."""

STALL_TURNS: Final = 100
"""After this many turns of its own, the bot ends the game when it can, even when behind."""

# how much 1 VP is worth against the deck's economy, and the cost of a dead
# card in the deck, by Provinces left (8 or more, 7, ..., 1)
VP_WEIGHT: Final = {8: 12, 7: 13, 6: 15, 5: 18, 4: 25, 3: 30, 2: 36, 1: 40, 0: 45}
DEAD_COST: Final = {8: 32.0, 7: 30.0, 6: 26.0, 5: 18.0, 4: 8.0, 3: 4.0, 2: 0.0, 1: 0.0, 0: 0.0}
DEBT_WEIGHT: Final = {8: 6.0, 7: 6.0, 6: 7.0, 5: 10.0, 4: 14.0, 3: 16.0, 2: 16.0, 1: 1.0, 0: 0.5}


def landmark_vp(
    name: str, mine: Counter[str], others: Sequence[Counter[str]], view: PlayerView, emptied: str | None = None
) -> int:
    """End-of-game VP the Landmark ``name`` gives cards ``mine`` (others' cards
    ``others``; ``emptied``: a pile counted as empty too); 0 for Landmarks that
    score with tokens."""
    if name == "Bandit Fort":
        return -2 * (mine.get("Silver", 0) + mine.get("Gold", 0))
    if name == "Wall":
        return -max(0, sum(mine.values()) - 15)
    if name == "Wolf Den":
        return -3 * sum(1 for k in mine.values() if k == 1)
    if name == "Obelisk":
        if not view.obelisk:
            return 0
        return 2 * sum(mine[c] for c in pile_members(view.obelisk))
    if name == "Museum":
        return 2 * sum(1 for k in mine.values() if k > 0)
    if name == "Orchard":
        actions = names_of_type("Action")
        return 4 * sum(1 for n, k in mine.items() if k >= 3 and n in actions)
    if name == "Palace":
        return 3 * min(mine.get("Copper", 0), mine.get("Silver", 0), mine.get("Gold", 0))
    if name == "Fountain":
        return 15 if mine.get("Copper", 0) >= 10 else 0
    if name == "Keep":
        vp = 0
        for n, k in mine.items():
            if k > 0 and is_type(n, "Treasure") and all(k >= o[n] for o in others):
                vp += 5
        return vp
    if name == "Tower":
        empty = set(view.empty_piles()) | ({emptied} if emptied else set())
        vp = 0
        for pn in empty:
            for c in pile_members(pn):
                if not is_type(c, "Victory"):
                    vp += mine[c]
        return vp
    if name == "Triumphal Arch":
        actions = names_of_type("Action")
        counts = sorted((k for n, k in mine.items() if k > 0 and n in actions), reverse=True)
        return 3 * counts[1] if len(counts) > 1 else 0
    return 0


def _step_bandit_fort(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    return -2 if card == "Silver" or card == "Gold" else 0


def _step_wall(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    return -1 if sum(mine.values()) >= 15 else 0


def _step_wolf_den(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    k = mine.get(card, 0)
    return -3 if k == 0 else 3 if k == 1 else 0


def _step_obelisk(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    if not view.obelisk:
        return 0
    return 2 * pile_members(view.obelisk).count(card)


def _step_museum(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    return 2 if mine.get(card, 0) <= 0 else 0


def _step_orchard(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    return 4 if mine.get(card, 0) == 2 and is_type(card, "Action") else 0


def _step_palace(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    if card != "Copper" and card != "Silver" and card != "Gold":
        return 0
    c, s, g = mine.get("Copper", 0), mine.get("Silver", 0), mine.get("Gold", 0)
    before = min(c, s, g)
    if card == "Copper":
        c += 1
    elif card == "Silver":
        s += 1
    else:
        g += 1
    return 3 * (min(c, s, g) - before)


def _step_fountain(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    return 15 if card == "Copper" and mine.get("Copper", 0) == 9 else 0


def _step_keep(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    if not is_type(card, "Treasure"):
        return 0
    k = mine.get(card, 0)
    before = 5 if k > 0 and all(k >= o[card] for o in others) else 0
    return (5 if all(k + 1 >= o[card] for o in others) else 0) - before


def _second_most(counts: list[int]) -> int:
    counts.sort(reverse=True)
    return 3 * counts[1] if len(counts) > 1 else 0


def _step_triumphal_arch(mine: Counter[str], card: str, view: PlayerView, others: Sequence[Counter[str]]) -> int:
    actions = names_of_type("Action")
    if card not in actions:
        return 0
    rest = [k for n, k in mine.items() if k > 0 and n != card and n in actions]
    k = mine.get(card, 0)
    return _second_most([*rest, k + 1]) - _second_most([*rest, k] if k > 0 else rest)


_Step = Callable[[Counter[str], str, PlayerView, Sequence[Counter[str]]], int]

_LANDMARK_STEPS: Final[dict[str, _Step]] = {
    "Bandit Fort": _step_bandit_fort,
    "Wall": _step_wall,
    "Wolf Den": _step_wolf_den,
    "Obelisk": _step_obelisk,
    "Museum": _step_museum,
    "Orchard": _step_orchard,
    "Palace": _step_palace,
    "Fountain": _step_fountain,
    "Keep": _step_keep,
    "Triumphal Arch": _step_triumphal_arch,
}
"""For the Landmarks :func:`landmark_vp` scores but Tower: the change one more ``card`` makes
to it, ``step(mine, card, view, others)`` (``mine`` the cards before, ``others`` the other
players'); every other Landmark but those of :data:`_COUNTED_AGAIN` is worth 0 there (it
scores with tokens)."""
_TOKEN_CARDS: Final = frozenset({"Temple", "Crumbling Castle", "Grand Castle", "Sprawling Castle", "Emporium"})
"""The cards :meth:`MediumBot.token_vp` counts VP tokens of when gained, whatever the Landmarks."""
_COUNTED_AGAIN: Final = frozenset({"Tower"})
"""The Landmarks whose VP after a gain :meth:`MediumBot.marginal_vp` counts again in full."""
_READ_OTHERS: Final = frozenset({"Keep"})
"""The Landmarks whose step (:data:`_LANDMARK_STEPS`) or count (:func:`landmark_vp`) reads the other
players' cards (the others pass none)."""

_STEP_MOST: Final[dict[str, Callable[[str, str | None], int]]] = {
    "Bandit Fort": lambda card, obelisk: -2 if card == "Silver" or card == "Gold" else 0,
    "Wall": lambda card, obelisk: 0,
    "Wolf Den": lambda card, obelisk: 3,  # +3 for a second copy; a first one -3, and 2 for the second planned
    "Obelisk": lambda card, obelisk: 2 * pile_members(obelisk).count(card) if obelisk else 0,
    "Museum": lambda card, obelisk: 2,
    "Orchard": lambda card, obelisk: 4 if is_type(card, "Action") else 0,
    "Palace": lambda card, obelisk: 3 if card == "Copper" or card == "Silver" or card == "Gold" else 0,
    "Fountain": lambda card, obelisk: 15 if card == "Copper" else 0,
    "Keep": lambda card, obelisk: 5 if is_type(card, "Treasure") else 0,
    "Triumphal Arch": lambda card, obelisk: 3 if is_type(card, "Action") else 0,  # the second most grows by 1 at most
}
"""For each Landmark of :data:`_LANDMARK_STEPS`: the most VP its step (with the 2 VP
:meth:`MediumBot.marginal_vp` adds for Wolf Den) gives one more ``card``, whatever the decks,
``most(card, obelisk)`` (``obelisk``: the Obelisk's pile or None)."""
_STEP_SAME: Final = frozenset({"Wall"})
"""The Landmarks of :data:`_LANDMARK_STEPS` whose step is the same for every card."""
_VARIABLE_MOST: Final = {"Gardens": 1, "Humble Castle": 1, "King's Castle": 2}
"""For each card whose VP depend on the deck (:data:`_VARIABLE_VP`): the most VP a copy of it
gains when one more card (not one of these) joins the deck (see :func:`~.common.vp_of`)."""
_Steps = tuple[list[_Step], list[str], bool]
_STEPS_OF: Final[dict[tuple[str, ...], _Steps]] = {}
"""By a game's Landmarks (their names, in order): the steps of those of :data:`_LANDMARK_STEPS`, the
Landmarks of :data:`_COUNTED_AGAIN`, and whether one reads the other players' cards (kept, for at most
256 sets of Landmarks): the :attr:`Shared.steps` of each decision."""


def _steps_of(lms: tuple[str, ...]) -> _Steps:
    """The entry of :data:`_STEPS_OF` for ``lms`` (made and kept)."""
    steps = (
        [_LANDMARK_STEPS[lm] for lm in lms if lm in _LANDMARK_STEPS],
        [lm for lm in lms if lm not in _LANDMARK_STEPS and lm in _COUNTED_AGAIN],
        any(lm in _READ_OTHERS for lm in lms),
    )
    if len(_STEPS_OF) >= 256:
        _STEPS_OF.clear()
    _STEPS_OF[lms] = steps
    return steps


_TOKEN_LANDMARKS: Final[tuple[str, ...]] = ("Basilica", "Labyrinth", "Colonnade", "Battlefield", "Aqueduct")
"""The Landmarks whose VP tokens :meth:`MediumBot.token_vp` counts for a gain."""


class Shared:
    """What every candidate of one decision of a :class:`MediumBot` shares, worked
    out the first time a candidate needs it (``None`` until then): kept by the bot while it decides, for
    the one ``view`` it decides from (the view and the bot's
    counts (see :meth:`MediumBot.counts`) do not change while it decides). Every field is what
    the method named beside it gives for that view, computed by the same steps, so
    that an answer is the same with or without it."""

    __slots__ = (
        "view",
        "_mine",  # MediumBot.mine (see mine)
        "_ledger",  # the bot's ledger, which counts mine
        "provinces",  # MediumBot.provinces_left
        "others",  # MediumBot.others
        "cards_vp",  # variable_vp(mine), or None
        "variable",  # whether mine has a card whose VP depends on the deck (Gardens, castles), or None
        "steps",  # the Landmarks' steps (_LANDMARK_STEPS), those counted again, whether one reads others, or None
        "stepped",  # the sum of the Landmarks' steps for each card (MediumBot._steps_vp), by its name
        "groundskeepers",  # Groundskeepers in the seat's play (token_vp)
        "lms",  # view.landmarks
        "token_lms",  # whether lms has a Landmark of _TOKEN_LANDMARKS (token_vp)
        "total",  # sum(mine.values())
        "terminals",  # terminals in mine (card_value)
        "villages",  # villages and Throne Rooms in mine (card_value)
        "villages_only",  # villages in mine (card_value, an engine)
        "money",  # money_total(mine)
        "spendable",  # MediumBot.spendable(mine)
        "empties",  # empty_count(view)
        "last_of",  # Tower: the pile each top empties when it is gained, for piles of 1 card
        "values",  # MediumBot.buy_value(view, name, coins) by (name, coins): each buy valued once
        "deck",  # MediumBot._deck_value of each card valued, by its name
        "weights",  # (provinces left, VP_WEIGHT, DEAD_COST, plan's terminals, engine, own turn) (card_value)
        "bounding",  # what MediumBot._bound reads of the decision (see _Bounding), or None
    )

    provinces: int | None
    others: list[Counter[str]] | None
    cards_vp: int | None
    variable: bool | None
    steps: _Steps | None
    stepped: dict[str, int]
    groundskeepers: int | None
    lms: dict[str, int] | None
    token_lms: bool | None
    total: int | None
    terminals: int | None
    villages: int | None
    villages_only: int | None
    money: int | None
    spendable: int | None
    empties: int | None
    last_of: dict[str | None, str] | None
    values: dict[tuple[str, int], float | None]
    deck: dict[str, float]
    weights: tuple[int, int, float, Collection[str], bool, int] | None
    bounding: _Bounding | None

    def __init__(self, view: PlayerView, ledger: CardCounts):
        self.view = view
        self._ledger = ledger
        self._mine: Counter[str] | None = None
        self.provinces = self.others = self.cards_vp = self.variable = self.steps = self.groundskeepers = None
        self.lms = self.token_lms = None
        self.total = self.terminals = self.villages = self.villages_only = None
        self.money = self.spendable = self.empties = self.last_of = None
        self.values = {}
        self.deck = {}
        self.stepped = {}
        self.weights = self.bounding = None

    @property
    def mine(self) -> Counter[str]:
        """The cards of the view's seat, as the ledger counts them (the ledger's own Counter), read
        when first asked (a decision that values no card never counts them)."""
        mine = self._mine
        if mine is None:
            mine = self._mine = self._ledger.of(self.view.seat)
        return mine


class Plan(TypedDict, total=False):
    """What :meth:`MediumBot.make_plan` reads of a Kingdom (every key is there; ``total``
    False lets a bot without a plan read ``{}`` in its place)."""

    cards: set[str]  # the Kingdom's cards
    engine: bool  # whether it builds an engine (villages, strong draw and +Buy)
    terminals: set[str]  # the terminals it buys (one or two)
    key: str | None  # the strongest terminal
    buylist: Strategy | None  # the Kingdom's plan (see plans.py), None: by its own valuation


_VARIABLE_VP: Final = frozenset({"Gardens", "Humble Castle", "King's Castle"})
"""Cards whose VP depend on the other cards of the deck (see :func:`~.common.vp_of`)."""

_ONE_COPPER: Final[dict[str, int]] = {"Copper": 1}
"""One Copper, as the cards taken from a deck (see :func:`~.common.less`; read only)."""

_NO_CARDS: Final[Counter[str]] = Counter()
"""No card, as the cards already trashed of :meth:`MediumBot.trash_ok` (read only)."""

_Facts = tuple[CardSpec, int, bool, int, int, bool, bool, bool]
_FACTS: Final[dict[str, _Facts]] = {}
"""What :meth:`MediumBot.card_value` reads of a card that is the same in every game, by its name:
``(spec, base value, terminal, copies wanted, kind, Treasure, Victory, Action)`` with ``kind``
one of the ``_K_*`` below (the branch of the card's deck value)."""
_K_MONEY: Final = 0
_K_DEAD: Final = 1
_K_VALUED: Final = 2
_K_OTHER: Final = 3


def _facts(card: str) -> _Facts | None:
    """The :data:`_FACTS` of the card ``card`` (kept), or None for no card of that name."""
    facts = _FACTS.get(card)
    if facts is None:
        s = CARDS.get(card)
        if s is None:
            return None
        base, terminal, most = VALUE.get(card, (0, False, 0))
        if card in ("Silver", "Gold", "Copper"):
            kind = _K_MONEY
        elif is_victory_only(card):
            kind = _K_DEAD
        elif card in VALUE:
            kind = _K_VALUED
        else:
            kind = _K_OTHER
        facts = _FACTS[card] = (s, base, terminal, most, kind, s.is_("Treasure"), s.is_("Victory"), s.is_("Action"))
    return facts


_LOOKED_AT: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}
"""By a game's Events and Supply piles (their names, in order): the Events and the piles that hold a
Victory card among their cards, in that order, which :meth:`MediumBot._better_than_plan` looks at
(kept, for at most 256 setups)."""


def _looked_at(setup: tuple[str, ...]) -> tuple[str, ...]:
    """The entry of :data:`_LOOKED_AT` for ``setup`` (made and kept)."""
    looked = tuple(n for n in setup if n in EVENTS or any(is_type(c, "Victory") for c in pile_members(n)))
    if len(_LOOKED_AT) >= 256:
        _LOOKED_AT.clear()
    _LOOKED_AT[setup] = looked
    return looked


_TERMINALS: Final = frozenset(n for n, (_v, terminal, _m) in VALUE.items() if terminal)
_VILLAGES_THRONE: Final = frozenset(VILLAGES | {"Throne Room"})

_UNBOUNDED: Final = float("inf")
_BOUND_SLACK: Final = 1e-6
"""How far below a value a bound must be for the buy to be left unvalued (the bound and the value add
the same numbers in different orders, so they may differ in the last bits)."""

_BoundFacts = tuple[float, int, int, bool, int, bool, bool]
_BoundKey = tuple[int, bool, bool, tuple[str, ...], str | None]
_BOUND_FACTS: Final[dict[_BoundKey, dict[str, _BoundFacts | None]]] = {}
"""By ``(provinces left, engine, long game, Landmarks, Obelisk's pile)``: for each card name,
what :func:`_bound_facts` gives for it then (kept, for at most 512 keys)."""


def _bound_facts(card: str, key: _BoundKey) -> _BoundFacts | None:
    """What bounds the value of buying ``card`` (see :meth:`MediumBot._bound`) for the ``key`` of
    :data:`_BOUND_FACTS`, the same at every decision with that key: ``(value, most, vp, floor,
    coins, Action, Victory)``, where ``value`` is the most :meth:`MediumBot.card_value` gives for
    what the card does to the deck (Forum's +1 Buy when bought counted too); ``most`` the card's
    own VP and the most every Landmark's step gives for it (:data:`_STEP_MOST`, and Tower), ``vp``
    the card's own VP and Tower's most only (the tighter bound works the steps out); ``floor`` True where its
    VP count as 0 at least (money in a long game); ``coins`` its price in coins. None where no
    bound is kept (the card is valued instead): a Curse, a card whose VP depend on the deck."""
    if card == "Curse" or card in _VARIABLE_VP:
        return None
    facts = _FACTS.get(card) or _facts(card)
    if facts is None:
        return None
    p, engine, long_game, landmarks, obelisk = key
    spec, base, _terminal, _copies, kind, treasure, victory, action = facts
    value: float
    if kind == _K_MONEY:
        if card == "Copper":
            value = 15.0
        elif card == "Silver":
            value = 8.0 if p <= 3 else float(base)
        else:
            value = 20.0 if p <= 2 else float(base)
    elif kind == _K_DEAD:
        value = -DEAD_COST[p] + (30.0 if card == "Province" else 0.0)
    elif kind == _K_VALUED:
        # bought copies, terminals, Royal Blacksmith's Coppers and trashers only take value away
        value = max(
            0.0, base + (14.0 if engine and card in VILLAGES else 0.0) + (6.0 if engine and card in DRAW else 0.0)
        )
        if p <= 3 and not victory:
            value *= 0.4
    else:
        value = 0.0
    if card == "Forum":
        value += 3
    floor = treasure and long_game
    if floor:
        value = max(value, LONG_GAME_MONEY.get(card, value))
    most = vp = spec.vp
    for lm in landmarks:
        step_most = _STEP_MOST.get(lm)
        if step_most is not None:
            most += step_most(card, obelisk)
        elif lm == "Tower" and not victory:
            # one more copy counted where its pile is empty (a pile emptied now is valued instead)
            most += 1
            vp += 1
    return (value, most, vp, floor, spec.cost.coins, action, victory)


def _card_bound(card: str, b: _Bounding) -> tuple[float, str | None]:
    """The part of :meth:`MediumBot._bound` that depends on the card ``card`` on top of a pile and
    the decision's :class:`_Bounding` ``b`` alone (not on the pile's count or the Tower's piles):
    ``(bound, card)``, kept in ``b.bounds`` (shared by every decision whose bounds are worked out
    from the same facts and tokens, see :data:`_BOUNDS`)."""
    got: tuple[float, str | None]
    if card == "Curse":
        got = (-_UNBOUNDED, None)
    else:
        facts = b.facts
        if card in facts:
            f = facts[card]
        else:
            f = facts[card] = _bound_facts(card, b.key)
        if f is None:
            got = (_UNBOUNDED, None)
        elif card in _TOKEN_CARDS:
            got = (_UNBOUNDED, card)  # (VP tokens of its own: bounded by the tighter bound alone)
        else:
            value, vp, _vp, floor, _coins, action, victory = f
            vp += b.same + b.tokens
            if action:
                vp += b.action_tokens
            if victory:
                vp += b.victory_tokens
            if floor and vp < 0:
                vp = 0
            got = (value + vp * b.w, card)
    b.bounds[card] = got
    return got


_BOUNDS: Final[dict[tuple[_BoundKey, int, int, int, int], dict[str, tuple[float, str | None]]]] = {}
"""By the key of :data:`_BOUND_FACTS` and a decision's VP every card gains alike and most VP tokens
(``same``, ``tokens``, ``action_tokens``, ``victory_tokens`` of its :class:`_Bounding`): the
:func:`_card_bound` of each card name (kept, for at most 512 keys, and emptied with
:data:`_BOUND_FACTS`, so that a card bounded here has its facts there)."""


class _Bounding:
    """What :meth:`MediumBot._bound` and :meth:`MediumBot._tight_bound` read of one decision: the
    card facts of :data:`_BOUND_FACTS` for it, the weight of 1 VP, the seat's cards, the steps of
    the Landmarks taken card by card, the VP every card gains alike (the Wall's step, and the most
    the deck's cards whose VP depend on the deck gain), whether Wolf Den counts a first copy's
    planned second, the most VP tokens a buy takes (any buy, an Action's, a Victory card's), the
    Tower's piles of one card (None without Tower), the cards left in each pile and the coins to
    buy with."""

    __slots__ = (
        "facts",
        "key",
        "w",
        "mine",
        "same",
        "vars_most",
        "wolf",
        "tokens",
        "action_tokens",
        "victory_tokens",
        "last_of",
        "left",
        "coins",
        "bounds",
        "exact",
    )

    facts: dict[str, _BoundFacts | None]
    key: _BoundKey
    w: int
    mine: Counter[str]
    same: int
    vars_most: int
    wolf: bool
    tokens: int
    action_tokens: int
    victory_tokens: int
    last_of: dict[str | None, str] | None
    left: dict[str, int]
    coins: int
    bounds: dict[str, tuple[float, str | None]]
    exact: bool


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (pickled; easy, hard, strategy and tests derive)
class MediumBot:
    """The ``medium`` bot (see the module documentation). ``seed`` seeds its
    few random choices; ``mistakes`` (0 to 1) is the chance of a small
    deliberate mistake at a buy, and ``thin`` a thinner plan (the ``easy``
    bot); ``plans`` False buys by its own valuation alone, without a Kingdom
    plan (see :mod:`.plans`).

    Its valuation calls its own helpers as ``MediumBot.name(self, ...)``: compiled, that is a direct
    call, where ``self.name(...)`` from a bot of an interpreted subclass (``easy``, a test,
    a strategy) looks the method up by its name at every call. Those helpers are not overridden; the
    methods a subclass or a test overrides (``decide``, ``choose_buy``, ``buy_move``, ``action_move``,
    ``answer``, ``in_supply``, ``_buy_value``, ``_best_bounded``,
    ``_better_than_plan``) are called on ``self``."""

    kind = "medium"
    reads_scores = False
    quick_view = True
    hears_events = False  # the cards every player has are read from the view (see ViewLedger)

    def __init__(self, seed: int = 0, mistakes: float = 0.0, thin: bool = False, plans: bool = True):
        self._rng: random.Random | None = None  # (made when first read: see rng)
        self.plans = plans and not thin
        self.seed = seed
        self.mistakes = mistakes
        self.thin = thin
        self.ledger: CardCounts = ViewLedger()
        self.plan: Plan | None = None
        self.reason: Msg | None = None  # set while deciding where the answer alone cannot tell why
        # or, where that sentence takes work, what makes it (see explain): the (plan, pick) of plan_reason
        self._why: tuple[Strategy, Move] | None = None
        self.faults = 0  # answers where a rule raised and the simplest legal answer was given instead
        self.shared: Shared | None = None  # what the candidates of the decision being made share

    @property
    def rng(self) -> random.Random:
        """The bot's random numbers, seeded with its ``seed``, made when first read (most bots make no
        random choice, and a ``hard`` bot's rollouts make many bots)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self.seed)
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ------------------------------------------------------------ seat protocol
    def reseed(self, step: int) -> None:
        """Make the next answers' random choices (the ``easy`` bot's mistakes, the
        ``hard`` bot's sampled worlds) a function of the seed and ``step`` (the
        number of answers the game had before this decision) only, so that a
        resumed or replayed game goes on exactly as before."""
        self.rng.seed(f"{self.seed}:{step}")

    def tell(self, events: list[GameEvent]) -> None:
        """Nothing to hear: the cards every player has, returned and bought are read from the
        view of each decision (see :class:`~.common.ViewLedger`)."""
        self.ledger.tell(events)

    def counts(self, view: PlayerView) -> CardCounts:
        """What the bot reads of the cards every player has, from ``view``: its ledger, pointed at
        ``view`` when it is a :class:`~.common.ViewLedger`."""
        ledger = self.ledger
        if type(ledger) is ViewLedger:
            ledger.read(view)
        return ledger

    def decide(self, d: Decision, view: PlayerView) -> list[Option]:
        """The answer to ``d`` from ``view`` (always a legal one)."""
        self.reason = self._why = None
        if self.plan is None:
            self.plan = self.make_plan(view)
        if d.kind is _KIND_TURN:  # (a buy makes its decision's Shared: see buy_move; most moves need none)
            try:  # (what move does, without its call)
                # (a turn decision's options are moves: it is read as TurnOptions, without a cast, a call)
                return [self.action_move(view, d) if view.turn.phase == "action" else self.buy_move(view, d)]  # type: ignore[arg-type]
            except Exception:  # a rule that does not fit an unusual position: the simplest legal move
                self.faults += 1
                return fallback(d)
        self.shared = Shared(view, MediumBot.counts(self, view))
        try:
            return self._decide(d, view)
        finally:
            self.shared = None

    def plain_move(self, v: PlainView) -> Move | tuple[Move, ...]:
        """The move of a plain turn (see :class:`~a11y_dominion.fastlane.PlainView`), the one
        :meth:`decide` gives at that turn's decision: in the Action phase (no Action card is in
        hand) its end, and "play treasures" when that is legal (as :meth:`action_move` and
        :meth:`buy_move` answer there, for this bot and the bots built on it); in the Buy phase
        "play treasures" when legal, else what :meth:`buy_move` answers from the seat's own view
        of the game as it is then (:meth:`~a11y_dominion.fastlane.PlainView.view`) and its legal
        moves (for :meth:`buy_move` itself, with no Treasure left to play: its Debt paid, or the end,
        or :meth:`choose_buy`)."""
        t = v.turn
        if t.phase == "action":
            return _END_TREASURES if v.treasures else END_MOVE
        if v.treasures:
            return TREASURES_MOVE
        own = type(self).buy_move is MediumBot.buy_move  # (else a Buy phase of its own: a strategy's)
        if own:
            # what buy_move answers then: no Treasure is left to play (a plain hand's are all played by "play
            # treasures", and none is played once something was bought), so Debt first, then a buy
            debt = v.debt
            if debt and t.coins:
                return Move.pay(min(debt, t.coins))
            if debt or t.buys < 1:
                return END_MOVE
        view = v.view()
        self.shared = Shared(view, MediumBot.counts(self, view))
        try:
            self.reason = self._why = None
            if self.plan is None:
                self.plan = self.make_plan(view)
            if own:
                return self.choose_buy(view, _Options(v.options()))
            # (buy_move reads a turn decision's options only; not cast to a Decision, which a compiled
            # call checks)
            return self.buy_move(view, _Options(v.options()))
        except Exception:  # as decide answers where a rule does not fit: the simplest legal move
            self.faults += 1
            return END_MOVE
        finally:
            self.shared = None

    def _shared(self, view: PlayerView) -> Shared | None:
        """The :class:`Shared` of the decision being made from ``view``, or None (not deciding, another view)."""
        sh = self.shared
        return sh if sh is not None and sh.view is view else None

    def _decide(self, d: Decision, view: PlayerView) -> list[Option]:
        """:meth:`decide`'s answer to a decision other than a turn's (its :class:`Shared` made)."""
        ans: list[Option] | None
        try:
            words = self.answer(view, d)
            ans = words  # type: ignore[assignment]  # (option words: every one an Option; no cast, a call each answer)
        except Exception:  # likewise: the simplest legal answer
            self.faults += 1
            ans = None
        if ans is not None and d.check(ans) is None:
            return ans
        if ans is not None:
            self.faults += 1  # a rule's answer the decision refused
        return fallback(d)

    # ------------------------------------------------------------ the plan
    def make_plan(self, view: PlayerView) -> Plan:
        """Read the Kingdom: which cards are there, the key terminal, engine or money."""
        cards: list[str] = []
        for pn in view.kingdom:
            cards.extend(pile_members(pn))
        have = set(cards)
        villages = have & VILLAGES
        draw = have & DRAW
        buys = have & PLUS_BUY
        strong = draw & {"Smithy", "Council Room", "Library", "Royal Blacksmith", "Laboratory", "Witch"}
        engine = bool(villages - {"City Quarter"} and strong - {"Royal Blacksmith"} and buys) and not self.thin
        # ties broken by name: the plan must not depend on the order of a set (it differs between processes)
        terminals = sorted((c for c in have if c in VALUE and VALUE[c][1]), key=lambda c: (-VALUE[c][0], c))
        allowed = set(terminals[:1] if self.thin else terminals[:2])
        buylist = plan_for(frozenset(have)) if self.plans else None
        return {
            "cards": have,
            "engine": engine,
            "terminals": allowed,
            "key": terminals[0] if terminals else None,
            "buylist": buylist,
        }

    # ------------------------------------------------------------ helpers
    def mine(self, view: PlayerView) -> Counter[str]:
        sh = self.shared
        if sh is not None and sh.view is view:
            return sh.mine  # (the ledger's own Counter)
        return MediumBot.counts(self, view).of(view.seat)

    def others(self, view: PlayerView) -> list[Counter[str]]:
        sh = MediumBot._shared(self, view)
        if sh is None:
            ledger = MediumBot.counts(self, view)
            return [ledger.of(p.name) for p in view.players if p.name != view.seat]
        if sh.others is None:
            sh.others = [self.ledger.of(p.name) for p in view.players if p.name != view.seat]
        return list(sh.others)

    def provinces_left(self, view: PlayerView) -> int:
        sh = self.shared  # (the decision's Shared for view, or None: see _shared)
        if sh is None or sh.view is not view:
            return MediumBot._provinces_left(self, view)
        if sh.provinces is None:
            sh.provinces = MediumBot._provinces_left(self, view)
        return sh.provinces

    def _provinces_left(self, view: PlayerView) -> int:
        left = view.cards_left()
        p = left["Province"]
        if empty_count(view) >= 2:  # (two piles empty or more; counted without a step per pile)
            low = min((n for n in left.values() if n), default=0)
            p = min(p, low)
        return max(0, min(8, p))

    def score(self, view: PlayerView, cards: Counter[str], name: str) -> int:
        """Estimated score of player ``name`` owning ``cards``."""
        ledger = MediumBot.counts(self, view)
        others = [ledger.of(p.name) for p in view.players if p.name != name]
        vp = card_vp(cards) + view.player(name).vp_tokens
        for lm in view.landmarks:
            vp += landmark_vp(lm, cards, others, view)
        return vp

    def lead(self, view: PlayerView, gained: str | None = None, tokens: int = 0) -> int:
        """My estimated score minus the best other's (after gaining a card ``gained`` and ``tokens`` VP)."""
        mine = MediumBot.mine(self, view)
        if gained is not None:
            mine = plus_one(mine, gained)
        me = MediumBot.score(self, view, mine, view.seat) + tokens
        ledger = MediumBot.counts(self, view)
        best = max(MediumBot.score(self, view, ledger.of(p.name), p.name) for p in view.players if p.name != view.seat)
        return me - best

    def marginal_vp(self, view: PlayerView, card: str) -> int:
        sh = MediumBot._shared(self, view)
        if sh is not None:
            return MediumBot._marginal_vp_shared(self, view, card, sh)
        mine = MediumBot.mine(self, view)
        before = MediumBot._vp_mine(self, view, mine)
        emptied = None
        if "Tower" in view.landmarks:
            for pn in view.piles:
                pv = view.pile(pn)
                if pv.top == card and pv.cards_left == 1:
                    emptied = pn
        after = MediumBot._vp_mine(self, view, plus_one(mine, card), emptied)
        gain = after - before
        if "Wolf Den" in view.landmarks and mine[card] == 0 and MediumBot.provinces_left(self, view) > 1:
            gain += 2  # a first copy: the second one is planned
        return gain

    def _marginal_vp_shared(self, view: PlayerView, card: str, sh: Shared) -> int:
        """:meth:`marginal_vp` from what the decision's candidates share: the change one ``card``
        makes to each part of the VP where that change is known (its own VP, and the
        Landmarks of :data:`_LANDMARK_STEPS`), and each other part counted again with ``card``
        in the deck's own Counter for the time of the count (taken out after, the Counter left
        as it was) less that part before (worked out once). The sum of those changes is the VP
        after less the VP before (whole numbers: in any order)."""
        mine = sh._mine or sh.mine  # (the Counter at hand once read)
        variable = sh.variable
        if variable is None:
            variable = False  # (any of them in the deck; read with get: a Counter's missing name is a call)
            for n in _VARIABLE_VP:
                if mine.get(n, 0) > 0:
                    variable = True
                    break
            sh.variable = variable
        lms = sh.lms
        if lms is None:
            lms = sh.lms = view.landmarks
        gain = 0
        again: list[str] = []  # the Landmarks counted again
        others: Sequence[Counter[str]] = ()  # (read by Landmarks only)
        if lms:
            stepped = sh.stepped.get(card)
            gain += MediumBot._steps_vp(self, view, card, sh) if stepped is None else stepped
            steps = sh.steps
            assert steps is not None  # (made by _steps_vp)
            again = steps[1]
            if again and steps[2]:
                read = sh.others  # (read by _steps_vp)
                assert read is not None
                others = read
        if card not in _VARIABLE_VP:  # its own VP (those of the deck's variable cards are counted below)
            s = CARDS.get(card)
            gain += 0 if s is None else -1 if card == "Curse" else s.vp
            if variable and not again:  # (the change to the deck's variable cards, without counting them again)
                total = sh.total
                if total is None:
                    total = sh.total = sum(mine.values())
                gain += variable_vp_gain(mine, card, total)
                variable = False
        else:
            variable = True
        if variable or again:
            emptied = None
            if "Tower" in lms:
                last = sh.last_of
                if last is None:
                    last = MediumBot._last_of(view, sh)
                emptied = last.get(card)
            cards_vp = sh.cards_vp
            if variable and cards_vp is None:
                cards_vp = sh.cards_vp = variable_vp(mine)
            parts = [landmark_vp(lm, mine, others, view) for lm in again]  # (before: no pile emptied)
            had = card in mine
            mine[card] = mine.get(card, 0) + 1
            try:
                if cards_vp is not None and variable:
                    gain += variable_vp(mine) - cards_vp  # (the rest of card_vp changes by the card's own VP)
                for lm, part in zip(again, parts, strict=True):
                    gain += landmark_vp(lm, mine, others, view, emptied) - part
            finally:
                if had:
                    mine[card] -= 1
                else:
                    del mine[card]
        if "Wolf Den" in lms and mine.get(card, 0) == 0 and MediumBot.provinces_left(self, view) > 1:
            gain += 2  # a first copy: the second one is planned
        return gain

    def _steps_vp(self, view: PlayerView, card: str, sh: Shared) -> int:
        """The change one more ``card`` makes to the VP of the Landmarks of :data:`_LANDMARK_STEPS`
        in the game, at the decision ``sh`` for ``view`` (a game with Landmarks): the sum of their
        steps, worked out once per card and kept in :attr:`Shared.stepped` (the valuation of a buy
        and its tighter bound both read it)."""
        lms = sh.lms
        assert lms is not None
        steps = sh.steps
        if steps is None:
            key = tuple(lms)
            steps = sh.steps = _STEPS_OF.get(key) or _steps_of(key)
        others: Sequence[Counter[str]] = ()  # (read by Landmarks only)
        if steps[2]:
            if sh.others is None:
                sh.others = [self.ledger.of(p.name) for p in view.players if p.name != view.seat]
            others = sh.others
        mine = sh._mine or sh.mine
        gain = 0
        for step in steps[0]:
            gain += step(mine, card, view, others)
        sh.stepped[card] = gain
        return gain

    @staticmethod
    def _last_of(view: PlayerView, sh: Shared) -> dict[str | None, str]:
        """The :attr:`Shared.last_of` of the decision ``sh`` for ``view`` (worked out and kept)."""
        last: dict[str | None, str] = {}
        tops = view.pile_tops()  # (every pile's top and count read at once, no pile's view built)
        for pn, n in view.cards_left().items():
            if n == 1:
                last[tops[pn]] = pn  # (the last such pile, as marginal_vp reads them)
        sh.last_of = last
        return last

    def _vp_mine(self, view: PlayerView, mine: Counter[str], emptied: str | None = None) -> int:
        others = self.others(view)
        vp = card_vp(mine)
        for lm in view.landmarks:
            vp += landmark_vp(lm, mine, others, view, emptied)
        return vp

    def spendable(self, cards: Counter[str]) -> int:
        """Coins the deck can make in all: Treasures and coin-giving Actions."""
        sh = self.shared
        if sh is not None and cards is sh.mine:
            if sh.spendable is None:
                sh.spendable = MediumBot._spendable(self, cards)
            return sh.spendable
        return MediumBot._spendable(self, cards)

    def _spendable(self, cards: Counter[str]) -> int:
        extra = 0
        actions = names_of_type("Action")
        for n, k in cards.items():
            if k > 0 and n in actions:
                extra += k * CARDS[n].coins
        return money_total(cards) + extra

    # ------------------------------------------------------------ values
    def card_value(self, view: PlayerView, card: str, coins_left: int = 0, bought: bool = True) -> float:
        """How much gaining ``card`` (by buying it, with ``coins_left`` after) is worth now."""
        sh = self.shared
        return MediumBot._card_value(
            self, view, card, coins_left, bought, sh if sh is not None and sh.view is view else None
        )

    def _card_value(self, view: PlayerView, card: str, coins_left: int, bought: bool, sh: Shared | None) -> float:
        """:meth:`card_value` worked out (``sh``: the decision's :class:`Shared` for ``view``, or None)."""
        if card == "Curse":
            return -1000
        facts = _FACTS.get(card) or _facts(card)
        if facts is None:
            return -1000
        treasure, victory = facts[5], facts[6]
        total: int | None
        weights: tuple[int, int, float, Collection[str], bool, int] | None
        if sh is None:
            p = MediumBot.provinces_left(self, view)
            mine = MediumBot.mine(self, view)
            total = sum(mine.values())
            plan = self.plan or {}
            weights = (
                p,
                VP_WEIGHT[p],
                DEAD_COST[p],
                plan.get("terminals", ()),
                bool(plan.get("engine")),
                view.turn.own_number,
            )
        else:
            weights = sh.weights
            if weights is None:
                weights = MediumBot._weights(self, view, sh)
            mine = sh._mine or sh.mine  # (the Counter at hand once read)
            total = sh.total
            if total is None:
                total = sh.total = sum(mine.values())
        w = weights[1]
        own_turn = weights[5]
        value: float
        if sh is None:
            value = MediumBot._deck_value(self, view, card, facts, mine, total, weights, None)
        else:
            deck = sh.deck
            if card in deck:
                value = deck[card]
            else:
                value = deck[card] = MediumBot._deck_value(self, view, card, facts, mine, total, weights, sh)
        if sh is None:
            vp = MediumBot.marginal_vp(self, view, card) + MediumBot.token_vp(self, view, card, coins_left, bought)
        else:
            vp = MediumBot._marginal_vp_shared(self, view, card, sh)
            token_lms = sh.token_lms
            if token_lms is None:
                lms = sh.lms
                if lms is None:
                    lms = sh.lms = view.landmarks
                token_lms = sh.token_lms = not lms.keys().isdisjoint(_TOKEN_LANDMARKS)
            if token_lms or victory or card in _TOKEN_CARDS:  # (else its gain takes no VP tokens: see token_vp)
                vp += MediumBot.token_vp(self, view, card, coins_left, bought)
        if treasure and own_turn > LONG_GAME:
            # a game that drags on (decks too weak to end it): money first, whatever Landmarks cost
            value = max(value, LONG_GAME_MONEY.get(card, value))
            vp = max(vp, 0)
        value += vp * w
        return value

    def _deck_value(
        self,
        view: PlayerView,
        card: str,
        facts: _Facts,
        mine: Counter[str],
        total: int,
        weights: tuple[int, int, float, Collection[str], bool, int],
        sh: Shared | None,
    ) -> float:
        """The part of :meth:`card_value` that values what gaining ``card`` (whose :data:`_FACTS` are
        ``facts``) does to the deck ``mine`` of ``total`` cards, before its VP, with the decision's
        ``weights`` (see :meth:`_weights`; ``sh``: the decision's :class:`Shared` for ``view``, or None)."""
        _spec, base, terminal, most, kind, treasure, victory, _action = facts
        p, _w, dead, plan_terminals, engine, own_turn = weights
        value: float
        if kind == _K_MONEY:
            value = float(base)
        elif kind == _K_DEAD:
            value = -dead
        elif kind == _K_VALUED:
            value = float(base)
            copies = mine.get(card, 0)
            returning = card in RETURNING
            if returning:
                # a card that goes back to its pile: the copies bought so far count, not the ones still held
                returned = MediumBot.counts(self, view).returned.get(view.seat)
                if returned is not None:
                    copies += returned.get(card, 0)
            if copies >= most:
                value = min(value, 0) - 10
            else:
                value *= 0.85**copies
            village = card in VILLAGES
            if terminal:
                terms = self._terminals(mine, sh)
                villages: int | None
                if sh is None:
                    villages = sum(k for n, k in mine.items() if n in VILLAGES or n == "Throne Room")
                else:
                    villages = sh.villages
                    if villages is None:
                        villages = sh.villages = sum(k for n, k in mine.items() if n in _VILLAGES_THRONE)
                allowed = 1 + (total >= 15) + (total >= 24) + villages
                if card not in plan_terminals and not engine:
                    value -= 12
                if terms >= allowed:
                    value -= 45
            if engine:
                if village:
                    terms = self._terminals(mine, sh)
                    vill: int | None
                    if sh is None:
                        vill = sum(k for n, k in mine.items() if n in VILLAGES)
                    else:
                        vill = sh.villages_only
                        if vill is None:
                            vill = sh.villages_only = sum(k for n, k in mine.items() if n in VILLAGES)
                    value += 14 if terms >= vill else -6
                if card in DRAW:
                    value += 6
            if returning and copies >= most:
                value = min(value, 0) - 10  # whatever the plan: the copies bought so far are all it wants
            if card == "Royal Blacksmith":
                value -= 60 * mine.get("Copper", 0) / max(1, total)
            if village and not engine:
                value -= 8
            if card == "Chapel" and own_turn > 4:
                value = -5.0
            if card in TRASHERS and p <= 4:
                value -= 20
            if p <= 3 and not victory:
                value *= 0.4
        else:
            value = 0.0
        if card == "Province":
            ready = p <= 6  # or, with more Provinces left, a deck with money 14 or more
            if not ready:
                money: int | None
                if sh is None:
                    money = money_total(mine)
                else:
                    money = sh.money
                    if money is None:
                        money = sh.money = money_total(mine)
                ready = money >= 14
            value = -dead + (30 if ready else 0)
        elif kind == _K_MONEY:
            if card == "Copper":
                value = -6.0 if p > 1 else 0.0
                if MediumBot.spendable(self, mine) < 5:
                    value = 15.0  # a deck that can no longer buy even a Duchy: any money helps
            elif card == "Silver":
                if p <= 3:
                    value = 8.0
            elif p <= 2:  # (Gold)
                value = 20.0
        return value

    def _weights(self, view: PlayerView, sh: Shared) -> tuple[int, int, float, Collection[str], bool, int]:
        """The :attr:`Shared.weights` of the decision ``sh`` for ``view`` (worked out and kept)."""
        left = sh.provinces
        p = MediumBot.provinces_left(self, view) if left is None else left
        plan = self.plan or {}
        weights = sh.weights = (
            p,
            VP_WEIGHT[p],
            DEAD_COST[p],
            plan.get("terminals", ()),
            bool(plan.get("engine")),
            view.turn.own_number,
        )
        return weights

    @staticmethod
    def _terminals(mine: Counter[str], sh: Shared | None) -> int:
        """The terminals among ``mine`` (kept in ``sh`` when given)."""
        if sh is None:
            return sum(k for n, k in mine.items() if n in VALUE and VALUE[n][1])
        terms = sh.terminals
        if terms is None:
            terms = sh.terminals = sum(k for n, k in mine.items() if n in _TERMINALS)
        return terms

    def token_vp(self, view: PlayerView, card: str, coins_left: int, bought: bool) -> int:
        """VP tokens gaining ``card`` takes (Landmarks, Gathering piles, castles)."""
        sh = self.shared
        if sh is not None and sh.view is not view:
            sh = None
        lms: dict[str, int] | None = None if sh is None else sh.lms
        if lms is None:
            lms = view.landmarks
            if sh is not None:
                sh.lms = lms
        vp = 0
        s = CARDS[card]
        victory = "Victory" in s.types
        if lms and not lms.keys().isdisjoint(_TOKEN_LANDMARKS):
            if bought and "Basilica" in lms and coins_left >= 2:
                vp += min(2, lms["Basilica"])
            if bought and "Colonnade" in lms and s.is_("Action") and card in view.me.in_play and not s.cost.debt:
                vp += min(2, lms["Colonnade"])
            if victory and "Battlefield" in lms:
                vp += min(2, lms["Battlefield"])
            if "Labyrinth" in lms and MediumBot.counts(self, view).gained_this_turn.get(view.seat, 0) == 1:
                vp += min(2, lms["Labyrinth"])
            if victory and "Aqueduct" in lms:
                vp += lms["Aqueduct"]
        if card in _TOKEN_CARDS:
            if card == "Temple":
                vp += view.pile("Temple").vp_tokens
            elif card == "Crumbling Castle":
                vp += 1
            elif card == "Grand Castle":
                vp += sum(1 for n in view.hand + view.me.in_play if is_type(n, "Victory"))
            elif card == "Sprawling Castle":
                vp += 3
            elif sum(1 for n in view.me.in_play if is_type(n, "Action")) >= 5:  # (Emporium)
                vp += 2
        if victory:
            if sh is not None:
                keepers = sh.groundskeepers
                if keepers is None:
                    keepers = sh.groundskeepers = in_play_count(view, "Groundskeeper")
            else:
                keepers = in_play_count(view, "Groundskeeper")
            vp += keepers
        return vp

    def event_value(self, view: PlayerView, event: str, coins: int) -> float:
        """How much buying the Event ``event`` with ``coins`` is worth now."""
        p = MediumBot.provinces_left(self, view)
        w = VP_WEIGHT[p]
        dw = DEBT_WEIGHT[p]
        c, debt = price(event)
        left = coins - c
        mine = MediumBot.mine(self, view)
        lms = view.landmarks
        basil = min(2, lms.get("Basilica", 0)) if left >= 2 else 0
        gains = EVENT_GAINS.get(event)
        if gains is not None and not self.in_supply(view, gains):
            # the card it gains is gone from the Supply: the Event does nothing worth its price (Triumph
            # with the Estates gone gains nothing and scores nothing, and its Debt takes the next turn's coins)
            if event != "Wedding":
                return -100
            return w - debt * dw + basil * w  # Wedding's +1 VP is still there
        if event == "Delve":
            return MediumBot.card_value(self, view, "Silver", left, False) + 4 + basil * w
        if event == "Wedding":
            return MediumBot.card_value(self, view, "Gold", left, False) + w - debt * dw + basil * w
        if event == "Dominate":
            return MediumBot.card_value(self, view, "Province", left, False) + 9 * w
        if event == "Conquest":
            return 1.4 * MediumBot.card_value(self, view, "Silver", left, False) + 2 * w + basil * w
        if event == "Triumph":
            gained = MediumBot.counts(self, view).gained_this_turn.get(view.seat, 0) + 1
            return MediumBot.card_value(self, view, "Estate", left, False) + gained * w - debt * dw
        if event == "Annex":
            return MediumBot.card_value(self, view, "Duchy", left, False) - debt * dw
        if event == "Donate":
            bought = MediumBot.counts(self, view).events_bought.get(view.seat)
            if (bought is not None and bought.get("Donate")) or p < 6:
                return -100
            junk = mine["Curse"] + mine["Estate"] + max(0, mine["Copper"] - 3)
            return junk * 6 - debt * dw
        if event == "Salt the Earth":
            return w - 4 + basil * w
        if event == "Advance":
            acts = [n for n in view.hand if is_type(n, "Action")]
            if not acts:
                return -100
            worst = min(VALUE.get(n, (0, 0, 0))[0] for n in acts)
            tops = (self._gainable_top(view, pn, 6) for pn in view.kingdom)
            best = max((MediumBot.card_value(self, view, top) for top in tops if top is not None), default=0)
            return best - worst - 10
        if event == "Windfall":
            if view.me.deck_size == 0 and not view.discard:
                return 3 * MediumBot.card_value(self, view, "Gold", left, False)
            return -100
        return -100  # Banquet, Ritual, Tax: not worth it to this bot

    def in_supply(self, view: PlayerView, card: str) -> bool:
        """True when the Supply pile of the card ``card`` still has cards (so that it can be gained)."""
        return view.cards_left().get(card, 0) > 0

    def _gainable_top(self, view: PlayerView, pn: str, most: int) -> str | None:
        """The top card of the pile ``pn`` when it is an Action that costs at most ``most`` coins
        and no Debt, else None."""
        top = view.pile(pn).top
        if top is None or not is_type(top, "Action"):
            return None
        c, debt = price(top)
        return top if debt == 0 and c <= most else None

    # ------------------------------------------------------------ turn moves
    def move(self, view: PlayerView, d: Decision) -> Move:
        """The move at the turn prompt."""
        t = view.turn
        if t.phase == "action":
            return self.action_move(view, d)
        return self.buy_move(view, d)  # type: ignore[arg-type]  # (a turn decision: its options are moves)

    def play_priority(self, view: PlayerView, name: str) -> float:
        """How eager the bot is to play the Action ``name`` from its hand now (<= 0: not)."""
        s = CARDS[name]
        hand = view.hand
        t = view.turn
        others = list(hand)
        others.remove(name)
        actions = names_of_type("Action")
        other_actions = [n for n in others if n in actions]
        terminals = [n for n in other_actions if CARDS[n].actions == 0]
        if name in ("Throne Room", "Crown"):
            if not [n for n in other_actions if self.double_value(view, n, others) > 0]:
                return 0
            return 95 if t.actions >= 1 else 0
        if name == "Opulent Castle":
            return 40 if any(is_victory_only(n) for n in others) else 0
        if name == "Small Castle":
            return 30 if view.pile("Castles").cards_left else 0
        if name == "Moneylender":
            return 55 if "Copper" in others else 0
        if name in ("Chapel", "Temple", "Sacrifice", "Remodel", "Catapult"):
            mine = MediumBot.mine(self, view)
            spare = MediumBot.spendable(self, less(mine, _ONE_COPPER)) >= 12  # a Copper the deck can spare
            junk = [
                n
                for n in others
                if MediumBot.trash_ok(self, view, n, _NO_CARDS) or n == "Copper" and name == "Catapult" and spare
            ]
            if name == "Remodel" and "Gold" in others and MediumBot.provinces_left(self, view) <= 4:
                return 50
            return 60 if junk else 0
        if name == "Cellar":
            return 80 if any(is_victory_only(n) for n in others) else 0
        if name == "Royal Blacksmith":
            mine = MediumBot.mine(self, view)
            copper_share = mine["Copper"] / max(1, sum(mine.values()))
            coppers = others.count("Copper")
            return 0 if coppers >= 3 or (coppers >= 2 and copper_share > 0.3) else 60
        if name == "Mine":
            return 45 if any(n in ("Copper", "Silver") for n in others) else 0
        if s.actions >= 2 or name in ("City Quarter",):
            return 100 if terminals or t.actions == 1 and other_actions else 70
        if s.actions >= 1 or name in ("Archive",):
            return 90
        # a terminal
        if t.actions > 1 or not [n for n in other_actions if CARDS[n].actions >= 2]:
            base = VALUE.get(name, (20, True, 1))[0]
            if name in DRAW:
                base += 10
            return 20 + base / 2
        return 0  # play a village first

    def double_value(self, view: PlayerView, name: str, hand: list[str]) -> float:
        """How good playing the Action ``name`` twice is (Throne Room, Crown), ``hand`` the rest."""
        if name in FORCED_TRASH:
            junk = [n for n in hand if n != name and MediumBot.trash_ok(self, view, n, _NO_CARDS)]
            return 10 if len(junk) >= 2 else -50
        if name in ("Throne Room", "Crown"):
            return 1
        return 5 + VALUE.get(name, (10, 0, 0))[0] / 2 + (10 if CARDS[name].actions else 0)

    def enchanted(self, view: PlayerView) -> bool:
        """True when another player's Enchantress will turn this turn's first Action into +1 Card +1 Action."""
        plan = self.plan
        if plan is not None and "Enchantress" not in plan["cards"]:
            return False  # (not in the Kingdom: no player has one in play; their views are not built for it)
        if not any("Enchantress" in p.in_play for p in view.players if p.name != view.seat):
            return False
        return not any(is_type(n, "Action") and not is_type(n, "Duration") for n in view.me.in_play)

    def action_move(self, view: PlayerView, d: Decision) -> Move:
        hand = view.hand
        actions = names_of_type("Action")
        if actions.isdisjoint(hand) or view.turn.actions < 1:
            return END_MOVE
        if self.enchanted(view):
            # the first Action played is only +1 Card +1 Action: spend it on the least useful one
            acts = [n for n in dict.fromkeys(hand) if is_type(n, "Action") and Move.play(n) in d.options]
            acts = [n for n in acts if MediumBot.play_priority(self, view, n) > 0 or CARDS[n].actions == 0]
            if acts:
                pick = min(acts, key=lambda n: (CARDS[n].actions > 0, VALUE.get(n, (0, 0, 0))[0]))
                self.reason = Msg(
                    "Enchantress makes your first Action only +1 Card and +1 Action, so spend it on {card}.",
                    card=pick,
                )
                return Move.play(pick)
        best: Move | None = None
        best_p = 0.0
        for n in dict.fromkeys(hand):
            if n not in actions:
                continue
            m = Move.play(n)
            if m not in d.options:
                continue
            pr = MediumBot.play_priority(self, view, n)
            if pr > best_p:
                best, best_p = m, pr
        return best or END_MOVE

    def buy_move(self, view: PlayerView, d: TurnOptions) -> Move:
        t = view.turn
        opts = d.options
        hand = view.hand
        treasures = names_of_type("Treasure")
        if "Crown" in hand and any(n in treasures and n != "Crown" for n in hand):
            if Move.play("Crown") in opts:
                return Move.play("Crown")
        if TREASURES_MOVE in opts:
            return TREASURES_MOVE
        for n in hand:
            if n in treasures and n != "Crown" and Move.play(n) in opts:
                return Move.play(n)
        debt = view.me.debt
        if debt and t.coins:
            amount = min(debt, t.coins)
            if Move.pay(amount) in opts:
                return Move.pay(amount)
        if debt or t.buys < 1:
            return END_MOVE
        if MediumBot._shared(self, view) is not None:
            return self.choose_buy(view, d)
        self.shared = Shared(view, MediumBot.counts(self, view))  # (what the buys valued share)
        try:
            return self.choose_buy(view, d)
        finally:
            self.shared = None

    def choose_buy(self, view: PlayerView, d: TurnOptions) -> Move:
        """The buy (or the end of the Buy phase) among the moves of ``d``, with coins played and no Debt."""
        plan = (self.plan or {}).get("buylist")
        if plan is not None and MediumBot.provinces_left(self, view) > ENDGAME:
            # the Kingdom's plan (see bots/plans.py), unless medium's valuation says the buy loses the game
            pick = first_buy(MediumBot.counts(self, view), view, d, plan.buy) or END_MOVE
            looks = bool(view.landmarks or view.events)
            sh = MediumBot._shared(self, view) if looks else None
            if sh is not None:
                MediumBot._bounding(self, view, sh)  # (for _better_than_plan, and for the pick's value: see _buy_value)
            v = MediumBot.buy_value(self, view, pick.name, view.turn.coins) if pick.kind is _MK_BUY else 0.0
            if v is not None and v > -20:
                if looks:
                    # Landmarks and Events score what the plan does not see: where medium's own valuation likes
                    # an Event or a Victory card clearly more, that one (Kingdom cards come by the plan alone)
                    best = self._better_than_plan(view, d, v + PLAN_GAP)
                    if best is not None:
                        return best
                self._why = (plan, pick)  # (the reason, made only when asked: see explain)
                return pick
        best, _best_v, values = MediumBot._best_buy(self, view, d, every=bool(self.mistakes))
        if self.mistakes and values and self.rng.random() < self.mistakes:
            # a small mistake: the second-best buy, or nothing
            values.sort(key=lambda x: -x[0])
            if len(values) > 1 and values[1][0] > 0:
                return values[1][1]
            return END_MOVE
        return best

    def plan_reason(self, view: PlayerView, plan: Strategy, pick: Move) -> Msg:
        """Why the buy ``pick`` (or the end of the Buy phase) that the Kingdom's
        plan ``plan`` (a :class:`~a11y_dominion.strategies.Strategy`) makes now."""
        cards = cards_of(plan)
        if len(cards) > 1:
            phrase = Msg("money with {card} and {card2}", card=cards[0], card2=cards[1])
        else:
            phrase = Msg("money with {card}", card=cards[0])
        coins = view.turn.coins
        if pick.kind is not MoveKind.BUY:
            return Msg("Your plan, {plan}, buys nothing with {coins} {coins:coin|coins}.", plan=phrase, coins=coins)
        card = view.pile(pick.name).top or pick.name
        return Msg(
            "{card} is what your plan, {plan}, buys with {coins} {coins:coin|coins}.",
            card=card,
            plan=phrase,
            coins=coins,
        )

    def _better_than_plan(self, view: PlayerView, d: TurnOptions, bar: float) -> Move | None:
        """The buy :meth:`_best_buy` likes best when that is an Event or a Victory card valued
        more than ``bar``, else None. The Events and Victory cards are valued first: when none
        passes ``bar`` the answer is None whatever the other buys are worth, so they are valued
        only when one does (then every buy, as :meth:`_best_buy` values them). The Events and the
        piles with a Victory card on top are found from the game's Events and piles (only a pile
        with a Victory card among its cards is looked at), and each buy asked about alone
        (``move in d.options``), so a turn decision's moves are not listed for it. A buy whose
        bound (:meth:`_bound`, :meth:`_tight_bound`) is below ``bar`` cannot pass it: it is not valued."""
        legal = d.options
        coins = view.turn.coins
        setup = (*view.events, *view.cards_left())
        looked = _LOOKED_AT.get(setup)
        if looked is None:
            looked = _looked_at(setup)
        victory = names_of_type("Victory")
        pile_top = view.pile_top
        sh = MediumBot._shared(self, view)
        if sh is not None:
            MediumBot._bounding(self, view, sh)
        low = bar - _BOUND_SLACK
        for name in looked:
            top: str | None = name
            if name not in EVENTS:
                top = pile_top(name)
                if top not in victory:
                    continue
            if sh is not None:  # (its value is at most its bound: a buy whose bound is below the bar is left)
                bound, top = MediumBot._bound(self, view, name, sh, top)
                if bound < low:
                    continue
                if Move.buy(name) not in legal or (
                    top is not None and MediumBot._tight_bound(self, view, top, sh) < low
                ):
                    continue
            elif Move.buy(name) not in legal:
                continue
            v = MediumBot.buy_value(self, view, name, coins)
            if v is not None and v > bar:
                break
        else:
            return None
        best, best_v, _values = MediumBot._best_buy(self, view, d, every=False)
        if best_v > bar and (best.name in EVENTS or is_type(view.pile(best.name).top or "", "Victory")):
            return best
        return None

    def _best_buy(
        self, view: PlayerView, d: TurnOptions, every: bool = True
    ) -> tuple[Move, float, list[tuple[float, Move]]]:
        """``(move, value, values)``: the buy (or the end of the Buy phase) medium's own valuation
        likes best, its value, and the ``(value, move)`` of every buy it would make. With ``every``
        False, ``values`` may be empty: buys whose value cannot reach the best (see :meth:`_bound`)
        are then not valued; the move and value are the same."""
        t = view.turn
        best, best_v = END_MOVE, 0.0
        lms = view.landmarks
        if "Baths" in lms and lms["Baths"] and not MediumBot.counts(self, view).gained_this_turn.get(view.seat):
            best_v = 2.0 * VP_WEIGHT[MediumBot.provinces_left(self, view)]
        if not every:
            sh = MediumBot._shared(self, view)
            if sh is not None:
                MediumBot._bounding(self, view, sh)
                best, best_v = self._best_bounded(view, d, best_v, sh)
                return best, best_v, []
        values: list[tuple[float, Move]] = []
        for m in d.options:
            if m.kind is not _MK_BUY:
                continue
            v = MediumBot.buy_value(self, view, m.name, t.coins)
            if v is None:
                continue
            values.append((v, m))
            if v > best_v:
                best, best_v = m, v
        return best, best_v, values

    def _best_bounded(self, view: PlayerView, d: TurnOptions, best_v: float, sh: Shared) -> tuple[Move, float]:
        """The move and value :meth:`_best_buy` gives, with buys valued only while they may still be
        the best: the buys in the order of their bounds (see :meth:`_bound`), highest first; a buy
        whose bound is below the best value so far (``best_v`` at first) cannot be the best (nor
        can any after it), nor can one whose tighter bound (:meth:`_tight_bound`) is; among equal
        values the first buy of ``d`` is the best, as :meth:`_best_buy` finds it. A turn's moves
        (:class:`~a11y_dominion.rules.turnflow.TurnMoves`) list their buys alone for it."""
        coins = view.turn.coins
        values = sh.values
        ranked: list[tuple[float, int, Move, str | None]] = []
        opts = d.options
        # the buys alone, in their order, each with what it buys (a turn's moves asked for them alone)
        moves: list[Move]
        cards: list[str | None] = []
        if type(opts) is TurnMoves:
            moves = opts.buys(cards)  # type: ignore[arg-type]  # (the names of what they buy: a str each)
        else:
            tops = view.pile_tops()
            moves = [m for m in opts if m.kind is _MK_BUY]
            cards = [tops.get(m.name, m.name) for m in moves]
        b = sh.bounding
        assert b is not None
        # what _bound gives for each buy, worked out here without a call per buy
        lefts, bounds, last_of = b.left, b.bounds, b.last_of
        for i, m in enumerate(moves):
            name = m.name
            top = cards[i]
            if values:  # (buys valued before in this decision: their values are known)
                key = (name, coins)
                if key in values:
                    known = values[key]
                    if known is not None:  # (None: never bought)
                        ranked.append((-known, i, m, None))
                    continue
            left = lefts.get(name, 0)  # (0 for an Event)
            if left <= 1 or (left == 2 and name == "Province") or top is None:
                ranked.append((-_UNBOUNDED, i, m, None))
                continue
            bound, card = bounds.get(top) or _card_bound(top, b)
            if last_of is not None and top in last_of and top != "Curse":
                ranked.append((-_UNBOUNDED, i, m, None))
            else:
                ranked.append((-bound, i, m, card))
        ranked.sort()
        best, best_i = END_MOVE, -1
        exact = b.exact
        for neg, i, m, top in ranked:
            if -neg < best_v - _BOUND_SLACK:
                break
            name = m.name
            if top is not None:
                tight = MediumBot._tight_bound(self, view, top, sh)
                if tight < best_v - _BOUND_SLACK:
                    continue
                if exact and top != "Forum" and not view.pile_debt(name):
                    values[(name, coins)] = tight  # (its value, bit for bit: see _tight_bound)
                    if tight > best_v or (tight == best_v and best_i > i):
                        best, best_v, best_i = m, tight, i
                    continue
            v = values[(name, coins)] = self._buy_value(view, name, coins, sh)  # (buy_value, not valued yet)
            if v is None:
                continue
            if v > best_v or (v == best_v and best_i > i):
                best, best_v, best_i = m, v, i
        return best, best_v

    def _bounding(self, view: PlayerView, sh: Shared) -> _Bounding:
        """The :attr:`Shared.bounding` of the decision ``sh`` for ``view`` (worked out and kept)."""
        bounding = sh.bounding
        if bounding is not None:
            return bounding
        mine = sh._mine or sh.mine
        weights = sh.weights
        if weights is None:
            weights = MediumBot._weights(self, view, sh)
        p, w, _dead, _terminals, engine, own_turn = weights
        lms = sh.lms
        if lms is None:
            lms = sh.lms = view.landmarks
        b = _Bounding()
        b.w = w
        b.mine = mine
        # (the sum of each variable card's count times its _VARIABLE_MOST, without a loop)
        same = mine.get("Gardens", 0) + mine.get("Humble Castle", 0) + 2 * mine.get("King's Castle", 0)
        b.same = b.vars_most = same
        b.last_of = None
        # (no Tower, whose VP are counted again, and no card whose VP depend on the deck: see _tight_bound)
        b.exact = same == 0 and "Tower" not in lms
        b.tokens = b.action_tokens = b.victory_tokens = 0
        token_lms = sh.token_lms
        if token_lms is None:
            token_lms = sh.token_lms = not lms.keys().isdisjoint(_TOKEN_LANDMARKS)
        if lms:
            if "Tower" in lms:
                last = sh.last_of
                b.last_of = last if last is not None else MediumBot._last_of(view, sh)
            for lm in _STEP_SAME:
                if lm in lms:
                    b.same += _LANDMARK_STEPS[lm](mine, "", view, ())
            if token_lms:  # (else none: 0, as set above)
                b.tokens = min(2, lms.get("Basilica", 0)) + min(2, lms.get("Labyrinth", 0))
                b.action_tokens = min(2, lms.get("Colonnade", 0))
                b.victory_tokens = min(2, lms.get("Battlefield", 0)) + lms.get("Aqueduct", 0)
        keepers = sh.groundskeepers
        if keepers is None:
            keepers = sh.groundskeepers = in_play_count(view, "Groundskeeper")
        b.victory_tokens += keepers
        b.wolf = "Wolf Den" in lms and p > 1
        b.key = (p, engine, own_turn > LONG_GAME, tuple(lms), view.obelisk if "Obelisk" in lms else None)
        facts = _BOUND_FACTS.get(b.key)
        if facts is None:
            if len(_BOUND_FACTS) >= 512:
                _BOUND_FACTS.clear()
                _BOUNDS.clear()  # (their cards' facts are made again: see _tight_bound)
            facts = _BOUND_FACTS[b.key] = {}
        b.facts = facts
        bounds_key = (b.key, b.same, b.tokens, b.action_tokens, b.victory_tokens)
        bounds = _BOUNDS.get(bounds_key)
        if bounds is None:
            if len(_BOUNDS) >= 512:
                _BOUNDS.clear()
            bounds = _BOUNDS[bounds_key] = {}
        b.bounds = bounds
        b.left = view.cards_left()
        b.coins = view.turn.coins
        sh.bounding = b
        return b

    def _bound(self, view: PlayerView, name: str, sh: Shared, top: str | None) -> tuple[float, str | None]:
        """``(bound, card)``: at least the value :meth:`buy_value` gives buying ``name`` (an Event or a
        Supply pile, whose top card is ``top``: None for an empty pile, ``name`` for an Event) with
        the turn's coins at the decision ``sh`` for ``view`` (whose :meth:`_bounding` is made),
        from facts kept for every decision alike, the Landmarks' VP tokens and the steps the same
        for every card, and ``card`` the pile's top, for a tighter bound (see :meth:`_tight_bound`).
        The bound is infinite where it is not bounded (an Event, a pile whose buy may end the game
        or leave 1 Province, a card of :func:`_bound_facts` None, a pile the Tower counts that a
        buy empties), minus infinite for a Curse (never bought); ``card`` is None then. A card that
        takes VP tokens of its own (:data:`_TOKEN_CARDS`) is bounded by the tighter bound alone:
        infinite, with ``card``."""
        b = sh.bounding
        assert isinstance(b, _Bounding)
        if name in EVENTS:
            return _UNBOUNDED, None
        left = b.left.get(name, 0)
        if left <= 1 or (left == 2 and name == "Province") or top is None:
            return _UNBOUNDED, None
        got = b.bounds.get(top) or _card_bound(top, b)
        if b.last_of is not None and top in b.last_of and top != "Curse":
            return _UNBOUNDED, None
        return got

    def _tight_bound(self, view: PlayerView, card: str, sh: Shared) -> float:
        """A tighter bound than :meth:`_bound` of the value of buying the card ``card`` (the top of
        a pile :meth:`_bound` bounds) at the decision ``sh`` for ``view``: what the card does to the
        deck (:meth:`_deck_value`, kept for its valuation), the steps of the Landmarks
        (:meth:`_steps_vp`, kept for it too), the VP tokens its gain takes and the Debt it costs
        worked out, not their most.

        Where the decision's ``exact`` holds (no Tower, and no card in the deck whose VP depend on it), the card is
        not Forum and its pile holds no Debt tokens, the bound is the value :meth:`buy_value` gives for that pile,
        bit for bit: the same numbers added in the same order (a buy bounded leaves 1 card in its pile at least
        and no Province alone, so it neither ends the game nor empties a pile), and :meth:`_best_bounded` takes
        it as that value."""
        b = sh.bounding
        assert isinstance(b, _Bounding)
        f = b.facts[card]
        assert f is not None
        _value, _most, vp, floor, coins, _action, victory = f
        mine = b.mine
        # what the card does to the deck, as its valuation counts it (kept for it)
        deck = sh.deck
        value = deck.get(card)
        if value is None:
            facts = _FACTS.get(card) or _facts(card)
            assert facts is not None
            total = sh.total
            if total is None:
                total = sh.total = sum(mine.values())
            weights = sh.weights
            assert weights is not None
            value = deck[card] = MediumBot._deck_value(self, view, card, facts, mine, total, weights, sh)
        if card == "Forum":
            value += 3  # (+1 Buy when bought)
        if floor:
            value = max(value, LONG_GAME_MONEY.get(card, value))
        if sh.lms:
            stepped = sh.stepped.get(card)
            vp += MediumBot._steps_vp(self, view, card, sh) if stepped is None else stepped
        if b.wolf and mine.get(card, 0) == 0:
            vp += 2  # (as marginal_vp counts a first copy)
        vp += b.vars_most
        if sh.token_lms or victory or card in _TOKEN_CARDS:  # (else its gain takes no VP tokens: see token_vp)
            vp += MediumBot.token_vp(self, view, card, b.coins - coins, True)
        if floor and vp < 0:
            vp = 0
        bound = value + vp * b.w
        debt = CARDS[card].cost.debt
        if debt:  # (as _buy_value takes it off)
            bound -= debt * DEBT_WEIGHT[b.key[0]] * (1.0 if coins == 0 else 1.2)
        return bound

    def buy_value(self, view: PlayerView, name: str, coins: int) -> float | None:
        """The value of buying the pile top or Event ``name`` with ``coins`` (None: never); worked
        out once per decision (kept in its :class:`Shared`), however many times it is asked for."""
        sh = self.shared
        if sh is not None and sh.view is view:
            values = sh.values
            key = (name, coins)
            if key in values:
                return values[key]
            v = values[key] = self._buy_value(view, name, coins, sh)
            return v
        return self._buy_value(view, name, coins, None)

    def _buy_value(self, view: PlayerView, name: str, coins: int, sh: Shared | None) -> float | None:
        """:meth:`buy_value` worked out (``sh``: the decision's :class:`Shared` for ``view``, or None)."""
        if name in EVENTS:
            return MediumBot.event_value(self, view, name, coins)
        card = view.pile_top(name)  # (the pile's top, Debt tokens and cards left read without its pile view)
        if card is None or card == "Curse":
            return None
        b = None if sh is None else sh.bounding
        if b is not None and b.exact and coins == b.coins and card != "Forum" and card not in _VARIABLE_VP:
            # the tighter bound is the value (see _tight_bound) where the buy leaves a card in the pile and
            # is no penultimate Province
            left = b.left[name]
            if left >= 2 and (left > 2 or name != "Province") and not view.pile_debt(name):
                facts = b.facts
                if card not in facts:
                    facts[card] = _bound_facts(card, b.key)
                if facts[card] is not None:
                    assert sh is not None
                    return MediumBot._tight_bound(self, view, card, sh)
        cost = CARDS[card].cost  # (what price gives for it, without the call)
        c, debt = cost.coins, cost.debt
        p = MediumBot.provinces_left(self, view) if sh is None or sh.provinces is None else sh.provinces
        v = MediumBot._card_value(self, view, card, coins - c, True, sh)
        if debt:
            v -= debt * DEBT_WEIGHT[p] * (1.0 if c == 0 else 1.2)
        debt_tokens = view.pile_debt(name)
        if debt_tokens:
            v -= debt_tokens * DEBT_WEIGHT[p]
        if card == "Forum":
            v += 3  # +1 Buy when bought
        # ending the game: only when it wins
        left = view.cards_left()[name] - 1
        empties = 0  # (the empty piles, read only where this buy empties one)
        if left == 0:
            known = None if sh is None else sh.empties
            if known is None:
                known = empty_count(view)
                if sh is not None:
                    sh.empties = known
            empties = known
        ends = (name == "Province" and left == 0) or (left == 0 and empties >= 2)
        if ends or (name == "Province" and left == 1 and len(view.players) == 2):
            lead = self.lead(view, card, MediumBot.token_vp(self, view, card, coins - c, True))
            if ends:
                # a game that goes on for ever (no one can buy) ends even when behind
                if lead > 0 or view.turn.own_number > STALL_TURNS:
                    return 10000
                return -50
            if lead - 6 < 0 and lead < 0:
                return -20  # the penultimate Province while behind hands the win to the next player
        if ends is False and left == 0 and empties == 1:
            v -= 5
        return v

    # ------------------------------------------------------------ answers
    def hand_value(self, view: PlayerView, name: str) -> float:
        """How much keeping ``name`` in the hand is worth (to discard the lowest)."""
        s = CARDS.get(name)
        if s is None:
            return 0
        if name == "Curse":
            return -20
        if is_victory_only(name):
            return -10
        if s.is_("Treasure"):
            return coins_of(name) * 10 + 1
        if s.is_("Action"):
            t = view.turn
            mine_turn = t.player == view.seat
            if mine_turn and t.phase != "action":
                return 0
            if mine_turn and t.actions == 0 and s.actions == 0:
                return 2
            return 5 + VALUE.get(name, (10, 0, 0))[0] / 2
        return 0

    def trash_ok(self, view: PlayerView, name: str, already: Counter[str]) -> bool:
        """Whether trashing ``name`` (after ``already``) makes the deck better."""
        mine = less(MediumBot.mine(self, view), already) if already else MediumBot.mine(self, view)  # (read only)
        p = MediumBot.provinces_left(self, view)
        lms = view.landmarks
        if name == "Curse":
            return True
        if name == "Estate":
            if p <= 3 and "Tomb" not in lms:
                return False
            return not ("Wolf Den" in lms and mine["Estate"] == 2)
        if name == "Copper":
            if "Fountain" in lms and mine["Copper"] <= 10:
                return False
            after = less(mine, _ONE_COPPER)
            return MediumBot.spendable(self, after) >= 12 and money_total(after) - after["Copper"] >= 6
        if name == "Overlord" or name in ("Rocks",):
            return False
        return False

    def answer(self, view: PlayerView, d: Decision) -> list[str] | None:
        """The answer to a question that is not a turn move (its options are words), or None for no rule."""
        src, pur = d.source, d.purpose
        handler = SPECIAL.get(src)
        if handler is not None:
            ans = handler(self, view, d)
            if ans is not None:
                return ans
        if d.kind is _KIND_YESNO:
            return [self.yes_no(view, d)]
        if d.kind is _KIND_NUMBER:
            return [self.number(view, d)]
        if d.kind is _KIND_MODE:
            return [self.mode(view, d)]
        if d.kind is _KIND_PILE:
            return self.pile_answer(view, d)
        words: Sequence[str] = d.options  # type: ignore[assignment]  # (option_words(d), without its call)
        pool: list[str] = []
        for o in words:
            pool.extend([o] * d.count_of(o))
        if pur is _P_TRASH:
            return self.trash_cards(view, d, pool)
        if pur is _P_DISCARD:
            return self.discard_cards(view, d, pool)
        if pur in (_P_TOPDECK,):
            return self.topdeck_cards(view, d, pool)
        if pur is _P_ORDER:
            pool.sort(key=lambda n: -self.hand_value(view, n))
            return pool[: d.max]
        if pur in (_P_REVEAL,):
            return self.reveal_cards(view, d, pool)
        if pur is _P_PLAY and d.source in ("Throne Room", "Crown") and view.turn.phase == "action":
            hand = list(view.hand)
            best = max(pool, key=lambda n: self.double_value(view, n, hand), default=None)
            if best is None or self.double_value(view, best, hand) <= 0:
                return [] if d.min == 0 else pool[:1]
            return [best]
        if pur in (_P_TAKE, _P_PLAY):
            pool.sort(key=lambda n: -self.take_value(view, n))
            if d.min == 0 and pool and self.take_value(view, pool[0]) <= 0:
                return []
            return pool[: max(d.min, 1)] if d.max else []
        if pur is _P_KEEP:
            pool.sort(key=lambda n: self.hand_value(view, n))
            return pool[: d.max]
        return None

    def take_value(self, view: PlayerView, name: str) -> float:
        t = view.turn
        s = CARDS.get(name)
        if s is None:
            return 0
        if t.phase == "buy" and t.player == view.seat:
            return coins_of(name) if s.is_("Treasure") else 0
        if s.is_("Action"):
            return 5 + VALUE.get(name, (10, 0, 0))[0] / 2 + (10 if s.actions else 0)
        return self.hand_value(view, name)

    def trash_cards(self, view: PlayerView, d: Decision, pool: list[str]) -> list[str]:
        chosen: list[str] = []
        done: Counter[str] = Counter()
        order = sorted(pool, key=lambda n: MediumBot.keep_cost(self, view, n))
        for n in order:
            if len(chosen) >= d.max:
                break
            if d.distinct and n in chosen:
                continue
            if MediumBot.trash_ok(self, view, n, done):
                chosen.append(n)
                done[n] += 1
        for n in order:  # a forced trash: the card the deck misses least
            if len(chosen) >= d.min:
                break
            if d.distinct and n in chosen:
                continue
            if chosen.count(n) < pool.count(n):
                chosen.append(n)
        return chosen

    def keep_cost(self, view: PlayerView, name: str) -> float:
        """How much the deck loses when ``name`` is trashed (lower is trashed first)."""
        if name == "Curse":
            return -30
        if name == "Estate":
            return -20 + 25 * (MediumBot.provinces_left(self, view) <= 3)
        if name == "Copper":
            return -10
        s = CARDS.get(name)
        if s is None:
            return 0
        c, debt = price(name)
        if is_victory_only(name):
            return 10 * s.vp + c
        return VALUE.get(name, (c * 8, 0, 0))[0] + c + debt

    def discard_cards(self, view: PlayerView, d: Decision, pool: list[str]) -> list[str]:
        pool.sort(key=lambda n: self.hand_value(view, n))
        out = pool[: d.min]
        for n in pool[d.min : d.max]:
            if self.hand_value(view, n) < 0 or (d.source in ("Cellar",) and self.hand_value(view, n) < 5):
                out.append(n)
        return out

    def topdeck_cards(self, view: PlayerView, d: Decision, pool: list[str]) -> list[str]:
        if d.source == "Harbinger":
            best = max(pool, key=lambda n: MediumBot.keep_cost(self, view, n), default=None)
            if best is None or MediumBot.keep_cost(self, view, best) < 15:
                return []
            return [best]
        if d.source == "Artisan":
            t = view.turn

            def put(n: str) -> float:
                s = CARDS.get(n)
                if s and s.is_("Action") and t.actions == 0:
                    return -VALUE.get(n, (10, 0, 0))[0] - 100
                if s and s.is_("Treasure"):
                    return coins_of(n)
                return 50

            pool.sort(key=put)
            return pool[: d.min]
        pool.sort(key=lambda n: self.hand_value(view, n))
        return pool[: max(d.min, 0)]

    def reveal_cards(self, view: PlayerView, d: Decision, pool: list[str]) -> list[str]:
        if d.source == "Gladiator" and d.min == 1:
            others = self.others(view)

            def rare(n: str) -> tuple[int, int]:
                return (sum(o[n] for o in others), -price(n)[0])

            return [min(pool, key=rare)]
        return pool[:1] if pool else []  # Moat, Legionary's Gold, Encampment, a Gladiator copy: yes

    def yes_no(self, view: PlayerView, d: Decision) -> str:
        src = d.source
        if src == "Library":
            return "yes" if view.turn.actions == 0 else "no"
        if src == "Spy":
            card = str(d.args.get("card", ""))
            other = str(d.args.get("other", ""))
            junk = is_victory_only(card) or card == "Copper" or card == "Curse"
            if other in (view.seat, "") or other not in [p.name for p in view.players]:
                return "yes" if junk else "no"
            return "no" if junk else "yes"
        if src == "Thief":
            return "no" if str(d.args.get("card", "")) == "Copper" else "yes"
        if src == "Engineer":
            return "yes" if MediumBot.provinces_left(self, view) >= 5 else "no"
        if d.purpose is Purpose.TRASH:
            return "no"
        return "yes"

    def number(self, view: PlayerView, d: Decision) -> str:
        if d.purpose is Purpose.BID:
            return self.bid(view, d)
        words = option_words(d)
        digits = [o for o in words if o.isdigit()]
        if d.purpose is Purpose.PAY and digits:
            return max(digits, key=int)
        return "pass" if "pass" in words else words[0]

    def bid(self, view: PlayerView, d: Decision) -> str:
        """Mountain Pass: bid what 8 VP are worth to this bot."""
        p = MediumBot.provinces_left(self, view)
        lead = self.lead(view)
        limit = {8: 5, 7: 6, 6: 7, 5: 8, 4: 9, 3: 10, 2: 12, 1: 14, 0: 14}[p]
        if abs(lead) <= 8 and p <= 4:
            limit += 3
        if view.me.debt:
            limit -= view.me.debt
        digits = sorted(int(o) for o in option_words(d) if o.isdigit())
        ok = [n for n in digits if n <= limit]
        if not ok:
            return "pass" if "pass" in d.options else str(digits[0])
        return str(ok[0])

    def mode(self, view: PlayerView, d: Decision) -> str:
        opts = list(option_words(d))
        if d.source == "Wild Hunt" and "estate" in opts:
            vp = view.pile("Wild Hunt").vp_tokens if "Wild Hunt" in view.piles else 0
            p = MediumBot.provinces_left(self, view)
            if not self.in_supply(view, "Estate"):
                return "cards"  # no Estate to gain: no VP to take either
            return "estate" if vp >= 4 or (p <= 3 and vp >= 2) else "cards"
        if d.source == "Sprawling Castle":
            return "estates" if "Wall" not in view.landmarks and MediumBot.provinces_left(self, view) <= 1 else "duchy"
        for key in ("coins", "cards", "duchy"):
            if key in opts:
                return key
        return opts[0]

    def pile_answer(self, view: PlayerView, d: Decision) -> list[str]:
        pur = d.purpose
        opts = list(option_words(d))
        if pur is Purpose.ADD_DEBT:
            for pn in ("Province", "Gold"):
                if pn in opts:
                    return [pn]
            return [opts[0]]
        if pur is Purpose.TRASH:  # Salt the Earth: a Victory card from the Supply
            want = "Province" if self.lead(view) > 0 else "Estate"
            return [want if want in opts else opts[0]]
        if pur is Purpose.COPY:  # Overlord
            acts = view.turn.actions

            def copy_value(pn: str) -> float:
                top = view.pile(pn).top or pn
                base, terminal, _ = VALUE.get(top, (0, False, 0))
                if terminal and acts == 0:
                    base += 10 if top in DRAW else 0
                if top in ("Throne Room", "Crown", "Chapel", "Cellar"):
                    base -= 30
                return base

            return [max(opts, key=copy_value)]
        # gain
        best = max(opts, key=lambda pn: self.gain_value(view, pn, d))
        return [best]

    def gain_value(self, view: PlayerView, pn: str, d: Decision) -> float:
        top = view.pile(pn).top if pn in view.piles else None
        if top is None:
            return -999
        if d.source == "Mine":
            return coins_of(top)
        return MediumBot.card_value(self, view, top, 0, bought=False)

    # ------------------------------------------------------------ reasons
    def explain(self, view: PlayerView, d: Decision, answer: list[Option]) -> Msg:
        """One sentence saying why ``answer`` (this bot's answer to ``d`` from
        ``view``, just given by :meth:`decide`) is a good one."""
        MediumBot.counts(self, view)
        if self.reason is None and self._why is not None:
            self.reason = self.plan_reason(view, *self._why)
        if self.reason is not None:
            return self.reason
        try:
            if d.kind is Kind.TURN:
                return self.move_reason(view, cast(Move, answer[0]))  # (a turn's answer: one move)
            return self.answer_reason(view, d, cast("list[str]", answer))  # (other answers: option words)
        except Exception:  # an unusual position: the plainest reason
            return Msg("It is the best answer this bot finds here.")

    def _provinces_phrase(self, view: PlayerView) -> tuple[int, bool]:
        left = view.pile("Province").cards_left
        return left, left == 1

    def move_reason(self, view: PlayerView, move: Move) -> Msg:
        """Why the turn move ``move`` (see :meth:`explain`)."""
        t = view.turn
        kind, name = move.kind, move.name
        if kind is MoveKind.TREASURES:
            return Msg("Their coins decide what you can buy.")
        if kind is MoveKind.PAY:
            return Msg("Pay off your Debt first: you cannot buy cards while you have Debt.")
        if kind is MoveKind.PLAY:
            if t.phase != "action":
                if name == "Crown":
                    return Msg("Crown plays one of your Treasures twice.")
                return Msg("Its coins count toward what you can buy.")
            return self.play_reason(view, name)
        if kind is MoveKind.END:
            if t.phase == "action":
                if not any(is_type(n, "Action") for n in view.hand):
                    return Msg("You have no Action card to play.")
                if t.actions < 1:
                    return Msg("You have no Actions left to play another Action card.")
                return Msg("None of your Action cards does more than it costs you now.")
            if view.me.debt:
                return Msg("You still have Debt, so you cannot buy anything this turn.")
            if t.buys < 1:
                return Msg("You have no Buys left.")
            return Msg("Nothing you can buy with {coins} {coins:coin|coins} makes your deck better now.", coins=t.coins)
        return self.buy_reason(view, name)

    def play_reason(self, view: PlayerView, name: str) -> Msg:
        """Why play the Action ``name`` now."""
        s = CARDS[name]
        if name in ("Throne Room", "Crown"):
            return Msg("{card} plays your best other Action twice.", card=name)
        if name in ("Chapel", "Temple", "Sacrifice", "Remodel", "Catapult", "Moneylender"):
            return Msg("{card} trashes cards your deck is better without.", card=name)
        if name == "Cellar":
            return Msg("Cellar swaps the Victory cards in your hand for new cards.")
        if s.actions >= 2 or name == "City Quarter":
            return Msg("{card} gives you more Actions, so play it before your other Actions.", card=name)
        if s.actions >= 1:
            return Msg("{card} keeps your Action for the next card, so play it before the rest.", card=name)
        if name in DRAW:
            return Msg("{card} draws cards: the more cards, the more coins this turn.", card=name)
        return Msg("{card} is the best Action in your hand to play now.", card=name)

    def buy_reason(self, view: PlayerView, name: str) -> Msg:
        """Why buy the pile top or Event ``name`` now."""
        t = view.turn
        left, one = self._provinces_phrase(view)
        if name in EVENTS:
            return Msg(
                "{event} is worth more than any card {coins} {coins:coin buys|coins buy} now.",
                event=name,
                coins=t.coins,
            )
        card = view.pile(name).top or name
        pile = view.pile(name)
        empties = empty_count(view)
        ends = (name == "Province" and pile.cards_left == 1) or (pile.cards_left == 1 and empties >= 2)
        if ends:
            return Msg("Buying {card} ends the game while you are ahead.", card=card)
        if is_type(card, "Castle") and card in CARDS:
            return self.castle_reason(view, card)
        if is_victory_only(card) or card == "Province":
            if left <= 4 and card != "Province":
                if one:
                    return Msg("Only 1 Province is left, so Victory points count more than money now.")
                return Msg("Only {n} Provinces are left, so Victory points count more than money now.", n=left)
            return Msg(
                "{card} is the most Victory points {coins} {coins:coin buys|coins buy}.", card=card, coins=t.coins
            )
        mine = MediumBot.mine(self, view)
        own_vp = card_vp(plus_one(mine, card)) - card_vp(mine)
        if MediumBot.marginal_vp(self, view, card) > own_vp and view.landmarks:  # more than the card's own VP
            return Msg("{card} scores Victory points with this game's Landmarks.", card=card)
        if one:
            return Msg("{coins} {coins:coin|coins}, and 1 Province is still left.", coins=t.coins)
        if is_type(card, "Action"):
            if card in (self.plan or {}).get("terminals", ()):
                return Msg(
                    "{card} is one of the strongest Actions of this Kingdom for your deck, and {n} Provinces "
                    "are still left.",
                    card=card,
                    n=left,
                )
            return Msg(
                "With {coins} {coins:coin|coins}, {card} does the most for your deck, "
                "and {n} Provinces are still left.",
                card=card,
                coins=t.coins,
                n=left,
            )
        return Msg("{coins} {coins:coin|coins}, and {n} Provinces are still left.", coins=t.coins, n=left)

    def castle_reason(self, view: PlayerView, card: str) -> Msg:
        """Why buy the Castle ``card`` (the top of the Castles pile): its VP for this deck,
        what it costs and what is left of the Castles pile."""
        mine = MediumBot.mine(self, view)
        vp = card_vp(plus_one(mine, card)) - card_vp(mine)
        left = view.pile("Castles").cards_left
        cost = CARDS[card].cost
        if left <= 1:
            return Msg(
                "{card} is worth {vp} VP to you now, for {cost}; it is the last card of the Castles pile.",
                card=card,
                vp=vp,
                cost=cost,
            )
        return Msg(
            "{card} is worth {vp} VP to you now, for {cost}; the Castles pile has {n} cards left.",
            card=card,
            vp=vp,
            cost=cost,
            n=left,
        )

    def answer_reason(self, view: PlayerView, d: Decision, answer: list[str]) -> Msg:
        """Why ``answer`` to a question that is not a turn move."""
        pur, src = d.purpose, d.source
        n = len(answer)  # (the move names the cards: "Discard 2 Coppers and Estate: ...")
        first = str(answer[0]) if answer else ""
        if d.kind is Kind.NUMBER and pur is Purpose.BID:
            if first == "pass":
                return Msg("The 8 VP of Mountain Pass are not worth more Debt to you now.")
            return Msg("The 8 VP of Mountain Pass are worth {n} Debt to you now.", n=first)
        if d.kind is Kind.NUMBER:
            return Msg("For {source}, {choice} is the best number for you now.", source=src, choice=first)
        if d.kind is Kind.YESNO:
            return Msg("For {source}, {choice} is the better answer for your deck now.", source=src, choice=first)
        if d.kind is Kind.MODE:
            return Msg("For {source}, {choice} helps you most now.", source=src, choice=d.labels.get(first, first))
        if d.kind is Kind.PILE:
            top = view.pile(first).top if first in view.piles else None
            if pur is Purpose.ADD_DEBT:
                return Msg("Debt on the {pile} pile hurts your own plans least.", pile=first)
            if pur is Purpose.COPY:
                return Msg("{card} is the best Action for {source} to play now.", card=top or first, source=src)
            if pur is Purpose.TRASH:
                return Msg("Trashing {card} from the Supply helps you most now.", card=top or first)
            return Msg("{card} is the best card you can gain now.", card=top or first)
        if pur is Purpose.TRASH:
            if not answer:
                return Msg("Your deck needs every card you could trash now.")
            if len(answer) <= d.min and not any(MediumBot.trash_ok(self, view, n, _NO_CARDS) for n in answer):
                return Msg("You must trash, and your deck misses {n:this card|these cards} least.", n=n)
            return Msg("Your deck is better without {n:this card|these cards}.", n=n)
        if pur is Purpose.DISCARD:
            if not answer:
                return Msg("Every card you could discard is worth keeping now.")
            return Msg("{n:This is the least useful card|These are the least useful cards} you could discard.", n=n)
        if pur is Purpose.TOPDECK:
            if not answer:
                return Msg("Nothing there is worth drawing again.")
            return Msg("Putting {n:this card|these cards} on your deck costs you least now.", n=n)
        if pur is Purpose.ORDER:
            return Msg("The best cards go first.")
        if not answer:
            return Msg("For {source}, choosing none is best for you now.", source=src)
        if pur is Purpose.KEEP:
            return Msg("Leave {n:this card|these cards} behind; the better cards are shuffled into your deck.", n=n)
        return Msg("For {source}, {n:this is the best choice|these are the best choices} for you now.", source=src, n=n)


def _opulent(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if d.purpose is Purpose.DISCARD:
        pool: list[str] = []
        for o in option_words(d):
            pool.extend([o] * d.count_of(o))
        return pool[: d.max]
    return None


def _arena(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if not view.landmarks.get("Arena"):
        return []
    acts = [o for o in option_words(d) if not is_type(o, "Treasure")]
    return [min(acts, key=lambda n: VALUE.get(n, (0, 0, 0))[0])] if acts else []


def _small_castle(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if not view.pile("Castles").cards_left:
        return []
    opts = list(option_words(d))
    order = ["Small Castle", "Crumbling Castle", "Humble Castle"]
    for n in order:
        if n in opts:
            return [n]
    return [] if d.min == 0 else opts[:1]


def _mine(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if d.purpose is Purpose.TRASH:
        opts = list(option_words(d))
        for n in ("Silver", "Copper"):
            if n in opts and "Bandit Fort" not in view.landmarks:
                return [n]
        return []
    return None


def _remodel(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if d.purpose is Purpose.TRASH and "Gold" in d.options and bot.provinces_left(view) <= 4:
        return ["Gold"]
    return None


def _moneylender(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if "Copper" not in d.options:
        return []
    after = less(bot.mine(view), _ONE_COPPER)
    ok = bot.trash_ok(view, "Copper", _NO_CARDS) or bot.spendable(after) >= 11
    return ["Copper"] if ok else []


def _gladiator(bot: MediumBot, view: PlayerView, d: Decision) -> list[str] | None:
    if d.min == 0:
        return list(option_words(d)[:1])  # reveal the copy: no bonus for the Gladiator's player
    return None


SPECIAL: Final[dict[str, Callable[[MediumBot, PlayerView, Decision], list[str] | None]]] = {
    "Opulent Castle": _opulent,
    "Arena": _arena,
    "Small Castle": _small_castle,
    "Mine": _mine,
    "Remodel": _remodel,
    "Moneylender": _moneylender,
    "Gladiator": _gladiator,
}
"""Cards whose questions have their own rule (None from a handler: the general rule)."""


def fallback(d: Decision) -> list[Option]:
    """The simplest legal answer to ``d`` (used when a rule's answer is refused)."""
    if d.kind is Kind.TURN:
        return [Move(MoveKind.END)] if Move(MoveKind.END) in d.options else [d.options[0]]
    if d.kind in (Kind.YESNO, Kind.NUMBER, Kind.MODE, Kind.PILE):
        for o in ("no", "pass", "0"):
            if o in d.options:
                return [o]
        return [d.options[0]]
    pool: list[Option] = []
    for opt in d.options:
        pool.extend([opt] * d.count_of(opt))
    if d.distinct:
        pool = list(dict.fromkeys(pool))
    ans = pool[: d.min]
    if d.check(ans) is None:
        return ans
    return RandomBot(len(pool)).decide(d)


__all__ = ["VALUE", "MediumBot", "PILES", "fallback", "landmark_vp"]
