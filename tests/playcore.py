"""``a11y-dominion play`` on the console core, for tests (a game of one person against bots,
of several people at one keyboard, or of bots only, watched): the game runs in this process
(:func:`~a11y_dominion.console.start.play_setup`, then
:func:`~a11y_dominion.console.playend.play_on_core`), its typed lines piped in (read at
questions only, as ``play`` reads piped lines), everything shown kept as text.

:func:`play` gives a :class:`Played`: the exit code, the text shown, and the game as it was
when the program ended (the room of the last game played: a ``load FILE`` plays the loaded one
next), with its record as ``play`` saves it.
"""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.keyboard import Terminal
from a11y_dominion.console.playconsole import PlayConsole
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.playroom import room_record
from a11y_dominion.console.start import play_setup
from a11y_dominion.remote.room import TableRoom
from a11y_dominion.rules.game import Game


@dataclass
class Played:
    """What one run of ``play`` did: its exit ``code``, the ``text`` it showed, and the
    ``rooms`` of the games it played and their player's ``consoles`` (the last ones are the
    game as it ended and the console that played it)."""

    code: int
    text: str
    rooms: list[TableRoom] = field(default_factory=list)
    consoles: list[PlayConsole] = field(default_factory=list)

    def add(self, room: TableRoom, console: PlayConsole) -> None:
        """A game played: its room and its player's console."""
        self.rooms.append(room)
        self.consoles.append(console)

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @property
    def game(self) -> Game:
        """The last game played, as it was when the program ended."""
        return self.rooms[-1].table.game

    @property
    def seats(self) -> list[tuple[str, str]]:
        """(name, kind) of each seat of the last game, in the order of play."""
        room = self.rooms[-1]
        return [(p.name, room.kinds[p.name]) for p in self.game.players]

    @property
    def people(self) -> dict[str, Any]:
        """Name -> each person's seat of the last game: the room's, and the player's own as its
        console holds it (its ``lang``, ``verbosity`` and what it heard, as the settings left them)."""
        console = self.consoles[-1]
        return {**self.rooms[-1].people, console.name: console.holder}

    @property
    def verbosity(self) -> str:
        """The person's verbosity as the program ended."""
        return str(self.consoles[-1].holder.verbosity)

    @property
    def lang(self) -> Any:
        """The person's language as the program ended."""
        return self.consoles[-1].lang

    @property
    def hints(self) -> bool:
        """Whether the hint command answers, as the settings left it."""
        return bool(self.consoles[-1].hints)

    @property
    def history(self) -> Any:
        """The person's history (what ``repeat`` and ``log`` read) as the program ended."""
        return self.consoles[-1].holder.history

    def record(self) -> dict[str, Any]:
        """The last game's record as ``save FILE`` writes it."""
        return room_record(self.rooms[-1])


def play_args(options: list[str]) -> Any:
    """The ``play`` options ``options`` as the command line gives them (``--speech off`` unless
    they say otherwise)."""
    speech = [] if "--speech" in options else ["--speech", "off"]
    return build_parser().parse_args(["play", *speech, *options])


def typed_lines(typed: str | list[str]) -> str:
    """The piped input of ``typed``: a text as it is, or a list of lines, each ended."""
    return typed if isinstance(typed, str) else "".join(line + "\n" for line in typed)


