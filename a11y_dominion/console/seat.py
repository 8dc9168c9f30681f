"""A person at the console: everything the game keeps for one human seat.

At a shared computer every human seat has its own narrator (it tells that
seat's private facts, and only those, and speaks to it as "you"), its own
history of messages, its own language and verbosity, and a queue of what
was told while another person had the keyboard. What a seat's narrator
says is printed and spoken only while that seat has the keyboard
(:attr:`HumanSeat.at_keyboard`); the rest waits in the queue and comes out,
in order, when the keyboard comes to it (:meth:`HumanSeat.take_keyboard`).

A human seat is a seat of the :class:`~a11y_dominion.table.Table`: the
table tells it the events it may know, already redacted for it
(:meth:`HumanSeat.tell`; its narrator narrates what it is given and decides
no privacy itself), and asks it for answers (:meth:`HumanSeat.decide`),
which the console's prompt gives. :class:`BotSeat` puts a bot at the table
with the console's fallback: after a refused answer or an engine fault, a
random legal answer, up to :data:`BOT_ATTEMPTS` tries.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from ..announcements.announcer import Announcer
from ..announcements.history import Announcement, History
from ..announcements.narrator import Narrator
from ..bots.simple import RandomBot
from ..i18n import Language
from ..rules.events import TurnStarted
from ..table import StopTable
from ..view import redact_all
from .questions import OPTIONS_MODES, Heard

BOT_ATTEMPTS = 5  # answers a bot may try for one decision before the game cannot go on


class HumanSeat:
    """One human seat at this keyboard.

    ``name``: the player's name, or None for an onlooker of a game without
    humans (it hears only public facts). ``lang``: the seat's
    :class:`~a11y_dominion.i18n.Language`; ``verbosity``: terse, normal or
    verbose (ValueError otherwise). ``speaker``: the speech output shared by
    the table; ``print_fn(text, style)`` prints one line on the shared
    screen. ``current``: the turn player when narration starts in the
    middle of a game. ``host``: the console, whose ``ask(seat, decision,
    view)`` reads this seat's answer at the prompt and whose
    ``refused(seat, decision, message)`` says why an answer was refused.
    ``options``: ``new`` (a question's options are read when new, then only
    what changed) or ``always`` (every time); ValueError otherwise.
    """

    kind = "human"

    def __init__(
        self,
        name: str | None,
        lang: Language | None = None,
        verbosity: str = "normal",
        speaker=None,
        print_fn: Callable | None = None,
        current: str | None = None,
        host=None,
        options: str = "new",
    ):
        self.name = name
        self.heard = Heard(options)  # the questions this seat has heard (options read when new)
        self.lang = lang or Language("en")
        self.verbosity = verbosity
        self.history = History()
        self.announcer = Announcer(speaker, print_fn=print_fn, history=self.history, listener=name)
        self.host = host
        self.people: frozenset = frozenset()  # the players who are people (:meth:`meet`)
        self.narrator = self._narrator(current)
        self.turn_told: list = []  # the events told of the turn going on (from its turn_started)
        self.queue: deque = deque()  # (text, priority) told while another seat had the keyboard
        self.at_keyboard = False
        # At a shared keyboard, even the seat at the keyboard hears its news only when it is asked
        # (:meth:`flush` from the console's prompt): what it is told after its last answer (the new
        # hand drawn in Clean-up) is not printed just before the keyboard passes to another person.
        self.wait_for_prompt = False

    def _narrator(self, current: str | None) -> Narrator:
        # a seat with a name is asked at a prompt that names the phase, Actions, Buys, coins and Debt
        return Narrator(
            viewer=self.name,
            verbosity=self.verbosity,
            current=current,
            lang=self.lang,
            prompts=self.name is not None,
            people=self.people,
        )

    def meet(self, people: frozenset) -> None:
        """The table's players who are people (not bots): the start of their turns
        is told at once, a bot's with the summary of its turn."""
        self.people = frozenset(people)
        self.narrator.people = self.people

    def change(self, key: str, value: str) -> None:
        """Change this seat's ``language`` (a code), ``verbosity`` or ``options`` (``new`` or
        ``always``) now, in the middle of a game; the narration goes on where it was.
        Raises ValueError for another key or a value not allowed."""
        if key == "language":
            before, self.lang = self.lang.code, Language(value)
            self.narrator.L = self.lang
            if self.lang.code == before:
                return
            told = getattr(self.host, "told", None)  # a joined seat's program: the events it was told
            log = getattr(getattr(self.host, "game", None), "log", None)
            if isinstance(told, list):
                self.retell(told)
            elif log is not None:
                self.retell(redact_all(log, self.name))
        elif key == "verbosity":
            if value not in ("terse", "normal", "verbose"):
                raise ValueError("verbosity must be one of terse, normal, verbose")
            self.verbosity = value
            self.narrator.verbosity = value
        elif key == "options":
            if value not in OPTIONS_MODES:
                raise ValueError(f"options must be one of {', '.join(OPTIONS_MODES)}")
            self.heard.mode = value
        else:
            raise ValueError(f"{key} is not a setting of a seat")

    def retell(self, events: Iterable) -> None:
        """Tell this seat's history again in its language (just changed), so that repeat,
        previous and log read the current one: ``events``, the game so far redacted for this
        seat, narrated anew as the seat hears them. What no event made (the first lines, a
        taken-back answer) is left out; the narration going on is not touched."""
        said = self._narrator(None).announcements(list(events))
        self.history.replace([Announcement(text, "game", priority) for text, priority in said])

    def take_back_told(self, player: str, undone: int) -> None:
        """``player`` took back an answer whose last ``undone`` events (redacted for this
        seat) were told to it: its narration of the turn starts again from what still stands,
        so the summary of ``player``'s turn keeps what was done before the taken-back answer
        and leaves out what was taken back. Nothing is said now: the turn so far was told."""
        kept = self.turn_told[: max(0, len(self.turn_told) - undone)]
        old = self.narrator
        whole = bool(kept) and isinstance(kept[0], TurnStarted)
        fresh = self._narrator(None if whole else player)
        fresh.last_drawn = old.last_drawn
        fresh.announcements(kept)  # told already: heard again only in the turn's summary
        fresh._hand_held = old._hand_held
        self.narrator = fresh
        self.turn_told = kept

    def was_told(self, player: str, undone: int) -> bool:
        """Whether the narration said anything of the last ``undone`` events told to this
        seat in ``player``'s turn (False: they wait for the summary of that turn, or its
        verbosity leaves them out), narrated again by a narrator that heard the turn before them."""
        kept = self.turn_told[: max(0, len(self.turn_told) - undone)]
        taken = self.turn_told[len(kept) :]
        whole = bool(kept) and isinstance(kept[0], TurnStarted)
        probe = self._narrator(None if whole else player)
        probe.last_drawn = self.narrator.last_drawn
        probe.announcements(kept)
        return bool(probe.announcements(taken))

    def restart(self, current: str | None = None) -> None:
        """Start narrating a new game (after ``load``): a fresh narrator, nothing queued;
        the history stays, so earlier messages can still be read."""
        self.narrator = self._narrator(current)
        self.turn_told = []
        self.queue.clear()
        self.heard.forget()

    @property
    def speaker(self):
        """The shared speech output this seat's announcements go to."""
        return self.announcer.speaker

    @speaker.setter
    def speaker(self, value) -> None:
        self.announcer.speaker = value

    # ------------------------------------------------------------ the table's seat protocol
    def decide(self, decision, view):
        """The answer to ``decision`` (a list of option keys), typed at the prompt when
        this seat has the keyboard (after a hand-over if it had not). Raises
        :class:`~a11y_dominion.table.StopTable` when the game stops or another game
        was loaded instead."""
        return self.host.ask(self, decision, view)

    def refused(self, decision, message) -> None:
        """The table refused this seat's answer: say why; the question stands."""
        self.host.refused(self, decision, message)

    def tell(self, events: Iterable) -> int:
        """Narrate ``events`` (the ones this seat may know, redacted for it) in the
        seat's language and verbosity. At the keyboard the sentences are announced at once; otherwise
        they are queued. Returns how many sentences were made."""
        said = self._narrate(events)
        self.queue.extend(said)
        if self.at_keyboard and not self.wait_for_prompt:
            self.flush()
        return len(said)

    def _narrate(self, events: Iterable) -> list:
        """The sentences of ``events`` (``(text, priority)`` pairs), the narration and the turn's
        told events going on from them."""
        events = list(events)
        for e in events:
            if isinstance(e, TurnStarted):
                self.turn_told = [e]
            else:
                self.turn_told.append(e)
        return self.narrator.announcements(events)

    def recall(self, events: Iterable, keep: bool = True) -> int:
        """Narrate ``events`` (redacted for this seat) that its player heard already, in an
        earlier session: their sentences go to the history only (with ``keep``; else nowhere,
        the history coming from elsewhere), nothing is printed or spoken, and the narration
        goes on from them (the turn under way, the hand drawn). Returns how many sentences
        were made."""
        said = self._narrate(events)
        for text, priority in said if keep else ():
            self.history.add(text, category="game", priority=priority)
        return len(said)

    def tell_line(self, text: str, priority: str = "normal") -> None:
        """Tell one sentence of the game that no event makes (a position's turn start), in
        order with the narrated ones: queued, and announced at once as :meth:`tell` does."""
        self.queue.append((text, priority))
        if self.at_keyboard and not self.wait_for_prompt:
            self.flush()

    def before_question(self) -> int:
        """This seat is asked a question in an opponent's turn of which nothing was told
        yet: the turn so far is told first (see :meth:`Narrator.before_question`), queued
        behind what waits; returns how many sentences."""
        said = [(text, "normal") for text in self.narrator.before_question()]
        self.queue.extend(said)
        if said and self.at_keyboard and not self.wait_for_prompt:
            self.flush()
        return len(said)

    def flush(self, tail: str | None = None) -> int:
        """Announce everything queued, in order; returns how many sentences. ``tail``
        (the turn prompt that follows) is printed and spoken on the last sentence's line,
        so a move's sentence and the new figures are one line; the history keeps the sentence."""
        n = 0
        while self.queue:
            text, priority = self.queue.popleft()
            if tail and not self.queue:
                self.say(text, priority, shown=f"{text} {tail}")
            else:
                self.say(text, priority)
            n += 1
        return n

    # ------------------------------------------------------------ the keyboard
    def take_keyboard(self) -> int:
        """The keyboard has come to this seat: announce what waited for it;
        returns how many sentences."""
        self.at_keyboard = True
        return self.flush()

    def leave_keyboard(self) -> None:
        """The keyboard goes to another person: from now on this seat's sentences wait."""
        self.at_keyboard = False

    # ------------------------------------------------------------ output
    def say(
        self,
        text: str,
        priority: str = "normal",
        keep: bool = True,
        style: str | None = None,
        interrupt: bool = False,
        shown: str | None = None,
    ) -> None:
        """Print one line, speak it and (with ``keep``) add it to this seat's history;
        ``shown`` is printed and spoken instead (the history keeps ``text``)."""
        self.announcer.announce(
            text,
            category="game" if keep else "reply",
            priority=priority,
            keep=keep,
            interrupt=interrupt,
            style=style,
            shown=shown,
        )

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
    ):
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

    def decide(self, decision, view):
        """The bot's answer, or a random legal one when this decision is being tried again."""
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
            if self.steps is not None and reseed is not None:
                reseed(self.steps())
            return self.bot.decide(decision, view)
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
