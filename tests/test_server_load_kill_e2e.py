"""``benchmarks/server_load.py --kill-at``: three tables of two scripted people and two ``medium``
bots each, the server killed with SIGKILL in the middle of their games and started again on
the same folder; each person logs in again, sits back and plays on. Killed once every game
waits for a person, each table comes back at that person's decision, with the same hand;
killed wherever the games are, each table asked comes back at its decision; either way every
answer the other person had been told is in the autosave, and every game ends. The first runs
on the server's SQLite file and on a PostgreSQL database (a throwaway cluster, which is not
killed: only the server is)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from remoteplay import ROOT
from serverplay import SERVER_E2E

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # (the server's own processes, on loopback)

RUN_TIMEOUT = 900  # seconds: only ends a hung run


def killed_load(*extra: str) -> str:
    """What the benchmark prints for 3 tables, people typing 0.1 to 0.3 s after each question,
    the server killed 3 s after every table started (``extra``: more options)."""
    command = [sys.executable, "benchmarks/server_load.py", "--tables", "3", "--pace", "0.1", "0.3", "--kill-at", "3"]
    done = subprocess.run(
        command + list(extra), cwd=str(ROOT), capture_output=True, text=True, timeout=RUN_TIMEOUT, check=False
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done.stdout


def every_game_ends_and_nothing_told_is_lost(printed: str) -> None:
    assert "games finished: 3 of 3 started" in printed, printed
    assert "game files with their end line: 3" in printed
    assert "traceback in the server's log: no" in printed
    assert "failed:" not in printed
    told = re.search(
        r"^answers told to the other person before the kill that the autosave did not hold: (\d+) "
        r"\(of (\d+) told\)$",
        printed,
        re.M,
    )
    assert told is not None, printed
    assert told[1] == "0" and int(told[2]) > 0


def test_killed_once_every_game_waits_for_a_person_each_table_comes_back_at_that_decision_and_hand(
    server_database,
):
    on_postgresql = ["--database", server_database] if server_database.startswith("postgresql://") else []
    printed = killed_load("--kill-asked", *on_postgresql)
    every_game_ends_and_nothing_told_is_lost(printed)
    assert (
        "killed with SIGKILL 3 s after every table started, once every game waited for a person: "
        "3 tables with a person asked, 0 answers on their way, 0 games over; "
        "started again, the server brought back 3 games"
    ) in printed, printed
    assert (
        "tables back at the decision they had (the first answer kept after the kill is the person's asked at it): "
        "3 of 3; the same hand heard again: 3 of 3"
    ) in printed, printed


def test_killed_wherever_the_games_are_each_table_asked_comes_back_at_its_decision():
    printed = killed_load()
    every_game_ends_and_nothing_told_is_lost(printed)
    state = re.search(
        r"^killed with SIGKILL 3 s after every table started: (\d+) tables with a person asked, (\d+) answers on "
        r"their way, 0 games over; started again, the server brought back 3 games$",
        printed,
        re.M,
    )
    assert state is not None, printed
    back = re.search(r"^tables back at the decision they had \(.*\): (\d+) of (\d+)$", printed, re.M)
    assert back is not None and back[1] == back[2] == state[1], printed
