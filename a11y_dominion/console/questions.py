"""The pending question and its options, in words: the prompt, each
option's label ("buy Silver, 3 coins", "play treasures"), what kind of
answer is wanted, and the numbered lines the console shows.

Like the queries (:mod:`a11y_dominion.console.queries`), every function
reads the :class:`~a11y_dominion.view.PlayerView` of the player who must
answer, never the game.
"""

from __future__ import annotations

from announcements.narrator import group_names

from ..i18n import N_, Language
from ..rules.cards import EVENTS
from ..rules.decisions import Decision, Move, MoveKind
from ..view import PlayerView
from .queries import EN, cost_of, pile_facts, sorted_names, tokens_on_it, turn_prompt


def option_label(view: PlayerView, d: Decision, key: str, lang: Language = EN) -> str:
    """Words for one option of a decision ("buy Silver, 3 coins", "play treasures")."""
    if isinstance(key, Move):
        verb, arg = key.kind, key.name
        if verb is MoveKind.TREASURES:
            return lang._(N_("play treasures"))
        if verb is MoveKind.END:
            return lang._(N_("end the Action phase")) if view.turn.phase == "action" else lang._(N_("end the turn"))
        if verb is MoveKind.PLAY:
            return lang.text(N_("play {card}"), card=arg)
        if verb is MoveKind.BUY:
            if arg in EVENTS:
                return lang.text(N_("buy {event} (Event), {cost}"), event=arg, cost=cost_of(arg, lang))
            top = view.piles[arg].top
            return lang.text(N_("buy {card}, {cost}"), card=top, cost=cost_of(top, lang))
        return lang.text(N_("pay {n} Debt"), n=key.amount)
    if d.kind == "pile":
        pl = view.piles.get(key)
        if pl is None or not pl.cards_left:
            return lang.label(d, key)
        top = pl.top
        bits = [
            lang.card(top) if top == key else lang.text(N_("{top} ({pile} pile)"), top=top, pile=key),
            cost_of(top, lang),
        ]
        tokens = tokens_on_it(pile_facts(view, key, lang), lang)
        if tokens:
            bits.append(tokens)
        return ", ".join(b for b in bits if b)
    label = lang.label(d, key)
    if d.kind == "mode" and label.lower() != key and lang.code == "en":  # the short word scripts use
        return lang.text(N_("{label} (type {word})"), label=label, word=key)
    n = d.count_of(key)
    if d.kind == "cards" and n > 1:
        return lang.text(N_("{choice} ({n} of them)"), choice=label, n=n)
    return label


# option words that are not card names
N_("yes"), N_("no"), N_("none"), N_("pass")


def how_many(d: Decision, lang: Language = EN) -> str:
    """What kind of answer a non-turn decision wants, in one sentence."""
    if d.kind == "yesno":
        return lang._(N_("Answer yes or no, or 1 or 2."))
    if d.kind == "number":
        nums = [o for o in d.options if o != "pass"]
        if "pass" in d.options:
            return lang.text(N_("Type a number from {low} to {high}, or pass."), low=nums[0], high=nums[-1])
        return lang.text(N_("Type a number from {low} to {high}."), low=nums[0], high=nums[-1])
    if d.kind == "mode":
        return lang._(N_("Choose one, by number or name."))
    if d.max <= 1:
        if d.min == 0:
            line = lang._(N_("Choose one by number or name, or type none."))
        else:
            line = lang._(N_("Choose one by number or name."))
    elif d.min == d.max:
        line = lang.text(N_("Choose {n}, by numbers or names separated by commas."), n=d.min)
    elif d.max >= 99 or d.max >= sum(d.count_of(o) for o in d.options):
        if d.min == 0:
            line = lang._(N_("Choose any number, by numbers or names separated by commas, or type none."))
        else:
            line = lang.text(N_("Choose any number, by numbers or names separated by commas, at least {n}."), n=d.min)
    elif d.min == 0:
        line = lang.text(N_("Choose up to {n}, by numbers or names separated by commas, or type none."), n=d.max)
    else:
        line = lang.text(N_("Choose {low} to {high}, by numbers or names separated by commas."), low=d.min, high=d.max)
    if d.ordered:
        line += " " + lang._(N_("Name them in the order you want, first one first."))
    return line


def question(view: PlayerView, d: Decision, lang: Language = EN) -> str:
    """The question of a decision in ``lang``."""
    if d.kind == "turn":
        return turn_prompt(view, d, lang)
    return lang.prompt(d)


LONG_TURN = 10


def decision_lines(
    view: PlayerView, d: Decision, full: bool = False, hand: bool = False, you: bool = True, lang: Language = EN
) -> list:
    """The question and its numbered options; ``view`` is the view of the
    player who must answer (``d.player``).

    For turn moves a long list of buys is summed up unless ``full``; with
    ``hand`` the question is followed by the hand (after a hand-over, also
    for a question inside a card). Raises ValueError when ``hand`` is asked
    for a view of another seat.
    """
    lines = [question(view, d, lang)]
    if hand:
        if view.seat != d.player:
            raise ValueError(f"the hand of {d.player} is not in the view of {view.seat}")
        names = group_names(sorted_names(view.hand), lang)
        lines.append(
            lang.text(N_("Your hand: {cards}."), cards=names)
            if you
            else lang.text(N_("{player}'s hand: {cards}."), player=d.player, cards=names)
        )
    if d.kind == "turn":
        buys = [i for i, o in enumerate(d.options) if o.kind is MoveKind.BUY]
        pays = [i for i, o in enumerate(d.options) if o.kind is MoveKind.PAY]
        short = not full and len(d.options) > LONG_TURN
        for i, o in enumerate(d.options):
            if short and i in buys:
                if i == buys[0]:
                    events = any(d.options[j].name in EVENTS for j in buys)
                    template = (
                        N_(
                            "{first} to {last}: buy one of {n} cards and Events you can afford; "
                            "type options to hear all moves."
                        )
                        if events
                        else N_(
                            "{first} to {last}: buy one of {n} cards you can afford; type options to hear all moves."
                        )
                    )
                    lines.append(
                        lang.text(template, first=buys[0] + 1, last=buys[-1] + 1, n=len(buys))
                        if len(buys) > 1
                        else f"{i + 1}. {option_label(view, d, o, lang)}"
                    )
                continue
            if not full and len(pays) > 2 and i in pays:
                if i == pays[0]:
                    lines.append(
                        lang.text(
                            N_("{first} to {last}: pay 1 to {n} Debt; type pay to pay {n}."),
                            first=pays[0] + 1,
                            last=pays[-1] + 1,
                            n=len(pays),
                        )
                    )
                continue
            lines.append(f"{i + 1}. {option_label(view, d, o, lang)}")
        return lines
    lines.append(how_many(d, lang))
    if d.kind != "number":
        for i, o in enumerate(d.options):
            lines.append(f"{i + 1}. {option_label(view, d, o, lang)}")
    return lines
