"""Answers to the console's queries, as plain sentences.

Every function here reads the :class:`~a11y_dominion.view.PlayerView` of
the seat that asks (and the pending :class:`Decision` where it needs one),
never the game, so a query can only tell what that seat may know; it
returns a list of lines, one sentence (or one ``Label: value`` item) per
line, with numbers as digits and their unit. The same lines are printed
in screen-reader mode, spoken in self-voicing mode and kept as the text
behind the tables shown to sighted players.

The view's ``seat`` is the seat the query is for: the player who must
answer now, or who asked. ``you`` says whether to address that player as "you" (one human at the
keyboard) or by name (several humans sharing the screen). ``lang`` is the
:class:`~a11y_dominion.i18n.Language` of the lines (English by default);
every sentence is an English template looked up in its catalog.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from ..announcements.narrator import Narrator, count, group_names, join_names
from ..announcements.words import called, hand_sorted
from ..i18n import N_, Language
from ..rules import events as ev
from ..rules.cards import (
    CARDS,
    EVENTS,
    LANDMARKS,
    PILES,
    CardSpec,
    EventSpec,
    LandmarkSpec,
    canonical,
    dutch_name,
    pile_name_for,
)
from ..rules.decisions import Decision, Msg
from ..rules.game import BASIC_PILES
from ..view import PlayerView, SeatView

EN = Language("en")


class QueryError(ValueError):
    """A query that cannot be answered (for example an unknown card); one sentence."""


def join_or(names: Iterable[str], lang: Language = EN) -> str:
    """ "Copper, Curse or City Quarter": a list of names to choose from."""
    names = list(names)
    if len(names) <= 1:
        return names[0] if names else ""
    return ", ".join(names[:-1]) + lang._(N_(" or ")) + names[-1]


TYPE_WORDS = ("Action", "Treasure", "Victory", "Curse", "Attack", "Duration", "Gathering", "Castle", "Reaction")
# the type words in the catalog
N_("Action"), N_("Treasure"), N_("Victory"), N_("Curse"), N_("Attack"), N_("Duration"), N_("Gathering")
N_("Castle"), N_("Reaction")
PHASES = {"action": N_("Action phase"), "buy": N_("Buy phase"), "cleanup": N_("Clean-up")}


def _type_word_rank(t: str) -> tuple[int, str]:
    return (TYPE_WORDS.index(t) if t in TYPE_WORDS else len(TYPE_WORDS), t)


def cost_of(name: str, lang: Language = EN) -> str:
    """Words for the printed cost of a card or Event ("5 coins", "8 Debt")."""
    spec = CARDS.get(name) or EVENTS.get(name)
    if spec is None:
        return ""
    return lang.cost(spec.cost.coins, spec.cost.debt)


def hand_lines(view: PlayerView, you: bool = True, lang: Language = EN) -> list[str]:
    """The hand of the view's seat, grouped ("3 Coppers and 2 Estates"), and what is in play."""
    me = view.seat
    names = list(view.hand)
    fields = dict(count=count(len(names), "card", lang), cards=group_names(hand_sorted(names), lang))
    lines = [
        lang.text(N_("Your hand, {count}: {cards}."), **fields)
        if you
        else lang.text(N_("{player}'s hand, {count}: {cards}."), player=me, **fields)
    ]
    if view.turn.player == me and (played := in_play_line(view, me, lang)):
        lines.append(played)
    if view.set_aside:
        lines.append(lang.text(N_("Set aside: {cards}."), cards=group_names(view.set_aside, lang)))
    return lines


def in_play_line(view: PlayerView, player: str, lang: Language = EN) -> str | None:
    """What ``player`` has in play, grouped: "In play: Chariot Race and 3 Coppers.", or None
    when nothing. Public: every seat sees the cards played (base rulebook, "in play"); said
    after the hand at one's own turn (:func:`hand_lines`), and after another player's turn line
    to a player back at the table. KeyError for no such player."""
    cards = view.player(player).in_play
    return lang.text(N_("In play: {cards}."), cards=group_names(cards, lang)) if cards else None


def turn_number(view: PlayerView) -> int:
    """The number of the turn in progress, counted for the player whose turn it is
    (during Mountain Pass bidding: the turn that just ended)."""
    return view.turn.own_number


def turn_line(view: PlayerView, you: str | None = None, lang: Language = EN) -> str:
    """ "Ann's turn 3, Buy phase: 1 Action, 1 Buy, 4 coins." (Debt when there is some);
    "Your turn" when ``you`` names the player whose turn it is. During Mountain
    Pass bidding: "Ann's turn 3 has ended; Mountain Pass bidding." (the turn
    that just ended)."""
    t = view.turn
    p = view.player(t.player)
    if t.bidding:
        if you == p.name:
            return lang.text(N_("Your turn {n} has ended; Mountain Pass bidding."), n=turn_number(view))
        return lang.text(
            N_("{player}'s turn {n} has ended; Mountain Pass bidding."), player=p.name, n=turn_number(view)
        )
    fields = dict(
        n=turn_number(view),
        phase=lang._(PHASES.get(t.phase, t.phase)),
        actions=count(t.actions, "Action", lang),
        buys=count(t.buys, "Buy", lang),
        coins=count(t.coins, "coin", lang),
    )
    if p.debt:
        fields["debt"] = count(p.debt, "Debt", lang)
    if you == p.name:
        template = (
            N_("Your turn {n}, {phase}: {actions}, {buys}, {coins}, {debt}.")
            if p.debt
            else N_("Your turn {n}, {phase}: {actions}, {buys}, {coins}.")
        )
    else:
        fields["player"] = p.name
        template = (
            N_("{player}'s turn {n}, {phase}: {actions}, {buys}, {coins}, {debt}.")
            if p.debt
            else N_("{player}'s turn {n}, {phase}: {actions}, {buys}, {coins}.")
        )
    return lang.text(template, **fields)


