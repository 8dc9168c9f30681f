"""Keeping and restoring games at the console: ``save FILE``, ``load FILE``,
``--load FILE``, and going back to before a move the engine failed on.

:func:`load_game` reads a save file into a game and its seats;
:class:`Persistence` is the mixin of
:class:`~a11y_dominion.console.app.Console` with the ``save`` and ``load``
commands and :meth:`Persistence.restore`.
"""

from __future__ import annotations

import os

from ..announcements.narrator import Narrator
from ..autosave import Autosave, games_dir, now
from ..bots.kinds import is_bot_kind
from ..files import SAVE_LIMIT, FileError, read_utf8, shown_name, typed_path, write_atomic, write_target
from ..i18n import N_, Language, typed_command
from ..record import RecordError, dumps, load_record, make_record, replay
from ..rules import events as ev
from ..rules.decisions import Msg
from ..rules.game import SetupError
from ..seats import bot_options, default_seat_names, rename_seats
from ..strategies import strategy_problem
from ..view import player_view, redact_all
from . import queries as q
from .questions import group_names, sorted_names

SEAT_CHOICES = {"language": ("en", "nl"), "verbosity": ("terse", "normal", "verbose")}
KIND_WORDS = (N_("human"), N_("remote"))  # seat kinds in the export and the list of games; bot kinds stay as typed


def load_game(
    path: str, seats: list | None = None, options: dict | None = None, lang=None, bots: dict | None = None
) -> tuple:
    """(game, seats) from the save file at ``path``; ``seats`` (a list of (name,
    kind)) is used when the file has no usable seat list of its own. The
    language and verbosity each human seat had when the game was saved are
    added to ``options`` (name -> {"language", "verbosity"}) where it names
    none for that seat. With ``lang``, a seat with a language's default name ("Jij")
    that has no language of its own gets the default name of ``lang`` ("You",
    :func:`~a11y_dominion.seats.default_seat_names`). ``bots``, when given, gets the options
    each bot seat was made with (:func:`~a11y_dominion.seats.bot_options`). Raises
    RecordError with one sentence."""
    try:
        text = read_utf8(path, SAVE_LIMIT)
    except FileError as e:
        raise RecordError(e.args[0]) from None
    record = load_record(text)
    if lang is not None:
        record = rename_seats(record, default_seat_names(record, lang))
    if bots is not None:
        bots.update(bot_options(record))
    return game_from_record(record, seats, options)


def game_from_record(record: dict, seats: list | None = None, options: dict | None = None) -> tuple:
    """(game, seats) from a checked record (a save file's, or an autosave's), as
    :func:`load_game` does. Raises RecordError with one sentence."""
    game = replay(record)
    names = list(game.config.players)
    saved = record.get("seats") or []
    try:
        saved_options = {str(e[0]): e[2] for e in saved if len(e) == 3 and isinstance(e[2], dict)}
        saved = [(str(e[0]), _saved_kind(str(e[1]))) for e in saved if 2 <= len(e) <= 3]
    except (TypeError, ValueError, KeyError, IndexError):
        raise RecordError(Msg("The saved game's seat list is damaged.")) from None
    if options is not None:
        for name, opts in saved_options.items():
            mine = options.setdefault(name, {})
            for key in ("language", "verbosity"):
                if opts.get(key) in (SEAT_CHOICES[key]) and not mine.get(key):
                    mine[key] = opts[key]
    if [n for n, _ in saved] == names and all(k == "human" or is_bot_kind(k) for _, k in saved):
        problem = strategy_problem([k for _, k in saved])
        if problem is not None:  # a strategy seat whose file is gone or now damaged
            raise RecordError(problem)
        return game, saved
    if seats is not None and [n for n, _ in seats] == names:
        return game, list(seats)
    raise RecordError(Msg("The saved game is for {players}, and has no usable seat list.", players=", ".join(names)))


def _saved_kind(kind: str) -> str:
    """A saved seat's kind as a seat is made from it: in lower case, but a strategy
    file's path as it was given (a path's case matters on most systems)."""
    return kind if kind.lower().endswith(".toml") else kind.lower()


