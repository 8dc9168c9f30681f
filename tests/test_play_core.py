"""``a11y-dominion play`` on the console core (:mod:`a11y_dominion.console.playend`): a new game
of one person against bots is played by the host's own seat's console in a room of its own, with
no network; its opening lines, quit, autosave and ``save FILE`` are ``play``'s.

The game runs in this process, its typed lines piped in (read at questions only, as ``play``
reads piped lines). Ctrl+C while a bot thinks is tested at a real terminal
(tests/test_console_faults.py), and the same scripted session against the other ends in
tests/test_same_session.py.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from a11y_dominion.autosave import unfinished_games
from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.persistence import load_game
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from playcore import fail_once

PLAYERS = "Ann:human,Bot:bigmoney"


def play(typed: str, *options: str, players: str = PLAYERS) -> tuple[int, list[str]]:
    """(exit code, lines shown) of ``play`` with ``options`` and the lines ``typed`` piped in."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "3", "--speech", "off", "--players", players, *options])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int) and setup.on_core()
    code = play_on_core(setup, args, PlainReader(io.StringIO(typed), out))
    return code, out.getvalue().splitlines()


def test_play_opens_with_help_the_speech_mode_and_the_seed_then_the_game(here: Path) -> None:
    code, lines = play("quit\nyes\n")
    assert lines[:5] == [
        "a11y-dominion. Type help for commands; F2 repeats the last message.",
        "Speech is off; the game shows text only.",
        "This game's Kingdom is Basic Intro.",  # (the Kingdom play is given when none is asked for)
        "Game seed 3.",
        "New game for Ann and Bot. You go first.",
    ]
    assert code == 1


def test_a_new_game_names_its_recommended_kingdom_in_english_and_dutch(here: Path) -> None:
    _code, lines = play("quit\nja\n", "--lang", "nl", "--kingdom", "advanced-intro")
    assert lines[2:4] == ["Het koninkrijk van dit spel is Introductie voor gevorderden.", "Spelnummer 3."]
    _code, lines = play("quit\nyes\n", "--kingdom", "Villa,Sacrifice")  # a Kingdom of its own: no name
    assert "Game seed 3." in lines and not any("Kingdom is" in x for x in lines)


def test_quit_before_the_first_answer_keeps_the_game_for_resume(here: Path) -> None:
    code, lines = play("quit\nyes\n")
    assert lines[-2:] == [
        "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: yes",
        "Game stopped.",
    ]
    assert code == 1
    kept = unfinished_games()
    assert [[tuple(seat) for seat in g.seats] for g in kept] == [[("Ann", "human"), ("Bot", "bigmoney")]]


def test_no_to_quit_goes_on_and_the_end_of_piped_lines_stops_the_game(here: Path) -> None:
    code, lines = play("quit\nno\n")
    assert "The game goes on." in lines
    assert lines[-1] == "Game stopped."
    assert code == 1


def test_save_writes_the_game_so_far_which_load_reads_back(here: Path) -> None:
    code, lines = play("end\nend\nsave kept.json\nquit\nyes\n")
    path = here / "kept.json"
    assert f"Game saved to {path}." in lines
    game, seats = load_game(str(path))
    assert seats == [("Ann", "human"), ("Bot", "bigmoney")]
    assert (game.current.name, game.current.turns_taken) == ("Ann", 1)  # Ann's turn 2: Bot's turn was played
    (autosave,) = unfinished_games()
    assert json.loads(path.read_text(encoding="utf-8"))["answers"] == autosave.full_record()["answers"]
    assert code == 1


@pytest.mark.posix  # a file's mode
def test_a_saved_game_is_readable_by_its_owner_only(here: Path) -> None:
    play("save kept.json\nquit\nyes\n")
    assert (here / "kept.json").stat().st_mode & 0o777 == 0o600


def test_save_without_a_file_name_says_how_and_writes_nothing(here: Path) -> None:
    _code, lines = play("save\nquit\nyes\n")
    assert "Save needs a file name, for example save game.json." in lines
    assert sorted(p.name for p in here.iterdir() if p.is_file()) == ["settings.json"]


