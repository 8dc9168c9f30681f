"""A remote seat's terminal over SSH, with the real OpenSSH client: the
console's line editing (Tab completion from the seat's own view, Up-arrow
history, Ctrl+C, Ctrl+D and quit asking first), keys and escape sequences
that must not leave text, the first settings question, SetEnv, settings,
say, rich output, a flood of lines and a client that vanishes mid-line.

The host runs as a subprocess (tests/remoteterm.py); a whole game over the
terminal is played in tests/test_remote.py.
"""

from __future__ import annotations

import re
import shutil
import signal
import time

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from remoteterm import ENGLISH, SGR, hosting, login, plain  # noqa: E402

UP = "\x1b[A"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
LEFT = "\x1b[D"


pytestmark = pytest.mark.e2e  # a host process and ssh seats


@pytest.fixture
def host(tmp_path):
    """The host of Ann and Bea (remote) and a Big Money bot, as a subprocess."""
    yield from hosting(tmp_path)


def both(host):
    """Ann and Bea in, the game started; Ann is asked first."""
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    bea = login(host, "Bea")
    bea.expect("The game starts.")
    ann.expect("Ann> ")
    return ann, bea


@pytest.mark.posix
def test_tab_completion_history_and_ctrl_c(host):
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    ann.send("sup\t")  # one command starts so: completed
    ann.expect("supply")
    ann.send("\r")
    ann.expect(r"Supply: \d+ piles, 0 empty\.")
    ann.sendline("hand")
    ann.expect(r"Your hand, 5 cards: ")
    ann.send("se\t")  # several: readline-like, the candidates are printed as a line
    ann.expect("settings")
    ann.send("\x03")  # Ctrl+C clears the line
    ann.send(UP + UP + "\r")  # Up twice: the line before the last one, supply
    ann.expect(r"Supply: \d+ piles, 0 empty\.")
    ann.send(UP + "\r")  # the last line is now supply again
    ann.expect(r"Supply: \d+ piles")
    bea = login(host, "Bea")
    bea.expect("The game starts.")
    ann.expect("Ann> ")
    # at Ann's turn the names come from her view and her decision: what she can play and buy
    ann.send("buy Cu\t")
    ann.expect("buy Curse")
    ann.send("\x03")  # cleared: Curse is not bought
    ann.send("play t\t\r")
    ann.expect("Buy phase")
    ann.expect("Ann> ")
    text = plain(ann.before)
    assert "You buy Curse" not in text
    assert re.search(r"\d+\. end the turn\n$", text), text  # the prompt comes after the burst of lines
    ann.send("hand\r")
    ann.expect(r"Your hand, \d+ cards?: ")
    assert plain(ann.before) == "hand\n", repr(ann.before)  # the prompt was drawn once: nothing came after it
    # Bea is asked nothing: at her prompt only the commands complete, never Ann's moves
    bea.expect_exact("Ann's turn 1.\r\n")  # the last line Bea is told
    bea.send("play \t")
    bea.expect_exact("play ")
    bea.send("\x03status\r")  # what Tab brought comes before the answer to status
    bea.expect("Ann")
    # nothing completed, which Tab says; the line stays as typed ("play ") and Ctrl+C said it
    # cleared it, as at the console, before the line typed after it in the same packet
    assert plain(bea.before) == (
        "\nNothing to complete here.\nplay \nLine cleared. Type quit to leave the game.\nstatus\n"
    ), repr(bea.before)
    ann.close()
    bea.close()


@pytest.mark.posix
def test_escape_and_unknown_sequences_leave_no_text(host):
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    ann.send("\x1b")  # a lone Escape, then a line
    ann.send("hand\r")
    ann.expect(r"Your hand, 5 cards: ")
    for junk in ("\x1b[99~", "\x1b[1;5X", "\x1bOZ", "\x1b]0;pwned\x07", "\x1b[31m", "\x1b", "\u200b\u202e"):
        ann.send(junk + "hand\r")
        i = ann.expect([r"Your hand, 5 cards: ", "is not a", "Nothing is asked of you now"])
        assert i == 0, (junk, ann.before)
        seen = ann.before + ann.after
        assert "pwned" not in seen and "[99~" not in seen and "\x07" not in seen and "\u202e" not in seen
    # arrows edit the line: "hnd", three to the left, one to the right, "a" → "hand"
    ann.send("hnd" + LEFT + LEFT + LEFT + "\x1b[C" + "a\r")
    ann.expect(r"Your hand, 5 cards: ")
    everything = ann.before + ann.after
    ann.send("hand\r")  # its answer comes after all that the edited line brought
    ann.expect(r"Your hand, 5 cards: ")
    everything += ann.before
    sequences = set(re.findall(r"\x1b(?:\[[0-9;?]*[A-Za-z]|.)", everything))
    assert all(re.fullmatch(r"\x1b\[[0-9]*[CDJK]", s) for s in sequences), sorted(sequences)
    ann.close()


