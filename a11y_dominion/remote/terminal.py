"""The SSH session of a player at a terminal: the console core over SSH.

:class:`TerminalSession` runs over the SSH process of the login (the host serves the seat
protocol on the same server, so sessions start as asyncssh processes). After the first
settings (:meth:`TerminalSession._first_settings`) the seat is played by the console core
(:class:`~a11y_dominion.console.core.SeatConsole`) over the seat protocol inside the host's
process (:class:`~.seatlink.HostLink`), as ``join`` plays it: the same questions, commands,
completion, shortcut keys (F2, F3), Ctrl+C, quit and settings.
This module holds what is the SSH transport's own: the channel, the terminal's size and
type, and the light line editor of :mod:`.lineeditor` fed with what the client sends (a few
string operations a key, which a server with many tables pays for every person).

Output is plain lines by default, for the player's screen reader: no colours, no
cursor-position requests, no bracketed paste, no title, no bell. Rich output (card names
coloured by type, the Supply as a table; colour only where the client's ``TERM`` has it)
when the client asks: ``--rich`` (or ``rich``) as the SSH command
(``ssh -t -p PORT Ann@HOST -- --rich``) or ``settings rich``.
The prompt reads "Ann> " only while an answer is awaited, and is empty otherwise, so a
screen reader does not read it after every line.

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

from ..console.core import SEAT_COMMANDS, SeatConsole
from ..console.display import Arrived, Display, LineCleared, cleared_text, completer_lang, split_prompt
from ..console.keys import KeyCommand
from ..i18n import LANGUAGES, N_, Language
from ..lineinput import CUT_LINE, LINES_PER_SECOND, InputFilter
from .lineeditor import TerminalLines, command_keys
from .seat import MAX_LINE, VERBOSITIES, HostedSettings, clean, language_of, typed_line, verbosity_of

KNOWN_COMMANDS = (None, "", "--plain", "--rich", "plain", "rich")  # the SSH commands that start the game session
RICH_COMMANDS = ("--rich", "rich")
LEAVE = object()  # the prompt ended with Ctrl+D on an empty line


def color_system(term: str | None, env: Any) -> str | None:
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
    """A text stream (rich's) whose writes are lines said to a session's player."""

    def __init__(self, session: TerminalSession):
        self.session = session

    def write(self, text: str) -> int:
        self.session.queue(text)
        return len(text)

    def flush(self) -> None:
        pass


class _Keys:
    """The reader of the console core at a session: its line editor (or its plain lines
    without a terminal), read on the session's event loop; Ctrl+D is the end of input and
    Ctrl+C a :class:`~..console.display.LineCleared`, as the keyboard's reader gives them."""

    interactive = True  # a person types (lines come as they are typed, never read ahead)
    cut = False  # (a cut line is said by the session itself, between questions too)

    def __init__(self, session: TerminalSession):
        self.session = session
        self.stop = session.stop

    async def read_async(self, message: str, default: str = "") -> Any:
        session = self.session
        head, session.message = "", clean(message)
        if session.editor is not None:  # at a line editor a question's last sentence alone is the prompt
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
        if not isinstance(got, str):
            return got
        host = getattr(getattr(session.console, "link", None), "host", None)
        if host is not None:
            host.typed()  # (after the game, the host's idle time starts again at every line)
        return typed_line(got)


class _SeatConsole(SeatConsole):
    """The console core at an SSH terminal: as ``join``'s, with ``leaving()``, when set (a game
    server's table), as what leaving the seat does (the core's quit asks first, as ``join``'s)."""

    leaving: Callable[[], None] | None = None

    def leave_now(self) -> None:
        """A yes to quit's question: the server's ``leaving()``, else the core's leave."""
        if self.leaving is None:
            super().leave_now()
        else:
            self.leaving()

    def leave_after_game(self) -> None:
        """quit after the final scores: the server's ``leaving()``, else the core's leave."""
        if self.leaving is None:
            super().leave_after_game()
        else:
            self.leaving()

    def keys_help(self, lang: Language) -> list[str]:
        """``help keys`` at an ssh seat: the keys that reach its line editor (no Alt key)."""
        from ..console.keys import key_help_lines
        from .lineeditor import reaches

        return key_help_lines(lang, self.keys, reaches)


class TerminalSession(TerminalLines):
    """One SSH session of a player at a terminal, over ``process`` (asyncssh's
    :class:`~asyncssh.SSHServerProcess`, as the host serves the seat protocol on the same
    server), for the seat of ``host`` (a :class:`~a11y_dominion.remote.host.GameHost`)
    named by the SSH user, until the game ends or the player leaves (then
    ``host.leave(name, session)``): its lines are a :class:`~.lineeditor.TerminalLines`."""

    def __init__(self, host: Any, process: Any) -> None:
        super().__init__(process.get_terminal_type() is not None, MAX_LINE)
        self.host = host
        self.process = process
        self.name: str | None = None
        self.seat: Any = None  # the seat whose language and name the session's own questions use
        # the seat's screen: plain lines to the session, or rich ones (the Supply as a table)
        self.screen = Display(stream=_Sink(self), plain=True)
        self.asking = False  # the session asks its own question (first settings, leaving)
        self.command: str | None = None
        self.rich = False
        # one character past the limit: the line was cut; a pasted line break is an Enter
        self.filter = InputFilter(max_line=MAX_LINE, tell_cut=True, paste_enters=True)
        self.console: SeatConsole | None = None  # the console core of the seat, once seated
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
    def _use_output(self, rich: bool) -> None:
        """Plain or rich output from now on (rich needs a terminal)."""
        from rich.console import Console

        process = self.process
        self.rich = rich and process.get_terminal_type() is not None
        if self.seat is None:
            return
        screen = self.screen
        screen.plain, screen.lang, screen.console = not self.rich, self.seat.lang, None
        if self.rich:
            screen.console = Console(
                file=screen.stream,
                force_terminal=True,
                color_system=color_system(process.get_terminal_type(), process.env or {}),
                width=max(process.get_terminal_size()[0] or 80, 20),
                soft_wrap=True,
                highlight=False,
                markup=False,
                emoji=False,
            )
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
            got = await self._line()
            if not isinstance(got, LineCleared):
                return got
            lang = self.seat.lang if self.seat is not None else Language("en")
            self._say(self._cleared(got, lang) or cleared_text(got, lang, leave=True))

    async def _line(self, default: str = "") -> Any:
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
            self.queue(refusal + "\n")
            self._ended = 1
            return
        link = HostLink(host, user, *(chosen or (None, None)))
        self._ended = await self.seated(link)

    async def seated(
        self,
        link: Any,
        refuse: Callable[[str], Awaitable[bool]] | None = None,
        leaving: Callable[[], None] | None = None,
        changed: Callable[[str, Any], None] | None = None,
        table: int | None = None,
    ) -> int:
        """Play the seat of :attr:`seat` (the host's seat, whose language and verbosity the
        narration starts in) through the console core over ``link`` (a
        :class:`~.seatlink.HostLink`, opened here unless it is already), as ``join`` plays it:
        the same questions, commands, keys and quit. ``refuse(line)``, when given, gets first
        refusal on each line typed (the server's rate, mute and lobby commands at a table): True
        when it took the line; ``leaving()``, when given, is what a yes to quit's (and Ctrl+D's)
        question does, and quit after the final scores, instead of the console's own leave;
        ``table``, when given, is the number of the game server's table, which quit's question
        names. Returns the exit code of the session (0: the player left or
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
        holder = HumanSeat(seat.name, lang=seat.lang, verbosity=seat.verbosity, print_fn=self.screen.line)
        console = _SeatConsole(link, holder, self.screen, Speaker("off"), _Keys(self), help_seat="ssh", keys=self.keys)
        console.store = HostedSettings(seat, console, self._use_output, changed)
        console.settings_file = False  # the host keeps them with the game
        console.speaks = False  # the player's own screen reader reads the lines
        console.refuse, console.leaving, console.table_number = refuse, leaving, table
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
            if not self.gone and self._ended is None:
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

    async def _first_settings(self, env: Any) -> tuple[str, str] | tuple[()] | None:
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
            code = code or await self._ask_language(seat.lang.code)
            verbosity = verbosity or (await self._ask_verbosity(Language(code)) if code is not None else None)
        finally:
            self.asking = False
        if code is None or verbosity is None or self._ended is not None or self.gone:
            return None
        return (code, verbosity)

    async def _choose(self, question: str, pick: Callable[[str], str | None], again: str) -> str | None:
        """Say ``question`` and read a line until ``pick`` takes it (the line typed, "" for Enter
        alone) and gives what was chosen, saying ``again`` after each line it does not take;
        None when the session ended or the player pressed Ctrl+D."""
        while True:
            self._say(question)
            got = await self._read()
            if got is None or got is LEAVE:
                return None
            chosen = pick(typed_line(got.command if isinstance(got, KeyCommand) else got))
            if chosen is not None:
                return chosen
            self._say(again)

    async def _ask_language(self, default: str) -> str | None:
        """The player's language, asked in every language of the game (Enter: the language
        ``default``, a code, named in the question); its code, or None when the session ended."""
        names = ", ".join(f"{i} {n}" for i, n in enumerate(LANGUAGES.values(), 1))
        question = f"Choose your language / Kies je taal: {names}. Enter: {LANGUAGES[default]}."
        return await self._choose(
            question, lambda got: language_of(got) if got else default, "Type 1 or 2. / Typ 1 of 2."
        )

    async def _ask_verbosity(self, lang: Language) -> str | None:
        """The player's verbosity, asked in ``lang`` (Enter: normal); None when the session ended."""
        words = ", ".join(f"{i} {lang._(v)}" for i, v in enumerate(VERBOSITIES, 1))
        question = lang.text(N_("How much should the game say? {choices}. Enter: normal."), choices=words)
        return await self._choose(
            question, lambda got: verbosity_of(got, lang) if got else "normal", lang._(N_("Type 1, 2 or 3."))
        )


async def terminal_session(host: Any, process: Any) -> None:
    """One SSH session of a player at a terminal (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`) for its seat of ``host``: a
    :class:`TerminalSession`."""
    await TerminalSession(host, process).run()
