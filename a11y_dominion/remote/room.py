"""One table of a game with remote seats, without the SSH server: the game, its seats and the
sessions that hold them, joining, leaving, coming back, undo, a bot standing in, the autosave's
seat settings and the time after the game.

:class:`TableRoom` is what ``host`` (:class:`~a11y_dominion.remote.host.GameHost`, which adds
the SSH server, the logins, signals and the host's own screen) and the server's tables share.
A seat whose session ends (the player quit, or their connection broke) is announced to the
others and the game waits for it: the table's question for that seat stays open, and the other
seats can still type queries. A new session of the seat takes it back, with the seat's history
as it was, and is told once what it missed, then where the turn stands (as the others hear it),
its hand, what is in play and its question (:meth:`TableRoom.catch_up`). A second session while
the seat is still in takes the seat over and ends the older one: a broken connection is often
noticed by the server only later, and the player must never be locked out of their own seat by
it. A game brought back goes on at once, and each seat's first session is such a return
(:meth:`TableRoom.resume`). With ``bot_after`` a bot answers for a seat that stays away that
long, until its player comes back. After the final scores the players may stay, asking, until
they leave (:meth:`TableRoom.after_the_game`).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from ..announcements.words import join_names
from ..autosave import now
from ..console import queries as q
from ..console.persistence import UndoRefused, export_lines, take_back
from ..console.seat import BotSeat
from ..i18n import N_, Language
from ..record import make_record
from ..rules.decisions import Kind, MoveKind, Msg
from ..rules.events import GameEnded, TurnStarted
from ..seats import LazyBot
from ..table import Table
from ..textinput import drop_sequences
from ..view import redact_all
from .seat import MAX_LINE, MAX_SAY, RemoteSeat, StoryMark, clean, undone_line

AFTER_GAME = 600.0  # seconds the host stays after the final scores while no remote player types (host --after-game)
AFTER_GAME_LINE = N_("The game is over. You may stay: log, repeat, score and export work here; type quit to leave.")
# the host's own player, after the game: their quit closes the table for every seat
HOST_AFTER_GAME_LINE = N_(
    "The game is over. You may stay: log, repeat, score and export work here; type quit to close the table."
)
STAY_LINE = N_("You may stay: log, repeat, score and export work here; type quit to leave.")


def empty_seats_line(joined: str, empty: list[str], lang: Language) -> str:
    """ "Bea has joined; 1 seat still empty: Ann." or "...; every seat is taken." """
    if not empty:
        return lang.text(N_("{player} has joined; every seat is taken. The game starts."), player=joined)
    if len(empty) == 1:
        return lang.text(N_("{player} has joined; 1 seat still empty: {names}."), player=joined, names=empty[0])
    return lang.text(
        N_("{player} has joined; {n} seats still empty: {names}."),
        player=joined,
        n=len(empty),
        names=join_names(empty, lang),
    )


def left_lobby_line(name: str, empty: list[str], lang: Language) -> str:
    """ "Ann has left; 1 seat still empty: Ann." (before the game starts)."""
    if len(empty) == 1:
        return lang.text(N_("{player} has left; 1 seat still empty: {names}."), player=name, names=empty[0])
    return lang.text(
        N_("{player} has left; {n} seats still empty: {names}."),
        player=name,
        n=len(empty),
        names=join_names(empty, lang),
    )


STAND_IN = "medium"
"""The kind of bot that answers for a seat whose player stayed away (``bot_after``)."""


class StandIn:
    """The table's seat of a person: their own seat (``seat``, which may answer
    later with an awaitable) and a bot (``bot``, a
    :class:`~a11y_dominion.console.seat.BotSeat`) that answers for it while
    :attr:`active` (its player stayed away too long). :meth:`take_over` also
    answers the question the seat is waiting on. Every event goes to the
    seat, so its narration and history go on while the bot plays. Other
    attributes are the seat's."""

    def __init__(self, seat: Any, bot: Any) -> None:
        self.seat = seat
        self.bot = bot
        self.active = False
        self.bot_answers = 0  # the answers the bot gave since its player was last in
        self.bot_only_ended = True  # every one of them ended a phase (nothing played, bought or chosen)
        self._by_bot = False
        self._taken: asyncio.Event | None = None
        self.waits: Callable[[], None] | None = None  # called when the person is asked (set by the host)

    def __getattr__(self, name: str) -> Any:
        if name == "seat":
            raise AttributeError(name)
        return getattr(self.seat, name)

    @property
    def reads_scores(self) -> bool:
        """The view comes with the scores, as the person's own."""
        return getattr(self.seat, "reads_scores", True)

    def tell(self, events: list[Any]) -> None:
        """Told to the person's seat, and to the bot (which counts the cards
        each player has from them, as the seat's own events)."""
        self.seat.tell(events)
        if getattr(self.bot, "hears_events", True):
            self.bot.tell(events)

    def relearn(self, events: list[Any]) -> None:
        """The bot learns the game from its start (``events``: the seat's events
        from the start, redacted for it); the person's seat is told as before."""
        self.bot.relearn(events)

    def decide(self, decision: Any, view: Any) -> Any:
        """The bot's answer while :attr:`active`, else the seat's (an awaitable
        that the bot answers instead when it takes over meanwhile)."""
        if self.active:
            self._by_bot = True
            return self._bot_answer(decision, view)
        self._by_bot = False
        if self.waits is not None:
            self.waits()
        answer = self.seat.decide(decision, view)
        if not inspect.isawaitable(answer):
            return answer
        return self._race(answer, decision, view)

    async def _race(self, answer: Any, decision: Any, view: Any) -> Any:
        taken = self._taken = asyncio.Event()
        got = asyncio.ensure_future(answer)
        bot = asyncio.ensure_future(taken.wait())
        try:
            await asyncio.wait([got, bot], return_when=asyncio.FIRST_COMPLETED)
        finally:
            bot.cancel()
            self._taken = None
        if got.done():
            return got.result()
        got.cancel()
        if getattr(self.seat, "waiting", None) is got:
            self.seat.waiting = None
        self._by_bot = True
        answer = self._bot_answer(decision, view)
        return await answer if inspect.isawaitable(answer) else answer

    def _bot_answer(self, decision: Any, view: Any) -> Any:
        """The bot's answer, counted (:attr:`bot_answers`, :attr:`bot_only_ended`)."""
        answer = self.bot.decide(decision, view)
        if inspect.isawaitable(answer):  # a bot that thinks elsewhere
            return self._counted(answer, decision)
        return self._count(answer, decision)

    async def _counted(self, answer: Any, decision: Any) -> Any:
        return self._count(await answer, decision)

    def _count(self, answer: Any, decision: Any) -> Any:
        self.bot_answers += 1
        try:
            moves = decision.normalize(answer) if decision.kind is Kind.TURN else None
        except ValueError:
            moves = None
        if not moves or any(getattr(m, "kind", None) is not MoveKind.END for m in moves):
            self.bot_only_ended = False
        return answer

    def take_over(self) -> None:
        """The bot answers from now on, the open question too."""
        self.active = True
        if self._taken is not None:
            self._taken.set()

    def give_back(self) -> None:
        """The person answers again from the next question on."""
        self.active = False

    def refused(self, decision: Any, message: Any) -> None:
        """A refused answer goes back to whoever gave it."""
        (self.bot if self._by_bot else self.seat).refused(decision, message)


