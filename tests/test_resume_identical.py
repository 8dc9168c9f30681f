"""A resumed game goes on exactly as the game that was never stopped, whatever bots play
(every bot kind, and a bot made from a strategy file).

A bot knows what its seat was told from the start of the game (redacted for it) and
nothing else; its random choices depend on its seed and the answers before. So a game
cut after any number of answers and resumed (``resume`` at the console, ``host
--resume``), loaded, taken back or put back after a fault gives every later answer,
and the final record, of the game played without a break. Before, a bot resumed
knew only what it heard after the resume (7 Coppers and 3 Estates for everyone):
medium bought Gold where it had bought Province.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import resumecuts as rc
from a11y_dominion.bots.common import Ledger
from a11y_dominion.bots.kinds import BOT_KINDS, make_bot
from a11y_dominion.cli import build_parser
from a11y_dominion.console.seat import BotSeat
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.record import make_record, replay
from a11y_dominion.rules.decisions import TREASURES_MOVE, Move
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import LazyBot
from a11y_dominion.table import Table
from a11y_dominion.view import redact_all

ROLLOUTS = 4  # the fewest rounds after which hard may choose another buy than medium (MIN_ROUNDS)
HARD_CUTS = 50  # cuts of a game with hard (each resumed game plays on to the end)


# ---------------------------------------------------------------- the console's path (resume)
pytestmark = pytest.mark.e2e  # whole games through the console and the host, cut and resumed


def test_strategy_file_bot_console_game_cut_at_50_moments_goes_on_identically(tmp_path):
    whole = rc.console_game(tmp_path / "whole", f"A:medium,B:{STRATEGY}", seed=5)
    total = len(rc.answers_of(whole))
    cuts = rc.spread(total, 50)
    assert len(cuts) == 50
    assert rc.differences(whole, cuts, tmp_path, rc.console_resume) == []


def test_medium_console_game_cut_at_60_moments_goes_on_identically(tmp_path):
    whole = rc.console_game(tmp_path / "whole", "A:medium,B:medium", seed=4)
    total = len(rc.answers_of(whole))
    assert total == 128
    cuts = rc.spread(total, 60)
    assert len(cuts) == 60
    assert rc.differences(whole, cuts, tmp_path, rc.console_resume) == []


@pytest.fixture(scope="module")
def hard_console_game(tmp_path_factory):
    """The console game of medium against hard with rollouts (seed 4), played whole once for the
    tests that cut it and that load it: its autosave file (read only)."""
    whole = tmp_path_factory.mktemp("hard-console") / "whole"
    return rc.console_game(whole, "A:medium,B:hard", seed=4, more=("--rollouts", str(ROLLOUTS)))


def test_hard_with_rollouts_console_game_cut_at_50_moments_goes_on_identically(hard_console_game, tmp_path):
    whole = hard_console_game
    header = json.loads(whole.read_text(encoding="utf-8").splitlines()[0])
    # the bound is kept with the game, so that the resumed hard bot searches as before
    assert header["record"]["seats"] == [["A", "medium"], ["B", "hard", {"rollouts": ROLLOUTS}]]
    total = len(rc.answers_of(whole))
    cuts = rc.spread(total, HARD_CUTS)
    assert len(cuts) == HARD_CUTS
    assert rc.differences(whole, cuts, tmp_path, rc.console_resume) == []


# ---------------------------------------------------------------- host --resume's path
def test_medium_hosted_game_cut_at_50_moments_goes_on_identically(tmp_path):
    whole = rc.hosted_game(tmp_path / "whole", "Ann:remote,Bot:medium", seed=4)
    total = len(rc.answers_of(whole))
    cuts = rc.spread(total, 50)
    assert len(cuts) == 50
    assert rc.differences(whole, cuts, tmp_path, rc.hosted_resume) == []


def test_strategy_file_bot_hosted_game_cut_at_50_moments_goes_on_identically(tmp_path):
    whole = rc.hosted_game(tmp_path / "whole", f"Ann:remote,Bot:{STRATEGY}", seed=5)
    total = len(rc.answers_of(whole))
    cuts = rc.spread(total, 50)
    assert len(cuts) == 50
    assert rc.differences(whole, cuts, tmp_path, rc.hosted_resume) == []


def test_hard_with_rollouts_hosted_game_cut_at_50_moments_goes_on_identically(tmp_path):
    whole = rc.hosted_game(tmp_path / "whole", "Ann:remote,Bot:hard", seed=7, rollouts=ROLLOUTS)
    header = json.loads(whole.read_text(encoding="utf-8").splitlines()[0])
    assert header["record"]["seats"][1] == ["Bot", "hard", {"rollouts": ROLLOUTS}]
    total = len(rc.answers_of(whole))
    cuts = rc.spread(total, HARD_CUTS)
    assert len(cuts) == HARD_CUTS
    assert rc.differences(whole, cuts, tmp_path, rc.hosted_resume) == []


# ---------------------------------------------------------------- the rule, for every bot kind
def _options(kind: str) -> dict:
    return {"rollouts": ROLLOUTS} if kind == "hard" else {}


STRATEGY = "smithy"  # a shipped strategy file: a bot kind made from a file, which follows the same rule


@pytest.mark.parametrize("kind", [*sorted(BOT_KINDS), STRATEGY])
def test_every_bot_kind_answers_as_a_bot_made_anew_and_told_the_game_from_its_start(kind):
    """At every decision, the bot that sat at the table all along answers exactly as a new bot
    of its kind that is told the seat's events from the start of the game (and reseeded for
    this decision): what a bot knows is the events its seat may know, nothing it kept otherwise."""
    piles, events, landmarks = choose_setup("random", None, None, 6)
    game = Game(GameConfig(["A", "B"], piles, events, landmarks, 6))
    seats = {
        "A": BotSeat("A", LazyBot(kind, 11, **_options(kind)), 11, steps=lambda: len(game.answers)),
        "B": BotSeat("B", LazyBot("medium", 12), 12, steps=lambda: len(game.answers)),
    }
    table = Table(game, seats, max_answers=120 if kind == "hard" else 400)
    checked = 0
    live = seats["A"].decide

    def decide(d, view):
        nonlocal checked
        answer = live(d, view)
        fresh = LazyBot(kind, 11, **_options(kind))
        fresh.relearn(redact_all(game.log, "A"))
        fresh.reseed(len(game.answers))
        assert fresh.decide(d, view) == answer, (len(game.answers), d.kind)
        checked += 1
        return answer

    seats["A"].decide = decide
    table.run()
    assert checked >= 40


def test_undo_makes_a_bot_forget_what_was_taken_back():
    """A bot told a buy that is then taken back (undo replays the game without it) knows the
    game as it stands, not the Silver it heard of: the table has it learn the game anew."""
    piles, events, landmarks = choose_setup("basic-intro", None, None, 2)
    game = Game(GameConfig(["A", "B"], piles, events, landmarks, 2))
    bot = LazyBot("medium", 5)
    table = Table(game, {"A": _Script(), "B": BotSeat("B", bot, 5)})
    game.start()
    table.deliver()
    table.submit("A", [TREASURES_MOVE])
    table.submit("A", [Move.buy("Silver")])
    table.deliver()
    assert bot.counts(table.view("B")).of("A") == Counter({"Copper": 7, "Estate": 3, "Silver": 1})
    record = make_record(game)
    record["answers"] = record["answers"][:-1]
    table.replace_game(replay(record))  # what undo does
    assert bot.counts(table.view("B")).of("A") == Counter({"Copper": 7, "Estate": 3})


class _Script:
    """A person's seat that hears and is never asked here."""

    kind = "human"

    def tell(self, events):
        pass


