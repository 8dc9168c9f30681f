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


@pytest.mark.e2e  # python in another process
def test_exit_0_when_every_line_is_accepted(tmp_path):
    proc = run(tmp_path, {"players": ["Ann", "Bob"], "seed": 2, "script": ["end"]})
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["ok"] is True and out["state"]["turn"]["phase"] == "buy" and out["pending"] is None


@pytest.mark.e2e  # python in another process
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
@pytest.mark.e2e  # python in another process
def test_exit_2_naming_the_field(tmp_path, data, field):
    proc = run(tmp_path, data)
    assert proc.returncode == 2
    assert field in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.e2e  # python in another process
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


# the libraries of the client (the console, speech, network play, the kept games); the
# scenario command, the contract other tools run rules cases through, needs none of them
CLIENT_LIBRARIES = (
    "prompt_toolkit",
    "rich",
    "accessible_output2",
    "platformdirs",
    "asyncssh",
    "filelock",
    "tomli",
    "win32com",
    "msgspec",
)
WITHOUT_CLIENT = (
    "import runpy, sys\n"
    f"for name in {CLIENT_LIBRARIES!r}:\n"
    "    sys.modules[name] = None  # an import of it fails, as where it is not installed\n"
    "sys.argv = ['a11y-dominion'] + sys.argv[1:]\n"
    "runpy.run_module('a11y_dominion', run_name='__main__')\n"
)


@pytest.mark.e2e  # python in another process
def test_the_scenario_command_runs_on_the_rules_alone(tmp_path):
    """A rules case checked where only Python is installed (a checker's own interpreter)
    gives the same answer as with every library of the client."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"players": ["Ann", "Bob"], "seed": 2, "script": ["end"]}))
    args = [str(path), "--json"]
    alone = subprocess.run(
        [sys.executable, "-c", WITHOUT_CLIENT, "scenario", *args], capture_output=True, text=True, timeout=120
    )
    full = run(tmp_path, None, raw=path.read_text())
    assert alone.returncode == full.returncode == 0, alone.stderr
    assert json.loads(alone.stdout) == json.loads(full.stdout)
    assert json.loads(alone.stdout)["state"]["turn"]["phase"] == "buy"
