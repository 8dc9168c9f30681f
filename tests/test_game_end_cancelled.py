"""The end of the game is announced again after it was cancelled (a card
went back to an emptied pile and the condition stopped holding)."""
from __future__ import annotations

from pathlib import Path

from casecheck import load
from a11y_dominion.rules import events as ev
from a11y_dominion.scenario import run_scenario

CASE = Path(__file__).parent / "scenarios" / "regressions" / "game-end-cancelled-when-a-pile-refills.json"


def test_end_announced_cancelled_and_announced_again():
    code, out = run_scenario({k: v for k, v in load(CASE).items() if not k.startswith("expect")
                              and k not in ("note", "source")})
    assert code == 0
    kinds = [e["type"] for e in out["events"] if e["type"] in (ev.GameEndsAfterTurn.type, ev.GameEndCancelled.type)]
    assert kinds == ["game_ends_after_turn", "game_end_cancelled", "game_ends_after_turn"]
    assert out["state"]["game_over"]
