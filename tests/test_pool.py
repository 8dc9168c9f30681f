"""The server's bot pool (a11y_dominion/server/pool.py): bots that decide in worker processes.

Games played with :class:`PoolBot` seats under ``Table.run_async`` have records equal, byte for
byte, to the same games at a table of in-process bot seats (the console's ``BotSeat`` over a
``LazyBot``, as ``host`` seats its bots); a worker killed in the middle of a game is replaced
and the game ends identically; a bot that hangs trips the watchdog and ``medium`` answers; a
table whose think-pool bot is busy does not hold up another table's quick-pool answers; a
replica that fell out of step is opened again. The tests that start worker processes are
marked e2e."""

from __future__ import annotations

import asyncio
import logging
import shutil
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.console.seat import BotSeat
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.record import dumps, make_record
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import LazyBot
from a11y_dominion.server.config import BotsSection
from a11y_dominion.server.pool import (
    FALLBACK,
    QUICK_LIMIT,
    BotPool,
    BotPools,
    BotSpec,
    PoolBot,
    PoolError,
    pool_sizes,
    start_method,
    think_limit,
)
from a11y_dominion.table import Table
from poolbots import add_test_kinds

NAMES = ["Ann", "Bob", "Cid", "Dee"]
HARD = {"rollouts": 4}


def new_game(seed: int, names: list[str] = NAMES) -> Game:
    """A seeded game of a random Kingdom (with its Events and Landmarks) for ``names``."""
    piles, events, landmarks = choose_setup("random", None, None, seed)
    return Game(GameConfig(list(names), piles, events, landmarks, seed))


def in_process(seed: int, kinds: list[str], most: int | None = None) -> tuple[str, str | None]:
    """The record (JSON text) of the game of ``seed`` played by in-process bot seats of
    ``kinds`` (seat i seeded ``seed + i``, a hard bot with 4 rollouts), and its result."""
    game = new_game(seed)
    seats = {
        name: BotSeat(
            name,
            LazyBot(kind, seed + i, rollouts=HARD["rollouts"] if kind == "hard" else None),
            seed + i,
            steps=lambda: len(game.answers),
        )
        for i, (name, kind) in enumerate(zip(NAMES, kinds, strict=True))
    }
    result = Table(game, seats, max_answers=most).run()
    return dumps(make_record(game)), result


def specs(pools: BotPools, seed: int, kinds: list[str]) -> dict[str, BotSpec]:
    """The pool's specs of seats of ``kinds`` seeded as :func:`in_process` seeds them."""
    return {
        name: pools.spec(kind, seed + i, HARD["rollouts"] if kind == "hard" else None)
        for i, (name, kind) in enumerate(zip(NAMES, kinds, strict=True))
    }


def make_pools(limit: float | None = None, method: str | None = None) -> BotPools:
    """Two pools of one worker each, started by ``method`` (None: this platform's), the test
    bot kinds added in each worker; ``limit``: the think pool's watchdog in seconds (None:
    its default); the quick pool's is its default."""
    method = method or start_method()
    return BotPools(
        BotPool("quick", 1, QUICK_LIMIT, method, add_test_kinds),
        BotPool("think", 1, think_limit(1000) if limit is None else limit, method, add_test_kinds),
    )


def with_pools(body: Callable[[BotPools], Awaitable[Any]], **options: Any) -> Any:
    """Run ``body(pools)`` in a new event loop with pools of :func:`make_pools`, closed after."""

    async def main() -> Any:
        pools = make_pools(**options)
        pools.start()
        try:
            return await body(pools)
        finally:
            await pools.close()

    return asyncio.run(main())


async def pooled(
    pools: BotPools,
    key: str,
    seed: int,
    kinds: list[str],
    most: int | None = None,
    wrap: Callable[[dict[str, PoolBot]], dict[str, Any]] | None = None,
) -> tuple[str, str | None]:
    """The record and result of the game of ``seed`` played under ``run_async`` by the pools'
    bots of ``kinds`` (``wrap`` may put seats of its own around them)."""
    game = new_game(seed)
    seats: dict[str, Any] = pools.seats(key, lambda: game, specs(pools, seed, kinds))
    if wrap is not None:
        seats = wrap(seats)
    result = await Table(game, seats, max_answers=most).run_async()
    pools.close_table(key)
    return dumps(make_record(game)), result


