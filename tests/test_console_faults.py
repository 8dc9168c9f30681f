"""Faults new players met at the keyboard's console, each with the outcome it has now."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest


def play_command(*args: str) -> tuple:
    """The installed command (or the module) with ``args``."""
    exe = shutil.which("a11y-dominion")
    if exe:
        return exe, list(args)
    return sys.executable, ["-m", "a11y_dominion", *args]


def answers_kept(data: Path) -> list:
    """Who gave each answer in the one autosave of the data folder ``data`` (none before it is made)."""
    files = list((data / "games").glob("*.jsonl"))
    if not files:
        return []
    lines = [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines() if line.endswith("}")]
    return [line["p"] for line in lines if "a" in line]


# ------------------------------------------------------------------ Ctrl+C while a bot thinks


def game_env(tmp_path, data):
    """The environment of a game started in a pseudo-terminal: a dumb terminal, no screen reader,
    the settings file in ``tmp_path`` and the data folder ``data``."""
    return dict(
        os.environ,
        TERM="dumb",
        A11Y_DOMINION_SCREEN_READER="no",
        A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"),
        A11Y_DOMINION_DATA=str(data),
    )


@pytest.mark.posix
@pytest.mark.e2e
@pytest.mark.parametrize(
    "lang, goes_on, question, stay, stopped",
    [
        (
            "en",
            "The game goes on. To stop it, press Ctrl+C again or type quit.",
            "Type yes to stop: ",
            "The game goes on.",
            "Game stopped.",
        ),
        (
            "nl",
            "Het spel gaat verder. Druk nog eens op Ctrl+C of typ stoppen om het te stoppen.",
            "Typ ja om te stoppen: ",
            "Het spel gaat verder.",
            "Spel gestopt.",
        ),
    ],
)
def test_ctrl_c_while_the_hard_bot_thinks_goes_on_and_a_second_asks_to_stop(
    tmp_path, lang, goes_on, question, stay, stopped
):
    pexpect = pytest.importorskip("pexpect")
    data = tmp_path / "data"
    env = game_env(tmp_path, data)
    human = "You" if lang == "en" else "Jij"
    # the hard bot thinks 60 seconds a decision: every Ctrl+C below comes while it thinks
    exe, args = play_command(
        "play", "--speech", "off", "--seed", "1", "--lang", lang,
        "--players", f"{human}:human,Bot:hard", "--think-ms", "60000",
    )  # fmt: skip
    child = pexpect.spawn(exe, args, env=env, timeout=30, encoding="utf-8")  # only a hang takes this long
    try:
        child.expect(f"{human}> ")
        child.sendline("end")  # Action phase to Buy phase
        child.expect(f"{human}> ")
        child.sendline("end")  # the turn ends: the bot's turn
        while len(answers_kept(data)) < 2:  # the turn's end is kept: the bot's turn has begun
            time.sleep(0.05)
        child.send("\x03")
        child.expect_exact(goes_on)
        child.send("\x03")
        child.expect_exact(question)
        child.sendline("no" if lang == "en" else "nee")
        child.expect_exact(stay + "\r\n")
        child.send("\x03")  # the count starts again: the game goes on once more
        child.expect_exact(goes_on)
        child.send("\x03")
        child.expect_exact(question)
        child.sendline("yes" if lang == "en" else "ja")
        child.expect_exact(stopped)
        child.expect(pexpect.EOF)
        printed = child.before
    finally:
        child.close(force=True)
    assert child.exitstatus == 1  # stopped before its end, as quit stops it
    assert "Traceback" not in printed
    kept = answers_kept(data)  # nothing lost: resume goes on in the bot's turn
    assert kept[:2] == [human, human] and set(kept[2:]) <= {"Bot"}


# ------------------------------------------------------------------ terse keeps what opponents bought
def console_lines(lang: str, script: str, verbosity: str = "normal") -> tuple:
    """(console, printed lines) of the basic-intro game at seed 1 against the Big Money bot at
    ``verbosity`` in ``lang``, with ``script`` typed (plain lines, speech off)."""
    import playcore

    human = "You" if lang == "en" else "Jij"
    played = playcore.play(
        ["--seed", "1", "--verbosity", verbosity, "--lang", lang, "--players", f"{human}:human,Bot:bigmoney"], script
    )
    return played, played.lines


@pytest.mark.parametrize(
    "lang, script, bought",
    [
        ("en", "play treasures\nend\nlog\n", ["Bot buys Silver."]),
        ("nl", "speel geldkaarten\neinde\nlog\n", ["Bot koopt Zilver."]),
    ],
)
def test_terse_says_what_each_opponent_bought_and_log_has_it(lang, script, bought):
    console, lines = console_lines(lang, script, "terse")
    human = "You" if lang == "en" else "Jij"
    at_log = lines.index(f"{human}> log")
    assert [line for line in lines[:at_log] if line.startswith("Bot ")] == bought  # said as it happened
    assert [line for line in lines[at_log:] if line.startswith("Bot ")] == bought  # and found again in log


# ------------------------------------------------------------------ repeat at a card's question
CHAPEL_POSITION = {
    "players": ["Ann", "Bot"],
    "kingdom": ["Villa", "Smithy", "Market", "Sacrifice", "Chapel", "Moat", "Cellar", "Mine", "Witch", "Workshop"],
    "seed": 1,
    "state": {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Chapel", "Copper", "Estate"], "deck": ["Estate"] * 5}},
    },
    "script": [],
}


def position_session(tmp_path, text: str, lang: str) -> list:
    """The printed lines of ``play --position`` of :data:`CHAPEL_POSITION` (Ann against the Big
    Money bot, in ``lang``) with ``text`` typed through prompt_toolkit's own line editor (so
    that F2 is a key), then the end of input."""
    import playcore

    f = tmp_path / "position.json"
    f.write_text(json.dumps(CHAPEL_POSITION), encoding="utf-8")
    options = ["--lang", lang, "--position", str(f), "--players", "Ann:human,Bot:bigmoney"]
    return playcore.play(options, text, keys=True).lines


@pytest.mark.parametrize(
    "lang, play, repeat, played, asked",
    [
        ("en", "play Chapel", "repeat", "You play Chapel.", "Chapel: trash up to 4 cards from your hand."),
        ("nl", "speel Kapel", "herhaal", "Je speelt Kapel.", "Kapel: vernietig tot 4 kaarten uit je hand."),
    ],
)
def test_repeat_and_f2_at_a_card_question_say_the_question_again(tmp_path, lang, play, repeat, played, asked):
    lines = position_session(tmp_path, f"{play}\r{repeat}\r\x1bOQ", lang)
    first = lines.index(asked)  # the question as it was put
    # repeat, then F2: each the last message and the question that stands, nothing else
    assert lines[first - 1] == played
    assert lines[-5:-1] == [played, asked, played, asked]


# ------------------------------------------------------------------ files that cannot be written
def os_reason(make) -> str:
    """The reason the operating system gives when ``make()`` fails (as the game's own write does)."""
    try:
        make()
    except OSError as e:
        return str(e.strerror or e)
    raise AssertionError("it was written")


@pytest.mark.parametrize(
    "lang, script, unsaved, settings",
    [
        (
            "en",
            "play treasures\nsettings set verbosity terse\nend\n",
            "The game is not saved as you play: {folder} cannot be written ({error}).",
            "Verbosity is now terse. It holds for this game only: {file} cannot be written ({error}).",
        ),
        (
            "nl",
            "speel geldkaarten\ninstellingen set verbosity terse\neinde\n",
            "Het spel wordt niet bewaard terwijl je speelt: in {folder} kan niet worden geschreven ({error}).",
            "Uitgebreidheid is nu beknopt. Dat geldt alleen voor dit spel: {file} kan niet worden geschreven "
            "({error}).",
        ),
    ],
)
def test_an_autosave_and_settings_file_that_cannot_be_written_are_said_once_and_the_game_goes_on(
    tmp_path, monkeypatch, lang, script, unsaved, settings
):
    import playcore

    blocker = tmp_path / "a-file"  # a file where the folders should be: no folder can be made in it
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(blocker / "data"))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(blocker / "settings.json"))
    games = blocker / "data" / "games"
    human = "You" if lang == "en" else "Jij"
    console = playcore.play(["--seed", "1", "--lang", lang, "--players", f"{human}:human,Bot:bigmoney"], script)
    lines = console.lines
    said = unsaved.format(folder=games, error=os_reason(lambda: games.mkdir(parents=True)))
    assert lines.count(said) == 1  # once, at the first answer it could not keep
    kept = settings.format(file=blocker / "settings.json", error=os_reason(lambda: blocker.mkdir(exist_ok=True)))
    assert kept in lines
    assert ("Your turn 2." if lang == "en" else "Jouw beurt 2.") in lines  # the game went on
    assert console.verbosity == "terse"


