"""Typed lines, bounded as they arrive.

A line is cut at :data:`~a11y_dominion.textinput.MAX_LINE` characters while it
is typed, not after: what comes past the limit is never held, so a line of a
million characters (typed, pasted or piped) costs no more than one of a
thousand.

- :class:`InputFilter` cleans the text a terminal sends before the line
  editor makes keys of it: escape sequences that are no key (terminal reports
  such as a cursor-position report ``ESC [ 12 ; 40 R``, the marks of a
  bracketed paste, colours) are dropped whole, control and formatting
  characters that are no key are dropped, and a line keeps at most its limit
  of characters. The SSH seat feeds it what its client sends; the console and
  the host's own seat put it before prompt_toolkit's parser
  (:func:`bound_input`). Inside a bracketed paste no key acts: a pasted line
  break is a space, and every other control character and key is dropped, so a
  paste sends nothing until the player presses Enter.
- :func:`line_bindings` are the line editor's keys that keep a line in its
  bounds whatever the input (the Windows console gives keys, not text): typed
  and pasted characters go in only while there is room (:func:`insert_typed`),
  a paste of several lines goes into the line with its line breaks as spaces, and the keys that would
  take the line elsewhere (Ctrl+R and Ctrl+S search, Ctrl+Q, Ctrl+V, Ctrl+Z,
  which the console gives a use of its own) or a terminal's reports do nothing.
- :func:`read_line` reads one line of a text stream (a pipe, a file, a
  terminal without line editing) holding at most the limit.

A line that was cut is said once, when it is read (:data:`CUT_LINE`).
"""

from __future__ import annotations

import inspect
import re
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .rules.decisions import N_
from .textinput import MAX_LINE, SEQUENCE, STARTS, printable

if TYPE_CHECKING:
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.input import Input
    from prompt_toolkit.input.vt100_parser import Vt100Parser
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

LINES_PER_SECOND = 20  # typed lines read from one SSH seat in a second; more are dropped
PASTE_START = "\x1b[200~"  # bracketed paste: the start mark (the end mark, ESC [ 201 ~, is no key)
PASTE_END = "\x1b[201~"
PASTE_SECONDS = 1.0  # a paste whose end mark never came ends this long after its start mark
KEY_CONTROLS = {chr(c) for c in range(1, 27)} | {"\x7f"}  # Ctrl+A to Ctrl+Z, Backspace
SPECIAL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # where a run of plain text ends
HELD_MOST = 64  # characters of an unfinished escape sequence kept for the next text

CUT_LINE = N_("That line was too long: only its first {n} characters were read.")


def _known_keys() -> set[str]:
    from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES

    # not the start of a bracketed paste: its end mark is dropped as no key, and a line editor
    # given a start without an end would wait for that end forever, taking no key meanwhile
    return {s for s in ANSI_SEQUENCES if s.startswith("\x1b") and len(s) > 2 and s != PASTE_START}


def _unfinished(seq: str) -> bool:
    """True for an escape sequence that the end of the text cut short and that a next
    piece of text may finish: a lone Escape, ``ESC [`` with its parameters but no final
    byte yet (8-bit ``CSI`` too), ``ESC O`` (SS3) without its key."""
    if seq == "\x1b" or seq in ("\x1bO", "\x8f"):
        return True
    if seq.startswith("\x1b["):
        return len(seq) == 2 or not "@" <= seq[-1] <= "~"
    if seq.startswith("\x9b"):
        return len(seq) == 1 or not "@" <= seq[-1] <= "~"
    return False


STRING_STARTS = "]P^_X"  # after Escape: a string sequence (OSC, DCS, PM, APC, SOS), ended by BEL or ST
STRING_STARTS_8BIT = "\x90\x98\x9d\x9e\x9f"


