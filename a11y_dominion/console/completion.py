"""Tab completion built from the pending decision.

The completer reads what one seat may know: a :class:`Seen` (the seat's
:class:`~a11y_dominion.view.PlayerView` and the decision it is asked, if
any), never the game itself; :meth:`Seen.of_game` makes one for the
player a local game is waiting for.

At the start of the line: the console's commands, the move words (at the
turn prompt) and the names of the options. After ``play`` only cards that
can be played now; after ``buy`` only piles and Events that can be bought
now; after ``card`` every name in this game; after ``help`` the help
topics; after ``save``, ``load`` and ``export`` file names. In a card choice the names
complete after each comma too. Words and names are offered in the game's
language (Dutch: ``speel``, ``koop``, ``Zilver``...); English words are
understood in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from ..i18n import N_, Language
from ..rules.cards import EVENTS, canonical
from ..rules.decisions import MoveKind, Msg
from ..textinput import NO, YES, InputError, split_speaker
from ..view import PlayerView, player_view
from .queries import join_or, names_in_game
from .questions import asked_as_yes_no

COMMANDS = (
    "hand",
    "supply",
    "status",
    "score",
    "landmarks",
    "events",
    "trash",
    "card",
    "log",
    "repeat",
    "previous",
    "next",
    "options",
    "hint",
    "help",
    "save",
    "load",
    "export",
    "undo",
    "speech",
    "settings",
    "stop",
    "say",
    "quit",
)
MOVE_WORDS = ("play", "buy", "pay", "end")

# The Dutch word for each command and move (both languages are understood).
DUTCH_WORDS = {
    "hand": "hand",
    "supply": "voorraad",
    "status": "status",
    "score": "stand",
    "landmarks": "bezienswaardigheden",
    "events": "gebeurtenissen",
    "trash": "vernietigd",
    "card": "kaart",
    "log": "logboek",
    "repeat": "herhaal",
    "previous": "vorige",
    "next": "volgende",
    "options": "opties",
    "hint": "tip",
    "help": "hulp",
    "save": "bewaar",
    "load": "laad",
    "export": "exporteer",
    "undo": "herstel",
    "speech": "spraak",
    "settings": "instellingen",
    "stop": "stil",
    "say": "zeg",
    "quit": "stoppen",
    "play": "speel",
    "buy": "koop",
    "pay": "betaal",
    "end": "einde",
}
# Other Dutch words for commands.
DUTCH_ALIASES = {
    "opslaan": "save",
    "laden": "load",
    "afsluiten": "quit",
    "weg": "quit",  # (as English leave: the word the lobby and the end of a server game say)
    "ongedaan": "undo",
    "bezienswaardigheid": "landmarks",
    "gebeurtenis": "events",
    "keuzes": "options",
    "opnieuw": "repeat",
    "punten": "score",
    "vuilnis": "trash",
}

# The commands (English) a word must follow: completed, their word ends in a space ("buy "), so
# that what is typed next is that word, not a longer one ("buys")
ARGUMENT_COMMANDS = ("play", "buy", "pay", "card", "save", "load", "export", "settings", "say")

PLAY_WORDS = ("play", "speel", "p")
BUY_WORDS = ("buy", "koop", "b")
TREASURE_WORDS = ("treasures", "treasure", "geldkaarten", "geldkaart")
N_("treasures")


def command_words(lang: Language) -> dict[str, str]:
    """Command (or move) → the word to type for it in ``lang``."""
    if lang.code == "nl":
        return dict(DUTCH_WORDS)
    return {w: w for w in COMMANDS + MOVE_WORDS}


def command_of(word: str) -> str | None:
    """The command (English) a typed word stands for, in either language, or None."""
    low = word.lower()
    if low in COMMANDS:
        return low
    for c, w in DUTCH_WORDS.items():
        if w == low and c in COMMANDS:
            return c
    return DUTCH_ALIASES.get(low)


def _matches(prefix: str, words: Iterable[str]) -> list[str]:
    low = prefix.lower()
    out = []
    for w in words:
        if w.lower().startswith(low) and w not in out:
            out.append(w)
    return out


EN = Language("en")


class Seen:
    """What completion reads: one seat's ``view`` (a
    :class:`~a11y_dominion.view.PlayerView`) and the ``decision`` it is asked
    now (None when nothing is asked of it). Made from a game
    (:meth:`of_game`), the view is built only when a completion needs it."""

    def __init__(self, view: PlayerView | None = None, decision: Any = None, game: Any = None):
        self._view = view
        self.decision = decision
        self._game = game

    @property
    def view(self) -> PlayerView:
        """The seat's view (built from the game on first use)."""
        if self._view is None:
            game, d = self._game, self.decision
            name = d.player if d is not None else game.current.name
            view_of = getattr(game, "view_of", None)  # a game known only from a view (a11y-dominion join)
            self._view = view_of(name) if view_of is not None else player_view(game, name, scores=False)
        return self._view

    @staticmethod
    def of_game(game: Any) -> Seen | None:
        """The :class:`Seen` of the player ``game`` waits for (else the player whose
        turn it is); None for no game; a Seen is given back as it is."""
        if game is None or isinstance(game, Seen):
            return game
        return Seen(decision=game.pending, game=game)


