"""join's SSH connection to a host or a game server: the transport of join's end.

:class:`Link` connects with :mod:`asyncssh` (the seat name, or the account's name, is the SSH
user), checks the host's key against the ones kept (:class:`KnownHosts`, trust on first use),
logs in with one connection, and hands the host's lines to the console core's inbox, which
makes them safe to show (:class:`~a11y_dominion.console.core.Inbox`). A game server names
itself in its SSH version line: it is offered the player's own SSH keys (:func:`agent_keys`,
:func:`own_keys`), and its lobby and each table's seat come in inboxes of their own
(:class:`~.lobbyclient.ServerInbox`). ``join``'s command (:mod:`.client`) and the tests use it."""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ..console.core import HOST_LINES_PER_SECOND, Inbox
from ..files import BINARY
from ..i18n import N_, Language
from ..rules.decisions import Msg
from .protocol import (
    COMMAND,
    ENV_LANGUAGE,
    ENV_VERBOSITY,
    GAME_SERVER,
    JOIN_CLIENT,
    MAX_FROM_HOST,
    Rate,
    encode,
    lines_of,
    shown_text,
)

KNOWN_HOSTS_FILE = "known_hosts"
CONNECT_SECONDS = 15
INBOX_WAIT_SECONDS = 0.01  # how often the connection looks whether the inbox has room again
BANNER_CHARACTERS = 4000  # characters of the server's login messages kept (its sentence in each language)


class JoinError(Exception):
    """Joining cannot go on; ``args[0]`` is one sentence (a :class:`Msg`) saying why."""


class KnownHosts:
    """The host keys met before (trust on first use) in ``path`` (by default ``known_hosts`` in the
    user data directory), in OpenSSH's known_hosts format as :mod:`asyncssh` reads it: one
    ``[host]:port type key`` line each as join keeps them (hashed names, patterns and
    ``@revoked`` lines a player writes there read as ``ssh`` reads them; a line that is none of
    these is left out)."""

    def __init__(self, path: Path | None = None):
        if path is None:
            import platformdirs

            path = Path(platformdirs.user_data_dir("a11y-dominion")) / KNOWN_HOSTS_FILE
        self.path = path

    @staticmethod
    def label(host: str, port: int) -> str:
        return f"[{host}]:{port}"

    def match(self, host: str, port: int) -> tuple:
        """What is kept for ``host`` port ``port`` (by the name the player gave, not its address):
        asyncssh's matching tuple, whose first list holds the kept keys (``SSHKey``); empty when the
        file is missing or cannot be read."""
        from .sshlib import asyncssh

        known = asyncssh.SSHKnownHosts()
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        for line in text.splitlines():
            try:
                known.load(line)
            except ValueError:
                pass
        return known.match(host, "", port)

    def add(self, host: str, port: int, key: str) -> None:
        """Keep ``key`` (OpenSSH text) for ``host`` port ``port`` (the file readable by its owner only)."""
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


NAME_UNFIT = N_("The name to log in with has a character a name may not have, such as a control character.")
"""What ``join`` says of a name :func:`fits_ssh` refuses (its character is not said: it may be an escape byte)."""


def fits_ssh(text: str) -> bool:
    """Whether ``text`` (a name or a password) may be sent in an SSH login: SSH prepares both as
    RFC 4013 (SASLprep) says, which refuses control characters, unassigned and private ones, and
    the like (:func:`asyncssh.saslprep.saslprep`)."""
    from .sshlib import asyncssh

    try:
        asyncssh.saslprep.saslprep(text)
    except asyncssh.saslprep.SASLPrepError:
        return False
    return True


KEY_FILES = ("id_ed25519_sk", "id_ecdsa_sk", "id_ed448", "id_ecdsa", "id_ed25519", "id_rsa")
"""The key files in the player's ``.ssh`` folder that ``join`` offers a game server, as OpenSSH's
``ssh`` reads them by default."""


