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
commands and its reading of typed answers (a
:class:`~a11y_dominion.console.position.Position` lets them read a view
instead of a game). Only option keys go back to the host.

The host's key is trusted on first use: it is kept in the user data
directory (``known_hosts``) and its fingerprint printed; a host whose key
changed is refused before any password is sent.

The SSH connection runs in a thread of its own (:class:`Link`); the
player's console runs in the main thread, as at a local game. While
nothing is asked of the seat, :class:`InputWatch` tells the console that
a line was typed: a query is answered from a view fetched from the host
then, and a move is refused in one sentence; a line typed before a
question was shown is never taken as its answer. At a terminal, what the
host sends while a prompt waits is printed at once above it, the typed text
drawn again (:class:`PromptPump`), and the end of the session ends the
prompt; between decisions the terminal reads keys one by one
(:class:`CharMode`), so the first key typed starts the line editor and a
half-typed line is kept apart from the host's lines. How a typed line is
waited for depends on the platform (:func:`typed_input`): ``select`` on POSIX
systems, ``msvcrt.kbhit`` at a Windows console, a reader thread for a
Windows pipe. ``undo`` asks the host to
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
import codecs
import dataclasses
import getpass
import os
import queue
import select
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..announcements.words import join_names
from ..console.answers import Answers, suggestion
from ..console.commands import CommandState, Ctx, Prefs, SeatPort, command_for, run_command
from ..console.completion import COMMANDS
from ..console.display import LineCleared, cleared_text
from ..console.keys import KeyCommand, key_help_lines
from ..console.persistence import EXPORT_ALL, Persistence, export_here
from ..console.position import Position
from ..console.seat import HumanSeat
from ..files import BINARY, SETTINGS_LIMIT, FileError, read_json, typed_path
from ..i18n import N_, Language, typed_command
from ..lineinput import read_line
from ..rules.decisions import Decision, Move, Msg
from ..textinput import NOT_UTF8, between_questions, split_speaker, typed_line
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
NOT_ASKED = N_("Nothing is asked of you now; type help for the commands.")
CONNECT_SECONDS = 15
VIEW_SECONDS = 5  # how long a query between decisions waits for the host's view
SAY_SECONDS = 2  # how long the prompt waits for the host's line with what the player said
PIPE_LINE = 16 * 1024  # bytes of one typed line kept from a Windows pipe (4 times MAX_LINE's characters)
PIPE_BUFFER = 1024 * 1024  # bytes read ahead from a Windows pipe before the reader waits
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


