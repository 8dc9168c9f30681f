"""The game's state: cards, players, Supply piles, the turn and the setup.

Rule sources: Dominion base rulebook (zones, the turn) and the Empires
rulebook (split piles, Castles, Debt and VP tokens).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import CardSpec

BASIC_PILES = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]


class SetupError(ValueError):
    """Raised for a game that cannot be set up (unknown names, player count)."""


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
        new = object.__new__
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


@dataclass
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

    def all_cards(self) -> list[Card]:
        """Every card the player has (for scoring)."""
        return self.hand + self.deck + self.discard + self.in_play + self.set_aside


@dataclass
class Pile:
    """A Supply pile; ``cards`` top first. ``kind``: basic, kingdom, split, castles."""

    name: str
    kind: str
    cards: list[Card]
    vp_tokens: int = 0
    debt_tokens: int = 0
    members: tuple[str, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.cards[0] if self.cards else None

    @property
    def is_layered(self) -> bool:
        return self.kind in ("split", "castles")


@dataclass
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
    phase: str = "action"
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False  # a card or Event was bought this Buy phase
    actions_played: int = 0
    played: list[Card] = field(default_factory=list)
    gained: list[str] = field(default_factory=list)  # names gained by the turn player
    action_phase_requested: str = ""  # why a card asks to return to the Action phase ("" for none)
    action_phase_again: bool = False  # the turn returned to the Action phase
    memory: dict[str, dict[str, Any]] = field(default_factory=dict)


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
