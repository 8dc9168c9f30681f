"""What every part of :class:`~a11y_dominion.rules.game.Game` shares: the
game's state (declared here, set up by ``Game.__init__``) and the helpers
every mixin uses.

The mixins derive one from the next, down to :class:`GameBase`
(:mod:`.setup`, :mod:`.turnflow`, :mod:`.primitives`, :mod:`.asking`,
:mod:`.dispatch`, :mod:`.scoring`); the few operations a mixin calls on one
above it are declared here, with the same signature as the mixin that
defines them, which overrides them (no two mixins define one name, so the
order does not change which method a call finds).
"""

from __future__ import annotations

import random
import types as _types
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar, cast, overload

from . import events as ev
from .cards import CARDS, CardSpec
from .state import Card, GameConfig, Pile, Player, Turn, empty_piles_of

if TYPE_CHECKING:
    from .decisions import Decision, Move, Option
    from .triggers import Flow, Lasting, Moment

_R = TypeVar("_R")
_NO_CHOICES: Final[Mapping[str, str]] = _types.MappingProxyType({})
_GENERATOR_TYPES: Final[set[type]] = {_types.GeneratorType}
"""The types of the generators :meth:`GameBase.run` has met: Python's, and those of the compiled
modules' generator functions (one type each, so the set stays small)."""


