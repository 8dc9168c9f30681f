"""The console seat: a game at one keyboard, for blind and sighted players.

:class:`Console` runs the loop: bots answer their decisions at once; for a
human it narrates what happened since the last prompt (printed, spoken and
kept in the history), prints the question with numbered options, reads one
line and either runs a query command (which never changes the game) or
answers the decision. A refused line gets one sentence and the same prompt
again. :func:`run_console` builds it from the ``play`` command's options and
the saved settings.

Several people may share the keyboard. Every human seat is a
:class:`~a11y_dominion.console.seat.HumanSeat` with its own narrator,
history, language and verbosity; what is told for a seat is shown only
while it has the keyboard. When the next answer is another human's, the
game says so and waits for Enter (:meth:`Console.hand_over`) before it
shows that seat's news and question. With one human nothing is handed over.

Everything the console prints or speaks goes through the
:class:`~a11y_dominion.i18n.Language` of the seat at the keyboard
(``self.lang``): English templates looked up in the catalog, card names in
that language. Commands and moves may be typed in English or Dutch.

The commands are in :mod:`.commands`, answering in :mod:`.answers`, save
and load in :mod:`.persistence`.
"""

from __future__ import annotations

from typing import Any

from ..announcements.narrator import Narrator
from ..announcements.speech import Speaker
from ..i18n import N_, Language, typed_command
from ..lineinput import CUT_LINE
from ..rules.events import CardsDrawn, GameEnded, GameSetUp, TurnStarted
from ..rules.game import Game
from ..seats import LazyBot
from ..table import StopTable, Table
from ..textinput import MAX_LINE
from ..view import PlayerView, player_view, redact_all
from . import queries as q
from .answers import Answers
from .commands import CommandState, Ctx, Prefs, SeatPort, is_yes, run_command, speech_line  # noqa: F401
from .completion import DecisionCompleter
from .display import Display, cleared_text
from .keys import KeyCommand, active_keys, key_help_lines, key_name
from .persistence import History, Persistence, load_game  # noqa: F401  (load_game: part of the package's API)
from .seat import BotSeat, CtrlCWhileThinking, HumanSeat

STARTING = 0.05  # seconds from the start of the search the first lines wait for the speech output to be found
MAX_FAULTS = 10  # faults in a row at the same point of the game before it stops


class ConsoleTable(Table):
    """The :class:`~a11y_dominion.table.Table` of a console game.

    As the table, and: an ``onlooker`` (the screen of a game of bots only)
    is told every event with nobody's private facts.
    """

    def __init__(self, game: Game, seats: dict, onlooker=None):
        super().__init__(game, seats)
        self.onlooker = onlooker
        self.onlooker_told = 0

    position_turn = False  # the start of a position's turn is still to be told (after its set-up lines)

    def deliver(self) -> None:
        """Tell every seat (and the onlooker) the events it has not been told yet (and, in a
        new game built from a position, its turn's start after its set-up lines)."""
        super().deliver()
        if self.position_turn and any(isinstance(e, GameSetUp) for e in self.game.log):
            self.position_turn = False
            who = self.game.current.name
            n = self.view(who).turn.own_number
            for seat in self.seats.values():
                if isinstance(seat, HumanSeat) and seat.name is not None:
                    lang = seat.lang
                    line = (
                        lang.text(N_("Your turn {n}."), n=n)
                        if seat.name == who
                        else lang.text(N_("{player}'s turn {n}."), player=who, n=n)
                    )
                    seat.tell_line(line, "important" if seat.name == who else "normal")
        end = len(self.game.log)
        if self.onlooker is not None and self.onlooker_told < end:
            start, self.onlooker_told = self.onlooker_told, end
            self.onlooker.tell(redact_all(self.game.log[start:end], None))

    def replace_game(self, game: Game, told: int | None = None) -> None:
        """Go on with ``game``, telling from index ``told`` (default: its end)."""
        super().replace_game(game, told)
        self.onlooker_told = min(len(game.log) if told is None else told, len(game.log))


def quit_asked(speaker: Any, reader: Any, question: str) -> bool:
    """Say ``question`` (a yes-or-no question of quit) with ``speaker`` and read the answer
    with ``reader``; True for yes. Ctrl+D again or the end of piped input count as yes,
    Ctrl+C as no."""
    speaker.speak(question, priority="important", interrupt=True)
    try:
        got = reader.read(question, "")
    except EOFError:
        return True
    except KeyboardInterrupt:
        return False
    return isinstance(got, str) and is_yes(got)


