"""join's SSH connection to a host or a game server: the transport of join's end.

:class:`Link` connects with :mod:`asyncssh` (the seat name, or the account's name, is the SSH
user), checks the host's key against the ones kept (:class:`~.joinlogin.HostKeyCheck`, trust on
first use), logs in with one connection, and hands the host's lines to the console core's inbox, which
makes them safe to show (:class:`~a11y_dominion.console.core.Inbox`). A game server names
itself in its SSH version line: it is offered the player's own SSH keys
(:class:`~.joinlogin.OwnKeys`), and its lobby and each table's seat come in inboxes of their own
(:class:`~.lobbyclient.ServerInbox`). ``join``'s command (:mod:`.client`) and the tests use it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..console.core import HOST_LINES_PER_SECOND, Inbox
from ..i18n import N_, Language
from ..rules.decisions import Msg
from .joinlogin import NAME_UNFIT, HostKeyCheck, KnownHosts, OwnKeys, fits_ssh, server_says
from .neterrors import connect_failure
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
)

CONNECT_SECONDS = 15
INBOX_WAIT_SECONDS = 0.01  # how often the connection looks whether the inbox has room again
BANNER_CHARACTERS = 4000  # characters of the server's login messages kept (its sentence in each language)


class JoinError(Exception):
    """Joining cannot go on; ``args[0]`` is one sentence (a :class:`Msg`) saying why."""


class Link:
    """The SSH connection to the host and its seat-protocol session, on the event loop
    the player's console runs on: the transport alone. :meth:`start` connects (or raises
    :class:`JoinError`) and puts each line the host sends into :attr:`inbox`
    (:meth:`~a11y_dominion.console.core.Inbox.take`, which makes it safe to show and holds the
    lines to show to its rate, by ``clock()``: seconds, :func:`time.monotonic` unless given),
    then its end; :meth:`send` sends one message. A line is bounded at :data:`MAX_FROM_HOST`
    bytes (dropped as it passes the bound), and the connection is read no further while the
    inbox is full.

    The host's key is trusted on first use (``known``, a :class:`~.joinlogin.KnownHosts`, checked
    by :attr:`hostkey`, a :class:`~.joinlogin.HostKeyCheck`), its fingerprint said once
    (:meth:`tell_key`, in every path: before the first question, in the greeting, or before the
    sentence of a failed login).

    The login is one connection: ``password`` is the seat's (or the account's) password, or
    None for ``ask_password(prompt)`` to ask it once the host is reached and its key checked
    (None from it: none was given). A game server (:data:`~.protocol.GAME_SERVER` in its SSH
    version line, :attr:`server`) is offered the player's own SSH keys first (:attr:`keys`, a
    :class:`~.joinlogin.OwnKeys`): the SSH agent's, then the key files without a passphrase, then
    those with one, whose passphrase ``ask_password(prompt)`` asks once, hidden; it is told the
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
        self.keys = OwnKeys()  # the player's own keys, offered to a game server
        self.typing = 0.0  # seconds the player spent typing the password (not counted in the wait)
        self.verbosity = verbosity  # the player's verbosity, told to the host (the history it keeps)
        self.hostkey = HostKeyCheck(known, host, port)
        self.lang = lang
        self.lang_given = lang_given  # chosen for this session (--lang): a game server's account's does not win over it
        self.clock = clock
        self.inbox = Inbox(Rate(HOST_LINES_PER_SECOND, clock))  # at a game server, the lobby's (from start)
        self.closing = False  # the console is done: the connection stops waiting for room in the inbox
        self.process: Any = None
        self.conn: Any = None  # the SSH connection, from when it is made (its version line is read during the login)
        self.reading: asyncio.Task[None] | None = None

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
                    known_hosts=lambda host, addr, port: self.hostkey.kept(),
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
            self.keys.close()  # (the agent signed during the login only)
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
        if self.keys.note:
            prompt = self.keys.note + "\n" + prompt
        self.asked = True
        self.password = self._ask(prompt)
        return self.password

    def _ask(self, prompt: str) -> str | None:
        """``ask_password(prompt)``, the host key's sentence before the first question (for the
        player to check before typing), the time spent typing not counted in the wait."""
        assert self.ask_password is not None
        if not self.hostkey.told:
            prompt = self.tell_key() + "\n" + prompt
        began = time.monotonic()
        try:  # (the loop waits while the player types, as nothing else runs before the login)
            return self.ask_password(prompt)
        finally:
            self.typing += time.monotonic() - began

    def tell_key(self) -> str:
        """The host key's sentence, to be said now, once (:meth:`~.joinlogin.HostKeyCheck.tell`)."""
        return self.hostkey.tell(self.conn.get_server_host_key() if self.conn is not None else None, self.lang)

    def _client(self) -> type:
        from .sshlib import asyncssh

        link = self

        class Client(asyncssh.SSHClient):
            def connection_made(self, conn: Any) -> None:
                link.conn = conn

            def auth_banner_received(self, msg: str, lang: str) -> None:
                link.known_server()
                if len(link.banners) < 10:
                    link.banners.append(str(msg)[:BANNER_CHARACTERS])

            async def public_key_auth_requested(self) -> Any:
                if not link.known_server():
                    return None  # a host's seat has a password only: no key of the player's goes there
                given = link.password is not None or link.ask_password is None  # (no passphrase asked then)
                return await link.keys.next(None if given else link._ask, link.lang)

            def validate_host_public_key(self, host: str, addr: str, port: int, key: Any) -> bool:
                return link.hostkey.validate(key)

        return Client

    def _failure(self, e: BaseException) -> Msg:
        """Why the login failed with ``e``, in one sentence: the host key changed, the name or the
        password, the server's refusal, or the connection (:func:`~.neterrors.connect_failure`)."""
        from .sshlib import asyncssh

        if self.hostkey.changed:
            return self.hostkey.changed_msg()
        if self.asked and self.password is None:
            return Msg(N_("No password was given."))
        if not fits_ssh(self.user):  # (its character is not said: it may be an escape byte)
            return Msg(NAME_UNFIT)
        if isinstance(self.password, str) and not fits_ssh(self.password):
            return Msg(N_("The password has a character a password may not have, such as a control character."))
        said = server_says(self.banners, self.lang) if self.server else None
        if said and isinstance(e, asyncssh.DisconnectError):
            return Msg(N_("The server says: {text}"), text=said)
        if self.server and isinstance(e, asyncssh.PermissionDenied):
            return Msg(N_("The server refused {user}; check the name and the password."), user=self.user)
        if isinstance(e, asyncssh.PermissionDenied):
            return Msg(
                N_("The host refused the seat {user} with that password; check the seat name and the password."),
                user=self.user,
            )
        return connect_failure(e, self.host, self.port, CONNECT_SECONDS)

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
