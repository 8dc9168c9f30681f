"""The host's own terminal: the seat of the player at the host's computer, and the question
before a host without a seat there stops the game.

The host's player (the ``human`` seat of ``a11y-dominion host``) plays through the console
core over the seat protocol inside the host's process (a
:class:`~a11y_dominion.remote.seatlink.HostLink` into the host's own room), with this
computer's keyboard and screen as ``join`` has them (:mod:`a11y_dominion.console.keyboard`):
the same questions, commands, completion, shortcut keys, confirmations, settings file, speech
and ``export FILE`` written here. The host's own lines are said in turn with the game's.
Ctrl+C clears the line typed, as at every end. ``quit`` (and Ctrl+D) asks whether to stop the
game for every seat; the autosave keeps it. The end of piped input stops the game, as at ``play``.

With no seat at the host's computer, Ctrl+C asks "Stop the game for every seat? yes or no";
yes stops the game (every seat is told), anything else goes on, and Ctrl+C while asking stops
at once. After the game, Ctrl+C ends the host's wait for the remote players.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from typing import Any

from ..console.display import LineCleared, cleared_text, isatty
from ..console.keyboard import LocalConsole
from ..console.piped import in_thread, windows_read
from ..i18n import N_, typed_command, yes_or_no
from .seat import clean

QUESTION = N_("Stop the game for every seat? yes or no ")
STOP = N_("Stop the game for every seat? It is kept; {command} host --resume goes on with it. Type yes to stop: ")
STOP_UNSAVED = N_("Stop the game for every seat without saving? Type yes to stop: ")


class HostConsole(LocalConsole):
    """The console core at the host's own seat (the arguments as for
    :class:`~a11y_dominion.console.keyboard.LocalConsole`; :attr:`host` is the
    :class:`~a11y_dominion.remote.host.GameHost`): quit stops the game for every
    seat, after the host's question; after the game it closes the table at once."""

    host: Any = None  # (set once made, by play_own_seat)
    tells_language = True  # (the room's lines to this seat follow the language chosen here)
    stop_kept = STOP  # quit's question while the autosave keeps the game ({command}: how this program is typed)
    stop_unsaved = STOP_UNSAVED  # and while nothing keeps it

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, help_seat="local", **kwargs)
        self.leaves = False  # Ctrl+C says that quit stops the game

    def leave_question(self) -> str:
        """quit's question (or Ctrl+D's) at the host's seat: stop the game for every seat,
        kept by the autosave (or without saving, when there is none)."""
        if getattr(self.host.table.autosave, "failed", True) is None:
            return self.lang.text(self.stop_kept, command=typed_command())
        return self.lang._(self.stop_unsaved)

    def stay_sentence(self) -> str:
        """What a no to the host's question says."""
        return self.lang._(N_("The game goes on."))

    def leave_after_game(self) -> None:
        """quit after the game: the table closes (the remote players still in are told goodbye)."""
        self.stop_game()

    def leave_now(self) -> None:
        """The end of piped input: the game stops, as at the keyboard."""
        self.stop_game()

    def stop_game(self) -> None:
        """The host stops the game (or, after it, closes the table): what the host says of it
        is said here at once, and the console ends."""
        self.host.stop()
        while (entry := self.link.inbox.get_nowait()) is not None:
            if entry[0] != "closed":
                self.use(entry)
        self.exit_code = 0 if self.over else 1


