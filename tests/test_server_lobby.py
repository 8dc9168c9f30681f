"""The lobby's lines without SSH: parsing in English and Dutch, who, say, tell, help,
settings kept per account, account, and chat cleaned and limited."""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import LimitsSection, ServerConfig
from a11y_dominion.server.limits import Rates
from a11y_dominion.server.lobby import Lobby, Person, clean_text, help_lines
from a11y_dominion.server.store import Store
from a11y_dominion.server.words import lobby_line_at_table, parse


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "server.sqlite3", now=lambda: "2026-12-06T08:00:00Z")
    yield s
    s.close()


def person(account: int, name: str, heard: list, **settings) -> Person:
    return Person(account, name, heard.append, dict(settings), created="2026-12-06T08:00:00Z")


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize(
    ("line", "parsed"),
    [
        ("say hello there", ("say", "hello there")),
        ("ZEG hallo", ("say", "hallo")),
        ("fluister Bea hoi", ("tell", "Bea hoi")),
        ("wie", ("who", "")),
        ("  who   Bea ", ("who", "Bea")),
        ("stoppen", ("quit", "")),
        ("instellingen taal nl", ("settings", "taal nl")),
        ("hulp", ("help", "")),
        ("Hulp nieuw", ("help", "nieuw")),
        ("dance now", (None, "dance")),
        ("", (None, "")),
    ],
)
def test_parse_reads_the_command_in_english_and_dutch(line, parsed):
    assert parse(line) == parsed


@pytest.mark.parametrize(
    ("line", "lobby"),
    [
        ("who", True),
        ("WIE Bea", True),
        ("tables", True),
        ("tafels", True),
        ("tell Bea hi", True),
        ("sit 2", True),
        ("say hi", False),  # the game's chat, heard at the table
        ("zeg hoi", False),
        ("help", False),
        ("hulp", False),
        ("quit", False),  # the game's quit: its question names the table
        ("STOPPEN", False),
        ("\u017ftoppen", False),  # (long s: "stoppen" read in any letter case, not the lobby's log out)
        ("leave", False),
        ("weg", False),
        ("hand", False),
        ("dance now", False),
        ("", False),
        ("   ", False),
    ],
)
def test_a_line_at_a_table_s_seat_is_the_lobby_s_only_when_it_is_a_lobby_command_the_game_has_not(line, lobby):
    assert lobby_line_at_table(line) is lobby


def test_clean_text_drops_sequences_whole_and_control_characters():
    assert clean_text("hi\x1b]0;title\x07 there\x9b31m x\x00\x7f\u202e!") == "hi there x!"
    assert clean_text("a\tb") == "a b"
    assert clean_text("x" * 500) == "x" * 300


def test_who_say_and_tell_between_two_people(store):
    async def go():
        lobby = Lobby(store, Rates(ServerConfig()))
        ann_heard, bea_heard = [], []
        ann, bea = person(1, "Ann", ann_heard), person(2, "Bea", bea_heard)
        lobby.enter(ann)
        lobby.enter(bea)
        await lobby.typed(ann, "who")
        await lobby.typed(ann, "who bea")
        await lobby.typed(ann, "who Cid")
        await lobby.typed(ann, "say anyone for a game?\x1b[2J")
        await lobby.typed(ann, "tell BEA table 5 in a minute?")
        await lobby.typed(ann, "tell Cid hello")
        await lobby.typed(ann, "tell Bea")
        await lobby.typed(ann, "dance")
        return ann_heard, bea_heard

    ann_heard, bea_heard = run(go())
    assert ann_heard == [
        "2 people here: Ann and Bea in the lobby.",
        "Bea is in the lobby.",
        "Nobody named Cid is logged in.",
        "Ann says: anyone for a game?",
        "You tell Bea: table 5 in a minute?",
        "Nobody named Cid is logged in.",
        "Type tell, a name and what to say, for example: tell Bea hello.",
        "dance is not a lobby command; type help for the commands.",
    ]
    assert bea_heard == ["Ann says: anyone for a game?", "Ann tells you: table 5 in a minute?"]


