"""A typed line is cut at 1,000 characters as it arrives, and what a terminal sends
that is no key never reaches the line (issue 21, items 1 and 7).

The installed command runs in a pseudo-terminal, in screen-reader mode (plain
lines: every byte the terminal receives is checked) and in the default mode of
a sighted player (colours, the line editor drawing the line), and with piped
input; the host's own seat runs in a pseudo-terminal too. A line of 20,000
characters, typed or pasted, is echoed up to its 1,000th character only and
said once to be cut; a cursor-position report, Ctrl+R, Ctrl+S, Ctrl+Q, Ctrl+V,
a focus report or a device-attributes reply typed before a command leave the
command as it is; inside a bracketed paste no key acts (a pasted ``end``, line
break, ``end``, Ctrl+C and Ctrl+D is one line, ``end end``, sent only by the
player's own Enter, which then reads its two lines in order: issue 23). The
Windows console gives keys, not text: a paste given as one key is read so too,
and cut.
"""

from __future__ import annotations

import io
import os
import re
import sys
import threading
import time
from types import SimpleNamespace
from typing import cast

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.typeahead import store_typeahead
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

import playcore
from a11y_dominion.lineinput import PASTE_END, PASTE_START, READ_PIECE, InputFilter, read_line

pexpect = pytest.importorskip("pexpect")

from tests.ptyplay import spawn_position  # noqa: E402
from tests.test_pty_plain_lines import POSITION  # noqa: E402

HAND = b"Your hand, 5 cards: Market, 2 Coppers and 2 Estates."
CUT = b"That line was too long: only its first 1000 characters were read."
REFUSED = "x" * 40 + "… is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end."
LONG = b"x" * 20_000
ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[@-Z\\-_])")

# what is typed before "hand" and Enter, and must change nothing: a terminal's reports, keys that
# would search the history or type the next key as it is (a bracketed paste that starts and never ends
# holds the keys after it for a second: test_a_paste_whose_end_never_comes_ends_a_second_after_its_start)
NOTHING = {
    "cursor-position report": b"\x1b[12;40R",
    "Ctrl+R": b"\x12",
    "Ctrl+S": b"\x13",
    "Ctrl+Q": b"\x11",
    "Ctrl+V": b"\x16",
    "focus report": b"\x1b[I",
    "device attributes": b"\x1b[?1;2c",
}


pytestmark = pytest.mark.e2e  # pseudo-terminals and ssh seats


def send(child, data: bytes) -> None:
    """Write ``data`` to the game as a terminal does, in pieces, while its output is read."""

    def write() -> None:
        for i in range(0, len(data), 4096):
            os.write(child.child_fd, data[i : i + 4096])

    threading.Thread(target=write, daemon=True).start()


def after(child, data: bytes, until: bytes, pattern: bytes | None = None) -> bytes:
    """Everything the terminal receives after ``data`` is typed, up to and with ``until``
    (or what matches ``pattern``)."""
    send(child, data)
    child.expect(pattern if pattern is not None else re.escape(until))
    return child.before + child.after


@pytest.fixture
def reader_mode(tmp_path):
    child = spawn_position(pexpect, tmp_path, POSITION, 24, 80)
    child.expect(b"You> ")
    yield child
    child.terminate(force=True)


@pytest.fixture
def sighted_mode(tmp_path):
    """The default mode of a sighted player: speech looked for (none speaks here), rich output."""
    child = spawn_position(pexpect, tmp_path, POSITION, 24, 80, speech="auto")
    child.expect(b"You> ")
    # the speech output is looked for in the background, and what it finds may be said at any
    # moment until then; the speech command waits for it, so nothing comes in the middle of a test
    child.send(b"speech\r")
    child.expect(rb"(?:No sound can be heard|Automatic mode: (?:the game speaks|no speech output))[^\n]*\n")
    child.expect(b"You> ")
    yield child
    child.terminate(force=True)


# ---------------------------------------------------------------- screen-reader mode: every byte
@pytest.mark.posix
@pytest.mark.parametrize("kind", ["typed", "pasted"])
def test_a_long_line_is_cut_as_it_arrives_and_said_once_in_screen_reader_mode(reader_mode, kind):
    line = PASTE_START.encode() + LONG + PASTE_END.encode() if kind == "pasted" else LONG
    got = after(reader_mode, line + b"\rhand\r", HAND + b"\r\nYou> ")
    assert got == (
        b"x" * 1000 + b"\r\r\n" + CUT + b"\r\n" + REFUSED.encode() + b"\r\nYou> hand\r\r\n" + HAND + b"\r\nYou> "
    )  # no cursor movement either (a line over 4,800 characters moved the cursor up)


