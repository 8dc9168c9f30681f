"""``a11y-dominion play`` as an end of the console core: a game of one person against bots at
this computer, with no network.

The game is a :class:`~a11y_dominion.remote.room.TableRoom` of its own, as ``host`` has one,
with the player's seat the room's own (``local``) and no remote seat; the player's console is
the host's own seat's (:func:`~a11y_dominion.remote.local.play_own_seat`: the console core over
a :class:`~a11y_dominion.remote.seatlink.HostLink` into the room), joined quietly. What is
``play``'s own is said here: the opening lines (help, the speech mode, the notices, the seed),
quit's question (the game is kept; ``resume`` goes on with it), the autosave of
``a11y-dominion resume``, ``games`` and ``stats``, and Ctrl+C while no line editor reads keys.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import Any

from ..autosave import Autosave, games_dir
from ..files import typed_path
from ..i18n import N_
from ..record import dumps, make_record
from ..remote.local import HostConsole, play_own_seat
from ..remote.room import TableRoom, _end
from ..seats import LazyBot, SeatSpec
from .app import STARTING, speech_line
from .commands import Ctx
from .completion import COMMANDS
from .display import PlainReader, quiet_type_ahead
from .keyboard import LocalOutput, interrupted
from .keys import active_keys, key_name
from .seat import BotSeat

GOES_ON = N_("The game goes on. To stop it, press Ctrl+C again or type quit.")


class PlayConsole(HostConsole):
    """The console core at ``play``'s keyboard: as the host's own seat's, but quit stops this
    game alone, kept by the autosave (``resume`` goes on with it); nothing is read while nothing
    is asked, and Ctrl+C meanwhile (a bot thinks) says that the game goes on; a second one before
    the next question asks quit's question."""

    stop_kept = N_("Stop the game? It is kept; {command} resume goes on with it. Type yes to stop: ")
    stop_unsaved = N_("Stop the game without saving? Type yes to stop: ")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = tuple(c for c in COMMANDS if c != "load")  # completed: the game is saved here
        self.presses = 0  # Ctrl+C on an empty line since the last question
        self.stop_asked = False  # the second one: quit's question comes next

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
        """As the core uses an entry of the inbox; an empty line of this program's own is not said."""
        if entry == ("said", ""):
            return True
        return super().use(entry)

    async def read_between(self) -> None:
        """Nothing is read while nothing is asked, as ``play`` always read (what is typed meanwhile
        waits for the next prompt, which shows it once): wait for the room's next message, or
        ask quit's question when a second Ctrl+C asked for it."""
        if self.stop_asked:
            self.stop_asked = False
            await self.quit_game()
            return
        await self.link.inbox.wait()

    async def ask(self) -> bool:
        """As the core asks; Ctrl+C is counted afresh from each question on."""
        self.presses = 0
        return await super().ask()

    def command_ctx(self) -> Ctx:
        """As the core's, and ``save FILE`` writes the game so far here (:meth:`save_file`)."""
        ctx = super().command_ctx()
        ctx.port.save = lambda rest: self.later.append(lambda: self.save_file(rest))
        return ctx

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
    is read while it thinks; its answer comes to the table on the event loop."""

    def decide(self, decision: Any, view: Any) -> Any:
        return _in_thread(lambda: BotSeat.decide(self, decision, view))


async def _in_thread(work: Callable[[], Any]) -> Any:
    """What ``work()`` gives (or raises), computed in a daemon thread, awaited on the running loop."""
    loop = asyncio.get_running_loop()
    got: asyncio.Future[Any] = loop.create_future()

    def give(value: Any, error: BaseException | None) -> None:
        if got.done():
            return
        if error is not None:
            got.set_exception(error)
        else:
            got.set_result(value)

    def run() -> None:
        try:
            value, error = work(), None
        except BaseException as e:  # noqa: BLE001 - handed to the loop, raised there
            value, error = None, e
        try:
            loop.call_soon_threadsafe(give, value, error)
        except RuntimeError:  # the loop closed meanwhile: nobody waits
            pass

    threading.Thread(target=run, name="bot", daemon=True).start()
    return await got


def opening_lines(console: HostConsole, setup: Any, autosave_notice: str | None) -> None:
    """``play``'s first lines at ``console``: how to get help (kept in the history), what the
    speech mode became, the setup's notices (settings problems, unfinished games, an autosave
    that cannot be written: ``autosave_notice``) and the game's seed."""
    lang = console.lang
    repeat = next(
        (key_name(k or alt) for k, alt, c, _w in active_keys(setup.keys) if c == "repeat" and (k or alt)), "F2"
    )
    console.say(lang.text(N_("a11y-dominion. Type help for commands; {key} repeats the last message."), key=repeat))
    speech = setup.auto_why or speech_line(setup.speaker, lang, STARTING, at_start=True)
    if speech:
        console.say(speech, keep=False)
    for notice in [*setup.notices, *([autosave_notice] if autosave_notice else [])]:
        console.say(notice, keep=False)
    console.say(lang.text(N_("Game seed {seed}."), seed=setup.seed), keep=False)