def test_chat_past_its_burst_is_refused_with_the_wait_line_by_line(store):
    async def go():
        clock = Clock()
        config = ServerConfig(limits=LimitsSection(chat_lines=2, chat_seconds_per_line=3))
        lobby = Lobby(store, Rates(config, clock=clock))
        heard: list = []
        ann = person(1, "Ann", heard)
        lobby.enter(ann)
        lobby.enter(person(2, "Bea", []))  # (someone else to hear it)
        for n in range(4):
            await lobby.typed(ann, f"say {n}")
        clock.now = 3.0
        await lobby.typed(ann, "say later")
        return heard

    assert run(go()) == [
        "Ann says: 0",
        "Ann says: 1",
        "You are chatting too fast, so that line was not said; wait 3 seconds.",
        "You are chatting too fast, so that line was not said; wait 3 seconds.",
        "Ann says: later",
    ]


def test_say_and_tell_cut_at_300_characters_are_told_to_the_sayer_once(store):
    async def go():
        lobby = Lobby(store, Rates(ServerConfig()))
        ann_heard, bea_heard = [], []
        ann, bea = person(1, "Ann", ann_heard), person(2, "Bea", bea_heard, language="nl")
        lobby.enter(ann)
        lobby.enter(bea)
        await lobby.typed(ann, "say " + "a" * 500)
        await lobby.typed(bea, "fluister Ann " + "b" * 301)
        await lobby.typed(ann, "say " + "c" * 300 + "\x1b[2J")  # (300 once cleaned: nothing cut)
        return ann_heard, bea_heard

    ann_heard, bea_heard = run(go())
    assert ann_heard == [
        "Ann says: " + "a" * 300,
        "Only the first 300 characters were said.",
        "Bea tells you: " + "b" * 300,
        "Ann says: " + "c" * 300,
    ]
    assert bea_heard == [
        "Ann zegt: " + "a" * 300,
        "Je fluistert tegen Ann: " + "b" * 300,
        "Alleen de eerste 300 tekens zijn gezegd.",
        "Ann zegt: " + "c" * 300,
    ]