class Persistence:
    """``save`` and ``load`` for :class:`~a11y_dominion.console.app.Console` (a mixin)."""

    def record(self) -> dict:
        """The JSON-ready record of the game so far, with its seats."""
        seats: list = []
        for name, kind in self.seats:
            person = self.people.get(name) if kind == "human" else None
            bot = self.bots.get(name)
            if person is not None:
                seats.append([name, kind, {"language": person.lang.code, "verbosity": person.verbosity}])
            elif bot is not None and bot.options:  # made the same when the game is resumed
                seats.append([name, kind, bot.options])
            else:
                seats.append([name, kind])
        return make_record(self.game, seats)

    def cmd_save(self, path: str) -> None:
        """save FILE: write the game so far to ``path`` (readable by its owner only); one
        sentence either way. Anything but a regular file is refused before asking; a
        symbolic link to a regular file writes that file, and the sentence says so."""
        path = typed_path(path)
        if not path:
            self.error(self.lang._(N_("Save needs a file name, for example save game.json.")))
            return
        self._write_out(
            path,
            lambda: dumps(self.record()),
            refused=N_("Cannot save to {file}: {error}"),
            failed=N_("Cannot save to {file}: {error}."),
            kept=N_("Not saved. The file is as it was."),
            done=N_("Game saved to {file}."),
            done_linked=N_("Game saved to {target}, the file {file} links to."),
        )

    def _write_out(self, path: str, text, refused: str, failed: str, kept: str, done: str, done_linked: str) -> None:
        """Write ``text()`` (a str) to ``path`` for ``save`` and ``export``, readable by its
        owner only: anything but a regular file refused before asking (``refused``), a file
        replaced only after yes (else ``kept``), a failed write said (``failed``), and the
        file written named (``done``; ``done_linked`` for a symbolic link's file)."""
        full = self._target(path, refused)
        if full is None:
            return
        full, linked = full
        if (
            self.confirm
            and os.path.exists(full)
            and not self.ask_yes(
                self.t(N_("{file} already exists. Replace it? Type yes to replace it: "), file=shown_name(path))
            )
        ):
            self.say(self.lang._(kept), keep=False)
            return
        try:
            write_atomic(full, text(), mode=0o600)
        except OSError as e:
            self.error(self.t(failed, file=shown_name(path), error=e.strerror or e))
            return
        if linked is not None:
            self.say(self.t(done_linked, target=linked, file=shown_name(path)), keep=False)
            return
        self.say(self.t(done, file=shown_name(path)), keep=False)

    def _target(self, path: str, refusal: str):
        """(path to write, shown name of a link's file or None) for ``save`` and ``export``
        (:func:`~a11y_dominion.files.write_target`), or None after saying the refusal."""
        try:
            return write_target(path)
        except FileError as e:
            self.error(self.t(refusal, file=shown_name(path), error=self.lang.msg(e.args[0])))
            return None

    def cmd_load(self, path: str) -> None:
        """load FILE: go on with a saved game (asking first when a move was made). The game
        left stays in its autosave, unfinished (resumable), and its ID is said; the loaded
        game is autosaved in a file of its own."""
        path = typed_path(path)
        if not path:
            self.error(self.lang._(N_("Load needs a file name, for example load game.json.")))
            return
        try:
            bots: dict = {}
            game, seats = load_game(path, self.seats, self.seat_options, self.default_lang, bots)
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
        left = self.autosave  # the game left stays as it is, unfinished, and can be resumed
        kept = left.id if left is not None and left.id and not left.finished and left.failed is None else None
        self.bot_options = bots
        self.use_game(game, seats, narrate_from=len(game.log))
        if self.autosave is not None:  # the loaded game is saved as it goes on, in a file of its own
            self.start_autosave()
        self.handed_over = False  # at a shared keyboard the loaded game's next player is handed it first
        self.reloaded = True  # the table of the old game stops; the new one takes over
        self.keep_game_lines()  # repeat and log offer the loaded game's last lines
        self.say(self.t(N_("Loaded {file}."), file=shown_name(path)), keep=False)
        if kept is not None:
            self.say(
                self.t(
                    N_("The game you left is kept unfinished; {command} resume {id} goes on with it."),
                    id=kept,
                    command=typed_command(),
                ),
                keep=False,
            )
        if game.pending is not None:
            self.say(q.turn_line(self.view(), self.humans[0] if self.solo else None, self.lang), keep=False)

    def rename_default_seat(self) -> str | None:
        """After the language of the seat at the keyboard changed in the middle of a game: a
        seat with another language's default name ("You" after a switch to Dutch) is called as
        its language calls it now ("Jij"), as a resumed or loaded game would be
        (:func:`~a11y_dominion.seats.default_seat_names`): the game is replayed with the new name
        and the table goes on with it (``reloaded``), its narrator, history and autosave kept (the
        autosave file goes on with the names of its header). A name the player chose stays,
        and so does every name at a shared keyboard. Returns the new name, or None when no seat
        was renamed (or the renamed game could not be replayed)."""
        if self.shared or self.table is None:
            return None
        names = default_seat_names(self.record(), self.lang)
        if len(names) != 1:
            return None
        ((old, new),) = names.items()
        seat = self.people.get(old)
        if seat is None:
            return None
        try:
            game = replay(rename_seats(self.record(), names))
        except RecordError:
            return None
        renamed = lambda name: new if name == old else name  # noqa: E731
        seat.rename(old, new)
        self.people = {renamed(name): person for name, person in self.people.items()}
        self.seats = [(renamed(name), kind) for name, kind in self.seats]
        self.humans = [renamed(name) for name in self.humans]
        self.seat_options = {renamed(name): opts for name, opts in self.seat_options.items()}
        # each seat's place in the help pages and the messages it read last (commands.CommandState)
        self.command_states = {renamed(name): state for name, state in self.command_states.items()}
        old_table = self.table
        seats = {renamed(name): person for name, person in old_table.seats.items()}
        table = type(old_table)(game, seats, onlooker=old_table.onlooker)
        table.replace_game(game, told=len(game.log))
        table.position_turn = old_table.position_turn
        table.autosave = old_table.autosave
        self.table = table
        self.game = game
        if self.autosave is not None:  # its file goes on with the names of its header
            names_in_file = self.autosave.file_names
            names_in_file[new] = names_in_file.pop(old, old)
            if names_in_file[new] == new:
                del names_in_file[new]
            self.autosave.humans = {renamed(name) for name in self.autosave.humans}
        self.prompted = game.pending  # the question stands as it was shown; the prompt names the seat anew
        self.reloaded = True  # the old game's table stops; this one takes over
        return new

    def language_changed(self) -> None:
        """The language of the seat at the keyboard changed: :meth:`rename_default_seat`."""
        self.rename_default_seat()

    def restore(self, answers: int, err: BaseException, announce: bool = True) -> bool:
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