@pytest.mark.posix
@pytest.mark.parametrize("what", list(NOTHING))
def test_reports_and_odd_keys_change_nothing_in_screen_reader_mode(reader_mode, what):
    got = after(reader_mode, NOTHING[what] + b"hand\r", HAND + b"\r\nYou> ")
    assert got == b"hand\r\r\n" + HAND + b"\r\nYou> "


ENDS_ALONE = b"End takes nothing after it; type end alone to end the phase."
PASTE_KEYS = b"\x1b[200~end\r\nend\x03\x04\x1b[D\t\x1b[201~"
"""A paste of end, a line break, end, Ctrl+C, Ctrl+D, Left and Tab: no key of it acts."""
END_ASKED = b"You still have 1 Action and could play Market. End the Action phase?\r\r\nType yes to end it: "
GOES_ON = b"That is not yes, so it is a no. The Action phase goes on."


@pytest.mark.posix
def test_nothing_in_a_paste_acts_in_screen_reader_mode(reader_mode):
    got = after(reader_mode, PASTE_KEYS + b"\r", GOES_ON + b"\r\nYou> ")
    # the paste is one line, end end, sent by the Enter typed after it; then its lines are read in
    # order: end asks whether to end the Action phase, and the second end is the answer, a no
    assert got == b"end end \r\r\n" + END_ASKED + b"end\r\r\n" + GOES_ON + b"\r\nYou> "


STATUS = (
    b"Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins.\r\n"
    b"You have 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile.\r\n"
    b"Bot: 0 Debt, 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile.\r\n"
)


@pytest.mark.posix
def test_two_pasted_lines_are_both_read_in_order_after_enter(reader_mode):
    got = after(reader_mode, b"\x1b[200~hand\nstatus\x1b[201~\r", STATUS + b"You> ")
    # the paste waits for Enter as one line; then hand is answered, and status after it, never dropped
    assert got == b"hand status\r\r\n" + HAND + b"\r\nYou> status\r\r\n" + STATUS + b"You> "


# ---------------------------------------------------------------- the sighted player's default mode
def coloured(text: bytes) -> bytes:
    """A pattern of ``text`` as the default mode prints it: with colours anywhere between its characters."""
    return b"(?:\x1b\\[[0-9;]*m)*".join(re.escape(bytes([c])) for c in text)


def shown(raw: bytes) -> str:
    """The text of ``raw`` without escape sequences and carriage returns."""
    return ANSI.sub(b"", raw).replace(b"\r", b"").decode("utf-8")


@pytest.mark.posix
@pytest.mark.parametrize("kind", ["typed", "pasted"])
def test_a_long_line_is_cut_as_it_arrives_and_said_once_in_the_default_mode(sighted_mode, kind):
    line = PASTE_START.encode() + LONG + PASTE_END.encode() if kind == "pasted" else LONG
    got = after(sighted_mode, line + b"\rhand\r", b"", coloured(HAND + b"\r\n"))
    text = shown(got)
    assert f"\n{CUT.decode()}\n{REFUSED}\n" in text
    assert text.endswith(HAND.decode() + "\n")
    assert "x" * 1001 not in text.replace("\n", "")  # never more of the line on the screen


@pytest.mark.posix
@pytest.mark.parametrize("what", list(NOTHING))
def test_reports_and_odd_keys_change_nothing_in_the_default_mode(sighted_mode, what):
    got = after(sighted_mode, NOTHING[what] + b"hand\r", b"", coloured(HAND + b"\r\n"))
    assert b"\r\r\n\r\r\n" not in got  # no blank lines (a cursor-position report printed them)
    assert b"\x1b[6n" not in got  # and no question for the cursor's position
    assert shown(got).endswith("\n" + HAND.decode() + "\n")
    assert "is not a move" not in shown(got)


@pytest.mark.posix
def test_nothing_in_a_paste_acts_in_the_default_mode(sighted_mode):
    got = shown(after(sighted_mode, PASTE_KEYS + b"\r", b"", coloured(GOES_ON)))
    assert "Line cleared" not in got and "Leave the game" not in got
    assert "Type yes to end it: end\n" in got  # the paste's second line, read after its first


