"""The pending question and its options, in words: the prompt, each
option's label ("buy Silver, 3 coins", "play treasures"), what kind of
answer is wanted, and the numbered lines the console shows.

Like the queries (:mod:`a11y_dominion.console.queries`), every function
reads the :class:`~a11y_dominion.view.PlayerView` of the player who must
answer, never the game.
"""

from __future__ import annotations

from typing import Any

from ..announcements.narrator import group_names
from ..announcements.words import hand_sorted
from ..i18n import N_, Language
from ..rules.cards import CARDS, EVENTS
from ..rules.decisions import Decision, Move, MoveKind, Option, turn_moves
from ..view import PlayerView
from .queries import EN, cost_of, join_or, pile_facts, tokens_on_it, turn_prompt


def option_label(view: PlayerView, d: Decision, key: Option, lang: Language = EN) -> str:
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
            return pile_words(view, arg, lang, buying=True)
        return lang.text(N_("pay {n} Debt"), n=key.amount)
    if d.kind == "pile":
        pl = view.piles.get(key)
        if pl is None or not pl.cards_left:
            return lang.label(d, key)
        return pile_words(view, key, lang)
    label = lang.label(d, key)
    if d.kind == "mode" and label.lower() != key and lang.code == "en":  # the short word scripts use
        return lang.text(N_("{label} (type {word})"), label=label, word=key)
    n = d.count_of(key)
    if d.kind == "cards" and n > 1:
        return lang.text(N_("{choice} ({n} of them)"), choice=label, n=n)
    return label


def pile_words(view: PlayerView, pile: str, lang: Language = EN, buying: bool = False) -> str:
    """The words of an option naming the Supply pile ``pile`` (not empty): its top card with
    its cost and the tokens on the pile. ``buying``: a buy at the turn prompt ("buy Engineer,
    4 Debt, takes 1 more Debt": Tax's Debt on the pile is taken with the card); else a pile to
    choose ("Humble Castle (Castles pile), 3 coins, 1 Debt on it")."""
    pl = view.piles[pile]
    top = pl.top
    if buying:
        label = lang.text(N_("buy {card}, {cost}"), card=top, cost=cost_of(top, lang) if top is not None else "")
        if pl.debt_tokens:
            spec = CARDS.get(top) if top is not None else None
            more = spec is not None and spec.cost.debt > 0  # a Debt cost and Debt on the pile: "more"
            label += ", " + lang.text(N_("takes {n} more Debt") if more else N_("takes {n} Debt"), n=pl.debt_tokens)
        return label
    bits = [
        lang.card(top) if top == pile else lang.text(N_("{top} ({pile} pile)"), top=top, pile=pile),
        cost_of(top, lang) if top is not None else "",
        tokens_on_it(pile_facts(view, pile, lang), lang),
    ]
    return ", ".join(b for b in bits if b)


# option words that are not card names
N_("yes"), N_("no"), N_("none"), N_("pass")


def asked_as_yes_no(d: Decision) -> bool:
    """True for a choice of cards that is a yes-or-no question: one card that may be
    chosen or not ("you may reveal a Gold"), answered yes (or 1) or no."""
    return (
        d.kind == "cards"
        and len(d.options) == 1
        and d.min == 0
        and d.max >= 1
        and (d.max == 1 or d.count_of(d.options[0]) == 1)
    )


def _repeat_line(d: Decision, lang: Language) -> str:
    """How to choose more than one of the same card ("Repeat a number to choose that
    card again."), or '' when no card may be chosen twice. The same words
    every time, so that it is said once (see :class:`Heard`)."""
    if d.max < 2 or d.distinct or not any(d.count_of(o) >= 2 for o in d.options):
        return ""
    return lang._(N_("Repeat a number to choose that card again."))


