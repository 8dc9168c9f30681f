"""``a11y-dominion play``'s shared keyboard, and a game of bots only, watched.

Each person at the keyboard has a console of their own (:class:`~.ownseat.OwnSeatConsole`, over
a :class:`~a11y_dominion.remote.seatlink.HostLink` of their own seat in the room), with their
own narration, history and verbosity; several people play in the keyboard's one language
(:func:`~a11y_dominion.console.start.keyboard_language`). They share one screen and speech
(:class:`Keyboard`): a person's lines come out only while that person has the keyboard and is
asked; the rest is held for them and comes out, in order, when the keyboard comes back to them.
Before a person is asked who does not have the keyboard, the game says "Pass the keyboard to
Bea. Bea, press Enter when you are ready." in the keyboard's language and waits for an empty line, the
screen and its scrollback cleared first (the ``clear`` setting); anything else typed, and Ctrl+C,
is one sentence saying that only Enter is read there, and quit asks quit's question
(:func:`hand_over`). Ctrl+C while no line editor reads keys is the
keyboard's (:class:`AtKeyboard`). One person has the keyboard throughout: nothing is held, and
nothing is handed over.

A game of bots only is watched (:func:`watch`): what every player may know, never a hand, as
the server's watchers hear it (:class:`~a11y_dominion.server.watch.WatchSeat`); each line typed
meanwhile is answered as a watcher's, and ``quit`` stops the game as Ctrl+C does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..files import typed_path
from ..i18n import N_, Language, yes_or_no
from ..remote.room import AFTER_GAME_LINE, TableRoom
from ..remote.seat import typed_line
from ..remote.signals import on_signals
from .commands import COMMANDS, WATCH_SETTINGS, Ctx, Prefs, command_for
from .completion import command_of
from .core import _given, _outcome
from .display import Display, LineCleared, isatty
from .keyboard import LocalOutput, changed_speaker, save_setting, write_export
from .persistence import EXPORT_ALL, export_here
from .piped import in_thread
from .playroom import Pace, ThinkingBot, game_over, run_table, stopped_line

if TYPE_CHECKING:
    from .ownseat import OwnSeatConsole
    from .start import PlaySetup

HAND_OVER = N_("Pass the keyboard to {player}. {player}, press Enter when you are ready.")
ONLY_ENTER = N_("Only Enter is read here: press Enter when {player} is at the keyboard, or type quit to stop the game.")
UNREAD = N_("{n:1 pasted line was|{n} pasted lines were} not read: the keyboard passes to {player}.")
NO_CTRL_C = N_("Ctrl+C does nothing here: press Enter when {player} is at the keyboard, or type quit to stop the game.")
WATCHING = N_(
    "While the bots play, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, "
    "landmarks, events, settings and export; quit or Ctrl+C stops the game, which is kept."
)


def clears(setting: object, speaker: Any) -> bool:
    """Whether the screen is cleared at a hand-over, by the ``clear`` setting: ``on`` or ``off``;
    ``auto`` (or none) clears unless ``speaker`` is in screen-reader mode, where the player's own
    screen reader reads the lines printed and reviews them."""
    if setting in ("on", "off"):
        return setting == "on"
    return getattr(speaker, "mode", None) != "screen-reader"


class Keyboard:
    """This computer's screen and speech (``output``), shared by the people at it: the lines of
    a person's console pass while :attr:`open` names that person; the others' are held for them
    (:meth:`give` puts them out when the keyboard comes to them, after their :attr:`news`).
    :attr:`at` is who pressed Enter last (who sits at the keyboard)."""

    def __init__(self, output: LocalOutput) -> None:
        self.output = output
        self.open: str | None = None  # whose lines pass now
        self.at: str | None = None  # who took the keyboard last
        self.held: dict[str, list[Callable[[], object]]] = {}
        self.news: dict[str, str] = {}  # a sentence said first when the keyboard comes to a person (the latest only)
        self.clears = not output.plain  # the screen is cleared at a hand-over (the clear setting)
        self.readers: list[Any] = []  # the people's readers of typed lines (what was typed ahead: typed_ahead)

    def put(self, name: str, show: Callable[[], object]) -> None:
        """Put out what ``show`` puts out for ``name`` (a line shown or spoken, or the telling of
        the game's events, narrated when it runs) now, or hold it for ``name``."""
        if self.open == name:
            show()
        else:
            self.held.setdefault(name, []).append(show)

    def give(self, name: str) -> None:
        """``name`` has the keyboard and is asked: what was held for them comes out, in order."""
        self.open = self.at = name
        news = self.news.pop(name, None)
        if news is not None:
            self.say(news)
        for show in self.held.pop(name, []):
            show()

    def typed_ahead(self) -> int:
        """Drop the lines typed ahead and not read yet (a paste's lines, keys typed before the
        prompt came: :meth:`~.display.PromptReader.typed_ahead`); how many had text."""
        return sum(reader.typed_ahead() for reader in self.readers if hasattr(reader, "typed_ahead"))

    def say(self, text: str, priority: str = "normal", style: str | None = None) -> None:
        """One line to whoever sits at the keyboard (the game's own lines, the hand-over), printed and spoken."""
        self.output.display.line(text, style)
        self.output.speaker.speak(text, priority=priority, interrupt=priority == "important")


class Screen:
    """One person's part of the shared screen and speech: what their console's announcer
    prints (:meth:`line`) and speaks (:meth:`speak`, :meth:`silence`), through the
    :class:`Keyboard`."""

    def __init__(self, keyboard: Keyboard, name: str) -> None:
        self.keyboard, self.name = keyboard, name

    def line(self, text: str, style: str | None = None) -> None:
        display = self.keyboard.output.display
        self.keyboard.put(self.name, lambda: display.line(text, style))

    def speak(self, text: str, priority: str = "normal", interrupt: bool = False) -> None:
        speaker = self.keyboard.output.speaker
        self.keyboard.put(self.name, lambda: speaker.speak(text, priority=priority, interrupt=interrupt))

    def silence(self) -> None:
        if self.keyboard.open == self.name:
            self.keyboard.output.speaker.silence()


class AtKeyboard:
    """Ctrl+C while no line editor reads keys (:meth:`pressed`), whoever the keyboard comes to
    (the consoles of every person at it, ``consoles``, at ``keyboard``): at the hand-over it
    clears the line and the hand-over's sentence comes again; else it is the console's of the
    person at the keyboard (:attr:`console`), as :func:`~a11y_dominion.console.keyboard.interrupted`
    says it. It is taken while :meth:`watch` holds it, until :meth:`unwatch`."""

    def __init__(self, consoles: Sequence[OwnSeatConsole], keyboard: Keyboard) -> None:
        self.consoles, self.keyboard = consoles, keyboard
        self.back: Callable[[], None] | None = None  # puts Ctrl+C's handling before watch back

    @property
    def console(self) -> OwnSeatConsole:
        return next((c for c in self.consoles if c.name == self.keyboard.at), self.consoles[0])

    def pressed(self) -> None:
        """Ctrl+C came (SIGINT)."""
        handing = next((c for c in self.consoles if c.bare is not None and not c.bare.done()), None)
        if handing is not None and handing.bare is not None:
            handing.bare_cleared = True
            handing.bare.cancel()
            return
        console = self.console
        console.link.inbox.put(("said", console.cleared(LineCleared(had_text=False))))
        console.cancel_question()

    def watch(self) -> None:
        """Ctrl+C is the keyboard's (:meth:`pressed`), on POSIX and Windows alike, until
        :meth:`unwatch`. Must be called in the running loop; outside the main thread the
        default (the program ends) stays."""
        if self.back is None:
            self.back = on_signals(asyncio.get_running_loop(), [("SIGINT", self.pressed)], sys.platform)

    def unwatch(self) -> None:
        """Ctrl+C is handled as before :meth:`watch`."""
        back, self.back = self.back, None
        if back is not None:
            back()


class Watching:
    """The person who watches a game of bots only at this keyboard (:func:`watch`): the server's
    watcher (:class:`~a11y_dominion.server.watch.WatchSeat`, :attr:`onlooker`) narrates and answers
    the queries, on this keyboard's screen and speech (``output``, whose ``display`` prints to
    ``out``), as :func:`watch` says. Its ``settings`` are this computer's: it is the settings
    store (:meth:`change`, :meth:`keep`) of the settings a watcher has here
    (:data:`~.commands.WATCH_SETTINGS`: language, verbosity, speech, output, pace, plain or rich);
    ``export FILE`` writes the game here as every player may know it (``confirm``: a file that
    exists is replaced after yes). ``pace``: the pace of the game (None: it does not wait)."""

    def __init__(self, room: TableRoom, setup: PlaySetup, output: LocalOutput, pace: Pace | None) -> None:
        from ..server.watch import WatchSeat

        self.room, self.output, self.pace, self.out = room, output, pace, setup.out
        self.seconds = setup.settings.get("pace", 1) if pace is None else pace.seconds
        self.confirm = bool(setup.settings.get("confirm", True))
        self.keyboard = Keyboard(output)
        self.onlooker = WatchSeat(room, 0, setup.lang, setup.verbosity, self.keyboard.say)
        self.onlooker.narration.announcer.speaker = output.speaker
        self.onlooker.narration.announcer.print_fn = self.line
        self.typed: Any = None  # the lines typed meanwhile (a PipeReader; see watch)
        self.staying = False  # after the final scores, until quit or the end of input

    @property
    def lang(self) -> Language:
        """The watcher's language (the settings command may change it)."""
        return self.onlooker.lang

    def line(self, text: str, style: str | None = None) -> None:
        """One line of the game's narration, counted for the pace."""
        self.output.display.line(text, style)
        if self.pace is not None:
            self.pace.said()

    def ctx(self) -> Ctx:
        """What a command typed here reads: the watcher's (the public view, its history), with
        this keyboard's settings, screen and speech."""
        ctx = self.onlooker._ctx()
        narration, output = self.onlooker.narration, self.output
        shown = "plain" if output.display.plain else "rich"
        prefs = Prefs(verbosity=narration.verbosity, hints=False, display=shown, pace=self.seconds)
        return dataclasses.replace(
            ctx, prefs=prefs, store=self, screen=output.display, speech=output.speaker, live=WATCH_SETTINGS
        )

    def change(self, key: str, value: Any) -> str | None:
        """Change the setting ``key`` (one of :data:`~.commands.WATCH_SETTINGS`, ``value``
        checked) now: the narration's language (the screen's and the voice's too) or verbosity,
        the speech mode or output (:func:`~.keyboard.changed_speaker`), the pace of the game's
        next lines, or plain or rich lines. None: done."""
        output, narration = self.output, self.onlooker.narration
        if key == "pace":
            self.seconds = value
            if self.pace is not None:
                self.pace.seconds = value
        elif key in ("speech", "output"):
            output.speaker = changed_speaker(output.speaker, key, value, output.display, self.lang)
            narration.announcer.speaker = output.speaker
        elif key == "display":
            output.plain = value == "plain"
            output.display = Display(self.out, plain=output.plain, lang=self.lang)
        else:
            narration.change(key, value)
            output.display.lang = self.lang
            set_language = getattr(output.speaker, "set_language", None)
            if key == "language" and set_language is not None:
                set_language(self.lang.code)
        return None

    def keep(self, key: str, value: Any) -> str:
        """Save ``key`` = ``value`` in this computer's settings file
        (:func:`~.keyboard.save_setting`); plain or rich lines hold for this game only, as
        ``--plain`` does."""
        if key == "display":
            return ""

        def put(data: dict[str, Any]) -> str:
            data[key] = value
            return ""

        return save_setting(self.lang, put)

    async def export(self, rest: str) -> None:
        """export FILE: the game so far (or the whole game, after the final scores) as every
        player may know it, written to FILE here (:func:`~.keyboard.write_export`); ``export
        all`` says its lines here."""
        path, lang, over = typed_path(rest), self.lang, self.room.table.game.game_over
        if not path:
            self.keyboard.say(lang._(N_("Export needs a file name, for example export game.txt.")))
            return
        lines = self.room.export_lines(None, lang)
        if path.lower() in EXPORT_ALL:
            for text in export_here(lines, lang, over):
                self.keyboard.say(text)
            return
        await write_export(path, lines, over, lang, self.keyboard.say, self.keyboard.say, self.replace)

    async def replace(self, question: str) -> str:
        """``question`` (may a file be replaced?) answered by the next line typed: "yes" for a
        yes, "no" for anything else and the end of input; "yes" without asking, confirm off."""
        if not self.confirm:
            return "yes"
        self.keyboard.say(question, "important")
        await self.typed.wait_line()
        if self.typed.at_end():
            return "no"
        return "yes" if yes_or_no(str(self.typed.read_line()), self.lang) else "no"

    async def read(self, stop: Callable[[], None]) -> None:
        """Answer each line typed (:attr:`typed`) until quit (``stop()`` while the bots play)
        or the end of input: a watcher's query as the server's watchers get it
        (:meth:`~a11y_dominion.server.watch.WatchSeat.typed`), ``settings`` and ``export``
        here, an empty line, ``help`` or ``say`` one sentence saying what may be typed. After
        the final scores (:attr:`staying`) quit and the end of input say goodbye."""
        from ..server.watch import WATCH_COMMANDS

        kb = self.keyboard
        while self.typed is not None:
            await self.typed.wait_line()
            if self.typed.at_end():
                break
            text = typed_line(str(self.typed.read_line()))
            word, _, rest = text.partition(" ")
            command = command_for(word) if word else "help"
            if command in ("help", "say"):
                kb.say(self.lang._(AFTER_GAME_LINE if self.staying else WATCHING))
            elif command == "settings":
                COMMANDS["settings"](self.ctx(), rest)
            elif command == "export":
                await self.export(rest)
            elif command in WATCH_COMMANDS:
                COMMANDS[command](self.ctx(), rest.strip())
            elif self.onlooker.typed(text) == "quit":
                if not self.staying:
                    stop()
                    return
                break
        if self.staying:
            kb.say(self.lang._(N_("Goodbye.")))


async def hand_over(console: OwnSeatConsole) -> bool:
    """Before the person of ``console`` (Bea) is asked, say "Pass the keyboard to Bea. Bea, press
    Enter when you are ready." (in Bea's language, as an important message; the screen and its
    scrollback cleared first, but at the first hand-over, when :attr:`Keyboard.clears`) and wait
    for an empty line; then Bea's held lines and news come. Anything else typed, and Ctrl+C, is
    one sentence saying what is read here; quit asks quit's question, as at a question. False
    when the game stopped instead (quit, the end of input, or quit's question answered yes at
    Ctrl+D)."""
    kb, output = console.keyboard, console.keyboard.output
    # what the last person typed ahead or pasted is not the next one's (at the first hand-over nobody's)
    unread = kb.typed_ahead() if kb.at is not None else 0
    if kb.at is not None and kb.clears:
        output.display.clear(plain_too=True)
    if unread:  # (a count, said to both)
        kb.say(console.lang.text(UNREAD, n=unread, player=console.name))
    kb.open = None
    output.display.lang = console.lang
    set_language = getattr(output.speaker, "set_language", None)
    if set_language is not None:
        set_language(console.lang.code)  # the voice speaks the language of the person asked
    line = console.lang.text(HAND_OVER, player=console.name)
    again = True
    while True:
        if again:
            kb.say(line, "important", "bold")
        again = False
        try:
            got = await read_bare(console)
        except EOFError:  # quit's question: its no is said at once (stop_game keeps what waits held)
            if await asked_at_hand_over(console, console.input_ended):
                return False
            again = True
            continue
        except KeyboardInterrupt:
            kb.say(console.lang.text(NO_CTRL_C, player=console.name), "high")
            continue
        if isinstance(got, str) and not got.strip():
            break
        if isinstance(got, str) and command_of((got.split() or [""])[0]) == "quit":
            if await asked_at_hand_over(console, console.quit_game):
                return False
            again = True
            continue
        kb.typed_ahead()  # (the lines typed or pasted with it: one sentence for them all)
        kb.say(console.lang.text(ONLY_ENTER, player=console.name), "high")
    console.holder.handed()  # the turn prompt says every figure, and the hand
    console.shown = None  # the question is shown anew
    kb.give(console.name)
    return True


async def asked_at_hand_over(console: OwnSeatConsole, ask: Callable[[], Awaitable[None]]) -> bool:
    """quit's question at the hand-over to the person of ``console`` (``ask``: their quit, or the
    end of input), said at once (nothing held for them comes out); True when the game stopped."""
    kb = console.keyboard
    kb.open = console.name
    try:
        await ask()
    finally:
        if kb.open == console.name:
            kb.open = None
    return console.exit_code is not None


async def read_bare(console: OwnSeatConsole) -> Any:
    """One line of ``console``'s reader at the hand-over, with no completion, no shortcut keys and
    no recalled lines where the reader has such a prompt
    (:meth:`~.display.PromptReader.read_bare_async`): Ctrl+C there is :meth:`AtKeyboard.pressed`'s."""
    bare = getattr(console.reader, "read_bare_async", None)
    if bare is None:
        return await console.read_line("", "", watch=False)
    # (Ctrl+C typed at the prompt is its KeyboardInterrupt, which must not leave a task of its own)
    console.bare = asyncio.ensure_future(_outcome(bare("")))
    try:
        return _given(await console.bare)
    except asyncio.CancelledError:
        if not console.bare.cancelled() or not console.bare_cleared:
            raise  # this console's own end: not Ctrl+C
        raise KeyboardInterrupt from None  # Ctrl+C (AtKeyboard.pressed): the line is cleared
    finally:
        console.bare, console.bare_cleared = None, False


async def watch(
    room: TableRoom, setup: PlaySetup, output: LocalOutput, lines: list[tuple[str, bool]], typed: Any = None
) -> int:
    """Watch the room's game of bots only at this screen, ``lines`` said first: every event as
    no seat sees it privately, in ``setup``'s language and verbosity, at the pace of the lines
    said (:class:`~.playroom.Pace`: at once when nobody reads, with speech off and no terminal),
    until the game ends (0), cannot go on or Ctrl+C stops it (1; the autosave keeps it, and
    :func:`~.playroom.stopped_line` says how to go on). What is being said is said to its end
    first (:func:`said_out`).

    ``typed``, when given, is a :class:`~.piped.PipeReader` of the lines typed meanwhile
    (:meth:`Watching.read`): a watcher's query (``score``, ``status``, ...) is answered as the
    server's watchers are (:meth:`~a11y_dominion.server.watch.WatchSeat.typed`), ``settings``
    shows and changes the settings a watcher has here (:class:`Watching`), ``export FILE``
    writes the game here, ``quit`` stops the game as Ctrl+C does, and an empty line, ``help``
    or ``say`` is one sentence saying what may be typed. Where a person types at a terminal,
    they stay after the final scores, as a player does, told so ("The game is over. You may
    stay: ..."), until quit or the end of input (Ctrl+D)."""
    paced = output.speaker.mode != "off" or isatty(setup.out)
    seconds = setup.settings.get("pace")
    pace = Pace(pause, 1 if seconds is None else seconds) if paced else None
    watching = Watching(room, setup, output, pace)
    watching.typed = typed
    kb, onlooker = watching.keyboard, watching.onlooker
    for text, _keep in lines:
        kb.say(text)
    if setup.resumed is not None or setup.load:  # told from where the game stands
        onlooker.told = len(room.table.game.log)
    room.table.onlookers.append(onlooker.hear)
    for seat in room.table.seats.values():
        if isinstance(seat, ThinkingBot) and pace is not None:
            seat.pace = pace.wait
    out, room.out = room.out, kb.say
    room.everyone_in.set()
    table: asyncio.Future[None] = asyncio.ensure_future(run_table(room))

    def stop() -> None:  # Ctrl+C: the game stops, kept by its autosave (resume goes on with it)
        if table.done():  # (again, while the last lines are said: they are cut)
            output.speaker.silence()
            return
        if room.table.autosave is not None:
            room.table.autosave.keep()
        table.cancel()
        kb.say(stopped_line(watching.lang, room.table.autosave))

    undo_signal = on_signals(asyncio.get_running_loop(), [("SIGINT", stop)], sys.platform)
    reading = asyncio.ensure_future(watching.read(stop))
    try:
        await asyncio.wait([table])
        if not table.cancelled() and isinstance(table.exception(), BrokenPipeError):
            raise BrokenPipeError  # the screen went away: nothing more can be shown
        game_over(room, watching.lang)
        here = typed is not None and not reading.done() and isatty(sys.stdin) and isatty(setup.out)
        if room.table.game.game_over and here:  # a person types at this terminal
            watching.staying = True  # as a player stays (PlayConsole.stay_after_game)
            kb.say(watching.lang._(AFTER_GAME_LINE))
            await asyncio.wait([reading])
        await said_out(output.speaker)
    finally:
        reading.cancel()
        room.out = out
        undo_signal()
    return 0 if room.table.game.pending is None else 1


SAY_OUT_SECONDS = 30.0
"""The most seconds the end of a watched game waits for its last lines to be said."""


async def said_out(speaker: Any, seconds: float = SAY_OUT_SECONDS) -> None:
    """Wait, at most ``seconds``, until ``speaker`` (a :class:`~a11y_dominion.announcements.speech.Speaker`)
    has said what it was given where its speech would end with this program
    (:meth:`~a11y_dominion.announcements.speech.Speaker.wait_done`), so that closing it does not
    cut the last line off; its ``silence`` (a second Ctrl+C) ends the wait. The wait runs in a
    thread, so the loop still takes Ctrl+C."""
    await in_thread(lambda: speaker.wait_done(seconds), "speech")


pause = asyncio.sleep
"""How a watched game waits between its bots' answers (:class:`~.playroom.Pace`); tests count the waits instead."""
