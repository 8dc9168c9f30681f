"""Where the console's lines go, and where typed lines come from.

:class:`Display` prints one sentence per line. In plain mode (screen
readers, ``--plain``, speech off, not a terminal, ``TERM=dumb``) it writes
the text and nothing else: no colour, tables or box drawing. Otherwise it
uses ``rich`` for sighted players: card names coloured by type and a table
for the Supply, with the same words as the plain lines (colour never
carries a fact alone). ``rich`` honours ``NO_COLOR``. No line is hard
wrapped; the terminal wraps it.

Readers: :class:`PromptReader` reads with prompt_toolkit (line by line,
readline-like completion, shortcut keys); :class:`PlainReader` reads plain
lines from a stream (pipes, scripts, a terminal that is not a tty).
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import os
import re
import sys
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from ..i18n import N_, Language
from ..lineinput import bound_input, forget_breaks, forget_cut, line_bindings, line_was_cut, pasted_lines, read_line
from ..rules.cards import CARDS, EVENTS, LANDMARKS, PILES, canonical, dutch_name
from ..textinput import MAX_LINE, NOT_UTF8, printable, typed_line

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.input import Input
    from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
    from prompt_toolkit.layout import Layout
    from prompt_toolkit.output import Output
    from prompt_toolkit.renderer import Renderer
    from rich.console import Console
    from rich.text import Text

    from ..lineinput import LineStream
    from ..view import PlayerView
    from .keys import KeyCommand

STYLES = {
    "Curse": "magenta",
    "Attack": "red",
    "Victory": "green",
    "Treasure": "yellow",
    "Action": "cyan",
    "Event": "blue",
    "Landmark": "bright_blue",
}


def card_style(name: str) -> str | None:
    """The colour of a card, Event or Landmark name (English or Dutch) by its type, or None; a
    pile of several cards (Castles, Patrician/Emporium) has its top card's."""
    if name not in EVENTS and name not in LANDMARKS and name not in CARDS:
        name = canonical(name) or name
    if name in EVENTS:
        return STYLES["Event"]
    if name in LANDMARKS:
        return STYLES["Landmark"]
    spec = CARDS.get(name)
    if spec is None and name in PILES:  # a pile of several cards (Castles, Patrician/Emporium): its top card's
        spec = CARDS.get(PILES[name].top_name)
    if spec is None:
        return None
    for t in ("Curse", "Attack", "Victory", "Treasure", "Action"):
        if spec.is_(t):
            return STYLES[t]
    return None


def wants_plain(speech: str, plain_flag: bool | None, stream: Any, env: Mapping[str, str] | None = None) -> bool:
    """True when only plain lines may be printed (see the module text)."""
    env = os.environ if env is None else env
    if plain_flag or speech in ("screen-reader", "off"):
        return True
    return env.get("TERM", "") == "dumb" or not isatty(stream)


ERASE_SCROLLBACK = "\x1b[3J"  # erase the lines scrolled off the screen (at a hand-over)
CLEAR_ALL = "\x1b[H\x1b[2J" + ERASE_SCROLLBACK  # the cursor home, the screen and its scrollback erased


def clear_terminal(
    stream: TextIO,
    platform: str = sys.platform,
    env: Mapping[str, str] | None = None,
    console_output: Callable[..., Output] | None = None,
) -> bool:
    """Clear the terminal ``stream`` writes to, with the lines scrolled off it; True when it was
    cleared. Nothing is written to a stream that is no terminal (a file, a pipe) or to a ``dumb``
    one (``TERM=dumb``, in ``env``: :data:`os.environ` unless given), which would show the escape
    sequences as text.

    On POSIX systems (and the terminals of Windows that read terminal sequences) this writes
    ``ESC [ H``, ``ESC [ 2 J`` and ``ESC [ 3 J`` (the scrollback; xterm, VTE, Windows Terminal,
    macOS Terminal and the Windows console know it). On Windows (``platform`` "win32") the
    console is cleared through prompt_toolkit's output for it (``console_output(stdout=stream)``,
    prompt_toolkit's ``create_output`` unless given): terminal sequences where the console reads
    them, else the console's own calls, which clear its whole buffer. A stream Windows calls a
    terminal that has no console behind it (the ``NUL`` device) is not cleared: False."""
    env = os.environ if env is None else env
    if not isatty(stream) or env.get("TERM", "") == "dumb":
        return False
    try:
        stream.flush()
        if platform != "win32":
            stream.write(CLEAR_ALL)
            stream.flush()
            return True
        if console_output is None:
            from prompt_toolkit.output import create_output

            console_output = create_output
        output = console_output(stdout=stream)
        output.erase_screen()
        output.cursor_goto(0, 0)
        if not _console_calls(output):  # (the console's own calls clear its buffer whole)
            output.write_raw(ERASE_SCROLLBACK)
        output.flush()
    except Exception:  # noqa: BLE001 - a console that cannot be cleared (OSError; prompt_toolkit's
        return False  # NoConsoleScreenBufferError, with no console behind the stream)
    return True