class Inbox(queue.Queue):
    """The queue of what the host sent, for the console's thread, with :attr:`weight`: the
    bytes of the lines of the messages in it. The connection puts no more while it
    :meth:`is_full` (it reads no further meanwhile, so the host waits); the console's own
    entries (typed input, an end put back) always go in."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = 0

    def _put(self, item) -> None:
        self.queue.append(item)
        self.weight += _weight(item)

    def _get(self):
        item = self.queue.popleft()
        self.weight -= _weight(item)
        return item

    def is_full(self) -> bool:
        """True while :data:`MAX_INBOX` messages or :data:`MAX_INBOX_BYTES` bytes wait."""
        with self.mutex:
            return len(self.queue) >= MAX_INBOX or self.weight >= MAX_INBOX_BYTES

    def put_back(self, item) -> None:
        """Put ``item`` back at the head of the queue (it was taken and is to be used later)."""
        with self.mutex:
            self.queue.appendleft(item)
            self.weight += _weight(item)
            self.not_empty.notify()


class Link:
    """The SSH connection to the host and its seat-protocol session, run in a
    thread of its own. :meth:`start` connects (or raises :class:`JoinError`);
    what the host sends comes into :attr:`inbox` (an :class:`Inbox`) as
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
        self.inbox: Inbox = Inbox()
        self.rate = Rate(HOST_LINES_PER_SECOND, clock)
        self.closing = False  # the console is done: the connection stops waiting for room in the inbox
        self.loop: asyncio.AbstractEventLoop | None = None
        self.process: Any = None
        self.conn: Any = None
        self.thread: threading.Thread | None = None
        self.fingerprint: str | None = None
        self.first_visit = False
        self.changed = False

    def start(self) -> None:
        """Connect and open the session; raises :class:`JoinError` with the reason."""
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="ssh", daemon=True)
        self.thread.start()
        kind, item = next_item(self.inbox)
        if kind == "failed":
            self.thread.join(5)
            raise JoinError(item)

    def _client(self):
        import asyncssh

        link = self

        class Client(asyncssh.SSHClient):
            def validate_host_public_key(self, host, addr, port, key) -> bool:
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

    async def _main(self) -> None:
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
            self.inbox.put(("failed", self._failure(e)))
            return
        self.loop = asyncio.get_running_loop()
        self.inbox.put(("connected", None))
        splitter = LineSplitter(MAX_FROM_HOST)
        try:
            while True:
                try:
                    got = await self.process.stdout.read(65536)
                except (asyncssh.Error, OSError):
                    break
                if not got:
                    break
                for line in splitter.feed(got):
                    entry = self._take(self._message(line))
                    if entry is None:
                        continue
                    while self.inbox.is_full() and not self.closing:
                        await asyncio.sleep(INBOX_WAIT_SECONDS)
                    self.inbox.put(entry)
        finally:
            self.inbox.put(("closed", None))
            self.conn.close()
            try:
                await self.conn.wait_closed()
            except Exception:  # noqa: BLE001 - closing a connection that already broke
                pass

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
        a broken connection), then end this side's input to it; from any thread. A host
        older than ``leave`` answers ``unknown-type``, which nobody waits for."""
        self.send({"type": "leave"}, last=True)

    def send(self, message: dict, last: bool = False) -> None:
        """Send one message to the host (from any thread); ``last``: nothing more is sent
        (the end of input follows it)."""
        if self.loop is None or self.process is None:
            return

        def write() -> None:
            try:
                self.process.stdin.write(encode(message))
                if last:
                    self.process.stdin.write_eof()
            except Exception:  # noqa: BLE001 - the connection is going; its end comes into the inbox
                pass

        try:
            self.loop.call_soon_threadsafe(write)
        except RuntimeError:  # the connection's loop has ended
            pass

    def close(self) -> None:
        """Close the connection and wait (a little) for its thread to end."""
        self.closing = True
        if self.loop is not None and self.conn is not None:
            try:
                self.loop.call_soon_threadsafe(self.conn.close)
            except RuntimeError:
                pass
        if self.thread is not None:
            self.thread.join(5)


# ------------------------------------------------------------------ typed lines between decisions
WATCH_SECONDS = 0.1  # how long the input watch waits at a time before it looks whether it still must
KEY_POLL_SECONDS = 0.02  # how often a Windows console is looked at for a key while the watch waits
TYPED_AHEAD = 65536  # bytes of keys typed before a question that are read at most


class FdLines:
    """Typed input at a POSIX file descriptor (a terminal, a pipe or a file), read
    without a buffer of its own, so that :func:`select.select` on the descriptor
    tells truly whether a typed line waits: a buffered stream may hold lines the
    descriptor no longer shows. ``readline``, ``isatty`` and ``fileno`` as a
    stream has them, and :meth:`waits`, :meth:`wait` and :meth:`typed_ahead`."""

    def __init__(self, fd: int):
        self.fd = fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def fileno(self) -> int:
        return self.fd

    def readline(self, size: int = -1) -> str:
        """One line with its newline; "" at the end of input. With ``size`` (characters,
        as a stream's ``readline`` takes it) at most that many are read: the rest of a
        long line waits for the next call, so memory stays bounded."""
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        got: list = []
        count = 0
        while size < 0 or count < size:
            try:
                byte = os.read(self.fd, 1)
            except OSError:
                byte = b""
            if not byte:
                got.append(decoder.decode(b"", final=True))
                break
            char = decoder.decode(byte)
            if char:
                got.append(char)
                count += len(char)
                if char.endswith("\n"):
                    break
        return "".join(got)

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for typed input (a whole line, or the end of input; a key
        at a terminal in :class:`CharMode`); True when it can be read now. Raises OSError
        or ValueError for a descriptor that cannot be waited on (closed)."""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        return bool(ready)

    def waits(self) -> bool:
        """True when typed input can be read now (see :meth:`wait`); False for a closed descriptor."""
        try:
            return self.wait(0)
        except (OSError, ValueError):
            return False

    def typed_ahead(self) -> str:
        """The keys typed so far and not read (at most :data:`TYPED_AHEAD` bytes), as text:
        what a terminal in :class:`CharMode` holds, read without waiting."""
        got = b""
        while self.waits() and len(got) < TYPED_AHEAD:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
        return got.decode("utf-8", "replace")


class ConsoleLines:
    """Typed input at a Windows console, where :func:`select.select` works only on
    sockets: a key waits when ``kbhit()`` says so (:func:`msvcrt.kbhit`), keys typed
    ahead are read with ``getwch()`` (:func:`msvcrt.getwch`, no echo) and whole lines
    with ``stream.readline()`` (standard input, which reads the console in Unicode).
    ``kbhit`` and ``getwch`` are msvcrt's unless given. Same methods as :class:`FdLines`."""

    def __init__(
        self,
        fd: int,
        stream=None,
        kbhit: Callable[[], bool] | None = None,
        getwch: Callable[[], str] | None = None,
    ):
        self.fd = fd
        self.stream = stream if stream is not None else sys.stdin
        self._kbhit = kbhit
        self._getwch = getwch

    def kbhit(self) -> bool:
        if self._kbhit is None:
            try:
                import msvcrt  # Windows only: this class is chosen on Windows
            except ImportError:
                return False
            self._kbhit = msvcrt.kbhit  # type: ignore[attr-defined]
        return bool(self._kbhit())

    def getwch(self) -> str:
        if self._getwch is None:
            try:
                import msvcrt
            except ImportError:
                return ""
            self._getwch = msvcrt.getwch  # type: ignore[attr-defined]
        return self._getwch()

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def readline(self, size: int = -1) -> str:
        """One line with its newline; "" at the end of input (Ctrl+Z, Enter); with ``size``
        (characters) at most that many, the rest left for the next call."""
        return self.stream.readline(size)

    def waits(self) -> bool:
        """True when a key was typed and not read yet."""
        return self.kbhit()

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for a key (looking every :data:`KEY_POLL_SECONDS`)."""
        left = seconds
        while not self.waits():
            if left <= 0:
                return False
            pause = min(KEY_POLL_SECONDS, left)
            time.sleep(pause)
            left -= pause
        return True

    def typed_ahead(self) -> str:
        """The keys typed so far, read without waiting, as text: Enter ends a line
        ("\\n"), Backspace rubs out the character before it, Escape and Ctrl+C clear the
        line, keys that type nothing (arrows, function keys) are left out."""
        lines: list = []
        line: list = []
        count = 0
        while self.waits() and count < TYPED_AHEAD:
            ch = self.getwch()
            count += 1
            if ch in ("\x00", "\xe0"):  # the first half of a key with no character: its code follows
                self.getwch()
            elif ch in ("\r", "\n"):
                lines.append("".join(line))
                line = []
            elif ch == "\x08":
                if line:
                    line.pop()
            elif ch in ("\x1b", "\x03"):
                line = []
            elif ch.isprintable():
                line.append(ch)
        return "".join(x + "\n" for x in lines) + "".join(line)


class PipeLines:
    """Typed input from a Windows pipe or file, where :func:`select.select` works only
    on sockets: a thread reads ``fd`` (with ``read(fd, n)``, :func:`os.read` unless
    given) into a buffer, so that a whole line waiting is known without reading it.
    Same methods as :class:`FdLines`; :meth:`isatty` is False."""

    def __init__(self, fd: int, read: Callable[[int, int], bytes] | None = None):
        self.fd = fd
        self.read = read or os.read
        self.buffer = bytearray()
        self.ended = False
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._fill, name="typed-lines", daemon=True)
        self.thread.start()

    def _fill(self) -> None:
        dropping = False  # past the bound of a long line: its bytes go until its newline
        while True:
            try:
                chunk = self.read(self.fd, 4096)
            except OSError:
                chunk = b""
            with self.changed:
                # a reader that does not take its lines holds up the writer, not the memory
                self.changed.wait_for(lambda: len(self.buffer) < PIPE_BUFFER)
                if not chunk:
                    self.ended = True
                else:
                    if dropping:
                        end = chunk.find(b"\n")
                        chunk = b"" if end < 0 else chunk[end:]
                        dropping = end < 0
                    self.buffer += chunk
                    start = self.buffer.rfind(b"\n") + 1
                    if len(self.buffer) - start > PIPE_LINE:  # a line longer than any that is read
                        del self.buffer[start + PIPE_LINE :]
                        dropping = True
                self.changed.notify_all()
            if not chunk and self.ended:
                return

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.fd

    def _ready(self) -> bool:
        return self.ended or b"\n" in self.buffer

    def waits(self) -> bool:
        """True when a whole line (or the end of input) can be read now."""
        with self.changed:
            return self._ready()

    def wait(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for a whole line (or the end of input)."""
        with self.changed:
            return self.changed.wait_for(self._ready, seconds)

    def readline(self, size: int = -1) -> str:
        """One line with its newline (waiting for it); "" at the end of input. With
        ``size`` (characters) at most that many: the rest waits for the next call."""
        with self.changed:
            self.changed.wait_for(self._ready)
            end = self.buffer.find(b"\n")
            taken = len(self.buffer) if end < 0 else end + 1
            text = bytes(self.buffer[:taken]).decode("utf-8", "replace")
            del self.buffer[:taken]
            if 0 <= size < len(text):
                self.buffer[:0] = text[size:].encode("utf-8")
                text = text[:size]
            self.changed.notify_all()
        return text

    def typed_ahead(self) -> str:
        """What was read and not taken yet, as text."""
        with self.changed:
            got = bytes(self.buffer)
            self.buffer.clear()
        return got.decode("utf-8", "replace")


def typed_input(fd: int, platform: str = sys.platform, isatty: Callable[[int], bool] = os.isatty):
    """Where the join client reads typed lines from, for standard input ``fd`` on
    ``platform`` (``sys.platform``; ``isatty`` says whether ``fd`` is a terminal, a
    console on Windows): :class:`FdLines` on POSIX systems (``select`` tells whether a
    line waits), :class:`ConsoleLines` at a Windows console (``msvcrt.kbhit``),
    :class:`PipeLines` for a Windows pipe or file (a reader thread)."""
    if platform != "win32":
        return FdLines(fd)
    if isatty(fd):
        return ConsoleLines(fd)
    return PipeLines(fd)


def next_item(inbox: queue.Queue, wake: float = WATCH_SECONDS):
    """The next item of ``inbox``, waited for ``wake`` seconds at a time, so that Ctrl+C
    (KeyboardInterrupt) breaks the wait off on every system: before Python 3.14 Windows
    does not break off a wait without an end."""
    while True:
        try:
            return inbox.get(timeout=wake)
        except queue.Empty:
            continue


def line_waits(typed) -> bool:
    """True when a whole typed line (or the end of input; a key at a terminal in
    :class:`CharMode`) can be read now from ``typed`` (:func:`typed_input`'s, or None)."""
    return typed is not None and typed.waits()


class InputWatch:
    """Tells the console's main thread, through ``inbox``, that a line was typed
    while it waits for the host: while :meth:`arm` is in force, typed input
    waiting at ``typed`` (:func:`typed_input`'s) puts one ``("input", None)`` into
    the inbox (and disarms). The watch itself never reads, so the console's own
    reader reads every line."""

    def __init__(self, typed, inbox: queue.Queue):
        self.typed = typed
        self.inbox = inbox
        self.armed = threading.Event()
        self.lock = threading.Lock()
        self.ended = False
        self.thread = threading.Thread(target=self._watch, name="input-watch", daemon=True)
        self.thread.start()

    def arm(self) -> None:
        self.armed.set()

    def disarm(self) -> None:
        with self.lock:
            self.armed.clear()

    def end(self) -> None:
        self.ended = True
        self.armed.set()

    def _watch(self) -> None:
        while not self.ended:
            self.armed.wait()
            if self.ended:
                return
            try:
                waiting = self.typed.wait(WATCH_SECONDS)
            except (OSError, ValueError):  # the input cannot be waited on (closed): nothing more is watched
                self.ended = True
                return
            if waiting:
                with self.lock:
                    if self.armed.is_set() and not self.ended:
                        self.armed.clear()
                        self.inbox.put(("input", None))


@dataclasses.dataclass(frozen=True)
class Arrived:
    """What a prompt gives back when it was ended because the host sent something:
    ``text`` is the line typed so far (drawn again at the next prompt)."""

    text: str = ""


PUMP_SECONDS = 0.05  # how often a waiting prompt looks for what the host sent


def _running_app(reader) -> Any:
    """The prompt_toolkit application of ``reader`` (a :class:`PromptReader`) while its
    prompt runs, else None."""
    app = getattr(getattr(reader, "session", None), "app", None)
    if app is None or not getattr(app, "is_running", False) or getattr(app, "loop", None) is None:
        return None
    return app


class PromptPump:
    """While a prompt waits at the terminal, ends it as soon as the host sent something
    (a line of chat, the host stopping the game, the end of the connection): the
    prompt is erased and gives back :class:`Arrived` with the line typed so far, so the
    console prints what came in its own lines and draws the prompt again, the typed
    text kept. ``inbox``: the link's queue (only looked at here); ``reader``: the
    console's reader; ``quiet``: called on the prompt's own loop before it is ended,
    it uses what came that puts out nothing (a new view, events that say nothing
    yet) and returns True when nothing else came, so that the prompt waits on
    undisturbed. Use as a context manager around one read."""

    def __init__(self, inbox: queue.Queue, reader, quiet: Callable[[], bool] | None = None):
        self.inbox = inbox
        self.reader = reader
        self.quiet = quiet
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="prompt-pump", daemon=True)

    def __enter__(self) -> PromptPump:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join(1)

    def _watch(self) -> None:
        while not self.done.wait(PUMP_SECONDS):
            if self.inbox.empty():
                continue
            app = _running_app(self.reader)
            if app is None:
                continue  # the prompt has not started yet (or has just ended)
            stopped = threading.Event()
            ended = []

            def stop(app=app, stopped=stopped, ended=ended) -> None:
                try:
                    if app.is_running and not app.future.done():
                        if self.quiet is not None and self.quiet():
                            return  # only what says nothing came: the prompt waits on
                        app.erase_when_done = True
                        app.exit(result=Arrived(app.current_buffer.text))
                    ended.append(True)
                except Exception:  # noqa: BLE001 - the prompt ended meanwhile: its line is read as typed
                    ended.append(True)
                finally:
                    stopped.set()

            try:
                app.loop.call_soon_threadsafe(stop)
            except RuntimeError:  # the prompt's loop has ended
                continue
            stopped.wait(1)
            if ended:
                return


