"""A fresh player's trial of the server, with the real OpenSSH client and ``join`` in
pseudo-terminals: chat at a table keeps the account's chat limit, over ssh and through join."""

from __future__ import annotations

import re

import pytest

import remoteplay as rp
import serverplay as sp
from test_server_join_e2e import PASSWORD, join_child, password_file

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # OpenSSH and join in pseudo-terminals

DUTCH = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
FLOOD = "".join(f"zeg vloed {n}\r" for n in range(1, 13)).encode()
"""Twelve lines of chat pasted at once, in Dutch."""
SLOW_CHAT = "[limits]\nchat_seconds_per_line = 600\n"
"""A chat limit whose burst of 5 lines gains no line back while a test runs, however slow the
machine: the count of lines said and refused depends on nothing but the paste."""
REFUSED = rb"Je chat te snel, dus die regel is niet gezegd; wacht \d+ seconden\."


def flooded(ann, bea) -> None:
    """Bea pastes :data:`FLOOD` at the table's seat and hears the refusal of her last 7 lines
    (the server reads her lines in order, so all of them are answered); Ann says done after
    it, so all of Bea's chat that reached Ann came before."""
    bea.send(FLOOD)
    for _ in range(7):
        bea.expect(REFUSED)
    sp.lobby_line(ann, "say done", rb"Ann says: done\r?\n")
    bea.expect(rb"Ann zegt: done")


def heard(child) -> str:
    sp.close(child)
    return rp.received_text(open(child.logfile_read.name, "rb").read())


def check_flood(ann_text: str, bea_text: str) -> None:
    """Ann heard the burst of 5 lines and no more; Bea heard each of the other 7 refused."""
    got = re.findall(r"Bea says: vloed (\d+)", ann_text)
    assert got == ["1", "2", "3", "4", "5"], ann_text[-2000:]
    refused = re.findall(REFUSED.decode(), bea_text)
    assert len(refused) == 7, bea_text[-2000:]
    assert "too many" not in bea_text.lower() and "te veel" not in bea_text.lower()


def dutch_bea(tmp_path, server):
    """Bea logged in over ssh by key, in Dutch, past the first settings' question: at the lobby."""
    bea = sp.login(server, "Bea", tmp_path / "bea.log", key=sp.make_key(tmp_path, "bea_key"), options=DUTCH)
    bea.expect(rb"\? ja of nee")
    bea.sendline(b"ja")
    bea.expect(rb"Typ help")
    return bea


def ann_by_join(tmp_path, server):
    """Ann, signed up over ssh with a password, logged in through join (not yet welcomed)."""
    sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
    return join_child(
        tmp_path, server, "Ann", tmp_path / "ann.log", "--password-file", password_file(tmp_path, PASSWORD)
    )


def at_table_1(ann, bea) -> None:
    """Ann opens a table for 2 and Dutch Bea sits down: its game starts."""
    sp.lobby_line(ann, "new players 2", rb"Table 1 is yours")
    sp.lobby_line(bea, "zit 1", rb"Nieuw spel voor Ann en Bea\.")
    ann.expect(rb"New game for Ann and Bea\.")


def dutch_bea_by_join(tmp_path, server):
    """Bea, signed up over ssh with a password, logged in through join in Dutch: at the lobby."""
    sp.close(sp.signup_password(server, "Bea", PASSWORD, tmp_path / "bea-signup.log"))
    secret = password_file(tmp_path, PASSWORD)
    bea = join_child(tmp_path, server, "Bea", tmp_path / "bea.log", "--lang", "nl", "--password-file", secret)
    bea.expect(rb"Welkom terug, Bea\.")
    return bea


@pytest.mark.parametrize("bea_arrives", [dutch_bea, dutch_bea_by_join], ids=["over-ssh", "through-join"])
def test_chat_at_a_table_keeps_the_chat_limit(tmp_path, bea_arrives):
    with sp.served(tmp_path, SLOW_CHAT) as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = bea_arrives(tmp_path, server)
        try:
            at_table_1(ann, bea)
            flooded(ann, bea)
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    check_flood(ann_text, bea_text)


