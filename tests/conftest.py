"""Shared fixtures, the ``posix`` marker's hook, and the check of the ``e2e`` mark.

A test that needs a pseudo-terminal, POSIX file modes, FIFOs, symbolic links or POSIX
signals is marked ``posix`` (``@pytest.mark.posix``, or ``pytestmark = pytest.mark.posix``
for a module); :func:`pytest_collection_modifyitems` skips those tests on Windows only,
decided by :func:`suite_platform` before any test runs. tests/test_suite_portable.py finds
the tests that should be marked.

To see the suite as Windows would on another system, set ``A11Y_DOMINION_TEST_PLATFORM=win32``
(``A11Y_DOMINION_TEST_PLATFORM=win32 python -m pytest --collect-only``, or a run of some test
files): the tests marked ``posix`` are skipped, and the modules of tests/ cannot import
:data:`POSIX_ONLY_MODULES`, so that a collection error Windows would have shows. The
variable is for that check only, and only :func:`suite_platform` reads it.

A test that starts another process, opens a pseudo-terminal, or opens a network connection
or listens on a network port (an ssh client or server) is end to end, and is marked ``e2e``.
Every test is watched as it runs (from its fixtures' setup to the end of its call: an audit
hook, :func:`sys.addaudithook`, sees the processes and sockets; ``os.openpty`` and
:mod:`multiprocessing`'s start, which raise no audit event, are wrapped), and one that did any
of these and is not marked fails with one sentence (:func:`unmarked_e2e_message`);
tests/test_e2e_marks.py tests the check.
"""

import builtins
import functools
import json
import multiprocessing.process
import os
import socket
import sys
import types
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