def own_keys(passphrase: str | None = None, files: list[Path] | None = None) -> tuple[list[Any], list[Path]]:
    """The player's own SSH keys for a game server's login: (the keys of ``files``, by default
    :data:`KEY_FILES` in ``.ssh`` in the home folder (on Windows too), that open without a
    passphrase, or with ``passphrase`` when given; the files that need a passphrase and did not
    open). A file that is missing or cannot be read is left out (the password is asked then)."""
    from .sshlib import asyncssh

    keys: list[Any] = []
    locked: list[Path] = []
    folder = Path("~", ".ssh").expanduser()
    for path in [folder / name for name in KEY_FILES] if files is None else files:
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
    """The SSH agent's connection and the keys it holds, for a game server's login, as asyncssh
    finds the agent (:func:`asyncssh.connect_agent`): the one of ``SSH_AUTH_SOCK`` (ssh-agent on
    Linux and macOS); on Windows, when that is not set, Pageant or the named pipe of OpenSSH's
    agent service. (None, []) when no agent answers. The connection signs with the keys: close
    it once the login is done."""
    from .sshlib import asyncssh

    try:
        agent = await asyncssh.connect_agent()
    except (OSError, asyncssh.Error, ValueError):
        return None, []
    try:
        return agent, list(await agent.get_keys())
    except (OSError, asyncssh.Error, ValueError, asyncio.IncompleteReadError):
        agent.close()
        return None, []


