"""Plain turns (``fastlane.PlainTurns``): a table of bots that hear no events
plays the turns that ask nothing (no Action in hand, only basic Treasures,
no ability on the way) with the bots' ``plain_move`` instead of decisions.
The game must be exactly the game played with decisions: the same answers
recorded, the same cards in the same zones (by card number), the same
tokens, turn, random state and winners; also when a turn limit or an answer
bound stops the table in the middle, and when the record is replayed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.record import dumps, load_record, make_record, replay
from a11y_dominion.rules.cards import EVENTS, LANDMARKS
from a11y_dominion.rules.decisions import END_MOVE
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table, TurnLimit


class Counted:
    """A bot whose decisions are counted; with ``plain`` False its plain moves
    are hidden, so that it answers every decision."""

    def __init__(self, bot, plain: bool):
        self.bot = bot
        self.asked = 0
        if plain and hasattr(bot, "plain_move"):
            self.plain_move = self._plain_move

    def _plain_move(self, v):
        # the cards left that the game keeps for its planners are the piles' own, at every move
        assert v.left == {name: pl.count() for name, pl in v._game.piles.items()}
        return self.bot.plain_move(v)

    def __getattr__(self, name):
        if name == "plain_move":
            raise AttributeError(name)
        return getattr(self.bot, name)

    def decide(self, d, view):
        self.asked += 1
        return self.bot.decide(d, view)

    def tell(self, events):
        self.bot.tell(events)


def snapshot(g: Game):
    """Everything the two ways of playing must agree on."""
    zones = []
    for p in g.players:
        for zone in ("hand", "deck", "discard", "in_play", "set_aside"):
            zones.append((p.name, zone, [(c.uid, c.name) for c in getattr(p, zone)]))
        zones.append((p.name, p.debt, p.vp_tokens, p.turns_taken, p.owned, p.returned, p.events_bought))
    for pl in g.piles.values():
        zones.append((pl.name, [c.uid for c in pl.cards], pl.debt_tokens, pl.vp_tokens))
    t = g.turn
    return {
        "zones": zones,
        "trash": [c.uid for c in g.trash],
        "answers": [list(a) for a in g.answers],
        "winners": list(g.winners),
        "over": g.game_over,
        "ending": g.ending,
        "landmarks": dict(g.landmarks),
        "turn started": g.turn_started,
        "rng": g.rng.getstate(),
        "turn": (
            t.player,
            t.number,
            t.phase,
            t.actions,
            t.buys,
            t.coins,
            t.bought,
            [c.uid for c in t.played],
            t.gained,
        ),
    }


def play(kinds, kingdom, seed, plain, limit=60, most=None, extras=None):
    k, e, lm = choose_setup(kingdom, None, None, seed)
    if extras is not None:
        e, lm = extras
    names = [f"P{i + 1}" for i in range(len(kinds))]
    g = Game(GameConfig(names, k, e, lm, seed), keep_log=False)
    bots = {}
    for i, kind in enumerate(kinds):
        bot = make_bot(kind, seed * 7 + i)
        bots[names[i]] = Counted(bot, plain)
    seats = {name: TurnLimit(b, limit) for name, b in bots.items()}
    result = Table(g, seats, max_answers=most).run()
    return result, snapshot(g), sum(b.asked for b in bots.values()), g


def test_a_big_money_mirror_plays_every_turn_but_the_first_without_a_decision():
    result, plain, asked, g = play(["bigmoney", "bigmoney"], "basic-intro", 3, True)
    assert result is None and g.game_over
    assert asked == 0  # every turn of this game is plain, the first too
    assert len(g.answers) > 100
    result2, decided, asked2, g2 = play(["bigmoney", "bigmoney"], "basic-intro", 3, False)
    assert result2 is None
    assert plain == decided
    assert asked2 == len(g2.answers) > 100


def test_a_medium_mirror_plays_its_plain_turns_without_decisions():
    """medium reads the cards each player has from its view and hears no events, so its plain turns
    (no Action in hand) are played by its plain moves: the same game as with a decision at every move."""
    for seed in (1, 2, 3):
        result, plain, asked, g = play(["medium", "medium"], "basic-intro", seed, True, 100)
        result2, decided, asked2, g2 = play(["medium", "medium"], "basic-intro", seed, False, 100)
        assert result is None and result2 is None and g.game_over
        assert plain == decided
        assert asked2 == len(g2.answers)
        assert asked < len(g.answers) / 2, (asked, len(g.answers))  # most answers without a decision


KINDS = st.sampled_from(
    [
        ["bigmoney", "bigmoney"],
        ["bigmoney", "bigmoney", "bigmoney"],
        ["bigmoney", "random"],
        ["random", "bigmoney", "bigmoney", "bigmoney"],
        ["bigmoney", "medium"],
        ["medium", "medium"],
        ["medium", "easy", "smithy"],
        ["bigmoney"] * 6,
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kinds=KINDS,
    kingdom=st.sampled_from(["basic-intro", "random", "advanced-intro"]),
    seed=st.integers(0, 10**6),
    stop=st.sampled_from([(60, None), (5, None), (60, 31), (9, 77)]),
)
def test_plain_turns_make_the_game_played_with_decisions(kinds, kingdom, seed, stop):
    limit, most = stop
    a = play(kinds, kingdom, seed, True, limit, most)
    b = play(kinds, kingdom, seed, False, limit, most)
    assert a[0] == b[0]  # the same end: over, or stopped for the same reason
    assert a[1] == b[1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kinds=st.sampled_from(
        [["bigmoney", "bigmoney"], ["bigmoney", "bigmoney", "bigmoney", "random"], ["medium", "medium"]]
    ),
    seed=st.integers(0, 10**6),
    events=st.lists(st.sampled_from(sorted(EVENTS)), max_size=2, unique=True),
    landmarks=st.lists(st.sampled_from(sorted(LANDMARKS)), max_size=2, unique=True),
)
def test_plain_turns_with_every_event_and_landmark_make_the_same_game(kinds, seed, events, landmarks):
    """Events and Landmarks that act at a buy, a gain, the end of a turn or put Debt on piles (Tax) stop
    a turn being plain where they act, and nowhere else."""
    a = play(kinds, "basic-intro", seed, True, 40, None, (events, landmarks))
    b = play(kinds, "basic-intro", seed, False, 40, None, (events, landmarks))
    assert a[0] == b[0]
    assert a[1] == b[1]


def test_the_record_of_a_game_of_plain_turns_replays_to_the_same_game():
    result, plain, _asked, g = play(["bigmoney", "bigmoney"], "basic-intro", 11, True)
    assert result is None
    again = replay(load_record(dumps(make_record(g))))
    assert again.game_over and again.winners == g.winners
    assert snapshot(again) == plain
    assert again.log  # a replay keeps its events: the record holds the game, not the way it was played


def test_a_kingdom_with_merchant_plays_its_turns_plain_while_no_merchant_is_in_play():
    """Merchant gives a coin when a Silver is played while it is in play: in a Kingdom with Merchant, a
    turn with no Merchant in play runs no ability as its Treasures are played, so it is plain."""
    kingdom = "Merchant,Village,Smithy,Market,Festival,Cellar,Chapel,Moat,Militia,Mine"
    result, plain, asked, g = play(["bigmoney", "bigmoney"], kingdom, 5, True)
    assert result is None and g.game_over
    assert "Merchant" in g.card_names
    assert asked == 0  # (Big Money buys no Merchant: every turn is plain)
    result2, decided, asked2, g2 = play(["bigmoney", "bigmoney"], kingdom, 5, False)
    assert result2 is None and plain == decided
    assert asked2 == len(g2.answers) > 100


def test_plays_run_nothing_asks_what_a_card_in_play_would_answer():
    """plays_run_nothing says whether an ability runs as a player's Treasures are played: never in a
    Kingdom without such an ability, and in one with Merchant only while a Merchant is in the
    player's play area (or a lasting effect may act)."""
    from a11y_dominion.rules.triggers import Ends, Lasting

    basic = Game(GameConfig(["A", "B"], choose_setup("basic-intro", None, None, 1)[0], [], [], 1))
    a = basic.players[0]
    coppers = [c for c in a.hand if c.name == "Copper"]
    assert coppers and basic.plays_run_nothing(a, coppers)
    k = ["Merchant", "Village", "Smithy", "Market", "Festival", "Cellar", "Chapel", "Moat", "Militia", "Mine"]
    game = Game(GameConfig(["A", "B"], k, [], [], 1))
    a, b = game.players
    silvers = game.new_cards_named(["Silver", "Silver"])
    a.hand += silvers
    assert game.plays_run_nothing(a, silvers)
    b.in_play = game.new_cards_named(["Merchant"])  # (another player's Merchant does nothing for A)
    assert game.plays_run_nothing(a, silvers)
    a.in_play = game.new_cards_named(["Merchant"])
    assert not game.plays_run_nothing(a, silvers)
    a.in_play = []
    game.lasting.append(Lasting("Test", "A", Ends.AFTER_THIS_TURN))
    assert not game.plays_run_nothing(a, silvers)