def _string_end(data: str, start: int) -> int | None:
    """Where the string sequence whose text begins at ``data[start]`` ends (the index after
    its BEL or ST, or of an Escape that begins another sequence), or None when the end of
    ``data`` cut it short and a next piece of text may finish it."""
    for j in range(start, len(data)):
        ch = data[j]
        if ch in "\x07\x9c":
            return j + 1
        if ch == "\x1b":
            if j + 1 == len(data):
                return None  # ESC, and perhaps the backslash of ST in the next piece
            return j + 2 if data[j + 1] == "\\" else j
    return None


class InputFilter:
    """What a terminal sends, cleaned before the line editor reads it.

    :meth:`feed` takes the text received (``now``: the time in seconds) and
    gives ``(text, dropped)``: the text with the escape sequences that are
    keys (arrows, Home, End, Delete, function keys...), the control
    characters that are keys (Enter, Tab, Backspace, Ctrl+letter) and
    printable characters; ``dropped`` is True when lines were dropped for
    coming too fast (more than ``per_second`` in one second; None: no such
    limit). A line keeps at most ``max_line`` printable characters: those past
    it are dropped before any other work is done with them. ``line_length()``,
    when given, says how long the line being edited is now (None when no line
    is edited); else the filter counts the characters since the last Enter. With
    ``tell_cut`` the first character past the limit is let through, once a line,
    for the line editor to refuse (and say the line was cut). With ``bursts``
    several printable characters that come at once (a paste, fast typing) are
    given as one bracketed paste: one key for the line editor, which handles
    each key at a cost, not one a character. With ``paste_breaks`` a line break
    in a bracketed paste is given as a paste of its own (a line feed in the
    marks), so that the line editor knows where the pasted lines end
    (:func:`paste`); with ``paste_enters`` it is an Enter, as outside a paste (each pasted
    line is read as it would be typed: a line editor that reads lines as they end); else it is
    a space.

    Enter is carriage return (CR, as most terminals send it, Windows' OpenSSH
    client too), line feed (LF) or CR LF, one Enter even when the CR and the LF
    come in two feeds. Backspace is DEL (0x7f) or BS (0x08: Windows' OpenSSH client
    7.7.1.0 sent it for Backspace, newer ones for Ctrl+Backspace): both rub out one
    character. Inside a bracketed paste (``ESC [ 200 ~`` to ``ESC [ 201 ~``, also across
    feeds) no key acts: a line break (CR, LF or CR LF) and a tab are a space, and every other
    control character and escape sequence is dropped; the marks are dropped too. A paste
    whose end mark has not come :data:`PASTE_SECONDS` after its start mark is over at the
    next feed (a lone start mark holds no key for longer).
    Escape and a character is that character alone, or with ``alt_keys`` the key
    Alt and that character (the console's Alt shortcuts). An escape sequence cut
    off at the end of a feed (a lone Escape, ``ESC [ 2 0``, a title or colour report
    ``ESC ] 11;rgb:...`` without its BEL or ST, up to :data:`HELD_MOST` characters)
    waits for the next one, so that none of it is read as typed text.
    """

    def __init__(
        self,
        max_line: int = MAX_LINE,
        per_second: int | None = LINES_PER_SECOND,
        alt_keys: bool = False,
        line_length: Callable[[], int | None] | None = None,
        tell_cut: bool = False,
        bursts: bool = False,
        paste_breaks: bool = False,
        paste_enters: bool = False,
    ) -> None:
        self.max_line = max_line
        self.paste_breaks = paste_breaks
        self.paste_enters = paste_enters
        self.tell_cut = tell_cut
        self.bursts = bursts
        self.cut_told = False  # the character past the limit was let through in this line
        self.per_second = per_second
        self.alt_keys = alt_keys
        self.line_length = line_length
        self.keys = _known_keys()
        self.typed = 0  # printable characters in the line being typed
        self.enters: deque[float] = deque()  # when the last lines were ended
        self.flooding = False
        self.told = False  # the player was told of this flood
        self.after_cr = False  # the last character read was a carriage return (an Enter)
        self.held = ""  # an escape sequence cut off at the end of the last feed
        self.pasting: float | None = None  # when the bracketed paste being read began

    def _room(self, now: float) -> bool:
        if self.per_second is None:
            return True
        while self.enters and now - self.enters[0] >= 1.0:
            self.enters.popleft()
        return len(self.enters) < self.per_second

    def _text(self, data: str, start: int, end: int, out: list[str]) -> None:
        """The printable characters of ``data[start:end]`` (a run without C0 or C1
        controls) that fit in the line (and with ``tell_cut`` the first one past it,
        once a line); the rest is passed over unread."""
        while start < end:
            # with tell_cut, one character past the limit: the line editor refuses it and knows
            room = max(self.max_line - self.typed, 0) + (1 if self.tell_cut and not self.cut_told else 0)
            if room <= 0:
                return
            piece = data[start : min(end, start + room)]
            start += len(piece)
            kept = piece if piece.isprintable() else printable(piece)
            self.typed += len(kept)
            if self.typed > self.max_line:
                self.cut_told = True
            if self.bursts and len(kept) > 1:
                kept = PASTE_START + kept + PASTE_END  # one key for the line editor, not one a character
            out.append(kept)

    def feed(self, data: str, now: float) -> tuple[str, bool]:
        """The text to give the line editor for ``data`` received at ``now`` (seconds),
        and whether lines were dropped for coming too fast (see :class:`InputFilter`)."""
        out: list[str] = []
        dropped = False
        if self.held:
            data, self.held = self.held + data, ""
        if self.line_length is not None:
            length = self.line_length()
            if length is not None:
                self.typed = length
                if length < self.max_line:
                    self.cut_told = False
        if self._room(now) and not self.enters:
            self.told = False  # a calm second: a new flood is told again
        if self.pasting is not None and now - self.pasting > PASTE_SECONDS:
            self.pasting = None  # its end mark never came: keys act again
        i = 0
        n = len(data)
        while i < n:
            if self.flooding:
                if not self._room(now):
                    if not self.told:
                        dropped = self.told = True
                    return "".join(out), dropped
                self.flooding = False
            m = SPECIAL.search(data, i)
            end = m.start() if m is not None else n
            if end > i:
                self._text(data, i, end, out)
                self.after_cr = False
                i = end
                continue
            ch = data[i]
            if (ch == "\x1b" and i + 1 < n and data[i + 1] in STRING_STARTS) or ch in STRING_STARTS_8BIT:
                # a title, a colour report...: dropped whole, also when it comes in several pieces
                closed = _string_end(data, i + (2 if ch == "\x1b" else 1))
                if closed is None:
                    if n - i <= HELD_MOST:
                        self.held = data[i:]  # the rest of it may come with the next text
                    break  # (longer: what is left of this text is part of it, dropped)
                i = closed
                self.after_cr = False
                continue
            if ch == "\x1b" and i + 1 < n and data[i + 1] == "\x1b":
                i += 1  # an Escape before another sequence is no key (in a paste too): the next is read as itself
                self.after_cr = False
                continue
            if ch in STARTS:
                m = SEQUENCE.match(data, i)
                seq = m.group(0) if m else ch
                if i + len(seq) == n and len(seq) <= HELD_MOST and _unfinished(seq):
                    self.held = seq  # the rest of it may come with the next text
                    break
                i += len(seq)
                self.after_cr = False
                if seq in (PASTE_START, PASTE_END):
                    self.pasting = now if seq == PASTE_START else None
                    continue
                if self.pasting is not None:
                    continue  # no key inside a paste
                if seq in self.keys:
                    out.append(seq)
                elif ch == "\x1b" and len(seq) == 2 and seq[1] not in "[]PO^_X":
                    if self.alt_keys and (seq[1].isprintable() or seq[1] == "\x7f"):
                        out.append(seq)  # Alt and a key
                    else:
                        i -= 1  # Escape and a key (a letter, Enter): the Escape goes, the key is read
                continue
            i += 1
            after_cr, self.after_cr = self.after_cr, ch == "\r"
            if self.pasting is not None and not (self.paste_enters and ch in "\r\n"):
                # a pasted line break or tab is a space (or an Enter of its own); no control acts
                if ch in "\r\n" and self.paste_breaks and not (ch == "\n" and after_cr):
                    if self.typed < self.max_line:  # (a space in the line: counted as one)
                        self.typed += 1
                        out.append(PASTE_START + "\n" + PASTE_END)
                elif ch in "\r\n\t" and not (ch == "\n" and after_cr):
                    self._text(" ", 0, 1, out)
                continue
            if ch in ("\r", "\n"):
                if ch == "\n" and after_cr:
                    continue  # CR LF is one Enter (in one feed or two)
                self.typed = 0
                self.cut_told = False
                out.append("\r")
                if self.per_second is not None:
                    self.enters.append(now)
                    if not self._room(now):
                        self.flooding = True
                continue
            if ch in KEY_CONTROLS:
                if ch in ("\x7f", "\x08") and self.typed:
                    self.typed -= 1
                elif ch in ("\x03", "\x15"):  # Ctrl+C, Ctrl+U: the line is cleared
                    self.typed = 0
                    self.cut_told = False
                out.append(ch)
            # any other control character is no key: dropped
        return "".join(out), dropped


