"""A player back at their seat hears what the other players hear, once: what happened in their
seat while they were away, then where the turn stands as the others hear it and ``status`` says it
("Your turn 3, Buy phase: 1 Action, 1 Buy, 3 coins."), what is in play, their hand and their
question, each once, in English and Dutch. So after a game server was stopped and started again
(its tables and lobby on a real database, as tests/test_server_restart.py runs them), and after a
dropped connection at a host, with and without ``bot_after`` (the medium bot's plays and buys in
the seat told with the news). No card of another seat's hand reaches the player. Each seat is
played through the console core of an ssh seat (tests/seatsathost.py), and once through a
``join`` program reading the seat protocol's JSON lines, in this process."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace
from typing import Any

import pytest

import remoteplay as rp
from a11y_dominion.console.core import Inbox
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.remote import GameHost
from a11y_dominion.remote.client import JoinConsole
from a11y_dominion.remote.protocol import ProtocolOutlet, host_entry
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import SeatSpec
from a11y_dominion.server.lobby import Person
from a11y_dominion.server.store import Store
from seatsathost import SeatAt, settled, shown
from test_server_restart import server_run

pytest.importorskip("asyncssh")


class ConsoleSession:
    """A server session whose seat is played through the console core, as an ssh seat's
    (:meth:`~a11y_dominion.server.session.ServerSession.take_seat`: the table's seat taken with
    ``quiet``); :attr:`at` is the seat's screen."""

    def __init__(self) -> None:
        self.held: SeatAt | None = None
        self.table_number: int | None = None
        self.at: SeatAt | None = None

    def take_seat(self, room: Any, name: str, number: int) -> None:
        self.at = self.held = SeatAt(room, name, quiet=True)
        self.table_number = number
        self.at.start()

    def to_lobby(self) -> None:
        if self.held is not None and self.held.task is not None:
            self.held.task.cancel()
        self.held = None

    def lines(self) -> list[str]:
        assert self.at is not None
        return shown(self.at.lines, self.at.name)


def person(account: int, name: str, lang: str) -> tuple[Person, list[str], ConsoleSession]:
    heard: list[str] = []
    session = ConsoleSession()
    return Person(account, name, heard.append, {"language": lang}, session=session), heard, session


@pytest.fixture
def store(server_database: str):
    s = Store.open(server_database)
    asyncio.run(s.add_account("Ann", password="scrypt$hash"))
    asyncio.run(s.add_account("Bea", password="scrypt$hash"))
    yield s
    s.close()


async def play_until(room: Any, seats: dict[str, SeatAt], turn: int) -> None:
    """Ann and Bea type their turns (play treasures, end) until Ann's turn ``turn`` is in its Buy
    phase, her Treasures played: the game waits for her."""
    game = room.table.game
    while True:
        d = game.pending
        if d is None or d.player not in seats or not room.people[d.player].awaiting:
            await asyncio.sleep(0.01)  # (a bot's turn: its moves are thought out of this loop)
            continue
        await settled()  # (the seat's console shows the question)
        view = room.table.view(d.player)
        if d.player == "Ann" and view.turn.own_number == turn and view.turn.phase == "buy":
            return
        treasures = any(card in ("Copper", "Silver", "Gold") for card in view.hand)
        await seats[d.player].typed("play treasures" if view.turn.phase == "action" and treasures else "end")


RESTART = {  # what Ann hears back at her question, what Bea hears back at hers and as Ann comes back
    "en": {
        "back": "You go back to your seat at table 1.",
        "ann": [
            "The game goes on.",
            "Your turn 3, Buy phase: 1 Action, 1 Buy, 3 coins.",
            "Your hand, 2 cards: 2 Estates.",
            "In play: 3 Coppers.",
            "1 to 10: buy one of 10 cards you can afford; type options to hear all moves.",
            "11. end the turn",
        ],
        "bea": [
            "The game goes on.",
            "Ann's turn 3, Buy phase: 1 Action, 1 Buy, 3 coins.",
            "In play: 3 Coppers.",  # (Ann's, public: said with her turn, before Bea's own hand)
            "Your hand, 5 cards: 4 Coppers and Estate.",
            "The game waits for Ann to come back.",
            "Ann is back.",
        ],
    },
    "nl": {
        "back": "Je gaat terug naar je plaats aan tafel 1.",
        "ann": [
            "Het spel gaat verder.",
            "Jouw beurt 3, aanschaffase: 1 actie, 1 aanschaf, 3 munten.",
            "Je hand, 2 kaarten: 2 Landgoederen.",
            "In het spel: 3 Koper.",
            "1 tot en met 10: koop een van de 10 kaarten die je kunt betalen; typ opties om alle zetten te horen.",
            "11. beëindig de beurt",
        ],
        "bea": [
            "Het spel gaat verder.",
            "Beurt 3 van Ann, aanschaffase: 1 actie, 1 aanschaf, 3 munten.",
            "In het spel: 3 Koper.",
            "Je hand, 5 kaarten: 4 Koper en Landgoed.",
            "Het spel wacht tot Ann terugkomt.",
            "Ann is terug.",
        ],
    },
}