# ---------------------------------------------------------------- piped input
def piped(text: str, *extra: str) -> list:
    """The lines ``play`` (seed 1) prints for the lines ``text`` piped in."""
    return playcore.play(["--seed", "1", *extra], text).lines


FIRST_HAND = "Your hand, 5 cards: 2 Coppers and 3 Estates."  # seed 1


def test_a_long_piped_line_is_cut_and_said_once_in_english_and_dutch():
    lines = piped("x" * 1_000_000 + "\n" + "y" * 1000 + "\nhand\n")
    i = lines.index("You> " + "x" * 1000)  # the line as read, echoed
    assert lines[i + 1 : i + 3] == [CUT.decode(), REFUSED]
    assert lines[i + 3] == "You> " + "y" * 1000  # exactly 1,000 characters: nothing was cut
    assert lines[i + 4].startswith("y" * 40 + "… is not a move.")
    assert lines[i + 5 : i + 7] == ["You> hand", FIRST_HAND]
    assert lines.count(CUT.decode()) == 1
    dutch = piped("x" * 5000 + "\n", "--lang", "nl")
    assert "Die regel was te lang: alleen de eerste 1000 tekens zijn gelezen." in dutch


class Stream:
    """A text stream of one long line that remembers how much each read asked for."""

    def __init__(self, text: str):
        self.data = io.StringIO(text)
        self.asked: list = []

    def readline(self, size: int = -1) -> str:
        self.asked.append(size)
        return self.data.readline(size)


def test_a_long_line_of_a_stream_is_read_in_bounded_pieces():
    stream = Stream("x" * 1_000_000 + "\r\nhand\n" + "z" * 1000 + "\n" + "w" * 1500)
    assert read_line(stream) == ("x" * 1000 + "\n", True)
    assert all(0 < size <= READ_PIECE for size in stream.asked)  # never a whole line at once
    assert read_line(stream) == ("hand\n", False)
    assert read_line(stream) == ("z" * 1000 + "\n", False)
    assert read_line(stream) == ("w" * 1000, True)  # the last line, without its end
    assert read_line(stream) == ("", False)


class OwnLines:
    """Typed lines read some other way (the join client's): a ``readline`` that takes no size."""

    def __init__(self, *lines: str):
        self.lines = list(lines)

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""


def test_a_line_of_a_reader_without_a_size_is_cut_too():
    own = OwnLines("x" * 1500 + "\r\n", "y" * 1000 + "\n")
    assert read_line(own) == ("x" * 1000 + "\r\n", True)
    assert read_line(own) == ("y" * 1000 + "\n", False)
    assert read_line(own) == ("", False)


# ---------------------------------------------------------------- a console that gives keys (Windows)
def test_a_paste_given_as_one_key_is_sent_by_enter_read_line_by_line_and_cut():
    """The Windows console gives a paste as one key, not as text: it is one line, its line
    breaks spaces, sent by the Enter typed after it, then read line by line, and cut as the line
    editor's own keys decide (what is past 1,000 characters, status among it, is not read)."""
    with create_pipe_input() as inp:
        paste = "end\r\nhand\x03\x04" + "x" * 5000 + "\nstatus"
        store_typeahead(inp, [KeyPress(Keys.BracketedPaste, paste), KeyPress(Keys.ControlM, "\r")])
        inp.close()
        done = playcore.play(["--seed", "1"], "", keys=inp)
    lines = done.lines
    i = lines.index(CUT.decode())
    assert lines[i + 1] == "Buy phase."  # end, the paste's first line
    assert lines[i + 9].startswith("hand" + "x" * 36 + "… is not a move.")  # its second, Ctrl+C and Ctrl+D left out
    assert lines.count(CUT.decode()) == 1
    assert FIRST_HAND not in lines and "End the Action phase?" not in done.text


# ---------------------------------------------------------------- the host's own seat
def line_editor_reads(child) -> None:
    """Wait until the line editor reads the terminal key by key (it switches the terminal from
    whole lines, which the terminal itself echoes, to keys between two lines; the host's seat
    shows no prompt while nothing is asked of it, so only the terminal's mode tells)."""
    import termios

    deadline = time.monotonic() + 60  # only a hang takes this long
    while termios.tcgetattr(child.child_fd)[3] & termios.ICANON:
        assert time.monotonic() < deadline, "the line editor does not read"
        time.sleep(0.01)


