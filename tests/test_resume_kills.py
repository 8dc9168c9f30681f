"""kill -9 at random moments (seeded), then resume: the game goes on identically against
``medium``, ``hard --rollouts`` and a strategy file's bot (the shipped ``smithy``), at the
console (``resume``) and at a host (``host --resume``, the remote seat played by the bot
that stands in for its player). A few kills here; ``benchmarks/resume_kills.py`` makes 100
per bot kind and path."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import resume_kills  # noqa: E402

KILLS = 3


pytestmark = pytest.mark.e2e  # game processes killed and resumed


@pytest.mark.parametrize("kind", ["medium", "hard", "smithy"])
def test_console_game_killed_and_resumed_goes_on_identically(kind, tmp_path):
    r = resume_kills.run(kind, "console", KILLS, KILLS, rollouts=4, seed=21, tmp=tmp_path)
    assert (r["kills"], r["games"], r["identical"], r["differing"]) == (KILLS, 1, 1, [])


@pytest.mark.parametrize("kind", ["medium", "hard", "smithy"])
def test_hosted_game_killed_and_resumed_goes_on_identically(kind, tmp_path):
    pytest.importorskip("pexpect")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client (ssh) is not installed")
    r = resume_kills.run(kind, "host", KILLS, KILLS, rollouts=4, seed=21, tmp=tmp_path)
    assert (r["kills"], r["games"], r["identical"], r["differing"]) == (KILLS, 1, 1, [])
