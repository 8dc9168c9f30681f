"""Nothing lost: the installed command in a pseudo-terminal, killed with SIGKILL
at ten random moments of one game against a ``random`` bot, resumed each time
with ``a11y-dominion resume``.

The same game is first played once without being killed (the reference): the
player types Big Money moves read from the printed prompt. In the killed run,
after each ``resume`` the test counts the answers the autosave file holds (an
answer typed just before the kill may or may not be in it: at most that one
is lost), checks that the prompt asks for the same move as the reference did
at that point, and from then on every response to a typed line must be
exactly the reference's response to the same line.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from typedmoves import Heard, big_money_line, no_treasures

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal, SIGKILL
pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07")
PROMPT = r"(?:^|\n)(?:\x1b\[J)*You> ?(?:\x1b\[[0-9]*[CD])*$"
KINGDOM = "Cellar,Merchant,Village,Workshop,Smithy,Festival,Laboratory,Market,Council Room,Moneylender"
PLAY = ["play", "--seed", "7", "--players", "You:human,Bot:random", "--kingdom", KINGDOM, "--speech", "screen-reader"]
KILLS = 10


def command(args: list) -> tuple:
    exe = shutil.which("a11y-dominion")
    if exe:
        return exe, args
    return sys.executable, ["-m", "a11y_dominion"] + args


def spawn(args: list, data: Path):
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_DATA=str(data))
    env.pop("NO_COLOR", None)
    exe, argv = command(args)
    return pexpect.spawn(exe, argv, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def choose(screen: str, heard: Heard, moved: bool) -> str:
    """The Big Money move for the text printed since the last answer (``heard``: the figures
    known from the prompts before, which name only what changed; ``moved``: the last line
    typed in this run was a move of the player's turn)."""
    if no_treasures(screen):
        return "end"
    phase, buys, coins = heard.update(screen, moved)
    return big_money_line(screen, phase, buys, coins)


OPTION_LINE = re.compile(r"^(\d+(?: (?:to|or) \d+)?[.:] .*)$\n?", re.M)


def told(screen: str) -> str:
    """A response without its numbered option lines, and with a turn's hand count in its short
    form: how to hear the hand is said at the first such turn start of each run of the program
    (a resumed game's included)."""
    return OPTION_LINE.sub("", screen).replace(" in hand, as drawn; type hand to hear them.", " in hand.").rstrip()


def until_prompt(child) -> tuple:
    """(screen printed until the next prompt, False) or (screen until the end, True).
    The first line, the typed line as the terminal echoed it (once or, typed before
    the line editor took the terminal, twice), is left out."""
    i = child.expect([PROMPT, r"Game over\."])
    return clean(child.before).partition("\n")[2], i == 1


def quit_after_the_game(child) -> None:
    """After the final scores the player may stay: quit, and the program ends."""
    child.expect_exact("type quit to leave.")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def saved_answers(data: Path) -> int:
    """The answers of You in the (only) autosave file."""
    (path,) = list((data / "games").glob("*.jsonl"))
    n = 0
    for line in path.read_text(encoding="utf-8").split("\n")[1:]:
        try:
            item = json.loads(line)
        except ValueError:
            break  # a torn last line
        if item.get("p") == "You":
            n += 1
    return n


def reference(data: Path) -> tuple:
    """The moves typed and the response to each (response k follows move k)."""
    child = spawn(PLAY, data)
    moves, responses = [], []
    try:
        child.expect("Type help for commands")
        screen, over = until_prompt(child)
        heard = Heard()
        while not over:
            move = choose(screen, heard, moved=bool(moves) and moves[-1] != "end")
            moves.append(move)
            child.sendline(move)
            screen, over = until_prompt(child)
            responses.append(screen)
            assert len(moves) < 400, "the game does not end"
        quit_after_the_game(child)
    finally:
        if child.isalive():
            child.terminate(force=True)
    return moves, responses


def test_killed_ten_times_and_resumed_goes_on_identically(tmp_path):
    moves, responses = reference(tmp_path / "reference")
    assert len(moves) > 2 * KILLS
    rng = random.Random(2026)
    kill_at = sorted(rng.sample(range(1, len(moves) - 1), KILLS))  # the answer during or after which to kill
    first = kill_at[0]
    data = tmp_path / "killed"
    child = spawn(PLAY, data)
    compared = 0
    lost = []
    try:
        child.expect("Type help for commands")
        screen, over = until_prompt(child)
        k = 0  # the next move's index
        resumed = False
        heard, last = Heard(), "end"
        while not over:
            move = choose(screen, heard, moved=last != "end")
            last = move
            assert move == moves[k], (k, move, moves[k])
            if kill_at and k == kill_at[0]:
                kill_at.pop(0)
                if rng.random() < 0.5:
                    child.sendline(move)  # killed while the answer is being handled, or just after
                    time.sleep(rng.random() * 0.05)  # a kill at any moment: both outcomes are allowed below
                child.kill(signal.SIGKILL)
                child.close(force=True)
                saved = saved_answers(data)
                assert saved in (k, k + 1), (k, saved)
                lost.append(k + 1 - saved)
                k = saved
                child = spawn(["resume", "--speech", "screen-reader"], data)
                child.expect("Type help for commands")
                screen, over = until_prompt(child)
                assert "Resumed the game of" in screen
                resumed = True
                heard, last = Heard(), "end"  # a new run of the program: the whole prompt first
                continue
            child.sendline(move)
            screen, over = until_prompt(child)
            if resumed:
                # the same game, told the same way; which options are read again depends only on
                # what this run of the program has read out before (a question's options are read when new)
                assert told(screen) == told(responses[k]), (k, screen, responses[k])
                compared += 1
            k += 1
        assert k == len(moves)
        quit_after_the_game(child)
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert not kill_at
    assert set(lost) <= {0, 1} and len(lost) == KILLS  # at most the answer being typed was lost
    assert compared >= len(moves) - first - 2 * KILLS  # every response after the first resume, but the kills'
