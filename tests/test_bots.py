"""The bots: bmu's buy rule, medium (and easy, hard) over whole games on
many Kingdoms, the Landmarks medium must play to, privacy (same view, same
answer) and the hard bot's time bound."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest

from a11y_dominion.bots.bmu import BMUBot, bmu_buy
from a11y_dominion.bots.common import money_total
from a11y_dominion.bots.easy import EasyBot
from a11y_dominion.bots.hard import HardBot, position_value, sample_game
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.kingdoms import kingdom_piles, random_setup
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.cards import CARDS, EVENTS, LANDMARKS, PILES
from a11y_dominion.rules.decisions import Kind, Move, MoveKind
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.scenario import load_scenario
from a11y_dominion.seats import parse_seats
from a11y_dominion.simulate import simulate
from a11y_dominion.table import Table
from a11y_dominion.view import player_view


# ------------------------------------------------------------------ bmu
@pytest.mark.parametrize(
    "money, coins, provinces, want",
    [
        (19, 8, 8, "Province"),
        (18, 8, 8, "Gold"),  # the money must be more than 18
        (18, 8, 4, "Duchy"),
        (19, 5, 4, "Duchy"),
        (10, 6, 3, "Duchy"),
        (10, 6, 5, "Gold"),
        (10, 5, 6, "Duchy"),
        (10, 5, 7, "Silver"),
        (10, 4, 2, "Estate"),
        (10, 2, 2, "Estate"),
        (10, 2, 3, None),
        (10, 3, 3, "Silver"),
        (30, 8, 1, "Province"),
        (30, 7, 1, "Duchy"),
    ],
)
def test_bmu_buy_rule(money, coins, provinces, want):
    assert bmu_buy(money, coins, provinces, lambda pile: True) == want


class CheckedBMU:
    """A bmu seat that records, at each buy, its move and the rule's move for the real money in its deck."""

    kind = "bmu"
    hears_events = True

    def __init__(self, bot: BMUBot, game: Game, name: str):
        self.bot, self.game, self.name = bot, game, name
        self.seen: list = []

    def tell(self, events):
        self.bot.tell(events)

    def decide(self, d, view):
        ans = self.bot.decide(d, view)
        t = view.turn
        treasures = any(c in ("Copper", "Silver", "Gold") for c in view.hand)
        if d.kind is Kind.TURN and t.phase == "buy" and ans[0].kind in (MoveKind.BUY, MoveKind.END):
            if not t.bought and not view.me.debt and not treasures:
                me = self.game.by_name[self.name]
                money = money_total(Counter(c.name for c in me.all_cards()))
                left = view.pile("Province").cards_left
                rule = bmu_buy(money, t.coins, left, lambda pile: Move.buy(pile) in d.options)
                self.seen.append((ans[0], Move.buy(rule) if rule else Move(MoveKind.END)))
        return ans


def test_bmu_buys_by_its_rule_in_whole_games():
    """Every buy of a bmu seat is the rule's pile for the real money in its deck."""
    checked = 0
    for seed in range(4):
        game = Game(GameConfig(["Ann", "Bob"], kingdom_piles()[:10], [], [], seed))
        seat = CheckedBMU(BMUBot(seed), game, "Ann")
        assert Table(game, {"Ann": seat, "Bob": make_bot("bigmoney", 9)}, max_answers=20000).run() is None
        assert seat.seen and all(a == b for a, b in seat.seen), [x for x in seat.seen if x[0] != x[1]][:3]
        checked += len(seat.seen)
    assert checked > 40


