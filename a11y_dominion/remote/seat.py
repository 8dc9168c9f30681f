"""A remote seat: the table's seat for a player at another computer.

:class:`RemoteSeat` is a :class:`~a11y_dominion.console.seat.HumanSeat`
told by the table what that seat may know, and nothing else; it narrates
in the seat's own language and verbosity, keeps the seat's own history,
and sends its lines to the session the player is attached with. It reads
the lines the player types: answers (as at the console,
:func:`~a11y_dominion.textinput.parse_line`) and the console's commands
(:func:`~a11y_dominion.console.commands.run_command`) over the seat's own
view, with the actions of a seat at the host: ``undo`` (the host takes back
the seat's last answer: :meth:`~a11y_dominion.remote.host.GameHost.undo`),
``export`` (its lines on the player's screen), ``say`` (chat to every seat),
``settings`` kept with the hosted game, and ``quit``.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

from ..console.answers import (
    _is_answer_word,
    confirmation,
    confirmation_reply,
    declined,
    is_legal,
    refusal_text,
    suggestion,
)
from ..console.commands import (
    MAX_SAY,
    SPEECH_ELSEWHERE,
    VERBOSITIES,
    CommandState,
    Ctx,
    Prefs,
    SeatPort,
    clean,
    command_for,
    language_of,
    run_command,
    verbosity_of,
)
from ..console.completion import COMMANDS, expand_names
from ..console.persistence import EXPORT_ALL, export_here
from ..console.position import Position
from ..console.queries import undone_line
from ..console.seat import HumanSeat
from ..i18n import N_, Language
from ..rules.decisions import Msg
from ..table import StopTable
from ..textinput import InputError, between_questions, buy_refusal, drop_sequences, parse_line, split_speaker
from ..view import redact_all

MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off


REMOTE_KEYS_PART = 4  # the part (from 0) of the network page that help keys reads at a remote seat: typing there
# (what the other remote modules import from here)
__all__ = ["MAX_LINE", "MAX_SAY", "VERBOSITIES", "RemoteSeat", "clean", "language_of", "typed_line", "undone_line"]
__all__ += ["verbosity_of"]


class _Lines:
    """A remote seat's screen for the commands: its lines, and the Supply as a table while
    the session's output is rich (its ``display``)."""

    def __init__(self, seat: RemoteSeat) -> None:
        self.seat = seat
        self.plain = seat.display is None

    def line(self, text: str, style: str | None = None) -> None:
        self.seat.line(text)

    def supply_table(self, view) -> None:
        if self.seat.display is not None:
            self.seat.display.supply_table(view)


class HostedSettings:
    """The settings store of a seat at the host: its language, verbosity and options change
    now and the host keeps them with the hosted game (the player's own settings file is on
    another computer). ``console``, when given, is the console core that narrates to the
    player (an ssh seat's), whose narration and completion change too; ``output(rich)``
    changes plain or rich output. The speech output and the hints are not this seat's to
    change: one sentence each."""

    def __init__(self, seat: RemoteSeat, console: Any = None, output: Callable[[bool], None] | None = None) -> None:
        self.seat, self.console, self.output = seat, console, output

    def change(self, key: str, value) -> str | None:
        seat = self.seat
        lang = seat.lang if self.console is None else self.console.lang
        if key == "output":
            return lang._(SPEECH_ELSEWHERE)
        if key == "hints":
            return lang._(N_("The host's settings say whether hints are on at this table."))
        if key == "display":
            if self.output is not None:
                self.output(value == "rich")
            elif (value == "rich") != seat.wants_rich:
                seat.wants_rich = value == "rich"
                seat.action = "output"
            return None
        if self.console is not None:  # the narration the player hears is the console's
            self.console.holder.change(key, value)
            if self.console.completer is not None:
                self.console.completer.lang = self.console.lang
        if key == "options":
            seat.change("options", value)
            return None
        seat.settings(language=value if key == "language" else None, verbosity=value if key == "verbosity" else None)
        return None

    def keep(self, key: str, value) -> str:
        return ""  # kept by the host with the game (RemoteSeat.settings)


def typed_line(text: str) -> str:
    """What a player typed, as the game reads it: cut at :data:`MAX_LINE`
    characters, without control or escape characters, trimmed."""
    return clean(drop_sequences(text.rstrip("\r\n")[:MAX_LINE])).strip()


