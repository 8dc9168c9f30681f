"""The questions of a first ssh login, before the seat is joined: the language question says
what Enter picks, as the verbosity question does ("Enter: normal."), and Enter picks it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from a11y_dominion.i18n import Language

pytest.importorskip("asyncssh")

from a11y_dominion.remote import firstquestions  # noqa: E402


def first_settings(seat_lang: str, typed: list) -> tuple:
    """(what the session said, what it returned) at the first login of a seat whose language is
    ``seat_lang`` (the host's default), with the lines ``typed`` answering its questions."""
    seat = SimpleNamespace(lang=Language(seat_lang), chosen=False, language_given=False, verbosity="normal")
    said: list = []
    answers = list(typed)

    async def read():
        return answers.pop(0)

    got = asyncio.run(firstquestions.first_settings(seat, {}, said.append, read))
    assert answers == []  # every typed line was read
    return said, got


@pytest.mark.parametrize(
    "seat_lang, expected, result",
    [
        (
            "en",
            [
                "Choose your language / Kies je taal: 1 English, 2 Nederlands. Enter: English.",
                "How much should the game say? 1 terse, 2 normal, 3 verbose. Enter: normal.",
            ],
            ("en", "normal"),
        ),
        (
            "nl",
            [
                "Choose your language / Kies je taal: 1 English, 2 Nederlands. Enter: Nederlands.",
                "Hoeveel moet het spel zeggen? 1 beknopt, 2 normaal, 3 uitgebreid. Enter: normaal.",
            ],
            ("nl", "normal"),
        ),
    ],
)
def test_the_language_question_says_what_enter_picks_and_enter_picks_it(seat_lang, expected, result):
    assert first_settings(seat_lang, ["", ""]) == (expected, result)


def test_a_language_typed_is_taken_after_a_wrong_answer():
    said, got = first_settings("en", ["3", "2", "1"])
    assert said == [
        "Choose your language / Kies je taal: 1 English, 2 Nederlands. Enter: English.",
        "Type 1 or 2. / Typ 1 of 2.",
        "Choose your language / Kies je taal: 1 English, 2 Nederlands. Enter: English.",
        "Hoeveel moet het spel zeggen? 1 beknopt, 2 normaal, 3 uitgebreid. Enter: normaal.",
    ]
    assert got == ("nl", "terse")
