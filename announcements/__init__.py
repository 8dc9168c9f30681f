"""Announcements: game events to sentences, history, and speech output.

:mod:`announcements.narrator` turns engine events into short sentences;
:mod:`announcements.history` keeps them; :mod:`announcements.speech` sends
them to the player's screen reader or a speech engine.
"""

from .narrator import VERBOSITIES, Narrator  # noqa: F401
