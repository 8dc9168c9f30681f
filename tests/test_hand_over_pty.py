"""The hand-over at a shared keyboard, in a pseudo-terminal (issue 23, items 1 and 2).

The installed command runs with Ann, Bea and a Big Money bot (seed 1) and its own settings.
Before the keyboard passes to Bea, the screen and its scrollback are cleared (the ``clear``
setting: ``auto`` clears unless the player's own screen reader reads the terminal, ``on`` clears
in screen-reader mode too, ``off`` never), so that no card of Ann's is on the screen or one
scroll away: the bytes sent at the hand-over hold the clear, and none of Ann's cards come
after it. At the hand-over, Ctrl+C is one sentence saying what is read there.
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

from a11y_dominion.console.display import CLEAR_ALL

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal
pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[@-Z\\-_])")
TO_ANN = b"Pass the keyboard to Ann. Ann, press Enter when you are ready."
TO_BEA = b"Pass the keyboard to Bea. Bea, press Enter when you are ready."
ANN_HAND = b"Ann's hand, 5 cards: 2 Coppers and 3 Estates."  # seed 1: Ann's first hand, as hand says it
ANN_NEXT = b"5 Coppers"  # and her second, drawn in her Clean-up
NO_CTRL_C = b"Ctrl+C does nothing here: press Enter when Ann is at the keyboard, or type quit to stop the game."
ONLY_ENTER = b"Only Enter is read here: press Enter when Ann is at the keyboard, or type quit to stop the game."


def spawn(tmp_path: Path, speech: str, settings: dict[str, Any]) -> Any:
    """``a11y-dominion play`` of Ann, Bea and a bot in a pseudo-terminal with ``speech`` and
    ``settings`` of its own."""
    (tmp_path / "settings.json").write_text(json.dumps({"screen_reader": "no", **settings}), encoding="utf-8")
    args = ["play", "--seed", "1", "--speech", speech, "--players", "Ann:human,Bea:human,Bot:bigmoney"]
    exe = shutil.which("a11y-dominion")
    if exe is None:
        exe, args = sys.executable, ["-m", "a11y_dominion", *args]
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_SCREEN_READER="no")
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"), A11Y_DOMINION_DATA=str(tmp_path / "data"))
    env.pop("NO_COLOR", None)
    return pexpect.spawn(exe, args, cwd=str(ROOT), env=env, timeout=60, dimensions=(50, 200))


def to_bea(tmp_path: Path, speech: str, settings: dict[str, Any]) -> tuple[bytes, bytes]:
    """(the bytes sent in Ann's turn, where she asks for her hand, and the bytes from her last
    answer to Bea's first prompt) of a game whose keyboard passes from Ann to Bea."""
    child = spawn(tmp_path, speech, settings)
    try:
        child.expect_exact(TO_ANN)
        child.sendline("")
        ann = b""
        for line in ("hand", "end"):
            child.expect_exact(b"Ann> ")
            ann += child.before
            child.sendline(line)
            if line == "hand":  # (a rich prompt is drawn again as the line is typed: wait for the answer itself)
                child.expect(rb"Estates")
                ann += child.before + child.after
        child.expect_exact(b"Ann> ")
        ann += child.before
        child.sendline("end")
        child.expect_exact(TO_BEA)
        handed = child.before + child.after
        child.sendline("")
        child.expect_exact(b"Bea> ")
        handed += child.before + child.after
    finally:
        child.terminate(force=True)
    return ann, handed


@pytest.mark.parametrize(
    "speech, settings",
    [("off", {}), ("auto", {}), ("screen-reader", {"clear": "on"})],
    ids=["plain lines", "rich output", "screen-reader mode with clear on"],
)
def test_the_hand_over_clears_the_screen_and_no_card_of_ann_s_comes_after_it(
    tmp_path: Path, speech: str, settings: dict[str, Any]
) -> None:
    ann, handed = to_bea(tmp_path, speech, settings)
    assert ANN_HAND in ANSI.sub(b"", ann)  # her cards were on the screen
    before, clear, after = handed.partition(CLEAR_ALL.encode())
    assert clear == CLEAR_ALL.encode() and TO_BEA not in before  # cleared before the hand-over is said
    shown = ANSI.sub(b"", after)
    assert shown.startswith(TO_BEA)
    assert b"Bea's hand: 4 Coppers and Estate." in shown  # Bea's own question, after her Enter
    assert ANN_HAND not in shown and ANN_NEXT not in shown and b"You draw" not in shown


@pytest.mark.parametrize(
    "speech, settings",
    [("screen-reader", {}), ("off", {"clear": "off"})],
    ids=["screen-reader mode", "plain lines with clear off"],
)
def test_the_hand_over_leaves_the_screen_to_a_screen_reader_or_when_clear_is_off(
    tmp_path: Path, speech: str, settings: dict[str, Any]
) -> None:
    _ann, handed = to_bea(tmp_path, speech, settings)
    assert TO_BEA in handed
    assert b"\x1b[2J" not in handed and b"\x1b[3J" not in handed


def test_ctrl_c_and_a_typed_line_at_the_hand_over_are_one_sentence_each(tmp_path: Path) -> None:
    child = spawn(tmp_path, "screen-reader", {})
    try:
        child.expect_exact(TO_ANN)
        child.sendintr()
        child.expect_exact(NO_CTRL_C)
        at_ctrl_c = child.before
        child.sendline("hand")
        child.expect_exact(ONLY_ENTER)
        at_hand = child.before
        child.sendline("")
        child.expect_exact(b"Ann> ")
        ann = child.before
    finally:
        child.terminate(force=True)
    assert ANSI.sub(b"", at_ctrl_c).strip() == b""  # nothing but the sentence (no hand, no news)
    assert ANSI.sub(b"", at_hand).replace(b"\r", b"").strip() == b"hand"
    assert b"Ann's hand: 2 Coppers and 3 Estates." in ann  # her question, once she pressed Enter


def test_lines_ann_pasted_that_were_not_read_are_not_bea_s_and_said_so(tmp_path: Path) -> None:
    child = spawn(tmp_path, "screen-reader", {})
    try:
        child.expect_exact(TO_ANN)
        child.sendline("")
        child.expect_exact(b"Ann> ")
        child.send(b"\x1b[200~end\nend\nhand\nstatus\x1b[201~\r")  # her turn ends after two of them
        child.expect_exact(TO_BEA)
        handed = ANSI.sub(b"", child.before).replace(b"\r", b"")
        child.sendline("")
        child.expect_exact(b"Bea> ")
        child.sendline("hand")
        child.expect_exact(b"Bea> ")
        bea = ANSI.sub(b"", child.before).replace(b"\r", b"")
    finally:
        child.terminate(force=True)
    assert handed.endswith(b"\n2 pasted lines were not read: the keyboard passes to Bea.\n")
    assert b"Ann> end\n" in handed and b"Ann> hand" not in handed
    assert bea == b"hand\nBea's hand, 5 cards: 4 Coppers and Estate.\n"  # her own line, not one of Ann's
