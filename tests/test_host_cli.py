"""The host command's options: a bad seat list or port is one sentence and exit code 2,
before any key is made or port is opened; remote seats in --players."""

from __future__ import annotations

import pytest

from a11y_dominion.cli import main
from a11y_dominion.seats import parse_seats


@pytest.mark.parametrize(
    "argv, sentence",
    [
        (
            ["--players", "Ann:robot,Bot:bigmoney"],
            "robot is not a seat kind here; use remote, human or a bot: bigmoney, random, bmu, easy, medium, hard.",
        ),
        (["--players", "Bot:bigmoney,Rob:random"], "host needs at least one remote seat in --players"),
        (
            ["--players", "A nn:remote,Bot:bigmoney"],
            "The seat A nn joins over SSH, where its name is the user name, which cannot hold a space; "
            "give it a name without spaces, for example Ann.",
        ),
        (["--players", "Ann,Bot:bigmoney", "--port", "70000"], "--port must be a whole number from 0 to 65535."),
        (["--players", "Ann,Bot:bigmoney", "--kingdom", "Nonsense"], "Nonsense"),
        (
            ["--players", "Ann:remote,Cid:human,Dan:human"],
            "Only one human seat can play at the host's own terminal, not Cid, Dan; make the others remote, "
            "for example Cid:human,Dan:remote.",
        ),
        (["--players", "Ann,Bot:bigmoney", "--bot-after", "-5"], "--bot-after must be a number of seconds from 0"),
        (
            ["--players", "Ann,Bot:bigmoney", "--authorized-keys", "/nonexistent/keys"],
            "There is no file named /nonexistent/keys for --authorized-keys.",
        ),
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


def test_a_bots_kind_alone_seats_that_bot_named_after_it():
    # as a strategy file alone is: a bot's kind alone is that bot, named as a listener hears it
    assert parse_seats("medium,bigmoney") == [("Medium", "medium"), ("Big Money", "bigmoney")]
    assert parse_seats("Ann,hard,HARD") == [("Ann", "human"), ("Hard 1", "hard"), ("Hard 2", "hard")]
    # a name another seat has is numbered on; a person may still be called so, with a kind
    assert parse_seats("Medium:human,medium") == [("Medium", "human"), ("Medium 2", "medium")]
    assert parse_seats("medium 1:human,medium,medium") == [
        ("medium 1", "human"),
        ("Medium 2", "medium"),
        ("Medium 3", "medium"),
    ]
    # host: a bare name is a person who joins over SSH, a bare bot's kind a bot
    assert parse_seats("Ann,random", remote=True) == [("Ann", "remote"), ("Random", "random")]
    assert parse_seats("Ann:human,bmu,easy", remote=True) == [("Ann", "human"), ("BMU", "bmu"), ("Easy", "easy")]
    with pytest.raises(ValueError, match="A game needs 2 to 6 seats."):
        parse_seats("medium")


KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF5BVo6dM6hdlN2myt48cBFpHkgvgC7dUMbysEFxChT1"


@pytest.mark.parametrize(
    "text, sentence",
    [
        ("# no keys\n\n", "holds no public key; write one key a line with the seat's name as its comment"),
        ("not a key at all\n", "Line 1 of {path} is not an OpenSSH public key"),
        (f"{KEY}\n", "The key on line 1 of {path} has no comment; its comment must be the seat's name"),
        (f"# Ann's key\n{KEY} Zed\n", "The key on line 2 of {path} is for Zed, which is not a remote seat; "),
    ],
)
def test_a_bad_authorized_keys_file_is_one_sentence(text, sentence, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "keys"
    path.write_text(text)
    argv = ["host", "--players", "Ann:remote,Bot:bigmoney", "--authorized-keys", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert sentence.format(path=path) in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "data").exists()


def test_a_human_seat_at_the_host():
    seats = parse_seats("Ann:remote,Cid:human:nl,Bot:bigmoney", remote=True)
    assert seats == [("Ann", "remote"), ("Cid", "human"), ("Bot", "bigmoney")]
    assert seats[1].language == "nl"
    with pytest.raises(ValueError, match="cannot be the name of a seat here"):
        parse_seats("Ann:remote,You:human", remote=True)  # the remote seats would read "You's turn"
    # a space is no trouble at the host's own terminal, nor at the console
    assert parse_seats("Ann:remote,Cid Dee:human", remote=True)[1] == ("Cid Dee", "human")
    assert parse_seats("Cid Dee:human,Bot:bigmoney")[0] == ("Cid Dee", "human")


def test_an_authorized_keys_file_from_windows_powershell(tmp_path):
    """Windows PowerShell 5.1's ``Out-File -Encoding utf8`` puts a byte order mark before
    the first key, which is still a key; its ``>`` writes UTF-16, which the host names in
    one sentence saying to save the file as UTF-8."""
    from a11y_dominion.remote.access import AccessError, read_authorized_keys

    path = tmp_path / "keys"
    path.write_bytes(f"\ufeff{KEY} Ann\r\n".encode())
    keys = read_authorized_keys(str(path), ["Ann", "Bea"])
    assert list(keys) == ["Ann"] and keys["Ann"][0].export_public_key().split()[1] == KEY.split()[1].encode()
    for encoding in ("utf-16", "utf-16-be"):
        path.write_bytes(f"\ufeff{KEY} Ann\r\n".encode(encoding))
        with pytest.raises(AccessError) as refused:
            read_authorized_keys(str(path), ["Ann", "Bea"])
        assert str(refused.value.args[0]) == (
            f"{path} is saved as UTF-16; save it again as UTF-8 (in Notepad: Save as, Encoding UTF-8)."
        )


def test_a_resumed_host_keeps_the_options_it_was_hosted_with_unless_given_again():
    """``host --resume``: each option its players rely on comes from the autosave when it is not
    given again; one given again wins, and a kept value of the wrong kind is left out."""
    from argparse import Namespace

    from a11y_dominion.cli import _kept_host_options

    args = Namespace(listen=None, port=2300, bot_after=None, after_game=None, authorized_keys=None)
    kept = {"listen": "0.0.0.0", "port": 2278, "bot_after": 20, "after_game": "600", "authorized_keys": ["x"]}
    _kept_host_options(args, kept)
    assert vars(args) == {
        "listen": "0.0.0.0",
        "port": 2300,
        "bot_after": 20,
        "after_game": None,
        "authorized_keys": None,
    }
    _kept_host_options(args, "damaged")  # (not a table of options: nothing taken from it)
    assert args.port == 2300