@pytest.mark.posix
def test_the_hosts_own_seat_cuts_a_long_line_and_drops_reports(tmp_path):
    env = dict(
        os.environ,
        TERM="xterm",
        A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        A11Y_DOMINION_SCREEN_READER="yes",
    )
    args = ["-m", "a11y_dominion", "host", "--players", "Cid:human,Ann:remote,Bot:bigmoney", "--seed", "1"]
    args += ["--port", "0", "--seats-file", str(tmp_path / "seats.json")]
    child = pexpect.spawn(sys.executable, args, env=env, timeout=15, dimensions=(24, 80))
    try:
        child.expect(b"1 seat still empty: Ann.\r\n")
        hand = b"Your hand, 5 cards: 2 Coppers and 3 Estates."
        line_editor_reads(child)
        got = after(child, LONG + b"\rhand\r", hand + b"\r\n")
        assert got == b"x" * 1000 + b"\r\r\n" + CUT + b"\r\n" + (
            "x" * 40 + "… is not a command; type help for the commands.\r\n"
        ).encode() + (b"hand\r\r\n" + hand + b"\r\n")
        line_editor_reads(child)
        got = after(child, b"\x1b[12;40R\x12\x1b[200~say a\nsay b\x03\x1b[201~\r", b"Cid says: b\r\n")
        # one line, sent by the Enter typed, then read as the two lines pasted, in order
        assert got == b"say a say b\r\r\nCid says: a\r\nsay b\r\r\nCid says: b\r\n"
    finally:
        child.terminate(force=True)


# ---------------------------------------------------------------- the filter itself
def test_pasted_lines_are_kept_apart_through_edits_of_the_line():
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.key_binding.key_processor import KeyPressEvent

    from a11y_dominion.lineinput import moved_breaks, paste, pasted_lines

    def pasted(buffer: Buffer, text: str) -> None:
        paste(cast(KeyPressEvent, SimpleNamespace(current_buffer=buffer, data=text)))

    one = Buffer()
    pasted(one, "hand\r\nstatus\nsupply\n")
    assert one.text == "hand status supply "  # shown as one line
    assert pasted_lines(one, one.text) == ["hand", "status", "supply"]  # read as the lines pasted
    assert pasted_lines(one, one.text) == ["hand status supply "]  # (then forgotten)
    two = Buffer()
    pasted(two, "hand\nstatus")
    pasted(two, "\nlog\nscore")  # a second paste at the end
    two.cursor_position = 0
    two.insert_text("x")  # typed before the pastes: the breaks move with the text
    two.cursor_position = len(two.text)
    two.delete_before_cursor(2)  # and rubbed out at the end
    assert pasted_lines(two, two.text) == ["xhand", "status", "log", "sco"]
    assert pasted_lines(Buffer(), "other") == ["other"]  # (a line without a paste: as it is)
    assert moved_breaks("a b", "a  b", (1,)) == (1,)
    assert moved_breaks("a b", "ab", (1,)) == ()  # a break rubbed out is gone


def test_the_filter_keeps_a_sequence_cut_between_two_reads_whole():
    f = InputFilter(per_second=None)
    assert f.feed("ab\x1b[20", 0.0) == ("ab", False)
    assert f.feed("1~cd\x1b", 0.0) == ("cd", False)  # the end of a paste mark, not "1~"
    assert f.feed("[12;4", 0.0) == ("", False)
    assert f.feed("0Re\r", 0.0) == ("e\r", False)  # a cursor-position report in three reads


def test_nothing_in_a_paste_acts_and_a_paste_without_its_end_ends_a_second_after_its_start():
    f = InputFilter(per_second=None)
    got = f.feed("buy\x1b[200~ Gold\r\nend\x03\x04\x1a\x7f\x15\x1b[A\x1bOP\t\x1b]0;t\x07\x1b[201~\r", 0.0)
    assert got == ("buy Gold end \r", False)  # the marks, keys and controls dropped; the Enter typed after
    assert f.feed("\x1b[200~a\rb\x1b[20", 0.0) == ("a b", False)  # a paste in pieces, its end mark cut
    assert f.feed("1~\r", 0.5) == ("\r", False)
    assert f.feed("\x1b[200~hand\r", 1.0) == ("hand ", False)  # a start mark alone...
    assert f.feed("\r\x03", 1.5) == (" ", False)
    assert f.feed("\r\x03", 2.5) == ("\r\x03", False)  # ... holds the keys for a second, no longer


