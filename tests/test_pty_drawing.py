"""How the installed command draws its prompts in a pseudo-terminal, 120 columns wide.

Keys are typed one at a time, as a person types them, and the raw bytes the
terminal received are read: each prompt is drawn once (not "Ann>You> " when
a line is accepted), a question longer than the line is printed as a line
the terminal wraps between words (only its last sentence is the prompt),
and a control byte typed (Ctrl+Z) never comes back.
"""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal
pexpect = pytest.importorskip("pexpect")

from tests.ptyplay import spawn_position, type_keys  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[>=]|\x07")
QUESTION = (
    "You still have 1 Action and could play Market, Smithy and Villa. Buying Copper ends the Action phase. Go on?"
)
POSITION = {
    "players": ["Ann", "Bot"],
    "kingdom": ["Villa", "Smithy", "Market", "Sacrifice", "Chapel", "Moat", "Cellar", "Mine", "Witch", "Workshop"],
    "seed": 1,
    "state": {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 1},
        "players": {"Ann": {"hand": ["Villa", "Smithy", "Market", "Copper", "Copper"], "deck": ["Estate"] * 5}},
    },
    "script": [],
}


def spawn(tmp_path):
    return spawn_position(pexpect, tmp_path, POSITION, 50, 120)


def test_each_prompt_is_drawn_once_and_questions_wrap_between_words(tmp_path):
    child = spawn(tmp_path)
    raw = b""
    try:
        child.expect(b"You> ")
        raw += child.before + child.after
        raw += type_keys(child, b"buy Copper\r", b"Type yes to go on: ")
        raw += type_keys(child, b"no\r", b"You> ")
        raw += type_keys(child, b"\x1a\r", b"You> ")
        raw += type_keys(child, b"hand\r", b"You> ")
        child.expect(pexpect.TIMEOUT, timeout=0.3)
        raw += child.before
    finally:
        child.terminate(force=True)
    # (the line editor moves the cursor over a typed space rather than writing it)
    text = ANSI.sub("", raw.decode("utf-8").replace("\x1b[C", " ")).replace("\r", "")
    # four prompts (one is the question), each drawn once, the typed line after it once
    assert text.count("You> ") == 4, text
    assert "You>You>" not in text
    assert text.count("You> buy Copper\n") == 1
    # a line longer than the terminal (the Kingdom) comes whole: the terminal wraps it between words
    kingdom = next(x for x in raw.decode("utf-8").split("\r\n") if x.startswith("Kingdom: "))
    assert len(kingdom) > 120 and "\r" not in kingdom and "\x1b" not in kingdom
    assert "Sacrifice (4 coins)" in kingdom
    # the long question is one whole line of its own (the terminal wraps it), asked once
    assert raw.decode("utf-8").count(QUESTION + "\r\r\n") == 1
    assert text.count("Type yes to go on: no\n") == 1
    assert text.count("Go on?") == 1
    # Ctrl+Z typed and sent: never the control byte itself back
    assert b"\x1a" not in raw
    assert not re.search(rb"[\x00-\x06\x0e-\x1a\x1c-\x1f\x7f]", raw)
