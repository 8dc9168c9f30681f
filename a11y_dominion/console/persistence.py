"""Games kept and read at this computer: a save file read into a game and its seats
(:func:`load_game`, :func:`game_from_record`: ``play --load FILE``, ``load FILE`` and
``resume``), ``undo``'s taking back (:func:`take_back`), and the text of ``export``
(:func:`export_lines`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..announcements.narrator import Narrator, group_names
from ..announcements.words import hand_sorted
from ..bots.kinds import is_bot_kind
from ..files import SAVE_LIMIT, FileError, read_utf8
from ..i18n import N_, Language
from ..record import RecordError, Step, load_record, replay
from ..rules import events as ev
from ..rules.decisions import Msg
from ..seats import bot_options, default_seat_names, rename_seats
from ..strategies import strategy_problem
from ..view import player_view, redact_all

if TYPE_CHECKING:
    from ..rules.game import Game

SeatList = list[tuple[str, str]]
"""A game's seats: (name, kind) of each, in order."""

SEAT_CHOICES = {"language": ("en", "nl"), "verbosity": ("terse", "normal", "verbose")}
KIND_WORDS = (N_("human"), N_("remote"))  # seat kinds in the export and the list of games; bot kinds stay as typed


def load_game(
    path: str,
    seats: Sequence[tuple[str, str]] | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    lang: Language | None = None,
    bots: dict[str, dict[str, int]] | None = None,
) -> tuple[Game, SeatList]:
    """(game, seats) from the save file at ``path``; ``seats`` (a list of (name,
    kind)) is used when the file has no usable seat list of its own. The
    language and verbosity each human seat had when the game was saved are
    added to ``options`` (name -> {"language", "verbosity"}) where it names
    none for that seat. With ``lang``, a seat with a language's default name ("Jij")
    that has no language of its own gets the default name of ``lang`` ("You",
    :func:`~a11y_dominion.seats.default_seat_names`). ``bots``, when given, gets the options
    each bot seat was made with (:func:`~a11y_dominion.seats.bot_options`). Raises
    RecordError with one sentence."""
    try:
        text = read_utf8(path, SAVE_LIMIT)
    except FileError as e:
        raise RecordError(e.args[0]) from None
    record = load_record(text)
    if lang is not None:
        record = rename_seats(record, default_seat_names(record, lang))
    if bots is not None:
        bots.update(bot_options(record))
    return game_from_record(record, seats, options)


def game_from_record(
    record: dict[str, Any],
    seats: Sequence[tuple[str, str]] | None = None,
    options: dict[str, dict[str, Any]] | None = None,
) -> tuple[Game, SeatList]:
    """(game, seats) from a checked record (a save file's, or an autosave's), as
    :func:`load_game` does. Raises RecordError with one sentence."""
    game = replay(record)
    names = list(game.config.players)
    saved = record.get("seats") or []
    try:
        saved_options = {str(e[0]): e[2] for e in saved if len(e) == 3 and isinstance(e[2], dict)}
        saved = [(str(e[0]), _saved_kind(str(e[1]))) for e in saved if 2 <= len(e) <= 3]
    except (TypeError, ValueError, KeyError, IndexError):
        raise RecordError(Msg("The saved game's seat list is damaged.")) from None
    if options is not None:
        for name, opts in saved_options.items():
            mine = options.setdefault(name, {})
            for key in ("language", "verbosity"):
                if opts.get(key) in (SEAT_CHOICES[key]) and not mine.get(key):
                    mine[key] = opts[key]
    if [n for n, _ in saved] == names and all(k == "human" or is_bot_kind(k) for _, k in saved):
        problem = strategy_problem([k for _, k in saved])
        if problem is not None:  # a strategy seat whose file is gone or now damaged
            raise RecordError(problem)
        return game, saved
    if seats is not None and [n for n, _ in seats] == names:
        return game, list(seats)
    raise RecordError(Msg("The saved game is for {players}, and has no usable seat list.", players=", ".join(names)))


def _saved_kind(kind: str) -> str:
    """A saved seat's kind as a seat is made from it: in lower case, but a strategy
    file's path as it was given (a path's case matters on most systems)."""
    return kind if kind.lower().endswith(".toml") else kind.lower()


def undo_refusal(events: list[ev.GameEvent], me: str) -> Msg | None:
    """Why the answers that made ``events`` cannot be taken back by ``me``: the
    first hidden fact they revealed (a draw, a shuffle, a reveal, a look at a
    deck, a private fact), or None when nothing hidden came out. A fact private to ``me`` about
    cards of ``me``'s own hand (their Clean-up discard, before the new hand is drawn) tells
    ``me`` nothing they did not know, and no one else anything."""
    for e in events:
        if e.viewer == me and getattr(e, "player", None) == me and getattr(e, "source", None) == "hand":
            continue
        if isinstance(e, ev.CardsDrawn) and e.count:
            if e.player == me:
                return Msg("You drew cards since then; undo is not possible.")
            return Msg("{player} drew cards since then; undo is not possible.", player=e.player)
        if isinstance(e, ev.DeckShuffled):
            return Msg("A deck was shuffled since then; undo is not possible.")
        if isinstance(e, ev.CardsRevealed):
            return Msg("Cards were revealed since then; undo is not possible.")
        if getattr(e, "source", None) == "deck" and not isinstance(e, ev.CardGained):
            return Msg("Cards from a deck were seen since then; undo is not possible.")
        if e.viewer is not None:
            return Msg("Something hidden was told since then; undo is not possible.")
    return None


