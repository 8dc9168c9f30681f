"""The lobby's prompt with the real OpenSSH client and through ``join``, every byte received.

In the lobby a line is always awaited and chat comes between, so a screen reader would read a
prompt drawn again after every line again and again: a player with plain output over ssh (a
screen reader's, the default), and ``join`` in screen-reader mode, get no prompt at all. A
sighted player, with rich output over ssh (``settings rich``, kept for the account) or ``join``
with its speech off, sees "Lobby> " (Dutch too), also while watching a game. A chat line that
comes while a line is half typed is written above it: the typed text comes back whole after
the prompt, and Enter sends it whole."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import serverplay as sp
from test_server_join_e2e import join_child, password_file

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # OpenSSH and join in pseudo-terminals

DUTCH = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
PASSWORD = "correct horse battery"


def dutch_signup(server: sp.Served, name: str, key: Path, log: Path):
    """Make the account ``name`` in Dutch with ``key``; the child, in the lobby."""
    child = sp.login(server, name, log, key=key, options=DUTCH)
    child.expect(rb"\? ja of nee")
    child.sendline(b"ja")
    child.expect(rb"Typ help voor de commando's van de lobby\.")
    return child


def test_rich_output_over_ssh_shows_the_lobby_s_prompt_and_chat_comes_above_a_half_typed_line(tmp_path, monkeypatch):
    monkeypatch.setenv("TERM", "xterm")  # (the terminal's type, which OpenSSH tells the server; CI sets none)
    ann_key = sp.make_key(tmp_path, "ann")
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", ann_key, tmp_path / "ann.bytes")
        bea = sp.signup_key(server, "Bea", sp.make_key(tmp_path, "bea"), tmp_path / "bea.bytes")
        again = None
        try:
            ann.expect(rb"Bea logged in\.\r\n")
            sp.lobby_line(ann, "settings rich", rb"Output is now rich; kept for your account\.\r\n")
            ann.expect_exact(b"Lobby> ")  # drawn after the answer, by the line editor
            ann.send(b"say half")
            ann.expect_exact(b"say half")
            sp.lobby_line(bea, "say hello all", rb"Bea says: hello all\r\n")
            # the typed line is blanked, the chat line written, and the prompt and the text drawn again
            ann.expect_exact(b"\r" + b" " * 15 + b"\rBea says: hello all\r\nLobby> say half")
            ann.send(b" typed\r")
            ann.expect_exact(b" typed\r\nAnn says: half typed\r\nLobby> ")
            sp.lobby_line(bea, "new players 1 bots bigmoney seed 3", rb"New game for Bea and Bot 1\.")
            sp.lobby_line(ann, "watch 1", rb"You watch table 1: ")
            sp.lobby_line(ann, "help", rb"Watching, you may type [^\r\n]*\r\nLobby> ")  # watching, too
            sp.lobby_line(ann, "leave", rb"You stop watching table 1; you are in the lobby\.\r\nLobby> ")
            sp.log_out(ann)
            ann.expect(rb"You logged out; goodbye\.")
            sp.close(ann)
            again = sp.login(server, "Ann", tmp_path / "again.bytes", key=ann_key)
            again.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.\r\n")
            again.expect(rb"Dominion: 2 people here\.\r\nLobby> ")  # kept for the account
            sp.lobby_line(again, "settings plain", rb"Output is now plain; kept for your account\.\r\n")
            sp.lobby_line(again, "who", rb"2 people here: [^\r\n]*\r\n")
            sp.log_out(again)
            again.expect(rb"You logged out; goodbye\.")
        finally:
            sp.close(ann)
            sp.close(bea)
            if again is not None:
                sp.close(again)
        server.stopped()
    first = (tmp_path / "ann.bytes").read_bytes()
    before, _, after = first.partition(b"Output is now rich")
    assert b"Lobby>" not in before  # (plain output until asked: no prompt)
    assert after.count(b"Lobby> ") == 7  # after each answer, the chat line and the question
    later = (tmp_path / "again.bytes").read_bytes()
    assert b"Lobby>" not in later.partition(b"Output is now plain")[2]
    assert b"Lobby>" not in (tmp_path / "bea.bytes").read_bytes()


def test_plain_output_over_ssh_has_no_prompt_and_a_dutch_rich_one_reads_lobby(tmp_path, monkeypatch):
    monkeypatch.setenv("TERM", "xterm")
    with sp.served(tmp_path) as server:
        dee = dutch_signup(server, "Dee", sp.make_key(tmp_path, "dee"), tmp_path / "dee.bytes")
        bea = sp.signup_key(server, "Bea", sp.make_key(tmp_path, "bea"), tmp_path / "bea.bytes")
        try:
            dee.expect(rb"Bea is ingelogd\.\r\n")
            dee.send(b"zeg half")
            dee.expect_exact(b"zeg half")
            sp.lobby_line(bea, "say hello all", rb"Bea says: hello all\r\n")
            # no prompt: the typed text alone is blanked and drawn again below the chat line
            dee.expect_exact(b"\r" + b" " * 8 + b"\rBea zegt: hello all\r\nzeg half")
            dee.send(b" getypt\r")
            dee.expect_exact(b" getypt\r\nDee zegt: half getypt\r\n")
            sp.lobby_line(dee, "instellingen rijk", rb"Uitvoer is nu rijk; bewaard voor je account\.\r\n")
            dee.expect_exact(b"Lobby> ")
            sp.lobby_line(dee, "wie", rb"2 personen hier: [^\r\n]*\r\nLobby> ")
            dee.send(b"zeg half")
            dee.expect_exact(b"zeg half")
            sp.lobby_line(bea, "say again", rb"Bea says: again\r\n")
            dee.expect_exact(b"\r" + b" " * 15 + b"\rBea zegt: again\r\nLobby> zeg half")
            sp.lobby_line(dee, "", rb"Dee zegt: half\r\nLobby> ")
        finally:
            sp.close(dee)
            sp.close(bea)
        server.stopped()
    plain = (tmp_path / "dee.bytes").read_bytes().partition(b"Uitvoer is nu rijk")[0]
    assert b"Lobby>" not in plain and b"> " not in plain.partition(b"Typ help")[2]


def test_join_shows_the_lobby_s_prompt_with_speech_off_and_none_in_screen_reader_mode(tmp_path):
    with sp.served(tmp_path) as server:
        for name in ("Ann", "Dee"):
            sp.close(sp.signup_password(server, name, PASSWORD, tmp_path / f"{name}-signup.bytes"))
        bea = sp.signup_key(server, "Bea", sp.make_key(tmp_path, "bea"), tmp_path / "bea.bytes")
        secret = password_file(tmp_path, PASSWORD)
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.bytes", "--password-file", secret)
        dee = None
        try:
            ann.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.\r\n")
            ann.expect(rb"Dominion: 2 people here\.\r\nLobby> ")
            dee = join_child(
                tmp_path,
                server,
                "Dee",
                tmp_path / "dee.bytes",
                "--password-file",
                secret,
                "--speech",
                "screen-reader",
                lang="nl",
            )
            dee.expect(rb"Welkom terug, Dee\. Typ help voor de commando's van de lobby\.\r\n")
            dee.expect(rb"Dominion: 3 personen hier\.\r\n")
            ann.expect(rb"Dee logged in\.\r\nLobby> ")
            ann.send(b"say half")
            ann.expect_exact(b"say half")
            dee.send(b"zeg half")
            dee.expect_exact(b"zeg half")
            sp.lobby_line(bea, "say hello all", rb"Bea says: hello all\r\n")
            ann.expect(rb"\r +\rBea says: hello all\r\nLobby> say half")
            dee.expect(rb"\r +\rBea zegt: hello all\r\nzeg half")
            ann.send(b" typed\r")
            ann.expect(rb"Ann says: half typed\r\n")
            ann.expect_exact(b"Lobby> ")
            dee.send(b" getypt\r")
            dee.expect(rb"Dee zegt: half getypt\r\n")
            sp.log_out(ann)
            ann.expect(rb"You logged out; goodbye\.")
            sp.lobby_line(dee, "stoppen", rb"Uitloggen\? ja of nee")
            sp.lobby_line(dee, "ja", rb"Je bent uitgelogd; tot ziens\.")
        finally:
            sp.close(ann)
            if dee is not None:
                sp.close(dee)
            sp.close(bea)
        server.stopped()
    ann_bytes = (tmp_path / "ann.bytes").read_bytes()
    dee_bytes = (tmp_path / "dee.bytes").read_bytes()
    assert b"Lobby> say half typed" in ann_bytes
    assert b"Lobby>" not in dee_bytes and not re.search(rb"\w> ", dee_bytes)
