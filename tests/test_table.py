"""The table and its seat protocol: plain data across the seat boundary,
views and redaction at the host, bots that see only their view."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random

import pytest

from a11y_dominion.bots.simple import BigMoneyBot, RandomBot
from a11y_dominion.kingdoms import random_setup
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import Decision, Kind, Move, MoveKind, Purpose
from a11y_dominion.rules.game import Card, Game, GameConfig, Player
from a11y_dominion.table import StopTable, Table
from a11y_dominion.view import HIDDEN, PlayerView, event_data, event_from_data, player_view, redact, redact_all


class Recording:
    """A bot seat that keeps what it was told and asked, as JSON text."""

    def __init__(self, bot):
        self.bot = bot
        self.told: list = []
        self.asked: list = []

    def tell(self, events):
        self.told.extend(events)

    def decide(self, d, view):
        self.asked.append((json.dumps(d.to_data()), json.dumps(view.to_data())))
        return self.bot.decide(d, view)


def random_games(count=12, seed=3):
    """Whole random-bot games on random kingdoms (with Events and Landmarks), 2 to 4 players."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        k, e, lm = random_setup(rng)
        n = 2 + i % 3
        names = [f"P{j}" for j in range(n)]
        game = Game(GameConfig(names, k, e, lm, seed * 100 + i))
        seats = {name: Recording(RandomBot(i * 10 + j) if j % 2 else BigMoneyBot(j)) for j, name in enumerate(names)}
        Table(game, seats, max_answers=3000).run()
        out.append((game, seats))
    return out


@pytest.fixture(scope="module")
def games():
    return random_games()


def test_every_decision_survives_a_json_round_trip(games):
    kinds, purposes = set(), set()
    for _game, seats in games:
        for seat in seats.values():
            for d_text, _v in seat.asked:
                data = json.loads(d_text)
                d = Decision.from_data(data)
                assert d.to_data() == data
                assert json.loads(json.dumps(d.to_data())) == data
                kinds.add(d.kind)
                purposes.add(d.purpose)
    assert {Kind.TURN, Kind.CARDS, Kind.PILE, Kind.YESNO} <= kinds
    assert {Purpose.MOVE, Purpose.GAIN, Purpose.TRASH} <= purposes


@pytest.mark.parametrize("kind", list(Kind))
def test_a_decision_of_every_kind_round_trips_exactly(kind):
    options = {
        Kind.TURN: [
            Move.play("Villa"),
            Move(MoveKind.TREASURES),
            Move.buy("Patrician/Emporium"),
            Move.pay(3),
            Move(MoveKind.END),
        ],
        Kind.NUMBER: ["pass", "20", "21"],
        Kind.YESNO: ["yes", "no"],
        Kind.MODE: ["coins", "gain"],
        Kind.PILE: ["Castles", "Silver"],
        Kind.CARDS: ["Copper", "Estate"],
    }[kind]
    from a11y_dominion.rules.cost import Cost
    from a11y_dominion.rules.decisions import Msg

    d = Decision(
        "Ann",
        kind,
        Purpose.GAIN,
        "Ann, Charm: gain a card costing exactly 5 coins.",
        options,
        0,
        2,
        counts={"Copper": 2, "Estate": 1} if kind is Kind.CARDS else None,
        source="Charm",
        labels={"coins": "+1 Buy and +2 coins"},
        distinct=kind is Kind.CARDS,
        ordered=False,
        template="{player}, Charm: gain a card costing exactly {cost}.",
        args={"player": "Ann", "cost": Cost(5, 0), "pile": Msg("the {pile} pile", pile="Silver")},
    )
    again = Decision.from_data(json.loads(json.dumps(d.to_data())))
    assert again == d
    assert again.args["cost"] == Cost(5) and str(again.args["pile"]) == "the Silver pile"


def test_every_event_survives_a_json_round_trip(games):
    types = set()
    for game, seats in games:
        for e in game.log:
            again = event_from_data(json.loads(json.dumps(event_data(e))))
            assert again == e and type(again) is type(e)
            types.add(e.type)
        for seat in seats.values():
            for e in seat.told:
                assert event_from_data(json.loads(json.dumps(event_data(e)))) == e
    assert {"game_set_up", "cards_drawn", "card_played", "card_bought", "game_ended"} <= types


def test_a_field_a_newer_host_added_is_left_out():
    """Within one protocol version a newer host may send an event with a field this version
    does not know (always one with a default): the event is read without it."""
    data = event_data(ev.CardsDrawn("Ann", ("Copper",), 1))
    data["newer_field"] = 3
    assert event_from_data(data) == ev.CardsDrawn("Ann", ("Copper",), 1)
    with pytest.raises(TypeError):  # a field it knows, missing: still refused
        event_from_data({"type": "cards_drawn", "player": "Ann"})


