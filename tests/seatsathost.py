"""Seats of a hosted game played in this process as the real ends play them: the console core
over a :class:`~a11y_dominion.remote.seatlink.HostLink` into the host's room, on the host's
event loop, each line typed given to it when the test types it.

:class:`SeatAt` is one such seat: the host's own seat is its :class:`~a11y_dominion.remote.local.HostConsole`
(as :meth:`~a11y_dominion.remote.local.HostTerminal.play` plays it), any other the console of a
plain ssh seat (as :meth:`~a11y_dominion.remote.terminal.TerminalSession.seated` makes it: the
settings kept by the host, no speech of its own). What the seat prints goes to ``lines`` (a
list of str, written as the screen gets them, prompts included).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.console.core import SeatConsole
from a11y_dominion.console.display import Arrived, Display
from a11y_dominion.console.keyboard import LocalOutput
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.remote.local import HostTerminal
from a11y_dominion.remote.seat import HostedSettings
from a11y_dominion.remote.seatlink import HostLink

TURNS = 2000  # turns of the event loop a typed line may take to be used (no timer is waited for)


class Screen:
    """A stream that appends what is written to ``lines``, and each whole line printed (without
    prompts) to ``heard`` when given."""

    def __init__(self, lines: list[str], heard: list[str] | None = None, prompt: str = "") -> None:
        self.lines = lines
        self.heard = heard
        self.prompt = prompt
        self.partial = ""

    def write(self, text: str) -> int:
        self.lines.append(text)
        if self.heard is not None:
            *whole, self.partial = (self.partial + text.replace(self.prompt, "")).split("\n")
            self.heard.extend(line.rstrip() for line in whole if line.strip())
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class Keys:
    """The lines a test types, read as a person's at a terminal: :meth:`read_async` writes the
    prompt and waits for the next line typed (:meth:`type`); :meth:`stop` ends the wait when the
    host sends something (the line typed so far, none, is kept)."""

    interactive = True
    cut = False

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.typed: collections.deque[str | BaseException] = collections.deque()
        self.waiting: asyncio.Future[Any] | None = None

    def type(self, text: str | BaseException) -> None:
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(text)
        else:
            self.typed.append(text)

    async def read_async(self, message: str, default: str = "") -> Any:
        self.screen.write(message)
        if self.typed:
            got: Any = self.typed.popleft()
        else:
            self.waiting = asyncio.get_running_loop().create_future()
            try:
                got = await self.waiting
            finally:
                self.waiting = None
        if isinstance(got, BaseException):  # Ctrl+C (a LineCleared), as a line editor raises it
            self.screen.write("\n")
            raise got
        if isinstance(got, str):
            self.screen.write("\n")  # the line typed ends the prompt's line
        else:
            self.screen.write("\n" if message else "")
        return got

    def stop(self) -> bool:
        if self.waiting is None or self.waiting.done():
            return False
        self.waiting.set_result(Arrived(""))
        return True


class SeatAt:
    """The seat ``name`` of ``host`` played as its real end plays it (see the module text), its
    screen in :attr:`lines`; :meth:`start` takes the seat and plays it in a task."""

    def __init__(self, host: Any, name: str, quiet: bool = False, heard: list[str] | None = None) -> None:
        self.host = host
        self.name = name
        self.quiet = quiet  # as the server's tables take a seat (see the room's join)
        self.lines: list[str] = []
        self.screen = Screen(self.lines, heard, f"{name}> ")
        self.keys = Keys(self.screen)
        self.task: asyncio.Task[Any] | None = None
        self.console: SeatConsole | None = None
        self.terminal: HostTerminal | None = None  # the host's terminal, at the host's own seat

    def start(self) -> None:
        """Take the seat and play it in a task of the running loop."""
        seat = self.host.people[self.name]
        lang = seat.lang
        display = Display(self.screen, plain=True, lang=lang)
        if self.name == self.host.local:
            output = LocalOutput(display, Speaker("off"), True, [], None)
            self.terminal = HostTerminal(self.host)
            self.task = asyncio.ensure_future(self.terminal.play(output, self.keys))
            return
        link = HostLink(self.host, self.name, quiet=self.quiet)
        holder = HumanSeat(self.name, lang=lang, verbosity=seat.verbosity, print_fn=display.line)
        console = SeatConsole(link, holder, display, Speaker("off"), self.keys, help_seat="ssh")
        console.store = HostedSettings(seat, console)
        console.settings_file = False
        console.speaks = False
        self.console = console
        link.open()
        self.task = asyncio.ensure_future(console.run())

    def type(self, text: str) -> None:
        """Type ``text`` (used once the loop turns)."""
        self.keys.type(text)

    async def typed(self, text: str) -> list[str]:
        """The lines this seat's screen gets after ``text`` is typed, without prompts."""
        start = len(self.lines)
        self.keys.type(text)
        await settled()
        return shown(self.lines[start:], self.name)


def shown(written: list[str], name: str) -> list[str]:
    """The lines of what a screen got (``written``), without the prompt ``NAME> `` and
    the line a typed line ended."""
    text = "".join(written).replace(f"{name}> ", "")
    return [line.rstrip() for line in text.splitlines() if line.strip()]


async def settled() -> None:
    """Return once the host and its seats have done all they can with what they were given: the
    tables of these tests wait on no timer, so their work is done in turns of this event loop
    (:data:`TURNS`, far more than a typed line takes) and not in any length of time."""
    for _ in range(TURNS):
        await asyncio.sleep(0)


@contextlib.asynccontextmanager
async def at_table(host: Any, *names: str) -> AsyncIterator[list[SeatAt]]:
    """The seats ``names`` of ``host`` (a list of :class:`SeatAt`, in that order) started and its
    table played until :func:`settled`; on leaving, the table and every seat's session still
    running are cancelled."""
    seats = [SeatAt(host, name) for name in names]
    for seat in seats:
        seat.start()
    table = asyncio.ensure_future(host.table.run_async())
    await settled()
    try:
        yield seats
    finally:
        table.cancel()
        for seat in seats:
            if seat.task is not None:
                seat.task.cancel()


class Messages(list):
    """The seat protocol's messages a seat's session got (a list of dicts), from the JSON lines
    :class:`~a11y_dominion.remote.protocol.ProtocolOutlet` writes; :meth:`texts` are the host's lines."""

    def write(self, text: str) -> None:
        self.extend(json.loads(line) for line in text.splitlines() if line.strip())

    def texts(self) -> list[str]:
        return [m["text"] for m in self if m["type"] == "text"]

    def kinds(self) -> list[str]:
        return [m["type"] for m in self]


def join_messages(room: Any, name: str, session: Any = None, quiet: bool = False) -> Messages:
    """Join the seat ``name`` of ``room`` with a seat-protocol session (``session``), as ``join``
    and the console core at the host do: the messages it gets."""
    from a11y_dominion.remote.protocol import ProtocolOutlet

    got = Messages()
    seat = room.people[room._name(name)]
    room.join(name, session, outlet=ProtocolOutlet(room, seat, got.write), quiet=quiet)
    return got
