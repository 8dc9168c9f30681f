"""The account commands over the real OpenSSH client: Ann, signed up with a password, changes it
(the old one asked first, none of the three typed passwords echoed), adds an SSH key from its
public line and logs in with it, logs in with the new password, and removes the key again."""

from __future__ import annotations

import pexpect
import pytest

from serverplay import SERVER_E2E, close, lobby_line, login, make_key, served, signup_password

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


def test_a_password_is_changed_unechoed_and_a_key_added_logs_in(tmp_path):
    key = make_key(tmp_path, "ann_key")
    line = key.with_suffix(".pub").read_text().strip()
    with served(tmp_path) as server:
        ann = signup_password(server, "Ann", "first secret 1", tmp_path / "ann.log")
        try:
            lobby_line(ann, "account password", rb"Type the password you have now:")
            lobby_line(ann, "first secret 1", rb"Type the new password, at least 10 characters:")
            lobby_line(ann, "second secret 2", rb"Type it again to be sure:")
            lobby_line(ann, "second secret 2", rb"Your password is changed\.")
            lobby_line(ann, f"account key add {line}", rb"The key SHA256:\S+ logs in to your account now\.")
            lobby_line(ann, "quit", rb"Log out\? yes or no")
            lobby_line(ann, "yes", rb"You logged out; goodbye\.")
            ann.expect(pexpect.EOF)
        finally:
            close(ann)
        received = (tmp_path / "ann.log").read_bytes()
        assert b"second secret" not in received and received.count(b"first secret") == 0
        by_key = login(server, "Ann", tmp_path / "key.log", key=key)
        try:
            by_key.expect(rb"Welcome back, Ann\.")
            lobby_line(by_key, "account", rb"it logs in with a password and 1 SSH key\.\r?\nKey 1: SHA256:")
        finally:
            close(by_key)
        again = login(server, "Ann", tmp_path / "again.log", password="second secret 2")
        try:
            again.expect(rb"Welcome back, Ann\.")
            lobby_line(again, "account key remove 1", rb"Key 1, SHA256:\S+, no longer logs in to your account\.")
            lobby_line(again, "account", rb"it logs in with a password and 0 SSH keys\.")
        finally:
            close(again)
        server.stopped()
