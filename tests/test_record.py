"""Save files: damaged ones are refused with one sentence, never a traceback."""

import json

import pytest

from a11y_dominion.record import RecordError, dumps, load_record, make_record, replay
from a11y_dominion.rules.game import Game, GameConfig


def saved_game():
    g = Game(GameConfig(["Ann", "Bob"], ["Villa", "Castles"], ["Wedding"], ["Tower"], 4))
    g.start()
    g.answer(["treasures"])
    return g


def test_round_trip_gives_the_same_events():
    g = saved_game()
    again = replay(load_record(dumps(make_record(g))))
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in g.log]


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["config"].update(seed="abc"),
        lambda r: r["config"].update(players=None),
        lambda r: r["config"].update(kingdom=["Nonsense"]),
        lambda r: r["config"].update(events=["Donate", "Donate"]),
    ],
)
def test_damaged_setup_is_one_sentence(change):
    r = make_record(saved_game())
    change(r)
    with pytest.raises(RecordError) as info:
        replay(load_record(json.dumps(r)))
    text = str(info.value)
    assert text.startswith("The saved game's setup is damaged")
    assert "NoneType" not in text and "int()" not in text


def test_answers_that_do_not_fit_are_refused():
    r = make_record(saved_game())
    r["answers"].append(["buy:Province"])
    with pytest.raises(RecordError, match="Answer 2 in the saved game does not fit the game"):
        replay(r)


@pytest.mark.parametrize(
    "text, start",
    [
        ("{nope", "The save file is not valid JSON"),
        ('{"format": "other"}', "This file is not an a11y-dominion saved game."),
    ],
)
def test_not_a_save_file(text, start):
    with pytest.raises(RecordError) as info:
        load_record(text)
    assert str(info.value).startswith(start)


def test_version_1_records_with_text_moves_load():
    """Version 1 wrote turn moves as text ("play:Villa"); such a save replays
    to the same game as the version 2 record with moves as objects."""
    g = Game(GameConfig(["Ann", "Bob"], ["Villa", "Castles"], ["Wedding"], ["Tower"], 4))
    g.start()
    for move in (["treasures"], ["buy:Silver"], ["end"]):
        g.answer(move)
    new = make_record(g)
    assert new["version"] == 2
    assert new["answers"][:2] == [[{"move": "treasures"}], [{"move": "buy", "card": "Silver"}]]
    old = dict(new, version=1, answers=[["treasures"], ["buy:Silver"], ["end"]])
    again = replay(load_record(json.dumps(old)))
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in g.log]
    assert again.answers == g.answers


def test_a_version_the_program_does_not_read_is_named():
    r = make_record(saved_game())
    r["version"] = 7
    with pytest.raises(RecordError) as err:
        load_record(json.dumps(r))
    assert str(err.value) == "The saved game has version 7; this program reads version 1 or 2."
