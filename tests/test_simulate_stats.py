"""simulate's figures: wins, ties counted half, the Wilson interval of each
seat's win share, ``--stats`` (bought, played, score parts) with exact
figures for seeded runs, the plain summary, and the progress shown at a
terminal (a rich bar; one line every 10 % in screen-reader mode; nothing
with --json or without a terminal)."""

from __future__ import annotations

import json
import math
import os
import sys

import pexpect
import pytest

from a11y_dominion.cli import main
from a11y_dominion.i18n import Language
from a11y_dominion.simulate import play_game, simulate, wilson
from a11y_dominion.simulate_output import summary_lines


def _results(res: dict) -> dict:
    return {k: v for k, v in res.items() if k not in ("seconds", "games_per_second")}


def test_wilson_interval_by_its_formula():
    # 8.5 of 20 (a tie counted half): centre and half width of the Wilson score interval
    n, p, z = 20, 0.425, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(p, n) == [round(centre - half, 4), round(centre + half, 4)] == [0.2383, 0.6359]
    assert wilson(0.0, 10) == [0.0, 0.2775]
    assert wilson(1.0, 10) == [0.7225, 1.0]
    assert wilson(0.5, 0) == [0.0, 1.0]


def test_ties_count_half_in_the_share():
    res = simulate(["bigmoney", "bigmoney"], "basic-intro", games=20, seed=1)
    assert res["ties"] == 1 and res["finished"] == 20
    assert res["wins"] == {"1:bigmoney": 8, "2:bigmoney": 11}
    assert res["seats"] == {
        "1:bigmoney": {"wins": 8, "ties": 1, "share": 0.425, "interval": [0.2383, 0.6359]},
        "2:bigmoney": {"wins": 11, "ties": 1, "share": 0.575, "interval": [0.3641, 0.7617]},
    }
    assert res["interval_method"] == "Wilson score interval, 95 %"


def test_stats_of_a_seeded_run():
    res = simulate(["medium", "bmu"], "basic-intro", games=12, seed=4, stats=True)
    assert res["seats"]["1:medium"] == {"wins": 8, "ties": 0, "share": 0.6667, "interval": [0.3906, 0.8619]}
    assert res["average_turns"] == 21.17
    bmu = res["stats"]["2:bmu"]
    assert bmu == {
        "games": 12,
        "bought_per_game": {"Silver": 6.917, "Gold": 4.25, "Province": 3.833, "Duchy": 2.75, "Estate": 2.25},
        "played_per_game": {"Copper": 42.583, "Silver": 23.583, "Gold": 9.333},
        "average_score": {"victory_cards": 36.5, "vp_tokens": 0.0, "landmarks": 0.0, "total": 36.5},
    }
    medium = res["stats"]["1:medium"]
    assert list(medium["bought_per_game"].items())[:4] == [
        ("Province", 4.167),
        ("Gold", 3.5),
        ("Wedding", 3.167),  # an Event is counted with what the seat bought
        ("Duchy", 2.5),
    ]
    assert medium["played_per_game"]["Sacrifice"] == 2.667  # the plan's cards: Sacrifice and Forum
    assert medium["average_score"] == {"victory_cards": 38.42, "vp_tokens": 5.17, "landmarks": 0.0, "total": 43.58}


def test_a_game_record_counts_from_the_log():
    r = play_game(["medium", "bmu"], "random", None, None, 3, 1, stats=True)
    st = r["stats"]
    for seat in st.values():
        sc = seat["score"]
        assert sc["total"] == sc["victory_cards"] + sc["vp_tokens"] + sc["landmarks"]
    assert set(st["2:bmu"]["bought"]) <= {"Silver", "Gold", "Province", "Duchy", "Estate"}
    assert st["2:bmu"]["played"]["Copper"] >= 7


@pytest.mark.e2e  # worker processes
def test_stats_are_the_same_on_workers():
    one = simulate(["medium", "bmu"], "random", games=16, seed=9, stats=True)
    two = simulate(["medium", "bmu"], "random", games=16, seed=9, stats=True, workers=2)
    assert _results(two) == _results(one)
    shown = []
    two = simulate(["medium", "bmu"], "random", games=16, seed=9, stats=True, workers=2, progress=shown.append)
    assert _results(two) == _results(one) and sum(shown) == 16


def test_one_game_is_said_in_the_singular():
    res = simulate(["bigmoney", "bigmoney"], "basic-intro", games=1, seed=1)
    res["seconds"] = 0.5
    assert summary_lines(res, Language("en"))[0] == "1 game in 0.5 seconds."
    assert summary_lines(res, Language("nl"))[0] == "1 spel in 0.5 seconden."