def how_many(d: Decision, lang: Language = EN, repeat: bool = True) -> str:
    """What kind of answer a non-turn decision wants, in one sentence; with ``repeat``, two
    when a card may be chosen more than once (how to choose it twice)."""
    if d.kind == "yesno":
        return lang._(N_("Answer yes or no, or 1 or 2."))
    if asked_as_yes_no(d):
        return lang.text(N_("Answer yes for {choice}, or no."), choice=str(d.labels.get(d.options[0], d.options[0])))
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
    again = _repeat_line(d, lang) if repeat else ""
    if again:
        line += " " + again
    return line


def question(view: PlayerView, d: Decision, lang: Language = EN, you: bool = True) -> str:
    """The question of a decision in ``lang``; without the player's name with ``you`` (one
    person at the screen: :func:`~.queries.turn_prompt`, :meth:`~a11y_dominion.i18n.Language.prompt`)."""
    if d.kind == "turn":
        return turn_prompt(view, d, lang, you)
    return lang.prompt(d, you)


LONG_TURN = 10


def _turn_option_lines(
    view: PlayerView, d: Decision, full: bool, lang: Language, hint: bool, brief: bool = False
) -> list[tuple[str, str, str]]:
    """The numbered turn moves of ``d``, summed up where :func:`decision_lines` says, as
    (line, brief, shape) triples: the line read on its own, the brief form
    :func:`brief_options` joins into one line ("1 to 16: buy Gold, Duchy, Forum or 13 more",
    :func:`brief_buys`), and what the move is
    without its number ("end", or the kind of a summed-up run: "buy", "play", "pay")."""
    action = view.turn.phase == "action"
    moves = turn_moves(d)
    buys = [i for i, o in enumerate(moves) if o.kind is MoveKind.BUY]
    pays = [i for i, o in enumerate(moves) if o.kind is MoveKind.PAY]
    treasures = [
        i
        for i, o in enumerate(moves)
        if o.kind is MoveKind.PLAY
        and o.name in CARDS
        and CARDS[o.name].is_("Treasure")
        and not CARDS[o.name].is_("Action")
    ]
    # first index -> the line that sums up the group starting there
    groups: dict[int, tuple[list[int], str, str, str]] = {}
    if not full and action and buys and _treasure_in_hand(d):
        # the buys at the coins before the Treasures are played ("buy Copper, 0 coins", "buy Curse")
        # are noise: one clause says how to buy; a buy typed is still made, and options reads them all
        first, last = buys[0] + 1, buys[-1] + 1
        how = f"{number_range(first, last, lang)}: {lang._(HOW_TO_BUY)}"
        groups[buys[0]] = (buys, how + ".", how, HOW_TO_BUY_SHAPE)
    elif not full and (brief or len(moves) > LONG_TURN or (action and len(buys) > 1)):
        for run in _runs(buys):
            if len(run) < SUMMED_UP:
                continue
            events = any(moves[j].name in EVENTS for j in run)
            if hint:
                template = (
                    N_(
                        "{first} to {last}: buy one of {n} cards and Events you can afford; "
                        "type options to hear all moves."
                    )
                    if events
                    else N_("{first} to {last}: buy one of {n} cards you can afford; type options to hear all moves.")
                )
            else:
                template = (
                    N_("{first} to {last}: buy one of {n} cards and Events you can afford.")
                    if events
                    else N_("{first} to {last}: buy one of {n} cards you can afford.")
                )
            groups[run[0]] = (
                run,
                lang.text(template, first=run[0] + 1, last=run[-1] + 1, n=len(run)),
                brief_buys(view, d, run, lang),
                "buy",
            )
    if not full and action:
        for run in _runs(treasures):
            if len(run) < SUMMED_UP:
                continue
            names = join_or([lang.card(moves[j].name) for j in run], lang)
            line = lang.text(N_("{first} to {last}: play {cards}."), first=run[0] + 1, last=run[-1] + 1, cards=names)
            groups[run[0]] = (run, line, line.removesuffix("."), "play")  # (the brief form says play too)
    if not full and len(pays) > 2:
        for run in _runs(pays):
            fields = dict(first=run[0] + 1, last=run[-1] + 1, n=len(run))
            groups[run[0]] = (
                run,
                lang.text(N_("{first} to {last}: pay 1 to {n} Debt; type pay to pay {n}."), **fields),
                lang.text(N_("{first} to {last}: pay 1 to {n} Debt"), **fields),
                "pay",
            )
    out: list[tuple[str, str, str]] = []
    skip: set[int] = set()
    for i, o in enumerate(moves):
        if i in groups:
            run, line, short, shape = groups[i]
            out.append((line, short, shape))
            skip.update(run)
        elif i not in skip:
            label = option_label(view, d, o, lang)
            # a lone buy or Treasure is the same kind of move as a run of them
            shape = "buy" if o.kind is MoveKind.BUY else "play" if i in treasures and action else label
            out.append((f"{i + 1}. {label}", f"{i + 1}: {brief_label(view, o, lang) or label}", shape))
    return out