def test_the_consoles_filter_keeps_alt_keys_gives_bursts_as_one_paste_and_one_character_past():
    lengths = [0]
    f = InputFilter(10, per_second=None, alt_keys=True, line_length=lambda: lengths[0], tell_cut=True, bursts=True)
    assert f.feed("\x1bh", 0.0) == ("\x1bh", False)  # Alt+H, a shortcut
    assert f.feed("a", 0.0) == ("a", False)  # a key typed alone stays a key
    assert f.feed("x" * 50, 0.0) == (PASTE_START + "x" * 11 + PASTE_END, False)  # one past the limit
    lengths[0] = 10  # the line editor took ten and refused the eleventh
    assert f.feed("x" * 50, 0.0) == ("", False)  # the line was told it is cut: nothing more
    assert f.feed("\ry", 0.0) == ("\ry", False)  # a new line


# ---------------------------------------------------------------- an SSH seat
@pytest.mark.posix
def test_an_ssh_seat_says_a_cut_line_once_and_ctrl_r_searches_nothing(tmp_path):
    import shutil

    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    from remoteterm import hosting, login

    for host in hosting(tmp_path):
        ann = login(host, "Ann")
        ann.expect("1 seat still empty: Bea.")
        ann.send("x" * 5000 + "\r")
        ann.expect("only its first 1000 characters were read\\.")
        ann.expect("x… is not a command")
        for keys in ("\x12", "\x13", "\x1b[12;40R"):  # Ctrl+R, Ctrl+S, a cursor-position report
            ann.send(keys + "hand\r")
            assert ann.expect(["Your hand, 5 cards: ", "is not a", "Nothing is asked"]) == 0, repr(keys)
        ann.send("y" * 1000 + "\r")  # exactly 1,000 characters: not cut
        ann.expect("y… is not a command")
        assert "characters were read" not in ann.before
        ann.close()


def test_a_windows_console_that_sends_terminal_sequences_is_filtered_too():
    """prompt_toolkit's Windows console input in its terminal-sequence mode keeps its parser at
    ``console_input_reader._vt100_parser``, fed one key at a time: it gets the same filter."""
    from types import SimpleNamespace

    from prompt_toolkit.input.vt100_parser import Vt100Parser

    from a11y_dominion.lineinput import bound_input

    keys: list = []
    reader = SimpleNamespace(_vt100_parser=Vt100Parser(keys.append))
    console_input = bound_input(SimpleNamespace(console_input_reader=reader))
    assert console_input.console_input_reader is reader
    for ch in "\x1b[12;40R\x12h\x1b[200~i\x03\r\x1b[201~\r":  # a report, Ctrl+R, a paste: as Windows gives them
        reader._vt100_parser.feed(ch)
    assert [(k.key, k.data) for k in keys] == [
        (Keys.ControlR, "\x12"),  # a key: the line editor's bindings drop it
        ("h", "h"),
        ("i", "i"),  # pasted: no Ctrl+C, and its line break a paste of its own (a space in the line)
        (Keys.BracketedPaste, "\n"),
        (Keys.ControlM, "\r"),  # typed after the paste
    ]


@pytest.mark.parametrize(
    "typed",
    [
        "say red evil \x1b]11;rgb:0000/0000/0000\x1b\\ words\r",  # a terminal's colour report
        "say red evil \x1b]0;a title\x07 words\r",
        "say red evil \x1bP>|xterm(370)\x1b\\ words\r",  # a terminal's name, in a DCS
        "say red evil \x1b_an APC\x1b\\ words\r",
    ],
)
def test_a_string_sequence_cut_into_pieces_is_dropped_whole(typed):
    whole, _ = InputFilter(tell_cut=True).feed(typed, 0.0)
    assert whole == "say red evil  words\r"
    for cut in range(1, len(typed)):
        line_filter = InputFilter(tell_cut=True)
        got = line_filter.feed(typed[:cut], 0.0)[0] + line_filter.feed(typed[cut:], 0.0)[0]
        assert got == whole, cut
