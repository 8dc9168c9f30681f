"""The host's lifecycle and access control, end to end: the installed command
hosts a game as a subprocess (or under a terminal of its own, through
pexpect, for the host's own player and Ctrl+C), and players join with the
real OpenSSH client.

A client killed mid-game is announced, waited for and takes its seat back;
``--bot-after`` lets a bot play for a seat that stays away and gives the seat
back; public keys from ``--authorized-keys`` log in only as their own seat;
seat names are read in any letter case; failed logins are explained (a name
that is no seat's as a wrong password), summed up on the host's screen and
never lock out the seat's player; Ctrl+C at the host's terminal asks first; a human seat at the
host's terminal plays a whole game with a remote seat and a bot.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from remoteplay import BigMoney, key_options

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
    pytest.skip("the OpenSSH client (ssh, ssh-keygen) is not installed", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07| ?\x08")
SSH_OPTIONS = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "SetEnv=A11Y_DOMINION_LANG=en",  # the language chosen: no first question at login
]
PASSWORD_ONLY = ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
# one password try; LogLevel INFO shows the server's auth banners
ONE_TRY = ["-o", "NumberOfPasswordPrompts=1", "-o", "LogLevel=INFO"]


pytestmark = pytest.mark.e2e  # host processes and ssh seats


def host_command(players: str, *extra: str) -> list:
    exe = shutil.which("a11y-dominion")
    args = ["host", "--players", players, "--seed", "1", "--port", "0", "--after-game", "0", *extra]
    return [exe] + args if exe else [sys.executable, "-m", "a11y_dominion"] + args


def host_env(tmp_path) -> dict:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT), TERM="xterm")
    env.pop("NO_COLOR", None)
    return env


def wait_for_seats(seats_file: Path, alive) -> dict:
    deadline = time.monotonic() + 60  # only a host that hangs takes this long
    while not seats_file.exists():
        assert alive(), "the host stopped before it listened"
        assert time.monotonic() < deadline, "the host does not listen"
        time.sleep(0.05)
    return json.loads(seats_file.read_text())


class Host:
    """The host command as a subprocess without a terminal; ``lines`` is what it printed so far."""

    def __init__(self, tmp_path, players: str, *extra: str):
        seats_file = tmp_path / "seats.json"
        self.proc = subprocess.Popen(
            host_command(players, "--seats-file", str(seats_file), *extra),
            cwd=str(ROOT),
            env=host_env(tmp_path),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list = []
        threading.Thread(target=self._read, daemon=True).start()
        self.data = wait_for_seats(seats_file, lambda: self.proc.poll() is None)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def printed(self, text: str, timeout: float = 60) -> None:
        """Wait until the host printed a line holding ``text``."""
        deadline = time.monotonic() + timeout
        while not any(text in x for x in self.lines):
            assert time.monotonic() < deadline, f"the host did not print {text!r}: {self.lines[-10:]!r}"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def hosting(tmp_path):
    """Start hosts with ``hosting(players, *options)``; every one is stopped at the end."""
    started = []

    def start(players: str = "Ann:remote,Bea:remote,Bot:bigmoney", *extra: str) -> Host:
        host = Host(tmp_path, players, *extra)
        started.append(host)
        return host

    yield start
    for host in started:
        host.stop()


def ssh(data: dict, user: str, options=PASSWORD_ONLY):
    """The OpenSSH client logging in as ``user``."""
    return pexpect.spawn(
        "ssh",
        # ssh takes the first value of an option: LogLevel=ERROR unless ``options`` gave another
        SSH_OPTIONS + list(options) + ["-o", "LogLevel=ERROR", "-p", str(data["port"]), f"{user}@{data['host']}"],
        encoding="utf-8",
        timeout=60,  # only a hang takes this long
        dimensions=(50, 200),
    )


def login(data: dict, user: str, seat: str | None = None, options=PASSWORD_ONLY):
    """``user`` logged in with the password of ``seat`` (default: ``user``) from the seats file."""
    child = ssh(data, user, options)
    child.expect("assword:")
    child.sendline(data["seats"][seat or user]["password"])
    return child


def choose(players: BigMoney, screen: str, who: str) -> str:
    """The Big Money move of ``who`` for the text printed since the last answer (``players``:
    what each seat knows of its turn's figures, as the turn prompt says only what changed)."""
    if re.search(r"Go on\? Type yes to go on:\s*\S*> ?$", screen):  # (a plain ssh seat asks, as the console does)
        players.last[who] = "yes"
        return "yes"
    move = players.move(screen, who)
    assert move is not None, f"no turn prompt for {who} in: {screen[-500:]!r}"
    return move


def play(children: dict, until=None, players: BigMoney | None = None) -> tuple:
    """Every child (seat name to pexpect child) types Big Money moves at its prompt until
    each saw "Game over." (or ``until(moves)`` is true); returns (each seat's text, the moves).
    ``players``: the seats' figures from an earlier call that stopped in the middle of a turn."""
    players = players if players is not None else BigMoney()
    raw = {who: [child.buffer] for who, child in children.items()}
    screen = {who: child.buffer for who, child in children.items()}
    for child in children.values():
        child.buffer = ""
    over: set = set()
    moves: list = []
    while len(over) < len(children) and not (until and until(moves)):
        assert len(moves) < 2000, "the game does not end"
        for who in [n for n in children if n not in over]:
            text = ANSI.sub("", screen[who]).replace("\r", "")
            if re.search(r"^Game over\.$", text, re.M):
                over.add(who)
            elif re.search(rf"(^|\n){who}> ?$", text) or re.search(r"\nType yes to go on: ?$", text):
                move = "yes" if text.rstrip().endswith("Type yes to go on:") else choose(players, text, who)
                screen[who] = ""
                moves.append((who, move))
                children[who].sendline(move)
        live = {c.child_fd: n for n, c in children.items() if n not in over}
        if not live:
            break
        ready, _, _ = select.select(list(live), [], [], 60)  # only a host that hangs is silent this long
        assert ready, "nothing comes from the host: " + repr({n: "".join(raw[n])[-600:] for n in live.values()})
        for fd in ready:
            who = live[fd]
            try:
                got = children[who].read_nonblocking(65536, timeout=0)
            except pexpect.EOF:
                over.add(who)
                continue
            raw[who].append(got)
            screen[who] += got
    if len(over) == len(children):  # the final scores follow "Game over."; then the session ends
        for who, child in children.items():
            child.expect(pexpect.EOF)
            raw[who].append(child.before)
    else:  # what was read since the last answer is read again by whoever reads next
        for who, child in children.items():
            child.buffer = screen[who] + child.buffer
    return {who: ANSI.sub("", "".join(parts)).replace("\r", "") for who, parts in raw.items()}, moves


def final_scores(text: str, names, who: str) -> None:
    """The final scores in ``text``, what ``who`` heard: a line for each of ``names``, their own as You's."""
    for name in ("You" if n == who else n for n in names):
        # a bot that stood in may have taken VP tokens
        line = rf"\b{name}: \d+ VP \(\d+ from cards, \d+ from VP tokens and 0 from Tower\)\.$"
        assert re.search(line, text, re.M), (name, text[-800:])


@pytest.mark.posix
def test_a_killed_client_is_waited_for_and_takes_its_seat_back(hosting):
    host = hosting()
    data = host.data
    ann = login(data, "Ann")
    bea = login(data, "Bea")
    bea.expect("The game starts.")
    ann.expect("Ann> ")
    ann.kill(signal.SIGKILL)  # the client vanishes mid-question
    ann.close(force=True)
    bea.expect("Ann has left; the game waits for Ann to come back.")
    host.printed("Ann has left; the game waits for Ann to come back.")
    # the table waits; the others can still ask
    bea.sendline("hand")
    bea.expect(r"Your hand, 5 cards: ")
    bea.sendline("status")
    bea.expect(r"Ann's turn 1, Action phase")  # answered by the host after Ann left
    assert host.proc.poll() is None
    ann = login(data, "Ann")
    ann.expect("Welcome back, Ann. The game goes on.")
    ann.expect(r"Ann> ")
    back = ann.before + ann.after
    lines = [x.strip() for x in ANSI.sub("", back).replace("\r", "").split("\n") if x.strip()]
    # (after "Welcome back") nothing happened while she was away: where her turn stands, as Bea
    # hears it, then her hand, then her question, its prompt not again, each once
    assert lines[0] == "Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins.", lines
    assert lines[1].startswith("Your hand, 5 cards: "), lines
    assert len([x for x in lines if x.startswith("Your hand")]) == 1, lines
    assert not [x for x in lines if x.startswith("Action phase:")], lines
    assert re.search(r"^\d+\. end the Action phase$", back.replace("\r", ""), re.M)
    bea.expect("Ann is back.")
    ann.buffer = back + ann.buffer
    text, moves = play({"Ann": ann, "Bea": bea})
    for who in ("Ann", "Bea"):
        final_scores(text[who], ("Ann", "Bea", "Bot"), who)
    assert moves[0] == ("Ann", "play treasures")
    assert host.proc.wait(20) == 0


@pytest.mark.posix
def test_a_bot_plays_for_a_seat_that_stays_away_and_gives_it_back(hosting):
    host = hosting("Ann:remote,Bea:remote,Bot:bigmoney", "--bot-after", "1")
    data = host.data
    ann = login(data, "Ann")
    bea = login(data, "Bea")
    ann.expect("Ann> ")
    ann.kill(signal.SIGKILL)
    ann.close(force=True)
    bea.expect("Ann has left; the game waits for Ann to come back.")
    bea.expect("Ann has been away for 1 second; the medium bot plays for Ann until Ann comes back.")
    bea.expect(r"Bea> ")  # the bot played Ann's turn 1
    # Ann's turn as Bea hears it: in one line at its end ("Ann, turn 1: played ...")
    told = ANSI.sub("", bea.before).replace("\r", "")
    assert re.search(r"^Ann(, turn \d+:)? (buys|gains|plays|played) ", told, re.M), bea.before
    bea.buffer = bea.before + bea.after + bea.buffer
    host.printed("the medium bot plays for Ann")
    # Bea plays on while the bot plays for Ann, until Ann's second turn is over
    players = BigMoney()
    text, moves = play({"Bea": bea}, until=lambda m: len(m) >= 6, players=players)
    assert re.search(r"Ann, turn 2: |Ann's turn 2\.", text["Bea"])
    ann = login(data, "Ann")
    ann.expect("Welcome back, Ann. The game goes on.")
    ann.expect("The medium bot played for you while you were away.")
    ann.expect(r"Your hand, \d+ cards?: ")
    # what the bot played and bought in her seat is told her once, with the others' turns
    missed = ANSI.sub("", ann.before).replace("\r", "")
    assert re.search(r"^You play .+\.$", missed, re.M) and re.search(r"You buy [A-Z]", missed), missed
    ann.buffer = ann.before + ann.after + ann.buffer
    bea.expect("Ann is back; the bot stops playing for Ann.")
    bea.buffer = bea.before + bea.after + bea.buffer
    text, moves = play({"Ann": ann, "Bea": bea}, players=players)
    assert any(who == "Ann" for who, _ in moves), "Ann did not play again"
    assert re.search(r"^You draw .+\.$", text["Ann"], re.M)
    for who in ("Ann", "Bea"):
        final_scores(text[who], ("Ann", "Bea", "Bot"), who)
    assert host.proc.wait(20) == 0


def keygen(path: Path, comment: str) -> str:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", str(path)], check=True, timeout=30
    )
    return Path(f"{path}.pub").read_text()


