"""``a11y-dominion join``: a remote seat whose game speaks on the player's computer.

The installed command hosts a game; Ann joins with the real OpenSSH client
(a terminal session), Bea with ``a11y-dominion join --seats-file F`` (the
seat protocol, the console running on her side), and both play Big Money
against a bot to the final scores, typing moves read off only the printed
lines. Bea's lines never hold Ann's private draws.

Also: the console's prompt at a terminal (queries, a refused move, quit);
the host key kept on first use and a changed one refused; a wrong
password, a host that is not there and a missing seats file each give one
sentence and exit 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from pexpect.popen_spawn import PopenSpawn  # noqa: E402

from test_remote import ANSI, BigMoney, choose, host_command, login  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.e2e  # the real host, OpenSSH and join in other processes


@pytest.fixture
def host_game(tmp_path):
    """The host running as a subprocess (Ann, Bea and a bot); yields (the seats file's data, the process)."""
    import subprocess

    path = tmp_path / "host-seats.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "host-data"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        host_command() + ["--seats-file", str(path)],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60  # only a host that hangs takes this long
        while not path.exists():
            assert proc.poll() is None, proc.stdout.read()
            assert time.monotonic() < deadline, "the host does not listen"
            time.sleep(0.05)
        yield json.loads(path.read_text()), proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)
        proc.stdout.close()


def join_command(*args: str) -> list:
    exe = shutil.which("a11y-dominion")
    return ([exe] if exe else [sys.executable, "-m", "a11y_dominion"]) + ["join", *args]


def join_env(tmp_path) -> dict:
    return dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(ROOT))


def seats_file(tmp_path, data: dict) -> str:
    path = tmp_path / "seats.json"
    if not path.exists():
        path.write_text(json.dumps(data))
    return str(path)


def join_piped(tmp_path, data: dict, user: str, *more: str) -> PopenSpawn:
    """``a11y-dominion join`` with its input and output as pipes (plain lines, no prompt editing)."""
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", user, "--speech", "off", *more)
    return PopenSpawn(cmd, cwd=str(ROOT), env=join_env(tmp_path), encoding="utf-8", timeout=60)


def join_terminal(tmp_path, data: dict, user: str = "Ann"):
    """``a11y-dominion join`` in a pseudo-terminal (200 columns), screen-reader mode, as ``user``."""
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", user, "--speech", "screen-reader")
    return pexpect.spawn(
        cmd[0], cmd[1:], cwd=str(ROOT), env=join_env(tmp_path), encoding="utf-8", timeout=60, dimensions=(50, 200)
    )


