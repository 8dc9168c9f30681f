#!/usr/bin/env python3
"""The Big Money mirror and the ``medium`` mirror next to the floor, in processor time (prints figures).

Round by round, in one process: the floor (``play_game`` of ``shared/tools/bm_floor.py``, the
bare Big Money loop), the engine's Big Money mirror on Basic Intro and ``medium`` against
``medium`` on random Kingdoms (with their random Events and Landmarks), both as ``simulate``
plays them. Each figure is in games per processor-second (``time.process_time``), the mean of
the rounds with its 95 % interval (Student's t), and each engine's ratio to the floor is worked
out round by round, so that the machine's other work weighs on both sides of a ratio alike.

It first says which of the modules that can be compiled with mypyc are compiled here (a
compiled module is an extension module beside its ``.py`` file; see ``docs/compiled.md``), so
that the same script measures the pure-Python program and the compiled one.

Usage: ``python3 benchmarks/mirror_ratio.py [--rounds 7] [--bm-games 400] [--medium-games 40]
[--floor-games 5000] [--floor PATH]`` (from the project folder; ``--floor`` defaults to
``../shared/tools/bm_floor.py``). This is a script, not a test.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_speed import floor_rate, interval  # noqa: E402
from speed_ratio import load_floor  # noqa: E402

from a11y_dominion.simulate import simulate  # noqa: E402

COMPILABLE = (
    "a11y_dominion.rules.asking",
    "a11y_dominion.rules.base",
    "a11y_dominion.rules.cost",
    "a11y_dominion.rules.dispatch",
    "a11y_dominion.rules.game",
    "a11y_dominion.rules.primitives",
    "a11y_dominion.rules.scoring",
    "a11y_dominion.rules.setup",
    "a11y_dominion.rules.state",
    "a11y_dominion.rules.triggers",
    "a11y_dominion.rules.turnflow",
    "a11y_dominion.fastlane",
    "a11y_dominion.view",
    "a11y_dominion.bots.simple",
    "a11y_dominion.bots.common",
    "a11y_dominion.bots.medium",
    "a11y_dominion.bots.buylist",
    "a11y_dominion.bots.strategy",
)
"""The modules docs/compiled.md compiles with mypyc."""


def compiled_modules() -> list[str]:
    """The names of the modules of :data:`COMPILABLE` that are loaded from an extension module."""
    out = []
    for name in COMPILABLE:
        f = getattr(importlib.import_module(name), "__file__", "") or ""
        if not f.endswith(".py"):
            out.append(name.removeprefix("a11y_dominion."))
    return out


def engine_rate(kinds: list[str], kingdom: str, games: int, seed: int) -> float:
    """Games of ``kinds`` on ``kingdom`` per processor-second, as ``simulate`` plays them."""
    t0 = time.process_time()
    res = simulate(kinds, kingdom=kingdom, games=games, seed=seed)
    secs = time.process_time() - t0
    if res["errors"]:
        raise SystemExit(f"engine games failed: {res['errors'][0]}")
    return games / secs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7, help="rounds; each figure is their mean and 95 %% interval (7)")
    ap.add_argument("--bm-games", type=int, default=400, help="Big Money mirror games per round (400)")
    ap.add_argument("--medium-games", type=int, default=40, help="medium mirror games per round (40)")
    ap.add_argument("--floor-games", type=int, default=5000, help="floor games per round (5000)")
    ap.add_argument("--floor", type=Path, default=ROOT.parent / "shared" / "tools" / "bm_floor.py")
    a = ap.parse_args()
    play_game = load_floor(a.floor)
    if play_game is None:
        raise SystemExit(f"No bm_floor.py at {a.floor}; give its place with --floor.")
    done = compiled_modules()
    print(f"Python {sys.version.split()[0]}; compiled: {', '.join(done) if done else 'none (pure Python)'}")
    floor, bm, medium, bm_ratio, medium_ratio = [], [], [], [], []
    for r in range(a.rounds):  # interleaved, so that the machine's other work weighs on every figure alike
        f1 = floor_rate(play_game, a.floor_games, 12345 + r)
        b = engine_rate(["bigmoney", "bigmoney"], "basic-intro", a.bm_games, 500 + r)
        f2 = floor_rate(play_game, a.floor_games, 23456 + r)
        m = engine_rate(["medium", "medium"], "random", a.medium_games, 1000 + r)
        f3 = floor_rate(play_game, a.floor_games, 34567 + r)
        floor += [f1, f2, f3]
        bm.append(b)
        medium.append(m)
        bm_ratio.append((f1 + f2) / 2 / b)
        medium_ratio.append((f2 + f3) / 2 / m)
        print(
            f"round {r + 1}: floor {f1:.0f} {f2:.0f} {f3:.0f}, Big Money 1/{bm_ratio[-1]:.2f}, "
            f"medium 1/{medium_ratio[-1]:.1f}",
            flush=True,
        )
    print(f"means of {a.rounds} rounds with their 95 % intervals, games per processor-second:")
    print(f"floor (bm_floor.py): {interval(floor)}")
    print(f"Big Money mirror, Basic Intro: {interval(bm)}; 1/{interval(bm_ratio)} of the floor (goal 1/3)")
    print(f"medium mirror, random Kingdoms: {interval(medium)}; 1/{interval(medium_ratio)} of the floor (goal 1/50)")


if __name__ == "__main__":
    main()
