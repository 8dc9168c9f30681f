"""medium's bounded choice of a buy: the same move and value as valuing every buy, and no bound below a value.

The checks are made by bots derived from :class:`MediumBot` (whose methods the checks wrap), so they
run the same on the pure-Python program and on a compiled one (whose classes cannot be patched)."""

from __future__ import annotations

from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.decisions import MoveKind
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots
from a11y_dominion.simulate import MAX_TURNS, game_seed
from a11y_dominion.table import TurnLimit


def _play(bot_class: type[MediumBot], games: int = 12, seed: int = 5) -> None:
    """``games`` seeded games of two bots of ``bot_class`` on random Kingdoms (with their random
    Events and Landmarks), set up and seeded as ``simulate`` sets up those of ``medium``."""
    for g in range(games):
        gseed = game_seed(seed, g)
        k, e, lm = choose_setup("random", None, None, gseed)
        names = ["P1", "P2"] if g % 2 == 0 else ["P2", "P1"]
        bots = {f"P{i + 1}": TurnLimit(bot_class(gseed * 7 + i), MAX_TURNS) for i in range(2)}
        game = Game(GameConfig(names, k, e, lm, gseed), keep_log=False)
        assert play_bots(game, bots, max_steps=MAX_TURNS * 2 * 200) is None
        assert game.game_over


def test_bounded_choice_is_the_full_one():
    """In seeded games on random Kingdoms, every bounded choice equals the choice of every buy
    valued, and every buy's bound (and tighter bound) is at least its value."""
    seen = {"choices": 0, "pruned": 0}

    class Checked(MediumBot):
        def _best_bounded(self, view, d, best_v, sh):
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
            full = self._best_buy(view, d, every=True)[:2]
            sh.values.clear()
            got = super()._best_bounded(view, d, best_v, sh)
            if len(sh.values) < buys:
                seen["pruned"] += 1
            assert got == full
            seen["choices"] += 1
            return got

    _play(Checked)
    assert seen["choices"] > 100
    assert seen["pruned"] > 0


def test_the_plan_is_weighed_against_the_buys_that_may_pass_it():
    """Where medium weighs the Events and Victory cards against its plan's pick, leaving unvalued
    the buys whose bound is below the bar gives the same answer as valuing each (seeded games on
    random Kingdoms, with Events and Landmarks), and some were left unvalued."""
    seen = {"checks": 0, "pruned": 0, "valued": 0}

    class Checked(MediumBot):
        def _buy_value(self, *args):
            seen["valued"] += 1
            return super()._buy_value(*args)

        def _better_than_plan(self, view, d, bar):
            sh = self.shared
            kept = dict(sh.values)
            sh.values.clear()
            before = seen["valued"]
            got = super()._better_than_plan(view, d, bar)
            bounded = seen["valued"] - before
            self.shared = None  # (no bounds without the decision's shared facts: every buy looked at is valued)
            try:
                before = seen["valued"]
                full = super()._better_than_plan(view, d, bar)
                every = seen["valued"] - before
            finally:
                self.shared = sh
            sh.values.update(kept)
            assert got == full
            seen["checks"] += 1
            seen["pruned"] += bounded < every
            return got

    _play(Checked)
    assert seen["checks"] > 100
    assert seen["pruned"] > 0
