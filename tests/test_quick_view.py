"""A bot's QuickView shows what the full PlayerView shows, at every decision of whole games."""

from __future__ import annotations

from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.bots.simple import BigMoneyBot, RandomBot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table, TurnLimit
from a11y_dominion.view import LazyTurnView, PlayerView, QuickView, player_view, turn_view


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


class _LookingRandom(RandomBot):
    """A random bot that notes, at each decision, its view's class and whether the view's turn was
    built before it read it, and compares a fresh LazyTurnView with the full view."""

    def __init__(self, seed: int, game: Game, seen: list):
        super().__init__(seed)
        self.game = game
        self.seen = seen

    def decide(self, d, view=None):
        assert view is not None
        self.seen.append((type(view), "turn" in view.__dict__))
        lazy = LazyTurnView(self.game, d.player)
        assert "turn" not in lazy.__dict__
        assert lazy.turn == turn_view(self.game)
        assert lazy.__dict__["turn"] is lazy.turn  # (built once, then kept)
        assert lazy == player_view(self.game, d.player, scores=False)
        return super().decide(d, view)


class _LookingBigMoney(BigMoneyBot):
    """A Big Money bot that notes its view's class and whether the view's turn was built."""

    def __init__(self, seed: int, seen: list):
        super().__init__(seed)
        self.seen = seen

    def decide(self, d, view):
        self.seen.append((type(view), "turn" in view.__dict__))
        return super().decide(d, view)


def test_a_bot_that_reads_no_turn_gets_a_view_whose_turn_is_built_when_read():
    """The random bot (``reads_turn`` False) gets a LazyTurnView, with its turn not built, at every
    decision; the Big Money bot a QuickView with its turn built; at a quiet table (a turn limit as
    ``simulate`` sets one), at one that keeps its events and at one whose seats hear the events
    (without a turn limit, which reads the turn at every decision of such a table)."""
    for keep, hears in ((False, False), (True, False), (True, True)):
        random_seen: list = []
        bm_seen: list = []
        k, e, lm = choose_setup("random", None, None, 5)
        game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 5), keep_log=keep)
        ann, bea = _LookingRandom(1, game, random_seen), _LookingBigMoney(2, bm_seen)
        ann.hears_events = bea.hears_events = hears  # (a table whose seats hear the events is not quiet)
        seats = {"Ann": ann, "Bea": bea} if hears else {"Ann": TurnLimit(ann, 400), "Bea": TurnLimit(bea, 400)}
        assert Table(game, seats, max_answers=20000).run() is None
        assert game.game_over
        assert len(random_seen) > 100 and len(bm_seen) > 10
        assert set(random_seen) == {(LazyTurnView, False)}
        assert set(bm_seen) == {(QuickView, True)}
