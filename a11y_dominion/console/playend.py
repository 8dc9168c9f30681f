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
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..announcements.narrator import Narrator
from ..autosave import Autosave, games_dir
from ..files import shown_name, typed_path
from ..i18n import N_, Language, typed_command
from ..kingdoms import kingdom_name
from ..record import RecordError, dumps, make_record, replay
from ..remote.local import HostConsole, play_own_seat
from ..remote.room import AFTER_GAME_LINE, TableRoom, _end
from ..rules.events import CardsDrawn, TurnStarted
from ..rules.game import SetupError
from ..seats import LazyBot, SeatSpec, default_seat_names, rename_seats
from ..view import redact_all
from . import queries as q
from .commands import Ctx, speech_line
from .completion import COMMANDS, DecisionCompleter
from .display import PlainReader, quiet_type_ahead
from .hint import HINTS_OFF
from .keyboard import STARTING, LocalOutput, Terminal, in_thread, interrupted
from .keys import active_keys, key_name
from .seat import BotSeat

if TYPE_CHECKING:
    from .start import PlaySetup  # (start imports this module when a game is played on the core)

MAX_FAULTS = 10  # faults in a row at the same point of the game before it stops
GOES_ON = N_("The game goes on. To stop it, press Ctrl+C again or type quit.")
LOCAL_COMMANDS = tuple(c for c in COMMANDS if c != "say")  # what Tab offers at play


KEPT_STOPPED = N_("Game stopped. It is kept; {command} resume goes on with it.")


def stopped_line(lang: Language, autosave: Autosave | None) -> str:
    """What ``play`` says in ``lang`` when a game stops before its end without quit's question
    (which says it first): "Game stopped." and, while ``autosave`` keeps the game (None, or one
    that could not be written: nothing keeps it), how to go on with it."""
    if autosave is None or autosave.failed is not None:
        return lang._(N_("Game stopped."))
    return lang.text(KEPT_STOPPED, command=typed_command())


SAY_OUT_SECONDS = 30.0
"""The most seconds the end of a watched game waits for its last lines to be said."""


async def said_out(speaker: Any, seconds: float = SAY_OUT_SECONDS) -> None:
    """Wait, at most ``seconds``, until ``speaker`` (a :class:`~a11y_dominion.announcements.speech.Speaker`)
    has said what it was given where its speech would end with this program
    (:meth:`~a11y_dominion.announcements.speech.Speaker.wait_done`), so that closing it does not
    cut the last line off; its ``silence`` (a second Ctrl+C) ends the wait. The wait runs in a
    thread, so the loop still takes Ctrl+C."""
    await in_thread(lambda: speaker.wait_done(seconds), "speech")


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
        position's turn start), said with the next question as the game's news is;
        ``("error", sentence)`` an engine fault said as an error, and ``("ended", sentence)``
        why the game cannot go on, said instead of the session's end."""
        if entry == ("said", ""):
            return True
        if entry[0] == "told":
            text, priority = entry[1]
            self.holder.tell_line(text, priority)
            return True
        if entry[0] == "error":  # an engine fault, the game put back: said as an error
            self.error(entry[1])
            return True
        if entry[0] == "ended":  # why the game cannot go on: the session's end says nothing more
            self.say(entry[1], keep=False)
            self.ended_told = True
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
        e = save.failed
        self.say(
            self.lang.text(
                N_("The game is not saved as you play: {folder} cannot be written ({error})."),
                folder=str(e.filename or save.path),
                error=e.strerror or e,
            ),
            priority="high",
            keep=False,
        )

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
        if (
            self.confirm
            and now.pending is not None
            and now.answers
            and not await self.ask_yes(
                lang.text(N_("Replace the game in progress with {file}? Type yes to load: "), file=shown_name(path))
            )
        ):
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


