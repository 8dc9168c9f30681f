"""Positions built from scenario files: played at the console (``play --position``),
saved and loaded, autosaved and resumed, exactly like any other game.

Each game is played from typed lines through the console as the program runs
with piped input; each test has its own data directory (tests/conftest.py).
"""

from __future__ import annotations

import copy
import json

import pytest

import playcore
from a11y_dominion import autosave
from a11y_dominion.cli import main
from a11y_dominion.record import RecordError, dumps, load_record, make_record, replay
from a11y_dominion.scenario import build_position, snapshot

POSITION = {
    "players": ["Ann", "Bob"],
    "kingdom": ["Villa", "Farmers' Market", "Patrician/Emporium", "Smithy", "Market"],
    "landmarks": ["Tower"],
    "seed": 5,
    "state": {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {
                "hand": ["Smithy", "Villa", "Gold", "Copper", "Estate"],
                "deck": ["Market", "Silver", "Province", "Copper", "Gold", "Estate", "Copper"],
                "discard": ["Duchy"],
                "debt": 2,
                "vp_tokens": 4,
            },
            "Bob": {
                "hand": ["Copper", "Copper", "Silver", "Estate", "Estate"],
                "deck": ["Gold", "Copper", "Copper", "Silver", "Estate", "Village"],
                "vp_tokens": 1,
            },
        },
        "piles": {
            "Farmers' Market": {"count": 3, "vp_tokens": 5},
            "Patrician/Emporium": {"cards": ["Emporium", "Emporium"]},
            "Province": {"count": 4},
            "Smithy": {"count": 1},
        },
        "landmarks": {"Tower": {"vp_tokens": 0}},
        "trash": ["Curse"],
    },
    "script": ["this line is never typed"],
}
ANSWERS = ["play Villa", "play Smithy", "play Market", "play treasures", "pay", "buy Farmers' Market"]
LATER = ["end", "play treasures", "buy Silver", "end", "hand"]


def position_file(tmp_path, data=POSITION):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def console_game(argv: list, lines: list) -> tuple:
    """(the game played, everything printed) after ``a11y-dominion play`` ``argv`` with ``lines``
    typed (:func:`playcore.run`)."""
    return playcore.run(argv, lines, settings={})


def resume_game(lines: list) -> tuple:
    return playcore.run([], lines, settings={}, resume=autosave.find_game(None))


def state_of(game) -> dict:
    """Every zone, pile, token and the turn, as the scenario output gives them."""
    return snapshot(game)


def test_the_position_is_played_at_the_console_with_its_hand_piles_and_tokens(tmp_path):
    console, text = console_game(["--position", str(position_file(tmp_path))], ["", "hand"])
    state = state_of(console.game)
    assert state["players"]["Ann"]["hand"] == ["Smithy", "Villa", "Gold", "Copper", "Estate"]
    assert state["players"]["Ann"]["deck"] == POSITION["state"]["players"]["Ann"]["deck"]
    assert state["players"]["Ann"]["debt"] == 2 and state["players"]["Ann"]["vp_tokens"] == 4
    assert state["piles"]["Farmers' Market"]["cards_left"] == 3
    assert state["piles"]["Farmers' Market"]["vp_tokens"] == 5
    assert state["piles"]["Patrician/Emporium"]["cards"] == ["Emporium", "Emporium"]
    assert state["trash"] == ["Curse"]
    assert console.seats == [("Ann", "human"), ("Bob", "human")]
    assert "Ann's hand, 5 cards: Smithy, Villa, Copper, Gold and Estate." in text.splitlines()
    assert "this line is never typed" not in text


