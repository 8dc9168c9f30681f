"""Answering the pending decision from a typed line, and the sentences around an answer.

The sentences around an answer are functions of what the seat that answers
knows (its :class:`~a11y_dominion.view.PlayerView` and the
:class:`~a11y_dominion.rules.decisions.Decision` it is asked), the answer's
option keys and the language, so every end a person plays at says the same:
the console and the console core of every seat at a host
(:class:`~a11y_dominion.console.core.SeatConsole`: ``join``'s, an ssh seat's, the host's own):

- :func:`confirmation`: the question asked before some answers;
- :func:`confirmation_reply`: what a line typed at it is (yes, no, a command, another line);
- :func:`not_done` and :func:`declined`: what did not happen after a no to it;
- :func:`refusal_text`: a refusal as one sentence;
- :func:`pending_question`: "First answer the question: ..." for a move typed
  while a card's question waits;
- :func:`suggestion`: "did you mean" for a mistyped command.

:func:`command_part` tells a typed query command from an answer, and
:func:`read_answer` reads an answer from the seat's view: a refusal, or the
option keys with the confirmation to ask first.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..announcements.narrator import count, group_names, join_names
from ..i18n import N_, Language, yes_or_no
from ..rules.cards import CARDS, canonical, nearest_name
from ..rules.decisions import Decision, Move, MoveKind, Msg, Option, turn_moves
from ..textinput import (
    MOVE_WORDS,
    NOT_UTF8,
    InputError,
    Seated,
    buy_refusal,
    debt_buy,
    parse_line,
    split_speaker,
)
from ..view import PlayerView
from . import questions
from .commands import command_for, short, short_msg
from .completion import COMMANDS, command_words, expand_names
from .position import Position

# asked before a legal buy that takes more Debt than the coins so far can pay (textinput.debt_buy)
DEBT_BUY = N_(
    "Buying {card} makes you take {debt} with {coins} to pay it, as the Treasures in your hand cannot be "
    "played once you buy. Buy it anyway? Type yes to buy: "
)
DEBT_BUY_ENDS_ACTIONS = N_(
    "You still have {actions} and could play {cards}. Buying {card} ends the Action phase and makes you "
    "take {debt} with {coins} to pay it, as the Treasures in your hand cannot be played once you buy. "
    "Buy it anyway? Type yes to buy: "
)


def is_legal(d: Decision, keys: Sequence[Option]) -> bool:
    """True when the option keys ``keys`` answer ``d`` as the rules allow: for a turn, one
    move listed among its options (the rules list every legal move); for any other
    decision, an answer :meth:`~a11y_dominion.rules.decisions.Decision.check` takes."""
    if d.kind == "turn":
        return len(keys) == 1 and keys[0] in d.options
    return d.check(list(keys)) is None


def _move(keys: Sequence[Option]) -> Move | None:
    """The one move of a turn answer ``keys``, or None."""
    return keys[0] if len(keys) == 1 and isinstance(keys[0], Move) else None


def confirmation(view: PlayerView, d: Decision, keys: Sequence[Option], lang: Language) -> str | None:
    """The question to ask in ``lang`` before the answer ``keys`` (option keys) to ``d`` is
    given, or None. ``view`` is the view of the seat that answers (``d.player``).

    Asked only of a legal answer (:func:`is_legal`: a move the options do not list is
    refused, never asked about): before trashing cards chosen from a list (a yes-or-no
    question to trash, a one-card choice asked as one too, is asked once, as it is); before
    any move that ends the Action phase (``end``, playing Treasures, buying, paying Debt)
    while Actions and playable Action cards are left; before a buy that takes more Debt than the coins so far can
    pay while Treasures in hand could still pay it (:func:`~a11y_dominion.textinput.debt_buy`:
    once something is bought they cannot be played); and before ending the turn with
    Debt and coins that could pay some of it. Whether it is asked at all is the seat's
    ``confirm`` setting, for the caller to read."""
    if not is_legal(d, keys):
        return None
    move = _move(keys)
    if d.kind == "turn" and move is not None:
        turn = view.turn
        debt = debt_buy(Position(view, d), keys)
        debt_fields: dict[str, str] = {}
        if debt is not None:
            card, taken, coins = debt
            debt_fields = {"card": card, "debt": count(taken, "Debt", lang), "coins": count(coins, "coin", lang)}
        if turn.phase == "action" and turn.actions > 0:
            plays = [o.name for o in turn_moves(d) if o.kind is MoveKind.PLAY and CARDS[o.name].is_("Action")]
            ends = _ends_action_phase(view, move)
            if plays and ends is not None:
                template, fields = ends
                if debt is not None:  # both in one question
                    template, fields = DEBT_BUY_ENDS_ACTIONS, debt_fields
                return lang.text(
                    template,
                    actions=count(turn.actions, "Action", lang),
                    cards=join_names([lang.card(c) or c for c in plays], lang),
                    **fields,
                )
        if debt is not None:
            return lang.text(DEBT_BUY, **debt_fields)
        owed = view.player(d.player).debt
        if move.kind is MoveKind.END and turn.phase == "buy" and owed > 0 and turn.coins > 0:
            return lang.text(
                N_("Ending the turn now leaves {coins} unused (you have {debt}). End the turn? Type yes to end it: "),
                coins=count(turn.coins, "coin", lang),
                debt=count(owed, "Debt", lang),
            )
        return None
    if d.purpose == "trash" and d.kind in ("cards", "pile") and keys and not questions.asked_as_yes_no(d):
        names = [str(d.labels.get(str(k), k)) for k in keys]
        # counted as the line that tells the trash ("Trash 2 Estates?"); undo may take it back
        # within the turn, so the question promises nothing either way
        return lang.text(N_("Trash {cards}? Type yes to trash: "), cards=group_names(names, lang))
    # a yes-or-no question to trash ("trash the Engineer?", "you may trash a Copper": answer yes
    # for Copper, or no) is itself the question, and its yes is the confirmation: it is not asked twice
    return None


def _ends_action_phase(view: PlayerView, move: Move) -> tuple[str, dict[str, str]] | None:
    """(question template, its fields) for a turn move that ends the Action phase, or None
    for a move that does not (playing an Action card); ``view`` names a bought pile's top."""
    verb, arg = move.kind, move.name
    if verb is MoveKind.END:
        return N_("You still have {actions} and could play {cards}. End the Action phase? Type yes to end it: "), {}
    if verb is MoveKind.TREASURES:
        return N_(
            "You still have {actions} and could play {cards}. Playing Treasures ends the Action "
            "phase. Go on? Type yes to go on: "
        ), {}
    if verb is MoveKind.PLAY and arg in CARDS and not CARDS[arg].is_("Action"):
        return N_(
            "You still have {actions} and could play {cards}. Playing {card} ends the Action "
            "phase. Go on? Type yes to go on: "
        ), {"card": arg}
    if verb is MoveKind.BUY:
        pile = view.piles.get(arg)
        name = pile.top if pile is not None and pile.top is not None else arg
        return N_(
            "You still have {actions} and could play {cards}. Buying {card} ends the Action "
            "phase. Go on? Type yes to go on: "
        ), {"card": name}
    if verb is MoveKind.PAY:
        return N_(
            "You still have {actions} and could play {cards}. Paying Debt ends the Action phase. "
            "Go on? Type yes to go on: "
        ), {}
    return None