# ---------------------------------------------------------------- without processes
@pytest.mark.parametrize(
    ("platform", "method"),
    [("linux", "forkserver"), ("darwin", "forkserver"), ("freebsd14", "forkserver"), ("win32", "spawn")],
)
def test_workers_start_by_forkserver_on_posix_and_spawn_on_windows(platform: str, method: str) -> None:
    assert start_method(platform) == method


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_the_pools_from_the_config_start_by_the_platforms_method(platform: str) -> None:
    pools = BotPools.from_config(BotsSection(quick_workers=2, think_workers=3, hard_think_ms=500), 8, platform)
    assert (pools.quick.method, pools.think.method) == (start_method(platform),) * 2
    assert (len(pools.quick.workers), len(pools.think.workers)) == (2, 3)
    assert (pools.quick.limit, pools.think.limit) == (5.0, 5.5)
    assert not pools.quick.started


@pytest.mark.parametrize(
    ("cores", "sizes", "think_beside_3"),
    [(1, (1, 1), 1), (2, (1, 1), 1), (4, (1, 2), 1), (8, (2, 5), 4), (16, (4, 11), 12), (None, (1, 1), 1)],
)
def test_pool_sizes_follow_the_cores_unless_the_operator_gives_them(
    cores: int | None, sizes: tuple[int, int], think_beside_3: int
) -> None:
    assert pool_sizes(BotsSection(), cores) == sizes
    assert pool_sizes(BotsSection(quick_workers=3), cores) == (3, think_beside_3)
    assert pool_sizes(BotsSection(quick_workers=2, think_workers=6), cores) == (2, 6)


def test_a_hard_bot_thinks_the_operators_time_unless_its_rollouts_bound_it() -> None:
    pools = BotPools.from_config(BotsSection(hard_think_ms=700), 2, "linux")
    assert pools.spec("hard", 5) == BotSpec("hard", 5, 700, None)
    assert pools.spec("hard", 5, 4) == BotSpec("hard", 5, None, 4)
    assert pools.spec("medium", 5, 4) == BotSpec("medium", 5, None, None)
    assert pools.pool_for("hard") is pools.think
    assert [pools.pool_for(k) is pools.quick for k in ("medium", "bmu", "bigmoney", "easy", "x.toml")] == [True] * 5


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        BotPool("quick", 0, 1.0)


# ---------------------------------------------------------------- the same games
@pytest.mark.e2e
def test_games_through_the_pool_have_the_records_of_in_process_bots(tmp_path: Path) -> None:
    strategy = tmp_path / "my-smithy.toml"
    shutil.copy(Path(__file__).parent.parent / "a11y_dominion" / "strategies" / "smithy.toml", strategy)
    games = [
        (3, ["medium", "bigmoney", "bmu", str(strategy)]),
        (8, ["bmu", str(strategy), "medium", "medium"]),
        (11, ["hard", "medium", "bigmoney", "hard"]),
    ]
    expected = [in_process(seed, kinds) for seed, kinds in games]

    async def body(pools: BotPools) -> list[tuple[str, str | None]]:
        # the three tables play at once, as a server's do
        runs = [pooled(pools, f"t{i}", seed, kinds) for i, (seed, kinds) in enumerate(games)]
        return list(await asyncio.gather(*runs))

    got = with_pools(body)
    for (record, result), (want, want_result) in zip(got, expected, strict=True):
        assert result is None and want_result is None
        assert record == want
    assert all(len(make_answers(r)) > 100 for r, _ in got)


@pytest.mark.e2e
def test_spawned_workers_as_on_windows_play_the_same_game() -> None:
    """Workers started by ``spawn`` (Windows' method), tried here on this system too."""
    kinds = ["bmu", "medium", "hard", "bigmoney"]
    want = in_process(12, kinds, most=80)

    async def body(pools: BotPools) -> tuple[str, str | None]:
        assert pools.quick.method == pools.think.method == "spawn"
        return await pooled(pools, "w", 12, kinds, most=80)

    assert with_pools(body, method="spawn") == want


def make_answers(record: str) -> list[Any]:
    """The answers of a record's JSON text."""
    import json

    answers: list[Any] = json.loads(record)["answers"]
    return answers


