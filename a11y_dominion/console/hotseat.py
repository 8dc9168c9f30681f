"""``a11y-dominion play``'s shared keyboard.

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

A game of bots only is watched instead (:mod:`.watched`).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..i18n import N_
from ..remote.seatlink import HostLink
from ..remote.signals import on_signals
from .commands import setting_value_text
from .completion import command_of
from .core import _given, _outcome
from .display import LineCleared
from .filesettings import KEYBOARDS_LANGUAGE, speak_language
from .keyboard import LocalOutput, local_console

if TYPE_CHECKING:
    from ..remote.room import TableRoom
    from .ownseat import OwnSeatConsole

HAND_OVER = N_("Pass the keyboard to {player}. {player}, press Enter when you are ready.")
ONLY_ENTER = N_("Only Enter is read here: press Enter when {player} is at the keyboard, or type quit to stop the game.")
UNREAD = N_("{n:1 pasted line was|{n} pasted lines were} not read: the keyboard passes to {player}.")
NO_CTRL_C = N_("Ctrl+C does nothing here: press Enter when {player} is at the keyboard, or type quit to stop the game.")


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


def share_language(console: OwnSeatConsole) -> None:
    """The person of ``console`` chose another language at a shared keyboard: the language is the
    keyboard's, one for the table, so every person's console here speaks it. Each other person
    hears why once, first when the keyboard comes to them (:data:`~.filesettings.KEYBOARDS_LANGUAGE`,
    in the new language). Every person's seat in the room speaks it too (its own lines, such as
    "Game stopped."): :meth:`~.ownseat.OwnSeatConsole.language_changed` set it for each seat."""
    for other in console.table:
        if other is not console:
            other.holder.change("language", console.lang.code)
            if other.completer is not None:
                other.completer.lang = other.lang
            lang = other.lang
            why = lang.text(KEYBOARDS_LANGUAGE, language=setting_value_text(lang.code, lang))
            console.keyboard.news[other.name] = why


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
    speak_language(output.display, output.speaker, console.lang)  # the voice speaks the language of the person asked
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


Seated = TypeVar("Seated", bound="OwnSeatConsole")  # the kind of console seat_here makes


def seat_here(
    cls: type[Seated],
    room: TableRoom,
    output: LocalOutput,
    out: Any,
    stdin: Any = None,
    reader: Any = None,
    quiet: bool = True,
) -> list[Seated]:
    """The consoles ``cls`` (an :class:`~.ownseat.OwnSeatConsole`) of the people at this keyboard, one for
    each of the room's seats played here (``room.locals``), each over a
    :class:`~a11y_dominion.remote.seatlink.HostLink` of their own seat, not open yet
    (:func:`~.ownseat.run_here` opens them), with this computer's settings: their lines on ``output``
    (a :class:`~a11y_dominion.console.keyboard.LocalOutput`, written to ``out``), their lines
    typed at ``stdin`` (standard input unless given: at a terminal each person's own line
    editor, whose Up and Down recall only the lines that person typed:
    :func:`~a11y_dominion.console.keyboard.typed_reader`) or read by ``reader`` (shared by every
    console). ``quiet``: their seats' joining is not told (no one else is at the table). Each
    console has the keyboard's Ctrl+C (:class:`AtKeyboard`, its ``ctrl_c``); one
    person has the keyboard throughout, with no hand-over."""
    from ..settings import load_settings

    settings = load_settings()[0]
    kb = Keyboard(output)
    kb.clears = clears(settings.get("clear"), output.speaker)
    if len(room.locals) == 1:  # one person: the keyboard is theirs
        kb.at = room.locals[0]
    consoles: list[Seated] = []
    ctrl_c = AtKeyboard(consoles, kb)
    for name in room.locals:
        seat = room.people[name]
        link = HostLink(room, name, own=True, quiet=quiet)
        console = local_console(cls, link, name, seat.lang, seat.verbosity, settings, output, out, stdin, reader)
        console.seated(room, ctrl_c)
        consoles.append(console)
    return consoles
