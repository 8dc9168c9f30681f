"""Watching a game of bots only at this keyboard, and a lone person seated under a name.

A keyboard-only trial found: a watcher could change no setting ("settings set pace 1" was
refused as a player's command); the program ended right after the final scores, where a player
stays; a resumed game of bots said its turn twice; a person seated as Ann heard the scores call
her "Ann" in some lines and "You" in others; and ``settings`` said "speech output none". Games
run in this process (seed 1) with the helpers of tests/test_shared_console.py, and the staying
after the final scores in a pseudo-terminal, where a person types.
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

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from a11y_dominion.settings import load_settings
from speechdoubles import RecordingOutput
from test_shared_console import load_settings_with, play, position, watched

pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)

KEEP_ON = "Change one with settings set KEY VALUE, for example settings set language nl; the other settings change outside the game with a11y-dominion settings."  # noqa: E501
NL_KEEP_ON = (
    "Wijzig er een met instellingen zet SLEUTEL WAARDE, bijvoorbeeld instellingen zet taal nl; de andere "
    "instellingen wijzig je buiten het spel met a11y-dominion settings (dat alleen de Engelse woorden kent)."
)


def answered(lines: list[str], typed: str, n: int = 1) -> list[str]:
    """The ``n`` lines said right after the line ``typed`` was read (and shown)."""
    i = lines.index(typed) + 1
    return lines[i : i + n]


def typed_file(here: Path, text: str) -> Path:
    path = here / "typed.txt"
    path.write_bytes(text.encode())
    return path


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


# ------------------------------------------------------------------ 1. a watcher's settings
def test_a_watcher_changes_the_pace_and_verbosity_and_hears_what_else_may_change(
    monkeypatch: pytest.MonkeyPatch, here: Path
) -> None:
    typed = typed_file(here, "settings set pace 0\nsettings set verbosity terse\nsettings set hints off\nsettings\n")
    code, lines, waits = watched(monkeypatch, None, typed=typed)
    assert answered(lines, "settings set pace 0") == ["Pace is now 0 seconds a line. Saved for this computer."]
    assert answered(lines, "settings set verbosity terse") == ["Verbosity is now terse. Saved for this computer."]
    assert answered(lines, "settings set hints off") == [
        "The setting hints cannot change during a game; here language, verbosity, speech, output, pace and "
        "plain or rich can. Change the others outside the game with a11y-dominion settings set KEY VALUE."
    ]
    assert answered(lines, "settings", 2) == [
        "Language English, verbosity terse, speech screen-reader, pace 0 seconds a line, output plain.",
        KEEP_ON,
    ]
    assert code == 0 and lines[-1] == "Big Money wins."
    # the game's lines wait no more once the pace is 0, and are terse (the plays' coins are not said,
    # "Medium plays 3 Coppers: +3 coins." at normal); both are kept
    changed = lines.index("settings set pace 0") + 1
    assert not [shown for _seconds, shown in waits.waits if shown > changed]
    terse = lines.index("settings set verbosity terse") + 1
    assert not any("Coppers: +" in x for x in lines[terse:])
    kept = load_settings()[0]
    assert (kept["pace"], kept["verbosity"]) == (0, "terse")


def test_a_watcher_changes_the_pace_in_dutch(monkeypatch: pytest.MonkeyPatch, here: Path) -> None:
    typed = typed_file(here, "instellingen zet tempo 0,5\ninstellingen\ninstellingen zet tips uit\n")
    code, lines, waits = watched(monkeypatch, None, "--lang", "nl", typed=typed)
    assert answered(lines, "instellingen zet tempo 0,5") == [
        "Tempo is nu 0,5 seconden per regel. Bewaard voor deze computer."
    ]
    assert answered(lines, "instellingen", 2) == [
        "Taal Nederlands, uitgebreidheid normaal, spraak screen-reader, tempo 0,5 seconden per regel, uitvoer gewoon.",
        NL_KEEP_ON,
    ]
    assert answered(lines, "instellingen zet tips uit") == [
        "De instelling tips kan niet wijzigen tijdens een spel; hier kunnen taal, uitgebreidheid, spraak, "
        "spraakuitvoer, tempo en gewoon of rijk dat. Wijzig de andere buiten het spel met a11y-dominion "
        "settings set KEY VALUE, met de Engelse woorden."
    ]
    assert code == 0
    # once every typed line was answered, each line the game says gets half a second
    last = lines.index("instellingen zet tips uit") + 1
    after = [(seconds, shown) for seconds, shown in waits.waits if shown > last]
    assert len(after) > 20
    for (_s, before), (seconds, shown) in zip(after, after[1:], strict=False):
        assert seconds == (shown - before) * 0.5
    assert load_settings()[0]["pace"] == 0.5


def test_a_watcher_changes_the_language_and_stops_the_game_in_it(monkeypatch: pytest.MonkeyPatch, here: Path) -> None:
    code, lines, _waits = watched(monkeypatch, None, typed=typed_file(here, "settings nl\nhelp\nstoppen\n"))
    assert answered(lines, "settings nl") == ["Taal is nu Nederlands. Bewaard voor deze computer."]
    assert answered(lines, "help") == [
        "Terwijl de bots spelen, mag je status, voorraad, stand, logboek, herhaal, vorige, volgende, kaart NAAM, "
        "vernietigd, bezienswaardigheden, gebeurtenissen, instellingen en exporteer typen; stoppen of Ctrl+C "
        "stopt het spel, dat bewaard blijft."
    ]
    assert lines[-2:] == ["stoppen", "Spel gestopt. Het blijft bewaard; a11y-dominion resume gaat ermee verder."]
    assert code == 1 and load_settings()[0]["language"] == "nl"


def test_a_watcher_chooses_rich_lines_and_sees_the_supply_as_a_table(
    monkeypatch: pytest.MonkeyPatch, here: Path
) -> None:
    typed = typed_file(here, "settings rich\nsupply\nsettings plain\nsupply\nquit\n")
    _code, lines, _waits = watched(monkeypatch, None, typed=typed)
    assert answered(lines, "settings rich") == ["Output is now rich."]
    table = lines[lines.index("supply") + 1 : lines.index("settings plain")]
    assert any(x.split()[:3] == ["Pile", "Top", "card"] for x in table)  # the table's heading
    assert answered(lines, "settings plain") == ["Output is now plain."]
    assert lines[lines.index("settings plain") + 3] == "Supply: 17 piles, 0 empty."


# ------------------------------------------------------------------ 2. after the final scores
def spawn_watch(here: Path, *options: str) -> Any:
    """A game of two bots (A, Big Money; B, random) watched in a pseudo-terminal (:func:`spawn`)."""
    return spawn(here, "--speech", "off", "--players", "A:bigmoney,B:random", *options)


@pytest.mark.posix  # a pseudo-terminal
@pytest.mark.e2e
def test_a_watcher_stays_after_the_final_scores_until_quit(here: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = spawn_watch(here)
    try:
        child.expect_exact("A wins.\r\n")
        child.expect_exact(
            "The game is over. You may stay: log, repeat, score and export work here; type quit to leave.\r\n"
        )
        child.sendline("score")
        child.expect_exact("Final scores:\r\n")
        child.expect_exact("A wins.\r\n")
        child.sendline("export game.txt")
        child.expect_exact(f"The game is written to {here / 'game.txt'}.\r\n")
        child.sendline("quit")
        child.expect_exact("Goodbye.\r\n")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    written = (here / "game.txt").read_text(encoding="utf-8").splitlines()
    assert written[1] == "Players: A (bigmoney), B (random)." and written[-1] == "A wins."


@pytest.mark.posix  # a pseudo-terminal
@pytest.mark.e2e
def test_a_watcher_stays_after_the_final_scores_in_dutch_until_ctrl_d(here: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = spawn_watch(here, "--lang", "nl")
    try:
        child.expect_exact("A wint.\r\n")
        child.expect_exact(
            "Het spel is voorbij. Je mag blijven: logboek, herhaal, stand en exporteer werken hier; "
            "typ stoppen om weg te gaan.\r\n"
        )
        child.sendline("herhaal")
        child.expect_exact("A wint.\r\n")
        child.sendeof()
        child.expect_exact("Tot ziens.\r\n")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_a_watched_game_with_no_person_typing_ends_after_the_final_scores(
    monkeypatch: pytest.MonkeyPatch, here: Path
) -> None:
    # piped lines are no person at a terminal: as a player's piped game, the program ends
    code, lines, _waits = watched(monkeypatch, None, settings=load_settings_with(pace=0), typed=typed_file(here, ""))
    assert code == 0 and lines[-1] == "Big Money wins."


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
    # each turn told once ("Medium's turn 1." or "Medium, turn 2: played ..."), not again as
    # "Medium's turn 1, Action phase: ..."
    turns = [
        re.match(r"([^,]*?)(?:'s turn|, turn) (\d+)", x).groups()
        for x in lines
        if re.match(r"[^,]*(?:'s turn|, turn) \d+[.,:]", x)
    ]
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


# ------------------------------------------------------------------ 5. the speech setting, as settings says it
def test_settings_says_the_speech_mode_as_settings_set_speech_takes_it() -> None:
    _code, lines = play("settings\nsettings set speech screen-reader\nsettings\n", players="Ann,medium")
    assert answered(lines, "You> settings", 2) == [
        "Language English, verbosity normal, options new, speech off, hints on.",
        KEEP_ON,
    ]
    assert answered(lines, "You> settings set speech screen-reader") == [
        "Speech is now screen-reader. Saved for this computer."
    ]
    again = lines[len(lines) - lines[::-1].index("You> settings") :]
    assert again[0] == "Language English, verbosity normal, options new, speech screen-reader, hints on."
    assert load_settings()[0]["speech"] == "screen-reader"


def test_settings_says_the_voice_the_game_speaks_through_in_dutch() -> None:
    speaker = Speaker("self-voicing", outputs=[RecordingOutput("espeak-ng")])
    _code, lines = play(
        "instellingen\ninstellingen zet spraak uit\n", "--lang", "nl", players="Ann,medium", speaker=speaker
    )
    assert answered(lines, "Jij> instellingen", 2) == [
        "Taal Nederlands, uitgebreidheid normaal, opties nieuw, spraak self-voicing via espeak-ng, tips aan.",
        NL_KEEP_ON,
    ]
    assert answered(lines, "Jij> instellingen zet spraak uit") == ["Spraak is nu uit. Bewaard voor deze computer."]
