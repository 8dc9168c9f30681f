"""No library warning or traceback reaches a player's or the host's screen: asyncio's and
asyncssh's log records, warnings (getpass's ``GetPassWarning`` among them) and an asyncio
loop's unhandled errors go to ``library.log`` in the data folder (or nowhere when it cannot
be written); a password read with no terminal shows its prompt alone; and a ``join`` login
that takes over a seat held by a plain ``ssh`` session tells the old session why it ends
(through its own connection) and the new one that it took the seat, while the host's screen
shows none of it and no warning."""

from __future__ import annotations

import getpass
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from a11y_dominion.librarylog import keep_library_messages_off_screen
from a11y_dominion.remote.client import read_password

ROOT = Path(__file__).resolve().parent.parent

# what a program of the game does when asyncio, a library warning and a loop's error speak up
NOISY = """
import asyncio, getpass, logging, sys, warnings
sys.path.insert(0, {root!r})
if {quiet}:
    from a11y_dominion.librarylog import keep_library_messages_off_screen, quiet_loop
    print(keep_library_messages_off_screen(__import__("pathlib").Path({log!r})) is not None, flush=True)
logging.getLogger("asyncio").warning("socket.send() raised exception.")
logging.getLogger("asyncssh").error("Uncaught exception")
warnings.warn("Can not control echo on the terminal.", getpass.GetPassWarning)
loop = asyncio.new_event_loop()
if {quiet}:
    quiet_loop(loop)
loop.call_soon(lambda: 1 / 0)
loop.run_until_complete(asyncio.sleep(0))
loop.close()
"""


def _run_noisy(tmp_path: Path, quiet: bool, log: Path) -> subprocess.CompletedProcess:
    code = NOISY.format(root=str(ROOT), quiet=quiet, log=str(log))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=str(tmp_path), timeout=120)


@pytest.mark.e2e  # python in another process
def test_library_messages_reach_the_screen_unless_kept_off_it(tmp_path):
    loud = _run_noisy(tmp_path, False, tmp_path / "unused.log")
    assert b"socket.send() raised exception." in loud.stderr  # what Python does on its own
    assert b"GetPassWarning" in loud.stderr and b"ZeroDivisionError" in loud.stderr

    log = tmp_path / "data" / "library.log"
    quiet = _run_noisy(tmp_path, True, log)
    assert quiet.returncode == 0
    assert (quiet.stdout, quiet.stderr) == (b"True\n", b"")  # the screen gets nothing of them
    kept = log.read_text(encoding="utf-8")
    for said in ("asyncio WARNING: socket.send() raised exception.", "asyncssh ERROR: Uncaught exception"):
        assert said in kept
    assert "GetPassWarning: Can not control echo on the terminal." in kept
    assert "ZeroDivisionError: division by zero" in kept


@pytest.mark.e2e  # python in another process
def test_a_log_that_cannot_be_written_is_no_log_and_no_noise(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    quiet = _run_noisy(tmp_path, True, blocker / "library.log")  # (a folder under a file)
    assert (quiet.stdout, quiet.stderr) == (b"True\n", b"")
    assert blocker.read_text() == ""


def test_nothing_logged_leaves_no_log(tmp_path):
    keep_library_messages_off_screen(tmp_path / "data" / "library.log")
    try:
        assert not (tmp_path / "data").exists()
    finally:
        keep_library_messages_off_screen(tmp_path / "data" / "library.log")
        _forget_our_handler()


def test_the_log_handler_is_set_once(tmp_path):
    import logging

    keep_library_messages_off_screen(tmp_path / "one.log")
    keep_library_messages_off_screen(tmp_path / "two.log")
    ours = [h for h in logging.getLogger().handlers if getattr(h, "_a11y_dominion_library_log", False)]
    assert [Path(h.baseFilename).name for h in ours] == ["two.log"]
    _forget_our_handler()


@pytest.mark.posix  # (the file's mode; on Windows its own access list: keep_to_owner's tests)
def test_the_log_is_its_owners_alone_in_a_folder_others_may_read(tmp_path):
    import logging

    folder = tmp_path / "server"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)  # (as an operator makes it, whatever the umask)
    keep_library_messages_off_screen(folder / "server.log")
    try:
        logging.getLogger("some.library").warning("a warning with a player's address 192.0.2.7")
        assert (folder / "server.log").stat().st_mode & 0o777 == 0o600
        assert "192.0.2.7" in (folder / "server.log").read_text(encoding="utf-8")
    finally:
        _forget_our_handler()


def _forget_our_handler() -> None:
    """Take this test process's library log handler away again (pytest's own stay)."""
    import logging

    for handler in [h for h in logging.getLogger().handlers if getattr(h, "_a11y_dominion_library_log", False)]:
        logging.getLogger().removeHandler(handler)
        handler.close()
    logging.captureWarnings(False)
    logging.raiseExceptions = True


def test_a_password_read_with_no_terminal_shows_the_prompt_alone(monkeypatch, capsys):
    # getpass's own fallback, as it runs with no terminal: it warns, then prints its own warning
    monkeypatch.setattr(getpass, "getpass", getpass.fallback_getpass)
    err = io.StringIO()
    assert read_password("Password of the seat Ann at 192.0.2.7: ", io.StringIO("s3cret\n"), err) == "s3cret"
    assert err.getvalue() == "Password of the seat Ann at 192.0.2.7: \n"
    assert capsys.readouterr() == ("", "")
    with pytest.raises(EOFError):
        read_password("Password: ", io.StringIO(""), io.StringIO())


