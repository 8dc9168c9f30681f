"""The lobby's words with the real OpenSSH client: Ctrl+C says how to log out, a second login
of the account is told to the first session, a name nobody has and a help topic that is none
get one sentence each, and a server that stops says that a started game is kept and how to go
back, where the player is welcomed back once."""

from __future__ import annotations

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
            ann.expect(
                rb"Your account just logged in again elsewhere, and this session goes on; if that was not you, "
                rb"change your password with account password\."
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
            sp.lobby_line(ann, "new players 1 bots bigmoney seed 3", rb"Table 1 starts with 2 players: Ann and Bot 1\.")
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
