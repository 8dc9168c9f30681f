"""``a11y-dominion play`` at a terminal, in a pseudo-terminal (issue 23, item 4).

After the final scores the player at the keyboard stays, as a remote player does: ``score``,
``log``, ``repeat`` and ``export FILE`` work, and ``quit`` (or Ctrl+D) ends the program with
exit code 0; at a shared keyboard the person who has it stays. Tab offers what is useful where
the player is: ``load`` and ``save`` in a game on this computer, not ``say`` (a line of chat
to players at other computers). A game from a position whose last Province Ann buys ends at once.
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
ANSI = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[@-Z\\-_])")
STAY = "The game is over. You may stay: log, repeat, score and export work here; type quit to leave."
STAY_NL = (
    "Het spel is voorbij. Je mag blijven: logboek, herhaal, stand en exporteer werken hier; typ stoppen om weg te gaan."
)
LAST_PROVINCE = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 8},
    "players": {"Ann": {"hand": []}},
    "piles": {"Province": {"count": 1}},
}


def spawn(tmp_path: Path, players: str, position: dict[str, Any] | None = None, lang: str = "en") -> Any:
    """``a11y-dominion play`` in screen-reader mode with ``players`` (seed 1; from ``position``
    when given) in a pseudo-terminal, with settings and data of its own."""
    (tmp_path / "settings.json").write_text(json.dumps({"screen_reader": "no"}), encoding="utf-8")
    args = ["play", "--seed", "1", "--speech", "screen-reader", "--lang", lang, "--players", players]
    if position is not None:
        names = [seat.split(":")[0] for seat in players.split(",")]
        data = {"players": names, "kingdom": ["Villa"], "seed": 1, "state": position, "script": []}
        (tmp_path / "position.json").write_text(json.dumps(data), encoding="utf-8")
        args += ["--position", str(tmp_path / "position.json")]
    exe = shutil.which("a11y-dominion")
    if exe is None:
        exe, args = sys.executable, ["-m", "a11y_dominion", *args]
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_SCREEN_READER="no")
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"), A11Y_DOMINION_DATA=str(tmp_path / "data"))
    return pexpect.spawn(exe, args, cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60, dimensions=(50, 200))


def said(child: Any) -> list[str]:
    """The lines shown before the last match, without escape sequences."""
    return [x.strip() for x in ANSI.sub("", child.before).replace("\r", "").split("\n") if x.strip()]


def test_after_the_final_scores_the_player_stays_until_quit(tmp_path: Path) -> None:
    child = spawn(tmp_path, "Ann:human,Bot:bigmoney", LAST_PROVINCE)
    try:
        child.expect_exact("You> ")
        child.sendline("buy Province")
        child.expect_exact("You> ")
        child.sendline("end")
        child.expect_exact(STAY)
        ended = said(child)
        child.expect_exact("You> ")
        child.sendline("score")
        child.expect_exact("You> ")
        score = said(child)
        child.sendline("export game.txt")
        child.expect_exact("You> ")
        export = said(child)
        child.sendline("quit")
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert "Game over." in ended and "You win." in ended
    assert score[:2] == ["score", "Final scores:"] and score[2].startswith("You: ")  # read again (Ann's own)
    assert export[1:] == [f"The game is written to {tmp_path / 'game.txt'}."]
    assert "Game over." in (tmp_path / "game.txt").read_text(encoding="utf-8")
    assert child.exitstatus == 0


def test_at_a_shared_keyboard_the_person_who_has_it_stays_and_ctrl_d_leaves(tmp_path: Path) -> None:
    child = spawn(tmp_path, "Ann:human,Bea:human:verbose,Bot:bigmoney", LAST_PROVINCE)
    try:
        child.expect_exact("Pass the keyboard to Ann.")
        child.sendline("")
        child.expect_exact("Ann> ")
        child.sendline("buy Province")
        child.expect_exact("Ann> ")
        child.sendline("end")
        child.expect_exact(STAY)
        child.expect_exact("Ann> ")
        child.sendline("log 3")
        child.expect_exact("Ann> ")
        log = said(child)
        child.sendeof()
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert log == [  # Ann's own history, its last 3 messages
        "log 3",
        "The last 3 messages:",
        "Bea: 3 VP (3 from cards and 0 from VP tokens).",
        "Bot: 3 VP (3 from cards and 0 from VP tokens).",
        "You win.",
    ]
    assert child.exitstatus == 0


def test_tab_offers_load_and_save_in_a_game_here_and_not_say(tmp_path: Path) -> None:
    child = spawn(tmp_path, "Ann:human,Bot:bigmoney")
    try:
        child.expect_exact("You> ")
        child.send("lo\t\t")
        child.expect_exact("log and load.")
        child.expect_exact("You> lo")
        child.send("\x15sa\t\r")  # only save starts so: completed, and sent
        child.expect_exact("Save needs a file name, for example save game.json.")
        child.expect_exact("You> ")
    finally:
        child.terminate(force=True)


@pytest.mark.parametrize(
    "lang, typed, heard",
    [
        (
            "en",
            ["buy Province", "end", "repeat"],
            [
                "You: 6 VP (6 from cards and 0 from VP tokens).",
                "Bot: 3 VP (3 from cards and 0 from VP tokens).",
                "You win.",
                STAY,
            ],
        ),
        (
            "nl",
            ["koop Provincie", "einde", "herhaal"],
            [
                "Jij: 6 punten (6 voor kaarten en 0 voor fiches).",
                "Bot: 3 punten (3 voor kaarten en 0 voor fiches).",
                "Je wint.",
                STAY_NL,
            ],
        ),
    ],
)
def test_repeat_after_the_final_scores_says_them_and_then_the_stay_line(
    tmp_path: Path, lang: str, typed: list[str], heard: list[str]
) -> None:
    """Heard at a table: repeat after the end said only the last line, not the scores."""
    prompt = "You> " if lang == "en" else "Jij> "
    child = spawn(tmp_path, "Ann:human,Bot:bigmoney", LAST_PROVINCE, lang=lang)
    try:
        child.expect_exact(prompt)
        child.sendline(typed[0])
        child.expect_exact(prompt)
        child.sendline(typed[1])
        child.expect_exact(heard[-1])
        child.expect_exact(prompt)
        child.sendline(typed[2])
        child.expect_exact(prompt)
        again = said(child)
    finally:
        child.terminate(force=True)
    assert again == [typed[2], *heard]
