"""A person's seat and a bot's seat at a game of this computer.

A :class:`HumanSeat` is a person's :class:`~.narration.Narration` (at a shared
computer each has its own, whose sentences are said only while that seat has
the keyboard; the rest waits and comes out, in order, when the keyboard comes
to it), held by the console core of the seat. :class:`BotSeat` puts a bot at the table
with the console's fallback: after a refused answer or an engine fault, a
random legal answer, up to :data:`BOT_ATTEMPTS` tries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..bots.simple import RandomBot
from ..table import Seat, StopTable
from .narration import Narration

if TYPE_CHECKING:
    from ..rules.decisions import Decision
    from ..rules.events import GameEvent
    from ..view import PlayerView

BOT_ATTEMPTS = 5  # answers a bot may try for one decision before the game cannot go on


class HumanSeat(Narration):
    """One person's seat at this keyboard: its :class:`~.narration.Narration`, which the
    console core of the seat holds (what is told to the seat, narrated in its language and
    verbosity, its history and speech)."""

    kind = "human"

    def __repr__(self) -> str:
        return f"HumanSeat({self.name!r}, {self.lang.code}, {self.verbosity})"


class BotSeat:
    """A bot at the console's table.

    ``bot`` answers with ``decide(decision, view)``. After a refused answer
    or an engine fault (:meth:`failed`) the next tries are random legal
    answers (``seed`` and the try's number); after :data:`BOT_ATTEMPTS`
    tries ``stuck(name)`` is called and the table stops. ``steps()``, when
    given, is the number of answers the game had so far: before each decision
    the bot is reseeded with it (``bot.reseed``), so that its answers depend
    only on the seed and the game, and a resumed game goes on identically.
    """

    reads_scores = False  # a bot's view comes without the players' scores

    def __init__(
        self,
        name: str,
        bot: Seat,
        seed: int,
        stuck: Callable[[str], object] | None = None,
        steps: Callable[[], int] | None = None,
    ) -> None:
        self.name = name
        self.steps = steps
        self.bot = bot
        self.seed = seed
        self.stuck = stuck
        self.attempt = 0
        self._retry = False

    def tell(self, events: list[GameEvent]) -> None:
        """Passed on to the bot."""
        tell = getattr(self.bot, "tell", None)
        if tell is not None:
            tell(events)

    def decide(self, decision: Decision, view: PlayerView) -> Any:
        """The bot's answer to ``decision`` (the seat's ``view`` given), or a random legal one
        when this decision is being tried again. Raises :class:`~a11y_dominion.table.StopTable`
        after :data:`BOT_ATTEMPTS` tries."""
        self.attempt = self.attempt + 1 if self._retry else 0
        self._retry = False
        if self.attempt >= BOT_ATTEMPTS:
            if self.stuck is not None:
                self.stuck(self.name)
            raise StopTable("stuck")
        if self.attempt == 0:
            reseed = getattr(self.bot, "reseed", None)
            if self.steps is not None and reseed is not None:
                reseed(self.steps())
            return self.bot.decide(decision, view)
        return RandomBot(self.seed + self.attempt).decide(decision, view)

    def relearn(self, events: list[GameEvent]) -> None:
        """The bot forgets everything and knows ``events`` (the seat's events from
        the start of the game, see :meth:`~a11y_dominion.seats.LazyBot.relearn`);
        a bot that cannot be made anew is told them instead. Raises TypeError for a
        bot that hears events and can do neither rightly (its memory would
        depend on when it started to listen)."""
        relearn = getattr(self.bot, "relearn", None)
        if relearn is not None:
            relearn(events)
        elif getattr(self.bot, "hears_events", True) and getattr(self.bot, "tell", None) is not None:
            raise TypeError(f"the bot of {self.name} cannot learn a game from its start; seat it as a LazyBot")

    def refused(self, decision: Decision, message: object) -> None:
        """The answer was refused: try again."""
        self._retry = True

    def failed(self) -> None:
        """The answer made the engine fail (the game was put back): try again."""
        self._retry = True
