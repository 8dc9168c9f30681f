"""``join`` at a game server: the lobby, the tables and watching, over the one connection.

The server (``a11y-dominion server``) serves ``join`` its lobby over the seat protocol
(:mod:`a11y_dominion.server.joined`): each line the player types in the lobby goes to the
server as a ``lobby`` message and its answers come back as ``text`` lines, said with join's
own speech (:class:`LobbyConsole`), after the prompt "Lobby> " unless join is in screen-reader
mode (:meth:`LobbyConsole.between_prompt`). When the player sits at a started table, the table's seat
protocol comes as from a ``host``, and the console core plays it as at a host
(:class:`TableConsole`, a :class:`~.client.JoinConsole`); the server's ``lobby`` message ends
it, and the lobby's lines follow again. A lobby command typed at the table (``who``, ``tell``,
``tables``) goes to the lobby. Watching a game is the lobby's text: the server narrates only
what every player may know.

:class:`~.joinlink.Link` keeps the connection and puts what the server sends into the lobby's
inbox (:class:`ServerInbox`), or a table's (``("seat", Inbox)`` says that a table's seat begins).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..console.core import MAX_INBOX_BYTES, Inbox
from ..i18n import N_
from .client import JoinConsole
from .protocol import Rate, Received, TooLong, host_entry


def follow_settings(console: JoinConsole, message: dict[str, Any]) -> None:
    """The server's ``settings`` message (the account's language or verbosity changed in the
    lobby): ``console`` speaks and narrates in them from now on, as its own ``settings`` command
    would change them (the server keeps them for the account, this computer's file is left as
    it is). A language or verbosity the game does not know is left out."""
    from ..i18n import LANGUAGES

    language, verbosity = message.get("language"), message.get("verbosity")
    if isinstance(language, str) and language in LANGUAGES and language != console.lang.code:
        tells, console.tells_language = console.tells_language, False  # (the server knows it: nothing is told back)
        try:
            console.store.change("language", language)
        finally:
            console.tells_language = tells
        session = getattr(console.reader, "session", None)
        if isinstance(console, LobbyConsole) and session is not None:
            session.completer = lobby_completer(console)  # Tab's words in the new language
    if verbosity in ("terse", "normal", "verbose") and verbosity != console.holder.verbosity:
        console.store.change("verbosity", verbosity)


SERVER_LINES_PER_SECOND = 200  # lines to show from a game server in any second: a watched game comes as lines


class ServerInbox(Inbox):
    """The lobby's inbox at a game server, into which the connection puts every line: a table's
    seat (its ``hello``) comes as ``("seat", Inbox)`` with the table's own inbox, which takes the
    messages from then on, with this one's rate (:data:`SERVER_LINES_PER_SECOND`, by ``clock``);
    the server's ``lobby`` ends that inbox (``lobby``, then ``("closed", None)``), and lines are
    the lobby's again; so does the session's last line (a ``text`` with ``last``, such as the
    server's stop), which the lobby says and ends with. :meth:`is_full` counts the tables' inboxes too."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        super().__init__(Rate(SERVER_LINES_PER_SECOND, clock))
        self.table: Inbox | None = None  # the seat's inbox, while the server plays a table's seat

    def take(self, line: str | TooLong) -> None:
        entry = self.held(host_entry(line))
        if entry is None:
            return
        kind = entry[1]["type"] if entry[0] == "message" else None
        if kind == "hello" and entry[1].get("lobby") is not True:  # a table's seat: its own inbox
            self.to_lobby()
            self.table = Inbox(self.rate)
            self.put(("seat", self.table))
        elif kind == "lobby":  # the seat's session is over: the lobby's lines again
            self.to_lobby()
            return
        elif kind == "text" and entry[1].get("last") is True:  # the session's last line: said by the lobby,
            self.to_lobby()  # which ends with it, as the whole session does (the seat quietly)
        (self.table or self).put(entry)

    def to_lobby(self) -> None:
        """The table's inbox, when there is one, gets ``lobby`` and its end."""
        if self.table is not None:
            self.table.put(("message", Received({"type": "lobby"})))
            self.table.end()
            self.table = None

    def end(self) -> None:
        self.to_lobby()
        super().end()

    def is_full(self) -> bool:
        """Whether what waits to be used is at its bound: this inbox, the table's, or the tables'
        inboxes waiting in this one (a server that sends seat after seat while none is played),
        :data:`~a11y_dominion.console.core.MAX_INBOX_BYTES` in all."""
        if super().is_full() or (self.table is not None and self.table.is_full()):
            return True
        waiting = [e[1] for e in self.queue if e[0] == "seat" and e[1] is not self.table]
        return bool(waiting) and sum(t.weight for t in waiting) + (self.table or self).weight >= MAX_INBOX_BYTES


class Place:
    """The seat protocol's link of one console over the connection (``link``, a
    :class:`~.joinlink.Link`): the lobby's ``inbox`` or a table's. Nothing it sends ends the
    connection's input: the session goes on in the lobby; :meth:`close` leaves the connection open."""

    def __init__(self, link: Any, inbox: Inbox) -> None:
        self.link = link
        self.inbox = inbox

    def send(self, message: dict[str, Any], last: bool = False) -> None:
        """One message to the server; ``last`` is not kept (``leave`` at a table leaves it, and
        in the lobby logs out: the server ends the session then)."""
        self.link.send(message)

    def close(self) -> None:
        """The console is done with this place (the connection stays)."""


class LobbyConsole(JoinConsole):
    """The lobby at a game server, with the console core's reading of typed lines, its speech
    and its Ctrl+C: every typed line goes to the server (``lobby``), and the server's ``text``
    lines are said. :meth:`run` returns when a table's seat begins (:attr:`seated` holds its
    inbox) or the session ends."""

    seated: Inbox | None = None

    async def run(self) -> int:
        """Read typed lines and say the server's lines until a seat begins (0, with
        :attr:`seated`), the player logs out (0) or the session ends (the exit code: 0 when the
        server said why, else 1)."""
        inbox = self.link.inbox
        self.seated = None
        if self.greeting is not None:  # said at the server's hello
            await inbox.wait()
        while self.exit_code is None:
            entry = inbox.get_nowait()
            if entry is None:
                await self.read_between()
                continue
            if entry[0] == "closed":
                self.greet()
                if not self.ended_told:
                    self.say(self.lang._(N_("The server ended the session.")), keep=False)
                    return 1
                return 0
            if entry[0] == "seat":
                self.seated = entry[1]
                return 0
            if not self.use(entry):
                return self.exit_code or 2
        return self.exit_code

    def receive(self, message: dict[str, Any]) -> bool:
        """Use one message of the lobby's: ``settings`` changes the console's language and
        verbosity (:func:`follow_settings`); the others as at a host."""
        if message.get("type") == "settings":
            follow_settings(self, message)
            return True
        return super().receive(message)

    def between_prompt(self) -> str:
        """The lobby's prompt (also while watching a game, whose lines the lobby reads): none in
        the speech mode ``screen-reader`` (the player's screen reader runs, or they said they use
        one), else "Lobby> " (:func:`~a11y_dominion.server.words.lobby_prompt`); none either once
        the server said why the session ends (its stop), as nothing more is typed here."""
        from ..server.words import lobby_prompt

        if self.ended_told:
            return ""
        return lobby_prompt(self.lang, screen_reader=self.speaker.mode == "screen-reader")

    async def typed_between(self, line: str) -> None:
        """A typed line: to the server's lobby (or the game watched), as it was typed."""
        text = line.strip()
        if text:
            self.link.send({"type": "lobby", "text": text})

    def cleared(self, interrupt: BaseException) -> str:
        """The sentence after Ctrl+C in the lobby: that the line was cleared, and how to log out
        (:func:`~a11y_dominion.server.words.lobby_cleared`)."""
        from ..server.words import lobby_cleared

        return lobby_cleared(interrupt, self.lang)

    def cancel_question(self) -> None:
        """After Ctrl+C in the lobby: the server hears an empty lobby line, which cancels a
        question it asked ("Log out? yes or no") and is nothing else."""
        self.link.send({"type": "lobby", "text": ""})

    async def quit_game(self) -> None:
        """Ctrl+D: as quit typed in the lobby (the server asks first; while watching, it stops)."""
        self.link.send({"type": "lobby", "text": "quit"})

    def leave_now(self) -> None:
        """The end of piped input: log out."""
        self.link.send({"type": "leave"})
        self.exit_code = 0


class TableConsole(JoinConsole):
    """A table's seat at a game server: the console core as at a host, but a lobby command that
    is no command of the game (``who``, ``tell``, ``tables``) goes to the lobby, the server's
    ``lobby`` message ends the seat quietly, and leaving says nothing of its own (the server
    says where the player is)."""

    async def refuse(self, line: str) -> bool:
        """A line typed, at a question or between them: sent to the lobby when it is a lobby
        command the game has not (True then, :func:`~a11y_dominion.server.words.lobby_line_at_table`),
        else the game's."""
        from ..server.words import lobby_line_at_table

        if not lobby_line_at_table(line):
            return False
        self.link.send({"type": "lobby", "text": line.strip()})
        return True

    def receive(self, message: dict[str, Any]) -> bool:
        """Use one message of the table's: the server's hello says the table's number
        (:attr:`table_number`, which quit's question names); the server's ``lobby`` ends the seat quietly."""
        number = message.get("table")
        if message.get("type") == "hello" and isinstance(number, int) and not isinstance(number, bool):
            self.table_number = number
        if message.get("type") == "lobby":  # back in the lobby: the seat ends without a word of its own
            self.over = False
            self.ended_told = True
            return True
        if message.get("type") == "settings":  # (changed by another session of the account)
            follow_settings(self, message)
            return True
        return super().receive(message)

    def leave_now(self) -> None:
        """Leave the table (a yes to quit's question): the server says where the player is now."""
        self.link.send({"type": "leave"})
        self.exit_code = 0

    def leave_after_game(self) -> None:
        """quit after the final scores: back to the lobby at once, as :meth:`leave_now`."""
        self.leave_now()


async def play_server(
    link: Any,
    make: Callable[[type, Place], JoinConsole],
    greeting: Callable[[Any], None],
    interrupted: Callable[[Any], None],
) -> int:
    """Play at the game server of ``link`` (a :class:`~.joinlink.Link`, connected): the lobby,
    then each table's seat, until the player logs out or the session ends. ``make(cls, place)``
    builds a console of the class ``cls`` over ``place`` (with the player's settings, output
    and the one reader of typed lines); ``greeting(console)`` says join's own first lines;
    ``interrupted(console)`` says Ctrl+C between prompts at ``console`` (here :class:`Playing`).
    Returns the exit code."""
    from ..console.completion import DecisionCompleter
    from ..console.core import SEAT_COMMANDS

    lobby = make(LobbyConsole, Place(link, link.inbox))
    assert isinstance(lobby, LobbyConsole)
    lobby.greeting = lambda: greeting(lobby)
    playing = Playing(lobby)
    interrupted(playing)  # Ctrl+C between prompts is said in turn with the lines of the console playing
    session = getattr(lobby.reader, "session", None)  # the line editor's, at a terminal
    if session is not None:
        session.completer = lobby_completer(lobby)
    while True:
        code = await lobby.run()
        seated = lobby.seated
        if seated is None:
            return code
        table = make(TableConsole, Place(link, seated))
        table.greeting = None
        follow_settings(table, {"language": lobby.lang.code, "verbosity": lobby.holder.verbosity})
        playing.console = table
        if session is not None:
            table.completer = session.completer = DecisionCompleter(table.seen, table.lang, commands=SEAT_COMMANDS)
        await table.run()
        follow_settings(lobby, {"language": table.lang.code})  # (a language chosen at the table)
        playing.console = lobby
        if session is not None:
            session.completer = lobby_completer(lobby)
        lobby.exit_code = None


class Playing:
    """The console that reads typed lines now (the lobby's or a table's): its ``link`` and ``lang``."""

    def __init__(self, console: JoinConsole) -> None:
        self.console = console

    @property
    def link(self) -> Any:
        return self.console.link

    @property
    def lang(self) -> Any:
        return self.console.lang


def lobby_completer(console: JoinConsole) -> Any:
    """Tab in the lobby completes the lobby's commands in the player's language (not the
    moderators': a moderator types them whole)."""
    from prompt_toolkit.completion import WordCompleter

    from ..server.words import lobby_words

    return WordCompleter(lobby_words(False, console.lang), ignore_case=True)
