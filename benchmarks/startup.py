#!/usr/bin/env python3
"""Time from starting ``a11y-dominion`` to its first prompt, in each speech mode and way of starting.

Usage: python3 benchmarks/startup.py [--runs N] [--only NAME,...] [--installed] [--no-bytecode-cache]

Runs this checkout's code (``python3 -m a11y_dominion``; ``--installed``: the
installed ``a11y-dominion`` command) in a pseudo-terminal, 120 columns
wide, with a fresh settings file and data folder for each case, waits for
the first prompt ("You>", in Dutch "Jij>") and prints the median and the
slowest of N runs per case. One run per case comes first and is not
counted, so that Python's compiled files exist, as after an installation
(pip compiles them; ``--no-bytecode-cache`` measures without them, the
source compiled at every start).

Cases: ``screen-reader``, ``self-voicing``, ``auto`` (no screen reader
running: the game speaks if an output works), ``off`` (plain lines),
``dutch`` (auto, ``--lang nl``), ``position`` (``play --position FILE``),
``resume`` (an autosaved game after its first answer) and ``join`` (``join
--seats-file F`` of a game hosted by this checkout, to the remote seat's
(Ann's) first prompt; needs asyncssh). Speech is looked for in the background, so
a speech daemon that is slow to answer does not hold up the prompt.

Goal: under 0.5 s (median and slowest) in every case. The processor time
(user and system, all threads, until the prompt) is printed too: it does
not grow when other programs share the processors, as the wall time does.

Figures (median / slowest, seconds; 2 shared processors, speech-dispatcher
and espeak-ng installed, no sound device). The wall time follows the load
of the machine: with other programs busy on both processors it is two to
three times the processor time.

    case           load 1.5-2.5, before     load about 6, before / after (5 runs,
                   (3 runs)                 alternating), processor time after
    screen-reader  0.23 / 0.24              0.75 / 0.91    0.91 / 1.05   0.32
    self-voicing   0.37 / 0.40              1.16 / 1.20    0.94 / 0.98   0.38
    auto           0.32 / 0.39              0.82 / 0.92    0.66 / 0.92   0.31
    off            0.22 / 0.22              0.54 / 0.75    0.80 / 0.93   0.31
    dutch          0.37 / 0.37              1.08 / 1.11    0.87 / 1.03   0.36
    position       0.28 / 0.28              0.99 / 1.10    0.77 / 0.88   0.37
    resume         0.34 / 0.44              0.89 / 1.08    0.96 / 1.11   0.36
    join           0.43 / 0.45              1.38 / 1.48    0.93 / 1.53   0.53

Where the processor time goes (screen-reader mode, about 0.2 s at low load):
mostly imports: prompt_toolkit with asyncio, wcwidth and importlib.metadata
(about half), the rules engine's card and event tables, the console; then
the prompt_toolkit session (its key bindings). The speaking modes add rich
(colour) and the speech output's search in a background thread; join adds
asyncssh and the SSH handshake.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.5
CASES = ("screen-reader", "self-voicing", "auto", "off", "dutch", "position", "resume", "join")
POSITION = {
    "players": ["You", "Bot"],
    "kingdom": ["Villa", "Smithy", "Market", "Sacrifice", "Chapel", "Moat", "Cellar", "Mine", "Witch", "Workshop"],
    "seed": 1,
    "state": {"turn": {"player": "You", "phase": "action", "actions": 1, "buys": 1, "coins": 0}},
    "script": [],
}


def command(installed: bool) -> list:
    """The command line that starts the game: this checkout's code, or the installed command."""
    exe = shutil.which("a11y-dominion") if installed else None
    return [exe] if exe else [sys.executable, "-m", "a11y_dominion"]


