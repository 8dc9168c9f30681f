"""Issue 21, item 3: crafted JSON is read in time linear in its size, or refused in one sentence.

The nesting check before parsing took time that grew with the square of the text on an
unclosed run of ``"\\"\\"\\"...``: 32 KB took 12.9 s, a 50 KB save, scenario or settings
file 9 to 18 s, a 200 KB save made ``play --load`` run past 120 s. Every file and every
line of the seat protocol is now read by :func:`~a11y_dominion.files.bounded_json`.
"""

from __future__ import annotations

import time

import pytest

from a11y_dominion.cli import main
from a11y_dominion.console.persistence import load_game
from a11y_dominion.files import MIB, JsonRefused, bounded_json, parse_json
from a11y_dominion.record import RecordError
from a11y_dominion.remote.client import read_seats_file
from a11y_dominion.remote.joinlink import JoinError
from a11y_dominion.remote.protocol import MAX_FROM_HOST, MAX_MESSAGE, host_entry
from a11y_dominion.settings import load_settings


def crafted(size: int) -> bytes:
    """The issue's text: a quote, then ``\\"`` again and again, never closed; ``size`` bytes."""
    return b'"' + b'\\"' * ((size - 1) // 2)


def cpu_seconds(text, repeat: int) -> float:
    """The least thread CPU time of ``repeat`` rounds of reading ``text`` (refused or not)."""
    best = float("inf")
    for _ in range(5):
        start = time.thread_time()
        for _ in range(repeat):
            try:
                parse_json(text, "save file")
            except ValueError:
                pass
        best = min(best, time.thread_time() - start)
    return best


@pytest.mark.parametrize("small, large", [(2 * 1024, 32 * 1024), (32 * 1024, 512 * 1024)])
def test_sixteen_times_the_crafted_text_costs_far_less_than_256_times(small, large):
    # a quadratic reading costs 16 ** 2 = 256 times as much for 16 times the size (the old
    # check: 13 ms for 2 KiB, 3.3 s for 32 KiB here); a linear one about 16 times
    ratio = cpu_seconds(crafted(large).decode(), 20) / cpu_seconds(crafted(small).decode(), 20)
    assert ratio < 64


@pytest.mark.parametrize("size", [32_000, 50_000, 200_000])
def test_the_issues_crafted_save_scenario_and_settings_files_are_refused_in_one_sentence(tmp_path, size, capsys):
    path = tmp_path / f"crafted-{size}.json"
    path.write_bytes(crafted(size))
    with pytest.raises(RecordError) as e:
        load_game(str(path))
    assert str(e.value) == "The save file is not valid JSON (line 1)."
    assert main(["play", "--speech", "off", "--load", str(path)]) == 2
    assert capsys.readouterr().err == f"a11y-dominion: cannot load {path}: The save file is not valid JSON (line 1).\n"
    assert main(["scenario", str(path), "--json"]) == 2
    assert capsys.readouterr().err == (
        f"a11y-dominion: cannot read scenario {path}: The scenario file is not valid JSON (line 1).\n"
    )
    data, warning = load_settings(path)
    assert data["verbosity"] == "normal"
    assert str(warning) == (
        f"Settings file {path} is damaged; using the defaults. Fix or delete it. "
        "The settings file is not valid JSON (line 1)."
    )


def test_deep_nesting_and_numbers_out_of_range_are_refused(tmp_path):
    for text, sentence in (
        ("[" * 100_000, "The save file is nested more than 64 levels deep."),
        ("[" * 65 + "]" * 65, "The save file is nested more than 64 levels deep."),
        ('{"a": ' * 65 + "1" + "}" * 65, "The save file is nested more than 64 levels deep."),
        ('{"seed": 1e400}', "The save file holds a number that is out of range."),
        ("[-1e400]", "The save file holds a number that is out of range."),
        ("[NaN]", "The save file holds a number that is out of range."),
        ("[" + "9" * 5000 + "]", "The save file holds a number that is out of range."),
        ('{\n "a": 1,\n "b": [1, 2,\n}', "The save file is not valid JSON (line 4)."),
        ("[" + "0," * 500_000 + "0]", "The save file holds more than 500000 values."),
        ("[" + "[]," * 250_000 + "[]]", "The save file holds more than 500000 values."),
    ):
        path = tmp_path / "bad.json"
        path.write_text(text)
        with pytest.raises(RecordError) as e:
            load_game(str(path))
        assert str(e.value) == sentence, text[:20]
    assert parse_json("[" * 64 + "]" * 64) == eval("[" * 64 + "]" * 64)  # 64 levels are read
    assert parse_json('{"seed": 123456789012345678901234567890}') == {"seed": 123456789012345678901234567890}


def test_a_text_over_its_limit_is_refused_before_it_is_read():
    with pytest.raises(JsonRefused) as e:
        bounded_json(b"[" + b"1," * 600 + b"1]", 1000)
    assert e.value.reason == "large"
    with pytest.raises(JsonRefused) as e:
        bounded_json("é" * 600, 1000)  # 1200 bytes of UTF-8
    assert e.value.reason == "large"
    assert bounded_json("[" + "1," * 400 + "1]", 1000) == [1] * 401


def test_the_host_refuses_a_crafted_line_as_not_json_and_a_deep_one_as_too_deep():
    from a11y_dominion.remote.protocol import ERRORS, MAX_DEPTH, ProtocolOutlet, Rate

    sent: list = []
    outlet = ProtocolOutlet.__new__(ProtocolOutlet)
    outlet.send = sent.append
    outlet.rate = Rate(per_second=100)
    outlet.host = None  # (no host to tell that the player typed)
    for line in (crafted(MAX_MESSAGE - 10).decode(), '{"type": "say", "text": 1e400}', "[" * 60_000):
        outlet.received(line)
    assert [m["error"] for m in sent] == ["bad-json", "bad-json", "too-deep"]
    assert sent[0]["text"] == ERRORS["bad-json"]
    assert str(MAX_DEPTH) in sent[2]["text"]


def test_the_join_client_leaves_out_a_crafted_or_deep_line():
    bad = ("bad", "The host sent a line this program cannot read; it was left out.")
    deep = ("bad", "The host sent a message nested too deep to read; it was left out.")
    for line, said in (
        (crafted(MIB).decode(), bad),
        ("[" * 100_000 + "]" * 100_000, deep),
        ('{"type": ' * 70 + "1" + "}" * 70, deep),
    ):
        kind, why = host_entry(line)
        assert (kind, str(why)) == said
    assert host_entry('{"type": "text", "text": "Hi"}') == ("message", {"type": "text", "text": "Hi"})
    assert MAX_FROM_HOST >= MIB


def test_a_crafted_seats_file_is_one_sentence(tmp_path):
    path = tmp_path / "seats.json"
    path.write_bytes(b'{"seats": ' + b"[" * 100_000)
    with pytest.raises(JoinError) as e:
        read_seats_file(str(path), None)
    assert str(e.value) == f"{path} is not a seats file as the host writes it (JSON with host, port and seats)."
