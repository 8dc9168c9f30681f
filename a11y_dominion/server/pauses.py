"""Short pauses of Python's garbage collector on a server with many games.

A game keeps its events, each seat's history and its record while it lasts, so a server
with a hundred tables holds several hundred thousand objects that live for minutes.
Python's collector looks at every one of them at each *full* collection, which it runs
again and again as new objects last long enough (each time a quarter more has lasted since
the last): on a loaded machine such a collection stopped the event loop, and every table
with it, for one to four seconds, more as the games went on.

:class:`ShortPauses` collects the young objects each second and moves those left out of the
collector's sight (:func:`gc.freeze`): a full collection looks only at what lasted since,
a few thousand objects. An object frozen is still freed as soon as nothing refers
to it; only a reference cycle among frozen objects that is dropped later stays until a
*sweep* (:func:`gc.unfreeze` and one full collection of everything), once every
:data:`SWEEP_AFTER` seconds: the memory that waits for one stays bounded (such cycles are
rare: about a thousand objects a minute at 60 tables), and the one long pause it costs comes
once in half an hour instead of every few seconds. (The frozen objects are not counted on
the way: :func:`gc.get_freeze_count` walks all of them, a tenth of a second at 100 tables.)
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

TICK = 1.0
"""Seconds between two freezes: a full collection looks at no more than what lasted that long."""

SWEEP_AFTER = 1800.0
"""Seconds between two sweeps."""


class ShortPauses:
    """Keeps the collector's full collections to the objects made lately (see the module).

    ``clock`` gives seconds (:func:`time.monotonic` unless given, for tests). :meth:`start`
    freezes what the server made to start; :meth:`tick` is what runs each :data:`TICK`
    seconds (:meth:`run` runs it); :meth:`stop` gives every object back to the collector."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.swept_at = 0.0  # when the last sweep (or the start) was (``clock`` seconds)
        self.sweeps = 0  # sweeps made
        self.running = False

    def start(self) -> None:
        """Freeze every object the server made so far (its modules, settings and the tables
        brought back), after one full collection; from then on :meth:`tick` keeps the
        collections short."""
        gc.collect()
        gc.freeze()
        self.swept_at = self.clock()
        self.running = True

    def tick(self) -> str | None:
        """One look: the young objects are collected and what is left is frozen (``"froze"``);
        once :data:`SWEEP_AFTER` seconds passed since the last sweep, every object is swept
        instead (``"swept"``); nothing (None) before :meth:`start` or after :meth:`stop`."""
        if not self.running:
            return None
        if self.clock() - self.swept_at >= SWEEP_AFTER:
            self.sweep()
            return "swept"
        gc.collect(1)  # (the young objects' cycles are gone before the rest is frozen)
        gc.freeze()
        return "froze"

    def sweep(self) -> None:
        """Give every frozen object back to the collector, collect them all once (the one long
        pause), and freeze what is left."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.swept_at = self.clock()
        self.sweeps += 1

    def stop(self) -> None:
        """Give every frozen object back to the collector; :meth:`tick` does nothing after."""
        if self.running:
            self.running = False
            gc.unfreeze()

    async def run(self) -> None:
        """:meth:`tick` each :data:`TICK` seconds until cancelled (then :meth:`stop`)."""
        try:
            while True:
                await asyncio.sleep(TICK)
                self.tick()
        finally:
            self.stop()
