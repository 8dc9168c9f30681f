"""The scenario command's contract: exit codes, invalid files, typos refused."""

import json
import subprocess
import sys

import pytest

from a11y_dominion.scenario import run_scenario


def run(tmp_path, data, raw=None):
    path = tmp_path / "s.json"
    path.write_text(raw if raw is not None else json.dumps(data))
    proc = subprocess.run(
        [sys.executable, "-m", "a11y_dominion", "scenario", str(path), "--json"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    return proc


def test_exit_0_when_every_line_is_accepted(tmp_path):
    proc = run(tmp_path, {"players": ["Ann", "Bob"], "seed": 2, "script": ["end"]})
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["ok"] is True and out["state"]["turn"]["phase"] == "buy" and out["pending"] is None


def test_exit_1_and_the_refused_line(tmp_path):
    proc = run(tmp_path, {"players": ["Ann", "Bob"], "seed": 2, "script": ["end", "buy Province"]})
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["refused_line"] == 1 and out["ok"] is False
    assert out["error"].startswith("Province costs 8 coins; you have")


@pytest.mark.parametrize(
    "data, field",
    [
        ({"players": ["Ann"], "script": []}, "players"),
        ({"players": ["Ann", "Bob"]}, "script"),
        ({"players": ["Ann", "Bob"], "kingdom": ["Villa", "Villa"], "script": []}, "kingdom"),
        ({"players": ["Ann", "Bob"], "kingdom": ["Nonsense"], "script": []}, "kingdom"),
        (
            {"players": ["Ann", "Bob"], "state": {"players": {"Ann": {"hnad": ["Gold"]}}}, "script": []},
            "state.players.Ann.hnad",
        ),
        (
            {"players": ["Ann", "Bob"], "state": {"piles": {"Silver": {"cards_left": 4}}}, "script": []},
            "state.piles.Silver.cards_left",
        ),
        ({"players": ["Ann", "Bob"], "state": {"turn": {"phase": "cleanup"}}, "script": []}, "state.turn.phase"),
    ],
)
def test_exit_2_naming_the_field(tmp_path, data, field):
    proc = run(tmp_path, data)
    assert proc.returncode == 2
    assert field in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_broken_and_binary_files_exit_2(tmp_path):
    assert run(tmp_path, None, raw="{broken").returncode == 2
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe\x00")
    proc = subprocess.run(
        [sys.executable, "-m", "a11y_dominion", "scenario", str(path), "--json"], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_end_with_more_words_is_refused():
    code, out = run_scenario({"players": ["Ann", "Bob"], "seed": 1, "script": ["end the turn please"]})
    assert code == 1 and out["error"] == "End takes nothing after it; type end alone to end the phase."
