"""Helpers for tests that compare a game's answers: turn moves by their short
text form ("play:Villa", "treasures", "end"), or as written in a record."""

from a11y_dominion.record import answer_data as _answer_data


def answer_keys(game) -> list:
    """Each answer of ``game`` as a list of strings (moves as ``play:Villa``)."""
    return [[str(a) for a in ans] for ans in game.answers]


def answer_data(game) -> list:
    """Each answer of ``game`` as a record writes it (moves as objects)."""
    return [_answer_data(a) for a in game.answers]