def test_say_at_play_is_a_line_of_chat_the_player_hears(here: Path) -> None:
    _code, lines = play("say good luck\nquit\nyes\n")
    assert "Ann says: good luck" in lines


def test_a_position_tells_its_turn_s_start_after_the_set_up_and_goes_on_mid_turn(here: Path) -> None:
    from test_positions import position_file

    path = position_file(here)
    _code, lines = play("play Villa\nquit\nyes\n", "--position", str(path), players="Ann:human,Bob:bigmoney")
    start = lines.index("Landmarks: Tower.")
    assert lines[start + 1] == "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins, 2 Debt."
    assert "You play Villa. 2 Actions, 2 Buys, 1 coin, 2 Debt." in lines  # the figures said once, by the prompt


def saved_game(here: Path) -> Path:
    """A game saved at Ann's turn 2, in its Buy phase (Ann ended two phases, Bot played its turn)."""
    play("end\nend\nend\nsave kept.json\nquit\nyes\n")
    return here / "kept.json"


def test_play_load_goes_on_with_the_saved_game_at_its_question(here: Path) -> None:
    saved_game(here)
    code, lines = play("log 2\nquit\nyes\n", "--load", "kept.json")
    assert lines[2:5] == [  # where the game stands, as after resume and at a table's seat
        "Loaded kept.json.",
        "Your turn 2, Buy phase: 1 Action, 1 Buy, 0 coins.",
        "Your hand, 5 cards: 3 Coppers and 2 Estates.",
    ]
    log = lines.index("You> log 2")  # the game before the load is in the history
    assert lines[log + 1 : log + 4] == [
        "The last 2 messages:",
        "Bot, turn 1: played 3 Coppers, bought Silver.",
        "Your turn 2.",
    ]
    assert code == 1


def test_resume_says_where_the_game_stands_and_its_last_announcements(here: Path) -> None:
    saved_game(here)
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--speech", "off"])
    args.resume = unfinished_games()[-1]
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int) and setup.on_core()
    code = play_on_core(setup, args, PlainReader(io.StringIO("quit\nyes\n"), out))
    lines = out.getvalue().splitlines()
    assert lines[2].startswith("Resumed the game of ")
    assert lines[3:10] == [  # then where the game stands, as a player back at a table hears it
        "The last announcements:",
        "Events: Wedding (4 coins and 3 Debt).",
        "Landmarks: Tower.",
        "Your turn 1.",
        "You draw 3 Coppers and 2 Estates.",
        "Bot, turn 1: played 3 Coppers, bought Silver.",
        # the hand, just told as it was drawn, is not read again
        "Your turn 2, Buy phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
    ]
    assert not [line for line in lines if line.startswith("Your hand")]
    assert code == 1


def test_load_in_a_game_goes_on_with_the_saved_one_and_keeps_the_game_left(here: Path) -> None:
    saved_game(here)
    code, lines = play("end\nload kept.json\nyes\nquit\nyes\n")
    start = lines.index("Replace the game in progress with kept.json? Type yes to load: yes")
    assert lines[start + 1] == "Loaded kept.json."
    (left,) = [g for g in unfinished_games() if len(g.answers) == 1]  # the game left after one answer
    assert lines[start + 2 : start + 5] == [
        f"The game you left is kept unfinished; a11y-dominion resume {left.id} goes on with it.",
        "Your turn 2, Buy phase: 1 Action, 1 Buy, 0 coins.",
        "Your hand, 5 cards: 3 Coppers and 2 Estates.",
    ]
    assert lines[-1] == "Game stopped."
    assert code == 1
    assert sorted(len(g.answers) for g in unfinished_games()) == [1, 7, 7]  # saved, left, loaded


def test_load_of_a_game_of_two_people_is_refused_and_the_game_goes_on(here: Path) -> None:
    saved_game(here)
    record = json.loads((here / "kept.json").read_text(encoding="utf-8"))
    record["seats"] = [["Ann", "human"], ["Bot", "human"]]
    (here / "two.json").write_text(json.dumps(record), encoding="utf-8")
    _code, lines = play("load two.json\nhand\nquit\nyes\n")
    assert (
        "Cannot load two.json in this game: it is not one person's against bots; "
        "a11y-dominion play --load two.json plays it."
    ) in lines
    assert "Your hand, 5 cards: 4 Coppers and Estate." in lines  # the game goes on as it was


