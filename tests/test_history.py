"""Autosave, resume, undo, export, the list of games and the game history (stats).

Games are played at the console from typed lines (the ``play`` options and
a plain reader, as the program runs with piped input); each test has its
own data directory (tests/conftest.py), so the autosave files and the
database read here are the ones those games wrote.
"""

from __future__ import annotations

import io
import json
import os
import re
import sqlite3

import pytest

import playcore
from a11y_dominion import autosave, stats
from a11y_dominion.cli import build_parser, main
from a11y_dominion.rules import events as ev
from filemodes import owner_only

KINGDOM = "Village,Cellar,Merchant,Workshop,Smithy,Festival,Laboratory,Market,Council Room,Moneylender"
# seed 2: You buy a Village in turns 1 and 2 and draw it for turn 3
TO_VILLAGE = ["play treasures", "buy Village", "end", "play treasures", "buy Village", "end"]


def play(lines: list, seed: int = 2, players: str = "You:human,Bot:bigmoney", more: tuple = ()) -> tuple:
    """(the game played, everything printed) after a game at this keyboard from ``lines`` on the
    console core (:func:`playcore.play`): one person's against bots, or bots only, watched."""
    options = ["--seed", str(seed), "--players", players, "--kingdom", KINGDOM, *more]
    played = playcore.play(options, lines)
    return played, played.text


def resume(lines: list, game_id: str | None = None) -> tuple:
    """(the game played, printed) of ``a11y-dominion resume`` with ``lines`` typed."""
    played = playcore.play([], lines, resume=autosave.find_game(game_id))
    return played, played.text


def the_file():
    (path,) = sorted((autosave.games_dir()).glob("*.jsonl"))
    return path


def after(text: str, typed: str) -> list:
    """The lines printed after the prompt line where ``typed`` was typed (the last time)."""
    lines = text.splitlines()
    i = max(k for k, x in enumerate(lines) if x.endswith("> " + typed))
    return lines[i + 1 :]


# ---------------------------------------------------------------- autosave and resume
def test_every_answer_is_in_the_autosave_and_resume_goes_on_at_the_same_decision():
    first, _ = play(TO_VILLAGE)
    lines = the_file().read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "a11y-dominion-autosave" and header["record"]["config"]["seed"] == 2
    assert header["record"]["seats"] == [
        ["You", "human", {"language": "en", "verbosity": "normal"}],
        ["Bot", "bigmoney"],
    ]
    answers = [json.loads(x) for x in lines[1:]]
    assert [a["n"] for a in answers] == list(range(len(first.game.answers)))
    assert [a["p"] for a in answers if a["p"] == "You"] == ["You"] * 6
    assert os.stat(the_file()).st_mode & 0o777 == owner_only()

    second, text = resume(["hand"])
    assert second.game.answers == first.game.answers
    assert second.game.pending.player == "You" and second.game.pending.kind == "turn"
    assert "Resumed the game of " in text
    # the turn's start is among the last announcements: left to where the game stands, said once
    # with its figures after them; the hand, told there as it was shuffled and drawn, is not read again
    out = text.splitlines()
    i = out.index("The last announcements:")
    assert out[i + 1 : i + 7] == [
        "Bot, turn 1: played 3 Coppers, bought Silver.",
        "Your turn 2.",
        "You play 3 Coppers. You buy Village.",
        "You shuffle 12 cards and draw Village, 2 Coppers and 2 Estates.",
        "Bot, turn 2: played 4 Coppers, bought Silver.",
        "Your turn 3, Action phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
    ]
    assert len([x for x in out if x.startswith("Your turn 3")]) == 1
    assert len([x for x in out if "1 Action, 1 Buy, 0 coins" in x]) == 1
    assert not any(x.startswith("Your hand") for x in out[: out.index("You> hand")])
    assert after(text, "hand")[0] == "Your hand, 5 cards: Village, 2 Coppers and 2 Estates."


