"""A remote seat: the table's seat for a player at another computer.

:class:`RemoteSeat` is a :class:`~a11y_dominion.console.seat.HumanSeat`
told by the table what that seat may know, and nothing else; it narrates
in the seat's own language and verbosity, keeps the seat's own history,
and sends its lines to the session the player is attached with. It reads
the lines the player types: answers (as at the console,
:func:`~a11y_dominion.textinput.parse_line`), query commands answered from
the seat's own view, ``undo`` (the host takes back the seat's last answer:
:meth:`~a11y_dominion.remote.host.GameHost.undo`), ``settings`` (language,
verbosity, output), ``say`` (chat to every seat) and ``quit``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import unicodedata
from collections.abc import Callable
from typing import Any

from ..console import queries as q
from ..console import questions
from ..console.answers import confirmation, is_legal, not_done, refusal_text, suggestion
from ..console.commands import command_for, is_yes
from ..console.completion import DecisionCompleter, Seen, expand_names
from ..console.position import Position
from ..console.queries import undone_line
from ..console.seat import HumanSeat
from ..i18n import LANGUAGES, N_, Language
from ..rules.decisions import Msg
from ..table import StopTable
from ..textinput import InputError, between_questions, buy_refusal, drop_sequences, parse_line, split_speaker

MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off


# the query commands a remote seat may type (the others of the console act on its keyboard or files)
REMOTE_COMMANDS = ("hand", "status", "supply", "score", "landmarks", "events", "trash", "card", "log", "repeat")
REMOTE_COMMANDS += ("options", "hint", "help")
REMOTE_KEYS_PART = 4  # the part (from 0) of the network page that help keys reads at a remote seat: typing there
# the commands of a remote session that are not the console's, in English and Dutch
SESSION_WORDS = {
    "settings": ("settings", "setting", "instellingen"),
    "say": ("say", "zeg"),
    "quit": ("quit", "exit", "leave", "stoppen", "afsluiten"),
}
SETTING_KEYS = ("language", "taal", "verbosity", "output", "uitvoer")  # words that may come before a value
SESSION_DUTCH = {"settings": "instellingen", "say": "zeg", "quit": "stoppen"}
COMPLETED_COMMANDS = REMOTE_COMMANDS + ("undo", "export", "say", "settings", "quit")
MAX_SAY = 300  # characters of a line of chat
EXPORT_ALL = ("all", "alles")  # export all: the export's lines printed in the session

VERBOSITIES = (N_("terse"), N_("normal"), N_("verbose"))
LANGUAGE_WORDS = {
    "en": ("en", "english", "engels"),
    "nl": ("nl", "dutch", "nederlands", "nederland", "netherlands"),
}
OUTPUTS = {"plain": ("plain", "gewoon", "kaal"), "rich": ("rich", "rijk", "kleur", "colour", "color")}


def language_of(word: str) -> str | None:
    """The language code a player's word stands for (1 or 2, en, nl, English,
    Nederlands, Dutch...), or None."""
    low = word.strip().lower()
    if low.isdecimal() and low.isascii() and 1 <= int(low) <= len(LANGUAGES):
        return list(LANGUAGES)[int(low) - 1]
    for code, words in LANGUAGE_WORDS.items():
        if low in words:
            return code
    return None


def verbosity_of(word: str, lang: Language | None = None) -> str | None:
    """The verbosity a player's word stands for (1 to 3, terse, normal, verbose, or
    the word in ``lang``), or None."""
    low = word.strip().lower()
    if low.isdecimal() and low.isascii() and 1 <= int(low) <= len(VERBOSITIES):
        return VERBOSITIES[int(low) - 1]
    for v in VERBOSITIES:
        if low == v or (lang is not None and low == lang._(v).lower()):
            return v
    return None


def session_command(word: str) -> str | None:
    """settings, say or quit for a typed word (English or Dutch), or None."""
    low = word.lower()
    for command, words in SESSION_WORDS.items():
        if low in words:
            return command
    return None


def _session_words(lang: Language) -> dict:
    return dict(SESSION_DUTCH) if lang.code == "nl" else {c: c for c in SESSION_DUTCH}


def clean(text: str) -> str:
    """``text`` without control, escape or formatting characters (a tab is a space)."""
    text = text.replace("\t", " ")
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


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

        super().__init__(name, lang=lang, verbosity=verbosity, speaker=None, print_fn=self._print)
        self.table_of = table_of
        self.at_keyboard = True  # a remote player has a screen of their own: everything is said at once
        self._write: Callable | None = None
        self.waiting: asyncio.Future | None = None
        self.decision: Any = None
        self.first_prompt_of_turn: tuple | None = None
        self.gone = False
        self.prompt_shown = False  # with no terminal session: the prompt was written last
        self.chosen = False  # language and verbosity chosen (at the first join): not asked again
        self.chat: Callable | None = None  # chat(text): say TEXT to every seat (set by the host)
        self.take_back: Callable | None = None  # take_back(): undo, the refusal or None (set by the host)
        self.export: Callable | None = None  # export(): the game so far as export writes it (set by the host)
        self.keep_settings: Callable | None = None  # keep_settings(): the host keeps the seat's settings (set by it)
        self.language_given = language_given  # the host chose the seat's language: not asked at join
        self.typed_history = InMemoryHistory()  # the seat's own typed lines (Up and Down)
        self.session: Any = None  # the terminal session the player is in (its prompt follows the seat)
        self.display: Any = None  # a rich Display for a player who asked for rich output
        self.wants_rich = False
        self.asking = False  # the session asks its own question (settings, leaving): the prompt shows
        self._completer: DecisionCompleter | None = None
        self.outlet = None  # a seat-protocol session (remote.protocol.ProtocolOutlet); None: lines
        # ask before an answer the console confirms (answers.confirmation), as the console does by default
        # (the host's own seat: its confirm setting; a guest that joins with ``join`` answers through its
        # own console, which asks, and not through these lines)
        self.confirm = True
        self.confirming: tuple | None = None  # (decision, keys) asked about: the next line says yes or not

    # ------------------------------------------------------------ output
    def attach(self, write: Callable | None) -> None:
        """Send this seat's lines with ``write(text)`` from now on (None: nowhere)."""
        self._write = write

    def _print(self, text: str, style: str | None = None) -> None:
        self.line(text)

    def line(self, text: str) -> None:
        """Send one line to the player: the terminal session prints it above the prompt
        (with no session, after the prompt's line when one is showing)."""
        if self.outlet is not None:
            self.outlet.text(text)
            return
        if self._write is None:
            return
        head = "\n" if self.prompt_shown and self.session is None else ""
        self.prompt_shown = False
        self._write(head + clean(text) + "\n")

    def lines(self, texts) -> None:
        """Send each of ``texts`` as a line."""
        for t in texts:
            self.line(t)

    def prompt(self) -> None:
        """The question changed: the terminal session's prompt follows (the seat's name
        while an answer is awaited); with no session, the prompt is written after the lines."""
        if self.session is not None:
            self.session.changed()
        elif self._write is not None and not self.prompt_shown and self.awaiting:
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

    # ------------------------------------------------------------ completion and settings
    def seen(self) -> Seen:
        """What completion reads: this seat's own view and the decision awaited of it (if any)."""
        table = self.table_of()
        return Seen(table.view(self.name), self.decision if self.awaiting else None)

    def completer(self) -> DecisionCompleter:
        """Tab completion from this seat's own view, in its language, of the commands a remote seat has."""
        if self._completer is None:
            self._completer = DecisionCompleter(
                self.seen, self.lang, commands=COMPLETED_COMMANDS, words=_session_words, paths=False
            )
        return self._completer

    def settings(self, language: str | None = None, verbosity: str | None = None) -> None:
        """Narrate in ``language`` (a code) and/or with ``verbosity`` from now on; the host
        keeps them with the game (:attr:`keep_settings`), so a resumed game narrates so too.
        Raises ValueError for a language or verbosity the game does not have."""
        if language is not None:
            self.lang = Language(language)
        if verbosity is not None:
            if verbosity not in VERBOSITIES:
                raise ValueError(f"{verbosity} is not a verbosity; choose terse, normal or verbose.")
            self.verbosity = verbosity
        table = self.table_of()
        drawn = self.narrator.last_drawn  # the hand it heard drawn stays heard
        self.narrator = self._narrator(table.game.current.name if table is not None else None)
        self.narrator.last_drawn = drawn
        if self._completer is not None:
            self._completer.lang = self.lang
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
        """Narrate ``events`` as lines, or forward them to the seat-protocol ``outlet`` (the
        seat's history at the host narrates them too, unsaid: :meth:`recall`, so that a
        later session of the seat, of either kind, finds its history)."""
        if self.outlet is not None:
            self.recall(events)
            return self.outlet.events(events)
        return super().tell(events)

    def show_question(self, d, view, full: bool = False) -> None:
        """The question and the options this player has not heard yet, as at the console
        (:class:`~a11y_dominion.console.questions.Heard`); at the first prompt of a turn,
        also the hand, unless it is just the hand drawn in Clean-up, already told."""
        new_turn = d.kind == "turn" and self.first_prompt_of_turn != (view.turn.own_number, view.turn.player)
        if d.kind == "turn":
            self.first_prompt_of_turn = (view.turn.own_number, view.turn.player)
        hand = new_turn and not full and not questions.heard_hand(self, view)
        self.lines(self.heard.lines(view, d, full=full, hand=hand, lang=self.lang))

    # ------------------------------------------------------------ typed lines
    def typed(self, text: str) -> str | None:
        """Read one typed line: a query command, settings, say, quit, or the answer
        awaited. Returns what the session must do: ``quit`` (ask whether to leave),
        ``output`` (plain or rich output changed, :attr:`wants_rich`) or None."""
        if self.session is not None:
            return self._typed(typed_line(text))
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
        if who is not None and command_for((body.split() or [""])[0]) in REMOTE_COMMANDS:  # "Ann: status"
            word, _, rest = body.strip().partition(" ")
            self.query(command_for(word), rest.strip(), who)
            return None
        word, _, rest = line.partition(" ")
        command = command_for(word)
        session = session_command(word)
        if command in REMOTE_COMMANDS:
            self.query(command, rest.strip())
        elif session == "quit" and not rest.strip():
            return "quit"
        elif command == "undo":
            self.undo_line()
        elif command == "export":
            self.export_lines(rest.strip())
        elif session == "say":
            self.say_line(rest)
        elif session == "settings":
            return self.change_settings(rest.strip())
        elif not self.awaiting:  # a move out of turn, a misspelt command or nonsense: which one it is
            said = (body.strip() if who is not None else "") or line  # ("Ann: buy Gold" is a move)
            self.line(self.lang.msg(between_questions(said, suggestion(said, self.lang))))
        else:
            self.answer(line)
        return None

    def undo_line(self) -> None:
        """``undo``: the host takes back this seat's last answer (:meth:`~.host.GameHost.undo`),
        or says in one sentence why not."""
        why = self.take_back() if self.take_back is not None else Msg("Undo is not possible at this table.")
        if why is not None:
            self.line(self.lang.msg(why))

    def undone(self, player: str, events: list, view, before=None) -> None:
        """``player`` took back an answer that made ``events`` (redacted for this seat);
        ``view``: this seat's view now. The undoing seat hears "Undone: ..." and its
        hand; every other seat "Ann took back: ...". A seat-protocol session gets
        the ``undone`` message instead, and narrates it itself (the seat's history at
        the host keeps the sentence, as its program does). A terminal seat that was told
        nothing of what was taken back (at its verbosity, another player's play waits for the
        summary of their turn) hears nothing of the undo: what it heard stands, and the
        summary tells what stands."""
        told = True
        if player != self.name:  # its summary of this turn keeps what stands, without what was taken back
            told = self.was_told(player, len(events))
            self.take_back_told(player, len(events))
        said = undone_line(self.name, player, events, self.lang, before, view)
        if self.outlet is not None:
            self.history.add(said, category="game", priority="high")
            self.outlet.undone(player, events, view)
            return
        if not told:
            return
        self.say(said, priority="high")
        if player == self.name:
            self.lines(q.hand_lines(view, True, self.lang))

    def export_lines(self, rest: str = "") -> None:
        """``export`` at a terminal seat: the host cannot write a file on the player's computer,
        so one sentence says so, how many lines the export has and how to get them;
        ``rest`` ``all`` (``alles``) prints those lines, as the console's export writes them for
        this seat, for the player's terminal to keep (another ``rest``, a file name, is not used)."""
        lines = self.export() if self.export is not None else []
        if rest.lower() in EXPORT_ALL:
            self.line(
                self.lang.text(N_("Here is the game so far as export writes it, {n:1 line|{n} lines}."), n=len(lines))
            )
            self.lines(lines)
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

    def say_line(self, text: str) -> None:
        """``say TEXT``: a line of chat to every seat (through the host)."""
        whole = clean(text).strip()
        text = whole[:MAX_SAY]
        if not text:
            self.line(self.lang._(N_("Say what? For example: say good luck.")))
        elif self.chat is not None:
            self.chat(text)
            if len(whole) > MAX_SAY:
                self.line(self.lang.text(N_("Only the first {n} characters were said."), n=MAX_SAY))

    def settings_line(self) -> str:
        """This seat's settings in one sentence, with how to change them."""
        lang = self.lang
        return lang.text(
            N_(
                "Your settings: language {language}, verbosity {verbosity}, output {output}. "
                "Change them with settings and a word: en, nl, terse, normal, verbose, plain or rich."
            ),
            language=LANGUAGES[lang.code],
            verbosity=lang._(self.verbosity),
            output=lang._(N_("rich")) if self.wants_rich else lang._(N_("plain")),
        )

    def change_settings(self, rest: str) -> str | None:
        """``settings`` with words: a language, a verbosity, plain or rich (several at once
        too); alone, the settings now. Returns ``output`` when the output changed."""
        words = [w for w in rest.replace(",", " ").split() if w.lower() not in SETTING_KEYS]
        if not words:
            self.line(self.settings_line())
            return None
        language = verbosity = None
        output = None
        for w in words:
            code = language_of(w) if not w.isdecimal() else None
            v = verbosity_of(w, self.lang) if not w.isdecimal() else None
            out = next((o for o, names in OUTPUTS.items() if w.lower() in names), None)
            if code is not None:
                language = code
            elif v is not None:
                verbosity = v
            elif out is not None:
                output = out
            else:
                self.line(
                    self.lang.text(
                        N_("{word} is no setting; choose en, nl, terse, normal, verbose, plain or rich."),
                        word=w[:40],
                    )
                )
                return None
        self.settings(language=language, verbosity=verbosity)
        changed = None
        if output is not None and (output == "rich") != self.wants_rich:
            self.wants_rich = output == "rich"
            changed = "output"
        self.line(self.settings_line())
        return changed

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
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            waiting.set_result(keys)

    def _confirmed(self, line: str) -> None:
        """The line typed after a confirmation question: yes gives the answer asked
        about; anything else says what did not happen, and the question goes on."""
        d, keys = self.confirming
        self.confirming = None
        table = self.table_of()
        if not self.awaiting or table.game.pending is not d:
            return
        if is_yes(line):
            self._give(keys)
        else:
            self.line(not_done(table.view(self.name), d, keys, self.lang))

    def again(self) -> None:
        """An empty line: the question awaited is read again, every line of it, as at
        the console (the turn prompt with whose turn it is); nothing when nothing is asked."""
        table = self.table_of()
        d = table.game.pending if table is not None else None
        if not self.awaiting or d is None or d is not self.decision:
            return
        if self.outlet is not None:
            return
        view = table.view(self.name)
        lines = self.heard.lines(view, d, lang=self.lang, again=True)
        if d.kind == "turn" and lines and lines[0] == questions.question(view, d, self.lang):
            turn = self.lang.text(N_("Your turn {n}."), n=q.turn_number(view))
            lines = [f"{turn} {lines[0]}", *lines[1:]]
        self.lines(lines)

    def query(self, command: str, rest: str, about: str | None = None) -> None:
        """Answer a query command from this seat's own view; ``about``: the player it was
        asked about by name ("Ann: status"): their public figures; their hand is refused."""
        if command == "help":
            self.lines(self.help_reader().answer(rest, self.lang))
            return
        table = self.table_of()
        view = table.view(self.name)
        lang = self.lang
        other = about is not None and about != self.name
        if other:  # what the table knows of that player: this seat's view without its own cards
            view = dataclasses.replace(view, seat=about, hand=[], discard=[], set_aside=[])
        if command == "hand" and other:
            out = [lang.text(N_("{player}'s hand is private; you may only look at your own hand."), player=about)]
        elif command == "hand":
            out = q.hand_lines(view, True, lang)
        elif command == "status":
            out = q.status_lines(view, not other, lang)
        elif command == "supply":
            if self.display is not None:
                self.display.supply_table(view)
                return
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
        elif command == "hint":
            out = [self._hint(table)]
        elif command == "options":
            d = table.game.pending
            if d is not None and d.player == self.name:
                self.show_question(d, view, full=True)
                return
            out = [lang._(N_("Nothing is asked of you now; type help for the commands."))]
        self.lines(out)

    def help_reader(self):
        """This seat's :class:`~a11y_dominion.helppages.HelpReader`; its help keys reads the
        network page's part on typing at a remote seat (a remote seat has no shortcut keys)."""
        from ..helppages import HelpReader, load_page, part_lines

        reader = self.__dict__.get("_help")
        if reader is None:
            reader = self._help = HelpReader(
                lambda lang: part_lines(load_page("network", lang.code), REMOTE_KEYS_PART, lang)
            )
        return reader

    def _hint(self, table) -> str:
        """hint: the move the medium bot would make at this seat's question, and
        why (medium: it answers at once, so the host never keeps the other
        seats waiting); one sentence when the host's hints setting is off or
        nothing is asked of this seat."""
        from ..console.hint import hint_line
        from ..settings import load_settings

        lang = self.lang
        if not load_settings()[0].get("hints", True):
            return lang._(N_("Hints are off at this table: the host's hints setting is off."))
        d = table.game.pending
        if d is None or d.player != self.name:
            return lang._(N_("There is no question of yours to give a hint for now."))
        return hint_line(table.view(self.name), d, table.events_for(self.name), lang, 0, len(table.game.answers))

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
            return [lang.text(N_("{n:The last message|The last {n} messages}:"), n=len(got))] + got
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
