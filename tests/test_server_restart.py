"""A server's tables brought back at its start (:meth:`a11y_dominion.server.tables.Tables.restore`)
on a real database, without SSH: a started game goes on at the same decision and its player
goes back to it; a game whose autosave ended but whose end was not recorded (the server killed
in between) is recorded once; a damaged autosave closes its table with one sentence and no
traceback, its file left as it was; one nobody played at for ``table_expires_days`` closes;
an unstarted table comes back with its options, owner, privacy and people, and one whose kept
record cannot be read closes with one sentence. The bots think in this process; each session's lines go into a
list."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.autosave import read_saved
from a11y_dominion.i18n import Language
from a11y_dominion.server.lobby import Lobby, Person
from a11y_dominion.server.store import Store
from a11y_dominion.server.tables import Tables
from seatsathost import settled


class FakeSession:
    """A session that takes its seat as the server's does (its lines into ``heard``)."""

    def __init__(self, heard: list[str]) -> None:
        self.heard = heard
        self.held: Any = None

    def take_seat(self, room: Any, name: str, number: int) -> None:
        from a11y_dominion.remote.protocol import ProtocolOutlet

        def write(text: str) -> None:  # the host's lines to the seat, from its session's messages
            for line in text.splitlines():
                message = json.loads(line)
                if message["type"] == "text":
                    self.heard.append(message["text"])

        outlet = ProtocolOutlet(room, room.people[name], write)
        self.held = room.join(name, self, outlet=outlet, quiet=True)

    def to_lobby(self) -> None:
        self.held = None


def person(account: int, name: str) -> tuple[Person, list[str]]:
    heard: list[str] = []
    return Person(account, name, heard.append, {"language": "en"}, session=FakeSession(heard)), heard


def server_run(store: Store, tmp_path: Path) -> tuple[Tables, Lobby]:
    """One run of the server's tables on ``store`` and the folder ``tmp_path/games``."""
    tables = Tables(store, tmp_path / "games", seed=lambda: 7)
    lobby = Lobby(store, None)  # type: ignore[arg-type]  # (no chat here)
    lobby.tables = tables
    return tables, lobby


@pytest.fixture
def store(server_database: str):
    s = Store.open(server_database)
    asyncio.run(s.add_account("Ann", password="scrypt$hash"))
    yield s
    s.close()


async def written(store: Store) -> None:
    """Wait until the database has taken every write the tables gave it so far (each runs in a
    task of its own, beside the lobby, and the database's thread takes them in order)."""
    await asyncio.sleep(0)
    await store.call(lambda con: None)


def states(store: Store) -> list[tuple[int, str]]:
    return store.run(lambda con: con.execute("SELECT number, state FROM tables ORDER BY id").fetchall())


async def started_and_stopped(store: Store, tmp_path: Path, ends: int = 5) -> tuple[Path, dict[str, Any], int]:
    """Ann opens a table with a Big Money bot and ends her phases ``ends`` times (her turns go
    by, and the bot's), then her game waits for her question; then the server stops. (the
    autosave's path, the question's data, the answers before it)."""
    tables, lobby = server_run(store, tmp_path)
    ann, _heard = person(1, "Ann")
    await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
    table = tables.tables[1]
    game = table.room.table.game
    seat = table.room.people["Ann"]
    for i in range(ends + 1):
        while game.pending is None or game.pending.player != "Ann" or not seat.waiting or seat.waiting.done():
            await asyncio.sleep(0.01)
        if i < ends:
            seat.outlet.received(json.dumps({"type": "answer", "keys": [{"move": "end"}]}))  # as her console sends it
    asked, answers = game.pending.to_data(), len(game.answers)
    await tables.close()
    return table.save.path, asked, answers


def test_a_started_game_goes_on_at_the_same_decision_and_its_player_sits_back_down(store, tmp_path, caplog) -> None:
    async def main() -> None:
        path, asked, answers = await started_and_stopped(store, tmp_path)
        assert read_saved(path).answers and len(read_saved(path).answers) == answers
        tables, lobby = server_run(store, tmp_path)
        with caplog.at_level(logging.INFO, logger="a11y_dominion.server"):
            said = await tables.restore(store)
        assert said == [f"Table 1 goes on from its saved game, at answer {answers}."]
        # what a restart does, not a fault: INFO in server.log
        assert [r.levelname for r in caplog.records if r.getMessage() == said[0]] == ["INFO"]
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
        table = tables.tables[1]
        game = table.room.table.game
        assert list(table.room.table.seats) == ["Ann", "Bot 1"] and game.config.seed == 3
        assert len(game.answers) == answers and game.pending.to_data() == asked
        ann, heard = person(1, "Ann")
        tables.waiting(ann)
        assert heard == ["Your game at table 1 waits for you; sit 1 goes back."]
        await lobby.typed(ann, "sit 1")
        assert heard[1:3] == ["You go back to your seat at table 1.", "The game goes on."]
        assert table.seated == [ann] and table.room.joined == ["Ann"]
        assert (
            tables.lines(ann.lang)[1]
            == "Table 1: Basic Intro, 1 person, no seat free, 1 bot (bigmoney); started, Ann's turn 3."
        )
        await tables.close()
        assert states(store) == [(1, "playing")]

    asyncio.run(main())


