"""The console core at the host: a :class:`~a11y_dominion.console.core.SeatConsole` over a
:class:`~a11y_dominion.remote.seatlink.HostLink` plays a seat of a real host in the host's
own process, getting the messages a ``join`` program gets over ``seat-protocol`` and
sending its answers as that program does (the way an SSH terminal seat is to run the
same console as ``join``)."""

from __future__ import annotations

import asyncio
import io

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.console.core import SeatConsole
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.rules.events import CardGained, GameEvent, StartingCards
from a11y_dominion.view import HIDDEN, redact_all
from test_remote_protocol import start

pytest.importorskip("asyncssh")
from a11y_dominion.remote.seatlink import HostLink  # noqa: E402

pytestmark = pytest.mark.e2e  # the host listens on loopback


def test_a_seat_played_through_the_in_process_link_buys_and_leaves(tmp_path):
    """Ann, logged in as ann, plays her first turn through the console core at the host:
    her buy reaches the game, she is spoken to by the host's spelling of her name, and the
    end of her input leaves the game as a typed quit does."""

    async def main():
        out: list = []
        host, task = await start(tmp_path, out, "Ann:remote,Bot:bigmoney")
        try:
            screen = io.StringIO()
            lang = Language("en")
            display = Display(screen, plain=True, lang=lang)
            seat = HumanSeat("ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
            link = HostLink(host, "ann")
            assert link.open()
            reader = PlainReader(io.StringIO("play treasures\nbuy copper\nend\n"), screen)
            console = SeatConsole(link, seat, display, Speaker("off"), reader, confirm=False)
            code = await asyncio.wait_for(console.run(), 60)  # (a bound that only fails)
            return code, screen.getvalue(), host
        finally:
            host.stop()
            await asyncio.wait([task], timeout=10)

    code, said, host = asyncio.run(main())
    assert code == 0
    assert "\nYou buy Copper. 0 Buys.\n" in said, said
    assert said.rstrip().endswith("You left the game."), said
    assert "ann" not in said.replace("Ann", ""), said
    game = host.table.game
    assert any(isinstance(e, CardGained) and e.player == "Ann" and e.card == "Copper" for e in game.log)
    assert "Ann" in host.quitted


def test_a_login_that_takes_the_seat_over_ends_the_in_process_session_with_one_sentence(tmp_path):
    """A second login of Ann takes her seat over: the session it takes over hears why it ends,
    once and last, and nothing else of the end; the new one hears that it took the seat."""

    async def main():
        out: list = []
        host, task = await start(tmp_path, out, "Ann:remote,Bea:remote,Bot:bigmoney")
        try:
            screens = []
            consoles = []
            for _ in range(2):
                screen = io.StringIO()
                lang = Language("en")
                display = Display(screen, plain=True, lang=lang)
                seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None, d=display: d.line(text, style))
                link = HostLink(host, "Ann")
                assert link.open()
                console = SeatConsole(link, seat, display, Speaker("off"), PlainReader(io.StringIO(""), screen))
                screens.append(screen)
                consoles.append(asyncio.ensure_future(console.run()))
                for _ in range(20):
                    await asyncio.sleep(0)
            first = await asyncio.wait_for(consoles[0], 60)  # (a bound that only fails)
            return first, [s.getvalue().splitlines() for s in screens]
        finally:
            host.stop()
            await asyncio.wait([task, *consoles], timeout=10)

    first, (old, new) = asyncio.run(main())
    assert first == 1
    assert old == [
        "Welcome, Ann. Type help for commands.",
        "Ann has joined; 1 seat still empty: Bea.",
        "Your seat was taken by a new login; this session ends.",
    ]
    assert new[:2] == ["You took your seat over from your other login, which ends now.", "Welcome back, Ann."], new


def test_the_in_process_link_hands_over_the_events_redacted_for_the_seat_as_objects(tmp_path):
    """The events a seat at the host is told come through the in-process link as the very event
    objects the table redacted for that seat, not as data to read back: Ann's own starting
    cards are named, the bot's are not, and they are what the game's log gives when redacted for Ann."""

    async def main():
        out: list = []
        host, task = await start(tmp_path, out, "Ann:remote,Bot:bigmoney")
        try:
            link = HostLink(host, "Ann")
            assert link.open()
            told: list = []
            for _ in range(200):  # (the table's loop turns; it waits on Ann's first question)
                await asyncio.sleep(0)
                while (entry := link.inbox.get_nowait()) is not None:
                    kind, message = entry
                    if kind == "message" and message["type"] == "events":
                        told.extend(message["events"])
                if host.table.game.pending is not None and told:
                    break
            return told, redact_all(host.table.game.log[: host.table.told["Ann"]], "Ann")
        finally:
            host.stop()
            await asyncio.wait([task], timeout=10)

    told, expected = asyncio.run(main())
    assert told == expected and all(isinstance(e, GameEvent) for e in told), told
    dealt = {e.player: e for e in told if isinstance(e, StartingCards)}
    assert len(dealt["Ann"].hand) == 5 and set(dealt["Ann"].hand) <= {"Copper", "Estate"}, dealt
    assert dealt["Bot"].hand == (HIDDEN,) * 5 and dealt["Bot"].deck == (HIDDEN,) * 5, dealt
