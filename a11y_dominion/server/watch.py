"""A watcher of a table's game on the server: only what every player may know.

:class:`WatchSeat` is the :class:`~a11y_dominion.console.narration.Narration` of nobody's seat
(``name`` None): the table's events come to it redacted for no seat
(:func:`~a11y_dominion.view.redact_all` with None: every card name of an event private to a
player is hidden, a private note dropped), narrated in the watcher's own language and
verbosity. Its queries read :func:`public_view`: the turn player's view without the hand, the
discard pile or the cards set aside. ``hand``, ``hint`` and every move are refused in one
sentence; ``leave`` or ``quit`` goes back to the lobby.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..announcements.words import join_names
from ..console import queries as q
from ..console.commands import COMMANDS, CommandState, Ctx, Prefs, SeatPort, command_for
from ..i18n import N_, Language
from ..remote.seat import typed_line
from ..rules.game import Game
from ..view import PlayerView, player_view, redact_all
from .lobby import tell_cut

WATCH_COMMANDS: tuple[str, ...] = (
    "status",
    "supply",
    "score",
    "log",
    "repeat",
    "previous",
    "next",
    "card",
    "trash",
    "landmarks",
    "events",
)
"""The commands a watcher may type (besides ``help`` and ``leave``): public queries and its history."""

LEAVE_WORDS = ("leave", "weg", "quit", "stoppen", "exit")
"""The words that end watching (English and Dutch)."""

NO_HAND = N_("A watcher has no hand; type status, supply or score to hear the game.")
PLAYERS_ONLY = N_("Only the players can do that; you watch. Type help for what a watcher may type, or leave.")
WATCH_HELP = N_(
    "Watching, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, landmarks "
    "and events; say TEXT reaches the players and the other watchers; who, tell NAME TEXT and tables work as "
    "in the lobby; leave goes back to the lobby."
)

__all__ = ["WATCH_COMMANDS", "WatchSeat", "public_view"]


def public_view(game: Game) -> PlayerView:
    """What every player may know of ``game`` now, as a :class:`~a11y_dominion.view.PlayerView`:
    the view of the player whose turn it is (``seat``) with its ``hand``, ``discard`` and
    ``set_aside`` empty; the scores are in it (public, as every gain and trash is)."""
    view = player_view(game, game.players[game.turn.player].name)
    return dataclasses.replace(view, hand=[], discard=[], set_aside=[])


class _Lines:
    """The watcher's screen for the commands: plain lines."""

    plain = True

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say

    def supply_table(self, view: PlayerView) -> None:
        """Never drawn: a watcher's screen is plain lines."""


