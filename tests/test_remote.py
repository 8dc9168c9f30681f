"""Remote seats over SSH, end to end: the installed command hosts a game,
two players join with the real OpenSSH client and play Big Money against a
bot to the final scores, typing simple moves read off only the printed
lines (as tests/test_e2e_pty.py does at one keyboard).

Also: a wrong password is refused, a command instead of the game session
is refused, and neither player's received bytes hold the other's private
draws (only their count) or the other's hand.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from remoteplay import SSH_OPTIONS, BigMoney, start_host

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # ssh in a pseudo-terminal
pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07")
PLAYERS = "Ann:remote,Bea:remote,Bot:bigmoney"

# one password try, by password authentication only (not keyboard-interactive, which would ask again)
WRONG_ONCE = ("-o", "NumberOfPasswordPrompts=1", "-o", "PreferredAuthentications=password")


HOST_ARGS = ["host", "--players", PLAYERS, "--seed", "1", "--port", "0", "--after-game", "0"]  # ends with the scores


def host_command() -> list:
    exe = shutil.which("a11y-dominion")
    return [exe] + HOST_ARGS if exe else [sys.executable, "-m", "a11y_dominion"] + HOST_ARGS


@pytest.fixture
def hosted(tmp_path):
    """The host running as a subprocess; yields (the seats file's data, the process)."""
    seats_file = tmp_path / "seats.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        host_command() + ["--seats-file", str(seats_file)],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60  # only a hang takes this long
        while not seats_file.exists():
            assert proc.poll() is None, proc.stdout.read()
            assert time.monotonic() < deadline, "the host does not listen"
            time.sleep(0.05)
        assert seats_file.stat().st_mode & 0o777 == 0o600
        yield json.loads(seats_file.read_text()), proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)
        proc.stdout.close()


def ssh(data: dict, user: str, options: tuple = (), command: tuple = ()):
    """The OpenSSH client logging in as ``user`` (the password not typed yet)."""
    return pexpect.spawn(
        "ssh",
        SSH_OPTIONS + list(options) + ["-p", str(data["port"]), f"{user}@{data['host']}"] + list(command),
        encoding="utf-8",
        timeout=60,  # only a hang takes this long
        dimensions=(50, 200),
    )


def login(data: dict, user: str, options: tuple = (), command: tuple = ()):
    """``user`` logged in with the password from the seats file."""
    child = ssh(data, user, options, command)
    child.expect("assword:")
    child.sendline(data["seats"][user]["password"])
    return child


def choose(players: BigMoney, screen: str, who: str) -> str:
    """The Big Money move of ``who`` for the text printed since the last answer (``players``:
    what each seat knows of its turn's figures, as the turn prompt says only what changed)."""
    move = players.move(screen, who)
    assert move is not None, f"no turn prompt for {who} in: {screen[-500:]!r}"
    return move


def test_wrong_password_and_commands_are_refused(hosted):
    data, proc = hosted
    child = ssh(data, "Ann", WRONG_ONCE)
    child.expect("assword:")
    child.sendline(data["seats"]["Ann"]["password"] + "x")
    assert child.expect(["Permission denied", "Welcome"]) == 0
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus != 0
    # a user that is no seat
    child = ssh(data, "Zed", WRONG_ONCE)
    child.expect("assword:")
    child.sendline(data["seats"]["Ann"]["password"])
    child.expect("Permission denied")
    child.close()
    # a shell command is not run: the server only plays the game
    child = login(data, "Ann", command=("echo", "hello"))
    child.expect("This server runs only the game")
    child.expect(pexpect.EOF)
    assert "hello" not in child.before
    child.close()
    # no port forwarding, either way
    child = login(data, "Ann", ("-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"))
    child.expect("forwarding failed")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus != 0
    # no SFTP
    child = login(data, "Ann", ("-s",), ("sftp",))
    child.expect(pexpect.EOF)
    child.close()
    assert "Welcome" not in child.before
    assert child.exitstatus != 0
    assert proc.poll() is None  # still waiting for its players


