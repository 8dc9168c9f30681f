"""A connection that breaks after the final scores is waited for up to ``--after-game``, as one
that broke before the end: Ann logs in again after the game, her ``ssh`` client is killed, and
the host says she left and whom it waits for, and lets her in once more. The real host and
OpenSSH client."""

from __future__ import annotations

import importlib.util
import shutil

import pytest

pytest.importorskip("pexpect")

import pexpect  # noqa: E402

import remoteplay as rp  # noqa: E402

pytestmark = [
    pytest.mark.e2e,  # the real host and ssh in other processes
    pytest.mark.skipif(
        shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
        reason="needs the OpenSSH client ssh and asyncssh",
    ),
]

WAITS = "The host waits up to 10 minutes for Ann to come back; Ctrl+C ends the wait now."


def host_lines_until(host: rp.Host, wanted: str) -> list:
    """The host's lines up to and with ``wanted`` (the test fails when the host ends first)."""
    lines = []
    while True:
        line = host.proc.stdout.readline()
        assert line, f"the host ended before {wanted!r}: {lines}"
        lines.append(line.rstrip("\n"))
        if lines[-1] == wanted:
            return lines


def login(host: rp.Host):
    child = pexpect.spawn(
        "ssh",
        rp.SSH_OPTIONS + ["-p", str(host.data["port"]), f"Ann@{host.data['host']}"],
        encoding="utf-8",
        timeout=rp.TIMEOUT,
        dimensions=(50, 200),
    )
    child.expect("assword:")
    child.sendline(host.data["seats"]["Ann"]["password"])
    return child


@pytest.mark.posix
def test_a_connection_broken_after_the_game_is_waited_for(tmp_path):
    with rp.hosted(tmp_path, "Ann:remote,Bot:bigmoney", 1, ("--after-game", "600", "--bot-after", "0")) as host:
        ann = login(host)
        try:
            ann.expect("Welcome, Ann.")
            ann.kill(9)  # her connection breaks: the medium bot plays for her to the end
            host_lines_until(host, WAITS)
            ann = login(host)
            ann.expect("Welcome back, Ann. The game is over.")
            host_lines_until(host, "Ann is back.")
            ann.kill(9)  # broken again, after the game
            assert host_lines_until(host, WAITS)[-2:] == ["Ann has left.", WAITS]
            ann = login(host)  # the host still waits for her
            ann.expect("Welcome back, Ann. The game is over.")
            host_lines_until(host, "Ann is back.")
            ann.sendline("quit")  # after the game: at once
            ann.expect("You left; goodbye.")
            ann.expect(pexpect.EOF)
            after = host_lines_until(host, "The host stops waiting: every remote player has left.")
            assert after[-2:] == ["Ann has left.", "The host stops waiting: every remote player has left."]
            code, _printed = host.finish()
            assert code == 0
        finally:
            if ann.isalive():
                ann.kill(9)
