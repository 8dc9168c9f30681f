"""The light line editor of a plain terminal on the server, with the real OpenSSH client: the
keys (Backspace, Left and Right, an arrow sent in two packets, Ctrl+U, Up and Down, Tab, Ctrl+D,
Ctrl+C, a line past its limit), control and escape bytes typed that are never written back, and
a Dutch watcher's Tab list in Dutch. The editor's bytes key by key: tests/test_lineeditor.py."""

from __future__ import annotations

import re

import pytest

import serverplay as sp

pytestmark = [pytest.mark.posix, *sp.SERVER_E2E]  # the OpenSSH client in a pseudo-terminal

UP, DOWN, LEFT = b"\x1b[A", b"\x1b[B", b"\x1b[D"
SAYS = rb"Ann says: (.*?)\r\n"


def said(child, keys: bytes) -> bytes:
    """Type ``keys`` (ending in Enter) and return what the lobby says Ann said."""
    child.send(keys)
    child.expect(SAYS)
    return bytes(child.match.group(1))


def test_the_keys_of_a_plain_terminal_and_no_control_byte_written_back(tmp_path):
    with sp.served(tmp_path, "[limits]\nchat_lines = 100\n") as server:  # (Ann says many lines)
        ann = sp.signup_key(server, "Ann", sp.make_key(tmp_path, "ann"), tmp_path / "ann.bytes")
        try:
            ann.send(b"say whx")
            ann.expect(rb"say whx")
            ann.send(b"\x7f")  # Backspace: the character rubbed out, no more
            ann.expect_exact(b"\x08 \x08")
            assert said(ann, b"o\r") == b"who"
            ann.send(b"say ab\x1b[")  # Left arrow, its last byte in a packet of its own
            ann.expect(rb"say ab")  # (read by the server: the arrow's start is held)
            assert said(ann, b"Dc\r") == b"acb"
            assert said(ann, b"say junk\x15say hi\r") == b"hi"  # Ctrl+U
            ann.send(UP + UP)  # the line before the last
            ann.expect(rb"ay acb")
            ann.send(UP + DOWN + DOWN)  # the oldest, then back to the last
            ann.expect(rb"hi")
            assert said(ann, b"\r") == b"hi"
            ann.send(b"ta\t")  # one lobby command starts so: completed
            ann.expect(rb"bles")
            ann.send(b"\r")
            ann.expect(rb"No tables yet; type new to open one\.")
            ann.send(b"\x04")  # Ctrl+D on an empty line
            ann.expect(rb"Log out\? yes or no")
            sp.lobby_line(ann, "no", rb"You stay in the lobby\.")
            ann.send(b"tabl\x03")
            ann.expect(rb"Line cleared\. Type quit to log out\.")
            ann.send(b"say " + b"x" * 1200 + b"\r")
            ann.expect_exact(b"say " + b"x" * 996 + b"\r\n")  # echoed up to the limit, no further
            ann.expect(rb"That line was too long: only its first 1000 characters were read\.")
            ann.expect(SAYS)
            # bells, colours, a NUL, a title, an 8-bit CSI and an unknown key: none is written back
            junk = b"say a\x07b\x1b[31mc\x00d\x1b]0;title\x07e\xc2\x9b1mf\x1bOZg\x16\x0fh\r"
            assert said(ann, junk) == b"abcdefgh"
            sp.lobby_line(ann, "quit", rb"Log out\? yes or no")
            sp.lobby_line(ann, "yes", rb"You logged out; goodbye\.")
        finally:
            sp.close(ann)
        server.stopped()
    received = (tmp_path / "ann.bytes").read_bytes()
    assert b"title" not in received and b"\x1b" not in received and b"\xc2\x9b" not in received
    assert set(re.findall(rb"[\x00-\x1f\x7f]", received)) <= {b"\r", b"\n", b"\x08"}


def test_a_dutch_watcher_s_tab_list_is_a_dutch_list(tmp_path):
    dutch = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=normal"]
    with sp.served(tmp_path) as server:
        cid = sp.signup_key(server, "Cid", sp.make_key(tmp_path, "cid"), tmp_path / "cid.bytes")
        dee = sp.login(server, "Dee", tmp_path / "dee.bytes", key=sp.make_key(tmp_path, "dee"), options=dutch)
        try:
            dee.expect(rb"\? ja of nee")
            dee.sendline(b"ja")
            dee.expect(rb"Typ help voor de commando's van de lobby\.")
            sp.lobby_line(cid, "new players 1 bots bigmoney seed 3", rb"New game for Cid and Bot 1\.")
            sp.lobby_line(dee, "kijk 1", rb"Stand nu: ")
            dee.send(b"s\t")  # status, supply, score and say begin so
            dee.expect(rb"status, supply, score (\w+) say\.\r\n")
            assert dee.match.group(1) == b"en"
            dee.send(b"\x15weg\r")
            dee.expect(rb"Je kijkt niet meer aan tafel 1; je bent in de lobby\.")
        finally:
            sp.close(cid)
            sp.close(dee)
        server.stopped()
