"""Plain turns at hand: an accelerator for tables of bots that hear no events.

A bot that has a ``plain_move`` (see :class:`PlainView`) can play its plain
turns (no lasting effect; no Action card in hand and only Treasures that give
+Actions, +Buys and coins; no ability on the way) without decisions: the
table installs :class:`PlainTurns` as the game's ``accelerator`` (see
:attr:`~a11y_dominion.rules.base.GameBase.accelerator`), which the game runs
at the start of each turn's Action phase. It asks the bots for their moves
and carries them out by the rules' own steps, so the game, its answers and
its record are those of the game played with decisions
(``tests/test_plain_turns.py`` and ``tests/test_speed_guard.py`` hold it to
that). The rules never call it or a bot themselves: it lives here, outside
them, and only a table that installs it uses it.
"""

from __future__ import annotations

from typing import Any, Final

from .rules import events as ev
from .rules.cards import CardSpec
from .rules.decisions import END_MOVE, TREASURES_MOVE, Move, MoveKind, Option
from .rules.dispatch import _NO_ABILITIES
from .rules.game import Game
from .rules.state import Card, Player, Turn, counts_of
from .rules.triggers import Moment
from .rules.turnflow import TurnMoves, plays_on_treasures, treasure_order
from .view import QuickView

# Enum members at hand as globals (see rules/turnflow.py)
_AT_AFTER_TURN: Final = Moment.AFTER_TURN
_AT_END_OF_TURN: Final = Moment.END_OF_TURN
_AT_START_OF_BUY: Final = Moment.START_OF_BUY
_AT_START_OF_CLEANUP: Final = Moment.START_OF_CLEANUP
_AT_START_OF_TURN: Final = Moment.START_OF_TURN
_MK_BUY: Final = MoveKind.BUY
_MK_END: Final = MoveKind.END
_MK_PAY: Final = MoveKind.PAY
_MK_PLAY: Final = MoveKind.PLAY
_MK_TREASURES: Final = MoveKind.TREASURES

_TREASURES: Final = TREASURES_MOVE
_END: Final = END_MOVE
# the answers a plain turn records most: lists shared by every answer of that move, as no one changes a
# recorded answer
_ANSWER_END: Final[list[Option]] = [_END]
_ANSWERS_END_TREASURES: Final[tuple[list[Option], ...]] = ([_END], [_TREASURES])
_ANSWERS_END_TREASURES_END: Final[tuple[list[Option], ...]] = ([_END], [_TREASURES], [_END])
_ONE_CARD_PILES: Final = frozenset(("basic", "kingdom"))  # the kinds of pile whose cards are all one card


_NOT_A_MOVE: Final = object()
_SHAPES_MOST: Final = 256  # the answers of planners whose shape is kept (a planner answers with a few tuples)

_Shape = tuple[Any, Any, tuple[list[Option], ...], tuple[list[Option], ...], str]
_SHAPES: Final[dict[int, _Shape]] = {}
"""What the planners' answers are, by their id (see :func:`_shape_of`), kept
for every game: at most ``_SHAPES_MOST``."""


def _shape_of(got: Any) -> _Shape:
    """What a planner's answer ``got`` (a move, or moves in a tuple) is to
    the plain turns: ``(got, third, answers, answers_end, name)``, where
    ``third`` is None unless ``got`` starts with end and "play treasures";
    then the move after them when that is the last, end or a buy, and
    ``_NOT_A_MOVE`` otherwise. For a buy, ``answers`` are the answers the
    three moves are recorded as, ``answers_end`` those and an end, and
    ``name`` the name bought. ``got`` is held so that its id stays its own;
    the shape is kept (in ``_SHAPES``) while there is room."""
    # (``got`` as given, kept apart: compiled, ``got`` narrowed below to a tuple of 3 is unboxed, and
    # boxed again as a new tuple, whose id would not be its own)
    held: object = got
    shape: _Shape = (held, None, (), (), "")
    if type(got) is tuple and len(got) >= 2 and got[0] is _END and got[1] is _TREASURES:
        shape = (held, _NOT_A_MOVE, (), (), "")
        if len(got) == 3:
            move = got[2]
            if move is _END:
                shape = (held, _END, (), (), "")
            elif move.kind is _MK_BUY:
                answers = (*_ANSWERS_END_TREASURES, [move])
                shape = (held, move, answers, (*answers, [_END]), move.name)
    if len(_SHAPES) < _SHAPES_MOST:
        _SHAPES[id(held)] = shape  # (the shape holds the moves, so their id stays theirs)
    return shape


