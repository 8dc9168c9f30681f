"""Triggered abilities: the moments of a game and the one registry that runs them.

A card, Event or Landmark declares what it does at a :class:`Moment` as data
on its spec (``triggers={Moment.GAIN: fn}``); a card's "while this is in
play" abilities go in ``while_in_play`` and its Reactions (abilities used
from the hand) in ``reactions``. An effect that outlasts the card that made
it ("until your next turn", "after this turn", "the next time you buy a
card this turn") is a :class:`Lasting` registered with
:meth:`Game.add_lasting <a11y_dominion.rules.game.Game.add_lasting>`; a
Duration card's work at the start of its owner's next turns is one made by
:meth:`Game.add_duration <a11y_dominion.rules.game.Game.add_duration>`.

Every ability is a function ``fn(game, player, when)``: ``player`` is the
player the ability belongs to and ``when`` a :class:`When` saying what
happened. It may be a generator that yields decisions (see
:meth:`Game.ask <a11y_dominion.rules.game.Game.ask>`) or a plain function.

:meth:`Game.trigger <a11y_dominion.rules.game.Game.trigger>` runs the
abilities of one moment in the order of the scenario contract
("Simultaneous when abilities"): the abilities of the card the moment is
about (the card gained, bought, trashed or discarded from play), then the
player's cards in play in the order they were played, then lasting effects
in the order they were made, then Landmarks and then Events in the order of
the setup. Reactions are run by :meth:`Game.react
<a11y_dominion.rules.game.Game.react>`: each other player in turn order
from the acting player's left, each reacting card name in their hand once.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Card, Game, Player

#: A card effect: a generator that yields decisions and is sent the answers.
Flow = Generator["Decision", Any, Any]


class Moment(str, Enum):
    """When an ability happens (rulebook wording in the comments)."""

    GAIN = "gain"  # when you gain this / a card
    BUY = "buy"  # when you buy this / a card
    TRASH = "trash"  # when you trash this / a card
    DISCARD_FROM_PLAY = "discard_from_play"  # when you discard this from play
    PLAY = "play"  # when you play a card (after its instructions)
    START_OF_TURN = "start_of_turn"  # at the start of your turn
    START_OF_BUY = "start_of_buy"  # at the start of your Buy phase
    START_OF_CLEANUP = "start_of_cleanup"  # at the start of Clean-up
    END_OF_TURN = "end_of_turn"  # when you end your turn (after Clean-up)
    AFTER_TURN = "after_turn"  # after this turn, before the end of the game is checked
    ATTACK = "attack"  # when another player plays an Attack card (Reactions)


class Ends(str, Enum):
    """When a :class:`Lasting` effect is removed."""

    AFTER_THIS_TURN = "after_this_turn"  # after the turn it was made in
    OWNERS_NEXT_TURN = "owners_next_turn"  # at the start of its owner's next turn
    WHEN_DONE = "when_done"  # when its own ability ends it (Duration work: see Game.add_duration)


@dataclass
class When:
    """What a triggered ability is told.

    ``moment``: the :class:`Moment`. ``card``: the card the moment is about
    (gained, bought, trashed, played, discarded from play; the Attack played
    for a Reaction), or None for a moment of the turn. ``holder``: the card
    whose ability runs (a card in play, a Reaction in hand, the card itself),
    or None for Landmarks, Events and lasting effects. ``by``: the player
    who played the Attack, for Reactions. ``lasting``: the lasting effect
    whose ability runs, if it is one.
    """

    moment: Moment
    card: Card | None = None
    holder: Card | None = None
    by: Player | None = None
    lasting: Lasting | None = None

    def __init__(
        self,
        moment: Moment,
        card: Card | None = None,
        holder: Card | None = None,
        by: Player | None = None,
        lasting: Lasting | None = None,
    ) -> None:
        # (written out, not made by ``dataclass``: compiled, a dataclass's own ``__init__`` runs as
        # Python; an ability reads these fields and sets none)
        self.moment = moment
        self.card = card
        self.holder = holder
        self.by = by
        self.lasting = lasting

    @property
    def subject(self) -> Card:
        """``card``, for an ability of a moment that is always about a card
        (gain, buy, trash, play, discard from play, an Attack); raises
        ``ValueError`` when there is none."""
        if self.card is None:
            raise ValueError(f"The {self.moment.value} moment is about no card.")
        return self.card

    @property
    def attacker(self) -> Player:
        """``by``, for a Reaction: the player who played the Attack; raises
        ``ValueError`` when there is none."""
        if self.by is None:
            raise ValueError(f"The {self.moment.value} moment has no attacking player.")
        return self.by

    @property
    def effect(self) -> Lasting:
        """``lasting``, for an ability of a lasting effect: the effect itself;
        raises ``ValueError`` when the ability is not one of a lasting effect."""
        if self.lasting is None:
            raise ValueError(f"The {self.moment.value} ability is not one of a lasting effect.")
        return self.lasting


#: An ability: ``fn(game, player, when)``, a generator or a plain function.
Ability = Callable[["Game", "Player", When], Flow | None]

#: The work a Duration card does at the start of its owner's turns:
#: ``fn(game, player)``, a generator or a plain function, returns True while
#: more work is left for a later turn (see :meth:`Game.add_duration
#: <a11y_dominion.rules.game.Game.add_duration>`).
DurationWork = Callable[["Game", "Player"], Generator["Decision", Any, bool] | bool]

#: A replacement of a card's instructions: ``fn(game, player, card)`` returns the
#: effect to do instead (a plain function of no arguments), or None to leave the play alone.
Replacement = Callable[["Game", "Player", "Card"], Callable[[], None] | None]


@dataclass(eq=False)
class Lasting:
    """An effect that outlasts the card or Event that made it.

    ``name``: the card or Event it comes from (English). ``owner``: the name
    of the player who made it; its ``triggers`` answer only that player's
    moments. ``ends``: when it is removed (:class:`Ends`). ``replaces_play``:
    optional :data:`Replacement` asked each time any player plays a card,
    before the card's instructions (for "instead of following its
    instructions" effects). ``memory``: free room for the effect's own data.
    ``holders``: the cards it keeps in play at Clean-up while it lasts (a
    Duration card and any card that played it: Empires rulebook, Durations).
    """

    name: str
    owner: str
    ends: Ends
    triggers: dict[Moment, Ability] = field(default_factory=dict)
    replaces_play: Replacement | None = None
    memory: dict[str, Any] = field(default_factory=dict)
    holders: list[Card] = field(default_factory=list)
