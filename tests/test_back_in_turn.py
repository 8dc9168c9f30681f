"""A player who comes back while another player answers in their own turn (Bea played Militia,
dropped, and Ann must discard) hears where the turn stands once: "Your turn 1, Action phase:
0 Actions, 1 Buy, 2 coins." and the hand; when the question comes back to Bea, its prompt says
neither again (only what changed since, here nothing, after Ann's discard), at a terminal seat
and through ``join``. The host, its table and seats are the real ones, in this process."""

from __future__ import annotations

import asyncio
import io
import json
from types import SimpleNamespace

import pytest

from a11y_dominion.console.core import Inbox
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.remote.client import JoinConsole
from a11y_dominion.remote.protocol import ProtocolOutlet, host_entry
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled, shown

pytest.importorskip("asyncssh")

BACK = {  # what Bea hears where her turn stands, in her language
    "en": [
        "Your turn 1, Action phase: 0 Actions, 1 Buy, 2 coins.",
        "Your hand, 4 cards: 2 Coppers and 2 Estates.",
        "In play: Militia.",
        "Ann must answer now.",
    ],
    "nl": [
        "Jouw beurt 1, actiefase: 0 acties, 1 aanschaf, 2 munten.",
        "Je hand, 4 kaarten: 2 Koper en 2 Landgoederen.",
        "In het spel: Militie.",
        "Ann moet nu antwoorden.",
    ],
}
DISCARD = {"en": "Ann discards Copper and Estate.", "nl": "Ann legt Koper en Landgoed af."}
NEW_OPTIONS = {  # the options of her turn, new to a new console (a new join program's, a terminal seat's): one a line
    "en": [
        "1. play Copper",
        "2. play treasures",
        "3 to 8: buy, once your Treasures are played.",
        "9. end the Action phase",
    ],
    "nl": [
        "1. speel Koper",
        "2. speel geldkaarten",
        "3 tot en met 8: kopen, zodra je geldkaarten gespeeld zijn.",
        "9. beëindig de actiefase",
    ],
}


@pytest.fixture(autouse=True)
def _settings(tmp_path, monkeypatch):
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"confirm": True}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(config))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def hosted(lang: str) -> GameHost:
    """Ann at the host's own seat and Bea remote (speaking ``lang``), seed 11; Bea is dealt Militia."""
    specs = parse_seats("Ann:human,Bea:remote", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 11)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
    game.players[1].hand = [game.new_card(n) for n in ["Militia", "Copper", "Copper", "Estate", "Estate"]]
    host = GameHost(game, specs, 11, Language("en"), out=[].append)
    host.people["Bea"].settings(language=lang)
    return host


async def to_militia(ann: SeatAt, bea_typed, drop) -> None:
    """Ann's turn 1 (play treasures, end); Bea plays Militia, then her connection drops."""
    await ann.typed("play treasures")
    await ann.typed("end")
    await bea_typed()
    drop()
    await settled()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_terminal_seat_back_in_its_own_turn_hears_its_status_and_hand_once(lang):
    async def main() -> list:
        host = hosted(lang)
        ann, bea = SeatAt(host, "Ann"), SeatAt(host, "Bea")
        ann.start()
        bea.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()

        def drop() -> None:  # the connection breaks: the session's task ends, its link closes
            assert bea.task is not None
            bea.task.cancel()
            host.leave("Bea", host.sessions["Bea"])

        await to_militia(ann, lambda: bea.typed("play Militia"), drop)
        back = SeatAt(host, "Bea")
        back.start()
        await settled()
        await ann.typed("1, 2")  # Copper and Estate discarded
        table.cancel()
        return shown(back.lines, "Bea")

    said = asyncio.run(main())
    welcome = {"en": "Welcome back, Bea. The game goes on.", "nl": "Welkom terug, Bea. Het spel gaat verder."}
    # (the terminal seat's console is a new one, as a new join program is: its options one a line)
    assert said == [welcome[lang], *BACK[lang], DISCARD[lang], *NEW_OPTIONS[lang]]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_join_seat_back_in_its_own_turn_hears_its_status_and_hand_once(lang):
    async def main() -> str:
        host = hosted(lang)
        ann = SeatAt(host, "Ann")
        ann.start()
        written: list = []

        def sit() -> JoinConsole:
            """A new join program takes Bea's seat through the seat protocol; its screen is its ``out``."""
            out = io.StringIO()
            display = Display(out, plain=True, lang=Language(lang))
            seat = HumanSeat("Bea", lang=Language(lang), print_fn=lambda text, style=None: display.line(text, style))
            link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
            console = JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), out))
            console.out = out
            host.join("Bea", outlet=ProtocolOutlet(host, host.people["Bea"], written.append))
            return console

        def read(console: JoinConsole) -> None:
            """The console uses what the host sent; a question it is asked is put to it as its prompt does."""
            lines, written[:] = "".join(written).splitlines(), []
            for line in lines:
                kind, message = host_entry(line)
                assert kind == "message" and console.receive(message), line
                if message["type"] == "decide":
                    console.show_question(console.decision, news=True)

        first = sit()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        read(first)

        async def militia() -> None:
            move = {"move": "play", "card": "Militia"}
            host.people["Bea"].outlet.received(json.dumps({"type": "answer", "id": 1, "keys": [move]}))
            await settled()

        await to_militia(ann, militia, lambda: host.leave("Bea"))
        host.people["Bea"].outlet = None  # (the session ended with the drop)
        written.clear()
        console = sit()
        await settled()
        read(console)
        start = len(console.out.getvalue())
        await ann.typed("1, 2")  # Copper and Estate discarded
        read(console)
        table.cancel()
        return console.out.getvalue()[:start], console.out.getvalue()[start:]

    back, asked = asyncio.run(main())
    lines = back.splitlines()
    assert lines[-len(BACK[lang]) :] == BACK[lang]
    assert asked.splitlines() == [DISCARD[lang], *NEW_OPTIONS[lang]]
