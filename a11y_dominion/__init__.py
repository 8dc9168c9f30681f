"""a11y-dominion: accessible console Dominion with the Empires expansion."""

__version__ = "0.1.0"