@pytest.mark.e2e
def test_a_worker_killed_mid_game_is_replaced_and_the_game_ends_identically(caplog: pytest.LogCaptureFixture) -> None:
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(21, kinds)
    seen: dict[str, Any] = {}

    def wrap(seats: dict[str, PoolBot]) -> dict[str, Any]:
        bot = seats["Cid"]

        class Killing:
            """Cid's seat, which kills its worker before its 5th decision."""

            hears_events = False
            reads_scores = False
            quick_view = True

            def __init__(self) -> None:
                self.asked = 0

            def decide(self, d: Any, view: Any) -> Any:
                self.asked += 1
                if self.asked == 5:
                    worker = bot.table.worker
                    seen["pid"] = worker.process.pid
                    worker.process.kill()
                return bot.decide(d, view)

        return {**seats, "Cid": Killing()}

    async def body(pools: BotPools) -> tuple[str, str | None]:
        out = await pooled(pools, "t", 21, kinds, wrap=wrap)
        worker = pools.quick.workers[0]
        seen["after"] = (worker.process.pid, worker.replaced)
        return out

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, result = with_pools(body)
    assert result is None
    assert record == want
    pid, replaced = seen["after"]
    assert replaced == 1 and pid != seen["pid"]
    killed = -15 if sys.platform == "win32" else -9  # (Windows ends it as by SIGTERM, POSIX by SIGKILL)
    assert f"The quick bot worker 1 ended (exit code {killed}); a new one takes over its 1 tables." in caplog.messages


@pytest.mark.e2e
def test_a_bot_that_hangs_trips_the_watchdog_and_medium_answers(caplog: pytest.LogCaptureFixture) -> None:
    """The stuck bot's seat is answered by medium at every decision it is asked (each time its
    worker is replaced); the game is the game of a medium bot of that seat's seed and events."""
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(5, kinds, most=40)

    async def body(pools: BotPools) -> tuple[str, str | None, int]:
        game = new_game(5)
        seats_specs = specs(pools, 5, kinds)
        seats: dict[str, Any] = pools.seats("q", lambda: game, {n: s for n, s in seats_specs.items() if n != "Cid"})
        # Cid's stuck bot in the think pool, with Cid's seed: medium answers as Cid's medium bot
        think = pools.think.open("t", lambda: game, {"Cid": BotSpec("stuck", seats_specs["Cid"].seed)})
        seats["Cid"] = think.seat("Cid")
        result = await Table(game, seats, max_answers=40).run_async()
        return dumps(make_record(game)), result, pools.think.workers[0].replaced

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, result, replaced = with_pools(body, limit=0.25)
    assert result == "The game did not end within 40 answers."
    assert record == want
    stuck = [m for m in caplog.messages if m.startswith("Cid's stuck bot")]
    assert stuck and stuck[0] == f"Cid's stuck bot took longer than 0.25 s at table t; {FALLBACK} answered."
    assert replaced == len(stuck)


@pytest.mark.e2e
def test_a_bot_that_fails_is_answered_by_medium_in_the_same_worker(caplog: pytest.LogCaptureFixture) -> None:
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(6, kinds, most=40)

    async def body(pools: BotPools) -> tuple[str, int]:
        game = new_game(6)
        given = specs(pools, 6, kinds)
        given["Cid"] = BotSpec("broken", given["Cid"].seed)
        seats: dict[str, Any] = pools.seats("b", lambda: game, given)
        await Table(game, seats, max_answers=40).run_async()
        return dumps(make_record(game)), pools.quick.workers[0].replaced

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, replaced = with_pools(body)
    assert record == want
    assert replaced == 0
    assert "A bot at table b failed (ZeroDivisionError: this bot cannot count)." in caplog.messages


@pytest.mark.e2e
def test_a_decision_that_ends_its_worker_twice_is_answered_by_medium(caplog: pytest.LogCaptureFixture) -> None:
    """Cid's bot ends its worker's process at each decision: the worker is replaced, the
    decision asked again, and after the second end medium answers on the third worker."""
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(6, kinds, most=30)

    async def body(pools: BotPools) -> tuple[str, int, int]:
        game = new_game(6)
        given = specs(pools, 6, kinds)
        given["Cid"] = BotSpec("crash", given["Cid"].seed)
        seats: dict[str, Any] = pools.seats("c", lambda: game, given)
        await Table(game, seats, max_answers=30).run_async()
        cid = sum(1 for s in record_steps(game) if s == "Cid")
        return dumps(make_record(game)), pools.quick.workers[0].replaced, cid

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, replaced, cid = with_pools(body)
    assert record == want
    ended = "The quick bot worker 1 ended (exit code 3); a new one takes over its 1 tables."
    assert cid > 0
    assert replaced == caplog.messages.count(ended) == 2 * cid


