"""Helpers for the tests of a remote seat's terminal over SSH: the host as a
subprocess (as tests/test_remote.py starts it) and the real OpenSSH client
through pexpect, with every byte a seat received kept."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect

from remoteplay import CLIENT_OPTIONS, ENGLISH

ROOT = Path(__file__).resolve().parent.parent
SGR = re.compile(r"\x1b\[[0-9;]*m")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07|\x08")
SSH_OPTIONS = CLIENT_OPTIONS  # the language is given per login (ENGLISH), or asked


def host_command(players: str) -> list:
    exe = shutil.which("a11y-dominion")
    args = ["host", "--players", players, "--seed", "1", "--port", "0", "--after-game", "0"]
    return [exe] + args if exe else [sys.executable, "-m", "a11y_dominion"] + args


class Host:
    """The host subprocess: ``data`` (the seats file), ``proc``; :meth:`output` reads what it printed."""

    def __init__(self, tmp_path: Path, players: str):
        self.seats_file = tmp_path / "seats.json"
        self.log = tmp_path / "host.log"
        env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
        self._log = open(self.log, "w", encoding="utf-8")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            host_command(players) + ["--seats-file", str(self.seats_file)],
            cwd=str(ROOT),
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60  # only a host that hangs takes this long
        while not self.seats_file.exists():
            assert self.proc.poll() is None, self.output()
            assert time.monotonic() < deadline, "the host does not listen"
            time.sleep(0.05)
        self.data = json.loads(self.seats_file.read_text())

    def output(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log.read_text(encoding="utf-8")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(10)
        self._log.close()


def hosting(tmp_path, players: str = "Ann:remote,Bea:remote,Bot:bigmoney"):
    """A fixture's body: the host of ``players`` (Ann and Bea remote and a Big Money bot),
    stopped afterwards; its screen shows no traceback."""
    h = Host(tmp_path, players)
    try:
        yield h
    finally:
        h.stop()
        assert "Traceback" not in h.output(), h.output()


def login(host: Host, user: str, options: tuple = ENGLISH, command: tuple = (), env: dict | None = None):
    """``user`` logged in with the real ssh client and the password from the seats file
    (``options``: more ssh options; English chosen by SetEnv unless told otherwise)."""
    data = host.data
    child = pexpect.spawn(
        "ssh",
        SSH_OPTIONS + list(options) + ["-p", str(data["port"]), f"{user}@{data['host']}"] + list(command),
        encoding="utf-8",
        timeout=60,  # only a hang takes this long
        dimensions=(50, 200),
        env=dict(os.environ, **(env or {})),
    )
    child.expect("assword:")
    child.sendline(data["seats"][user]["password"])
    return child


def plain(text: str) -> str:
    """``text`` without cursor moves, erasing and colours, and without carriage returns."""
    return ANSI.sub("", text).replace("\r", "")