def play(
    options: list[str],
    typed: str | list[str],
    settings: dict[str, Any] | None = None,
    resume: Any = None,
    autosave: bool = True,
    speaker: Any = None,
    reader: Callable[[Game], Any] | None = None,
    keys: Any = False,
    output: Any = None,
) -> Played:
    """``a11y-dominion play`` with ``options`` (``--speech off`` unless they say otherwise) and
    the lines ``typed`` piped in, the settings file holding ``settings`` (None: as it is);
    ``resume``: the :class:`~a11y_dominion.autosave.SavedGame` ``a11y-dominion resume`` goes on
    with; ``autosave`` False: the game is not kept as it is played; ``speaker`` (a
    :class:`~a11y_dominion.announcements.speech.Speaker`) replaces the speech output;
    ``reader(game)``, when given, is what reads the lines typed instead of ``typed`` (a player
    that types as it sees ``game``: ``read(message, default)`` gives a line or a key's command).
    With ``keys``, ``typed`` is the keys typed at the line editor instead (Enter is "\\r"), read
    from prompt_toolkit's pipe input as from a terminal, then the end of input (or ``keys`` is
    that input, closed, with its keys given already, and ``typed`` is not used); the line editor
    draws on ``output`` (a prompt_toolkit output; ``DummyOutput`` unless given).
    Every game is played on the console core: one person's against bots, several people's at
    one keyboard, or bots only, watched (its :attr:`Played.rooms` is empty)."""
    if settings is not None:
        from a11y_dominion.settings import save_settings

        save_settings(settings)
    out = io.StringIO()
    args = play_args(options)
    args.autosave = autosave
    if resume is not None:
        args.resume = resume
    setup = play_setup(args, out, asking=False)
    if isinstance(setup, int):
        return Played(setup, out.getvalue())
    if speaker is not None:
        setup.speaker = speaker
    done = Played(0, "")
    screen = output if output is not None else DummyOutput()
    if keys is True:
        with create_pipe_input() as pipe:
            pipe.send_text(typed_lines(typed))
            pipe.close()
            done.code = play_on_core(setup, args, None, done.add, Terminal(pipe, screen))
    elif keys:
        done.code = play_on_core(setup, args, None, done.add, Terminal(keys, screen))
    else:
        lines = reader(setup.game) if reader is not None else PlainReader(io.StringIO(typed_lines(typed)), out)
        done.code = play_on_core(setup, args, lines, done.add)
    done.text = out.getvalue()
    return done


def position(
    state: dict[str, Any],
    typed: str | list[str],
    kingdom: tuple[str, ...] | list[str] = ("Villa", "Sacrifice"),
    seats: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (("Ann", "human"), ("Bot", "bigmoney")),
    options: tuple[str, ...] = (),
    settings: dict[str, Any] | None = None,
    events: tuple[str, ...] | list[str] = (),
    landmarks: tuple[str, ...] | list[str] = (),
) -> Played:
    """``a11y-dominion play --position FILE`` of a scenario at ``state`` (its ``kingdom``,
    ``events`` and ``landmarks``, seed 1), with ``seats`` (name, kind) as ``--players`` and the
    other ``options``, not kept as it is played, the lines ``typed`` piped in (:func:`play`)."""
    data = {
        "players": [name for name, _kind in seats],
        "kingdom": list(kingdom),
        "events": list(events),
        "landmarks": list(landmarks),
        "seed": 1,
        "state": state,
        "script": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        players = ",".join(f"{name}:{kind}" for name, kind in seats)
        return play(["--position", str(path), "--players", players, *options], typed, settings, autosave=False)


def run(
    options: list[str],
    typed: str | list[str],
    settings: dict[str, Any] | None = None,
    resume: Any = None,
) -> tuple[Played, str]:
    """(the game played, everything shown) of ``a11y-dominion play`` with ``options`` and the
    lines ``typed`` piped in (settings and ``resume`` as for :func:`play`), on the console core."""
    played = play(options, typed, settings, resume)
    return played, played.text


def fail_once(game: Game) -> list[object]:
    """Make ``game``'s next answer fail inside the engine (a RuntimeError "boom"), once; the
    answers after it, and those of a game put back in its place, go on as the rules say.
    Returns the list that holds the answer that failed once it has."""
    real = game.answer
    failed: list[object] = []

    def once(keys: Any) -> Any:
        if not failed:
            failed.append(keys)
            raise RuntimeError("boom")
        return real(keys)

    game.answer = once  # type: ignore[method-assign]
    return failed
