"""The server's tables without SSH (:mod:`a11y_dominion.server.tables`): the lines of
``tables`` in English and Dutch, ``new``, ``sit``, ``leave`` and ``start`` with their
refusals, and a table that starts on its own once its seats are full. The database is a small
fake, the bots think in this process, and each session's lines go into a list."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion import stats
from a11y_dominion.i18n import Language
from a11y_dominion.server.lobby import Lobby, Person
from a11y_dominion.server.store import FinishedGame
from a11y_dominion.server.tables import Tables
from seatsathost import settled


class FakeStore:
    """The tables' rows and the finished games, in lists."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, dict[str, Any]]] = []
        self.states: list[tuple[int, str]] = []
        self.games: list[FinishedGame] = []
        self.game_ids: dict[int, str] = {}  # table -> its autosave's id
        self.invited: dict[tuple[int, int], tuple[int, float]] = {}  # (table, account) -> (by, at)
        self.muted: dict[int, float] = {}  # account -> when its mute ends
        self.banned: dict[str, int | None] = {}  # a banned name (casefolded) -> the moderator's account
        self.seats: dict[int, list[tuple[int, str]]] = {}  # table -> its people (account, name), before its start

    async def add_table(self, number: int, owner: int, options: dict[str, Any]) -> int:
        self.rows.append((number, owner, options))
        return len(self.rows) + 100

    async def table_state(self, table_id: int, state: str) -> None:
        self.states.append((table_id, state))

    async def record_game(self, game: FinishedGame) -> bool:
        self.games.append(game)
        return True

    async def table_game(self, table_id: int, game: str) -> None:
        self.game_ids[table_id] = game

    async def invite(self, table_id: int, account: int, by: int, at: float) -> None:
        self.invited[(table_id, account)] = (by, at)

    async def drop_invitations(self, table_id: int, account: int | None = None) -> int:
        gone = [k for k in self.invited if k[0] == table_id and account in (None, k[1])]
        for k in gone:
            del self.invited[k]
        return len(gone)

    async def seat_people(self, table_id: int, people: list[tuple[int, str]]) -> None:
        self.seats[table_id] = people

    async def mute(self, account: int, until: float, by: int | None) -> None:
        self.muted[account] = until

    async def unmute(self, account: int) -> bool:
        return self.muted.pop(account, None) is not None

    async def mutes(self, now: float) -> dict[int, float]:
        return {a: t for a, t in self.muted.items() if t > now}

    async def ban(self, kind: str, value: str, until: str | None, by: int | None, reason: str | None) -> None:
        self.banned[value.casefold()] = by

    async def unban(self, kind: str, value: str) -> bool:
        return self.banned.pop(value.casefold(), None) is not None


class FakeSession:
    """A session that takes its seat as the server's does (its lines into ``heard``)."""

    def __init__(self, heard: list[str]) -> None:
        self.heard = heard
        self.seated: list[tuple[str, int]] = []
        self.held: Any = None

    def take_seat(self, room: Any, name: str, number: int) -> None:
        """Take the seat as the server's session does: its console core over a link into the
        table's room (:mod:`seatsathost`), its lines into ``heard``; ``held.typed(text)`` types."""
        from seatsathost import SeatAt

        self.seated.append((name, number))
        seat = SeatAt(room, name, quiet=True, heard=self.heard)
        seat.start()
        self.held = seat

    def to_lobby(self) -> None:
        self.held = None


def person(account: int, name: str, language: str = "en") -> tuple[Person, list[str], FakeSession]:
    heard: list[str] = []
    session = FakeSession(heard)
    return Person(account, name, heard.append, {"language": language}, session=session), heard, session


def make_tables(tmp_path: Path) -> tuple[Tables, FakeStore, Lobby]:
    store = FakeStore()
    tables = Tables(store, tmp_path / "games", seed=lambda: 7)
    lobby = Lobby(store, None)  # type: ignore[arg-type]  # (no chat here)
    lobby.tables = tables
    return tables, store, lobby


