"""The turn prompt at a terminal seat and through ``join`` is the console's: the turn's line and
its figures on one line at the first turn, then only what changed, on the line of the move that
changed it, and ``repeat`` right after a turn's start reads the turn's line and the hand; in
English and Dutch. The host, its table and seats are the real ones, in this process."""

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
from a11y_dominion.rules.decisions import Move
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled

pytest.importorskip("asyncssh")

# what Bea hears in her first turn: (what she types, the lines that answer it)
TURN = {
    "en": [
        ("", ["Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins."]),
        ("repeat", ["Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.", "Your hand: 4 Coppers and Estate."]),
        ("play treasures", ["You play 4 Coppers. Buy phase: 4 coins."]),
        ("buy silver", ["You buy Silver. 0 Buys, 1 coin."]),
    ],
    "nl": [
        ("", ["Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten."]),
        ("herhaal", ["Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten.", "Je hand: 4 Koper en Landgoed."]),
        ("speel geldkaarten", ["Je speelt 4 Koper. Aanschaffase: 4 munten."]),
        ("koop zilver", ["Je koopt Zilver. 0 aanschaffen, 1 munt."]),
    ],
}


@pytest.fixture(autouse=True)
def _settings(tmp_path, monkeypatch):
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"confirm": True}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(config))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def hosted() -> GameHost:
    """Ann at the host's own seat and Bea remote, seed 11."""
    specs = parse_seats("Ann:human,Bea:remote", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 11)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
    return GameHost(game, specs, 11, Language("en"), out=[].append)


def ann_at(host: GameHost) -> SeatAt:
    """Ann at the host's own seat, played by its console (:mod:`seatsathost`)."""
    ann = SeatAt(host, "Ann")
    ann.start()
    return ann


async def ann_ends_her_turn(ann: SeatAt) -> None:
    for line in ("play treasures", "end"):
        await ann.typed(line)


def prompt_lines(text: str) -> list[str]:
    """The lines of ``text`` at or after Bea's turn starts, without her prompt."""
    lines = text.replace("Bea> ", "").splitlines()
    start = next((i for i, x in enumerate(lines) if x.startswith(("Your turn 1.", "Jouw beurt 1."))), 0)
    return lines[start:]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_terminal_seat_hears_the_console_s_turn_prompt(lang):
    async def main() -> list:
        host = hosted()
        host.people["Bea"].settings(language=lang)
        ann = ann_at(host)
        bea = SeatAt(host, "Bea")
        bea.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        del bea.lines[:]
        await ann_ends_her_turn(ann)
        said = [prompt_lines("".join(bea.lines))[:1]]
        for line, want in TURN[lang][1:]:
            said.append((await bea.typed(line))[: len(want)])
        table.cancel()
        return said

    assert asyncio.run(main()) == [want for _line, want in TURN[lang]]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_join_seat_hears_the_console_s_turn_prompt(lang):
    async def main() -> list:
        host = hosted()
        ann = ann_at(host)
        out = io.StringIO()
        display = Display(out, plain=True, lang=Language(lang))
        seat = HumanSeat("Bea", lang=Language(lang), print_fn=lambda text, style=None: display.line(text, style))
        link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
        console = JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), out))
        written: list = []
        outlet = ProtocolOutlet(host, host.people["Bea"], written.append)
        host.join("Bea", outlet=outlet)

        def read() -> None:
            """The console uses what the host sent, and puts a question to Bea as its prompt does."""
            lines, written[:] = "".join(written).splitlines(), []
            for line in lines:
                kind, message = host_entry(line)
                assert kind == "message" and console.receive(message), line
                if message["type"] == "decide":
                    console.show_question(console.decision, news=True)

        def typed(line: str) -> None:
            """Bea types ``line`` at her question: a command is run, an answer sent as the console sends it."""
            console.handle(line)
            if console.answered is not None:
                keys = [k.to_dict() if isinstance(k, Move) else k for k in console.answered]
                console.holder.last_answer, console.answered = console.answered, None
                outlet.received(json.dumps({"type": "answer", "id": console.decision_id, "keys": keys}))

        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        read()
        out.truncate(0)
        out.seek(0)
        await ann_ends_her_turn(ann)
        read()
        said = [prompt_lines(out.getvalue())[:1]]
        for line, want in TURN[lang][1:]:
            start = len(out.getvalue())
            typed(line)
            await settled()
            read()
            said.append(out.getvalue()[start:].splitlines()[: len(want)])
        table.cancel()
        return said

    assert asyncio.run(main()) == [want for _line, want in TURN[lang]]
