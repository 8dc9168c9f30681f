"""Many tables at once on ``a11y-dominion server``: how long an answer takes to reach the other
person at its table, the server's memory, and whether every game finished with nothing lost.

Run: ``python3 benchmarks/server_load.py [--tables 100] [--pace 1 3] [--seed 1] [--quick]
[--kill-at SECONDS [--kill-asked]] [--database URL] [--profile FILE]``

Starts ``a11y-dominion server`` (this tree's code) on loopback with its own data folder (and
its SQLite database there, or the empty PostgreSQL database ``--database`` names) and an
operator's file that allows 2 accounts a table from one address. One process then opens two
:mod:`asyncssh` client connections a table, each with its own ed25519 key that makes its
account at the first login, asking for a terminal as OpenSSH does, in English at verbose
verbosity (every play, buy and draw is told to every seat). The first person of each table
types ``new players 2 bots medium,medium seed S``, the second ``sit N``; the table is then
full and starts. Both people play Big Money from what their screen shows
(tests/remoteplay.py), waiting a person's time (``--pace``, uniform, seconds) after each
question before they type. The tables open within the first seconds, in a random order.

For every typed answer, the time from its line being sent to the first complete line arriving
at the other person of the same table is measured; an answer sent when that table was not
quiet for 30 ms before is counted, not timed (a line then may be an earlier answer's), and so
is an answer after which its own seat types again before the other person hears a line (it told
the others nothing, as a move refused or a question only its player hears). An answer after
which neither happens within 10 s is counted as lost.

Prints the median, 95th and 99th percentile and the largest of those times in milliseconds,
the 95th percentile with a 95 % interval from a bootstrap over tables (the answers of one game
are not independent), the 95th percentile of each minute of the run, the load generator's own
lag (a 10 ms ticker) and processor time, the server's peak
resident memory (main process and bot workers) and its processor time, the games finished of
those started with a 95 % Wilson interval, the answers lost, and whether the server's log holds
a traceback. Exit code 1 when a game did not finish, an answer was lost, the log holds a
traceback, or the 95th percentile is 150 ms or more.

With ``--kill-at SECONDS``, the server is killed with SIGKILL that many seconds after every
table started, wherever each game is (a person asked, an answer on its way, bots playing), and
started again on the same folder; each person logs in again with their key, types ``sit N`` and
plays on. With ``--kill-asked`` as well, the people stop typing at that moment, and the kill
comes once every table's game waits for a person's answer (nothing moves), after each person
asked typed ``hand``. It then prints how many tables came back at the decision they had (the
first answer the autosave holds after the kill is that of the person asked at the kill; with
``--kill-asked``, that person hears the same hand again), and how many answers the other person
had heard before the kill that the autosave did not hold (none may be: an answer is told only
once it is on the disk). Exit code 1 as well when a table did not come back at its decision or
an answer told was not kept.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import psutil  # noqa: E402

from a11y_dominion.remote.sshlib import asyncssh  # noqa: E402 - (without its cryptography warning)
from a11y_dominion.server.tables import AFTER_GAME_LINE  # noqa: E402
from remoteplay import PROGRAM, BigMoney, plain, prompt_ends, read_session, table_move  # noqa: E402

QUIET = 0.03  # seconds without a byte at a table before an answer is timed
LOST_AFTER = 10.0  # seconds after which an answer nobody else heard is lost
STALL = 180.0  # seconds without a byte at a seat before its game is given up
GOAL_MS = 150.0
MOST_LINES = 600  # lines one person types in a game before it is given up (about 50 are typed)
ENV = {"A11Y_DOMINION_LANG": "en", "A11Y_DOMINION_VERBOSITY": "verbose"}
SERVER_TOML = """\
[server]
max_sessions = 2000
max_tables = 2000

[signup]
per_address_per_hour = 1000

