"""End to end: the installed command in a pseudo-terminal, one whole game.

A human plays Big Money by typing simple moves against the bigmoney bot,
reading only the printed lines: play treasures, then buy Province, Gold or
Silver by the coins the prompt says, or end. The game must reach its final
scores and exit 0.

Two humans and a bot share the keyboard the same way: each hand-over is
answered with Enter (and nothing is printed before it), and the game is
played again in process from the same seed and typed lines, so the test
knows exactly which cards Ann drew: no line of Bea's part of a round names
them (the count, "Ann draws 5 cards.", is allowed).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from typedmoves import Heard, big_money_line, no_treasures

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal
pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07")
HEADER = re.compile(r"(Action|Buy) phase: (?:(\d+) Actions?, )?(\d+) Buys?, (\d+) coins?")  # the seat "You" unnamed


def command() -> tuple:
    exe = shutil.which("a11y-dominion")
    args = ["play", "--seed", "1", "--speech", "screen-reader", "--players", "You:human,Bot:bigmoney"]
    if exe:
        return exe, args
    return sys.executable, ["-m", "a11y_dominion"] + args


STAY = "The game is over. You may stay: log, repeat, score and export work here; type quit to leave."


def after_the_game(child: Any, raw: list[str]) -> str:
    """After "Game over.": the final scores, up to the line saying the player may stay, then quit
    and the program's end; the final scores' text (``raw`` gets every byte received)."""
    child.expect_exact(STAY)
    raw.append(child.before + child.after)
    tail = ANSI.sub("", child.before).replace("\r", "")
    child.sendline("quit")
    child.expect_exact("Goodbye.")
    raw.append(child.before + child.after)
    child.expect(pexpect.EOF)
    raw.append(child.before)
    return tail


def choose(screen: str, heard: Heard | None = None, moved: bool = False) -> str:
    """The Big Money move for the text printed since the last answer (``heard``: the figures
    known from the prompts before, which name only what changed)."""
    if no_treasures(screen):
        return "end"
    if heard is None:
        headers = HEADER.findall(screen)
        assert headers, f"no turn prompt in: {screen[-500:]!r}"
        phase, _actions, buys, coins = headers[-1]
    else:
        phase, buys, coins = heard.update(screen, moved)
    return big_money_line(screen, phase, buys, coins)


def test_whole_game_against_bigmoney_in_a_pty():
    exe, args = command()
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))
    transcript = []
    raw = []
    moves = []
    heard = Heard()
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
            move = choose(screen, heard, moved=bool(moves) and moves[-1] != "end")
            moves.append(move)
            child.sendline(move)
            assert len(moves) < 400, "the game does not end"
        tail = after_the_game(child, raw)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    text = "".join(transcript)
    assert child.exitstatus == 0
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


# ---------------------------------------------------------------- two humans and a bot at one keyboard
PROMPT = r"(?:^|\n)(?:\x1b\[J)*(Ann|Bea)> ?(?:\x1b\[[0-9]*[CD])*$"
HAND_OVER = r"Pass the keyboard to (Ann|Bea)\. (?:Ann|Bea), press Enter when you are ready\."
SHARED_HEADER = re.compile(r"(Ann|Bea), (Action|Buy) phase: (?:(\d+) Actions?, )?(\d+) Buys?, (\d+) coins?")
SHARED_PLAYERS = "Ann:human,Bea:human,Bot:bigmoney"


def shared_choice(screen: str, who: str, heard: dict | None = None, moved: bool = False) -> str:
    """The Big Money move of ``who`` for the text printed since the last answer (``heard``:
    each player's :class:`Heard` figures; ``moved``: their last line was a move of their turn)."""
    if no_treasures(screen):
        return "end"
    if heard is None:
        headers = [h for h in SHARED_HEADER.findall(screen) if h[0] == who]
        assert headers, f"no turn prompt for {who} in: {screen[-500:]!r}"
        _who, phase, _actions, buys, coins = headers[-1]
    else:
        phase, buys, coins = heard.setdefault(who, Heard(who)).update(screen, moved)
    return big_money_line(screen, phase, buys, coins)


def replayed_game(typed: list):
    """The same game played in process from the same seed and the same typed lines."""
    import io

    from a11y_dominion.cli import build_parser
    from a11y_dominion.console.display import PlainReader
    from a11y_dominion.console.playend import play_on_core
    from a11y_dominion.console.start import play_setup

    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "screen-reader", "--players", SHARED_PLAYERS])
    out = io.StringIO()
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    play_on_core(setup, args, PlainReader(io.StringIO("".join(t + "\n" for t in typed)), out))
    return setup.game  # (the game the table played: no move of it failed or was taken back)


