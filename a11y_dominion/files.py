"""Reading and writing the project's files without harm.

Every file the program reads (save files, scenario files, the settings
file, the seats file) goes through :func:`read_json`: a file that is not a
regular file (``/dev/zero``, a folder), one larger than its limit, one that
is not UTF-8, or JSON nested deeper than :data:`MAX_DEPTH` is refused with
one sentence (:class:`FileError`, whose argument is a
:class:`~a11y_dominion.rules.decisions.Msg`) before it can use up memory
or the stack. A UTF-8 byte order mark is allowed.

Every file it writes goes through :func:`write_atomic`: the text goes to
a temporary file in the same folder, is flushed to disk, and then takes
the old file's place in one rename, so a failed write leaves the old file
whole.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
import unicodedata
from typing import Any

from .rules.decisions import N_, Msg

MAX_DEPTH = 64  # the deepest nesting of lists and objects read from any file
KIB = 1024
MIB = 1024 * KIB
SAVE_LIMIT = 32 * MIB  # a save file of the longest game is well under 1 MiB
SCENARIO_LIMIT = 4 * MIB
SETTINGS_LIMIT = 1 * MIB
NAME_SHOWN = 200  # characters of a file name repeated in a sentence
# os.open flag: bytes as they are on Windows (no newline or Ctrl+Z translation); 0 elsewhere
BINARY = getattr(os, "O_BINARY", 0)


def reading_flags(system: Any = os) -> tuple:
    """``(flags, waits)``: the ``os.open`` flags (an int) that :func:`open_regular` reads a
    file with on ``system`` (the :mod:`os` module, or one that stands for another
    system's), and whether the descriptor must be set back to blocking afterwards. Where
    the system has ``O_NONBLOCK`` (POSIX) the file is opened without waiting for a
    FIFO's writer, and without becoming the controlling terminal (``O_NOCTTY``); on
    Windows, which has neither (nor FIFOs a path opens), in binary (``O_BINARY``)."""
    nonblock = getattr(system, "O_NONBLOCK", 0)
    flags = system.O_RDONLY | nonblock | getattr(system, "O_NOCTTY", 0) | getattr(system, "O_BINARY", 0)
    return flags, bool(nonblock)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


KINDS = ("file", "save file", "scenario file", "settings file")
NOT_JSON = dict(
    zip(
        KINDS,
        (
            N_("The file is not valid JSON (line {line})."),
            N_("The save file is not valid JSON (line {line})."),
            N_("The scenario file is not valid JSON (line {line})."),
            N_("The settings file is not valid JSON (line {line})."),
        ),
        strict=True,
    )
)
TOO_DEEP = dict(
    zip(
        KINDS,
        (
            N_("The file is nested more than {most} levels deep."),
            N_("The save file is nested more than {most} levels deep."),
            N_("The scenario file is nested more than {most} levels deep."),
            N_("The settings file is nested more than {most} levels deep."),
        ),
        strict=True,
    )
)
OUT_OF_RANGE = dict(
    zip(
        KINDS,
        (
            N_("The file holds a number that is out of range."),
            N_("The save file holds a number that is out of range."),
            N_("The scenario file holds a number that is out of range."),
            N_("The settings file holds a number that is out of range."),
        ),
        strict=True,
    )
)


class FileError(ValueError):
    """A file that cannot be read or written; ``args[0]`` is one sentence (a Msg)."""


def shown_name(path: str, most: int = NAME_SHOWN) -> str:
    """``path`` (or any text from outside) as a sentence may repeat it: control
    characters shown as ``?``, and cut to ``most`` characters with an ellipsis."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(path))
    return text if len(text) <= most else text[: most - 1] + "…"


def typed_path(text: str, platform: str = "") -> str:
    """The file name typed after ``save``, ``load`` or ``export`` (``text``), as the file is
    opened on ``platform`` (a ``sys.platform`` value; empty: this system). On Windows
    without the double quotes around it that Explorer's Copy as path puts there (no
    Windows file name holds a double quote); elsewhere as typed, since a name may hold
    them. Spaces around it are dropped on every system."""
    path = text.strip()
    if (platform or sys.platform) == "win32" and len(path) >= 2 and path[0] == path[-1] == '"':
        path = path[1:-1].strip()
    return path


def has_control(text: str) -> bool:
    """True when ``text`` holds a control, escape, formatting (zero-width, direction),
    private-use or unassigned character: one a player's name must not hold."""
    return any(unicodedata.category(ch).startswith("C") for ch in text)


class NotRegularFile(OSError):
    """The file opened by :func:`open_regular` is a device, a FIFO or a socket."""


def open_regular(full: str):
    """The regular file at ``full`` opened for reading in binary, checked before a
    byte is read: it is opened without waiting (``O_NONBLOCK`` where the system has
    it, :func:`reading_flags`, so a FIFO with no writer cannot freeze the program) and
    without becoming a controlling terminal, then :func:`os.fstat` must say it is a
    regular file.

    Raises :class:`IsADirectoryError` for a folder, :class:`NotRegularFile` for a
    device, FIFO or socket, and OSError (FileNotFoundError, PermissionError...)
    when it cannot be opened."""
    flags, waits = reading_flags()
    fd = os.open(full, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory", full)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(0, "not a regular file", full)
        if waits:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: str, limit: int) -> str:
    """The text of the regular file at ``path`` (``~`` expanded), at most ``limit``
    bytes, decoded as UTF-8 (a byte order mark is dropped).

    Raises :class:`FileError` (one sentence) when there is no such file, it is
    not a regular file, it is larger than ``limit`` bytes, it cannot be read, or it
    is not UTF-8."""
    name = shown_name(path)
    full = os.path.expanduser(str(path))
    try:
        with open_regular(full) as f:
            info = os.fstat(f.fileno())
            if info.st_size > limit:
                raise FileError(
                    Msg(
                        "{file} is larger than {limit} KiB, too large for this kind of file.",
                        file=name,
                        limit=limit // KIB,
                    )
                )
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise FileError(Msg("There is no file named {file}.", file=name)) from None
    except (IsADirectoryError, NotRegularFile):
        raise FileError(Msg("{file} is not a regular file.", file=name)) from None
    except OSError as e:
        raise FileError(
            Msg("{file} cannot be read ({error}).", file=name, error=e.strerror or "unknown error")
        ) from None
    if len(data) > limit:
        raise FileError(
            Msg("{file} is larger than {limit} KiB, too large for this kind of file.", file=name, limit=limit // KIB)
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileError(Msg("{file} is not a text file in UTF-8.", file=name)) from None


def nesting(text: str, most: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in the JSON ``text`` (counting stops past ``most``)."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > most:
                    return deepest
        else:
            depth -= 1
    return deepest


def parse_json(text: str, what: str = "file") -> Any:
    """The JSON value of ``text``; ``what`` (one of :data:`KINDS`) names the file in sentences.

    Raises :class:`FileError` for text that is not JSON, is nested deeper than
    :data:`MAX_DEPTH`, or holds a number too large to be a number (``1e400``)."""
    if nesting(text) > MAX_DEPTH:
        raise FileError(Msg(TOO_DEEP[what], most=MAX_DEPTH))

    def no_infinity(word: str) -> float:
        raise ValueError(word)

    def number(word: str) -> float:
        value = float(word)
        if value in (float("inf"), float("-inf")):
            raise ValueError(word)
        return value

    try:
        return json.loads(text, parse_constant=no_infinity, parse_float=number)
    except json.JSONDecodeError as e:
        raise FileError(Msg(NOT_JSON[what], line=e.lineno)) from None
    except (ValueError, RecursionError):
        raise FileError(Msg(OUT_OF_RANGE[what])) from None


def read_json(path: str, limit: int, what: str = "file") -> Any:
    """:func:`read_text` then :func:`parse_json`; raises :class:`FileError`."""
    return parse_json(read_text(path, limit), what)


def write_target(path: str) -> tuple:
    """Where ``save`` or ``export`` may write ``path`` (``~`` expanded): ``(path to write,
    None)`` for a new file or a regular one, ``(the file it links to, its shown name)``
    for a symbolic link to a regular file (that file is written, atomically).

    Raises :class:`FileError` with one sentence, in the words :func:`read_text` uses,
    for anything that is not a regular file (a device such as ``/dev/null``, a FIFO,
    a socket, a folder, a link to one of those or to nothing)."""
    name = shown_name(path)
    full = os.path.expanduser(str(path))
    try:
        info = os.lstat(full)
    except FileNotFoundError:
        return full, None
    except OSError as e:
        error = e.strerror or "unknown error"
        raise FileError(Msg("{file} cannot be read ({error}).", file=name, error=error)) from None
    if stat.S_ISREG(info.st_mode):
        return full, None
    if stat.S_ISLNK(info.st_mode):
        target = os.path.realpath(full)
        try:
            if stat.S_ISREG(os.stat(target).st_mode):
                return target, shown_name(target)
        except OSError:
            pass
    raise FileError(Msg("{file} is not a regular file.", file=name))


def write_atomic(path: str, text: str, mode: int | None = None) -> None:
    """Write ``text`` (UTF-8) to ``path`` (``~`` expanded) so that the file is
    either the old one or the new one, never a part: a temporary file in the same
    folder, flushed to disk, renamed over ``path``. ``mode`` (for example 0o600)
    is set before the rename. Raises OSError when the folder cannot be written;
    the old file is then untouched."""
    full = os.path.expanduser(str(path))
    folder = os.path.dirname(os.path.abspath(full))
    fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:  # the same bytes on every system
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        elif os.path.exists(full):
            os.chmod(tmp, stat.S_IMODE(os.stat(full).st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, full)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(folder)


def sync_dir(folder) -> None:
    """Flush ``folder``'s entries (a rename or a new file in it) to disk; quietly nothing
    where the system cannot (a str or Path in; no error raised)."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY | BINARY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
