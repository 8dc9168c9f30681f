"""Tab at the prompt lists (once; Tab again prints nothing more) the choices apart, never run together with
spaces ("Copper    treasures" reads as one phrase): a comma-separated line
in plain mode (screen readers), one choice per line for the eyes. The real
line editor reads the keys from a pipe and draws to a terminal stream."""

from __future__ import annotations

import io
import re
import threading

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from a11y_dominion.console.completion import DecisionCompleter
from a11y_dominion.console.display import PromptReader, line_only_output
from a11y_dominion.console.keys import build_key_bindings
from a11y_dominion.i18n import Language
from test_console import fresh_game


def typed(keys: str, plain: bool, lang: Language | None = None) -> tuple:
    """(the line read, what the terminal received without escape sequences) after typing
    ``keys`` and then Enter at a game's first prompt (in ``lang``: English unless given)."""
    game = fresh_game()
    out = io.StringIO()
    with create_pipe_input() as inp:
        if plain:
            output = line_only_output(out, get_size=lambda: Size(24, 120))
        else:
            output = Vt100_Output(out, lambda: Size(24, 120), term="xterm", enable_cpr=False)
        completer = DecisionCompleter(lambda: game, lang)
        reader = PromptReader(completer, build_key_bindings(), plain, inp, output)
        inp.send_text(keys)
        later = threading.Timer(0.3, inp.send_text, ["\r"])  # Enter after the list is shown, as a person types
        later.start()
        got = reader.read(f"{game.pending.player}> ")
        later.join()
    return got, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue()).replace("\r", "")


def test_plain_mode_lists_the_choices_with_commas():
    got, screen = typed("play \t", plain=True)
    assert got == "play"
    # each prompt drawn once, the typed space written as a space (plain lines, no cursor moves)
    assert screen == "You> play \nCopper and treasures.\nYou> play \n"


def test_tab_again_does_not_print_the_same_list_again():
    got, screen = typed("play \t\t\t", plain=True)
    assert got == "play"
    assert screen == "You> play \nCopper and treasures.\nYou> play \n"
    got, screen = typed("play \t\tC\t", plain=True)  # typing again: the next Tab completes
    assert got == "play Copper"


def test_for_the_eyes_one_choice_per_line():
    got, screen = typed("play \t", plain=False)
    assert got == "play"
    assert "\nCopper\ntreasures\n" in screen


def test_one_choice_or_a_shared_start_is_completed():
    got, _screen = typed("play C\t", plain=True)
    assert got == "play Copper"
    got, _screen = typed("sup\t", plain=True)
    assert got == "supply"


def test_a_tab_that_completed_the_shared_part_is_followed_by_a_tab_that_lists_the_rest():
    got, screen = typed("help n\t\t\t", plain=True)
    assert got == "help ne"
    # the first Tab completes "ne", the second lists (as readline does), the third prints nothing more
    assert screen == "You> help ne\nnetwork and next.\nYou> help ne\n"


def test_a_dutch_list_of_choices_ends_with_en():
    got, screen = typed("he\t\t", plain=True, lang=Language("nl"))
    assert got == "her"
    assert screen == "You> her\nherhaal en herstel.\nYou> her\n"


NOTHING = "Nothing to complete: no command or name here starts with xyz."


def test_a_tab_that_completes_nothing_says_so_once_in_the_player_s_language():
    got, screen = typed("xyz\t\t", plain=True)
    assert got == "xyz"
    assert screen == f"You> xyz\n{NOTHING}\nYou> xyz\n"  # said once: the second Tab prints nothing more
    _got, screen = typed("buy xyz\t", plain=False)
    assert "\n" + NOTHING + "\n" in screen
    _got, screen = typed("xyz\t", plain=True, lang=Language("nl"))
    assert screen == "You> xyz\nNiets aan te vullen: geen commando of naam hier begint met xyz.\nYou> xyz\n"


def test_up_and_down_past_the_typed_lines_say_so_once():
    got, screen = typed("hand\x1b[A\x1b[A\x1b[B", plain=True)
    assert got == "hand"
    assert screen == "You> hand\nNo earlier typed line.\nYou> hand\nNo later typed line.\nYou> hand\n"
    _got, screen = typed("\x1b[A", plain=True, lang=Language("nl"))
    assert screen == "You> \nGeen eerdere getypte regel.\nYou> \n"
