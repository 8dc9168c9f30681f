"""The ``hint`` command's sentence: the move a bot would make at the
pending decision and why, in the asking seat's language.

:func:`hint_line` asks :func:`~a11y_dominion.bots.hint.advise` (``hard``,
or ``medium`` when the thinking time is 0) and says its answer in words:
"Buy Gold: 6 coins, and 7 Provinces are still left." Like the queries it
reads only the seat's own :class:`~a11y_dominion.view.PlayerView` and the
events told to that seat; it never changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..announcements.words import join_names
from ..i18n import N_, Language
from ..rules.cards import CARDS, EVENTS, LANDMARKS, PILES
from ..rules.decisions import Decision, Kind, Move, MoveKind, Msg, Option, Purpose
from ..rules.events import GameEvent
from ..view import PlayerView

HINTS_OFF = N_("Hints are off in the settings; settings set hints on turns them on.")


def _names(lang: Language, names: Sequence[object]) -> str:
    from ..announcements.narrator import group_names

    return group_names([str(n) for n in names], lang)


def move_words(view: PlayerView, d: Decision, answer: list[Option], lang: Language) -> str:
    """The answer ``answer`` to ``d`` as a short imperative in ``lang``
    ("Buy Gold", "Trash 2 Estates", "Bid 3 Debt"); a move at the turn prompt is
    said as it is typed ("Buy Wedding" for the Event, not "Buy the Event Wedding")."""
    if d.kind is Kind.TURN:
        m = answer[0]
        assert isinstance(m, Move)  # a turn is answered with one Move
        if m.kind is MoveKind.TREASURES:
            return lang._(N_("Play your Treasures"))
        if m.kind is MoveKind.PLAY:
            return lang.text(N_("Play {card}"), card=m.name)
        if m.kind is MoveKind.PAY:
            return lang.text(N_("Pay {n} Debt"), n=m.amount)
        if m.kind is MoveKind.BUY:  # (an Event by its name alone, as buy takes it: "Buy Wedding")
            top = None if m.name in EVENTS else view.pile(m.name).top
            return lang.text(N_("Buy {card}"), card=top or m.name)
        if view.turn.phase == "action":
            return lang._(N_("End the Action phase"))
        return lang._(N_("End your turn"))
    first = str(answer[0]) if answer else ""
    if d.kind is Kind.NUMBER:
        if first == "pass":
            return lang._(N_("Pass"))
        if d.purpose is Purpose.BID:
            return lang.text(N_("Bid {n} Debt"), n=first)
        return lang.text(N_("Choose {n}"), n=first)
    if d.kind in (Kind.YESNO, Kind.MODE):
        return lang.text(N_("Answer {choice}"), choice=lang.label(d, first))
    if d.kind is Kind.PILE:
        top = view.pile(first).top if first in view.piles else None
        if d.purpose is Purpose.GAIN:
            return lang.text(N_("Gain {card}"), card=top or first)
        return lang.text(N_("Choose {card}"), card=top or first)
    from .questions import asked_as_yes_no

    if asked_as_yes_no(d):  # ("you may reveal a Gold": asked as yes or no, so answered so)
        return lang.text(N_("Answer {choice}"), choice=lang._(N_("yes") if answer else N_("no")))
    if not answer:
        return lang._(N_("Choose none"))
    if d.purpose is Purpose.ORDER:  # each card in its place, none counted together
        order = join_names([lang.card(str(n)) or str(n) for n in answer], lang)
        return lang.text(N_("Put {order} in this order"), order=order)
    cards = _names(lang, answer)
    choose = N_("Choose {cards}")
    verbs = {
        Purpose.TRASH: N_("Trash {cards}"),
        Purpose.DISCARD: N_("Discard {cards}"),
        Purpose.TOPDECK: N_("Put {cards} on your deck"),
        Purpose.PLAY: N_("Play {cards}"),
        Purpose.REVEAL: N_("Reveal {cards}"),
    }
    return lang._(verbs.get(d.purpose, choose)).format(cards=cards)


def hint_words(view: PlayerView, d: Decision, answer: list[Option], reason: Msg, lang: Language) -> str:
    """The hint's sentence in ``lang``: the answer ``answer`` to ``d`` as :func:`move_words`
    says it, a colon, and ``reason`` (a bot's :class:`Msg`) going on after it with a small
    letter unless it begins with a name ("End the Action phase: you have no Action card to
    play.", "Play Crown: Crown plays one of your Treasures twice.")."""
    said = lang.msg(reason)
    return lang.text(N_("{move}: {reason}"), move=move_words(view, d, answer, lang), reason=after_colon(said, lang))


# words the game writes with a capital in a sentence's middle too (English; Dutch writes them small)
_CAPITAL_TERMS = ("Debt", "VP")
_NAMES: dict[str, tuple[str, ...]] = {}


def after_colon(sentence: str, lang: Language) -> str:
    """``sentence`` (in ``lang``) as it goes on after a colon: its first letter small ("You have
    no Buys left." -> "you have no Buys left."), unless it begins with a word that keeps its
    capital anywhere: the name of a card, pile, Event or Landmark in English or ``lang``
    ("Crown plays...", "Kroon speelt..."), or Debt or VP."""
    if not sentence[:1].isupper():
        return sentence
    names = _NAMES.get(lang.code)
    if names is None:
        english = [*CARDS, *PILES, *EVENTS, *LANDMARKS]
        shown = {lang.card(n) or n for n in english} | {lang.cards(n) for n in CARDS}
        names = _NAMES[lang.code] = tuple(sorted({*english, *shown, *_CAPITAL_TERMS}))
    for name in names:
        if sentence.startswith(name) and not sentence[len(name) : len(name) + 1].isalnum():
            return sentence
    return sentence[:1].lower() + sentence[1:]


def hint_line(
    view: PlayerView, d: Decision, told: list[GameEvent], lang: Language, think_ms: int | None, seed: int
) -> str:
    """One sentence: what a bot would answer to ``d`` (asked of the seat of
    ``view``, which was told the events ``told``) and why, in ``lang`` (:func:`hint_words`).
    ``think_ms`` as for :func:`~a11y_dominion.bots.hint.advise` (at most 400 ms of thinking)."""
    from ..bots.hint import advise

    answer, reason = advise(d, view, told, think_ms, seed)
    return hint_words(view, d, answer, reason, lang)
