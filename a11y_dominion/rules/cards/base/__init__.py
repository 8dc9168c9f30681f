"""Dominion base game: the basic Supply cards and the Kingdom cards of both editions."""

from . import basic, first_edition, kingdom  # noqa: F401