@pytest.mark.pure_python  # derives a class from Game, which a compiled Game does not allow
def test_a_quiet_bot_with_plain_moves_is_not_asked_where_end_is_its_one_move():
    """At a table of quiet bots, a bot that plays plain turns is not asked where ending the turn is
    its one legal move (its Buy used, as the plain turns end it): the table answers end, and the game
    is the one where it is asked."""
    only_end: list = []

    class Watch(Counted):
        def decide(self, d, view):
            if d.kind == "turn" and list(d.options) == [END_MOVE]:
                only_end.append(d.prompt)
            return super().decide(d, view)

    class Made(Game):
        made = 0  # the turn decisions the game made

        def _turn_decision(self, p):
            self.made += 1
            return super()._turn_decision(p)

    def run(plain: bool):
        # Basilica acts at a buy that leaves 2 coins: such a buy, and the end of its turn, are decisions
        g = Made(GameConfig(["P1", "P2"], choose_setup("basic-intro", None, None, 4)[0], [], ["Basilica"], 4))
        g.keep_log = False
        bots = {n: Watch(make_bot("bigmoney", 4 * 7 + i), plain) for i, n in enumerate(("P1", "P2"))}
        assert Table(g, bots, max_answers=20000).run() is None
        return snapshot(g), sum(b.asked for b in bots.values()), g.made

    plain, asked, made = run(True)
    assert only_end == [] and made > 5 and asked < made  # (ended by the table, not asked)
    decided, asked2, made2 = run(False)
    assert len(only_end) > 5  # (with its moves hidden it is asked, end alone at the end of most turns)
    assert plain == decided and asked2 == made2 == len(decided["answers"])
