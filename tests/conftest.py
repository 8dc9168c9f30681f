import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _own_settings_file(monkeypatch, tmp_path_factory):
    """Every test reads its own (missing) settings file, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path_factory.getbasetemp() / "no-settings.json"))


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch, tmp_path):
    """Every test keeps its autosaves and game history in its own folder, never the user's."""
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))
