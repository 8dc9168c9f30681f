"""The SSH session of a player at a terminal: the console core over SSH.

:class:`TerminalSession` is prompt_toolkit's
:class:`~prompt_toolkit.contrib.ssh.PromptToolkitSSHSession` run over the
SSH process of the login (the host serves the seat protocol on the same
server, so sessions start as asyncssh processes). After the first settings
(:meth:`TerminalSession._first_settings`) the seat is played by the console core
(:class:`~a11y_dominion.console.core.SeatConsole`) over the seat protocol inside the
host's process (:class:`~.seatlink.HostLink`), as ``join`` plays it: the same
questions, commands, completion, shortcut keys (F2, F3), Ctrl+C, quit and settings.
This module holds what is the terminal's own: the line editor over the SSH channel
(Up and Down recall the seat's own lines, kept at the host; Tab lists the choices as
lines), the output and the input filter. With plain output the line editor is the light
one of :mod:`.lineeditor` (a few string operations a key, where prompt_toolkit's
application costs milliseconds a typed line, which a server with many tables pays for
every person); with rich output it is prompt_toolkit's.

Output is plain lines by default, for the player's screen reader: no
colours, no cursor-position requests, no bracketed paste, no title, no bell
(:func:`~a11y_dominion.console.display.line_only_output`). Rich output
(card names coloured by type, the Supply as a table; colour only where the
client's ``TERM`` has it) when the client asks: ``--rich`` (or ``rich``) as
the SSH command (``ssh -t -p PORT Ann@HOST -- --rich``) or ``settings rich``.
The prompt reads "Ann> " only while an answer is awaited, and is empty
otherwise, so a screen reader does not read it after every line.

What the client sends is cleaned before the line editor sees it
(:class:`InputFilter`): escape sequences that are no key are dropped whole
(a lone Escape too), control and formatting characters that are no key are
dropped, a line stops at :data:`~a11y_dominion.remote.seat.MAX_LINE`
characters (said once, when the line is read), and past :data:`LINES_PER_SECOND`
lines in a second the rest is dropped, with one sentence to say so. Ctrl+R and
Ctrl+S search nothing (:func:`~a11y_dominion.lineinput.line_bindings`).

A session without a terminal (``ssh -T``) reads plain lines, with no echo
and no line editing.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession  # (asyncssh's DSA warnings: see remote/__init__)

from ..console.core import SEAT_COMMANDS, SeatConsole
from ..i18n import LANGUAGES, N_, Language
from ..lineinput import CUT_LINE, LINES_PER_SECOND, InputFilter, forget_cut, line_bindings, line_was_cut
from ..textinput import drop_sequences
from .coalesce import Coalesced
from .lineeditor import LineEditor, Typed, command_keys
from .seat import MAX_LINE, VERBOSITIES, HostedSettings, clean, language_of, typed_line, verbosity_of

KNOWN_COMMANDS = (None, "", "--plain", "--rich", "plain", "rich")  # the SSH commands that start the game session
RICH_COMMANDS = ("--rich", "rich")
LEAVE = object()  # the prompt ended with Ctrl+D on an empty line

BARE_LF = re.compile(r"(?<!\r)\n")
TYPEAHEAD_MOST = 8 * (MAX_LINE + 1)  # characters typed ahead of the light editor's next line that are kept


def color_system(term: str | None, env) -> str | None:
    """The colours ``rich`` may use on a client's terminal: None (no colour) for no
    terminal, ``dumb``, an old VT terminal or ``NO_COLOR`` in the client's
    environment ``env``; else ``standard``, ``256`` or ``truecolor``."""
    term = (term or "").lower()
    if not term or term == "dumb" or term.startswith(("vt", "ansi.sys")) or "NO_COLOR" in env:
        return None
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if "256" in term:
        return "256"
    return "standard"


class _Sink:
    """A text stream whose writes are added to a session's pending output."""

    def __init__(self, session: TerminalSession):
        self.session = session

    def write(self, text: str) -> int:
        self.session._queue(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


class _Channel:
    """The terminal stream of prompt_toolkit's output: the SSH channel (line feeds as CR LF)."""

    def __init__(self, session: TerminalSession):
        self.session = session

    def write(self, data: str) -> None:
        self.session._raw(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    @property
    def encoding(self) -> str:
        return "utf-8"


class _Screen:
    """The screen of a session's seat for the console core: plain lines to the session, or
    rich ones (the Supply as a table) while its output is rich."""

    def __init__(self, session: TerminalSession):
        self.session = session

    @property
    def plain(self) -> bool:
        return self.session.display is None

    def line(self, text: str, style: str | None = None) -> None:
        display = self.session.display
        if display is not None:
            display.line(text, style)
        else:
            self.session.write(clean(text) + "\n")

    def supply_table(self, view: Any) -> None:
        if self.session.display is not None:
            self.session.display.lang = self.session.seat.lang  # (kept as the player's)
            self.session.display.supply_table(view)


class _Keys:
    """The reader of the console core at a session: its line editor (or its plain lines
    without a terminal), read on the session's event loop; Ctrl+D is the end of input and
    Ctrl+C a :class:`~..console.display.LineCleared`, as the keyboard's reader gives them."""

    interactive = True  # a person types (lines come as they are typed, never read ahead)
    cut = False  # (a cut line is said by the session itself, between questions too)

    def __init__(self, session: TerminalSession):
        self.session = session

    async def read_async(self, message: str, default: str = "") -> Any:
        from ..console.display import LineCleared, split_prompt
        from ..console.keys import KeyCommand

        session = self.session
        head, session.message = "", clean(message)
        if session._lines is None:  # at a line editor a question's last sentence alone is the prompt
            head, session.message = split_prompt(session.message)
        if head:
            session.write(head + "\n")
        got = await session._line(default)
        session.message = ""  # read: the prompt is not drawn again until the next read
        if got is None:  # the session ended: its task ends (the host keeps the seat)
            raise asyncio.CancelledError
        if got is LEAVE:
            raise EOFError
        if isinstance(got, LineCleared):
            raise got
        if isinstance(got, KeyCommand):
            return got
        if not isinstance(got, str):
            return got
        host = getattr(getattr(session.console, "link", None), "host", None)
        if host is not None:
            host.typed()  # (after the game, the host's idle time starts again at every line)
        return typed_line(got)

    def stop(self) -> bool:
        return self.session.stop()


class _SeatConsole(SeatConsole):
    """The console core at an SSH terminal: as ``join``'s, with ``refuse(line)`` given first
    refusal on every line typed, and ``leaving()`` as quit, when set (the server's tables)."""

    refuse: Callable[[str], Awaitable[bool]] | None = None
    leaving: Callable[[], Awaitable[None]] | None = None

    async def typed_between(self, line: str) -> None:
        if self.refuse is not None and line.strip() and await self.refuse(line):
            return
        await super().typed_between(line)

    async def answer_line(self, line: str) -> None:
        if self.refuse is not None and line.strip() and await self.refuse(line):
            return
        await super().answer_line(line)

    async def quit_game(self) -> None:
        if self.leaving is not None:
            await self.leaving()
            return
        await super().quit_game()


class TerminalSession(PromptToolkitSSHSession):
    """One SSH session of a player at a terminal: prompt_toolkit's SSH session run
    over ``process`` (asyncssh's :class:`~asyncssh.SSHServerProcess`, as the host
    serves the seat protocol on the same server), for the seat of ``host`` (a
    :class:`~a11y_dominion.remote.host.GameHost`) named by the SSH user, until the
    game ends or the player leaves (then ``host.leave(name, session)``)."""

    def __init__(self, host, process):
        super().__init__(self._play, enable_cpr=False)
        self.host = host
        self.process = process
        self.name: str | None = None
        self.seat = None  # the seat whose language and name the session's own questions use
        self.display = None  # a rich Display while the output is rich
        self.asking = False  # the session asks its own question (first settings, leaving)
        self.command: str | None = None
        self.rich = False
        self.filter = InputFilter(max_line=MAX_LINE, tell_cut=True)  # one past: the line was cut
        self._pending: list = []
        self._flushing = False
        self._ctx: contextvars.Context | None = None
        self._prompt = None  # the PromptSession, while the terminal has line editing
        self._lines: asyncio.Queue | None = None  # typed lines, without a terminal
        self._partial = ""
        self._ended: int | None = None  # the exit status, once the host ends the session
        self._gone = False
        self._prompt_drawn = False  # without a terminal: "Ann> " was written last
        self._prompt_shown = False  # the line editor's last drawing had a prompt
        self.stdout = _Channel(self)  # prompt_toolkit's output goes to the channel
        self._joined = False  # the first question is answered: typed lines go to the seat's history
        self.console: SeatConsole | None = None  # the console core of the seat, once seated
        self.message: str | None = None  # the prompt the console core reads a line after
        self.stopping: asyncio.Future | None = None  # set to end a plain line's wait (the core's stop)
        self._reading: asyncio.Task | None = None  # the task waiting for a typed line
        self._editor: LineEditor | None = None  # the light line editor of a plain terminal
        self._typeahead = ""  # cleaned text typed while no line is read, for the next line
        self._waiting: asyncio.Future | None = None  # the light editor's line being read
        self._out = Coalesced(self._send)  # what is written to the channel in this step of the loop

    # ------------------------------------------------------------ asyncssh's side
    async def run(self) -> None:
        """The session, from the login to its end (reading the client's input meanwhile)."""
        import asyncssh

        process = self.process
        self.command = process.command.strip() if process.command is not None else None
        self.connection_made(process.channel)  # (no line editor of asyncssh's: access.ssh_server_options)
        self.interact_task = asyncio.ensure_future(self._interact())

        async def read() -> None:
            while not self._gone:
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as e:
                    self.terminal_size_changed(e.width, e.height, e.pixwidth, e.pixheight)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.Error, OSError):
                    break
                if not data:
                    break
                self.data_received(data, None)
            self._vanish()

        reader = asyncio.ensure_future(read())
        try:
            await asyncio.wait([self.interact_task])
        finally:
            reader.cancel()

    def data_received(self, data: str, datatype) -> None:
        if self._gone:
            return
        if self._lines is not None:
            self._plain_received(data)
            return
        text, dropped = self.filter.feed(data, time.monotonic())
        if dropped:
            self._too_fast()
        if not text:
            return
        if self._light():
            # (bounded: what is typed while nothing reads waits for the next line, as at a terminal)
            self._typeahead = (self._typeahead + text)[:TYPEAHEAD_MOST]
            self._edit()
        elif self._input is not None:
            self._input.send_text(text)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The client's terminal has a new size (a window made larger, a console maximized):
        rich output is drawn again for it; plain lines do not depend on it (the line editor
        is told the terminal is wide), so nothing is written and a screen reader does not
        hear the typed line again."""
        if self.rich:
            super().terminal_size_changed(width, height, pixwidth, pixheight)

    def break_received(self, msec: int) -> bool:
        return True

    def signal_received(self, signal: str) -> None:
        pass

    def _vanish(self) -> None:
        """The client went (or ended its input, or a write to it failed): the session ends,
        and the seat waits. Whichever of these comes first, the session's task is ended, also
        while it waits for a typed line (a write that failed first once left it waiting for
        ever, and the game with it)."""
        self._gone = True
        if self.interact_task is not None and not self.interact_task.done():
            self.interact_task.cancel()

    def exit(self, status: int) -> None:
        """The host ends the session: what is still to be said is written at once, on
        lines of its own (the prompt's line is cleared first), then the channel closes."""
        from prompt_toolkit.application.current import get_app_or_none

        if self._ended is not None:
            return
        self._ended = status

        def finish() -> None:
            app = get_app_or_none()
            if self._light():
                assert self._editor is not None
                self._pending.insert(0, self._editor.stop())
            elif self._prompt is not None and app is not None and app.is_running and not app.is_done:
                app.renderer.erase()
            elif self._prompt_drawn:
                self._pending.insert(0, "\n")
            self._write_pending()

        try:
            self._ctx.run(finish) if self._ctx is not None else finish()
        except RuntimeError:  # the context is in use: this runs inside it already
            finish()
        self._out.flush()  # (before the channel closes)
        try:
            self.process.exit(status)
        except Exception:  # noqa: BLE001 - the channel already went
            pass
        self._gone = True
        if self.interact_task is not None and not self.interact_task.done():
            self.interact_task.cancel()

    # ------------------------------------------------------------ output
    def _in_context(self, fn) -> None:
        """``fn()`` soon, in this session's prompt_toolkit context (lines are told from the table's task)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._ctx is None:
            loop.call_soon(fn)
        else:
            loop.call_soon(fn, context=self._ctx)

    def write(self, text: str) -> None:
        """Say ``text`` (lines ending in a line feed) to the player, above the prompt."""
        if self.rich and self.display is not None:
            for line in text.split("\n")[:-1]:
                self.display.line(line)
            if not text.endswith("\n"):
                self._queue(text.rsplit("\n", 1)[-1])
        else:
            self._queue(text)

    def _queue(self, text: str) -> None:
        """``text`` to be written soon (with what else is said meanwhile)."""
        if self._gone:
            return
        self._pending.append(text)
        if not self._flushing:
            self._flushing = True
            self._in_context(self._flush)

    def _raw(self, text: str) -> None:
        """``text`` to the channel as it is (line feeds as CR LF at a terminal), with the rest of
        this step of the event loop's in one write (one SSH packet, :mod:`.coalesce`)."""
        if text and self._chan is not None:  # (no empty SSH packet)
            self._out.write(text if self._lines is not None else BARE_LF.sub("\r\n", text))

    def _send(self, text: str) -> None:
        try:
            if self._chan is not None:
                self._chan.write(text)
        except Exception:  # noqa: BLE001 - a channel that closed under us: nothing more to say
            self._vanish()

    def _write_pending(self) -> None:
        text, self._pending = "".join(self._pending), []
        if text:
            self._raw(text)

    def _flush(self) -> None:
        """Write what is pending: above the prompt while one is showing (its line is
        erased, the lines written, the prompt drawn again once), else plainly."""
        from prompt_toolkit.application.current import get_app_or_none

        self._flushing = False
        if not self._pending:
            return
        if self._light():
            self._flush_light()
            return
        app = get_app_or_none()
        if self._prompt is None or app is None or not app.is_running or app.is_done:
            if self._lines is not None and self._prompt_drawn:
                self._pending.insert(0, "\n")
                self._prompt_drawn = False
            self._write_pending()
            if self._lines is not None:
                self._plain_prompt()
            return
        try:
            if self._blank(app):  # erasing the line editor and drawing it again would write nothing
                self._write_pending()
                return
            if app.renderer.last_rendered_screen is not None:  # the prompt's line is showing
                app.renderer.erase()
            self._write_pending()
            app.invalidate()
        except Exception:  # noqa: BLE001 - the prompt ended meanwhile: write plainly
            self._write_pending()

    def _flush_light(self) -> None:
        """Write what is pending above the light editor's line (:meth:`_light_text`)."""
        self._raw(self._light_text())

    def _light_text(self) -> str:
        """What is pending, to be written above the light editor's line in one write (one SSH
        packet): the line blanked (when it shows something), the lines, the prompt and the
        typed text drawn again (while a line is read); nothing is pending after."""
        editor = self._editor
        assert editor is not None
        text, self._pending = "".join(self._pending), []
        out = (editor.erase() if editor.shown() else "") + text
        editor.prompt = self._prompt_string()
        return out + editor.drawn_again(text)

    def changed(self) -> None:
        """The seat's question changed (an answer is awaited, or no longer): the prompt follows."""
        if self._light():
            editor = self._editor
            assert editor is not None
            if not self._flushing:
                self._in_context(lambda: self._raw(editor.redraw(self._prompt_string())))
            return
        if self._lines is not None:
            if not self._flushing:
                self._in_context(self._plain_prompt)
            return

        if self._flushing:
            return  # the lines about to be printed above the prompt draw it again once they are out

        def redraw() -> None:
            from prompt_toolkit.application.current import get_app_or_none

            app = get_app_or_none()
            if app is not None and app.is_running:
                app.invalidate()

        self._in_context(redraw)

    def prompt_text(self) -> list:
        """ "Ann> " while an answer is awaited; empty otherwise (prompt_toolkit's formatted text:
        in a colour of its own, the default one, so the line editor writes its last space as a
        space, not as a cursor move)."""
        # lines are about to be printed above: the prompt comes after them, once
        text = [] if self._pending else self._asked()
        self._prompt_shown = bool(text)
        return text

    def _prompt_string(self) -> str:
        """The prompt as text: "Ann> " while an answer is awaited, else empty."""
        return "".join(text for _style, text in self._asked())

    def _asked(self) -> list:
        """The prompt when no line is pending: "Ann> " while an answer is awaited, else empty."""
        text = self.message if self.message is not None else ""  # (the console core's prompt)
        if self.asking and self.seat is not None:  # the session's own question
            text = f"{self.seat.shown_name}> "
        return [("fg:ansidefault", text)] if text else []

    def _blank(self, app) -> bool:
        """Whether the line editor of ``app`` (running) shows plain lines and nothing on its line, and
        would show nothing there after the pending lines: no prompt at its last drawing nor
        now, nothing typed, no drawing to come. The lines are then written as they are: erasing
        the line and drawing it again would cost a drawing (a whole screen of cells) and write
        nothing. (The next drawing compares with that empty one, and writes what a drawing
        from scratch would.)"""
        return (
            not self.rich
            and not self._prompt_shown
            and not app.invalidated
            and app.renderer.last_rendered_screen is not None
            and not app.current_buffer.text
            and not self._asked()
        )

    def _too_fast(self) -> None:
        if self.seat is not None:
            self._say(
                self.seat.lang.text(
                    N_("Too many lines at once: at most {n} lines a second are read; the rest were dropped."),
                    n=LINES_PER_SECOND,
                )
            )

    def _say(self, text: str) -> None:
        """One line to this session's player (its own, not the seat's, before it joins)."""
        self.write(clean(text) + "\n")

    # ------------------------------------------------------------ without a terminal
    def _plain_received(self, data: str) -> None:
        assert self._lines is not None
        text, dropped = self.filter.feed(data.replace("\r\n", "\n"), time.monotonic())
        if dropped:
            self._too_fast()
        for ch in drop_sequences(text):  # (a key such as an arrow edits nothing here: not "[D" in the line)
            if ch == "\r":
                self._lines.put_nowait(self._partial)
                self._partial = ""
            elif ch.isprintable():
                self._partial += ch

    def _plain_prompt(self) -> None:
        text = "".join(t for _style, t in self.prompt_text())
        if text and not self._prompt_drawn and not self._pending:
            self._raw(text)
            self._prompt_drawn = True

    # ------------------------------------------------------------ the line editor
    def _make_output(self):
        """The prompt's terminal output: plain lines, or rich for a terminal that asked."""
        from prompt_toolkit.output.vt100 import Vt100_Output

        from ..console.display import line_only_output

        if not self.rich:
            return line_only_output(self.stdout, self._get_size, self._columns)
        return Vt100_Output(self.stdout, self._get_size, term=self._chan.get_terminal_type(), enable_cpr=False)

    def _columns(self) -> int:
        """The width the plain line editor is told at a drawing: as wide as the prompt and the
        line typed need (:func:`~a11y_dominion.console.display.line_columns`), no wider, as a
        drawing costs a step for every column."""
        from prompt_toolkit.application.current import get_app_or_none

        from ..console.display import line_columns

        app = get_app_or_none()
        prompt = f"{self.seat.shown_name}> " if self.seat is not None else ""
        return line_columns(prompt, app.current_buffer.text if app is not None else "")

    def _use_output(self, rich: bool) -> None:
        """Plain or rich output from now on (rich needs a terminal)."""
        from rich.console import Console

        from ..console.display import Display

        self.rich = rich and self._chan is not None and self._chan.get_terminal_type() is not None
        if self.seat is None:
            return
        if not self.rich:
            self.display = None
        else:
            display = Display(stream=_Sink(self), plain=True, lang=self.seat.lang)
            width = self._get_size().columns
            display.console = Console(
                file=_Sink(self),
                force_terminal=True,
                color_system=color_system(self._chan.get_terminal_type(), self._chan.get_environment()),
                width=max(width, 20),
                soft_wrap=True,
                highlight=False,
                markup=False,
                emoji=False,
            )
            self.display = display
        self._new_prompt()

    def _new_prompt(self) -> None:
        if self._lines is not None or self.seat is None:
            return
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output import ColorDepth
        from prompt_toolkit.shortcuts import CompleteStyle

        if self.console is not None:
            completer = self.console.completer
        else:  # (the lobby's and a watcher's commands; none at the first settings)
            completer = self.seat.completer() if hasattr(self.seat, "completer") else None
        if self._light():
            self._light_keys(completer, self.seat.typed_history if self._joined else InMemoryHistory())
            self._prompt = None
            return
        self._prompt = PromptSession(
            message=self.prompt_text,
            completer=completer,
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            key_bindings=self._keys(),
            history=self.seat.typed_history if self._joined else InMemoryHistory(),
            mouse_support=False,
            enable_suspend=False,
            enable_system_prompt=False,
            enable_open_in_editor=False,
            color_depth=None if self.rich else ColorDepth.MONOCHROME,
            output=self._make_output(),
            input=self._input,
            erase_when_done=False,
        )
        app = self._prompt.app
        # drawn again at the loop's next turn: by default prompt_toolkit puts a drawing off while
        # the loop has other work, up to 10 ms, asking the loop again at every turn, which with
        # many sessions of one process keeps it spinning
        app.max_render_postpone_time = None
        # no polling of the terminal's size: SSH tells a new size (terminal_size_changed), and
        # the plain line editor's width follows the typed line (_columns), not the terminal
        app.terminal_size_polling_interval = None
        from ..console.display import draw_prompt_once

        draw_prompt_once(self._prompt.app.renderer)  # "Ann> " once, not again when a line is accepted

    def _light_keys(self, completer: Any, history: Any) -> None:
        """The light editor's completer (Tab's list in the completer's language, else the
        seat's), history and shortcut keys (the console core's, at a seat)."""
        from ..console.display import completer_lang

        editor = self._editor
        assert editor is not None
        editor.completer = completer
        editor.history = history
        editor.lang = lambda: completer_lang(completer) or (self.seat.lang if self.seat is not None else None)
        editor.commands = command_keys(self.console.keys) if self.console is not None else self.between_keys()

    def between_keys(self) -> dict[str, str]:
        """The light editor's shortcut keys while no seat's console reads (key name to command):
        none here; the server's lobby has F2."""
        return {}

    def _keys(self):
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

        from ..console.keys import command_key_bindings

        kb = KeyBindings()

        @kb.add("c-c")
        def _clear(event) -> None:
            """Ctrl+C clears the line and says so, as at the console ("Line cleared. Type quit to
            leave the game."); on an empty line at a question ("Leave the game?") it answers no."""
            if self.asking and not event.current_buffer.text:
                event.app.exit(result="no")
                return
            from ..console.display import LineCleared

            # the line ends as typed (as at the console) and :meth:`_read` says it was cleared
            # before a new prompt reads the keys typed after Ctrl+C, even in the same packet
            forget_cut(event.current_buffer)
            event.app.exit(result=LineCleared(bool(event.current_buffer.text.strip())))

        @kb.add("c-d", filter=Condition(lambda: not self._prompt.default_buffer.text))
        def _leave(event) -> None:
            """Ctrl+D on an empty line: asks whether to leave."""
            event.app.exit(result=LEAVE)

        @kb.add("c-z")
        def _end(event) -> None:
            """Ctrl+Z (the end of input at a Windows console, as Ctrl+D elsewhere): on an empty
            line asks whether to leave; in a line it does nothing (it is never typed as "^Z")."""
            if not event.current_buffer.text:
                event.app.exit(result=LEAVE)

        @kb.add("c-i")
        def _tab(event) -> None:
            """Tab: complete, or list the choices apart ("Copper, treasures." in plain lines)."""
            from ..console.display import list_completions

            list_completions(event, plain=not self.rich)

        # first: a line at its longest takes no more characters, Ctrl+R and Ctrl+S search nothing;
        # at a seat of the console core, its shortcut keys (F2 repeats, F3 the hand) as at the keyboard
        shortcuts = [command_key_bindings(self.console.keys)] if self.console is not None else []
        return merge_key_bindings([line_bindings(MAX_LINE), *shortcuts, kb])

    def _cleared(self, interrupt: BaseException, lang: Language) -> str | None:
        """The sentence after Ctrl+C (``interrupt``: a :class:`~..console.display.LineCleared`)
        when it is not the game's "Line cleared. Type quit to leave the game." (None: that
        one); the server's lobby says how to log out instead."""
        return None

    async def _read(self):
        """One typed line, or :data:`LEAVE` for Ctrl+D; None when the session ends. Ctrl+C
        says that the line was cleared and reads on."""
        from ..console.display import LineCleared, cleared_text

        while True:
            got = await self._line()
            if not isinstance(got, LineCleared):
                return got
            lang = self.seat.lang if self.seat is not None else Language("en")
            self._say(self._cleared(got, lang) or cleared_text(got, lang, leave=True))
            self._flush()  # written now, before the next prompt

    async def _line(self, default: str = ""):
        """What the player typed: a line, :data:`LEAVE` for Ctrl+D, a
        :class:`~..console.display.LineCleared` for Ctrl+C, a :class:`~..console.keys.KeyCommand`
        for a shortcut key, an :class:`~..console.display.Arrived` when :meth:`stop` ended the
        wait; None when the session ends. A line cut at :data:`MAX_LINE` is said so, once,
        before what it does."""
        if self._ended is not None or self._gone:
            return None
        self._reading = asyncio.current_task()
        if self._light():
            got = await self._light_line(default)
            if not isinstance(got, Typed):
                return got
            if got.kind == "end":
                return LEAVE
            if got.kind == "key":
                from ..console.keys import KeyCommand

                return KeyCommand(got.command, got.text)
            if got.kind == "clear":
                from ..console.display import LineCleared

                if self.asking and not got.text:  # at the session's own question: no
                    return "no"
                return LineCleared(bool(got.text.strip()))
            if got.cut and self.seat is not None:
                self._say(self.seat.lang.text(CUT_LINE, n=MAX_LINE))  # once, before what the line does
            return got.text
        if self._lines is not None:
            self._in_context(self._plain_prompt)
            loop = asyncio.get_running_loop()
            self.stopping = stopping = loop.create_future()
            getting = asyncio.ensure_future(self._lines.get())
            try:
                await asyncio.wait({getting, stopping}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                self.stopping = None
                if not getting.done():
                    getting.cancel()
            if not getting.done() or getting.cancelled():
                return stopping.result()
            got = getting.result()
            self._prompt_drawn = False
            cut = len(got) > MAX_LINE  # the filter let one character past the limit through
        else:
            try:
                # the host process is shared: its Ctrl+C and its loop are not this session's to take
                got = await self._prompt.prompt_async(default=default, handle_sigint=False, set_exception_handler=False)
            except (EOFError, KeyboardInterrupt):
                return LEAVE
            finally:
                self._prompt.app.erase_when_done = False
            cut = isinstance(got, str) and line_was_cut(self._prompt.default_buffer, got, MAX_LINE)
        if cut and self.seat is not None:
            self._say(self.seat.lang.text(CUT_LINE, n=MAX_LINE))  # once, before what the line does
        return got

    async def _light_line(self, default: str) -> Any:
        """A line of the light editor: a :class:`~.lineeditor.Typed`, or an
        :class:`~..console.display.Arrived` when :meth:`stop` ended the wait. The lines waiting
        to be said come first, then the prompt with ``default`` typed, then the keys typed
        ahead."""
        editor = self._editor
        assert editor is not None
        said = self._light_text() if self._pending else ""
        self._waiting = waiting = asyncio.get_running_loop().create_future()
        try:
            self._raw(said + editor.begin(self._prompt_string(), default))  # (one SSH packet)
            self._edit()
            return await waiting
        finally:
            self._waiting = None
            editor.reading = False

    def _edit(self) -> None:
        """The keys typed ahead, given to the light editor while it reads a line; what it
        draws is written, and a line it ends is the one awaited."""
        editor = self._editor
        if editor is None or not editor.reading or not self._typeahead:
            return
        out, typed, self._typeahead = editor.feed(self._typeahead)
        if out:
            self._raw(out)
        if typed is not None and self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(typed)

    def _light(self) -> bool:
        """Whether lines are read with the light editor: a terminal with plain output."""
        return self._editor is not None and not self.rich

    async def _reading_ends(self) -> None:
        """End a wait for a typed line that outlived the session's task (the console core reads
        in a task of its own), and wait until it ended: its line editor lets go of the
        session's input before the input closes (the number of a closed input is soon
        another session's, whose keys a line editor still attached to it would take)."""
        reading, self._reading = self._reading, None
        if reading is not None and reading is not asyncio.current_task() and not reading.done():
            reading.cancel()
            await asyncio.wait([reading])

    def stop(self) -> bool:
        """End the wait for a typed line (:meth:`_line`) with an :class:`~..console.display.Arrived`
        holding the text typed so far (the console core has lines to say; the prompt comes
        back after them with that text); False when no line is being read."""
        from ..console.display import Arrived

        if self._light():
            waiting, editor = self._waiting, self._editor
            if waiting is None or waiting.done() or editor is None:
                return False
            # the line stays shown until the lines come to be said: they blank it, in the same write
            editor.reading = False
            waiting.set_result(Arrived(editor.line))  # drawn again after the lines, at the next read
            self.message = ""
            return True
        if self._lines is not None:
            if self.stopping is None or self.stopping.done():
                return False
            self.stopping.set_result(Arrived(""))  # (the session keeps what was typed of the line)
            self.message = ""  # nothing is asked until the console core reads again
            return True
        app = self._prompt.app if self._prompt is not None else None
        if app is None or not app.is_running or app.future is None or app.future.done():
            return False
        app.erase_when_done = True
        app.exit(result=Arrived(app.current_buffer.text))
        self.message = ""
        return True

    # ------------------------------------------------------------ the session
    async def _interact(self) -> None:
        """prompt_toolkit's session over the channel (as the base class does); a
        session that ends (the client went, the game is over) ends quietly."""
        from prompt_toolkit.application.current import create_app_session
        from prompt_toolkit.input import create_pipe_input

        if self._chan is None:
            return
        try:
            if self.process.get_terminal_type() is None:
                self._lines = asyncio.Queue()
                await self._play(self)
                return
            self._editor = LineEditor(MAX_LINE)
            with create_pipe_input() as self._input:
                with create_app_session(input=self._input, output=self._make_output()) as session:
                    self.app_session = session
                    self._ctx = contextvars.copy_context()
                    try:
                        await self._play(self)
                    finally:
                        await self._reading_ends()
                        self._input.close()
        except asyncio.CancelledError:
            pass
        except Exception as e:  # noqa: BLE001 - the host goes on; its screen says what failed
            self.host.fault(self.name or "?", e)
        finally:
            self._close()

    def _close(self) -> None:
        if self._pending and not self._gone:
            self._write_pending()
        self._out.flush()  # (before the channel closes)
        try:
            self.process.exit(self._ended or 0)
        except Exception:  # noqa: BLE001 - the channel already went
            pass

    async def _play(self, _session) -> None:
        """Admit the player, ask the first settings, then play the seat through the console
        core (:meth:`seated`) until the game ends or the player leaves."""
        from .seatlink import HostLink

        host = self.host
        user = self.process.get_extra_info("username")
        if self.command not in KNOWN_COMMANDS or self.process.subsystem is not None:
            self._raw("This server runs only the game; log in without a command, or with the command rich.\n")
            self._ended = 1
            return
        refusal = host.admit(user)
        if refusal is not None:
            self._raw(refusal + "\n")
            self._ended = 1
            return
        self.name = host.seat_name(user)
        self.seat = host.remote[self.name]
        self._use_output(self.command in RICH_COMMANDS)
        chosen = await self._first_settings(self.process.env or {})
        if chosen is None:
            return
        refusal = host.admit(user)
        if refusal is not None:
            self._write_pending()
            self._raw(refusal + "\n")
            self._ended = 1
            return
        link = HostLink(host, user, *(chosen or (None, None)))
        self._ended = await self.seated(link)

    async def seated(
        self,
        link: Any,
        refuse: Callable[[str], Awaitable[bool]] | None = None,
        leaving: Callable[[], Awaitable[None]] | None = None,
        changed: Callable[[str, Any], None] | None = None,
    ) -> int:
        """Play the seat of :attr:`seat` (the host's seat, whose language and verbosity the
        narration starts in) through the console core over ``link`` (a
        :class:`~.seatlink.HostLink`, opened here unless it is already), as ``join`` plays it:
        the same questions, commands, keys and quit. ``refuse(line)``, when given, gets first
        refusal on each line typed (the server's rate, mute and lobby commands at a table): True
        when it took the line; ``leaving()``, when given, is quit's (and Ctrl+D's) instead of the
        console's own question. Returns the exit code of the session (0: the player left or
        the game ended; 1: the host ended it; 2: the seat could not be taken). ``changed(key,
        value)``, when given, hears each setting the player changes at the seat (``language``
        with its code, ``verbosity``...)."""
        from ..announcements.speech import Speaker
        from ..console.completion import DecisionCompleter
        from ..console.seat import HumanSeat

        # (the host's seat takes the player's language and verbosity; its lines wait in the link)
        if link.opened is None and not link.closed:
            link.open()
        opened = link.opened is not None
        seat = self.seat
        screen = _Screen(self)
        holder = HumanSeat(seat.name, lang=seat.lang, verbosity=seat.verbosity, print_fn=screen.line)
        console = _SeatConsole(link, holder, screen, Speaker("off"), _Keys(self), help_seat="ssh")
        console.store = HostedSettings(seat, console, self._use_output, changed)
        console.settings_file = False  # the host keeps them with the game
        console.speaks = False  # the player's own screen reader reads the lines
        console.refuse, console.leaving = refuse, leaving
        console.completer = DecisionCompleter(console.seen, holder.lang, commands=SEAT_COMMANDS, paths=False)
        self.console = console
        link.on_exit = self._host_ended
        self._joined = True
        self._new_prompt()  # the seat's own history of typed lines, its completion and keys
        try:
            code = await console.run()
            return code if opened else 1  # (a seat not taken: the console said why)
        finally:
            link.close()  # (a broken connection: the host keeps the seat for the player's return)
            self.console = None
            self.message = None
            if not self._gone and self._ended is None:
                self._new_prompt()  # (the lobby's, at the server: without the seat's keys)

    def _host_ended(self) -> None:
        """The host ended the seat's session (another login took the seat, the host stops):
        what it said before the end is said at once, then the session ends."""
        console = self.console
        if console is not None:
            while (entry := console.link.inbox.get_nowait()) is not None:
                if entry[0] != "closed":
                    console.use(entry)
            console.holder.flush()
            console.holder.announcer.release()
        self.exit(0)

    async def _first_settings(self, env):
        """Language and verbosity when the player joins: from the client's
        ``A11Y_DOMINION_LANG`` and ``A11Y_DOMINION_VERBOSITY`` (sent with
        ``ssh -o SetEnv=...``), else asked (not when the seat chose them at an
        earlier join, or the host gave its language). Returns (language code,
        verbosity), () for nothing to change, or None when the session ended meanwhile."""
        seat = self.seat
        code = language_of(env.get("A11Y_DOMINION_LANG", ""))
        verbosity = verbosity_of(env.get("A11Y_DOMINION_VERBOSITY", ""))
        if code is None and verbosity is None and seat.chosen:
            return ()
        if code is None and seat.language_given:
            code = seat.lang.code
        if verbosity is None and (code is not None or seat.language_given or seat.chosen):
            verbosity = seat.verbosity
        self.asking = True
        try:
            while code is None:
                names = ", ".join(f"{i} {n}" for i, n in enumerate(LANGUAGES.values(), 1))
                # Enter keeps the seat's language, and says which, as the verbosity question does
                self._say(f"Choose your language / Kies je taal: {names}. Enter: {LANGUAGES[seat.lang.code]}.")
                got = await self._read()
                if got is None or got is LEAVE:
                    return None
                got = typed_line(got)
                code = seat.lang.code if not got else language_of(got)
                if code is None:
                    self._say("Type 1 or 2. / Typ 1 of 2.")
            lang = Language(code)
            while verbosity is None:
                words = ", ".join(f"{i} {lang._(v)}" for i, v in enumerate(VERBOSITIES, 1))
                self._say(lang.text(N_("How much should the game say? {choices}. Enter: normal."), choices=words))
                got = await self._read()
                if got is None or got is LEAVE:
                    return None
                got = typed_line(got)
                verbosity = "normal" if not got else verbosity_of(got, lang)
                if verbosity is None:
                    self._say(lang._(N_("Type 1, 2 or 3.")))
        finally:
            self.asking = False
        if self._ended is not None or self._gone:
            return None
        return (code, verbosity)


async def terminal_session(host, process) -> None:
    """One SSH session of a player at a terminal (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`) for its seat of ``host``: a
    :class:`TerminalSession`."""
    await TerminalSession(host, process).run()