[limits]
connections_per_minute_per_address = 10000
"""


# the server's main process under cProfile, timed by its main thread's processor time (the time a
# process waits for a processor, or for the disk in its threads, is not counted against a function)
PROFILED = """\
import cProfile, runpy, sys, time
sys.argv[0] = "a11y_dominion"
profiler = cProfile.Profile(time.thread_time)
profiler.enable()
try:
    runpy.run_module("a11y_dominion", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
finally:
    profiler.disable()
    profiler.dump_stats({file})
"""


@dataclass
class Seat:
    """One person's SSH session: the lines received with their arrival times (``perf_counter``
    seconds), the text since its last answer, and how its game went."""

    name: str
    table: int  # the benchmark's table index (not the server's number)
    process: object = None
    raw: str = ""  # everything received
    mark: int = 0  # where in ``raw`` the text since the last answer starts
    partial: str = ""
    lines: list = field(default_factory=list)  # (arrival time, plain line)
    last_byte: float = 0.0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    answers: int = 0
    over: bool = False
    failure: str = ""
    key: object = None  # the ssh key of its account
    heard: int = 0  # its answers after which the other person heard a line (told)
    back: bool = False  # it logged in again and sat back after the kill
    hands: list = field(default_factory=list)  # its hand's line when asked at the kill, and after it sat back

    async def read(self) -> None:
        """Keep reading until the session ends (:func:`remoteplay.read_session`), or its
        connection is lost (the server was killed)."""
        try:
            await read_session(self)
        except (OSError, asyncssh.Error):
            self.closed = True
            self.changed.set()

    def screen(self) -> str:
        """The plain text received since the last answer."""
        return plain(self.raw[self.mark :])

    def send(self, line: str) -> None:
        """Type ``line`` and Enter; the screen starts again from here. A session the server's
        kill ended takes nothing."""
        self.mark = len(self.raw)
        try:
            self.process.stdin.write(line + "\r")  # type: ignore[attr-defined]
        except (OSError, asyncssh.Error):
            pass

    def asked(self) -> bool:
        """Whether the game waits for this person's answer: a question of theirs, with their
        prompt, came since the last line they typed."""
        return not self.closed and not self.over and prompt_ends(self.screen(), self.name)

    async def hand(self) -> str:
        """Type ``hand``; the line that says the hand."""
        self.send("hand")
        found = await self.wait_for(r"(Your hand[^\n]*)\n(?:.*\n)*?\s*" + re.escape(self.name) + r">\s*$")
        return found[1]

    async def wait_for(self, pattern: str, timeout: float = 120.0) -> re.Match:
        """The first match of ``pattern`` in the plain text since the last answer; raises
        RuntimeError when it does not come within ``timeout`` seconds or the session ends."""
        deadline = time.perf_counter() + timeout
        while True:
            found = re.search(pattern, self.screen())
            if found:
                return found
            left = deadline - time.perf_counter()
            if left <= 0 or self.closed:
                raise RuntimeError(f"{self.name} did not hear {pattern!r}: {self.screen()[-300:]!r}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                pass


@dataclass
class Figures:
    """What the run measured."""

    times: dict = field(default_factory=dict)  # table index -> [ms, ...]
    busy: int = 0  # answers sent while their table was busy: counted, not timed
    silent: int = 0  # answers after which their seat typed again before the other person heard a line
    lost: int = 0
    lag: list = field(default_factory=list)  # the load generator's ticker lateness, ms
    typed: int = 0  # answers typed so far
    tables: int = 0  # tables played
    started: int = 0  # tables whose game started
    server: object = None  # the server's psutil.Process
    at_start: tuple = ()  # (the server's processor seconds, answers typed) when the last table started
    all_started: asyncio.Event = field(default_factory=asyncio.Event)
    seats: dict = field(default_factory=dict)  # table index -> its two seats, once started
    in_flight: int = 0  # answers being timed now
    timed: list = field(default_factory=list)  # (when its answer was sent, perf_counter s; ms) of each time


@dataclass
class Kill:
    """The ``kill -9`` of ``--kill-at``: when, and what each table had at that moment."""

    at: float  # seconds after every table started
    asked_only: bool  # --kill-asked: the people stop typing, and the kill waits for every table to ask one
    stopping: bool = False  # the people stop typing (--kill-asked)
    begun: bool = False  # the kill is under way: a session that ends is the kill's
    back: asyncio.Event = field(default_factory=asyncio.Event)  # the server listens again
    port: int = 0  # where it listens again
    asked: dict = field(default_factory=dict)  # table index -> the name of the person asked at the kill
    saved: dict = field(default_factory=dict)  # table index -> (answers in the autosave, {name: their answers})
    told: dict = field(default_factory=dict)  # person's name -> their answers the other person had heard
    ended: int = 0  # tables whose game had ended at the kill
    cut: int = 0  # answers on their way at the kill (the other person heard nothing yet)
    tables: dict = field(default_factory=dict)  # table index -> its two seats (Figures.seats)


async def session(port: int, name: str, key: object) -> object:
    """An ssh session of ``name`` with ``key`` that asks for a terminal; its process."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        port=port,
        username=name,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        preferred_auth="publickey",
    )
    return await conn.create_process(term_type="xterm", term_size=(200, 50), env=ENV)