def game_names(source: Any, lang: Language = EN) -> list[str]:
    """Every card, Event and Landmark name of the game (public: read from the view of ``source``,
    a :class:`Seen` or a game)."""
    seen = Seen.of_game(source)
    return names_in_game(seen.view, lang) if seen is not None else []


def playable(source: Any, lang: Language = EN) -> list[str]:
    """Names after ``play``: the cards the pending turn decision of ``source`` (a
    :class:`Seen` or a game) lets you play, and treasures."""
    seen = Seen.of_game(source)
    d = seen.decision if seen is not None else None
    if d is None or d.kind != "turn":
        return []
    out = [lang.card(o.name) for o in d.options if o.kind is MoveKind.PLAY]
    if any(o.kind is MoveKind.TREASURES for o in d.options):
        out.append(lang._("treasures"))
    return out


def _top(view: PlayerView, pile: str) -> str:
    p = view.piles.get(pile)
    return p.top if p is not None and p.top else pile


def buyable(source: Any, lang: Language = EN) -> list[str]:
    """Names after ``buy``: the top cards of piles and the Events you can buy now
    (``source``: a :class:`Seen` or a game)."""
    seen = Seen.of_game(source)
    d = seen.decision if seen is not None else None
    if seen is None or d is None or d.kind != "turn":
        return []
    out = []
    for o in d.options:
        if o.kind is MoveKind.BUY:
            arg = o.name
            out.append(lang.card(arg if arg in EVENTS else _top(seen.view, arg)))
    return out


def option_words(source: Any, lang: Language = EN) -> list[str]:
    """Names of the options of a non-turn decision (``source``: a :class:`Seen` or a game): for
    a yes-or-no question (one card to choose or not, too) the words yes and no of ``lang``, as
    its line on how to answer says them."""
    seen = Seen.of_game(source)
    d = seen.decision if seen is not None else None
    if seen is None or d is None or d.kind == "turn":
        return []
    if d.kind == "yesno" or asked_as_yes_no(d):
        return [lang._("yes"), lang._("no")]
    if d.kind == "number":
        return [lang._(o) for o in d.options if o == "pass"]
    if d.kind == "pile":
        words = [lang.card(d.labels.get(o) or _top(seen.view, o)) for o in d.options]
    else:
        words = [lang.label(d, o) for o in d.options]
    if d.kind == "mode" and lang.code == "en":  # the short words its options name ("+1 Buy and +2 coins (type coins)")
        words += [str(o) for o in d.options if lang.label(d, o).lower() != o]
    if d.kind in ("cards", "pile") and d.min == 0:  # ("or type none", its line on how to answer says)
        words.append(lang._("none"))
    return words