def test_a_torn_last_line_is_ignored_and_cut_off_before_the_next_answer():
    play(TO_VILLAGE[:2])
    path = the_file()
    whole = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"n": 2, "p": "You", "a": [{"move": "en')  # the process was killed inside a write
    saved = autosave.read_saved(path)
    assert saved.torn and saved.good_bytes == len(whole) and len(saved.answers) == 2
    console, text = resume(["end"])
    assert len(console.game.answers) > 2
    data = path.read_bytes()
    assert data.startswith(whole) and data.endswith(b"\n")
    assert all(json.loads(x) for x in data.decode().splitlines())  # every line whole again


def test_resume_keeps_the_seats_language_and_verbosity():
    play(["hand"], players="Ann:human:nl:terse,Bot:random")  # stopped before the first answer: kept too
    assert [g.answers for g in autosave.unfinished_games()] == [[]]
    play(["speel geldkaarten"], players="Ann:human:nl:terse,Bot:random")
    console, text = resume([])
    assert console.seats == [("Ann", "human"), ("Bot", "random")]
    assert console.people["Ann"].lang.code == "nl" and console.people["Ann"].verbosity == "terse"
    out = text.splitlines()
    i = out.index("Jouw beurt 1, aanschaffase: 1 actie, 1 aanschaf, 4 munten.")
    assert out[i + 1 : i + 3] == ["Je hand, 1 kaart: Landgoed.", "In het spel: 4 Koper."]
    assert len([x for x in out if "4 munten." in x]) == 1


def test_a_new_game_says_in_one_sentence_that_an_unfinished_one_is_kept():
    play(TO_VILLAGE[:1])
    (saved,) = autosave.unfinished_games()
    _, text = play([])
    date = saved.started.replace("T", " ")
    assert f"An unfinished game of {date} is kept; a11y-dominion resume goes on with it." in text.splitlines()
    play(TO_VILLAGE[:1])  # the game just stopped before its first answer is kept too: 3 games
    _, text = play([])
    assert (
        "3 unfinished games are kept; a11y-dominion resume goes on with the latest, a11y-dominion games lists them."
        in text.splitlines()
    )


def test_a_finished_game_is_no_longer_unfinished_and_goes_into_the_history(capsys):
    play([], players="A:bigmoney,B:random")  # a game of bots, watched to its end
    (saved,) = autosave.all_games()
    assert saved.finished and not autosave.unfinished_games()
    with pytest.raises(autosave.RecordError, match="There is no unfinished game to resume"):
        autosave.find_game(None)
    assert main(["resume", saved.id]) == 2
    assert "has ended; there is nothing to resume" in capsys.readouterr().err
    con = sqlite3.connect(stats.db_path())
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(stats.SCHEMA_VERSION,)]
    (row,) = con.execute("SELECT id, turns FROM games").fetchall()
    assert row[0] == saved.id and row[1] == max(t for _n, t in saved.result["turns"])
    seats = con.execute("SELECT name, kind, score, won FROM seats ORDER BY name").fetchall()
    assert [(n, k) for n, k, _s, _w in seats] == [("A", "bigmoney"), ("B", "random")]
    assert {n: s for n, _k, s, _w in seats} == dict(map(tuple, saved.result["scores"]))


def test_games_lists_unfinished_and_finished_games_in_sentences(capsys):
    play(TO_VILLAGE[:3])
    play([], players="A:bigmoney,B:random")
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    unfinished, finished = sorted(lines, key=lambda x: "finished:" in x)
    *rest, last = KINGDOM.split(",")
    kingdom = ", ".join(rest) + " and " + last  # read aloud: the last after "and"
    assert re.fullmatch(
        r"Game of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, unfinished, at your turn 2: You \(human\) and "
        rf"Bot \(bigmoney\)\. Kingdom: {kingdom}\. Resume it with a11y-dominion resume \d{{8}}-\d{{6}}\.",
        unfinished,
    ), unfinished
    assert re.fullmatch(
        rf"Game of .*, finished: A \(bigmoney\) and B \(random\)\. Kingdom: {kingdom}\. "
        r"(A won with -?\d+ VP\. B had -?\d+ VP|B won with -?\d+ VP\. A had -?\d+ VP|A and B tied with -?\d+ VP)\.",
        finished,
    ), finished


def test_a_game_is_dated_as_its_id_though_its_setup_waited(capsys, monkeypatch):
    """A game set up long before its first answer (a hosted game waits for its players) is
    listed with the date and time of its id, the two a player matches up."""
    with monkeypatch.context() as m:
        m.setattr(autosave, "now", lambda: "2020-01-01T00:00:00")  # the setup, long ago
        play(TO_VILLAGE[:3])
    (saved,) = autosave.unfinished_games()
    assert saved.started != "2020-01-01T00:00:00"
    assert saved.id[:15] == saved.started.replace("-", "").replace(":", "").replace("T", "-")
    assert main(["games"]) == 0
    date = saved.started.replace("T", " ")
    assert capsys.readouterr().out.startswith(f"Game of {date}, unfinished")


def test_resume_with_a_bad_id_is_one_sentence(capsys):
    assert main(["resume", "nonsense\x1b]0;x\x07"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "is not a game's ID" in err
    assert main(["resume", "20990101-000000"]) == 2
    assert "There is no game 20990101-000000; a11y-dominion games lists them." in capsys.readouterr().err


# ---------------------------------------------------------------- undo
def test_undo_takes_back_own_answers_in_own_turn_exactly():
    console, text = play(["play treasures", "undo", "undo", "play treasures", "buy Silver", "undo", "end"])
    out = text.splitlines()
    assert "There is nothing to undo yet." in out
    assert after(text, "undo")[:2] == ["Taken back: your buy of Silver.", "Your hand, 1 card: Estate."]
    i = out.index("You> play treasures")
    # what was taken back without its old figures; the prompt then says the figures now, each of them,
    # as it does at that decision
    assert out[out.index("You> undo", i) + 1 : out.index("You> undo", i) + 4] == [
        "Taken back: your play of 4 Coppers.",
        "Your hand, 5 cards: 4 Coppers and Estate.",
        "Action phase: 1 Action, 1 Buy, 0 coins.",
    ]
    assert after(text, "undo")[2:4] == ["In play: 4 Coppers.", "Buy phase: 1 Buy, 4 coins."]
    # the game went on as if Silver had never been bought: You bought nothing in turn 1
    bought = [e for e in console.game.log if isinstance(e, ev.CardBought) and e.player == "You"]
    assert bought == []
    lines = [json.loads(x) for x in the_file().read_text().splitlines()[1:]]
    assert {"undo": 0} in lines and {"undo": 1} in lines
    # the autosave replays to the same game
    saved = autosave.read_saved(the_file())
    assert saved.answers == [a for a in console.record()["answers"]]


def test_undo_is_refused_after_a_draw_another_seat_or_another_turn():
    _, text = play(TO_VILLAGE + ["play Village", "undo"])
    assert after(text, "undo")[0] == "You drew cards since then; undo is not possible."
    _, text = play(TO_VILLAGE[:3] + ["undo"])
    assert after(text, "undo")[0] == "Bot has played since then; undo is not possible."  # the Bot's turn


def test_undo_says_the_figures_it_changed_not_the_old_ones():
    kingdom = KINGDOM.replace("Moneylender", "Engineer")
    lines = ["play treasures", "buy Cellar", "undo", "buy Engineer", "undo", "end"]
    _, text = play(lines, more=("--kingdom", kingdom, "--landmarks", "Basilica"))
    out = text.splitlines()
    first = out.index("You> undo")
    assert out[first + 1 : first + 5] == [
        "Taken back: your buy of Cellar. Now 0 VP tokens, 12 VP on Basilica.",
        "Your hand, 1 card: Estate.",
        "In play: 4 Coppers.",
        "Buy phase: 1 Buy, 4 coins.",  # the prompt of that decision, each figure
    ]
    second = out.index("You> undo", first + 1)
    assert out[second + 1 : second + 5] == [
        "Taken back: your buy of Engineer. Now 0 Debt, 0 VP tokens, 12 VP on Basilica.",
        "Your hand, 1 card: Estate.",
        "In play: 4 Coppers.",
        "Buy phase: 1 Buy, 4 coins.",
    ]


def test_undo_and_export_are_in_help_and_completion():
    from types import SimpleNamespace

    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from a11y_dominion.console.completion import DecisionCompleter
    from a11y_dominion.i18n import Language

    _, text = play(["help commands 4"])
    assert "undo: take back your last answer in your own turn." in text.splitlines()
    assert "export FILE: the game so far as plain text." in text.splitlines()
    console, _ = play([])
    completer = DecisionCompleter(lambda: console.game, Language("en"))
    words = [c.text for c in completer.get_completions(Document("un"), CompleteEvent())]
    assert "undo" in words
    words = [c.text for c in completer.get_completions(Document("exp"), CompleteEvent())]
    assert "export " in words  # (a file name follows it)
    assert SimpleNamespace  # imported for symmetry with the console tests


# ---------------------------------------------------------------- export
def test_export_has_own_private_lines_and_never_the_other_seats(tmp_path):
    target = tmp_path / "game.txt"
    console, text = play(TO_VILLAGE + [f"export {target}"])
    assert after(text, f"export {target}")[0] == f"The game so far is written to {target}."
    lines = target.read_text(encoding="utf-8").splitlines()
    # the game can still be played: no seed, which determines every shuffle
    assert re.fullmatch(r"a11y-dominion game of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.", lines[0])
    assert lines[1] == "Players: You (human), Bot (bigmoney)."
    assert "You shuffle 12 cards and draw Village, 2 Coppers and 2 Estates." in lines
    bot_drew = [e for e in console.game.log if isinstance(e, ev.CardsDrawn) and e.player == "Bot"]
    assert bot_drew
    told = [x for x in lines if x.startswith("Bot draws")]
    assert told and all(re.fullmatch(r"Bot draws \d+ cards?\.", x) for x in told)
    shuffled = [x for x in lines if x.startswith("Bot shuffles")]
    assert shuffled and all(re.fullmatch(r"Bot shuffles \d+ cards and draws \d+ cards?\.", x) for x in shuffled)
    # the file is replaced only after asking
    before = target.read_bytes()
    _, text = play(["play treasures", f"export {target}", "no"])
    assert "Not exported. The file is as it was." in text and target.read_bytes() == before
    _, text = play(["export"])
    assert "Export needs a file name, for example export game.txt." in text.splitlines()


def test_export_in_dutch_for_a_dutch_seat(tmp_path):
    target = tmp_path / "partij.txt"
    play(["speel geldkaarten", f"exporteer {target}"], players="Ann:human:nl,Bot:bigmoney")
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[1] == "Spelers: Ann (mens), Bot (bigmoney)."
    assert lines[3] == "Nieuw spel voor Ann en Bot. Jij begint."
    assert "Je speelt Koper: +1 munt; je hebt 1 munt." in lines


# ---------------------------------------------------------------- stats
def three_finished_games() -> None:
    """Three finished games in the history: You won 2 of them, against bigmoney twice and random once."""
    record = lambda kingdom, bot: {  # noqa: E731
        "config": {"kingdom": kingdom},
        "seats": [["You", "human"], ["Bot", bot]],
    }
    k1, k2 = ["Village", "Smithy"], ["Market", "Cellar"]
    assert stats.add_game(
        "g1",
        "2026-01-01T10:00:00",
        record(k1, "bigmoney"),
        {"scores": [["You", 30], ["Bot", 20]], "winners": ["You"], "turns": [["You", 15]]},
    )
    assert stats.add_game(
        "g2",
        "2026-01-02T10:00:00",
        record(k1, "random"),
        {"scores": [["You", 20], ["Bot", 25]], "winners": ["Bot"], "turns": [["You", 17]]},
    )
    assert stats.add_game(
        "g3",
        "2026-01-03T10:00:00",
        record(k2, "bigmoney"),
        {"scores": [["You", 41], ["Bot", 12]], "winners": ["You"], "turns": [["You", 20]]},
    )


THREE_GAMES_STATS = [
    "Games played to the end: 3.",
    "You won 2 games of 3; your average score is 30.3 VP.",
    "Against bigmoney: won 2 games of 2.",
    "Against random: won 0 games of 1.",
    "Kingdom Smithy and Village: won 1 game of 2.",
    "Kingdom Cellar and Market: won 1 game of 1.",
]
"""What ``stats`` says of :func:`three_finished_games`, one sentence a line."""


def test_stats_counts_games_wins_per_kingdom_and_opponent_and_the_average_score(capsys):
    three_finished_games()
    assert main(["stats", "--plain"]) == 0
    assert capsys.readouterr().out.splitlines() == THREE_GAMES_STATS


@pytest.mark.posix
@pytest.mark.e2e  # a pseudo-terminal
def test_stats_for_sighted_players_is_a_rich_table_with_the_same_figures(tmp_path):
    """At a terminal (a pseudo-terminal, as a sighted player has), without --plain: a table
    of wins per opponent and Kingdom, then the two sentences that are no rows of it."""
    import sys

    pexpect = pytest.importorskip("pexpect")
    three_finished_games()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # a sighted player: the system says no screen reader runs (a test beside this one may run a process named orca)
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=root, COLUMNS="100", LINES="40")
    env["A11Y_DOMINION_SCREEN_READER"] = "no"
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        sys.executable, ["-m", "a11y_dominion", "stats"], cwd=root, env=env, encoding="utf-8", dimensions=(40, 100)
    )
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 0
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before).replace("\r", "")
    assert "\x1b[" in child.before  # rich: the terminal's colours and styles
    lines = [x.strip() for x in shown.splitlines() if x.strip()]
    assert lines[0] == "Wins per opponent and Kingdom"
    rows = [[cell.strip() for cell in x.strip("│┃").split("│" if "│" in x else "┃")] for x in lines if x[0] in "│┃"]
    assert rows == [
        ["Opponent or Kingdom", "Games", "Won", "Tied"],
        ["bigmoney", "2", "2", "0"],
        ["random", "1", "0", "0"],
        ["Smithy, Village", "2", "1", "0"],
        ["Cellar, Market", "1", "1", "0"],
    ]
    assert lines[-2:] == [
        "Games played to the end: 3.",
        "You won 2 games of 3; your average score is 30.3 VP.",
    ]
    assert "Against bigmoney" not in shown  # the rows are not said twice