def test_a_position_saved_and_loaded_has_the_same_state_and_the_same_next_events(tmp_path):
    target = tmp_path / "game.json"
    path = position_file(tmp_path)
    first, text = console_game(["--position", str(path), "--players", "Ann:human,Bob:bigmoney"], ANSWERS)
    taken = state_of(first.game)
    assert taken["players"]["Ann"]["debt"] == 0 and taken["piles"]["Farmers' Market"]["cards_left"] == 2
    assert taken["turn"]["phase"] == "buy" and taken["turn"]["coins"] == 4  # 9 coins, 2 paid, 3 spent
    record = first.record()
    assert record["position"] == POSITION["state"]
    assert record["version"] == 2 and len(record["answers"]) == len(first.game.answers) == 6
    saved_state = state_of(first.game)
    # save, then load in a new program: the same decision, the same state
    console_game(["--position", str(path), "--players", "Ann:human,Bob:bigmoney"], [*ANSWERS, f"save {target}"])
    assert json.loads(target.read_text(encoding="utf-8"))["position"] == POSITION["state"]
    loaded, _ = console_game(["--load", str(target)], [])
    assert state_of(loaded.game) == saved_state
    assert loaded.seats == [("Ann", "human"), ("Bob", "bigmoney")]
    assert loaded.game.pending.to_dict() == first.game.pending.to_dict()
    # the next answers give the same events, in a game never saved and in the loaded one
    never, never_text = console_game(["--position", str(path), "--players", "Ann:human,Bob:bigmoney"], ANSWERS + LATER)
    again, again_text = console_game(["--load", str(target)], LATER)
    assert [e.to_dict() for e in again.game.log] == [e.to_dict() for e in never.game.log]
    assert state_of(again.game) == state_of(never.game)
    assert len(never.game.answers) > len(first.game.answers)
    assert never.game.turn.number == 5 and never.game.current.name == "Ann"  # Bob's turns were played between
    assert never_text.splitlines()[-3] == again_text.splitlines()[-3]  # the hand at the last prompt
    assert never_text.splitlines()[-3] == "Your hand, 5 cards: Market, Smithy, Villa, Copper and Estate."


def test_a_position_is_autosaved_and_resumed_at_the_same_decision(tmp_path):
    path = position_file(tmp_path)
    first, _ = console_game(["--position", str(path), "--players", "Ann:human,Bob:random"], ANSWERS)
    (saved,) = autosave.unfinished_games()
    assert saved.record["position"] == POSITION["state"]
    resumed, text = resume_game([])
    assert "Resumed the game of " in text
    assert state_of(resumed.game) == state_of(first.game)
    assert resumed.game.pending.to_dict() == first.game.pending.to_dict()
    never, _ = console_game(["--position", str(path), "--players", "Ann:human,Bob:random"], ANSWERS + LATER)
    later, _ = resume_game(LATER)
    assert [e.to_dict() for e in later.game.log] == [e.to_dict() for e in never.game.log]
    assert state_of(later.game) == state_of(never.game)


def test_the_record_rebuilds_the_position_before_answering():
    game = build_position(copy.deepcopy(POSITION))
    game.start()
    for keys in ([{"move": "play", "card": "Villa"}],):
        game.answer(keys)
    record = load_record(dumps(make_record(game, [["Ann", "human"], ["Bob", "human"]])))
    assert snapshot(replay(record)) == snapshot(game)


def test_an_old_save_without_a_position_still_loads(tmp_path):
    old = {
        "format": "a11y-dominion-record",
        "version": 1,
        "config": {"players": ["You", "Bot"], "kingdom": ["Village"], "events": [], "landmarks": [], "seed": 3},
        "seats": [["You", "human"], ["Bot", "bigmoney"]],
        "answers": [["treasures"]],
    }
    target = tmp_path / "old.json"
    target.write_text(json.dumps(old), encoding="utf-8")
    loaded, text = console_game(["--load", str(target)], [])
    assert f"Loaded {target}." in text
    assert loaded.game.position is None and "position" not in loaded.record()
    assert loaded.game.pending.player == "You" and loaded.game.turn.phase == "buy"