def not_done(view: PlayerView, d: Decision, keys: Sequence[Option], lang: Language, you: bool = True) -> str:
    """What did not happen after a no to :func:`confirmation` of the answer ``keys`` to ``d``,
    and what goes on, in ``lang``: "Nothing was trashed." and the card's question again, or
    "Nothing was bought; the Action phase goes on.". ``view``: the view of ``d.player``;
    ``you``: one person at the screen, whom the question does not name
    (:func:`~.questions.question`)."""
    if d.kind != "turn":
        asked = questions.question(view, d, lang, you)
        if d.purpose == "trash":
            return lang.text(N_("Nothing was trashed. {question}"), question=asked)
        return lang.text(N_("Not done. {question}"), question=asked)
    move = _move(keys)
    kind = move.kind if move is not None else None
    if view.turn.phase != "action":
        if kind is MoveKind.BUY:
            return lang._(N_("Nothing was bought; the turn goes on."))
        return lang._(N_("The turn goes on."))
    if kind is MoveKind.END:
        return lang._(N_("The Action phase goes on."))
    if kind in (MoveKind.PLAY, MoveKind.TREASURES):
        return lang._(N_("Nothing was played; the Action phase goes on."))
    if kind is MoveKind.BUY:
        return lang._(N_("Nothing was bought; the Action phase goes on."))
    return lang._(N_("No Debt was paid; the Action phase goes on."))


def confirmation_reply(line: str, lang: Language) -> str:
    """What the ``line`` typed at a yes-or-no question (:func:`confirmation`, a file's
    replacement, the stop question) is in ``lang``, the same at every end: ``"yes"`` or ``"no"``
    (a word of :func:`~a11y_dominion.i18n.yes_or_no`; an empty line is no too: Enter alone keeps
    things as they are), ``"command"`` (a command word in English, Dutch or an alias, such as
    status, card Villa or quit: run, never taken as an answer, then the question is asked
    again) or ``"other"`` (any other line: a no, said as one by :func:`declined`). A pure
    function of the line, which join may call too."""
    text = line.strip()
    said = yes_or_no(text, lang)
    if said is not None or not text:
        return "yes" if said else "no"
    word = (text.split() or [""])[0]
    return "command" if command_for(word) in COMMANDS else "other"


