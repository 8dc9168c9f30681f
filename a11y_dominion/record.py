"""Game records: the setup, the seed and every answer, replayable.

A record replays to the identical event stream (the engine is seeded and
pure), so it serves as the save file, for resuming after a crash, and for
undo. :func:`load_record` validates a parsed save file and raises
:class:`RecordError` with one sentence when it is corrupt.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from .files import FileError, has_control, parse_json, shown_name
from .rules.decisions import IllegalAnswer, Move, Msg, Option
from .rules.game import Game, GameConfig, SetupError

FORMAT = "a11y-dominion-record"
VERSION = 2
READS = (1, 2)  # version 1 wrote turn moves as text ("play:Villa"), version 2 as objects


class RecordError(ValueError):
    """A save file or record that cannot be loaded; one sentence."""


def answer_data(answer: Sequence[Option]) -> list[str | dict[str, Any]]:
    """One answer as JSON-ready data: option keys as they are, turn moves as objects."""
    return [a.to_dict() if isinstance(a, Move) else a for a in answer]


def make_record(game: Game, seats: list[list[Any]] | None = None) -> dict[str, Any]:
    """The JSON-ready record of ``game``: config, seats and answers so far, and
    ``position``, the scenario ``state`` object the game was built from, when
    it was built from one (a record without it starts as a real game does)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "config": game.config.to_dict(),
        "obelisk": game.setup_choices.get("Obelisk"),
        "seats": seats or [],
        "answers": [answer_data(a) for a in game.answers],
    }
    if game.position is not None:
        record["position"] = copy.deepcopy(game.position)
    return record


class Step(NamedTuple):
    """One answer of a replayed game: who gave it (``player``), during which
    turn (``turn``, the game's count, and ``turn_player``), and ``log``, the
    length of the game's log before it."""

    player: str
    turn: int
    turn_player: str
    log: int


def replay(record: dict[str, Any], steps: list[Step] | None = None) -> Game:
    """Rebuild a game from a record by answering every recorded decision.

    With ``steps`` (a list), one :class:`Step` per answer is appended to it:
    who answered, in whose turn, and where in the game's log the answer's
    events begin. Raises :class:`RecordError` when the record does not fit the game.
    """
    cfg = record.get("config")
    damaged = RecordError(Msg("The saved game's setup is damaged: its players, Kingdom or seed cannot be read."))
    if not isinstance(cfg, dict):
        raise damaged
    lists: list[Any] = [cfg.get("players"), cfg.get("kingdom"), cfg.get("events", []), cfg.get("landmarks", [])]
    if not all(isinstance(x, list) and all(isinstance(v, str) for v in x) for x in lists):
        raise damaged
    players, kingdom, events, landmarks = lists  # lists of names, as checked
    for name in players:
        if has_control(name):
            raise RecordError(
                Msg(
                    "The saved game's player name {name} (in players) holds control, escape or formatting "
                    "characters, which a name cannot have.",
                    name=shown_name(name, 40),
                )
            )
    seed = cfg.get("seed", 0)
    obelisk = record.get("obelisk")
    if not isinstance(seed, int) or isinstance(seed, bool) or not (obelisk is None or isinstance(obelisk, str)):
        raise damaged
    if record.get("position") is not None:
        game = _position_game(players, kingdom, events, landmarks, seed, obelisk, record["position"])
    else:
        try:
            config = GameConfig(players, kingdom, events, landmarks, seed)
            game = Game(config, setup_choices={"Obelisk": obelisk} if obelisk is not None else None)
        except SetupError as e:
            error = shown_name(str(e), 300)
            raise RecordError(Msg("The saved game's setup is damaged: {error}", error=error)) from None
    game.start()
    for i, ans in enumerate(record.get("answers", [])):
        if game.pending is None:
            raise RecordError(Msg("The saved game has answers after its end (answer {number}).", number=i + 1))
        if not isinstance(ans, list) or not all(isinstance(a, (str, dict)) for a in ans):
            raise RecordError(Msg("Answer {number} in the saved game is damaged.", number=i + 1))
        if steps is not None:
            steps.append(Step(game.pending.player, game.turn.number, game.current.name, len(game.log)))
        try:
            game.answer(ans)
        except IllegalAnswer:
            raise RecordError(
                Msg("Answer {number} in the saved game does not fit the game; the file is damaged.", number=i + 1)
            ) from None
    return game


def _position_game(
    players: list[str],
    kingdom: list[str],
    events: list[str],
    landmarks: list[str],
    seed: int,
    obelisk: str | None,
    position: object,
) -> Game:
    """The game at a record's scenario position, built as the scenario file built it
    (:func:`~a11y_dominion.scenario.build_position`, with its checks). Raises
    :class:`RecordError` with one sentence when the position is damaged."""
    from .rules.cards import pile_name_for
    from .scenario import ScenarioError, build_position

    if not isinstance(position, dict):
        raise RecordError(Msg("The saved game's position is damaged: it must be an object."))
    marked = position.get("obelisk")
    if obelisk != (pile_name_for(marked) if isinstance(marked, str) else None):
        raise RecordError(Msg("The saved game's position is damaged: its Obelisk pile does not match the position."))
    data = {
        "players": players,
        "kingdom": kingdom,
        "events": events,
        "landmarks": landmarks,
        "seed": seed,
        "state": position,
    }
    try:
        return build_position(data)
    except ScenarioError as e:
        raise RecordError(Msg("The saved game's position is damaged: {error}", error=shown_name(str(e), 300))) from None


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text."""
    return json.dumps(record, indent=1)


def versions(reads: Sequence[int]) -> Msg | str:
    """The version numbers ``reads`` (whole numbers) as said in a sentence, "1 or 2" (in Dutch
    "1 of 2"): a :class:`Msg` for two or more, the number's text for one."""
    if len(reads) == 1:
        return str(reads[0])
    return Msg("{first} or {last}", first=", ".join(map(str, reads[:-1])), last=str(reads[-1]))


def _ours() -> Msg | str:
    return versions(READS)


def load_record(text: str | bytes | memoryview) -> dict[str, Any]:
    """Parse and check save-file text (a str, or its UTF-8 bytes); returns the record dict.

    Raises :class:`RecordError` for anything that is not a valid record.
    """
    try:
        data = parse_json(text, "save file")
    except FileError as e:
        raise RecordError(e.args[0]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(Msg("This file is not an a11y-dominion saved game."))
    version = data.get("version")
    if "version" not in data:
        raise RecordError(Msg("The saved game has no version number; this program reads version {ours}.", ours=_ours()))
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(Msg("The saved game's version must be a whole number, such as {ours}.", ours=_ours()))
    if version not in READS:
        raise RecordError(
            Msg(
                "The saved game has version {version}; this program reads version {ours}.",
                version=version,
                ours=_ours(),
            )
        )
    if not isinstance(data.get("config"), dict) or not isinstance(data.get("answers"), list):
        raise RecordError(Msg("The saved game is missing its setup or its answers."))
    return data
