"""The console core of a seat: one game's console, whatever carries it.

A :class:`SeatConsole` reads only the seat protocol's messages
(:mod:`a11y_dominion.remote.protocol`: the decision with the seat's view, its redacted
events, the host's text, refusals, ``undone``, ``story``, ``history``, ``game_over``)
and the lines the player types, and answers with the seat protocol's messages
(``answer``, ``view``, ``say``, ``undo``, ``export``, ``leave``); it never reads a
``Game``. Everything about the game is here: the questions with numbered options,
typed answers and their confirmations (:mod:`.answers`), the query commands
(:mod:`.commands`), completion's view of the seat, undo, settings, chat, help, the
seat's history and the rate of the lines said.

An end supplies only what is its own: the link (:class:`SeatLink`: an
:class:`Inbox` the messages come into, and ``send`` and ``close``), the
player's :class:`~a11y_dominion.console.seat.HumanSeat` with its output (plain lines or
rich, and speech), the reader of typed lines, the settings store, and where an export
is written (:meth:`SeatConsole.write_out`). ``join`` (:mod:`a11y_dominion.remote.client`)
is one such end: its link is the SSH connection to the host.

One event loop runs the link and the console: at a terminal the line editor
(prompt_toolkit's ``prompt_async``) reads keys while the host's messages come in; what
comes while the player types is printed above the prompt, the typed text drawn again.
While nothing is asked of the seat, a query is answered from a view fetched from the
host, and a move is refused in one sentence; a line typed before a question was shown
is never taken as its answer.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Protocol

from ..console.answers import confirmation_reply, declined, not_an_answer, read_answer, suggestion
from ..console.commands import CommandState, Ctx, Prefs, SeatPort, command_for, run_command
from ..console.completion import COMMANDS, Seen
from ..console.display import Arrived, cleared_text
from ..console.keys import CTRL_D_LEAVES, CTRL_D_LEAVES_TABLE, CTRL_D_STOPS, KeyCommand, key_help_lines
from ..console.persistence import EXPORT_ALL, export_here
from ..console.seat import HumanSeat
from ..files import typed_path
from ..i18n import N_, Language
from ..lineinput import CUT_LINE
from ..remote.protocol import HOST_SAYS, PROTOCOL_VERSION, UNKNOWN_SENTENCE, Rate, TooLong, host_entry, msg_from_data
from ..rules.decisions import Decision, Move, Msg
from ..rules.events import GameEnded, GameEvent
from ..textinput import MAX_LINE, between_questions, split_speaker
from ..view import PlayerView, event_from_data

VIEW_SECONDS = 5  # how long a query between decisions waits for the host's view
SAY_SECONDS = 2  # how long the prompt waits for the host's line with what the player said
MAX_INBOX = 1000  # messages from the host waiting to be used; the connection is read no further meanwhile
MAX_INBOX_BYTES = 4 * 1024 * 1024  # and the bytes of their lines
HOST_LINES_PER_SECOND = 40  # lines to show (text, refusals, lines not read) taken from the host in any second
AFTER_THE_GAME = N_("The game is over; log, repeat and score still work, and quit leaves.")
"""What an empty line says after the final scores, when no question comes again."""
FLOOD = N_("The host sends too many lines at once: at most {n} a second are shown; the rest were left out.")
SEAT_COMMANDS = tuple(c for c in COMMANDS if c not in ("save", "load"))  # completed: the host saves the game
CATCH_UP = 30  # the most sentences of what came while the player was away said at once; log N reads them all
AWAY = N_("{n} messages while you were away; the last {last} follow. Type log {log} to hear them all.")
UNREADABLE = (KeyError, TypeError, ValueError, AttributeError)  # what reading a message the host sent may raise


def _weight(entry: Any) -> int:
    return getattr(entry[1], "size", 0) if isinstance(entry, tuple) and len(entry) == 2 else 0


def told_events(items: list[Any]) -> list[GameEvent]:
    """The events of an ``events`` message: each item an event object as it is (handed over
    by the host in this process, :class:`~a11y_dominion.remote.seatlink.HostLink`), or its
    data read back (:func:`~a11y_dominion.view.event_from_data`, which raises KeyError or
    TypeError for data that is no event)."""
    return [e if isinstance(e, GameEvent) else event_from_data(e) for e in items]


# the host's messages that are lines to show, held to the inbox's rate (the others carry the game)
CHATTER = ("text", "error", "refused")
KNOWN_TYPES = {"hello", "text", "events", "story", "history", "decide", "refused", "error", "view", "game_over"}
KNOWN_TYPES |= {"undone", "export", "lobby"}


class Inbox:
    """What the host sent, in the order it came, for the console on the same event loop:
    ``("message", Received)``, ``("bad", Msg)`` and finally ``("closed", None)``, with
    :attr:`weight`, the bytes of the lines of the messages in it. The connection puts no
    more while it :meth:`is_full` (it reads no further meanwhile, so the host waits).

    A line from the network comes in through :meth:`take`: the lines to show (text, errors,
    refusals, messages of a type this program does not know, lines that are no message) are
    held to ``rate`` (:data:`HOST_LINES_PER_SECOND` in any second unless given), the rest
    dropped and the first dropped of a flood said in one sentence; the console's own
    sentence for a message it cannot use counts against the same rate."""

    def __init__(self, rate: Rate | None = None) -> None:
        self.queue: collections.deque[tuple[str, Any]] = collections.deque()
        self.weight = 0
        self._arrived = asyncio.Event()
        self.rate = rate if rate is not None else Rate(HOST_LINES_PER_SECOND)

    def take(self, line: str | TooLong) -> None:
        """One line from the host (a :class:`~a11y_dominion.remote.protocol.TooLong` for one over
        its bound): put as its entry (:func:`~a11y_dominion.remote.protocol.host_entry`), unless
        it is a line to show over the rate."""
        entry = self.held(host_entry(line))
        if entry is not None:
            self.put(entry)

    def held(self, entry: tuple[str, Any]) -> tuple[str, Any] | None:
        """``entry`` as it goes in, or None when it is a line to show over the rate (the first
        one dropped of a flood becomes the one sentence that says so)."""
        kind, item = entry
        chatter = kind != "message" or item["type"] in CHATTER or item["type"] not in KNOWN_TYPES
        if kind == "message" and (item.get("last") is True or item.get("error") == "seat-taken"):
            chatter = False  # why the session ends: always said
        said = self.rate.take() if chatter else "ok"
        if said == "tell":
            return ("bad", Msg(FLOOD, n=self.rate.per_second))
        return entry if said == "ok" else None

    def end(self) -> None:
        """The connection ended: ``("closed", None)`` goes in last."""
        self.put(("closed", None))

    def put(self, entry: tuple[str, Any]) -> None:
        """Put ``entry`` last."""
        self.queue.append(entry)
        self.weight += _weight(entry)
        self._arrived.set()

    def put_back(self, entry: tuple[str, Any]) -> None:
        """Put ``entry`` back first (it was taken and is to be used later)."""
        self.queue.appendleft(entry)
        self.weight += _weight(entry)
        self._arrived.set()

    def get_nowait(self) -> tuple[str, Any] | None:
        """The first entry, taken; None when there is none."""
        if not self.queue:
            return None
        entry = self.queue.popleft()
        self.weight -= _weight(entry)
        return entry

    async def wait(self) -> None:
        """Return when an entry waits."""
        while not self.queue:
            self._arrived.clear()
            await self._arrived.wait()

    async def get(self, timeout: float | None = None) -> tuple[str, Any] | None:
        """The first entry, waited for at most ``timeout`` seconds (None: as long as it takes);
        None when none came in time."""
        try:
            await asyncio.wait_for(self.wait(), timeout)
        except asyncio.TimeoutError:
            return None
        return self.get_nowait()

    def is_full(self) -> bool:
        """True while :data:`MAX_INBOX` messages or :data:`MAX_INBOX_BYTES` bytes wait."""
        return len(self.queue) >= MAX_INBOX or self.weight >= MAX_INBOX_BYTES


class SeatLink(Protocol):
    """What carries a seat's messages to and from the host: ``inbox`` (an :class:`Inbox`)
    gets ``("message", dict)``, ``("bad", Msg)``, ``("said", str)`` and finally
    ``("closed", None)``; ``send`` sends one message (``last``: the end of input follows),
    ``close`` ends the link (its end comes into the inbox)."""

    inbox: Inbox

    def send(self, message: dict[str, Any], last: bool = False) -> None: ...

    def close(self) -> None: ...


async def _outcome(work: Awaitable[Any]) -> tuple[Any, BaseException | None]:
    """(what ``work`` gives, None) or (None, what it raised): Ctrl+C at the prompt is a
    KeyboardInterrupt, which would stop the event loop if it left a task of its own."""
    try:
        return await work, None
    except (Exception, KeyboardInterrupt) as e:  # noqa: BLE001 - raised again by _given
        return None, e


def _given(outcome: tuple[Any, BaseException | None]) -> Any:
    """What :func:`_outcome` caught, raised again, or what it gave."""
    value, raised = outcome
    if raised is not None:
        raise raised
    return value


LEAVE_TABLE = N_("Leave the game at table {number}? It waits for you; sit {number} brings you back. yes or no")
"""quit's question at a table's seat of a game server (``number``: the table's), over ssh and through ``join``."""


class SeatConsole:
    """The console of one seat: the questions, queries, typed answers and speech, over
    the seat protocol (``link``: a :class:`SeatLink`), on the event loop the link runs on.

    ``seat`` is the player's :class:`HumanSeat` (narrator, history, speech);
    ``display`` (a :class:`~a11y_dominion.console.display.Display`), ``speaker`` (a
    :class:`~a11y_dominion.announcements.speech.Speaker`), the shortcut ``keys`` (command to
    key name) and ``confirm`` (ask before some answers); ``reader`` reads typed lines:
    one with ``read_async`` (the terminal's
    :class:`~a11y_dominion.console.display.PromptReader`, join's
    :class:`~a11y_dominion.console.piped.PipeReader`)
    also reads the lines typed while nothing is asked, and at a terminal the
    host's lines that come while the player types are printed above the prompt,
    the typed text kept; one with only ``read`` (a stream that never waits) is
    read at questions only. ``store`` is the seat's settings store (what the ``settings``
    command changes), ``help_seat`` the kind of seat ``help`` speaks of (as
    :class:`~a11y_dominion.console.commands.Ctx` reads it). :meth:`run` plays until the
    host ends the session; it returns the exit code."""

    # export FILE writes the file where the player is (:meth:`write_out`); an end that cannot
    # (an SSH session at the host) says at a bare export, too, how many lines it has and how to get them
    writes_files = False
    # several people share this screen and keyboard (play's shared keyboard): a question names the
    # person asked ("Ann, Action phase: ...", "Ann's hand: ..."); else the one person at it is "you"
    shared = False
    # first refusal on each line typed, at a question or between them (a game server's table: its
    # rate, mute and lobby commands): True when it took the line, which the console then does not read
    refuse: Callable[[str], Awaitable[bool]] | None = None
    # the number of the game server's table this seat is at (quit's question names it); None: a host's seat
    table_number: int | None = None

    def __init__(
        self,
        link: SeatLink,
        seat: HumanSeat,
        display: Any,
        speaker: Any,
        reader: Any,
        keys: dict[str, str] | None = None,
        confirm: bool = True,
        store: Any = None,
        help_seat: str = "join",
    ):
        self.link = link
        self.store = store
        self.help_seat = help_seat
        self.settings_file = True  # the player's settings are a file of their own (the store keeps them there)
        self.speaks = True  # the end speaks (False: the player's own screen reader reads its lines)
        self.leaves = True  # quit leaves the game (False: it stops the game, at the host's own seat)
        self.commands = SEAT_COMMANDS  # the commands completed (the host saves the game)
        self.greeting: Callable[[], None] | None = None  # said once, at the host's hello (its seat's name known)
        self.holder = seat
        self.display = display
        self._speaker = speaker
        self.reader = reader
        self.keys = dict(keys or {})
        self.confirm = confirm
        self.name: str = seat.name or ""  # (a seat's console always has its seat's name)
        self.humans = [self.name]
        self.bots: dict[str, None] = {}
        self.asker: str | None = None
        self.latest: PlayerView | None = None
        self.decision: Decision | None = None
        self.decision_id: int | None = None
        self.sent = False
        self.shown: int | None = None
        self.answered: list[Any] | None = None
        self.confirming: tuple[list[Any], str] | None = None  # an answer read and the question to ask first
        self.later: list[Callable[[], Awaitable[None]]] = []  # what a command left to wait for (the host, a line)
        self.exit_code: int | None = None
        self.away_news = False  # a story came: the events that follow it are what came while away
        self.over = False
        # (the history's length after it, the line said after the final scores, its language): repeat reads it
        # with the scores while nothing more was said (:meth:`repeat_lines`)
        self.after_end: tuple[int, str, str] | None = None
        self.question_dropped = False  # a command typed at a yes-or-no question took it away
        self.completer: Any = None
        self.said = False
        self.ended = False  # the host ended the session: its end waits in the inbox for the run loop
        self.carry = ""  # a line half typed when a question came: drawn again at its prompt
        self.ended_told = False  # the host said why it ends this session (its last text)
        self.told: list[Any] = []  # the events told to this seat from the game's start: the story, then events
        self.hints = True  # the hint command answers (the player's hints setting)
        self.host_hints: tuple[bool, int | None] = (True, None)  # the host's hint policy: on, thinking time
        self.step: int | None = None  # the answers given in the game so far, as the host said (the hint's seed)
        self.command_state = CommandState()  # the messages read last and the place in the help pages
        seat.take_keyboard()
        seat.wait_for_prompt = True  # the news before a question goes on its prompt's line
        seat.story = lambda: list(self.told)  # the seat's history is told again from them in another language

    @property
    def lang(self) -> Language:
        return self.holder.lang

    @property
    def speaker(self) -> Any:
        return self._speaker

    @speaker.setter
    def speaker(self, value: Any) -> None:  # (the settings command's output)
        self._speaker = self.holder.announcer.speaker = value

    @property
    def interactive(self) -> bool:
        """True when a person types at a terminal (the end of input is a Ctrl+D typed by mistake)."""
        return bool(getattr(self.reader, "interactive", False))

    @property
    def between(self) -> bool:
        """True when lines typed while nothing is asked are read (the reader waits on the loop)."""
        return hasattr(self.reader, "read_async")

    def seen(self) -> Seen | None:
        """What completion reads: the latest view and the question waiting (None before any view)."""
        if self.latest is None:
            return None
        return Seen(self.latest, self.decision if not self.sent else None)

    def view(self, name: str | None = None) -> PlayerView:
        """The latest view of this seat (the only one a query may read); asked about another
        player by name ("Ann: status"), that view without this seat's own cards, as the
        table sees Ann (her Debt, VP tokens and how many cards where)."""
        if self.latest is None:
            raise LookupError(Msg(N_("Nothing is known of the game yet.")))
        who = name or self.asker
        if who is None or who == self.name:
            return self.latest
        return dataclasses.replace(self.latest, seat=who, hand=[], discard=[], set_aside=[])

    def take_name(self, seat: str) -> None:
        """Call this seat by ``seat``, its name as the host gives it, when that is the name
        the player typed in another letter case (``bea`` for the seat Bea): the prompt, the
        second person ("Your turn") and every comparison of names go by the host's name.
        Another name changes nothing."""
        if seat == self.name or not self.name or seat.casefold() != self.name.casefold():
            return
        self.holder.rename(self.name, seat)
        self.name = seat
        self.humans = [seat] + [n for n in self.humans[1:] if n != seat]

    def _know_players(self) -> None:
        """The players a "Name: query" may be about: every player of the latest view
        (the ones who are not people, as far as the host said, are bots)."""
        if self.latest is None:
            return
        people = self.holder.people
        names = [p.name for p in self.latest.players]
        self.humans = [self.name] + [n for n in names if n != self.name and (not people or n in people)]
        self.bots = {n: None for n in names if people and n not in people and n != self.name}

    def say(
        self, text: str, priority: str = "normal", keep: bool = True, style: str | None = None, interrupt: bool = False
    ) -> None:
        """Print and speak one line (kept in this seat's history with ``keep``)."""
        self.holder.say(text, priority=priority, keep=keep, style=style, interrupt=interrupt)

    def reply(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            self.say(line, keep=False, interrupt=(i == 0))

    def error(self, text: str) -> None:
        self.say(text, priority="high", keep=False, style="bold", interrupt=True)

    def unreadable(self) -> None:
        """A message from the host could not be used: one sentence, held to the rate of the
        host's lines (:data:`HOST_LINES_PER_SECOND`), the first one past it saying so."""
        rate = self.link.inbox.rate  # (one rate with the host's lines, one flood told)
        said = rate.take()
        if said == "ok":
            self.error(self.lang._(N_("The host sent a message this program cannot read; it was left out.")))
        elif said == "tell":
            self.error(self.lang.text(FLOOD, n=rate.per_second))

    def use(self, entry: tuple[str, Any]) -> bool:
        """Use one entry of the inbox that is no end: a message, ``("bad", Msg)`` (said as an
        error) or ``("said", text)`` (a line of this program's own, :func:`interrupted`'s);
        False when joining cannot go on (``exit_code`` set)."""
        kind, item = entry
        if kind == "bad":
            self.error(self.lang.msg(item))
            return True
        if kind == "said":
            self.say(item, keep=False)
            self.note_after_end(item)
            return True
        return self.receive_or_say(item) is not False

    def receive_or_say(self, message: dict[str, Any]) -> bool | None:
        """:meth:`receive` ``message``; None when it could not be used (:meth:`unreadable` said so)."""
        try:
            return self.receive(message)
        except UNREADABLE:
            self.unreadable()
            return None

    def use_waiting(self) -> None:
        """Use every entry waiting in the inbox now but the link's end (:meth:`use`): the session
        ends, and what the host said before its end is said at once."""
        while (entry := self.link.inbox.get_nowait()) is not None:
            if entry[0] != "closed":
                self.use(entry)

    # ------------------------------------------------------------ typed lines
    async def read_line(self, message: str, default: str = "", watch: bool = True) -> Any:
        """One typed line (or a :class:`~a11y_dominion.console.keys.KeyCommand`) after
        ``message``. With ``watch``, while the host sends something that is to be said, the
        wait ends with :class:`~a11y_dominion.console.display.Arrived` (at a terminal the
        prompt is erased, the text typed so far in it; piped input is left unread). Raises
        EOFError at the end of input and KeyboardInterrupt for Ctrl+C."""
        reader = self.reader
        if not self.between:
            return reader.read(message, default)
        if not watch:
            return await reader.read_async(message, default)
        if not self.interactive:  # piped input: its line is read once whole, unless the host came first
            if await self._first(reader.wait_line()):
                return await reader.read_async(message, default)
            return Arrived("")
        began: list[bool] = []

        async def typed() -> tuple[Any, BaseException | None]:
            began.append(True)  # (the reader's prompt starts in this same step)
            return await _outcome(reader.read_async(message, default))

        typing = asyncio.ensure_future(typed())
        while True:
            if await self._first(typing):
                return _given(typing.result())
            if self.use_quiet():
                continue  # only what says nothing came: the prompt waits on
            # a read begun ends soon by itself: stopped now, or ending with the line just typed,
            # which the prompt holds until it has finished (broken off, that line would be lost)
            if reader.stop() or began:
                return _given(await typing)
            typing.cancel()  # the read had not begun: nothing was typed in it
            await asyncio.wait([typing])
            return Arrived(default)

    async def _first(self, work: Awaitable[Any]) -> bool:
        """True when ``work`` ends before the host sends something; False (``work`` broken off
        unless it is a task kept by its caller) when the host's message came first."""
        task = asyncio.ensure_future(work)
        arrived = asyncio.ensure_future(self.link.inbox.wait())
        try:
            done, _ = await asyncio.wait({task, arrived}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            arrived.cancel()
        if task in done:
            return True
        if work is not task:
            task.cancel()
            await asyncio.wait([task])
        return False

    def use_quiet(self) -> bool:
        """Use the host's messages at the head of the inbox that put out nothing while a
        prompt waits: a new view, and events whose lines (if any) this seat hears only
        later (an opponent's turn is told at its end). Stops at the first message that
        needs the prompt ended (a question, text, the end); returns True when the inbox
        is then empty."""
        inbox = self.link.inbox
        announcer = self.holder.announcer
        while True:
            if not inbox.queue:
                return True
            kind, item = inbox.queue[0]
            if kind != "message" or item.get("type") not in ("view", "events", "story") or self.sent:
                return False  # a question, text, the end; or events that take the answer sent
            entry = inbox.get_nowait()
            if entry is None:  # (the head seen above)
                return True
            waiting = announcer.waiting
            try:
                self.receive(item)
            except UNREADABLE:
                inbox.put_back(entry)  # told by the console's own reading, after the prompt
                return False
            if announcer.waiting != waiting:
                return False  # it said something: the prompt ends and the held lines come out

    def no_commands(self) -> str | None:
        """Why a command typed at a yes-or-no question (:meth:`ask_reply`) is not run here, in one
        sentence, or None: it is run. (At a shared keyboard's hand-over the person at the keyboard
        may not be this seat's.)"""
        return None

    async def ask_reply(self, question: str, stop: bool = False, prompt: str | None = None) -> str:
        """Ask a yes-or-no question until the line typed is no command; returns
        :func:`~a11y_dominion.console.answers.confirmation_reply` of that line (``"yes"``,
        ``"no"`` or ``"other"``; Ctrl+C is ``"no"``, Ctrl+D too, or ``"yes"`` with ``stop``), as
        every end does, or ``"gone"`` when a command typed there took the question away (quit
        stopped the game, undo took back an answer). A command typed there (status, card Villa,
        a shortcut key) is run and the question asked again; quit asks the stop question first
        (with ``stop``, the question asked is that one: it is asked again). With ``prompt``, the
        question is said as a line and ``prompt`` is the prompt of the line typed; else the
        question is the prompt, spoken too. What the host sends meanwhile (chat, a player back)
        is said at once, as at a turn's prompt, and the question put again with what was typed of
        the answer; a question that is no longer waiting (undone, answered by a bot) makes it
        ``"no"`` (the stop question reads on meanwhile, as it always did)."""
        asked, default = self.decision_id, ""
        before = (self.decision_id, self.over)
        while True:
            if prompt is None:
                self.speaker.speak(question, priority="important", interrupt=True)  # heard, not only shown
            else:
                self.say(question, keep=False)
            try:
                got = await self.read_line(
                    question if prompt is None else prompt, default, watch=self.interactive and not stop
                )
            except EOFError:
                return "yes" if stop else "no"
            except KeyboardInterrupt:
                return "no"
            default = ""
            if isinstance(got, Arrived):
                default = got.text
                while not await self.drain():  # (it stops at a question no longer waiting)
                    if self.ended or self.exit_code is not None or self.decision_id != asked:
                        return "no"
                if self.decision_id != asked:
                    return "no"
                continue
            line = got.command if isinstance(got, KeyCommand) else got if isinstance(got, str) else ""
            reply = confirmation_reply(line, self.lang) if not isinstance(got, KeyCommand) else "command"
            if reply != "command":
                return reply
            refusal = self.no_commands()
            if refusal is not None:
                self.error(refusal)
                continue
            if command_for((line.split() or [""])[0]) == "quit":
                if stop:
                    continue
                await self.quit_game()
            else:
                await self.obey(line.strip())
            if self.exit_code is not None or (self.decision_id, self.over) != before:
                self.question_dropped = True  # (a game going on in another language puts it again)
                return "gone"

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run one command line (:func:`~a11y_dominion.console.commands.run_command`); what it
        leaves to wait for (the host's reply, a line typed) is in ``later`` (see :meth:`obey`)."""
        run_command(self.command_ctx(), text)

    async def obey(self, text: str) -> None:
        """Run one command line and wait for what it left to wait for."""
        self.command(text)
        await self.finish()

    async def finish(self) -> None:
        """Do what the commands run left to wait for (the host's reply, a line typed), in order."""
        while self.later:
            await self.later.pop(0)()

    def keys_help(self, lang: Language) -> list[str]:
        """The lines of ``help keys`` in ``lang``: the seat's shortcut keys, and what Ctrl+D does here."""
        return key_help_lines(lang, self.keys, ctrl_d=self.ctrl_d_does())

    def ctrl_d_does(self) -> str:
        """What Ctrl+D does at this seat, as ``help keys`` says it (an English sentence): it leaves
        a game server's table (:attr:`table_number`), or the game at a host, and stops the game
        where quit stops it (:attr:`leaves` False)."""
        if self.table_number is not None:
            return CTRL_D_LEAVES_TABLE
        return CTRL_D_LEAVES if self.leaves else CTRL_D_STOPS

    def command_ctx(self) -> Ctx:
        """What a command reads here: this seat's latest view and question, and the actions of
        a joined seat (undo, export and chat through the host; no save or load)."""
        holder = self.holder
        return Ctx(
            lang=self.lang,
            seat=self.name,
            asker=self.asker,
            bots=frozenset(self.bots),
            view=self.view() if self.latest is not None else None,
            decision=self.decision if not self.sent else None,
            step=self.seed(),
            told=lambda: list(self.told),
            history=holder.history,
            state=self.command_state,
            prefs=Prefs(
                verbosity=holder.verbosity,
                options=holder.heard.mode,
                hints=self.hints and self.host_hints[0],
                display="plain" if self.display.plain else "rich",
                keys=self.keys,
            ),
            store=self.store,
            screen=self.display,
            speech=self.speaker if self.speaks else None,
            port=SeatPort(
                options=lambda: self.show_question(self.decision, full=True) if self.decision is not None else None,
                undo=lambda: self.later.append(self.undo),
                quit=lambda: self.later.append(self.quit_game),
                export=lambda rest: self.later.append(lambda: self.export_file(rest)),
                say=self.chat,
            ),
            keys_help=self.keys_help,
            reply=self.reply,
            error=self.error,
            say=lambda text: self.say(text, keep=False),
            repeat_lines=self.repeat_lines,
            think_ms=self.host_hints[1],
            hints_off=N_("Hints are off at this table: the host's hints setting is off.")
            if not self.host_hints[0]
            else N_("Hints are off in the settings; settings set hints on turns them on."),
            settings_file=self.settings_file,
            help_seat=self.help_seat,
            shared=self.shared,
        )

    def seed(self) -> int:
        """The hint's seed: the answers given in the game so far, as the host said (an older
        host: the question's id)."""
        return self.step if self.step is not None else self.decision_id or 0

    async def undo(self) -> None:
        """undo: ask the host to take back this seat's last answer, and wait (a little) for
        its reply: ``undone`` and the question asked again, or ``refused`` with why.
        A host that does not know the message (an older one) is said so in one sentence."""
        self.link.send({"type": "undo"})
        mine = False
        async for item in self._replies():
            got = item.get("type")
            if got == "error" and item.get("error") == "unknown-type":
                self.error(self.lang._(N_("This host cannot undo: it runs an older version of a11y-dominion.")))
                return
            going = self.receive_or_say(item)
            if going is None:
                continue
            mine = mine or (got == "undone" and item.get("player") == self.name)
            if not going or got in ("refused", "error", "game_over") or (mine and got == "decide"):
                return

    async def _replies(self) -> AsyncIterator[dict[str, Any]]:
        """The host's messages as they come, for a command waiting for its reply: the
        generator ends when none comes within :data:`VIEW_SECONDS` or when the connection's
        end comes (put back for the run loop to read)."""
        while True:
            entry = await self.link.inbox.get(VIEW_SECONDS)
            if entry is None:
                return
            kind, item = entry
            if kind in ("bad", "said"):
                self.use(entry)
                continue
            if kind != "message":
                self.link.inbox.put_back(entry)  # the run loop reads it
                return
            yield item

    async def export_file(self, rest: str) -> None:
        """export FILE: the host sends the game so far as the console's export writes it for
        this seat (the ``export`` message), and it is written to FILE on this computer, as at
        the console; one sentence either way, naming the file's full path (a host too old to
        send it: one sentence). ``export all`` prints those lines here, as over ssh. At an end
        that cannot write a file (:attr:`writes_files` False) a bare ``export`` says why and how
        many lines there are, as ``export FILE`` does there."""
        path = typed_path(rest)
        if not path and self.writes_files:
            self.error(self.lang._(N_("Export needs a file name, for example export game.txt.")))
            return
        self.link.send({"type": "export"})
        lines = None
        async for item in self._replies():
            got = item.get("type")
            if got == "error" and item.get("error") == "unknown-type":
                self.error(self.lang._(N_("This host cannot export: it runs an older version of a11y-dominion.")))
                return
            if got == "export" and isinstance(item.get("lines"), list):
                lines = [str(x) for x in item["lines"]]
                break
            if self.receive_or_say(item) is False:
                return
        if lines is None:
            self.error(self.lang._(N_("The host did not send the game; nothing was written.")))
            return
        if path.lower() in EXPORT_ALL:
            self.reply(export_here(lines, self.lang, self.over))
            return
        await self.write_out(path, lines)

    async def write_out(self, path: str, lines: list[str]) -> None:
        """export FILE: write ``lines`` (the game so far as the console's export writes it)
        to the file ``path`` names where the player is. An end that cannot write there (an
        SSH session at the host) says so in one sentence, with how to get the lines."""
        self.say(
            self.lang.text(
                N_(
                    "An SSH session cannot write a file on your computer; the export has {n:1 line|{n} lines}: "
                    "export all prints them here, and a11y-dominion join saves them as a file."
                ),
                n=len(lines),
            ),
            keep=False,
        )

    def chat(self, text: str) -> None:
        """say TEXT (cleaned and cut by the command): a line of chat to every seat, through the host."""
        self.link.send({"type": "say", "text": text})
        self.said = True  # the host's line with it is shown before the prompt comes back

    def leave_now(self) -> None:
        """The player leaves: the host hears a quit (``leave``, sent last), not a broken connection."""
        self.link.send({"type": "leave"}, last=True)
        self.say(self.lang._(N_("You left the game.")), keep=False)
        self.exit_code = 0

    def leave_question(self) -> str:
        """The question quit asks before the game's end, as the prompt of its answer: at a game
        server's table (:attr:`table_number`) that the game waits there for the player (:data:`LEAVE_TABLE`)."""
        if self.table_number is not None:
            return self.lang.text(LEAVE_TABLE, number=self.table_number) + " "
        return self.lang._(N_("Leave the game? The host keeps it and you may join again. Type yes to leave: "))

    def stay_sentence(self) -> str:
        """What a no to :meth:`leave_question` says."""
        return self.lang._(N_("You stay in the game."))

    def leave_after_game(self) -> None:
        """quit after the final scores: the seat leaves at once (``leave``, sent last)."""
        self.link.send({"type": "leave"}, last=True)
        self.say(self.lang._(N_("You left; goodbye.")), keep=False)
        self.exit_code = 0

    async def quit_game(self) -> None:
        """quit (or Ctrl+D): ask :meth:`leave_question`, then :meth:`leave_now` or stay
        (:meth:`stay_sentence`); after the game, :meth:`leave_after_game` at once. Ctrl+D again
        or the end of piped input is a yes, Ctrl+C a no."""
        if self.over:
            self.leave_after_game()
            return
        reply = await self.ask_reply(self.leave_question(), stop=True)
        if reply == "yes":
            self.leave_now()
        elif reply != "gone":
            self.say(self.stay_sentence(), keep=False)

    async def input_ended(self) -> None:
        """The end of input (Ctrl+D at a terminal: asked first; the end of piped input: the player left)."""
        if self.interactive:
            await self.quit_game()
        else:
            self.leave_now()

    def handle(self, line: str) -> None:
        """A typed line at this seat's question: a command is run, anything else read as the
        answer (:func:`~a11y_dominion.console.answers.read_answer`): refused in one sentence,
        or kept in ``answered``, or in ``confirming`` with the question to ask first."""
        d = self.decision
        if self.latest is None or d is None:
            self.command(line)
            return
        self._know_players()
        text = line.strip()
        if not_an_answer(self, self.latest, d, text):
            return
        got = read_answer(self.view(d.player), d, text, self.lang, confirm=self.confirm, you=not self.shared)
        if got.refusal is not None:
            self.error(got.refusal)
        elif got.question is not None:
            self.confirming = (got.keys, got.question)
        else:
            self.answered = got.keys

    async def refused(self, line: str) -> bool:
        """Whether :attr:`refuse` took the typed ``line`` (never an empty one)."""
        return self.refuse is not None and bool(line.strip()) and await self.refuse(line)

    async def answer_line(self, line: str) -> None:
        """:meth:`handle` ``line``, then ask what it left to ask (a confirmation, a command's);
        nothing when :attr:`refuse` took it."""
        if await self.refused(line):
            return
        self.handle(line)
        await self.finish()
        if self.confirming is None:
            return
        (keys, question), self.confirming = self.confirming, None
        reply = await self.ask_reply(question)
        if reply == "yes":
            self.answered = keys
        elif reply != "gone" and self.decision is not None:
            said = declined(self.view(self.decision.player), self.decision, keys, self.lang, reply, not self.shared)
            self.say(said, keep=False)

    async def typed_between(self, line: str) -> None:
        """A line typed while nothing is asked: a command is run on the latest view;
        anything else (a move, an answer) is refused, never kept for a later question; nothing
        when :attr:`refuse` took it."""
        if await self.refused(line):
            return
        text = line.strip()
        if not text:
            if self.over:  # (no question comes again: what may be typed now)
                self.say(self.lang._(AFTER_THE_GAME), keep=False)
            return
        if ":" in text and self.latest is None:
            await self.fetch_view()  # the players a "Ann: status" may name
        who, body = split_speaker(self.latest, text) if self.latest is not None else (None, text)
        if who is not None and command_for((body.split() or [""])[0]) in COMMANDS:  # "Ann: status"
            await self.fetch_view()
            self._know_players()
            self.asker = who
            try:
                self.command(body.strip())
            finally:
                self.asker = None
            await self.finish()
            return
        word = (text.split() or [""])[0]
        if command_for(word) in COMMANDS:
            if command_for(word) not in ("say", "quit", "help"):
                await self.fetch_view()
            await self.obey(text)
        else:  # a move out of turn, a misspelt command or nonsense: which one it is
            said = (body.strip() if who is not None else "") or text  # ("Ann: buy Gold" is a move)
            self.error(self.lang.msg(between_questions(said, suggestion(said, self.lang))))

    async def fetch_view(self) -> None:
        """Ask the host for this seat's view now and wait (a little) for it, using what
        comes before it; a query between decisions reads the game as it is now."""
        self.link.send({"type": "view"})
        async for item in self._replies():
            self.receive_or_say(item)
            if item.get("type") in ("view", "game_over", "decide"):
                return

    def cleared(self, interrupt: BaseException) -> str:
        """The sentence after Ctrl+C (``interrupt``, a :class:`~.display.LineCleared` or a plain
        KeyboardInterrupt): that the line was cleared, and how to leave (or stop) the game."""
        return cleared_text(interrupt, self.lang, leave=self.leaves, over=self.over)

    def cancel_question(self) -> None:
        """After Ctrl+C: a question the other end asked is cancelled (nothing here: the host's
        questions are the seat's own; the server's lobby has its own)."""

    def line_cleared(self, interrupt: BaseException) -> None:
        """Ctrl+C at the prompt: say :meth:`cleared` and :meth:`cancel_question`."""
        self.say(self.cleared(interrupt), keep=False)
        self.cancel_question()

    async def read_between(self) -> None:
        """Read a line typed while nothing is asked and use it; return early when the host
        sends something (at a terminal the text typed so far is kept for the next prompt)."""
        default, self.carry = self.carry, ""
        announcer = self.holder.announcer
        announcer.hold()  # nothing is spliced into a half-typed line
        try:
            got = await self.read_line(self.between_prompt(), default)
        except EOFError:
            announcer.release()
            await self.input_ended()
            return
        except KeyboardInterrupt as e:  # Ctrl+C: the line is cleared, as at a question
            announcer.release()
            self.line_cleared(e)
            return
        announcer.release()
        if isinstance(got, Arrived):
            self.carry = got.text
        elif isinstance(got, KeyCommand):
            self.carry = got.text
            await self.obey(got.command)
        else:
            if getattr(self.reader, "cut", False):  # said once, before what the line does, as at a question
                self.say(self.lang.text(CUT_LINE, n=MAX_LINE), priority="high", keep=False)
            await self.typed_between(got)

    def between_prompt(self) -> str:
        """The prompt of a line read while nothing is asked: none (a screen reader would read it
        again after every line that comes), but after the game the seat's, which says that it
        may type while no question comes; the lobby of a game server has its own."""
        return self.prompt() if self.over else ""

    # ------------------------------------------------------------ questions
    def prompt(self) -> str:
        """The prompt of this seat's questions (and, after the game, of its lines): the seat's
        name ("Ann> "), which the host knows the seat by."""
        return f"{self.name}> "

    def show_question(self, d: Decision, full: bool = False, again: bool = False, news: bool = False) -> None:
        """Put the question to this seat as the console does
        (:meth:`~a11y_dominion.console.narration.Narration.show_question`)."""
        self.holder.show_question(self.view(), d, full=full, again=again, news=news, you=not self.shared)

    async def ask(self) -> bool:
        """Read lines until an answer to the pending decision is sent; False when the player left."""
        d = self.decision
        asked = self.decision_id
        if d is None:
            return True
        if self.shown != asked:
            # piped lines that came before the question was shown are no answers to it
            while self.between and not self.interactive and self.reader.ready() and self.exit_code is None:
                await self.read_between()
            if self.exit_code is not None:
                return False
            if self.decision_id != asked or self.decision is None or self.sent:
                return True
            self.shown = asked
            self.show_question(d, news=True)
        default, self.carry = self.carry, ""
        announcer = self.holder.announcer
        while True:
            self.answered = None
            announcer.hold()  # nothing is spliced into a half-typed line
            try:
                got = await self.read_line(self.prompt(), default, watch=self.interactive)
            except EOFError:
                await self.input_ended()
                if self.exit_code is not None:
                    return False
                default = ""
                continue
            except KeyboardInterrupt as e:
                self.line_cleared(e)
                default = ""
                continue
            finally:
                announcer.release()
            if isinstance(got, Arrived):  # the host sent something: shown, then the prompt again
                default = got.text
                if not await self.drain() or self.decision_id != asked or self.decision is None:
                    self.carry = default
                    return self.exit_code is None
                continue
            default = ""
            if isinstance(got, KeyCommand):
                default = got.text
                await self.obey(got.command)
            else:
                if getattr(self.reader, "cut", False):  # said once, before what the line does
                    self.say(self.lang.text(CUT_LINE, n=MAX_LINE), priority="high", keep=False)
                await self.answer_line(got)
            if self.exit_code is not None:
                return False
            if self.decision_id != asked or self.decision is None:
                return True  # the question changed meanwhile (undo): the run loop asks the new one
            if self.answered is None and not await self.drain():
                return self.exit_code is None  # the host went on (or ended): the run loop looks again
            if self.answered is not None:
                keys = [k.to_dict() if isinstance(k, Move) else k for k in self.answered]
                self.link.send({"type": "answer", "id": self.decision_id, "keys": keys})
                self.sent = True
                self.holder.last_answer = self.answered
                return True

    # ------------------------------------------------------------ messages from the host
    async def drain(self) -> bool:
        """Use what the host sent while the player typed at a question (chat, a player
        leaving), before the prompt comes back; after ``say`` wait a little for its line, unless
        pasted or typed-ahead lines wait to be read (the reader's ``pending``). False when the
        question is no longer the one waiting (or the host ended)."""
        asked = self.decision_id
        while True:
            # (not while pasted or typed-ahead lines wait: they go as fast as they came, and the
            # host's bound on lines a second holds as at an SSH seat)
            wait = self.said and not getattr(self.reader, "pending", None)
            entry = await self.link.inbox.get(SAY_SECONDS) if wait else self.link.inbox.get_nowait()
            if entry is None:
                self.said = False
                return True
            kind, item = entry
            if kind == "closed":
                self.ended = True
                self.link.inbox.put_back(entry)  # the run loop ends the session
                return False
            if kind == "message" and item.get("type") == "text":
                self.said = False
            if not self.use(entry) or self.decision_id != asked or self.decision is None:
                return False

    def receive(self, message: dict[str, Any]) -> bool:
        """Use one message from the host; False when joining cannot go on (``exit_code`` set)."""
        kind = message["type"]
        if kind != "hello":
            self.greet()  # (a host that sent no hello)
        if kind not in ("events", "decide", "view", "story", "history"):
            self.holder.flush()  # the news waiting for a question that did not come, before what comes now
        if kind == "hello":
            if message.get("protocol") != PROTOCOL_VERSION:
                self.error(
                    self.lang.text(
                        N_("The host speaks version {theirs} of the seat protocol and this program version {ours}."),
                        theirs=str(message.get("protocol")),
                        ours=PROTOCOL_VERSION,
                    )
                )
                self.exit_code = 2
                return False
            seat = message.get("seat")
            if isinstance(seat, str):
                self.take_name(seat)
            self.greet()
            people = message.get("people")
            if isinstance(people, list):  # the people at the table: their turn's start is told at once
                self.holder.meet(frozenset(p for p in people if isinstance(p, str)))
            hints = message.get("hints")
            if isinstance(hints, dict):  # the table's hint policy (an older host: the hard bot, always on)
                think = hints.get("think_ms")
                number = isinstance(think, int) and not isinstance(think, bool) and think >= 0
                self.host_hints = (hints.get("on") is not False, think if number else None)
        elif kind == "text":
            text = str(message.get("text", ""))
            if text.strip():  # nothing is left of a text of escape sequences only
                # the session's end is not kept, nor the lobby's seats (the history holds the game's messages)
                self.say(text, keep=message.get("last") is not True and message.get("keep") is not False)
                self.note_after_end(text)
            if message.get("last") is True:  # the host said why the session ends: nothing more is said of it
                self.ended_told = True
        elif kind == "events":
            if self.sent:  # the host went on: the answer was taken
                self.decision, self.sent = None, False
            events = told_events(message["events"])
            away, self.away_news = self.away_news, False  # what came while the player was away
            self.hear(lambda: self.tell_events(events, away, message.get("asks") is True))
        elif kind == "story":  # what this seat's player heard before this session: kept, history only
            start = message["start"]
            if not isinstance(start, int) or isinstance(start, bool) or start < 0:
                raise ValueError("the start of a story is a count of events")
            events = [event_from_data(e) for e in message["events"]]
            del self.told[start:]
            self.told.extend(events)
            if events:  # a game under way: the narration goes on from it, the hand said at the first question
                self.holder.recall(events, keep=False)  # (the history comes in the history message)
                self.holder.hand_due = True
                self.away_news = True  # the events that follow it, before a question, are the news
        elif kind == "history":  # the seat's history as the host kept it: this program's from now on
            lines = message["lines"]
            if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
                raise ValueError("a history is a list of lines")
            for text in lines:
                self.holder.history.add(text, category="game")
        elif kind == "decide":
            self.away_news = False
            self.decision = Decision.from_data(message["decision"])
            self.latest = PlayerView.from_data(message["view"])
            self.take_name(self.latest.seat)  # (a host that said the name as it was typed)
            self.decision_id = message.get("id")
            step = message.get("step")
            self.step = step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else None
            self.sent = False
        elif kind in ("refused", "error"):
            sentence = msg_from_data(message.get("message"))
            if sentence.template == UNKNOWN_SENTENCE and isinstance(message.get("text"), str) and message["text"]:
                sentence = Msg(HOST_SAYS, text=message["text"])  # the host's own words, as a value
            self.error(self.lang.msg(sentence))
            if message.get("error") == "seat-taken":
                self.exit_code = 2
                return False
            if message.get("error") != "stale":
                self.sent = False  # the same question waits for another answer
        elif kind == "undone":
            self.took_back(str(message["player"]), [event_from_data(e) for e in message["events"]], message["view"])
        elif kind in ("view", "game_over"):
            self.latest = PlayerView.from_data(message["view"])
            heard = message.get("heard")  # the host told where this seat's own turn stands (back in the game)
            if heard in ("turn", "hand") and self.latest.turn.player == self.name:
                self.holder.heard_turn(self.latest, figures=heard == "turn")
            elif heard == "hand":  # told in another's turn: not read again at this seat's turn's start
                self.holder.hand_due = False
                self.holder.narrator.last_drawn = tuple(self.latest.hand)
            if kind == "game_over":
                self.over = True
                self.decision, self.sent = None, False
        return True

    def final_scores(self) -> list[str]:
        """The final scores and who won, as the game's end said them to this seat, in its language
        now ("You: 30 VP (30 from cards and 0 from VP tokens).", one line a player, then "You
        win."; the "Game over." before them left out); none before the game's end was told."""
        ended = next((e for e in reversed(self.told) if isinstance(e, GameEnded)), None)
        if ended is None:
            return []
        return self.holder.narrator.final_lines(ended)[1:]

    def note_after_end(self, text: str) -> None:
        """Note ``text``, a line said from the host or this program, when it is the first after
        the final scores that is not one of them (the game is over): the line that says the
        player may stay ("The game is over. You may stay: ..."), read by :meth:`repeat_lines`."""
        if self.over and self.after_end is None and text not in self.final_scores():
            self.after_end = (len(self.holder.history), text, self.lang.code)

    def repeat_lines(self) -> list[str] | None:
        """What ``repeat`` reads for the latest message when it was said with others, while
        nothing was said since: right after a turn's start, its line and the hand
        (:meth:`~.narration.Narration.turn_start_lines`); after the game's end, the final scores
        and who won (:meth:`final_scores`) and the line said after them, which the player may
        not have heard for them. None: the latest message alone."""
        start = self.holder.turn_start_lines()
        if start is not None:
            return start
        after = self.after_end
        if after is None or after[0] != len(self.holder.history) or after[2] != self.lang.code:
            return None
        return [*self.final_scores(), after[1]]

    def cap_news(self) -> None:
        """The news of a player back in the game (the events told after the story), as waiting
        to be said: more than :data:`CATCH_UP` sentences are said as their count and the last
        of them, the others kept in the history unsaid (``log`` with that count reads them all)."""
        queue = self.holder.queue
        n = len(queue)
        if n <= CATCH_UP:
            return
        for _ in range(n - CATCH_UP):
            text, _priority = queue.popleft()
            self.holder.history.add(text, category="game")
        self.say(self.lang.text(AWAY, n=n, last=CATCH_UP, log=n), keep=False)

    def greet(self) -> None:
        """Say :attr:`greeting` (the end's own lines at the start), once."""
        greeting, self.greeting = self.greeting, None
        if greeting is not None:
            greeting()

    def took_back(self, player: str, events: list[Any], view: dict[str, Any]) -> None:
        """The ``undone`` message: ``player`` took back an answer that made ``events``, told as
        :meth:`~a11y_dominion.console.narration.Narration.undone` says; this seat's own question
        is asked again (the host sends it anew)."""
        before = self.latest
        after = self.latest = PlayerView.from_data(view)
        if player == self.name:
            self.decision, self.sent = None, False  # a new decide follows

        def tell() -> None:
            if events:  # the events taken back leave what this seat was told (hint reads it)
                del self.told[-len(events) :]
            self.holder.undone(player, events, after, before, you=not self.shared)

        self.hear(tell)

    def hear(self, tell: Callable[[], None]) -> None:
        """Tell this seat something of the game: ``tell`` narrates it (events, an undo) in the
        seat's language and verbosity as they are when it runs, and notes it as told. Here at once;
        a shared keyboard runs it when the keyboard comes to the person, so that what waits for them
        is said in the keyboard's language then (:meth:`~.hotseat.HotSeatConsole.hear`)."""
        tell()

    def tell_events(self, events: list[GameEvent], away: bool, asks: bool) -> None:
        """Tell ``events`` (an ``events`` message's, redacted for this seat): noted as told, and
        narrated; ``away``: they are what came while the player was away (read by ear, the last of
        them: :meth:`cap_news`); ``asks``: this seat's question comes next, which says them with its
        prompt (else they are said now)."""
        self.told.extend(events)
        self.holder.tell(events)
        if away:
            self.cap_news()
        if not asks:
            self.holder.flush()

    async def run(self) -> int:
        """Play until the host ends the session; the exit code (0: the game ended,
        or the player left; 1: the host ended it before the end; 2: it cannot be joined)."""
        inbox = self.link.inbox
        if self.greeting is not None:  # said at the host's first message (its hello), before any typed line is read
            await inbox.wait()
        while True:
            if self.decision is not None and not self.sent and not self.ended:
                if not await self.ask():
                    self.link.close()
                    return self.exit_code or 0
                continue
            entry = inbox.get_nowait()
            if entry is None and self.between:
                await self.read_between()  # (until the host sends something)
                if self.exit_code is not None:
                    self.link.close()
                    return self.exit_code
                continue
            if entry is None:
                entry = await inbox.get()
            if entry is None or entry[0] == "closed":
                break
            if not self.use(entry):
                self.link.close()
                return self.exit_code or 2
        self.link.close()
        self.greet()  # (a host that ended the session before it said anything)
        if not self.over:
            if not self.ended_told:
                self.say(self.lang._(N_("The host ended the session before the game was over.")), keep=False)
            return 1
        if self.speaker.mode in ("self-voicing", "auto") and self.speaker.effective_mode == "self-voicing":
            self.say(self.lang._(N_("Press Enter to leave the game.")), keep=False)
            try:
                await self.read_line("> ", "", watch=False)
            except (EOFError, KeyboardInterrupt):
                pass
        return 0
