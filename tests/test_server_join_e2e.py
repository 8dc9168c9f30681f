"""``a11y-dominion join`` at the server, in a pseudo-terminal, against the real server on loopback.

Ann logs in through join with her account's password (typed at join's own question, asked once
the server is reached), hears the lobby's lines, opens a table with a Big Money bot, leaves it and
sits down again, plays the game to its end through the console core, and is back in the lobby,
where she logs out; another account logs in with its SSH key and is asked no password. Cid
watches a game through join and receives nothing private, read from every byte of his join. A
wrong password and a name without an account each get one sentence and exit code 2, the name
before any password is asked. Join's login is one connection: with two connections a minute
from an address, a sign-up over ssh and a join both get in, and the next is refused. An older
join (another SSH version line) gets ``hello`` and one sentence in the ``error`` ``seat-taken``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

import remoteplay as rp
import serverplay as sp
from remoteplay import ROOT, TIMEOUT

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # OpenSSH and join in pseudo-terminals

PASSWORD = "correct horse battery"
HAND = re.compile(r"(?:Your hand(?:, \d+ cards?)?: |You draw )(.+?)\.(?: |$)", re.M)


def join_env(tmp_path: Path) -> dict:
    """The player's environment: a home of its own (no SSH keys), its own data and settings, and
    no SSH agent."""
    home = tmp_path / "player-home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "SSH_AUTH_SOCK"}  # (no agent but a test's own)
    return dict(
        env,
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PYTHONPATH=str(ROOT),
    )


def join_child(
    tmp_path: Path,
    server: sp.Served,
    user: str,
    log: Path,
    *more: str,
    env: dict[str, str] | None = None,
    lang: str | None = "en",
) -> Any:
    """``a11y-dominion join 127.0.0.1`` as ``user`` in a pseudo-terminal, speech off, with ``--lang
    lang`` (English; None: no ``--lang``) (``more``: other options; ``env``: more environment
    variables); every received byte goes to ``log``."""
    command = ["-m", "a11y_dominion", "join", "127.0.0.1", "--port", str(server.port), "--user", user]
    child = pexpect.spawn(
        sys.executable,
        [*command, "--speech", "off", *(["--lang", lang] if lang else []), *more],
        env=dict(join_env(tmp_path), **(env or {})),
        timeout=TIMEOUT,
        dimensions=(50, 200),
    )
    child.logfile_read = open(log, "wb")  # noqa: SIM115 - closed by sp.close
    return child


def welcomed_and_logged_out(child: Any, name: str = "Ann") -> tuple[int | None, str]:
    """Wait for the lobby's English welcome of ``name`` at ``child`` (a join), log out, and wait for
    its end: (its exit code, all it printed, as plain text); ``child`` is closed."""
    try:
        child.expect(rb"Welcome back, " + name.encode() + rb"\. Type help for the lobby's commands\.")
        sp.log_out(child)
        return ended(child)
    finally:
        sp.close(child)


def password_file(tmp_path: Path, password: str) -> str:
    path = tmp_path / f"password-{len(password)}"
    path.write_text(password + "\n")
    return str(path)


def signed_up_join(tmp_path: Path, server: sp.Served) -> Any:
    """Ann signed up at ``server`` with :data:`PASSWORD`, then her ``join`` (:func:`join_child`,
    logged to ann.log) logging in with it from a password file."""
    sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
    secret = password_file(tmp_path, PASSWORD)
    return join_child(tmp_path, server, "Ann", tmp_path / "ann.log", "--password-file", secret)


def ended(child: Any) -> tuple[int | None, str]:
    """Wait for the end of ``child``: (its exit code, all it printed, as plain text)."""
    child.expect(pexpect.EOF)
    child.close()
    sp.close(child)
    return child.exitstatus, rp.received_text(Path(child.logfile_read.name).read_bytes())


def test_join_logs_in_plays_a_game_to_its_end_and_is_back_in_the_lobby(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log")
        try:
            ann.expect(rb"Password of Ann at 127\.0\.0\.1: ")  # the account's, asked once the server is reached
            ann.sendline(PASSWORD.encode())
            ann.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.\r\nDominion: 1 person here\.")
            sp.lobby_line(ann, "who", rb"1 person here: Ann in the lobby\.")
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 5", rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            sp.lobby_line(ann, "who", rb"1 person here: Ann at table 1\.")  # a lobby command at the table
            sp.lobby_line(
                ann,
                "quit",
                rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+(?:\x1b\[J)?yes or no ",
            )
            sp.lobby_line(ann, "yes", rb"You left the game at table 1; sit 1 brings you back\.")
            sp.lobby_line(ann, "sit 1", rb"You go back to your seat at table 1\.")
            ann.expect(rb"Ann> ")
            ann.sendline(b"options")  # (the question again, for the Big Money player to read)
            heard = sp.play_at_table({"Ann": ann})
            sp.lobby_line(ann, "tables", rb"No tables yet; type new to open one\.")
            sp.lobby_line(ann, "games", rb"Today")
            sp.log_out(ann)
            code, text = ended(ann)
        finally:
            sp.close(ann)
        printed = server.stopped()
    lines = rp.lines_of(heard["Ann"])
    assert lines.count("Game over.") == 1
    assert "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins." in text  # the console core's narration
    assert sp.AFTER_GAME in lines
    assert "You leave table 1; you are in the lobby." in lines
    assert code == 0, text
    assert text.rstrip().endswith("You logged out; goodbye.")
    assert "Traceback" not in text and "cannot read" not in text
    assert printed.count("Ann logged in from 127.0.0.1.") == 1  # the join, after the sign-up's login


def test_a_watcher_through_join_receives_nothing_private(tmp_path):
    with sp.served(tmp_path, "[signup]\nper_address_per_hour = 10\n") as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        sp.close(sp.signup_password(server, "Cid", PASSWORD, tmp_path / "cid-signup.log"))
        cid = join_child(
            tmp_path, server, "Cid", tmp_path / "cid.log", "--password-file", password_file(tmp_path, PASSWORD)
        )
        try:
            cid.expect(rb"Welcome back, Cid\.")
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 5", rb"New game for Ann and Bot 1\.")
            # (at verbose a watcher hears every draw as a count; at normal, a line a turn)
            sp.lobby_line(cid, "settings verbose", rb"verbosity verbose; kept for your account\.")
            sp.lobby_line(cid, "watch 1", rb"You watch table 1: Ann and Bot 1\. You hear what every player may know")
            sp.lobby_line(cid, "hand", rb"A watcher has no hand; type status, supply or score to hear the game\.")
            sp.lobby_line(cid, "buy Silver", rb"Only the players can do that; you watch\.")
            heard = sp.play_at_table({"Ann": ann, "Cid": cid})
            sp.lobby_line(cid, "who", rb"Cid in the lobby")
        finally:
            sp.close(ann)
            sp.close(cid)
        server.stopped()
        [path] = (server.data / "games").glob("*.jsonl")
        from a11y_dominion.autosave import read_saved

        record = read_saved(path).full_record()
    assert "You stop watching table 1; you are in the lobby." in heard["Cid"]
    log = rp.event_log(record)
    players = ["Ann", "Bot 1"]
    text = rp.received_text((tmp_path / "cid.log").read_bytes())  # every byte Cid's join received and showed
    lines = rp.lines_of(text)
    forbidden = rp.private_sentences(log, None)
    assert rp.leaks(text, forbidden) == []
    told = rp.own_sentences(log, None)
    assert [x for x in rp.draws_naming_cards(lines, players) if x not in told] == []
    assert rp.other_hands(lines, players) == []
    assert not [x for x in lines if "Your hand" in x or x.startswith(("You draw", "You discard"))]
    public = rp.squeeze(" ".join(told))
    hands = set(HAND.findall(rp.received_text((tmp_path / "ann.log").read_bytes())))
    private = {h for h in hands if rp.squeeze(h) not in public}
    flat = rp.squeeze(text)
    assert sorted(h for h in private if rp.squeeze(h) in flat) == []
    # the checks are not empty: Cid heard the whole game, Ann's draws as counts only
    assert len(forbidden) >= 20 and len(private) >= 5, (len(forbidden), len(private))
    assert any(re.fullmatch(r"Ann draws \d+ cards?\.", x) for x in lines)
    assert lines.count("Game over.") == 1


def test_a_wrong_password_and_a_name_without_an_account_each_get_one_sentence(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        secret = password_file(tmp_path, "not the password")
        wrong = join_child(tmp_path, server, "Ann", tmp_path / "wrong.log", "--password-file", secret)
        wrong_code, wrong_text = ended(wrong)
        dutch = join_child(tmp_path, server, "Ann", tmp_path / "dutch.log", "--lang", "nl", "--password-file", secret)
        dutch_code, dutch_text = ended(dutch)  # the server's sentence in the player's language
        dora = join_child(tmp_path, server, "Dora", tmp_path / "dora.log")
        dora_code, dora_text = ended(dora)  # (no password is asked: the pexpect child types nothing)
        server.stopped()
    port = server.port
    first_visit = f"First visit to 127.0.0.1 port {port}: its host key, SHA256:"
    assert wrong_text.startswith(first_visit), wrong_text  # the first visit's fingerprint, the login failing
    wrong_text = wrong_text.split("\n", 1)[1]
    assert (wrong_code, wrong_text) == (
        2,
        "a11y-dominion: The server says: Wrong user name or password. Log in with your account's name as the user "
        "and its password, or with its SSH key.\n",
    )
    assert (dutch_code, dutch_text) == (
        2,
        "a11y-dominion: De server zegt: Verkeerde gebruikersnaam of wachtwoord. Log in met de naam van je account "
        "als gebruiker en het wachtwoord ervan, of met de SSH-sleutel ervan.\n",
    )
    assert (dora_code, dora_text) == (
        2,
        "a11y-dominion: The server says: There is no account named Dora here yet; make it with ssh first, then join "
        f"plays here: ssh -p {port} Dora@127.0.0.1.\n",
    )
    con = sqlite3.connect(tmp_path / "server" / "server.sqlite3")
    names = [row[0] for row in con.execute("SELECT name FROM accounts ORDER BY name")]
    con.close()
    assert names == ["Ann"]


def test_a_first_visit_refused_before_any_password_shows_the_fingerprint_it_keeps(tmp_path):
    # Bea, with a fresh home and no account yet: the fingerprint is said before the refusal, and
    # her next visit is told it is the one kept
    with sp.served(tmp_path) as server:
        first_code, first_text = ended(join_child(tmp_path, server, "Bea", tmp_path / "first.log"))
        kept = sorted((tmp_path / "player-home").rglob("known_hosts"))
        again_code, again_text = ended(join_child(tmp_path, server, "Bea", tmp_path / "again.log"))
        server.stopped()
    port = server.port
    refused = (
        "a11y-dominion: The server says: There is no account named Bea here yet; make it with ssh first, then join "
        f"plays here: ssh -p {port} Bea@127.0.0.1.\n"
    )
    said = re.fullmatch(
        rf"First visit to 127\.0\.0\.1 port {port}: its host key, (SHA256:[A-Za-z0-9+/]{{43}}), is kept for your next "
        rf"visits\.\n{re.escape(refused)}",
        first_text,
    )
    assert (first_code, said is not None) == (2, True), first_text
    assert len(kept) == 1 and kept[0].read_text().count("\n") == 1
    assert (again_code, again_text) == (2, refused)


def test_ctrl_c_at_the_password_s_question_ends_the_login_with_one_sentence(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Cid", PASSWORD, tmp_path / "cid-signup.log"))
        cid = join_child(tmp_path, server, "Cid", tmp_path / "cid.log")
        again = join_child(tmp_path, server, "Cid", tmp_path / "again.log")
        try:
            cid.expect(rb"Password of Cid at 127\.0\.0\.1: ")
            cid.sendintr()  # Ctrl+C, as the terminal sends it
            code, text = ended(cid)
            again.expect(rb"Password of Cid at 127\.0\.0\.1: ")
            again.sendeof()  # Ctrl+D: the same sentence
            again_code, again_text = ended(again)
        finally:
            sp.close(cid)
            sp.close(again)
        server.stopped()
    ended_so = "Password of Cid at 127.0.0.1: \na11y-dominion: No password was given.\n"
    assert code == 2 and text.endswith(ended_so), text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert (again_code, again_text.split("\n", 1)[1]) == (2, ended_so)


def test_join_speaks_the_account_s_language_unless_lang_is_given(tmp_path):
    # Bea's account is in Dutch: join, with no --lang, greets her and answers in Dutch from its first
    # line; with --lang en, that session is in English
    with sp.served(tmp_path) as server:
        signup = sp.signup_password(server, "Bea", PASSWORD, tmp_path / "bea-signup.log")
        try:
            sp.lobby_line(signup, "settings nl", rb"Nederlands")
        finally:
            sp.close(signup)
        secret = password_file(tmp_path, PASSWORD)
        bea = join_child(tmp_path, server, "Bea", tmp_path / "bea.log", "--password-file", secret, lang=None)
        try:
            bea.expect(rb"Welkom terug, Bea\. Typ help voor de commando's van de lobby\.")
            sp.lobby_line(bea, "quit", rb"Uitloggen\? ja of nee")
            bea.sendline(b"ja")
            code, text = ended(bea)
        finally:
            sp.close(bea)
        english = join_child(tmp_path, server, "Bea", tmp_path / "english.log", "--password-file", secret)
        english_code, english_text = welcomed_and_logged_out(english, "Bea")
        server.stopped()
    port = server.port
    lines = text.splitlines()
    assert code == 0, text
    assert lines[0].startswith(f"Eerste bezoek aan 127.0.0.1 poort {port}: de hostsleutel, SHA256:"), text
    assert lines[1] == f"Verbonden met 127.0.0.1 poort {port} als Bea.", text
    assert "Welcome" not in text and "Joined" not in text
    assert english_code == 0 and f"Joined 127.0.0.1 port {port} as Bea." in english_text, english_text
    assert "Verbonden" not in english_text and "Welkom" not in english_text


def test_a_long_say_in_the_lobby_through_join_is_told_cut_once(tmp_path):
    with sp.served(tmp_path) as server:
        ann = signed_up_join(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(ann, "say " + "b" * 500, rb"Nobody else is in the lobby to hear it\.")
            sp.log_out(ann)
            code, text = ended(ann)
        finally:
            sp.close(ann)
        server.stopped()
    assert code == 0, text
    assert f"Ann says: {'b' * 300}\nOnly the first 300 characters were said.\n" in text, text
    assert text.count("Only the first 300 characters were said.") == 1


def test_join_s_login_is_one_connection(tmp_path):
    # two connections a minute from one address: the sign-up's ssh and join's one login; a third is refused
    with sp.served(tmp_path, "[limits]\nconnections_per_minute_per_address = 2\n") as server:
        ann = signed_up_join(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(ann, "who", rb"1 person here: Ann in the lobby\.")
            third = join_child(
                tmp_path, server, "Ann", tmp_path / "third.log", "--password-file", password_file(tmp_path, PASSWORD)
            )
            third_code, third_text = ended(third)
        finally:
            sp.close(ann)
        server.stopped()
    assert third_code == 2 and "Welcome" not in third_text, third_text  # the limit counts: this one is past it


def as_ann(server, **options):
    """An asyncssh connection to ``server`` as Ann with her password, nothing of this
    computer's SSH setup read (``options``: asyncssh's, such as ``client_version``)."""
    import asyncssh

    return asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="Ann",
        password=PASSWORD,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        config=None,
        **options,
    )


def test_an_older_join_hears_one_sentence_and_no_lobby(tmp_path):

    async def older() -> list:
        async with as_ann(server) as conn:  # asyncssh's own version line, as an older join sends
            result = await conn.run("seat-protocol", env={"A11Y_DOMINION_LANG": "en"}, timeout=TIMEOUT)
        return [json.loads(line) for line in str(result.stdout).splitlines()]

    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        got = asyncio.run(older())
        server.stopped()
    assert [m["type"] for m in got] == ["hello", "error"]
    assert got[1]["error"] == "seat-taken"
    assert got[1]["text"] == (
        f"This server needs a newer a11y-dominion join; update it, or log in with ssh: ssh -p {server.port} "
        "Ann@127.0.0.1."
    )


def test_the_server_answers_each_bad_message_of_a_join_session_with_one_error(tmp_path):

    async def session() -> list:
        # join's version line: the lobby over the seat protocol
        async with as_ann(server, client_version="a11y_dominion_join_0") as conn:
            process = await conn.create_process("seat-protocol", env={"A11Y_DOMINION_LANG": "en"})
            got: list = []

            async def until(count: int) -> None:
                while len(got) < count:
                    try:
                        line = await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
                    except asyncio.TimeoutError:
                        raise AssertionError(got) from None
                    assert line, got
                    got.append(json.loads(line))

            await until(4)  # the session's settings, hello, the welcome and who is here
            sent = [
                "not json",
                '{"type": "answer", "keys": []}',
                '{"type": "sit-down"}',
                '{"type": "lobby"}',
                '{"type": "settings", "language": "xx"}',
                '{"type": "settings", "language": "nl", "verbosity": "terse"}',
                '{"type": "settings", "language": "nl"}',  # (answered by nothing: the lobby's words now Dutch)
                '{"type": "lobby", "text": "who\\u001b[2J"}',
                "x" * (70 * 1024),
                "[" * 40 + "]" * 40,
            ]
            # at once, with a flood after them: 20 messages a second are read, the first past it said
            process.stdin.write("".join(line + "\n" for line in sent) + "nonsense\n" * 30)
            await until(4 + len(sent) - 1 + 12)
            return got

    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        got = asyncio.run(session())
        printed = server.stopped()
    settings, hello, welcome, here, *answers = got
    assert settings == {"type": "settings", "language": "en", "verbosity": "normal"}  # (as the program named it)
    assert hello == {
        "type": "hello",
        "protocol": 2,
        "seat": "Ann",
        "players": [],
        "people": [],
        "lobby": True,
        "server": "Dominion",
    }
    assert (welcome["text"], here["text"]) == (
        "Welcome back, Ann. Type help for the lobby's commands.",
        "Dominion: 1 person here.",
    )
    said = [a.get("error") or a["text"] for a in answers]
    assert said[:9] == [
        "bad-json",
        "not-seated",
        "unknown-lobby-type",
        "bad-lobby",
        "bad-settings",
        "bad-settings",
        "1 persoon hier: Ann in de lobby.",  # the escape sequence dropped whole
        "too-long",
        "too-deep",
    ]
    # 20 messages a second (the line of who is a typed line, counted as one): 11 of the flood, the next told once
    assert said[9:] == ["bad-json"] * 11 + ["too-fast"]
    assert "Traceback" not in printed


def test_join_logs_in_with_the_account_s_ssh_key_and_asks_no_password(tmp_path):
    ssh_folder = tmp_path / "player-home" / ".ssh"
    ssh_folder.mkdir(parents=True)
    key = sp.make_key(ssh_folder, "id_ed25519")  # where ssh, and join, look for the player's key
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_key(server, "Ann", key, tmp_path / "ann-signup.log"))
        code, text = welcomed_and_logged_out(join_child(tmp_path, server, "Ann", tmp_path / "ann.log"))
        server.stopped()
    assert code == 0 and "Password" not in text, text


@contextlib.contextmanager
def ssh_agent(tmp_path: Path, key: Path) -> Iterator[str]:
    """A real ``ssh-agent`` on a socket of its own holding ``key`` (added with ``ssh-add``), until
    the block ends (then ended by its process number); yields the socket's path."""
    sock = str(tmp_path / "agent.sock")
    started = subprocess.run(["ssh-agent", "-s", "-a", sock], capture_output=True, text=True, check=True)
    pid = int(re.search(r"SSH_AGENT_PID=(\d+)", started.stdout).group(1))  # type: ignore[union-attr]
    try:
        subprocess.run(["ssh-add", "-q", str(key)], env=dict(os.environ, SSH_AUTH_SOCK=sock), check=True)
        yield sock
    finally:
        os.kill(pid, signal.SIGTERM)