SUMMED_UP = 3  # the fewest moves of one kind in a row said in one line ("1 to 3: play Copper, Gold or Silver")


def number_range(first: int, last: int, lang: Language = EN) -> str:
    """The move numbers ``first`` to ``last`` (whole numbers, ``first`` <= ``last``) as words:
    "3", "3 or 4", "3 to 6"."""
    if first == last:
        return str(first)
    if last == first + 1:
        return lang.text(N_("{first} or {last}"), first=first, last=last)
    return lang.text(N_("{first} to {last}"), first=first, last=last)


# the clause in place of the Action phase's buys while a Treasure is in hand, after their numbers
HOW_TO_BUY = N_("buy, once your Treasures are played")
HOW_TO_BUY_SHAPE = "buy after treasures"  # its shape among the turn moves (see _turn_option_lines)


def is_how_to_buy(line: str, lang: Language = EN) -> bool:
    """True for the line that stands for the Action phase's buys while a Treasure is in
    hand ("3 to 6: buy, once your Treasures are played."): one of the turn's option lines."""
    return line[:1].isdigit() and line.endswith(": " + lang._(HOW_TO_BUY) + ".")


def _treasure_in_hand(d: Decision) -> bool:
    """True when the turn moves of ``d`` play a Treasure from the hand (one is still in hand)."""
    return any(o.kind is MoveKind.PLAY and o.name in CARDS and CARDS[o.name].is_("Treasure") for o in turn_moves(d))


BRIEF_NAMES = 3  # the brief line of a run of buys names this many, the costliest first


def brief_buys(view: PlayerView, d: Decision, run: list[int], lang: Language = EN) -> str:
    """The brief line of the run of buys at ``run`` (indices into ``d.options``): "1 to 3: buy
    Gold, Silver or Copper", or with more than :data:`BRIEF_NAMES` of them the costliest by
    name: "1 to 9: buy Gold, Forum, Villa or 6 more" (``options`` reads them all).
    Costliest means by coins, then by Debt."""

    def cost(j: int) -> tuple[int, int, int]:
        name = turn_moves(d)[j].name
        spec = CARDS.get(view.piles[name].top or "") if name in view.piles else EVENTS.get(name)
        return (-spec.cost.coins, -spec.cost.debt, j) if spec is not None else (0, 0, j)

    names = [lang.card(_buy_name(view, turn_moves(d)[j].name)) for j in sorted(run, key=cost)]
    fields = dict(first=run[0] + 1, last=run[-1] + 1)
    if len(names) <= BRIEF_NAMES + 1:  # ("or 1 more" would not say which: it is named)
        return lang.text(N_("{first} to {last}: buy {cards}"), cards=join_or(names, lang), **fields)
    return lang.text(
        N_("{first} to {last}: buy {cards} or {more} more"),
        cards=", ".join(names[:BRIEF_NAMES]),
        more=len(names) - BRIEF_NAMES,
        **fields,
    )


