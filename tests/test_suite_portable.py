"""The test suite runs on Windows: what needs POSIX is marked ``posix``, and every module imports.

Windows has no pseudo-terminal for ``pexpect.spawn`` (only ``PopenSpawn``), no ``os.mkfifo``,
no ``termios``, ``pty``, ``tty``, ``fcntl`` or ``resource``, no SIGKILL, SIGHUP or SIGUSR1,
no ``/dev/``, no POSIX file modes, and symbolic links for administrators only;
tests/conftest.py skips the tests marked ``posix`` there. The static tests below read every
module of tests/ (see :func:`import_time_uses` and :func:`unmarked_uses`), so that a new
test either stays portable or says that it is not. The hook's choice is tested here for
each platform, by a direct call and through pytester.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from astguards import catches_absence, platform_test
from conftest import PLATFORM_VARIABLE, posix_skip_reason, refuse_posix_only_modules, suite_platform
from filemodes import owner_only

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent
POSIX_MODULES = frozenset({"termios", "tty", "pty", "fcntl", "resource", "pwd", "grp", "curses", "readline"})
POSIX_ATTRIBUTES = {
    "os": frozenset(
        "mkfifo mknod openpty forkpty fork setsid killpg getpgid getuid geteuid getgid getegid chown fchmod "
        "ttyname getloadavg".split()
    ),
    "signal": frozenset(
        "SIGKILL SIGHUP SIGUSR1 SIGUSR2 SIGALRM SIGSTOP SIGCONT SIGQUIT SIGTSTP SIGWINCH SIGPIPE SIGCHLD "
        "alarm setitimer pause pthread_kill".split()
    ),
    "pexpect": frozenset({"spawn", "spawnu", "run", "runu"}),  # Windows' pexpect has PopenSpawn only
    "socket": frozenset({"AF_UNIX"}),
}
# what Windows' Popen.send_signal and os.kill deliver; SIGINT they do not (send_signal raises ValueError)
SENDABLE = frozenset({"signal.SIGTERM", "signal.CTRL_C_EVENT", "signal.CTRL_BREAK_EVENT"})
POSIX_METHODS = frozenset({"symlink_to", "symlink"})  # Windows lets only administrators make links
DEVICE_PATH = re.compile(r"(?:^|=)/dev/\w")  # "/dev/null", "UserKnownHostsFile=/dev/null"


def _is_posix_mark(node: ast.AST, aliases: frozenset = frozenset()) -> bool:
    """Whether ``node`` is ``pytest.mark.posix``, a name for it, or a list or tuple holding it."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_is_posix_mark(e, aliases) for e in node.elts)
    return ast.unparse(node) == "pytest.mark.posix" or (isinstance(node, ast.Name) and node.id in aliases)


def _direct(node: ast.AST) -> str | None:
    """What POSIX-only thing ``node`` itself is (not its children), or None."""
    if isinstance(node, ast.Import):
        for a in node.names:
            if a.name.split(".")[0] in POSIX_MODULES:
                return f"import {a.name}"
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        if node.module.split(".")[0] in POSIX_MODULES:
            return f"from {node.module} import"
        for a in node.names:
            if a.name in POSIX_ATTRIBUTES.get(node.module, ()):
                return f"from {node.module} import {a.name}"
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.attr in POSIX_ATTRIBUTES.get(node.value.id, ()):
            return f"{node.value.id}.{node.attr}"
        if node.attr in POSIX_METHODS:
            return f".{node.attr}"
    elif isinstance(node, ast.Attribute) and node.attr in POSIX_METHODS:
        return f".{node.attr}"
    elif isinstance(node, ast.Compare) and any(_posix_mode(n) for n in [node.left, *node.comparators]):
        text = ast.unparse(node)
        if "st_mode" in text or "S_IMODE" in text:
            return "a POSIX file mode"
    elif isinstance(node, ast.Call) and _sent_signal(node) not in (None, *SENDABLE):
        return f"sends {_sent_signal(node)} to another process"
    elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("importorskip") and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and str(first.value).split(".")[0] in POSIX_MODULES:
            return f"importorskip({first.value!r})"
    elif isinstance(node, ast.Constant) and isinstance(node.value, str) and DEVICE_PATH.search(node.value):
        return f"the path {node.value!r}"
    return None


