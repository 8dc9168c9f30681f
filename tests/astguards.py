"""What guards code that one system alone can run, as the static portability tests read it
(tests/test_no_posix.py for the game's modules, tests/test_suite_portable.py for the tests')."""

from __future__ import annotations

import ast

ABSENCE = frozenset({"ImportError", "ModuleNotFoundError", "AttributeError"})  # what a missing module or name raises


def platform_test(test: ast.expr) -> bool:
    """Whether the condition ``test`` asks which system this is (``sys.platform``, ``os.name``,
    ``hasattr(...)``): either branch of it is guarded."""
    text = ast.unparse(test)
    return "platform" in text or "os.name" in text or "hasattr(" in text


def catches_absence(handlers: list, errors: frozenset = ABSENCE) -> bool:
    """Whether the ``except`` handlers of a ``try`` catch one of ``errors`` (by name): its
    body is guarded."""
    for h in handlers:
        kinds = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        if any(isinstance(k, ast.Name) and k.id in errors for k in kinds):
            return True
    return False
