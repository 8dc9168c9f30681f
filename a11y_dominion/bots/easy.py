"""The ``easy`` bot: ``medium`` with a thinner plan (one kind of terminal,
no engine) and small deliberate mistakes (seeded): now and then it buys the
second-best card, or nothing, so that a new player can win."""

from __future__ import annotations

from .medium import MediumBot


class EasyBot(MediumBot):
    """The ``easy`` bot (see the module documentation)."""

    kind = "easy"

    def __init__(self, seed: int = 0, mistakes: float = 0.4):
        super().__init__(seed, mistakes=mistakes, thin=True)
