"""A terminal seat's client that is gone is noticed whichever comes first: a write to it that
fails, or the end of its input. A write that failed first once left the session waiting for a
typed line for ever, never leaving its seat, so that no bot stood in and the game waited."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("asyncssh")

from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.remote import GameHost  # noqa: E402
from a11y_dominion.remote.protocol import ENV_LANGUAGE, ENV_VERBOSITY  # noqa: E402
from a11y_dominion.remote.sshseat import SeatSession  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.seats import parse_seats  # noqa: E402

SPINS = 2000  # turns of the event loop, never a time


class GoneAfterWelcome:
    """A login without a terminal whose client goes once it was welcomed: every later write
    fails (the channel closed under the host), and its input ends when :meth:`hang_up` says so."""

    command = None
    subsystem = None

    def __init__(self) -> None:
        self.env = {ENV_LANGUAGE: "en", ENV_VERBOSITY: "normal"}
        self.channel = self
        self.stdin = self
        self.written: list[str] = []
        self.ended = asyncio.Event()

    def get_extra_info(self, name: str) -> Any:
        return "Ann" if name == "username" else None

    def get_terminal_type(self) -> str | None:
        return None

    def write(self, text: str) -> None:
        if any("Welcome, Ann." in w for w in self.written):
            raise BrokenPipeError("the client is gone")
        self.written.append(text)

    def hang_up(self) -> None:
        self.ended.set()

    async def read(self, size: int) -> str:
        await self.ended.wait()
        return ""

    def exit(self, status: int) -> None:
        self.ended.set()


@pytest.mark.parametrize("first", ["a write fails", "the input ends"])
def test_a_client_gone_leaves_its_seat_and_the_bot_stands_in(first: str) -> None:
    async def main() -> tuple[bool, list[str], bool, str]:
        specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        host = GameHost(game, specs, 1, Language("en"), out=lambda text: None, bot_after=0)
        process = GoneAfterWelcome()
        session = SeatSession(host, process)
        running = asyncio.ensure_future(session.run())
        await host.everyone_in.wait()
        if first == "a write fails":
            session.write("The game starts.\n")  # the first line after the welcome: its write fails
            for _ in range(100):
                await asyncio.sleep(0)
        process.hang_up()
        for _ in range(SPINS):
            await asyncio.sleep(0)
            if running.done() and host.stand_ins["Ann"].active:
                break
        done = running.done()
        if not done:
            running.cancel()
        return done, list(host.joined), host.stand_ins["Ann"].active, "".join(process.written)

    done, joined, standing_in, written = asyncio.run(main())
    assert "Welcome, Ann." in written
    assert done and joined == [] and standing_in
