"""Input that cannot hurt (issue 10): files the host writes, files read that are
no regular files, seat names and settings with control characters, piped input
that ends at once, stats with ties, autosaves that cannot be resumed, 8-bit
control sequences, invalid UTF-8 and the history file's mode."""

from __future__ import annotations

import os
import stat

import pytest

from a11y_dominion.cli import _host_target, main, write_host_record
from a11y_dominion.remote.access import write_seats_file
from filemodes import owner_only

HOST = ["host", "--players", "Ann,Bot:bigmoney", "--port", "0"]


def _special(tmp_path, kind: str) -> str:
    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-to-fifo":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    else:
        return "/dev/null"
    return str(path)


@pytest.mark.posix
@pytest.mark.parametrize("option", ["--seats-file", "--record-file"])
@pytest.mark.parametrize("kind", ["fifo", "device", "link-to-fifo"])
def test_the_host_refuses_to_write_what_is_not_a_regular_file_before_listening(
    option, kind, tmp_path, capsys, monkeypatch
):
    _refused_before_listening(option, _special(tmp_path, kind), tmp_path, capsys, monkeypatch)


@pytest.mark.parametrize("option", ["--seats-file", "--record-file"])
def test_the_host_refuses_to_write_over_a_folder_before_listening(option, tmp_path, capsys, monkeypatch):
    """As above, for the one kind of file that is no regular file on every system, Windows too."""
    folder = tmp_path / "folder"
    folder.mkdir()
    _refused_before_listening(option, str(folder), tmp_path, capsys, monkeypatch)


