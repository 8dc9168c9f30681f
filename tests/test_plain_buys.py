"""Whether a buy runs an ability (``Game.buy_runs_nothing``, which plain turns
ask, kept across games of the same moments) is what ``trigger`` says for the
buy and the gain, for every pile of random Kingdoms with their Events and
Landmarks; with a card in play that has abilities while in play it is worked
out again."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.cards import CARDS
from a11y_dominion.rules.dispatch import _NO_ABILITIES
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.rules.triggers import Moment


def said_by_trigger(g: Game, p, top) -> bool:
    return g.trigger(Moment.BUY, p, top) is _NO_ABILITIES and g.trigger(Moment.GAIN, p, top) is _NO_ABILITIES


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), kingdom=st.sampled_from(["random", "basic-intro"]))
def test_a_buy_runs_nothing_where_trigger_finds_no_ability(seed, kingdom):
    k, e, lm = choose_setup(kingdom, None, None, seed)
    for again in range(2):  # the second game of the setup reads what the first kept
        g = Game(GameConfig(["A", "B"], k, e, lm, seed + again), keep_log=False)
        p = g.players[0]
        for pl in g.piles.values():
            top = pl.top
            if top is not None:
                assert g.buy_runs_nothing(p, top) == said_by_trigger(g, p, top), (pl.name, again)


def test_a_card_in_play_with_abilities_is_read_as_trigger_reads_it():
    k, e, lm = choose_setup("basic-intro", None, None, 3)
    g = Game(GameConfig(["A", "B"], k, e, lm, 3), keep_log=False)
    p = g.players[0]
    silver = g.piles["Silver"].top
    kept = g.buy_runs_nothing(p, silver)
    assert kept == said_by_trigger(g, p, silver)
    # a card whose ability runs when its player gains a card, in play: the buy now runs it
    holder = next(n for n, spec in CARDS.items() if Moment.GAIN in spec.while_in_play)
    p.in_play.append(g.new_card(holder))
    assert said_by_trigger(g, p, silver) is False
    assert g.buy_runs_nothing(p, silver) is False
