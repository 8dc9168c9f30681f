"""Strategies as data: the shipped classic strategies play whole games as test
opponents; a strategy is a seat kind in play, host and simulate; a damaged or
wrong strategy file is one sentence naming its line, and exit code 2 with
nothing else changed."""

from __future__ import annotations

import multiprocessing
import pickle
from collections import Counter

import pytest

from a11y_dominion.bots.common import Ledger
from a11y_dominion.bots.kinds import bot_kind, make_bot
from a11y_dominion.bots.strategy import StrategyBot
from a11y_dominion.cli import main
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats, play_bots
from a11y_dominion.simulate import _on_workers, play_game, play_games
from a11y_dominion.strategies import (
    FOLDER,
    STRATEGY_LIMIT,
    StrategyError,
    load_strategy,
    parse_condition,
    shipped,
)

FILLER = "Village,Cellar,Moat,Workshop,Remodel,Market,Mine,Library,Chapel"

# shipped strategy -> the card of its Kingdom it is known by (bought in every game)
CLASSICS = {
    "big-money-ultimate": "Gold",
    "smithy": "Smithy",
    "double-witch": "Witch",
    "militia": "Militia",
    "laboratory": "Laboratory",
    "festival": "Festival",
    "legionary": "Legionary",
    "capital": "Capital",
    "fortune": "Gladiator",
    "charm": "Charm",
}


def kingdom_of(card: str) -> str:
    first = {"Gold": "Smithy"}.get(card, card)
    return f"{first},{FILLER}"


def test_the_classic_strategies_ship():
    assert shipped() == sorted(CLASSICS)
    for name in shipped():
        s = load_strategy(name)
        assert s.kind == name and s.buy and s.name


@pytest.mark.parametrize("name", sorted(CLASSICS))
def test_each_classic_strategy_plays_whole_games_against_medium(name):
    card = CLASSICS[name]
    total: Counter = Counter()
    for g in range(3):  # the seats alternate who goes first
        rec = play_game([name, "medium"], kingdom_of(card), None, None, 11, g, stats=True)
        assert rec["result"] in ("win", "tie"), rec
        assert rec["turns"] >= 10
        bought = rec["stats"][f"1:{name}"]["bought"]
        assert bought.get("Province", 0) >= 1, bought
        assert not set(bought) - {card, "Province", "Duchy", "Estate", "Gold", "Silver", "Copper", "Fortune"}, bought
        total.update(bought)
        assert play_game([name, "medium"], kingdom_of(card), None, None, 11, g, stats=True) == rec  # the same twice
    assert total[card] >= 2, total


def test_big_money_ultimate_as_data_plays_as_the_bmu_bot():
    # the file and the bot of the same rules, seat for seat, give the same games
    for g in range(3):
        a = play_game(["big-money-ultimate", "bigmoney"], "basic-intro", None, None, 4, g, stats=True)
        b = play_game(["bmu", "bigmoney"], "basic-intro", None, None, 4, g, stats=True)
        assert a["result"] == b["result"] and a["turns"] == b["turns"]
        assert a["stats"]["1:big-money-ultimate"]["bought"] == b["stats"]["1:bmu"]["bought"]


def test_a_card_not_in_the_kingdom_is_never_bought(tmp_path):
    path = tmp_path / "witchy.toml"
    path.write_text(
        '[[buy]]\ncard = "Witch"\n\n[[buy]]\ncard = "Province"\n\n[[buy]]\ncard = "Gold"\n\n[[buy]]\ncard = "Silver"\n'
    )
    rec = play_game([str(path), "bmu"], "Smithy," + FILLER, None, None, 2, 0, stats=True)
    assert rec["result"] in ("win", "tie")
    bought = rec["stats"]["1:witchy"]["bought"]
    assert "Witch" not in bought and bought["Province"] >= 1 and bought["Gold"] >= 1


def test_conditions_with_every_field_are_read():
    for text in [
        "coins >= 6",
        "buys > 1",
        "total_money > 18",
        "cards >= 16",
        "provinces_left <= 4",
        "gains_to_end <= 2",
        "empty_piles == 0",
        "debt == 0",
        "vp_tokens < 10",
        "turn <= 2",
        "count(Smithy) < count(Treasure) / 11",
        "left(Curse) > 0",
        "their_count(Witch) >= 1",
        "in_hand(King's Castle) != 0",
        "count(Action) * 2 + 1 < (cards - 3)",
    ]:
        left, op, right = parse_condition(text)
        assert op in ("<", "<=", ">", ">=", "==", "!=")
    assert parse_condition("count(smithy) < 2") == (("c", "count", "Smithy"), "<", ("n", 2.0))
    assert parse_condition("count(Action) >= 1") == (("t", "count", "Action"), ">=", ("n", 1.0))


