"""``a11y-dominion play`` as an end of the console core: a game at this computer's keyboard,
with no network (new, from a position, resumed or loaded), of one person against bots or of
several people sharing the keyboard, or of bots only, watched.

The game is a :class:`~a11y_dominion.remote.room.TableRoom` of its own, as ``host`` has one,
with the people's seats the room's own (``locals``) and no remote seat; each person has a
console of their own (:class:`~.playconsole.PlayConsole`, the keyboard's end:
:mod:`.ownseat`), joined quietly, and one function plays the game for them (:func:`play_here`):
one person is the shared keyboard (:mod:`.hotseat`) with one seat, who has the keyboard
throughout. :func:`play_on_core` plays the games one after another: the game, then the one
loaded meanwhile (``load FILE``), or the same one going on in the language the player chose,
each after its first lines (help, the speech mode, the notices, a recommended Kingdom's name,
the seed, or where a resumed or loaded game stands: :func:`opening_lines`, :func:`game_lines`).
"""

from __future__ import annotations

import asyncio
import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..announcements.narrator import Narrator
from ..i18n import N_, Language, typed_command
from ..kingdoms import kingdom_name
from ..remote.room import TableRoom, _end
from ..rules.events import CardsDrawn, DeckShuffled, GameEvent, TurnStarted
from ..view import redact_all
from . import queries as q
from .commands import speech_line
from .completion import DecisionCompleter
from .display import PlainReader, quiet_type_ahead
from .hotseat import seat_here
from .keyboard import STARTING, LocalOutput, Terminal
from .keys import active_keys, key_name
from .ownseat import run_here
from .playconsole import PlayConsole
from .playroom import from_position, game_over, make_room, rename_in, run_table, start_autosave
from .watched import watch

if TYPE_CHECKING:
    from .start import PlaySetup  # (start imports this module when a game is played on the core)


RECENT = 5  # announcements told when a game is resumed
TURN_OF = N_("{player}'s turn {n}.")  # (the narrator's sentence of another player's turn's start)


