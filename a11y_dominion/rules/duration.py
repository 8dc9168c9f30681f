"""Pending start-of-turn work of Duration cards."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game
    from .state import Card, Player


@dataclass
class DurationEffect:
    """Work a Duration card still has to do at the start of its owner's turns.

    ``fn(game, player)`` is a generator function returning True while more
    work is left. ``holders`` are the cards it keeps in play (the Duration
    and any card that played it more than once).
    """

    holders: list[Card]
    fn: Callable[[Game, Player], Generator[Decision, Any, bool] | bool]
    name: str
