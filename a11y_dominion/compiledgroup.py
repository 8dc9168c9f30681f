"""The modules compiled together with mypyc, and the check that a compiled build is whole and current.

:data:`GROUP` is the one list of the modules that are compiled (``docs/compiled.md``): ``setup.py``
builds them with ``A11Y_DOMINION_COMPILE=1``, ``benchmarks/mirror_ratio.py`` says which of them
are compiled, and CI checks that every one is. A module joins the group by a line here.

A compiled build leaves an extension module beside each module's ``.py`` file, the group's shared
library (:data:`LIBRARY`) beside the package, and :data:`RECORD` in the package: the SHA-256 of each
compiled source and the name of its extension module (:func:`record_of`).

Python loads an extension module before the ``.py`` file beside it, so a ``.py`` edited after the
build would silently not run; and the modules of a group work only together (one compiled and one
pure stops with "PlainView object expected; got PlainView"). So, where :data:`RECORD` is there,
``a11y_dominion/__init__.py`` calls :func:`keep_group_whole` before any module of the group is
imported: when a source differs from the record, an extension module or the shared library is
missing, or the group is not the one built, every module of the group is loaded from its ``.py``
file (:class:`PureGroupFinder`, first on :data:`sys.meta_path`). The game then plays as the pure
program does, only slower, and the reason goes once into the game's log (:func:`take_note`, read by
:mod:`a11y_dominion.librarylog`), never on the screen. A pure installation has no record, and the
check is one file looked for.

This module uses the standard library only, as ``setup.py`` loads it from its file before the
game is installed.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

GROUP: tuple[str, ...] = (
    "a11y_dominion.rules.asking",
    "a11y_dominion.rules.base",
    "a11y_dominion.rules.cost",
    "a11y_dominion.rules.decisions",
    "a11y_dominion.rules.dispatch",
    "a11y_dominion.rules.game",
    "a11y_dominion.rules.primitives",
    "a11y_dominion.rules.scoring",
    "a11y_dominion.rules.setup",
    "a11y_dominion.rules.state",
    "a11y_dominion.rules.triggers",
    "a11y_dominion.rules.turnflow",
    "a11y_dominion.rules.cards",
    "a11y_dominion.rules.cards.base.basic",
    "a11y_dominion.rules.cards.base.first_edition",
    "a11y_dominion.rules.cards.base.kingdom",
    "a11y_dominion.rules.cards.empires.castles",
    "a11y_dominion.rules.cards.empires.events",
    "a11y_dominion.rules.cards.empires.kingdom",
    "a11y_dominion.rules.cards.empires.landmarks",
    "a11y_dominion.rules.cards.empires.split",
    "a11y_dominion.fastlane",
    "a11y_dominion.view",
    "a11y_dominion.bots.simple",
    "a11y_dominion.bots.common",
    "a11y_dominion.bots.medium",
    "a11y_dominion.bots.buylist",
    "a11y_dominion.bots.strategy",
    "a11y_dominion.table",
    "a11y_dominion.bots.hard",
)
"""The modules compiled together with mypyc, as one group, in the order ``setup.py`` gives them."""

GROUP_NAME = "a11y_dominion"
"""mypyc's name of the group (``group_name``), which names the shared library."""

LIBRARY = GROUP_NAME + "__mypyc"
"""The group's shared library, a top-level extension module beside the package."""

RECORD = "_compiled.json"
"""The compiled build's record, in the package's folder."""

PACKAGE_FOLDER = os.path.dirname(os.path.abspath(__file__))

_note: str | None = None


def source_path(package_folder: str, module: str) -> str:
    """The ``.py`` file of ``module`` (a dotted name in the package) in ``package_folder``: its
    ``__init__.py`` where ``module`` is a package (a folder there), as ``rules.cards`` is."""
    path = os.path.join(package_folder, *module.split(".")[1:])
    return os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"


def extension_name(package_folder: str, module: str) -> str:
    """The name mypyc gives the extension module of ``module`` (a dotted name in the package in
    ``package_folder``): ``module.__init__`` for a package, whose extension module lies beside its
    ``__init__.py`` (Python finds it there first), else ``module`` itself."""
    is_package = os.path.basename(source_path(package_folder, module)) == "__init__.py"
    return module + ".__init__" if is_package else module


