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
            bound, top = self._bound(view, m.name, sh, view.pile_tops().get(m.name, m.name))
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


def test_the_plan_is_weighed_against_the_buys_that_may_pass_it(monkeypatch):
    """Where medium weighs the Events and Victory cards against its plan's pick, leaving unvalued
    the buys whose bound is below the bar gives the same answer as valuing each (seeded games on
    random Kingdoms, with Events and Landmarks), and some were left unvalued."""
    seen = {"checks": 0, "pruned": 0, "valued": 0}
    better = MediumBot._better_than_plan
    raw = MediumBot._buy_value

    def counting(self, *args):
        seen["valued"] += 1
        return raw(self, *args)

    def checked(self, view, d, bar):
        sh = self.shared
        kept = dict(sh.values)
        sh.values.clear()
        before = seen["valued"]
        got = better(self, view, d, bar)
        bounded = seen["valued"] - before
        self.shared = None  # (no bounds without the decision's shared facts: every buy looked at is valued)
        try:
            before = seen["valued"]
            full = better(self, view, d, bar)
            every = seen["valued"] - before
        finally:
            self.shared = sh
        sh.values.update(kept)
        assert got == full
        seen["checks"] += 1
        seen["pruned"] += bounded < every
        return got

    monkeypatch.setattr(medium_module.MediumBot, "_buy_value", counting)
    monkeypatch.setattr(medium_module.MediumBot, "_better_than_plan", checked)
    simulate(["medium", "medium"], kingdom="random", games=12, seed=5)
    assert seen["checks"] > 100
    assert seen["pruned"] > 0