def run_join(tmp_path, *args: str, env: dict | None = None):
    """``a11y-dominion join ARGS`` run to its end: (exit code, standard output, standard error)."""
    import subprocess

    got = subprocess.run(
        join_command(*args),
        cwd=str(ROOT),
        env=env or join_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    return got.returncode, got.stdout, got.stderr


@pytest.mark.posix
def test_an_ssh_seat_a_join_seat_and_a_bot_play_a_whole_game(host_game, tmp_path):
    data, proc = host_game
    ann = login(data, "Ann")
    ann.expect("Ann has joined; 1 seat still empty: Bea.")
    bea = join_piped(tmp_path, data, "Bea")
    bea.expect(r"First visit to 127\.0\.0\.1 port \d+: its host key, SHA256:\S+, is kept for your next visits\.")
    bea.expect("Bea has joined; every seat is taken. The game starts.")
    ann.expect("Bea has joined; every seat is taken. The game starts.")
    children = {"Ann": ann, "Bea": bea}
    raw = {who: [child.buffer] for who, child in children.items()}
    screen = dict((who, child.buffer) for who, child in children.items())
    over: set = set()
    moves: list = []
    players = BigMoney()
    last = time.monotonic()
    try:
        while len(over) < 2:
            for who in [n for n in children if n not in over]:
                text = ANSI.sub("", screen[who]).replace("\r", "")
                if re.search(r"^Game over\.$", text, re.M):
                    over.add(who)
                elif text.endswith(f"{who}> "):
                    move = choose(players, text, who)
                    screen[who] = ""
                    moves.append((who, move))
                    children[who].sendline(move)
                    assert len(moves) < 900, "the game does not end"
            for who in [n for n in children if n not in over]:
                try:
                    got = children[who].read_nonblocking(65536, timeout=0.05)
                except pexpect.TIMEOUT:
                    continue
                except pexpect.EOF:
                    over.add(who)
                    continue
                last = time.monotonic()
                raw[who].append(got)
                screen[who] += got
            if time.monotonic() - last > 60:  # only a host that hangs is silent this long
                proc.terminate()
                raise AssertionError(
                    "nothing comes from the host: "
                    + repr({n: "".join(raw[n])[-600:] for n in children})
                    + repr(moves[-4:])
                    + proc.stdout.read()[-2000:]
                )
        for who, child in children.items():
            child.expect(pexpect.EOF)
            raw[who].append(child.before)
        ann.close()
        assert bea.wait() == 0
    finally:
        if ann.isalive():
            ann.terminate(force=True)
        if bea.proc.poll() is None:
            bea.kill(9)
    proc.wait(60)
    host_out = proc.stdout.read()
    assert proc.returncode == 0, host_out

    text = {who: ANSI.sub("", "".join(parts)).replace("\r", "") for who, parts in raw.items()}
    for who in ("Ann", "Bea"):
        for name in ("You" if n == who else n for n in ("Ann", "Bea", "Bot")):  # (their own score: You's)
            assert re.search(
                rf"\b{name}: \d+ VP \(\d+ from cards, 0 from VP tokens and 0 from Tower\)\.$", text[who], re.M
            ), (who, name, text[who][-1500:])
        assert "is not a move" not in text[who] and "; you have " not in text[who]
        # a draw right after a shuffle is told in the shuffle's sentence
        assert re.search(r"^You (?:shuffle \d+ cards and )?draw .+\.$", text[who].replace(" \x08", ""), re.M)
    # both ways of joining told the same final scores
    finals = {  # (each hears their own as You's)
        who: {
            x.replace("You:", f"{who}:")
            for x in re.findall(r"\b(?:You|Ann|Bea|Bot): \d+ VP \(\d+ from cards", text[who])
        }
        for who in text
    }
    assert finals["Ann"] == finals["Bea"] and len(finals["Ann"]) == 3, finals
    assert "The game is over; goodbye." in text["Bea"]
    assert {w for w, m in moves if m == "buy Province"} or ("Bea", "buy Gold") in moves
    assert any(w == "Bea" for w, _m in moves) and any(w == "Ann" for w, _m in moves)

    # privacy: Bea hears Ann's draws only as a count, and never Ann's hand
    theirs = set(re.findall(r"You (?:shuffle \d+ cards and )?draw (.+)\.$", text["Ann"], re.M))
    assert theirs
    for x in text["Bea"].split("\n"):
        assert not x.startswith("Ann's hand"), x
        if "Ann draws" in x:
            assert re.search(r"Ann draws (\d+ cards|a card)", x), x
        if "Ann shuffles" in x:
            assert re.search(r"Ann shuffles \d+ cards? and draws (\d+ cards|a card)", x), x
        for names in theirs:
            assert f"draws {names}" not in x, x
    # the join seat's output is plain lines: no escape or control bytes at all
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", "".join(raw["Bea"])), "escape bytes in plain output"


@pytest.mark.posix
def test_the_console_prompt_at_a_terminal_and_the_kept_host_key(host_game, tmp_path):
    data, proc = host_game
    ann = join_terminal(tmp_path, data)
    try:
        ann.expect(r"First visit to 127\.0\.0\.1 port \d+: its host key, (SHA256:\S+), is kept")
        fingerprint = ann.match.group(1)
        ann.expect("Screen-reader mode: the game does not speak; your screen reader reads the text.")
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        bea = join_piped(tmp_path, data, "Bea")  # the same player data: the key is known now
        bea.expect(
            rf"The host key of 127\.0\.0\.1 port {data['port']} is the one kept from your last visit: "
            + re.escape(fingerprint)
        )
        bea.expect("The game starts.")
        ann.expect(r"Your hand: .+\.")
        ann.expect(r"Ann>")
        ann.sendline("hand")
        ann.expect(r"Your hand, 5 cards: ")
        ann.expect(r"Ann>")
        ann.sendline("card vil")  # the start of a name is enough, read from Ann's own view
        ann.expect("Villa")
        ann.expect(r"Ann>")
        ann.sendline("buy prov")  # read on Ann's side, refused by the host with the engine's reason
        ann.expect(r"Province costs 8 coins")
        ann.expect(r"Ann>")
        ann.sendline("save x.json")
        ann.expect("Only the host can save or load this game.")
        ann.expect(r"Ann>")
        ann.sendline("play treasures")
        ann.expect(r"Buy phase")
        ann.expect(r"Ann>")
        ann.sendline("buy copp")
        # the figures that changed, once, in the prompt on the line of the move
        ann.expect(r"You buy Copper\. 0 Buys\.")  # (a Copper costs nothing: the coins are as they were)
        ann.expect(r"Ann>")
        ann.sendcontrol("c")
        ann.expect("Nothing to clear. Type quit to leave the game.")  # an empty line
        ann.expect(r"Ann>")
        ann.sendline("end")
        # Ann is a person: Bea heard her turn start at once, and hears her turn when it ends
        bea.expect(r"Ann's turn 1\.\r?\nAnn played 2 Coppers, bought Copper\.")
        bea.expect(r"(?:\n|\. )Action phase: 1 Action, 1 Buy, 0 coins\.")
        bea.expect("Bea> ")
        bea.sendline("quit")
        bea.expect(r"Leave the game\? The host keeps it and you may join again\. Type yes to leave: ")
        bea.sendline("yes")
        bea.expect("You left the game.")
        bea.expect(pexpect.EOF)
        assert bea.wait() == 0
        ann.expect("Bea has left; the game waits for Bea to come back.")
        proc.send_signal(signal.SIGINT)  # the host stops the game (no terminal: without asking)
        ann.expect("The host stopped the game.")
        ann.expect(pexpect.EOF)
        assert "The host ended the session" not in ann.before  # (the host said why: once)
        ann.close()
        assert ann.exitstatus == 1
    finally:
        if ann.isalive():
            ann.terminate(force=True)
    assert proc.wait(20) == 1
    known = (tmp_path / "player-data" / "a11y-dominion" / "known_hosts").read_text()
    assert known.startswith(f"[127.0.0.1]:{data['port']} ssh-ed25519 ")
    assert oct((tmp_path / "player-data" / "a11y-dominion" / "known_hosts").stat().st_mode & 0o777) == "0o600"
    assert fingerprint.startswith("SHA256:")


def test_a_changed_host_key_is_refused_before_the_password(host_game, tmp_path):
    data, proc = host_game
    kept = tmp_path / "player-data" / "a11y-dominion" / "known_hosts"
    kept.parent.mkdir(parents=True)
    other = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBjbbuBlZr6AM5S4n5oB4dq3nPq+PmDxvF5Kqy7H6eV5"
    kept.write_text(f"[127.0.0.1]:{data['port']} {other}\n")
    code, out, err = run_join(tmp_path, "--seats-file", seats_file(tmp_path, data), "--user", "Ann", "--speech", "off")
    assert code == 2, (out, err)
    assert err == (
        f"a11y-dominion: The host key of 127.0.0.1 port {data['port']} is not the one kept from your last visit, "
        "so this is not the same host or it has a new key; nothing was sent "
        f"(the kept key is in {kept}).\n"
    )
    assert out == ""


def test_bad_hosts_passwords_and_files_are_one_sentence_and_exit_2(host_game, tmp_path):
    data, proc = host_game
    port = data["port"]
    wrong = tmp_path / "wrong-password"
    wrong.write_text("not-the-password\n")
    escaped = tmp_path / "escaped-password"
    escaped.write_text("pass\x1b[31mword\n")
    cases = [
        (
            ["127.0.0.1", "--port", str(port), "--user", "Ann", "--password-file", str(wrong)],
            "The host refused the seat Ann with that password; check the seat name and the password.",
        ),
        (
            ["127.0.0.1", "--port", str(port), "--user", "Zed", "--password-file", str(wrong)],
            "The host refused the seat Zed with that password; check the seat name and the password.",
        ),
        (
            ["127.0.0.1", "--port", "1", "--user", "Ann", "--password-file", str(wrong)],
            "Cannot connect to 127.0.0.1 port 1: Connection refused.",
        ),
        (
            ["no-such-host.invalid", "--user", "Ann", "--password-file", str(wrong)],
            "no-such-host.invalid is not a host name or address this computer can find.",
        ),
        (
            ["127.0.0.1", "--port", "70000", "--user", "Ann", "--password-file", str(wrong)],
            "--port must be a whole number from 1 to 65535.",
        ),
        (["--seats-file", str(tmp_path / "none.json")], f"There is no file named {tmp_path / 'none.json'}."),
        (
            ["--seats-file", str(wrong)],
            f"{wrong} is not a seats file as the host writes it (JSON with host, port and seats).",
        ),
        (["--seats-file", seats_file(tmp_path, data)], "Name your seat with --user; the seats file has Ann and Bea."),
        (["--seats-file", seats_file(tmp_path, data), "--user", "Cid"], "The seats file has no seat Cid."),
        (  # (never the escape byte echoed, before any connection)
            ["127.0.0.1", "--port", str(port), "--user", "Dan\x1b[31m", "--password-file", str(wrong)],
            "The name to log in with has a character a name may not have, such as a control character.",
        ),
        (
            ["127.0.0.1", "--port", str(port), "--user", "Ann", "--password-file", str(escaped)],
            "The password has a character a password may not have, such as a control character.",
        ),
    ]
    first = f"First visit to 127.0.0.1 port {port}: its host key, SHA256:"
    for i, (args, sentence) in enumerate(cases):
        code, out, err = run_join(tmp_path, *args, "--speech", "off")
        if i == 0:  # the first visit's fingerprint before the refusal, the key kept
            assert err.startswith(first) and err.count("\n") == 2, err
            err = err.split("\n", 1)[1]
        assert (code, err) == (2, f"a11y-dominion: {sentence}\n"), (args, out, err)
        assert "Traceback" not in out + err
    assert proc.poll() is None  # the host still waits for its players


@pytest.mark.posix
def test_commands_that_do_not_apply_lines_typed_early_say_and_leaving(host_game, tmp_path):
    """undo (asked of the host), export (written on the player's computer), settings and help at a
    joined seat; say reaches the other seat; a move typed while nothing is asked is refused and never
    played later; queries are answered between decisions; Ctrl+D asks to leave the game."""
    data, proc = host_game
    ann = join_terminal(tmp_path, data)
    bea = None
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        bea = join_piped(tmp_path, data, "Bea")
        bea.expect("The game starts.")
        ann.expect(r"Ann>")
        ann.sendline("undo")  # the host takes back answers, and there are none yet
        ann.expect("There is nothing to undo yet.")
        ann.expect(r"Ann>")
        exported = tmp_path / "game.txt"
        ann.sendline(f"export {exported}")  # written here, on the player's computer, from the host's lines
        ann.expect("The game so far is written to ")
        assert (
            exported.read_text(encoding="utf-8").splitlines()[1]
            == "Players: Ann (remote), Bea (remote), Bot (bigmoney)."
        )
        ann.expect(r"Ann>")
        ann.sendline("settings")  # the settings as at the console, changed with settings set
        ann.expect("the other settings change outside the game with a11y-dominion settings.")
        ann.expect(r"Ann>")
        ann.sendline("help network console")  # the page's part on a join seat, and the next part
        ann.expect("help next: part 16, What join trusts.")
        help_text = ann.before
        ann.expect(r"Ann>")
        assert "Part 15: The console at your computer." in help_text
        assert "The command undo asks the host to take back your last answer." in help_text
        ann.sendline("help next")
        ann.expect("help next: part 17, Playing on a server.")
        assert "join trusts nothing the host sends." in ann.before
        assert "Traceback" not in help_text + ann.before
        ann.expect(r"Ann>")
        ann.sendline("say good luck")
        bea.expect("Ann says: good luck")
        ann.expect("Ann says: good luck")
        ann.expect(r"Ann>")
        ann.sendcontrol("d")
        # at a terminal the question is a line of its own, and only its last sentence the prompt
        ann.expect(r"Leave the game\? The host keeps it and you may join again\.\r\r\n(?:\x1b\[J)?Type yes to leave:")
        ann.sendline("no")
        ann.expect("You stay in the game.")
        ann.expect(r"Ann>")
        # Bea, while nothing is asked of her: a query is answered, a move is refused
        bea.sendline("hand")
        bea.expect(r"Your hand, 5 cards: ")
        bea.sendline("buy Gold")
        bea.expect("Nothing is asked of you now; type help for the commands.")
        bea.sendline("q" * 1000)  # nonsense is no command, and not a move out of turn
        bea.expect_exact("q" * 40 + "… is not a command; type help for the commands.")
        bea.sendline("statsu")
        bea.expect_exact("statsu is not a command or a move; did you mean status? Type help for commands.")
        bea.sendline("options")
        bea.expect("Nothing is asked of you now; type help for the commands.")
        ann.sendline("end")
        ann.expect(r"Buy phase")
        ann.expect(r"Ann>")
        ann.sendline("end")
        bea.expect(r"(?:\n|\. )Action phase: 1 Action, 1 Buy, 0 coins\.")
        bea.expect("Bea> ")
        # Ann, at Bea's turn: a query answered from the latest view, a move refused
        ann.sendline("hand")
        ann.expect(r"Your hand, 5 cards: ")
        ann.sendline("buy Silver")
        ann.expect("Nothing is asked of you now; type help for the commands.")
        bea.sendline("end")  # Bea's own question: answered now; the early buy Gold was not kept
        bea.expect(r"Buy phase")
        bea.expect("Bea> ")
        bea.sendline("end")
        # Ann's turn, which starts as every turn does: its line alone; her hand was told as she drew
        # it in Clean-up, so it is not read again
        ann.expect(r"Your turn 2\.")
        between = ANSI.sub("", ann.before).replace("\r", "")
        # Bea is a person: her turn's start was told when it began, its summary when it ended
        assert "\nBea ended their turn without playing or buying anything.\n" in between, between[-800:]
        ann.expect(r"Ann>")
        between += ANSI.sub("", ann.before).replace("\r", "")
        assert "Your hand:" not in between and " phase: " not in between, between[-800:]
        ann.sendline("quit")
        ann.expect("Type yes to leave:")
        ann.sendline("yes")
        ann.expect("You left the game.")
        ann.expect(pexpect.EOF)
        ann.close()
        assert ann.exitstatus == 0
        bea.sendline("quit")
        bea.expect("Type yes to leave: ")
        bea.sendline("yes")
        bea.expect(pexpect.EOF)
        bea_text = bea.before
        assert bea.wait() == 0
    finally:
        if ann.isalive():
            ann.terminate(force=True)
        if bea is not None and bea.proc.poll() is None:
            bea.kill(9)
    proc.send_signal(signal.SIGINT)
    proc.wait(20)
    host_out = proc.stdout.read()
    assert "Traceback" not in host_out + bea_text
    for line in bea_text.splitlines():
        assert "You buy Gold" not in line and "Bea buys Gold" not in line, line


def test_hint_at_a_joined_seat(host_game, tmp_path):
    """hint at a joined seat: the move and why, from the seat's own view; one sentence
    while nothing is asked of it."""
    data, proc = host_game
    ann = join_piped(tmp_path, data, "Ann")
    bea = None
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        bea = join_piped(tmp_path, data, "Bea")
        bea.expect("The game starts.")
        ann.expect(r"(?:\n|\. )Action phase: 1 Action, 1 Buy, 0 coins\.")
        ann.sendline("hint")
        ann.expect(r"(End the Action phase|Play [A-Za-z ]+): [A-Za-z][^\n]*\.")  # small but for a name
        assert "Traceback" not in ann.before
        bea.sendline("hint")
        bea.expect("There is no question of yours to give a hint for now.")
        ann.sendline("end")
        ann.expect(r"\bBuy phase\.\r?\n")  # the phase alone: no figure changed
        ann.expect("Ann> ")
        ann.sendline("play treasures")
        ann.expect(r"(?:\n|\. )[1-9] coins?\.")
        ann.expect("Ann> ")
        ann.sendline("hint")
        ann.expect(r"(Buy [A-Za-z' ]+|End your turn): [A-Za-z0-9][^\n]*\.", timeout=30)
    finally:
        for child in (ann, bea):
            if child is not None:
                child.kill(9)


@pytest.mark.posix
def test_a_line_typed_while_nothing_is_asked_is_shown_once_without_a_prompt(host_game, tmp_path):
    """At a terminal the line typed between decisions was echoed by the terminal: it is not
    drawn again after an "Ann>" prompt (no answer is awaited); piped, it is printed once."""
    data, proc = host_game
    ann = join_terminal(tmp_path, data)
    bea = None
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        bea = join_piped(tmp_path, data, "Bea")
        bea.expect("The game starts.")
        ann.expect(r"Ann>")
        bea.sendline("status")  # Ann's turn: nothing is asked of Bea
        bea.expect(r"You have \d+ Debt and ")
        assert "Bea>" not in bea.before and bea.before.count("status") == 1, bea.before
        ann.sendline("end")
        ann.expect(r"Buy phase")
        ann.expect(r"Ann>")
        ann.sendline("end")
        bea.expect("Bea> ")  # Bea's turn: nothing is asked of Ann
        ann.sendline("status")
        ann.expect(r"You have \d+ Debt and ")
        seen = ANSI.sub("", ann.before).split("end\r", 1)[1]  # after Ann's last answer (its prompt was matched)
        assert seen.count("status") == 1 and "Ann>" not in seen, seen
        # Bea is a person (the host's hello says so): her turn's start is told at once
        assert "Bea's turn 1." in seen, seen
    finally:
        if ann.isalive():
            ann.terminate(force=True)
        if bea is not None and bea.proc.poll() is None:
            bea.kill(9)
    proc.send_signal(signal.SIGINT)
    proc.wait(20)
    assert "Traceback" not in proc.stdout.read()


@pytest.mark.posix
def test_lines_from_the_host_are_shown_while_the_prompt_waits(host_game, tmp_path):
    """What the host sends while Ann's prompt (or Ann's half-typed line between decisions)
    waits is printed at once on lines of its own above it, the typed text drawn again
    after it; the host stopping the game ends Ann's prompt at once, exit code 1."""
    data, proc = host_game
    ann = join_terminal(tmp_path, data)
    bea = None
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        bea = join_piped(tmp_path, data, "Bea")
        bea.expect("The game starts.")
        ann.expect(r"Ann> ")
        # Ann's prompt waits; Bea's chat is shown before Ann presses a key
        bea.sendline("say test2")
        bea.expect("Bea says: test2")
        ann.expect("Bea says: test2")
        ann.expect("Ann> ")
        # half typed at the prompt: the chat above it, "sta" drawn again after it
        ann.send("sta")
        ann.expect_exact("sta")  # the line editor has it
        bea.sendline("say hi Ann")
        # the line editor goes back to the start of the prompt's line and overwrites it with spaces
        # (plain lines, no cursor movement sequence): "Ann> sta" is 8 characters
        ann.expect(r"\A\r {8}\rBea says: hi Ann\r\n")
        ann.expect("Ann> sta")
        ann.send("tus\r")
        ann.expect(r"You have \d+ Debt and ")
        ann.expect("Ann> ")
        ann.sendline("end")
        ann.expect(r"Buy phase")
        ann.expect("Ann> ")
        ann.sendline("end")
        bea.expect("Bea> ")
        # Bea's turn: nothing is asked of Ann; her half-typed line is kept apart from the chat
        ann.expect(r"Bea's turn 1\.\r\n")  # the last line Ann is told before the chat
        ann.send("sta")
        ann.expect_exact("sta")
        assert "Ann>" not in ann.before
        bea.sendline("say hi again")
        ann.expect(r"\A\r {3}\rBea says: hi again\r\n")
        ann.expect("sta")
        assert "Ann>" not in ann.before
        ann.send("tus\r")
        ann.expect(r"You have \d+ Debt and ")
        # what says nothing to Ann (Bea's move to her Buy phase, told at her turn's end) leaves
        # the half-typed line alone: it is neither rubbed out nor drawn again. Ann's status says
        # when her side has been told of the move; until then she types "sta" again after it.
        ann.expect(r"Bot: [^\r]*cards in the discard pile\.\r\n")
        ann.send("sta")
        ann.expect_exact("sta")
        bea.sendline("end")
        bea.expect(r"Buy phase")
        bea.expect("Bea> ")
        for _ in range(600):
            ann.send("tus\r")
            ann.expect(r"You have \d+ Debt and ")
            assert ann.before.startswith("tus\r") and "sta" not in ann.before, repr(ann.before)
            told = "Bea's turn 1, Buy phase" in ann.before
            ann.expect(r"Bot: [^\r]*cards in the discard pile\.\r\n")
            if told:
                break
            ann.send("sta")
            ann.expect_exact("sta")
        else:
            raise AssertionError("Ann is never told of Bea's Buy phase")
        # a line half typed when Ann's question comes is drawn again at its prompt
        ann.send("sta")
        ann.expect_exact("sta")
        bea.sendline("end")
        ann.expect(r"Your turn 2\.")
        ann.expect("Ann> sta")
        ann.send("tus\r")
        ann.expect(r"You have \d+ Debt and ")
        ann.expect("Ann> ")
        # the host stops while Ann's prompt waits: the sentence, and the program ends by itself
        proc.send_signal(signal.SIGINT)
        ann.expect("The host stopped the game.")
        ann.expect(pexpect.EOF)
        assert "The host ended the session" not in ann.before  # (the host said why: once)
        assert "Traceback" not in ann.before
        ann.close()
        assert ann.exitstatus == 1
    finally:
        if ann.isalive():
            ann.terminate(force=True)
        if bea is not None and bea.proc.poll() is None:
            bea.kill(9)
    proc.wait(20)
    assert "Traceback" not in proc.stdout.read()


@pytest.mark.posix
def test_ctrl_c_while_nothing_is_asked_clears_as_at_a_question(host_game, tmp_path):
    """Ctrl+C while the seat waits for the host (a signal, as the terminal gives it) and
    Ctrl+C in a line typed between decisions (a key, as it always is at Windows' console)
    each say one sentence, as at a question; neither leaves the game."""
    data, proc = host_game
    ann = join_terminal(tmp_path, data)
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        ann.sendintr()
        ann.expect_exact("Nothing to clear. Type quit to leave the game.")
        ann.send("stat")  # the first key wakes the line editor
        ann.expect_exact("stat")
        ann.sendintr()
        ann.expect_exact("Line cleared. Type quit to leave the game.")
        ann.sendline("quit")
        ann.expect_exact("Type yes to leave: ")
        ann.sendline("yes")
        ann.expect_exact("You left the game.")
        ann.expect(pexpect.EOF)
        ann.close()
        assert ann.exitstatus == 0
    finally:
        if ann.isalive():
            ann.terminate(force=True)
    proc.send_signal(signal.SIGINT)
    proc.wait(20)
    assert "Traceback" not in proc.stdout.read()


@pytest.mark.posix  # a signal sent to the program
def test_ctrl_c_at_piped_input_says_one_sentence_and_the_game_goes_on(host_game, tmp_path):
    """Ctrl+C (SIGINT) while join reads piped input, where no line editor reads keys: the
    sentence of Ctrl+C on an empty line, in turn with the host's lines, and the game goes on."""
    data, proc = host_game
    bea = join_piped(tmp_path, data, "Bea")
    try:
        bea.expect("Bea has joined; 1 seat still empty: Ann.")
        bea.kill(signal.SIGINT)
        bea.expect_exact("Nothing to clear. Type quit to leave the game.")
        bea.sendline("quit")
        bea.expect_exact("Type yes to leave: ")
        bea.sendline("yes")
        bea.expect_exact("You left the game.")
        bea.expect(pexpect.EOF)
        assert bea.wait() == 0
        assert "Traceback" not in bea.before
    finally:
        if bea.proc.poll() is None:
            bea.kill(9)
    proc.send_signal(signal.SIGINT)
    proc.wait(20)
    assert "Traceback" not in proc.stdout.read()
