"""Watching a game of bots only at this keyboard, and a lone person seated under a name.

A keyboard-only trial found: a resumed game of bots said its turn twice; a person seated as Ann
heard the scores call her "Ann" in some lines and "You" in others. Games run in this process
(seed 1) with the helpers of tests/test_shared_console.py, and after the final scores in a
pseudo-terminal, where a person types.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from test_shared_console import play, position, watched

pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)


def answered(lines: list[str], typed: str, n: int = 1) -> list[str]:
    """The ``n`` lines said right after the line ``typed`` was read (and shown)."""
    i = lines.index(typed) + 1
    return lines[i : i + n]


def spawn(here: Path, *options: str) -> Any:
    """``a11y-dominion play --seed 1`` with ``options`` in a pseudo-terminal, with settings of its
    own (the pace 0) in ``here``."""
    pexpect = pytest.importorskip("pexpect")
    (here / "settings.json").write_text(json.dumps({"screen_reader": "no", "pace": 0}), encoding="utf-8")
    args = ["play", "--seed", "1", *options]
    exe = shutil.which("a11y-dominion")
    if exe is None:
        exe, args = sys.executable, ["-m", "a11y_dominion", *args]
    env = dict(os.environ, TERM="dumb", A11Y_DOMINION_SCREEN_READER="no")  # (plain lines)
    env.update(A11Y_DOMINION_CONFIG=str(here / "settings.json"), A11Y_DOMINION_DATA=str(here / "data"))
    return pexpect.spawn(exe, args, cwd=str(here), env=env, timeout=60, dimensions=(50, 200))


# ------------------------------------------------------------------ 3. a resumed game of bots
@pytest.mark.parametrize("stop_at", [1, 30], ids=["in the Action phase", "in the Buy phase"])
def test_a_resumed_game_of_bots_says_its_turn_once(monkeypatch: pytest.MonkeyPatch, stop_at: int) -> None:
    from a11y_dominion import autosave

    watched(monkeypatch, stop_at)
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--speech", "off"])
    args.resume = autosave.unfinished_games()[-1]
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    assert play_on_core(setup, args, PlainReader(io.StringIO(""), out)) == 0
    lines = out.getvalue().splitlines()
    assert lines[3] == "The last announcements:"
    # each turn told once ("Medium's turn 1."), not again as "Medium's turn 1, Action phase: ..."
    turns = [re.split(r"[.,]", x)[0] for x in lines if re.match(r"[^,]*'s turn \d+[.,]", x)]
    assert len(turns) == len(set(turns)) and len(turns) > 10


# ------------------------------------------------------------------ 4. a lone person under a name
def ann_wins(here: Path, typed: str, *options: str) -> list[str]:
    """The lines of a game of Ann (a person) against the medium bot, from a position where Ann
    buys the last Province with ``typed``."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {"Ann": {"hand": []}},
        "piles": {"Province": {"count": 1}},
    }
    path = position(here, state, ["Ann", "Medium"], ["Villa"])
    code, lines = play(typed, "--position", path, *options, players="Ann,medium")
    assert code == 0
    return lines


def test_a_person_seated_as_ann_hears_themself_as_you_in_every_score_line(here: Path) -> None:
    lines = ann_wins(here, "score\nbuy Province\nend\n")
    assert answered(lines, "You> score", 5) == [
        "Scores if the game ended now:",
        "You: 0 VP (0 from cards and 0 from VP tokens).",
        "Medium: 3 VP (3 from cards and 0 from VP tokens).",
        "Medium leads.",
        "Provinces left: 1. Empty Supply piles: 0.",
    ]
    assert answered(lines, "You> end", 4) == [
        "Game over.",
        "You: 6 VP (6 from cards and 0 from VP tokens).",
        "Medium: 3 VP (3 from cards and 0 from VP tokens).",
        "You win.",
    ]
    assert not any(x.startswith("Ann") for x in lines)


def test_a_person_seated_as_ann_hears_themself_as_jij_in_dutch(here: Path) -> None:
    lines = ann_wins(here, "stand\nkoop Provincie\neinde\n", "--lang", "nl")
    assert answered(lines, "Jij> stand", 4)[1:] == [
        "Jij: 0 punten (0 voor kaarten en 0 voor fiches).",
        "Medium: 3 punten (3 voor kaarten en 0 voor fiches).",
        "Medium staat voor.",
    ]
    assert answered(lines, "Jij> einde", 4) == [
        "Het spel is afgelopen.",
        "Jij: 6 punten (6 voor kaarten en 0 voor fiches).",
        "Medium: 3 punten (3 voor kaarten en 0 voor fiches).",
        "Je wint.",
    ]


@pytest.mark.posix  # a pseudo-terminal
@pytest.mark.e2e
def test_the_final_scores_typed_after_the_game_call_ann_you(here: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
        "players": {"Ann": {"hand": []}},
        "piles": {"Province": {"count": 1}},
    }
    path = position(here, state, ["Ann", "Medium"], ["Villa"])
    child = spawn(here, "--speech", "off", "--position", path, "--players", "Ann,medium")
    try:
        for typed in ("buy Province", "end"):
            child.expect_exact("You> ")
            child.sendline(typed)
        child.expect_exact("type quit to leave.\r\n")
        child.expect_exact("You> ")
        child.sendline("score")
        child.expect_exact("You> ")
        said = child.before.decode().replace("\r", "").splitlines()
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert said[-5:] == [
        "Final scores:",
        "You: 6 VP (6 from cards and 0 from VP tokens).",
        "Medium: 3 VP (3 from cards and 0 from VP tokens).",
        "Provinces left: 0. Empty Supply piles: 1.",
        "You win.",
    ]


def test_a_shared_win_calls_the_listener_you() -> None:
    from a11y_dominion.announcements.narrator import Narrator
    from a11y_dominion.i18n import Language

    assert Narrator(viewer="Ann").winner(["Ann", "Bob"], {"Ann": 5, "Bob": 5}) == "You and Bob share the win."
    nl = Narrator(viewer="Ann", lang=Language("nl")).winner(["Ann", "Bob"], {"Ann": 5, "Bob": 5})
    assert nl == "Jij en Bob delen de overwinning."
    assert Narrator(viewer=None).winner(["Ann", "Bob"], {"Ann": 5, "Bob": 5}) == "Ann and Bob share the win."