@pytest.mark.parametrize(
    "lang, sentence",
    [
        ("en", "It holds for this game only: {file} cannot be written ({error})."),
        ("nl", "Dat geldt alleen voor dit spel: {file} kan niet worden geschreven ({error})."),
    ],
)
def test_the_screen_reader_answer_that_cannot_be_kept_is_said(tmp_path, monkeypatch, lang, sentence):
    import io

    from a11y_dominion.console.start import ask_screen_reader
    from a11y_dominion.i18n import Language

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(blocker / "settings.json"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("yes\n" if lang == "en" else "ja\n"))
    out = io.StringIO()
    assert ask_screen_reader(Language(lang), out) == "yes"  # it holds for this game
    error = os_reason(lambda: blocker.mkdir(exist_ok=True))
    # (after the question, on its line: the answer piped in is not echoed)
    assert out.getvalue().endswith(": " + sentence.format(file=blocker / "settings.json", error=error) + "\n")


# ------------------------------------------------------------------ Advance with no Action card in hand
@pytest.mark.parametrize(
    "lang, typed, said",
    [
        (
            "en",
            "buy Advance\n",
            "You buy the Event Advance. You have no Action card in hand to trash, so Advance does nothing. 0 Buys.",
        ),
        (
            "nl",
            "koop Promotie\n",
            "Je koopt de gebeurtenis Promotie. Je hebt geen actiekaart in je hand om te vernietigen, "
            "dus Promotie doet niets. 0 aanschaffen.",
        ),
    ],
)
def test_advance_bought_with_no_action_card_in_hand_says_it_does_nothing(lang, typed, said):
    from a11y_dominion.rules import events as ev
    from a11y_dominion.view import redact_all
    from test_console import position_console

    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Copper", "Estate"], "deck": ["Estate"] * 5}},
    }
    console, lines = position_console(state, typed, events=("Advance",), lang=lang)
    assert said in lines
    assert [e.event for e in console.game.log if isinstance(e, ev.EventBought)] == ["Advance"]  # bought all the same
    # what is in Ann's hand is Ann's to know: the other player hears the buy alone
    assert not any(isinstance(e, ev.Note) for e in redact_all(console.game.log, "Bot"))


