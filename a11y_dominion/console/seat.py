"""A person at the console: the table's seat of one person, and of a bot.

A :class:`HumanSeat` is a person's :class:`~.narration.Narration` (at a shared
computer each has its own, whose sentences are said only while that seat has
the keyboard; the rest waits and comes out, in order, when the keyboard comes
to it) at the table. A human seat is a seat of the :class:`~a11y_dominion.table.Table`: the
table tells it the events it may know, already redacted for it
(:meth:`HumanSeat.tell`; its narrator narrates what it is given and decides
no privacy itself), and asks it for answers (:meth:`HumanSeat.decide`),
which the console's prompt gives. :class:`BotSeat` puts a bot at the table
with the console's fallback: after a refused answer or an engine fault, a
random legal answer, up to :data:`BOT_ATTEMPTS` tries.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..bots.simple import RandomBot
from ..table import StopTable
from .narration import Narration

if TYPE_CHECKING:
    from ..rules.decisions import Decision
    from ..view import PlayerView

BOT_ATTEMPTS = 5  # answers a bot may try for one decision before the game cannot go on


class CtrlCWhileThinking:
    """Ctrl+C between prompts (while bots think), as a context manager around a game's loop
    (in the main thread; a prompt takes Ctrl+C for itself while it reads).

    Python raises Ctrl+C's KeyboardInterrupt wherever the program is; inside a finalizer
    (an object's ``__del__``, such as a finished prompt's event loop collected meanwhile) it
    is dropped with a traceback printed. Here such a press is raised again a moment later,
    once the finalizer is done (by :func:`_thread.interrupt_main`, on every system); one that
    is dropped all the same prints nothing and is counted in ``lost``, for a bot's seat to say."""

    def __init__(self) -> None:
        self.lost = 0
        self._hook: Callable[..., object] | None = None
        self._handler: Any = None

    def __enter__(self) -> CtrlCWhileThinking:
        self._hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        try:
            self._handler = signal.signal(signal.SIGINT, self._pressed)
        except ValueError:  # not the main thread: Ctrl+C is not ours to take
            self._handler = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._hook is not None:
            sys.unraisablehook = self._hook
        if self._handler is not None:
            signal.signal(signal.SIGINT, self._handler)

    def _pressed(self, signum: int, frame: Any) -> None:
        f = frame
        while f is not None:
            if f.f_code.co_name == "__del__":  # dropped if raised here: raised again when it is done
                threading.Timer(0.02, _thread.interrupt_main).start()
                return
            f = f.f_back
        raise KeyboardInterrupt

    def _unraisable(self, unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.lost += 1
        elif self._hook is not None:
            self._hook(unraisable)


class HumanSeat(Narration):
    """One human seat at this keyboard: its :class:`~.narration.Narration` (every argument
    but ``host``), and the table's seat protocol. ``host``: the console, whose ``ask(seat,
    decision, view)`` reads this seat's answer at the prompt and whose ``refused(seat,
    decision, message)`` says why an answer was refused."""

    kind = "human"

    def __init__(self, name: str | None, *args: Any, host: Any = None, **kwargs: Any) -> None:
        super().__init__(name, *args, **kwargs)
        self.host = host

    def decide(self, decision, view):
        """The answer to ``decision`` (a list of option keys), typed at the prompt when
        this seat has the keyboard (after a hand-over if it had not). Raises
        :class:`~a11y_dominion.table.StopTable` when the game stops or another game
        was loaded instead."""
        return self.host.ask(self, decision, view)

    def refused(self, decision, message) -> None:
        """The table refused this seat's answer: say why; the question stands."""
        self.host.refused(self, decision, message)

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
    ``before()``, when given, is called before every decision of the bot.
    ``interrupted(name)``, when given, is called when Ctrl+C comes while the bot thinks
    (a KeyboardInterrupt): the bot then thinks again, unless it raises
    :class:`~a11y_dominion.table.StopTable` (the game stops); without it the
    KeyboardInterrupt goes on up. ``lost()``, when given, counts the presses Python
    dropped (:class:`CtrlCWhileThinking`): one dropped while the bot thought is said
    through ``interrupted`` after its answer.
    """

    reads_scores = False  # a bot's view comes without the players' scores

    def __init__(
        self,
        name: str,
        bot,
        seed: int,
        stuck: Callable | None = None,
        steps: Callable | None = None,
        before: Callable | None = None,
        interrupted: Callable | None = None,
        lost: Callable[[], int] | None = None,
    ):
        self.interrupted = interrupted  # Ctrl+C while the bot thinks
        self.lost = lost  # how many presses of Ctrl+C Python dropped so far (CtrlCWhileThinking.lost)
        self.before = before  # called before the bot decides (it may think a while)
        self.name = name
        self.steps = steps
        self.bot = bot
        self.seed = seed
        self.stuck = stuck
        self.attempt = 0
        self._retry = False

    def tell(self, events: list) -> None:
        """Passed on to the bot."""
        tell = getattr(self.bot, "tell", None)
        if tell is not None:
            tell(events)

    def decide(self, decision: Decision, view: PlayerView) -> Any:
        """The bot's answer to ``decision`` (the seat's ``view`` given), or a random legal one
        when this decision is being tried again. Raises :class:`~a11y_dominion.table.StopTable`
        after :data:`BOT_ATTEMPTS` tries."""
        if self.before is not None:
            self.before()
        self.attempt = self.attempt + 1 if self._retry else 0
        self._retry = False
        if self.attempt >= BOT_ATTEMPTS:
            if self.stuck is not None:
                self.stuck(self.name)
            raise StopTable("stuck")
        if self.attempt == 0:
            reseed = getattr(self.bot, "reseed", None)
            while True:
                if self.steps is not None and reseed is not None:
                    reseed(self.steps())
                if self.interrupted is None:
                    return self.bot.decide(decision, view)
                lost = self.lost() if self.lost is not None else 0
                try:
                    answer = self.bot.decide(decision, view)
                except KeyboardInterrupt:
                    self.interrupted(self.name)  # the game goes on (the bot thinks again), or stops
                    continue
                if self.lost is not None and self.lost() > lost:  # a press Python dropped: said now
                    self.interrupted(self.name)
                return answer
        return RandomBot(self.seed + self.attempt).decide(decision, view)

    def relearn(self, events: list) -> None:
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

    def refused(self, decision, message) -> None:
        """The answer was refused: try again."""
        self._retry = True

    def failed(self) -> None:
        """The answer made the engine fail (the game was put back): try again."""
        self._retry = True
