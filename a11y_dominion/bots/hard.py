"""The ``hard`` bot: determinized rollouts on top of ``medium``.

At a buy (the moves that decide a game most), it takes as candidates
``medium``'s choice and, while ``medium`` follows its Kingdom's plan, the
next cards of the plan's buy list that can be bought now, ``medium``'s
own valuation's favourite, and ending the Buy phase against a cheap pick;
later ``medium``'s best few buys (those it values near its best) and,
while its best buy is worth little, ending the Buy phase; where only one
is left there is nothing to search. For each candidate it plays games
from a *sampled* position: a game built from its own
:class:`~a11y_dominion.view.PlayerView` alone, the hidden cards (its own
deck, the other players' hands, decks and discard piles) dealt at random
from the cards each player is known to have (the public gains, trashes and
returns, counted by its :class:`~.common.Ledger`). It never reads another
player's hand or deck order: the real game is never copied. Every seat of
a rollout is played by ``medium``.

A rollout plays to the end of the game (``HORIZON`` 0), which counts as
won, tied or lost, with a little for the score margin; with a horizon of
some turns (of all players, so that each has as many) it then judges the
position instead (:func:`position_value`: the score lead plus what each
deck's money and draw will buy in the turns estimated to be left, as a
share of a win). Rollouts run in rounds, every
candidate from the same sampled world in a round, so that candidates are
compared pair by pair (much less noise than apart). A sequential test
drops a candidate once it is clearly no better than ``medium``'s choice
(or could not become clearly better in the time left), and stops the
search once every other candidate is dropped or one is clearly better
than ``medium``'s choice and every other candidate. ``medium``'s choice
stands unless another candidate won clearly more (``SWITCH_Z`` standard
errors and ``SWITCH_MARGIN``). Every other question is answered as
``medium`` answers it.

By default it plays at most ``DEFAULT_ROUNDS`` rounds and thinks at most
``DEFAULT_THINK_MS`` milliseconds per buy, whichever comes first (on a
machine fast enough for the rounds, the default plays as ``--rollouts 50``
does); most searches settle within a few rounds. ``think_ms`` given bounds
the time alone; ``rollouts`` instead bounds the rounds alone (the same view
then always gives the same answer). ``horizon`` N judges every rollout
after N turns.

Its rollouts buy by the Kingdom's plan (``PLAN_ROLLOUTS``): the plan's buy
list while more than ``ENDGAME`` Provinces are left, which costs a few
microseconds a buy where ``medium``'s valuation of every buy costs a
hundred; then ``medium``'s valuation of the buys that score or pay (Victory
cards, Treasures, Events and the plan's own cards). The other answers are
``medium``'s.
"""

from __future__ import annotations

import math
import operator
import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import TypedDict

from ..fastlane import PlainView
from ..rules.cards import CARDS, EVENTS, CardSpec
from ..rules.decisions import END_MOVE, TREASURES_MOVE, Decision, Move, MoveKind, Msg, Option
from ..rules.events import GameEvent
from ..rules.game import Game, GameConfig, Turn
from ..rules.native import mypyc_attr
from ..rules.primitives import shuffle
from ..rules.state import Card, Player, counts_of
from ..rules.turnflow import TurnMoves
from ..strategies import Strategy
from ..table import StopTable, Table
from ..view import PlayerView, QuickView
from .buylist import buys_by_card, first_buy, holds
from .common import TurnOptions, coins_of, counter_of, is_type, pile_members, price
from .medium import ENDGAME, MediumBot, Shared
from .plans import cards_of