def test_a_game_ended_in_its_autosave_but_not_recorded_is_recorded_once_at_the_start(store, tmp_path) -> None:
    """Ann leaves at once and the medium bot plays for her (bot-after 0); the server dies
    between the autosave's end line and the database's transaction."""

    async def main() -> None:
        tables, lobby = server_run(store, tmp_path)
        ann, _heard = person(1, "Ann")

        async def killed_first(game: Any) -> bool:
            return False  # (the process ended here)

        store.record_game = killed_first  # type: ignore[method-assign]
        await lobby.typed(ann, "new players 1 bots bigmoney bot-after 0 seed 3")
        table = tables.tables[1]
        tables.left_game(ann)
        await asyncio.wait_for(table.task, 120)  # (only a game that never ends takes this long)
        del store.record_game
        saved = read_saved(table.save.path)
        assert saved.finished and states(store) == [(1, "playing")] and await store.games_of(1) == []
        again, _ = server_run(store, tmp_path)
        assert await again.restore(store) == ["Table 1's game had ended; it is recorded now."]
        assert again.tables == {} and states(store) == [(1, "finished")]
        [game] = await store.games_of(1)
        assert game.id == saved.id and game.stopped is None and game.rated is False
        assert [[s.name, s.score] for s in game.seats] == saved.result["scores"]
        assert [(s.account, s.kind) for s in game.seats] == [(1, "person"), (None, "bigmoney")]
        third, _ = server_run(store, tmp_path)
        assert await third.restore(store) == []  # (nothing is live: recorded once)
        assert len(await store.games_of(1)) == 1

    asyncio.run(main())


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: b"{not a header\n" + data.split(b"\n", 1)[1], id="header"),
        pytest.param(lambda data: data + b"\x00garbage\n" + data.split(b"\n", 1)[0] + b"\n", id="inside"),
        pytest.param(lambda data: data.split(b"\n", 1)[0].replace(b'"seats"', b'"seat"') + b"\n", id="seats"),
    ],
)
def test_a_damaged_autosave_closes_its_table_with_one_sentence_and_keeps_its_file(
    store, tmp_path, caplog, damage
) -> None:
    async def main() -> None:
        path, _asked, _answers = await started_and_stopped(store, tmp_path)
        path.write_bytes(damage(path.read_bytes()))
        kept = path.read_bytes()
        tables, _lobby = server_run(store, tmp_path)
        caplog.clear()  # (a server run in this process before logs its INFO lines: the table Ann opened)
        with caplog.at_level(logging.INFO):
            said = await tables.restore(store)
        sentence = f"Table 1 is closed: its saved game {path.name} cannot be read; the file is kept."
        assert said == [sentence]
        assert [(r.levelname, r.getMessage()) for r in caplog.records] == [("WARNING", sentence)]  # (a fault)
        assert all(r.exc_info is None for r in caplog.records)  # (no traceback in the log)
        assert tables.tables == {} and states(store) == [(1, "closed")] and path.read_bytes() == kept

    asyncio.run(main())


def test_an_unstarted_table_and_a_table_nobody_played_at_for_too_long_close(store, tmp_path) -> None:
    async def main() -> None:
        path, _asked, answers = await started_and_stopped(store, tmp_path)
        tables, lobby = server_run(store, tmp_path)
        assert await tables.restore(store, expires_days=14, now=os.stat(path).st_mtime + 13 * 86400) == [
            f"Table 1 goes on from its saved game, at answer {answers}."
        ]
        await tables.close()
        tables, lobby = server_run(store, tmp_path)
        assert await tables.restore(store, expires_days=14, now=os.stat(path).st_mtime + 15 * 86400) == [
            "Table 1 is closed: nobody played at it for 14 days."
        ]
        [game] = await store.games_of(1)
        assert game.stopped == "expired" and game.rated is False and states(store) == [(1, "closed")]
        ann, _heard = person(1, "Ann")
        await lobby.typed(ann, "new players 2")
        await lobby.typed(ann, "leave")
        await written(store)
        assert states(store)[-1] == (1, "closed")
        tables, lobby = server_run(store, tmp_path)
        assert await tables.restore(store) == [] and tables.tables == {}

    asyncio.run(main())


