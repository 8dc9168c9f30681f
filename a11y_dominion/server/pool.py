"""The server's bots, outside the event loop: two pools of worker processes.

Every bot of a server's table decides in a worker process, never in the event loop, so
that one table's ``hard`` bot does not delay another table's announcements. There are two
pools (:class:`BotPools`): the *quick* pool for every kind but ``hard``, and the *think*
pool for ``hard`` bots (and hints, :meth:`PoolTable.hint`). Their sizes come from the
operator's file (``[bots]`` of :mod:`.config`, :func:`pool_sizes`).

- **A worker** is one :class:`multiprocessing.Process` with a ``Pipe`` each way, started
  with the ``forkserver`` method on POSIX and ``spawn`` on Windows (:func:`start_method`),
  so that no state of the server's loop is forked. Two threads of the server per worker
  send its requests and read its replies, so the loop never waits on a pipe.
- **A table is pinned to one worker** of each pool it uses (:meth:`BotPool.open`, the
  worker with the fewest tables). The worker holds a *replica* of the table's game: it is
  replayed from the game's record when opened, then kept in step by the answers given
  since the last request, sent with each request. A request is a tuple of plain data:
  ``("decide", id, key, n, seat, answers, attempt, fallback)``, "seat ``seat`` decides at
  answer ``n``"; the worker builds the seat's view and the bot's events itself, so no view
  and no event crosses the pipe. A bot is a function of its kind, its seed and its
  events, reseeded by the answers before its decision, so the replica's bot answers as
  one in the loop would, and a game played through the pool has the record it has at a
  table of in-process bots.
- **The loop never trusts a worker**: the answer goes through the table as any seat's.
  A replica that is not at answer ``n`` with ``seat`` to answer says ``resync``, and the
  table's replica is opened again from the record (the same after an undo or a restored
  game: :meth:`PoolBot.relearn`).
- **A watchdog**: a worker that works on one request longer than its pool's ``limit``
  (seconds) is killed and replaced, and the stuck decision is answered by
  :data:`FALLBACK` (``medium``) on the new worker's replica; the server's log says so.
- **A worker that dies** is replaced, its tables opened again from their records, and
  its pending requests asked again; a request whose worker died twice while on it is
  answered by :data:`FALLBACK`.

:class:`PoolBot` is the table's seat (:class:`~a11y_dominion.table.Seat`): its ``decide``
returns an awaitable that :meth:`~a11y_dominion.table.Table.run_async` awaits.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

from ..bots.simple import RandomBot
from ..record import answer_data, make_record, replay
from ..rules.decisions import Decision, IllegalAnswer, Move, Msg
from ..rules.events import GameEvent
from ..rules.game import Game
from ..seats import LazyBot
from ..table import StopTable, Table
from ..view import PlayerView, redact_all
from .config import BotsSection

log = logging.getLogger("a11y_dominion.server.pool")

FALLBACK = "medium"
"""The bot kind that answers a decision whose bot was stuck or whose worker kept dying."""

QUICK_LIMIT = 5.0
"""The most seconds a quick pool's worker may work on one request before the watchdog
replaces it (a ``medium`` decision takes well under a millisecond)."""

THINK_MARGIN = 5.0
"""The seconds the think pool's watchdog allows beyond the ``hard`` bot's own think time."""

THINKING_AFTER = 2.0
"""The seconds after which a table may say that its bot is thinking (:attr:`PoolBot.thinking`)."""

BOT_ATTEMPTS = 5
"""The answers a bot may try for one decision (the first its own, then random legal ones)
before the table stops, as at the console's table."""

DEATHS_BEFORE_FALLBACK = 2
"""How many times a worker may die while on one request before :data:`FALLBACK` answers it."""

HARD = "hard"

PRELOAD = ("__main__", "a11y_dominion.server.pool", "a11y_dominion.bots.medium")
"""The modules the ``forkserver`` loads before it forks a worker."""


class PoolError(RuntimeError):
    """A bot of the pool could not answer: its worker could not be started, or the
    fallback bot failed too. ``args[0]`` is one sentence."""


class BotSpec(NamedTuple):
    """A seat's bot as a worker makes it: its ``kind`` (see
    :func:`~a11y_dominion.bots.kinds.make_bot`), ``seed``, the ``hard`` bot's ``think_ms``
    (None: its default) and ``rollouts`` (None: no bound)."""

    kind: str
    seed: int
    think_ms: int | None = None
    rollouts: int | None = None


