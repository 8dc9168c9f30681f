"""No library warning reaches a player's or an operator's screen, and the game's own warnings do.

asyncssh's import makes cryptography warn of DSA (``CryptographyDeprecationWarning``) on standard
error; :mod:`a11y_dominion.remote.sshlib` leaves out that category from asyncssh's modules, and
every part of the game and every benchmark imports asyncssh there alone. Each command that speaks
SSH runs here in a process of its own, with ``python -W default`` (every warning shown once) and
without: ``host`` with a ``join`` seat and an ``ssh`` seat, ``server`` with a ``join`` it refuses,
and the benchmarks that import asyncssh; standard error holds no warning.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = (sys.executable, "-m", "a11y_dominion")
WARNING = re.compile(r"\w*Warning\b")  # "CryptographyDeprecationWarning: DSA is deprecated", "ResourceWarning: ..."
FLAGS = [(), ("-W", "default")]
WAIT = 60  # seconds for a program to listen or end (only a hang takes that long)

pytestmark = pytest.mark.e2e  # each test but the first runs the game's programs, and some ssh


def asyncssh_imports(path: Path) -> list[int]:
    """The lines of ``path`` (Python) that import asyncssh, but under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "asyncssh" for a in node.names):
            found.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "asyncssh":
            found.append(node.lineno)
    return found


def python_files() -> list[Path]:
    """The package's modules, the benchmarks and the tools written in Python."""
    tools = [p for p in (ROOT / "tools").iterdir() if p.is_file() and p.read_text(encoding="utf-8").startswith("#!")]
    scripts = [p for p in tools if "python" in p.read_text(encoding="utf-8").splitlines()[0]]
    return sorted((ROOT / "a11y_dominion").rglob("*.py")) + sorted((ROOT / "benchmarks").glob("*.py")) + scripts


def test_asyncssh_is_imported_in_one_place():
    found = {str(p.relative_to(ROOT)): lines for p in python_files() if (lines := asyncssh_imports(p))}
    assert found == {str(Path("a11y_dominion/remote/sshlib.py")): [24]}


def test_the_filter_leaves_the_game_s_own_warnings_and_other_libraries_alone():
    """The same category warned from the game's own code, and any other warning, are shown."""
    code = (
        "import warnings\n"
        "from a11y_dominion.remote.sshlib import asyncssh\n"
        "from cryptography.utils import CryptographyDeprecationWarning\n"
        "warnings.warn('our own', CryptographyDeprecationWarning)\n"
        "warnings.warn('a deprecation', DeprecationWarning)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", code], cwd=str(ROOT), capture_output=True, text=True, timeout=WAIT
    )
    assert done.returncode == 0, done.stderr
    said = WARNING.findall(done.stderr)
    assert said == ["CryptographyDeprecationWarning", "DeprecationWarning"], done.stderr
    assert "our own" in done.stderr and "a deprecation" in done.stderr and "DSA" not in done.stderr


def benchmarks_with_asyncssh() -> list[str]:
    return sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if "sshlib import asyncssh" in p.read_text())


