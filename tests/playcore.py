"""``a11y-dominion play`` of one person against bots on the console core, for tests: the game
runs in this process (:func:`~a11y_dominion.console.start.play_setup`, then
:func:`~a11y_dominion.console.playend.play_on_core`), its typed lines piped in (read at
questions only, as ``play`` reads piped lines), everything shown kept as text.

:func:`play` gives a :class:`Played`: the exit code, the text shown, and the game as it was
when the program ended (the room of the last game played: a ``load FILE`` plays the loaded one
next), with its record as ``play`` saves it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.playend import play_on_core, room_record
from a11y_dominion.console.start import play_setup
from a11y_dominion.remote.room import TableRoom
from a11y_dominion.rules.game import Game


@dataclass
class Played:
    """What one run of ``play`` did: its exit ``code``, the ``text`` it showed, and the
    ``rooms`` of the games it played (the last one is the game as it ended)."""

    code: int
    text: str
    rooms: list[TableRoom] = field(default_factory=list)

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
        """Name -> the person's seat (its ``lang`` and ``verbosity``) of the last game."""
        return self.rooms[-1].people

    def record(self) -> dict[str, Any]:
        """The last game's record as ``save FILE`` writes it."""
        return room_record(self.rooms[-1])


def typed_lines(typed: str | list[str]) -> str:
    """The piped input of ``typed``: a text as it is, or a list of lines, each ended."""
    return typed if isinstance(typed, str) else "".join(line + "\n" for line in typed)


def play(
    options: list[str], typed: str | list[str], settings: dict[str, Any] | None = None, resume: Any = None
) -> Played:
    """``a11y-dominion play`` with ``options`` (``--speech off`` unless they say otherwise) and
    the lines ``typed`` piped in, the settings file holding ``settings`` (None: as it is);
    ``resume``: the :class:`~a11y_dominion.autosave.SavedGame` ``a11y-dominion resume`` goes on
    with. Asserts that the game is one person's against bots (played on the console core)."""
    if settings is not None:
        from a11y_dominion.settings import save_settings

        save_settings(settings)
    out = io.StringIO()
    speech = [] if "--speech" in options else ["--speech", "off"]
    args = build_parser().parse_args(["play", *speech, *options])
    if resume is not None:
        args.resume = resume
    setup = play_setup(args, out, asking=False)
    if isinstance(setup, int):
        return Played(setup, out.getvalue())
    assert setup.on_core(), "a game of one person against bots"
    rooms: list[TableRoom] = []
    code = play_on_core(setup, args, PlainReader(io.StringIO(typed_lines(typed)), out), rooms=rooms)
    return Played(code, out.getvalue(), rooms)