class HostTerminal:
    """The host's terminal during a hosted game (``host``: the
    :class:`~a11y_dominion.remote.host.GameHost`; ``stdin``: its input).

    With a seat at the host's computer, :meth:`start` plays it (a :class:`HostConsole`); with
    none, the terminal only answers the stop question after Ctrl+C (:meth:`interrupt`).
    :meth:`close` ends the reading."""

    def __init__(self, host: Any, stdin: Any = None) -> None:
        self.host = host
        self.stdin = stdin if stdin is not None else sys.stdin
        self.tty = isatty(self.stdin)
        self.console: HostConsole | None = None
        self.task: asyncio.Task[None] | None = None
        self.asking = False

    def write(self, text: str) -> None:
        """Print ``text`` at the host's terminal."""
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except (OSError, ValueError):
            pass

    def start(self) -> None:
        """Play the host's own seat (if any), in a task of the running loop."""
        if self.host.local is not None:
            self.task = asyncio.get_running_loop().create_task(self.play())

    async def play(self, output: Any = None, reader: Any = None) -> int:
        """Play the host's own seat (:func:`play_own_seat`) until the game ends or the player
        stops it; the console's exit code. ``output`` (a
        :class:`~a11y_dominion.console.keyboard.LocalOutput`) and ``reader`` are this
        computer's screen and keyboard unless given."""
        from ..console.commands import speech_line
        from ..console.keyboard import STARTING, local_output
        from ..settings import load_settings

        host = self.host
        seat = host.people[host.local]
        if output is None:
            # (the host's command asked about a screen reader already, when it would)
            output = local_output(load_settings()[0], seat.lang, host.speech, host.plain, sys.stdout, asking=False)

        def greet(console: HostConsole) -> None:
            said = speech_line(output.speaker, console.lang, STARTING, at_start=True)
            if said:  # "" when the speaker has said itself that no sound can be heard
                console.say(said, keep=False)

        try:
            return await play_own_seat(host, output, self.stdin, reader, greet, on_console=self._playing)
        finally:
            output.speaker.close()

    def _playing(self, console: HostConsole | None) -> None:
        self.console = console

    async def close(self) -> None:
        """Stop reading: the host's seat's console ends once its session did (after the game it
        may wait for Enter, self-voicing, so that the speech ends first)."""
        task = self.task
        if task is not None and not task.done():
            await asyncio.wait([task], timeout=None if self.host.over else 2)
            task.cancel()

    def interrupt(self) -> None:
        """Ctrl+C (SIGINT) came. While the host's seat plays and no line editor reads keys: the
        line is cleared, as at every end. After the game it ends the host's wait for the remote
        players at once. With no seat: ask before stopping; a second one while asking stops.
        A terminal that reads whole lines shows the key as "^C": what is said next starts on
        a line of its own."""
        console = self.console
        if console is not None and not self.host.over:
            console.link.inbox.put(("said", cleared_text(LineCleared(had_text=False), console.lang)))
            return
        if self.tty and console is None:
            self.write("\n")
        if self.asking or self.host.over or not self.tty:
            self.host.stop()
            return
        asyncio.get_running_loop().create_task(self._ask_cooked())

    async def _ask_cooked(self) -> None:
        """The stop question at a terminal that reads whole lines (no seat here)."""
        lang = self.host.lang
        self.asking = True
        self.write(lang._(QUESTION))  # (on a line of its own: see interrupt)
        try:
            data = await read_once(self.stdin.fileno())
        finally:
            self.asking = False
        if self.host.stopped.is_set():
            return
        if data and yes_or_no(data.decode("utf-8", "replace"), lang):
            self.host.stop()
        else:
            self.write(lang._(N_("The game goes on.")) + "\n")


async def play_own_seat(
    room: Any,
    output: Any,
    stdin: Any,
    reader: Any = None,
    greet: Callable[[HostConsole], None] | None = None,
    on_console: Callable[[HostConsole | None], None] | None = None,
) -> int:
    """Play the seat at this computer (``room.local``) of ``room`` (a
    :class:`~a11y_dominion.remote.room.TableRoom`, or the host that has one) through a
    :class:`HostConsole` over a :class:`~a11y_dominion.remote.seatlink.HostLink` into it, until
    the game ends or the player stops it; the console's exit code. ``output`` (a
    :class:`~a11y_dominion.console.keyboard.LocalOutput`) is the screen and speech, ``stdin``
    the keyboard (or ``reader`` reads the typed lines); ``greet(console)`` says the end's
    own first lines, at the room's hello; ``on_console`` is told the console while it
    plays, then None. The room's own lines are said by the console meanwhile, in turn with
    the game's. Needs no network."""
    from ..console.keyboard import local_console
    from ..settings import load_settings
    from .seatlink import HostLink

    seat = room.people[room.local]
    settings = load_settings()[0]
    link = HostLink(room, seat.name, own=True)
    console = local_console(
        HostConsole, link, seat.name, seat.lang, seat.verbosity, settings, output, sys.stdout, stdin, reader
    )
    console.host = room
    if greet is not None:
        console.greeting = lambda: greet(console)
    if on_console is not None:
        on_console(console)
    out, room.out = room.out, lambda text: link.inbox.put(("said", clean(text)))
    link.open()
    try:
        return await console.run()
    finally:
        room.out = out
        link.close()
        if on_console is not None:
            on_console(None)


async def read_once(fd: int, size: int = 4096, platform: str = sys.platform) -> bytes:
    """What one read of the descriptor ``fd`` gives (bytes; empty at its end or when it
    cannot be read): a line typed at a terminal that reads whole lines, read in a thread of
    its own (:func:`~a11y_dominion.console.piped.in_thread`), on ``platform`` (a ``sys.platform``
    value): with :func:`os.read`, and on Windows as :func:`~a11y_dominion.console.piped.windows_read`
    reads a console (a second Ctrl+C while the stop question is asked is no empty answer there)."""
    read_fd = windows_read(fd) if platform == "win32" else os.read

    def read() -> bytes:
        try:
            return read_fd(fd, size)
        except OSError:
            return b""

    return await in_thread(read, "stop-question")
