"""Chat at the server that is cut or dropped is told to its sayer, over the real OpenSSH client
and through ``join``: a ``say`` of 500 characters reaches the others as its first 300, and the
sayer hears so once; eight lines of chat typed at once pass the account's burst, and each line
past it is told, none dropped without a word."""

from __future__ import annotations

import pytest

import serverplay as sp
from remoteplay import received_text

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client and join in pseudo-terminals

CUT = "Only the first 300 characters were said."
TOO_FAST = "You are chatting too fast, so that line was not said; wait "


def test_a_long_say_and_a_flood_of_chat_are_told_to_the_sayer_over_ssh(tmp_path):
    with sp.served(tmp_path, "[signup]\nper_address_per_hour = 10\n[limits]\nchat_seconds_per_line = 600\n") as server:
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann"), tmp_path / "ann.bytes")
        bea = sp.signup_key(server, "Bea", sp.make_key(tmp_path, "bea"), tmp_path / "bea.bytes")
        try:
            sp.lobby_line(ann, "say " + "a" * 500, CUT.encode().replace(b".", rb"\."))
            bea.expect(rb"Ann says: a{300}\r?\n")
            ann.send("".join(f"say flood {n}\r" for n in range(1, 9)).encode())  # typed at once: a burst of 5
            sp.lobby_line(ann, "who", rb"2 people here: Ann and Bea in the lobby\.")
            bea.sendline(b"who")
            bea.expect(rb"2 people here: Ann and Bea in the lobby\.")
        finally:
            sp.close(ann)
            sp.close(bea)
        server.stopped()
    said = received_text((tmp_path / "ann.bytes").read_bytes())
    heard = received_text((tmp_path / "bea.bytes").read_bytes())
    assert said.count(CUT) == 1 and "a" * 301 not in heard
    passed = [n for n in range(1, 9) if f"Ann says: flood {n}\n" in heard]
    assert passed == [1, 2, 3, 4], heard  # (the long say took the burst's first line)
    assert said.count(TOO_FAST) == 4, said  # each line past the burst told, none dropped without a word