def _buy_name(view: PlayerView, name: str) -> str:
    """The card a buy of the pile or Event ``name`` gets: the pile's top card, or the Event."""
    return (view.piles[name].top or name) if name in view.piles else name


def brief_label(view: PlayerView, key: Option, lang: Language = EN) -> str:
    """The short word of a turn move in the brief line of a question asked again ("end"), or ''
    for a move told by its whole label ("play treasures": the word alone is no move)."""
    if isinstance(key, Move):
        if key.kind is MoveKind.END:
            return lang._(N_("end"))
    return ""


def _runs(indices: list[int]) -> list[list[int]]:
    """``indices`` (sorted) cut into runs of consecutive numbers."""
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def decision_lines(
    view: PlayerView,
    d: Decision,
    full: bool = False,
    hand: bool = False,
    you: bool = True,
    lang: Language = EN,
    hint: bool = True,
) -> list[str]:
    """The question and its numbered options; ``view`` is the view of the
    player who must answer (``d.player``).

    For turn moves, unless ``full``: a long list of buys is summed up ("1 to
    16: buy one of 16 cards you can afford"), and so are the buys of the
    Action phase (offered there only with no Treasure left to play) and its
    Treasures to play one by one ("1 to 3: play Copper, Gold or Silver", in the
    order the hand is read); with ``hint`` the summed-up buys say how to hear them
    all. With ``hand`` the question is followed by the hand (after a
    hand-over, also for a question inside a card). ``you``: one person at the
    screen, addressed without their name ("Your hand"); else they are named.
    Raises ValueError when ``hand`` is asked for a view of another seat.
    """
    lines = [question(view, d, lang, you)]
    if hand:
        if view.seat != d.player:
            raise ValueError(f"the hand of {d.player} is not in the view of {view.seat}")
        names = group_names(hand_sorted(view.hand), lang)
        lines.append(
            lang.text(N_("Your hand: {cards}."), cards=names)
            if you
            else lang.text(N_("{player}'s hand: {cards}."), player=d.player, cards=names)
        )
    if d.kind == "turn":
        lines += [line for line, _brief, _shape in _turn_option_lines(view, d, full, lang, hint)]
        return lines
    if d.kind == "number":  # the question says the range itself ("bid from 1 to 40 Debt, or pass")
        return lines
    lines.append(how_many(d, lang))
    # a yes-or-no question's line on how to answer says its two answers; a one-card choice names the card
    if d.kind != "yesno" and not asked_as_yes_no(d):
        for i, o in enumerate(d.options):
            lines.append(f"{i + 1}. {option_label(view, d, o, lang)}")
    return lines


def brief_options(view: PlayerView, d: Decision, lang: Language = EN, taught: bool = False) -> str:
    """Every turn move of ``d`` in one line, summed up as :func:`decision_lines` does (and
    every run of buys summed up, however short the list), in the short words of a question
    heard before: "1 to 3: play Copper, Gold or Silver; 4: play treasures; 5 to 9: buy Gold,
    Silver, Village or 2 more; 10: end." With ``taught`` (the seat has heard how to buy in an Action
    phase) the clause "3 to 6: buy, once your Treasures are played" is left out.
    Raises ValueError for a decision that is no turn."""
    if d.kind != "turn":
        raise ValueError("only turn moves have a brief form")
    lines = _turn_option_lines(view, d, False, lang, False, brief=True)
    return (
        "; ".join(
            _run_short([brief], shape, lang) if taught and shape == HOW_TO_BUY_SHAPE else brief
            for _l, brief, shape in lines
        )
        + "."
    )


# the short form of moves in a row whose numbers a question asked again names without the cards
# ("4 to 7: buy"), so that no number is skipped unsaid
RUN_WORDS = {"buy": N_("{numbers}: buy"), HOW_TO_BUY_SHAPE: N_("{numbers}: buy"), "play": N_("{numbers}: play")}


