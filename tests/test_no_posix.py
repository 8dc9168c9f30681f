"""Nothing POSIX-only on a player's way: the game runs where Windows' modules are all there is.

Started through tests/noposix.py, which makes ``fcntl``, ``termios``, ``tty``, ``pty``,
``pwd``, ``grp``, ``resource`` and ``select.poll`` unimportable for the project's own
code (as on Windows; third-party libraries keep their own platform checks), ``play``,
``resume``, ``simulate``, ``scenario`` and ``host`` (a seat of the real OpenSSH client
and a seat of ``join``) each play a short game: exit code 0, the game's own last lines,
and no traceback or error in what they printed.

The static test reads every module of ``a11y_dominion`` (see :func:`posix_only_uses`
for the rule).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pexpect
import pytest

from astguards import ABSENCE, catches_absence, platform_test
from remoteplay import close_seat, hosted, join, join_program, received_text

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = (sys.executable, str(ROOT / "tests" / "noposix.py"))
LAST_PROVINCE = ROOT / "tests" / "scenarios" / "regressions" / "last-province-announces-the-end.json"
POSITION = ["--speech", "off", "--position", str(LAST_PROVINCE), "--players", "Ann:human,Bob:bigmoney"]
# what a traceback or an error that escaped looks like: "Traceback (most recent call last)", "ImportError: ..."
ESCAPED = re.compile(r"Traceback|\b\w+Error\b|\bblocked: not on Windows\b")


def launch(tmp_path: Path, *args: str, typed: str = "") -> tuple:
    """``a11y-dominion ARGS`` through the launcher, ``typed`` as its input, its settings and data
    below ``tmp_path``: (exit code, what it printed, standard output and error together)."""
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        A11Y_DOMINION_DATA=str(tmp_path / "data"),
        A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"),
    )
    done = subprocess.run(
        [*LAUNCHER, *args],
        cwd=str(ROOT),
        env=env,
        input=typed,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    return done.returncode, done.stdout


def clean(printed: str) -> list:
    """What in ``printed`` looks like an escaped traceback or error (a list of matches)."""
    return ESCAPED.findall(printed)


# ---------------------------------------------------------------- the launcher blocks
BLOCK_CHECK = textwrap.dedent(
    """
    import importlib, sys
    sys.path.insert(0, {tests!r})
    import noposix
    noposix.install()
    def tried(code, name):
        try:
            exec(code, {{"__name__": name}})
        except (ImportError, OSError):
            return "refused"
        return "allowed"
    for name in ("a11y_dominion.x", "asyncssh.x"):
        print(name, tried("import fcntl", name), tried("from termios import tcgetattr", name),
              tried("from select import poll", name), tried("import importlib; importlib.import_module('pwd')", name))
    import os, select
    print("select.poll", hasattr(select, "poll"))
    r, w = os.pipe()
    for name in ("a11y_dominion.x", "asyncssh.x"):
        print("select.select of a pipe", name, tried(f"import select; select.select([{{r}}], [], [], 0)", name))
    """
)


@pytest.mark.e2e  # python in another process
def test_the_launcher_blocks_posix_modules_for_the_projects_code_only():
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_CHECK.format(tests=str(ROOT / "tests"))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.splitlines() == [
        "a11y_dominion.x refused refused refused refused",
        "asyncssh.x allowed allowed refused allowed",  # select.poll is gone for everyone
        "select.poll False",
        "select.select of a pipe a11y_dominion.x refused",  # Windows' select waits on sockets only
        "select.select of a pipe asyncssh.x allowed",
    ], done.stderr


# ---------------------------------------------------------------- the commands
@pytest.mark.e2e
def test_play_and_resume_without_posix_modules(tmp_path):
    code, printed = launch(tmp_path, "play", *POSITION, typed="buy Province\nend\n")
    assert code == 0, printed
    assert "You buy Province. The Province pile is empty. The game ends after this turn." in printed
    assert printed.splitlines()[-4:] == [
        "Game over.",
        "You: 11 VP (11 from cards and 0 from VP tokens).",  # (Ann's own)
        "Bob: 3 VP (3 from cards and 0 from VP tokens).",
        "You win.",
    ]
    assert clean(printed) == []
    games = tmp_path / "data" / "games"
    assert [p.suffix for p in games.iterdir()] == [".jsonl"]  # the lock file of an ended game is gone

    # a game stopped at its first question (the input ends) is kept; resume plays it to its end
    code, printed = launch(tmp_path, "play", *POSITION)
    assert code == 1 and printed.splitlines()[-1] == "Game stopped.", printed
    assert clean(printed) == []
    code, printed = launch(tmp_path, "resume", "--speech", "off", typed="buy Province\nend\n")
    assert code == 0, printed
    assert "Resumed the game of " in printed
    assert printed.splitlines()[-1] == "You win."
    assert clean(printed) == []
    assert sorted(p.suffix for p in games.iterdir()) == [".jsonl", ".jsonl"]
    code, printed = launch(tmp_path, "games")
    assert code == 0 and len(printed.splitlines()) == 2 and clean(printed) == [], printed


@pytest.mark.e2e
def test_simulate_and_scenario_without_posix_modules(tmp_path):
    code, printed = launch(tmp_path, "simulate", "--games", "4", "--workers", "2", "--seed", "1")
    assert code == 0, printed
    assert printed.splitlines()[0].startswith("4 games in ")
    assert "Ties: 0. Average turns: 34.0. Unfinished: 0. Errors: 0." in printed
    assert clean(printed) == []
    code, printed = launch(tmp_path, "scenario", str(LAST_PROVINCE))
    assert code == 0, printed
    assert '"ok": true' in printed and "The game ends after this turn." in printed
    assert clean(printed) == []


@pytest.mark.e2e
@pytest.mark.posix
@pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client ssh is not installed")
def test_host_with_an_ssh_seat_and_a_join_seat_without_posix_modules(tmp_path):
    """Ann (ssh) and Bea (join, itself through the launcher) each play their first turn and
    leave; the medium bot plays for them at once (``--bot-after 0``) to the game's end."""
    players = "Ann:remote,Bea:remote,Bot:bigmoney"
    with hosted(tmp_path, players, seed=1, extra=("--bot-after", "0"), program=LAUNCHER) as host:
        bea = join_program(host, tmp_path, "Bea", program=LAUNCHER)
        ann = None
        try:
            bea.expect("Bea has joined; 1 seat still empty: Ann.")
            ann = join(host.data, "Ann", tmp_path / "ann.log")
            ann.expect(b"Action phase: 1 Action, 1 Buy, 0 coins.")
            ann.expect(b"Ann> ")
            ann.sendline(b"play treasures")
            ann.expect(b"You play 2 Coppers. Buy phase: 2 coins.")
            ann.expect(b"Ann> ")
            ann.sendline(b"end")
            bea.expect("Ann played 2 Coppers.")
            bea.expect("Action phase: 1 Action, 1 Buy, 0 coins.")
            bea.expect("Bea> ")
            bea.sendline("play treasures")
            bea.expect("You play 4 Coppers. Buy phase: 4 coins.")
            bea.expect("Bea> ")
            bea.sendline("end")
            ann.expect(b"Bea played 4 Coppers.")
            ann.expect(b"Ann> ")  # Ann's second turn (the bot's came between)
            ann.sendline(b"quit")
            ann.expect(b"Type yes to leave: ")
            ann.sendline(b"yes")
            ann.expect(pexpect.EOF)
            bea.expect("Bea> ")
            bea.sendline("quit")
            bea.expect("Type yes to leave: ")
            bea.sendline("yes")
            bea.expect("You left the game.")
            bea.expect(pexpect.EOF)
            bea_printed = bea.before
            assert bea.wait() == 0
        finally:
            if ann is not None:
                close_seat(ann)
            if bea.proc.poll() is None:
                bea.kill(9)
        code, printed = host.finish(60)
    assert code == 0, printed
    assert "Ann has been away for 0 seconds; the medium bot plays for Ann until Ann comes back." in printed
    assert "Bea has been away for 0 seconds; the medium bot plays for Bea until Bea comes back." in printed
    assert "Game over.\nFinal scores:\n" in printed
    assert clean(printed) == [] and clean(bea_printed) == []
    assert clean(received_text((tmp_path / "ann.log").read_bytes())) == []
    (games,) = (tmp_path / "data").rglob("games")
    assert [p.suffix for p in games.iterdir()] == [".jsonl"]  # the ended game's lock file is gone