def keep_erase_off(reader) -> None:
    """A prompt ended by :class:`PromptPump` was erased; the next one keeps its line."""
    app = getattr(getattr(reader, "session", None), "app", None)
    if app is not None:
        app.erase_when_done = False


class CharMode:
    """The terminal at ``fd`` with each key readable at once and not echoed by the
    terminal (while nothing is asked, so that a key typed then starts the console's
    own line editor, which keeps the typed text apart from the lines the host sends);
    :meth:`restore` puts back the terminal's own settings. Does nothing for a ``fd``
    that is no terminal (``isatty``: :func:`os.isatty` unless given).

    On ``platform`` ``win32`` (``sys.platform`` unless given) the console's own modes
    are set with prompt_toolkit's Windows console support
    (:class:`prompt_toolkit.input.win32.raw_mode`, or ``raw_mode`` if given: a
    context manager); elsewhere with :mod:`termios` (no line buffering, no echo,
    signals kept)."""

    def __init__(
        self,
        fd: int | None,
        platform: str = sys.platform,
        isatty: Callable[[int], bool] = os.isatty,
        raw_mode: Callable[[], Any] | None = None,
    ):
        self.fd = fd
        self.saved: Any = None  # POSIX: the terminal's own settings
        self.raw: Any = None  # Windows: the console's raw mode while it is in force
        if fd is None or not isatty(fd):
            return
        if platform == "win32":
            self._console(raw_mode)
        else:
            self._termios(fd)

    def _termios(self, fd: int) -> None:
        try:
            import termios
            import tty

            self.saved = termios.tcgetattr(fd)
            tty.setcbreak(fd, termios.TCSANOW)
            mode = termios.tcgetattr(fd)
            mode[3] &= ~termios.ECHO
            termios.tcsetattr(fd, termios.TCSANOW, mode)
        except (ImportError, OSError, ValueError):
            self.saved = None

    def _console(self, raw_mode: Callable[[], Any] | None) -> None:
        try:
            if raw_mode is None:
                from prompt_toolkit.input import win32

                raw_mode = win32.raw_mode
            raw = raw_mode()
            raw.__enter__()
        except (ImportError, OSError, ValueError):  # no console to set after all
            return
        self.raw = raw

    def restore(self) -> None:
        """Put back the terminal's own settings (once; again does nothing)."""
        raw, self.raw = self.raw, None
        if raw is not None:
            try:
                raw.__exit__(None, None, None)
            except (OSError, ValueError):
                pass
        if self.saved is None:
            return
        try:
            import termios

            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
        except (ImportError, OSError, ValueError):
            pass
        self.saved = None


