"""The trigger registry at work: running the abilities of a moment, the
Reactions to a play, per-turn and per-game memory and lasting effects (see
:mod:`a11y_dominion.rules.triggers`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Final, cast

from . import events as ev
from .cards import CARDS, EVENTS, LANDMARKS, CardSpec
from .scoring import ScoringMixin
from .state import Card, Player
from .triggers import Ends, Lasting, Moment, When

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game
    from .triggers import DurationWork, Flow


_IN_PLAY_MOMENTS: frozenset[Moment] | None = None


def _in_play_moments() -> frozenset[Moment]:
    """Every moment for which some card has a "while this is in play" ability."""
    global _IN_PLAY_MOMENTS
    if _IN_PLAY_MOMENTS is None:
        _IN_PLAY_MOMENTS = frozenset(m for spec in CARDS.values() for m in spec.while_in_play)
    return _IN_PLAY_MOMENTS


_MOMENTS_OF_CARDS: Final[dict[frozenset[str], frozenset[Moment]]] = {}
_MOMENTS_OF_SETUP: Final[dict[tuple[tuple[str, ...], tuple[str, ...]], frozenset[Moment]]] = {}
""":meth:`DispatchMixin._setup_moments` by the game's Landmarks and Events."""
_MOMENTS_OF_GAMES: Final[dict[tuple[frozenset[Moment], frozenset[Moment]], frozenset[Moment]]] = {}
""":meth:`DispatchMixin._game_moments` by the moments of the cards and of the setup."""
"""The moments at which cards of the names of the key have abilities (their
own or while in play), for :meth:`DispatchMixin._game_moments`."""

_NO_ABILITIES: Final = cast("Generator[Decision, Any, None]", ())

_PLAIN_BUYS: Final[dict[tuple[frozenset[Moment], frozenset[Moment], str], bool]] = {}
""":meth:`DispatchMixin.buy_runs_nothing` of games with the same moments, by
the card's name (simulations play many games of one Kingdom)."""
_PLAIN_BUYS_MOST: Final = 4096
"""What :meth:`DispatchMixin.trigger` gives for a moment with no ability: ``yield from`` it yields nothing."""