@pytest.mark.skipif(shutil.which("ssh-agent") is None, reason="needs OpenSSH's ssh-agent")
def test_join_logs_in_with_a_key_the_ssh_agent_holds_and_asks_no_password(tmp_path):
    key = sp.make_key(tmp_path, "agent_key")  # (not in the player's .ssh folder: only the agent has it)
    with sp.served(tmp_path) as server, ssh_agent(tmp_path, key) as sock:
        sp.close(sp.signup_key(server, "Ann", key, tmp_path / "ann-signup.log"))
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log", env={"SSH_AUTH_SOCK": sock})
        code, text = welcomed_and_logged_out(ann)
        server.stopped()
    assert code == 0 and "Password" not in text and "Passphrase" not in text, text


def locked_key_account(tmp_path: Path, server: sp.Served) -> Path:
    """The account Ann, made with :data:`PASSWORD`, whose key is also the player's own
    ``.ssh/id_ed25519``, locked with the passphrase "open sesame"."""
    ssh_folder = tmp_path / "player-home" / ".ssh"
    ssh_folder.mkdir(parents=True)
    key = ssh_folder / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "open sesame", "-f", str(key)], check=True)
    ann = sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log")
    try:
        public = key.with_suffix(".pub").read_text().strip()
        sp.lobby_line(ann, f"account key add {public}", rb"The key SHA256:\S+ logs in to your account now\.")
    finally:
        sp.close(ann)
    return key


