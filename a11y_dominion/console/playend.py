"""``a11y-dominion play`` as an end of the console core: a game of one person against bots at
this computer, with no network (new, from a position, resumed or loaded).

The game is a :class:`~a11y_dominion.remote.room.TableRoom` of its own, as ``host`` has one,
with the player's seat the room's own (``local``) and no remote seat; the player's console is
the host's own seat's (:func:`~a11y_dominion.remote.local.play_own_seat`: the console core over
a :class:`~a11y_dominion.remote.seatlink.HostLink` into the room), joined quietly. What is
``play``'s own is said here: the opening lines (help, the speech mode, the notices, a recommended
Kingdom's name, the seed, or where a resumed or loaded game stands), the stay after the final
scores at a terminal (until quit), quit's question (the game is kept; ``resume`` goes
on with it), ``save FILE`` and ``load FILE`` (the game loaded is played next, in a room of its
own), the autosave of ``a11y-dominion resume``, ``games`` and ``stats``, and Ctrl+C while no
line editor reads keys.
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..announcements.narrator import Narrator
from ..files import shown_name, typed_path
from ..i18n import N_, Language, typed_command
from ..kingdoms import kingdom_name
from ..record import RecordError, dumps, replay
from ..remote.local import HostConsole, play_own_seat
from ..remote.room import AFTER_GAME_LINE, TableRoom, _end
from ..rules.events import CardsDrawn, TurnStarted
from ..rules.game import SetupError
from ..seats import SeatSpec, default_seat_names, rename_seats
from ..view import redact_all
from . import queries as q
from .commands import Ctx, speech_line
from .completion import COMMANDS, DecisionCompleter
from .display import PlainReader, quiet_type_ahead
from .hint import HINTS_OFF
from .keyboard import STARTING, LocalOutput, Terminal, interrupted
from .keys import active_keys, key_name
from .playroom import (
    from_position,
    game_over,
    make_room,
    rename_in,
    room_record,
    run_table,
    start_autosave,
    unsaved_line,
)

if TYPE_CHECKING:
    from .start import PlaySetup  # (start imports this module when a game is played on the core)

GOES_ON = N_("The game goes on. To stop it, press Ctrl+C again or type quit.")
LOCAL_COMMANDS = tuple(c for c in COMMANDS if c != "say")  # what Tab offers at play


class PlayConsole(HostConsole):
    """The console core at ``play``'s keyboard: as the host's own seat's, but quit stops this
    game alone, kept by the autosave (``resume`` goes on with it); nothing is read while nothing
    is asked, and Ctrl+C meanwhile (a bot thinks) says that the game goes on; a second one before
    the next question asks quit's question."""

    stop_kept = N_("Stop the game? It is kept; {command} resume goes on with it. Type yes to stop: ")
    stop_unsaved = N_("Stop the game without saving? Type yes to stop: ")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # completed: save and load work here; say is chat with players at other computers, and none are
        self.commands = LOCAL_COMMANDS
        self.presses = 0  # Ctrl+C on an empty line since the last question
        self.stop_asked = False  # the second one: quit's question comes next
        self.setup: PlaySetup | None = None  # the game's setup (what load goes on from)
        self.loading: PlaySetup | None = None  # the setup of the game loaded to go on with instead
        self.think_ms: int | None = None  # the hard bot's most milliseconds a decision (None: its own)
        self.unsaved_said = False  # the autosave's failure was said
        self.drawn_told: tuple[str, ...] | None = None  # the cards a resumed game's first lines said were drawn
        self.unwatch: Callable[[], None] | None = None  # puts Ctrl+C's handling back (watch_ctrl_c)
        self.staying = False  # after the final scores the player stays until quit (stay_after_game)
        self.going_on: dict[str, str] | None = None  # the game goes on in a new language, these seats renamed
        self.put_before = False  # the question waiting was put before the language changed (ask)

    def seated(self, room: TableRoom, setup: PlaySetup, args: Any) -> None:
        """This console plays ``setup``'s game in ``room`` (``args``: the ``play`` options). A game
        from a position whose first turn began before its log is told whose turn it is."""
        self.host, self.setup, self.think_ms = room, setup, getattr(args, "think_ms", None)
        if from_position(room):
            current = room.table.game.current.name
            self.holder.restart(current)
            room.people[self.name].restart(current)

    def prompt(self) -> str:
        """The prompt of the one person at this keyboard: "You> " ("Jij> " in Dutch), whatever
        name their seat has, as the lines call them ("You go first.", "Your turn 3."); at a shared
        keyboard (:attr:`shared`) the name of the person asked, as the questions name them there."""
        if self.shared:
            return super().prompt()
        return f"{self.lang._(N_('You'))}> "

    def watch_ctrl_c(self) -> None:
        """Ctrl+C while no line editor reads keys says what it says in turn with the game's lines
        (:func:`~a11y_dominion.console.keyboard.interrupted`). Must be called in the running loop."""
        if self.unwatch is None:
            self.unwatch = interrupted(self)

    def unwatch_ctrl_c(self) -> None:
        """Ctrl+C is handled as before :meth:`watch_ctrl_c`."""
        unwatch, self.unwatch = self.unwatch, None
        if unwatch is not None:
            unwatch()

    async def read_line(self, message: str, default: str = "", watch: bool = True) -> Any:
        """As the core reads a line; piped lines are read whole at the question (a
        :class:`~a11y_dominion.console.display.PlainReader`), and Ctrl+C while one is read
        clears it at once (a KeyboardInterrupt, as Python raises it), not when the line ends:
        the loop's handling of Ctrl+C waits meanwhile, on POSIX and Windows alike."""
        if self.between:
            return await super().read_line(message, default, watch)
        self.unwatch_ctrl_c()
        before = signal.getsignal(signal.SIGINT)
        try:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        except (ValueError, OSError):  # not the main thread: Ctrl+C stays as it was
            before = None
        try:
            return self.reader.read(message, default)
        finally:
            if before is not None:
                signal.signal(signal.SIGINT, before)
            self.watch_ctrl_c()

    def stop_game(self) -> None:
        """The player stops the game: the autosave keeps it (before the first answer too, as
        quit's question says), then the room stops it."""
        autosave = self.host.table.autosave
        if autosave is not None and not self.over:
            autosave.keep()
        super().stop_game()

    def cleared(self, interrupt: BaseException) -> str:
        """What Ctrl+C says (:func:`~a11y_dominion.console.keyboard.interrupted`'s, while no
        prompt reads keys): at a question, or with text typed, as at every end; else that the
        game goes on, and at a second press nothing: quit's question comes next."""
        asked = self.decision is not None and not self.sent
        if asked or self.over or getattr(interrupt, "had_text", True):
            return super().cleared(interrupt)
        self.presses += 1
        if self.presses == 1:
            return self.lang._(GOES_ON)
        self.presses = 0
        self.stop_asked = True
        return ""

    def use(self, entry: tuple[str, Any]) -> bool:
        """As the core uses an entry of the inbox; an empty line of this program's own is not said,
        ``("told", (sentence, priority))`` is news of the game told by ``play`` itself (a
        position's turn start), said with the next question as the game's news is."""
        if entry == ("said", ""):
            return True
        if entry[0] == "told":
            text, priority = entry[1]
            self.hear(lambda: self.holder.tell_line(text, priority))  # (in order with the events told)
            return True
        return super().use(entry)

    async def read_between(self) -> None:
        """Nothing is read while nothing is asked, as ``play`` always read (what is typed meanwhile
        waits for the next prompt, which shows it once): wait for the room's next message, or
        ask quit's question when a second Ctrl+C asked for it. After the final scores, while the
        player stays (:meth:`stay_after_game`), their lines are read: log, score, export, quit."""
        if self.staying:
            await super().read_between()
            return
        if self.stop_asked:
            self.stop_asked = False
            await self.quit_game()
            return
        await self.link.inbox.wait()

    async def ask(self) -> bool:
        """As the core asks; Ctrl+C is counted afresh from each question on, and an autosave
        that could not write an answer is said first, once (:meth:`say_unsaved`). The question
        put before the player changed the language (:attr:`put_before`) is not put again: it
        stands as it was heard, the prompt naming the seat anew."""
        self.presses = 0
        self.say_unsaved()
        if self.drawn_told is not None:  # (after the story the game's start told: see _note_drawn)
            self.holder.narrator.last_drawn, self.drawn_told = self.drawn_told, None
            self.holder.hand_due = False
        if self.put_before and self.decision is not None and self.latest is not None:
            self.put_before, self.shown = False, self.decision_id
            if self.latest.turn.player == self.name:  # where the turn stands was heard with it
                self.holder.heard_turn(self.latest)
            self.holder.hand_due = False
        return await super().ask()

    def stays_after_game(self) -> bool:
        """True when the player may stay after the final scores, as a remote player may: the
        game ended with them (it did not stop or fail) and they type at a terminal."""
        return self.over and self.host.table.game.game_over and self.interactive and self.between

    def stay_after_game(self) -> None:
        """After the final scores: the player stays, told so ("The game is over. You may stay: log,
        repeat, score and export work here; type quit to leave."), until quit or Ctrl+D."""
        self.staying = True
        self.link.inbox.put(("said", self.lang._(AFTER_GAME_LINE)))

    def leave_after_game(self) -> None:
        """quit after the final scores: the program ends, the game kept as finished."""
        self.say(self.lang._(N_("Goodbye.")), keep=False)
        self.exit_code = 0

    def say_unsaved(self) -> None:
        """Once, when the autosave could not write an answer (a folder that cannot be written,
        a full disk): one sentence naming the file and the reason; the game goes on unsaved."""
        save = self.host.table.autosave
        if save is None or save.failed is None or self.unsaved_said:
            return
        self.unsaved_said = True
        self.say(unsaved_line(self.lang, save.failed.filename or save.path, save.failed), priority="high", keep=False)

    def command_ctx(self) -> Ctx:
        """As the core's, and ``save FILE`` writes the game so far here (:meth:`save_file`),
        ``load FILE`` goes on with a saved game instead (:meth:`load_file`). The hints answer as
        the player's own hints setting says now (this computer's is the table's)."""
        ctx = super().command_ctx()
        ctx.prefs.hints, ctx.hints_off = self.hints, HINTS_OFF
        ctx.port.save = lambda rest: self.later.append(lambda: self.save_file(rest))
        ctx.port.load = lambda rest: self.later.append(lambda: self.load_file(rest))
        ctx.think_ms = self.think_ms  # the hint is the hard bot's, with play's --think-ms
        return ctx

    async def load_file(self, rest: str) -> None:
        """load FILE: go on with a saved game (asking first when a move was made): this game
        ends here, left in its autosave unfinished, and :attr:`loading` is the loaded game's
        setup, which :func:`play_on_core` plays next. A file that cannot be read, or a game
        that is not one person's against bots, is one sentence and this game goes on."""
        from .persistence import load_game

        lang = self.lang
        path = typed_path(rest)
        if not path:
            self.error(lang._(N_("Load needs a file name, for example load game.json.")))
            return
        setup = self.setup
        if setup is None:  # (set as the console is made)
            return
        options = dict(setup.seat_options)
        bots: dict[str, Any] = {}
        try:
            game, seats = load_game(path, setup.seats, options, setup.lang, bots)
        except (RecordError, SetupError) as e:
            self.error(
                lang.text(
                    N_("Cannot load {file}: {error} The game goes on unchanged."),
                    file=shown_name(path),
                    error=lang.msg(e),
                )
            )
            return
        refusal = self.load_refusal([kind for _name, kind in seats].count("human"))
        if refusal is not None:
            self.error(lang.text(refusal, file=shown_name(path), command=typed_command()))
            return
        now = self.host.table.game
        if self.confirm and now.pending is not None and now.answers:
            question = lang.text(
                N_("Replace the game in progress with {file}? Type yes to load: "), file=shown_name(path)
            )
            reply = await self.ask_reply(question)
            if reply != "yes":
                if reply != "gone":  # (not when a command typed there stopped the game)
                    self.say(lang._(N_("Not loaded. The game goes on.")), keep=False)
                return
        self.loading = dataclasses.replace(
            setup,
            game=game,
            seats=seats,
            seed=game.config.seed,
            seat_options=options,
            bots=bots,
            resumed=None,
            load=shown_name(path),
            notices=[],
        )
        self.exit_code = 0

    def language_changed(self) -> None:
        """The player chose another language during the game (the ``settings`` command): the
        screen speaks it, and the game goes on at once, quietly, in a room of that language, as
        ``resume`` would go on with it in that language: a seat with a language's default name is
        called as the new one calls it ("You" is "Jij" in Dutch:
        :func:`~a11y_dominion.seats.default_seat_names`), and the room's own lines are in it too.
        :attr:`loading` is that game's setup and :attr:`going_on` the seats renamed, which
        :func:`play_on_core` plays next with the same autosave. Only at the player's own question
        (the game waits for them)."""
        super().language_changed()
        room, setup = self.host, self.setup
        d = room.table.game.pending
        if setup is None or d is None or d.player != self.name or self.sent:
            return
        record = room_record(room)
        names = default_seat_names(record, self.lang, room.people[self.name].lang.code)
        try:
            game = replay(rename_seats(record, names))
        except RecordError:
            return
        options = {names.get(n, n): dict(o) for n, o in setup.seat_options.items() if n.lower() != self.name.lower()}
        options[names.get(self.name, self.name)] = {"language": self.lang.code, "verbosity": self.holder.verbosity}
        self.loading = dataclasses.replace(
            setup,
            game=game,
            seats=[SeatSpec(names.get(name, name), kind) for name, kind in setup.seats],
            lang=self.lang,
            seat_options=options,
            resumed=None,
            load=None,
            notices=[],
        )
        self.going_on = names
        self.exit_code = 0

    def load_refusal(self, people: int) -> str | None:
        """Why a saved game of ``people`` persons cannot be loaded in this one (an English
        template with ``{file}`` and ``{command}``), or None: here it must be one person's."""
        if people == 1:
            return None
        return N_(
            "Cannot load {file} in this game: it is not one person's against bots; "
            "{command} play --load {file} plays it."
        )

    async def save_file(self, rest: str) -> None:
        """save FILE: the game so far (:func:`room_record`) into the file ``rest`` names on this
        computer, readable by its owner only, as :meth:`write_here` writes; one sentence either way."""
        path = typed_path(rest)
        if not path:
            self.error(self.lang._(N_("Save needs a file name, for example save game.json.")))
            return
        await self.write_here(
            path,
            dumps(room_record(self.host)),
            refused=N_("Cannot save to {file}: {error}"),
            failed=N_("Cannot save to {file}: {error}."),
            kept=N_("Not saved. The file is as it was."),
            done=N_("Game saved to {file}."),
            done_linked=N_("Game saved to {target}, the file {file} links to."),
        )


