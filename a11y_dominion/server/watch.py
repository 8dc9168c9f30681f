"""A watcher of a table's game on the server: only what every player may know.

:class:`WatchSeat` is the console's :class:`~a11y_dominion.console.watcher.Watcher` (the
table's events redacted for no seat, narrated in the watcher's own language and verbosity;
public queries only, ``hand``, ``hint`` and every move refused in one sentence) with what the
server adds: the arrival's lines, ``help`` and ``say`` (which reaches the players and the other
watchers), what a terminal session reads of its seat, and the lobby's commands
(:func:`watched_line`); ``leave`` or ``quit`` goes back to the lobby.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..announcements.words import join_names
from ..console import queries as q
from ..console.watcher import WATCH_COMMANDS, Watcher, public_view
from ..i18n import N_, Language
from ..view import redact_all
from .lobby import tell_cut

WATCH_HELP = N_(
    "Watching, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, landmarks "
    "and events; say TEXT reaches the players and the other watchers; who, tell NAME TEXT and tables work as "
    "in the lobby; leave goes back to the lobby."
)

SETTINGS_IN_LOBBY = N_(
    "Watching, your settings are your account's, changed in the lobby: type leave, then settings terse, for example."
)

__all__ = ["WATCH_COMMANDS", "WatchSeat", "public_view"]


class WatchSeat(Watcher):
    """One person watching the game of ``room`` (a :class:`~a11y_dominion.remote.room.TableRoom`),
    the table numbered ``number``, in ``lang`` at ``verbosity`` (terse, normal or verbose;
    ValueError otherwise); each line goes to ``send(text)`` (one line, no line feed).

    :meth:`arrive` says where the game stands, once; the watcher hears and reads typed lines
    as :class:`~a11y_dominion.console.watcher.Watcher` says, ``help`` said as
    :data:`WATCH_HELP` and ``say TEXT`` reaching the players and the watchers as "``name``,
    watching, says: TEXT"; ``settings`` is told that the account's settings change in the
    lobby (:data:`SETTINGS_IN_LOBBY`), and nothing changes. It also has what a terminal
    session reads of its seat: ``lang``, ``shown_name``, ``awaiting`` (never),
    ``typed_history`` and :meth:`completer`."""

    def __init__(
        self, room: Any, number: int, lang: Language, verbosity: str, send: Callable[[str], None], name: str = ""
    ) -> None:
        from prompt_toolkit.history import InMemoryHistory

        super().__init__(
            room, lang, verbosity, send, own={"help": self.tell_help, "say": self.chat, "settings": self.tell_settings}
        )
        self.name = name  # the watcher's account name, which its say is said with
        self.number = number
        self.shown_name = ""
        self.awaiting = False
        self.typed_history = InMemoryHistory()
        self.display: Any = None
        self.wants_rich = False

    def completer(self) -> Any:
        """Tab completes the commands a watcher has."""
        from prompt_toolkit.completion import WordCompleter

        return WordCompleter([*WATCH_COMMANDS, "say", "who", "tell", "tables", "help", "leave"], ignore_case=True)

    def arrive(self) -> None:
        """Say once where the game stands: who plays, whose turn it is and what its player has in
        play, the scores, and that the game waits for a player who is away; what was
        said of the game so far goes into the history (``log`` and ``repeat`` read it)."""
        game = self.room.table.game
        self.told = len(game.log)
        self.narration.recall(redact_all(game.log, None))
        lang = self.lang
        names = [p.name for p in game.players]
        self.send(
            lang.text(
                N_(
                    "You watch table {number}: {names}. You hear what every player may know, never a hand. "
                    "Type leave to go back."
                ),
                number=self.number,
                names=join_names(names, lang),
            )
        )
        view = public_view(game)
        if game.pending is not None:
            for line in q.where_lines(view, None, lang, hand=False):  # the turn, what is in play
                self.send(line)
        scores = [lang.text(N_("{player} {total} VP"), player=n, total=view.scores[n]["total"]) for n in names]
        self.send(lang.text(N_("Scores now: {scores}."), scores=join_names(scores, lang)))
        waiting = self.room.waits_for_line(lang)
        if waiting is not None:  # (why nothing happens yet)
            self.send(waiting)

    def tell_help(self, rest: str) -> None:
        """``help``: what a watcher may type here (:data:`WATCH_HELP`)."""
        self.send(self.lang._(WATCH_HELP))

    def tell_settings(self, rest: str) -> None:
        """``settings ...``: a watcher's settings are the account's, changed in the lobby
        (:data:`SETTINGS_IN_LOBBY`); nothing changes here."""
        self.send(self.lang._(SETTINGS_IN_LOBBY))

    def chat(self, rest: str) -> None:
        """``say TEXT``: ``rest`` reaches the players and the other watchers (none: one sentence
        of how to say something); a cut line is told so."""
        if not rest.strip():
            self.send(self.lang._(N_("Type say and what to say, for example: say hello.")))
        else:
            self.room.chat(self.name, rest, watching=True)
            tell_cut(rest, self.lang, self.send)


LOBBY_COMMANDS = ("who", "tell", "tables")
"""The lobby's commands a watcher may type, answered by the lobby (as at a table's seat)."""


async def watched_line(server: Any, person: Any, watcher: WatchSeat, line: str, say: Any, lang: Language) -> None:
    """A ``line`` ``person`` typed while watching a game at ``server`` (``watcher``: their
    :class:`WatchSeat`), past the line limit: a ``say`` the lobby refuses
    (:meth:`~.lobby.Lobby.refuses_say`) is dropped; ``who``, ``tell`` and ``tables``
    (:data:`LOBBY_COMMANDS`, in any language) are the lobby's to answer; the watcher reads the
    rest; ``quit`` takes the person back to the lobby. A line that fails inside is logged
    (``server.fault``) and said in one sentence through ``say`` in ``lang``; the session goes on."""
    from .words import parse

    if server.lobby.refuses_say(person, line):
        return
    try:
        if parse(line)[0] in LOBBY_COMMANDS:
            await server.lobby.typed(person, line)
            return
        action = watcher.typed(line)
    except Exception as e:  # noqa: BLE001 - one bad line must not end the session
        server.fault(person.name, e)
        say(lang._(N_("That did not work; type help for the commands.")))
        return
    if action == "quit":
        server.tables.unwatch(person)