@pytest.mark.parametrize(
    ("position", "said"),
    [
        ("nothing", "The saved game's position is damaged: it must be an object."),
        (
            {"turn": {"phase": "night"}},
            "The saved game's position is damaged: state.turn.phase must be action or buy.",
        ),
        (
            {"piles": {"Farmers' Market": {"count": 1000000000000}}},
            "The saved game's position is damaged: state.piles.Farmers' Market.count must be a whole number "
            "from 0 to 500.",
        ),
        (
            {"players": {"Ann": {"hand": ["Dragon"]}}},
            "The saved game's position is damaged: state.players.Ann.hand[0]: Dragon is not a card this game knows.",
        ),
        (
            {"players": {"Cid": {}}},
            "The saved game's position is damaged: state.players: Cid is not one of the players.",
        ),
    ],
)
def test_a_damaged_position_in_a_save_is_refused_in_one_sentence(tmp_path, capsys, position, said):
    game = build_position(copy.deepcopy(POSITION))
    record = make_record(game, [["Ann", "human"], ["Bob", "human"]])
    record["position"] = position
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value.args[0]) == said
    target = tmp_path / "damaged.json"
    target.write_text(dumps(record), encoding="utf-8")
    before = target.read_bytes()
    assert main(["play", "--speech", "off", "--load", str(target)]) == 2
    err = capsys.readouterr().err
    assert err == f"a11y-dominion: cannot load {target}: {said}\n"
    assert target.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"{not json", "cannot play the position {file}: "),
        (b'{"players": ["Ann"], "state": {"turn": {"phase": "night"}}}', "cannot play the position {file}: "),
        (
            json.dumps({**POSITION, "state": {"piles": {"Smithy": {"count": 10**12}}}}).encode(),
            "cannot play the position {file}: state.piles.Smithy.count must be a whole number from 0 to 500.",
        ),
        (b"[" * 100_000, "cannot play the position {file}: "),
        (b"\xff\xfe", "cannot play the position {file}: "),
    ],
)
def test_play_position_with_a_bad_file_is_one_sentence_and_exit_2(tmp_path, capsys, content, said):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["play", "--speech", "off", "--position", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("a11y-dominion: " + said.format(file=path)) and err.count("\n") == 1
    assert "Traceback" not in err and err.rstrip().endswith(".")
    assert path.read_bytes() == content
    assert not autosave.games_dir().exists() or not list(autosave.games_dir().iterdir())


def test_play_position_missing_file_and_other_players_are_one_sentence(tmp_path, capsys):
    assert main(["play", "--speech", "off", "--position", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"a11y-dominion: cannot play the position {tmp_path / 'none.json'}: ")
    assert err.count("\n") == 1
    path = position_file(tmp_path)
    assert main(["play", "--speech", "off", "--position", str(path), "--players", "Ann:human,Cid:bigmoney"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: --players must name the position's players, in its order: Ann, Bob.\n"
    )


def test_a_position_game_starts_its_turn_as_a_normal_game_does_and_says_the_figures_once(tmp_path):
    path = position_file(tmp_path)
    _console, text = console_game(["--position", str(path), "--players", "Ann:human,Bob:bigmoney"], ["play Villa"])
    lines = text.splitlines()
    # the set-up lines one by one, then the turn's start with the prompt on its line, as at a game's start
    i = lines.index("Landmarks: Tower.")
    assert lines[i + 1] == "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins, 2 Debt."
    # the play's sentence leaves the new figures to the prompt, which names those that changed
    assert "You play Villa. 2 Actions, 2 Buys, 1 coin, 2 Debt." in lines
    assert [x for x in lines if "2 Actions, 2 Buys" in x] == ["You play Villa. 2 Actions, 2 Buys, 1 coin, 2 Debt."]
    # two people at the keyboard: the turn's start comes with Ann's news when she takes it, once
    _console, text = console_game(["--position", str(path)], ["", "play Villa"])
    lines = text.splitlines()
    assert lines[lines.index("Landmarks: Tower.") + 1 :][:2] == [
        "Your turn 1. Ann, Action phase: 1 Action, 1 Buy, 0 coins, 2 Debt.",
        "Ann's hand: Smithy, Villa, Copper, Gold and Estate.",  # as every question after a hand-over
    ]
    assert len([x for x in lines if x.startswith("Your turn 1.")]) == 1


def opening(text: str) -> list:
    """The lines printed before the first prompt."""
    return text.split("You> ", 1)[0].splitlines()


def test_after_load_and_resume_the_turn_figures_are_said_once(tmp_path):
    path = position_file(tmp_path)
    target = tmp_path / "game.json"
    console_game(["--position", str(path), "--players", "Ann:human,Bob:bigmoney"], ["play Villa", f"save {target}"])
    _loaded, text = console_game(["--load", str(target)], [])
    lines = opening(text)
    assert lines[lines.index(f"Loaded {target}.") + 1 :][:3] == [  # where it stands, as after resume
        "Your turn 1, Action phase: 2 Actions, 2 Buys, 1 coin, 2 Debt.",
        "Your hand, 4 cards: Smithy, Copper, Gold and Estate.",
        "In play: Villa.",
    ]
    assert len([x for x in lines if x.startswith("Your turn 1")]) == 1
    assert len([x for x in lines if "2 Actions, 2 Buys, 1 coin" in x]) == 1
    _resumed, text = resume_game([])
    lines = opening(text)
    # the last announcements leave the turn's start and figures to where the game stands, said once
    i = lines.index("You play Villa.")
    assert lines[i + 1 : i + 4] == [
        "Your turn 1, Action phase: 2 Actions, 2 Buys, 1 coin, 2 Debt.",
        "Your hand, 4 cards: Smithy, Copper, Gold and Estate.",
        "In play: Villa.",
    ]
    assert len([x for x in lines if x.startswith("Your turn 1")]) == 1
    assert len([x for x in lines if "2 Actions, 2 Buys, 1 coin" in x]) == 1
