"""The turn: playing and buying, the phases, Clean-up and after the turn
(base rulebook, Turn; Empires rulebook, Events and Debt)."""

from __future__ import annotations

import operator
from collections.abc import Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast, overload

from . import events as ev
from .base import GameBase
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
from .primitives import shuffle
from .state import Card, Player, Turn, counts_of
from .triggers import Ends, Moment

if TYPE_CHECKING:
    from .game import Game


# Enum members at hand as globals: in Python 3.11 a member read off its class
# (``MoveKind.END``) goes through the enum type's __getattr__ hook, some ten
# times as dear as a global.
_ENDS_AFTER_THIS_TURN = Ends.AFTER_THIS_TURN
_ENDS_OWNERS_NEXT_TURN = Ends.OWNERS_NEXT_TURN
_KIND_TURN = Kind.TURN
_AT_AFTER_TURN = Moment.AFTER_TURN
_AT_ATTACK = Moment.ATTACK
_AT_BUY = Moment.BUY
_AT_DISCARD_FROM_PLAY = Moment.DISCARD_FROM_PLAY
_AT_END_OF_TURN = Moment.END_OF_TURN
_AT_GAIN = Moment.GAIN
_AT_PLAY = Moment.PLAY
_AT_START_OF_BUY = Moment.START_OF_BUY
_AT_START_OF_CLEANUP = Moment.START_OF_CLEANUP
_AT_START_OF_TURN = Moment.START_OF_TURN
_MK_BUY = MoveKind.BUY
_MK_END = MoveKind.END
_MK_PAY = MoveKind.PAY
_MK_PLAY = MoveKind.PLAY
_MK_TREASURES = MoveKind.TREASURES
_PURPOSE_MOVE = Purpose.MOVE


_MOVES: dict[MoveKind, dict[str, Move]] = {_MK_PLAY: {}, _MK_BUY: {}}
"""The play and buy moves made, by kind and name (see :func:`_move`)."""
_TREASURES = TREASURES_MOVE
_END = END_MOVE
# the answers a plain turn records most (see TurnFlowMixin._plain_turns): lists shared by every answer of
# that move, as no one changes a recorded answer
_ANSWER_END: list[Option] = [_END]
_ANSWERS_END_TREASURES: tuple[list[Option], ...] = ([_END], [_TREASURES])
_ANSWERS_END_TREASURES_END: tuple[list[Option], ...] = ([_END], [_TREASURES], [_END])
_ONE_CARD_PILES = frozenset(("basic", "kingdom"))  # the kinds of pile whose cards are all one card
_NOT_A_LANE = (None, 0, None, 0)  # (see lane_plans in TurnFlowMixin._plain_turns)
_LANE_PLANS_MOST = 64
_new_decision = object.__new__
_PLAYED_LAST = operator.attrgetter("spec.played_last")


_PROMPTS: dict[tuple[str, str, int, int, int, int], str] = {}
_PROMPTS_MOST = 4096


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


def _plain(card: Card) -> bool:
    """Whether playing ``card`` from the hand asks nothing and no lasting
    effect or Reaction can answer it: no Action, no Attack, no text of its
    own (its bonuses only). See :meth:`TurnFlowMixin.play_plain`."""
    r = card.rules
    return r.play is None and "Action" not in r.types and "Attack" not in r.types


_PLAIN_TREASURE, _PLAIN_LAST, _PLAIN_BONUS, _NOT_PLAIN = 1, 2, 4, 8
"""The bits of :func:`_plain_kind`."""


def _plain_kind(r: CardSpec) -> int:
    """How a card in hand with rules ``r`` takes part in a plain turn (see
    :meth:`TurnFlowMixin._plain_turns`), kept in ``r.plain_kind``: 0 for a
    card that cannot be played (no Action, no Treasure: a Victory card, a
    Curse); for a Treasure that "play treasures" plays, that gives only
    +Actions, +Buys and coins and has no ability (a basic Treasure),
    ``_PLAIN_TREASURE``, with ``_PLAIN_LAST`` when "play treasures" plays it
    after the others and ``_PLAIN_BONUS`` when it gives +Actions or +Buys;
    ``_NOT_PLAIN`` for any other (an Action, a Treasure with text, +Cards, VP
    tokens or an ability, or one that asks), which makes the turn not plain."""
    kind = r.plain_kind
    if kind < 0:
        types = r.types
        if "Action" in types:
            kind = _NOT_PLAIN
        elif "Treasure" not in types:
            kind = 0
        else:
            plain = r.play is None and "Attack" not in types and not r.asks_when_played
            abilities = r.triggers or r.while_in_play or r.reactions
            if plain and not abilities and not r.cards and not r.vp_tokens:
                kind = _PLAIN_TREASURE
                if r.played_last:
                    kind |= _PLAIN_LAST
                if r.actions or r.buys:
                    kind |= _PLAIN_BONUS
            else:
                kind = _NOT_PLAIN
        r.plain_kind = kind
        r.plain_coins = r.coins if kind == _PLAIN_TREASURE else -1 if kind == 0 else -2
    return kind


