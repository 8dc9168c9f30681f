"""``a11y-dominion join HOST``: play a hosted game at a remote seat, the game speaking here.

The player's program connects to the host with :mod:`asyncssh` (the seat
name is the SSH user, the password the one the host printed) and speaks
the seat protocol (:mod:`.protocol`): the host sends the seat's redacted
events, its decisions with the seat's view and refusals; this program
narrates them with the player's own settings (language, verbosity, speech
mode and output, shortcut keys: :mod:`a11y_dominion.settings`) through the
console core (:class:`~a11y_dominion.console.core.SeatConsole`), which holds
everything about the game. Only option keys go back to the host. This module
holds what is join's own: the connection and its login, the host's key, the
typed lines read on the event loop and the export file written here.

A game server (``a11y-dominion server``) names itself in its SSH version line, which
:class:`Link` reads on its one connection before the login: there join offers the player's
own SSH keys first, asks the account's password (not a seat's), and plays the server's lobby
(:mod:`.lobbyclient`); join names itself in its own version line, so that the server serves
it the lobby over the seat protocol.

The host's key is trusted on first use: it is kept in the user data
directory (``known_hosts``) and its fingerprint printed; a host whose key
changed is refused before any password is sent.

One event loop runs the SSH connection (:class:`Link`) and the player's
console (:class:`JoinConsole`): at a terminal the console's line editor
(prompt_toolkit's ``prompt_async``) reads keys while the host's messages come
in. Piped input is read on the same loop (:func:`piece_reader`: the
loop waits on the pipe on POSIX systems, a worker reads it on Windows). ``export FILE``
writes the game so far, as the host sends it, to a file here.

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
import getpass
import os
import socket
import sys
import threading
import time
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ..announcements.words import join_names
from ..console.core import FLOOD, HOST_LINES_PER_SECOND, MAX_INBOX_BYTES, SEAT_COMMANDS, Inbox, SeatConsole
from ..console.display import LineCleared, cleared_text
from ..console.seat import HumanSeat
from ..files import (
    BINARY,
    SETTINGS_LIMIT,
    FileError,
    read_json,
    read_text,
    shown_name,
    write_atomic,
    write_target,
)
from ..i18n import N_, Language, typed_command
from ..rules.decisions import Msg
from ..textinput import printable
from .protocol import (
    COMMAND,
    ENV_LANGUAGE,
    ENV_VERBOSITY,
    GAME_SERVER,
    JOIN_CLIENT,
    MAX_FROM_HOST,
    LineSplitter,
    Rate,
    TooDeep,
    TooLong,
    encode,
    from_host,
    read_message,
    shown_text,
)
from .signals import on_signals

KNOWN_HOSTS_FILE = "known_hosts"
CONNECT_SECONDS = 15
PIPE_LINE = 16 * 1024  # bytes of one typed line kept from piped input (4 times MAX_LINE's characters)
INBOX_WAIT_SECONDS = 0.01  # how often the connection looks whether the inbox has room again
# the host's messages that are lines to show, held to HOST_LINES_PER_SECOND (the others carry the game)
CHATTER = ("text", "error", "refused")
KNOWN_TYPES = ("hello", "text", "events", "story", "history", "decide", "refused", "error", "view", "game_over")
KNOWN_TYPES += ("undone", "export", "lobby")
SERVER_LINES_PER_SECOND = 200  # lines to show from a game server in any second: a watched game comes as lines
BANNER_CHARACTERS = 4000  # characters of the server's login messages kept (its sentence in each language)


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


PASSWORD_FILE_LIMIT = 64 * 1024
"""Bytes of a ``--password-file``: its first line is a password, far shorter."""


def read_password_file(path: str) -> str:
    """The password on the first line of the text file at ``path`` (UTF-8; a byte order
    mark, as Windows PowerShell 5.1 writes one, is not part of it).

    Raises :class:`JoinError` with one sentence for a file that is missing, not a
    regular file, larger than :data:`PASSWORD_FILE_LIMIT`, unreadable, saved as UTF-16
    (the sentence says to save it as UTF-8) or not UTF-8."""
    try:
        text = read_text(path, PASSWORD_FILE_LIMIT)
    except FileError as e:
        raise JoinError(e.args[0]) from None
    return text.split("\n", 1)[0].rstrip("\r")


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


def own_keys() -> list[Any]:
    """The player's own SSH keys, for a game server's login: the key files ssh reads by default
    (such as ``.ssh/id_ed25519`` in the home folder, on Windows too) that have no passphrase;
    [] when there are none or none can be read (the password is asked then)."""
    from asyncssh.public_key import load_default_keypairs

    try:
        return list(load_default_keypairs())
    except Exception:  # noqa: BLE001 - a key file that cannot be read: the password is asked
        return []


class Received(dict):
    """A message from the host (:func:`~.protocol.from_host`'s) and ``size``, the bytes of its line."""

    size = 0


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
    rest are dropped, and the first dropped of a flood is said in one sentence.

    The login is one connection: ``password`` is the seat's (or the account's) password, or
    None for ``ask_password(prompt)`` to ask it once the host is reached and its key checked
    (None from it: none was given). A game server (:data:`~.protocol.GAME_SERVER` in its SSH
    version line, :attr:`server`) is offered the player's own SSH keys first
    (:func:`own_keys`), and its login messages (banners) are kept, cleaned and cut, as the
    sentence of a refusal. At a game server the inbox is the lobby's: a table's seat
    (its ``hello``) comes as ``("seat", Inbox)`` with the table's own inbox, whose messages
    end with ``("closed", None)`` when the server sends ``lobby``."""

    def __init__(
        self,
        host: str,
        port: int,
        user: str,
        password: str | None,
        known: KnownHosts,
        lang: Language,
        clock: Callable[[], float] | None = None,
        verbosity: str | None = None,
        ask_password: Callable[[str], str | None] | None = None,
    ):
        self.host, self.port, self.user, self.password = host, port, user, password
        self.ask_password = ask_password
        self.server = False  # a game server (its version line): the lobby, the account's keys and password
        self.banners: list[str] = []  # the server's login messages, cut (cleaned as they are said)
        self.asked = False  # the password was asked (and none given, when it stays None)
        self.keys_offered = False
        self.ssh: Any = None  # the SSH connection as it is made (its version line is read during the login)
        self.typing = 0.0  # seconds the player spent typing the password (not counted in the wait)
        self.verbosity = verbosity  # the player's verbosity, told to the host (the history it keeps)
        self.known = known
        self.lang = lang
        self.inbox = Inbox()
        self.lobby_inbox = self.inbox  # at a game server: the lobby's, beside a table's
        self.rate = Rate(HOST_LINES_PER_SECOND, clock)
        self.closing = False  # the console is done: the connection stops waiting for room in the inbox
        self.process: Any = None
        self.conn: Any = None
        self.reading: asyncio.Task[None] | None = None
        self.fingerprint: str | None = None
        self.first_visit = False
        self.changed = False
        self.key_told = False  # the host key's sentence was said (before the password)

    async def start(self) -> None:
        """Connect and open the session, then read what the host sends (a task of the running
        loop); raises :class:`JoinError` with the reason."""
        import asyncssh

        from .. import __version__
        from ..librarylog import quiet_loop

        quiet_loop()  # an error in the connection's tasks is logged, not printed between the game's lines
        try:
            self.conn = await self._within(
                asyncssh.connect(
                    self.host,
                    self.port,
                    username=self.user,
                    password=self._password,
                    client_factory=self._client(),
                    known_hosts=lambda host, addr, port: ([], [], []),  # every key goes to the client's check
                    client_keys=None,  # (a game server's: the client's public_key_auth_requested)
                    agent_path=None,
                    preferred_auth="publickey,password",
                    config=None,
                    kbdint_auth=False,
                    client_version=f"{JOIN_CLIENT}_{__version__}",
                )
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

    async def _within(self, connecting: Awaitable[Any]) -> Any:
        """What ``connecting`` gives, waited for at most :data:`CONNECT_SECONDS` seconds besides
        the time the player typed the password; raises asyncio.TimeoutError after that."""
        loop = asyncio.get_running_loop()
        task = asyncio.ensure_future(connecting)
        start = loop.time()
        while True:
            left = start + CONNECT_SECONDS + self.typing - loop.time()
            if left > 0:
                done, _ = await asyncio.wait({task}, timeout=left)
                if done:
                    return task.result()
                continue
            task.cancel()
            await asyncio.wait({task})
            raise asyncio.TimeoutError

    def known_server(self) -> bool:
        """Whether the host is a game server, by the SSH version line it sent on this connection
        (:data:`~.protocol.GAME_SERVER`): kept in :attr:`server`."""
        version = str(self.ssh.get_extra_info("server_version") or "") if self.ssh is not None else ""
        self.server = GAME_SERVER in (version.split(" ", 1) or [""])[0]
        if self.server:  # a watched game is narrated by the server, as lines
            self.rate.per_second = SERVER_LINES_PER_SECOND
        return self.server

    def _password(self) -> str | None:
        """The password, asked now (the host reached and its key checked) unless it was given."""
        if self.password is not None or self.ask_password is None:
            return self.password
        if self.known_server():
            prompt = self.lang.text(N_("Password of {user} at {host}: "), user=self.user, host=self.host)
        else:
            prompt = self.lang.text(N_("Password of the seat {user} at {host}: "), user=self.user, host=self.host)
        prompt = self.host_key_text() + "\n" + prompt  # for the player to check before typing it
        self.key_told = True
        began = time.monotonic()
        self.asked = True
        try:  # (the loop waits while the player types, as nothing else runs before the login)
            self.password = self.ask_password(prompt)
        finally:
            self.typing += time.monotonic() - began
        return self.password

    def host_key_text(self) -> str:
        """The sentence on the host's key, checked on this connection: its fingerprint, kept at
        a first visit (:attr:`first_visit`), else the one kept from the last visit."""
        where = {"host": self.host, "port": self.port, "fingerprint": self.fingerprint}
        if self.first_visit:
            return self.lang.text(
                N_("First visit to {host} port {port}: its host key, {fingerprint}, is kept for your next visits."),
                **where,
            )
        return self.lang.text(
            N_("The host key of {host} port {port} is the one kept from your last visit: {fingerprint}."), **where
        )

    def banner(self) -> str | None:
        """The server's last login message (a refusal), in the player's language when it has a
        line in each language of the game (as the server sends it), else as it came; None for none."""
        from ..i18n import LANGUAGES

        if not self.banners:
            return None
        lines = [shown_text(line).strip() for line in self.banners[-1].splitlines()]
        lines = [line for line in lines if line]
        codes = list(LANGUAGES)
        if self.server and len(lines) == len(codes) and self.lang.code in codes:
            return lines[codes.index(self.lang.code)]
        return " ".join(lines) or None

    def _client(self) -> type:
        import asyncssh

        link = self

        class Client(asyncssh.SSHClient):  # type: ignore[misc]
            def connection_made(self, conn: Any) -> None:
                link.ssh = conn

            def auth_banner_received(self, msg: str, lang: str) -> None:
                link.known_server()
                if len(link.banners) < 10:
                    link.banners.append(str(msg)[:BANNER_CHARACTERS])

            def public_key_auth_requested(self) -> Any:
                if not link.known_server() or link.keys_offered:
                    return None  # a host's seat has a password only: no key of the player's goes there
                link.keys_offered = True
                return own_keys() or None

            def password_auth_requested(self) -> Any:
                return None  # (asked once, through the password given to connect)

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
        if self.asked and self.password is None:
            return Msg(N_("No password was given."))
        said = self.banner() if self.server else None
        if said and isinstance(e, asyncssh.DisconnectError):
            return Msg(N_("The server says: {text}"), text=said)
        if self.server and isinstance(e, asyncssh.PermissionDenied):
            return Msg(N_("The server refused {user}; check the name and the password."), user=self.user)
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
                    while self.full() and not self.closing:
                        await asyncio.sleep(INBOX_WAIT_SECONDS)
        finally:
            self.to_lobby()
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
        if entry is None:
            return
        if self.server and entry[0] == "message":
            kind = entry[1]["type"]
            if kind == "hello" and entry[1].get("lobby") is not True:  # a table's seat: its own inbox
                self.to_lobby()
                table = Inbox()
                self.lobby_inbox.put(("seat", table))
                self.inbox = table
            elif kind == "lobby":  # the seat's session is over: the lobby's lines again
                self.to_lobby()
                return
        self.inbox.put(entry)

    def full(self) -> bool:
        """Whether what waits to be used is at its bound (the connection is read no further
        meanwhile): the inbox read now, the lobby's, or the tables' waiting in the lobby's
        (a server that sends seat after seat while none is played), :data:`MAX_INBOX_BYTES` in all."""
        if self.inbox.is_full() or self.lobby_inbox.is_full():
            return True
        waiting = [e[1] for e in self.lobby_inbox.queue if e[0] == "seat" and e[1] is not self.inbox]
        return bool(waiting) and sum(table.weight for table in waiting) + self.inbox.weight >= MAX_INBOX_BYTES

    def to_lobby(self) -> None:
        """At a game server: a table's inbox gets ``lobby`` and its end, and the lobby's inbox
        takes what comes from now on (nothing happens in the lobby)."""
        if self.inbox is self.lobby_inbox:
            return
        self.inbox.put(("message", Received({"type": "lobby"})))
        self.inbox.put(("closed", None))
        self.inbox = self.lobby_inbox

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
    read in a daemon thread of its own that hands it to the loop (``call_soon_threadsafe``,
    as :func:`~a11y_dominion.remote.local.read_once` does): a read still waiting when the
    game ends never holds up the program's exit, as one in the loop's worker thread would."""
    if platform == "win32":

        async def in_thread() -> bytes:
            loop = asyncio.get_running_loop()
            got: asyncio.Future[bytes] = loop.create_future()

            def give(data: bytes) -> None:
                if not got.done():
                    got.set_result(data)

            def work() -> None:
                data = _read_piece(fd, read)
                try:
                    loop.call_soon_threadsafe(give, data)
                except RuntimeError:  # the loop closed meanwhile: nobody waits
                    pass

            threading.Thread(target=work, name="piped input", daemon=True).start()
            return await got

        return in_thread

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
class JoinConsole(SeatConsole):
    """The console core (:class:`~a11y_dominion.console.core.SeatConsole`) at a joined
    seat: ``link`` is the SSH connection to the host (a :class:`Link`, or anything with
    ``inbox``, ``send``, ``leave`` and ``close``); the settings are this computer's settings
    file, and ``export FILE`` writes the file here. The other arguments as for the core."""

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
        from ..console.app import FileSettings

        super().__init__(link, seat, display, speaker, reader, keys, confirm, help_seat="join")
        self.store = FileSettings(self)  # the game is kept on the host's computer, the settings here

    def cleared(self, interrupt: BaseException) -> str:
        """The sentence after Ctrl+C (``interrupt``, a :class:`~..console.display.LineCleared` or
        a plain KeyboardInterrupt): that the line was cleared, and how to leave the game."""
        return cleared_text(interrupt, self.lang, leave=True)

    def line_cleared(self, interrupt: BaseException) -> None:
        """Ctrl+C at the prompt: say :meth:`cleared` and :meth:`cancel_question`."""
        self.say(self.cleared(interrupt), keep=False)
        self.cancel_question()

    def cancel_question(self) -> None:
        """After Ctrl+C: a question the other end asked is cancelled (nothing here: the host's
        questions are the seat's own)."""

    async def write_out(self, path: str, lines: list[str]) -> None:
        """Write ``lines`` to ``path`` (made absolute) on this computer as the console's export
        does, readable by its owner only:
        anything but a regular file refused before asking, a file replaced only after yes, a
        failed write said, and the file written named, each in one sentence."""
        lang = self.lang
        path = os.path.abspath(path)
        text = "\n".join(lines) + "\n"
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
            if self.over:  # after the final scores: the whole game
                done = N_("The game is written to {target}, the file {file} links to.")
            else:
                done = N_("The game so far is written to {target}, the file {file} links to.")
            self.say(lang.text(done, target=linked, file=shown_name(path)), keep=False)
            return
        if self.over:
            done = N_("The game is written to {file}.")
        else:
            done = N_("The game so far is written to {file}.")
        self.say(lang.text(done, file=shown_name(path)), keep=False)


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

    def ask_password(prompt: str) -> str | None:  # (once the host is reached and its key checked)
        try:
            return read_password(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

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
    link = Link(host, port, user, password, known, lang, verbosity=verbosity, ask_password=ask_password)
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
        shared: list[Any] = []  # one reader of typed lines, whichever console reads them

        def make(cls: type, place: Any) -> JoinConsole:
            seat = HumanSeat(
                user,
                lang=lang,
                verbosity=verbosity,
                speaker=speaker,
                print_fn=lambda text, style=None: display.line(text, style),
                options=settings.get("options") or "new",
            )
            made = cls(place, seat, display, speaker, None, keys=keys, confirm=bool(settings.get("confirm", True)))
            made.hints = bool(settings.get("hints", True))
            if not shared:
                shared.append(typed_reader(made, keys, plain, out))
            made.reader = shared[0]
            return made

        if link.server:  # a game server: its lobby, then its tables
            from .lobbyclient import play_server

            back: list[Callable[[], None]] = []
            try:
                return await play_server(link, make, greet, lambda console: back.append(interrupted(console)))
            finally:
                for ctrl_c_back in back:
                    ctrl_c_back()
                ctrl_c_back()
                await link.closed()
                speaker.close()
        console = make(JoinConsole, link)
        ctrl_c_back = interrupted(console)
        console.greeting = lambda: greet(console)  # at the host's hello, with the seat's name as the host spells it
        try:
            return await console.run()
        finally:
            ctrl_c_back()
            await link.closed()
            speaker.close()

    def greet(console: JoinConsole) -> None:
        where = {"host": host, "port": port}
        if not link.key_told:  # (said before the password when one was asked)
            console.say(link.host_key_text(), keep=False)
        console.say(lang.text(N_("Joined {host} port {port} as {player}."), player=console.name, **where), keep=False)
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
        console.completer = DecisionCompleter(console.seen, console.lang, commands=SEAT_COMMANDS)
        return PromptReader(console.completer, build_key_bindings(keys), plain=plain)
    return PipeReader(PipeLines(piece_reader(stdin.fileno())), out)


def interrupted(console: JoinConsole, platform: str = sys.platform) -> Callable[[], None]:
    """Ctrl+C (SIGINT) that comes while no line editor reads keys (piped input, or a moment
    between two prompts) says what Ctrl+C at an empty prompt says, in turn with the host's
    lines (through the inbox), and the game goes on. Must be called in the running loop.

    On POSIX systems through the loop's ``add_signal_handler``; on Windows (``platform``
    "win32"), whose event loop takes no signal handlers, through :func:`signal.signal`,
    its handler handing the sentence to the loop (``call_soon_threadsafe``), as ``host``
    does. Returns a function that puts the handling before back (call it when the game
    ends). Outside the main thread the default (the program ends) stays."""
    loop = asyncio.get_running_loop()

    def said() -> None:  # said in turn with the host's lines (a half-typed line is not cut)
        reading = getattr(console, "console", console)  # (a lobbyclient.Playing: the console reading now)
        console.link.inbox.put(("said", reading.cleared(LineCleared(had_text=False))))
        reading.cancel_question()

    return on_signals(loop, [("SIGINT", said)], platform)
