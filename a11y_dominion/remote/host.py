"""The host of a game with remote seats: the SSH server, the logins, signals, the host's own
screen and its one-table lobby, around one :class:`~a11y_dominion.remote.room.TableRoom` (the
table, its seats and sessions, and the seats' lifecycle: leaving, coming back, a bot standing
in, undo, the time after the game).

Every remote seat logs in with its own name as the SSH user and the password the host printed
for it, or its key. A game brought back by ``host --resume`` goes on at once, and each seat's
first login to it is a return (:meth:`~a11y_dominion.remote.room.TableRoom.resume`); the seats'
language and verbosity are kept with the game
(:meth:`~a11y_dominion.remote.room.TableRoom.keep_settings`).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TextIO

from ..console import queries as q
from ..console.display import isatty
from ..i18n import N_, Language
from .access import (
    FailedLogins,
    LoginLimiter,
    host_key,
    new_password,
    same_password,
    ssh_server_options,
    write_seats_file,
)
from .protocol import session_for
from .room import TableRoom, _end, wait_words
from .room import empty_seats_line as empty_seats_line  # (the package's name: remote.__init__)
from .signals import on_signals

if TYPE_CHECKING:
    from pathlib import Path

    from asyncssh import SSHKey, SSHServerConnection

    from .local import HostTerminal


class GameHost:
    """One hosted game: its :class:`~a11y_dominion.remote.room.TableRoom` (:attr:`room`: the
    table, its remote, local and bot seats) and the SSH server.

    ``specs``: the seats (:func:`~a11y_dominion.seats.parse_seats` with
    ``remote``; at most one ``human`` seat, who plays at the host's own
    terminal); ``out(text)`` prints a line on the host's screen;
    ``bot_after``: seconds after which a bot answers for a seat that went
    away (None: never); ``keys``: seat name to its public keys
    (:func:`~a11y_dominion.remote.access.read_authorized_keys`), for seats
    that log in with a key instead of a password; ``plain``: the host's
    player gets plain lines only (screen-reader output); ``limiter``: the
    :class:`~a11y_dominion.remote.access.LoginLimiter` of password logins (its
    clock, sleep and timer also time the summary of failed logins);
    ``speech``: the speech mode of the host's player (as ``play --speech`` takes it, ``auto``
    already looked into); ``bot_options``: bot seat name to the options its bot is made with
    (``{"rollouts": N}`` for a hard bot, see :func:`~a11y_dominion.bots.kinds.make_bot`);
    ``after_game``: seconds the remote players may stay after the final scores (``log``,
    ``repeat``, ``score``, ``export``) while none of them types: the host ends when every
    remote player has left, or once they were all quiet that long (0: the sessions end
    with the scores).

    Every attribute and method of the room is read and set through the host as its own
    (``host.table``, ``host.join(...)``, ``host.clock = ...``).
    Raises ValueError for more than one human seat.
    """

    room: TableRoom
    lang: Language  # (the room's, read through __getattr__)

    def __init__(
        self,
        game: Any,
        specs: list[Any],
        seed: int,
        lang: Language,
        verbosity: str = "normal",
        out: Callable[[str], None] = print,
        bot_after: float | None = None,
        keys: dict[str, Any] | None = None,
        plain: bool = True,
        limiter: LoginLimiter | None = None,
        bot_options: dict[str, Any] | None = None,
        after_game: float = 0.0,
        speech: str = "screen-reader",
    ) -> None:
        room = TableRoom(
            game,
            specs,
            seed,
            lang,
            verbosity=verbosity,
            out=out,
            bot_after=bot_after,
            bot_options=bot_options,
            after_game=after_game,
        )
        object.__setattr__(self, "room", room)
        self.keys = dict(keys or {})
        self.plain = plain
        self.speech = speech
        self.limiter = limiter or LoginLimiter()
        self.failed_logins = FailedLogins(self._say_failed, self.limiter.clock, self.limiter.later)
        self.passwords = {name: new_password() for name in self.remote if name not in self.keys}
        self._nobody = new_password()  # what a password for no seat is compared with, the same way
        self.port: int | None = None
        self.listening: Callable[[int], None] | None = None  # told the port once the host listens on it

    def __getattr__(self, name: str) -> Any:
        """The room's attribute or method ``name`` (read when the host has none of its own)."""
        if name == "room":
            raise AttributeError(name)
        return getattr(self.room, name)

    def __setattr__(self, name: str, value: Any) -> None:
        """An attribute the room has is set on the room (``host.out``, ``host.clock``,
        ``host.lang``), any other on the host."""
        if name not in type(self).__dict__ and name not in self.__dict__ and hasattr(self.room, name):
            setattr(self.room, name, value)
        else:
            object.__setattr__(self, name, value)

    # ------------------------------------------------------------ logging in
    def password_ok(self, user: str, password: str) -> bool:
        """Whether ``password`` is the one printed for the seat ``user`` names (the seat's name
        in any letter case; the password as :func:`~a11y_dominion.remote.access.same_password` takes it).

        A name that is no seat's (or a seat's that logs in with a key) is compared
        with a secret nobody knows, the same way, and is never right."""
        name = self.seat_name(user)
        expected = self.passwords.get(name or "", self._nobody)
        same = same_password(expected, password)
        return same and name in self.passwords

    def key_ok(self, user: str, key: SSHKey) -> bool:
        """Whether the public ``key`` is one of the seat's ``user`` names (never another seat's)."""
        name = self.seat_name(user)
        return any(k.public_data == key.public_data for k in self.keys.get(name or "", []))

    def _banner(self, conn: SSHServerConnection, text: str) -> None:
        try:
            conn.send_auth_banner(text + "\r\n")
        except Exception:  # noqa: BLE001 - the client went, or logged in meanwhile
            pass

    def wrong_password_text(self) -> str:
        """What a refused password is told, the same whatever the user name: a name
        that is no seat's must not be told apart from a seat's."""
        if self.keys:
            return self.lang._(
                N_(
                    "Wrong user name or password. Log in with your seat's name as the user and the password the "
                    "host printed for it, or with your seat's SSH key."
                )
            )
        return self.lang._(
            N_(
                "Wrong user name or password. Log in with your seat's name as the user and the password the "
                "host printed for it."
            )
        )

    async def check_password(self, conn: SSHServerConnection, address: str, user: str, password: str) -> bool:
        """A password login of ``user`` from ``address``: limited by address
        (:class:`~a11y_dominion.remote.access.LoginLimiter`), a refusal explained
        to the client in the same words and after the same wait whether or not
        ``user`` names a seat, and summed up on the host's screen
        (:class:`~a11y_dominion.remote.access.FailedLogins`)."""
        verdict = self.limiter.attempt(address, lambda: self.password_ok(user, password))
        if verdict.ok:
            return True
        self.failed_logins.failed(address)
        if verdict.checked:
            text = self.wrong_password_text()
        else:
            text = self.lang.text(
                N_("Too many failed logins from your address; try again in {wait}."),
                wait=wait_words(verdict.retry, self.lang),
            )
        self._banner(conn, text)
        await self.limiter.sleep(verdict.delay)
        return False

    def _say_failed(self, count: int, addresses: int) -> None:
        self.out(
            self.lang.text(
                N_(
                    "{count} failed {count:login|logins} from {addresses} {addresses:address|addresses} "
                    "in the last minute."
                ),
                count=count,
                addresses=addresses,
            )
        )

    # ------------------------------------------------------------ stopping
    def _signals(self, loop: asyncio.AbstractEventLoop, asker: HostTerminal | None) -> Callable[[], None]:
        """SIGINT asks at the host's terminal (``asker``, when there is one), else stops;
        SIGTERM (SIGBREAK on Windows) stops (:func:`stop_signals`). Returns what puts the
        signals back as they were."""

        def on_int() -> None:
            if asker is None:
                self.stop()
            else:
                asker.interrupt()

        return stop_signals(loop, on_int, self.stop)

    # ------------------------------------------------------------ the game
    async def serve(
        self,
        listen: str = "127.0.0.1",
        port: int = 2222,
        seats_file: str | None = None,
        key_dir: Path | None = None,
        stdin: TextIO | None = None,
    ) -> int:
        """Listen, wait for every remote seat, play the game; the exit code
        (0: the game ended; 1: it was stopped before its end)."""
        from ..librarylog import quiet_loop
        from .local import HostTerminal
        from .sshlib import asyncssh

        quiet_loop()  # an error in a connection's task is logged, not printed between the game's lines
        host = self

        class Server(asyncssh.SSHServer):
            def connection_made(self, conn: SSHServerConnection) -> None:
                self.conn = conn
                peer = conn.get_extra_info("peername") or ("?",)
                self.address = str(peer[0])

            def begin_auth(self, username: str) -> bool:
                return True  # nothing said yet: a name that is no seat's is answered as a wrong password

            def password_auth_supported(self) -> bool:
                return bool(host.passwords)

            def validate_password(self, username: str, password: str) -> Awaitable[bool]:
                return host.check_password(self.conn, self.address, username, password)

            def public_key_auth_supported(self) -> bool:
                return bool(host.keys)

            def validate_public_key(self, username: str, key: SSHKey) -> bool:
                return host.key_ok(username, key)

        key = host_key(key_dir)
        server = await asyncssh.create_server(
            Server,
            listen,
            port,
            server_host_keys=[key],
            process_factory=lambda process: session_for(self, process),
            **ssh_server_options(),
        )
        self.port = server.sockets[0].getsockname()[1]
        if self.listening is not None:
            self.listening(self.port)
        lang = self.lang
        self.out(lang.text(N_("Listening for SSH on {host} port {port}."), host=listen, port=self.port))
        self.out(lang.text(N_("Host key fingerprint: {fingerprint}"), fingerprint=key.get_fingerprint()))
        for name in self.remote:
            if name in self.keys:
                self.out(
                    lang.text(
                        N_("{player} joins with: ssh -p {port} {player}@{host}, with the SSH key {fingerprint}"),
                        player=name,
                        port=self.port,
                        host=listen,
                        fingerprint=self.keys[name][0].get_fingerprint(),
                    )
                )
            else:
                self.out(
                    lang.text(
                        N_("{player} joins with: ssh -p {port} {player}@{host}, password {password}"),
                        player=name,
                        port=self.port,
                        host=listen,
                        password=self.passwords[name],
                    )
                )
        if seats_file:
            fingerprints = {n: self.keys[n][0].get_fingerprint() for n in self.remote if n in self.keys}
            write_seats_file(seats_file, listen, self.port, self.passwords, fingerprints)
        stdin = sys.stdin if stdin is None else stdin
        terminal = HostTerminal(self, stdin) if isatty(stdin) or self.local else None
        loop = asyncio.get_running_loop()
        signals_back = self._signals(loop, terminal)
        if terminal is not None:
            terminal.start()
        code = 0
        try:
            waiting = asyncio.ensure_future(self.stopped.wait())
            everyone = asyncio.ensure_future(self.everyone_in.wait())
            await asyncio.wait([waiting, everyone], return_when=asyncio.FIRST_COMPLETED)
            if self.everyone_in.is_set() and not self.stopped.is_set():
                if self.resumed:
                    self.away_from_now()  # (a seat nobody logged in to since the resume is away from it)
                game = asyncio.ensure_future(self.table.run_async())
                await asyncio.wait([waiting, game], return_when=asyncio.FIRST_COMPLETED)
                if game.done() and not game.cancelled() and game.result() is None:
                    if self.local is None:
                        self.out(lang._(N_("Game over.")))
                        for line in q.score_lines(self.table.view(self.table.game.players[0].name), lang):
                            self.out(line)  # (who won, last)
                    for notice in getattr(self.table.autosave, "notices", ()):  # the game history, said once
                        self.out(lang.msg(notice))
                    await self.after_the_game()
                else:
                    game.cancel()
                    code = 1
            else:
                code = 1
            waiting.cancel()
            everyone.cancel()
        finally:
            signals_back()
            self.failed_logins.close()
            for timer in self.away.values():
                timer.cancel()
            if not self.stopped.is_set() and code:
                self.tell_everyone(lambda lang: lang._(N_("The game cannot go on; it stops.")))
            self.stopped.set()
            for name, process in list(self.sessions.items()):
                seat = self.people[name]
                if not self.stopped_by_host:
                    seat.line(seat.lang._(N_("The game is over; goodbye.")))
                _end(process)
            if terminal is not None:
                await terminal.close()
            server.close()
            await server.wait_closed()
        return code


def stop_signals(
    loop: asyncio.AbstractEventLoop, on_int: Callable[[], None], on_stop: Callable[[], None], platform: str = ""
) -> Callable[[], None]:
    """Have ``loop`` call ``on_int`` on Ctrl+C (SIGINT) and ``on_stop`` when the host is
    told to stop, in the way of ``platform`` (a ``sys.platform`` value; empty: this system).

    POSIX: the loop's own signal handlers, SIGINT, SIGTERM and SIGHUP (the host's terminal
    closed: the game stops as when told to, and the players are told). Windows, whose event loop
    has no signal handlers: Python's handlers for SIGINT and SIGBREAK (Ctrl+Break; Windows
    has no SIGTERM a process is sent) hand the call to the loop
    (``call_soon_threadsafe``). A signal that cannot be handled here (not the main
    thread, a system without it) is left as it was. Returns what puts every handled
    signal back as it was (a callable of no arguments); raises nothing."""
    if (platform or sys.platform) == "win32":
        return on_signals(loop, [("SIGINT", on_int), ("SIGBREAK", on_stop)], "win32")
    return on_signals(loop, [("SIGINT", on_int), ("SIGTERM", on_stop), ("SIGHUP", on_stop)], platform)
