"""Views and redaction: folding any seat's redacted events reproduces exactly
every zone that seat can see, and the size of every zone it cannot.

Whole random-bot games on random Kingdoms run at a :class:`Table` under
hypothesis. Every seat folds the events it is told (redacted for it: other
players' private card names are :data:`~a11y_dominion.view.HIDDEN`), and
before every answer each seat's model must match the game and the seat's
own :class:`~a11y_dominion.view.PlayerView`:

* seen exactly (as multisets of names): the seat's own hand, discard pile
  (and its top card), cards in play and set-aside cards; every player's
  cards in play; the trash; every Supply pile card by card;
* seen by size only: the seat's own deck; every other player's hand, deck,
  discard pile and set-aside cards.

Hidden names never reach a seat's model for its visible zones.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from a11y_dominion.bots.simple import BigMoneyBot, RandomBot
from a11y_dominion.kingdoms import random_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table
from a11y_dominion.view import HIDDEN, PlayerView
from test_event_fold import ZONES, Fold

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
CAP = 1200


class SeatFold(Fold):
    """The zones as one seat's redacted events tell them. In a zone the seat
    cannot see, names are guesses: a card leaves it as that card if the model
    has it, else as a hidden one, else as any; the visible zones are checked
    exactly (:func:`check_seat`), so a wrong guess there would show."""

    @staticmethod
    def take(zone: list, card: str, what: str) -> None:
        assert zone, f"{what}: {card} leaves an empty zone"
        if card in zone:
            zone.remove(card)
        elif HIDDEN in zone:
            zone.remove(HIDDEN)
        else:
            zone.pop(0)


class Watching:
    """A bot seat that folds what it is told and checks its model before each answer."""

    def __init__(self, name: str, bot, game: Game):
        self.name, self.bot, self.game = name, bot, game
        self.fold = SeatFold()

    def tell(self, events):
        for e in events:
            self.fold.apply(e)

    def decide(self, d, view: PlayerView):
        check_seat(self.game, self.name, self.fold, view)
        return self.bot.decide(d, view)


def check_seat(game: Game, seat: str, fold: SeatFold, view: PlayerView) -> None:
    for p in game.players:
        model = fold.zones[p.name]
        real = {z: [c.spec.name for c in getattr(p, z)] for z in ZONES}
        if p.name == seat:
            for z in ("hand", "discard", "in_play", "set_aside"):
                assert Counter(model[z]) == Counter(real[z]), f"{seat} sees own {z}: {model[z]} != {real[z]}"
                assert HIDDEN not in model[z]
            assert (model["discard"][:1] or [None]) == (real["discard"][:1] or [None]), f"{seat}: discard top"
            assert len(model["deck"]) == len(real["deck"]), f"{seat}: own deck size"
            assert Counter(view.hand) == Counter(real["hand"]) and view.discard == real["discard"]
        else:
            assert Counter(model["in_play"]) == Counter(real["in_play"]), f"{seat} sees {p.name}'s cards in play"
            for z in ("hand", "deck", "discard", "set_aside"):
                assert len(model[z]) == len(real[z]), f"{seat}: size of {p.name}'s {z}"
        them = view.player(p.name)
        assert (them.hand_size, them.deck_size, them.discard_size, them.set_aside_size) == tuple(
            len(real[z]) for z in ("hand", "deck", "discard", "set_aside")
        )
    assert Counter(fold.trash) == Counter(c.spec.name for c in game.trash) == Counter(view.trash)
    for name, pl in game.piles.items():
        assert fold.piles[name] == [c.spec.name for c in pl.cards], f"{seat}: pile {name}"
        assert view.piles[name].cards_left == len(pl.cards)


def play_watched(seed: int, n: int) -> Game:
    kingdom, events, landmarks = random_setup(random.Random(seed))
    game = Game(GameConfig(NAMES[:n], kingdom, events, landmarks, seed))
    seats = {
        NAMES[i]: Watching(NAMES[i], RandomBot(seed * 7 + i) if i % 2 == 0 else BigMoneyBot(i), game) for i in range(n)
    }
    table = Table(game, seats, max_answers=CAP)
    table.run()
    table.deliver()
    for name, seat in seats.items():
        check_seat(game, name, seat.fold, table.view(name))
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.integers(min_value=2, max_value=6))
def test_each_seat_folds_its_own_view_from_its_redacted_events(seed, n):
    game = play_watched(seed, n)
    assert game.answers


def test_a_seat_never_holds_another_seats_drawn_cards():
    """In one whole game, the names a seat's model holds for another
    player's hand are all hidden."""
    kingdom, events, landmarks = random_setup(random.Random(11))
    game = Game(GameConfig(["Ann", "Bob", "Cid"], kingdom, events, landmarks, 11))
    seats = {n: Watching(n, BigMoneyBot(i), game) for i, n in enumerate(["Ann", "Bob", "Cid"])}
    Table(game, seats, max_answers=CAP).run()
    for name, seat in seats.items():
        for other in ("Ann", "Bob", "Cid"):
            if other != name:
                assert set(seat.fold.zones[other]["hand"]) <= {HIDDEN}
