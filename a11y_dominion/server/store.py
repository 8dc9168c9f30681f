"""The server's database: accounts, their keys and settings, bans, tables, games, seats and
ratings, in one SQLite file (``DATA/server.sqlite3``), or in a PostgreSQL database where the
operator names one (``--database postgresql://user@host/name``). The queries are written
once, for both; :mod:`.database` carries what differs between them.

The schema is made and brought up to date by :data:`MIGRATIONS`, one step at a time, each in
one transaction, with its number in the ``schema_version`` table, as the game history of
:mod:`a11y_dominion.stats` is; a database that a newer version wrote is refused with one
sentence. SQLite runs in WAL mode (readers never wait for the writer, and a ``kill -9`` loses
no committed transaction) with ``synchronous=NORMAL`` and foreign keys on.

One connection, used by one thread only: :class:`Store` starts a writer thread that owns it
and runs every query, in the order they were given; the event loop awaits their results
(:meth:`Store.call`), so no query, commit or disk wait ever blocks it.

What the database does not hold is the game itself: each table's game is its autosave file,
which ``tables.game`` names.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from ..rules.decisions import Msg
from .database import Connection, connect, unusable
from .database import IntegrityError as IntegrityError  # (the store's errors: raised from here too)
from .database import StoreError as StoreError
from .names import name_key, taken
from .ratings import Rating, Standing, places, rate, rating_ranks

DATABASE_FILE = "server.sqlite3"

MIGRATIONS = [
    # version 1: the whole schema of the first server
    """
    CREATE TABLE accounts (
        id            INTEGER PRIMARY KEY,
        name          TEXT NOT NULL,
        name_key      TEXT NOT NULL UNIQUE,
        created       TEXT NOT NULL,
        last_login    TEXT,
        password      TEXT,
        settings      TEXT NOT NULL DEFAULT '{}',
        disabled      INTEGER NOT NULL DEFAULT 0,
        mu            REAL,
        sigma         REAL,
        rated_games   INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE account_keys (
        account     INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        public_data BLOB NOT NULL UNIQUE,
        fingerprint TEXT NOT NULL,
        added       TEXT NOT NULL
    );
    CREATE INDEX account_keys_by_account ON account_keys(account);
    CREATE TABLE tables (
        id       INTEGER PRIMARY KEY,
        number   INTEGER NOT NULL,
        owner    INTEGER REFERENCES accounts(id),
        options  TEXT NOT NULL,
        state    TEXT NOT NULL CHECK (state IN ('open', 'playing', 'finished', 'closed')),
        game     TEXT,
        created  TEXT NOT NULL,
        started  TEXT,
        ended    TEXT
    );
    CREATE INDEX tables_live ON tables(state) WHERE state IN ('open', 'playing');
    CREATE TABLE table_seats (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        seat     INTEGER NOT NULL,
        name     TEXT NOT NULL,
        account  INTEGER REFERENCES accounts(id),
        bot      TEXT,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables(id),
        started  TEXT NOT NULL,
        ended    TEXT NOT NULL,
        kingdom  TEXT NOT NULL,
        turns    INTEGER NOT NULL,
        rated    INTEGER NOT NULL,
        stopped  TEXT
    );
    CREATE TABLE game_seats (
        game         TEXT NOT NULL REFERENCES games(id),
        seat         INTEGER NOT NULL,
        name         TEXT NOT NULL,
        account      INTEGER REFERENCES accounts(id),
        kind         TEXT NOT NULL,
        score        INTEGER NOT NULL,
        place        INTEGER NOT NULL,
        mu_before    REAL,
        sigma_before REAL,
        mu_after     REAL,
        sigma_after  REAL,
        PRIMARY KEY (game, seat)
    );
    CREATE INDEX game_seats_by_account ON game_seats(account);
    CREATE TABLE invitations (
        table_id INTEGER NOT NULL REFERENCES tables(id),
        account  INTEGER NOT NULL REFERENCES accounts(id),
        by       INTEGER NOT NULL REFERENCES accounts(id),
        created  TEXT NOT NULL,
        PRIMARY KEY (table_id, account)
    );
    CREATE TABLE bans (
        kind    TEXT NOT NULL CHECK (kind IN ('name', 'address')),
        value   TEXT NOT NULL,
        until   TEXT,
        by      INTEGER REFERENCES accounts(id),
        reason  TEXT,
        PRIMARY KEY (kind, value)
    );
    CREATE TABLE logins (
        at      TEXT NOT NULL,
        account INTEGER,
        address TEXT NOT NULL,
        ok      INTEGER NOT NULL
    );
    CREATE INDEX logins_by_time ON logins(at);
    """,
    # version 2: a moderator's mutes, kept across a restart
    """
    CREATE TABLE mutes (
        account INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        until   TEXT NOT NULL,
        by      INTEGER REFERENCES accounts(id)
    );
    """,
]
"""The schema, one step a version: step ``i`` brings version ``i`` to ``i + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)