def test_settings_are_kept_for_the_account_and_every_session_follows(store):
    async def go():
        account = await store.add_account("Ann", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        one, two = [], []
        first, second = person(account.id, "Ann", one), person(account.id, "Ann", two)
        lobby.enter(first)
        lobby.enter(second)
        await lobby.typed(first, "settings")
        await lobby.typed(first, "settings verbosity terse")
        await lobby.typed(first, "settings language nl")
        await lobby.typed(first, "settings loud")
        kept = await store.account_by_id(account.id)
        return one, kept, second

    one, kept, second = run(go())
    nl = Language("nl")
    assert one[:2] == [
        "Language English, verbosity normal. Change one with settings nl, settings terse or settings rich, for "
        "example.",
        "Language English, verbosity terse; kept for your account.",
    ]
    assert one[2] == nl.text(
        "Language {language}, verbosity {verbosity}; kept for your account.",
        language="Nederlands",
        verbosity=nl._("terse"),
    )
    assert one[3] == nl.text(
        "{word} is no setting; type settings nl, settings terse or settings rich, for example.", word="loud"
    )
    assert kept.settings == {"language": "nl", "verbosity": "terse"}
    assert second.settings == {"language": "nl", "verbosity": "terse"}


class OutputSession:
    """An ssh session's plain or rich output, as the lobby's settings change it (rich needs a terminal)."""

    def __init__(self, terminal: bool) -> None:
        self.terminal = terminal
        self.rich = False

    def output(self, rich: bool) -> bool:
        self.rich = rich and self.terminal
        return self.rich


def test_the_lobby_takes_the_settings_a_table_takes_with_their_short_forms(store):
    async def go():
        account = await store.add_account("Ann", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        ann = person(account.id, "Ann", heard)
        ann.session = OutputSession(terminal=True)
        bea_heard: list = []
        bea_account = await store.add_account("Bea", key=(b"b", "SHA256:bea"))
        bea = person(bea_account.id, "Bea", bea_heard, language="nl")
        bea.session = OutputSession(terminal=False)  # (ssh -T: no terminal)
        lobby.enter(ann)
        lobby.enter(bea)
        said = []
        for line in ("settings rich", "settings nl, beknopt", "instellingen set taal en", "settings set hints on"):
            heard.clear()
            await lobby.typed(ann, line)
            said.append(list(heard))
        await lobby.typed(bea, "instellingen rijk")
        assert "display" not in (await store.account_by_id(bea.account)).settings
        await lobby.typed(bea, "settings plain normal")
        kept = await store.account_by_id(account.id)
        bea_kept = await store.account_by_id(bea.account)
        return said, ann, bea_heard, kept, bea_kept

    said, ann, bea_heard, kept, bea_kept = run(go())
    assert said == [
        ["Output is now rich; kept for your account."],
        [
            "Taal Nederlands, uitgebreidheid beknopt; bewaard voor je account.",
        ],
        ["Language English, verbosity terse; kept for your account."],
        [
            "Options and hints change at a table's seat; in the lobby, settings changes the language, the verbosity "
            "and plain or rich output."
        ],
    ]
    assert ann.session.rich and kept.settings == {"language": "en", "verbosity": "terse", "display": "rich"}
    assert bea_heard == [
        "Uitvoer is nu gewoon.",  # (rich needs a terminal: said as it is, and not kept)
        "Taal Nederlands, uitgebreidheid normaal; bewaard voor je account.",
        "Uitvoer is nu gewoon; bewaard voor je account.",
    ]
    assert bea_kept.settings == {"language": "nl", "verbosity": "normal", "display": "plain"}


def test_a_join_session_hears_that_its_own_computer_shows_plain_or_rich(store):
    async def go():
        account = await store.add_account("Ann", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        ann = person(account.id, "Ann", heard)
        lobby.enter(ann)
        await lobby.typed(ann, "settings rich")
        return heard

    assert run(go()) == [
        "Through join your own computer shows the game, plain or rich; type settings rich at a table to change it."
    ]


class KeysSession(OutputSession):
    """An ssh session whose line editor takes the account's shortcut keys (no line editor
    without a terminal)."""

    def __init__(self, terminal: bool) -> None:
        super().__init__(terminal)
        self.editor = object() if terminal else None
        self.kept: dict | None = None

    def take_keys(self, kept: dict) -> None:
        self.kept = dict(kept)


def test_a_shortcut_key_set_in_the_lobby_is_kept_for_the_account_and_its_sessions_take_it(store):
    async def go():
        account = await store.add_account("Ann", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        ann, phone = person(account.id, "Ann", heard), person(account.id, "Ann", [])
        ann.session, phone.session = KeysSession(terminal=True), KeysSession(terminal=True)
        lobby.enter(ann)
        lobby.enter(phone)
        said = []
        for line in (
            "settings set key hand ctrl+r",
            "settings key supply2 f4",  # (F4 is status's)
            "settings set key hand alt+j",
            "settings set key dance f4",
            "settings set key hand",
            "instellingen zet toets voorraad ctrl+t",  # (Dutch words; the command's Dutch word too)
        ):
            heard.clear()
            await lobby.typed(ann, line)
            said.append(list(heard))
        kept = await store.account_by_id(account.id)
        return said, kept, ann.session, phone.session

    said, kept, session, phone = run(go())
    assert said == [
        ["Ctrl+R is now a key of hand; kept for your account."],
        ["f4 is already the key for status; change that one first, or choose another key for supply2."],
        [
            "Alt+J does not reach the game over ssh, so it was not kept; choose a function key or a Ctrl key, such "
            "as f4 or ctrl+r."
        ],
        [
            "dance is not a key action; actions are repeat, hand, status, supply, previous, next, stop, options, "
            "score, repeat2, hand2, status2, supply2, previous2, next2, stop2, options2, score2."
        ],
        ["Type settings set key, a command and a key, for example settings set key hand ctrl+r."],
        ["Ctrl+T is now a key of supply; kept for your account."],
    ]
    assert kept.settings == {"keys": {"hand": "c-r", "supply": "c-t"}}
    assert session.kept == phone.kept == {"hand": "c-r", "supply": "c-t"}  # (every session of the account)


@pytest.mark.parametrize(
    "code, lines, said",
    [
        (
            "en",
            ("settings set key hand ctrl+r", "settings set key score2 ctrl+t", "settings"),
            [
                "Language English, verbosity normal. Change one with settings nl, settings terse or settings rich, "
                "for example.",
                "Your shortcut keys over ssh: Ctrl+R for hand and Ctrl+T for score.",
            ],
        ),
        (
            "nl",
            ("instellingen zet toets hand ctrl+r", "instellingen zet toets score2 ctrl+t", "instellingen"),
            [
                "Taal Nederlands, uitgebreidheid normaal. Wijzig er een met bijvoorbeeld instellingen nl, "
                "instellingen beknopt of instellingen rijk.",
                "Je sneltoetsen via ssh: Ctrl+R voor hand en Ctrl+T voor stand.",
            ],
        ),
    ],
)
def test_settings_alone_in_the_lobby_lists_the_shortcut_keys_kept_for_the_account(store, code, lines, said):
    async def go():
        account = await store.add_account("Ann", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        ann = person(account.id, "Ann", heard, language=code)
        ann.session = KeysSession(terminal=True)
        lobby.enter(ann)
        await lobby.typed(ann, lines[-1])
        before = list(heard)
        for line in lines:
            heard.clear()
            await lobby.typed(ann, line)
        return before, heard

    before, heard = run(go())
    assert before == said[:1]  # (no key of its own: the usual ones, nothing more said)
    assert heard == said


def test_a_shortcut_key_without_a_terminal_or_through_join_says_where_keys_work(store):
    async def go():
        account = await store.add_account("Bea", key=(b"b", "SHA256:bea"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        plain = person(account.id, "Bea", heard, language="nl")
        plain.session = KeysSession(terminal=False)  # (ssh -T: no line editor)
        joined = person(account.id, "Bea", heard)  # (join: no ssh session of the server's)
        lobby.enter(plain)
        lobby.enter(joined)
        await lobby.typed(plain, "instellingen zet toets hand ctrl+r")
        await lobby.typed(joined, "settings set key hand ctrl+r")
        kept = await store.account_by_id(account.id)
        return heard, kept, plain.session

    heard, kept, session = run(go())
    assert heard == [
        "Sneltoetsen hebben een terminal nodig, die ssh -T niet geeft, dus er is geen toets bewaard; typ in plaats "
        "daarvan de commando's, zoals hand.",
        "Through join your own computer reads your shortcut keys: a11y-dominion settings set key hand ctrl+r changes "
        "them there, outside the game.",
    ]
    assert "keys" not in kept.settings and session.kept is None


def test_account_says_how_it_logs_in_and_its_keys(store):
    async def go():
        account = await store.add_account("Ann", password="scrypt$...", key=(b"k", "SHA256:abc"))
        lobby = Lobby(store, Rates(ServerConfig()))
        heard: list = []
        ann = Person(account.id, "Ann", heard.append, has_password=True, created=account.created)
        lobby.enter(ann)
        await lobby.typed(ann, "account")
        lobby.leave(ann)
        return heard, lobby.names()

    heard, names = run(go())
    assert heard == [
        "Account Ann, made 2026-12-06; it logs in with a password and 1 SSH key.",
        "Key 1: SHA256:abc, added 2026-12-06.",
    ]
    assert names == []


def test_quit_is_returned_for_the_session_to_ask(store):
    lobby = Lobby(store, Rates(ServerConfig()))
    heard: list = []
    assert run(lobby.typed(person(1, "Ann", heard), "quit")) == "quit"
    assert run(lobby.typed(person(1, "Ann", heard), "stoppen")) == "quit"
    assert heard == []


def test_help_lists_the_commands_and_one_command():
    en = Language("en")
    assert help_lines("", en) == [
        "Lobby commands: tables, new, sit N, watch N, leave, start, invite NAME, accept, who, say TEXT, "
        "tell NAME TEXT, games, stats, ranking, settings, account, repeat, help and quit.",
        "Type help and a command to hear more, for example: help tell.",
    ]
    assert help_lines("fluister", en) == ["tell NAME TEXT: say something to one person only."]
    assert help_lines("zit", en) == ["sit N: take a free seat at table N, or go back to your seat in its game."]
    assert help_lines("", Language("nl"))[0] == (
        "Commando's in de lobby: tafels, nieuw, zit N, kijk N, weg, begin, nodig NAAM, accepteer, wie, zeg TEKST, "
        "fluister NAAM TEKST, partijen, statistiek, ranglijst, instellingen, account, herhaal, help en stoppen."
    )
    assert help_lines("dance", en) == [
        "There is no help on dance; help tells about each command below.",
        *help_lines("", en),
    ]
    assert help_lines("kick", en)[0] == "There is no help on kick; help tells about each command below."
    assert (
        help_lines("onzin", Language("nl"))[0]
        == "Er is geen hulp over onzin; help vertelt over elk commando hieronder."
    )


def test_help_new_says_what_new_alone_opens_and_how_options_are_typed():
    """help new names the rule of a table's players (2 to 6, people and bots together) and what
    new alone opens (4), not 4 as if it were the rule."""
    assert help_lines("new", Language("en")) == [
        "new: open a table of 4 seats on the Basic Intro Kingdom and sit at it; options change it, each with its "
        "value: players 2, the seats for people; bots medium, hard, a seat more for each bot; 2 to 6 seats in all; "
        "kingdom "
        "basic-intro, advanced-intro, random, or Kingdom cards separated by commas; events and landmarks with "
        "names; undo off; bot-after 60; rollouts 4; seed 7. For example: new players 2 bots medium kingdom "
        "Village, Smithy, Market, Moat."
    ]
    assert help_lines("nieuw", Language("nl")) == [
        "nieuw: open een tafel van 4 plaatsen met het koninkrijk Basic Intro en ga eraan zitten; opties veranderen "
        "dat, elk met een waarde: spelers 2, de plaatsen voor mensen; bots medium, hard, een plaats meer voor elke "
        "bot; 2 tot 6 plaatsen in totaal; "
        "koninkrijk basic-intro, advanced-intro, random, of koninkrijkkaarten gescheiden door komma's; "
        "gebeurtenissen en oriëntatiepunten met namen; herstel uit; bot-after 60; rollouts 4; seed 7. "
        "Bijvoorbeeld: nieuw spelers 2 bots medium koninkrijk Village, Smithy, Market, Moat."
    ]


def test_who_and_say_in_dutch(store):
    async def go():
        lobby = Lobby(store, Rates(ServerConfig()))
        ann_heard, bea_heard = [], []
        ann, bea = person(1, "Ann", ann_heard, language="nl"), person(2, "Bea", bea_heard)
        lobby.enter(ann)
        lobby.enter(bea)
        await lobby.typed(ann, "wie")
        await lobby.typed(ann, "zeg hallo")
        await lobby.typed(ann, "fluister Cid hoi")
        return ann_heard, bea_heard

    ann_heard, bea_heard = run(go())
    assert ann_heard == [
        "2 personen hier: Ann en Bea in de lobby.",
        "Ann zegt: hallo",
        "Er is niemand met de naam Cid ingelogd.",
    ]
    assert bea_heard == ["Ann says: hallo"]
