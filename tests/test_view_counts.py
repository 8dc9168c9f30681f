"""A seat's view counts the cards each player has, returned and bought of the Events, and the turn's
gains: what the seat was told makes them (public facts only), and they are the game's own."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

from a11y_dominion.bots.common import Ledger
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.scenario import load_scenario
from a11y_dominion.table import Table
from a11y_dominion.view import PlayerView, QuickView, player_view, redact_all


class _Counting:
    """A bot seat that, before answering, checks its view's counts: against a :class:`Ledger` told
    the events this seat was told (redacted for it), and against the cards the game holds."""

    def __init__(self, kind: str, seed: int, game: Game, seen: Counter):
        self.bot = make_bot(kind, seed)
        self.game = game
        self.seen = seen
        self.heard = Ledger()
        self.told = 0

    def decide(self, d, view):
        game = self.game
        self.heard.tell(redact_all(game.log[self.told :], d.player))
        self.told = len(game.log)
        full = player_view(game, d.player, scores=False)
        assert QuickView(game, d.player) == full
        for sv in full.players:
            p = game.by_name[sv.name]
            assert list(sv.owned.items()) == list(self.heard.of(sv.name).items())  # the same names, in order
            assert +Counter(sv.owned) == Counter(c.spec.name for c in p.all_cards())
            assert sv.returned == dict(self.heard.returned.get(sv.name, {}))
            assert sv.events_bought == dict(self.heard.events_bought.get(sv.name, {}))
            self.seen["returned"] += sum(sv.returned.values())
            self.seen["events"] += sum(sv.events_bought.values())
            self.seen["none left"] += sum(1 for k in sv.owned.values() if k == 0)
        self.seen["trashed"] = max(self.seen["trashed"], len(game.trash))
        turn = full.turn
        assert turn.gained == self.heard.gained_this_turn.get(turn.player, 0) == len(game.turn.gained)
        self.seen["gained"] += turn.gained
        self.seen["decisions"] += 1
        return self.bot.decide(d, view)


def test_the_counts_in_a_view_are_what_the_seat_was_told_and_what_the_game_holds():
    seen: Counter = Counter()
    kingdoms = [
        (["Encampment/Plunder", "Chapel", "Cellar", "Moat", "Village"], ["Triumph", "Delve"], ["Labyrinth"]),
        (["Witch", "Moneylender", "Catapult/Rocks", "Sentry", "Market"], ["Donate", "Annex"], ["Baths"]),
    ]
    for seed, (kingdom, events, landmarks) in enumerate(kingdoms):
        for kinds in (["random", "medium"], ["medium", "random", "random"]):
            names = [f"P{i + 1}" for i in range(len(kinds))]
            game = Game(GameConfig(names, kingdom, events, landmarks, seed))
            seats = {
                n: _Counting(kind, seed * 7 + i, game, seen)
                for i, (n, kind) in enumerate(zip(names, kinds, strict=True))
            }
            Table(game, seats, max_answers=3000).run()
    for seed in (5, 6):
        k, e, lm = choose_setup("random", None, None, seed)
        game = Game(GameConfig(["Ann", "Bea"], k, e, lm, seed))
        seats = {n: _Counting("random", seed * 7 + i, game, seen) for i, n in enumerate(("Ann", "Bea"))}
        Table(game, seats, max_answers=3000).run()
    # every count was put to the test: returns, Events bought, trashes (some to the last card of a name), gains
    assert seen["decisions"] > 1000, seen
    assert all(seen[k] > 0 for k in ("returned", "events", "trashed", "none left", "gained")), seen


def test_a_position_counts_the_cards_of_its_own_zones():
    data = {
        "players": ["Ann", "Bob"],
        "kingdom": ["Village", "Smithy", "Chapel", "Market", "Witch", "Cellar", "Moat", "Mine", "Militia", "Festival"],
        "state": {
            "players": {
                "Ann": {"hand": ["Gold", "Copper", "Witch"], "deck": ["Copper", "Estate"], "in_play": ["Village"]},
                "Bob": {"discard": ["Curse", "Province"]},
            },
            "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        },
        "script": [],
    }
    game, _script = load_scenario(data)
    game.start()
    view = player_view(game, "Bob")
    assert view.player("Ann").owned == {"Gold": 1, "Copper": 2, "Witch": 1, "Estate": 1, "Village": 1}
    assert view.player("Bob").owned == {"Curse": 1, "Province": 1}
    assert view.player("Ann").returned == {} and view.player("Ann").events_bought == {}


def test_a_view_of_the_start_counts_the_start_decks():
    k, e, lm = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 1))
    game.start()
    view = player_view(game, "Ann")
    assert [p.owned for p in view.players] == [{"Copper": 7, "Estate": 3}] * 2
    assert view.turn.gained == 0


def test_a_view_from_data_leaves_out_fields_it_does_not_know_and_fills_in_those_it_lacks():
    k, e, lm = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bea"], k, e, lm, 1))
    game.start()
    view = player_view(game, "Ann")
    data = view.to_data()
    assert PlayerView.from_data(data) == view
    newer = {**data, "weather": "rain", "turn": {**data["turn"], "clock": 3}}
    newer["players"] = [{**p, "mood": "calm"} for p in data["players"]]
    newer["piles"] = {n: {**p, "colour": "red"} for n, p in data["piles"].items()}
    assert PlayerView.from_data(newer) == view
    older = {**data, "turn": {k: v for k, v in data["turn"].items() if k != "gained"}}
    older["players"] = [
        {k: v for k, v in p.items() if k not in ("owned", "returned", "events_bought")} for p in data["players"]
    ]
    again = PlayerView.from_data(older)
    assert [p.owned for p in again.players] == [{}, {}] and again.turn.gained == 0


def test_a_view_s_data_is_its_fields_as_json_reads_them_back_and_a_copy_of_them():
    views: list = []

    class Viewing:
        def __init__(self, kind: str, seed: int, game: Game):
            self.bot, self.game = make_bot(kind, seed), game

        def decide(self, d, view):
            views.append(player_view(self.game, d.player))
            return self.bot.decide(d, view)

    names = ["P1", "P2", "P3"]
    kingdom = ["Encampment/Plunder", "Chapel", "Cellar", "Moat", "Village"]
    game = Game(GameConfig(names, kingdom, ["Triumph", "Delve"], ["Labyrinth", "Baths"], 3))
    seats = {n: Viewing(k, i, game) for i, (n, k) in enumerate(zip(names, ["random", "medium", "medium"], strict=True))}
    Table(game, seats, max_answers=3000).run()
    assert len(views) > 100 and game.game_over
    last = views[-1]
    assert any(p.cards for p in last.piles.values()) and last.scores and last.landmarks  # every kind of field filled
    for view in views:
        data = view.to_data()
        assert json.dumps(data) == json.dumps(dataclasses.asdict(view))  # the same fields, in the same order
        assert data == json.loads(json.dumps(data))  # lists, not tuples: what the other side reads
    data = last.to_data()
    data["hand"].append("Gold")
    data["players"][0]["owned"]["Gold"] = 99
    data["scores"]["P1"]["landmarks"]["Baths"] = 99
    assert last.to_data() != data and PlayerView.from_data(last.to_data()) == last