T = TypeVar("T")
Query = Callable[[Connection], T]


class NameTaken(StoreError):
    """An account name whose key another account has (``args[0]``: :func:`~.names.taken`)."""


class KeyTaken(StoreError):
    """An SSH key another account logs in with already; ``args[0]`` is one sentence."""


@dataclass(frozen=True)
class Account:
    """One account: its ``id``, ``name`` as chosen, when it was made and last logged in (UTC,
    ISO 8601), its ``password`` hash (:mod:`.hasher`; None: keys only), its ``settings``
    (language, verbosity and the like), whether it is ``disabled``, and its rating
    (``mu``, ``sigma``: None until its first rated game) and count of rated games."""

    id: int
    name: str
    created: str
    last_login: str | None
    password: str | None
    settings: dict[str, Any]
    disabled: bool
    mu: float | None
    sigma: float | None
    rated_games: int


@dataclass(frozen=True)
class AccountKey:
    """An SSH public key of an account: its ``public_data`` (the key's wire form), its
    ``fingerprint`` (``SHA256:...``) and when it was ``added``."""

    account: int
    public_data: bytes
    fingerprint: str
    added: str


@dataclass(frozen=True)
class Ban:
    """A moderator's ban: ``kind`` ``"name"`` (``value`` a name key) or ``"address"`` (an
    address or network), ``until`` when (None: for good), ``by`` which account, and why."""

    kind: str
    value: str
    until: str | None
    by: int | None
    reason: str | None


@dataclass(frozen=True)
class KeptInvitation:
    """An invitation kept in the database (:meth:`Store.invitations`): to the table of row
    ``table_id``, numbered ``number`` in the lobby, for the account ``account``, from the
    person named ``by``, made at ``at`` (seconds since the epoch)."""

    table_id: int
    number: int
    account: int
    by: str
    at: float


@dataclass(frozen=True)
class TableRow:
    """A live table as the database keeps it (:meth:`Store.live_tables`): its ``id``, the
    ``number`` said in the lobby, its ``owner`` (an account id, None once that account is
    gone), its ``options`` (JSON data, as ``new`` gave them), its ``state`` (``open`` or
    ``playing``), its ``game`` (the autosave's id, None before the file was made) and when
    it ``started`` (UTC, ISO 8601; None before its start)."""

    id: int
    number: int
    owner: int | None
    options: dict[str, Any]
    state: str
    game: str | None
    started: str | None


@dataclass(frozen=True)
class FinishedGame:
    """A game that ended, to record (:meth:`Store.record_game`): its autosave ``id``, the
    ``table_id`` it was played at (a ``tables`` row), when it ``started`` and ``ended``
    (UTC, ISO 8601), its ``kingdom`` (card names), the ``turns`` played, whether its table
    is ``rated``, why it was ``stopped`` before its end (None: played to its end) and each
    seat's :class:`~.ratings.Standing`."""

    id: str
    table_id: int
    started: str
    ended: str
    kingdom: tuple[str, ...]
    turns: int
    rated: bool
    stopped: str | None
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class SeatResult:
    """One seat of a recorded game: its ``seat``, ``name``, ``account`` (None: a bot),
    ``kind`` (``"person"`` or the bot kind), ``score`` (VP), ``place`` (1 = won) and the
    account's rating ``before`` and ``after`` the game (None when it was not rated)."""

    seat: int
    name: str
    account: int | None
    kind: str
    score: int
    place: int
    before: Rating | None
    after: Rating | None


@dataclass(frozen=True)
class PlayedGame:
    """A recorded game as an account's ``games`` list reads it: its ``id``, the ``number``
    its table had in the lobby, when it ``ended`` (UTC, ISO 8601), the ``turns`` played,
    whether it changed ratings (``rated``), why it was ``stopped`` (None: played to its end)
    and its seats in the game's order."""

    id: str
    number: int
    ended: str
    turns: int
    rated: bool
    stopped: str | None
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class PlayerStats:
    """An account's record: finished ``games`` (played to their end), ``won`` of them,
    ``unfinished`` ones (stopped before their end), its ``rating`` (None before its first
    rated game) after ``rated_games``, its ``place`` in the ranking (None: not rated) and
    how many players are ``ranked``."""

    games: int
    won: int
    unfinished: int
    rating: Rating | None
    rated_games: int
    place: int | None
    ranked: int