def test_join_asks_the_passphrase_of_a_locked_key_once_and_logs_in_with_it(tmp_path):
    with sp.served(tmp_path) as server:
        key = locked_key_account(tmp_path, server)
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log")
        try:
            ann.expect(
                rb"First visit to 127\.0\.0\.1 port \d+: its host key, SHA256:\S+, is kept for your next visits\.\r?\n"
                + b"Passphrase of your SSH key "
                + re.escape(str(key).encode())
                + b": "
            )
            ann.sendline(b"open sesame")
            ann.expect(rb"Welcome back, Ann\.")
            sp.log_out(ann)
            code, text = ended(ann)
        finally:
            sp.close(ann)
        server.stopped()
    assert code == 0, text
    assert text.count("Passphrase of your SSH key") == 1 and "Password" not in text and "open sesame" not in text


def test_a_wrong_passphrase_is_said_once_and_the_password_is_asked(tmp_path):
    with sp.served(tmp_path) as server:
        key = locked_key_account(tmp_path, server)
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log")
        try:
            ann.expect(b"Passphrase of your SSH key ")
            ann.sendline(b"not it")
            ann.expect(
                b"That passphrase does not open "
                + re.escape(str(key).encode())
                + rb"\.\r?\nPassword of Ann at 127\.0\.0\.1: "
            )
            ann.sendline(PASSWORD.encode())
            ann.expect(rb"Welcome back, Ann\.")
        finally:
            sp.close(ann)
        text = rp.received_text((tmp_path / "ann.log").read_bytes())
        server.stopped()
    assert text.count("Passphrase of your SSH key") == 1 and text.count("Password of Ann") == 1
    assert "not it" not in text and PASSWORD not in text


