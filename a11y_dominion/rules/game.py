"""The Dominion engine: state, turn structure and the operations cards use.

The engine is pure: it never prints or reads. It runs the game as a
generator that yields :class:`~a11y_dominion.rules.decisions.Decision`
objects; :meth:`Game.answer` checks an answer (a list of option keys) and
runs on to the next decision. Everything that changes is recorded as a
:mod:`~a11y_dominion.rules.events` event in ``Game.log``.

:class:`Game` is built of mixins, one module per seam, each deriving from
the next (one line of single inheritance, which mypyc can compile: see
``docs/compiled.md``): setup (:mod:`.setup`), the turn (:mod:`.turnflow`),
the operations cards use (:mod:`.primitives`), decisions (:mod:`.asking`),
the trigger registry (:mod:`.dispatch`) and scoring (:mod:`.scoring`), on
:class:`~.base.GameBase`; the state types live in :mod:`.state` and are
importable from here.

Rule sources: Dominion base rulebook (turn, Clean-up, end of game, ties)
and the Empires rulebook (Debt, split piles, Castles, Events, Landmarks, VP
tokens, Gathering and Duration cards).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .cards import EVENTS, GAME_ATTRIBUTES, LANDMARKS, canonical
from .primitives import shuffle
from .setup import SetupMixin, resolve_kingdom
from .state import BASIC_PILES, Card, GameConfig, Pile, Player, SetupError, Turn

__all__ = ["BASIC_PILES", "Card", "Game", "GameConfig", "Pile", "Player", "SetupError", "Turn", "resolve_kingdom"]


class Game(SetupMixin):
    """A game of Dominion with Empires.

    ``Game(config)`` sets up the Supply, Landmarks and start decks (seeded);
    :meth:`start` runs to the first decision; :meth:`answer` answers the
    pending decision. ``pending`` is the current :class:`Decision` or None
    when the game is over; ``log`` is the list of events.

    ``keep_log`` False: the game's events are not kept (nor made where that
    costs), from its setup on (see ``keep_log`` of :class:`~.base.GameBase`).
    ``setup_choices`` fixes choices a Landmark or Event would otherwise make
    at random during setup, keyed by its English name (a record or a
    scenario position passes them on); they are kept in ``setup_choices``
    as given. Card modules may offer read-only attributes of the game (see
    :func:`~.cards.game_attribute`).
    """

    def __init__(
        self,
        config: GameConfig,
        deal: bool = True,
        setup_choices: Mapping[str, str] | None = None,
        keep_log: bool = True,
    ) -> None:
        n = len(config.players)
        if not 2 <= n <= 6:
            raise SetupError("A game needs 2 to 6 players.")
        if len(set(config.players)) != n:
            raise SetupError("Every player needs a different name.")
        self.config = config
        if not keep_log:  # (see GameBase.keep_log: the setup's events are not made either)
            self.keep_log = False
        self.rng = random.Random(config.seed)
        self.log = []
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
        self.card_names = frozenset()
        self.trash = []
        self.piles = {}
        if setup_choices:  # (else the class's None: see GameBase, at most 29 fields)
            self._setup_choices = dict(setup_choices)
        self.memory = {}  # per-game memory of cards, Events and Landmarks, by name
        self.lasting = []  # Lasting effects in the order they were made
        self._plays = []  # per play in progress: names of players unaffected by it
        self.game_over = False
        self.ending = False  # the end condition has been met; the game ends after this turn
        self.turn = Turn(player=0, number=1)
        self.pending = None
        self._flow = None
        self.answers = []
        self.some_card_became = False  # (read at every Clean-up: a field of its own)
        self._build_supply()
        if deal:
            for p in self.players:
                p.deck = self._new_cards("Copper", 7) + self._new_cards("Estate", 3)
                p.owned = {"Copper": 7, "Estate": 3}
                shuffle(self.rng, p.deck)
                p.hand = p.deck[:5]
                p.deck = p.deck[5:]
        self._setup_extras()


for _name, _fn in GAME_ATTRIBUTES.items():
    setattr(Game, _name, property(_fn))
