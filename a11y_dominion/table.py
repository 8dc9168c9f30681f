"""The table: the one host that owns a game, its record and its seats.

A :class:`Table` is the only loop that asks seats for answers. Every kind
of seat goes through it: console humans, bots, scenario scripts and (over
the network) remote players. The seat protocol is small and plain data:

- ``seat.tell(events)``: the events this seat may know, in order, already
  redacted for it (:func:`a11y_dominion.view.redact`);
- ``seat.decide(decision, view)``: the :class:`~a11y_dominion.rules.decisions.Decision`
  addressed to this seat with the seat's own
  :class:`~a11y_dominion.view.PlayerView`; returns the answer (a list of
  option keys; for a turn one :class:`~a11y_dominion.rules.decisions.Move`),
  or an awaitable of it for a seat that answers much later (a person at
  another computer);
- optionally ``seat.refused(decision, message)``: the answer was refused,
  with the reason (a :class:`~a11y_dominion.rules.decisions.Msg`); the game
  is unchanged and the same decision is asked again.
- optionally ``seat.relearn(events)``: forget everything and know ``events``,
  the events this seat may know from the start of the game (redacted for
  it). Every seat whose answers depend on what it heard (every bot: see
  :class:`~a11y_dominion.seats.LazyBot`) has it. When the table goes on with
  another game (:meth:`Table.replace_game`: a resumed, hosted-again, loaded
  or undone game, one put back after a fault), it is the one path by which
  such a seat learns that game: from its start, never only from the point
  where it was handed over, so it knows what it knew when the game first
  reached that point.

Optional flags let a seat that reads little (a bot) skip work it has no
use for: ``reads_scores = False`` (its views come without the scores),
``quick_view = True`` (its view is a :class:`~a11y_dominion.view.QuickView`,
whose fields are built when read, valid while the decision is pending; with
``reads_turn = False`` as well, a :class:`~a11y_dominion.view.LazyTurnView`, whose
turn too is built only when read, for a seat that reads it at few decisions) and
``hears_events = False`` (its ``tell`` does nothing, so the events are not
redacted for it); and ``hears``, a set of event classes: the only events its
``tell`` reads (a bot that counts cards), so that it is told only those, in
order (and not told at all when there is none). At a table where every seat is quick, the options of a
turn decision are listed only when read (see
:class:`~a11y_dominion.rules.turnflow.TurnMoves`).

:meth:`Table.run` drives the game synchronously (bots, scripts: answers at
once); :meth:`Table.run_async` under ``asyncio``, awaiting each answer, so
that other tasks (queries and chat of other seats, an SSH server) go on
while one seat thinks. Decisions, answers, views and events cross the seat
boundary as values that survive a JSON round trip unchanged.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .fastlane import PlainTurns, PlainView
from .rules.decisions import END_MOVE, Decision, IllegalAnswer, Kind, Msg
from .rules.events import GameEvent
from .rules.game import Game, Player
from .rules.native import mypyc_attr
from .view import LazyTurnView, PlayerView, QuickView, player_view, redact_all, turn_view

_new = object.__new__
_KIND_TURN = Kind.TURN


class Seat(Protocol):
    """What the table needs of a seat: ``decide``. The rest (``tell``,
    ``refused``, ``relearn``, ``meet`` and the flags) is optional and read
    with ``getattr`` (see the module documentation)."""

    def decide(self, decision: Decision, view: PlayerView, /) -> Any:
        """The answer to ``decision`` (a list of keys, for a turn one
        :class:`~a11y_dominion.rules.decisions.Move`), or an awaitable of it."""


class Bot(Seat, Protocol):
    """A seat that is told the events (a bot): ``tell`` receives the events
    it may know (redacted), in order; what it returns is not read."""

    def tell(self, events: list[GameEvent], /) -> object:
        """Receive the events this seat may know (redacted), in order."""


Decide = Callable[[Decision, PlayerView], Any]
"""A seat's ``decide``: the answer to a decision given the seat's view, or an awaitable of it."""


def quiet_seat(seat: Any) -> bool:
    """A seat that reads a :class:`QuickView` without scores and hears no events (a bot)."""
    return (
        getattr(seat, "quick_view", False)
        and not getattr(seat, "reads_scores", True)
        and not getattr(seat, "hears_events", True)
    )


class StopTable(Exception):
    """Raised by a seat's ``decide`` to stop the table (the player quit, a
    script ran out); :meth:`Table.run` returns ``reason``."""

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason)
        self.reason = reason


_SEAT_CONSTANTS = ("kind", "quick_view", "reads_scores", "reads_turn", "hears_events", "hears")
_ABSENT = object()


@mypyc_attr(native_class=False)  # (its other attributes are its bot's, read by __getattr__)
class TurnLimit:
    """A bot seat that stops the table when a turn beyond ``limit`` (counted
    for the player whose turn it is) asks it anything; otherwise it is the
    bot (every other attribute is the bot's). At a table of quiet seats the
    table checks the limit itself and asks the bot directly (the same
    answers, one call less per decision)."""

    def __init__(self, bot: Bot, limit: int) -> None:
        self.bot = bot
        self.limit = limit
        # what a table reads of every seat, kept at hand (constants of the bot's kind): read through
        # __getattr__ each time, they were a tenth of a short simulated game's setting up
        for name in _SEAT_CONSTANTS:
            value = getattr(bot, name, _ABSENT)
            if value is not _ABSENT:
                self.__dict__[name] = value
        self.__dict__["meet"] = getattr(bot, "meet", None)  # (None: the bot learns nothing of the people)

    def __getattr__(self, name: str) -> Any:
        if name == "bot":
            raise AttributeError(name)
        return getattr(self.bot, name)

    def tell(self, events: list[GameEvent]) -> None:
        """Passed on to the bot."""
        self.bot.tell(events)

    def decide(self, d: Decision, view: PlayerView) -> Any:
        """The bot's answer; raises :class:`StopTable` past the turn limit."""
        if view.turn.own_number > self.limit:
            raise StopTable(self.stop_reason())
        return self.bot.decide(d, view)

    def stop_reason(self) -> str:
        """The sentence the table stops with past the limit."""
        return f"The game did not end within {self.limit} turns."


@mypyc_attr(native_class=False)  # (a test replaces its submit)
class Table:
    """The host of one game.

    ``game``: the :class:`~a11y_dominion.rules.game.Game` (started by the
    table if it was not); ``seats``: player name to seat, one for every
    player. ``told[name]`` is how far into ``game.log`` a seat was told.
    ``max_answers`` bounds :meth:`run` (a stalled bot game); None for no bound.
    ``autosave``: None, or an object whose ``answered(game, player, answer)``
    is called after every accepted answer (:class:`~a11y_dominion.autosave.Autosave`).
    ``before`` and ``submitter``: the answers the game had before the last answer submitted, and
    whose it was, so that the game can be put back after an engine fault.
    """

    def __init__(self, game: Game, seats: Mapping[str, Seat], max_answers: int | None = None) -> None:
        missing = [p.name for p in game.players if p.name not in seats]
        if missing:
            raise ValueError(f"no seat for {', '.join(missing)}")
        self.game = game
        self.seats = dict(seats)
        self.max_answers = max_answers
        self.told = {name: 0 for name in self.seats}
        self.stopped: str | None = None
        self.autosave: Any = None
        self.before = len(game.answers)  # the answers the game had before the last one submitted
        self.submitter: str | None = None  # the seat that submitted it (after an engine fault: who is told)
        self.onlookers: list[Callable[[], object]] = []  # called after each delivery (a server's watchers)
        self._quick_moves()
        # the seats that tell their events to a person learn who at the table are people
        people = frozenset(
            name for name, seat in self.seats.items() if getattr(seat, "kind", "") in ("human", "remote")
        )
        for seat in self.seats.values():
            meet = getattr(seat, "meet", None)
            if meet is not None:
                meet(people)

    def _quick_moves(self) -> None:
        """A table of quick seats only (bots) lets the game list turn moves only when read."""
        if all(getattr(s, "quick_view", False) for s in self.seats.values()):
            self.game.quick_moves = True

    # ------------------------------------------------------------ views
    def view(self, name: str) -> PlayerView:
        """The :class:`PlayerView` of the seat ``name`` now. A seat whose
        ``reads_scores`` is False (bots) gets it without the scores."""
        seat = self.seats.get(name)
        if getattr(seat, "quick_view", False) and not getattr(seat, "reads_scores", True):
            return (QuickView if getattr(seat, "reads_turn", True) else LazyTurnView)(self.game, name)
        return player_view(self.game, name, scores=getattr(seat, "reads_scores", True))

    def events_for(self, name: str, start: int = 0) -> list[GameEvent]:
        """The events of the game from index ``start`` as the seat ``name`` may receive them."""
        return redact_all(self.game.log[start:], name)

    def deliver(self) -> None:
        """Tell every seat the events it has not been told yet (redacted for it)."""
        end = len(self.game.log)
        for name, seat in self.seats.items():
            start = self.told[name]
            if start < end:
                self.told[name] = end
                tell = getattr(seat, "tell", None)
                if tell is not None and getattr(seat, "hears_events", True):
                    events = self.game.log[start:end]
                    only = getattr(seat, "hears", None)
                    if only is not None:
                        events = [e for e in events if type(e) in only]
                        if not events:
                            continue
                    tell(redact_all(events, name))
        for hear in self.onlookers:
            hear()

    def replace_game(self, game: Game, told: int | None = None) -> None:
        """Go on with ``game`` (a resumed or loaded game, or the same game replayed
        to an earlier point); seats are told from index ``told`` (default: its
        end). A seat with ``relearn`` (a bot) first learns the events before
        ``told`` from the game's start (redacted for it), as it would have heard
        them had it sat at this game from its start."""
        self.game = game
        self._quick_moves()
        end = len(game.log) if told is None else told
        self.told = {name: min(end, len(game.log)) for name in self.seats}
        for name, seat in self.seats.items():
            relearn = getattr(seat, "relearn", None)
            if relearn is not None:
                relearn(redact_all(game.log[: self.told[name]], name))

    # ------------------------------------------------------------ answers
    def submit(self, name: str, answer: Any) -> Msg | None:
        """Apply ``answer`` from the seat ``name`` to the pending decision.

        Returns None when it was accepted, else the reason it was refused
        (the game is unchanged): another seat's decision, or an answer the
        engine refuses."""
        d = self.game.pending
        if d is None:
            return Msg("The game is over; nothing is waiting for an answer.")
        if d.player != name:
            return Msg("It is {expected} who must answer now, not {other}.", expected=d.player, other=name)
        self.before, self.submitter = len(self.game.answers), name
        try:
            self.game.answer(answer)
        except IllegalAnswer as e:
            msg = e.args[0] if e.args else str(e)
            return msg if isinstance(msg, Msg) else Msg(str(msg))
        if self.autosave is not None:
            self.autosave.answered(self.game, name, self.game.answers[-1])
        return None

    def _refused(self, seat: Any, d: Decision, why: Msg) -> None:
        refused = getattr(seat, "refused", None)
        if refused is None:
            raise IllegalAnswer(why)
        refused(d, why)

    # ------------------------------------------------------------ loops
    def _next(self, answers: int) -> tuple[Decision | None, str | None]:
        """Tell the seats what happened; the pending decision, or None with
        the loop's result (None: the game ended; a sentence: the bound was hit)."""
        self.deliver()
        d = self.game.pending
        if d is None:
            return None, None
        if self.max_answers is not None and answers >= self.max_answers:
            return None, f"The game did not end within {self.max_answers} answers."
        return d, None

    def _settle(self, d: Decision, seat: Any, answer: Any) -> int:
        """Apply a seat's answer to ``d``; 1 when it was accepted, else 0 (the
        game was replaced meanwhile, or the answer was refused and the seat told)."""
        if self.game.pending is not d:  # the game was replaced meanwhile (load)
            return 0
        why = self.submit(d.player, answer)
        if why is not None:
            self._refused(seat, d, why)
            return 0
        return 1

    def run(self) -> str | None:
        """Play until the game ends, a seat stops the table, or
        ``max_answers`` answers were given. Every seat must answer at once
        (a seat returning an awaitable needs :meth:`run_async`).

        Returns None when the game ended, else a sentence saying why it
        stopped. Raises :class:`IllegalAnswer` for a refused answer of a seat
        that has no ``refused`` method."""
        if self.autosave is None and all(quiet_seat(s) for s in self.seats.values()):
            return self._run_quiet()
        self.game.start()
        answers = 0
        while True:
            d, result = self._next(answers)
            if d is None:
                return result
            seat = self.seats[d.player]
            try:
                answer = seat.decide(d, self.view(d.player))
            except StopTable as stop:
                self.stopped = stop.reason
                return stop.reason
            if type(answer) is not list and inspect.isawaitable(answer):
                raise TypeError("this seat answers later; run the table with run_async")
            answers += self._settle(d, seat, answer)

    def _run_quiet(self) -> str | None:
        """:meth:`run` at a table of quiet seats (bots that read a
        :class:`QuickView` without scores and hear no events) and no
        autosave: the same answers in the same order, without the work no
        seat has use for (redacting and delivering events, checking whose
        answer it is, and, for a game that keeps no events, the decisions of
        the turns bots play plainly); ``told`` is brought to the end of the
        log as :meth:`deliver` would have. Starts the game if it was not."""
        game, seats = self.game, self.seats
        most = math.inf if self.max_answers is None else self.max_answers
        players, by_name = game.players, game.by_name
        # each seat's decide, turn limit (a TurnLimit's bot is asked directly, the limit checked here),
        # player and whether its view's turn is built at once (see QuickView and LazyTurnView)
        asks: dict[str, tuple[Seat, Decide, TurnLimit | None, Player, bool]] = {}
        for name, seat in seats.items():
            at_once = getattr(seat, "reads_turn", True)
            if type(seat) is TurnLimit:
                asks[name] = (seat, seat.bot.decide, seat, by_name[name], at_once)
            else:
                asks[name] = (seat, seat.decide, None, by_name[name], at_once)
        start = len(game.answers)  # the answers given here: those the game records from now on
        # the players whose bots play plain turns: where end is their one legal turn move, they are not
        # asked, as in their plain turns (see fastlane.PlainTurns)
        ends_at_once: set[str] = set()
        planners: list[tuple[Callable[..., Any], PlainView, int | None] | None] = []
        if not game.keep_log:
            # bots that have plain moves play their plain turns without decisions (see fastlane.PlainTurns)
            for p in players:
                seat, _decide, limiter, _me, _at_once = asks[p.name]
                bot = seat if limiter is None else limiter.bot
                plan = getattr(bot, "plain_move", None)
                limit = None if limiter is None else limiter.limit
                planners.append(None if plan is None else (plan, PlainView(game, p), limit))
                if plan is not None:
                    ends_at_once.add(p.name)
            if any(planners):
                game.accelerator = PlainTurns(game, planners, start + most)
        answers = 0
        try:
            game.start()  # (with the planners: a first turn that is plain is played so)
            while True:
                d = game.pending
                if d is None:
                    return None
                answers = len(game.answers) - start
                if answers >= most:
                    return f"The game did not end within {most} answers."
                name = d.player
                if d.kind is _KIND_TURN and name in ends_at_once and game.only_end_is_legal(by_name[name]):
                    game.answer([END_MOVE])
                    continue
                seat, decide, limiter, me, at_once = asks[name]
                # made as ``QuickView(game, name)`` (or ``LazyTurnView``) is, without the call of its __init__
                view = _new(QuickView)
                vd = view.__dict__
                vd["_game"] = game
                vd["_me"] = me
                vd["seat"] = name
                vd["scores"] = {}
                if at_once:
                    vd["turn"] = turn_view(game)
                else:
                    view.__class__ = LazyTurnView
                try:
                    # a turn's own number is at most one more than the turns its player has taken
                    if (
                        limiter is not None
                        and players[game.turn.player].turns_taken >= limiter.limit
                        and view.turn.own_number > limiter.limit
                    ):
                        raise StopTable(limiter.stop_reason())
                    answer = decide(d, view)
                except StopTable as stop:
                    self.stopped = stop.reason
                    return stop.reason
                if type(answer) is not list and inspect.isawaitable(answer):
                    raise TypeError("this seat answers later; run the table with run_async")
                try:
                    game.answer(answer)
                except IllegalAnswer as e:
                    msg = e.args[0] if e.args else str(e)
                    self._refused(seat, d, msg if isinstance(msg, Msg) else Msg(str(msg)))
                    continue
        finally:
            game.accelerator = None
            end = len(self.game.log)
            self.told = {name: end for name in self.seats}

    async def run_async(self) -> str | None:
        """As :meth:`run`, awaiting the answers of seats that answer later, and, before the
        seats are told an answer, the autosave's writing of it to the disk when that runs
        in a thread (:meth:`~a11y_dominion.autosave.Autosave.durable`)."""
        self.game.start()
        answers = 0
        while True:
            d, result = self._next(answers)
            if d is None:
                return result
            seat = self.seats[d.player]
            try:
                answer = seat.decide(d, self.view(d.player))
                if inspect.isawaitable(answer):
                    answer = await answer
            except StopTable as stop:
                self.stopped = stop.reason
                return stop.reason
            answers += self._settle(d, seat, answer)
            durable = getattr(self.autosave, "durable", None)
            saved = durable() if durable is not None else None
            if saved is not None:
                await saved
