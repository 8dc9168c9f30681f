"""Reading and writing the project's files without harm.

Every file the program reads (save files, scenario files, the settings
file, the seats file) goes through :func:`read_json`: a file that is not a
regular file (``/dev/zero``, a folder), one larger than its limit, one that
is not UTF-8, or JSON nested deeper than :data:`MAX_DEPTH` is refused with
one sentence (:class:`FileError`, whose argument is a
:class:`~a11y_dominion.rules.decisions.Msg`) before it can use up memory
or the stack. A UTF-8 byte order mark is allowed.

Every JSON text from a file or the network is read by :func:`bounded_json`
(the standard library's parser, linear, after checks of its size and of how
many values it holds; then a depth check linear too), so no text, however made, costs more than its size.

Every file it writes goes through :func:`write_atomic`: the text goes to
a temporary file in the same folder, is flushed to disk, and then takes
the old file's place in one rename, so a failed write leaves the old file
whole; a temporary file a killed process left is removed at the next write
there (:func:`sweep_temps`).
"""

from __future__ import annotations

import codecs
import gc
import json
import os
import re
import stat
import sys
import time
import unicodedata
from collections.abc import Callable
from itertools import chain, compress, repeat
from typing import Any, BinaryIO

from .rules.decisions import N_, Msg

MAX_DEPTH = 64  # the deepest nesting of lists and objects read from any file
# the most values in one text (counted before reading as its "[", "{" and ",", which are at
# least one less than its values): a long game's save holds some tens of thousands;
# half a million take about 50 MB once read
MAX_VALUES = 500_000
KIB = 1024
MIB = 1024 * KIB
SAVE_LIMIT = 16 * MIB  # a save file of the longest game is well under 1 MiB
SCENARIO_LIMIT = 4 * MIB
SETTINGS_LIMIT = 1 * MIB
NAME_SHOWN = 200  # characters of a file name repeated in a sentence
# os.open flag: bytes as they are on Windows (no newline or Ctrl+Z translation); 0 elsewhere
BINARY = getattr(os, "O_BINARY", 0)
APP = "a11y-dominion"  # the program's folder name under the user's data and config folders


def user_dirs(platform: str | None = None) -> Any:
    """platformdirs' folders of the program for ``platform`` (a ``sys.platform`` value: ``win32``,
    ``darwin``, any other read as Linux or another Unix; None: the running system, as
    platformdirs picks it). Returns a ``platformdirs.api.PlatformDirsABC`` whose
    ``user_data_dir`` and ``user_config_dir`` (str) follow ``XDG_DATA_HOME`` and
    ``XDG_CONFIG_HOME`` on Linux and macOS, ``LOCALAPPDATA`` on Windows. Raises ImportError
    without platformdirs. It is loaded here, when a path is first asked for: the rules and
    scenarios need none."""
    import platformdirs

    if platform is None:
        return platformdirs.PlatformDirs(APP)
    if platform == "win32":
        from platformdirs.windows import Windows

        return Windows(APP)
    if platform == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(APP)
    from platformdirs.unix import Unix

    return Unix(APP)


