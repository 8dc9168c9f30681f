"""The lobby's command words, in English and Dutch, read alike by the server's lobby
(:mod:`.lobby`) and by ``join`` at a server (:mod:`a11y_dominion.remote.lobbyclient`), which
needs them without the rest of the server; and the sentences both ends of a server say alike
(over ssh, :mod:`.session`, and through ``join``): the lobby's prompt (:func:`lobby_prompt`), Ctrl+C
in the lobby (:func:`lobby_cleared`); and which line typed at a table's seat the lobby answers
(:func:`lobby_line_at_table`)."""

from __future__ import annotations

from ..console.commands import command_for
from ..i18n import N_, Language
from ..settings import key_setting


def lobby_prompt(lang: Language, screen_reader: bool) -> str:
    """The prompt of a line typed in the lobby, or while watching a game, in ``lang``: none for
    a player with a ``screen_reader``, as in the lobby a line is always awaited and chat comes
    between, so a prompt drawn again after every line would be read again after every line
    (the lobby's first lines say to type help); else "Lobby> ", which shows a sighted player
    that the game waits for a line. Over ssh plain output stands for a screen reader, as the
    server cannot tell; ``join`` knows it from its speech mode."""
    return "" if screen_reader else lang._(N_("Lobby")) + "> "


def lobby_cleared(interrupt: BaseException, lang: Language) -> str:
    """The sentence in ``lang`` after Ctrl+C in the lobby (``interrupt``: a
    :class:`~a11y_dominion.console.display.LineCleared`, whose ``had_text`` says whether a line
    was typed; True when it has none): that the line was cleared, or that there was nothing to
    clear, and how to log out."""
    if getattr(interrupt, "had_text", True):
        return lang._(N_("Line cleared. Type quit to log out."))
    return lang._(N_("Nothing to clear. Type quit to log out."))


COMMANDS = (
    "tables",
    "new",
    "sit",
    "watch",
    "leave",
    "start",
    "invite",
    "accept",
    "who",
    "say",
    "tell",
    "games",
    "stats",
    "ranking",
    "help",
    "settings",
    "account",
    "repeat",
    "quit",
    "kick",
    "close",
    "mute",
    "ban",
    "unban",
    "announce",
    "reload",
)
"""The lobby's commands, in the order ``help`` lists them (from ``kick`` on, the moderators')."""

MODERATOR_COMMANDS = ("kick", "close", "mute", "ban", "unban", "announce", "reload")
"""The commands only a moderator (named in the operator's file) may give."""

DUTCH = {
    "tafels": "tables",
    "nieuw": "new",
    "zit": "sit",
    "kijk": "watch",
    "weg": "leave",
    "begin": "start",
    "nodig": "invite",
    "accepteer": "accept",
    "eruit": "kick",
    "sluit": "close",
    "demp": "mute",
    "verban": "ban",
    "ontban": "unban",
    "omroep": "announce",
    "herlaad": "reload",
    "wie": "who",
    "zeg": "say",
    "fluister": "tell",
    "partijen": "games",
    "statistiek": "stats",
    "ranglijst": "ranking",
    "instellingen": "settings",
    "stoppen": "quit",
    "hulp": "help",
    "herhaal": "repeat",
}
"""The Dutch word of each command that has one, taken in any language."""


def parse(line: str) -> tuple[str | None, str]:
    """The command of a typed lobby line and the rest: (``"say"``, ``"hello"``) for
    ``say hello`` or ``zeg hello``; (None, the word) for a word that is no command;
    (None, ``""``) for an empty line. The command is read in any letter case."""
    words = line.strip().split(maxsplit=1)
    if not words:
        return None, ""
    word = words[0].casefold()
    rest = words[1].strip() if len(words) > 1 else ""
    command = DUTCH.get(word, word)
    if command in COMMANDS:
        return command, rest
    return None, words[0]


def lobby_line_at_table(line: str, keys: bool = False) -> bool:
    """Whether ``line``, typed at a table's seat of a game server (over ssh or through
    ``join``), goes to the lobby: a lobby command the game has not (``tables``, ``who``,
    ``tell``...), and with ``keys`` (a seat over ssh, whose shortcut keys are the account's)
    ``settings set key ACTION KEY`` (:func:`~a11y_dominion.settings.key_setting`). A command of the game's (``say``,
    ``help``, ``quit``, ``leave``...), a way to leave in any language, any other line and an
    empty one are the game's. Words are read in any letter case (``casefold``)."""
    parts = line.split(None, 1)
    word = parts[0].casefold() if parts else ""
    rest = parts[1] if len(parts) > 1 else ""
    if keys and command_for(word) == "settings" and key_setting(rest) is not None:
        return True
    if not word or command_for(word) is not None:
        return False
    return parse(line)[0] not in (None, "leave", "quit")


def lobby_words(moderator: bool, lang: Language | None = None) -> list[str]:
    """The lobby's commands that Tab completes, in ``help``'s order: a ``moderator``'s too only
    for a moderator. In Dutch (``lang``), each command's Dutch word (:data:`DUTCH`), and the
    English word of a command that has none (``account``) and ``help``, which the Dutch help
    names beside ``hulp``; else the English words."""
    commands = [c for c in COMMANDS if moderator or c not in MODERATOR_COMMANDS]
    if lang is None or lang.code != "nl":
        return commands
    dutch: dict[str, list[str]] = {}
    for word, command in DUTCH.items():
        dutch.setdefault(command, []).append(word)
    return [w for c in commands for w in dutch.get(c, []) + ([c] if c not in dutch or c == "help" else [])]
