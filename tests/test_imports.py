"""Every module of the package imports on its own, as the first module of
the package a fresh interpreter imports: no import cycle that only an
earlier import of another module hides (``import a11y_dominion.rules.state``
once failed so). And the modules' imports form no cycle, read from the code.

The rule for cycles: the imports a module runs when it is imported (at its top
level, also inside ``if``, ``try``, ``with`` and class bodies there) must form
no cycle between the package's modules. Left out are the imports inside a
function or method, which run only when it is called (a module may import
there what would close a cycle, with a comment why), and those under
``if TYPE_CHECKING:``, which never run. ``import a.b.c`` and ``from a.b.c
import n`` lead to ``a.b.c`` and to the packages it is in (their
``__init__`` runs first), but for the packages the importing module is in
itself, which are being imported already; ``from a.b import c`` leads to the
module ``a.b.c`` when there is one, and else to ``a.b`` even when the importing
module is in it (the name must be there already).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "a11y_dominion"

PARALLEL = 3
"""How many fresh interpreters import a module at a time."""


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``package`` (a folder) but
    ``__main__`` (which runs the game); a package is named by its ``__init__.py``."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def modules() -> list[str]:
    """The dotted names of every module of the package but ``__main__`` (which runs the game)."""
    return list(module_files())


def import_alone(name: str, folder: Path = PACKAGE.parent) -> str | None:
    """Import the module ``name`` in a fresh interpreter started in ``folder``; None when
    it imports without a word, else ``name`` and the last line the interpreter printed."""
    done = subprocess.run(
        [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, cwd=folder, timeout=120
    )
    said = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    if done.returncode == 0 and not said:
        return None
    return f"{name}: {said[-1] if said else f'exit code {done.returncode}'}"


def _run_at_import(body: list[ast.stmt]):
    """The statements of ``body`` that run when the module is imported, nested ones too:
    not those inside a function, nor those under ``if TYPE_CHECKING:``."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        test = getattr(node, "test", None) if isinstance(node, ast.If) else None
        if getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING":
            yield from _run_at_import(node.orelse)
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _run_at_import([n for n in inner if isinstance(n, ast.AST)])


