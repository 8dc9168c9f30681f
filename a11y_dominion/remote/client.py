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
import time
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ..announcements.words import join_names
from ..console.core import FLOOD, HOST_LINES_PER_SECOND, MAX_INBOX_BYTES, Inbox
from ..console.keyboard import LocalConsole, interrupted, local_console, local_output, say_notices
from ..files import (
    BINARY,
    SETTINGS_LIMIT,
    FileError,
    read_json,
    read_text,
)
from ..i18n import N_, Language, typed_command
from ..rules.decisions import Msg
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


KEY_FILES = ("id_ed25519_sk", "id_ecdsa_sk", "id_ed448", "id_ecdsa", "id_ed25519", "id_rsa")
"""The key files in the player's ``.ssh`` folder that ``join`` offers a game server, as OpenSSH's
``ssh`` reads them by default."""


def key_files() -> list[Path]:
    """The player's own SSH key files (:data:`KEY_FILES` in ``.ssh`` in the home folder, on
    Windows too) that exist."""
    folder = Path("~", ".ssh").expanduser()
    return [folder / name for name in KEY_FILES if (folder / name).is_file()]


def own_keys(passphrase: str | None = None, files: list[Path] | None = None) -> tuple[list[Any], list[Path]]:
    """The player's own SSH keys for a game server's login: (the keys of ``files``, by default
    :func:`key_files`, that open without a passphrase, or with ``passphrase`` when given; the
    files that need a passphrase and did not open). A file that cannot be read is left out
    (the password is asked then)."""
    import asyncssh

    keys: list[Any] = []
    locked: list[Path] = []
    for path in key_files() if files is None else files:
        try:
            opened = list(asyncssh.load_keypairs(path, passphrase, ignore_encrypted=passphrase is None))
        except (OSError, ValueError, asyncssh.KeyImportError, asyncssh.KeyEncryptionError):
            if passphrase is not None:  # (a wrong passphrase; without one: a damaged file, left out)
                locked.append(path)
            continue
        keys.extend(opened)
        if not opened:  # (an encrypted key, without its passphrase)
            locked.append(path)
    return keys, locked


