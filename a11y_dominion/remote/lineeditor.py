"""A light line editor for an SSH terminal, with plain or rich output.

:class:`LineEditor` reads one typed line at a time from the text a terminal sends,
after :class:`~a11y_dominion.lineinput.InputFilter` cleaned it (escape sequences that
are no key dropped whole, also when split across packets; control characters that are
no key dropped; floods of lines dropped), and gives what to write back to the terminal.
It does no input or output itself: :class:`~.terminal.TerminalSession` feeds it and
writes what it gives, on the server's event loop, without prompt_toolkit's full
application (which costs several milliseconds of processor time a typed line).

What it writes is what a plain line editor writes, and nothing else: the prompt once,
each typed character as itself, a character rubbed out as backspace, space, backspace,
the cursor moved left with backspaces and right by writing again what it passes over,
a line cleared by overwriting it with spaces (:class:`~a11y_dominion.console.display.PlainLines`).
Never a control or escape byte that the player typed: only printable characters are
echoed, and a line keeps at most its limit of them (the rest are refused, and the line
is said to be cut once it is read).

Its keys: printable characters; Enter; Backspace; Delete; Left, Right, Home, End (and
Ctrl+B, Ctrl+F, Ctrl+A, Ctrl+E); Ctrl+U (rubs out what is before the cursor), Ctrl+K
(after it), Ctrl+W (the word before it); Up and Down (and Ctrl+P, Ctrl+N) through the
history of typed lines; Tab completes from a prompt_toolkit completer, or lists the
choices on one line ("Copper, Silver and treasures." in the player's language); Ctrl+C
ends the line as cleared; Ctrl+D (and Ctrl+Z) on an empty line is the end of input;
the console's shortcut keys (F2 repeats, F3 the hand...) end the line with their command.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.keys import KEY_ALIASES, Keys

from ..console.display import Arrived, PlainLines, choices_line, history_end, no_completion
from ..i18n import Language
from ..textinput import MAX_LINE, SEQUENCE, drop_sequences, printable

LEAVE = object()  # what a session reads for Ctrl+D (or Ctrl+Z) on an empty line: the end of input
SPECIAL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # where a run of typed text ends
WORD_END = re.compile(r"\S+\s*$")  # the word before the cursor, with the spaces after it
BARE_LF = re.compile(r"(?<!\r)\n")


@dataclass(frozen=True)
class Typed:
    """What ended a typed line. ``kind``: ``"line"`` (Enter: ``text`` is the line, ``cut``
    True when characters past the limit were refused), ``"clear"`` (Ctrl+C: ``text`` is what
    was typed), ``"end"`` (Ctrl+D or Ctrl+Z on an empty line) or ``"key"`` (a shortcut key:
    ``command`` is its command, ``text`` the line typed so far, kept for the next line)."""

    kind: str
    text: str = ""
    command: str = ""
    cut: bool = False


def key_name(seq: str) -> str | None:
    """The prompt_toolkit name of the key a terminal sends as ``seq`` (one control
    character or one escape sequence): ``"c-m"`` for Enter, ``"left"``, ``"f2"``...;
    None for a sequence that is no single key."""
    key = ANSI_SEQUENCES.get(seq)
    return key.value if isinstance(key, Keys) else None


class LineEditor:
    """One terminal's line editor (see the module's text).

    :meth:`begin` starts a line after ``prompt`` (str) with ``default`` typed; :meth:`feed`
    gives it the cleaned text the terminal sent and returns ``(output, typed, rest)``:
    the text to write to the terminal, a :class:`Typed` when a line ended (else None) and
    the text not read yet (after the end of the line, for the next line). :meth:`erase`
    and :meth:`drawn_again` put lines above the typed line: erase it, write the lines, draw
    it again. :meth:`redraw` draws it with a new prompt; :meth:`stop` ends the line
    unread, erased. Attributes a session sets: ``completer`` (a prompt_toolkit completer or
    None), ``lang()`` (the language of Tab's list), ``history`` (a prompt_toolkit history of
    the typed lines, or None), ``commands`` (key name to the console command of a shortcut
    key) and ``hidden`` (nothing typed is shown, nor kept in the history: a password).
    A line holds at most ``limit`` characters."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.line = ""
        self.pos = 0  # the cursor, an index into the line
        self.prompt = ""
        self.reading = False  # a line is being read: it is drawn, keys are read
        self.hidden = False
        self.completer: Any = None
        self.lang: Callable[[], Language | None] = lambda: None
        self.history: Any = None
        self.commands: dict[str, str] = {}
        self._row = PlainLines()  # what the terminal's line shows, and where its cursor is
        self._cut = False  # characters past the limit were refused in this line
        self._strings: list[str] = []  # the history's lines when this line began
        self._index = 0  # where Up and Down are in them (len: the line being typed)
        self._typed = ""  # the line being typed, while Up shows an older one
        self._listed: tuple[Any, ...] | None = None  # the line and cursor at the last Tab's list (or history's end)
        self._tab = False  # the last key was Tab

    # ------------------------------------------------------------ the line's life
    def begin(self, prompt: str, default: str = "") -> str:
        """Start reading a line after ``prompt`` with ``default`` already typed (the cursor
        at its end); returns what to write (the prompt and that text)."""
        self.prompt = prompt
        self.line = default[: self.limit]
        self.pos = len(self.line)
        self.reading = True
        self._cut = False
        self._tab = False
        self._strings = list(self.history.get_strings()) if self.history is not None else []
        self._index = len(self._strings)
        return self._draw()

    def stop(self) -> str:
        """End the line unread (something came to be said first): what to write to erase it
        (the typed text stays in :attr:`line`)."""
        out = self.erase()
        self.reading = False
        return out

    def redraw(self, prompt: str) -> str:
        """The line drawn again after a new ``prompt``; what to write ("" when not reading)."""
        if not self.reading:
            return ""
        self.prompt = prompt
        return self._draw()

    def shown(self) -> bool:
        """Whether the terminal's line shows something (a prompt or typed text)."""
        return bool(self._row.shown[self._row.row])

    def erase(self) -> str:
        """What to write to blank the terminal's line (its start, spaces over what it
        showed, its start again), for lines to be written above the typed line."""
        row = self._row
        row.backward(row.wcol)
        row.erase_end()
        return row.take()

    def drawn_again(self, written: str) -> str:
        """After ``written`` (the lines written at the blanked line, normally ending in a
        line feed): what to write to draw the prompt and the typed line again below them."""
        self._row = PlainLines()
        tail = written.rsplit("\n", 1)[-1]  # text left on the new line, before the prompt
        if tail:
            self._row.text(tail)
            self._row.take()
        return self._draw() if self.reading else ""

    # ------------------------------------------------------------ keys
    def feed(self, text: str) -> tuple[str, Typed | None, str]:
        """Read the keys of ``text`` (cleaned by an InputFilter) until a line ends; returns
        (what to write, the :class:`Typed` that ended the line or None, the text not read)."""
        out: list[str] = []
        i, n = 0, len(text)
        while i < n and self.reading:
            ch = text[i]
            if ch == "\x1b":
                m = SEQUENCE.match(text, i)
                seq = m.group(0) if m else ch
            elif SPECIAL.match(ch):
                seq = ch
            else:
                m = SPECIAL.search(text, i)
                end = m.start() if m is not None else n
                self._insert(text[i:end])
                self._tab = False
                i = end
                continue
            i += len(seq)
            typed = self._key(key_name(seq), out)
            if typed is not None:
                return "".join(out), typed, text[i:]
        if self.reading:
            out.append(self._draw())
        return "".join(out), None, text[i:]

    def _key(self, name: str | None, out: list[str]) -> Typed | None:
        """Do what the key ``name`` does; a :class:`Typed` when it ends the line."""
        tab, self._tab = self._tab, name == "c-i"
        command = self.commands.get(name) if name is not None else None
        if command is not None:
            out.append(self._finish())
            return Typed("key", self.line, command=command)
        if name in ("c-m", "c-j"):
            line, cut = self.line, self._cut and len(self.line) >= self.limit
            if line and not self.hidden and self.history is not None and self._strings[-1:] != [line]:
                self.history.append_string(line)
            out.append(self._finish())
            self.line, self.pos = "", 0
            return Typed("line", line, cut=cut)
        if name == "c-c":
            line = self.line
            out.append(self._finish())
            self.line, self.pos = "", 0
            return Typed("clear", line)
        if name in ("c-d", "c-z") and not self.line:
            out.append(self._finish())
            return Typed("end")
        line, pos = self.line, self.pos
        if name == "c-h":
            if pos:
                self.line, self.pos = line[: pos - 1] + line[pos:], pos - 1
        elif name in ("delete", "c-d"):
            self.line = line[:pos] + line[pos + 1 :]
        elif name in ("left", "c-b"):
            self.pos = max(pos - 1, 0)
        elif name in ("right", "c-f"):
            self.pos = min(pos + 1, len(line))
        elif name in ("home", "c-a"):
            self.pos = 0
        elif name in ("end", "c-e"):
            self.pos = len(line)
        elif name == "c-u":
            self.line, self.pos = line[pos:], 0
        elif name == "c-k":
            self.line = line[:pos]
        elif name == "c-w":
            m = WORD_END.search(line[:pos])
            start = m.start() if m is not None else pos
            self.line, self.pos = line[:start] + line[pos:], start
        elif name in ("up", "c-p"):
            self._recall(-1, out)
        elif name in ("down", "c-n"):
            self._recall(1, out)
        elif name == "c-i":
            self._complete(tab, out)
        if len(self.line) < self.limit:
            self._cut = False
        return None

    def _insert(self, text: str) -> None:
        """Put the printable characters of ``text`` in at the cursor while the line has room
        (those past the limit are refused, and the line noted as cut)."""
        text = text if text.isprintable() else printable(text)
        room = self.limit - len(self.line)
        if len(text) > room:
            self._cut = True
            text = text[: max(room, 0)]
        if text:
            self.line = self.line[: self.pos] + text + self.line[self.pos :]
            self.pos += len(text)

    def _recall(self, step: int, out: list[str]) -> None:
        """Up (``step`` -1) or Down (1): the line before or after in the history; past its end
        one sentence above the typed line says so (:func:`~a11y_dominion.console.display.history_end`),
        not again at once."""
        index = self._index + step
        if self.hidden:
            return
        if not 0 <= index <= len(self._strings):
            if self._listed == (self.line, self.pos, step):
                return
            self._listed = (self.line, self.pos, step)
            self._say_above(history_end(step, self.lang()), out)
            return
        if self._index == len(self._strings):
            self._typed = self.line
        self._index = index
        self.line = self._strings[index] if index < len(self._strings) else self._typed
        self.pos = len(self.line)

    def _complete(self, repeat: bool, out: list[str]) -> None:
        """Tab, as readline does: complete the one choice or the part every choice shares,
        else list the choices on one line above the typed line (not again at a Tab right
        after a list, with nothing typed since)."""
        from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix
        from prompt_toolkit.document import Document

        if self.completer is None or self.hidden:
            return
        document = Document(self.line, self.pos)
        completions = list(self.completer.get_completions(document, CompleteEvent(completion_requested=True)))
        if len(completions) == 1:
            start = self.pos + completions[0].start_position
            self.line, self.pos = self.line[:start] + self.line[self.pos :], start
            self._insert(completions[0].text)
            return
        common = get_common_complete_suffix(document, completions)
        if common:
            self._insert(common)
            return
        if repeat and self._listed == (self.line, self.pos):
            return
        self._listed = (self.line, self.pos)
        words = [printable(c.display_text) for c in completions]
        said = choices_line(words, self.lang()) if words else no_completion(self.line[: self.pos], self.lang())
        self._say_above(said, out)

    def _say_above(self, said: str, out: list[str]) -> None:
        """``said`` (one line: Tab's list, the history's end) on a line of its own below the
        typed line, which is drawn again below it."""
        out.append(self._finish(keep=True))
        out.append(said + "\r\n")
        out.append(self.drawn_again(said + "\r\n"))

    # ------------------------------------------------------------ drawing
    def _draw(self) -> str:
        """What to write so that the terminal's line shows the prompt and the typed line,
        with the cursor at :attr:`pos`."""
        row = self._row
        row.backward(row.wcol)
        row.erase_end()
        shown = "" if self.hidden else self.line
        row.text(self.prompt + shown)
        if not self.hidden and self.pos < len(shown):
            from prompt_toolkit.utils import get_cwidth

            row.backward(sum(get_cwidth(ch) for ch in shown[self.pos :]))
        return row.take()

    def _finish(self, keep: bool = False) -> str:
        """The line as typed, the cursor after it and on to a new line (the line was read,
        or the list of choices comes below it); the line is no longer read unless ``keep``."""
        pos, self.pos = self.pos, len(self.line)
        out = self._draw() + "\r\n"
        self.pos = pos
        self._row = PlainLines()
        self.reading = keep
        return out