# the bits of _plain_kind
_PLAIN_TREASURE: Final = 1
_PLAIN_LAST: Final = 2
_PLAIN_BONUS: Final = 4
_NOT_PLAIN: Final = 8
_ODD: Final = 1000  # the ``plain_value`` of a card that makes a turn not plain (or not worked out yet)


def _plain_kind(r: CardSpec) -> int:
    """How a card in hand with rules ``r`` takes part in a plain turn (see
    :class:`PlainTurns`), kept in ``r.plain_kind``: 0 for a
    card that cannot be played (no Action, no Treasure: a Victory card, a
    Curse); for a Treasure that "play treasures" plays, that gives only
    +Actions, +Buys and coins and has no ability (a basic Treasure),
    ``_PLAIN_TREASURE``, with ``_PLAIN_LAST`` when "play treasures" plays it
    after the others and ``_PLAIN_BONUS`` when it gives +Actions or +Buys;
    ``_NOT_PLAIN`` for any other (an Action, a Treasure with text, +Cards, VP
    tokens or an ability, or one that asks), which makes the turn not plain.
    Also sets ``r.plain_value``: 1 more than its coins for a basic Treasure,
    0 for a card that cannot be played, ``_ODD`` for any other, so that the
    sum of the values of a hand's Treasures tells whether each is a basic
    Treasure (below ``_ODD``) and, less their number, their coins."""
    kind = r.plain_kind
    if kind < 0:
        types = r.types
        if "Action" in types:
            kind = _NOT_PLAIN
        elif "Treasure" not in types:
            kind = 0
        else:
            plain = plays_on_treasures(r) and r.play is None and "Attack" not in types
            abilities = r.triggers or r.while_in_play or r.reactions
            if plain and not abilities and not r.cards and not r.vp_tokens:
                kind = _PLAIN_TREASURE
                if r.played_last:
                    kind |= _PLAIN_LAST
                if r.actions or r.buys:
                    kind |= _PLAIN_BONUS
            else:
                kind = _NOT_PLAIN
        r.plain_kind = kind
        r.plain_value = r.coins + 1 if kind == _PLAIN_TREASURE else 0 if kind == 0 else _ODD
    return kind


class PlainView:
    """What a bot's ``plain_move`` reads in a plain turn (see
    :class:`PlainTurns`), set by the game before each move:
    ``turn``, the turn as it is (the game's own :class:`Turn`, to be read
    only: its ``phase``, ``actions``, ``buys``, ``coins``, ``bought``);
    ``debt`` (the player's Debt); ``treasures`` (whether "play treasures" is
    a legal move); ``coins_after`` and ``buys_after``, the coins and Buys
    the player has once "play treasures" has played every Treasure in hand
    (the turn's own while there is none to play); ``left``, the number of
    cards in each Supply pile by name (to be read only; kept by the game
    while its plain turns go on); and, read when asked, whether a move is
    legal now. Public facts and the bot's own only, as a view is; for more,
    :meth:`view` gives the player's own view and :meth:`options` their legal
    moves, as a decision would."""

    __slots__ = ("_game", "_player", "turn", "debt", "treasures", "coins_after", "buys_after", "left")

    def __init__(self, game: Game, player: Player) -> None:
        self._game = game
        self.left: dict[str, int] = {}
        self._player = player
        self.turn = game.turn
        self.debt = 0
        self.treasures = False
        self.coins_after = self.buys_after = 0

    def legal(self, move: Move) -> bool:
        """Whether ``move`` is a legal turn move of the player now."""
        return self._game.move_is_legal(self._player, move)

    def options(self) -> TurnMoves:
        """The player's legal turn moves now, as a turn decision at a table of bots has them
        (listed only when read, in its order; ``move in`` them asks the rules directly)."""
        return TurnMoves(self._game, self._player)

    def view(self) -> QuickView:
        """The player's own :class:`~a11y_dominion.view.QuickView` now (what a decision of the
        turn would come with: valid until the next move), its turn counted as theirs (the turn's
        record is made only as the plain turns end)."""
        v = QuickView(self._game, self._player.name, self.left)  # (the cards left, as kept here)
        turn = v.turn
        turn.own_number = self._player.turns_taken + 1  # (the turn being played: not counted as taken yet)
        turn.bidding = False  # (no bid is asked for in a plain turn)
        return v


