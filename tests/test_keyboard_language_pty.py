"""One language for a shared keyboard, in a pseudo-terminal (issue 23: one console for every seat).

The installed command runs as the people who reported it did: Ann in Dutch by her part of
``--players`` and Bea, in screen-reader mode, with settings of their own. Ann switches the
keyboard to English at her first question, stops the game with ``y``, and ``resume`` goes on
with it: every line from the first is in the keyboard's language, the game goes on in English,
and ``--speech screen-reader`` is not kept as the answer to the screen reader's question.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal
pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[@-Z\\-_])")
NL_TO_ANN = "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent."
TO_ANN = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
STOP = "Stop the game? It is kept; a11y-dominion resume goes on with it.\nType yes to stop: y"


def spawn(tmp_path: Path, *args: str) -> Any:
    """The installed command with ``args`` in a pseudo-terminal, with the settings and data
    folders of ``tmp_path``."""
    exe = shutil.which("a11y-dominion")
    argv = list(args)
    if exe is None:
        exe, argv = sys.executable, ["-m", "a11y_dominion", *argv]
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_SCREEN_READER="no")
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"), A11Y_DOMINION_DATA=str(tmp_path / "data"))
    return pexpect.spawn(exe, argv, cwd=str(ROOT), env=env, timeout=60, dimensions=(50, 200))


def shown(raw: bytes) -> list[str]:
    """The lines a screen reader reads of ``raw``: no escape sequences, no carriage returns."""
    text = ANSI.sub(b"", raw).decode("utf-8", "replace").replace("\r", "")
    return [line for line in text.split("\n") if line.strip()]


def run(child: Any, steps: list[tuple[str, str]]) -> list[str]:
    """Wait for each text, then type its line; the lines shown up to the end of the program,
    which must end by itself."""
    raw = b""
    for wait, typed in steps:
        child.expect_exact(wait.encode())
        raw += child.before + child.after
        child.sendline(typed)
    child.expect(pexpect.EOF)
    raw += child.before
    child.close()
    return shown(raw)


def test_the_keyboards_language_from_the_first_line_to_the_resume(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"screen_reader": "ask"}), encoding="utf-8")
    child = spawn(tmp_path, "play", "--speech", "screen-reader", "--seed", "1", "--players", "Ann:human:nl,Bea")
    lines = run(
        child,
        [(NL_TO_ANN, ""), ("Ann> ", "settings set language en"), ("Ann> ", "quit"), ("Type yes to stop: ", "y")],
    )
    assert lines[:5] == [
        "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht.",
        "Schermlezermodus: het spel spreekt niet; je schermlezer leest de tekst voor.",
        "Iedereen aan dit toetsenbord speelt in het Nederlands, de taal die --players opgeeft: één taal voor het "
        "hele toetsenbord.",
        "Het koninkrijk van dit spel is Rustige introductie.",
        NL_TO_ANN,
    ]
    changed = lines.index("Ann> settings set language en")
    assert lines[changed + 1] == (
        "Language is now English. Everyone at this keyboard plays in English now: the language is the keyboard's. "
        "Saved for this computer."
    )
    assert lines[changed + 2 :] == ["Ann> quit", *STOP.split("\n"), "Game stopped."]
    assert child.exitstatus == 1
    kept = json.loads(settings.read_text(encoding="utf-8"))
    assert kept["language"] == "en" and kept["screen_reader"] == "ask"  # --speech was for that game only

    kept["language"] = "nl"  # the settings say Dutch now: the game goes on in its own language
    settings.write_text(json.dumps(kept), encoding="utf-8")
    child = spawn(tmp_path, "resume", "--speech", "screen-reader")
    lines = run(child, [(TO_ANN, ""), ("Ann> ", "quit"), ("Type yes to stop: ", "y")])
    assert lines[:3] == [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Screen-reader mode: the game does not speak; your screen reader reads the text.",
        lines[2],
    ]
    assert re.fullmatch(r"Resumed the game of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.", lines[2])
    i = lines.index(TO_ANN)  # where the game stands, once the keyboard came to Ann
    assert lines[i + 1 : i + 3] == [
        "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
        "Ann's hand, 5 cards: 2 Coppers and 3 Estates.",
    ]
    dutch = ("Geef ", "Typ ", "Jouw ", "Hand van ", "Het spel ", "Spel gestopt", "Koninkrijk")
    assert not [line for line in lines if line.startswith(dutch)]
    assert lines[-3:] == [*STOP.split("\n"), "Game stopped."] and child.exitstatus == 1
    assert json.loads(settings.read_text(encoding="utf-8"))["screen_reader"] == "ask"