def record_steps(game: Game) -> list[str]:
    """Who gave each answer of ``game``, replayed from its record."""
    from a11y_dominion.record import Step, replay

    steps: list[Step] = []
    replay(make_record(game), steps)
    return [s.player for s in steps]


@pytest.mark.e2e
def test_a_busy_think_pool_does_not_hold_up_the_quick_pools_answers() -> None:
    """Table 1's bot in the think pool never answers (its watchdog far away); meanwhile table
    2's medium bots in the quick pool play a whole game, and table 1's question is still
    pending when it ends."""
    kinds = ["medium", "medium", "medium", "medium"]
    want, _ = in_process(9, kinds)

    async def body(pools: BotPools) -> tuple[str, str | None, bool, bool]:
        slow_game = new_game(4)
        slow_game.start()
        first = slow_game.pending.player
        slow = pools.think.open("slow", lambda: slow_game, {first: BotSpec("stuck", 4)})
        waiting = slow.ask(first)
        record, result = await pooled(pools, "quick", 9, kinds)
        pending = not waiting.done()
        waiting.cancel()
        return record, result, pending, pools.think.workers[0].replaced == 0

    record, result, pending, not_replaced = with_pools(body, limit=600.0)
    assert result is None
    assert record == want
    assert pending and not_replaced


@pytest.mark.e2e
def test_a_table_hears_once_that_its_bot_is_thinking() -> None:
    """A bot that has not answered within ``thinking_after`` seconds is said to be thinking,
    once; the watchdog (far later here) is not what decides it."""

    async def body(pools: BotPools) -> tuple[list[str], bool, str]:
        game = new_game(2)
        game.start()
        first = game.pending.player
        bot = pools.think.open("s", lambda: game, {first: BotSpec("stuck", 2)}).seat(first)
        said: list[str] = []
        heard = asyncio.Event()

        def thinking(name: str) -> None:
            said.append(f"{name} is thinking.")
            heard.set()

        bot.thinking, bot.thinking_after = thinking, 0.05
        answer = asyncio.ensure_future(bot.decide(game.pending, game_view(game, first)))
        await heard.wait()
        done = answer.done()
        answer.cancel()
        return said, done, first

    said, done, first = with_pools(body, limit=600.0)
    assert said == [f"{first} is thinking."] and not done


def game_view(game: Game, name: str) -> Any:
    """The view a table gives a bot seat named ``name``."""
    from a11y_dominion.view import QuickView

    return QuickView(game, name)


@pytest.mark.e2e
def test_a_replica_out_of_step_says_resync_and_is_opened_again(caplog: pytest.LogCaptureFixture) -> None:
    """The loop believes the replica has answers it was never given (a divergence): the worker
    says ``resync``, the replica is opened again from the record, and the game is the same."""
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(14, kinds)
    told: dict[str, int] = {}

    def wrap(seats: dict[str, PoolBot]) -> dict[str, Any]:
        bot = seats["Bob"]
        table = bot.table

        class Skipping:
            hears_events = False
            reads_scores = False
            quick_view = True

            def decide(self, d: Any, view: Any) -> Any:
                if "n" not in told and len(table.game().answers) > 30:
                    told["had"] = table.synced or 0
                    told["n"] = len(table.game().answers)
                    table.synced = told["n"]  # the answers since the last request are never sent
                return bot.decide(d, view)

        return {**seats, "Bob": Skipping()}

    async def body(pools: BotPools) -> tuple[str, str | None]:
        return await pooled(pools, "r", 14, kinds, wrap=wrap)

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, result = with_pools(body)
    assert result is None and record == want
    resyncs = [m for m in caplog.messages if m.startswith("The replica of table r")]
    assert 0 < told["had"] < told["n"]
    assert resyncs == [f"The replica of table r had {told['had']} answers, not {told['n']}; it is opened again."]