class UndoRefused(Exception):
    """Undo is not possible; ``args[0]`` is the :class:`Msg` that says why in one sentence."""


def take_back(record: dict[str, Any], game: Game, me: str) -> tuple[Game, list[ev.GameEvent]]:
    """``me``'s last answer taken back: (the game replayed from ``record``, the
    record of ``game``, without its last answer; the events that answer made).

    The rules of undo: the last answer must be ``me``'s (no other seat answered
    since), given in ``me``'s own turn, which is still going on, and nothing
    hidden came out since (:func:`undo_refusal`). Raises :class:`UndoRefused`
    otherwise, and when the record cannot be replayed."""
    if not record["answers"]:
        raise UndoRefused(Msg("There is nothing to undo yet."))
    steps: list[Step] = []
    try:
        replay(record, steps)
    except RecordError:
        raise UndoRefused(Msg("The game cannot be replayed, so undo is not possible.")) from None
    last = steps[-1]
    if last.player != me:  # another seat's move in its own turn, or its answer to a card in someone's turn
        said = N_("{player} has played since then; undo is not possible.")
        if last.turn_player != last.player:
            said = N_("{player} answered since then; undo is not possible.")
        raise UndoRefused(Msg(said, player=last.player))
    if last.turn_player != me or last.turn != game.turn.number or game.current.name != me:
        raise UndoRefused(Msg("Undo takes back only your answers in your own turn."))
    events = game.log[last.log :]
    why = undo_refusal(events, me)
    if why is not None:
        raise UndoRefused(why)
    shorter = dict(record, answers=record["answers"][:-1])
    try:
        return replay(shorter), events
    except RecordError:
        raise UndoRefused(Msg("The game cannot be replayed, so undo is not possible.")) from None


EXPORT_ALL = ("all", "alles")  # export all: the export's lines printed here, at every seat


def export_here(lines: list[str], lang: Language, over: bool = False) -> list[str]:
    """What ``export all`` prints: a sentence with the count of ``lines`` (str), the game "so
    far" unless it is ``over`` (after the final scores), then the lines."""
    if over:
        said = lang.text(N_("Here is the game as export writes it, {n:1 line|{n} lines}."), n=len(lines))
    else:
        said = lang.text(N_("Here is the game so far as export writes it, {n:1 line|{n} lines}."), n=len(lines))
    return [said, *lines]


def export_lines(
    game: Game, record: dict[str, Any], seat: str | None, kinds: dict[str, str], lang: Language, when: str
) -> list[str]:
    """The game so far as plain lines for ``seat`` (a player's name, or None for the public
    record), what ``export`` writes: a heading (``when``, an ISO date and time; the seed
    once the game is over, never before, as it determines every shuffle;
    the players with their kinds from ``kinds``, name to kind; the Kingdom is the first
    event told), then every event the seat may know (the public record and its own private
    facts), told in ``lang`` by its narrator, one sentence a line, with its own hand at the
    first decision of each of its turns (:func:`turn_hands`, read from ``record``, the
    game's :func:`~a11y_dominion.record.make_record`). Raises nothing."""
    cfg = game.config
    date = when.replace("T", " ")
    lines = [
        # the seed determines every shuffle: told only when the game can no longer be played
        lang.text(N_("a11y-dominion game of {date}, seed {seed}."), date=date, seed=cfg.seed)
        if game.game_over
        else lang.text(N_("a11y-dominion game of {date}."), date=date),
        lang.text(
            N_("Players: {players}."),
            players=", ".join(f"{n} ({lang._(kinds.get(n, 'human'))})" for n in cfg.players),
        ),
    ]
    lines.append("")
    narrator = Narrator(viewer=seat, verbosity="verbose", lang=lang)
    log = redact_all(game.log, seat)
    start = 0
    for at, hand in turn_hands(record, seat, lang):
        lines.extend(narrator.sentences(log[start:at]))
        lines.append(hand)
        start = at
    lines.extend(narrator.sentences(log[start:]))
    return lines


def turn_hands(record: dict[str, Any], seat: str | None, lang: Language) -> list[tuple[int, str]]:
    """(index in the game's log, "Your hand: 2 Coppers and 3 Estates.") at the first decision of
    each of ``seat``'s turns, found by replaying the game's ``record``: the seat's own
    hand, which only its own export tells. Empty for no seat, or a record that
    cannot be replayed."""
    if seat is None:
        return []
    out: list[tuple[int, str]] = []
    seen: set[int] = set()
    try:
        game = replay(dict(record, answers=[]))
        for answer in [*record["answers"], None]:
            d = game.pending
            if d is None:
                break
            if d.kind == "turn" and game.current.name == seat and (key := game.turn.number) not in seen:
                seen.add(key)
                names = group_names(hand_sorted(player_view(game, seat).hand), lang)
                out.append((len(game.log), lang.text(N_("Your hand: {cards}."), cards=names)))
            if answer is None:
                break
            game.answer(answer)
    except (RecordError, ValueError):
        return out
    return out
