"""One SSH session on the server: the sign-up dialogue of a new name, then the lobby.

The session reads lines with a line editor over the SSH terminal, as a
``host`` seat's terminal session does (it is a
:class:`~a11y_dominion.remote.terminal.TerminalSession`, with the same input filter: escape
sequences and control characters dropped, long lines cut, too many lines a second dropped),
and without a terminal (``ssh -T``) plain lines. Lines come above the prompt, which in the
lobby is "Lobby> " with rich output and none with plain output (:meth:`ServerSession.prompt`).

- A new name is asked its language first, in every language of the game (skipped when the
  client sent ``A11Y_DOMINION_LANG``), so that the rest of the sign-up is in it.
- A new name that logged in with a key is asked "Make the account Ann, logging in with this
  SSH key (its fingerprint ends in ...)? yes or no"; Enter alone asks it again.
- A new name that logged in with a password (the login refused one under
  :data:`~.hasher.MIN_PASSWORD` characters) types it again, without echo; a different one makes
  no account and ends the session.
- Then the verbosity (skipped when the client sent ``A11Y_DOMINION_VERBOSITY``); both are kept
  for the account.
- A known account gets its kept settings (``SetEnv`` values hold for this session only); the
  account's sessions already in the lobby are told that it logged in again, and go on.
- ``join`` (the SSH command ``seat-protocol``) is served by :mod:`.joined` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..console.display import Arrived
from ..console.keys import KeyCommand
from ..i18n import LANGUAGES, N_, Language
from ..remote.lineeditor import LEAVE
from ..remote.protocol import COMMAND as PROTOCOL_COMMAND
from ..remote.sshconsole import KNOWN_COMMANDS, ServerTable
from ..remote.terminal import TerminalSession
from .hasher import PasswordTooLong
from .lobby import Person, lobby_command, logged_in
from .names import checked_name
from .store import Account, StoreError
from .words import lobby_cleared, lobby_line_at_table, lobby_prompt, lobby_words, parse

if TYPE_CHECKING:
    from .ssh import GameServer


class LobbySeat:
    """What the terminal session reads of its player while in the lobby: the language, the
    verbosity, the name shown, the typed lines' history and the completion of commands."""

    def __init__(self, name: str, lang: Language, verbosity: str = "normal") -> None:
        from prompt_toolkit.history import InMemoryHistory

        self.moderator = False  # whether Tab completes the moderators' commands too
        self.shown_name = name
        self.lang = lang
        self.verbosity = verbosity
        self.awaiting = False
        self.chosen = False
        self.language_given = False
        self.typed_history = InMemoryHistory()
        self.display: Any = None
        self.wants_rich = False

    def completer(self) -> Any:
        """Tab completes the lobby's commands in the player's language as it is at each Tab
        (the moderators' only for a moderator, as the operator's file names them now):
        :func:`~.words.lobby_words`."""
        from prompt_toolkit.completion import Completer, WordCompleter

        seat = self

        class LobbyCompleter(Completer):
            @property
            def lang(self) -> Language:
                return seat.lang

            def get_completions(self, document: Any, complete_event: Any) -> Any:
                words = WordCompleter(lobby_words(seat.moderator, seat.lang), ignore_case=True)
                return words.get_completions(document, complete_event)

        return LobbyCompleter()