@pytest.mark.posix
def test_a_player_whose_client_was_killed_comes_back_after_the_game_to_hear_who_won(hosting):
    host = hosting("Ann:remote,Bot:bigmoney", "--bot-after", "1", "--after-game", "90")
    ann = login(host.data, "Ann")
    ann.expect("Ann> ")
    ann.kill(signal.SIGKILL)  # the bot finishes the game for her
    ann.close(force=True)
    host.printed("Final scores:")
    scores = host.lines.index("Final scores:")
    host.printed(" win")
    assert re.fullmatch(r"(Ann|Bot) wins\.", host.lines[scores + 4]), host.lines[scores:]  # the host names the winner
    # the host's screen says once that it waits, for whom, how long at most and how to end it now
    host.printed("The host waits up to 2 minutes for Ann to come back; Ctrl+C ends the wait now.")
    ann = login(host.data, "Ann")  # the host waits for her: she dropped, she did not quit
    ann.expect("You may stay: log, repeat, score and export work here; type quit to leave.")
    said = [x.strip() for x in ANSI.sub("", ann.before + ann.after).replace("\r", "").split("\n") if x.strip()]
    start = said.index("Welcome back, Ann. The game is over.")
    assert said[start + 1] == "The medium bot played for you while you were away."
    many = re.fullmatch(
        r"(\d+) messages while you were away; the last 30 follow\. Type log (\d+) to hear them all\.", said[start + 2]
    )
    assert many and int(many[1]) > 30 and int(many[2]) == int(many[1]), said[start + 2]  # one count, the result's too
    assert len(said) == start + 3 + 30 + 1  # the last 30 lines (Game over and the result among them), that she may stay
    assert said[-5] == "Game over."  # the result whole
    assert re.fullmatch(r"You: \d+ VP \(.+\)\.", said[-4]) and re.fullmatch(r"Bot: \d+ VP \(.+\)\.", said[-3])
    assert said[-2] in ("You win.", "Bot wins.")  # the result last, before the staying line
    assert sum("The game is over" in x for x in said) == 1
    host.printed("Ann is back.")
    assert not [x for x in host.lines if "the bot stops playing" in x]  # no bot plays after the game
    ann.sendline("quit")
    ann.expect("You left; goodbye.")
    ann.expect(pexpect.EOF)
    assert host.proc.wait(20) == 0
    assert host.lines[-2:] == ["Ann has left.", "The host stops waiting: every remote player has left."]
    assert sum(x.startswith("The host waits") for x in host.lines) == 1