def test_an_unstarted_table_comes_back_with_its_options_owner_privacy_and_people(store, tmp_path, caplog) -> None:
    async def main() -> None:
        await store.add_account("Bea", password="scrypt$hash")
        await store.add_account("Cid", password="scrypt$hash")
        await store.set_settings(2, {"language": "nl", "verbosity": "terse"})
        tables, lobby = server_run(store, tmp_path)
        tables.accounts = lambda name: store.account(name)
        ann, _ = person(1, "Ann")
        bea, _ = person(2, "Bea")
        await lobby.typed(ann, "new players 3 bots medium kingdom random private")
        await lobby.typed(ann, "invite Bea")
        await lobby.typed(bea, "accept")
        await lobby.typed(ann, "leave")  # (Bea owns the table now)
        await lobby.typed(ann, "sit 1")  # (refused: private, and Ann's invitation was never made)
        await lobby.typed(bea, "invite Ann")
        await lobby.typed(ann, "accept")
        await lobby.typed(bea, "invite Cid")
        tables.stopping = True  # the server stops: its sessions end, and their seats are kept
        tables.gone(ann)
        tables.gone(bea)
        await tables.close()
        await written(store)
        tables, lobby = server_run(store, tmp_path)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="a11y_dominion.server"):
            said = await tables.restore(store)
        assert said == ["Table 1 has not started; it waits again with Bea and Ann seated."]
        assert [r.levelname for r in caplog.records if r.getMessage() == said[0]] == ["INFO"]  # (no fault)
        assert await tables.restore_invitations(store) == 1
        assert tables.lines(Language("en"))[1] == (
            "Table 1: random Kingdom, 2 people, 1 seat free, 1 bot (medium); not started, owner Bea, private."
        )
        table = tables.tables[1]
        assert table.options.kingdom == "random" and table.options.bots == ("medium",) and table.opener == 1
        ann, heard = person(1, "Ann")
        tables.waiting(ann)
        assert heard == ["Your table 1 has not started and keeps your seat; sit 1 takes you back."]
        await lobby.typed(ann, "sit 1")
        assert heard[1:] == [
            "You go back to your seat at table 1; 1 seat free. The game starts when Bea types start or every "
            "seat is taken."
        ]
        await lobby.typed(ann, "sit 1")
        assert heard[2:] == ["You already sit at table 1."]
        cid, cid_heard = person(3, "Cid")
        tables.waiting(cid)
        assert cid_heard == ["Bea invited you to table 1; type accept 1 to sit there."]
        bea, bea_heard = person(2, "Bea")  # Bea logged in, and is in the lobby without sit 1
        bea.settings = {"language": "nl", "verbosity": "verbose"}  # (this session's, not the account's kept ones)
        tables.sessions_of = lambda account: [bea] if account == 2 else []
        await lobby.typed(cid, "accept")
        # the game begins without Bea, whose question is its first: the others hear that it waits for her
        # (below), and she is told at once in the lobby
        assert heard[3:] == ["Cid sits down at table 1; every seat is taken. The game starts."]
        assert bea_heard == [
            "Het spel aan tafel 1 is begonnen met 4 spelers: Bea, Ann, Cid en Bot 1; typ zit 1 om je plaats in te "
            "nemen."
        ]
        room = table.room
        spec = room.people["Bea"]  # (her seat speaks as her session in the lobby does)
        assert (spec.lang.code, spec.verbosity) == ("nl", "verbose")
        assert room.joined == ["Ann", "Cid"] and room.everyone_in.is_set()  # (no longer waiting for Bea to join)
        await settled()
        assert room.table.told["Ann"] > 0 and room.table.told["Cid"] > 0  # the game's start was told
        await lobby.typed(bea, "zit 1")
        assert bea_heard[1:] == ["Je neemt je plaats in aan tafel 1."]  # (then the game from its start)
        assert heard[4:] == ["The game waits for Bea to sit down.", "Bea sits down at the table."]
        assert room.joined == ["Ann", "Cid", "Bea"]
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize("options", ["not json", "[1, 2]", '{"people": "three"}', '{"people": 1}'])
def test_an_unstarted_table_whose_record_cannot_be_read_closes_with_one_sentence(
    store, tmp_path, caplog, options
) -> None:
    async def main() -> None:
        await store.add_account("Bea", password="scrypt$hash")
        tables, lobby = server_run(store, tmp_path)
        ann, _ = person(1, "Ann")
        bea, _ = person(2, "Bea")
        await lobby.typed(ann, "new players 3")
        await lobby.typed(bea, "sit 1")
        await written(store)
        store.run(lambda con: con.execute("UPDATE tables SET options = ?", (options,)))
        tables, lobby = server_run(store, tmp_path)
        caplog.clear()  # (the first run's INFO lines: the table Ann opened)
        with caplog.at_level(logging.INFO):
            said = await tables.restore(store)
        sentence = "Table 1 had not started and its record cannot be read; it is closed."
        assert said == [sentence]
        assert [(r.levelname, r.getMessage()) for r in caplog.records] == [("WARNING", sentence)]  # (a fault)
        assert all(r.exc_info is None for r in caplog.records)  # (no traceback in the log)
        assert tables.tables == {} and states(store) == [(1, "closed")]

    asyncio.run(main())