def test_two_remote_seats_and_a_bot_play_a_whole_game(hosted):
    data, proc = hosted
    ann = login(data, "Ann")
    ann.expect("Ann has joined; 1 seat still empty: Bea.")
    bea = login(data, "Bea")
    bea.expect("Bea has joined; every seat is taken. The game starts.")
    ann.expect("Bea has joined; every seat is taken. The game starts.")
    children = {"Ann": ann, "Bea": bea}
    # what pexpect read past the join sentence is the start of each player's game
    raw = {who: [child.buffer] for who, child in children.items()}
    screen = {who: child.buffer for who, child in children.items()}
    over = set()
    moves = []
    players = BigMoney()
    try:
        while len(over) < 2:
            for who in [n for n in children if n not in over]:
                text = ANSI.sub("", screen[who]).replace("\r", "")
                if re.search(r"^Game over\.$", text, re.M):
                    over.add(who)
                elif re.search(rf"(?:^|\n){who}> ?$", text):  # the line editor draws the space as a cursor move
                    move = choose(players, text, who)
                    screen[who] = ""
                    moves.append((who, move))
                    children[who].sendline(move)
                    assert len(moves) < 900, "the game does not end"
            live = {c.child_fd: n for n, c in children.items() if n not in over}
            if not live:
                break
            ready, _, _ = select.select(list(live), [], [], 20)
            if not ready:
                proc.terminate()
                raise AssertionError(
                    "nothing comes from the host: "
                    + repr({n: "".join(raw[n])[-600:] for n in live.values()})
                    + repr(moves[-4:])
                    + proc.stdout.read()[-2000:]
                )
            for fd in ready:
                who = live[fd]
                try:
                    got = children[who].read_nonblocking(65536, timeout=0)
                except pexpect.EOF:
                    over.add(who)
                    continue
                raw[who].append(got)
                screen[who] += got
        for who, child in children.items():
            child.expect(pexpect.EOF)
            raw[who].append(child.before)
            child.close()
    finally:
        for child in children.values():
            if child.isalive():
                child.terminate(force=True)
    proc.wait(20)
    host_out = proc.stdout.read()
    assert proc.returncode == 0, host_out

    text = {who: ANSI.sub("", "".join(parts)).replace("\r", "") for who, parts in raw.items()}
    for who in ("Ann", "Bea"):
        scores = [x for x in text[who].split("\n") if " VP (" in x]
        # what the screen shows: a space the line editor wrote and stepped back over is nothing
        visible = text[who].replace(" \x08", "")
        for name in ("You" if n == who else n for n in ("Ann", "Bea", "Bot")):  # (their own score: You's)
            # each score line starts a line of its own, never after a prompt drawn again
            assert re.search(
                rf"^{name}: \d+ VP \(\d+ from cards, 0 from VP tokens and 0 from Tower\)\.$", visible, re.M
            ), (who, name, scores)
        assert "is not a move" not in text[who] and "; you have " not in text[who]
        # a draw right after a shuffle is told in the shuffle's sentence
        assert re.search(r"^You (?:shuffle \d+ cards and )?draw .+\.$", visible, re.M)
    assert ("Ann", "buy Province") in moves or ("Bea", "buy Province") in moves
    assert "Game over." in host_out and re.search(r"^Bot: \d+ VP", host_out, re.M)

    # privacy: each player hears the other's draws only as a count, and never the other's hand
    for who, other in (("Ann", "Bea"), ("Bea", "Ann")):
        lines = [x.strip() for x in text[who].split("\n")]
        theirs = set(re.findall(r"You (?:shuffle \d+ cards and )?draw (.+)\.$", text[other], re.M))
        assert theirs
        for x in lines:
            assert not x.startswith(f"{other}'s hand"), x
            if f"{other} draws" in x:
                assert re.search(rf"{other} draws (\d+ cards|a card)\.", x), x
            if f"{other} shuffles" in x:
                assert re.search(rf"{other} shuffles \d+ cards? and draws (\d+ cards|a card)\.", x), x
            for names in theirs:
                assert f"draws {names}" not in x, x

    # only line editing comes over the wire: no colours, no cursor hiding, no other escapes
    everything = "".join("".join(parts) for parts in raw.values())
    sequences = set(re.findall(r"\x1b(?:\[[0-9;?]*[A-Za-z]|.)", everything))
    assert all(re.fullmatch(r"\x1b\[[0-9]*[CDJK]", s) for s in sequences), sorted(sequences)


def test_typed_control_characters_and_long_lines_are_not_echoed(hosted):
    data, proc = hosted
    ann = login(data, "Ann")
    ann.expect("1 seat still empty: Bea.")
    ann.send("ab\x1b[31mc\x01\x07d\r")
    ann.expect("dabc is not a command; type help for the commands.")
    seen = ann.before + ann.after
    # what comes back is the typed printable characters and the line editor's cursor moves
    # (Ctrl+A went to the start of the line), nothing else
    assert "dabc" in seen
    rest = re.sub(r"\x1b\[[0-9]*[CDJK]|\x08", "", seen).replace("\r", "").replace("\n", "")
    assert not [ch for ch in rest if unicodedata.category(ch).startswith("C")], repr(seen)
    ann.sendline("x" * 5000)
    ann.expect("x… is not a command")
    assert "x" * 1001 not in ann.before
    # a byte that is not UTF-8 (a terminal set to Latin-1) is replaced; the session goes on
    os.write(ann.child_fd, b"h\xe9llo\r")
    ann.expect("h\ufffdllo is not a command")
    ann.sendline("help")
    ann.expect("Help topics: playing, one computer, network, saving, speech, settings, keys and commands.")
    # the queries answer in the lobby too, from Ann's own view
    ann.sendline("hand")
    ann.expect(r"Your hand, 5 cards: ")
    ann.sendline("card vil")
    ann.expect("Villa")
    ann.sendline("supply")
    ann.expect("Province")
    ann.sendline("status")
    ann.expect("Bea")
    ann.close()


