"""The yardstick of the shipped strategies: ``medium`` against each of them.

Run from the project folder (prints figures; it is not a timed test)::

    python3 benchmarks/strategies.py [--games 100] [--per-kingdom 4] [--workers 2]
        [--seed 1] [--only NAME ...] [--bot medium] [--think-ms N] [--rollouts N]

For each shipped strategy (:func:`a11y_dominion.strategies.shipped`) the bot
(``medium`` unless ``--bot`` names another kind) plays ``--games`` games
against it on random Kingdoms (with their Events and Landmarks) that hold the
strategy's card: a random Kingdom without it has one pile, drawn by the same
seed, replaced by the card's pile. Each Kingdom is played ``--per-kingdom``
games, through :func:`a11y_dominion.simulate.simulate`, whose seats alternate
who goes first. The figure is the bot's share of the finished games, a tie
counting half, with its 95 % Wilson score interval; games that did not
finish or raised an error are counted apart.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from a11y_dominion.kingdoms import pile_name_for, random_setup  # noqa: E402
from a11y_dominion.simulate import simulate, wilson  # noqa: E402
from a11y_dominion.strategies import shipped  # noqa: E402

CARD = {
    "big-money-ultimate": None,
    "smithy": "Smithy",
    "double-witch": "Witch",
    "militia": "Militia",
    "laboratory": "Laboratory",
    "festival": "Festival",
    "legionary": "Legionary",
    "capital": "Capital",
    "fortune": "Gladiator",
    "charm": "Charm",
}
"""The Kingdom card each shipped strategy is played on (None: any Kingdom)."""


def kingdom_with(card: str | None, seed: int) -> tuple:
    """(kingdom, events, landmarks) strings of the random setup drawn with ``seed``,
    with ``card``'s pile in the Kingdom (in place of a pile drawn by the same seed)."""
    rng = random.Random(seed)
    k, e, lm = random_setup(rng)
    if card is not None:
        pile = pile_name_for(card)
        if pile not in k:
            k[rng.randrange(len(k))] = pile
    return ",".join(k), ",".join(e), ",".join(lm)


def match(
    bot: str,
    strategy: str,
    games: int,
    per_kingdom: int,
    workers: int,
    seed: int,
    think_ms: int | None = None,
    rollouts: int | None = None,
) -> dict:
    """``bot`` against ``strategy`` over ``games`` games: its ``wins``, ``ties``,
    ``finished``, ``share`` and ``interval``, and the games ``lost`` (unfinished or errors)."""
    wins = ties = finished = lost = 0
    i = 0
    while finished + lost < games:
        n = min(per_kingdom, games - finished - lost)
        k, e, lm = kingdom_with(CARD.get(strategy), seed * 1000 + i)
        res = simulate(
            [bot, strategy],
            k,
            e or None,
            lm or None,
            games=n,
            seed=seed * 1000 + i,
            workers=workers,
            think_ms=think_ms,
            rollouts=rollouts,
        )
        seat = res["seats"][f"1:{bot}"]
        wins += seat["wins"]
        ties += seat["ties"]
        finished += res["finished"]
        lost += n - res["finished"]
        i += 1
    share = (wins + ties / 2) / finished if finished else 0.0
    return {
        "wins": wins,
        "ties": ties,
        "finished": finished,
        "lost": lost,
        "share": share,
        "interval": wilson(share, finished),
        "kingdoms": i,
    }


def main(argv: list | None = None) -> int:
    """Play the matches and print one line each; returns the exit code."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per strategy")
    ap.add_argument("--per-kingdom", type=int, default=4, help="games on each Kingdom (even: both seats first)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="medium", help="the bot kind measured")
    ap.add_argument(
        "--only", nargs="*", default=None, help="shipped strategies (or other bot kinds) to play (default: all)"
    )
    ap.add_argument("--think-ms", type=int, default=None, help="the hard bot's most milliseconds a decision")
    ap.add_argument("--rollouts", type=int, default=None, help="the hard bot's rollouts per candidate buy")
    args = ap.parse_args(argv)
    names = args.only or shipped()
    print(f"{args.bot} against each shipped strategy, {args.games} games each, ties half, 95 % Wilson intervals:")
    for name in names:
        start = time.perf_counter()
        r = match(args.bot, name, args.games, args.per_kingdom, args.workers, args.seed, args.think_ms, args.rollouts)
        low, high = r["interval"]
        lost = f", {r['lost']} unfinished or failed" if r["lost"] else ""
        print(
            f"{name}: {args.bot} wins {100 * r['share']:.1f} % ({100 * low:.1f} to {100 * high:.1f}) "
            f"of {r['finished']} games on {r['kingdoms']} Kingdoms ({r['wins']} won, {r['ties']} tied{lost}), "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