def sha256_of(path: str) -> str:
    """The SHA-256 of the file at ``path``, in hexadecimal; raises OSError when it cannot be read."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def record_of(source_folder: str, extensions: Mapping[str, str]) -> dict[str, Any]:
    """What a compiled build records: for each module of :data:`GROUP`, the SHA-256 of its source
    in ``source_folder`` (the package's folder the build read) and its extension module's file,
    from ``extensions`` (module name to the file's path relative to the package's folder); and the
    shared library's name. Raises OSError when a source cannot be read, KeyError when a module has
    no extension module."""
    return {
        "library": LIBRARY,
        "modules": {
            name: {"sha256": sha256_of(source_path(source_folder, name)), "extension": extensions[name]}
            for name in GROUP
        },
    }


def write_record(package_folder: str, record: Mapping[str, Any]) -> str:
    """Write ``record`` (:func:`record_of`) as :data:`RECORD` into ``package_folder``; returns its path."""
    path = os.path.join(package_folder, RECORD)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    return path


def library_found(name: str = LIBRARY) -> bool:
    """Whether the extension module ``name`` is found on :data:`sys.path` (without importing it)."""
    return importlib.machinery.PathFinder.find_spec(name) is not None


def stale_reason(
    package_folder: str,
    record: object,
    group: Sequence[str] = GROUP,
    found: Callable[[str], bool] = library_found,
) -> str | None:
    """Why the compiled modules in ``package_folder`` may not be used, as the end of a sentence
    ("game.py changed since it was compiled"), or None when they are whole and current.
    ``record`` is the build's record as read from :data:`RECORD`; ``group`` the modules that must
    be compiled; ``found`` tells whether the shared library is on the path. Raises nothing."""
    modules = record.get("modules") if isinstance(record, dict) else None
    if not isinstance(modules, dict) or not all(isinstance(entry, dict) for entry in modules.values()):
        return f"its record {RECORD} cannot be read"
    if set(modules) != set(group):
        return "the modules compiled are not the group this version compiles"
    for name in group:
        entry = modules[name]
        path = source_path(package_folder, name)
        try:
            same = sha256_of(path) == entry.get("sha256")
        except OSError:
            same = False
        if not same:
            return f"{os.path.relpath(path, os.path.dirname(package_folder))} changed since it was compiled"
        extension = entry.get("extension")
        if not isinstance(extension, str) or not os.path.isfile(os.path.join(package_folder, extension)):
            return f"the compiled module of {name} is missing"
    library = record.get("library") if isinstance(record, dict) else None
    if not isinstance(library, str) or not found(library):
        return f"the group's shared library {library} is not on Python's path"
    return None


class PureGroupFinder:
    """A finder for :data:`sys.meta_path` that loads each module of a group from its ``.py`` file,
    though an extension module lies beside it; other modules it leaves to the finders after it."""

    def __init__(self, package_folder: str, group: Sequence[str] = GROUP) -> None:
        self.sources = {name: source_path(package_folder, name) for name in group}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname`` from its ``.py`` file when it is in the group, else None."""
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def keep_group_whole(
    package_folder: str = PACKAGE_FOLDER, group: Sequence[str] = GROUP, found: Callable[[str], bool] = library_found
) -> str | None:
    """Where :data:`RECORD` in ``package_folder`` shows the compiled ``group`` stale
    (:func:`stale_reason`, with ``found``), put a :class:`PureGroupFinder` first on
    :data:`sys.meta_path`, so that every module of the group is loaded from its ``.py`` file, and
    keep the sentence saying so for the game's log (:func:`take_note`). Returns that sentence, or
    None when the compiled modules are used (or there is no record: a pure installation). Call it
    before any module of the group is imported. Raises nothing."""
    global _note
    try:
        with open(os.path.join(package_folder, RECORD), encoding="utf-8") as f:
            record = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError):  # (a record that is not JSON, or nested past Python's limit)
        record = None
    reason = stale_reason(package_folder, record, group, found)
    if reason is None:
        return None
    if not any(isinstance(finder, PureGroupFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, PureGroupFinder(package_folder, group))
    _note = f"The compiled modules are not used, as {reason}: the game runs in pure Python."
    return _note


def take_note() -> str | None:
    """The sentence :func:`keep_group_whole` kept for the game's log, once: None after the first call."""
    global _note
    note, _note = _note, None
    return note
