"""``a11y-dominion play`` with several people at one keyboard (hot seat), and with bots only,
on the console core.

Each person has a console of their own (:class:`HotSeatConsole`, ``play``'s console over a
:class:`~a11y_dominion.remote.seatlink.HostLink` of their own seat in the room), with their own
narration, history and verbosity, in the keyboard's one language
(:func:`~a11y_dominion.console.start.keyboard_language`). They share one screen and speech
(:class:`Keyboard`): a person's lines come out only while that person has the keyboard and is
asked; the rest is held for them and comes out, in order, when the keyboard comes back to them.
Before a person is asked who does not have the keyboard, the game says "Pass the keyboard to
Bea. Bea, press Enter when you are ready." in the keyboard's language and waits for an empty line, the
screen and its scrollback cleared first (the ``clear`` setting); anything else typed, and Ctrl+C,
is one sentence saying that only Enter is read there, and quit asks quit's question. After the
final scores the person at the keyboard stays until quit.

A game of bots only is watched (:func:`watch`): what every player may know, never a hand, as
the server's watchers hear it (:class:`~a11y_dominion.server.watch.WatchSeat`); each line typed
meanwhile is answered as a watcher's, and ``quit`` stops the game as Ctrl+C does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import N_
from ..remote.room import TableRoom, _end
from ..remote.signals import on_signals
from .commands import setting_value_text
from .completion import command_of
from .core import _given, _outcome
from .display import LineCleared, isatty
from .keyboard import KEYBOARDS_LANGUAGE, LocalConsole, LocalOutput, local_console
from .piped import in_thread
from .playend import PlayConsole
from .playroom import HEARD, Pace, ThinkingBot, game_over, run_table, stopped_line

if TYPE_CHECKING:
    from .start import PlaySetup

HAND_OVER = N_("Pass the keyboard to {player}. {player}, press Enter when you are ready.")
ONLY_ENTER = N_("Only Enter is read here: press Enter when {player} is at the keyboard, or type quit to stop the game.")
UNREAD = N_("{n:1 pasted line was|{n} pasted lines were} not read: the keyboard passes to {player}.")
NO_CTRL_C = N_("Ctrl+C does nothing here: press Enter when {player} is at the keyboard, or type quit to stop the game.")
WATCHING = N_(
    "While the bots play, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, "
    "landmarks and events; quit or Ctrl+C stops the game, which is kept."
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


class HotSeatConsole(PlayConsole):
    """``play``'s console of one person at a shared keyboard (:attr:`keyboard`): the keyboard
    is handed to this person before they are asked, unless they have it; their lines pass only
    while they are asked (:class:`Keyboard`)."""

    shared = True  # the questions and queries name the person asked
    keyboard: Keyboard  # (set once made, by play_shared)
    table: list[HotSeatConsole]  # the consoles of every person at this keyboard, this one among them (play_shared)
    bare: asyncio.Future[Any] | None = None  # the hand-over's prompt while it reads
    bare_cleared = False  # Ctrl+C broke the hand-over's prompt off (:meth:`AtKeyboard.pressed`)
    on_ctrl_c: Callable[[], None] | None = None  # the shared keyboard's Ctrl+C (set by play_shared)

    async def ask(self) -> bool:
        """Hand the keyboard over first when another person has it (:meth:`hand_over`), then
        ask as ``play`` asks; once the answer is sent, this person's lines are held again."""
        kb = self.keyboard
        if kb.open != self.name and self.decision is not None and not self.sent:
            if kb.at != self.name:
                if not await self.hand_over():
                    return False
            else:
                kb.give(self.name)
        asked = await super().ask()
        if self.sent and kb.open == self.name:
            kb.open = None
        return asked

    async def hand_over(self) -> bool:
        """Say "Pass the keyboard to Bea. Bea, press Enter when you are ready." (in Bea's language,
        as an important message; the screen and its scrollback cleared first, but at the first
        hand-over, when :attr:`Keyboard.clears`) and wait for an empty line; then Bea's held lines
        and news come. Anything else typed, and Ctrl+C, is one sentence saying what is read here;
        quit asks quit's question, as at a question. False when the game stopped instead (quit,
        the end of input, or quit's question answered yes at Ctrl+D)."""
        kb, output = self.keyboard, self.keyboard.output
        # what the last person typed ahead or pasted is not the next one's (at the first hand-over nobody's)
        unread = kb.typed_ahead() if kb.at is not None else 0
        if kb.at is not None and kb.clears:
            output.display.clear(plain_too=True)
        if unread:  # (a count, said to both)
            kb.say(self.lang.text(UNREAD, n=unread, player=self.name))
        kb.open = None
        output.display.lang = self.lang
        set_language = getattr(output.speaker, "set_language", None)
        if set_language is not None:
            set_language(self.lang.code)  # the voice speaks the language of the person asked
        line = self.lang.text(HAND_OVER, player=self.name)
        again = True
        while True:
            if again:
                kb.say(line, "important", "bold")
            again = False
            try:
                got = await self.read_bare()
            except EOFError:  # quit's question: its no is said at once (stop_game keeps what waits held)
                kb.open = self.name
                try:
                    await self.input_ended()
                finally:
                    kb.open = None
                if self.exit_code is not None:
                    return False
                again = True
                continue
            except KeyboardInterrupt:
                kb.say(self.lang.text(NO_CTRL_C, player=self.name), "high")
                continue
            if isinstance(got, str) and not got.strip():
                break
            if isinstance(got, str) and command_of((got.split() or [""])[0]) == "quit":
                if await self.quit_at_hand_over():
                    return False
                again = True
                continue
            kb.typed_ahead()  # (the lines typed or pasted with it: one sentence for them all)
            kb.say(self.lang.text(ONLY_ENTER, player=self.name), "high")
        self.holder.handed()  # the turn prompt says every figure, and the hand
        self.shown = None  # the question is shown anew
        kb.give(self.name)
        return True

    async def quit_at_hand_over(self) -> bool:
        """quit typed at the hand-over to this person: quit's question, said at once (nothing
        held for this person comes out); True when the game stopped."""
        kb = self.keyboard
        kb.open = self.name
        try:
            await self.quit_game()
        finally:
            if kb.open == self.name:
                kb.open = None
        return self.exit_code is not None

    def no_commands(self) -> str | None:
        """A command typed at quit's question before this person took the keyboard (at the
        hand-over) is not run: it could tell their hand to the person before them."""
        if self.keyboard.at == self.name:
            return None
        return self.lang.text(
            N_("Only yes or no is read here; commands are read once {player} has the keyboard."), player=self.name
        )

    async def read_bare(self) -> Any:
        """One line at the hand-over, with no completion, no shortcut keys and no recalled lines
        where the reader has such a prompt (:meth:`~.display.PromptReader.read_bare_async`)."""
        bare = getattr(self.reader, "read_bare_async", None)
        if bare is None:
            return await self.read_line("", "", watch=False)
        # (Ctrl+C typed at the prompt is its KeyboardInterrupt, which must not leave a task of its own)
        self.bare = asyncio.ensure_future(_outcome(bare("")))
        try:
            return _given(await self.bare)
        except asyncio.CancelledError:
            if not self.bare.cancelled() or not self.bare_cleared:
                raise  # this console's own end: not Ctrl+C
            raise KeyboardInterrupt from None  # Ctrl+C (:meth:`AtKeyboard.pressed`): the line is cleared
        finally:
            self.bare, self.bare_cleared = None, False

    def watch_ctrl_c(self) -> None:
        """Ctrl+C is the shared keyboard's again (:attr:`on_ctrl_c`, :meth:`AtKeyboard.pressed`),
        whoever it comes to, after a question read while nothing else took it (quit's question
        at the hand-over). Must be called in the running loop."""
        if self.on_ctrl_c is not None:
            on_signals(asyncio.get_running_loop(), [("SIGINT", self.on_ctrl_c)], sys.platform)

    async def read_between(self) -> None:
        """As ``play`` waits between questions; quit's question (a second Ctrl+C) is this
        person's when they have the keyboard."""
        kb = self.keyboard
        if self.stop_asked and kb.at == self.name:
            kb.give(self.name)
            await super().read_between()
            if kb.open == self.name and (self.decision is None or self.sent):
                kb.open = None
            return
        self.stop_asked = False
        await super().read_between()

    def at_keyboard(self) -> list[LocalConsole]:
        return list(self.table)

    @property
    def speaker(self) -> Any:
        return self.keyboard.output.speaker

    @speaker.setter
    def speaker(self, value: Any) -> None:
        """The speech output is the keyboard's (the settings command's ``output``): every person's
        lines are spoken through it, each person's still held for them (:class:`Screen`)."""
        self.keyboard.output.speaker = value

    def language_changed(self) -> None:
        """The language is the keyboard's, one for the table: every person's console here speaks
        the language this person chose (no seat here has a language's default name, "You", to
        rename: :func:`~a11y_dominion.seats.parse_seats` refuses it where several people play).
        Each other person hears why once, first when the keyboard comes to them
        (:data:`~.keyboard.KEYBOARDS_LANGUAGE`, in the new language). Every person's seat in the
        room speaks it too (its own lines, such as "Game stopped."), and the game's autosave
        keeps it with each seat, so that ``resume`` goes on in it."""
        for console in self.table:
            self.host.people[console.name].settings(language=self.lang.code)
        for other in self.table:
            if other is not self:
                other.holder.change("language", self.lang.code)
                if other.completer is not None:
                    other.completer.lang = other.lang
                lang = other.lang
                why = lang.text(KEYBOARDS_LANGUAGE, language=setting_value_text(lang.code, lang))
                self.keyboard.news[other.name] = why
        LocalConsole.language_changed(self)  # (the screen's: the keyboard's)

    def hear(self, tell: Callable[[], None]) -> None:
        """What this person is told of the game (events, an undo) waits while the keyboard is not
        theirs, untold: it is narrated when the keyboard comes to them (:meth:`Keyboard.give`), in
        the keyboard's language and their verbosity then, so that nothing they hear is in a language
        the keyboard left meanwhile."""
        self.keyboard.put(self.name, tell)

    def use(self, entry: tuple[str, Any]) -> bool:
        """As ``play``'s console uses an entry; a line of this program's own (Ctrl+C's) is said
        to the person at the keyboard at once."""
        if entry[0] == "said" and entry[1]:
            if self.keyboard.at == self.name:
                self.keyboard.say(entry[1])
            return True
        return super().use(entry)

    def stop_game(self) -> None:
        """As ``play`` stops the game. At the hand-over to this person (the end of input) what
        waits for them stays held, and "Game stopped." is said to whoever sits at the keyboard.
        The autosave keeps who stopped it at their own question (:meth:`keep_heard`)."""
        kb = self.keyboard
        self.keep_heard()
        if kb.at == self.name:
            kb.give(self.name)
            super().stop_game()
            return
        kb.open = None
        super().stop_game()
        kb.say(stopped_line(self.lang, self.host.table.autosave))

    def keep_heard(self) -> None:
        """The game stops: the autosave keeps, as the seat option :data:`~.playroom.HEARD`, that the
        person at the keyboard heard it to its end when their question was put to them (its news
        said), so that ``resume`` does not tell them again what they heard before they stopped it
        (:func:`~.playroom.last_heard`); an earlier such option of another person is cleared."""
        save = self.host.table.autosave
        if save is None or self.over:
            return
        answers = str(len(self.host.table.game.answers))
        for console in self.table:
            asked = console.decision is not None and not console.sent and console.shown == console.decision_id
            heard = answers if asked and self.keyboard.at == console.name else ""
            name = save.file_names.get(console.name, console.name)  # (as the file names the seat)
            kept = [e[2] for e in save.seats if isinstance(e, list) and len(e) > 2 and e[0] == name]
            if heard or any(isinstance(options, dict) and options.get(HEARD) for options in kept):
                save.seat_options(console.name, {HEARD: heard})

    def receive(self, message: dict[str, Any]) -> bool:
        """As the core uses a message; at the game's end the person who had the keyboard hears
        the final scores (in the keyboard's language, which is everyone's here). The story of a
        resumed game (what this person heard before it stopped) leaves the hand to the hand-over,
        which reads it unless the news after the story told it as drawn."""
        used = super().receive(message)
        if message.get("type") == "story":
            self.holder.hand_due, self.holder.narrator.last_drawn = False, None
        if message.get("type") == "game_over" and self.keyboard.at == self.name:
            self.keyboard.give(self.name)
        return used

    async def load_file(self, rest: str) -> None:
        """As ``play`` loads a game; the game loaded goes on in the keyboard's language as it is
        now (chosen in the game, perhaps), whatever its seats were played in."""
        await super().load_file(rest)
        if self.loading is not None:
            self.loading = dataclasses.replace(self.loading, lang=self.lang)

    def load_refusal(self, people: int) -> str | None:
        """As ``play``'s, but at a shared keyboard the game loaded must be one of several people."""
        if people > 1:
            return None
        return N_(
            "Cannot load {file} at this shared keyboard: it is not a game of several people; "
            "{command} play --load {file} plays it."
        )

    async def read_line(self, message: str, default: str = "", watch: bool = True) -> Any:
        """As the core reads a line; after the game only the person at the keyboard is asked
        to press Enter (the others' consoles end at once)."""
        if self.over and self.keyboard.at != self.name:
            raise EOFError
        return await super().read_line(message, default, watch)