DEFAULT_THINK_MS = 1000
DEFAULT_ROUNDS = 50  # the most rounds of rollouts a buy by default (as ``--rollouts 50``), within DEFAULT_THINK_MS
MAX_CANDIDATES = 3
CHEAP = 3  # ending the Buy phase is searched against a plan's pick that costs at most this
PLAN_NEXT = 2  # cards of the plan's buy list, after medium's pick, searched while medium follows the plan
CANDIDATE_GAP = 25.0  # a buy medium values this much below its best is not searched
END_GAP = 25.0  # ending the Buy phase is searched only when medium's best buy is worth less than this
ROLLOUT_ANSWERS = 20000
clock = time.perf_counter  # seconds; the search's only clock (a test may put a counted one in its place)
HORIZON = 0  # turns (of all players) a rollout plays before the position is judged (0: to the end)
MIN_ROUNDS = 4  # rounds of rollouts before the search may stop
SWITCH_Z = 1.5  # how many standard errors another buy must win by to replace medium's
SWITCH_MARGIN = 0.02  # and by at least this much (of a win) on average
STOP_Z = 2.0  # the bound of the sequential test (stricter: it is checked after every round)
MIN_SPREAD = 0.03  # the least spread of paired results assumed
MARGIN_WEIGHT = 0.25  # the share of a rollout's result that is the score margin (less noisy than won/lost)
PLAN_ROLLOUTS = True  # rollouts buy by the Kingdom's plan alone (see _RolloutBot.choose_buy)
EVAL_SCALE = 8.0  # VP of lead that make a position about 73 % won


def _minus(have: Counter[str], seen: list[str]) -> Counter[str]:
    out = Counter(have)
    for n in seen:
        if out[n] > 0:
            out[n] -= 1
    return +out


def _fill(pool: list[str], size: int, rng: random.Random) -> list[str]:
    """``pool`` cut or padded (with Coppers) to ``size`` cards."""
    if len(pool) >= size:
        return pool[:size]
    return pool + ["Copper"] * (size - len(pool))


def sample_game(view: PlayerView, owned: Mapping[str, Counter[str]], seed: int) -> Game:
    """A game at the start of ``view``'s Buy phase built from the view alone:
    every public zone as the view shows it, the hidden cards dealt at random
    from ``owned`` (player name to the :class:`Counter` of cards they are
    known to have). It keeps no events (``keep_log`` False: a rollout's
    events are read by no one). Raises ValueError (or SetupError) when no
    such game can be built."""
    hidden = _deal(view, owned, seed)
    names = [p.name for p in view.players]
    setup = {"Obelisk": view.obelisk} if view.obelisk else None
    game = Game(
        GameConfig(names, list(view.kingdom), list(view.events), list(view.landmarks), seed),
        deal=False,
        setup_choices=setup,
        keep_log=False,
    )
    new = game.new_cards_named
    for pn, pv in view.piles.items():
        pl = game.piles.get(pn)
        if pl is None:
            raise ValueError(f"no pile {pn}")
        if pv.cards is not None:
            pl.cards = new(pv.cards)
        else:
            first = pl.top_spec()
            top = pv.top or (first.name if first is not None else pn)
            game.restock_pile(pl, top, pv.cards_left)  # (numbered as that many new_card calls number them)
        pl.vp_tokens = pv.vp_tokens
        pl.debt_tokens = pv.debt_tokens
    for lm, vp in view.landmarks.items():
        game.landmarks[lm] = vp
    game.trash = new(view.trash)
    for sv, rest in zip(view.players, hidden, strict=True):
        p = game.by_name[sv.name]
        p.in_play = new(sv.in_play)
        p.debt, p.vp_tokens, p.turns_taken = sv.debt, sv.vp_tokens, sv.turns_taken
        if sv.name == view.seat:
            p.hand = new(view.hand)
            p.discard = new(view.discard)
            p.set_aside = new(view.set_aside)
            p.deck = new(rest)
        else:
            cards = new(rest)  # (numbered in the order of the zones below)
            cut = [sv.hand_size, sv.deck_size, sv.discard_size]
            p.hand = cards[: cut[0]]
            p.deck = cards[cut[0] : cut[0] + cut[1]]
            p.discard = cards[cut[0] + cut[1] : cut[0] + cut[1] + cut[2]]
            p.set_aside = cards[cut[0] + cut[1] + cut[2] :]
    t = view.turn
    me = game.by_name[t.player]
    game.turn = Turn(player=me.index, number=t.number, phase="buy", actions=t.actions, buys=t.buys, coins=t.coins)
    game.turn.bought = t.bought
    game.ending = view.ending
    game.resume_in("buy")
    return game


_NAME = operator.attrgetter("name")


_DEALT: list[tuple[PlayerView, Mapping[str, Counter[str]], int, list[list[str]]]] = []
"""The last hidden cards :func:`_deal` dealt, with what it dealt them from (the candidates of a
round of rollouts are played from one sampled world)."""


