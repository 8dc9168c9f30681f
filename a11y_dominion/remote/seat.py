"""A person's seat at the table of a hosted game: what the table tells that seat, and nothing else.

:class:`RemoteSeat` is a :class:`~a11y_dominion.console.seat.HumanSeat` told by the table what
that seat may know; it keeps the seat's history at the host (narrated in the seat's language and
verbosity) and forwards the seat's questions, events and the host's lines to the session that
holds the seat, in the seat protocol (:class:`~a11y_dominion.remote.protocol.ProtocolOutlet`):
``join``'s, a plain ssh seat's console core and the host's own seat's alike
(:class:`~a11y_dominion.remote.seatlink.HostLink`). The player's console reads the typed lines.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..announcements.history import History
from ..announcements.narrator import Narrator
from ..console.commands import MAX_SAY, SPEECH_ELSEWHERE, VERBOSITIES, language_of, verbosity_of
from ..console.queries import undone_line
from ..console.seat import HumanSeat
from ..i18n import N_, Language
from ..table import StopTable
from ..textinput import drop_sequences
from ..textinput import printable as clean  # (the name the other remote modules import)
from ..view import redact_all

MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off

# (what the other remote modules import from here)
__all__ = ["MAX_LINE", "MAX_SAY", "VERBOSITIES", "RemoteSeat", "clean", "language_of", "typed_line", "undone_line"]
__all__ += ["verbosity_of"]


class StoryMark:
    """A place in a seat's history that is not narrated yet (:meth:`RemoteSeat.mark`): after
    the events told before it, before those told after it. ``length`` is the history's length
    there once the events before it are narrated (:meth:`RemoteSeat.lines_at` reads it)."""

    __slots__ = ("length",)

    def __init__(self) -> None:
        self.length = 0


class HostedSettings:
    """The settings store of a seat at the host: its language, verbosity and options change
    now and the host keeps them with the hosted game (the player's own settings file is on
    another computer). ``console`` is the console core that narrates to the player (an ssh
    seat's), whose narration and completion change too; ``output(rich)``, when given, changes
    plain or rich output; ``changed(key, value)``, when given, hears each setting changed (the
    server's session: its lobby answers in the seat's language). The speech output and the
    hints are not this seat's to change: one sentence each."""

    def __init__(
        self,
        seat: RemoteSeat,
        console: Any,
        output: Callable[[bool], None] | None = None,
        changed: Callable[[str, Any], None] | None = None,
    ) -> None:
        self.seat, self.console, self.output, self.changed = seat, console, output, changed

    def change(self, key: str, value: Any) -> str | None:
        seat = self.seat
        lang: Language = self.console.lang
        if key in ("speech", "output"):
            return lang._(SPEECH_ELSEWHERE)
        if key == "hints":
            return lang._(N_("The host's settings say whether hints are on at this table."))
        if key == "display":
            if self.output is not None:
                self.output(value == "rich")
            return None
        self.console.holder.change(key, value)  # the narration the player hears is the console's
        self.console.display.lang = self.console.lang  # (the rich Supply's table)
        if self.console.completer is not None:
            self.console.completer.lang = self.console.lang
        if key == "options":
            seat.change("options", value)
            return None
        seat.settings(language=value if key == "language" else None, verbosity=value if key == "verbosity" else None)
        if self.changed is not None:
            self.changed(key, value)
        return None

    def keep(self, key: str, value: Any) -> str:
        return ""  # kept by the host with the game (RemoteSeat.settings)


def typed_line(text: str) -> str:
    """What a player typed, as the game reads it: cut at :data:`MAX_LINE`
    characters, without control or escape characters, trimmed."""
    return clean(drop_sequences(text.rstrip("\r\n")[:MAX_LINE])).strip()


class RemoteSeat(HumanSeat):
    """A person's seat at the host (a remote player's, or the host's own player's, whose ``kind``
    is then ``human``): a human seat whose questions, events and lines go to the session holding
    it, as the seat protocol's messages (:attr:`outlet`), and whose answers come from it.

    ``table_of()`` gives the :class:`Table` (for the seat's view). :meth:`decide` returns a
    future, set when the session's answer is one the game accepts as well formed."""

    kind = "remote"

    def __init__(
        self,
        name: str,
        table_of: Callable[[], Any],
        lang: Language | None = None,
        verbosity: str = "normal",
        language_given: bool = False,
    ):
        from prompt_toolkit.history import InMemoryHistory

        # each list of events told to the session, not yet narrated into the history here (and
        # the marks of what a session heard when it ended, among them: mark)
        self._unheard: list[list[Any] | StoryMark] = []

        def print_line(text: str, style: str | None = None) -> None:
            self.line(text)

        super().__init__(name, lang=lang, verbosity=verbosity, print_fn=print_line)
        self.table_of = table_of
        self.story = lambda: redact_all(t.game.log, self.name) if (t := table_of()) is not None else []
        self.at_keyboard = True  # a remote player has a screen of their own: everything is said at once
        self.waiting: asyncio.Future[Any] | None = None
        self.decision: Any = None
        self.gone = False
        self.chosen = False  # language and verbosity chosen (at the first join): not asked again
        self.chat: Callable[[str], None] | None = None  # chat(text): say TEXT to every seat (set by the host)
        self.keep_settings: Callable[[], None] | None = None  # keep_settings(): the host keeps the seat's settings
        self.language_given = language_given  # the host chose the seat's language: not asked at join
        self.typed_history = InMemoryHistory()  # the seat's own typed lines (Up and Down at an ssh seat)
        self.keys: dict[
            str, str
        ] = {}  # its shortcut keys set at an ssh session (settings set key), until the host stops
        self.outlet: Any = None  # the seat-protocol session holding the seat (remote.protocol.ProtocolOutlet)

    # ------------------------------------------------------------ the history kept here, narrated when read
    # The session's program narrates each event as it comes; the seat's own narration here (its
    # history and where its narrator stands) is needed only when a new session takes the seat, an
    # undo is told, or a setting changes. So the events told wait in :attr:`_unheard` and are
    # narrated into the history the first time any of the three is read, each list as it came: the same
    # sentences in the same order, at a cost paid once, and never in a game whose session holds the seat
    # throughout.
    def _catch_up(self) -> None:
        """Narrate the events told to the session since the last catch-up into the history
        (:meth:`~a11y_dominion.console.narration.Narration.recall`), each list as it was told
        (the narration sums up what one list holds)."""
        if self._unheard:
            told, self._unheard = self._unheard, []
            for events in told:
                if isinstance(events, StoryMark):
                    events.length = len(self._history)
                else:
                    self.recall(events)

    def mark(self) -> int | StoryMark:
        """What the seat's history holds now, every event told so far counted, without
        narrating what waits (a session that ended at the game's end is never asked it): the
        history's length when nothing waits, else a :class:`StoryMark` after what waits, which
        :meth:`lines_at` reads. Raises nothing."""
        if not self._unheard:
            return len(self._history)
        mark = StoryMark()
        self._unheard.append(mark)
        return mark

    def lines_at(self, mark: int | StoryMark) -> int:
        """The history's length at ``mark`` (from :meth:`mark`), the events told before it
        narrated now if they wait still."""
        if isinstance(mark, int):
            return mark
        self._catch_up()
        return mark.length

    @property
    def history(self) -> History:
        """The seat's history at the host, with every event told so far narrated into it."""
        self._catch_up()
        return self._history

    @history.setter
    def history(self, value: History) -> None:
        self._history = value

    @property
    def narrator(self) -> Narrator:
        """The seat's narrator at the host, gone on through every event told so far."""
        self._catch_up()
        return self._narrator_now

    @narrator.setter
    def narrator(self, value: Narrator) -> None:
        self._narrator_now = value

    @property
    def turn_told(self) -> list[Any]:
        """The events told of the turn going on, every event told so far counted."""
        self._catch_up()
        return self._turn_told

    @turn_told.setter
    def turn_told(self, value: list[Any]) -> None:
        self._turn_told = value

    def say(
        self,
        text: str,
        priority: str = "normal",
        keep: bool = True,
        style: str | None = None,
        interrupt: bool = False,
    ) -> None:
        """As :meth:`~a11y_dominion.console.narration.Narration.say`, after the events told
        before it, so that the history keeps the order they came in."""
        self._catch_up()
        super().say(text, priority, keep, style=style, interrupt=interrupt)

    # ------------------------------------------------------------ output
    def line(self, text: str, keep: bool = True) -> None:
        """Send one line to the player, through the session holding the seat (none: nowhere);
        ``keep`` False: the player's history does not keep it (the lobby's seats before the game)."""
        if self.outlet is not None:
            self.outlet.text(text, keep=keep)

    def lines(self, texts: Any) -> None:
        """Send each of ``texts`` as a line."""
        for t in texts:
            self.line(t)

    @property
    def awaiting(self) -> bool:
        """True while an answer of this seat is awaited."""
        return self.waiting is not None and not self.waiting.done()

    @property
    def shown_name(self) -> str:
        """The seat's name as the prompt shows it."""
        return clean(self.name or "")

    # ------------------------------------------------------------ settings
    def settings(self, language: str | None = None, verbosity: str | None = None) -> None:
        """Narrate in ``language`` (a code) and/or with ``verbosity`` from now on; the host
        keeps them with the game (:attr:`keep_settings`), so a resumed game narrates so too.
        Raises ValueError for a language or verbosity the game does not have."""
        if language is not None:
            self.change("language", language)  # (its history is told again in the language)
        if verbosity is not None:
            if verbosity not in VERBOSITIES:
                raise ValueError(f"{verbosity} is not a verbosity; choose terse, normal or verbose.")
            self.verbosity = verbosity
        table = self.table_of()
        drawn = self.narrator.last_drawn  # the hand it heard drawn stays heard
        self.narrator = self._narrator(table.game.current.name if table is not None else None)
        self.narrator.last_drawn = drawn
        if self.keep_settings is not None:
            self.keep_settings()

    # ------------------------------------------------------------ the table's seat protocol
    def decide(self, decision: Any, view: Any) -> asyncio.Future[Any]:
        """Send the question; the answer comes when the session gives it (a future)."""
        if self.gone:
            raise StopTable(f"{self.name} left")
        self.decision = decision
        if self.outlet is not None:
            self.outlet.decide(decision, view)
        self.waiting = asyncio.get_running_loop().create_future()
        return self.waiting

    def refused(self, decision: Any, message: Any) -> None:
        """The table refused the answer: the session is told why; the question is asked again."""
        if self.outlet is not None:
            self.outlet.refused(decision, message)

    def tell(self, events: list[Any]) -> int:  # type: ignore[override]  # (the table tells a list, kept as told)
        """Forward ``events`` to the session (the seat's history at the host narrates them too,
        unsaid, when it is next read: :meth:`_catch_up`, so that a later session of the seat
        finds its history); with no session, the history narrates them. Returns what the
        session's :meth:`~.protocol.ProtocolOutlet.events` returns, or the sentences made."""
        if self.outlet is not None:
            self._unheard.append(events)  # (narrated into the history when it is read)
            return int(self.outlet.events(events))
        self._catch_up()  # (what waits first, so that the history keeps the order they came in)
        return int(super().tell(events))

    # (the session says it itself: no say or you here)
    def undone(self, player: str, events: list[Any], view: Any, before: Any = None) -> None:  # type: ignore[override]
        """``player`` took back an answer that made ``events`` (redacted for this seat): the session
        gets the ``undone`` message and says it itself (the history here keeps the sentence, as
        :meth:`~a11y_dominion.console.narration.Narration.undone` says it)."""
        super().undone(player, events, view, before, say=False)
        if self.outlet is not None:
            self.outlet.undone(player, events, view)

    def heard_turn(self, view: Any, figures: bool = True) -> None:
        """As :meth:`~a11y_dominion.console.narration.Narration.heard_turn`; the session's
        program is told so with the view it was told from."""
        super().heard_turn(view, figures)
        if self.outlet is not None:
            self.outlet.send({"type": "view", "view": view.to_data(), "heard": "turn" if figures else "hand"})

    def leave(self) -> None:
        """The player went away: a pending answer stops the table."""
        self.gone = True
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(StopTable(f"{self.name} left"))