@dataclass(frozen=True)
class Ranked:
    """One line of the ranking: the ``place`` (ties share it), the ``account`` and its
    ``name``, its shown ``rating`` (:attr:`~.ratings.Rating.shown`), its ``rated_games``
    and the rated games it ``won``."""

    place: int
    account: int
    name: str
    rating: float
    rated_games: int
    won: int


def utc_now() -> str:
    """The time now in UTC, ISO 8601 to the second: ``2026-12-06T08:05:12Z``."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_at(seconds: float) -> str:
    """The moment ``seconds`` after the epoch in UTC, ISO 8601 to the second, as :func:`utc_now` writes it."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def seconds_of(utc: str) -> float:
    """The seconds since the epoch of ``utc`` (as :func:`utc_at` writes it); 0.0 for text that is no such time."""
    try:
        moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
    except ValueError:
        return 0.0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


@contextmanager
def transaction(con: Connection) -> Iterator[Connection]:
    """One write transaction on ``con``: begun at once, committed at the end of the block,
    rolled back when it raises."""
    con.begin()
    try:
        yield con
    except BaseException:
        con.rollback()
        raise
    con.commit()


def schema_version(con: Connection) -> int:
    """The schema version of the database ``con`` (0: a new one)."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = con.execute("SELECT version FROM schema_version").fetchone()
    con.settle()
    return int(row[0]) if row else 0


def migrate(con: Connection, file: str) -> int:
    """Bring the database ``con`` (named ``file`` in sentences) up to :data:`SCHEMA_VERSION`,
    one step of :data:`MIGRATIONS` a transaction (in PostgreSQL's words there:
    :func:`~.database.postgresql_schema`); returns the version it found.

    Raises :class:`StoreError` for a database a newer version wrote (nothing is changed),
    and the database's own error (sqlite3.Error, psycopg.Error) when a step fails (that
    step is rolled back)."""
    found = schema_version(con)
    if found > SCHEMA_VERSION:
        raise StoreError(
            Msg(
                "The server's database {file} was written by a newer version of the game (schema {found}; "
                "this one knows up to {known}); start the version that wrote it.",
                file=file,
                found=found,
                known=SCHEMA_VERSION,
            )
        )
    for number in range(found, SCHEMA_VERSION):
        con.script(
            f"{MIGRATIONS[number]}\nDELETE FROM schema_version;\n"
            f"INSERT INTO schema_version (version) VALUES ({number + 1});"
        )
    return found


def opened(where: str | Path) -> tuple[Connection, int]:
    """A connection to the database ``where`` (a SQLite file's path or a PostgreSQL URL:
    :func:`~.database.connect`), migrated (:func:`migrate`), and the schema version the
    database had before. For the thread that makes it only.

    Raises :class:`StoreError` with one sentence when the database cannot be made, opened
    or reached, is damaged or not a database, a newer version wrote it, or a step of the
    migration fails."""
    con = connect(where)
    try:
        found = migrate(con, con.name)
    except StoreError:
        con.close()
        raise
    except Exception as e:  # (sqlite3.Error, psycopg.Error: the database's own)
        con.close()
        raise unusable(e, con.name) from None
    return con, found


# ---------------------------------------------------------------- the writer thread
_STOP = object()


class Store:
    """The database ``path`` (a SQLite file's path or a PostgreSQL URL) with its writer
    thread: every query runs there, one at a time, in the order given. ``now()`` gives the
    time written into rows (:func:`utc_now` unless given).

    Made by :meth:`open`, which waits for the connection and the migration (raising their
    :class:`StoreError`); closed by :meth:`close`. The query methods are coroutines for the
    event loop: each awaits its query in the writer thread."""

    def __init__(self, path: str | Path, now: Callable[[], str] = utc_now) -> None:
        self.path = path
        self.now = now
        self.found_version = 0  # the schema version the database had when opened
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="server-store", daemon=True)
        self._ready: concurrent.futures.Future[int] = concurrent.futures.Future()
        self._closed = False

    @classmethod
    def open(cls, path: str | Path, now: Callable[[], str] = utc_now) -> Store:
        """The :class:`Store` of the database ``path`` (a SQLite file's path or a PostgreSQL
        URL: :func:`~.database.is_url`), connected and migrated. Blocks
        until then (the server opens it before it listens). Raises :class:`StoreError`."""
        store = cls(path, now)
        store._thread.start()
        try:
            store.found_version = store._ready.result()
        except Exception:
            store._closed = True
            store._thread.join()
            raise
        return store

    def _serve(self) -> None:
        """The writer thread: connect, then run each query given, in order, until :meth:`close`.
        A PostgreSQL connection that broke is made again before the next query (the query
        that found it broken raised its error; one that cannot connect raises :class:`StoreError`)."""
        try:
            con, found = opened(self.path)
        except Exception as e:  # StoreError, or a path SQLite cannot take: raised by open
            self._ready.set_exception(e)
            return
        self._ready.set_result(found)
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    break
                query, future = item
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    if con.lost:  # (PostgreSQL restarted, or the network went: connected again)
                        con.close()
                        con, _found = opened(self.path)
                    result = query(con)
                    con.settle()  # (what it wrote outside a transaction, or read, committed)
                except BaseException as e:  # handed to whoever waits for the query
                    try:
                        if con.in_transaction:
                            con.rollback()
                    except Exception:
                        pass  # (a connection that is lost has nothing to roll back)
                    future.set_exception(e)
                else:
                    future.set_result(result)
        finally:
            con.close()

    def submit(self, query: Query[T]) -> concurrent.futures.Future[T]:
        """Run ``query(connection)`` in the writer thread, after the queries given before;
        its result or exception comes through the returned future. Raises RuntimeError
        after :meth:`close`."""
        if self._closed:
            raise RuntimeError("the store is closed")
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._queue.put((query, future))
        return future

    def run(self, query: Query[T]) -> T:
        """``query`` run in the writer thread, waited for here (never from the event loop:
        use :meth:`call` there). Raises what the query raises."""
        return self.submit(query).result()

    async def call(self, query: Query[T]) -> T:
        """``query`` run in the writer thread while the event loop goes on. Raises what the
        query raises."""
        return await asyncio.wrap_future(self.submit(query))

    def close(self) -> None:
        """Let the queries given so far run, then close the connection and end the thread
        (waits for it). Calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()

    # ------------------------------------------------------------ accounts
    async def add_account(
        self, name: str, password: str | None = None, key: tuple[bytes, str] | None = None
    ) -> Account:
        """Make the account ``name`` (checked already: :func:`~.names.checked_name`) with the
        password hash ``password`` and/or the SSH key ``key`` (its public data and
        fingerprint), in one transaction. Raises :class:`NameTaken` when another account has
        its key (:func:`~.names.name_key`) and :class:`KeyTaken` when another account logs
        in with the key; nothing is written then."""
        now = self.now()

        def query(con: Connection) -> Account:
            try:
                with transaction(con):
                    account = con.insert(
                        "INSERT INTO accounts (name, name_key, created, password) VALUES (?, ?, ?, ?)",
                        (name, name_key(name), now, password),
                    )
                    if key is not None:
                        _insert_key(con, account, key, now)
            except IntegrityError as e:
                if e.unique == "accounts.name_key":
                    raise NameTaken(taken(name)) from None
                raise
            found = _account_where(con, "id = ?", account)
            assert found is not None  # (written just now)
            return found

        return await self.call(query)

    async def account(self, name: str) -> Account | None:
        """The account named ``name`` in any letter case or form (:func:`~.names.name_key`), or None."""
        key = name_key(name)
        return await self.call(lambda con: _account_where(con, "name_key = ?", key))

    async def account_by_id(self, account: int) -> Account | None:
        """The account numbered ``account``, or None."""
        return await self.call(lambda con: _account_where(con, "id = ?", account))

    async def account_with_key(self, public_data: bytes) -> Account | None:
        """The account that logs in with the SSH key of ``public_data``, or None."""
        return await self.call(
            lambda con: _account_where(
                con, "id = (SELECT account FROM account_keys WHERE public_data = ?)", public_data
            )
        )

    async def add_key(self, account: int, key: tuple[bytes, str]) -> None:
        """Let the account numbered ``account`` log in with ``key`` (public data, fingerprint)
        too. Raises :class:`KeyTaken` when an account (this one too) has it already."""
        now = self.now()

        def query(con: Connection) -> None:
            with transaction(con):
                _insert_key(con, account, key, now)

        await self.call(query)

    async def remove_key(self, account: int, public_data: bytes) -> bool:
        """The account numbered ``account`` no longer logs in with the key of ``public_data``;
        False when it had no such key."""
        return (
            await self._write("DELETE FROM account_keys WHERE account = ? AND public_data = ?", (account, public_data))
            > 0
        )

    async def keys(self, account: int) -> list[AccountKey]:
        """The SSH keys of the account numbered ``account``, oldest first."""

        def query(con: Connection) -> list[AccountKey]:
            rows = con.execute(
                "SELECT account, public_data, fingerprint, added FROM account_keys WHERE account = ? ORDER BY rowid",
                (account,),
            ).fetchall()
            return [AccountKey(int(a), bytes(d), str(f), str(t)) for a, d, f, t in rows]

        return await self.call(query)

    async def set_password(self, account: int, password: str | None) -> None:
        """Store the password hash ``password`` for the account numbered ``account`` (None:
        it logs in with keys only)."""
        await self._write("UPDATE accounts SET password = ? WHERE id = ?", (password, account))

    async def set_settings(self, account: int, settings: dict[str, Any]) -> None:
        """Store ``settings`` (JSON values) as the settings of the account numbered
        ``account``. Raises TypeError or ValueError for values JSON cannot hold."""
        text = json.dumps(settings, ensure_ascii=False, sort_keys=True, allow_nan=False)
        await self._write("UPDATE accounts SET settings = ? WHERE id = ?", (text, account))

    async def logged_in(self, account: int | None, address: str, ok: bool) -> None:
        """Record a login from ``address`` (``ok``: let in) to the account numbered
        ``account`` (None: no such account); a good one also becomes its ``last_login``."""
        now = self.now()

        def query(con: Connection) -> None:
            with transaction(con):
                con.execute(
                    "INSERT INTO logins (at, account, address, ok) VALUES (?, ?, ?, ?)",
                    (now, account, address, int(ok)),
                )
                if ok and account is not None:
                    con.execute("UPDATE accounts SET last_login = ? WHERE id = ?", (now, account))

        await self.call(query)

    async def forget_logins(self, before: str) -> int:
        """Remove the login records older than ``before`` (UTC, ISO 8601); returns how many."""
        return await self._write("DELETE FROM logins WHERE at < ?", (before,))

    # ------------------------------------------------------------ bans
    async def ban(self, kind: str, value: str, until: str | None, by: int | None, reason: str | None) -> None:
        """Ban the name (``kind`` ``"name"``, ``value`` any form of it: its key is stored) or
        the address or network (``"address"``) ``value`` until ``until`` (None: for good),
        replacing a ban of it. Raises :class:`IntegrityError` for another kind."""
        stored = name_key(value) if kind == "name" else value
        await self._write(
            "INSERT INTO bans (kind, value, until, by, reason) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, value) "
            "DO UPDATE SET until = excluded.until, by = excluded.by, reason = excluded.reason",
            (kind, stored, until, by, reason),
        )

    async def unban(self, kind: str, value: str) -> bool:
        """Lift the ban of ``value`` (a name in any form, or an address); False when there was none."""
        stored = name_key(value) if kind == "name" else value
        return await self._write("DELETE FROM bans WHERE kind = ? AND value = ?", (kind, stored)) > 0

    async def bans(self, now: str | None = None) -> list[Ban]:
        """The bans in force at ``now`` (UTC, ISO 8601; the time now unless given): those
        for good and those until a later time, by kind and value."""
        at = now or self.now()

        def query(con: Connection) -> list[Ban]:
            rows = con.execute(
                "SELECT kind, value, until, by, reason FROM bans WHERE until IS NULL OR until > ? ORDER BY kind, value",
                (at,),
            ).fetchall()
            return [Ban(str(k), str(v), u, b, r) for k, v, u, b, r in rows]

        return await self.call(query)

    # ------------------------------------------------------------ mutes and invitations
    async def mute(self, account: int, until: float, by: int | None) -> None:
        """Mute the account numbered ``account`` until ``until`` (seconds since the epoch),
        by the moderator's account ``by``, replacing a mute it had."""
        await self._write(
            "INSERT INTO mutes (account, until, by) VALUES (?, ?, ?) "
            "ON CONFLICT (account) DO UPDATE SET until = excluded.until, by = excluded.by",
            (account, utc_at(until), by),
        )

    async def unmute(self, account: int) -> bool:
        """Lift the mute of the account numbered ``account``; False when it had none."""
        return await self._write("DELETE FROM mutes WHERE account = ?", (account,)) > 0

    async def mutes(self, now: float) -> dict[int, float]:
        """The mutes in force at ``now`` (seconds since the epoch), account -> when each
        ends (seconds since the epoch); the mutes over by then are removed."""
        at = utc_at(now)

        def query(con: Connection) -> dict[int, float]:
            with transaction(con):
                con.execute("DELETE FROM mutes WHERE until <= ?", (at,))
                rows = con.execute("SELECT account, until FROM mutes").fetchall()
            return {int(account): seconds_of(str(until)) for account, until in rows}

        return await self.call(query)

    async def invite(self, table_id: int, account: int, by: int, at: float) -> None:
        """Keep the invitation of the account numbered ``account`` to the table of row
        ``table_id`` by the account ``by``, made at ``at`` (seconds since the epoch),
        replacing one it had to that table."""
        await self._write(
            "INSERT INTO invitations (table_id, account, by, created) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (table_id, account) DO UPDATE SET by = excluded.by, created = excluded.created",
            (table_id, account, by, utc_at(at)),
        )

    async def drop_invitations(self, table_id: int, account: int | None = None) -> int:
        """Forget the invitation of ``account`` to the table of row ``table_id`` (None: every
        invitation to that table); returns how many."""
        if account is None:
            return await self._write("DELETE FROM invitations WHERE table_id = ?", (table_id,))
        return await self._write("DELETE FROM invitations WHERE table_id = ? AND account = ?", (table_id, account))

    async def invitations(self, oldest: float) -> list[KeptInvitation]:
        """The invitations made at ``oldest`` (seconds since the epoch) or later to tables
        still ``open``, the oldest first; every other invitation (expired, or to a table
        that started or closed) is removed."""
        since = utc_at(oldest)

        def query(con: Connection) -> list[KeptInvitation]:
            with transaction(con):
                con.execute(
                    "DELETE FROM invitations WHERE created < ? OR table_id NOT IN "
                    "(SELECT id FROM tables WHERE state = 'open')",
                    (since,),
                )
                rows = con.execute(
                    "SELECT i.table_id, t.number, i.account, a.name, i.created FROM invitations i "
                    "JOIN tables t ON t.id = i.table_id JOIN accounts a ON a.id = i.by "
                    "ORDER BY i.created, i.rowid"
                ).fetchall()
            return [KeptInvitation(int(t), int(n), int(a), str(b), seconds_of(str(c))) for t, n, a, b, c in rows]

        return await self.call(query)

    # ------------------------------------------------------------ tables
    async def add_table(self, number: int, owner: int, options: dict[str, Any]) -> int:
        """A new open table numbered ``number`` in the lobby, owned by the account ``owner``,
        with ``options`` (JSON data); returns its row's id."""
        return await self._insert(
            "INSERT INTO tables (number, owner, options, state, created) VALUES (?, ?, ?, 'open', ?)",
            (number, owner, json.dumps(options, ensure_ascii=False), self.now()),
        )

    async def table_state(self, table_id: int, state: str) -> None:
        """The table ``table_id`` is now ``state`` (``playing``: started now; ``closed``)."""
        if state == "playing":
            await self._write("UPDATE tables SET state = ?, started = ? WHERE id = ?", (state, self.now(), table_id))
        else:
            await self._write("UPDATE tables SET state = ?, ended = ? WHERE id = ?", (state, self.now(), table_id))

    async def table_game(self, table_id: int, game: str) -> None:
        """The table ``table_id`` plays the game whose autosave is ``game`` (its id)."""
        await self._write("UPDATE tables SET game = ? WHERE id = ?", (game, table_id))

    async def seat_people(self, table_id: int, people: list[tuple[int, str]]) -> None:
        """The people seated now at the unstarted table ``table_id``: (account, name) each, in
        their seats' order (the owner first); the seats kept before are replaced, so that a
        restart finds the table as it was (:meth:`open_seats`)."""

        def query(con: Connection) -> None:
            with transaction(con):
                con.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
                con.executemany(
                    "INSERT INTO table_seats (table_id, seat, name, account) VALUES (?, ?, ?, ?)",
                    [(table_id, seat, name, account) for seat, (account, name) in enumerate(people, 1)],
                )

        await self.call(query)

    async def open_seats(self, table_id: int) -> list[tuple[int, str, dict[str, Any]]]:
        """The people :meth:`seat_people` kept at the table ``table_id``, in their seats'
        order: (account, the account's name, its settings) each; an account that is gone is
        left out, and settings that are not a JSON object read as none."""

        def query(con: Connection) -> list[tuple[int, str, dict[str, Any]]]:
            rows = con.execute(
                "SELECT a.id, a.name, a.settings FROM table_seats s JOIN accounts a ON a.id = s.account "
                "WHERE s.table_id = ? ORDER BY s.seat",
                (table_id,),
            ).fetchall()
            out = []
            for account, name, settings in rows:
                try:
                    data = json.loads(settings)
                except ValueError:
                    data = None
                out.append((int(account), str(name), data if isinstance(data, dict) else {}))
            return out

        return await self.call(query)

    async def live_tables(self) -> list[TableRow]:
        """Every table ``open`` or ``playing``, by id (a server that stopped, or was killed,
        left them so). A row whose options are not a JSON object reads as no options."""

        def query(con: Connection) -> list[TableRow]:
            rows = con.execute(
                "SELECT id, number, owner, options, state, game, started FROM tables "
                "WHERE state IN ('open', 'playing') ORDER BY id"
            ).fetchall()
            out = []
            for table_id, number, owner, options, state, game, started in rows:
                try:
                    data = json.loads(options)
                except ValueError:
                    data = None
                out.append(
                    TableRow(
                        int(table_id),
                        int(number),
                        owner,
                        data if isinstance(data, dict) else {},
                        str(state),
                        game,
                        started,
                    )
                )
            return out

        return await self.call(query)

    async def _insert(self, sql: str, values: tuple[Any, ...]) -> int:
        def query(con: Connection) -> int:
            with transaction(con):
                return con.insert(sql, values)

        return await self.call(query)

    # ------------------------------------------------------------ games and ratings
    async def record_game(self, game: FinishedGame) -> bool:
        """Record the finished ``game`` with its seats and, when it is rated, the new ratings
        of its people, all in one transaction, with its table marked finished. True when it
        was recorded now; False when it was already (nothing changes then), so a repeated
        call, after a crash or a restart, applies a game's ratings exactly once.

        The game changes ratings when its table is rated, it was played to its end and at
        least 2 people played it (:func:`~.ratings.rating_ranks`). Raises ValueError when one
        account holds two seats, and :class:`IntegrityError` for a table that does not
        exist; nothing is written then."""

        def query(con: Connection) -> bool:
            with transaction(con):
                return record_game(con, game)

        return await self.call(query)

    async def games_of(self, account: int, most: int = 5) -> list[PlayedGame]:
        """The last ``most`` recorded games of the account numbered ``account``, the newest first."""
        return await self.call(lambda con: _games_of(con, account, most))

    async def stats(self, account: int) -> PlayerStats:
        """The record of the account numbered ``account`` (zeros for one with no games)."""
        return await self.call(lambda con: _stats(con, account))

    async def ranking(self) -> list[Ranked]:
        """Every rated account, best first (ties share a place, by name within it);
        disabled accounts left out."""
        return await self.call(_ranking)

    async def _write(self, sql: str, values: tuple[Any, ...]) -> int:
        """Run the one statement ``sql`` with ``values`` in a transaction; the rows it changed."""

        def query(con: Connection) -> int:
            with transaction(con):
                return int(con.execute(sql, values).rowcount)

        return await self.call(query)


def record_game(con: Connection, game: FinishedGame) -> bool:
    """The statements of :meth:`Store.record_game` on ``con``, inside a transaction the
    caller holds (it commits or rolls back): True when ``game`` was recorded now, False
    when its ``games`` row was there already (nothing is written then)."""
    ranks = rating_ranks(game.standings)
    rated = game.rated and game.stopped is None and ranks is not None
    cur = con.execute(
        "INSERT INTO games (id, table_id, started, ended, kingdom, turns, rated, stopped) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
        (
            game.id,
            game.table_id,
            game.started,
            game.ended,
            json.dumps(list(game.kingdom), ensure_ascii=False),
            game.turns,
            int(rated),
            game.stopped,
        ),
    )
    if cur.rowcount == 0:
        return False
    before: dict[int, Rating | None] = {}
    after: dict[int, Rating] = {}
    if rated and ranks is not None:
        for account in ranks:
            row = con.execute("SELECT mu, sigma FROM accounts WHERE id = ?", (account,)).fetchone()
            before[account] = Rating(row[0], row[1]) if row is not None and row[0] is not None else None
        after = rate(before, ranks)
        for account, rating in after.items():
            con.execute(
                "UPDATE accounts SET mu = ?, sigma = ?, rated_games = rated_games + 1 WHERE id = ?",
                (rating.mu, rating.sigma, account),
            )
    for standing, place in zip(game.standings, places(game.standings), strict=True):
        old = before.get(standing.account or 0)
        new = after.get(standing.account or 0)
        con.execute(
            "INSERT INTO game_seats (game, seat, name, account, kind, score, place, mu_before, sigma_before, "
            "mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.id,
                standing.seat,
                standing.name,
                standing.account,
                standing.kind,
                standing.score,
                place,
                old.mu if old else None,
                old.sigma if old else None,
                new.mu if new else None,
                new.sigma if new else None,
            ),
        )
    con.execute("UPDATE tables SET state = 'finished', ended = ? WHERE id = ?", (game.ended, game.table_id))
    return True


