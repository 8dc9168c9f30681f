"""What the server tells, over the real OpenSSH client, where it once told nothing or something
untrue: a table kept through a restart whose game starts while one of its people is in the
lobby (she is told at once, the others hear the game and that it waits for her); a second login
while the account plays at a table, with an account that has only a key; a newcomer who types
a name that is taken in another letter case; and the lobby's ``settings rich``."""

from __future__ import annotations

import pytest

from remoteplay import received_text
from serverplay import SERVER_E2E, close, lobby_line, login, make_key, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal

DUTCH = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]


def test_a_kept_table_that_starts_while_its_person_is_in_the_lobby_tells_her_and_waits_for_her(tmp_path):
    keys = {name: make_key(tmp_path, f"{name.lower()}_key") for name in ("Bea", "Cid")}
    with served(tmp_path) as server:
        bea = signup_key(server, "Bea", keys["Bea"], tmp_path / "bea.log")
        cid = signup_key(server, "Cid", keys["Cid"], tmp_path / "cid.log")
        try:
            lobby_line(bea, "new players 2 seed 3", rb"Table 1 is yours")
            printed = server.stopped()
        finally:
            close(bea)
            close(cid)
    assert "Table" not in printed
    with served(tmp_path) as server:
        bea = login(server, "Bea", tmp_path / "bea-again.log", key=keys["Bea"], options=DUTCH)
        cid = None
        try:
            bea.expect(rb"Je tafel 1 is nog niet begonnen en houdt je plaats vrij; zit 1 brengt je terug\.")
            lobby_line(bea, "nodig cid", rb"Cid is uitgenodigd")  # (from the lobby, without zit 1)
            cid = login(server, "Cid", tmp_path / "cid-again.log", key=keys["Cid"])
            cid.expect(rb"Bea invited you to table 1; type accept 1 to sit there\.")
            lobby_line(cid, "accept", rb"You sit at table 1, seat 2\. The table is full; the game starts\.")
            cid.expect(rb"New game for Bea and Cid\. Bea goes first\.")  # the game's start, as when everyone is in
            cid.expect(rb"The game waits for Bea to sit down\.")  # (her question is the first)
            bea.expect(
                rb"Het spel aan tafel 1 is begonnen met 2 spelers: Bea en Cid; typ zit 1 om je plaats in te nemen\."
            )
            # she hears the game from its start, right after her seat's line
            lobby_line(
                bea, "zit 1", rb"Je neemt je plaats in aan tafel 1\.\r?\nNieuw spel voor Bea en Cid\. Jij begint\."
            )
            cid.expect(rb"Bea sits down at the table\.")
        finally:
            close(bea)
            if cid is not None:
                close(cid)
        printed = server.stopped()
    assert printed.splitlines()[0] == "Table 1 has not started; it waits again with Bea seated."
    heard = received_text((tmp_path / "cid-again.log").read_bytes())
    assert "Bea is not at the table yet" not in heard and heard.count("The game waits for Bea") == 1
    assert "Het spel gaat verder" not in received_text((tmp_path / "bea-again.log").read_bytes())


def test_a_second_login_hears_where_the_account_plays_and_what_fits_an_account_with_a_key_alone(tmp_path):
    key = make_key(tmp_path, "ann_key")
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", key, tmp_path / "ann.log")
        again = None
        try:
            lobby_line(ann, "new players 1 bots medium", rb"The game starts\.")
            ann.expect(rb"Ann> ")
            again = login(server, "Ann", tmp_path / "ann-again.log", key=key)
            again.expect(rb"Welcome back, Ann\.")
            again.expect(
                rb"You play at table 1 in another session; sit 1 takes that seat over here, and the other session "
                rb"ends\."
            )
            ann.expect(
                rb"Your account just logged in again elsewhere, and this session goes on; if that was not you, type "
                rb"account to hear the SSH keys that log in to it\."
            )
            lobby_line(
                again,
                "new players 2",
                rb"You cannot open a table while your game at table 1 goes on; you play it in another session, and "
                rb"sit 1 takes it over here\.",
            )
            lobby_line(again, "settings rich", rb"Output is now rich; kept for your account\.")
            lobby_line(again, "sit 1", rb"You go back to your seat at table 1\.")
            ann.expect(rb"Your seat was taken by a new login; this session ends\.")
        finally:
            close(ann)
            if again is not None:
                close(again)
        server.stopped()
    first = received_text((tmp_path / "ann.log").read_bytes())
    assert "waits for you" not in received_text((tmp_path / "ann-again.log").read_bytes())
    assert "account password" not in first  # (an account without a password has none to change)


def test_a_newcomer_typing_a_taken_name_in_another_letter_case_hears_that_it_is_taken(tmp_path):
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        newcomer = None
        try:
            newcomer = login(server, "aNN", tmp_path / "newcomer.log")
            newcomer.expect(
                rb"The name aNN is taken by the account Ann, as a name is the same in any letter case; if that "
                rb"account is not yours, log in again with another name to make your own\."
            )
            newcomer.expect(rb"assword:")  # (said before the password is asked)
        finally:
            close(ann)
            if newcomer is not None:
                close(newcomer)
        server.stopped()
