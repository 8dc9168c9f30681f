"""Shared fixtures, and the ``posix`` marker's hook.

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
"""

import builtins
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

TESTS = Path(__file__).resolve().parent
PLATFORM_VARIABLE = "A11Y_DOMINION_TEST_PLATFORM"
POSIX_ONLY_MODULES = frozenset({"termios", "tty", "pty", "fcntl", "resource", "pwd", "grp", "curses", "readline"})


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
    """Seen as Windows on another system (see the module's docstring): POSIX-only modules refused to tests/."""
    if suite_platform() == "win32" and sys.platform != "win32":
        refuse_posix_only_modules()


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked ``posix`` when :func:`suite_platform` is Windows."""
    platform = suite_platform()
    for item in items:
        reason = posix_skip_reason(platform, {mark.name for mark in item.iter_markers()})
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


def auto_workers(processors: int | None, args: Iterable[str] = ()) -> int:
    """How many pytest-xdist workers ``-n auto`` (the project's setting) starts on a machine
    where this process may use ``processors`` processors (None: unknown), for a run of ``args``
    (the paths and test ids pytest was given). A run of named test files or tests stays in this
    process (0), which starts at once; a folder or the whole suite gets one worker per processor,
    and at least 2, since about half of the suite's time is spent waiting on other processes."""
    if args and all(str(arg).split("::")[0].endswith(".py") for arg in args):
        return 0
    return max(2, processors or 1)


def pytest_xdist_auto_num_workers(config):
    """pytest-xdist's ``-n auto``: :func:`auto_workers` of this machine's processors and this run."""
    processors = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return auto_workers(processors, config.args)


@pytest.fixture(autouse=True)
def _own_settings_file(monkeypatch, tmp_path_factory):
    """Every test reads its own (missing) settings file, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path_factory.getbasetemp() / "no-settings.json"))


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch, tmp_path):
    """Every test keeps its autosaves and game history in its own folder, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _command_as_installed(monkeypatch):
    """Every test names the game's command as it is installed (a11y-dominion), whether or not
    the suite runs in a game that install.py --play started."""
    monkeypatch.delenv("A11Y_DOMINION_COMMAND", raising=False)
