"""The host's own terminal: the seat of the player at the host's computer, and the question
before a host without a seat there stops the game.

The host's player (the ``human`` seat of ``a11y-dominion host``) plays at the keyboard's end of
the console core as ``play``'s people do (:mod:`a11y_dominion.console.ownseat`: the console over
a :class:`~a11y_dominion.remote.seatlink.HostLink` into the host's own room), with this
computer's keyboard and screen: the same questions, commands, completion, shortcut keys,
confirmations, settings file, speech and ``export FILE`` written here. The host's own lines are
said in turn with the game's. Ctrl+C clears the line typed, as at every end. What is the host's
own (:class:`HostConsole`): ``quit`` (and Ctrl+D) asks whether to stop the game for every seat;
the autosave keeps it; the end of piped input stops the game, as at ``play``; lines are read
between questions too, and ``say`` is chat with the remote seats around it.

With no seat at the host's computer, Ctrl+C asks "Stop the game for every seat? yes or no";
yes stops the game (every seat is told), anything else goes on, and Ctrl+C while asking stops
at once. After the game, Ctrl+C ends the host's wait for the remote players.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

from ..console.display import isatty
from ..console.hotseat import seat_here
from ..console.ownseat import OwnSeatConsole, run_here
from ..console.piped import in_thread, windows_read
from ..i18n import N_, yes_or_no

QUESTION = N_("Stop the game for every seat? yes or no ")
STOP = N_("Stop the game for every seat? It is kept; {command} host --resume goes on with it. Type yes to stop: ")
STOP_UNSAVED = N_("Stop the game for every seat without saving? Type yes to stop: ")


class HostConsole(OwnSeatConsole):
    """The host's own seat at this computer's keyboard (the keyboard's end,
    :class:`~a11y_dominion.console.ownseat.OwnSeatConsole`, seated by
    :func:`~a11y_dominion.console.hotseat.seat_here` as ``play``'s people are, with the remote
    seats around it): quit stops the game for every seat, after the host's question; after the
    game it closes the table at once."""

    tells_language = True  # (the room's lines to this seat follow the language chosen here)
    stop_kept = STOP
    stop_unsaved = STOP_UNSAVED

    def leave_after_game(self) -> None:
        """quit after the game: the table closes (the remote players still in are told goodbye)."""
        self.stop_game()


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
        self.task: asyncio.Task[int] | None = None
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
        """Play the host's own seat until the game ends or the player stops it, as ``play``'s
        people are played (:func:`~a11y_dominion.console.ownseat.run_here`; the host runs its
        game): the console's exit code. ``output`` (a
        :class:`~a11y_dominion.console.keyboard.LocalOutput`) and ``reader`` are this
        computer's screen and keyboard unless given; the first line says the speech mode."""
        from ..console.commands import speech_line
        from ..console.keyboard import STARTING, local_output
        from ..settings import load_settings

        host = self.host
        seat = host.people[host.local]
        if output is None:
            # (the host's command asked about a screen reader already, when it would)
            output = local_output(load_settings()[0], seat.lang, host.speech, host.plain, sys.stdout, asking=False)
        (console,) = seat_here(HostConsole, host, output, sys.stdout, self.stdin, reader, quiet=False)
        # the speech output is found by now ("": the speaker has said itself that no sound can be heard)
        said = speech_line(output.speaker, console.lang, STARTING, at_start=True)
        self.console = console
        try:
            return (await run_here(host, [console], [(said, False)] if said else []))[0]
        finally:
            self.console = None
            output.speaker.close()

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
            console.ctrl_c.pressed()  # (the keyboard's, as at play)
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
