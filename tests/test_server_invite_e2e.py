"""An invitation over the real OpenSSH client: Ann opens a private table, Bea may not sit at it
until Ann invites her, then accepts; Cid, invited while logged out, hears the invitation at his
next login, accepts, and the full table starts."""

from __future__ import annotations

import pexpect
import pytest

from remoteplay import received_text
from serverplay import SERVER_E2E, close, lobby_line, login, make_key, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


def test_invitations_to_a_private_table_are_accepted_online_and_at_the_next_login(tmp_path):
    cid_key = make_key(tmp_path, "cid_key")
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = signup_key(server, "Bea", make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        cid = signup_key(server, "Cid", cid_key, tmp_path / "cid.log")
        try:
            lobby_line(cid, "quit", rb"Log out\? yes or no")
            lobby_line(cid, "yes", rb"You logged out; goodbye\.")
            cid.expect(pexpect.EOF)
            close(cid)
            lobby_line(
                ann,
                "new players 3 bots medium private",
                rb"Table 1 is private: only the people you invite can sit; type invite and a name\.",
            )
            lobby_line(bea, "sit 1", rb"Table 1 is private; Ann can invite you\.")
            lobby_line(ann, "invite bea", rb"Bea is invited to table 1, until its game starts or for a day at most\.")
            bea.expect(rb"Ann invites you to table 1; type accept to sit there\.")
            lobby_line(
                bea,
                "accept",
                rb"You sit at table 1, seat 2; 1 seat free\. The game starts when Ann types start or every seat "
                rb"is taken\.",
            )
            ann.expect(rb"Bea sits down at table 1; 1 seat free\.")
            lobby_line(
                ann,
                "invite Cid",
                rb"Cid is invited to table 1 and hears it at their next login; the invitation lasts until the game "
                rb"starts, a day at most\.",
            )
            cid = login(server, "Cid", tmp_path / "cid2.log", key=cid_key)
            cid.expect(rb"Welcome back, Cid\.")
            cid.expect(rb"Ann invited you to table 1; type accept 1 to sit there\.")
            lobby_line(cid, "accept 1", rb"You sit at table 1, seat 3\. The table is full; the game starts\.")
            cid.expect(rb"New game for Ann, Bea, Cid and Bot 1\.")
            for child in (ann, bea):
                child.expect(rb"New game for Ann, Bea, Cid and Bot 1\.")
            heard = received_text((tmp_path / "cid2.log").read_bytes())
            assert heard.count("invited you to table 1") == 1
        finally:
            for child in (ann, bea, cid):
                close(child)
        server.stopped()
