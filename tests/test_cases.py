"""Every rules case (tests/cases, the shared official-outcome cases) and
every scenario of the project's own (tests/scenarios) must give its
expected outcome."""

import pytest

from casecheck import case_files, failures, load


@pytest.mark.parametrize("path", case_files("cases"), ids=lambda p: p.stem)
def test_rules_case(path):
    assert failures(load(path)) == []


@pytest.mark.parametrize("path", case_files("scenarios"), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path):
    assert failures(load(path)) == []