def _deal(view: PlayerView, owned: Mapping[str, Counter[str]], seed: int) -> list[list[str]]:
    """The hidden cards of each player of ``view``, in order, dealt at random (seeded with
    ``seed``) from ``owned`` (see :func:`sample_game`): for the view's seat its deck, for each
    other player their hand, deck, discard pile and set-aside cards in that order. The same
    lists for the same ``view``, ``owned`` and ``seed`` as the last call (to be read only)."""
    if _DEALT:
        v, o, s, dealt = _DEALT[0]
        if v is view and o is owned and s == seed:
            return dealt
    rng = random.Random(seed)
    dealt = []
    for sv in view.players:
        if sv.name == view.seat:
            rest = list(_minus(owned[sv.name], view.hand + view.discard + view.set_aside + sv.in_play).elements())
            shuffle(rng, rest)  # (what rng.shuffle(rest) does, at hand)
            dealt.append(_fill(rest, sv.deck_size, rng))
        else:
            rest = list(_minus(owned[sv.name], sv.in_play).elements())
            shuffle(rng, rest)
            total = sv.hand_size + sv.deck_size + sv.discard_size + sv.set_aside_size
            dealt.append(_fill(rest, total, rng))
    _DEALT[:] = [(view, owned, seed, dealt)]
    return dealt


class _GameLedger:
    """What a rollout's bot knows of the cards every player has: a rollout plays a game
    of its own, sampled from the hard bot's view (see :func:`sample_game`), whose every
    card is one the hard bot knows of or dealt at random in their place, so its bots
    read the cards from that game itself instead of counting them from events (which
    such a game does not keep). ``of``, ``gained_this_turn``, ``events_bought`` and
    ``returned`` as a :class:`~.common.Ledger` has them (no Event bought and no card
    returned is counted). The seats of one rollout may share one."""

    __slots__ = ("game", "events_bought", "returned", "_counted", "_at", "endgame")

    def __init__(self, game: Game):
        self.game = game
        self.events_bought: dict[str, Counter[str]] = {}
        self.returned: dict[str, Counter[str]] = {}
        self._counted: dict[str, Counter[str]] = {}  # of each player, counted at ``_at`` answers
        self._at = -1
        # the buy list whose endgame buys the rollout's bots value, and those buys (see _endgame_buys)
        self.endgame: tuple[Strategy, list[tuple[Move, bool]]] | None = None

    def of(self, player: str) -> Counter[str]:
        """The cards ``player`` has in the rollout's game, by name: read once per decision
        (the game changes only as an answer is given, and every answer is recorded in
        ``game.answers``) from the counts the game keeps (:meth:`Player.owned_counts`, as a
        seat's view gives them), or counted from the player's zones once a card became another
        (named then as what it became), and then the same Counter (to be left as it is found,
        as a :class:`~.common.Ledger`'s own)."""
        game = self.game
        at = len(game.answers)
        counted = self._counted
        if at != self._at:
            counted.clear()
            self._at = at
        else:
            c = counted.get(player)
            if c is not None:
                return c
        p = game.by_name[player]
        if game.some_card_became:  # (a card in play may be named as the card it became)
            c = counted[player] = Counter(map(_NAME, chain(p.hand, p.deck, p.discard, p.in_play, p.set_aside)))
        else:  # (every card is named as printed: the counts the game keeps, names of none left at 0)
            c = counted[player] = counter_of(p.owned_counts())
        return c

    @property
    def gained_this_turn(self) -> dict[str, int]:
        """The cards the player whose turn it is gained this turn, counted by that player's name."""
        game = self.game
        t = game.turn
        return {game.players[t.player].name: len(t.gained)}

    def tell(self, events: Iterable[GameEvent]) -> None:
        """Nothing to count (see the class)."""


class _Options:
    """A stand-in for a turn decision (a :class:`~.common.TurnOptions`): its legal ``options`` only."""

    __slots__ = ("options",)

    def __init__(self, options: Sequence[Move]):
        self.options = options