# ------------------------------------------------------------------ the start of several names
@pytest.mark.parametrize(
    "lang, script, said",
    [
        ("en", "play treasures\nbuy f\n", "f could be Farmers' Market or Forum; type more of the name."),
        ("en", "play treasures\nbuy s\n", "s could be Silver or Sacrifice; type more of the name."),
        ("en", "play treasures\nbuy ca\n", "Humble Castle costs 3 coins; you have 2 coins."),
        (
            "nl",
            "speel geldkaarten\nkoop b\n",
            "b kan Bescheiden kasteel, Boerenmarkt of Bruiloft zijn; typ meer van de naam.",
        ),
    ],
)
def test_a_buy_of_the_start_of_several_names_none_affordable_says_which_they_are(lang, script, said):
    console, lines = console_lines(lang, script)
    typed = ("You> " if lang == "en" else "Jij> ") + script.splitlines()[-1]
    assert lines[lines.index(typed) + 1] == said
    assert len(console.game.answers) == 1  # nothing bought


# ------------------------------------------------------------------ a damaged autosave
def kept_game(lang: str) -> Path:
    """The autosave of a game of two answers (Treasures played, a Silver bought) in ``lang``."""
    from a11y_dominion import autosave

    script = "play treasures\nbuy Silver\n" if lang == "en" else "speel geldkaarten\nkoop Zilver\n"
    console_lines(lang, script.replace("Silver", "Copper").replace("Zilver", "Koper"))
    (path,) = sorted(autosave.games_dir().glob("*.jsonl"))
    return path