def test_stats_without_games_and_an_old_database_migrates(capsys):
    assert main(["stats"]) == 0
    assert capsys.readouterr().out == "No finished games yet; a game counts here once it has ended.\n"
    path = stats.db_path()
    os.remove(path)
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.executescript(stats.MIGRATIONS[0])
    con.execute("INSERT INTO schema_version VALUES (1)")
    con.commit()
    con.close()
    stats.connect().close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
    assert con.execute("SELECT name FROM sqlite_master WHERE name = 'seats_by_game'").fetchall()


def test_a_game_loaded_from_a_save_file_is_kept_and_resumed_too(tmp_path):
    target = tmp_path / "game.json"
    first, _ = play(["play treasures", f"save {target}"])
    for path in autosave.games_dir().glob("*.jsonl"):
        path.unlink()  # only the loaded game's autosave is looked at below
    loaded, text = play(["buy Silver"], more=("--load", str(target)))
    assert f"Loaded {target}." in text
    (saved,) = autosave.unfinished_games()
    assert saved.record["answers"] == [[{"move": "treasures"}]]  # the loaded game so far, in the header
    assert len(saved.answers) == len(loaded.game.answers) == 2
    console, text = resume([])
    assert console.game.answers == loaded.game.answers
    out = text.splitlines()
    i = out.index("Your turn 1, Buy phase: 1 Action, 0 Buys, 1 coin.")
    assert out[i + 1 : i + 4] == ["Your hand, 1 card: Estate.", "In play: 4 Coppers.", "1. end the turn"]


