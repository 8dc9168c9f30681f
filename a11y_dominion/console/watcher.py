"""A person watching a game: only what every player may know, never a hand.

:class:`Watcher` is the :class:`~.narration.Narration` of nobody's seat (``name`` None): the
table's events come to it redacted for no seat (:func:`~a11y_dominion.view.redact_all` with
None: every card name of an event private to a player is hidden, a private note dropped),
narrated in the watcher's own language and verbosity. Its queries read :func:`public_view`:
the turn player's view without the hand, the discard pile or the cards set aside. ``hand``,
``hint`` and every move are refused in one sentence; ``leave`` or ``quit`` ends watching.

One watcher serves both places a game is watched: a table's game on the server
(:class:`~a11y_dominion.server.watch.WatchSeat`) and a game of bots only at this keyboard
(:mod:`.watched`). What differs is passed in by the end: the commands it answers itself
(``own``: help and say on the server; help, say and settings at the keyboard) and how the
commands' context fits it (``fit``: this keyboard's settings, screen and speech).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import N_, Language
from ..remote.seat import typed_line
from ..rules.events import TurnStarted
from ..rules.game import Game
from ..view import PlayerView, player_view, redact_all
from .commands import COMMANDS, CommandState, Ctx, Prefs, SeatPort, command_for
from .narration import Narration

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

__all__ = ["LEAVE_WORDS", "WATCH_COMMANDS", "Watcher", "public_view"]


def public_view(game: Game) -> PlayerView:
    """What every player may know of ``game`` now, as a :class:`~a11y_dominion.view.PlayerView`:
    the view of the player whose turn it is (``seat``) with its ``hand``, ``discard`` and
    ``set_aside`` empty; the scores are in it (public, as every gain and trash is)."""
    view = player_view(game, game.players[game.turn.player].name)
    return dataclasses.replace(view, hand=[], discard=[], set_aside=[])


class _Lines:
    """A watcher's screen for the commands, unless its end has another: plain lines."""

    plain = True

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say

    def supply_table(self, view: PlayerView) -> None:
        """Never drawn: plain lines."""


class _NoSettings:
    """A watcher's settings, unless its end has others: none changes here (on the server they
    are the account's, changed in the lobby)."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang

    def change(self, key: str, value: Any) -> str | None:
        return self.lang._(PLAYERS_ONLY)

    def keep(self, key: str, value: Any) -> str:
        return ""


def _nothing() -> None:
    return None


def _as_it_is(ctx: Ctx) -> Ctx:
    return ctx


class Watcher:
    """One person watching the game of ``room`` (a :class:`~a11y_dominion.remote.room.TableRoom`)
    in ``lang`` at ``verbosity`` (terse, normal or verbose; ValueError otherwise); each line of
    its own goes to ``send(text)`` (one line, no line feed).

    What the end it watches at gives it: ``own``, the commands (English command words, ``""``
    for an empty line) the end answers itself, each called with the rest of the line typed;
    ``fit``, how a command's context (:meth:`ctx`) fits the end (its settings, screen and
    speech; as it is, plain lines to ``send`` and no setting changed); ``line`` and
    ``speaker``, how the narration prints and speaks (``send`` and no speech unless given).

    :meth:`hear` narrates what happened since the last events told (the table calls it after
    each delivery, :attr:`~a11y_dominion.table.Table.onlookers`); :meth:`undone` tells an undo;
    :meth:`typed` reads a typed line."""

    def __init__(
        self,
        room: Any,
        lang: Language,
        verbosity: str,
        send: Callable[[str], None],
        own: Mapping[str, Callable[[str], object]],
        fit: Callable[[Ctx], Ctx] = _as_it_is,
        line: Callable[[str, str | None], object] | None = None,
        speaker: Any = None,
    ) -> None:
        self.room, self.send, self.own, self.fit = room, send, own, fit

        def plain(text: str, style: str | None = None) -> None:
            send(text)

        # come in the middle of a turn (arrived, or a resumed game), the rest of it is told as a turn is
        game = room.table.game
        current = game.current.name if any(isinstance(e, TurnStarted) for e in game.log) else None
        self.narration = Narration(
            None, lang=lang, verbosity=verbosity, speaker=speaker, print_fn=line or plain, current=current
        )
        self.narration.at_keyboard = True  # every sentence is said at once
        self.narration.meet(frozenset(room.people))
        self.told = 0  # how far into the game's log this watcher was told
        self.ended = False  # the final scores were told: nothing more is
        self.state = CommandState()

    @property
    def lang(self) -> Language:
        """The watcher's language."""
        return self.narration.lang

    # ------------------------------------------------------------ what the watcher hears
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
        """Read one typed line: ``"quit"`` for leave or quit (watching ends), else None after
        the answer: the end's own command's (``own``), a query's lines, or one sentence
        refusing it. After the final scores, the table's wait starts again, as at a player's line."""
        line = typed_line(text)
        if self.room.over:  # after the final scores a watcher's typing keeps the table, as a player's does
            self.room.typed()
        word, _, rest = line.partition(" ")
        if word.casefold() in LEAVE_WORDS:
            return "quit"
        command = command_for(word) if word else ""
        if command == "quit":
            return "quit"
        answer = None if command is None else self.own.get(command)
        if answer is not None:
            answer(rest)
        elif not word:
            return None
        elif command == "hand":
            self.send(self.lang._(NO_HAND))
        elif command in WATCH_COMMANDS:
            COMMANDS[command](self.ctx(), rest.strip())
        else:
            self.send(self.lang._(PLAYERS_ONLY))
        return None

    def ctx(self) -> Ctx:
        """What a command typed here reads: the public view, asked about the player whose turn
        it is (so it reads "Ann has ...", never "You"), and the watcher's own history, as the
        end fits it (``fit``)."""
        view = public_view(self.room.table.game)
        lang = self.lang
        return self.fit(
            Ctx(
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
        )

    def lines(self, texts: list[str]) -> None:
        """Send each of ``texts`` as a line."""
        for text in texts:
            self.send(text)
