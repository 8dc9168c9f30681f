"""The moderators' ban, unban, announce and reload in the server's lobby without SSH, in English
and Dutch; the server's reload of server.toml (what changed, a wrong file keeping the old
settings, a name the file now bans put out); the moderators' commands left out of help and
Tab completion for everyone else."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import BanSection, ModeratorsSection, ServerConfig
from a11y_dominion.server.hasher import Hasher
from a11y_dominion.server.lobby import Person, help_lines
from a11y_dominion.server.session import LobbySeat
from a11y_dominion.server.ssh import GameServer
from a11y_dominion.server.store import Store, database_path
from a11y_dominion.server.words import MODERATOR_COMMANDS, lobby_words, parse
from test_server_invite import Ending
from test_server_tables import make_tables, person


def moderated(tmp_path: Path, file_bans: tuple[str, ...] = ()):
    tables, store, lobby = make_tables(tmp_path)
    config = ServerConfig(moderators=ModeratorsSection(names=("Mod",)), ban=BanSection(names=file_bans))
    lobby.moderator = config.is_moderator
    lobby.file_banned = config.is_banned_name
    return tables, store, lobby


def test_ban_puts_out_every_session_of_the_name_and_unban_lifts_it(tmp_path: Path) -> None:
    async def main() -> None:
        _tables, store, lobby = moderated(tmp_path, file_bans=("Zed",))
        mod, mod_heard, _ = person(9, "Mod")
        lobby.enter(mod)
        heard: list[str] = []
        sessions = [Ending(heard), Ending(heard)]
        for session in sessions:
            lobby.enter(Person(2, "Bea", heard.append, {"language": "nl"}, session=session))
        await lobby.typed(mod, "ban bea")
        assert heard == ["goodbye: A moderator banned your name from this server."] * 2
        assert all(s.ended for s in sessions)
        assert store.banned == {"bea": 9}
        await lobby.typed(mod, "ban Cid")  # (not here: a name no session has, banned all the same)
        await lobby.typed(mod, "unban BEA")
        await lobby.typed(mod, "unban Bea")
        await lobby.typed(mod, "unban Zed")  # banned by the operator's file
        await lobby.typed(mod, "ban mod")
        await lobby.typed(mod, "ban")
        await lobby.typed(mod, "ban Bea Cid")
        await lobby.typed(mod, "ban a")
        assert mod_heard == [
            "Bea is banned and cannot log in; 2 sessions ended.",
            "Cid is banned and cannot log in; 0 sessions ended.",
            "Bea may log in again.",  # (the name as its account spells it)
            "Bea is not banned.",
            "Zed is banned in the server's file; only its operator can lift that.",
            "You cannot ban yourself.",
            "Type ban and a name, for example: ban Bea.",
            "Type ban and a name, for example: ban Bea.",
            "The name a is too short: a name has 2 to 20 characters.",
        ]
        assert store.banned == {"cid": 9}

    asyncio.run(main())


def test_the_log_says_a_mute_lifted_as_such_and_a_mute_at_info(tmp_path: Path, caplog) -> None:
    async def main() -> None:
        _tables, _store, lobby = moderated(tmp_path)
        mod, mod_heard, _ = person(9, "Mod")
        bea, _bea_heard, _ = person(2, "Bea")
        lobby.enter(mod)
        lobby.enter(bea)
        with caplog.at_level(logging.INFO, logger="a11y_dominion.server"):
            for line in ("mute Bea 1", "mute Bea 30", "mute Bea 0"):
                await lobby.typed(mod, line)
        assert mod_heard[:3] == ["Bea is muted for 1 minute.", "Bea is muted for 30 minutes.", "Bea may chat again."]

    asyncio.run(main())
    assert [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "a11y_dominion.server.lobby"] == [
        ("INFO", "moderator Mod muted Bea for 1 minute"),
        ("INFO", "moderator Mod muted Bea for 30 minutes"),
        ("INFO", "moderator Mod lifted the mute of Bea"),  # (not "for 0 minutes")
    ]


def test_announce_reaches_everyone_logged_in_cleaned_in_their_language(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = moderated(tmp_path)
        mod, mod_heard, _ = person(9, "Mod", "nl")
        ann, ann_heard, _ = person(1, "Ann")
        bea, bea_heard, _ = person(2, "Bea", "nl")
        for p in (mod, ann, bea):
            lobby.enter(p)
        await lobby.typed(ann, "new players 1 bots bigmoney")  # Ann is at her table's seat
        ann_heard.clear()
        await lobby.typed(mod, "omroep de server\x1b[2J herstart\x07 om 20:00")
        assert mod_heard == ["Mededeling van Mod: de server herstart om 20:00"]
        assert bea_heard == ["Mededeling van Mod: de server herstart om 20:00"]
        assert ann_heard == ["Announcement from Mod: de server herstart om 20:00"]
        await lobby.typed(mod, "omroep \x1b[1m")
        assert mod_heard[-1] == "Typ omroep en wat je wilt zeggen, bijvoorbeeld: omroep de server herstart straks."
        await lobby.typed(ann, "announce hi")
        assert ann_heard[-1] == "Only a moderator can do that."
        await tables.close()

    asyncio.run(main())


def test_moderators_commands_are_left_out_of_help_and_completion_for_others() -> None:
    en, nl = Language("en"), Language("nl")
    everyone = help_lines("", en)
    assert everyone[0].startswith("Lobby commands: tables, new,") and not any("ban" in x for x in everyone)
    # help of a moderator's command, as of no command: none, and the commands
    assert help_lines("ban", en) == ["There is no help on ban; help tells about each command below.", *everyone]
    assert help_lines("verban", nl, moderator=True) == [
        "verban NAAM: voor moderators: die naam mag niet inloggen, en zijn sessies eindigen."
    ]
    assert help_lines("", en, moderator=True)[1] == (
        "Moderators' commands: kick NAME, close N, mute NAME MINUTES, ban NAME, unban NAME, announce TEXT and reload."
    )
    assert not set(MODERATOR_COMMANDS) & set(lobby_words(False))
    assert set(MODERATOR_COMMANDS) <= set(lobby_words(True))
    seat = LobbySeat("Ann", en)
    words = [c.text for c in seat.completer().get_completions(_doc("rel"), None)]
    assert words == []  # (reload is a moderator's)
    seat.moderator = True
    words = [c.text for c in seat.completer().get_completions(_doc("rel"), None)]
    assert words == ["reload"]
    assert parse("herlaad") == ("reload", "") and parse("ontban Bea") == ("unban", "Bea")


class Seated:
    """A session logged in as ``name``, with its lobby's seat (what a reload reads of a session)."""

    def __init__(self, name: str, lobby_seat: LobbySeat) -> None:
        self.name = name
        self.lobby_seat = lobby_seat