class FileSettings:
    """The settings store of a seat whose settings file is on this computer (the keyboard's
    console and ``join``): a live setting changes for the seat at ``owner``'s keyboard now
    and is saved in the settings file (a seat's language and verbosity under its name when
    several people share the keyboard). ``owner`` has ``holder`` (the seat), ``display``,
    ``speaker``, ``shared`` and ``hints``, and may have ``completer``, ``default_lang``,
    ``default_verbosity`` and ``language_changed`` (called after the language changed)."""

    def __init__(self, owner: Any) -> None:
        self.owner = owner

    def change(self, key: str, value: Any) -> str | None:
        """Change the live setting ``key`` (``value`` checked) for the seat at the keyboard
        now: its language (of every sentence, the voice and completion), verbosity, options;
        or the speech output, or the hints. Returns None, or one sentence for plain or rich
        output, which is chosen as the game starts here."""
        owner = self.owner
        seat = owner.holder
        if key == "display":
            return seat.lang._(N_("Plain or rich output is chosen as the game starts; here it stays as it is."))
        if key == "hints":
            owner.hints = bool(value)  # the hint command answers, or not
            return None
        if key == "output":
            from ..settings import load_settings
            from .start import make_speaker

            old = owner.speaker
            settings = dict(load_settings()[0], output=value)
            owner.speaker = make_speaker(old.mode, settings, owner.display, seat.lang, [])
            old.close()
            return None
        seat.change(key, value)
        shared = getattr(owner, "shared", False)
        if key == "language":
            if not shared and hasattr(owner, "default_lang"):
                owner.default_lang = seat.lang  # kept with the game as its language
            owner.display.lang = seat.lang
            if getattr(owner, "completer", None) is not None:
                owner.completer.lang = seat.lang
            set_language = getattr(owner.speaker, "set_language", None)
            if set_language is not None:
                set_language(seat.lang.code)
            changed = getattr(owner, "language_changed", None)
            if changed is not None:
                changed()  # "You" is "Jij" in Dutch, as in a game started in Dutch
        elif key == "verbosity" and not shared and hasattr(owner, "default_verbosity"):
            owner.default_verbosity = value
        return None

    def keep(self, key: str, value: Any) -> str:
        """Save ``key`` = ``value`` in the settings file; '' when saved, else one sentence: why
        not, or where a damaged settings file was kept (:func:`~a11y_dominion.settings.save_settings`)."""
        from ..files import FileError
        from ..settings import load_settings, save_settings

        owner = self.owner
        lang = owner.holder.lang
        data, _warning = load_settings()
        name = owner.holder.name
        if key in ("language", "verbosity") and getattr(owner, "shared", False) and name:
            seats = data.setdefault("seats", {})
            mine = next((n for n in seats if n.lower() == name.lower()), name)
            seats.setdefault(mine, {})[key] = value
        else:
            data[key] = value
        try:
            _path, kept = save_settings(data)
        except (OSError, FileError) as e:
            from ..settings import settings_path

            reason = lang.msg(e) if isinstance(e, FileError) else (e.strerror or str(e))
            return lang.text(
                N_("It holds for this game only: {file} cannot be written ({error})."),
                file=str(settings_path()),
                error=reason,
            )
        if kept is not None:
            return lang.msg(kept)
        return ""