def declined(
    view: PlayerView, d: Decision, keys: Sequence[Option], lang: Language, reply: str, you: bool = True
) -> str:
    """What a seat is told after its ``reply`` (:func:`confirmation_reply`, not yes) to the
    :func:`confirmation` of ``keys`` for ``d``: :func:`not_done`, after "That is not yes, so it is
    a no." when the line was not the word no (a move or a misspelt word typed there). ``you``:
    as :func:`not_done`'s."""
    said = not_done(view, d, keys, lang, you)
    if reply == "no":
        return said
    return lang.text(N_("That is not yes, so it is a no. {outcome}"), outcome=said)


def refusal_text(err: object, lang: Language, d: Decision | None = None) -> str:
    """A refusal as one sentence in ``lang``: ``err`` is a :class:`~a11y_dominion.rules.decisions.Msg`,
    a text, or an exception carrying one (an :class:`~a11y_dominion.textinput.InputError`), and
    what was typed in it is cut short when it is long. With ``d``, the decision the refused line
    answered: a mode's choices are listed by their labels in ``lang``."""
    msg = err.args[0] if isinstance(err, BaseException) and err.args else err
    if (
        lang.code != "en"
        and d is not None
        and d.kind == "mode"
        and getattr(msg, "template", "") == "Choose one of: {choices}."
    ):
        choices = "; ".join(f"{i + 1} ({lang.label(d, str(o))})" for i, o in enumerate(d.options))
        return lang.text("Choose one of: {choices}.", choices=choices)
    return lang.msg(short_msg(msg))


def pending_question(view: PlayerView, d: Decision, text: str, lang: Language, you: bool = True) -> str | None:
    """ "First answer the question: ..." in ``lang`` when the typed ``text`` is a move (or
    ``done``) of the player ``d`` asks, or of nobody named, while ``d``, a card's question,
    waits for its answer; else None. ``view``: the view of ``d.player``; ``you``: one person at
    the screen, whom the question does not name (:func:`~.questions.question`)."""
    if d.kind == "turn":
        return None
    who, body = split_speaker(view, text)
    word = (body.split() or [""])[0].lower()
    if who not in (None, d.player) or word not in MOVE_WORDS and word != "done":
        return None
    asked = questions.question(view, d, lang, you)
    return lang.text(N_("First answer the question: {question}"), question=asked)


def suggestion(text: str, lang: Language) -> str | None:
    """A "did you mean" sentence in ``lang`` for ``text``, a typed line whose first word is a
    mistyped command (close to a command word of ``lang``, or of English); None for anything
    else (a move, a number, a command, a card's name)."""
    word = (text.split() or [""])[0].lower()
    if not word or word in MOVE_WORDS or word.isdigit() or command_for(word) is not None:
        return None
    said = command_words(lang)
    words = [said[c] for c in COMMANDS] + [said[m] for m in ("play", "buy", "end")]
    if lang.code != "en":
        words += list(COMMANDS) + ["play", "buy", "end"]
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.75)
    card = canonical(text) or nearest_name(text)
    if card is not None and close:  # closer to a card name than to a command: the move's refusal says it
        ratio = difflib.SequenceMatcher(None, word, close[0]).ratio()
        names = {card.lower(), (lang.card(card) or card).lower()}
        if canonical(text) or max(difflib.SequenceMatcher(None, text.lower(), n).ratio() for n in names) >= ratio:
            return None
    if close and close[0] != word:
        return lang.text(
            N_("{text} is not a command or a move; did you mean {command}? Type help for commands."),
            text=short(text),
            command=close[0],
        )
    return None


def _is_answer_word(d: Decision | None, word: str, lang: Language) -> bool:
    """True when ``word`` names an option of ``d``, a pending decision other than a turn."""
    if d is None or d.kind == "turn":
        return False
    return any(word in (str(d.labels.get(str(o), o)).lower(), lang.label(d, str(o)).lower()) for o in d.options)


def _engine_words(players: Seated, d: Decision, line: str, lang: Language) -> str:
    """A typed answer to ``d`` with the option labels of ``lang`` put back as the engine's
    option keys (a Dutch mode label, "passen"); ``players``: who a ``Name:`` may name."""
    if d.kind not in ("mode", "number"):
        return line
    who, body = split_speaker(players, line)
    head = line[: len(line) - len(body)] if who else ""
    low = body.strip().lower()
    for o in d.options:
        if low and low == lang.label(d, str(o)).lower():
            return head + str(o)
    return line