class _NoSettings:
    """A watcher's settings are the account's, changed in the lobby."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang

    def change(self, key: str, value: Any) -> str | None:
        return self.lang._(PLAYERS_ONLY)

    def keep(self, key: str, value: Any) -> str:
        return ""


def _nothing() -> None:
    return None


class WatchSeat:
    """One person watching the game of ``room`` (a :class:`~a11y_dominion.remote.room.TableRoom`),
    the table numbered ``number``, in ``lang`` at ``verbosity`` (terse, normal or verbose;
    ValueError otherwise); each line goes to ``send(text)`` (one line, no line feed).

    :meth:`arrive` says where the game stands, once; :meth:`hear` narrates what happened since
    (the table calls it after each delivery, :attr:`~a11y_dominion.table.Table.onlookers`);
    :meth:`typed` reads a typed line; ``say TEXT`` reaches the players and the watchers as
    "``name``, watching, says: TEXT". It also has what a terminal session reads of its seat:
    ``lang``, ``shown_name``, ``awaiting`` (never), ``typed_history`` and :meth:`completer`."""

    def __init__(
        self, room: Any, number: int, lang: Language, verbosity: str, send: Callable[[str], None], name: str = ""
    ) -> None:
        from prompt_toolkit.history import InMemoryHistory

        from ..console.narration import Narration

        self.name = name  # the watcher's account name, which its say is said with
        self.room = room
        self.number = number
        self.send = send

        def line(text: str, style: str | None = None) -> None:
            send(text)

        self.narration = Narration(None, lang=lang, verbosity=verbosity, print_fn=line)
        self.narration.at_keyboard = True  # every sentence is said at once
        self.narration.meet(frozenset(room.people))
        self.told = 0  # how far into the game's log this watcher was told
        self.ended = False  # the final scores were told: nothing more is
        self.state = CommandState()
        self.shown_name = ""
        self.awaiting = False
        self.typed_history = InMemoryHistory()
        self.display: Any = None
        self.wants_rich = False

    @property
    def lang(self) -> Language:
        """The watcher's language."""
        return self.narration.lang

    def completer(self) -> Any:
        """Tab completes the commands a watcher has."""
        from prompt_toolkit.completion import WordCompleter

        return WordCompleter([*WATCH_COMMANDS, "say", "who", "tell", "tables", "help", "leave"], ignore_case=True)

    # ------------------------------------------------------------ what the watcher hears
    def arrive(self) -> None:
        """Say once where the game stands: who plays, whose turn it is, the scores; what was
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
            self.send(q.turn_line(view, None, lang))
        scores = [lang.text(N_("{player} {total} VP"), player=n, total=view.scores[n]["total"]) for n in names]
        self.send(lang.text(N_("Scores now: {scores}."), scores=join_names(scores, lang)))

    def hear(self) -> None:
        """Narrate the game's events since the last ones told, as no seat sees them privately;
        with the game's end, as the players hear it: the final Clean-up's shuffles and draws
        (a hand for a turn that never comes) are left out, and nothing is said after the
        final scores (:func:`~a11y_dominion.announcements.narrator.without_last_draw`)."""
        from ..announcements.narrator import without_last_draw
        from ..rules import events as ev

        log = self.room.table.game.log
        if self.told > len(log):  # (another game went on meanwhile: an undo tells itself)
            self.told = len(log)
        events, self.told = log[self.told :], len(log)
        if self.ended:
            return
        end = next((i for i, e in enumerate(events) if isinstance(e, ev.GameEnded)), None)
        if end is not None:
            self.ended = True
            events = without_last_draw(events[: end + 1])
        if events:
            self.narration.tell(redact_all(events, None))

    def undone(self, player: str, events: list[Any]) -> None:
        """``player`` took back an answer that made ``events`` (all of them, unredacted): said
        as another seat hears it, and the watcher goes on from the game as it stands now."""
        game = self.room.table.game
        self.told = len(game.log)
        self.narration.undone(player, redact_all(events, None), public_view(game))

    # ------------------------------------------------------------ typed lines
    def typed(self, text: str) -> str | None:
        """Read one typed line: ``"quit"`` for leave or quit (the session goes back to the
        lobby), else None after the answer (a query's lines, or one sentence refusing it).
        After the final scores, the table's wait starts again, as at a player's line."""
        line = typed_line(text)
        if self.room.over:  # after the final scores a watcher's typing keeps the table, as a player's does
            self.room.typed()
        word, _, rest = line.partition(" ")
        low = word.casefold()
        if not low:
            return None
        if low in LEAVE_WORDS:
            return "quit"
        command = command_for(word)
        if command == "quit":
            return "quit"
        if command == "help":
            self.send(self.lang._(WATCH_HELP))
        elif command == "hand":
            self.send(self.lang._(NO_HAND))
        elif command == "say":
            if not rest.strip():
                self.send(self.lang._(N_("Type say and what to say, for example: say hello.")))
            else:
                self.room.chat(self.name, rest, watching=True)
                tell_cut(rest, self.lang, self.send)
        elif command in WATCH_COMMANDS:
            COMMANDS[command](self._ctx(), rest.strip())
        else:
            self.send(self.lang._(PLAYERS_ONLY))
        return None

    def _ctx(self) -> Ctx:
        """What a query reads: the public view, asked about the player whose turn it is (so it
        reads "Ann has ...", never "You"), and the watcher's own history."""
        view = public_view(self.room.table.game)
        lang = self.lang
        return Ctx(
            lang=lang,
            seat=None,
            asker=view.seat,
            view=view,
            decision=None,
            history=self.narration.history,
            state=self.state,
            prefs=Prefs(verbosity=self.narration.verbosity, hints=False),
            store=_NoSettings(lang),
            screen=_Lines(self.send),
            speech=None,
            port=SeatPort(options=_nothing, undo=_nothing, quit=_nothing),
            keys_help=lambda lang: [],
            reply=self.lines,
            error=self.send,
            say=self.send,
            help_seat="ssh",
        )

    def lines(self, texts: list[str]) -> None:
        """Send each of ``texts`` as a line."""
        for text in texts:
            self.send(text)


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
