"""Bot-only games for testing and balance: ``a11y-dominion simulate``.

The games can be played in this process, spread over ``workers`` processes
of this computer (the standard library's :mod:`multiprocessing`), or on
an existing Dask cluster (``scheduler``, the optional extra ``cluster``).
Each game's seed depends only on the run's seed and the game's number, and
the results are put together in game order, so every way gives the same
results (all but the time taken).
"""

from __future__ import annotations

import math
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, TypedDict

from .bots.kinds import make_bot
from .kingdoms import choose_setup
from .rules import events as ev
from .rules.decisions import Msg
from .rules.game import Game, GameConfig
from .seats import play_bots
from .table import TurnLimit, quiet_seat

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext
    from multiprocessing.pool import AsyncResult, Pool

MAX_TURNS = 400
"""A game still going after this many turns of one player stops, listed as unfinished (stalled)."""


CHUNKS_PER_WORKER = 4
"""Games are sent to workers in about this many chunks per worker (fewer
round trips than one game at a time, and still an even spread)."""


WAKE_SECONDS = 0.2
"""How long the wait for the workers' games lasts at a time: Ctrl+C is seen between two
waits (on Windows a wait without an end is not broken off by it)."""


Progress = Callable[[int], object]
"""A progress callback: ``progress(n)`` is called as ``n`` more games have been played."""


class SeatStats(TypedDict):
    """What one seat did in one game (see :func:`seat_stats`): card or Event name to
    the number ``bought`` and card name to the number ``played``, and its ``score``
    parts (``victory_cards``, ``vp_tokens``, ``landmarks``, ``total``: VP)."""

    bought: dict[str, int]
    played: dict[str, int]
    score: dict[str, int]


class _GameRecordKeys(TypedDict):
    game: int
    seed: int
    result: str


class GameRecord(_GameRecordKeys, total=False):
    """The record of one game (see :func:`play_game`): ``game`` (its number), ``seed``
    and ``result`` (win, tie, unfinished or error) always; by result, ``winner`` (a seat
    label), ``tied`` (seat labels), ``turns``, ``reason``, ``error`` and ``where`` (the
    last lines of the traceback); with statistics, ``stats`` per seat label."""

    winner: str
    tied: list[str]
    turns: int
    reason: str
    error: str
    where: list[str]
    stats: dict[str, SeatStats]


class UnfinishedGame(TypedDict):
    """A game that did not end: its number, seed and the sentence that says why."""

    game: int
    seed: int
    reason: str


class GameError(TypedDict):
    """A game that raised: its number, seed, the exception and the last lines of its traceback."""

    game: int
    seed: int
    error: str
    where: list[str]


class SeatResult(TypedDict):
    """One seat's result over a run: ``wins``, ``ties``, ``share`` (0 to 1) and its 95 % ``interval``."""

    wins: int
    ties: int
    share: float
    interval: list[float]


class SeatSummary(TypedDict):
    """One seat's statistics over a run (see :func:`_stats_summary`)."""

    games: int
    bought_per_game: dict[str, float]
    played_per_game: dict[str, float]
    average_score: dict[str, float]


class _ResultKeys(TypedDict):
    games: int
    finished: int
    wins: dict[str, int]
    ties: int
    seats: dict[str, SeatResult]
    interval_method: str
    average_turns: float
    seconds: float
    games_per_second: float
    unfinished: list[UnfinishedGame]
    errors: list[GameError]


class KingdomPlayed(TypedDict):
    """A setup the games of a run were played with: the Kingdom's piles in the Supply's order
    (the order a game uses), its Events and Landmarks, and in how many of the games."""

    kingdom: list[str]
    events: list[str]
    landmarks: list[str]
    games: int


class SimulateResult(_ResultKeys, total=False):
    """The result of :func:`simulate` (see there); ``stats`` only with statistics."""

    stats: dict[str, SeatSummary]
    kingdoms: list[KingdomPlayed]


def game_seed(seed: int, g: int) -> int:
    """The seed of game number ``g`` of a run with seed ``seed`` (its setup and shuffles)."""
    return seed * 100003 + g


