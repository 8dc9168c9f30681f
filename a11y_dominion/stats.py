"""The history of finished games: an SQLite database in the user data directory.

:func:`add_game` stores a finished game (its date, Kingdom, seats with
their kind, score and whether they won); :func:`summary` reads the figures
``a11y-dominion stats`` tells. The database (``history.sqlite3`` in
:func:`~a11y_dominion.autosave.data_dir`) has a ``schema_version`` table;
:data:`MIGRATIONS` brings an older database up to the current version, one
step at a time, each in its own transaction.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from contextlib import closing
from pathlib import Path
from typing import Any, TypedDict

from .autosave import data_dir
from .files import BINARY, JsonRefused, bounded_json
from .rules.decisions import Msg

MIGRATIONS = [
    # version 1: games and their seats
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        started TEXT NOT NULL,
        kingdom TEXT NOT NULL,
        turns INTEGER NOT NULL
    );
    CREATE TABLE seats (
        game TEXT NOT NULL REFERENCES games(id),
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL
    );
    """,
    # version 2: look seats up by game
    "CREATE INDEX seats_by_game ON seats(game);",
]
SCHEMA_VERSION = len(MIGRATIONS)
KINGDOM_LIMIT = 64 * 1024  # bytes of a game's Kingdom as the database holds it (JSON)


class Summary(TypedDict):
    """The figures of ``stats`` (see :func:`summary`)."""

    games: int
    human_games: int
    human_wins: int
    human_ties: int
    average_score: float | None
    kingdoms: list[tuple[list[str], int, int, int]]  # (card names, games, won alone, tied)
    opponents: list[tuple[str, int, int, int]]  # (bot kind or "human", games, won alone, tied)


class _Played(TypedDict):
    """One game as :func:`summary` reads it: its Kingdom and its seats (kind, score, won)."""

    kingdom: tuple[str, ...]
    seats: list[tuple[str, int, bool]]


class StatsError(Exception):
    """The database cannot be read or written; ``args[0]`` is the reason, ``damaged`` True
    when the file is damaged (not a database, or a malformed one: :func:`is_damage`)."""

    def __init__(self, reason: str, damaged: bool = False) -> None:
        super().__init__(reason)
        self.damaged = damaged


def is_damage(error: BaseException) -> bool:
    """True when ``error`` (an :class:`sqlite3.Error`) says the database file is damaged:
    SQLite's ``SQLITE_NOTADB`` ("file is not a database") or ``SQLITE_CORRUPT`` ("database
    disk image is malformed"), not a locked or unwritable one."""
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11 and later
    if code is not None:
        return code & 0xFF in (11, 26)
    return type(error) is sqlite3.DatabaseError and str(error) in (
        "file is not a database",
        "database disk image is malformed",
    )


def set_aside(path: Path) -> Path:
    """Rename the damaged database at ``path`` to the first free name of
    ``history.sqlite3.damaged``, ``history.sqlite3.damaged-2``, ... beside it, with its
    journal files (``-journal``, ``-wal``, ``-shm``: SQLite would play them into a new
    database of the old name); returns the new path. Raises OSError when it cannot."""
    for n in range(1, 1000):
        kept = path.with_name(path.name + (".damaged" if n == 1 else f".damaged-{n}"))
        if not any(os.path.lexists(str(kept) + end) for end in ("", "-journal", "-wal", "-shm")):
            break
    else:
        raise FileExistsError(17, "File exists", str(kept))
    os.rename(path, kept)
    for end in ("-journal", "-wal", "-shm"):
        if os.path.lexists(str(path) + end):
            os.rename(str(path) + end, str(kept) + end)
    return kept


def db_path() -> Path:
    """Where the database is."""
    return data_dir() / "history.sqlite3"


