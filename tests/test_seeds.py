"""A new game's seed: a short one, said at the start, for a player alone against bots; one
drawn from too many to try when several people share the keyboard (each could otherwise
search for it from the Kingdom and their own hand, and know the others' hands and draws)."""

from __future__ import annotations

import io
import secrets

import pytest

from a11y_dominion.cli import build_parser
from a11y_dominion.console.start import play_setup
from a11y_dominion.seeds import MAX_SEED, SHORT_SEEDS, new_game_seed, unguessable_seed


def test_several_people_at_one_keyboard_get_a_seed_drawn_from_too_many_to_try() -> None:
    asked: list[int] = []

    def draw(n: int) -> int:
        asked.append(n)
        return n - 1

    assert new_game_seed([("Ann", "human"), ("Bea", "human"), ("Bot", "medium")], draw) == MAX_SEED // 2
    assert asked == [MAX_SEED // 2]
    assert unguessable_seed(lambda n: 0) == 1


def test_a_player_alone_against_bots_gets_a_short_seed_and_no_secure_draw() -> None:
    def draw(n: int) -> int:
        raise AssertionError("no secure draw for one person")

    seeds = {new_game_seed([("You", "human"), ("Bot", "medium"), ("Bot 2", "bigmoney")], draw) for _ in range(200)}
    assert all(1 <= seed < SHORT_SEEDS for seed in seeds) and len(seeds) > 1


@pytest.mark.parametrize(
    ("players", "drawn"),
    [("Ann:human,Bea:human", True), ("Ann:human,Bot:medium", False)],
)
def test_the_console_draws_a_shared_keyboards_seed_securely(
    monkeypatch: pytest.MonkeyPatch, players: str, drawn: bool
) -> None:
    monkeypatch.setattr(secrets, "randbelow", lambda n: n - 2)
    args = build_parser().parse_args(["play", "--speech", "off", "--players", players])
    out = io.StringIO()
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int)
    assert (setup.seed == MAX_SEED // 2 - 1) is drawn
    assert (setup.seed < SHORT_SEEDS) is not drawn
