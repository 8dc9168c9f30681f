"""Faults a new user found at an ssh seat, with the real OpenSSH client: a control character
in a pasted line (Ctrl+O) never sends the line early, and Ctrl+C says the line was cleared as
the console does. The host runs as a subprocess (tests/remoteterm.py)."""

from __future__ import annotations

import shutil

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from remoteterm import hosting, login, plain  # noqa: E402

pytestmark = pytest.mark.e2e  # a host process and ssh seats


@pytest.fixture
def host(tmp_path):
    """The host of Ann and Bea (remote) and a Big Money bot, as a subprocess."""
    yield from hosting(tmp_path)


@pytest.mark.posix
def test_ctrl_o_in_a_line_sends_nothing_and_ctrl_c_says_the_line_is_cleared(host):
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    ann.send("ha\x0fnd\r")  # Ctrl+O (prompt_toolkit's "operate and get next") in the middle
    ann.expect(r"Your hand, 5 cards: ")
    assert "is not a" not in plain(ann.before), ann.before  # "ha" was never sent alone
    ann.send("hand\x0c\x0f\r")
    ann.expect(r"Your hand, 5 cards: ")
    ann.send("sup\x03")  # Ctrl+C: the line is cleared, and that is said
    ann.expect_exact("Line cleared. Type quit to leave the game.")
    ann.send("\x03")
    ann.expect_exact("Nothing to clear. Type quit to leave the game.")
    ann.send("hand\r")
    ann.expect(r"Your hand, 5 cards: ")
    assert "Supply" not in plain(ann.before)
    ann.close()