@pytest.mark.posix  # no controlling terminal: a new session (setsid); the OpenSSH client signs up
@pytest.mark.e2e  # python in another process
def test_join_without_a_terminal_says_no_getpass_warning(tmp_path):
    """``a11y-dominion join`` with its password piped in and no terminal: the password is asked
    once the server is reached, and standard error holds the prompt and the one sentence of the
    refused login, nothing of getpass. A host that cannot be reached is said without asking."""
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    import serverplay as sp

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.update(PYTHONPATH=str(ROOT), HOME=str(tmp_path))  # (no SSH key of the player's)

    def join(port: int) -> str:
        command = [sys.executable, "-m", "a11y_dominion", "join", "127.0.0.1", "--port", str(port), "--user", "Ann"]
        done = subprocess.run(
            [*command, "--speech", "off"],
            input=b"wrong password\n",
            capture_output=True,
            cwd=str(ROOT),
            env=env,
            timeout=120,
            start_new_session=True,
        )
        assert done.returncode == 2
        return done.stderr.decode()

    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", "correct horse battery", tmp_path / "ann.log"))
        err = join(server.port)
        server.stopped()
    assert re.match(  # the host key's fingerprint first, for the player to check before typing the password
        r"First visit to 127\.0\.0\.1 port \d+: its host key, SHA256:\S+, is kept for your next visits\.\n"
        r"Password of Ann at 127\.0\.0\.1: \na11y-dominion: The server says: Wrong user name",
        err,
    ), err
    assert "Warning" not in err and "GetPassWarning" not in err and "echo" not in err
    assert len(err.splitlines()) == 3
    unreachable = join(9)
    assert (
        unreachable.startswith("a11y-dominion: Cannot connect to 127.0.0.1 port 9: ") and "Password" not in unreachable
    )


# ------------------------------------------------------------ a join login takes over an ssh seat
@pytest.mark.posix  # ssh in a pseudo-terminal
@pytest.mark.e2e  # a pseudo-terminal, python in another process
def test_a_join_login_takes_over_an_ssh_seat_and_each_side_is_told(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    from remoteplay import close_seat, hosted, join, join_program, received_text
    from test_remote_undo import KINGDOM, SEED, Seat

    taken = "Your seat was taken by a new login; this session ends."
    took = "You took your seat over from your other login, which ends now."
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        ann = bea = again = None
        try:
            ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
            bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
            ann.until(r"(?:^|\. )Action phase: ")
            again = join_program(host, tmp_path, "Ann")
            again.expect("Welcome back, Ann")
            said = again.before
            assert took in said and taken not in said
            ann.child.expect(pexpect.EOF)
            ann.raw += ann.child.before
            old = received_text(bytes(ann.raw))
            assert old.count(taken) == 1 and took not in old
            assert old.rstrip().endswith(taken)  # the last line the old session shows (then ssh's own)
            again.expect(r"(?:\n|\. |, )Action phase: ")  # the game goes on with the new session: Ann ends her turn
            again.expect("Ann> ")
            again.sendline("end")
            again.expect("end the turn")
            again.expect("Ann> ")
            again.sendline("end")
            bea.until(r"^Your turn 1\.", prompt=False)
        finally:
            if again is not None and again.proc.poll() is None:
                again.kill(9)
            for seat in (ann, bea):
                if seat is not None:
                    close_seat(seat.child)
        printed = host.stopped()
    assert "Warning" not in printed and "socket.send" not in printed and "Exception" not in printed
    assert json.loads((tmp_path / "seats.json").read_text())["seats"]  # (the host ran as usual)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("en", "A line from Ann failed inside the game (ZeroDivisionError); the game goes on."),
        ("nl", "Een regel van Ann liep vast in het spel (ZeroDivisionError); het spel gaat door."),
    ],
)
def test_a_line_that_fails_inside_the_game_is_one_sentence_at_the_host(code, expected, tmp_path):
    from a11y_dominion.i18n import Language
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote.host import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats

    seats = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 3)
    game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, 3))
    shown: list = []
    host = GameHost(game, seats, 3, Language(code), out=shown.append)
    log = tmp_path / "library.log"
    keep_library_messages_off_screen(log)
    try:
        try:
            1 / 0  # noqa: B018
        except ZeroDivisionError as e:
            host.fault("Ann", e)
    finally:
        _forget_our_handler()
    assert shown == [expected]
    kept = log.read_text(encoding="utf-8")
    assert "a11y_dominion.host WARNING: a line of Ann failed" in kept and "1 / 0" in kept


@pytest.mark.posix  # ssh in a pseudo-terminal, and a client killed with SIGKILL
@pytest.mark.e2e  # a pseudo-terminal, python in another process
def test_a_killed_ssh_client_is_one_sentence_at_the_host_told_once(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    import signal

    from remoteplay import close_seat, hosted, join
    from test_remote_undo import KINGDOM, SEED, Seat

    left = "Ann has left; the game waits for Ann to come back."
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        ann = bea = None
        try:
            ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
            bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
            ann.until(r"(?:^|\. )Action phase: ")
            os.kill(ann.child.pid, signal.SIGKILL)  # the player's ssh client dies in the middle of the game
            ann.child.expect(pexpect.EOF)
            bea.until("^" + left, prompt=False)
        finally:
            for seat in (ann, bea):
                if seat is not None:
                    close_seat(seat.child)
        printed = host.stopped()
    assert printed.count(left) == 1
    assert "Warning" not in printed and "socket.send" not in printed and "Exception" not in printed
    assert "Error" not in printed