def environment(folder: str, bytecode_cache: bool, installed: bool = False) -> dict:
    """The game's environment: settings and data in ``folder``, no screen reader running;
    this checkout's code first on the module path unless the ``installed`` command is timed."""
    env = dict(os.environ, A11Y_DOMINION_SCREEN_READER="no", TERM="xterm")
    if installed:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = str(ROOT)
    env["A11Y_DOMINION_CONFIG"] = os.path.join(folder, "settings.json")
    env["A11Y_DOMINION_DATA"] = os.path.join(folder, "data")
    env["XDG_DATA_HOME"] = os.path.join(folder, "xdg-data")
    if bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(os.path.dirname(folder), "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def cpu_seconds(pid: int) -> float:
    """The processor time (user and system, all threads) the process ``pid`` has used
    so far, from /proc (Linux; NaN elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_to_prompt(argv: list, env: dict, prompt: str) -> tuple:
    """(seconds, processor seconds) from starting ``argv`` in a pseudo-terminal
    to ``prompt`` appearing."""
    start = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(ROOT), encoding="utf-8", timeout=30, dimensions=(50, 120))
    try:
        child.expect(prompt)
        took = time.perf_counter() - start
        return took, cpu_seconds(child.pid)
    finally:
        child.terminate(force=True)


def make_unfinished_game(base: list, env: dict) -> None:
    """An autosaved game in the data folder of ``env``, stopped after its first answer."""
    child = pexpect.spawn(
        base[0], base[1:] + ["play", "--speech", "off", "--seed", "1"], env=env, encoding="utf-8", timeout=30
    )
    child.expect("You>")
    child.sendline("end")
    child.expect("You>")
    child.terminate(force=True)


class Host:
    """``a11y-dominion host`` of this checkout with one remote seat (Ann) against a bot, for ``join``."""

    def __init__(self, folder: str, env: dict):
        self.seats = os.path.join(folder, "host-seats.json")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "a11y_dominion", "host", "--players", "Ann:remote,Bot:bigmoney", "--seed", "1"]
            + ["--port", "0", "--seats-file", self.seats],
            cwd=str(ROOT),
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while not os.path.exists(self.seats):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the host did not start")
            time.sleep(0.05)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def case_runs(name: str, runs: int, installed: bool, bytecode_cache: bool, folder: str) -> list:
    """``runs`` (seconds, processor seconds) to the first prompt for one case (after one run not counted)."""
    work = tempfile.mkdtemp(dir=folder)
    env = environment(work, bytecode_cache, installed)
    base = command(installed)
    prompt = "You>"
    argv = base + ["play", "--seed", "1"]
    host = None
    if name in ("screen-reader", "self-voicing", "auto", "off"):
        argv += ["--speech", name]
    elif name == "dutch":
        argv += ["--speech", "auto", "--lang", "nl"]
        prompt = "Jij>"
    elif name == "position":
        path = os.path.join(work, "position.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(POSITION, f)
        argv += ["--speech", "auto", "--position", path, "--players", "You:human,Bot:medium"]
    elif name == "resume":
        make_unfinished_game(base, env)
        argv = base + ["resume"]
    elif name == "join":
        host = Host(work, env)
        argv = base + ["join", "--seats-file", host.seats, "--speech", "auto"]
        prompt = "Ann>"
    times = []
    try:
        for i in range(runs + 1):
            if name == "join" and i:
                host.close()  # a seat joins once: a new host for each run
                host = Host(tempfile.mkdtemp(dir=work), env)
                argv[argv.index("--seats-file") + 1] = host.seats
            took = time_to_prompt(argv, env, prompt)
            if i:
                times.append(took)
    finally:
        if host is not None:
            host.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs counted per case (default 5)")
    parser.add_argument("--only", default=",".join(CASES), help="cases separated by commas (default: all)")
    parser.add_argument("--installed", action="store_true", help="time the installed a11y-dominion command")
    parser.add_argument(
        "--no-bytecode-cache", action="store_true", help="compile the source at every start (no .pyc files)"
    )
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}; the cases are {', '.join(CASES)}")
    slow = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.runs} runs each; goal under {GOAL} s; load average {load:.2f} on {os.cpu_count()} processors")
    print(f"{'case':<15} median  slowest  processor time (median)")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            runs = case_runs(name, args.runs, args.installed, not args.no_bytecode_cache, folder)
            times = [t for t, _cpu in runs]
            median, worst = statistics.median(times), max(times)
            cpu = statistics.median(c for _t, c in runs)
            print(f"{name:<15} {median:.2f} s  {worst:.2f} s   {cpu:.2f} s", flush=True)
            if worst >= GOAL:
                slow.append(name)
    if slow:
        print(f"Over {GOAL} s: {', '.join(slow)}. (Other programs running at the same time slow every case down.)")


if __name__ == "__main__":
    main()
