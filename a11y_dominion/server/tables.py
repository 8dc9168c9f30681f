"""The server's tables: ``new`` opens one, ``tables`` lists them, ``sit N`` takes a seat,
``leave`` stands up before the start, ``start`` (the owner) begins the game, which also
begins on its own once every seat is taken.

A table before its start is a list of the people seated (the owner first) and the bots that
fill its other seats. At the start its game is dealt for the people seated and the bots
(seats left free are left out) and played in a :class:`~a11y_dominion.remote.room.TableRoom`,
as ``host`` plays it: each person's session takes its seat (:meth:`SeatHolder.take_seat`),
the game is saved after every answer in the server's ``games`` folder (each line written at once,
its ``fsync`` in the :data:`SYNCERS` threads, awaited by the table alone before anyone hears the
answer), and the bots decide in
the server's bot pools (:class:`~.pool.BotPools`), never in the event loop. At the end the
game is recorded in the database (:meth:`~.store.Store.record_game`: ``games``, ``stats`` and
``ranking`` read it) and the people are back in the lobby.

Every sentence is said in each person's own language, one a line.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..announcements.words import join_names
from ..i18n import N_, Language
from ..kingdoms import NAMED_KINGDOMS, KingdomError, choose_setup
from ..rules.decisions import Msg
from ..tableoptions import TableOptions, setup_of, table_options
from .lobby import Person
from .ratings import PERSON, standings_of
from .store import FinishedGame, KeptInvitation, TableRow, utc_now

log = logging.getLogger("a11y_dominion.server.tables")

INVITATION_SECONDS = 24 * 3600
"""How long an invitation holds at most (it also ends when its table starts or closes)."""

SYNCERS = 4
"""Threads that run the autosaves' fsyncs: a slow disk delays only the tables that wait for one."""

PRIVATE_WORDS = ("private", "besloten")
"""The word of ``new`` that opens a private table (only invited people may sit), in any language."""

AFTER_GAME_LINE = N_("The game is over; log, repeat and score still work here, and leave goes back to the lobby.")
"""What a player at a table, and a watcher, hears after the final scores."""


class Unrestorable(Exception):
    """A table that cannot come back after a restart for a fault of its files (missing or
    unreadable) and is closed; ``args[0]`` is its sentence for the log (a WARNING there)."""


class SeatHolder(Protocol):
    """What a table needs of a person's session: to take its seat in a started game and to go
    back to the lobby (the server's :class:`~.session.ServerSession` does both)."""

    def take_seat(self, room: Any, name: str, number: int) -> None:
        """Sit at the seat ``name`` of ``room`` (the table numbered ``number``): typed lines go to it."""
        ...

    def to_lobby(self) -> None:
        """Stand up: typed lines go to the lobby again."""
        ...

    def watch(self, watcher: Any) -> None:
        """Watch a game: typed lines go to ``watcher`` (a :class:`~.watch.WatchSeat`)."""
        ...


class TableStore(Protocol):
    """What the tables need of the database (:class:`~.store.Store` has it)."""

    async def add_table(self, number: int, owner: int, options: dict[str, Any]) -> int:
        """A new open table's row; its id."""
        ...

    async def table_state(self, table_id: int, state: str) -> None:
        """The table's new state."""
        ...

    async def record_game(self, game: FinishedGame) -> bool:
        """Record a finished game."""
        ...

    async def table_game(self, table_id: int, game: str) -> None:
        """The table plays the game whose autosave is ``game`` (its id)."""
        ...

    async def invite(self, table_id: int, account: int, by: int, at: float) -> None:
        """Keep an invitation (``at``: seconds since the epoch)."""
        ...

    async def drop_invitations(self, table_id: int, account: int | None = None) -> int:
        """Forget the invitations to a table (of one account, or all)."""
        ...

    async def seat_people(self, table_id: int, people: list[tuple[int, str]]) -> None:
        """The people (account, name) seated now at an unstarted table, the owner first."""
        ...


class RestoreStore(TableStore, Protocol):
    """What bringing the tables back at a start needs of the database (:class:`~.store.Store` has it)."""

    async def live_tables(self) -> list[TableRow]:
        """The tables a stopped or killed server left open or playing."""
        ...

    async def invitations(self, oldest: float) -> list[KeptInvitation]:
        """The kept invitations made since ``oldest`` to tables still open (the rest removed)."""
        ...

    async def open_seats(self, table_id: int) -> list[tuple[int, str, dict[str, Any]]]:
        """The people kept at an unstarted table: (account, name, settings), the owner first."""
        ...


@dataclass(frozen=True)
class Invitation:
    """An invitation to the table numbered ``number`` (database row ``table_id``) from the
    person named ``by``, made at ``at`` (seconds of the tables' clock)."""

    number: int
    table_id: int
    by: str
    at: float


@dataclass(eq=False)
class ServerTable:
    """One table of the lobby: its ``number`` (said in the lobby), its database row ``id``, its
    ``options``, its ``owner`` (a :class:`~.lobby.Person`), the people ``seated`` (the owner
    first; by account at a started game in :attr:`names`), and once started its ``room``,
    the ``task`` playing its game and its autosave."""

    number: int
    id: int
    options: TableOptions
    owner: Person
    seated: list[Person] = field(default_factory=list)
    room: Any = None
    task: asyncio.Task[Any] | None = None
    save: Any = None
    names: dict[int, str] = field(default_factory=dict)  # account -> its seat's name, once started
    holders: list[tuple[int | None, str]] = field(default_factory=list)  # (account, kind) of each seat
    started: str = ""
    watchers: list[tuple[Person, Any]] = field(default_factory=list)  # (person, their WatchSeat)
    private: bool = False  # only invited people may sit
    opener: int = 0  # the account that opened it (its owner may change; this does not)
    closing: bool = False  # a moderator closes it: its game stops, recorded as stopped, unrated
    recorded: bool = False  # its game ended and is recorded (its people may stay after the final scores)
    stayed: set[int] = field(default_factory=set)  # the accounts that left after the final scores

    @property
    def playing(self) -> bool:
        """Whether its game has started."""
        return self.room is not None

    def free(self) -> int:
        """The seats for people nobody took yet (none once the game started)."""
        return 0 if self.playing else self.options.people - len(self.seated)

    def sits(self, account: int) -> bool:
        """Whether the account ``account`` holds a seat here (after the final scores: while
        it stays at the table)."""
        if self.playing:
            if self.room.over:
                return self.names.get(account) in self.room.joined
            return account in self.names
        return any(p.account == account for p in self.seated)


def free_words(n: int, lang: Language) -> str:
    """ "1 seat free", "3 seats free", "no seat free"."""
    if n <= 0:
        return lang._(N_("no seat free"))
    return lang.text(N_("{n:1 seat free|{n} seats free}"), n=n)


