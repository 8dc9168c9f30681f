"""A pytest plugin, ``-p recipe_plugin`` (with tests/ on ``PYTHONPATH``): CONTRIBUTING.md's
worked examples registered as temporary modules of the rules (see tests/recipe.py) before any
test module is imported, so that the card tests of that run see them as cards of the game.
tests/test_recipe.py starts such a run; :data:`ADDED` says what the examples added."""

from __future__ import annotations

from recipe import examples, register

ADDED: dict[str, list[str]] = {"cards": [], "piles": [], "events": [], "landmarks": []}

for _example in examples():
    for _kind, _names in register(_example).items():
        ADDED[_kind] += _names