def test_tables_reads_each_table_in_one_line_in_english_and_dutch(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        cid, _cid_heard, _ = person(3, "Cid")
        dee, _dee_heard, _ = person(4, "Dee")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        await lobby.typed(bea, "tafels")
        assert bea_heard == ["Nog geen tafels; typ nieuw om er een te openen."]
        await lobby.typed(ann, "new players 2 bots medium,hard rollouts 4")
        assert ann_heard == [
            "Table 1 is yours, seat 1 of 4; 1 seat free. Type start to begin with the players seated, or wait "
            "for every seat to be taken."
        ]
        await lobby.typed(cid, "new players 3 kingdom random")
        await lobby.typed(dee, "nieuw spelers 2 kingdom chapel,Village, smithy")  # (the cards as typed)
        assert [row[:2] for row in store.rows] == [(1, 1), (2, 3), (3, 4)]
        assert store.rows[0][2]["bots"] == ["medium", "hard"] and store.rows[0][2]["rollouts"] == 4
        ann_heard.clear()
        await lobby.typed(ann, "tables")
        assert ann_heard == [
            "3 tables.",
            "Table 1: Basic Intro, 1 person, 1 seat free, 2 bots (medium, hard); not started, owner Ann.",
            "Table 2: random Kingdom, 1 person, 2 seats free, no bots; not started, owner Cid.",
            "Table 3: Kingdom of Chapel, Village and Smithy, 1 person, 1 seat free, no bots; not started, owner Dee.",
        ]
        bea_heard.clear()
        await lobby.typed(bea, "tafels")
        assert bea_heard == [
            "3 tafels.",
            "Tafel 1: Rustige introductie, 1 persoon, 1 plaats vrij, 2 bots (medium, hard); niet begonnen, van Ann.",
            "Tafel 2: willekeurig koninkrijk, 1 persoon, 2 plaatsen vrij, geen bots; niet begonnen, van Cid.",
            "Tafel 3: koninkrijk met Kapel, Dorp en Smidse, 1 persoon, 1 plaats vrij, geen bots; niet begonnen, "
            "van Dee.",
        ]
        await tables.close()

    asyncio.run(main())


def test_a_table_starts_on_its_own_once_every_seat_is_taken(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, ann_session = person(1, "Ann")
        bea, bea_heard, bea_session = person(2, "Bea")
        await lobby.typed(ann, "new players 2 bots medium")
        ann_heard.clear()
        await lobby.typed(bea, "sit 1")
        await settled()  # (their consoles say the game's start)
        assert bea_heard[:2] == [
            "You sit at table 1, seat 2. The table is full; the game starts.",
            "New game for Ann, Bea and Bot 1. Ann goes first.",
        ]
        assert ann_heard[:2] == [
            "Bea sits down at table 1; every seat is taken. The game starts.",
            "New game for Ann, Bea and Bot 1. You go first.",
        ]
        assert ann_session.seated == [("Ann", 1)] and bea_session.seated == [("Bea", 1)]
        room = tables.tables[1].room
        assert list(room.table.seats) == ["Ann", "Bea", "Bot 1"] and room.joined == ["Ann", "Bea"]
        assert room.everyone_in.is_set() and store.states == [(101, "playing")]
        assert tables.lines(Language("en")) == [
            "1 table.",
            "Table 1: Basic Intro, 2 people, no seat free, 1 bot (medium); started, Ann's turn 1.",
        ]
        cid, cid_heard, _ = person(3, "Cid")
        await lobby.typed(cid, "sit 1")
        assert cid_heard == ["Table 1 has started without you."]
        tables.left_game(ann)  # Ann said yes to "Leave the game at table 1?"
        assert ann_session.held is None and room.joined == ["Bea"]
        assert ann_heard[-1] == "You left the game at table 1; sit 1 brings you back."
        await lobby.typed(ann, "new players 2")
        assert ann_heard[-1] == "You cannot open a table while your game at table 1 goes on; sit 1 goes back to it."
        await lobby.typed(ann, "leave")
        assert ann_heard[-1] == "Your game at table 1 waits for you; sit 1 goes back."
        again, again_heard, again_session = person(1, "Ann")  # Ann logged in again: a new session
        tables.waiting(again)
        assert again_heard == ["Your game at table 1 waits for you; sit 1 goes back."]
        again_heard.clear()
        tables.waiting(cid)  # (no game waits for Cid: nothing said)
        assert cid_heard == ["Table 1 has started without you."]
        await lobby.typed(again, "zit 1")
        assert again_session.seated == [("Ann", 1)] and room.joined == ["Bea", "Ann"]
        await settled()  # (her console says what the host sent)
        assert again_heard[:2] == ["You go back to your seat at table 1.", "The game goes on."]
        assert tables.tables[1].seated == [again, bea]  # the new session is told the end of the game
        # Ann's first session, in the lobby, and a third login, while the second plays her seat
        await lobby.typed(ann, "new players 2")
        await lobby.typed(ann, "sit 2")
        third, third_heard, _ = person(1, "Ann")
        tables.waiting(third)
        assert ann_heard[-2:] == [
            "You cannot open a table while your game at table 1 goes on; you play it in another session, and sit 1 "
            "takes it over here.",
            "There is no table 2; type tables to hear them.",
        ]
        assert third_heard == [
            "You play at table 1 in another session; sit 1 takes that seat over here, and the other session ends."
        ]
        await tables.close()

    asyncio.run(main())


def test_the_owner_starts_with_a_seat_free_and_the_others_may_not(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea")
        await lobby.typed(ann, "new players 3")
        await lobby.typed(ann, "start")
        assert ann_heard[-1] == "Table 1 needs at least 2 players to start; wait for someone to sit down."
        await lobby.typed(bea, "sit 1")
        assert bea_heard == [
            "You sit at table 1, seat 2; 1 seat free. The game starts when Ann types start or every seat is taken."
        ]
        assert ann_heard[-1] == "Bea sits down at table 1; 1 seat free."
        await lobby.typed(bea, "start")
        assert bea_heard[-1] == "Only Ann, who owns table 1, can start it."
        ann_heard.clear()
        bea_heard.clear()
        await lobby.typed(ann, "begin")
        await settled()
        assert ann_heard[0] == "New game for Ann and Bea. You go first."
        assert bea_heard[0] == "New game for Ann and Bea. Ann goes first."
        assert list(tables.tables[1].room.table.seats) == ["Ann", "Bea"]
        await lobby.typed(ann, "start")
        await settled()
        assert ann_heard[-1] == "Table 1 has started."
        await tables.close()

    asyncio.run(main())


def test_leave_before_the_start_passes_the_table_on_and_the_last_one_out_closes_it(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea")
        cid, cid_heard, _ = person(3, "Cid")
        await lobby.typed(ann, "new players 4")
        await lobby.typed(bea, "sit 1")
        await lobby.typed(cid, "sit 1")
        await lobby.typed(cid, "leave")
        assert cid_heard[-1] == "You leave table 1; you are in the lobby."
        assert ann_heard[-1] == bea_heard[-1] == "Cid leaves table 1; 2 seats free."
        await lobby.typed(ann, "weg")
        assert ann_heard[-1] == "You leave table 1; you are in the lobby."
        assert bea_heard[-1] == "Ann leaves table 1; you own it now, and start begins its game; 3 seats free."
        assert tables.tables[1].owner is bea
        await lobby.typed(ann, "leave")
        assert ann_heard[-1] == "You sit at no table."
        await lobby.typed(bea, "leave")
        assert bea_heard[-1] == "You leave table 1, which closes, as nobody else sat at it."
        assert tables.tables == {}
        await asyncio.sleep(0)
        assert store.states == [(101, "closed")]
        await lobby.typed(cid, "new players 2")
        assert cid_heard[-1].startswith("Table 1 is yours, seat 1 of 2;")  # the number is free again
        await tables.close()

    asyncio.run(main())


def test_an_owner_who_logs_out_passes_the_table_to_the_next_person_seated(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        cid, cid_heard, _ = person(3, "Cid")
        await lobby.typed(ann, "new players 4")
        await lobby.typed(bea, "zit 1")
        await lobby.typed(cid, "sit 1")
        tables.gone(ann)  # (Ann's session ended: she logged out, or her connection broke)
        assert bea_heard[-1] == "Ann verlaat tafel 1; die is nu van jou, en begin start het spel; 2 plaatsen vrij."
        assert cid_heard[-1] == "Ann leaves table 1; Bea owns it now; 2 seats free."
        assert tables.tables[1].owner is bea and tables.tables[1].seated == [bea, cid]
        await lobby.typed(cid, "start")
        assert cid_heard[-1] == "Only Bea, who owns table 1, can start it."
        tables.gone(bea)
        assert cid_heard[-1] == "Bea leaves table 1; you own it now, and start begins its game; 3 seats free."
        tables.gone(cid)  # (the last one out: the table closes)
        assert tables.tables == {}
        await tables.close()

    asyncio.run(main())


def test_refusals_are_one_sentence_each(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea")
        for line, said in [
            ("sit", "Type sit and a table's number, for example: sit 1."),
            ("sit one", "Type sit and a table's number, for example: sit 1."),
            ("sit 4", "There is no table 4; type tables to hear them."),
            ("start", "You sit at no table; type new to open one."),
            ("new players 9", "players must be a whole number from 1 to 6."),
            (
                "new bots grumpy",
                "grumpy is not a bot; the bots are bigmoney, random, bmu, easy, medium, hard.",
            ),
            (
                "new players 2",
                "Table 1 is yours, seat 1 of 2; 1 seat free. Type start to begin with the players "
                "seated, or wait for every seat to be taken.",
            ),
            ("new players 2", "You sit at table 1; type leave to stand up first."),
            ("sit 1", "You already sit at table 1."),
        ]:
            heard.clear()
            await lobby.typed(ann, line)
            assert heard == [said], line
        await lobby.typed(bea, "new players 3")
        await lobby.typed(bea, "sit 1")
        assert bea_heard[-1] == "You sit at table 2; type leave to stand up first."
        await tables.close()

    asyncio.run(main())


def test_a_game_played_to_its_end_is_recorded_and_its_people_are_back_in_the_lobby(tmp_path: Path) -> None:
    """Ann leaves at once and the medium bot plays for her (bot-after 0) against a Big Money bot."""

    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, ann_session = person(1, "Ann")
        await lobby.typed(ann, "new players 1 bots bigmoney bot-after 0 seed 3")
        table = tables.tables[1]
        tables.left_game(ann)
        assert table.task is not None
        await asyncio.wait_for(table.task, 120)  # (only a game that never ends takes this long)
        assert tables.tables == {} and tables.ended == [table]
        assert ann_heard[-1] == "The game at table 1 is over. Type games to hear it."  # (she was in the lobby)
        [game] = store.games
        assert game.table_id == 101 and game.rated is False and game.stopped is None
        assert [(s.name, s.account, s.kind) for s in game.standings] == [
            ("Ann", 1, "person"),
            ("Bot 1", None, "bigmoney"),
        ]
        scores = table.room.table.game.scores()
        assert [s.score for s in game.standings] == [scores["Ann"], scores["Bot 1"]]
        assert game.kingdom == tuple(table.room.table.game.config.kingdom) and len(game.kingdom) == 10
        saved = tmp_path / "games" / f"{game.id}.jsonl"
        lines = saved.read_text(encoding="utf-8").splitlines()
        assert '"end"' in lines[-1] and len(lines) == len(table.room.table.game.answers) + 2
        # the server's game is in its own database only, not in the game history of the user who runs it
        assert not stats.db_path().exists()

    asyncio.run(main())


def test_new_is_refused_past_the_most_tables_and_the_unstarted_tables_one_account_opened(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        limits = [3, 2]  # max_tables, tables_per_account, as the operator's file gives them
        tables.limits = lambda: (limits[0], limits[1])
        ann, ann_heard, _ = person(1, "Ann")
        bea, _bea_heard, _ = person(2, "Bea")
        cid, _cid_heard, _ = person(3, "Cid")
        dee, _dee_heard, _ = person(4, "Dee")
        eve, eve_heard, _ = person(5, "Eve", "nl")
        # Ann opens a table, Bea sits, Ann leaves (Bea owns it now); again with Cid: Ann opened 2 unstarted tables
        for other in (bea, cid):
            await lobby.typed(ann, "new players 3")
            await lobby.typed(other, f"sit {max(tables.tables)}")
            await lobby.typed(ann, "leave")
        assert [(n, t.owner.name, t.opener) for n, t in tables.tables.items()] == [(1, "Bea", 1), (2, "Cid", 1)]
        ann_heard.clear()
        await lobby.typed(ann, "new players 2")
        assert ann_heard == [
            "You opened 2 tables that have not started, the most this server lets one account open; wait until "
            "one starts or closes."
        ]
        await lobby.typed(dee, "new players 2")  # the third table: the server's most
        await lobby.typed(eve, "nieuw spelers 2")
        assert eve_heard == [
            "De server heeft 3 tafels, zijn maximum; ga aan een ervan zitten, of wacht tot er een eindigt."
        ]
        limits[0] = 10  # (the file reloaded)
        await lobby.typed(bea, "leave")  # table 1 closes: Ann opened 1 unstarted table now
        ann_heard.clear()
        await lobby.typed(ann, "new players 2 bots bigmoney")
        assert ann_heard[0].startswith("Table 1 is yours")
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_table_s_start_is_said_once_by_the_game_s_first_line(tmp_path: Path, lang: str) -> None:
    """The seat that fills the table and the one already seated each hear that the game starts,
    then who plays and who goes first once, in the game's first line, not again in a line of the
    table's own."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann", lang)
        bea, bea_heard, _ = person(2, "Bea")
        await lobby.typed(ann, "new players 2")
        ann_heard.clear()
        await lobby.typed(bea, "sit 1")
        await settled()
        said = {
            "en": [
                "Bea sits down at table 1; every seat is taken. The game starts.",
                "New game for Ann and Bea. You go first.",
            ],
            "nl": [
                "Bea gaat aan tafel 1 zitten; elke plaats is bezet. Het spel begint.",
                "Nieuw spel voor Ann en Bea. Jij begint.",
            ],
        }[lang]
        assert ann_heard[:3] == said + [ann_heard[2]] and ann_heard[2].startswith(("Kingdom: ", "Koninkrijk: "))
        assert bea_heard[:2] == [
            "You sit at table 1, seat 2. The table is full; the game starts.",
            "New game for Ann and Bea. Ann goes first.",
        ]
        assert bea_heard[2].startswith("Kingdom: ")
        await tables.close()

    asyncio.run(main())