SENT_KEYS = frozenset(k.value for k in ANSI_SEQUENCES.values() if isinstance(k, Keys))
"""The keys a terminal sends alone, as :func:`key_name` names them."""


def reaches(key: str) -> bool:
    """Whether the shortcut key ``key`` (prompt_toolkit's notation, as the settings keep it:
    ``f4``, ``c-r``, ``escape h``) comes over SSH as one key that the line editor reads: a
    function key or a Ctrl key does; an Alt key does not (it comes as Escape and a letter,
    which the input filter reads as the letter)."""
    return KEY_ALIASES.get(key, key) in SENT_KEYS


def command_keys(custom: Mapping[str, object] | None = None) -> dict[str, str]:
    """The console's shortcut keys that a terminal can send alone (F2 repeats, F3 the hand...;
    ``custom``: the player's own keys, as :func:`~a11y_dominion.console.keys.active_keys`
    takes them), as key names (``"f2"``) to their commands. Alt keys come over SSH as Escape
    and a letter, which the input filter reads as the letter: they are left out."""
    from ..console.keys import active_keys, bad_keys

    custom = {c: k for c, k in (custom or {}).items() if (c, k) not in bad_keys({c: k})}
    keys: dict[str, str] = {}
    for key, alt, command, _what in active_keys(custom):
        for k in (key, alt):
            if k is not None and len(k) == 1:
                keys[KEY_ALIASES.get(k[0], k[0])] = command
    return keys