def test_summary_in_plain_sentences():
    res = simulate(["bigmoney", "bigmoney"], "basic-intro", games=20, seed=1, stats=True)
    res["seconds"] = 1.5
    lines = summary_lines(res, Language("en"))
    assert lines[:8] == [
        "20 games in 1.5 seconds.",
        "Kingdom: Castles, Chariot Race, City Quarter, Engineer, Farmers' Market, Forum, Legionary, "
        "Patrician/Emporium, Sacrifice and Villa.",
        "Events: Wedding.",
        "Landmarks: Tower.",
        "1:bigmoney: 8 wins and 1 tie, a win share of 42.5 % (95 % interval 23.8 to 63.6 %).",
        "2:bigmoney: 11 wins and 1 tie, a win share of 57.5 % (95 % interval 36.4 to 76.2 %).",
        f"Ties: 1. Average turns: {res['average_turns']}. Unfinished: 0. Errors: 0.",
        "Win shares count a tie as half a win; the intervals are Wilson score intervals over the finished games.",
    ]
    st = res["stats"]["1:bigmoney"]
    b = st["bought_per_game"]
    assert lines[8] == "1:bigmoney bought per game: " + ", ".join(f"{v:g} {k}" for k, v in b.items()) + "."
    assert lines[9].startswith("1:bigmoney played per game: ") and "Copper" in lines[9]
    sc = st["average_score"]
    assert lines[10] == (
        f"1:bigmoney scored {sc['total']:g} VP a game on average: {sc['victory_cards']:g} from Victory cards, "
        "0 from VP tokens and 0 from Landmarks."
    )
    nl = summary_lines(res, Language("nl"))
    assert nl[4] != lines[4] and "42.5" in nl[4]
    assert "Provincie" in nl[8]


