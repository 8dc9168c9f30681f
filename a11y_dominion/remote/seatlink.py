"""The seat protocol inside the host's process: a link for a console core at the host.

A :class:`HostLink` is a :class:`~a11y_dominion.console.core.SeatLink` whose other end
is the host itself: the console core (:class:`~a11y_dominion.console.core.SeatConsole`)
of a seat played at the host (an SSH terminal session) gets the very messages the host
sends a ``join`` program over ``seat-protocol`` (its hello, the seat's story, events,
decisions, text, refusals), and what it sends reaches the host as that session's lines do,
checked and held to the same rate (:class:`~.protocol.ProtocolOutlet`). So a seat at an
SSH terminal and a joined seat behave alike.

The host's messages are handed over as the data they are, without JSON and without
:func:`~.protocol.from_host`'s cleaning: they never cross the network, and what the host
puts in them from the network (a player's name, a line of chat) it cleaned when it came.
The events of an ``events`` message are the event objects the table redacted for the seat,
not their data, which the console core would only read back.

A :class:`WireLink` takes a seat the same way for a ``join`` program at the other end of an
SSH channel: the host's ``seat-protocol`` sessions and a game server's tables write its
messages to the channel as JSON lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..console.core import Inbox
from .protocol import ProtocolOutlet, TooLong, encode, hello, sentence


class OpenSeat:
    """A seat taken by a link (:meth:`HostLink.open`): the table's ``seat``, the ``outlet`` its
    messages go through and the ``held`` seat of the session."""

    def __init__(self, seat: Any, outlet: ProtocolOutlet, held: Any) -> None:
        self.seat, self.outlet, self.held = seat, outlet, held


class HostLink:
    """The seat protocol between ``host`` (a :class:`~.host.GameHost`) and the console core
    of the seat ``user`` names, in this process. :meth:`open` says hello, admits the
    player and takes the seat (False, with the refusal in the inbox, when the seat cannot
    be taken); the host's messages come into :attr:`inbox` as ``("message", dict)`` and
    finally ``("closed", None)``. ``language`` and ``verbosity`` (or None) are the
    player's, as ``join`` tells them to the host; ``quiet`` as for the host's ``join``; ``own``:
    the seat is the one at the host's own computer (:attr:`~.room.TableRoom.local`)."""

    objects = True  # the events it is told, as the table's redacted objects (in this process)

    def __init__(
        self,
        host: Any,
        user: str,
        language: str | None = None,
        verbosity: str | None = None,
        quiet: bool = False,
        own: bool = False,
    ) -> None:
        self.host = host
        self.user = user
        self.language = language
        self.verbosity = verbosity
        self.quiet = quiet  # a table that said who sits at it already (the server's): no welcome by name
        self.own = own  # the seat at the host's own computer (no login reaches it)
        self.inbox = Inbox()
        self.opened: OpenSeat | None = None
        self.closed = False
        self.on_exit: Callable[[], None] | None = None  # called when the host ends the session

    def open(self) -> bool:
        """Say hello, admit the player and take the seat (the seat's own name, however it was
        typed; the own seat is the host's ``local``, or the user among its ``locals``, which no
        login can take), the seat narrating in the player's language and verbosity when they
        are the game's (the host's lines, and the history it keeps for the seat); False when the
        host refuses it (its ``seat-taken`` error and the end are in the inbox)."""
        from ..i18n import LANGUAGES
        from .seat import VERBOSITIES

        host, user = self.host, self.user
        name = host.own_seat(user) if self.own else host.seat_name(user)
        self._deliver(hello(host, name or user))
        refusal = host.admit(user, self.own)
        if refusal is not None:
            self._deliver({"type": "error", "error": "seat-taken", **sentence(refusal)})
            self.closed = True
            self.inbox.put(("closed", None))
            return False
        seat = host.people[name]
        code = self.language if self.language in LANGUAGES and self.language != seat.lang.code else None
        verbosity = self.verbosity if self.verbosity in VERBOSITIES and self.verbosity != seat.verbosity else None
        if code is not None or verbosity is not None:
            seat.settings(language=code, verbosity=verbosity)
        outlet = ProtocolOutlet(host, seat, deliver=self._deliver, objects=self.objects)
        held = host.join(user, self, outlet=outlet, quiet=self.quiet)  # (the outlet gets the seat's story first)
        seat.chosen = True  # the player's program has their settings: a later ssh login is not asked them again
        self.opened = OpenSeat(seat, outlet, held)
        return True

    def _deliver(self, message: dict[str, Any]) -> None:
        """A message of the host to this seat: into the inbox, as ``join`` reads it."""
        if not self.closed:
            self.inbox.put(("message", message))

    def send(self, message: dict[str, Any], last: bool = False) -> None:
        """One message to the host, read as a line of a ``seat-protocol`` session; ``last``
        (or a ``leave``): the session ends after it."""
        if self.outlet is not None and (self.used(encode(message).rstrip("\n")) or last):
            self.close()

    @property
    def outlet(self) -> ProtocolOutlet | None:
        """The seat's outlet while this link holds it (None once closed)."""
        return None if self.closed or self.opened is None else self.opened.outlet

    def used(self, message: dict[str, Any] | str | TooLong) -> bool:
        """One message from the player's program to the seat (read and counted by its session),
        or one line it sent (a str, or a :class:`~.protocol.TooLong`), read here by the seat's
        outlet; every fault is answered with one ``error``. True when it was ``leave``."""
        outlet = self.outlet
        if outlet is None:
            return False
        try:
            if isinstance(message, dict):
                outlet.use(message)
            else:
                outlet.received(message)
        except Exception as e:  # noqa: BLE001 - one bad message must not end the player's session
            assert self.opened is not None
            self.host.fault(self.opened.held.name, e)
        return bool(outlet.left)

    def close(self) -> None:
        """End the session: the host hears the player go (a quit after ``leave``); the end
        comes into the inbox."""
        if self.closed:
            return
        self.closed = True
        opened = self.opened
        if opened is not None:  # the seat keeps no outlet of this session (unless a new one holds it)
            if opened.held.holds() and opened.seat.outlet is opened.outlet:
                opened.seat.outlet = None
            self.host.leave(self.user, self, quit=opened.outlet.left)  # a quit after leave, else a broken connection
        self.inbox.put(("closed", None))

    def exit(self, status: int = 0) -> None:
        """The host ends this session (another login took the seat, or the game is gone):
        the end comes into the inbox, the seat left to its new session, and :attr:`on_exit`
        is called (the session says what came before the end at once, and ends)."""
        if not self.closed:
            self.closed = True
            self.inbox.put(("closed", None))
            if self.on_exit is not None:
                self.on_exit()


class WireLink(HostLink):
    """The seat protocol between a table (``host``, a :class:`~.room.TableRoom`) and a ``join``
    program over SSH, at a ``host`` (:func:`~.protocol.protocol_session`) or a game server's table
    (:mod:`a11y_dominion.server.joined`): what the table sends its seat is written to the channel
    as its JSON line (``write``), and the program's messages are used by the seat's outlet
    (:meth:`used`). ``number``: the table's number at a server, added to the seat's hello;
    ``quiet`` as for :class:`HostLink`."""

    objects = False  # (its messages are written as JSON)

    def __init__(
        self,
        host: Any,
        user: str,
        write: Callable[[str], None],
        language: str | None,
        verbosity: str | None,
        number: int | None = None,
        quiet: bool = True,
    ) -> None:
        super().__init__(host, user, language, verbosity, quiet=quiet)
        self.write = write
        self.number = number

    def _deliver(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.number is not None:  # the first message, the seat's hello: with the table's number
            if message.get("type") == "hello":
                message = {**message, "table": self.number}
            self.number = None
        self.write(encode(message))