def undo_refusal(events: list, me: str) -> Msg | None:
    """Why the answers that made ``events`` cannot be taken back by ``me``: the
    first hidden fact they revealed (a draw, a shuffle, a reveal, a look at a
    deck, a private fact), or None when nothing hidden came out. A fact private to ``me`` about
    cards of ``me``'s own hand (their Clean-up discard, before the new hand is drawn) tells
    ``me`` nothing they did not know, and no one else anything."""
    for e in events:
        if e.viewer == me and getattr(e, "player", None) == me and getattr(e, "source", None) == "hand":
            continue
        if isinstance(e, ev.CardsDrawn) and e.count:
            if e.player == me:
                return Msg("You drew cards since then; undo is not possible.")
            return Msg("{player} drew cards since then; undo is not possible.", player=e.player)
        if isinstance(e, ev.DeckShuffled):
            return Msg("A deck was shuffled since then; undo is not possible.")
        if isinstance(e, ev.CardsRevealed):
            return Msg("Cards were revealed since then; undo is not possible.")
        if getattr(e, "source", None) == "deck" and not isinstance(e, ev.CardGained):
            return Msg("Cards from a deck were seen since then; undo is not possible.")
        if e.viewer is not None:
            return Msg("Something hidden was told since then; undo is not possible.")
    return None


class UndoRefused(Exception):
    """Undo is not possible; ``args[0]`` is the :class:`Msg` that says why in one sentence."""


