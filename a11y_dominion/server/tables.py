"""The server's tables: ``new`` opens one, ``tables`` lists them, ``sit N`` takes a seat,
``leave`` stands up before the start, ``start`` (the owner) begins the game, which also
begins on its own once every seat is taken.

A table before its start is a list of the people seated (the owner first) and the bots that
fill its other seats. At the start its game is dealt for the people seated and the bots
(seats left free are left out) and played in a :class:`~a11y_dominion.remote.room.TableRoom`,
as ``host`` plays it: each person's session takes its seat (:meth:`SeatHolder.take_seat`),
the game is saved after every answer in the server's ``games`` folder, and the bots decide in
the server's bot pools (:class:`~.pool.BotPools`), never in the event loop. At the end the
game is recorded in the database (:meth:`~.store.Store.record_game`: ``games``, ``stats`` and
``ranking`` read it) and the people are back in the lobby.

Every sentence is said in each person's own language, one a line.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..announcements.words import join_names
from ..i18n import N_, Language
from ..kingdoms import KingdomError
from ..rules.decisions import Msg
from ..tableoptions import TableOptions, setup_of, table_options
from .lobby import Person
from .ratings import PERSON, standings_of
from .store import FinishedGame, utc_now

log = logging.getLogger("a11y_dominion.server.tables")

NAMED_KINGDOMS = ("basic-intro", "advanced-intro")
"""The Kingdoms the lobby names as typed; ``random`` reads "random", card names "chosen Kingdom"."""


class SeatHolder(Protocol):
    """What a table needs of a person's session: to take its seat in a started game and to go
    back to the lobby (the server's :class:`~.session.ServerSession` does both)."""

    def take_seat(self, room: Any, name: str, number: int) -> None:
        """Sit at the seat ``name`` of ``room`` (the table numbered ``number``): typed lines go to it."""
        ...

    def to_lobby(self) -> None:
        """Stand up: typed lines go to the lobby again."""
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

    @property
    def playing(self) -> bool:
        """Whether its game has started."""
        return self.room is not None

    def free(self) -> int:
        """The seats for people nobody took yet (none once the game started)."""
        return 0 if self.playing else self.options.people - len(self.seated)

    def sits(self, account: int) -> bool:
        """Whether the account ``account`` holds a seat here."""
        if self.playing:
            return account in self.names
        return any(p.account == account for p in self.seated)


def free_words(n: int, lang: Language) -> str:
    """ "1 seat free", "3 seats free", "no seat free"."""
    if n <= 0:
        return lang._(N_("no seat free"))
    return lang.text(N_("{n:1 seat free|{n} seats free}"), n=n)


def kingdom_words(options: TableOptions, lang: Language) -> str:
    """The table's Kingdom as the lobby reads it: "basic-intro", "random", "chosen Kingdom"."""
    key = options.kingdom.strip().lower()
    if key in NAMED_KINGDOMS:
        return key
    if key == "random":
        return lang._(N_("random"))
    return lang._(N_("chosen Kingdom"))


def table_line(table: ServerTable, lang: Language) -> str:
    """One table in one line, in ``lang``: "Table 1, basic-intro: 2 people, 1 seat free, 1 bot
    (medium); not started, owner Bea." or "...; started, turn 9."."""
    options = table.options
    people = len(table.names) if table.playing else len(table.seated)
    bots = options.bots
    if bots:
        bot_words = lang.text(N_("{n:1 bot|{n} bots} ({kinds})"), n=len(bots), kinds=", ".join(bots))
    else:
        bot_words = lang._(N_("no bots"))
    if table.playing:
        state = lang.text(N_("started, turn {turn}"), turn=max(1, table.room.table.game.turn.number))
    else:
        state = lang.text(N_("not started, owner {player}"), player=table.owner.name)
    return lang.text(
        N_("Table {number}, {kingdom}: {people}, {free}, {bots}; {state}."),
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
    ``seed()`` draws a game's seed when the table gave none."""

    def __init__(
        self,
        store: TableStore,
        games: Path,
        pools: Any = None,
        lang: Language | None = None,
        seed: Callable[[], int] | None = None,
    ) -> None:
        from ..seeds import unguessable_seed

        self.store = store
        self.games = games
        self.pools = pools
        self.lang = lang or Language("en")
        self.seed = seed or unguessable_seed
        self.tables: dict[int, ServerTable] = {}
        self.ended: list[ServerTable] = []  # the tables whose game ended (the latest last), for tests

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
            self._elsewhere(person, here)
            return
        try:
            options = table_options(rest.split())
        except KingdomError as e:
            why = e.args[0]
            person.send(lang.msg(why) if isinstance(why, Msg) else str(why))
            return
        number = self._number()
        table_id = await self.store.add_table(number, person.account, options_data(options))
        if number in self.tables:  # (taken while the database answered)
            number = self._number()
        table = ServerTable(number, table_id, options, person, [person])
        self.tables[number] = table
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

    async def sit(self, person: Person, rest: str) -> None:
        """``sit N``: take a free seat at table N (or go back to one's seat in its game)."""
        lang = person.lang
        number = number_of(rest)
        if number is None:
            person.send(lang._(N_("Type sit and a table's number, for example: sit 1.")))
            return
        table = self.tables.get(number)
        if table is None:
            person.send(lang.text(N_("There is no table {number}; type tables to hear them."), number=number))
            return
        here = self.of(person.account)
        if here is not None and here is not table:
            self._elsewhere(person, here)
            return
        if table.playing:
            if not table.sits(person.account):
                person.send(lang.text(N_("Table {number} has started without you."), number=number))
                return
            self._back(table, person)
            return
        if table.sits(person.account):
            person.send(lang.text(N_("You already sit at table {number}."), number=number))
            return
        if table.free() <= 0:
            person.send(lang.text(N_("Table {number} has no free seat."), number=number))
            return
        table.seated.append(person)
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

    def waiting(self, person: Person) -> None:
        """At a login: when a started game waits for ``person``'s account, say so, and how to go back."""
        here = self.of(person.account)
        if here is not None and here.playing:
            self._elsewhere(person, here)

    def _elsewhere(self, person: Person, here: ServerTable) -> None:
        """Say that ``person`` holds a seat at ``here`` already, and how to leave it or go back."""
        lang = person.lang
        if here.playing:
            person.send(
                lang.text(N_("Your game at table {number} waits for you; sit {number} goes back."), number=here.number)
            )
        else:
            person.send(lang.text(N_("You sit at table {number}; type leave to stand up first."), number=here.number))

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
        if said:
            person.send(person.lang.text(N_("You leave table {number}; you are in the lobby."), number=number))
        free = table.free()
        if table.owner.account == person.account:
            table.owner = table.seated[0]
            owner = table.owner.name
            self._tell(
                table,
                lambda lang: lang.text(
                    N_("{player} leaves table {number}; {owner} owns it now; {free}."),
                    player=person.name,
                    number=number,
                    owner=owner,
                    free=free_words(free, lang),
                ),
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
        if len(table.seated) + len(table.options.bots) < 2:
            person.send(
                lang.text(
                    N_("Table {number} needs at least 2 players to start; wait for someone to sit down."),
                    number=table.number,
                )
            )
            return
        await self._start(table)

    def gone(self, person: Person) -> None:
        """The session of ``person`` ended: a seat before the start is given up; a seat in a
        started game waits for its player (the game's own rules: it waits, or a bot plays)."""
        table = self.of(person.account)
        if table is None:
            return
        if not table.playing:
            if any(p is person for p in table.seated):
                self._stand_up(table, person, said=False)
            return
        name = table.names.get(person.account)
        if name is not None and table.room.sessions.get(name) is person.session:
            table.room.leave(name, None)

    def left_game(self, person: Person) -> None:
        """``person`` left the started game of their table (it waits for them); their session
        is back in the lobby."""
        table = self.of(person.account)
        if table is None or not table.playing:
            return
        name = table.names[person.account]
        table.room.leave(name, None, quit=True)
        if person.session is not None:
            person.session.to_lobby()
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
        from ..remote.room import STAND_IN, TableRoom
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
        specs = [SeatSpec(p.name, "remote", p.lang.code, p.verbosity) for p in table.seated]
        specs += [SeatSpec(n, k) for n, k in zip(bots, options.bots, strict=True)]
        made: dict[str, Any] | None = None
        room: Any = None
        key = f"table-{table.id}"
        if self.pools is not None:
            kinds = {n: (k, seed + len(people) + i) for i, (n, k) in enumerate(zip(bots, options.bots, strict=True))}
            pool_specs = {p: self.pools.spec(STAND_IN, seed + i) for i, p in enumerate(people)}
            pool_specs.update(
                {n: self.pools.spec(k, s, options.rollouts if k == "hard" else None) for n, (k, s) in kinds.items()}
            )
            made = self.pools.seats(key, lambda: room.table.game, pool_specs)
        room = TableRoom(
            game,
            specs,
            seed,
            self.lang,
            out=lambda text: log.info("table %d: %s", table.number, text),
            bot_after=options.bot_after,
            bot_options=options.bot_options(),
            made=made,
            undo=options.undo,
        )
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
            )
            room.table.autosave = save
            table.save = save
        except OSError as e:
            log.warning("table %d is not saved: %s", table.number, e)
        table.started = utc_now()
        await self.store.table_state(table.id, "playing")
        count = len(names)
        self._tell(
            table,
            lambda lang: lang.text(
                N_("Table {number} starts with {n} players: {names}."),
                number=table.number,
                n=count,
                names=join_names(names, lang),
            ),
        )
        for person in list(table.seated):
            if person.session is not None:
                person.session.take_seat(room, person.name, table.number)
        table.task = asyncio.ensure_future(self._play(table))

    def _back(self, table: ServerTable, person: Person) -> None:
        """``person`` goes back to their seat in the started game of ``table``."""
        name = table.names[person.account]
        # this session is the account's at the table from now on (told the end, sent back to the lobby)
        table.seated = [person if p.account == person.account else p for p in table.seated]
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
            raise
        except Exception as e:  # noqa: BLE001 - one table's fault must not stop the server
            log.warning("the game at table %d failed", table.number, exc_info=e)
            result = "failed"
        if result is None:
            await self._record(table)
        for person in list(table.seated):
            if person.session is not None and table.names.get(person.account) in room.joined:
                room.sessions.pop(table.names[person.account], None)
                seat = room.people[table.names[person.account]]
                seat.attach(None)
                person.session.to_lobby()
            person.send(
                person.lang.text(
                    N_("The game at table {number} is over; you are back in the lobby. Type games to hear it."),
                    number=table.number,
                )
                if result is None
                else person.lang.text(
                    N_("The game at table {number} stopped; you are back in the lobby."), number=table.number
                )
            )
        room.stopped.set()
        self.ended.append(table)
        self._close(table, finished=result is None)

    async def _record(self, table: ServerTable) -> None:
        """Record the ended game of ``table`` (with its ratings) in the database."""
        game = table.room.table.game
        standings = tuple(standings_of(game, table.holders))
        rated = table.options.seed is None
        save = table.save
        game_id = save.id if save is not None and save.id else f"table-{table.id}"
        finished = FinishedGame(
            id=game_id,
            table_id=table.id,
            started=table.started,
            ended=utc_now(),
            kingdom=tuple(game.config.kingdom),
            turns=max((p.turns_taken for p in game.players), default=0),
            rated=rated,
            stopped=None,
            standings=standings,
        )
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

    async def close(self) -> None:
        """The server stops: every table's game stops (each is kept in its file)."""
        for table in list(self.tables.values()):
            if table.task is not None:
                table.task.cancel()
            if table.save is not None:
                table.save.close()


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
