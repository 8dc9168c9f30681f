#!/usr/bin/env python3
"""Machine instructions per bot game, counted by Valgrind (prints figures).

On a machine shared with other work, games/s move by tens of percent from
run to run; the number of instructions a game takes does not. This script
counts them with Valgrind's ``callgrind`` tool, with a fixed hash seed, for
``--games`` and twice as many games in fresh processes, and prints the
difference per game (so start-up and imports do not count): for the
floor (``shared/tools/bm_floor.py``) and for the engine's bot games run as
``simulate`` runs them; and per rollout of the ``hard`` bot's search at
the buy decisions ``benchmarks/bot_speed.py`` measures. The ratio floor/engine of instructions is an upper
bound on the ratio of games/s (the engine also waits more on memory).

Python's start-up and imports take about 857 M instructions, and that count moves by about
1 M from one process to the next, so the games counted must take far more than that: the Big
Money games (about 2 M instructions each) are counted ``10 * --games`` at a time, the others
(40 M and more each) ``--games / 2``; with ``--games 10`` each per-game figure then moves by
about 1 % from run to run (10 Big Money mirror games alone moved it from 1.9 to 2.8 M).

Usage: ``python3 benchmarks/count_instructions.py [--games 10] [--floor PATH] [--project PATH]``
(from the project folder; ``--project`` counts the games of another checkout
of the project, for a before and after; Valgrind must be installed:
``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENGINE = """
import sys
sys.path.insert(0, {root!r})
from a11y_dominion.simulate import simulate
simulate({kinds!r}, kingdom={kingdom!r}, games={games}, seed=0)
"""

FLOOR = """
import importlib.util, random
spec = importlib.util.spec_from_file_location("bm_floor", {path!r})
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
rng = random.Random(1)
for _ in range({games}):
    mod.play_game(rng)
"""


ROLLOUTS = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {benchmarks!r})
import bot_speed
from a11y_dominion.bots.hard import HardBot
positions = bot_speed.positions()
n = 0
for r in range({rounds}):
    for _name, d, view, told in positions:
        bot = HardBot(r, rollouts=8, horizon=bot_speed.SHORT)
        bot.tell(told)
        bot.decide(d, view)
        n += bot.last_search["rollouts"]
print("ROLLOUTS", n, file=sys.stderr)
"""


def count(code: str) -> int:
    """Instructions Valgrind counts for running ``code`` in a fresh Python."""
    return _count(code)[0]


def _count(code: str) -> tuple[int, str]:
    """Instructions Valgrind counts for running ``code`` in a fresh Python, and what it wrote on standard error."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit("Valgrind gave no count; is it installed and working?")
    return int(found.group(1)), out


def per_rollout(root: Path) -> tuple[float, int]:
    """Instructions per rollout of the ``hard`` bot's search at the three buy decisions of
    ``benchmarks/bot_speed.py`` (``--rollouts 8``, rollouts of ``SHORT`` turns): the count for
    three rounds less that for one, over the rollouts between; and those rollouts."""
    fields = {"root": str(root), "benchmarks": str(root / "benchmarks")}
    runs = []
    for rounds in (1, 3):
        n, err = _count(ROLLOUTS.format(rounds=rounds, **fields))
        found = re.search(r"ROLLOUTS (\d+)", err)
        if found is None:
            raise SystemExit("The rollouts' run gave no count of its rollouts.")
        runs.append((n, int(found.group(1))))
    (a, ra), (b, rb) = runs
    return (b - a) / (rb - ra), rb - ra


def per_game(template: str, games: int, **fields) -> float:
    """Instructions per game: the count for ``2 * games`` less that for ``games``, over ``games``."""
    return (count(template.format(games=2 * games, **fields)) - count(template.format(games=games, **fields))) / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--games",
        type=int,
        default=10,
        help="engine games of the smaller run of the costly bots (10; 10 times as many Big Money games)",
    )
    ap.add_argument("--floor", type=Path, default=ROOT.parent / "shared" / "tools" / "bm_floor.py")
    ap.add_argument("--project", type=Path, default=ROOT, help="the checkout whose games are counted (this one)")
    a = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("This needs Valgrind (apt-get install valgrind).")
    floor = per_game(FLOOR, a.games * 20, path=str(a.floor)) if a.floor.is_file() else None
    if floor is not None:
        print(f"{'floor (bm_floor.py), 2p':28}{floor / 1e6:9.2f} M instructions per game")
    cases = [
        # (10 times as many Big Money games: see the module's documentation)
        ("bigmoney x2, Basic Intro", ["bigmoney"] * 2, "basic-intro", 10 * a.games),
        ("bigmoney x4, Basic Intro", ["bigmoney"] * 4, "basic-intro", max(1, 10 * a.games // 2)),
        ("bigmoney x6, Basic Intro", ["bigmoney"] * 6, "basic-intro", max(1, 10 * a.games // 3)),
        ("random x2, random Kingdom", ["random"] * 2, "random", max(1, a.games // 2)),
        ("medium x2, random Kingdom", ["medium"] * 2, "random", max(1, a.games // 2)),
    ]
    for i, (name, kinds, kingdom, games) in enumerate(cases):
        n = per_game(ENGINE, games, root=str(a.project.resolve()), kinds=kinds, kingdom=kingdom)
        ratio = f"  (floor/engine: 1/{n / floor:.1f})" if floor and i == 0 else ""
        print(f"{name:28}{n / 1e6:9.2f} M instructions per game{ratio}")
    n, rollouts = per_rollout(a.project.resolve())
    print(f"{'hard, rollouts of 6 turns':28}{n / 1e6:9.2f} M instructions per rollout ({rollouts} rollouts)")


if __name__ == "__main__":
    main()