def test_who_left_a_started_game_hears_the_lobby_and_a_say_nobody_hears_says_so(tmp_path):
    with sp.served(tmp_path) as server:
        ann = ann_by_join(tmp_path, server)
        bea = dutch_bea(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            at_table_1(ann, bea)
            sp.lobby_line(
                ann,
                "quit",
                rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+(?:\x1b\[J)?yes or no ",
            )
            sp.lobby_line(ann, "yes", rb"You left the game at table 1; sit 1 brings you back\.")
            sp.lobby_line(bea, "weg", rb"ja of nee")
            sp.lobby_line(bea, "ja", rb"Je hebt het spel aan tafel 1 verlaten; zit 1 brengt je terug\.")
            sp.lobby_line(ann, "who", rb"2 people here: Ann and Bea at table 1\.")
            sp.lobby_line(ann, "say hi lobby", rb"Ann says: hi lobby\r?\n")
            bea.expect(rb"Ann zegt: hi lobby\r?\n")
            sp.lobby_line(bea, "zeg hoi", rb"Bea zegt: hoi\r?\n")
            ann.expect(rb"Bea says: hoi\r?\n")
            sp.lobby_line(ann, "sit 1", rb"You go back to your seat at table 1\.")
            sp.lobby_line(
                bea, "zeg iemand?", rb"Bea zegt: iemand\?\r?\nNiemand anders is in de lobby om het te horen\."
            )
            sp.lobby_line(bea, "zit 1", rb"tafel 1")
            sp.lobby_line(ann, "say bye", rb"Ann says: bye\r?\n")
            ann.sendline(b"quit")
            ann.expect(
                rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+(?:\x1b\[J)?yes or no "
            )
            sp.lobby_line(ann, "yes", rb"You left the game at table 1; sit 1 brings you back\.")
            sp.lobby_line(ann, "say alone", rb"Ann says: alone\r?\nNobody else is in the lobby to hear it\.")
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    assert "Ann says: alone" not in bea_text and "Ann zegt: alone" not in bea_text
    assert ann_text.count("Nobody else is in the lobby to hear it.") == 1


def test_ctrl_c_at_the_log_out_question_cancels_it_over_join_and_ssh(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        ann = join_child(
            tmp_path, server, "Ann", tmp_path / "ann.log", "--password-file", password_file(tmp_path, PASSWORD)
        )
        bea = sp.signup_key(server, "Bea", sp.make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        try:
            ann.expect(rb"Welcome back, Ann\.")
            for child in (ann, bea):
                sp.lobby_line(child, "quit", rb"Log out\? yes or no")
                child.sendintr()
                child.expect(
                    rb"Nothing to clear\. Type quit to log out\.\r?\n(?:.*\r?\n)?"
                    + sp.JOIN_PROMPT
                    + rb"You stay in the lobby\."
                )
                sp.lobby_line(child, "quit", rb"Log out\? yes or no")  # (a command again, not the answer)
                sp.lobby_line(child, "yes", rb"You logged out; goodbye\.")
            ann_code, ann_text = ended_of(ann)
            bea_code, bea_text = ended_of(bea)
        finally:
            sp.close(ann)
            sp.close(bea)
        server.stopped()
    assert ann_code == 0, ann_text
    for text in (ann_text, bea_text):
        assert text.count("You stay in the lobby.") == 1
        assert "leave the game" not in text


def ended_of(child) -> tuple[int | None, str]:
    """Wait for the end of ``child``: its exit code and all it printed, as plain text."""
    import pexpect

    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, heard(child)


def test_quit_at_a_server_table_through_join_asks_the_tables_question_in_english_and_dutch(tmp_path):
    with sp.served(tmp_path) as server:
        secret = password_file(tmp_path, PASSWORD)
        for name in ("Ann", "Bea"):
            sp.close(sp.signup_password(server, name, PASSWORD, tmp_path / f"{name}-signup.log"))
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log", "--password-file", secret)
        bea = join_child(tmp_path, server, "Bea", tmp_path / "bea.log", "--lang", "nl", "--password-file", secret)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            bea.expect(rb"Welkom terug, Bea\.")
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 5", rb"New game for Ann and Bot 1\.")
            sp.lobby_line(bea, "nieuw spelers 1 bots bigmoney seed 5", rb"Nieuw spel voor Bea en Bot 1\.")
            sp.lobby_line(
                ann,
                "quit",
                rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+(?:\x1b\[J)?yes or no ",
            )
            sp.lobby_line(ann, "no", rb"You stay in the game\.")
            sp.lobby_line(
                ann,
                "quit",
                rb"Leave the game at table 1\? It waits for you; sit 1 brings you back\.\s+(?:\x1b\[J)?yes or no ",
            )
            sp.lobby_line(ann, "yes", rb"You left the game at table 1; sit 1 brings you back\.")
            sp.lobby_line(
                bea,
                "weg",
                rb"Het spel aan tafel 2 verlaten\? Het wacht op je; zit 2 brengt je terug\.\s+(?:\x1b\[J)?ja of nee ",
            )
            sp.lobby_line(bea, "ja", rb"Je hebt het spel aan tafel 2 verlaten; zit 2 brengt je terug\.")
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    assert "The host keeps it" not in ann_text and "De host bewaart" not in bea_text


def test_join_says_the_host_keys_fingerprint_before_it_asks_the_password(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log")
        try:
            ann.expect(
                rb"First visit to 127\.0\.0\.1 port \d+: its host key, SHA256:[A-Za-z0-9+/]{43}, is kept for your next "
                rb"visits\.\r?\nPassword of Ann at 127\.0\.0\.1: "
            )
            ann.sendline(PASSWORD.encode())
            ann.expect(rb"Welcome back, Ann\.")
            sp.log_out(ann)
            code, text = ended_of(ann)
        finally:
            sp.close(ann)
        server.stopped()
    assert code == 0, text
    assert text.count("First visit to 127.0.0.1") == 1
    assert "is the one kept from your last visit" not in text


def test_repeat_in_the_lobby_says_its_last_message_over_ssh_and_join(tmp_path):
    with sp.served(tmp_path) as server:
        ann = ann_by_join(tmp_path, server)
        bea = dutch_bea(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(ann, "who", rb"2 people here: Ann and Bea in the lobby\.\r?\n")
            sp.lobby_line(ann, "repeat", rb"2 people here: Ann and Bea in the lobby\.\r?\n")
            sp.lobby_line(bea, "wie", rb"2 personen hier: Ann en Bea in de lobby\.\r?\n")
            sp.lobby_line(bea, "herhaal", rb"2 personen hier: Ann en Bea in de lobby\.\r?\n")
            sp.lobby_line(
                bea, "help herhaal", rb"herhaal: het laatste bericht van de lobby nog eens \(F2 zegt het ook\)\."
            )
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    assert ann_text.count("2 people here: Ann and Bea in the lobby.") == 2
    assert bea_text.count("2 personen hier: Ann en Bea in de lobby.") == 2
    assert "not a lobby command" not in ann_text and "geen commando" not in bea_text


def test_the_servers_lock_file_is_its_owners_only(tmp_path):
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "server.lock").write_text("")
    (tmp_path / "server" / "server.lock").chmod(0o644)  # (as an older server left it)
    with sp.served(tmp_path) as server:
        mode = (server.data / "server.lock").stat().st_mode & 0o777
        server.stopped()
    assert mode == 0o600, oct(mode)
    (tmp_path / "server" / "server.lock").unlink()
    with sp.served(tmp_path) as server:
        mode = (server.data / "server.lock").stat().st_mode & 0o777
        server.stopped()
    assert mode == 0o600, oct(mode)


def test_a_turn_whose_hand_was_told_as_drawn_starts_with_its_count_over_ssh_in_english_and_dutch(tmp_path):
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = dutch_bea(tmp_path, server)
        try:
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 5", rb"New game for Ann and Bot 1\.")
            sp.lobby_line(bea, "nieuw spelers 1 bots bigmoney seed 5", rb"Nieuw spel voor Bea en Bot 1\.")
            for child, end, turn in (
                (
                    ann,
                    "end",
                    rb"You draw [^\r\n]*\.\r\n.*\r\n"
                    rb"Your turn 2\. 5 cards in hand, as drawn; type hand to hear them\.\r\nAnn> ",
                ),
                (
                    bea,
                    "einde",
                    rb"Je trekt [^\r\n]*\.\r\n.*\r\n"
                    rb"Jouw beurt 2\. 5 kaarten in je hand, zoals getrokken; typ hand om ze te horen\.\r\nBea> ",
                ),
            ):
                child.expect(rb"> ")
                sp.lobby_line(child, end, rb"> ")  # the Action phase ends
                sp.lobby_line(child, end, turn)  # the turn ends; the Bot plays its own
            # the reply to a line comes first, then the prompt once (no prompt drawn before it and erased)
            sp.lobby_line(ann, "hand", rb"hand\r\nYour hand, 5 cards: [^\r\n]*\.\r\nAnn> ")
            sp.lobby_line(bea, "who", rb"who\r\n2 personen hier: Ann aan tafel 1; Bea aan tafel 2\.\r\nBea> ")
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    assert "Your turn 2.\n" not in ann_text and "Jouw beurt 2.\n" not in bea_text


def test_repeat_in_the_lobby_says_the_welcome_and_the_log_out_question_again_over_join_and_ssh(tmp_path):
    with sp.served(tmp_path, '[server]\nmotd = "Games on Friday."\n') as server:
        ann = ann_by_join(tmp_path, server)
        bea = None
        try:
            ann.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(
                ann,
                "repeat",
                rb"repeat\r+\n"
                + sp.JOIN_PROMPT
                + rb"Welcome back, Ann\. [^\r\n]*\r\nDominion: [12] (?:person|people) here\.",
            )
            ann.expect(rb"Games on Friday\.")
            bea = dutch_bea(tmp_path, server)  # (Ann's last message was her welcome: no one else came yet)
            sp.lobby_line(
                bea, "herhaal", rb"herhaal\r+\nHet account Bea is gemaakt\. [^\r\n]*\r\nDominion: 2 personen hier\."
            )
            bea.expect(rb"Games on Friday\.")
            bea.send(b"\x1bOQ")  # F2
            bea.expect(rb"Het account Bea is gemaakt\. [^\r\n]*\r\nDominion: 2 personen hier\.\r\nGames on Friday\.")
            for child, quit_, again, no, question, stay in (
                (ann, "quit", "repeat", "no", rb"Log out\? yes or no", rb"You stay in the lobby\."),
                (bea, "stoppen", "herhaal", "nee", rb"Uitloggen\? ja of nee", rb"Je blijft in de lobby\."),
            ):
                sp.lobby_line(child, quit_, question)
                sp.lobby_line(child, again, question)  # the question again, still asked
                sp.lobby_line(child, no, stay)
        finally:
            ann_text, bea_text = heard(ann), heard(bea) if bea is not None else ""
        server.stopped()
    assert ann_text.count("Log out? yes or no") == 2 and ann_text.count("Welcome back, Ann.") == 2
    assert bea_text.count("Uitloggen? ja of nee") == 2 and bea_text.count("Het account Bea is gemaakt.") == 3
    assert "not a lobby command" not in ann_text and "geen commando" not in bea_text


def test_join_narrates_a_table_in_the_language_settings_gave_the_account_in_the_lobby(tmp_path):
    with sp.served(tmp_path) as server:
        ann = ann_by_join(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            sp.lobby_line(
                ann, "settings set language nl", rb"Taal Nederlands, uitgebreidheid normaal; bewaard voor je account\."
            )
            # narrated by join, on Ann's computer
            sp.lobby_line(ann, "nieuw spelers 1 bots bigmoney seed 5", rb"Nieuw spel voor Ann en Bot 1\. Jij begint\.")
            sp.lobby_line(ann, "hand", rb"Je hand, 5 kaarten: ")
            ann.sendintr()  # Ctrl+C: join's own sentence, in Dutch too
            ann.expect(rb"Niets te wissen\.")
        finally:
            text = heard(ann)
        server.stopped()
    after = text[text.index("Taal Nederlands") :]
    assert "New game" not in after and "Your hand" not in after and "Nothing to clear" not in after


def test_sit_typed_at_ones_own_seat_says_so_and_the_session_goes_on_over_ssh_and_join(tmp_path):
    with sp.served(tmp_path) as server:
        ann = ann_by_join(tmp_path, server)
        bea = dutch_bea(tmp_path, server)
        try:
            ann.expect(rb"Welcome back, Ann\.")
            at_table_1(ann, bea)
            sp.lobby_line(bea, "zit 1", rb"Je zit al aan tafel 1\.")
            sp.lobby_line(bea, "hand", rb"Je hand, 5 kaarten: ")
            sp.lobby_line(ann, "sit 1", rb"You already sit at table 1\.")
            sp.lobby_line(ann, "hand", rb"Your hand, 5 cards: ")
        finally:
            ann_text, bea_text = heard(ann), heard(bea)
        server.stopped()
    assert "Your seat was taken" not in ann_text and "Je plaats is overgenomen" not in bea_text
