"""The trigger registry at work: running the abilities of a moment, the
Reactions to a play, per-turn and per-game memory and lasting effects (see
:mod:`a11y_dominion.rules.triggers`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, cast

from .base import GameBase
from .cards import EVENTS, LANDMARKS, CardSpec
from .state import Card, Player
from .triggers import Lasting, Moment, When

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game


class DispatchMixin(GameBase):
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

    def end_lasting(self, effect: Lasting) -> None:
        """Remove a lasting effect now (one that has done its work)."""
        if effect in self.lasting:
            self.lasting.remove(effect)

    def trigger(
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
        for effect in list(self.lasting):
            fn = effect.triggers.get(moment)
            if fn is not None and effect.owner == p.name and effect in self.lasting:
                yield from self.run(fn(cast("Game", self), p, When(moment, card, lasting=effect)))
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
