#!/usr/bin/env python3
"""The same answers from the bots, before and after a change meant only to make them faster (prints digests).

It plays a fixed set of seeded games on random Kingdoms with their random Events and Landmarks,
set up and played as ``simulate`` plays them, and prints a SHA-256 digest of each group's games
and one of them all:

- ``medium`` against ``medium``, 2 players (600 games);
- ``medium``, 3 players (200 games);
- ``easy`` against ``medium`` (100 games: ``easy`` values every buy, not only those that may be best);
- ``medium`` against ``bmu`` and ``medium`` twice, 4 players (60 games);
- ``hard --rollouts 4`` against ``medium`` (30 games), with the results of every search of
  ``hard`` (its rollouts, rounds and each candidate's mean result, to the last bit);
- ``medium`` against ``medium`` with the first seat asked every decision (no plain turns) and
  its reason for every answer, as the console's ``hint`` gives it (40 games);
- the shipped strategies Smithy, Double Witch, Capital and Fortune, 4 players (40 games);
- the searches of ``benchmarks/bot_speed.py`` at its three buy decisions (``--rollouts 8``,
  rollouts to the end of the game and of 6 turns).

A game's digest covers its record (the setup, the seed and every answer, from which the rules
make every decision again). A change to the bots that makes them faster must leave every digest
as it was: an equal-valued tie broken another way changes an answer, and so a digest.

Usage: ``python3 benchmarks/bot_identity.py [--only GROUP] [--games-scale 1.0]`` (from the
project folder; ``--only`` plays one group, by the name printed; a scale below 1 plays fewer
games of each group, for a quick look). About a minute on one processor.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from a11y_dominion.bots.hard import HardBot  # noqa: E402
from a11y_dominion.bots.kinds import make_bot  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.record import dumps, make_record  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.seats import play_bots  # noqa: E402
from a11y_dominion.simulate import MAX_TURNS  # noqa: E402
from a11y_dominion.table import TurnLimit, quiet_seat  # noqa: E402

GROUPS = [
    ("medium-medium", ("medium", "medium"), 600, None),
    ("medium-x3", ("medium", "medium", "medium"), 200, None),
    ("easy-medium", ("easy", "medium"), 100, None),
    ("medium-bmu-medium-medium", ("medium", "bmu", "medium", "medium"), 60, None),
    ("hard4-medium", ("hard", "medium"), 30, 4),
    ("medium-explained", ("medium-explained", "medium"), 40, None),
    ("strategies", ("smithy", "double-witch", "capital", "fortune"), 40, None),
]
"""``(name, bot kinds in seat order, games, hard's rollouts)``: the groups of games."""


def play(kinds: tuple[str, ...], seed: int, rollouts: int | None) -> list[str]:
    """The texts that stand for one seeded game: its record, and the results of every search of a
    ``hard`` seat (in the order searched)."""
    k, e, lm = choose_setup("random", None, None, seed)
    names = [f"P{i + 1}" for i in range(len(kinds))]
    searches: list[str] = []
    bots = {}
    for i, kind in enumerate(kinds):
        explained = kind.endswith("-explained")
        base = kind.removesuffix("-explained")
        bot = (
            Watched(seed * 7 + i, searches, rollouts)
            if base == "hard"
            else make_bot(base, seed * 7 + i, rollouts=rollouts)
        )
        bots[names[i]] = Explained(bot, searches) if explained else TurnLimit(bot, MAX_TURNS)
    game = Game(GameConfig(names, k, e, lm, seed), keep_log=not all(quiet_seat(b) for b in bots.values()))
    problem = play_bots(game, bots, max_steps=MAX_TURNS * len(kinds) * 200)
    return [dumps(make_record(game)), repr(problem), *searches]


class Explained:
    """A seat of ``bot`` asked every decision, told every event, that writes the reason for each
    answer (see :meth:`~a11y_dominion.bots.medium.MediumBot.explain`) to ``out``."""

    kind = "explained"
    quick_view = False
    reads_scores = True
    hears_events = True

    def __init__(self, bot, out: list[str]):
        self.bot = bot
        self.out = out

    def tell(self, events) -> None:
        self.bot.tell(events)

    def decide(self, d, view):
        answer = self.bot.decide(d, view)
        why = self.bot.explain(view, d, answer)
        self.out.append(f"{why.template} {sorted((k, repr(v)) for k, v in why.args.items())}")
        return answer


class Watched(HardBot):
    """The ``hard`` bot ``make_bot("hard", seed, rollouts=rollouts)`` makes, which also writes the
    results of each of its searches to ``out`` (a class of its own: a compiled bot's methods cannot
    be replaced on the bot)."""

    def __init__(self, seed: int, out: list[str], rollouts: int | None):
        super().__init__(seed, rollouts=rollouts)
        self.out = out

    def search(self, view, cands, default):
        move = super().search(view, cands, default)
        s = dict(self.last_search)
        s.pop("seconds", None)
        self.out.append(json.dumps({k: repr(v) for k, v in sorted(s.items())}, sort_keys=True))
        return move


def speed_positions() -> list[str]:
    """The results of ``hard``'s searches at the buy decisions of ``benchmarks/bot_speed.py``."""
    import bot_speed

    out = []
    for name, d, view, told in bot_speed.positions():
        for horizon in (0, bot_speed.SHORT):
            bot = HardBot(1, rollouts=8, horizon=horizon)
            bot.tell(told)
            answer = bot.decide(d, view)
            s = dict(bot.last_search)
            s.pop("seconds", None)
            out.append(f"{name} {horizon} {answer!r} {sorted((k, repr(v)) for k, v in s.items())}")
    return out


def digest(texts: list[str]) -> str:
    """SHA-256 of the texts' own SHA-256 digests, in order."""
    h = hashlib.sha256()
    for t in texts:
        h.update(hashlib.sha256(t.encode()).digest())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="play this group alone (a name printed), or 'speed' for the searches")
    ap.add_argument("--games-scale", type=float, default=1.0, help="play this share of each group's games (1)")
    a = ap.parse_args()
    every: list[str] = []
    for name, kinds, games, rollouts in GROUPS:
        if a.only and a.only != name:
            continue
        t0 = time.process_time()
        n = max(1, round(games * a.games_scale))
        texts = [t for seed in range(1, n + 1) for t in play(kinds, seed, rollouts)]
        every.append(digest(texts))
        print(f"{name:26} {n:4} games  {every[-1]}  ({time.process_time() - t0:.1f} s)", flush=True)
    if not a.only or a.only == "speed":
        t0 = time.process_time()
        texts = speed_positions()
        every.append(digest(texts))
        print(f"{'speed':26} {len(texts):4} searches {every[-1]}  ({time.process_time() - t0:.1f} s)", flush=True)
    print(f"{'all':26}            {digest(every)}")


if __name__ == "__main__":
    main()
