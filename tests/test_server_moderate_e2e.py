"""The moderators' commands over the real OpenSSH client: an announcement reaches everyone, a mute
lasts through a restart of the server, a ban puts Bea out and keeps her from logging in until
unban, and SIGHUP reloads server.toml (its new message of the day is said at the next login)."""

from __future__ import annotations

import signal

import pexpect
import pytest

from serverplay import SERVER_E2E, close, lobby_line, login, make_key, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal; SIGHUP

TOML = '[moderators]\nnames = ["Mod"]\n'


def test_announce_mute_across_a_restart_ban_unban_and_a_reload_on_sighup(tmp_path):
    mod_key, bea_key = make_key(tmp_path, "mod_key"), make_key(tmp_path, "bea_key")
    with served(tmp_path, TOML) as server:
        mod = signup_key(server, "Mod", mod_key, tmp_path / "mod.log")
        bea = signup_key(server, "Bea", bea_key, tmp_path / "bea.log")
        try:
            lobby_line(bea, "help", rb"Type help and a command to hear more")
            assert b"Moderators' commands" not in bea.before
            lobby_line(mod, "help", rb"Moderators' commands: kick NAME, close N, mute NAME MINUTES, ban NAME")
            lobby_line(
                mod, "announce tables \x1b[31mclose\x07 at nine", rb"Announcement from Mod: tables close at nine"
            )
            bea.expect(rb"Announcement from Mod: tables close at nine\r?\n")
            lobby_line(mod, "mute Bea 30", rb"Bea is muted for 30 minutes\.")
            bea.expect(rb"A moderator muted you for 30 minutes")
        finally:
            close(mod)
            close(bea)
        printed = server.stopped().splitlines()
    assert "Mod signed up from 127.0.0.1." in printed and "Bea signed up from 127.0.0.1." in printed
    assert "Bea from 127.0.0.1 logged out." in printed
    with served(tmp_path) as server:
        mod = login(server, "Mod", tmp_path / "mod2.log", key=mod_key)
        bea = login(server, "Bea", tmp_path / "bea2.log", key=bea_key)
        try:
            for child in (mod, bea):
                child.expect(rb"Type help for the lobby's commands\.")
            lobby_line(
                bea, "say hello", rb"You are muted for (30|29) more minutes; say and tell are refused until then\."
            )
            (server.data / "server.toml").write_text(TOML + '\n[server]\nmotd = "Finals on Friday."\n')
            server.proc.send_signal(signal.SIGHUP)
            lobby_line(mod, "ban bea", rb"Bea is banned and cannot log in; 1 session ended\.")
            bea.expect(rb"A moderator banned your name from this server\.")
            bea.expect(pexpect.EOF)
            close(bea)
            bea = login(server, "Bea", tmp_path / "bea3.log", key=bea_key)
            bea.expect(rb"The name Bea is banned on this server\.")
            bea.expect(pexpect.EOF)
            close(bea)
            lobby_line(mod, "unban Bea", rb"Bea may log in again\.")
            bea = login(server, "Bea", tmp_path / "bea4.log", key=bea_key)
            bea.expect(rb"Welcome back, Bea\. Type help for the lobby's commands\.")
            bea.expect(rb"Finals on Friday\.")
        finally:
            close(mod)
            close(bea)
        printed = server.stopped()
    lines = printed.splitlines()
    assert "The server's settings were read again; changed: motd in [server]." in lines
    # each login and logout a line (Bea's first session put out by the ban, her second refused)
    assert [x for x in lines if x.startswith("Bea ")] == [
        "Bea logged in from 127.0.0.1.",
        "Bea from 127.0.0.1 logged out.",
        "Bea logged in from 127.0.0.1.",
        "Bea from 127.0.0.1 logged out.",
    ]
    assert [x for x in lines if "SHA256:" in x] == [x for x in lines if x.startswith("Host key fingerprint: ")]
    for key in (mod_key, bea_key):
        assert key.with_suffix(".pub").read_text().split()[1] not in printed
    log = (server.data / "server.log").read_text(encoding="utf-8")
    assert "Mod logged in from 127.0.0.1." in log and "Bea logged in from 127.0.0.1." in log


def test_a_reload_that_bans_an_address_puts_out_its_people_in_their_language(tmp_path):
    dutch = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = login(server, "Bea", tmp_path / "bea.log", key=make_key(tmp_path, "bea_key"), options=dutch)
        try:
            bea.expect(rb"\? ja of nee")
            bea.sendline(b"ja")
            bea.expect(rb"Typ help voor de commando's van de lobby\.")
            lobby_line(ann, "new players 2", rb"Table 1 is yours")
            (server.data / "server.toml").write_text('[ban]\naddresses = ["127.0.0.0/8"]\n', encoding="utf-8")
            server.proc.send_signal(signal.SIGHUP)
            ann.expect(rb"The server's operator banned your address from this server\.\r?\n")
            ann.expect(pexpect.EOF)
            bea.expect(rb"De beheerder van de server verbande je adres van deze server\.\r?\n")
            bea.expect(pexpect.EOF)
            close(ann)
            ann = login(server, "Ann", tmp_path / "ann2.log", key=tmp_path / "ann_key")
            ann.expect(rb"Your address is banned from this server\.")
            ann.expect(pexpect.EOF)
        finally:
            close(ann)
            close(bea)
        printed = server.stopped().splitlines()
    assert "The server's settings were read again; changed: addresses in [ban]." in printed
    assert "Ann from 127.0.0.1 logged out." in printed and "Bea from 127.0.0.1 logged out." in printed


def test_a_reload_that_bans_a_name_ends_its_sessions_also_while_it_signs_up(tmp_path):
    with served(tmp_path, TOML) as server:
        mod = signup_key(server, "Mod", make_key(tmp_path, "mod_key"), tmp_path / "mod.log")
        bea = signup_key(server, "Bea", make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        cas = login(server, "Cas", tmp_path / "cas.log", key=make_key(tmp_path, "cas_key"))
        try:
            cas.expect(rb"Make the account Cas, logging in with this SSH key")
            (server.data / "server.toml").write_text(TOML + '\n[ban]\nnames = ["bea", "CAS"]\n', encoding="utf-8")
            lobby_line(mod, "reload", rb"The server's settings were read again; changed: names in \[ban\]\.")
            for child in (bea, cas):
                child.expect(rb"The server's operator banned your name from this server\.\r?\n")
                child.expect(pexpect.EOF)
        finally:
            for child in (mod, bea, cas):
                close(child)
        printed = server.stopped().splitlines()
    assert "Cas signed up from 127.0.0.1." not in printed and "Bea from 127.0.0.1 logged out." in printed