# ------------------------------------------------------------------ whole games
def setups() -> list:
    """Kingdoms that give every Kingdom pile, Event and Landmark at least once, then random ones."""
    piles = kingdom_piles()
    events = list(EVENTS)
    landmarks = list(LANDMARKS)
    extras = [("e", e) for e in events] + [("l", lm) for lm in landmarks]
    out = []
    rng = random.Random(5)
    n = max((len(piles) + 9) // 10, (len(extras) + 1) // 2)
    for i in range(n):
        k = [piles[(i * 10 + j) % len(piles)] for j in range(10)]
        two = extras[2 * i : 2 * i + 2] or [extras[rng.randrange(len(extras))]]
        out.append((k, [x for t, x in two if t == "e"], [x for t, x in two if t == "l"]))
    for i in range(20):
        out.append(random_setup(random.Random(100 + i)))
    return out


def _bought(game: Game, player: str) -> list:
    return [e.card for e in game.log if isinstance(e, ev.CardBought) and e.player == player]


@pytest.mark.parametrize("kind", ["medium", "easy"])
def test_whole_games_on_many_kingdoms(kind):
    """Whole games end with no refused answer (a refused one raises), buy Kingdom
    cards and never a Curse."""
    with_kingdom_cards = 0
    all_setups = setups()
    for i, (k, e, lm) in enumerate(all_setups):
        game = Game(GameConfig(["Ann", "Bob"], k, e, lm, i))
        seats = {"Ann": make_bot(kind, i), "Bob": make_bot("medium" if i % 2 else "bmu", i + 50)}
        assert Table(game, seats, max_answers=60000).run() is None, (k, e, lm)
        assert game.game_over
        bought = _bought(game, "Ann")
        assert "Curse" not in bought
        kingdom_cards = {c for pn in game.kingdom for c in PILES[pn].card_names}
        if kingdom_cards & set(bought):
            with_kingdom_cards += 1
    assert with_kingdom_cards >= 0.9 * len(all_setups)


def test_medium_plays_every_card_event_and_landmark():
    """Each Action and Treasure of the project starts in a medium seat's hand (its pile in the
    Kingdom, an Event and a Landmark beside it); the games end with no refused answer and
    medium plays the card; over the setups it buys Events."""
    piles = kingdom_piles()
    extras = list(EVENTS) + list(LANDMARKS)
    cards = [c for pn in piles for c in PILES[pn].card_names]
    playable = [
        c
        for c in cards
        if PILES[next(pn for pn in piles if c in PILES[pn].card_names)]
        and ("Action" in CARDS[c].types or "Treasure" in CARDS[c].types)
    ]
    not_played = []
    for i, card in enumerate(playable):
        home = next(pn for pn in piles if card in PILES[pn].card_names)
        others = [pn for pn in piles if pn != home]
        random.Random(i).shuffle(others)
        x = extras[i % len(extras)]
        data = {
            "players": ["Ann", "Bob"],
            "kingdom": [home] + others[:9],
            "events": [x] if x in EVENTS else [],
            "landmarks": [x] if x in LANDMARKS else [],
            "state": {
                "players": {
                    "Ann": {
                        "hand": [card, "Copper", "Copper", "Silver", "Estate"],
                        "deck": START[:5] + ["Gold", "Silver"],
                    },
                    "Bob": {"hand": ["Copper"] * 3 + ["Estate", "Moat"], "deck": START},
                },
                "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
            },
            "script": [],
        }
        game, _ = load_scenario(data)
        ann, bob = MediumBot(i), MediumBot(i + 1)  # (each reads the cards of the position from its view)
        assert Table(game, {"Ann": ann, "Bob": bob}, max_answers=60000).run() is None, card
        assert game.game_over, card
        if not any(isinstance(e, ev.CardPlayed) and e.player == "Ann" and e.card == card for e in game.log):
            not_played.append(card)
    assert len(not_played) <= 0.1 * len(playable), not_played
    events = set()
    for i, (k, e, lm) in enumerate(setups()):
        game = Game(GameConfig(["Ann", "Bob"], k, e, lm, i))
        assert Table(game, {"Ann": MediumBot(i), "Bob": MediumBot(i + 1)}, max_answers=60000).run() is None
        events |= {x.event for x in game.log if isinstance(x, ev.EventBought)}
    assert len(events) >= 4, events


def test_hard_plays_a_whole_game_with_fixed_rollouts():
    k, e, lm = random_setup(random.Random(3))
    game = Game(GameConfig(["Ann", "Bob"], k, e, lm, 3))
    hard = HardBot(3, rollouts=1)
    assert Table(game, {"Ann": hard, "Bob": MediumBot(4)}, max_answers=60000).run() is None
    assert game.game_over and hard.last_search["rollouts"] > 0


def test_seat_kinds():
    seats = parse_seats("Ann:human,B:easy,C:medium,D:hard,E:bmu")
    assert [s.kind for s in seats] == ["human", "easy", "medium", "hard", "bmu"]
    with pytest.raises(ValueError) as err:
        parse_seats("Ann:human,B:expert")
    assert str(err.value) == (
        "expert is not a seat kind; use human or a bot: bigmoney, random, bmu, easy, medium, hard."
    )
    assert isinstance(make_bot("easy", 1), EasyBot)
    assert make_bot("hard", 1, think_ms=5).think_ms == 5


# ------------------------------------------------------------------ Landmarks
def position(
    landmarks, coins, cards, provinces=8, kingdom=None, piles=None, in_play=(), obelisk=None, events=(), plans=False
):
    """A buy-phase position for the bot "Bot" (no Treasures in hand, ``coins`` to spend);
    ``cards`` are all its cards (in its deck). Returns (medium bot, decision, view); the bot
    buys by its own valuation alone unless ``plans`` (then by its Kingdom plan, see bots/plans.py)."""
    state = {
        "players": {
            "Bot": {"deck": list(cards), "in_play": list(in_play)},
            "Opp": {"deck": ["Copper"] * 7 + ["Estate"] * 3},
        },
        "piles": {"Province": {"count": provinces}, **(piles or {})},
        "turn": {"player": "Bot", "phase": "buy", "coins": coins, "buys": 1, "actions": 0, "number": 11},
    }
    if obelisk:
        state["obelisk"] = obelisk
    data = {
        "players": ["Bot", "Opp"],
        "kingdom": kingdom
        or ["Village", "Smithy", "Cellar", "Moat", "Chapel", "Workshop", "Mine", "Harbinger", "Militia", "Moneylender"],
        "landmarks": list(landmarks),
        "events": list(events),
        "state": state,
        "script": [],
    }
    game, _script = load_scenario(data)
    bot = MediumBot(1, plans=plans)
    table = Table(game, {"Bot": bot, "Opp": MediumBot(2)})
    game.start()
    table.deliver()
    d = game.pending
    assert d.player == "Bot" and d.kind is Kind.TURN
    return bot, d, table.view("Bot")


def buy(landmarks, coins, cards, **kw):
    bot, d, view = position(landmarks, coins, cards, **kw)
    (m,) = bot.decide(d, view)
    return m.name if m.kind is MoveKind.BUY else None


START = ["Copper"] * 7 + ["Estate"] * 3


def test_bandit_fort_no_silver():
    assert buy([], 3, START) == "Silver"
    assert buy(["Bandit Fort"], 3, START) != "Silver"


def test_wall_no_junk_in_a_big_deck():
    deck = START + ["Silver"] * 6 + ["Gold"] * 4
    assert buy([], 2, deck, provinces=2) == "Estate"
    assert buy(["Wall"], 2, deck, provinces=2) is None


def test_wolf_den_buys_the_second_copy():
    deck = START + ["Smithy"]
    assert buy([], 4, deck) == "Silver"
    assert buy(["Wolf Den"], 4, deck) == "Smithy"


def test_obelisk_goes_for_its_pile():
    assert buy([], 3, START) == "Silver"
    assert buy(["Obelisk"], 3, START, obelisk="Village") == "Village"


def test_tower_empties_a_pile_it_holds():
    deck = START + ["Village"] * 3 + ["Gold"] * 3
    assert buy([], 3, deck, provinces=4, piles={"Village": {"count": 1}}) == "Silver"
    assert buy(["Tower"], 3, deck, provinces=4, piles={"Village": {"count": 1}}) == "Village"


def test_basilica_buys_with_2_coins_to_spare():
    deck = START + ["Silver"] * 4 + ["Gold"] * 2
    assert buy([], 7, deck, provinces=5) == "Gold"
    bot, d, view = position(["Basilica"], 7, deck, provinces=5)
    (m,) = bot.decide(d, view)
    assert m.kind is MoveKind.BUY and CARDS[view.pile(m.name).top].cost.coins <= 5  # 2 coins left: 2 VP


def test_colonnade_buys_a_copy_of_what_is_in_play():
    deck = START + ["Silver"] * 3
    assert buy([], 4, deck, provinces=5, in_play=["Smithy"]) == "Silver"
    assert buy(["Colonnade"], 4, deck, provinces=5, in_play=["Smithy"]) == "Smithy"


def test_curse_is_never_bought():
    assert buy(["Defiled Shrine"], 0, START) is None
    bot, d, view = position([], 1, START)
    assert bot.buy_value(view, "Curse", 1) is None


def test_mountain_pass_bids_what_the_vp_are_worth():
    bot, d, view = position(["Mountain Pass"], 8, START + ["Gold"] * 4)
    game_view = view
    from a11y_dominion.rules.decisions import Decision, Purpose

    low = Decision(
        "Bot", Kind.NUMBER, Purpose.BID, "bid", ["pass"] + [str(n) for n in range(1, 41)], source="Mountain Pass"
    )
    high = Decision(
        "Bot", Kind.NUMBER, Purpose.BID, "bid", ["pass"] + [str(n) for n in range(21, 41)], source="Mountain Pass"
    )
    (b,) = bot.decide(low, game_view)
    assert b.isdigit() and 1 <= int(b) <= 8
    assert bot.decide(high, game_view) == ["pass"]


def test_trashing_keeps_a_deck_that_can_buy_a_province():
    bot, d, view = position([], 0, START)
    assert bot.trash_ok(view, "Curse", Counter())
    assert bot.trash_ok(view, "Estate", Counter())
    assert not bot.trash_ok(view, "Copper", Counter())  # 7 coins in all: it could never buy a Province
    bot, d, view = position([], 0, START + ["Gold"] * 3 + ["Silver"] * 2)
    assert bot.trash_ok(view, "Copper", Counter())
    bot, d, view = position(["Fountain"], 0, START + ["Gold"] * 3 + ["Copper"] * 3)
    assert not bot.trash_ok(view, "Copper", Counter())  # 10 Coppers: Fountain's 15 VP


# ------------------------------------------------------------------ privacy
def _checkpoints(kind_maker, seed: int, every: int = 23, most: int = 12):
    """(replayed game, answer of a copy of the deciding bot) at some decisions of a game
    between bots made by ``kind_maker``; the game is rebuilt by replaying its answers."""
    k, e, lm = random_setup(random.Random(seed))
    config = GameConfig(["Ann", "Bob"], k, e, lm, seed)
    game = Game(config)
    bots = {"Ann": kind_maker(seed), "Bob": kind_maker(seed + 1)}
    table = Table(game, bots)
    game.start()
    found = 0
    n = 0
    while game.pending is not None and found < most:
        table.deliver()
        d = game.pending
        bot = bots[d.player]
        if n % every == 0:
            found += 1
            yield game, config, d, bot
        ans = bot.decide(d, table.view(d.player))
        game.answer(ans)
        n += 1


def _shuffled_copy(config, answers, seat, rng):
    """The same game replayed, then every card hidden from ``seat`` dealt again at random:
    the other players' hands, decks and discard piles, and ``seat``'s own deck order."""
    g = Game(config)
    g.start()
    for a in answers:
        g.answer(a)
    for p in g.players:
        if p.name == seat:
            rng.shuffle(p.deck)
            continue
        pool = p.hand + p.deck + p.discard
        rng.shuffle(pool)
        h, dk = len(p.hand), len(p.deck)
        p.hand[:], p.deck[:], p.discard[:] = pool[:h], pool[h : h + dk], pool[h + dk :]
    return g


@pytest.mark.parametrize(
    "maker", [MediumBot, EasyBot, lambda s: HardBot(s, rollouts=1)], ids=["medium", "easy", "hard"]
)
def test_same_view_same_answer(maker):
    """Shuffling the cards a bot cannot see changes neither its view nor its answer."""
    rng = random.Random(0)
    compared = 0
    for game, config, d, bot in _checkpoints(maker, 11):
        other = _shuffled_copy(config, list(game.answers), d.player, rng)
        v1 = player_view(game, d.player, scores=False)
        v2 = player_view(other, d.player, scores=False)
        assert v1.to_data() == v2.to_data()
        a1 = copy.deepcopy(bot).decide(d, v1)
        a2 = copy.deepcopy(bot).decide(other.pending, v2)
        assert a1 == a2, (d.prompt, a1, a2)
        compared += 1
    assert compared >= 8


def test_sampled_position_matches_the_view():
    """hard's sampled game shows the bot exactly its own view (its hidden cards are dealt anew)."""
    for game, _config, d, bot in _checkpoints(lambda s: HardBot(s, rollouts=1), 12, every=7, most=40):
        v = player_view(game, d.player, scores=False)
        if d.kind is not Kind.TURN or v.turn.phase != "buy" or v.turn.player != d.player:
            continue
        owned = {p.name: Counter(bot.counts(v).of(p.name)) for p in v.players}
        sampled = sample_game(v, owned, 5)
        sampled.start()
        s = player_view(sampled, d.player, scores=False)
        for f in ("hand", "discard", "set_aside", "trash", "landmarks", "kingdom", "events"):
            assert getattr(s, f) == getattr(v, f), f
        assert s.piles == v.piles
        for a, b in zip(s.players, v.players, strict=True):
            assert (a.hand_size, a.deck_size, a.discard_size, a.in_play, a.debt) == (
                b.hand_size,
                b.deck_size,
                b.discard_size,
                b.in_play,
                b.debt,
            )
        return
    pytest.fail("no buy decision found")


def _zones(game: Game) -> list:
    return [
        [(c.uid, c.name) for c in getattr(p, zone)]
        for p in game.players
        for zone in ("hand", "deck", "discard", "in_play", "set_aside")
    ] + [[(c.uid, c.name) for c in game.trash], [(pl.name, pl.count()) for pl in game.piles.values()]]


def test_the_candidates_of_a_round_are_played_from_one_sampled_world():
    """A round's candidates are played from one sampled game: its hidden cards are dealt once per seed
    (and again for another seed or view), the same cards with the same numbers every time."""
    d, view, told = next(_buy_positions(6, 1))
    bot = HardBot(6, rollouts=1)
    bot.tell(told)
    owned = {p.name: Counter(bot.ledger.of(p.name)) for p in view.players}
    first = _zones(sample_game(view, owned, 3))
    assert _zones(sample_game(view, owned, 3)) == first
    other = _zones(sample_game(view, owned, 4))
    assert _zones(sample_game(view, owned, 3)) == first
    assert [first[i] for i in (0, 2, 3, 8, 10, 11)] == [other[i] for i in (0, 2, 3, 8, 10, 11)]  # (public)
    assert (first[1], first[5]) != (other[1], other[5])  # Ann's deck, Bob's hand: dealt anew


def test_a_rollouts_ledger_counts_the_cards_again_after_each_answer():
    """The cards a rollout's bots read are counted once per decision: after an answer, anew."""
    from a11y_dominion.bots.hard import _GameLedger

    kingdom = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Workshop"]
    game = Game(GameConfig(["Ann", "Bob"], kingdom, [], [], 2), keep_log=False)
    ledger = _GameLedger(game)
    game.start()
    before = ledger.of("Ann")
    assert before == Counter({"Copper": 7, "Estate": 3}) and ledger.of("Ann") is before
    game.answer([Move(MoveKind.END)])  # (Ann ends her Action phase)
    game.answer([Move(MoveKind.TREASURES)])
    coins = game.turn.coins
    buy = "Silver" if coins >= 3 else "Copper"
    game.answer([Move.buy(buy)])
    assert ledger.of("Ann") == before + Counter({buy: 1}) and ledger.of("Ann") is not before


# ------------------------------------------------------------------ hard's time
def _searches(hard: HardBot, most: int) -> list:
    """The ``last_search`` records of ``hard``'s first ``most`` searches, seated as Ann against
    ``medium`` in a seeded game on a random Kingdom."""
    k, e, lm = random_setup(random.Random(8))
    game = Game(GameConfig(["Ann", "Bob"], k, e, lm, 8))
    searches: list = []

    class Counted:
        hears_events = True

        def tell(self, events):
            hard.tell(events)

        def decide(self, d, view):
            before = hard.last_search
            ans = hard.decide(d, view)
            if hard.last_search is not before:
                searches.append(hard.last_search)
            return ans

    table = Table(game, {"Ann": Counted(), "Bob": MediumBot(9)}, max_answers=60000)
    game.start()
    while game.pending is not None and len(searches) < most:
        table.deliver()
        d = game.pending
        seat = table.seats[d.player]
        game.answer(seat.decide(d, table.view(d.player)))
    return searches


def test_hard_respects_think_ms(monkeypatch):
    """The search stops at its budget by its own clock: a counted clock that moves 1 ms at each
    read (work measured, not the machine's speed) sees every search end within the 60 ms budget
    and a few reads past it."""
    from a11y_dominion.bots import hard as hard_module

    ticks = itertools.count()
    monkeypatch.setattr(hard_module, "clock", lambda: next(ticks) / 1000.0)
    spent = [s["seconds"] for s in _searches(HardBot(8, think_ms=60), 8)]
    assert len(spent) >= 8
    assert max(spent) <= 0.06 + 0.005, spent
    assert max(spent) >= 0.03, spent  # the budget was used, not a search that stopped at once


def test_hard_by_default_plays_at_most_its_default_rounds(monkeypatch):
    """By default the search stops after DEFAULT_ROUNDS rounds however much time is left: with a
    clock that never moves, every search of a game ends within that many rounds, and some use
    them all (a search bounded by time alone would go on to its own test's end)."""
    from a11y_dominion.bots import hard as hard_module

    monkeypatch.setattr(hard_module, "clock", lambda: 0.0)
    rounds = [s["rounds"] for s in _searches(HardBot(8), 12)]
    assert len(rounds) >= 12
    assert max(rounds) == hard_module.DEFAULT_ROUNDS, rounds


def _buy_positions(seed: int, most: int):
    """(decision, view, told events) at the first ``most`` buys of Ann with 3 coins or more in a game of
    two medium bots; the events are what Ann was told up to there."""
    k, e, lm = random_setup(random.Random(seed))
    game = Game(GameConfig(["Ann", "Bob"], k, e, lm, seed))
    told: list = []

    class Ears(MediumBot):
        def tell(self, events):
            told.extend(events)
            super().tell(events)

    table = Table(game, {"Ann": Ears(seed), "Bob": MediumBot(seed + 1)}, max_answers=60000)
    game.start()
    found = 0
    while game.pending is not None and found < most:
        table.deliver()
        d = game.pending
        view = table.view(d.player)
        if d.player == "Ann" and d.kind is Kind.TURN and view.turn.phase == "buy" and view.turn.coins >= 3:
            if any(m.kind is MoveKind.BUY for m in d.options) and not view.turn.bought:
                found += 1
                yield d, view, list(told)
        game.answer(table.seats[d.player].decide(d, view))


def test_hard_search_settles_early_and_is_the_same_twice():
    """With a bound of 30 rounds, the sequential test stops some searches sooner; two bots with the
    same seed and the same told events give the same answer after the same rollouts."""
    rounds = []
    for d, view, told in _buy_positions(5, 6):
        results = []
        for _ in range(2):
            bot = HardBot(5, rollouts=30)
            bot.tell(told)
            bot.last_search = {}
            answer = bot.decide(d, view)
            results.append((answer, bot.last_search.get("rounds"), bot.last_search.get("results")))
        assert results[0] == results[1]
        if results[0][1] is not None:
            rounds.append(results[0][1])
    assert rounds and all(r <= 30 for r in rounds)
    assert min(rounds) < 30, rounds


def test_position_value_weighs_score_and_deck():
    """A judged position: even at the start, ahead with a Province, ahead with Golds for Coppers."""
    k, e, lm = random_setup(random.Random(4))
    game = Game(GameConfig(["Ann", "Bob"], k, e, lm, 4))
    game.start()
    assert position_value(game, "Ann") == pytest.approx(0.5)
    ann, bob = game.by_name["Ann"], game.by_name["Bob"]
    ann.discard.append(game.new_card("Province"))
    assert position_value(game, "Ann") > 0.6 and position_value(game, "Bob") == pytest.approx(
        1 - position_value(game, "Ann")
    )
    ann.discard.pop()
    for zone in (bob.hand, bob.deck, bob.discard):
        for i, c in enumerate(zone):
            if c.spec.name == "Copper":
                zone[i] = game.new_card("Gold")
    assert position_value(game, "Bob") > 0.6


def test_hard_rollout_to_the_end_or_judged():
    """horizon 0 plays a rollout to the end (a result near won or lost); the default judges a position."""
    d, view, told = next(_buy_positions(6, 1))
    for horizon in (0, 6):
        bot = HardBot(6, rollouts=1, horizon=horizon)
        bot.tell(told)
        bot.plan = bot.make_plan(view)
        owned = {p.name: Counter(bot.counts(view).of(p.name)) for p in view.players}
        values = [bot.rollout(view, owned, Move(MoveKind.END), seed) for seed in range(4)]
        assert all(v is not None and 0 <= v <= 1 for v in values)
        if horizon == 0:
            assert all(v <= 0.25 or v >= 0.75 for v in values), values


_PLAIN_MOVES: list = []


def _rollout_answers(view, owned: dict, plan: dict, move: Move, seed: int, lane: bool) -> tuple:
    """The answers, and the final zones, of one rollout game of hard from ``view`` after ``move``,
    its bots playing their plain turns by the plain lane (``lane``) or every move by a decision."""
    from a11y_dominion.bots.hard import _RolloutBot

    class Decided(_RolloutBot):
        plain_move = None  # (no plain moves: every move is asked)

    class Plain(_RolloutBot):
        def plain_move(self, v):
            _PLAIN_MOVES.append(v.turn.number)
            return super().plain_move(v)

    game = sample_game(view, owned, seed)
    game.keep_log = False
    kind = Plain if lane else Decided
    seats = {}
    for k, p in enumerate(view.players):
        bot = kind(seed * 7 + k, None, view.turn.number + 6, game)
        bot.plan = plan
        seats[p.name] = bot
    table = Table(game, seats, max_answers=20000)
    game.start()
    table.deliver()
    game.answer([move])
    stopped = table.run()
    zones = [[c.name for c in p.hand + p.deck + p.discard + p.in_play] for p in game.players]
    return stopped, [[str(a) for a in ans] for ans in game.answers], zones


def test_rollouts_by_the_plain_lane_are_the_rollouts_played_with_decisions():
    """A rollout's bots play their plain turns without decisions (medium's buys from a view of the
    rollout's own game): the same moves, so the same game, as with a decision at every move."""
    compared = horizons = 0
    _PLAIN_MOVES.clear()
    for seed in (6, 7, 8):
        for _d, view, told in itertools.islice(_buy_positions(seed, 40), 0, 40, 8):
            bot = HardBot(seed, rollouts=1)
            bot.tell(told)
            plan = bot.make_plan(view)
            owned = {p.name: Counter(bot.counts(view).of(p.name)) for p in view.players}
            for r in range(3):
                with_lane = _rollout_answers(view, owned, plan, Move(MoveKind.END), r, lane=True)
                asked = _rollout_answers(view, owned, plan, Move(MoveKind.END), r, lane=False)
                assert with_lane == asked
                assert with_lane[0] in ("horizon", None)  # (None: the game ended sooner)
                compared += 1
                horizons += with_lane[0] == "horizon"
    assert compared >= 30 and horizons >= 25 and len(_PLAIN_MOVES) >= 60


def test_simulate_passes_think_ms():
    res = simulate(["hard", "bmu"], "basic-intro", games=1, seed=2, think_ms=0)
    assert res["errors"] == [] and res["unfinished"] == []
    assert sum(res["wins"].values()) + res["ties"] == 1
