"""A person at the console: everything the game keeps for one human seat.

At a shared computer every human seat has its own narrator (it tells that
seat's private facts, and only those, and speaks to it as "you"), its own
history of messages, its own language and verbosity, and a queue of what
was told while another person had the keyboard. What a seat's narrator
says is printed and spoken only while that seat has the keyboard
(:attr:`HumanSeat.at_keyboard`); the rest waits in the queue and comes out,
in order, when the keyboard comes to it (:meth:`HumanSeat.take_keyboard`).

A seat consumes events through :meth:`HumanSeat.tell`: today the console
hands it the new events of ``game.log``; with a host that redacts the
events for each seat, the host's ``tell`` does the same.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Optional

from announcements.announcer import Announcer
from announcements.history import History
from announcements.narrator import Narrator

from ..i18n import Language


class HumanSeat:
    """One human seat at this keyboard.

    ``name``: the player's name, or None for an onlooker of a game without
    humans (it hears only public facts). ``lang``: the seat's
    :class:`~a11y_dominion.i18n.Language`; ``verbosity``: terse, normal or
    verbose (ValueError otherwise). ``speaker``: the speech output shared by
    the table; ``print_fn(text, style)`` prints one line on the shared
    screen. ``private_seats``: for a seat without a name (no viewer), the
    players whose private cards may be told on their own turn (see
    :class:`~announcements.narrator.Narrator`). ``current``: the turn player
    when narration starts in the middle of a game.
    """

    kind = "human"

    def __init__(self, name: Optional[str], lang: Optional[Language] = None, verbosity: str = "normal",
                 speaker=None, print_fn: Optional[Callable] = None, private_seats: Optional[set] = None,
                 current: Optional[str] = None):
        self.name = name
        self.lang = lang or Language("en")
        self.verbosity = verbosity
        self.history = History()
        self.announcer = Announcer(speaker, print_fn=print_fn, history=self.history, listener=name)
        self.private_seats = private_seats
        self.narrator = self._narrator(current)
        self.queue: deque = deque()       # (text, priority) told while another seat had the keyboard
        self.at_keyboard = False

    def _narrator(self, current: Optional[str]) -> Narrator:
        return Narrator(viewer=self.name, verbosity=self.verbosity, current=current, lang=self.lang,
                        private_seats=self.private_seats)

    def restart(self, current: Optional[str] = None) -> None:
        """Start narrating a new game (after ``load``): a fresh narrator, nothing queued;
        the history stays, so earlier messages can still be read."""
        self.narrator = self._narrator(current)
        self.queue.clear()

    @property
    def speaker(self):
        """The shared speech output this seat's announcements go to."""
        return self.announcer.speaker

    @speaker.setter
    def speaker(self, value) -> None:
        self.announcer.speaker = value

    # ------------------------------------------------------------ events in
    def tell(self, events: Iterable) -> int:
        """Narrate ``events`` (the ones this seat may know) in the seat's language and
        verbosity. At the keyboard the sentences are announced at once; otherwise
        they are queued. Returns how many sentences were made."""
        said = self.narrator.announcements(events)
        self.queue.extend(said)
        if self.at_keyboard:
            self.flush()
        return len(said)

    def flush(self) -> int:
        """Announce everything queued, in order; returns how many sentences."""
        n = 0
        while self.queue:
            text, priority = self.queue.popleft()
            self.say(text, priority)
            n += 1
        return n

    # ------------------------------------------------------------ the keyboard
    def take_keyboard(self) -> int:
        """The keyboard has come to this seat: announce what waited for it;
        returns how many sentences."""
        self.at_keyboard = True
        return self.flush()

    def leave_keyboard(self) -> None:
        """The keyboard goes to another person: from now on this seat's sentences wait."""
        self.at_keyboard = False

    # ------------------------------------------------------------ output
    def say(self, text: str, priority: str = "normal", keep: bool = True, style: Optional[str] = None,
            interrupt: bool = False) -> None:
        """Print one line, speak it and (with ``keep``) add it to this seat's history."""
        self.announcer.announce(text, category="game" if keep else "reply", priority=priority, keep=keep,
                                interrupt=interrupt, style=style)

    def __repr__(self) -> str:
        return f"HumanSeat({self.name!r}, {self.lang.code}, {self.verbosity})"