class AtKeyboard:
    """Ctrl+C while no line editor reads keys (:meth:`pressed`): at the hand-over it clears the
    line and the hand-over's sentence comes again; else it is the console's of the person at the
    keyboard (:attr:`console`), as :func:`~a11y_dominion.console.keyboard.interrupted` says it."""

    def __init__(self, consoles: list[HotSeatConsole], keyboard: Keyboard) -> None:
        self.consoles, self.keyboard = consoles, keyboard

    @property
    def console(self) -> HotSeatConsole:
        return next((c for c in self.consoles if c.name == self.keyboard.at), self.consoles[0])

    @property
    def link(self) -> Any:
        return self.console.link

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


async def play_shared(
    room: TableRoom,
    setup: PlaySetup,
    args: Any,
    output: LocalOutput,
    reader: Any,
    lines: list[tuple[str, bool]],
    stdin: Any = None,
) -> tuple[int, PlayConsole]:
    """Play the room's game of several people at this keyboard (``args``: the ``play`` options;
    ``reader``: the typed lines, shared by every console; None: each console its own line
    editor at this terminal, ``stdin``: standard input unless given), ``lines`` said first:
    (the exit code, the console that ended it)."""
    from ..remote.seatlink import HostLink
    from ..settings import load_settings

    kb = Keyboard(output)
    for text, _keep in lines:
        kb.say(text)
    settings = load_settings()[0]
    kb.clears = clears(settings.get("clear"), output.speaker)
    consoles: list[HotSeatConsole] = []
    links: list[HostLink] = []
    for name in room.locals:
        seat = room.people[name]
        link = HostLink(room, name, own=True, quiet=True)
        console = local_console(
            HotSeatConsole, link, name, seat.lang, seat.verbosity, settings, output, setup.out, stdin, reader
        )
        console.seated(room, setup, args)
        console.keyboard = kb
        kb.readers.append(console.reader)
        screen = Screen(kb, name)
        console.holder.announcer.print_fn = screen.line
        console.holder.announcer.speaker = screen
        consoles.append(console)
        links.append(link)
    for console in consoles:
        console.table = consoles
    out, room.out = room.out, kb.say
    for link in links:
        link.open()
    runs: dict[asyncio.Future[int], HotSeatConsole] = {asyncio.ensure_future(c.run()): c for c in consoles}
    table: asyncio.Future[Any] = asyncio.ensure_future(run_table(room))
    loop = asyncio.get_running_loop()
    pressed = AtKeyboard(consoles, kb).pressed
    for console in consoles:
        console.on_ctrl_c = pressed
    undo_signal = on_signals(loop, [("SIGINT", pressed)], sys.platform)
    try:
        waited: list[asyncio.Future[Any]] = [*runs, table]
        done, _pending = await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
        first = next((c for t, c in runs.items() if t in done), None)
        if first is None:  # the game ended (or cannot go on): said in the keyboard's language now
            game_over(room, consoles[0].lang)
        # after the final scores the person at the keyboard may stay, until quit; the others' consoles end
        stays = next((c for c in consoles if first is None and c.name == kb.at and c.stays_after_game()), None)
        for name, session in list(room.sessions.items()):
            if stays is None or name != stays.name:
                _end(session)
        if stays is not None:
            stays.stay_after_game()
            await next(t for t, c in runs.items() if c is stays)
        codes = [await t for t in runs]
        ender = first or next((c for c in consoles if c.name == kb.at), consoles[0])
        code = ender.exit_code if first is not None and ender.exit_code is not None else max(codes)
        return code, ender
    finally:
        room.out = out
        undo_signal()
        table.cancel()
        await asyncio.wait([table])
        for link in links:
            link.close()


