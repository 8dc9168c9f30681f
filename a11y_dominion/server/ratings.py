"""Ratings of the server's players, with openskill's Plackett-Luce model (a free-for-all of
any number of players, ties included).

A finished game's :class:`Standing` rows (one a seat) give each seat its place
(:func:`places`: the score, then fewer turns, ties sharing a place, as
:meth:`~a11y_dominion.rules.scoring.Scoring.current_winners` decides the winners). The rating
ranks are those places among the people only (:func:`rating_ranks`): bots are left out, since
their strength is fixed and rating against them would let anyone farm points, and a game of
fewer than 2 people is not rated. A seat an account holds is that person's even when its
stand-in bot played some or all of its turns, so leaving a losing game does not pay.

The shown rating is openskill's ordinal, ``mu - 3 * sigma``: 0.0 for a new account.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from ..rules.game import Game

PERSON = "person"
"""The ``kind`` of a seat an account holds (any other kind is a bot's)."""

PROVISIONAL_GAMES = 5
"""An account with fewer rated games than this is listed as provisional."""

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """An account's rating: openskill's ``mu`` and ``sigma`` (its uncertainty)."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating players hear: ``mu - 3 * sigma`` (0.0 for a new account)."""
        return self.mu - 3 * self.sigma


NEW = Rating(_MODEL.mu, _MODEL.sigma)
"""The rating of an account before its first rated game (mu 25, sigma 25/3)."""


@dataclass(frozen=True)
class Standing:
    """One seat at a game's end: its ``seat`` (0-based, the game's order), the player's
    ``name`` in the game, the ``account`` holding it (None for a bot), its ``kind``
    (:data:`PERSON`, or the bot kind), its final ``score`` in VP and the ``turns`` it took."""

    seat: int
    name: str
    account: int | None
    kind: str
    score: int
    turns: int

    @property
    def person(self) -> bool:
        """Whether an account holds the seat (its stand-in may have played for it)."""
        return self.kind == PERSON and self.account is not None


def standings_of(game: Game, holders: Sequence[tuple[int | None, str]]) -> list[Standing]:
    """The standings of the ended ``game``, one a player in its order: ``holders[i]`` is
    the ``(account, kind)`` of seat ``i`` (an account and :data:`PERSON` for a person's
    seat, its stand-in's turns included; None and the bot kind for a bot's). Raises
    ValueError when ``holders`` and the players differ in number."""
    scores = game.scores()
    return [
        Standing(seat, player.name, account, kind, scores[player.name], player.turns_taken)
        for seat, (player, (account, kind)) in enumerate(zip(game.players, holders, strict=True))
    ]


def places(standings: Sequence[Standing]) -> list[int]:
    """Each standing's place, in the order given (1 = won): the higher score first, then
    fewer turns; players equal in both share a place, and the next place counts them
    (scores 30, 25, 25, 20 with equal turns give 1, 2, 2, 4)."""
    keys = [(-s.score, s.turns) for s in standings]
    return [1 + sum(other < key for other in keys) for key in keys]


def rating_ranks(standings: Sequence[Standing]) -> dict[int, int] | None:
    """The rank of each person's account among the people only (1 = best, ties shared),
    by account number; None when fewer than 2 people played (the game is not rated).

    Raises ValueError when one account holds two seats."""
    people = [s for s in standings if s.person]
    accounts = [s.account for s in people]
    if len(set(accounts)) != len(accounts):
        raise ValueError("one account holds two seats of the game")
    if len(people) < 2:
        return None
    return {int(s.account or 0): place for s, place in zip(people, places(people), strict=True)}


def rate(before: Mapping[int, Rating | None], ranks: Mapping[int, int]) -> dict[int, Rating]:
    """The new rating of each account of ``ranks`` (account -> rank, 1 = best, ties
    shared), from its rating ``before`` (None or missing: :data:`NEW`), by openskill's
    Plackett-Luce model. Raises ValueError for fewer than 2 accounts."""
    if len(ranks) < 2:
        raise ValueError("a rated game needs at least 2 people")
    accounts = list(ranks)
    teams = []
    for account in accounts:
        old = before.get(account) or NEW
        teams.append([_MODEL.rating(mu=old.mu, sigma=old.sigma)])
    rated = _MODEL.rate(teams, ranks=[float(ranks[a]) for a in accounts])
    return {a: Rating(float(team[0].mu), float(team[0].sigma)) for a, team in zip(accounts, rated, strict=True)}
