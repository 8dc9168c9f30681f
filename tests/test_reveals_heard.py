"""A revealed card is public: every seat and a watcher hear it, and what another player does in a
turn comes with the play that made it.

In another player's turn a seat hears one summary at its end (normal verbosity); that summary
names what the player revealed ("Ann played Patrician, revealed Gold."), and what another player
does in the turn, which is told at once (the card Chariot Race reveals from the deck of the player
to the left, Council Room's draw, a Moat, Gladiator's result), is opened by the play that made it,
with what its player revealed: "Ann plays Chariot Race and reveals Gold. You reveal Silver from the
deck." Private looks stay private (Sentry, Archive's cards set aside face down, Harbinger's card
put back). Exact lines for the player who reveals, the player to the left, a third player and a
watcher, in English and Dutch: through the real ends (the host's own seat, two plain ssh seats'
consoles and the server's watcher) for Chariot Race and Gladiator's question, and through each
seat's narration of the real engine's events for every kind of reveal.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from a11y_dominion.console.narration import Narration
from a11y_dominion.i18n import Language
from a11y_dominion.remote import GameHost
from a11y_dominion.scenario import ScriptSeat, load_scenario
from a11y_dominion.seats import parse_seats
from a11y_dominion.server.watch import WatchSeat
from a11y_dominion.table import Table
from a11y_dominion.view import redact_all
from seatsathost import SeatAt, settled, shown

PLAYERS = ("Ann", "Bea", "Carl")  # Bea sits to Ann's left


def hand_and_deck(hand: list[str], deck: list[str]) -> dict[str, list[str]]:
    """A player's zones in a scenario's state: ``hand``, and ``deck`` top first."""
    return {"hand": hand, "deck": deck}


def at_the_table(
    kingdom: list[str], players: dict[str, Any], typed: list[tuple[str, str]], lang: str
) -> dict[str, list[str]]:
    """What each seat's screen shows and what a watcher hears, from the moment Carl, in his Buy
    phase, ends his turn (so that every narration hears Ann's turn from its start) through
    ``typed`` ((seat, line) pairs): Ann at the host's own seat, Bea and Carl at plain ssh seats'
    consoles, a watcher as the server makes one; all people, in ``lang``, at normal verbosity."""

    async def main() -> dict[str, list[str]]:
        state = {"turn": {"player": "Carl", "phase": "buy", "actions": 1, "buys": 1, "coins": 0}, "players": players}
        game, _ = load_scenario({"players": list(PLAYERS), "kingdom": kingdom, "seed": 1, "state": state, "script": []})
        specs = parse_seats(f"Ann:human,Bea:remote:{lang},Carl:remote:{lang}", remote=True)
        host = GameHost(game, specs, 1, Language(lang), out=[].append)
        seats = {name: SeatAt(host, name) for name in PLAYERS}
        watched: list[str] = []
        watcher = WatchSeat(host, 1, Language(lang), "normal", watched.append, "Dee")
        host.watchers.append(watcher)
        host.table.onlookers.append(watcher.hear)
        for seat in seats.values():
            seat.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        start = {name: len(seat.lines) for name, seat in seats.items()}
        watched.clear()
        try:
            await seats["Carl"].typed("end")
            for name, line in typed:
                await seats[name].typed(line)
            heard = {name: shown(seat.lines[start[name] :], name) for name, seat in seats.items()}
            heard["watcher"] = list(watched)
            return heard
        finally:
            table.cancel()
            for seat in seats.values():
                if seat.task is not None:
                    seat.task.cancel()

    return asyncio.run(main())


def from_anns_turn(lines: list[str], start: str) -> list[str]:
    """``lines`` from Ann's turn's start (``start``) on, up to the next turn's start."""
    i = lines.index(start)
    return lines[
        i : i + next(k for k, x in enumerate(lines[i + 1 :], 1) if "turn 1" in x or "beurt 1" in x.lower()) + 1
    ]


CHARIOT_RACE = {
    "Ann": hand_and_deck(["Chariot Race", "Copper", "Copper", "Copper", "Copper"], ["Gold", "Copper"] + ["Estate"] * 5),
    "Bea": hand_and_deck(["Copper"] * 5, ["Silver", "Estate"]),
    "Carl": hand_and_deck(["Copper"] * 5, ["Estate"] * 5),
}

CHARIOT_RACE_HEARD = {
    "en": {
        "play": "play Chariot Race",
        "Ann": "You play Chariot Race. You reveal Gold from the deck. You put Gold into your hand. Bea reveals "
        "Silver from the deck. Your card costs more. You now have 1 VP token, from Chariot Race. 1 coin.",
        "Bea": [
            "Ann's turn 1.",
            "Ann plays Chariot Race and reveals Gold. You reveal Silver from the deck.",
            "Ann's card costs more.",
            "Ann gained 1 VP from Chariot Race, played 4 Coppers and Gold, bought Gold.",
            "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.",
        ],
        "others": [
            "Ann's turn 1.",
            "Ann plays Chariot Race and reveals Gold. Bea reveals Silver from the deck.",
            "Ann's card costs more.",
            "Ann gained 1 VP from Chariot Race, played 4 Coppers and Gold, bought Gold.",
            "Bea's turn 1.",
        ],
    },
    "nl": {
        "play": "speel Strijdwagenrace",
        "Ann": "Je speelt Strijdwagenrace. Je laat Goud van je trekstapel zien. Je neemt Goud in je hand. Bea laat "
        "Zilver van de trekstapel zien. Jouw kaart kost meer. Je hebt nu 1 overwinningspuntenfiche, van "
        "Strijdwagenrace. 1 munt.",
        "Bea": [
            "Beurt 1 van Ann.",
            "Ann speelt Strijdwagenrace en laat Goud zien. Je laat Zilver van je trekstapel zien.",
            "De kaart van Ann kost meer.",
            "Ann kreeg 1 punt van Strijdwagenrace, speelde 4 Koper en Goud, kocht Goud.",
            "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten.",
        ],
        "others": [
            "Beurt 1 van Ann.",
            "Ann speelt Strijdwagenrace en laat Goud zien. Bea laat Zilver van de trekstapel zien.",
            "De kaart van Ann kost meer.",
            "Ann kreeg 1 punt van Strijdwagenrace, speelde 4 Koper en Goud, kocht Goud.",
            "Beurt 1 van Bea.",
        ],
    },
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_chariot_race_is_heard_whole_at_every_seat_and_by_a_watcher(lang: str) -> None:
    """Issue 25's try-out: Bea heard only "You reveal Silver from the deck.", with no word of Ann's
    play, of the card Ann revealed, nor of whether Ann got the bonus."""
    said = CHARIOT_RACE_HEARD[lang]
    buy = "koop Goud" if lang == "nl" else "buy Gold"
    treasures = "speel geldkaarten" if lang == "nl" else "play treasures"
    typed = [("Ann", str(said["play"])), ("Ann", treasures), ("Ann", buy), ("Ann", "end")]
    heard = at_the_table(["Chariot Race"], CHARIOT_RACE, typed, lang)
    assert said["Ann"] in heard["Ann"]
    start = "Beurt 1 van Ann." if lang == "nl" else "Ann's turn 1."
    assert from_anns_turn(heard["Bea"], start) == said["Bea"]
    assert from_anns_turn(heard["Carl"], start) == said["others"]
    assert from_anns_turn(heard["watcher"], start) == said["others"]


GLADIATOR = {
    "Ann": hand_and_deck(["Gladiator", "Estate", "Silver", "Copper", "Copper"], ["Copper"] * 5),
    "Bea": hand_and_deck(["Estate", "Copper", "Copper", "Copper", "Copper"], ["Copper"] * 5),
    "Carl": hand_and_deck(["Copper"] * 5, ["Estate"] * 5),
}


@pytest.mark.parametrize(
    "lang, typed, bea_asked, others",
    [
        (
            "en",
            [("Ann", "play Gladiator"), ("Ann", "Estate"), ("Bea", "yes")],
            [
                "Ann's turn 1.",
                "Ann plays Gladiator and reveals Estate.",
                "Gladiator: you may reveal a copy of Estate from your hand to stop the bonus.",
                "Answer yes for Estate, or no.",
                "You reveal Estate too: no +1 coin for Ann, no Gladiator trashed.",
            ],
            [
                "Ann's turn 1.",
                "Ann plays Gladiator and reveals Estate. Bea reveals Estate too: no +1 coin for Ann, no Gladiator "
                "trashed.",
            ],
        ),
        (
            "nl",
            [("Ann", "speel Gladiator"), ("Ann", "Landgoed"), ("Bea", "ja")],
            [
                "Beurt 1 van Ann.",
                "Ann speelt Gladiator en laat Landgoed zien.",
                "Gladiator: je mag een Landgoed uit je hand laten zien om de bonus tegen te houden.",
                "Antwoord ja voor Landgoed, of nee.",
                "Je laat ook een Landgoed zien: geen +1 munt voor Ann, geen Gladiator vernietigd.",
            ],
            [
                "Beurt 1 van Ann.",
                "Ann speelt Gladiator en laat Landgoed zien. Bea laat ook een Landgoed zien: geen +1 munt voor Ann, "
                "geen Gladiator vernietigd.",
            ],
        ),
    ],
)
def test_gladiator_s_question_and_result_come_with_the_play_and_the_card_revealed(
    lang: str, typed: list[tuple[str, str]], bea_asked: list[str], others: list[str]
) -> None:
    """The player to the left is asked in a person's turn: the play and the card revealed are said
    before the question; the third player and a watcher hear the play with its result."""
    heard = at_the_table(["Gladiator/Fortune"], GLADIATOR, typed, lang)
    start = bea_asked[0]
    bea = heard["Bea"][heard["Bea"].index(start) :]
    assert [x for x in bea if x != typed[-1][1]] == bea_asked
    assert heard["Carl"][heard["Carl"].index(start) :] == others
    assert heard["watcher"][heard["watcher"].index(start) :] == others


# ----------------------------------------------------------- every kind of reveal, seat by seat
def played(
    kingdom: list[str], players: dict[str, Any], script: list[str], lang: str = "en", piles: dict | None = None
) -> dict[str, list[str]]:
    """What Ann, Bea, Carl and a watcher hear of Ann's turn: Carl, in his Buy phase, ends his turn,
    Ann's starts, ``script`` is typed (a scenario's lines, each answering the decision pending),
    then Ann ends her turn; each hears it through the narration of its seat (a watcher's: none)
    of the real engine's events redacted for it, at normal verbosity, all players people. The
    lines from Ann's turn's start up to the next turn's."""
    state = {"turn": {"player": "Carl", "phase": "buy", "actions": 1, "buys": 1, "coins": 0}, "players": players}
    if piles:
        state["piles"] = piles
    game, _ = load_scenario({"players": list(PLAYERS), "kingdom": kingdom, "seed": 1, "state": state, "script": []})
    ref: list[Table] = []
    seat = ScriptSeat(ref, ["end", *script, "end", "end"])
    table = Table(game, {name: seat for name in PLAYERS})
    ref.append(table)
    table.run()
    assert seat.error is None and seat.line == len(seat.script), (seat.error, seat.line)
    heard = {}
    for name in (*PLAYERS, None):
        said: list[str] = []
        narration = Narration(name, Language(lang), print_fn=lambda text, _style, said=said: said.append(text))
        narration.meet(frozenset(PLAYERS))
        narration.at_keyboard = True
        narration.tell(redact_all(game.log, name))
        starts = (
            "Ann's turn 1.",
            "Bea's turn 1.",
            "Your turn 1.",
            "Beurt 1 van Ann.",
            "Beurt 1 van Bea.",
            "Jouw beurt 1.",
        )
        turn = next(k for k, x in enumerate(said) if x in starts)
        later = next(k for k, x in enumerate(said) if k > turn and x in starts)
        heard[name or "watcher"] = said[turn:later]
    return heard


def same_for_the_others(heard: dict[str, list[str]], lines: list[str]) -> None:
    """Bea, Carl and the watcher each hear ``lines``."""
    for seat in ("Bea", "Carl", "watcher"):
        assert heard[seat] == lines, seat


def test_the_summary_names_the_card_patrician_reveals() -> None:
    players = {"Ann": hand_and_deck(["Patrician"], ["Estate", "Gold", "Copper"])}
    heard = played(["Patrician/Emporium"], players, ["play Patrician"])
    assert heard["Ann"][1] == (
        "You play Patrician. You draw Estate. You reveal Gold from the deck. You put Gold into your hand."
    )
    same_for_the_others(heard, ["Ann's turn 1.", "Ann played Patrician, revealed Gold."])
    heard = played(["Patrician/Emporium"], players, ["play Patrician"], "nl")
    for seat in ("Bea", "Carl", "watcher"):
        assert heard[seat] == ["Beurt 1 van Ann.", "Ann speelde Patriciër, liet Goud zien."]


@pytest.mark.parametrize(
    "kingdom, ann, script, summary",
    [
        (
            ["City Quarter", "Village"],
            hand_and_deck(["City Quarter", "Village", "Copper", "Estate"], ["Gold"]),
            ["play City Quarter"],
            "Ann played City Quarter, revealed Village, Copper and Estate.",
        ),
        (
            ["Royal Blacksmith"],
            hand_and_deck(["Royal Blacksmith", "Copper", "Estate"], ["Gold", "Copper", "Silver", "Estate", "Copper"]),
            ["play Royal Blacksmith"],
            "Ann played Royal Blacksmith, revealed 3 Coppers, 2 Estates, Gold and Silver.",
        ),
        (
            ["Encampment/Plunder"],
            hand_and_deck(["Encampment", "Gold", "Copper"], ["Estate", "Copper"]),
            ["play Encampment", "Gold"],
            "Ann played Encampment, revealed Gold.",
        ),
        (
            ["Settlers/Bustling Village"],
            {"hand": ["Settlers"], "deck": ["Estate"], "discard": ["Copper", "Silver"]},
            ["play Settlers", "yes"],
            "Ann played Settlers, revealed Copper.",
        ),
        (
            ["Adventurer"],
            hand_and_deck(["Adventurer"], ["Estate", "Copper", "Silver"]),
            ["play Adventurer"],
            "Ann played Adventurer, revealed Copper, Silver and Estate.",
        ),
        (
            ["Vassal"],
            hand_and_deck(["Vassal"], ["Gold", "Estate"]),
            ["play Vassal"],
            "Ann played Vassal, discarded Gold.",  # (the top card of the deck, discarded face up)
        ),
        (
            ["Gladiator/Fortune"],
            hand_and_deck(["Gladiator", "Silver"], ["Estate"]),
            ["play Gladiator"],
            # (Bea holds no Silver: the result between the two, with the play, at once; the pile after)
            "Ann plays Gladiator and reveals Silver. {bea} no Silver: Ann gets +1 coin and trashes a Gladiator "
            "from the Supply.",
        ),
    ],
)
def test_what_the_player_revealed_from_hand_deck_or_discard_pile_is_heard(
    kingdom: list[str], ann: dict[str, Any], script: list[str], summary: str
) -> None:
    heard = played(kingdom, {"Ann": ann}, script)
    if "{bea}" in summary:
        assert heard["Bea"][1] == summary.format(bea="You reveal")
        assert heard["Carl"][1] == heard["watcher"][1] == summary.format(bea="Bea reveals")
        assert heard["Carl"][2:] == heard["watcher"][2:] == ["Gladiator/Fortune pile: 9 cards left."]
        return
    same_for_the_others(heard, ["Ann's turn 1.", summary])


def test_the_hand_grand_castle_reveals_is_in_the_summary_of_the_buy() -> None:
    players = {"Ann": hand_and_deck(["Gold", "Gold", "Gold", "Estate"], ["Copper"] * 5)}
    piles = {"Castles": {"cards": ["Grand Castle", "King's Castle"]}}
    heard = played(["Castles"], players, ["play treasures", "buy Castles"], piles=piles)
    same_for_the_others(
        heard,
        [
            "Ann's turn 1.",
            "Ann played 3 Golds, bought Grand Castle (King's Castle now on top, 1 left), revealed Estate, "
            "gained 1 VP from Grand Castle.",
        ],
    )


def test_another_player_s_draw_in_the_turn_comes_with_the_play() -> None:
    players = {
        "Ann": hand_and_deck(["Council Room"], ["Copper"] * 4),
        "Bea": hand_and_deck(["Copper"] * 5, ["Silver"]),
        "Carl": hand_and_deck(["Copper"] * 5, ["Estate"] * 5 + ["Gold"]),
    }
    heard = played(["Council Room"], players, ["play Council Room"])
    assert heard["Bea"] == ["Ann's turn 1.", "Ann plays Council Room. You draw Silver.", "Carl draws 1 card."]
    assert heard["Carl"] == ["Ann's turn 1.", "Ann plays Council Room. Bea draws 1 card.", "You draw Gold."]
    assert heard["watcher"] == ["Ann's turn 1.", "Ann plays Council Room. Bea draws 1 card.", "Carl draws 1 card."]
    assert heard["Ann"][1] == "You play Council Room. You draw 4 Coppers. Bea draws 1 card. Carl draws 1 card."
    heard = played(["Council Room"], players, ["play Council Room"], "nl")
    assert heard["Bea"] == ["Beurt 1 van Ann.", "Ann speelt Raadszaal. Je trekt Zilver.", "Carl trekt 1 kaart."]
    assert heard["watcher"] == ["Beurt 1 van Ann.", "Ann speelt Raadszaal. Bea trekt 1 kaart.", "Carl trekt 1 kaart."]


def test_a_moat_revealed_comes_after_the_attack_s_play() -> None:
    players = {
        "Ann": hand_and_deck(["Militia"], ["Estate"] * 5),
        "Bea": hand_and_deck(["Moat", "Copper", "Copper", "Copper", "Copper"], []),
        "Carl": hand_and_deck(["Copper"] * 5, []),
    }
    heard = played(["Militia", "Moat"], players, ["play Militia", "yes"])
    assert heard["Carl"] == [
        "Ann's turn 1.",
        "Ann plays Militia. Bea reveals Moat.",
        "Militia attacks you.",
        "You discard 2 Coppers.",
    ]
    assert heard["watcher"] == [
        "Ann's turn 1.",
        "Ann plays Militia. Bea reveals Moat.",
        "Militia attacks Carl.",
        "Carl discards 2 Coppers.",
    ]


def test_spy_s_own_card_is_heard_in_its_place() -> None:
    players = {
        "Ann": hand_and_deck(["Spy"], ["Estate", "Copper"]),
        "Bea": hand_and_deck(["Copper"] * 5, ["Silver"]),
        "Carl": hand_and_deck(["Copper"] * 5, ["Estate"] * 5 + ["Gold"]),
    }
    heard = played(["Spy"], players, ["play Spy", "yes", "no", "yes"])
    assert heard["Bea"] == [
        "Ann's turn 1.",
        "Ann plays Spy and attacks you and Carl.",
        "Ann reveals Copper from the deck.",
        "Ann discards Copper.",
        "You reveal Silver from the deck.",
        "Carl reveals Gold from the deck.",
        "Carl discards Gold.",
    ]


def test_a_card_trashed_before_an_attack_is_said_once() -> None:
    players = {
        "Ann": hand_and_deck(["Catapult", "Silver"], ["Estate"] * 5),
        "Bea": hand_and_deck(["Copper"] * 5, []),
        "Carl": hand_and_deck(["Copper"] * 5, []),
    }
    heard = played(["Catapult/Rocks"], players, ["play Catapult"])
    # (the attack's line names the play and the trash: the turn's summary, "Ann trashed Silver.", is not said)
    assert heard["watcher"] == [
        "Ann's turn 1.",
        "Ann plays Catapult, trashes Silver and attacks Bea and Carl.",
        "Bea gains Curse (19 left).",
        "Bea discards 2 Coppers.",
        "Carl gains Curse (18 left).",
        "Carl discards 2 Coppers.",
    ]


@pytest.mark.parametrize(
    "kingdom, ann, script, summary",
    [
        (
            ["Sentry"],
            hand_and_deck(["Sentry"], ["Estate", "Copper", "Gold"]),
            ["play Sentry", "none", "Copper"],
            "Ann played Sentry.",
        ),
        (
            ["Archive"],
            hand_and_deck(["Archive"], ["Estate", "Copper", "Gold", "Silver"]),
            ["play Archive", "Gold"],
            "Ann played Archive.",
        ),
        (
            ["Harbinger"],
            {"hand": ["Harbinger"], "deck": ["Estate"], "discard": ["Gold", "Copper"]},
            ["play Harbinger", "Gold"],
            "Ann played Harbinger.",
        ),
    ],
)
def test_a_private_look_stays_private(kingdom: list[str], ann: dict[str, Any], script: list[str], summary: str) -> None:
    heard = played(kingdom, {"Ann": ann}, script)
    same_for_the_others(heard, ["Ann's turn 1.", summary])
