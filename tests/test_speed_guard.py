"""Guard for work on speed: seeded bot games give byte for byte the event
stream (whole, and as each seat receives it) and the record they gave
before (digests in ``tests/data/speed_guard.json``).

The games: Big Money mirrors on Basic Intro and random bots on random
Kingdoms (with random Events and Landmarks), for 2, 4 and 6 players, set up
as ``simulate`` sets them up; and groups of seeded games of ``medium`` (and
``easy``, its thinner self) against ``medium`` and ``bmu`` for 2, 3 and 4
players on random Kingdoms, played as ``simulate`` plays them, whose every
answer is held by a digest per group (``medium`` is made faster, never
different). Regenerate the digests only for a change that is meant to change
games: ``python3 tests/test_speed_guard.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.record import dumps, make_record, replay
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import play_bots
from a11y_dominion.simulate import MAX_TURNS
from a11y_dominion.table import TurnLimit, quiet_seat
from a11y_dominion.view import event_data, redact_all

DATA = Path(__file__).with_name("data") / "speed_guard.json"

GAMES = [
    (kind, kingdom, players, seed)
    for kind, kingdom, seeds in (("bigmoney", "basic-intro", (1, 2)), ("random", "random", (1, 2, 3)))
    for players in (2, 4, 6)
    for seed in seeds
]


MEDIUM_GROUPS = [
    (("medium", "medium"), 100),
    (("medium", "bmu"), 40),
    (("bmu", "medium"), 20),
    (("easy", "medium"), 20),
    (("medium", "medium", "medium"), 24),
    (("medium", "bmu", "medium"), 16),
    (("medium", "bmu", "medium", "bmu"), 12),
    (("medium", "medium", "medium", "medium"), 12),
]
"""Groups of ``medium`` games: the bots in seat order, and how many games (seeds 1 to that number)."""


def _digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def play(kind: str, kingdom: str, players: int, seed: int, keep_log: bool = True) -> Game:
    """One seeded bot game, set up as ``simulate`` sets up its games."""
    k, e, lm = choose_setup(kingdom, None, None, seed)
    names = [f"P{i + 1}" for i in range(players)]
    game = Game(GameConfig(names, k, e, lm, seed))
    game.keep_log = keep_log
    problem = play_bots(game, {n: make_bot(kind, seed * 7 + i) for i, n in enumerate(names)}, max_steps=80000)
    assert problem is None, problem
    return game


def digests(game: Game) -> dict:
    """The digests of ``game``: its whole event stream, each seat's redacted stream, its record."""
    out = {
        "log": _digest([event_data(e) for e in game.log]),
        "record": hashlib.sha256(dumps(make_record(game)).encode()).hexdigest(),
    }
    for p in game.players:
        out[p.name] = _digest([event_data(e) for e in redact_all(game.log, p.name)])
    out["decisions"] = _digest(decisions(game))
    out["events"] = len(game.log)
    out["answers"] = len(game.answers)
    return out


def decisions(game: Game, quick: bool = False) -> list:
    """Every decision of ``game`` as a table of people gets it (the game
    replayed from its answers, turn moves listed), as data; with ``quick``
    as a table of bots gets it (moves and prompts made when read)."""
    again = Game(game.config, setup_choices=game.setup_choices)
    again.quick_moves = quick
    d = again.start()
    out = []
    for keys in game.answers:
        out.append(d.to_data())
        d = again.answer(keys)
    assert d is None
    return out


def play_seats(kinds: tuple, seed: int) -> Game:
    """One seeded game of bots of ``kinds`` (in seat order) on a random Kingdom with its
    random Events and Landmarks, set up and played as ``simulate`` plays its games."""
    k, e, lm = choose_setup("random", None, None, seed)
    names = [f"P{i + 1}" for i in range(len(kinds))]
    bots = {f"P{i + 1}": TurnLimit(make_bot(kind, seed * 7 + i), MAX_TURNS) for i, kind in enumerate(kinds)}
    game = Game(GameConfig(names, k, e, lm, seed), keep_log=not all(quiet_seat(b) for b in bots.values()))
    problem = play_bots(game, bots, max_steps=MAX_TURNS * len(kinds) * 200)
    assert problem is None, problem
    return game


