"""The SSH session of a player at a terminal: the transport of the ssh end of the console core.

:class:`TerminalSession` runs over the SSH process of a login, a host's seat's
(:class:`~.sshseat.SeatSession`) or a game server's (:class:`~a11y_dominion.server.session.ServerSession`),
and plays a seat through the console core at the terminal (:meth:`TerminalSession.seated`,
:mod:`.sshconsole`). It holds what is the SSH transport's own: the channel, the terminal's size
and type, and the light line editor of :mod:`.lineeditor` fed with what the client sends (a
few string operations a key, which a server with many tables pays for every person).

What the client sends is cleaned first (:class:`~a11y_dominion.lineinput.InputFilter`):
escape sequences and control characters that are no key are dropped, a line stops at
:data:`~a11y_dominion.remote.seat.MAX_LINE` characters (said once, when the line is read),
past :data:`~a11y_dominion.lineinput.LINES_PER_SECOND` lines in a second the rest is
dropped, with one sentence to say so, and each line of a paste is read as a line of its own,
in order (also in bracketed paste's marks).

A session without a terminal (``ssh -T``) reads plain lines, with no echo and no line editing.
Everything the session writes in one step of the event loop goes out in one write (one SSH
packet: asyncssh sends an empty packet before each packet it encrypts).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..console.display import Arrived, Display, LineCleared, cleared_text, completer_lang
from ..console.keys import KeyCommand
from ..i18n import N_, Language
from ..lineinput import CUT_LINE, LINES_PER_SECOND, InputFilter
from .lineeditor import LEAVE, TerminalLines, command_keys
from .seat import MAX_LINE, clean
from .sshconsole import ServerTable, SessionStream, SshConsole, seat_console, use_rich


class TerminalSession(TerminalLines):
    """One SSH session of a player at a terminal, over ``process`` (asyncssh's
    :class:`~asyncssh.SSHServerProcess`), for ``host`` (a
    :class:`~a11y_dominion.remote.host.GameHost`, or a game server), until the game ends or the
    player leaves: its lines are a :class:`~.lineeditor.TerminalLines`; what it does from the
    login to its end is its kind's (:meth:`_play`)."""

    def __init__(self, host: Any, process: Any) -> None:
        super().__init__(process.get_terminal_type() is not None, MAX_LINE)
        self.host = host
        self.process = process
        self.name: str | None = None
        self.seat: Any = None  # the seat whose language and name the session's own questions use
        # the seat's screen: plain lines to the session, or rich ones (the Supply as a table)
        self.screen = Display(stream=SessionStream(self), plain=True)
        self.asking = False  # the session asks its own question (first settings, leaving)
        self.command: str | None = None
        self.rich = False
        # one character past the limit: the line was cut; a pasted line break is an Enter
        self.filter = InputFilter(max_line=MAX_LINE, tell_cut=True, paste_enters=True)
        self.console: SshConsole | None = None  # the console core of the seat, once seated
        self.keys: dict[str, str] = {}  # the seat's shortcut keys (the usual ones; a server's account may keep its own)
        self._joined = False  # the first question is answered: typed lines go to the seat's history
        self._task: asyncio.Task[None] | None = None  # the session's own
        self._reading: asyncio.Task[Any] | None = None  # the task waiting for a typed line
        self._ended: int | None = None  # the exit status, once the host ends the session

    # ------------------------------------------------------------ asyncssh's side
    async def run(self) -> None:
        """The session, from the login to its end (reading the client's input meanwhile)."""
        from .sshlib import asyncssh

        process = self.process
        self.command = process.command.strip() if process.command is not None else None
        self._task = asyncio.ensure_future(self._interact())

        async def read() -> None:
            while not self.gone:
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as e:
                    if self.screen.console is not None:  # rich output fills the new width; plain lines do not
                        self.screen.console.width = max(e.width, 20)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.Error, OSError):
                    break
                if not data:
                    break
                self.data_received(data)
            self._vanish()

        reader = asyncio.ensure_future(read())
        try:
            await asyncio.wait([self._task])
        finally:
            reader.cancel()

    def data_received(self, data: str) -> None:
        """What the client sent: cleaned, then read as typed."""
        if self.gone:
            return
        text, dropped = self.filter.feed(data, time.monotonic())
        if dropped and self.seat is not None:
            too_fast = N_("Too many lines at once: at most {n} lines a second are read; the rest were dropped.")
            self._say(self.seat.lang.text(too_fast, n=LINES_PER_SECOND))
        if text:
            self.typed(text)

    def send(self, text: str) -> None:
        try:
            self.process.channel.write(text)
        except Exception:  # noqa: BLE001 - a channel that closed under us: nothing more to say
            self._vanish()

    def _vanish(self) -> None:
        """The client went (or ended its input, or a write to it failed): the session ends,
        and the seat waits. Whichever of these comes first, the session's task is ended, also
        while it waits for a typed line (a write that failed first once left it waiting for
        ever, and the game with it)."""
        self.gone = True
        if self._task is not None and not self._task.done():
            self._task.cancel()

    def exit(self, status: int) -> None:
        """The host ends the session: what is still to be said is written at once, on
        lines of its own (the prompt's line is cleared first), then the channel closes."""
        if self._ended is None:
            self._ended = status
            self._close(erase=True)
            self._vanish()

    def _close(self, erase: bool = False) -> None:
        """Write what is left (``erase``: the typed line first), then end the SSH process with
        the session's exit status."""
        self.last(erase)
        try:
            self.process.exit(self._ended or 0)
        except Exception:  # noqa: BLE001 - the channel already went
            pass

    # ------------------------------------------------------------ output
    def write(self, text: str) -> None:
        """Say ``text`` (lines ending in a line feed) to the player, above the prompt."""
        if self.screen.console is None:
            self.queue(text)
            return
        for line in text.split("\n")[:-1]:
            self.screen.line(line)
        if not text.endswith("\n"):
            self.queue(text.rsplit("\n", 1)[-1])

    def _say(self, text: str) -> None:
        """One line to this session's player (its own, not the seat's, before it joins)."""
        self.write(clean(text) + "\n")

    def prompt(self) -> str:
        """The prompt: "Ann> " while an answer is awaited, else empty."""
        if self.asking and self.seat is not None:  # the session's own question
            return f"{self.seat.shown_name}> "
        return self.message or ""  # (the console core's prompt)

    # ------------------------------------------------------------ the line editor
    def use_output(self, rich: bool) -> None:
        """Plain or rich output from now on (rich needs a terminal: :func:`~.sshconsole.use_rich`)."""
        self.rich = rich and self.process.get_terminal_type() is not None
        if self.seat is not None:
            use_rich(self.screen, self.process, self.rich, self.seat.lang)
            self._new_prompt()

    def _new_prompt(self) -> None:
        """The line editor's completer (Tab's list in the completer's language, else the
        seat's), history of typed lines and shortcut keys (the console core's, at a seat)."""
        from prompt_toolkit.history import InMemoryHistory

        editor = self.editor
        if editor is None or self.seat is None:
            return
        if self.console is not None:
            completer = self.console.completer
        else:  # (the lobby's and a watcher's commands; none at the first settings)
            completer = self.seat.completer() if hasattr(self.seat, "completer") else None
        editor.completer = completer
        editor.history = self.seat.typed_history if self._joined else InMemoryHistory()
        editor.lang = lambda: completer_lang(completer) or (self.seat.lang if self.seat is not None else None)
        self.use_keys()

    def use_keys(self) -> None:
        """The line editor's shortcut keys from now on: the seat's console's (:attr:`keys`),
        or :meth:`between_keys` while none reads; the console's ``help keys`` says them."""
        if self.console is not None:
            self.console.keys = dict(self.keys)
        if self.editor is not None:
            self.editor.commands = command_keys(self.keys) if self.console is not None else self.between_keys()

    def between_keys(self) -> dict[str, str]:
        """The line editor's shortcut keys while no seat's console reads (key name to command):
        none here; the server's lobby has F2."""
        return {}

    def _cleared(self, interrupt: BaseException, lang: Language) -> str | None:
        """The sentence after Ctrl+C (``interrupt``: a :class:`~..console.display.LineCleared`)
        when it is not the game's "Line cleared. Type quit to leave the game." (None: that
        one); the server's lobby says how to log out instead."""
        return None

    async def _read(self) -> Any:
        """One typed line, or :data:`LEAVE` for Ctrl+D; None when the session ends. Ctrl+C
        says that the line was cleared and reads on."""
        while True:
            got = await self.next_line()
            if not isinstance(got, LineCleared):
                return got
            lang = self.seat.lang if self.seat is not None else Language("en")
            self._say(self._cleared(got, lang) or cleared_text(got, lang, leave=True))

    async def next_line(self, default: str = "") -> Any:
        """What the player typed: a line, :data:`LEAVE` for Ctrl+D, a
        :class:`~..console.display.LineCleared` for Ctrl+C, a :class:`~..console.keys.KeyCommand`
        for a shortcut key, an :class:`~..console.display.Arrived` when :meth:`stop` ended the
        wait; None when the session ends. A line cut at :data:`MAX_LINE` is said so, once,
        before what it does."""
        if self._ended is not None or self.gone:
            return None
        self._reading = asyncio.current_task()
        got = await self.read(default)
        if isinstance(got, Arrived):
            return got
        if got.kind == "end":
            return LEAVE
        if got.kind == "key":
            return KeyCommand(got.command, got.text)
        if got.kind == "clear":
            if self.asking and not got.text:  # at the session's own question: no
                return "no"
            return LineCleared(bool(got.text.strip()))
        if got.cut and self.seat is not None:
            self._say(self.seat.lang.text(CUT_LINE, n=MAX_LINE))  # once, before what the line does
        return got.text

    # ------------------------------------------------------------ the session
    async def _interact(self) -> None:
        """The game session over the channel; a session that ends (the client went, the game
        is over) ends quietly."""
        try:
            try:
                await self._play(self)
            finally:
                reading, self._reading = self._reading, None
                if reading is not None and reading is not asyncio.current_task() and not reading.done():
                    reading.cancel()  # (the console core reads in a task of its own)
                    await asyncio.wait([reading])
        except asyncio.CancelledError:
            pass
        except Exception as e:  # noqa: BLE001 - the host goes on; its screen says what failed
            self.host.fault(self.name or "?", e)
        finally:
            self._close()

    async def _play(self, _session: Any) -> None:
        """What the session does from its login to its end: the host's seat's
        (:class:`~.sshseat.SeatSession`) or the server's lobby."""
        raise NotImplementedError

    async def seated(
        self, link: Any, table: ServerTable | None = None, refuse: Callable[[str], Awaitable[bool]] | None = None
    ) -> int:
        """Play the seat of :attr:`seat` through the console core at this terminal over ``link``
        (a :class:`~.seatlink.HostLink`, opened here unless it is already; the host's seat takes
        the player's language and verbosity, its lines wait in the link), as ``join`` plays it:
        the same questions, commands, keys and quit (:func:`~.sshconsole.seat_console`); at a
        game server's ``table`` (a :class:`~.sshconsole.ServerTable`), with its hooks, else with
        ``refuse(line)``, when given, getting first refusal on each line typed. Returns
        the exit code of the session (0: the player left or the game ended; 1: the host ended
        it; 2: the seat could not be taken)."""
        if link.opened is None and not link.closed:
            link.open()
        opened = link.opened is not None
        console = self.console = seat_console(self, link, table, refuse)
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
            if not self.gone and self._ended is None:
                self._new_prompt()  # (the lobby's, at the server: without the seat's keys)

    def _host_ended(self) -> None:
        """The host ended the seat's session (another login took the seat, the host stops):
        what it said before the end is said at once, then the session ends."""
        if self.console is not None:
            self.console.ended_by_host()
        self.exit(0)
