"""A ``join`` login on the server: the lobby and the tables over the seat protocol.

``a11y-dominion join`` names itself in its SSH version line (:data:`JOIN_CLIENT`) and asks
for the SSH command :data:`~a11y_dominion.remote.protocol.COMMAND`. Its session here is a
:class:`JoinSession`: JSON lines both ways, as at a ``host``, with the lobby added
within version 2 of the seat protocol:

- first ``settings`` (the session's language and verbosity: the account's, unless the program
  named a language in its environment, ``--lang``), for the program's own lines to follow them;
- then ``hello`` with ``"lobby": true`` and the server's name (no seat, no players);
- the player's program sends each line typed in the lobby, or while watching, as
  ``{"type": "lobby", "text": LINE}``; the server answers it as it answers a line typed at an
  ssh session, with ``text`` messages, in the player's language; an empty text (the player
  pressed Ctrl+C) cancels the lobby's question ("Log out? yes or no") and is nothing else;
- when the player sits at a started table, the table's seat protocol follows as a ``host``
  sends it (its own ``hello``, with the table's number as ``"table": N``, then ``story``,
  ``events``, ``decide``...), and the program answers
  with the seat's messages (``answer``, ``view``, ``say``, ``undo``, ``export``, ``leave``);
  a ``lobby`` message there is a lobby command typed at the table (``who``, ``tell``, ``tables``);
- ``{"type": "lobby"}`` from the server says the seat's session is over (the player left,
  or the game ended and the table closed): lines typed are the lobby's again;
- ``leave`` in the lobby logs out;
- ``{"type": "settings", "language": CODE}``: the player chose the language with the game's
  ``settings`` at a table's seat; the lobby answers in it for the rest of the session, as at an
  ssh seat (the account's own settings stay).

Nothing received is trusted: a line over :data:`~a11y_dominion.remote.protocol.MAX_MESSAGE`
bytes is dropped as it comes, a line's nesting is bounded, at most
:data:`~a11y_dominion.remote.protocol.LINES_PER_SECOND` messages a second are read (the
first of a flood answered with ``too-fast``), and a lobby line counts against the
account's lines a second, as a typed line does; the lobby cleans what it says of another's
text. A login with an older ``join`` (another SSH version line) gets ``hello`` and the
``error`` ``seat-taken`` whose sentence says to update it or log in with ssh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import N_, Language
from ..remote.coalesce import Coalesced
from ..remote.protocol import (
    ENV_LANGUAGE,
    ENV_VERBOSITY,
    JOIN_CLIENT,
    LINES_PER_SECOND,
    PROTOCOL_VERSION,
    Rate,
    TooLong,
    encode,
    lines_of,
    read_line,
    sentence,
    settings_language,
)
from ..remote.seatlink import WireLink
from ..rules.decisions import Msg
from .lobby import Person, lobby_command, logged_in
from .store import Account
from .words import parse

if TYPE_CHECKING:
    from .ssh import GameServer

MAX_LOBBY_LINE = 1000
"""Characters of a lobby line that are read; the rest is cut off (as a typed line at ssh)."""

SEAT_TYPES = ("answer", "view", "say", "undo", "export", "leave")
"""The messages of a table's seat (read by its :class:`~a11y_dominion.remote.protocol.ProtocolOutlet`)."""

ERRORS = {
    "bad-lobby": N_("The text of a lobby message is the line typed, as a string."),
    "not-seated": N_("You sit at no table now; that message is for a table's seat. Type help for the lobby."),
    "unknown-lobby-type": N_(
        "{type} is not a message type here; the types are lobby, settings and leave, and at a table's seat "
        "answer, view, say, undo and export too."
    ),
}


def is_join(client_version: str | None) -> bool:
    """Whether an SSH client's version line (``SSH-2.0-...``) is that of a ``join`` that plays at
    the server (:data:`~a11y_dominion.remote.protocol.JOIN_CLIENT`, ``SSH-2.0-a11y_dominion_join_VERSION``):
    the server serves it the lobby, and refuses a new name before any password is asked (sign-up
    is at an ssh login)."""
    software = (client_version or "").split(" ", 1)[0]
    return software.startswith("SSH-2.0-") and JOIN_CLIENT in software


