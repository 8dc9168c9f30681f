"""End to end: the installed command in a pseudo-terminal, one whole game.

A human plays Big Money by typing simple moves against the bigmoney bot,
reading only the printed lines: play treasures, then buy Province, Gold or
Silver by the coins the prompt says, or end. The game must reach its final
scores and exit 0.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07")
HEADER = re.compile(r"You, (Action|Buy) phase: (\d+) Actions?, (\d+) Buys?, (\d+) coins?")


def command() -> tuple:
    exe = shutil.which("a11y-dominion")
    args = ["play", "--seed", "1", "--speech", "screen-reader"]
    if exe:
        return exe, args
    return sys.executable, ["-m", "a11y_dominion"] + args


def choose(screen: str) -> str:
    """The Big Money move for the text printed since the last answer."""
    headers = HEADER.findall(screen)
    assert headers, f"no turn prompt in: {screen[-500:]!r}"
    phase, _actions, buys, coins = headers[-1]
    options = screen[screen.rfind("You, " + phase):]
    if re.search(r"^\d+\. play treasures$", options, re.M):
        return "play treasures"
    buys, coins = int(buys), int(coins)
    if phase == "Buy" and buys >= 1:
        if coins >= 8:
            return "buy Province"
        if coins >= 6:
            return "buy Gold"
        if coins >= 3:
            return "buy Silver"
    return "end"


def test_whole_game_against_bigmoney_in_a_pty():
    exe, args = command()
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    env.pop("NO_COLOR", None)
    start = time.monotonic()
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15,
                          dimensions=(50, 200))
    transcript = []
    raw = []
    moves = []
    try:
        child.expect("Type help for commands")
        while True:
            # a new prompt starts by turning bracketed paste on; the redraw of an accepted line does not
            i = child.expect([r"(?:^|\n)(?:\x1b\[J)*You> ?(?:\x1b\[[0-9]*[CD])*$", r"Game over\."])
            raw.append(child.before)
            screen = ANSI.sub("", child.before).replace("\r", "")
            transcript.append(screen)
            if i == 1:
                break
            move = choose(screen)
            moves.append(move)
            child.sendline(move)
            assert len(moves) < 400, "the game does not end"
        child.expect(pexpect.EOF)
        tail = ANSI.sub("", child.before).replace("\r", "")
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    elapsed = time.monotonic() - start
    text = "".join(transcript)
    assert child.exitstatus == 0
    assert elapsed < 50
    # final scores, one line per player, and the winner
    assert re.search(r"^You: \d+ VP \(\d+ from cards, 0 from VP tokens and 0 from Tower\)\.$", tail, re.M)
    assert re.search(r"^Bot: \d+ VP \(\d+ from cards, 0 from VP tokens and 0 from Tower\)\.$", tail, re.M)
    assert re.search(r"^(You win|Bot wins|You and Bot share the win)\.$", tail, re.M)
    # every move typed was accepted: no refusal sentence ever came back
    assert "is not a move" not in text and "; you have " not in text
    assert moves.count("buy Province") >= 1
    # screen-reader mode: plain lines; the only escape sequences are line editing
    # (cursor left and right, erase to the end), never colours, cursor hiding,
    # bracketed paste or box drawing
    everything = "".join(raw) + child.before
    sequences = set(re.findall(r"\x1b(?:\[[0-9;?]*[A-Za-z]|.)", everything))
    assert all(re.fullmatch(r"\x1b\[[0-9]*[CDJK]", s) for s in sequences), sorted(sequences)
    assert not re.search(r"[\u2500-\u257f\u2580-\u259f]", everything)