def console_at(lang: str, resume: bool, script: str = "") -> list:
    """The printed lines of ``play`` (or ``resume``) in ``lang`` with ``script`` typed."""
    import playcore
    from a11y_dominion import autosave

    resumed = autosave.find_game(None) if resume else None
    _played, text = playcore.run(["--seed", "1", "--lang", lang], script, settings={}, resume=resumed)
    return text.splitlines()


@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "The saved game {id} was cut short inside its last line; it goes on from answer 2, "
            "and the whole file is kept as {file}.",
        ),
        (
            "nl",
            "Het bewaarde spel {id} is afgebroken midden in de laatste regel; het gaat verder vanaf antwoord 2, "
            "en het hele bestand is bewaard als {file}.",
        ),
    ],
)
def test_an_autosave_cut_short_is_said_and_kept_whole_when_it_goes_on(lang, said):
    path = kept_game(lang)
    with open(path, "ab") as f:
        f.write(b'{"n": 2, "p": "You", "a": [{"move": "en')  # cut short inside a write
    whole = path.read_bytes()
    lines = console_at(lang, resume=True)
    kept = path.with_name(path.name + ".damaged")
    assert lines.count(said.format(id=path.stem, file=kept)) == 1
    assert kept.read_bytes() == whole  # the file as it was, kept
    assert path.read_bytes() == whole[: whole.rindex(b"\n") + 1]  # the game goes on from its whole lines


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "The saved game {name} cannot be read, so it is kept as {kept} and a new game starts."),
        (
            "nl",
            "Het bewaarde spel {name} kan niet worden gelezen, dus het is bewaard als {kept} en er begint een nieuw "
            "spel.",
        ),
    ],
)
def test_an_autosave_that_cannot_be_read_is_said_kept_aside_and_a_new_game_starts(lang, said):
    path = kept_game(lang)
    damaged = path.read_bytes()[:100]  # its first line cut short
    path.write_bytes(damaged)
    lines = console_at(lang, resume=False)
    kept = path.with_name(path.name + ".damaged")
    assert lines.count(said.format(name=path.name, kept=kept)) == 1
    assert kept.read_bytes() == damaged  # renamed, not deleted (the new game may take its name)
    assert lines.count("Game seed 1." if lang == "en" else "Spelnummer 1.") == 1  # the new game
    assert console_at(lang, resume=False).count(said.format(name=path.name, kept=kept)) == 0  # said once


@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "a11y-dominion: The saved game {name} cannot be read, so it is kept as {kept}; "
            "a11y-dominion starts a new game.",
        ),
        (
            "nl",
            "a11y-dominion: Het bewaarde spel {name} kan niet worden gelezen, dus het is bewaard als {kept}; "
            "a11y-dominion begint een nieuw spel.",
        ),
    ],
)
def test_resume_of_an_autosave_that_cannot_be_read_says_so_and_keeps_it(tmp_path, monkeypatch, capsys, lang, said):
    from a11y_dominion.cli import main

    path = kept_game(lang)
    damaged = b"{not json\n"
    path.write_bytes(damaged)
    settings = tmp_path / "settings-lang.json"
    settings.write_text(json.dumps({"language": lang}), encoding="utf-8")
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(settings))
    capsys.readouterr()
    assert main(["resume"]) == 2
    kept = path.with_name(path.name + ".damaged")
    assert capsys.readouterr().err.splitlines() == [said.format(name=path.name, kept=kept)]
    assert kept.read_bytes() == damaged and not path.exists()