class RemoteSeat(HumanSeat):
    """A player at another computer: a human seat whose lines go to its SSH
    session and whose answers are typed there.

    ``table_of()`` gives the :class:`Table` (for the game to read answers
    against and the seat's view for queries). :meth:`decide` returns a
    future, set when an answer is typed that the game accepts as well
    formed; :meth:`attach` connects a session's ``write(text)``.
    """

    kind = "remote"

    def __init__(
        self,
        name: str,
        table_of: Callable,
        lang: Language | None = None,
        verbosity: str = "normal",
        language_given: bool = False,
    ):
        from prompt_toolkit.history import InMemoryHistory

        super().__init__(name, lang=lang, verbosity=verbosity, print_fn=lambda text, style=None: self.line(text))
        self.table_of = table_of
        self.story = lambda: redact_all(t.game.log, self.name) if (t := table_of()) is not None else []
        self.at_keyboard = True  # a remote player has a screen of their own: everything is said at once
        self._write: Callable | None = None
        self.waiting: asyncio.Future | None = None
        self.decision: Any = None
        self.gone = False
        self.prompt_shown = False  # with no terminal session: the prompt was written last
        self.chosen = False  # language and verbosity chosen (at the first join): not asked again
        self.chat: Callable | None = None  # chat(text): say TEXT to every seat (set by the host)
        self.take_back: Callable | None = None  # take_back(): undo, the refusal or None (set by the host)
        self.export: Callable | None = None  # export(): the game so far as export writes it (set by the host)
        self.keep_settings: Callable | None = None  # keep_settings(): the host keeps the seat's settings (set by it)
        self.language_given = language_given  # the host chose the seat's language: not asked at join
        self.typed_history = InMemoryHistory()  # the seat's own typed lines (Up and Down)
        self.display: Any = None  # a rich Display for a player who asked for rich output
        self.wants_rich = False
        self.outlet = None  # a seat-protocol session (remote.protocol.ProtocolOutlet); None: lines
        # ask before an answer the console confirms (answers.confirmation), as the console does by default
        # (the host's own seat: its confirm setting; a guest that joins with ``join`` answers through its
        # own console, which asks, and not through these lines)
        self.confirm = True
        self.confirming: tuple | None = None  # (decision, keys) asked about: the next line says yes or not
        self.command_state = CommandState()  # the messages read last and the place in the help pages
        self.action: str | None = None  # what the session must do after a command: quit or output

    # ------------------------------------------------------------ output
    def attach(self, write: Callable | None) -> None:
        """Send this seat's lines with ``write(text)`` from now on (None: nowhere)."""
        self._write = write

    def line(self, text: str) -> None:
        """Send one line to the player: to the seat-protocol session, or after the prompt's
        line when one is showing."""
        if self.outlet is not None:
            self.outlet.text(text)
            return
        if self._write is None:
            return
        head = "\n" if self.prompt_shown else ""
        self.prompt_shown = False
        self._write(head + clean(text) + "\n")

    def lines(self, texts) -> None:
        """Send each of ``texts`` as a line."""
        for t in texts:
            self.line(t)

    def prompt(self) -> None:
        """The question changed: the prompt (the seat's name while an answer is awaited) is
        written after the lines."""
        if self._write is not None and not self.prompt_shown and self.awaiting:
            self._write(f"{self.shown_name}> ")
            self.prompt_shown = True

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
        if self.display is not None:
            self.display.lang = self.lang
        if self.keep_settings is not None:
            self.keep_settings()

    # ------------------------------------------------------------ the table's seat protocol
    def decide(self, decision, view):
        """Show the question; the answer comes when the player types it (a future)."""
        if self.gone:
            raise StopTable(f"{self.name} left")
        self.decision = decision
        if self.outlet is not None:
            self.outlet.decide(decision, view)
        else:
            self.show_question(view, decision, news=True)
        self.waiting = asyncio.get_running_loop().create_future()
        self.prompt()
        return self.waiting

    def refused(self, decision, message) -> None:
        """The table refused the answer: say why; the question is asked again."""
        if self.outlet is not None:
            self.outlet.refused(decision, message)
            return
        self.line(self.lang.msg(message))

    def tell(self, events) -> int:
        """Narrate ``events`` as lines, or forward them to the seat-protocol ``outlet`` (the
        seat's history at the host narrates them too, unsaid: :meth:`recall`, so that a
        later session of the seat, of either kind, finds its history)."""
        if self.outlet is not None:
            self.recall(events)
            return self.outlet.events(events)
        table = self.table_of()
        d = table.game.pending if table is not None else None
        # the news waits for this seat's prompt when its question comes next (the prompt goes on its line)
        self.wait_for_prompt = self._write is not None and not self.gone and d is not None and d.player == self.name
        return super().tell(events)

    # ------------------------------------------------------------ typed lines
    def typed(self, text: str) -> str | None:
        """Read one typed line: a query command, settings, say, quit, or the answer
        awaited. Returns what the session must do: ``quit`` (ask whether to leave),
        ``output`` (plain or rich output changed, :attr:`wants_rich`) or None."""
        self.prompt_shown = False  # with no terminal session: the typed line ended the prompt's line
        try:
            return self._typed(typed_line(text))
        finally:
            self.prompt()

    def _typed(self, line: str) -> str | None:
        if self.confirming is not None:
            self._confirmed(line)
            return None
        if not line:
            self.again()
            return None
        table = self.table_of()
        who, body = split_speaker(table.game, line) if table is not None else (None, line)
        word = (body.split() or [""])[0]
        d = self.decision if self.awaiting else None
        if command_for(word) in COMMANDS and not _is_answer_word(d, word.lower(), self.lang):
            self.action = None
            run_command(self.command_ctx(who), body if who is not None else line)
            return self.action
        if not self.awaiting:  # a move out of turn, a misspelt command or nonsense: which one it is
            said = (body.strip() if who is not None else "") or line  # ("Ann: buy Gold" is a move)
            self.line(self.lang.msg(between_questions(said, suggestion(said, self.lang))))
        else:
            self.answer(line)
        return None

    def command_ctx(self, about: str | None = None) -> Ctx:
        """What a command reads at this seat: its own view at the host (asked about another
        player by name, ``about``, that view without this seat's own cards), the question
        awaited of it, and the actions of a seat at the host; the hint is the medium bot's
        (it answers at once, so the host never keeps the other seats waiting)."""
        from ..helppages import load_page, part_lines
        from ..settings import load_settings

        table = self.table_of()
        view = table.view(self.name) if table is not None else None
        other = about is not None and about != self.name
        if other and view is not None:  # what the table knows of that player: this seat's view without its own cards
            view = dataclasses.replace(view, seat=about, hand=[], discard=[], set_aside=[])
        d = table.game.pending if table is not None else None
        mine = d if self.awaiting and d is self.decision else None
        seats = table.seats.items() if table is not None else ()
        bots = frozenset(n for n, seat in seats if getattr(seat, "kind", "") not in ("human", "remote"))
        return Ctx(
            lang=self.lang,
            seat=self.name,
            asker=about,
            bots=bots,
            view=view,
            decision=mine,
            step=len(table.game.answers) if table is not None else 0,
            told=lambda: table.events_for(self.name) if table is not None else [],
            history=self.history,
            state=self.command_state,
            prefs=Prefs(
                verbosity=self.verbosity,
                options=self.heard.mode,
                hints=bool(load_settings()[0].get("hints", True)),
                display="rich" if self.wants_rich else "plain",
            ),
            store=HostedSettings(self),
            screen=_Lines(self),
            speech=None,
            port=SeatPort(
                options=lambda: self.show_question(self.table_of().view(self.name), d, full=True),
                undo=self.undo_line,
                quit=self._quit,
                export=self.export_lines,
                say=self.chat,
            ),
            keys_help=lambda lang: part_lines(load_page("network", lang.code), REMOTE_KEYS_PART, lang),
            reply=self.lines,
            error=self.line,
            say=self.line,
            turn_start=self.turn_start_lines,
            think_ms=0,
            hints_off=N_("Hints are off at this table: the host's hints setting is off."),
            settings_file=False,
            help_seat="local" if self.kind == "human" else "ssh",  # (the host's own terminal is the host's computer)
        )

    def _quit(self) -> None:
        self.action = "quit"  # the terminal session asks whether to leave

    def undo_line(self) -> None:
        """``undo``: the host takes back this seat's last answer (:meth:`~.host.GameHost.undo`),
        or says in one sentence why not."""
        why = self.take_back() if self.take_back is not None else Msg("Undo is not possible at this table.")
        if why is not None:
            self.line(self.lang.msg(why))

    def undone(self, player: str, events: list, view, before=None) -> None:
        """``player`` took back an answer that made ``events`` (redacted for this seat): told as
        :meth:`~a11y_dominion.console.narration.Narration.undone` says; a seat-protocol session gets
        the ``undone`` message instead and says it itself (the history here keeps the sentence)."""
        super().undone(player, events, view, before, say=self.outlet is None)
        if self.outlet is not None:
            self.outlet.undone(player, events, view)

    def heard_turn(self, view, figures: bool = True) -> None:
        """As :meth:`~a11y_dominion.console.narration.Narration.heard_turn`; a seat-protocol session's
        program is told so with the view it was told from."""
        super().heard_turn(view, figures)
        if self.outlet is not None:
            self.outlet.send({"type": "view", "view": view.to_data(), "heard": "turn" if figures else "hand"})

    def export_lines(self, rest: str = "") -> None:
        """``export`` at a terminal seat: the host cannot write a file on the player's computer,
        so one sentence says so, how many lines the export has and how to get them;
        ``rest`` ``all`` (``alles``) prints those lines, as the console's export writes them for
        this seat, for the player's terminal to keep (another ``rest``, a file name, is not used)."""
        lines = self.export() if self.export is not None else []
        if rest.lower() in EXPORT_ALL:
            said = export_here(lines, self.lang)
            self.line(said[0])
            self.lines(said[1:])
            return
        self.line(
            self.lang.text(
                N_(
                    "An SSH session cannot write a file on your computer; the export has {n:1 line|{n} lines}: "
                    "export all prints them here, and a11y-dominion join saves them as a file."
                ),
                n=len(lines),
            )
        )

    def answer(self, line: str) -> None:
        game = self.table_of().game
        d = game.pending
        if d is None or d is not self.decision:
            self.line(self.lang._(N_("Nothing is asked of you now; type help for the commands.")))
            return
        if d.kind == "yesno" and line in ("1", "2"):
            line = d.options[int(line) - 1]
        view = self.table_of().view(self.name)
        position = Position(view, d)  # read as a joined seat reads it: from the seat's view and question
        try:
            line = expand_names(position, line, self.lang)  # "buy prov" is enough, as at the console
            _who, keys = parse_line(position, line, numbers=True)
        except InputError as e:
            self.line(refusal_text(e, self.lang, d))
            return
        if not is_legal(d, keys):
            err = buy_refusal(position, keys, game.explain_move(keys)) if d.kind == "turn" else d.check(keys)
            self.line(refusal_text(err, self.lang))
            return
        question = confirmation(view, d, keys, self.lang) if self.confirm else None
        if question is not None:
            self.confirming = (d, keys)
            self.line(question.rstrip())
            return
        self._give(keys)

    def _give(self, keys: list) -> None:
        self.last_answer = keys
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            waiting.set_result(keys)

    def _confirmed(self, line: str) -> None:
        """The line typed after a confirmation question (:func:`~..console.answers.confirmation_reply`):
        yes gives the answer asked about; a query command is answered and the question asked
        again; anything else is a no, which says what did not happen, and the decision goes on."""
        d, keys = self.confirming
        table = self.table_of()
        if not self.awaiting or table.game.pending is not d:
            self.confirming = None
            return
        reply = confirmation_reply(line)
        if reply == "query":
            run_command(self.command_ctx(None), line.strip())
            self.line((confirmation(table.view(self.name), d, keys, self.lang) or "").rstrip())
            return
        self.confirming = None
        if reply == "yes":
            self._give(keys)
        else:
            self.line(declined(table.view(self.name), d, keys, self.lang, reply))

    def again(self) -> None:
        """An empty line: the question awaited is read again, every line of it, as at
        the console (the turn prompt with whose turn it is); nothing when nothing is asked."""
        table = self.table_of()
        if self.awaiting and self.outlet is None and table is not None and table.game.pending is self.decision:
            self.show_question(table.view(self.name), self.decision, again=True)

    def leave(self) -> None:
        """The player went away: a pending answer stops the table."""
        self.gone = True
        self._write = None
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(StopTable(f"{self.name} left"))
