"""The console's queries answer from the asking seat's view only.

A remote player's console has only its own PlayerView (and the decision
addressed to it); the queries must need nothing more, and a view built for
one seat must never let a query name another player's hidden cards.
"""

from __future__ import annotations

import inspect
import json
import re
import typing

import pytest

from a11y_dominion.console import queries as q
from a11y_dominion.console import questions
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import PlayerView, player_view

HIDDEN_CARDS = ("Witch", "Laboratory", "Moat", "Chapel", "Gardens")  # found nowhere else in this game

QUERIES = (
    q.hand_lines,
    q.turn_number,
    q.turn_line,
    q.turn_prompt,
    q.status_lines,
    q.pile_order,
    q.pile_facts,
    q.pile_line,
    q.supply_lines,
    q.score_lines,
    q.landmark_lines,
    q.event_lines,
    q.trash_lines,
    q.card_lines,
    q.names_in_game,
    q.guess_name,
    questions.option_label,
    questions.question,
    questions.decision_lines,
)


def secret_game() -> Game:
    """Ann and Bea; Ann's hand, deck, discard pile and set-aside cards hold cards of no pile of the game."""
    game = Game(GameConfig(["Ann", "Bea"], ["Villa"], [], ["Obelisk"], 5))
    game.start()
    ann = game.by_name["Ann"]
    ann.hand = [game.new_card("Witch") for _ in range(5)]
    ann.deck = [game.new_card("Laboratory"), game.new_card("Moat")]
    ann.discard = [game.new_card("Chapel")]
    ann.set_aside = [game.new_card("Gardens")]
    return game


def every_line(view: PlayerView) -> list:
    """What every query says from ``view`` (the decision asked is not the seat's own, so it has none)."""
    lines = q.hand_lines(view) + q.hand_lines(view, you=False) + q.status_lines(view) + q.status_lines(view, False)
    lines += q.supply_lines(view) + q.score_lines(view) + q.landmark_lines(view) + q.event_lines(view)
    lines += q.trash_lines(view) + q.card_lines(view, "Villa") + q.card_lines(view, "Obelisk")
    lines += [q.turn_line(view), q.turn_line(view, view.seat), q.pile_line(view, "Province")]
    lines += q.names_in_game(view) + [str(q.pile_facts(view, n)) for n in q.pile_order(view)]
    return lines


@pytest.mark.parametrize("round_trip", [False, True])
def test_a_query_on_beas_view_never_names_anns_hidden_cards(round_trip):
    game = secret_game()
    view = player_view(game, "Bea")
    if round_trip:  # what a remote console receives: plain JSON data
        view = PlayerView.from_data(json.loads(json.dumps(view.to_data())))
    text = "\n".join(every_line(view))
    assert not any(name in text for name in HIDDEN_CARDS)
    assert "Ann: 0 Debt, 0 VP in tokens; 5 cards in hand, 2 cards in the deck, 1 card in the discard pile." in text
    assert "Your hand, 5 cards: " in text and "Bea's hand, 5 cards: " in text
    # the same queries on Ann's own view do tell her cards: the test above means something
    ann = "\n".join(every_line(player_view(game, "Ann")))
    assert "Your hand, 5 cards: 5 Witches." in ann and "Set aside: Gardens." in ann


def test_the_hand_at_the_turn_prompt_is_only_read_from_the_view_of_who_must_answer():
    game = secret_game()
    d = game.pending
    assert d.player == "Ann" and d.kind == "turn"
    assert questions.decision_lines(player_view(game, "Ann"), d, hand=True)[1] == "Your hand: 5 Witches."
    with pytest.raises(ValueError):
        questions.decision_lines(player_view(game, "Bea"), d, hand=True)


def test_the_queries_read_the_same_from_a_view_as_from_its_json_data():
    game = secret_game()
    view = player_view(game, "Ann")
    again = PlayerView.from_data(json.loads(json.dumps(view.to_data())))
    d = game.pending
    assert every_line(again) == every_line(view)
    assert questions.decision_lines(again, d, full=True, hand=True) == questions.decision_lines(
        view, d, full=True, hand=True
    )


@pytest.mark.parametrize("fn", QUERIES, ids=lambda f: f.__name__)
def test_every_query_takes_a_view_and_never_a_game(fn):
    hints = typing.get_type_hints(fn)
    first = next(iter(inspect.signature(fn).parameters))
    assert hints[first] in (PlayerView, PlayerView | None)
    assert Game not in hints.values() and Game | None not in hints.values()


def test_the_queries_module_has_no_game_to_read():
    assert not hasattr(q, "Game")
    public = [
        f
        for name, f in vars(q).items()
        if inspect.isfunction(f) and f.__module__ == q.__name__ and not name.startswith("_")
    ]
    for f in public:
        # (the events a seat is told, GameEvent, are no game to read)
        assert all(not re.search(r"\bGame\b", str(h)) for h in typing.get_type_hints(f).values()), f.__name__
        params = inspect.signature(f).parameters
        assert "game" not in params, f.__name__


def test_a_lead_on_fewer_turns_says_why():
    """Level on VP, the player with fewer turns leads (base rulebook, End of the game): said so."""
    from a11y_dominion.i18n import Language
    from a11y_dominion.rules.decisions import END_MOVE

    kingdom = ["Villa", "Engineer", "Forum", "Patrician", "City Quarter", "Chariot Race", "Farmers' Market"]
    g = Game(GameConfig(["Ann", "Bea"], kingdom + ["Castles", "Legionary", "Sacrifice"], [], [], 1))
    g.start()
    while g.turn.player == 0:  # Ann's first turn, with nothing bought: 3 VP each, Bea one turn fewer
        g.answer([END_MOVE])
    lines = q.score_lines(player_view(g, "Bea"))
    assert lines[3] == "Bea leads, level on 3 VP with Ann but with fewer turns."
    assert q.score_lines(player_view(g, "Bea"), Language("nl"))[3] == (
        "Bea staat voor, gelijk op 3 punten met Ann maar met minder beurten."
    )
    g.answer([END_MOVE])  # Bea's Action phase ends; then her turn
    while g.turn.player == 1:
        g.answer([END_MOVE])
    assert q.score_lines(player_view(g, "Ann"))[3] == "Ann and Bea are level on 3 VP."
