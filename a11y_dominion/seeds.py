"""A new game's seed, which determines every shuffle of the game.

- :data:`MAX_SEED`: the largest seed ``--seed`` takes.
- :func:`unguessable_seed`: a seed drawn from so many that nobody finds it from the Kingdom
  and their own hands (a hosted game, a game of several people at one keyboard).
- :func:`new_game_seed`: the seed of a new game at the console: a short one, said at the
  start so that a player alone against bots may play the same deal again, unless several
  people share the keyboard.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable

MAX_SEED = 2**63 - 1
SHORT_SEEDS = 1_000_000  # a seed said aloud at the start of a game alone against bots is below this


def unguessable_seed(draw: Callable[[int], int] | None = None) -> int:
    """A whole number from 1 to ``MAX_SEED // 2`` (room for each bot's seed after it) from
    ``draw(n)``, a number from 0 to n - 1 (the system's secure source,
    :func:`secrets.randbelow`, unless given). Too many to try: a player cannot find the seed
    from the Kingdom and their own hands, and so cannot know the other hands or the draws."""
    return (draw or secrets.randbelow)(MAX_SEED // 2) + 1


def new_game_seed(seats: Iterable[tuple[str, str]], draw: Callable[[int], int] | None = None) -> int:
    """The seed of a new console game of ``seats`` ((name, kind) pairs) when none is given:
    with two or more ``human`` seats at one keyboard an :func:`unguessable_seed` (``draw`` as
    there), since each of them could otherwise search for the seed and know the others' hands;
    else a short one, from 1 to 999,999, that the game says at its start."""
    people = sum(1 for _name, kind in seats if kind == "human")
    if people >= 2:
        return unguessable_seed(draw)
    return random.randrange(1, SHORT_SEEDS)