class Console(Answers, Persistence, History):
    """One game at this keyboard.

    ``seats`` is a list of (name, kind) with kind human or a bot kind;
    ``reader`` has ``read(message, default) -> str | KeyCommand`` and raises
    EOFError at the end of input; ``display`` prints lines; ``speaker``
    speaks them. ``lang`` and ``verbosity`` are those of every human seat
    that ``seat_options`` (name -> {"language": code, "verbosity": word})
    does not give its own. ``options``: ``new`` (a question's options are
    read when new, then only those that changed) or ``always``.
    """

    def __init__(
        self,
        game: Game,
        seats: list,
        display: Display,
        speaker: Speaker,
        reader=None,
        verbosity: str = "normal",
        seed: int | None = None,
        lang: Language | None = None,
        keys: dict | None = None,
        confirm: bool = True,
        seat_options: dict | None = None,
        think_ms: int | None = None,
        options: str = "new",
        rollouts: int | None = None,
        bot_options: dict | None = None,
    ):
        self.options = options  # read a question's options when new (then what changed), or always
        self.think_ms = think_ms  # the hard bot's most milliseconds per decision (None: its default)
        self.rollouts = rollouts  # the hard bot's rollouts per candidate buy instead (None: no bound)
        self.bot_options: dict = dict(bot_options or {})  # bot seat -> options its game was made with
        self.default_lang = lang or Language("en")
        self.default_verbosity = verbosity
        self.seat_options = dict(seat_options or {})
        self.handed_over = False  # at a shared keyboard: has the keyboard been handed to anyone yet
        self.keys = dict(keys or {})  # command -> key name, from the settings
        self.notices: list = []  # sentences said once at the start (settings problems)
        self.game = game
        self.display = display
        self.reader = reader
        self.completer: DecisionCompleter | None = None  # told the language of the seat at the keyboard
        self.seed = game.config.seed if seed is None else seed
        self.confirm = confirm  # ask before irreversible choices
        self._speaker = speaker
        self.people: dict = {}  # name -> HumanSeat
        self.holder: HumanSeat | None = None
        self.table: ConsoleTable | None = None
        self.answered = None  # the answer read at the prompt, for the table
        self.reloaded = False  # another game was loaded: the table starts again
        self.autosave = None  # the game's autosave, once started (start_autosave)
        self.resumed = None  # the autosave this game was resumed from
        self.command_states: dict[str | None, CommandState] = {}  # each seat's read window and help pages
        self.hints: bool | None = None  # the hint command answers (the hints setting; None: as the file says)
        self.use_game(game, seats, narrate_from=0)
        self.exit_code: int | None = None  # set when the player stops or the game cannot go on
        self.asker: str | None = None
        self.loaded: str | None = None
        self.interrupts = 0  # Ctrl+C pressed since the last prompt (while bots thought)
        self.ctrl_c = CtrlCWhileThinking()
        self.unsaved_said = False  # the autosave's failure was said

    # ------------------------------------------------------------ the seat at the keyboard
    @property
    def lang(self) -> Language:
        """The language of the seat at the keyboard."""
        return self.holder.lang

    @property
    def verbosity(self) -> str:
        """The verbosity of the seat at the keyboard."""
        return self.holder.verbosity

    @property
    def history(self):
        """The :class:`~a11y_dominion.announcements.history.History` of the seat at the keyboard:
        the only one ``log``, ``repeat``, ``previous`` and ``next`` read."""
        return self.holder.history

    @property
    def announcer(self):
        """The announcer of the seat at the keyboard."""
        return self.holder.announcer

    @property
    def speaker(self) -> Speaker:
        """The speech output boundary; setting it also gives it to every seat."""
        return self._speaker

    @speaker.setter
    def speaker(self, value: Speaker) -> None:
        self._speaker = value
        for seat in self.people.values():
            seat.announcer.speaker = value

    # ------------------------------------------------------------ set-up
    def use_game(self, game: Game, seats: list, narrate_from: int) -> None:
        """Play ``game`` with ``seats`` (a list of (name, kind)), narrating its events
        from ``narrate_from`` on, through a new :class:`ConsoleTable`. Human seats
        that were here already keep their language, verbosity and history."""
        self.game = game
        self.seats = [(n, k) for n, k in seats]
        self.humans = [n for n, k in self.seats if k == "human"]
        self.bots = {
            # made when it first decides; with the options the game was made with (a resumed or loaded one)
            n: LazyBot(
                k,
                self.seed * 10 + i,
                think_ms=self.think_ms,
                rollouts=(self.bot_options.get(n) or {}).get("rollouts", self.rollouts),
            )
            for i, (n, k) in enumerate(self.seats)
            if k != "human"
        }
        # a game built from a position starts in the middle of a turn: no "turn starts" event comes
        current = game.current.name if narrate_from or self._from_position(game) else None
        old = self.people
        self.people = {}
        for name in self.humans or [None]:  # a game of bots only has an onlooker, told public facts
            seat = old.get(name)
            if seat is None:
                seat = self._new_seat(name, current)
            else:
                seat.restart(current)
            self.people[name] = seat
        first = self.people[self.humans[0] if self.humans else None]
        for seat in self.people.values():
            seat.leave_keyboard()
            # a player's news waits for their prompt, so the prompt can be folded into the last sentence
            # (and at a shared keyboard, so it is told only when that player is asked)
            seat.wait_for_prompt = seat.name is not None
        self.holder = first
        self._give_keyboard(first)
        table_seats = {}
        for name, _kind in self.seats:
            if name in self.bots:
                table_seats[name] = BotSeat(
                    name,
                    self.bots[name],
                    self.seed,
                    stuck=self._bot_stuck,
                    steps=lambda: len(self.game.answers),
                    before=self._bot_thinks,
                    interrupted=self._interrupted,
                    lost=lambda: self.ctrl_c.lost,
                )
            else:
                table_seats[name] = self.people[name]
        self.table = ConsoleTable(game, table_seats, onlooker=None if self.humans else first)
        self.table.autosave = getattr(self, "autosave", None)
        self.table.replace_game(game, told=narrate_from)
        # a new game built from a position starts in the middle of a turn, without the event that
        # tells a turn's start: the table tells it after the set-up lines, as every turn's start
        self.table.position_turn = narrate_from == 0 and self._from_position(game)
        self.prompted = None

    @staticmethod
    def _from_position(game: Game) -> bool:
        """True for a game built from a position whose first turn has not ended yet (no turn
        has started in its log: the position's turn was never told)."""
        return game.position is not None and not any(isinstance(e, TurnStarted) for e in game.log)

    def _new_seat(self, name: str | None, current: str | None) -> HumanSeat:
        opts = next((o for n, o in self.seat_options.items() if name is not None and n.lower() == name.lower()), {})
        lang = opts.get("language") or self.default_lang
        if isinstance(lang, str):
            lang = Language(lang)
        seat = HumanSeat(
            name,
            lang=lang,
            verbosity=opts.get("verbosity") or self.default_verbosity,
            speaker=self._speaker,
            print_fn=lambda text, style=None: self.display.line(text, style),
            current=current,
            host=self,
            options=self.options,
        )
        seat.story = lambda: redact_all(self.game.log, seat.name)  # told again in another language
        return seat

    def _give_keyboard(self, seat: HumanSeat) -> None:
        self.holder = seat
        use_history = getattr(self.reader, "use_history", None)
        if use_history is not None:
            use_history(seat.name)  # Up and Down recall only this seat's own typed lines
        self.display.lang = seat.lang  # the Supply table speaks the same language
        set_language = getattr(self._speaker, "set_language", None)
        if set_language is not None and self.shared:
            set_language(seat.lang.code)  # the voice speaks the language of the seat at the keyboard
        if self.completer is not None:
            self.completer.lang = seat.lang
        seat.take_keyboard()

    @property
    def solo(self) -> bool:
        """True when one human plays, so queries say "you"."""
        return len(self.humans) == 1

    @property
    def shared(self) -> bool:
        """True when several humans share this keyboard (and hand it over)."""
        return len(self.humans) > 1

    def me_at_keyboard(self) -> str | None:
        """The name of the seat that has the keyboard (None for an onlooker of bots)."""
        return self.holder.name

    def me(self) -> str:
        """The seat queries are about: the human who asked by name ("Bob: hand"), else the
        human who must answer, else the seat at the keyboard."""
        if self.asker is not None:
            return self.asker
        d = self.game.pending
        if d is not None and d.player not in self.bots:
            return d.player
        return self.holder.name or self.game.current.name

    def view(self, name: str | None = None) -> PlayerView:
        """The :class:`~a11y_dominion.view.PlayerView` of the seat ``name`` (by
        default :meth:`me`, the seat a query is about): all a query may read."""
        name = name or self.me()
        return self.table.view(name) if self.table is not None else player_view(self.game, name)

    # ------------------------------------------------------------ output
    def say(
        self, text: str, priority: str = "normal", keep: bool = True, style: str | None = None, interrupt: bool = False
    ) -> None:
        """Print one line, speak it and (with ``keep``) add it to the history of the
        seat at the keyboard."""
        self.holder.say(text, priority=priority, keep=keep, style=style, interrupt=interrupt)

    def reply(self, lines: list) -> None:
        """Print and speak the answer to a query; not kept in the history."""
        for i, line in enumerate(lines):
            self.say(line, keep=False, interrupt=(i == 0))

    def error(self, text: str) -> None:
        """One sentence about a refused line."""
        self.say(text, priority="high", keep=False, style="bold", interrupt=True)

    def t(self, template: str, **fields) -> str:
        """``template`` in the language of the seat at the keyboard with its fields filled in."""
        return self.lang.text(template, **fields)

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run the command line ``text`` for the seat at the keyboard (:func:`.commands.run_command`)."""
        run_command(self.command_ctx(), text)

    def command_ctx(self) -> Ctx:
        """What a command reads at this keyboard: the seat that has it, the view of the seat a
        query is about (:meth:`me`), the question asked, and the actions of a game kept here."""
        from ..settings import load_settings

        seat = self.holder
        who = self.me_at_keyboard()
        d = self.game.pending
        state = self.command_states.setdefault(who, CommandState())
        table = self.table
        return Ctx(
            lang=self.lang,
            seat=who,
            asker=self.asker,
            bots=frozenset(self.bots),
            shared=self.shared,
            view=self.view(),
            decision=d if d is not None and d.player not in self.bots else None,
            step=len(self.game.answers),
            told=lambda: table.events_for(d.player) if table is not None and d is not None else [],
            history=self.history,
            state=state,
            prefs=Prefs(
                verbosity=seat.verbosity if seat is not None else self.default_verbosity,
                options=seat.heard.mode if seat is not None else self.options,
                hints=self.hints if self.hints is not None else bool(load_settings()[0].get("hints", True)),
                display="plain" if self.display.plain else "rich",
                keys=self.keys,
            ),
            store=FileSettings(self),
            screen=self.display,
            speech=self.speaker,
            port=SeatPort(
                options=lambda: self.show_question(self.game.pending, full=True),
                undo=lambda: self.cmd_undo(""),
                quit=self.quit_game,
                save=self.cmd_save,
                load=self.cmd_load,
                export=self.cmd_export,
            ),
            keys_help=lambda lang: key_help_lines(lang, self.keys),
            reply=self.reply,
            error=self.error,
            say=lambda text: self.say(text, keep=False),
            turn_start=seat.turn_start_lines,
            think_ms=self.think_ms,
        )

    def quit_asked(self, question: str) -> bool:
        """Say and ask ``question`` (quit's yes-or-no question): :func:`quit_asked`."""
        return quit_asked(self.speaker, self.reader, question)

    def quit_game(self) -> None:
        """quit: ask, then stop the game (sets ``exit_code``) or go on."""
        if getattr(self, "autosave", None) is not None and self.autosave.failed is None:
            question = self.t(
                N_("Stop the game? It is kept; {command} resume goes on with it. Type yes to stop: "),
                command=typed_command(),
            )
        else:
            question = self.lang._(N_("Stop the game without saving? Type yes to stop: "))
        if self.quit_asked(question):
            if getattr(self, "autosave", None) is not None:
                self.autosave.keep()  # before the first answer too: it is kept, as the question said
            self.say(self.lang._(N_("Game stopped.")), keep=False)
            self.exit_code = 1  # as the host's: 1 for a game stopped before its end
        else:
            self.say(self.lang._(N_("The game goes on.")), keep=False)

    # ------------------------------------------------------------ the loop
    def intro(self) -> None:
        """The first lines: how to get help, the speech mode, settings problems, the seed (when
        one person plays at this keyboard: the seed determines every shuffle)."""
        repeat = next(
            (key_name(k or alt) for k, alt, c, _w in active_keys(self.keys) if c == "repeat" and (k or alt)), "F2"
        )
        self.say(self.t(N_("a11y-dominion. Type help for commands; {key} repeats the last message."), key=repeat))
        speech = getattr(self, "auto_why", None) or speech_line(self.speaker, self.lang, STARTING, at_start=True)
        if speech:
            self.say(speech, keep=False)
        for notice in self.notices:
            self.say(notice, keep=False)
        if self.resumed is not None:
            self.where_it_stands()
        elif self.loaded:
            self.keep_game_lines()
            self.say(self.t(N_("Loaded {file}."), file=self.loaded), keep=False)
            if self.game.pending is not None:
                self.say(self._where_line(), keep=False)
        elif len(self.people) <= 1:  # the seed determines every shuffle: not for several players to see
            self.say(self.t(N_("Game seed {seed}."), seed=self.seed), keep=False)

    RECENT = 5  # announcements told when a game is resumed
    KEPT = 100  # the game's last sentences put in each seat's history when it is resumed or loaded

    def keep_game_lines(self, holder_lines: list | None = None) -> None:
        """Put the last :data:`KEPT` sentences of the game so far into the history of every
        person at this keyboard, as each may know them and without saying them, so that
        ``repeat`` and ``log`` after ``resume`` or ``load`` offer the game before it, not only
        the lines said since. ``holder_lines``: the sentences kept for the seat at the keyboard
        instead (those :meth:`where_it_stands` read from, without the ones it says itself)."""
        for name, seat in self.people.items():
            if seat is self.holder and holder_lines is not None:
                lines = holder_lines
            else:
                narrator = Narrator(
                    viewer=name,
                    verbosity=seat.verbosity,
                    lang=seat.lang,
                    prompts=name is not None,
                    current=self.game.current.name if self._from_position(self.game) else None,
                )
                lines = narrator.sentences(redact_all(self.game.log, name))
            for line in lines[-self.KEPT :]:
                seat.history.add(line, "game")

    def _where_line(self) -> str:
        """Whose turn it is in a loaded or resumed game: "Your turn 3." when the turn prompt
        that follows names the phase and the figures (the question is a move of the turn's
        player at this keyboard), else the whole turn line ("Bot's turn 3, Buy phase: ...")."""
        seat = self.humans[0] if self.solo else None
        view = self.view()
        d = self.game.pending
        if d is not None and d.kind == "turn" and d.player in self.humans and not view.turn.bidding:
            if d.player == seat:
                return self.t(N_("Your turn {n}."), n=q.turn_number(view))
            return self.t(N_("{player}'s turn {n}."), player=d.player, n=q.turn_number(view))
        return q.turn_line(view, seat, self.lang)

    def where_it_stands(self) -> None:
        """After ``resume``: which game goes on, whose turn and phase it is, the
        last few announcements (those the seat at the keyboard may know; at a
        shared keyboard the public ones) and, in a question inside a card, the
        hand of the seat who answers alone at this keyboard (the turn prompt says it itself)."""
        saved = self.resumed
        self.say(self.t(N_("Resumed the game of {date}."), date=saved.started.replace("T", " ")), keep=False)
        damage = saved.damage_notice()
        if damage is not None:
            self.say(self.lang.msg(damage), priority="high", keep=False)
        d = self.game.pending
        if d is None:
            return
        seat = self.humans[0] if self.solo else None
        # as told at the prompt: the figures of the seat's own phase are left to the turn prompt
        narrator = Narrator(
            viewer=seat,
            verbosity=self.verbosity,
            lang=self.lang,
            prompts=seat is not None,
            current=self.game.current.name if self._from_position(self.game) else None,
        )
        told = narrator.sentences(redact_all(self.game.log, seat))
        recent = told[-self.RECENT :]
        # the game before the save goes into the history too; the last announcements are kept as said
        self.keep_game_lines(holder_lines=told[: len(told) - len(recent)])
        where = self._where_line()
        if where not in recent:  # the turn's start among the last announcements says it
            self.say(where, keep=False)
        if recent:
            self.say(self.lang._(N_("The last announcements:")), keep=False)
            for line in recent:
                self.say(line)
            self._note_drawn(seat, recent)
        if seat is not None and d.kind != "turn":
            for line in q.hand_lines(self.view(seat), True, self.lang):
                self.say(line, keep=False)

    def _note_drawn(self, seat: str | None, recent: list) -> None:
        """The last announcements ``recent`` told ``seat`` the cards it drew last: its
        narrator notes them, so the turn prompt does not read the same cards again as the
        hand (:func:`~.questions.heard_hand`)."""
        own = getattr(self.people.get(seat), "narrator", None) if seat is not None else None
        drawn = next(
            (e for e in reversed(self.game.log) if isinstance(e, CardsDrawn) and e.player == seat and e.count),
            None,
        )
        if own is None or drawn is None:
            return
        told = Narrator(viewer=seat, verbosity=self.verbosity, lang=self.lang)
        if any(line in recent for line in told.sentences(redact_all([drawn], seat))):
            own.last_drawn = tuple(drawn.cards)

    def run(self) -> int:
        """Play until the game ends or the player stops; returns the exit code.

        The game runs through the :class:`ConsoleTable`: it tells every seat its
        redacted events and asks the seat whose decision it is (a bot answers
        at once; a human at the prompt, :meth:`ask`). After an engine fault the
        game is put back to before the failed answer and goes on."""
        self.intro()
        with self.ctrl_c:  # Ctrl+C between prompts, while bots think
            return self._run()

    def _run(self) -> int:
        faults: list = []  # the answer counts the game was put back to, one per fault in a row
        while True:
            table = self.table
            try:
                reason = table.run()
            except BrokenPipeError:
                raise  # the screen went away (a closed pipe): the program ends, nothing to restore
            except KeyboardInterrupt as e:  # Ctrl+C between a bot's thoughts: the game as kept goes on
                kept = self.autosave.answers if self.autosave is not None else len(self.game.answers)
                if not self.restore(min(kept, len(self.game.answers)), e, announce=False):
                    return 1
                try:
                    self._interrupted()
                except StopTable:
                    return self.exit_code if self.exit_code is not None else 1
                continue
            except Exception as e:  # an engine fault: never a traceback
                seat = table.seats.get(table.submitter)
                human = isinstance(seat, HumanSeat)
                faults = [*faults[-(MAX_FAULTS - 1) :], table.before]
                if len(faults) == MAX_FAULTS and len(set(faults)) == 1:
                    # the same answer failed again and again: going on would loop for ever
                    self.say(
                        self.t(
                            N_("The game engine failed ({error}) and the game cannot go on."), error=type(e).__name__
                        ),
                        keep=False,
                    )
                    return 1
                if not self.restore(table.before, e, announce=human):
                    return 1
                if isinstance(seat, BotSeat):
                    seat.failed()
                continue
            if reason is None:
                return self.finish()
            if self.reloaded and self.exit_code is None:
                self.reloaded = False
                continue
            return self.exit_code if self.exit_code is not None else 1

    def ask(self, seat: HumanSeat, d, view=None):
        """The answer of ``seat`` to ``d``, read at the prompt: hands the keyboard
        over first when another person has it, then shows the question and runs
        typed commands until an answer is given. Raises
        :class:`~a11y_dominion.table.StopTable` when the game stops (``exit_code``
        set) or another game was loaded."""
        if seat is not self.holder or (self.shared and not self.handed_over):
            # at a shared keyboard the first player is handed it too, so "you" is clear from the start
            if not self.hand_over(seat, clear=self.handed_over):
                raise StopTable("stopped")
        self.interrupts = 0  # a Ctrl+C from now on is one at the prompt
        self._say_unsaved()
        if self.prompted is d:
            seat.flush()  # the same question again: the news, then the prompt
        default = ""
        while True:
            if self.prompted is not d:
                self.show_question(d, news=True)
            self.answered = None
            try:
                self.announcer.hold()  # nothing is spliced into a half-typed line
                try:
                    got = self.reader.read(f"{d.player}> ", default)  # who must answer
                finally:
                    self.announcer.release()
            except EOFError:
                if self.end_of_input():
                    raise StopTable("stopped") from None
                default = ""
                continue
            except KeyboardInterrupt as e:
                self.say(cleared_text(e, self.lang), keep=False)
                default = ""
                continue
            default = ""
            if isinstance(got, KeyCommand):
                default = got.text
                self.command(got.command)
            else:
                if getattr(self.reader, "cut", False):  # said once, before what the line does
                    self.say(self.t(CUT_LINE, n=MAX_LINE), priority="high", keep=False)
                self.handle(got)
            if self.exit_code is not None:
                raise StopTable("stopped")
            if self.reloaded:
                raise StopTable("loaded")
            if self.answered is not None:
                seat.last_answer = self.answered  # (after "play treasures" the Buy phase is known)
                return self.answered

    def _say_unsaved(self) -> None:
        """Once, when the autosave could not write an answer (a folder that cannot be written,
        a full disk): one sentence naming the file and the reason; the game goes on unsaved."""
        save = getattr(self, "autosave", None)
        if save is None or save.failed is None or self.unsaved_said:
            return
        self.unsaved_said = True
        e = save.failed
        self.say(
            self.t(
                N_("The game is not saved as you play: {folder} cannot be written ({error})."),
                folder=str(e.filename or save.path),
                error=e.strerror or e,
            ),
            priority="high",
            keep=False,
        )

    def refused(self, seat: HumanSeat, d, message) -> None:
        """The table refused the answer of ``seat``: one sentence; the question stands."""
        self.error(self.refusal_text(message))

    def _bot_thinks(self) -> None:
        """A bot is about to decide (and may think a while): with one human, what that
        human was told meanwhile is said now, not only at their next prompt."""
        if self.solo:
            self.holder.flush()

    def _interrupted(self, name: str | None = None) -> None:
        """Ctrl+C while the bot ``name`` thinks (or between bots' answers): as at the prompt,
        the game goes on (and the bot thinks again); a second Ctrl+C before the next prompt
        asks quit's question.
        Raises :class:`~a11y_dominion.table.StopTable` when the player stops (``exit_code``
        set; the autosave is kept)."""
        self.interrupts += 1
        if self.interrupts == 1:
            self.say(self.lang._(N_("The game goes on. To stop it, press Ctrl+C again or type quit.")), keep=False)
            return
        self.interrupts = 0
        self.quit_game()
        if self.exit_code is not None:
            raise StopTable("stopped")

    def _bot_stuck(self, name: str) -> None:
        self.say(self.t(N_("{player} could not find a legal answer; the game cannot go on."), player=name), keep=False)
        self.exit_code = 1

    def end_of_input(self) -> bool:
        """Ctrl+D or the end of piped input at a prompt; True when the game stops
        (``exit_code`` set). At a terminal it asks first, as quit does."""
        if self.interactive:
            self.quit_game()
            return self.exit_code is not None
        if getattr(self, "autosave", None) is not None:
            self.autosave.keep()  # before the first answer too: kept, as quit keeps it
        self.say(self.lang._(N_("Game stopped.")), keep=False)  # piped input has ended
        self.exit_code = 1  # as the host's and quit's: 1 for a game stopped before its end
        return True

    def hand_over(self, seat: HumanSeat, clear: bool = True) -> bool:
        """Pass the keyboard to ``seat``: clear a sighted screen, say "Pass the keyboard
        to Bea. Bea, press Enter when you are ready." (in Bea's language, as an
        important message) and wait for an empty line; only then is Bea's news
        told. Anything else typed is not used and the sentence is said again.
        ``clear`` False keeps a sighted screen (the first hand-over, after the
        game's opening lines). Returns False when the game stopped instead
        (``exit_code`` set)."""
        self.handed_over = True
        self.holder.leave_keyboard()
        self.holder = seat  # its language for the quit question; its news waits for Enter
        self.display.lang = seat.lang
        set_language = getattr(self._speaker, "set_language", None)
        if set_language is not None:
            set_language(seat.lang.code)
        if clear:
            self.display.clear()
        line = seat.lang.text(
            N_("Pass the keyboard to {player}. {player}, press Enter when you are ready."), player=seat.name
        )
        while True:
            seat.say(line, priority="important", keep=False, style="bold")
            read_bare = getattr(self.reader, "read_bare", None)
            try:
                got = read_bare() if read_bare is not None else self.reader.read("", "")
            except EOFError:
                if self.end_of_input():
                    return False
                continue
            except KeyboardInterrupt:
                continue
            if isinstance(got, str) and not got.strip():
                break
        self.prompted = None
        seat.handed()  # the turn prompt says every figure, and the hand
        self._give_keyboard(seat)
        return True

    @property
    def interactive(self) -> bool:
        """True when lines come from a person at a terminal (where the end of
        input is Ctrl+D, after which more can be typed), not from a pipe or file."""
        return bool(getattr(self.reader, "interactive", False))

    def finish(self) -> int:
        """The game is over; its final scores and winners were just announced.

        When the game speaks itself, wait for Enter first, so closing the
        speech output does not cut the final scores off. At a shared keyboard
        the final scores are also told in the language of every other
        player who speaks another one (at the end no card is secret).
        """
        self.holder.flush()
        for notice in getattr(self.autosave, "notices", ()):  # the game history, said once
            self.say(self.lang.msg(notice), keep=False)
        end = next((e for e in reversed(self.game.log) if isinstance(e, GameEnded)), None)
        set_language = getattr(self._speaker, "set_language", lambda code: None)
        if self.shared and end is not None:
            for seat in self.people.values():
                if seat is not self.holder and seat.lang.code != self.holder.lang.code:
                    set_language(seat.lang.code)
                    for text in Narrator(viewer=seat.name, lang=seat.lang).narrate(end):
                        seat.say(text, priority="important")
            set_language(self.holder.lang.code)
        if (
            self.humans
            and self.speaker.mode in ("self-voicing", "auto")
            and self.speaker.effective_mode == "self-voicing"
        ):
            self.say(self.lang._(N_("Press Enter to leave the game.")), keep=False)
            try:
                self.reader.read("> ", "")
            except (EOFError, KeyboardInterrupt):
                pass
        return 0

    def show_question(self, d, full: bool = False, again: bool = False, news: bool = False) -> None:
        """Put the pending question to the seat that answers it
        (:meth:`~.narration.Narration.show_question`)."""
        seat = self.people.get(d.player, self.holder)
        seat.show_question(self.view(d.player), d, full=full, again=again, news=news, you=self.solo)
        self.prompted = d