def command_part(seated: Seated, d: Decision | None, text: str, lang: Language) -> tuple[str | None, str] | None:
    """(who it asks about, the command) when the typed ``text`` is a command ("Ann: status")
    and not an answer to ``d`` (the pending decision, or None), a word of which may be a
    command's ("hand" as a Smithy's option); None for an answer. ``seated``: the players a
    ``Name:`` may name."""
    who, rest = split_speaker(seated, text)
    word = (rest.split() or [""])[0].lower()
    if command_for(word) in COMMANDS and not _is_answer_word(d, word, lang):
        return who, rest.strip()
    return None


@dataclass(frozen=True)
class Reading:
    """What a typed answer comes to (:func:`read_answer`): ``refusal``, one sentence, when it
    is refused; else ``keys``, the option keys to answer with, and ``question``, the
    :func:`confirmation` to ask first (None: none)."""

    keys: list[Option] = field(default_factory=list)
    refusal: str | None = None
    question: str | None = None


def yes_no_keys(d: Decision, text: str, lang: Language) -> list[Option] | None:
    """The option keys the typed ``text`` answers to ``d``, a yes-or-no question (of the kind
    ``yesno``, or a one-card choice asked as one: :func:`~.questions.asked_as_yes_no`) in
    ``lang``, or None for a line that is not one of the answers its line on how to answer
    names (:func:`~.questions.how_many`): the words of :func:`~a11y_dominion.i18n.yes_or_no`,
    and 1 or 2 for a ``yesno`` question, which names them."""
    word = text.strip()
    said = yes_or_no(word, lang)
    if d.kind == "yesno":
        if word in ("1", "2"):
            return [d.options[int(word) - 1]]
        return None if said is None else ["yes" if said else "no"]
    if said is None:
        return None
    return [d.options[0]] * max(1, d.min) if said else []


def read_answer(
    view: PlayerView,
    d: Decision,
    text: str,
    lang: Language,
    explain: Callable[[list[Option]], Msg | str | None] | None = None,
    confirm: bool = True,
    you: bool = True,
) -> Reading:
    """Read the typed ``text`` in ``lang`` as the answer to ``d`` from ``view``, the view of the
    seat that answers: a legal answer (:func:`is_legal`) comes with :func:`confirmation` when
    ``confirm`` (the seat's setting) is on; any other is refused in one sentence, or, a turn
    move whose refusal only the whole game can explain (``explain(keys)`` gives the game's own
    reason, a :class:`~a11y_dominion.rules.decisions.Msg`, or None when this end cannot know
    it), given unasked for the host to refuse. ``you``: one person at the screen, whom a card's
    question said again does not name (:func:`~.questions.question`); else it names who is asked."""
    position = Position(view, d)
    line = text
    who, body = split_speaker(position, text)
    if who in (None, d.player) and (d.kind == "yesno" or questions.asked_as_yes_no(d)):
        keys = yes_no_keys(d, body, lang)
        if keys is None:
            how = questions.how_many(d, lang)
            return Reading(
                refusal=pending_question(view, d, text, lang, you)
                or suggestion(text, lang)
                or lang.text(N_("{text} is not yes or no. {how}"), text=short(body.strip()), how=how)
            )
        return Reading(keys=keys, question=confirmation(view, d, keys, lang) if confirm else None)
    try:
        line = expand_names(position, _engine_words(position, d, line, lang), lang)
        _who, keys = parse_line(position, line, numbers=True)
    except InputError as e:
        return Reading(
            refusal=pending_question(view, d, text, lang, you) or suggestion(text, lang) or refusal_text(e, lang, d)
        )
    if not is_legal(d, keys):
        why = explain(keys) if explain is not None else None
        err = buy_refusal(position, keys, why) if d.kind == "turn" else d.check(keys)
        if err is not None:
            return Reading(refusal=pending_question(view, d, text, lang, you) or refusal_text(err, lang))
        return Reading(keys=keys)
    return Reading(keys=keys, question=confirmation(view, d, keys, lang) if confirm else None)


def not_an_answer(owner: Any, seated: Seated, d: Decision | None, text: str) -> bool:
    """Use ``text`` (a typed line, stripped) at ``d`` when it is no answer, and say so: True
    when it was an empty line (the question asked again), a line that is not valid UTF-8
    (refused) or a command (run by ``owner.command``, for the seat it names, if any); False
    when it is to be read as the answer. ``owner`` (the keyboard's console or the console
    core) has ``lang``, ``humans``, ``bots``, ``asker``, ``show_question``, ``error`` and
    ``command``; ``seated`` is the game or the seat's view that names the players."""
    if not text:
        owner.show_question(d, again=True)
        return True
    if NOT_UTF8 in text:  # bytes that are not UTF-8 were read as the replacement character
        owner.error(owner.lang._(N_("That line is not valid UTF-8.")))
        return True
    command = command_part(seated, d, text, owner.lang)
    if command is None:
        return False
    who, rest = command
    owner.asker = who if who in owner.humans or who in owner.bots else None
    try:
        owner.command(rest)
    finally:
        owner.asker = None
    return True
