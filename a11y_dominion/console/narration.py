"""Turn new game events into the console's announcements.

A thin layer over :class:`announcements.narrator.Narrator`: it remembers how
far into ``game.log`` it has read and hands the new events to the narrator,
which tells runs of plain plays in one sentence and each opponent turn as
one summary.
"""
from __future__ import annotations

from typing import Optional

from announcements.narrator import Narrator

from ..i18n import Language
from ..rules.events import TurnStarted
from ..view import redact_all, redact_for_screen


class EventReader:
    """Reads a game's log from where it stopped last time.

    ``new_announcements(game)`` returns ``(text, priority)`` pairs for the
    events added since the last call. At a shared table (no ``viewer``),
    private facts are told only on the turns of the ``private_seats`` (the
    humans), so a bot's cards are never shown.
    """

    def __init__(self, viewer=None, verbosity: str = "normal", start: int = 0, current=None,
                 lang: Optional[Language] = None, private_seats: Optional[set] = None):
        self.narrator = Narrator(viewer=viewer, verbosity=verbosity, current=current, lang=lang)
        self.viewer = viewer
        self.current = current
        self.private_seats = private_seats
        self.verbosity = verbosity
        self.pos = start

    def new_announcements(self, game) -> list:
        """``(sentence, priority)`` pairs for the events since the last call."""
        events = game.log[self.pos:]
        self.pos = len(game.log)
        return self.announce(events)

    def announce(self, events) -> list:
        """(sentence, priority) pairs for ``events`` in order, redacted for
        this listener first (the viewer's own private facts, or at a shared
        table those of the ``private_seats`` on their own turns)."""
        if self.viewer is not None:
            shown = redact_all(events, self.viewer)
        else:
            shown = redact_for_screen(events, self.current, self.private_seats)
            for e in events:
                if isinstance(e, TurnStarted):
                    self.current = e.player
        return self.narrator.announcements(shown)
