import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _own_settings_file(monkeypatch, tmp_path_factory):
    """Every test reads its own (missing) settings file, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path_factory.getbasetemp() / "no-settings.json"))
