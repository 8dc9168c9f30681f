"""The host of a game with remote seats: the table, the lobby and the SSH server."""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Callable

from announcements.words import join_names

from ..console import queries as q
from ..console.seat import BotSeat
from ..i18n import N_, Language
from ..seats import make_bot
from ..table import Table
from .access import host_key, write_seats_file
from .seat import MAX_SAY, RemoteSeat, clean
from .terminal import session_factory


def empty_seats_line(joined: str, empty: list, lang: Language) -> str:
    """ "Bea has joined; 1 seat still empty: Ann." or "...; every seat is taken." """
    if not empty:
        return lang.text(N_("{player} has joined; every seat is taken. The game starts."), player=joined)
    if len(empty) == 1:
        return lang.text(N_("{player} has joined; 1 seat still empty: {names}."), player=joined, names=empty[0])
    return lang.text(
        N_("{player} has joined; {n} seats still empty: {names}."),
        player=joined,
        n=len(empty),
        names=join_names(empty, lang),
    )


class GameHost:
    """One hosted game: the table, its remote and bot seats, and the SSH server.

    ``specs``: the seats (:func:`~a11y_dominion.seats.parse_seats` with
    ``remote``); ``out(text)`` prints a line on the host's screen.
    """

    def __init__(self, game, specs: list, seed: int, lang: Language, verbosity: str = "normal", out=print):
        self.lang = lang
        self.out = out
        self.remote: dict = {}
        seats: dict = {}
        for i, spec in enumerate(specs):
            name, kind = spec[0], spec[1]
            if kind == "remote":
                seat = RemoteSeat(
                    name,
                    lambda: self.table,
                    lang=Language(getattr(spec, "language", None) or lang.code),
                    verbosity=getattr(spec, "verbosity", None) or verbosity,
                    language_given=bool(getattr(spec, "language", None)),
                )
                self.remote[name] = seat
                seats[name] = seat
            else:
                seats[name] = BotSeat(name, make_bot(kind, seed + i), seed + i)
        game.start()  # dealt now, so the queries answer in the lobby; seats are told when the game begins
        self.table = Table(game, seats)
        self.passwords = {name: secrets.token_urlsafe(12) for name in self.remote}
        self.joined: list = []
        self.everyone_in = asyncio.Event()
        self.stopped = asyncio.Event()
        self.sessions: dict = {}
        self.port: int | None = None

    # ------------------------------------------------------------ logging in
    def password_ok(self, user: str, password: str) -> bool:
        expected = self.passwords.get(user)
        return expected is not None and hmac.compare_digest(expected.encode(), password.encode())

    def empty(self) -> list:
        return [n for n in self.remote if n not in self.joined]

    def tell_everyone(self, make: Callable) -> None:
        """``make(lang)`` said to every remote seat that is in, and printed on the host's screen."""
        for name in self.joined:
            seat = self.remote[name]
            seat.line(make(seat.lang))
        self.out(make(self.lang))

    def admit(self, name: str) -> str | None:
        """Why the logged-in user ``name`` cannot take its seat now (an English sentence), or None."""
        if name not in self.remote or name in self.joined or self.stopped.is_set():
            return "This seat is taken, or the game is over."
        return None

    def join(self, name: str, write: Callable) -> RemoteSeat:
        """The player of seat ``name`` (admitted) is in: its lines go to ``write(text)``;
        every seat is told, and the game starts when every remote seat is in."""
        seat = self.remote[name]
        seat.attach(write)
        seat.line(seat.lang.text(N_("Welcome, {player}. Type help for commands."), player=name))
        self.joined.append(name)
        empty = self.empty()
        self.tell_everyone(lambda lang: empty_seats_line(name, empty, lang))
        if not empty:
            self.everyone_in.set()
        return seat

    def leave(self, name: str) -> None:
        """The player of seat ``name`` went away (its session ended): the game stops."""
        self.sessions.pop(name, None)
        if self.stopped.is_set():
            return
        self.remote[name].leave()
        self.joined.remove(name)
        self.tell_everyone(lambda lang: lang.text(N_("{player} has left; the game stops."), player=name))
        self.stopped.set()

    def chat(self, name: str, text: str) -> None:
        """``say TEXT`` of the seat ``name``: one line to every seat that is in, "Bea says: ...",
        without control, escape or formatting characters and cut at :data:`MAX_SAY` characters."""
        said = clean(text).strip()[:MAX_SAY]
        if said:
            self.tell_everyone(lambda lang: lang.text(N_("{player} says: {said}"), player=name, said=said))

    def fault(self, name: str, error: Exception) -> None:
        """A typed line of ``name`` failed inside the game: shown on the host's screen only."""
        self.out(f"{name}: {type(error).__name__}: {error}")

    # ------------------------------------------------------------ the game
    async def serve(
        self, listen: str = "127.0.0.1", port: int = 2222, seats_file: str | None = None, key_dir=None
    ) -> int:
        """Listen, wait for every remote seat, play the game; the exit code (0: the game ended)."""
        import asyncssh

        host = self

        class Server(asyncssh.SSHServer):
            def begin_auth(self, username: str) -> bool:
                return True

            def password_auth_supported(self) -> bool:
                return True

            def validate_password(self, username: str, password: str) -> bool:
                return host.password_ok(username, password)

            def session_requested(self):
                return new_session()

        new_session = session_factory(self)
        key = host_key(key_dir)
        server = await asyncssh.create_server(
            Server,
            listen,
            port,
            server_host_keys=[key],
            line_editor=False,  # prompt_toolkit edits the lines (remote/terminal.py)
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            sftp_factory=None,
            encoding="utf-8",
            errors="replace",  # a byte that is not UTF-8 (a Latin-1 terminal) is replaced, never fatal
        )
        self.port = server.sockets[0].getsockname()[1]
        lang = self.lang
        self.out(lang.text(N_("Listening for SSH on {host} port {port}."), host=listen, port=self.port))
        self.out(lang.text(N_("Host key fingerprint: {fingerprint}"), fingerprint=key.get_fingerprint()))
        for name, password in self.passwords.items():
            self.out(
                lang.text(
                    N_("{player} joins with: ssh -p {port} {player}@{host}, password {password}"),
                    player=name,
                    port=self.port,
                    host=listen,
                    password=password,
                )
            )
        if seats_file:
            write_seats_file(seats_file, listen, self.port, self.passwords)
        code = 0
        try:
            waiting = asyncio.ensure_future(self.stopped.wait())
            everyone = asyncio.ensure_future(self.everyone_in.wait())
            await asyncio.wait([waiting, everyone], return_when=asyncio.FIRST_COMPLETED)
            if self.everyone_in.is_set() and not self.stopped.is_set():
                game = asyncio.ensure_future(self.table.run_async())
                await asyncio.wait([waiting, game], return_when=asyncio.FIRST_COMPLETED)
                if game.done() and not game.cancelled() and game.result() is None:
                    self.out(lang._(N_("Game over.")))
                    for line in q.score_lines(self.table.view(self.table.game.players[0].name), lang):
                        self.out(line)
                else:
                    game.cancel()
                    code = 1
            else:
                code = 1
            waiting.cancel()
            everyone.cancel()
        finally:
            self.stopped.set()
            for name, process in list(self.sessions.items()):
                seat = self.remote[name]
                seat.line(seat.lang._(N_("The game is over; goodbye.")))
                try:
                    process.exit(0)
                except Exception:  # noqa: BLE001 - a session that already went
                    pass
            server.close()
            await server.wait_closed()
        return code