class ThinkingBot(BotSeat):
    """A bot seat of ``play``'s table that thinks in a thread of its own (a daemon thread: one
    still thinking when the game stops never holds up the program's end), so that the keyboard
    is read while it thinks; its answer comes to the table on the event loop. ``gave_up`` is
    True once it found no legal answer (the table stopped). ``pace``, when set, is awaited
    before each decision: the time the lines said so far need (:class:`Pace`), so that a game
    nobody at this computer answers in is heard as it goes, not all at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gave_up = False
        self.stuck = self.give_up
        self.pace: Callable[[], Awaitable[None]] | None = None

    def give_up(self, _name: str) -> None:
        """No legal answer was found (in the bot's thread): :func:`_run_table` says so."""
        self.gave_up = True

    async def decide(self, decision: Any, view: Any) -> Any:
        if self.pace is not None:
            await self.pace()
        return await in_thread(lambda: BotSeat.decide(self, decision, view), "bot")


class Pace:
    """The pace of a game of bots only (:func:`~a11y_dominion.console.hotseat.watch`): every line
    said (:meth:`said`) gets ``seconds`` (the ``pace`` setting, 1 unless set) before the next
    bot's answer (:meth:`wait`, a bot seat's ``pace``), so that the lines come turn by turn at
    the speed they are read, as a person at the table hears a bot's turn while the game waits
    for them. ``sleep`` waits a number of seconds (``asyncio.sleep``; tests give their own)."""

    def __init__(self, sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep, seconds: float = 1) -> None:
        self.sleep, self.seconds = sleep, seconds
        self.lines = 0  # said since the last wait

    def said(self) -> None:
        """One more line was said."""
        self.lines += 1

    async def wait(self) -> None:
        """Wait the time the lines said since the last wait need; no time when none was said."""
        lines, self.lines = self.lines, 0
        if lines and self.seconds:
            await self.sleep(lines * self.seconds)


RECENT = 5  # announcements told when a game is resumed


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
    a watched game's next line does); a loaded one's file (``left``: what became of the game left
    for it) and whose turn it is. The hand is said with the first question. A new game names its
    Kingdom first when it is one of the rulebook's recommended sets ("This game's Kingdom is
    Basic Intro.")."""
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
    recent: list[str] = []
    if setup.resumed is not None:
        saved = setup.resumed
        lines.append((lang.text(N_("Resumed the game of {date}."), date=saved.started.replace("T", " ")), False))
        damage = saved.damage_notice()
        if damage is not None:
            lines.append((lang.msg(damage), False))
        verbosity = room.people[name].verbosity if name is not None else setup.verbosity
        # as told at the prompt: the figures of the seat's own phase are left to the turn prompt
        current = game.current.name if _from_position(room) else None  # (its turn began before the log)
        narrator = Narrator(viewer=name, verbosity=verbosity, lang=lang, prompts=name is not None, current=current)
        recent = narrator.sentences(redact_all(game.log, name))[-RECENT:]
    else:
        lines.append((lang.text(N_("Loaded {file}."), file=setup.load), False))
        if left:
            lines.append((left, False))
    d = game.pending
    if d is None:
        return lines
    view = room.table.view(d.player if d.player == name or name is None else name)
    if d.kind == "turn" and d.player == name and not view.turn.bidding:
        where = lang.text(N_("Your turn {n}."), n=q.turn_number(view))
    else:
        where = q.turn_line(view, name, lang)
    if recent:
        lines.append((lang._(N_("The last announcements:")), False))
        lines.extend((line, False) for line in recent)
    if where not in recent:  # after them, where the game goes on (the turn's start among them says it)
        lines.append((where, False))
    return lines


def _greet(console: HostConsole, lines: list[tuple[str, bool]]) -> None:
    for text, keep in lines:
        console.say(text, keep=keep)


def _room(setup: PlaySetup, args: Any) -> TableRoom:
    """The room of ``setup``'s game: its person at this computer (with the seat's own language
    and verbosity), its bots thinking in threads of their own
    (seeded alike, so a game plays the same)."""
    specs = []
    made: dict[str, Any] = {}
    room: TableRoom | None = None
    for i, (name, kind) in enumerate(setup.seats):
        if kind == "human":
            opts: dict[str, Any] = next((o for n, o in setup.seat_options.items() if n.lower() == name.lower()), {})
            specs.append(SeatSpec(name, kind, opts.get("language"), opts.get("verbosity")))
            continue
        specs.append(SeatSpec(name, kind))
        bot = LazyBot(
            kind,
            setup.seed * 10 + i,
            think_ms=getattr(args, "think_ms", None),
            rollouts=(setup.bots.get(name) or {}).get("rollouts", getattr(args, "rollouts", None)),
        )
        made[name] = ThinkingBot(name, bot, setup.seed, steps=lambda: len(room.table.game.answers) if room else 0)
    people = [name for name, kind in setup.seats if kind == "human"]
    room = TableRoom(
        setup.game,
        specs,
        setup.seed,
        setup.lang,
        verbosity=setup.verbosity,
        out=lambda t: None,
        made=made,
        shared=len(people) > 1,
    )
    if setup.game.answers or setup.resumed is not None:  # a game under way: told from where it stands
        room.table.replace_game(room.table.game)  # the bots learn it from its start
        room.recall_story()  # and the person's history holds what came before
    return room


def room_record(room: TableRoom) -> dict[str, Any]:
    """The JSON-ready record of the room's game so far, with its seats as ``play`` keeps them:
    a person's language and verbosity, a bot's options (so that it is made the same when the
    game goes on)."""
    seats: list[list[Any]] = []
    for player in room.table.game.players:
        name, kind = player.name, room.kinds[player.name]
        person = room.people.get(name)
        options = getattr(getattr(room.table.seats[name], "bot", None), "options", None)
        if person is not None:
            seats.append([name, kind, {"language": person.lang.code, "verbosity": person.verbosity}])
        elif options:
            seats.append([name, kind, options])
        else:
            seats.append([name, kind])
    return make_record(room.table.game, seats)


def _autosave(room: TableRoom, setup: PlaySetup) -> tuple[Autosave | None, str | None]:
    """The autosave of the room's game (a resumed game's own file, else a new one), and None;
    or None and the sentence saying why the game is not saved as it is played."""
    people = [name for name, kind in setup.seats if kind == "human"]
    game = room.table.game
    try:
        if setup.resumed is not None:
            save = Autosave.reopen(setup.resumed, humans=people)
            if game.pending is None:
                save.finish(game)  # it ended with the last answer saved
        else:
            current = game.current  # a loaded game is at this turn ("games" says it)
            save = Autosave.create(
                room_record(room),
                humans=people,
                language=setup.lang.code,
                verbosity=setup.verbosity,
                turn=(current.name, current.turns_taken + 1) if game.answers else None,
            )
    except OSError as e:
        lang = setup.lang
        return None, lang.text(
            N_("The game is not saved as you play: {folder} cannot be written ({error})."),
            folder=str(games_dir()),
            error=e.strerror or e,
        )
    room.table.autosave = save
    return save, None


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
    if reader is None and keyboard is None and not typed_here:
        reader = PlainReader(sys.stdin, setup.out)  # piped lines: read at questions only
    stdin = keyboard if keyboard is not None else sys.stdin
    try:
        with quiet_type_ahead(sys.stdin if typed_here else None):
            room = _room(setup, args)
            save, unsaved = _autosave(room, setup) if getattr(args, "autosave", True) else (None, None)
            lang = room.people[room.local].lang if room.local else setup.lang  # the person's own
            lines = opening_lines(setup, unsaved, lang) + game_lines(setup, room)
            before: PlayConsole | None = None  # the console before the player changed the language
            while True:
                console = None
                try:
                    if not room.locals:  # bots only: watched
                        from .hotseat import watch

                        return asyncio.run(watch(room, setup, output, lines))
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
                    room = _room(setup, args)
                    if not setup.game.answers:  # (else told from where it stands already)
                        room.table.replace_game(room.table.game)
                        room.recall_story()
                    if save is not None:
                        _rename_in(save, console.going_on)
                        room.table.autosave = save
                    continue
                kept = save.id if save is not None and save.id and not save.finished and save.failed is None else None
                room = _room(setup, args)
                save, unsaved = _autosave(room, setup) if save is not None else (None, None)
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


def _rename_in(save: Autosave, names: dict[str, str]) -> None:
    """The seats renamed by ``names`` (name -> new name) in the game ``save`` keeps: its file goes
    on with the names of its header."""
    for old, new in names.items():
        in_file = save.file_names.pop(old, old)
        if in_file != new:
            save.file_names[new] = in_file
    save.humans = {names.get(name, name) for name in save.humans}


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
            console.setup = setup
            console.think_ms = getattr(args, "think_ms", None)
            if before is not None:
                console.put_before, console.command_state = True, before.command_state
            completer = getattr(getattr(console.reader, "session", None), "completer", None)
            if console.completer is None and isinstance(completer, DecisionCompleter):  # the line editor goes on
                completer.get_seen, completer.lang, console.completer = console.seen, console.lang, completer
            if _from_position(room):  # its turn began before the game's log: whose it is, told
                current = room.table.game.current.name
                console.holder.restart(current)
                room.people[console.name].restart(current)
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
    table = asyncio.ensure_future(_run_table(room))
    try:
        await asyncio.wait([seat, table], return_when=asyncio.FIRST_COMPLETED)
        if not seat.done():
            for notice in getattr(room.table.autosave, "notices", ()):  # the game history, said once
                room.out(setup.lang.msg(notice))
            room.over = True
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


def _from_position(room: TableRoom) -> bool:
    """True for a game built from a position whose first turn has not ended yet (no turn has
    started in its log: the position's turn was never told)."""
    game = room.table.game
    return game.position is not None and not any(isinstance(e, TurnStarted) for e in game.log)


def _put_back(room: TableRoom, error: Exception) -> bool:
    """After an engine fault, the room's game as it was before the answer that failed (the
    player told so in one sentence when it was theirs; a bot tries a random answer next);
    False when even that game cannot be made."""
    table = room.table
    record = room_record(room)
    record["answers"] = record["answers"][: table.before]
    try:
        game = replay(record)
    except RecordError:
        return False
    told = min(table.told.values()) if table.told else 0
    table.replace_game(game, told=min(told, len(game.log)))
    seat = table.seats.get(table.submitter or "")
    if isinstance(seat, BotSeat):
        seat.failed()
    elif table.submitter is not None and table.submitter in room.locals:
        lang, link = room.people[table.submitter].lang, room.sessions.get(table.submitter)
        text = N_(
            "That move failed inside the game engine ({error}: {detail}); the game is back where it was before it."
        )
        if link is not None:  # said as the console's errors are (bold, at once), in turn with the news
            link.inbox.put(("error", lang.text(text, error=type(error).__name__, detail=error)))
    return True


async def _run_table(room: TableRoom) -> None:
    """The room's game, once its player is in. After an engine fault the game is put back to
    before the answer that failed and goes on (:func:`_put_back`); when that fails, or the same
    answer failed :data:`MAX_FAULTS` times in a row, one sentence
    ends it. A new game from a position tells its turn's start after its set-up lines, as every
    turn's start is told. A screen that went away while the game was told (BrokenPipeError:
    a watched game piped into a program that stopped reading) is no engine fault: it is raised,
    and the game stays as its autosave kept it."""
    await room.everyone_in.wait()
    if _from_position(room) and room.locals and not room.table.told.get(room.locals[0], 0):
        room.table.deliver()  # the set-up lines
        game = room.table.game
        n = room.table.view(game.current.name).turn.own_number
        for name in room.locals:
            lang, link = room.people[name].lang, room.sessions.get(name)
            if game.current.name == name:
                told = (lang.text(N_("Your turn {n}."), n=n), "important")
            else:
                told = (lang.text(N_("{player}'s turn {n}."), player=game.current.name, n=n), "normal")
            if link is not None:  # told after them, with the news before the question
                link.inbox.put(("told", told))
    faults: list[int] = []  # the answer counts the game was put back to, one per fault in a row
    while True:
        try:
            await room.table.run_async()
            stuck = next((s for s in room.table.seats.values() if isinstance(s, ThinkingBot) and s.gave_up), None)
            if stuck is not None:
                _ends(room, N_("{player} could not find a legal answer; the game cannot go on."), player=stuck.name)
            return
        except BrokenPipeError:  # the screen went away (a pipe closed): the game as saved is kept
            raise
        except Exception as e:  # noqa: BLE001 - an engine fault: never a traceback
            logging.getLogger("a11y_dominion.play").warning("the game engine failed", exc_info=e)
            faults = [*faults[-(MAX_FAULTS - 1) :], room.table.before]
            if (len(faults) == MAX_FAULTS and len(set(faults)) == 1) or not _put_back(room, e):
                _ends(room, N_("The game engine failed ({error}) and the game cannot go on."), error=type(e).__name__)
                return


def _ends(room: TableRoom, text: str, **fields: Any) -> None:
    """Say why the room's game cannot go on (``text``, an English template, with ``fields``) to
    each of its players, as the end of their game's session: nothing more is said of that end
    (a game of bots alone says it on the room's screen)."""
    if not room.locals:
        room.out(room.lang.text(text, **fields))
    for name in room.locals:
        link = room.sessions.get(name)
        if link is not None:
            link.inbox.put(("ended", room.people[name].lang.text(text, **fields)))