def at_console(account: int, name: str, language: str = "en") -> tuple[Person, list[str]]:
    """A person whose session plays a table's seat with the real console core (its lines, the
    game's narration too, into the list)."""
    from test_server_tables import FakeSession as ConsoleSession

    heard: list[str] = []
    return Person(account, name, heard.append, {"language": language}, session=ConsoleSession(heard)), heard


async def kept_table(store: Store, tmp_path: Path, line: str, people: list[tuple[int, str]]) -> tuple[Tables, Lobby]:
    """The server's tables after a restart, with the unstarted table that ``people[0]`` opened
    with ``line`` and the others sat at, kept through the stop."""
    tables, lobby = server_run(store, tmp_path)
    seated = [person(account, name)[0] for account, name in people]
    await lobby.typed(seated[0], line)
    for other in seated[1:]:
        await lobby.typed(other, "sit 1")
    tables.stopping = True  # the server stops: its sessions end, and their seats are kept
    for each in seated:
        tables.gone(each)
    await tables.close()
    await written(store)
    tables, lobby = server_run(store, tmp_path)
    await tables.restore(store)
    return tables, lobby


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_kept_table_that_starts_without_its_first_player_says_once_that_the_game_waits_for_her(
    store, tmp_path, lang
) -> None:
    """Bea, whose kept table starts while she is in the lobby, has the first question: Cid hears
    the game's start and then that the game waits for her, not also that it goes on until a
    question is hers. Bea, sitting down, hears the game from its start right after her seat's
    line, with no "the game goes on" before it."""
    said = {
        "en": (
            "New game for Bea and Cid. Bea goes first.",
            "The game waits for Bea to sit down.",
            "You take your seat at table 1.",
            "New game for Bea and Cid. You go first.",
        ),
        "nl": (
            "Nieuw spel voor Bea en Cid. Bea begint.",
            "Het spel wacht tot Bea aan tafel gaat zitten.",
            "Je neemt je plaats in aan tafel 1.",
            "Nieuw spel voor Bea en Cid. Jij begint.",
        ),
    }[lang]

    async def main() -> None:
        await store.add_account("Bea", password="scrypt$hash")
        await store.add_account("Cid", password="scrypt$hash")
        tables, lobby = await kept_table(store, tmp_path, "new players 2", [(2, "Bea")])
        bea, bea_heard = at_console(2, "Bea", lang)
        cid, cid_heard = at_console(3, "Cid", lang)
        tables.sessions_of = lambda account: [bea] if account == 2 else []
        tables.accounts = lambda name: store.account(name)
        await lobby.typed(bea, "invite Cid")
        await lobby.typed(cid, "accept")
        await settled()
        assert cid_heard[1] == said[0] and cid_heard[2].startswith(("Kingdom: ", "Koninkrijk: "))
        assert cid_heard[-1] == said[1] and cid_heard.count(said[1]) == 1
        assert not any("not at the table yet" in line or "zit nog niet aan tafel" in line for line in cid_heard)
        bea_heard.clear()
        await lobby.typed(bea, "sit 1")
        await settled()
        assert bea_heard[:2] == [said[2], said[3]]
        assert cid_heard[-1] == ("Bea sits down at the table." if lang == "en" else "Bea gaat aan tafel zitten.")
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_kept_table_started_without_its_second_player_says_the_game_goes_on_until_her_question(
    store, tmp_path, lang
) -> None:
    """Ann, back at the table kept through a restart, starts it while Bea is in the lobby: Ann
    hears the game's start, and that Bea is not at the table yet and the game goes on until a
    question is Bea's (the first question is Ann's)."""

    async def main() -> None:
        await store.add_account("Bea", password="scrypt$hash")
        tables, lobby = await kept_table(store, tmp_path, "new players 3", [(1, "Ann"), (2, "Bea")])
        ann, ann_heard = at_console(1, "Ann", lang)
        await lobby.typed(ann, "sit 1")
        ann_heard.clear()
        await lobby.typed(ann, "start")
        await settled()
        if lang == "en":
            assert ann_heard[:2] == [
                "Bea is not at the table yet; the game goes on until a question is Bea's.",
                "New game for Ann and Bea. You go first.",
            ]
        else:
            assert ann_heard[:2] == [
                "Bea zit nog niet aan tafel; het spel gaat door tot er een vraag voor Bea is.",
                "Nieuw spel voor Ann en Bea. Jij begint.",
            ]
        assert not any("Bea" in line for line in ann_heard[2:])
        await tables.close()

    asyncio.run(main())