def _numbers(briefs: list[str]) -> str:
    """The move numbers the brief forms ``briefs`` (moves in a row, "1 to 3: play Copper, ...",
    "4: buy Curse, 0 coins") stand for, as they are written before their colon: "1 to 4"."""
    first = briefs[0].split(":", 1)[0]
    last = briefs[-1].split(":", 1)[0]
    return first if first == last else f"{first.split()[0]}\x00{last.split()[-1]}"


def _run_short(briefs: list[str], shape: str, lang: Language) -> str:
    """The short form of the moves in a row ``briefs`` (brief forms) of ``shape`` ("buy", "play",
    or the buys after the Treasures): their numbers and what they do ("1 to 17: buy")."""
    numbers = _numbers(briefs)
    if "\x00" in numbers:
        first, last = numbers.split("\x00")
        numbers = number_range(int(first), int(last), lang)
    return lang.text(RUN_WORDS[shape], numbers=numbers)


def moved_options(
    view: PlayerView, d: Decision, before: list[tuple[str, str]], lang: Language = EN, buys: bool = False
) -> str | None:
    """The brief line of a turn question asked again with the same moves as ``before`` (the
    :func:`option_shapes` heard last time) but other numbers, when a single move's number
    changed: every number, the single moves with their words and each run of buys or
    Treasures as its numbers and its verb only ("1 to 17: buy; 18: end."), so that no number
    is skipped unsaid; '' when no number changed; None when the moves are not the same (then
    :func:`brief_options` tells them all). A run's cards are not read again: they follow from
    the coins and the hand the player heard (a run of payments is, when it changed: "1 to 7:
    pay 1 to 7 Debt"). With ``buys`` (buying has just become possible: the Debt is paid) the
    buys are read in full."""
    then = _merged_runs(before)
    now = _merged_runs([(brief, shape) for _l, brief, shape in _turn_option_lines(view, d, False, lang, False, True)])
    if [shape for _n, shape in then] != [shape for _b, shape in now]:
        return None
    moved: list[str] = []
    changed = buys
    for (old, shape), (briefs, _shape) in zip(then, now, strict=True):
        one = len(briefs) == 1 and briefs[0].split(":", 1)[0].isdigit()  # a single move: said as it is
        if shape in RUN_WORDS and not (buys and shape == "buy") and not one:
            moved.append(_run_short(briefs, shape, lang))  # its numbers, so that none is skipped unsaid
        else:
            moved += briefs
            changed = changed or old != briefs
    return "; ".join(moved) + "." if changed else ""


def _merged_runs(shapes: list[tuple[str, str]]) -> list[tuple[list[str], str]]:
    """(brief forms, shape) pairs: the (brief form, shape) pairs of ``shapes`` with the moves in a
    row that play Treasures or buy put together, however they are told (a run summed up, or
    two moves each on its own), so that fewer or more of them are the same moves."""
    out: list[tuple[list[str], str]] = []
    for brief, shape in shapes:
        if out and shape in ("buy", "play") and out[-1][1] == shape:
            out[-1][0].append(brief)
        else:
            out.append(([brief], shape))
    return out


def option_shapes(view: PlayerView, d: Decision, lang: Language = EN) -> list[tuple[str, str]]:
    """The turn moves of ``d`` as (brief form, shape) pairs, compared by :func:`moved_options`."""
    return [(brief, shape) for _line, brief, shape in _turn_option_lines(view, d, False, lang, False, brief=True)]


def heard_hand(seat: object, view: PlayerView) -> bool:
    """True when the hand of ``view`` is just the cards ``seat`` (a human seat, with a
    narrator) was last told it drew (the new hand drawn in Clean-up): it is not read
    again at the next turn's prompt. Asked at a turn's start, the draw told counts once:
    the narrator forgets it, so a later hand of the same cards (5 Coppers again, with the
    draw left untold at terse) is read."""
    narrator: Any = getattr(seat, "narrator", None)
    drawn = getattr(narrator, "last_drawn", None)
    if drawn is not None:
        narrator.last_drawn = None
    return drawn is not None and sorted(drawn) == sorted(view.hand)