RECENT = 5  # announcements told when a game is resumed
TURN_OF = N_("{player}'s turn {n}.")  # (the narrator's sentence of another player's turn's start)


def opening_lines(setup: PlaySetup, autosave_notice: str | None, lang: Language) -> list[tuple[str, bool]]:
    """``play``'s first lines in ``lang`` (the person's), as (sentence, kept in the history): how
    to get help, what the speech mode became, the setup's notices (settings problems, unfinished
    games, an autosave that cannot be written: ``autosave_notice``)."""
    repeat = next(
        (key_name(k or alt) for k, alt, c, _w in active_keys(setup.keys) if c == "repeat" and (k or alt)), "F2"
    )
    lines = [
        (lang.text(N_("a11y-dominion. Type help for commands; {key} repeats the last message."), key=repeat), True)
    ]
    speech = setup.auto_why or speech_line(setup.speaker, lang, STARTING, at_start=True)
    if speech:
        lines.append((speech, False))
    for notice in [*setup.notices, *([autosave_notice] if autosave_notice else [])]:
        lines.append((notice, False))
    return lines


def game_lines(setup: PlaySetup, room: TableRoom, left: str | None = None) -> list[tuple[str, bool]]:
    """Where ``setup``'s game stands as it begins here, as (sentence, kept in the history): a new
    game's seed; a resumed one's date (and damage), the last few announcements, then whose turn
    it is, so that the game going on is told apart from them (a person's question follows it, as
    a watched game's next line does), unless the turn's start is among them ("Your turn 7."): the
    question that follows says where the turn stands, and the turn is told once; a loaded one's
    file (``left``: what became of the game left for it) and whose turn it is. At a shared
    keyboard a resumed or loaded game says only that: each person hears where it stands when the
    keyboard comes to them, from where they last had it (:func:`~.playroom.last_heard`). The hand
    is said with the first question. A new game names its Kingdom first when it is one of the
    rulebook's recommended sets ("This game's Kingdom is Basic Intro.")."""
    name = room.local if len(room.locals) == 1 else None  # several people here: what every player may know
    lang, game = (room.people[name].lang if name is not None else setup.lang), room.table.game
    lines: list[tuple[str, bool]] = []
    if setup.resumed is None and not setup.load:
        config = game.config
        named = kingdom_name(config.kingdom, config.events, config.landmarks)
        if named is not None:
            lines.append((lang.text(N_("This game's Kingdom is {name}."), name=lang._(named)), False))
        if len(room.locals) > 1:  # the seed determines every shuffle: not for several players to see
            return lines
        return [*lines, (lang.text(N_("Game seed {seed}."), seed=setup.seed), False)]
    if setup.resumed is not None:
        saved = setup.resumed
        lines.append((lang.text(N_("Resumed the game of {date}."), date=saved.started.replace("T", " ")), False))
        damage = saved.damage_notice()
        if damage is not None:
            lines.append((lang.msg(damage), False))
    else:
        lines.append((lang.text(N_("Loaded {file}."), file=setup.load), False))
        if left:
            lines.append((left, False))
    d = game.pending
    if d is None:
        return lines
    if name is None and room.locals:  # several people here: each hears their own story, and then their question
        return [*lines, *_turn_heard_before(room, lang)]
    recent: list[str] = []
    if setup.resumed is not None:
        verbosity = room.people[name].verbosity if name is not None else setup.verbosity
        # as told at the prompt: the figures of the seat's own phase are left to the turn prompt
        current = game.current.name if from_position(room) else None  # (its turn began before the log)
        narrator = Narrator(viewer=name, verbosity=verbosity, lang=lang, prompts=name is not None, current=current)
        recent = narrator.sentences(redact_all(game.log, name))[-RECENT:]
    view = room.table.view(d.player if d.player == name or name is None else name)
    n, player = q.turn_number(view), view.turn.player
    start = lang.text(N_("Your turn {n}."), n=n) if player == name else lang.text(TURN_OF, player=player, n=n)
    if d.kind == "turn" and d.player == name and not view.turn.bidding:
        where = start
    else:
        where = q.turn_line(view, name, lang)
    if recent:
        lines.append((lang._(N_("The last announcements:")), False))
        lines.extend((line, False) for line in recent)
    # after them, where the game goes on; a person's question says where their turn stands, so
    # its start among them is not told again (a watched game says where it stands all the same)
    told = name is not None and not view.turn.bidding and any(line.startswith(start) for line in recent)
    if not told:
        lines.append((where, False))
    return lines