# ---------------------------------------------------------------- prompt_toolkit's input, bounded
class _FilteringParser:
    """A prompt_toolkit ``Vt100Parser`` given its text through an :class:`InputFilter` first
    (the parser itself, which feeds itself again in a bracketed paste, is left as it is)."""

    def __init__(self, parser: Vt100Parser, line_filter: InputFilter) -> None:
        self.parser = parser
        self.filter = line_filter

    def feed(self, data: str) -> None:
        text, _dropped = self.filter.feed(data, time.monotonic())
        if text:
            self.parser.feed(text)

    def feed_and_flush(self, data: str) -> None:
        self.feed(data)
        self.parser.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.parser, name)


def _current_line_length() -> int | None:
    """The length of the line being edited in the running prompt_toolkit application, or None."""
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    if app is None or not app.is_running:
        return None
    return len(app.current_buffer.text)


def bound_input(inp: Input, limit: int = MAX_LINE) -> Input:
    """``inp`` (a prompt_toolkit input) with the text it reads cleaned by an
    :class:`InputFilter` before its parser makes keys of it: POSIX terminals and
    pipes (``Vt100Input``) and a Windows console that sends terminal sequences read
    text; a Windows console that sends keys has none to clean (there
    :func:`line_bindings` keep the line in its bounds). The filter lets one
    character past ``limit`` through once a line, so the line editor knows the line
    was cut.
    Returns ``inp``, changed in place (once)."""
    owner: object = inp
    name = "vt100_parser"
    if getattr(owner, name, None) is None:  # Windows' console input in its terminal-sequence mode
        owner, name = getattr(inp, "console_input_reader", None), "_vt100_parser"
    parser = getattr(owner, name, None)
    if parser is None or isinstance(parser, _FilteringParser):
        return inp
    line_filter = InputFilter(
        limit,
        per_second=None,
        alt_keys=True,
        line_length=_current_line_length,
        tell_cut=True,
        bursts=True,
        paste_breaks=True,
    )
    setattr(owner, name, _FilteringParser(parser, line_filter))
    return inp


