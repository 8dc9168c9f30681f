"""Faults found in the "nothing lost" features, each with the outcome a user sees.

``save`` and ``export`` write only regular files (a link to one writes that
file), readable by their owner only; a game open in one process cannot be
resumed in another; a game quit before its first answer is kept as the quit
question says; a damaged autosave says where it goes on from, and files that
are not saved games are listed as damaged; typed escape sequences are dropped
whole at the console's real prompt and under piped input; the list of games,
stats and the export tell what the README promises.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import playcore
from a11y_dominion import autosave, lineinput, stats
from a11y_dominion.cli import game_lines, main, stats_lines
from a11y_dominion.i18n import Language
from a11y_dominion.remote import terminal
from a11y_dominion.textinput import SEQUENCE, typed_line
from filemodes import owner_only
from test_history import KINGDOM, TO_VILLAGE, play, resume

ROOT = Path(__file__).resolve().parent.parent
FIRST_HAND = "Your hand, 5 cards: 2 Coppers and 3 Estates."  # seed 1


def session(text: str, *extra: str) -> tuple:
    """The game at a real prompt_toolkit prompt on the keys typed in ``text``: (the game played,
    a :class:`playcore.Played`; its exit code; the printed lines)."""
    done = playcore.play(["--seed", "1", *extra], text, keys=True)
    return done, done.code, done.lines


def piped(typed: str | list[str], *extra: str) -> tuple:
    """``play`` (seed 1, speech off, ``extra`` options) reading the piped lines ``typed`` on the
    console core (:func:`playcore.play`): (the game played, exit code, printed lines)."""
    played = playcore.play(["--seed", "1", *extra], typed, settings={})
    return played, played.code, played.lines


def fingerprint(path: Path) -> tuple:
    st = os.lstat(path)
    data = hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(st.st_mode) else None
    return data, stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns


# ---------------------------------------------------------------- 2, 6: save and export targets
@pytest.mark.posix
def test_save_and_export_refuse_what_is_not_a_regular_file_before_asking(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "sock"))
    to_folder = tmp_path / "to-folder"
    to_folder.symlink_to(folder)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nothing-here")
    odd = ["/dev/null", str(fifo), str(folder), str(tmp_path / "sock"), str(to_folder), str(dangling)]
    before = {p: fingerprint(Path(p)) for p in odd}
    typed = [line for p in odd for line in (f"save {p}", f"export {p}")] + ["hand"]
    _, _, lines = piped(typed)
    sock.close()
    for p in odd:
        assert f"Cannot save to {p}: {p} is not a regular file." in lines, p
        assert f"Cannot write {p}: {p} is not a regular file." in lines, p
    assert not any("Replace it?" in line or "Is a directory" in line for line in lines)
    assert FIRST_HAND in lines
    assert {p: fingerprint(Path(p)) for p in odd} == before  # every one left as it was
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["fifo", "folder", "sock", "to-folder", "dangling", "data"]
    )


@pytest.mark.posix
def test_a_link_to_a_regular_file_writes_that_file_and_says_so(tmp_path):
    real_save, real_text = tmp_path / "real.json", tmp_path / "real.txt"
    real_save.write_text("old save")
    real_text.write_text("old text")
    os.chmod(real_save, 0o644)
    link_save, link_text = tmp_path / "link.json", tmp_path / "link.txt"
    link_save.symlink_to(real_save)
    link_text.symlink_to(real_text)
    _, _, lines = piped([f"save {link_save}", "yes", f"export {link_text}", "yes"])
    assert f"Game saved to {real_save}, the file {link_save} links to." in lines
    assert f"The game so far is written to {real_text}, the file {link_text} links to." in lines
    assert link_save.is_symlink() and link_text.is_symlink()  # the links stay links
    assert json.loads(real_save.read_text())["format"] == "a11y-dominion-record"
    assert real_text.read_text().startswith("a11y-dominion game of ")
    for path in (real_save, real_text):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_saves_and_exports_are_readable_by_their_owner_only(tmp_path):
    old = tmp_path / "old.json"
    old.write_text("a save readable by all")
    os.chmod(old, 0o644)
    new_save, new_text = tmp_path / "new.json", tmp_path / "new.txt"
    _, _, lines = piped([f"save {new_save}", f"export {new_text}", f"save {old}", "yes"])
    assert f"Game saved to {new_save}." in lines and f"Game saved to {old}." in lines
    for path in (new_save, new_text, old):
        assert stat.S_IMODE(path.stat().st_mode) == owner_only(), path


# ---------------------------------------------------------------- 3: one process per game
@pytest.mark.e2e  # python in another process
def test_a_game_open_in_one_window_cannot_be_resumed_in_another(tmp_path, capsys):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    first = subprocess.Popen(
        [sys.executable, "-m", "a11y_dominion", "--seed", "1", "--speech", "off"],
        cwd=str(ROOT),
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        first.stdin.write("play treasures\n")
        first.stdin.flush()
        deadline = time.monotonic() + 60  # only a hang takes this long
        while True:
            files = list(autosave.games_dir().glob("*.jsonl")) if autosave.games_dir().exists() else []
            if files and len(files[0].read_text().splitlines()) >= 2:
                break
            assert time.monotonic() < deadline, "the first window did not save its answer"
            time.sleep(0.05)
        (path,) = files
        game_id = path.stem
        before = fingerprint(path)
        sentence = f"a11y-dominion: Game {game_id} is open in another window; close it there first.\n"
        for argv in (["resume"], ["resume", game_id], ["host", "--resume", game_id], ["host", "--resume"]):
            assert main(argv) == 2, argv
            captured = capsys.readouterr()
            if argv == ["host", "--resume"]:  # no remote seats: the latest hosted game is none
                assert captured.err == "a11y-dominion: There is no unfinished hosted game to bring back.\n"
                continue
            assert captured.err == sentence, argv
        assert fingerprint(path) == before  # the second window wrote nothing
    finally:
        first.kill()  # a crash: the system lets go of the lock
        first.wait(10)
        first.stdin.close()
    console, text = resume(["hand"], game_id)
    assert "Resumed the game of " in text
    assert len(console.game.answers) == 1


# ---------------------------------------------------------------- 4: quit before the first answer
def test_a_game_quit_before_its_first_answer_is_kept_as_the_question_says(capsys):
    console, code, lines = piped("quit\nyes\n")
    assert "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: yes" in lines
    assert lines[-1] == "Game stopped." and code == 1
    (saved,) = autosave.unfinished_games()
    assert main(["games"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert (
        line.endswith(f"resume {saved.id}.")
        and ", unfinished, before the first answer: You (human) and Bot (medium)." in line
    )
    again, text = resume([])
    assert again.game.config == console.game.config  # the same game, not another one
    assert again.game.answers == []


# ---------------------------------------------------------------- 5: damaged autosaves
def test_a_damaged_line_in_the_middle_is_told_and_the_game_goes_on_from_before_it():
    play(TO_VILLAGE)
    (path,) = autosave.games_dir().glob("*.jsonl")
    lines = path.read_bytes().split(b"\n")
    whole = len(lines) - 1
    bad = 4  # the line of answer 3 (the header is line 0)
    lines[bad] = b"\x00garbage{"
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    console, text = resume([])
    game_id = path.stem
    sentence = (
        f"The saved game {game_id} is damaged after answer 3; it goes on from there, "
        f"and the whole file is kept as {path}.damaged."
    )
    assert sentence in text.splitlines()
    assert whole > 5
    assert Path(f"{path}.damaged").read_bytes() == damaged  # nothing is lost for good
    again = autosave.read_saved(path)  # the file goes on whole from answer 3, with the bots' answers since
    assert not again.damaged and again.answers == [a for a in console.record()["answers"]]
    assert json.loads(path.read_bytes().split(b"\n")[bad])["n"] == 3


def test_files_that_are_no_saved_games_are_listed_as_damaged(capsys):
    play(TO_VILLAGE[:1])
    folder = autosave.games_dir()
    (good,) = folder.glob("*.jsonl")
    for name, content in (
        ("20250101-000000", b"\x00" * 4096),
        ("20250101-000001", bytes(range(256)) * 8),
        ("20250101-000002", b"[" * 100_000 + b"\n"),
    ):
        (folder / f"{name}.jsonl").write_bytes(content)
    before = {p: fingerprint(p) for p in folder.iterdir()}
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Game of ")
    assert lines[1:] == [
        f"The saved game {name}.jsonl is damaged: its first line cannot be read."
        for name in ("20250101-000002", "20250101-000001", "20250101-000000")
    ]
    assert {p: fingerprint(p) for p in folder.iterdir()} == before


# ---------------------------------------------------------------- 7: typed escape sequences
def test_the_real_prompt_drops_typed_escape_sequences_whole():
    _, _, lines = session("\x1b]0;pwned\x07hand\r\x1b[2Jzz\r\x1bP+q544e\x1b\\yy\r")
    assert FIRST_HAND in lines
    assert "zz is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end." in lines
    assert "yy is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end." in lines
    assert not any("]0;pwned" in line or "[2J" in line or "+q544e" in line for line in lines)


def test_piped_escape_sequences_are_dropped_whole_and_the_ssh_seat_shares_the_rule():
    _, _, lines = piped("\x1b]0;pwned\x07\x1b[31mstatus\nhand\n")
    assert not any("is not a move" in line for line in lines)
    assert any(line.startswith("You have 0 Debt and 0 VP in tokens") for line in lines)
    assert FIRST_HAND in lines
    assert terminal.InputFilter is lineinput.InputFilter and lineinput.SEQUENCE is SEQUENCE  # one rule for both
    assert typed_line("\x1b]0;pwned\x07\x1b[31mstatus") == "status"
    assert typed_line("\x1b]0;pwned\x1b\\hand\x1b[0m") == "hand"


def test_a_field_with_escapes_is_shown_with_question_marks_in_every_language():
    assert Language("en").text("{file} is gone.", file="a\x1b]0;t\x07b") == "a?]0;t?b is gone."
    assert Language("nl").text("Spel bewaard in {file}.", file="\x1b[31mx") == "Spel bewaard in ?[31mx."


# ---------------------------------------------------------------- 9: games, stats, export, exit code
def saved_game(result: dict, turn=None) -> autosave.SavedGame:
    return autosave.SavedGame(
        path=Path("20260101-120000.jsonl"),
        id="20260101-120000",
        started="2026-01-01T12:00:00",
        record={
            "seats": [["You", "human"], ["Bot", "bigmoney"]],
            "config": {"players": ["You", "Bot"], "kingdom": ["Village"], "seed": 1},
            "answers": [],
        },
        answers=[],
        result=result,
        turn=turn,
    )


def test_the_list_says_your_turn_and_how_a_finished_game_ended():
    en = Language("en")
    (line,) = game_lines([saved_game(None, ("You", 3))], en)
    assert line == (
        "Game of 2026-01-01 12:00:00, unfinished, at your turn 3: You (human) and Bot (bigmoney). "
        "Kingdom: Village. Resume it with a11y-dominion resume 20260101-120000."
    )
    (line,) = game_lines([saved_game(None, ("Bot", 3))], en)
    assert ", unfinished, at Bot's turn 3: " in line
    (line,) = game_lines([saved_game({"scores": [["You", 30], ["Bot", 30]], "winners": ["You", "Bot"]})], en)
    assert line == (
        "Game of 2026-01-01 12:00:00, finished: You (human) and Bot (bigmoney). Kingdom: Village. "
        "You and Bot tied with 30 VP."
    )
    (line,) = game_lines([saved_game({"scores": [["You", 31], ["Bot", 30]], "winners": ["You"]})], en)
    assert line.endswith(" Kingdom: Village. You won with 31 VP. Bot had 30 VP.")


def test_stats_count_a_tie_apart():
    record = {"seats": [["You", "human"], ["Bot", "bigmoney"]], "config": {"kingdom": ["Village"]}}
    assert stats.add_game(
        "g1",
        "2026-01-01T12:00:00",
        record,
        {"scores": [["You", 30], ["Bot", 30]], "winners": ["You", "Bot"], "turns": []},
    )
    figures = stats.summary()
    assert (figures["human_games"], figures["human_wins"], figures["human_ties"]) == (1, 0, 1)
    assert stats_lines(figures, Language("en"))[1] == (
        "You won 0 games of 1 and tied 1; your average score is 30.0 VP."
    )
    assert stats_lines(figures, Language("en"))[2:] == [
        "Against bigmoney: won 0 games of 1 and tied 1.",
        "Kingdom Village: won 0 games of 1 and tied 1.",
    ]
    assert stats.add_game(
        "g2", "2026-01-01T13:00:00", record, {"scores": [["You", 40], ["Bot", 30]], "winners": ["You"], "turns": []}
    )
    assert stats_lines(stats.summary(), Language("en"))[1] == (
        "You won 1 game of 2 and tied 1; your average score is 35.0 VP."
    )


def test_stats_count_as_yours_the_seats_played_at_this_computer_only():
    """A game hosted here for two remote players is theirs, not "you" winning or losing."""
    hosted = {
        "seats": [["Ann", "remote"], ["Bea", "remote"], ["Bot", "bigmoney"]],
        "config": {"kingdom": ["Village"]},
    }
    assert stats.add_game(
        "h1",
        "2026-01-01T12:00:00",
        hosted,
        {"scores": [["Ann", 19], ["Bea", 3], ["Bot", 74]], "winners": ["Bot"], "turns": []},
    )
    assert stats_lines(stats.summary(), Language("en")) == ["Games played to the end: 1."]
    at_host = {
        "seats": [["Ann", "remote"], ["Cid", "human"], ["Bot", "bigmoney"]],
        "config": {"kingdom": ["Village"]},
    }
    assert stats.add_game(
        "h2",
        "2026-01-01T13:00:00",
        at_host,
        {"scores": [["Ann", 40], ["Cid", 30], ["Bot", 20]], "winners": ["Ann"], "turns": []},
    )
    assert stats_lines(stats.summary(), Language("en"))[:3] == [
        "Games played to the end: 2.",
        "You won 0 games of 1; your average score is 30.0 VP.",
        "Against bigmoney: won 0 games of 1.",
    ]


def test_the_export_tells_the_seats_own_hand_at_each_of_its_turns(tmp_path):
    target = tmp_path / "game.txt"
    console, text = play([*TO_VILLAGE, f"export {target}"])
    shown = [line for line in text.splitlines() if line.startswith("Your hand: ")]
    exported = target.read_text().splitlines()
    hands = [line for line in exported if line.startswith("Your hand: ")]
    # the console says a later turn's hand once, in Clean-up's draw; the export names it at each turn
    assert shown == ["Your hand: 4 Coppers and Estate."]
    assert "You draw 3 Coppers and 2 Estates." in text.splitlines()
    assert hands == [
        "Your hand: 4 Coppers and Estate.",
        "Your hand: 3 Coppers and 2 Estates.",
        "Your hand: Village, 2 Coppers and 2 Estates.",
    ]
    assert not any(line.startswith("Bot's hand") for line in exported)
    # the hand comes after the turn's heading, before the turn's first play
    i = exported.index(hands[1])
    start = exported.index("Your turn 2.")
    assert start < i < next(k for k in range(start, len(exported)) if exported[k].startswith("You play"))


def test_piped_input_that_ends_stops_the_game_with_exit_code_1(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("hand\n"))
    assert main(["play", "--seed", "1", "--speech", "off", "--kingdom", KINGDOM]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "Game stopped."