def reading_flags(system: Any = os) -> tuple[int, bool]:
    """``(flags, waits)``: the ``os.open`` flags (an int) that :func:`open_regular` reads a
    file with on ``system`` (the :mod:`os` module, or one that stands for another
    system's), and whether the descriptor must be set back to blocking afterwards. Where
    the system has ``O_NONBLOCK`` (POSIX) the file is opened without waiting for a
    FIFO's writer, and without becoming the controlling terminal (``O_NOCTTY``); on
    Windows, which has neither (nor FIFOs a path opens), in binary (``O_BINARY``)."""
    nonblock = getattr(system, "O_NONBLOCK", 0)
    flags = system.O_RDONLY | nonblock | getattr(system, "O_NOCTTY", 0) | getattr(system, "O_BINARY", 0)
    return flags, bool(nonblock)


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
TOO_LARGE = dict(
    zip(
        KINDS,
        (
            N_("The file is larger than {limit} KiB, too large for this kind of file."),
            N_("The save file is larger than {limit} KiB, too large for this kind of file."),
            N_("The scenario file is larger than {limit} KiB, too large for this kind of file."),
            N_("The settings file is larger than {limit} KiB, too large for this kind of file."),
        ),
        strict=True,
    )
)
TOO_MANY = dict(
    zip(
        KINDS,
        (
            N_("The file holds more than {most} values."),
            N_("The save file holds more than {most} values."),
            N_("The scenario file holds more than {most} values."),
            N_("The settings file holds more than {most} values."),
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
    Windows file name holds a double quote); on macOS without the shell's backslashes
    that a file dragged into Terminal gets (``My\\ Games/g.json`` is ``My Games/g.json``;
    a doubled backslash is one backslash); elsewhere as typed, since a name may hold
    them, and on Windows the backslash separates folders. Spaces around it are dropped
    on every system."""
    path = text.strip()
    platform = platform or sys.platform
    if platform == "win32" and len(path) >= 2 and path[0] == path[-1] == '"':
        path = path[1:-1].strip()
    elif platform == "darwin" and "\\" in path:
        path = _SHELL_ESCAPE.sub(r"\1", path)
    return path


_SHELL_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
"""A backslash and the character it escapes, as Terminal writes a dragged file's name."""


def has_control(text: str) -> bool:
    """True when ``text`` holds a control, escape, formatting (zero-width, direction),
    private-use or unassigned character: one a player's name must not hold."""
    return any(unicodedata.category(ch).startswith("C") for ch in text)


class NotRegularFile(OSError):
    """The file opened by :func:`open_regular` is a device, a FIFO or a socket."""


def open_regular(full: str) -> BinaryIO:
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
        if waits and sys.platform != "win32":  # (Windows opens no file without waiting: waits is False there)
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_utf8(path: str, limit: int) -> memoryview:
    """The bytes of the regular file at ``path`` (``~`` expanded), at most ``limit``,
    checked to be UTF-8 (piece by piece, never copied into a str) with a byte order mark
    left out.

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
    if saved_as_utf16(data):
        raise FileError(Msg(UTF16_SENTENCE, file=name))
    view = memoryview(data)
    if not is_utf8(view):
        raise FileError(Msg("{file} is not a text file in UTF-8.", file=name))
    return view[3:] if data.startswith(codecs.BOM_UTF8) else view


UTF16_SENTENCE = N_("{file} is saved as UTF-16; save it again as UTF-8 (in Notepad: Save as, Encoding UTF-8).")
"""The one sentence for a text file saved as UTF-16 (Windows PowerShell 5.1's ``>`` and
``Out-File`` write it so), with ``{file}`` the file's name as :func:`shown_name` gives it."""


def saved_as_utf16(data: bytes | memoryview) -> bool:
    """True when ``data`` (a text file's first bytes) starts with a UTF-16 byte order mark,
    little or big endian (a UTF-32 one starts as UTF-16's little endian one, and is UTF-16's
    fault as well): a file this game cannot read as UTF-8, whose player is told how to save it."""
    head = bytes(data[:2])
    return head in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def is_utf8(data: bytes | memoryview, piece: int = MIB) -> bool:
    """True when ``data`` is whole UTF-8, checked ``piece`` bytes at a time (so that no
    str as large as the data is made)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for start in range(0, len(data), piece):
            decoder.decode(data[start : start + piece])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def read_text(path: str, limit: int) -> str:
    """The text of the regular file at ``path`` (``~`` expanded), at most ``limit``
    bytes, decoded as UTF-8 (a byte order mark is dropped): :func:`read_utf8` as a str.

    Raises :class:`FileError` (one sentence) as :func:`read_utf8` does."""
    return str(read_utf8(path, limit), "utf-8")


class JsonRefused(ValueError):
    """Why :func:`bounded_json` refused a text: ``reason`` is ``"large"`` (more bytes than
    its limit), ``"json"`` (not JSON; ``line``, from 1, is where it stops being JSON),
    ``"deep"`` (lists and objects nested deeper than allowed), ``"many"`` (more ``[``,
    ``{`` and ``,`` than values allowed, those in strings counted too) or ``"range"`` (a number
    too large to be a number, such as ``1e400``, ``NaN`` or ``Infinity``)."""

    def __init__(self, reason: str, line: int = 1):
        super().__init__(reason, line)
        self.reason = reason
        self.line = line


_NESTS = (list, dict)


class _OutOfRange(ValueError):
    """A number JSON cannot hold as a number (``1e400``, ``NaN``, ``Infinity``)."""


def _no_constant(word: str) -> float:
    raise _OutOfRange(word)


def _finite(word: str) -> float:
    value = float(word)
    if value in (float("inf"), float("-inf")):
        raise _OutOfRange(word)
    return value


def bounded_json(
    data: bytes | bytearray | memoryview | str, limit: int, most: int = MAX_DEPTH, values: int = MAX_VALUES
) -> Any:
    """The JSON value of ``data`` (UTF-8 bytes, or text), read in time and memory linear
    in its size, whatever it holds: every JSON text from a file or the network is read
    here (saves, autosaves, scenarios, settings, seats files, the seat protocol's lines).

    ``limit``: the most bytes (of UTF-8) the text may have, checked before it is read;
    ``most``: the deepest nesting of lists and objects allowed; ``values``: the most
    values, checked before it is read too (as the ``[``, ``{`` and ``,`` it holds, so that
    the memory of what is read stays bounded, not only its time). The parser (the
    standard library's, whose scanner is linear) goes no deeper than Python's own
    recursion guard; the depth of what it read is then counted level by level, in time
    linear in its size. Whole numbers are read exactly, up to Python's limit of digits.

    Raises :class:`JsonRefused` (a ValueError) with its reason."""
    if isinstance(data, str) and not data.isascii():
        if len(data) > limit:  # each character is at least one byte
            raise JsonRefused("large")
        try:
            data = data.encode("utf-8")
        except UnicodeError:  # a lone surrogate: no UTF-8 has it
            raise JsonRefused("json") from None
    size = len(data)
    if size > limit:
        raise JsonRefused("large")
    opened = _opened(data)
    if opened + _count(data, ",") > values:
        raise JsonRefused("many")
    if isinstance(data, memoryview):  # the parser takes bytes: a copy of at most ``limit`` bytes
        data = data.tobytes()
    collecting = gc.isenabled()
    gc.disable()  # what is read holds no cycles: the collector would only walk it again and again
    try:
        value = json.loads(data, parse_constant=_no_constant, parse_float=_finite)
        deep = opened > most and nesting_of(value, most) > most  # fewer brackets cannot nest deeper
    except RecursionError:
        raise JsonRefused("deep") from None
    except json.JSONDecodeError as e:
        raise JsonRefused("json", e.lineno) from None
    except UnicodeDecodeError:  # bytes that are not UTF-8
        raise JsonRefused("json") from None
    except ValueError:  # _OutOfRange, or a whole number longer than Python reads
        raise JsonRefused("range") from None
    finally:
        if collecting:
            gc.enable()
    if deep:
        raise JsonRefused("deep")
    return value


def _opened(data: Any) -> int:
    """How many ``[`` and ``{`` ``data`` holds at most (:func:`_count`)."""
    return _count(data, "[") + _count(data, "{")


def _count(data: Any, char: str) -> int:
    """How many times the ASCII ``char`` is in ``data`` at most: counted in C, for a view
    in all of what it views (never fewer than it holds)."""
    if isinstance(data, str):
        return data.count(char)
    base = data.obj if isinstance(data, memoryview) else data
    if isinstance(base, (bytes, bytearray)):
        return base.count(char.encode())
    return len(data)  # each byte at most once


def nesting_of(value: Any, most: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in ``value`` (what :func:`bounded_json` read: a
    scalar is 0, ``[]`` is 1), counted one level at a time without recursion, in time
    linear in the number of values; counting stops one level past ``most``."""
    level = [value] if isinstance(value, _NESTS) else []
    depth = 0
    while level and depth <= most:
        depth += 1
        lists = [v for v in level if type(v) is list]
        values = (
            list(chain.from_iterable(lists))
            if len(lists) == len(level)
            else list(
                chain(chain.from_iterable(lists), chain.from_iterable(v.values() for v in level if type(v) is dict))
            )
        )
        level = list(compress(values, map(isinstance, values, repeat(_NESTS))))
    return depth


def parse_json(text: str | bytes | memoryview, what: str = "file", limit: int = SAVE_LIMIT) -> Any:
    """The JSON value of ``text`` (:func:`bounded_json`, at most ``limit`` bytes);
    ``what`` (one of :data:`KINDS`) names the file in sentences.

    Raises :class:`FileError` for text that is not JSON, is nested deeper than
    :data:`MAX_DEPTH`, holds more than :data:`MAX_VALUES` values or a number
    too large to be a number (``1e400``), or is larger than ``limit``."""
    try:
        return bounded_json(text, limit)
    except JsonRefused as e:
        if e.reason == "deep":
            raise FileError(Msg(TOO_DEEP[what], most=MAX_DEPTH)) from None
        if e.reason == "range":
            raise FileError(Msg(OUT_OF_RANGE[what])) from None
        if e.reason == "large":
            raise FileError(Msg(TOO_LARGE[what], limit=limit // KIB)) from None
        if e.reason == "many":
            raise FileError(Msg(TOO_MANY[what], most=MAX_VALUES)) from None
        raise FileError(Msg(NOT_JSON[what], line=e.line)) from None


def read_json(path: str, limit: int, what: str = "file") -> Any:
    """The JSON value of the file at ``path``: :func:`read_utf8` then :func:`parse_json`
    (the text is never copied into a str first). Raises :class:`FileError`."""
    return parse_json(read_utf8(path, limit), what, limit)


def write_target(path: str) -> tuple[str, str | None]:
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


OWNER_SIDS = ("S-1-5-18", "S-1-5-32-544")
"""Besides the user this program runs as, who may open a file kept for its owner on Windows:
SYSTEM and the Administrators group (as OpenSSH's own host keys on Windows), who can take
any file anyway, and which the server's folder needs when it runs as a task or service."""


def keep_to_owner(path: str | os.PathLike[str], platform: str = "") -> None:
    """Make the file or folder at ``path`` readable by its owner only, in the way of
    ``platform`` (a ``sys.platform`` value; empty: this system): a host key, a seats file
    with passwords, the server's data folder with its password hashes.

    POSIX: the mode 0o600 for a file, 0o700 for a folder. Windows, where the mode tells only
    whether a file is read-only: an access list of its own, no longer inherited from the
    folder (``C:\\ProgramData`` lets every local user read), that lets in the user this
    program runs as, SYSTEM and the Administrators (:data:`OWNER_SIDS`); a folder's list is
    inherited by what is made in it later (the database's journal, the games).
    Uses pywin32's ``win32security`` (a dependency on Windows).

    Raises OSError when the mode or the list cannot be set (pywin32's error is one too),
    or when pywin32 is missing on Windows."""
    if (platform or sys.platform) != "win32":
        os.chmod(path, 0o700 if os.path.isdir(path) else 0o600)
        return
    try:
        _keep_to_owner_on_windows(os.fspath(path))
    except OSError:
        raise
    except Exception as e:  # pywin32's error (pywintypes.error), or no pywin32
        raise OSError(f"its access list cannot be set ({e})") from None


def _keep_to_owner_on_windows(path: str) -> None:
    """:func:`keep_to_owner`'s way on Windows, with pywin32; raises what pywin32 raises."""
    import ntsecuritycon
    import win32api
    import win32security

    token = win32security.OpenProcessToken(win32api.GetCurrentProcess(), ntsecuritycon.TOKEN_QUERY)
    user = win32security.GetTokenInformation(token, win32security.TokenUser)[0]
    inherited = 0
    if os.path.isdir(path):
        inherited = win32security.OBJECT_INHERIT_ACE | win32security.CONTAINER_INHERIT_ACE
    acl = win32security.ACL()
    for sid in (user, *(win32security.ConvertStringSidToSid(s) for s in OWNER_SIDS)):
        acl.AddAccessAllowedAceEx(win32security.ACL_REVISION, inherited, ntsecuritycon.FILE_ALL_ACCESS, sid)
    win32security.SetNamedSecurityInfo(
        path,
        win32security.SE_FILE_OBJECT,
        win32security.DACL_SECURITY_INFORMATION | win32security.PROTECTED_DACL_SECURITY_INFORMATION,
        None,
        None,
        acl,
        None,
    )


TEMP_NAME = re.compile(r"^\.a11y-dominion-([0-9]{1,10})-[0-9a-f]{8}\.tmp$")  # write_atomic's own temporary files


def write_atomic(path: str, text: str, mode: int | None = None) -> None:
    """Write ``text`` (UTF-8) to ``path`` (``~`` expanded) so that the file is
    either the old one or the new one, never a part: a temporary file in the same
    folder (``.a11y-dominion-PID-RANDOM.tmp``), flushed to disk, renamed over ``path``
    (:func:`replace_file`: on Windows tried again for a moment while another program has it open).
    ``mode`` (for example 0o600) is set before the rename; 0o600 on Windows keeps the
    file to its owner by its access list (:func:`keep_to_owner`); without it the file has
    the user's own permissions for a new file (0o666 less the umask), never those of
    what was there before. Temporary files of processes that ended before their rename
    (killed) are removed from the folder first (:func:`sweep_temps`).

    Raises OSError when the folder cannot be written; the old file is then untouched."""
    full = os.path.expanduser(str(path))
    folder = os.path.dirname(os.path.abspath(full))
    sweep_temps(folder)
    while True:
        tmp = os.path.join(folder, f".a11y-dominion-{os.getpid()}-{os.urandom(4).hex()}.tmp")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY
            fd = os.open(tmp, flags, 0o600 if mode is not None else 0o666)  # the umask applies
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:  # the same bytes on every system
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode == 0o600:
            keep_to_owner(tmp)
        elif mode is not None:
            os.chmod(tmp, mode)
        replace_file(tmp, full)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(folder)


REPLACE_FIRST_PAUSE = 0.02  # seconds before a refused rename is tried again on Windows (doubled each time)
REPLACE_WAIT = 2.0  # seconds a refused rename is tried again, at most, on Windows


def replace_file(
    source: str,
    target: str,
    platform: str = "",
    replace: Callable[[str, str], None] | None = None,
    pause: Callable[[float], None] = time.sleep,
) -> None:
    """Put the file ``source`` in the place of ``target`` (str paths in one folder) in one
    rename, ``replace(source, target)`` (:func:`os.replace` unless given), in the way of
    ``platform`` (a ``sys.platform`` value; empty: this system).

    Windows refuses the rename with PermissionError while another program has ``target``
    (or ``source``) open without letting it be replaced, as a virus scanner, the search
    indexer, OneDrive or a backup does for a moment after a file changes, or another window
    of the game reading the save. There the rename is tried again after ``pause(seconds)``
    (:func:`time.sleep` unless given), :data:`REPLACE_FIRST_PAUSE` first and doubled each
    time, until :data:`REPLACE_WAIT` seconds were waited in all. Elsewhere a rename is never
    refused for a file another program reads, and is tried once.

    Raises the last OSError when the rename cannot be done; ``target`` is then as it was."""
    windows = (platform or sys.platform) == "win32"
    waited, wait = 0.0, REPLACE_FIRST_PAUSE
    while True:
        try:
            (replace or os.replace)(source, target)  # (os.replace looked up now: a test may stand in for it)
            return
        except PermissionError:
            if not windows or waited >= REPLACE_WAIT:
                raise
        wait = min(wait, REPLACE_WAIT - waited)
        pause(wait)
        waited += wait
        wait *= 2


def sweep_temps(folder: str | os.PathLike[str], alive: Callable[[int], bool] | None = None) -> list[str]:
    """Remove from ``folder`` (a str or Path) the temporary files of :func:`write_atomic`
    (:data:`TEMP_NAME`) whose process has ended (killed while it wrote): ``alive(pid)``
    says whether a process runs (:func:`process_alive` by default). The files of
    running processes, this one's among them, and every other file are left. Returns the
    names removed; errors are passed over (nothing raised)."""
    alive = alive or process_alive
    removed: list[str] = []
    try:
        names = [e.name for e in os.scandir(folder) if TEMP_NAME.match(e.name)]
    except OSError:
        return removed
    for name in names:
        pid = int(TEMP_NAME.match(name).group(1))  # type: ignore[union-attr]
        if pid == os.getpid() or alive(pid):
            continue
        try:
            os.unlink(os.path.join(folder, name))
            removed.append(name)
        except OSError:
            pass
    return removed


def process_alive(
    pid: int, platform: str | None = None, kill: Callable[[int, int], None] | None = None, kernel32: Any = None
) -> bool:
    """Whether the process ``pid`` (an int) runs, on ``platform`` (``sys.platform``'s
    value; this system's by default). POSIX: ``kill(pid, 0)`` (``os.kill``) sends
    nothing and says whether it exists. Windows, where ``os.kill`` would end the
    process: ``OpenProcess`` and ``GetExitCodeProcess`` of ``kernel32`` (ctypes'). When
    it cannot tell, True (nothing of a process that may run is touched). No error raised."""
    import sys

    platform = platform or sys.platform
    if not 0 < pid < 2**31:  # no process has such a number on any system
        return False
    if platform == "win32":
        if kernel32 is None:
            import ctypes

            # (ctypes has WinDLL on Windows only: the ignore is needed when checked for another system)
            kernel32 = ctypes.WinDLL("kernel32", use_last_error=False)  # type: ignore[attr-defined, unused-ignore]
            kernel32.OpenProcess.restype = ctypes.c_void_p  # a HANDLE is as wide as a pointer
            kernel32.OpenProcess.argtypes = (ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong)
            kernel32.GetExitCodeProcess.argtypes = (ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong))
            kernel32.CloseHandle.argtypes = (ctypes.c_void_p,)
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return bool(kernel32.GetLastError() != 87)  # ERROR_INVALID_PARAMETER: no such process
        try:
            import ctypes

            code = ctypes.c_ulong(0)
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        (kill or os.kill)(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: another user's process
        return True
    return True


def sync_dir(folder: str | os.PathLike[str]) -> None:
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
