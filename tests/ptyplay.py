"""A position game of the installed command in a pseudo-terminal, for the tests that read
the exact bytes a screen-reader player's terminal receives (tests/test_pty_drawing.py,
tests/test_pty_plain_lines.py)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time


def spawn_position(
    pexpect,
    tmp_path,
    position: dict,
    rows: int,
    columns: int,
    speech: str = "screen-reader",
    players: str = "Ann:human,Bot:bigmoney",
):
    """``a11y-dominion play --speech screen-reader --position FILE`` of ``position`` (Ann
    against a Big Money bot, or the seats ``players``) in a pseudo-terminal of ``rows`` by
    ``columns``, with its own settings and data folders below ``tmp_path``; the running
    ``pexpect`` child. Another ``speech`` mode (``off`` for plain lines and no speech, ``auto``
    for the sighted player's colours with no screen reader running) is given instead when asked."""
    f = tmp_path / "position.json"
    f.write_text(json.dumps(position), encoding="utf-8")
    args = ["play", "--speech", speech, "--position", str(f), "--players", players]
    exe = shutil.which("a11y-dominion")
    if exe is None:
        exe, args = sys.executable, ["-m", "a11y_dominion"] + args
    env = dict(os.environ, TERM="xterm", COLUMNS=str(columns), LINES=str(rows), A11Y_DOMINION_SCREEN_READER="no")
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"), A11Y_DOMINION_DATA=str(tmp_path / "data"))
    return pexpect.spawn(exe, args, env=env, timeout=60, dimensions=(rows, columns))  # only a hang takes this long


def type_keys(child, keys: bytes, then) -> bytes:
    """Type ``keys`` one at a time and wait for ``then``; the raw bytes received."""
    for k in keys:
        child.send(bytes([k]))
        time.sleep(0.02)
    child.expect(then)
    return child.before + child.after
