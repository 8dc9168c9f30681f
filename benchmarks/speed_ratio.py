#!/usr/bin/env python3
"""How fast bot games are, next to a bare Big Money loop (prints figures).

Runs, in one process and interleaved round by round:

- the floor: ``play_game`` of ``shared/tools/bm_floor.py`` (a pure-Python
  Big Money mirror with no rules engine: base cards only, no events, no
  decisions), 2 players;
- the engine's Big Money mirror through :func:`a11y_dominion.simulate.simulate`
  on Basic Intro, for 2, 4 and 6 players;
- random bots on random Kingdoms (with random Events and Landmarks), 2 players.

Each figure is the median of ``--rounds`` runs (with the least and the
most games/s of the runs, and the mirror's ratio round by round). It prints
games/s and player turns/s of each, and the ratio engine/floor: of games/s for the
2-player mirror (the floor's own game), of player turns/s for the others
(the floor plays 2 players only, so turns/s keeps the cost per player and
per card visible). Then the median setup time of one game (Kingdom choice,
:class:`Game` set-up with its deal, the bots) and the peak memory
(``tracemalloc``) of whole 6-player games; and the throughput of
``simulate --workers 2`` against one process (``--workers``).

Usage: ``python3 benchmarks/speed_ratio.py [--rounds 5] [--games 200] [--workers 2] [--worker-games 6000]
[--floor PATH]``
(from the project folder; ``--floor`` defaults to ``../shared/tools/bm_floor.py``).
This is a script, not a test: ``pytest benchmarks`` runs ``test_speed.py`` only.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from a11y_dominion.bots.kinds import make_bot  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.seats import play_bots  # noqa: E402
from a11y_dominion.simulate import simulate  # noqa: E402


def load_floor(path: Path):
    """The ``play_game`` function of bm_floor.py at ``path``, or None when there is no such file."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("bm_floor", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.play_game


def run_floor(play_game, games: int, seed: int) -> tuple[float, float]:
    """(games/s, player turns/s) of ``games`` floor games."""
    rng = random.Random(seed)
    turns = 0
    t0 = time.perf_counter()
    for _ in range(games):
        t, _scores = play_game(rng)
        turns += t
    secs = time.perf_counter() - t0
    return games / secs, turns / secs


def run_engine(kinds: list, kingdom: str, games: int, seed: int) -> tuple[float, float]:
    """(games/s, player turns/s) of ``games`` engine games of ``kinds`` on ``kingdom``
    (a random Kingdom comes with its random Events and Landmarks)."""
    t0 = time.perf_counter()
    res = simulate(kinds, kingdom=kingdom, games=games, seed=seed)
    secs = time.perf_counter() - t0
    if res["errors"]:
        raise SystemExit(f"engine games failed: {res['errors'][0]}")
    # average_turns is the turns of the player who took the most; all players take about as many
    turns = res["average_turns"] * len(kinds) * games
    return games / secs, turns / secs


def setup_ms(rounds: int = 2000) -> float:
    """Median milliseconds to set up one 2-player game (Basic Intro) with its bots."""
    times = []
    for i in range(rounds):
        t0 = time.perf_counter()
        k, e, lm = choose_setup("basic-intro", None, None, i)
        g = Game(GameConfig(["P1", "P2"], k, e, lm, i))
        bots = {"P1": make_bot("bigmoney", i), "P2": make_bot("bigmoney", i + 1)}
        times.append(time.perf_counter() - t0)
        del g, bots
    return statistics.median(times) * 1e3


