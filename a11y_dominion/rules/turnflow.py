"""The turn: playing and buying, the phases, Clean-up and after the turn
(base rulebook, Turn; Empires rulebook, Events and Debt)."""

from __future__ import annotations

import operator
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, cast, overload

from . import events as ev
from .cards import CARDS, EVENTS, CardSpec
from .cost import Cost
from .decisions import (
    END_MOVE,
    N_,
    TREASURES_MOVE,
    Decision,
    IllegalAnswer,
    Kind,
    Move,
    MoveKind,
    Msg,
    Option,
    Purpose,
)
from .dispatch import _NO_ABILITIES
from .native import mypyc_attr
from .primitives import PrimitivesMixin
from .state import Card, Pile, Player, Turn
from .triggers import Ends, Moment

if TYPE_CHECKING:
    from .game import Game


# Enum members at hand as globals: in Python 3.11 a member read off its class
# (``MoveKind.END``) goes through the enum type's __getattr__ hook, some ten
# times as dear as a global.
_ENDS_AFTER_THIS_TURN: Final = Ends.AFTER_THIS_TURN
_ENDS_OWNERS_NEXT_TURN: Final = Ends.OWNERS_NEXT_TURN
_KIND_TURN: Final = Kind.TURN
_AT_AFTER_TURN: Final = Moment.AFTER_TURN
_AT_ATTACK: Final = Moment.ATTACK
_AT_BUY: Final = Moment.BUY
_AT_DISCARD_FROM_PLAY: Final = Moment.DISCARD_FROM_PLAY
_AT_END_OF_TURN: Final = Moment.END_OF_TURN
_AT_GAIN: Final = Moment.GAIN
_AT_PLAY: Final = Moment.PLAY
_AT_START_OF_BUY: Final = Moment.START_OF_BUY
_AT_START_OF_CLEANUP: Final = Moment.START_OF_CLEANUP
_AT_START_OF_TURN: Final = Moment.START_OF_TURN
_MK_BUY: Final = MoveKind.BUY
_MK_END: Final = MoveKind.END
_MK_PAY: Final = MoveKind.PAY
_MK_PLAY: Final = MoveKind.PLAY
_MK_TREASURES: Final = MoveKind.TREASURES
_PURPOSE_MOVE: Final = Purpose.MOVE


_MOVES: Final[dict[MoveKind, dict[str, Move]]] = {_MK_PLAY: {}, _MK_BUY: {}}
"""The play and buy moves made, by kind and name (see :func:`_move`)."""
_TREASURES: Final = TREASURES_MOVE
_END: Final = END_MOVE
_PLAYED_LAST: Final = operator.attrgetter("spec.played_last")
_begin_turn: Final = Turn.begin  # (a Turn set up anew, as a new one is: see TurnFlowMixin.next_turn)


_PROMPTS: Final[dict[tuple[str, str, int, int, int, int], str]] = {}
_PROMPTS_MOST: Final = 4096


def _turn_prompt(figures: tuple[str, str, int, int, int, int]) -> str:
    """The prompt of a turn decision for ``(player, phase, actions, buys,
    coins, debt)``, kept (at most ``_PROMPTS_MOST``): turns ask the same few."""
    name, phase, actions, buys, coins, debt = figures
    prompt = (
        f"{name}, {phase}: {actions} Action{'s' if actions != 1 else ''}, "
        f"{buys} Buy{'s' if buys != 1 else ''}, {coins} coin{'s' if coins != 1 else ''}"
        + (f", {debt} Debt" if debt else "")
        + "."
    )
    if len(_PROMPTS) < _PROMPTS_MOST:
        _PROMPTS[figures] = prompt
    return prompt


def treasure_order(auto: list[Card]) -> None:
    """Put ``auto``, the Treasures "play treasures" plays (in hand order),
    in the order it plays them: those whose card says so (``played_last``)
    after the others, each group in hand order. Sorts in place."""
    auto.sort(key=_PLAYED_LAST)


def plays_on_treasures(r: CardSpec) -> bool:
    """Whether "play treasures" plays a card of rules ``r`` from the hand: a
    Treasure that is no Action and asks nothing when played (``r.on_treasures``)."""
    return r.on_treasures


HAND_ORDER: Final[tuple[str, ...]] = ("Action", "Treasure", "Victory", "Curse")  # the order a hand is read in


def _type_rank(types: frozenset[str]) -> int:
    for i, t in enumerate(HAND_ORDER):
        if t in types:
            return i
    return len(HAND_ORDER) + 4


def hand_rank(c: Card) -> tuple[int, str]:
    """Where ``c`` comes when a hand is read: Actions, Treasures, Victory cards, Curses,
    then the rest, each by name (:func:`~a11y_dominion.announcements.words.hand_sorted`)."""
    return (_type_rank(c.rules.types), c.name)


def name_rank(name: str) -> tuple[int, str]:
    """:func:`hand_rank` of a card of the (English) name ``name``; a name that is no
    card comes after every card."""
    spec = CARDS.get(name)
    return (len(HAND_ORDER) + 5, name) if spec is None else (_type_rank(spec.types), name)


