"""A bot's QuickView shows what the full PlayerView shows, at every decision of whole games."""

from __future__ import annotations

from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table
from a11y_dominion.view import PlayerView, QuickView, player_view


class _Checking:
    """A medium seat that compares, before answering, a fresh QuickView with the full view."""

    def __init__(self, seed: int, game: Game, seen: list):
        self.bot = MediumBot(seed)
        self.game = game
        self.seen = seen

    def tell(self, events: list) -> None:
        self.bot.tell(events)

    def decide(self, d, view):
        quick = QuickView(self.game, d.player)
        left = quick.cards_left()  # read before any pile view is built
        full = player_view(self.game, d.player, scores=False)
        assert left == full.cards_left() == {n: p.cards_left for n, p in full.piles.items()}
        assert list(left) == list(full.piles)
        assert quick.empty_piles() == full.empty_piles()
        assert quick == full
        self.seen.append(sum(1 for n in left.values() if not n))
        return self.bot.decide(d, view)


def test_quick_view_equals_the_full_view_and_counts_its_piles_alike():
    seen: list = []
    for seed in (3, 4):
        k, e, lm = choose_setup("random", None, None, seed)
        game = Game(GameConfig(["Ann", "Bot"], k, e, lm, seed))
        seats = {n: _Checking(seed * 7 + i, game, seen) for i, n in enumerate(("Ann", "Bot"))}
        assert Table(game, seats, max_answers=20000).run() is None
    assert len(seen) > 200
    assert max(seen) >= 1  # piles emptied on the way: counted as empty by both


def test_a_plain_view_counts_its_piles_from_its_pile_views():
    k, e, lm = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 1))
    game.start()
    view = PlayerView.from_data(player_view(game, "Ann").to_data())
    assert view.cards_left()["Province"] == 8
    assert view.cards_left()["Copper"] == 60 - 14
    assert view.empty_piles() == []
