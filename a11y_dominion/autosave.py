"""Autosave: every answer of a game appended to a file as it is given.

A game's autosave is a JSON-lines file in the user data directory
(:func:`data_dir`: ``A11Y_DOMINION_DATA``, else platformdirs'
``user_data_dir``, which follows ``XDG_DATA_HOME`` on Linux), under
``games/ID.jsonl``. Its first line is the header: the record of the game's
start (:func:`~a11y_dominion.record.make_record`: setup, seed, seats with
their language and verbosity, and the answers of a loaded game so far), the
language and verbosity of the console and the date. Then one line per
answer (``{"n": answers before it, "p": player, "t": own turn number, "a":
answer}``), one line per undo (``{"undo": answers kept}``), one line per
change of a seat's options after the header was written (``{"seat": name,
"options": {"language": ..., "verbosity": ...}}``: what a hosted game's player
chose at a login or with ``settings``; these lines came with version 2, and a
version 1 file, without them, reads as before) and, when the game ends, one line with its result (``{"end": ...}``).

Each line is written with one ``write`` call on an unbuffered descriptor
opened for appending, so a ``kill -9`` at any moment leaves every answer
given before it in the file; ``fsync`` follows every answer of a person (and
the end, and every :data:`SYNC_EVERY` answers of bots), so a power cut loses
at most bot answers since the last person's answer, which the game gives
again identically on resume (bots answer as a deterministic function of the
seed and the number of answers before, see :class:`~a11y_dominion.bots.simple.RandomBot`).
An autosave given a ``syncer`` (a thread pool: the server's, whose event loop serves
many tables) still writes each line at once, but runs the ``fsync`` of an answer
in a thread; :meth:`Autosave.durable` is what the table awaits before it tells
anyone that answer (:meth:`~a11y_dominion.table.Table.run_async`), so that no
answer a seat was told is lost by a crash of the computer either.
A torn last line (the process killed inside a write) is ignored when the
file is read, and cut off before the next answer is appended.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import shutil
from collections.abc import Awaitable, Iterable
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files import BINARY, SAVE_LIMIT, FileError, open_regular, parse_json, shown_name, sync_dir, user_dirs
from .i18n import typed_command
from .record import FORMAT as RECORD_FORMAT
from .record import VERSION as RECORD_VERSION
from .record import RecordError, answer_data, versions
from .rules.decisions import Msg, Option
from .rules.events import GameEnded
from .rules.game import Game

if TYPE_CHECKING:
    from filelock import BaseFileLock

APP = "a11y-dominion"
FORMAT = "a11y-dominion-autosave"
VERSION = 2
# version 1 had no ``seat`` lines (a seat's options changed after the header); version 2 added them,
# so a program that reads only version 1 says the file is newer instead of calling it damaged
READS = (1, 2)
SYNC_EVERY = 64  # bot answers between two fsyncs
ID_PATTERN = re.compile(r"^[0-9]{8}-[0-9]{6}(?:-[0-9]{1,3})?$")


def data_dir(platform: str | None = None) -> Path:
    """The user data directory of the program (``A11Y_DOMINION_DATA`` overrides), on ``platform``
    (a ``sys.platform`` value; None: this computer's, see :func:`~a11y_dominion.files.user_dirs`).
    Raises ImportError without platformdirs."""
    env = os.environ.get("A11Y_DOMINION_DATA")
    if env:
        return Path(env).expanduser()
    return Path(user_dirs(platform).user_data_dir)


def games_dir(platform: str | None = None) -> Path:
    """Where the autosave files are, on ``platform`` (as :func:`data_dir`)."""
    return data_dir(platform) / "games"


def now() -> str:
    """The local date and time, to the second, as ISO text."""
    return _dt.datetime.now().replace(microsecond=0).isoformat()


def _new_id(moment: _dt.datetime, folder: Path | None = None) -> str:
    """The id of a game whose file is made at ``moment`` in ``folder`` (None: :func:`games_dir`):
    its date and time, and a number when a game of that second has it already."""
    stamp = moment.strftime("%Y%m%d-%H%M%S")
    folder = folder or games_dir()
    name = stamp
    i = 1
    while (folder / f"{name}.jsonl").exists():
        i += 1
        name = f"{stamp}-{i}"
    return name


class GameOpen(RecordError):
    """The game is open in another process (another window); ``args[0]`` says so in one sentence."""


_locks: dict[str, BaseFileLock] = {}  # the path of each autosave this process holds -> the lock of its lock file


def lock_path(path: Path) -> Path:
    """The lock file of the autosave at ``path`` (a Path): beside it, ``ID.lock``. The save
    itself is never locked (a lock on Windows would keep every other program, a copy
    among them, from reading it), and no listing reads a ``.lock`` file."""
    return Path(path).with_suffix(".lock")


def hold_file(path: Path) -> BaseFileLock:
    """An exclusive lock on the file at ``path`` (made when missing), taken without waiting,
    which the system lets go when the process ends, even by a crash or ``kill -9``
    (``flock`` on POSIX, ``LockFileEx`` on Windows, through :mod:`filelock`).

    Returns the held lock (``release()`` lets it go). Raises :class:`LockHeld` when
    another process holds it, OSError when the file cannot be made or locked.
    :mod:`filelock` is loaded here, at the first game kept: the commands that keep no
    game (``scenario``, ``simulate``, ``cards``) need no more than the rules."""
    import filelock

    lock = filelock.FileLock(str(path), timeout=0, mode=0o600, thread_local=False)  # held by the process
    try:
        lock.acquire()
    except filelock.Timeout:
        raise LockHeld(str(path)) from None
    return lock


class LockHeld(Exception):
    """:func:`hold_file`: another process holds the lock of the file ``args[0]``."""


def lock_game(path: Path, game_id: str) -> None:
    """Hold the game at ``path`` for this process (:func:`hold_file` on :func:`lock_path`),
    so no other window can append to it at the same time. Holding it again is nothing.

    Raises :class:`GameOpen` when another process holds it. A lock file that cannot be
    made or locked (a folder that cannot be written) holds nothing (writing the game
    there then fails on its own)."""
    key = str(path)
    if key in _locks:
        return
    try:
        _locks[key] = hold_file(lock_path(path))
    except LockHeld:
        raise GameOpen(
            Msg("Game {id} is open in another window; close it there first.", id=shown_name(game_id, 40))
        ) from None
    except OSError:
        return


def open_elsewhere(path: Path) -> bool:
    """Whether another process (another window, a ``host``) has the game at ``path`` open now
    (:func:`lock_game`): its lock file is held. A game this process holds, or with no lock file
    (none was ever held, or it was swept), is not; a lock file that cannot be looked at counts
    as not held. The look takes the lock without waiting and lets it go at once."""
    lock_file = lock_path(path)
    if str(path) in _locks or not lock_file.exists():
        return False
    try:
        hold_file(lock_file).release()
    except LockHeld:
        return True
    except OSError:
        return False
    return False


def unlock_game(path: Path, finished: bool = False) -> None:
    """Let go of the game at ``path`` (:func:`lock_game`); nothing when it is not held.
    ``finished``: the game ended (no window resumes it), so its lock file goes too,
    taken away while still held so that no lock file is left per finished game."""
    lock = _locks.pop(str(path), None)
    if lock is None:
        return
    if finished:
        _drop(lock_path(path))
    try:
        lock.release()
    except OSError:
        pass


def _drop(path: Path) -> None:
    """Remove the file at ``path`` when it can be (on Windows a held lock file cannot be
    removed; :mod:`filelock` removes it there when it lets go)."""
    try:
        os.unlink(path)
    except OSError:
        pass


def sweep_locks(folder: Path, keep: set[str]) -> None:
    """Remove the lock files in ``folder`` (a Path) of the games not in ``keep`` (their IDs:
    the games that may go on), that is of games that ended or whose autosave is gone,
    left by a process stopped before it let go. A lock file some process holds is left."""
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".lock" and ID_PATTERN.match(p.stem)]
    except OSError:
        return
    for p in paths:
        if p.stem in keep:
            continue
        try:
            lock = hold_file(p)
        except (LockHeld, OSError):
            continue
        _drop(p)
        try:
            lock.release()
        except OSError:
            pass


def result_data(game: Game) -> dict[str, Any] | None:
    """The end of ``game`` as JSON-ready data (scores, winners, turns), or None while it goes on."""
    end = next((e for e in reversed(game.log) if isinstance(e, GameEnded)), None)
    if end is None:
        return None
    return {
        "scores": [[s[0], s[1]] for s in end.scores],
        "winners": list(end.winners),
        "turns": [list(t) for t in end.turns],
    }


class _Sync:
    """One ``fsync`` of an autosave's descriptor ``fd`` (an int) in a syncer's thread: ``began``
    turns True as it starts, so a line written before that is on the disk once it is done;
    ``error`` holds the OS error of a failed one; ``future`` is the pool's."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.began = False
        self.error: OSError | None = None
        self.future: Future[None] | None = None

    def run(self) -> None:
        self.began = True
        try:
            os.fsync(self.fd)
        except OSError as e:
            self.error = e


class Autosave:
    """The autosave file of one game, open for appending.

    Make one with :meth:`create` (a new game) or :meth:`reopen` (a resumed
    one). ``humans``: the names of the seats of people (their answers are
    synced to disk at once). ``history``: whether the finished game goes into
    the player's game history (``stats``); a server's games do not, as they
    are its players', kept in its own database. ``syncer``: None (each
    ``fsync`` runs where the line is written), or a thread pool that runs the
    ``fsync`` of the answers and of the end, which :meth:`durable` awaits. A write that fails (a full
    disk) turns the autosave off and ``failed`` holds the OS error; the game
    goes on.
    """

    def __init__(
        self,
        path: Path,
        game_id: str,
        answers: int,
        humans: Iterable[str] = (),
        finished: bool = False,
        record: dict[str, Any] | None = None,
        history: bool = True,
        syncer: Executor | None = None,
    ) -> None:
        self.path = Path(path)
        self.history = history
        self.syncer = syncer
        self._syncs: list[_Sync] = []  # the fsyncs sent to the syncer and maybe not done
        self._told_after: _Sync | None = None  # the fsync the last answer waits for before it is told
        self.record = record or {}  # the record of the game's start (its setup and seats)
        self.started = now()
        self.id = game_id
        self.answers = answers  # the answers in the file
        self.humans = set(humans)
        self.finished = finished
        self.failed: OSError | None = None
        self._unsynced = 0
        self._fd: int | None = None
        self._header: dict[str, Any] | None = None  # a new game's header, written with the first answer
        self.file_names: dict[str, str] = {}  # a seat's name in play -> its name in the file (a renamed seat)
        self.notices: list[Msg] = []  # sentences to say once the game ended: about the game history
        self.folder: Path | None = None  # where a new game's file is made (None: games_dir())

    # ------------------------------------------------------------ opening
    @classmethod
    def create(
        cls,
        record: dict[str, Any],
        humans: Iterable[str] = (),
        language: str = "en",
        verbosity: str = "normal",
        extra: dict[str, Any] | None = None,
        folder: Path | None = None,
        history: bool = True,
        syncer: Executor | None = None,
        turn: tuple[str, int] | None = None,
    ) -> Autosave:
        """The autosave of a new game (or a loaded one) from ``record``, whose
        answers so far go into the header (with ``extra``: the passwords of a
        hosted game's seats; the file is readable by its owner only; ``turn``: a
        loaded game's (player, own turn number) now, which ``games`` says until an
        answer comes). The file is made at the first answer,
        so a game stopped before any answer leaves none behind. ``folder``: where the file is made
        (None: :func:`games_dir`, the player's games; a server keeps its tables' games in its
        own data folder); ``history`` and ``syncer``: see the class."""
        save = cls(
            (folder or games_dir()) / "new.jsonl",
            "",
            len(record.get("answers", [])),
            humans,
            record=record,
            history=history,
            syncer=syncer,
        )
        save.folder = folder
        save._header = {
            "format": FORMAT,
            "version": VERSION,
            "id": "",
            "started": save.started,
            "language": language,
            "verbosity": verbosity,
            "record": record,
            "extra": dict(extra or {}),
        }
        if turn is not None:
            save._header["turn"] = [turn[0], turn[1]]
        return save

    def _open_new(self) -> None:
        """Make the file of a new game and write its header (raises OSError)."""
        folder = self.folder or games_dir()
        folder.mkdir(parents=True, exist_ok=True)
        moment = _dt.datetime.now().replace(microsecond=0)
        self.id = _new_id(moment) if self.folder is None else _new_id(moment, folder)
        self.path = folder / f"{self.id}.jsonl"
        header, self._header = self._header, None
        if header is None:  # (made once, for a new game's header: see keep)
            return
        header["id"] = self.id
        # the game's date is its id's (a hosted game's setup may have waited long for its players)
        header["started"] = self.started = moment.isoformat()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | BINARY, 0o600)
        try:
            lock_game(self.path, self.id)
        except GameOpen:
            pass  # made by this process just now (O_EXCL): a lock left from elsewhere holds nothing of it
        self._write(header, sync=True)
        sync_dir(folder)

    @classmethod
    def reopen(
        cls, saved: SavedGame, humans: Iterable[str] = (), history: bool = True, syncer: Executor | None = None
    ) -> Autosave:
        """Go on appending to the autosave of ``saved``: a torn last line is cut
        off first (and what follows a damaged line); ``history`` and ``syncer``: see the class. Raises OSError
        when the file cannot be written, :class:`GameOpen` when another process has the game open."""
        lock_game(saved.path, saved.id)
        if (saved.damaged or saved.torn) and not saved.kept_as.exists():
            shutil.copy2(saved.path, saved.kept_as)
        fd = os.open(saved.path, os.O_WRONLY | os.O_APPEND | BINARY)
        try:
            if os.fstat(fd).st_size > saved.good_bytes:
                os.ftruncate(fd, saved.good_bytes)
                os.fsync(fd)
        except OSError:
            os.close(fd)
            raise
        save = cls(
            saved.path,
            saved.id,
            len(saved.answers),
            humans,
            finished=saved.finished,
            record=saved.record,
            history=history,
            syncer=syncer,
        )
        save.started = saved.started
        save._fd = fd
        save.file_names = {new: old for old, new in saved.renamed.items()}
        return save

    # ------------------------------------------------------------ writing
    @property
    def seats(self) -> list[Any]:
        """The seats of the game's header, as the record lists them."""
        return list(self.record.get("seats") or [])

    def _write(self, data: dict[str, Any], sync: bool, later: bool = False) -> None:
        """Append ``data`` as one line at once; ``sync``: it is on the disk before this returns,
        or, with ``later`` and a syncer, once :meth:`durable` is done."""
        self.keep()  # the file is made at the first line written
        if self._fd is None:
            return
        line = (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            os.write(self._fd, line)
            self._unsynced += 1
            if sync or self._unsynced >= SYNC_EVERY:
                self._unsynced = 0
                job = self._sync_later(self._fd) if later else None
                if job is None:
                    os.fsync(self._fd)
                elif sync:
                    self._told_after = job
        except OSError as e:
            self.failed = e
            self.close()

    def _sync_later(self, fd: int) -> _Sync | None:
        """An ``fsync`` of ``fd`` in the syncer's thread that begins after every line written
        so far: one sent before and not begun yet, else a new one; None without a syncer, or
        when it was shut down (the server stops), for an ``fsync`` here. Raises the OSError of
        one that failed before (a bot's answers, which nobody awaited)."""
        for job in self._syncs:
            if job.error is not None:
                raise job.error
        self._syncs = [job for job in self._syncs if job.future is not None and not job.future.done()]
        if self._syncs and not self._syncs[-1].began:  # (it begins after this line's write, so it keeps it too)
            return self._syncs[-1]
        if self.syncer is None:
            return None
        job = _Sync(fd)
        try:
            job.future = self.syncer.submit(job.run)
        except RuntimeError:  # (shut down)
            return None
        self._syncs.append(job)
        return job

    def durable(self) -> Awaitable[None] | None:
        """What to await before anyone is told the last answer (or the end): the ``fsync`` in the
        syncer's thread that puts it on the disk; None when there is nothing to wait for (no
        syncer, a bot's answer, or awaited already). A failed ``fsync`` turns the autosave off
        as a failed write does (:attr:`failed`); the game goes on."""
        job, self._told_after = self._told_after, None
        if job is None or job.future is None:
            return None
        return self._synced(job)

    async def _synced(self, job: _Sync) -> None:
        import asyncio  # (here: the console's start does without it until a hosted game)

        if job.future is not None:
            await asyncio.wrap_future(job.future)
        if job.error is not None and self.failed is None:
            self.failed = job.error
            self.close()

    def answered(self, game: Game, player: str, answer: list[Option]) -> None:
        """``player``'s ``answer`` was accepted by ``game``: append it (and the
        result when it ended the game)."""
        p = game.current
        names = self.file_names  # the file goes on with the names of its header
        self._write(
            {
                "n": self.answers,
                "p": names.get(player, player),
                "t": [names.get(p.name, p.name), p.turns_taken + 1],
                "a": answer_data(answer),
            },
            sync=player in self.humans or game.pending is None,
            later=True,
        )
        self.answers += 1
        if game.pending is None and not self.finished:
            self.finish(game)

    def seat_options(self, name: str, options: dict[str, str]) -> None:
        """The seat ``name`` (its name in play) now has ``options`` (``language``, a code, and
        ``verbosity``: strings), kept with its entry in the record's seat list: in the header
        while it is not written yet, else on a line of its own (:func:`read_saved` reads it
        back into the seat list). Nothing is written when they did not change, or when the
        record has no such seat."""
        shown = self.file_names.get(name, name)
        entry = next((e for e in self.record.get("seats") or [] if isinstance(e, list) and e and e[0] == shown), None)
        if entry is None:
            return
        had = entry[2] if len(entry) > 2 and isinstance(entry[2], dict) else {}
        now_ = {**had, **{k: v for k, v in options.items() if isinstance(v, str)}}
        if now_ == had:
            return
        if len(entry) > 2:
            entry[2] = now_
        else:
            entry.append(now_)
        if self._header is None:  # the header went out: the change goes on a line of its own
            self._write({"seat": shown, "options": now_}, sync=True)

    def undone(self, answers: int) -> None:
        """The game was put back to its first ``answers`` answers (undo)."""
        self._write({"undo": answers}, sync=True)
        self.answers = answers

    def finish(self, game: Game) -> None:
        """The game ended: append its result; it is no longer unfinished."""
        self.finished = True
        result = result_data(game) or {}
        names = self.file_names
        if names and result:  # in the names of the file's header
            result = {
                "scores": [[names.get(n, n), v] for n, v in result["scores"]],
                "winners": [names.get(n, n) for n in result["winners"]],
                "turns": [[names.get(n, n), t] for n, t in result["turns"]],
            }
        self._write({"end": result, "date": now()}, sync=True, later=True)
        if self.id and self.history:
            # here, not at the top: stats imports this module at its top (and sqlite3 waits till now)
            from .stats import add_game

            add_game(self.id, self.started, self.record, result, notices=self.notices)

    def keep(self) -> None:
        """Make the file now, when no answer made it yet: a game stopped before its first
        answer is kept too (listed by ``games``, resumable)."""
        if self._header is not None and self.failed is None:
            try:
                self._open_new()
            except OSError as e:
                self.failed = e
                self._header = None

    def sync(self) -> None:
        """Flush what was written to the disk."""
        if self._fd is not None and self._unsynced:
            try:
                os.fsync(self._fd)
            except OSError:
                pass
            self._unsynced = 0

    def close(self) -> None:
        """Sync and close the file, once the syncer's threads are done with it; later answers
        are not saved."""
        fd, self._fd = self._fd, None
        if fd is not None:
            syncs, self._syncs = self._syncs, []
            # each syncs this descriptor: it is closed after them
            wait_for([job.future for job in syncs if job.future is not None])
            try:
                os.fsync(fd)
            except OSError:
                pass
            os.close(fd)
        unlock_game(self.path, finished=self.finished)


# ---------------------------------------------------------------- reading
@dataclass
class SavedGame:
    """One autosave file as read: its header's record with the answers of
    the lines after it (undo applied), whether it ended (``result``), and
    ``good_bytes``, the length of its whole lines (a torn last line is not
    counted)."""

    path: Path
    id: str
    started: str
    record: dict[str, Any]
    answers: list[Any]
    language: str = "en"
    verbosity: str = "normal"
    players: list[str] = field(default_factory=list)
    turn: tuple[str, Any] | None = None  # (player, own turn number) after the last answer
    result: dict[str, Any] | None = None
    ended: str = ""
    good_bytes: int = 0
    torn: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    damaged: bool = False  # a line that cannot be read is followed by more: the game goes on from before it
    # the seats renamed when the game was resumed (name in the file -> name in play: {"Jij": "You"})
    renamed: dict[str, str] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        """True when the game ended."""
        return self.result is not None

    @property
    def kept_as(self) -> Path:
        """Where the whole file of a damaged game is copied before it goes on."""
        return self.path.with_name(self.path.name + ".damaged")

    def damage_notice(self) -> Msg | None:
        """One sentence when the file is damaged after some answer, or cut short inside its
        last line, and the game goes on from there (:meth:`Autosave.reopen` cuts what follows,
        keeping a copy); else None."""
        if not self.damaged:
            if self.torn:
                return Msg(
                    "The saved game {id} was cut short inside its last line; it goes on from answer {n}, "
                    "and the whole file is kept as {file}.",
                    id=self.id,
                    n=len(self.answers),
                    file=str(self.kept_as),
                )
            return None
        return Msg(
            "The saved game {id} is damaged after answer {n}; it goes on from there, "
            "and the whole file is kept as {file}.",
            id=self.id,
            n=len(self.answers),
            file=str(self.kept_as),
        )

    def full_record(self) -> dict[str, Any]:
        """The record of the game so far, as a save file holds it."""
        out = dict(self.record)
        out["answers"] = list(self.answers)
        out["format"], out["version"] = RECORD_FORMAT, RECORD_VERSION
        return out

    @property
    def kingdom(self) -> list[str]:
        """The Kingdom piles of the game."""
        cfg = self.record.get("config") or {}
        return [k for k in cfg.get("kingdom") or [] if isinstance(k, str)]

    @property
    def seats(self) -> list[tuple[str, str]]:
        """(name, kind) of every seat."""
        out = []
        for e in self.record.get("seats") or []:
            if isinstance(e, list) and len(e) >= 2:
                out.append((str(e[0]), str(e[1])))
        return out

    @property
    def hosted(self) -> bool:
        """True when a seat plays at another computer (the game goes on with ``host --resume``)."""
        return any(kind == "remote" for _name, kind in self.seats)


class Unreadable(RecordError):
    """An autosave whose first line (its header) cannot be read: damaged, not a game of
    another version (:func:`set_aside_unreadable` keeps it aside)."""


def read_saved(path: Path) -> SavedGame:
    """The autosave file at ``path``; a torn or damaged last line is left out.

    Raises :class:`~a11y_dominion.record.RecordError` (one sentence) when the
    file cannot be read or its header is damaged."""
    path = Path(path)
    name = shown_name(path.name)
    try:
        with open_regular(str(path)) as f:
            if os.fstat(f.fileno()).st_size > SAVE_LIMIT:
                raise RecordError(Msg("{file} is too large to be a saved game.", file=name))
            data = f.read(SAVE_LIMIT + 1)
    except OSError as e:
        raise RecordError(Msg("{file} cannot be read ({error}).", file=name, error=e.strerror or "error")) from None
    lines = data.split(b"\n")
    # every whole line ends with a newline: what follows the last one is torn
    torn = lines.pop() != b""
    good = 0
    items: list[dict[str, Any]] = []
    bad_line = False
    for raw in lines:
        try:
            item = parse_json(raw, "save file")
        except FileError:
            item = None
        if not isinstance(item, dict):
            bad_line = True  # a whole line (one write, newline and all) that cannot be read: not a torn end
            torn = True
            break
        items.append(item)
        good += len(raw) + 1
    damaged = Unreadable(Msg("The saved game {file} is damaged: its first line cannot be read.", file=name))
    if not items:
        raise damaged
    header = items[0]
    record = header.get("record")
    if header.get("format") != FORMAT or not isinstance(record, dict) or not isinstance(record.get("answers"), list):
        raise damaged
    version = header.get("version")
    if type(version) is not int or version not in READS:
        raise RecordError(
            Msg(
                "The saved game {file} has version {version}; this program reads version {ours}.",
                file=name,
                version=shown_name(str(version), 20),
                ours=versions(READS),
            )
        )
    extra = header.get("extra")
    saved = SavedGame(
        path=path,
        id=path.stem,  # the file's own ID, the one resume finds it by (not a field of the file)
        started=str(header.get("started") or ""),
        record=record,
        answers=list(record["answers"]),
        language=str(header.get("language") or "en"),
        verbosity=str(header.get("verbosity") or "normal"),
        good_bytes=good,
        torn=torn,
        extra=extra if isinstance(extra, dict) else {},
        damaged=bad_line,
    )
    t = header.get("turn")  # a loaded game's turn when its autosave began
    if isinstance(t, list) and len(t) == 2:
        saved.turn = (str(t[0]), t[1])
    good = len(lines[0]) + 1
    for raw, item in zip(lines[1:], items[1:], strict=False):
        if "a" in item and item.get("n") == len(saved.answers):
            saved.answers.append(item["a"])
            t = item.get("t")
            if isinstance(t, list) and len(t) == 2:
                saved.turn = (str(t[0]), t[1])
        elif "undo" in item and isinstance(item["undo"], int) and 0 <= item["undo"] <= len(saved.answers):
            del saved.answers[item["undo"] :]
        elif "seat" in item and isinstance(item["seat"], str) and isinstance(item.get("options"), dict):
            _set_seat_options(record, item["seat"], item["options"])
        elif "end" in item and isinstance(item["end"], dict):
            saved.result = item["end"]
            saved.ended = str(item.get("date") or "")
        else:  # a line that does not follow from the ones before: the file ends here
            saved.torn = True
            saved.damaged = True
            break
        good += len(raw) + 1
    saved.good_bytes = good
    return saved


def _set_seat_options(record: dict[str, Any], name: str, options: dict[str, Any]) -> None:
    """The seat ``name`` of ``record``'s seat list gets the string ``options`` of a ``seat``
    line (a seat the list does not have is left alone)."""
    for entry in record.get("seats") or []:
        if isinstance(entry, list) and len(entry) >= 2 and entry[0] == name:
            kept = {k: v for k, v in options.items() if isinstance(k, str) and isinstance(v, str)}
            if len(entry) > 2 and isinstance(entry[2], dict):
                entry[2] = {**entry[2], **kept}
            else:
                del entry[2:]
                entry.append(kept)
            return


def _id_order(path: Path) -> tuple[str, int]:
    """The order of the games' IDs: by date, then the games begun in the same second in turn
    (20260101-120000 before 20260101-120000-2)."""
    stamp, _, n = path.stem[:15], path.stem[15:16], path.stem[16:]
    return (stamp, int(n) if n else 1)


def all_games(damaged: list[tuple[str, RecordError]] | None = None) -> list[SavedGame]:
    """Every autosave that can be read, oldest first (by its ID, the date it began).
    With ``damaged`` (a list), (ID, :class:`~a11y_dominion.record.RecordError`) of every
    autosave that cannot be read is appended to it. The lock files of games that ended
    are taken away on the way (:func:`sweep_locks`)."""
    folder = games_dir()
    try:
        paths = sorted(
            (p for p in folder.iterdir() if p.suffix == ".jsonl" and ID_PATTERN.match(p.stem)), key=_id_order
        )
    except OSError:
        return []
    out = []
    for p in paths:
        try:
            out.append(read_saved(p))
        except RecordError as e:
            if damaged is not None:
                damaged.append((p.stem, e))
    sweep_locks(folder, {p.stem for p in paths} - {g.id for g in out if g.finished})
    return out


def set_aside_unreadable(then: str, after: str | None = None) -> list[Msg]:
    """Rename every autosave whose first line cannot be read (:class:`Unreadable`; with
    ``after``, a game ID, only those begun later) to ``NAME.jsonl.damaged`` (or ``.damaged-2``
    and on, when that is taken), so that it is kept and said once; one sentence for each,
    ending in ``then``: "new" (a new game starts), "older" (the game ``after`` goes on) or
    "none" (there is no game to resume)."""
    damaged: list[tuple[str, RecordError]] = []
    all_games(damaged)
    said = []
    for game_id, error in damaged:
        path = games_dir() / f"{game_id}.jsonl"
        if not isinstance(error, Unreadable):
            continue
        if after is not None and _id_order(path) <= _id_order(path.with_name(f"{after}.jsonl")):
            continue
        kept = path.with_name(path.name + ".damaged")
        n = 1
        while kept.exists():
            n += 1
            kept = path.with_name(f"{path.name}.damaged-{n}")
        try:
            os.rename(path, kept)
        except OSError:
            continue  # listed by games as damaged, as before
        fields = {"file": path.name, "kept": str(kept)}
        if then == "new":
            msg = Msg("The saved game {file} cannot be read, so it is kept as {kept} and a new game starts.", **fields)
        elif then == "older":
            msg = Msg(
                "The saved game {file} cannot be read, so it is kept as {kept} and the game before it goes on.",
                **fields,
            )
        else:
            msg = Msg(
                "The saved game {file} cannot be read, so it is kept as {kept}; {command} starts a new game.",
                command=typed_command(),
                **fields,
            )
        said.append(msg)
    return said


def unfinished_games() -> list[SavedGame]:
    """The games that have not ended, oldest first."""
    return [g for g in all_games() if not g.finished]


def find_game(game_id: str | None, local: bool = False) -> SavedGame:
    """The unfinished game ``game_id``, or the latest unfinished one, held for this
    process (:func:`lock_game`); with ``local`` the latest one with no seat at another
    computer (one ``resume`` plays at this keyboard).

    Raises :class:`~a11y_dominion.record.RecordError` with one sentence when there is
    none (with ``local`` and only hosted games, the sentence names ``host --resume`` with the
    latest), :class:`GameOpen` when another window has it open."""
    if game_id is None:
        games = unfinished_games()
        if not games:
            raise RecordError(
                Msg("There is no unfinished game to resume; {command} starts a new one.", command=typed_command())
            )
        if local and all(g.hosted for g in games):
            raise RecordError(
                Msg(
                    "The unfinished game {id} has players at other computers; {command} host --resume {id} "
                    "goes on with it.",
                    id=games[-1].id,
                    command=typed_command(),
                )
            )
        if local:
            games = [g for g in games if not g.hosted]
        lock_game(games[-1].path, games[-1].id)
        return games[-1]
    if not ID_PATTERN.match(game_id):
        raise RecordError(
            Msg(
                "{id} is not a game's ID; {command} games lists them, for example 20260101-120000.",
                id=shown_name(game_id, 40),
                command=typed_command(),
            )
        )
    path = games_dir() / f"{game_id}.jsonl"
    if not path.exists():
        raise RecordError(
            Msg("There is no game {id}; {command} games lists them.", id=game_id, command=typed_command())
        )
    saved = read_saved(path)
    if saved.finished:
        raise RecordError(Msg("The game {id} has ended; there is nothing to resume.", id=game_id))
    lock_game(saved.path, saved.id)
    return saved
