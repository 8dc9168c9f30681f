"""Dominion: Empires (2016 printing): Kingdom piles, Castles, Events, Landmarks."""

from . import castles, events, kingdom, landmarks, split  # noqa: F401