def _refused_before_listening(option: str, path: str, tmp_path, capsys, monkeypatch) -> None:
    """``host`` with ``option`` naming ``path``: one sentence, exit 2, ``path`` as it was, and
    nothing made (no password said, no host key)."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    before = os.lstat(path)
    assert main(HOST + [option, path]) == 2
    out, err = capsys.readouterr()
    assert err == (
        f"a11y-dominion: {option} {path}: that is not a regular file; "
        "give the name of a regular file or of a new one.\n"
    )
    assert out == ""  # no password, nothing listening
    after = os.lstat(path)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (stat.S_IFMT(before.st_mode), before.st_ino)
    assert not list(data.iterdir())  # no host key was made


@pytest.mark.posix
def test_the_host_writes_a_linked_file_itself_atomically_and_for_its_owner_only(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    os.chmod(real, 0o644)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    target = _host_target("--seats-file", str(link))
    assert target == str(real)
    write_seats_file(target, "127.0.0.1", 2222, {"Ann": "secret"})
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o600
    assert '"password": "secret"' in real.read_text()
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.game import Game, GameConfig

    game = Game(GameConfig(["Ann", "Bot"], *choose_setup(None, None, None, 3), 3))
    record = tmp_path / "record.json"
    record.write_text("old")
    record_link = tmp_path / "record-link.json"
    record_link.symlink_to(record)
    target = _host_target("--record-file", str(record_link))
    write_host_record(target, game, [("Ann", "remote"), ("Bot", "bigmoney")])
    assert record_link.is_symlink() and stat.S_IMODE(os.stat(record).st_mode) == 0o600
    assert '"seed": 3' in record.read_text()
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json", "record-link.json", "record.json"]


# ---------------------------------------------------------------- 2: reading what is no regular file
@pytest.fixture
def fifo(tmp_path):
    """A FIFO no one writes to; the test fails (instead of hanging) when it is opened and waited on."""
    import signal

    path = tmp_path / "pipe.json"
    os.mkfifo(path)

    def frozen(_sig, _frame):
        raise AssertionError("the program waited on a FIFO")

    old = signal.signal(signal.SIGALRM, frozen)
    signal.alarm(60)
    yield str(path)
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


@pytest.mark.posix
def test_load_of_a_fifo_at_the_prompt_is_refused_and_the_game_goes_on(fifo):
    from test_nothing_lost_faults import piped

    _console, code, lines = piped(f"load {fifo}\nquit\nyes\n")
    assert f"Cannot load {fifo}: {fifo} is not a regular file. The game goes on unchanged." in lines
    assert lines[-1] == "Game stopped." and code == 1


@pytest.mark.parametrize(
    "argv, sentence",
    [
        (["play", "--speech", "off", "--load", "{fifo}"], "{fifo} is not a regular file."),
        (["play", "--speech", "off", "--position", "{fifo}"], "{fifo} is not a regular file."),
        (["scenario", "{fifo}"], "a11y-dominion: cannot read scenario {fifo}: {fifo} is not a regular file."),
        (
            ["host", "--players", "Ann,Bot:bigmoney", "--authorized-keys", "{fifo}"],
            "a11y-dominion: {fifo} is not a regular file; --authorized-keys needs a file of public keys.",
        ),
    ],
)
@pytest.mark.posix
def test_options_naming_a_fifo_are_refused_at_once(argv, sentence, fifo, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    code = main([a.format(fifo=fifo) for a in argv])
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert code != 0 and sentence.format(fifo=fifo) in text and "Traceback" not in text


@pytest.mark.posix
def test_a_fifo_among_the_autosaves_is_listed_as_damaged(capsys):
    from a11y_dominion import autosave

    folder = autosave.games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "20260101-000000.jsonl")
    import signal

    signal.alarm(60)
    try:
        assert main(["games"]) == 0
    finally:
        signal.alarm(0)
    out = capsys.readouterr().out
    assert out == "20260101-000000.jsonl cannot be read (not a regular file).\n"


# ---------------------------------------------------------------- 3: seat names and settings shown
def test_a_seat_name_with_escapes_is_refused_and_the_settings_file_untouched(tmp_path, capsys, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "seat", "\x1b]0;x\x07Bob", "language", "nl"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: A seat name cannot hold control, escape or formatting characters; use letters, such as Ann.\n"
    )
    assert not path.exists()
    assert main(["settings", "set", "seat", "Bob\u200b", "language", "nl"]) == 2  # a zero-width space
    assert not path.exists()


def test_settings_show_cleans_every_key_and_value_from_the_file(tmp_path, capsys, monkeypatch):
    import json

    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    path.write_text(json.dumps({"seats": {"\x1b]0;x\x07Bob": {"language": "nl"}, "Ann": {"language": "nl"}}}))
    assert main(["settings", "show"]) == 0
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err and "\x07" not in captured.out + captured.err
    assert "seat Ann language: nl" in captured.out.splitlines()
    assert not any("Bob" in line for line in captured.out.splitlines())  # the bad seat is left out
    assert "A seat name cannot hold control, escape or formatting characters" in captured.err
    from a11y_dominion.settings import describe

    assert describe({"seats": {"\x1b]0;x\x07Bob": {"\x1b[2J": "\x9b31m"}}, "keys": {"re\x07": "f\x1b2"}})[-2:] == [
        "key re?: f?2",
        "seat ?]0;x?Bob ?[2J: ?31m",
    ]


# ---------------------------------------------------------------- 4: piped input that ends at once
def test_piped_input_ending_before_the_first_answer_keeps_the_game(capsys):
    from a11y_dominion import autosave
    from test_nothing_lost_faults import piped

    console, code, lines = piped("")
    assert lines[-1] == "Game stopped." and code == 1
    (saved,) = autosave.unfinished_games()
    assert saved.answers == [] and stat.S_IMODE(os.stat(saved.path).st_mode) == owner_only()
    assert main(["games"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert (
        line.endswith(f"resume {saved.id}.")
        and ", unfinished, before the first answer: You (human) and Bot (medium)." in line
    )


# ---------------------------------------------------------------- 6: games that cannot be resumed
def _edit_header(path, change) -> None:
    import json

    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    change(header)
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines))


def test_games_lists_autosaves_that_cannot_be_resumed_as_damaged_and_advises_the_files_own_id(capsys):
    from a11y_dominion import autosave
    from test_history import TO_VILLAGE, play

    for _ in range(4):
        play(TO_VILLAGE[:1])
    bad_name, bad_card, bad_id, hosted = sorted(autosave.games_dir().glob("*.jsonl"), key=autosave._id_order)

    def name(h):
        h["record"]["config"]["players"][0] = "\x1b]0;pwned\x07You"
        h["record"]["seats"][0][0] = "\x1b]0;pwned\x07You"

    _edit_header(bad_name, name)
    _edit_header(bad_card, lambda h: h["record"]["config"]["kingdom"].__setitem__(0, "Nonsense"))
    _edit_header(bad_id, lambda h: h.__setitem__("id", "\x1b]0;pwned\x07"))
    _edit_header(hosted, lambda h: h["record"]["seats"][0].__setitem__(1, "remote"))
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and not any("\x1b" in line or "\x07" in line for line in lines)
    assert not any("pwned" in line for line in lines[:3])  # the id field is not the file's ID
    assert lines[0].startswith("Game of ")
    assert lines[0].endswith(f"Resume it with a11y-dominion host --resume {hosted.stem}.")
    assert lines[1].startswith("Game of ")
    assert lines[1].endswith(f"Resume it with a11y-dominion resume {bad_id.stem}.")
    assert lines[2].startswith(
        f"The saved game {bad_card.name} is damaged and cannot be resumed: The saved game's setup is damaged: "
    )
    assert "Nonsense" in lines[2]
    assert lines[3] == (
        f"The saved game {bad_name.name} is damaged and cannot be resumed: The saved game's player name "
        "?]0;pwned?You (in players) holds control, escape or formatting characters, which a name cannot have."
    )


# ---------------------------------------------------------------- 7: 8-bit control sequences
def test_8_bit_csi_and_osc_sequences_are_dropped_whole_piped_and_at_the_ssh_seat():
    from a11y_dominion.remote.terminal import InputFilter
    from a11y_dominion.textinput import typed_line
    from test_nothing_lost_faults import FIRST_HAND, piped

    _, _, lines = piped("\x9b31mhand\n\x9d0;pwned\x9cstatus\nend\x9b0m\n")
    assert FIRST_HAND in lines
    assert not any("is not a move" in line or "31m" in line or "pwned" in line for line in lines)
    assert any(line.startswith("You have 0 Debt and 0 VP in tokens") for line in lines)
    assert typed_line("\x9b31mhand") == "hand"
    assert typed_line("\x9d0;pwned\x9chand") == "hand"
    assert typed_line("\x9d0;pwned\x07hand\x90+q544e\x9c") == "hand"
    assert typed_line("\x1b]0;pwned\x9chand") == "hand"  # a 7-bit OSC ended by the 8-bit ST
    assert InputFilter().feed("\x9b31mha\x9d0;pwned\x9cnd\r", 0.0) == ("hand\r", False)


# ---------------------------------------------------------------- 8: invalid UTF-8 piped
@pytest.mark.e2e  # python in another process
def test_a_piped_line_that_is_not_utf8_is_not_echoed(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root), XDG_DATA_HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path))
    env["A11Y_DOMINION_CONFIG"] = str(tmp_path / "settings.json")
    done = subprocess.run(
        [sys.executable, "-m", "a11y_dominion", "play", "--seed", "1", "--speech", "off"],
        input=b"ha\xffnd\nquit\nyes\n",
        capture_output=True,
        env=env,
        timeout=120,
    )
    lines = done.stdout.decode("utf-8").splitlines()
    at = lines.index("That line is not valid UTF-8.")
    assert lines[at - 1] == "You> " and "\ufffd" not in done.stdout.decode("utf-8")


# ---------------------------------------------------------------- 9: the history file's mode
def test_the_game_history_is_readable_by_its_owner_only():
    from a11y_dominion import stats

    record = {"seats": [["You", "human"], ["Bot", "bigmoney"]], "config": {"kingdom": ["Village"]}}
    result = {"scores": [["You", 30], ["Bot", 20]], "winners": ["You"], "turns": []}
    old = os.umask(0o022)
    try:
        assert stats.add_game("g1", "2026-01-01T12:00:00", record, result)
    finally:
        os.umask(old)
    path = stats.db_path()
    assert path.name == "history.sqlite3" and stat.S_IMODE(os.stat(path).st_mode) == owner_only()
    assert all(stat.S_IMODE(os.stat(p).st_mode) == owner_only() for p in path.parent.glob("history.sqlite3*"))
    os.chmod(path, 0o644)  # as an older version made it
    assert stats.summary()["games"] == 1
    assert stat.S_IMODE(os.stat(path).st_mode) == owner_only()


def test_resume_of_a_hosted_game_points_to_host_resume(capsys):
    from a11y_dominion import autosave
    from test_history import TO_VILLAGE, play

    play(TO_VILLAGE[:1])
    (hosted,) = autosave.games_dir().glob("*.jsonl")
    _edit_header(hosted, lambda h: h["record"]["seats"][0].__setitem__(1, "remote"))
    assert main(["resume", hosted.stem]) == 2
    err = capsys.readouterr().err.strip()
    want = f"The game {hosted.stem} has players at other computers; resume it with a11y-dominion host --resume "
    assert err.endswith(want + f"{hosted.stem}."), err