# ---------------------------------------------------------------- the line editor's keys
_CUT: weakref.WeakSet[Buffer] = weakref.WeakSet()  # line editors' buffers whose line had characters refused


def insert_typed(buffer: Buffer, text: str, limit: int = MAX_LINE) -> None:
    """Put the printable characters of ``text`` into ``buffer`` (a prompt_toolkit
    ``Buffer``) at its cursor while its line has fewer than ``limit`` characters;
    those past the limit are refused and the line noted as cut (:func:`line_was_cut`)."""
    text = text if text.isprintable() else printable(text)
    if not text:
        return
    room = limit - len(buffer.text)
    if len(text) > room:
        _CUT.add(buffer)
        text = text[: max(room, 0)]
    if text:
        buffer.insert_text(text)


def line_was_cut(buffer: Buffer, line: str, limit: int = MAX_LINE) -> bool:
    """True when ``line``, just read from ``buffer``, had characters refused for
    being past ``limit`` (and is still that long); the note is taken away."""
    cut = buffer in _CUT
    _CUT.discard(buffer)
    return cut and len(line) >= limit


def forget_cut(buffer: Buffer) -> None:
    """The line of ``buffer`` was cleared: no longer a cut line."""
    _CUT.discard(buffer)


LINE_BREAK = re.compile(r"\r\n|[\r\n]")


