"""A restocked pile is the pile of the same cards made at once, card for card."""

from __future__ import annotations

from a11y_dominion.rules.game import Game, GameConfig


def _game() -> Game:
    return Game(GameConfig(["Ann", "Bea"], ["Village", "Smithy", "Market"], [], [], 5), deal=False)


def test_a_restocked_pile_holds_the_cards_made_at_once():
    made, lazy = _game(), _game()
    made.piles["Silver"].cards = made._new_cards("Gold", 4)
    lazy.restock_pile(lazy.piles["Silver"], "Gold", 4)
    pile = lazy.piles["Silver"]
    assert pile.count() == 4
    assert pile.top_spec().name == "Gold"
    assert lazy._uid == made._uid
    assert [(c.uid, c.name) for c in pile.cards] == [(c.uid, c.name) for c in made.piles["Silver"].cards]
    assert made.new_card("Copper").uid == lazy.new_card("Copper").uid  # the numbering goes on alike


def test_a_pile_restocked_with_no_card_is_empty_and_keeps_its_tokens():
    game = _game()
    pile = game.piles["Market"]
    pile.vp_tokens = 2
    game.restock_pile(pile, "Market", 0)
    assert pile.count() == 0
    assert pile.top_spec() is None
    assert pile.take_top() is None
    assert pile.cards == []
    assert pile.vp_tokens == 2