@pytest.mark.posix
def test_a_join_player_who_quits_is_not_waited_for_after_the_game_and_ctrl_c_ends_the_wait(hosting, tmp_path):
    """``quit`` in ``join`` tells the host the player left (the seat protocol's ``leave``): after
    the game the host does not wait for a player who quit, as for a terminal seat's quit. The
    wait for one whose connection broke ends at once with Ctrl+C (SIGINT) at the host."""
    from remoteplay import join_program
    from test_seat_story import Reader

    host = hosting("Ann:remote,Bea:remote,Bot:bigmoney", "--bot-after", "1", "--after-game", "90")
    ann = Reader(join_program(host, tmp_path, "Ann"))
    bea = login(host.data, "Bea")
    ann.until(r"^Ann> ")
    ann.send("quit")
    ann.until(r"Type yes to leave: ")
    ann.send("yes")
    ann.until(r"^You left the game\.$")
    ann.end()
    assert ann.child.wait() == 0
    host.printed("Ann has left; the game")
    bea.kill(signal.SIGKILL)  # her connection breaks: the host waits for her, and not for Ann
    bea.close(force=True)
    host.printed("Final scores:")
    host.printed("The host waits up to 2 minutes for Bea to come back; Ctrl+C ends the wait now.")
    host.proc.send_signal(signal.SIGINT)
    assert host.proc.wait(20) == 0
    assert host.lines[-1] == "The host stops waiting and closes the table.", host.lines[-5:]