def _sent_signal(call: ast.Call) -> str | None:
    """The signal ``call`` sends to another process (``p.send_signal(S)``, ``os.kill(pid, S)``), as
    written, or None when it sends none."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "send_signal" and call.args:
        return ast.unparse(call.args[0])
    if ast.unparse(call.func) == "os.kill" and len(call.args) == 2:
        return ast.unparse(call.args[1])
    return None


def _posix_mode(node: ast.AST) -> bool:
    """Whether ``node`` is a literal file mode but 0o777 (a mask): 0o600, "0o600"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return 0 < node.value < 0o777
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("0o")


def _walk(node: ast.AST, guarded: bool, seen, *, import_time: bool = False, marks: frozenset = frozenset()) -> None:
    """Call ``seen(node)`` for every unguarded node below ``node`` (itself included).

    Guarded: either branch of an ``if`` (or conditional expression) whose test mentions
    ``platform``, ``os.name`` or ``hasattr(``; the body of a ``try`` that catches ImportError,
    ModuleNotFoundError or AttributeError; a ``pytest.param(..., marks=pytest.mark.posix)``.
    With ``import_time``, the bodies of functions (not their decorators and defaults) are left
    out: they do not run when the module is imported."""
    if guarded:
        return
    if isinstance(node, (ast.If, ast.IfExp)):
        _walk(node.test, guarded, seen, import_time=import_time, marks=marks)
        inner = platform_test(node.test)
        for part in (node.body, node.orelse):
            for child in part if isinstance(part, list) else [part]:
                _walk(child, inner, seen, import_time=import_time, marks=marks)
        return
    if isinstance(node, ast.Try):
        for child in node.body:
            _walk(child, catches_absence(node.handlers), seen, import_time=import_time, marks=marks)
        for child in [*node.handlers, *node.orelse, *node.finalbody]:
            _walk(child, False, seen, import_time=import_time, marks=marks)
        return
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.param":
        if any(k.arg == "marks" and _is_posix_mark(k.value, marks) for k in node.keywords):
            return
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and import_time:
        parts: list = [node.args]
        if not isinstance(node, ast.Lambda):
            parts += [d for d in node.decorator_list if not _is_posix_mark(d, marks)]
        for part in parts:
            _walk(part, False, seen, import_time=True, marks=marks)
        return
    seen(node)
    for child in ast.iter_child_nodes(node):
        _walk(child, False, seen, import_time=import_time, marks=marks)


@dataclass
class Module:
    """One module of tests/: its parsed tree and the names it defines and imports."""

    name: str
    tree: ast.Module
    defs: dict = field(default_factory=dict)  # top-level name -> its def, class or assignment
    imported: dict = field(default_factory=dict)  # local name -> (module of tests/, name there)
    modules: dict = field(default_factory=dict)  # local name -> module of tests/
    marks: frozenset = frozenset()  # names bound to pytest.mark.posix
    marked: bool = False  # pytestmark holds pytest.mark.posix


