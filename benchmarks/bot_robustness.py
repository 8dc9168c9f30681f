"""Robustness of the bots: many games on random Kingdoms, counting errors and
stalled games.

Run from the project folder (prints figures; it is not a timed test)::

    python3 benchmarks/bot_robustness.py [--games 2000] [--workers 2] [--think-ms 20] [--max-turns 150] [--json]

Two runs, each through :func:`a11y_dominion.simulate.simulate` (every game on
its own random Kingdom of the base game and Empires, with 0 to 2 Events and
Landmarks drawn the rulebook's way; seats alternate who goes first):
``medium`` against ``medium``, and ``hard`` against ``medium`` with hard
thinking at most ``--think-ms`` milliseconds per buy (20 by default, a
hundredth of its 2,000 ms default, so that 2,000 games finish in about ten
minutes). At 20 ms hard's search runs at every buy (a position sampled from
its view, rollouts started), but few rollouts finish in time, so it mostly
keeps medium's buy: the run tests that the search never fails or stalls a
game, not hard's strength. An error is an exception in a game; a stalled game is one where a
player's turn past ``--max-turns`` comes (no game between these bots should
last so long). The exit code is 1 when there was any error or stalled game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from a11y_dominion.simulate import simulate  # noqa: E402

RUNS = [("medium", ["medium", "medium"]), ("hard", ["hard", "medium"])]


def run(games: int, workers: int, think_ms: int, max_turns: int, seed: int) -> list:
    """One result per run of :data:`RUNS`: its name, seats, games, finished
    games, errors and stalled games (lists of simulate's records), average
    turns, the first seat's win share and the seconds taken."""
    out = []
    for name, kinds in RUNS:
        res = simulate(kinds, "random", games=games, seed=seed, workers=workers, think_ms=think_ms, max_turns=max_turns)
        out.append(
            {
                "run": name,
                "seats": kinds,
                "games": res["games"],
                "finished": res["finished"],
                "errors": res["errors"],
                "stalled": res["unfinished"],
                "average_turns": res["average_turns"],
                "share_of_first_seat": res["seats"][f"1:{kinds[0]}"],
                "seconds": res["seconds"],
            }
        )
    return out


def main(argv: list | None = None) -> int:
    """Parse the options, play the runs, print the figures; 1 on any error or stalled game."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    p.add_argument("--workers", type=int, default=2, help="processes to play in (default 2)")
    p.add_argument("--think-ms", type=int, default=20, help="hard's most milliseconds per buy (default 20)")
    p.add_argument("--max-turns", type=int, default=150, help="a game with a turn past this has stalled (150)")
    p.add_argument("--seed", type=int, default=12, help="the runs' seed (default 12)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    results = run(args.games, args.workers, args.think_ms, args.max_turns, args.seed)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(
            f"{args.games} games per run on random Kingdoms, {args.workers} workers, hard at "
            f"{args.think_ms} ms per buy, stalled after turn {args.max_turns}, seed {args.seed}."
        )
        for r in results:
            s = r["share_of_first_seat"]
            print(
                f"{r['run']} ({' vs '.join(r['seats'])}): {r['finished']} of {r['games']} games finished, "
                f"{len(r['errors'])} errors, {len(r['stalled'])} stalled, {r['average_turns']} turns on average, "
                f"{r['seconds']:.0f} seconds; first seat's win share {100 * s['share']:.1f} % "
                f"(95 % Wilson interval {100 * s['interval'][0]:.1f} to {100 * s['interval'][1]:.1f} %)."
            )
            for e in r["errors"][:5]:
                print(f"  error in game {e['game']} (seed {e['seed']}): {e['error']}")
            for u in r["stalled"][:5]:
                print(f"  stalled game {u['game']} (seed {u['seed']}): {u['reason']}")
    return 1 if any(r["errors"] or r["stalled"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
