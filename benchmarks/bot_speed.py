#!/usr/bin/env python3
"""How fast the bots decide (prints figures).

Three figures, each the mean over ``--rounds`` rounds with its 95 % interval
(Student's t over the rounds), all in processor time (``time.process_time``)
so that other work of the machine weighs little:

- (a) ``medium`` against ``medium`` on random Kingdoms (with their random
  Events and Landmarks), as ``simulate`` plays them: games per processor-second,
  and its ratio to the floor, the bare Big Money loop of
  ``shared/tools/bm_floor.py`` (a pure-Python mirror with no rules engine), which
  is measured in the same run, round by round between the bot games (as
  ``benchmarks/speed_ratio.py`` measures it);
- (b) the ``hard`` bot's rollouts per processor-second at a few typical buy
  decisions (an early, a middle and a late one of seeded ``medium`` games),
  with ``--rollouts`` bounding its rounds, so that the work is the same in
  every round and every version: rollouts played to the end of the game (as
  ``hard`` plays them), then rollouts of ``SHORT`` turns, the length the
  first measures of the search had;
- (c) the time the console's ``hint`` takes at those buy decisions, with its
  own default bound (the bot told the seat's events, as the console tells it).

Usage: ``python3 benchmarks/bot_speed.py [--rounds 7] [--games 40] [--rollouts 8]
[--floor PATH]`` (from the project folder; ``--floor`` defaults to
``../shared/tools/bm_floor.py``). This is a script, not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from a11y_dominion.bots.hard import HardBot  # noqa: E402
from a11y_dominion.bots.hint import advise  # noqa: E402
from a11y_dominion.bots.medium import MediumBot  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.rules.decisions import Kind, MoveKind  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.simulate import simulate  # noqa: E402
from a11y_dominion.table import StopTable, Table  # noqa: E402
from a11y_dominion.view import player_view  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed_ratio import load_floor  # noqa: E402

T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}
"""Student's t at 95 % (two-sided) by the number of rounds (df = rounds - 1); 1.96 beyond."""