def _move(kind: MoveKind, name: str) -> Move:
    """The play or buy move of ``name`` (moves are values: one is made per name)."""
    made = _MOVES[kind]
    m = made.get(name)
    if m is None:
        m = made[name] = Move(kind, name)
    return m


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class TurnMoves(Sequence[Move]):
    """The legal turn moves of a player, listed (by
    :meth:`TurnFlowMixin.turn_options`) only when first iterated, counted
    or indexed; ``move in moves`` is decided without listing them. Equal to
    the list of the same moves. Only valid while the decision it belongs to
    is pending: listed later, it shows the moves of the game as it is then."""

    __slots__ = ("_game", "_player", "_moves")

    def __init__(self, game: TurnFlowMixin, player: Player) -> None:
        self._game = game
        self._player = player
        self._moves: list[Move] | None = None

    def _list(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._game.turn_options(self._player)
        return self._moves

    def __contains__(self, move: object) -> bool:
        if self._moves is None and isinstance(move, Move):
            return self._game.move_is_legal(self._player, move)
        return move in self._list()

    def buys(self, tops: list[str]) -> list[Move]:
        """The buys among the moves, in their order (:meth:`TurnFlowMixin.buy_options`: the other
        moves are not listed for them); ``tops`` gets the name of what each buys (a pile's top
        card, an Event's name), in the same order."""
        return self._game.buy_options(self._player, tops)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        return self._list()[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TurnMoves):
            other = other._list()
        return self._list() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._list())


_new_moves: Final = TurnMoves.__new__  # (object's, but for a compiled TurnMoves: see docs/compiled.md)


