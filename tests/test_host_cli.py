"""The host command's options: a bad seat list or port is one sentence and exit code 2,
before any key is made or port is opened; remote seats in --players."""

from __future__ import annotations

import pytest

from a11y_dominion.cli import main
from a11y_dominion.seats import parse_seats


@pytest.mark.parametrize(
    "argv, sentence",
    [
        (["--players", "Ann:human,Bot:bigmoney"], "human is not a seat kind here; use remote, bigmoney or random."),
        (["--players", "Bot:bigmoney,Rob:random"], "host needs at least one remote seat in --players"),
        (["--players", "Ann,Bot:bigmoney", "--port", "70000"], "--port must be a whole number from 0 to 65535."),
        (["--players", "Ann,Bot:bigmoney", "--kingdom", "Nonsense"], "Nonsense"),
    ],
)
def test_bad_host_options_are_one_sentence(argv, sentence, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["host"] + argv) == 2
    err = capsys.readouterr().err
    assert sentence in err and err.count("\n") == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # no host key was made


def test_remote_seats_in_players():
    seats = parse_seats("Ann,Bea:remote:nl:terse,Bot:bigmoney", remote=True)
    assert seats == [("Ann", "remote"), ("Bea", "remote"), ("Bot", "bigmoney")]
    assert (seats[1].language, seats[1].verbosity) == ("nl", "terse")
    with pytest.raises(ValueError):
        parse_seats("Ann:remote,Bot:bigmoney")  # the play command has no remote seats
