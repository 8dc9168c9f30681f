"""Game events to short sentences, in English or Dutch.

:class:`Narrator` reads the engine's events in order and returns the
sentences a listener hears. Numbers come as digits with their unit and the
new total ("Ann pays 3 Debt. 5 Debt left."). It tells what it is given:
privacy is decided at the host, which hands each listener the events
redacted for it, so another player's drawn cards arrive as a count. The
listener (``viewer``) is spoken to in the second person ("You draw ...",
"You have 8 Debt."); the sentences themselves are in
:mod:`a11y_dominion.announcements.sentences`.

Verbosity: ``terse`` keeps what the Accessibility Notes ask for (Debt, VP,
pile tops, empty piles, Villa's phase change, bids, the end) plus turn
starts, attacks, what other players buy and gain, and what the others do in the listener's
own turn (the outcome of the listener's attack: whom it hit, and what they discard, reveal,
trash or put back); ``normal`` adds plays, buys, gains, trashes and draws,
and tells each opponent's turn as one summary sentence at its end (when
there is one viewer), with what they revealed in it (a revealed card is public); what
another player does in that turn is told at once, opened by the play that made it ("Ann plays
Chariot Race and reveals Gold. You reveal Silver from the deck."); ``verbose`` adds every
Action/Buy/coin change and discard.

Priorities (for the speech layer): ``important`` for the viewer's turn
starting, an attack on the viewer and the end of the game; ``high`` for the
Accessibility Notes' announcements; ``normal`` for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypedDict

from ..i18n import N_, Language
from ..rules import events as ev
from ..rules.decisions import Msg
from .sentences import EventSentences, gained_left
from .words import UNITS, count, group_names, hand_sorted, join_names, plural

__all__ = ["ESSENTIAL", "UNITS", "VERBOSITIES", "Narrator", "count", "group_names", "join_names", "plural"]

VERBOSITIES = ("terse", "normal", "verbose")

_EN = Language("en")


# Events told at every verbosity (the Accessibility Notes and the frame of the game).
ESSENTIAL = (
    ev.DebtChanged,
    ev.VPTokensMoved,
    ev.PileTopChanged,
    ev.PileEmptied,
    ev.GameEndsAfterTurn,
    ev.GameEndCancelled,
    ev.BiddingStarted,
    ev.BidMade,
    ev.BiddingWon,
    ev.GameEnded,
    ev.GameSetUp,
    ev.LandmarkSetUp,
    ev.PileDebtSetUp,
    ev.PileDebtChanged,
    ev.TurnStarted,
    ev.Attacked,
)


# what another player does in the listener's own turn, told at terse too: the outcome of the
# listener's play (what their attack made the others discard, reveal, trash or put back)
ANSWERS = (ev.CardsDiscarded, ev.CardsRevealed, ev.CardTrashed, ev.CardMoved, ev.CardsMoved)

# what a turn's summary names of its player (see Narrator._note_deed); VP tokens besides
_DEEDS = (ev.CardPlayed, ev.CardBought, ev.EventBought, ev.CardGained, ev.CardTrashed, ev.DebtChanged, ev.CardsRevealed)

SETUP = (ev.GameSetUp, ev.LandmarkSetUp, ev.PileDebtSetUp)

# A sentence and its priority (normal, high or important).
Said = tuple[str, str]


class _Amount(NamedTuple):
    """Debt taken or paid, or VP tokens gained, in an opponent's turn summary: ``n`` of them;
    ``where``: the kind of place VP tokens came from (supply, landmark, pile); ``source``: the
    card, Event or pile the Debt was taken for or from, or the Landmark, pile or reason of the
    VP; ``left``: the VP tokens left where they came from."""

    n: int
    where: str = ""
    source: str = ""
    left: int = 0


@dataclass
class _Step:
    """One step of an opponent's turn summary: ``kind`` (played, bought, gained, trashed,
    discarded, revealed: the card names in ``names``, in order; took, paid, vp: the amounts in
    ``amounts``)."""

    kind: str
    names: list[str] = field(default_factory=list)
    amounts: list[_Amount] = field(default_factory=list)


class _SummaryFields(TypedDict):
    """The keys of every turn summary: whose turn, its steps in order, their Debt and VP tokens
    after the last change (None: none changed), the pile each bought card came from, the cards
    left in a pile (step index to card to count) and a split pile's new top (step index to card
    and count) told with a step."""

    player: str | None
    steps: list[_Step]
    debt: int | None
    piles: dict[str, str]
    vp: int | None
    left: dict[int, dict[str, int]]
    top: dict[int, tuple[str, int]]


class _Summary(_SummaryFields, total=False):
    """An opponent's turn as it is told at its end (see :meth:`Narrator._new_summary`)."""

    gained_from: dict[str, str]  # the pile each gained card came from
    told: bool  # a play of it was told with an attack


class _Lead(TypedDict):
    """Another player's play not told when it happened: who, the names it is in play as, the card,
    and what they revealed (``reveals``) or trashed (``trashes``) since, until it ends (their next
    play, buy or phase)."""

    player: str
    cards: set[str]
    card: str
    steps: list[tuple[str, tuple[str, ...]]]


def without_last_draw(events: list[ev.GameEvent]) -> list[ev.GameEvent]:
    """``events`` (told to a seat or a watcher at once) without what "Game over." among them makes
    needless: the shuffles and draws of the Clean-up that ended the game (the hand drawn
    for a turn that never comes) and "The game ends after this turn." told with the end
    itself (a bot's last turn)."""
    end = next(i for i, e in enumerate(events) if isinstance(e, ev.GameEnded))
    start = max(
        (i for i, e in enumerate(events[:end]) if isinstance(e, ev.PhaseChanged) and e.phase == "cleanup"),
        default=end,
    )
    return [
        e
        for i, e in enumerate(events)
        if not (start < i < end and isinstance(e, (ev.CardsDrawn, ev.DeckShuffled)))
        and not (i < end and isinstance(e, ev.GameEndsAfterTurn))
    ]


