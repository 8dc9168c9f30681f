"""Every scenario and rules case with a script must depend on it: run with
the ``script`` emptied (everything else kept), its expectations must fail.
A case that still passes checks only what was true before any line ran,
so it would not notice a script that did nothing, or one the game refused
quietly. (A case that expects a refusal, ``expect_ok: false``, fails with
no script because nothing is refused.)

Files whose script is already empty check a position as given, such as a
Landmark's score or a setup rule, and are left out."""

import pytest

from casecheck import case_files, failures, load


def scripted(folder: str) -> list:
    """The case files below ``tests/<folder>`` that have at least one script line."""
    return [path for path in case_files(folder) if load(path)["script"]]


def without_script(path) -> dict:
    """The case in ``path`` with its ``script`` replaced by no lines at all."""
    return {**load(path), "script": []}


@pytest.mark.parametrize("path", scripted("cases"), ids=lambda p: p.stem)
def test_rules_case_needs_its_script(path):
    assert failures(without_script(path)) != []


@pytest.mark.parametrize("path", scripted("scenarios"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_needs_its_script(path):
    assert failures(without_script(path)) != []
