"""``a11y-dominion join`` against the server, where it cannot play yet: the server names itself in
its SSH version line, and join says in one sentence, in the player's language, to log in with
ssh, before any password is asked, and ends with exit code 2; a name without an account makes
none."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import pytest

import serverplay as sp
from remoteplay import ROOT

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client in a pseudo-terminal

PASSWORD = "correct horse battery"


def join(tmp_path, port: int, user: str, *more: str) -> tuple[int, str]:
    """``a11y-dominion join 127.0.0.1`` as ``user`` with :data:`PASSWORD`: (exit code, all it printed)."""
    secret = tmp_path / "password"
    secret.write_text(PASSWORD + "\n")
    command = [sys.executable, "-m", "a11y_dominion", "join", "127.0.0.1", "--port", str(port), "--user", user]
    command += ["--password-file", str(secret), "--speech", "off", *more]
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(ROOT))
    # the player's keyboard stays open (at the end of its input, join would leave the game)
    proc = subprocess.Popen(
        command,
        cwd=str(ROOT),
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        code = proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()  # type: ignore[union-attr]
    printed = proc.stdout.read()  # type: ignore[union-attr]
    proc.stdout.close()  # type: ignore[union-attr]
    return code, printed


def test_join_hears_in_one_sentence_to_log_in_with_ssh_and_ends_with_exit_code_2(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Zed", PASSWORD, tmp_path / "zed.bytes"))
        port = server.port
        zed = join(tmp_path, port, "Zed")
        dora = join(tmp_path, port, "Dora")
        dutch = join(tmp_path, port, "Zed", "--lang", "nl")
        server.stopped()
    sentence = (
        "This is a game server, where join cannot play yet; log in with ssh to play here: "
        "ssh -p {port} {name}@127.0.0.1."
    )
    assert zed[0] == 2 and sentence.format(port=port, name="Zed") in zed[1], zed
    assert dora[0] == 2 and sentence.format(port=port, name="Dora") in dora[1], dora
    assert dutch[0] == 2, dutch
    assert (
        f"Dit is een spelserver, waar join nog niet kan spelen; log in met ssh om hier te spelen: ssh -p {port} "
        "Zed@127.0.0.1."
    ) in dutch[1]
    for _code, printed in (zed, dora, dutch):
        assert "cannot read" not in printed and "ended the session" not in printed and "left the game" not in printed
        assert "Traceback" not in printed
    con = sqlite3.connect(tmp_path / "server" / "server.sqlite3")
    names = [row[0] for row in con.execute("SELECT name FROM accounts ORDER BY name")]
    con.close()
    assert names == ["Zed"]  # join made no account for Dora


def test_join_at_a_terminal_hears_the_server_s_sentence_first_and_no_password_is_asked(tmp_path):
    import pexpect

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(ROOT))
    with sp.served(tmp_path) as server:
        said = {}
        for lang in ("en", "nl"):
            command = ["-m", "a11y_dominion", "join", "127.0.0.1", "--port", str(server.port), "--user", "Ann"]
            child = pexpect.spawn(sys.executable, [*command, "--speech", "off", "--lang", lang], env=env, timeout=60)
            child.expect(pexpect.EOF)
            child.close()
            said[lang] = (child.exitstatus, child.before.decode())
        server.stopped()
    port = server.port
    assert said["en"] == (
        2,
        "a11y-dominion: This is a game server, where join cannot play yet; log in with ssh to play here: "
        f"ssh -p {port} Ann@127.0.0.1.\r\n",
    )
    assert said["nl"] == (
        2,
        "a11y-dominion: Dit is een spelserver, waar join nog niet kan spelen; log in met ssh om hier te spelen: "
        f"ssh -p {port} Ann@127.0.0.1.\r\n",
    )