def test_the_conditions_of_a_strategy_decide_its_buys(tmp_path):
    # a strategy that buys Silver only in its first two turns and never buys again
    path = tmp_path / "two.toml"
    path.write_text('[[buy]]\ncard = "Silver"\nwhen = ["turn <= 2", "coins >= 3"]\n')
    game = Game(
        GameConfig(
            ["P1", "P2"], "Smithy,Village,Cellar,Moat,Workshop,Remodel,Market,Mine,Library,Chapel".split(","), [], [], 1
        )
    )
    bots = {"P1": make_bot(str(path), 1), "P2": make_bot("bmu", 2)}
    assert play_bots(game, bots) is None
    silvers = sum(1 for c in game.by_name["P1"].all_cards() if c.name == "Silver")
    assert 1 <= silvers <= 2


@pytest.mark.e2e  # worker processes
def test_a_strategy_seat_can_be_pickled_and_plays_on_spawned_workers(tmp_path):
    own = tmp_path / "mine.toml"
    own.write_text((FOLDER / "smithy.toml").read_text())
    bot = make_bot("smithy", 5)
    again = pickle.loads(pickle.dumps(bot))
    assert isinstance(again, StrategyBot) and again.strategy == bot.strategy and again.kind == "smithy"
    kinds = [str(own), "double-witch"]
    args = (kinds, kingdom_of("Witch").replace("Library", "Smithy"), None, None, 3, None, False, None, 400)
    one = play_games(*args[:5], range(4), None, False, None, 400)
    two = _on_workers(2, args, 4, context=multiprocessing.get_context("spawn"))
    assert two == one and all(r["result"] in ("win", "tie") for r in one)


def test_seat_kinds_name_strategies_in_every_command(tmp_path):
    path = tmp_path / "My Smithy.toml"
    path.write_text((FOLDER / "smithy.toml").read_text())
    assert bot_kind("Smithy") == "smithy"
    assert bot_kind(f" {path} ") == str(path)
    assert bot_kind("MEDIUM") == "medium"
    seats = parse_seats(f"Ann:human,Bot:SMITHY,{path}")
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("Bot", "smithy"), ("My Smithy", str(path))]
    remote = parse_seats(f"Ann:remote,Cid:{path}", remote=True)
    assert [(s.name, s.kind) for s in remote] == [("Ann", "remote"), ("Cid", str(path))]
    with pytest.raises(ValueError) as e:  # a Windows path after the name stays whole, colon and all
        parse_seats("Ann:human,Bot:C:\\bots\\none.toml")
    assert str(e.value) == "There is no file named C:\\bots\\none.toml."
    with pytest.raises(ValueError) as e:
        parse_seats("Ann:human,C:\\bots\\none.toml")
    assert str(e.value) == "There is no file named C:\\bots\\none.toml."


