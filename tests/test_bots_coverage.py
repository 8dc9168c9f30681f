"""Every bot (easy, medium, hard at a tiny thinking time, bmu) over Kingdoms
that give it every Kingdom card, Event and Landmark at least once: the games
end with no refused answer and no rule that failed, and every bot decides
from a view that holds no other seat's private cards (checked against the
real game at each decision, and on every event it is told)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import kingdom_piles, random_setup
from a11y_dominion.rules.cards import EVENTS, LANDMARKS
from a11y_dominion.rules.events import HIDDEN, name_fields
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table
from a11y_dominion.view import PlayerView, SeatView

KINDS = ["easy", "medium", "hard", "bmu"]
HARD_THINK_MS = 3
RANDOM_GAMES = 12  # random Kingdoms per bot after the ones that cover everything
VIEW_FIELDS = {f.name for f in dataclasses.fields(PlayerView)}
SEAT_FIELDS = {f.name for f in dataclasses.fields(SeatView)}


def covering_setups(seed: int) -> list:
    """(Kingdom, Events, Landmarks) lists that hold every Kingdom pile, Event
    and Landmark at least once (shuffled by ``seed``), then random ones."""
    rng = random.Random(seed)
    piles = kingdom_piles()
    rng.shuffle(piles)
    extras = [("e", e) for e in EVENTS] + [("l", lm) for lm in LANDMARKS]
    rng.shuffle(extras)
    games = max((len(piles) + 9) // 10, (len(extras) + 1) // 2)
    out = []
    for i in range(games):
        kingdom = list(dict.fromkeys(piles[(i * 10 + j) % len(piles)] for j in range(10)))
        two = extras[2 * i : 2 * i + 2] or [extras[rng.randrange(len(extras))]]
        out.append((kingdom, [x for t, x in two if t == "e"], [x for t, x in two if t == "l"]))
    for i in range(RANDOM_GAMES):
        out.append(random_setup(random.Random(seed * 1000 + i)))
    return out


class Watched:
    """A bot seat whose every view and told event is checked against the real
    ``game``: its own hand, discard pile and set-aside cards as they are, and
    of the others only what :class:`SeatView` gives; every event private to
    another seat reaches it with its card names hidden. The bot gets a plain
    :class:`PlayerView` (no way back to the game)."""

    reads_scores = False
    quick_view = False
    hears_events = True

    def __init__(self, bot, game: Game, name: str):
        self.bot, self.game, self.name = bot, game, name
        self.decisions = 0

    def tell(self, events: list) -> None:
        for e in events:
            if e.viewer not in (None, self.name):
                for f in name_fields(e):
                    value = getattr(e, f)
                    values = value if isinstance(value, tuple) else (value,)
                    assert all(v in (HIDDEN, "", None) for v in values), (self.name, e)
        self.bot.tell(events)

    def decide(self, d, view):
        assert type(view) is PlayerView and view.seat == self.name == d.player
        data = view.to_data()
        assert set(data) == VIEW_FIELDS
        me = self.game.by_name[self.name]
        assert view.hand == [c.name for c in me.hand]
        assert view.discard == [c.name for c in me.discard]
        assert view.set_aside == [c.name for c in me.set_aside]
        for seat in data["players"]:
            assert set(seat) == SEAT_FIELDS
            real = self.game.by_name[seat["name"]]
            assert seat["hand_size"] == len(real.hand) and seat["deck_size"] == len(real.deck)
            assert seat["in_play"] == [c.name for c in real.in_play]
        self.decisions += 1
        return self.bot.decide(d, view)


def _faults(bot) -> int:
    return bot.faults if isinstance(bot, MediumBot) else 0


@pytest.mark.parametrize("kind", KINDS)
def test_each_bot_plays_every_card_event_and_landmark_to_the_end(kind):
    setups = covering_setups(KINDS.index(kind))
    seen_piles, seen_extras = set(), set()
    for i, (k, e, lm) in enumerate(setups):
        seed = 500 + i
        opponent = KINDS[(KINDS.index(kind) + 1 + i) % len(KINDS)]
        names = ["Ann", "Bob"] if i % 2 == 0 else ["Bob", "Ann"]  # the bot goes first, then second
        game = Game(GameConfig(names, k, e, lm, seed))
        bots = {
            "Ann": make_bot(kind, seed, think_ms=HARD_THINK_MS),
            "Bob": make_bot(opponent, seed + 1, think_ms=HARD_THINK_MS),
        }
        seats = {n: Watched(b, game, n) for n, b in bots.items()}
        assert Table(game, seats, max_answers=60000).run() is None, (kind, k, e, lm)
        assert game.game_over, (kind, k, e, lm)
        assert seats["Ann"].decisions > 10
        assert _faults(bots["Ann"]) == 0 and _faults(bots["Bob"]) == 0, (kind, k, e, lm)
        seen_piles |= set(game.kingdom)
        seen_extras |= set(e) | set(lm)
    assert seen_piles == set(kingdom_piles())
    assert seen_extras == set(EVENTS) | set(LANDMARKS)