def kingdom_words(options: TableOptions, lang: Language) -> str:
    """The table's Kingdom as the lobby reads it, in ``lang``: "Basic Intro" (the rulebook's recommended
    Kingdoms, :data:`~a11y_dominion.kingdoms.NAMED_KINGDOMS`), "random Kingdom" (drawn as the game
    is dealt), or the Kingdom cards its owner named: "Kingdom of Chapel, Village and Smithy"
    ("chosen Kingdom" only for a kept table's Kingdom that no longer reads)."""
    key = " ".join(options.kingdom.split()).lower().replace(" ", "-")
    if key in NAMED_KINGDOMS:
        return lang._(NAMED_KINGDOMS[key])
    if key == "random":
        return lang._(N_("random Kingdom"))
    try:
        piles = choose_setup(options.kingdom, None, None, 0)[0]  # (the names as the game spells them)
    except KingdomError:
        return lang._(N_("chosen Kingdom"))
    return lang.text(N_("Kingdom of {piles}"), piles=join_names([lang.card(p) for p in piles], lang))


def back_in_lobby(lang: Language, number: int, result: str | None, player: bool, back: bool = True) -> str:
    """What a player (``player``) or a watcher of table ``number`` hears in ``lang`` when its
    game ends: ``result`` None for a game played to its end, ``"closed"`` for one a moderator
    closed (or a table not started), anything else for one that stopped; ``back``: they were at
    the table and are back in the lobby now (else they were in the lobby already, which is not
    said)."""
    if result is None:
        if player and back:
            return lang.text(
                N_("The game at table {number} is over; you are back in the lobby. Type games to hear it."),
                number=number,
            )
        if player:
            return lang.text(N_("The game at table {number} is over. Type games to hear it."), number=number)
        return lang.text(N_("The game at table {number} is over; you are back in the lobby."), number=number)
    if result == "closed":
        if back:
            return lang.text(N_("A moderator closed table {number}; you are back in the lobby."), number=number)
        return lang.text(N_("A moderator closed table {number}."), number=number)
    if back:
        return lang.text(N_("The game at table {number} stopped; you are back in the lobby."), number=number)
    return lang.text(N_("The game at table {number} stopped."), number=number)


def table_line(table: ServerTable, lang: Language) -> str:
    """One table in one sentence, in ``lang``: "Table 1: Basic Intro, 2 people, 1 seat free, 1 bot
    (medium); not started, owner Bea." or "Table 2: random Kingdom, ...; started, Bea's turn 5."."""
    options = table.options
    people = len(table.names) if table.playing else len(table.seated)
    bots = options.bots
    if bots:
        bot_words = lang.text(N_("{n:1 bot|{n} bots} ({kinds})"), n=len(bots), kinds=", ".join(bots))
    else:
        bot_words = lang._(N_("no bots"))
    if table.playing:
        game = table.room.table.game
        player = game.current  # the player whose turn it is, and their own turn number, as the players hear it
        state = lang.text(N_("started, {player}'s turn {n}"), player=player.name, n=player.turns_taken + 1)
        if table.watchers:
            state += ", " + lang.text(N_("{n:1 person watching|{n} people watching}"), n=len(table.watchers))
    elif table.private:
        state = lang.text(N_("not started, owner {player}, private"), player=table.owner.name)
    else:
        state = lang.text(N_("not started, owner {player}"), player=table.owner.name)
    return lang.text(
        N_("Table {number}: {kingdom}, {people}, {free}, {bots}; {state}."),
        number=table.number,
        kingdom=kingdom_words(options, lang),
        people=lang.text(N_("{n:1 person|{n} people}"), n=people),
        free=free_words(table.free(), lang),
        bots=bot_words,
        state=state,
    )


def number_of(text: str) -> int | None:
    """The table number typed (``"3"``), or None for anything else."""
    text = text.strip()
    if text.isascii() and text.isdecimal() and len(text) <= 6:
        return int(text)
    return None