def test_load_in_the_middle_of_a_game_keeps_the_game_left_unfinished_and_says_its_id(tmp_path, capsys):
    target = tmp_path / "game.json"
    play(["play treasures", "buy Silver", f"save {target}"])  # the game to load: You in turn 1, Silver bought
    for path in autosave.games_dir().glob("*.jsonl"):
        path.unlink()  # only the two games below are kept
    console, text = play(TO_VILLAGE[:3] + ["play treasures", f"load {target}", "yes", "end"])
    left, loaded = autosave.all_games()  # oldest first: the game left, then the loaded one
    out = text.splitlines()
    i = out.index(f"Replace the game in progress with {target}? Type yes to load: yes")
    assert out[i + 1 : i + 3] == [
        f"Loaded {target}.",
        f"The game you left is kept unfinished; a11y-dominion resume {left.id} goes on with it.",
    ]
    # the game left: as it was when it was left, still unfinished, at You's Buy phase of turn 2
    assert not left.finished and left.answers[:3] == [
        [{"move": "treasures"}],
        [{"move": "buy", "card": "Village"}],
        [{"move": "end"}],
    ]
    assert left.answers[-1] == [{"move": "treasures"}]
    # the loaded game: in a file of its own, the save file's answers and what was answered after loading
    assert not loaded.finished and loaded.id != left.id
    assert loaded.answers == console.record()["answers"]
    assert loaded.answers[:3] == [[{"move": "treasures"}], [{"move": "buy", "card": "Silver"}], [{"move": "end"}]]
    assert main(["games"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 2 and all(", unfinished, " in x for x in listed)
    assert any(x.startswith("Game of ") and x.endswith(f"resume {left.id}.") for x in listed)
    back, text = resume([], left.id)
    assert back.record()["answers"] == left.answers
    out = text.splitlines()
    i = out.index("Your turn 2, Buy phase: 1 Action, 1 Buy, 3 coins.")
    assert out[i + 1 : i + 3] == ["Your hand, 2 cards: 2 Estates.", "In play: 3 Coppers."]
    # no game was left at a load before any answer: nothing to say
    _, text = play([f"load {target}"])
    assert f"Loaded {target}." in text.splitlines() and "The game you left" not in text


def test_games_begun_in_the_same_second_are_in_the_order_they_began():
    from pathlib import Path

    names = ["20260101-120000-10", "20260101-120000-2", "20260101-120001", "20260101-120000"]
    got = sorted((Path(f"{n}.jsonl") for n in names), key=autosave._id_order)
    assert [p.stem for p in got] == ["20260101-120000", "20260101-120000-2", "20260101-120000-10", "20260101-120001"]


def test_undo_is_refused_after_anything_hidden_with_the_reason():
    from a11y_dominion.console.persistence import undo_refusal
    from a11y_dominion.rules.decisions import Msg

    buy = [ev.CardGained("You", "Silver", "Silver", "discard", bought=True)]  # public: undo may take it back
    assert undo_refusal(buy, "You") is None
    cases = [
        (ev.CardsDrawn("You", ("Gold",), 1, private_to="You"), "You drew cards since then; undo is not possible."),
        (ev.CardsDrawn("Bot", ("?",), 2, private_to="Bot"), "Bot drew cards since then; undo is not possible."),
        (ev.DeckShuffled("You", 10, 10), "A deck was shuffled since then; undo is not possible."),
        (ev.CardsRevealed("Bot", ("Moat",), "hand"), "Cards were revealed since then; undo is not possible."),
        (
            ev.CardsDiscarded("You", ("Copper",), "deck"),
            "Cards from a deck were seen since then; undo is not possible.",
        ),
        (
            ev.Note("You", "You look at Gold.", private_to="You"),
            "Something hidden was told since then; undo is not possible.",
        ),
    ]
    for event, sentence in cases:
        why = undo_refusal(buy + [event], "You")
        assert isinstance(why, Msg) and str(why) == sentence, (event, why)
    assert undo_refusal([ev.CardsDrawn("You", (), 0)], "You") is None  # nothing was drawn


def test_undo_takes_back_no_answer_given_in_another_player_s_turn():
    from a11y_dominion.console.persistence import UndoRefused, take_back
    from a11y_dominion.record import make_record
    from a11y_dominion.rules.decisions import Move
    from a11y_dominion.scenario import build_position

    hand = ["Copper", "Copper", "Copper", "Estate"]
    position = {
        "players": ["Bea", "Ann"],
        "kingdom": ["Militia", "Moat"],
        "seed": 3,
        "state": {
            "players": {
                "Bea": {"hand": ["Militia"] + hand, "deck": ["Copper"] * 5},
                "Ann": {"hand": ["Moat"] + hand, "deck": ["Copper"] * 5},
            }
        },
    }
    game = build_position(position)
    game.start()
    game.answer([Move.play("Militia")])
    assert game.pending.player == "Ann" and game.pending.options == ["Moat"]
    game.answer([])  # Ann does not reveal Moat: she is asked what to discard, in Bea's turn
    assert game.pending.player == "Ann"
    with pytest.raises(UndoRefused) as refused:
        take_back(make_record(game), game, "Ann")
    assert str(refused.value.args[0]) == "Undo takes back only your answers in your own turn."
    # Bea's own answer (playing Militia) cannot be taken back once Ann answered
    game.answer([hand[3], hand[0]])
    assert game.pending.player == "Bea"
    with pytest.raises(UndoRefused) as refused:
        take_back(make_record(game), game, "Bea")
    assert str(refused.value.args[0]) == "Ann answered since then; undo is not possible."


def test_games_with_nothing_kept_says_so_in_english_and_dutch(capsys):
    from a11y_dominion.cli import game_lines
    from a11y_dominion.i18n import Language

    assert main(["games"]) == 0
    assert capsys.readouterr().out == "No games are kept yet; every game you play is kept as it goes.\n"
    assert game_lines([], Language("nl")) == [
        "Er zijn nog geen spellen bewaard; elk spel dat je speelt wordt bewaard terwijl het loopt."
    ]


def test_undo_says_the_figures_it_changed_in_dutch():
    kingdom = KINGDOM.replace("Moneylender", "Engineer")
    lines = ["play treasures", "buy Engineer", "undo", "end"]
    _, text = play(lines, more=("--kingdom", kingdom, "--landmarks", "Basilica", "--lang", "nl"))
    assert after(text, "undo")[:4] == [
        "Teruggenomen: je aankoop van Ingenieur. Nu 0 schuld, 0 punten aan fiches, 12 punten op Basiliek.",
        "Je hand, 1 kaart: Landgoed.",
        "In het spel: 4 Koper.",
        "Aanschaffase: 1 aanschaf, 4 munten.",  # the prompt of that decision, each figure
    ]


def test_resume_reads_the_hand_once_when_the_last_announcements_drew_it():
    play(TO_VILLAGE[:3])
    _, text = resume([])
    out = text.splitlines()
    assert "You draw 3 Coppers and 2 Estates." in out
    assert not any(x.startswith("Your hand") for x in out)
    i = out.index("You draw 3 Coppers and 2 Estates.")
    assert out[i + 1 : i + 4] == [
        "Bot, turn 1: played 3 Coppers, bought Silver.",
        "Your turn 2, Action phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
        "1. play Copper",
    ]
    assert not any(x.startswith("Your turn 2") for x in out[i + 3 :])


@pytest.mark.posix
@pytest.mark.e2e  # a pseudo-terminal
def test_stats_for_a_screen_reader_user_is_lines_at_a_terminal_too(tmp_path):
    """A player who answered that they use a screen reader (speech left at auto, where the
    system cannot tell) hears the figures as lines, without --plain: no table of box characters."""
    import sys

    pexpect = pytest.importorskip("pexpect")
    three_finished_games()
    assert main(["settings", "set", "screen_reader", "yes"]) == 0
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=root, COLUMNS="100", LINES="40")
    child = pexpect.spawn(
        sys.executable, ["-m", "a11y_dominion", "stats"], cwd=root, env=env, encoding="utf-8", dimensions=(40, 100)
    )
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 0
    shown = child.before.replace("\r", "")
    assert not any(c in shown for c in "│┃┏━")
    assert "Games played to the end: 3." in shown
    assert "Against bigmoney" in shown


def _hosted_copy(local: autosave.SavedGame, game_id: str) -> autosave.SavedGame:
    """A copy of the autosave ``local`` as the game ``game_id`` whose player "You" sits at another computer."""
    lines = local.path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["id"] = game_id
    header["record"]["seats"][0][1] = "remote"
    path = local.path.with_name(f"{game_id}.jsonl")
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return autosave.read_saved(path)


class _Holder:
    """Another process that has the games at ``paths`` open (their lock files held) until closed."""

    def __init__(self, *paths) -> None:
        import subprocess
        import sys

        code = (
            "import sys\nfrom a11y_dominion import autosave\n"
            "for p in sys.argv[1:]:\n    autosave.lock_game(autosave.Path(p), 'x')\n"
            "print('held', flush=True)\nsys.stdin.read()\n"
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, *map(str, paths)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "held\n"

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        assert self.proc.wait(60) == 0


@pytest.mark.e2e  # the game held open by another process
def test_the_start_names_a_game_resume_goes_on_with_and_a_hosted_one_as_games_does(capsys):
    from a11y_dominion.console.start import unfinished_notice
    from a11y_dominion.i18n import Language

    en, nl = Language("en"), Language("nl")
    play(TO_VILLAGE[:1])
    (local,) = autosave.unfinished_games()
    hosted = _hosted_copy(local, "20991231-235959")
    date = local.started.replace("T", " ")
    mine = f"An unfinished game of {date} is kept; a11y-dominion resume goes on with it."
    games = autosave.unfinished_games()
    assert [g.id for g in games] == [local.id, hosted.id]
    assert unfinished_notice(games, en) == [
        mine,
        "Game 20991231-235959 has players at other computers; resume it with a11y-dominion host --resume "
        "20991231-235959.",
    ]
    assert unfinished_notice(games, nl)[1] == (
        "Spel 20991231-235959 heeft spelers aan andere computers; ga ermee verder met a11y-dominion host --resume "
        "20991231-235959."
    )
    # the game is hosted now, in another window: said so, with no command that would be refused
    holder = _Holder(hosted.path)
    try:
        running = "Game 20991231-235959, with players at other computers, is being hosted now in another window."
        assert unfinished_notice(games, en) == [mine, running]
        assert unfinished_notice(games, nl)[1] == (
            "Spel 20991231-235959, met spelers aan andere computers, wordt nu in een ander venster gehost."
        )
    finally:
        holder.close()
    # the console game open in another window is not one resume goes on with here
    holder = _Holder(local.path)
    try:
        assert unfinished_notice(games, en)[:1] != [mine] and len(unfinished_notice(games, en)) == 1
    finally:
        holder.close()
    # resume with only a hosted game kept names host --resume, not a game it cannot open
    local.path.unlink()
    assert main(["resume"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: The unfinished game 20991231-235959 has players at other computers; "
        "a11y-dominion host --resume 20991231-235959 goes on with it.\n"
    )


def test_speech_screen_reader_given_to_stats_gives_sentences_and_is_not_kept(capsys):
    from a11y_dominion.settings import load_settings, settings_path

    three_finished_games()
    assert main(["stats", "--speech", "screen-reader"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "Games played to the end: 3.",
        "You won 2 games of 3; your average score is 30.3 VP.",
    ]
    assert not settings_path().exists() and load_settings()[0]["screen_reader"] == "ask"  # for this start only


def test_speech_screen_reader_given_to_play_and_join_is_for_that_start_only():
    """``--speech screen-reader`` is the mode of that start alone, at ``play`` (and ``resume``,
    which starts as ``play``) and at ``join``, whose speech is chosen before the host is reached:
    the settings file is not written, and the screen-reader question keeps its answer."""
    from a11y_dominion.console.keyboard import local_output
    from a11y_dominion.console.start import play_setup
    from a11y_dominion.i18n import Language
    from a11y_dominion.settings import load_settings, save_settings, settings_path

    args = build_parser().parse_args(["play", "--speech", "screen-reader", "--seed", "1"])
    setup = play_setup(args, io.StringIO(), asking=True)
    assert not isinstance(setup, int) and setup.plain and setup.speaker.mode == "screen-reader"
    setup.speaker.close()
    assert not settings_path().exists()
    output = local_output(load_settings()[0], Language("en"), "screen-reader", None, io.StringIO())
    assert output.plain and output.speaker.mode == "screen-reader"
    output.speaker.close()
    assert not settings_path().exists()
    for answer in ("ask", "no"):
        save_settings({"screen_reader": answer})
        kept = settings_path().read_bytes()
        setup = play_setup(args, io.StringIO(), asking=True)
        assert not isinstance(setup, int) and setup.speaker.mode == "screen-reader"
        setup.speaker.close()
        assert settings_path().read_bytes() == kept and load_settings()[0]["screen_reader"] == answer