def test_a_second_login_takes_the_seat_over_and_a_player_leaving_is_waited_for(hosted):
    """A seat is never played by two sessions: a new login with its password takes it over
    (tests/test_remote_lifecycle.py has the rest of leaving and coming back)."""
    data, proc = hosted
    ann = login(data, "Ann")
    ann.expect("1 seat still empty: Bea.")
    again = login(data, "Ann")
    again.expect("Welcome back, Ann.")
    ann.expect("Your seat was taken by a new login; this session ends.")
    ann.expect(pexpect.EOF)
    ann.close()
    bea = login(data, "Bea")
    bea.expect("The game starts.")
    again.expect("Ann> ")
    again.sendeof()  # Ctrl+D on an empty line: Ann is asked, and leaves
    again.expect(r"Leave the game\? The host keeps it and you may join again\.")
    again.sendline("yes")
    again.expect("You left the game.")  # as at join
    again.expect(pexpect.EOF)
    again.close()
    bea.expect("Ann has left; the game waits for Ann to come back.")
    assert proc.poll() is None
    bea.close()


def test_the_start_of_a_name_is_enough_over_the_network(hosted):
    """As at the console, "buy prov" or "buy copp" names the only card that starts so."""
    data, proc = hosted
    ann, bea = login(data, "Ann"), login(data, "Bea")
    ann.expect(r"Ann> ")
    ann.sendline("play treasures")
    ann.expect(r"Buy phase")
    ann.expect(r"Ann> ")
    ann.sendline("buy copp")
    ann.expect(r"You buy Copper\. 0 Buys\.")  # what changed, once, in the prompt on the move's line
    ann.close()
    bea.close()


def test_the_host_killed_comes_back_with_host_resume_and_the_seat_rejoins_with_its_password(tmp_path):
    """The hosted game is saved after every answer: the host killed with SIGKILL,
    ``host --resume`` brings the table back at the same decision, and Ann logs in
    again with the password she had."""
    import signal

    data_dir = tmp_path / "data"
    env = dict(os.environ, A11Y_DOMINION_DATA=str(data_dir), PYTHONPATH=str(ROOT))
    base = host_command()[: -len(HOST_ARGS)]

    def start(args: list, seats_file: Path):
        proc = start_host(base + ["host"] + args + ["--port", "0", "--seats-file", str(seats_file)], seats_file, env)
        return proc, json.loads(seats_file.read_text())

    proc, data = start(["--players", "Ann:remote,Bot:random", "--seed", "3"], tmp_path / "one.json")
    ann = login(data, "Ann")
    try:
        ann.expect(r"Ann> ")
        ann.sendline("play treasures")
        ann.expect(r"\. Buy phase(?:: \d+ coins?)?\.")  # (the prompt names what changed)
        ann.expect(r"Ann> ")
        (path,) = list((data_dir / "games").glob("*.jsonl"))
        assert json.loads(path.read_text().splitlines()[1])["a"] == [{"move": "treasures"}]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        ann.expect(pexpect.EOF)
    finally:
        ann.terminate(force=True)
        proc.stdout.close()

    proc, again = start(["--resume"], tmp_path / "two.json")
    try:
        assert again["seats"]["Ann"]["password"] == data["seats"]["Ann"]["password"]
        ann = login(again, "Ann")
        # where her turn stands, as a player back in the game hears it, then her hand and what is in play
        ann.expect(
            r"\nYour turn 1, Buy phase: 1 Action, 1 Buy, \d+ coins\.\r?\nYour hand, \d+ cards?: .+\r?\nIn play: "
        )
        ann.expect(r"Ann> ")
        assert "Buy phase: 1 Buy" not in ann.before  # (her question's prompt does not say the figures again)
        ann.sendline("end")
        deadline = time.monotonic() + 60  # only a hang takes this long
        while len(path.read_text().splitlines()) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)  # the answer is saved when the host has read it
        lines = [json.loads(x) for x in path.read_text().splitlines()[1:]]
        assert [x["n"] for x in lines] == list(range(len(lines))) and lines[1]["a"] == [{"move": "end"}]
        ann.terminate(force=True)
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()
