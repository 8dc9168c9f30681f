"""The light line editor of a plain SSH terminal (a11y_dominion/remote/lineeditor.py): the
exact bytes it writes for each key, the line it gives, its history, Tab, its limit, lines
written above the typed line, and that it never writes a control or escape byte a client
sent, whatever the bytes and however they are split into packets. The same keys over the
real OpenSSH client: tests/test_server_line_editor_e2e.py."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.history import InMemoryHistory

from a11y_dominion.i18n import Language
from a11y_dominion.lineinput import InputFilter
from a11y_dominion.remote.lineeditor import LineEditor, Typed, command_keys

UP, DOWN, LEFT, RIGHT = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"


def editor(limit: int = 1000) -> LineEditor:
    ed = LineEditor(limit)
    ed.history = InMemoryHistory()
    return ed


def test_typing_and_rubbing_out_write_the_characters_and_backspaces_only():
    ed = editor()
    assert ed.begin("Ann> ") == "Ann> "
    assert ed.feed("hnd") == ("hnd", None, "")
    assert ed.feed("\x7f") == ("\b \b", None, "")  # Backspace at the end
    assert ed.feed("\x08") == ("\b \b", None, "")  # BS, as Windows' OpenSSH client sends it
    assert ed.line == "h"
    assert ed.feed("nd" + LEFT + LEFT) == ("nd\b\b", None, "")
    assert ed.feed("a") == ("and\b\b", None, "")  # inserted: the rest written again, the cursor back
    assert ed.feed(RIGHT + RIGHT) == ("nd", None, "")  # right: what it passes over, written again
    out, typed, rest = ed.feed("\r")
    assert (out, typed, rest) == ("\r\n", Typed("line", "hand"), "")
    assert not ed.reading


def test_ctrl_u_ctrl_w_ctrl_k_home_end_and_delete():
    ed = editor()
    ed.begin("")
    ed.feed("buy Silver")
    assert ed.feed("\x17") == ("\b\b\b\b\b\b      \b\b\b\b\b\b", None, "")  # Ctrl+W: the word before the cursor
    assert ed.line == "buy "
    ed.feed("Gold" + "\x01")  # Ctrl+A: to the start
    assert ed.pos == 0
    ed.feed("\x1b[F")  # End
    assert ed.pos == len("buy Gold")
    ed.feed(LEFT * 4 + "\x0b")  # Ctrl+K: what is after the cursor
    assert ed.line == "buy "
    ed.feed("\x1b[H" + "\x1b[3~")  # Home, Delete
    assert ed.line == "uy "
    assert ed.feed("\x1b[F\x15") == ("  \r", None, "")  # End, Ctrl+U: all before the cursor, overwritten
    assert ed.line == "" and ed.pos == 0


def test_ctrl_c_ctrl_d_and_ctrl_z_end_the_line_and_the_rest_waits():
    ed = editor()
    ed.begin("Ann> ")
    assert ed.feed("play \x03status\r") == ("play \r\n", Typed("clear", "play "), "status\r")
    ed.begin("Ann> ")
    assert ed.feed("status\r")[1] == Typed("line", "status")
    ed.begin("")
    assert ed.feed("\x04") == ("\r\n", Typed("end"), "")  # Ctrl+D on an empty line
    ed.begin("")
    assert ed.feed("ab" + LEFT + "\x04\x1a")[1] is None  # in a line: Delete, and Ctrl+Z does nothing
    assert ed.line == "a"
    ed.begin("")
    assert ed.feed("\x1a")[1] == Typed("end")  # Ctrl+Z on an empty line, as at a Windows console


def test_up_and_down_recall_the_history_and_the_line_being_typed():
    ed = editor()
    for line in ("supply", "hand", "hand"):
        ed.begin("")
        ed.feed(line + "\r")
    assert ed.history.get_strings() == ["supply", "hand"]  # the same line twice is kept once
    ed.begin("Ann> ")
    ed.feed("sc")
    assert ed.feed(UP + UP)[0] == "\bupply"  # only what differs from what the line shows
    assert ed.feed(UP)[0] == "\r\nNo earlier typed line.\r\nAnn> supply"  # nothing older: said
    ed.feed(DOWN)
    assert ed.line == "hand"
    ed.feed("\x0e")  # Ctrl+N: the line that was being typed
    assert ed.line == "sc"
    ed.feed("\x10")  # Ctrl+P
    assert ed.feed("\r")[1] == Typed("line", "hand")


def test_tab_completes_and_lists_the_choices_once_in_the_language_s_words():
    ed = editor()
    ed.completer = WordCompleter(["status", "supply", "score", "say", "tables"], ignore_case=True)
    ed.begin("Ann> ")
    assert ed.feed("ta\t") == ("tables", None, "")  # one choice: completed
    ed.feed("\x15")
    ed.lang = lambda: Language("nl")
    out, typed, _ = ed.feed("s\t")  # several: listed on one line above, then the line again
    assert typed is None
    assert out == "s\r\nstatus, supply, score en say.\r\nAnn> s"
    assert ed.feed("\t") == ("", None, "")  # Tab again right away: not listed twice
    ed.lang = lambda: None
    assert ed.feed("u\t")[0] == "upply"  # one choice again
    assert ed.feed("\x15s\t")[0].endswith("status, supply, score and say.\r\nAnn> s")  # English by default


def test_lines_said_meanwhile_come_above_the_line_which_is_drawn_again():
    ed = editor()
    ed.begin("Ann> ")
    ed.feed("buy Go" + LEFT)
    erased = ed.erase()
    assert erased == "\r" + " " * len("Ann> buy Go") + "\r"
    assert ed.drawn_again("Bea buys Gold.\n") == "Ann> buy Go\b"
    assert ed.redraw("") == "\r" + "buy Go" + "     " + "\b" * 6  # a prompt that went: the line stays
    assert ed.stop() == "\r" + " " * 6 + "\r"  # ended unread: erased, the text kept for the next line
    assert ed.line == "buy Go" and not ed.reading
    assert not ed.shown()
    assert ed.drawn_again("more.\n") == ""  # nothing is drawn while no line is read


def test_a_line_stops_at_its_limit_and_says_it_was_cut():
    ed = editor(limit=10)
    ed.begin("")
    out, typed, _ = ed.feed("x" * 25 + "\r")
    assert out == "x" * 10 + "\r\n"
    assert typed == Typed("line", "x" * 10, cut=True)
    ed.begin("")
    assert ed.feed("x" * 10 + "\r")[1] == Typed("line", "x" * 10)  # at the limit, nothing refused
    ed.begin("")
    ed.feed("x" * 12 + "\x7f")
    assert ed.feed("\r")[1] == Typed("line", "x" * 9)  # shorter now: not cut


def test_a_password_is_not_shown_nor_kept():
    ed = editor()
    ed.hidden = True
    assert ed.begin("") == ""
    assert ed.feed("secret word" + UP + "\x7f") == ("", None, "")
    assert ed.feed("\r") == ("\r\n", Typed("line", "secret wor"), "")
    assert ed.history.get_strings() == []


def test_shortcut_keys_end_the_line_with_their_command_and_keep_the_text():
    ed = editor()
    ed.commands = command_keys({"hand": "c-t"})
    assert ed.commands["f2"] == "repeat" and ed.commands["c-t"] == "hand" and "f3" not in ed.commands
    ed.begin("Ann> ")
    assert ed.feed("bu\x1bOQrest") == ("bu\r\n", Typed("key", "bu", command="repeat"), "rest")
    assert ed.begin("Ann> ", "bu") == "Ann> bu"
    assert ed.feed("\x14")[1] == Typed("key", "bu", command="hand")


def test_wide_characters_move_the_cursor_by_their_columns():
    ed = editor()
    ed.begin("")
    ed.feed("漢字" + LEFT)
    assert ed.feed("a") == ("a字\b\b", None, "")


CONTROL = re.compile(r"[\x00-\x07\x09\x0b-\x0c\x0e-\x1f\x7f-\x9f]")  # what is never written: all but \b \n \r

junk = st.lists(
    st.one_of(
        st.text(max_size=8),
        st.sampled_from(
            [
                "\x1b",
                "\x1b[",
                "\x1b[1;5",
                "\x1b]0;title\x07",
                "\x1b]11;rgb:0000/0000",
                "\x1bP1$r",
                "\x9b31m",
                "\x1bOZ",
                "\x1b[200~",
                "\x1b[201~",
                "\x07",
                "\x00",
                "\x7f",
                "\r",
                "\n",
                "\t",
                "\x03",
                "\x15",
                "\x17",
                UP,
                LEFT,
                "\u202e",
                "\u200b",
            ]
        ),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(junk, st.lists(st.integers(min_value=0, max_value=30), max_size=8))
@example(["\x1b[200~", "\x1b", "\x1b]0;title\x07"], [])  # an Escape before a title's sequence, in a paste
@example(["\x1b", "\x1b]0;title\x07"], [1])  # the same, cut between packets, outside a paste
def test_what_a_client_sends_is_never_written_back_as_a_control_or_escape_byte(pieces, cuts):
    """Any text, cleaned by the SSH seat's input filter and cut into packets anywhere, makes the
    editor write printable characters, carriage returns, line feeds and backspaces only, and
    give lines of printable characters only."""
    sent = "".join(pieces)
    bounds = sorted({min(c * 3, len(sent)) for c in cuts})
    packets = [sent[a:b] for a, b in zip([0, *bounds], [*bounds, len(sent)], strict=True)]
    line_filter = InputFilter(max_line=20, tell_cut=True)
    ed = editor(limit=20)
    ed.completer = WordCompleter(["status", "supply", "say"])
    written = [ed.begin("Ann> ")]
    ahead = ""
    for i, packet in enumerate(packets):
        text, _dropped = line_filter.feed(packet, float(i))
        ahead += text
        while ahead:
            out, typed, ahead = ed.feed(ahead)
            written.append(out)
            if typed is not None:
                assert CONTROL.search(typed.text) is None and len(typed.text) <= 20
                written.append(ed.begin("Ann> ", typed.text if typed.kind == "key" else ""))
            elif not ed.reading:
                break
        written.append(ed.erase() + "Bea buys Gold.\n")
        written.append(ed.drawn_again("Bea buys Gold.\n"))
    everything = "".join(written)
    assert CONTROL.search(everything) is None, repr(everything)
    assert "title" not in everything and "rgb" not in everything


def test_an_escape_sequence_split_between_packets_is_one_key():
    line_filter = InputFilter(tell_cut=True)
    ed = editor()
    ed.begin("")
    for packet in ("say ab\x1b", "[", "D", "c\r"):
        text, _ = line_filter.feed(packet, 0.0)
        out, typed, _rest = ed.feed(text)
        assert "[" not in out and "\x1b" not in out
    assert typed == Typed("line", "say acb")


def test_tab_with_no_choice_and_up_or_down_past_the_history_say_so_once():
    ed = editor()
    ed.completer = WordCompleter(["status", "supply"], ignore_case=True)
    ed.begin("Ann> ")
    out, typed, _ = ed.feed("xyz\t")
    assert typed is None
    assert out == "xyz\r\nNothing to complete: no command or name here starts with xyz.\r\nAnn> xyz"
    assert ed.feed("\t") == ("", None, "")  # not said twice
    assert ed.feed(UP)[0] == "\r\nNo earlier typed line.\r\nAnn> xyz"
    assert ed.feed(UP)[0] == ""
    ed.lang = lambda: Language("nl")
    assert ed.feed(DOWN)[0] == "\r\nGeen latere getypte regel.\r\nAnn> xyz"
