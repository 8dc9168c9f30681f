"""Ratings on the server: places and openskill ranks from a game's standings (ties, bots left
out, fewer than 2 people not rated, a stand-in's seat its person's), recording a finished game
exactly once across a crash."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from openskill.models import PlackettLuce

from a11y_dominion.server import store as store_module
from a11y_dominion.server.ratings import NEW, PERSON, Rating, Standing, places, rate, rating_ranks
from a11y_dominion.server.store import FinishedGame, Store, record_game, transaction


def run(coro):
    return asyncio.run(coro)


def person_at(seat: int, name: str, account: int, score: int, turns: int = 15) -> Standing:
    return Standing(seat, name, account, PERSON, score, turns)


def bot_at(seat: int, name: str, score: int, turns: int = 15, kind: str = "medium") -> Standing:
    return Standing(seat, name, None, kind, score, turns)


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "server.sqlite3", now=lambda: "2026-12-06T08:00:00Z")
    yield s
    s.close()


def fill(store: Store, names: list[str], tables: int = 3) -> dict[str, int]:
    """Accounts of ``names`` and ``tables`` table rows numbered 1, 2, ... (ids 1, 2, ...)."""

    async def accounts():
        return {name: (await store.add_account(name, password="x")).id for name in names}

    ids = run(accounts())

    def add_tables(con):
        with transaction(con):
            for n in range(1, tables + 1):
                con.execute(
                    "INSERT INTO tables (id, number, owner, options, state, created) "
                    "VALUES (?, ?, ?, '{}', 'playing', ?)",
                    (n, n + 4, None, "2026-12-01T10:00:00Z"),
                )

    store.run(add_tables)
    return ids


def finished(game_id: str, table: int, standings, ended="2026-12-06T07:30:00Z", rated=True, stopped=None, turns=15):
    return FinishedGame(
        id=game_id,
        table_id=table,
        started="2026-12-06T07:00:00Z",
        ended=ended,
        kingdom=("Village", "Smithy"),
        turns=turns,
        rated=rated,
        stopped=stopped,
        standings=tuple(standings),
    )


# ---------------------------------------------------------------- ranks from standings
def test_places_go_by_score_then_fewer_turns_and_ties_share_a_place():
    standings = [
        person_at(0, "Ann", 1, 30, turns=15),
        person_at(1, "Bea", 2, 30, turns=14),
        bot_at(2, "Bot 1", 25),
        person_at(3, "Cid", 3, 25),
        bot_at(4, "Bot 2", 20),
    ]
    assert places(standings) == [2, 1, 3, 3, 5]


def test_rating_ranks_leave_the_bots_out_and_keep_ties():
    standings = [
        bot_at(0, "Bot 1", 40),
        person_at(1, "Ann", 11, 30),
        person_at(2, "Bea", 12, 25),
        person_at(3, "Cid", 13, 25),
    ]
    assert rating_ranks(standings) == {11: 1, 12: 2, 13: 2}


def test_fewer_than_two_people_are_not_rated():
    assert rating_ranks([person_at(0, "Ann", 1, 30), bot_at(1, "Bot 1", 40), bot_at(2, "Bot 2", 10)]) is None
    assert rating_ranks([bot_at(0, "Bot 1", 40), bot_at(1, "Bot 2", 10)]) is None


def test_a_seat_its_stand_in_played_is_rated_as_its_person():
    # Bea left and her stand-in bot played on: her seat is still hers, and she loses
    standings = [person_at(0, "Ann", 1, 35), person_at(1, "Bea", 2, 12)]
    assert rating_ranks(standings) == {1: 1, 2: 2}
    after = rate({}, {1: 1, 2: 2})
    assert after[2].shown < NEW.shown < after[1].shown


def test_one_account_in_two_seats_is_refused():
    with pytest.raises(ValueError):
        rating_ranks([person_at(0, "Ann", 1, 30), person_at(1, "Ann", 1, 20)])


def test_rate_is_openskills_plackett_luce_with_shared_ranks():
    before = {1: Rating(30.0, 5.0), 2: None}
    after = rate(before, {1: 2, 2: 1, 3: 2})
    model = PlackettLuce()
    a, b, c = model.rating(mu=30.0, sigma=5.0), model.rating(), model.rating()
    expected = model.rate([[a], [b], [c]], ranks=[2, 1, 2])
    assert after == {
        1: Rating(expected[0][0].mu, expected[0][0].sigma),
        2: Rating(expected[1][0].mu, expected[1][0].sigma),
        3: Rating(expected[2][0].mu, expected[2][0].sigma),
    }
    assert after[2].mu > 25 and after[3].mu < 25
    assert round(rate({}, {1: 1, 2: 2, 3: 2})[1].shown, 1) == 3.3
    assert NEW.shown == 0.0


# ---------------------------------------------------------------- recording a game
def seats_of(store: Store, game_id: str):
    return store.run(
        lambda con: con.execute(
            "SELECT seat, name, account, kind, score, place, mu_before IS NULL, mu_after IS NULL "
            "FROM game_seats WHERE game = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
    )


def ratings_of(store: Store):
    return store.run(
        lambda con: con.execute("SELECT name, mu, sigma, rated_games FROM accounts ORDER BY id").fetchall()
    )


def test_a_rated_game_is_recorded_with_its_seats_and_new_ratings(store):
    ids = fill(store, ["Ann", "Bea"])
    game = finished(
        "g1", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30), bot_at(2, "Bot 1", 22)]
    )
    assert run(store.record_game(game)) is True
    expected = rate({}, {ids["Ann"]: 1, ids["Bea"]: 2})
    assert ratings_of(store) == [
        ("Ann", expected[ids["Ann"]].mu, expected[ids["Ann"]].sigma, 1),
        ("Bea", expected[ids["Bea"]].mu, expected[ids["Bea"]].sigma, 1),
    ]
    assert seats_of(store, "g1") == [
        (0, "Ann", ids["Ann"], "person", 34, 1, 1, 0),
        (1, "Bea", ids["Bea"], "person", 30, 2, 1, 0),
        (2, "Bot 1", None, "medium", 22, 3, 1, 1),
    ]
    row = store.run(lambda con: con.execute("SELECT rated, kingdom FROM games").fetchone())
    assert row == (1, '["Village", "Smithy"]')
    table = store.run(lambda con: con.execute("SELECT state, ended FROM tables WHERE id = 1").fetchone())
    assert table == ("finished", "2026-12-06T07:30:00Z")


def test_a_game_recorded_again_changes_nothing(store):
    ids = fill(store, ["Ann", "Bea"])
    game = finished("g1", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)])
    assert run(store.record_game(game)) is True
    once = ratings_of(store)
    assert run(store.record_game(game)) is False
    assert ratings_of(store) == once
    assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM game_seats").fetchone()) == (2,)


def test_unrated_stopped_and_one_person_games_leave_ratings_alone(store):
    ids = fill(store, ["Ann", "Bea"])
    two = [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)]
    run(store.record_game(finished("unrated", 1, two, rated=False)))
    run(store.record_game(finished("stopped", 2, two, stopped="closed")))
    run(store.record_game(finished("alone", 3, [person_at(0, "Ann", ids["Ann"], 34), bot_at(1, "Bot 1", 50)])))
    assert ratings_of(store) == [("Ann", None, None, 0), ("Bea", None, None, 0)]
    rated = store.run(lambda con: con.execute("SELECT id, rated FROM games ORDER BY id").fetchall())
    assert rated == [("alone", 0), ("stopped", 0), ("unrated", 0)]


def test_a_crash_inside_the_transaction_leaves_nothing_and_the_repair_applies_once(store, tmp_path):
    ids = fill(store, ["Ann", "Bea"])
    game = finished("g1", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)])
    # another connection writes the whole game and its ratings, then goes without committing,
    # as a process killed before its COMMIT does
    con = sqlite3.connect(tmp_path / "server.sqlite3", isolation_level=None)
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("BEGIN IMMEDIATE")
    assert record_game(con, game) is True
    con.close()
    assert store.run(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()) == (0,)
    assert ratings_of(store) == [("Ann", None, None, 0), ("Bea", None, None, 0)]
    # the repair at the next start records it, once
    assert run(store.record_game(game)) is True
    assert run(store.record_game(game)) is False
    assert [row[3] for row in ratings_of(store)] == [1, 1]


def test_a_failure_after_the_game_row_rolls_the_whole_game_back(store, monkeypatch):
    ids = fill(store, ["Ann", "Bea"])
    game = finished("g1", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)])

    def broken(before, ranks):
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(store_module, "rate", broken)
    with pytest.raises(RuntimeError):
        run(store.record_game(game))
    assert store.run(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()) == (0,)
    monkeypatch.undo()
    assert run(store.record_game(game)) is True
    assert [row[3] for row in ratings_of(store)] == [1, 1]
