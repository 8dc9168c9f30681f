"""A game of bots only, watched at this keyboard (``a11y-dominion play`` with no person seated).

:func:`watch` runs the game and tells it at the pace of its lines: what every player may know,
never a hand, as the server's watchers hear it (one :class:`~.watcher.Watcher`); each line typed
meanwhile is answered as a watcher's (:class:`Watching`, this keyboard's end of the watcher:
its settings, its screen and speech, ``export``), and ``quit`` stops the game as Ctrl+C does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
from typing import TYPE_CHECKING, Any

from ..files import typed_path
from ..i18n import N_, Language, yes_or_no
from ..remote.room import AFTER_GAME_LINE, TableRoom
from ..remote.seat import typed_line
from ..remote.signals import on_signals
from .commands import COMMANDS, WATCH_SETTINGS, Ctx, command_for
from .display import Display, isatty
from .filesettings import changed_speaker, save_setting, speak_language
from .hotseat import Keyboard
from .keyboard import LocalOutput
from .localfiles import write_export
from .persistence import EXPORT_ALL, export_here
from .piped import in_thread
from .playroom import Pace, ThinkingBot, game_over, run_table, stopped_line
from .watcher import Watcher

if TYPE_CHECKING:
    from collections.abc import Callable

    from .start import PlaySetup

WATCHING = N_(
    "While the bots play, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, "
    "landmarks, events, settings and export; quit or Ctrl+C stops the game, which is kept."
)


class Watching:
    """The person who watches a game of bots only at this keyboard (:func:`watch`): the
    console's watcher (:class:`~.watcher.Watcher`, :attr:`onlooker`) narrates and answers the
    queries, on this keyboard's screen and speech (``output``, whose ``display`` prints to
    ``out``), as :func:`watch` says. Its ``settings`` are this computer's: it is the settings
    store (:meth:`change`, :meth:`keep`) of the settings a watcher has here
    (:data:`~.commands.WATCH_SETTINGS`: language, verbosity, speech, output, pace, plain or rich);
    ``export FILE`` writes the game here as every player may know it (``confirm``: a file that
    exists is replaced after yes). ``pace``: the pace of the game (None: it does not wait)."""

    def __init__(self, room: TableRoom, setup: PlaySetup, output: LocalOutput, pace: Pace | None) -> None:
        self.room, self.output, self.pace, self.out = room, output, pace, setup.out
        self.seconds = setup.settings.get("pace", 1) if pace is None else pace.seconds
        self.confirm = bool(setup.settings.get("confirm", True))
        self.keyboard = Keyboard(output)
        own = {"": self.tell_help, "help": self.tell_help, "say": self.tell_help, "settings": self.settings}
        self.onlooker = Watcher(
            room, setup.lang, setup.verbosity, self.keyboard.say, own, self.fit, self.line, output.speaker
        )
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

    def fit(self, ctx: Ctx) -> Ctx:
        """What a command typed here reads (``ctx``, the watcher's: the public view, its
        history), with this keyboard's settings, screen and speech."""
        output = self.output
        prefs = dataclasses.replace(ctx.prefs, display="plain" if output.display.plain else "rich", pace=self.seconds)
        return dataclasses.replace(
            ctx, prefs=prefs, store=self, screen=output.display, speech=output.speaker, live=WATCH_SETTINGS
        )

    def tell_help(self, rest: str) -> None:
        """An empty line, ``help`` or ``say``: one sentence saying what may be typed (after the
        final scores, as a player who stays hears it)."""
        self.keyboard.say(self.lang._(AFTER_GAME_LINE if self.staying else WATCHING))

    def settings(self, rest: str) -> None:
        """``settings``, ``settings set KEY VALUE``: shown and changed here (:meth:`change`)."""
        COMMANDS["settings"](self.onlooker.ctx(), rest)

    def change(self, key: str, value: Any) -> str | None:
        """Change the setting ``key`` (one of :data:`~.commands.WATCH_SETTINGS`, ``value``
        checked) now: the narration's language (the screen's and the voice's too) or verbosity,
        the speech mode or output (:func:`~.filesettings.changed_speaker`), the pace of the game's
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
            if key == "language":
                speak_language(output.display, output.speaker, self.lang)
        return None

    def keep(self, key: str, value: Any) -> str:
        """Save ``key`` = ``value`` in this computer's settings file
        (:func:`~.filesettings.save_setting`); plain or rich lines hold for this game only, as
        ``--plain`` does."""
        if key == "display":
            return ""

        def put(data: dict[str, Any]) -> str:
            data[key] = value
            return ""

        return save_setting(self.lang, put)

    async def export(self, rest: str) -> None:
        """export FILE: the game so far (or the whole game, after the final scores) as every
        player may know it, written to FILE here (:func:`~.localfiles.write_export`); ``export
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
        or the end of input: as the watcher reads it (:meth:`~.watcher.Watcher.typed`), with
        ``help``, ``say``, an empty line and ``settings`` this end's, and ``export`` here. After
        the final scores (:attr:`staying`) quit and the end of input say goodbye."""
        while self.typed is not None:
            await self.typed.wait_line()
            if self.typed.at_end():
                break
            text = typed_line(str(self.typed.read_line()))
            word, _, rest = text.partition(" ")
            if word and command_for(word) == "export":
                await self.export(rest)
            elif self.onlooker.typed(text) == "quit":
                if not self.staying:
                    stop()
                    return
                break
        if self.staying:
            self.keyboard.say(self.lang._(N_("Goodbye.")))


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
