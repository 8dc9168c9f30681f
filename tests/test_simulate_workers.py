"""simulate over several processes and on a Dask cluster: the same results
as one process with the same seed; bad options are one sentence."""

import json
import sys

import pytest

from a11y_dominion.cli import main
from a11y_dominion.simulate import chunks, play_game, simulate


def _results(res: dict) -> dict:
    """Everything but the time taken."""
    return {k: v for k, v in res.items() if k not in ("seconds", "games_per_second")}


def test_chunks_cover_every_game_once_in_order():
    assert chunks(10, 4) == [range(0, 3), range(3, 6), range(6, 8), range(8, 10)]
    assert chunks(2, 8) == [range(0, 1), range(1, 2)]
    assert [g for part in chunks(101, 8) for g in part] == list(range(101))


@pytest.mark.parametrize(
    "kinds, kingdom, games",
    [(["bigmoney", "random"], "random", 24), (["bigmoney", "bigmoney", "random"], "basic-intro", 13)],
)
@pytest.mark.e2e  # worker processes
def test_workers_give_the_results_of_one_process(kinds, kingdom, games):
    one = simulate(kinds, kingdom, games=games, seed=5)
    two = simulate(kinds, kingdom, games=games, seed=5, workers=2)
    assert _results(two) == _results(one)
    assert sum(one["wins"].values()) + one["ties"] + len(one["unfinished"]) + len(one["errors"]) == games


def test_a_game_record_names_its_winner_by_seat_label():
    r = play_game(["bigmoney", "random"], "basic-intro", None, None, 0, 0)
    assert r["result"] == "win" and r["winner"] == "1:bigmoney" and r["seed"] == 0 and r["turns"] > 5


@pytest.mark.e2e  # worker processes
def test_cli_workers_print_the_same_json(capsys):
    argv = ["simulate", "--players", "bigmoney,random", "--games", "9", "--seed", "2", "--json"]
    assert main(argv) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(argv + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert _results(two) == _results(one)


@pytest.mark.parametrize(
    "extra, sentence",
    [
        (
            ["--workers", "0"],
            "a11y-dominion: --workers must be a whole number from 1, the number of processes to play in.\n",
        ),
        (
            ["--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"],
            "a11y-dominion: Give --workers or --scheduler, not both; the cluster's workers play the games.\n",
        ),
        (
            ["--scheduler", "tcp://host\x1b[2J"],
            "a11y-dominion: --scheduler needs the address of a Dask scheduler, for example tcp://cluster-host:8786.\n",
        ),
    ],
)
def test_bad_worker_options_are_one_sentence(extra, sentence, capsys):
    assert main(["simulate", "--games", "2"] + extra) == 2
    err = capsys.readouterr().err
    assert err == sentence


def test_scheduler_without_dask_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    assert main(["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: simulate --scheduler needs Dask distributed, which is not installed; "
        "install it with: pip install 'a11y-dominion[cluster]'.\n"
    )


@pytest.mark.e2e
def test_a_dask_cluster_gives_the_results_of_one_process(capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        address = cluster.scheduler_address
        res = simulate(["bigmoney", "random"], "random", games=16, seed=7, scheduler=address)
        argv = ["simulate", "--players", "bigmoney,bigmoney", "--games", "8", "--seed", "1", "--json"]
        assert main(argv + ["--scheduler", address]) == 0
        on_cluster = json.loads(capsys.readouterr().out)
    assert _results(res) == _results(simulate(["bigmoney", "random"], "random", games=16, seed=7))
    assert main(argv) == 0
    assert _results(on_cluster) == _results(json.loads(capsys.readouterr().out))