def kingdoms_played(
    kingdom: str, events: str | None, landmarks: str | None, games: int, seed: int
) -> list[KingdomPlayed]:
    """The setups the ``games`` games of a run with seed ``seed`` are played with, in the order
    they first come: one for a Kingdom named, one per game or so for a random one (each game's
    seed chooses its own). Raises :class:`~a11y_dominion.kingdoms.KingdomError` as
    :func:`~a11y_dominion.kingdoms.choose_setup` does."""
    from .rules.setup import resolve_kingdom

    chosen = "random" in " ".join(x or "" for x in (kingdom, events, landmarks)).lower()
    out: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], int] = {}
    for g in range(games if chosen else 1):
        k, e, lm = choose_setup(kingdom, events, landmarks, game_seed(seed, g))
        key = (tuple(resolve_kingdom(k)), tuple(e), tuple(lm))
        out[key] = out.get(key, 0) + (1 if chosen else games)
    return [{"kingdom": list(k), "events": list(e), "landmarks": list(lm), "games": n} for (k, e, lm), n in out.items()]


class ClusterError(RuntimeError):
    """Raised when ``simulate`` cannot use the Dask cluster asked for (no
    dask installed, no scheduler at the address); ``args[0]`` is a :class:`Msg`."""


def seat_label(number: int, kind: str) -> str:
    """The label of seat ``number`` (from 1) of bot ``kind`` in results: ``"1:medium"``; a
    strategy file by its name without folder and ending (``"2:mine"`` for ``/bots/mine.toml``),
    as ``play`` names its seat."""
    shown = PurePath(kind).stem if kind.lower().endswith(".toml") else kind
    return f"{number}:{shown}"


def seat_stats(game: Game, kinds: Sequence[str]) -> dict[str, SeatStats]:
    """Per seat label (``"1:medium"``): what the seat ``bought`` (cards and
    Events) and ``played`` (card name to count, from the game's log) and its
    score parts at the end (``victory_cards``: the VP of its cards, Curses
    included; ``vp_tokens``; ``landmarks``; ``total``)."""
    label = {f"P{i + 1}": seat_label(i + 1, k) for i, k in enumerate(kinds)}
    bought: dict[str, Counter[str]] = {lb: Counter() for lb in label.values()}
    played: dict[str, Counter[str]] = {lb: Counter() for lb in label.values()}
    e: Any  # an event of the type ``t`` tested below (a test of ``type(e)`` kept aside does not narrow it)
    for e in game.log:
        t = type(e)
        if t is ev.CardBought:
            bought[label[e.player]][e.card] += 1
        elif t is ev.EventBought:
            bought[label[e.player]][e.event] += 1
        elif t is ev.CardPlayed:
            played[label[e.player]][e.card] += 1
    out: dict[str, SeatStats] = {}
    for p in game.players:
        b = game.score_breakdown(p)
        lb = label[p.name]
        out[lb] = {
            "bought": dict(bought[lb]),
            "played": dict(played[lb]),
            "score": {
                "victory_cards": b["cards"],
                "vp_tokens": b["tokens"],
                "landmarks": sum(b["landmarks"].values()),
                "total": b["total"],
            },
        }
    return out


