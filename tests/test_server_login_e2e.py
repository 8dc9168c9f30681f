"""Logins to the server with the real OpenSSH client as a new user meets them: a name no
account can have gets the name rule and no password question; a new name hears the password
rule before the password is asked, and a password too short is asked again; a Dutch player's
sign-up asks the language first and says the rest in Dutch."""

from __future__ import annotations

import pexpect
import pytest

import serverplay as sp

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


@pytest.mark.parametrize(
    ("user", "english", "dutch"),
    [
        ("a", rb"The name a is too short: a name has 2 to 20 characters\.", rb"De naam a is te kort"),
        (
            "Ann,Bram",
            rb"The name Ann,Bram holds a comma or a colon, which a name cannot have\.",
            rb"De naam Ann,Bram bevat een komma of een dubbele punt",
        ),
        ("A" * 30, rb"The name A{30} is too long: a name has 2 to 20 characters\.", rb"De naam A{30} is te lang"),
    ],
)
def test_a_name_no_account_can_have_gets_the_name_rule_and_no_password_question(tmp_path, user, english, dutch):
    with sp.served(tmp_path) as server:
        child = sp.login(server, user, tmp_path / "name.bytes")
        child.expect(english)
        child.expect(dutch)
        child.expect(pexpect.EOF)
        sp.close(child)
        server.stopped()
    said = (tmp_path / "name.bytes").read_bytes()
    assert b"assword:" not in said and b"Wrong user name or password" not in said


def test_a_new_name_hears_the_password_rule_first_and_a_short_one_is_asked_again(tmp_path):
    with sp.served(tmp_path) as server:
        child = sp.login(server, "Bram", tmp_path / "bram.bytes")
        child.expect(
            rb"There is no account named Bram yet: log in with your SSH key to make it, or type a new password of "
            rb"at least 10 characters\."
        )
        child.expect(rb"assword:")
        child.sendline(b"geheim123")
        child.expect(rb"That password is too easy to guess: use at least 10 characters\.")
        child.expect(rb"assword:")  # asked again, the connection still open
        child.sendline(b"geheim12345")
        child.expect(rb"Type it again to be sure:")
        child.sendline(b"geheim12345")
        child.expect(rb"The account Bram is made\. Welcome, Bram\.")
        sp.close(child)
        server.stopped()
    said = (tmp_path / "bram.bytes").read_bytes()
    assert b"Connection to" not in said and said.count(b"assword:") == 2


def test_a_dutch_sign_up_asks_the_language_first_then_speaks_dutch(tmp_path):
    key = sp.make_key(tmp_path, "bram")
    with sp.served(tmp_path) as server:
        child = sp.login(server, "Bram", tmp_path / "bram.bytes", key=key, options=[])  # no language sent
        child.expect(rb"Choose your language / Kies je taal: 1 English, 2 Nederlands\. Enter: English\.")
        child.sendline(b"2")
        child.expect(rb"Welkom bij Dominion\.\r?\n")
        child.expect(rb"Het account Bram maken")
        child.sendline(b"ja")
        child.expect(rb"Hoeveel moet het spel zeggen\?")
        child.sendline(b"")
        child.expect(rb"Typ help voor de commando's van de lobby\.")
        sp.close(child)
        server.stopped()
    said = (tmp_path / "bram.bytes").read_bytes()
    after = said[said.index(b"Kies je taal") :]
    assert b"Make the account" not in after and b"Welcome" not in after
    assert b"Er is nog geen account met de naam Bram" not in after  # (the login's banner said it, once)


def test_an_address_past_its_sign_ups_of_the_hour_hears_so_before_any_question(tmp_path):
    with sp.served(tmp_path, "[signup]\nper_address_per_hour = 1\n") as server:
        sp.close(sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann"), tmp_path / "ann.bytes"))
        child = sp.login(server, "Bram", tmp_path / "bram.bytes", options=[])  # (no language given: none asked)
        child.expect(rb"This address made 1 account in the last hour; try again later\.")
        child.expect(rb"Vanaf dit adres is in het afgelopen uur 1 account gemaakt; probeer het later opnieuw\.")
        # OpenSSH's line of the disconnect gives the same sentence as its reason, never an empty one
        child.expect(
            rb"Received disconnect from [0-9.]+ port \d+:14: This address made 1 account in the last hour; "
            rb"try again later\.\r+\n"
        )
        child.expect(pexpect.EOF)
        sp.close(child)
        cas = sp.login(server, "Cas", tmp_path / "cas.bytes", key=sp.make_key(tmp_path, "cas"))
        cas.expect(rb"This address made 1 account in the last hour")
        cas.expect(pexpect.EOF)
        sp.close(cas)
        ann = sp.login(server, "Ann", tmp_path / "ann2.bytes", key=tmp_path / "ann")  # (an account logs in)
        ann.expect(rb"Welcome back, Ann\.")
        sp.close(ann)
        server.stopped()
    for said in ((tmp_path / "bram.bytes").read_bytes(), (tmp_path / "cas.bytes").read_bytes()):
        assert b"assword:" not in said and b"Choose your language" not in said and b"no account named" not in said
        assert said.count(b"This address made") == 2  # (the banner, and the reason of the disconnect)


def test_a_wrong_password_is_in_the_server_s_log_with_the_name_and_address_never_the_password(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", "correct horse battery", tmp_path / "signup.log"))
        child = sp.login(server, "Ann", tmp_path / "wrong.log", password="not my password at all")
        child.expect(rb"Wrong user name or password\.")
        child.expect(rb"assword:")  # (ssh asks again)
        sp.close(child)
        printed = server.stopped()
    line = "A login as Ann from 127.0.0.1 was refused: a wrong password."
    log = (server.data / "server.log").read_text(encoding="utf-8")
    assert printed.splitlines().count(line) == 1 and log.count(line) == 1, (printed, log)
    assert "not my password" not in printed + log