class PlainTurns:
    """The accelerator of plain turns for ``game`` (see the module
    documentation): ``planners`` holds for each player (by index) None or
    the ``(plain_move, view, turn limit)`` of a bot that plays its plain
    turns without decisions (``view`` a :class:`PlainView` of that player,
    ``turn limit`` None or the last of its own turns it may play); plain
    turns stop at ``answers_most`` answers (``len(game.answers)``), so that
    a table's bound on answers is met as with decisions. Installed as
    ``game.accelerator`` by a table of quiet bots for a game whose
    ``keep_log`` is False."""

    def __init__(self, game: Game, planners: list[Any], answers_most: float) -> None:
        self.game = game
        self.planners = planners
        self.answers_most = answers_most

    def __call__(self, p: Player, t: Turn) -> tuple[str, Move | None]:
        """Play ``p``'s turn ``t`` (just started, in its Action phase), and the
        turns after it, with the moves of the players' planners (see
        :class:`PlainTurns`) instead of decisions, for as long as the turns are
        plain: no lasting effect; no Action card in hand and only Treasures
        that give +Actions, +Buys and coins (see :func:`_plain_kind`); no
        ability at the start of the Buy phase or of Clean-up, at the end of
        the turn or after it, at the start of the next, when a card is played,
        bought or gained. Each move is checked as an answer is, recorded in
        :attr:`~a11y_dominion.rules.game.Game.answers` as that answer, and carried out as the answer would
        be, by the same steps, so the game, its answers and its record are
        those of the game played with decisions. Used only while
        ``keep_log`` is False: the events that would not be kept are not made.

        Returns ``(phase, carry)``: "over" when the game ended; "next" when a
        turn ended and the next one (``game.turn``) is to be started; else the
        current turn (``game.turn``, which may be a later one, already
        started) goes on with decisions in ``phase``: "action" (nothing done
        in it yet), "buy" (``carry``: a move already answered, a buy with an
        ability or an Event, for the Buy phase to carry out first; or None),
        or "cleanup". Stops before a move that the turn limit or the answer
        bound of the planner's table would not let it answer."""
        game = self.game
        if game.lasting or game.keep_log:
            return "action", None
        planners = self.planners
        entry = planners[p.index]
        if entry is None:
            return "action", None
        trigger = game.trigger
        if trigger(_AT_START_OF_BUY, p) is not _NO_ABILITIES:
            return "action", None
        # what the turns need is the same for every turn of the loop: no cards of new names are
        # made in it (which could bring new abilities), no lasting effect, no card in play but
        # plain Treasures (which have no abilities); where some card of the game has an ability when
        # a card is played, whether one runs is asked turn by turn (plays_run_nothing)
        plays_plain = game._no_play_abilities()
        plays_run_nothing = game.plays_run_nothing
        cleanup_plain = all(
            trigger(m, p) is _NO_ABILITIES for m in (_AT_START_OF_CLEANUP, _AT_END_OF_TURN, _AT_AFTER_TURN)
        )
        start_plain = trigger(_AT_START_OF_TURN, p) is _NO_ABILITIES
        answers, most = game.answers, self.answers_most
        players, piles = game.players, game.piles
        legal, only_end = game.move_is_legal, game.only_end_is_legal
        play_plains, start_buy_phase = game.play_plains, game.start_buy_phase
        buy_plain, clean_up_plain = game.buy_plain, game.clean_up_plain
        met: bool | None = None  # the end condition, once worked out (it changes only when a pile does)
        # the TurnStarted record (what views read for the turn's number) of the last turn started here
        # is made once, as the loop is left, as no one reads it before: of the current turn (``p``'s
        # turn ``t``) when ``started_here``, else of ``started`` when that is set (as a turn ended)
        started_here = False
        started: tuple[str, int, int] | None = None
        room = most - 3  # the answers before which a turn made at once (3 or 4 answers) fits in the bound
        views = [entry[1] for entry in planners if entry is not None]
        # the cards left in each pile, kept here as the buys below take them (nothing else takes or
        # puts back a card in a plain turn): what the planners read
        left = counts_of(piles)
        for v in views:
            v.turn = t
            v.left = left
        # whether a buy from a pile of one card (its top is the same card until it is empty) runs no
        # ability, by the pile's name, as ``buy_runs_nothing`` said at its first buy here (nothing it
        # reads changes during plain turns: no lasting effect, no card with abilities in play)
        runs_nothing: dict[str, bool] = {}
        shapes = _SHAPES
        try:
            while True:
                plan, view, limit = entry
                if limit is not None and (not started_here or p.turns_taken >= limit):
                    if started_here:
                        own = p.turns_taken + 1
                    else:
                        e = game.turn_started
                        own = e.number if e is not None and e.player == p.name else p.turns_taken + 1
                    if own > limit:
                        return "action", None
                hand = p.hand
                auto: list[Card] = []  # the Treasures in hand ("play treasures" plays them all)
                value = 0  # the sum of their plain values (see _plain_kind)
                for c in hand:
                    v = c.rules.plain_value
                    if v:
                        auto.append(c)
                        value += v
                if value < _ODD:  # (the commonest: basic Treasures and cards that cannot be played only)
                    coins = value - len(auto)  # what playing them gives
                    buys = 0
                    if auto:
                        if not plays_plain and not plays_run_nothing(p, auto):
                            return "action", None
                        treasures = _PLAIN_TREASURE  # the plain kinds of the Treasures in hand, or-ed
                    else:
                        treasures = 0
                else:
                    treasures = coins = buys = 0
                    auto = []
                    for c in hand:
                        r = c.rules
                        ck = r.plain_kind
                        if ck < 0:
                            ck = _plain_kind(r)
                        if not ck:
                            continue
                        if ck & _NOT_PLAIN:
                            return "action", None
                        treasures |= ck
                        auto.append(c)
                        coins += r.coins
                    if auto:
                        if not plays_plain and not plays_run_nothing(p, auto):
                            return "action", None
                        if treasures & _PLAIN_BONUS:
                            for c in auto:
                                buys += c.rules.buys
                        treasures |= _PLAIN_TREASURE
                # ---- the Action and Buy phases
                done = False  # the turn's moves made (at once, below)
                queue: tuple[Move, ...]  # moves the planner gave at once, still to be made (from ``at``)
                if treasures and len(answers) < room:
                    view.debt = p.debt  # (its turn is this Turn: see ``views``)
                    view.treasures = True
                    view.coins_after = t.coins + coins
                    view.buys_after = t.buys + buys
                    got = plan(view)
                    shape = shapes.get(id(got)) or _shape_of(got)
                    third = shape[1]
                    if third:
                        # the commonest turn: the planner ends the Action phase (always legal) and plays
                        # its Treasures (legal: Treasures in hand that "play treasures" plays, nothing
                        # bought yet), then ends the turn (always legal) or buys (as legal as
                        # move_is_legal says), after which end is often the one legal move
                        start_buy_phase(p)
                        if treasures & _PLAIN_LAST:
                            treasure_order(auto)
                        # (the coins they give, read above, when they give nothing else: the hand read once)
                        play_plains(p, auto, None if treasures & _PLAIN_BONUS else coins)
                        if third is _END:
                            answers += _ANSWERS_END_TREASURES_END
                            done = True
                        else:
                            at = 2
                            if third is not _NOT_A_MOVE:  # a buy
                                name = shape[4]
                                if runs_nothing.get(name) and legal(p, third):
                                    met = buy_plain(p, piles[name], met)
                                    left[name] -= 1
                                    if only_end(p):  # (the move the planner would be asked for)
                                        answers += shape[3]
                                        done = True
                                    else:
                                        answers += shape[2]
                                        at = 3
                                else:
                                    answers += _ANSWERS_END_TREASURES
                            else:
                                answers += _ANSWERS_END_TREASURES
                            if not done:  # (the turn goes on move by move, from ``at``)
                                phase = "buy"
                                treasures = coins = buys = 0
                                queue = got
                    else:
                        phase, at = "action", 0
                        queue = (got,) if type(got) is not tuple else got
                else:
                    phase, at = "action", 0
                    queue = ()
                while not done:
                    if len(answers) >= most:
                        return phase, None
                    if at < len(queue):
                        move = queue[at]
                        at += 1
                    elif only_end(p):
                        move = _END  # the one legal move
                    else:
                        view.debt = p.debt  # (its turn is this Turn: see ``views``)
                        view.treasures = bool(treasures) and legal(p, _TREASURES)
                        view.coins_after = t.coins + coins
                        view.buys_after = t.buys + buys
                        got = plan(view)
                        if type(got) is tuple:
                            queue, at = got, 1
                            move = got[0]
                        else:
                            move = got
                    if not legal(p, move):
                        return phase, None  # asked again with a decision, and refused as an answer is
                    kind = move.kind
                    if phase == "action":
                        if kind is _MK_PLAY:
                            return phase, None  # (an Action: none in hand; a Treasure: carried over as below)
                        # a move of the Buy phase ends the Action phase and is carried over to it
                        answers.append([move])
                        start_buy_phase(p)
                        phase = "buy"
                        if kind is _MK_END:
                            continue
                    else:
                        answers.append([move])
                    if kind is _MK_END:
                        break
                    if kind is _MK_BUY:  # a legal one
                        name = move.name
                        pl = piles.get(name)
                        if pl is None:
                            return "buy", move  # an Event
                        plain = runs_nothing.get(name)
                        if plain is None:
                            top = pl.top
                            assert top is not None
                            plain = game.buy_runs_nothing(p, top)
                            if pl.kind in _ONE_CARD_PILES:
                                runs_nothing[name] = plain
                        if not plain:
                            return "buy", move
                        met = buy_plain(p, pl, met)
                        left[name] -= 1
                        if at >= len(queue) and len(answers) < most and only_end(p):
                            answers.append(_ANSWER_END)  # the one legal move now
                            break
                    elif kind is _MK_TREASURES:
                        if treasures & _PLAIN_LAST:
                            treasure_order(auto)
                        play_plains(p, auto)
                        treasures = coins = buys = 0
                        auto = []
                    elif kind is _MK_PAY:
                        game.pay_debt(p, move.amount)
                    else:  # a Treasure played (no Action is in hand)
                        card = next(c for c in hand if c.name == move.name)
                        game.play_plain(p, card)
                        auto.remove(card)
                        r = card.rules
                        coins -= r.coins
                        buys -= r.buys
                        treasures = 0
                        for c in auto:
                            treasures |= c.rules.plain_kind
                # ---- Clean-up, then after the turn: what the turn loop does when no ability runs
                if not cleanup_plain:
                    return "cleanup", None
                if clean_up_plain(p, met):
                    if started_here:
                        started, started_here = (p.name, p.turns_taken, t.number), False
                    return "over", None
                # (the same Turn, set up anew as the next: the views read it on)
                if not start_plain:
                    if started_here:  # (the turn that ended)
                        started, started_here = (p.name, p.turns_taken, t.number - 1), False
                    return "next", None
                # ---- the start of the next turn, at hand
                p = players[t.player]
                started_here = True
                entry = planners[p.index]
                if entry is None:
                    return "action", None
        finally:
            if started_here:
                game.turn_started = ev.TurnStarted(p.name, p.turns_taken + 1, t.number)
            elif started is not None:
                game.turn_started = ev.TurnStarted(*started)
