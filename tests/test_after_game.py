"""After the final scores (:meth:`GameHost.after_the_game`): the remote players who are in are
told once that they may stay; the host goes on until every one of them has left, or until
none of them typed for ``after_game`` seconds; with 0 it does not wait. Without SSH: the
seats' lines go into lists."""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402

STAY = "The game is over. You may stay: log, repeat, score and export work here; type quit to leave.\n"


def make_host(after_game: float) -> tuple:
    """A host of Ann and Bea (remote) and a bot, both in: (host, Ann's lines, Bea's lines, the host's screen)."""
    specs = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    printed: list = []
    host = GameHost(game, specs, 1, Language("en"), out=printed.append, after_game=after_game)
    ann: list = []
    bea: list = []
    host.join("Ann", ann.append, "ann")
    host.join("Bea", bea.append, "bea")
    return host, ann, bea, printed


def test_the_host_stays_until_every_remote_player_has_left():
    async def main():
        host, ann, bea, printed = make_host(600)
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert ann[-1] == STAY and bea[-1] == STAY
        host.people["Ann"].typed("score")  # the queries answer after the game
        assert any(x.startswith("Bot: 3 VP (") for x in ann) and ann[-1].startswith("Provinces left: ")
        host.leave("Ann", "ann")
        await asyncio.sleep(0)
        assert not staying.done()  # Bea is still in
        assert bea[-1] == "Ann has left.\n" and printed[-1] == "Ann has left."
        host.leave("Bea", "bea")
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)
        assert host.joined == []

    asyncio.run(main())


def test_a_typed_line_keeps_the_host_and_quiet_players_are_left_after_the_idle_time():
    async def main():
        host, ann, bea, _printed = make_host(0.2)
        clock = [0.0]
        host.clock = lambda: clock[0]
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        clock[0] = 0.15
        host.typed()  # a line typed: 0.2 seconds more from here
        await asyncio.wait([staying], timeout=0.3)
        assert not staying.done()  # (by the host's clock only 0.15 seconds passed since the line)
        clock[0] = 0.4  # and now none of them typed for 0.25 seconds: the host ends
        await asyncio.wait_for(staying, 5)
        assert host.joined == ["Ann", "Bea"]  # the sessions end as the host ends

    asyncio.run(main())


def test_with_no_time_after_the_game_the_host_does_not_wait():
    async def main():
        host, ann, _bea, _printed = make_host(0)
        await asyncio.wait_for(host.after_the_game(), 5)
        assert STAY not in ann

    asyncio.run(main())