# ------------------------------------------------------------------ games after load
@pytest.mark.parametrize(
    "lang, where", [("en", "unfinished, at your turn 3:"), ("nl", "onafgemaakt, bij jouw beurt 3:")]
)
def test_games_says_where_a_just_loaded_game_stands(tmp_path, lang, where):
    import playcore
    from a11y_dominion import autosave
    from a11y_dominion.cli import game_lines
    from a11y_dominion.i18n import Language

    f = tmp_path / "two-turns.json"
    moves = "play treasures\nend\n" if lang == "en" else "speel geldkaarten\neinde\n"
    save = ("save" if lang == "en" else "bewaar") + f" {f}\n"
    console_lines(lang, moves * 2 + save)
    for path in autosave.games_dir().iterdir():
        path.unlink()  # only the loaded game's autosave is left
    playcore.play(["--lang", lang, "--load", str(f)], "hand\n", settings={})  # stopped before any answer
    (line,) = game_lines(autosave.all_games(), Language(lang))
    assert where in line


# ------------------------------------------------------------------ Wild Hunt's question
WILD_HUNT = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "piles": {"Wild Hunt": {"vp_tokens": 3}},
    "players": {"Ann": {"hand": ["Wild Hunt", "Charm", "Copper"], "deck": ["Estate"] * 5}},
}


@pytest.mark.parametrize(
    "lang, typed, asked",
    [
        (
            "en",
            "play Wild Hunt\n",
            [
                "You play Wild Hunt.",
                "Wild Hunt: 3 VP on the Wild Hunt pile.",
                "Choose one, by number or name.",
                "1. +3 Cards and add 1 VP to the Wild Hunt pile (type cards)",
                "2. gain an Estate and take the VP from the Wild Hunt pile (type estate)",
            ],
        ),
        (
            "nl",
            "speel Wilde jacht\n",
            [
                "Je speelt Wilde jacht.",
                "Wilde jacht: 3 punten op de stapel Wilde jacht.",
                "Kies er een, met het nummer of de naam.",
                "1. +3 kaarten en 1 punt op de stapel Wilde jacht",
                "2. pak een Landgoed en neem de punten van de stapel Wilde jacht",
            ],
        ),
    ],
)
def test_wild_hunt_asks_once_and_says_the_vp_on_its_pile(lang, typed, asked):
    from test_console import position_console

    _console, lines = position_console(WILD_HUNT, typed, kingdom=("Wild Hunt", "Charm", "Villa"), lang=lang)
    start = lines.index(asked[0])
    assert lines[start : start + len(asked)] == asked


@pytest.mark.parametrize(
    "lang, typed, asked",
    [
        ("en", "play Charm\nyes\n", ["Charm: which bonus?", "Choose one, by number or name."]),
        (
            "nl",
            "speel Geluksbrenger\nja\n",
            ["Geluksbrenger: welke bonus?", "Kies er een, met het nummer of de naam."],
        ),
    ],
)
def test_charm_asks_choose_one_once(lang, typed, asked):
    from test_console import position_console

    _console, lines = position_console(WILD_HUNT, typed, kingdom=("Wild Hunt", "Charm", "Villa"), lang=lang)
    start = lines.index(asked[0])
    assert lines[start : start + len(asked)] == asked