@pytest.mark.posix
def test_ctrl_d_and_quit_ask_before_leaving(host):
    leave = r"Leave the game\? The host keeps it and you may join again\.\r\nType yes to leave: "
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    ann.sendeof()  # Ctrl+D on an empty line
    ann.expect(leave)
    ann.sendline("no")
    ann.expect("You stay in the game.")
    ann.sendline("quit")
    ann.expect(leave)
    ann.sendcontrol("c")  # Ctrl+C at the question answers no
    ann.expect("You stay in the game.")
    ann.sendline("hand")
    ann.expect(r"Your hand, 5 cards: ")
    ann.sendline("quit")
    ann.expect(leave)
    ann.sendline("yes")
    ann.expect("You left the game.")
    ann.expect(pexpect.EOF)
    ann.close()
    deadline = time.monotonic() + 60  # only a host that hangs takes this long
    while "Ann has left" not in host.output():
        assert time.monotonic() < deadline, host.output()
        time.sleep(0.05)


@pytest.mark.posix
def test_first_question_then_settings_in_the_session(host):
    ann = login(host, "Ann", options=())
    ann.expect(r"Choose your language / Kies je taal: 1 English, 2 Nederlands\.")
    ann.expect("Ann> ")  # an answer is awaited
    ann.sendline("3")
    ann.expect(r"Type 1 or 2\. / Typ 1 of 2\.")
    ann.sendline("2")
    ann.expect(r"Hoeveel moet het spel zeggen\? 1 beknopt, 2 normaal, 3 uitgebreid\. Enter: normaal\.")
    ann.sendline("1")
    ann.expect(r"Welkom, Ann\. Typ hulp voor de commando's\.")
    ann.expect(r"Ann doet mee; nog 1 plaats leeg: Bea\.")
    ann.sendline("instellingen")  # the settings as at the console, and how to change them here
    ann.expect(r"Taal Nederlands, uitgebreidheid beknopt, opties nieuw, tips aan\.\r\n")
    ann.expect(r"Wijzig er een met instellingen zet SLEUTEL WAARDE of een woord, bijvoorbeeld instellingen nl")
    ann.sendline("settings english normal")
    ann.expect(r"Language is now English\.\r\nVerbosity is now normal\.")
    ann.sendline("hand")
    ann.expect(r"Your hand, 5 cards: ")
    ann.sendline("settings loud")
    ann.expect(r"loud is no setting; choose en, nl, terse, normal, verbose, plain or rich\.")
    ann.sendline("settings set verbosity terse")  # the console's syntax too
    ann.expect(r"Verbosity is now terse\.")
    ann.sendline("settings set output espeak")  # the player's own screen reader speaks here
    ann.expect(r"The game does not speak here: your own screen reader reads its lines\.")
    ann.sendline("settings set output rich")  # (no list of the host computer's voices, which are not the player's)
    ann.expect(r"The game does not speak here: your own screen reader reads its lines\.\r\n")
    assert "espeak" not in ann.before and "speech-dispatcher" not in ann.before, ann.before
    ann.sendline("settings set speech loud")
    ann.expect(r"The game does not speak here: your own screen reader reads its lines\.\r\n")
    assert "must be" not in ann.before, ann.before
    ann.sendline("settings nl")
    ann.expect(r"Taal is nu Nederlands\.")
    # the narration follows the seat's language
    bea = login(host, "Bea")
    bea.expect("The game starts.")
    ann.expect(r"Nieuw spel")
    ann.close()
    bea.close()


@pytest.mark.posix
def test_a_shortcut_key_set_at_the_seat_works_at_once_and_help_keys_names_it(host):
    """``settings set key hand ctrl+r`` at a host's ssh seat: the key works at once over the real
    OpenSSH client, ``help keys`` names it and says that Ctrl+D leaves the game there."""
    ann, bea = both(host)
    ann.sendline("settings set key hand ctrl+r")
    ann.expect(r"Ctrl\+R is now a key of hand at this seat until the host stops; the host keeps no keys with the game")
    ann.send("\x12")  # Ctrl+R
    ann.expect(r"Your hand, 5 cards: ")
    assert "^R" not in plain(ann.before)  # (the key typed nothing into the line)
    ann.sendline("help keys")
    ann.expect(r"Ctrl\+R: read your hand \(command hand\)\.")
    ann.expect(r"Ctrl\+D on an empty line: leave the game; you are asked first, and may join again\.")
    ann.close()
    bea.close()


