"""The keyboard and screen of this computer as an end of the console core: ``join``'s, and
``play``'s and the host's own seat's (:mod:`.ownseat`).

:class:`LocalConsole` is the console core (:class:`~a11y_dominion.console.core.SeatConsole`)
with this computer's settings file (:mod:`.filesettings`) and ``export FILE`` written here
(:mod:`.localfiles`); :func:`local_output` makes
the player's screen and speech from their settings, and :func:`local_console` the console over a
link with the player's keys, confirmations, hints and reader (:func:`typed_reader`: the line
editor at a terminal, else piped lines read on the event loop,
:class:`~a11y_dominion.console.piped.PipeReader`).
:func:`interrupted` says what Ctrl+C says when no line editor reads keys. The link is the end's
own: ``join``'s SSH connection (:mod:`a11y_dominion.remote.client`) or a link into a room in
this process (:mod:`.ownseat`: ``play``'s people and the host's own seat).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..i18n import Language
from ..remote.signals import on_signals
from .core import SeatConsole, SeatLink
from .display import Display, LineCleared
from .filesettings import FileSettings, speak_language
from .localfiles import write_export, write_file
from .piped import PipeLines, PipeReader, piece_reader
from .seat import HumanSeat

STARTING = 0.05  # seconds from the start of the search the first lines wait for the speech output to be found


class LocalConsole(SeatConsole):
    """The console core (:class:`~a11y_dominion.console.core.SeatConsole`) at this computer's
    keyboard and screen: ``link`` carries the seat's messages (``join``'s SSH connection, or the
    host's own :class:`~a11y_dominion.remote.seatlink.HostLink`); the settings are this computer's
    settings file, and ``export FILE`` writes the file here. The arguments are the core's."""

    writes_files = True
    tells_language = False  # a language chosen is told to the room (the seat protocol's settings)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.store = FileSettings(self)  # the settings are this computer's

    def at_keyboard(self) -> list[LocalConsole]:
        """The consoles of the people at this keyboard: this one alone, unless several share it."""
        return [self]

    def keep_with_game(self) -> None:
        """The seat's language or verbosity changed (the settings command), before
        :meth:`language_changed`: kept where the game keeps it, for this end nowhere (``join``
        reads the player's own from this computer's settings file at each join, and the host is
        told the language: :attr:`tells_language`); a seat of a room in this process keeps it
        with the game (:meth:`~.ownseat.OwnSeatConsole.keep_with_game`)."""

    def language_changed(self) -> None:
        """The seat's language changed (the settings command): the screen, completion and voice
        speak it from now on too; with :attr:`tells_language`, the room is told (the seat
        protocol's ``settings``), so that its own lines to the seat (the chat, a player leaving,
        the game's end) are in it too and it keeps it with the seat."""
        speak_language(self.display, self.speaker, self.lang)
        if self.completer is not None:
            self.completer.lang = self.lang
        if self.tells_language:
            self.link.send({"type": "settings", "language": self.lang.code})

    async def write_out(self, path: str, lines: list[str]) -> None:
        """Write ``lines`` to ``path`` on this computer as the console's export does
        (:func:`write_export`), the sentence saying whether it is the whole game."""
        await write_export(path, lines, self.over, self.lang, self._said, self.error, self._replace)

    async def write_here(
        self, path: str, text: str, refused: str, failed: str, kept: str, done: str, done_linked: str
    ) -> None:
        """Write ``text`` to ``path`` on this computer (:func:`write_file`), a file that exists
        replaced after yes (with the confirm setting on)."""
        await write_file(
            path, text, self.lang, self._said, self.error, self._replace, refused, failed, kept, done, done_linked
        )

    def _said(self, text: str) -> None:
        self.say(text, keep=False)

    async def _replace(self, question: str) -> str:
        return await self.ask_reply(question) if self.confirm else "yes"


Made = TypeVar("Made", bound=LocalConsole)  # the kind of console local_console makes


class Notices(list[str]):
    """The sentences to say before the game (a list of str): the speaker's own ones, which it says
    from its search in the background, are kept here (:meth:`report`) until :func:`say_notices`
    says them on lines of their own, so that none lands on a prompt's line (join's password)."""

    def __init__(self, display: Display) -> None:
        super().__init__()
        self.display = display
        self.held = True
        self.lock = threading.Lock()

    def report(self, text: str) -> None:
        """One sentence of the speaker's: kept while held, else said now."""
        with self.lock:
            if self.held:
                self.append(text)
                return
        self.display.line(text)

    def release(self) -> list[str]:
        """The sentences kept, taken out; from now on the speaker's are said as they come."""
        with self.lock:
            self.held = False
            kept = list(self)
            self.clear()
        return kept


def say_notices(output: LocalOutput) -> None:
    """Wait for the speech output to be found (each output's own time limits bound the search),
    then say the notices kept so far (``output.notices``), each on a line of its own, once: before
    the first prompt, whether the game's or the login's."""
    output.speaker.wait_ready()
    notices = output.notices
    if isinstance(notices, Notices):
        kept = notices.release()
    else:
        kept = list(notices)
        notices.clear()
    for notice in kept:
        output.display.line(notice)


@dataclass
class LocalOutput:
    """The player's screen and speech at this computer (:func:`local_output`): the ``display``,
    the ``speaker`` (looked for in the background), ``plain`` lines or rich, the ``notices`` to
    say before the game, and ``auto_why``, what ``auto`` speech became and why (None: nothing to say)."""

    display: Display
    speaker: Any
    plain: bool
    notices: list[str]
    auto_why: str | None


