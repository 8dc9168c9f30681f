"""Bot-only games for testing and balance: ``a11y-dominion simulate``.

The games can be played in this process, spread over ``workers`` processes
of this computer (the standard library's :mod:`concurrent.futures`), or on
an existing Dask cluster (``scheduler``, the optional extra ``cluster``).
Each game's seed depends only on the run's seed and the game's number, and
the results are put together in game order, so every way gives the same
results (all but the time taken).
"""

from __future__ import annotations

import time
import traceback

from .kingdoms import choose_setup
from .rules.decisions import Msg
from .rules.game import Game, GameConfig
from .seats import make_bot, play_bots
from .table import quiet_seat

MAX_TURNS = 400

CHUNKS_PER_WORKER = 4
"""Games are sent to workers in about this many chunks per worker (fewer
round trips than one game at a time, and still an even spread)."""


class ClusterError(RuntimeError):
    """Raised when ``simulate`` cannot use the Dask cluster asked for (no
    dask installed, no scheduler at the address); ``args[0]`` is a :class:`Msg`."""


def play_game(kinds: list, kingdom: str, events, landmarks, seed: int, g: int, think_ms: int | None = None) -> dict:
    """Play game number ``g`` of a run with seed ``seed`` between bots of ``kinds``.

    Returns one plain record: ``{"game", "seed", "result"}`` and, by result,
    ``"winner"`` (a seat label) and ``"turns"`` for ``win``, ``"turns"`` for
    ``tie``, ``"reason"`` for ``unfinished``, ``"error"`` and ``"where"``
    for ``error`` (an exception in the game, which never escapes).
    """
    gseed = seed * 100003 + g
    try:
        k, e, lm = choose_setup(kingdom, events, landmarks, gseed)
        shift = g % len(kinds)  # rotate who goes first
        order = list(range(len(kinds)))[shift:] + list(range(len(kinds)))[:shift]
        names = [f"P{i + 1}" for i in order]
        game = Game(GameConfig(names, k, e, lm, gseed))
        bots = {f"P{i + 1}": make_bot(kinds[i], gseed * 7 + i, think_ms=think_ms) for i in range(len(kinds))}
        # no one reads the events of a game of bots that hear none: they need not be kept
        game.keep_log = not all(quiet_seat(b) for b in bots.values())
        problem = play_bots(game, bots, max_steps=MAX_TURNS * 200)
        if problem:
            return {"game": g, "seed": gseed, "result": "unfinished", "reason": problem}
        turns = max(p.turns_taken for p in game.players)
        if len(game.winners) > 1:
            return {"game": g, "seed": gseed, "result": "tie", "turns": turns}
        i = int(game.winners[0][1:]) - 1
        return {"game": g, "seed": gseed, "result": "win", "winner": f"{i + 1}:{kinds[i]}", "turns": turns}
    except Exception as exc:  # recorded, the other games go on
        return {
            "game": g,
            "seed": gseed,
            "result": "error",
            "error": f"{type(exc).__name__}: {exc}",
            "where": traceback.format_exc(limit=3).splitlines()[-3:],
        }


def play_games(
    kinds: list, kingdom: str, events, landmarks, seed: int, numbers: range, think_ms: int | None = None
) -> list:
    """:func:`play_game` for each game number in ``numbers``, in order (one
    worker's share of a run)."""
    return [play_game(kinds, kingdom, events, landmarks, seed, g, think_ms) for g in numbers]


def chunks(games: int, parts: int) -> list:
    """``range(games)`` cut into at most ``parts`` consecutive ranges of
    nearly equal size, in order."""
    parts = max(1, min(parts, games))
    size, extra = divmod(games, parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(range(start, end))
        start = end
    return out


def summarize(kinds: list, records: list, games: int, secs: float) -> dict:
    """The result of :func:`simulate` from the game records (in game order)."""
    labels = [f"{i + 1}:{k}" for i, k in enumerate(kinds)]
    wins = {lb: 0 for lb in labels}
    ties = 0
    turns_total = 0
    finished = 0
    errors = []
    unfinished = []
    for r in records:
        kind = r["result"]
        if kind == "error":
            errors.append({k: r[k] for k in ("game", "seed", "error", "where")})
        elif kind == "unfinished":
            unfinished.append({k: r[k] for k in ("game", "seed", "reason")})
        else:
            finished += 1
            turns_total += r["turns"]
            if kind == "tie":
                ties += 1
            else:
                wins[r["winner"]] += 1
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


def _on_workers(workers: int, args: tuple, games: int) -> list:
    from concurrent.futures import ProcessPoolExecutor

    parts = chunks(games, workers * CHUNKS_PER_WORKER)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_games, *args[:5], part, *args[5:]) for part in parts]
        return [r for f in futures for r in f.result()]


def _on_cluster(address: str, args: tuple, games: int) -> list:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            Msg(
                "simulate --scheduler needs Dask distributed, which is not installed; "
                "install it with: pip install 'a11y-dominion[cluster]'."
            )
        ) from None
    try:
        client = Client(address, timeout=5)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(
            Msg("No Dask scheduler answered at {address}: {reason}.", address=address, reason=str(e).rstrip("."))
        ) from None
    try:
        workers = max(1, sum(client.nthreads().values()))
        parts = chunks(games, workers * CHUNKS_PER_WORKER)
        futures = [client.submit(play_games, *args[:5], part, *args[5:], pure=False) for part in parts]
        return [r for part in client.gather(futures) for r in part]
    finally:
        client.close()


def simulate(
    kinds: list,
    kingdom: str = "basic-intro",
    events=None,
    landmarks=None,
    games: int = 10,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    think_ms: int | None = None,
) -> dict:
    """Play ``games`` games between bots of ``kinds`` (seat order rotates).

    Returns ``{"games", "wins" (per seat label), "ties", "average_turns",
    "seconds", "games_per_second", "unfinished", "errors"}``; an exception
    in one game is recorded in ``errors`` and the others go on; a game that
    stalls (bots that trashed their decks away) is listed in ``unfinished``.

    ``workers`` above 1 spreads the games over that many processes;
    ``scheduler`` (an address such as ``tcp://host:8786``) plays them on that
    Dask cluster instead. Either way every figure but ``seconds`` and
    ``games_per_second`` is the same as in one process with the same seed.
    ``think_ms`` bounds the ``hard`` bot's thinking per decision (None: its default).
    Raises :class:`ClusterError` when the cluster cannot be used.
    """
    args = (list(kinds), kingdom, events, landmarks, seed, think_ms)
    start = time.perf_counter()
    if scheduler:
        records = _on_cluster(scheduler, args, games)
    elif workers > 1 and games > 1:
        records = _on_workers(workers, args, games)
    else:
        records = play_games(*args[:5], range(games), think_ms)
    secs = time.perf_counter() - start
    return summarize(kinds, records, games, secs)
