"""A person's story at a shared keyboard survives a stop and ``resume`` (issue 23), and a
resumed game says its turn and its question once each, at a shared keyboard and alone.

Ann and Bea play at one keyboard (``play --players Ann,Bea --kingdom Militia``, seed 2), in
this process, their lines piped in (:mod:`playcore`). In Bea's turn 3 Bea plays Militia, the
keyboard passes to Ann, who discards Copper and Silver, and back to Bea, who buys Silver and
ends her turn. The game stops at the hand-over to Ann (the end of the lines typed, as quit or
Ctrl+C stop it), and ``resume`` goes on with it: after Enter, Ann hears what she would have
heard had the game never stopped, each thing once, and none of Bea's cards.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

import playcore
from a11y_dominion import autosave

pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)

OPTIONS = ["--seed", "2", "--players", "Ann,Bea", "--kingdom", "Militia"]
WORDS = {  # (play treasures, play Militia, buy, end, Militia, Silver) as typed in each language
    "en": ("play treasures", "play militia", "buy", "end", "militia", "silver"),
    "nl": ("speel geldkaarten", "speel militie", "koop", "einde", "militie", "zilver"),
}
TO_ANN = {
    "en": "Pass the keyboard to Ann. Ann, press Enter when you are ready.",
    "nl": "Geef het toetsenbord aan Ann. Ann, druk op Enter als je klaar bent.",
}
TO_BEA = {
    "en": "Pass the keyboard to Bea. Bea, press Enter when you are ready.",
    "nl": "Geef het toetsenbord aan Bea. Bea, druk op Enter als je klaar bent.",
}

STOPPED = {
    "en": "Game stopped. It is kept; a11y-dominion resume goes on with it.",
    "nl": "Spel gestopt. Het blijft bewaard; a11y-dominion resume gaat ermee verder.",
}


def to_militia(lang: str) -> list[str]:
    """The lines typed from the start to the hand-over to Ann after Bea's turn 3 (seed 2): Ann
    and Bea buy Militia and Silver; in Ann's turn 3 Ann plays Militia (Bea discards her first
    two choices), in Bea's turn 3 Bea plays Militia, Ann discards Copper and Silver, and Bea
    buys Silver."""
    t, play_militia, buy, end, militia, silver = WORDS[lang]
    return [
        *["", t, f"{buy} {militia}", end],  # Ann's turn 1
        *["", t, f"{buy} {silver}", end],  # Bea's turn 1
        *["", t, f"{buy} {silver}", end],  # Ann's turn 2
        *["", t, f"{buy} {militia}", end],  # Bea's turn 2
        *["", play_militia, "", "1, 2", "", t, f"{buy} {militia}", end],  # Ann's turn 3: Bea discards
        *["", play_militia, "", "1, 2", "", t, f"{buy} {silver}", end],  # Bea's turn 3: Ann discards
    ]


def after(lines: list[str], start: str, end: str) -> list[str]:
    """The lines after the last ``start`` up to the next ``end``."""
    i = len(lines) - lines[::-1].index(start)
    return lines[i : lines.index(end, i)]


ANN_AFTER = {  # what Ann hears at her turn 4, after Enter, whether or not the game stopped meanwhile
    "en": [
        "",
        "You discard Copper and Silver.",
        "Bea played Copper, bought Silver.",
        "Your turn 4. Ann, Action phase: 1 Action, 1 Buy, 0 coins.",
        "Ann's hand: 2 Coppers and Estate.",
    ],
    "nl": [
        "",
        "Je legt Koper en Zilver af.",
        "Bea speelde Koper, kocht Zilver.",
        "Jouw beurt 4. Ann, actiefase: 1 actie, 1 aanschaf, 0 munten.",
        "Hand van Ann: 2 Koper en Landgoed.",
    ],
}
ANN_LOG = {  # and her log 6 there
    "en": [
        "The last 6 messages:",
        "You draw 3 Coppers, Silver and Estate.",
        "Bea's turn 3.",
        "Bea plays Militia and attacks you.",
        *ANN_AFTER["en"][1:4],
    ],
    "nl": [
        "De laatste 6 berichten:",
        "Je trekt 3 Koper, Zilver en Landgoed.",
        "Beurt 3 van Bea.",
        "Bea speelt Militie en valt jou aan.",
        *ANN_AFTER["nl"][1:4],
    ],
}
BEA_AFTER = {  # then Bea's news: her own draw (told to her alone) and Ann's turn
    "en": [
        "",
        "You draw 4 Coppers and Estate.",
        "Ann's turn 4.",
        "Ann played 2 Coppers.",
        "Your turn 4. Bea, Action phase: 1 Action, 1 Buy, 0 coins. 5 cards in hand, as drawn; type hand to hear them.",
    ],
    "nl": [
        "",
        "Je trekt 4 Koper en Landgoed.",
        "Beurt 4 van Ann.",
        "Ann speelde 2 Koper.",
        "Jouw beurt 4. Bea, actiefase: 1 actie, 1 aanschaf, 0 munten. 5 kaarten in je hand, zoals getrokken; "
        "typ hand om ze te horen.",
    ],
}


def ann_turn_4(lang: str) -> list[str]:
    """Ann's turn 4 (she plays her Treasures and buys nothing), typed after Enter, and the Enter
    that hands the keyboard to Bea."""
    t, _play, _buy, end, _militia, _silver = WORDS[lang]
    return ["log 6", t, end, ""]


def resumed(lang: str) -> list[str]:
    """The lines shown by ``resume`` of the game stopped at the hand-over to Ann after Bea's turn 3."""
    lang_option = ["--lang", lang] if lang != "en" else []
    stopped = playcore.play(OPTIONS + lang_option, to_militia(lang))
    assert stopped.code == 1 and stopped.lines[-1] == STOPPED[lang]
    return playcore.play(lang_option, ["", *ann_turn_4(lang)], resume=autosave.find_game(None)).lines


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_after_resume_a_person_hears_once_what_came_since_they_last_had_the_keyboard(lang: str) -> None:
    lines = resumed(lang)
    to_ann, to_bea = TO_ANN[lang], TO_BEA[lang]
    ann = after(lines, to_ann, to_bea)
    # Ann's discard and the rest of Bea's turn, as a game that never stopped tells them (below)
    assert ann[:5] == ANN_AFTER[lang]
    assert ann[ann.index("Ann> log 6") + 1 :][:7] == ANN_LOG[lang]
    bea = lines[lines.index(to_bea) + 1 :]
    assert bea[:5] == BEA_AFTER[lang]
    # nothing of Bea's hand or draw reaches Ann, and nothing is told twice
    assert not any(bea_draw in line for line in ann for bea_draw in ("4 Coppers and Estate", "4 Koper en Landgoed"))
    heard = ann[: ann.index("Ann> log 6")]
    assert [line for line in heard if line in ANN_AFTER[lang][1:]] == ANN_AFTER[lang][1:]

    lang_option = ["--lang", lang] if lang != "en" else []
    whole = playcore.play(OPTIONS + lang_option, [*to_militia(lang), "", *ann_turn_4(lang)]).lines
    unbroken = after(whole, to_ann, to_bea)
    assert unbroken[:5] == ANN_AFTER[lang]
    assert unbroken[unbroken.index("Ann> log 6") + 1 :][:7] == ANN_LOG[lang]
    # (a session says once how to hear a hand told as it was drawn: the resumed one again)
    assert whole[len(whole) - whole[::-1].index(to_bea) :][:4] == BEA_AFTER[lang][:4]