@pytest.mark.parametrize("flags", FLAGS, ids=["plain", "W-default"])
@pytest.mark.parametrize("script", benchmarks_with_asyncssh())
def test_benchmarks_that_speak_ssh_print_no_warning(script, flags):
    done = subprocess.run(
        [sys.executable, *flags, str(ROOT / "benchmarks" / script), "--help"],
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 0 and "usage" in done.stdout, done.stderr
    assert done.stderr == ""


def test_the_benchmarks_that_speak_ssh_are_found():
    assert benchmarks_with_asyncssh() == ["remote_latency.py", "server_load.py"]


def start(command: list, env: dict, ready: Path) -> subprocess.Popen:
    """``command`` started with its own standard output and error (pipes), once ``ready`` is written."""
    proc = subprocess.Popen(
        command,
        cwd=str(ROOT),
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + WAIT
    while not ready.exists():
        if proc.poll() is not None:
            raise AssertionError(proc.communicate()[1])
        assert time.monotonic() < deadline, "the program does not listen"
        time.sleep(0.05)
    return proc


def stopped(proc: subprocess.Popen) -> tuple[str, str]:
    """Stop ``proc`` as the system stops a program (SIGTERM) and wait for it: what it wrote
    on standard output and on standard error."""
    proc.terminate()
    out, err = proc.communicate(timeout=WAIT)
    return out, err


@pytest.mark.posix
@pytest.mark.parametrize("flags", FLAGS, ids=["plain", "W-default"])
def test_host_join_and_an_ssh_seat_print_no_warning(tmp_path, flags):
    pexpect = pytest.importorskip("pexpect")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    from remoteplay import CLIENT_OPTIONS, ENGLISH

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"))  # (join's settings: the test's own)
    env.pop("PYTHONWARNINGS", None)
    seats = tmp_path / "seats.json"
    host = start(
        [sys.executable, *flags, "-m", "a11y_dominion", "host", "--players", "Ann:remote,Bot:bigmoney"]
        + ["--seed", "1", "--port", "0", "--seats-file", str(seats)],
        env,
        seats,
    )
    try:
        # join takes Ann's seat, the game starts, and its piped input ends: Ann leaves
        joined = subprocess.run(
            [sys.executable, *flags, "-m", "a11y_dominion", "join", "--seats-file", str(seats), "--user", "Ann"]
            + ["--speech", "off"],
            cwd=str(ROOT),
            env=dict(env, XDG_DATA_HOME=str(tmp_path / "player")),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
        assert "You left the game." in joined.stdout, joined.stdout[-2000:] + joined.stderr
        assert joined.stderr == ""
        # and Ann comes back at a terminal with ssh
        data = json.loads(seats.read_text())
        ssh = pexpect.spawn(
            "ssh",
            CLIENT_OPTIONS + list(ENGLISH) + ["-p", str(data["port"]), f"Ann@{data['host']}"],
            timeout=WAIT,
            encoding="utf-8",
            dimensions=(50, 200),
        )
        ssh.expect("assword:")
        ssh.sendline(data["seats"]["Ann"]["password"])
        ssh.expect(r"Welcome back, Ann\. The game goes on\.")
        ssh.sendline("status")
        ssh.expect("You have")
        ssh.terminate(force=True)
    finally:
        out, err = stopped(host)
    assert "Ann is back." in out and "Traceback" not in out, out[-2000:]
    assert err == ""


@pytest.mark.posix
@pytest.mark.parametrize("flags", FLAGS, ids=["plain", "W-default"])
def test_a_server_and_a_join_it_refuses_print_no_warning(tmp_path, flags):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    env.update(A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"))  # (join's settings: the test's own)
    env.pop("PYTHONWARNINGS", None)
    ready = tmp_path / "ready.json"
    server = start(
        [sys.executable, *flags, "-m", "a11y_dominion", "server", "--data", str(tmp_path / "server")]
        + ["--port", "0", "--ready-file", str(ready)],
        env,
        ready,
    )
    try:
        info = json.loads(ready.read_text())
        # a new name through join is refused before any password is asked: one sentence, exit 2
        joined = subprocess.run(
            [sys.executable, *flags, "-m", "a11y_dominion", "join", info["host"], "--port", str(info["port"])]
            + ["--user", "Newcomer", "--speech", "off"],
            cwd=str(ROOT),
            env=dict(env, XDG_DATA_HOME=str(tmp_path / "player")),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
        assert joined.returncode == 2, joined.stdout + joined.stderr
        # a first visit: the host key's fingerprint, then the one sentence of the refusal
        said = joined.stderr.splitlines()
        assert len(said) == 2 and said[0].startswith("First visit to "), joined.stderr
        assert said[1].startswith("a11y-dominion: "), joined.stderr
        assert not WARNING.search(joined.stderr), joined.stderr
    finally:
        out, err = stopped(server)
    assert "Traceback" not in out, out[-2000:]
    assert err == ""