@pytest.mark.posix
def test_setenv_chooses_the_language_and_verbosity(host):
    ann = login(host, "Ann", options=("-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=verbose"))
    i = ann.expect([r"Ann doet mee; nog 1 plaats leeg: Bea\.", "Kies je taal"])
    assert i == 0
    ann.sendline("settings")
    ann.expect(r"Taal Nederlands, uitgebreidheid uitgebreid, opties nieuw, tips aan\.")
    # only the language: the verbosity stays normal, nothing is asked
    bea = login(host, "Bea", options=("-o", "SetEnv=A11Y_DOMINION_LANG=en"))
    bea.expect(r"Bea has joined; every seat is taken\. The game starts\.")
    bea.sendline("settings")
    bea.expect(r"Language English, verbosity normal, options new, hints on\.")  # (no speech: the player's own)
    ann.close()
    bea.close()


@pytest.mark.posix
def test_say_reaches_every_seat_without_escapes(host):
    ann, bea = both(host)
    ann.sendline("say")
    ann.expect(r"Say what\? For example: say good luck\.")
    bea.send("say hello \x1b[31mred\x1b[0m \u200bthere\u202e \x1b]0;pwned\x07friends\r")
    ann.expect(r"Bea says: hello red there friends\r\n")
    bea.expect(r"Bea says: hello red there friends\r\n")
    got = ann.before + ann.after
    assert "\x1b[31m" not in got and "\u200b" not in got and "\u202e" not in got and "pwned" not in got
    ann.sendline("zeg " + "x" * 900)
    bea.expect(r"Ann says: x+\r\n")
    assert bea.after.count("x") == 300  # cut to a sane length
    ann.expect(r"Only the first 300 characters were said\.")
    deadline = time.monotonic() + 60  # only a host that hangs takes this long
    while "Bea says: hello red there friends" not in host.output():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    ann.close()
    bea.close()


@pytest.mark.posix
def test_rich_output_on_request_and_plain_again(host):
    # a command other than rich (or plain) is refused
    other = login(host, "Bea", command=("ls", "-l"))
    other.expect("This server runs only the game")
    other.expect(pexpect.EOF)
    other.close()
    ann = login(host, "Ann", options=("-t",) + ENGLISH, command=("--", "--rich"), env={"TERM": "xterm-256color"})
    ann.expect("1 seat still empty: Bea.")
    ann.sendline("supply")
    ann.expect("Cost")  # the Supply as a table
    ann.expect(r"\$ ?\r\n|Tower|Events|Castles")
    got = ann.before + ann.after
    ann.sendline("hand")  # its answer comes after the whole table
    ann.expect(r"Your hand, 5 cards: ")
    got += ann.before
    assert SGR.search(got), repr(got[-500:])  # colours, where the client's TERM has them
    ann.sendline("settings plain")
    ann.expect(r"Output is now plain\.")
    ann.sendline("supply")
    ann.expect(r"Supply: \d+ piles, 0 empty\.")
    got = ann.after
    ann.sendline("hand")  # its answer comes after the whole list
    ann.expect(r"Your hand, 5 cards: ")
    got += ann.before
    assert not SGR.search(got), repr(got[-500:])
    ann.sendline("settings rich")
    ann.expect(r"Output is now rich\.")
    ann.sendline("settings nl")  # the table's words follow the seat's language
    ann.expect(r"Taal is nu Nederlands\.")
    ann.sendline("voorraad")
    ann.expect("Bovenste kaart")
    ann.expect("Kosten")
    ann.close()


@pytest.mark.posix
def test_lines_pasted_at_a_rich_terminal_are_read_one_after_another(host):
    # two lines pasted at once at a rich terminal (in bracketed paste's marks, as a terminal
    # pastes when asked to) are each read as a line of their own, in order, as at the keyboard
    # and at join; once they came as one line, "hand score", a pasted line break read as a space
    ann = login(host, "Ann", options=("-t",) + ENGLISH, command=("--", "--rich"), env={"TERM": "xterm-256color"})
    ann.expect("1 seat still empty: Bea.")
    ann.send(PASTE_START + "hand\rscore" + PASTE_END + "\r")
    ann.expect(r"Your hand, 5 cards: ")
    ann.expect(r"Scores if the game ended now:")
    ann.sendline("status")  # and the next line typed is read as itself
    ann.expect(r"Bot: 0 Debt, 0 VP in tokens")
    text = plain(ann.before)
    assert "hand score" not in text, text
    ann.close()