def take_back(record: dict, game, me: str) -> tuple:
    """``me``'s last answer taken back: (the game replayed from ``record``, the
    record of ``game``, without its last answer; the events that answer made).

    The rules of undo: the last answer must be ``me``'s (no other seat answered
    since), given in ``me``'s own turn, which is still going on, and nothing
    hidden came out since (:func:`undo_refusal`). Raises :class:`UndoRefused`
    otherwise, and when the record cannot be replayed."""
    if not record["answers"]:
        raise UndoRefused(Msg("There is nothing to undo yet."))
    steps: list = []
    try:
        replay(record, steps)
    except RecordError:
        raise UndoRefused(Msg("The game cannot be replayed, so undo is not possible.")) from None
    last = steps[-1]
    if last.player != me:
        raise UndoRefused(Msg("{player} answered since then; undo is not possible.", player=last.player))
    if last.turn_player != me or last.turn != game.turn.number or game.current.name != me:
        raise UndoRefused(Msg("Undo takes back only your answers in your own turn."))
    events = game.log[last.log :]
    why = undo_refusal(events, me)
    if why is not None:
        raise UndoRefused(why)
    shorter = dict(record, answers=record["answers"][:-1])
    try:
        return replay(shorter), events
    except RecordError:
        raise UndoRefused(Msg("The game cannot be replayed, so undo is not possible.")) from None


EXPORT_ALL = ("all", "alles")  # export all: the export's lines printed here, at every seat


def export_here(lines: list, lang: Language, over: bool = False) -> list:
    """What ``export all`` prints: a sentence with the count of ``lines`` (str), the game "so
    far" unless it is ``over`` (after the final scores), then the lines."""
    if over:
        said = lang.text(N_("Here is the game as export writes it, {n:1 line|{n} lines}."), n=len(lines))
    else:
        said = lang.text(N_("Here is the game so far as export writes it, {n:1 line|{n} lines}."), n=len(lines))
    return [said, *lines]


def export_lines(game, record: dict, seat: str | None, kinds: dict, lang: Language, when: str) -> list:
    """The game so far as plain lines for ``seat`` (a player's name, or None for the public
    record), what ``export`` writes: a heading (``when``, an ISO date and time; the seed
    once the game is over, never before, as it determines every shuffle;
    the players with their kinds from ``kinds``, name to kind; the Kingdom is the first
    event told), then every event the seat may know (the public record and its own private
    facts), told in ``lang`` by its narrator, one sentence a line, with its own hand at the
    first decision of each of its turns (:func:`turn_hands`, read from ``record``, the
    game's :func:`~a11y_dominion.record.make_record`). Raises nothing."""
    cfg = game.config
    date = when.replace("T", " ")
    lines = [
        # the seed determines every shuffle: told only when the game can no longer be played
        lang.text(N_("a11y-dominion game of {date}, seed {seed}."), date=date, seed=cfg.seed)
        if game.game_over
        else lang.text(N_("a11y-dominion game of {date}."), date=date),
        lang.text(
            N_("Players: {players}."),
            players=", ".join(f"{n} ({lang._(kinds.get(n, 'human'))})" for n in cfg.players),
        ),
    ]
    lines.append("")
    narrator = Narrator(viewer=seat, verbosity="verbose", lang=lang)
    log = redact_all(game.log, seat)
    start = 0
    for at, hand in turn_hands(record, seat, lang):
        lines.extend(narrator.sentences(log[start:at]))
        lines.append(hand)
        start = at
    lines.extend(narrator.sentences(log[start:]))
    return lines


def turn_hands(record: dict, seat: str | None, lang: Language) -> list:
    """(index in the game's log, "Your hand: 2 Coppers and 3 Estates.") at the first decision of
    each of ``seat``'s turns, found by replaying the game's ``record``: the seat's own
    hand, which only its own export tells. Empty for no seat, or a record that
    cannot be replayed."""
    if seat is None:
        return []
    out: list = []
    seen: set = set()
    try:
        game = replay(dict(record, answers=[]))
        for answer in [*record["answers"], None]:
            d = game.pending
            if d is None:
                break
            if d.kind == "turn" and game.current.name == seat and (key := game.turn.number) not in seen:
                seen.add(key)
                names = group_names(sorted_names(player_view(game, seat).hand), lang)
                out.append((len(game.log), lang.text(N_("Your hand: {cards}."), cards=names)))
            if answer is None:
                break
            game.answer(answer)
    except (RecordError, ValueError):
        return out
    return out


