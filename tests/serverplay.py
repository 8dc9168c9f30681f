"""Helpers for tests of ``a11y-dominion server`` with the real OpenSSH client.

- :func:`served` runs the server as a subprocess with its own data folder on a free
  loopback port, and yields a :class:`Served` once its ready file is written;
- :func:`make_key` makes an ed25519 key with ``ssh-keygen``;
- :func:`login` starts ``ssh`` for a name (with a key, or ready for a password), every
  received byte logged to a file;
- :func:`signup_key` and :func:`signup_password` make an account through the sign-up
  dialogue and leave the session in the lobby;
- :func:`lobby_line` types a line and waits for a line of the answer;
- :func:`play_at_table` plays Big Money at a table's seats to the game's end.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest

from remoteplay import CLIENT_OPTIONS, PROGRAM, ROOT, TIMEOUT, key_options

SERVER_E2E = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
        reason="needs the OpenSSH client and asyncssh",
    ),
]
"""The marks of a test module that runs the server and logs in with the real OpenSSH client,
beside ``pytest.mark.posix``, which each such module writes itself (tests/test_suite_portable.py
reads it there)."""

ENGLISH_NORMAL = ["-o", "SetEnv=A11Y_DOMINION_LANG=en A11Y_DOMINION_VERBOSITY=normal"]


@dataclass
class Served:
    """A running server: its ``data`` folder, ``host`` and ``port``, and ``proc``."""

    data: Path
    host: str
    port: int
    proc: subprocess.Popen

    def stopped(self) -> str:
        """Stop the server (SIGTERM) and wait for it; what it printed, which holds no traceback."""
        self.proc.terminate()
        self.proc.wait(30)
        printed = self.proc.stdout.read()  # type: ignore[union-attr]
        assert "Traceback" not in printed, printed
        return printed

    def killed(self) -> str:
        """Kill the server with SIGKILL (``kill -9``: nothing of it runs after) and wait for it;
        what it printed, which holds no traceback."""
        self.proc.kill()
        self.proc.wait(30)
        printed = self.proc.stdout.read()  # type: ignore[union-attr]
        assert "Traceback" not in printed, printed
        return printed


@contextlib.contextmanager
def served(tmp_path: Path, toml: str = "", database: str | None = None) -> Iterator[Served]:
    """``a11y-dominion server`` with the data folder ``tmp_path/server`` (its ``server.toml``
    is ``toml`` when given) on a free loopback port, until the block ends. The folder may be
    one a server used before (a restart). ``database``: its ``--database`` (None: the
    folder's SQLite file)."""
    data = tmp_path / "server"
    data.mkdir(exist_ok=True)
    if toml:
        (data / "server.toml").write_text(toml, encoding="utf-8")
    ready = tmp_path / "ready.json"
    ready.unlink(missing_ok=True)  # (a server before this one wrote it)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = list(PROGRAM) + ["server", "--data", str(data), "--port", "0", "--ready-file", str(ready)]
    command += ["--database", database] if database else []
    proc = subprocess.Popen(
        command, cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert proc.poll() is None, proc.stdout.read()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the server does not listen"
            time.sleep(0.05)
        info = json.loads(ready.read_text())
        yield Served(data, info["host"], info["port"], proc)
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(30)
        proc.stdout.close()  # type: ignore[union-attr]


def make_key(tmp_path: Path, name: str) -> Path:
    """A new ed25519 key pair without a passphrase, ``tmp_path/name`` (and ``.pub``)."""
    path = tmp_path / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


def login(
    server: Served,
    user: str,
    log_path: Path,
    key: Path | None = None,
    options: list | None = None,
    password: str | None = None,
):
    """``ssh`` as ``user`` to ``server`` (with ``key`` alone, else by password: ``password`` is
    typed at the password question when given), in English at normal verbosity (``options``:
    other client options instead); every received byte goes to ``log_path``. A bytes-mode
    pexpect child."""
    args = [("LogLevel=INFO" if a == "LogLevel=ERROR" else a) for a in CLIENT_OPTIONS]  # banners shown
    args += ENGLISH_NORMAL if options is None else list(options)
    if key is not None:
        args = _without(args, "PubkeyAuthentication=no") + key_options(key)
    args += ["-t", "-p", str(server.port), f"{user}@{server.host}"]
    child = pexpect.spawn("ssh", args, timeout=TIMEOUT, dimensions=(50, 200))
    child.logfile_read = open(log_path, "wb")  # noqa: SIM115 - closed by close
    if password is not None:
        child.expect(b"assword:")
        child.sendline(password.encode())
    return child


def _without(args: list, option: str) -> list:
    """``args`` without the ``-o option`` pair."""
    out: list = []
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == "-o" and i + 1 < len(args) and args[i + 1] == option:
            skip = True
            continue
        out.append(a)
    return out


def signup_key(server: Served, user: str, key: Path, log_path: Path):
    """Make the account ``user`` with ``key`` (answering yes); the child, in the lobby."""
    child = login(server, user, log_path, key=key)
    child.expect(rb"\? yes or no")
    child.sendline(b"yes")
    child.expect(rb"Type help for the lobby's commands\.")
    return child


def signup_password(server: Served, user: str, password: str, log_path: Path):
    """Make the account ``user`` with ``password`` (typed twice); the child, in the lobby."""
    child = login(server, user, log_path, password=password)
    child.expect(rb"Type it again to be sure:")
    child.sendline(password.encode())
    child.expect(rb"Type help for the lobby's commands\.")
    return child


JOIN_PROMPT = rb"(?:Lobby> \r *\r)?"
"""The lobby's prompt that ``join`` with its speech off draws after a line typed, erased for the
lines that come (a regular expression of bytes that also matches nothing: none over plain ssh
and in screen-reader mode), between two of them."""


def lobby_line(child, text: str, expect: bytes) -> None:
    """Type ``text`` in the lobby and wait for ``expect`` (a regular expression of bytes)."""
    child.sendline(text.encode())
    child.expect(expect)


def log_out(child) -> None:
    """Type ``quit`` in the lobby, wait for "Log out? yes or no" and answer yes."""
    lobby_line(child, "quit", rb"Log out\? yes or no")
    child.sendline(b"yes")


def close(child) -> None:
    """End the ssh client (when still running) and close its byte log."""
    if child.isalive():
        child.terminate(force=True)
    log = child.logfile_read
    if log is not None and not log.closed:
        log.close()


AFTER_GAME = "The game is over; log, repeat and score still work here, and leave goes back to the lobby."
"""What a player at a server's table, and a watcher, hears after the final scores."""


def play_at_table(
    children: dict, over: bytes = rb"you are (?:back )?in the lobby\.", most: int | None = None, leave: bool = True
) -> dict:
    """Play Big Money (:class:`remoteplay.BigMoney`) for every seat of ``children`` (name -> child
    at a started table's seat) until each has heard "Game over." and ``over`` (the line that
    sends it back to the lobby; with ``leave``, each types ``leave`` once it heard
    :data:`AFTER_GAME`), or, with ``most``, until that many lines were typed and the
    next question's prompt shows at a seat; returns name -> the plain text it received since
    the table started (with ``most``: since its last line typed). Each seat's line is
    :func:`remoteplay.table_move`'s, as the load benchmark's: a question inside a card, such as
    the discard a bot's Legionary asks, gets :func:`remoteplay.card_answer`; when its line on
    how to answer is not in what the seat heard (asked that way before), the seat types
    ``options`` first, which says the question again with every option. Raises
    AssertionError when the server goes quiet for :data:`TIMEOUT` seconds."""
    import select

    from remoteplay import BigMoney, prompt_ends, received_text, table_move

    raw = {name: bytearray(child.buffer) for name, child in children.items()}
    for child in children.values():
        child.buffer = b""
    mark = {name: 0 for name in children}
    big_money = BigMoney()  # each seat's figures, kept from one answer to the next (the prompt says what changed)
    last: dict = {}  # name -> the line it typed last
    done: set = set()
    left: set = set()  # the seats that typed leave after the final scores
    moves = 0
    while len(done) < len(children):
        for name, child in children.items():
            if name in done:
                continue
            screen = received_text(bytes(raw[name][mark[name] :]))
            whole = received_text(bytes(raw[name]))
            if re.search(r"^Game over\.$", whole, re.M):
                if re.search(over.decode(), whole):
                    done.add(name)
                elif leave and name not in left and AFTER_GAME in whole:
                    left.add(name)
                    child.sendline(b"leave")
                continue
            if not prompt_ends(screen, name):
                continue
            if most is not None and moves >= most:
                return {n: received_text(bytes(raw[n][mark[n] :])) for n in children}
            move = table_move(screen, name, big_money, last.get(name))
            if move is None:
                continue
            last[name] = move
            mark[name] = len(raw[name])
            child.sendline(move.encode())
            moves += 1
            assert moves < 3000, "the game does not end"
        live = {child.child_fd: name for name, child in children.items() if name not in done}
        if not live:
            break
        ready, _, _ = select.select(list(live), [], [], TIMEOUT)
        assert ready, "nothing comes from the server: " + repr(
            {n: received_text(bytes(raw[n]))[-600:] for n in live.values()}
        )
        for fd in ready:
            name = live[fd]
            try:
                raw[name] += children[name].read_nonblocking(65536, timeout=0)
            except pexpect.TIMEOUT:
                continue
    return {name: received_text(bytes(raw[name])) for name in children}