@pytest.mark.posix
def test_keys_log_in_only_as_their_own_seat(hosting, tmp_path):
    ann_key, other_key = tmp_path / "ann.key", tmp_path / "other.key"
    authorized = tmp_path / "authorized_keys"
    authorized.write_text("# the players' keys\n" + keygen(ann_key, "ann"))  # the comment names the seat
    keygen(other_key, "Ann")  # a key the host does not know
    host = hosting("Ann:remote,Bea:remote,Bot:bigmoney", "--authorized-keys", str(authorized))
    data = host.data
    assert data["seats"]["Ann"] == {"user": "Ann", "key": data["seats"]["Ann"]["key"]}
    assert data["seats"]["Ann"]["key"].startswith("SHA256:") and "password" in data["seats"]["Bea"]
    host.printed("Ann joins with: ssh -p")
    assert any("Ann joins with" in x and "with the SSH key SHA256:" in x for x in host.lines), host.lines
    assert not any("Ann joins with" in x and "password" in x for x in host.lines)
    # Ann's key is not Bea's, and a key the host does not know is no one's
    for user, key in (("Bea", ann_key), ("Ann", other_key)):
        child = ssh(data, user, key_options(key))
        child.expect("Permission denied")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus != 0
    ann = ssh(data, "Ann", key_options(ann_key))
    ann.expect("Welcome, Ann.")
    ann.expect("Ann has joined; 1 seat still empty: Bea.")
    bea = login(data, "bea", "Bea")  # the seat name in another letter case
    bea.expect("Welcome, Bea.")
    bea.expect("Bea has joined; every seat is taken. The game starts.")
    ann.expect("Bea has joined; every seat is taken.")
    ann.close()
    bea.close()