def private(lines: list[str], log: list, lang: str) -> list:
    """What of ``lines`` (heard by Ann) tells a card private to another seat: a sentence of the
    game she must never receive, another's hand, or another's draw naming its cards."""
    return [
        *rp.leaks("\n".join(lines), rp.private_sentences(log, "Ann", Language(lang))),
        *rp.other_hands(lines, ["Bea", "Bot", "Bot 1"]),
        *rp.draws_naming_cards(lines, ["Bea", "Bot", "Bot 1"]),
    ]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_back_at_her_question_after_a_server_restart_she_hears_the_turn_in_play_hand_and_question_once(
    store, tmp_path, lang
) -> None:
    """The trial's table: Ann, Bea and a Big Money bot; the server stops while the game waits
    for Ann's buy in her turn 3, her 3 Coppers in play. Back at it with ``sit 1``, Ann hears
    where her turn stands in the very sentence Bea hears (the turn's number, its phase and
    figures), then her hand, what is in play and her question, its prompt not again. Bea, back
    first, hears that turn, what Ann has in play, her own hand and, in one sentence, that the
    game waits for Ann."""

    async def main() -> tuple[list[str], list[str], list]:
        tables, lobby = server_run(store, tmp_path)
        ann, _, ann_session = person(1, "Ann", lang)
        bea, _, bea_session = person(2, "Bea", lang)
        await lobby.typed(ann, "new players 2 bots bigmoney seed 3")
        await lobby.typed(bea, "sit 1")
        await settled()
        room = tables.tables[1].room
        assert ann_session.at is not None and bea_session.at is not None
        await play_until(room, {"Ann": ann_session.at, "Bea": bea_session.at}, 3)
        ann_session.to_lobby()
        bea_session.to_lobby()
        await settled()
        await tables.close()  # (the server stops: its tables come back at its next start)

        tables, lobby = server_run(store, tmp_path)
        await tables.restore(store)
        room = tables.tables[1].room
        ann, ann_heard, ann_session = person(1, "Ann", lang)
        bea, bea_heard, bea_session = person(2, "Bea", lang)
        await lobby.typed(bea, "sit 1")
        await settled()
        await lobby.typed(ann, "sit 1")
        await settled()
        assert ann_heard[-1] == bea_heard[-1] == RESTART[lang]["back"]
        log = list(room.table.game.log)
        ann_session.to_lobby()
        bea_session.to_lobby()
        await settled()
        await tables.close()
        return ann_session.lines(), bea_session.lines(), log

    ann, bea, log = asyncio.run(main())
    assert ann == RESTART[lang]["ann"]
    assert bea == RESTART[lang]["bea"]
    assert ann[1].replace("Your", "Ann's").replace("Jouw beurt 3", "Beurt 3 van Ann") == bea[1]  # one sentence
    assert private(ann, log, lang) == []


KINGDOM = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Militia", "Cellar", "Workshop", "Mine"]


def hosted(lang: str, bot_after: float | None = None) -> GameHost:
    """Ann and Bea at remote seats (speaking ``lang``) and a Big Money bot, seed 5."""
    specs = [SeatSpec("Ann", "remote", lang), SeatSpec("Bea", "remote", lang), SeatSpec("Bot", "bigmoney")]
    game = Game(GameConfig(["Ann", "Bea", "Bot"], KINGDOM, [], [], 5))
    return GameHost(game, specs, 5, Language("en"), out=[].append, bot_after=bot_after)