def test_a_game_handed_to_a_new_table_teaches_its_bots_the_game_from_its_start():
    """host --resume and resume build a table for a game well under way: its bots know every
    public gain of the game before, as the bot that played it from the start did."""
    piles, events, landmarks = choose_setup("random", None, None, 4)
    game = Game(GameConfig(["A", "B"], piles, events, landmarks, 4))
    Table(game, {"A": make_bot("medium", 1), "B": make_bot("medium", 2)}, max_answers=150).run()
    heard = Ledger()
    heard.tell(redact_all(game.log, "B"))
    assert heard.of("A") != Counter({"Copper": 7, "Estate": 3})  # A gained cards by then
    again = replay(make_record(game))
    bot = LazyBot("medium", 2)
    table = Table(again, {"A": _Script(), "B": BotSeat("B", bot, 2)})
    table.replace_game(again)  # people hear the game from here on; bots learn it from its start
    view = table.view("B")
    assert {n: bot.counts(view).of(n) for n in "AB"} == {n: heard.of(n) for n in "AB"}


# ---------------------------------------------------------------- hard with a bound on its rollouts
def test_hard_with_rollouts_gives_the_same_game_for_the_same_seed():
    def one() -> list:
        piles, events, landmarks = choose_setup("random", None, None, 3)
        game = Game(GameConfig(["A", "B"], piles, events, landmarks, 3))
        Table(game, {"A": make_bot("medium", 1), "B": make_bot("hard", 2, rollouts=ROLLOUTS)}, max_answers=200).run()
        return list(game.answers)

    assert one() == one()


def test_rollouts_option_of_play_host_and_simulate():
    for command in (["play"], ["host", "--players", "Ann:remote,Bot:hard"], ["simulate"]):
        assert build_parser().parse_args([*command, "--rollouts", "8"]).rollouts == 8
        assert build_parser().parse_args(command).rollouts is None


@pytest.mark.parametrize("bad", ["0", "-1", "x", "10001", "2.5"])
def test_a_bad_rollouts_number_is_one_sentence(bad, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--rollouts", bad])
    assert capsys.readouterr().err == (
        "a11y-dominion play: argument --rollouts: must be a whole number of rollouts from 1 to 10000. "
        "Type a11y-dominion --help for the options.\n"
    )


def test_a_game_loaded_from_a_save_file_goes_on_identically(hard_console_game, tmp_path):
    """``play --load`` of the game saved after some answers: the bots go on as in the game never saved."""
    final = rc.final_record(hard_console_game)["record"]
    total = len(final["answers"])
    for k in rc.spread(total, 12):
        saved = dict(final, answers=final["answers"][:k])
        path = tmp_path / f"saved{k}.json"
        path.write_text(json.dumps(saved), encoding="utf-8")
        loaded = rc.console_load(tmp_path / f"load{k}", path)
        assert rc.final_record(loaded)["record"]["answers"] == final["answers"], k