# ------------------------------------------------------------------ type-ahead while a bot thinks
@pytest.mark.posix
@pytest.mark.e2e
def test_a_line_typed_while_a_bot_thinks_is_shown_once_by_the_prompt_not_among_the_bots_lines(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    data = tmp_path / "data"
    env = game_env(tmp_path, data)
    # the hard bot thinks 4 seconds a buy: the line below is typed while it thinks
    exe, args = play_command(
        "play", "--speech", "off", "--seed", "1", "--players", "You:human,Bot:hard", "--think-ms", "4000",
    )  # fmt: skip
    child = pexpect.spawn(exe, args, env=env, timeout=30, encoding="utf-8")  # only a hang takes this long
    try:
        child.expect("You> ")
        child.sendline("end")
        child.expect("You> ")
        child.sendline("end")
        while len(answers_kept(data)) < 2:  # the turn's end is kept: the bot's turn has begun
            time.sleep(0.05)
        child.send("ha")  # half a line, then the rest once the prompt is back
        child.expect_exact("Your turn 2.")
        between = child.before
        child.expect_exact("You> ha")
        child.send("nd\r")
        child.expect_exact("Your hand, 5 cards: 5 Coppers.")
        at_prompt = child.before
        child.sendline("quit")
        child.expect_exact("Type yes to stop: ")
        child.sendline("yes")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert not [line for line in between.splitlines() if line.startswith("ha")]  # nothing typed among the bot's lines
    assert at_prompt == "nd\r\r\n"  # the prompt shows the line once, whole


# ------------------------------------------------------------------ a strategy that divides by 0
@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "zero.toml, line 3: the condition 'count(Smithy) < count(Treasure) / 0' does not fit: it divides by 0; "
            "divide by a number other than 0, or by a field.",
        ),
        (
            "nl",
            "zero.toml, regel 3: de voorwaarde 'count(Smithy) < count(Treasure) / 0' klopt niet: ze deelt door 0; "
            "deel door een ander getal dan 0, of door een veld.",
        ),
    ],
)
def test_a_strategy_condition_that_divides_by_0_is_refused_naming_file_and_line(tmp_path, monkeypatch, lang, said):
    from a11y_dominion.i18n import Language
    from a11y_dominion.strategies import StrategyError, load_strategy, parse_condition

    (tmp_path / "zero.toml").write_text('[[buy]]\ncard = "Smithy"\nwhen = "count(Smithy) < count(Treasure) / 0"\n')
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StrategyError) as e:
        load_strategy("zero.toml")
    assert Language(lang).msg(e.value.args[0]) == said
    # a field may be 0 in a game: dividing by one is allowed, as docs/strategies.md shows
    assert parse_condition("count(Smithy) < count(Treasure) / count(Smithy)")[1] == "<"


# ------------------------------------------------------------------ simulate names the Kingdom
@pytest.mark.parametrize(
    "lang, named",
    [
        (
            "en",
            [
                "Kingdom: Villa, Castles, Wild Hunt and Patrician/Emporium.",
                "Events: Advance and Tax.",
                "Landmarks: Obelisk.",
            ],
        ),
        (
            "nl",
            [
                "Koninkrijk: Villa, Kastelen, Wilde jacht en Patriciër/Emporium.",
                "Gebeurtenissen: Promotie en Belasting.",
                "Bezienswaardigheden: Obelisk.",
            ],
        ),
    ],
)
def test_simulate_names_the_kingdom_events_and_landmarks_played(tmp_path, monkeypatch, capsys, lang, named):
    from a11y_dominion.cli import main

    settings = tmp_path / "settings-lang.json"
    settings.write_text(json.dumps({"language": lang}), encoding="utf-8")
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(settings))
    argv = ["simulate", "--players", "bigmoney,bigmoney", "--games", "2", "--seed", "4"]
    argv += ["--kingdom", "Villa,Castles,Wild Hunt,Patrician", "--events", "Advance,Tax", "--landmarks", "Obelisk"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == named  # after the games and time, in the Supply's order the games used
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kingdoms"] == [
        {
            "kingdom": ["Villa", "Castles", "Wild Hunt", "Patrician/Emporium"],
            "events": ["Advance", "Tax"],
            "landmarks": ["Obelisk"],
            "games": 2,
        }
    ]


def test_simulate_of_random_kingdoms_says_how_many_and_json_names_each(capsys):
    from a11y_dominion.cli import main
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.setup import resolve_kingdom
    from a11y_dominion.simulate import game_seed

    argv = ["simulate", "--players", "bigmoney,bigmoney", "--games", "3", "--seed", "5", "--kingdom", "random"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "Kingdom: a random one for each game, 3 in all; --json names each, with its games."
    )
    assert main([*argv, "--json"]) == 0
    kingdoms = json.loads(capsys.readouterr().out)["kingdoms"]
    assert [k["kingdom"] for k in kingdoms] == [
        resolve_kingdom(choose_setup("random", None, None, game_seed(5, g))[0]) for g in range(3)
    ]
    assert [k["games"] for k in kingdoms] == [1, 1, 1]