DROPPED = {  # Ann back at her buy in her turn 3 (3 Coppers in play), her connection dropped there
    "en": [
        "Welcome back, Ann. The game goes on.",
        "Your turn 3, Buy phase: 1 Action, 1 Buy, 3 coins.",
        "Your hand, 2 cards: 2 Estates.",
        "In play: 3 Coppers.",
        "1. buy Copper, 0 coins",
        "2. buy Silver, 3 coins",
        "3. buy Estate, 2 coins",
        "4. buy Curse, 0 coins",
        "5. buy Village, 3 coins",
        "6. buy Moat, 2 coins",
        "7. buy Cellar, 2 coins",
        "8. buy Workshop, 3 coins",
        "9. end the turn",
    ],
    "nl": [
        "Welkom terug, Ann. Het spel gaat verder.",
        "Jouw beurt 3, aanschaffase: 1 actie, 1 aanschaf, 3 munten.",
        "Je hand, 2 kaarten: 2 Landgoederen.",
        "In het spel: 3 Koper.",
        "1. koop Koper, 0 munten",
        "2. koop Zilver, 3 munten",
        "3. koop Landgoed, 2 munten",
        "4. koop Vloek, 0 munten",
        "5. koop Dorp, 3 munten",
        "6. koop Slotgracht, 2 munten",
        "7. koop Kelder, 2 munten",
        "8. koop Werkplaats, 3 munten",
        "9. beëindig de beurt",
    ],
}
BOT_PLAYED = {  # Ann back in Bea's turn 4, the medium bot having played her buy of turn 3 and her turn 4
    "en": [
        "Welcome back, Ann. The game goes on.",
        "The medium bot played for you while you were away.",
        "You buy Silver.",
        "You draw 4 Coppers and Estate.",
        "Bea's turn 3.",
        "Bea played 4 Coppers.",
        "Bot, turn 3: played 3 Coppers and Silver, bought Silver.",
        "Your turn 4.",
        "You play 4 Coppers. You buy Militia.",
        "You shuffle 12 cards and draw 3 Coppers and 2 Estates.",
        "Bea's turn 4.",
        "Your hand, 5 cards: 3 Coppers and 2 Estates.",
        "Bea must answer now, in the Action phase.",
    ],
    "en bea": "Ann is back; the bot stops playing for Ann.",
    "nl": [
        "Welkom terug, Ann. Het spel gaat verder.",
        "De medium-bot speelde voor jou terwijl je weg was.",
        "Je koopt Zilver.",
        "Je trekt 4 Koper en Landgoed.",
        "Beurt 3 van Bea.",
        "Bea speelde 4 Koper.",
        "Bot, beurt 3: speelde 3 Koper en Zilver, kocht Zilver.",
        "Jouw beurt 4.",
        "Je speelt 4 Koper. Je koopt Militie.",
        "Je schudt 12 kaarten en trekt 3 Koper en 2 Landgoederen.",
        "Beurt 4 van Bea.",
        "Je hand, 5 kaarten: 3 Koper en 2 Landgoederen.",
        "Bea moet nu antwoorden, in de actiefase.",
    ],
    "nl bea": "Ann is terug; de bot speelt niet meer voor Ann.",
}


async def dropped(host: GameHost, turn: int, who: str = "Ann") -> tuple[SeatAt, Any]:
    """Ann and Bea play until Ann's turn ``turn`` waits in its Buy phase, then the connection of
    ``who`` drops (its session's task ends, the host hears it). (The other seat, the table's task.)"""
    seats = {name: SeatAt(host, name) for name in ("Ann", "Bea")}
    for seat in seats.values():
        seat.start()
    table = asyncio.ensure_future(host.table.run_async())
    await settled()
    await play_until(host, seats, turn)
    gone = seats.pop(who)
    assert gone.task is not None
    gone.task.cancel()
    host.leave(who, host.sessions[who])
    await settled()
    [other] = seats.values()
    return other, table


