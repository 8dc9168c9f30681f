"""Keeping and restoring games at the console: ``save FILE``, ``load FILE``,
``--load FILE``, and going back to before a move the engine failed on.

:func:`load_game` reads a save file into a game and its seats;
:class:`Persistence` is the mixin of
:class:`~a11y_dominion.console.app.Console` with the ``save`` and ``load``
commands and :meth:`Persistence.restore`.
"""

from __future__ import annotations

import os

from ..files import SAVE_LIMIT, FileError, read_text, shown_name, write_atomic
from ..i18n import N_
from ..record import RecordError, dumps, load_record, make_record, replay
from ..rules.decisions import Msg
from ..rules.game import SetupError
from ..seats import BOT_KINDS
from . import queries as q

SEAT_CHOICES = {"language": ("en", "nl"), "verbosity": ("terse", "normal", "verbose")}


def load_game(path: str, seats: list | None = None, options: dict | None = None) -> tuple:
    """(game, seats) from the save file at ``path``; ``seats`` (a list of (name,
    kind)) is used when the file has no usable seat list of its own. The
    language and verbosity each human seat had when the game was saved are
    added to ``options`` (name -> {"language", "verbosity"}) where it names
    none for that seat. Raises RecordError with one sentence."""
    try:
        text = read_text(path, SAVE_LIMIT)
    except FileError as e:
        raise RecordError(e.args[0]) from None
    record = load_record(text)
    game = replay(record)
    names = list(game.config.players)
    saved = record.get("seats") or []
    try:
        saved_options = {str(e[0]): e[2] for e in saved if len(e) == 3 and isinstance(e[2], dict)}
        saved = [(str(e[0]), str(e[1]).lower()) for e in saved if 2 <= len(e) <= 3]
    except (TypeError, ValueError, KeyError, IndexError):
        raise RecordError(Msg("The saved game's seat list is damaged.")) from None
    if options is not None:
        for name, opts in saved_options.items():
            mine = options.setdefault(name, {})
            for key in ("language", "verbosity"):
                if opts.get(key) in (SEAT_CHOICES[key]) and not mine.get(key):
                    mine[key] = opts[key]
    if [n for n, _ in saved] == names and all(k == "human" or k in BOT_KINDS for _, k in saved):
        return game, saved
    if seats is not None and [n for n, _ in seats] == names:
        return game, list(seats)
    raise RecordError(Msg("The saved game is for {players}, and has no usable seat list.", players=", ".join(names)))


class Persistence:
    """``save`` and ``load`` for :class:`~a11y_dominion.console.app.Console` (a mixin)."""

    def record(self) -> dict:
        """The JSON-ready record of the game so far, with its seats."""
        seats: list = []
        for name, kind in self.seats:
            person = self.people.get(name) if kind == "human" else None
            seats.append(
                [name, kind]
                if person is None
                else [name, kind, {"language": person.lang.code, "verbosity": person.verbosity}]
            )
        return make_record(self.game, seats)

    def cmd_save(self, path: str) -> None:
        """save FILE: write the game so far to ``path``; one sentence either way."""
        if not path:
            self.error(self.lang._(N_("Save needs a file name, for example save game.json.")))
            return
        full = os.path.expanduser(path)
        if (
            self.confirm
            and os.path.exists(full)
            and not self.ask_yes(
                self.t(N_("{file} already exists. Replace it? Type yes to replace it: "), file=shown_name(path))
            )
        ):
            self.say(self.lang._(N_("Not saved. The file is as it was.")), keep=False)
            return
        try:
            write_atomic(full, dumps(self.record()))
        except OSError as e:
            self.error(self.t(N_("Cannot save to {file}: {error}."), file=shown_name(path), error=e.strerror or e))
            return
        self.say(self.t(N_("Game saved to {file}."), file=shown_name(path)), keep=False)

    def cmd_load(self, path: str) -> None:
        """load FILE: go on with a saved game (asking first when a move was made)."""
        if not path:
            self.error(self.lang._(N_("Load needs a file name, for example load game.json.")))
            return
        try:
            game, seats = load_game(path, self.seats, self.seat_options)
        except (RecordError, SetupError) as e:
            self.error(
                self.t(
                    N_("Cannot load {file}: {error} The game goes on unchanged."),
                    file=shown_name(path),
                    error=self.lang.msg(e),
                )
            )
            return
        if (
            self.confirm
            and self.game.pending is not None
            and self.game.answers
            and not self.ask_yes(
                self.t(N_("Replace the game in progress with {file}? Type yes to load: "), file=shown_name(path))
            )
        ):
            self.say(self.lang._(N_("Not loaded. The game goes on.")), keep=False)
            return
        self.use_game(game, seats, narrate_from=len(game.log))
        self.handed_over = False  # at a shared keyboard the loaded game's next player is handed it first
        self.reloaded = True  # the table of the old game stops; the new one takes over
        self.say(self.t(N_("Loaded {file}."), file=shown_name(path)), keep=False)
        if game.pending is not None:
            self.say(q.turn_line(self.view(), self.humans[0] if self.solo else None, self.lang), keep=False)

    def restore(self, answers: int, err: Exception, announce: bool = True) -> bool:
        """After an engine fault, replay the game's first ``answers`` answers: the game as it
        was before the failed move. Returns False when even that fails."""
        record = self.record()
        record["answers"] = record["answers"][:answers]
        try:
            game = replay(record)
        except RecordError:
            self.say(
                self.t(N_("The game engine failed ({error}) and the game cannot go on."), error=type(err).__name__),
                keep=False,
            )
            return False
        told = min(self.table.told.values()) if self.table.told else 0
        self.game = game
        self.table.replace_game(game, told=min(told, len(game.log)))
        self.prompted = None
        if announce:
            self.error(
                self.t(
                    N_(
                        "That move failed inside the game engine ({error}: {detail}); "
                        "the game is back where it was before it."
                    ),
                    error=type(err).__name__,
                    detail=err,
                )
            )
        return True
