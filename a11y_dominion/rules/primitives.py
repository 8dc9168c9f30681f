"""The operations cards use: resources (Actions, Buys, coins), Debt and VP
tokens, moving cards between zones, gaining and trashing. Each records
its change as an event (see :mod:`a11y_dominion.rules.events`).

Rule sources: base rulebook (drawing, shuffling, discarding, gaining,
trashing) and the Empires rulebook (Debt, VP tokens, split piles).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Final, TypeVar

from . import events as ev
from .asking import AskingMixin
from .state import Card, Pile, Player, none_became
from .triggers import Moment

# Enum members at hand as globals: in Python 3.11 a member read off its class
# (``MoveKind.END``) goes through the enum type's __getattr__ hook, some ten
# times as dear as a global.
_AT_GAIN: Final = Moment.GAIN
_AT_TRASH: Final = Moment.TRASH


if TYPE_CHECKING:
    from .cards import CardSpec
    from .decisions import Decision


_T = TypeVar("_T")
_STEPS: Final[dict[int, list[tuple[int, int, int]]]] = {}
"""The steps of a shuffle of so many cards (up to 256): for each position
from the last down to the second, ``(position, position + 1, its bit length)``."""


def shuffle(rng: random.Random, cards: list[_T]) -> None:
    """``rng.shuffle(cards)`` (of cards, or of anything else): for a :class:`random.Random` itself, the steps
    of its ``shuffle`` (Python 3.11, and since 3.2: the same random numbers,
    so the same order), without a call per card; a subclass's own shuffle
    otherwise."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    size = len(cards)
    steps = _STEPS.get(size)
    if steps is None:
        steps = [(i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]
        if size <= 256:
            _STEPS[size] = steps
    for i, n, k in steps:  # position, what rng._randbelow(n) draws below, its bits
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class PrimitivesMixin(AskingMixin):
    """Resources, tokens, movement, gaining and trashing."""

    # ------------------------------------------------------------ resources
    def add(self, p: Player, actions: int = 0, buys: int = 0, coins: int = 0, source: str = "") -> None:
        """Give the turn player +Actions, +Buys and +coins (whole numbers).

        Does nothing for a player whose turn it is not (a card's "+" bonuses
        only count on your own turn)."""
        if not (actions or buys or coins) or self.players[self.turn.player] is not p:
            return
        t = self.turn
        t.actions += actions
        t.buys += buys
        t.coins += coins
        if self.keep_log:
            self.emit(ev.ResourcesChanged(p.name, t.actions, t.buys, t.coins, actions, buys, coins, source))

    def take_debt(self, p: Player, amount: int, source: str = "") -> None:
        """``p`` takes ``amount`` Debt (Empires rulebook, Debt)."""
        if amount <= 0:
            return
        p.debt += amount
        self.emit(ev.DebtChanged(p.name, amount, p.debt, source))

    def pay_debt(self, p: Player, amount: int, source: str = "") -> None:
        """``p`` pays ``amount`` Debt with the same number of coins (Empires
        rulebook, Debt: 1 coin per Debt, in the Buy phase). The amount is cut to
        the Debt and coins ``p`` has; nothing happens off-turn."""
        amount = min(amount, p.debt, self.turn.coins if self.current is p else 0)
        if amount <= 0:
            return
        p.debt -= amount
        self.turn.coins -= amount
        self.emit(ev.DebtChanged(p.name, -amount, p.debt, source, coins_left=self.turn.coins))

    def vp_from_supply(self, p: Player, amount: int, reason: str = "") -> None:
        """``p`` takes ``amount`` VP tokens from the unlimited supply of tokens."""
        if amount <= 0:
            return
        p.vp_tokens += amount
        self.emit(ev.VPTokensMoved(amount, "supply", "supply", "player", p.name, -1, p.vp_tokens, reason))

    def vp_from_landmark(self, p: Player, landmark: str, amount: int | None = None) -> int:
        """``p`` takes ``amount`` (None: all) VP from a Landmark's pool; returns how many."""
        have = self.landmarks.get(landmark, 0)
        n = have if amount is None else min(amount, have)
        if n <= 0:
            return 0
        self.landmarks[landmark] = have - n
        p.vp_tokens += n
        self.emit(ev.VPTokensMoved(n, "landmark", landmark, "player", p.name, have - n, p.vp_tokens, landmark))
        return n

    def vp_from_pile(self, p: Player, pile: str, reason: str = "") -> int:
        """``p`` takes all VP tokens on a Supply pile; returns how many."""
        pl = self.piles.get(pile)
        if pl is None or pl.vp_tokens <= 0:
            return 0
        n = pl.vp_tokens
        pl.vp_tokens = 0
        p.vp_tokens += n
        self.emit(ev.VPTokensMoved(n, "pile", pile, "player", p.name, 0, p.vp_tokens, reason))
        return n

    def vp_to_pile(self, pile: str, amount: int, reason: str = "") -> None:
        """Add ``amount`` VP tokens from the supply to a pile (Gathering cards)."""
        pl = self.piles.get(pile)
        if pl is None or amount <= 0:
            return
        pl.vp_tokens += amount
        self.emit(ev.VPTokensMoved(amount, "supply", "supply", "pile", pile, -1, pl.vp_tokens, reason))

    def vp_pile_to_landmark(self, pile: str, landmark: str, amount: int = 1) -> None:
        """Move up to ``amount`` VP from a pile to a Landmark (Empires, VP tokens)."""
        pl = self.piles.get(pile)
        if pl is None or pl.vp_tokens <= 0 or landmark not in self.landmarks:
            return
        n = min(amount, pl.vp_tokens)
        pl.vp_tokens -= n
        self.landmarks[landmark] += n
        self.emit(
            ev.VPTokensMoved(n, "pile", pile, "landmark", landmark, pl.vp_tokens, self.landmarks[landmark], landmark)
        )

    def add_pile_debt(self, pile: str, amount: int, player: str = "") -> None:
        """Put ``amount`` Debt tokens on a Supply pile (Empires rulebook, Debt
        tokens on piles); ``player`` is who put them there, if anyone."""
        pl = self.piles[pile]
        pl.debt_tokens += amount
        self.emit(ev.PileDebtChanged(pile, amount, pl.debt_tokens, player))

    # -------------------------------------------------------------- movement
    def _shuffle(self, p: Player) -> None:
        moved = len(p.discard)
        shuffle(self.rng, p.discard)
        p.deck = p.deck + p.discard if p.deck else p.discard
        p.discard = []
        if self.keep_log:
            self.emit(ev.DeckShuffled(p.name, len(p.deck), moved))

    def shuffle_deck(self, p: Player) -> None:
        """Shuffle ``p``'s deck as it is (no cards come from the discard pile)."""
        shuffle(self.rng, p.deck)
        self.emit(ev.DeckShuffled(p.name, len(p.deck)))

    def _take_top(self, p: Player) -> Card | None:
        """Take the top card of ``p``'s deck, shuffling the discard pile in
        when the deck is empty; None when both are empty. The caller puts
        the card somewhere and records it."""
        if not p.deck and p.discard:
            self._shuffle(p)
        if not p.deck:
            return None
        return p.deck.pop(0)

    def peek(self, p: Player) -> Card | None:
        """The top card of ``p``'s deck, left there (the discard pile is
        shuffled in first when the deck is empty); None when both are empty."""
        if not p.deck and p.discard:
            self._shuffle(p)
        return p.deck[0] if p.deck else None

    def draw(self, p: Player, n: int, source: str = "") -> list[Card]:
        """``p`` draws ``n`` cards into hand; returns the cards drawn."""
        deck = p.deck
        if len(deck) >= n:  # no shuffle on the way: the top n at once
            drawn = deck[:n]
            del deck[:n]
            p.hand.extend(drawn)
        else:  # the whole deck, then (when there is one) the discard pile shuffled in as the new deck
            drawn = deck[:]
            deck.clear()
            if p.discard:
                self._shuffle(p)
                deck = p.deck
                take = n - len(drawn)
                drawn += deck[:take]
                del deck[:take]
            p.hand.extend(drawn)
        if self.keep_log and (drawn or n):
            self.emit(ev.CardsDrawn(p.name, tuple(c.name for c in drawn), len(drawn), private_to=p.name))
        return drawn

    def set_aside_from_deck(self, p: Player, n: int, public: bool = True, look: bool = False) -> list[Card]:
        """Set aside the top ``n`` cards of ``p``'s deck (fewer if deck and
        discard pile run out); returns them, top first. ``public``: face up
        (revealed) rather than face down; ``look``: taken to be looked at."""
        taken = []
        for _ in range(n):
            c = self._take_top(p)
            if c is None:
                break
            p.set_aside.append(c)
            taken.append(c)
        if taken:
            self.emit(
                ev.CardsSetAside(
                    p.name,
                    tuple(c.name for c in taken),
                    len(taken),
                    "deck",
                    private_to=None if public else p.name,
                    look=look,
                )
            )
        return taken

    def reveal(self, p: Player, cards: list[Card], source: str = "hand") -> None:
        """Record that ``p`` revealed ``cards`` from ``source`` (hand, deck, discard)."""
        if cards:
            self.emit(ev.CardsRevealed(p.name, tuple(c.name for c in cards), source))

    def become(self, card: Card, spec: CardSpec) -> None:
        """``card``, in play, is the card ``spec`` until it leaves play (a
        card that plays as another Action does so); the caller records it."""
        card.became = spec
        self.some_card_became = True

    def _place(self, p: Player, card: Card, dst: str, top: bool = True) -> None:
        dest = getattr(p, dst)
        if dst in ("deck", "discard") and top:
            dest.insert(0, card)
        else:
            dest.append(card)

    def _take(self, p: Player, card: Card, src: str) -> None:
        getattr(p, src).remove(card)
        if src == "in_play" and card.became is not None:
            card.became = None

    def discard_cards(self, p: Player, cards: list[Card], zone: str = "hand", public: bool = True) -> None:
        """Move ``cards`` from ``p``'s ``zone`` to the top of the discard pile,
        one by one in the order given (the last is on top)."""
        if not cards:
            return
        src = getattr(p, zone)
        if (
            cards is not src
            and len(cards) == len(src)
            and all(map(operator.is_, cards, src))
            and (zone != "in_play" or none_became(cards))
        ):
            src.clear()  # the whole zone, in its order (the hand or the play area at Clean-up)
        else:
            for c in cards:
                self._take(p, c, zone)
        p.discard[0:0] = cards[::-1]  # one by one onto the pile: the last ends on top
        if self.keep_log:
            self.emit(
                ev.CardsDiscarded(p.name, tuple(c.name for c in cards), zone, private_to=None if public else p.name)
            )

    def move(self, p: Player, card: Card, src: str, dst: str, public: bool = True, top: bool = True) -> None:
        """Move one card between ``p``'s zones (hand, deck, discard, in_play,
        set_aside); onto the deck or discard pile unless ``top`` is False."""
        self._take(p, card, src)
        self._place(p, card, dst, top)
        self.emit(ev.CardMoved(p.name, card.name, src, dst, private_to=None if public else p.name, top=top))

    def move_cards(
        self, p: Player, cards: list[Card], src: str, dst: str, public: bool = True, top: bool = True
    ) -> None:
        """Move several cards between ``p``'s zones, one by one in the order
        given (onto a deck or discard pile: the last is on top; with ``top``
        False they go under it in that order)."""
        for c in cards:
            self._take(p, c, src)
            self._place(p, c, dst, top)
        if cards:
            self.emit(
                ev.CardsMoved(
                    p.name,
                    tuple(c.name for c in cards),
                    len(cards),
                    src,
                    dst,
                    private_to=None if public else p.name,
                    top=top,
                )
            )

    def _pile_changed(self, pl: Pile, previous: str = "") -> None:
        """Events after a card left ``pl``: the new top of a split pile or
        the Castles (Accessibility Notes), and the pile becoming empty."""
        if pl.is_layered:
            self.emit(ev.PileTopChanged(pl.name, pl.cards[0].name if pl.cards else None, len(pl.cards), previous))
        if not pl.count():
            self.emit(ev.PileEmptied(pl.name, len(self.empty_piles())))
        self._check_ending(pl)

    def _check_ending(self, pl: Pile, met: bool | None = None) -> None:
        """After the size of ``pl`` changed: announce that the game ends
        after this turn when the end condition has just been met, or that it
        no longer does when it stopped holding (a card returned to a pile).
        ``met``: the end condition as it is now, when the caller knows it
        (else it is worked out)."""
        if met is None:
            met = self.end_condition()
        if met and not self.ending:
            self.ending = True
            self.emit(ev.GameEndsAfterTurn(self.current.name))
        elif self.ending and not met:
            self.ending = False
            self.emit(ev.GameEndCancelled(self.current.name, pl.name))

    def return_to_pile(self, p: Player, card: Card, zone: str) -> None:
        """Return a card from ``p``'s ``zone`` to the top of its own Supply
        pile (a card with no pile in the game is trashed instead)."""
        self._take(p, card, zone)
        card.became = None
        pl = self.pile_of(card.spec.name)
        p.count_lost(card.spec.name)
        if pl is None:
            self.trash.append(card)
            self.emit(ev.CardTrashed(p.name, card.name, zone))
            return
        p.returned[card.spec.name] = p.returned.get(card.spec.name, 0) + 1
        previous = pl.cards[0].name if pl.cards else ""
        pl.cards.insert(0, card)
        self.emit(ev.CardReturned(p.name, card.name, pl.name, zone))
        if pl.is_layered:
            self.emit(ev.PileTopChanged(pl.name, pl.cards[0].name, len(pl.cards), previous))
        self._check_ending(pl)

    # ------------------------------------------------------------- gaining
    def gain(
        self, p: Player, pile: str | None, dest: str = "discard", bought: bool = False
    ) -> Generator[Decision, Any, Card | None]:
        """``p`` gains the top card of ``pile`` to ``dest`` (discard, hand,
        deck) and the "when you gain" abilities run (see :meth:`trigger`).
        Returns the Card or None."""
        c = self.take_gained(p, pile, dest, bought)
        if c is None:
            return None
        yield from self.trigger(_AT_GAIN, p, c)
        return c

    def take_gained(self, p: Player, pile: str | None, dest: str = "discard", bought: bool = False) -> Card | None:
        """What :meth:`gain` does before the "when you gain" abilities (which
        the caller runs): the top card of ``pile`` goes to ``p``'s ``dest``,
        recorded; returns it, or None (no such pile, or an empty one)."""
        pl = self.piles.get(pile) if pile else None
        c = pl.take_top() if pl is not None else None
        if c is None:
            return None
        assert pl is not None
        self._place_gained(p, c, dest)
        if self.keep_log:
            self.emit(ev.CardGained(p.name, c.name, pl.name, dest, bought, pl.count()))
        self._pile_changed(pl, c.name)
        return c

    def gain_from_trash(self, p: Player, card: Card, dest: str = "discard") -> Generator[Decision, Any, Card]:
        """``p`` gains ``card`` from the trash; the "when you gain"
        abilities run as for any gain. Returns the Card."""
        self.trash.remove(card)
        self._place_gained(p, card, dest)
        self.emit(ev.CardGained(p.name, card.name, "trash", dest))
        yield from self.trigger(_AT_GAIN, p, card)
        return card

    def _place_gained(self, p: Player, c: Card, dest: str) -> None:
        owned = p.owned  # (what p.count_gained does, at hand: every gain comes here)
        if owned is not None:
            name = c.spec.name
            owned[name] = owned.get(name, 0) + 1
        if dest == "deck":
            p.deck.insert(0, c)
        elif dest == "hand":
            p.hand.append(c)
        else:
            p.discard.insert(0, c)
        t = self.turn
        if self.players[t.player] is p:  # (the current player)
            t.gained.append(c.name)

    def gain_named(self, p: Player, name: str, dest: str = "discard") -> Generator[Decision, Any, Card | None]:
        """Gain a card by name, only if it is the top card of its pile."""
        pl = self.pile_of(name)
        if pl is None or not pl.cards or pl.cards[0].name != name:
            return None
        return (yield from self.gain(p, pl.name, dest))

    def trash_card(self, p: Player, card: Card, zone: str) -> Generator[Decision, Any, None]:
        """``p`` trashes ``card`` from ``zone`` (a zone of ``p``, or "supply");
        then the "when you trash" abilities run (see :meth:`trigger`)."""
        pl = None
        if zone == "supply":
            pl = self.pile_of(card.spec.name)
            if pl is None:
                raise ValueError(f"{card.spec.name} has no Supply pile in this game.")
            pl.cards.remove(card)
        else:
            self._take(p, card, zone)
            p.count_lost(card.spec.name)
        self.trash.append(card)
        self.emit(ev.CardTrashed(p.name, card.name, zone, pl.name if pl is not None else ""))
        if pl is not None:
            self._pile_changed(pl, card.name)
        yield from self.trigger(_AT_TRASH, p, card)
