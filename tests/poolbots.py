"""Bot kinds for the tests of the server's bot pool (tests/test_pool.py), added in a worker by
:func:`add_test_kinds`, the pool's initializer: ``stuck``, a bot that never answers (until its
process is killed), ``broken``, a bot whose every decision raises, and ``crash``, a bot whose
every decision ends its process."""

from __future__ import annotations

import os
import threading
from typing import Any

from a11y_dominion.bots.kinds import BOT_KINDS


class StuckBot:
    """A bot that waits for ever at its first decision (a bot that hangs)."""

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.seed = seed

    def decide(self, decision: Any, view: Any) -> Any:
        threading.Event().wait()


class BrokenBot:
    """A bot that fails at every decision."""

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.seed = seed

    def decide(self, decision: Any, view: Any) -> Any:
        raise ZeroDivisionError("this bot cannot count")


class CrashBot:
    """A bot that ends its process (exit code 3) at every decision."""

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.seed = seed

    def decide(self, decision: Any, view: Any) -> Any:
        os._exit(3)


def add_test_kinds() -> None:
    """Add the kinds ``stuck``, ``broken`` and ``crash`` to this process's bot kinds."""
    BOT_KINDS["stuck"] = StuckBot
    BOT_KINDS["broken"] = BrokenBot
    BOT_KINDS["crash"] = CrashBot