def import_graph(package: Path = PACKAGE) -> dict[str, dict[str, int]]:
    """Module -> {module of the same package it imports when it is imported: the line of
    the first such import}, for every module of ``package`` (a folder), by the rule in
    this file's docstring. Raises SyntaxError for a module that is no Python."""
    files = module_files(package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        here = name.split(".")
        own = {".".join(here[:i]) for i in range(1, len(here) + (1 if is_package else 0))}
        edges: dict[str, int] = {}

        def lead(target: str, line: int, own=own, edges=edges) -> None:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                step = ".".join(parts[:i])
                if step in files and step not in own:
                    edges.setdefault(step, line)

        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _run_at_import(tree.body):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    lead(alias.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here if is_package else here[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                lead(source, node.lineno)
                for alias in node.names:
                    if f"{source}.{alias.name}" in files:
                        lead(f"{source}.{alias.name}", node.lineno)
                    elif source in own and source != name:
                        # a name of a package the module is in: its __init__ must have run so far
                        edges.setdefault(source, node.lineno)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """A cycle of ``graph`` (see :func:`import_graph`) as the modules along it, the first
    one again at the end, or None when there is none."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    path: list[str] = []

    def follow(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for nxt in sorted(graph.get(name, {})):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = follow(nxt)
                if found:
                    return found
        state[name] = 2
        path.pop()
        return None

    for name in sorted(graph):
        if name not in state:
            found = follow(name)
            if found:
                return found
    return None


def cycle_text(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    """``cycle`` of ``graph`` as one line: each module, the line of its import of the next."""
    steps = [f"{a} (line {graph[a][b]})" for a, b in pairwise(cycle)]
    return " -> ".join([*steps, cycle[-1]])


def write_package(folder: Path, files: dict[str, str]) -> Path:
    """A package ``pkg`` in ``folder`` with ``files`` (name -> text) and an empty ``__init__``."""
    package = folder / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_the_module_list_holds_the_rules_and_the_cards():
    names = modules()
    assert "a11y_dominion.rules.state" in names
    assert "a11y_dominion.rules.cards.empires.landmarks" in names
    assert "a11y_dominion" in names and "a11y_dominion.__main__" not in names


@pytest.mark.e2e
def test_every_module_imports_first_in_a_fresh_interpreter():
    # one interpreter a module, a few at a time: a module is the first and only one the
    # interpreter imports, so nothing loaded before can hide its cycle or its missing import
    with ThreadPoolExecutor(max_workers=min(PARALLEL, os.cpu_count() or 1)) as pool:
        failed = [f for f in pool.map(import_alone, modules()) if f]
    assert failed == []


@pytest.mark.e2e
def test_a_module_that_fails_to_import_alone_is_named_with_its_error(tmp_path):
    write_package(tmp_path, {"a.py": "from . import b\n", "b.py": "from .a import x\n"})
    assert import_alone("pkg.a", tmp_path) == (
        "pkg.a: ImportError: cannot import name 'x' from partially initialized module 'pkg.a' "
        "(most likely due to a circular import) (" + str(tmp_path / "pkg" / "a.py") + ")"
    )
    assert import_alone("pkg", tmp_path) is None


def test_module_level_imports_form_no_cycle():
    graph = import_graph()
    assert "a11y_dominion.announcements.narrator" in graph["a11y_dominion.console.narration"]
    assert "a11y_dominion.bots.kinds" in graph["a11y_dominion.seats"]
    cycle = find_cycle(graph)
    assert cycle is None, "module-level imports form a cycle: " + cycle_text(graph, cycle)


def test_an_import_cycle_is_found_and_said_with_its_lines(tmp_path):
    package = write_package(
        tmp_path,
        {
            "a.py": "import os\n\nfrom .b import f\n",
            "b.py": "from . import c\n\n\ndef f():\n    from .a import g\n",
            "c.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .a import g\n"
            "try:\n    from pkg.a import h\nexcept ImportError:\n    pass\n",
        },
    )
    graph = import_graph(package)
    assert graph == {"pkg": {}, "pkg.a": {"pkg.b": 3}, "pkg.b": {"pkg.c": 1}, "pkg.c": {"pkg.a": 6}}
    cycle = find_cycle(graph)
    assert cycle == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
    assert cycle_text(graph, cycle) == "pkg.a (line 3) -> pkg.b (line 1) -> pkg.c (line 6) -> pkg.a"
    # the import inside a function and the one only for the type checker make no cycle
    (package / "c.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .a import g\n")
    assert find_cycle(import_graph(package)) is None


def test_a_package_imports_its_own_modules_without_a_cycle(tmp_path):
    """A package's ``__init__`` importing its modules, and a module importing a sibling
    by ``from . import``, is no cycle; a module importing a name of its package's
    ``__init__`` that imports it is."""
    package = write_package(tmp_path, {"a.py": "from . import b\n", "b.py": "X = 1\n"})
    (package / "__init__.py").write_text("from .a import b\n", encoding="utf-8")
    assert find_cycle(import_graph(package)) is None
    (package / "b.py").write_text("from . import VERSION\n", encoding="utf-8")
    assert find_cycle(import_graph(package)) == ["pkg", "pkg.a", "pkg.b", "pkg"]


@pytest.mark.e2e  # python in another process
def test_the_rules_import_no_seat_bot_or_table_code():
    """The rules (every module of ``a11y_dominion.rules``) bring in nothing of
    the seats, the bots, the table or the accelerator of plain turns."""
    rules = [name for name in modules() if name.startswith("a11y_dominion.rules")]
    code = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n" + (
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('a11y_dominion.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *rules], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120
    )
    assert out.returncode == 0, out.stderr
    loaded = out.stdout.split()
    assert "a11y_dominion.rules.turnflow" in loaded
    assert [m for m in loaded if not m.startswith("a11y_dominion.rules")] == []


@pytest.mark.e2e  # python in another process
def test_the_remote_package_imports_without_asyncssh():
    """asyncssh (and prompt_toolkit's SSH session, which needs it) is loaded when a host serves
    or a player joins, so the remote package, its seats and its host import where it is missing
    and where the POSIX modules it reads on Linux are missing (as a Windows check blocks them)."""
    code = (
        "import sys\n"
        "for name in ('asyncssh', 'fcntl', 'termios', 'tty', 'pty', 'grp', 'pwd', 'resource'):\n"
        "    sys.modules[name] = None\n"
        "import a11y_dominion.remote, a11y_dominion.remote.host, a11y_dominion.remote.seat\n"
        "print('imported')\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "imported\n"