def play_game(
    kinds: Sequence[str],
    kingdom: str,
    events: str | None,
    landmarks: str | None,
    seed: int,
    g: int,
    think_ms: int | None = None,
    stats: bool = False,
    max_turns: int = MAX_TURNS,
    rollouts: int | None = None,
) -> GameRecord:
    """Play game number ``g`` of a run with seed ``seed`` between bots of ``kinds``.

    Returns one plain record: ``{"game", "seed", "result"}`` and, by result,
    ``"winner"`` (a seat label) and ``"turns"`` for ``win``, ``"tied"``
    (the tied seats' labels) and ``"turns"`` for ``tie``, ``"reason"`` for
    ``unfinished``, ``"error"`` and ``"where"`` for ``error`` (an exception
    in the game, which never escapes). With ``stats`` a finished game's
    record also has ``"stats"`` (see :func:`seat_stats`). A game with a
    turn beyond ``max_turns`` (one player's turns) is stopped as unfinished.
    ``rollouts``: the ``hard`` bot's rollouts per candidate buy instead of a
    time bound (see :func:`~a11y_dominion.bots.kinds.make_bot`).
    """
    gseed = game_seed(seed, g)
    try:
        k, e, lm = choose_setup(kingdom, events, landmarks, gseed)
        shift = g % len(kinds)  # rotate who goes first
        order = list(range(len(kinds)))[shift:] + list(range(len(kinds)))[:shift]
        names = [f"P{i + 1}" for i in order]
        bots = {
            f"P{i + 1}": TurnLimit(make_bot(kinds[i], gseed * 7 + i, think_ms=think_ms, rollouts=rollouts), max_turns)
            for i in range(len(kinds))
        }
        # no one reads the events of a game of bots that hear none (and no --stats): they need not be kept
        keep = stats or not all(quiet_seat(b) for b in bots.values())
        game = Game(GameConfig(names, k, e, lm, gseed), keep_log=keep)
        problem = play_bots(game, bots, max_steps=max_turns * len(kinds) * 200)
        if problem:
            return {"game": g, "seed": gseed, "result": "unfinished", "reason": problem}
        turns = max(p.turns_taken for p in game.players)
        labels = sorted(int(w[1:]) for w in game.winners)
        rec: GameRecord
        if len(labels) > 1:
            rec = {"game": g, "seed": gseed, "result": "tie", "tied": [seat_label(i, kinds[i - 1]) for i in labels]}
        else:
            rec = {"game": g, "seed": gseed, "result": "win", "winner": seat_label(labels[0], kinds[labels[0] - 1])}
        rec["turns"] = turns
        if stats:
            rec["stats"] = seat_stats(game, kinds)
        return rec
    except Exception as exc:  # recorded, the other games go on
        return {
            "game": g,
            "seed": gseed,
            "result": "error",
            "error": f"{type(exc).__name__}: {exc}",
            "where": traceback.format_exc(limit=3).splitlines()[-3:],
        }


def play_games(
    kinds: Sequence[str],
    kingdom: str,
    events: str | None,
    landmarks: str | None,
    seed: int,
    numbers: range,
    think_ms: int | None = None,
    stats: bool = False,
    progress: Progress | None = None,
    max_turns: int = MAX_TURNS,
    rollouts: int | None = None,
) -> list[GameRecord]:
    """:func:`play_game` for each game number in ``numbers``, in order (one
    worker's share of a run); ``progress(1)`` is called after each game."""
    out: list[GameRecord] = []
    for g in numbers:
        out.append(play_game(kinds, kingdom, events, landmarks, seed, g, think_ms, stats, max_turns, rollouts))
        if progress is not None:
            progress(1)
    return out


def chunks(games: int, parts: int) -> list[range]:
    """``range(games)`` cut into at most ``parts`` consecutive ranges of
    nearly equal size, in order."""
    parts = max(1, min(parts, games))
    size, extra = divmod(games, parts)
    out: list[range] = []
    start = 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(range(start, end))
        start = end
    return out


Z95 = 1.959963984540054
INTERVAL_METHOD = "Wilson score interval, 95 %"