def where_lines(
    view: PlayerView, you: str | None, lang: Language = EN, turn: bool = True, hand: bool = True
) -> list[str]:
    """Where the game stands for the view's seat as it comes back to it (a return to a table, a
    game resumed at the keyboard), each once: the turn in the sentence the other seats hear
    (:func:`turn_line`; "Your turn" when ``you`` names the player whose turn it is; left out
    when ``turn`` is False, its start just told), then its hand and what is in play
    (:func:`hand_lines`, "Your hand" when ``you`` names the view's seat, else "Ann's hand"; the
    hand left out when ``hand`` is False, just told as it was drawn). At another player's turn,
    what that player has in play comes after the turn (:func:`in_play_line`, public), as it is
    part of where their turn stands."""
    lines = [turn_line(view, you, lang)] if turn else []
    if turn and view.turn.player != view.seat and (played := in_play_line(view, view.turn.player, lang)):
        lines.append(played)
    return lines + hand_lines(view, you == view.seat, lang)[0 if hand else 1 :]


# the turn prompt's template by (the seat's own screen, the Action phase, Debt): no Action can be
# played in the Buy phase, so its prompt leaves the Actions out
_TURN_PROMPTS = {
    (True, True, True): N_("{phase}: {actions}, {buys}, {coins}, {debt}."),
    (True, True, False): N_("{phase}: {actions}, {buys}, {coins}."),
    (True, False, True): N_("{phase}: {buys}, {coins}, {debt}."),
    (True, False, False): N_("{phase}: {buys}, {coins}."),
    (False, True, True): N_("{player}, {phase}: {actions}, {buys}, {coins}, {debt}."),
    (False, True, False): N_("{player}, {phase}: {actions}, {buys}, {coins}."),
    (False, False, True): N_("{player}, {phase}: {buys}, {coins}, {debt}."),
    (False, False, False): N_("{player}, {phase}: {buys}, {coins}."),
}


def turn_prompt(view: PlayerView, d: Decision, lang: Language = EN, you: bool = True) -> str:
    """The question at the turn prompt of the player ``d`` asks, in ``lang``: "Action phase: 1
    Action, 1 Buy, 0 coins." (and Debt); in the Buy phase, where no Action can be played, without
    the Actions: "Buy phase: 1 Buy, 4 coins." (the ``status`` query still says them). ``you``
    (one person at the screen): the name is left out, as the turn's "Your turn 3." says whose it
    is; else (several people at one keyboard) the question names who is to type: "Ann, Buy
    phase: 1 Buy, 4 coins." """
    debt = view.player(d.player).debt
    t = view.turn
    action = t.phase == "action"
    fields = dict(
        player=d.player,
        phase=lang._(PHASES["action" if action else "buy"]),
        actions=count(t.actions, "Action", lang),
        buys=count(t.buys, "Buy", lang),
        coins=count(t.coins, "coin", lang),
        debt=count(debt, "Debt", lang),
    )
    if you:
        fields["phase"] = fields["phase"][:1].upper() + fields["phase"][1:]  # as a sentence starts
    return lang.text(_TURN_PROMPTS[you, action, bool(debt)], **fields)


USUAL_START = {"phase": "action", "actions": 1, "buys": 1, "coins": 0, "debt": 0}  # every turn starts so


def turn_figures(view: PlayerView, d: Decision | str) -> dict[str, Any]:
    """The figures a turn prompt of ``d`` (or of the player it names) names: phase ("action" or
    "buy"), Actions, Buys, coins and the Debt of the player who answers."""
    t = view.turn
    return {
        "phase": "action" if t.phase == "action" else "buy",
        "actions": t.actions,
        "buys": t.buys,
        "coins": t.coins,
        "debt": view.player(d if isinstance(d, str) else d.player).debt,
    }


