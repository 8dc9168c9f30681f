"""Strength of the bots: the match table of the bots' issue, measured.

Run from the project folder (prints figures; it is not a timed test)::

    python3 benchmarks/bot_strength.py [--scale 0.1] [--workers 2] [--think-ms 2000]
        [--horizon N] [--progress] [--kingdom-seed N] [--only NAME ...]

Every match plays its games through :func:`a11y_dominion.simulate.simulate`,
whose seats alternate who goes first; a tie counts half. The figure is the
first bot's share of the games with its 95 % interval (normal
approximation). ``--scale`` multiplies every game count (0.1: a tenth);
``--horizon`` sets how many turns the ``hard`` bot's rollouts play (0: to
the end); ``--progress`` prints running figures after each Kingdom.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from a11y_dominion.bots import hard  # noqa: E402
from a11y_dominion.kingdoms import random_setup  # noqa: E402
from a11y_dominion.simulate import simulate  # noqa: E402

# name, first bot, second bot, kingdoms ("random:N" = N random kingdoms, or a recommended set), games, goal
MATCHES = [
    ("medium-bigmoney", "medium", "bigmoney", "random:100", 2000, ">= 75 %"),
    ("medium-bmu", "medium", "bmu", "random:100", 2000, ">= 80 %"),
    ("medium-bmu-basic", "medium", "bmu", "basic-intro", 1000, ">= 65 %"),
    ("medium-bmu-advanced", "medium", "bmu", "advanced-intro", 1000, ">= 65 %"),
    ("hard-medium", "hard", "medium", "random:50", 400, ">= 60 %"),
    ("easy-random", "easy", "random", "random:100", 400, ">= 99 %"),
    ("easy-medium", "easy", "medium", "random:100", 400, "<= 30 %"),
]


PROGRESS = {"on": False}
"""``--progress``: running figures on standard error after each Kingdom (a run cut short still says something)."""

KINGDOMS = {"seed": 1000}
"""Random Kingdom ``i`` of a run is drawn with seed ``KINGDOMS["seed"] + i`` (``--kingdom-seed``)."""


def kingdoms(spec: str) -> list:
    """(kingdom, events, landmarks) strings for ``simulate``, one per Kingdom of ``spec``."""
    if not spec.startswith("random:"):
        return [(spec, None, None)]
    out = []
    for i in range(int(spec.split(":")[1])):
        k, e, lm = random_setup(random.Random(KINGDOMS["seed"] + i))
        out.append((",".join(k), ",".join(e), ",".join(lm)))
    return out


def share(wins: int, ties: int, games: int) -> tuple:
    """(share, low, high): the share of ``games`` won (ties half) and its 95 % interval."""
    if not games:
        return 0.0, 0.0, 0.0
    p = (wins + ties / 2) / games
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games)
    return p, max(0.0, p - half), min(1.0, p + half)


def run_match(a: str, b: str, spec: str, games: int, workers: int, think_ms: int | None) -> dict:
    """Play ``games`` games of ``a`` against ``b`` spread evenly over the Kingdoms of ``spec``."""
    if spec.startswith("random:") and games < 2 * int(spec.split(":")[1]):
        spec = f"random:{max(1, games // 2)}"  # two games a Kingdom at least: each bot goes first on it
    ks = kingdoms(spec)
    per = [games // len(ks) + (1 if i < games % len(ks) else 0) for i in range(len(ks))]
    wins = ties = played = errors = unfinished = 0
    turns = 0.0
    start = time.perf_counter()
    for i, ((k, e, lm), n) in enumerate(zip(ks, per, strict=True)):
        if n == 0:
            continue
        # an even number of games per Kingdom where possible, so that each bot goes first equally often
        res = simulate([a, b], k, e, lm, games=n, seed=7 + i, workers=workers, think_ms=think_ms)
        wins += res["wins"][f"1:{a}"]
        ties += res["ties"]
        played += n
        errors += len(res["errors"])
        unfinished += len(res["unfinished"])
        turns += res["average_turns"] * n
        if PROGRESS["on"]:
            p, lo, hi = share(wins, ties, played)
            print(
                f"  {played} games on {i + 1} kingdoms: {100 * p:.1f} % ({100 * lo:.1f} to {100 * hi:.1f}), "
                f"{time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    p, lo, hi = share(wins, ties, played)
    return {
        "games": played,
        "kingdoms": sum(1 for n in per if n),
        "wins": wins,
        "ties": ties,
        "share": p,
        "low": lo,
        "high": hi,
        "errors": errors,
        "unfinished": unfinished,
        "average_turns": turns / played if played else 0,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list | None = None) -> int:
    """Run the matches asked for and print one line each, then a Markdown table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every game count by this")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=None, help="the hard bot's thinking per decision")
    ap.add_argument(
        "--horizon", type=int, default=None, help="turns a hard rollout plays before judging (0: to the end)"
    )
    ap.add_argument("--progress", action="store_true", help="running figures after each Kingdom, on standard error")
    ap.add_argument("--only", nargs="*", default=None, help="match names: " + ", ".join(m[0] for m in MATCHES))
    ap.add_argument("--kingdom-seed", type=int, default=KINGDOMS["seed"], help="other random Kingdoms")
    args = ap.parse_args(argv)
    KINGDOMS["seed"] = args.kingdom_seed
    PROGRESS["on"] = args.progress
    if args.horizon is not None:
        hard.HORIZON = max(0, args.horizon)  # the workers are forked: they see it too
    rows = []
    for name, a, b, spec, games, goal in MATCHES:
        if args.only and name not in args.only:
            continue
        n = max(2, int(round(games * args.scale)))
        r = run_match(a, b, spec, n, args.workers, args.think_ms)
        line = (
            f"{name}: {a} vs {b}, {spec}, {r['games']} games on {r['kingdoms']} kingdoms: "
            f"{a} {100 * r['share']:.1f} % (95 % interval {100 * r['low']:.1f} to {100 * r['high']:.1f} %), "
            f"{r['wins']} wins, {r['ties']} ties; goal {goal}; average turns {r['average_turns']:.1f}; "
            f"errors {r['errors']}, unfinished {r['unfinished']}; {r['seconds']:.0f} s"
        )
        print(line, flush=True)
        rows.append((name, a, b, spec, r, goal))
    print()
    print("| match | kingdoms | games | share (95 % interval) | goal |")
    print("| --- | --- | --- | --- | --- |")
    for _name, a, b, spec, r, goal in rows:
        print(
            f"| `{a}` vs `{b}` | {spec} | {r['games']} | {100 * r['share']:.1f} % "
            f"({100 * r['low']:.1f} to {100 * r['high']:.1f}) | {goal} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