def _turn_heard_before(room: TableRoom, lang: Language) -> list[tuple[str, bool]]:
    """At a shared keyboard, the start of the turn going on ("Ann's turn 3.", in ``lang``) when
    the person asked next heard it before the game stopped, and so does not hear it again
    when the keyboard comes to them (:func:`~.playroom.last_heard`); else nothing."""
    game = room.table.game
    d = game.pending
    start = next((i for i in range(len(game.log) - 1, -1, -1) if isinstance(game.log[i], TurnStarted)), None)
    if d is None or start is None or d.player not in room.locals or room.table.told.get(d.player, 0) <= start:
        return []
    view = room.table.view(d.player)
    if view.turn.bidding:  # (the turn ended: its bidding's question says so)
        return []
    return [(lang.text(TURN_OF, player=view.turn.player, n=q.turn_number(view)), False)]


def _greet(console: HostConsole, lines: list[tuple[str, bool]]) -> None:
    for text, keep in lines:
        console.say(text, keep=keep)


def watched_lines(stdin: Any, out: Any) -> Any:
    """The reader of the lines typed at ``stdin`` (a terminal or piped input) while a game of
    bots only is watched (a :class:`~.piped.PipeReader`, read on the event loop; at a terminal
    its lines as the terminal reads them, written to ``out`` once each); None when ``stdin``
    cannot be read."""
    from .piped import PipeLines, PipeReader, piece_reader

    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return PipeReader(PipeLines(piece_reader(fd)), out)