def turn_4(line: str) -> bool:
    """Whether ``line`` names a turn 4 (Ann's or Bea's), in English or Dutch."""
    return "turn 4" in line.lower() or "beurt 4" in line.lower()


RESUMED = {"en": "Resumed the game of ", "nl": "Verder met het spel van "}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_resumed_game_at_a_shared_keyboard_says_its_turn_and_its_question_once(lang: str) -> None:
    lines = resumed(lang)
    before_bea = lines[: lines.index(TO_BEA[lang])]
    # the game goes on, the keyboard passes, and Ann hears where it stands with her own question
    i = before_bea.index(TO_ANN[lang])
    assert before_bea[i - 1].startswith(RESUMED[lang]) and before_bea[i + 1 :][:5] == ANN_AFTER[lang]
    turn = ANN_AFTER[lang][3]  # "Your turn 4. Ann, Action phase: 1 Action, 1 Buy, 0 coins."
    figures = turn[turn.index(":") :]
    said = before_bea[: before_bea.index("Ann> log 6")]
    assert [line for line in said if turn_4(line) or figures in line] == [turn]


# seed 2: Ann buys Workshop in her turns 1 and 2 and plays it in her turn 3: its question waits
WORKSHOP = ["play treasures", "buy workshop", "end"] * 2 + ["play workshop"]
ALONE = {  # the last of the last announcements, then where the game stands, then the question: each once
    "en": [
        "You play Workshop.",
        "Your turn 3, Action phase: 0 Actions, 1 Buy, 0 coins.",
        "Your hand, 4 cards: 2 Coppers and 2 Estates.",
        "In play: Workshop.",
        "Workshop: gain a card costing up to 4 coins.",
    ],
    "nl": [
        "Je speelt Werkplaats.",
        "Jouw beurt 3, actiefase: 0 acties, 1 aanschaf, 0 munten.",
        "Je hand, 4 kaarten: 2 Koper en 2 Landgoederen.",
        "In het spel: Werkplaats.",
        "Werkplaats: pak een kaart die tot 4 munten kost.",
    ],
}
ANNOUNCEMENTS = ("The last announcements:", "De laatste meldingen:")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_resumed_game_of_one_person_says_its_turn_and_its_question_once(lang: str) -> None:
    options = ["--seed", "2", "--players", "Ann,medium", "--kingdom", "Workshop", "--lang", lang]
    assert playcore.play(options, WORKSHOP).code == 1  # stopped at Workshop's question, kept
    lines = playcore.play(["--lang", lang], [], resume=autosave.find_game(None)).lines
    assert lines[2].startswith(RESUMED[lang])
    assert lines[3] in ANNOUNCEMENTS and lines[8:13] == ALONE[lang]
    turn = ALONE[lang][1][: ALONE[lang][1].index(",")]  # "Your turn 3"
    assert [line for line in lines if line.startswith(turn)] == [ALONE[lang][1]]


