"""Speed targets for whole bot games (run: python3 -m pytest benchmarks --benchmark-only).

Targets: a 2-player Big Money game on Basic Intro in under 20 ms on the
reference machine (2 cores); a 4-player random-bot game on a random
Kingdom in under 200 ms.
"""

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots


def _game(kinds, kingdom, seed):
    k, e, lm = choose_setup(kingdom, None, None, seed)
    names = [f"P{i}" for i in range(len(kinds))]
    g = Game(GameConfig(names, k, e, lm, seed))
    play_bots(g, {n: make_bot(kinds[i], seed + i) for i, n in enumerate(names)})
    return g


def test_bigmoney_basic_intro(benchmark):
    g = benchmark(_game, ["bigmoney", "bigmoney"], "basic-intro", 1)
    assert g.game_over


def test_random_four_players_random_kingdom(benchmark):
    g = benchmark(_game, ["random"] * 4, "random", 2)
    assert g.pending is None