def typed_key(
    keys: dict[str, str], words: list[str], lang: Language, terminal: bool = True
) -> tuple[dict[str, str], str] | str:
    """``settings set key ACTION KEY`` at an ssh session (``words``: ACTION and KEY, ``hand
    ctrl+r``): (``keys``, every action's as :func:`~a11y_dominion.settings.checked_keys` gives
    them, with the command's key set, checked as the keyboard's settings check it
    (:func:`~a11y_dominion.settings.set_key`); the action set, ``hand`` or ``hand2``), or the one
    sentence in ``lang`` saying why not: no ``terminal`` (``ssh -T``: no line editor reads keys),
    not a command and a key, a key the settings refuse, or a key that does not reach the game
    over ssh (an Alt key comes as Escape and a letter: :func:`reaches`). A game server's lobby
    and tables and a host's ssh seats read it alike."""
    from ..console.commands import command_for
    from ..console.keys import key_name
    from ..i18n import N_
    from ..settings import SettingsError, set_key

    if not terminal:
        return lang._(
            N_(
                "Shortcut keys need a terminal, which ssh -T does not give, so no key was kept; type the "
                "commands instead, such as hand."
            )
        )
    if len(words) != 2:
        return lang._(N_("Type settings set key, a command and a key, for example settings set key hand ctrl+r."))
    typed, key = (printable(drop_sequences(word)).strip()[:40] for word in words)  # (as they may be said)
    second = typed.endswith("2")
    action = (command_for(typed.removesuffix("2")) or typed.removesuffix("2").casefold()) + ("2" if second else "")
    keys = dict(keys)
    try:
        slot = set_key(keys, action, key)
    except SettingsError as e:
        return lang.msg(e.args[0])
    if not reaches(keys[slot]):
        return lang.text(
            N_(
                "{key} does not reach the game over ssh, so it was not kept; choose a function key or a Ctrl "
                "key, such as f4 or ctrl+r."
            ),
            key=key_name(keys[slot]),
        )
    return keys, slot


