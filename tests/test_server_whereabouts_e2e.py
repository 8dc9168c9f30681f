"""Where people are, over the real OpenSSH client: ``who`` names the table Ann plays at and the one
Bea watches, ``tables`` counts Bea as watching, and at the table ``say`` goes from the watcher
to the player and back, while Cid in the lobby hears none of it."""

from __future__ import annotations

import pytest

from serverplay import SERVER_E2E, close, lobby_line, make_key, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal


def test_who_tables_and_say_between_a_watcher_and_a_player(tmp_path):
    with served(tmp_path) as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = signup_key(server, "Bea", make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        cid = signup_key(server, "Cid", make_key(tmp_path, "cid_key"), tmp_path / "cid.log")
        try:
            ann.sendline(b"new players 1 bots bigmoney seed 5")
            ann.expect(rb"New game for Ann and Bot 1\.")
            ann.expect(rb"Ann> ")
            lobby_line(bea, "watch 1", rb"You watch table 1: Ann and Bot 1\.")
            lobby_line(cid, "who", rb"3 people here: Ann at table 1; Bea watching table 1; Cid in the lobby\.")
            lobby_line(cid, "who bea", rb"Bea is watching table 1\.")
            lobby_line(cid, "tables", rb"started, Ann's turn 1, 1 person watching\.")
            lobby_line(bea, "say good luck", rb"Bea, watching, says: good luck\r?\n")
            ann.expect(rb"Bea, watching, says: good luck\r?\n")
            lobby_line(ann, "say thanks", rb"Ann says: thanks\r?\n")
            bea.expect(rb"Ann says: thanks\r?\n")
            lobby_line(cid, "who ann", rb"Ann is at table 1\.")
        finally:
            for child in (ann, bea, cid):
                close(child)
        assert b"says:" not in (tmp_path / "cid.log").read_bytes()
        server.stopped()