def read_module(name: str, source: str, ours: frozenset) -> Module:
    """``source``, the module ``name`` of tests/, read; ``ours`` are the module names of tests/."""
    tree = ast.parse(source)
    m = Module(name, tree)
    marks = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            m.defs[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    m.defs[t.id] = node
                    if node.value is not None and ast.unparse(node.value) == "pytest.mark.posix":
                        marks.add(t.id)
        elif isinstance(node, ast.ImportFrom) and node.module:
            source_module = node.module.removeprefix("tests.")
            if source_module in ours:
                for a in node.names:
                    m.imported[a.asname or a.name] = (source_module, a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.removeprefix("tests.") in ours:
                    m.modules[a.asname or a.name] = a.name.removeprefix("tests.")
    m.marks = frozenset(marks)
    pytestmark = m.defs.get("pytestmark")
    m.marked = isinstance(pytestmark, ast.Assign) and _is_posix_mark(pytestmark.value, m.marks)
    return m


def read_tests(folder: Path = TESTS) -> dict:
    """Every module of ``folder``, read: module name -> :class:`Module`."""
    files = {p.stem: p for p in sorted(folder.glob("*.py"))}
    ours = frozenset(files)
    return {name: read_module(name, p.read_text(encoding="utf-8"), ours) for name, p in files.items()}


def import_time_uses(m: Module) -> list:
    """What POSIX-only thing ``m`` runs when imported (as pytest collects it): a list of
    (module, line, what). A module marked ``posix`` is imported on Windows too."""
    found: list = []

    def seen(node: ast.AST) -> None:
        what = _direct(node)
        if what is not None and not what.startswith(("the path", "a POSIX file mode", ".symlink")):
            # a path is only a string until it is used; a comparison and a link are made by a test
            found.append((m.name, node.lineno, what))

    for node in m.tree.body:
        _walk(node, False, seen, import_time=True, marks=m.marks)
    return found


def _fixture_name(node: ast.AST) -> str | None:
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    for d in node.decorator_list:
        if ast.unparse(d).startswith(("pytest.fixture", "fixture")):
            named = [k.value.value for k in getattr(d, "keywords", ()) if k.arg == "name"]
            return named[0] if named else node.name
    return None


def unmarked_uses(modules: dict, name: str) -> dict:
    """The POSIX-only things each test of ``modules[name]`` not marked ``posix`` uses: test name
    -> list of (module, line, what), for the tests that use any.

    A test uses what its body, its decorators (a ``pytest.param`` marked ``posix`` left out)
    and its defaults hold, and what the module's functions, classes and constants it names
    use, the fixtures of the module (or of conftest) it asks for and the module's autouse
    fixtures, and what it names from another module of tests/ (``from remoteplay import
    join``, ``rp.join``), followed through those modules in turn. Things are: an import of
    ``termios``, ``pty``, ``tty``, ``fcntl``, ``resource``...; ``pexpect.spawn``;
    ``os.mkfifo``, ``os.openpty``...; ``signal.SIGKILL``, ``SIGHUP``, ``SIGUSR1``, ``signal.alarm``...;
    ``socket.AF_UNIX``; a signal but SIGTERM, CTRL_C_EVENT or CTRL_BREAK_EVENT sent to another
    process (``send_signal``, ``os.kill``); a symbolic link made (``symlink_to``, ``os.symlink``); a comparison of
    ``st_mode`` or ``S_IMODE`` with a literal mode such as 0o600 (:func:`filemodes.owner_only`
    is the portable one); a path below ``/dev/``. Guards as in :func:`_walk`."""
    m = modules[name]
    if m.marked:
        return {}
    cache: dict = {}

    def fixtures_of(where: Module) -> dict:
        return {f: node for node in where.tree.body if (f := _fixture_name(node)) is not None}

    def unit_uses(module_name: str, unit: str, stack: frozenset) -> list:
        key = (module_name, unit)
        if key in cache:
            return cache[key]
        if key in stack:
            return []
        where = modules[module_name]
        node = where.defs.get(unit)
        if node is None:
            return []
        found = node_uses(where, node, stack | {key})
        cache[key] = found
        return found

    def node_uses(where: Module, node: ast.AST, stack: frozenset) -> list:
        found: list = []
        names: list = []

        def seen(n: ast.AST) -> None:
            what = _direct(n)
            if what is not None:
                found.append((where.name, n.lineno, what))
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                names.append(n.id)
            elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in where.modules:
                found.extend(unit_uses(where.modules[n.value.id], n.attr, stack))

        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.decorator_list:
                if not _is_posix_mark(d, where.marks):
                    _walk(d, False, seen, marks=where.marks)
            _walk(node.args, False, seen, marks=where.marks)
            for child in node.body:
                _walk(child, False, seen, marks=where.marks)
        else:
            _walk(node, False, seen, marks=where.marks)
        for n in dict.fromkeys(names):
            if n in where.defs and where.defs[n] is not node:
                found.extend(unit_uses(where.name, n, stack))
            elif n in where.imported:
                found.extend(unit_uses(*where.imported[n], stack))
        return found

    own_fixtures = fixtures_of(m)
    shared_fixtures = fixtures_of(modules["conftest"]) if "conftest" in modules else {}
    autouse = [node for node in own_fixtures.values() if "autouse=True" in ast.unparse(node.decorator_list[0])]
    tests = [n for n in m.tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for c in m.tree.body:
        if (
            isinstance(c, ast.ClassDef)
            and c.name.startswith("Test")
            and not any(_is_posix_mark(d, m.marks) for d in c.decorator_list)
        ):
            tests += [n for n in c.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    out: dict = {}
    for test in tests:
        if not test.name.startswith("test") or any(_is_posix_mark(d, m.marks) for d in test.decorator_list):
            continue
        found = node_uses(m, test, frozenset({(name, test.name)}))
        params = [a.arg for a in test.args.args]
        for p in params:
            if p in own_fixtures:
                found += node_uses(m, own_fixtures[p], frozenset({(name, p)}))
            elif p in shared_fixtures:
                found += node_uses(modules["conftest"], shared_fixtures[p], frozenset({("conftest", p)}))
        for fixture in autouse:
            found += node_uses(m, fixture, frozenset())
        if found:
            out[test.name] = sorted(set(found))
    return out


MODULES = read_tests()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_of_the_tests_imports_on_windows(name):
    assert import_time_uses(MODULES[name]) == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("test_")))
def test_every_test_that_needs_posix_is_marked(name):
    found = unmarked_uses(MODULES, name)
    said = [f"{test} uses {what} ({where}.py:{line})" for test, uses in found.items() for where, line, what in uses]
    assert said == [], "mark these tests posix, or make them portable"


# ---------------------------------------------------------------- the rules themselves
HELPER = """
import os, signal
import pexpect

UNUSED = "/dev/null"

def spawn(argv):
    return pexpect.spawn(argv[0], argv[1:])

def popen(argv):
    return pexpect.popen_spawn.PopenSpawn(argv)
"""

OPTION = "UserKnownHostsFile=/dev" + "/null"  # in two pieces: this module holds no such path


def _rule(source: str, helper: str = HELPER) -> dict:
    modules = {
        "helper": read_module("helper", helper, frozenset({"helper", "test_x"})),
        "test_x": read_module("test_x", source, frozenset({"helper", "test_x"})),
    }
    return {test: [(line, what) for _, line, what in found] for test, found in unmarked_uses(modules, "test_x").items()}


@pytest.mark.parametrize(
    "source, found",
    [
        ("import pexpect\ndef test_a():\n    pexpect.spawn('x')", {"test_a": [(3, "pexpect.spawn")]}),
        ("import pexpect, pytest\n@pytest.mark.posix\ndef test_a():\n    pexpect.spawn('x')", {}),
        ("import pexpect, pytest\npytestmark = pytest.mark.posix\ndef test_a():\n    pexpect.spawn('x')", {}),
        ("import pytest\npytestmark = [pytest.mark.posix, pytest.mark.slow]\ndef test_a():\n    open('/dev/null')", {}),
        ("import pytest\nposix = pytest.mark.posix\n@posix\ndef test_a():\n    open('/dev/null')", {}),
        ("from helper import spawn\ndef test_a():\n    spawn(['x'])", {"test_a": [(8, "pexpect.spawn")]}),
        ("import helper as h\ndef test_a():\n    h.spawn(['x'])", {"test_a": [(8, "pexpect.spawn")]}),
        ("from helper import popen\ndef test_a():\n    popen(['x'])", {}),
        ("from helper import UNUSED\ndef test_a():\n    print(UNUSED)", {"test_a": [(5, "the path '/dev/null'")]}),
        (
            "import os\ndef make(p):\n    os.mkfifo(p)\ndef test_a(tmp_path):\n    make(tmp_path)",
            {"test_a": [(3, "os.mkfifo")]},
        ),
        (
            "import pytest, os\n@pytest.fixture\ndef fifo(tmp_path):\n    os.mkfifo(tmp_path / 'f')\n"
            "def test_a(fifo):\n    pass",
            {"test_a": [(4, "os.mkfifo")]},
        ),
        ("def test_a(tmp_path):\n    (tmp_path / 'l').symlink_to(tmp_path)", {"test_a": [(2, ".symlink_to")]}),
        ("import socket\ndef test_a():\n    socket.socket(socket.AF_UNIX)", {"test_a": [(3, "socket.AF_UNIX")]}),
        (
            "import stat\ndef test_a(p):\n    assert stat.S_IMODE(p.stat().st_mode) == 0o600",
            {"test_a": [(3, "a POSIX file mode")]},
        ),
        ("def test_a(p):\n    assert oct(p.stat().st_mode & 0o777) == '0o600'", {"test_a": [(2, "a POSIX file mode")]}),
        ("from filemodes import owner_only\ndef test_a(p):\n    assert p.stat().st_mode & 0o777 == owner_only()", {}),
        (
            f"def test_a(p):\n    print('/dev/ holds the devices')\n    p.run(['-o', {OPTION!r}])",
            {"test_a": [(3, f"the path {OPTION!r}")]},
        ),
        (
            "import signal\ndef test_a(p):\n    p.send_signal(signal.SIGKILL)",
            {"test_a": [(3, "sends signal.SIGKILL to another process"), (3, "signal.SIGKILL")]},
        ),
        ("import signal\ndef test_a(p):\n    p.send_signal(signal.SIGTERM)\n    p.terminate()", {}),
        (
            "import os, signal\ndef test_a(p):\n    p.send_signal(signal.SIGINT)\n    os.kill(p.pid, signal.SIGINT)",
            {"test_a": [(3, "sends signal.SIGINT to another process"), (4, "sends signal.SIGINT to another process")]},
        ),
        ("import signal\ndef test_a():\n    signal.raise_signal(signal.SIGINT)", {}),
        ("def test_a():\n    import termios", {"test_a": [(2, "import termios")]}),
        (
            "import pytest\ndef test_a():\n    pytest.importorskip('termios')",
            {"test_a": [(3, "importorskip('termios')")]},
        ),
        ("import os\ndef test_a():\n    open(os.devnull)", {}),
        ("import os, sys\ndef test_a(p):\n    if sys.platform != 'win32':\n        os.mkfifo(p)", {}),
        (
            "import pytest\n@pytest.mark.parametrize('p', ['a', pytest.param('/dev/zero', marks=pytest.mark.posix)])\n"
            "def test_a(p):\n    pass",
            {},
        ),
        (
            "import pytest\n@pytest.mark.parametrize('p', ['a', '/dev/zero'])\ndef test_a(p):\n    pass",
            {"test_a": [(2, "the path '/dev/zero'")]},
        ),
    ],
)
def test_the_rule_for_tests(source, found):
    assert _rule(source) == found


@pytest.mark.parametrize(
    "source, found",
    [
        ("import termios", [("m", 1, "import termios")]),
        ("from pexpect import spawn", [("m", 1, "from pexpect import spawn")]),
        (
            "import pytest, signal\n@pytest.mark.parametrize('s', [signal.SIGKILL])\ndef f(s):\n    pass",
            [("m", 2, "signal.SIGKILL")],
        ),
        ("import signal\ndef f(s=signal.SIGHUP):\n    pass", [("m", 2, "signal.SIGHUP")]),
        ("import signal\ndef f():\n    return signal.SIGKILL", []),
        ("try:\n    import termios\nexcept ImportError:\n    termios = None", []),
        ("import sys\nif sys.platform != 'win32':\n    import fcntl", []),
        ("PATH = '/dev/null'", []),
        ("import pytest\npytestmark = pytest.mark.posix\nimport pty", [("m", 3, "import pty")]),
    ],
)
def test_the_rule_for_imports(source, found):
    assert import_time_uses(read_module("m", source, frozenset({"m"}))) == found


@pytest.mark.parametrize("platform, mode", [("win32", 0o666), ("darwin", 0o600), ("linux", 0o600)])
def test_a_file_for_its_owner_only_shows_its_platform_s_mode(platform, mode):
    assert owner_only(platform) == mode


def test_a_file_made_for_its_owner_only_here_shows_that_mode(tmp_path):
    path = tmp_path / "private"
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.chmod(path, 0o600)
    assert stat.S_IMODE(os.stat(path).st_mode) == owner_only()


# ---------------------------------------------------------------- the hook's choice
REASON = "needs a pseudo-terminal, POSIX file modes, FIFOs, symbolic links or POSIX signals, which Windows has not"


@pytest.mark.parametrize(
    "platform, marks, skipped",
    [
        ("win32", {"posix"}, True),
        ("win32", {"posix", "parametrize"}, True),
        ("win32", set(), False),
        ("win32", {"parametrize"}, False),
        ("darwin", {"posix"}, False),
        ("linux", {"posix"}, False),
        ("cygwin", {"posix"}, False),
    ],
)
def test_posix_tests_are_skipped_on_windows_only(platform, marks, skipped):
    reason = posix_skip_reason(platform, marks)
    assert (reason is not None) == skipped
    if skipped:
        assert reason == REASON


@pytest.mark.parametrize(
    "platform, environ, chosen",
    [
        ("linux", {}, "linux"),
        ("win32", {}, "win32"),
        ("darwin", {"A11Y_DOMINION_TEST_PLATFORM": ""}, "darwin"),
        ("linux", {"A11Y_DOMINION_TEST_PLATFORM": "win32"}, "win32"),
    ],
)
def test_the_suite_platform_is_the_systems_unless_pretended(platform, environ, chosen):
    assert suite_platform(platform, environ) == chosen


CONFTEST = (TESTS / "conftest.py").read_text(encoding="utf-8")
PYTESTER_TESTS = """
import pytest

@pytest.mark.posix
def test_needs_posix():
    pass

def test_anywhere():
    pass
"""


@pytest.mark.parametrize(
    "platform, outcomes",
    [
        ("win32", {"passed": 1, "skipped": 1}),
        ("darwin", {"passed": 2}),
        ("linux", {"passed": 2}),
    ],
)
@pytest.mark.e2e  # pytest in another process
def test_the_hook_skips_posix_tests_on_windows_only(pytester, monkeypatch, platform, outcomes):
    monkeypatch.setenv(PLATFORM_VARIABLE, platform)
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_marked=PYTESTER_TESTS)
    pytester.makeini("[pytest]\nmarkers =\n    posix: needs POSIX\n")
    result = pytester.runpytest_subprocess("-v", "-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(**outcomes)
    result.stdout.fnmatch_lines(["*::test_anywhere PASSED*"])
    if platform == "win32":
        result.stdout.fnmatch_lines(
            [
                "*::test_needs_posix SKIPPED*",
                f"SKIPPED * test_marked.py:*: {REASON}",
            ]
        )
    else:
        result.stdout.fnmatch_lines(["*::test_needs_posix PASSED*"])


def _run_module(path: Path) -> None:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_seen_as_windows_the_tests_cannot_import_posix_only_modules(tmp_path, monkeypatch):
    monkeypatch.setattr(builtins, "__import__", builtins.__import__)  # put back after the test
    inside, outside = tmp_path / "tests", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    for folder in (inside, outside):
        (folder / "uses_termios.py").write_text("import termios\n")
        (folder / "uses_json.py").write_text("import json\n")
    refuse_posix_only_modules(inside)
    with pytest.raises(ModuleNotFoundError) as e:
        _run_module(inside / "uses_termios.py")
    assert str(e.value) == "No module named 'termios' (as on Windows)"
    _run_module(inside / "uses_json.py")
    _run_module(outside / "uses_termios.py")  # pytest, the game and libraries import as before


def test_the_suite_runs_on_at_least_two_workers_and_one_per_processor():
    from conftest import auto_workers

    assert [auto_workers(n) for n in (None, 1, 2, 3, 16)] == [2, 2, 4, 6, 32]
    assert [auto_workers(n, ["tests"]) for n in (None, 1, 4)] == [2, 2, 8]
    assert auto_workers(4, ["tests/test_cases.py", "tests/test_i18n.py::test_the_lang_option"]) == 0
    assert auto_workers(4, ["tests/test_cases.py", "tests/scenarios"]) == 8
