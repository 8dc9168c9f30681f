"""Screen-reader mode in a pseudo-terminal writes plain lines only.

The installed command plays a short game from a position in screen-reader
mode, 80 columns wide; keys are typed one at a time, as a person types them
(a query, two plays, a Tab listing, a buy with a typing slip rubbed out,
another query). Every byte the terminal received is checked: no escape
sequence at all, so none of the cursor movements and erasures a screen
reader may read out or jump over (ESC [ ... J, D, C, A, B, H: erase below,
cursor back, forward, up, down, to a place); each prompt written once, the
typed text echoed as itself (a space as a space), a rubbed-out character as
backspace, space, backspace.
"""

from __future__ import annotations

import re

import pytest

pexpect = pytest.importorskip("pexpect")

from tests.ptyplay import spawn_position, type_keys  # noqa: E402

POSITION = {
    "players": ["Ann", "Bot"],
    "kingdom": ["Villa", "Smithy", "Market", "Sacrifice", "Chapel", "Moat", "Cellar", "Mine", "Witch", "Workshop"],
    "seed": 1,
    "state": {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Market", "Estate", "Estate", "Copper", "Copper"], "deck": ["Estate"] * 5}},
    },
    "script": [],
}
CURSOR_MOVES = re.compile(rb"\x1b\[[0-9;?]*[JDCABH]")


pytestmark = pytest.mark.e2e  # a pseudo-terminal


def spawn(tmp_path):
    return spawn_position(pexpect, tmp_path, POSITION, 24, 80)


@pytest.mark.posix
def test_screen_reader_mode_writes_no_cursor_movement(tmp_path):
    child = spawn(tmp_path)
    raw = b""
    try:
        child.expect(b"You> ")
        raw += child.before + child.after
        raw += type_keys(child, b"hand\r", b"You> ")
        raw += type_keys(child, b"play Market\r", b"You> ")
        raw += type_keys(child, b"play treasures\r", b"You> ")
        raw += type_keys(child, b"buy \t", b"You> buy ")  # the choices listed on a line of their own
        raw += type_keys(child, b"Silvre\x7f\x7fer\r", b"You> ")
        raw += type_keys(child, b"hand\r", b"You> ")
        child.expect(pexpect.TIMEOUT, timeout=0.3)
        raw += child.before
    finally:
        child.terminate(force=True)
    assert not CURSOR_MOVES.search(raw), raw
    assert b"\x1b" not in raw, raw  # no escape sequence of any kind: no colour, no mode switch either
    text = raw.decode("utf-8")
    lines = text.replace("\r\r\n", "\n").replace("\r\n", "\n").split("\n")
    # each prompt once, the typed line after it as typed, Enter as the end of the line
    assert "You> hand" in lines
    assert "You> play Market" in lines
    assert "You> play treasures" in lines
    assert text.count("You> ") == 7  # six lines typed (one prompt again after the Tab listing), one waiting
    assert "You>You>" not in text
    assert "You play Market." in text
    # the slip rubbed out as backspace, space, backspace; the line read is the corrected one
    assert "Silvre\b \b\b \ber" in text
    assert re.search(r"You buy Silver\. (Ann: )?1 Buy, 0 coins\.", text), text  # Market gave the second Buy
    # the Tab listing: choices apart, with commas, on a line of their own, then the prompt with what was typed
    listing = next(x for x in lines if ", Silver, " in x)
    assert listing.endswith(".") and "Copper" in listing and "Workshop" in listing
    assert lines[lines.index(listing) - 1] == "You> buy "
    assert lines[lines.index(listing) + 1].startswith("You> buy Silvre\b \b\b \ber")
    # nothing but text, carriage return, line feed and backspace
    assert not re.search(r"[\x00-\x07\x0b-\x0c\x0e-\x1f\x7f]", text)


def test_plain_lines_write_only_text_backspace_and_carriage_return():
    """The renderer's operations one by one, and exactly what a plain line editor writes for them."""
    from a11y_dominion.console.display import PlainLines

    lines = PlainLines()
    lines.text("Ann>")
    lines.forward(1)  # the prompt's last space, stepped over
    assert lines.take() == "Ann> "
    lines.text("buy")
    lines.forward(1)
    lines.text("Gold")
    assert lines.take() == "buy Gold"
    lines.backward(1)
    lines.erase_end()  # one character rubbed out
    assert lines.take() == "\b \b"
    lines.backward(3)  # to the start of "Gol", the rest of the line written again after an insertion
    lines.text("xGol")
    assert lines.take() == "\b\b\bxGol"
    lines.backward(13)  # the cursor back to the start of the line, the line drawn again without "xGol"
    lines.erase_end()
    lines.text("Ann> buy ")
    assert lines.take() == "\b\b\b\b    \b\b\b\b"
    lines.backward(9)
    lines.erase_below()  # the whole line erased (lines are printed above the prompt)
    assert lines.take() == "\r        \r"  # (its last space is a blank already)
    lines.text("漢x")  # a wide character takes two columns
    assert lines.take() == "漢x"
    lines.backward(1)
    lines.erase_end()
    assert lines.take() == "\b \b"
    lines.backward(2)
    lines.erase_end()
    assert lines.take() == "\r  \r"  # back to the line's start: a carriage return
    lines.text("ok\r\n")
    assert lines.take() == "ok\r\n"
