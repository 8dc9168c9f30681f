"""``a11y-dominion play``'s table at this computer, with no network: the
:class:`~a11y_dominion.remote.room.TableRoom` of a game of people at this keyboard and bots
(:func:`make_room`), its record and autosave (:func:`room_record`, :func:`start_autosave`),
bots that think in a thread of their own (:class:`ThinkingBot`), the pace of a game of bots
only (:class:`Pace`, the ``pace`` setting), and the game's run, put back after a fault of the
game engine (:func:`run_table`). The keyboard's end plays at it: one person or several
(:mod:`.playend`), or none but onlookers (:mod:`.watched`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..autosave import Autosave, games_dir
from ..i18n import N_, Language, typed_command
from ..record import RecordError, Step, make_record, replay
from ..remote.room import TableRoom
from ..rules.decisions import Msg
from ..rules.events import TurnStarted
from ..seats import LazyBot, SeatSpec
from .piped import in_thread
from .seat import BotSeat

if TYPE_CHECKING:
    from .start import PlaySetup

MAX_FAULTS = 10  # faults in a row at the same point of the game before it stops

KEPT_STOPPED = N_("Game stopped. It is kept; {command} resume goes on with it.")


def stopped_line(lang: Language, autosave: Autosave | None) -> str:
    """What ``play`` says in ``lang`` when a game stops before its end without quit's question
    (which says it first): "Game stopped." and, while ``autosave`` keeps the game (None, or one
    that could not be written: nothing keeps it), how to go on with it."""
    if autosave is None or autosave.failed is not None:
        return lang._(N_("Game stopped."))
    return lang.text(KEPT_STOPPED, command=typed_command())


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
        """No legal answer was found (in the bot's thread): :func:`run_table` says so."""
        self.gave_up = True

    async def decide(self, decision: Any, view: Any) -> Any:
        if self.pace is not None:
            await self.pace()
        return await in_thread(lambda: BotSeat.decide(self, decision, view), "bot")


class Pace:
    """The pace of a game of bots only (:func:`~a11y_dominion.console.watched.watch`): every line
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


def make_room(setup: PlaySetup, args: Any) -> TableRoom:
    """The room of ``setup``'s game: its person at this computer (with the seat's own language
    and verbosity; several people at this keyboard each with their own verbosity, all in the
    keyboard's language, ``setup.lang``), its bots thinking in threads of their own
    (seeded alike, so a game plays the same)."""
    specs = []
    made: dict[str, Any] = {}
    room: TableRoom | None = None
    people = [name for name, kind in setup.seats if kind == "human"]
    for i, (name, kind) in enumerate(setup.seats):
        if kind == "human":
            opts: dict[str, Any] = next((o for n, o in setup.seat_options.items() if n.lower() == name.lower()), {})
            own = opts.get("language") if len(people) == 1 else None  # several here: the keyboard's, setup.lang
            specs.append(SeatSpec(name, kind, own, opts.get("verbosity")))
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
        if len(people) > 1:  # at a shared keyboard each person is told from where they last had it
            kept = setup.resumed.record.get("seats") if setup.resumed is not None else None
            room.table.told.update(last_heard(room, kept if isinstance(kept, list) else []))
        room.recall_story()  # and the person's history holds what came before
    return room


HEARD = "heard"
"""A person's seat option in a shared keyboard's autosave: the number of answers the game had
when it stopped at that person's own question, after they heard its news (empty: none)."""


def last_heard(room: TableRoom, seats: list[Any] | None = None) -> dict[str, int]:
    """How far into the room's game log each person at this keyboard heard it (name -> the
    number of events), read from the game's own answers: a person at a shared keyboard hears
    everything told to them when the keyboard comes to them and they are asked, and what comes
    after their answer waits for them until it comes back. So the game up to their last question
    is what they heard (none of it before their first answer), and the rest is theirs to hear
    once, when the keyboard comes to them, after ``resume`` as before the game stopped. The
    person who stopped the game at their own question heard all of it: ``seats``, the seat list
    of the game's autosave, says so by their option :data:`HEARD`, when the game has as many
    answers now. Empty when the game's record cannot be replayed."""
    steps: list[Step] = []
    try:
        replay(room_record(room), steps)
    except RecordError:
        return {}
    heard = dict.fromkeys(room.locals, 0)
    for step in steps:
        if step.player in heard:
            heard[step.player] = step.log
    game = room.table.game
    for entry in seats or []:
        kept = isinstance(entry, list) and len(entry) > 2 and isinstance(entry[2], dict)
        if kept and entry[0] in heard and entry[2].get(HEARD) == str(len(game.answers)):
            heard[entry[0]] = len(game.log)
    return heard


def keep_heard(room: TableRoom, asked: dict[str, bool], at: str | None) -> None:
    """The game stops at a shared keyboard: the room's autosave keeps, as the seat option
    :data:`HEARD`, that the person at the keyboard (``at``) heard it to its end when their
    question was put to them (``asked``: each person's name, True when their question was put to
    them, its news said), so that ``resume`` does not tell them again what they heard before
    they stopped it (:func:`last_heard`); an earlier such option of another person is cleared."""
    save = room.table.autosave
    if save is None:
        return
    answers = str(len(room.table.game.answers))
    for name, was_asked in asked.items():
        heard = answers if was_asked and at == name else ""
        shown = save.file_names.get(name, name)  # (as the file names the seat)
        kept = [e[2] for e in save.seats if isinstance(e, list) and len(e) > 2 and e[0] == shown]
        if heard or any(isinstance(options, dict) and options.get(HEARD) for options in kept):
            save.seat_options(name, {HEARD: heard})


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


def start_autosave(room: TableRoom, setup: PlaySetup) -> tuple[Autosave | None, str | None]:
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
        return None, unsaved_line(setup.lang, games_dir(), e)
    room.table.autosave = save
    return save, None


def unsaved_line(lang: Language, folder: object, error: OSError) -> str:
    """The sentence in ``lang`` saying that the game is not saved as it is played: the ``folder``
    (or file) that could not be written, and why (``error``)."""
    return lang.text(
        N_("The game is not saved as you play: {folder} cannot be written ({error})."),
        folder=str(folder),
        error=error.strerror or error,
    )


def rename_in(save: Autosave, names: dict[str, str]) -> None:
    """The seats renamed by ``names`` (name -> new name) in the game ``save`` keeps: its file goes
    on with the names of its header."""
    for old, new in names.items():
        in_file = save.file_names.pop(old, old)
        if in_file != new:
            save.file_names[new] = in_file
    save.humans = {names.get(name, name) for name in save.humans}


def from_position(room: TableRoom) -> bool:
    """True for a game built from a position whose first turn has not ended yet (no turn has
    started in its log: the position's turn was never told)."""
    game = room.table.game
    return game.position is not None and not any(isinstance(e, TurnStarted) for e in game.log)


def put_back(room: TableRoom, error: Exception) -> bool:
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
        link = room.sessions.get(table.submitter)
        text = N_(
            "That move failed inside the game engine ({error}: {detail}); the game is back where it was before it."
        )
        if link is not None:  # said as the console's errors are (bold, at once), in turn with the news
            link.inbox.put(("bad", Msg(text, error=type(error).__name__, detail=error)))
    return True


async def run_table(room: TableRoom) -> None:
    """The room's game, once its player is in. After an engine fault the game is put back to
    before the answer that failed and goes on (:func:`put_back`); when that fails, or the same
    answer failed :data:`MAX_FAULTS` times in a row, one sentence
    ends it. A new game from a position tells its turn's start after its set-up lines, as every
    turn's start is told. A screen that went away while the game was told (BrokenPipeError:
    a watched game piped into a program that stopped reading) is no engine fault: it is raised,
    and the game stays as its autosave kept it."""
    await room.everyone_in.wait()
    if from_position(room) and room.locals and not room.table.told.get(room.locals[0], 0):
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
                end_with(room, N_("{player} could not find a legal answer; the game cannot go on."), player=stuck.name)
            return
        except BrokenPipeError:  # the screen went away (a pipe closed): the game as saved is kept
            raise
        except Exception as e:  # noqa: BLE001 - an engine fault: never a traceback
            logging.getLogger("a11y_dominion.play").warning("the game engine failed", exc_info=e)
            faults = [*faults[-(MAX_FAULTS - 1) :], room.table.before]
            if (len(faults) == MAX_FAULTS and len(set(faults)) == 1) or not put_back(room, e):
                failed = N_("The game engine failed ({error}) and the game cannot go on.")
                end_with(room, failed, error=type(e).__name__)
                return


def game_over(room: TableRoom, lang: Language) -> None:
    """The room's game ended here (or cannot go on): the autosave's notices about the game
    history are said on the room's screen (``room.out``) in ``lang``, once, and the room is over."""
    for notice in getattr(room.table.autosave, "notices", ()):
        room.out(lang.msg(notice))
    room.over = True


def end_with(room: TableRoom, text: str, **fields: Any) -> None:
    """Say why the room's game cannot go on (``text``, an English template, with ``fields``) to
    each of its players, as the end of their game's session: nothing more is said of that end
    (a game of bots alone says it on the room's screen)."""
    if not room.locals:
        room.out(room.lang.text(text, **fields))
    for name in room.locals:
        link = room.sessions.get(name)
        if link is not None:
            said = room.people[name].lang.text(text, **fields)
            link.inbox.put(("message", {"type": "text", "text": said, "last": True}))