class TableRoom:
    """One table: the game, its remote, local and bot seats, the sessions holding the people's
    seats, and what happens as they join, leave, come back and undo.

    ``game``: the :class:`~a11y_dominion.rules.game.Game`, not yet started (it is dealt here,
    so that the queries answer before the game begins); ``specs``: the seats
    (:func:`~a11y_dominion.seats.parse_seats` with ``remote``; at most one ``human`` seat, who
    plays at the host's own terminal); ``seed``: the game's seed, each seat's bot seeded from
    it; ``lang`` and ``verbosity``: the table's own language (its lines on ``out``, the host's
    screen or the server's log) and the seats' verbosity unless a spec gives one;
    ``bot_after``: seconds after which a bot answers for a seat that went away (None: never);
    ``bot_options``: bot seat name to the options its bot is made with (``{"rollouts": N}``
    for a hard bot, see :func:`~a11y_dominion.bots.kinds.make_bot`); ``after_game``: seconds
    the remote players may stay after the final scores while none of them types (0: the
    sessions end with the scores); ``made``: the bots made elsewhere, by seat name: a bot's
    name gives the table's seat of that bot, a person's the bot that stands in for them (a
    seat whose ``decide`` may return an awaitable, such as the server's
    :class:`~a11y_dominion.server.pool.PoolBot`); every other bot is a
    :class:`~a11y_dominion.console.seat.BotSeat` thinking in this process. ``undo``: whether
    the players may take back their last answer (:meth:`undo`). ``shared``: the table is
    this computer's alone (``play``), where several human seats share the keyboard, each an
    own seat (:attr:`locals`). ``screen``: whether ``out`` is a person's screen (the host's),
    where the players' chat (:meth:`chat`) and the host's wait after the game are printed too;
    False for a server, whose ``out`` is its log, which keeps neither. Raises ValueError for
    more than one human seat otherwise.
    """

    def __init__(
        self,
        game: Any,
        specs: list[Any],
        seed: int,
        lang: Language,
        verbosity: str = "normal",
        out: Callable[[str], None] = print,
        bot_after: float | None = None,
        bot_options: dict[str, Any] | None = None,
        after_game: float = 0.0,
        made: dict[str, Any] | None = None,
        undo: bool = True,
        shared: bool = False,
        screen: bool = True,
    ) -> None:
        self.lang = lang
        self.screen = screen  # ``out`` is the host's screen (else a server's log: no chat, no host's wait)
        self.shared = shared  # several people share this computer: every human seat is an own seat
        self.locals: list[str] = []  # the human seats, played at this computer (the first is local)
        self.undo_allowed = undo
        self.after_game = after_game
        self.out = out
        self.bot_after = bot_after
        self.clock: Callable[[], float] = time.monotonic  # seconds, for the rate of each seat's messages
        self.people: dict[str, Any] = {}  # every person's seat: remote ones and the host's own player
        self.remote: dict[str, Any] = {}  # the seats that join over SSH
        self.local: str | None = None  # the name of the seat at the host's own terminal
        self.stand_ins: dict[str, StandIn] = {}
        self.bots: dict[str, Any] = {}  # name -> the LazyBot of each bot seat thinking in this process
        self.kinds = {spec[0]: spec[1] for spec in specs}
        seats: dict[str, Any] = {}
        # a bot's random choices are a function of its seed and the answers before (see BotSeat)
        steps: Callable[[], int] = lambda: len(self.table.game.answers)  # noqa: E731
        for i, spec in enumerate(specs):
            name, kind = spec[0], spec[1]
            if kind in ("remote", "human"):
                seat = self._person(name, kind, spec, lang, verbosity)
                bot = (made or {}).get(name) or BotSeat(name, LazyBot(STAND_IN, seed + i), seed + i, steps=steps)
                stand_in = StandIn(seat, bot)
                stand_in.waits = lambda name=name: self._waits_for(name)
                self.stand_ins[name] = stand_in
                seats[name] = stand_in
            else:
                opts = (bot_options or {}).get(name) or {}
                if made and name in made:
                    seats[name] = made[name]
                    continue
                bot = LazyBot(kind, seed + i, rollouts=opts.get("rollouts"))
                self.bots[name] = bot
                seats[name] = BotSeat(name, bot, seed + i, steps=steps)
        game.start()  # dealt now, so the queries answer in the lobby; seats are told when the game begins
        self.table = Table(game, seats)
        self.joined: list[str] = []
        self.everyone_in = asyncio.Event()
        self.stopped = asyncio.Event()
        self.stopped_by_host = False
        self.sessions: dict[str, Any] = {}
        self.watchers: list[Any] = []  # the server's watchers (told an undo: .undone(player, events); tell_everyone)
        self.away: dict[str, asyncio.TimerHandle] = {}  # name: the timer of the bot that stands in (bot_after)
        # name: (its history's length, the events it was told) when the seat's last session ended:
        # what it heard; a session that takes the seat is told, once, what came after (the length
        # a mark while the history waits to be narrated: RemoteSeat.mark)
        self.heard: dict[str, tuple[int | StoryMark, int]] = {}
        self.quitted: set[str] = set()  # the seats whose player typed quit (not dropped): not waited for after the game
        self.waited: set[str] = set()  # the seats the others were told the game waits for, while they are away
        self.absent: set[str] = set()  # the seats whose people were not at the table yet when it began (start_without)
        self.over = False  # the game ended: the remote players may stay until they leave
        self.closing_down = False  # the server stops: its sessions end without the others told of each
        self.resumed = False  # the game goes on from its autosave (resume)
        self.typed_at = self.clock()  # when a remote player last typed (after the game: the idle time)
        self._left = asyncio.Event()  # a seat left, or the host stopped (after the game: look again)

    def _person(self, name: str, kind: str, spec: Any, lang: Language, verbosity: str) -> Any:
        """The seat of the person ``name`` (``kind`` ``remote`` or ``human``), in the spec's
        language and verbosity or else the table's, wired to the room's chat, undo, export and
        kept settings."""
        seat_lang = Language(getattr(spec, "language", None) or lang.code)
        seat_verbosity = getattr(spec, "verbosity", None) or verbosity
        seat = RemoteSeat(
            name,
            lambda: self.table,
            lang=seat_lang,
            verbosity=seat_verbosity,
            language_given=bool(getattr(spec, "language", None)),
        )
        if kind == "human":  # the seat at the host's own computer (remote.local): no login takes it
            if self.local is not None and not self.shared:
                raise ValueError("one human seat")
            seat.kind = "human"
            self.locals.append(name)
            self.local = self.local or name
        else:
            self.remote[name] = seat
        seat.chat = lambda text, name=name: self.chat(name, text)
        seat.keep_settings = lambda name=name: self.keep_settings(name)
        self.people[name] = seat
        return seat

    # ------------------------------------------------------------ names
    def seat_name(self, user: str) -> str | None:
        """The remote seat that the SSH user ``user`` names, in any letter case (None: no seat)."""
        if user in self.remote:
            return user
        folded = user.casefold()
        return next((n for n in self.remote if n.casefold() == folded), None)

    def own_seat(self, user: str) -> str | None:
        """The seat at this computer that ``user`` names (one of :attr:`locals`), else :attr:`local`."""
        return user if user in self.locals else self.local

    def _name(self, user: str) -> str:
        if user in self.people:
            return user
        return self.seat_name(user) or user

    def empty(self) -> list[str]:
        """The remote seats nobody has taken (or that are away)."""
        return [n for n in self.remote if n not in self.joined]

    def tell_everyone(
        self, make: Callable[[Language], str], skip: str | None = None, keep: bool = True, out: bool = True
    ) -> None:
        """``make(lang)`` said to every seat that is in (but ``skip``) and every watcher (a
        server's: who leaves, comes back, is waited for, the chat), and printed on the host's
        screen (unless the host's own player, who hears it, is in, or ``out`` is False); ``keep``
        False: the players' histories do not keep it (the lobby's seats before the game)."""
        for name in self.joined:
            if name != skip:
                seat = self.people[name]
                seat.line(make(seat.lang), keep=keep)
        for watcher in self.watchers:
            watcher.send(make(watcher.lang))
        if out and self.local not in self.joined:
            self.out(make(self.lang))

    def admit(self, user: str, own: bool = False) -> str | None:
        """Why the logged-in ``user`` cannot take its seat now (an English sentence), or None
        (``own``: the seat at the host's own computer, :attr:`local`, asked for by the host
        itself). A seat that is in is taken over by the newer login (see the module text)."""
        if (self.own_seat(user) if own else self.seat_name(user)) is None or self.stopped.is_set():
            return "This seat is taken, or the game is over."
        return None

    def join(self, user: str, session: Any = None, outlet: Any = None, quiet: bool = False) -> SessionSeat:
        """The player of the seat ``user`` names (admitted) is in with ``session``:
        its lines and messages go to ``outlet`` (its seat-protocol session,
        :class:`~a11y_dominion.remote.protocol.ProtocolOutlet`, which first gets the seat's
        story). In the lobby every seat is told, and the game starts when every remote seat
        is in; during the game the seat is told where the game stands, and a bot standing
        in for it stops. A session that had the seat is told so through its own connection and ended, and the new
        one is told that it took the seat over. In a resumed game (:meth:`resume`) the
        game is under way from the start, so each first login is a return. Returns the
        seat for this session (a :class:`SessionSeat`, which knows whether the session
        still holds it). ``quiet``: a first join before the game says nothing of itself (no
        welcome, and the others are not told), and a return is not welcomed by name, for a
        table that said who sits at it already and a player welcomed at login (the server)."""
        name = self._name(user)
        seat = self.people[name]
        old = self.sessions.pop(name, None)
        took_over = old is not None and old is not session
        if took_over:
            taken = seat.lang._(N_("Your seat was taken by a new login; this session ends."))
            if seat.outlet is not None:
                seat.outlet.text(taken, last=True)  # its program says nothing more of the end
            _end(old)
        if session is not None:
            self.sessions[name] = session
        seat.outlet = None  # the new session takes over from the old one
        heard = self.heard.pop(name, None)
        if heard is None or name in self.joined:  # a seat that never left, or taken over: nothing missed
            heard = self._heard_now(name)
        if outlet is not None:
            seat.outlet = outlet
            if not self.everyone_in.is_set():
                outlet.story()  # what the seat was told so far (a resumed game's), before the game goes on
                if len(seat.history):
                    outlet.history([a.text for a in seat.history.entries()])  # (a resumed game's)
        if took_over:
            seat.line(seat.lang._(N_("You took your seat over from your other login, which ends now.")))
        timer = self.away.pop(name, None)
        if timer is not None:
            timer.cancel()
        if not self.everyone_in.is_set():
            if name not in self.joined:
                if not quiet:
                    seat.line(seat.lang.text(N_("Welcome, {player}. Type help for commands."), player=name))
                self.joined.append(name)
                empty = self.empty()
                if not quiet:
                    self.tell_everyone(lambda lang: empty_seats_line(name, empty, lang), keep=False)
                if not empty and (not self.shared or all(n in self.joined for n in self.locals)):
                    self.everyone_in.set()
            elif not quiet:
                seat.line(seat.lang.text(N_("Welcome back, {player}."), player=name))
            return SessionSeat(self, name, seat, session)
        by_bot = 0
        self.quitted.discard(name)
        self.waited.discard(name)
        if name not in self.joined:
            self.joined.append(name)
            stand_in = self.stand_ins[name]
            by_bot, stand_in.bot_answers = stand_in.bot_answers, 0
            ended_only, stand_in.bot_only_ended = stand_in.bot_only_ended, True
            bot_played = stand_in.active and not self.over  # after the game no bot plays for anyone
            stand_in.give_back()
            if bot_played:
                self.tell_everyone(
                    lambda lang: lang.text(N_("{player} is back; the bot stops playing for {player}."), player=name),
                    skip=name,
                )
            elif name in self.absent:
                self.tell_everyone(
                    lambda lang: lang.text(N_("{player} sits down at the table."), player=name), skip=name
                )
            else:
                self.tell_everyone(lambda lang: lang.text(N_("{player} is back."), player=name), skip=name)
        first = name in self.absent
        self.absent.discard(name)
        self.catch_up(name, heard, by_bot, ended_only=by_bot > 0 and ended_only, welcome=not quiet, first=first)
        return SessionSeat(self, name, seat, session)

    def resume(self, started: str) -> None:
        """The game was brought back (``host --resume``; ``started``: the date it began, ISO
        text): it goes on at once at its question, and each person's first login is a return
        (:meth:`join`): "Welcome back", what happened since the resume, then the turn, the hand
        and the question or who must answer (:meth:`catch_up`); the others hear
        that the player is back. The host's screen says which game goes on and where
        (:meth:`resumed_line`). Call after :meth:`recall_story`."""
        for name in self.people:
            self.heard[name] = self._heard_now(name)  # what each heard: the game up to here
        self.everyone_in.set()
        self.resumed = True  # (serve starts the bot_after time of each seat away: away_from_now)
        self.out(self.resumed_line(started))

    def start_without(self, names: list[str]) -> None:
        """The game begins now though the people of the seats ``names`` are not at the table
        (the server: seated before a restart, and not back at it since): the seats that are in
        hear, for each whose question is not the first, that the game goes on until a question
        is theirs; a question of theirs then waits for them, which they hear then (the first
        question too: :meth:`_waits_for`), or a bot stands in after ``bot_after``; and each one's
        first session is told the game from its beginning (:meth:`catch_up`). Call once the
        seats of the people at the table have joined; needs a running loop."""
        for name in names:
            self.heard[name] = self._heard_now(name)  # (nothing yet: its first session hears it all)
            self.absent.add(name)
        self.everyone_in.set()
        self.away_from_now()
        first = self.table.game.pending  # (dealt: the game's first question)
        for name in names:
            if first is None or first.player != name:
                self.tell_everyone(_not_in_yet(name))

    def away_from_now(self) -> None:
        """With ``bot_after``, each remote seat whose player is not in is away from now: the
        medium bot plays for it after that many seconds, as after a drop (:meth:`leave`).
        ``serve`` calls it as a resumed game (:meth:`resume`) goes on. Needs a running loop."""
        if self.bot_after is None:
            return
        loop = asyncio.get_running_loop()
        for name in self.remote:
            if name not in self.joined and name not in self.away:
                self.away[name] = loop.call_later(self.bot_after, self._bot_stands_in, name)

    def resumed_line(self, started: str) -> str:
        """The host's line for a resumed game (``started``: the date it began, ISO text), in
        the host's language: "Resumed the game of 2026-01-01 12:00:00. Ann's turn 3, Action
        phase: 1 Action, 1 Buy, 0 coins. Ann must answer now." (the date alone when the game
        asks nothing, or when the host's own player, on this screen, is told where it stands)."""
        lang = self.lang
        parts = [lang.text(N_("Resumed the game of {date}."), date=started.replace("T", " "))]
        d = self.table.game.pending
        if d is not None and self.local is None:
            parts.append(q.turn_line(self.table.view(d.player), None, lang))
            parts.append(lang.text(N_("{player} must answer now."), player=d.player))
        return " ".join(parts)

    def keep_settings(self, name: str) -> None:
        """The seat ``name`` changed its language or verbosity (at its first login, from the
        client's environment or its answers, or with ``settings``): the game's autosave keeps
        them with the seat (:meth:`~a11y_dominion.autosave.Autosave.seat_options`), so that
        ``host --resume`` narrates to it so and does not ask again."""
        keep = getattr(getattr(getattr(self, "table", None), "autosave", None), "seat_options", None)
        if keep is not None:
            seat = self.people[name]
            keep(name, {"language": seat.lang.code, "verbosity": seat.verbosity})

    def recall_story(self) -> None:
        """A resumed game: each person's seat narrates what it was told before (the game up
        to where it goes on, redacted for it) into its history only, as its player heard it
        when the host ran before, so that ``log`` and ``repeat`` read it and the narration
        goes on from it."""
        for name, seat in self.people.items():
            seat.recall(self.table.events_for(name)[: self.table.told.get(name, 0)])

    def _heard_now(self, name: str) -> tuple[int | StoryMark, int]:
        """(the length of the seat's history, the events it was told): what ``name`` heard so far
        (the length a mark while its history waits to be narrated: :meth:`RemoteSeat.mark`)."""
        return (self.people[name].mark(), self.table.told.get(name, 0))

    def catch_up(
        self,
        name: str,
        heard: tuple[int | StoryMark, int],
        by_bot: int = 0,
        ended_only: bool = False,
        welcome: bool = True,
        first: bool = False,
    ) -> None:
        """Tell the seat ``name``, whose new session took it during the game (or after it),
        where the game stands, each thing once: its story up to ``heard`` (see :attr:`heard`) and
        the history the host kept for it (the narration in its program's language and verbosity)
        up to there, then the events since, which its program narrates (the other players' plays
        and buys, a bot's in its own seat while it was away), then where the turn stands in the
        sentence the other seats hear and ``status`` says ("Your turn 3, Buy phase: 1 Action,
        1 Buy, 4 coins.": :func:`~a11y_dominion.console.queries.turn_line`), then at another
        player's turn what that player has in play (public: "In play: 3 Coppers.":
        :func:`~a11y_dominion.console.queries.where_lines`), its hand and, at
        its own turn, what is in play (:func:`~a11y_dominion.console.queries.hand_lines`), then
        its own question as a ``decide`` message, whose prompt and hand its program does not say
        again (a figure only when it changed since), or else who must answer, or when that player
        is away, in one sentence, that the game waits for them (:meth:`_waiting_line`);
        ``by_bot``: how many answers the bot gave for it meanwhile (the player is told that it
        played, before what it played; ``ended_only``: every one of them only ended a phase, which
        the player is told as that, since nothing else shows it). When its program narrated the
        start of the turn going on among what it missed, the turn line is not said again, nor what
        another player has in play (the plays are among the news): its phase is said with who must
        answer, or its own question goes on from that start as at any turn's start (the prompt
        on the line of the news' last sentence, then the hand). A question of the seat's that the
        table has yet to ask (a resumed game only starting) comes when the table asks it. After
        the game, ``game_over`` comes, then that the player may stay (:data:`STAY_LINE`).
        ``welcome``: the first line welcomes the player back by name (else it says only whether
        the game goes on); ``first``: the seat's first session in a game that began without it
        (:meth:`start_without`), which hears the game from its start, with no line before it
        that the game goes on."""
        seat = self.people[name]
        lang = seat.lang
        mark, events_heard = heard
        outlet = seat.outlet
        if outlet is None:
            return
        lines_heard = seat.lines_at(mark)
        outlet.story(events_heard)  # what its player heard (its program's narration goes on from it)
        outlet.history([a.text for a in seat.history.entries()[:lines_heard]])  # its history as before
        if not welcome:
            if self.over or not first:
                seat.line(lang._(N_("The game is over.") if self.over else N_("The game goes on.")))
        elif self.over:
            seat.line(lang.text(N_("Welcome back, {player}. The game is over."), player=name))
        else:
            seat.line(lang.text(N_("Welcome back, {player}. The game goes on."), player=name))
        if by_bot and ended_only:  # nothing played or bought: no line of the news would show it
            turn = self.table.game.turn
            if turn.number and self.table.game.current.name == name and not self.over:
                seat.line(lang._(N_("The medium bot ended your Action phase while you were away.")))
            else:
                seat.line(lang._(N_("The medium bot ended your turn while you were away.")))
        elif by_bot:
            seat.line(lang._(N_("The medium bot played for you while you were away.")))
        turn_told = False  # its program narrated the start of the turn going on
        news = redact_all(self.table.game.log[events_heard : self.table.told.get(name, 0)], name)
        if news:
            outlet.events(news)  # what happened while it was away, narrated by its program
            starts = [e for e in news if isinstance(e, TurnStarted)]
            current = self.table.game.current.name  # a person's turn start is told at once (a bot's later)
            turn_told = bool(starts) and current == starts[-1].player and current in self.people
        if self.over:
            outlet.game_over()  # (after the game: its program leaves at quit without asking)
        d = self.table.game.pending
        if d is None:
            if self.over:
                if not any(isinstance(e, GameEnded) for e in news):  # heard before: the result again, once
                    seat.lines(self.result_lines(name, lang))
                seat.line(lang._(STAY_LINE))
            return
        view = self.table.view(name)
        if view.turn.player != name:  # the hand read now is not read again at its own turn's start
            seat.narrator.last_drawn = tuple(view.hand)
        if d.player == name and turn_told:  # its question goes on from the turn's start, told as at any:
            outlet.resend()  # the prompt on its line, then the hand (what was played since, among the news)
            return
        seat.lines(q.where_lines(view, name, lang, turn=not turn_told))  # ("Ann's turn 3." told: not again)
        if view.turn.player == name:  # its own turn: its prompt says neither again
            seat.heard_turn(view, figures=not turn_told)
        else:  # its program does not read the hand again at its own turn's start
            outlet.send({"type": "view", "view": view.to_data(), "heard": "hand"})
        if d.player == name:  # its own question, asked again now (or when the table asks it)
            outlet.resend()
            return
        if self.away_from(d.player):  # away: one sentence
            if d.player in self.waited:  # (the others heard it when it began to wait)
                seat.line(self._waiting_line(d.player, lang))
            else:  # everyone in hears it now, this seat with them, and not again as the table asks
                self._waits_for(d.player)
            return
        if turn_told and not view.turn.bidding:  # the turn's start was told, its phase now is not
            phase = lang._(q.PHASES.get(view.turn.phase, view.turn.phase))
            seat.line(lang.text(N_("{player} must answer now, in the {phase}."), player=d.player, phase=phase))
        else:
            seat.line(lang.text(N_("{player} must answer now."), player=d.player))

    def leave(self, user: str, session: Any = None, quit: bool = False) -> None:
        """The session ``session`` of the seat ``user`` names ended (``quit``: the player
        typed quit; else the connection broke, or a ``join`` program ended, which the host
        cannot tell apart, and which is waited for after the game too): the others are told,
        and that the game waits for the seat when the question is its own (else they are
        told so when its question comes: :meth:`_waits_for`); with ``bot_after``, a bot
        answers for it after that many seconds; what the seat had heard is kept
        (:attr:`heard`) for its next session. After the game the others hear only that the
        player left. Nothing happens when a newer login has the seat."""
        name = self._name(user)
        if session is not None:
            _end(session)
            if self.sessions.get(name) is not session:
                return
        self.sessions.pop(name, None)
        if self.stopped.is_set() or name not in self.joined:
            return
        if quit:
            self.quitted.add(name)
        self.joined.remove(name)
        self.heard[name] = self._heard_now(name)
        self._left.set()
        if self.closing_down:  # (every session hears that the server stops, and why it ends)
            return
        if self.over:  # a quit is not waited for; a broken connection may come back, as before the end
            self.tell_everyone(lambda lang: lang.text(N_("{player} has left."), player=name))
            if not quit and self.after_game > 0 and not self.host_here() and self.screen:
                self.out(self.waiting_line())
            return
        if not self.everyone_in.is_set():
            empty = self.empty()
            self.tell_everyone(lambda lang: left_lobby_line(name, empty, lang), keep=False)
            return
        d = self.table.game.pending
        if d is not None and d.player == name:
            self.waited.add(name)
            self.tell_everyone(
                lambda lang: lang.text(N_("{player} has left; the game waits for {player} to come back."), player=name)
            )
        else:
            self.tell_everyone(
                lambda lang: lang.text(
                    N_("{player} has left; the game goes on until a question is {player}'s."), player=name
                )
            )
        if self.bot_after is not None:
            loop = asyncio.get_running_loop()
            self.away[name] = loop.call_later(self.bot_after, self._bot_stands_in, name)

    def _waits_for(self, name: str) -> None:
        """The table asks the seat ``name`` a question (or a seat comes back while that question
        waits: :meth:`catch_up`): when its player is away (and no bot answers for it), every seat
        that is in is told, once while it is away, that the game waits for it
        (:meth:`_waiting_line`)."""
        if name in self.waited or not self.everyone_in.is_set() or self.stopped.is_set() or not self.away_from(name):
            return
        self.waited.add(name)
        self.tell_everyone(lambda lang: self._waiting_line(name, lang))

    def away_from(self, name: str) -> bool:
        """Whether the person of the seat ``name`` is away from the table and no bot answers for
        them (a bot's seat, or the host's own player, never is)."""
        stand_in = self.stand_ins.get(name)
        return stand_in is not None and name not in self.joined and not stand_in.active

    def waits_for_line(self, lang: Language) -> str | None:
        """What a watcher who starts to watch hears of who the game waits for: the sentence
        of :meth:`_waiting_line` when the person who must answer is away, else None."""
        d = self.table.game.pending
        if d is None or self.over or not self.away_from(d.player):
            return None
        return self._waiting_line(d.player, lang)

    def _waiting_line(self, name: str, lang: Language) -> str:
        """The one sentence, in ``lang``, that the game waits for the seat ``name``, whose player
        is away: "The game waits for Ann to come back.", or "... to sit down." when they have not
        been at the table in this game yet (:meth:`start_without`)."""
        if name in self.absent:
            return lang.text(N_("The game waits for {player} to sit down."), player=name)
        return lang.text(N_("The game waits for {player} to come back."), player=name)

    def _bot_stands_in(self, name: str) -> None:
        self.away.pop(name, None)
        if self.stopped.is_set() or self.over or name in self.joined:
            return
        self.tell_everyone(
            lambda lang: lang.text(
                N_(
                    "{player} has been away for {seconds}; the medium bot plays for {player} until {player} comes back."
                ),
                player=name,
                seconds=seconds_words(self.bot_after or 0, lang),
            )
        )
        self.stand_ins[name].take_over()

    def chat(self, name: str, text: str, watching: bool = False) -> None:
        """``say TEXT`` of the seat ``name`` (``watching``: of a server's watcher by that name):
        one line to every seat that is in and every watcher, "Bea says: ..." ("Cid, watching,
        says: ..."), without escape sequences (each dropped whole, as a terminal seat's typed
        line has them: :func:`~a11y_dominion.textinput.drop_sequences`), control or formatting
        characters, and cut at :data:`MAX_SAY` characters; on the host's screen too, but never
        in a server's log (:attr:`screen`)."""
        said = clean(drop_sequences(text[: MAX_LINE * 2])).strip()[:MAX_SAY]
        if not said:
            return
        template = N_("{player}, watching, says: {said}") if watching else N_("{player} says: {said}")
        self.tell_everyone(lambda lang: lang.text(template, player=name, said=said), out=self.screen)

    def undo(self, name: str) -> Msg | None:
        """``undo`` of the seat ``name``: its last answer taken back by replaying the
        record without it, by the rules of undo at the console
        (:func:`~a11y_dominion.console.persistence.take_back`: its own answer, in its
        own turn, nothing hidden told since, no other seat answered), while the game
        waits for this seat's answer. Every person's seat hears what was undone (the
        host's screen too, when its own player is not in), the autosave keeps it, and
        the question before that answer is asked again. Returns None, or the
        :class:`Msg` that says in one sentence why not (the game is unchanged)."""
        table = self.table
        d = table.game.pending
        if d is None:
            return Msg("The game is over; undo is not possible.")
        if not self.undo_allowed:
            return Msg("Undo is off at this table.")
        seat = self.people[name]
        waiting = getattr(seat, "waiting", None)
        if d.player != name:
            return Msg(
                "{player} must answer now; you can undo only while the game waits for your answer.", player=d.player
            )
        if waiting is None or waiting.done() or seat.decision is not d:
            return Msg("Undo is possible only while the game waits for your answer.")
        try:
            game, events = take_back(make_record(table.game), table.game, name)
        except UndoRefused as e:
            refusal: Msg = e.args[0]
            return refusal
        before = table.view(name)  # the undoing seat hears the figures the undo changed
        table.replace_game(game)
        if table.autosave is not None:
            table.autosave.undone(len(game.answers))
        for other, person in self.people.items():
            person.undone(name, redact_all(events, other), table.view(other), before if other == name else None)
        for watcher in self.watchers:
            watcher.undone(name, events)
        if self.local not in self.joined:
            self.out(undone_line(None, name, redact_all(events, None), self.lang))
        seat.waiting = None
        waiting.set_result([])  # the table's loop goes on: the game changed, so it asks the question again
        return None

    def export_lines(self, name: str | None, lang: Language | None = None) -> list[str]:
        """The game so far as ``export`` at the console writes it for the seat ``name`` (None:
        what every player may know, a watcher's), in ``lang`` (None: the seat's language)
        (:func:`~a11y_dominion.console.persistence.export_lines`): a list of lines."""
        table = self.table
        when = table.autosave.started if getattr(table.autosave, "started", None) else now()
        lang = lang if lang is not None or name is None else self.people[name].lang
        return export_lines(table.game, make_record(table.game), name, self.kinds, lang or self.lang, when)

    def typed(self) -> None:
        """A remote player typed a line (or their program sent a message): after the game,
        the host's idle time starts again."""
        self.typed_at = self.clock()

    def remote_in(self) -> list[str]:
        """The remote seats whose player is in."""
        return [n for n in self.joined if n in self.remote]

    def dropped(self) -> list[str]:
        """The remote seats whose player's connection broke (they did not type quit) and who
        are not back: after the game they may still come back to hear the result."""
        return [n for n in self.remote if n not in self.joined and n not in self.quitted]

    async def after_the_game(
        self, line: str = AFTER_GAME_LINE, dropped: bool = True, watched: Callable[[], bool] | None = None
    ) -> None:
        """After the final scores, the remote players who are in may stay: each is told so
        once (``line``, an English template), and those whose connection broke may come back
        (:meth:`dropped`; not waited for when ``dropped`` is False, as at the server's tables,
        where the game is in their ``games``) to hear the result (:meth:`catch_up`); returns
        when every one of them has left (by quit, for the ones away) and ``watched()`` (the
        server's watchers stay) is False, the host stopped, or none of them typed for
        :attr:`after_game` seconds (at once when that is 0). With a person at the host's own
        seat (:meth:`host_here`) it returns only when the host stops (that person's quit or
        Ctrl+D closes the table), as that person is told. :meth:`looked_again` wakes the
        wait when what ``watched`` reads changed."""
        self.over = True
        for timer in self.away.values():
            timer.cancel()
        self.away.clear()
        others = watched or (lambda: False)

        def away() -> list[str] | bool:
            return (self.dropped() if dropped else []) or others()

        local = self.local if self.host_here() else None
        here = local is not None
        if self.after_game <= 0 or not (self.remote_in() or away() or here):
            return
        self.typed_at = self.clock()
        for name in self.remote_in():
            seat = self.people[name]
            seat.line(seat.lang._(line))
        if local is not None:  # (the host's own player is at its terminal, and closes the table)
            own = self.people[local]
            own.line(own.lang._(HOST_AFTER_GAME_LINE))
        elif (self.remote_in() or self.dropped()) and self.screen:
            self.out(self.waiting_line())
        while (here or self.remote_in() or away()) and not self.stopped.is_set():
            if here:
                await self.stopped.wait()
                return
            idle = self.typed_at + self.after_game - self.clock()
            if idle <= 0:
                if self.screen:
                    self.out(
                        self.lang.text(
                            N_("The host stops waiting: nobody typed for {wait}."),
                            wait=wait_words(self.after_game, self.lang),
                        )
                    )
                return
            self._left.clear()
            try:
                await asyncio.wait_for(self._left.wait(), idle)
            except asyncio.TimeoutError:
                pass
        if not self.stopped.is_set() and self.screen:
            self.out(self.lang._(N_("The host stops waiting: every remote player has left.")))

    def host_here(self) -> bool:
        """Whether a person plays at the host's own seat (:attr:`local`) and is in: after the
        game the host stays until that person types quit (or Ctrl+D), whoever else leaves."""
        return self.local is not None and self.local in self.joined

    def looked_again(self) -> None:
        """After the game: the wait of :meth:`after_the_game` looks again at who stays (a
        watcher of the server's left)."""
        self._left.set()

    def waiting_line(self) -> str:
        """The host's line, in its language, as it waits after the game: for whom (the remote
        players who are in, to leave; those whose connection broke, to come back), how long
        at most, and that Ctrl+C ends the wait."""
        lang = self.lang
        staying, away = self.remote_in(), self.dropped()
        wait = wait_words(self.after_game, lang)
        if staying and away:
            return lang.text(
                N_(
                    "The host waits for {players} to leave and for {away} to come back, until nobody has typed "
                    "for {wait}; Ctrl+C ends the wait now."
                ),
                players=join_names(staying, lang),
                away=join_names(away, lang),
                wait=wait,
            )
        if staying:
            return lang.text(
                N_(
                    "The host waits for {players} to leave, until nobody has typed for {wait}; "
                    "Ctrl+C ends the wait now."
                ),
                players=join_names(staying, lang),
                wait=wait,
            )
        return lang.text(
            N_("The host waits up to {wait} for {away} to come back; Ctrl+C ends the wait now."),
            away=join_names(away, lang),
            wait=wait,
        )

    def result_lines(self, name: str | None, lang: Language) -> list[str]:
        """The final scores and who won, as the game's end said them to ``name`` (None: to
        nobody in particular) in ``lang``: "Ann: 30 VP (30 from cards, 0 from VP tokens).", one
        line a player, then "You win." (the "Game over." before them is left out); the game
        must be over (ValueError when it is not)."""
        from ..announcements.narrator import Narrator

        return Narrator(viewer=name, lang=lang).final_lines(self._ended())[1:]

    def _ended(self) -> GameEnded:
        """The game's end (ValueError when the game is not over)."""
        ended = next((e for e in reversed(self.table.game.log) if isinstance(e, GameEnded)), None)
        if ended is None:
            raise ValueError("the game is not over")
        return ended

    def fault(self, name: str, error: Exception) -> None:
        """A typed line of ``name`` failed inside the game: one sentence on the host's screen
        only, naming the kind of error; its traceback goes to the library log
        (:mod:`a11y_dominion.librarylog`)."""
        logging.getLogger("a11y_dominion.host").warning("a line of %s failed", name, exc_info=error)
        self.out(
            self.lang.text(
                N_("A line from {player} failed inside the game ({error}); the game goes on."),
                player=name,
                error=type(error).__name__,
            )
        )

    # ------------------------------------------------------------ stopping
    def stop(self) -> None:
        """The host stops the game (after the game: the wait for the remote players ends):
        every seat is told before the sessions end, and the host's screen."""
        if self.stopped.is_set():
            return
        self.stopped_by_host = True
        # after the game (Ctrl+C while the host waits for the remote players): the wait ends
        said = N_("The host closed the table; goodbye.") if self.over else N_("The host stopped the game.")
        for name in self.joined:  # a seat-protocol program is told that this is why its session ends
            seat = self.people[name]
            outlet = getattr(seat, "outlet", None)
            if outlet is not None:  # (the host's own player hears it as at the keyboard)
                own = name in self.locals and not self.over
                outlet.text(seat.lang._(N_("Game stopped.") if own else said), last=True)
            else:
                seat.line(seat.lang._(said))
        if self.local not in self.joined:  # (the host's own player heard it, on this screen)
            self.out(self.lang._(N_("The host stops waiting and closes the table.") if self.over else said))
        self.stopped.set()
        self._left.set()


