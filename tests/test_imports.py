"""Every module of the package imports on its own, as the first module of
the package a fresh interpreter imports: no import cycle that only an
earlier import of another module hides (``import a11y_dominion.rules.state``
once failed so)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "a11y_dominion"

# each module in turn, with every module of the package forgotten before it (the
# libraries it uses stay loaded: they cannot hide a cycle of the package's own)
IMPORT_EACH = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "a11y_dominion" or m.startswith("a11y_dominion.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as e:
        failed.append(f"{name}: {type(e).__name__}: {e}")
print("\\n".join(failed))
"""


def modules() -> list[str]:
    """The dotted names of every module of the package but ``__main__`` (which runs the game)."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def test_the_module_list_holds_the_rules_and_the_cards():
    names = modules()
    assert "a11y_dominion.rules.state" in names
    assert "a11y_dominion.rules.cards.empires.landmarks" in names
    assert "a11y_dominion" in names and "a11y_dominion.__main__" not in names


@pytest.mark.e2e
def test_every_module_imports_first_in_a_fresh_interpreter():
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH, *modules()],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


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
