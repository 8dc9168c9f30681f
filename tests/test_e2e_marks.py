"""A test that starts a process, opens a pseudo-terminal or a network connection is marked ``e2e``.

tests/conftest.py watches every test as it runs (an audit hook, :func:`sys.addaudithook`, and
``os.openpty`` and :mod:`multiprocessing`'s start wrapped) and fails, with one sentence, a test
that did any of these and is not marked ``e2e``. The events of each platform are read here by a
direct call, what the wrapped functions note in this process, and the failure through pytester.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import WATCH, e2e_reason, unmarked_e2e_message

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent
INET, INET6 = SimpleNamespace(family=socket.AF_INET), SimpleNamespace(family=socket.AF_INET6)
LOCAL = SimpleNamespace(family=1)  # AF_UNIX, the number it has on POSIX (a local socket is no network)


@pytest.mark.parametrize(
    "event, args, reason",
    [
        # POSIX and Windows: subprocess (and asyncio's subprocesses, pexpect's PopenSpawn)
        ("subprocess.Popen", (None, ["/usr/bin/ssh", "-p", "2222", "Ann@host"], None, None), "starts a process (ssh)"),
        ("subprocess.Popen", (b"/bin/python3", [b"python3", b"-c", b"1"], None, None), "starts a process (python3)"),
        ("subprocess.Popen", (None, Path("/usr/bin/espeak-ng"), None, None), "starts a process (espeak-ng)"),
        ("subprocess.Popen", (None, "ps -axo comm", None, None), "starts a process (ps)"),
        (
            "subprocess.Popen",
            (None, '"C:\\Program Files\\Python311\\python.exe" -c pass', None, None),
            "starts a process (python.exe)",
        ),
        ("subprocess.Popen", (None, ["C:\\Windows\\py.exe", "install.py"], None, None), "starts a process (py.exe)"),
        # POSIX: fork (multiprocessing's fork method), pty.fork and pexpect.spawn, posix_spawn, spawn*, system
        ("os.fork", (), "starts a process (a fork of this one)"),
        ("os.forkpty", (), "opens a pseudo-terminal with a process in it"),
        ("os.posix_spawn", ("/usr/bin/say", ["say", "Hello"], {}), "starts a process (say)"),
        ("os.spawn", (os.P_WAIT, "/bin/orca", ["orca"], None), "starts a process (orca)"),
        ("os.system", ("defaults read com.apple.VoiceOver4/default",), "starts a process (defaults)"),
        # Windows: CreateProcess (subprocess and multiprocessing's spawn method), startfile
        ("_winapi.CreateProcess", (None, "tasklist /fo csv /nh", None), "starts a process (tasklist)"),
        ("_winapi.CreateProcess", ("C:\\Windows\\System32\\ssh.exe", None, None), "starts a process (ssh.exe)"),
        ("os.startfile", ("C:\\Users\\Ann\\notes.txt", "open"), "starts a process (the program that opens notes.txt)"),
        # the network: an ssh server listens, an ssh client connects (in this process or another)
        ("socket.bind", (INET, ("127.0.0.1", 0)), "listens on a network port"),
        ("socket.bind", (INET6, ("::1", 0, 0, 0)), "listens on a network port"),
        ("socket.connect", (INET, ("127.0.0.1", 2222)), "opens a network connection"),
        ("socket.connect", (INET6, ("::1", 2222, 0, 0)), "opens a network connection"),
        ("socket.bind", (LOCAL, "/tmp/speechd.sock"), None),
        ("socket.connect", (LOCAL, "/tmp/speechd.sock"), None),
        # what any test does
        ("open", ("settings.json", "r", 524288), None),
        ("import", ("json", None, [], [], []), None),
    ],
)
def test_what_makes_a_test_end_to_end_on_each_platform(event, args, reason):
    assert e2e_reason(event, args) == reason


def test_the_message_names_what_the_test_did_once_each_and_three_at_most():
    assert unmarked_e2e_message(["starts a process (ssh)", "opens a network connection", "starts a process (ssh)"]) == (
        "This test starts a process (ssh), opens a network connection, which makes it an end-to-end test, "
        "but it is not marked e2e: mark it @pytest.mark.e2e (pytestmark = pytest.mark.e2e for a whole module)."
    )
    four = ["starts a process (a)", "starts a process (b)", "starts a process (c)", "starts a process (d)"]
    assert unmarked_e2e_message(four).startswith(
        "This test starts a process (a), starts a process (b), starts a process (c), which makes"
    )


@pytest.mark.posix
@pytest.mark.e2e  # a pseudo-terminal
def test_a_pseudo_terminal_opened_with_os_openpty_is_seen():
    before = len(WATCH.seen)
    main, side = os.openpty()
    os.close(main)
    os.close(side)
    assert WATCH.seen[before:] == ["opens a pseudo-terminal"]


@pytest.mark.e2e  # a worker process
def test_a_worker_started_by_the_spawn_method_is_seen():
    """The spawn method raises no audit event on POSIX (a fork and an exec in C)."""
    before = len(WATCH.seen)
    worker = multiprocessing.get_context("spawn").Process(target=int)
    worker.start()
    worker.join(60)
    assert worker.exitcode == 0
    assert WATCH.seen[before] == "starts a process (a SpawnProcess)"


def test_a_socket_pair_is_no_network():
    """On Windows ``socket.socketpair`` (asyncio's event loops make one) is made of a listening
    socket on the loopback address and a connection to it; here it is not seen on any system."""
    before = len(WATCH.seen)
    a, b = socket.socketpair()
    a.close()
    b.close()
    assert WATCH.seen[before:] == []


INNER_TESTS = """
import socket
import subprocess
import sys

import pytest


@pytest.fixture(scope="module")
def started():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_unmarked_process():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


@pytest.mark.e2e
def test_marked_process():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_unmarked_listener():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()


def test_unmarked_socket_pair():
    a, b = socket.socketpair()
    a.close()
    b.close()


def test_unmarked_with_a_fixture_that_starts_a_process(started):
    pass


def test_unmarked_failing_for_itself():
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    assert 1 == 2, "its own failure"


def test_quiet():
    assert sorted([2, 1]) == [1, 2]


def test_unmarked_importing_a_module_that_starts_a_process_as_it_loads():
    import starts_as_it_loads  # (as asyncssh looks for a shared library with ldconfig)

    assert starts_as_it_loads.LOADED
"""

STARTS_AS_IT_LOADS = """
import subprocess
import sys

subprocess.run([sys.executable, "-c", "pass"], check=True)
LOADED = True
"""


@pytest.mark.e2e  # pytest in another process
def test_an_unmarked_test_that_starts_a_process_or_listens_fails_with_one_sentence(pytester):
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(test_inner=INNER_TESTS, starts_as_it_loads=STARTS_AS_IT_LOADS)
    pytester.makeini("[pytest]\nmarkers =\n    e2e: end to end\n    posix: needs POSIX\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=4, failed=4)
    python = f"starts a process ({Path(sys.executable).name})"
    said = [line for line in result.stdout.lines if line.startswith("This test ")]  # a failure of its own stays
    assert said == [
        unmarked_e2e_message([python]),
        unmarked_e2e_message(["listens on a network port"]),
        unmarked_e2e_message([python]),
    ]
    result.stdout.fnmatch_lines(
        [
            "FAILED test_inner.py::test_unmarked_process - This test*",
            "FAILED test_inner.py::test_unmarked_listener - This test*",
            "FAILED test_inner.py::test_unmarked_with_a_fixture_that_starts_a_process - Th*",
            "FAILED test_inner.py::test_unmarked_failing_for_itself - AssertionError: its*",
        ]
    )