def pasted_text(data: str) -> str:
    """A pasted text as it goes into a line: its line breaks (CR, LF, CR LF) and tabs are
    spaces; other control characters are dropped by :func:`insert_typed`."""
    return re.sub(r"\r\n|[\r\n\t]", " ", data)


# line editors' buffers -> (their text, where a space in it stands for a pasted line break)
_BREAKS: weakref.WeakKeyDictionary[Buffer, tuple[str, tuple[int, ...]]] = weakref.WeakKeyDictionary()
_FOLLOWED: weakref.WeakSet[Buffer] = weakref.WeakSet()  # the buffers whose edits move their breaks


def moved_breaks(old: str, new: str, breaks: tuple[int, ...]) -> tuple[int, ...]:
    """The places of the pasted line ``breaks`` in the text ``old`` once it was edited into
    ``new``: those before the part that changed stay, those after it move with it, and those
    in it (rubbed out or typed over) are gone."""
    most = min(len(old), len(new))
    start = 0
    while start < most and old[start] == new[start]:
        start += 1
    end = 0
    while end < most - start and old[-1 - end] == new[-1 - end]:
        end += 1
    shift = len(new) - len(old)
    kept = [i for i in breaks if i < start] + [i + shift for i in breaks if i >= len(old) - end]
    return tuple(i for i in kept if 0 <= i < len(new) and new[i] == " ")


def _follow(buffer: Buffer) -> None:
    """The text of ``buffer`` changed: its pasted line breaks move with it."""
    kept = _BREAKS.get(buffer)
    if kept is None:
        return
    breaks = moved_breaks(kept[0], buffer.text, kept[1])
    if breaks:
        _BREAKS[buffer] = (buffer.text, breaks)
    else:
        _BREAKS.pop(buffer, None)


def paste(event: KeyPressEvent, limit: int = MAX_LINE) -> None:
    """A pasted text (``event.data``) goes into the line being edited as far as there is room,
    its line breaks as spaces: nothing in it acts as a key, and the line is sent only when the
    player presses Enter. Where each line break stood is kept: the line sent is then read as
    the pasted lines, one after another (:func:`pasted_lines`)."""
    buffer = event.current_buffer
    lines = [printable(line) for line in LINE_BREAK.split(event.data)]
    at = buffer.cursor_position
    before = len(buffer.text)
    insert_typed(buffer, " ".join(lines), limit)
    inserted = len(buffer.text) - before
    breaks, place = [], at
    for line in lines[:-1]:
        place += len(line)
        if place >= at + inserted:
            break
        breaks.append(place)
        place += 1
    if not breaks:
        return
    if buffer not in _FOLLOWED:
        _FOLLOWED.add(buffer)
        buffer.on_text_changed += _follow
    kept = _BREAKS.get(buffer)
    _BREAKS[buffer] = (buffer.text, tuple(sorted({*(kept[1] if kept else ()), *breaks})))


