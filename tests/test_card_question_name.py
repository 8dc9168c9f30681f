"""A card's question at a seat of one person names no one: "Chapel: trash up to 4 cards from
your hand." (the name said nothing, and a screen reader spoke it as if calling the player),
whatever the seat's name, and so do the sentences that say the question again (after a no to
the trash's confirmation, at a move typed while it waits, at ``repeat``). Where several people
share one keyboard it names who is to answer: "Ann, Chapel: ...". The console core knows which
from the end that makes it (:attr:`~a11y_dominion.console.core.SeatConsole.shared`), not from
the name.

Each end plays its real console: ``play`` with one person and at a shared keyboard; the host's
own seat and a seat at the host played as the ssh seat plays it, over its link into the host's
room. In English and Dutch.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.remote import GameHost
from a11y_dominion.scenario import load_scenario
from a11y_dominion.seats import parse_seats
from seatsathost import at_table
from test_shared_console import play, position

CHAPEL = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Chapel", "Copper", "Estate"], "deck": ["Estate"] * 5}},
}
# what Ann types at Chapel's question: a card to trash, no to its confirmation, a move, repeat
TYPED = {
    "en": ["play Chapel", "Estate", "no", "buy silver", "repeat"],
    "nl": ["speel Kapel", "Landgoed", "nee", "koop zilver", "herhaal"],
}


def chapel_lines(lang: str, asked: str, prompt: str = "Ann> ") -> list[str]:
    """What Ann's screen shows from her play of Chapel on (:data:`TYPED`), the question being
    ``asked`` ("Chapel: ..." or "Ann, Chapel: ...")."""
    if lang == "en":
        return [
            f"{prompt}play Chapel",
            "You play Chapel.",
            asked,
            "Choose any number, by numbers or names separated by commas, or type none.",
            "1. Copper",
            "2. Estate",
            f"{prompt}Estate",
            "Trash Estate? Type yes to trash: no",
            f"Nothing was trashed. {asked}",
            f"{prompt}buy silver",
            f"First answer the question: {asked}",
            f"{prompt}repeat",
            "You play Chapel.",
            asked,
            prompt,
        ]
    return [
        f"{prompt}speel Kapel",
        "Je speelt Kapel.",
        asked,
        "Kies er zoveel als je wilt, met nummers of namen gescheiden door komma's, of typ geen.",
        "1. Koper",
        "2. Landgoed",
        f"{prompt}Landgoed",
        "Landgoed vernietigen? Typ ja om te vernietigen: nee",
        f"Er is niets vernietigd. {asked}",
        f"{prompt}koop zilver",
        f"Beantwoord eerst de vraag: {asked}",
        f"{prompt}herhaal",
        "Je speelt Kapel.",
        asked,
        prompt,
    ]


QUESTION = {"en": "Chapel: trash up to 4 cards from your hand.", "nl": "Kapel: vernietig tot 4 kaarten uit je hand."}


pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_play_with_one_person_names_no_one_in_a_card_s_question(here: Path, lang: str) -> None:
    path = position(here, CHAPEL, ["Ann", "Bot"], ["Chapel", "Villa"])
    typed = "".join(t + "\n" for t in TYPED[lang])
    _code, lines = play(typed, "--position", path, players=f"Ann:human:{lang},Bot:bigmoney")
    you = "Jij> " if lang == "nl" else "You> "  # (the one person's prompt, as the lines call them)
    start = lines.index(f"{you}{TYPED[lang][0]}")
    assert lines[start:-1] == chapel_lines(lang, QUESTION[lang], you)
    assert not [x for x in lines if "Ann, " in x]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_shared_keyboard_names_the_person_a_card_asks(here: Path, lang: str) -> None:
    path = position(here, CHAPEL, ["Ann", "Bea", "Bot"], ["Chapel", "Villa"])
    typed = "\n" + "".join(t + "\n" for t in TYPED[lang])  # (the Enter that takes the keyboard to Ann)
    _code, lines = play(typed, "--position", path, players=f"Ann:human:{lang},Bea:human:{lang},Bot:bigmoney")
    start = lines.index(f"Ann> {TYPED[lang][0]}")
    assert lines[start:-1] == chapel_lines(lang, f"Ann, {QUESTION[lang]}")


CAPITAL_END = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 1},
    "players": {
        "Ann": {"hand": [], "in_play": ["Capital"], "deck": ["Estate"] * 5},
        "Bea": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, debt, asked",
    [
        (
            "en",
            "end",
            "You now have 6 Debt, for Capital.",
            "Ann, Capital: you have 6 Debt and 1 coin. Pay how much Debt now (0 to 1)?",
        ),
        (
            "nl",
            "einde",
            "Je hebt nu 6 schuld, voor Kapitaal.",
            "Ann, Kapitaal: je hebt 6 schuld en 1 munt. Hoeveel schuld los je nu af (0 tot en met 1)?",
        ),
    ],
)
def test_a_shared_keyboard_names_the_person_capital_asks_to_pay_debt(here: Path, lang, typed, debt, asked) -> None:
    path = position(here, CAPITAL_END, ["Ann", "Bea"], ["Capital", "Villa", "Forum"])
    _code, lines = play(f"\n{typed}\n", "--position", path, players=f"Ann:human:{lang},Bea:human:{lang}")
    at = lines.index(f"Ann> {typed}")
    assert lines[at + 1 : at + 3] == [debt, asked]


def host_at(lang: str) -> GameHost:
    """Ann at the host's own seat and Bea remote, both speaking ``lang``: Ann's Action phase with
    Militia and Chapel in hand, 2 Actions."""
    specs = parse_seats(f"Ann:human,Bea:remote:{lang}", remote=True)
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 2, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": ["Militia", "Chapel", "Copper", "Estate"], "deck": ["Estate"] * 5},
            "Bea": {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"], "deck": ["Estate"] * 5},
        },
    }
    game, _ = load_scenario(
        {
            "players": ["Ann", "Bea"],
            "kingdom": ["Militia", "Chapel", "Villa"],
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": state,
            "script": [],
        }
    )
    return GameHost(game, specs, 1, Language(lang), out=[].append)


@pytest.mark.parametrize(
    "lang, attack, bea_typed, bea_said",
    [
        (
            "en",
            "play Militia",
            ["buy gold", "Estate, Copper"],
            [
                ["First answer the question: Militia: discard 2 cards, down to 3 in hand."],
                ["You discard Estate and Copper."],
            ],
        ),
        (
            "nl",
            "speel Militie",
            ["koop goud", "Landgoed, Koper"],
            [
                ["Beantwoord eerst de vraag: Militie: leg 2 kaarten af, tot je er 3 in je hand hebt."],
                ["Je legt Landgoed en Koper af."],
            ],
        ),
    ],
)
def test_the_host_s_own_seat_and_a_seat_at_the_host_name_no_one_in_a_card_s_question(
    lang: str, attack: str, bea_typed: list[str], bea_said: list[list[str]]
) -> None:
    async def main() -> tuple[list[str], list[list[str]], list[list[str]]]:
        async with at_table(host_at(lang), "Ann", "Bea") as (ann, bea):
            await ann.typed(attack)
            asked = "".join(bea.lines).splitlines()
            said = [await bea.typed(line) for line in bea_typed]
            return asked, said, [await ann.typed(line) for line in TYPED[lang]]

    asked, said, ann_said = asyncio.run(main())
    militia = {
        "en": "Militia: discard 2 cards, down to 3 in hand.",
        "nl": "Militie: leg 2 kaarten af, tot je er 3 in je hand hebt.",
    }[lang]
    # Bea, a seat at the host (the ssh seat's console): Militia's question and its repetition unnamed
    assert asked[asked.index(militia) - 1] in ("Militia attacks you.", "Militie valt jou aan.")
    assert said == bea_said
    # Ann, at the host's own seat: Chapel's question and the sentences that say it again
    # (the screen as play's, without the prompts and what was typed; the confirmation ends at its colon)
    shown = [x for x in chapel_lines(lang, QUESTION[lang]) if not x.startswith("Ann> ")]
    shown = [x.removesuffix(" no").removesuffix(" nee") for x in shown]
    assert [x for lines in ann_said for x in lines] == shown
