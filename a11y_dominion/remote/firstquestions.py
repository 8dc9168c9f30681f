"""The first questions at an ssh login: the player's language and verbosity.

A host's ssh seat asks them before the seat is played (:func:`first_settings`, unless the
client sent them or the seat chose them before), and a game server asks them at a new name's
sign-up (:mod:`a11y_dominion.server.session`): the same questions, written once here. The
language is asked in every language of the game, so that a player who reads none of the
others finds theirs; Enter alone takes the one named in the question. Each question reads lines
through ``read()`` (a line, a shortcut key's :class:`~a11y_dominion.console.keys.KeyCommand`, or
anything else when the session ended or the player pressed Ctrl+D) and says its lines through
``say(text)``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from ..console.keys import KeyCommand
from ..i18n import LANGUAGES, N_, Language
from .seat import VERBOSITIES, language_of, typed_line, verbosity_of

Say = Callable[[str], None]
Read = Callable[[], Awaitable[Any]]


async def choose(say: Say, read: Read, question: str, pick: Callable[[str], str | None], again: str) -> str | None:
    """Say ``question`` and read a line until ``pick`` takes it (the line typed, "" for Enter
    alone) and gives what was chosen, saying ``again`` after each line it does not take;
    None when the session ended or the player pressed Ctrl+D."""
    while True:
        say(question)
        got = await read()
        if not isinstance(got, (str, KeyCommand)):
            return None
        chosen = pick(typed_line(got.command if isinstance(got, KeyCommand) else got))
        if chosen is not None:
            return chosen
        say(again)


async def ask_language(say: Say, read: Read, default: str) -> str | None:
    """The player's language, asked in every language of the game (Enter: the language
    ``default``, a code, named in the question); its code, or None when the session ended."""
    names = ", ".join(f"{i} {n}" for i, n in enumerate(LANGUAGES.values(), 1))
    question = f"Choose your language / Kies je taal: {names}. Enter: {LANGUAGES[default]}."
    return await choose(
        say, read, question, lambda got: language_of(got) if got else default, "Type 1 or 2. / Typ 1 of 2."
    )


async def ask_verbosity(say: Say, read: Read, lang: Language) -> str | None:
    """The player's verbosity, asked in ``lang`` (Enter: normal); None when the session ended."""
    words = ", ".join(f"{i} {lang._(v)}" for i, v in enumerate(VERBOSITIES, 1))
    question = lang.text(N_("How much should the game say? {choices}. Enter: normal."), choices=words)
    return await choose(
        say, read, question, lambda got: verbosity_of(got, lang) if got else "normal", lang._(N_("Type 1, 2 or 3."))
    )


async def first_settings(seat: Any, env: Mapping[str, str], say: Say, read: Read) -> tuple[str, str] | tuple[()] | None:
    """Language and verbosity when the player joins the host's ``seat`` (a
    :class:`~.seat.RemoteSeat`): from the client's ``A11Y_DOMINION_LANG`` and
    ``A11Y_DOMINION_VERBOSITY`` in ``env`` (sent with ``ssh -o SetEnv=...``), else asked (not
    when the seat chose them at an earlier join, or the host gave its language). Returns
    (language code, verbosity), () for nothing to change, or None when the session ended meanwhile."""
    code = language_of(env.get("A11Y_DOMINION_LANG", ""))
    verbosity = verbosity_of(env.get("A11Y_DOMINION_VERBOSITY", ""))
    if code is None and verbosity is None and seat.chosen:
        return ()
    if code is None and seat.language_given:
        code = seat.lang.code
    if verbosity is None and (code is not None or seat.language_given or seat.chosen):
        verbosity = seat.verbosity
    code = code or await ask_language(say, read, seat.lang.code)
    verbosity = verbosity or (await ask_verbosity(say, read, Language(code)) if code is not None else None)
    if code is None or verbosity is None:
        return None
    return (code, verbosity)
