"""Announcements: game events to sentences, history, and speech output.

:mod:`a11y_dominion.announcements.narrator` turns engine events into short sentences;
:mod:`a11y_dominion.announcements.history` keeps them; :mod:`a11y_dominion.announcements.speech` sends
them to the player's screen reader or a speech engine.
"""

from .narrator import VERBOSITIES, Narrator  # noqa: F401