TESTS = Path(__file__).resolve().parent
PLATFORM_VARIABLE = "A11Y_DOMINION_TEST_PLATFORM"
POSIX_ONLY_MODULES = frozenset({"termios", "tty", "pty", "fcntl", "resource", "pwd", "grp", "curses", "readline"})


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the players' own, the working folder too: its ``settings.json`` (screen-reader
    mode off, so that no question comes first) and its data; a module whose every test plays
    there says ``pytestmark = pytest.mark.usefixtures("here")``."""
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "settings.json").write_text(json.dumps({"screen_reader": "no"}), encoding="utf-8")
    return tmp_path


@pytest.fixture(scope="session")
def postgresql_cluster():
    """A throwaway PostgreSQL cluster for this worker's tests (tests/pgcluster.py), started by
    the first test that needs it and stopped at the end; fails that test, with one sentence,
    where PostgreSQL is not installed."""
    from pgcluster import start_cluster

    cluster = start_cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def postgresql_url(postgresql_cluster):
    """The URL of an empty PostgreSQL database of the test's own, removed after it."""
    url = postgresql_cluster.new_database()
    yield url
    postgresql_cluster.drop_database(url)


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=[pytest.mark.postgres, pytest.mark.e2e, pytest.mark.posix])]
)
def server_database(request, tmp_path: Path) -> str:
    """Where a test's server database is, once for each kind the server keeps: a SQLite file
    (``tmp_path/data/server.sqlite3``, as the server's data folder has it) and an empty
    PostgreSQL database (its URL, :func:`postgresql_url`)."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "server.sqlite3")
    return str(request.getfixturevalue("postgresql_url"))


def suite_platform(platform: str = sys.platform, environ: Mapping[str, str] = os.environ) -> str:
    """The platform the suite selects its tests for, a ``sys.platform`` value: ``environ``'s
    ``A11Y_DOMINION_TEST_PLATFORM`` when set and not empty, else ``platform``."""
    return environ.get(PLATFORM_VARIABLE) or platform


def posix_skip_reason(platform: str, marks: Iterable[str]) -> str | None:
    """Why a test with the marks named ``marks`` is skipped on ``platform`` (a ``sys.platform``
    value), or None when it runs: a test marked ``posix`` is skipped on Windows (``win32``) only."""
    if platform == "win32" and "posix" in marks:
        return (
            "needs a pseudo-terminal, POSIX file modes, FIFOs, symbolic links or POSIX signals, which Windows has not"
        )
    return None


def refuse_posix_only_modules(folder: Path = TESTS) -> None:
    """From now on, an import of one of :data:`POSIX_ONLY_MODULES` by a module in ``folder``
    raises ModuleNotFoundError, as on Windows; other modules (pytest, the game, libraries) import
    as before."""
    original = builtins.__import__

    def refusing(name, globals=None, locals=None, fromlist=(), level=0):
        where = str((globals or {}).get("__file__") or "")
        if level == 0 and name.split(".")[0] in POSIX_ONLY_MODULES and where and Path(where).resolve().parent == folder:
            raise ModuleNotFoundError(f"No module named {name!r} (as on Windows)", name=name)
        return original(name, globals, locals, fromlist, level)

    builtins.__import__ = refusing


def pytest_configure(config):
    """Seen as Windows on another system (see the module's docstring): POSIX-only modules refused to
    tests/. The ``e2e`` mark is checked from now on (:func:`_watch_e2e`)."""
    if suite_platform() == "win32" and sys.platform != "win32":
        refuse_posix_only_modules()
    _watch_e2e()


def engine_compiled() -> bool:
    """Whether the rules run compiled with mypyc (``docs/compiled.md``): the rules' game is then
    loaded from an extension module, not from its ``.py`` file."""
    import a11y_dominion.rules.game

    return not (a11y_dominion.rules.game.__file__ or "").endswith(".py")


def pure_python_skip_reason(compiled: bool, marks: Iterable[str]) -> str | None:
    """Why a test with the marks named ``marks`` is skipped, where the rules run ``compiled`` or
    not, or None when it runs: a test marked ``pure_python`` is skipped where they are compiled."""
    if compiled and "pure_python" in marks:
        return (
            "looks into the pure-Python game (its fields, a class derived from Game, a method replaced), "
            "which a compiled game does not allow"
        )
    return None


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked ``posix`` when :func:`suite_platform` is Windows, and those marked
    ``pure_python`` when the rules run compiled (:func:`engine_compiled`). In a parallel run
    (a pytest-xdist worker), the tests start in the order of :func:`long_first`."""
    platform = suite_platform()
    compiled = engine_compiled()
    for item in items:
        marks = {mark.name for mark in item.iter_markers()}
        reason = posix_skip_reason(platform, marks) or pure_python_skip_reason(compiled, marks)
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = long_first(items, long_tests())


LONG_TESTS = TESTS / "data" / "long_tests.txt"


def long_tests(path: Path = LONG_TESTS) -> list[str]:
    """The test ids (``tests/test_x.py::test_y[params]``) of the file at ``path``, one a line,
    longest first; blank lines and lines starting with ``#`` are none. A missing file names none."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def long_first(items: list, long_ids: list[str]) -> list:
    """``items`` (pytest items: ``nodeid`` and ``get_closest_marker``) in the order a parallel run
    starts them: the tests of ``long_ids`` in its order, then the other tests marked ``e2e``
    (they wait on other processes, so the other worker's tests run meanwhile), then the rest;
    each part in the order of ``items``. pytest-xdist's ``worksteal`` gives each worker a part
    of this list and a worker with nothing left takes the end of another's part, so that the
    long tests, started first, end before the short ones at the end of the run."""
    rank = {nodeid: i for i, nodeid in enumerate(long_ids)}
    last = len(long_ids)

    def key(item) -> tuple[int, int]:
        if item.nodeid in rank:
            return (0, rank[item.nodeid])
        return (1, 0) if item.get_closest_marker("e2e") is not None else (2, last)

    return sorted(items, key=key)


# ---------------------------------------------------------------- the e2e mark, checked
# A test is end to end when it starts another process (the game, a host, OpenSSH, pip, a
# speech server, a pool of workers), opens a pseudo-terminal, or opens a network connection
# or listens on a network port (an ssh client or server, in this process or another). While a
# test runs (its fixtures' setup included), :func:`_audit` notes each such act, and
# :func:`pytest_runtest_makereport` fails a test that was not marked ``e2e`` with one sentence.

PROCESS_EVENTS = frozenset(
    {"subprocess.Popen", "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system", "os.startfile"}
)
WINDOWS_PROCESS_EVENTS = frozenset({"_winapi.CreateProcess"})
NETWORK_EVENTS = frozenset({"socket.bind", "socket.connect"})
WATCHED_EVENTS = PROCESS_EVENTS | WINDOWS_PROCESS_EVENTS | NETWORK_EVENTS


def _program(command: object) -> str:
    """The file name of the program a command runs: ``command`` is a list of arguments (str,
    bytes or paths), a path, or a command line (its first word, or the quoted start)."""
    if isinstance(command, (list, tuple)):
        first = os.fsdecode(command[0]) if command else ""
    elif isinstance(command, os.PathLike):
        first = os.fsdecode(command)
    else:
        text = os.fsdecode(command).strip()  # type: ignore[arg-type]
        first = text[1:].split('"', 1)[0] if text.startswith('"') else text.split(" ", 1)[0]
    return first.replace("\\", "/").rsplit("/", 1)[-1]


def e2e_reason(event: str, args: tuple) -> str | None:
    """What the audit event ``event`` (with ``args``, as :func:`sys.addaudithook`'s hook gets them)
    says the running test does that makes it end to end, in a few words ("starts a process
    (ssh)"), or None when it makes it no such test. The events are those of every platform:
    ``subprocess.Popen``, ``os.fork``, ``os.forkpty``, ``os.posix_spawn``, ``os.spawn`` and
    ``os.system`` (POSIX), ``_winapi.CreateProcess`` and ``os.startfile`` (Windows), and
    ``socket.bind`` or ``socket.connect`` of an IPv4 or IPv6 socket (a local socket, ``AF_UNIX``,
    is no network)."""
    if event == "subprocess.Popen":  # executable, args, cwd, env
        return f"starts a process ({_program(args[1] if args[1] else args[0])})"
    if event == "os.forkpty":
        return "opens a pseudo-terminal with a process in it"
    if event == "os.fork":
        return "starts a process (a fork of this one)"
    if event == "os.posix_spawn":  # path, argv, env
        return f"starts a process ({_program(args[0])})"
    if event == "os.spawn":  # mode, path, args, env
        return f"starts a process ({_program(args[1])})"
    if event == "os.system":
        return f"starts a process ({_program(args[0])})"
    if event == "os.startfile":  # path, operation (and more since Python 3.10)
        return f"starts a process (the program that opens {_program(args[0])})"
    if event == "_winapi.CreateProcess":  # application name, command line, current directory
        return f"starts a process ({_program(args[1] if args[1] else args[0])})"
    if event in NETWORK_EVENTS:
        family = getattr(args[0], "family", None)
        if family not in (socket.AF_INET, socket.AF_INET6):
            return None
        return "listens on a network port" if event == "socket.bind" else "opens a network connection"
    return None


def unmarked_e2e_message(reasons: Iterable[str]) -> str:
    """The one sentence that fails a test not marked ``e2e`` that did what ``reasons`` say (the
    words of :func:`e2e_reason`; the first three differing ones are named)."""
    named = list(dict.fromkeys(reasons))[:3]
    return (
        f"This test {', '.join(named)}, which makes it an end-to-end test, but it is not marked e2e: "
        "mark it @pytest.mark.e2e (pytestmark = pytest.mark.e2e for a whole module)."
    )


class Watch:
    """What the running test did that makes it end to end (``seen``: the words of
    :func:`e2e_reason`), noted while ``on`` (from a test's setup to the end of its call)."""

    def __init__(self) -> None:
        self.on = False
        self.seen: list[str] = []

    def note(self, reason: str) -> None:
        if self.on:
            self.seen.append(reason)


WATCH = Watch()


def _socketpair_codes() -> frozenset:
    """The code of the standard library's ``socket.socketpair`` (on Windows it is made of a
    listening socket on the loopback address and a connection to it: no network of a test's)."""
    found = (getattr(socket, name, None) for name in ("socketpair", "_fallback_socketpair"))
    return frozenset(f.__code__ for f in found if isinstance(f, types.FunctionType))


_SOCKETPAIR = _socketpair_codes()


def _in_socketpair() -> bool:
    """Whether the socket event being audited comes from within ``socket.socketpair``."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code in _SOCKETPAIR:
            return True
        frame = frame.f_back
    return False


def _in_import() -> bool:
    """Whether the event being audited comes from a module being imported: a library that
    looks for a shared library as it loads (asyncssh runs ``ctypes.util.find_library``, which
    starts ``ldconfig`` and ``gcc``) starts a process in whichever test imports it first, which
    makes no test end to end."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            return True
        frame = frame.f_back
    return False


def _audit(event: str, args: tuple) -> None:
    """The audit hook: note what ``event`` says the running test does (:func:`e2e_reason`)."""
    if WATCH.on and event in WATCHED_EVENTS:
        if event in NETWORK_EVENTS and _in_socketpair():
            return
        if _in_import():
            return
        reason = e2e_reason(event, args)
        if reason is not None:
            WATCH.note(reason)


def _watch_calls_without_events() -> None:
    """Note what makes a test end to end and raises no audit event: ``os.openpty`` (POSIX), and
    a :mod:`multiprocessing` process (started by the ``spawn`` or ``forkserver`` method, a POSIX
    system raises none). The two functions are wrapped, and do what they did."""
    if hasattr(os, "openpty"):
        openpty = os.openpty

        @functools.wraps(openpty)
        def watched_openpty():
            WATCH.note("opens a pseudo-terminal")
            return openpty()

        os.openpty = watched_openpty
    start = multiprocessing.process.BaseProcess.start

    @functools.wraps(start)
    def watched_start(self):
        WATCH.note(f"starts a process (a {type(self).__name__})")
        return start(self)

    multiprocessing.process.BaseProcess.start = watched_start  # type: ignore[method-assign]


_WATCHING = []  # True once this process watches


def _watch_e2e() -> None:
    """From now on, note (while a test runs) what makes a test end to end; once per process."""
    if not _WATCHING:
        _WATCHING.append(True)
        sys.addaudithook(_audit)
        _watch_calls_without_events()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Watch the test from its fixtures' setup on."""
    WATCH.seen = []
    WATCH.on = True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    """Teardown is not watched (a test that failed in its setup is not watched on)."""
    WATCH.on = False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A passing test not marked ``e2e`` that did what makes a test end to end fails, with
    :func:`unmarked_e2e_message`."""
    outcome = yield
    if call.when != "call":
        return
    seen, WATCH.seen, WATCH.on = WATCH.seen, [], False
    report = outcome.get_result()
    if seen and report.passed and item.get_closest_marker("e2e") is None:
        report.outcome = "failed"
        report.longrepr = unmarked_e2e_message(seen)


def auto_workers(processors: int | None, args: Iterable[str] = ()) -> int:
    """How many pytest-xdist workers ``-n auto`` (the project's setting) starts on a machine
    where this process may use ``processors`` processors (None: unknown), for a run of ``args``
    (the paths and test ids pytest was given). A run of named test files or tests stays in this
    process (0), which starts at once; a folder or the whole suite gets two workers a processor,
    since about half of the suite's time is spent waiting on other processes (games in
    pseudo-terminals, ssh hosts and clients), during which another worker keeps the processor busy."""
    if args and all(str(arg).split("::")[0].endswith(".py") for arg in args):
        return 0
    return 2 * (processors or 1)


def pytest_xdist_auto_num_workers(config):
    """pytest-xdist's ``-n auto``: :func:`auto_workers` of this machine's processors and this run."""
    processors = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return auto_workers(processors, config.args)


@pytest.fixture(autouse=True)
def _own_settings_file(monkeypatch, tmp_path_factory):
    """Every test reads its own settings file, missing at its start, never the user's nor
    another test's (a setting a test changes is saved there and ends with the test), and has a
    data folder of its own, empty at its start (``XDG_DATA_HOME``, which the game's programs
    started by the test inherit): no autosave, stats, host key or log of the machine's user is
    read or written, so the suite runs alike on a used machine and a clean one. A test that
    names its own folders sets them after this."""
    own = tmp_path_factory.mktemp("settings") / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(own))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch, tmp_path):
    """Every test keeps its autosaves and game history in its own folder, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _command_as_installed(monkeypatch):
    """Every test names the game's command as it is installed (a11y-dominion), whether or not
    the suite runs in a game that install.py --play started."""
    monkeypatch.delenv("A11Y_DOMINION_COMMAND", raising=False)
