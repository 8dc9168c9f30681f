"""``a11y-dominion play``'s console: the keyboard's end of the console core
(:class:`~.ownseat.OwnSeatConsole`) with what is ``play``'s own: quit's question (the game is
kept; ``resume`` goes on with it), nothing read while nothing is asked and Ctrl+C meanwhile,
piped lines read whole at the question, the stay after the final scores at a terminal (until
quit), an autosave that cannot write said once, ``save FILE`` and ``load FILE`` (the game
loaded is played next, in a room of its own), and the same game going on in the language the
player chose.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..files import shown_name, typed_path
from ..i18n import N_, typed_command
from ..record import RecordError, dumps, replay
from ..remote.room import AFTER_GAME_LINE
from ..remote.signals import ctrl_c_interrupts
from ..rules.game import SetupError
from ..seats import SeatSpec, default_seat_names, rename_seats
from .commands import Ctx
from .completion import COMMANDS
from .hint import HINTS_OFF
from .ownseat import OwnSeatConsole
from .playroom import room_record, unsaved_line

if TYPE_CHECKING:
    from .start import PlaySetup  # (start imports play's end when a game is played on the core)

GOES_ON = N_("The game goes on. To stop it, press Ctrl+C again or type quit.")
LOCAL_COMMANDS = tuple(c for c in COMMANDS if c != "say")  # what Tab offers at play


class PlayConsole(OwnSeatConsole):
    """The console core at ``play``'s keyboard, one for each person seated at it
    (:func:`~.hotseat.seat_here`; :func:`~.playend.play_here`): the keyboard's end, with quit stopping
    this game alone, kept by the autosave (``resume`` goes on with it); nothing is read while
    nothing is asked, and Ctrl+C meanwhile (a bot thinks) says that the game goes on; a second
    one before the next question asks quit's question."""

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
        self.going_on: dict[str, str] | None = None  # the game goes on in a new language, these seats renamed
        self.put_before = False  # the question waiting was put before the language changed (ask)
        self.staying = False  # after the final scores the player stays until quit (stay_after_game)

    def stays_after_game(self) -> bool:
        """True when the player may stay after the final scores, as a remote player may: the
        game ended with them (it did not stop or fail) and they type at a terminal."""
        return self.over and self.host.table.game.game_over and self.interactive and self.between

    def stay_after_game(self) -> None:
        """After the final scores: the player stays, told so ("The game is over. You may stay: log,
        repeat, score and export work here; type quit to leave."), until quit or Ctrl+D."""
        self.staying = True
        self.link.inbox.put(("said", self.lang._(AFTER_GAME_LINE)))

    def prompt(self) -> str:
        """The prompt of the one person at this keyboard: "You> " ("Jij> " in Dutch), whatever
        name their seat has, as the lines call them ("You go first.", "Your turn 3."); at a shared
        keyboard (:attr:`shared`) the name of the person asked, as the questions name them there."""
        if self.shared:
            return super().prompt()
        return f"{self.lang._(N_('You'))}> "

    async def read_line(self, message: str, default: str = "", watch: bool = True) -> Any:
        """As the core reads a line; piped lines are read whole at the question (a
        :class:`~a11y_dominion.console.display.PlainReader`), and Ctrl+C while one is read
        clears it at once (a KeyboardInterrupt, as Python raises it), not when the line ends:
        the loop's handling of Ctrl+C waits meanwhile, on POSIX and Windows alike. After the
        game at a shared keyboard only the person at the keyboard is asked to press Enter (the
        others' consoles end at once)."""
        if self.over and self.keyboard.at != self.name:
            raise EOFError
        if self.between:
            return await super().read_line(message, default, watch)
        self.ctrl_c.unwatch()
        try:
            with ctrl_c_interrupts():
                return self.reader.read(message, default)
        finally:
            self.ctrl_c.watch()

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

    async def read_between(self) -> None:
        """Nothing is read while nothing is asked, as ``play`` always read (what is typed meanwhile
        waits for the next prompt, which shows it once): wait for the room's next message, or
        ask quit's question when a second Ctrl+C asked for it, of the person at the keyboard.
        After the final scores, while the player stays
        (:meth:`~.ownseat.OwnSeatConsole.stay_after_game`), their lines are read: log, score,
        export, quit."""
        if self.staying:
            await super().read_between()
            return
        kb, asked = self.keyboard, self.stop_asked
        self.stop_asked = False
        if not asked or kb.at != self.name:
            await self.link.inbox.wait()
            return
        kb.give(self.name)
        await self.quit_game()
        if kb.open == self.name and (self.decision is None or self.sent):
            kb.open = None

    def asking(self) -> None:
        """As this person is asked: Ctrl+C is counted afresh from each question on, and an
        autosave that could not write an answer is said first, once (:meth:`say_unsaved`). The
        question put before the player changed the language (:attr:`put_before`) is not put
        again: it stands as it was heard, the prompt naming the seat anew."""
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
        setup, which :func:`~.playend.play_on_core` plays next (at a shared keyboard in the keyboard's
        language as it is now, chosen in the game perhaps, whatever its seats were played in). A
        file that cannot be read, or a game of another number of people
        (:meth:`load_refusal`), is one sentence and this game goes on."""
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
            lang=self.lang if self.shared else setup.lang,  # shared: the keyboard's as it is now
        )
        self.exit_code = 0

    def language_changed(self) -> None:
        """The player chose another language during the game (the ``settings`` command): as at the
        keyboard (:meth:`~.ownseat.OwnSeatConsole.language_changed`), and the game goes on at
        once, quietly, in a room of that language, as ``resume`` would go on with it in that
        language: a seat with a language's default name is called as the new one calls it ("You"
        is "Jij" in Dutch: :func:`~a11y_dominion.seats.default_seat_names`), and the room's own
        lines are in it too. :attr:`loading` is that game's setup and :attr:`going_on` the seats
        renamed, which :func:`~.playend.play_on_core` plays next with the same autosave. Only at
        the player's own question (the game waits for them). At a shared keyboard the game goes
        on in this room (no seat here has a language's default name, "You", to rename:
        :func:`~a11y_dominion.seats.parse_seats` refuses it where several people play)."""
        room, setup = self.host, self.setup
        super().language_changed()  # (the screen's: the keyboard's)
        d = room.table.game.pending
        if self.shared or setup is None or d is None or d.player != self.name or self.sent:
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
        template with ``{file}`` and ``{command}``), or None: here it must be one person's, and
        at a shared keyboard one of several people."""
        if (people > 1) if self.shared else (people == 1):
            return None
        if self.shared:
            return N_(
                "Cannot load {file} at this shared keyboard: it is not a game of several people; "
                "{command} play --load {file} plays it."
            )
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
