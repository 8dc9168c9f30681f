"""The order a parallel run starts the tests in: the longest first (tests/data/long_tests.txt),
then the other end-to-end tests, then the rest (tests/conftest.py, :func:`long_first`)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import LONG_TESTS, long_first, long_tests

ROOT = Path(__file__).resolve().parent.parent


class _Item:
    """A pytest item as :func:`long_first` reads it: its id and its marks."""

    def __init__(self, nodeid: str, *marks: str) -> None:
        self.nodeid = nodeid
        self.marks = marks

    def get_closest_marker(self, name: str):
        return name if name in self.marks else None


def test_the_long_tests_start_first_in_the_lists_order_then_the_e2e_tests_then_the_rest():
    items = [
        _Item("tests/test_a.py::test_quick"),
        _Item("tests/test_a.py::test_pty", "e2e", "posix"),
        _Item("tests/test_b.py::test_long[2]"),
        _Item("tests/test_b.py::test_long[1]", "e2e"),
        _Item("tests/test_c.py::test_quick"),
        _Item("tests/test_c.py::test_ssh", "e2e"),
    ]
    order = long_first(
        items, ["tests/test_b.py::test_long[1]", "tests/test_gone.py::test_x", "tests/test_b.py::test_long[2]"]
    )
    assert [i.nodeid for i in order] == [
        "tests/test_b.py::test_long[1]",
        "tests/test_b.py::test_long[2]",
        "tests/test_a.py::test_pty",
        "tests/test_c.py::test_ssh",
        "tests/test_a.py::test_quick",
        "tests/test_c.py::test_quick",
    ]
    assert long_first(items, []) == [items[1], items[3], items[5], items[0], items[2], items[4]]


def test_the_list_of_long_tests_is_read_without_its_comments(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(
        "# longest first\n\ntests/test_b.py::test_long[1]\n  tests/test_a.py::test_pty  \n", encoding="utf-8"
    )
    assert long_tests(path) == ["tests/test_b.py::test_long[1]", "tests/test_a.py::test_pty"]
    assert long_tests(tmp_path / "missing.txt") == []


def test_every_long_test_named_is_a_test_function_of_its_file():
    """A test renamed or removed is taken off the list (the list would only pass over it)."""
    named = long_tests(LONG_TESTS)
    assert len(named) >= 20 and len(set(named)) == len(named)
    for nodeid in named:
        file, name = nodeid.split("::")
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        functions = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        assert name.split("[")[0] in functions, nodeid