def local_output(
    settings: dict[str, Any], lang: Language, speech: str | None, plain: bool | None, out: Any, asking: bool = True
) -> LocalOutput:
    """The screen and speech of the player at this computer: ``speech`` (a speech mode, None:
    the settings' or ``auto``, which looks for the player's screen reader first, and with
    ``asking`` may ask whether they use one: :func:`~a11y_dominion.console.start.auto_speech`),
    ``plain`` (the ``--plain`` option, None: as the speech mode wants) and ``out`` (the screen's stream).
    What the speaker says of itself waits in its ``notices`` for :func:`say_notices`."""
    from .display import wants_plain
    from .start import chosen_speech, make_speaker

    # auto: the player's own screen reader first, as at a local game
    speech, auto_why = chosen_speech(speech, settings, lang, out, asking)
    shown = wants_plain(speech, plain, out)
    display = Display(out, plain=shown, lang=lang)
    notices = Notices(display)
    speaker = make_speaker(speech, settings, display, lang, notices, report=notices.report)
    return LocalOutput(display, speaker, shown, notices, auto_why)


def local_console(
    cls: type[Made],
    link: SeatLink,
    name: str,
    lang: Language,
    verbosity: str,
    settings: dict[str, Any],
    output: LocalOutput,
    out: Any,
    stdin: Any = None,
    reader: Any = None,
) -> Made:
    """The console ``cls`` of the seat ``name`` at this computer over ``link``, in ``lang`` and
    ``verbosity``, with the ``settings``' keys, options, confirmations and hints, its lines on
    ``output`` (the notices said first, once the speech output is found) and its lines typed
    at ``stdin`` (standard input unless given; :func:`typed_reader`), or read by ``reader``."""
    from .keys import bad_keys

    display, speaker = output.display, output.speaker
    say_notices(output)
    keys = dict(settings.get("keys") or {})
    for action, _key in bad_keys(keys):
        keys.pop(action)
    seat = HumanSeat(
        name,
        lang=lang,
        verbosity=verbosity,
        speaker=speaker,
        print_fn=display.line,
        options=settings.get("options") or "new",
    )
    console = cls(link, seat, display, speaker, None, keys=keys, confirm=bool(settings.get("confirm", True)))
    console.hints = bool(settings.get("hints", True))
    console.reader = reader if reader is not None else typed_reader(console, keys, output.plain, out, stdin)
    return console


@dataclass
class Terminal:
    """A terminal as prompt_toolkit reads its keys and draws on it: ``input`` (a prompt_toolkit
    ``Input``, such as the pipe input of ``prompt_toolkit.input.create_pipe_input``) and
    ``output`` (a prompt_toolkit ``Output``, such as ``DummyOutput``). Given as the keyboard
    (``stdin``) of :func:`typed_reader`, the player types at the line editor on them, as at this
    computer's terminal; tests type keys so."""

    input: Any
    output: Any


def typed_reader(console: SeatConsole, keys: dict[str, str], plain: bool, out: Any, stdin: Any = None) -> Any:
    """The reader of what the player types at ``console``: at a terminal (or a :class:`Terminal`
    given as ``stdin``) the console's line editor (prompt_toolkit's, on the event loop), with
    completion of the seat's question and the shortcut ``keys``, and the lines typed at it, which
    Up and Down recall (its session's history: each console's own, so each person at a shared
    keyboard recalls only their own lines); else the piped lines of
    ``stdin`` (standard input unless given), read on the event loop (:class:`PipeReader`),
    written to ``out`` once each."""
    from .completion import DecisionCompleter
    from .display import PromptReader
    from .keys import build_key_bindings

    stdin = stdin if stdin is not None else sys.stdin
    terminal = stdin if isinstance(stdin, Terminal) else None
    if terminal is not None or (stdin.isatty() and out.isatty()):
        console.completer = DecisionCompleter(console.seen, console.lang, commands=console.commands)
        pt_in, pt_out = (terminal.input, terminal.output) if terminal is not None else (None, None)
        return PromptReader(console.completer, build_key_bindings(keys), plain=plain, input=pt_in, output=pt_out)
    return PipeReader(PipeLines(piece_reader(stdin.fileno())), out)


def interrupted(console: SeatConsole, platform: str = sys.platform) -> Callable[[], None]:
    """Ctrl+C (SIGINT) that comes while no line editor reads keys (piped input, or a moment
    between two prompts) says what Ctrl+C at an empty prompt says, in turn with the host's
    lines (through the inbox), and the game goes on. Must be called in the running loop.

    On POSIX systems through the loop's ``add_signal_handler``; on Windows (``platform``
    "win32"), whose event loop takes no signal handlers, through :func:`signal.signal`,
    its handler handing the sentence to the loop (``call_soon_threadsafe``). Returns a
    function that puts the handling before back (call it when the game ends). Outside the
    main thread the default (the program ends) stays."""
    loop = asyncio.get_running_loop()

    def said() -> None:  # said in turn with the host's lines (a half-typed line is not cut)
        reading = getattr(console, "console", console)  # (a lobbyclient.Playing: the console reading now)
        console.link.inbox.put(("said", reading.cleared(LineCleared(had_text=False))))
        reading.cancel_question()

    return on_signals(loop, [("SIGINT", said)], platform)