def play_on_core(
    setup: PlaySetup,
    args: Any,
    reader: Any = None,
    played: Callable[[TableRoom, PlayConsole], None] | None = None,
    keyboard: Terminal | None = None,
) -> int:
    """Play ``setup``'s game (a :class:`~a11y_dominion.console.start.PlaySetup` whose
    :meth:`~a11y_dominion.console.start.PlaySetup.on_core` is True; ``args``: the ``play``
    options) at this computer's keyboard and screen (or with ``reader`` reading the typed
    lines), and the games loaded meanwhile (``load FILE``); the exit code (0: the game ended;
    1: the player stopped it, or it cannot go on). ``played(room, console)``, when given, is
    told each game's :class:`~a11y_dominion.remote.room.TableRoom` and its player's console
    once that game ended here. ``keyboard``, when given, is the terminal the line editor reads
    and draws on instead of this computer's (prompt_toolkit's pipe input, for tests)."""
    output = LocalOutput(setup.display, setup.speaker, setup.plain, [], setup.auto_why)
    typed_here = reader is None and keyboard is None and sys.stdin.isatty() and setup.out.isatty()
    watcher = reader if hasattr(reader, "read_async") else None  # what a game of bots only reads
    if reader is None and keyboard is None:
        watcher = watched_lines(sys.stdin, setup.out)
    if reader is None and keyboard is None and not typed_here:
        reader = PlainReader(sys.stdin, setup.out)  # piped lines: read at questions only
    stdin = keyboard if keyboard is not None else sys.stdin
    try:
        with quiet_type_ahead(sys.stdin if typed_here else None):
            room = make_room(setup, args)
            save, unsaved = start_autosave(room, setup) if getattr(args, "autosave", True) else (None, None)
            lang = room.people[room.local].lang if room.local else setup.lang  # the person's own
            lines = opening_lines(setup, unsaved, lang) + game_lines(setup, room)
            before: PlayConsole | None = None  # the console before the player changed the language
            while True:
                console = None
                try:
                    if not room.locals:  # bots only: watched
                        from .hotseat import watch

                        return asyncio.run(watch(room, setup, output, lines, watcher))
                    if len(room.locals) > 1:  # several people at this keyboard
                        from .hotseat import play_shared  # (hotseat builds on this module)

                        code, console = asyncio.run(play_shared(room, setup, args, output, reader, lines, stdin))
                    else:
                        code, console = asyncio.run(_play(room, setup, args, output, reader, lines, stdin, before))
                finally:
                    if save is not None and (console is None or console.going_on is None):
                        save.close()
                if played is not None:
                    played(room, console)
                if console.loading is None:
                    return code
                setup, lines = console.loading, []
                before = console if console.going_on is not None else None
                if before is not None and reader is None and before.interactive:
                    reader = console.reader  # the line editor goes on, the lines typed kept (Up recalls them)
                if console.going_on is not None:  # the same game in the player's new language: quietly
                    room = make_room(setup, args)
                    if not setup.game.answers:  # (else told from where it stands already)
                        room.table.replace_game(room.table.game)
                        room.recall_story()
                    if save is not None:
                        rename_in(save, console.going_on)
                        room.table.autosave = save
                    continue
                kept = save.id if save is not None and save.id and not save.finished and save.failed is None else None
                room = make_room(setup, args)
                save, unsaved = start_autosave(room, setup) if save is not None else (None, None)
                left = (
                    (room.people[room.local].lang if room.local else setup.lang).text(
                        N_("The game you left is kept unfinished; {command} resume {id} goes on with it."),
                        id=kept,
                        command=typed_command(),
                    )
                    if kept
                    else None
                )
                lines = [(unsaved, False)] if unsaved else []
                lines += game_lines(setup, room, left)
    finally:
        output.speaker.close()


