"""The server's database (a11y_dominion/server/store.py), each test on a SQLite file in tmp_path
and on an empty database of a throwaway PostgreSQL cluster (tests/pgcluster.py): the schema
made from empty with its version (WAL for SQLite), a second start on the same database, a
database of a newer version or not a database refused in one sentence, and the account, key,
settings, login and ban queries run by the one writer thread. On PostgreSQL also: a URL whose
database cannot be reached, refuses the password, does not exist, or is used by another
server, or a driver that is not installed, each refused in one sentence that names no user
nor password."""

from __future__ import annotations

import asyncio
import sqlite3
import stat
import sys
import threading
from pathlib import Path

import psycopg
import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server.database import connect
from a11y_dominion.server.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    IntegrityError,
    KeyTaken,
    NameTaken,
    Store,
    StoreError,
    database_path,
    migrate,
)
from pgcluster import PASSWORD

TABLES = {
    "accounts",
    "account_keys",
    "tables",
    "table_seats",
    "games",
    "game_seats",
    "invitations",
    "bans",
    "logins",
    "mutes",
    "schema_version",
}
KEY = (b"\x00\x00\x00\x0bssh-ed25519" + bytes(range(32)), "SHA256:abcdefghijklmnop4kPq9w")
OTHER_KEY = (b"\x00\x00\x00\x0bssh-ed25519" + bytes(range(1, 33)), "SHA256:qrstuvwxyz0123456789ab")


class Clock:
    """The time rows are written at: set by the test."""

    def __init__(self) -> None:
        self.at = "2026-12-06T08:00:00Z"

    def __call__(self) -> str:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(server_database, clock):
    s = Store.open(server_database, now=clock)
    yield s
    s.close()


def table_names(con) -> set[str]:
    """The names of the tables of the database of ``con`` (a store's connection)."""
    if con.postgresql:
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    return {r[0] for r in con.execute(sql).fetchall()}


def read(path: Path, sql: str) -> list:
    """Rows of ``sql`` read through a connection of the test's own, as another program would."""
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_new_database_gets_the_whole_schema_and_its_version(store):
    assert store.found_version == 0
    assert store.run(table_names) == TABLES
    assert store.run(lambda con: con.execute("SELECT version FROM schema_version").fetchall()) == [(SCHEMA_VERSION,)]


