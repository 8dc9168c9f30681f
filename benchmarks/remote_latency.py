"""How long an answer takes to be announced at every other remote seat, on loopback.

Run: ``python3 benchmarks/remote_latency.py [--seats 6] [--games 1] [--seed 1]``

Starts ``a11y-dominion host`` (this tree's code) with six remote seats and
joins each with an :mod:`asyncssh` client that asks for a terminal, as
OpenSSH does. The seats play Big Money by typing (tests/typedmoves.py). For
every answer, the time from the answer's line being sent to the first line
it makes arriving at each other seat is measured; before an answer is sent
every seat has been quiet for a moment, so no earlier line is still on its
way. Seats hear at verbose verbosity by default (every play, buy and draw is
told to everyone); at normal verbosity only the end of a turn is told to the
others, and answers that tell the others nothing are counted, not timed.

Prints the median, the 95th percentile and the largest time in milliseconds,
for each (answer, other seat) and for each answer until every other seat had
its line. Goal: the 95th percentile under 100 ms with six seats.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from a11y_dominion.remote.sshlib import asyncssh  # noqa: E402 - (without its cryptography warning)
from remoteplay import BigMoney, host_command, plain, prompt_ends, read_session, table_move  # noqa: E402

NAMES = ("Ann", "Bea", "Cid", "Dee", "Eve", "Fay")
QUIET = 0.03  # seconds without a byte at any seat before an answer is sent


class Client:
    """One seat's SSH session: every complete line it received with the time it arrived."""

    def __init__(self, name: str, process):
        self.name = name
        self.process = process
        self.raw = ""  # everything since the last answer of this seat (for choosing a move)
        self.partial = ""
        self.lines: list = []  # (arrival time, plain line)
        self.last_byte = time.perf_counter()
        self.changed = asyncio.Event()
        self.moves: list = []
        self.closed = False
        self.big_money = BigMoney()  # the seat's turn figures, kept from one answer to the next
        self.decided: tuple[str, str | None] | None = None  # (screen, move) last worked out

    async def read(self) -> None:
        """Keep reading until the session ends (:func:`remoteplay.read_session`)."""
        await read_session(self)

    def screen(self) -> str:
        return plain(self.raw)

    def send(self, line: str) -> None:
        self.raw = ""
        self.process.stdin.write(line + "\r")


def next_move(c: Client) -> str | None:
    """The Big Money move of ``c`` when its prompt is showing, else None
    (:func:`remoteplay.table_move`, worked out once for each screen)."""
    text = c.screen()
    if not prompt_ends(text, c.name):
        return None
    if c.decided is None or c.decided[0] != text:
        c.decided = (text, table_move(text, c.name, c.big_money, c.moves[-1] if c.moves else None))
    return c.decided[1]


async def quiet(clients: list) -> None:
    """Wait until no seat has received a byte for :data:`QUIET` seconds."""
    while True:
        since = time.perf_counter() - max(c.last_byte for c in clients)
        if since >= QUIET:
            return
        await asyncio.sleep(QUIET - since)


async def first_line_after(c: Client, start: int, timeout: float) -> float | None:
    """The arrival time of ``c``'s line number ``start``, or None when none comes within ``timeout``."""
    deadline = time.perf_counter() + timeout
    while len(c.lines) <= start:
        left = deadline - time.perf_counter()
        if left <= 0 or c.closed:
            return None
        c.changed.clear()
        try:
            await asyncio.wait_for(c.changed.wait(), left)
        except asyncio.TimeoutError:
            return None
    return c.lines[start][0]