class GameBase:
    """The state of a game and the helpers shared by its mixins.

    A game has at most 29 fields of its own (those ``Game.__init__`` sets
    and a few set in play: ``turn_started``, ``_moments_of_setup``, and
    ``quick_moves`` and ``accelerator`` at a table of bots): CPython 3.11
    keeps up to 29 of an object's fields in the layout its class shares,
    where a method looked up on it (``self.draw(...)``) is found through a
    cache kept for the class; past that, the object gets a dictionary of its
    own and those lookups miss at every new game (the Big Money mirror took
    4 % more instructions). Fields that few games set (``position``,
    ``_resume_phase``, ``_setup_choices``, and ``winners`` until the game
    ends) are read from the class until set. ``tests/test_game_fields.py``
    counts them."""

    config: GameConfig
    rng: random.Random
    log: list[ev.GameEvent]
    players: list[Player]
    by_name: dict[str, Player]
    kingdom: list[str]
    events: list[str]
    landmarks: dict[str, int]  # Landmark name -> VP tokens on it
    _uid: int
    card_names: set[str] | frozenset[str]
    """The English names of every card made for this game (see ``SetupMixin.new_card``): the
    frozenset of the Supply's names, shared by the games of one Kingdom (its hash worked out once),
    until a card of another name is made, then a set of the game's own."""
    _moments_of_setup: frozenset[Moment] | None = None
    """The moments at which a Landmark or Event of the game has an ability
    (None: to be worked out; see ``DispatchMixin._setup_moments``)."""
    _moments_of_game: frozenset[Moment] | None = None
    """The moments at which a card, Landmark or Event of the game has an
    ability (None: to be worked out; see ``DispatchMixin.trigger``)."""
    trash: list[Card]
    piles: dict[str, Pile]
    _setup_choices: dict[str, str] | None = None
    """The setup choices given to the game (None: none; see :attr:`setup_choices`)."""
    memory: dict[str, dict[str, Any]]
    lasting: list[Lasting]
    _plays: list[set[str]]
    game_over: bool
    ending: bool
    winners: Sequence[str] = ()
    """The winners, set when the game ends (none before: a game played only part of the way, such as
    a rollout, never sets it)."""
    turn: Turn
    pending: Decision | None
    _flow: Generator[Decision, Any, None] | None
    _resume_phase: str | None = None
    """The phase the game resumes in (see ``TurnFlowMixin.resume_in``), or None: a new turn."""
    answers: list[list[Option]]
    position: dict[str, Any] | None = None
    """The scenario ``state`` object this game's position was built from (JSON data), kept for its
    record; None for a game set up from its start."""
    turn_started: ev.TurnStarted | None = None
    """The last :class:`~.events.TurnStarted` event of the log (None before the first)."""
    some_card_became: bool
    """Whether a card of this game has become another card while in play
    (see ``PrimitivesMixin.become``; it may still be that card)."""
    quick_moves: bool = False
    """When True, the options of a turn decision are a
    :class:`~.turnflow.TurnMoves`, listed only when read (a table of bots
    sets it; see :class:`~a11y_dominion.table.Table`)."""

    accelerator: Callable[[Player, Turn], tuple[str, Move | None]] | None = None
    """None, or what plays turns at hand instead of decisions, installed
    from outside the rules (a table of bots: ``a11y_dominion.fastlane``).
    Called as ``accelerator(player, turn)`` at the start of the Action
    phase of ``player``'s turn ``turn``; it may play that turn and the
    turns after it by the rules' own steps, recording each move in
    :attr:`answers` as the answer it stands for. It returns ``(phase,
    carry)``: "over" when the game ended; "next" when a turn ended and the
    next one (``turn``) is to be started; else the current turn (``turn``,
    perhaps a later one, already started) goes on with decisions in
    ``phase``: "action" (nothing done in it yet), "buy" (``carry``: a move
    already answered for the Buy phase to carry out first, or None), or
    "cleanup"."""

    @property
    def setup_choices(self) -> Mapping[str, str]:
        """The setup choices given to the game, by Landmark or Event name (none: an empty mapping).
        (A property, not a class-level default of a field: mypyc compiles only plain constants as
        those; see ``docs/compiled.md``.)"""
        return self._setup_choices or _NO_CHOICES

    # --------------------------------------------------------------- helpers
    events_mod: ClassVar[_types.ModuleType] = ev  # (a ClassVar: mypyc keeps a module as no field's default)

    keep_log: bool = True
    """When False, events are not kept in ``log`` (nor, on the busiest paths,
    made at all): for a game no one reads the events of, such as the bot
    games of ``simulate``. The game, its answers and so its record are the
    same: the record replays to the events it would have kept."""

    def emit(self, e: ev.GameEvent) -> None:
        """Record an event (unless ``keep_log`` is False)."""
        if self.keep_log:
            self.log.append(e)

    def emit_note(
        self,
        p: Player,
        template: str,
        you: str = "",
        n: int = 0,
        private: str | None = None,
        other: Player | None = None,
        to_other: str = "",
        card: str = "",
        tells: tuple[str, ...] = (),
    ) -> None:
        """Record a plain fact about ``p``: an English ``template`` with the
        fields ``{player}`` and ``{n}`` ("{player} no longer has that card in
        hand."), and ``you``, the same told to ``p`` ("You no longer ...").
        ``other``: another player the fact is about, ``{other}`` in the
        templates, who is told ``to_other``; ``card``: ``{card}``.
        ``tells``: the types of the events of this play that the note says
        itself (the reveal just before it, a trash just after), which the
        narration then leaves out."""
        self.emit(ev.Note(p.name, template, private, n, you, other.name if other else "", to_other, card, tells))

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.turn.player]

    def player(self, name: str) -> Player:
        return self.by_name[name]

    def others(self, p: Player) -> list[Player]:
        """The other players in turn order, starting at ``p``'s left."""
        n = len(self.players)
        return [self.players[(p.index + i) % n] for i in range(1, n)]

    def left_of(self, p: Player) -> Player:
        """The player to ``p``'s left (next in turn order)."""
        return self.players[(p.index + 1) % len(self.players)]

    def pile_of(self, card: Card | str) -> Pile | None:
        """The Supply pile a card (or card name) belongs to, if in the game."""
        name = card if isinstance(card, str) else card.name
        spec = CARDS.get(name)
        if spec is None:
            return None
        pn = spec.pile or name
        return self.piles.get(pn)

    @overload
    def pile_name_of(self, card: Card | str, default: str) -> str: ...

    @overload
    def pile_name_of(self, card: Card | str, default: None = None) -> str | None: ...

    def pile_name_of(self, card: Card | str, default: str | None = None) -> str | None:
        """The name of the Supply pile ``card`` belongs to (its current name:
        a card in play as another card belongs to that card's pile), or ``default``."""
        pl = self.pile_of(card)
        return pl.name if pl is not None else default

    def empty_piles(self) -> list[str]:
        """Names of the Supply piles with no cards left (a split pile or the
        Castles only when every card is gone: Empires rulebook)."""
        return [p.name for p in empty_piles_of(self.piles)]

    @staticmethod
    def run(res: Generator[Decision, Any, _R] | _R) -> Generator[Decision, Any, _R]:
        """``yield from game.run(fn(...))`` runs a hook that may or may not be a generator (a
        Python one, or one of a module compiled with mypyc, which is no ``GeneratorType``: the
        cards' own abilities, compiled, are such generators). Each type found to be a
        ``Generator`` is kept (:data:`_GENERATOR_TYPES`), so that the abstract class is asked once
        a type, not once a call."""
        if type(res) not in _GENERATOR_TYPES:
            if res is None or not isinstance(res, Generator):
                return res
            _GENERATOR_TYPES.add(type(res))
        out: _R = yield from cast("Generator[Decision, Any, _R]", res)
        return out

    # ---------------------------- defined by the mixins (see there), which override these
    # (declared here, not under TYPE_CHECKING, so that mypyc can compile the class: docs/compiled.md)
    def trigger(self, moment: Moment, p: Player, card: Card | None = None, own: CardSpec | None = None) -> Flow:
        raise NotImplementedError

    def react(self, moment: Moment, p: Player, card: Card) -> Flow:
        raise NotImplementedError

    def buy_runs_nothing(self, p: Player, top: Card) -> bool:
        raise NotImplementedError

    def choose_cards(
        self,
        p: Player,
        cards: list[Card],
        prompt: str,
        purpose: str,
        lo: int,
        hi: int,
        source: str = "",
        distinct: bool = False,
        ordered: bool = False,
        args: dict[str, Any] | None = None,
    ) -> Generator[Decision, Any, list[Card]]:
        raise NotImplementedError

    def add(self, p: Player, actions: int = 0, buys: int = 0, coins: int = 0, source: str = "") -> None:
        raise NotImplementedError

    def take_debt(self, p: Player, amount: int, source: str = "") -> None:
        raise NotImplementedError

    def pay_debt(self, p: Player, amount: int, source: str = "") -> None:
        raise NotImplementedError

    def vp_from_supply(self, p: Player, amount: int, reason: str = "") -> None:
        raise NotImplementedError

    def draw(self, p: Player, n: int, source: str = "") -> list[Card]:
        raise NotImplementedError

    def discard_cards(self, p: Player, cards: list[Card], zone: str = "hand", public: bool = True) -> None:
        raise NotImplementedError

    def gain(
        self, p: Player, pile: str | None, dest: str = "discard", bought: bool = False
    ) -> Generator[Decision, Any, Card | None]:
        raise NotImplementedError

    def take_gained(self, p: Player, pile: str | None, dest: str = "discard", bought: bool = False) -> Card | None:
        raise NotImplementedError

    def end_condition(self) -> bool:
        raise NotImplementedError

    def _check_ending(self, pl: Pile, met: bool | None = None) -> None:
        raise NotImplementedError

    def _place_gained(self, p: Player, c: Card, dest: str) -> None:
        raise NotImplementedError

    def _game_moments(self) -> frozenset[Moment]:
        raise NotImplementedError

    def _setup_moments(self) -> frozenset[Moment]:
        raise NotImplementedError

    def _finish(self) -> None:
        raise NotImplementedError
