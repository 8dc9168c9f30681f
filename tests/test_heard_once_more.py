"""Faults a new user heard at the console, over ssh and with join, each in English and Dutch:
a verbose Treasure play's total said once, not again by the prompt after it."""

from __future__ import annotations

import re

import pytest

from test_said_once_console import after, console_at

VERBOSE = {"en": "settings set verbosity verbose", "nl": "instellingen zet uitgebreidheid uitgebreid"}
SILVER_AND_GOLD = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Silver", "Copper", "Gold", "Estate"], "deck": ["Estate"] * 5}},
}


# ------------------------------------------------------------ 1. a verbose Treasure play's total, once
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play silver", "You play Silver: +2 coins; you have 2 coins. Buy phase."),
        ("nl", "speel zilver", "Je speelt Zilver: +2 munten; je hebt 2 munten. Aanschaffase."),
    ],
)
def test_a_verbose_treasure_play_says_its_total_once(lang, typed, expected):
    _, lines = console_at(SILVER_AND_GOLD, f"{VERBOSE[lang]}\n{typed}\n", lang)
    assert after(lines, typed)[0] == expected


def you(lang: str) -> str:
    """The one person's prompt at play in ``lang``, as the lines call them ("You> ", "Jij> ")."""
    return "Jij> " if lang == "nl" else "You> "


@pytest.mark.parametrize(
    "lang, first, typed, expected",
    [
        (
            "en",
            "play silver",
            "play treasures",
            ["You play Copper: +1 coin; you have 3 coins.", "You play Gold: +3 coins; you have 6 coins."],
        ),
        (
            "nl",
            "speel zilver",
            "speel geldkaarten",
            ["Je speelt Koper: +1 munt; je hebt 3 munten.", "Je speelt Goud: +3 munten; je hebt 6 munten."],
        ),
    ],
)
def test_the_prompt_after_verbose_treasures_does_not_say_the_coins_again(lang, first, typed, expected):
    _, lines = console_at(SILVER_AND_GOLD, f"{VERBOSE[lang]}\n{first}\n{typed}\n", lang)
    said = after(lines, typed)
    assert said[:2] == expected
    assert not said[2].endswith(("6 coins.", "6 munten.")), said