class Tables:
    """Every table of the server, by number. ``store`` keeps their rows and the finished games;
    ``games``: the folder of their autosaves; ``pools``: the server's bot pools (None: bots
    think in this process, for tests); ``lang``: the language of the server's log lines;
    ``seed()`` draws a game's seed when the table gave none; ``clock()`` gives the seconds
    invitations expire by (``time.time`` unless given). :attr:`accounts` (set by the server)
    finds an account by name for an invitation to someone not logged in."""

    def __init__(
        self,
        store: TableStore,
        games: Path,
        pools: Any = None,
        lang: Language | None = None,
        seed: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        from ..seeds import unguessable_seed

        self.store = store
        self.games = games
        self.pools = pools
        # the autosaves' fsyncs, off the event loop (see autosave.Autosave.durable)
        self.syncer = ThreadPoolExecutor(SYNCERS, thread_name_prefix="autosave")
        self.lang = lang or Language("en")
        self.seed = seed or unguessable_seed
        self.tables: dict[int, ServerTable] = {}
        self.ended: list[ServerTable] = []  # the tables whose game ended (the latest last), for tests
        self.clock = clock
        self.stopping = False  # the server stops: a session that ends keeps its seat at an unstarted table
        self.invitations: dict[int, list[Invitation]] = {}  # account -> its invitations, the latest last
        self.accounts: Callable[[str], Awaitable[Any]] | None = None  # name -> its account (.store.Account) or None
        # the most tables at once and the most unstarted ones an account may have opened (the
        # operator's max_tables and tables_per_account, read at each new; None: no limits)
        self.limits: Callable[[], tuple[int, int]] | None = None
        # the seconds a table waits after its final scores while nobody there types (the
        # operator's after_game_minutes, read as each game ends; None: AFTER_GAME)
        self.after_game: Callable[[], float] | None = None
        # the account's sessions in the lobby (set by the server): told when their table's game
        # starts while their seat, kept through a restart, waits for them (_start)
        self.sessions_of: Callable[[int], list[Person]] = lambda _account: []

    # ------------------------------------------------------------ reading
    def of(self, account: int) -> ServerTable | None:
        """The table where the account ``account`` holds a seat (open or playing), or None."""
        return next((t for t in self.tables.values() if t.sits(account)), None)

    def lines(self, lang: Language) -> list[str]:
        """What ``tables`` says: how many, then one line each by number."""
        if not self.tables:
            return [lang._(N_("No tables yet; type new to open one."))]
        return [lang.text(N_("{n:1 table|{n} tables}."), n=len(self.tables))] + [
            table_line(self.tables[n], lang) for n in sorted(self.tables)
        ]

    def _number(self) -> int:
        n = 1
        while n in self.tables:
            n += 1
        return n

    def _tell(self, table: ServerTable, make: Callable[[Language], str], skip: Person | None = None) -> None:
        for person in table.seated:
            if person is not skip:
                person.send(make(person.lang))

    # ------------------------------------------------------------ commands
    async def new(self, person: Person, rest: str) -> None:
        """``new [OPTIONS]``: open a table with the options of ``host`` and sit at its seat 1."""
        lang = person.lang
        here = self.of(person.account)
        if here is not None:
            self._elsewhere(person, here, "new")
            return
        if self._over_limits(person):
            return
        words = rest.split()
        private = any(w.casefold() in PRIVATE_WORDS for w in words)
        try:
            options = table_options([w for w in words if w.casefold() not in PRIVATE_WORDS])
        except KingdomError as e:
            why = e.args[0]
            person.send(lang.msg(why) if isinstance(why, Msg) else str(why))
            return
        number = self._number()
        data = options_data(options) | ({"private": True} if private else {})
        table_id = await self.store.add_table(number, person.account, data)
        if number in self.tables:  # (taken while the database answered)
            number = self._number()
        table = ServerTable(number, table_id, options, person, [person], private=private, opener=person.account)
        self.tables[number] = table
        kept = self._keep_seated(table)
        log.info("%s opened table %d", person.name, number)
        if table.free() == 0:
            person.send(
                lang.text(
                    N_("Table {number} is yours, seat 1 of {seats}; every seat is taken. The game starts."),
                    number=number,
                    seats=options.seats,
                )
            )
            await self._start(table)
            return
        if kept is not None:
            await kept
        person.send(
            lang.text(
                N_(
                    "Table {number} is yours, seat 1 of {seats}; {free}. Type start to begin with the players "
                    "seated, or wait for every seat to be taken."
                ),
                number=number,
                seats=options.seats,
                free=free_words(table.free(), lang),
            )
        )
        if private:
            person.send(
                lang.text(
                    N_("Table {number} is private: only the people you invite can sit; type invite and a name."),
                    number=number,
                )
            )

    def _over_limits(self, person: Person) -> bool:
        """Whether a ``new`` of ``person`` is refused by :attr:`limits` (then told why in one
        sentence): the server has its most tables, or the account opened its most tables that
        have not started."""
        if self.limits is None:
            return False
        most, per_account = self.limits()
        lang = person.lang
        if len(self.tables) >= most:
            person.send(
                lang.text(
                    N_("The server has {n} tables, its most; sit at one of them, or wait until one ends."), n=most
                )
            )
            return True
        opened = sum(1 for t in self.tables.values() if t.opener == person.account and not t.playing)
        if opened >= per_account:
            person.send(
                lang.text(
                    N_(
                        "You opened {n:1 table that has not started|{n} tables that have not started}, the most "
                        "this server lets one account open; wait until one starts or closes."
                    ),
                    n=opened,
                )
            )
            return True
        return False

    def _keep(self, write: Awaitable[Any]) -> asyncio.Future[None]:
        """Run the database's ``write`` beside the event loop's work; a failure is logged.
        Returns its task, which a reply may await (it never raises)."""

        async def run() -> None:
            try:
                await write
            except Exception as e:  # noqa: BLE001 - the lobby goes on; the log says why
                log.warning("the database did not take a change of the tables", exc_info=e)

        return asyncio.ensure_future(run())

    def _named(self, person: Person, rest: str, usage: str) -> ServerTable | None:
        """The table whose number ``rest`` is; else None, after telling ``person`` ``usage`` (an
        English template: how the command is typed) when ``rest`` is no number, or that there
        is no such table."""
        number = number_of(rest)
        if number is None:
            person.send(person.lang._(usage))
            return None
        table = self.tables.get(number)
        if table is None:
            person.send(person.lang.text(N_("There is no table {number}; type tables to hear them."), number=number))
        return table

    async def sit(self, person: Person, rest: str) -> None:
        """``sit N``: take a free seat at table N (or go back to one's seat in its game); a
        private table only with an invitation to it."""
        lang = person.lang
        table = self._named(person, rest, N_("Type sit and a table's number, for example: sit 1."))
        if table is None:
            return
        number = table.number
        here = self.of(person.account)
        if here is not None and here is not table:
            self._elsewhere(person, here, "sit")
            return
        if table.playing:
            if table.room.over and person.account in table.names and not table.sits(person.account):
                person.send(lang.text(N_("The game at table {number} is over; type games to hear it."), number=number))
                return
            if not table.sits(person.account):
                person.send(lang.text(N_("Table {number} has started without you."), number=number))
                return
            session = person.session
            if getattr(session, "held", None) is not None and getattr(session, "table_number", None) == number:
                # (typed at the seat itself: going back would take the seat from this very session)
                person.send(lang.text(N_("You already sit at table {number}."), number=number))
                return
            self._back(table, person)
            return
        if table.sits(person.account):
            if not self._sit_back(table, person):
                person.send(lang.text(N_("You already sit at table {number}."), number=number))
            return
        if table.free() <= 0:
            person.send(lang.text(N_("Table {number} has no free seat."), number=number))
            return
        if table.private and self._invitation(person.account, table) is None:
            person.send(
                lang.text(
                    N_("Table {number} is private; {player} can invite you."), number=number, player=table.owner.name
                )
            )
            return
        if self._invitation(person.account, table) is not None:
            # (not awaited here: nothing may come between the count of free seats and taking one)
            self._keep(self.store.drop_invitations(table.id, person.account))
        self._drop_invitations(person.account, table)
        table.seated.append(person)
        kept = self._keep_seated(table)
        seat = len(table.seated)
        free = table.free()
        if free == 0:
            person.send(
                lang.text(
                    N_("You sit at table {number}, seat {seat}. The table is full; the game starts."),
                    number=number,
                    seat=seat,
                )
            )
            self._tell(
                table,
                lambda lang: lang.text(
                    N_("{player} sits down at table {number}; every seat is taken. The game starts."),
                    player=person.name,
                    number=number,
                ),
                skip=person,
            )
            await self._start(table)
            return
        if kept is not None:
            await kept
        person.send(
            lang.text(
                N_(
                    "You sit at table {number}, seat {seat}; {free}. The game starts when {player} types start "
                    "or every seat is taken."
                ),
                number=number,
                seat=seat,
                free=free_words(free, lang),
                player=table.owner.name,
            )
        )
        self._tell(
            table,
            lambda lang: lang.text(
                N_("{player} sits down at table {number}; {free}."),
                player=person.name,
                number=number,
                free=free_words(free, lang),
            ),
            skip=person,
        )

    def leave(self, person: Person) -> None:
        """``leave`` in the lobby: stand up from the table before its start (the owner's table
        passes to the next person seated, and closes when nobody is left)."""
        lang = person.lang
        table = self.of(person.account)
        if table is None:
            person.send(lang._(N_("You sit at no table.")))
            return
        if table.playing:  # (a session back in the lobby while its game goes on)
            self._elsewhere(person, table)
            return
        self._stand_up(table, person)

    def watch(self, person: Person, rest: str) -> None:
        """``watch N``: follow the started game of table N with only what every player may know
        (:class:`~.watch.WatchSeat`), in ``person``'s own language and verbosity."""
        from .watch import WatchSeat

        lang = person.lang
        table = self._named(person, rest, N_("Type watch and a table's number, for example: watch 1."))
        if table is None:
            return
        number = table.number
        if not table.playing:
            person.send(lang.text(N_("Table {number} has not started; there is nothing to watch yet."), number=number))
            return
        if table.sits(person.account):
            person.send(
                lang.text(N_("You play at table {number}; sit {number} goes back to your seat."), number=number)
            )
            return
        room = table.room
        watcher = WatchSeat(room, number, lang, person.verbosity, person.send, person.name)
        table.watchers.append((person, watcher))
        room.watchers.append(watcher)
        watcher.arrive()
        room.table.onlookers.append(watcher.hear)
        if person.session is not None:
            person.session.watch(watcher)

    def unwatch(self, person: Person, said: bool = True) -> None:
        """``person`` stops watching the table they watch (``said``: they are told so and their
        session goes back to the lobby); nothing happens when they watch none."""
        for table in self.tables.values():
            for entry in list(table.watchers):
                if entry[0] is person:
                    self._unwatched(table, entry)
                    if said:
                        if person.session is not None:
                            person.session.to_lobby()
                        person.send(
                            person.lang.text(
                                N_("You stop watching table {number}; you are in the lobby."), number=table.number
                            )
                        )

    def _unwatched(self, table: ServerTable, entry: tuple[Person, Any]) -> None:
        watcher = entry[1]
        table.watchers.remove(entry)
        if watcher in table.room.watchers:
            table.room.watchers.remove(watcher)
        if watcher.hear in table.room.table.onlookers:
            table.room.table.onlookers.remove(watcher.hear)
        if table.room.over:  # (after the final scores the table waits for its watchers too)
            table.room.looked_again()

    def waiting(self, person: Person) -> None:
        """At a login: when a started game waits for ``person``'s account, say so, and how to go
        back; each invitation still open is said, one a line."""
        here = self.of(person.account)
        if here is not None and here.playing:
            self._elsewhere(person, here)
        elif here is not None and any(p.account == person.account and p.out is _nobody for p in here.seated):
            person.send(
                person.lang.text(
                    N_("Your table {number} has not started and keeps your seat; sit {number} takes you back."),
                    number=here.number,
                )
            )
        for invitation in self._open_invitations(person.account):
            person.send(
                person.lang.text(
                    N_("{player} invited you to table {number}; type accept {number} to sit there."),
                    player=invitation.by,
                    number=invitation.number,
                )
            )

    def place_of(self, account: int) -> tuple[str, int] | None:
        """Where the account ``account`` is: ``("table", N)`` when it holds a seat at table N,
        ``("watching", N)`` when one of its sessions watches table N, None in the lobby."""
        here = self.of(account)
        if here is not None:
            return "table", here.number
        for table in self.tables.values():
            if any(p.account == account for p, _watcher in table.watchers):
                return "watching", table.number
        return None

    # ------------------------------------------------------------ invitations
    def _valid(self, invitation: Invitation) -> bool:
        table = self.tables.get(invitation.number)
        return (
            table is not None
            and table.id == invitation.table_id
            and not table.playing
            and self.clock() - invitation.at < INVITATION_SECONDS
        )

    def _open_invitations(self, account: int) -> list[Invitation]:
        """The account's invitations still open (the others are forgotten), the latest last."""
        kept = [i for i in self.invitations.get(account, []) if self._valid(i)]
        if kept:
            self.invitations[account] = kept
        else:
            self.invitations.pop(account, None)
        return kept

    def _invitation(self, account: int, table: ServerTable) -> Invitation | None:
        return next((i for i in self._open_invitations(account) if i.table_id == table.id), None)

    def _drop_invitations(self, account: int, table: ServerTable) -> None:
        kept = [i for i in self.invitations.get(account, []) if i.table_id != table.id]
        if kept:
            self.invitations[account] = kept
        else:
            self.invitations.pop(account, None)

    async def invite(self, person: Person, rest: str, found: list[Person]) -> None:
        """``invite NAME`` at one's table before its start: NAME (``found``: their sessions,
        none when not logged in) hears "Ann invites you to table 2; type accept to sit there."
        now, or at their next login; the invitation lasts until the game starts or the table
        closes, :data:`INVITATION_SECONDS` at most."""
        lang = person.lang
        words = rest.split()
        if not words:
            person.send(lang._(N_("Type invite and a name, for example: invite Bea.")))
            return
        name = words[0]
        table = self.of(person.account)
        if table is None:
            person.send(lang._(N_("You sit at no table; type new to open one, then invite.")))
            return
        if table.playing:
            person.send(lang.text(N_("Table {number} has started; nobody more can sit there."), number=table.number))
            return
        account: int | None = None
        shown = name
        if found:
            account, shown = found[0].account, found[0].name
        elif self.accounts is not None:
            known = await self.accounts(name)
            if known is not None:
                account, shown = int(known.id), str(known.name)
        if account is None:
            from .lobby import clean_text

            person.send(lang.text(N_("There is no account named {player}."), player=clean_text(name, 40)))
            return
        if table.sits(account):
            person.send(lang.text(N_("{player} sits at table {number} already."), player=shown, number=table.number))
            return
        self._drop_invitations(account, table)
        at = self.clock()
        self.invitations.setdefault(account, []).append(Invitation(table.number, table.id, person.name, at))
        await self.store.invite(table.id, account, person.account, at)
        log.info("%s invited %s to table %d", person.name, shown, table.number)
        for other in found:
            other.send(
                other.lang.text(
                    N_("{player} invites you to table {number}; type accept to sit there."),
                    player=person.name,
                    number=table.number,
                )
            )
        if found:
            text = N_("{player} is invited to table {number}, until its game starts or for a day at most.")
        else:
            text = N_(
                "{player} is invited to table {number} and hears it at their next login; the invitation lasts "
                "until the game starts, a day at most."
            )
        person.send(lang.text(text, player=shown, number=table.number))

    async def accept(self, person: Person, rest: str) -> None:
        """``accept``: sit at the table of the latest invitation (as ``sit N``); ``accept N``:
        at table N's. One sentence when there is none, or the table is full, gone or started."""
        lang = person.lang
        number = number_of(rest) if rest.strip() else None
        if rest.strip() and number is None:
            person.send(lang._(N_("Type accept, or accept and a table's number, for example: accept 2.")))
            return
        every = self.invitations.get(person.account, [])
        chosen = [i for i in every if number is None or i.number == number]
        if not chosen:
            if number is None:
                person.send(lang._(N_("You have no invitation to accept.")))
            else:
                person.send(lang.text(N_("You have no invitation to table {number}."), number=number))
            return
        invitation = chosen[-1]
        table = self.tables.get(invitation.number)
        if table is None or table.id != invitation.table_id:
            self.invitations[person.account] = [i for i in every if i is not invitation]
            person.send(lang.text(N_("Table {number} has closed; the invitation is over."), number=invitation.number))
            return
        if table.playing:
            self.invitations[person.account] = [i for i in every if i is not invitation]
            if table.sits(person.account):
                self._back(table, person)
                return
            person.send(lang.text(N_("Table {number} has started; the invitation is over."), number=invitation.number))
            return
        if self.clock() - invitation.at >= INVITATION_SECONDS:
            self.invitations[person.account] = [i for i in every if i is not invitation]
            person.send(
                lang.text(N_("Your invitation to table {number} expired after a day."), number=invitation.number)
            )
            return
        await self.sit(person, str(table.number))

    def _elsewhere(self, person: Person, here: ServerTable, command: str = "") -> None:
        """Say that ``person`` holds a seat at ``here`` already, and how to leave it or go back:
        for ``command`` ``"new"`` or ``"sit"`` (at another table), why it is refused; a seat in a
        started game that another session of the account plays is said to be played there, and
        that ``sit N`` takes it over (:meth:`played_elsewhere`)."""
        lang = person.lang
        number = here.number
        if not here.playing:
            person.send(lang.text(N_("You sit at table {number}; type leave to stand up first."), number=number))
            return
        other = self.played_elsewhere(here, person)
        if command in ("new", "sit"):
            if other:
                back = lang.text(
                    N_("you play it in another session, and sit {number} takes it over here"), number=number
                )
            else:
                back = lang.text(N_("sit {number} goes back to it"), number=number)
            if command == "new":
                text = N_("You cannot open a table while your game at table {number} goes on; {back}.")
            else:
                text = N_("You cannot sit at another table while your game at table {number} goes on; {back}.")
            person.send(lang.text(text, number=number, back=back))
        elif other:
            person.send(
                lang.text(
                    N_(
                        "You play at table {number} in another session; sit {number} takes that seat over here, "
                        "and the other session ends."
                    ),
                    number=number,
                )
            )
        else:
            person.send(
                lang.text(N_("Your game at table {number} waits for you; sit {number} goes back."), number=number)
            )

    def played_elsewhere(self, table: ServerTable, person: Person) -> bool:
        """Whether another session of ``person``'s account holds their seat in the started game
        of ``table`` now (``person``'s own session is not at that seat)."""
        name = table.names.get(person.account)
        if name is None or name not in table.room.joined:
            return False
        session = person.session
        return not (
            getattr(session, "held", None) is not None and getattr(session, "table_number", None) == table.number
        )

    def _stand_up(self, table: ServerTable, person: Person, said: bool = True) -> None:
        number = table.number
        table.seated = [p for p in table.seated if p.account != person.account]
        if not table.seated:
            if said:
                person.send(
                    person.lang.text(
                        N_("You leave table {number}, which closes, as nobody else sat at it."), number=number
                    )
                )
            self._close(table)
            return
        self._keep_seated(table)
        if said:
            person.send(person.lang.text(N_("You leave table {number}; you are in the lobby."), number=number))
        free = table.free()
        if table.owner.account == person.account:
            table.owner = new_owner = table.seated[0]
            owner = new_owner.name
            self._tell(
                table,
                lambda lang: lang.text(
                    N_("{player} leaves table {number}; {owner} owns it now; {free}."),
                    player=person.name,
                    number=number,
                    owner=owner,
                    free=free_words(free, lang),
                ),
                skip=new_owner,
            )
            new_owner.send(
                new_owner.lang.text(
                    N_("{player} leaves table {number}; you own it now, and start begins its game; {free}."),
                    player=person.name,
                    number=number,
                    free=free_words(free, new_owner.lang),
                )
            )
            return
        self._tell(
            table,
            lambda lang: lang.text(
                N_("{player} leaves table {number}; {free}."),
                player=person.name,
                number=number,
                free=free_words(free, lang),
            ),
        )

    async def start(self, person: Person) -> None:
        """``start``: the owner begins the game with the people seated (free seats left out)."""
        lang = person.lang
        table = self.of(person.account)
        if table is None:
            person.send(lang._(N_("You sit at no table; type new to open one.")))
            return
        if table.playing:
            person.send(lang.text(N_("Table {number} has started."), number=table.number))
            return
        if table.owner.account != person.account:
            person.send(
                lang.text(
                    N_("Only {player}, who owns table {number}, can start it."),
                    player=table.owner.name,
                    number=table.number,
                )
            )
            return
        self._take_kept(table, person)  # (typed in the lobby after a restart: who starts the game plays it)
        if len(table.seated) + len(table.options.bots) < 2:
            person.send(
                lang.text(
                    N_("Table {number} needs at least 2 players to start; wait for someone to sit down."),
                    number=table.number,
                )
            )
            return
        await self._start(table)

    async def close_table(self, person: Person, rest: str) -> None:
        """``close N`` (a moderator's): table N closes; a started game stops and is recorded as
        stopped, unrated, and kept in its file; its players and watchers are back in the lobby,
        each told so in one sentence."""
        lang = person.lang
        table = self._named(person, rest, N_("Type close and a table's number, for example: close 2."))
        if table is None:
            return
        number = table.number
        log.info("moderator %s closed table %d", person.name, number)
        if not table.playing:  # (its people are in the lobby)
            self._tell(table, lambda lang: back_in_lobby(lang, number, "closed", player=True, back=False))
            self._close(table)
            person.send(lang.text(N_("Table {number} is closed."), number=number))
            return
        table.closing = True
        task = table.task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task])
        if self.tables.get(number) is table:  # (not when its game ended meanwhile)
            await self._finish(table, "closed")
        person.send(lang.text(N_("Table {number} is closed; its game is kept, stopped and unrated."), number=number))

    def gone(self, person: Person) -> None:
        """The session of ``person`` ended: a seat before the start is given up as ``leave``
        gives it up (the owner's table passes to the next person seated, who is told so, and
        closes when nobody is left; kept when the server stops, :attr:`stopping`: the table
        comes back with it at the restart); a seat in a started game waits for its player (the
        game's own rules: it waits, or a bot plays)."""
        self.unwatch(person, said=False)
        table = self.of(person.account)
        if table is None:
            return
        if not table.playing:
            if not self.stopping and any(p is person for p in table.seated):
                self._stand_up(table, person, said=False)
            return
        name = table.names.get(person.account)
        if name is not None and table.room.sessions.get(name) is person.session:
            table.room.leave(name, None)

    def game_over(self, person: Person) -> bool:
        """Whether ``person`` stays at their table after its final scores (leaving asks nothing then)."""
        table = self.of(person.account)
        return table is not None and table.playing and bool(table.room.over)

    def left_game(self, person: Person) -> None:
        """``person`` left the started game of their table (it waits for them; after the final
        scores, they just leave the table); their session is back in the lobby."""
        table = self.of(person.account)
        if table is None or not table.playing:
            return
        name = table.names[person.account]
        over = table.room.over
        if over:
            table.stayed.add(person.account)
        table.room.leave(name, None, quit=True)
        if person.session is not None:
            person.session.to_lobby()
        if over:
            person.send(person.lang.text(N_("You leave table {number}; you are in the lobby."), number=table.number))
            return
        person.send(
            person.lang.text(
                N_("You left the game at table {number}; sit {number} brings you back."), number=table.number
            )
        )

    # ------------------------------------------------------------ the game
    async def _start(self, table: ServerTable) -> None:
        """Deal the table's game for the people seated and its bots, and play it."""
        from ..autosave import Autosave
        from ..record import make_record
        from ..seats import SeatSpec

        options = table.options
        people = [p.name for p in table.seated]
        bots = options.bot_names()
        names = people + bots
        seed = options.seed if options.seed is not None else self.seed()
        try:
            game = setup_of(options.kingdom, options.events, options.landmarks, seed, names)[1]
        except KingdomError as e:  # (checked at new; a name now taken by a bot's, say)
            why = e.args[0]
            for person in table.seated:
                person.send(person.lang.msg(why) if isinstance(why, Msg) else str(why))
            return
        table.names = {p.account: p.name for p in table.seated}
        table.holders = [(p.account, PERSON) for p in table.seated] + [(None, k) for k in options.bots]
        # (a person kept through a restart who is in the lobby: their seat speaks as their session does)
        speakers = [next(iter(self.sessions_of(p.account)), p) if p.out is _nobody else p for p in table.seated]
        specs = [
            SeatSpec(p.name, "remote", s.lang.code, s.verbosity) for p, s in zip(table.seated, speakers, strict=True)
        ]
        specs += [SeatSpec(n, k) for n, k in zip(bots, options.bots, strict=True)]
        room = self._room(table, game, seed, specs)
        table.room = room
        record = make_record(
            room.table.game,
            [
                [s.name, s.kind] + ([{"language": s.language, "verbosity": s.verbosity}] if s.kind == "remote" else [])
                for s in specs
            ],
        )
        try:
            save = Autosave.create(
                record,
                humans=people,
                language=self.lang.code,
                extra={
                    "server": {
                        "table": table.id,
                        "number": table.number,
                        "accounts": {p.name: p.account for p in table.seated},
                    }
                },
                folder=self.games,
                history=False,  # the server's games are in its database, not the operator's own history
                syncer=self.syncer,
            )
            room.table.autosave = save
            table.save = save
            save.keep()  # the file is made now, so that the table's row names it (a restart finds it)
        except OSError as e:
            log.warning("table %d is not saved: %s", table.number, e)
        table.started = utc_now()
        await self.store.table_state(table.id, "playing")
        await self.store.drop_invitations(table.id)  # (they end with the start; the others' at the next start)
        if table.save is not None and table.save.id:
            await self.store.table_game(table.id, table.save.id)
        count = len(names)
        # (no line of the table's own: each seat's console says "New game for Ann and Bea. Ann goes first.")
        for person in list(table.seated):
            if person.session is not None:
                person.session.take_seat(room, person.name, table.number)
        away = [p for p in table.seated if p.out is _nobody]
        if away:  # (seated before a restart, not sat back since: the game goes on without them for now)
            room.start_without([p.name for p in away])
            for kept in away:
                for person in self.sessions_of(kept.account):
                    person.send(
                        person.lang.text(
                            N_(
                                "The game at table {number} started with {n} players: {names}; type sit {number} "
                                "to take your seat."
                            ),
                            number=table.number,
                            n=count,
                            names=join_names(names, person.lang),
                        )
                    )
        table.task = asyncio.ensure_future(self._play(table))

    def _room(self, table: ServerTable, game: Any, seed: int, specs: list[Any]) -> Any:
        """The :class:`~a11y_dominion.remote.room.TableRoom` playing ``game`` (dealt with
        ``seed``) at ``table`` for the seats ``specs`` (people first, then bots), its bots in
        the server's pools when it has them; each seat's bot is seeded with ``seed`` plus the
        seat's place, so that a table brought back from its autosave answers as before."""
        from ..remote.room import STAND_IN, TableRoom

        options = table.options
        made: dict[str, Any] | None = None
        room: Any = None
        if self.pools is not None:
            pool_specs = {
                s.name: self.pools.spec(STAND_IN, seed + i)
                if s.kind == "remote"
                else self.pools.spec(s.kind, seed + i, options.rollouts if s.kind == "hard" else None)
                for i, s in enumerate(specs)
            }
            made = self.pools.seats(f"table-{table.id}", lambda: room.table.game, pool_specs)
        room = TableRoom(
            game,
            specs,
            seed,
            self.lang,
            out=lambda text: log.info("table %d: %s", table.number, text),
            screen=False,  # (out is the log: no chat, no host's wait)
            bot_after=options.bot_after,
            bot_options=options.bot_options(),
            made=made,
            undo=options.undo,
        )
        return room

    def _back(self, table: ServerTable, person: Person) -> None:
        """``person`` goes back to their seat in the started game of ``table`` (or takes it for
        the first time, in a game that started without them: :meth:`_start`)."""
        name = table.names[person.account]
        # this session is the account's at the table from now on (told the end, sent back to the lobby)
        table.seated = [person if p.account == person.account else p for p in table.seated]
        if name in table.room.absent:
            person.send(person.lang.text(N_("You take your seat at table {number}."), number=table.number))
        else:
            person.send(person.lang.text(N_("You go back to your seat at table {number}."), number=table.number))
        if person.session is not None:
            person.session.take_seat(table.room, name, table.number)

    async def _play(self, table: ServerTable) -> None:
        """Play the table's game to its end, record it, and send its people back to the lobby."""
        room = table.room
        try:
            await room.everyone_in.wait()
            result = await room.table.run_async()
        except asyncio.CancelledError:
            if table.closing:  # (a moderator's close N finishes the table)
                return
            raise
        except Exception as e:  # noqa: BLE001 - one table's fault must not stop the server
            log.warning("the game at table %d failed", table.number, exc_info=e)
            result = "failed"
        if result is None:
            try:
                await self._after_game(table)
            except asyncio.CancelledError:
                if table.closing:
                    return
                raise
        await self._finish(table, result)

    async def _after_game(self, table: ServerTable) -> None:
        """The game of ``table`` ended: record it, then let its people and watchers stay at the
        table (:meth:`~a11y_dominion.remote.room.TableRoom.after_the_game`, as ``host`` does)
        until every player and watcher left, or none of them typed for :attr:`after_game` seconds
        (:data:`~a11y_dominion.remote.room.AFTER_GAME` unless the server gives it)."""
        from ..remote.room import AFTER_GAME

        room = table.room
        room.over = True  # (leaving asks nothing from now on)
        await self._record(table)
        table.recorded = True
        for watching, _watcher in table.watchers:
            watching.send(watching.lang._(AFTER_GAME_LINE))
        room.after_game = AFTER_GAME if self.after_game is None else self.after_game()
        await room.after_the_game(AFTER_GAME_LINE, dropped=False, watched=lambda: bool(table.watchers))

    async def _finish(self, table: ServerTable, result: Any) -> None:
        """The game of ``table`` ended (``result`` None), stopped (``"failed"``) or was closed by a
        moderator (``"closed"``): record it, send its people and watchers back to the lobby
        with one sentence each, and close the table."""
        room = table.room
        if result is None and not table.recorded:
            await self._record(table)
        elif result == "closed":
            await self._record(table, stopped="closed")
        for person in list(table.seated):
            back = table.names.get(person.account) in room.joined  # (else in the lobby already, or away)
            if person.session is not None and back:
                room.sessions.pop(table.names[person.account], None)
                person.session.to_lobby()
            if person.account not in table.stayed:  # (who left after the final scores heard so)
                person.send(back_in_lobby(person.lang, table.number, result, player=True, back=back))
        for watching, watcher in list(table.watchers):
            self._unwatched(table, (watching, watcher))
            if watching.session is not None:
                watching.session.to_lobby()
            watching.send(back_in_lobby(watching.lang, table.number, result, player=False))
        room.stopped.set()
        self.ended.append(table)
        self._close(table, finished=result is None)

    async def _record(self, table: ServerTable, stopped: str | None = None) -> None:
        """Record the ended game of ``table`` (with its ratings) in the database; ``stopped``:
        why it stopped before its end (then unrated)."""
        save = table.save
        game_id = save.id if save is not None and save.id else f"table-{table.id}"
        finished = finished_game(table, game_id, table.room.table.game, utc_now(), stopped=stopped)
        try:
            await self.store.record_game(finished)
        except Exception as e:  # noqa: BLE001 - the game is kept in its file; the log says why
            log.warning("the game at table %d was not recorded", table.number, exc_info=e)

    def _close(self, table: ServerTable, finished: bool = False) -> None:
        """The table leaves the lobby (its number is free again); its bots' replicas go."""
        if self.tables.get(table.number) is table:
            del self.tables[table.number]
        if self.pools is not None:
            self.pools.close_table(f"table-{table.id}")
        if table.save is not None:
            table.save.close()
        if not finished:
            asyncio.ensure_future(self.store.table_state(table.id, "closed"))

    # ------------------------------------------------------------ a restart
    async def restore(
        self, store: RestoreStore, expires_days: int | None = None, now: float | None = None
    ) -> list[str]:
        """Bring back the tables a stopped or killed server left (``store``'s live rows), as
        the server starts, before it listens; returns the sentences for the server's log
        (one a table, in :attr:`lang`), each also logged.

        - A table that had not started comes back with its options, private flag and the
          people seated (:meth:`_restore_open`); its invitations are taken up after
          (:meth:`restore_invitations`). One nobody sat at, or whose kept record cannot be
          read, closes.
        - A started table goes on from its autosave at the same decision, with the same
          deal, seats and bots (their seeds are the game's); its people find it waiting
          (:meth:`waiting`) and go back with ``sit N``. With ``bot_after`` the bot stands in
          for each of them that long after now.
        - A game the autosave holds to its end, not yet recorded, is recorded now (once:
          :meth:`~.store.Store.record_game` records a game only once).
        - A table whose autosave is missing or cannot be read closes; its file stays.
        - With ``expires_days``, a started table whose autosave was last written more than
          that many days before ``now`` (seconds since the epoch; None: the clock's) is
          recorded as stopped, unrated, and closes.

        Never raises for a table's own fault; a failing database raises as its calls do."""
        said = []
        for row in await store.live_tables():
            fault = True  # a table closed by a fault (a file missing or unreadable) is the operator's to see
            try:
                line = await self._restore(store, row, expires_days, now)
                fault = False  # what a restart does: a table goes on, waits again, or closes as it should
            except Unrestorable as e:
                line = str(e.args[0])
            except Exception as e:  # noqa: BLE001 - one table's fault must not stop the server
                log.warning("table %d could not be brought back", row.number, exc_info=e)
                await store.table_state(row.id, "closed")
                line = self.lang.text(N_("Table {number} could not be brought back and is closed."), number=row.number)
            said.append(line)
            (log.warning if fault else log.info)("%s", line)
        return said

    async def _restore(self, store: RestoreStore, row: TableRow, expires_days: int | None, now: float | None) -> str:
        """Bring back the table of ``row`` (see :meth:`restore`); its sentence for the log."""
        from ..autosave import Autosave, read_saved
        from ..bots.kinds import is_bot_kind
        from ..record import RecordError, replay
        from ..seats import SeatSpec

        lang = self.lang
        number = row.number
        if row.state != "playing":
            return await self._restore_open(store, row)
        path = self.games / f"{row.game}.jsonl"
        if not row.game or not path.is_file():
            await store.table_state(row.id, "closed")
            raise Unrestorable(lang.text(N_("Table {number} is closed: its game has no saved file."), number=number))
        try:
            saved = read_saved(path)
            if saved.damaged:
                raise RecordError(saved.damage_notice())
            game = replay(saved.full_record())
            server = saved.extra.get("server")
            accounts = server.get("accounts") if isinstance(server, dict) else None
            seats = saved.record.get("seats") or []
            if not isinstance(accounts, dict) or [str(e[0]) for e in seats] != list(game.config.players):
                raise RecordError("no seats")
            specs: list[SeatSpec] = []
            holders: list[tuple[int | None, str]] = []
            for entry in seats:
                name, kind = str(entry[0]), str(entry[1])
                opts = entry[2] if len(entry) > 2 and isinstance(entry[2], dict) else {}
                if kind == "remote" and type(accounts.get(name)) is int:
                    specs.append(SeatSpec(name, kind, opts.get("language"), opts.get("verbosity")))
                    holders.append((accounts[name], PERSON))
                elif is_bot_kind(kind):
                    specs.append(SeatSpec(name, kind))
                    holders.append((None, kind))
                else:
                    raise RecordError("no seats")
            options = options_of(row.options)
        except Exception:  # noqa: BLE001 - whatever the file holds, the table closes with one sentence
            await store.table_state(row.id, "closed")
            raise Unrestorable(
                lang.text(
                    N_("Table {number} is closed: its saved game {file} cannot be read; the file is kept."),
                    number=number,
                    file=path.name,
                )
            ) from None
        people = [s for s in specs if s.kind == "remote"]
        seated = [
            Person(holders[i][0] or 0, s.name, _nobody, {"language": s.language, "verbosity": s.verbosity})
            for i, s in enumerate(specs)
            if s.kind == "remote"
        ]
        owner = next((p for p in seated if p.account == row.owner), seated[0] if seated else None)
        if owner is None:
            await store.table_state(row.id, "closed")
            return lang.text(N_("Table {number} is closed: nobody played at it."), number=number)
        table = ServerTable(number, row.id, options, owner, seated, started=row.started or saved.started)
        table.names = {p.account: p.name for p in seated}
        table.holders = holders
        if saved.finished:
            if await store.record_game(finished_game(table, saved.id, game, utc_of(saved.ended))):
                return lang.text(N_("Table {number}'s game had ended; it is recorded now."), number=number)
            await store.table_state(row.id, "finished")
            return lang.text(N_("Table {number}'s game had ended and was recorded."), number=number)
        clock = time.time() if now is None else now
        if expires_days is not None and clock - path.stat().st_mtime > expires_days * 86400:
            await store.record_game(finished_game(table, saved.id, game, utc_now(), stopped="expired"))
            await store.table_state(row.id, "closed")
            return lang.text(
                N_("Table {number} is closed: nobody played at it for {n:1 day|{n} days}."),
                number=number,
                n=expires_days,
            )
        if number in self.tables:  # (two live rows with one number: the later gets a free one)
            number = table.number = self._number()
        room = self._room(table, game, game.config.seed, specs)
        table.room = room
        room.table.replace_game(room.table.game)  # people hear the game from here on; bots learn it from its start
        room.recall_story()  # and each person's history holds what they heard before
        try:
            save = Autosave.reopen(saved, humans=[s.name for s in people], history=False, syncer=self.syncer)
        except (OSError, RecordError) as e:
            log.warning("table %d is not saved from now on: %s", number, e)
        else:
            room.table.autosave = save
            table.save = save
        room.resume(saved.started)
        room.away_from_now()
        self.tables[number] = table
        table.task = asyncio.ensure_future(self._play(table))
        return lang.text(
            N_("Table {number} goes on from its saved game, at answer {n}."), number=number, n=len(saved.answers)
        )

    async def _restore_open(self, store: RestoreStore, row: TableRow) -> str:
        """Bring back the unstarted table of ``row`` with its options, private flag and the
        people seated (:meth:`~.store.Store.open_seats`, the owner first), none of them logged
        in yet (:meth:`waiting` tells them at their login; ``sit N`` takes them back); its
        sentence for the log. A table nobody sat at, or whose kept record cannot be read,
        closes."""
        lang = self.lang
        number = row.number
        try:
            if not row.options:
                raise ValueError("no options")
            options = options_of(row.options)
            kept = await store.open_seats(row.id)
            if len(kept) > options.people or len({account for account, _n, _s in kept}) < len(kept):
                raise ValueError("more people than seats")
        except (ValueError, TypeError):
            await store.table_state(row.id, "closed")
            unread = N_("Table {number} had not started and its record cannot be read; it is closed.")
            raise Unrestorable(lang.text(unread, number=number)) from None
        if not kept:
            await store.table_state(row.id, "closed")
            return lang.text(N_("Table {number} had not started; it is closed."), number=number)
        seated = [Person(account, name, _nobody, settings) for account, name, settings in kept]
        if number in self.tables:  # (two live rows with one number: the later gets a free one)
            number = self._number()
        table = ServerTable(
            number,
            row.id,
            options,
            seated[0],
            seated,
            private=row.options.get("private") is True,
            opener=row.owner if row.owner is not None else seated[0].account,
        )
        self.tables[number] = table
        return lang.text(
            N_("Table {number} has not started; it waits again with {names} seated."),
            number=number,
            names=join_names([p.name for p in seated], lang),
        )

    def _keep_seated(self, table: ServerTable) -> asyncio.Future[None] | None:
        """Keep who sits at the unstarted ``table`` in the database, for a restart; the write's
        task, which the reply to a sit awaits, so that a seat said taken is kept (None once
        the table started)."""
        if table.playing:
            return None
        return self._keep(self.store.seat_people(table.id, [(p.account, p.name) for p in table.seated]))

    def _sit_back(self, table: ServerTable, person: Person) -> bool:
        """``sit N`` of ``person`` at the unstarted ``table``, where their account's seat was
        kept through a restart with nobody logged in to it: this session takes the seat (and
        the ownership with it), told so in one sentence. False when the seat is already
        taken by a session."""
        if not self._take_kept(table, person):
            return False
        person.send(
            person.lang.text(
                N_(
                    "You go back to your seat at table {number}; {free}. The game starts when {player} types start "
                    "or every seat is taken."
                ),
                number=table.number,
                free=free_words(table.free(), person.lang),
                player=table.owner.name,
            )
        )
        return True

    def _take_kept(self, table: ServerTable, person: Person) -> bool:
        """``person``'s session takes their account's seat at the unstarted ``table`` that was
        kept through a restart with nobody logged in to it (and its ownership with it); False
        when there is no such seat."""
        if not any(p.account == person.account and p.out is _nobody for p in table.seated):
            return False
        table.seated = [person if p.account == person.account else p for p in table.seated]
        if table.owner.account == person.account:
            table.owner = person
        return True

    async def restore_invitations(self, store: RestoreStore) -> int:
        """Take up the invitations kept in the database to tables open now, made less than
        :data:`INVITATION_SECONDS` ago by the tables' clock (the server's start, after
        :meth:`restore`); the others are removed from the database. Returns how many."""
        found = 0
        for kept in await store.invitations(self.clock() - INVITATION_SECONDS):
            table = self.tables.get(kept.number)
            if table is None or table.id != kept.table_id or table.playing:
                continue
            self.invitations.setdefault(kept.account, []).append(
                Invitation(kept.number, kept.table_id, kept.by, kept.at)
            )
            found += 1
        return found

    async def close(self) -> None:
        """The server stops: every table's game stops (each is kept in its file, on the disk)."""
        for table in list(self.tables.values()):
            if table.task is not None:
                table.task.cancel()
            if table.save is not None:
                table.save.close()
        self.syncer.shutdown()