class Narrator(EventSentences):
    """Stateful event-to-sentence translator for one listener.

    ``viewer``: the player whose private facts may be told and who is
    spoken to as "you", or None for a shared table. ``verbosity``: terse,
    normal or verbose (ValueError otherwise). ``lang``: a
    :class:`~a11y_dominion.i18n.Language` (English by default).
    ``current``: the turn player when narration starts mid-turn.
    ``prompts``: the viewer answers at a turn prompt that names the phase,
    Actions, Buys, coins and Debt, so during the viewer's own Action and Buy
    phases the sentences tell the change ("You buy Silver.", "You take 1
    Debt for the Silver pile.") and leave the new figures to the prompt, and
    the sentences of one move are one line.
    ``people``: the players who are people, not bots; the start of another
    player's turn is told at once for them, while a bot's (whose turn takes no
    time) opens the one-line summary of its turn ("Bot, turn 5: played 3
    Coppers and Silver, bought Gold."), unless something of it must be said
    before its end ("Bot's turn 5. Militia attacks you.").
    ``watching``: with no ``viewer``, a person watching the game as it is played: at normal
    they hear every player's turn as a player hears another's, in its one-line summary;
    without it (a record of the whole game, a scenario's) every sentence is kept.
    The narrator tells every event it is given: privacy is decided before,
    at the host, which gives each listener the events redacted for it
    (:mod:`a11y_dominion.view`); a redacted event's hidden cards are told as
    a count ("Ann draws 5 cards.").
    """

    def __init__(
        self,
        viewer: str | None = None,
        verbosity: str = "normal",
        current: str | None = None,
        lang: Language | None = None,
        prompts: bool = False,
        people: frozenset[str] = frozenset(),
        watching: bool = False,
    ) -> None:
        if verbosity not in VERBOSITIES:
            raise ValueError(f"verbosity must be one of {', '.join(VERBOSITIES)}")
        self.viewer = viewer
        # someone hears the game as it is played (a seat, or a watcher): others' turns are summarised
        self.live = viewer is not None or watching
        self.verbosity = verbosity
        self.current = current
        # narration that starts in the middle of a turn (a loaded game) has not seen its beginning:
        # its summary must not say that nothing was played or bought
        self._partial_turn = current is not None
        self.L = lang or _EN
        # the viewer is asked at a turn prompt that names the phase, Actions, Buys, coins and Debt:
        # during the viewer's own Action and Buy phases those figures are left to it (said once)
        self.prompts = prompts
        # the players who are people: their turns take time, so their turn's start is told at once
        # (a bot's turn start is held and told with its summary, in one line)
        self.people = frozenset(people)
        self.phase = "action" if current is not None else ""  # of the turn being narrated
        self.last_drawn = None  # the cards the viewer was last told they drew
        self._summary: _Summary | None = None
        self._after_summary: list[str] = []
        # an opponent's turn start, held to open the summary of their turn ("Bot, turn 5: played ...")
        self._turn_held: int | None = None
        # another player's play not told when it happened (held for the summary, or left out at
        # terse) and what they revealed or trashed since: told with the attack it leads to, or with
        # what another player does in it that is told at once (see _with_lead)
        self._lead: _Lead | None = None
        # the player whose play going on was told as it happens (its lead said): what they reveal or
        # discard in it is told as it happens too, in order with the others' (Spy's own card)
        self._told_play: str | None = None
        # (player, card) of an Attack whose play the viewer's own question said ("Bot plays Militia,
        # an Attack: you may reveal a Moat"): its attack's sentence does not say it again
        self._asked_attack: tuple[str, str] | None = None
        # the events a note told already says ("Bot reveals no Copper: you get +1 coin and trash a
        # Gladiator from the Supply."): (type, player) of each, left out when it comes
        self._told: set[tuple[str, str | None]] = set()
        # the viewer's own buy just told in a prompted phase: (card or Event, its sentence), so that
        # a bonus for buying it ("When you buy this, +1 Buy.") is told in that sentence
        self._bought: tuple[str, str] | None = None
        # the figures a bonus told to the viewer changed, which the turn prompt names even when
        # they are back where they were (the console reads and clears it)
        self.bonus_said: set[str] = set()
        # the viewer's Clean-up draw, told with what is said next (see _holding_hand)
        self._hand_held: list[Said] = []
        # a play of the turn's player is going on (since its last phase began): what it discards
        # is the play's, not told in the summary (see _collect)
        self._in_play = False
        # the turn going on did something its summary would name (a play, buy, gain, trash, Debt
        # or VP): kept at every verbosity, so a summary begun at normal and ended after a change of
        # verbosity never says that a turn did nothing (see :meth:`_note_deed`)
        self._turn_did = False
        # the last buy of the opponent's summarised turn, held for its summary, when nothing of theirs
        # followed it but what it made: what it makes that is told at once names it first
        # (see :meth:`_with_buy`)
        self._held_buy: ev.CardBought | ev.EventBought | None = None

    # --- one summary sentence per opponent turn (normal verbosity, a seat or a watcher)
    def _summarizing(self, e: ev.GameEvent) -> bool:
        return (
            self.verbosity == "normal"
            and self.live
            and self.current is not None
            and self.current != self.viewer
            and getattr(e, "player", None) == self.current
            and not isinstance(e, ESSENTIAL)
            and not (isinstance(e, ev.PhaseChanged) and e.reason == "villa")
            # a result between the turn's player and another (Gladiator's, Chariot Race's): told at once
            and not (isinstance(e, ev.Note) and e.other)
            # what its player reveals or discards in a play told as it happens (Spy's own card): told so too
            and not (isinstance(e, (ev.CardsRevealed, ev.CardsDiscarded)) and e.player == self._told_play)
        )

    def _new_summary(self) -> _Summary:
        """An opponent's turn as it is told at its end: ``steps``, in the order they
        happened, each [kind, names or amounts]; ``debt``: their Debt after the last change;
        ``piles``: the pile each bought card came from; ``vp``: their VP tokens after the
        last change."""
        return {"player": self.current, "steps": [], "debt": None, "piles": {}, "vp": None, "left": {}, "top": {}}

    def _step(self, kind: str, item: str | _Amount) -> _Summary:
        """Add to the turn's last step when it is of the same kind ("played Copper"
        then "played Silver": "played Copper and Silver"; Debt or VP from the same
        place), else start a new one; returns the summary."""
        if self._summary is None:
            self._summary = self._new_summary()
        steps = self._summary["steps"]
        last = steps[-1] if steps and steps[-1].kind == kind else None
        if isinstance(item, str):
            if last is None:
                steps.append(_Step(kind, names=[item]))
            else:
                last.names.append(item)
        elif last is not None and (kind not in ("took", "vp") or last.amounts[0][1:3] == item[1:3]):
            last.amounts.append(item)
        else:
            steps.append(_Step(kind, amounts=[item]))
        return self._summary

    def _collect(self, e: ev.GameEvent) -> None:
        if isinstance(e, (ev.CardBought, ev.EventBought)):
            self._held_buy = e
        elif isinstance(e, (ev.CardPlayed, ev.PhaseChanged)):
            self._held_buy = None
        if isinstance(e, ev.CardPlayed):
            self._step("played", e.as_card or e.card)
            self._in_play = True
        elif isinstance(e, ev.PhaseChanged):
            self._in_play = False
            if self._summary is None:
                self._summary = self._new_summary()
        elif isinstance(e, ev.CardBought):
            self._step("bought", e.card)["piles"][e.card] = e.pile
            if self._pile_left(e):
                self._count_left(e.pile, e.pile_left)
        elif isinstance(e, ev.EventBought):
            self._step("bought", e.event)
        elif isinstance(e, ev.CardGained) and not e.bought:
            s = self._step("gained", e.card)
            s.setdefault("gained_from", {})[e.card] = e.pile
            if gained_left(e):  # "gained Duchy (5 left)"
                s["left"].setdefault(len(s["steps"]) - 1, {})[e.card] = e.pile_left
        elif isinstance(e, ev.CardTrashed):
            self._step("trashed", e.card)
        elif isinstance(e, ev.CardsRevealed) and not ev.is_hidden(e):
            # a revealed card is public: "played Patrician, revealed Gold"
            for card in e.cards:
                self._step("revealed", card)
        elif (
            isinstance(e, ev.CardsDiscarded)
            and e.source != "in_play"
            and self.phase != "cleanup"
            and (not self._in_play or e.source == "deck")
            and not ev.is_hidden(e)
        ):
            # a discard every player sees that no play made (Arena's Action card), in its place;
            # what a play discards from the hand (Forum's cards) is that play's, as its draw is,
            # but a card it discards from the deck (Vassal's) is shown by it, as a revealed one
            for card in e.cards:
                self._step("discarded", card)
        elif self._summary is None:
            self._summary = self._new_summary()

    def _count_left(self, pile: str, left: int) -> bool:
        """The cards left in ``pile`` after the summary's last buy from it, told with that buy
        ("bought Province (6 left)"; "bought Gold and Estate (7 Estates left)" when the step
        names cards of other piles too); False when no buy of the summary came from it."""
        s = self._summary
        if s is None:
            return False
        for k in range(len(s["steps"]) - 1, -1, -1):
            kind, items = s["steps"][k].kind, s["steps"][k].names
            card = next((x for x in reversed(items) if s["piles"].get(x) == pile), None)
            if kind == "bought" and card is not None:
                s["left"].setdefault(k, {})[card] = left
                return True
        return False

    def _left_told(self, step: str, items: list[str], left: dict[str, int], piles: dict[str, str]) -> str:
        """``step`` ("bought Province and Estate") with the cards left in the piles ``left``
        counts (card name -> cards left): "(7 left)" when the step names one card, else
        each count with its card ("(7 Estates left)"), so that no count is heard as another
        pile's. A card whose pile holds other cards too (``piles``: card name -> its pile), the
        Castles or a split pile, is counted by its pile's name: "bought Humble Castle (11 Castles
        left)", as 11 Humble Castles are not left."""
        mixed = {card: piles[card] for card in left if piles.get(card, card) != card}
        if len(left) == 1 and set(items) == set(left) and not mixed:
            return self._t(N_("{step} ({n} left)"), step=step, n=next(iter(left.values())))
        counts = [
            f"{n} {self.L.card(mixed[card]) if card in mixed else self.L.card(card) if n == 1 else self.L.cards(card)}"
            for card, n in left.items()
        ]
        return self._t(N_("{step} ({counts} left)"), step=step, counts=self._join(counts))

    def _top_told(self, e: ev.PileTopChanged) -> bool:
        """The new top of a split pile or the Castles after the summary's last buy or gain from
        it, told with that step ("gained Humble Castle (Crumbling Castle now on top, 7 left)");
        False when the summary's last step from that pile does not end with that card."""
        s = self._summary
        if s is None or e.top is None or e.top == e.previous:
            return False
        for k in range(len(s["steps"]) - 1, -1, -1):
            kind, items = s["steps"][k].kind, s["steps"][k].names
            if kind not in ("bought", "gained"):
                continue
            piles = s["piles"] if kind == "bought" else s.get("gained_from", {})
            if piles.get(items[-1]) == e.pile:
                s["top"][k] = (e.top, e.cards_left)
                s["left"].pop(k, None)
                return True
            if any(piles.get(x) == e.pile for x in items):
                return False
        return False

    def _collect_debt(self, e: ev.DebtChanged) -> None:
        """An opponent's Debt taken or paid, told in its place in the turn's summary."""
        if e.delta > 0:
            s = self._step("took", _Amount(e.delta, source=e.source))
        else:
            s = self._step("paid", _Amount(-e.delta))
        s["debt"] = e.total

    def _collect_vp(self, e: ev.VPTokensMoved) -> None:
        """VP tokens the opponent gained or took, told in their place in the turn's summary,
        with their new total (and what is left on the Landmark or pile) at its end."""
        source = e.source if e.source_kind in ("landmark", "pile") else e.reason
        self._step("vp", _Amount(e.amount, e.source_kind, source, e.source_left))["vp"] = e.target_total

    def _holding_for_summary(self, e: ev.GameEvent) -> bool:
        """An opponent's Debt, VP or pile change during their summarised turn:
        Debt is told in its place in the summary sentence; VP and piles right
        after it."""
        if not (self.verbosity == "normal" and self.live and self.current is not None and self.current != self.viewer):
            return False
        if isinstance(e, (ev.DebtChanged, ev.PileDebtChanged)):
            return e.player == self.current
        if isinstance(e, ev.VPTokensMoved):
            return e.target == self.current or (e.target_kind != "player" and self._summary is not None)
        return (
            isinstance(e, (ev.PileTopChanged, ev.PileEmptied, ev.GameEndsAfterTurn, ev.GameEndCancelled))
            and self._summary is not None
        )

    def flush(self) -> list[str]:
        """The summary of the opponent turn collected so far, if any, in one line:
        what they did in the order it happened, opened by the turn's number
        when its start was held for it ("Rand, turn 4: paid 1 Debt, bought
        Triumph, took 5 Debt for it and gained Estate; now 5 Debt."), their
        Debt after it, then the VP and pile sentences of that turn."""
        s, self._summary = self._summary, None
        self._held_buy = None
        after, self._after_summary = self._after_summary, []
        held, self._turn_held = self._turn_held, None
        if s is None:
            return [" ".join(after)] if after else []
        parts = []
        last_bought = None
        for k, step in enumerate(s["steps"]):
            kind, items, amounts = step.kind, step.names, step.amounts
            if kind == "took":
                n, source = sum(i.n for i in amounts), amounts[0].source
                if isinstance(source, Msg) and source.template == "the {pile} pile":  # a pile's Debt tokens
                    if last_bought is not None and source.args.get("pile") == s["piles"].get(last_bought):
                        parts.append(self._t(N_("took {n} Debt from its pile"), n=n))
                    else:
                        parts.append(self._t(N_("took {n} Debt from {source}"), n=n, source=source))
                elif source and source == last_bought:
                    parts.append(self._t(N_("took {n} Debt for it"), n=n))
                elif source:
                    parts.append(self._t(N_("took {n} Debt for {source}"), n=n, source=source))
                else:
                    parts.append(self._t(N_("took {n} Debt"), n=n))
            elif kind == "paid":
                parts.append(self._t(N_("paid {n} Debt"), n=sum(i.n for i in amounts)))
            elif kind == "vp":
                n, where, source = sum(i.n for i in amounts), amounts[0].where, amounts[0].source
                left = amounts[-1].left  # what is left where they came from, after the last take
                if where == "landmark":
                    parts.append(
                        self._t(N_("took {n} VP from {landmark} ({left} left)"), n=n, landmark=source, left=left)
                    )
                elif where == "pile":
                    parts.append(
                        self._t(N_("took {n} VP from the {pile} pile ({left} left)"), n=n, pile=source, left=left)
                    )
                elif source:
                    parts.append(self._t(N_("gained {n} VP from {source}"), n=n, source=source))
                else:
                    parts.append(self._t(N_("gained {n} VP"), n=n))
            else:
                verb = {
                    "played": N_("played {cards}"),
                    "bought": N_("bought {cards}"),
                    "gained": N_("gained {cards}"),
                    "trashed": N_("trashed {cards}"),
                    "discarded": N_("discarded {cards}"),
                    "revealed": N_("revealed {cards}"),
                }[kind]
                part = self._t(verb, cards=self._names(items))
                if k in s["top"]:
                    top, n = s["top"][k]
                    part = self._t(N_("{step} ({top} now on top, {n} left)"), step=part, top=top, n=n)
                elif k in s["left"]:
                    part = self._left_told(part, items, s["left"][k], s["piles"])
                parts.append(part)
            last_bought = items[-1] if kind == "bought" else None
        partial, self._partial_turn = self._partial_turn, False
        # (its plays were told with an attack, or as they happened at another verbosity)
        if not parts and (partial or s.get("told") or self._turn_did):
            return [" ".join(after)] if after else []
        if not parts:
            if held is not None:
                line = self._t(N_("{player}, turn {n}: nothing played or bought."), player=s["player"], n=held)
            else:
                line = self._t(N_("{player} ended their turn without playing or buying anything."), player=s["player"])
            return [" ".join([line, *after])]
        actions = ", ".join(parts)  # one step after the other, as a list ("played 3 Coppers, bought Gold")
        totals = []
        # a total that is the one change of its kind said in the summary ("took 3 Debt for it":
        # they had none) is not said again
        if s["debt"] is not None and not self._only_change(s, ("took", "paid"), s["debt"]):
            totals.append(self._n(s["debt"], "Debt"))
        if s["vp"] is not None and not self._only_change(s, ("vp",), s["vp"]):
            totals.append(self._n(s["vp"], "VP token"))
        if totals:
            actions = self._t(N_("{actions}; now {totals}"), actions=actions, totals=self._join(totals))

        if held is not None:
            line = self._t(N_("{player}, turn {n}: {actions}."), player=s["player"], n=held, actions=actions)
        else:
            line = self._t(N_("{player} {actions}."), player=s["player"], actions=actions)
        return [" ".join([line, *after])]

    @staticmethod
    def _only_change(s: _Summary, kinds: tuple[str, ...], total: int) -> bool:
        """True when the summary ``s`` says one change of ``kinds`` (Debt taken, or VP tokens
        gained), one step of one or more amounts of the same kind, and it is ``total``."""
        steps = [step for step in s["steps"] if step.kind in kinds]
        return len(steps) == 1 and steps[0].kind in ("took", "vp") and sum(i.n for i in steps[0].amounts) == total

    def before_question(self, play: tuple[str, str] | None = None) -> list[str]:
        """The summary so far of an opponent's turn of which nothing was said yet, when
        the viewer must answer a question in it (a card gained or played there asks
        something of them, not through an attack's line): "Bot, turn 13: played 2 Coppers,
        bought Haunted Castle."; the rest of the turn is summed up at its end. An empty
        list when the turn's start was already told (an attack's line), or nothing was
        collected. The viewer's own Clean-up draw, if it is still held, comes first.

        ``play``: (player, card) of the play that the question names itself ("Bot plays
        Militia, an Attack: you may reveal a Moat"): it is left out of the summary (which then
        may be the turn's start alone, "Bot's turn 9."), and the sentence of the attack it leads
        to does not say it again (see :meth:`attack_told`).

        In a person's turn, whose start was told, the summary so far is said when a buy held
        for it asks the question (Haunted Castle's), so the question is not heard before the buy;
        a play held for it that asks the question (Gladiator's copy) is said first, with what
        its player revealed in it ("Ann plays Gladiator and reveals Estate.")."""
        lead = self._lead
        if play is not None and lead is not None and lead["player"] == play[0] and play[1] in lead["cards"]:
            self._lead = None
            self._asked_attack = play
            self._told_play = play[0]
            self._unsay_play(lead["cards"], alone=True)
            if self.verbosity == "normal" and self._turn_held is not None:
                turn = self._turn_held
                said = self.flush()
                return self.held_hand() + (said or [self._t(N_("{player}'s turn {n}."), player=play[0], n=turn)])
        if self.verbosity != "normal":
            return self.held_hand()
        if self._turn_held is None and self._held_buy is None:
            return self.held_hand() + self._lead_said()
        if self._summary is None:
            return self.held_hand()
        self._lead = None  # (the play it comes from is in the summary said now: it goes on as told)
        self._told_play = self.current
        return self.held_hand() + self.flush()  # (a buy that asks, Haunted Castle's: said before its question)

    def attack_told(self, e: ev.Attacked) -> bool:
        """True when the viewer's own question named the play of the attack ``e`` (see
        :meth:`before_question`): its sentence is left out when the viewer is its one
        victim, and said without the play otherwise ("Militia attacks you and Cid.")."""
        told, self._asked_attack = self._asked_attack, None
        return told == (e.player, e.card)

    def _release_turn(self) -> list[str]:
        """The held start of an opponent's turn, when something of that turn must be said
        before its summary (an attack): "Bot's turn 9."; else nothing."""
        if self._turn_held is None or self.current is None:
            return []
        n, self._turn_held = self._turn_held, None
        return [self._t(N_("{player}'s turn {n}."), player=self.current, n=n)]

    def _with_turn(self, said: list[str]) -> list[str]:
        """``said``, opened by the held start of the opponent's turn on the same line
        ("Bot's turn 9. Catapult attacks you.") when it was held, and by the buy or the play
        that made it (:meth:`_with_buy`, :meth:`_with_lead`)."""
        said = self._with_lead(self._with_buy(said)) if said else said
        turn = self._release_turn()
        if turn and said:
            return [turn[0] + " " + said[0], *said[1:]]
        return turn + said

    # --- the play an attack comes from, told with it
    def _hold_lead(self, e: ev.GameEvent) -> None:
        """Keep another player's play that is not told as it happens, and the cards they
        reveal or trash after it, for the sentence of the attack it leads to (or of what
        another player does in it, :meth:`_with_lead`); their next buy or phase ends it."""
        if isinstance(e, (ev.CardPlayed, ev.CardBought, ev.EventBought, ev.PhaseChanged)):
            self._told_play = None  # (the play told as it happens is over)
        if isinstance(e, ev.CardPlayed):
            if e.player == self.viewer:
                self._lead = None
            else:
                self._lead = {"player": e.player, "cards": {e.card, e.as_card}, "card": e.card, "steps": []}
        elif self._lead is None or getattr(e, "player", None) != self._lead["player"]:
            return
        elif isinstance(e, (ev.CardBought, ev.EventBought, ev.PhaseChanged)):
            self._lead = None
        elif isinstance(e, ev.CardBecame):
            self._lead["cards"].add(e.as_card)
        elif isinstance(e, ev.CardsRevealed) and not ev.is_hidden(e):
            self._lead["steps"].append(("reveals", e.cards))
        elif isinstance(e, ev.CardTrashed) and not ev.is_hidden(e):
            self._lead["steps"].append(("trashes", (e.card,)))

    def attack_lead(self, e: ev.Attacked) -> list[str]:
        """The clauses that open the sentence of the attack ``e`` when the play it comes
        from was not told ("plays Legionary", "reveals Gold"), or [] when it was."""
        lead, self._lead = self._lead, None
        if lead is None or lead["player"] != e.player or e.card not in lead["cards"]:
            return []
        return self._lead_clauses(lead)

    def _lead_clauses(self, lead: _Lead) -> list[str]:
        """The clauses that tell the held play ``lead`` ("plays Legionary", "reveals Gold"), which
        leave the turn's summary (said once); the plays just before it in the summary go with it
        when it ends the summary so far ("plays Patrician and Enchantress")."""
        for verb, cards in lead["steps"]:
            for card in cards:
                self._take_out("revealed" if verb == "reveals" else "trashed", card)
        played = self._unsay_play(lead["cards"])[:-1] + [lead["card"]]
        self._told_play = lead["player"]
        out = [self._t(N_("plays {cards}"), cards=self._names(played))]
        for verb, cards in lead["steps"]:
            template = N_("reveals {cards}") if verb == "reveals" else N_("trashes {cards}")
            out.append(self._t(template, cards=self._names(cards)))
        return out

    def _lead_said(self) -> list[str]:
        """The held play of the turn's player, in a sentence of its own ("Ann plays Chariot Race and
        reveals Gold."), no longer held; nothing when none is (at normal verbosity)."""
        lead = self._lead
        if lead is None or lead["player"] != self.current or self.verbosity != "normal":
            return []
        self._lead = None
        return [self._t(N_("{player} {actions}."), player=lead["player"], actions=self._join(self._lead_clauses(lead)))]

    def _with_lead(self, said: list[str]) -> list[str]:
        """``said``, told at once in an opponent's summarised turn (what another player does in
        it: Chariot Race's card revealed from their deck, Council Room's draw, a Moat revealed, a
        result between the two, Gladiator's), opened on its line by the play held for the summary
        that made it, with what its player revealed or trashed in it: "Ann plays Chariot Race and
        reveals Gold. You reveal Silver from the deck." What a play makes is never heard before
        the play; the play leaves the summary, so that it is said once."""
        lead = self._lead_said()
        if not lead:
            return said
        return [lead[0] + " " + said[0], *said[1:]]

    def _take_out(self, kind: str, name: str) -> None:
        """Take the last ``name`` of the steps of ``kind`` out of the turn's summary (a step
        said with the play it belongs to)."""
        s = self._summary
        if s is None:
            return
        for k in range(len(s["steps"]) - 1, -1, -1):
            items = s["steps"][k].names
            if s["steps"][k].kind == kind and name in items:
                del items[len(items) - 1 - items[::-1].index(name)]
                if not items:
                    self._drop_step(k)
                return

    def _drop_step(self, k: int) -> None:
        """Take the summary's step ``k`` out, with the counts and tops told with it."""
        s = self._summary
        assert s is not None
        del s["steps"][k]
        s["left"] = {(x - 1 if x > k else x): n for x, n in s["left"].items() if x != k}
        s["top"] = {(x - 1 if x > k else x): n for x, n in s["top"].items() if x != k}

    def _unsay_play(self, cards: set[str], alone: bool = False) -> list[str]:
        """Take the last play of one of ``cards`` out of the turn's summary, the attack's
        sentence naming it ("Bot plays Enchantress and attacks you."), so that the summary does
        not say it again. When that play ends the summary so far, the plays just before it go
        with it, in order ("Bot plays Patrician and Enchantress and attacks you."), unless
        ``alone`` (the summary still says them): returns the plays taken out, the attack's last."""
        s = self._summary
        if s is None:
            return []
        for k in range(len(s["steps"]) - 1, -1, -1):
            kind, items = s["steps"][k].kind, s["steps"][k].names
            if kind != "played":
                continue
            at = next((j for j in range(len(items) - 1, -1, -1) if items[j] in cards), None)
            if at is None:
                continue
            s["told"] = True
            if k == len(s["steps"]) - 1 and at == len(items) - 1 and not alone:
                taken = list(items)
                self._drop_step(k)
                return taken
            taken = [items.pop(at)]
            if not items:
                self._drop_step(k)
            return taken
        return []

    # --- whole batches
    def sentences(self, events: Iterable[ev.GameEvent]) -> list[str]:
        """All sentences for ``events``, in order."""
        return [text for text, _prio in self.announcements(events)]

    def announcements(self, events: Iterable[ev.GameEvent]) -> list[Said]:
        """``(sentence, priority)`` pairs for ``events``, in order.

        A plain play (a card played whose only effect is +Actions/+Buys/+coins,
        such as Treasures and Villa), or a run of them, is told as one sentence:
        "Ann plays 3 Coppers and Silver: +5 coins. Ann has ... 5 coins."
        A shuffle and the draw that follows it are one sentence too.
        """
        events = list(events)
        # a seat hears its news between its questions; a record of the whole game (a scenario's
        # announcements, viewer None) keeps every sentence
        if self.viewer is not None and any(isinstance(e, ev.GameEnded) for e in events):
            events = without_last_draw(events)
        out: list[Said] = []
        own: set[int] = set()  # indices of ``out`` said in the viewer's own prompted Action or Buy phase
        i = 0
        while i < len(events):
            mine = (
                self.viewer is not None
                and self.verbosity != "verbose"
                and self._prompted(self.viewer)
                and not isinstance(events[i], SETUP)  # a position's set-up: one line each, as in any game
            )
            start = len(out)
            e = events[i]
            if isinstance(e, ev.GameEnded):
                self._hand_held = []  # the hand drawn for a turn that never comes: not read
            hand = self._holding_hand(e)
            nxt = self._announce_next(events, i, out)
            self._note_deed(events[i:nxt])
            i = nxt
            if hand:
                self._hand_held += out[start:]
                del out[start:]
            elif self._hand_held and len(out) > start:
                # something else is told: the hand drawn before it first, in order
                held, self._hand_held = self._hand_held, []
                out[start:start] = held
                start += len(held)
            if mine:
                own.update(range(start, len(out)))
        return self._one_line_per_move(out, own)

    def _note_deed(self, events: Sequence[ev.GameEvent]) -> None:
        """Note whether the turn going on did something its summary names (``_turn_did``), from
        ``events`` just told at whatever verbosity: a turn's start clears it (its summary, if
        any, was told before), and the turn player's play, buy, gain, trash, Debt or VP sets it."""
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self._turn_did = False
            elif isinstance(e, _DEEDS) and e.player == self.current:
                self._turn_did = True
            elif isinstance(e, ev.VPTokensMoved) and e.target == self.current:
                self._turn_did = True

    def _holding_hand(self, e: ev.GameEvent) -> bool:
        """True for the viewer's shuffle or draw in their own Clean-up, at a seat asked at a
        prompt (``prompts``): the new hand is told with what is said next, so that when the
        game ends before that hand is used (another player's last turn, told with "Game
        over.") it is not read. A record of the game (no prompts) tells it in its place."""
        return (
            self.prompts
            and self.viewer is not None
            and isinstance(e, (ev.CardsDrawn, ev.DeckShuffled))
            and e.player == self.viewer
            and self.current == self.viewer
            and self.phase == "cleanup"
        )

    def held_hand(self) -> list[str]:
        """The sentences of the viewer's Clean-up draw held so far (see :meth:`_holding_hand`),
        now told: they are no longer held."""
        held, self._hand_held = self._hand_held, []
        return [text for text, _prio in held]

    def _announce_next(self, events: list[ev.GameEvent], i: int, out: list[Said]) -> int:
        """Add to ``out`` the ``(sentence, priority)`` pairs of the event at ``i`` (with the
        plain plays or the draw told with it); returns the index of the next event."""
        run = self._plain_run(events, i)
        if run and self._summarizing(events[i]):
            # a run of plain plays in an opponent's summarised turn: named as the player's own
            # are ("You play 3 Coppers and 2 Silvers."), in the order a hand is read
            for card in hand_sorted(play.card for play, _gain in run):
                self._step("played", card)
            self._in_play = True
            self._hold_lead(run[-1][0])
            return i + 2 * len(run)
        if run and self.verbosity != "verbose":
            if self.verbosity != "terse":
                out.extend((x, "normal") for x in self._release_turn())
                out.append((self._plain_sentence(run), "normal"))
                self._lead = None
            else:
                self._hold_lead(run[-1][0])
            return i + 2 * len(run)
        e = events[i]
        folded = self._folded_play(events, i)
        if folded is not None:
            played, nxt = folded
            out.extend((x, "normal") for x in played)
            return nxt
        after = events[i + 1] if i + 1 < len(events) else None
        if (
            isinstance(e, ev.ResourcesChanged)
            and e.source == "Villa"
            and (e.d_actions, e.d_buys, e.d_coins) == (1, 0, 0)
            and isinstance(after, ev.PhaseChanged)
            and after.reason == "villa"
        ):
            return i + 1  # Villa gained in the Buy phase: going back to the Action phase says its +1 Action
        if (
            isinstance(e, ev.ResourcesChanged)
            and e.source == "play"
            and isinstance(after, ev.CardPlayed)
            and after.player == e.player
        ):
            # the Action a play uses is spent as it is played: the play is told first ("You play
            # Villa. -1 Action. You have 0 Actions, ...")
            out.extend((x, self.priority(after)) for x in self.narrate(after))
            out.extend((x, self.priority(e)) for x in self.narrate(e))
            return i + 2
        if self._buy_bonus_told(e, out):
            return i + 1
        if isinstance(e, (ev.CardBought, ev.EventBought)) and self._prompted(e.player):
            start = len(out)
            out.extend((s, self.priority(e)) for s in self.narrate(e))
            name = e.card if isinstance(e, ev.CardBought) else e.event
            self._bought = (name, out[-1][0]) if len(out) > start else None
            return i + 1
        if isinstance(e, ev.CardsRevealed) and after is not None and self._note_tells(after, e):
            return i + 1  # the note that follows names the card revealed
        trashed = self._trash_run(events, i)
        if len(trashed) > 1:
            # several cards trashed at once (Donate): one sentence, grouped like draws
            said = self._p(
                trashed[0].player,
                N_("You trash {cards}."),
                N_("{player} trashes {cards}."),
                cards=self._names(t.card for t in trashed),
            )
            out.extend((x, self.priority(e)) for x in self._with_turn([said]))
            return i + len(trashed)
        moved = self._move_run(events, i)
        if len(moved) > 1:
            # the same move of one player's cards, one after the other (Haunted Castle's attack
            # puts 2 cards onto a deck): one sentence ("Bot puts 2 cards onto their deck.")
            told = self._narrate_event(self._merged_move(moved))
            out.extend((x, self.priority(e)) for x in self._with_turn(told))
            return i + len(moved)
        if isinstance(e, ev.PileTopChanged) and self._count_folded(out, e):
            return i + 1
        if (
            isinstance(e, ev.BidMade)
            and e.amount is not None
            and isinstance(after, ev.BiddingWon)
            and after.player == e.player == self.viewer
        ):
            # the viewer's own bid, the last, wins: said once ("You bid 2 Debt and win Mountain Pass.")
            said = self._t(N_("You bid {n} Debt and win Mountain Pass."), n=e.amount)
            out.extend((s, "high") for s in self._with_turn([said]))
            return i + 2
        if (
            isinstance(e, ev.DeckShuffled)
            and isinstance(after, ev.CardsDrawn)
            and after.player == e.player
            and after.count > 0
            and not self._summarizing(e)
            and self.verbosity != "terse"
        ):
            drawn = self.narrate(after)
            if len(drawn) == 1:
                out.extend((x, "normal") for x in self._release_turn())
                out.append((self._shuffled_and_drew(e, after), self.priority(after)))
                return i + 2
        prio = self.priority(e)
        out.extend((s, prio) for s in self.narrate(e))
        return i + 1

    def _folded_play(self, events: list[ev.GameEvent], i: int) -> tuple[list[str], int] | None:
        """At verbose: a play of the viewer's own at ``i`` told in one line with the Actions,
        Buys and coins it made and their new totals (:meth:`folded_play`): the Action the play
        used, the play, and the bonus right after it. Returns (its sentences, the index of the
        next event), or None for anything else."""
        if self.verbosity != "verbose":
            return None
        first = events[i]
        j = i + 1 if isinstance(first, ev.ResourcesChanged) and first.source == "play" else i
        if j >= len(events):
            return None
        play = events[j]
        if not isinstance(play, ev.CardPlayed) or play.replaced or play.player != self.viewer:
            return None
        changes: list[ev.ResourcesChanged] = []
        if j > i and isinstance(first, ev.ResourcesChanged):
            if first.player != play.player:
                return None
            changes.append(first)
        bonus = events[j + 1] if j + 1 < len(events) else None
        if isinstance(bonus, ev.ResourcesChanged) and bonus.source == play.card and bonus.player == play.player:
            changes.append(bonus)
        if not changes:
            return None
        nxt = j + 2 if changes[-1] is bonus else j + 1
        said = self.narrate(play)
        if said and said[-1].endswith("."):
            said[-1] = self.folded_play(said[-1], changes)
        else:  # (nothing to fold into: each told as it is)
            said += [x for c in changes for x in self.narrate(c)]
        return said, nxt

    def _buy_bonus_told(self, e: ev.GameEvent, out: list[Said]) -> bool:
        """A bonus for buying a card or Event (Forum's, Delve's +1 Buy) that the viewer gets in
        their prompted phase, told in the sentence of the buy ("You buy Forum: +1 Buy."); the
        figures it changed are named by the turn prompt even when the buy's cost took them
        back (``bonus_said``). True when it was told so."""
        bought = self._bought
        if not isinstance(e, ev.ResourcesChanged) or bought is None or e.source == "Villa":
            return False  # (Villa's +1 Action is told with the phase it leads to)
        if e.source != bought[0] or not self._prompted(e.player) or self.verbosity == "verbose":
            return False
        at = next((k for k in range(len(out) - 1, -1, -1) if out[k][0] == bought[1]), None)
        gains = [
            (d, unit, key)
            for d, unit, key in (
                (e.d_actions, "Action", "actions"),
                (e.d_buys, "Buy", "buys"),
                (e.d_coins, "coin", "coins"),
            )
            if d > 0
        ]
        if at is None or not gains:
            return False
        bits = ["+" + self._n(d, unit) for d, unit, _key in gains]
        self.bonus_said.update(key for _d, _unit, key in gains)
        text, prio = out[at]
        out[at] = (self._t(N_("{said}: {bonus}."), said=text[:-1], bonus=self._join(bits)), prio)
        self._bought = None
        return True

    def _trash_run(self, events: Sequence[ev.GameEvent], i: int) -> list[ev.CardTrashed]:
        """The cards trashed one after the other from ``i`` by one player from one zone (not
        the Supply), the events in order, when they are told as they happen; [] otherwise."""
        run: list[ev.CardTrashed] = []
        first = events[i]
        if (
            not isinstance(first, ev.CardTrashed)
            or first.source == "supply"
            or self._summarizing(first)
            or self.verbosity == "terse"
        ):
            return run
        while i < len(events):
            e = events[i]
            if not (
                isinstance(e, ev.CardTrashed)
                and e.player == first.player
                and e.source == first.source
                and not ev.is_hidden(e)
                and (e.type, e.player) not in self._told
            ):
                break
            run.append(e)
            i += 1
        return run

    def _move_run(self, events: Sequence[ev.GameEvent], i: int) -> list[ev.CardMoved | ev.CardsDiscarded]:
        """The moves of one player's cards (the events in order), one after the other from ``i``, of
        the same kind (cards put from one zone onto their deck, into their hand or onto their
        discard pile, or discarded from one zone), all seen or all hidden, when they are told
        as they happen; [] otherwise."""
        first = events[i]
        if (
            not isinstance(first, (ev.CardMoved, ev.CardsDiscarded))
            or self._summarizing(first)
            or self.verbosity == "terse"
        ):
            return []
        if isinstance(first, ev.CardMoved) and first.destination not in ("deck", "hand", "discard"):
            return []
        if isinstance(first, ev.CardsDiscarded) and first.source == "in_play":
            return []

        def key(e: ev.GameEvent) -> tuple[object, ...] | None:
            if isinstance(e, ev.CardMoved):
                return (e.type, e.player, e.source, e.destination, e.top, e.private_to, ev.is_hidden(e))
            if isinstance(e, ev.CardsDiscarded):
                return (e.type, e.player, e.source, e.private_to, ev.is_hidden(e))
            return None

        want = key(first)
        run: list[ev.CardMoved | ev.CardsDiscarded] = []
        while i < len(events):
            e = events[i]
            if (
                type(e) is not type(first)
                or not isinstance(e, (ev.CardMoved, ev.CardsDiscarded))
                or key(e) != want
                or (e.type, e.player) in self._told
            ):
                break
            run.append(e)
            i += 1
        return run

    @staticmethod
    def _merged_move(moves: Sequence[ev.CardMoved | ev.CardsDiscarded]) -> ev.GameEvent:
        """One event for the run of moves ``moves``, all of one type (see :meth:`_move_run`)."""
        first = moves[0]
        if isinstance(first, ev.CardsDiscarded):
            cards = tuple(c for m in moves if isinstance(m, ev.CardsDiscarded) for c in m.cards)
            return ev.CardsDiscarded(first.player, cards, first.source, first.private_to)
        return ev.CardsMoved(
            first.player,
            tuple(m.card for m in moves if isinstance(m, ev.CardMoved)),
            len(moves),
            first.source,
            first.destination,
            first.private_to,
            first.top,
        )

    def _count_folded(self, out: list[Said], e: ev.PileTopChanged) -> bool:
        """When only the count of ``e``'s pile changed and the last sentence said ends with that
        pile ("You take 1 Debt for the Settlers pile."), the count is told in it ("... for the
        Settlers pile (9 cards left)."): True when it was, and the pile's own sentence is left out."""
        if e.top is None or e.top != e.previous or not out or self._holding_for_summary(e):
            return False
        text, prio = out[-1]
        end = self._t(N_("the {pile} pile"), pile=e.pile) + "."
        if not text.endswith(end):
            return False
        said = self._t(N_("{said} ({count} left)."), said=text[:-1], count=self._n(e.cards_left, "card"))
        out[-1] = (said, "high" if prio == "normal" else prio)
        return True

    def _note_tells(self, note: ev.GameEvent, e: ev.GameEvent) -> bool:
        """True when ``note`` is a note that will be told and says the event ``e`` itself."""
        return (
            isinstance(note, ev.Note)
            and e.type in note.tells
            and getattr(e, "player", None) in (note.player, note.other)
            and not self._summarizing(note)
            and (self.verbosity != "terse" or self._terse_keeps(note))
        )

    @staticmethod
    def _one_line_per_move(out: list[Said], own: set[int]) -> list[Said]:
        """The sentences of one move of the viewer in their own Action or Buy phase
        ("You buy Villa. You take 1 Debt for the Villa pile. Villa: you go back to the
        Action phase.") joined into one line, with the highest priority among them."""
        joined: list[Said] = []
        rank = {"normal": 0, "high": 1, "important": 2}
        for k, (text, prio) in enumerate(out):
            if k in own and k - 1 in own and joined:
                before, p = joined[-1]
                joined[-1] = (before + " " + text, max(p, prio, key=rank.__getitem__))
            else:
                joined.append((text, prio))
        return joined

    def priority(self, e: ev.GameEvent) -> str:
        """``important``, ``high`` or ``normal`` for an event (see the module doc)."""
        if isinstance(e, ev.GameEnded):
            return "important"
        if isinstance(e, ev.TurnStarted) and e.player == self.viewer:
            return "important"
        if isinstance(e, ev.Attacked) and self.viewer in e.victims:
            return "important"
        if isinstance(e, ESSENTIAL) and not isinstance(e, (ev.GameSetUp, ev.TurnStarted)):
            return "high"
        if isinstance(e, ev.PhaseChanged) and e.reason == "villa":
            return "high"
        return "normal"

    def _plain_sentence(self, run: Sequence[tuple[ev.CardPlayed, ev.ResourcesChanged]]) -> str:
        # (cards with no text of their own: the order they were played in changes nothing, so they
        # are named in the order the hand is read, as the draw was)
        plays = [play for play, _gain in run]
        last = run[-1][1]
        da = sum(gain.d_actions for _play, gain in run)
        db = sum(gain.d_buys for _play, gain in run)
        dc = sum(gain.d_coins for _play, gain in run)
        bits = ["+" + self._n(d, u) for d, u in ((da, "Action"), (db, "Buy"), (dc, "coin")) if d > 0]
        if self._prompted(plays[0].player):
            # the turn prompt that follows names the new Actions, Buys and coins (each one that changed)
            return self._t(N_("You play {cards}."), cards=self._names(hand_sorted(e.card for e in plays)))
        return self._p(
            plays[0].player,
            N_("You play {cards}: {bonus}. You have {actions}, {buys}, {coins}."),
            N_("{player} plays {cards}: {bonus}. {player} has {actions}, {buys}, {coins}."),
            cards=self._names(hand_sorted(e.card for e in plays)),
            bonus=self._join(bits),
            actions=self._n(last.actions, "Action"),
            buys=self._n(last.buys, "Buy"),
            coins=self._n(last.coins, "coin"),
        )

    @staticmethod
    def _plain_run(events: Sequence[ev.GameEvent], i: int) -> list[tuple[ev.CardPlayed, ev.ResourcesChanged]]:
        """The plain plays from ``i`` on, each a card played by one player and the +Actions,
        +Buys or +coins right after it that are its whole effect (see :meth:`announcements`)."""
        run: list[tuple[ev.CardPlayed, ev.ResourcesChanged]] = []
        while i + 1 < len(events):
            a, b = events[i], events[i + 1]
            if not (
                isinstance(a, ev.CardPlayed)
                and not a.as_card
                and not a.replaced
                and not a.again
                and isinstance(b, ev.ResourcesChanged)
                and b.source == a.card
                and b.player == a.player
            ):
                break
            if run and run[0][0].player != a.player:
                break
            run.append((a, b))
            i += 2
        return run

    # --- one event
    def narrate(self, e: ev.GameEvent) -> list[str]:
        """Sentences for one event (often one, sometimes none)."""
        pre: list[str] = []
        if (e.type, getattr(e, "player", None)) in self._told:
            self._told.discard((e.type, e.player))  # type: ignore[attr-defined]
            return pre  # said by the note before it
        if isinstance(e, ev.GameEnded) and self.live:
            # "The game ends after this turn." said with "Game over.": the end says it
            ends = self._game_ends_after_turn(e)
            self._after_summary = [x for x in self._after_summary if x != ends]
        if isinstance(e, (ev.TurnStarted, ev.GameEnded, ev.BiddingStarted)):
            pre = self.flush()
        if isinstance(e, ev.TurnStarted):
            self._bought = None
            self._lead = self._told_play = None
            self.current = e.player
            self._partial_turn = False
            self.phase = "action"
            if self.verbosity == "normal" and self.live and e.player != self.viewer and e.player not in self.people:
                self._turn_held = e.number  # told with the summary of the turn, at its end
                return pre
        elif isinstance(e, ev.PhaseChanged):
            self.phase = e.phase
        elif isinstance(e, (ev.BiddingStarted, ev.GameEnded)):
            self.phase = "over"  # no turn prompt of this turn follows
        if self._summarizing(e):
            self._collect(e)
            self._hold_lead(e)
            return pre
        if self._holding_for_summary(e):
            if isinstance(e, ev.PileDebtChanged) and e.delta < 0 and e.player == self.current:
                return pre  # the summary's "took 1 Debt from the Silver pile" says it
            if isinstance(e, ev.DebtChanged):
                self._collect_debt(e)
                return pre
            if isinstance(e, ev.VPTokensMoved) and e.target_kind == "player" and e.target == self.current:
                self._collect_vp(e)
                return pre
            if self._summary is None:
                self._summary = self._new_summary()
            if (
                isinstance(e, ev.PileTopChanged)
                and e.top is not None
                and e.top == e.previous
                and self._count_left(e.pile, e.cards_left)
            ):
                return pre  # "bought Settlers (9 left)": the count is told with the buy
            if isinstance(e, ev.PileTopChanged) and self._top_told(e):
                return pre  # "gained Humble Castle (Crumbling Castle now on top, 7 left)"
            self._after_summary.extend(self._narrate_event(e))
            return pre
        if self.verbosity == "terse" and not self._terse_keeps(e):
            self._hold_lead(e)
            return pre
        if isinstance(e, ev.CardPlayed):
            self._lead = None  # told as it happens
        said = self._narrate_event(e)
        return pre + (self._with_turn(said) if said else [])

    def _with_buy(self, said: list[str]) -> list[str]:
        """``said``, told at once in an opponent's summarised turn, opened on its line by the
        buy held for the summary that made it ("Carl buys Villa. Villa: +1 Action, Carl goes back
        to the Action phase."; "Carl buys Haunted Castle (Humble Castle now on top, 7 left). Ann
        puts 2 cards onto their deck."): what a buy makes is never heard before the buy. The buy
        leaves the summary, so that it is said once, and an undo of it is heard after it."""
        buy, self._held_buy = self._held_buy, None
        s = self._summary
        if buy is None or s is None:
            return said
        name = buy.card if isinstance(buy, ev.CardBought) else buy.event
        top = None  # the new top of its split pile or the Castles, told with it
        for k in range(len(s["steps"]) - 1, -1, -1):
            step = s["steps"][k]
            if step.kind == "bought" and name in step.names:
                if step.names[-1] == name:
                    top = s["top"].pop(k, None)
                del step.names[len(step.names) - 1 - step.names[::-1].index(name)]  # (its last buy of it)
                if k in s["left"]:
                    s["left"][k].pop(name, None)
                if not step.names:
                    self._drop_step(k)
                break
        else:
            return said
        if isinstance(buy, ev.CardBought):
            told = self._t(N_("{player} buys {card}."), player=buy.player, card=buy.card)
            left = self._pile_left(buy)
            if top is not None:  # "Carl buys Haunted Castle (Humble Castle now on top, 7 left)."
                told = self._t(N_("{step} ({top} now on top, {n} left)"), step=told[:-1], top=top[0], n=top[1]) + "."
            elif left:
                told = told + " " + left
        else:
            told = self._t(N_("{player} buys the Event {event}."), player=buy.player, event=buy.event)
        return [told + " " + said[0], *said[1:]]

    def _narrate_event(self, e: ev.GameEvent) -> list[str]:
        # the sentences' method for the event's type (see EventSentences)
        fn: Callable[[ev.GameEvent], str | Iterable[str] | None] | None = getattr(self, "_" + e.type, None)
        if fn is None:
            return []
        res = fn(e)
        if res is None:
            return []
        return [res] if isinstance(res, str) else list(res)

    def _terse_keeps(self, e: ev.GameEvent) -> bool:
        """At terse verbosity: what affects the listener, Debt and VP
        changes, pile tops and empty piles, bids, Villa, setup and the end, and
        what each player bought and each other player gained (their deck is public
        knowledge); the viewer's own buys and the end of their turn answer their moves, and
        so do the outcome of the viewer's own attack (whom it hit) and what the others do in
        the viewer's turn (:data:`ANSWERS`: Militia's discards, a Moat revealed, Bandit's
        trashing)."""
        if isinstance(e, (ev.CardBought, ev.EventBought)):
            return True  # the viewer's own buy too: the answer to it, heard as the card's name
        if isinstance(e, ev.CardGained):
            return e.player != self.viewer
        if isinstance(e, ev.PhaseChanged):
            # the viewer's own Clean-up: "Turn ended.", the answer to their end
            own_end = self.viewer is not None and e.player == self.viewer and e.phase == "cleanup"
            return e.reason == "villa" or own_end
        if self.viewer is not None:
            if isinstance(e, ev.TurnStarted):
                return e.player == self.viewer
            if isinstance(e, ev.Attacked):
                return self.viewer in e.victims or e.player == self.viewer
            if isinstance(e, ANSWERS) and self.current == self.viewer and e.player != self.viewer:
                return True
        return isinstance(e, ESSENTIAL)