class DecisionCompleter(Completer):
    """Completes commands and card names for what ``get_seen()`` gives: a
    :class:`Seen` (a seat's view and its decision), a game (its pending
    decision) or None.

    ``commands``: the command words offered (in English; the console's
    :data:`COMMANDS` unless given); ``words``: English command → the word in
    the language, for commands :func:`command_words` does not know;
    ``paths``: False to complete no file names after save and load.
    """

    def __init__(
        self,
        get_seen: Callable[[], Any],
        lang: Language | None = None,
        commands: tuple[str, ...] | None = None,
        words: Callable[[Language], Mapping[str, str]] | None = None,
        paths: bool = True,
    ) -> None:
        self.get_seen = get_seen
        self.lang = lang or EN
        self.commands = commands if commands is not None else COMMANDS
        self.words = words
        self.paths = PathCompleter(expanduser=True) if paths else None

    def _said(self) -> dict[str, str]:
        said = command_words(self.lang)
        if self.words is not None:
            said.update(self.words(self.lang))
        return said

    def candidates(self, text: str) -> tuple[str, list[str]]:
        """(prefix being completed, candidate words) for the text before the cursor."""
        seen = Seen.of_game(self.get_seen())
        lang = self.lang
        d = seen.decision if seen is not None else None
        verb, sep, rest = text.partition(" ")
        low = verb.lower()
        if sep:
            rest = rest.lstrip()
            if low in PLAY_WORDS:
                return rest, playable(seen, lang)
            if low in BUY_WORDS:
                return rest, buyable(seen, lang)
            if command_of(low) == "card":
                return rest, game_names(seen, lang) if seen else []
            if command_of(low) == "help":
                from ..helppages import topic_names

                return rest, topic_names(lang) + ["volgende" if lang.code == "nl" else "next"]
            if command_of(low) == "log":
                return rest, []
        if d is not None and d.kind in ("cards", "pile") and "," in text:
            last = text.rsplit(",", 1)[1].lstrip()
            return last, option_words(seen, lang)
        if sep and d is not None and d.kind != "turn":
            return text, option_words(seen, lang)
        words: list[str] = []
        said = self._said()
        if d is not None:
            if d.kind == "turn":
                words += [said[w] for w in MOVE_WORDS if w != "pay" or any(o.kind is MoveKind.PAY for o in d.options)]
            else:
                words += option_words(seen, lang)
        words += [said.get(c, c) for c in self.commands]
        return text, words

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        verb, sep, rest = text.partition(" ")
        if sep and command_of(verb) in ("save", "load", "export"):
            if self.paths is None:
                return
            sub = Document(rest.lstrip(), len(rest.lstrip()))
            yield from self.paths.get_completions(sub, complete_event)
            return
        prefix, words = self.candidates(text)
        said = self._said()
        takes = {said.get(c, c) for c in ARGUMENT_COMMANDS} if not sep else set()
        for w in _matches(prefix, words):
            # a whole command word that takes an argument ends in a space; listed without it
            yield Completion(w + " " if w in takes else w, start_position=-len(prefix), display=w)


def _unique(word: str, names: list[str], lang: Language = EN) -> str:
    """The one name in ``names`` that ``word`` starts (or starts a word of); ``word`` if none.

    Raises InputError when several names fit.
    """
    low = word.lower()
    for test in (lambda n: n.lower().startswith(low), lambda n: any(w.startswith(low) for w in n.lower().split())):
        found = list(dict.fromkeys(n for n in names if test(n)))
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise InputError(
                Msg("{word} could be {names}; type more of the name.", word=word, names=join_or(found, lang))
            )
    return word


def expand_names(game: Any, line: str, lang: Language = EN) -> str:
    """Complete unique starts of names in a typed answer, from the legal options only.

    ``buy roy`` becomes ``buy Royal Blacksmith`` when Royal Blacksmith is the
    only thing you can buy that starts so; ``village`` in a card choice
    becomes ``Bustling Village``. Full names, numbers and words such as
    none and yes are left alone. Names are looked for in ``lang``. Raises
    InputError for a start that fits several options.
    """
    d = game.pending
    if d is None:
        return line
    seen = Seen.of_game(game)
    assert seen is not None  # (a game with a decision)
    who, body = split_speaker(game, line)
    head = line[: len(line) - len(body)] if who else ""
    if d.kind == "turn":
        verb, sep, rest = body.strip().partition(" ")
        rest = rest.strip()
        if verb.lower() in PLAY_WORDS:
            names = playable(seen, lang)
        elif verb.lower() in BUY_WORDS:
            names = buyable(seen, lang)
        else:
            return line
        if not rest or "/" in rest or canonical(rest) is not None or rest.lower() in TREASURE_WORDS:
            return line
        new = _unique(rest, names, lang)
        if new == rest:  # nothing legal starts so: the card it names, or the cards it could be, so the refusal says why
            if verb.lower() in BUY_WORDS:  # what a buy could name first: a pile's top card or an Event
                view = seen.view
                new = _unique(
                    rest, [lang.card(_top(view, p)) for p in view.piles] + [lang.card(e) for e in view.events], lang
                )
            if new == rest:
                new = _unique(rest, game_names(seen, lang), lang)
        if new == lang._("treasures"):
            new = "treasures"
        return f"{head}{verb} {new}"
    if d.kind in ("cards", "pile"):
        parts = []
        for part in body.split(","):
            w = part.strip()
            if w and not w.isdigit() and canonical(w) is None and w.lower() not in NO | YES:
                w = _unique(w, option_words(seen, lang), lang)
                if w == lang._("none"):
                    w = "none"
            parts.append(w)
        return head + ", ".join(parts)
    return line
