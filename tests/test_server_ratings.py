"""Ratings on the server: places and openskill ranks from a game's standings (ties, bots left
out, fewer than 2 people not rated, a stand-in's seat its person's), recording a finished game
exactly once across a crash, and the lobby's games, stats and ranking in English and Dutch."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import date

import pytest
from openskill.models import PlackettLuce

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots
from a11y_dominion.server import store as store_module
from a11y_dominion.server.config import ServerConfig
from a11y_dominion.server.database import Connection
from a11y_dominion.server.limits import Rates
from a11y_dominion.server.lobby import Lobby, Person, help_lines
from a11y_dominion.server.ratings import NEW, PERSON, Rating, Standing, places, rate, rating_ranks, standings_of
from a11y_dominion.server.records import decimal, ordinal, ranking_lines
from a11y_dominion.server.store import FinishedGame, IntegrityError, Ranked, Store, record_game, transaction
from a11y_dominion.server.words import parse

TODAY = date(2026, 12, 6)


def run(coro):
    return asyncio.run(coro)


def person_at(seat: int, name: str, account: int, score: int, turns: int = 15) -> Standing:
    return Standing(seat, name, account, PERSON, score, turns)


def bot_at(seat: int, name: str, score: int, turns: int = 15, kind: str = "medium") -> Standing:
    return Standing(seat, name, None, kind, score, turns)


@pytest.fixture
def store(server_database):
    s = Store.open(server_database, now=lambda: "2026-12-06T08:00:00Z")
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


@pytest.mark.parametrize("seed", range(6))
def test_the_first_places_of_a_played_game_are_its_winners(seed):
    kingdom, events, landmarks = choose_setup("basic-intro", None, None, seed)
    game = Game(GameConfig(["Ann", "Bea", "Bot 1"], kingdom, events, landmarks, seed))
    problem = play_bots(
        game, {name: make_bot("bigmoney", seed * 3 + i) for i, name in enumerate(["Ann", "Bea", "Bot 1"])}
    )
    assert problem is None and game.game_over
    standings = standings_of(game, [(1, PERSON), (2, PERSON), (None, "bigmoney")])
    assert [s.score for s in standings] == [game.scores()[n] for n in ("Ann", "Bea", "Bot 1")]
    assert [s.name for s, place in zip(standings, places(standings), strict=True) if place == 1] == list(game.winners)
    assert [(s.account, s.kind, s.turns) for s in standings] == [
        (1, PERSON, game.players[0].turns_taken),
        (2, PERSON, game.players[1].turns_taken),
        (None, "bigmoney", game.players[2].turns_taken),
    ]
    with pytest.raises(ValueError):
        standings_of(game, [(1, PERSON)])


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


def test_a_game_of_no_table_or_one_account_in_two_seats_writes_nothing(store):
    ids = fill(store, ["Ann", "Bea"], tables=1)
    with pytest.raises(IntegrityError):
        run(
            store.record_game(
                finished("g1", 9, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)])
            )
        )
    with pytest.raises(ValueError):
        run(
            store.record_game(
                finished("g2", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Ann", ids["Ann"], 30)])
            )
        )
    assert store.run(lambda con: con.execute("SELECT COUNT(*) FROM games").fetchone()) == (0,)
    assert ratings_of(store) == [("Ann", None, None, 0), ("Bea", None, None, 0)]


def other_connection(server_database: str) -> Connection:
    """A connection to the store's database beside the store's own, as another program's."""
    if server_database.startswith("postgresql://"):
        import psycopg

        return Connection(psycopg.connect(server_database), "other", postgresql=True)
    raw = sqlite3.connect(server_database, isolation_level=None)
    raw.execute("PRAGMA foreign_keys=ON")
    return Connection(raw, "other", postgresql=False)


def test_a_crash_inside_the_transaction_leaves_nothing_and_the_repair_applies_once(store, server_database):
    ids = fill(store, ["Ann", "Bea"])
    game = finished("g1", 1, [person_at(0, "Ann", ids["Ann"], 34), person_at(1, "Bea", ids["Bea"], 30)])
    # another connection writes the whole game and its ratings, then goes without committing,
    # as a process killed before its COMMIT does
    con = other_connection(server_database)
    con.begin()
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