def test_no_progress_without_a_terminal(capsys):
    assert main(["simulate", "--players", "bigmoney,bmu", "--games", "5", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[4].startswith("1:bigmoney: ")  # after the games, the Kingdom, Events and Landmarks


def _spawn(args: list, config: str, screen_reader: str = "no") -> bytes:
    """``simulate ARGS`` at a terminal, with the settings file ``config``; ``screen_reader``
    (yes or no) says whether a screen reader runs, as this system would tell."""
    env = dict(
        os.environ,
        A11Y_DOMINION_CONFIG=config,
        A11Y_DOMINION_SCREEN_READER=screen_reader,
        PYTHONPATH=os.getcwd(),
        TERM="xterm",
        COLUMNS="100",
    )
    child = pexpect.spawn(sys.executable, ["-m", "a11y_dominion", "simulate", *args], env=env, timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return child.before


ARGS = ["--players", "medium,bmu", "--kingdom", "random", "--games", "40", "--seed", "3"]


@pytest.fixture
def screen_reader_settings(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speech": "screen-reader"}))
    return str(path)


@pytest.mark.e2e
@pytest.mark.posix
def test_screen_reader_mode_says_a_line_every_ten_percent(screen_reader_settings):
    out = _spawn(ARGS, screen_reader_settings).decode()
    lines = out.replace("\r\n", "\n").splitlines()
    said = [x for x in lines if "games played" in x]
    assert said == [f"{p * 40 // 100} of 40 games played ({p} %)." for p in range(10, 101, 10)]
    assert "\x1b" not in out
    assert lines[len(said)] == "40 games in " + lines[len(said)].split(" in ")[1]


@pytest.mark.e2e
@pytest.mark.posix
def test_a_running_screen_reader_gets_the_lines_without_a_setting(tmp_path):
    """On Windows and macOS the system tells whether a screen reader runs, so the answer
    is never asked and saved: what runs decides, as for the game itself."""
    out = _spawn(ARGS, str(tmp_path / "none.json"), screen_reader="yes").decode()
    said = [x for x in out.replace("\r\n", "\n").splitlines() if "games played" in x]
    assert said == [f"{p * 40 // 100} of 40 games played ({p} %)." for p in range(10, 101, 10)]
    assert "\x1b" not in out


@pytest.mark.parametrize(
    "settings, running, lines",
    [
        ({"speech": "screen-reader"}, False, True),
        ({"speech": "auto"}, True, True),  # Windows: NVDA's process or the system's flag
        ({"speech": "auto", "screen_reader": "no"}, True, True),
        ({"speech": "auto", "screen_reader": "yes"}, False, False),  # the system tells: none runs
        ({"speech": "auto", "screen_reader": "yes"}, None, True),  # it cannot tell: the answer given
        ({"speech": "auto", "screen_reader": "ask"}, None, False),
        ({}, True, True),
        ({"speech": "self-voicing"}, True, False),
        ({"speech": "off"}, True, False),
    ],
)
def test_screen_reader_mode_of_simulate_as_the_game_decides_it(settings, running, lines):
    from a11y_dominion.announcements.speech.detect import screen_reader_mode

    assert screen_reader_mode(settings, lambda: running) is lines


@pytest.mark.e2e
@pytest.mark.posix
def test_a_terminal_shows_a_progress_bar(tmp_path):
    out = _spawn(ARGS, str(tmp_path / "none.json"))
    assert b"Playing games" in out and b"\x1b[" in out
    assert b"games played" not in out


@pytest.mark.e2e
@pytest.mark.posix
@pytest.mark.parametrize("extra", [["--json"], ["--json", "--workers", "2"]])
def test_json_at_a_terminal_has_no_progress(screen_reader_settings, extra):
    out = _spawn(ARGS + extra, screen_reader_settings)
    assert json.loads(out.decode())["games"] == 40
    assert b"\x1b" not in out


@pytest.mark.e2e  # worker processes
def test_a_game_past_the_turn_limit_is_unfinished():
    res = simulate(["medium", "bmu"], "random", games=4, seed=1, max_turns=3, workers=2)
    assert res["finished"] == 0 and res["errors"] == []
    assert [u["reason"] for u in res["unfinished"]] == ["The game did not end within 3 turns."] * 4
    assert [u["game"] for u in res["unfinished"]] == [0, 1, 2, 3]


@pytest.mark.e2e
def test_the_same_results_in_processes_with_other_hash_seeds():
    """Medium's plan does not depend on the order of a set, which differs between processes
    (workers on other machines, a Dask cluster): the same seed gives the same results."""
    import subprocess

    out = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=os.getcwd())
        argv = ["simulate", "--players", "medium,easy", "--kingdom", "random", "--games", "60", "--seed", "12"]
        got = subprocess.run(
            [sys.executable, "-m", "a11y_dominion", *argv, "--stats", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        out.append(_results(json.loads(got.stdout)))
    assert out[0] == out[1]


# ---------------------------------------------------------------- Ctrl+C with workers
def _start_methods() -> list:
    """The start methods of worker processes here: spawn (Windows' and macOS's only one) and,
    where the system has it, fork (Linux's own)."""
    import multiprocessing

    return [m for m in ("spawn", "fork") if m in multiprocessing.get_all_start_methods()]


@pytest.mark.parametrize("method", _start_methods())
@pytest.mark.e2e  # worker processes
def test_workers_leave_ctrl_c_to_the_parent(method):
    """The terminal, and Windows' console, give Ctrl+C to every process of the program: a
    worker ignores it (no KeyboardInterrupt printed by each), the parent ends them."""
    import multiprocessing
    import signal

    from a11y_dominion.simulate import worker_pool

    pool = worker_pool(1, multiprocessing.get_context(method))
    try:
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN
    finally:
        pool.terminate()
        pool.join()


@pytest.mark.parametrize("method", _start_methods())
@pytest.mark.e2e  # worker processes
def test_ctrl_c_while_the_workers_play_ends_them_at_once(method):
    import multiprocessing

    from a11y_dominion.simulate import MAX_TURNS, _on_workers

    context = multiprocessing.get_context(method)
    shown: list = []

    def ctrl_c(n: int) -> None:  # Ctrl+C comes while the parent waits for the games
        shown.append(n)
        raise KeyboardInterrupt

    args = (["medium", "bmu"], "basic-intro", None, None, 5, None, False, None, MAX_TURNS)
    with pytest.raises(KeyboardInterrupt):
        _on_workers(2, args, 400, ctrl_c, context)
    assert shown == [10]  # one part of 10 games of the 40 was played, then the workers ended
    assert multiprocessing.active_children() == []


@pytest.mark.e2e
@pytest.mark.posix
def test_ctrl_c_at_the_terminal_stops_simulate_with_workers(tmp_path):
    env = dict(
        os.environ,
        A11Y_DOMINION_CONFIG=str(tmp_path / "none.json"),
        A11Y_DOMINION_SCREEN_READER="yes",  # one line every 10 %
        PYTHONPATH=os.getcwd(),
        TERM="xterm",
    )
    args = ["-m", "a11y_dominion", "simulate", "--players", "medium,bmu", "--games", "2000", "--workers", "2"]
    child = pexpect.spawn(sys.executable, args, env=env, timeout=120)
    child.expect_exact("200 of 2000 games played (10 %).")
    child.sendintr()  # Ctrl+C: the terminal gives it to the parent and both workers
    child.expect(pexpect.EOF)
    child.close()
    printed = child.before.decode()
    assert child.exitstatus == 130
    assert printed.replace("\r\n", "\n").splitlines()[-1].removeprefix("^C") == "Stopped."  # the terminal's echo
    assert "Traceback" not in printed and "KeyboardInterrupt" not in printed
    assert "2000 of 2000 games played" not in printed
