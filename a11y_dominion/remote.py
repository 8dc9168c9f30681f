"""Remote seats: players at other computers join a hosted game over SSH.

``a11y-dominion host --players "Ann:remote,Bea:remote,Bot:bigmoney"``
starts an SSH server (:mod:`asyncssh`) and a :class:`~a11y_dominion.table.Table`
run under ``asyncio``. Every remote seat logs in with its own name as the
SSH user and the password the host printed for it (fresh for every game),
with any SSH client: ``ssh -p 2222 Ann@HOST``. The server gives only the
game session: no shell command is run, no port is forwarded, no file is
copied.

The session of a remote seat is plain lines, for the player's own screen
reader: the seat's own narration (a :class:`RemoteSeat`, a
:class:`~a11y_dominion.console.seat.HumanSeat` told by the table what that
seat may know, and nothing else), the question with its numbered options
when it must answer, and the lines it types: answers (read as at the
console, :func:`~a11y_dominion.textinput.parse_line`) and the query
commands, answered from the seat's own view. Typing is edited by
asyncssh's line editor (on when the client asks for a terminal); control
and escape characters never come back, and a line is cut at
:data:`MAX_LINE` characters.

The game starts when every remote seat has joined; each join is told to
every seat that is in. When a remote player leaves during the game, the
game stops (coming back is not possible yet).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from announcements.words import join_names

from .console import queries as q
from .console import questions
from .console.commands import HELP_LINES, command_for
from .console.completion import expand_names
from .console.seat import BotSeat, HumanSeat
from .i18n import N_, Language
from .rules.decisions import Msg
from .seats import make_bot
from .table import StopTable, Table
from .textinput import InputError, parse_line

MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off
HOST_KEY_FILE = "ssh_host_ed25519_key"

# the query commands a remote seat may type (the others of the console act on its keyboard or files)
REMOTE_COMMANDS = ("hand", "status", "supply", "score", "landmarks", "events", "trash", "card", "log", "repeat")
REMOTE_COMMANDS += ("options", "help")
REMOTE_HELP_SKIPPED = (
    "Several players at one keyboard",
    "save FILE",
    "speech:",
    "quit:",
)


def clean(text: str) -> str:
    """``text`` without control, escape or formatting characters (a tab is a space)."""
    text = text.replace("\t", " ")
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


def typed_line(text: str) -> str:
    """What a player typed, as the game reads it: cut at :data:`MAX_LINE`
    characters, without control or escape characters, trimmed."""
    return clean(text.rstrip("\r\n")[:MAX_LINE]).strip()


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


class RemoteSeat(HumanSeat):
    """A player at another computer: a human seat whose lines go to its SSH
    session and whose answers are typed there.

    ``table_of()`` gives the :class:`Table` (for the game to read answers
    against and the seat's view for queries). :meth:`decide` returns a
    future, set when an answer is typed that the game accepts as well
    formed; :meth:`attach` connects a session's ``write(text)``.
    """

    kind = "remote"

    def __init__(self, name: str, table_of: Callable, lang: Language | None = None, verbosity: str = "normal"):
        super().__init__(name, lang=lang, verbosity=verbosity, speaker=None, print_fn=self._print)
        self.table_of = table_of
        self.at_keyboard = True  # a remote player has a screen of their own: everything is said at once
        self._write: Callable | None = None
        self.waiting: asyncio.Future | None = None
        self.decision: Any = None
        self.prompt_shown = False
        self.first_prompt_of_turn: tuple | None = None
        self.gone = False

    # ------------------------------------------------------------ output
    def attach(self, write: Callable | None) -> None:
        """Send this seat's lines with ``write(text)`` from now on (None: nowhere)."""
        self._write = write

    def _print(self, text: str, style: str | None = None) -> None:
        self.line(text)

    def line(self, text: str) -> None:
        """Send one line to the player (after the prompt when one is showing)."""
        if self._write is None:
            return
        head = "\n" if self.prompt_shown else ""
        self.prompt_shown = False
        self._write(head + clean(text) + "\n")

    def lines(self, texts) -> None:
        for t in texts:
            self.line(t)

    def prompt(self) -> None:
        """Show the prompt: the seat's name (an answer is awaited)."""
        if self._write is not None and not self.prompt_shown:
            self._write(f"{clean(self.name or '')}> ")
            self.prompt_shown = True

    # ------------------------------------------------------------ the table's seat protocol
    def decide(self, decision, view):
        """Show the question; the answer comes when the player types it (a future)."""
        if self.gone:
            raise StopTable(f"{self.name} left")
        self.decision = decision
        self.show_question(decision, view)
        self.waiting = asyncio.get_running_loop().create_future()
        self.prompt()
        return self.waiting

    def refused(self, decision, message) -> None:
        """The table refused the answer: say why; the question is asked again."""
        self.line(self.lang.msg(message))

    def show_question(self, d, view, full: bool = False) -> None:
        """The question with its numbered options; at the first prompt of a turn, also the hand."""
        new_turn = d.kind == "turn" and self.first_prompt_of_turn != (view.turn.own_number, view.turn.player)
        if d.kind == "turn":
            self.first_prompt_of_turn = (view.turn.own_number, view.turn.player)
        self.lines(questions.decision_lines(view, d, full=full, hand=new_turn and not full, lang=self.lang))

    # ------------------------------------------------------------ typed lines
    def typed(self, text: str) -> None:
        """Read one typed line: a query command, or the answer awaited."""
        line = typed_line(text)
        self.prompt_shown = False  # the line editor ended the prompt's line with the typed line
        if not line:
            if self.waiting is not None:
                self.prompt()
            return
        word, _, rest = line.partition(" ")
        command = command_for(word)
        if command in REMOTE_COMMANDS:
            self.query(command, rest.strip())
        elif self.waiting is None or self.waiting.done():
            self.line(self.lang._(N_("Nothing is asked of you now; type help for the commands.")))
        else:
            self.answer(line)
        if self.waiting is not None and not self.waiting.done():
            self.prompt()

    def answer(self, line: str) -> None:
        game = self.table_of().game
        d = game.pending
        if d is None or d is not self.decision:
            self.line(self.lang._(N_("Nothing is asked of you now; type help for the commands.")))
            return
        if d.kind == "yesno" and line in ("1", "2"):
            line = d.options[int(line) - 1]
        try:
            line = expand_names(game, line, self.lang)  # "buy prov" is enough, as at the console
            _who, keys = parse_line(game, line, numbers=True)
            err = game.explain_move(keys) if d.kind == "turn" else d.check(keys)
        except InputError as e:
            err = e.args[0] if e.args else Msg(str(e))
        if err is not None:
            self.line(self.lang.msg(err))
            return
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            waiting.set_result(keys)

    def query(self, command: str, rest: str) -> None:
        """Answer a query command from this seat's own view."""
        table = self.table_of()
        view = table.view(self.name)
        lang = self.lang
        if command == "hand":
            out = q.hand_lines(view, True, lang)
        elif command == "status":
            out = q.status_lines(view, True, lang)
        elif command == "supply":
            out = q.supply_lines(view, lang)
        elif command == "score":
            out = q.score_lines(view, lang)
        elif command == "landmarks":
            out = q.landmark_lines(view, lang)
        elif command == "events":
            out = q.event_lines(view, lang)
        elif command == "trash":
            out = q.trash_lines(view, lang)
        elif command == "card":
            out = self._card(view, rest)
        elif command in ("log", "repeat"):
            out = self._history(command, rest)
        elif command == "options":
            d = table.game.pending
            if d is not None and d.player == self.name:
                self.show_question(d, view, full=True)
                return
            out = [lang._(N_("Nothing is asked of you now; type help for the commands."))]
        else:
            out = [lang._(x) for x in HELP_LINES if not x.startswith(REMOTE_HELP_SKIPPED)]
        self.lines(out)

    def _card(self, view, word: str) -> list:
        """card NAME (the start of a name is enough when only one known name starts so)."""
        lang = self.lang
        try:
            return q.card_lines(view, word, lang)
        except q.QueryError as e:
            if not word:
                return [lang.msg(e.args[0] if e.args else str(e))]
        try:
            return q.card_lines(view, q.guess_name(view, word, lang), lang)
        except q.QueryError as guess:
            return [lang.msg(guess.args[0] if guess.args else str(guess))]

    def _history(self, command: str, rest: str) -> list:
        lang = self.lang
        if rest and not (rest.isascii() and rest.isdecimal() and int(rest) >= 1):
            return [lang._(N_("Log takes a whole number from 1, for example log 5."))]
        if command == "log":
            got = self.history.recent(int(rest) if rest else 10)
            if not got:
                return [lang._(N_("Nothing has been said yet."))]
            return [lang.text(N_("The last {n} messages:"), n=len(got))] + got
        said = self.history.nth_latest(int(rest) if rest else 1)
        if said is None:
            return [lang._(N_("Nothing has been said yet."))]
        return [said]

    def leave(self) -> None:
        """The player went away: a pending answer stops the table."""
        self.gone = True
        self._write = None
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_exception(StopTable(f"{self.name} left"))


def quiet_line_editor() -> None:
    """No terminal bell from asyncssh's line editor (at a key it does not know, or a
    line at its longest): a remote seat gets printable lines and cursor moves only."""
    from asyncssh import editor

    editor.SSHLineEditor._ring_bell = lambda self: None  # type: ignore[method-assign]


def host_key(directory: Path | None = None):
    """The host's SSH key: made on first use and kept in the user data directory."""
    import asyncssh
    import platformdirs

    folder = Path(directory or platformdirs.user_data_dir("a11y-dominion"))
    path = folder / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def write_seats_file(path: str, host: str, port: int, passwords: dict) -> None:
    """``{"host", "port", "seats": {name: {"user", "password"}}}``, readable by its owner only."""
    data = {"host": host, "port": port, "seats": {n: {"user": n, "password": p} for n, p in passwords.items()}}
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


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

    async def session(self, process) -> None:
        """One SSH session: the game's lines for its seat until the game ends or the player leaves."""
        import asyncssh

        name = process.get_extra_info("username")
        seat = self.remote.get(name)
        if process.command is not None or process.subsystem is not None:
            process.stdout.write("This server runs only the game; log in without a command.\n")
            process.exit(1)
            return
        if seat is None or name in self.joined or self.stopped.is_set():
            process.stdout.write("This seat is taken, or the game is over.\n")
            process.exit(1)
            return

        def write(text: str) -> None:
            try:
                process.stdout.write(text)
            except (OSError, asyncssh.Error, BrokenPipeError):
                pass

        seat.attach(write)
        self.sessions[name] = process
        seat.line(seat.lang.text(N_("Welcome, {player}. Type help for commands."), player=name))
        self.joined.append(name)
        empty = self.empty()
        self.tell_everyone(lambda lang: empty_seats_line(name, empty, lang))
        if not empty:
            self.everyone_in.set()
        try:
            while not self.stopped.is_set():
                try:
                    got = await process.stdin.readline()
                except (asyncssh.TerminalSizeChanged, asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.Error, UnicodeDecodeError, OSError):
                    break
                if not got:  # the end of input: the player left
                    break
                try:
                    seat.typed(got)
                except Exception as e:  # noqa: BLE001 - one bad line must not end the player's session
                    self.out(f"{name}: {type(e).__name__}: {e}")
                    seat.line(seat.lang._(N_("That did not work; the game goes on. Type help for commands.")))
        finally:
            self.sessions.pop(name, None)
            if not self.stopped.is_set():
                seat.leave()
                self.joined.remove(name)
                self.tell_everyone(lambda lang: lang.text(N_("{player} has left; the game stops."), player=name))
                self.stopped.set()

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

        key = host_key(key_dir)
        quiet_line_editor()
        server = await asyncssh.create_server(
            Server,
            listen,
            port,
            server_host_keys=[key],
            process_factory=self.session,
            line_editor=True,
            max_line_length=MAX_LINE,
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