def _doc(text: str):
    from prompt_toolkit.document import Document

    return Document(text, len(text))


@pytest.fixture
def served(tmp_path: Path):
    store = Store.open(database_path(tmp_path))
    server = GameServer(ServerConfig(), store, tmp_path, Hasher())
    yield server
    store.close()


def test_reload_says_what_changed_and_a_wrong_file_keeps_the_settings(served, tmp_path, capsys, caplog) -> None:
    async def main() -> None:
        server = served
        caplog.set_level(logging.INFO, logger="a11y_dominion.server")
        mod, mod_heard, _ = person(9, "Mod", "nl")
        server.lobby.enter(mod)
        session = Seated("Mod", LobbySeat("Mod", Language("nl")))
        server.sessions.add(session)
        await server.lobby.typed(mod, "herlaad")
        assert mod_heard == ["Alleen een moderator kan dat."]
        (tmp_path / "server.toml").write_text(
            '[server]\nmotd = "Welcome"\n\n[moderators]\nnames = ["Mod"]\n\n[bots]\nhard_think_ms = 500\n',
            encoding="utf-8",
        )
        said = server.reload()  # (SIGHUP's call)
        assert said == (
            "The server's settings were read again; changed: motd in [server], names in [moderators], "
            "hard_think_ms in [bots]. [bots] and [storage] take effect at the next start."
        )
        assert server.config.server.motd == "Welcome" and server.lobby.moderator("mod")
        assert session.lobby_seat.moderator  # (Tab completes the moderators' commands for Mod now)
        await server.lobby.typed(mod, "herlaad")
        assert mod_heard[-1] == "De instellingen van de server zijn opnieuw gelezen; er veranderde niets."
        (tmp_path / "server.toml").write_text('[server]\nmotd = "Hi"\nmax_tables = 0\n', encoding="utf-8")
        await server.lobby.typed(mod, "reload")
        file = tmp_path / "server.toml"
        assert mod_heard[-1] == (
            f"De instellingen van de server blijven zoals ze waren: {file}, regel 3: max_tables in [server] moet "
            "een heel getal van 1 tot 10000 zijn, niet 0."
        )
        assert server.config.server.motd == "Welcome"  # (the old settings)
        printed = capsys.readouterr().out.splitlines()
        assert printed == [
            said,
            "The server's settings were read again; nothing changed.",
            f"The server's settings stay as they were: {file}, line 3: max_tables in [server] must be a whole "
            "number from 1 to 10000, not 0.",
        ]
        # a reload done is INFO, a file refused (the operator's to mend) a WARNING
        logged = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "a11y_dominion.server"]
        assert logged == list(zip(["INFO", "INFO", "WARNING"], printed, strict=True))
        # and each reload a moderator typed is logged with the moderator's name, as the docs say
        by = [r.getMessage() for r in caplog.records if r.name == "a11y_dominion.server.lobby"]
        assert by.count("moderator Mod reloaded the server's settings") == 2

    asyncio.run(main())