# ------------------------------------------------------------ 7. a verbose play says what the card gives
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play villa", "You play Villa: +2 Actions, +1 Buy and +1 coin; you have 2 Actions, 2 Buys and 1 coin."),
        (
            "nl",
            "speel villa",
            "Je speelt Villa: +2 acties, +1 aanschaf en +1 munt; je hebt 2 acties, 2 aanschaffen en 1 munt.",
        ),
    ],
)
def test_a_verbose_play_says_what_the_card_gives_and_the_totals(lang, typed, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Villa", "Copper"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, f"{VERBOSE[lang]}\n{typed}\n", lang)
    assert after(lines, typed)[0] == expected


# ------------------------------------------------------------ 4. a completed command that takes a word ends in a space
def test_tab_completes_a_move_word_with_a_space_after_it():
    from test_completion_list import typed

    assert typed("b\tCu\t", plain=True)[0] == "buy Curse"  # not "buyCu"
    assert typed("pl\tx", plain=True)[0] == "play x"
    assert typed("sup\t", plain=True)[0] == "supply"  # a command that takes nothing: no space
    assert typed("b\ts", plain=True)[0] == "buy s"  # not "buys", which is refused


@pytest.mark.parametrize(
    "end, lang, text, expected",
    [
        ("console", "en", "b", ["buy "]),
        ("console", "en", "sa", ["save ", "say "]),
        ("console", "en", "ha", ["hand"]),
        ("console", "nl", "ko", ["koop "]),
        ("console", "nl", "instel", ["instellingen "]),
        ("remote", "en", "b", ["buy "]),
        ("remote", "en", "sa", ["say "]),
        ("remote", "en", "ha", ["hand"]),
        ("remote", "nl", "ko", ["koop "]),
        ("remote", "nl", "ze", ["zeg "]),
        ("remote", "nl", "instel", ["instellingen "]),
    ],
)
def test_every_end_completes_a_word_that_takes_an_argument_with_a_space(end, lang, text, expected):
    """The console's and join's completer (a game) and a remote seat's (its view, its commands):
    the word is listed without the space."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from a11y_dominion.console.completion import DecisionCompleter, Seen
    from a11y_dominion.console.core import SEAT_COMMANDS
    from a11y_dominion.i18n import Language
    from a11y_dominion.view import player_view
    from test_console import fresh_game

    game = fresh_game()
    if end == "remote":
        seen = Seen(player_view(game, "You"), game.pending)
        completer = DecisionCompleter(lambda: seen, Language(lang), commands=SEAT_COMMANDS, paths=False)
    else:
        completer = DecisionCompleter(lambda: game, Language(lang))
    got = list(completer.get_completions(Document(text), CompleteEvent(completion_requested=True)))
    assert [c.text for c in got] == expected
    assert [c.display_text for c in got] == [w.strip() for w in expected]


# ------------------------------------------------------------ 8. no control character but Enter sends a line
@pytest.mark.parametrize("control", [chr(c) for c in range(32) if chr(c) not in "\r\n\x1b\x03\x04\x1a\t"])
def test_no_control_character_sends_the_line_at_the_console_or_join(control):
    """The console's and join's line editor (the same PromptReader): a control character typed or
    pasted in a line ("say red be^OLL") at most edits it; the line is sent by Enter alone, once."""
    from test_completion_list import typed

    got, screen = typed("say red be" + control + "LL", plain=True)
    # (Ctrl+P and Ctrl+N, past the lines typed before, say so above the line and draw it again)
    screen = re.sub(r"You> [^\n]*\nNo (?:earlier|later) typed line\.\n", "", screen)
    assert screen.count("You> ") == 1, repr(screen)  # one line read, when Enter came
    assert "LL" in got, repr(got)  # (Ctrl+A and Ctrl+B move the cursor: the rest goes before)


def test_ctrl_c_at_the_host_s_line_terminal_starts_a_new_line(capsys):
    """A host's terminal that reads whole lines shows Ctrl+C as "^C": the host's sentence after
    it starts on a new line, not after the "^C"."""
    from a11y_dominion.remote.local import HostTerminal
    from test_after_game import make_host

    class Tty:
        def isatty(self) -> bool:
            return True

    host, _ann, _bea, printed = make_host(600)
    terminal = HostTerminal(host, Tty())
    host.over = True
    terminal.interrupt()
    assert capsys.readouterr().out == "\n"
    assert printed[-1] == "The host stops waiting and closes the table."


# ------------------------------------------------------------ 6. the hand at a turn's start, at every verbosity
TERSE_LATER = {
    "en": ["play treasures", "end", "play treasures", "settings set verbosity terse", "end", "play treasures", "end"],
    "nl": [
        "speel geldkaarten",
        "einde",
        "speel geldkaarten",
        "instellingen zet uitgebreidheid beknopt",
        "einde",
        "speel geldkaarten",
        "einde",
    ],
}


@pytest.mark.parametrize(
    "lang, turn, hand", [("en", "Your turn 4.", "Your hand: 5 Coppers."), ("nl", "Jouw beurt 4.", "Je hand: 5 Koper.")]
)
def test_the_console_reads_the_hand_at_a_turn_s_start_though_the_same_cards_were_drawn_before(lang, turn, hand):
    """Seed 1: turn 1's Clean-up draws 5 Coppers (told at normal), and so does turn 3's, untold
    at terse: turn 4 starts with the hand read."""
    from test_console import session

    _, _, lines = session("\r".join(TERSE_LATER[lang]) + "\r", "--players", "Ann:human,Bot:bigmoney", "--lang", lang)
    i = lines.index(turn)
    assert lines[i + 1] == hand, lines[i : i + 3]


@pytest.mark.parametrize(
    "lang, turn, hand", [("en", "Your turn 4.", "Your hand: 5 Coppers."), ("nl", "Jouw beurt 4.", "Je hand: 5 Koper.")]
)
def test_an_ssh_seat_reads_the_hand_at_a_turn_s_start_at_terse(lang, turn, hand):
    """The same at a remote seat (the host in this process, the seat's lines in a list), where
    ``settings terse`` is the seat's own command."""
    import asyncio

    pytest.importorskip("asyncssh")
    from a11y_dominion.i18n import Language
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats

    typed = list(TERSE_LATER[lang])
    typed[3] = "instellingen beknopt" if lang == "nl" else "settings terse"  # a remote seat's settings command

    async def main() -> list:
        from seatsathost import SeatAt, settled, shown

        specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        host = GameHost(game, specs, 1, Language("en"), out=[].append)
        host.people["Ann"].settings(language=lang)
        ann = SeatAt(host, "Ann")
        ann.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        for line in typed:
            await ann.typed(line)
        table.cancel()
        assert ann.task is not None
        ann.task.cancel()
        return shown(ann.lines, "Ann")

    lines = asyncio.run(main())
    i = lines.index(turn)
    assert hand in lines[i : i + 4], lines[i : i + 4]


# ------------------------------------------------------------ 5. the status after an undo says every figure
PHASE_HEADS = ("Action phase:", "Buy phase:", "Actiefase:", "Aanschaffase:")  # a turn prompt's start


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            ["play treasures", "buy curse", "undo", "undo"],
            ["Buy phase: 1 Buy, 2 coins.", "Action phase: 1 Action, 1 Buy, 0 coins."],
        ),
        (
            "nl",
            ["speel geldkaarten", "koop vloek", "herstel", "herstel"],
            ["Aanschaffase: 1 aanschaf, 2 munten.", "Actiefase: 1 actie, 1 aanschaf, 0 munten."],
        ),
    ],
)
def test_the_prompt_after_an_undo_says_what_it_says_at_that_decision(lang, typed, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Copper", "Copper", "Estate", "Estate", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, "\n".join(typed) + "\n", lang)
    undos = [i for i, x in enumerate(lines) if x == f"{you(lang)}{typed[2]}"]
    assert len(undos) == 2
    # each undo: what was taken back, the hand (and what is in play), then the prompt of that decision
    said = [next(x for x in lines[i + 1 :] if x.startswith(PHASE_HEADS)) for i in undos]
    assert said == expected
    assert lines[undos[0] + 1 : undos[0] + 5][-1] == expected[0]


# ------------------------------------------------------------ 9. resume with no ID: the newest game it can resume
@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "The newer game {id} has players at other computers; resume it with a11y-dominion host --resume {id}."),
        (
            "nl",
            "Het nieuwere spel {id} heeft spelers aan andere computers; ga ermee verder met "
            "a11y-dominion host --resume {id}.",
        ),
    ],
)
def test_resume_goes_on_with_the_newest_console_game_and_names_a_newer_hosted_one(lang, said, capsys, monkeypatch):
    import io
    import json

    from a11y_dominion import autosave
    from a11y_dominion.cli import main
    from test_history import TO_VILLAGE, play

    play(TO_VILLAGE[:1])
    (console_game,) = autosave.games_dir().glob("*.jsonl")
    play(TO_VILLAGE[:2])
    (hosted,) = [p for p in autosave.games_dir().glob("*.jsonl") if p != console_game]
    lines = hosted.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["record"]["seats"][0][1] = "remote"  # the newer game is a hosted one
    hosted.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    assert [g.id for g in autosave.unfinished_games()] == [console_game.stem, hosted.stem]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the end of input stops the game
    main(["resume", "--speech", "off", "--plain", "--lang", lang])
    out = capsys.readouterr().out.splitlines()
    assert said.format(id=hosted.stem) in out
    assert autosave.unfinished_games()[0].id == console_game.stem  # the console game went on