_STOP = Move.pay(0)
"""A move never legal: a rollout bot's plain move when its rollout must stop, so that the turn
goes on with a decision, at which :meth:`_RolloutBot.decide` stops the table."""


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (tests derive)
class _RolloutBot(MediumBot):
    """medium in a rollout: stops the rollout's table once ``deadline`` (a
    :func:`clock` value) has passed (``StopTable("time")``), or
    when turn number ``horizon`` begins (``StopTable("horizon")``).

    It reads the cards of every player from the rollout's ``game`` (see
    :class:`_GameLedger`) and hears no events, so the rollout's table is one of
    quiet seats, whose game keeps no events; and it plays its plain turns (no
    Action card in hand) with ``plain_move``, medium's moves without decisions
    (see :mod:`a11y_dominion.fastlane`)."""

    hears_events = False
    reads_scores = False
    quick_view = True

    def __init__(
        self,
        seed: int,
        deadline: float | None,
        horizon: int | None = None,
        game: Game | None = None,
        ledger: _GameLedger | None = None,
    ):
        super().__init__(seed)  # (its random numbers are made only if read: a rollout's bots make no random choice)
        if game is not None:
            self.ledger = ledger if ledger is not None else _GameLedger(game)
        self.deadline = deadline
        self.horizon = horizon
        self.game = game

    def tell(self, events: list[GameEvent]) -> None:
        """Nothing to hear (see the class)."""

    def in_supply(self, view: PlayerView, card: str) -> bool:
        """:meth:`MediumBot.in_supply`, from the one pile's view (not every pile's)."""
        try:
            return view.pile(card).cards_left > 0
        except KeyError:
            return False

    def _stops(self, number: int) -> bool:
        return (self.deadline is not None and clock() > self.deadline) or (
            self.horizon is not None and number >= self.horizon
        )

    def decide(self, d: Decision, view: PlayerView) -> list[Option]:
        """medium's answer, or stop the table when the time is up or the horizon reached."""
        if self.deadline is not None and clock() > self.deadline:
            raise StopTable("time")
        if self.horizon is not None and view.turn.number >= self.horizon:
            raise StopTable("horizon")
        return super().decide(d, view)

    def choose_buy(self, view: PlayerView, d: TurnOptions) -> Move:
        """The rollout's buy: where the Kingdom has a plan (see :mod:`.plans`) and ``PLAN_ROLLOUTS``
        is True, the plan's buy list while more than ``ENDGAME`` Provinces are left (cheap: no
        valuation of every buy), then medium's buy among the Victory cards, Treasures, Events and
        the plan's cards; else medium's buy."""
        plan = (self.plan or {}).get("buylist")
        if plan is None or not PLAN_ROLLOUTS:
            return super().choose_buy(view, d)
        if self.provinces_left(view) > ENDGAME:
            return first_buy(self.ledger, view, d, plan.buy) or _END
        # the endgame: medium's valuation, of the buys that score or pay (and the plan's cards) only
        keep = _ENDGAME_KEEP.get(id(plan))
        if keep is None or keep[0] is not plan:
            keep = _endgame_keep(plan)
        kept, cards = keep[1], keep[2]
        options: list[Move] = []
        pile_top = view.pile_top
        ledger = self.ledger
        if type(ledger) is _GameLedger and view.__dict__.get("_game") is ledger.game:
            # a view of the rollout's game: the buys worth valuing, in the order of the turn's moves
            # (kept for the rollout), each asked about alone
            game = ledger.game
            endgame = ledger.endgame
            if endgame is None or endgame[0] is not plan:
                endgame = ledger.endgame = (plan, _endgame_buys(game, kept, cards))
            legal = game.move_is_legal  # (what ``move in d.options`` asks of a turn's moves)
            p = game.players[game.turn.player]  # (a turn's moves are its player's)
            for m, by_top in endgame[1]:
                if by_top:
                    top = pile_top(m.name)
                    if top is None or not _kept_card(cards, top):
                        continue
                if legal(p, m):
                    options.append(m)
            return super().choose_buy(view, _Options(options))
        for m in d.options:
            if m.kind is _MK_BUY:
                name = m.name
                ok = kept.get(name)  # (by the pile's name where all its cards agree, or for an Event)
                if ok is None:
                    ok = _kept_pile(kept, cards, name)
                if ok == _BY_TOP:  # (a pile whose cards do not all agree)
                    top = pile_top(name)
                    ok = top is not None and _kept_card(cards, top)
                if not ok:
                    continue
            options.append(m)
        return super().choose_buy(view, _Options(options))

    def plain_move(self, v: PlainView) -> Move | tuple[Move, ...]:
        """medium's move in a plain turn of the rollout's game (see
        :class:`~a11y_dominion.fastlane.PlainView`): end the Action phase
        (no Action card in hand) and play every Treasure; then what its Buy
        phase answers, from a view of the game as it is then; :data:`_STOP`
        at the start of a turn when the rollout must stop."""
        t = v.turn
        if t.phase == "action":
            if self._stops(t.number):
                return _STOP
            return _END_TREASURES if v.treasures else _END
        if v.treasures:
            return TREASURES_MOVE
        game = self.game
        assert game is not None
        p = game.players[t.player]
        view = QuickView(game, p.name)
        view.turn.own_number = p.turns_taken + 1  # (the turn being played: not counted as taken yet)
        if v.debt and t.coins:
            return Move.pay(min(v.debt, t.coins))
        if v.debt or t.buys < 1:
            return END_MOVE
        d = _Options(TurnMoves(game, p))  # (listed only when read: a plan's pick is checked alone)
        self.shared = Shared(view, self.ledger)
        try:
            self.reason = self._why = None
            if self.plan is None:
                self.plan = self.make_plan(view)
            return self.choose_buy(view, d)
        finally:
            self.shared = None