def bea_turns(game) -> list:
    """For each of Bea's turns: (what Ann drew since Bea's turn before, as the narrator
    groups it, and what Bea drew from her turn until Ann's next turn)."""
    from a11y_dominion.announcements.narrator import group_names
    from a11y_dominion.rules import events as ev

    turns, ann_drew = [], []
    current = None
    for e in game.log:
        if isinstance(e, ev.TurnStarted):
            current = e.player
            if e.player == "Bea":
                turns.append((ann_drew, []))
                ann_drew = []
        elif isinstance(e, ev.CardsDrawn) and e.cards:
            if e.player == "Ann":
                ann_drew.append(group_names(e.cards))
            elif e.player == "Bea" and turns and current != "Ann":
                turns[-1][1].append(group_names(e.cards))
    return turns


def test_two_humans_and_a_bot_share_the_keyboard_in_a_pty():
    exe, args = command()
    args = [a for a in args] + ["--players", SHARED_PLAYERS]
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))
    raw, screens, typed = [], [], []
    heard: dict = {}
    last: dict = {}
    waited = []
    try:
        child.expect("Type help for commands")
        raw.append(child.before + child.after)
        while True:
            i = child.expect([PROMPT, HAND_OVER, r"Type yes to [a-z ]+: ?", r"Game over\."])
            raw.append(child.before + child.after)
            screen = ANSI.sub("", child.before).replace("\r", "")
            screens.append(screen + ANSI.sub("", child.after))
            if i == 3:
                break
            if i == 1:
                # the hand-over waits: nothing more is printed until Enter
                child.expect(pexpect.TIMEOUT, timeout=0.1)
                raw.append(child.before)
                waited.append(re.sub(r"[\s\x00-\x1f]", "", ANSI.sub("", child.before)))
                screens.append("\n")
                line = ""
            elif i == 2:
                line = "yes"
            else:
                who = child.match.group(1)
                line = shared_choice(screen, who, heard, moved=last.get(who, "end") not in ("end", ""))
                last[who] = line
            typed.append(line)
            child.sendline(line)
            assert len(typed) < 900, "the game does not end"
        tail = after_the_game(child, raw)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert child.exitstatus == 0
    scored = re.findall(r"^(\w+): \d+ VP \(\d+ from cards, 0 from VP tokens and 0 from Tower\)\.$", tail, re.M)
    # the person at the keyboard hears their own score as You's, the other person's and the bot's by name
    assert len(scored) == 3 and "You" in scored and "Bot" in scored and len({"Ann", "Bea"} & set(scored)) == 1
    text = "".join(screens)
    assert "is not a move" not in text and "; you have " not in text
    assert waited and all(w == "" for w in waited), [w for w in waited if w][:3]
    lines = [x.strip() for x in text.split("\n")]

    # Bea's part of each round: from the Enter after "Pass the keyboard to Bea" to "Pass the keyboard to Ann"
    segments, seg = [], None
    for x in lines:
        if x.startswith("Pass the keyboard to Bea."):
            seg = []
            segments.append(seg)
        elif x.startswith("Pass the keyboard to Ann."):
            seg = None
        elif seg is not None:
            seg.append(x)
    game = replayed_game(typed)
    assert game.game_over
    turns = bea_turns(game)
    assert len(segments) == len(turns) and len(turns) >= 5
    # Bea hears her own draws at her next moment (her Clean-up draw at her next turn)
    bea_all = {d for _ann, bea in turns for d in bea}
    for k, (seg, (ann_drew, _bea_drew)) in enumerate(zip(segments, turns, strict=True), 1):
        for x in seg:
            assert not x.startswith(("Ann's hand", "Your hand")), (k, x)
            if "Ann draws" in x:
                assert re.search(r"Ann draws \d+ cards?\.", x), (k, x)
            for names in ann_drew:
                if names in x and ("Ann" in x or x.startswith("You draw")):
                    assert x == f"You draw {names}." and names in bea_all, (k, x)
    # Ann's draws were told to Ann: her own segments say them
    assert any(x.startswith("You draw ") for x in lines)

    # screen-reader mode: only line-editing sequences, and the screen is never cleared
    everything = "".join(raw)
    sequences = set(re.findall(r"\x1b(?:\[[0-9;?]*[A-Za-z]|.)", everything))
    assert all(re.fullmatch(r"\x1b\[[0-9]*[CDK]|\x1b\[J", s) for s in sequences), sorted(sequences)
    assert not re.search(r"[\u2500-\u257f\u2580-\u259f]", everything)


