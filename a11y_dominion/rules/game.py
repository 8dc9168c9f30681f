"""The Dominion engine: state, turn structure and the operations cards use.

The engine is pure: it never prints or reads. It runs the game as a
generator that yields :class:`~a11y_dominion.rules.decisions.Decision`
objects; :meth:`Game.answer` checks an answer (a list of option keys) and
runs on to the next decision. Everything that changes is recorded as a
:mod:`~a11y_dominion.rules.events` event in ``Game.log``.

:class:`Game` is composed of mixins, one module per seam: setup
(:mod:`.setup`), the trigger registry (:mod:`.dispatch`), decisions
(:mod:`.asking`), the operations cards use (:mod:`.primitives`), the turn
(:mod:`.turnflow`) and scoring (:mod:`.scoring`); the state types live in
:mod:`.state` and are importable from here.

Rule sources: Dominion base rulebook (turn, Clean-up, end of game, ties)
and the Empires rulebook (Debt, split piles, Castles, Events, Landmarks, VP
tokens, Gathering and Duration cards).
"""
from __future__ import annotations

import random
import types as _types
from typing import Optional

from . import events as ev
from .asking import AskingMixin
from .cards import CARDS, EVENTS, LANDMARKS, canonical
from .decisions import Decision
from .dispatch import DispatchMixin
from .primitives import PrimitivesMixin
from .scoring import ScoringMixin
from .setup import SetupMixin, resolve_kingdom
from .state import BASIC_PILES, Card, GameConfig, Pile, Player, SetupError, Turn
from .turnflow import TurnFlowMixin

__all__ = ["BASIC_PILES", "Card", "Game", "GameConfig", "Pile", "Player", "SetupError", "Turn", "resolve_kingdom"]


class Game(SetupMixin, DispatchMixin, AskingMixin, PrimitivesMixin, TurnFlowMixin, ScoringMixin):
    """A game of Dominion with Empires.

    ``Game(config)`` sets up the Supply, Landmarks and start decks (seeded);
    :meth:`start` runs to the first decision; :meth:`answer` answers the
    pending decision. ``pending`` is the current :class:`Decision` or None
    when the game is over; ``log`` is the list of events.
    """

    def __init__(self, config: GameConfig, deal: bool = True, obelisk: Optional[str] = None):
        n = len(config.players)
        if not 2 <= n <= 6:
            raise SetupError("A game needs 2 to 6 players.")
        if len(set(config.players)) != n:
            raise SetupError("Every player needs a different name.")
        self.config = config
        self.rng = random.Random(config.seed)
        self.log: list = []
        self.players = [Player(name, i) for i, name in enumerate(config.players)]
        self.by_name = {p.name: p for p in self.players}
        self.kingdom = resolve_kingdom(config.kingdom)
        self.events = []
        for e in config.events:
            c = canonical(e)
            if c not in EVENTS:
                raise SetupError(f"{e} is not an Event this game knows.")
            if c in self.events:
                raise SetupError(f"The Event {c} is named twice.")
            self.events.append(c)
        self.landmarks = {}
        for lm in config.landmarks:
            c = canonical(lm)
            if c not in LANDMARKS:
                raise SetupError(f"{lm} is not a Landmark this game knows.")
            if c in self.landmarks:
                raise SetupError(f"The Landmark {c} is named twice.")
            self.landmarks[c] = 0
        self._uid = 0
        self.trash: list = []
        self.piles: dict = {}
        self.obelisk: Optional[str] = obelisk
        self.config_obelisk = obelisk
        self.memory: dict = {}          # per-game memory of cards, Events and Landmarks, by name
        self.lasting: list = []         # Lasting effects in the order they were made
        self._plays: list = []          # per play in progress: names of players unaffected by it
        self.game_over = False
        self.ending = False            # the end condition has been met; the game ends after this turn
        self.winners: list = []
        self.turn = Turn(player=0, number=1)
        self.pending: Optional[Decision] = None
        self._flow = None
        self._resume_phase: Optional[str] = None
        self.answers: list = []
        self._build_supply()
        if deal:
            for p in self.players:
                p.deck = [self.new_card("Copper") for _ in range(7)] + \
                         [self.new_card("Estate") for _ in range(3)]
                self.rng.shuffle(p.deck)
                p.hand = p.deck[:5]
                p.deck = p.deck[5:]
        self._setup_extras()

    # --------------------------------------------------------------- helpers
    events_mod = ev

    def emit(self, e: ev.GameEvent) -> None:
        """Record an event."""
        self.log.append(e)

    def emit_note(self, p: Player, template: str, you: str = "", n: int = 0, private: Optional[str] = None) -> None:
        """Record a plain fact about ``p``: an English ``template`` with the
        fields ``{player}`` and ``{n}`` ("{player} no longer has that card in
        hand."), and ``you``, the same told to ``p`` ("You no longer ...")."""
        self.emit(ev.Note(p.name, template, private, n, you))

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.turn.player]

    def player(self, name: str) -> Player:
        return self.by_name[name]

    def others(self, p: Player) -> list:
        """The other players in turn order, starting at ``p``'s left."""
        n = len(self.players)
        return [self.players[(p.index + i) % n] for i in range(1, n)]

    def left_of(self, p: Player) -> Player:
        """The player to ``p``'s left (next in turn order)."""
        return self.players[(p.index + 1) % len(self.players)]

    def pile_of(self, card) -> Optional[Pile]:
        """The Supply pile a card (or card name) belongs to, if in the game."""
        name = card if isinstance(card, str) else card.name
        spec = CARDS.get(name)
        if spec is None:
            return None
        pn = spec.pile or name
        return self.piles.get(pn)

    def pile_name_of(self, card, default: Optional[str] = None) -> Optional[str]:
        """The name of the Supply pile ``card`` belongs to (its current name:
        a card in play as another card belongs to that card's pile), or ``default``."""
        pl = self.pile_of(card)
        return pl.name if pl is not None else default

    def empty_piles(self) -> list:
        """Names of the Supply piles with no cards left (a split pile or the
        Castles only when every card is gone: Empires rulebook)."""
        return [p.name for p in self.piles.values() if not p.cards]

    @staticmethod
    def run(res):
        """``yield from game.run(fn(...))`` runs a hook that may or may not be a generator."""
        if isinstance(res, _types.GeneratorType):
            return (yield from res)
        return res