def test_every_view_survives_a_json_round_trip(games):
    for _game, seats in games:
        for seat in seats.values():
            for _d, v_text in seat.asked[:200]:
                data = json.loads(v_text)
                assert PlayerView.from_data(data).to_data() == data
                assert set(data["scores"]) == {p["name"] for p in data["players"]}
                assert all(set(b) == {"total", "cards", "tokens", "landmarks"} for b in data["scores"].values())
                assert data["turn"]["own_number"] >= 1 and isinstance(data["turn"]["bidding"], bool)


def test_a_view_tells_the_public_scores_and_the_turn_players_own_turn_number(games):
    for game, _seats in games:
        view = PlayerView.from_data(json.loads(json.dumps(player_view(game, game.players[0].name).to_data())))
        assert view.scores == {p.name: game.score_breakdown(p) for p in game.players}
        assert view.leaders() == game.current_winners()
        assert view.empty_piles() == game.empty_piles()
        started = [e for e in game.log if isinstance(e, ev.TurnStarted)][-1]
        assert view.turn.own_number == started.number and not view.turn.bidding


def test_a_view_from_older_data_without_the_newer_fields_still_loads():
    game = Game(GameConfig(["Ann", "Bob"], ["Villa"], [], [], 5))
    game.start()
    data = player_view(game, "Ann").to_data()
    del data["scores"], data["turn"]["own_number"], data["turn"]["bidding"]
    view = PlayerView.from_data(data)
    assert view.scores == {} and view.turn.own_number == 0 and view.turn.bidding is False


def test_moves_round_trip_in_both_forms():
    for m in (Move.play("Villa"), Move.buy("Castles"), Move.pay(7), Move(MoveKind.TREASURES), Move(MoveKind.END)):
        assert Move.from_dict(json.loads(json.dumps(m.to_dict()))) == m
        assert Move.from_key(m.key) == m
    for bad in ("play", "pay:x", "dance:Villa", "end:now"):
        with pytest.raises(ValueError):
            Move.from_key(bad)


def test_seats_are_told_only_what_they_may_know(games):
    """A seat's events: its own draws by name, everyone else's as hidden cards."""
    for game, seats in games:
        for name, seat in seats.items():
            assert len(seat.told) == len([e for e in game.log if redact(e, name) is not None])
            for e in seat.told:
                if e.viewer is not None and e.viewer != name:
                    assert ev.is_hidden(e) or not getattr(e, "cards", getattr(e, "card", ""))
                    names = getattr(e, "cards", ()) or (getattr(e, "card", ""),)
                    assert set(names) <= {HIDDEN, ""}
            own = [e for e in seat.told if isinstance(e, ev.CardsDrawn) and e.player == name and e.cards]
            assert own and not any(ev.is_hidden(e) for e in own)


def test_redaction_keeps_counts_and_zones_but_not_names():
    draw = ev.CardsDrawn("Ann", ("Gold", "Copper"), 2, private_to="Ann")
    assert redact(draw, "Ann") is draw
    hidden = redact(draw, "Bob")
    assert hidden == ev.CardsDrawn("Ann", (HIDDEN, HIDDEN), 2, private_to="Ann")
    moved = ev.CardMoved("Ann", "Gold", "hand", "deck", private_to="Ann")
    assert redact(moved, "Bob") == ev.CardMoved("Ann", HIDDEN, "hand", "deck", private_to="Ann")
    note = ev.Note("Ann", "{player} looks.", private_to="Ann")
    assert redact_all([note, draw], "Bob") == [hidden]
    public = ev.CardGained("Ann", "Gold", "Gold", "discard")
    assert redact(public, "Bob") is public


def _reachable(obj, seen=None):
    """Every object reachable from ``obj`` through dataclass fields, lists, tuples and dicts."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _reachable(getattr(obj, f.name), seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _reachable(k, seen)
            yield from _reachable(v, seen)
    elif isinstance(obj, (list, tuple, set)):
        for v in obj:
            yield from _reachable(v, seen)


def test_a_bot_cannot_reach_another_players_hand_or_deck():
    """What a bot is given (the decision and its view) holds no game, player
    or card object, and no name of another player's hand or deck order."""
    game = Game(GameConfig(["Ann", "Bob"], ["Villa"], [], [], 5))
    game.start()
    bob = game.by_name["Bob"]
    bob.hand = [game.new_card("Witch") for _ in range(5)]  # cards found nowhere else in this game
    bob.deck = [game.new_card("Laboratory"), game.new_card("Moat")]
    given = []

    class Spy(BigMoneyBot):
        def decide(self, d, view):
            given.append((d, view))
            return super().decide(d, view)

    Table(game, {"Ann": Spy(1), "Bob": BigMoneyBot(2)}, max_answers=1).run()
    d, view = given[0]
    for obj in list(_reachable(d)) + list(_reachable(view)):
        assert not isinstance(obj, (Game, Player, Card, Table))
    text = json.dumps(view.to_data()) + json.dumps(d.to_data())
    assert not any(name in text for name in ("Witch", "Laboratory", "Moat"))
    assert view.player("Bob").hand_size == 5 and view.player("Bob").deck_size == 2
    assert view.hand == [c.name for c in game.by_name["Ann"].hand]