def interval(values: list) -> str:
    """``mean (low to high)``, the 95 % interval of the mean of ``values``."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return f"{m:.4g}"
    half = T95.get(len(values), 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return f"{m:.4g} ({m - half:.4g} to {m + half:.4g})"


def floor_rate(play_game, games: int, seed: int) -> float:
    """Floor games per processor-second."""
    rng = random.Random(seed)
    t0 = time.process_time()
    for _ in range(games):
        play_game(rng)
    return games / (time.process_time() - t0)


def medium_rate(games: int, seed: int) -> float:
    """``medium`` mirror games per processor-second on random Kingdoms."""
    t0 = time.process_time()
    res = simulate(["medium", "medium"], kingdom="random", games=games, seed=seed)
    secs = time.process_time() - t0
    if res["errors"]:
        raise SystemExit(f"medium games failed: {res['errors'][0]}")
    return games / secs


class _Stop:
    """A medium seat that stops the table at the first buy decision of its turn ``turn`` or later
    where it has a card to buy other than Copper and Curse."""

    def __init__(self, seed: int, turn: int):
        self.bot = MediumBot(seed)
        self.turn = turn

    def tell(self, events: list) -> None:
        self.bot.tell(events)

    def decide(self, d, view):
        t = view.turn
        if d.kind is Kind.TURN and t.phase == "buy" and t.own_number >= self.turn and t.coins >= 5 and not t.bought:
            kinds = {m.kind for m in d.options}
            if not view.me.debt and MoveKind.BUY in kinds and MoveKind.TREASURES not in kinds:
                raise StopTable("here")
        return self.bot.decide(d, view)


def buy_position(seed: int, turn: int) -> tuple:
    """``(decision, view, told)``: the first buy decision of P1 with 5 coins or more at its turn
    ``turn`` or later in the seeded ``medium`` mirror on a random Kingdom, its view and the events
    P1 was told; None when the game ends before."""
    k, e, lm = choose_setup("random", None, None, seed)
    game = Game(GameConfig(["P1", "P2"], k, e, lm, seed))
    table = Table(game, {"P1": _Stop(seed * 7, turn), "P2": MediumBot(seed * 7 + 1)}, max_answers=20000)
    if table.run() != "here":
        return None
    return game.pending, player_view(game, "P1", scores=False), table.events_for("P1")


POSITIONS = ((5, 1), (9, 30), (14, 60))
"""The buy decisions measured: (P1's turn from which, the first game seed tried)."""


SHORT = 6
"""The turns (of all players) of a short rollout, as the first measures of the search had them."""


def positions(wanted=POSITIONS) -> list:
    """For each (turn, seed) of ``wanted``, the buy position (see :func:`buy_position`) of the first
    game from that seed on where the hard bot searches (two buys or more are worth it)."""
    out = []
    for turn, first in wanted:
        for seed in range(first, first + 200):
            pos = buy_position(seed, turn)
            if pos is None:
                continue
            d, view, told = pos
            bot = HardBot(0, rollouts=1)
            bot.tell(told)
            bot.decide(d, view)
            if bot.last_search:
                out.append((f"turn {view.turn.own_number}, {view.turn.coins} coins, seed {seed}", d, view, told))
                break
    return out


def rollout_rate(pos: tuple, rollouts: int, seed: int, horizon: int = 0) -> float:
    """The hard bot's rollouts per processor-second at ``pos`` with ``rollouts`` rounds at most,
    each played to the end of the game (``horizon`` 0) or for ``horizon`` turns."""
    _name, d, view, told = pos
    bot = HardBot(seed, rollouts=rollouts, horizon=horizon)
    bot.tell(told)
    t0 = time.process_time()
    bot.decide(d, view)
    secs = time.process_time() - t0
    return bot.last_search["rollouts"] / secs


def hint_seconds(pos: tuple, seed: int) -> float:
    """Wall-clock seconds ``hint`` takes at ``pos`` with its default bound."""
    _name, d, view, told = pos
    t0 = time.perf_counter()
    advise(d, view, told, None, seed)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7, help="rounds; each figure is their mean and 95 %% interval (7)")
    ap.add_argument("--games", type=int, default=40, help="medium games per round (40)")
    ap.add_argument("--floor-games", type=int, default=3000, help="floor games per round (3000)")
    ap.add_argument("--rollouts", type=int, default=8, help="the hard bot's --rollouts at each decision (8)")
    ap.add_argument("--floor", type=Path, default=ROOT.parent / "shared" / "tools" / "bm_floor.py")
    a = ap.parse_args()
    play_game = load_floor(a.floor)
    if play_game is None:
        print(f"No bm_floor.py at {a.floor}; give its place with --floor. No ratio to the floor.")
    pos = positions()
    floor, medium, ratio = [], [], []
    rollouts: dict = {p[0]: [] for p in pos}
    short: dict = {p[0]: [] for p in pos}
    hints: dict = {p[0]: [] for p in pos}
    for r in range(a.rounds):  # interleaved, so that the machine's other work weighs on every figure alike
        m = medium_rate(a.games, 1000 + r)
        medium.append(m)
        if play_game is not None:
            f = floor_rate(play_game, a.floor_games, 12345 + r)
            floor.append(f)
            ratio.append(f / m)
        for p in pos:
            rollouts[p[0]].append(rollout_rate(p, a.rollouts, r))
            short[p[0]].append(rollout_rate(p, a.rollouts, r, SHORT))
            hints[p[0]].append(hint_seconds(p, r))
    print(f"Python {sys.version.split()[0]}; means of {a.rounds} rounds with their 95 % intervals")
    print(f"(a) medium vs medium, random Kingdoms: {interval(medium)} games per processor-second")
    if play_game is not None:
        print(f"    floor (bm_floor.py): {interval(floor)} games per processor-second")
        print(f"    medium is 1/{interval(ratio)} of the floor")
    print(f"(b) hard, --rollouts {a.rollouts}, rollouts per processor-second:")
    for name, values in rollouts.items():
        print(f"    {name}: {interval(values)}")
    print(f"    the same with rollouts of {SHORT} turns (of all players), as the first measures had them:")
    for name, values in short.items():
        print(f"    {name}: {interval(values)}")
    print("(c) hint at a buy decision, seconds (wall clock):")
    for name, values in hints.items():
        print(f"    {name}: {interval(values)}; most {max(values):.3g}")


if __name__ == "__main__":
    main()