def owner_only(path: Path) -> None:
    """Make the database file readable by its owner only (mode 0600), as every file of
    the program is: made empty with that mode before SQLite opens it (SQLite gives its
    journal the same mode), or an older one's mode narrowed. Raises OSError."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o600)
    except FileExistsError:
        info = os.stat(path)
        if stat.S_ISREG(info.st_mode) and stat.S_IMODE(info.st_mode) & 0o077:
            os.chmod(path, stat.S_IMODE(info.st_mode) & 0o700)
        return
    os.close(fd)


def connect(path: Path | None = None) -> sqlite3.Connection:
    """The database, made or brought up to :data:`SCHEMA_VERSION`.

    Raises :class:`StatsError` when it cannot be opened, or was written by a
    newer version of the program."""
    path = Path(path or db_path())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        owner_only(path)
        con = sqlite3.connect(path, timeout=5)
        con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = con.execute("SELECT version FROM schema_version").fetchone()
        version = row[0] if row else 0
        if version > SCHEMA_VERSION:
            con.close()
            raise StatsError(f"the game history was written by a newer version (schema {version})")
        for number in range(version, SCHEMA_VERSION):
            with con:  # one transaction per step
                con.executescript("BEGIN;" + MIGRATIONS[number])
                con.execute("DELETE FROM schema_version")
                con.execute("INSERT INTO schema_version VALUES (?)", (number + 1,))
        return con
    except sqlite3.Error as e:
        raise StatsError(str(e), damaged=is_damage(e)) from None
    except OSError as e:
        raise StatsError(str(e)) from None


def add_game(
    game_id: str,
    started: str,
    record: dict[str, Any],
    result: dict[str, Any],
    path: Path | None = None,
    notices: list[Msg] | None = None,
) -> bool:
    """Store the finished game ``game_id`` (``record``: its setup and seats;
    ``result``: scores, winners, turns as :func:`~a11y_dominion.autosave.result_data`
    gives them). A damaged database (:func:`is_damage`) is renamed aside
    (:func:`set_aside`) and a new one made, which the game goes into; one sentence
    (a :class:`Msg`) saying so is appended to ``notices``, and one saying why when the
    game could not be stored. Returns False when it could not (the game still ended well)."""
    path = Path(path or db_path())
    said = notices if notices is not None else []
    try:
        _add_game(game_id, started, record, result, path)
        return True
    except (StatsError, sqlite3.Error, OSError, ValueError, TypeError) as e:
        damaged = e.damaged if isinstance(e, StatsError) else isinstance(e, sqlite3.Error) and is_damage(e)
        if not damaged:
            said.append(
                Msg(
                    "This game is not in the game history: {file} cannot be written ({error}).",
                    file=str(path),
                    error=str(e),
                )
            )
            return False
    try:
        kept = set_aside(path)
        _add_game(game_id, started, record, result, path)
    except (StatsError, sqlite3.Error, OSError, ValueError, TypeError) as e:
        said.append(
            Msg("This game is not in the game history: {file} is damaged ({error}).", file=str(path), error=str(e))
        )
        return False
    said.append(
        Msg(
            "The game history {file} was damaged, so it is kept as {kept}; a new one begins with this game.",
            file=str(path),
            kept=str(kept),
        )
    )
    return True


def _add_game(game_id: str, started: str, record: dict[str, Any], result: dict[str, Any], path: Path) -> None:
    """Store the game as :func:`add_game` does; raises StatsError, sqlite3.Error, OSError,
    ValueError or TypeError when it cannot."""
    kinds = {}
    for e in record.get("seats") or []:
        if isinstance(e, list) and len(e) >= 2:
            kinds[str(e[0])] = str(e[1])
    kingdom = sorted(k for k in (record.get("config") or {}).get("kingdom") or [] if isinstance(k, str))
    scores = {str(s[0]): int(s[1]) for s in result.get("scores") or [] if isinstance(s, list) and len(s) == 2}
    winners = set(result.get("winners") or [])
    turns = max((int(t[1]) for t in result.get("turns") or [] if isinstance(t, list) and len(t) == 2), default=0)
    with closing(connect(path)) as con, con:
        con.execute("DELETE FROM seats WHERE game = ?", (game_id,))
        con.execute("DELETE FROM games WHERE id = ?", (game_id,))
        con.execute("INSERT INTO games VALUES (?, ?, ?, ?)", (game_id, started, json.dumps(kingdom), turns))
        con.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
            [(game_id, n, kinds.get(n, "human"), v, int(n in winners)) for n, v in scores.items()],
        )


def _kingdom_names(value: object) -> tuple[str, ...] | None:
    """The card names of a game's Kingdom as the database holds it (a JSON list of names), or
    None when ``value`` is not one: the database is a file like any other, its text read as
    bounded JSON."""
    if not isinstance(value, (str, bytes)):
        return None
    try:
        names = bounded_json(value, KINGDOM_LIMIT)
    except (JsonRefused, TypeError):
        return None
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        return None
    return tuple(names)


def summary(path: Path | None = None) -> Summary:
    """The figures of ``stats``: ``games``; ``human_games``, ``human_wins`` and
    ``human_ties`` (games with a person at this computer, a seat of kind human, those
    such a person won alone, and those one shared the win of: a tie, not counted as
    won; a remote seat is another person's, at their own computer, so a game hosted
    here for remote players only counts in ``games`` alone); ``average_score`` of the
    people at this computer (None without games); ``kingdoms`` and ``opponents``:
    lists of (Kingdom card names or bot kind, games, games won alone, games tied),
    most played first. A damaged row (a seat whose kind is not text, or whose score or
    won is not a whole number, or a game whose Kingdom is not a list of names) is left out.
    Raises :class:`StatsError`."""
    try:
        with closing(connect(path)) as con:
            games: int = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            rows: list[tuple[object, object, object, object, object]] = con.execute(
                "SELECT g.id, g.kingdom, s.kind, s.score, s.won FROM games g JOIN seats s ON s.game = g.id"
            ).fetchall()
    except sqlite3.Error as e:
        raise StatsError(str(e)) from None
    by_game: dict[object, _Played] = {}
    for gid, kingdom, kind, score, won in rows:
        if not isinstance(kind, str) or type(score) is not int or type(won) is not int:
            continue  # a damaged seat is left out (SQLite keeps any value in any column)
        entry = by_game.get(gid)
        if entry is None:
            names = _kingdom_names(kingdom)
            if names is None:
                continue  # a damaged row is left out
            entry = by_game[gid] = {"kingdom": names, "seats": []}
        entry["seats"].append((kind, score, bool(won)))
    people_scores: list[int] = []
    kingdoms: dict[tuple[str, ...], list[int]] = {}
    opponents: dict[str, list[int]] = {}
    human_games = human_wins = human_ties = 0
    for entry in by_game.values():
        people = [s for s in entry["seats"] if s[0] == "human"]  # (at this computer)
        if not people:
            continue
        human_games += 1
        tied = sum(s[2] for s in entry["seats"]) > 1 and any(s[2] for s in people)
        won = any(s[2] for s in people) and not tied
        human_wins += won
        human_ties += tied
        people_scores.extend(s[1] for s in people)
        k = kingdoms.setdefault(entry["kingdom"], [0, 0, 0])
        k[0] += 1
        k[1] += won
        k[2] += tied
        for kind in sorted({s[0] for s in entry["seats"] if s[0] not in ("human", "remote")}) or ["human"]:
            o = opponents.setdefault(kind, [0, 0, 0])
            o[0] += 1
            o[1] += won
            o[2] += tied
    return {
        "games": games,
        "human_games": human_games,
        "human_wins": human_wins,
        "human_ties": human_ties,
        "average_score": round(sum(people_scores) / len(people_scores), 1) if people_scores else None,
        "kingdoms": [(list(k), v[0], v[1], v[2]) for k, v in sorted(kingdoms.items(), key=lambda i: (-i[1][0], i[0]))],
        "opponents": [(k, v[0], v[1], v[2]) for k, v in sorted(opponents.items(), key=lambda i: (-i[1][0], i[0]))],
    }
