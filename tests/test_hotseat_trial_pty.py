"""Faults a keyboard-only trial found at a shared keyboard, each in a pseudo-terminal.

The installed command runs as the people who tried it did: ``play`` with Ann and Bea (and a
Big Money bot) at one keyboard, in screen-reader mode, with settings and data of their own; each
line is typed once the text before it has come (Enter as a terminal sends it), and the lines a
screen reader reads are compared, in English and in Dutch:

- after Bea changes the language, everything Ann hears when the keyboard comes to her is in the
  new language, the news that waited for her too;
- Ann at terse verbosity hears what her Militia made the others discard;
- ``resume`` of a game Ann stopped at her own question tells her nothing she heard before the
  stop: where it stands (her turn with its figures, her hand) and her question, once;
- after ``undo`` Ann hears her hand once, as this keyboard names it, and the question;
- the lines Ann typed ahead before the keyboard passed, and the lines typed at once at the
  hand-over, are one sentence each time, and none of them is read at Bea's question;
- each person recalls only the lines they typed themselves with Up and Down (each seat's line
  editor keeps its own), never the other person's.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # a pseudo-terminal
pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[@-Z\\-_])")
TO = {
    "en": "Pass the keyboard to {0}. {0}, press Enter when you are ready.",
    "nl": "Geef het toetsenbord aan {0}. {0}, druk op Enter als je klaar bent.",
}
STOP = {"en": ("quit", "Type yes to stop: ", "y"), "nl": ("stoppen", "Typ ja om te stoppen: ", "ja")}


def to(lang: str, name: str) -> str:
    """The hand-over to ``name`` in ``lang``."""
    return TO[lang].format(name)


def spawn(tmp_path: Path, *args: str) -> Any:
    """The installed command with ``args`` in a pseudo-terminal, with the settings and data
    folders of ``tmp_path`` (screen-reader mode, whose lines are not cleared at a hand-over)."""
    settings = tmp_path / "settings.json"
    if not settings.exists():
        settings.write_text(json.dumps({"screen_reader": "no"}), encoding="utf-8")
    exe = shutil.which("a11y-dominion")
    argv = [*args, "--speech", "screen-reader"]
    if exe is None:
        exe, argv = sys.executable, ["-m", "a11y_dominion", *argv]
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50", A11Y_DOMINION_SCREEN_READER="no")
    env.update(A11Y_DOMINION_CONFIG=str(settings), A11Y_DOMINION_DATA=str(tmp_path / "data"))
    return pexpect.spawn(exe, argv, cwd=str(ROOT), env=env, timeout=60, dimensions=(50, 200))


def shown(raw: bytes) -> list[str]:
    """The lines a screen reader reads of ``raw``: no escape sequences, no carriage returns."""
    text = ANSI.sub(b"", raw).decode("utf-8", "replace").replace("\r", "")
    return text.split("\n")


def run(child: Any, steps: list[tuple[str, str]]) -> list[str]:
    """Wait for each text, then type its line (``\\n``-separated lines are typed at once, as
    keys typed ahead); the lines shown up to the end of the program, which must end by itself."""
    raw = b""
    for wait, typed in steps:
        child.expect_exact(wait.encode())
        raw += child.before + child.after
        child.send((typed + "\n").encode())
    child.expect(pexpect.EOF)
    raw += child.before
    child.close()
    return shown(raw)


def between(lines: list[str], start: str, end: str) -> list[str]:
    """The lines after the last line that is ``start`` up to the next one that begins with ``end``."""
    i = len(lines) - lines[::-1].index(start)
    j = next(k for k in range(i, len(lines)) if lines[k].startswith(end))
    return lines[i:j]


ANN_NEWS = {  # seed 1: what Ann hears as her turn 2 begins, after Bea's turn 1 and the bot's
    "en": [
        "You draw 5 Coppers.",
        "Bea's turn 1.",
        "Bea ended their turn without playing or buying anything.",
        "Bot, turn 1: played 2 Coppers.",
        "Your turn 2. Ann, Action phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
    ],
    "nl": [
        "Je trekt 5 Koper.",
        "Beurt 1 van Bea.",
        "Bea beëindigde de beurt zonder iets te spelen of te kopen.",
        "Bot, beurt 1: speelde 2 Koper.",
        "Jouw beurt 2. Ann, actiefase: 1 actie, 1 aanschaf, 0 munten. 5 kaarten in je hand, zoals getrokken; "
        "typ hand om ze te horen.",
    ],
}
KEYBOARDS = {
    "en": "Everyone at this keyboard plays in English now: the language is the keyboard's.",
    "nl": "Iedereen aan dit toetsenbord speelt nu in het Nederlands: de taal is die van het toetsenbord.",
}
END = {"en": "end", "nl": "einde"}
SET_LANGUAGE = {"en": "settings set language {0}", "nl": "instellingen zet taal {0}"}


@pytest.mark.parametrize("first, then", [("en", "nl"), ("nl", "en")])
def test_what_waited_for_ann_is_told_in_the_language_bea_chose_meanwhile(tmp_path: Path, first: str, then: str) -> None:
    child = spawn(tmp_path, "play", "--seed", "1", "--players", f"Ann:human:{first},Bea,Bot:bigmoney")
    end, ann_prompt, bea_prompt = END[first], "Ann> ", "Bea> "
    stop, asked, yes = STOP[then]
    lines = run(
        child,
        [
            (to(first, "Ann"), ""),
            (ann_prompt, end),
            (ann_prompt, end),
            (to(first, "Bea"), ""),
            (bea_prompt, SET_LANGUAGE[first].format(then)),
            (bea_prompt, END[then]),
            (bea_prompt, END[then]),
            (to(then, "Ann"), ""),
            (ann_prompt, stop),
            (asked, yes),
        ],
    )
    ann = between(lines, to(then, "Ann"), ann_prompt)
    # the news that waited for Ann, her draw and Bea's turn among it, is said in the keyboard's language now
    assert ann[:7] == ["", KEYBOARDS[then], *ANN_NEWS[then]]
    assert not [line for line in ann if line in ANN_NEWS[first]]


MILITIA = {  # Ann plays Militia at terse verbosity: what Bea and the bot discarded, when the keyboard is back
    "en": (
        "settings set verbosity terse",
        "play militia",
        "estate, copper",
        [
            "Militia attacks Bea and Bot.",
            "Bea discards Estate and Copper.",
            "Bot discards 2 Estates. Ann, Action phase: 0 Actions, 1 Buy, 2 coins.",
            "Ann's hand: Copper.",
        ],
    ),
    "nl": (
        "instellingen zet uitgebreidheid beknopt",
        "speel militie",
        "landgoed, koper",
        [
            "Militie valt Bea en Bot aan.",
            "Bea legt Landgoed en Koper af.",
            "Bot legt 2 Landgoederen af. Ann, actiefase: 0 acties, 1 aanschaf, 2 munten.",
            "Hand van Ann: Koper.",
        ],
    ),
}


def position(tmp_path: Path, kingdom: list[str], state: dict[str, Any]) -> str:
    """The path of a scenario file of Ann, Bea and Bot at ``state`` (its script is not used)."""
    path = tmp_path / "position.json"
    data = {"players": ["Ann", "Bea", "Bot"], "kingdom": kingdom, "seed": 1, "state": state, "script": []}
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_terse_player_hears_what_their_attack_made_the_others_discard(tmp_path: Path, lang: str) -> None:
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": ["Militia", "Copper"], "deck": ["Copper"] * 5},
            "Bea": {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"]},
        },
    }
    path = position(tmp_path, ["Militia"], state)
    terse, militia, discard, heard = MILITIA[lang]
    stop, asked, yes = STOP[lang]
    child = spawn(tmp_path, "play", "--position", path, "--players", "Ann:human,Bea:human,Bot:bigmoney", "--lang", lang)
    lines = run(
        child,
        [
            (to(lang, "Ann"), ""),
            ("Ann> ", terse),
            ("Ann> ", militia),
            (to(lang, "Bea"), ""),
            ("Bea> ", discard),
            (to(lang, "Ann"), ""),
            ("Ann> ", stop),
            (asked, yes),
        ],
    )
    assert between(lines, to(lang, "Ann"), "Ann> ")[:5] == ["", *heard]


RESUMED = {  # Ann stopped the game at her turn 2's question, after its news: where it stands, her question, once
    "en": [
        to("en", "Ann"),
        "",
        "Ann's turn 2, Action phase: 1 Action, 1 Buy, 0 coins.",
        "Ann's hand, 5 cards: 5 Coppers.",
        "1. play Copper",
    ],
    "nl": [
        to("nl", "Ann"),
        "",
        "Beurt 2 van Ann, actiefase: 1 actie, 1 aanschaf, 0 munten.",
        "Hand van Ann, 5 kaarten: 5 Koper.",
        "1. speel Koper",
    ],
}
RESUMED_THE_GAME = {"en": "Resumed the game of ", "nl": "Verder met het spel van "}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_resumed_game_tells_ann_nothing_she_heard_before_she_stopped_it(tmp_path: Path, lang: str) -> None:
    end, (stop, asked, yes) = END[lang], STOP[lang]
    child = spawn(tmp_path, "play", "--seed", "1", "--players", "Ann,Bea,Bot:bigmoney", "--lang", lang)
    steps = [(to(lang, "Ann"), ""), ("Ann> ", end), ("Ann> ", end), (to(lang, "Bea"), ""), ("Bea> ", end)]
    before = run(child, [*steps, ("Bea> ", end), (to(lang, "Ann"), ""), ("Ann> ", stop), (asked, yes)])
    assert between(before, to(lang, "Ann"), "Ann> ")[1:6] == ANN_NEWS[lang]  # heard before the stop

    lines = run(spawn(tmp_path, "resume"), [(to(lang, "Ann"), ""), ("Ann> ", stop), (asked, yes)])
    i = lines.index(RESUMED[lang][0])
    assert lines[i - 1].startswith(RESUMED_THE_GAME[lang]) and lines[i : i + 5] == RESUMED[lang]
    assert not [line for line in lines if line in ANN_NEWS[lang]]
    # the turn and the hand once each, after the keyboard came to Ann
    assert len([line for line in lines if RESUMED[lang][2].split(",")[0] in line]) == 1
    assert len([line for line in lines if line.startswith(RESUMED[lang][3].split(",")[0])]) == 1


TEMPLE = {  # Ann's Temple taken back at its question, the first after the keyboard came to her in a resumed game
    "en": (
        "play temple",
        "undo",
        [
            "Taken back: your play of Temple. Now 0 VP tokens.",
            "Ann's hand, 7 cards: Engineer, Temple, 4 Coppers and Estate.",
            "Ann, Action phase: 1 Action, 1 Buy, 0 coins.",
        ],
    ),
    "nl": (
        "speel tempel",
        "herstel",
        [
            "Teruggenomen: je gespeelde Tempel. Nu 0 punten aan fiches.",
            "Hand van Ann, 7 kaarten: Ingenieur, Tempel, 4 Koper en Landgoed.",
            "Ann, actiefase: 1 actie, 1 aanschaf, 0 munten.",
        ],
    ),
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_after_undo_ann_hears_her_hand_once_as_this_keyboard_names_it(tmp_path: Path, lang: str) -> None:
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": ["Temple", "Engineer", "Copper", "Copper", "Copper", "Copper", "Estate"]},
            "Bea": {"hand": ["Copper", "Copper", "Estate", "Silver", "Copper"]},
        },
    }
    path = position(tmp_path, ["Temple", "Engineer"], state)
    temple, undo, heard = TEMPLE[lang]
    stop, asked, yes = STOP[lang]
    players = "Ann:human,Bea:human,Bot:bigmoney"
    child = spawn(tmp_path, "play", "--position", path, "--players", players, "--lang", lang)
    run(child, [(to(lang, "Ann"), ""), ("Ann> ", temple), ("Ann> ", stop), (asked, yes)])
    lines = run(spawn(tmp_path, "resume"), [(to(lang, "Ann"), ""), ("Ann> ", undo), ("Ann> ", stop), (asked, yes)])
    said = between(lines, f"Ann> {undo}", "Ann> ")
    assert said[:3] == heard
    assert [line for line in said if "Ann" in line and ("hand" in line.lower())] == [heard[1]]  # the hand, once


UNREAD = {
    "en": "2 pasted lines were not read: the keyboard passes to Bea.",
    "nl": "2 geplakte regels zijn niet gelezen: het toetsenbord gaat naar Bea.",
}
ONLY_ENTER = {
    "en": "Only Enter is read here: press Enter when Bea is at the keyboard, or type quit to stop the game.",
    "nl": "Hier telt alleen Enter: druk op Enter als Bea aan het toetsenbord zit, of typ stoppen om het spel te "
    "stoppen.",
}
BEA_HAND = {"en": "Bea's hand", "nl": "Hand van Bea"}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_lines_typed_ahead_at_a_hand_over_are_one_sentence_and_none_is_read(tmp_path: Path, lang: str) -> None:
    end, (stop, asked, yes) = END[lang], STOP[lang]
    child = spawn(tmp_path, "play", "--seed", "1", "--players", "Ann,Bea", "--lang", lang)
    lines = run(
        child,
        [
            (to(lang, "Ann"), ""),
            ("Ann> ", f"{end}\n{end}\n\nhand\nstatus"),  # typed at once: the keyboard passes after the second
            (to(lang, "Bea"), f"hand\nstatus\n\n{end}"),  # typed at once before Bea's own Enter
            (ONLY_ENTER[lang], ""),
            ("Bea> ", stop),
            (asked, yes),
        ],
    )
    handed = between(lines, f"Ann> {end}", to(lang, "Bea"))
    assert handed == [UNREAD[lang]]  # one sentence for the lines typed ahead, the empty one not Bea's Enter
    at_hand_over = between(lines, to(lang, "Bea"), "Bea> ")
    assert at_hand_over[:2] == ["hand", ONLY_ENTER[lang]] and at_hand_over.count(ONLY_ENTER[lang]) == 1
    bea = lines[lines.index(ONLY_ENTER[lang]) :]
    assert not [line for line in bea if line.startswith(("Bea> hand", "Bea> status", f"Bea> {end}"))]
    assert lines.count(f"Bea> {stop}") == 1 and not [line for line in bea if line.startswith(BEA_HAND[lang] + ",")]


UP, DOWN = "\x1b[A", "\x1b[B"  # the arrow keys as an xterm sends them
RECALLED = {  # Ann's two lines and Bea's two, typed at their first turns; what Ann's and Bea's recalled line answer
    "en": (("hand", "score"), ("status", "supply"), "Ann's hand, 5 cards: 5 Coppers.", "Supply: 17 piles, 0 empty."),
    "nl": (
        ("hand", "stand"),
        ("status", "voorraad"),
        "Hand van Ann, 5 kaarten: 5 Koper.",
        "Voorraad: 17 stapels, 0 leeg.",
    ),
}
FIRST_TYPED = {"en": "No earlier typed line.", "nl": "Geen eerdere getypte regel."}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_each_person_at_a_shared_keyboard_recalls_only_their_own_typed_lines(tmp_path: Path, lang: str) -> None:
    """Ann types hand, score and end (twice, one line recalled); Bea then status, supply and end.
    At Ann's next question Up five times goes back through her three lines alone (from a history
    of both it would stop at score, the sixth line back) and past the first says, once, that
    there is no earlier one; Enter sends it. At Bea's, Up four times and Down once bring Bea's
    second line, not a line of Ann's. (Whatever a history of both recalled, each line sent is a
    query or ends a phase, so the game goes on to the end either way.)"""
    (ann_1, ann_2), (bea_1, bea_2), ann_hand, supply = RECALLED[lang]
    end, (stop, asked, yes) = END[lang], STOP[lang]
    child = spawn(tmp_path, "play", "--seed", "1", "--players", "Ann,Bea", "--lang", lang)
    lines = run(
        child,
        [
            (to(lang, "Ann"), ""),
            ("Ann> ", ann_1),
            ("Ann> ", ann_2),
            ("Ann> ", end),
            ("Ann> ", end),
            (to(lang, "Bea"), ""),
            ("Bea> ", bea_1),
            ("Bea> ", bea_2),
            ("Bea> ", end),
            ("Bea> ", end),
            (to(lang, "Ann"), ""),
            ("Ann> ", UP * 5),  # (the line then sent by Enter)
            ("Ann> ", end),
            ("Ann> ", end),
            (to(lang, "Bea"), ""),
            ("Bea> ", UP * 4 + DOWN),
            ("Bea> ", stop),
            (asked, yes),
        ],
    )
    first = FIRST_TYPED[lang]
    ann = between(lines, to(lang, "Ann"), f"Ann> {end}")  # Ann's second turn up to her end
    assert ann.count(first) == 1
    assert ann[ann.index(first) + 1 :][:2] == [f"Ann> {ann_1}", ann_hand]
    bea = between(lines, to(lang, "Bea"), f"Bea> {stop}")  # Bea's second turn up to her quit
    assert bea.count(first) == 1
    assert bea[bea.index(first) + 1 :][:2] == [f"Bea> {bea_2}", supply]