def wilson(share: float, n: int, z: float = Z95) -> list[float]:
    """The Wilson score interval ``[low, high]`` of a share ``share`` (0 to 1)
    observed in ``n`` games (ties counted half), rounded to 4 places;
    ``[0.0, 1.0]`` for no games."""
    if n <= 0:
        return [0.0, 1.0]
    z2 = z * z
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _stats_summary(labels: list[str], records: list[GameRecord]) -> dict[str, SeatSummary]:
    """Per seat label: ``games`` (finished), ``bought_per_game`` and
    ``played_per_game`` (card or Event name to the average count per game,
    most first) and ``average_score`` (``victory_cards``, ``vp_tokens``,
    ``landmarks``, ``total``: averages per game), from the records' ``stats``."""
    out: dict[str, SeatSummary] = {}
    for lb in labels:
        bought: Counter[str] = Counter()
        played: Counter[str] = Counter()
        parts: Counter[str] = Counter()
        n = 0
        for r in records:
            st = r.get("stats")
            if not st or lb not in st:
                continue
            n += 1
            bought.update(st[lb]["bought"])
            played.update(st[lb]["played"])
            parts.update(st[lb]["score"])

        def avg(c: Counter[str], n: int = n) -> dict[str, float]:
            return {k: round(v / n, 3) for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))} if n else {}

        out[lb] = {
            "games": n,
            "bought_per_game": avg(bought),
            "played_per_game": avg(played),
            "average_score": {
                k: round(parts[k] / n, 2) if n else 0 for k in ("victory_cards", "vp_tokens", "landmarks", "total")
            },
        }
    return out


def summarize(
    kinds: Sequence[str], records: list[GameRecord], games: int, secs: float, stats: bool = False
) -> SimulateResult:
    """The result of :func:`simulate` from the game records (in game order)."""
    labels = [seat_label(i + 1, k) for i, k in enumerate(kinds)]
    wins = {lb: 0 for lb in labels}
    tied = {lb: 0 for lb in labels}
    ties = 0
    turns_total = 0
    finished = 0
    errors: list[GameError] = []
    unfinished: list[UnfinishedGame] = []
    for r in records:
        kind = r["result"]
        if kind == "error":
            errors.append({"game": r["game"], "seed": r["seed"], "error": r["error"], "where": r["where"]})
        elif kind == "unfinished":
            unfinished.append({"game": r["game"], "seed": r["seed"], "reason": r["reason"]})
        else:
            finished += 1
            turns_total += r["turns"]
            if kind == "tie":
                ties += 1
                for lb in r["tied"]:
                    tied[lb] += 1
            else:
                wins[r["winner"]] += 1
    seats: dict[str, SeatResult] = {}
    for lb in labels:
        share = (wins[lb] + tied[lb] / 2) / finished if finished else 0.0
        seats[lb] = {"wins": wins[lb], "ties": tied[lb], "share": round(share, 4), "interval": wilson(share, finished)}
    out: SimulateResult = {
        "games": games,
        "finished": finished,
        "wins": wins,
        "ties": ties,
        "seats": seats,
        "interval_method": INTERVAL_METHOD,
        "average_turns": round(turns_total / finished, 2) if finished else 0,
        "seconds": round(secs, 3),
        "games_per_second": round(games / secs, 2) if secs else 0,
        "unfinished": unfinished,
        "errors": errors,
    }
    if stats:
        out["stats"] = _stats_summary(labels, records)
    return out


def _parts(games: int, workers: int, progress: Progress | None) -> list[range]:
    # more, smaller chunks when progress is shown (the results do not depend on the cut)
    return chunks(games, workers * CHUNKS_PER_WORKER * (5 if progress is not None else 1))


