"""Run ``a11y-dominion ARGS`` as on a system without POSIX-only modules (Windows):
``python tests/noposix.py ARGS``.

The project's own code (any module whose ``__name__`` starts with ``a11y_dominion``)
cannot import :data:`BLOCKED` (``fcntl``, ``termios``, ``tty``,
``pty``, ``pwd``, ``grp``, ``resource``), nor ``poll`` from ``select``: such an import
raises ImportError, as it would on Windows. Third-party libraries that support
Windows (asyncssh, prompt_toolkit, platformdirs) import some of these on Linux
behind their own platform checks, so they may: the check is made in
``builtins.__import__`` (and ``importlib.import_module``) on the importer's globals,
not by a meta-path finder, which a module already imported by a library would pass
through ``sys.modules``. ``select.poll`` itself is taken away once :mod:`selectors`
and :mod:`subprocess` picked their way of waiting, so that an attribute read of it
fails too. ``select.select`` called by the project's code waits on sockets only, as
on Windows: anything else (a pipe, a terminal) raises OSError (WinError 10038).
"""

from __future__ import annotations

import builtins
import importlib
import os
import selectors  # noqa: F401 - picks its selector before select.poll goes
import stat
import subprocess  # noqa: F401 - picks its selector before select.poll goes
import sys

BLOCKED = frozenset({"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource"})
OURS = ("a11y_dominion",)
FROM_SELECT = frozenset({"poll"})


def ours(name: str) -> bool:
    """Whether a module named ``name`` is the project's own."""
    return any(name == top or name.startswith(top + ".") for top in OURS)


def refused(name: str, fromlist) -> str | None:
    """Why an import of ``name`` (with ``fromlist``) by the project's code is refused, or None."""
    if name.split(".")[0] in BLOCKED:
        return f"No module named {name!r} (blocked: not on Windows)"
    if name == "select" and fromlist and FROM_SELECT & set(fromlist):
        return "cannot import name 'poll' from 'select' (blocked: not on Windows)"
    return None


def install() -> None:
    """Put the blocks in place (see the module's docstring)."""
    original_import = builtins.__import__
    original_import_module = importlib.import_module

    def blocking_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and globals is not None and ours(str(globals.get("__name__") or "")):
            why = refused(name, fromlist)
            if why is not None:
                raise ImportError(why, name=name)
        return original_import(name, globals, locals, fromlist, level)

    def blocking_import_module(name, package=None):
        caller = sys._getframe(1).f_globals.get("__name__") or ""
        if not name.startswith(".") and ours(str(caller)):
            why = refused(name, ())
            if why is not None:
                raise ImportError(why, name=name)
        return original_import_module(name, package)

    builtins.__import__ = blocking_import
    importlib.import_module = blocking_import_module
    import select

    if hasattr(select, "poll"):
        del select.poll
    original_select = select.select

    def sockets_only(rlist, wlist, xlist, *timeout):
        if ours(str(sys._getframe(1).f_globals.get("__name__") or "")):
            for f in (*rlist, *wlist, *xlist):
                fd = f if isinstance(f, int) else f.fileno()
                if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                    raise OSError(10038, "An operation was attempted on something that is not a socket")
        return original_select(rlist, wlist, xlist, *timeout)

    select.select = sockets_only


def main(argv: list) -> int:
    """Block, then run the command line of the game with ``argv``; its exit code."""
    install()
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from a11y_dominion.cli import main as game

    return game(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