class Link:
    """The SSH connection to the host and its seat-protocol session, on the event loop
    the player's console runs on: the transport alone. :meth:`start` connects (or raises
    :class:`JoinError`) and puts each line the host sends into :attr:`inbox`
    (:meth:`~a11y_dominion.console.core.Inbox.take`, which makes it safe to show and holds the
    lines to show to its rate, by ``clock()``: seconds, :func:`time.monotonic` unless given),
    then its end; :meth:`send` sends one message. A line is bounded at :data:`MAX_FROM_HOST`
    bytes (dropped as it passes the bound), and the connection is read no further while the
    inbox is full.

    The host's key is trusted on first use (``known``, a :class:`KnownHosts`): asyncssh trusts
    a key kept for the host; another key is kept at a first visit (:attr:`first_visit`) once its
    fingerprint is said (:meth:`tell_key`, in every path: before the first question, in the
    greeting, or before the sentence of a failed login), and refused, before any password is
    sent, when a key is kept for the host (:attr:`changed`).

    The login is one connection: ``password`` is the seat's (or the account's) password, or
    None for ``ask_password(prompt)`` to ask it once the host is reached and its key checked
    (None from it: none was given). A game server (:data:`~.protocol.GAME_SERVER` in its SSH
    version line, :attr:`server`) is offered the player's own SSH keys first: the SSH agent's
    (:func:`agent_keys`), then the key files without a passphrase, then those with one, whose
    passphrase ``ask_password(prompt)`` asks once, hidden (:func:`own_keys`); it is told the
    player's language only when ``lang_given`` (``--lang``), else the account's is the session's
    (the server's ``settings`` before its ``hello`` says which); and its login messages
    (banners) are kept, cleaned and cut, as the sentence of a refusal. At a game server the
    inbox is the lobby's (:class:`~.lobbyclient.ServerInbox`), with a table's seat beside it."""

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
        lang_given: bool = True,
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
        self.typing = 0.0  # seconds the player spent typing the password (not counted in the wait)
        self.verbosity = verbosity  # the player's verbosity, told to the host (the history it keeps)
        self.known = known
        self.lang = lang
        self.lang_given = lang_given  # chosen for this session (--lang): a game server's account's does not win over it
        self.clock = clock
        self.inbox = Inbox(Rate(HOST_LINES_PER_SECOND, clock))  # at a game server, the lobby's (from start)
        self.closing = False  # the console is done: the connection stops waiting for room in the inbox
        self.process: Any = None
        self.conn: Any = None  # the SSH connection, from when it is made (its version line is read during the login)
        self.reading: asyncio.Task[None] | None = None
        self.first_visit = False
        self.changed = False
        self.key_told = False  # the host key's sentence was said (before the password)
        self.unkept: str | None = None  # a first visit's host key (OpenSSH text), kept once its sentence is said

    async def start(self) -> None:
        """Connect and open the session, then read what the host sends (a task of the running
        loop); raises :class:`JoinError` with the reason."""
        from .. import __version__
        from ..librarylog import quiet_loop
        from .sshlib import asyncssh

        quiet_loop()  # an error in the connection's tasks is logged, not printed between the game's lines
        try:
            self.conn = await self._within(
                asyncssh.connect(
                    self.host,
                    self.port,
                    username=self.user,
                    password=self._password,
                    client_factory=self._client(),
                    known_hosts=lambda host, addr, port: self.known.match(self.host, self.port),
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
                env={
                    **({ENV_LANGUAGE: self.lang.code} if self.lang_given or not self.server else {}),
                    **({ENV_VERBOSITY: self.verbosity} if self.verbosity else {}),
                },
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
        if self.server:  # the lobby's inbox, and each table's seat its own
            from .lobbyclient import ServerInbox  # (it imports join's end, which imports this module)

            self.inbox = ServerInbox(self.clock)
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
        version = str(self.conn.get_extra_info("server_version") or "") if self.conn is not None else ""
        self.server = GAME_SERVER in (version.split(" ", 1) or [""])[0]
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
            prompt = self.tell_key() + "\n" + prompt
        began = time.monotonic()
        try:  # (the loop waits while the player types, as nothing else runs before the login)
            return self.ask_password(prompt)
        finally:
            self.typing += time.monotonic() - began

    def tell_key(self) -> str:
        """The host key's sentence (:meth:`host_key_text`), to be said now, once: at a first visit
        the key is kept only from this moment (:meth:`KnownHosts.add`, unless another join of the
        player's kept it meanwhile), so that no key is ever kept without its fingerprint shown."""
        self.key_told = True
        text = self.host_key_text()
        if self.unkept is not None:
            key, self.unkept = self.unkept, None
            from .sshlib import asyncssh

            kept = self.known.match(self.host, self.port)[0]
            if not any(k.public_data == asyncssh.import_public_key(key).public_data for k in kept):
                self.known.add(self.host, self.port, key)
        return text

    def host_key_text(self) -> str:
        """The sentence on the host's key, checked on this connection: its fingerprint, kept at
        a first visit (:attr:`first_visit`), else the one kept from the last visit."""
        key = self.conn.get_server_host_key() if self.conn is not None else None
        where = {"host": self.host, "port": self.port, "fingerprint": key.get_fingerprint() if key else "?"}
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
        from .sshlib import asyncssh

        link = self

        class Client(asyncssh.SSHClient):  # type: ignore[misc]
            def connection_made(self, conn: Any) -> None:
                link.conn = conn

            def auth_banner_received(self, msg: str, lang: str) -> None:
                link.known_server()
                if len(link.banners) < 10:
                    link.banners.append(str(msg)[:BANNER_CHARACTERS])

            async def public_key_auth_requested(self) -> Any:
                if not link.known_server():
                    return None  # a host's seat has a password only: no key of the player's goes there
                return await link.next_keys()

            def validate_host_public_key(self, host: str, addr: str, port: int, key: Any) -> bool:
                # (a key not kept for the host when the connection began: asyncssh trusts the kept
                # ones without asking; another join of the player's may have kept this one since)
                kept = link.known.match(link.host, link.port)[0]
                if any(k.public_data == key.public_data for k in kept):
                    return True
                if kept:
                    link.changed = True
                    return False
                link.unkept = key.export_public_key().decode("ascii").strip()  # (kept when its sentence is said)
                link.first_visit = True
                return True

        return Client

    def _failure(self, e: BaseException) -> Msg:
        from .sshlib import asyncssh

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
        if not fits_ssh(self.user):  # (its character is not said: it may be an escape byte)
            return Msg(NAME_UNFIT)
        if isinstance(self.password, str) and not fits_ssh(self.password):
            return Msg(N_("The password has a character a password may not have, such as a control character."))
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
        try:
            async for line in lines_of(self.process.stdout, MAX_FROM_HOST, 65536):
                self.inbox.take(line)
                while self.inbox.is_full() and not self.closing:
                    await asyncio.sleep(INBOX_WAIT_SECONDS)
        finally:
            self.inbox.end()
            self.conn.close()
            try:
                await self.conn.wait_closed()
            except Exception:  # noqa: BLE001 - closing a connection that already broke
                pass

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