_END = END_MOVE
_END_TREASURES = (END_MOVE, TREASURES_MOVE)
_MK_BUY = MoveKind.BUY
_BY_TOP = 2
"""A pile whose buy a rollout's endgame values or not by its top card (its cards do not all agree)."""
_ENDGAME_KEEP: dict[int, tuple[Strategy, dict[str, int], frozenset[str]]] = {}
"""By the id of a plan's buy list: the list, whether a rollout's endgame values a buy from each
pile or of each Event, by its name (see :meth:`_RolloutBot.choose_buy`: 1 or 0, or :data:`_BY_TOP`),
and the list's cards."""


def _endgame_keep(plan: Strategy) -> tuple[Strategy, dict[str, int], frozenset[str]]:
    """The entry of :data:`_ENDGAME_KEEP` for ``plan`` (made and kept, for at most 256 lists)."""
    keep: tuple[Strategy, dict[str, int], frozenset[str]] = (plan, {}, frozenset(cards_of(plan)))
    if len(_ENDGAME_KEEP) >= 256:
        _ENDGAME_KEEP.clear()
    _ENDGAME_KEEP[id(plan)] = keep
    return keep


def _kept_card(cards: frozenset[str], card: str) -> bool:
    """Whether a rollout's endgame values a buy of ``card``: one of the plan's ``cards``, a Victory
    card or a Treasure (see :meth:`_RolloutBot.choose_buy`)."""
    return card in cards or is_type(card, "Victory") or is_type(card, "Treasure")


def _endgame_buys(game: Game, kept: dict[str, int], cards: frozenset[str]) -> list[tuple[Move, bool]]:
    """The buys of ``game`` a rollout's endgame may value (see :meth:`_RolloutBot.choose_buy`), in
    the order of :meth:`~a11y_dominion.rules.turnflow.TurnFlowMixin.turn_options` (the piles, then
    the Events), each with whether its pile's top card decides (:data:`_BY_TOP`)."""
    out: list[tuple[Move, bool]] = []
    for name in chain(game.piles, game.events):
        ok = kept.get(name)
        if ok is None:
            ok = _kept_pile(kept, cards, name)
        if ok:
            out.append((Move.buy(name), ok == _BY_TOP))
    return out


def _kept_pile(kept: dict[str, int], cards: frozenset[str], name: str) -> int:
    """Whether a rollout's endgame values a buy of the Event or from the Supply pile ``name``: 1 for
    an Event, and for a pile whose every card is valued (:func:`_kept_card`); 0 for a pile none of
    whose cards is; :data:`_BY_TOP` for a pile where that depends on its top card; kept in ``kept``."""
    if name in EVENTS:
        ok = 1
    else:
        agree = {_kept_card(cards, c) for c in pile_members(name)}
        ok = int(agree.pop()) if len(agree) == 1 else _BY_TOP
    kept[name] = ok
    return ok