# ------------------------------------------------------------ 3. a list of moves skips no number unsaid
MANY = (
    "Villa",
    "Engineer",
    "Forum",
    "Patrician/Emporium",
    "Castles",
    "Chariot Race",
    "Farmers' Market",
    "Sacrifice",
    "Legionary",
    "City Quarter",
)
BOT_ESTATES = {"hand": ["Estate"] * 5, "deck": ["Estate"] * 5}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play treasures\nend\n", "1: play Engineer; 2: play Copper; 3: play treasures; 4 to 7: buy; 8: end."),
        (
            "nl",
            "speel geldkaarten\neinde\n",
            "1: speel Ingenieur; 2: speel Koper; 3: speel geldkaarten; 4 tot en met 7: kopen; 8: einde.",
        ),
    ],
)
def test_the_brief_line_names_the_numbers_of_the_buys_it_once_taught(lang, typed, expected):
    from test_console import position_console

    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": ["Copper"] * 2 + ["Estate"] * 3, "deck": ["Engineer", "Copper"] + ["Estate"] * 3},
            "Bot": BOT_ESTATES,
        },
    }
    _, lines = position_console(state, typed, MANY, lang=lang)
    assert lines[-3] == expected


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play treasures\nend\nplay treasures\n", "1 to 15: buy; 16: end."),
        ("nl", "speel geldkaarten\neinde\nspeel geldkaarten\n", "1 tot en met 15: kopen; 16: einde."),
    ],
)
def test_a_move_whose_number_moved_comes_with_the_numbers_before_it(lang, typed, expected):
    from test_console import position_console

    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Copper"] * 3 + ["Estate"] * 2, "deck": ["Copper"] * 5}, "Bot": BOT_ESTATES},
    }
    _, lines = position_console(state, typed, MANY, lang=lang)
    assert lines[-3] == expected