def leave_ctrl_c_to_the_parent() -> None:
    """The start of a worker process: Ctrl+C, which the terminal (or Windows' console)
    gives every process of the program, is ignored here; the parent stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_RunArgs = tuple[list[str], str, str | None, str | None, int, int | None, bool, None, int, int | None]
"""The arguments of :func:`play_games` but ``numbers``, in order (``progress`` None): what a
worker process or a cluster is given."""


def worker_pool(workers: int, context: BaseContext | None = None) -> Pool:
    """A :class:`multiprocessing.pool.Pool` of ``workers`` processes (``context``: a
    multiprocessing context; the system's own start method unless given: fork on Linux,
    spawn on Windows and macOS) that leave Ctrl+C to this process
    (:func:`leave_ctrl_c_to_the_parent`)."""
    import multiprocessing

    return (context or multiprocessing.get_context()).Pool(workers, initializer=leave_ctrl_c_to_the_parent)


def _on_workers(
    workers: int,
    args: _RunArgs,
    games: int,
    progress: Progress | None = None,
    context: BaseContext | None = None,
) -> list[GameRecord]:
    """The records of ``games`` games played by ``workers`` processes, in game order.
    ``progress(n)`` is called as ``n`` more games are played. Ctrl+C (KeyboardInterrupt),
    or anything else that stops the wait, ends the workers at once (the games being
    played are left) and goes on up."""
    parts = _parts(games, workers, progress)
    pool = worker_pool(workers, context)
    try:
        asked = [(len(part), pool.apply_async(play_games, (*args[:5], part, *args[5:]))) for part in parts]
        pending = list(asked)
        while pending:
            pending[0][1].wait(WAKE_SECONDS)
            left: list[tuple[int, AsyncResult[list[GameRecord]]]] = []
            for n, result in pending:
                if not result.ready():
                    left.append((n, result))
                elif progress is not None:
                    progress(n)
            pending = left
        records = [r for _n, result in asked for r in result.get()]
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return records


def _on_cluster(address: str, args: _RunArgs, games: int, progress: Progress | None = None) -> list[GameRecord]:
    try:
        from distributed import Client, as_completed
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
        parts = _parts(games, workers, progress)
        futures = [client.submit(play_games, *args[:5], part, *args[5:], pure=False) for part in parts]
        if progress is not None:
            sizes = {f.key: len(part) for f, part in zip(futures, parts, strict=True)}
            for f in as_completed(futures):
                progress(sizes[f.key])
        return [r for part in client.gather(futures) for r in part]
    finally:
        client.close()


def simulate(
    kinds: Sequence[str],
    kingdom: str = "basic-intro",
    events: str | None = None,
    landmarks: str | None = None,
    games: int = 10,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    think_ms: int | None = None,
    stats: bool = False,
    progress: Progress | None = None,
    max_turns: int = MAX_TURNS,
    rollouts: int | None = None,
) -> SimulateResult:
    """Play ``games`` games between bots of ``kinds`` (seat order rotates).

    Returns ``{"games", "finished", "wins" (per seat label), "ties" (games
    tied), "seats", "interval_method", "average_turns", "seconds",
    "games_per_second", "unfinished", "errors", "kingdoms"}`` (``kingdoms``:
    the setups played, see :func:`kingdoms_played`). ``seats`` gives each seat
    label its ``wins``, ``ties`` (games it tied for the win), ``share`` (wins
    plus half the ties, over the finished games) and ``interval``: the 95 %
    Wilson score interval of that share. With ``stats``, ``"stats"`` gives
    per seat what it bought and played and its average score parts (see
    :func:`_stats_summary`). An exception in one game is recorded in
    ``errors`` and the others go on; a game that stalls (bots that trashed
    their decks away) is listed in ``unfinished``.

    ``workers`` above 1 spreads the games over that many processes;
    ``scheduler`` (an address such as ``tcp://host:8786``) plays them on that
    Dask cluster instead. Either way every figure but ``seconds`` and
    ``games_per_second`` is the same as in one process with the same seed.
    ``think_ms`` bounds the ``hard`` bot's thinking per decision (None: its
    default), ``rollouts`` its rollouts per candidate buy instead (None: no
    such bound). ``progress(n)``, when given, is called as ``n`` more games
    have been played. A game still going after ``max_turns`` turns of one
    player is stopped and listed in ``unfinished``. Raises
    :class:`ClusterError` when the cluster cannot be used.
    """
    args: _RunArgs = (list(kinds), kingdom, events, landmarks, seed, think_ms, stats, None, max_turns, rollouts)
    start = time.perf_counter()
    if scheduler:
        records = _on_cluster(scheduler, args, games, progress)
    elif workers > 1 and games > 1:
        records = _on_workers(workers, args, games, progress)
    else:
        records = play_games(*args[:5], range(games), think_ms, stats, progress, max_turns, rollouts)
    secs = time.perf_counter() - start
    res = summarize(kinds, records, games, secs, stats)
    res["kingdoms"] = kingdoms_played(kingdom, events, landmarks, games, seed)
    return res
