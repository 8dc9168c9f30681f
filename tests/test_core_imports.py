"""The console core never reads a ``Game``: its modules import nothing of the rules' game,
the table, the record, the autosave, the seats or the remote package.

:data:`GUARDED` lists the core's modules; it is empty until the first of them lands, and
each step that adds one adds its name here, and the guard applies to it from then on.
A guarded module may import none of :data:`FORBIDDEN` (a name stands for its submodules
too), at its top level or inside a function, and may not reach one of :data:`UNREACHED`
(all of them but the rules' game, whose constants the views and queries read) through the
modules it imports at its top level (read from the code, by the rule of tests/test_imports.py).
The guard's own tests build a small package in a temporary folder whose core does import
what is forbidden, so the guard is shown to fail.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from test_imports import PACKAGE, import_graph, module_files, write_package

GUARDED: tuple[str, ...] = ("a11y_dominion.console.commands", "a11y_dominion.console.narration")
"""The console core's modules (``a11y_dominion.console.core``...), added as they land."""

FORBIDDEN = (
    "a11y_dominion.rules.game",
    "a11y_dominion.table",
    "a11y_dominion.record",
    "a11y_dominion.autosave",
    "a11y_dominion.seats",
    "a11y_dominion.remote",
)
"""What a guarded module may not import itself, anywhere in its code."""

UNREACHED = FORBIDDEN[1:]
"""What a guarded module may not reach either through the modules it imports at its top level
(the rules' game is left out: the views and the queries read its constants, never a game)."""


def is_forbidden(name: str, forbidden: tuple[str, ...]) -> bool:
    """Whether the module ``name`` is one of ``forbidden`` or inside one of them."""
    return any(name == f or name.startswith(f + ".") for f in forbidden)


def imported_anywhere(name: str, files: dict[str, Path]) -> list[str]:
    """The modules of the package (``files``: name -> file, as :func:`module_files` gives) that
    the module ``name`` imports anywhere in its code: at its top level, in a function, or only
    for the type checker, as ``import x`` and ``from x import y`` name them (relative ones made
    whole; ``from x import y`` also names ``x.y`` when it is a module)."""
    path = files[name]
    here = name.split(".")
    base = here if path.name == "__init__.py" else here[:-1]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            up = base[: len(base) - (node.level - 1)] if node.level else []
            source = ".".join(up + ([node.module] if node.module else [])) if node.level else node.module or ""
            found.append(source)
            found += [f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in files]
    return [m for m in dict.fromkeys(found) if m]


package_graph = functools.cache(import_graph)  # the package's graph, read once for the tests that ask


def forbidden_imports(
    name: str, forbidden: tuple[str, ...] = FORBIDDEN, unreached: tuple[str, ...] = UNREACHED, package: Path = PACKAGE
) -> list[str]:
    """How the module ``name`` of ``package`` (a folder) breaks the guard, one text each
    ("a.core -> a.helper -> a.table"): a module of ``forbidden`` it imports itself anywhere in
    its code (:func:`imported_anywhere`), and a module of ``unreached`` that its top-level
    imports bring in, through the top-level imports of the modules they import
    (:func:`import_graph`). Empty when there is none. Raises KeyError for a name that is no
    module of ``package``."""
    files = module_files(package)
    graph = package_graph(package)
    chains = [f"{name} -> {m}" for m in imported_anywhere(name, files) if is_forbidden(m, forbidden)]
    seen = {name}
    todo = [[name, m] for m in sorted(graph[name])]
    while todo:
        path = todo.pop(0)
        last = path[-1]
        if is_forbidden(last, unreached):
            chains.append(" -> ".join(path))
        elif last not in seen:
            seen.add(last)
            todo += [[*path, nxt] for nxt in sorted(graph.get(last, {}))]
    return list(dict.fromkeys(chains))


def test_the_core_modules_import_nothing_of_the_game_the_table_or_the_remote_package() -> None:
    files = module_files()
    assert [name for name in GUARDED if name not in files] == []  # a name that is no module guards nothing
    assert {name: forbidden_imports(name) for name in GUARDED} == {name: [] for name in GUARDED}


def test_the_guard_names_what_today_s_console_reaches() -> None:
    """Read on the package as it is: a bot's seat stops the table when it is stuck."""
    assert forbidden_imports("a11y_dominion.console.seat") == ["a11y_dominion.console.seat -> a11y_dominion.table"]
    assert forbidden_imports("a11y_dominion.console.queries") == [
        "a11y_dominion.console.queries -> a11y_dominion.rules.game"  # (BASIC_PILES, a constant)
    ]
    assert forbidden_imports("a11y_dominion.console.keys") == []  # (textinput, which it imports, reads the game)


PKG_FORBIDDEN = ("pkg.rules.game", "pkg.table", "pkg.remote")
PKG_UNREACHED = ("pkg.table", "pkg.remote")


def small_package(tmp_path: Path) -> Path:
    """A package ``pkg`` in ``tmp_path`` with a core that reads only views, a core that reaches
    the game through a helper, and a core that imports the table inside a function."""
    package = write_package(
        tmp_path,
        {
            "table.py": "X = 1\n",
            "view.py": "V = 1\n",
            "helper.py": "from .rules import game\n",
            "clean.py": "from . import view\n\n\ndef f():\n    from .view import V\n    return V\n",
            "through.py": "import pkg.view\nfrom . import helper\n",
            "inside.py": "def f():\n    from .table import X\n    return X\n",
            "typed.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from pkg.remote.host import Host\n",
        },
    )
    (package / "rules").mkdir()
    (package / "rules" / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules" / "game.py").write_text("G = 1\n", encoding="utf-8")
    (package / "remote").mkdir()
    (package / "remote" / "__init__.py").write_text("", encoding="utf-8")
    (package / "remote" / "host.py").write_text("H = 1\n", encoding="utf-8")
    return package


def test_the_guard_fails_for_a_core_that_reaches_the_game(tmp_path: Path) -> None:
    package = small_package(tmp_path)
    assert forbidden_imports("pkg.clean", PKG_FORBIDDEN, PKG_UNREACHED, package) == []
    assert forbidden_imports("pkg.through", PKG_FORBIDDEN, PKG_FORBIDDEN, package) == [
        "pkg.through -> pkg.helper -> pkg.rules.game"
    ]
    assert forbidden_imports("pkg.through", PKG_FORBIDDEN, PKG_UNREACHED, package) == []
    assert forbidden_imports("pkg.inside", PKG_FORBIDDEN, PKG_UNREACHED, package) == ["pkg.inside -> pkg.table"]
    # an import for the type checker alone is an import still: the core names no Game even there
    assert forbidden_imports("pkg.typed", PKG_FORBIDDEN, PKG_UNREACHED, package) == ["pkg.typed -> pkg.remote.host"]
    # the rules' game reached through another module is no fault; the table reached so is
    assert forbidden_imports("pkg.through", PKG_FORBIDDEN, ("pkg.table",), package) == []
    assert forbidden_imports("pkg.through", ("pkg.table",), PKG_FORBIDDEN, package) == [
        "pkg.through -> pkg.helper -> pkg.rules.game"
    ]