def group_digests(kinds: tuple, games: int) -> dict:
    """The digest of every answer of the group's games (their records, in seed order) and their answers' count."""
    records = [dumps(make_record(play_seats(kinds, seed))) for seed in range(1, games + 1)]
    return {
        "answers": sum(len(json.loads(r)["answers"]) for r in records),
        "records": _digest([hashlib.sha256(r.encode()).hexdigest() for r in records]),
    }


def _group_key(kinds: tuple, games: int) -> str:
    return f"{'-'.join(kinds)}/random/{games}games"


def _key(kind: str, kingdom: str, players: int, seed: int) -> str:
    return f"{kind}/{kingdom}/{players}p/seed{seed}"


@pytest.mark.parametrize("kind,kingdom,players,seed", GAMES, ids=[_key(*g) for g in GAMES])
def test_same_games_as_before(kind, kingdom, players, seed):
    expected = json.loads(DATA.read_text())[_key(kind, kingdom, players, seed)]
    game = play(kind, kingdom, players, seed)
    assert digests(game) == expected
    # the record replays to the same stream, decision by decision at a table of people
    again = replay(make_record(game))
    assert _digest([event_data(e) for e in again.log]) == expected["log"]


@pytest.mark.parametrize("kind,kingdom,players,seed", GAMES[::4], ids=[_key(*g) for g in GAMES[::4]])
def test_bots_get_the_same_decisions(kind, kingdom, players, seed):
    """At a table of bots, the decisions (moves listed when read, prompts
    written when read) read the same as at a table of people."""
    expected = json.loads(DATA.read_text())[_key(kind, kingdom, players, seed)]
    assert _digest(decisions(play(kind, kingdom, players, seed), quick=True)) == expected["decisions"]


@pytest.mark.parametrize("kind,kingdom,players,seed", GAMES, ids=[_key(*g) for g in GAMES])
def test_same_games_without_the_log(kind, kingdom, players, seed):
    """A game that keeps no events (``simulate``'s bot games) is the same
    game: the same answers, so the same record, which replays to the events."""
    expected = json.loads(DATA.read_text())[_key(kind, kingdom, players, seed)]
    game = play(kind, kingdom, players, seed, keep_log=False)
    assert game.log == Game(game.config, setup_choices=game.setup_choices).log  # the setup's events only
    assert hashlib.sha256(dumps(make_record(game)).encode()).hexdigest() == expected["record"]
    assert _digest([event_data(e) for e in replay(make_record(game)).log]) == expected["log"]


@pytest.mark.parametrize("kinds,games", MEDIUM_GROUPS, ids=[_group_key(*g) for g in MEDIUM_GROUPS])
def test_medium_answers_as_before(kinds, games):
    """Every answer of seeded games of medium (and easy) against medium and bmu, for 2 to 4
    players on random Kingdoms with Events and Landmarks, is the answer it gave before."""
    expected = json.loads(DATA.read_text())[_group_key(kinds, games)]
    assert group_digests(kinds, games) == expected


def test_simulate_keeps_no_events_of_quiet_bots_only(monkeypatch):
    """simulate keeps no events when no bot hears them, and keeps them for a bot that does (bmu)."""
    from a11y_dominion import simulate as sim

    kept = []
    real = sim.play_bots

    def watched(game, bots, max_steps):
        kept.append(game.keep_log)
        return real(game, bots, max_steps=max_steps)

    monkeypatch.setattr(sim, "play_bots", watched)
    assert not sim.simulate(["bigmoney", "random"], games=1, seed=1)["errors"]
    assert not sim.simulate(["bigmoney", "bmu"], games=1, seed=1)["errors"]
    assert kept == [False, True]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    data = {_key(*g): digests(play(*g)) for g in GAMES}
    data.update({_group_key(*g): group_digests(*g) for g in MEDIUM_GROUPS})
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DATA}")
