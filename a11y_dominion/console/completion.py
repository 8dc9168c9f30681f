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

from ..rules.cards import EVENTS
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