@pytest.mark.e2e
def test_a_worker_without_the_tables_replica_has_it_opened_again(caplog: pytest.LogCaptureFixture) -> None:
    """The worker drops the table's replica behind the loop's back: it says ``resync`` at the
    next decision, and the game goes on from the record as before."""
    kinds = ["easy", "bmu", "medium", "easy"]
    want, _ = in_process(15, kinds)
    dropped: list[int] = []

    def wrap(seats: dict[str, PoolBot]) -> dict[str, Any]:
        bot = seats["Dee"]
        table = bot.table

        class Dropping:
            hears_events = False
            reads_scores = False
            quick_view = True

            def decide(self, d: Any, view: Any) -> Any:
                if not dropped and len(table.game().answers) > 40:
                    dropped.append(len(table.game().answers))
                    table.worker.post(("close", table.key))
                return bot.decide(d, view)

        return {**seats, "Dee": Dropping()}

    async def body(pools: BotPools) -> tuple[str, str | None]:
        return await pooled(pools, "d", 15, kinds, wrap=wrap)

    with caplog.at_level(logging.WARNING, logger="a11y_dominion.server.pool"):
        record, result = with_pools(body)
    assert result is None and record == want and dropped
    assert caplog.messages == ["The worker had no replica of table d; it is opened again."]


@pytest.mark.e2e
def test_an_undone_game_is_opened_again_and_a_hint_comes_from_the_think_pool() -> None:
    """After the table replaces its game (an undo to an earlier answer), the bots answer from
    that game, as in-process bots that relearn it would; a hint is asked of the think pool."""
    from a11y_dominion.record import replay

    kinds = ["easy", "bmu", "medium", "easy"]
    full, _ = in_process(17, kinds)

    async def body(pools: BotPools) -> tuple[str, list[Any], str]:
        game = new_game(17)
        holder: dict[str, Table] = {}
        seats = pools.seats("u", lambda: holder["t"].game, specs(pools, 17, kinds))
        table = holder["t"] = Table(game, seats, max_answers=50)
        await table.run_async()
        earlier = make_record(table.game)
        earlier["answers"] = earlier["answers"][:20]
        table.replace_game(replay(earlier))
        table.max_answers = None
        answer, reason = await pools.hint("u", lambda: table.game, table.game.pending.player, think_ms=0)
        await table.run_async()
        return dumps(make_record(table.game)), answer, str(reason)

    record, answer, reason = with_pools(body)
    assert record == full
    assert answer and reason


@pytest.mark.e2e
def test_a_question_the_game_went_on_from_gets_an_empty_answer_and_a_hint_a_sentence() -> None:
    """The table's game is replaced by an earlier one (an undo) while its bot thinks: when the
    question is asked again (its worker replaced), nobody waits for it any more; the decision
    gets an empty answer, which the table passes over, and a hint the sentence."""
    from a11y_dominion.bots.simple import RandomBot
    from a11y_dominion.record import replay

    async def body(pools: BotPools) -> tuple[list[Any], str]:
        game = new_game(2)
        Table(game, {n: RandomBot(i) for i, n in enumerate(NAMES)}, max_answers=10).run()
        holder = {"game": game}
        first = game.pending.player
        table = pools.think.open("s", lambda: holder["game"], {first: BotSpec("stuck", 2)})
        decision = asyncio.ensure_future(table.decide(first))
        hint = asyncio.ensure_future(table.hint(first))
        await asyncio.sleep(0)
        earlier = make_record(game)
        earlier["answers"] = earlier["answers"][:5]
        holder["game"] = replay(earlier)
        table.reset()
        table.worker.replace()
        with pytest.raises(PoolError) as stale:
            await hint
        return await decision, str(stale.value)

    assert with_pools(body, limit=600.0) == ([], "The game went on before the hint was ready.")


@pytest.mark.e2e
def test_a_closed_pool_refuses_and_fails_its_waiting_questions() -> None:
    async def body(pools: BotPools) -> tuple[str, str]:
        game = new_game(2)
        game.start()
        first = game.pending.player
        table = pools.think.open("s", lambda: game, {first: BotSpec("stuck", 2)})
        waiting = table.ask(first)
        await pools.close()
        with pytest.raises(PoolError) as refused:
            table.ask(first)
        with pytest.raises(PoolError) as failed:
            await waiting
        return str(failed.value), str(refused.value)

    assert with_pools(body, limit=600.0) == ("The server's bots stopped.", "The server's bots stopped.")