def test_a_seat_cannot_answer_for_another():
    game = Game(GameConfig(["Ann", "Bob"], ["Villa"], [], [], 5))
    table = Table(game, {"Ann": RandomBot(1), "Bob": RandomBot(2)})
    game.start()
    why = table.submit("Bob", [Move(MoveKind.END)])
    assert str(why) == "It is Ann who must answer now, not Bob."
    assert game.answers == []
    assert table.submit("Ann", [Move(MoveKind.END)]) is None


def test_a_refused_answer_changes_nothing_and_says_why():
    game = Game(GameConfig(["Ann", "Bob"], ["Villa"], [], [], 5))
    refusals = []

    class Stubborn:
        def __init__(self):
            self.tries = 0

        def tell(self, events):
            pass

        def decide(self, d, view):
            self.tries += 1
            if self.tries == 1:
                return [Move.buy("Province")]
            raise StopTable("enough")

        def refused(self, d, why):
            refusals.append(str(why))

    table = Table(game, {"Ann": Stubborn(), "Bob": RandomBot(2)})
    assert table.run() == "enough"
    assert refusals == ["Province costs 8 coins; you have 0 coins."]
    assert game.answers == [] and game.turn.phase == "action"


def test_the_table_runs_under_asyncio_while_others_go_on():
    """A seat that answers later is awaited; other tasks run meanwhile."""
    game = Game(GameConfig(["Ann", "Bob"], ["Villa", "Castles"], [], [], 9))
    ticks = []

    class Later:
        def __init__(self, bot):
            self.bot = bot

        def tell(self, events):
            pass

        async def decide(self, d, view):
            await asyncio.sleep(0)
            return self.bot.decide(d, view)

    async def other_seat_chats():
        for _ in range(50):
            ticks.append(len(game.answers))
            await asyncio.sleep(0)

    async def main():
        table = Table(game, {"Ann": Later(BigMoneyBot(1)), "Bob": BigMoneyBot(2)})
        return await asyncio.gather(table.run_async(), other_seat_chats())

    result, _ = asyncio.run(main())
    assert result is None and game.game_over
    assert len(set(ticks)) > 10  # the other task ran between answers


def test_the_view_of_a_seat():
    game = Game(GameConfig(["Ann", "Bob", "Cid"], ["Castles", "Patrician/Emporium"], ["Tax"], ["Obelisk"], 2))
    game.start()
    v = player_view(game, "Bob")
    bob = game.by_name["Bob"]
    assert v.seat == "Bob" and v.hand == [c.name for c in bob.hand] and v.discard == []
    assert [p.name for p in v.players] == ["Ann", "Bob", "Cid"]
    assert v.player("Ann").hand_size == 5 and v.player("Ann").deck_size == 5
    assert v.piles["Castles"].cards[0] == "Humble Castle" and v.piles["Castles"].cards_left == 12
    assert v.piles["Silver"].debt_tokens == 1 and v.obelisk == game.obelisk
    assert v.turn.player == "Ann" and v.turn.phase == "action"


def test_every_kind_of_event_survives_a_json_round_trip():
    """Every event type the engine has, as recorded by the project's scenarios
    (every card, Event, Landmark and rule) and random games, comes back unchanged."""
    from a11y_dominion.scenario import run_scenario
    from a11y_dominion.view import EVENT_TYPES
    from casecheck import case_files, load

    seen = {}
    for path in case_files("scenarios") + case_files("cases"):
        data = load(path)
        _code, out = run_scenario({k: v for k, v in data.items() if k in SCENARIO_FIELDS})
        for e in out["events"]:
            again = event_from_data(json.loads(json.dumps(e)))
            assert event_data(again) == e
            seen.setdefault(again.type, again)
    for game, _seats in random_games(count=4, seed=8):
        for e in game.log:
            seen.setdefault(e.type, e)
    assert set(seen) == set(EVENT_TYPES), sorted(set(EVENT_TYPES) - set(seen))
    for e in seen.values():
        assert event_from_data(json.loads(json.dumps(event_data(e)))) == e


SCENARIO_FIELDS = {"players", "kingdom", "events", "landmarks", "seed", "state", "script"}