def where(process: Any, name: str) -> dict[str, Any]:
    """The fields of the sentence that names the ssh login to use instead: the server's address
    and port as the client reached them, and ``name``."""
    local = process.get_extra_info("sockname") or ("", 0)
    host, port = str(local[0]), int(local[1])
    return {"port": port, "player": name, "host": f"[{host}]" if ":" in host else host}


class JoinSession:
    """One ``join`` login to ``server`` (a :class:`~.ssh.GameServer`) over ``process`` (asyncssh's
    process of the SSH command ``seat-protocol``): the lobby's lines, a table's seat or a
    watched game (see the module's text). It is the :class:`~.tables.SeatHolder` of its
    :class:`~.lobby.Person`, as an ssh session is."""

    def __init__(self, server: GameServer, process: Any) -> None:
        self.server = server
        self.process = process
        self.name = str(process.get_extra_info("username") or "")
        self.address = str(process.get_extra_info("address") or "?")
        self.account: int | None = None
        self.person: Person | None = None
        self.lang = Language("en")
        self.held: WireLink | None = None  # the table's seat while the session sits there
        self.table_number: int | None = None
        self.watching: Any = None  # the WatchSeat its lobby lines go to while it watches
        self.logging_out = False  # "Log out? yes or no" was asked: the next lobby line answers it
        self.ended = False
        self.rate = Rate(LINES_PER_SECOND)
        self._out = Coalesced(self._send)  # what is written to the program in this step of the loop
        env = process.env or {}
        self.language = env.get(ENV_LANGUAGE) if isinstance(env.get(ENV_LANGUAGE), str) else None
        self.verbosity = env.get(ENV_VERBOSITY) if isinstance(env.get(ENV_VERBOSITY), str) else None

    # ------------------------------------------------------------ output
    def _write(self, text: str) -> None:
        """``text`` to the program, with the rest of this step of the event loop's in one write
        (one SSH packet, :mod:`~..remote.coalesce`)."""
        if not self.ended:
            self._out.write(text)

    def _send(self, text: str) -> None:
        try:
            self.process.stdout.write(text)
        except Exception:  # noqa: BLE001 - the client went meanwhile
            self.ended = True

    def send(self, message: dict[str, Any]) -> None:
        """One message to the program."""
        self._write(encode(message))

    def settings_changed(self, language: str, verbosity: str) -> None:
        """The account's language or verbosity changed (``settings`` in the lobby): the program,
        which narrates the tables on the player's computer, is told to follow (``settings``)."""
        self.lang, self.language = Language(language), language
        self.send({"type": "settings", "language": language, "verbosity": verbosity})

    def say(self, text: str, last: bool = False) -> None:
        """One line to the player (``last``: the session ends after it)."""
        self.send({"type": "text", "text": text, **({"last": True} if last else {})})

    def error(self, code: str, **fields: Any) -> None:
        """The ``error`` ``code`` (one of :data:`ERRORS`, else the protocol's) with its sentence."""
        from ..remote.protocol import ERRORS as SEAT_ERRORS

        message = Msg(ERRORS.get(code) or SEAT_ERRORS[code], **fields)
        self.send({"type": "error", "error": code, **sentence(message)})

    def goodbye(self, sentence: str, **fields: object) -> None:
        """Say ``sentence`` (an English template, filled with ``fields``) in the player's language
        as the session's last line, and end the session."""
        lang = self.person.lang if self.person is not None else self.lang
        self.say(lang.text(sentence, **fields), last=True)
        self.exit(0)

    def exit(self, status: int = 0) -> None:
        """End the session (its channel closes; a seat it holds waits for the player)."""
        if self.held is not None:
            link, self.held = self.held, None
            link.on_exit = None
            link.close()  # (the table hears the player go, as a broken connection)
        if self.ended:
            return
        self.ended = True
        self._out.flush()  # (before the channel closes)
        try:
            self.process.exit(status)
        except Exception:  # noqa: BLE001 - the channel already went
            pass

    async def ask(self, text: str, hidden: bool = False) -> str | None:
        """A question of the lobby's (``account password``): not over join, which says so."""
        lang = self.person.lang if self.person is not None else self.lang
        self.say(lang._(N_("Log in with ssh to change your password.")))
        return None

    # ------------------------------------------------------------ the table's seat (SeatHolder)
    def take_seat(self, room: Any, name: str, number: int) -> None:
        """Sit at the seat ``name`` of ``room``, the table numbered ``number``: its seat protocol
        goes to the program from now on (its ``hello`` first)."""
        if self.watching is not None:
            self.watching = None
        old, self.held = self.held, None
        if old is not None:
            old.on_exit = None
            old.close()
        link = WireLink(room, name, self._write, self.language, self.verbosity, number)
        link.on_exit = self._taken_over
        self.table_number = number
        if link.open():
            self.held = link
        else:
            self.send({"type": "lobby"})

    def _taken_over(self) -> None:
        """The table ended this seat's session (a newer login of the account took the seat): as at
        an ssh session, this session ends (the table said why)."""
        self.held = None
        self.exit(0)

    def watch(self, watcher: Any) -> None:
        """Watch a game: lobby lines go to ``watcher`` (a :class:`~.watch.WatchSeat`)."""
        self.watching = watcher

    def to_lobby(self) -> None:
        """Stand up from the table's seat, or stop watching: the program hears ``lobby``, and
        lines are the lobby's again."""
        self.watching = None
        link, self.held = self.held, None
        self.table_number = None
        if link is not None:
            link.on_exit = None
            link.exit()  # (the table was told already whether the player left)
            self.send({"type": "lobby"})

    # ------------------------------------------------------------ the session
    async def run(self) -> None:
        """The session, from the login to its end."""
        process = self.process
        account: Account | None = process.get_extra_info("account")
        if not is_join(str(process.get_extra_info("client_version") or "")) or account is None:
            self._older_join(account)
            return
        self.server.sessions.add(self)
        try:
            await self._lobby(account)
        except Exception as e:  # noqa: BLE001 - the server goes on
            self.server.fault(self.name, e)
        finally:
            self.server.sessions.discard(self)
            self.exit(0)

    def _older_join(self, account: Account | None) -> None:
        """A ``join`` older than the lobby (another SSH version line), or a login without an
        account: ``hello``, then the ``error`` ``seat-taken`` (its program says the sentence and
        ends with exit code 2), whose sentence says how to play here."""
        name = account.name if account is not None else self.name
        if account is None:
            said = Msg(
                "There is no account named {player} here yet; make it with ssh first, then join plays here: "
                "ssh -p {port} {player}@{host}.",
                **where(self.process, name),
            )
        else:
            said = Msg(
                "This server needs a newer a11y-dominion join; update it, or log in with ssh: "
                "ssh -p {port} {player}@{host}.",
                **where(self.process, name),
            )
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "seat": name, "players": [], "people": []})
        self.send({"type": "error", "error": "seat-taken", **sentence(said)})
        self.exit(1)

    async def _lobby(self, account: Account) -> None:
        server = self.server
        person = logged_in(account, self.say, self, self.language or "", self.verbosity or "")
        self.person, self.name, self.account, self.lang = person, account.name, account.id, person.lang
        self.language = person.lang.code  # (the account's, unless the program named one: its tables' too)
        await server.store.logged_in(account.id, self.address, True)
        server.note(N_("{player} logged in from {address}."), player=account.name, address=self.address)
        # the program speaks in the session's language and verbosity from its first line (its greeting at hello)
        self.send({"type": "settings", "language": person.lang.code, "verbosity": person.verbosity})
        self.send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "seat": account.name,
                "players": [],
                "people": [],
                "lobby": True,
                "server": server.config.server.name,
            }
        )
        lobby = server.lobby
        lobby.arrive(person)
        try:
            lang, say = person.lang, person.send  # (the lobby's lines, kept for repeat)
            say(lang.text(N_("Welcome back, {player}. Type help for the lobby's commands."), player=person.name))
            here = len(lobby.names())
            say(lang.text(N_("{server}: {n:1 person|{n} people} here."), server=server.config.server.name, n=here))
            if server.config.server.motd:
                say(server.config.server.motd)
            server.tables.waiting(person)
            await self._read(person)
        finally:
            lobby.leave(person)
            if not server.tables.stopping:
                lobby.logged(person, came=False)
            if self.held is not None:  # (the seat waits for the player, as after a broken connection)
                link, self.held = self.held, None
                link.on_exit = None
                link.close()
            server.tables.gone(person)
            server.note(N_("{player} from {address} logged out."), player=account.name, address=self.address)

    async def _read(self, person: Person) -> None:
        """Read the program's lines until it goes, logs out or the session is ended."""
        async for line in lines_of(self.process.stdin):
            if self.ended:
                return
            await self._line(person, line)

    async def _line(self, person: Person, line: str | TooLong) -> None:
        """One line from the program: a lobby line, a message of the seat, or an error. At a
        table's seat every line counts against the seat's rate, as at a ``host``; else against
        the session's."""
        if not isinstance(line, TooLong) and not line.strip():
            return
        held = self.held
        outlet = held.outlet if held is not None else None
        rate = outlet.rate if outlet is not None else self.rate
        message = outlet.read(line) if outlet is not None else read_line(line, rate, self.error)
        if message is None:
            return
        kind = message["type"]
        if held is not None and kind in SEAT_TYPES:
            said = message.get("text")
            if kind == "say" and isinstance(said, str) and said.strip() and not self.server.lobby.may_chat(person):
                return  # (muted, or over the account's chat limit: the lobby said so)
            if held.used(message):  # the player left the table (after the final scores, at once)
                self.server.tables.left_game(person)
            return
        if kind == "settings":
            self._language(person, message)
            return
        if kind == "leave":
            if self.watching is not None:
                self.server.tables.unwatch(person)
                return
            self._log_out(person)
            return
        if kind in SEAT_TYPES:
            self.error("not-seated")
            return
        if kind != "lobby":
            from ..textinput import short

            self.error("unknown-lobby-type", type=short(kind, 40))
            return
        text = message.get("text")
        if set(message) - {"type", "text"} or not isinstance(text, str):
            self.error("bad-lobby")
            return
        rate.give_back()  # (a typed line counts against the account's lines, as at ssh)
        await self._typed(person, text[:MAX_LOBBY_LINE])

    def _language(self, person: Person, message: dict[str, Any]) -> None:
        """``settings`` from the program: the player chose ``language`` (a code) with the game's
        ``settings`` at a table's seat; it is this session's from now on, for the lobby's answers,
        the seat's lines and the seats it takes later, as at an ssh seat; the account's own
        settings stay as they are. Another field or language: the ``error`` ``bad-settings``."""
        from ..i18n import LANGUAGES

        code = settings_language(message)
        if code is None:
            self.error("bad-settings", languages=", ".join(LANGUAGES))
            return
        person.settings = {**person.settings, "language": code}
        self.lang, self.language = person.lang, code
        opened = self.held.opened if self.held is not None and not self.held.closed else None
        if opened is not None and opened.seat.lang.code != code:
            opened.seat.settings(language=code)  # (the history the table keeps for the seat, its lines)

    async def _typed(self, person: Person, text: str) -> None:
        """A line typed in the lobby, at a table's seat (a lobby command) or while watching."""
        from ..i18n import yes_or_no
        from ..remote.seat import typed_line

        server = self.server
        if not server.rates.line_read(person.account, self.address, self.say, person.lang):
            return
        text = typed_line(text)
        if self.logging_out:
            answer = yes_or_no(text, person.lang)
            if answer is None and text.strip():  # a lobby command typed there runs, then the question again
                if parse(text)[0] == "repeat" or await lobby_command(self.server, person, text, self.say) != "quit":
                    person.send(person.lang._(N_("Log out? yes or no")))
                    return
                answer = True  # (quit again: a yes)
            self.logging_out = False
            if answer:
                self._log_out(person)
            else:
                person.send(person.lang._(N_("You stay in the lobby.")))
            return
        if not text:  # (Ctrl+C in the lobby: it cancels a question, and is nothing else)
            return
        if self.watching is not None and self.held is None:
            from .watch import watched_line

            await watched_line(server, person, self.watching, text, self.say, person.lang)
            return
        action = await lobby_command(self.server, person, text, self.say)
        if action == "quit" and self.held is None:
            self.logging_out = True
            person.send(person.lang._(N_("Log out? yes or no")))

    def _log_out(self, person: Person) -> None:
        self.say(person.lang._(N_("You logged out; goodbye.")), last=True)
        self.exit(0)