@pytest.mark.posix
def test_failed_logins_are_explained_summed_up_and_never_lock_out_the_seat(hosting):
    host = hosting()
    data = host.data
    wrong = "Wrong user name or password. Log in with your seat's name as the user and the password the host printed"
    for n in range(2):
        child = ssh(data, "Ann", PASSWORD_ONLY + ONE_TRY)
        child.expect("assword:")
        child.sendline("guess" + str(n))
        child.expect(wrong)
        child.expect("Permission denied")
        child.close()
    # a user that is no seat is told the same
    child = ssh(data, "Zed", PASSWORD_ONLY + ONE_TRY)
    child.expect("assword:")
    child.sendline("guess")
    child.expect(wrong)
    child.expect("Permission denied")
    child.close()
    # the host's screen sums them up: the first at once, the others a minute after it at the earliest
    host.printed("1 failed login from 1 address in the last minute.")
    # the right password still gets in, from the same address
    ann = login(data, "ann", "Ann")
    ann.expect("Welcome, Ann.")
    ann.expect("Ann has joined; 1 seat still empty: Bea.")
    ann.close()
    assert not any(x.startswith(("Failed login", "A login for")) for x in host.lines), host.lines


def spawn_host(tmp_path, players: str, *extra: str):
    """The host command under a terminal of its own; returns (the pexpect child, the seats file's data)."""
    cmd = host_command(players, "--seats-file", str(tmp_path / "seats.json"), *extra)
    child = pexpect.spawn(
        cmd[0], cmd[1:], cwd=str(ROOT), env=host_env(tmp_path), encoding="utf-8", timeout=60, dimensions=(50, 200)
    )
    return child, wait_for_seats(tmp_path / "seats.json", child.isalive)


@pytest.mark.posix
def test_ctrl_c_at_the_host_asks_and_tells_every_seat(tmp_path):
    host, data = spawn_host(tmp_path, "Ann:remote,Bot:bigmoney")
    try:
        host.expect("Ann joins with")
        ann = login(data, "Ann")
        ann.expect("The game starts.")
        ann.expect("Ann> ")
        host.sendintr()
        host.expect(r"Stop the game for every seat\? yes or no")
        host.sendline("no")
        host.expect("The game goes on.")
        ann.sendline("hand")
        ann.expect(r"Your hand, 5 cards: ")
        host.sendintr()
        host.expect(r"Stop the game for every seat\? yes or no")
        host.sendline("yes")
        ann.expect("The host stopped the game.")
        ann.expect(pexpect.EOF)
        host.expect("The host stopped the game.")
        host.expect(pexpect.EOF)
        host.close()
        assert host.exitstatus == 1  # the game was stopped before its end
    finally:
        if host.isalive():
            host.terminate(force=True)


@pytest.mark.posix
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_without_a_terminal_stops_cleanly(hosting, sig):
    host = hosting("Ann:remote,Bot:bigmoney")
    ann = login(host.data, "Ann")
    ann.expect("Ann> ")
    host.proc.send_signal(sig)  # no terminal: no question
    ann.expect("The host stopped the game.")
    ann.expect(pexpect.EOF)
    assert host.proc.wait(10) == 1
    assert "Traceback" not in "\n".join(host.lines)


@pytest.mark.posix
def test_a_screen_reader_user_at_the_host_gets_plain_lines(tmp_path):
    """The host's own player who said they use a screen reader (the setting play's question saves) gets
    plain lines at the host's terminal, as at play: no escape sequence at all."""
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"screen_reader": "yes"}))
    cmd = host_command("Ann:remote,Cid:human,Bot:bigmoney", "--seats-file", str(tmp_path / "seats.json"))
    env = dict(host_env(tmp_path), A11Y_DOMINION_CONFIG=str(config))
    cid = pexpect.spawn(cmd[0], cmd[1:], cwd=str(ROOT), env=env, encoding="utf-8", timeout=60, dimensions=(50, 200))
    try:
        cid.expect("Welcome, Cid. Type help for commands.")
        cid.sendline("hand")
        cid.expect(r"Your hand, 5 cards: [^\r\n]*")
        seen = cid.before + cid.after
        cid.sendintr()
        cid.expect(r"Nothing to clear\. Type quit to stop the game\.")
        seen += cid.before + cid.after
        cid.sendline("quit")
        cid.expect(r"Type yes to stop: ")
        seen += cid.before
        assert "\x1b" not in seen, repr(seen[-300:])
        cid.sendline("yes")
        cid.expect("Game stopped.")
        cid.expect(pexpect.EOF)
    finally:
        if cid.isalive():
            cid.terminate(force=True)


