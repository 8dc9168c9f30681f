"""An autosave whose fsyncs run in a thread pool (the server's): each line is in the file at
once, and the table tells no seat a person's answer before its fsync is done, while the event
loop goes on meanwhile."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

from a11y_dominion.autosave import Autosave, read_saved
from a11y_dominion.bots.simple import BigMoneyBot
from a11y_dominion.record import make_record
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table

TIMEOUT = 60.0  # seconds: only ends a hung test


class Person:
    """A seat that answers later (as a remote person's does) with Big Money's answer."""

    def __init__(self) -> None:
        self.bot = BigMoneyBot(1)
        self.answered = 0

    def tell(self, events) -> None:
        pass

    async def decide(self, d, view):
        await asyncio.sleep(0)
        self.answered += 1
        return self.bot.decide(d, view)


class Listener:
    """A bot seat that counts the events it was told."""

    def __init__(self) -> None:
        self.bot = BigMoneyBot(2)
        self.heard = 0

    def tell(self, events) -> None:
        self.heard += len(events)

    def decide(self, d, view):
        return self.bot.decide(d, view)


async def until(check) -> None:
    """Let the loop run until ``check()`` holds (or fail after :data:`TIMEOUT`)."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "the condition never held"
        await asyncio.sleep(0.001)


def test_a_persons_answer_is_told_only_once_its_fsync_in_the_syncer_is_done(tmp_path):
    game = Game(GameConfig(["Ann", "Bob"], ["Villa", "Castles"], [], [], 9))
    ann, bob = Person(), Listener()
    syncer = ThreadPoolExecutor(1)
    save = Autosave.create(
        make_record(game, [["Ann", "remote"], ["Bob", "bigmoney"]]),
        humans=["Ann"],
        folder=tmp_path,
        history=False,
        syncer=syncer,
    )
    table = Table(game, {"Ann": ann, "Bob": bob})
    table.autosave = save
    gate = threading.Event()

    def answer_lines() -> list:
        return [json.loads(line) for line in save.path.read_bytes().splitlines()[1:]]

    async def main() -> None:
        blocker = syncer.submit(gate.wait, TIMEOUT)  # the syncer's one thread is busy until the gate opens
        playing = asyncio.ensure_future(table.run_async())
        await until(lambda: ann.answered >= 1)
        await until(lambda: save.answers == len(game.answers))
        # Ann's answer is in the file at once (a kill -9 now keeps it), its fsync waits behind the blocker
        assert [line["p"] for line in answer_lines()].count("Ann") == 1
        assert answer_lines()[-1]["n"] == len(game.answers) - 1
        told = bob.heard
        logged = len(game.log)
        for _ in range(50):  # the loop goes on, and the table does not tell Bob the answer
            await asyncio.sleep(0)
        assert not playing.done() and bob.heard == told and table.told["Bob"] < logged == len(game.log)
        assert ann.answered == 1
        gate.set()
        blocker.result(TIMEOUT)
        await until(lambda: table.told["Bob"] >= logged)
        assert bob.heard > told
        assert await asyncio.wait_for(playing, TIMEOUT) is None

    try:
        asyncio.run(main())
    finally:
        gate.set()
        save.close()
        syncer.shutdown()
    assert game.game_over
    saved = read_saved(save.path)
    assert saved.finished and len(saved.answers) == len(game.answers) and not saved.torn
    assert saved.answers == [line["a"] for line in answer_lines()[:-1]]


def test_close_waits_for_the_fsync_in_the_syncer_before_it_closes_the_file(tmp_path):
    game = Game(GameConfig(["Ann", "Bob"], ["Villa", "Castles"], [], [], 9))
    syncer = ThreadPoolExecutor(1)
    save = Autosave.create(
        make_record(game, [["Ann", "remote"], ["Bob", "bigmoney"]]),
        humans=["Ann", "Bob"],
        folder=tmp_path,
        history=False,
        syncer=syncer,
    )
    table = Table(game, {"Ann": BigMoneyBot(1), "Bob": BigMoneyBot(2)})
    table.autosave = save
    gate = threading.Event()

    def open_once_closing() -> None:  # (close has begun when the autosave let go of its descriptor)
        while save._fd is not None:
            threading.Event().wait(0.001)
        gate.set()

    opener = threading.Thread(target=open_once_closing)
    try:
        blocker = syncer.submit(gate.wait, TIMEOUT)
        game.start()
        d = game.pending
        assert d is not None
        assert table.submit(d.player, table.seats[d.player].decide(d, table.view(d.player))) is None
        [job] = save._syncs
        assert not job.began and job.future is not None
        opener.start()
        save.close()
        # close returned only once the fsync of its descriptor was done, with no error
        assert job.future.done() and job.error is None and blocker.done()
    finally:
        gate.set()
        opener.join(TIMEOUT)
        syncer.shutdown()
    assert len(read_saved(save.path).answers) == 1
