"""A game keeps at most 29 fields of its own (see ``GameBase``): the bot games of ``simulate``
(Big Money, random and ``medium`` bots) from their setup to their end, and the games ``hard``
plays its rollouts in while they are played (one that reaches the end sets ``winners`` as its
30th), so that the rules' methods called on a game keep their lookups cached from one game to
the next. A game compiled with mypyc keeps its fields in a C structure, not in ``vars(game)``
(``docs/compiled.md``), so these tests run on the pure-Python game only."""

from __future__ import annotations

import pytest

from a11y_dominion.bots.hard import HardBot
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots
from a11y_dominion.table import Table, TurnLimit

pytestmark = pytest.mark.pure_python

MOST = 29


def test_the_bot_games_of_simulate_keep_at_most_29_fields():
    for kinds, kingdom in (("bigmoney", "basic-intro"), ("random", "random"), ("medium", "random")):
        for seed in (1, 2):
            k, e, lm = choose_setup(kingdom, None, None, seed)
            game = Game(GameConfig(["P1", "P2"], k, e, lm, seed), keep_log=False)
            bots = {f"P{i}": TurnLimit(make_bot(kinds, seed * 7 + i), 400) for i in (1, 2)}
            assert play_bots(game, bots) is None
            assert game.game_over and game.winners
            fields = vars(game)
            assert len(fields) <= MOST, (kinds, sorted(fields))
            assert "winners" in fields  # (set as the game ended: read from the class before)


def test_a_game_that_keeps_its_events_keeps_at_most_29_fields():
    k, e, lm = choose_setup("random", None, None, 3)
    game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 3))
    assert Table(game, {"Ann": MediumBot(1), "Bea": MediumBot(2)}, max_answers=20000).run() is None
    assert game.game_over
    assert len(vars(game)) <= MOST, sorted(vars(game))


def test_the_games_of_hards_rollouts_keep_at_most_29_fields(monkeypatch):
    made: list[Game] = []

    class Noted(Game):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    import a11y_dominion.bots.hard as hard

    monkeypatch.setattr(hard, "Game", Noted)
    k, e, lm = choose_setup("basic-intro", None, None, 4)
    game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 4))
    seats = {"Ann": HardBot(1, rollouts=2), "Bea": make_bot("bigmoney", 2)}
    table = Table(game, seats, max_answers=40)
    assert table.run() == "The game did not end within 40 answers."
    assert len(made) > 10  # (the rollouts' games)
    played = [vars(g).keys() - {"winners"} for g in made]
    assert max(map(len, played)) <= MOST, max(played, key=len)
    assert {"_resume_phase", "accelerator"} <= played[0]  # (resumed in the Buy phase, plain turns at hand)
