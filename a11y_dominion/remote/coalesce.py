"""What a session writes during one step of the event loop, sent in one write.

asyncssh sends an empty ``MSG_IGNORE`` packet before every packet it encrypts, so every
write to an SSH channel costs two encryptions and two packets. A seat is told several
things at one answer (the announcement's lines, the prompt, a seat protocol's messages),
each written where it is made: :class:`Coalesced` gathers them, in order, and sends them
together once the step ends (``loop.call_soon``), or at once when asked (:meth:`flush`,
before the session's channel closes). The bytes sent are the same and in the same order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Coalesced:
    """Text for ``send`` (a callable taking one str: the channel's write), gathered.

    :meth:`write` keeps a text (str) and sends everything kept, joined, once the event
    loop's current step ends; without a running event loop it sends at once.
    :meth:`flush` sends what is kept now. Errors of ``send`` reach its caller (the loop's
    exception handler when it runs at the step's end): ``send`` catches its own."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send
        self._parts: list[str] = []
        self._due = False  # a flush is scheduled

    def write(self, text: str) -> None:
        """Keep ``text`` to be sent with the rest of this step's (nothing for an empty text)."""
        if not text:
            return
        self._parts.append(text)
        if self._due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.flush()
            return
        self._due = True
        loop.call_soon(self.flush)

    def flush(self) -> None:
        """Send what is kept, in one call of ``send``; nothing when nothing is kept."""
        self._due = False
        if not self._parts:
            return
        text = "".join(self._parts)
        self._parts = []
        self.send(text)