def pasted_lines(buffer: Buffer, line: str) -> list[str]:
    """The lines a player sent as ``line`` from ``buffer``: the lines pasted into it, in order,
    when it holds line breaks of a paste (:func:`paste`), else ``line`` alone. Blank lines are
    left out; the breaks are forgotten."""
    kept = _BREAKS.pop(buffer, None)
    if kept is None or kept[0] != line:
        return [line]
    cuts = [-1, *kept[1], len(line)]
    lines = [line[a + 1 : b] for a, b in zip(cuts, cuts[1:], strict=False)]
    return [x for x in lines if x.strip()] or [line]


def forget_breaks(buffer: Buffer) -> None:
    """A new line begins in ``buffer``: no pasted line break of the last one is kept."""
    _BREAKS.pop(buffer, None)


def line_bindings(limit: int = MAX_LINE) -> KeyBindings:
    """prompt_toolkit key bindings that keep a typed line in its bounds: typed
    characters go in only when printable and while the line has room
    (:func:`insert_typed`), a paste goes into the line with its line breaks as spaces
    (:func:`paste`), and
    Ctrl+R and Ctrl+S (history search, which would take the typed line away),
    Ctrl+Q and Ctrl+V (the next key typed as it is), Ctrl+Z (a control character in the line),
    Ctrl+O (which would send the line, as Enter does), Ctrl+L (which would clear the screen)
    and a terminal's cursor-position report do nothing: no control character but Enter sends
    a line or acts (a pasted one at most edits it). Merge them first: a player's own keys and
    the console's win over them."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    kb = KeyBindings()

    @kb.add(Keys.Any)
    def _type(event: KeyPressEvent) -> None:
        insert_typed(event.current_buffer, event.data * min(event.arg, limit + 1), limit)

    @kb.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        paste(event, limit)

    @kb.add("c-r")
    @kb.add("c-s")
    @kb.add("c-q")
    @kb.add("c-v")
    @kb.add("c-z")
    @kb.add("c-o")
    @kb.add("c-l")
    @kb.add(Keys.Vt100MouseEvent, eager=True)
    @kb.add(Keys.CPRResponse, save_before=lambda event: False)
    def _nothing(event: KeyPressEvent) -> None:
        return None

    return kb


# ---------------------------------------------------------------- lines of a stream
READ_PIECE = 65536  # characters read at a time from a line past the limit


class LineStream(Protocol):
    """What :func:`read_line` reads: a text stream's ``readline`` (``size``: at most that many
    characters, all of the line when negative). A text file is one; so is piped input read on the
    event loop (:class:`~a11y_dominion.console.piped.PipeLines`)."""

    def readline(self, size: int = -1, /) -> str:
        """The next line with its line end, "" at the end of the stream."""
        ...


def read_line(stream: LineStream, limit: int = MAX_LINE) -> tuple[str, bool]:
    """One line of the text stream ``stream``, holding at most ``limit`` characters
    however long the line is: ``(line, cut)``, ``line`` with its line end when it
    had one and "" at the end of the stream, ``cut`` True when the characters past
    ``limit`` were read and dropped (in pieces of :data:`READ_PIECE`). Errors of
    ``stream.readline`` are raised. A stream whose ``readline`` takes no size (one
    that reads its lines its own way) gives its whole line, which is cut here."""
    try:
        inspect.signature(stream.readline).bind(limit)
    except TypeError:
        line = stream.readline()
        body = line.rstrip("\r\n")
        if len(body) <= limit:
            return line, False
        return body[:limit] + line[len(body) :], True
    except ValueError:  # no signature to read: a readline of the standard library
        pass
    line = stream.readline(limit)
    if len(line) < limit or line.endswith("\n"):
        return line, False
    cut = False
    while True:
        rest = stream.readline(READ_PIECE)
        cut = cut or bool(rest.rstrip("\r\n"))
        if not rest:
            return line, cut
        if rest.endswith("\n"):
            return line + "\n", cut