async def connect(port: int, name: str, table: int) -> Seat:
    """Log ``name`` in with a new key and make its account; the seat, in the lobby."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    seat = Seat(name, table, await session(port, name, key), last_byte=time.perf_counter(), key=key)
    asyncio.ensure_future(seat.read())
    await seat.wait_for(r"\? yes or no")
    seat.send("yes")
    await seat.wait_for(r"Type help for the lobby's commands\.")
    return seat


async def sit_back(seat: Seat, kill: Kill) -> None:
    """Once the killed server listens again, log ``seat`` in again and sit back at its table."""
    await kill.back.wait()
    seat.process = await session(kill.port, seat.name, seat.key)
    seat.raw, seat.mark, seat.partial, seat.closed, seat.back = "", 0, "", False, True
    asyncio.ensure_future(seat.read())
    number = (await seat.wait_for(r"Your game at table (\d+) waits for you; sit \d+ goes back\."))[1]
    seat.send(f"sit {number}")
    await seat.wait_for(r"The game goes on\.")
    if seat.hands:  # (asked at the kill: the same hand?)
        await seat.wait_for(re.escape(seat.name) + r">\s*$")
        seat.hands.append(await seat.hand())


async def heard_after(figures: Figures, seat: Seat, other: Seat, mark: int, start: float, kill: Kill | None) -> bool:
    """Wait until ``other`` hears a line after its line number ``mark``, ``seat``'s answer sent
    at ``start`` (before ``kill``, when given); False when ``seat`` typed again first (counted
    silent), when nothing came within :data:`LOST_AFTER` (counted lost), or when the kill cut
    it off (counted cut)."""
    sent = seat.answers
    deadline = start + LOST_AFTER
    while len(other.lines) <= mark:
        if seat.answers != sent:  # it typed again first: this answer told the other person nothing
            figures.silent += 1
            return False
        if kill is not None and kill.begun:
            kill.cut += 1  # (on its way at the kill: told to nobody, so it may be lost; asked again, answered again)
            return False
        left = deadline - time.perf_counter()
        if left <= 0 or other.closed or other.over:
            if not other.over and not seat.over:
                figures.lost += 1
            return False
        other.changed.clear()
        try:
            await asyncio.wait_for(other.changed.wait(), min(left, 0.1))
        except asyncio.TimeoutError:
            pass
    return True


async def answer_later(figures: Figures, seat: Seat, other: Seat, move: str, kill: Kill | None = None) -> None:
    """Send ``move`` at ``seat`` and time the first line it brings to ``other``; the answer
    was counted in ``figures.in_flight`` when this was scheduled, and is taken off it here."""
    try:
        start = time.perf_counter()
        quiet = start - max(seat.last_byte, other.last_byte) >= QUIET
        mark = len(other.lines)
        seat.send(move)
        seat.answers += 1
        figures.typed += 1
        before_kill = kill if kill is not None and not kill.begun else None
        heard = await heard_after(figures, seat, other, mark, start, before_kill)
    finally:
        figures.in_flight -= 1
    if not heard:
        return
    seat.heard += 1
    if before_kill is not None and before_kill.begun:
        return  # (told as the kill came: kept, not timed)
    if quiet:
        ms = (other.lines[mark][0] - start) * 1000
        figures.times.setdefault(seat.table, []).append(ms)
        figures.timed.append((start, ms))
    else:
        figures.busy += 1


async def play(
    figures: Figures, seat: Seat, other: Seat, pace: tuple, rng: random.Random, kill: Kill | None = None
) -> None:
    """Play Big Money at ``seat`` until its game is over and it left the table (``leave``, not
    timed, after the sentence that says it may stay); after ``kill``'s kill, log in again, sit
    back and play on."""
    big_money = BigMoney()
    timing: set = set()
    last: str | None = None
    left = False
    while True:
        screen = seat.screen()
        whole = plain(seat.raw)
        ended = re.search(r"^Game over\.$", whole, re.M)
        if ended and re.search(r"you are (?:back )?in the lobby\.", whole):
            seat.over = True
            break
        if seat.closed and kill is not None and kill.begun and not seat.back:
            await sit_back(seat, kill)
            big_money = BigMoney()  # (what it heard before is gone with the session)
            continue
        if seat.closed:
            seat.failure = "the session ended before the game did"
            break
        if ended:
            if not left and AFTER_GAME_LINE in whole:
                left = True
                seat.send("leave")
        elif prompt_ends(screen, seat.name) and not (kill is not None and kill.stopping and not seat.back):
            await asyncio.sleep(rng.uniform(*pace))
            screen = seat.screen()
            if seat.closed or (kill is not None and kill.stopping and not seat.back):
                continue
            if not prompt_ends(screen, seat.name):
                continue
            move = table_move(screen, seat.name, big_money, last)
            last = move if move is not None else last
            if move is not None:
                if seat.answers >= MOST_LINES:
                    seat.failure = f"{MOST_LINES} lines typed and the game goes on: " + screen[-600:]
                    break
                figures.in_flight += 1  # (from now: the kill waits for it, also before its task begins)
                task = asyncio.ensure_future(answer_later(figures, seat, other, move, kill))
                timing.add(task)
                task.add_done_callback(timing.discard)
                continue
        seat.changed.clear()
        try:
            await asyncio.wait_for(seat.changed.wait(), STALL)
        except asyncio.TimeoutError:
            seat.failure = "nothing came for a long time: " + seat.screen()[-300:]
            break
    if timing:
        await asyncio.wait(list(timing))


async def one_table(
    figures: Figures, port: int, k: int, seed: int, delay: float, pace: tuple, kill: Kill | None = None
) -> tuple:
    """Open table ``k`` after ``delay`` seconds and play its game (through ``kill``); its two seats."""
    await asyncio.sleep(delay)
    first = await connect(port, f"Ann{k + 1}", k)
    second = await connect(port, f"Bea{k + 1}", k)
    first.send(f"new players 2 bots medium,medium seed {seed}")
    number = (await first.wait_for(r"Table (\d+) is yours"))[1]
    second.send(f"sit {number}")
    await second.wait_for(r"The table is full; the game starts\.")
    for seat in (first, second):
        await seat.wait_for(r"New game for ")
    figures.started += 1
    figures.seats[k] = (first, second)
    if figures.started == figures.tables and figures.server is not None:
        figures.all_started.set()
        try:
            figures.at_start = (sum(figures.server.cpu_times()[:2]), figures.typed)  # type: ignore[attr-defined]
        except psutil.Error:
            pass
    rng = random.Random(seed)
    await asyncio.gather(
        play(figures, first, second, pace, random.Random(rng.random()), kill),
        play(figures, second, first, pace, random.Random(rng.random()), kill),
    )
    for seat in (first, second):
        seat.process.close()  # type: ignore[attr-defined]
    return first, second


async def ticker(figures: Figures, stop: asyncio.Event) -> None:
    """Note how late a 10 ms sleep of this process's loop wakes up, in ms."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        figures.lag.append(max(0.0, (time.perf_counter() - start - 0.01) * 1000))