@pytest.mark.pure_python  # replaces a method of the game, which a compiled game does not allow
def test_an_engine_fault_puts_the_game_back_and_the_game_goes_on(here: Path) -> None:
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", PLAYERS])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int) and setup.on_core()
    fail_once(setup.game)  # only this game object: the game put back answers
    code = play_on_core(setup, args, PlainReader(io.StringIO("play treasures\nplay treasures\nhand\n"), out))
    lines = out.getvalue().splitlines()
    said = "That move failed inside the game engine (RuntimeError: boom); the game is back where it was before it."
    assert lines.count(said) == 1
    assert lines[lines.index(said) + 1 : lines.index(said) + 4] == [  # the same question, asked again
        "1 Action.",
        "You> play treasures",
        "You play 2 Coppers. Buy phase: 2 coins.",
    ]
    assert "Traceback" not in out.getvalue()
    (kept,) = unfinished_games()
    assert len(kept.answers) == 1  # play treasures, the second time
    assert code == 1  # the piped input ends before the game


def test_an_autosave_that_cannot_be_written_is_said_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"  # a file where the folders should be: no folder can be made in it
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(blocker / "data"))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(blocker / "settings.json"))
    games = blocker / "data" / "games"
    try:
        games.mkdir(parents=True)
    except OSError as e:
        reason = str(e.strerror or e)
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", PLAYERS])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int)
    play_on_core(setup, args, PlainReader(io.StringIO("play treasures\nend\nend\nend\n"), out))
    lines = out.getvalue().splitlines()
    assert lines.count(f"The game is not saved as you play: {games} cannot be written ({reason}).") == 1
    assert "Your turn 2. 5 cards in hand, as drawn; type hand to hear them." in lines  # the game went on


def test_a_bot_with_no_legal_answer_ends_the_game_with_its_own_sentence(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from a11y_dominion.i18n import Msg
    from a11y_dominion.table import Table

    real = Table.submit

    def refuse_bot(table: Table, name: str, answer: object) -> Msg | None:
        if name == "Bot":
            return Msg("That is not one of the options.")
        return real(table, name, answer)

    monkeypatch.setattr(Table, "submit", refuse_bot)
    code, lines = play("play treasures\nend\n")
    assert lines[-1] == "Bot could not find a legal answer; the game cannot go on."
    assert "The host ended the session before the game was over." not in lines
    assert code == 1


@pytest.mark.pure_python  # replaces a method of the game, which a compiled game does not allow
def test_an_engine_fault_is_said_bold_in_rich_output(here: Path) -> None:
    from rich.console import Console as RichConsole

    from a11y_dominion.console.display import Display

    out = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "1", "--speech", "off", "--players", PLAYERS])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int)
    setup.plain, setup.display = False, Display(out, plain=False)
    assert setup.display.console is not None
    setup.display.console = RichConsole(file=out, force_terminal=True, color_system="standard", markup=False, width=500)
    fail_once(setup.game)
    play_on_core(setup, args, PlainReader(io.StringIO("play treasures\n"), out))
    said = "That move failed inside the game engine (RuntimeError: boom); the game is back where it was before it."
    assert f"\x1b[1m{said}\x1b[0m" in out.getvalue()


@pytest.mark.posix  # a signal sent to the program
@pytest.mark.e2e
def test_ctrl_c_at_a_question_with_piped_lines_clears_at_once(here: Path) -> None:
    import signal
    import sys

    from pexpect.popen_spawn import PopenSpawn

    child = PopenSpawn(
        [sys.executable, "-m", "a11y_dominion", "play", "--seed", "3", "--speech", "off", "--players", PLAYERS],
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect_exact("You> ")
        child.kill(signal.SIGINT)  # no line typed yet: said before any line ends
        child.expect_exact("Line cleared. Type quit to stop the game.")
        child.expect_exact("You> ")
        child.sendline("quit")
        child.expect_exact("Type yes to stop: ")
        child.sendline("yes")
        child.expect_exact("Game stopped.")
        child.sendeof()
        assert child.wait() == 1
    finally:
        if child.proc.poll() is None:
            child.proc.kill()
