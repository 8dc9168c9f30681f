"""First contact: the README's commands on a system Python that refuses
installs, and a reader that goes away early.

``install.py`` is run with Debian's own ``/usr/bin/python3`` (externally
managed, PEP 668) into a fresh virtual environment, once through the path
where Python has no ensurepip (Debian without ``python3-venv``); the game
it installs then runs and can reach Debian's ``python3-speechd``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEBIAN_PYTHON = Path("/usr/bin/python3")


def game_command() -> list:
    exe = shutil.which("a11y-dominion")
    return [exe] if exe else [sys.executable, "-m", "a11y_dominion"]


def externally_managed(python: Path) -> bool:
    if not python.exists():
        return False
    stdlib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return (Path(stdlib) / "EXTERNALLY-MANAGED").exists()


needs_debian_python = pytest.mark.skipif(
    not externally_managed(DEBIAN_PYTHON), reason="needs an externally managed /usr/bin/python3 (Debian)"
)


@pytest.mark.e2e
@needs_debian_python
def test_install_py_plays_with_debians_own_python_without_ensurepip(tmp_path):
    venv = tmp_path / "venv"
    env = dict(os.environ, A11Y_DOMINION_VENV=str(venv), A11Y_DOMINION_NO_ENSUREPIP="1")
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    first = subprocess.run(
        [str(DEBIAN_PYTHON), str(ROOT / "install.py"), "--play", "cards"],
        cwd=str(tmp_path),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    assert first.stderr.splitlines()[:2] == [
        f"a11y-dominion: making a virtual environment for the game in {venv} (once).",
        "a11y-dominion: installing the game and what it needs (a minute the first time).",
    ]
    assert "Copper (Koper), Treasure, costs 0 coins: Treasure worth 1 coin." in first.stdout.splitlines()
    again = subprocess.run(
        [str(DEBIAN_PYTHON), str(ROOT / "install.py"), "--play", "cards"],
        cwd=str(tmp_path),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0
    assert again.stdout.splitlines()[0] == "Copper (Koper), Treasure, costs 0 coins: Treasure worth 1 coin."
    python = venv / "bin" / "python"
    assert (venv / "bin" / "a11y-dominion").exists()
    if Path("/usr/lib/python3/dist-packages/speechd").exists():
        found = subprocess.run([str(python), "-c", "import speechd"], capture_output=True, text=True)
        assert found.returncode == 0, found.stderr


@pytest.mark.e2e  # python in another process
def test_install_py_refuses_an_unknown_option_in_one_sentence():
    got = subprocess.run(
        [sys.executable, str(ROOT / "install.py"), "--plya"], capture_output=True, text=True, timeout=60
    )
    assert got.returncode == 2
    assert got.stderr == (
        "a11y-dominion: --plya is not an option here; use --play or --test (see python3 install.py --help).\n"
    )


@pytest.mark.e2e  # python in another process
def test_install_py_uses_an_active_virtual_environment(tmp_path):
    """In a virtual environment (as this suite runs in, or not), --test-python names the Python that has the tools."""
    if sys.prefix == sys.base_prefix:
        pytest.skip("the suite does not run in a virtual environment")
    got = subprocess.run(
        [sys.executable, str(ROOT / "install.py"), "--test-python"], capture_output=True, text=True, timeout=600
    )
    assert got.returncode == 0
    assert Path(got.stdout.strip()) == Path(sys.executable)


@pytest.mark.e2e
def test_a_reader_that_goes_away_ends_the_game_at_once():
    """Output piped into ``head``: when the pipe closes, the program ends (it used to
    restore the game after the write failed, for ever, at full speed)."""
    for _ in range(10):
        proc = subprocess.Popen(
            game_command() + ["--speech", "off", "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=str(ROOT),
        )
        assert proc.stdout is not None and proc.stdin is not None
        proc.stdin.write(b"hand\nstatus\nsupply\nquit\nyes\n")
        proc.stdin.close()
        proc.stdout.readline()
        proc.stdout.close()
        try:
            assert proc.wait(timeout=30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