@pytest.mark.posix
def test_a_flood_of_lines_is_dropped_with_one_sentence_and_the_table_goes_on(host):
    ann, bea = both(host)
    ann.send("score\r" * 400)
    # Bea is answered meanwhile
    bea.sendline("status")
    bea.expect(r"Bot: 0 Debt, 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile\.")
    # and Ann's session goes on: the game is still hers to play once the flood's second is over
    # (a line in that second is dropped unsaid, so it is typed again until it is answered); what
    # the flood brought comes before the answer
    for _ in range(40):
        ann.sendline("play treasures")
        if ann.expect(["Buy phase", pexpect.TIMEOUT], timeout=1.5) == 0:
            break  # ann.before: all since the flood (a timeout keeps what came for the next match)
    else:
        raise AssertionError("Ann's lines are never read again: " + ann.before[-500:])
    text = plain(ann.before)
    assert text.count("Too many lines at once: at most 20 lines a second are read; the rest were dropped.") == 1
    answered = text.count("The scores now") or text.count("You: ")  # (Ann's own score line)
    assert 0 < answered <= 60, answered
    ann.close()
    bea.close()


@pytest.mark.posix
def test_a_client_that_vanishes_mid_line_breaks_nothing(host):
    ann, bea = both(host)
    ann.send("buy Prov")  # no Enter
    ann.expect_exact("buy Prov")  # the host has read it: its echo
    ann.kill(signal.SIGKILL)
    ann.close(force=True)
    bea.expect("Ann has left")
    deadline = time.monotonic() + 60  # only a host that hangs takes this long
    while "Ann has left" not in host.output():
        assert time.monotonic() < deadline, host.output()
        time.sleep(0.05)
    assert "You buy Province" not in host.output()
    bea.close()


# ---------------------------------------------------------------- the input filter on its own
def test_the_input_filter_keeps_keys_and_drops_the_rest():
    from a11y_dominion.remote.terminal import InputFilter

    f = InputFilter()
    assert f.feed("ha\x1b[Dnd\r", 0.0) == ("ha\x1b[Dnd\r", False)  # Left is a key
    assert f.feed("\x1b]0;pwned\x07hand\x1b[31m\r", 0.1) == ("hand\r", False)
    assert f.feed("\x1b[99~h\u200b\u202ea\x85nd\x00\r", 0.2) == ("hand\r", False)  # a lone C1 control goes
    assert f.feed("\x9b31mha\x9bnd\r", 0.2) == ("had\r", False)  # 8-bit CSI sequences go whole (CSI n too)
    assert f.feed("\x1bhand", 0.3) == ("hand", False)  # Escape and a letter: the letter stays
    assert f.feed("\r\n", 0.3) == ("\r", False)  # CR LF is one Enter
    assert f.feed("x" * 1500, 0.4)[0] == "x" * 1000  # a line stops at 1,000 characters
    assert f.feed("\x7fy", 0.4)[0] == "\x7fy"  # after a Backspace there is room for one more


def test_the_input_filter_drops_a_flood_and_tells_it_once():
    from a11y_dominion.remote.terminal import InputFilter

    f = InputFilter()
    text, dropped = f.feed("a\r" * 50, 10.0)
    assert text == "a\r" * 20 and dropped
    assert f.feed("b\r", 10.5) == ("", False)  # still the same flood: dropped, not told again
    assert f.feed("c\r", 11.2) == ("c\r", False)  # a second later lines are read again
    f.feed("d\r" * 30, 20.0)
    assert f.feed("e\r", 20.1) == ("", False)
    assert f.feed("f\r" * 30, 30.0)[1]  # after a calm second a new flood is told again


@pytest.mark.posix
def test_a_line_typed_while_nothing_is_asked_says_whether_it_is_a_command_or_a_move(host):
    """While nothing is asked of a seat, a move gets "Nothing is asked of you now"; a misspelt
    command the console's "did you mean"; anything else (1,000 characters of nonsense among
    them) that it is not a command, what was typed cut short; in English and in Dutch."""
    ann = login(host, "Ann")
    ann.expect("1 seat still empty: Bea.")
    for typed, said in (
        ("q" * 1000, "q" * 40 + "… is not a command; type help for the commands."),
        ("statsu", "statsu is not a command or a move; did you mean status? Type help for commands."),
        ("buy Gold", "Nothing is asked of you now; type help for the commands."),
        ("Ann: buy Gold", "Nothing is asked of you now; type help for the commands."),
    ):
        ann.sendline(typed)
        ann.expect_exact(said + "\r\n")
        assert "Nothing is asked" not in ann.before.rpartition(typed[-40:])[2]
    bea = login(host, "Bea", options=("-o", "SetEnv=A11Y_DOMINION_LANG=nl"))
    bea.expect("Het spel begint.")
    ann.expect("Ann> ")  # Ann is asked: Bea is not
    for typed, said in (
        ("z" * 1000, "z" * 40 + "… is geen commando; typ hulp voor de commando's."),
        ("koop Goud", "Er wordt je nu niets gevraagd; typ hulp voor de commando's."),
    ):
        bea.sendline(typed)
        bea.expect_exact(said + "\r\n")
    ann.close()
    bea.close()
