"""Tables on the server with the real OpenSSH client: one player opens a table that bots fill
and plays its game to the end, which ``games`` then lists; two players sit at one table and
play it with a bot; a player leaves a started game, logs in again and sits back down to finish
it."""

from __future__ import annotations

import json
import re

import pytest

from remoteplay import received_text
from serverplay import AFTER_GAME, SERVER_E2E, close, lobby_line, login, make_key, play_at_table, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


def test_a_player_opens_a_table_filled_with_bots_plays_it_to_the_end_and_games_lists_it(tmp_path):
    key = make_key(tmp_path, "ann_key")
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", key, tmp_path / "ann.log")
        try:
            lobby_line(ann, "tables", rb"No tables yet; type new to open one\.")
            ann.sendline(b"new players 1 bots medium,bigmoney seed 5")
            ann.expect(rb"Table 1 is yours, seat 1 of 3; every seat is taken\. The game starts\.")
            ann.expect(rb"New game for Ann, Bot 1 and Bot 2\.")
            stay = re.escape(AFTER_GAME).encode()
            heard = play_at_table({"Ann": ann}, over=stay, leave=False)["Ann"]
            assert heard.count("Game over.") == 1
            lobby_line(ann, "score", rb"Final scores:\r?\nYou: \d+ VP \(")  # (Ann's own)
            lobby_line(ann, "log", rb"Game over\.")
            lobby_line(ann, "leave", rb"You leave table 1; you are in the lobby\.")
            lobby_line(ann, "games", rb"Your last game\.\r?\n")
            ann.expect(rb"\r?\n")
            line = received_text(ann.before)
            assert re.fullmatch(r"Today, table 1: .*", line.strip()), line
            assert "Bot 1" in line and "Bot 2" in line
            lobby_line(ann, "tables", rb"No tables yet; type new to open one\.")
        finally:
            close(ann)
        games = list((server.data / "games").glob("*.jsonl"))
        assert len(games) == 1
        header = json.loads(games[0].read_text(encoding="utf-8").splitlines()[0])
        assert header["extra"]["server"]["number"] == 1
        assert [s[:2] for s in header["record"]["seats"]] == [
            ["Ann", "remote"],
            ["Bot 1", "medium"],
            ["Bot 2", "bigmoney"],
        ]
        assert '"end"' in games[0].read_text(encoding="utf-8").splitlines()[-1]
        server.stopped()
    # the server inherits this test's data folder (tests/conftest.py): its game is not in that user's history
    assert not (tmp_path / "data" / "history.sqlite3").exists()


def test_two_players_sit_at_one_table_play_it_with_a_bot_and_the_game_is_rated(tmp_path):
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = signup_key(server, "Bea", make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        try:
            lobby_line(
                ann,
                "new players 2 bots medium",
                rb"Table 1 is yours, seat 1 of 3; 1 seat free\. Type start to begin with the players seated, "
                rb"or wait for every seat to be taken\.",
            )
            lobby_line(
                bea,
                "tables",
                rb"1 table\.\r?\nTable 1: Basic Intro, 1 person, 1 seat free, 1 bot \(medium\); not started, "
                rb"owner Ann\.",
            )
            lobby_line(bea, "start", rb"You sit at no table; type new to open one\.")
            lobby_line(bea, "sit 1", rb"You sit at table 1, seat 2\. The table is full; the game starts\.")
            ann.expect(rb"Bea sits down at table 1; every seat is taken\. The game starts\.")
            for child in (ann, bea):
                child.expect(rb"New game for Ann, Bea and Bot 1\.")
            heard = play_at_table({"Ann": ann, "Bea": bea}, over=re.escape(AFTER_GAME).encode(), leave=False)
            for name in ("Ann", "Bea"):
                assert "Welcome, " not in heard[name]  # the table said who sits at it: the seat says no more
                assert heard[name].count("Game over.") == 1
            lobby_line(ann, "leave", rb"You leave table 1; you are in the lobby\.")
            bea.expect(rb"Ann has left\.")
            bea.sendcontrol("d")  # (Ctrl+D leaves as leave does)
            bea.expect(rb"You leave table 1; you are in the lobby\.")
            lobby_line(ann, "games", rb"Your last game\.\r?\n")
            ann.expect(rb"\r?\n")
            line = received_text(ann.before).strip()
            assert re.fullmatch(
                r"Today, table 1: .* Your first rating is -?\d+\.\d: it counts only your places .*", line
            ), line
            lobby_line(bea, "stats", rb"Bea: 1 game, [01] won, 0 stopped before the end\.")
        finally:
            close(ann)
            close(bea)
        server.stopped()


def test_a_player_leaves_the_game_logs_in_again_and_sits_back_down_to_finish_it(tmp_path):
    key = make_key(tmp_path, "ann_key")
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", key, tmp_path / "ann.log")
        try:
            ann.sendline(b"new players 1 bots bigmoney seed 5")
            ann.expect(rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            # the question is the prompt of the answer, as at the keyboard and through join
            lobby_line(
                ann, "quit", rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+yes or no "
            )
            lobby_line(ann, "yes", rb"yes\r\nYou left the game at table 1; sit 1 brings you back\.")
            lobby_line(
                ann,
                "tables",
                rb"Table 1: Basic Intro, 1 person, no seat free, 1 bot \(bigmoney\); started, Ann's turn 1\.",
            )
        finally:
            close(ann)
        again = login(server, "Ann", tmp_path / "again.log", key=key)
        try:
            again.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.")
            again.expect(rb"Your game at table 1 waits for you; sit 1 goes back\.")
            lobby_line(again, "sit 1", rb"You go back to your seat at table 1\.\r?\nThe game goes on\.")
            heard = play_at_table({"Ann": again})["Ann"]
            assert heard.count("Game over.") == 1
            lobby_line(again, "games", rb"Your last game\.")
        finally:
            close(again)
        server.stopped()