async def _play(
    room: TableRoom,
    setup: PlaySetup,
    args: Any,
    output: LocalOutput,
    reader: Any,
    lines: list[tuple[str, bool]],
    stdin: Any,
    before: PlayConsole | None = None,
) -> tuple[int, PlayConsole]:
    """Play the room's game at this keyboard (``stdin``, or ``reader`` reading the typed lines;
    ``args``: the ``play`` options), ``lines`` said first: (the exit code, the console).
    ``before``: the console of this game before the player changed the language: its question
    was put already, and is not put again; the place in the help pages goes on."""
    playing: list[PlayConsole] = []

    def made(console: HostConsole | None) -> None:
        if isinstance(console, PlayConsole):
            console.seated(room, setup, args)
            if before is not None:
                # (the question was put already, unless a yes-or-no question of it was left for the change)
                console.put_before, console.command_state = not before.question_dropped, before.command_state
            completer = getattr(getattr(console.reader, "session", None), "completer", None)
            if console.completer is None and isinstance(completer, DecisionCompleter):  # the line editor goes on
                completer.get_seen, completer.lang, console.completer = console.seen, console.lang, completer
            if setup.resumed is not None:
                _note_drawn(console, room, [text for text, _keep in lines])
            playing.append(console)
            console.watch_ctrl_c()  # Ctrl+C while no line editor reads keys

    seat = asyncio.ensure_future(
        play_own_seat(
            room,
            output,
            stdin,
            reader,
            greet=lambda console: _greet(console, lines),
            cls=PlayConsole,
            on_console=made,
            quiet=True,
        )
    )
    table = asyncio.ensure_future(run_table(room))
    try:
        await asyncio.wait([seat, table], return_when=asyncio.FIRST_COMPLETED)
        if not seat.done():
            game_over(room, setup.lang)
            if playing and playing[0].stays_after_game():  # as a remote player, until quit
                playing[0].stay_after_game()
            else:
                for session in list(room.sessions.values()):  # the player's console ends, as at the host
                    _end(session)
        return await seat, playing[0]
    finally:
        table.cancel()
        await asyncio.wait([table])
        for console in playing:
            console.unwatch_ctrl_c()


def _note_drawn(console: PlayConsole, room: TableRoom, said: list[str]) -> None:
    """When the lines ``said`` as a resumed game began (its last announcements) told the player
    the cards they drew last, their narrator notes them, so that the turn's prompt does not read
    the same cards again as the hand (:func:`~a11y_dominion.console.questions.heard_hand`)."""
    name = room.local or ""
    log = room.table.game.log
    drawn = next((e for e in reversed(log) if isinstance(e, CardsDrawn) and e.player == name and e.count), None)
    if drawn is None:
        return
    narrator = Narrator(viewer=name, verbosity=console.holder.verbosity, lang=console.lang)
    if any(line in said for line in narrator.sentences(redact_all([drawn], name))):
        console.drawn_told = tuple(drawn.cards)