def test_a_new_sqlite_database_gets_the_whole_schema_its_version_and_wal(tmp_path):
    path = tmp_path / "data" / "server.sqlite3"
    store = Store.open(database_path(tmp_path / "data"))
    assert store.path == path and path.is_file()
    assert store.found_version == 0
    names = {r[0] for r in read(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == TABLES
    assert read(path, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    assert read(path, "PRAGMA journal_mode") == [("wal",)]
    assert store.run(lambda con: con.execute("PRAGMA foreign_keys").fetchone()) == (1,)
    assert store.run(lambda con: con.execute("PRAGMA synchronous").fetchone()) == (1,)  # NORMAL
    columns = [r[1] for r in read(path, "PRAGMA table_info(accounts)")]
    assert columns == [
        "id",
        "name",
        "name_key",
        "created",
        "last_login",
        "password",
        "settings",
        "disabled",
        "mu",
        "sigma",
        "rated_games",
    ]
    if sys.platform != "win32":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    store.close()


def test_every_query_runs_in_the_one_writer_thread(store):
    here = threading.get_ident()
    threads = {store.run(lambda con: threading.get_ident()) for _ in range(3)}
    assert len(threads) == 1 and here not in threads


def test_a_second_start_keeps_the_data_and_migrates_nothing(server_database, clock):
    first = Store.open(server_database, now=clock)
    ann = asyncio.run(first.add_account("Ann", password="scrypt$hash", key=KEY))
    first.close()
    second = Store.open(server_database, now=clock)
    try:
        assert second.found_version == SCHEMA_VERSION
        assert asyncio.run(second.account("ann")) == ann
        assert second.run(lambda con: con.execute("SELECT version FROM schema_version").fetchall()) == [
            (SCHEMA_VERSION,)
        ]
    finally:
        second.close()


def shown(server_database: str) -> str:
    """How sentences name the database: a file by its path, a URL without user and password."""
    if server_database.startswith("postgresql://"):
        return "postgresql:///" + server_database.split("@/", 1)[1]
    return server_database


def test_a_database_of_a_newer_version_is_refused_in_one_sentence_and_left_as_it_is(server_database):
    con = connect(server_database)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION + 1,))
    con.settle()
    con.close()
    with pytest.raises(StoreError) as caught:
        Store.open(server_database)
    name = shown(server_database)
    english = (
        f"The server's database {name} was written by a newer version of the game (schema {SCHEMA_VERSION + 1}; "
        f"this one knows up to {SCHEMA_VERSION}); start the version that wrote it."
    )
    assert caught.value.args[0] == english
    assert Language("nl").msg(caught.value.args[0]) == (
        f"De database van de server {name} is geschreven door een nieuwere versie van het spel "
        f"(schema {SCHEMA_VERSION + 1}; deze kent er tot {SCHEMA_VERSION}); start de versie die hem schreef."
    )
    con = connect(server_database)
    try:
        assert table_names(con) == {"schema_version"}
    finally:
        con.close()


def test_a_file_that_is_no_database_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "server.sqlite3"
    path.write_bytes(b"this is not a database, only text " * 100)
    with pytest.raises(StoreError) as caught:
        Store.open(path)
    assert caught.value.args[0] == (
        f"The server's database {path} is damaged or is not a database; "
        "restore it from a backup, or move it away to start with an empty one."
    )
    assert path.read_bytes() == b"this is not a database, only text " * 100


def test_a_failed_migration_step_is_rolled_back_whole(server_database, monkeypatch):
    con = connect(server_database)
    bad = "CREATE TABLE extra (a INTEGER);\nBAD SQL;"
    monkeypatch.setattr("a11y_dominion.server.store.MIGRATIONS", [*MIGRATIONS, bad])
    monkeypatch.setattr("a11y_dominion.server.store.SCHEMA_VERSION", SCHEMA_VERSION + 1)
    try:
        with pytest.raises((sqlite3.OperationalError, psycopg.errors.SyntaxError)):
            migrate(con, "x")
        assert not con.in_transaction
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        assert table_names(con) == TABLES
    finally:
        con.close()


def test_the_schema_in_postgresql_has_its_types_and_sqlite_rowid_order():
    from a11y_dominion.server.database import postgresql_schema

    assert postgresql_schema(MIGRATIONS[1]) == (
        "\n    CREATE TABLE mutes (\n"
        "        account BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,\n"
        '        until   TEXT COLLATE "C" NOT NULL,\n'
        "        by      BIGINT REFERENCES accounts(id),\n"
        "    rowid BIGINT GENERATED ALWAYS AS IDENTITY\n);\n    "
    )
    made = postgresql_schema(MIGRATIONS[0])
    assert "id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY," in made
    assert "public_data BYTEA NOT NULL UNIQUE," in made and "mu_before    DOUBLE PRECISION," in made
    assert "REAL" not in made and "BLOB" not in made and "INTEGER" not in made


# ---------------------------------------------------------------- PostgreSQL named by a URL
@pytest.mark.postgres
@pytest.mark.e2e  # (the throwaway cluster's processes)
@pytest.mark.posix
def test_postgresql_urls_refused_each_in_one_sentence_without_user_or_password(postgresql_cluster, tmp_path):
    socket = postgresql_cluster.socket
    cases = {
        postgresql_cluster.url("nowhere_db"): (
            f"The database postgresql:///nowhere_db?host={socket} does not exist; "
            "create it (docs/server.md says how) or name another."
        ),
        postgresql_cluster.url("postgres", password="wrong horse"): (
            f"PostgreSQL refused the login to the database postgresql:///postgres?host={socket}: "
            "check the user and password."
        ),
        f"postgresql://postgres:{PASSWORD.replace(' ', '%20')}@/postgres?host={tmp_path}": (
            f"PostgreSQL cannot be reached for the database postgresql:///postgres?host={tmp_path}; "
            "check that it runs and that the host and port are right."
        ),
    }
    dutch = []
    for url, sentence in cases.items():
        with pytest.raises(StoreError) as caught:
            Store.open(url)
        assert caught.value.args[0] == sentence
        assert "postgres:" not in sentence and "wrong" not in sentence and "secret" not in sentence
        dutch.append(Language("nl").msg(caught.value.args[0]))
    assert dutch == [
        f"De database postgresql:///nowhere_db?host={socket} bestaat niet; maak hem aan (docs/server.md zegt hoe) "
        "of noem een andere.",
        f"PostgreSQL weigerde het inloggen bij de database postgresql:///postgres?host={socket}: "
        "kijk de gebruiker en het wachtwoord na.",
        f"PostgreSQL is niet bereikbaar voor de database postgresql:///postgres?host={tmp_path}; "
        "kijk of het draait en of de host en de poort kloppen.",
    ]


@pytest.mark.postgres
@pytest.mark.e2e
@pytest.mark.posix
def test_a_second_server_on_the_same_postgresql_database_is_refused(postgresql_url):
    first = Store.open(postgresql_url)
    try:
        with pytest.raises(StoreError) as caught:
            Store.open(postgresql_url)
        assert caught.value.args[0] == f"Another server uses the database {shown(postgresql_url)}."
    finally:
        first.close()
    Store.open(postgresql_url).close()  # (its lock went with its connection)


def test_a_postgresql_url_without_the_driver_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # (an import of it fails, as where it is not installed)
    with pytest.raises(StoreError) as caught:
        Store.open("postgres://ann:s3cret@db.example.org:5433/dominion")
    python = f'"{sys.executable}"' if " " in sys.executable else sys.executable
    assert caught.value.args[0] == (
        "The server's database postgresql://db.example.org:5433/dominion is PostgreSQL, whose driver psycopg "
        f'is not installed here; install it with this command: {python} -m pip install "psycopg[binary]"'
    )
    assert Language("nl").msg(caught.value.args[0]) == (
        "De database van de server postgresql://db.example.org:5433/dominion is PostgreSQL, waarvan het "
        "stuurprogramma psycopg hier niet geïnstalleerd is; installeer het met deze opdracht: "
        f'{python} -m pip install "psycopg[binary]"'
    )
    assert "ann" not in caught.value.args[0] and "s3cret" not in caught.value.args[0]


# ---------------------------------------------------------------- accounts
def test_an_account_with_a_key_and_its_lookups(store, clock):
    ann = asyncio.run(store.add_account("Ann", key=KEY))
    assert (ann.name, ann.created, ann.password, ann.settings, ann.disabled) == ("Ann", clock.at, None, {}, False)
    assert (ann.mu, ann.sigma, ann.rated_games, ann.last_login) == (None, None, 0, None)
    assert asyncio.run(store.account("ANN")) == ann
    assert asyncio.run(store.account("\uff21\uff4e\uff4e")) == ann  # full-width
    assert asyncio.run(store.account_by_id(ann.id)) == ann
    assert asyncio.run(store.account_with_key(KEY[0])) == ann
    assert asyncio.run(store.account_with_key(OTHER_KEY[0])) is None
    assert asyncio.run(store.account("Bea")) is None
    keys = asyncio.run(store.keys(ann.id))
    assert [(k.account, k.public_data, k.fingerprint, k.added) for k in keys] == [(ann.id, KEY[0], KEY[1], clock.at)]


def test_a_name_taken_in_another_case_is_refused_and_nothing_written(store):
    asyncio.run(store.add_account("Ann", password="scrypt$one"))
    with pytest.raises(NameTaken) as caught:
        asyncio.run(store.add_account("aNN", key=OTHER_KEY))
    assert caught.value.args[0] == "The name aNN is taken; choose another."
    assert asyncio.run(store.account_with_key(OTHER_KEY[0])) is None  # the key of the refused one is not kept
    assert store.run(lambda con: con.execute("SELECT count(*) FROM accounts").fetchone()) == (1,)


def test_a_key_belongs_to_one_account(store):
    ann = asyncio.run(store.add_account("Ann", key=KEY))
    with pytest.raises(KeyTaken) as caught:
        asyncio.run(store.add_account("Bea", key=KEY))
    assert caught.value.args[0] == "This SSH key already logs in to an account; each key belongs to one account."
    assert Language("nl").msg(caught.value.args[0]) == (
        "Met deze SSH-sleutel logt al een account in; elke sleutel hoort bij één account."
    )
    assert asyncio.run(store.account("Bea")) is None  # the account is not made without its key
    asyncio.run(store.add_key(ann.id, OTHER_KEY))
    assert [k.fingerprint for k in asyncio.run(store.keys(ann.id))] == [KEY[1], OTHER_KEY[1]]
    with pytest.raises(KeyTaken):
        asyncio.run(store.add_key(ann.id, OTHER_KEY))


def test_password_settings_and_logins(store, clock):
    ann = asyncio.run(store.add_account("Ann", password="scrypt$one"))
    asyncio.run(store.set_password(ann.id, "scrypt$two"))
    asyncio.run(store.set_settings(ann.id, {"language": "nl", "verbosity": "terse", "keys": {"F2": "hand"}}))
    clock.at = "2026-12-06T09:00:00Z"
    asyncio.run(store.logged_in(ann.id, "192.0.2.1", ok=True))
    asyncio.run(store.logged_in(None, "192.0.2.2", ok=False))
    got = asyncio.run(store.account("Ann"))
    assert got is not None
    assert got.password == "scrypt$two"
    assert got.settings == {"language": "nl", "verbosity": "terse", "keys": {"F2": "hand"}}
    assert got.last_login == "2026-12-06T09:00:00Z"
    rows = store.run(lambda con: con.execute("SELECT at, account, address, ok FROM logins ORDER BY rowid").fetchall())
    assert rows == [("2026-12-06T09:00:00Z", ann.id, "192.0.2.1", 1), ("2026-12-06T09:00:00Z", None, "192.0.2.2", 0)]
    assert asyncio.run(store.forget_logins("2026-12-06T09:00:01Z")) == 2
    with pytest.raises(ValueError):
        asyncio.run(store.set_settings(ann.id, {"rate": float("nan")}))


def test_settings_the_database_holds_damaged_read_as_none(store):
    ann = asyncio.run(store.add_account("Ann"))
    store.run(lambda con: con.execute("UPDATE accounts SET settings = '{not json' WHERE id = ?", (ann.id,)))
    got = asyncio.run(store.account("Ann"))
    assert got is not None and got.settings == {}


def test_bans_by_name_key_and_address_in_force_until_their_time(store):
    asyncio.run(store.ban("name", "MALLORY", None, None, "spam"))
    asyncio.run(store.ban("address", "203.0.113.0/24", "2026-12-07T00:00:00Z", None, None))
    bans = asyncio.run(store.bans("2026-12-06T12:00:00Z"))
    assert [(b.kind, b.value, b.until, b.reason) for b in bans] == [
        ("address", "203.0.113.0/24", "2026-12-07T00:00:00Z", None),
        ("name", "mallory", None, "spam"),
    ]
    assert [b.value for b in asyncio.run(store.bans("2026-12-08T00:00:00Z"))] == ["mallory"]
    assert asyncio.run(store.unban("name", "Mallory"))
    assert not asyncio.run(store.unban("name", "Mallory"))
    with pytest.raises(IntegrityError):
        asyncio.run(store.ban("colour", "red", None, None, None))


def test_the_schema_keeps_its_constraints(store):
    def bad_state(con):
        con.execute("INSERT INTO tables (number, options, state, created) VALUES (1, '{}', 'lost', 'now')")

    with pytest.raises(IntegrityError):
        store.run(bad_state)

    def orphan_seat(con):
        con.execute("INSERT INTO table_seats VALUES (99, 0, 'Ann', NULL, NULL)")

    with pytest.raises(IntegrityError):  # foreign keys are on
        store.run(orphan_seat)


def test_queries_run_in_the_order_given(store):
    async def main() -> list:
        made = [asyncio.create_task(store.add_account(f"Player{i}")) for i in range(10)]
        return [a.id for a in await asyncio.gather(*made)]

    assert asyncio.run(main()) == list(range(1, 11))


def test_the_loop_goes_on_while_a_query_runs(store):
    go = threading.Event()

    def waiting(con) -> bool:
        # set by a coroutine of the loop: only a loop that is not blocked by this query sets it
        # (the bound only keeps a broken store from hanging the suite)
        return go.wait(timeout=60)

    async def set_go() -> None:
        go.set()

    async def main() -> list:
        return await asyncio.gather(store.call(waiting), set_go())

    assert asyncio.run(main()) == [True, None]


def test_a_closed_store_takes_no_query(tmp_path):
    s = Store.open(tmp_path / "s.sqlite3")
    s.close()
    s.close()
    with pytest.raises(RuntimeError):
        s.submit(lambda con: None)


@pytest.mark.postgres
@pytest.mark.e2e
@pytest.mark.posix
def test_a_broken_postgresql_connection_is_made_again_for_the_next_query(postgresql_url):
    store = Store.open(postgresql_url)
    try:
        ann = asyncio.run(store.add_account("Ann", password="scrypt$one"))
        with psycopg.connect(postgresql_url, autocommit=True) as other:  # as PostgreSQL's restart ends it
            ended = other.execute(  # (waits until the server's connection is gone, up to 60 s)
                "SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity "
                "WHERE application_name = 'a11y-dominion server' AND datname = current_database()"
            ).fetchall()
        assert ended == [(True,)]
        with pytest.raises(psycopg.OperationalError):  # the query that finds it broken
            asyncio.run(store.account("Ann"))
        assert asyncio.run(store.account("Ann")) == ann  # the next one on a new connection
        with pytest.raises(StoreError):  # which holds the database's lock again
            Store.open(postgresql_url)
    finally:
        store.close()


def test_where_postgresql_is_not_installed_its_tests_fail_saying_to_install_it(monkeypatch):
    import pgcluster

    monkeypatch.setattr(pgcluster, "postgres_programs", lambda: None)
    with pytest.raises(pytest.fail.Exception) as caught:
        pgcluster.start_cluster()
    assert str(caught.value) == (
        "PostgreSQL is not installed here (no initdb and pg_ctl in /usr/lib/postgresql/*/bin or on the PATH): "
        "install it (apt-get install postgresql; CI does), or leave these tests out with -m 'not postgres'."
    )