class TerminalLines:
    """A terminal's lines over a text channel, on the event loop: the lines typed, read with
    a :class:`LineEditor` (or plain lines without a terminal: no echo, no editing), and the
    lines said, written above the typed line. A session over a channel (an SSH terminal's)
    is one: it gives :meth:`typed` the cleaned text the terminal sent, :meth:`queue` the lines
    to say, and writes what :meth:`send` is given (one write a step of the event loop: asyncssh
    sends an empty packet before each packet it encrypts).

    ``terminal``: the channel is a terminal (else lines are read plainly); :meth:`prompt`
    gives the prompt ("Ann> " while an answer is awaited, else empty; the base gives
    :attr:`message`), :meth:`stop` ends a wait for a line early."""

    def __init__(self, terminal: bool, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self.editor: LineEditor | None = LineEditor(limit) if terminal else None
        self.message: str | None = None  # the prompt a line is read after
        self.gone = False  # the channel went: nothing more is written
        self._lines: asyncio.Queue[str] | None = None if terminal else asyncio.Queue()  # typed, without a terminal
        self._partial = ""  # the line being typed, without a terminal
        self._typeahead = ""  # cleaned text typed while no line is read, for the next line
        self._most = 8 * (limit + 1)  # the characters typed ahead that are kept
        self._waiting: asyncio.Future[Any] | None = None  # the line being read
        self._prompt_drawn = False  # without a terminal: the prompt was written last
        self._pending: list[str] = []  # lines to say, above the typed line, at the step's end
        self._out: list[str] = []  # what goes to the channel at the step's end, as it is
        self._due = False  # the step's end is to write them
        self._redraw = False  # the prompt changed: drawn again at the step's end

    def send(self, text: str) -> None:
        """Write ``text`` to the channel (a session's own)."""
        raise NotImplementedError

    def prompt(self) -> str:
        """The prompt of the line read now."""
        return self.message or ""

    # ------------------------------------------------------------ typed
    def typed(self, text: str) -> None:
        """Text the terminal sent, cleaned by an InputFilter: keys for the line editor (kept
        for the next line while none is read, bounded), or plain lines without a terminal."""
        if self._lines is None:
            self._typeahead = (self._typeahead + text)[: self._most]
            self._edit()
            return
        for ch in drop_sequences(text):  # (a key such as an arrow edits nothing here: not "[D" in the line)
            if ch == "\r":
                self._lines.put_nowait(self._partial)
                self._partial = ""
            elif ch.isprintable():
                self._partial += ch

    async def read(self, default: str = "") -> Typed | Arrived:
        """One line typed after :meth:`prompt` with ``default`` typed, as a :class:`Typed` (a line
        without a terminal is one past the limit when it was cut); an
        :class:`~a11y_dominion.console.display.Arrived` when :meth:`stop` ended the wait. The
        lines waiting to be said come first."""
        self._waiting = waiting = asyncio.get_running_loop().create_future()
        editor = self.editor
        try:
            if editor is None:
                return await self._plain_line(waiting)
            self._raw(self._above() if self._pending else "")
            self._raw(editor.begin(self.prompt(), default))
            self._edit()
            got: Typed | Arrived = await waiting
            return got
        finally:
            self._waiting = None
            if editor is not None:
                editor.reading = False

    async def _plain_line(self, waiting: asyncio.Future[Any]) -> Typed | Arrived:
        assert self._lines is not None
        self.soon(self._plain_prompt)
        getting = asyncio.ensure_future(self._lines.get())
        try:
            await asyncio.wait({getting, waiting}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not getting.done():
                getting.cancel()
        if not getting.done() or getting.cancelled():
            arrived: Arrived = waiting.result()
            return arrived
        got = getting.result()
        self._prompt_drawn = False
        return Typed("line", got, cut=len(got) > self.limit)  # (the filter let one character past the limit through)

    def _edit(self) -> None:
        """The keys typed ahead, given to the line editor while it reads a line; what it
        draws is written, and a line it ends is the one awaited."""
        editor = self.editor
        if editor is None or not editor.reading or not self._typeahead:
            return
        out, typed, self._typeahead = editor.feed(self._typeahead)
        self._raw(out)
        if typed is not None and self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(typed)

    def stop(self) -> bool:
        """End the wait for a typed line (:meth:`read`) with an
        :class:`~a11y_dominion.console.display.Arrived` holding the text typed so far (lines
        are to be said; the prompt comes back after them with that text); False when no line
        is being read."""
        waiting, editor = self._waiting, self.editor
        if waiting is None or waiting.done():
            return False
        if editor is not None:  # the line stays shown until the lines come to be said: they blank it
            editor.reading = False
        waiting.set_result(Arrived(editor.line if editor is not None else ""))
        self.message = ""  # nothing is asked until a line is read again
        return True

    # ------------------------------------------------------------ said
    def soon(self, fn: Callable[[], Any]) -> None:
        """``fn()`` at the event loop's next turn (at once without a running loop)."""
        try:
            asyncio.get_running_loop().call_soon(fn)
        except RuntimeError:
            fn()

    def queue(self, text: str) -> None:
        """``text`` (lines) to be said at the end of this step of the event loop, above the typed line."""
        if not self.gone:
            self._pending.append(text)
            self._write_soon()

    def _raw(self, text: str) -> None:
        """``text`` to the channel as it is (line feeds as CR LF at a terminal), with the rest of
        this step of the event loop's."""
        if text and not self.gone:
            self._out.append(text if self._lines is not None else BARE_LF.sub("\r\n", text))
            self._write_soon()

    def _write_soon(self) -> None:
        """Write at the loop's second turn from now: the lines of an answer and the prompt
        drawn after them (a turn later, once a line is read) go out in one write."""
        if not self._due:
            self._due = True
            self.soon(lambda: self.soon(self.flush))

    def changed(self) -> None:
        """The prompt changed (an answer is awaited, or no longer): it is drawn again."""
        self._redraw = True
        self._write_soon()

    def flush(self) -> None:
        """Write what is due now: the lines to say above the typed line (its line is blanked,
        the lines written, the prompt and the typed text drawn again), and what else was
        written, in one write (once the channel went, all is left to :meth:`last`)."""
        self._due = False
        if self.gone:
            return
        redraw, self._redraw = self._redraw, False
        if self.editor is not None and (self._pending or redraw):
            self._raw(self._above())
        elif self._pending:
            said = "".join(self._pending)
            self._pending = []
            self._raw(("\n" if self._prompt_drawn else "") + said)
            self._prompt_drawn = False
            self._plain_prompt()
        elif redraw:
            self._plain_prompt()
        text, self._out = "".join(self._out), []
        if text:
            self.send(text)

    def last(self, erase: bool = False) -> None:
        """Write what is left at once (also once the channel went: what it still takes),
        before the channel closes; with ``erase`` on lines of its own, the typed line erased."""
        head = ""
        if erase and self.editor is not None:
            head = self.editor.stop()
        elif erase and self._prompt_drawn:
            head = "\n"
        said = head + "".join(self._pending)
        text = "".join(self._out) + (said if self._lines is not None else BARE_LF.sub("\r\n", said))
        self._out, self._pending, self._due = [], [], False
        if text:
            self.send(text)

    def _above(self) -> str:
        """The lines to say, written above the line editor's line: the line blanked (when it
        shows something), the lines, the prompt and the typed text drawn again (while a line is
        read); nothing is pending after."""
        editor = self.editor
        assert editor is not None
        text, self._pending = "".join(self._pending), []
        out = (editor.erase() if editor.shown() and text else "") + text
        editor.prompt = self.prompt()
        return out + (editor.drawn_again(text) if text else editor.redraw(editor.prompt))

    def _plain_prompt(self) -> None:
        """Without a terminal: the prompt, once, when no line is waiting to be said."""
        text = self.prompt()
        if text and not self._prompt_drawn and not self._pending:
            self._raw(text)
            self._prompt_drawn = True
