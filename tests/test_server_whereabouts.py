"""Where people are on the server, without SSH: ``who`` names the table each person sits at or
watches, ``who NAME`` one person's place, ``tables`` counts a started table's watchers, and at a
table ``say`` reaches its players and watchers, from a player and from a watcher (as "Cid,
watching, says: ..."), in each one's language."""

from __future__ import annotations

import asyncio
from pathlib import Path

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import ServerConfig
from a11y_dominion.server.limits import Rates
from seatsathost import settled
from test_server_tables import make_tables, person
from test_server_watch import until, watcher_of


def test_who_tables_and_say_at_a_table_reach_its_players_and_watchers(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, ann_session = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        cid, cid_heard = watcher_of(3, "Cid")
        dee, dee_heard = watcher_of(4, "Dee", "nl")
        eve, eve_heard, _ = person(5, "Eve")
        for p in (ann, bea, cid, dee, eve):
            lobby.enter(p)
        await lobby.typed(ann, "new players 2 bots bigmoney seed 3")
        await lobby.typed(bea, "sit 1")
        await lobby.typed(eve, "new players 3")
        room = tables.tables[1].room
        await until(lambda: room.people["Ann"].awaiting)
        await lobby.typed(cid, "watch 1")
        await lobby.typed(dee, "kijk 1")
        eve_heard.clear()
        await lobby.typed(eve, "who")
        await lobby.typed(eve, "who cid")
        await lobby.typed(eve, "who Ann")
        await lobby.typed(eve, "who eve")
        await lobby.typed(eve, "tables")
        assert eve_heard == [
            "5 people here: Ann and Bea at table 1; Eve at table 2; Cid and Dee watching table 1.",
            "Cid is watching table 1.",
            "Ann is at table 1.",
            "Eve is at table 2.",
            "2 tables.",
            "Table 1: Basic Intro, 2 people, no seat free, 1 bot (bigmoney); started, Ann's turn 1, 2 people watching.",
            "Table 2: Basic Intro, 1 person, 2 seats free, no bots; not started, owner Eve.",
        ]
        assert tables.lines(Language("nl"))[1].endswith("begonnen, beurt 1 van Ann, 2 mensen kijken.")
        await settled()  # (the players' consoles have told the game's start)
        for heard in (ann_heard, bea_heard, cid_heard, dee_heard, eve_heard):
            heard.clear()
        ann_session.held.type("say good luck")  # a player's say, at the table's seat
        await settled()  # (her console sends it)
        cid.session.watching.typed("say \x1b[1mwell played\x07")  # a watcher's
        dee.session.watching.typed("zeg")
        await settled()  # (the players' consoles say what came)
        said = [x.strip() for x in ann_heard if x.strip() != "Ann>"]  # (her question's prompt is drawn again)
        assert said == ["Ann says: good luck", "Cid, watching, says: well played"]
        assert bea_heard == ["Ann zegt: good luck", "Cid, kijkend, zegt: well played"]
        assert cid_heard == ["Ann says: good luck", "Cid, watching, says: well played"]
        assert dee_heard == [
            "Ann zegt: good luck",
            "Cid, kijkend, zegt: well played",
            "Typ zeg en wat je wilt zeggen, bijvoorbeeld: zeg hallo.",
        ]
        assert eve_heard == []  # (in the lobby, nothing of the table's chat)
        fay, fay_heard, _ = person(6, "Fay")
        lobby.enter(fay)
        lobby.rates = Rates(ServerConfig())
        for heard in (ann_heard, bea_heard, cid_heard, dee_heard, eve_heard):
            heard.clear()
        await lobby.typed(fay, "say anyone for a game?")  # the lobby's chat: not at a started game
        assert fay_heard == eve_heard == ["Fay says: anyone for a game?"]  # (Eve's table has not started)
        assert [x for x in ann_heard if x.strip() != "Ann>"] == bea_heard == cid_heard == dee_heard == []
        await tables.close()

    asyncio.run(main())