def test_simulate_takes_a_strategy_file_and_a_shipped_name(tmp_path, capsys):
    path = tmp_path / "lab.toml"
    path.write_text((FOLDER / "laboratory.toml").read_text())
    argv = ["simulate", "--players", f"{path},militia", "--kingdom", "Laboratory,Militia", "--games", "2"]
    assert main(argv + ["--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"1:lab"' in out and '"2:militia"' in out  # a file's seat named as play names it
    assert str(path) not in out


BAD = [
    (
        "not-toml.toml",
        'name = "x"\n[[buy]\ncard = "Gold"\n',
        "not-toml.toml, line 2: this is not TOML (Expected ']]' at the end of an array declaration); "
        "a strategy file is TOML, as docs/strategies.md shows.",
    ),
    (
        "unknown-key.toml",
        'name = "x"\n\n[[buy]]\ncard = "Gold"\ncolour = "red"\n',
        "unknown-key.toml, line 5: 'colour' is not a key of a [[buy]] entry; its keys are card, when.",
    ),
    (
        "top-key.toml",
        'nmae = "x"\n[[buy]]\ncard = "Gold"\n',
        "top-key.toml, line 1: 'nmae' is not a key of a strategy file; its keys are name, description, "
        "format, buy, play.",
    ),
    (
        "wrong-type.toml",
        '[[buy]]\ncard = "Gold"\n\n[[buy]]\ncard = 5\n',
        "wrong-type.toml, line 5: card must be a card or Event name, not a number.",
    ),
    (
        "wrong-list.toml",
        '[[buy]]\ncard = "Gold"\n\n[play]\nactions = "Smithy"\n',
        "wrong-list.toml, line 5: actions must be a list of card names, not text.",
    ),
    (
        "unknown-card.toml",
        '[[buy]]\ncard = "Gold"\n\n[[buy]]\ncard = "Smithee"\n',
        "unknown-card.toml, line 5: 'Smithee' is not a card or Event this game knows; a11y-dominion cards lists them.",
    ),
    (
        "unknown-field.toml",
        '[[buy]]\ncard = "Gold"\nwhen = [\n  "coins >= 6",\n  "coin > 5",\n]\n',
        "unknown-field.toml, line 5: the condition 'coin > 5' does not fit: 'coin' is not a field; fields are "
        "coins, buys, total_money, cards, provinces_left, gains_to_end, empty_piles, debt, vp_tokens, turn, "
        "count(card), left(card), their_count(card), in_hand(card).",
    ),
    (
        "half-condition.toml",
        '[[buy]]\ncard = "Gold"\nwhen = "count(Smithy) <"\n',
        "half-condition.toml, line 3: the condition 'count(Smithy) <' does not fit: it ends before a number "
        "or a field.",
    ),
    (
        "by-zero.toml",
        '[[buy]]\ncard = "Gold"\nwhen = [\n  "coins >= 6",\n  "count(Smithy) < cards / (2 - 2)",\n]\n',
        "by-zero.toml, line 5: the condition 'count(Smithy) < cards / (2 - 2)' does not fit: it divides by 0; "
        "divide by a number other than 0, or by a field.",
    ),
    (
        "no-buy.toml",
        'name = "nothing"\n',
        "no-buy.toml, line 1: a strategy needs a buy list: one [[buy]] entry with a card for each buy.",
    ),
    (
        "too-large.toml",
        "#" * (STRATEGY_LIMIT + 1),
        "too-large.toml is larger than 64 KiB, too large for this kind of file.",
    ),
]


@pytest.mark.parametrize("file, text, sentence", BAD, ids=[b[0] for b in BAD])
def test_a_bad_strategy_file_is_one_sentence_and_exit_2_in_every_command(
    file, text, sentence, tmp_path, monkeypatch, capsys
):
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / file).write_text(text)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with pytest.raises(StrategyError) as e:
        load_strategy(file)
    assert str(e.value) == sentence
    for argv in (
        ["simulate", "--players", f"{file},medium", "--games", "1"],
        ["play", "--speech", "off", "--players", f"Ann:human,Bot:{file}"],
        ["host", "--players", f"Ann:remote,Bot:{file}"],
    ):
        assert main(argv) == 2
        assert capsys.readouterr().err == f"a11y-dominion: {sentence}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bots"]  # no save, history or host key was made
    assert [p.name for p in folder.iterdir()] == [file] and (folder / file).read_text() == text


