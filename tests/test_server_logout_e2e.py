"""The lobby's "Log out? yes or no" over the real OpenSSH client and through ``join``: a lobby
command typed there runs and the question comes again (never taken as a no), no stays, quit
again is a yes."""

from __future__ import annotations

import pexpect
import pytest

import serverplay as sp
from test_server_join_e2e import PASSWORD, ended, join_child

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client and join in a pseudo-terminal


def test_a_command_at_the_log_out_question_runs_and_the_question_comes_again_over_ssh(tmp_path):
    with sp.served(tmp_path) as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        try:
            sp.lobby_line(ann, "quit", rb"Log out\? yes or no")
            sp.lobby_line(ann, "who", rb"1 person here: Ann in the lobby\.\s+(?:\x1b\[J)?Log out\? yes or no")
            sp.lobby_line(ann, "no", rb"You stay in the lobby\.")
            sp.lobby_line(ann, "quit", rb"Log out\? yes or no")
            ann.sendline(b"quit")  # (quit again: a yes)
            ann.expect(rb"You logged out; goodbye\.")
            ann.expect(pexpect.EOF)
        finally:
            sp.close(ann)
        server.stopped()


def test_a_command_at_the_log_out_question_runs_and_the_question_comes_again_through_join(tmp_path):
    with sp.served(tmp_path) as server:
        sp.close(sp.signup_password(server, "Ann", PASSWORD, tmp_path / "ann-signup.log"))
        ann = join_child(tmp_path, server, "Ann", tmp_path / "ann.log")
        try:
            ann.expect(rb"Password of Ann at 127\.0\.0\.1: ")
            ann.sendline(PASSWORD.encode())
            ann.expect(rb"Welcome back, Ann\. Type help for the lobby's commands\.")
            sp.lobby_line(ann, "quit", rb"Log out\? yes or no")
            sp.lobby_line(
                ann,
                "who",
                rb"1 person here: Ann in the lobby\.\s+(?:\x1b\[J)?" + sp.JOIN_PROMPT + rb"Log out\? yes or no",
            )
            sp.lobby_line(ann, "no", rb"You stay in the lobby\.")
            sp.log_out(ann)
            code, text = ended(ann)
        finally:
            sp.close(ann)
        server.stopped()
    assert code == 0 and text.rstrip().endswith("You logged out; goodbye."), text
