"""Every change of a zone is an event: folding the whole event stream, from
the setup events on, rebuilds every zone of the real game.

Whole games of random bots on random Kingdoms (with random Events and
Landmarks) are played under hypothesis; after every answer the new events
are folded into a model that starts from nothing, and the model must equal
the game: each player's hand, deck, in-play and set-aside cards as
multisets of names, the discard pile as a multiset and its top card, the
trash as a multiset, and every Supply pile card by card (so its size and
top). The zone effect of each event type is the one its docstring states
(:mod:`a11y_dominion.rules.events`).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from a11y_dominion.bots.simple import RandomBot
from a11y_dominion.kingdoms import random_setup
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
ZONES = ("hand", "deck", "discard", "in_play", "set_aside")
CAP = 1500  # answers per game; random seats may stall a game


class Fold:
    """The zones as the event stream tells them."""

    def __init__(self):
        self.piles: dict = {}
        self.trash: list = []
        self.zones: dict = {}
        self.seen = 0

    def zone(self, player: str, name: str) -> list:
        return self.zones[player][name]

    @staticmethod
    def take(zone: list, card: str, what: str) -> None:
        assert card in zone, f"{what}: {card} is not there ({zone})"
        zone.remove(card)  # the first one: discard piles are top first

    @staticmethod
    def place(zone: list, card: str, where: str, top: bool = True) -> None:
        if where in ("deck", "discard") and top:
            zone.insert(0, card)
        else:
            zone.append(card)

    def apply(self, e: ev.GameEvent) -> None:  # noqa: C901 - one branch per event type
        if isinstance(e, ev.SupplySetUp):
            self.piles = {name: list(cards) for name, cards in e.piles}
        elif isinstance(e, ev.StartingCards):
            self.zones[e.player] = {z: [] for z in ZONES}
            self.zones[e.player]["hand"] = list(e.hand)
            self.zones[e.player]["deck"] = list(e.deck)
            assert len(e.hand) == e.count and len(e.deck) == e.deck_count
        elif isinstance(e, ev.CardsDrawn):
            assert len(e.cards) == e.count
            for c in e.cards:
                self.take(self.zone(e.player, "deck"), c, "draw")
                self.zone(e.player, "hand").append(c)
        elif isinstance(e, ev.DeckShuffled):
            if e.discard_moved:
                disc = self.zone(e.player, "discard")
                assert len(disc) == e.discard_moved, "a shuffle moves the whole discard pile"
                self.zone(e.player, "deck").extend(disc)
                disc.clear()
        elif isinstance(e, ev.CardsDiscarded):
            for c in e.cards:
                self.take(self.zone(e.player, e.source), c, "discard")
                self.zone(e.player, "discard").insert(0, c)
        elif isinstance(e, ev.CardMoved):
            self.take(self.zone(e.player, e.source), e.card, "move")
            self.place(self.zone(e.player, e.destination), e.card, e.destination, e.top)
        elif isinstance(e, ev.CardsMoved):
            assert len(e.cards) == e.count
            for c in e.cards:
                self.take(self.zone(e.player, e.source), c, "move")
                self.place(self.zone(e.player, e.destination), c, e.destination, e.top)
        elif isinstance(e, ev.CardsSetAside):
            assert len(e.cards) == e.count
            for c in e.cards:
                self.take(self.zone(e.player, e.source), c, "set aside")
                self.zone(e.player, "set_aside").append(c)
        elif isinstance(e, ev.CardPlayed):
            if e.source != "in_play":
                self.take(self.zone(e.player, e.source), e.card, "play")
                self.zone(e.player, "in_play").append(e.card)
        elif isinstance(e, ev.CardGained):
            if e.pile == "trash":
                self.take(self.trash, e.card, "gain from trash")
            else:
                pile = self.piles[e.pile]
                assert pile and pile[0] == e.card, f"{e.card} is not on top of {e.pile}: {pile[:1]}"
                pile.pop(0)
            self.place(self.zone(e.player, e.destination), e.card, e.destination)
        elif isinstance(e, ev.CardTrashed):
            if e.source == "supply":
                self.take(self.piles[e.pile], e.card, "trash from the Supply")
            else:
                self.take(self.zone(e.player, e.source), e.card, "trash")
            self.trash.append(e.card)
        elif isinstance(e, ev.CardReturned):
            self.take(self.zone(e.player, e.source), e.card, "return")
            self.piles[e.pile].insert(0, e.card)

    def catch_up(self, game: Game) -> None:
        for e in game.log[self.seen :]:
            self.apply(e)
        self.seen = len(game.log)

    def check(self, game: Game) -> None:
        for p in game.players:
            mine = self.zones[p.name]
            for z in ZONES:
                real = [c.spec.name for c in getattr(p, z)]
                assert Counter(mine[z]) == Counter(real), f"{p.name}'s {z}: events say {mine[z]}, game has {real}"
            real_top = p.discard[0].spec.name if p.discard else None
            assert (mine["discard"][0] if mine["discard"] else None) == real_top, f"{p.name}'s discard top"
        assert Counter(self.trash) == Counter(c.spec.name for c in game.trash), "trash"
        for name, pl in game.piles.items():
            assert self.piles[name] == [c.spec.name for c in pl.cards], f"pile {name}"


class Folding:
    """A bot seat that, before every answer, folds the events so far and checks the model."""

    def __init__(self, bot, game: Game, fold: Fold):
        self.bot, self.game, self.fold = bot, game, fold

    def tell(self, events):
        pass

    def decide(self, d, view):
        self.fold.catch_up(self.game)
        self.fold.check(self.game)
        return self.bot.decide(d, view)


def play_and_fold(game: Game, bots: dict, cap: int) -> int:
    fold = Fold()
    Table(game, {n: Folding(b, game, fold) for n, b in bots.items()}, max_answers=cap).run()
    fold.catch_up(game)
    fold.check(game)
    return len(game.answers)


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.integers(min_value=2, max_value=5))
def test_folding_the_events_rebuilds_every_zone(seed, n):
    kingdom, events, landmarks = random_setup(random.Random(seed))
    game = Game(GameConfig(NAMES[:n], kingdom, events, landmarks, seed))
    bots = {NAMES[i]: RandomBot(seed * 7 + i) for i in range(n)}
    steps = play_and_fold(game, bots, CAP)
    assert steps > 0


def test_the_setup_events_hold_every_starting_card():
    game = Game(GameConfig(["Ann", "Bob"], ["Village"], seed=3))
    fold = Fold()
    fold.catch_up(game)
    fold.check(game)
    assert fold.zones["Ann"]["hand"] and len(fold.piles["Village"]) == 10
