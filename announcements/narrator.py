"""Game events to short English sentences.

:class:`Narrator` reads the engine's events in order and returns the
sentences a table hears. Numbers come as digits with their unit and the new
total ("Ann pays 3 Debt. 5 Debt left."); card names that only one player
may see are given to that player alone (``viewer``) or, in table mode, to
the player whose turn it is.

Verbosity: ``terse`` keeps what the Accessibility Notes ask for (Debt, VP,
pile tops, Villa's phase change, bids, the end) plus turn starts and
attacks; ``normal`` adds plays, buys, gains, trashes and draws;
``verbose`` adds every Action/Buy/coin change and discards.
"""
from __future__ import annotations

from typing import Iterable, Optional

from a11y_dominion.rules import events as ev

VERBOSITIES = ("terse", "normal", "verbose")


def join_names(names: Iterable[str]) -> str:
    """"Copper, Copper and Silver" for a list of names; "nothing" if empty."""
    names = list(names)
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def group_names(names: Iterable[str]) -> str:
    """"2 Coppers and a Silver" style grouping, keeping first-seen order."""
    counts: dict = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    parts = [f"{k} {plural(n)}" if k > 1 else n for n, k in counts.items()]
    return join_names(parts)


def plural(name: str) -> str:
    """English plural of a card name ("Estates", "Duchies", "Bustling Villages")."""
    if name.endswith("y") and not name.endswith(("ey", "ay", "oy")):
        return name[:-1] + "ies"
    if name.endswith(("s", "x", "sh", "ch")):
        return name + "es"
    return name + "s"


def count(n: int, unit: str) -> str:
    """"1 coin", "3 coins", "1 VP", "2 Actions"."""
    if unit in ("VP", "Debt"):
        return f"{n} {unit}"
    return f"{n} {unit}" + ("" if n == 1 else "s")


# Event categories used for verbosity and priority.
ESSENTIAL = (ev.DebtChanged, ev.VPTokensMoved, ev.PileTopChanged, ev.PileEmptied, ev.BiddingStarted,
             ev.BidMade, ev.BiddingWon, ev.GameEnded, ev.GameSetUp, ev.LandmarkSetUp, ev.PileDebtSetUp,
             ev.PileDebtChanged, ev.TurnStarted, ev.Attacked)