# ---------------------------------------------------------------- the lobby's lines
def played(store: Store) -> dict[str, int]:
    """Ann, Bea, Cid and Dee (who never plays): Ann wins a rated game today, Cid wins one
    yesterday with Bea and a bot, and a game of 3 December is stopped."""
    ids = fill(store, ["Ann", "Bea", "Cid", "Dee"])
    ann, bea, cid = ids["Ann"], ids["Bea"], ids["Cid"]
    games = [
        finished(
            "g1",
            2,
            [person_at(0, "Cid", cid, 41), person_at(1, "Ann", ann, 33), bot_at(2, "Bot 2", 25)],
            ended="2026-12-05T20:00:00Z",
        ),
        finished(
            "g2",
            3,
            [person_at(0, "Ann", ann, 20), person_at(1, "Bea", bea, 18)],
            ended="2026-12-03T20:00:00Z",
            stopped="closed",
            turns=12,
        ),
        finished(
            "g3",
            1,
            [person_at(0, "Ann", ann, 34), person_at(1, "Bea", bea, 30), bot_at(2, "Bot 1", 22)],
            ended="2026-12-06T07:30:00Z",
        ),
    ]
    for game in games:
        assert run(store.record_game(game)) is True
    return ids


def heard(store: Store, account: int, name: str, line: str, language: str = "en") -> list[str]:
    said: list[str] = []
    lobby = Lobby(store, Rates(ServerConfig()), today=lambda: TODAY)
    person = Person(account, name, said.append, {"language": language})
    lobby.enter(person)
    run(lobby.typed(person, line))
    return said


def shown_rating(store: Store, name: str) -> str:
    mu, sigma = store.run(lambda con: con.execute("SELECT mu, sigma FROM accounts WHERE name = ?", (name,)).fetchone())
    return f"{Rating(mu, sigma).shown:.1f}"


def rated_in(store: Store, account: int, game_id: str) -> tuple[float, float]:
    """The account's shown rating after the game and its change, both to one decimal."""
    mb, sb, ma, sa = store.run(
        lambda con: con.execute(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM game_seats WHERE game = ? AND account = ?",
            (game_id, account),
        ).fetchone()
    )
    before = Rating(mb, sb) if mb is not None else NEW
    return Rating(ma, sa).shown, round(round(Rating(ma, sa).shown, 1) - round(before.shown, 1), 1)


def test_games_in_english(store):
    ids = played(store)
    en = Language("en")
    today, up = rated_in(store, ids["Ann"], "g3")
    yesterday, down = rated_in(store, ids["Ann"], "g1")
    assert (decimal(today, en), decimal(up, en), decimal(yesterday, en), decimal(down, en)) == (
        "1.6",
        "3.4",
        "-1.8",
        "-1.8",
    )
    # the change is the difference of the two ratings as said: -1.8, then 1.6, is up 3.4
    latest = "Today, table 5: you won with 34 VP; Bea 30, Bot 1 22. Your rating is 1.6, up 3.4."
    assert heard(store, ids["Ann"], "Ann", "games") == [
        "Your last 3 games.",
        latest,
        # her first rated game: what a rating is, so that a loss to a bot (left out) or a rise after a loss reads
        "Yesterday, table 6: Cid won with 41 VP; Ann 33, Bot 2 25. Your first rating is -1.8: it counts only your "
        "places among people, not bots, and starts at 0, moving toward your skill as the server grows surer of it.",
        "3 December, table 7: stopped at turn 12; the table was closed.",
    ]
    assert heard(store, ids["Ann"], "Ann", "games 1") == ["Your last game.", latest]
    assert heard(store, ids["Dee"], "Dee", "games") == ["You have no finished games yet; sit at a table to play one."]
    assert heard(store, ids["Ann"], "Ann", "games lots") == [
        "Type games, or games and a number, for example: games 20."
    ]


def test_games_in_dutch_with_a_decimal_comma(store):
    ids = played(store)
    nl = Language("nl")
    rating, change = rated_in(store, ids["Bea"], "g3")
    assert change < 0 and "," in decimal(rating, nl)
    assert heard(store, ids["Bea"], "Bea", "partijen", "nl") == [
        "Je laatste 2 partijen.",
        "Vandaag, tafel 5: Ann won met 34 punten; Bea 30, Bot 1 22. "
        f"Je eerste rating is {decimal(rating, nl)}: die telt alleen je plaatsen tussen mensen, niet bots, en begint "
        "bij 0, en gaat naar je kunnen toe naarmate de server er zekerder van wordt.",
        "3 december, tafel 7: gestopt bij beurt 12; de tafel werd gesloten.",
    ]
    assert heard(store, ids["Bea"], "Bea", "partijen veel", "nl") == [
        "Typ partijen, of partijen en een getal, bijvoorbeeld: partijen 20."
    ]