def changed_turn_prompt(
    view: PlayerView,
    d: Decision,
    before: Mapping[str, object],
    lang: Language = EN,
    phase_known: bool = False,
    told: bool = False,
    named: frozenset[str] = frozenset(),
    said: frozenset[str] = frozenset(),
    you: bool = True,
) -> str:
    """The turn prompt that says only what differs from ``before`` (the figures of
    :func:`turn_figures` the player last heard, or :data:`USUAL_START` at a turn's first
    prompt): the phase when it changed, then each changed figure (Actions only in the
    Action phase, Debt only when some is left): "Buy phase: 5 coins.", "0 Buys, 2 coins,
    1 Debt.". When nothing changed, the Actions in the Action phase ("1 Action.") or the
    coins in the Buy phase ("4 coins."), not the phase the player is still in; "" at the start of
    a turn that starts as every turn does (its "Your turn 3." says it). ``phase_known``: the
    player knows the new phase already (it was just said, or the move was "play treasures",
    which always leads to the Buy phase): it is not named. ``told``: the move's own sentences
    were just told ("You play Chariot Race. ... so there is no bonus."): when nothing changed,
    nothing is added to them (""). ``named``: the figures ("buys", ...) a bonus the player
    was just told changed ("You buy Forum: +1 Buy."), named even when the move took them back
    to what they were ("1 Buy, 0 coins."). ``said``: the figures the move's sentences said as
    they are now ("You take 4 Debt for Engineer." with no Debt before): not said again. The
    coins are said with the Debt left, as the status line says them ("4 coins, 1 Debt."): what the
    coins buy depends on it (rulebook: no card is bought while you have Debt). ``you``: as
    :func:`turn_prompt`'s, the name left out ("4 coins."); else it names who is to type
    ("Ann: 4 coins.", "Ann, Buy phase: 5 coins.")."""
    now = turn_figures(view, d)
    parts = []
    keys = []
    for key, unit in (("actions", "Action"), ("buys", "Buy"), ("coins", "coin"), ("debt", "Debt")):
        if key == "actions" and now["phase"] != "action":
            continue
        if key == "debt" and not now["debt"]:
            continue
        if key in said and key not in named:
            continue
        if now[key] != before.get(key) or key in named:
            parts.append(count(now[key], unit, lang))
            keys.append(key)
    phase_changed = (now["phase"] != before.get("phase") and not phase_known) or before is USUAL_START
    if not parts and before is USUAL_START:
        return ""
    if not parts and told and (now["phase"] == before.get("phase") or phase_known):
        return ""  # an unchanged figure is not said again after the move's sentences
    if not parts and (now["phase"] == before.get("phase") or phase_known):
        # nothing changed (a card that gives back the Action it used, a Crown with nothing to play;
        # a phase just told, "Your Buy phase starts again."): the figure the move could have
        # changed, not the phase the player is in (or has just heard of)
        key, unit = ("actions", "Action") if now["phase"] == "action" else ("coins", "coin")
        parts.append(count(now[key], unit, lang))
        keys.append(key)
    # the coins with the Debt to pay first, as the status line says them
    if "coins" in keys and now["debt"] and "debt" not in keys and "debt" not in said:
        parts.append(count(now["debt"], "Debt", lang))
    fields = dict(player=d.player, figures=", ".join(parts))
    phase = lang._(PHASES[now["phase"]])
    if phase_changed or not parts:
        if you:
            phase = phase[:1].upper() + phase[1:]
            return lang.text(N_("{phase}: {figures}."), phase=phase, **fields) if parts else phase + "."
        if parts:
            return lang.text(N_("{player}, {phase}: {figures}."), phase=phase, **fields)
        return lang.text(N_("{player}, {phase}."), phase=phase, **fields)
    if you:
        return fields["figures"] + "."
    return lang.text(N_("{player}: {figures}."), **fields)


def taken_back_words(events: list[ev.GameEvent], player: str, lang: Language = EN, own: bool = True) -> str:
    """What ``player``'s taken-back answer did, without the figures it left (they are old
    now): "your buy of Harbinger", "your play of 4 Coppers and Silver", "the end of your
    Action phase", what an answer to a card's question did ("your trashing of 2 Estates"), or
    "your answer"; told to another seat (not ``own``): "the buy of Harbinger", "the play of
    ...", "the end of the Action phase", "the trashing of 2 Estates", "an answer"."""
    bought = [e.card for e in events if isinstance(e, ev.CardBought) and e.player == player]
    bought += [e.event for e in events if isinstance(e, ev.EventBought) and e.player == player]
    if bought:
        template = N_("your buy of {cards}") if own else N_("the buy of {cards}")
        return lang.text(template, cards=group_names(bought, lang))
    played = [e.card for e in events if isinstance(e, ev.CardPlayed) and e.player == player and not e.again]
    if played:
        template = N_("your play of {cards}") if own else N_("the play of {cards}")
        return lang.text(template, cards=group_names(played, lang))
    if any(isinstance(e, ev.PhaseChanged) and e.player == player for e in events):
        return lang._(N_("the end of your Action phase") if own else N_("the end of the Action phase"))
    done = _answer_deeds(events, player, lang, own)
    if done:
        return join_names(done, lang)
    return lang._(N_("your answer") if own else N_("an answer"))


# what an answer to a card's question did, by the cards it moved: (own words, words to the others), in
# the form of the buys and plays taken back ("your play of Chapel", "your trashing of 2 Estates")
_DEEDS = (
    ("trash", N_("your trashing of {cards}"), N_("the trashing of {cards}")),
    ("discard", N_("your discarding of {cards}"), N_("the discarding of {cards}")),
    ("gain", N_("your gaining of {cards}"), N_("the gaining of {cards}")),
)