class History:
    """``undo`` and ``export`` for :class:`~a11y_dominion.console.app.Console`
    (a mixin), and the game's autosave (:class:`~a11y_dominion.autosave.Autosave`)."""

    def start_autosave(self, saved=None) -> None:
        """Save every answer from now on: to a new autosave file, or (``saved``,
        a resumed :class:`~a11y_dominion.autosave.SavedGame`) to its own. A file
        that cannot be written is one sentence at the start; the game goes on."""
        self.stop_autosave()
        self.unsaved_said = False  # a failure of this file is said once
        try:
            if saved is not None:
                self.autosave = Autosave.reopen(saved, humans=self.humans)
            else:
                current = self.game.current  # a loaded game is at this turn ("games" says it)
                self.autosave = Autosave.create(
                    self.record(),
                    humans=self.humans,
                    language=self.default_lang.code,
                    verbosity=self.default_verbosity,
                    turn=(current.name, current.turns_taken + 1) if self.game.answers else None,
                )
        except OSError as e:
            self.autosave = None
            self.notices.append(
                self.t(
                    N_("The game is not saved as you play: {folder} cannot be written ({error})."),
                    folder=str(games_dir()),
                    error=e.strerror or e,
                )
            )
        self.table.autosave = self.autosave

    def stop_autosave(self) -> None:
        """Close the autosave file (the game in it stays as it was)."""
        save, self.autosave = getattr(self, "autosave", None), None
        if save is not None:
            save.close()
        if self.table is not None:
            self.table.autosave = None

    # ------------------------------------------------------------ undo
    def cmd_undo(self, rest: str = "") -> None:
        """undo: take back the last answer of the player who must answer now, when it
        was theirs, in their own turn, and nothing hidden came out since. One
        sentence why not otherwise. Replays the record, so the game is exact."""
        d = self.game.pending
        if d is None:
            return
        me = d.player
        try:
            game, events = take_back(self.record(), self.game, me)
        except UndoRefused as e:
            self.error(self.lang.msg(e.args[0]))
            return
        before = self.view(me)
        self.game = game
        self.table.replace_game(game)
        if self.autosave is not None:
            self.autosave.undone(len(game.answers))
        self._tell_undone(me, events, before)
        # the figures heard since are old: the prompt says each one, as it does at that decision
        if me in self.people:
            self.people[me].told_figures = None
        self.prompted = None
        self.reloaded = True  # the table asks again, now for the decision before the answer

    def _tell_undone(self, me: str, events: list, before=None) -> None:
        """The seat at the keyboard hears what was taken back (without the figures it left,
        old now: "Taken back: your buy of Silver.", and the figures that changed which the
        prompt does not say; ``before``: its view before the undo) and its hand; every other
        human seat hears it (redacted for it) when the keyboard comes to it."""
        for name, seat in self.people.items():
            if name is None:
                continue
            if seat is self.holder:
                self.say(q.undone_text(events, me, before, self.view(me), self.lang), priority="high")
                self.reply(q.hand_lines(self.view(me), not self.shared, self.lang))
            else:
                # its summary of this turn must not count what was taken back: it starts again
                told_events = redact_all(events, name)
                seat.take_back_told(me, len(told_events))
                told = q.undone_line(name, me, told_events, seat.lang)
                seat.queue.append((told, "high"))

    # ------------------------------------------------------------ export
    def export_lines(self, seat: str | None) -> list:
        """The game so far as plain lines for ``seat`` (:func:`export_lines`), in its language."""
        person = self.people.get(seat)
        lang = person.lang if person is not None else self.lang
        when = self.autosave.started if self.autosave is not None else now()
        return export_lines(self.game, self.record(), seat, dict(self.seats), lang, when)

    def cmd_export(self, path: str) -> None:
        """export FILE: write the game so far as plain text for the seat at the keyboard;
        asks before replacing a file; one sentence either way, naming the file's full path.
        ``export all`` prints those lines here instead, as at every seat (:func:`export_here`)."""
        path = typed_path(path)
        if not path:
            self.error(self.lang._(N_("Export needs a file name, for example export game.txt.")))
            return
        over = self.game.game_over  # after the final scores: the whole game, not "so far"
        if path.lower() in EXPORT_ALL:
            self.reply(export_here(self.export_lines(self.me_at_keyboard()), self.lang, over))
            return
        self._write_out(
            os.path.abspath(path),
            lambda: "\n".join(self.export_lines(self.me_at_keyboard())) + "\n",
            refused=N_("Cannot write {file}: {error}"),
            failed=N_("Cannot write {file}: {error}."),
            kept=N_("Not exported. The file is as it was."),
            done=N_("The game is written to {file}.") if over else N_("The game so far is written to {file}."),
            done_linked=N_("The game is written to {target}, the file {file} links to.")
            if over
            else N_("The game so far is written to {target}, the file {file} links to."),
        )