def opening_lines(setup: PlaySetup, autosave_notice: str | None, lang: Language) -> list[tuple[str, bool]]:
    """``play``'s first lines in ``lang`` (the person's), as (sentence, kept in the history): how
    to get help, what the speech mode became, the setup's notices (settings problems, unfinished
    games, an autosave that cannot be written: ``autosave_notice``)."""
    repeat = next(
        (key_name(either) for k, alt, c, _w in active_keys(setup.keys) if c == "repeat" and (either := k or alt)), "F2"
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
    game's seed; a resumed one's date (and damage), the last few announcements, then, before the
    person's question, where the game stands as a player back at a table hears it (said with
    that question: :func:`status_due`), or else whose turn it is, so that the game going on is
    told apart from them (as a watched game's next line does), unless the turn's start is among
    them ("Bot's turn 7."): the watched game's next line says where the turn stands, and the
    turn is told once; a loaded one's
    file (``left``: what became of the game left for it), and where it stands with the person's
    question, as a resumed one's. At a shared
    keyboard a resumed or loaded game says only that: each person hears where it stands when the
    keyboard comes to them, from where they last had it (:func:`~.playroom.last_heard`). The hand
    is said with the first question. A new game names its Kingdom first when it is one of the
    rulebook's recommended sets ("This game's Kingdom is Basic Intro.")."""
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
    if setup.resumed is not None:
        saved = setup.resumed
        lines.append((lang.text(N_("Resumed the game of {date}."), date=saved.started.replace("T", " ")), False))
        damage = saved.damage_notice()
        if damage is not None:
            lines.append((lang.msg(damage), False))
    else:
        lines.append((lang.text(N_("Loaded {file}."), file=setup.load), False))
        if left:
            lines.append((left, False))
    d = game.pending
    if d is None:
        return lines
    if name is None and room.locals:  # several people here: each hears their own story, and then their question
        return lines
    view = room.table.view(d.player if d.player == name or name is None else name)
    n, player = q.turn_number(view), view.turn.player
    start = lang.text(N_("Your turn {n}."), n=n) if player == name else lang.text(TURN_OF, player=player, n=n)
    status = name is not None and d.player == name  # said with the question (resumed or loaded)
    recent: list[str] = []
    if setup.resumed is not None:
        verbosity = room.people[name].verbosity if name is not None else setup.verbosity
        # as told at the prompt: the figures of the seat's own phase are left to the turn prompt
        current = game.current.name if from_position(room) else None  # (its turn began before the log)
        narrator = Narrator(
            viewer=name,
            verbosity=verbosity,
            lang=lang,
            prompts=name is not None,
            current=current,
            watching=name is None,
        )
        recent = narrator.sentences(redact_all(game.log, name))
        if status and not view.turn.bidding:  # the turn's start: said once, with its figures (status_due)
            recent = [cut for line in recent if (cut := line.removeprefix(start).lstrip())]
        recent = recent[-RECENT:]
    if recent:
        lines.append((lang._(N_("The last announcements:")), False))
        lines.extend((line, False) for line in recent)
    if status:  # where the game stands comes with the person's question (status_due)
        return lines
    if d.kind == "turn" and d.player == name and not view.turn.bidding:
        where = start
    else:
        where = q.turn_line(view, name, lang)
    # after them, where the game goes on, unless the turn's start is among them: a watched game's
    # next line goes on from it, and a loaded game's question from the turn's start (told once)
    told = not view.turn.bidding and any(line.startswith(start) for line in recent)
    if not told:
        lines.append((where, False))
    return lines


def status_due(room: TableRoom) -> str | None:
    """Who of the people at this keyboard hears where a resumed or loaded game stands before
    their question (:meth:`~.narration.Narration.show_question`: the turn, their hand and what
    is in play, as a player back at a table hears them): alone at the keyboard, the person the
    game waits for; at a shared keyboard, that person when they heard the start of the turn going
    on before the game stopped, from where they last had it (:func:`~.playroom.last_heard`); else
    None, and their question goes on from the turn's start, told with the news, as at any turn's
    start."""
    game = room.table.game
    d = game.pending
    if d is None or d.player not in room.locals:
        return None
    if len(room.locals) == 1:
        return d.player
    start = next((i for i in range(len(game.log) - 1, -1, -1) if isinstance(game.log[i], TurnStarted)), None)
    return d.player if start is not None and room.table.told.get(d.player, 0) > start else None


def watched_lines(stdin: Any, out: Any) -> Any:
    """The reader of the lines typed at ``stdin`` (a terminal or piped input) while a game of
    bots only is watched (a :class:`~.piped.PipeReader`, read on the event loop; at a terminal
    its lines as the terminal reads them, written to ``out`` once each); None when ``stdin``
    cannot be read."""
    from .piped import PipeLines, PipeReader, piece_reader

    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return PipeReader(PipeLines(piece_reader(fd)), out)


def play_on_core(
    setup: PlaySetup,
    args: Any,
    reader: Any = None,
    played: Callable[[TableRoom, PlayConsole], None] | None = None,
    keyboard: Terminal | None = None,
) -> int:
    """Play ``setup``'s game (a :class:`~a11y_dominion.console.start.PlaySetup`; ``args``: the
    ``play`` options) at this computer's keyboard and screen (or with ``reader`` reading the
    typed lines): for the people seated here (:func:`play_here`), or watched when all its seats
    are bots (:func:`~.watched.watch`); and the games loaded meanwhile (``load FILE``); the exit
    code (0: the game ended; 1: the player stopped it, or it cannot go on). ``played(room,
    console)``, when given, is told each game's :class:`~a11y_dominion.remote.room.TableRoom`
    and the console that ended it once that game ended here. ``keyboard``, when given, is the
    terminal the line editor reads and draws on instead of this computer's (prompt_toolkit's
    pipe input, for tests)."""
    output = LocalOutput(setup.display, setup.speaker, setup.plain, [], setup.auto_why)
    typed_here = reader is None and keyboard is None and sys.stdin.isatty() and setup.out.isatty()
    watcher = reader if hasattr(reader, "read_async") else None  # what a game of bots only reads
    if reader is None and keyboard is None:
        watcher = watched_lines(sys.stdin, setup.out)
    if reader is None and keyboard is None and not typed_here:
        reader = PlainReader(sys.stdin, setup.out)  # piped lines: read at questions only
    stdin = keyboard if keyboard is not None else sys.stdin
    try:
        with quiet_type_ahead(sys.stdin if typed_here else None):
            room = make_room(setup, args)
            save, unsaved = start_autosave(room, setup) if getattr(args, "autosave", True) else (None, None)
            lang = room.people[room.local].lang if room.local else setup.lang  # the person's own
            lines = opening_lines(setup, unsaved, lang) + game_lines(setup, room)
            before: PlayConsole | None = None  # the console before the player changed the language
            while True:
                console = None
                try:
                    if not room.locals:  # bots only: watched
                        return asyncio.run(watch(room, setup, output, lines, watcher))
                    code, console = asyncio.run(play_here(room, setup, args, output, reader, lines, stdin, before))
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
                    room = make_room(setup, args)
                    if not setup.game.answers:  # (else told from where it stands already)
                        room.table.replace_game(room.table.game)
                        room.recall_story()
                    if save is not None:
                        rename_in(save, console.going_on)
                        room.table.autosave = save
                    continue
                kept = save.id if save is not None and save.id and not save.finished and save.failed is None else None
                room = make_room(setup, args)
                save, unsaved = start_autosave(room, setup) if save is not None else (None, None)
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


async def play_here(
    room: TableRoom,
    setup: PlaySetup,
    args: Any,
    output: LocalOutput,
    reader: Any,
    lines: list[tuple[str, bool]],
    stdin: Any = None,
    before: PlayConsole | None = None,
) -> tuple[int, PlayConsole]:
    """Play the room's game at this keyboard for the people seated here (``room.locals``), each
    with a console of their own (:func:`~.hotseat.seat_here`; ``args``: the ``play`` options;
    ``reader``: the typed lines, shared by every console; None: each console its own line editor
    at this terminal, ``stdin``: standard input unless given), ``lines`` said first, and the game
    run here with them (:func:`~.ownseat.run_here`): (the exit code, the console that ended it).
    ``before``: the console of this game before its one person changed the language: its
    question was put already, and is not put again; the place in the help pages goes on."""
    consoles = seat_here(PlayConsole, room, output, setup.out, stdin, reader)
    for console in consoles:
        console.setup, console.think_ms = setup, getattr(args, "think_ms", None)
        if from_position(room):  # its first turn began before its log: whose turn it is
            console.holder.restart(room.table.game.current.name)
            room.people[console.name].restart(room.table.game.current.name)
        if before is not None:
            # (the question was put already, unless a yes-or-no question of it was left for the change)
            console.put_before, console.command_state = not before.question_dropped, before.command_state
        completer = getattr(getattr(console.reader, "session", None), "completer", None)
        if console.completer is None and isinstance(completer, DecisionCompleter):  # the line editor goes on
            completer.get_seen, completer.lang, console.completer = console.seen, console.lang, completer
        if setup.resumed is not None:
            _note_drawn(console, room, [text for text, _keep in lines])
        if setup.resumed is not None or setup.load:
            console.holder.status_due = console.name == status_due(room)
    return await run_here(room, consoles, lines, run_table(room), functools.partial(after_play, room))


async def after_play(room: TableRoom, first: PlayConsole | None, runs: dict[asyncio.Future[int], PlayConsole]) -> None:
    """What comes after ``play``'s game at this keyboard (:func:`~.ownseat.run_here`'s ``ended``):
    when the game ended (or cannot go on; ``first`` None, else the console that stopped it) the
    room's end is said (:func:`~.playroom.game_over`, in the keyboard's language now); the person
    at the keyboard may stay after the final scores, until quit
    (:meth:`~.playconsole.PlayConsole.stay_after_game`: ``runs``, each console's run, has theirs
    awaited), and the others' sessions end."""
    consoles = list(runs.values())
    if first is None:
        game_over(room, consoles[0].lang)
    at = consoles[0].keyboard.at
    stays = next((c for c in consoles if first is None and c.name == at and c.stays_after_game()), None)
    for name, session in list(room.sessions.items()):
        if stays is None or name != stays.name:
            _end(session)
    if stays is not None:
        stays.stay_after_game()
        await next(t for t, c in runs.items() if c is stays)


def _note_drawn(console: PlayConsole, room: TableRoom, said: list[str]) -> None:
    """When the lines ``said`` as a resumed game began (its last announcements) told the player
    the cards they drew last (alone, or with the shuffle just before it: "You shuffle 12 cards
    and draw ..."), their narrator notes them, so that the turn's prompt does not read the same
    cards again as the hand (:func:`~a11y_dominion.console.questions.heard_hand`)."""
    name = console.name
    log = room.table.game.log
    i, drawn = len(log), None
    while drawn is None and i > 0:  # (the last draw of the player's, from the end: no copy of the log)
        i -= 1
        e = log[i]
        if isinstance(e, CardsDrawn) and e.player == name and e.count:
            drawn = e
    if drawn is None:
        return
    before = log[i - 1] if i > 0 else None
    shuffled = [before] if isinstance(before, DeckShuffled) and before.player == name else []
    told = _sentences(console, [drawn])
    if shuffled and len(together := _sentences(console, [*shuffled, drawn])) == 1:  # one sentence of both
        told += together
    if any(line in said for line in told):
        console.drawn_told = tuple(drawn.cards)


def _sentences(console: PlayConsole, events: list[GameEvent]) -> list[str]:
    """The sentences ``events`` make for ``console``'s player alone, as its narrator says them."""
    narrator = Narrator(viewer=console.name, verbosity=console.holder.verbosity, lang=console.lang)
    return narrator.sentences(redact_all(events, console.name))