def _answer_deeds(events: list[ev.GameEvent], player: str, lang: Language, own: bool) -> list[str]:
    """What ``player``'s answer to a card's question did, in the order of :data:`_DEEDS`
    ("your trashing of Copper and Estate", "your gaining of Silver"; to another seat: "the
    trashing of Copper and Estate"); empty when it moved no card that ``events`` name."""
    cards: dict[str, list[str]] = {"trash": [], "discard": [], "gain": []}
    for e in events:
        if isinstance(e, ev.CardTrashed) and e.player == player:
            cards["trash"].append(e.card)
        elif isinstance(e, ev.CardsDiscarded) and e.player == player and e.source == "hand":
            cards["discard"] += [c for c in e.cards if c]
        elif isinstance(e, ev.CardGained) and e.player == player and not e.bought:
            cards["gain"].append(e.card)
    return [
        lang.text(mine if own else theirs, cards=group_names(cards[kind], lang))
        for kind, mine, theirs in _DEEDS
        if cards[kind]
    ]


def undo_figures(before: PlayerView | None, after: PlayerView | None, lang: Language = EN) -> list[str]:
    """The figures of ``after``'s seat that an undo changed and the turn prompt does not say:
    Debt gone back to 0, VP tokens, the VP on each Landmark, the VP and Debt tokens on each
    Supply pile ("0 Debt", "2 VP tokens", "4 VP on Basilica", "1 Debt on the Silver pile").
    Empty without ``before`` (or ``after``)."""
    if before is None or after is None:
        return []
    out = []
    if before.me.debt and not after.me.debt:
        out.append(count(0, "Debt", lang))
    if before.me.vp_tokens != after.me.vp_tokens:
        out.append(lang.text(N_("{vp} tokens"), vp=count(after.me.vp_tokens, "VP", lang)))
    for name, vp in after.landmarks.items():
        if before.landmarks.get(name, vp) != vp:
            out.append(lang.text(N_("{vp} on {landmark}"), vp=count(vp, "VP", lang), landmark=name))
    for name, pile in after.piles.items():  # the VP and Debt tokens on Supply piles (Gathering cards, Tax)
        old = before.piles.get(name)
        if old is None:
            continue
        tokens = []
        if old.vp_tokens != pile.vp_tokens:
            tokens.append(count(pile.vp_tokens, "VP", lang))
        if old.debt_tokens != pile.debt_tokens:
            tokens.append(count(pile.debt_tokens, "Debt", lang))
        if tokens:
            out.append(lang.text(N_("{tokens} on the {pile} pile"), tokens=join_names(tokens, lang), pile=name))
    return out


def undone_text(
    events: list[ev.GameEvent], player: str, before: PlayerView | None, after: PlayerView | None, lang: Language = EN
) -> str:
    """The undoing seat's line: "Taken back: your buy of Harbinger. Now 2 VP tokens, 4 VP on
    Basilica." (what was taken back, then the figures the prompt does not say that changed)."""
    text = lang.text(N_("Taken back: {what}."), what=taken_back_words(events, player, lang))
    figures = undo_figures(before, after, lang)
    if figures:
        text += " " + lang.text(N_("Now {figures}."), figures=", ".join(figures))
    return text


def undone_line(
    seat: str | None,
    player: str,
    events: list[ev.GameEvent],
    lang: Language,
    before: PlayerView | None = None,
    after: PlayerView | None = None,
) -> str:
    """What ``seat`` hears when ``player`` took back an answer that made ``events``
    (redacted for ``seat``): "Taken back: your buy of Gold." for ``player``'s own seat
    (with the figures the undo changed that its prompt does not say, from its views
    ``before`` and ``after`` the undo, when ``after`` is given), "Ann took back the buy of
    Gold." for the others (told in ``lang``)."""
    if seat == player and seat is not None:
        return undone_text(events, player, before if after is not None else None, after, lang)

    # what was taken back, without the figures it left (they are old now)
    what = taken_back_words(events, player, lang, own=False)
    return lang.text(N_("{player} took back {what}."), player=player, what=what)


def status_lines(view: PlayerView, you: bool = True, lang: Language = EN) -> list[str]:
    """Phase, Actions, Buys, coins, Debt and VP tokens of the view's seat, then the other
    players' tokens; each figure once (the Debt of the player whose turn it is, when the
    turn line says it, is not said again)."""
    me = view.seat
    p = view.me
    lines = [turn_line(view, me if you else None, lang)]

    def said_debt(player: SeatView) -> bool:  # turn_line says the Debt of the turn's player when there is some
        return bool(player.debt) and player.name == view.turn.player and not view.turn.bidding

    fields = dict(
        debt=p.debt,
        vp=count(p.vp_tokens, "VP", lang),
        hand=count(p.hand_size, "card", lang),
        deck=count(p.deck_size, "card", lang),
        discard=count(p.discard_size, "card", lang),
    )
    if said_debt(p):
        template = (
            N_("You have {vp} in tokens; {hand} in hand, {deck} in the deck, {discard} in the discard pile.")
            if you
            else N_("{player} has {vp} in tokens; {hand} in hand, {deck} in the deck, {discard} in the discard pile.")
        )
    elif you:
        template = N_(
            "You have {debt} Debt and {vp} in tokens; {hand} in hand, {deck} in the deck, "
            "{discard} in the discard pile."
        )
    else:
        template = N_(
            "{player} has {debt} Debt and {vp} in tokens; {hand} in hand, {deck} in the "
            "deck, {discard} in the discard pile."
        )
    lines.append(lang.text(template, player=me, **fields))
    for o in view.players:
        if o.name == me:
            continue
        lines.append(
            lang.text(
                N_("{player}: {vp} in tokens; {hand} in hand, {deck} in the deck, {discard} in the discard pile.")
                if said_debt(o)
                else N_(
                    "{player}: {debt} Debt, {vp} in tokens; {hand} in hand, {deck} in the deck, "
                    "{discard} in the discard pile."
                ),
                player=o.name,
                debt=o.debt,
                vp=count(o.vp_tokens, "VP", lang),
                hand=count(o.hand_size, "card", lang),
                deck=count(o.deck_size, "card", lang),
                discard=count(o.discard_size, "card", lang),
            )
        )
    return lines


