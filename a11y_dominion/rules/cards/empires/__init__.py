"""Dominion: Empires (2016 printing): Kingdom piles, Castles, Events, Landmarks."""
from . import kingdom, split, castles, events, landmarks  # noqa: F401