def test_a_language_set_at_a_table_through_join_is_the_one_the_lobby_answers_in(tmp_path):
    # as at an ssh seat (test_server_lobby_words_e2e): the session's language, not the account's
    with sp.served(tmp_path) as server:
        ann = signed_up_join(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.")
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            sp.lobby_line(ann, "who Ann", rb"Ann is at table 1\.")
            sp.lobby_line(ann, "settings set language nl", rb"Taal is nu Nederlands\.")
            sp.lobby_line(ann, "wie Ann", rb"Ann zit aan tafel 1\.")
            sp.lobby_line(ann, "weg", rb"Het spel aan tafel 1 verlaten\? Het wacht op je")
            sp.lobby_line(ann, "ja", rb"Je hebt het spel aan tafel 1 verlaten; zit 1 brengt je terug\.")
            sp.lobby_line(ann, "tell nobody hi", rb"Er is niemand met de naam nobody ingelogd\.")
            sp.lobby_line(ann, "stoppen", rb"Uitloggen\? ja of nee")
            ann.sendline(b"ja")
            code, text = ended(ann)
        finally:
            sp.close(ann)
        server.stopped()
    assert code == 0, text
    assert "Nobody named" not in text and "Traceback" not in text
    con = sqlite3.connect(tmp_path / "server" / "server.sqlite3")
    kept = [json.loads(row[0]) for row in con.execute("SELECT settings FROM accounts WHERE name = 'Ann'")]
    con.close()
    assert kept[0].get("language", "en") == "en"  # the account's own settings stay as they were


@pytest.mark.parametrize("at_table", [False, True])
def test_a_clean_stop_of_the_server_ends_join_with_its_one_sentence_and_exit_code_0(tmp_path, at_table):
    """The server stops (SIGTERM) while Ann is in the lobby, or at her table's game: join says the
    server's sentence, once, nothing after it, and ends with exit code 0."""
    with sp.served(tmp_path) as server:
        ann = signed_up_join(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            if at_table:
                sp.lobby_line(ann, "new players 1 bots bigmoney seed 5", rb"New game for Ann and Bot 1\.")
                ann.expect(rb"Ann> ")
                said = "The server stops; your game at table 1 is kept: after the restart, log in and type sit 1."
            else:
                sp.lobby_line(ann, "who", rb"1 person here: Ann in the lobby\.")
                said = "The server stops; goodbye."
            server.stopped()
            code, text = ended(ann)
        finally:
            sp.close(ann)
    after = text[text.index(said) + len(said) :]
    assert text.count(said) == 1 and after.strip() in ("", "Ann>", ">"), after
    assert code == 0, text[-600:]
