"""A remote seat: the table's seat for a player at another computer.

:class:`RemoteSeat` is a :class:`~a11y_dominion.console.seat.HumanSeat`
told by the table what that seat may know, and nothing else; it narrates
in the seat's own language and verbosity, keeps the seat's own history,
and sends its lines to the session the player is attached with. It reads
the lines the player types: answers (as at the console,
:func:`~a11y_dominion.textinput.parse_line`) and query commands, answered
from the seat's own view.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable
from typing import Any

from ..console import queries as q
from ..console import questions
from ..console.commands import HELP_LINES, command_for
from ..console.completion import expand_names
from ..console.seat import HumanSeat
from ..i18n import N_, Language
from ..rules.decisions import Msg
from ..table import StopTable
from ..textinput import InputError, parse_line

MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off


# the query commands a remote seat may type (the others of the console act on its keyboard or files)
REMOTE_COMMANDS = ("hand", "status", "supply", "score", "landmarks", "events", "trash", "card", "log", "repeat")
REMOTE_COMMANDS += ("options", "help")
REMOTE_HELP_SKIPPED = (
    "Several players at one keyboard",
    "save FILE",
    "speech:",
    "quit:",
)


def clean(text: str) -> str:
    """``text`` without control, escape or formatting characters (a tab is a space)."""
    text = text.replace("\t", " ")
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


def typed_line(text: str) -> str:
    """What a player typed, as the game reads it: cut at :data:`MAX_LINE`
    characters, without control or escape characters, trimmed."""
    return clean(text.rstrip("\r\n")[:MAX_LINE]).strip()


class RemoteSeat(HumanSeat):
    """A player at another computer: a human seat whose lines go to its SSH
    session and whose answers are typed there.

    ``table_of()`` gives the :class:`Table` (for the game to read answers
    against and the seat's view for queries). :meth:`decide` returns a
    future, set when an answer is typed that the game accepts as well
    formed; :meth:`attach` connects a session's ``write(text)``.
    """

    kind = "remote"

    def __init__(self, name: str, table_of: Callable, lang: Language | None = None, verbosity: str = "normal"):
        super().__init__(name, lang=lang, verbosity=verbosity, speaker=None, print_fn=self._print)
        self.table_of = table_of
        self.at_keyboard = True  # a remote player has a screen of their own: everything is said at once
        self._write: Callable | None = None
        self.waiting: asyncio.Future | None = None
        self.decision: Any = None
        self.prompt_shown = False
        self.first_prompt_of_turn: tuple | None = None
        self.gone = False
        self.outlet = None  # a seat-protocol session (remote.protocol.ProtocolOutlet); None: lines

    # ------------------------------------------------------------ output
    def attach(self, write: Callable | None) -> None:
        """Send this seat's lines with ``write(text)`` from now on (None: nowhere)."""
        self._write = write

    def _print(self, text: str, style: str | None = None) -> None:
        self.line(text)

    def line(self, text: str) -> None:
        """Send one line to the player (after the prompt when one is showing)."""
        if self.outlet is not None:
            self.outlet.text(text)
            return
        if self._write is None:
            return
        head = "\n" if self.prompt_shown else ""
        self.prompt_shown = False
        self._write(head + clean(text) + "\n")

    def lines(self, texts) -> None:
        for t in texts:
            self.line(t)

    def prompt(self) -> None:
        """Show the prompt: the seat's name (an answer is awaited)."""
        if self._write is not None and not self.prompt_shown:
            self._write(f"{clean(self.name or '')}> ")
            self.prompt_shown = True

    # ------------------------------------------------------------ the table's seat protocol
    def decide(self, decision, view):
        """Show the question; the answer comes when the player types it (a future)."""
        if self.gone:
            raise StopTable(f"{self.name} left")
        self.decision = decision
        if self.outlet is not None:
            self.outlet.decide(decision, view)
        else:
            self.show_question(decision, view)
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
        """Narrate ``events`` as lines, or forward them to the seat-protocol ``outlet``."""
        if self.outlet is not None:
            return self.outlet.events(events)
        return super().tell(events)

    def show_question(self, d, view, full: bool = False) -> None:
        """The question with its numbered options; at the first prompt of a turn, also the hand."""
        new_turn = d.kind == "turn" and self.first_prompt_of_turn != (view.turn.own_number, view.turn.player)
        if d.kind == "turn":
            self.first_prompt_of_turn = (view.turn.own_number, view.turn.player)
        self.lines(questions.decision_lines(view, d, full=full, hand=new_turn and not full, lang=self.lang))

    # ------------------------------------------------------------ typed lines
    def typed(self, text: str) -> None:
        """Read one typed line: a query command, or the answer awaited."""
        line = typed_line(text)
        self.prompt_shown = False  # the line editor ended the prompt's line with the typed line
        if not line:
            if self.waiting is not None:
                self.prompt()
            return
        word, _, rest = line.partition(" ")
        command = command_for(word)
        if command in REMOTE_COMMANDS:
            self.query(command, rest.strip())
        elif self.waiting is None or self.waiting.done():
            self.line(self.lang._(N_("Nothing is asked of you now; type help for the commands.")))
        else:
            self.answer(line)
        if self.waiting is not None and not self.waiting.done():
            self.prompt()

    def answer(self, line: str) -> None:
        game = self.table_of().game
        d = game.pending
        if d is None or d is not self.decision:
            self.line(self.lang._(N_("Nothing is asked of you now; type help for the commands.")))
            return
        if d.kind == "yesno" and line in ("1", "2"):
            line = d.options[int(line) - 1]
        try:
            line = expand_names(game, line, self.lang)  # "buy prov" is enough, as at the console
            _who, keys = parse_line(game, line, numbers=True)
            err = game.explain_move(keys) if d.kind == "turn" else d.check(keys)
        except InputError as e:
            err = e.args[0] if e.args else Msg(str(e))
        if err is not None:
            self.line(self.lang.msg(err))
            return
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            waiting.set_result(keys)

    def query(self, command: str, rest: str) -> None:
        """Answer a query command from this seat's own view."""
        table = self.table_of()
        view = table.view(self.name)
        lang = self.lang
        if command == "hand":
            out = q.hand_lines(view, True, lang)
        elif command == "status":
            out = q.status_lines(view, True, lang)
        elif command == "supply":
            out = q.supply_lines(view, lang)
        elif command == "score":
            out = q.score_lines(view, lang)
        elif command == "landmarks":
            out = q.landmark_lines(view, lang)
        elif command == "events":
            out = q.event_lines(view, lang)
        elif command == "trash":
            out = q.trash_lines(view, lang)
        elif command == "card":
            out = self._card(view, rest)
        elif command in ("log", "repeat"):
            out = self._history(command, rest)
        elif command == "options":
            d = table.game.pending
            if d is not None and d.player == self.name:
                self.show_question(d, view, full=True)
                return
            out = [lang._(N_("Nothing is asked of you now; type help for the commands."))]
        else:
            out = [lang._(x) for x in HELP_LINES if not x.startswith(REMOTE_HELP_SKIPPED)]
        self.lines(out)

    def _card(self, view, word: str) -> list:
        """card NAME (the start of a name is enough when only one known name starts so)."""
        lang = self.lang
        try:
            return q.card_lines(view, word, lang)
        except q.QueryError as e:
            if not word:
                return [lang.msg(e.args[0] if e.args else str(e))]
        try:
            return q.card_lines(view, q.guess_name(view, word, lang), lang)
        except q.QueryError as guess:
            return [lang.msg(guess.args[0] if guess.args else str(guess))]

    def _history(self, command: str, rest: str) -> list:
        lang = self.lang
        if rest and not (rest.isascii() and rest.isdecimal() and int(rest) >= 1):
            return [lang._(N_("Log takes a whole number from 1, for example log 5."))]
        if command == "log":
            got = self.history.recent(int(rest) if rest else 10)
            if not got:
                return [lang._(N_("Nothing has been said yet."))]
            return [lang.text(N_("The last {n} messages:"), n=len(got))] + got
        said = self.history.nth_latest(int(rest) if rest else 1)
        if said is None:
            return [lang._(N_("Nothing has been said yet."))]
        return [said]

    def leave(self) -> None:
        """The player went away: a pending answer stops the table."""
        self.gone = True
        self._write = None
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(StopTable(f"{self.name} left"))
