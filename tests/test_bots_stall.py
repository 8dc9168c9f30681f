"""Games of bots that must end: Events and choices that gain a card from an
empty pile are not worth anything to ``medium`` (nor to ``hard``, whose
rollouts ``medium`` plays).

The stalled game of the robustness run (issue 12, game 1907 of seed 12:
Bandit Fort and Triumph) had both bots buy Triumph turn after turn once the
Estates were gone: it gained nothing and scored nothing, and its 5 Debt took
the next turn's coins, so neither deck could buy the last Province.
"""

from __future__ import annotations

from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.decisions import Kind, MoveKind
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.simulate import play_game
from a11y_dominion.table import Table
from test_bots import START, buy

SEED = 12  # the robustness benchmark's run seed
STALLED_HARD = 1907  # hard vs medium: Bandit Fort, Triumph, Wild Hunt
STALLED_MEDIUM = [2543, 3024]  # medium vs medium, stalled the same way before the fix
TURN_LIMIT = 150  # the benchmark's


def triumph_or_bandit_fort(count: int) -> list:
    """The first ``count`` game numbers of the run with seed :data:`SEED` whose
    random setup has Triumph or Bandit Fort."""
    out = []
    g = 0
    while len(out) < count:
        _k, events, landmarks = choose_setup("random", None, None, SEED * 100003 + g)
        if "Triumph" in events or "Bandit Fort" in landmarks:
            out.append(g)
        g += 1
    return out


def finished(rec: dict) -> bool:
    return rec["result"] in ("win", "tie") and rec["turns"] <= TURN_LIMIT


def test_the_stalled_game_ends():
    """Game 1907 of seed 12, hard (100 ms a buy) against medium, as the benchmark played it."""
    rec = play_game(["hard", "medium"], "random", None, None, SEED, STALLED_HARD, think_ms=100, max_turns=TURN_LIMIT)
    assert finished(rec), rec


def test_medium_games_with_triumph_or_bandit_fort_end():
    """The two medium games that stalled before, and 30 more such Kingdoms, all end with a winner or a tie."""
    for g in STALLED_MEDIUM + triumph_or_bandit_fort(30):
        rec = play_game(["medium", "medium"], "random", None, None, SEED, g, max_turns=TURN_LIMIT)
        assert finished(rec), (g, choose_setup("random", None, None, SEED * 100003 + g), rec)


def test_triumph_is_not_bought_once_the_estates_are_gone():
    deck = START + ["Province"] * 4 + ["Silver"] * 3
    two_gone = {"Duchy": {"count": 0}}
    assert buy([], 0, deck, provinces=1, events=["Triumph"], piles=two_gone) == "Triumph"
    assert buy([], 0, deck, provinces=1, events=["Triumph"], piles={**two_gone, "Estate": {"count": 0}}) is None


class Watch:
    """A bot seat that records each answer it gives while the Estate pile is
    empty that could only have gained an Estate (buying Triumph, Wild Hunt's
    Estate)."""

    def __init__(self, bot):
        self.bot = bot
        self.wasted: list = []
        self.hears_events = getattr(bot, "hears_events", False)

    def tell(self, events):
        self.bot.tell(events)

    def decide(self, d, view):
        ans = self.bot.decide(d, view)
        if "Estate" in view.piles and not view.pile("Estate").cards_left:
            if d.kind is Kind.TURN and ans[0].kind is MoveKind.BUY and ans[0].name == "Triumph":
                self.wasted.append(("Triumph", view.turn.own_number))
            if d.kind is Kind.MODE and d.source == "Wild Hunt" and ans == ["estate"]:
                self.wasted.append(("Wild Hunt", view.turn.own_number))
        return ans


def test_no_estate_is_sought_from_an_empty_pile():
    """In the games of the stalled Kingdom (Triumph and Wild Hunt) the Estates run out, and then no bot
    buys Triumph or takes Wild Hunt's Estate."""
    k, e, lm = choose_setup("random", None, None, SEED * 100003 + STALLED_HARD)
    emptied = 0
    for seed in range(6):
        game = Game(GameConfig(["P1", "P2"], k, e, lm, seed))
        # by medium's own valuation (its endgame, and Kingdoms without a plan), which once sought the Estates
        seats = {n: Watch(MediumBot(seed * 7 + i, plans=False)) for i, n in enumerate(["P1", "P2"])}
        assert Table(game, seats, max_answers=TURN_LIMIT * 400).run() is None
        assert game.game_over
        emptied += not game.piles["Estate"].cards
        assert [s.wasted for s in seats.values()] == [[], []]
    assert emptied >= 2  # the rule was put to the test
