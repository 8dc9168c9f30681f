"""A moderator's mutes and the invitations kept in the server's database, without SSH: a mute
outlasts a restart (a new lobby on the same database) and ends at its time, a lifted or expired
one is gone; an invitation is kept while its table is open, dropped when it is used or its
table starts, and an expired one, or one to a table that closed, is dropped at the start; a restart
keeps an unstarted table's invitations.
The clocks are counters the tests move (seconds since the epoch)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from a11y_dominion.server.config import ModeratorsSection, ServerConfig
from a11y_dominion.server.lobby import Lobby, Person
from a11y_dominion.server.store import Store, database_path
from a11y_dominion.server.tables import INVITATION_SECONDS, Tables

START = 1_800_000_000.0  # 2027-01-15, seconds since the epoch


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(server_database: str):
    s = Store.open(server_database)
    for name in ("Mod", "Ann", "Bea"):
        asyncio.run(s.add_account(name, password="scrypt$hash"))
    yield s
    s.close()


def run_of(store: Store, tmp_path: Path, clock: Clock) -> tuple[Tables, Lobby]:
    """One run of the server's lobby and tables on ``store``."""
    tables = Tables(store, tmp_path / "games", seed=lambda: 7, clock=clock)
    lobby = Lobby(store, None, clock=clock)  # type: ignore[arg-type]  # (chat is not limited here)
    lobby.rates = type("Free", (), {"chat_line": staticmethod(lambda account: "ok")})()
    lobby.tables = tables
    lobby.moderator = ServerConfig(moderators=ModeratorsSection(names=("Mod",))).is_moderator
    return tables, lobby


def someone(account: int, name: str, language: str = "en") -> tuple[Person, list[str]]:
    heard: list[str] = []
    return Person(account, name, heard.append, {"language": language}), heard


def test_a_mute_outlasts_a_restart_and_ends_at_its_time(store: Store, tmp_path: Path) -> None:
    async def main() -> None:
        clock = Clock()
        _tables, lobby = run_of(store, tmp_path, clock)
        mod, _ = someone(1, "Mod")
        bea, _ = someone(3, "Bea", "nl")
        ann, _ = someone(2, "Ann")
        for p in (mod, bea, ann):
            lobby.enter(p)
        await lobby.typed(mod, "mute Bea 30")
        await lobby.typed(mod, "mute Ann 5")
        await lobby.typed(mod, "mute Ann 0")  # lifted: not kept
        assert await store.mutes(START) == {3: START + 1800}
        clock.now += 10 * 60  # the server restarts 10 minutes later
        _tables, again = run_of(store, tmp_path, clock)
        await again.restore_mutes()
        bea, bea_heard = someone(3, "Bea", "nl")
        ann, ann_heard = someone(2, "Ann")
        again.enter(bea)
        again.enter(ann)
        await again.typed(bea, "zeg hallo")
        assert bea_heard == ["Je moet nog 20 minuten zwijgen; zeg en fluister worden tot dan geweigerd."]
        assert ann_heard == []
        clock.now += 20 * 60  # over: a restart now finds no mute, and the database keeps none
        _tables, third = run_of(store, tmp_path, clock)
        await third.restore_mutes()
        assert third.muted == {}
        assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM mutes").fetchone()) == (0,)

    asyncio.run(main())


