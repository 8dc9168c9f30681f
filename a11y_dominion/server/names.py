"""Account names on the server: which names an account may take, and when two are the same.

A name is what its player types as the SSH user name (``ssh -p 2222 Ann@host``) and what
the others hear before everything the player does, so it follows the rule of a seat that
joins over SSH (:func:`~a11y_dominion.seats.seat_name_fault`: no control, escape or
formatting character, no comma or colon, no space), has :data:`MIN_NAME` to
:data:`MAX_NAME` characters and is none of the game's own words (:data:`RESERVED`: the
bot kinds, the words that address the player, ``server``, ``Bot 3``...).

Two names are the same account when their keys are equal (:func:`name_key`: NFKC, then
letter case folded), so ``Ann``, ``ANN`` and ``Ａｎｎ`` (full-width letters) are one name.
"""

from __future__ import annotations

import re
import unicodedata

from ..bots.kinds import BOT_KINDS
from ..files import shown_name
from ..rules.decisions import Msg
from ..seats import YOU_WORDS, seat_name_fault

MIN_NAME = 2
"""The fewest characters of a name."""

MAX_NAME = 20
"""The most characters of a name (as stored: NFC)."""

RESERVED = frozenset(
    {*BOT_KINDS, *YOU_WORDS, "human", "remote", "bot", "server", "admin", "lobby", "everyone", "iedereen"}
)
"""The name keys (:func:`name_key`) no account may take: the seat kinds and bot kinds, the
words that address the player (a seat called You would read "You's turn"), and the words
the lobby uses for itself and for everyone."""

_BOT_NUMBER = re.compile(r"bot[0-9]+")  # Bot1, bot 2 (no space in a name), the server's bot seats' names


class NameRefused(ValueError):
    """A name no account may take; ``args[0]`` is one sentence (a :class:`Msg`) saying why."""


def name_key(name: str) -> str:
    """The key under which the account ``name`` is unique: NFKC, letter case folded, then
    NFKC again (folding can undo it), so names differing in case or in compatibility forms
    (full-width letters, ligatures) have one key: ``name_key("ＡＮＮ") == "ann"``."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def is_reserved(name: str) -> bool:
    """True when ``name`` (in any case or form) is one of :data:`RESERVED` or ``Bot``
    followed by digits."""
    key = name_key(name)
    return key in RESERVED or _BOT_NUMBER.fullmatch(key) is not None


def name_refusal(name: str) -> Msg | None:
    """Why ``name`` cannot be an account's name, as one sentence, or None when it can be one.

    Checked in this order: empty; characters a seat's name cannot hold
    (:func:`~a11y_dominion.seats.seat_name_fault`, of the name as typed and of its NFKC
    form, where a full-width colon becomes a colon); its length in characters (NFC); the
    reserved words (:func:`is_reserved`)."""
    if not name:
        return Msg("A name cannot be empty; choose one of {least} to {most} characters.", least=MIN_NAME, most=MAX_NAME)
    stored = unicodedata.normalize("NFC", name)
    fault = seat_name_fault(stored, remote=True) or seat_name_fault(unicodedata.normalize("NFKC", stored), remote=True)
    if fault == "control":
        return Msg(
            "The name {name} holds control, escape or formatting characters, which a name cannot have.",
            name=shown_name(name, 40),
        )
    if fault == "separator":
        return Msg("The name {name} holds a comma or a colon, which a name cannot have.", name=shown_name(name, 40))
    if fault == "space":
        return Msg(
            "The name {name} holds a space, which an SSH user name cannot hold; "
            "choose one without, for example {example}.",
            name=shown_name(name, 40),
            example=shown_name("".join(stored.split()), 40),
        )
    if len(stored) < MIN_NAME:
        return Msg(
            "The name {name} is too short: a name has {least} to {most} characters.",
            name=stored,
            least=MIN_NAME,
            most=MAX_NAME,
        )
    if len(stored) > MAX_NAME:
        return Msg(
            "The name {name} is too long: a name has {least} to {most} characters.",
            name=shown_name(stored, 40),
            least=MIN_NAME,
            most=MAX_NAME,
        )
    if is_reserved(stored):
        return Msg("The name {name} is one of the game's own words; choose another.", name=stored)
    return None


def checked_name(name: str) -> str:
    """``name`` as an account keeps it (NFC), when it can be one (:func:`name_refusal`).

    Raises :class:`NameRefused` with the sentence of :func:`name_refusal`."""
    refusal = name_refusal(name)
    if refusal is not None:
        raise NameRefused(refusal)
    return unicodedata.normalize("NFC", name)


def taken(name: str) -> Msg:
    """The sentence for a name whose key (:func:`name_key`) another account has."""
    return Msg("The name {name} is taken; choose another.", name=name)