def _below(names: list[str]) -> list[tuple[str, int]]:
    """(name, how many) runs below the top card's run, for split piles and Castles."""
    runs: list[list[Any]] = []
    for n in names:
        if runs and runs[-1][0] == n:
            runs[-1][1] += 1
        else:
            runs.append([n, 1])
    return [(n, k) for n, k in runs[1:]]


def pile_order(view: PlayerView) -> list[str]:
    """Supply piles in reading order: Treasures, Victory cards, Curse, then the Kingdom."""
    basics = [n for n in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse") if n in view.piles]
    rest = [n for n in view.piles if n not in BASIC_PILES]
    return basics + rest


class PileFacts(TypedDict):
    """What :func:`pile_facts` gives of a pile: its name, its ``top`` card (None when empty) and
    that card's ``cost`` words, the cards ``left``, its ``vp`` and ``debt`` tokens, the cards
    ``below`` the top card's run as (name, how many, cost words), and the top card's ``types``."""

    pile: str
    top: str | None
    cost: str
    left: int
    vp: int
    debt: int
    below: list[tuple[str, int, str]]
    types: list[str]


def pile_facts(view: PlayerView, name: str, lang: Language = EN) -> PileFacts:
    """The facts of one pile: top card, cost words, cards left, tokens, what is below."""
    pl = view.piles[name]
    top = pl.top
    below: list[tuple[str, int, str]] = []
    if pl.cards:
        for n, k in _below(pl.cards):
            below.append((n, k, cost_of(n, lang)))
    return {
        "pile": name,
        "top": top,
        "cost": cost_of(top, lang) if top else "",
        "left": pl.cards_left,
        "vp": pl.vp_tokens,
        "debt": pl.debt_tokens,
        "below": below,
        "types": sorted(CARDS[top].types) if top else [],
    }


def tokens_words(f: PileFacts, lang: Language = EN) -> str:
    """ "2 VP and 1 Debt" on a pile, or ""."""
    bits = []
    if f["vp"]:
        bits.append(count(f["vp"], "VP", lang))
    if f["debt"]:
        bits.append(count(f["debt"], "Debt", lang))
    return join_names(bits, lang) if bits else ""


def tokens_on_it(f: PileFacts, lang: Language = EN) -> str:
    """ "2 VP and 1 Debt on it" for a pile, or ""."""
    tokens = tokens_words(f, lang)
    return lang.text(N_("{tokens} on it"), tokens=tokens) if tokens else ""


def below_list(f: PileFacts, lang: Language = EN, known: str | None = None) -> str:
    """ "5 Emporiums (5 coins)": what lies below the top cards of a layered pile, or "".
    The cost of the card ``known`` (just said) is left out: "5 Emporiums"."""
    parts = []
    for n, k, cost in f["below"]:
        if n == known:
            parts.append(lang.text(N_("{n} {names}"), n=k, names=lang.cards(n)) if k > 1 else lang.card(n))
        elif k > 1:
            parts.append(lang.text(N_("{n} {names} ({cost})"), n=k, names=lang.cards(n), cost=cost))
        else:
            parts.append(lang.text(N_("{card} ({cost})"), card=n, cost=cost))
    return join_names(parts, lang) if parts else ""


def below_words(f: PileFacts, lang: Language = EN, known: str | None = None) -> str:
    """ "below: 5 Emporiums (5 coins)" for a layered pile, else "" (``known``: see :func:`below_list`)."""
    if not f["below"]:
        return ""
    return lang.text(N_("below: {cards}"), cards=below_list(f, lang, known))


def pile_line(
    view: PlayerView, name: str, lang: Language = EN, cost: bool = True, debt: int = 0, asked: str | None = None
) -> str:
    """One sentence for one pile: "Engineer: 4 Debt, 10 left, 1 Debt on it." Without
    ``cost`` its top card's cost is left out (said just before). ``debt``: the Debt every pile
    is told to have (Tax's at the start): the pile's Debt is said only when it differs.
    With ``asked`` (the card or pile a ``card`` query just named, with its cost) the sentence
    names neither again: "In the Supply: 10 left." ("on top of its pile" for the top card of a
    layered pile, and no cost for it where it lies below)."""
    if asked is not None:
        return _asked_pile_line(view, name, asked, lang)
    f = pile_facts(view, name, lang)
    if debt and f["debt"] == debt:
        f["debt"] = 0
    tokens = tokens_on_it(f, lang)
    if debt and not f["debt"] and not view.piles[name].debt_tokens:
        tokens = lang.text(N_("{tokens}, no Debt on it"), tokens=tokens) if tokens else lang._(N_("no Debt on it"))
    if f["top"] is None:
        if tokens:
            return lang.text(N_("{pile}: empty, {tokens}."), pile=name, tokens=tokens)
        return lang.text(N_("{pile}: empty."), pile=name)
    bits = []
    if name != f["top"]:
        bits.append(lang.text(N_("{top} on top"), top=f["top"]))
    if cost:
        spec = CARDS.get(f["top"])
        # said as every cost is ("8 Debt", as "3 coins"), but told apart from the Debt every pile
        # is said to have (Tax's) where that is left out of the pile's own line: "costs 4 Debt"
        told_apart = bool(debt) and spec is not None and bool(spec.cost.debt)
        bits.append(lang.text(N_("costs {cost}"), cost=f["cost"]) if told_apart else f["cost"])
    bits.append(lang.text(N_("{n} left"), n=f["left"]))
    if tokens:
        bits.append(tokens)
    facts = ", ".join(bits)
    under = below_words(f, lang)
    if under:
        facts += "; " + under
    return lang.text(N_("{pile}: {facts}."), pile=name, facts=facts)


def _asked_pile_line(view: PlayerView, name: str, asked: str, lang: Language) -> str:
    """The pile line of :func:`pile_line` after a ``card`` query about ``asked`` (a card of
    the pile ``name``, or the pile itself): "In the Supply: Gladiator on top, 3 coins, 10 left;
    below: 5 Fortunes." without the name and cost just said."""
    f = pile_facts(view, name, lang)
    tokens = tokens_on_it(f, lang)
    if f["top"] is None:
        if tokens:
            return lang.text(N_("In the Supply: empty, {tokens}."), tokens=tokens)
        return lang._(N_("In the Supply: empty."))
    bits = []
    if f["top"] == asked and name != asked:
        bits.append(lang._(N_("on top of its pile")))
    elif f["top"] != asked:
        bits.append(lang.text(N_("{top} on top"), top=f["top"]))
        bits.append(f["cost"])
    bits.append(lang.text(N_("{n} left"), n=f["left"]))
    if tokens:
        bits.append(tokens)
    facts = ", ".join(bits)
    under = below_words(f, lang, known=asked)
    if under:
        facts += "; " + under
    return lang.text(N_("In the Supply: {facts}."), facts=facts)


TAX_DEBT = 1  # the Debt Tax puts on every Supply pile at the start (Empires rulebook, Tax)


def supply_lines(view: PlayerView, lang: Language = EN) -> list[str]:
    """Every Supply pile, one line each, after a summary line. With Tax the Debt every
    pile started with is said once, and then only where a pile's Debt differs."""
    empty = len(view.empty_piles())
    lines = [lang.text(N_("Supply: {piles}, {n} empty."), piles=count(len(view.piles), "pile", lang), n=empty)]
    debt = TAX_DEBT if "Tax" in view.events else 0
    if debt:
        lines.append(
            lang.text(N_("Every Supply pile has {n} Debt on it, from {event}."), n=debt, event="Tax")
            if all(pl.debt_tokens == debt for pl in view.piles.values())
            else lang.text(
                N_("Every Supply pile started with {n} Debt on it, from {event}; the piles with other Debt say so."),
                n=debt,
                event="Tax",
            )
        )
    lines += [pile_line(view, n, lang, debt=debt) for n in pile_order(view)]
    if view.events:
        events = join_names(
            (lang.text(N_("{pile} ({cost})"), pile=e, cost=cost_of(e, lang)) for e in view.events), lang
        )
        if len(view.events) == 1:
            lines.append(lang.text(N_("Event: {events}. Type events to hear it."), events=events))
        else:
            lines.append(lang.text(N_("Events: {events}. Type events to hear them."), events=events))
    if view.landmarks:
        names = join_names((lang.card(x) for x in view.landmarks), lang)
        if len(view.landmarks) == 1:
            lines.append(lang.text(N_("Landmark: {landmarks}. Type landmarks to hear it."), landmarks=names))
        else:
            lines.append(lang.text(N_("Landmarks: {landmarks}. Type landmarks to hear them."), landmarks=names))
    return lines


def score_lines(view: PlayerView, lang: Language = EN, listener: str | None = None) -> list[str]:
    """Each player's score if the game ended now, with its breakdown, then who leads; after the
    game the final scores, and last who won, as the end said it. The player ``listener`` hears
    themself as "You" ("You: 3 VP ...", "You and Bot are level on 3 VP.", "You win."), as the end
    calls them (:func:`~a11y_dominion.announcements.words.called`); None: no player listens, as
    at the host's screen."""
    over = view.game_over
    lines = [lang._(N_("Final scores:")) if over else lang._(N_("Scores if the game ended now:"))]
    for p in view.players:
        b = view.scores[p.name]
        parts = [lang.text(N_("{n} from cards"), n=b["cards"]), lang.text(N_("{n} from VP tokens"), n=b["tokens"])]
        parts += [lang.text(N_("{n} from {landmark}"), n=v, landmark=lm) for lm, v in b["landmarks"].items()]
        player = called(p.name, listener, lang)
        lines.append(
            lang.text(
                N_("{player}: {total} VP ({parts})."), player=player, total=b["total"], parts=join_names(parts, lang)
            )
        )
    if not over:
        best = max(view.scores[p.name]["total"] for p in view.players)
        lead = [called(name, listener, lang) for name in view.leaders()]
        level = [
            called(p.name, listener, lang)
            for p in view.players
            if view.scores[p.name]["total"] == best and p.name not in view.leaders()
        ]
        if len(lead) + len(level) == len(view.players) > 2:  # everyone on the same VP
            if level:  # (some with fewer turns: they lead, as the rules break a tie)
                lines.append(
                    lang.text(
                        N_("All {n} players are level on {total} VP; {players} lead with fewer turns.")
                        if len(lead) > 1
                        else N_("All {n} players are level on {total} VP; {player} leads with fewer turns."),
                        n=len(view.players),
                        total=best,
                        players=join_names(lead, lang),
                        player=lead[0],
                    )
                )
            else:
                lines.append(lang.text(N_("All {n} players are level on {total} VP."), n=len(view.players), total=best))
        elif len(lead) > 1 and level:
            lines.append(
                lang.text(
                    N_("{players} lead, level on {total} VP with {others} but with fewer turns."),
                    players=join_names(lead, lang),
                    total=best,
                    others=join_names(level, lang),
                )
            )
        elif len(lead) > 1:
            lines.append(
                lang.text(N_("{players} are level on {total} VP."), players=join_names(lead, lang), total=best)
            )
        elif level:  # (the same VP: the one with fewer turns leads, as the rules break a tie)
            lines.append(
                lang.text(
                    N_("{player} leads, level on {total} VP with {others} but with fewer turns."),
                    player=lead[0],
                    total=best,
                    others=join_names(level, lang),
                )
            )
        else:
            lines.append(lang.text(N_("{player} leads."), player=lead[0]))
    lines.append(
        lang.text(
            N_("Provinces left: {n}. Empty Supply piles: {empty}."),
            n=view.piles["Province"].cards_left,
            empty=len(view.empty_piles()),
        )
    )
    if over:  # who won, last, as the end said it
        totals = {p.name: int(view.scores[p.name]["total"]) for p in view.players}
        lines.append(Narrator(listener, lang=lang).winner(view.winners, totals))
    return lines


def landmark_lines(view: PlayerView, lang: Language = EN) -> list[str]:
    """Each Landmark with the VP on it and its text."""
    if not view.landmarks:
        return [lang._(N_("There are no Landmarks in this game."))]
    lines = []
    for name, vp in view.landmarks.items():
        spec = LANDMARKS[name]
        text = lang._(spec.text)
        holds = spec.tokens_per_player > 0 or vp > 0 or name in ("Aqueduct", "Defiled Shrine")
        if name == "Obelisk":
            lines.append(
                lang.text(
                    N_("{landmark}: It marks the {pile} pile. {text}"), landmark=name, pile=view.obelisk, text=text
                )
                if view.obelisk
                else lang.text(N_("{landmark}: It marks no pile. {text}"), landmark=name, text=text)
            )
        elif holds:
            lines.append(lang.text(N_("{landmark}: {n} VP on it. {text}"), landmark=name, n=vp, text=text))
        else:
            lines.append(lang.text(N_("{landmark}: {text}"), landmark=name, text=text))
    return lines


def event_lines(view: PlayerView, lang: Language = EN) -> list[str]:
    """Each Event of this game with its cost and text."""
    if not view.events:
        return [lang._(N_("There are no Events in this game."))]
    return [
        lang.text(
            N_("{event}, Event, costs {cost}: {text}"), event=e, cost=cost_of(e, lang), text=lang._(EVENTS[e].text)
        )
        for e in view.events
    ]


def trash_lines(view: PlayerView, lang: Language = EN) -> list[str]:
    """What is in the trash."""
    if not view.trash:
        return [lang._(N_("The trash is empty."))]
    return [
        lang.text(
            N_("Trash, {count}: {cards}."),
            count=count(len(view.trash), "card", lang),
            cards=group_names(hand_sorted(view.trash), lang),
        )
    ]


def types_words(types: Iterable[str], lang: Language = EN) -> str:
    """ "Action Attack": a card's types in reading order, in ``lang``."""
    words = [lang._(t) for t in sorted(types, key=_type_word_rank)]
    out = words[0] if words else ""
    for w in words[1:]:
        out = lang.text(N_("{types} {type}"), types=out, type=w)
    return out


def _other_name(name: str, lang: Language) -> str:
    """The name in the other language: the Dutch name in English, the English name in Dutch."""
    return dutch_name(name) if lang.code == "en" else name


def _names_differ(name: str) -> bool:
    """Whether ``card`` gives the card's, Event's, Landmark's or pile's name in the other
    language too: exactly when its Dutch name is not its English one (Tower, "Toren"; not
    Villa or Arena, the same in both)."""
    return dutch_name(name) != name


def card_lines(view: PlayerView | None, word: str, lang: Language = EN) -> list[str]:
    """Text, cost and types of a card, Event, Landmark or pile named ``word``
    (and its pile in this game, when ``view`` is given).

    Raises :class:`QueryError` (with a :class:`Msg`) for an unknown name."""
    word = word.strip()
    if not word:
        raise QueryError(Msg("Card needs a name, for example card Villa."))
    name = canonical(word)
    pn = pile_name_for(word) if name is None or name not in CARDS else None
    spec: CardSpec | EventSpec | LandmarkSpec
    if name in CARDS:
        spec = CARDS[name]
        fields = dict(card=name, types=types_words(spec.types, lang), cost=cost_of(name, lang), text=lang._(spec.text))
        if _names_differ(name):
            line = lang.text(
                N_("{card} (Dutch: {other}): {types}, costs {cost}. {text}"), other=_other_name(name, lang), **fields
            )
        else:
            line = lang.text(N_("{card}: {types}, costs {cost}. {text}"), **fields)
        lines = [line]
        pile = spec.pile or name
        if view is not None and pile in view.piles:
            lines.append(pile_line(view, pile, lang, asked=name))  # the name and the cost are said above
        elif view is not None and pile not in view.piles:
            lines.append(lang._(N_("It is not in the Supply of this game.")))
        return lines
    if name in EVENTS:
        spec = EVENTS[name]
        line = lang.text(
            N_("{event} (Dutch: {other}): Event, costs {cost}. {text}"),
            event=name,
            other=_other_name(name, lang),
            cost=cost_of(name, lang),
            text=lang._(spec.text),
        )
        if view is not None and name not in view.events:
            line += " " + lang._(N_("It is not in this game."))
        return [line]
    if name in LANDMARKS:
        spec = LANDMARKS[name]
        if _names_differ(name):
            line = lang.text(
                N_("{landmark} (Dutch: {other}): Landmark. {text}"),
                landmark=name,
                other=_other_name(name, lang),
                text=lang._(spec.text),
            )
        else:
            line = lang.text(N_("{landmark}: Landmark. {text}"), landmark=name, text=lang._(spec.text))
        if view is not None and name not in view.landmarks:
            line += " " + lang._(N_("It is not in this game."))
        return [line]
    pn = pn or (name if name in PILES else None)
    if pn in PILES:
        members = PILES[pn].card_names
        if view is not None and pn in view.piles and view.piles[pn].top is not None:
            # the cards that are left are named by the pile's line, with their costs
            return [
                lang.text(
                    N_(
                        "{pile} (Dutch: {other}) is a pile of {n} different cards; type card and one of their "
                        "names to hear its text."
                    ),
                    pile=pn,
                    other=_other_name(pn, lang),
                    n=len(members),
                ),
                pile_line(view, pn, lang, asked=pn),
            ]
        lines = [
            lang.text(
                N_("{pile} (Dutch: {other}) is a pile of {cards}; type card and one of these names to hear its text."),
                pile=pn,
                other=_other_name(pn, lang),
                cards=join_names((lang.card(m) for m in members), lang),
            )
        ]
        if view is not None and pn in view.piles:
            lines.append(pile_line(view, pn, lang, asked=pn))
        return lines
    raise QueryError(Msg("{word} is not a card, Event or Landmark this game knows.", word=word))


def names_in_game(view: PlayerView, lang: Language = EN) -> list[str]:
    """Every card, Event and Landmark name a player may ask about in this game (in ``lang``)."""
    return [lang.card(n) for n in _game_names(view)]


GUESS_MOST = 8  # at most this many names in a "did you mean"


def _game_names(view: PlayerView | None) -> list[str]:
    """English names of every card, Event and Landmark of the game of ``view``."""
    if view is None:
        return []
    names = []
    for pile in view.piles:
        for n in PILES[pile].card_names if pile in PILES else [pile]:
            if n not in names:
                names.append(n)
    return names + [e for e in view.events if e not in names] + [x for x in view.landmarks if x not in names]


def guess_name(view: PlayerView | None, word: str, lang: Language = EN) -> str:
    """The English card, Event or Landmark name that ``word`` is the start of.

    Names in this game are tried first, then every name the game knows; a
    name matches when it (in ``lang`` or in English) or one of its words
    starts with ``word``. Raises :class:`QueryError` naming the candidates
    ("did you mean ...") when several fit or ``word`` looks like a misspelt
    name, and saying the name is not known when nothing fits."""
    word = word.strip()
    low = word.lower()
    everything = list(dict.fromkeys(list(CARDS) + list(EVENTS) + list(LANDMARKS)))
    tests = (lambda n: n.lower().startswith(low), lambda n: any(w.startswith(low) for w in n.lower().split()))
    for pool in (_game_names(view), everything):
        for test in tests:
            found = [n for n in pool if test(lang.card(n)) or test(n)]
            if len(found) == 1:
                return found[0]
            if found:
                raise QueryError(_did_you_mean(word, found, lang))
    shown: dict[str, str] = {}
    for n in everything:
        shown.setdefault(lang.card(n).lower(), n)
        shown.setdefault(n.lower(), n)
    close = list(dict.fromkeys(shown[c] for c in difflib.get_close_matches(low, list(shown), n=3, cutoff=0.75)))
    if close:
        raise QueryError(_did_you_mean(word, close, lang))
    raise QueryError(Msg("{word} is not a card, Event or Landmark this game knows.", word=word))


def _did_you_mean(word: str, names: list[str], lang: Language) -> Msg:
    if len(names) > GUESS_MOST:
        return Msg(N_("{n} names start with {word}; type more of the name."), n=len(names), word=word)
    return Msg(
        N_("There is no card named {word}; did you mean {names}?"),
        word=word,
        names=join_or((lang.card(n) for n in names), lang),
    )