def test_invitations_are_kept_while_their_table_is_open_and_dropped_when_used_expired_or_closed(
    store: Store, tmp_path: Path
) -> None:
    async def main() -> None:
        clock = Clock()
        tables, lobby = run_of(store, tmp_path, clock)
        known = {"bea": await store.account("Bea"), "mod": await store.account("Mod")}

        async def account(name: str) -> object:
            return known.get(name.casefold())

        tables.accounts = account
        ann, _ = someone(2, "Ann")
        lobby.enter(ann)
        await lobby.typed(ann, "new players 3 private")
        await lobby.typed(ann, "invite Bea")
        await lobby.typed(ann, "invite Mod")
        kept = await store.invitations(START - INVITATION_SECONDS)
        assert [(k.number, k.account, k.by, k.at) for k in kept] == [(1, 3, "Ann", START), (1, 1, "Ann", START)]
        # the same database read by a server started now takes them up for the open table
        tables.invitations.clear()
        assert await tables.restore_invitations(store) == 2
        assert [(i.number, i.by) for i in tables.invitations[3]] == [(1, "Ann")]
        bea, bea_heard = someone(3, "Bea")
        lobby.enter(bea)
        await lobby.typed(bea, "accept")
        assert bea_heard[-1].startswith("You sit at table 1, seat 2;")
        await asyncio.sleep(0)  # (the used invitation is forgotten by a task of its own)
        kept = await store.invitations(START - INVITATION_SECONDS)
        assert [k.account for k in kept] == [1]  # (Bea's was used)
        # a day later, Mod's has expired: read at a start, it is dropped from the database
        clock.now += INVITATION_SECONDS + 1
        assert await tables.restore_invitations(store) == 0
        assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM invitations").fetchone()) == (0,)
        await lobby.typed(ann, "invite Mod")
        await tables.close()
        # a restart keeps the table that had not started, and its invitation with it
        tables, lobby = run_of(store, tmp_path, clock)
        assert await tables.restore(store) == ["Table 1 has not started; it waits again with Ann and Bea seated."]
        assert await tables.restore_invitations(store) == 1
        assert [(i.number, i.by) for i in tables.invitations[1]] == [(1, "Ann")]
        mod, mod_heard = someone(1, "Mod", "nl")
        tables.waiting(mod)
        assert mod_heard == ["Ann nodigde je uit aan tafel 1; typ accepteer 1 om daar te gaan zitten."]
        # closed by its owner, the table's invitations go at the next start
        ann, _ = someone(2, "Ann")
        await lobby.typed(ann, "leave")
        bea, _ = someone(3, "Bea")
        await lobby.typed(bea, "leave")
        await asyncio.sleep(0)  # (the database's writes run in tasks of their own, beside the lobby)
        await store.call(lambda con: None)  # (and the database's thread takes them in order)
        tables, lobby = run_of(store, tmp_path, clock)
        assert await tables.restore(store) == []
        assert await tables.restore_invitations(store) == 0
        assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM invitations").fetchone()) == (0,)

    asyncio.run(main())


def test_a_table_that_starts_drops_its_invitations(store: Store, tmp_path: Path) -> None:
    async def main() -> None:
        clock = Clock()
        tables, lobby = run_of(store, tmp_path, clock)
        bea = await store.account("Bea")

        async def account(name: str) -> object:
            return bea if name.casefold() == "bea" else None

        tables.accounts = account
        ann, _ = someone(2, "Ann")
        lobby.enter(ann)
        await lobby.typed(ann, "new players 2 bots bigmoney")
        await lobby.typed(ann, "invite Bea")
        assert len(await store.invitations(START - INVITATION_SECONDS)) == 1
        await lobby.typed(ann, "start")
        assert tables.tables[1].playing
        assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM invitations").fetchone()) == (0,)
        await tables.close()

    asyncio.run(main())


def test_a_database_of_the_first_schema_gets_the_mutes_table(tmp_path: Path) -> None:
    import sqlite3

    from a11y_dominion.server.store import MIGRATIONS, SCHEMA_VERSION

    path = database_path(tmp_path / "old")
    path.parent.mkdir()
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0] + "CREATE TABLE schema_version (version INTEGER NOT NULL);")
    con.execute("INSERT INTO schema_version VALUES (1)")
    con.commit()
    con.close()
    store = Store.open(path)
    try:
        assert store.found_version == 1 and SCHEMA_VERSION == 2
        ann = asyncio.run(store.add_account("Ann", password="scrypt$hash"))
        asyncio.run(store.mute(ann.id, START + 60, None))
        assert asyncio.run(store.mutes(START)) == {ann.id: START + 60}
    finally:
        store.close()