# ------------------------------------------------------------ 2. repeat speaks the language of now
@pytest.mark.parametrize(
    "first, back, expected",
    [
        (
            ["settings set language nl", "speel geldkaarten", "einde"],
            "instellingen zet taal en",
            ["Your turn 2.", "Bot, turn 1: played 3 Coppers, bought Silver. (6 of 7)"],
        ),
        (
            ["play treasures", "end", "settings set language nl"],
            "instellingen zet taal nl",
            ["Jouw beurt 2.", "Bot, beurt 1: speelde 3 Koper, kocht Zilver. (6 van 7)"],
        ),
    ],
)
def test_repeat_and_previous_at_the_console_read_the_history_in_the_language_of_now(first, back, expected):
    from test_history import play

    _, text = play([*first, back, "repeat", "previous"], players="Ann:human,Bot:bigmoney")
    lines = text.splitlines()
    you = "Jij> " if back.endswith(" nl") else "You> "  # (the prompt in the language of now)
    assert [lines[lines.index(f"{you}repeat") + 1], lines[lines.index(f"{you}previous") + 1]] == expected


@pytest.mark.parametrize(
    "typed, expected",
    [
        (["settings nl", "speel geldkaarten", "einde", "instellingen en", "repeat"], "Your turn 2."),
        (["play treasures", "end", "settings nl", "herhaal"], "Jouw beurt 2."),
    ],
)
def test_repeat_at_an_ssh_seat_reads_the_history_in_the_language_of_now(typed, expected):
    """A remote seat (the host in this process, the seat's lines in a list) changes its language
    with its own settings command; repeat reads its last message in the new one."""
    import asyncio

    pytest.importorskip("asyncssh")
    from a11y_dominion.i18n import Language
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats

    async def main() -> list:
        from seatsathost import SeatAt, settled

        specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        host = GameHost(game, specs, 1, Language("en"), out=[].append)
        ann = SeatAt(host, "Ann")
        ann.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        said = []
        for line in typed:
            said.append(f"> {line}")
            said += await ann.typed(line)
        table.cancel()
        assert ann.task is not None
        ann.task.cancel()
        return said

    lines = asyncio.run(main())
    at = len(lines) - 1 - lines[::-1].index(f"> {typed[-1]}")  # (the line typed last)
    assert lines[at + 1] == expected


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("settings set language nl", "Bot, beurt 1: speelde 3 Koper, kocht Zilver."),
        ("repeat", "Bot, turn 1: played 3 Coppers, bought Silver."),
    ],
)
def test_repeat_at_a_joined_seat_reads_the_history_in_the_language_of_now(typed, expected):
    """join's console (in this process, the host's messages given to it): the events it was told
    are told again in the language it changes to."""
    from a11y_dominion.rules import events as ev
    from a11y_dominion.view import event_data
    from joinconsole import join_console

    console, screen, _sent = join_console()
    told = [ev.TurnStarted("Bot", 1, 2), *[ev.CardPlayed("Bot", "Copper")] * 3]
    told += [ev.CardBought("Bot", "Silver", 3, 0, "Silver", 39), ev.TurnStarted("Ann", 2, 3)]
    console.receive({"type": "events", "events": [event_data(e) for e in told]})
    console.command(typed)
    console.command("herhaal 2" if typed.startswith("settings") else "repeat 2")
    assert screen.getvalue().splitlines()[-1] == expected