async def watch(
    room: TableRoom, setup: PlaySetup, output: LocalOutput, lines: list[tuple[str, bool]], typed: Any = None
) -> int:
    """Watch the room's game of bots only at this screen, ``lines`` said first: every event as
    no seat sees it privately, in ``setup``'s language and verbosity, at the pace of the lines
    said (:class:`~.playroom.Pace`: at once when nobody reads, with speech off and no terminal),
    until the game ends (0), cannot go on or Ctrl+C stops it (1; the autosave keeps it, and
    :func:`~.playroom.stopped_line` says how to go on). What is being said is said to its end
    first (:func:`said_out`).

    ``typed``, when given, is a :class:`~.piped.PipeReader` of the lines typed meanwhile: a
    watcher's query (``score``, ``status``, ...) is answered as the server's watchers are
    (:meth:`~a11y_dominion.server.watch.WatchSeat.typed`), ``quit`` stops the game as Ctrl+C
    does, and an empty line, ``help`` or ``say`` is one sentence saying what may be typed."""
    from ..server.watch import WatchSeat

    kb = Keyboard(output)
    paced = output.speaker.mode != "off" or isatty(setup.out)
    seconds = setup.settings.get("pace")
    pace = Pace(pause, 1 if seconds is None else seconds) if paced else None

    def line(text: str, style: str | None = None) -> None:
        output.display.line(text, style)
        if pace is not None:
            pace.said()

    for text, _keep in lines:
        kb.say(text)
    onlooker = WatchSeat(room, 0, setup.lang, setup.verbosity, kb.say)
    onlooker.narration.announcer.speaker = output.speaker
    onlooker.narration.announcer.print_fn = line
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
        kb.say(stopped_line(setup.lang, room.table.autosave))

    async def read_typed() -> None:  # each line typed while the bots play is answered
        while typed is not None:
            await typed.wait_line()
            if typed.at_end():
                return
            text = str(typed.read_line())
            word = (text.split() or [""])[0]
            if not word or command_of(word) in ("help", "say"):
                kb.say(setup.lang._(WATCHING))
            elif onlooker.typed(text) == "quit":
                stop()
                return

    undo_signal = on_signals(asyncio.get_running_loop(), [("SIGINT", stop)], sys.platform)
    reading = asyncio.ensure_future(read_typed())
    try:
        await asyncio.wait([table])
        if not table.cancelled() and isinstance(table.exception(), BrokenPipeError):
            raise BrokenPipeError  # the screen went away: nothing more can be shown
        game_over(room, setup.lang)
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