_PACE: dict[str, tuple[int, int]] = {}
"""What a card adds to a deck's pace (see :func:`_deck_pace`), by its printed name: ``(coins, cards drawn)``."""


def _pace_of(spec: CardSpec) -> tuple[int, int]:
    """The coins and the cards drawn a card of the printed card ``spec`` adds to a deck's pace (kept)."""
    if spec.is_("Treasure"):
        pace = (coins_of(spec.name), 0)
    elif spec.is_("Action"):
        pace = (spec.coins, spec.cards)
    else:
        pace = (0, 0)
    _PACE[spec.name] = pace
    return pace


def _deck_pace(cards: list[Card]) -> float:
    """Victory points a turn a deck of ``cards`` (card objects) can be expected
    to buy: from its coins a card and the cards its Actions draw."""
    n = len(cards) or 1
    coins = 0  # (whole numbers: the same sums as in floats)
    draw = 0
    paces = _PACE
    for c in cards:
        sp = c.spec
        pace = paces.get(sp.name) or _pace_of(sp)
        coins += pace[0]
        draw += pace[1]
    hand = 5 + min(4.0, 5 * draw / n)
    money = hand * coins / n
    return min(5.0, max(0.0, money - 3.0)) * 0.8


def position_value(game: Game, seat: str) -> float:
    """How likely ``seat`` is to win the (sampled, unfinished) ``game`` from
    here, 0 to 1: the score lead now plus what each deck's pace is worth
    over the turns estimated to be left (fewer the fewer Provinces and the
    emptier the piles)."""
    me = game.by_name[seat]
    counts = list(counts_of(game.piles).values())
    left = game.piles["Province"].count() if "Province" in game.piles else 0
    if sum(1 for n in counts if not n) >= 2:
        left = min(left, min((n for n in counts if n), default=0))
    turns = 0.6 * left + 0.5

    def worth(p: Player) -> float:
        vp: int = game.score_breakdown(p)["total"]
        return vp + turns * _deck_pace(p.all_cards())

    mine = worth(me)
    best = max(worth(p) for p in game.players if p is not me)
    return 1.0 / (1.0 + math.exp(-(mine - best) / EVAL_SCALE))