def test_stats_in_english_and_dutch(store):
    ids = played(store)
    ann = shown_rating(store, "Ann")
    assert heard(store, ids["Ann"], "Ann", "stats") == [
        f"Ann: 2 games, 1 won, 1 stopped before the end. Rating {ann} after 2 rated games, provisional; 2nd of 3."
    ]
    assert heard(store, ids["Ann"], "Ann", "statistiek", "nl") == [
        f"Ann: 2 partijen, 1 gewonnen, 1 gestopt voor het einde. Rating {ann.replace('.', ',')} na 2 partijen "
        "met rating, voorlopig; 2e van 3."
    ]
    assert heard(store, ids["Dee"], "Dee", "stats") == [
        "Dee: 0 games, 0 won, 0 stopped before the end. Not rated yet: a rated game of 2 or more people rates you."
    ]


def test_ranking_in_english_and_dutch(store):
    ids = played(store)
    r = {name: shown_rating(store, name) for name in ("Ann", "Bea", "Cid")}
    order = sorted(r, key=lambda n: -float(r[n]))
    assert order == ["Cid", "Ann", "Bea"]
    assert heard(store, ids["Bea"], "Bea", "ranking") == [
        "Ranking: 3 rated players; you are 3rd.",
        f"1. Cid, {r['Cid']}, provisional, 1 rated game, 1 won.",
        f"2. Ann, {r['Ann']}, provisional, 2 rated games, 1 won.",
        f"3. Bea, {r['Bea']}, provisional, 1 rated game, 0 won.",
    ]
    assert heard(store, ids["Dee"], "Dee", "ranglijst 1", "nl") == [
        "Ranglijst: 3 spelers met rating; jij hebt nog geen rating.",
        f"1. Cid, rating {r['Cid'].replace('.', ',')}, voorlopig, 1 partij met rating, 1 gewonnen.",
    ]
    assert heard(store, ids["Bea"], "Bea", "ranking me") == heard(store, ids["Bea"], "Bea", "ranking")
    assert heard(store, ids["Bea"], "Bea", "ranking best") == [
        "Type ranking, ranking and a number, or ranking me, for example: ranking 20."
    ]


def test_ranking_me_gives_the_lines_around_ones_own_and_a_number_that_many():
    ranking = [Ranked(i, 100 + i, f"P{i}", 40.0 - i, 5 + i, i) for i in range(1, 13)]
    en = Language("en")
    lines = ranking_lines(ranking, 106, "me", en)
    assert lines == [
        "Ranking: 12 rated players; you are 6th.",
        "4. P4, 36.0, 9 rated games, 4 won.",
        "5. P5, 35.0, 10 rated games, 5 won.",
        "6. P6, 34.0, 11 rated games, 6 won.",
        "7. P7, 33.0, 12 rated games, 7 won.",
        "8. P8, 32.0, 13 rated games, 8 won.",
    ]
    assert len(ranking_lines(ranking, 106, "", en)) == 1 + 10
    assert ranking_lines(ranking, 106, "11", en)[-1] == "11. P11, 29.0, 16 rated games, 11 won."
    assert ranking_lines(ranking, 999, "mij", Language("nl"))[:2] == [
        "Ranglijst: 12 spelers met rating; jij hebt nog geen rating.",
        "1. P1, rating 39,0, 6 partijen met rating, 1 gewonnen.",
    ]


def test_ranking_of_nobody_and_ties_sharing_a_place(store):
    ids = fill(store, ["Ann", "Bea", "Cid"])
    assert heard(store, ids["Ann"], "Ann", "ranking") == [
        "Nobody is rated yet; a rated game of 2 or more people rates its players."
    ]
    game = finished(
        "tie",
        1,
        [person_at(0, "Bea", ids["Bea"], 30), person_at(1, "Ann", ids["Ann"], 30), person_at(2, "Cid", ids["Cid"], 10)],
    )
    run(store.record_game(game))
    lines = heard(store, ids["Cid"], "Cid", "ranking")
    assert [line.split(",")[0] for line in lines[1:]] == ["1. Ann", "1. Bea", "3. Cid"]
    assert lines[0] == "Ranking: 3 rated players; you are 3rd."


