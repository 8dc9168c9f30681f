"""Pending start-of-turn work of Duration cards."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class DurationEffect:
    """Work a Duration card still has to do at the start of its owner's turns.

    ``fn(game, player)`` is a generator function returning True while more
    work is left. ``holders`` are the cards it keeps in play (the Duration
    and any card that played it more than once).
    """

    holders: list
    fn: Callable
    name: str