OPTIONS_MODES = ("new", "always")  # the options setting: read the options when new, or every time


POINTED_AT = 3  # the fewest options of a question asked again that a pointer stands for (fewer are read)


class Heard:
    """What one seat has heard of its questions, so that a question's options are
    read in full only when they are new to it (the ``options`` setting ``new``).

    :meth:`lines` gives the lines to show for a decision: the question (for a
    turn, the prompt naming the phase, Actions, Buys, coins and Debt), the hand
    when asked for, and the numbered options only when they differ from those
    the seat heard the last time it was asked the same question (the turn
    moves of the same phase with the same kinds of moves, in any turn; a
    question inside a card asked again): turn moves then come all in one
    brief line (:func:`brief_options`), or, when only their numbers moved, the numbers
    of the single moves that moved (:func:`moved_options`); other options only those that
    changed. A question new to the seat gets one option per line. The line on how
    to answer a question inside a card ("Choose 2, by numbers or names separated by
    commas.") is said the first time the seat is asked that way, a yes-or-no question's
    ("Answer yes for Moat, or no.") every time. With
    ``mode`` ``always`` (or ``full``, or ``again``) every option line is given.
    Raises ValueError for a mode not in :data:`OPTIONS_MODES`.
    """

    def __init__(self, mode: str = "new") -> None:
        if mode not in OPTIONS_MODES:
            raise ValueError(f"options must be one of {', '.join(OPTIONS_MODES)}")
        self.mode = mode
        self.turns: dict[
            tuple[Any, ...], tuple[list[str], list[tuple[str, str]]]
        ] = {}  # (player, phase) -> the option lines last read at that turn prompt
        # (question, option lines) of the last question inside a card with options to read (a
        # yes-or-no between does not count: Engineer's second gain, after it, reads its prompt alone)
        self.asked: tuple[Any, ...] | None = None
        self.hinted = False  # told once how to hear every option of a summed-up list
        self.told_how: set[str] = set()  # the lines on how to answer ("Choose 2, by numbers or names ...") heard
        self.told_buy = False  # heard how to buy in an Action phase (HOW_TO_BUY): not said again
        self.last_turn: tuple[tuple[str, str, int], set[MoveKind]] | None = (
            None  # (whose turn and which, the kinds of moves) of the last turn prompt
        )
        # the questions inside a card whose options were read in this game, (player, kind, prompt, option
        # lines): asked again later (Engineer's gain in another turn) they are not new
        self.read: set[tuple[Any, ...]] = set()

    def forget(self) -> None:
        """Read every question in full again (another game was loaded)."""
        self.last_turn = None
        self.turns.clear()
        self.asked = None
        self.hinted = False
        self.told_how.clear()
        self.told_buy = False
        self.read.clear()

    def rename(self, old: str, new: str) -> None:
        """The seat ``old`` is called ``new`` now (its default name in another language): what it
        heard under its old name counts as heard."""

        def renamed(name: str) -> str:
            return new if name == old else name

        self.turns = {(renamed(p), *rest): v for (p, *rest), v in self.turns.items()}
        if self.asked is not None:
            self.asked = (renamed(self.asked[0]), *self.asked[1:])
        self.read = {(renamed(p), *rest) for (p, *rest) in self.read}
        if self.last_turn is not None:
            (player, turn_player, n), kinds = self.last_turn
            self.last_turn = ((renamed(player), renamed(turn_player), n), kinds)

    def lines(
        self,
        view: PlayerView,
        d: Decision,
        full: bool = False,
        hand: bool = False,
        you: bool = True,
        lang: Language = EN,
        again: bool = False,
    ) -> list[str]:
        """The lines to show for ``d`` (see the class text); ``full`` every option
        unsummed (the ``options`` command), ``again`` every line (an empty line typed)."""
        every = decision_lines(view, d, full=full, hand=hand, you=you, lang=lang, hint=not self.hinted)
        if full:  # the whole list on request: what is compared next stays what was read before
            return every
        head = 1 + (1 if hand else 0) + (0 if d.kind in ("turn", "number") else 1)
        # compared without the hint on how to hear all options, which is said once
        plain = every if self.hinted else decision_lines(view, d, hand=hand, you=you, lang=lang, hint=False)
        options = plain[head:]
        moved: str | None = None
        if d.kind == "turn":
            # the same question: the same phase with the same kinds of moves (a Buy phase with Buys
            # left is another question than one with only "end the turn")
            key = (d.player, view.turn.phase, tuple(dict.fromkeys(o.kind for o in turn_moves(d))))
            last = self.turns.get(key)
            shapes = option_shapes(view, d, lang)
            buys = self._buys_came(view, d)
            if last is not None and (options != last[0] or buys):
                moved = moved_options(view, d, last[1], lang, buys=buys)
            self.turns[key] = (options, shapes)
            before = last[0] if last is not None else None
            self.asked = None
        else:
            asked = (d.player, d.kind, every[0], tuple(options))
            before = options if self.asked == asked else None
            if d.kind != "yesno" and not asked_as_yes_no(d):
                self.asked = asked
        pointer = None
        if d.kind != "turn" and d.kind != "yesno" and not asked_as_yes_no(d) and len(options) >= POINTED_AT:
            if before is None and asked in self.read and not again and self.mode != "always":
                # read in full before in this game, with the very same options: the prompt and a pointer
                pointer = lang.text(
                    N_("{n:The same choice as before|The same {n} choices as before}; options reads them."),
                    n=len(options),
                )
            self.read.add(asked)
        if pointer is not None:
            shown = every[:head] + [pointer]
        elif before is None or again or self.mode == "always":
            shown = every
        elif options == before and not moved:
            shown = every[:head]  # nothing changed: the prompt alone
        elif d.kind == "turn" and moved is not None:
            # the same moves with other numbers: only the numbers of the single moves that moved
            shown = every[:head] + ([moved] if moved else [])
        elif d.kind == "turn":
            # the same question with other moves: all of them, briefly, on one line
            shown = every[:head] + [brief_options(view, d, lang, taught=self.told_buy)]
        else:
            shown = every[:head] + [x for x, y in zip(every[head:], options, strict=True) if y not in before]
        if not self.hinted and any(x not in plain for x in shown):
            self.hinted = True
        if d.kind == "turn" and not self.told_buy:
            self.told_buy = any(lang._(HOW_TO_BUY) in x for x in shown)
        if d.kind not in ("turn", "number"):
            # how to answer: said the first time this seat is asked that way; a yes-or-no question's
            # answer words every time (its prompt is the seat's own, which does not name them)
            how = every[head - 1]
            words = d.kind == "yesno" or asked_as_yes_no(d)
            if (
                how in self.told_how
                and not words
                and not again
                and self.mode != "always"
                and shown[head - 1 : head] == [how]
            ):
                shown = shown[: head - 1] + shown[head:]
            self.told_how.add(how)
            self.told_how.add(how_many(d, lang, repeat=False))  # its first sentence, said with it
        return shown

    def _buys_came(self, view: PlayerView, d: Decision) -> bool:
        """True when the turn question ``d`` has buys and the seat's last turn prompt, in
        the same turn, had none and a payment of Debt (paying made buying possible); notes
        the kinds of moves of ``d`` for the next time."""
        kinds = {o.kind for o in turn_moves(d)}
        turn = (d.player, view.turn.player, view.turn.own_number)
        last = self.last_turn
        self.last_turn = (turn, kinds)
        return (
            last is not None
            and last[0] == turn
            and MoveKind.PAY in last[1]
            and MoveKind.BUY not in last[1]
            and MoveKind.BUY in kinds
        )