def _console_calls(output: Any) -> bool:
    """Whether ``output`` (a prompt_toolkit output) writes through the Windows console's own
    calls (its ``Win32Output``, for a console that reads no terminal sequences)."""
    try:
        # (the module defines it on Windows alone; mypy reads it as on this system)
        from prompt_toolkit.output.win32 import Win32Output  # type: ignore[attr-defined,unused-ignore]
    except (ImportError, AssertionError):  # (elsewhere the module asserts that this is Windows)
        return False
    return isinstance(output, Win32Output)


class Display:
    """Prints lines, plainly or with ``rich``."""

    # ``stream``: a text stream, or anything with its write and flush (an SSH session's lines)
    def __init__(self, stream: Any = None, plain: bool = True, lang: Language | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.plain = plain
        self.lang = lang or Language("en")
        self.console: Console | None = None
        self._names: re.Pattern[str] | None = None
        if not plain:
            from rich.console import Console

            self.console = Console(file=self.stream, soft_wrap=True, highlight=False, markup=False, emoji=False)

    def _name_pattern(self) -> re.Pattern[str]:
        if self._names is None:
            english = set(CARDS) | set(EVENTS) | set(LANDMARKS)
            names = sorted(english | {dutch_name(n) for n in english}, key=len, reverse=True)
            self._names = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")(?:e?s)?\b")
        return self._names

    def styled(self, text: str, style: str | None = None) -> Text:
        """A rich Text of ``text`` with card names coloured by type."""
        from rich.text import Text

        t = Text(text, style=style or "")
        for m in self._name_pattern().finditer(text):
            st = card_style(m.group(1))
            if st:
                t.stylize(st, m.start(), m.end())
        return t

    def line(self, text: str, style: str | None = None) -> None:
        """Print one line; a control or escape character in it (from a file or the network)
        is never printed."""
        text = "\n".join(printable(part) for part in text.split("\n"))
        if self.console is None:
            self.stream.write(text + "\n")
            self.stream.flush()
        else:
            self.console.print(self.styled(text, style))

    def clear(self, plain_too: bool = False) -> bool:
        """Clear the screen and its scrollback (at a hand-over, so the next player does not
        see the last one's cards, not even one scroll away), where the stream is a terminal
        (:func:`clear_terminal`); True when it was cleared. Plain lines are cleared only with
        ``plain_too`` (the ``clear`` setting: a screen reader reviews the lines printed)."""
        if self.plain and not plain_too:
            return False
        return clear_terminal(self.stream)

    def supply_table(self, view: PlayerView) -> None:
        """The Supply of a :class:`~a11y_dominion.view.PlayerView` as a table (rich mode only)."""
        from rich import box
        from rich.table import Table

        from ..announcements.narrator import count
        from .queries import below_list, pile_facts, pile_order

        lang = self.lang
        table = Table(title=lang._(N_("Supply")), box=box.SIMPLE_HEAD, title_justify="left")
        for col in (N_("Pile"), N_("Top card"), N_("Cost"), N_("Left"), N_("Tokens"), N_("Below")):
            table.add_column(lang._(col), justify="right" if col == "Left" else "left")
        for name in pile_order(view):
            f = pile_facts(view, name, lang)
            tokens = ", ".join(
                b
                for b in (
                    count(f["vp"], "VP", lang) if f["vp"] else "",
                    count(f["debt"], "Debt", lang) if f["debt"] else "",
                )
                if b
            )
            top = lang.card(f["top"]) if f["top"] else lang._(N_("empty"))
            table.add_row(
                self.styled(lang.card(name)),
                self.styled(top),
                f["cost"],
                str(f["left"]),
                tokens,
                self.styled(below_list(f, lang)),
            )
        assert self.console is not None  # (rich mode)
        self.console.print(table)


class PlainReader:
    """Reads lines from a text stream; raises EOFError at its end.

    ``interactive`` is True when the stream is a terminal, where the end of
    input is a Ctrl+D the player may type by mistake (and can type past).
    ``cut`` is True when the last line read was longer than
    :data:`~a11y_dominion.textinput.MAX_LINE` characters (the rest was dropped
    as it was read)."""

    def __init__(self, stream_in: LineStream | None = None, stream_out: TextIO | None = None) -> None:
        self.stream_in = stream_in if stream_in is not None else sys.stdin
        self.stream_out = stream_out if stream_out is not None else sys.stdout
        self.interactive = isatty(self.stream_in)
        self.cut = False

    def read(self, message: str, default: str = "") -> str:
        """One line from the stream, as :func:`~a11y_dominion.textinput.typed_line` reads it;
        a line with bytes that are not UTF-8 is :data:`~a11y_dominion.textinput.NOT_UTF8` alone.
        No more than :data:`~a11y_dominion.textinput.MAX_LINE` characters of a line are kept
        (:func:`~a11y_dominion.lineinput.read_line`)."""
        self.stream_out.write(printable(message))
        self.stream_out.flush()
        line, self.cut = read_line(self.stream_in)
        if line == "":
            self.stream_out.write("\n")
            raise EOFError
        line = NOT_UTF8 if NOT_UTF8 in line else typed_line(line)
        if not isatty(self.stream_in):
            # echo piped input so the transcript reads like a session; nothing of a line that is not UTF-8
            self.stream_out.write(("" if line == NOT_UTF8 else line) + "\n")
        return line