class TurnFlowMixin(PrimitivesMixin):
    """Playing, buying, the phases of a turn, Clean-up and the game loop."""

    # -------------------------------------------------------------- playing
    def play_card(
        self, p: Player, card: Card, again: bool = False, source: str = "hand"
    ) -> Generator[Decision, Any, None]:
        """Play ``card``: move it from ``source`` (hand, or discard for a
        card played from the discard pile) into play, unless ``again`` (a
        second play of a card already in play); the other players may react
        to an Attack; then follow its instructions, unless a lasting effect
        replaces them; then the "when you play a card" abilities run."""
        if not again and source == "hand" and card.rules.plain_play and card in p.hand:
            self.play_plain(p, card)
            yield from self.trigger(_AT_PLAY, p, card)
            return
        zone = getattr(p, source)
        if not again and card in zone:
            zone.remove(card)
            p.in_play.append(card)
        instead = None
        types = card.rules.types
        t = self.turn
        own_turn = self.players[t.player] is p
        if "Action" in types:
            if self.lasting:
                for effect in list(self.lasting):
                    if effect.replaces_play is not None and instead is None:
                        instead = effect.replaces_play(cast("Game", self), p, card)
            if own_turn:
                t.actions_played += 1
        if own_turn:
            t.played.append(card)
        if self.keep_log:
            self.emit(
                ev.CardPlayed(
                    p.name,
                    card.spec.name,
                    card.name if card.became else "",
                    again,
                    instead is not None,
                    "in_play" if again else source,
                )
            )
        plays = self._plays
        plays.append(set())
        if "Attack" in types:
            yield from self.react(_AT_ATTACK, p, card)
        if instead is not None:
            instead()
        else:
            r = card.rules
            if r.play is None:  # what follow does, without a generator for a card with no text of its own
                self._bonuses(p, r)
            else:
                yield from self.follow(p, card)
        plays.pop()
        yield from self.trigger(_AT_PLAY, p, card)

    def play_plain(self, p: Player, card: Card) -> None:
        """What :meth:`play_card` does for a card in ``p``'s hand that is no
        Action or Attack and has no text of its own (see :attr:`~.cards.CardSpec.plain_play`:
        such as the basic Treasures), but for the "when you play a card"
        abilities, which the caller runs after it: the card goes into play,
        counts as played, is recorded, and its bonuses are given. It asks
        nothing, so it needs no generator."""
        p.hand.remove(card)
        p.in_play.append(card)
        t = self.turn
        if self.players[t.player] is p:
            t.played.append(card)
        if self.keep_log:
            self.emit(ev.CardPlayed(p.name, card.spec.name, card.name if card.became else "", False, False, "hand"))
        self._bonuses(p, card.rules)

    def _bonuses(self, p: Player, r: CardSpec) -> None:
        """The bonuses a played card of no text of its own gives ``p`` (its rules ``r``):
        +Cards, then +Actions, +Buys and +coins, then VP tokens from the Supply."""
        if r.cards:
            self.draw(p, r.cards)
        if r.actions or r.buys or r.coins:
            self.add(p, r.actions, r.buys, r.coins, r.name)
        if r.vp_tokens:
            self.vp_from_supply(p, r.vp_tokens, r.name)

    def _no_play_abilities(self) -> bool:
        """Whether no card of the game, Landmark or Event has an ability when a
        card is played and no lasting effect runs (:meth:`trigger` of
        ``_AT_PLAY`` then does nothing)."""
        if self.lasting:
            return False
        answered = self._moments_of_game
        if answered is None:
            answered = self._game_moments()
        return _AT_PLAY not in answered

    def plays_run_nothing(self, p: Player, cards: list[Card]) -> bool:
        """Whether ``p`` playing ``cards`` one after another (cards of no text
        of their own: see :attr:`~.cards.CardSpec.plain_play`) runs no ability when each is played
        (:meth:`trigger` of ``_AT_PLAY`` does nothing for each): no lasting
        effect, and no card of the game, Landmark or Event has an ability then
        (:meth:`_no_play_abilities`); or none of the Landmarks and Events has,
        nor a card of ``p``'s play area while in play, nor one of ``cards``
        of its own or while in play (a game whose only such ability is a
        card's while it is in play, with none of those in ``p``'s play area)."""
        if self.lasting:
            return False
        answered = self._moments_of_game
        if answered is None:
            answered = self._game_moments()
        if _AT_PLAY not in answered:
            return True
        setup = self._moments_of_setup
        if setup is None:
            setup = self._setup_moments()
        if _AT_PLAY in setup:
            return False
        for h in p.in_play:
            if _AT_PLAY in h.rules.while_in_play:
                return False
        for c in cards:
            if _AT_PLAY in c.spec.triggers or _AT_PLAY in c.rules.while_in_play:
                return False
        return True

    def play_plains(self, p: Player, cards: list[Card], coins: int | None = None) -> None:
        """:meth:`play_plain` for each of ``cards`` (cards of ``p``'s hand,
        each once), in order, with :meth:`add`'s steps at hand: for a game
        where no ability runs when a card is played (see :meth:`plays_run_nothing`,
        :meth:`_no_play_abilities`; a plain play starts none), so nothing
        happens between the plays (and no play takes a card from the hand).
        In a game that keeps no events, on ``p``'s own turn, the cards go
        into play together and their bonuses are added up: nothing between
        the plays reads them. ``coins``: the sum of the cards' coins, when
        the caller read the hand for it and none of the cards gives more than
        coins (+Cards, +Actions, +Buys or VP tokens, as no basic Treasure
        does): the hand is then read once a turn (None: the cards are read here)."""
        t = self.turn
        hand = p.hand
        if not self.keep_log and self.players[t.player] is p:
            if coins is not None:  # (the cards' coins, summed as the loop below sums them)
                if len(cards) == len(hand):
                    hand.clear()  # (every card of the hand)
                else:
                    remove = hand.remove
                    for card in cards:
                        remove(card)
                p.in_play += cards
                t.played += cards
                t.coins += coins
                return
            remove = hand.remove
            coins = 0
            for card in cards:
                remove(card)
                r = card.rules
                coins += r.coins
                if r.gives_more_than_coins:
                    t.actions += r.actions
                    t.buys += r.buys
                    if r.cards:
                        self.draw(p, r.cards)
                    if r.vp_tokens:
                        self.vp_from_supply(p, r.vp_tokens, r.name)
            p.in_play += cards
            t.played += cards
            t.coins += coins
            return
        in_play = p.in_play
        own_turn = self.players[t.player] is p
        keep = self.keep_log
        for card in cards:
            hand.remove(card)
            in_play.append(card)
            if own_turn:
                t.played.append(card)
            if keep:
                self.emit(ev.CardPlayed(p.name, card.spec.name, card.name if card.became else "", False, False, "hand"))
            r = card.rules
            if r.cards:
                self.draw(p, r.cards)
            if own_turn and (r.actions or r.buys or r.coins):  # what add does
                t.actions += r.actions
                t.buys += r.buys
                t.coins += r.coins
                if keep:
                    self.emit(
                        ev.ResourcesChanged(p.name, t.actions, t.buys, t.coins, r.actions, r.buys, r.coins, r.name)
                    )
            if r.vp_tokens:
                self.vp_from_supply(p, r.vp_tokens, r.name)

    def return_to_action_phase(self, p: Player, reason: str) -> None:
        """Ask to return ``p``'s turn to the Action phase after the current
        Buy-phase move (nothing happens off ``p``'s turn or outside the Buy
        phase); ``reason`` (a non-empty word) goes into the
        :class:`~.events.PhaseChanged` event. A Treasure played then starts
        a new Buy phase."""
        if self.current is p and self.turn.phase == "buy":
            self.turn.action_phase_requested = reason

    def count_in_play_as_played(self) -> None:
        """Count the turn player's cards in play as played this turn (once
        each), for a game started from a position (scenario contract: "A
        position has no history" except the cards in play); an Action card among
        them counts as an Action played. A card a lasting effect holds in play
        (a Duration card from an earlier turn) was not played this turn."""
        t = self.turn
        held = {id(c) for eff in self.lasting for c in eff.holders}
        for c in self.current.in_play:
            if c not in t.played and id(c) not in held:
                t.played.append(c)
                if "Action" in c.rules.types:
                    t.actions_played += 1

    def play_twice(self, p: Player, player_card: Card, target: Card) -> Generator[Decision, Any, None]:
        """Play ``target`` from hand twice (a card that plays another card
        twice). If it leaves Duration work behind (a lasting effect that keeps
        it in play), ``player_card`` stays in play with it (Empires rulebook,
        Durations)."""
        before = list(self.lasting)
        yield from self.play_card(p, target)
        yield from self.play_card(p, target, again=True)
        for eff in self.lasting:
            if eff not in before and target in eff.holders and player_card not in eff.holders:
                eff.holders.append(player_card)

    def follow(self, p: Player, card: Card) -> Generator[Decision, Any, None]:
        """Follow a card's instructions: plain bonuses, then its own text."""
        r = card.rules
        if r.cards:
            self.draw(p, r.cards)
        self.add(p, r.actions, r.buys, r.coins, r.name)
        if r.vp_tokens:
            self.vp_from_supply(p, r.vp_tokens, r.name)
        if r.play:
            yield from self.run(r.play(cast("Game", self), p, card))

    def attack(self, p: Player, card_name: str) -> list[Player]:
        """The players the Attack ``card_name`` being played by ``p`` affects:
        the other players in turn order from ``p``'s left, less those a
        Reaction made unaffected when it was played (base rulebook,
        Attacks). Records them in an :class:`~.events.Attacked` event."""
        safe = self._plays[-1] if self._plays else set()
        victims = [v for v in self.others(p) if v.name not in safe]
        self.emit(ev.Attacked(p.name, card_name, tuple(v.name for v in victims)))
        return victims

    def discard_down_to(self, v: Player, n: int, source: str) -> Generator[Decision, Any, None]:
        """``v`` discards down to ``n`` cards in hand (their choice)."""
        k = len(v.hand) - n
        if k <= 0:
            return
        chosen = yield from self.choose_cards(
            v,
            v.hand,
            N_("{player}, {source}: discard {count} cards, down to {left} in hand.")
            if k > 1
            else N_("{player}, {source}: discard 1 card, down to {left} in hand."),
            "discard",
            k,
            k,
            source,
            args={"source": source, "count": k, "left": n},
        )
        self.discard_cards(v, chosen)

    # ------------------------------------------------------------- buying
    def can_buy_reason(self, p: Player, cost: Cost, name: str) -> str | None:
        """Why ``p`` may not buy ``name`` (a card or Event costing ``cost``) now,
        as a :class:`Msg`, or None if they may: a Buy is needed, no Debt may be
        held (Empires rulebook, Debt) and the coins must cover the coin part."""
        t = self.turn
        if t.buys < 1:
            return Msg("You have no Buys left.")
        if p.debt > 0:
            if t.coins:
                return Msg("You have {debt} Debt; pay it off before you buy anything (type pay).", debt=p.debt)
            return Msg(
                "You have {debt} Debt and no coins to pay it with; you cannot buy anything this turn.", debt=p.debt
            )
        if cost.coins > t.coins:
            return Msg(
                N_("{card} costs {cost}; you have {coins} coins.")
                if t.coins != 1
                else N_("{card} costs {cost}; you have 1 coin."),
                card=name,
                cost=cost,
                coins=t.coins,
            )
        return None

    def buy_card(self, p: Player, pile: str) -> Generator[Decision, Any, None]:
        """Buy the top card of ``pile``: pay coins, take the Debt in its cost
        and the Debt tokens on its pile (Empires rulebook, Debt), run the
        "when you buy" abilities (see :meth:`trigger`), then gain it."""
        self._pay_for(p, pile)
        yield from self.trigger(_AT_BUY, p, self.piles[pile].top)
        yield from self.gain(p, pile, bought=True)

    def _pay_for(self, p: Player, pile: str) -> None:
        """What :meth:`buy_card` does before the "when you buy" abilities: the
        Buy, the coins and Debt paid for the top card of ``pile`` (which is
        not empty: a legal buy), recorded (:meth:`_pay`)."""
        pl = self.piles[pile]
        # the printed card on top (its name is its pile's card's): ``pl.top_spec()``, read at hand for a
        # pile with cards made, or with unmade cards all of one card (a buy of nearly every turn reads it)
        cards = pl._cards
        spec = cards[0].spec if cards else (pl._spec if pl._unmade else None) or pl.top_spec()
        assert spec is not None
        self._pay(p, pl, spec)

    def _pay(self, p: Player, pl: Pile, spec: CardSpec) -> None:
        """``p`` pays for a buy of ``spec`` from the pile ``pl``: the Buy, the
        coins, the card's Debt and the Debt on the pile (Empires rulebook, Debt),
        recorded (in a game that keeps its events, before the card leaves the
        pile: the record counts the cards it keeps after)."""
        cost = spec.cost
        t = self.turn
        t.buys -= 1
        t.coins -= cost.coins
        t.bought = True
        if self.keep_log:
            self.emit(ev.CardBought(p.name, spec.name, cost.coins, t.coins, pl.name, pl.count() - 1))
        if cost.debt:
            self.take_debt(p, cost.debt, spec.name)
        if pl.debt_tokens:
            n = pl.debt_tokens
            pl.debt_tokens = 0
            self.emit(ev.PileDebtChanged(pl.name, -n, 0, p.name))
            self.take_debt(p, n, Msg("the {pile} pile", pile=pl.name))

    def buy_plain(self, p: Player, pl: Pile, met: bool | None = None) -> bool | None:
        """A legal buy by ``p``, the player whose turn it is, of the top card of
        the Supply pile ``pl``, where no ability runs when it is bought or
        gained (see :meth:`buy_runs_nothing`): what the Buy phase does for it
        (paid for, then the card gained to the discard pile, recorded,
        and the end of the game announced when the end condition now holds),
        at once. ``met``: the end condition before the buy, when the caller
        knows it (None: not known). Returns the end condition after the buy,
        or None when it was not worked out (a game that keeps its events)."""
        if self.keep_log or pl.debt_tokens:
            self._pay_for(p, pl.name)
            self.take_gained(p, pl.name, "discard", True)
            return None
        # what take_gained does, with no event kept: _pile_changed's events are not made, and the end
        # condition is worked out again only when the pile is empty
        gained = pl.take_top()
        assert gained is not None
        self._pay(p, pl, gained.spec)  # (no event is kept: nothing counts the pile)
        self._place_gained(p, gained, "discard")
        if met is None or not (pl._cards or pl._unmade):
            # (else as it was: a card taken from a pile changes the end condition only by emptying it)
            met = self.end_condition()
        if met != self.ending:  # (else there is nothing to announce)
            self._check_ending(pl, met)
        return met

    def buy_event(self, p: Player, name: str) -> Generator[Decision, Any, None]:
        """Buy an Event: uses a Buy, pays its coins, takes its Debt, then its effect."""
        spec = EVENTS[name]
        t = self.turn
        t.buys -= 1
        t.coins -= spec.cost.coins
        t.bought = True
        p.events_bought[name] = p.events_bought.get(name, 0) + 1
        self.emit(ev.EventBought(p.name, name, spec.cost.coins, t.coins))
        self.take_debt(p, spec.cost.debt, name)
        yield from self.run(spec.effect(cast("Game", self), p))

    # ------------------------------------------------------------ the turn
    def resume_in(self, phase: str) -> None:
        """Start play inside the current turn's ``phase`` (action or buy)
        instead of at a new turn; used for scenario positions."""
        self._resume_phase = phase

    def start(self) -> Decision | None:
        """Run the game to its first decision; returns it. Cards already in
        the turn player's play area (a position) count as played this turn."""
        if self._flow is None:
            self.count_in_play_as_played()
            self._flow = self._main()
            self._advance(None)
        return self.pending

    def _advance(self, value: Any) -> None:
        """Run the game flow on: ``value`` is the answer to the pending
        decision (None to start the flow)."""
        if self._flow is None:
            raise RuntimeError("The game has not been started.")
        try:
            self.pending = self._flow.send(value)
        except StopIteration:
            self.pending = None

    def answer(self, keys: Any) -> Decision | None:
        """Answer the pending decision with a list of option keys: strings, or
        for a turn one :class:`Move` (its JSON or short text form is read too).
        ``keys`` is whatever a seat sent (typed ``Any``: compiled, a call would
        refuse another type before the answer is checked).

        Raises :class:`IllegalAnswer` (game unchanged) for a refused answer.
        Returns the next pending decision, or None when the game is over.
        """
        d = self.pending
        if d is None:
            raise IllegalAnswer(Msg("The game is over; nothing is waiting for an answer."))
        if d.kind is _KIND_TURN and type(keys) is list and len(keys) == 1:
            move = keys[0]
            if type(move) is Move and self.move_is_legal(self.players[self.turn.player], move):
                # the usual answer of a seat: one legal move, checked against the rules directly
                keys = [move]
                self.answers.append(keys)
                try:  # what _advance does
                    self.pending = self._flow.send(keys)  # type: ignore[union-attr]
                except StopIteration:
                    self.pending = None
                return self.pending
        if isinstance(keys, (str, Move, dict)):
            keys = [keys]
        err = self.explain_move(keys) if d.kind is _KIND_TURN else d.check(keys)
        if err:
            raise IllegalAnswer(err)
        keys = d.normalize(keys)
        self.answers.append(keys)
        self._advance(keys)
        return self.pending

    def _main(self) -> Generator[Decision, list[Option], None]:
        """The game flow: turn after turn until the game ends. Each turn's steps
        are written out here, not in generators of their own, so that an answer
        reaches the phase that asked for it through fewer generators (and a
        turn makes fewer): the start of the turn, the Action and Buy phases
        (and back, when a card asks for it), Clean-up, then after the turn."""
        resume = self._resume_phase
        while True:
            p = self.current
            t = self.turn
            # ---- the start of the turn (none for a position resumed in a phase)
            if resume is None:
                started = ev.TurnStarted(p.name, p.turns_taken + 1, t.number)
                self.emit(started)
                self.turn_started = started
                if self.lasting:
                    self.lasting = [
                        x for x in self.lasting if not (x.ends is _ENDS_OWNERS_NEXT_TURN and x.owner == p.name)
                    ]
                yield from self.trigger(_AT_START_OF_TURN, p)
                if self.keep_log:
                    self.emit(ev.PhaseChanged(p.name, "action"))
                phase = "action"
            else:
                phase = resume
                resume = None
            # ---- the Action and Buy phases
            carry = None
            if phase == "action" and self.accelerator is not None:
                # turns played at hand, for as long as the accelerator can (see GameBase.accelerator)
                phase, carry = self.accelerator(p, t)
                if phase == "over":
                    return
                if phase == "next":
                    continue
                p, t = self.current, self.turn
            while phase != "cleanup":
                if phase == "action":
                    t.phase = "action"
                    # the Action phase: moves until one ends it; a move that belongs to the
                    # Buy phase (a Treasure, a buy, a payment) is carried over to it
                    while True:
                        keys: list[Any] = yield self._turn_decision(p)
                        move = keys[0]
                        if move.kind is _MK_END:
                            break
                        if move.kind is not _MK_PLAY:
                            carry = move
                            break
                        card = next(c for c in p.hand if c.name == move.name)
                        if card.is_("Action") and self.turn.actions > 0:
                            self.turn.actions -= 1
                            self.emit(
                                ev.ResourcesChanged(
                                    p.name, self.turn.actions, self.turn.buys, self.turn.coins, -1, 0, 0, "play"
                                )
                            )
                            yield from self.play_card(p, card)
                        else:
                            carry = move
                            break
                    self.start_buy_phase(p)
                    yield from self.trigger(_AT_START_OF_BUY, p)
                else:
                    t.phase = "buy"
                # the Buy phase: moves until one ends it ("cleanup"), or a card returns
                # the turn to the Action phase ("action")
                result = "cleanup"
                while True:
                    if carry is not None:
                        move, carry = carry, None
                    else:
                        keys = yield self._turn_decision(p)
                        move = keys[0]
                    verb, arg = move.kind, move.name
                    if verb is _MK_END:
                        break
                    if verb is _MK_TREASURES:
                        auto = [c for c in p.hand if c.rules.on_treasures]  # (plays_on_treasures)
                        treasure_order(auto)
                        if all(c.rules.plain_play for c in auto) and self.plays_run_nothing(p, auto):
                            self.play_plains(p, auto)  # nothing to ask and no ability between them
                        else:
                            for c in auto:
                                if c in p.hand:
                                    if c.rules.plain_play:  # what play_card does for it, without a generator
                                        self.play_plain(p, c)
                                        yield from self.trigger(_AT_PLAY, p, c)
                                    else:
                                        yield from self.play_card(p, c)
                    elif verb is _MK_PLAY:
                        in_hand = next((c for c in p.hand if c.name == arg), None)
                        if in_hand is None:
                            # the card left the hand at the start of the Buy phase (a Landmark discarded it)
                            self.emit_note(
                                p,
                                N_("{player} no longer has that card in hand, so it is not played."),
                                N_("You no longer have that card in hand, so it is not played."),
                            )
                            continue
                        yield from self.play_card(p, in_hand)
                    elif verb is _MK_PAY:
                        self.pay_debt(p, move.amount)
                    elif verb is _MK_BUY:
                        if arg in EVENTS:
                            yield from self.buy_event(p, arg)
                        else:
                            pl = self.piles[arg]
                            top = pl.top
                            assert top is not None  # (a legal buy)
                            if self.buy_runs_nothing(p, top):
                                self.buy_plain(p, pl)
                            else:  # what buy_card does, without its generator and gain's
                                self._pay_for(p, arg)
                                yield from self.trigger(_AT_BUY, p, top)
                                gained = self.take_gained(p, arg, "discard", True)
                                if gained is not None:
                                    yield from self.trigger(_AT_GAIN, p, gained)
                    if t.action_phase_requested:
                        result = "action"
                        break
                carry = None
                if result == "action":
                    reason, t.action_phase_requested = t.action_phase_requested, ""
                    t.action_phase_again = True
                    phase = "action"
                    t.phase = "action"
                    self.emit(ev.PhaseChanged(p.name, "action", reason))
                    continue
                break
            # ---- Clean-up
            trigger = self.trigger
            if (
                not self.lasting
                and trigger(_AT_START_OF_CLEANUP, p) is _NO_ABILITIES
                and trigger(_AT_END_OF_TURN, p) is _NO_ABILITIES
                and trigger(_AT_AFTER_TURN, p) is _NO_ABILITIES
                and not any(_AT_DISCARD_FROM_PLAY in c.rules.triggers for c in p.in_play)
            ):
                # no ability on the way (and so none after it: the play area leaves): at once
                if self.clean_up_plain(p):
                    return
                continue
            self.start_cleanup(p)
            yield from self.trigger(_AT_START_OF_CLEANUP, p)
            if self.lasting:
                held = {id(c) for eff in self.lasting if eff.owner == p.name for c in eff.holders}
                leaving = [c for c in p.in_play if id(c) not in held]
            else:
                leaving = list(p.in_play)
            hooks = [(c, c.rules) for c in leaving if _AT_DISCARD_FROM_PLAY in c.rules.triggers]
            self.clean_up_discards(p, leaving)
            for c, rules in hooks:
                yield from self.trigger(_AT_DISCARD_FROM_PLAY, p, c, own=rules)
            self.clean_up_draws(p)
            yield from self.trigger(_AT_END_OF_TURN, p)
            # ---- after the turn
            yield from self.trigger(_AT_AFTER_TURN, p)
            if self.lasting:
                self.lasting = [x for x in self.lasting if x.ends is not _ENDS_AFTER_THIS_TURN]
            if self.end_condition():
                self._finish()
                return
            self.next_turn()

    def start_buy_phase(self, p: Player) -> None:
        """The Action phase of ``p``'s turn ends and the Buy phase starts
        (before the "at the start of your Buy phase" abilities, which the
        caller runs): nothing bought in it yet, recorded."""
        t = self.turn
        t.phase = "buy"
        t.bought = False
        if self.keep_log:
            self.emit(ev.PhaseChanged(p.name, "buy", "again" if t.action_phase_again else ""))

    def start_cleanup(self, p: Player) -> None:
        """``p``'s Buy phase ends and Clean-up starts (before the "at the
        start of Clean-up" abilities, which the caller runs), recorded."""
        self.turn.phase = "cleanup"
        if self.keep_log:
            self.emit(ev.PhaseChanged(p.name, "cleanup"))

    def next_turn(self) -> Turn:
        """After a turn that did not end the game: :attr:`turn` is set up
        for the next player's turn (to the left), its number one more, as a
        new ``Turn`` would be, and returned. The same object goes on from
        turn to turn (no one holds a Turn past its turn; the lists and the
        memory it held are left to whoever read them)."""
        t = self.turn
        _begin_turn(t, (t.player + 1) % len(self.players), t.number + 1)
        return t

    def clean_up_discards(self, p: Player, leaving: list[Card] | None = None) -> None:
        """Clean-up's discards (base rulebook, Clean-up): ``leaving``, the
        cards of ``p``'s play area that leave it (a new list, in the order of
        the play area; None: all of them), then ``p``'s hand, onto the
        discard pile, recorded."""
        if leaving is None and not self.keep_log and not self.some_card_became:
            # what the two discards below do, at once: the play area, then the hand on top of it (no card
            # became another: none has to become itself again); the play area's list, reversed, becomes
            # the discard pile's (no one holds a zone's list: a shuffle makes the discard pile a new one too)
            in_play, hand = p.in_play, p.hand
            in_play += hand
            in_play.reverse()
            in_play += p.discard
            p.discard = in_play
            p.in_play = []
            hand.clear()
            return
        self.discard_cards(p, p.in_play[:] if leaving is None else leaving, "in_play")
        self.discard_cards(p, p.hand[:], "hand", public=False)

    def clean_up_plain(self, p: Player, met: bool | None = None) -> bool:
        """Clean-up and what follows the turn of ``p``, the player whose turn
        it is, where no lasting effect is left and no ability runs at the
        start of Clean-up, as a card is discarded from play, at the end of
        the turn or after it (the game flow and the accelerator of plain
        turns both take this way then): Clean-up starts, the play area and
        the hand are discarded, ``p`` draws 5 cards and the turn counts as
        taken (:meth:`start_cleanup`, :meth:`clean_up_discards`,
        :meth:`clean_up_draws`); then the game ends when the end condition
        holds (``met``: it, when the caller knows it; None: worked out), and
        True is returned; else the next turn is set up (:meth:`next_turn`)
        and False is returned."""
        self.start_cleanup(p)
        self.clean_up_discards(p)
        self.clean_up_draws(p)
        if met is None:
            met = self.end_condition()
        if met:
            self._finish()
            return True
        t = self.turn  # (what next_turn does, at hand)
        _begin_turn(t, (t.player + 1) % len(self.players), t.number + 1)
        return False

    def clean_up_draws(self, p: Player) -> None:
        """The end of Clean-up (base rulebook, Clean-up): ``p`` draws a new
        hand of 5 cards, and their turn counts as taken."""
        self.draw(p, 5)
        p.turns_taken += 1

    def turn_options(self, p: Player) -> list[Move]:
        """The legal turn moves of ``p`` as :class:`Move` values: plays, ``treasures``,
        buys of piles and Events, payments of 1 Debt up to what the coins allow, ``end``."""
        t = self.turn
        opts: list[Move] = []
        action_phase = t.phase == "action"
        # a purchase stops Treasures for the rest of that Buy phase; after a return
        # to the Action phase, a Treasure starts a new Buy phase where they may be played
        treasures_ok = not t.bought or action_phase
        actions_ok = action_phase and t.actions > 0
        seen = set()
        auto = False
        made = _MOVES[_MK_PLAY]
        plays = []
        for c in p.hand:
            types = c.rules.types
            if treasures_ok and not auto:
                auto = c.rules.on_treasures  # (plays_on_treasures)
            name = c.name
            if name in seen:
                continue
            seen.add(name)  # cards of one name have the same rules
            if (treasures_ok and "Treasure" in types) or (actions_ok and "Action" in types):
                plays.append((hand_rank(c), name))
        plays.sort()  # in the order the hand is read: Actions, Treasures, then the rest, each by name
        opts.extend(made.get(name) or _move(_MK_PLAY, name) for _rank, name in plays)
        if auto:
            opts.append(_TREASURES)
        coins = t.coins
        if t.buys > 0 and p.debt == 0:
            opts += self.buy_options(p)
        for n in range(1, min(p.debt, coins) + 1):
            opts.append(Move.pay(n))
        opts.append(_END)
        return opts

    def buy_options(self, p: Player, tops: list[str] | None = None) -> list[Move]:
        """The legal buys of ``p`` among :meth:`turn_options`, in their order: with a Buy left and
        no Debt (Empires rulebook, Debt), each Supply pile whose top card costs at most the coins
        the turn has, then each such Event (base rulebook, Buy phase). ``tops``, when given, gets
        the name of what each buys (a pile's top card, an Event's name), in the same order."""
        t = self.turn
        opts: list[Move] = []
        if t.buys <= 0 or p.debt != 0:
            return opts
        coins = t.coins
        buys = _MOVES[_MK_BUY]
        for pl in self.piles.values():
            cards = pl._cards  # (pl.top_spec() at hand for the commonest piles: see _pay_for)
            spec = cards[0].spec if cards else (pl._spec if pl._unmade else None) or pl.top_spec()
            if spec is not None and spec.cost.coins <= coins:
                opts.append(buys.get(pl.name) or _move(_MK_BUY, pl.name))
                if tops is not None:
                    tops.append(spec.name)
        for e in self.events:
            if EVENTS[e].cost.coins <= coins:
                opts.append(_move(_MK_BUY, e))
                if tops is not None:
                    tops.append(e)
        return opts

    def move_is_legal(self, p: Player, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`turn_options` of ``p``, decided
        without listing them."""
        t = self.turn
        kind, name, amount = move.kind, move.name, move.amount
        if kind is _MK_BUY:  # (first: the plain turns ask about buys alone)
            if amount or t.buys <= 0 or p.debt != 0:
                return False
            pl = self.piles.get(name)  # piles are keyed by their names
            if pl is not None:
                cards = pl._cards  # (pl.top_spec() at hand for the commonest piles: see _pay_for)
                spec = cards[0].spec if cards else (pl._spec if pl._unmade else None) or pl.top_spec()
                if spec is not None and spec.cost.coins <= t.coins:
                    return True
            return name in self.events and EVENTS[name].cost.coins <= t.coins
        if kind is _MK_END:  # the commonest answer: always legal
            return not (name or amount)
        if kind is _MK_TREASURES:  # the next commonest
            if name or amount or (t.bought and t.phase != "action"):
                return False
            for c in p.hand:
                if c.rules.on_treasures:  # (plays_on_treasures)
                    return True
            return False
        if kind is _MK_PAY:  # 1 to the Debt, as far as the coins go
            return not name and 1 <= amount <= p.debt and amount <= t.coins
        action_phase = t.phase == "action"
        treasures_ok = not t.bought or action_phase
        if kind is _MK_PLAY:
            if amount:
                return False
            for c in p.hand:
                if c.name == name:
                    types = c.rules.types
                    return (treasures_ok and "Treasure" in types) or (
                        action_phase and t.actions > 0 and "Action" in types
                    )
            return False
        return False

    def only_end_is_legal(self, p: Player) -> bool:
        """Whether ending the Buy phase is ``p``'s one legal turn move now (see
        :meth:`turn_options`), told from the turn at once: in the Buy phase,
        no buy (no Buy left, or Debt held), no Debt the coins could pay, and
        no Treasure to play (one bought this phase, or none in hand). False
        where it would take more to tell (whether any cost allows a buy)."""
        t = self.turn
        if t.phase != "buy" or (t.buys > 0 and not p.debt) or (p.debt and t.coins):
            return False
        if not t.bought:
            for c in p.hand:
                if "Treasure" in c.rules.types:
                    return False
        return True

    def explain_move(self, keys: list[Any]) -> str | None:
        """Why the turn answer ``keys`` (one :class:`Move`, or its JSON or text
        form) is refused, as a :class:`Msg`, or None when it is legal."""
        if len(keys) != 1:
            return Msg("Make one move at a time.")
        try:
            move = Move.from_dict(keys[0])
        except ValueError:
            return Msg("{move} is not a move. Moves: play a card, play treasures, buy, pay, end.", move=str(keys[0]))
        p = self.current
        t = self.turn
        if self.move_is_legal(p, move):
            return None
        verb, arg = move.kind, move.name
        no_more = Msg("You bought something this turn, so you cannot play more Treasures.")
        if verb is _MK_PLAY:
            card = next((c for c in p.hand if c.name == arg), None)
            if card is None:
                return Msg("You have no {card} in your hand.", card=arg)
            if card.is_("Treasure") and t.bought:
                return no_more
            if card.is_("Action") and not card.is_("Treasure"):
                if t.phase != "action":
                    return Msg("{card} is an Action card; Action cards are played in the Action phase.", card=arg)
                if t.actions < 1:
                    return Msg("You have no Actions left to play {card}.", card=arg)
            if not card.is_("Action") and not card.is_("Treasure"):
                return Msg("{card} is not a card you can play.", card=arg)
            return Msg("You cannot play {card} now.", card=arg)
        if verb is _MK_TREASURES:
            if t.bought:
                return no_more
            if not any(c.is_("Treasure") for c in p.hand):
                return Msg("You have no Treasures in your hand.")
            return Msg("You have no Treasures to play that need no choice.")
        if verb is _MK_BUY:
            if arg in EVENTS:
                if arg not in self.events:
                    return Msg("{card} is not an Event in this game.", card=arg)
                return self.can_buy_reason(p, EVENTS[arg].cost, arg) or Msg("You cannot buy {card} now.", card=arg)
            pl = self.piles.get(arg)
            if pl is None:
                return Msg("{card} is not in the Supply.", card=arg)
            if not pl.cards:
                return Msg("The {pile} pile is empty.", pile=arg)
            return self.can_buy_reason(p, pl.cards[0].spec.cost, pl.cards[0].name) or Msg(
                "You cannot buy {card} now.", card=pl.cards[0].name
            )
        if verb is _MK_PAY:
            if p.debt == 0:
                return Msg("You have no Debt to pay.")
            if t.coins == 0:
                return Msg("You have no coins to pay Debt with.")
            n = move.amount
            most = min(p.debt, t.coins)
            if most == 1:
                return Msg("You can pay only 1 Debt now; {asked} is not possible.", asked=n)
            return Msg("You can pay from 1 to {most} Debt now; {asked} is not possible.", most=most, asked=n)
        return Msg("{move} is not a move. Moves: play a card, play treasures, buy, pay, end.", move=move.key)

    def _turn_decision(self, p: Player) -> Decision:
        t = self.turn
        phase = "Action phase" if t.phase == "action" else "Buy phase"
        figures = (p.name, phase, t.actions, t.buys, t.coins, p.debt)
        prompt = _PROMPTS.get(figures) or _turn_prompt(figures)
        options: Sequence[Move]
        if self.quick_moves:  # made as ``TurnMoves(self, p)`` is, without a call of its __init__
            moves: TurnMoves = _new_moves(TurnMoves)
            moves._game = self
            moves._player = p
            moves._moves = None
            options = moves
        else:
            options = self.turn_options(p)
        return Decision(p.name, _KIND_TURN, _PURPOSE_MOVE, prompt, options, source=phase)
