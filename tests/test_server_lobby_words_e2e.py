"""The lobby's words with the real OpenSSH client: Ctrl+C says how to log out, a second login
of the account is told to the first session, a name nobody has and a help topic that is none
get one sentence each, a server that stops says that a started game is kept and how to go
back, where the player is welcomed back once, and a language set at a table's seat is the one the
lobby answers in for the rest of the session."""

from __future__ import annotations

import re

import pexpect
import pytest

import serverplay as sp
from remoteplay import received_text

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


def test_ctrl_c_a_second_login_a_missing_name_and_a_missing_help_topic(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            ann.send(b"\x03")
            ann.expect(rb"Nothing to clear\. Type quit to log out\.")
            ann.send(b"tabl")
            ann.send(b"\x03")
            ann.expect(rb"Line cleared\. Type quit to log out\.")
            again = sp.login(server, "Ann", tmp_path / "again.bytes", key=key)
            again.expect(rb"Welcome back, Ann\.")
            ann.expect(  # (an account with a key alone has no password to change)
                rb"Your account just logged in again elsewhere, and this session goes on; if that was not you, "
                rb"type account to hear the SSH keys that log in to it\."
            )
            sp.close(again)
            sp.lobby_line(ann, "tell nobody hi", rb"Nobody named nobody is logged in\.")
            sp.lobby_line(ann, "help nonsense", rb"There is no help on nonsense; help tells about each command below\.")
            ann.expect(rb"Lobby commands: tables, new")
        finally:
            sp.close(ann)
        server.stopped()
    said = received_text((tmp_path / "ann.bytes").read_bytes())
    assert "Type quit to leave the game" not in said and "is not here" not in said


def test_a_stop_says_the_game_is_kept_and_sit_welcomes_nobody_twice(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            server.stopped()
            ann.expect(rb"The server stops; your game at table 1 is kept: after the restart, log in and type sit 1\.")
            ann.expect(pexpect.EOF)
        finally:
            sp.close(ann)
    with sp.served(tmp_path) as server:
        ann = sp.login(server, "Ann", tmp_path / "back.bytes", key=key)
        try:
            ann.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.")
            sp.lobby_line(ann, "sit 1", rb"You go back to your seat at table 1\.\r?\nThe game goes on\.")
            sp.lobby_line(ann, "status", rb"Ann")
        finally:
            sp.close(ann)
        server.stopped()
    said = received_text((tmp_path / "back.bytes").read_bytes())
    assert said.count("Welcome back") == 1


def test_the_lobby_hears_who_logged_in_and_out_and_a_game_s_players_do_not(tmp_path):
    dutch = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
    keys = {name: sp.make_key(tmp_path, name) for name in ("ann", "bea", "cid", "dee")}
    with sp.served(tmp_path, "[signup]\nper_address_per_hour = 10\n") as server:
        ann = sp.signup_key(server, "Ann", keys["ann"], tmp_path / "ann.bytes")
        cid = sp.signup_key(server, "Cid", keys["cid"], tmp_path / "cid.bytes")
        dee = sp.login(server, "Dee", tmp_path / "dee.bytes", key=keys["dee"], options=dutch)
        bea = None
        try:
            dee.expect(rb"\? ja of nee")
            dee.sendline(b"ja")
            dee.expect(rb"Typ help voor de commando's van de lobby\.")
            ann.expect(rb"Dee logged in\.")
            sp.lobby_line(cid, "new players 1 bots bigmoney seed 3", rb"New game for Cid and Bot 1\.")
            bea = sp.signup_key(server, "Bea", keys["bea"], tmp_path / "bea.bytes")
            ann.expect(rb"Bea logged in\.")
            dee.expect(rb"Bea is ingelogd\.")
            again = sp.login(server, "Bea", tmp_path / "again.bytes", key=keys["bea"])  # (a second session: no line)
            again.expect(rb"Welcome back, Bea\.")
            sp.close(again)
            bea.expect(rb"Your account just logged in again elsewhere")
            sp.lobby_line(bea, "quit", rb"Log out\? yes or no")
            sp.lobby_line(bea, "yes", rb"You logged out; goodbye\.")
            ann.expect(rb"Bea logged out\.")
            dee.expect(rb"Bea is uitgelogd\.")
        finally:
            for child in (ann, cid, dee, bea):
                if child is not None:
                    sp.close(child)
        server.stopped()
    ann_said = received_text((tmp_path / "ann.bytes").read_bytes())
    assert [line for line in ann_said.splitlines() if line.endswith(("logged in.", "logged out."))] == [
        "Cid logged in.",
        "Dee logged in.",
        "Bea logged in.",
        "Bea logged out.",
    ]
    cid_said = received_text((tmp_path / "cid.bytes").read_bytes())
    assert "Dee logged in." in cid_said and "Bea logged" not in cid_said  # (Cid plays a started game)
    bea_said = received_text((tmp_path / "bea.bytes").read_bytes())
    assert "Bea logged" not in bea_said


def test_tab_in_the_lobby_lists_at_the_second_tab_in_the_session_s_language(tmp_path):
    dutch = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann"), tmp_path / "ann.bytes")
        bea = sp.login(server, "Bea", tmp_path / "bea.bytes", key=sp.make_key(tmp_path, "bea"), options=dutch)
        try:
            bea.expect(rb"\? ja of nee")
            bea.sendline(b"ja")
            bea.expect(rb"Typ help voor de commando's van de lobby\.")
            ann.send(b"a\t")
            ann.expect(rb"acc")
            ann.send(b"\t")  # the second Tab lists what is left, as readline does
            ann.expect(rb"accept and account\.\r\n")
            ann.send(b"\x15")  # (Ctrl+U: the line is empty again)
            bea.send(b"a\t")
            bea.expect(rb"acc")
            bea.send(b"\t")
            bea.expect(rb"accepteer en account\.\r\n")
            bea.send(b"\x15zi\t\r")
            bea.expect(rb"Typ zit en het nummer van een tafel")
            sp.lobby_line(bea, "settings en", rb"Language English")
            bea.send(b"ta\t\r")  # (now in English: tables)
            bea.expect(rb"No tables yet; type new to open one\.")
        finally:
            sp.close(ann)
            sp.close(bea)
        server.stopped()
    said = received_text((tmp_path / "bea.bytes").read_bytes())
    assert "accept and account" not in said and "accepteer en account." in said


def test_escape_sequences_typed_in_pieces_and_keys_without_a_terminal_put_nothing_in_a_lobby_line(tmp_path):
    from remoteplay import CLIENT_OPTIONS, key_options

    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        args = sp._without(list(CLIENT_OPTIONS), "PubkeyAuthentication=no") + key_options(key) + sp.ENGLISH_NORMAL
        plain = pexpect.spawn("ssh", [*args, "-T", "-p", str(server.port), f"Ann@{server.host}"], timeout=60)
        try:
            plain.expect(rb"Welcome back, Ann\.")
            ann.expect(rb"Your account just logged in again elsewhere")
            ann.send(b"say red evil \x1b]11;rgb:00")  # (a terminal's colour report, in two pieces)
            ann.expect(rb"say red evil ")
            ann.send(b"00/0000/0000\x1b\\ words\r")
            ann.expect(rb"Ann says: (.*?)\r\n")
            assert ann.match.group(1) == b"red evil  words"
            plain.expect(rb"Ann says: red evil  words")
            plain.send(b"say red evil two\x1b[D\x1b[C\r")
            plain.expect(rb"Ann says: (.*?)\r\n")
            assert plain.match.group(1) == b"red evil two"
        finally:
            sp.close(ann)
            sp.close(plain)
        server.stopped()
    said = received_text((tmp_path / "ann.bytes").read_bytes())
    assert "rgb" not in said and "[D" not in said


def test_a_language_set_at_a_table_is_the_one_the_lobby_answers_in_for_the_session(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            sp.lobby_line(ann, "who Ann", rb"Ann is at table 1\.")
            ann.sendline(b"settings set language nl")
            sp.lobby_line(ann, "wie Ann", rb"Ann zit aan tafel 1\.")
            sp.lobby_line(ann, "weg", rb"Het spel aan tafel 1 verlaten\? Het wacht op je")
            sp.lobby_line(ann, "ja", rb"Je hebt het spel aan tafel 1 verlaten; zit 1 brengt je terug\.")
            sp.lobby_line(ann, "tell nobody hi", rb"Er is niemand met de naam nobody ingelogd\.")
        finally:
            sp.close(ann)
        server.stopped()
    said = received_text((tmp_path / "ann.bytes").read_bytes())
    assert "Nobody named" not in said
    # quit's question is the prompt of its answer, as at the keyboard and through join
    assert re.search(r"Het spel aan tafel 1 verlaten\? Het wacht op je; zit 1 brengt je terug\.\s+ja of nee ja\n", said)
    assert "Ann> ja" not in said


def test_rich_output_chosen_in_the_lobby_is_kept_for_the_account_s_next_login(tmp_path, monkeypatch):
    """``settings rich`` is the account's: the next login with a terminal gets rich lines (the
    Supply drawn as a table, card names coloured) without asking again, and ``settings plain``
    brings plain lines back for the login after. (The OpenSSH client tells the server its
    terminal's type from ``TERM``, which CI does not set: a terminal with colours is named.)"""
    monkeypatch.setenv("TERM", "xterm")
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            sp.lobby_line(ann, "settings rich", rb"Output is now rich; kept for your account\.")
            sp.log_out(ann)
            ann.expect(pexpect.EOF)
        finally:
            sp.close(ann)
        again = sp.login(server, "Ann", tmp_path / "again.bytes", key=key)
        try:
            again.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(again, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            sp.lobby_line(again, "supply", rb"Ann> ")
            sp.lobby_line(again, "quit", rb"Leave the game at table 1\?.*yes or no")
            sp.lobby_line(again, "yes", rb"sit 1 brings you back\.")
            sp.lobby_line(again, "settings plain", rb"Output is now plain; kept for your account\.")
            sp.log_out(again)
            again.expect(pexpect.EOF)
        finally:
            sp.close(again)
        third = sp.login(server, "Ann", tmp_path / "third.bytes", key=key)
        try:
            third.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(third, "sit 1", rb"The game goes on\.")
            sp.lobby_line(third, "supply", rb"Ann> ")
        finally:
            sp.close(third)
        server.stopped()
    first = (tmp_path / "ann.bytes").read_bytes()
    rich = (tmp_path / "again.bytes").read_bytes()
    plain = (tmp_path / "third.bytes").read_bytes()
    assert b"\x1b[3" not in first.split(b"Output is now rich")[0]  # (plain until asked)
    assert b"\x1b[33mCopper\x1b[0m" in rich and "─".encode() in rich  # coloured names and the table's rule
    assert b"\x1b[33m" not in plain and "─".encode() not in plain
    assert b"Copper" in plain.split(b"supply")[-1]


def test_a_shortcut_key_set_over_ssh_is_kept_for_the_account_and_works_at_its_next_login(tmp_path):
    """``settings set key`` in the lobby and at a table's seat keeps a shortcut key for the
    account: the key works at once, at the seat's line editor over the real OpenSSH client, and
    at the next login's terminal, in plain output, where help keys names it and no Alt key; an
    Alt key, which comes over ssh as Escape and a letter, is refused in one sentence and nothing
    is kept."""
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            sp.lobby_line(
                ann, "settings set key hand ctrl+r", rb"Ctrl\+R is now a key of hand; kept for your account\."
            )
            sp.lobby_line(
                ann, "settings set key hand alt+j", rb"Alt\+J does not reach the game over ssh, so it was not kept"
            )
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            sp.lobby_line(
                ann, "settings set key score ctrl+t", rb"Ctrl\+T is now a key of score; kept for your account\."
            )
            ann.send(b"\x14")  # Ctrl+T at the seat, at once
            ann.expect(rb"Scores if the game ended now:")
            sp.lobby_line(ann, "quit", rb"Leave the game at table 1\?.*yes or no")
            sp.lobby_line(ann, "yes", rb"sit 1 brings you back\.")
            sp.log_out(ann)
            ann.expect(pexpect.EOF)
        finally:
            sp.close(ann)
        again = sp.login(server, "Ann", tmp_path / "again.bytes", key=key)
        try:
            again.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(again, "sit 1", rb"The game goes on\.")
            again.expect(rb"Ann> ")
            again.send(b"\x12")  # Ctrl+R: the hand, kept from the last login
            again.expect(rb"Your hand, \d+ cards?:")
            again.send(b"\x14")  # Ctrl+T: the scores
            again.expect(rb"Scores if the game ended now:")
            sp.lobby_line(again, "help keys", rb"Ctrl\+R: read your hand \(command hand\)\.")
            again.expect(rb"Ctrl\+C: clear the line")
        finally:
            sp.close(again)
        server.stopped()
    kept = received_text((tmp_path / "again.bytes").read_bytes())
    assert "^R" not in kept and "^T" not in kept  # (a key typed nothing into the line)
    assert b"\x1b[3" not in (tmp_path / "again.bytes").read_bytes()  # (plain output: the keys work there too)
    helped = kept.split("help keys")[-1]
    assert "Ctrl+T: read the scores (command score)." in helped
    assert "Alt+" not in helped  # (no Alt key reaches the game over ssh: help keys names none)
    # Ctrl+D there leaves the table for the lobby, as quit does, and does not stop the game
    ctrl_d = "Ctrl+D on an empty line: leave the table for the lobby; you are asked first, and sit brings you back."
    assert ctrl_d in " ".join(helped.split())


def test_a_stop_after_the_final_scores_says_goodbye_and_tells_nobody_who_left(tmp_path):
    """A game over is recorded, not kept: a server that stops then says goodbye to its player,
    not that the game is kept (after the restart there is no table to sit at), and the watcher
    still at the table hears that the server stops, not that the player left before it."""
    keys = {name: sp.make_key(tmp_path, name) for name in ("ann", "cid")}
    with sp.served(tmp_path, "[signup]\nper_address_per_hour = 10\n") as server:
        ann = sp.signup_key(server, "Ann", keys["ann"], tmp_path / "ann.bytes")
        cid = sp.signup_key(server, "Cid", keys["cid"], tmp_path / "cid.bytes")
        try:
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"New game for Ann and Bot 1\.")
            sp.lobby_line(cid, "watch 1", rb"You watch table 1: Ann and Bot 1\.")
            sp.play_at_table({"Ann": ann, "Cid": cid}, over=re.escape(sp.AFTER_GAME).encode(), leave=False)
            server.stopped()
            ann.expect(rb"The server stops; goodbye\.")
            ann.expect(pexpect.EOF)
            cid.expect(rb"The server stops; goodbye\.")
            cid.expect(pexpect.EOF)
        finally:
            sp.close(ann)
            sp.close(cid)
    for name in ("ann", "cid"):
        said = received_text((tmp_path / f"{name}.bytes").read_bytes())
        after = said[said.index("Game over.") :]
        assert "is kept" not in after and "has left" not in after, after


def test_leaving_at_a_confirmation_leaves_and_the_question_is_not_asked_again(tmp_path):
    """quit typed at a yes-or-no question of a move (buying Engineer with its Debt before the
    Treasures are played), and yes to leaving the table: the player is in the lobby, and the
    move's question is not put again, nor its refusal said, after "You left the game"."""
    key = sp.make_key(tmp_path, "ann")
    kingdom = "Engineer, Village, Smithy, Market, Moat, Cellar, Chapel, Festival, Library, Laboratory"
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", key, tmp_path / "ann.bytes")
        try:
            new = f"new players 1 bots bigmoney seed 3 kingdom {kingdom}"
            sp.lobby_line(ann, new, rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            sp.lobby_line(ann, "buy Engineer", rb"Buy it anyway\?\s+Type yes to buy: ")
            sp.lobby_line(ann, "quit", rb"Leave the game at table 1\?.*yes or no")
            sp.lobby_line(ann, "yes", rb"You left the game at table 1; sit 1 brings you back\.")
            sp.lobby_line(ann, "who", rb"1 person here: Ann at table 1\.")
        finally:
            sp.close(ann)
        server.stopped()
    said = received_text((tmp_path / "ann.bytes").read_bytes())
    after = said[said.index("You left the game at table 1") :]
    assert said.count("Buy it anyway?") == 1, said[-1500:]
    assert "Buy it anyway" not in after and "Nothing was bought" not in after, after
