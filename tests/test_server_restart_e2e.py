"""A server killed with SIGKILL (``kill -9``) and started again on the same folder, with the real
OpenSSH client: a second server on that folder is refused in one sentence; two players and a
bot find their table at the same decision, the one asked hears where the turn stands in the
sentence the other hears, the hand and the question they were asked before the kill, each once,
and they play it to its end, whose autosave goes on from the bytes it had
before the kill; a person playing two ``medium`` bots, the server killed three times at seeded
moments while the game waits for her answer, finds each time the same hand and question with
the autosave unchanged, and the game ends as the same game never stopped does; an unstarted
table comes back with its people, who sit back down, in English and Dutch. The first runs on
the server's SQLite file and on a PostgreSQL database (a throwaway cluster, not killed)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import sqlite3
import subprocess
import time

import pytest

from a11y_dominion.rules.cards import CARDS, EVENTS, LANDMARKS
from remoteplay import PROGRAM, ROOT, TIMEOUT, received_text
from serverplay import SERVER_E2E, close, lobby_line, login, make_key, play_at_table, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


# how a question at a seat of one person begins: a turn's with its phase, a card's with the card,
# Event or Landmark asking ("Militia: discard 2 cards, down to 3 in hand.")
HEADS = ("Action phase: ", "Buy phase: ", *(f"{name}: " for name in (*CARDS, *EVENTS, *LANDMARKS)))
HEAD = re.compile(rb"\n(?:" + b"|".join(re.escape(head.encode()) for head in HEADS) + rb")")


def question_of(text: str, name: str) -> list[str]:
    """The question ``name`` is asked at the end of ``text`` (plain lines): its heading line
    ("Action phase: ...", "Militia: ...") and its numbered options, up to the prompt."""
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines and lines[-1].strip() == f"{name}>", lines[-3:]
    start = max(i for i, line in enumerate(lines) if line.startswith(HEADS))
    return lines[start:-1]


def postgresql_or_none(server_database: str) -> str | None:
    """The ``--database`` of a server on ``server_database``: its URL for PostgreSQL, None
    (the data folder's own file) for SQLite."""
    return server_database if server_database.startswith("postgresql://") else None


def rows(server, database: str | None, sql: str) -> list:
    """The rows of ``sql`` in the database of the stopped ``server`` (``database``: its URL, or
    None for the data folder's SQLite file), read as the server reads it."""
    from a11y_dominion.server.database import connect

    con = connect(database or server.data / "server.sqlite3")
    try:
        return [tuple(row) for row in con.execute(sql).fetchall()]
    finally:
        con.close()


def test_two_players_and_a_bot_come_back_after_kill_9_at_the_same_question(tmp_path, server_database):
    keys = {name: make_key(tmp_path, f"{name.lower()}_key") for name in ("Ann", "Bea")}
    database = postgresql_or_none(server_database)
    with served(tmp_path, database=database) as server:
        ann = signup_key(server, "Ann", keys["Ann"], tmp_path / "ann.log")
        bea = signup_key(server, "Bea", keys["Bea"], tmp_path / "bea.log")
        children = {"Ann": ann, "Bea": bea}
        try:
            lobby_line(ann, "new players 2 bots medium seed 11", rb"Table 1 is yours")
            lobby_line(bea, "sit 1", rb"The table is full; the game starts\.")
            for child in children.values():
                child.expect(rb"New game for Ann, Bea and Bot 1\.")
            screens = play_at_table(children, most=14)  # 14 lines typed: the next question is up
            [asked] = [name for name, text in screens.items() if text.rstrip().endswith(f"{name}>")]
            other = "Bea" if asked == "Ann" else "Ann"
            lobby_line(children[asked], "options", asked.encode() + rb"> ")  # the question, every option numbered
            question = question_of(received_text(children[asked].before) + f"\n{asked}>", asked)
            assert len(question) >= 3 and question[1].startswith("1. "), question
            printed = server.killed()
        finally:
            close(ann)
            close(bea)
    assert "Table" not in printed  # (nothing was brought back at the first start)
    [saved] = (server.data / "games").glob("*.jsonl")
    kept = saved.read_bytes()  # what the autosave holds at the kill
    answers = len(kept.splitlines()) - 1  # (its header, then one line an answer)
    with served(tmp_path, database=database) as server:
        second = subprocess.run(
            list(PROGRAM) + ["server", "--data", str(server.data), "--port", "0"],
            cwd=str(ROOT),
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert (second.returncode, second.stdout, second.stderr) == (
            2,
            "",
            f"Another server uses the folder {server.data}.\n",
        )  # (the killed server's lock went with it; the restarted one holds the folder)
        children = {name: login(server, name, tmp_path / f"{name}-again.log", key=keys[name]) for name in keys}
        try:
            for name, child in children.items():
                child.expect(rb"Welcome back, " + name.encode() + rb"\. Type help for the lobby's commands\.")
                child.expect(rb"Your game at table 1 waits for you; sit 1 goes back\.")
            lobby_line(children[other], "sit 1", rb"The game goes on\.")
            # the player to answer is away: one sentence says so, not "must answer now" before it
            children[other].expect(rb"The game waits for " + asked.encode() + rb" to come back\.")
            told = [x for x in received_text(children[other].before).splitlines() if x.strip()]
            assert not [x for x in told if "must answer now" in x], told
            lobby_line(children[asked], "sit 1", rb"The game goes on\.")
            children[asked].expect(asked.encode() + rb"> ")
            back = [x for x in received_text(children[asked].before).splitlines() if x.strip()]
            # where the turn stands, in the sentence the other player hears, then the hand, then the
            # same question (its options as when new), each once; a turn's prompt is not said again
            status = back[0].replace("Your turn ", f"{asked}'s turn ", 1)
            assert status in told and status.startswith(f"{asked}'s turn "), (back, told)
            assert back[1].startswith("Your hand, ") and back[-1] == question[-1], back
            if question[0].startswith(("Action phase: ", "Buy phase: ")):
                assert not [x for x in back if x.startswith(("Action phase: ", "Buy phase: "))], back
            else:  # a question inside a card: its heading
                assert question[0] in back, back
            assert len(set(back)) == len(back), back
            child = children[asked]
            child.buffer = child.before + child.after + child.buffer  # (the question, for its answer)
            heard = play_at_table(children)
            for name in keys:
                assert heard[name].count("Game over.") == 1
        finally:
            for child in children.values():
                close(child)
        printed = server.stopped()
    assert printed.splitlines()[0] == f"Table 1 goes on from its saved game, at answer {answers}."
    final = saved.read_bytes()
    assert final.startswith(kept) and len(final) > len(kept)  # the game went on in the same file
    assert final.splitlines()[-1].startswith(b'{"end":')
    assert rows(server, database, "SELECT id FROM games") == [(saved.stem,)]
    assert rows(server, database, "SELECT state, game FROM tables") == [("finished", saved.stem)]
    seats = rows(server, database, "SELECT name, kind FROM game_seats ORDER BY seat")
    assert seats == [("Ann", "person"), ("Bea", "person"), ("Bot 1", "medium")]
    header = json.loads(final.splitlines()[0])
    assert header["extra"]["server"]["accounts"] == {"Ann": 1, "Bea": 2}


def recorded(server) -> None:
    """Wait until the server's database holds the game's record."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        with sqlite3.connect(server.data / "server.sqlite3") as con:
            if con.execute("SELECT id FROM games").fetchall():
                return
        assert time.monotonic() < deadline, "the game does not end"
        time.sleep(0.05)


def answer_lines(saved: bytes) -> list:
    """The answer lines of an autosave's bytes (its header and any end line left out)."""
    return [line for line in saved.splitlines()[1:] if line.startswith(b'{"n":')]


def where_asked(child, name: str) -> tuple:
    """At ``name``'s prompt: type ``hand`` and ``options``; (the lines of the hand, the question
    with every option numbered). The child's buffer then holds the question, for its answer."""
    child.sendline(b"hand")
    # the reply to hand (a turn's start, still unread, may also say "Your hand: ...")
    child.expect(rb"Your hand, \d+ cards?:")
    reply = child.after
    child.expect(name.encode() + rb"> ")
    hand = [line for line in received_text(reply + child.before).splitlines() if line.strip()]
    child.sendline(b"options")
    child.expect(HEAD)  # the question's heading
    head = child.after.lstrip(b"\r\n")
    child.expect(name.encode() + rb"> ")
    question = question_of(received_text(head + child.before) + f"\n{name}>", name)
    child.buffer = child.before + child.after + child.buffer  # (the question, for its answer)
    return hand, question


def person_and_bots_game(base, key, stops: list, kill: bool) -> dict:
    """A table of Ann (a person playing Big Money, :func:`serverplay.play_at_table`) and two
    ``medium`` bots, seed 21, on a server with the folder ``base/server``. At each of ``stops``
    (lines Ann typed since the start, the next question of hers up: the game waits for her, and
    nothing moves), her hand and question are read (:func:`where_asked`) and the autosave's
    bytes kept; with ``kill``, the server is then killed with SIGKILL, started again, and Ann
    logs in, sits back and reads her hand and question again, and the autosave's bytes once
    more. Returns a dict: ``at_stop`` (the autosave's bytes, hand and question at each stop),
    ``again`` (the first line each restarted server printed, the autosave's bytes, hand and
    question after Ann sat back), ``final`` (the autosave's bytes at the end) and ``games``
    (the database's rows of games)."""
    base.mkdir()
    out: dict = {"at_stop": [], "again": []}
    typed = 0

    def at_her_question(ann, path) -> None:
        hand, question = where_asked(ann, "Ann")
        out["at_stop"].append((path.read_bytes(), hand, question))

    with contextlib.ExitStack() as stack:
        server = stack.enter_context(served(base))
        ann = signup_key(server, "Ann", key, base / "ann.log")
        stack.callback(close, ann)
        lobby_line(ann, "new players 1 bots medium,medium seed 21", rb"The game starts\.")
        [path] = (server.data / "games").glob("*.jsonl")
        for i, stop in enumerate(stops):
            play_at_table({"Ann": ann}, most=stop - typed)
            typed = stop
            at_her_question(ann, path)
            if not kill:
                continue
            server.killed()
            server = stack.enter_context(served(base))
            first = server.proc.stdout.readline().strip()
            ann = login(server, "Ann", base / f"ann-{i}.log", key=key)
            stack.callback(close, ann)
            ann.expect(rb"Your game at table 1 waits for you; sit 1 goes back\.")
            lobby_line(ann, "sit 1", rb"The game goes on\.")
            ann.expect(rb"Ann> ")
            hand, question = where_asked(ann, "Ann")
            out["again"].append((first, path.read_bytes(), hand, question))
        heard = play_at_table({"Ann": ann})
        assert heard["Ann"].count("Game over.") == 1
        recorded(server)
        server.stopped()
    out["final"] = path.read_bytes()
    with sqlite3.connect(base / "server" / "server.sqlite3") as con:
        out["games"] = con.execute("SELECT id, turns, stopped FROM games").fetchall()
    return out


def test_a_game_killed_while_its_person_is_asked_comes_back_at_that_question_and_ends_as_never_stopped(tmp_path):
    key = make_key(tmp_path, "ann_key")
    # Ann's lines typed at each kill: the game then waits for her answer, so the kill is exact
    stops = sorted(random.Random(2026).sample(range(2, 40), 3))
    whole = person_and_bots_game(tmp_path / "never-stopped", key, stops, kill=False)
    killed = person_and_bots_game(tmp_path / "killed", key, stops, kill=True)
    assert len(killed["at_stop"]) == len(killed["again"]) == len(whole["at_stop"]) == 3
    for (kept, hand, question), (first, again, hand_again, question_again), (same, hand_whole, question_whole) in zip(
        killed["at_stop"], killed["again"], whole["at_stop"], strict=True
    ):
        answers = len(answer_lines(kept))
        assert first == f"Table 1 goes on from its saved game, at answer {answers}."
        assert again == kept  # (nothing moved: the game waited for Ann, and waits again)
        assert (hand_again, question_again) == (hand, question)  # the same hand, the same question
        assert hand and len(question) >= 3 and question[0].startswith(HEADS)
        assert answer_lines(same) == answer_lines(kept)  # where the game never stopped, the same answers
        assert (hand_whole, question_whole) == (hand, question)
    # every answer line of the whole game is the same, byte for byte; the header and end differ by their dates
    final, never = killed["final"], whole["final"]
    assert final.startswith(killed["at_stop"][0][0])
    assert answer_lines(final) == answer_lines(never) and len(answer_lines(final)) > len(
        answer_lines(killed["at_stop"][-1][0])
    )
    assert json.loads(final.splitlines()[-1])["end"] == json.loads(never.splitlines()[-1])["end"]
    [game] = killed["games"]
    assert whole["games"] == [(whole["games"][0][0], game[1], None)] and game[2] is None


def test_an_unstarted_table_comes_back_after_kill_9_and_its_people_sit_back_in_english_and_dutch(tmp_path):
    keys = {name: make_key(tmp_path, f"{name.lower()}_key") for name in ("Ann", "Bea")}
    dutch = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", keys["Ann"], tmp_path / "ann.log")
        bea = signup_key(server, "Bea", keys["Bea"], tmp_path / "bea.log")
        try:
            lobby_line(ann, "new players 3 bots medium", rb"Table 1 is yours")
            lobby_line(bea, "sit 1", rb"You sit at table 1, seat 2")
            ann.expect(rb"Bea sits down at table 1; 1 seat free\.")
            printed = server.killed()
        finally:
            close(ann)
            close(bea)
    assert "Table" not in printed
    with served(tmp_path) as server:
        ann = login(server, "Ann", tmp_path / "ann-again.log", key=keys["Ann"])
        bea = login(server, "Bea", tmp_path / "bea-again.log", key=keys["Bea"], options=dutch)
        try:
            ann.expect(rb"Your table 1 has not started and keeps your seat; sit 1 takes you back\.")
            bea.expect(rb"Je tafel 1 is nog niet begonnen en houdt je plaats vrij; zit 1 brengt je terug\.")
            lobby_line(
                ann,
                "tables",
                rb"Table 1: Basic Intro, 2 people, 1 seat free, 1 bot \(medium\); not started, owner Ann\.",
            )
            lobby_line(
                ann,
                "sit 1",
                rb"You go back to your seat at table 1; 1 seat free\. The game starts when Ann types start or "
                rb"every seat is taken\.",
            )
            lobby_line(
                bea,
                "zit 1",
                rb"Je gaat terug naar je plaats aan tafel 1; 1 plaats vrij\. Het spel begint als Ann begin typt "
                rb"of als elke plaats bezet is\.",
            )
            lobby_line(ann, "start", rb"New game for Ann, Bea and Bot 1\.")
            bea.expect(rb"Nieuw spel voor Ann, Bea en Bot 1\.")
        finally:
            close(ann)
            close(bea)
        printed = server.stopped()
    assert printed.splitlines()[0] == "Table 1 has not started; it waits again with Ann and Bea seated."


def test_a_restart_says_each_table_brought_back_once_and_logs_it_in_the_data_folder(tmp_path):
    key = make_key(tmp_path, "ann_key")
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", key, tmp_path / "ann.log")
        try:
            lobby_line(ann, "new players 2 bots medium", rb"Table 1 is yours")
            printed = server.killed()
        finally:
            close(ann)
    assert "Table" not in printed
    with served(tmp_path) as server:
        printed = server.stopped()
    said = "Table 1 has not started; it waits again with Ann seated."
    assert printed.splitlines()[0] == said
    assert printed.count(said) == 1  # (its line went to the log, not to the screen a second time)
    logged = (server.data / "server.log").read_text(encoding="utf-8").splitlines()
    # the sign-up's and the new table's INFO lines of the first run (killed: no logout), then the table's line
    # once, INFO too: a table that waits again is what a restart does, not a fault
    assert [line.split(" ", 2)[2] for line in logged] == [
        "a11y_dominion.server INFO: Ann signed up from 127.0.0.1.",
        "a11y_dominion.server.tables INFO: Ann opened table 1",
        f"a11y_dominion.server.tables INFO: {said}",
    ]
