"""What a blind tester heard in whole games at the console (screen-reader mode, English and
Dutch), fixed in the console: the default seat name after a language switch in the game,
``repeat N`` then ``previous``, a question asked again with the same options, English left
in Dutch help and settings sentences, and ``repeat`` at the start of a turn.

The console is driven as a player drives it: a real game (or a position, tests/test_console.py),
typed lines, and the exact lines printed.
"""

from __future__ import annotations

import io

from a11y_dominion import autosave
from a11y_dominion.cli import build_parser, game_lines
from a11y_dominion.console import make_console
from a11y_dominion.console.display import PlainReader
from a11y_dominion.i18n import Language


def play(typed: str, players: str = "You:human,Bot:bigmoney", settings: dict | None = None, resume=None) -> tuple:
    """(console, printed lines) of a game of seed 2 (or ``resume``, a kept game) with ``typed``."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "2", "--speech", "off", "--players", players])
    if resume is not None:
        args = build_parser().parse_args(["play", "--speech", "off"])
        args.resume = resume
    console = make_console(args, stdout=out, reader=PlainReader(io.StringIO(typed), out), settings=settings or {})
    console.run()
    console.stop_autosave()
    return console, out.getvalue().splitlines()


def after(lines: list, typed: str, start: int = 0) -> list:
    """The lines printed after the prompt line that ends in ``typed`` (from line ``start``), up to
    the next prompt."""
    i = next(j for j in range(start, len(lines)) if lines[j].endswith(f"> {typed}") and ">" in lines[j])
    rest = lines[i + 1 :]
    end = next((j for j, x in enumerate(rest) if x.split("> ")[0] in ("You", "Jij", "Ann")), len(rest))
    return rest[:end]


# ------------------------------------------------------------------ 1. the default seat name follows the language
def test_switching_to_dutch_in_the_game_renames_the_default_seat(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed = "settings set language nl\n\nplay treasures\nbuy silver\nend\n"
    console, lines = play(typed)
    assert after(lines, "settings set language nl") == ["taal is nu nl."]
    assert "Jij> " in lines  # the empty line typed at the Dutch prompt
    assert after(lines, "")[0] == "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten."
    assert after(lines, "play treasures")[0] == "Je speelt 4 Koper. Aanschaffase: 4 munten."
    assert after(lines, "buy silver")[0] == "Je koopt Zilver. 0 aanschaffen, 1 munt."
    assert not any("You" in line for line in lines[lines.index("You> settings set language nl") + 1 :])
    assert list(console.people) == ["Jij"] and console.game.config.players[0] == "Jij"
    # the autosave goes on with the names of its header; games and resume call the seat as the settings' language does
    saved = autosave.find_game(None)
    assert [n for n, _ in saved.seats] == ["You", "Bot"] and saved.turn == ("Bot", 1)
    listed = game_lines([saved], Language("nl"))[0]
    assert "Jij (mens), Bot (bigmoney)" in listed and "You" not in listed
    console, lines = play("", resume=saved, settings={"language": "nl"})
    assert list(console.people) == ["Jij"] and lines[-1] == "Spel gestopt."
    assert "Jij> " in lines


def test_switching_back_to_english_renames_jij_to_you(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    console, lines = play("instellingen zet taal en\nplay treasures\n", players="Jij:human,Bot:bigmoney")
    assert after(lines, "instellingen zet taal en") == ["language is now en."]
    assert after(lines, "play treasures")[0] == "You play 4 Coppers. Buy phase: 4 coins."
    assert "You> play treasures" in lines and list(console.people) == ["You"]


def test_a_chosen_name_stays_after_a_switch(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    console, lines = play("settings set language nl\nplay treasures\n", players="Ann:human,Bot:bigmoney")
    assert "Ann> play treasures" in lines and list(console.people) == ["Ann"]


# ------------------------------------------------------------------ 2. repeat N, then previous and next
def test_previous_and_next_go_on_from_what_repeat_and_log_read():
    console, lines = play("play treasures\nbuy silver\nrepeat 2\nprevious\nnext\nlog 2\nprevious\nrepeat\nprevious\n")
    history = [entry.text for entry in console.people["You"].history.entries()]
    total = len(history)
    assert after(lines, "repeat 2") == [history[-2]]
    # the message before the one repeat 2 read, then the one after it: nothing read twice
    assert after(lines, "previous") == [f"{history[-3]} ({total - 2} of {total})"]
    assert after(lines, "next") == [f"{history[-2]} ({total - 1} of {total})"]
    i = lines.index("You> log 2")
    assert after(lines, "log 2", i) == ["The last 2 messages:", history[-2], history[-1]]
    assert after(lines, "previous", i) == [f"{history[-3]} ({total - 2} of {total})"]
    j = lines.index("You> repeat", i)
    assert after(lines, "repeat", j) == [history[-1]]
    assert after(lines, "previous", j) == [f"{history[-2]} ({total - 1} of {total})"]