class Search(TypedDict, total=False):
    """What :meth:`HardBot.search` found at the last buy it searched (``{}`` before any)."""

    rollouts: int  # rollouts played
    rounds: int  # rounds of rollouts
    seconds: float  # the time the search took
    results: dict[str, float]  # the mean result of each candidate's rollouts, by its move's key
    default: str  # the key of medium's choice
    chosen: str  # the key of the move chosen


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (pickled; hint's tests and benchmarks derive)
class HardBot(MediumBot):
    """The ``hard`` bot (see the module documentation). ``think_ms``: the
    most milliseconds per buy (None: 1,000, with at most ``DEFAULT_ROUNDS``
    rounds); ``rollouts``: at most this many rollouts per candidate instead
    of a time bound (the search is then deterministic); ``horizon``: how many turns a rollout plays before the
    position is judged (0: to the end of the game)."""

    kind = "hard"

    def __init__(
        self, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None, horizon: int | None = None
    ):
        super().__init__(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else max(0, int(think_ms))
        self.rollouts = rollouts
        # the default bounds both the rounds and the time; a time given bounds the time alone
        self.rounds_most = DEFAULT_ROUNDS if think_ms is None and rollouts is None else None
        self.horizon = HORIZON if horizon is None else max(0, int(horizon))
        self.last_search: Search = {}

    def choose_buy(self, view: PlayerView, d: TurnOptions) -> Move:
        """The buy that wins most rollouts among medium's best few."""
        best = super().choose_buy(view, d)
        if self.think_ms == 0 and self.rollouts is None:
            return best
        scored: list[tuple[float, Move]] = []
        for m in d.options:
            if m.kind is not MoveKind.BUY:
                continue
            v = self.buy_value(view, m.name, view.turn.coins)
            if v is not None and v > -40:
                scored.append((v, m))
        scored.sort(key=lambda x: -x[0])
        if scored and scored[0][0] >= 10000:
            return scored[0][1]  # it wins the game now
        cands = self.candidates(view, d, best, scored)
        if len(cands) < 2:
            return best  # one sensible buy: nothing to search
        return self.search(view, cands, best)

    def candidates(self, view: PlayerView, d: TurnOptions, best: Move, scored: list[tuple[float, Move]]) -> list[Move]:
        """The buys worth a search, ``best`` (medium's choice) first. While
        medium follows its Kingdom's plan: the next cards of the plan's buy
        list that can be bought now (whatever the list's conditions say, but
        for Victory cards),
        medium's own valuation's favourite, and ending the Buy phase when
        the plan's pick is cheap; otherwise medium's best few by its
        valuation (near its best) and ending the Buy phase while its best is
        worth little. ``scored``: ``(value, move)`` of every buy medium would
        make, best first."""
        cands = [best]
        top = scored[0][0] if scored else 0.0
        plan = (self.plan or {}).get("buylist")
        if plan is not None and self.provinces_left(view) > ENDGAME:
            ok = {m for v, m in scored if v > -20}
            buys = buys_by_card(view, d)
            for rule in plan.buy:
                m = buys.get(rule.card)
                if m is None or m not in ok or m in cands or len(cands) > PLAN_NEXT:
                    continue
                if not CARDS[rule.card].is_("Victory") or all(holds(self.ledger, view, c) for c in rule.when):
                    cands.append(m)  # (a Victory card only where the list buys it now)
            if scored and scored[0][1] not in cands:
                cands.append(scored[0][1])
            end = Move(MoveKind.END)
            if end not in cands and (best.name in EVENTS or price(view.pile(best.name).top or best.name)[0] <= CHEAP):
                cands.append(end)
            return cands
        for v, m in scored[:MAX_CANDIDATES]:
            if v >= top - CANDIDATE_GAP and m not in cands:
                cands.append(m)
        if Move(MoveKind.END) not in cands and top < END_GAP:
            cands.append(Move(MoveKind.END))
        return cands

    def search(self, view: PlayerView, cands: list[Move], default: Move) -> Move:
        """Rollouts for each of ``cands`` in rounds (every candidate from the
        same sampled world in a round), with a sequential test against
        ``default`` (medium's choice): a candidate is dropped once it is
        clearly no better than ``default`` (or cannot become so in the time
        left), and the search stops once every other candidate is dropped or
        one is clearly better than ``default`` and every other one. Returns
        ``default`` unless another candidate won clearly more."""
        start = clock()
        budget = self.think_ms / 1000.0
        timed = self.rollouts is None
        owned = {p.name: Counter(self.ledger.of(p.name)) for p in view.players}
        seed0 = self.rng.randrange(1 << 30)
        others = [m for m in cands if m != default]
        alive = list(others)
        # paired results: candidate minus default, round by round
        diffs: dict[Move, list[float]] = {m: [] for m in others}
        total = {m: 0.0 for m in cands}
        runs = {m: 0 for m in cands}
        rounds = 0
        rollouts = 0
        deadline = start + budget if timed else None
        most = self.rollouts if self.rollouts is not None else self.rounds_most
        while alive:
            elapsed = clock() - start
            left = 10**6
            if timed:
                per = elapsed / rounds if rounds else 0.0
                if elapsed + per * 1.2 > budget:
                    break
                if per:
                    left = int((budget - elapsed) / per)
            if most is not None:
                if rounds >= most:
                    break
                left = min(left, most - rounds)
            if rounds >= MIN_ROUNDS and self._settled(alive, diffs, left):
                break
            seed = seed0 + rounds
            base = self.rollout(view, owned, default, seed, deadline)
            results: dict[Move, float | None] = {}
            for m in alive:
                if deadline is not None and clock() > deadline:
                    break  # out of time: the round's other rollouts are not started
                results[m] = self.rollout(view, owned, m, seed, deadline)
            rollouts += 1 + len(results)
            rounds += 1
            if base is None:
                continue
            total[default] += base
            runs[default] += 1
            for m, r in results.items():
                if r is not None:
                    total[m] += r
                    runs[m] += 1
                    diffs[m].append(r - base)
        spent = clock() - start
        scored = {m: total[m] / runs[m] for m in cands if runs[m]}
        self.last_search = {
            "rollouts": rollouts,
            "rounds": rounds,
            "seconds": spent,
            "results": {m.key: s for m, s in scored.items()},
            "default": default.key,
        }
        best, best_low = default, 0.0
        for m in others:
            mean, se = _mean_se(diffs[m])
            low = mean - SWITCH_Z * se
            if len(diffs[m]) >= MIN_ROUNDS and mean > SWITCH_MARGIN and low > SWITCH_MARGIN / 2 and low > best_low:
                best, best_low = m, low
        self.last_search["chosen"] = best.key
        if best is not default:
            fields = dict(
                n=runs[best] + runs[default], won=round(100 * scored[best]), other=round(100 * scored[default])
            )
            if default.kind is MoveKind.BUY and default.name:
                self.reason = Msg(
                    "In {n} games played out from here, this won {won} %, and buying {card} instead {other} %.",
                    card=default.name,
                    **fields,
                )
            else:
                self.reason = Msg(
                    "In {n} games played out from here, this won {won} %, and buying nothing {other} %.", **fields
                )
        return best

    @staticmethod
    def _settled(alive: list[Move], diffs: dict[Move, list[float]], left: int) -> bool:
        """Drop from ``alive`` the candidates clearly no better than the
        default, or that cannot become clearly better in ``left`` more
        rounds at the rate they go; True when the search can stop."""
        bounds: dict[Move, tuple[float, float]] = {}
        for m in list(alive):
            ds = diffs[m]
            if len(ds) < MIN_ROUNDS:
                return False
            mean, se = _mean_se(ds)
            k = len(ds)
            sd = se * math.sqrt(k)
            future_se = sd / math.sqrt(k + max(0, left))
            if mean + STOP_Z * se < SWITCH_MARGIN or (mean + se) - SWITCH_Z * future_se < SWITCH_MARGIN / 2:
                alive.remove(m)
                continue
            bounds[m] = (mean - STOP_Z * se, mean + STOP_Z * se)
        if not alive:
            return True
        lead = max(bounds, key=lambda m: bounds[m][0])
        low = bounds[lead][0]
        return low > SWITCH_MARGIN and all(bounds[m][1] < low for m in bounds if m != lead)

    def rollout(
        self, view: PlayerView, owned: Mapping[str, Counter[str]], move: Move, seed: int, deadline: float | None = None
    ) -> float | None:
        """One game from a sampled position after ``move``, played to its end
        or for ``horizon`` turns: 1 won, 0.5 tied, 0 lost, with a little for
        the score margin (a judged position: its :func:`position_value`);
        None: no game."""
        try:
            game = sample_game(view, owned, seed)
            horizon = view.turn.number + self.horizon if self.horizon else None
            seats = {}
            ledger = _GameLedger(game)  # (shared by the seats: what they read of the game is the same)
            for k, p in enumerate(view.players):
                bot = _RolloutBot(seed * 7 + k, deadline, horizon, game, ledger)
                bot.plan = self.plan
                seats[p.name] = bot
            table = Table(game, seats, max_answers=ROLLOUT_ANSWERS)
            game.start()
            d = game.pending
            if d is None or d.player != view.seat or move not in d.options:
                return None
            table.deliver()
            game.answer([move])
            table.run()
            if table.stopped == "horizon":
                return position_value(game, view.seat)
            if table.stopped:
                return None  # out of time: not counted
        except Exception:  # a sampled position the rules cannot go on from: not counted
            return None
        lead = game.score_breakdown(game.by_name[view.seat])["total"] - max(
            game.score_breakdown(p)["total"] for p in game.players if p.name != view.seat
        )
        if not game.game_over:
            won = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        elif view.seat in game.winners:
            won = 1.0 if len(game.winners) == 1 else 0.5
        else:
            won = 0.0
        margin = 1.0 / (1.0 + math.exp(-lead / EVAL_SCALE))
        return (1 - MARGIN_WEIGHT) * won + MARGIN_WEIGHT * margin


def _mean_se(ds: list[float]) -> tuple[float, float]:
    """Mean of ``ds`` and its standard error (with a floor on the spread)."""
    k = len(ds)
    if not k:
        return 0.0, 1.0
    mean = sum(ds) / k
    var = sum((x - mean) ** 2 for x in ds) / max(1, k - 1)
    return mean, math.sqrt(max(var, MIN_SPREAD**2) / k)