MID_TURN = {  # stopped at Ann's question after she played her Treasures, its news heard ("You play 2 Coppers."):
    # resumed, the keyboard passes, then the turn, her hand and what is in play once, then her question
    "en": [
        TO_ANN["en"],
        "",
        "Ann's turn 4, Buy phase: 1 Action, 1 Buy, 2 coins.",
        "Ann's hand, 1 card: Estate.",
        "In play: 2 Coppers.",
        "1. buy Copper, 0 coins",
    ],
    "nl": [
        TO_ANN["nl"],
        "",
        "Beurt 4 van Ann, aanschaffase: 1 actie, 1 aanschaf, 2 munten.",
        "Hand van Ann, 1 kaart: Landgoed.",
        "In het spel: 2 Koper.",
        "1. koop Koper, 0 munten",
    ],
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_turn_whose_start_was_heard_before_the_stop_is_told_once_as_the_game_resumes(lang: str) -> None:
    lang_option = ["--lang", lang] if lang != "en" else []
    treasures = WORDS[lang][0]
    playcore.play(OPTIONS + lang_option, [*to_militia(lang), "", treasures])  # stopped at Ann's Buy phase
    lines = playcore.play(lang_option, [""], resume=autosave.find_game(None)).lines
    i = lines.index(MID_TURN[lang][0])
    assert lines[i - 1].startswith(RESUMED[lang]) and lines[i : i + 6] == MID_TURN[lang]
    assert [line for line in lines if turn_4(line)] == [MID_TURN[lang][2]]


def program(*args: str, typed: list[str]) -> list[str]:
    """The lines ``a11y-dominion ARGS`` shows, the installed program in a process of its own, with
    the lines ``typed`` piped in (its data and settings are the test's: tests/conftest.py's ``here``)."""
    exe = shutil.which("a11y-dominion")
    command = [exe, *args] if exe else [sys.executable, "-m", "a11y_dominion", *args]
    typed_in = "".join(line + "\n" for line in typed)
    done = subprocess.run(command, input=typed_in, capture_output=True, text=True, encoding="utf-8", timeout=300)
    return done.stdout.splitlines()


@pytest.mark.e2e  # the program in processes of its own
def test_the_program_stopped_by_quit_at_the_hand_over_tells_ann_her_story_when_resumed() -> None:
    stopped = program("play", *OPTIONS, "--speech", "off", typed=[*to_militia("en"), "quit", "yes"])
    asked = "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: yes"
    assert stopped[-4:] == [TO_ANN["en"], "quit", asked, STOPPED["en"]]
    lines = program("resume", "--speech", "off", typed=["", *ann_turn_4("en")])
    ann = after(lines, TO_ANN["en"], TO_BEA["en"])
    assert ann[:5] == ANN_AFTER["en"] and ann[ann.index("Ann> log 6") + 1 :][:7] == ANN_LOG["en"]
    assert lines[lines.index(TO_BEA["en"]) + 1 :][:5] == BEA_AFTER["en"]
