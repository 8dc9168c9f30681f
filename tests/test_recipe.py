"""CONTRIBUTING.md's recipe is a test: its worked examples (a Kingdom card, an Event, a Landmark)
are added as it says, as temporary modules in a separate pytest run (tests/recipe_plugin.py), and
the card tests run on them there; their translations in the recipe cover every sentence of their
code. Nothing is written into the project, and this process never sees the examples."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract
from babel.messages.frontend import parse_keywords

from a11y_dominion.rules.cards import CARDS, EVENTS, LANDMARKS
from recipe import ROOT, examples
from test_i18n import fields, keyword_specs

#: The card tests run with the examples registered: the Dutch names and plurals of every card,
#: the engine core that names no card, and tests/recipe_checks.py (the recipe's scenarios, the
#: catalog, whole games of every bot with the examples).
CARD_TESTS = ["tests/recipe_checks.py", "tests/test_dutch_words.py", "tests/test_core_names_no_card.py"]


def test_the_recipe_has_a_kingdom_card_an_event_and_a_landmark():
    found = examples()
    assert [x.title for x in found] == ["a Kingdom card", "an Event", "a Landmark"]
    assert [len(x.scenarios) for x in found] == [2, 1, 3]
    assert found[0].plurals == {"Stall": "Kramen"}
    assert not found[1].plurals and not found[2].plurals  # Events and Landmarks have none


def test_the_examples_are_not_cards_of_this_process():
    for name in ("Stall", "Feast Day", "Granary"):
        assert name not in CARDS and name not in EVENTS and name not in LANDMARKS


def marked(code: str) -> set:
    """Every sentence of ``code`` that tools/update-translations extracts."""
    keywords = dict(DEFAULT_KEYWORDS)
    keywords.update(parse_keywords(keyword_specs()))
    found = extract("python", io.BytesIO(code.encode("utf-8")), keywords=keywords)
    return {m[1] if isinstance(m[1], str) else m[1][0] for m in found}


def test_the_recipe_translates_every_sentence_of_its_examples():
    for example in examples():
        assert marked(example.code) == set(example.translations), example.title
        for english, dutch in example.translations.items():
            assert dutch and fields(dutch) == fields(english), (example.title, english)


@pytest.mark.e2e  # python in another process
def test_the_card_tests_pass_with_the_examples_added(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
    # one process (no -n of the project's settings), which has registered the examples first
    command = [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "recipe_plugin", "-p", "no:cacheprovider", "-q"]
    done = subprocess.run(
        command + ["--basetemp", str(tmp_path / "run"), *CARD_TESTS],
        cwd=str(ROOT),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = done.stdout.splitlines()[-1]
    assert " passed in " in summary and "skipped" not in summary, summary
