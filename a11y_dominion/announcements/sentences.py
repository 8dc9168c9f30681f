"""The sentence for each kind of game event, in the listener's language.

:class:`EventSentences` holds one method ``_<event type>`` per event that
has something to say; :class:`~a11y_dominion.announcements.narrator.Narrator` picks the
method by the event's ``type`` and decides what is told when (verbosity,
summaries, runs of plays). Every sentence is an English template marked
``N_()`` for the catalog; numbers come as digits with their unit and the
new total; the listener (``viewer``) is spoken to as "you".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..i18n import N_, Language
from ..rules import events as ev
from ..rules.cards import CARDS
from .words import called, count, group_names, hand_sorted, join_names


def gained_left(e: ev.CardGained) -> int:
    """The cards left in the Supply pile of a gained Victory card or Curse, told with the gain
    ("You gain Duchy (5 left)."); 0 when not told (another card, an empty pile, a split pile or
    the Castles, whose new top is told with the count, or a gain from the trash)."""
    if e.pile_left <= 0 or "/" in e.pile or e.pile in ("Castles", "trash"):
        return 0
    spec = CARDS.get(e.card)
    if spec is None or not ({"Victory", "Curse"} & set(spec.types)):
        return 0
    return e.pile_left


_CARDS_PUT = {  # where CardsMoved puts a player's cards: (the cards seen, by you and by another; their count)
    "hand": (
        N_("You put {cards} into your hand."),
        N_("{player} puts {cards} into their hand."),
        N_("You put {count} into your hand."),
        N_("{player} puts {count} into their hand."),
    ),
    "deck": (
        N_("You put {cards} onto your deck."),
        N_("{player} puts {cards} onto their deck."),
        N_("You put {count} onto your deck."),
        N_("{player} puts {count} onto their deck."),
    ),
    "discard": (
        N_("You put {cards} onto your discard pile."),
        N_("{player} puts {cards} onto their discard pile."),
        N_("You put {count} onto your discard pile."),
        N_("{player} puts {count} onto their discard pile."),
    ),
}


class EventSentences:
    """Sentences for single events (a mixin of :class:`~a11y_dominion.announcements.narrator.Narrator`):
    needs ``viewer`` (str or None), ``verbosity`` and ``L`` (a :class:`Language`); ``prompts``,
    ``current`` and ``phase`` as the narrator keeps them (see :meth:`_prompted`)."""

    viewer: str | None
    verbosity: str
    L: Language
    prompts: bool = False  # the viewer answers at a turn prompt naming the phase and figures
    current: str | None = None  # the turn player
    phase: str = ""  # the phase of the turn being narrated
    last_drawn: tuple[str, ...] | None = None  # the cards the viewer was last told they drew
    phase_said: str | None = None  # the viewer's new phase, named by the last sentence told about it
    debt_said: int | None = None  # the viewer's whole Debt, said by the last sentence ("You take 4 Debt ...")
    # the viewer's figures ("actions", "buys", "coins") whose new totals the last sentences said
    # ("you have 6 coins", verbose), so that the turn prompt after them need not say them again
    totals_said: dict[str, int] | None = None

    def attack_lead(self, e: ev.Attacked) -> list[str]:
        """The clauses that open an attack's sentence when its play was not told (see the narrator)."""
        return []

    def attack_told(self, e: ev.Attacked) -> bool:
        """True when the viewer's own question said the play of the attack ``e`` (see the narrator)."""
        return False

    # --- small helpers
    def _t(self, template: str, **fields: object) -> str:
        return self.L.text(template, **fields)

    def _p(self, player: str, you: str, they: str, **fields: object) -> str:
        """The "you" template for the viewer, else the third-person one."""
        if player == self.viewer:
            return self._t(you, **fields)
        return self._t(they, player=player, **fields)

    def _n(self, n: int, unit: str) -> str:
        return count(n, unit, self.L)

    def _names(self, names: Iterable[str]) -> str:
        return group_names(names, self.L)

    def _join(self, parts: Iterable[str]) -> str:
        return join_names(parts, self.L)

    def _c(self, name: str) -> str:
        return self.L.card(name)

    def _prompted(self, player: str) -> bool:
        """True when ``player`` is the viewer, in their own Action or Buy phase, and a turn
        prompt naming the phase, Actions, Buys, coins and Debt follows (``prompts``)."""
        return self.prompts and player == self.viewer and self.current == player and self.phase in ("action", "buy")

    # --- setup
    def _game_set_up(self, e: ev.GameSetUp) -> list[str]:
        piles = []
        for name, coins, debt in e.kingdom_costs:
            cost = self.L.cost(coins, debt)
            if "/" in name or name == "Castles":
                piles.append(self._t(N_("{pile} ({cost} for the top card)"), pile=name, cost=cost))
            else:
                piles.append(self._t(N_("{pile} ({cost})"), pile=name, cost=cost))
        out = [
            self._p(
                e.players[0],
                N_("New game for {players}. You go first."),
                N_("New game for {players}. {player} goes first."),
                players=self._join(e.players),
            ),
            self._t(N_("Kingdom: {piles}."), piles=self._join(piles)),
        ]
        if e.events:
            costs = {name: self.L.cost(c, d) for name, c, d in e.event_costs}
            out.append(
                self._t(
                    N_("Events: {events}."),
                    events=self._join(
                        self._t(N_("{pile} ({cost})"), pile=n, cost=costs[n]) if n in costs else self._c(n)
                        for n in e.events
                    ),
                )
            )
        if e.landmarks:
            out.append(self._t(N_("Landmarks: {landmarks}."), landmarks=self._join(self._c(x) for x in e.landmarks)))
        return out

    def _landmark_set_up(self, e: ev.LandmarkSetUp) -> str | None:
        if e.landmark == "Obelisk":
            if e.detail:
                halves = [self._c(x) for x in e.detail.split("/")]
                return self._t(
                    N_("Obelisk marks the {pile} pile: every {cards} you have scores 2 VP at the end."),
                    pile=e.detail,
                    cards=self._join(halves),
                )
            return self._t(N_("Obelisk: no Action pile to mark."))
        if e.pile_tokens:
            placed = self._join(self._t(N_("{n} VP on the {pile} pile"), n=vp, pile=pile) for pile, vp in e.pile_tokens)
            return self._t(N_("{landmark}: {placed}."), landmark=e.landmark, placed=placed)
        if e.vp_tokens:
            return self._t(N_("{landmark} starts with {n} VP."), landmark=e.landmark, n=e.vp_tokens)
        return None

    def _pile_debt_set_up(self, e: ev.PileDebtSetUp) -> str:
        return self._t(N_("Tax: {each} Debt on each of the {n} Supply piles."), each=e.each, n=e.piles)

    # --- turn flow
    def _turn_started(self, e: ev.TurnStarted) -> str:
        return self._p(e.player, N_("Your turn {n}."), N_("{player}'s turn {n}."), n=e.number)

    def _phase_changed(self, e: ev.PhaseChanged) -> str | None:
        if e.player == self.viewer and e.reason in ("villa", "again"):
            self.phase_said = e.phase  # the sentence names the new phase: the turn prompt need not
        if e.phase == "action":
            if e.reason == "villa":  # with Villa's +1 Action, which is not said on its own in the Buy phase
                return self._p(
                    e.player,
                    N_("Villa: +1 Action, back to your Action phase."),
                    N_("Villa: +1 Action, {player} goes back to the Action phase."),
                )
            if self.verbosity != "verbose" or self._prompted(e.player):
                return None  # (the turn prompt that follows names the Action phase)
            return self._p(e.player, N_("Your Action phase."), N_("{player}'s Action phase."))
        if e.phase == "buy":
            if e.reason == "again":
                return self._p(e.player, N_("Your Buy phase starts again."), N_("{player}'s Buy phase starts again."))
            if self._prompted(e.player):
                return None  # the turn prompt names the Buy phase
            return self._p(e.player, N_("Your Buy phase."), N_("{player}'s Buy phase."))
        if e.phase == "cleanup":
            if self.verbosity == "terse" and e.player == self.viewer:
                # the one answer to the viewer's own end at terse, where their draw is not told
                return self._t(N_("Turn ended."))
            if self.verbosity != "verbose":
                return None
            return self._p(e.player, N_("Your Clean-up."), N_("{player}'s Clean-up."))
        return None

    def _card_played(self, e: ev.CardPlayed) -> str:
        if e.again:
            s = self._p(
                e.player, N_("You play {card} again."), N_("{player} plays {card} again."), card=e.as_card or e.card
            )
        elif e.as_card:
            s = self._p(
                e.player,
                N_("You play {card} as {card2}."),
                N_("{player} plays {card} as {card2}."),
                card=e.card,
                card2=e.as_card,
            )
        else:
            s = self._p(e.player, N_("You play {card}."), N_("{player} plays {card}."), card=e.card)
        if e.replaced:
            s += " " + self._t(N_("Enchantress: instead, +1 Card and +1 Action."))
        return s

    def _cards_drawn(self, e: ev.CardsDrawn) -> str:
        if e.count == 0:
            return self._p(e.player, N_("You have no cards left to draw."), N_("{player} has no cards left to draw."))
        if not ev.is_hidden(e):
            if e.player == self.viewer:
                self.last_drawn = tuple(e.cards)
            # in the order the hand is read ("You draw 3 Coppers, Silver and Estate.")
            cards = self._names(hand_sorted(e.cards))
            return self._p(e.player, N_("You draw {cards}."), N_("{player} draws {cards}."), cards=cards)
        return self._p(e.player, N_("You draw {count}."), N_("{player} draws {count}."), count=self._n(e.count, "card"))

    def _deck_shuffled(self, e: ev.DeckShuffled) -> str:
        return self._p(
            e.player,
            N_("You shuffle; {count} in the deck."),
            N_("{player} shuffles; {count} in the deck."),
            count=self._n(e.count, "card"),
        )

    def _shuffled_and_drew(self, shuffle: ev.DeckShuffled, draw: ev.CardsDrawn) -> str:
        """A shuffle and the draw right after it, in one sentence."""
        count = self._n(shuffle.count, "card")
        if not ev.is_hidden(draw):
            return self._p(
                draw.player,
                N_("You shuffle {count} and draw {cards}."),
                N_("{player} shuffles {count} and draws {cards}."),
                count=count,
                cards=self._names(hand_sorted(draw.cards)),
            )
        return self._p(
            draw.player,
            N_("You shuffle {count} and draw {drawn}."),
            N_("{player} shuffles {count} and draws {drawn}."),
            count=count,
            drawn=self._n(draw.count, "card"),
        )

    def _cards_revealed(self, e: ev.CardsRevealed) -> str:
        if e.source == "deck":
            return self._p(
                e.player,
                N_("You reveal {cards} from the deck."),
                N_("{player} reveals {cards} from the deck."),
                cards=self._names(e.cards),
            )
        if e.source == "discard":
            return self._p(
                e.player,
                N_("You reveal {cards} from the discard pile."),
                N_("{player} reveals {cards} from the discard pile."),
                cards=self._names(e.cards),
            )
        return self._p(e.player, N_("You reveal {cards}."), N_("{player} reveals {cards}."), cards=self._names(e.cards))

    def _cards_discarded(self, e: ev.CardsDiscarded) -> str | None:
        if e.source == "in_play":
            if self.verbosity != "verbose":
                return None
            return self._p(
                e.player,
                N_("You discard {count} from play."),
                N_("{player} discards {count} from play."),
                count=self._n(len(e.cards), "card"),
            )
        if e.viewer is not None:
            if self.verbosity != "verbose":
                return None
            return self._p(
                e.player,
                N_("You discard {count}."),
                N_("{player} discards {count}."),
                count=self._n(len(e.cards), "card"),
            )
        return self._p(
            e.player, N_("You discard {cards}."), N_("{player} discards {cards}."), cards=self._names(e.cards)
        )

    def _card_moved(self, e: ev.CardMoved) -> str | None:
        if ev.is_hidden(e):
            if e.destination == "deck":
                return self._p(
                    e.player, N_("You put a card onto your deck."), N_("{player} puts a card onto their deck.")
                )
            if e.destination == "hand":
                return self._p(
                    e.player, N_("You put a card into your hand."), N_("{player} puts a card into their hand.")
                )
            return None
        if e.destination == "set_aside":
            return self._p(e.player, N_("You set {card} aside."), N_("{player} sets {card} aside."), card=e.card)
        if e.source == "set_aside" and e.destination == "hand":
            return self._p(
                e.player,
                N_("You put the set-aside {card} into your hand."),
                N_("{player} puts a set-aside {card} into their hand."),
                card=e.card,
            )
        if e.destination == "hand":
            return self._p(
                e.player, N_("You put {card} into your hand."), N_("{player} puts {card} into their hand."), card=e.card
            )
        if e.destination == "deck":
            return self._p(
                e.player, N_("You put {card} onto your deck."), N_("{player} puts {card} onto their deck."), card=e.card
            )
        if e.destination == "discard":
            return self._p(
                e.player,
                N_("You put {card} onto your discard pile."),
                N_("{player} puts {card} onto their discard pile."),
                card=e.card,
            )
        return None

    def _cards_moved(self, e: ev.CardsMoved) -> str | None:
        seen = not ev.is_hidden(e)
        cards = self._names(e.cards)
        n = self._n(e.count, "card")
        if e.source == "deck" and e.destination == "discard":
            return self._p(
                e.player,
                N_("You put your deck of {count} into your discard pile."),
                N_("{player} puts their deck of {count} into their discard pile."),
                count=n,
            )
        said = _CARDS_PUT.get(e.destination)
        if said is None:
            return None
        if seen:
            return self._p(e.player, said[0], said[1], cards=cards)
        return self._p(e.player, said[2], said[3], count=n)

    def _cards_set_aside(self, e: ev.CardsSetAside) -> str | None:
        if e.viewer is None:
            return None  # face up from the deck: the reveal that follows names them
        if not ev.is_hidden(e):
            if e.look:
                return self._p(
                    e.player,
                    N_("You look at {cards} from the top of your deck."),
                    N_("{player} looks at {cards} from the top of their deck."),
                    cards=self._names(e.cards),
                )
            return self._p(
                e.player,
                N_("You set aside {cards} from your deck."),
                N_("{player} sets aside {cards} from their deck."),
                cards=self._names(e.cards),
            )
        if e.look:
            return self._p(
                e.player,
                N_("You look at the top {count} of your deck."),
                N_("{player} looks at the top {count} of their deck."),
                count=self._n(e.count, "card"),
            )
        return self._p(
            e.player,
            N_("You set aside {count} from your deck."),
            N_("{player} sets aside {count} from their deck."),
            count=self._n(e.count, "card"),
        )

    def _game_end_cancelled(self, e: ev.GameEndCancelled) -> str:
        return self._t(N_("The game no longer ends after this turn: the {pile} pile has cards again."), pile=e.pile)

    def _card_bought(self, e: ev.CardBought) -> str:
        left = self._pile_left(e)
        if self._prompted(e.player):
            if left:  # the cards left in a Victory pile or a pile nearly empty, told with the buy
                return self._t(N_("You buy {card} ({n} left)."), card=e.card, n=e.pile_left)
            return self._t(N_("You buy {card}."), card=e.card)
        if self.verbosity == "terse" and e.player != self.viewer:  # the fact, without the coins left
            s = self._t(N_("{player} buys {card}."), player=e.player, card=e.card)
            return s + " " + left if left else s
        s = self._p(
            e.player,
            N_("You buy {card}; {coins} left."),
            N_("{player} buys {card}; {coins} left."),
            card=e.card,
            coins=self._n(e.coins_left, "coin"),
        )
        return s + " " + left if left else s

    def _pile_left(self, e: ev.CardBought) -> str:
        """After a buy from a Victory pile, or from a pile nearly empty: what is left in it.
        Not for a split pile or the Castles: their new top is told with the count."""
        if "/" in e.pile or e.pile == "Castles":
            return ""
        if e.pile_left > 0 and (e.pile in ("Province", "Duchy", "Estate") or e.pile_left <= 3):
            # (an empty pile is told by the sentence that follows: "The Province pile is empty.")
            return self._t(N_("{pile} pile: {count} left."), count=self._n(e.pile_left, "card"), pile=e.pile)
        return ""

    def _game_ends_after_turn(self, e: ev.GameEvent) -> str:
        # (no field of ``e`` is told: the narrator asks for it with the end of the game too)
        return self._t(N_("The game ends after this turn."))

    def _event_bought(self, e: ev.EventBought) -> str:
        if self._prompted(e.player):
            return self._t(N_("You buy the Event {event}."), event=e.event)
        if self.verbosity == "terse" and e.player != self.viewer:
            return self._t(N_("{player} buys the Event {event}."), player=e.player, event=e.event)
        return self._p(
            e.player,
            N_("You buy the Event {event}; {coins} left."),
            N_("{player} buys the Event {event}; {coins} left."),
            event=e.event,
            coins=self._n(e.coins_left, "coin"),
        )

    def _card_gained(self, e: ev.CardGained) -> str | None:
        if e.bought and e.destination == "discard":
            return None
        said = self._gained(e)
        left = gained_left(e)
        if left:  # a Victory card or a Curse: the cards left in its pile, as with a buy
            return self._t(N_("{said} ({n} left)."), said=said[:-1], n=left)
        return said

    def _gained(self, e: ev.CardGained) -> str:
        if e.destination == "hand":
            return self._p(
                e.player,
                N_("You gain {card} into your hand."),
                N_("{player} gains {card} into their hand."),
                card=e.card,
            )
        if e.destination == "deck":
            return self._p(
                e.player,
                N_("You gain {card} onto your deck."),
                N_("{player} gains {card} onto their deck."),
                card=e.card,
            )
        return self._p(e.player, N_("You gain {card}."), N_("{player} gains {card}."), card=e.card)

    def _card_trashed(self, e: ev.CardTrashed) -> str:
        if e.source == "supply":
            return self._p(
                e.player,
                N_("You trash {card} from the Supply."),
                N_("{player} trashes {card} from the Supply."),
                card=e.card,
            )
        return self._p(e.player, N_("You trash {card}."), N_("{player} trashes {card}."), card=e.card)

    def _card_returned(self, e: ev.CardReturned) -> str:
        return self._t(N_("{card} goes back to the {pile} pile."), card=e.card, pile=e.pile)

    def _resources_changed(self, e: ev.ResourcesChanged) -> str | None:
        if e.source == "play" and self.verbosity != "verbose":
            return None
        bits = []
        for d, unit in ((e.d_actions, "Action"), (e.d_buys, "Buy"), (e.d_coins, "coin")):
            if d > 0:
                bits.append("+" + self._n(d, unit))
            elif d < 0:
                bits.append("-" + self._n(-d, unit))
        if not bits:
            return None
        if e.source == "Villa" and (e.d_actions, e.d_buys, e.d_coins) == (1, 0, 0) and self._prompted(e.player):
            # Villa gained in the Action phase (in the Buy phase see Narrator._announce_next)
            return self._t(N_("Villa: {bonus}."), bonus=self._join(bits))
        if self._prompted(e.player):
            if self.verbosity != "verbose":
                return None  # the turn prompt that follows names each figure that changed
            # verbose: the new total of each figure that changed, as it changes (the prompt comes
            # only after the whole command: play treasures plays several)
            return self._t(N_("{bonus}; you have {totals}."), bonus=self._join(bits), totals=self._totals([e]))
        return self._p(
            e.player,
            N_("{bonus}. You have {actions}, {buys}, {coins}."),
            N_("{bonus}. {player} has {actions}, {buys}, {coins}."),
            bonus=self._join(bits),
            actions=self._n(e.actions, "Action"),
            buys=self._n(e.buys, "Buy"),
            coins=self._n(e.coins, "coin"),
        )

    @staticmethod
    def _net(changes: list[ev.ResourcesChanged]) -> tuple[int, int, int]:
        """The net change of the Actions, Buys and coins over ``changes``."""
        return (
            sum(c.d_actions for c in changes),
            sum(c.d_buys for c in changes),
            sum(c.d_coins for c in changes),
        )

    def _totals(self, changes: list[ev.ResourcesChanged]) -> str:
        """The new totals ("2 Actions and 1 coin") of the Actions, Buys and coins that any of
        ``changes`` (ResourcesChanged events of one player, in order) changed."""
        last = changes[-1]
        touched = (
            any(c.d_actions for c in changes),
            any(c.d_buys for c in changes),
            any(c.d_coins for c in changes),
        )
        figures = ((last.actions, "Action"), (last.buys, "Buy"), (last.coins, "coin"))
        if last.player == self.viewer:
            said = self.totals_said = dict(self.totals_said or {})
            for key, (total, _unit), shown in zip(("actions", "buys", "coins"), figures, touched, strict=True):
                if shown:
                    said[key] = total
        return self._join(
            [self._n(total, unit) for (total, unit), shown in zip(figures, touched, strict=True) if shown]
        )

    def folded_play(self, said: str, changes: list[ev.ResourcesChanged]) -> str:
        """The sentence of a play of the viewer's (``said``, "You play Villa.") with the
        Actions, Buys and coins its ``changes`` (ResourcesChanged events, the Action the play
        used among them) made and their new totals: what the card gives, as its text says it,
        when it gives any ("You play Villa: +2 Actions, +1 Buy and +1 coin; you have 2 Actions,
        2 Buys and 1 coin."), else the Action the play used ("You play Engineer: -1 Action; you
        have 0 Actions.") (verbose, the viewer's own plays)."""
        given = [c for c in changes if c.source != "play"]
        bits = [
            ("+" if d > 0 else "-") + self._n(abs(d), unit)
            for d, unit in zip(self._net(given or changes), ("Action", "Buy", "coin"), strict=True)
            if d
        ]
        if not bits:
            return self._t(N_("{said}; you still have {totals}."), said=said[:-1], totals=self._totals(changes))
        return self._t(
            N_("{said}: {bonus}; you have {totals}."),
            said=said[:-1],
            bonus=self._join(bits),
            totals=self._totals(changes),
        )

    def _debt_changed(self, e: ev.DebtChanged) -> str:
        if self._prompted(e.player):  # the turn prompt that follows says the Debt (and the coins) left
            if e.delta > 0:  # how much; when it is all the Debt there is, the prompt need not say it again
                if e.delta == e.total:
                    self.debt_said = e.total
                if e.source:
                    return self._t(N_("You take {n} Debt for {source}."), n=e.delta, source=e.source)
                return self._t(N_("You take {n} Debt."), n=e.delta)
            if e.total:  # (the prompt says the Debt left)
                return self._t(N_("You pay {n} Debt."), n=-e.delta)
            return self._t(N_("You pay off your {n} Debt."), n=-e.delta)
        if e.delta > 0 and e.delta == e.total:  # they had none: the number said once, as the total
            if e.source:
                return self._p(
                    e.player,
                    N_("You now have {n} Debt, for {source}."),
                    N_("{player} now has {n} Debt, for {source}."),
                    n=e.total,
                    source=e.source,
                )
            return self._p(e.player, N_("You now have {n} Debt."), N_("{player} now has {n} Debt."), n=e.total)
        if e.delta > 0:
            if e.source:
                return self._p(
                    e.player,
                    N_("You take {n} Debt for {source}, now {total} Debt."),
                    N_("{player} takes {n} Debt for {source}, now {total} Debt."),
                    n=e.delta,
                    source=e.source,
                    total=e.total,
                )
            return self._p(
                e.player,
                N_("You take {n} Debt, now {total} Debt."),
                N_("{player} takes {n} Debt, now {total} Debt."),
                n=e.delta,
                total=e.total,
            )
        if e.coins_left >= 0:
            return self._p(
                e.player,
                N_("You pay {n} Debt. {total} Debt left. {coins} left."),
                N_("{player} pays {n} Debt. {total} Debt left. {coins} left."),
                n=-e.delta,
                total=e.total,
                coins=self._n(e.coins_left, "coin"),
            )
        return self._p(
            e.player,
            N_("You pay {n} Debt. {total} Debt left."),
            N_("{player} pays {n} Debt. {total} Debt left."),
            n=-e.delta,
            total=e.total,
        )

    def _vp_tokens_moved(self, e: ev.VPTokensMoved) -> str | None:
        n = e.amount
        if e.target_kind == "player":
            tokens = self._n(e.target_total, "VP token")
            if n == e.target_total:  # they had none: the number said once, as the total
                return self._first_vp_tokens(e, tokens)
            if e.source_kind == "supply":
                if e.reason:
                    return self._p(
                        e.target,
                        N_("You gain {n} VP from {source}, now {tokens}."),
                        N_("{player} gains {n} VP from {source}, now {tokens}."),
                        n=n,
                        source=e.reason,
                        tokens=tokens,
                    )
                return self._p(
                    e.target,
                    N_("You gain {n} VP, now {tokens}."),
                    N_("{player} gains {n} VP, now {tokens}."),
                    n=n,
                    tokens=tokens,
                )
            if e.source_kind == "landmark":
                return self._p(
                    e.target,
                    N_("You take {n} VP from {landmark} ({left} left), now {tokens}."),
                    N_("{player} takes {n} VP from {landmark} ({left} left), now {tokens}."),
                    n=n,
                    landmark=e.source,
                    tokens=tokens,
                    left=e.source_left,
                )
            return self._p(
                e.target,
                N_("You take {n} VP from the {pile} pile ({left} left), now {tokens}."),
                N_("{player} takes {n} VP from the {pile} pile ({left} left), now {tokens}."),
                n=n,
                pile=e.source,
                tokens=tokens,
                left=e.source_left,
            )
        if e.target_kind == "pile" and n == e.target_total:
            return self._t(N_("{n} VP is now on the {pile} pile."), n=n, pile=e.target)
        if e.target_kind == "landmark" and n == e.target_total:
            return self._t(
                N_("{landmark} now has {n} VP, from the {pile} pile ({left} left on it)."),
                n=n,
                pile=e.source,
                landmark=e.target,
                left=e.source_left,
            )
        if e.target_kind == "pile":
            return self._t(
                N_("{n} VP added to the {pile} pile; {total} VP on it now."), n=n, pile=e.target, total=e.target_total
            )
        if e.target_kind == "landmark":
            return self._t(
                N_(
                    "{n} VP moves from the {pile} pile to {landmark}: {left} VP left on the pile, "
                    "{total} VP on {landmark}."
                ),
                n=n,
                pile=e.source,
                landmark=e.target,
                left=e.source_left,
                total=e.target_total,
            )
        return None

    def _first_vp_tokens(self, e: ev.VPTokensMoved, tokens: str) -> str:
        """A player's first VP tokens: their total, and where they come from."""
        if e.source_kind == "landmark":
            return self._p(
                e.target,
                N_("You now have {tokens}, from {landmark} ({left} left)."),
                N_("{player} now has {tokens}, from {landmark} ({left} left)."),
                tokens=tokens,
                landmark=e.source,
                left=e.source_left,
            )
        if e.source_kind == "pile":
            return self._p(
                e.target,
                N_("You now have {tokens}, from the {pile} pile ({left} left)."),
                N_("{player} now has {tokens}, from the {pile} pile ({left} left)."),
                tokens=tokens,
                pile=e.source,
                left=e.source_left,
            )
        if e.reason:
            return self._p(
                e.target,
                N_("You now have {tokens}, from {source}."),
                N_("{player} now has {tokens}, from {source}."),
                tokens=tokens,
                source=e.reason,
            )
        return self._p(e.target, N_("You now have {tokens}."), N_("{player} now has {tokens}."), tokens=tokens)

    def _pile_debt_changed(self, e: ev.PileDebtChanged) -> str | None:
        if e.delta > 0 and e.delta == e.total:  # none on it before: the number said once
            if e.player:
                return self._p(
                    e.player,
                    N_("You put {n} Debt on the {pile} pile; it had none."),
                    N_("{player} puts {n} Debt on the {pile} pile; it had none."),
                    n=e.delta,
                    pile=e.pile,
                )
            return self._t(N_("{n} Debt is now on the {pile} pile."), n=e.delta, pile=e.pile)
        if e.delta > 0:
            if e.player:
                return self._p(
                    e.player,
                    N_("You put {n} Debt on the {pile} pile; {total} Debt on it now."),
                    N_("{player} puts {n} Debt on the {pile} pile; {total} Debt on it now."),
                    n=e.delta,
                    pile=e.pile,
                    total=e.total,
                )
            return self._t(
                N_("{n} Debt added to the {pile} pile; {total} Debt on it now."), n=e.delta, pile=e.pile, total=e.total
            )
        if e.player:
            return None  # the buyer's Debt sentence names the pile: "You take 1 Debt for the Silver pile."
        return self._t(N_("{n} Debt taken from the {pile} pile."), n=-e.delta, pile=e.pile)

    def _pile_top_changed(self, e: ev.PileTopChanged) -> str | None:
        if e.top is None:
            return None
        if e.previous == e.top:
            # the same top card: only the count changed
            return self._t(N_("{pile} pile: {count} left."), pile=e.pile, count=self._n(e.cards_left, "card"))
        return self._t(
            N_("{pile} pile: {top} is now on top, {count} left."),
            pile=e.pile,
            top=e.top,
            count=self._n(e.cards_left, "card"),
        )

    def _pile_emptied(self, e: ev.PileEmptied) -> str:
        if e.pile == "Province":  # the game ends with it (said next): how many piles are empty does not matter
            return self._t(N_("The {pile} pile is empty."), pile=e.pile)
        return self._t(
            N_("The {pile} pile is empty. {count} empty."), pile=e.pile, count=self._n(e.empty_piles, "Supply pile")
        )

    def _attacked(self, e: ev.Attacked) -> str | None:
        if not e.victims:
            return None
        names = [self.L._("you") if v == self.viewer else v for v in e.victims]
        if self.attack_told(e):  # the viewer's question said the play: "Bot plays Militia, an Attack"
            return None if list(e.victims) == [self.viewer] else self._attack_only(e, names)
        lead = self.attack_lead(e)
        if lead:  # the play was not told: who played it and what they revealed, with the attack
            attacks = self._t(N_("attacks {victims}"), victims=self._join(names))
            return self._t(N_("{player} {actions}."), player=e.player, actions=self._join([*lead, attacks]))
        return self._attack_only(e, names)

    def _attack_only(self, e: ev.Attacked, names: list[str]) -> str:
        return self._t(N_("{card} attacks {victims}."), card=e.card, victims=self._join(names))

    def _duration_started(self, e: ev.DurationStarted) -> str:
        return self._p(
            e.player,
            N_("Your {card} from an earlier turn acts now."),
            N_("{player}'s {card} from an earlier turn acts now."),
            card=e.card,
        )

    def _duration_resolved(self, e: ev.DurationResolved) -> str | None:
        if e.set_aside_left:
            return self._p(
                e.player,
                N_("{card} done for now; you have {count} set aside."),
                N_("{card} done for now; {player} has {count} set aside."),
                card=e.card,
                count=self._n(e.set_aside_left, "card"),
            )
        return None

    def _bidding_started(self, e: ev.BiddingStarted) -> str:
        return self._t(
            N_("Mountain Pass: {player} gained the first Province. Bidding for 8 VP, in this order: {order}."),
            player=e.player,
            order=self._join(e.order),
        )

    def _bid_made(self, e: ev.BidMade) -> str:
        if e.amount is None:
            return self._p(e.player, N_("You pass."), N_("{player} passes."))
        return self._p(e.player, N_("You bid {n} Debt."), N_("{player} bids {n} Debt."), n=e.amount)

    def _bidding_won(self, e: ev.BiddingWon) -> str:
        if e.player is None:
            return self._t(N_("Mountain Pass: nobody bid."))
        # the 8 VP and the Debt taken follow, each with the new total
        return self._p(
            e.player,
            N_("Mountain Pass: you win with a bid of {n} Debt."),
            N_("Mountain Pass: {player} wins with a bid of {n} Debt."),
            n=e.amount,
        )

    def _note(self, e: ev.Note) -> str:
        told: set[tuple[str, str | None]] | None = getattr(self, "_told", None)  # (the narrator's)
        if told is not None:
            told.update((kind, e.player) for kind in e.tells if kind != "cards_revealed")
        if e.you and e.player == self.viewer:
            return self._t(e.you, n=e.n, other=e.other, card=e.card)
        if e.to_other and e.other == self.viewer:
            return self._t(e.to_other, player=e.player, n=e.n, card=e.card)
        return self._t(e.text, player=e.player, n=e.n, other=e.other, card=e.card)

    def _card_became(self, e: ev.CardBecame) -> str:
        return self._p(
            e.player,
            N_("Your {card} is now {card2}."),
            N_("{player}'s {card} is now {card2}."),
            card=e.card,
            card2=e.as_card,
        )

    def _game_ended(self, e: ev.GameEnded) -> list[str]:
        return self.final_lines(e)

    def final_lines(self, e: ev.GameEnded) -> list[str]:
        """What the game's end ``e`` says: "Game over.", then each player's score ("Ann: 30 VP
        (30 from cards, 0 from VP tokens).", the listener's own "You: 30 VP ...") and who won
        (:meth:`winner`), in this listener's language and person (rulebook: the most VP wins,
        ties to fewer turns)."""
        out = [self._t(N_("Game over."))]
        for name, total, cards, tokens, lms in e.scores:
            parts = [self._t(N_("{n} from cards"), n=cards), self._t(N_("{n} from VP tokens"), n=tokens)]
            parts += [self._t(N_("{n} from {landmark}"), n=v, landmark=lm) for lm, v in lms]
            player = called(name, self.viewer, self.L)
            out.append(
                self._t(N_("{player}: {total} VP ({parts})."), player=player, total=total, parts=self._join(parts))
            )
        out.append(self.winner(e.winners, {name: total for name, total, *_rest in e.scores}))
        return out

    def winner(self, winners: Sequence[str], totals: dict[str, int]) -> str:
        """Who won a game that ended with the VP ``totals`` (player -> VP), as its end says it:
        "You win." to a winner who listens, "Ann wins: tied on 30 VP, with fewer turns." when the
        rulebook broke a tie, "Ann and Bea share the win." ("You and Bea ..." to Ann)."""
        best = max(totals.values()) if totals else 0
        tied = [name for name, total in totals.items() if total == best]
        if len(winners) == 1 and len(tied) > 1:
            # a tie broken by the rulebook: the tied player with fewer turns wins
            return self._p(
                winners[0],
                N_("You win: tied on {n} VP, with fewer turns."),
                N_("{player} wins: tied on {n} VP, with fewer turns."),
                n=best,
            )
        if len(winners) == 1:
            return self._p(winners[0], N_("You win."), N_("{player} wins."))
        return self._t(
            N_("{players} share the win."), players=self._join(called(w, self.viewer, self.L) for w in winners)
        )
