"""This computer's keyboard as an end of the console core, over seats of a room in this same
process: ``play``'s people and the host's own player.

Each person at the keyboard has a console of their own (:class:`OwnSeatConsole`, the console
core with this computer's settings file, speech and export:
:class:`~a11y_dominion.console.keyboard.LocalConsole`) over a
:class:`~a11y_dominion.remote.seatlink.HostLink` of their own seat in the room
(:class:`~a11y_dominion.remote.room.TableRoom`), made by one function (:func:`~.hotseat.seat_here`) and run
by one function (:func:`run_here`). One person has the keyboard throughout, their lines and the
room's said in turn by their console; several share it (:class:`~.hotseat.Keyboard`), each
person's lines held while another person is asked, the keyboard handed over before they are
asked (:func:`~.hotseat.hand_over`), and the room's lines said to whoever sits at it.
``quit`` (and Ctrl+D) stops the game, after a question, and Ctrl+C while no line editor reads
keys is the keyboard's (:class:`~.hotseat.AtKeyboard`).

What an end has of its own is a small subclass: ``play``'s (:class:`~.playconsole.PlayConsole`:
quit keeps the game for ``resume``, save, load, the stay after the final scores,
:func:`~.playend.after_play`) and the host's
own seat's (:class:`~a11y_dominion.remote.local.HostConsole`: quit stops the game for every
seat, the remote ones around it too).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from ..i18n import N_, typed_command
from ..remote.room import TableRoom
from ..remote.seat import clean
from ..remote.seatlink import HostLink
from .hotseat import AtKeyboard, Keyboard, Screen, hand_over, share_language
from .keyboard import LocalConsole
from .playroom import keep_heard, stopped_line


class OwnSeatConsole(LocalConsole):
    """The console core at this computer's keyboard over a seat of a room in this process (the
    arguments as for :class:`~a11y_dominion.console.keyboard.LocalConsole`), one for each person
    at the keyboard (:func:`~.hotseat.seat_here`): quit stops the game, after the question
    :attr:`stop_kept` (the game is kept by the autosave) or :attr:`stop_unsaved` (nothing keeps
    it). Where several people share the keyboard (:attr:`shared`), it is handed to this person
    before they are asked, unless they have it (:func:`~.hotseat.hand_over`), and their lines pass only
    while they are asked (:class:`~.hotseat.Keyboard`); one person has it throughout."""

    host: Any = None  # the room (seated)
    link: HostLink  # the seat's link into the room (seat_here)
    stop_kept: str  # quit's question while the autosave keeps the game ({command}: how this program is typed)
    stop_unsaved: str  # and while nothing keeps it
    keyboard: Keyboard  # this computer's screen and speech, shared by the people at it (seated)
    table: Sequence[OwnSeatConsole]  # the consoles of every person at this keyboard, this one among them (seated)
    ctrl_c: AtKeyboard  # the keyboard's Ctrl+C while no line editor reads keys (seated)
    bare: asyncio.Future[Any] | None = None  # the hand-over's prompt while it reads
    bare_cleared = False  # Ctrl+C broke the hand-over's prompt off (:meth:`~.hotseat.AtKeyboard.pressed`)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "help_seat": "local"})
        self.leaves = False  # Ctrl+C says that quit stops the game

    def seated(self, room: TableRoom, ctrl_c: AtKeyboard) -> None:
        """This console plays its seat in ``room`` at the keyboard of ``ctrl_c``
        (:class:`~.hotseat.AtKeyboard`), with the consoles of every person at it; where several
        people share it, this person's lines go through their part of its screen
        (:class:`~.hotseat.Screen`)."""
        self.host = room
        self.keyboard, self.table, self.ctrl_c = ctrl_c.keyboard, ctrl_c.consoles, ctrl_c
        self.keyboard.readers.append(self.reader)
        self.shared = len(room.locals) > 1  # the questions and queries name the person asked
        if self.shared:
            screen = Screen(self.keyboard, self.name)
            self.holder.announcer.print_fn = screen.line
            self.holder.announcer.speaker = screen

    def leave_question(self) -> str:
        """quit's question (or Ctrl+D's): stop the game, kept by the autosave (or without saving,
        when there is none)."""
        if getattr(self.host.table.autosave, "failed", True) is None:
            return self.lang.text(self.stop_kept, command=typed_command())
        return self.lang._(self.stop_unsaved)

    def stay_sentence(self) -> str:
        """What a no to quit's question says."""
        return self.lang._(N_("The game goes on."))

    def leave_now(self) -> None:
        """The end of piped input: the game stops, as at the keyboard."""
        self.stop_game()

    def stop_game(self) -> None:
        """The player stops the game: the autosave keeps it (before the first answer too, as
        quit's question says), then the room stops it; what the room says of it is said here at
        once, and the console ends. At the hand-over to this person (the end of input) what
        waits for them stays held, and "Game stopped." is said to whoever sits at the keyboard.
        At a shared keyboard the autosave keeps who stopped it at their own question
        (:func:`~.playroom.keep_heard`)."""
        kb = self.keyboard
        if self.shared and not self.over:  # who stopped it at their own question heard it to its end
            asked = {c.name: c.decision is not None and not c.sent and c.shown == c.decision_id for c in self.table}
            keep_heard(self.host, asked, kb.at)
        here = kb.at == self.name
        if here:
            kb.give(self.name)
        else:
            kb.open = None
        autosave = self.host.table.autosave
        if autosave is not None and not self.over:
            autosave.keep()
        self.host.stop()
        self.use_waiting()
        self.exit_code = 0 if self.over else 1
        if not here:
            kb.say(stopped_line(self.lang, self.host.table.autosave))

    def hear(self, tell: Callable[[], None]) -> None:
        """What this person is told of the game (events, an undo) waits while the keyboard is not
        theirs, untold: it is narrated when the keyboard comes to them (:meth:`~.hotseat.Keyboard.give`),
        in the keyboard's language and their verbosity then, so that nothing they hear is in a
        language the keyboard left meanwhile. One person has the keyboard throughout: at once."""
        if self.shared:
            self.keyboard.put(self.name, tell)
        else:
            tell()

    def use(self, entry: tuple[str, Any]) -> bool:
        """As the core uses an entry of the inbox; an empty line of this program's own is not said,
        and at a shared keyboard a line of its own (Ctrl+C's) is said to the person at the
        keyboard at once; ``("told", (sentence, priority))`` is news of the game told by the room
        itself (a position's turn start, at ``play``: :func:`~.playroom.run_table`), said with the
        next question as the game's news is."""
        if entry[0] == "said" and (self.shared or not entry[1]):
            if entry[1] and self.keyboard.at == self.name:
                self.keyboard.say(entry[1])
            return True
        if entry[0] == "told":
            text, priority = entry[1]
            self.hear(lambda: self.holder.tell_line(text, priority))  # (in order with the events told)
            return True
        return super().use(entry)

    async def ask(self) -> bool:
        """As the core asks, the keyboard handed over first when another person has it
        (:func:`~.hotseat.hand_over`), then :meth:`asking`; once the answer is sent, this person's lines are
        held again."""
        kb = self.keyboard
        if kb.open != self.name and self.decision is not None and not self.sent:
            if kb.at != self.name:
                if not await hand_over(self):
                    return False
            else:
                kb.give(self.name)
        self.asking()
        asked = await super().ask()
        if self.sent and kb.open == self.name:
            kb.open = None
        return asked

    def asking(self) -> None:
        """What the end does as this person is asked, the keyboard theirs (nothing here)."""

    def keep_with_game(self) -> None:
        """The player chose another language or verbosity during the game (the ``settings``
        command): their seat in the room narrates so, and the game's autosave keeps it with the
        seat (:meth:`~a11y_dominion.remote.room.TableRoom.keep_settings`; ``save FILE`` too), so
        that ``resume`` (or ``host --resume``) goes on with it unless its command line names
        another (``--lang``, ``--verbosity``), whatever the settings file says by then
        (:func:`~.start.play_setup`).

        The language is the keyboard's: kept with every seat here. The verbosity is kept with
        this person's seat alone. Where one person plays it is the game's verbosity. At a shared
        keyboard it is that person's own, not the game's (which every seat without one of its
        own goes on at): saved under their seat's name in this computer's settings file too
        (:meth:`~.filesettings.FileSettings.keep`), which comes first for their seat at every
        game here, a resumed one too, as their seat setting (:func:`~.start.merge_seat_options`);
        the game's copy holds where that file could not be written, and in a saved file played
        at another computer."""
        room, verbosity = self.host, self.holder.verbosity
        for console in self.table:  # (one person here: their own seat)
            room.people[console.name].settings(
                language=self.lang.code, verbosity=verbosity if console is self else None
            )

    def language_changed(self) -> None:
        """The player chose another language during the game (the ``settings`` command): the
        screen speaks it (the game keeps it: :meth:`keep_with_game`); at a shared keyboard,
        every person's console here too (:func:`~.hotseat.share_language`)."""
        if self.shared:
            share_language(self)
        super().language_changed()  # (the screen's: the keyboard's)

    def no_commands(self) -> str | None:
        """A command typed at quit's question before this person took the keyboard (at the
        hand-over) is not run: it could tell their hand to the person before them."""
        if self.keyboard.at == self.name:
            return None
        return self.lang.text(
            N_("Only yes or no is read here; commands are read once {player} has the keyboard."), player=self.name
        )

    def at_keyboard(self) -> list[LocalConsole]:
        """The consoles of every person at this keyboard, this one among them."""
        return list(self.table)

    @property
    def speaker(self) -> Any:
        return self.keyboard.output.speaker

    @speaker.setter
    def speaker(self, value: Any) -> None:
        """The speech output is the keyboard's (the settings command's ``output``): every person's
        lines are spoken through it, each person's still held for them at a shared keyboard
        (:class:`~.hotseat.Screen`); one person's announcer speaks through it itself."""
        self.keyboard.output.speaker = value
        if not self.shared:
            self._speaker = self.holder.announcer.speaker = value

    def receive(self, message: dict[str, Any]) -> bool:
        """As the core uses a message; at the game's end the person who had the keyboard hears
        the final scores (in the keyboard's language, which is everyone's there). At a shared
        keyboard the story of a resumed game (what this person heard before it stopped) leaves
        the hand to the hand-over, which reads it unless the news after the story told it as drawn."""
        used = super().receive(message)
        if message.get("type") == "story" and self.shared:
            self.holder.hand_due, self.holder.narrator.last_drawn = False, None
        if message.get("type") == "game_over" and self.keyboard.at == self.name:
            self.keyboard.give(self.name)
        return used


