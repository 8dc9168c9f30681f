"""The server over SSH with the real OpenSSH client: sign-up with a key and with a password,
logins, letter case, closed sign-up, bans, a full server, tell and chat cleaned byte-level."""

from __future__ import annotations

import json
import sqlite3

import pexpect
import pytest

import serverplay as sp

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client in a pseudo-terminal

PASSWORD = "correct horse battery"


def test_signup_with_a_key_then_a_second_login_lands_in_the_lobby(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        child = sp.signup_key(server, "Ann", key, tmp_path / "first.bytes")
        sp.lobby_line(child, "quit", rb"Log out\? yes or no")
        sp.lobby_line(child, "yes", rb"You logged out; goodbye\.")
        child.expect(pexpect.EOF)
        sp.close(child)
        child = sp.login(server, "Ann", tmp_path / "second.bytes", key=key)
        child.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.\r\n")
        child.expect(rb"Dominion: 1 person here\.")
        sp.lobby_line(child, "who", rb"1 person here: Ann in the lobby\.")
        sp.lobby_line(
            child, "settings language nl", rb"Taal Nederlands, uitgebreidheid normaal; bewaard voor je account\."
        )
        sp.close(child)
        child = sp.login(server, "Ann", tmp_path / "third.bytes", key=key, options=[])  # no language sent
        child.expect(rb"Welkom terug, Ann\. Typ help voor de commando's van de lobby\.\r\n")
        sp.lobby_line(child, "wie", rb"1 persoon hier: Ann in de lobby\.")
        sp.close(child)
        server.stopped()
    ready = json.loads((tmp_path / "ready.json").read_text())
    assert ready["fingerprint"].startswith("SHA256:")
    assert (tmp_path / "server" / "ssh_host_ed25519_key").read_bytes().startswith(b"-----BEGIN OPENSSH PRIVATE KEY")
    first = (tmp_path / "first.bytes").read_bytes()
    assert first.count(b"There is no account named Ann yet") == 1  # (the login's banner; not again after it)
    assert b"Welcome to Dominion.\r\n" in first
    assert b"The account Ann is made. Welcome, Ann." in first
    assert b"There is no account" not in (tmp_path / "second.bytes").read_bytes()


def test_signup_with_a_password_typed_twice_then_a_login_and_a_wrong_password(tmp_path):
    with sp.served(tmp_path) as server:
        child = sp.signup_password(server, "Bea", PASSWORD, tmp_path / "signup.bytes")
        sp.close(child)
        child = sp.login(server, "Bea", tmp_path / "login.bytes", password=PASSWORD)
        child.expect(rb"Welcome back, Bea\.")
        sp.close(child)
        child = sp.login(server, "Bea", tmp_path / "wrong.bytes", password="not the password")
        child.expect(rb"Wrong user name or password\. Log in with your account's name as the user and its password")
        child.expect(rb"assword:")
        sp.close(child)
        server.stopped()
    signup = (tmp_path / "signup.bytes").read_bytes()
    assert PASSWORD.encode() not in signup  # typed again without echo
    assert b"*" not in signup  # not even a star a character, which a screen reader reads out
    con = sqlite3.connect(tmp_path / "server" / "server.sqlite3")
    (stored,) = con.execute("SELECT password FROM accounts WHERE name = 'Bea'").fetchone()
    con.close()
    assert stored.startswith("scrypt$16384$8$1$") and PASSWORD not in stored
    assert PASSWORD.encode() not in b"".join(p.read_bytes() for p in (tmp_path / "server").iterdir() if p.is_file())
    assert b"Welcome back" not in (tmp_path / "wrong.bytes").read_bytes()


def test_passwords_that_differ_make_no_account(tmp_path):
    with sp.served(tmp_path) as server:
        child = sp.login(server, "Cid", tmp_path / "cid.bytes", password=PASSWORD)
        child.expect(rb"Type it again to be sure:")
        child.sendline(b"another password")
        child.expect(rb"The two passwords differ; no account was made\. Log in again to try once more\.")
        child.expect(pexpect.EOF)
        sp.close(child)
        child = sp.signup_password(server, "Cid", PASSWORD, tmp_path / "again.bytes")  # the name is still free
        sp.close(child)


def test_the_name_in_another_letter_case_logs_in_to_the_same_account(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_key(server, "Ann", key, tmp_path / "signup.bytes"))
        child = sp.login(server, "aNN", tmp_path / "case.bytes", key=key)
        child.expect(rb"Welcome back, Ann\.")
        sp.close(child)


def test_closed_signup_refuses_a_new_name_with_one_sentence(tmp_path):
    key = sp.make_key(tmp_path, "dee")
    with sp.served(tmp_path, "[signup]\nopen = false\n") as server:
        child = sp.login(server, "Dee", tmp_path / "dee.bytes", key=key)
        child.expect(rb"This server makes no new accounts; ask its operator for one")
        child.expect(pexpect.EOF)
        sp.close(child)
    assert b"Welcome" not in (tmp_path / "dee.bytes").read_bytes()


def test_a_banned_name_is_refused_in_any_letter_case(tmp_path):
    key = sp.make_key(tmp_path, "mal")
    with sp.served(tmp_path, '[ban]\nnames = ["Mallory"]\n') as server:
        child = sp.login(server, "MALLORY", tmp_path / "mal.bytes", key=key)
        child.expect(rb"The name MALLORY is banned on this server\.")
        child.expect(pexpect.EOF)
        sp.close(child)
    assert b"Welcome" not in (tmp_path / "mal.bytes").read_bytes()


def test_a_banned_address_is_refused(tmp_path):
    key = sp.make_key(tmp_path, "eve")
    with sp.served(tmp_path, '[ban]\naddresses = ["127.0.0.0/8"]\n') as server:
        child = sp.login(server, "Eve", tmp_path / "eve.bytes", key=key)
        child.expect(rb"Your address is banned from this server\.")
        child.expect(pexpect.EOF)
        sp.close(child)
    assert b"Welcome" not in (tmp_path / "eve.bytes").read_bytes()


def test_tell_reaches_the_other_session_only(tmp_path):
    ann_key, bea_key = sp.make_key(tmp_path, "ann"), sp.make_key(tmp_path, "bea")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", ann_key, tmp_path / "ann.bytes")
        bea = sp.signup_key(server, "Bea", bea_key, tmp_path / "bea.bytes")
        sp.lobby_line(ann, "tell bea table 5 in a minute?", rb"You tell Bea: table 5 in a minute\?")
        bea.expect(rb"Ann tells you: table 5 in a minute\?")
        sp.lobby_line(ann, "tell Cid hello", rb"Nobody named Cid is logged in\.")
        sp.lobby_line(bea, "who", rb"2 people here: Ann and Bea in the lobby\.")
        server.stopped()  # everyone in is told, then their sessions end
        for child in (ann, bea):
            child.expect(rb"The server stops; goodbye\.\r\n")
            child.expect(pexpect.EOF)
            sp.close(child)
    assert b"Ann tells you" not in (tmp_path / "ann.bytes").read_bytes()


def test_chat_arrives_without_escape_sequences_or_c1_controls(tmp_path):
    ann_key, bea_key = sp.make_key(tmp_path, "ann"), sp.make_key(tmp_path, "bea")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", ann_key, tmp_path / "ann.bytes")
        bea = sp.signup_key(server, "Bea", bea_key, tmp_path / "bea.bytes")
        ann.sendline("say hi\x1b]0;title\x07 there\x9b31m x".encode())
        bea.expect(rb"Ann says: hi there x\r\n")
        sp.close(ann)
        sp.close(bea)
    received = (tmp_path / "bea.bytes").read_bytes()
    assert b"Ann says: hi there x\r\n" in received
    assert b"title" not in received
    assert b"\xc2\x9b" not in received and b"\x1b]" not in received and b"31m" not in received


def test_a_full_server_says_so_in_one_sentence(tmp_path):
    ann_key, bea_key = sp.make_key(tmp_path, "ann"), sp.make_key(tmp_path, "bea")
    with sp.served(tmp_path, "[server]\nmax_sessions = 1\n") as server:
        ann = sp.signup_key(server, "Ann", ann_key, tmp_path / "ann.bytes")
        bea = sp.login(server, "Bea", tmp_path / "bea.bytes", key=bea_key)
        bea.expect(rb"The server is full: 1 person is connected, its most\. Try again in a few minutes\.")
        bea.expect(pexpect.EOF)
        sp.close(bea)
        sp.lobby_line(ann, "who", rb"1 person here: Ann in the lobby\.")
        sp.close(ann)


def test_enter_alone_or_help_at_the_key_signup_question_asks_it_again(tmp_path):
    key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        child = sp.login(server, "Ann", tmp_path / "first.bytes", key=key)
        question = rb"Make the account Ann, logging in with this SSH key \(its fingerprint ends in .{6}\)\? yes or no"
        child.expect(question)
        child.sendline(b"")
        child.expect(question)
        child.sendline(b"help")  # (neither yes nor no: said what it wants, and asked again)
        child.expect(rb"Type yes to make the account, or no to leave without one\.")
        child.expect(question)
        sp.lobby_line(child, "yes", rb"Type help for the lobby's commands\.")
        sp.close(child)
        server.stopped()
    assert b"No account was made" not in (tmp_path / "first.bytes").read_bytes()