# ---------------------------------------------------------------- the static rule
POSIX_MODULES = frozenset({"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "curses", "readline"})
WINDOWS_MODULES = frozenset({"msvcrt", "winreg", "winsound", "_winapi"})
ONE_SYSTEM_ATTRIBUTES = {
    "os": frozenset(
        "O_NONBLOCK O_NOCTTY fork forkpty setsid setpgid setpgrp getpgid killpg getuid geteuid getgid getegid "
        "getgroups chown lchown fchown fchmod mkfifo mknod openpty ttyname ctermid nice getloadavg sysconf uname "
        "wait wait3 wait4 WNOHANG sync pipe2 register_at_fork O_BINARY startfile".split()
    ),
    "signal": frozenset(
        "SIGKILL SIGHUP SIGQUIT SIGTSTP SIGCONT SIGSTOP SIGWINCH SIGUSR1 SIGUSR2 SIGALRM SIGPIPE SIGCHLD SIGBREAK "
        "alarm pause setitimer siginterrupt pthread_kill pthread_sigmask".split()
    ),
    "select": frozenset({"poll", "epoll", "kqueue", "devpoll"}),
}
ONE_SYSTEM_METHODS = frozenset({"add_signal_handler", "add_reader", "add_writer"})
ONE_SYSTEM_KEYWORDS = frozenset({"preexec_fn", "start_new_session", "process_group", "pass_fds"})
GUARD_ERRORS = ABSENCE | {"NotImplementedError"}


def posix_only_uses(source: str) -> list:
    """The unguarded uses of what one system only has, in the module ``source``: a list of
    (line, what).

    Looked for: an import of a POSIX-only module (``fcntl``, ``termios``, ``tty``, ``pty``,
    ``pwd``, ``grp``, ``resource``, ``posix``, ``curses``, ``readline``) or of a Windows-only
    one (``msvcrt``, ``winreg``...); ``os.X``, ``signal.X`` or ``select.X`` (as an
    attribute or ``from M import X``) for X in :data:`ONE_SYSTEM_ATTRIBUTES`
    (``os.O_NONBLOCK``, ``os.fork``, ``os.setsid``, ``os.killpg``, ``os.getuid``,
    ``signal.SIGKILL``, ``select.poll``...); a call of a method named
    ``add_signal_handler``, ``add_reader`` or ``add_writer`` (Windows' event loop has
    none); the keyword arguments ``preexec_fn``, ``start_new_session``, ``process_group``
    and ``pass_fds``.

    Guarded, and so allowed: inside either branch of an ``if`` (or a conditional
    expression) whose test mentions ``platform``, ``os.name`` or ``hasattr(``; inside the
    body of a ``try`` with a handler of ImportError, ModuleNotFoundError, AttributeError or
    NotImplementedError. ``getattr(os, "O_NONBLOCK", 0)`` is no attribute use: it is
    allowed anywhere."""
    out: list = []

    def check(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for a in node.names:
                top = a.name.split(".")[0]
                if top in POSIX_MODULES | WINDOWS_MODULES:
                    out.append((node.lineno, f"import {a.name}"))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if top in POSIX_MODULES | WINDOWS_MODULES:
                out.append((node.lineno, f"from {node.module} import"))
            for a in node.names:
                if a.name in ONE_SYSTEM_ATTRIBUTES.get(node.module, ()):
                    out.append((node.lineno, f"from {node.module} import {a.name}"))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.attr in ONE_SYSTEM_ATTRIBUTES.get(node.value.id, ()):
                out.append((node.lineno, f"{node.value.id}.{node.attr}"))
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr in ONE_SYSTEM_METHODS:
                out.append((node.lineno, f".{node.func.attr}()"))
            for k in node.keywords:
                if k.arg in ONE_SYSTEM_KEYWORDS:
                    out.append((node.lineno, f"{k.arg}="))

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, (ast.If, ast.IfExp)):
            visit(node.test, guarded)
            inner = guarded or platform_test(node.test)
            for part in (node.body, node.orelse):
                for child in part if isinstance(part, list) else [part]:
                    visit(child, inner)
            return
        if isinstance(node, ast.Try):
            for child in node.body:
                visit(child, guarded or catches_absence(node.handlers, GUARD_ERRORS))
            for child in [*node.handlers, *node.orelse, *node.finalbody]:
                visit(child, guarded)
            return
        if not guarded:
            check(node)
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(ast.parse(source), False)
    return sorted(out)


@pytest.mark.parametrize(
    "source, found",
    [
        ("import fcntl", [(1, "import fcntl")]),
        ("from termios import tcgetattr", [(1, "from termios import")]),
        ("from select import poll", [(1, "from select import poll")]),
        ("import os\nos.set_blocking(0, os.O_NONBLOCK)", [(2, "os.O_NONBLOCK")]),
        ("loop.add_reader(0, f)", [(1, ".add_reader()")]),
        ("loop.add_signal_handler(2, f)", [(1, ".add_signal_handler()")]),
        ("subprocess.Popen(a, start_new_session=True)", [(1, "start_new_session=")]),
        ("os.kill(pid, signal.SIGKILL)", [(1, "signal.SIGKILL")]),
        ("import msvcrt", [(1, "import msvcrt")]),
        ("def f():\n    try:\n        import termios\n    except OSError:\n        pass", [(3, "import termios")]),
        ("try:\n    import fcntl\nexcept ImportError:\n    fcntl = None", []),
        ("if sys.platform == 'win32':\n    import msvcrt\nelse:\n    import termios", []),
        ("x = os.getuid() if hasattr(os, 'getuid') else 0", []),
        ("try:\n    loop.add_reader(0, f)\nexcept NotImplementedError:\n    pass", []),
        ("flags = getattr(os, 'O_NONBLOCK', 0)", []),
        ("import select\nselect.select([], [], [], 0)", []),
    ],
)
def test_the_static_rule(source, found):
    assert posix_only_uses(source) == found


def test_no_module_of_the_game_uses_what_one_system_only_has_unguarded():
    found = []
    for path in sorted((ROOT / "a11y_dominion").rglob("*.py")):
        for line, what in posix_only_uses(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == []
