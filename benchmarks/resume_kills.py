"""Nothing lost, nothing changed: games of bots killed with SIGKILL at random moments and
resumed, against each bot kind (``smithy``: the bot of a shipped strategy file), at the
console (``play``, then ``resume``) and at a host
(``host``, then ``host --resume``).

Run from the project folder (prints figures; it is not a timed test)::

    python3 benchmarks/resume_kills.py [--kills 100] [--per-game 10] [--kinds medium,hard,smithy] [--paths console,host]
                                       [--rollouts 4] [--seed 2026] [--json]

For each bot kind and path it plays games whole once (the reference), then the same
games again, each killed ``--per-game`` times (the process gets SIGKILL once its
autosave holds a number of answers drawn at random, seeded by ``--seed``) and resumed
after each kill, until ``--kills`` kills are done. The ``hard`` bot plays with
``--rollouts`` (a fixed number of rollouts per candidate buy: its answers are then a
function of the game, as a resumed game needs). At the host, the one remote seat's
player logs in (OpenSSH's ``ssh``), leaves once the game asks her, and the bot that stands
in for a person (``--bot-after 0``) plays the seat. A resumed game is identical when
every answer and the final result are the reference's. Prints, per kind and path, the
kills, the games, the identical games and, when every one was identical, the 95 % upper
bound on the share of kills after which a resumed game would not go on identically
(none in n kills: 1 - 0.05^(1/n), the exact form of the rule of three). The exit code is 1
when any game was not identical.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPPONENT = "medium"  # the other seat of every game
GAME_TIMEOUT = 600  # seconds a game may take to end (one that does not is an error)


def program() -> list:
    """The command that runs the game: the installed one, else this checkout's module."""
    exe = shutil.which("a11y-dominion")
    return [exe] if exe else [sys.executable, "-m", "a11y_dominion"]


def environment(data: Path) -> dict:
    """The game's environment: its own data folder and no settings file."""
    env = dict(os.environ, A11Y_DOMINION_DATA=str(data), A11Y_DOMINION_CONFIG=str(data / "no-settings.json"))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["TERM"] = "dumb"
    env.pop("NO_COLOR", None)
    return env


def autosave_file(data: Path) -> Path | None:
    files = sorted((data / "games").glob("*.jsonl")) if (data / "games").is_dir() else []
    return files[0] if files else None


def answers_in(path: Path | None) -> int:
    """How many answer lines the autosave file at ``path`` holds (a torn last line not counted)."""
    if path is None:
        return 0
    try:
        raw = path.read_bytes()
    except OSError:
        return 0
    return raw.count(b'{"n":')


def result_of(path: Path) -> dict:
    """Every answer line (player, answer) and the end line of the autosave file at ``path``."""
    answers, end = [], None
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if "a" in item:
            answers.append((item["p"], item["a"]))
        elif "end" in item:
            end = item["end"]
    return {"answers": answers, "end": end}


# ---------------------------------------------------------------- the console
def console_players(kind: str) -> list:
    return ["--players", f"A:{OPPONENT},B:{kind}"]


def start(data: Path, args: list) -> subprocess.Popen:
    """The game with ``args``, its data in ``data``, its output thrown away (its errors kept)."""
    return subprocess.Popen(
        program() + args,
        cwd=str(ROOT),
        env=environment(data),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def console_start(data: Path, seed: int, kind: str, rollouts: int, resume: bool) -> subprocess.Popen:
    """``play`` of a game of two bots (or ``resume`` of it) with its output thrown away."""
    if resume:
        args = ["resume", "--speech", "off", "--plain"]
    else:
        args = ["play", "--seed", str(seed), "--speech", "off", "--plain", *console_players(kind)]
        if kind == "hard":
            args += ["--rollouts", str(rollouts)]
    return start(data, args)


# ---------------------------------------------------------------- the host
SSH_OPTIONS = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "SetEnv=A11Y_DOMINION_LANG=en",
    "-o",
    "PubkeyAuthentication=no",
    "-o",
    "PreferredAuthentications=password",
    "-o",
    "LogLevel=ERROR",
]


def host_start(data: Path, seed: int, kind: str, rollouts: int, resume: str | None) -> subprocess.Popen:
    """``host`` of a game of a remote seat and a bot (or ``host --resume`` of it); the
    stand-in bot plays the remote seat once its player left."""
    data.mkdir(parents=True, exist_ok=True)
    seats = data / "seats.json"
    if seats.exists():
        seats.unlink()
    args = ["host", "--port", "0", "--seats-file", str(seats), "--bot-after", "0", "--after-game", "0"]
    if resume is not None:
        args += ["--resume", resume]
    else:
        args += ["--seed", str(seed), "--players", f"Ann:remote,Bot:{kind}"]
        if kind == "hard":
            args += ["--rollouts", str(rollouts)]
    return start(data, args)


def join_and_leave(data: Path, proc: subprocess.Popen) -> None:
    """Ann logs in to the host, waits until the game asks her and leaves (her ssh client killed).
    A host killed meanwhile ends her session: nothing more to do."""
    import pexpect

    seats = data / "seats.json"
    deadline = time.monotonic() + 60
    while not seats.exists():
        if proc.poll() is not None:
            return
        if time.monotonic() > deadline:
            raise RuntimeError("the host does not listen")
        time.sleep(0.02)
    info = json.loads(seats.read_text())
    child = pexpect.spawn(
        "ssh",
        SSH_OPTIONS + ["-p", str(info["port"]), f"Ann@{info['host']}"],
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    try:
        child.expect("assword:")
        child.sendline(info["seats"]["Ann"]["password"])
        child.expect("The game starts|The game goes on")
        child.expect("Ann> ")  # her session is in the game (one that ends while it is still being set up is
        # not always seen to leave: the game would wait for her)
    except (pexpect.EOF, pexpect.TIMEOUT):
        if "Game over." not in (child.before or ""):
            try:  # a host being killed closes her session a moment before it is seen to have ended
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"Ann cannot join: {child.before[-500:]!r}") from None
    finally:
        child.kill(signal.SIGKILL)
        child.close(force=True)


# ---------------------------------------------------------------- one game, killed and resumed
def play_whole(path: str, tmp: Path, seed: int, kind: str, rollouts: int) -> dict:
    """The reference: the game played without a break."""
    data = tmp / f"{path}-{kind}-{seed}-whole"
    if path == "console":
        proc = console_start(data, seed, kind, rollouts, False)
    else:
        proc = host_start(data, seed, kind, rollouts, None)
        join_and_leave(data, proc)
    finish(proc)
    return result_of(autosave_file(data))


def finish(proc: subprocess.Popen) -> None:
    """Wait for ``proc`` to end (at most 10 minutes: a game that does not end is an error)."""
    try:
        _out, err = proc.communicate(timeout=GAME_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError("the game does not end") from None
    if b"Traceback" in err:
        raise RuntimeError(err.decode()[-2000:])


def kill_at(proc: subprocess.Popen, data: Path, target: int, killed: list) -> None:
    """SIGKILL ``proc`` as soon as the autosave in ``data`` holds ``target`` answers (unless
    it ended first); appends True to ``killed`` when it did."""
    while proc.poll() is None:
        if answers_in(autosave_file(data)) >= target:
            proc.send_signal(signal.SIGKILL)
            killed.append(True)
            return
        time.sleep(0.001)  # (the game goes on meanwhile: where the kill lands is its own business)


def play_killed(path: str, tmp: Path, seed: int, kind: str, rollouts: int, targets: list) -> tuple:
    """The game killed once its autosave holds each of ``targets`` answers (or more), and
    resumed after each kill; (its result, the kills made)."""
    data = tmp / f"{path}-{kind}-{seed}-killed"
    kills = 0
    game_id = None
    for i, target in enumerate([*targets, None]):
        if path == "console":
            proc = console_start(data, seed, kind, rollouts, i > 0)
        else:
            proc = host_start(data, seed, kind, rollouts, game_id)
        killed: list = []
        watcher = None
        if target is not None:  # watched from the start: the bots may play on at once
            watcher = threading.Thread(target=kill_at, args=(proc, data, target, killed), daemon=True)
            watcher.start()
        if path == "host":
            join_and_leave(data, proc)
        try:
            finish(proc)
        finally:
            if watcher is not None:
                watcher.join()
        if not killed:
            break  # the game ended
        kills += 1
        game_id = autosave_file(data).stem
        if result_of(autosave_file(data))["end"] is not None:
            break  # killed after its last answer: the game ended, there is nothing to resume
    return result_of(autosave_file(data)), kills


def run(kind: str, path: str, kills: int, per_game: int, rollouts: int, seed: int, tmp: Path) -> dict:
    """Games of ``kind`` on ``path`` (console or host) killed ``kills`` times in all."""
    rng = random.Random(f"{seed}:{kind}:{path}")
    done = games = identical = 0
    differing = []
    g = 0
    while done < kills:
        g += 1
        game_seed = seed * 1000 + g
        whole = play_whole(path, tmp, game_seed, kind, rollouts)
        total = len(whole["answers"])
        k = min(per_game, kills - done, max(1, total // 3))
        targets = sorted(rng.sample(range(1, int(total * 0.6)), k))
        got, made = play_killed(path, tmp, game_seed, kind, rollouts, targets)
        done += made
        games += 1
        if got == whole:
            identical += 1
        else:
            pairs = zip(got["answers"], whole["answers"], strict=False)
            first = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
            differing.append({"seed": game_seed, "first_difference": first})
    bound = 1 - 0.05 ** (1 / done) if not differing and done else None
    return {
        "kind": kind,
        "path": path,
        "kills": done,
        "games": games,
        "identical": identical,
        "differing": differing,
        "upper_bound_95": round(bound, 4) if bound is not None else None,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=100, help="kills per bot kind and path (default 100)")
    ap.add_argument("--per-game", type=int, default=10, help="kills in one game (default 10)")
    ap.add_argument(
        "--kinds", default="medium,hard,smithy", help="bot kinds (default medium,hard,smithy: a strategy file's bot)"
    )
    ap.add_argument("--paths", default="console,host", help="console, host or both (default both)")
    ap.add_argument("--rollouts", type=int, default=4, help="the hard bot's rollouts per candidate buy (default 4)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind in [k.strip() for k in args.kinds.split(",") if k.strip()]:
            for path in [p.strip() for p in args.paths.split(",") if p.strip()]:
                start = time.monotonic()
                r = run(kind, path, args.kills, args.per_game, args.rollouts, args.seed, Path(tmp))
                r["seconds"] = round(time.monotonic() - start, 1)
                results.append(r)
                if not args.json:
                    bound = (
                        f"a kill changes the game in at most {100 * r['upper_bound_95']:.1f} % of kills (95 % bound)"
                        if r["upper_bound_95"] is not None
                        else f"{len(r['differing'])} NOT IDENTICAL: {r['differing']}"
                    )
                    print(
                        f"{kind} at the {path}: {r['kills']} kills in {r['games']} games, "
                        f"{r['identical']} of {r['games']} resumed games identical; {bound} ({r['seconds']} s)",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(results, indent=1))
    return 1 if any(r["differing"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
