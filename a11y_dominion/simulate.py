"""Bot-only games for testing and balance: ``a11y-dominion simulate``."""

from __future__ import annotations

import time
import traceback

from .kingdoms import choose_setup
from .rules.game import Game, GameConfig
from .seats import make_bot, play_bots

MAX_TURNS = 400


def simulate(
    kinds: list, kingdom: str = "basic-intro", events=None, landmarks=None, games: int = 10, seed: int = 0
) -> dict:
    """Play ``games`` games between bots of ``kinds`` (seat order rotates).

    Returns ``{"games", "wins" (per seat label), "ties", "average_turns",
    "seconds", "games_per_second", "unfinished", "errors"}``; an exception
    in one game is recorded in ``errors`` and the others go on; a game that
    stalls (bots that trashed their decks away) is listed in ``unfinished``.
    """
    labels = [f"{i + 1}:{k}" for i, k in enumerate(kinds)]
    wins = {lb: 0 for lb in labels}
    ties = 0
    turns_total = 0
    finished = 0
    errors = []
    unfinished = []
    start = time.perf_counter()
    for g in range(games):
        gseed = seed * 100003 + g
        try:
            k, e, lm = choose_setup(kingdom, events, landmarks, gseed)
            shift = g % len(kinds)  # rotate who goes first
            order = list(range(len(kinds)))[shift:] + list(range(len(kinds)))[:shift]
            names = [f"P{i + 1}" for i in order]
            game = Game(GameConfig(names, k, e, lm, gseed))
            bots = {f"P{i + 1}": make_bot(kinds[i], gseed * 7 + i) for i in range(len(kinds))}
            problem = play_bots(game, bots, max_steps=MAX_TURNS * 200)
            if problem:
                unfinished.append({"game": g, "seed": gseed, "reason": problem})
                continue
            finished += 1
            turns_total += max(p.turns_taken for p in game.players)
            if len(game.winners) > 1:
                ties += 1
            else:
                wins[labels[int(game.winners[0][1:]) - 1]] += 1
        except Exception as exc:  # recorded, the other games go on
            errors.append(
                {
                    "game": g,
                    "seed": gseed,
                    "error": f"{type(exc).__name__}: {exc}",
                    "where": traceback.format_exc(limit=3).splitlines()[-3:],
                }
            )
    secs = time.perf_counter() - start
    return {
        "games": games,
        "wins": wins,
        "ties": ties,
        "average_turns": round(turns_total / finished, 2) if finished else 0,
        "seconds": round(secs, 3),
        "games_per_second": round(games / secs, 2) if secs else 0,
        "unfinished": unfinished,
        "errors": errors,
    }
