"""Input that cannot hurt: a corpus of hostile typed lines and damaged files.

Every hostile line typed at the console gets one refusal line, changes
nothing in the game, and sends no control, escape or formatting character
back to the terminal; the real prompt_toolkit prompt reads them all without
an unhandled exception. Every damaged save, scenario and settings file is
refused (or its settings ignored) with one sentence, and no file is changed.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import threading
import unicodedata
from pathlib import Path

import pytest

import playcore
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.cli import main
from a11y_dominion.console.persistence import load_game
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from a11y_dominion.files import SAVE_LIMIT, bounded_json, nesting_of, parse_json, write_atomic
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.record import RecordError, dumps, make_record
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.scenario import ScenarioError, load_scenario
from a11y_dominion.settings import load_settings, save_settings
from filemodes import owner_only

# a device, no regular file: endless on POSIX; Windows has its NUL device only
DEVICE = "/dev/zero" if os.name == "posix" else os.devnull

# ------------------------------------------------------------------ the typed lines
ESCAPES = [
    "\x1b[31mred\x1b[0m",
    "\x1b]0;pwned\x07",
    "\x1b]0;pwned\x1b\\",
    "\x1b]8;;http://x\x07link\x1b]8;;\x07",
    "\x1b[2J\x1b[H",
    "\x1b[6n",
    "\x1b[?1049h",
    "\x1b[<0;10;10M",
    "\x1b[M !!",
    "\x1bP+q544e\x1b\\",
    "\x1b_APC\x1b\\",
    "\x1b^PM\x1b\\",
    "\x9b31m",
    "\x9d0;title\x9c",
    "\x1b[200~pasted\x1b[201~",
    "\x1bc",
    "\x1b7\x1b8",
    "\x1b[99999999999999999999A",
    "\x1b[1;2;3;4;5;6;7;8;9;10m",
    "\x1b",
]
INVISIBLE = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u202e",
    "\u202d",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u061c",
    "\u00ad",
    "\ue000",
    "\U000f0000",
]
# lone controls (U+0090, DCS, begins a string that runs to its end: it is among the sequences below)
CONTROLS = ["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x0e", "\x1a", "\x7f", "\x85", "\x80", "\x9c"]
WORDS = ["hand", "buy Gold", "play Villa", "zzz", "pay", "load", "end"]


def hostile_lines() -> list:
    """At least 200 typed lines, none of them a move or a query once cleaned."""
    lines = []
    for i, esc in enumerate(ESCAPES):
        lines += [f"{esc}zq{i}", f"zq{i}{esc}", f"z{esc}q{i}", f"{esc}{esc}{i}q"]
    for i, ch in enumerate(INVISIBLE):
        lines += [f"xx{ch}{i}", f"{ch}buy Nothing{i}", f"play{ch}{ch}Xyz{i}"]
    for i, ch in enumerate(CONTROLS):
        lines += [f"q{ch}{i}", f"{ch}{ch}{ch}z{i}", f"buy{ch} Nothing{i}"]
    for i, word in enumerate(WORDS):
        lines += [f"{word}\x1b[3{i}mzz", f"\x1b]0;{word}\x07zz{i}"]
        lines += [f"{word}\x9b3{i}mzz", f"\x9d0;{word}\x9czz{i}", f"\x90+q{word}\x9czz{i}"]  # 8-bit forms
    lines += [
        "x" * 1001,
        "buy " + "Gold" * 400,
        "play " + "\x1b[31m" * 300,
        "9" * 5000,
        "-1",
        "0",
        "99999999999999999999999",
        "1e400",
        "NaN",
        "buy -1",
        "pay 99999999999999999999999",
        "pay -5",
        "pay 1e9",
        "play 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ",,,,,,",
        "buy ,",
        "Bot: end",
        "Nobody: end",
        "You: Bot: end",
        "💣💣💣",
        "ｂｕｙ Ｇｏｌｄ",
        "e\u0301\u0301\u0301\u0301nd",
        "help nonsense",
        "help \x1b[31mred",
        "card \x1b]0;pwned\x07",
        "card " + "y" * 3000,
        "log -1",
        "log " + "9" * 5000,
        "log \x1b[6nzz",
        "repeat x",
        "load",
        "save",
        "%s%s%s%n",
        "{0.__class__}",
        "'; DROP TABLE games; --",
        "../../../../etc/passwd",
        "\\x1b[31m",
    ]
    return lines


HOSTILE = hostile_lines()


class ListReader:
    """Types the given lines one by one (then ends input), noting where each answer starts and
    the game then (``holder[0].game``: the game of the ``play`` setup that is played)."""

    interactive = False

    def __init__(self, lines: list, out: io.StringIO, holder: list):
        self.lines = list(lines)
        self.out = out
        self.holder = holder
        self.marks: list = []  # (line, printed lines so far, state before the line)

    def read(self, message: str, default: str = ""):
        self.marks.append((len(self.out.getvalue().splitlines()), state(self.holder[0].game)))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def state(game) -> tuple:
    """Everything a typed line could change."""
    return (
        json.dumps(make_record(game)["answers"]),
        len(game.log),
        game.turn.phase,
        game.turn.coins,
        [([c.name for c in p.hand], [c.name for c in p.deck], p.debt) for p in game.players],
    )


NO_SETTINGS = {"keys": {}, "seats": {}}  # the settings file: no keys of the player's own, no seats


def bad_character(text: str) -> bool:
    return any(unicodedata.category(ch).startswith("C") for ch in text)


def test_the_corpus_is_large_enough():
    assert len(HOSTILE) >= 200
    assert len(set(HOSTILE)) == len(HOSTILE)


def test_every_hostile_line_gets_one_sentence_and_changes_nothing():
    from a11y_dominion.console.display import PlainReader
    from a11y_dominion.textinput import typed_line

    save_settings(NO_SETTINGS)
    out = io.StringIO()
    args = playcore.play_args(["--seed", "1"])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int)
    reader = ListReader([typed_line(line) for line in HOSTILE], out, [setup])  # (its game is the one played)
    assert isinstance(PlainReader, type)
    play_on_core(setup, args, reader)
    printed = out.getvalue().splitlines()
    marks = reader.marks
    assert len(marks) >= len(HOSTILE)
    for i, line in enumerate(HOSTILE):
        start, before = marks[i]
        end, after = marks[i + 1]
        said = printed[start:end]
        assert before == after, f"line {i} {line!r} changed the game"
        assert len(said) == 1, f"line {i} {line!r} got {said!r}"
        assert not bad_character(said[0]), f"line {i} {line!r} echoed {said[0]!r}"
        assert len(said[0]) < 400, f"line {i} {line!r} was echoed at length"


def test_the_real_prompt_reads_every_hostile_line_without_a_fault(capsys):
    # Backspace and Delete edit the line at a real prompt ("q", Backspace, "3" is the answer 3),
    # and Ctrl+Z is a key there (the end of input, as at a Windows console: tests/test_keys.py)
    typed = [line for line in HOSTILE if not {"\x08", "\x7f", "\x1a"} & set(line)]
    keys = "".join(line.replace("\r", " ").replace("\n", " ") + "\r" for line in typed) + "hand\r"
    done: list = []
    runner = threading.Thread(
        target=lambda: done.append(playcore.play(["--seed", "1"], keys, settings=NO_SETTINGS, keys=True)),
        daemon=True,
    )
    runner.start()
    runner.join(120)  # a line that makes the prompt loop must fail the test, not hang it
    assert done, "the prompt did not finish"
    printed = done[0].text
    assert "Your hand, 5 cards: 2 Coppers and 3 Estates." in printed.splitlines()[-6:]
    assert not bad_character(printed.replace("\n", ""))
    captured = capsys.readouterr()
    assert "Unhandled exception" not in captured.out + captured.err + printed
    assert "Traceback" not in captured.out + captured.err + printed
    assert done[0].game.answers == []


def test_bytes_that_are_not_utf8_on_standard_input_are_one_refusal(tmp_path, monkeypatch, capsys):
    import sys

    raw = io.BytesIO(b"hand\n\xff\xfe\nstatus\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw, encoding="utf-8", errors="strict"))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    code = main(["play", "--seed", "1", "--speech", "off"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1  # the piped input ended before the game did: a stopped game, as at the host
    assert "Your hand, 5 cards: 2 Coppers and 3 Estates." in lines
    assert "That line is not valid UTF-8." in lines
    assert not any("is not a move" in line for line in lines)
    assert lines[-1] == "Game stopped."
    assert any(line.startswith("You have 0 Debt and 0 VP in tokens") for line in lines)


# ------------------------------------------------------------------ damaged files
def a_real_save() -> str:
    piles, events, landmarks = choose_setup("basic-intro", None, None, 3)
    game = Game(GameConfig(["You", "Bot"], piles, events, landmarks, 3))
    game.start()
    bots = {"You": make_bot("bigmoney", 1), "Bot": make_bot("bigmoney", 2)}
    from a11y_dominion.view import player_view

    for _ in range(40):
        d = game.pending
        game.answer(bots[d.player].decide(d, player_view(game, d.player)))
    return dumps(make_record(game, [["You", "human"], ["Bot", "bigmoney"]]))


def damaged_saves() -> list:
    """(name, bytes): at least 100 damaged save files."""
    good = a_real_save()
    data = json.loads(good)
    out = []
    for i, cut in enumerate(range(1, len(good), max(1, len(good) // 40))):
        out.append((f"cut{i}", good[:cut].encode()))
    for i in range(20):
        b = bytearray(good.encode())
        pos = (i * 7919) % len(b)
        b[pos] = (b[pos] + 1 + i) % 256
        b[(pos * 3) % len(b)] = 0xFF
        out.append((f"flip{i}", bytes(b)))

    def variant(name, change):
        d = json.loads(good)
        change(d)
        out.append((name, json.dumps(d).encode()))

    variant("version-text", lambda d: d.__setitem__("version", "1"))
    variant("version-bool", lambda d: d.__setitem__("version", True))
    variant("version-float", lambda d: d.__setitem__("version", 2.0))
    variant("version-99", lambda d: d.__setitem__("version", 99))
    variant("version-none", lambda d: d.pop("version"))
    variant("format", lambda d: d.__setitem__("format", "chess"))
    variant("config-list", lambda d: d.__setitem__("config", []))
    variant("config-missing", lambda d: d.pop("config"))
    variant("answers-dict", lambda d: d.__setitem__("answers", {}))
    variant("answers-missing", lambda d: d.pop("answers"))
    variant("answers-numbers", lambda d: d.__setitem__("answers", [1, 2, 3]))
    variant("answers-nested", lambda d: d.__setitem__("answers", [[[["x"]]]]))
    variant("answers-wrong", lambda d: d["answers"].insert(3, ["buy Province"]))
    variant("answers-many", lambda d: d["answers"].extend([["nonsense"]] * 100_000))
    variant("players-int", lambda d: d["config"].__setitem__("players", 5))
    variant("players-one", lambda d: d["config"].__setitem__("players", ["Solo"]))
    variant("players-seven", lambda d: d["config"].__setitem__("players", list("ABCDEFG")))
    variant("kingdom-bad", lambda d: d["config"].__setitem__("kingdom", ["Nonsense"] * 10))
    variant("kingdom-int", lambda d: d["config"].__setitem__("kingdom", 10))
    variant("seed-text", lambda d: d["config"].__setitem__("seed", "1"))
    variant("seed-float", lambda d: d["config"].__setitem__("seed", 1.5))
    variant("seed-huge", lambda d: d["config"].__setitem__("seed", 10**200))
    variant("seats-int", lambda d: d.__setitem__("seats", 7))
    variant("seats-bad", lambda d: d.__setitem__("seats", [[1, 2, 3, 4]]))
    variant("seats-kind", lambda d: d.__setitem__("seats", [["You", "robot"], ["Bot", "hal"]]))
    variant("obelisk-int", lambda d: d.__setitem__("obelisk", 3))
    variant("events-bad", lambda d: d["config"].__setitem__("events", ["Nothing"]))
    variant("landmarks-int", lambda d: d["config"].__setitem__("landmarks", [1]))
    out += [
        ("empty", b""),
        ("null", b"null"),
        ("list", b"[]"),
        ("string", b'"save"'),
        ("number", b"12"),
        ("nan", b'{"format": NaN}'),
        ("infinity", b'{"version": Infinity}'),
        ("big-number", b'{"version": 1e400}'),
        ("digits", ('{"version": ' + "9" * 5000 + "}").encode()),
        ("deep-list", b"[" * 100_000 + b"]" * 100_000),
        ("deep-object", b'{"a":' * 50_000 + b"1" + b"}" * 50_000),
        ("deep-answers", ('{"format": "a11y-dominion", "answers": ' + "[" * 500 + "]" * 500 + "}").encode()),
        ("latin1", '{"format": "é"}'.encode("latin-1")),
        ("utf16", good.encode("utf-16")),
        ("binary", bytes(range(256)) * 4),
        ("nul", b"\x00" * 1000),
        ("bom-damaged", b"\xef\xbb\xbf{"),
        ("trailing", (good + "garbage").encode()),
        ("two-objects", (good + good).encode()),
        ("escape-name", json.dumps({**data, "seats": [["\x1b]0;pwned\x07", "human"]]}).encode()),
    ]
    for i, bad in enumerate(["\x1b]0;pwned\x07You", "You\u202e", "Y\x00u", "\u200bYou", "You\x9b31m"]):
        players = [bad, "Bot"]
        variant(f"player-name{i}", lambda d, p=players: (d["config"].__setitem__("players", p), d.pop("seats")))
    variant("kingdom-escape", lambda d: d["config"]["kingdom"].__setitem__(0, "\x1b[31mEvilCard"))
    variant("events-escape", lambda d: d["config"].__setitem__("events", ["\x1b]0;pwned\x07"]))
    return out


def test_there_are_a_hundred_damaged_saves():
    assert len(damaged_saves()) >= 100


def fingerprint(path: Path) -> tuple:
    st = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), st.st_size, st.st_mtime_ns


def one_sentence(text: str) -> bool:
    return "\n" not in text and text.endswith((".", "?")) and "Traceback" not in text and not bad_character(text)


def test_every_damaged_save_is_refused_in_one_sentence_and_left_alone(tmp_path):
    for name, content in damaged_saves():
        path = tmp_path / f"{name}.json"
        path.write_bytes(content)
        before = fingerprint(path)
        try:
            load_game(str(path))
        except RecordError as e:
            assert one_sentence(str(e)), f"{name}: {e!r}"
        else:
            pytest.fail(f"{name} was loaded")
        assert fingerprint(path) == before, name


def test_a_bom_save_loads_and_odd_files_are_refused_before_reading(tmp_path):
    good = a_real_save()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + good.encode())
    game, seats = load_game(str(path))
    assert len(game.answers) == 40 and seats == [("You", "human"), ("Bot", "bigmoney")]
    for odd, sentence in (
        (DEVICE, f"{DEVICE} is not a regular file."),
        (str(tmp_path), f"{tmp_path} is not a regular file."),
        (str(tmp_path / "none.json"), f"There is no file named {tmp_path / 'none.json'}."),
    ):
        with pytest.raises(RecordError) as e:
            load_game(odd)
        assert str(e.value) == sentence
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(SAVE_LIMIT + 1)  # sparse: costs no disk
    with pytest.raises(RecordError) as e:
        load_game(str(big))
    assert str(e.value) == f"{big} is larger than 16384 KiB, too large for this kind of file."
    with pytest.raises(RecordError) as e:
        load_game(str(tmp_path / ("n" * 10_000)))
    assert len(str(e.value)) < 260


def test_version_messages_say_what_is_wrong(tmp_path):
    data = json.loads(a_real_save())
    for version, sentence in (
        ("1", "The saved game's version must be a whole number, such as 1 or 2."),
        (None, "The saved game has no version number; this program reads version 1 or 2."),
        (7, "The saved game has version 7; this program reads version 1 or 2."),
    ):
        d = dict(data)
        if version is None:
            d.pop("version")
        else:
            d["version"] = version
        path = tmp_path / "v.json"
        path.write_text(json.dumps(d))
        with pytest.raises(RecordError) as e:
            load_game(str(path))
        assert str(e.value) == sentence


def test_load_at_the_console_keeps_the_game_and_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"[" * 100_000)
    before = fingerprint(bad)
    lines = playcore.play(["--seed", "1"], f"load {bad}\rhand\r", settings=NO_SETTINGS, keys=True).lines
    assert f"Cannot load {bad}: The save file is nested more than 64 levels deep. The game goes on unchanged." in lines
    assert "Your hand, 5 cards: 2 Coppers and 3 Estates." in lines
    assert fingerprint(bad) == before


def test_save_is_atomic_and_asks_before_replacing(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("my old save")
    typed = f"save {target}\rno\rsave {target}\ryes\r"
    lines = playcore.play(["--seed", "1"], typed, settings=NO_SETTINGS, keys=True).lines
    assert "Not saved. The file is as it was." in lines
    assert f"Game saved to {target}." in lines
    assert json.loads(target.read_text())["format"] == "a11y-dominion-record"
    assert [p.name for p in tmp_path.iterdir() if p.name != "data"] == ["game.json"]  # no temporary file left
    assert oct(target.stat().st_mode & 0o777) == oct(owner_only())  # a save is readable by its owner only


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "keep.json"
    target.write_text("the old save, whole")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(str(target), "x" * 10_000)
    assert target.read_text() == "the old save, whole"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_nesting_and_numbers():
    assert nesting_of(bounded_json('{"a": "[[[[", "b": [[1]]}', 100)) == 3
    assert nesting_of(bounded_json("[" * 70 + "]" * 70, 1000, most=100), 100) == 70
    assert nesting_of(bounded_json("[" * 70 + "]" * 70, 1000, most=100), 64) == 65  # counting stops there
    for text in ("1e400", "-1e400", "[Infinity]", "NaN"):
        with pytest.raises(ValueError):
            parse_json(text)
    assert parse_json('{"rate": 1.5}') == {"rate": 1.5}


# ------------------------------------------------------------------ scenarios and settings
SCENARIO = {
    "players": ["A", "B"],
    "kingdom": ["Patrician", "Castles", "Villa", "Temple", "Engineer", "Legionary", "Settlers", "Catapult"]
    + ["Gladiator", "Encampment"],
    "script": ["A: end"],
}


@pytest.mark.parametrize(
    ("state", "sentence"),
    [
        ({"piles": {"Villa": {"count": 10**12}}}, "state.piles.Villa.count must be a whole number from 0 to 500."),
        (
            {"piles": {"Castles": {"cards": ["King's Castle", "Humble Castle"]}}},
            "state.piles.Castles.cards: King's Castle cannot be above Humble Castle; the Castles pile keeps its "
            "order, top first: Humble Castle, Crumbling Castle, Small Castle, Haunted Castle, Opulent Castle, "
            "Sprawling Castle, Grand Castle, King's Castle.",
        ),
        (
            {"piles": {"Patrician": {"cards": ["Emporium", "Patrician"]}}},
            "state.piles.Patrician.cards: Emporium cannot be above Patrician; the Patrician/Emporium pile keeps its "
            "order, top first: Patrician, Emporium.",
        ),
        (
            {"players": {"A": {"hand": ["Copper"] * 501}}},
            "state.players.A.hand has 501 cards; a scenario may give at most 500.",
        ),
        ({"players": {"A": {"debt": 10**9}}}, "state.players.A.debt must be a whole number from 0 to 10000."),
        ({"turn": {"coins": -1}}, "state.turn.coins must be a whole number from 0 to 10000."),
    ],
)
def test_impossible_scenarios_are_refused_naming_the_field(state, sentence):
    with pytest.raises(ScenarioError) as e:
        load_scenario({**SCENARIO, "state": state})
    assert str(e.value) == sentence


def test_damaged_scenario_files_get_one_sentence(tmp_path, capsys):
    for name, content in (
        ("deep", b"[" * 100_000),
        ("zero", None),
        ("latin1", '{"players": "é"}'.encode("latin-1")),
        ("seed", ('{"players": ["A", "B"], "script": [], "seed": ' + "7" * 5000 + "}").encode()),
    ):
        path = DEVICE if content is None else str(tmp_path / f"{name}.json")
        if content is not None:
            Path(path).write_bytes(content)
        code = main(["scenario", path, "--json"])
        err = capsys.readouterr().err.strip()
        assert code == 2, name
        assert "\n" not in err and err.startswith("a11y-dominion: ") and len(err) < 400, (name, err)


@pytest.mark.parametrize(
    "content",
    [b'{"rate": 1e400}', b'{"rate": ' + b"[" * 10_000 + b"]" * 10_000 + b"}", b"\xff\xfe", b"[]", b"{", b"null"],
)
def test_damaged_settings_files_leave_the_defaults_and_one_warning(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    data, warning = load_settings(path)
    assert data["rate"] is None and data["speech"] == "auto"
    assert warning is not None and str(warning).startswith(f"Settings file {path} is damaged; using the defaults.")
    assert one_sentence(str(warning).replace(".", "", 0)) or "\n" not in str(warning)
    assert path.read_bytes() == content


def test_values_from_files_are_quoted_cleaned_and_names_refused(tmp_path, capsys):
    """A value from a file is quoted with ? for each control or escape character, on
    standard error too; a player's name with one is refused, naming the field."""
    data = json.loads(a_real_save())
    named = tmp_path / "named.json"
    named.write_text(json.dumps({**data, "config": {**data["config"], "players": ["\x1b]0;pwned\x07You", "Bot"]}}))
    before = fingerprint(named)
    assert main(["play", "--speech", "off", "--load", str(named)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"a11y-dominion: cannot load {named}: The saved game's player name ?]0;pwned?You (in players) holds "
        "control, escape or formatting characters, which a name cannot have.\n"
    )
    assert fingerprint(named) == before
    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps({**data, "config": {**data["config"], "kingdom": ["\x1b[31mEvilCard"]}}))
    assert main(["play", "--speech", "off", "--load", str(evil)]) == 2
    assert capsys.readouterr().err == (
        f"a11y-dominion: cannot load {evil}: The saved game's setup is damaged: "
        "?[31mEvilCard is not a Kingdom pile this game knows.\n"
    )
    odd = tmp_path / "\x1b]0;pwn\x07.json"
    odd.write_text("{")
    assert main(["play", "--speech", "off", "--load", str(odd)]) == 2
    assert capsys.readouterr().err == (
        f"a11y-dominion: cannot load {tmp_path}/?]0;pwn?.json: The save file is not valid JSON (line 1).\n"
    )
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"keys": {"hand": "\x1b[31mctrl-c"}}))
    before = fingerprint(settings)
    os.environ["A11Y_DOMINION_CONFIG"] = str(settings)  # the conftest fixture puts it back after the test
    assert main(["settings", "show"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        f"Some settings in {settings} were ignored: "
        "?[31mctrl-c is not a key name; use one such as f2, alt+h or ctrl+r.\n"
    )
    assert not bad_character(captured.out.replace("\n", ""))
    assert fingerprint(settings) == before
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({**SCENARIO, "players": ["A", "B\u202eA"], "script": []}))
    assert main(["scenario", str(scenario), "--json"]) == 2
    assert capsys.readouterr().err == (
        f"a11y-dominion: invalid scenario {scenario}: players[1]: the name B?A holds control, escape or "
        "formatting characters, which a name cannot have.\n"
    )


def test_a_loaded_file_with_escapes_in_its_name_is_named_cleaned_every_time(tmp_path, monkeypatch, capsys):
    import sys

    path = tmp_path / "\x1b]0;pwn\x07.json"
    path.write_text(a_real_save())
    monkeypatch.setattr(sys, "stdin", io.StringIO("hand\n"))
    assert main(["play", "--speech", "off", "--load", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"Loaded {tmp_path}/?]0;pwn?.json." in out.splitlines()
    assert "\x1b" not in out and "\x07" not in out


@pytest.mark.parametrize("rate", [1.5, True, "1.5", "ten", 101, -101, [1]])
def test_a_rate_that_is_not_a_whole_number_is_refused(tmp_path, rate):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rate": rate}))
    data, warning = load_settings(path)
    assert data["rate"] is None
    assert "rate must be a whole number from -100 to 100, or default." in str(warning)


def test_a_long_seed_is_refused_without_echoing_it(capsys):
    with pytest.raises(SystemExit) as e:
        main(["play", "--seed", "9" * 5000])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        "a11y-dominion play: argument --seed: must be a whole number from 0 to 9223372036854775807. "
        "Type a11y-dominion --help for the options.\n"
    )