async def sits_again(host, bea, table, who: str = "Ann") -> tuple[list[str], list[str], list]:
    """The seat of ``who`` (Ann unless said) sits again at ``host``: the lines it and the other
    seat ``bea`` are shown from then on, and the game's log."""
    start = len(bea.lines)
    back = SeatAt(host, who)
    back.start()
    await settled()
    log = list(host.table.game.log)
    table.cancel()
    for seat in (back, bea):
        assert seat.task is not None
        seat.task.cancel()
    await settled()
    other = "Bea" if who == "Ann" else "Ann"
    return shown(back.lines, who), shown(bea.lines[start:], other), log


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_back_at_her_question_after_a_dropped_connection_she_hears_the_turn_in_play_hand_and_question_once(lang):
    async def main() -> tuple[list[str], list[str], list]:
        host = hosted(lang)
        bea, table = await dropped(host, 3)
        return await sits_again(host, bea, table)

    ann, bea, log = asyncio.run(main())
    assert ann == DROPPED[lang]
    assert bea == [RESTART[lang]["bea"][-1]]  # "Ann is back."
    assert private(ann, log, lang) == []


OTHERS_TURN = {  # Bea back in Ann's turn 3, Ann at the table at her buy, her 3 Coppers in play
    "en": [
        "Welcome back, Bea. The game goes on.",
        "Ann's turn 3, Buy phase: 1 Action, 1 Buy, 3 coins.",
        "In play: 3 Coppers.",
        "Your hand, 5 cards: 4 Coppers and Estate.",
        "Ann must answer now.",
    ],
    "nl": [
        "Welkom terug, Bea. Het spel gaat verder.",
        "Beurt 3 van Ann, aanschaffase: 1 actie, 1 aanschaf, 3 munten.",
        "In het spel: 3 Koper.",
        "Je hand, 5 kaarten: 4 Koper en Landgoed.",
        "Ann moet nu antwoorden.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_back_in_another_players_turn_she_hears_what_that_player_has_in_play_after_the_turn(lang):
    """Bea's connection drops while Ann, at the table, buys in her turn 3: back, Bea hears Ann's
    turn, then what Ann has in play (public: every seat saw her play it), her own hand and who
    must answer, each once; nothing of Ann's hand."""

    async def main() -> tuple[list[str], list[str], list]:
        host = hosted(lang)
        ann, table = await dropped(host, 3, "Bea")
        return await sits_again(host, ann, table, "Bea")

    bea, ann, log = asyncio.run(main())
    assert bea == OTHERS_TURN[lang]
    assert ann == ["Bea is back." if lang == "en" else "Bea is terug."]
    hidden = rp.private_sentences(log, "Bea", Language(lang))
    assert not rp.leaks("\n".join(bea), hidden) and not rp.other_hands(bea, ["Ann", "Bot"]), bea


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_back_after_the_bot_played_for_her_she_hears_its_plays_then_the_turn_hand_and_who_answers_once(lang):
    async def main() -> tuple[list[str], list[str], list]:
        host = hosted(lang, bot_after=0)  # (its timer fires at the loop's next turn: no time waited)
        bea, table = await dropped(host, 3)
        assert host.stand_ins["Ann"].active
        await bea.typed("play treasures")  # Bea's turn 3, while the bot plays Ann's seat
        await bea.typed("end")
        return await sits_again(host, bea, table)

    ann, bea, log = asyncio.run(main())
    assert ann == BOT_PLAYED[lang]
    assert bea == [BOT_PLAYED[lang + " bea"]]
    assert private(ann, log, lang) == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_join_program_back_at_her_question_hears_the_turn_in_play_hand_and_question_once(lang, monkeypatch, tmp_path):
    """The same return through ``join``: a new program takes Ann's seat through the seat
    protocol, its messages as the JSON lines it reads, and says the same lines."""
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    async def main() -> list[str]:
        host = hosted(lang)
        bea, table = await dropped(host, 3)
        written: list[str] = []
        out = io.StringIO()
        display = Display(out, plain=True, lang=Language(lang))
        holder = HumanSeat("Ann", lang=Language(lang), print_fn=lambda text, style=None: display.line(text, style))
        link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
        console = JoinConsole(link, holder, display, None, PlainReader(io.StringIO(""), out))
        host.join("Ann", outlet=ProtocolOutlet(host, host.people["Ann"], written.append))
        await settled()
        for line in "".join(written).splitlines():
            kind, message = host_entry(line)
            assert kind == "message" and console.receive(message), line
            if message["type"] == "decide":
                console.show_question(console.decision, news=True)
        table.cancel()
        assert bea.task is not None
        bea.task.cancel()
        await settled()
        return [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]

    heard = asyncio.run(main())
    assert heard[-len(DROPPED[lang]) :] == DROPPED[lang]
    assert len(set(heard)) == len(heard)