class SessionSeat:
    """What :meth:`TableRoom.join` gives a session: its seat, and whether this session still
    holds it (a newer login may take it over). Other attributes are the seat's."""

    def __init__(self, host: TableRoom, name: str, seat: Any, session: Any) -> None:
        self._host = host
        self._name = name
        self._seat = seat
        self._session = session

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self._seat, attr)

    def holds(self) -> bool:
        """Whether this session still holds the seat."""
        return self._session is None or self._host.sessions.get(self._name) is self._session


def _end(session: Any) -> None:
    """End an SSH session (one that already went is left alone)."""
    exit_ = getattr(session, "exit", None)
    if exit_ is None:
        return
    try:
        exit_(0)
    except Exception:  # noqa: BLE001 - a session that already went
        pass


def _not_in_yet(name: str) -> Callable[[Language], str]:
    """What the seats that are in hear of the seat ``name`` whose person is not at the table
    yet as its game begins (:meth:`TableRoom.start_without`)."""
    return lambda lang: lang.text(
        N_("{player} is not at the table yet; the game goes on until a question is {player}'s."), player=name
    )


def seconds_words(value: float, lang: Language) -> str:
    """ "1 second", "30 seconds", "0.5 seconds" in ``lang``."""
    if value == 1:
        return lang.text(N_("{n} second"), n=1)
    return lang.text(N_("{n} seconds"), n=f"{value:g}")


def wait_words(seconds: float, lang: Language) -> str:
    """A wait of ``seconds`` (rounded up) in ``lang``: "30 seconds" under a minute, else
    "1 minute", "10 minutes" (whole minutes, rounded up)."""
    whole = math.ceil(seconds)
    if whole < 60:
        return seconds_words(whole, lang)
    return lang.text(N_("{n} {n:minute|minutes}"), n=math.ceil(whole / 60))