def _play_all(
    p: Player, t: Turn, auto: list[Card], rest: list[Card], kinds: int, coins: int, actions: int, buys: int
) -> None:
    """ "Play treasures" in a plain turn: what :meth:`TurnFlowMixin.play_plains`
    does for ``auto``, every Treasure of ``p``'s hand (``rest`` the other
    cards; ``kinds`` their plain kinds or-ed; ``coins``, ``actions``,
    ``buys`` what they give), at once, as nothing happens between the plays."""
    if kinds & _PLAIN_LAST:  # a Treasure played after the others
        auto.sort(key=_PLAYED_LAST)
    p.hand[:] = rest
    p.in_play.extend(auto)
    t.played.extend(auto)
    t.coins += coins
    if actions or buys:
        t.actions += actions
        t.buys += buys


class PlainView:
    """What a bot's ``plain_move`` reads in a plain turn (see
    :meth:`TurnFlowMixin._plain_turns`), set by the game before each move:
    ``turn``, the turn as it is (the game's own :class:`Turn`, to be read
    only: its ``phase``, ``actions``, ``buys``, ``coins``, ``bought``);
    ``debt`` (the player's Debt); ``treasures`` (whether "play treasures" is
    a legal move); ``coins_after`` and ``buys_after``, the coins and Buys
    the player has once "play treasures" has played every Treasure in hand
    (the turn's own while there is none to play); ``left``, the number of
    cards in each Supply pile by name (to be read only; kept by the game
    while its plain turns go on); and, read when asked, whether a move is
    legal now. Public facts and the bot's own only, as a view is."""

    __slots__ = ("_game", "_player", "turn", "debt", "treasures", "coins_after", "buys_after", "left")

    def __init__(self, game: TurnFlowMixin, player: Player) -> None:
        self._game = game
        self.left: dict[str, int] = {}
        self._player = player
        self.turn = game.turn
        self.debt = 0
        self.treasures = False
        self.coins_after = self.buys_after = 0

    def legal(self, move: Move) -> bool:
        """Whether ``move`` is a legal turn move of the player now."""
        return self._game.move_is_legal(self._player, move)


HAND_ORDER = ("Action", "Treasure", "Victory", "Curse")  # the order a hand is read in


def _type_rank(types: frozenset[str]) -> int:
    for i, t in enumerate(HAND_ORDER):
        if t in types:
            return i
    return len(HAND_ORDER) + 4


def hand_rank(c: Card) -> tuple[int, str]:
    """Where ``c`` comes when a hand is read: Actions, Treasures, Victory cards, Curses,
    then the rest, each by name (the console's ``sorted_names``)."""
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


