"""The figures of benchmarks/server_load.py: its percentile, the Wilson interval of games
finished, the bootstrap over tables of the 95th percentile, and the count of game files that
end with the game's end line. (The lines its scripted people type are remoteplay.table_move's,
tested in test_serverplay_answers.py.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import server_load  # noqa: E402


def test_percentile_interpolates_between_the_ranks():
    assert server_load.percentile(list(range(101)), 95) == 95.0
    assert server_load.percentile([10.0, 0.0], 50) == 5.0
    assert server_load.percentile([3.0, 1.0, 2.0], 100) == 3.0
    assert server_load.percentile([7.0], 95) == 7.0


def test_the_95th_percentile_of_each_minute_counts_from_the_first_answer_timed():
    timed = [(100.0 + i, float(i)) for i in range(60)] + [(160.0, 500.0), (230.0, 7.0), (219.9, 9.0)]
    assert server_load.by_minute(timed) == "1: 56 ms (n 60), 2: 475 ms (n 2), 3: 7 ms (n 1)"


def test_wilson_interval_of_games_finished():
    low, high = server_load.wilson(10, 10)
    assert (round(low, 4), round(high, 4)) == (0.7225, 1.0)
    low, high = server_load.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert server_load.wilson(0, 0) == (0.0, 1.0)


def test_bootstrap_over_tables_of_alike_tables_is_the_percentile_itself():
    times = {0: [float(t) for t in range(101)], 1: [float(t) for t in range(101)]}
    assert server_load.bootstrap_p95(times, seed=1, rounds=50) == (95.0, 95.0)


def test_bootstrap_over_tables_spans_the_tables_percentiles():
    times = {0: [1.0] * 100, 1: [100.0] * 100}
    low, high = server_load.bootstrap_p95(times, seed=3, rounds=200)
    assert (low, high) == (1.0, 100.0)


def test_only_game_files_with_their_end_line_count_as_ended(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    header = json.dumps({"version": 1})
    (games / "a.jsonl").write_text(header + "\n" + json.dumps({"end": {"scores": {}}}) + "\n", encoding="utf-8")
    (games / "b.jsonl").write_text(header + "\n" + json.dumps({"answer": ["buy Silver"]}) + "\n", encoding="utf-8")
    (games / "c.jsonl").write_text("", encoding="utf-8")
    assert server_load.ended_games(tmp_path) == 1