def test_ctrl_c_at_a_shared_keyboard_clears_the_line_and_says_nothing_of_the_next_person() -> None:
    exe, args = command()
    args = [*args, "--players", SHARED_PLAYERS]  # (the last --players is the one read)
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))
    to_ann = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
    to_bea = "Pass the keyboard to Bea. Bea, press Enter when you are ready."
    try:
        child.expect_exact(to_ann)
        child.sendintr()  # at the hand-over: one sentence says what is read there
        child.expect_exact(
            "Ctrl+C does nothing here: press Enter when Ann is at the keyboard, or type quit to stop the game."
        )
        handed = ANSI.sub("", child.before).replace("\r", "").strip()
        child.sendline("")
        child.expect_exact("Ann> ")
        child.sendline("end")
        child.expect_exact("Ann> ")
        child.sendline("end")
        child.expect_exact(to_bea)
        before_bea = ANSI.sub("", child.before).replace("\r", "")
        child.sendline("")
        child.expect_exact("Bea> ")
        child.sendintr()  # at Bea's question: nothing typed, nothing cleared
        child.expect_exact("Nothing to clear. Type quit to stop the game.")
        child.expect_exact("Bea> ")
        child.sendline("quit")
        child.expect("Type yes to stop: ")
        child.sendline("yes")
        child.expect_exact("Game stopped.")
        child.expect(pexpect.EOF)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert handed == ""  # nothing but the sentence (no news, no hand)
    assert "You draw" not in before_bea and "Bea's hand" not in before_bea
    assert child.exitstatus == 1  # stopped before its end


def test_ctrl_c_stops_a_watched_game_of_bots_and_keeps_it() -> None:
    exe, args = command()
    args = [*args, "--players", "A:hard,B:hard", "--think-ms", "60000"]  # (the last --players is the one read)
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))
    try:
        child.expect_exact("New game for A and B. A goes first.")
        child.sendintr()  # while A thinks
        child.expect_exact("Game stopped.")
        child.expect(pexpect.EOF)
        tail = ANSI.sub("", child.before)
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert "Traceback" not in tail and child.exitstatus == 1
    from a11y_dominion import autosave

    (kept,) = autosave.unfinished_games()
    assert [tuple(seat) for seat in kept.seats] == [("A", "hard"), ("B", "hard")]


READING = "\x1b[?2004h"  # a prompt has begun to read keys (it turns bracketed paste on)
DRAWN = "\x1b[?25h"  # and shows its cursor once drawn


def test_ctrl_c_and_ctrl_d_typed_at_the_hand_over_stay_in_the_game_until_it_stops() -> None:
    exe, args = command()
    args = [*args, "--speech", "auto", "--players", "Ann:human,Bea:human"]
    # a sighted player's terminal (no screen reader runs): its prompts draw themselves, keys read one by one
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_SCREEN_READER="no")
    child = pexpect.spawn(exe, args, cwd=str(ROOT), env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))
    to_ann = "Pass the keyboard to Ann. Ann, press Enter when you are ready."
    try:
        child.expect_exact(to_ann)
        child.expect_exact(READING)
        child.expect_exact(DRAWN)
        child.sendcontrol("d")  # quit's question
        child.expect_exact("Type yes to stop: ")
        child.sendline("no")
        child.expect_exact("The game goes on.")
        child.expect_exact(to_ann)
        child.expect_exact(READING)
        child.expect_exact(DRAWN)
        child.sendintr()  # a key at the hand-over's prompt: one sentence says what is read there
        child.expect_exact(
            "Ctrl+C does nothing here: press Enter when Ann is at the keyboard, or type quit to stop the game."
        )
        child.expect_exact(READING)
        child.expect_exact(DRAWN)
        child.sendcontrol("d")
        child.expect_exact("Type yes to stop: ")
        child.sendcontrol("d")  # again: the game stops
        child.expect(pexpect.EOF)
        tail = ANSI.sub("", child.before).replace("\r", "")
        child.close()
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert [x for x in tail.splitlines() if x.strip()] == [
        "Game stopped. It is kept; a11y-dominion resume goes on with it."
    ]  # one sentence, and no other end
    assert child.exitstatus == 1