def start_method(platform: str = sys.platform) -> str:
    """The :mod:`multiprocessing` start method of the workers on ``platform`` (a
    ``sys.platform`` value): ``spawn`` on Windows (``win32``), else ``forkserver``."""
    return "spawn" if platform == "win32" else "forkserver"


def pool_sizes(bots: BotsSection, cores: int | None) -> tuple[int, int]:
    """``(quick, think)``: the workers of each pool. ``bots``: the operator's ``[bots]``
    (a size it gives is kept); ``cores``: the machine's processors (``os.cpu_count()``,
    None when unknown, read as 2). Defaults: ``quick = max(1, cores // 4)`` and
    ``think = max(1, cores - 1 - quick)``, one each on two cores."""
    n = cores or 2
    quick = bots.quick_workers if bots.quick_workers is not None else max(1, n // 4)
    think = bots.think_workers if bots.think_workers is not None else max(1, n - 1 - quick)
    return quick, think


def think_limit(hard_think_ms: int) -> float:
    """The think pool's watchdog in seconds for ``hard`` bots that think ``hard_think_ms``
    milliseconds: that time and :data:`THINK_MARGIN`."""
    return hard_think_ms / 1000 + THINK_MARGIN


# ---------------------------------------------------------------- the worker's side
class _Mute:
    """A seat of a replica that no request asks (a seat of another pool): it hears nothing."""

    hears_events = False

    def decide(self, decision: Decision, view: PlayerView, /) -> Any:
        raise RuntimeError("a replica's table is never run")


class _ReplicaSeat:
    """A bot seat of a replica: told the seat's events as the loop's bot seat would be."""

    reads_scores = False

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec
        self.bot = LazyBot(spec.kind, spec.seed, think_ms=spec.think_ms, rollouts=spec.rollouts)

    def tell(self, events: list[GameEvent]) -> None:
        self.bot.tell(events)

    def relearn(self, events: list[GameEvent]) -> None:
        self.bot.relearn(events)

    def decide(self, decision: Decision, view: PlayerView, /) -> Any:
        raise RuntimeError("a replica's table is never run")


def _open(record: dict[str, Any], specs: Mapping[str, list[Any]]) -> Table:
    """The replica of a table: its game replayed from ``record``, a :class:`_ReplicaSeat`
    for each seat of ``specs`` (name -> the fields of a :class:`BotSpec`) that has learnt the
    game from its start, a mute seat for every other player."""
    game = replay(record)
    seats: dict[str, Any] = {}
    for p in game.players:
        spec = specs.get(p.name)
        seats[p.name] = _Mute() if spec is None else _ReplicaSeat(BotSpec(*spec))
    table = Table(game, seats)
    table.replace_game(game)
    return table


def _catch_up(table: Table, answers: list[Any]) -> tuple[Any, ...] | None:
    """Apply ``answers`` (answer data) to the replica ``table`` and tell its seats; returns
    ``("resync", have)`` when one does not fit (or the game is over), else None."""
    for a in answers:
        try:
            table.game.answer(a)
        except (IllegalAnswer, RuntimeError):
            return ("resync", len(table.game.answers))
    table.deliver()
    return None


def _decide(table: Table, n: int, name: str, answers: list[Any], attempt: int, fallback: str | None) -> tuple[Any, ...]:
    """Bring the replica ``table`` to answer ``n`` with ``answers`` (answer data) and answer
    for the seat ``name``: its bot's answer (reseeded by ``n``), a seeded random legal one
    for ``attempt`` > 0, or a new bot of ``fallback``'s kind that learns the seat's events.
    Returns ``("answer", data, ms)``, or ``("resync", have)`` when the replica is not at
    answer ``n`` with ``name`` to answer."""
    behind = _catch_up(table, answers)
    if behind is not None:
        return behind
    game = table.game
    d = game.pending
    seat = table.seats.get(name)
    if len(game.answers) != n or d is None or d.player != name or not isinstance(seat, _ReplicaSeat):
        return ("resync", len(game.answers))
    started = time.perf_counter()
    view = table.view(name)
    if attempt > 0:
        answer = RandomBot(seat.spec.seed + attempt).decide(d, view)
    elif fallback is not None:
        bot = LazyBot(fallback, seat.spec.seed)
        bot.relearn(redact_all(game.log, name))
        bot.reseed(n)
        answer = bot.decide(d, view)
    else:
        seat.bot.reseed(n)
        answer = seat.bot.decide(d, view)
    ms = (time.perf_counter() - started) * 1000
    # (a turn's answer is one Move, as the game reads it)
    return ("answer", answer_data([answer] if isinstance(answer, (str, Move)) else answer), ms)


def _hint(table: Table, n: int, name: str, think_ms: int | None, seed: int) -> tuple[Any, ...]:
    """The hint for the seat ``name`` of the replica ``table`` at answer ``n``:
    ``("hint", answer data, reason)`` (see :func:`~a11y_dominion.bots.hint.advise`), or
    ``("resync", have)``."""
    from ..bots.hint import advise

    game = table.game
    d = game.pending
    if len(game.answers) != n or d is None or d.player != name:
        return ("resync", len(game.answers))
    answer, reason = advise(d, table.view(name), redact_all(game.log, name), think_ms, seed)
    return ("hint", answer_data([answer] if isinstance(answer, (str, Move)) else answer), reason)


STOP_KEYS = ("SIGINT", "SIGBREAK", "SIGTERM")
"""The signals that stop the server and reach its workers too: Ctrl+C, and Ctrl+Break on Windows,
which the terminal or the console gives every process of the program, and SIGTERM, which
systemd's stop sends every process of the service."""


def leave_stops_to_the_server(system: Any = signal) -> list[int]:
    """The start of a worker: the signals of :data:`STOP_KEYS` that ``system`` has (the
    :mod:`signal` module unless given, or one that stands for another system's) are ignored
    here, and returned. The server stops its workers itself when it stops: a worker that
    ended at Ctrl+Break or SIGTERM (the default for both) would be taken for one that died,
    and the stopping server would start another in its place and open its tables there again."""
    ignored = [getattr(system, name) for name in STOP_KEYS if hasattr(system, name)]
    for number in ignored:
        system.signal(number, system.SIG_IGN)
    return ignored


def serve(requests: Connection, replies: Connection, initializer: Callable[[], None] | None = None) -> None:
    """A worker's life: read requests from ``requests`` until ``("stop",)`` or the pipe's
    end, each answered on ``replies`` in order. ``initializer`` (a function the worker can
    import) is called first; Ctrl+C and Ctrl+Break are left to the server
    (:func:`leave_stops_to_the_server`). Requests: ``("open", key, record,
    specs)`` and ``("close", key)``, without a reply; ``("decide", id, key, n, seat, answers,
    attempt, fallback)`` and ``("hint", id, key, n, seat, answers, think_ms, seed)``, each
    replied to with ``(what, id, ...)``: ``answer``, ``hint``, ``resync`` (also for a table
    that is not open) or ``failed`` (with one line saying why)."""
    leave_stops_to_the_server()
    if initializer is not None:
        initializer()
    replicas: dict[str, Table] = {}
    broken: dict[str, str] = {}
    while True:
        try:
            msg = requests.recv()
        except (EOFError, OSError):
            return
        what = msg[0]
        if what == "stop":
            return
        if what == "open":
            _, key, record, specs = msg
            replicas.pop(key, None)
            broken.pop(key, None)
            try:
                replicas[key] = _open(record, specs)
            except Exception as e:  # the loop hears it at the next request
                broken[key] = f"{type(e).__name__}: {e}"
            continue
        if what == "close":
            replicas.pop(msg[1], None)
            broken.pop(msg[1], None)
            continue
        request_id, key = msg[1], msg[2]
        table = replicas.get(key)
        try:
            if table is None:
                reply: tuple[Any, ...] = ("failed", broken[key]) if key in broken else ("resync", None)
            elif what == "decide":
                _, _, _, n, name, answers, attempt, fallback = msg
                reply = _decide(table, n, name, answers, attempt, fallback)
            else:
                _, _, _, n, name, answers, think_ms, seed = msg
                reply = _catch_up(table, answers) or _hint(table, n, name, think_ms, seed)
        except Exception as e:
            reply = ("failed", f"{type(e).__name__}: {e}")
        replies.send((reply[0], request_id, *reply[1:]))


# ---------------------------------------------------------------- the loop's side
@dataclass(eq=False)
class _Request:
    """A request waiting for its reply: a decision (``hint`` None) or a hint."""

    table: PoolTable
    seat: str
    n: int
    attempt: int
    future: asyncio.Future[Any]
    fallback: str | None = None
    hint: tuple[int | None, int] | None = None  # (think_ms, seed) of a hint
    deaths: int = 0
    resyncs: int = 0


class _Worker:
    """One worker process of a pool, as the loop sees it: its process, the queue its
    writer thread sends from, the requests waiting for a reply in the order sent, the
    tables pinned to it, and the watchdog of the request it works on."""

    def __init__(self, pool: BotPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.generation = 0
        self.process: Any = None
        self.box: queue.Queue[Any] = queue.Queue()
        self.waiting: dict[int, _Request] = {}
        self.tables: set[PoolTable] = set()
        self.timer: asyncio.TimerHandle | None = None
        self.since = 0.0  # when the worker began the request at the head of ``waiting``
        self.replaced = 0  # how many times it was replaced

    # -------------------------------------------------------- the process
    def launch(self) -> None:
        """Start a process, and the threads that send it requests and read its replies."""
        # (typeshed gives a context by a method's name no Process)
        ctx: Any = multiprocessing.get_context(self.pool.method)
        # two one-way pipes: each end is used by one thread only (the writer, the reader)
        their_requests, requests = ctx.Pipe(duplex=False)
        replies, their_replies = ctx.Pipe(duplex=False)
        process = ctx.Process(
            target=serve,
            args=(their_requests, their_replies, self.pool.initializer),
            daemon=True,
            name=f"a11y-dominion {self.pool.name} bots {self.index + 1}",
        )
        self.generation += 1
        self.process = process
        box: queue.Queue[Any] = queue.Queue()
        self.box = box
        generation, loop = self.generation, self.pool.loop
        try:
            # (in the loop's thread: a few milliseconds, the first start of the forkserver longer)
            process.start()
        except Exception as e:
            loop.call_soon(self.failed_to_start, generation, f"{type(e).__name__}: {e}")
            return
        finally:
            their_requests.close()
            their_replies.close()

        def tell(*call: Any) -> None:
            try:
                loop.call_soon_threadsafe(*call)
            except RuntimeError:  # the loop closed meanwhile
                pass

        def read() -> None:
            while True:
                try:
                    msg = replies.recv()
                except (EOFError, OSError):
                    break
                tell(self.replied, generation, msg)
            box.put(None)
            replies.close()
            process.join()
            tell(self.died, generation)

        threading.Thread(target=_write, args=(requests, box), daemon=True, name=f"{process.name} writer").start()
        threading.Thread(target=read, daemon=True, name=f"{process.name} reader").start()

    def failed_to_start(self, generation: int, why: str) -> None:
        """The process of ``generation`` could not start: every waiting request fails."""
        if generation != self.generation:
            return
        log.error("The %s bot worker %d could not start (%s).", self.pool.name, self.index + 1, why)
        for request in list(self.waiting.values()):
            self._finish(request, PoolError(Msg("A bot worker of the server could not start.")))
        self.waiting.clear()

    def died(self, generation: int) -> None:
        """The process of ``generation`` ended (not by :meth:`replace`): replace it."""
        if generation != self.generation or self.pool.closed:
            return
        log.warning(
            "The %s bot worker %d ended (exit code %s); a new one takes over its %d tables.",
            self.pool.name,
            self.index + 1,
            getattr(self.process, "exitcode", None),
            len(self.tables),
        )
        head = next(iter(self.waiting.values()), None)
        if head is not None:
            head.deaths += 1
            if head.deaths > DEATHS_BEFORE_FALLBACK:  # the fallback bot's worker died too
                del self.waiting[next(iter(self.waiting))]
                self._finish(head, PoolError(Msg("A bot of the server failed.")))
            elif head.deaths == DEATHS_BEFORE_FALLBACK:
                head.fallback = FALLBACK
        self.replace(kill=False)

    def replace(self, kill: bool = True) -> None:
        """A new process in place of this one (the old one killed with ``kill``): every
        pinned table is opened again from its record and every waiting request asked again."""
        self._disarm()
        old, box = self.process, self.box
        box.put(None)
        if kill and old is not None:
            try:
                old.kill()
            except (OSError, ValueError):  # (it ended meanwhile)
                pass
        self.replaced += 1
        self.launch()
        for table in self.tables:
            table.synced = None
        waiting = list(self.waiting.values())
        self.waiting.clear()
        for request in waiting:
            self.send(request)

    def stop(self) -> Any:
        """Ask the process to end (kill it when it is working on a request); returns it (or
        None) to be joined."""
        self._disarm()
        self.generation += 1  # its end is no death
        self.box.put(("stop",))
        self.box.put(None)
        if self.waiting and self.process is not None:
            try:
                self.process.kill()
            except (OSError, ValueError):
                pass
        return self.process

    # -------------------------------------------------------- requests
    def post(self, msg: tuple[Any, ...]) -> None:
        """Send ``msg`` (plain data) to the process, in order, without waiting."""
        self.box.put(msg)

    def send(self, request: _Request) -> None:
        """Send ``request``, after the table's replica is brought to its game: opened from
        the record when it is not in step, else given the answers since its last request. A
        request whose game went on meanwhile (an undo) is finished at once: a decision with
        an empty answer, which the table passes over, a hint with :class:`PoolError`."""
        table = request.table
        game = table.game()
        if len(game.answers) != request.n:
            # the game went on without this answer (an undo replaced it): nobody waits for it, and
            # the table passes over an answer to a decision no longer pending (Table._settle)
            stale = PoolError(Msg("The game went on before the hint was ready."))
            self._finish(request, ([], 0.0) if request.hint is None else stale)
            return
        have = table.synced
        if have is None or have > request.n:
            self.post(("open", table.key, make_record(game), table.specs))
            have = request.n
        answers = [answer_data(a) for a in game.answers[have : request.n]]
        table.synced = request.n
        request_id = next(self.pool.ids)
        if request.hint is None:
            msg: tuple[Any, ...] = (
                "decide",
                request_id,
                table.key,
                request.n,
                request.seat,
                answers,
                request.attempt,
                request.fallback,
            )
        else:
            msg = ("hint", request_id, table.key, request.n, request.seat, answers, *request.hint)
        if not self.waiting:
            self.since = time.monotonic()
        self.waiting[request_id] = request
        self.post(msg)
        self._arm()

    def replied(self, generation: int, msg: tuple[Any, ...]) -> None:
        """A reply of the process of ``generation``: the request it answers is done, asked
        again after a ``resync``, or asked of :data:`FALLBACK` after a failure."""
        if generation != self.generation:
            return
        request = self.waiting.pop(msg[1], None)
        self.since = time.monotonic()
        self._disarm()
        self._arm()
        if request is None:
            return
        what = msg[0]
        if what in ("answer", "hint"):
            self._finish(request, msg[2:])
        elif what == "resync":
            request.resyncs += 1
            if msg[2] is None:
                log.warning("The worker had no replica of table %s; it is opened again.", request.table.key)
            else:
                log.warning(
                    "The replica of table %s had %s answers, not %d; it is opened again.",
                    request.table.key,
                    msg[2],
                    request.n,
                )
            if request.resyncs > 2:
                self._finish(request, PoolError(Msg("A bot of the server could not follow its game.")))
                return
            request.table.synced = None
            self.send(request)
        else:
            log.warning("A bot at table %s failed (%s).", request.table.key, msg[2])
            if request.fallback is None and request.hint is None:
                request.fallback = FALLBACK
                self.send(request)
            else:
                self._finish(request, PoolError(Msg("A bot of the server failed.")))

    def _finish(self, request: _Request, result: Any) -> None:
        if request.future.done():
            return
        if isinstance(result, BaseException):
            request.future.set_exception(result)
        else:
            request.future.set_result(result)

    # -------------------------------------------------------- the watchdog
    def _arm(self) -> None:
        if self.timer is None and self.waiting:
            delay = max(0.0, self.since + self.pool.limit - time.monotonic())
            self.timer = self.pool.loop.call_later(delay, self._expired)

    def _disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expired(self) -> None:
        """The request the worker works on took longer than the pool's limit: the worker is
        replaced and :data:`FALLBACK` answers that request."""
        self.timer = None
        head = next(iter(self.waiting.values()), None)
        if head is None:
            return
        if time.monotonic() - self.since < self.pool.limit:
            self._arm()
            return
        kind = head.table.kind_of(head.seat)
        log.warning(
            "%s's %s bot took longer than %g s at table %s; %s answered.",
            head.seat,
            kind,
            self.pool.limit,
            head.table.key,
            FALLBACK,
        )
        head.fallback = FALLBACK
        self.replace(kill=True)


def _write(conn: Connection, box: queue.Queue[Any]) -> None:
    """A writer thread: send what ``box`` holds to ``conn`` until None (or a broken pipe),
    then close ``conn``."""
    try:
        while True:
            msg = box.get()
            if msg is None:
                return
            conn.send(msg)
    except (OSError, ValueError):
        return
    finally:
        conn.close()


class BotPool:
    """One pool of ``size`` worker processes, all of one event loop.

    ``name``: ``quick`` or ``think`` (for the log); ``limit``: the watchdog's seconds for
    one request (:data:`QUICK_LIMIT`, :func:`think_limit`); ``method``: the start method
    (:func:`start_method`); ``initializer``: a function importable by the workers, called
    first in each (tests add a bot kind so). Workers start at :meth:`start` (or at the first
    :meth:`open`); :meth:`close` ends them. Raises ValueError for a size below 1."""

    def __init__(
        self,
        name: str,
        size: int,
        limit: float,
        method: str | None = None,
        initializer: Callable[[], None] | None = None,
    ) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.name = name
        self.limit = limit
        self.method = method or start_method()
        self.initializer = initializer
        self.workers = [_Worker(self, i) for i in range(size)]
        self.ids = itertools.count(1)
        self.closed = False
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the pool serves (the running one when it started)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    @property
    def started(self) -> bool:
        """True once the workers were started."""
        return self._loop is not None and self.workers[0].process is not None

    def start(self) -> None:
        """Start the workers (in the running event loop); again does nothing. With the
        ``forkserver`` method, the server that forks them has the bots' modules loaded
        first (:data:`PRELOAD`), so a worker that replaces another starts in a few
        milliseconds; the first start waits for that (about a quarter of a second here), so
        the server calls this before it takes connections."""
        if not self.started:
            if self.method == "forkserver":
                multiprocessing.get_context("forkserver").set_forkserver_preload(list(PRELOAD))
            for worker in self.workers:
                worker.launch()

    def open(self, key: str, game: Callable[[], Game], specs: Mapping[str, BotSpec]) -> PoolTable:
        """The replica of a table (``key``: unique among the pool's open tables) in the
        worker that has the fewest: ``game`` gives the table's game now (the loop's,
        which the table may replace), ``specs`` the bot of each seat this pool may be asked
        to answer for (name -> :class:`BotSpec`)."""
        self.start()
        worker = min(self.workers, key=lambda w: len(w.tables))
        table = PoolTable(self, worker, key, game, specs)
        worker.tables.add(table)
        return table

    async def close(self) -> None:
        """End every worker: one working on a request is killed, the others are asked to
        end (and killed when they do not within a second); pending requests fail with
        :class:`PoolError`."""
        self.closed = True
        stopping = [w.stop() for w in self.workers]
        for worker in self.workers:
            for request in worker.waiting.values():
                worker._finish(request, PoolError(Msg("The server's bots stopped.")))
            worker.waiting.clear()
        await asyncio.to_thread(_end, [p for p in stopping if p is not None])


def _end(processes: list[Any]) -> None:
    """Wait a second for each of ``processes`` to end, then kill and reap those left."""
    for p in processes:
        try:
            p.join(1.0)
            if p.is_alive():
                p.kill()
                p.join()
        except (AssertionError, ValueError):  # never started
            pass


class PoolTable:
    """A table's replica in one worker of a pool (made by :meth:`BotPool.open`): ``key``,
    ``game()`` (the loop's game now), ``specs`` (the seats it answers for), and ``synced``,
    the answers the replica was given (None: it is opened again from the record at the next
    request)."""

    def __init__(
        self, pool: BotPool, worker: _Worker, key: str, game: Callable[[], Game], specs: Mapping[str, BotSpec]
    ) -> None:
        self.pool = pool
        self.worker = worker
        self.key = key
        self.game = game
        self.specs = {name: list(spec) for name, spec in specs.items()}
        self.synced: int | None = None

    def kind_of(self, seat: str) -> str:
        """The bot kind of ``seat`` (as its spec gives it)."""
        spec = self.specs.get(seat)
        return str(spec[0]) if spec else "?"

    def seat(self, name: str) -> PoolBot:
        """The table's seat for ``name``, a bot of this pool. Raises KeyError for a seat
        without a spec."""
        if name not in self.specs:
            raise KeyError(name)
        return PoolBot(self, name)

    def ask(self, seat: str, attempt: int = 0) -> asyncio.Future[Any]:
        """The future of ``(answer, ms)``: the answer of ``seat``'s bot to the game's pending
        decision (answer data) and the milliseconds it took in the worker; ``attempt`` > 0
        asks for a seeded random legal answer (after refusals). Raises :class:`PoolError`
        when the pool was closed."""
        if self.pool.closed:
            raise PoolError(Msg("The server's bots stopped."))
        future: asyncio.Future[Any] = self.pool.loop.create_future()
        n = len(self.game().answers)
        self.worker.send(_Request(self, seat, n, attempt, future))
        return future

    async def decide(
        self,
        seat: str,
        attempt: int = 0,
        thinking: Callable[[str], object] | None = None,
        after: float = THINKING_AFTER,
    ) -> list[Any]:
        """``seat``'s answer to the pending decision, as answer data (see :meth:`ask`).
        ``thinking(seat)``, when given, is called once if the answer has not come within
        ``after`` seconds (so the table can say the bot is thinking). Raises
        :class:`PoolError` when no bot could answer."""
        future = self.ask(seat, attempt)
        if thinking is not None:
            done, _ = await asyncio.wait([future], timeout=after)
            if not done:
                thinking(seat)
        data, _ms = await future
        answer: list[Any] = data
        return answer

    async def hint(self, seat: str, think_ms: int | None = None, seed: int = 0) -> tuple[list[Any], Msg]:
        """``(answer data, reason)``: what a bot would answer for ``seat`` now and why (see
        :func:`~a11y_dominion.bots.hint.advise`, ``think_ms`` and ``seed`` as there). The
        seat may be any player's. Raises :class:`PoolError` when it failed."""
        if self.pool.closed:
            raise PoolError(Msg("The server's bots stopped."))
        future: asyncio.Future[Any] = self.pool.loop.create_future()
        n = len(self.game().answers)
        self.worker.send(_Request(self, seat, n, 0, future, hint=(think_ms, seed)))
        answer, reason = await future
        return answer, reason

    def reset(self) -> None:
        """The table's game was replaced (an undo, a restore): the replica is opened again
        from the record at the next request."""
        self.synced = None

    def close(self) -> None:
        """Drop the replica (the table closed)."""
        self.worker.tables.discard(self)
        if not self.pool.closed:
            self.worker.post(("close", self.key))


class PoolBot:
    """A bot seat of a server's table (a :class:`~a11y_dominion.table.Seat`): its answers
    come from its table's replica in a worker (``table``, a :class:`PoolTable`), so nothing
    of the bot runs in the loop. It hears no events and reads no view (the worker builds
    its own). After a refused answer the next tries are seeded random legal answers; after
    :data:`BOT_ATTEMPTS` tries ``decide`` raises :class:`~a11y_dominion.table.StopTable`
    ("stuck"), as the console's bot seat does. ``thinking``, when set, is called with the
    seat's name once a decision has taken :attr:`thinking_after` seconds (see
    :meth:`PoolTable.decide`)."""

    hears_events = False
    reads_scores = False
    quick_view = True

    def __init__(self, table: PoolTable, name: str) -> None:
        self.table = table
        self.name = name
        self.kind = table.kind_of(name)
        self.attempt = 0
        self._retry = False
        self.thinking: Callable[[str], object] | None = None
        self.thinking_after = THINKING_AFTER

    def decide(self, decision: Decision, view: PlayerView, /) -> Awaitable[list[Any]]:
        """An awaitable of the bot's answer to ``decision`` (answer data, which the game reads
        as the answer's options). Raises StopTable after :data:`BOT_ATTEMPTS` refused tries;
        the awaitable raises :class:`PoolError` when no bot could answer."""
        self.attempt = self.attempt + 1 if self._retry else 0
        self._retry = False
        if self.attempt >= BOT_ATTEMPTS:
            raise StopTable("stuck")
        return self.table.decide(self.name, self.attempt, self.thinking, self.thinking_after)

    def refused(self, decision: Decision, message: Msg) -> None:
        """The answer was refused: the next try is a random legal answer."""
        self._retry = True

    def relearn(self, events: list[GameEvent]) -> None:
        """The table goes on with another game (an undo, a restore): the replica is opened
        again from that game's record before the next decision."""
        self.table.reset()


class BotPools:
    """The server's two pools: ``quick`` for every bot kind but ``hard``, ``think`` for
    ``hard`` bots and hints. ``hard_think_ms``: what a ``hard`` bot without a rollout bound
    thinks."""

    def __init__(self, quick: BotPool, think: BotPool, hard_think_ms: int = 1000) -> None:
        self.quick = quick
        self.think = think
        self.hard_think_ms = hard_think_ms
        self.tables: dict[str, dict[str, PoolTable]] = {}  # key -> pool's name -> the table's replica

    @classmethod
    def from_config(
        cls,
        bots: BotsSection,
        cores: int | None = None,
        platform: str = sys.platform,
        initializer: Callable[[], None] | None = None,
    ) -> BotPools:
        """The pools of the operator's ``[bots]`` (sizes by :func:`pool_sizes` for
        ``cores``, by default ``os.cpu_count()``), started the way ``platform`` starts them
        (:func:`start_method`). Not started yet."""
        quick, think = pool_sizes(bots, os.cpu_count() if cores is None else cores)
        method = start_method(platform)
        return cls(
            BotPool("quick", quick, QUICK_LIMIT, method, initializer),
            BotPool("think", think, think_limit(bots.hard_think_ms), method, initializer),
            bots.hard_think_ms,
        )

    def pool_for(self, kind: str) -> BotPool:
        """The pool of a bot of ``kind``: the think pool for ``hard``, else the quick one."""
        return self.think if kind == HARD else self.quick

    def spec(self, kind: str, seed: int, rollouts: int | None = None) -> BotSpec:
        """The :class:`BotSpec` of a seat's bot: a ``hard`` bot without ``rollouts``
        thinks :attr:`hard_think_ms`."""
        timed = kind == HARD and rollouts is None
        return BotSpec(kind, seed, self.hard_think_ms if timed else None, rollouts if kind == HARD else None)

    def seats(self, key: str, game: Callable[[], Game], specs: Mapping[str, BotSpec]) -> dict[str, PoolBot]:
        """A :class:`PoolBot` for each seat of ``specs`` (name -> :class:`BotSpec`; a
        person's seat is given its stand-in's), each in the pool of its kind; the table
        (``key``, ``game`` as for :meth:`BotPool.open`) is opened in each pool it uses."""
        if key in self.tables:
            raise ValueError(f"table {key} is open already")
        out: dict[str, PoolBot] = {}
        opened = self.tables[key] = {}
        for pool in (self.quick, self.think):
            mine = {name: spec for name, spec in specs.items() if self.pool_for(spec.kind) is pool}
            if mine:
                table = opened[pool.name] = pool.open(key, game, mine)
                out.update({name: table.seat(name) for name in mine})
        return {name: out[name] for name in specs}

    async def hint(
        self, key: str, game: Callable[[], Game], seat: str, think_ms: int | None = None, seed: int = 0
    ) -> tuple[list[Any], Msg]:
        """``(answer data, reason)``: the hint for ``seat`` at the table ``key`` (its game
        now: ``game()``), from the think pool (see :meth:`PoolTable.hint`); the table's
        replica there is opened at its first hint when none of its bots is ``hard``. Raises
        :class:`PoolError` when it failed."""
        opened = self.tables.setdefault(key, {})
        table = opened.get(self.think.name)
        if table is None:
            table = opened[self.think.name] = self.think.open(key, game, {})
        return await table.hint(seat, think_ms, seed)

    def close_table(self, key: str) -> None:
        """Drop the replicas of the table ``key`` (it closed); an unknown key does nothing."""
        for table in self.tables.pop(key, {}).values():
            table.close()

    def start(self) -> None:
        """Start both pools' workers (in the running event loop)."""
        self.quick.start()
        self.think.start()

    async def close(self) -> None:
        """End both pools' workers."""
        await asyncio.gather(self.quick.close(), self.think.close())