def _rating(mu: float | None, sigma: float | None) -> Rating | None:
    return Rating(float(mu), float(sigma)) if mu is not None and sigma is not None else None


def _games_of(con: Connection, account: int, most: int) -> list[PlayedGame]:
    rows = con.execute(
        "SELECT g.id, t.number, g.ended, g.turns, g.rated, g.stopped FROM games g "
        "JOIN tables t ON t.id = g.table_id "
        "WHERE g.id IN (SELECT game FROM game_seats WHERE account = ?) "
        "ORDER BY g.ended DESC, g.rowid DESC LIMIT ?",
        (account, max(0, most)),
    ).fetchall()
    found = []
    for game_id, number, ended, turns, rated, stopped in rows:
        seats = con.execute(
            "SELECT seat, name, account, kind, score, place, mu_before, sigma_before, mu_after, sigma_after "
            "FROM game_seats WHERE game = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
        found.append(
            PlayedGame(
                id=str(game_id),
                number=int(number),
                ended=str(ended),
                turns=int(turns),
                rated=bool(rated),
                stopped=stopped,
                seats=tuple(
                    SeatResult(int(s), str(n), a, str(k), int(sc), int(p), _rating(mb, sb), _rating(ma, sa))
                    for s, n, a, k, sc, p, mb, sb, ma, sa in seats
                ),
            )
        )
    return found


def _stats(con: Connection, account: int) -> PlayerStats:
    games, won, unfinished = con.execute(
        "SELECT COUNT(CASE WHEN g.stopped IS NULL THEN 1 END), "
        "COUNT(CASE WHEN g.stopped IS NULL AND s.place = 1 THEN 1 END), "
        "COUNT(CASE WHEN g.stopped IS NOT NULL THEN 1 END) "
        "FROM game_seats s JOIN games g ON g.id = s.game WHERE s.account = ?",
        (account,),
    ).fetchone()
    row = con.execute("SELECT mu, sigma, rated_games FROM accounts WHERE id = ?", (account,)).fetchone()
    rating = _rating(row[0], row[1]) if row else None
    ranking = _ranking(con)
    place = next((r.place for r in ranking if r.account == account), None)
    return PlayerStats(
        games=int(games),
        won=int(won),
        unfinished=int(unfinished),
        rating=rating,
        rated_games=int(row[2]) if row else 0,
        place=place,
        ranked=len(ranking),
    )


def _ranking(con: Connection) -> list[Ranked]:
    won = dict(
        con.execute(
            "SELECT s.account, COUNT(*) FROM game_seats s JOIN games g ON g.id = s.game "
            "WHERE g.rated = 1 AND s.place = 1 AND s.account IS NOT NULL GROUP BY s.account"
        ).fetchall()
    )
    rows = con.execute(
        "SELECT id, name, mu, sigma, rated_games FROM accounts WHERE mu IS NOT NULL AND sigma IS NOT NULL "
        "AND disabled = 0"
    ).fetchall()
    players = sorted(
        ((Rating(float(mu), float(sigma)).shown, int(a), str(n), int(g)) for a, n, mu, sigma, g in rows),
        key=lambda p: (-p[0], name_key(p[2])),
    )
    ranked: list[Ranked] = []
    for i, (shown, account, name, games) in enumerate(players):
        place = ranked[-1].place if ranked and ranked[-1].rating == shown else i + 1
        ranked.append(Ranked(place, account, name, shown, games, int(won.get(account, 0))))
    return ranked


def _insert_key(con: Connection, account: int, key: tuple[bytes, str], now: str) -> None:
    public_data, fingerprint = key
    try:
        con.execute(
            "INSERT INTO account_keys (account, public_data, fingerprint, added) VALUES (?, ?, ?, ?)",
            (account, public_data, fingerprint, now),
        )
    except IntegrityError as e:
        if e.unique == "account_keys.public_data":
            raise KeyTaken(
                Msg("This SSH key already logs in to an account; each key belongs to one account.")
            ) from None
        raise


def _account_where(con: Connection, where: str, value: object) -> Account | None:
    row = con.execute(
        "SELECT id, name, created, last_login, password, settings, disabled, mu, sigma, rated_games "
        f"FROM accounts WHERE {where}",
        (value,),
    ).fetchone()
    if row is None:
        return None
    try:
        settings = json.loads(row[5])
    except ValueError:
        settings = {}
    return Account(
        id=int(row[0]),
        name=str(row[1]),
        created=str(row[2]),
        last_login=row[3],
        password=row[4],
        settings=settings if isinstance(settings, dict) else {},
        disabled=bool(row[6]),
        mu=row[7],
        sigma=row[8],
        rated_games=int(row[9]),
    )


def database_path(data: Path) -> Path:
    """Where the database of the data folder ``data`` is: ``data/server.sqlite3``."""
    return data / DATABASE_FILE
