"""The server's short pauses of the garbage collector (server/pauses.py): what lasted is frozen
out of the full collections, a cycle dropped while frozen waits for the sweep, which comes once in
SWEEP_AFTER seconds."""

from __future__ import annotations

import asyncio
import gc
import weakref

from a11y_dominion.server import pauses
from a11y_dominion.server.pauses import ShortPauses


class Node:
    """An object that can be part of a reference cycle and have a weak reference."""

    other: Node | None = None


def cycle(holder: list | None = None) -> weakref.ref:
    """A reference cycle of two nodes, held in ``holder`` (when given), else dropped; a weak
    reference to one of them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    if holder is not None:
        holder.append(a)
    return weakref.ref(a)


def seen(obj: object) -> bool:
    """Whether the collector looks at ``obj`` (it is in a generation, not frozen)."""
    return any(o is obj for o in gc.get_objects())


def test_what_lasts_is_frozen_and_a_dropped_cycle_waits_for_the_sweep():
    now = [0.0]
    keeper = ShortPauses(clock=lambda: now[0])
    try:
        keeper.start()
        assert gc.get_freeze_count() > 0
        kept = [Node()]
        assert seen(kept)
        holder: list = []
        dropped = cycle(holder)
        assert keeper.tick() == "froze"
        assert not seen(kept) and gc.is_tracked(kept)
        holder.clear()  # (the cycle is dropped once frozen)
        gc.collect()
        assert dropped() is not None  # (frozen: no collection looks at it)
        now[0] = pauses.SWEEP_AFTER - 1
        assert keeper.tick() == "froze" and dropped() is not None  # too soon after the start
        now[0] = pauses.SWEEP_AFTER
        assert keeper.tick() == "swept" and keeper.sweeps == 1
        assert dropped() is None
        assert not seen(kept) and keeper.swept_at == pauses.SWEEP_AFTER
        now[0] = 2 * pauses.SWEEP_AFTER - 1
        assert keeper.tick() == "froze"  # (the next sweep comes SWEEP_AFTER after this one)
    finally:
        keeper.stop()
    assert gc.get_freeze_count() == 0 and seen(kept)
    assert keeper.tick() is None


def test_a_young_cycle_is_collected_before_the_freeze():
    keeper = ShortPauses()
    try:
        keeper.start()
        young = cycle()
        keeper.tick()
        assert young() is None
    finally:
        keeper.stop()


def test_the_task_gives_everything_back_when_cancelled(monkeypatch):
    monkeypatch.setattr(pauses, "TICK", 0.0)
    keeper = ShortPauses()
    ticked = asyncio.Event()
    tick = keeper.tick

    def counted() -> str | None:
        ticked.set()
        return tick()

    keeper.tick = counted  # type: ignore[method-assign]

    async def main() -> None:
        keeper.start()
        task = asyncio.ensure_future(keeper.run())
        await ticked.wait()
        assert gc.get_freeze_count() > 0
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    try:
        asyncio.run(main())
    finally:
        keeper.stop()
    assert gc.get_freeze_count() == 0 and not keeper.running
