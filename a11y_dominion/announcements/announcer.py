"""The announcer: the one place where announcements meet the outputs.

Game and console code hand over announcements (text, category, priority,
who may hear them); the announcer decides whether this listener hears it,
prints it (so the player's own screen reader reads the line), speaks it
through the :class:`~a11y_dominion.announcements.speech.Speaker`, and keeps it in the
:class:`~a11y_dominion.announcements.history.History`. While the player is typing a
line, new announcements are held and come out, in order, when the line is
done, so nothing is spliced into half-typed input.

Priorities: ``important`` (the listener's turn starting, an attack on
them, a decision they must make, the end of the game) interrupts current
speech; ``high`` (Debt and VP changes, pile tops, Villa, bids) and
``normal`` queue behind it. Answers to the listener's own queries
interrupt too (``interrupt=True``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from .history import History

PRIORITIES = ("normal", "high", "important")


class SpeechOut(Protocol):
    """What the announcer speaks through (a :class:`~a11y_dominion.announcements.speech.Speaker`):
    ``speak`` one sentence at a priority (normal, high or important), interrupting current
    speech when ``interrupt``; ``silence`` stops speech now."""

    def speak(self, text: str, priority: str = "normal", interrupt: bool = False) -> object: ...

    def silence(self) -> None: ...


# One announcement held while the player types: text, category, priority, keep, interrupt, style.
_Held = tuple[str, str, str, bool, bool, "str | None"]


def _print_line(text: str, style: str | None = None) -> None:
    """Print ``text`` as one line (``style`` is not used)."""
    print(text)


class Announcer:
    """Hands announcements to the screen, the speech output and the history.

    ``speaker``: an object with ``speak(text, priority=..., interrupt=...)``
    and ``silence()`` (a :class:`~a11y_dominion.announcements.speech.Speaker`), or None
    for no speech. ``print_fn(text, style)`` prints one line. ``listener``:
    the player this screen belongs to, or None for a shared table.
    """

    def __init__(
        self,
        speaker: SpeechOut | None = None,
        print_fn: Callable[[str, str | None], object] | None = None,
        history: History | None = None,
        listener: str | None = None,
    ) -> None:
        self.speaker = speaker
        self.print_fn = print_fn or _print_line
        self.history = history if history is not None else History()
        self.listener = listener
        self._holding = False
        self._held: deque[_Held] = deque()

    def may_hear(self, audience: str | None) -> bool:
        """True when this screen may carry an announcement for ``audience``
        (None: everyone)."""
        return audience is None or self.listener is None or audience == self.listener

    def announce(
        self,
        text: str,
        category: str = "game",
        priority: str = "normal",
        audience: str | None = None,
        keep: bool = True,
        interrupt: bool = False,
        style: str | None = None,
    ) -> bool:
        """Announce one sentence; returns False when this listener may not
        hear it. Held while the player is typing (see :meth:`hold`)."""
        if priority not in PRIORITIES:
            raise ValueError(f"priority must be one of {', '.join(PRIORITIES)}")
        if not self.may_hear(audience):
            return False
        item: _Held = (text, category, priority, keep, interrupt or priority == "important", style)
        if self._holding:
            self._held.append(item)
            return True
        self._out(*item)
        return True

    def _out(
        self,
        text: str,
        category: str,
        priority: str,
        keep: bool,
        interrupt: bool,
        style: str | None,
    ) -> None:
        self.print_fn(text, style)
        if self.speaker is not None:
            self.speaker.speak(text, priority=priority, interrupt=interrupt)
        if keep:
            self.history.add(text, category, priority)

    def hold(self) -> None:
        """Hold new announcements (the player has started typing)."""
        self._holding = True

    def release(self) -> int:
        """Stop holding and put out everything held, in order; returns how many."""
        self._holding = False
        n = 0
        while self._held:
            self._out(*self._held.popleft())
            n += 1
        return n

    @property
    def holding(self) -> bool:
        """True while announcements are held (see :meth:`hold`)."""
        return self._holding

    @property
    def waiting(self) -> int:
        """How many announcements are held (see :meth:`hold`)."""
        return len(self._held)

    def stop(self) -> None:
        """Stop speech now (the stop key)."""
        if self.speaker is not None:
            self.speaker.silence()