# ------------------------------------------------------------------ the player's console
class JoinConsole(Answers):
    """The console of a remote seat: the local console's questions, queries,
    typed answers and speech, over the seat protocol (``link``: a
    :class:`Link`, or anything with ``inbox`` and ``send``).

    ``seat`` is the player's :class:`HumanSeat` (narrator, history, speech);
    ``display``, ``speaker``, ``reader``, ``keys`` and ``confirm`` as for the
    local :class:`~a11y_dominion.console.app.Console`; ``input_fd``: the file
    descriptor typed lines come from (None: none is watched) and ``typed``: its
    input as this platform waits for it (:func:`typed_input` of ``input_fd``
    unless given; the same one the reader reads). :meth:`run` plays until
    the host ends the session; it returns the exit code."""

    def __init__(
        self,
        link,
        seat: HumanSeat,
        display,
        speaker,
        reader,
        keys=None,
        confirm: bool = True,
        input_fd=None,
        typed=None,
    ):
        self.link = link
        self.input_fd = input_fd  # where typed lines come from: watched while nothing is asked
        if typed is None and input_fd is not None:
            typed = typed_input(input_fd)
        self.typed = typed  # the typed input at input_fd, as this platform waits for it (typed_input)
        self.watch: InputWatch | None = None
        self.holder = seat
        self.display = display
        self._speaker = speaker
        self.reader = reader
        self.keys = dict(keys or {})
        self.confirm = confirm
        self.name = seat.name
        self.humans = [seat.name]
        self.bots: dict = {}
        self.asker: str | None = None
        self.latest: PlayerView | None = None
        self.game: Position | None = None
        self.decision: Decision | None = None
        self.decision_id: int | None = None
        self.sent = False
        self.shown: int | None = None
        self.answered: list | None = None
        self.exit_code: int | None = None
        self.over = False
        self.completer: Any = None
        self.said = False
        self.ended = False  # the host ended the session: its end waits in the inbox for the run loop
        self.carry = ""  # a line half typed when a question came: drawn again at its prompt
        self.ended_told = False  # the host said why it ends this session (its last text)
        self.told: list = []  # the events told to this seat from the game's start: the story, then events
        self.hints = True  # the hint command answers (the player's hints setting)
        self.host_hints: tuple[bool, int | None] = (True, None)  # the host's hint policy: on, thinking time
        self.step: int | None = None  # the answers given in the game so far, as the host said (the hint's seed)
        self.command_state = CommandState()  # the messages read last and the place in the help pages
        # messages that could not be used count among the host's lines (one rate, one flood told)
        self.unread_rate = getattr(link, "rate", None) or Rate(HOST_LINES_PER_SECOND)
        seat.take_keyboard()
        seat.wait_for_prompt = True  # the news before a question goes on its prompt's line
        seat.story = lambda: list(self.told)  # the seat's history is told again from them in another language

    # ------------------------------------------------------------ what the console mixins read
    @property
    def lang(self) -> Language:
        return self.holder.lang

    @property
    def history(self):
        return self.holder.history

    @property
    def speaker(self):
        return self._speaker

    @speaker.setter
    def speaker(self, value) -> None:
        self._speaker = self.holder.announcer.speaker = value

    solo = True
    shared = False

    def me_at_keyboard(self) -> str | None:
        return self.name

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

    def say(self, text: str, priority: str = "normal", keep: bool = True, style=None, interrupt: bool = False) -> None:
        """Print and speak one line (kept in this seat's history with ``keep``)."""
        self.holder.say(text, priority=priority, keep=keep, style=style, interrupt=interrupt)

    def reply(self, lines: list) -> None:
        for i, line in enumerate(lines):
            self.say(line, keep=False, interrupt=(i == 0))

    def error(self, text: str) -> None:
        self.say(text, priority="high", keep=False, style="bold", interrupt=True)

    def t(self, template: str, **fields) -> str:
        return self.lang.text(template, **fields)

    def unreadable(self) -> None:
        """A message from the host could not be used: one sentence, held to the rate of the
        host's lines (:data:`HOST_LINES_PER_SECOND`), the first one past it saying so."""
        said = self.unread_rate.take()
        if said == "ok":
            self.error(self.lang._(N_("The host sent a message this program cannot read; it was left out.")))
        elif said == "tell":
            self.error(self.t(FLOOD, n=HOST_LINES_PER_SECOND))

    def read_line(self, message: str, default: str = ""):
        """One line from the reader after ``message``; at the terminal's line editor the
        prompt ends as soon as the host sends something, giving back :class:`Arrived`
        with the text typed so far (see :class:`PromptPump`)."""
        if getattr(getattr(self.reader, "session", None), "app", None) is None:
            return self.reader.read(message, default)
        keep_erase_off(self.reader)
        try:
            with PromptPump(self.link.inbox, self.reader, self.use_quiet):
                return self.reader.read(message, default)
        finally:
            keep_erase_off(self.reader)

    def use_quiet(self) -> bool:
        """Use the host's messages at the head of the inbox that put out nothing while a
        prompt waits: a new view, and events whose lines (if any) this seat hears only
        later (an opponent's turn is told at its end). Stops at the first message that
        needs the prompt ended (a question, text, the end); returns True when the inbox
        is then empty. Runs on the prompt's loop, in the console's own thread."""
        inbox = self.link.inbox
        announcer = self.holder.announcer
        while True:
            with inbox.mutex:
                if not inbox.queue:
                    return True
                kind, item = inbox.queue[0]
                if kind != "message" or item.get("type") not in ("view", "events", "story") or self.sent:
                    return False  # a question, text, the end; or events that take the answer sent
                inbox._get()  # type: ignore[attr-defined]
            waiting = announcer.waiting
            try:
                self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                if isinstance(inbox, Inbox):  # told by the console's own reading, after the prompt
                    inbox.put_back((kind, item))
                else:
                    with inbox.mutex:
                        inbox.queue.appendleft((kind, item))
                return False
            if announcer.waiting != waiting:
                return False  # it said something: the prompt ends and the held lines come out

    def take_in(self) -> None:
        """Use everything the host has sent so far, without waiting (the end of the
        session is left in the inbox for the run loop, and ``ended`` set)."""
        while not self.ended and self.exit_code is None:
            try:
                kind, item = self.link.inbox.get_nowait()
            except queue.Empty:
                return
            if kind == "input":
                continue
            if kind == "closed":
                self.ended = True
                self.link.inbox.put((kind, item))
                return
            if kind == "bad":
                self.error(self.lang.msg(item))
                continue
            try:
                self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()

    def move_refusal(self, keys: list) -> None:
        """A move the seat's options do not list is sent unasked: the host, which knows the
        whole game, refuses it and says why (the console's own sentence)."""
        return None

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run one command line (:func:`~a11y_dominion.console.commands.run_command`)."""
        run_command(self.command_ctx(), text)

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
            history=self.history,
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
                options=lambda: self.show_question(self.decision, full=True),
                undo=self.undo,
                quit=self.quit_game,
                export=self.export_file,
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

    def undo(self) -> None:
        """undo: ask the host to take back this seat's last answer, and wait (a little) for
        its reply: ``undone`` and the question asked again, or ``refused`` with why.
        A host that does not know the message (an older one) is said so in one sentence."""
        self.link.send({"type": "undo"})
        mine = False
        for item in self._replies():
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

    def _replies(self):
        """The host's messages as they come, for a command waiting for its reply: the
        generator ends when none comes within :data:`VIEW_SECONDS` or when the connection's
        end comes (put back for the run loop to read); lines typed meanwhile are dropped."""
        while True:
            try:
                kind, item = self.link.inbox.get(timeout=VIEW_SECONDS)
            except queue.Empty:
                return
            if kind == "input":
                continue
            if kind != "message":
                self.link.inbox.put((kind, item))  # the run loop reads it
                return
            yield item

    # the console's writing of a file (asks before replacing one; one sentence either way)
    _write_out = Persistence._write_out
    _target = Persistence._target

    def export_file(self, rest: str) -> None:
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
        for item in self._replies():
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
        self._write_out(
            os.path.abspath(path),
            lambda: "\n".join(lines) + "\n",
            refused=N_("Cannot write {file}: {error}"),
            failed=N_("Cannot write {file}: {error}."),
            kept=N_("Not exported. The file is as it was."),
            done=N_("The game so far is written to {file}."),
            done_linked=N_("The game so far is written to {target}, the file {file} links to."),
        )

    def chat(self, text: str) -> None:
        """say TEXT (cleaned and cut by the command): a line of chat to every seat, through the host."""
        self.link.send({"type": "say", "text": text})
        self.said = True  # the host's line with it is shown before the prompt comes back

    def hint_position(self) -> tuple | None:
        """What ``hint`` reads here: the question asked of this seat, its latest
        view and the events it was told from the game's start: the host's ``story`` when
        this session began, the events since, less those taken back (None when nothing is asked)."""
        if self.decision is None or self.sent or self.latest is None:
            return None
        return self.decision, self.latest, list(self.told), self.seed()

    def quit_game(self) -> None:
        """quit (or Ctrl+D): ask, then leave the game (the host keeps it) or stay; after the
        game, leave at once."""
        if self.over:
            self.link.leave()
            self.say(self.lang._(N_("You left; goodbye.")), keep=False)
            self.exit_code = 0
            return
        question = self.lang._(N_("Leave the game? The host keeps it and you may join again. Type yes to leave: "))
        from ..console.app import quit_asked

        if quit_asked(self.speaker, self.reader, question):
            self.link.leave()  # the host hears a quit, not a broken connection
            self.say(self.lang._(N_("You left the game.")), keep=False)
            self.exit_code = 0
        else:
            self.say(self.lang._(N_("You stay in the game.")), keep=False)

    def handle(self, line: str) -> None:
        """A typed line: say, settings and quit first, then as at the console."""
        if self.game is None:
            self.command(line)
            return
        self._know_players()
        super().handle(line)

    def typed_between(self, line: str) -> None:
        """A line typed while nothing is asked: a command is run on the latest view;
        anything else (a move, an answer) is refused, never kept for a later question."""
        text = line.strip()
        if not text:
            return
        if ":" in text and self.latest is None:
            self.fetch_view()  # the players a "Ann: status" may name
        who, body = split_speaker(self.latest, text) if self.latest is not None else (None, text)
        if who is not None and command_for((body.split() or [""])[0]) in COMMANDS:  # "Ann: status"
            self.fetch_view()
            self._know_players()
            self.asker = who
            try:
                self.command(body.strip())
            finally:
                self.asker = None
            return
        word = (text.split() or [""])[0]
        if command_for(word) in COMMANDS:
            if command_for(word) not in ("say", "quit", "help"):
                self.fetch_view()
            self.command(text)
        else:  # a move out of turn, a misspelt command or nonsense: which one it is
            said = (body.strip() if who is not None else "") or text  # ("Ann: buy Gold" is a move)
            self.error(self.lang.msg(between_questions(said, suggestion(said, self.lang))))

    def fetch_view(self) -> None:
        """Ask the host for this seat's view now and wait (a little) for it, using what
        comes before it; a query between decisions reads the game as it is now."""
        self.link.send({"type": "view"})
        for item in self._replies():
            try:
                self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
            if item.get("type") in ("view", "game_over", "decide"):
                return

    def read_between(self) -> None:
        """Read the line waiting at the input (typed while nothing is asked) and use it."""
        announcer = self.holder.announcer
        announcer.hold()
        try:
            got = self._line_between()
        except EOFError:
            if getattr(self.reader, "interactive", False):
                self.quit_game()
            else:  # (the end of piped input: the player left)
                self.link.leave()
                self.say(self.lang._(N_("You left the game.")), keep=False)
                self.exit_code = 0
            return
        except KeyboardInterrupt as e:  # Ctrl+C: the line is cleared, as at a question
            self.say(cleared_text(e, self.lang, leave=True), keep=False)
            return
        finally:
            announcer.release()
        if got is None:
            return
        if isinstance(got, KeyCommand):
            self.command(got.command)
        else:
            self.typed_between(got)

    def _line_between(self):
        """The line typed while nothing is asked, shown once: no prompt is drawn (no answer
        is awaited). At a terminal the line was typed while the terminal echoed it itself,
        so it is read straight from the input, not drawn again by the line editor; piped
        lines are read by the reader, which prints each once. Raises EOFError at the end.

        At the terminal's line editor (the terminal in :class:`CharMode`: the first key
        typed woke the console) the line is read by the editor with no prompt, and what
        the host sends meanwhile is printed on lines of its own above it, the typed text
        drawn again; None when a question came (its prompt gets the typed text) or the
        host ended the session."""
        typed = self.typed
        if getattr(getattr(self.reader, "session", None), "app", None) is not None:
            default = ""
            while True:
                got = self.read_line("", default)
                if not isinstance(got, Arrived):
                    return got
                default = got.text
                announcer = self.holder.announcer
                announcer.release()
                self.take_in()
                announcer.hold()
                if self.ended or self.exit_code is not None or (self.decision is not None and not self.sent):
                    self.carry = default
                    return None
        if getattr(self.reader, "interactive", False) and typed is not None and typed.isatty():
            raw, _cut = read_line(typed)
            if raw == "":
                raise EOFError
            return NOT_UTF8 if NOT_UTF8 in raw else typed_line(raw)
        return self.reader.read("", "")

    def early_lines(self) -> None:
        """Use the lines typed before the question now asked was shown: they were
        typed while nothing was asked, so they are no answers to it. At the terminal's
        line editor the keys typed since are read at once: each whole line is shown and
        used as typed between decisions, a line not finished goes to the question's prompt."""
        typed = self.typed
        if typed is not None and getattr(getattr(self.reader, "session", None), "app", None) is not None:
            got = typed.typed_ahead()
            *lines, rest = got.replace("\r", "\n").split("\n")
            for line in lines:
                text = typed_line(line)
                if text and self.exit_code is None:
                    self.display.line(text)
                    self.typed_between(text)
            self.carry += typed_line(rest)
            return
        while self.exit_code is None and line_waits(self.typed):
            self.read_between()

    # ------------------------------------------------------------ questions
    def show_question(self, d: Decision, full: bool = False, again: bool = False, news: bool = False) -> None:
        """Put the question to this seat as the console does
        (:meth:`~a11y_dominion.console.narration.Narration.show_question`)."""
        self.holder.show_question(self.view(), d, full=full, again=again, news=news)

    def ask(self) -> bool:
        """Read lines until an answer to the pending decision is sent; False when the player left."""
        d = self.decision
        asked = self.decision_id
        if self.shown != self.decision_id:
            self.early_lines()
            if self.exit_code is not None:
                return False
            self.shown = self.decision_id
            self.show_question(d, news=True)
        default, self.carry = self.carry, ""
        while True:
            self.answered = None
            announcer = self.holder.announcer
            announcer.hold()  # nothing is spliced into a half-typed line
            try:
                got = self.read_line(f"{self.name}> ", default)
            except EOFError:
                if getattr(self.reader, "interactive", False):
                    self.quit_game()
                else:  # (the end of piped input: the player left)
                    self.link.leave()
                    self.say(self.lang._(N_("You left the game.")), keep=False)
                    self.exit_code = 0
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
                if not self.drain() or self.decision_id != asked or self.decision is None:
                    self.carry = default
                    return self.exit_code is None
                continue
            default = ""
            if isinstance(got, KeyCommand):
                default = got.text
                self.command(got.command)
            else:
                self.handle(got)
            if self.exit_code is not None:
                return False
            if self.decision_id != asked or self.decision is None:
                return True  # the question changed meanwhile (undo): the run loop asks the new one
            if self.answered is None and not self.drain():
                return self.exit_code is None  # the host went on (or ended): the run loop looks again
            if self.answered is not None:
                keys = [k.to_dict() if isinstance(k, Move) else k for k in self.answered]
                self.link.send({"type": "answer", "id": self.decision_id, "keys": keys})
                self.sent = True
                self.holder.last_answer = self.answered
                return True

    # ------------------------------------------------------------ messages from the host
    def drain(self) -> bool:
        """Use what the host sent while the player typed at a question (chat, a player
        leaving), before the prompt comes back; after ``say`` wait a little for its line.
        False when the question is no longer the one waiting (or the host ended)."""
        asked = self.decision_id
        while True:
            try:
                if self.said:
                    kind, item = self.link.inbox.get(timeout=SAY_SECONDS)
                else:
                    kind, item = self.link.inbox.get_nowait()
            except queue.Empty:
                self.said = False
                return True
            if kind == "input":
                continue
            if kind == "closed":
                self.ended = True
                self.link.inbox.put((kind, item))  # the run loop ends the session
                return False
            if kind == "bad":
                self.error(self.lang.msg(item))
                continue
            if item.get("type") == "text":
                self.said = False
            try:
                going = self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
                continue
            if not going or self.decision_id != asked or self.decision is None:
                return False

    def receive(self, message: dict) -> bool:
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
            self.game = Position(self.latest, self.decision)
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
            self.game = Position(self.latest, self.decision)
            heard = message.get("heard")  # the host told where this seat's own turn stands (back in the game)
            if heard in ("turn", "hand") and self.latest.turn.player == self.name:
                self.holder.heard_turn(self.latest, figures=heard == "turn")
            if kind == "game_over":
                self.over = True
                self.decision, self.sent = None, False
        return True

    def took_back(self, player: str, events: list, view: dict) -> None:
        """The ``undone`` message: ``player`` took back an answer that made ``events``, told as
        :meth:`~a11y_dominion.console.narration.Narration.undone` says; this seat's own question
        is asked again (the host sends it anew)."""
        before = self.latest
        self.latest = PlayerView.from_data(view)
        if events:  # the events taken back leave what this seat was told (hint reads it)
            del self.told[-len(events) :]
        if player == self.name:
            self.decision, self.sent = None, False  # a new decide follows
        self.game = Position(self.latest, self.decision)
        self.holder.undone(player, events, self.latest, before)

    def run(self) -> int:
        """Play until the host ends the session; the exit code (0: the game ended,
        or the player left; 1: the host ended it before the end; 2: it cannot be joined)."""
        keys = None
        if getattr(getattr(self.reader, "session", None), "app", None) is not None:
            keys = CharMode(self.input_fd)  # a key typed between decisions wakes the line editor
        if self.typed is not None and self.watch is None:
            self.watch = InputWatch(self.typed, self.link.inbox)
        try:
            return self._run()
        finally:
            if self.watch is not None:
                self.watch.end()
            if keys is not None:
                keys.restore()

    def _run(self) -> int:
        while True:
            if self.decision is not None and not self.sent and not self.ended:
                if not self.ask():
                    self.link.close()
                    return self.exit_code or 0
                continue
            if self.watch is not None:
                self.watch.arm()
            try:
                kind, item = next_item(self.link.inbox)
            except KeyboardInterrupt:  # Ctrl+C while nothing is typed or asked: nothing to clear
                self.say(cleared_text(LineCleared(had_text=False), self.lang, leave=True), keep=False)
                continue
            finally:
                if self.watch is not None:
                    self.watch.disarm()
            if kind == "input":
                if line_waits(self.typed):
                    self.read_between()
                if self.exit_code is not None:
                    self.link.close()
                    return self.exit_code
                continue
            if kind == "closed":
                break
            if kind == "bad":
                self.error(self.lang.msg(item))
                continue
            try:
                going = self.receive(item)
            except (KeyError, TypeError, ValueError, AttributeError):
                self.unreadable()
                continue
            if not going:
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
                self.reader.read("> ", "")
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
    from ..console.completion import DecisionCompleter
    from ..console.display import Display, PlainReader, PromptReader, wants_plain
    from ..console.keys import bad_keys, build_key_bindings
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
    try:
        link.start()
    except JoinError as e:
        speaker.close()
        return fail(e.args[0])
    speaker.wait_ready()  # (each output's own time limits bound the search)
    for notice in notices:
        display.line(notice)
    keys = dict(settings.get("keys") or {})
    for action, _key in bad_keys(keys):
        keys.pop(action)
    seat = HumanSeat(
        user,
        lang=lang,
        verbosity=verbosity,
        speaker=speaker,
        print_fn=lambda text, style=None: display.line(text, style),
        options=settings.get("options") or "new",
    )
    try:
        fd: int | None = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        fd = None
    console = JoinConsole(
        link, seat, display, speaker, None, keys=keys, confirm=bool(settings.get("confirm", True)), input_fd=fd
    )
    console.hints = bool(settings.get("hints", True))
    if sys.stdin.isatty() and out.isatty():
        console.completer = DecisionCompleter(lambda: console.game, lang)
        console.reader = PromptReader(console.completer, build_key_bindings(keys), plain=plain)
    else:
        console.reader = PlainReader(console.typed if console.typed is not None else sys.stdin, out)
    try:
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
        speech = auto_why or speech_line(speaker, lang, STARTING, at_start=True)
        if speech:  # "" when the speaker has said itself that no sound can be heard
            console.say(speech, keep=False)
        if warning:
            console.say(lang.msg(warning), keep=False)
        return console.run()
    finally:
        link.close()
        speaker.close()