def isatty(stream: Any) -> bool:
    """True when ``stream`` is a terminal; False for anything else, a closed stream among them."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def draw_prompt_once(renderer: Renderer) -> None:
    """Make a prompt_toolkit ``renderer`` draw the prompt and the typed line once.

    When a line is accepted, prompt_toolkit erases what it drew and draws it
    all again ("Ann>" then "Ann> play Sacrifice" in the raw output, which a
    screen reader or a terminal log reads twice). After this, the last
    drawing writes only what changed and moves below the line. The
    renderer keeps its own drawing when it has nothing to compare with (the
    first drawing, a new terminal size). Changes ``renderer`` in place."""
    full_render = renderer.render

    def render(app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        output = renderer.output
        size = output.get_size()
        if not is_done or getattr(renderer, "_last_screen", None) is None or renderer._last_size != size:
            full_render(app, layout, is_done)
            return
        # only the characters that changed; not the style of an accepted line, which
        # would change every character of it (and shows nothing in these terminals)
        exit_style, app.exit_style = app.exit_style, ""
        try:
            full_render(app, layout, False)
        finally:
            app.exit_style = exit_style
        rows = min(layout.container.preferred_height(size.columns, size.rows).preferred, size.rows)
        y = renderer._cursor_pos.y
        output.reset_attributes()
        if rows > y:
            output.write_raw("\r\n" * (rows - y))
        else:
            output.cursor_up(y - rows)
            output.write_raw("\r")
        output.erase_down()
        output.enable_autowrap()
        output.flush()
        renderer.reset()

    renderer.render = render  # type: ignore[method-assign]  # (this renderer's own, in place)


def split_prompt(message: str) -> tuple[str, str]:
    """(the lines to print before the prompt, the prompt) of a question.

    A question of several sentences ("You still have 1 Action and could play
    Villa. End the Action phase? Type yes to end it: ") is printed as a line
    up to its last sentence, which the terminal wraps between words like any
    line; only the last sentence
    ("Type yes to end it: ") is the prompt, short enough never to be broken by
    the line editor. A one-sentence prompt comes back as ("", message)."""
    m = re.match(r"(.*[.?!])\s+(\S.*)$", message, re.S)
    if m is None:
        return "", message
    return m.group(1), m.group(2)


WIDE = 4096
"""The width the line editor is told a screen-reader terminal has: a typed line
never reaches its end, so the editor never wraps it itself (moving the cursor
up and down); the terminal wraps a long line like any other."""


_ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|$)")


def _cell_width(ch: str) -> int:
    """The columns a character takes, as prompt_toolkit counts them."""
    from prompt_toolkit.utils import get_cwidth

    return get_cwidth(ch)


class PlainLines:
    """What a plain line editor writes, from what prompt_toolkit's renderer asks
    for: the renderer's cursor moves, erasures and writes are applied to a copy
    of the line the terminal shows, and only the difference is written, with
    nothing but text, carriage return and backspace: a character typed at the
    end of the line is written as itself (a space too), one rubbed out as
    backspace, space, backspace, and the cursor moved left with backspaces and
    right by writing again what it passes over.

    Used by :func:`line_only_output` (screen-reader mode), where the editor
    draws one row. Were it ever to draw several, the rows are kept apart and
    moving between them is the one escape sequence left (cursor up or down)."""

    KEEP = 100  # rows remembered above the cursor

    def __init__(self) -> None:
        self.shown: list[list[str]] = [[]]  # per row: the characters the terminal shows (from column 0)
        self.want: list[list[str]] = [[]]  # per row: what the renderer drew
        self.row = 0
        self.col = 0  # the terminal's cursor column
        self.wcol = 0  # the column the renderer put its cursor at
        self.out: list[str] = []  # what is to be written to the terminal

    # ------------------------------------------------------------ the renderer's operations
    def text(self, data: str) -> None:
        """Characters written at the cursor; carriage return and line feed move it."""
        for ch in _ESCAPE.sub("", data):
            if ch == "\r":
                self.sync()
                if self.col:
                    self.out.append("\r")
                self.col = self.wcol = 0
            elif ch == "\n":
                self.sync()
                self.out.append("\n")
                self.row += 1
                self.col = self.wcol = 0  # the terminal returns to the line's start (onlcr)
                if self.row == len(self.shown):
                    self.shown.append([])
                    self.want.append([])
                else:
                    self.shown[self.row] = list(self.shown[self.row])
                if self.row > self.KEEP:
                    del self.shown[0], self.want[0]
                    self.row -= 1
            elif ch == "\b":
                self.wcol = max(0, self.wcol - 1)
            elif ch >= " ":
                # a wide character (two columns) is followed by an empty cell, written as nothing
                cells = [ch, ""] if _cell_width(ch) == 2 else [ch]
                line = self.want[self.row]
                if len(line) < self.wcol:
                    line.extend(" " * (self.wcol - len(line)))
                line[self.wcol : self.wcol + len(cells)] = cells
                self.wcol += len(cells)

    def forward(self, n: int) -> None:
        """The cursor ``n`` columns to the right."""
        self.wcol += max(0, n)

    def backward(self, n: int) -> None:
        """The cursor ``n`` columns to the left."""
        self.wcol = max(0, self.wcol - max(0, n))

    def erase_end(self) -> None:
        """The line erased from the cursor to its end."""
        del self.want[self.row][self.wcol :]

    def erase_below(self) -> None:
        """The line erased from the cursor, and every row below it."""
        self.erase_end()
        for r in range(self.row + 1, len(self.want)):
            self.want[r] = []

    def vertical(self, n: int, code: str) -> None:
        """Move ``n`` rows up (``code`` "A") or down ("B"): the one escape sequence left."""
        if n <= 0:
            return
        self.sync()
        target = self.row - n if code == "A" else self.row + n
        if target < 0:
            n, target = self.row, 0
        while target >= len(self.shown):
            self.shown.append([])
            self.want.append([])
        if n:
            self.out.append(f"\x1b[{n}{code}")
        self.row = target

    def clear(self) -> None:
        """The screen cleared (Ctrl+L): plain lines go on at a new line instead."""
        self.sync()
        self.out.append("\r\n")
        self.shown, self.want, self.row, self.col, self.wcol = [[]], [[]], 0, 0, 0

    # ------------------------------------------------------------ what is written
    def _move(self, target: int) -> None:
        """Move the terminal's cursor to column ``target`` of this row: back with
        backspaces (to the start with a carriage return), on by writing again
        the characters it passes over."""
        shown = self.shown[self.row]
        if target < self.col:
            self.out.append("\r" if target == 0 else "\b" * (self.col - target))
        elif target > self.col:
            if len(shown) < target:
                shown.extend(" " * (target - len(shown)))
            self.out.append("".join(shown[self.col : target]))
        self.col = target

    def sync(self) -> None:
        """Write what makes the terminal's line the one drawn, and put the cursor where
        it was left. Blanks count as nothing: a space past the cursor at the end of
        the line is not written, and what is rubbed out is overwritten with spaces
        only as far as the line showed more than blanks."""
        shown, want = self.shown[self.row], self.want[self.row]
        if len(want) < self.wcol:  # the renderer moved over blanks: spaces
            want.extend(" " * (self.wcol - len(want)))
        while len(want) > self.wcol and want[-1] == " ":
            want.pop()
        if shown != want:
            p = 0
            while p < len(shown) and p < len(want) and shown[p] == want[p]:
                p += 1
            if p < len(want):
                self._move(p)
                self.out.append("".join(want[p:]))
                self.col = len(want)
            used = len(shown)
            while used and shown[used - 1] == " ":
                used -= 1
            left = used - len(want)
            if left > 0:  # rubbed out: overwritten with spaces
                self._move(len(want))
                self.out.append(" " * left)
                self.col += left
            self.shown[self.row] = list(want)
        self._move(self.wcol)

    def take(self) -> str:
        """Everything to write so far (with the line brought up to date)."""
        self.sync()
        data, self.out = "".join(self.out), []
        return data


def line_only_output(
    stdout: TextIO | None = None, get_size: Callable[[], Size] | None = None, columns: int = WIDE
) -> Output:
    """A prompt_toolkit terminal output for screen-reader mode that writes
    plain lines, as a plain line editor does (:class:`PlainLines`): the prompt
    once, the typed text as itself, carriage return and backspace; no
    colours, cursor hiding, cursor shapes, bracketed paste, wrap switching,
    erasing or cursor movement sequences, which screen readers may read out
    or stumble over. The line editor is told the terminal is ``columns`` wide
    (:data:`WIDE` unless given; the terminal's own width when it is wider), so that it
    never wraps a line itself.

    ``stdout``: the terminal's stream (this process's standard output unless
    given); ``get_size()``: the terminal's :class:`~prompt_toolkit.data_structures.Size`,
    for a stream that is no local terminal (an SSH channel); without it the
    size is read from ``stdout``'s terminal."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    class LineOnlyOutput(Vt100_Output):
        def _skip(self, *args: object, **kwargs: object) -> None:
            return None

        hide_cursor = show_cursor = _skip
        set_cursor_shape = reset_cursor_shape = _skip
        enable_bracketed_paste = disable_bracketed_paste = _skip
        enable_autowrap = disable_autowrap = _skip
        reset_cursor_key_mode = _skip
        set_attributes = reset_attributes = _skip
        set_title = clear_title = _skip
        enable_mouse_support = disable_mouse_support = _skip
        enter_alternate_screen = quit_alternate_screen = _skip
        ask_for_cpr = _skip
        bell = _skip

        def _lines(self) -> PlainLines:
            lines = self.__dict__.get("_plain_lines")
            if lines is None:
                lines = self.__dict__["_plain_lines"] = PlainLines()
            return lines

        def write(self, data: str) -> None:
            self._lines().text(data)

        write_raw = write

        def cursor_forward(self, amount: int) -> None:
            self._lines().forward(amount)

        def cursor_backward(self, amount: int) -> None:
            self._lines().backward(amount)

        def cursor_up(self, amount: int) -> None:
            self._lines().vertical(amount, "A")

        def cursor_down(self, amount: int) -> None:
            self._lines().vertical(amount, "B")

        def cursor_goto(self, row: int = 0, column: int = 0) -> None:
            return None  # only after erase_screen, whose new line is the top left

        def erase_end_of_line(self) -> None:
            self._lines().erase_end()

        def erase_down(self) -> None:
            self._lines().erase_below()

        def erase_screen(self) -> None:
            self._lines().clear()

        def flush(self) -> None:
            data = self._lines().take()
            if data:
                self._buffer.append(data)
            super().flush()

        def get_size(self) -> Size:
            size = super().get_size()
            return Size(rows=size.rows, columns=max(size.columns, columns))

    out = stdout if stdout is not None else sys.stdout
    if get_size is not None:
        return LineOnlyOutput(out, get_size, term="dumb", enable_cpr=False)
    output = LineOnlyOutput.from_pty(out, term="dumb")
    output.enable_cpr = False
    return output


_LISTED: weakref.WeakKeyDictionary[Buffer, tuple[str | int, ...]] = (
    weakref.WeakKeyDictionary()
)  # a line editor's buffer -> (text, cursor) listed last


def list_completions(event: KeyPressEvent, plain: bool) -> None:
    """Tab at the prompt, as readline does: complete the one choice, or the part
    every choice shares; else list the choices above the prompt. So a Tab that
    completed the shared part is followed by a Tab that lists what is left ("acc",
    then "accept and account."); a Tab again right after a list prints nothing more.
    Each choice is kept apart: one per line for the eyes, and in plain mode (a
    screen reader) one line with commas and "and" in the completer's language
    ("Copper, Silver and treasures"; "Koper, Zilver en geldkaarten"), never names
    run together with spaces."""
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix

    buffer = event.current_buffer
    if buffer.completer is None:
        return
    completions = list(buffer.completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
    if len(completions) == 1:
        buffer.delete_before_cursor(-completions[0].start_position)
        buffer.insert_text(completions[0].text)
        return
    common = get_common_complete_suffix(buffer.document, completions)
    if common:
        buffer.insert_text(common)
        return
    line = (buffer.text, buffer.cursor_position)
    if event.is_repeat and _LISTED.get(buffer) == line:  # Tab again, nothing typed since: the list was just printed
        return
    _LISTED[buffer] = line
    words = [printable(c.display_text) for c in completions]
    lang = completer_lang(buffer.completer)
    if not words:
        text = no_completion(buffer.document.text_before_cursor, lang)
    else:
        text = choices_line(words, lang) if plain else "\n".join(words)
    app = event.app
    run_in_terminal(lambda: app.print_text(text + "\n"), render_cli_done=True)


def completer_lang(completer: object) -> Language | None:
    """The language of a completer's words (its ``lang``), looked for through prompt_toolkit's
    wrappers (the prompt's ``DynamicCompleter``, a ``ThreadedCompleter``); None when it has none."""
    for _ in range(4):
        lang: Language | None = getattr(completer, "lang", None)
        if lang is not None:
            return lang
        unwrap = getattr(completer, "get_completer", None)
        inner = unwrap() if unwrap is not None else getattr(completer, "completer", None)
        if inner is None:
            return None
        completer = inner
    return None


NO_COMPLETION = N_("Nothing to complete: no command or name here starts with {word}.")
NOTHING_HERE = N_("Nothing to complete here.")


def no_completion(typed: str, lang: Language | None = None) -> str:
    """What Tab says, in ``lang`` (English when None), when nothing completes the line ``typed``
    before the cursor: the word it was pressed after ("Nothing to complete: no command or name
    here starts with xyz."), cleaned and cut short; after a space, "Nothing to complete here."."""
    from ..textinput import short

    lang = lang or Language("en")
    word = short(printable(re.split(r"[\s,]", typed)[-1] if typed else ""))
    return lang.text(NO_COMPLETION, word=word) if word else lang._(NOTHING_HERE)


FIRST_TYPED = N_("No earlier typed line.")
LAST_TYPED = N_("No later typed line.")


def history_end(step: int, lang: Language | None = None) -> str:
    """What Up (``step`` -1) or Down (1) says, in ``lang`` (English when None), past the end of
    the typed lines recalled: there is no earlier (or later) line."""
    return (lang or Language("en"))._(FIRST_TYPED if step < 0 else LAST_TYPED)


def recall(event: KeyPressEvent, step: int) -> None:
    """Up (``step`` -1) or Down (1) at the prompt, as the line editor moves through the lines
    typed before (and through a line of several rows); past their end it says so in one line
    above the prompt (:func:`history_end`), not again at once."""
    from prompt_toolkit.application import run_in_terminal

    buffer = event.current_buffer
    before = (buffer.working_index, buffer.cursor_position)
    if step < 0:
        buffer.auto_up(count=event.arg)
    else:
        buffer.auto_down(count=event.arg)
    if (buffer.working_index, buffer.cursor_position) != before:
        return
    line = (buffer.text, buffer.cursor_position, step)
    if _LISTED.get(buffer) == line:
        return
    _LISTED[buffer] = line
    text = history_end(step, completer_lang(buffer.completer))
    app = event.app
    run_in_terminal(lambda: app.print_text(text + "\n"), render_cli_done=True)


def choices_line(words: list[str], lang: Language | None = None) -> str:
    """The Tab choices ``words`` on one line as a list is read aloud, the last after "and"
    ("en" in Dutch: the language of ``lang``, English when None): "Copper, Silver and treasures."."""
    from ..announcements.words import join_names

    return join_names(words, lang or Language("en")) + "."


def _tab_bindings(plain: bool) -> KeyBindings:
    from prompt_toolkit.key_binding import KeyBindings

    kb = KeyBindings()
    kb.add("c-i")(lambda event: list_completions(event, plain))
    kb.add("up")(lambda event: recall(event, -1))
    kb.add("c-p")(lambda event: recall(event, -1))
    kb.add("down")(lambda event: recall(event, 1))
    kb.add("c-n")(lambda event: recall(event, 1))
    return kb


def _prompt_text(message: str) -> StyleAndTextTuples:
    """``message`` as prompt_toolkit's formatted text in a colour of its own (the
    default one), so the line editor writes its last space as a space, not as a
    cursor move ("Ann> ", not "Ann>" and two cursor moves)."""
    return [("fg:ansidefault", message)] if message else []


@contextlib.contextmanager
def _prompting(buffer: Buffer) -> Iterator[None]:
    """Around a prompt on ``buffer``: a new line begins (no pasted line break of the last one
    kept); at the end of input (EOFError) and at Ctrl+C, raised as :class:`LineCleared` with
    whether the line held text (the buffer keeps it until the next prompt), the line is no
    longer a cut one."""
    forget_breaks(buffer)
    try:
        yield
    except KeyboardInterrupt:
        forget_cut(buffer)
        raise LineCleared(bool(buffer.text.strip())) from None
    except EOFError:
        forget_cut(buffer)
        raise


@dataclasses.dataclass(frozen=True)
class Arrived:
    """What a prompt gives back when it was ended because something came to be said
    (:meth:`PromptReader.stop`): ``text`` is the line typed so far (drawn again at the
    next prompt)."""

    text: str = ""


class LineCleared(KeyboardInterrupt):
    """Ctrl+C at the prompt: ``had_text`` is True when something was typed on the line
    (it is cleared), False on an empty line (nothing was cleared)."""

    def __init__(self, had_text: bool = True):
        super().__init__()
        self.had_text = had_text


def cleared_text(interrupt: BaseException, lang: Language, leave: bool = False, over: bool = False) -> str:
    """The sentence after Ctrl+C at the prompt (``interrupt``, a :class:`LineCleared` or a plain
    KeyboardInterrupt), in ``lang``: "Line cleared." when text was typed, "Nothing to clear."
    on an empty line, then how to stop (``leave``: how a joined seat leaves the game), or,
    ``over``, that the game is over and quit leaves."""
    if over:
        if getattr(interrupt, "had_text", True):
            return lang._(N_("Line cleared. The game is over; type quit to leave."))
        return lang._(N_("Nothing to clear. The game is over; type quit to leave."))
    if getattr(interrupt, "had_text", True):
        if leave:
            return lang._(N_("Line cleared. Type quit to leave the game."))
        return lang._(N_("Line cleared. Type quit to stop the game."))
    if leave:
        return lang._(N_("Nothing to clear. Type quit to leave the game."))
    return lang._(N_("Nothing to clear. Type quit to stop the game."))


@contextlib.contextmanager
def quiet_type_ahead(stream: TextIO | None) -> Iterator[None]:
    """While the game runs at the terminal ``stream`` (standard input; None or no terminal:
    nothing changes): what is typed while no prompt reads (a bot thinks, the news is said) is
    not echoed by the terminal among the game's lines, only once, by the prompt that reads it.

    On POSIX the terminal's ECHO flag is off meanwhile and put back at the end (the prompt's
    own raw mode keeps and restores it at each prompt); Ctrl+C and the line's editing keys
    stay as they are. On Windows the console echoes only what a read takes, so type-ahead is
    never echoed there and nothing is changed."""
    try:
        import termios
    except ImportError:  # Windows: nothing to do (see above)
        yield
        return
    try:
        fd = stream.fileno() if stream is not None and stream.isatty() else None
        before = termios.tcgetattr(fd) if fd is not None else None
    except (OSError, ValueError, AttributeError, termios.error):
        before = None
    if fd is None or before is None:
        yield
        return
    quiet = list(before)
    quiet[3] = quiet[3] & ~termios.ECHO  # the local modes (lflag)
    try:
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, before)
        except termios.error:
            pass


AHEAD_READS = 64
"""The most reads of the keys waiting at the terminal that :meth:`PromptReader.typed_ahead` drops
(each of up to 1,024 bytes at a POSIX terminal, 2,048 key events at Windows' console)."""


TYPED_AHEAD_READS = 64  # reads of the keys waiting (a few kB each) that one line's typed-ahead lines take at most


class PromptReader:
    """Reads lines with a prompt_toolkit ``PromptSession``.

    Line-oriented, no full-screen application and no floating menu:
    completion candidates are printed as lines (``READLINE_LIKE``).
    ``read`` returns the typed line or a :class:`~.keys.KeyCommand`; it
    raises EOFError for Ctrl+D on an empty line and KeyboardInterrupt for
    Ctrl+C. A person types here (``interactive``).

    A line holds at most :data:`~a11y_dominion.textinput.MAX_LINE` characters:
    the input's text is cut as it arrives (:func:`~a11y_dominion.lineinput.bound_input`)
    and the line editor refuses what is past the limit
    (:func:`~a11y_dominion.lineinput.line_bindings`); ``cut`` is True when the
    last line read had characters refused. A pasted text of several lines is sent by the
    player's Enter and then read line by line, in order (:attr:`pending`: the pasted lines
    not read yet, each shown after its prompt when it is read); whole lines typed ahead, keys
    that came with the line read, are read so too (:meth:`_typed_ahead`).
    """

    interactive = True

    def __init__(
        self,
        completer: Completer | None,
        key_bindings: KeyBindingsBase | None,
        plain: bool = True,
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output import ColorDepth
        from prompt_toolkit.shortcuts import CompleteStyle

        kw: dict[str, Any] = {"input": bound_input(input if input is not None else create_input())}
        if output is None and plain and sys.stdout.isatty():
            output = line_only_output()
        if output is None:
            from prompt_toolkit.output import create_output

            output = create_output()
            # No cursor-position requests: readline-like completion needs none, and a terminal
            # that does not answer them would get a warning printed into the game.
            if hasattr(output, "enable_cpr"):
                output.enable_cpr = False
        kw["output"] = output

        from prompt_toolkit.key_binding import merge_key_bindings

        tab = _tab_bindings(plain)
        bounds = line_bindings()
        self.cut = False

        # a prompt gives the line typed, or what a key ended it with (a KeyCommand, an Arrived)
        def new_session(
            completer: Completer | None = completer, key_bindings: KeyBindingsBase | None = key_bindings
        ) -> PromptSession[Any]:
            keys = [bounds, key_bindings, tab] if key_bindings is not None else [bounds, tab]
            return PromptSession(
                completer=completer,
                complete_style=CompleteStyle.READLINE_LIKE,
                complete_while_typing=False,
                key_bindings=merge_key_bindings(keys),
                mouse_support=False,
                enable_suspend=False,
                color_depth=ColorDepth.MONOCHROME if plain else None,
                **kw,
            )

        def drawn_once(session: PromptSession[Any]) -> PromptSession[Any]:
            draw_prompt_once(session.app.renderer)
            return session

        self._new_session: Callable[..., PromptSession[Any]] = lambda completer=completer, key_bindings=key_bindings: (
            drawn_once(new_session(completer, key_bindings))
        )
        self.sequence = getattr(key_bindings, "sequence", None)  # the state of a typed escape sequence
        self.pending: collections.deque[str] = collections.deque()  # pasted lines sent, not read yet
        self.session: PromptSession[Any] = self._new_session()

    def read(self, message: str, default: str = "") -> str | KeyCommand | Arrived:
        """One typed line (or a :class:`~.keys.KeyCommand`) after ``message``, without
        control, escape or formatting characters (:func:`~a11y_dominion.textinput.typed_line`).
        A question of several sentences is printed as a line up to its last
        sentence, which alone is the prompt (:func:`split_prompt`)."""
        message, pasted = self._begin(message)
        if pasted is not None:
            return pasted
        buffer = self.session.default_buffer
        with _prompting(buffer):
            got = self.session.prompt(_prompt_text(message), default=default)
        return self._taken(buffer, got)

    async def read_async(self, message: str, default: str = "") -> str | KeyCommand | Arrived:
        """As :meth:`read`, on the running event loop (prompt_toolkit's ``prompt_async``), so
        that other work of the loop (a network connection) goes on while the player types;
        :meth:`stop` ends it early with an :class:`Arrived`."""
        message, pasted = self._begin(message)
        if pasted is not None:
            return pasted
        session = self.session
        buffer = session.default_buffer
        session.app.erase_when_done = False
        try:
            with _prompting(buffer):
                got = await session.prompt_async(_prompt_text(message), default=default, handle_sigint=False)
        finally:
            session.app.erase_when_done = False
        return self._taken(buffer, got)

    def _begin(self, message: str) -> tuple[str, str | None]:
        """What every read does before its prompt: an escape sequence left open at the last
        prompt ends there, the question's sentences before its last are printed as a line
        (:func:`split_prompt`); returns (the prompt, the next pasted line when one waits,
        shown after the prompt as if typed, else None)."""
        if self.sequence is not None:
            self.sequence["mode"] = None
        head, message = split_prompt(printable(message))
        if head:
            from prompt_toolkit import print_formatted_text

            print_formatted_text(head, output=self.session.output)
        self.cut = False
        return message, (self._next_pasted(message) if self.pending else None)

    def _taken(self, buffer: Buffer, got: str | KeyCommand | Arrived) -> str | KeyCommand | Arrived:
        """What a prompt gave (``got``, from ``buffer``): a :class:`~.keys.KeyCommand` cleaned,
        or the line read (:func:`~a11y_dominion.textinput.typed_line`); when it holds pasted
        lines, the first of them, the others kept in :attr:`pending`."""
        if not isinstance(got, str):
            return dataclasses.replace(got, text=printable(got.text[:MAX_LINE]))
        self.cut = line_was_cut(buffer, got)
        first, *rest = pasted_lines(buffer, got)
        self.pending.extend(rest)
        self.pending.extend(self._typed_ahead())
        return typed_line(first)

    def _typed_ahead(self) -> list[str]:
        """The whole lines typed ahead: keys that had come when the line just read was sent (a
        terminal that types a paste as keys, without bracketed paste, or a fast typist) are read
        at once as the lines of a paste are (:attr:`pending`), so that they reach the host as
        fast as they came and its bound on lines a second holds as at an SSH seat; the keys of a
        line not yet ended, and all from a key the line editor acts on (Tab, an arrow, Backspace, a
        shortcut key, an Enter on an empty line) or a line longer than
        :data:`~a11y_dominion.textinput.MAX_LINE` (which the prompt cuts and tells) on, wait for the
        next prompt as before. Printable characters, pasted text and Enter only: nothing else of
        the keys is read here."""
        from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
        from prompt_toolkit.key_binding.key_processor import KeyPress
        from prompt_toolkit.keys import Keys

        keys = get_typeahead(self.session.input)
        for _ in range(TYPED_AHEAD_READS):  # and the keys that came since, not read yet
            more = self.session.input.read_keys() if keys else []
            if not more:
                break
            keys.extend(more)
        lines: list[str] = []
        line = ""  # the text of the line not yet ended
        held: list[KeyPress] = []  # its keys, given back when it does not end here
        for i, press in enumerate(keys):
            if press.key in (Keys.ControlM, Keys.ControlJ) and not line.strip():
                ended, rest = [], None  # an Enter on an empty line asks the question again: the prompt reads it
            elif press.key in (Keys.ControlM, Keys.ControlJ):
                ended, rest = [line], ""
            elif isinstance(press.key, str) and len(press.key) == 1 and press.key.isprintable():
                ended, rest = [], line + press.key
            elif press.key == Keys.BracketedPaste:  # (keys that came together, as prompt_toolkit reads them)
                *ended, rest = re.split(r"\r\n|\r|\n", press.data)
                if ended:
                    ended[0] = line + ended[0]
                else:
                    rest = line + rest
            else:
                ended, rest = [], None
            if rest is None or any(len(text) > MAX_LINE for text in [*ended, rest]):
                held.extend(keys[i:])  # read at the prompt: a key it acts on, or a line it cuts and tells
                break
            lines.extend(ended)
            if ended:
                held = [KeyPress(Keys.BracketedPaste, rest)] if rest else []
            else:
                held.append(press)
            line = rest
        store_typeahead(self.session.input, held)
        return lines

    def _next_pasted(self, message: str) -> str:
        """The next pasted line (:attr:`pending`), shown after the prompt ``message`` as if typed."""
        from prompt_toolkit import print_formatted_text

        line = typed_line(self.pending.popleft())
        print_formatted_text(message + line, output=self.session.output)
        return line

    def stop(self) -> bool:
        """End the prompt :meth:`read_async` shows now: it is erased and gives back an
        :class:`Arrived` with the line typed so far (drawn again at the next prompt). False
        when no prompt runs (it has not started yet, or has just ended)."""
        app = self.session.app
        if not app.is_running or app.future is None or app.future.done():
            return False
        app.erase_when_done = True
        app.exit(result=Arrived(app.current_buffer.text))
        return True

    def typed_ahead(self) -> int:
        """Drop what was typed and is not read yet: the pasted lines sent and not read
        (:attr:`pending`), the keys that came with the last line read (prompt_toolkit keeps them
        for the next prompt) and those waiting at the terminal, at most :data:`AHEAD_READS`
        reads of them; returns how many lines with text they held. (At a shared keyboard's
        hand-over what was typed before it is not the next person's.)"""
        from prompt_toolkit.input.typeahead import get_typeahead
        from prompt_toolkit.keys import Keys

        lines = [line for line in self.pending if line.strip()]
        self.pending.clear()
        inp = self.session.input
        keys = list(get_typeahead(inp))
        with inp.raw_mode():  # (a line begun and not ended waits too)
            for _ in range(AHEAD_READS):
                got = inp.read_keys()
                if not got:
                    break
                keys.extend(got)
        text = []
        for key in keys:
            if key.key in (Keys.ControlM, Keys.ControlJ):
                text.append("\n")
            elif key.key == Keys.BracketedPaste or (isinstance(key.key, str) and len(key.key) == 1):
                text.append(key.data if key.key == Keys.BracketedPaste else key.key)
        lines += [line for line in "".join(text).replace("\r", "\n").split("\n") if line.strip()]
        return len(lines)

    async def read_bare_async(self, message: str = "") -> str:
        """One typed line with no completion, no shortcut keys and no recalled lines (a fresh
        history each time), on the running event loop: the hand-over prompt, where nothing of
        the seat before or after may be told."""
        self.pending.clear()  # (the last person's pasted lines are not the next one's)
        session = self._new_session(completer=None, key_bindings=None)
        got = await session.prompt_async(message, handle_sigint=False)
        self.cut = line_was_cut(session.default_buffer, got)
        return typed_line(got)
