"""Scenario script lines that name the question they answer, and positions that
give what happened earlier in the turn (``state.turn.gained``, ``state.turn.played``,
``state.lasting``): see docs/scenarios.md."""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from a11y_dominion.record import make_record, replay
from a11y_dominion.rules.decisions import Purpose
from a11y_dominion.scenario import ScenarioError, load_scenario, run_scenario, snapshot, split_question
from a11y_dominion.textinput import parse_line
from casecheck import case_files, failures, load

SCENARIOS = Path(__file__).parent / "scenarios"
SCENARIO_KEYS = ("players", "kingdom", "events", "landmarks", "seed", "state", "script")


def scenario(path: Path) -> dict:
    """The scenario object of a case file (without its expectations)."""
    return {k: v for k, v in load(path).items() if k in SCENARIO_KEYS}


CATAPULT = scenario(SCENARIOS / "questions" / "auto-resolved-question-is-not-answered.json")
SLIP = (
    'script[1] is for a trash question, but Bob is asked "Bob, Catapult: discard 1 card, down to 3 in hand" '
    "(a discard question)."
)


@pytest.mark.e2e  # python in another process
def test_a_line_named_for_an_auto_resolved_question_fails_on_the_next_one(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(CATAPULT))
    proc = subprocess.run(
        [sys.executable, "-m", "a11y_dominion", "scenario", str(path), "--json"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert (out["ok"], out["refused_line"], out["error"]) == (False, 1, SLIP)
    assert out["state"]["players"]["Bob"]["hand"] == ["Silver", "Copper", "Copper", "Estate"]
    assert out["pending"]["purpose"] == "discard"


def test_without_its_name_the_same_line_answers_the_next_question_silently():
    code, out = run_scenario({**CATAPULT, "script": ["play Catapult", "Silver"]})
    assert code == 0 and out["ok"] is True
    assert out["state"]["players"]["Bob"]["discard"] == ["Silver", "Curse"]


ANSWERED = {
    **CATAPULT,
    "state": {
        **CATAPULT["state"],
        "players": {**CATAPULT["state"]["players"], "Ann": {"hand": ["Catapult", "Silver", "Estate"]}},
    },
}


@pytest.mark.parametrize(
    "lines",
    [
        ["[trash] Silver", "[discard] Bob: Estate", "[move] end"],
        ["[TRASH] Silver", "Bob: [Discard] Estate", "[Turn] end"],
        ["[trash a card from] Silver", "[bob,  catapult:] Bob: Estate", "[ACTION PHASE] end"],
    ],
)
def test_named_lines_match_by_purpose_or_by_words_of_the_prompt_in_any_case(lines):
    code, out = run_scenario({**ANSWERED, "script": ["play Catapult", *lines]})
    assert (code, out["error"]) == (0, None)
    assert out["state"]["trash"] == ["Silver"]
    assert out["state"]["players"]["Bob"]["discard"] == ["Estate", "Curse"]
    assert out["state"]["turn"]["phase"] == "buy"


@pytest.mark.parametrize(
    "lines, index, error",
    [
        (
            ["[a card to gain] Silver"],
            1,
            'script[1] is for a question whose prompt has "a card to gain", but Ann is asked '
            '"Ann, Catapult: trash a card from your hand" (a trash question).',
        ),
        (
            ["Silver", "Bob: Estate", "[trash] end"],
            3,
            'script[3] is for a trash question, but Ann is at the turn prompt "Ann, Action phase: 0 Actions, 1 Buy, '
            '1 coin".',
        ),
        (
            ["[turn] Silver"],
            1,
            'script[1] is for the turn prompt, but Ann is asked "Ann, Catapult: trash a card from your hand" '
            "(a trash question).",
        ),
        (
            ["[trash Silver"],
            1,
            "[trash Silver starts with [ but has no ]; write the question in brackets, like [trash].",
        ),
        (["[ ] Silver"], 1, "The brackets name no question; write a purpose or words of the prompt, like [trash]."),
    ],
)
def test_a_line_that_does_not_match_fails_with_one_sentence(lines, index, error):
    code, out = run_scenario({**ANSWERED, "script": ["play Catapult", *lines]})
    assert (code, out["ok"], out["refused_line"], out["error"]) == (1, False, index, error)


def test_a_player_named_with_brackets_keeps_the_name_prefix():
    code, out = run_scenario({"players": ["[trash] Ann", "Bob"], "seed": 1, "script": ["[trash] Ann: end"]})
    assert (code, out["error"], out["state"]["turn"]["phase"]) == (0, None, "buy")


HISTORY = case_files("scenarios/history")


def without_history(data: dict) -> dict:
    """``data`` without what happened earlier in its turn: its ``state.turn.gained`` and
    ``state.turn.played`` when it gives them, else its ``state.lasting``."""
    data = copy.deepcopy(data)
    turn = data["state"]["turn"]
    if "gained" in turn or "played" in turn:
        turn.pop("gained", None)
        turn.pop("played", None)
    else:
        del data["state"]["lasting"]
    return data


def test_every_new_position_key_has_a_scenario():
    used = set()
    for path in HISTORY:
        state = load(path)["state"]
        used |= {k for k in ("gained", "played") if k in state["turn"]}
        used |= {e["card"] for e in state.get("lasting", [])}
    assert used == {"gained", "played", "Archive", "Charm", "Donate", "Enchantress"}


@pytest.mark.parametrize("path", HISTORY, ids=lambda p: p.stem)
def test_each_history_scenario_depends_on_its_history(path):
    case = load(path)
    assert failures(case) == []
    assert failures(without_history(case)) != []


BAD = {
    "players": ["Ann", "Bob"],
    "kingdom": ["Archive", "Enchantress", "Charm"],
    "seed": 1,
    "state": {
        "turn": {"player": "Ann"},
        "players": {"Ann": {"in_play": ["Archive", "Enchantress"], "set_aside": ["Gold", "Silver"]}},
    },
    "script": [],
}


@pytest.mark.parametrize(
    "turn, lasting, message",
    [
        ({"gained": "Silver"}, None, "state.turn.gained must be a list of card names."),
        ({"gained": ["Slver"]}, None, "state.turn.gained[0]: Slver is not a card this game knows."),
        ({"played": [3]}, None, "state.turn.played[0] must be a card name."),
        ({"played": "Village"}, None, "state.turn.played must be a list of card names."),
        ({}, {"card": "Archive"}, "state.lasting must be a list of effects, each an object with a card and a player."),
        ({}, ["Archive"], "state.lasting[0] must be an object with a card and a player."),
        (
            {},
            [{"player": "Ann"}],
            "state.lasting[0].card must name the card or Event of the effect, one of "
            "Archive, Charm, Donate, Enchantress.",
        ),
        (
            {},
            [{"card": "Village"}],
            "state.lasting[0].card: Village has no lasting effect a position can give; "
            "these do: Archive, Charm, Donate, Enchantress.",
        ),
        ({}, [{"card": "Charm", "player": "Cy"}], "state.lasting[0].player: Cy is not one of the players."),
        (
            {},
            [{"card": "Charm", "set_aside": ["Gold"]}],
            "state.lasting[0].set_aside is not a field of the scenario format; the fields here are card, player.",
        ),
        (
            {"player": "Bob"},
            [{"card": "Charm", "player": "Ann"}],
            "state.lasting[0]: Charm lasts only for the turn it was used, so its player must be the turn player, Bob.",
        ),
        (
            {"player": "Bob"},
            [{"card": "Donate", "player": "Ann"}],
            "state.lasting[0]: Donate lasts only for the turn it was used, so its player must be the turn player, Bob.",
        ),
        ({}, [{"card": "Archive"}], "state.lasting[0].set_aside must be a list of card names."),
        (
            {},
            [{"card": "Archive", "set_aside": ["Gold", "Silver", "Gold"]}],
            "state.lasting[0].set_aside must name 1 or 2 cards, those this Archive still holds.",
        ),
        (
            {},
            [{"card": "Archive", "set_aside": ["Copper"]}],
            "state.lasting[0].set_aside: Ann has no Copper set "
            "aside for it; put it in state.players.Ann.set_aside too.",
        ),
        (
            {},
            [{"card": "Archive", "set_aside": ["Gold"]}, {"card": "Archive", "set_aside": ["Silver"]}],
            "state.lasting[1]: Ann has no Archive in play to hold this effect; "
            "put it in state.players.Ann.in_play too.",
        ),
        (
            {},
            [{"card": "Enchantress"}],
            "state.lasting[0]: Ann's Enchantress ends at the start of Ann's turn, so "
            "state.turn.player must be another player.",
        ),
        (
            {"player": "Bob"},
            [{"card": "Enchantress", "player": "Ann", "affects": ["Ann"]}],
            "state.lasting[0].affects: Ann is not one of the other players.",
        ),
        (
            {"player": "Bob"},
            [{"card": "Enchantress", "player": "Ann", "affects": "Bob"}],
            "state.lasting[0].affects must be a list of player names.",
        ),
    ],
)
def test_bad_history_values_are_refused_in_one_sentence(turn, lasting, message):
    data = copy.deepcopy(BAD)
    data["state"]["turn"].update(turn)
    if lasting is not None:
        data["state"]["lasting"] = lasting
    with pytest.raises(ScenarioError) as e:
        load_scenario(data)
    assert str(e.value) == message


@pytest.mark.e2e  # python in another process
def test_a_bad_history_value_exits_2_without_a_traceback(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**BAD, "state": {**BAD["state"], "lasting": [{"card": "Village"}]}}))
    proc = subprocess.run(
        [sys.executable, "-m", "a11y_dominion", "scenario", str(path), "--json"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.endswith(
        "s.json: state.lasting[0].card: Village has no lasting effect a position can give; "
        "these do: Archive, Charm, Donate, Enchantress.\n"
    )
    assert len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("path", HISTORY, ids=lambda p: p.stem)
def test_a_saved_game_from_a_history_position_replays_to_the_same_state(path):
    """A game's record keeps its position, history and lasting effects included, so that
    loading it (undo, a saved game) rebuilds the same game."""
    game, script = load_scenario(scenario(path))
    game.start()
    for line in script:
        _question, rest = split_question(game, line)
        game.answer(parse_line(game, rest)[1])
    again = replay(json.loads(json.dumps(make_record(game))))
    assert snapshot(again) == snapshot(game)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in game.log]


def test_the_docs_list_every_purpose_a_line_may_name():
    text = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("The purposes are "))
    named = set(re.findall(r"`([^`]+)`", line)) | {"move"}
    assert named == {p.value for p in Purpose}


def test_an_answer_read_with_no_decision_pending_is_refused_in_one_sentence():
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.textinput import InputError, parse_answer

    game = Game(GameConfig(["Ann", "Bob"], ["Villa"]))  # not started: nothing is asked
    with pytest.raises(InputError) as refused:
        parse_answer(game, "yes")
    assert str(refused.value) == "The game is over."