class TurnFlowMixin(GameBase):
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
        if not again and source == "hand" and _plain(card) and card in p.hand:
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
        Action or Attack and has no text of its own (see :func:`_plain`:
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

    def play_plains(self, p: Player, cards: list[Card]) -> None:
        """:meth:`play_plain` for each of ``cards`` still in ``p``'s hand, in
        order, with :meth:`add`'s steps at hand: for a game where no ability
        runs when a card is played (see :meth:`_no_play_abilities`; a plain
        play starts none), so nothing happens between the plays."""
        hand, in_play = p.hand, p.in_play
        t = self.turn
        own_turn = self.players[t.player] is p
        keep = self.keep_log
        for card in cards:
            if card not in hand:
                continue
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
        position has no history" except the cards in play)."""
        t = self.turn
        for c in self.current.in_play:
            if c not in t.played:
                t.played.append(c)

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
        top = self._pay_for(p, pile)
        yield from self.trigger(_AT_BUY, p, top)
        yield from self.gain(p, pile, bought=True)

    def _pay_for(self, p: Player, pile: str) -> Card:
        """What :meth:`buy_card` does before the "when you buy" abilities: the
        Buy, the coins and Debt paid, recorded; returns the card bought (the
        top of ``pile``, which is not empty: a legal buy)."""
        pl = self.piles[pile]
        top = pl.top  # a legal buy: the pile is not empty
        assert top is not None
        cost = top.spec.cost
        t = self.turn
        t.buys -= 1
        t.coins -= cost.coins
        t.bought = True
        if self.keep_log:
            self.emit(ev.CardBought(p.name, top.name, cost.coins, t.coins, pl.name, pl.count() - 1))
        self.take_debt(p, cost.debt, top.name)
        if pl.debt_tokens:
            n = pl.debt_tokens
            pl.debt_tokens = 0
            self.emit(ev.PileDebtChanged(pl.name, -n, 0, p.name))
            self.take_debt(p, n, Msg("the {pile} pile", pile=pl.name))
        return top

    def buy_event(self, p: Player, name: str) -> Generator[Decision, Any, None]:
        """Buy an Event: uses a Buy, pays its coins, takes its Debt, then its effect."""
        spec = EVENTS[name]
        t = self.turn
        t.buys -= 1
        t.coins -= spec.cost.coins
        t.bought = True
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

    def answer(self, keys: list[Option]) -> Decision | None:
        """Answer the pending decision with a list of option keys: strings, or
        for a turn one :class:`Move` (its JSON or short text form is read too).

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
            if phase == "action" and self.planners is not None:
                # bots' plain turns, without decisions, for as long as they stay plain
                phase, carry = self._plain_turns(p, t)
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
                    t.phase = "buy"
                    t.bought = False
                    if self.keep_log:
                        self.emit(ev.PhaseChanged(p.name, "buy", "again" if t.action_phase_again else ""))
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
                        auto = [  # the Treasures "play treasures" plays: no Action, none that asks
                            c
                            for c in p.hand
                            if "Treasure" in c.rules.types
                            and "Action" not in c.rules.types
                            and not c.spec.asks_when_played
                        ]
                        auto.sort(key=_PLAYED_LAST)
                        if self._no_play_abilities() and all(map(_plain, auto)):
                            self.play_plains(p, auto)  # nothing to ask and no ability between them
                        else:
                            for c in auto:
                                if c in p.hand:
                                    if _plain(c):  # what play_card does for it, without a generator
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
                        else:  # what buy_card does, without its generator and gain's
                            top = self._pay_for(p, arg)
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
            t.phase = "cleanup"
            if self.keep_log:
                self.emit(ev.PhaseChanged(p.name, "cleanup"))
            yield from self.trigger(_AT_START_OF_CLEANUP, p)
            if self.lasting:
                held = {id(c) for eff in self.lasting if eff.owner == p.name for c in eff.holders}
                leaving = [c for c in p.in_play if id(c) not in held]
            else:
                leaving = list(p.in_play)
            hooks = [(c, c.rules) for c in leaving if _AT_DISCARD_FROM_PLAY in c.rules.triggers]
            self.discard_cards(p, leaving, "in_play")
            self.discard_cards(p, list(p.hand), "hand", public=False)
            for c, rules in hooks:
                yield from self.trigger(_AT_DISCARD_FROM_PLAY, p, c, own=rules)
            self.draw(p, 5)
            p.turns_taken += 1
            yield from self.trigger(_AT_END_OF_TURN, p)
            # ---- after the turn
            yield from self.trigger(_AT_AFTER_TURN, p)
            if self.lasting:
                self.lasting = [x for x in self.lasting if x.ends is not _ENDS_AFTER_THIS_TURN]
            if self.end_condition():
                self._finish()
                return
            self.turn = Turn(player=(p.index + 1) % len(self.players), number=self.turn.number + 1)

    def _plain_turns(self, p: Player, t: Turn) -> tuple[str, Move | None]:
        """Play ``p``'s turn ``t`` (just started, in its Action phase), and the
        turns after it, with the moves of the players' planners (see
        :attr:`planners`) instead of decisions, for as long as the turns are
        plain: no lasting effect; no Action card in hand and only Treasures
        that give +Actions, +Buys and coins (see :func:`_plain_kind`); no
        ability at the start of the Buy phase or of Clean-up, at the end of
        the turn or after it, at the start of the next, when a card is played,
        bought or gained. Each move is checked as an answer is, recorded in
        :attr:`answers` as that answer, and carried out as the answer would
        be, by the same steps, so the game, its answers and its record are
        those of the game played with decisions. Used only while
        ``keep_log`` is False: the events that would not be kept are not made.

        Returns ``(phase, carry)``: "over" when the game ended; "next" when a
        turn ended and the next one (``self.turn``) is to be started; else the
        current turn (``self.turn``, which may be a later one, already
        started) goes on with decisions in ``phase``: "action" (nothing done
        in it yet), "buy" (``carry``: a move already answered, a buy with an
        ability or an Event, for the Buy phase to carry out first; or None),
        or "cleanup". Stops before a move that the turn limit or the answer
        bound of the planner's table would not let it answer."""
        if self.lasting or self.keep_log:
            return "action", None
        planners = self.planners
        assert planners is not None
        entry = planners[p.index]
        if entry is None:
            return "action", None
        trigger = self.trigger
        if trigger(_AT_START_OF_BUY, p) is not _NO_ABILITIES:
            return "action", None
        # what the turns need is the same for every turn of the loop: no cards of new names are
        # made in it (which could bring new abilities), no lasting effect, no card in play but
        # plain Treasures (which have no abilities)
        plays_plain = self._no_play_abilities()
        cleanup_plain = all(
            trigger(m, p) is _NO_ABILITIES for m in (_AT_START_OF_CLEANUP, _AT_END_OF_TURN, _AT_AFTER_TURN)
        )
        start_plain = trigger(_AT_START_OF_TURN, p) is _NO_ABILITIES
        answers, most = self.answers, self.plain_answers_most
        players, piles = self.players, self.piles
        legal = self.move_is_legal
        met: bool | None = None  # the end condition, once worked out (it changes only when a pile does)
        # the TurnStarted record (what views read for the turn's number) of the last turn started here
        # is made once, as the loop is left, as no one reads it before: of the current turn (``p``'s
        # turn ``t``) when ``started_here``, else of ``started`` when that is set (as a turn ended)
        started_here = False
        started: tuple[str, int, int] | None = None
        following = [(i + 1) % len(players) for i in range(len(players))]  # who plays after each player
        room = most - 3  # the answers before which the lane's turn (3 or 4 answers) fits in the bound
        # the Turn: ``ours`` when this loop made it or set it for a turn (its memory, Actions played and
        # return to the Action phase are then as a new Turn has them: a plain turn leaves them so), and
        # ``as_new`` while it is all as Turn(player, number) made it (a turn of the lane leaves it so)
        ours = as_new = False
        views = [entry[1] for entry in planners if entry is not None]
        # the cards left in each pile, kept here as the buys below take them (nothing else takes or
        # puts back a card in a plain turn): what the planners read, and the lane
        left = counts_of(piles)
        for v in views:
            v.turn = t
            v.left = left
        # what the planners' moves mean for the lane (below), by the id of the moves (a tuple): (the moves,
        # 1 for an end after the Treasures, 2 for a buy of a pile of one card (its top is the same card
        # until it is empty) that is plain and pays no Debt, else 0; that pile, the coins its cards cost)
        lane_plans: dict[int, tuple[Any, ...]] = {}
        try:
            while True:
                plan, view, limit = entry
                if limit is not None and (not started_here or p.turns_taken >= limit):
                    if started_here:
                        own = p.turns_taken + 1
                    else:
                        e = self.turn_started
                        own = e.number if e is not None and e.player == p.name else p.turns_taken + 1
                    if own > limit:
                        return "action", None
                treasures = 0  # the plain kinds of the Treasures in hand, or-ed
                auto: list[Card] = []  # the Treasures in hand ("play treasures" plays them all)
                rest: list[Card] = []  # the other cards in hand (which cannot be played)
                coins = 0  # what playing them gives
                hand = p.hand
                for c in hand:
                    ck = c.rules.plain_coins  # (the commonest: Copper, Silver, Gold; cards that cannot be played)
                    if ck >= 0:
                        auto.append(c)
                        coins += ck
                        continue
                    if ck == -1:
                        rest.append(c)
                        continue
                    r = c.rules
                    ck = r.plain_kind
                    if ck < 0:
                        ck = _plain_kind(r)
                    if not ck:
                        rest.append(c)
                        continue
                    if ck & _NOT_PLAIN:
                        return "action", None
                    treasures |= ck
                    auto.append(c)
                    coins += r.coins
                actions = buys = 0
                if auto:
                    treasures |= _PLAIN_TREASURE
                    if not plays_plain:
                        return "action", None
                    if treasures & _PLAIN_BONUS:
                        for c in auto:
                            actions += c.rules.actions
                            buys += c.rules.buys
                # ---- the Action and Buy phases
                phase = "action"
                queue: tuple[Move, ...] = ()  # moves the planner gave at once, still to be made
                at = 0
                gained: Card | None = None
                lane = False  # the whole turn made at once (below)
                if treasures and len(answers) < room:
                    # the commonest turn at hand: the planner ends the Action phase and plays its
                    # Treasures (both legal: Treasures in hand, nothing bought); then buys or ends
                    view.debt = p.debt  # (its turn is this Turn: see ``views``)
                    view.treasures = True
                    view.coins_after = t.coins + coins
                    view.buys_after = t.buys + buys
                    got = plan(view)
                    known = lane_plans.get(id(got))
                    if known is None:
                        known = _NOT_A_LANE
                        if type(got) is tuple and len(got) == 3 and got[0] is _END and got[1] is _TREASURES:
                            move = got[2]
                            if move is _END:
                                known = (got, 1, None, 0)
                            elif move.kind is _MK_BUY and not move.amount:
                                pl = piles.get(move.name)
                                top = pl.top if pl is not None else None
                                if top is not None:
                                    printed = top.spec
                                    if (
                                        pl.kind in _ONE_CARD_PILES  # type: ignore[union-attr]
                                        and not printed.cost.debt
                                        and not pl.debt_tokens  # type: ignore[union-attr]
                                        and self.buy_runs_nothing(p, top)
                                    ):
                                        # (with the answers the lane records for it)
                                        known = (
                                            got,
                                            2,
                                            pl,
                                            printed.cost.coins,
                                            ([_END], [_TREASURES], [move], [_END]),
                                            move.name,
                                        )
                                    else:
                                        known = (got, 0, None, 0)
                        if known is not _NOT_A_LANE and len(lane_plans) < _LANE_PLANS_MOST:
                            lane_plans[id(got)] = known  # (the entry holds the moves, so their id stays theirs)
                    if known[1] and treasures == _PLAIN_TREASURE and cleanup_plain:
                        # the lane: basic Treasures, then an end or a buy with the one Buy (a legal one, as
                        # move_is_legal says, that has no ability then, nor Debt), which leaves end the one
                        # legal move: the turn is made at once, the zones moved to where its moves and
                        # Clean-up leave them
                        if known[1] == 1:
                            answers += _ANSWERS_END_TREASURES_END
                            lane = True
                        elif t.buys == 1 and not p.debt:
                            name = known[5]
                            n = left[name]
                            if n and known[3] <= t.coins + coins:  # (what move_is_legal says)
                                answers += known[4]
                                left[name] = n - 1
                                gained = known[2].take_top()
                                if met is None or n == 1:
                                    met = self.end_condition()  # (else as it was: only this pile changed)
                                if met and not self.ending:  # what _check_ending does
                                    self.ending = True
                                elif self.ending and not met:
                                    self.ending = False
                                lane = True
                    if not lane:
                        if type(got) is not tuple:
                            queue = (got,)
                        elif len(got) >= 2 and got[0] is _END and got[1] is _TREASURES:
                            answers += _ANSWERS_END_TREASURES
                            t.phase = phase = "buy"
                            t.bought = False
                            _play_all(p, t, auto, rest, treasures, coins, actions, buys)
                            treasures = coins = actions = buys = 0
                            auto = []
                            queue, at = got, 2
                        else:
                            queue = got
                if lane:
                    # ---- what the lane's moves and Clean-up leave: the Treasures played, the card
                    # bought onto the discard pile, then what is in play and the hand on top of it
                    order = auto + rest
                    order.reverse()
                    in_play = p.in_play
                    if in_play:
                        order += in_play[::-1]
                        in_play.clear()
                    if gained is not None:
                        order.append(gained)
                    discard = p.discard  # (the draw below reads it)
                    discard[0:0] = order
                    hand.clear()
                    if met is None:
                        met = self.end_condition()
                    if met:  # the game's last turn: the Turn as its moves leave it
                        t.phase = "cleanup"
                        t.bought = gained is not None
                        t.played.extend(auto)
                        t.coins += coins
                        if gained is not None:
                            t.coins -= gained.spec.cost.coins
                            t.buys -= 1
                            t.gained.append(gained.name)
                else:
                    as_new = False  # (the moves below change the Turn)
                    while True:
                        if len(answers) >= most:
                            return phase, None
                        treasures_ok = treasures and (phase == "action" or not t.bought)
                        if at < len(queue):
                            move = queue[at]
                            at += 1
                        elif (
                            phase == "buy"
                            and (not treasures or t.bought)
                            and (t.buys <= 0 or p.debt)
                            and not (p.debt and t.coins)
                        ):
                            move = _END  # the one legal move: no Treasure to play, no buy, no Debt to pay
                        else:
                            view.debt = p.debt  # (its turn is this Turn: see ``views``)
                            view.treasures = bool(treasures_ok)
                            view.coins_after = t.coins + coins
                            view.buys_after = t.buys + buys
                            got = plan(view)
                            if type(got) is tuple:
                                queue, at = got, 1
                                move = got[0]
                            else:
                                move = got
                        kind = move.kind
                        # is it legal? (what move_is_legal says, at hand for the commonest moves)
                        pl = spec = None
                        if kind is _MK_END or kind is _MK_TREASURES:
                            if move.name or move.amount or (kind is _MK_TREASURES and not treasures_ok):
                                return phase, None  # asked again with a decision, and refused as an answer is
                        elif kind is _MK_BUY and not move.amount and t.buys > 0 and not p.debt:
                            pl = piles.get(move.name)
                            if pl is None:  # an Event, or no such pile
                                if not legal(p, move):
                                    return phase, None
                            else:
                                spec = pl.top_spec()
                                if spec is None or spec.cost.coins > t.coins:
                                    return phase, None
                        elif not legal(p, move):
                            return phase, None
                        if phase == "action":
                            if kind is _MK_PLAY:
                                return phase, None  # (an Action: none in hand; a Treasure: carried over as below)
                            # a move of the Buy phase ends the Action phase and is carried over to it
                            answers.append([move])
                            t.phase = phase = "buy"
                            t.bought = False
                            if kind is _MK_END:
                                continue
                        else:
                            answers.append([move])
                        if kind is _MK_END:
                            break
                        if kind is _MK_TREASURES:
                            _play_all(p, t, auto, rest, treasures, coins, actions, buys)
                            treasures = coins = actions = buys = 0
                            auto = []
                        elif kind is _MK_PAY:
                            self.pay_debt(p, move.amount)
                        elif kind is _MK_PLAY:  # a Treasure (no Action is in hand)
                            card = next(c for c in hand if c.name == move.name)
                            self.play_plain(p, card)
                            auto.remove(card)
                            r = card.rules
                            coins -= r.coins
                            actions -= r.actions
                            buys -= r.buys
                            treasures = 0
                            for c in auto:
                                treasures |= c.rules.plain_kind
                        else:  # a buy (``pl`` its pile, ``spec`` the card on top, as looked up above)
                            if pl is None or spec is None:
                                return "buy", move  # an Event
                            name = move.name
                            top = pl.top
                            assert top is not None
                            if not self.buy_runs_nothing(p, top):
                                return "buy", move
                            # what the Buy phase does for the buy (_pay_for), and take_gained for its gain, no event
                            cost = spec.cost
                            if cost.debt or pl.debt_tokens:
                                self._pay_for(p, name)
                            else:
                                t.buys -= 1
                                t.coins -= cost.coins
                                t.bought = True
                            gained = pl.take_top()
                            assert gained is not None
                            left[name] -= 1
                            p.discard.insert(0, gained)
                            t.gained.append(spec.name)
                            # (else the end condition is as it was: only this pile changed)
                            if met is None or not left[name]:
                                met = self.end_condition()
                            if met and not self.ending:  # what _check_ending does
                                self.ending = True
                            elif self.ending and not met:
                                self.ending = False
                            if t.buys <= 0 and not p.debt and at >= len(queue) and len(answers) < most:
                                # the one legal move now (no Treasure after a purchase, no Buy, no Debt): end
                                answers.append(_ANSWER_END)
                                break
                    # ---- Clean-up: what the turn loop does, at hand
                    if not cleanup_plain:
                        return "cleanup", None
                    t.phase = "cleanup"
                    in_play, hand, discard = p.in_play, p.hand, p.discard
                    if in_play:
                        discard[0:0] = in_play[::-1]
                        in_play.clear()
                    if hand:
                        discard[0:0] = hand[::-1]
                        hand.clear()
                deck = p.deck
                if len(deck) >= 5:
                    hand.extend(deck[:5])
                    del deck[:5]
                else:  # what draw does: the deck, then the discard pile shuffled in (see _take_top and _shuffle)
                    hand.extend(deck)
                    deck.clear()
                    if discard:
                        shuffle(self.rng, discard)
                        p.deck = discard
                        p.discard = []
                        take = 5 - len(hand)
                        hand.extend(discard[:take])
                        del discard[:take]
                p.turns_taken += 1
                if met is None:
                    met = self.end_condition()
                if met:
                    self._finish()
                    if started_here:
                        started, started_here = (p.name, p.turns_taken, t.number), False
                    return "over", None
                # the next turn in the same Turn, set as Turn(player, number) would be: no one holds the
                # turn that ended (the game keeps no events; planners read it only during the turn)
                if as_new:
                    t.player = following[p.index]
                    t.number += 1
                elif not ours and (t.memory or t.actions_played or t.action_phase_again or t.action_phase_requested):
                    self.turn = t = Turn(following[p.index], t.number + 1)  # (positional: made sooner)
                    ours = as_new = True
                    for v in views:
                        v.turn = t
                else:
                    ours = as_new = True
                    t.player = following[p.index]
                    t.number += 1
                    t.phase = "action"
                    t.actions = t.buys = 1
                    t.coins = 0
                    t.bought = False
                    t.played = []
                    t.gained = []
                if not start_plain:
                    if started_here:  # (the turn that ended)
                        started, started_here = (p.name, p.turns_taken, t.number - 1), False
                    return "next", None
                # ---- the start of the next turn, at hand
                p = players[t.player]
                started_here = True
                entry = planners[p.index]
                if entry is None:
                    return "action", None
        finally:
            if started_here:
                self.turn_started = ev.TurnStarted(p.name, p.turns_taken + 1, t.number)
            elif started is not None:
                self.turn_started = ev.TurnStarted(*started)

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
            if treasures_ok and not auto and "Treasure" in types:
                auto = not c.spec.asks_when_played and "Action" not in types
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
            buys = _MOVES[_MK_BUY]
            for pl in self.piles.values():
                spec = pl.top_spec()
                if spec is not None and spec.cost.coins <= coins:
                    opts.append(buys.get(pl.name) or _move(_MK_BUY, pl.name))
            for e in self.events:
                if EVENTS[e].cost.coins <= coins:
                    opts.append(_move(_MK_BUY, e))
        for n in range(1, min(p.debt, coins) + 1):
            opts.append(Move.pay(n))
        opts.append(_END)
        return opts

    def move_is_legal(self, p: Player, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`turn_options` of ``p``, decided
        without listing them."""
        t = self.turn
        kind, name, amount = move.kind, move.name, move.amount
        if kind is _MK_END:  # the commonest answer: always legal
            return not (name or amount)
        if kind is _MK_TREASURES:  # the next commonest
            if name or amount or (t.bought and t.phase != "action"):
                return False
            for c in p.hand:  # the Treasures "play treasures" plays: no Action, none that asks
                types = c.rules.types
                if "Treasure" in types and "Action" not in types and not c.spec.asks_when_played:
                    return True
            return False
        if kind is _MK_BUY:
            if amount or t.buys <= 0 or p.debt != 0:
                return False
            pl = self.piles.get(name)  # piles are keyed by their names
            if pl is not None:
                spec = pl.top_spec()
                if spec is not None and spec.cost.coins <= t.coins:
                    return True
            return name in self.events and EVENTS[name].cost.coins <= t.coins
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

    def explain_move(self, keys: list[Option]) -> str | None:
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
            moves: TurnMoves = _new_decision(TurnMoves)
            moves._game = self
            moves._player = p
            moves._moves = None
            options = moves
        else:
            options = self.turn_options(p)
        # made as ``Decision(p.name, _KIND_TURN, _PURPOSE_MOVE, prompt, options, source=phase)`` is
        # (its fields already of their types), without the checks of the constructor
        d = _new_decision(Decision)
        d.player = p.name
        d.kind = _KIND_TURN
        d.purpose = _PURPOSE_MOVE
        d.prompt = prompt
        d.options = options
        d.min = 1
        d.max = 1
        d.counts = None
        d.source = phase
        d.labels = {}
        d.distinct = False
        d.ordered = False
        d.template = ""
        d.args = {}
        return d
