"""Dominion base game: the basic Supply cards and the Kingdom cards of both editions."""
from . import basic, kingdom, first_edition  # noqa: F401