def _room(setup: Any, args: Any) -> TableRoom:
    """The room of ``setup``'s game: its person at this computer (with the seat's own language
    and verbosity), its bots thinking as :class:`~a11y_dominion.console.app.Console`'s do
    (seeded alike, so a game plays the same)."""
    specs = []
    made: dict[str, Any] = {}
    room: TableRoom | None = None
    for i, (name, kind) in enumerate(setup.seats):
        if kind == "human":
            opts = next((o for n, o in setup.seat_options.items() if n.lower() == name.lower()), {})
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
    room = TableRoom(
        setup.game, specs, setup.seed, setup.lang, verbosity=setup.verbosity, out=lambda t: None, made=made
    )
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


def _autosave(room: TableRoom, setup: Any) -> tuple[Autosave | None, str | None]:
    """The autosave of the room's new game, and None; or None and the sentence saying why
    the game is not saved as it is played."""
    people = [name for name, kind in setup.seats if kind == "human"]
    try:
        save = Autosave.create(room_record(room), humans=people, language=setup.lang.code, verbosity=setup.verbosity)
    except OSError as e:
        lang = setup.lang
        return None, lang.text(
            N_("The game is not saved as you play: {folder} cannot be written ({error})."),
            folder=str(games_dir()),
            error=e.strerror or e,
        )
    room.table.autosave = save
    return save, None


def play_on_core(setup: Any, args: Any, reader: Any = None) -> int:
    """Play ``setup``'s game (a :class:`~a11y_dominion.console.start.PlaySetup` whose
    :meth:`~a11y_dominion.console.start.PlaySetup.on_core` is True; ``args``: the ``play``
    options) at this computer's keyboard and screen (or with ``reader`` reading the typed
    lines); the exit code (0: the game ended; 1: the player stopped it, or it cannot go on)."""
    room = _room(setup, args)
    save, unsaved = _autosave(room, setup) if getattr(args, "autosave", True) else (None, None)
    output = LocalOutput(setup.display, setup.speaker, setup.plain, [], setup.auto_why)
    typed_here = reader is None and sys.stdin.isatty() and setup.out.isatty()
    if reader is None and not typed_here:
        reader = PlainReader(sys.stdin, setup.out)  # piped lines: read at questions only

    async def main() -> int:
        undo_signals: list[Any] = []

        def playing(console: HostConsole | None) -> None:
            if console is not None:  # Ctrl+C while no line editor reads keys
                undo_signals.append(interrupted(console))

        seat = asyncio.ensure_future(
            play_own_seat(
                room,
                output,
                sys.stdin,
                reader,
                greet=lambda console: opening_lines(console, setup, unsaved),
                cls=PlayConsole,
                on_console=playing,
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
                for session in list(room.sessions.values()):  # the player's console ends, as at the host
                    _end(session)
            return await seat
        finally:
            table.cancel()
            await asyncio.wait([table])
            for undo in undo_signals:
                undo()

    try:
        with quiet_type_ahead(sys.stdin if typed_here else None):
            return asyncio.run(main())
    finally:
        if save is not None:
            save.close()


async def _run_table(room: TableRoom) -> None:
    """The room's game, once its player is in; an engine fault is one sentence and ends it."""
    await room.everyone_in.wait()
    try:
        await room.table.run_async()
    except Exception as e:  # noqa: BLE001 - an engine fault: never a traceback
        room.out(
            room.lang.text(N_("The game engine failed ({error}) and the game cannot go on."), error=type(e).__name__)
        )