async def memory(figures: Figures, peaks: dict, stop: asyncio.Event) -> None:
    """Sample the resident memory of the server (``figures.server``, the one started again after
    a kill) and its children each second into ``peaks`` (``main``, ``workers``, ``total``: the
    largest seen, bytes) and their processor times."""
    while not stop.is_set():
        server = figures.server
        try:
            main = server.memory_info().rss
            children = server.children(recursive=True)
            workers = 0
            for child in children:
                try:
                    workers += child.memory_info().rss
                    peaks.setdefault("cpu", {})[child.pid] = sum(child.cpu_times()[:2])
                except psutil.Error:
                    pass
            peaks["cpu_main"] = sum(server.cpu_times()[:2])
        except psutil.Error:  # (killed: the next sample is of the server started again)
            main, workers, children = 0, 0, []
        peaks["main"] = max(peaks.get("main", 0), main)
        peaks["workers"] = max(peaks.get("workers", 0), workers)
        peaks["total"] = max(peaks.get("total", 0), main + workers)
        peaks["processes"] = max(peaks.get("processes", 0), 1 + len(children))
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


def percentile(values: list, p: float) -> float:
    """The ``p``-th percentile (0 to 100) of ``values`` (inclusive method)."""
    ordered = sorted(values)
    at = (len(ordered) - 1) * p / 100
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def by_minute(timed: list) -> str:
    """The 95th percentile of the times of each minute of the run from the first answer timed
    (``timed``: (when sent, seconds; ms) pairs), with how many there were, as one phrase."""
    first = min(t for t, _ in timed)
    minutes: dict = {}
    for t, ms in timed:
        minutes.setdefault(int((t - first) // 60), []).append(ms)
    return ", ".join(f"{m + 1}: {percentile(v, 95):.0f} ms (n {len(v)})" for m, v in sorted(minutes.items()))


def bootstrap_p95(times: dict, seed: int, rounds: int = 400) -> tuple:
    """A 95 % interval (low, high, in ms) of the 95th percentile, resampling whole tables."""
    rng = random.Random(seed)
    tables = [v for v in times.values() if v]
    estimates = []
    for _ in range(rounds):
        pooled = [t for v in rng.choices(tables, k=len(tables)) for t in v]
        estimates.append(percentile(pooled, 95))
    return percentile(estimates, 2.5), percentile(estimates, 97.5)


def wilson(successes: int, n: int) -> tuple:
    """The 95 % Wilson interval of a proportion ``successes``/``n``, as fractions."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959964
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ended_games(data: Path) -> int:
    """How many game files in the server's ``data`` folder end with the game's end line."""
    ended = 0
    for path in (data / "games").glob("*.jsonl"):
        lines = path.read_text(encoding="utf-8").splitlines()
        if lines and '"end"' in lines[-1]:
            ended += 1
    return ended


async def start_server(
    data: Path, ready: Path, printed: Path, database: str | None, profile: str | None = None
) -> tuple:
    """Start ``a11y-dominion server`` on ``data`` (what it prints goes to ``printed``) and the
    ``database`` (its ``--database``; None: the folder's SQLite file); (its Popen, its port)
    once it listens. ``profile``: a file where :mod:`cProfile` writes the main process's
    profile when it stops. Raises RuntimeError when it stops first."""
    ready.unlink(missing_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    program = list(PROGRAM)
    if profile is not None:
        program = [sys.executable, "-c", PROFILED.format(file=repr(str(Path(profile).resolve())))]
    command = program + ["server", "--data", str(data), "--port", "0", "--ready-file", str(ready)]
    command += ["--database", database] if database else []
    with printed.open("ab") as out:
        server = subprocess.Popen(command, cwd=str(ROOT), env=env, stdout=out, stderr=subprocess.STDOUT)
    while not ready.exists():
        if server.poll() is not None:
            raise RuntimeError("The server stopped before it listened.")
        await asyncio.sleep(0.05)
    return server, json.loads(ready.read_text())["port"]


def saved_answers(data: Path) -> dict:
    """Each game file of the server's ``data`` folder: its people's names (from its header) ->
    (the answers it holds, {name: that seat's answers})."""
    out = {}
    for path in (data / "games").glob("*.jsonl"):
        lines = [json.loads(x) for x in path.read_bytes().splitlines() if x.endswith(b"}")]
        if not lines:
            continue
        people = tuple(sorted(((lines[0].get("extra") or {}).get("server") or {}).get("accounts") or {}))
        answers = [x for x in lines[1:] if "a" in x]
        out[people] = (answers, {name: sum(1 for x in answers if x.get("p") == name) for name in people})
    return out


async def kill_once(
    figures: Figures, kill: Kill, servers: list, data: Path, ready: Path, printed: Path, database: str | None
) -> None:
    """``kill.at`` seconds after every table started, kill the server (``servers[-1]``) with
    SIGKILL and start it again on the same folder and ``database``, noting what each table
    had (:class:`Kill`)."""
    await figures.all_started.wait()
    await asyncio.sleep(kill.at)
    tables = kill.tables = figures.seats
    if kill.asked_only:  # the people stop typing; the kill waits for every table's game to ask one of them
        kill.stopping = True
        deadline = time.perf_counter() + STALL
        while figures.in_flight or not all(any(s.asked() for s in two) or two[0].over for two in tables.values()):
            if time.perf_counter() > deadline:
                raise RuntimeError("a table's game does not ask a person")
            await asyncio.sleep(0.05)
        for two in tables.values():
            for seat in two:
                if seat.asked():
                    seat.hands.append(await seat.hand())
    for k, two in tables.items():
        asked = [s.name for s in two if s.asked()]
        if asked:
            kill.asked[k] = asked[0]
        kill.ended += two[0].over
        for seat in two:
            kill.told[seat.name] = seat.heard
    kill.begun = True
    servers[-1].kill()
    servers[-1].wait()
    files = saved_answers(data)
    for k, two in tables.items():
        answers, by_seat = files.get(tuple(sorted(s.name for s in two)), ([], {}))
        kill.saved[k] = (len(answers), by_seat)
    server, kill.port = await start_server(data, ready, printed, database)
    servers.append(server)
    figures.server = psutil.Process(server.pid)
    kill.back.set()


async def run(args: argparse.Namespace, data: Path, ready: Path) -> int:
    """Start the server, play every table, print the figures; the exit code."""
    (data / "server.toml").write_text(SERVER_TOML, encoding="utf-8")
    printed = data.parent / "printed.txt"
    stop = asyncio.Event()
    peaks: dict = {}
    figures = Figures()
    end_cpu = 0.0
    kill = Kill(args.kill_at, args.kill_asked) if args.kill_at is not None else None
    servers: list = []
    try:
        try:
            server, port = await start_server(data, ready, printed, args.database, args.profile)
        except RuntimeError as e:
            print(e)
            return 1
        servers.append(server)
        figures.server, figures.tables = psutil.Process(server.pid), args.tables
        watcher = asyncio.ensure_future(memory(figures, peaks, stop))
        lag = asyncio.ensure_future(ticker(figures, stop))
        killer = (
            asyncio.ensure_future(kill_once(figures, kill, servers, data, ready, printed, args.database))
            if kill
            else None
        )
        rng = random.Random(args.seed)
        order = list(range(args.tables))
        rng.shuffle(order)
        spread = min(10.0, 0.1 * args.tables)
        began = time.monotonic()
        outcomes = await asyncio.gather(
            *(
                one_table(figures, port, k, args.seed * 1000 + k, spread * i / args.tables, tuple(args.pace), kill)
                for i, k in enumerate(order)
            ),
            return_exceptions=True,
        )
        took = time.monotonic() - began
        try:
            end_cpu = sum(figures.server.cpu_times()[:2])  # type: ignore[attr-defined]
        except psutil.Error:
            end_cpu = peaks.get("cpu_main", 0.0)
        stop.set()
        await asyncio.gather(watcher, lag)
        if killer is not None:
            if not killer.done():
                killer.cancel()
                outcomes.append(RuntimeError("the kill did not come before the games ended"))
            elif killer.exception() is not None:
                outcomes.append(killer.exception())
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
                server.wait(60)
    seats = [s for o in outcomes if isinstance(o, tuple) for s in o]
    failures = [repr(o) for o in outcomes if isinstance(o, BaseException)]
    failures += [f"{s.name}: {s.failure}" for s in seats if s.failure]
    finished = sum(1 for o in outcomes if isinstance(o, tuple) and all(s.over for s in o))
    ended = ended_games(data)
    log = data / "server.log"
    traceback = log.exists() and "Traceback" in log.read_text(encoding="utf-8", errors="replace")
    pooled = [t for v in figures.times.values() for t in v]
    answers = sum(s.answers for s in seats)
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(
        f"{args.tables} tables of 2 people (pace {args.pace[0]:g} to {args.pace[1]:g} s) and 2 medium bots, "
        f"seed {args.seed}, {took:.0f} s"
        + (f"; load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}" if load else "")
    )
    p95 = math.inf
    if len(pooled) >= 20:
        low, high = bootstrap_p95(figures.times, args.seed)
        p95 = percentile(pooled, 95)
        print(
            f"answer to its first line at the other person: median {statistics.median(pooled):.1f} ms, "
            f"95th percentile {p95:.1f} ms (95 % interval {low:.1f} to {high:.1f}, bootstrap over tables), "
            f"99th {percentile(pooled, 99):.1f} ms, max {max(pooled):.1f} ms "
            f"(n {len(pooled)} of {answers} answers; {figures.busy} sent while the table was busy, counted not timed; "
            f"{figures.silent} that told the other person nothing before their seat typed again)"
        )
    else:
        print(f"answer to its first line at the other person: too few timed to tell (n {len(pooled)})")
    if figures.timed:
        print(f"95th percentile by minute of the run: {by_minute(figures.timed)}")
    if figures.lag:
        print(
            f"load generator's own lag (10 ms ticker): 95th percentile {percentile(figures.lag, 95):.1f} ms, "
            f"max {max(figures.lag):.1f} ms; its processor time {time.process_time():.1f} s"
        )
    mib = 1024 * 1024
    cpu_workers = sum(peaks.get("cpu", {}).values())
    print(
        f"server memory, peak resident: {peaks.get('total', 0) / mib:.0f} MiB in all "
        f"(main process {peaks.get('main', 0) / mib:.0f} MiB, "
        f"{peaks.get('processes', 1) - 1} child processes (bot workers and their starter) "
        f"{peaks.get('workers', 0) / mib:.0f} MiB); "
        f"processor time: main {end_cpu:.1f} s, children {cpu_workers:.1f} s"
    )
    if figures.at_start and figures.typed > figures.at_start[1] and kill is None:
        cpu, typed = end_cpu - figures.at_start[0], figures.typed - figures.at_start[1]
        print(
            f"main process's processor time once every table had started: {cpu:.1f} s for {typed} typed answers, "
            f"{1000 * cpu / typed:.1f} ms an answer (with its bots' answers and every line it brought)"
        )
    low_f, high_f = wilson(finished, args.tables)
    print(
        f"games finished: {finished} of {args.tables} started "
        f"(95 % interval {100 * low_f:.0f} to {100 * high_f:.0f} %); "
        f"game files with their end line: {ended}"
    )
    print(f"answers lost (no line at the other person within {LOST_AFTER:g} s): {figures.lost}")
    kept = kill_report(kill, data, printed) if kill is not None else True
    print(f"traceback in the server's log: {'yes' if traceback else 'no'}")
    for failure in failures[:10]:
        print(f"failed: {failure}")
    ok = finished == args.tables == ended and figures.lost == 0 and not traceback and p95 < GOAL_MS and kept
    verdict = "met" if ok else "missed"
    print(f"goal (every game finished, nothing lost, 95th percentile under {GOAL_MS:g} ms): {verdict}")
    return 0 if ok else 1


def kill_report(kill: Kill, data: Path, printed: Path) -> bool:
    """Print what the kill of ``--kill-at`` left and how the tables came back (from the game
    files of the server's ``data`` folder, and the server's output in ``printed``); whether
    every table asked came back at its decision (with the same hand, with ``--kill-asked``)
    and every answer told was kept."""
    files = saved_answers(data)
    back = 0
    for k, name in kill.asked.items():
        at = kill.saved[k][0]
        people = next((p for p in files if name in p), ())
        answers = files.get(people, ([], {}))[0]
        after = next((x for x in answers if x.get("n") == at), None)
        back += after is not None and after.get("p") == name
    asked = len(kill.asked)
    hands = [seat.hands for two in kill.tables.values() for seat in two if seat.hands]
    same = sum(1 for h in hands if len(h) == 2 and h[0] == h[1])
    told = sum(kill.told.values())
    unkept = 0
    for _, by_seat in kill.saved.values():
        for name, n in by_seat.items():
            unkept += max(0, kill.told.get(name, 0) - n)
    restored = len(re.findall(r"^Table \d+ goes on from its saved game", printed.read_text("utf-8", "replace"), re.M))
    print(
        f"killed with SIGKILL {kill.at:g} s after every table started"
        + (", once every game waited for a person" if kill.asked_only else "")
        + f": {asked} tables with a person asked, {kill.cut} answers on their way, {kill.ended} games over; "
        f"started again, the server brought back {restored} games"
    )
    print(
        f"tables back at the decision they had (the first answer kept after the kill is the person's asked at it): "
        f"{back} of {asked}" + (f"; the same hand heard again: {same} of {len(hands)}" if kill.asked_only else "")
    )
    print(f"answers told to the other person before the kill that the autosave did not hold: {unkept} (of {told} told)")
    whole = not kill.asked_only or (asked == len(kill.saved) - kill.ended and same == len(hands) == asked)
    return back == asked and unkept == 0 and whole


def main(argv: list | None = None) -> int:
    """Run the benchmark with the command line ``argv``; prints the figures; the exit code."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100, help="tables of 4 seats played at once (default 100)")
    p.add_argument(
        "--pace",
        type=float,
        nargs=2,
        default=[1.0, 3.0],
        metavar=("LOW", "HIGH"),
        help="seconds a person waits after a question before answering, uniform (default 1 3)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and the people's pace (default 1)")
    p.add_argument("--quick", action="store_true", help="10 tables, for a first figure")
    p.add_argument(
        "--kill-at",
        type=float,
        metavar="SECONDS",
        help="kill the server with SIGKILL that many seconds after every table started, and start it again",
    )
    p.add_argument(
        "--kill-asked",
        action="store_true",
        help="with --kill-at: the people stop typing then, and the kill comes once every game waits for one of them",
    )
    p.add_argument(
        "--database",
        metavar="URL",
        help="the server's database: the URL of an empty PostgreSQL database, postgresql://user@host/name, "
        "where the benchmark's accounts are made (default: a SQLite file in the server's folder)",
    )
    p.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server's main process under cProfile, timed in processor time, and write its profile to FILE "
        "(slower: not for the figures)",
    )
    args = p.parse_args(argv)
    if args.kill_asked and args.kill_at is None:
        p.error("--kill-asked goes with --kill-at SECONDS")
    if args.quick:
        args.tables = 10
    if args.tables < 1 or not 0 <= args.pace[0] <= args.pace[1]:
        p.error("--tables must be 1 or more, and --pace LOW HIGH two numbers with 0 <= LOW <= HIGH")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "server"
        data.mkdir()
        return asyncio.run(run(args, data, Path(tmp) / "ready.json"))


if __name__ == "__main__":
    sys.exit(main())
