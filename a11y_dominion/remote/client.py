"""``a11y-dominion join HOST``: play a hosted game at a remote seat, the game speaking here.

The player's program connects to the host with :mod:`asyncssh` (the seat
name is the SSH user, the password the one the host printed) and speaks
the seat protocol (:mod:`.protocol`): the host sends the seat's redacted
events, its decisions with the seat's view and refusals; this program
narrates them with the player's own settings (language, verbosity, speech
mode and output, shortcut keys: :mod:`a11y_dominion.settings`) through the
console's own parts: a :class:`~a11y_dominion.console.seat.HumanSeat`
(narrator, announcer, history), the questions with numbered options, the
console's prompt (or plain lines when input is not a terminal), its query
commands and its reading of typed answers from the seat's view
(:mod:`a11y_dominion.console.answers`). Only option keys go back to the host.

The host's key is trusted on first use: it is kept in the user data
directory (``known_hosts``) and its fingerprint printed; a host whose key
changed is refused before any password is sent.

One event loop runs the SSH connection (:class:`Link`) and the player's
console (:class:`JoinConsole`): at a terminal the console's line editor
(prompt_toolkit's ``prompt_async``) reads keys while the host's messages come
in; what the host sends while the player types is printed above the prompt,
the typed text drawn again. While nothing is asked of the seat, a query is
answered from a view fetched from the host, and a move is refused in one
sentence; a line typed before a question was shown is never taken as its
answer. Piped input is read on the same loop (:func:`piece_reader`: the
loop waits on the pipe on POSIX systems, a worker reads it on Windows). ``undo`` asks the host to
take back the seat's last answer (the ``undo`` message); ``export`` asks the host
for the game so far as the console's export writes it and writes the file here;
commands that act on a game on this computer (save, load) get one sentence.

A program that joins a game under way (the player came back, or the host
resumed it) takes the host's ``story`` (what the player heard in earlier
sessions) without a word, and the seat's history as the host kept it (its
``log`` and ``repeat`` as before); what came while the player was away comes as
events, narrated as every event is; its first question then says the hand. After the
final scores the session stays until the player leaves (``quit``): ``log``,
``repeat``, ``score`` and ``export`` still work.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import getpass
import os
import socket
import sys
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from ..announcements.words import join_names
from ..console.answers import command_part, not_done, read_answer, suggestion
from ..console.commands import CommandState, Ctx, Prefs, SeatPort, command_for, is_yes, run_command
from ..console.completion import COMMANDS, Seen
from ..console.display import Arrived, LineCleared, cleared_text
from ..console.keys import KeyCommand, key_help_lines
from ..console.persistence import EXPORT_ALL, export_here
from ..console.seat import HumanSeat
from ..files import BINARY, SETTINGS_LIMIT, FileError, read_json, shown_name, typed_path, write_atomic, write_target
from ..i18n import N_, Language, typed_command
from ..lineinput import CUT_LINE
from ..rules.decisions import Decision, Move, Msg
from ..textinput import MAX_LINE, NOT_UTF8, between_questions, printable, split_speaker
from ..view import PlayerView, event_from_data
from .protocol import (
    COMMAND,
    ENV_LANGUAGE,
    ENV_VERBOSITY,
    HOST_SAYS,
    PROTOCOL_VERSION,
    UNKNOWN_SENTENCE,
    LineSplitter,
    Rate,
    TooDeep,
    TooLong,
    encode,
    from_host,
    msg_from_data,
    read_message,
)

KNOWN_HOSTS_FILE = "known_hosts"
CONNECT_SECONDS = 15
VIEW_SECONDS = 5  # how long a query between decisions waits for the host's view
SAY_SECONDS = 2  # how long the prompt waits for the host's line with what the player said
PIPE_LINE = 16 * 1024  # bytes of one typed line kept from piped input (4 times MAX_LINE's characters)
MAX_FROM_HOST = 1024 * 1024  # bytes of one line from the host (a view is a few KiB); a longer one is dropped
MAX_INBOX = 1000  # messages from the host waiting to be used; the connection is read no further meanwhile
MAX_INBOX_BYTES = 4 * 1024 * 1024  # and the bytes of their lines
HOST_LINES_PER_SECOND = 40  # lines to show (text, refusals, lines not read) taken from the host in any second
INBOX_WAIT_SECONDS = 0.01  # how often the connection looks whether the inbox has room again
# the host's messages that are lines to show, held to HOST_LINES_PER_SECOND (the others carry the game)
CHATTER = ("text", "error", "refused")
FLOOD = N_("The host sends too many lines at once: at most {n} a second are shown; the rest were left out.")
KNOWN_TYPES = ("hello", "text", "events", "story", "history", "decide", "refused", "error", "view", "game_over")
KNOWN_TYPES += ("undone", "export")


class JoinError(Exception):
    """Joining cannot go on; ``args[0]`` is one sentence (a :class:`Msg`) saying why."""


# ------------------------------------------------------------------ who and where
def read_seats_file(path: str, user: str | None, lang: Language | None = None) -> tuple:
    """(host, port, user, password) from a seats file as ``host --seats-file`` writes it;
    ``user`` names the seat in any letter case, as the host reads a seat's name ("bea" for
    Bea), and the seat's own name comes back. Raises :class:`JoinError` for a file that
    cannot be read or has no such seat; its seats' names are joined in ``lang`` (English
    when None), the language the sentence is said in ("Ann and Bea")."""
    if not os.path.lexists(os.path.expanduser(path)):
        raise JoinError(Msg(N_("There is no file named {file}."), file=path))
    try:
        data = read_json(path, SETTINGS_LIMIT)  # bounded in size, time and depth
        seats = data["seats"]
        names = list(seats)
    except (FileError, KeyError, TypeError):
        raise JoinError(
            Msg(N_("{file} is not a seats file as the host writes it (JSON with host, port and seats)."), file=path)
        ) from None
    if user is None:
        if len(names) != 1:
            raise JoinError(
                Msg(
                    N_("Name your seat with --user; the seats file has {names}."),
                    names=join_names([str(n) for n in names], lang or Language("en")),
                )
            )
        user = str(names[0])
    name, seat = _seat_named(seats, user) if isinstance(seats, dict) else (user, None)
    if not isinstance(seat, dict) or not isinstance(seat.get("password"), str):
        raise JoinError(Msg(N_("The seats file has no seat {user}."), user=user))
    host, port = data.get("host"), data.get("port")
    return (
        host if isinstance(host, str) else None,
        port if isinstance(port, int) else None,
        str(seat.get("user") or name),
        seat["password"],
    )


def _seat_named(seats: dict, user: str) -> tuple[str, Any]:
    """(the seat's name, its entry) of the seat of ``seats`` (a seats file's seats by name)
    that ``user`` names: the one of that name, else the one whose name is ``user`` in another
    letter case (as the host's ``seat_name`` finds it); (``user``, None) for none."""
    if user in seats:
        return user, seats[user]
    folded = user.casefold()
    return next(((str(n), seat) for n, seat in seats.items() if str(n).casefold() == folded), (user, None))


def read_password_file(path: str) -> str:
    """The password on the first line of ``path``; raises :class:`JoinError`."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.readline().rstrip("\r\n")
    except FileNotFoundError:
        raise JoinError(Msg(N_("There is no file named {file}."), file=path)) from None
    except (OSError, UnicodeDecodeError) as e:
        why = getattr(e, "strerror", None) or e
        raise JoinError(Msg(N_("Cannot read {file}: {error}."), file=path, error=why)) from None


def login_name(getuser: Callable[[], str] | None = None) -> str | None:
    """The name this computer knows the player by (``getuser``: :func:`getpass.getuser`
    unless given, which reads LOGNAME, USER, LNAME and USERNAME, then the POSIX password
    database); None when it knows none (on Windows, with none of those set, there is no
    such database: Python 3.11 raises ImportError there, 3.13 OSError)."""
    try:
        return (getuser or getpass.getuser)() or None
    except (ImportError, KeyError, OSError):
        return None


class KnownHosts:
    """The host keys met before (trust on first use), one ``[host]:port type key`` line
    each, in ``path`` (by default ``known_hosts`` in the user data directory)."""

    def __init__(self, path: Path | None = None):
        if path is None:
            import platformdirs

            path = Path(platformdirs.user_data_dir("a11y-dominion")) / KNOWN_HOSTS_FILE
        self.path = path

    @staticmethod
    def label(host: str, port: int) -> str:
        return f"[{host}]:{port}"

    def get(self, host: str, port: int) -> str | None:
        """The public key kept for ``host`` port ``port`` (OpenSSH text), or None."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        want = self.label(host, port)
        for line in text.splitlines():
            name, _, key = line.strip().partition(" ")
            if name == want and key:
                return key.strip()
        return None

    def add(self, host: str, port: int, key: str) -> None:
        """Keep ``key`` for ``host`` port ``port`` (the file readable by its owner only)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(str(self.path), os.O_WRONLY | os.O_CREAT | os.O_APPEND | BINARY, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", newline="\n") as f:  # the same bytes on every system
            f.write(f"{self.label(host, port)} {key}\n")


# ------------------------------------------------------------------ the connection
def os_reason(e: OSError, strerror: Callable[[int], str] = os.strerror) -> str:
    """Why a connection failed, from the system's error ``e`` (with an ``errno``):
    ``strerror(errno)`` ("Connection refused", not asyncio's "Connect call failed
    (...)"), unless the C library knows no text for it (Windows' knows none for
    the socket errors, "Unknown error"): then the system's own text, ``e.strerror``
    (from Windows: "The remote computer refused the network connection")."""
    text = strerror(e.errno) if e.errno else ""
    if not text or text.lower().startswith("unknown error"):
        text = e.strerror or text or type(e).__name__
    return text


class Received(dict):
    """A message from the host (:func:`~.protocol.from_host`'s) and ``size``, the bytes of its line."""

    size = 0


def _weight(entry: Any) -> int:
    return getattr(entry[1], "size", 0) if isinstance(entry, tuple) and len(entry) == 2 else 0


class Inbox:
    """What the host sent, in the order it came, for the console on the same event loop:
    ``("message", Received)``, ``("bad", Msg)`` and finally ``("closed", None)``, with
    :attr:`weight`, the bytes of the lines of the messages in it. The connection puts no
    more while it :meth:`is_full` (it reads no further meanwhile, so the host waits)."""

    def __init__(self) -> None:
        self.queue: collections.deque[tuple[str, Any]] = collections.deque()
        self.weight = 0
        self._arrived = asyncio.Event()

    def qsize(self) -> int:
        return len(self.queue)

    def put(self, entry: tuple[str, Any]) -> None:
        """Put ``entry`` last."""
        self.queue.append(entry)
        self.weight += _weight(entry)
        self._arrived.set()

    def put_back(self, entry: tuple[str, Any]) -> None:
        """Put ``entry`` back first (it was taken and is to be used later)."""
        self.queue.appendleft(entry)
        self.weight += _weight(entry)
        self._arrived.set()

    def get_nowait(self) -> tuple[str, Any] | None:
        """The first entry, taken; None when there is none."""
        if not self.queue:
            return None
        entry = self.queue.popleft()
        self.weight -= _weight(entry)
        return entry

    async def wait(self) -> None:
        """Return when an entry waits."""
        while not self.queue:
            self._arrived.clear()
            await self._arrived.wait()

    async def get(self, timeout: float | None = None) -> tuple[str, Any] | None:
        """The first entry, waited for at most ``timeout`` seconds (None: as long as it takes);
        None when none came in time."""
        try:
            await asyncio.wait_for(self.wait(), timeout)
        except asyncio.TimeoutError:
            return None
        return self.get_nowait()

    def is_full(self) -> bool:
        """True while :data:`MAX_INBOX` messages or :data:`MAX_INBOX_BYTES` bytes wait."""
        return len(self.queue) >= MAX_INBOX or self.weight >= MAX_INBOX_BYTES


class Link:
    """The SSH connection to the host and its seat-protocol session, on the event loop
    the player's console runs on. :meth:`start` connects (or raises :class:`JoinError`) and
    reads what the host sends into :attr:`inbox` (an :class:`Inbox`) as
    ``("message", dict)`` (made safe to show: :func:`~.protocol.from_host`),
    ``("bad", Msg)`` (a line that is not a message, or the one sentence of a flood
    of lines) and finally ``("closed", None)``; :meth:`send` sends one message.

    Everything taken from the host is bounded: a line at :data:`MAX_FROM_HOST` bytes
    (dropped as it passes the bound), its nesting at
    :data:`~.protocol.MAX_DEPTH`, the inbox at :data:`MAX_INBOX` messages and
    :data:`MAX_INBOX_BYTES` bytes, and the lines to show at :data:`HOST_LINES_PER_SECOND`
    in any second by ``clock()`` (seconds, :func:`time.monotonic` unless given): the
    rest are dropped, and the first dropped of a flood is said in one sentence."""

    def __init__(
        self,
        host: str,
        port: int,
        user: str,
        password: str,
        known: KnownHosts,
        lang: Language,
        clock: Callable[[], float] | None = None,
        verbosity: str | None = None,
    ):
        self.host, self.port, self.user, self.password = host, port, user, password
        self.verbosity = verbosity  # the player's verbosity, told to the host (the history it keeps)
        self.known = known
        self.lang = lang
        self.inbox = Inbox()
        self.rate = Rate(HOST_LINES_PER_SECOND, clock)
        self.closing = False  # the console is done: the connection stops waiting for room in the inbox
        self.process: Any = None
        self.conn: Any = None
        self.reading: asyncio.Task[None] | None = None
        self.fingerprint: str | None = None
        self.first_visit = False
        self.changed = False

    async def start(self) -> None:
        """Connect and open the session, then read what the host sends (a task of the running
        loop); raises :class:`JoinError` with the reason."""
        import asyncssh

        from ..librarylog import quiet_loop

        quiet_loop()  # an error in the connection's tasks is logged, not printed between the game's lines
        try:
            self.conn = await asyncio.wait_for(
                asyncssh.connect(
                    self.host,
                    self.port,
                    username=self.user,
                    password=self.password,
                    client_factory=self._client(),
                    known_hosts=lambda host, addr, port: ([], [], []),  # every key goes to the client's check
                    client_keys=None,
                    agent_path=None,
                    preferred_auth="password",
                    config=None,
                    kbdint_auth=False,
                ),
                CONNECT_SECONDS,
            )
            self.process = await self.conn.create_process(
                COMMAND,
                env={ENV_LANGUAGE: self.lang.code, **({ENV_VERBOSITY: self.verbosity} if self.verbosity else {})},
                encoding="utf-8",
                errors="replace",
            )
        except (OSError, asyncssh.Error, asyncio.TimeoutError, ValueError) as e:
            if self.conn is not None:
                self.conn.close()
            raise JoinError(self._failure(e)) from None
        self.reading = asyncio.ensure_future(self._read())

    def _client(self) -> type:
        import asyncssh

        link = self

        class Client(asyncssh.SSHClient):  # type: ignore[misc]
            def validate_host_public_key(self, host: str, addr: str, port: int, key: Any) -> bool:
                text = key.export_public_key().decode("ascii").strip()
                link.fingerprint = key.get_fingerprint()
                kept = link.known.get(link.host, link.port)
                if kept is None:
                    link.known.add(link.host, link.port, text)
                    link.first_visit = True
                    return True
                if kept.split()[:2] == text.split()[:2]:
                    return True
                link.changed = True
                return False

        return Client

    def _failure(self, e: BaseException) -> Msg:
        import asyncssh

        where = {"host": self.host, "port": self.port}
        if self.changed:
            return Msg(
                N_(
                    "The host key of {host} port {port} is not the one kept from your last visit, so this is "
                    "not the same host or it has a new key; nothing was sent (the kept key is in {file})."
                ),
                file=str(self.known.path),
                **where,
            )
        if isinstance(e, asyncssh.PermissionDenied):
            return Msg(
                N_("The host refused the seat {user} with that password; check the seat name and the password."),
                user=self.user,
            )
        if isinstance(e, socket.gaierror):
            return Msg(N_("{host} is not a host name or address this computer can find."), host=self.host)
        if isinstance(e, asyncio.TimeoutError):
            return Msg(
                N_("{host} port {port} did not answer within {seconds} seconds."), seconds=CONNECT_SECONDS, **where
            )
        if isinstance(e, asyncssh.ChannelOpenError):
            return Msg(N_("{host} port {port} does not offer the game to join: {reason}."), reason=e.reason, **where)
        if isinstance(e, asyncssh.Error):
            reason = e.reason
        elif isinstance(e, OSError) and e.errno:
            reason = os_reason(e)
        else:
            reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
        return Msg(N_("Cannot connect to {host} port {port}: {reason}."), reason=str(reason).rstrip("."), **where)

    async def _read(self) -> None:
        splitter = LineSplitter(MAX_FROM_HOST)
        import asyncssh

        try:
            while True:
                try:
                    got = await self.process.stdout.read(65536)
                except (asyncssh.Error, OSError):
                    break
                if not got:
                    break
                for line in splitter.feed(got):
                    self.deliver(line)
                    while self.inbox.is_full() and not self.closing:
                        await asyncio.sleep(INBOX_WAIT_SECONDS)
        finally:
            self.inbox.put(("closed", None))
            self.conn.close()
            try:
                await self.conn.wait_closed()
            except Exception:  # noqa: BLE001 - closing a connection that already broke
                pass

    def deliver(self, line: str | TooLong) -> None:
        """Put one line from the host (or a :class:`TooLong`) into the inbox, as a message or
        one sentence, unless it is a line to show over the rate."""
        entry = self._take(self._message(line))
        if entry is not None:
            self.inbox.put(entry)

    def _take(self, entry: tuple) -> tuple | None:
        """``entry`` for the inbox, or None when it is a line to show over the rate (the first
        one dropped of a flood becomes the one sentence that says so)."""
        kind, item = entry
        if kind == "message":
            chatter = item["type"] in CHATTER or item["type"] not in KNOWN_TYPES
            if item.get("last") is True or item.get("error") == "seat-taken":
                chatter = False  # why the session ends: always said
        else:
            chatter = True
        if not chatter:
            return entry
        said = self.rate.take()
        if said == "ok":
            return entry
        if said == "tell":
            return ("bad", Msg(FLOOD, n=HOST_LINES_PER_SECOND))
        return None

    @staticmethod
    def _message(line: Any) -> tuple:
        """The inbox entry for one line from the host (or a :class:`TooLong`)."""
        bad = ("bad", Msg(N_("The host sent a line this program cannot read; it was left out.")))
        if isinstance(line, TooLong):
            return bad
        try:
            message = read_message(line, MAX_FROM_HOST)
        except TooDeep:
            return ("bad", Msg(N_("The host sent a message nested too deep to read; it was left out.")))
        except ValueError:
            return bad
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return bad
        safe = Received(from_host(message))
        safe.size = len(line)
        return ("message", safe)

    def leave(self) -> None:
        """Tell the host that the player leaves (the ``leave`` message: they typed quit, not
        a broken connection), then end this side's input to it. A host older than ``leave``
        answers ``unknown-type``, which nobody waits for."""
        self.send({"type": "leave"}, last=True)

    def send(self, message: dict[str, Any], last: bool = False) -> None:
        """Send one message to the host; ``last``: nothing more is sent (the end of input
        follows it). A connection that is going takes nothing (its end comes into the inbox)."""
        if self.process is None:
            return
        try:
            self.process.stdin.write(encode(message))
            if last:
                self.process.stdin.write_eof()
        except Exception:  # noqa: BLE001 - the connection is going; its end comes into the inbox
            pass

    def close(self) -> None:
        """Close the connection (its end comes into the inbox)."""
        self.closing = True
        if self.conn is not None:
            self.conn.close()

    async def closed(self) -> None:
        """Close the connection and wait (a little) until it is closed."""
        self.close()
        if self.reading is not None:
            await asyncio.wait([self.reading], timeout=5)


# ------------------------------------------------------------------ typed lines from a pipe
PIPE_PIECE = 4096  # bytes read from piped input at a time


def _read_piece(fd: int, read: Callable[[int, int], bytes]) -> bytes:
    """Up to :data:`PIPE_PIECE` bytes of ``fd``; b"" at its end or when it broke."""
    try:
        return read(fd, PIPE_PIECE)
    except OSError:
        return b""


def piece_reader(
    fd: int, platform: str = sys.platform, read: Callable[[int, int], bytes] = os.read
) -> Callable[[], Awaitable[bytes]]:
    """How piped input ``fd`` (standard input that is no terminal) is read on the event loop on
    ``platform`` (``sys.platform`` unless given): a function that gives the next bytes (b"" at
    the end), read with ``read(fd, n)`` (:func:`os.read` unless given).

    On POSIX systems the loop waits until ``fd`` can be read (``add_reader``, as
    prompt_toolkit waits for keys at a terminal); a regular file, which the loop cannot wait
    on and which never makes a reader wait, is read at once. On Windows the loop cannot wait
    on a pipe or file given as standard input (its Proactor loop waits only on sockets and
    pipes it opened itself, and prompt_toolkit reads only a console there), so each piece is
    read in the loop's worker thread (:func:`asyncio.to_thread`); nothing else runs there."""
    if platform == "win32":

        async def in_worker() -> bytes:
            return await asyncio.to_thread(_read_piece, fd, read)

        return in_worker

    async def when_ready() -> bytes:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            loop.add_reader(fd, readable)
        except (OSError, ValueError, NotImplementedError):  # a regular file: it never waits
            return _read_piece(fd, read)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return _read_piece(fd, read)

    return when_ready


class PipeLines:
    """Typed lines from piped input, read on the event loop: :meth:`wait_line` waits until a
    whole line (or the end of input) is read ahead, ``pieces`` giving the next bytes
    (:func:`piece_reader`'s); :meth:`readline` then gives it as a stream does, for
    :class:`~a11y_dominion.console.display.PlainReader`. At most :data:`PIPE_LINE` bytes of a
    line are kept (the rest is dropped as it is read), so memory stays bounded."""

    def __init__(self, pieces: Callable[[], Awaitable[bytes]]):
        self.pieces = pieces
        self.buffer = bytearray()
        self.ended = False
        self.dropping = False  # past the bound of a long line: its bytes go until its newline
        self.reading: asyncio.Future[bytes] | None = None

    def isatty(self) -> bool:
        return False

    def ready(self) -> bool:
        """True when a whole line (or the end of input) can be read now."""
        return self.ended or b"\n" in self.buffer

    async def wait_line(self) -> None:
        """Return when a whole line (or the end of input) can be read. Breaking the wait off
        (cancelling it) loses nothing: the piece being read is kept for the next wait."""
        while not self.ready():
            if self.reading is None:
                self.reading = asyncio.ensure_future(self.pieces())
            chunk = await asyncio.shield(self.reading)
            self.reading = None
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        if not chunk:
            self.ended = True
            return
        if self.dropping:
            end = chunk.find(b"\n")
            chunk = b"" if end < 0 else chunk[end:]
            self.dropping = end < 0
        self.buffer += chunk
        start = self.buffer.rfind(b"\n") + 1
        if len(self.buffer) - start > PIPE_LINE:  # a line longer than any that is read
            del self.buffer[start + PIPE_LINE :]
            self.dropping = True

    def readline(self, size: int = -1) -> str:
        """One line with its newline, of what was read ahead; "" at the end of input. With
        ``size`` (characters) at most that many: the rest waits for the next call."""
        end = self.buffer.find(b"\n")
        taken = len(self.buffer) if end < 0 else end + 1
        text = bytes(self.buffer[:taken]).decode("utf-8", "replace")
        del self.buffer[:taken]
        if 0 <= size < len(text):
            self.buffer[:0] = text[size:].encode("utf-8")
            text = text[:size]
        return text


class PipeReader:
    """The reader of piped input for ``join``: :meth:`read_async` prints the prompt, waits on
    the event loop for the whole line (:class:`PipeLines`) and reads it as
    :class:`~a11y_dominion.console.display.PlainReader` does (written to ``out`` once, cut at
    :data:`~a11y_dominion.textinput.MAX_LINE` characters, EOFError at the end of input)."""

    interactive = False

    def __init__(self, lines: PipeLines, out: Any):
        from ..console.display import PlainReader

        self.lines = lines
        self.plain = PlainReader(lines, out)

    @property
    def cut(self) -> bool:
        return self.plain.cut

    def ready(self) -> bool:
        return self.lines.ready()

    async def wait_line(self) -> None:
        await self.lines.wait_line()

    async def read_async(self, message: str, default: str = "") -> str:
        out = self.plain.stream_out
        out.write(printable(message))
        out.flush()
        await self.lines.wait_line()
        return str(self.plain.read("", default))


# ------------------------------------------------------------------ the player's console
async def _outcome(work: Awaitable[Any]) -> tuple[Any, BaseException | None]:
    """(what ``work`` gives, None) or (None, what it raised): Ctrl+C at the prompt is a
    KeyboardInterrupt, which would stop the event loop if it left a task of its own."""
    try:
        return await work, None
    except (Exception, KeyboardInterrupt) as e:  # noqa: BLE001 - raised again by _given
        return None, e


def _given(outcome: tuple[Any, BaseException | None]) -> Any:
    """What :func:`_outcome` caught, raised again, or what it gave."""
    value, raised = outcome
    if raised is not None:
        raise raised
    return value


class JoinConsole:
    """The console of a remote seat: the local console's questions, queries,
    typed answers and speech, over the seat protocol (``link``: a
    :class:`Link`, or anything with ``inbox``, an :class:`Inbox`, and ``send``),
    on the event loop the connection runs on.

    ``seat`` is the player's :class:`HumanSeat` (narrator, history, speech);
    ``display``, ``speaker``, ``keys`` and ``confirm`` as for the local
    :class:`~a11y_dominion.console.app.Console`; ``reader`` reads typed lines:
    one with ``read_async`` (the terminal's
    :class:`~a11y_dominion.console.display.PromptReader`, a :class:`PipeReader`)
    also reads the lines typed while nothing is asked, and at a terminal the
    host's lines that come while the player types are printed above the prompt,
    the typed text kept; one with only ``read`` (a stream that never waits) is
    read at questions only. :meth:`run` plays until the host ends the session;
    it returns the exit code."""

    def __init__(
        self,
        link: Any,
        seat: HumanSeat,
        display: Any,
        speaker: Any,
        reader: Any,
        keys: dict[str, str] | None = None,
        confirm: bool = True,
    ):
        self.link = link
        self.holder = seat
        self.display = display
        self._speaker = speaker
        self.reader = reader
        self.keys = dict(keys or {})
        self.confirm = confirm
        self.name = seat.name
        self.humans = [seat.name]
        self.bots: dict[str, None] = {}
        self.asker: str | None = None
        self.latest: PlayerView | None = None
        self.decision: Decision | None = None
        self.decision_id: int | None = None
        self.sent = False
        self.shown: int | None = None
        self.answered: list[Any] | None = None
        self.confirming: tuple[list[Any], str] | None = None  # an answer read and the question to ask first
        self.later: list[Callable[[], Awaitable[None]]] = []  # what a command left to wait for (the host, a line)
        self.exit_code: int | None = None
        self.over = False
        self.completer: Any = None
        self.said = False
        self.ended = False  # the host ended the session: its end waits in the inbox for the run loop
        self.carry = ""  # a line half typed when a question came: drawn again at its prompt
        self.ended_told = False  # the host said why it ends this session (its last text)
        self.told: list[Any] = []  # the events told to this seat from the game's start: the story, then events
        self.hints = True  # the hint command answers (the player's hints setting)
        self.host_hints: tuple[bool, int | None] = (True, None)  # the host's hint policy: on, thinking time
        self.step: int | None = None  # the answers given in the game so far, as the host said (the hint's seed)
        self.command_state = CommandState()  # the messages read last and the place in the help pages
        # messages that could not be used count among the host's lines (one rate, one flood told)
        self.unread_rate = getattr(link, "rate", None) or Rate(HOST_LINES_PER_SECOND)
        seat.take_keyboard()
        seat.wait_for_prompt = True  # the news before a question goes on its prompt's line
        seat.story = lambda: list(self.told)  # the seat's history is told again from them in another language

    @property
    def lang(self) -> Language:
        return self.holder.lang

    @property
    def speaker(self) -> Any:
        return self._speaker

    @speaker.setter
    def speaker(self, value: Any) -> None:  # (the settings command's output)
        self._speaker = self.holder.announcer.speaker = value

    @property
    def interactive(self) -> bool:
        """True when a person types at a terminal (the end of input is a Ctrl+D typed by mistake)."""
        return bool(getattr(self.reader, "interactive", False))

    @property
    def between(self) -> bool:
        """True when lines typed while nothing is asked are read (the reader waits on the loop)."""
        return hasattr(self.reader, "read_async")

    def seen(self) -> Seen | None:
        """What completion reads: the latest view and the question waiting (None before any view)."""
        if self.latest is None:
            return None
        return Seen(self.latest, self.decision if not self.sent else None)

    def view(self, name: str | None = None) -> PlayerView:
        """The latest view of this seat (the only one a query may read); asked about another
        player by name ("Ann: status"), that view without this seat's own cards, as the
        table sees Ann (her Debt, VP tokens and how many cards where)."""
        if self.latest is None:
            raise JoinError(Msg(N_("Nothing is known of the game yet.")))
        who = name or self.asker
        if who is None or who == self.name:
            return self.latest
        return dataclasses.replace(self.latest, seat=who, hand=[], discard=[], set_aside=[])

    def take_name(self, seat: str) -> None:
        """Call this seat by ``seat``, its name as the host gives it, when that is the name
        the player typed in another letter case (``bea`` for the seat Bea): the prompt, the
        second person ("Your turn") and every comparison of names go by the host's name.
        Another name changes nothing."""
        if seat == self.name or self.name is None or seat.casefold() != self.name.casefold():
            return
        self.holder.rename(self.name, seat)
        self.name = seat
        self.humans = [seat] + [n for n in self.humans[1:] if n != seat]

    def _know_players(self) -> None:
        """The players a "Name: query" may be about: every player of the latest view
        (the ones who are not people, as far as the host said, are bots)."""
        if self.latest is None:
            return
        people = self.holder.people
        names = [p.name for p in self.latest.players]
        self.humans = [self.name] + [n for n in names if n != self.name and (not people or n in people)]
        self.bots = {n: None for n in names if people and n not in people and n != self.name}

    def say(
        self, text: str, priority: str = "normal", keep: bool = True, style: str | None = None, interrupt: bool = False
    ) -> None:
        """Print and speak one line (kept in this seat's history with ``keep``)."""
        self.holder.say(text, priority=priority, keep=keep, style=style, interrupt=interrupt)

    def reply(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            self.say(line, keep=False, interrupt=(i == 0))

    def error(self, text: str) -> None:
        self.say(text, priority="high", keep=False, style="bold", interrupt=True)

    def unreadable(self) -> None:
        """A message from the host could not be used: one sentence, held to the rate of the
        host's lines (:data:`HOST_LINES_PER_SECOND`), the first one past it saying so."""
        said = self.unread_rate.take()
        if said == "ok":
            self.error(self.lang._(N_("The host sent a message this program cannot read; it was left out.")))
        elif said == "tell":
            self.error(self.lang.text(FLOOD, n=HOST_LINES_PER_SECOND))

    def use(self, entry: tuple[str, Any]) -> bool:
        """Use one entry of the inbox that is no end: a message, ``("bad", Msg)`` (said as an
        error) or ``("said", text)`` (a line of this program's own, :func:`interrupted`'s);
        False when joining cannot go on (``exit_code`` set)."""
        kind, item = entry
        if kind == "bad":
            self.error(self.lang.msg(item))
            return True
        if kind == "said":
            self.say(item, keep=False)
            return True
        try:
            return self.receive(item)
        except (KeyError, TypeError, ValueError, AttributeError):
            self.unreadable()
            return True

    # ------------------------------------------------------------ typed lines
    async def read_line(self, message: str, default: str = "", watch: bool = True) -> Any:
        """One typed line (or a :class:`~a11y_dominion.console.keys.KeyCommand`) after
        ``message``. With ``watch``, while the host sends something that is to be said, the
        wait ends with :class:`~a11y_dominion.console.display.Arrived` (at a terminal the
        prompt is erased, the text typed so far in it; piped input is left unread). Raises
        EOFError at the end of input and KeyboardInterrupt for Ctrl+C."""
        reader = self.reader
        if not self.between:
            return reader.read(message, default)
        if not watch:
            return await reader.read_async(message, default)
        if not self.interactive:  # piped input: its line is read once whole, unless the host came first
            if await self._first(reader.wait_line()):
                return await reader.read_async(message, default)
            return Arrived("")
        typing = asyncio.ensure_future(_outcome(reader.read_async(message, default)))
        while True:
            if await self._first(typing):
                return _given(typing.result())
            if self.use_quiet():
                continue  # only what says nothing came: the prompt waits on
            if reader.stop():
                return _given(await typing)
            typing.cancel()  # the prompt had not started: nothing was typed in it
            await asyncio.wait([typing])
            return Arrived(default)

    async def _first(self, work: Awaitable[Any]) -> bool:
        """True when ``work`` ends before the host sends something; False (``work`` broken off
        unless it is a task kept by its caller) when the host's message came first."""
        task = asyncio.ensure_future(work)
        arrived = asyncio.ensure_future(self.link.inbox.wait())
        try:
            done, _ = await asyncio.wait({task, arrived}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            arrived.cancel()
        if task in done:
            return True
        if work is not task:
            task.cancel()
            await asyncio.wait([task])
        return False

    def use_quiet(self) -> bool:
        """Use the host's messages at the head of the inbox that put out nothing while a
        prompt waits: a new view, and events whose lines (if any) this seat hears only
        later (an opponent's turn is told at its end). Stops at the first message that
        needs the prompt ended (a question, text, the end); returns True when the inbox
        is then empty."""
        inbox = self.link.inbox
        announcer = self.holder.announcer
        while True:
            if not inbox.queue:
                return True
            kind, item = inbox.queue[0]
            if kind != "message" or item.get("type") not in ("view", "events", "story") or self.sent:
                return False  # a question, text, the end; or events that take the answer sent
            entry = inbox.get_nowait()
            waiting = announcer.waiting
            try:
                self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                inbox.put_back(entry)  # told by the console's own reading, after the prompt
                return False
            if announcer.waiting != waiting:
                return False  # it said something: the prompt ends and the held lines come out

    async def ask_yes(self, question: str) -> bool:
        """Ask a yes-or-no question; True only for yes (Ctrl+C, Ctrl+D and anything else are no)."""
        self.speaker.speak(question, priority="important", interrupt=True)  # heard, not only shown
        try:
            got = await self.read_line(question, "", watch=False)
        except (EOFError, KeyboardInterrupt):
            return False
        return isinstance(got, str) and is_yes(got)

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run one command line (:func:`~a11y_dominion.console.commands.run_command`); what it
        leaves to wait for (the host's reply, a line typed) is in ``later`` (see :meth:`obey`)."""
        run_command(self.command_ctx(), text)

    async def obey(self, text: str) -> None:
        """Run one command line and wait for what it left to wait for."""
        self.command(text)
        await self.finish()

    async def finish(self) -> None:
        """Do what the commands run left to wait for (the host's reply, a line typed), in order."""
        while self.later:
            await self.later.pop(0)()

    def command_ctx(self) -> Ctx:
        """What a command reads here: this seat's latest view and question, and the actions of
        a joined seat (undo, export and chat through the host; no save or load)."""
        from ..console.app import FileSettings

        holder = self.holder
        return Ctx(
            lang=self.lang,
            seat=self.name,
            asker=self.asker,
            bots=frozenset(self.bots),
            view=self.view() if self.latest is not None else None,
            decision=self.decision if not self.sent else None,
            step=self.seed(),
            told=lambda: list(self.told),
            history=holder.history,
            state=self.command_state,
            prefs=Prefs(
                verbosity=holder.verbosity,
                options=holder.heard.mode,
                hints=self.hints and self.host_hints[0],
                display="plain" if self.display.plain else "rich",
                keys=self.keys,
            ),
            store=FileSettings(self),
            screen=self.display,
            speech=self.speaker,
            port=SeatPort(
                options=lambda: self.show_question(self.decision, full=True) if self.decision is not None else None,
                undo=lambda: self.later.append(self.undo),
                quit=lambda: self.later.append(self.quit_game),
                export=lambda rest: self.later.append(lambda: self.export_file(rest)),
                say=self.chat,
            ),
            keys_help=lambda lang: key_help_lines(lang, self.keys),
            reply=self.reply,
            error=self.error,
            say=lambda text: self.say(text, keep=False),
            turn_start=holder.turn_start_lines,
            think_ms=self.host_hints[1],
            hints_off=N_("Hints are off at this table: the host's hints setting is off.")
            if not self.host_hints[0]
            else N_("Hints are off in the settings; settings set hints on turns them on."),
            help_seat="join",  # the game is kept on the host's computer
        )

    def seed(self) -> int:
        """The hint's seed: the answers given in the game so far, as the host said (an older
        host: the question's id)."""
        return self.step if self.step is not None else self.decision_id or 0

    async def undo(self) -> None:
        """undo: ask the host to take back this seat's last answer, and wait (a little) for
        its reply: ``undone`` and the question asked again, or ``refused`` with why.
        A host that does not know the message (an older one) is said so in one sentence."""
        self.link.send({"type": "undo"})
        mine = False
        async for item in self._replies():
            got = item.get("type")
            if got == "error" and item.get("error") == "unknown-type":
                self.error(self.lang._(N_("This host cannot undo: it runs an older version of a11y-dominion.")))
                return
            try:
                going = self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
                continue
            mine = mine or (got == "undone" and item.get("player") == self.name)
            if not going or got in ("refused", "error", "game_over") or (mine and got == "decide"):
                return

    async def _replies(self) -> AsyncIterator[dict[str, Any]]:
        """The host's messages as they come, for a command waiting for its reply: the
        generator ends when none comes within :data:`VIEW_SECONDS` or when the connection's
        end comes (put back for the run loop to read)."""
        while True:
            entry = await self.link.inbox.get(VIEW_SECONDS)
            if entry is None:
                return
            kind, item = entry
            if kind in ("bad", "said"):
                self.use(entry)
                continue
            if kind != "message":
                self.link.inbox.put_back(entry)  # the run loop reads it
                return
            yield item

    async def export_file(self, rest: str) -> None:
        """export FILE: the host sends the game so far as the console's export writes it for
        this seat (the ``export`` message), and it is written to FILE on this computer, as at
        the console; one sentence either way, naming the file's full path (a host too old to
        send it: one sentence). ``export all`` prints those lines here, as over ssh."""
        path = typed_path(rest)
        if not path:
            self.error(self.lang._(N_("Export needs a file name, for example export game.txt.")))
            return
        self.link.send({"type": "export"})
        lines = None
        async for item in self._replies():
            got = item.get("type")
            if got == "error" and item.get("error") == "unknown-type":
                self.error(self.lang._(N_("This host cannot export: it runs an older version of a11y-dominion.")))
                return
            if got == "export" and isinstance(item.get("lines"), list):
                lines = [str(x) for x in item["lines"]]
                break
            try:
                if not self.receive(item):
                    return
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
        if lines is None:
            self.error(self.lang._(N_("The host did not send the game; nothing was written.")))
            return
        if path.lower() in EXPORT_ALL:
            self.reply(export_here(lines, self.lang))
            return
        await self.write_out(os.path.abspath(path), "\n".join(lines) + "\n")

    async def write_out(self, path: str, text: str) -> None:
        """Write ``text`` to ``path`` as the console's export does, readable by its owner only:
        anything but a regular file refused before asking, a file replaced only after yes, a
        failed write said, and the file written named, each in one sentence."""
        lang = self.lang
        try:
            full, linked = write_target(path)
        except FileError as e:
            self.error(lang.text(N_("Cannot write {file}: {error}"), file=shown_name(path), error=lang.msg(e.args[0])))
            return
        if (
            self.confirm
            and os.path.exists(full)
            and not await self.ask_yes(
                lang.text(N_("{file} already exists. Replace it? Type yes to replace it: "), file=shown_name(path))
            )
        ):
            self.say(lang._(N_("Not exported. The file is as it was.")), keep=False)
            return
        try:
            write_atomic(full, text, mode=0o600)
        except OSError as e:
            self.error(lang.text(N_("Cannot write {file}: {error}."), file=shown_name(path), error=e.strerror or e))
            return
        if linked is not None:
            done = N_("The game so far is written to {target}, the file {file} links to.")
            self.say(lang.text(done, target=linked, file=shown_name(path)), keep=False)
            return
        self.say(lang.text(N_("The game so far is written to {file}."), file=shown_name(path)), keep=False)

    def chat(self, text: str) -> None:
        """say TEXT (cleaned and cut by the command): a line of chat to every seat, through the host."""
        self.link.send({"type": "say", "text": text})
        self.said = True  # the host's line with it is shown before the prompt comes back

    def leave_now(self) -> None:
        """The player leaves: the host hears a quit, not a broken connection."""
        self.link.leave()
        self.say(self.lang._(N_("You left the game.")), keep=False)
        self.exit_code = 0

    async def quit_game(self) -> None:
        """quit (or Ctrl+D): ask, then leave the game (the host keeps it) or stay; after the
        game, leave at once. Ctrl+D again or the end of piped input is a yes, Ctrl+C a no."""
        if self.over:
            self.link.leave()
            self.say(self.lang._(N_("You left; goodbye.")), keep=False)
            self.exit_code = 0
            return
        question = self.lang._(N_("Leave the game? The host keeps it and you may join again. Type yes to leave: "))
        self.speaker.speak(question, priority="important", interrupt=True)
        try:
            got = await self.read_line(question, "", watch=False)
            leave = isinstance(got, str) and is_yes(got)
        except EOFError:
            leave = True
        except KeyboardInterrupt:
            leave = False
        if leave:
            self.leave_now()
        else:
            self.say(self.lang._(N_("You stay in the game.")), keep=False)

    async def input_ended(self) -> None:
        """The end of input (Ctrl+D at a terminal: asked first; the end of piped input: the player left)."""
        if self.interactive:
            await self.quit_game()
        else:
            self.leave_now()

    def handle(self, line: str) -> None:
        """A typed line at this seat's question: a command is run, anything else read as the
        answer (:func:`~a11y_dominion.console.answers.read_answer`): refused in one sentence,
        or kept in ``answered``, or in ``confirming`` with the question to ask first."""
        d = self.decision
        if self.latest is None or d is None:
            self.command(line)
            return
        self._know_players()
        text = line.strip()
        if not text:
            self.show_question(d, again=True)
            return
        if NOT_UTF8 in text:  # bytes that are not UTF-8 were read as the replacement character
            self.error(self.lang._(N_("That line is not valid UTF-8.")))
            return
        command = command_part(self.latest, d, text, self.lang)
        if command is not None:
            who, rest = command
            self.asker = who if who in self.humans or who in self.bots else None
            try:
                self.command(rest)
            finally:
                self.asker = None
            return
        got = read_answer(self.view(d.player), d, text, self.lang, confirm=self.confirm)
        if got.refusal is not None:
            self.error(got.refusal)
        elif got.question is not None:
            self.confirming = (got.keys, got.question)
        else:
            self.answered = got.keys

    async def answer_line(self, line: str) -> None:
        """:meth:`handle` ``line``, then ask what it left to ask (a confirmation, a command's)."""
        self.handle(line)
        await self.finish()
        if self.confirming is None:
            return
        (keys, question), self.confirming = self.confirming, None
        if await self.ask_yes(question):
            self.answered = keys
        elif self.decision is not None:
            self.say(not_done(self.view(self.decision.player), self.decision, keys, self.lang), keep=False)

    async def typed_between(self, line: str) -> None:
        """A line typed while nothing is asked: a command is run on the latest view;
        anything else (a move, an answer) is refused, never kept for a later question."""
        text = line.strip()
        if not text:
            return
        if ":" in text and self.latest is None:
            await self.fetch_view()  # the players a "Ann: status" may name
        who, body = split_speaker(self.latest, text) if self.latest is not None else (None, text)
        if who is not None and command_for((body.split() or [""])[0]) in COMMANDS:  # "Ann: status"
            await self.fetch_view()
            self._know_players()
            self.asker = who
            try:
                self.command(body.strip())
            finally:
                self.asker = None
            await self.finish()
            return
        word = (text.split() or [""])[0]
        if command_for(word) in COMMANDS:
            if command_for(word) not in ("say", "quit", "help"):
                await self.fetch_view()
            await self.obey(text)
        else:  # a move out of turn, a misspelt command or nonsense: which one it is
            said = (body.strip() if who is not None else "") or text  # ("Ann: buy Gold" is a move)
            self.error(self.lang.msg(between_questions(said, suggestion(said, self.lang))))

    async def fetch_view(self) -> None:
        """Ask the host for this seat's view now and wait (a little) for it, using what
        comes before it; a query between decisions reads the game as it is now."""
        self.link.send({"type": "view"})
        async for item in self._replies():
            try:
                self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
            if item.get("type") in ("view", "game_over", "decide"):
                return

    async def read_between(self) -> None:
        """Read a line typed while nothing is asked and use it; return early when the host
        sends something (at a terminal the text typed so far is kept for the next prompt)."""
        default, self.carry = self.carry, ""
        announcer = self.holder.announcer
        announcer.hold()  # nothing is spliced into a half-typed line
        try:
            got = await self.read_line("", default)
        except EOFError:
            announcer.release()
            await self.input_ended()
            return
        except KeyboardInterrupt as e:  # Ctrl+C: the line is cleared, as at a question
            announcer.release()
            self.say(cleared_text(e, self.lang, leave=True), keep=False)
            return
        announcer.release()
        if isinstance(got, Arrived):
            self.carry = got.text
        elif isinstance(got, KeyCommand):
            self.carry = got.text
            await self.obey(got.command)
        else:
            await self.typed_between(got)

    # ------------------------------------------------------------ questions
    def show_question(self, d: Decision, full: bool = False, again: bool = False, news: bool = False) -> None:
        """Put the question to this seat as the console does
        (:meth:`~a11y_dominion.console.narration.Narration.show_question`)."""
        self.holder.show_question(self.view(), d, full=full, again=again, news=news)

    async def ask(self) -> bool:
        """Read lines until an answer to the pending decision is sent; False when the player left."""
        d = self.decision
        asked = self.decision_id
        if d is None:
            return True
        if self.shown != asked:
            # piped lines that came before the question was shown are no answers to it
            while self.between and not self.interactive and self.reader.ready() and self.exit_code is None:
                await self.read_between()
            if self.exit_code is not None:
                return False
            if self.decision_id != asked or self.decision is None or self.sent:
                return True
            self.shown = asked
            self.show_question(d, news=True)
        default, self.carry = self.carry, ""
        announcer = self.holder.announcer
        while True:
            self.answered = None
            announcer.hold()  # nothing is spliced into a half-typed line
            try:
                got = await self.read_line(f"{self.name}> ", default, watch=self.interactive)
            except EOFError:
                await self.input_ended()
                if self.exit_code is not None:
                    return False
                default = ""
                continue
            except KeyboardInterrupt as e:
                self.say(cleared_text(e, self.lang, leave=True), keep=False)
                default = ""
                continue
            finally:
                announcer.release()
            if isinstance(got, Arrived):  # the host sent something: shown, then the prompt again
                default = got.text
                if not await self.drain() or self.decision_id != asked or self.decision is None:
                    self.carry = default
                    return self.exit_code is None
                continue
            default = ""
            if isinstance(got, KeyCommand):
                default = got.text
                await self.obey(got.command)
            else:
                if getattr(self.reader, "cut", False):  # said once, before what the line does
                    self.say(self.lang.text(CUT_LINE, n=MAX_LINE), priority="high", keep=False)
                await self.answer_line(got)
            if self.exit_code is not None:
                return False
            if self.decision_id != asked or self.decision is None:
                return True  # the question changed meanwhile (undo): the run loop asks the new one
            if self.answered is None and not await self.drain():
                return self.exit_code is None  # the host went on (or ended): the run loop looks again
            if self.answered is not None:
                keys = [k.to_dict() if isinstance(k, Move) else k for k in self.answered]
                self.link.send({"type": "answer", "id": self.decision_id, "keys": keys})
                self.sent = True
                self.holder.last_answer = self.answered
                return True

    # ------------------------------------------------------------ messages from the host
    async def drain(self) -> bool:
        """Use what the host sent while the player typed at a question (chat, a player
        leaving), before the prompt comes back; after ``say`` wait a little for its line.
        False when the question is no longer the one waiting (or the host ended)."""
        asked = self.decision_id
        while True:
            entry = await self.link.inbox.get(SAY_SECONDS) if self.said else self.link.inbox.get_nowait()
            if entry is None:
                self.said = False
                return True
            kind, item = entry
            if kind == "closed":
                self.ended = True
                self.link.inbox.put_back(entry)  # the run loop ends the session
                return False
            if kind == "message" and item.get("type") == "text":
                self.said = False
            if not self.use(entry) or self.decision_id != asked or self.decision is None:
                return False

    def receive(self, message: dict[str, Any]) -> bool:
        """Use one message from the host; False when joining cannot go on (``exit_code`` set)."""
        kind = message["type"]
        if kind not in ("events", "decide", "view", "story", "history"):
            self.holder.flush()  # the news waiting for a question that did not come, before what comes now
        if kind == "hello":
            if message.get("protocol") != PROTOCOL_VERSION:
                self.error(
                    self.t(
                        N_("The host speaks version {theirs} of the seat protocol and this program version {ours}."),
                        theirs=str(message.get("protocol")),
                        ours=PROTOCOL_VERSION,
                    )
                )
                self.exit_code = 2
                return False
            seat = message.get("seat")
            if isinstance(seat, str):
                self.take_name(seat)
            people = message.get("people")
            if isinstance(people, list):  # the people at the table: their turn's start is told at once
                self.holder.meet(frozenset(p for p in people if isinstance(p, str)))
            hints = message.get("hints")
            if isinstance(hints, dict):  # the table's hint policy (an older host: the hard bot, always on)
                think = hints.get("think_ms")
                number = isinstance(think, int) and not isinstance(think, bool) and think >= 0
                self.host_hints = (hints.get("on") is not False, think if number else None)
        elif kind == "text":
            text = str(message.get("text", ""))
            if text.strip():  # nothing is left of a text of escape sequences only
                self.say(text)
            if message.get("last") is True:  # the host said why the session ends: nothing more is said of it
                self.ended_told = True
        elif kind == "events":
            if self.sent:  # the host went on: the answer was taken
                self.decision, self.sent = None, False
            events = [event_from_data(e) for e in message["events"]]
            self.told.extend(events)
            self.holder.tell(events)
            if message.get("asks") is not True:  # (else they are said with the question that comes next)
                self.holder.flush()
        elif kind == "story":  # what this seat's player heard before this session: kept, history only
            start = message["start"]
            if not isinstance(start, int) or isinstance(start, bool) or start < 0:
                raise ValueError("the start of a story is a count of events")
            events = [event_from_data(e) for e in message["events"]]
            del self.told[start:]
            self.told.extend(events)
            if events:  # a game under way: the narration goes on from it, the hand said at the first question
                self.holder.recall(events, keep=False)  # (the history comes in the history message)
                self.holder.hand_due = True
        elif kind == "history":  # the seat's history as the host kept it: this program's from now on
            lines = message["lines"]
            if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
                raise ValueError("a history is a list of lines")
            for text in lines:
                self.holder.history.add(text, category="game")
        elif kind == "decide":
            self.decision = Decision.from_data(message["decision"])
            self.latest = PlayerView.from_data(message["view"])
            self.take_name(self.latest.seat)  # (a host that said the name as it was typed)
            self.decision_id = message.get("id")
            step = message.get("step")
            self.step = step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else None
            self.sent = False
        elif kind in ("refused", "error"):
            sentence = msg_from_data(message.get("message"))
            if sentence.template == UNKNOWN_SENTENCE and isinstance(message.get("text"), str) and message["text"]:
                sentence = Msg(HOST_SAYS, text=message["text"])  # the host's own words, as a value
            self.error(self.lang.msg(sentence))
            if message.get("error") == "seat-taken":
                self.exit_code = 2
                return False
            if message.get("error") != "stale":
                self.sent = False  # the same question waits for another answer
        elif kind == "undone":
            self.took_back(str(message["player"]), [event_from_data(e) for e in message["events"]], message["view"])
        elif kind in ("view", "game_over"):
            self.latest = PlayerView.from_data(message["view"])
            heard = message.get("heard")  # the host told where this seat's own turn stands (back in the game)
            if heard in ("turn", "hand") and self.latest.turn.player == self.name:
                self.holder.heard_turn(self.latest, figures=heard == "turn")
            if kind == "game_over":
                self.over = True
                self.decision, self.sent = None, False
        return True

    def took_back(self, player: str, events: list[Any], view: dict[str, Any]) -> None:
        """The ``undone`` message: ``player`` took back an answer that made ``events``, told as
        :meth:`~a11y_dominion.console.narration.Narration.undone` says; this seat's own question
        is asked again (the host sends it anew)."""
        before = self.latest
        self.latest = PlayerView.from_data(view)
        if events:  # the events taken back leave what this seat was told (hint reads it)
            del self.told[-len(events) :]
        if player == self.name:
            self.decision, self.sent = None, False  # a new decide follows
        self.holder.undone(player, events, self.latest, before)

    async def run(self) -> int:
        """Play until the host ends the session; the exit code (0: the game ended,
        or the player left; 1: the host ended it before the end; 2: it cannot be joined)."""
        inbox = self.link.inbox
        while True:
            if self.decision is not None and not self.sent and not self.ended:
                if not await self.ask():
                    self.link.close()
                    return self.exit_code or 0
                continue
            entry = inbox.get_nowait()
            if entry is None and self.between:
                await self.read_between()  # (until the host sends something)
                if self.exit_code is not None:
                    self.link.close()
                    return self.exit_code
                continue
            if entry is None:
                entry = await inbox.get()
            if entry is None or entry[0] == "closed":
                break
            if not self.use(entry):
                self.link.close()
                return self.exit_code or 2
        self.link.close()
        if not self.over:
            if not self.ended_told:
                self.say(self.lang._(N_("The host ended the session before the game was over.")), keep=False)
            return 1
        if self.speaker.mode in ("self-voicing", "auto") and self.speaker.effective_mode == "self-voicing":
            self.say(self.lang._(N_("Press Enter to leave the game.")), keep=False)
            try:
                await self.read_line("> ", "", watch=False)
            except (EOFError, KeyboardInterrupt):
                pass
        return 0


# ------------------------------------------------------------------ the command
def read_password(prompt: str, stdin=None, stderr=None) -> str:
    """The password typed after ``prompt``: :func:`getpass.getpass`, not shown as it is typed.
    With no terminal to hide it on (standard input a pipe or a file, no console window),
    the prompt goes to ``stderr`` and the line is read from ``stdin`` (by default the
    program's own), with none of getpass's warnings about it (``GetPassWarning``,
    "Password input may be echoed"), which a player need not hear. Raises EOFError when
    input ends first."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", getpass.GetPassWarning)  # (raised before getpass prints anything)
        try:
            return getpass.getpass(prompt)
        except getpass.GetPassWarning:
            pass
    err = stderr if stderr is not None else sys.stderr
    err.write(prompt)
    err.flush()
    line = (stdin if stdin is not None else sys.stdin).readline()
    if not line:
        raise EOFError
    err.write("\n")
    return line.rstrip("\r\n")


def run_join(args, stdout=None) -> int:
    """``a11y-dominion join HOST``; returns the exit code. A host that cannot be
    reached, a refused seat or a bad option: one sentence on standard error, exit 2."""
    from ..console.app import STARTING, speech_line
    from ..console.display import Display, wants_plain
    from ..console.keys import bad_keys
    from ..console.start import auto_speech, make_speaker
    from ..settings import load_settings, seat_settings

    out = stdout if stdout is not None else sys.stdout
    settings, warning = load_settings()
    lang = Language(args.lang or settings.get("language") or "en")

    def fail(message) -> int:
        print(f"a11y-dominion: {lang.msg(message)}", file=sys.stderr)
        return 2

    host, port, user, password = args.host, args.port, args.user, None
    try:
        if args.seats_file:
            file_host, file_port, user, password = read_seats_file(args.seats_file, args.user, lang)
            host = host or file_host
            port = port if port is not None else file_port
        elif args.password_file:
            password = read_password_file(args.password_file)
    except JoinError as e:
        return fail(e.args[0])
    if not host:
        return fail(Msg(N_("Name the host to join, for example {command} join 192.0.2.7."), command=typed_command()))
    port = 2222 if port is None else port
    if not 1 <= port <= 65535:
        return fail(Msg(N_("--port must be a whole number from 1 to 65535.")))
    user = user or login_name()
    if not user:
        return fail(Msg(N_("Name your seat with --user, for example --user Ann.")))
    opts = seat_settings(settings, user)
    if not args.lang and opts.get("language"):
        lang = Language(opts["language"])
    if password is None:
        try:
            password = read_password(lang.text(N_("Password of the seat {user} at {host}: "), user=user, host=host))
        except (EOFError, KeyboardInterrupt):
            return fail(Msg(N_("No password was given.")))

    speech = args.speech or settings.get("speech") or "auto"
    verbosity = args.verbosity or opts.get("verbosity") or settings.get("verbosity") or "normal"
    auto_why = None
    if speech == "auto":  # the player's own screen reader first, as at a local game
        speech, auto_why = auto_speech(settings, lang, out)
    plain = wants_plain(speech, args.plain, out)
    display = Display(out, plain=plain, lang=lang)
    notices: list = []
    # the speech output is looked for while the host is reached, and found (or not) before the
    # first line of the game: what it says of itself is said once, before the first prompt
    speaker = make_speaker(speech, settings, display, lang, notices)
    known = KnownHosts()
    link = Link(host, port, user, password, known, lang, verbosity=verbosity)
    keys = dict(settings.get("keys") or {})
    for action, _key in bad_keys(keys):
        keys.pop(action)

    async def play() -> int:
        try:
            await link.start()
        except JoinError as e:
            speaker.close()
            return fail(e.args[0])
        speaker.wait_ready()  # (each output's own time limits bound the search)
        for notice in notices:
            display.line(notice)
        seat = HumanSeat(
            user,
            lang=lang,
            verbosity=verbosity,
            speaker=speaker,
            print_fn=lambda text, style=None: display.line(text, style),
            options=settings.get("options") or "new",
        )
        console = JoinConsole(
            link, seat, display, speaker, None, keys=keys, confirm=bool(settings.get("confirm", True))
        )
        console.hints = bool(settings.get("hints", True))
        console.reader = typed_reader(console, keys, plain, out)
        interrupted(console)
        try:
            greet(console)
            return await console.run()
        finally:
            await link.closed()
            speaker.close()

    def greet(console: JoinConsole) -> None:
        where = {"host": host, "port": port}
        if link.first_visit:
            console.say(
                lang.text(
                    N_("First visit to {host} port {port}: its host key, {fingerprint}, is kept for your next visits."),
                    fingerprint=link.fingerprint,
                    **where,
                ),
                keep=False,
            )
        else:
            console.say(
                lang.text(
                    N_("The host key of {host} port {port} is the one kept from your last visit: {fingerprint}."),
                    fingerprint=link.fingerprint,
                    **where,
                ),
                keep=False,
            )
        console.say(lang.text(N_("Joined {host} port {port} as {player}."), player=user, **where), keep=False)
        said = auto_why or speech_line(speaker, lang, STARTING, at_start=True)
        if said:  # "" when the speaker has said itself that no sound can be heard
            console.say(said, keep=False)
        if warning:
            console.say(lang.msg(warning), keep=False)

    return asyncio.run(play())


def typed_reader(console: JoinConsole, keys: dict[str, str], plain: bool, out: Any, stdin: Any = None) -> Any:
    """The reader of what the player types at ``console``: at a terminal the console's line
    editor (prompt_toolkit's, on the event loop), with completion of the seat's question and
    the shortcut ``keys``; else the piped lines of ``stdin`` (standard input unless given),
    read on the event loop (:class:`PipeReader`), written to ``out`` once each."""
    from ..console.completion import DecisionCompleter
    from ..console.display import PromptReader
    from ..console.keys import build_key_bindings

    stdin = stdin if stdin is not None else sys.stdin
    if stdin.isatty() and out.isatty():
        console.completer = DecisionCompleter(console.seen, console.lang)
        return PromptReader(console.completer, build_key_bindings(keys), plain=plain)
    return PipeReader(PipeLines(piece_reader(stdin.fileno())), out)


def interrupted(console: JoinConsole, platform: str = sys.platform) -> None:
    """Ctrl+C (SIGINT) that comes while no line editor reads keys (piped input, or a moment
    between two prompts) says what Ctrl+C at an empty prompt says, in turn with the host's
    lines (through the inbox), and the game goes on. On
    Windows, where the event loop takes no signal handlers, Ctrl+C there ends the program."""
    if platform == "win32":
        return
    import signal

    def said() -> None:  # said in turn with the host's lines (a half-typed line is not cut)
        console.link.inbox.put(("said", cleared_text(LineCleared(had_text=False), console.lang, leave=True)))

    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, said)
    except (NotImplementedError, RuntimeError, ValueError):  # not in the main thread: the default stays
        pass