@pytest.mark.posix
def test_a_human_seat_at_the_host_plays_a_whole_game(tmp_path):
    cid, data = spawn_host(tmp_path, "Ann:remote,Cid:human,Bot:bigmoney", "--plain")
    try:
        assert set(data["seats"]) == {"Ann"}  # the host's player needs no password
        cid.expect("Welcome, Cid. Type help for commands.")
        cid.expect("Cid has joined; 1 seat still empty: Ann.")
        cid.sendline("hand")  # the queries answer at the host's terminal too
        cid.expect(r"Your hand, 5 cards: ")
        cid.sendintr()  # Ctrl+C at the host's player's prompt: the line is cleared, as at every end
        cid.expect(r"Nothing to clear\. Type quit to stop the game\.")
        cid.sendline("quit")  # quit asks the host's question
        cid.expect(r"Stop the game for every seat\? It is kept; .+ host --resume goes on with it\.")
        cid.sendline("no")
        cid.expect("The game goes on.")
        ann = login(data, "Ann")
        ann.expect("Ann has joined; every seat is taken. The game starts.")
        cid.expect("Ann has joined; every seat is taken. The game starts.")
        text, moves = play({"Ann": ann, "Cid": cid})
        cid.close()
        assert cid.exitstatus == 0, text["Cid"][-1000:]
    finally:
        for child in (cid,):
            if child.isalive():
                child.terminate(force=True)
    for who in ("Ann", "Cid"):
        final_scores(text[who], ("Ann", "Cid", "Bot"), who)
        assert re.search(r"^You draw .+\.$", text[who], re.M)
    assert {who for who, _ in moves} == {"Ann", "Cid"}
    assert ("Cid", "play treasures") in moves
    # privacy: Ann hears Cid's draws as a count only, and the host's terminal never shows Ann's hand
    cid_draws = set(re.findall(r"^You draw (.+)\.$", text["Cid"], re.M))
    for line in text["Ann"].split("\n"):
        assert not line.startswith("Cid's hand"), line
        for names in cid_draws:
            assert f"Cid draws {names}" not in line
    assert not re.search(r"^Ann's hand", text["Cid"], re.M)


def test_a_newer_login_takes_the_seat_and_the_older_session_no_longer_counts():
    from a11y_dominion.i18n import Language
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats
    from seatsathost import join_messages

    specs = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    printed: list = []
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    host = GameHost(game, specs, 1, Language("en"), out=printed.append)
    first = join_messages(host, "Ann", "session 1")
    second = join_messages(host, "ANN", "session 2")  # the seat name in another letter case
    assert first.texts()[-1] == "Your seat was taken by a new login; this session ends."
    assert second.texts() == ["You took your seat over from your other login, which ends now.", "Welcome back, Ann."]
    assert host.sessions == {"Ann": "session 2"}
    host.leave("Ann", "session 1")  # the older session ending changes nothing
    assert host.joined == ["Ann"] and host.sessions == {"Ann": "session 2"}
    host.leave("ann", "session 2")
    assert host.joined == [] and printed[-1] == "Ann has left; 2 seats still empty: Ann and Bea."


@pytest.mark.posix
def test_hint_at_an_ssh_seat_and_the_host_s_hints_setting(hosting, tmp_path, monkeypatch):
    """hint at an SSH seat: the medium bot's move and why; nothing asked: one sentence; with
    the host's hints setting off, one sentence and no move."""
    host = hosting("Ann:remote,Bea:remote,Bot:bigmoney")
    ann = login(host.data, "Ann")
    bea = login(host.data, "Bea")
    ann.expect("Ann> ")
    ann.sendline("hint")
    ann.expect(r"(End the Action phase|Play [A-Za-z ]+): [A-Za-z][^\r\n]*\.")  # small but for a name
    bea.expect("Ann's turn 1.")
    bea.sendline("hint")
    bea.expect("There is no question of yours to give a hint for now.")
    for child in (ann, bea):
        child.close(force=True)
    host.stop()
    (tmp_path / "seats.json").unlink()  # the next host writes its own
    settings = tmp_path / "host-settings.json"
    settings.write_text(json.dumps({"hints": False}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(settings))
    host = hosting("Ann:remote,Bot:bigmoney")
    ann = login(host.data, "Ann")
    ann.expect("Ann> ")
    ann.sendline("hint")
    ann.expect("Hints are off at this table: the host's hints setting is off.")
    ann.close(force=True)