async def agent_keys() -> tuple[Any, list[Any]]:
    """The SSH agent's connection and the keys it holds, for a game server's login: the agent of
    ``SSH_AUTH_SOCK`` (ssh-agent on Linux and macOS); on Windows, when that is not set, Pageant
    or the named pipe of OpenSSH's agent service. (None, []) when no agent answers. The
    connection signs with the keys: close it once the login is done."""
    import asyncssh

    path = os.environ.get("SSH_AUTH_SOCK", "")
    if not path and sys.platform != "win32":
        return None, []
    try:
        agent = await asyncssh.connect_agent(path)
    except (OSError, asyncssh.Error, ValueError):
        return None, []
    try:
        return agent, list(await agent.get_keys())
    except (OSError, asyncssh.Error, ValueError, asyncio.IncompleteReadError):
        agent.close()
        return None, []


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
    version line, :attr:`server`) is offered the player's own SSH keys first: the SSH agent's
    (:func:`agent_keys`), then the key files without a passphrase, then those with one, whose
    passphrase ``ask_password(prompt)`` asks once, hidden (:func:`own_keys`); and its login messages
    (banners) are kept, cleaned and cut, as the sentence of a refusal. At a game server the
    inbox is the lobby's: a table's seat (its ``hello``) comes as ``("seat", Inbox)`` with the
    table's own inbox, whose messages end with ``("closed", None)`` when the server sends
    ``lobby``."""

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
        self.keys_offered = 0  # the player's keys offered so far: 1 the agent's and the open files', 2 the locked ones
        self.agent: Any = None  # the SSH agent's connection during the login
        self.locked: list[Path] = []  # the player's key files that need a passphrase
        self.note = ""  # a sentence said before the password's question (a passphrase that opened no key)
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
        finally:
            if self.agent is not None:  # (it signed during the login only)
                self.agent.close()
                self.agent = None
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
        if self.note:
            prompt = self.note + "\n" + prompt
        self.asked = True
        self.password = self._ask(prompt)
        return self.password

    async def next_keys(self) -> list[Any] | None:
        """The player's keys to offer a game server next: first the SSH agent's and the key files
        that open without a passphrase, then (asked their passphrase once, unless a password was
        given) those that need one; None when none is left (the password is asked then)."""
        if self.keys_offered == 0:
            self.keys_offered = 1
            self.agent, keys = await agent_keys()
            opened, self.locked = own_keys()
            if keys + opened:
                return keys + opened
        if self.keys_offered == 1:
            self.keys_offered = 2
            if self.locked and self.ask_password is not None and self.password is None:  # (not with a password given)
                shown = str(self.locked[0])
                passphrase = self._ask(self.lang.text(N_("Passphrase of your SSH key {file}: "), file=shown))
                if passphrase:
                    keys, _locked = own_keys(passphrase, self.locked)
                    if keys:
                        return keys
                    self.note = self.lang.text(N_("That passphrase does not open {file}."), file=shown)
        return None

    def _ask(self, prompt: str) -> str | None:
        """``ask_password(prompt)``, the host key's sentence before the first question (for the
        player to check before typing), the time spent typing not counted in the wait."""
        assert self.ask_password is not None
        if not self.key_told:
            prompt = self.host_key_text() + "\n" + prompt
            self.key_told = True
        began = time.monotonic()
        try:  # (the loop waits while the player types, as nothing else runs before the login)
            return self.ask_password(prompt)
        finally:
            self.typing += time.monotonic() - began

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

            async def public_key_auth_requested(self) -> Any:
                if not link.known_server():
                    return None  # a host's seat has a password only: no key of the player's goes there
                return await link.next_keys()

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


# ------------------------------------------------------------------ the player's console
class JoinConsole(LocalConsole):
    """The keyboard's end of the console core (:class:`~a11y_dominion.console.keyboard.LocalConsole`)
    at a joined seat: ``link`` is the SSH connection to the host (a :class:`Link`)."""


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
    from ..console.commands import speech_line
    from ..console.keyboard import STARTING
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
        say_notices(output)  # what the speech output says of itself, on its own lines before the prompt
        try:
            return read_password(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    verbosity = args.verbosity or opts.get("verbosity") or settings.get("verbosity") or "normal"
    # the speech output is looked for while the host is reached, and found (or not) before the
    # first line of the game: what it says of itself is said once, before the first prompt
    output = local_output(settings, lang, args.speech, args.plain, out)
    speaker = output.speaker
    known = KnownHosts()
    link = Link(host, port, user, password, known, lang, verbosity=verbosity, ask_password=ask_password)

    async def play() -> int:
        try:
            await link.start()
        except JoinError as e:
            speaker.close()
            return fail(e.args[0])
        shared: list[Any] = []  # one reader of typed lines, whichever console reads them

        def make(cls: type[JoinConsole], place: Any) -> JoinConsole:
            made = local_console(
                cls, place, user, lang, verbosity, settings, output, out, reader=shared[0] if shared else None
            )
            output.notices.clear()  # said once, before the first console's lines
            if not shared:
                shared.append(made.reader)
            return made

        if link.server:  # a game server: its lobby, then its tables
            from .lobbyclient import play_server

            back: list[Callable[[], None]] = []
            try:
                return await play_server(link, make, greet, lambda console: back.append(interrupted(console)))
            finally:
                for ctrl_c_back in back:
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
        said = output.auto_why or speech_line(speaker, lang, STARTING, at_start=True)
        if said:  # "" when the speaker has said itself that no sound can be heard
            console.say(said, keep=False)
        if warning:
            console.say(lang.msg(warning), keep=False)

    return asyncio.run(play())
