"""The game history's figures (a11y_dominion.stats.summary) from a database whose rows were
changed outside the game: SQLite keeps any value in any column, so a seat's kind, score or
win may be of another type; such a seat is left out and the figures are told, no traceback."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from a11y_dominion import stats
from a11y_dominion.cli import main

RECORD = {"seats": [["You", "human"], ["Bot", "bigmoney"]], "config": {"kingdom": ["Village"]}}


def _two_games(path) -> None:
    for gid, yours in (("g1", 30), ("g2", 12)):
        result = {
            "scores": [["You", yours], ["Bot", 20]],
            "winners": ["You"] if yours > 20 else ["Bot"],
            "turns": [["You", 14], ["Bot", 14]],
        }
        assert stats.add_game(gid, "2026-01-01T12:00:00", RECORD, result, path) is True


@pytest.mark.parametrize("column, value", [("score", "'many'"), ("score", "2.5"), ("score", "x'00'"), ("won", "'yes'")])
def test_a_seat_whose_value_is_of_another_type_is_left_out_of_the_figures(tmp_path, column, value):
    path = tmp_path / "history.sqlite3"
    _two_games(path)
    with closing(sqlite3.connect(path)) as con, con:
        con.execute(f"UPDATE seats SET {column} = {value} WHERE game = 'g2' AND name = 'You'")
    assert stats.summary(path) == {
        "games": 2,
        "human_games": 1,
        "human_wins": 1,
        "human_ties": 0,
        "average_score": 30.0,
        "kingdoms": [(["Village"], 1, 1, 0)],
        "opponents": [("bigmoney", 1, 1, 0)],
    }


def test_a_bot_seat_whose_kind_is_bytes_not_text_is_left_out_of_the_figures(tmp_path):
    path = tmp_path / "history.sqlite3"
    _two_games(path)
    with closing(sqlite3.connect(path)) as con, con:
        con.execute("UPDATE seats SET kind = x'07' WHERE game = 'g2' AND name = 'Bot'")
    assert stats.summary(path) == {
        "games": 2,
        "human_games": 2,
        "human_wins": 1,
        "human_ties": 0,
        "average_score": 21.0,
        "kingdoms": [(["Village"], 2, 1, 0)],
        "opponents": [("bigmoney", 1, 1, 0), ("human", 1, 0, 0)],
    }


def test_the_stats_command_tells_the_figures_of_a_history_with_a_damaged_seat(capsys):
    path = stats.db_path()
    _two_games(path)
    with closing(sqlite3.connect(path)) as con, con:
        con.execute("UPDATE seats SET score = 'many' WHERE game = 'g2' AND name = 'You'")
    assert main(["stats", "--plain"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.splitlines() == [
        "Games played to the end: 2.",
        "You won 1 game of 1; your average score is 30.0 VP.",
        "Against bigmoney: won 1 game of 1.",
        "Kingdom Village: won 1 game of 1.",
    ]