class FromAddress(Ending):
    """A session from ``address`` (what a reload reads of it), ended by ``goodbye``."""

    def __init__(self, heard: list[str], address: str) -> None:
        super().__init__(heard)
        self.address = address


def test_reload_puts_out_the_sessions_from_an_address_the_file_bans_now(served, tmp_path) -> None:
    async def main() -> None:
        server = served
        heard: list[str] = []
        near, far, v6 = (
            FromAddress(heard, "198.51.100.7"),
            FromAddress(heard, "203.0.113.9"),
            FromAddress(heard, "::ffff:198.51.100.8"),
        )
        bea = Person(2, "Bea", heard.append, session=near)
        server.lobby.enter(bea)
        server.sessions.update({near, far, v6})
        (tmp_path / "server.toml").write_text(
            '[ban]\nnames = ["bea"]\naddresses = ["198.51.100.0/24"]\n', encoding="utf-8"
        )
        server.reload()
        # Bea's session hears one sentence (the address's), the session of the IPv4-mapped address one
        assert heard == ["goodbye: The server's operator banned your address from this server."] * 2
        assert near.ended and v6.ended and not far.ended

    asyncio.run(main())


def test_reload_puts_out_a_name_the_file_bans_now(served, tmp_path) -> None:
    async def main() -> None:
        server = served
        heard: list[str] = []
        bea = Person(2, "Bea", heard.append, session=Ending(heard))
        server.lobby.enter(bea)
        rates = server.rates
        (tmp_path / "server.toml").write_text('[ban]\nnames = ["bea"]\n\n[limits]\nchat_lines = 2\n', encoding="utf-8")
        server.reload()
        assert heard == ["goodbye: The server's operator banned your name from this server."]
        assert server.rates is not rates and server.lobby.rates is server.rates
        assert server.rates.logins is rates.logins  # (failed logins are not forgotten)

    asyncio.run(main())


def test_ban_and_unban_name_the_account_as_it_spells_itself(served) -> None:
    """Cas, not logged in, banned and unbanned as typed in small letters, in English and Dutch."""

    async def main() -> None:
        server = served
        await server.store.add_account("Cas", password="x")
        server.config = ServerConfig(moderators=ModeratorsSection(names=("Mod", "Nel")))
        mod, mod_heard, _ = person((await server.store.add_account("Mod", password="x")).id, "Mod")
        nel, nel_heard, _ = person((await server.store.add_account("Nel", password="x")).id, "Nel", "nl")
        server.lobby.enter(mod)
        server.lobby.enter(nel)
        await server.lobby.typed(mod, "ban cas")
        await server.lobby.typed(mod, "unban cas")
        await server.lobby.typed(nel, "ontban CAS")
        await server.lobby.typed(nel, "ontban dex")  # (no account has it: as typed)
        assert mod_heard == ["Cas is banned and cannot log in; 0 sessions ended.", "Cas may log in again."]
        assert nel_heard == ["Cas is niet verbannen.", "dex is niet verbannen."]

    asyncio.run(main())