class Narrator:
    """Stateful event-to-sentence translator for one listener.

    ``viewer``: the player whose private facts may be told, or None for a
    shared table (private facts of the turn player are told).
    ``verbosity``: terse, normal or verbose.
    """

    def __init__(self, viewer: Optional[str] = None, verbosity: str = "normal",
                 current: Optional[str] = None):
        if verbosity not in VERBOSITIES:
            raise ValueError(f"verbosity must be one of {', '.join(VERBOSITIES)}")
        self.viewer = viewer
        self.verbosity = verbosity
        self.current = current
        self._summary: Optional[dict] = None

    # --- one summary sentence per opponent turn (normal verbosity, one viewer)
    def _summarizing(self, e: ev.GameEvent) -> bool:
        return (self.verbosity == "normal" and self.viewer is not None and self.current is not None
                and self.current != self.viewer and getattr(e, "player", None) == self.current
                and not isinstance(e, ESSENTIAL)
                and not (isinstance(e, ev.PhaseChanged) and e.reason == "villa"))

    def _collect(self, e: ev.GameEvent) -> None:
        s = self._summary
        if s is None:
            s = self._summary = {"player": self.current, "played": [], "bought": [], "gained": [], "trashed": []}
        if isinstance(e, ev.CardPlayed):
            s["played"].append(e.as_card or e.card if not e.again else (e.as_card or e.card) + " again")
        elif isinstance(e, ev.CardBought):
            s["bought"].append(e.card)
        elif isinstance(e, ev.EventBought):
            s["bought"].append("the Event " + e.event)
        elif isinstance(e, ev.CardGained) and not e.bought:
            s["gained"].append(e.card)
        elif isinstance(e, ev.CardTrashed):
            s["trashed"].append(e.card)

    def flush(self) -> list:
        """The summary sentence of the opponent turn collected so far, if any."""
        s, self._summary = self._summary, None
        if s is None:
            return []
        parts = []
        for key, verb in (("played", "played"), ("bought", "bought"), ("gained", "gained"), ("trashed", "trashed")):
            if s[key]:
                parts.append(f"{verb} {group_names(s[key])}")
        if not parts:
            return [f"{s['player']} ended their turn without playing or buying anything."]
        return [f"{s['player']} {join_names(parts)}."]

    def may_see(self, e: ev.GameEvent) -> bool:
        """True when this listener may hear the event's private details."""
        owner = e.viewer
        if owner is None:
            return True
        if self.viewer is not None:
            return owner == self.viewer
        return owner == self.current

    def sentences(self, events: Iterable[ev.GameEvent]) -> list:
        """All sentences for ``events``, in order.

        Runs of two or more plain plays (a card played whose only effect is
        +Actions/+Buys/+coins, such as Treasures) are told as one sentence:
        "Ann plays 3 Coppers and a Silver: +5 coins. Ann has ... 5 coins."
        """
        events = list(events)
        out = []
        i = 0
        while i < len(events):
            run = [] if self._summarizing(events[i]) else self._plain_run(events, i)
            if len(run) >= 2 and self.verbosity != "verbose":
                plays = [events[j] for j in run]
                last = events[run[-1] + 1]
                da = sum(events[j + 1].d_actions for j in run)
                db = sum(events[j + 1].d_buys for j in run)
                dc = sum(events[j + 1].d_coins for j in run)
                bits = [f"+{count(d, u)}" for d, u in ((da, "Action"), (db, "Buy"), (dc, "coin")) if d > 0]
                if self.verbosity != "terse":
                    out.append(f"{plays[0].player} plays {group_names(e.card for e in plays)}: {join_names(bits)}. "
                               f"{last.player} has {count(last.actions, 'Action')}, {count(last.buys, 'Buy')}, "
                               f"{count(last.coins, 'coin')}.")
                i = run[-1] + 2
                continue
            out.extend(self.narrate(events[i]))
            i += 1
        return out

    @staticmethod
    def _plain_run(events: list, i: int) -> list:
        run = []
        while i + 1 < len(events):
            a, b = events[i], events[i + 1]
            if not (isinstance(a, ev.CardPlayed) and not a.as_card and not a.replaced and not a.again
                    and isinstance(b, ev.ResourcesChanged) and b.source == a.card and b.player == a.player):
                break
            nxt = events[i + 2] if i + 2 < len(events) else None
            if run and events[run[0]].player != a.player:
                break
            run.append(i)
            if nxt is not None and isinstance(nxt, ev.TurnStarted):
                break
            i += 2
        return run

    def narrate(self, e: ev.GameEvent) -> list:
        """Sentences for one event (often one, sometimes none)."""
        pre = []
        if isinstance(e, (ev.TurnStarted, ev.GameEnded)):
            pre = self.flush()
        if isinstance(e, ev.TurnStarted):
            self.current = e.player
        if self._summarizing(e):
            self._collect(e)
            return pre
        return pre + self._narrate_one(e)

    def _narrate_one(self, e: ev.GameEvent) -> list:
        if self.verbosity == "terse" and not isinstance(e, ESSENTIAL):
            if not (isinstance(e, ev.PhaseChanged) and e.reason == "villa"):
                return []
        fn = getattr(self, "_" + e.type, None)
        if fn is None:
            return []
        res = fn(e)
        if res is None:
            return []
        return [res] if isinstance(res, str) else list(res)

    # --- setup
    def _game_set_up(self, e):
        piles = []
        for name, coins, debt in e.kingdom_costs:
            cost = _cost(coins, debt)
            if "/" in name or name == "Castles":
                piles.append(f"{name} ({cost} for the top card)")
            else:
                piles.append(f"{name} ({cost})")
        out = [f"New game for {join_names(e.players)}. {e.players[0]} goes first.",
               f"Kingdom: {join_names(piles)}."]
        if e.events:
            costs = {name: _cost(c, d) for name, c, d in e.event_costs}
            out.append(f"Events: {join_names(f'{n} ({costs[n]})' if n in costs else n for n in e.events)}.")
        if e.landmarks:
            out.append(f"Landmarks: {join_names(e.landmarks)}.")
        return out

    def _landmark_set_up(self, e):
        if e.landmark == "Obelisk":
            if e.detail:
                halves = e.detail.split("/")
                what = join_names(halves)
                return (f"Obelisk marks the {e.detail} pile: every {what} you have scores 2 VP at the end.")
            return "Obelisk: no Action pile to mark."
        if e.pile_tokens:
            placed = join_names(f"{vp} VP on the {pile} pile" for pile, vp in e.pile_tokens)
            return f"{e.landmark}: {placed}."
        if e.vp_tokens:
            return f"{e.landmark} starts with {e.vp_tokens} VP."
        return None

    def _pile_debt_set_up(self, e):
        return f"Tax: {e.each} Debt on each of the {e.piles} Supply piles."

    # --- turn flow
    def _turn_started(self, e):
        return f"{e.player}'s turn {e.number}."

    def _phase_changed(self, e):
        if e.phase == "action":
            if e.reason == "villa":
                return f"Villa: {e.player} goes back to the Action phase."
            return None if self.verbosity != "verbose" else "Action phase."
        if e.phase == "buy":
            if e.reason == "again":
                return f"{e.player}'s Buy phase starts again."
            return f"{e.player}'s Buy phase."
        if e.phase == "cleanup":
            return None if self.verbosity != "verbose" else "Clean-up."
        return None

    def _card_played(self, e):
        what = e.card if not e.as_card else f"{e.card} as {e.as_card}"
        if e.again:
            s = f"{e.player} plays {e.as_card or e.card} again."
        else:
            s = f"{e.player} plays {what}."
        if e.replaced:
            s += " Enchantress: instead, +1 Card and +1 Action."
        return s

    def _cards_drawn(self, e):
        if e.count == 0:
            return f"{e.player} has no cards left to draw."
        if self.may_see(e):
            who = "You draw" if self.viewer == e.player else f"{e.player} draws"
            return f"{who} {group_names(e.cards)}."
        return f"{e.player} draws {count(e.count, 'card')}."

    def _deck_shuffled(self, e):
        return f"{e.player} shuffles; {count(e.count, 'card')} in the deck."

    def _cards_revealed(self, e):
        where = {"deck": " from the deck", "discard": " from the discard pile"}.get(e.source, "")
        return f"{e.player} reveals {group_names(e.cards)}{where}."

    def _cards_discarded(self, e):
        if e.source == "in_play":
            return None if self.verbosity != "verbose" else f"{e.player} discards {count(len(e.cards), 'card')} from play."
        if e.viewer is not None:
            if self.verbosity != "verbose":
                return None
            return f"{e.player} discards {count(len(e.cards), 'card')}."
        return f"{e.player} discards {group_names(e.cards)}."

    def _card_moved(self, e):
        places = {"hand": "their hand", "deck": "their deck", "discard": "their discard pile",
                  "set_aside": "aside", "in_play": "play"}
        if not self.may_see(e):
            return f"{e.player} puts a card onto {places.get(e.destination, e.destination)}."
        if e.destination == "set_aside":
            return f"{e.player} sets {e.card} aside."
        if e.source == "set_aside":
            return f"{e.player} puts a set-aside {e.card} into {places.get(e.destination)}."
        return f"{e.player} puts {e.card} into {places.get(e.destination, e.destination)}." \
            if e.destination in ("hand",) else f"{e.player} puts {e.card} onto {places.get(e.destination)}."

    def _card_bought(self, e):
        return f"{e.player} buys {e.card}; {count(e.coins_left, 'coin')} left."

    def _event_bought(self, e):
        return f"{e.player} buys the Event {e.event}; {count(e.coins_left, 'coin')} left."

    def _card_gained(self, e):
        if e.bought and e.destination == "discard":
            return None
        where = {"hand": " into their hand", "deck": " onto their deck"}.get(e.destination, "")
        return f"{e.player} gains {e.card}{where}."

    def _card_trashed(self, e):
        src = " from the Supply" if e.source == "supply" else ""
        return f"{e.player} trashes {e.card}{src}."

    def _card_returned(self, e):
        return f"{e.card} goes back to the {e.pile} pile."

    def _resources_changed(self, e):
        if e.source == "play" and self.verbosity != "verbose":
            return None
        bits = []
        for d, unit in ((e.d_actions, "Action"), (e.d_buys, "Buy"), (e.d_coins, "coin")):
            if d > 0:
                bits.append(f"+{count(d, unit)}")
            elif d < 0:
                bits.append(f"{d} {unit}" + ("s" if d < -1 else ""))
        if not bits:
            return None
        return (f"{join_names(bits)}. {e.player} has {count(e.actions, 'Action')}, "
                f"{count(e.buys, 'Buy')}, {count(e.coins, 'coin')}.")

    def _debt_changed(self, e):
        src = f" for {e.source}" if e.source and e.delta > 0 else ""
        if e.delta > 0:
            return f"{e.player} takes {e.delta} Debt{src}. {e.player} has {e.total} Debt."
        left = f" {e.coins_left} coin{'s' if e.coins_left != 1 else ''} left." if e.coins_left >= 0 else ""
        return f"{e.player} pays {-e.delta} Debt. {e.total} Debt left.{left}"

    def _vp_tokens_moved(self, e):
        n = e.amount
        if e.target_kind == "player":
            tot = f"{e.target} has {e.target_total} VP token{'s' if e.target_total != 1 else ''}"
            if e.source_kind == "supply":
                why = f" from {e.reason}" if e.reason else ""
                return f"{e.target} gains {n} VP{why}. {tot}."
            if e.source_kind == "landmark":
                return f"{e.target} takes {n} VP from {e.source}. {tot}; {e.source_left} VP left on {e.source}."
            return (f"{e.target} takes {n} VP from the {e.source} pile. {tot}; "
                    f"{e.source_left} VP left on the pile.")
        if e.target_kind == "pile":
            return f"{n} VP added to the {e.target} pile; {e.target_total} VP on it now."
        if e.target_kind == "landmark":
            return (f"{n} VP moves from the {e.source} pile to {e.target}: {e.source_left} VP left on the pile, "
                    f"{e.target_total} VP on {e.target}.")
        return None

    def _pile_debt_changed(self, e):
        if e.delta > 0:
            who = f"{e.player} puts" if e.player else "Adding"
            return f"{who} {e.delta} Debt on the {e.pile} pile; {e.total} Debt on it now."
        return f"{-e.delta} Debt taken from the {e.pile} pile."

    def _pile_top_changed(self, e):
        if e.top is None:
            return None
        return f"{e.pile} pile: {e.top} is now on top, {count(e.cards_left, 'card')} left."

    def _pile_emptied(self, e):
        return f"The {e.pile} pile is empty. {count(e.empty_piles, 'Supply pile')} empty."

    def _attacked(self, e):
        if not e.victims:
            return None
        return f"{e.card} attacks {join_names(e.victims)}."

    def _duration_resolved(self, e):
        if e.set_aside_left:
            return f"{e.card} done for now; {e.player} has {count(e.set_aside_left, 'card')} set aside."
        return None

    def _bidding_started(self, e):
        return (f"Mountain Pass: {e.player} gained the first Province. Bidding for 8 VP, "
                f"in this order: {join_names(e.order)}.")

    def _bid_made(self, e):
        if e.amount is None:
            return f"{e.player} passes."
        return f"{e.player} bids {e.amount} Debt."

    def _bidding_won(self, e):
        if e.player is None:
            return "Mountain Pass: nobody bid."
        return f"Mountain Pass: {e.player} wins with a bid of {e.amount} Debt, gaining 8 VP and taking {e.amount} Debt."

    def _note(self, e):
        if not self.may_see(e):
            return None
        text = e.text
        if text.startswith("'"):
            return f"{e.player}{text}."
        return f"{e.player} {text}."

    def _game_ended(self, e):
        out = ["Game over."]
        for name, total, cards, tokens, lms in e.scores:
            parts = [f"{cards} from cards", f"{tokens} from VP tokens"]
            parts += [f"{v} from {lm}" for lm, v in lms]
            out.append(f"{name}: {total} VP ({join_names(parts)}).")
        turns = dict(e.turns)
        if len(e.winners) == 1:
            out.append(f"{e.winners[0]} wins.")
        else:
            out.append(f"{join_names(e.winners)} share the win.")
        del turns
        return out


def _cost(coins: int, debt: int) -> str:
    from a11y_dominion.rules.cost import describe_cost
    return describe_cost(coins, debt)