def finished_game(table: ServerTable, game_id: str, game: Any, ended: str, stopped: str | None = None) -> FinishedGame:
    """What :meth:`~.store.Store.record_game` records of ``game``, played at ``table`` and kept
    in the autosave ``game_id``, which ended at ``ended`` (UTC, ISO 8601), or was ``stopped``
    for that reason (then unrated). A table with its seed given is not rated."""
    return FinishedGame(
        id=game_id,
        table_id=table.id,
        started=table.started,
        ended=ended,
        kingdom=tuple(game.config.kingdom),
        turns=max((p.turns_taken for p in game.players), default=0),
        rated=table.options.seed is None and stopped is None,
        stopped=stopped,
        standings=tuple(standings_of(game, table.holders)),
    )


def utc_of(local: str) -> str:
    """The local date and time ``local`` (ISO text, as an autosave writes its end) as UTC ISO
    text, the database's form; now when ``local`` is not such a date."""
    try:
        moment = _dt.datetime.fromisoformat(local)
    except ValueError:
        return utc_now()
    return moment.astimezone(_dt.timezone.utc).replace(microsecond=0).isoformat()


def options_of(data: dict[str, Any]) -> TableOptions:
    """The :class:`TableOptions` that :func:`options_data` wrote as ``data``. Raises
    ValueError (or TypeError) when ``data`` does not hold them."""

    def whole(value: Any) -> int | None:
        if value is None:
            return None
        if type(value) is not int:
            raise ValueError("not a whole number")
        return value

    def text(value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise ValueError("not text")
        return value

    bots = data.get("bots") or []
    bot_after = data.get("bot_after")
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise ValueError("not a list of bot kinds")
    if bot_after is not None and (isinstance(bot_after, bool) or not isinstance(bot_after, (int, float))):
        raise ValueError("not a number of seconds")
    return TableOptions(
        people=whole(data.get("people")) or 1,
        bots=tuple(bots),
        kingdom=text(data.get("kingdom")) or "basic-intro",
        events=text(data.get("events")),
        landmarks=text(data.get("landmarks")),
        undo=bool(data.get("undo", True)),
        bot_after=None if bot_after is None else float(bot_after),
        rollouts=whole(data.get("rollouts")),
        seed=whole(data.get("seed")),
    )


def _nobody(_line: str) -> None:
    """Where the lines of a person not logged in since a restart go: nowhere."""


def options_data(options: TableOptions) -> dict[str, Any]:
    """``options`` as JSON data, for the database's row of the table."""
    return {
        "people": options.people,
        "bots": list(options.bots),
        "kingdom": options.kingdom,
        "events": options.events,
        "landmarks": options.landmarks,
        "undo": options.undo,
        "bot_after": options.bot_after,
        "rollouts": options.rollouts,
        "seed": options.seed,
    }