class DispatchMixin(ScoringMixin):
    """Triggered abilities, Reactions, memory and lasting effects."""

    # -------------------------------------------------------------- triggers
    def turn_memory(self, name: str) -> dict[str, Any]:
        """The per-turn memory of the card, Event or Landmark ``name`` (a
        dict, empty at the start of each turn)."""
        return self.turn.memory.setdefault(name, {})

    def game_memory(self, name: str) -> dict[str, Any]:
        """The per-game memory of the card, Event or Landmark ``name`` (a dict)."""
        return self.memory.setdefault(name, {})

    def add_lasting(self, effect: Lasting) -> None:
        """Register a lasting effect; it is removed when its ``ends`` comes
        (or earlier by :meth:`end_lasting`)."""
        self.lasting.append(effect)

    def add_duration(self, p: Player, name: str, holder: Card, work: DurationWork) -> Lasting:
        """Register the work the Duration card ``holder`` (named ``name``) does
        at the start of ``p``'s next turns: a lasting effect whose start-of-turn
        ability records :class:`~.events.DurationStarted`, runs ``work(game,
        player)`` and, once it returns False (no work left), ends, then
        records :class:`~.events.DurationResolved`. Until then ``holder`` and
        any card that played it stay in play (Empires rulebook, Durations).
        Each play makes its own effect. Returns the effect."""

        def start_of_turn(g: Game, owner: Player, w: When) -> Flow:
            g.emit(ev.DurationStarted(owner.name, name))
            more = yield from g.run(work(g, owner))
            if not more:
                g.end_lasting(w.effect)
            g.emit(ev.DurationResolved(owner.name, name, len(owner.set_aside)))

        effect = Lasting(name, p.name, Ends.WHEN_DONE, triggers={Moment.START_OF_TURN: start_of_turn}, holders=[holder])
        self.add_lasting(effect)
        return effect

    def end_lasting(self, effect: Lasting) -> None:
        """Remove a lasting effect now (one that has done its work)."""
        if effect in self.lasting:
            self.lasting.remove(effect)

    def trigger(
        self, moment: Moment, p: Player, card: Card | None = None, own: CardSpec | None = None
    ) -> Generator[Decision, Any, None]:
        """Generator: run every ability of ``moment`` for player ``p`` (see
        :meth:`_trigger`). When there is none (most moments of most games),
        an iterator that yields nothing is returned at once, so that no
        generator is made and run for nothing."""
        answered = self._moments_of_game
        if answered is None:
            answered = self._game_moments()
        lasting = self.lasting
        if lasting:
            for effect in lasting:  # (a lasting effect acts at the moments of its own abilities only)
                if moment in effect.triggers:
                    return self._trigger(moment, p, card, own)
        if moment not in answered:
            return _NO_ABILITIES  # no card, Landmark or Event of this game has an ability then
        moments = self._moments_of_setup
        if moments is None:
            moments = self._setup_moments()
        if moment in moments or (card is not None and moment in (own or card.spec).triggers):
            return self._trigger(moment, p, card, own)
        if moment in (_IN_PLAY_MOMENTS or _in_play_moments()):
            for h in p.in_play:
                if moment in h.rules.while_in_play:
                    return self._trigger(moment, p, card, own)
        return _NO_ABILITIES

    def buy_runs_nothing(self, p: Player, top: Card) -> bool:
        """Whether ``p`` buying ``top`` (the top card of a Supply pile) and
        gaining it runs no ability: ``trigger(BUY, p, top)`` and
        ``trigger(GAIN, p, top)`` are both :data:`_NO_ABILITIES`. With no
        lasting effect and no card of ``p``'s in play that has an ability of
        its own while in play, that depends only on the game's moments and
        the card's rules, and is kept for games with the same moments."""
        held = bool(self.lasting)
        if not held:
            for h in p.in_play:
                if h.rules.while_in_play:
                    held = True
                    break
        if held:
            return (
                self.trigger(Moment.BUY, p, top) is _NO_ABILITIES and self.trigger(Moment.GAIN, p, top) is _NO_ABILITIES
            )
        answered = self._moments_of_game
        if answered is None:
            answered = self._game_moments()
        setup = self._moments_of_setup
        if setup is None:
            setup = self._setup_moments()
        key = (answered, setup, top.spec.name)
        known = _PLAIN_BUYS.get(key)
        if known is None:
            known = (
                self.trigger(Moment.BUY, p, top) is _NO_ABILITIES and self.trigger(Moment.GAIN, p, top) is _NO_ABILITIES
            )
            if len(_PLAIN_BUYS) < _PLAIN_BUYS_MOST:
                _PLAIN_BUYS[key] = known
        return known

    def _setup_moments(self) -> frozenset[Moment]:
        """The moments for which a Landmark or Event of the game has an ability
        (worked out once: the game's Landmarks and Events are fixed at setup)."""
        moments = self._moments_of_setup
        if moments is None:
            key = (tuple(self.landmarks), tuple(self.events))
            moments = _MOMENTS_OF_SETUP.get(key)
            if moments is None:
                specs = [LANDMARKS[lm] for lm in self.landmarks] + [EVENTS[e] for e in self.events]
                moments = frozenset(m for s in specs for m in s.triggers)
                if len(_MOMENTS_OF_SETUP) < 4096:
                    _MOMENTS_OF_SETUP[key] = moments
            self._moments_of_setup = moments
        return moments

    def _game_moments(self) -> frozenset[Moment]:
        """The moments for which a card of this game (any made for it, see
        ``SetupMixin.new_card``: a card's own abilities and those it has while
        in play), one of its Landmarks or one of its Events has an ability
        (worked out again when cards of a new name are made). A card that
        becomes another in play becomes a card of the game (the top of a pile)."""
        names = self.card_names  # (while no other card is made, the Supply's names its Kingdom keeps: hashed once)
        if not isinstance(names, frozenset):
            names = frozenset(names)
        of_cards = _MOMENTS_OF_CARDS.get(names)
        if of_cards is None:
            found_of_cards: set[Moment] = set()
            for name in names:
                spec = CARDS[name]
                found_of_cards.update(spec.triggers)
                found_of_cards.update(spec.while_in_play)
            of_cards = frozenset(found_of_cards)
            if len(_MOMENTS_OF_CARDS) < 4096:
                _MOMENTS_OF_CARDS[names] = of_cards
        # one set for the games of one Kingdom and setup (its hash, worked out once, keys other caches)
        setup = self._setup_moments()
        found = _MOMENTS_OF_GAMES.get((of_cards, setup))
        if found is None:
            found = of_cards | setup
            if len(_MOMENTS_OF_GAMES) < 4096:
                _MOMENTS_OF_GAMES[(of_cards, setup)] = found
        self._moments_of_game = found
        return found

    def _trigger(
        self, moment: Moment, p: Player, card: Card | None = None, own: CardSpec | None = None
    ) -> Generator[Decision, Any, None]:
        """Generator: run every ability of ``moment`` for player ``p``.

        ``card`` is the card the moment is about (gained, bought, trashed,
        played, discarded from play); ``own`` the rules it had when they
        differ from its printed ones (a card that became another, leaving play). Order
        (scenario contract, "Simultaneous when abilities"): ``card``'s own
        ability, then ``p``'s cards in play in the order played, then lasting
        effects of ``p`` in the order made, then Landmarks, then Events, in
        the order of the setup.
        """
        if card is not None:
            fn = (own or card.spec).triggers.get(moment)
            if fn is not None:
                yield from self.run(fn(cast("Game", self), p, When(moment, card, card)))
        for holder in list(p.in_play):
            fn = holder.rules.while_in_play.get(moment)
            if fn is not None:
                yield from self.run(fn(cast("Game", self), p, When(moment, card, holder)))
        if self.lasting:
            for effect in list(self.lasting):
                fn = effect.triggers.get(moment)
                if fn is not None and effect.owner == p.name and effect in self.lasting:
                    yield from self.run(fn(cast("Game", self), p, When(moment, card, lasting=effect)))
        if not self.landmarks and not self.events:
            return
        for spec in [LANDMARKS[lm] for lm in self.landmarks] + [EVENTS[e] for e in self.events]:
            fn = spec.triggers.get(moment)
            if fn is not None:
                yield from self.run(fn(cast("Game", self), p, When(moment, card)))

    def react(self, moment: Moment, p: Player, card: Card) -> Generator[Decision, Any, None]:
        """Generator: the other players' Reactions to ``p``'s ``card`` at
        ``moment``, in turn order from ``p``'s left; each reacting card name
        in a hand is asked once (base rulebook, Reactions)."""
        for v in self.others(p):
            asked = set()
            for c in list(v.hand):
                fn = c.rules.reactions.get(moment)
                if fn is None or c.name in asked or c not in v.hand:
                    continue
                asked.add(c.name)
                yield from self.run(fn(cast("Game", self), v, When(moment, card, c, p)))

    def unaffected(self, v: Player) -> None:
        """``v`` is unaffected by the Attack being played now (a Reaction
        such as the one that reveals itself from the hand)."""
        if self._plays:
            self._plays[-1].add(v.name)