def test_an_unknown_kind_names_the_strategies(capsys):
    assert main(["simulate", "--players", "smithee,medium", "--games", "1"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: smithee is not a bot; bots are bigmoney, random, bmu, easy, medium, hard, a strategy "
        f"({', '.join(shipped())}) or a strategy file ending in .toml.\n"
    )


def test_the_example_of_the_documentation_is_a_strategy(tmp_path):
    doc = (FOLDER.parent.parent / "docs" / "strategies.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    s = load_strategy(str(path))
    assert s.name == "Smithy Big Money" and [r.card for r in s.buy] == [
        "Province",
        "Duchy",
        "Gold",
        "Smithy",
        "Smithy",
        "Silver",
    ]
    assert s.actions == ("Smithy",) and s.discard == ("Curse", "Estate", "Duchy", "Province", "Copper")
    assert s.pay_debt is True


def test_the_play_choices_of_a_strategy_come_first(tmp_path):
    from a11y_dominion.rules.decisions import Decision, Kind, Purpose
    from a11y_dominion.view import player_view

    path = tmp_path / "odd.toml"
    path.write_text('[[buy]]\ncard = "Silver"\n\n[play]\ntrash = ["Estate"]\ndiscard = ["Copper"]\n')
    game = Game(GameConfig(["P1", "P2"], ["Chapel", "Militia"], [], [], 3))
    view = player_view(game, "P1")
    hand = Counter(view.hand)
    assert hand["Copper"] >= 2 and hand["Estate"] >= 1, hand
    names = sorted(hand)
    discard = Decision("P1", Kind.CARDS, Purpose.DISCARD, "discard 2", names, min=2, max=2, counts=dict(hand))
    trash = Decision("P1", Kind.CARDS, Purpose.TRASH, "trash up to 4", names, min=0, max=4, counts=dict(hand))
    bot = make_bot(str(path), 1)
    assert bot.decide(discard, view) == ["Copper", "Copper"]  # medium alone would discard its Estates
    assert bot.decide(trash, view) == ["Estate"] * hand["Estate"]
    assert make_bot("medium", 1).decide(discard, view) != ["Copper", "Copper"]


def _seated(kind: str, bot_zones: dict, turn: dict, opp: list | None = None, piles: dict | None = None):
    """(bot of ``kind``, its pending decision, its view) in a position of a scenario."""
    from a11y_dominion.scenario import load_scenario
    from a11y_dominion.table import Table

    state = {
        "players": {"Bot": bot_zones, "Opp": {"deck": opp or ["Copper"] * 7 + ["Estate"] * 3}},
        "piles": piles or {},
        "turn": {"player": "Bot", "buys": 1, "number": 5, **turn},
    }
    data = {
        "players": ["Bot", "Opp"],
        "kingdom": [
            "Village",
            "Smithy",
            "Festival",
            "Cellar",
            "Moat",
            "Chapel",
            "Workshop",
            "Mine",
            "Militia",
            "Market",
        ],
        "landmarks": [],
        "events": [],
        "state": state,
        "script": [],
    }
    game, _script = load_scenario(data)
    bot = make_bot(kind, 1)
    table = Table(game, {"Bot": bot, "Opp": make_bot("medium", 2)})
    game.start()
    table.deliver()
    if isinstance(bot.ledger, Ledger):  # a strategy counts from events (medium reads its view's counts)
        bot.ledger.owned["Bot"] = Counter(bot_zones.get("hand", []) + bot_zones.get("deck", []))
        bot.ledger.owned["Opp"] = Counter(opp or ["Copper"] * 7 + ["Estate"] * 3)
    return bot, game.pending, table.view("Bot")


def _action_phase(kind: str, hand: list) -> str:
    """The first answer of a bot of ``kind`` in an Action phase with ``hand``."""
    bot, d, view = _seated(kind, {"hand": hand, "deck": ["Copper"] * 7}, {"phase": "action", "actions": 1, "coins": 0})
    (move,) = bot.decide(d, view)
    return move.key


def test_the_fields_of_conditions_read_the_position(tmp_path):
    bot, d, view = _seated(
        "smithy",
        {"deck": ["Copper"] * 7 + ["Estate"] * 3 + ["Gold", "Smithy"], "debt": 3, "vp_tokens": 4, "turns_taken": 6},
        {"phase": "buy", "actions": 0, "coins": 7, "buys": 2},
        opp=["Copper"] * 7 + ["Estate"] * 3 + ["Witch", "Witch", "Curse"],
        piles={"Province": {"count": 5}, "Curse": {"count": 2}, "Smithy": {"count": 1}, "Estate": {"count": 1}},
    )

    def value(text: str) -> float:
        left, _op, _right = parse_condition(text + " > 0")
        return bot.value(view, left)

    assert value("coins") == 7 and value("buys") == 2
    assert value("total_money") == 10 and value("cards") == 12
    assert value("provinces_left") == 5 and value("gains_to_end") == 1 + 1 + 2
    assert value("debt") == 3 and value("vp_tokens") == 4 and value("turn") == 7
    assert value("count(Smithy)") == 1 and value("count(Treasure)") == 8 and value("count(Action)") == 1
    assert value("left(Curse)") == 2 and value("left(Witch)") == 0 and value("left(Smithy)") == 1
    assert value("their_count(Witch)") == 2 and value("their_count(Curse)") == 1 and value("their_count(Gold)") == 0
    assert value("empty_piles") == 0 and value("in_hand(Gold)") == 0
    assert value("(count(Smithy) + 1) * 2 - total_money / 5") == 2


def test_the_actions_a_strategy_lists_are_played_first(tmp_path):
    path = tmp_path / "smithy-first.toml"
    path.write_text('[[buy]]\ncard = "Silver"\n\n[play]\nactions = ["Smithy", "Festival"]\n')
    hand = ["Village", "Smithy", "Festival", "Copper", "Copper"]
    assert _action_phase("medium", hand) == "play:Village"  # medium plays the village first
    assert _action_phase(str(path), hand) == "play:Smithy"
    assert _action_phase(str(path), ["Village", "Festival", "Copper", "Copper", "Estate"]) == "play:Festival"
    assert _action_phase(str(path), ["Village", "Copper", "Copper", "Copper", "Estate"]) == "play:Village"


def test_a_saved_game_with_a_strategy_seat_needs_its_file_to_go_on(tmp_path):
    from a11y_dominion.console.persistence import game_from_record
    from a11y_dominion.record import RecordError, make_record

    path = tmp_path / "Mine.toml"
    path.write_text((FOLDER / "smithy.toml").read_text())
    game = Game(GameConfig(["Ann", "Mine"], ["Smithy", "Village"], [], [], 5))
    record = make_record(game, [["Ann", "human"], ["Mine", str(path)]])
    _game, seats = game_from_record(record)
    assert seats == [("Ann", "human"), ("Mine", str(path))]  # the path keeps its case
    path.unlink()
    with pytest.raises(RecordError) as e:
        game_from_record(record)
    assert str(e.value) == f"There is no file named {path}."