def test_ordinals_and_decimals():
    en, nl = Language("en"), Language("nl")
    assert [ordinal(n, en) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]
    assert [ordinal(n, nl) for n in (1, 3, 14)] == ["1e", "3e", "14e"]
    assert [decimal(x, en) for x in (27.44, 0.04, -0.04, -3.25)] == ["27.4", "0.0", "0.0", "-3.2"]
    assert decimal(27.44, nl) == "27,4"


def test_the_commands_are_read_in_dutch_and_in_help():
    assert parse("partijen 20") == ("games", "20")
    assert parse("statistiek") == ("stats", "")
    assert parse("RANGLIJST mij") == ("ranking", "mij")
    en = Language("en")
    assert help_lines("ranglijst", en) == [
        "ranking: the best rated players; ranking 20: the best 20; ranking me: the players around you."
    ]
    assert help_lines("", en)[0] == (
        "Lobby commands: tables, new, sit N, watch N, leave, start, invite NAME, accept, who, say TEXT, "
        "tell NAME TEXT, games, stats, ranking, settings, account, repeat, help and quit."
    )


KILLED_INSIDE = """
import asyncio, sys, threading
from a11y_dominion.server import store as store_module
from a11y_dominion.server.ratings import PERSON, Standing
from a11y_dominion.server.database import Connection
from a11y_dominion.server.store import FinishedGame, Store

def stuck(before, ranks):
    print("inside", flush=True)
    threading.Event().wait()

store_module.rate = stuck
store = Store.open(__import__("pathlib").Path(sys.argv[1]))
game = FinishedGame(
    "g1", 1, "2026-12-06T07:00:00Z", "2026-12-06T07:30:00Z", ("Village",), 15, True, None,
    (Standing(0, "Ann", 1, PERSON, 34, 15), Standing(1, "Bea", 2, PERSON, 30, 15)),
)
asyncio.run(store.record_game(game))
"""


@pytest.mark.e2e
def test_a_server_killed_inside_the_games_transaction_rates_it_once_at_the_next_start(tmp_path):
    path = tmp_path / "server.sqlite3"
    first = Store.open(path, now=lambda: "2026-12-06T08:00:00Z")
    ids = fill(first, ["Ann", "Bea"])
    first.close()
    assert ids == {"Ann": 1, "Bea": 2}
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_INSIDE, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "inside\n"  # the games row is written, the ratings not yet
    finally:
        child.kill()
        child.communicate()
    again = Store.open(path, now=lambda: "2026-12-06T09:00:00Z")
    try:
        assert again.run(lambda con: con.execute("SELECT COUNT(*) FROM games").fetchone()) == (0,)
        assert ratings_of(again) == [("Ann", None, None, 0), ("Bea", None, None, 0)]
        game = finished("g1", 1, [person_at(0, "Ann", 1, 34), person_at(1, "Bea", 2, 30)])
        assert run(again.record_game(game)) is True
        assert run(again.record_game(game)) is False
        assert [row[3] for row in ratings_of(again)] == [1, 1]
    finally:
        again.close()


NO_GAMES_NL = "Je hebt nog geen uitgespeelde partijen; ga aan een tafel zitten om er een te spelen."


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "You have no finished games yet; the game at table 1 is listed once it ends."),
        ("nl", "Je hebt nog geen uitgespeelde partijen; de partij aan tafel 1 komt erbij zodra die afgelopen is."),
    ],
)
def test_games_tells_someone_seated_that_the_game_at_their_table_is_listed_once_it_ends(
    store, tmp_path, language, said
):
    from a11y_dominion.server.tables import Tables

    ids = fill(store, ["Ann"], tables=0)
    lobby = Lobby(store, Rates(ServerConfig()), today=lambda: TODAY)
    lobby.tables = Tables(store, tmp_path / "games", seed=lambda: 7)
    heard: list[str] = []
    ann = Person(ids["Ann"], "Ann", heard.append, {"language": language})
    lobby.enter(ann)
    run(lobby.typed(ann, "games"))
    lobby_said = {"en": "You have no finished games yet; sit at a table to play one.", "nl": NO_GAMES_NL}[language]
    assert heard[-1] == lobby_said  # in the lobby: a seat to take
    run(lobby.typed(ann, "new players 2"))  # seated, waiting for a second person
    run(lobby.typed(ann, "games"))
    assert heard[-1] == said