async def one_game(seats: int, seed: int, verbosity: str, timeout: float) -> tuple:
    """Host and play one game; (times per answer and seat, times per answer, answers not told)."""
    names = NAMES[:seats]
    with tempfile.TemporaryDirectory() as tmp:
        seats_file = Path(tmp) / "seats.json"
        players = ",".join(f"{n}:remote:{verbosity}" for n in names)
        env = dict(os.environ, XDG_DATA_HOME=str(Path(tmp) / "data"), PYTHONPATH=str(ROOT))
        host = subprocess.Popen(
            host_command(players, seed, ("--seats-file", str(seats_file))),
            cwd=str(ROOT),
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        try:
            while not seats_file.exists():
                if host.poll() is not None:
                    raise SystemExit("the host stopped before it listened")
                await asyncio.sleep(0.05)
            data = json.loads(seats_file.read_text())
            clients = []
            readers = []
            for name in names:
                conn = await asyncssh.connect(
                    data["host"],
                    port=data["port"],
                    username=name,
                    password=data["seats"][name]["password"],
                    known_hosts=None,
                    client_keys=None,
                    agent_path=None,
                    preferred_auth="password",
                )
                process = await conn.create_process(
                    term_type="xterm", term_size=(200, 50), env={"A11Y_DOMINION_LANG": "en"}
                )
                c = Client(name, process)
                clients.append(c)
                readers.append(asyncio.ensure_future(c.read()))
            pairs, answers, untold = [], [], 0
            while not any(line == "Game over." for c in clients for _t, line in c.lines):
                ready = [(c, m) for c in clients if (m := next_move(c)) is not None]
                if not ready:
                    for c in clients:
                        c.changed.clear()
                    waits = [asyncio.ensure_future(c.changed.wait()) for c in clients]
                    done, pending = await asyncio.wait(waits, timeout=60, return_when=asyncio.FIRST_COMPLETED)
                    for w in pending:
                        w.cancel()
                    if not done:
                        raise SystemExit("nothing comes from the host")
                    continue
                c, move = ready[0]
                others = [o for o in clients if o is not c]
                await quiet(clients)
                marks = [len(o.lines) for o in others]
                start = time.perf_counter()
                c.moves.append(move)
                c.send(move)
                waits = [first_line_after(o, m, timeout) for o, m in zip(others, marks, strict=True)]
                got = await asyncio.gather(*waits)
                if any(t is None for t in got):
                    untold += 1
                    continue
                times = [(t - start) * 1000 for t in got]
                pairs.extend(times)
                answers.append(max(times))
            for c in clients:
                c.process.close()
            await asyncio.wait(readers, timeout=10)
            return pairs, answers, untold
        finally:
            if host.poll() is None:
                try:
                    host.wait(20)
                except subprocess.TimeoutExpired:
                    host.terminate()
                    host.wait(10)


def figures(times: list) -> str:
    """ "median M ms, 95th percentile P ms, max X ms (n N)"."""
    if len(times) < 2:
        return f"too few to tell (n {len(times)})"
    p95 = statistics.quantiles(times, n=100, method="inclusive")[94]
    median = statistics.median(times)
    return f"median {median:.1f} ms, 95th percentile {p95:.1f} ms, max {max(times):.1f} ms (n {len(times)})"


def main(argv: list | None = None) -> int:
    """Run the benchmark; prints the figures; exit code 0."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seats", type=int, default=6, choices=range(2, 7), help="remote seats (2 to 6, default 6)")
    p.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (the next ones count on)")
    p.add_argument("--verbosity", default="verbose", choices=["terse", "normal", "verbose"])
    p.add_argument("--timeout", type=float, default=1.0, help="seconds to wait for a line at each seat")
    args = p.parse_args(argv)
    pairs, answers, untold = [], [], 0
    began = time.monotonic()
    for g in range(args.games):
        a, b, u = asyncio.run(one_game(args.seats, args.seed + g, args.verbosity, args.timeout))
        pairs += a
        answers += b
        untold += u
    print(f"{args.seats} remote seats, {args.games} game(s), {args.verbosity}, {time.monotonic() - began:.0f} s")
    print(f"answer to its line at one other seat: {figures(pairs)}")
    print(f"answer to its line at every other seat: {figures(answers)}")
    print(
        f"answers that told the other seats nothing within {args.timeout} s"
        f" (a refused move, such as a buy from an empty pile, tells them nothing): {untold}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