def peak_mib(kind: str, kingdom: str, seed: int) -> float:
    """Peak traced memory (MiB) of one whole 6-player game, set-up included."""
    tracemalloc.start()
    k, e, lm = choose_setup(kingdom, None, None, seed)
    names = [f"P{i + 1}" for i in range(6)]
    g = Game(GameConfig(names, k, e, lm, seed))
    play_bots(g, {n: make_bot(kind, seed + i) for i, n in enumerate(names)}, max_steps=80000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="runs per figure; the median is printed (5)")
    ap.add_argument("--games", type=int, default=200, help="engine games per 2-player run (200)")
    ap.add_argument("--floor-games", type=int, default=5000, help="floor games per run (5000)")
    ap.add_argument("--floor", type=Path, default=ROOT.parent / "shared" / "tools" / "bm_floor.py")
    ap.add_argument("--workers", type=int, default=2, help="also time simulate --workers N (2; 1 to leave out)")
    ap.add_argument(
        "--worker-games",
        type=int,
        default=6000,
        help="games of each run with and without --workers (6000: long enough that starting the workers "
        "does not hide their throughput)",
    )
    a = ap.parse_args()
    play_game = load_floor(a.floor)
    if play_game is None:
        print(f"No bm_floor.py at {a.floor}; give its place with --floor. Engine figures only.")
    cases = [
        ("bigmoney x2, Basic Intro", ["bigmoney"] * 2, "basic-intro", a.games),
        ("bigmoney x4, Basic Intro", ["bigmoney"] * 4, "basic-intro", max(1, a.games // 2)),
        ("bigmoney x6, Basic Intro", ["bigmoney"] * 6, "basic-intro", max(1, a.games // 3)),
        ("random x2, random Kingdom", ["random"] * 2, "random", max(1, a.games // 4)),
    ]
    floor_g, floor_t = [], []
    eng = {name: ([], []) for name, *_ in cases}
    for r in range(a.rounds):
        if play_game is not None:
            g, t = run_floor(play_game, a.floor_games, 12345 + r)
            floor_g.append(g)
            floor_t.append(t)
        for name, kinds, kingdom, games in cases:
            g, t = run_engine(kinds, kingdom, games, r)
            eng[name][0].append(g)
            eng[name][1].append(t)
    med = statistics.median
    print(f"Python {sys.version.split()[0]}; medians of {a.rounds} runs")
    print(f"{'':28}{'games/s':>10}{'turns/s':>11}{'ratio':>10}   games/s of the runs, least to most")
    if play_game is not None:
        spread = f"{min(floor_g):.0f} to {max(floor_g):.0f}"
        print(f"{'floor (bm_floor.py), 2p':28}{med(floor_g):10.0f}{med(floor_t):11.0f}{'1':>10}   {spread}")
    for i, (name, *_rest) in enumerate(cases):
        g, t = med(eng[name][0]), med(eng[name][1])
        if play_game is None:
            ratio = "-"
        elif i == 0:
            ratio = f"1/{med(floor_g) / g:.1f}"
        else:
            ratio = f"1/{med(floor_t) / t:.1f}"
        spread = f"{min(eng[name][0]):.1f} to {max(eng[name][0]):.1f}"
        print(f"{name:28}{g:10.1f}{t:11.0f}{ratio:>10}   {spread}")
    print("(ratio: of games/s for the 2-player mirror, of player turns/s for the others)")
    if play_game is not None:
        # the ratio of the mirror round by round (each round plays the floor and the engine one after the other)
        rounds = sorted(f / e for f, e in zip(floor_g, eng[cases[0][0]][0], strict=True))
        print(f"mirror ratio round by round: 1/{rounds[0]:.1f} to 1/{rounds[-1]:.1f}")
    if a.workers > 1:
        n = a.worker_games
        mirror = ["bigmoney"] * 2
        ones, manys = [], []
        for r in range(a.rounds):  # interleaved, so that the machine's other work weighs on both alike
            ones.append(simulate(mirror, games=n, seed=r)["games_per_second"])
            manys.append(simulate(mirror, games=n, seed=r, workers=a.workers)["games_per_second"])
        one, many = med(ones), med(manys)
        print(
            f"bigmoney x2, {n} games: {one:.1f} games/s in one process, {many:.1f} with --workers {a.workers}: "
            f"{many / one:.2f} times"
        )
    print(f"setup of one game: {setup_ms():.3f} ms (median)")
    print(f"peak memory, 6-player Big Money game: {peak_mib('bigmoney', 'basic-intro', 1):.2f} MiB (tracemalloc)")
    print(f"peak memory, 6-player random game, random Kingdom: {peak_mib('random', 'random', 1):.2f} MiB (tracemalloc)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"largest resident size of this whole benchmark process: {rss:.1f} MiB")


if __name__ == "__main__":
    main()
