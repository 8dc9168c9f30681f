"""Invitations and moderators in the server's lobby without SSH: ``invite NAME`` to someone
logged in and to someone who hears it at the next login, ``accept`` and its refusals, expiry,
a private table, and the moderators' ``kick``, ``close`` and ``mute`` with their refusals, in
English and Dutch. The database is the small fake of test_server_tables; the clocks are
counters the tests move."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import ModeratorsSection, ServerConfig
from a11y_dominion.server.lobby import Person, help_lines
from a11y_dominion.server.tables import INVITATION_SECONDS, Tables
from a11y_dominion.server.words import parse
from test_server_tables import make_tables, person


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Ending:
    """A session that can be ended (``goodbye``), as the server's is by ``kick``."""

    def __init__(self, heard: list[str]) -> None:
        self.heard = heard
        self.ended = False

    def goodbye(self, sentence: str) -> None:
        self.heard.append(f"goodbye: {sentence}")
        self.ended = True


def with_clock(tables: Tables) -> Clock:
    clock = Clock()
    tables.clock = clock
    return clock


def test_invite_and_accept_in_english_and_dutch(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        with_clock(tables)
        bea, bea_heard, _ = person(2, "Bea")
        cid, cid_heard, _ = person(3, "Cid", "nl")
        lobby.enter(bea)
        lobby.enter(cid)
        await lobby.typed(bea, "new players 3")
        await lobby.typed(bea, "invite cid")  # (any letter case)
        assert cid_heard == ["Bea nodigt je uit aan tafel 1; typ accepteer om daar te gaan zitten."]
        assert bea_heard[-1] == "Cid is invited to table 1, until its game starts or for a day at most."
        await lobby.typed(cid, "accepteer")
        assert cid_heard[-1] == (
            "Je zit aan tafel 1, plaats 2; 1 plaats vrij. "
            "Het spel begint als Bea begin typt of als elke plaats bezet is."
        )
        assert [p.name for p in tables.tables[1].seated] == ["Bea", "Cid"]
        assert bea_heard[-1] == "Cid sits down at table 1; 1 seat free."
        await lobby.typed(cid, "accept")  # (used once)
        assert cid_heard[-1] == "Je hebt geen uitnodiging om te accepteren."
        await lobby.typed(bea, "nodig Cid")
        assert bea_heard[-1] == "Cid sits at table 1 already."
        await tables.close()

    asyncio.run(main())


def test_invite_refusals_are_one_sentence_each(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        dee, dee_heard, _ = person(4, "Dee", "nl")
        lobby.enter(ann)
        lobby.enter(dee)
        await lobby.typed(ann, "invite Dee")
        await lobby.typed(ann, "invite")
        await lobby.typed(dee, "nodig Ann")
        await lobby.typed(ann, "new players 2")
        await lobby.typed(ann, "invite Zed")  # (no account: tables.accounts is not set, nobody by that name is here)
        await lobby.typed(ann, "accept")
        await lobby.typed(ann, "accept 3")
        await lobby.typed(ann, "accept three")
        assert ann_heard == [
            "You sit at no table; type new to open one, then invite.",
            "Type invite and a name, for example: invite Bea.",
            "Table 1 is yours, seat 1 of 2; 1 seat free. Type start to begin with the players seated, or wait for "
            "every seat to be taken.",
            "There is no account named Zed.",
            "You have no invitation to accept.",
            "You have no invitation to table 3.",
            "Type accept, or accept and a table's number, for example: accept 2.",
        ]
        assert dee_heard == ["Je zit aan geen tafel; typ nieuw om er een te openen en nodig dan uit."]
        await tables.close()

    asyncio.run(main())


def test_an_invitation_to_someone_away_is_told_at_their_next_login_and_expires_after_a_day(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        clock = with_clock(tables)
        known = {"eve": SimpleNamespace(id=5, name="Eve")}

        async def account(name: str) -> Any:
            return known.get(name.casefold())

        tables.accounts = account
        ann, ann_heard, _ = person(1, "Ann")
        lobby.enter(ann)
        await lobby.typed(ann, "new players 3")
        await lobby.typed(ann, "invite EVE")
        assert ann_heard[-1] == (
            "Eve is invited to table 1 and hears it at their next login; the invitation lasts until the game "
            "starts, a day at most."
        )
        eve, eve_heard, _ = person(5, "Eve", "nl")
        tables.waiting(eve)  # Eve logs in
        assert eve_heard == ["Ann nodigde je uit aan tafel 1; typ accepteer 1 om daar te gaan zitten."]
        clock.now += INVITATION_SECONDS  # a day later
        await lobby.typed(eve, "accepteer 1")
        assert eve_heard[-1] == "Je uitnodiging voor tafel 1 verliep na een dag."
        await lobby.typed(ann, "invite Eve")
        clock.now += INVITATION_SECONDS
        eve_heard.clear()
        tables.waiting(eve)  # (an expired invitation is not said at a login)
        assert eve_heard == [] and tables.invitations == {}
        await tables.close()

    asyncio.run(main())


def test_accept_of_a_table_gone_full_or_started_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        with_clock(tables)
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea")
        cid, cid_heard, _ = person(3, "Cid")
        for p in (ann, bea, cid):
            lobby.enter(p)
        await lobby.typed(ann, "new players 3")
        await lobby.typed(ann, "invite Bea")
        await lobby.typed(ann, "leave")  # the table closes: nobody else sat at it
        await lobby.typed(bea, "accept")
        assert bea_heard[-1] == "Table 1 has closed; the invitation is over."
        await lobby.typed(ann, "new players 2 bots medium")
        await lobby.typed(ann, "invite Bea")
        await lobby.typed(ann, "invite Cid")
        await lobby.typed(cid, "sit 1")  # the last seat: the game starts
        assert tables.tables[1].playing
        await lobby.typed(bea, "accept 1")
        assert bea_heard[-1] == "Table 1 has started; the invitation is over."
        await lobby.typed(ann, "invite Bea")
        assert ann_heard[-1] == "Table 1 has started; nobody more can sit there."
        await tables.close()

    asyncio.run(main())


def test_a_private_table_seats_only_the_invited(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        with_clock(tables)
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        cid, cid_heard, _ = person(3, "Cid")
        for p in (ann, bea, cid):
            lobby.enter(p)
        await lobby.typed(ann, "new players 3 private")
        assert ann_heard == [
            "Table 1 is yours, seat 1 of 3; 2 seats free. Type start to begin with the players seated, or wait for "
            "every seat to be taken.",
            "Table 1 is private: only the people you invite can sit; type invite and a name.",
        ]
        assert tables.lines(Language("en"))[1] == (
            "Table 1: Basic Intro, 1 person, 2 seats free, no bots; not started, owner Ann, private."
        )
        await lobby.typed(bea, "zit 1")
        assert bea_heard == ["Tafel 1 is besloten; Ann kan je uitnodigen."]
        await lobby.typed(bea, "nieuw spelers 2 besloten")
        assert bea_heard[-1] == "Tafel 2 is besloten: alleen wie je uitnodigt kan gaan zitten; typ nodig en een naam."
        assert tables.tables[2].private and tables.tables[2].options.people == 2
        await lobby.typed(bea, "weg")
        await lobby.typed(cid, "sit 1")
        assert cid_heard == ["Table 1 is private; Ann can invite you."]
        await lobby.typed(ann, "invite Cid")
        await lobby.typed(cid, "sit 1")  # (sit N takes an invitation as accept does)
        assert cid_heard[-1] == (
            "You sit at table 1, seat 2; 1 seat free. The game starts when Ann types start or every seat is taken."
        )
        assert tables.invitations == {}
        assert store.rows[0][2]["private"] is True  # (kept beside the options of host, for a restart)
        await tables.close()

    asyncio.run(main())


def moderated(tmp_path: Path) -> tuple[Tables, Any, Any, Clock]:
    tables, store, lobby = make_tables(tmp_path)
    config = ServerConfig(moderators=ModeratorsSection(names=("Mod",)))
    lobby.moderator = config.is_moderator
    clock = Clock()
    lobby.clock = clock
    return tables, store, lobby, clock


def test_moderators_commands_are_refused_to_others_in_one_sentence(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby, _ = moderated(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        lobby.enter(ann)
        lobby.enter(bea)
        for line in ("kick Bea", "close 1", "mute Bea 10"):
            await lobby.typed(ann, line)
        for line in ("eruit Ann", "sluit 1", "demp Ann 10"):
            await lobby.typed(bea, line)
        assert ann_heard == ["Only a moderator can do that."] * 3
        assert bea_heard == ["Alleen een moderator kan dat."] * 3
        assert help_lines("", Language("en"), moderator=False)[1] == (
            "Type help and a command to hear more, for example: help tell."
        )
        assert help_lines("", Language("nl"), moderator=True)[1] == (
            "Commando's voor moderators: eruit NAAM, sluit N, demp NAAM MINUTEN, verban NAAM, ontban NAAM, omroep "
            "TEKST en herlaad."
        )
        assert parse("Demp Bea 5") == ("mute", "Bea 5") and parse("nodig Bea") == ("invite", "Bea")

    asyncio.run(main())


def test_kick_ends_every_session_of_the_name_with_one_sentence(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby, _ = moderated(tmp_path)
        mod, mod_heard, _ = person(9, "MOD", "nl")  # (the file's name in any letter case)
        lobby.enter(mod)
        heard: list[str] = []
        sessions = [Ending(heard), Ending(heard)]
        for session in sessions:
            lobby.enter(Person(2, "Bea", heard.append, {"language": "nl"}, session=session))
        await lobby.typed(mod, "kick bea")
        assert heard == ["goodbye: A moderator ended your session."] * 2  # (said in Bea's language by the session)
        assert all(s.ended for s in sessions)
        assert mod_heard == ["Je beëindigde 2 sessies van Bea."]
        await lobby.typed(mod, "eruit Zed")
        await lobby.typed(mod, "eruit")
        await lobby.typed(mod, "eruit mod")
        assert mod_heard[1:] == [
            "Er is niemand met de naam Zed ingelogd.",
            "Typ eruit en een naam, bijvoorbeeld: eruit Bea.",
            "Je kunt jezelf er niet uit zetten; typ stoppen om uit te loggen.",
        ]
        bea_heard: list[str] = []
        bea = Person(2, "Bea", bea_heard.append)  # (a session with nothing to end hears the sentence)
        lobby.people.clear()
        lobby.enter(mod)
        lobby.enter(bea)
        await lobby.typed(mod, "kick Bea")
        assert bea_heard == ["A moderator ended your session."]

    asyncio.run(main())


def test_mute_refuses_say_and_tell_until_its_minutes_are_over(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby, clock = moderated(tmp_path)
        lobby.rates = SimpleNamespace(chat_line=lambda account, address=None: "ok")
        mod, mod_heard, _ = person(9, "Mod")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        lobby.enter(mod)
        lobby.enter(bea)
        await lobby.typed(mod, "mute Bea 10")
        assert mod_heard == ["Bea is muted for 10 minutes."]
        assert bea_heard == [
            "Een moderator legde je 10 minuten het zwijgen op: zeg en fluister worden tot dan geweigerd."
        ]
        clock.now += 9 * 60 + 1
        await lobby.typed(bea, "zeg hallo")
        await lobby.typed(bea, "fluister Mod hallo")
        assert bea_heard[1:] == ["Je moet nog 1 minuut zwijgen; zeg en fluister worden tot dan geweigerd."] * 2
        assert mod_heard == ["Bea is muted for 10 minutes."]  # (nothing of Bea's reached anyone)
        # at a table's seat or watching, the session asks the lobby before the seat reads a say
        assert lobby.refuses_say(bea, "zeg hoi allemaal") is True
        assert bea_heard[-1] == "Je moet nog 1 minuut zwijgen; zeg en fluister worden tot dan geweigerd."
        assert lobby.refuses_say(bea, "hand") is False
        assert lobby.refuses_say(mod, "say hi") is False
        assert len(bea_heard) == 4 and len(mod_heard) == 1
        clock.now += 60
        assert lobby.refuses_say(bea, "SAY hi") is False
        await lobby.typed(bea, "zeg hallo")
        assert bea_heard[-1] == "Bea zegt: hallo" and mod_heard[-1] == "Bea says: hallo"
        await lobby.typed(mod, "mute Bea 1")
        await lobby.typed(mod, "mute Bea 0")
        assert mod_heard[-1] == "Bea may chat again."
        assert bea_heard[-1] == "Een moderator hief je zwijgen op; je mag weer chatten."
        await lobby.typed(bea, "zeg weer hier")
        assert bea_heard[-1] == "Bea zegt: weer hier"
        mod_heard.clear()
        for line in ("mute Bea", "mute Bea ten", "mute Bea 99999", "mute Zed 5"):
            await lobby.typed(mod, line)
        assert mod_heard == ["Type mute, a name and the minutes up to 10080, for example: mute Bea 30."] * 3 + [
            "Nobody named Zed is logged in."
        ]

    asyncio.run(main())


def test_close_stops_a_started_game_unrated_and_sends_its_people_to_the_lobby(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby, _ = moderated(tmp_path)
        mod, mod_heard, _ = person(9, "Mod")
        ann, ann_heard, ann_session = person(1, "Ann")
        bea, bea_heard, bea_session = person(2, "Bea", "nl")
        await lobby.typed(ann, "new players 2 bots medium")
        await lobby.typed(bea, "sit 1")
        table = tables.tables[1]
        assert table.playing and ann_session.held is not None
        tables.left_game(bea)  # Bea left the game for the lobby: she hears only that the table closed
        await lobby.typed(mod, "close 1")
        assert mod_heard == ["Table 1 is closed; its game is kept, stopped and unrated."]
        assert ann_heard[-1] == "A moderator closed table 1; you are back in the lobby."
        assert bea_heard[-1] == "Een moderator sloot tafel 1."
        assert ann_session.held is None and bea_session.held is None
        assert tables.tables == {} and tables.ended == [table]
        [game] = store.games
        assert game.stopped == "closed" and game.rated is False and game.table_id == 101
        await asyncio.sleep(0)  # (the table's state is written by a task of its own)
        assert store.states[-1] == (101, "closed")
        assert (tmp_path / "games" / f"{game.id}.jsonl").is_file()
        await lobby.typed(mod, "close 1")
        await lobby.typed(mod, "close")
        assert mod_heard[1:] == [
            "There is no table 1; type tables to hear them.",
            "Type close and a table's number, for example: close 2.",
        ]

    asyncio.run(main())


def test_close_of_a_table_not_started_tells_those_seated_that_it_closed(tmp_path: Path) -> None:
    async def main() -> None:
        tables, store, lobby, _ = moderated(tmp_path)
        mod, mod_heard, _ = person(9, "Mod", "nl")
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        await lobby.typed(ann, "new players 3")
        await lobby.typed(bea, "zit 1")
        await lobby.typed(mod, "sluit 1")
        assert mod_heard == ["Tafel 1 is gesloten."]
        # (those seated at a table not started are in the lobby: only the table's close is news)
        assert ann_heard[-1] == "A moderator closed table 1."
        assert bea_heard[-1] == "Een moderator sloot tafel 1."
        assert tables.tables == {} and store.games == []
        await asyncio.sleep(0)
        assert store.states == [(101, "closed")]

    asyncio.run(main())