class ServerSession(TerminalSession):
    """The session of one SSH login to ``server`` (a :class:`~.ssh.GameServer`)."""

    def __init__(self, server: GameServer, process: Any) -> None:
        super().__init__(server, process)
        self.server = server
        self.held: Any = None  # the link to the table's seat (a HostLink) while the session sits there
        self.lobby_seat: LobbySeat | None = None  # the lobby's seat, while the session is at a table's
        self.table_number: int | None = None  # the table whose seat the session holds
        self.watching: Any = None  # the WatchSeat (.watch) typed lines go to while watching a game
        self.address = "?"  # the address it connected from (a reload of server.toml may ban it)
        self.account: int | None = None  # the account's number, once logged in

    def take_seat(self, room: Any, name: str, number: int) -> None:
        """Sit at the seat ``name`` of ``room``, the table numbered ``number``: the seat is
        taken now (its lines wait for the session), and the session plays it through the
        console core, as an ssh seat of ``host`` does, from its next turn of the lobby's loop
        (a line being typed in the lobby is ended for it)."""
        from ..remote.seatlink import HostLink

        seat = room.people[name]
        if self.held is None and self.watching is None:
            self.lobby_seat = self.seat
        seat.chosen = True
        self.seat = seat
        self.table_number = number
        self.held = HostLink(room, name, quiet=True)
        self.held.open()
        self.stop()  # (the lobby's line editor, if it is reading)

    def watch(self, watcher: Any) -> None:
        """Watch a game: typed lines go to ``watcher`` (a :class:`~.watch.WatchSeat`), with its
        completion, until :meth:`to_lobby`."""
        if self.held is None and self.watching is None:
            self.lobby_seat = self.seat
        self.watching = self.seat = watcher
        self.soon(self._new_prompt)
        self.changed()

    def to_lobby(self) -> None:
        """Stand up from the table's seat, or stop watching: typed lines go to the lobby again
        (the seat's console ends; the lobby's lines say where the player is)."""
        self.watching = None
        link, self.held = self.held, None
        if link is not None:
            if self.console is not None and self.console.link is link:
                self.console.ended_told = True
            link.on_exit = None  # the session goes on, in the lobby
            link.exit()  # (the table was told already whether the player left)
        self.table_number = None
        if self.lobby_seat is not None:
            self.seat = self.lobby_seat
        self.soon(self._new_prompt)
        self.changed()

    def prompt(self) -> str:
        """The prompt of the line read now: in the lobby and while watching a game the lobby's,
        "Lobby> " with rich output and none with plain output, which is a screen reader's
        (:func:`~.words.lobby_prompt`); at a table's seat the game's, "Ann> " while an answer is
        awaited."""
        if self.held is not None or self.console is not None or self.seat is None:
            return super().prompt()
        return lobby_prompt(self.seat.lang, screen_reader=not self.rich)

    def output(self, rich: bool) -> bool:
        """Plain or rich output (``settings plain`` or ``settings rich`` in the lobby) from now on,
        in the lobby and at the tables; returns whether it is rich now (rich needs a terminal,
        which ``ssh -T`` does not give)."""
        self.use_output(rich)
        return self.rich

    def take_keys(self, kept: dict[str, str]) -> None:
        """The account's shortcut keys (``kept``: those that differ from the usual ones, as
        ``settings set key`` keeps them; :func:`~a11y_dominion.settings.checked_keys` reads
        them), used by the line editor from now on, in the lobby and at the tables."""
        from ..settings import checked_keys

        self.keys = checked_keys(kept)
        self.use_keys()

    def goodbye(self, sentence: str, **fields: object) -> None:
        """Say ``sentence`` (an English template, filled with ``fields``) in the player's
        language and end the session."""
        lang = self.seat.lang if self.seat is not None else Language("en")
        self.say(lang.text(sentence, **fields))
        self.exit(0)

    def _cleared(self, interrupt: BaseException, lang: Language) -> str | None:
        """After Ctrl+C in the lobby or while watching, what quit does there; at a table's seat,
        the game's sentence (None)."""
        if self.held is not None:
            return None
        had_text = getattr(interrupt, "had_text", True)
        if self.watching is not None:
            if had_text:
                return lang._(N_("Line cleared. Type leave to stop watching."))
            return lang._(N_("Nothing to clear. Type leave to stop watching."))
        return lobby_cleared(interrupt, lang)

    def between_keys(self) -> dict[str, str]:
        """The shortcut keys of the lobby and of watching (no seat's console): repeat's (F2, or
        the account's own)."""
        from ..remote.lineeditor import command_keys

        return {key: command for key, command in command_keys(self.keys).items() if command == "repeat"}

    def say(self, text: str) -> None:
        """One line to the player."""
        self.write(text + "\n")

    async def ask(
        self, text: str, hidden: bool = False, cancel: bool = False, say: Callable[[str], None] | None = None
    ) -> str | None:
        """Say ``text`` (with ``say`` when given: the lobby's, which keeps it for ``repeat``) and
        read the answer (``hidden``: not echoed); None when the session ended or the player
        pressed Ctrl+D (or Ctrl+Z). ``cancel``: Ctrl+C says that the line was cleared and answers
        "" (the question is cancelled), else it reads on. A shortcut key (F2) answers its command."""
        from ..console.display import LineCleared

        (say or self.say)(text)
        editor = self.editor
        # nothing at all is echoed, as at ssh's own password question: a star a character
        # would be read out, "star, star, star", by a screen reader
        if editor is not None:
            editor.hidden = hidden
        try:
            got = await (self.next_line() if cancel else self._read())
        finally:
            if editor is not None:
                editor.hidden = False
        if got is None or got is LEAVE:
            return None
        if isinstance(got, LineCleared):
            lang = self.seat.lang if self.seat is not None else Language("en")
            self.say(self._cleared(got, lang) or "")
            return ""
        if isinstance(got, KeyCommand):
            return got.command
        return str(got).strip()

    async def _play(self, _session: Any) -> None:
        """Sign up when the name is new, then the lobby until the player quits or goes."""
        process = self.process
        if self.command not in KNOWN_COMMANDS or process.subsystem is not None:
            self._raw("This server runs only the game; log in without a command.\n")
            self._ended = 1
            return
        user = str(process.get_extra_info("username") or "")
        account: Account | None = process.get_extra_info("account")
        signup = process.get_extra_info("signup")
        address = self.address = str(process.get_extra_info("address") or "?")
        self.name = user  # (a reload that bans the name ends the session while it signs up too)
        env = process.env or {}
        self.seat = self.lobby_seat = LobbySeat(user, Language("en"))
        self.server.sessions.add(self)
        try:
            await self._admitted(user, account, signup, address, env)
        finally:
            self.server.sessions.discard(self)

    async def _admitted(self, user: str, account: Account | None, signup: Any, address: str, env: Any) -> None:
        """Past the login: the sign-up of a new name, then the lobby."""
        seat = self.seat
        assert seat is not None
        if account is not None:
            seat.lang = Person(account.id, account.name, self.say, dict(account.settings)).lang
            self.take_keys(account.settings.get("keys") or {})  # (kept by settings set key)
        self.use_output(account is not None and account.settings.get("display") == "rich")  # (kept by settings)
        if account is None:
            if signup is None:
                self._ended = 1
                return
            account = await self._sign_up(user, signup, address, env)
            if account is None:
                if self._ended is None:
                    self._ended = 1
                return
            welcome = N_("The account {player} is made. Welcome, {player}. Type help for the lobby's commands.")
            self.server.note(N_("{player} signed up from {address}."), player=account.name, address=address)
        else:
            welcome = N_("Welcome back, {player}. Type help for the lobby's commands.")
            await self.server.store.logged_in(account.id, address, True)
            self.server.note(N_("{player} logged in from {address}."), player=account.name, address=address)
        person = logged_in(
            account,
            self.say,
            self,
            str(env.get("A11Y_DOMINION_LANG", "")),
            str(env.get("A11Y_DOMINION_VERBOSITY", "")),
        )
        seat.shown_name, seat.lang = account.name, person.lang
        seat.moderator = self.server.config.is_moderator(account.name)
        self.name = account.name
        self.account = account.id
        lobby = self.server.lobby
        lobby.arrive(person)
        try:
            await self._lobby(person, welcome)
        finally:
            lobby.leave(person)
            if not self.server.tables.stopping:  # (a server that stops says so to everyone instead)
                lobby.logged(person, came=False)
            self.server.tables.gone(person)
            self.server.note(N_("{player} from {address} logged out."), player=account.name, address=address)
            if self.held is not None:
                self.to_lobby()

    async def _lobby(self, person: Person, welcome: str) -> None:
        from ..i18n import yes_or_no

        server = self.server
        lang = person.lang
        say = person.send  # (the lobby's lines, kept for repeat)
        say(lang.text(welcome, player=person.name))
        here = len(server.lobby.names())
        say(lang.text(N_("{server}: {n:1 person|{n} people} here."), server=server.config.server.name, n=here))
        if server.config.server.motd:
            say(server.config.server.motd)
        server.tables.waiting(person)
        while self._ended is None and not self.gone:
            if self.held is not None:  # at a table's seat
                await self._at_table(person)
                continue
            got = await self._read()
            if got is None:
                return
            if self.held is not None or isinstance(got, Arrived):  # (it took a seat meanwhile)
                continue
            if isinstance(got, KeyCommand):  # F2: repeat (the lobby's one shortcut key)
                got = got.command
            if self.watching is not None:
                await self._watching(person, got)
                continue
            if got is not LEAVE:
                if not server.rates.line_read(person.account, self.address, say, person.lang):
                    continue
                action = await lobby_command(server, person, str(got), say)
                if action is None:
                    continue
                if self.seat is not None and self.held is None and self.watching is None:
                    self.seat.lang = person.lang
                if action != "quit":
                    continue
            answer = await self.ask(person.lang._(N_("Log out? yes or no")), cancel=True, say=say)
            while answer is not None and yes_or_no(answer, person.lang) is None and answer.strip():
                # a lobby command typed there runs (repeat: the question again), then the question again
                if parse(answer)[0] != "repeat" and await lobby_command(server, person, answer, say) == "quit":
                    break  # (quit again: a yes)
                answer = await self.ask(person.lang._(N_("Log out? yes or no")), cancel=True, say=say)
            if answer is None or yes_or_no(answer, person.lang) is not False and answer.strip():
                say(person.lang._(N_("You logged out; goodbye.")))
                self._ended = 0
                return
            say(person.lang._(N_("You stay in the lobby.")))

    async def _watching(self, person: Person, got: Any) -> None:
        """A line typed while watching a game (``got``: the line, or :data:`LEAVE`): the watcher
        reads it; leave, quit or Ctrl+D goes back to the lobby."""
        from .watch import watched_line

        server = self.server
        watcher = self.watching
        if got is not LEAVE:
            if server.rates.line_read(person.account, self.address, self.say, watcher.lang):
                await watched_line(server, person, watcher, str(got), self.say, watcher.lang)
            return
        server.tables.unwatch(person)

    async def _at_table(self, person: Person) -> None:
        """Play the table's seat through the console core until the player goes back to the
        lobby; a session whose seat a newer login took ends, as the seat's console said."""
        link = self.held
        await self.seated(
            link,
            ServerTable(
                self.table_number,
                lambda line: self._table_line(person, line),
                lambda: self._leave_table(person),
                lambda key, value: self._seat_setting(person, key, value),
            ),
        )
        if self.held is link:  # the table ended this session (another login took the seat)
            self.to_lobby()
            self.exit(0)

    def _seat_setting(self, person: Person, key: str, value: Any) -> None:
        """The player changed the setting ``key`` to ``value`` at a table's seat: a language
        is this session's from now on, for the lobby's words and answers too (at the table, and
        in the lobby after it); the account's own settings stay as they are."""
        if key == "language":
            person.settings = {**person.settings, "language": value}
            if self.lobby_seat is not None:
                self.lobby_seat.lang = person.lang

    async def _table_line(self, person: Person, line: str) -> bool:
        """A line typed at a table's seat, before the seat's console reads it: True when it is
        taken here: dropped over the rate, a ``say`` the lobby refuses (a muted account, or over
        the account's chat limit), or a command of the lobby's that the game has not (``tables``,
        ``who``, ``tell``...), or ``settings set key ACTION KEY`` (a shortcut key is the account's,
        not the table's), answered by the lobby (:func:`~.words.lobby_line_at_table`)."""
        server = self.server
        read = server.rates.line_read(person.account, self.address, self.say, person.lang)
        if not read or server.lobby.refuses_say(person, line):
            return True
        if not lobby_line_at_table(line, keys=True):
            return False
        try:
            await server.lobby.typed(person, line)
        except Exception as e:  # noqa: BLE001 - one bad line must not end the session
            server.fault(person.name, e)
            self.say(person.lang._(N_("That did not work; the game goes on. Type help for commands.")))
        return True

    def _leave_table(self, person: Person) -> None:
        """The player leaves the table's seat: a yes to quit's question of the console core (quit,
        ``leave``, ``weg``, Ctrl+D), or quit after the final scores, at once. The session is back
        in the lobby, which says where the player is."""
        if self.held is not None:  # (not when the game ended meanwhile)
            self.server.tables.left_game(person)

    async def _sign_up(self, user: str, signup: Any, address: str, env: Any) -> Account | None:
        """The sign-up dialogue of the new name ``user`` who logged in with ``signup``
        (``("key", SSHKey)`` or ``("password", text)``); the account made, or None (said why)."""
        from ..i18n import yes_or_no
        from ..remote.firstquestions import ask_language, ask_verbosity
        from ..remote.seat import language_of, verbosity_of

        server = self.server
        say = self.say
        name = checked_name(user)  # (the login checked it already)
        method, secret = signup
        if not server.rates.signup_left(address):  # (the login checked it; another sign-up took the last one since)
            for line in dict.fromkeys(Language(c).msg(server.rates.signup_refusal()) for c in LANGUAGES):
                say(line)
            return None
        code = language_of(str(env.get("A11Y_DOMINION_LANG", "")))
        if code is None:
            code = await ask_language(self._say, self._read, "en")
            if code is None:
                return None
        lang = Language(code)
        if self.seat is not None:
            self.seat.lang = lang
        # (the login's banner said there is no account of that name yet: not said twice)
        say(lang.text(N_("Welcome to {server}."), server=server.config.server.name))
        password: str | None = None
        key: tuple[bytes, str] | None = None
        if method == "key":
            fingerprint = str(secret.get_fingerprint())
            question = lang.text(
                N_(
                    "Make the account {player}, logging in with this SSH key (its fingerprint ends in {end})? yes or no"
                ),
                player=name,
                end=fingerprint[-6:],
            )
            answer = await self.ask(question)
            # Enter alone (as a new player may press at first) asks again; any other line that is
            # neither yes nor no (help, say) says what the question wants and asks again
            while answer is not None and yes_or_no(answer, lang) is None:
                if answer.strip():
                    say(lang._(N_("Type yes to make the account, or no to leave without one.")))
                answer = await self.ask(question)
            if answer is None or not yes_or_no(answer, lang):
                say(lang._(N_("No account was made; goodbye.")))
                return None
            key = (bytes(secret.public_data), fingerprint)
        else:
            typed = str(secret)  # (the login refused one too short)
            again = await self.ask(
                lang.text(
                    N_("Make the account {player} with the password you just typed? Type it again to be sure:"),
                    player=name,
                ),
                hidden=True,
            )
            if again is None:
                return None
            if again != typed:
                say(lang._(N_("The two passwords differ; no account was made. Log in again to try once more.")))
                return None
            try:
                password = await server.hasher.hash(typed)
            except PasswordTooLong as e:
                say(lang.msg(e.args[0]))
                return None
        if server.rates.signup(address) != "ok":
            say(lang.msg(server.rates.signup_refusal()))
            return None
        verbosity = verbosity_of(str(env.get("A11Y_DOMINION_VERBOSITY", ""))) or await ask_verbosity(
            say, self._read, lang
        )
        if verbosity is None:
            return None
        settings = {"language": code, "verbosity": verbosity}
        try:
            account = await server.store.add_account(name, password=password, key=key)
        except StoreError as e:
            say(lang.msg(e.args[0]))
            return None
        await server.store.set_settings(account.id, settings)
        await server.store.logged_in(account.id, address, True)
        found = await server.store.account_by_id(account.id)
        return found or account


async def serve_session(server: GameServer, process: Any) -> None:
    """One SSH session (``process``: asyncssh's process) on ``server``, to its end: ``join``'s
    (the SSH command ``seat-protocol``) is a :class:`~.joined.JoinSession`, any other a
    :class:`ServerSession`."""
    if process.command == PROTOCOL_COMMAND and process.subsystem is None:
        from .joined import JoinSession

        await JoinSession(server, process).run()
        return
    await ServerSession(server, process).run()
