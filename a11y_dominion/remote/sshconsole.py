"""The console core at an SSH terminal: the seat a player plays over plain ``ssh``, at a host
(:mod:`.sshseat`) or at a game server's table (:mod:`a11y_dominion.server.session`), over the
transport of their :class:`~.terminal.TerminalSession`.

:func:`seat_console` makes the console (:class:`SshConsole`, as ``join``'s: the same questions,
commands, completion, shortcut keys, Ctrl+C, quit and settings), with the session's line editor
as its reader (:class:`SessionReader`) and the session's screen. Its settings are kept by the
host with the game (:class:`~.seat.HostedSettings`); the player's own screen reader reads its
lines (no speech of the game's). A game server's table is one object (:class:`ServerTable`).

Output is plain lines by default, for the player's screen reader: no colours, no
cursor-position requests, no bracketed paste, no title, no bell. Rich output (card names
coloured by type, the Supply as a table; colour only where the client's ``TERM`` has it,
:func:`color_system`; :func:`use_rich`) when the client asks: ``--rich`` (or ``rich``) as
the SSH command (``ssh -t -p PORT Ann@HOST -- --rich``) or ``settings rich``. The prompt reads
"Ann> " only while an answer is awaited, and is empty otherwise, so a screen reader does not
read it after every line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..console.core import SEAT_COMMANDS, SeatConsole
from ..console.display import Display, LineCleared, split_prompt
from ..i18n import Language
from .lineeditor import LEAVE
from .seat import HostedSettings, clean, typed_line

if TYPE_CHECKING:
    from .terminal import TerminalSession

KNOWN_COMMANDS = (None, "", "--plain", "--rich", "plain", "rich")  # the SSH commands that start the game session
RICH_COMMANDS = ("--rich", "rich")


def color_system(term: str | None, env: Any) -> Literal["standard", "256", "truecolor"] | None:
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


def use_rich(screen: Display, process: Any, rich: bool, lang: Language) -> None:
    """Plain lines on ``screen`` from now on, in ``lang``, or with ``rich`` (the client of
    ``process``, asyncssh's :class:`~asyncssh.SSHServerProcess`, has a terminal) rich ones: as
    wide as its terminal (at least 20 characters), in the colours its ``TERM`` and environment
    have (:func:`color_system`)."""
    from rich.console import Console

    screen.plain, screen.lang, screen.console = not rich, lang, None
    if not rich:
        return
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


class SessionStream:
    """A text stream (rich's) whose writes are lines said to a session's player."""

    def __init__(self, session: TerminalSession):
        self.session = session

    def write(self, text: str) -> int:
        self.session.queue(text)
        return len(text)

    def flush(self) -> None:
        pass


class SessionReader:
    """The reader of the console core at a session: its line editor (or its plain lines
    without a terminal), read on the session's event loop; Ctrl+D is the end of input and
    Ctrl+C a :class:`~..console.display.LineCleared`, as the keyboard's reader gives them."""

    interactive = True  # a person types (lines come as they are typed, never read ahead)
    cut = False  # (a cut line is said by the session itself, between questions too)

    def __init__(self, session: TerminalSession):
        self.session = session
        self.stop = session.stop

    async def read_async(self, message: str, default: str = "") -> Any:
        """The next line typed after ``message`` (at a line editor its last sentence alone is the
        prompt, the rest said above it), ``default`` already typed: raises EOFError for Ctrl+D,
        :class:`~..console.display.LineCleared` for Ctrl+C, asyncio.CancelledError when the session
        ended (the host keeps the seat)."""
        session = self.session
        head, session.message = "", clean(message)
        if session.editor is not None:
            head, session.message = split_prompt(session.message)
        if head:
            session.write(head + "\n")
        got = await session.next_line(default)
        session.message = ""  # read: the prompt is not drawn again until the next read
        if got is None:
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


@dataclass
class ServerTable:
    """A seat at a game server's table, as its ssh session plays it: ``number``, the table's,
    which quit's question names; ``refuse(line)`` gets first refusal on each line typed (the
    server's rate, mute and lobby commands): True when it took the line; ``leaving()`` is what a
    yes to quit's (and Ctrl+D's) question does, and quit after the final scores, instead of the
    console's own leave; ``changed(key, value)`` hears each setting the player changes at the
    seat (``language`` with its code, ``verbosity``...)."""

    number: int | None
    refuse: Callable[[str], Awaitable[bool]]
    leaving: Callable[[], None]
    changed: Callable[[str, Any], None]


class SshConsole(SeatConsole):
    """The console core at an SSH terminal: as ``join``'s, with ``leaving()``, when set (a game
    server's table), as what leaving the seat does (the core's quit asks first, as ``join``'s)."""

    leaving: Callable[[], None] | None = None

    def leave_now(self) -> None:
        """A yes to quit's question: the server's ``leaving()``, else the core's leave. Either
        way the seat's console is done (:attr:`exit_code`), so that a question quit was typed
        at (a confirmation) is not asked again after the player left."""
        if self.leaving is None:
            super().leave_now()
        else:
            self.leaving()
            self.exit_code = 0

    def leave_after_game(self) -> None:
        """quit after the final scores: the server's ``leaving()``, else the core's leave."""
        if self.leaving is None:
            super().leave_after_game()
        else:
            self.leaving()
            self.exit_code = 0

    def ended_by_host(self) -> None:
        """The host ended the seat's session (another login took the seat, the host stops):
        what it said before the end is said at once."""
        self.use_waiting()
        self.holder.flush()
        self.holder.announcer.release()

    def keys_help(self, lang: Language) -> list[str]:
        """``help keys`` at an ssh seat: the keys that reach its line editor (no Alt key)."""
        from ..console.keys import key_help_lines
        from .lineeditor import reaches

        return key_help_lines(lang, self.keys, reaches, self.ctrl_d_does())


def seat_console(
    session: TerminalSession,
    link: Any,
    table: ServerTable | None = None,
    refuse: Callable[[str], Awaitable[bool]] | None = None,
) -> SshConsole:
    """The console core of ``session.seat`` (the host's seat, whose language and verbosity the
    narration starts in) over ``link`` (a :class:`~.seatlink.HostLink`), reading the lines typed
    at ``session`` and saying its lines on the session's screen, with the session's shortcut
    keys and plain or rich output (``settings rich``: ``session.use_output``); at a game server's
    ``table``, its hooks; else ``refuse(line)``, when given, gets first refusal on each line."""
    from ..announcements.speech import Speaker
    from ..console.completion import DecisionCompleter
    from ..console.seat import HumanSeat

    seat, screen = session.seat, session.screen
    holder = HumanSeat(seat.name, lang=seat.lang, verbosity=seat.verbosity, print_fn=screen.line)
    console = SshConsole(
        link, holder, screen, Speaker("off"), SessionReader(session), help_seat="ssh", keys=session.keys
    )
    console.store = HostedSettings(seat, console, session.use_output, table.changed if table is not None else None)
    console.settings_file = False  # the host keeps them with the game
    console.speaks = False  # the player's own screen reader reads the lines
    if table is not None:
        console.refuse, console.leaving, console.table_number = table.refuse, table.leaving, table.number
    else:
        console.refuse = refuse
    console.completer = DecisionCompleter(console.seen, holder.lang, commands=SEAT_COMMANDS, paths=False)
    return console