Seated = TypeVar("Seated", bound=OwnSeatConsole)  # the kind of console run_here runs


async def run_here(
    room: TableRoom,
    consoles: Sequence[Seated],
    lines: Sequence[tuple[str, bool]] = (),
    table: Awaitable[Any] | None = None,
    ended: Callable[[Seated | None, dict[asyncio.Future[int], Seated]], Awaitable[None]] | None = None,
) -> tuple[int, Seated]:
    """Run the consoles of the people at this keyboard (``consoles``, made by :func:`~.hotseat.seat_here`)
    over their seats in ``room``, their seats joined now, until one ends
    (the player stopped the game) or all of them: (the exit code, the console that ended it).
    ``lines`` (sentence, kept in the history) are the end's first lines: said at once to
    everyone at a shared keyboard, and by one person's console at the room's hello (its seat's
    name known). The room's own lines are said to whoever sits at a shared keyboard, and said in
    turn with the game's by one person's console. Needs no network.

    ``table``, when given, is the room's game, run here too (``play``'s): Ctrl+C while no line
    editor reads keys is the keyboard's (:meth:`~.hotseat.AtKeyboard.watch`), and once the game
    or a console ends, ``ended(the console that ended it or None, each console's run)`` does
    what comes after it (:func:`~.playend.after_play`). Without it (the host's own seat) the host
    runs its game, and its terminal hands Ctrl+C on
    (:meth:`~a11y_dominion.remote.local.HostTerminal.interrupt`)."""
    ctrl_c = consoles[0].ctrl_c
    kb = ctrl_c.keyboard
    links = [console.link for console in consoles]
    shared = len(consoles) > 1
    out, room.out = room.out, kb.say if shared else lambda text: links[0].inbox.put(("said", clean(text)))
    if shared:
        for text, _keep in lines:
            kb.say(text)
    else:
        consoles[0].greeting = functools.partial(_greet, consoles[0], lines)
    if table is not None:
        ctrl_c.watch()
    for link in links:
        link.open()
    runs: dict[asyncio.Future[int], Seated] = {asyncio.ensure_future(c.run()): c for c in consoles}
    game: asyncio.Future[Any] | None = asyncio.ensure_future(table) if table is not None else None
    try:
        done, _pending = await asyncio.wait([*runs, *([game] if game else [])], return_when=asyncio.FIRST_COMPLETED)
        first = next((c for t, c in runs.items() if t in done), None)
        if game is not None and ended is not None:
            await ended(first, runs)
        codes = [await t for t in runs]
        ender = first or next((c for c in consoles if c.name == kb.at), consoles[0])
        code = ender.exit_code if first is not None and ender.exit_code is not None else max(codes)
        return code, ender
    finally:
        room.out = out
        ctrl_c.unwatch()
        left = [t for t in [*runs, *([game] if game else [])] if not t.done()]
        for task in left:  # (the game's here; a console's when this end was ended, such as the host's)
            task.cancel()
        if left:
            await asyncio.wait(left)
        for link in links:
            link.close()


def _greet(console: OwnSeatConsole, lines: Sequence[tuple[str, bool]]) -> None:
    for text, keep in lines:
        console.say(text, keep=keep)
