"""Tab completion built from the pending decision.

At the start of the line: the console's commands, the move words (at the
turn prompt) and the names of the options. After ``play`` only cards that
can be played now; after ``buy`` only piles and Events that can be bought
now; after ``card`` every name in this game; after ``help`` the help
topics; after ``save`` and ``load`` file names. In a card choice the names
complete after each comma too.
"""
from __future__ import annotations

from typing import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from announcements.narrator import join_names

from ..rules.cards import EVENTS, canonical
from ..textinput import NO, YES, InputError, split_speaker
from .queries import names_in_game

COMMANDS = ("hand", "supply", "status", "score", "landmarks", "events", "trash", "card", "log", "repeat",
            "previous", "next", "options", "help", "save", "load", "speech", "stop", "quit")
MOVE_WORDS = ("play", "buy", "pay", "end")


def _matches(prefix: str, words: Iterable[str]) -> list:
    low = prefix.lower()
    out = []
    for w in words:
        if w.lower().startswith(low) and w not in out:
            out.append(w)
    return out


def playable(game) -> list:
    """Names after ``play``: the cards the pending turn decision lets you play, and treasures."""
    d = game.pending
    if d is None or d.kind != "turn":
        return []
    out = [o[5:] for o in d.options if o.startswith("play:")]
    if "treasures" in d.options:
        out.append("treasures")
    return out


def buyable(game) -> list:
    """Names after ``buy``: the top cards of piles and the Events you can buy now."""
    d = game.pending
    if d is None or d.kind != "turn":
        return []
    out = []
    for o in d.options:
        if o.startswith("buy:"):
            arg = o[4:]
            out.append(arg if arg in EVENTS else game.piles[arg].top.name)
    return out


def option_words(game) -> list:
    """Names of the options of a non-turn decision."""
    d = game.pending
    if d is None or d.kind == "turn":
        return []
    if d.kind == "yesno":
        return ["yes", "no"]
    if d.kind == "pile":
        return [d.labels.get(o) or game.piles[o].top.name for o in d.options]
    if d.kind == "number":
        return [o for o in d.options if o == "pass"]
    words = [d.labels.get(o, o) for o in d.options]
    if d.kind == "cards" and d.min == 0:
        words.append("none")
    return words


class DecisionCompleter(Completer):
    """Completes commands and card names for ``get_game()``'s pending decision."""

    def __init__(self, get_game: Callable):
        self.get_game = get_game
        self.paths = PathCompleter(expanduser=True)

    def candidates(self, text: str) -> tuple:
        """(prefix being completed, candidate words) for the text before the cursor."""
        game = self.get_game()
        d = game.pending if game is not None else None
        verb, sep, rest = text.partition(" ")
        low = verb.lower()
        if sep:
            rest = rest.lstrip()
            if low in ("play", "speel", "p"):
                return rest, playable(game)
            if low in ("buy", "koop", "b"):
                return rest, buyable(game)
            if low == "card":
                return rest, names_in_game(game) if game else []
            if low == "help":
                return rest, ["keys", "commands"]
            if low == "log":
                return rest, []
        if d is not None and d.kind in ("cards", "pile") and "," in text:
            last = text.rsplit(",", 1)[1].lstrip()
            return last, option_words(game)
        if sep and d is not None and d.kind != "turn":
            return text, option_words(game)
        words = []
        if d is not None:
            if d.kind == "turn":
                words += [w for w in MOVE_WORDS if w != "pay" or any(o.startswith("pay:") for o in d.options)]
            else:
                words += option_words(game)
        words += list(COMMANDS)
        return text, words

    def get_completions(self, document: Document, complete_event: CompleteEvent):
        text = document.text_before_cursor
        verb, sep, rest = text.partition(" ")
        if sep and verb.lower() in ("save", "load"):
            sub = Document(rest.lstrip(), len(rest.lstrip()))
            yield from self.paths.get_completions(sub, complete_event)
            return
        prefix, words = self.candidates(text)
        for w in _matches(prefix, words):
            yield Completion(w, start_position=-len(prefix))


def _unique(word: str, names: list) -> str:
    """The one name in ``names`` that ``word`` starts (or starts a word of); ``word`` if none.

    Raises InputError when several names fit.
    """
    low = word.lower()
    for test in (lambda n: n.lower().startswith(low),
                 lambda n: any(w.startswith(low) for w in n.lower().split())):
        found = list(dict.fromkeys(n for n in names if test(n)))
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise InputError(f"{word} could be {join_names(found)}; type more of the name.")
    return word


def expand_names(game, line: str) -> str:
    """Complete unique starts of names in a typed answer, from the legal options only.

    ``buy roy`` becomes ``buy Royal Blacksmith`` when Royal Blacksmith is the
    only thing you can buy that starts so; ``village`` in a card choice
    becomes ``Bustling Village``. Full names, numbers and words such as
    none and yes are left alone. Raises InputError for a start that fits
    several options.
    """
    d = game.pending
    if d is None:
        return line
    who, body = split_speaker(game, line)
    head = line[:len(line) - len(body)] if who else ""
    if d.kind == "turn":
        verb, sep, rest = body.strip().partition(" ")
        rest = rest.strip()
        if verb.lower() in ("play", "speel", "p"):
            names = playable(game)
        elif verb.lower() in ("buy", "koop", "b"):
            names = buyable(game)
        else:
            return line
        if not rest or "/" in rest or canonical(rest) is not None or rest.lower() in ("treasures", "treasure"):
            return line
        new = _unique(rest, names)
        if new == rest:     # nothing legal starts so: name the card anyway, so the refusal says why
            try:
                new = _unique(rest, names_in_game(game))
            except InputError:
                pass
        return f"{head}{verb} {new}"
    if d.kind in ("cards", "pile"):
        parts = []
        for part in body.split(","):
            w = part.strip()
            if w and not w.isdigit() and canonical(w) is None and w.lower() not in NO | YES:
                w = _unique(w, option_words(game))
            parts.append(w)
        return head + ", ".join(parts)
    return line
