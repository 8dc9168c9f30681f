"""medium's bounded choice of a buy: the same move and value as valuing every buy, and no bound below a value."""

from __future__ import annotations

from a11y_dominion.bots import medium as medium_module
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.rules.decisions import MoveKind
from a11y_dominion.simulate import simulate


def test_bounded_choice_is_the_full_one(monkeypatch):
    """In seeded games on random Kingdoms, every bounded choice equals the choice of every buy
    valued, and every buy's bound (and tighter bound) is at least its value."""
    seen = {"choices": 0, "pruned": 0}
    bounded = MediumBot._best_bounded

    def checked(self, view, d, best_v, sh):
        coins = view.turn.coins
        buys = 0
        for m in d.options:
            if m.kind is not MoveKind.BUY:
                continue
            bound, top = self._bound(view, m.name, sh)
            value = self.buy_value(view, m.name, coins)
            if value is not None:
                assert value <= bound + 1e-9, (m.name, value, bound)
                if top is not None:
                    assert value <= self._tight_bound(view, top, sh) + 1e-9, (m.name, value)
                buys += 1
        full = MediumBot._best_buy(self, view, d, every=True)[:2]
        sh.values.clear()
        got = bounded(self, view, d, best_v, sh)
        if len(sh.values) < buys:
            seen["pruned"] += 1
        assert got == full
        seen["choices"] += 1
        return got

    monkeypatch.setattr(medium_module.MediumBot, "_best_bounded", checked)
    simulate(["medium", "medium"], kingdom="random", games=12, seed=5)
    assert seen["choices"] > 100
    assert seen["pruned"] > 0
