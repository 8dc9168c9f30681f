"""What a buy makes is never heard before the buy, at any seat and verbosity.

At normal verbosity another player's buys wait for the summary of their turn; what a buy makes
that is told at once (Villa's return to the Action phase) opens with the buy, which leaves the
summary, so it is said once; a taken-back buy is then heard after it ("Carl took back the buy
of Villa."). In one process, without SSH: each seat played by its console (:mod:`seatsathost`).
"""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from a11y_dominion.view import redact_all
from seatsathost import SeatAt, settled, shown

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402

KINGDOM = ["Villa", "Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Militia", "Cellar", "Workshop"]


def villa_game(players: list[str]) -> Game:
    """A game whose first player holds 4 Coppers and an Estate: 4 coins for Villa."""
    game = Game(GameConfig(players, KINGDOM, [], [], 3))
    game.start()
    game.players[0].hand = [game.new_card("Copper") for _ in range(4)] + [game.new_card("Estate")]
    return game


def villa_bought(player: str = "Carl") -> list:
    """The events of ``player``'s treasures played and Villa bought in their Buy phase."""
    game = villa_game([player, "Ann"])
    start = len(game.log)
    game.answer([{"move": "treasures"}])
    game.answer([{"move": "buy", "card": "Villa"}])
    return list(game.log[start:])


@pytest.mark.parametrize(
    "lang, verbosity, heard",
    [
        ("en", "normal", ["Carl buys Villa. Villa: +1 Action, Carl goes back to the Action phase."]),
        ("nl", "normal", ["Carl koopt Villa. Villa: +1 actie, Carl gaat terug naar de actiefase."]),
        ("en", "terse", ["Carl buys Villa.", "Villa: +1 Action, Carl goes back to the Action phase."]),
        ("nl", "terse", ["Carl koopt Villa.", "Villa: +1 actie, Carl gaat terug naar de actiefase."]),
    ],
)
def test_villa_s_effect_is_heard_after_its_buy(lang, verbosity, heard):
    narrator = Narrator("Ann", verbosity=verbosity, current="Carl", lang=Language(lang), people=frozenset({"Carl"}))
    assert narrator.sentences(redact_all(villa_bought(), "Ann")) == heard


def test_at_verbose_the_buy_comes_before_its_effect():
    said = Narrator("Ann", verbosity="verbose", current="Carl").sentences(redact_all(villa_bought(), "Ann"))
    assert said[-3:] == [
        "Carl buys Villa; 0 coins left.",
        "Carl puts Villa into their hand.",
        "Villa: +1 Action, Carl goes back to the Action phase.",
    ]


def test_the_buy_said_at_once_leaves_the_summary_and_the_rest_waits_for_it():
    """A bot's turn: its start opens the line of the buy; the summary at its end says the rest once."""
    events = [ev.TurnStarted("Bot", 5, 9), *villa_bought("Bot")]
    narrator = Narrator("Ann", current="Bot")
    assert narrator.sentences(redact_all(events, "Ann")) == [
        "Bot's turn 5. Bot buys Villa. Villa: +1 Action, Bot goes back to the Action phase."
    ]
    rest = [ev.PhaseChanged("Bot", "buy"), ev.TurnStarted("Ann", 5, 10)]
    assert narrator.sentences(rest)[0] == "Bot played 4 Coppers."


@pytest.mark.parametrize(
    "seat, heard",
    [
        (
            "Ann",
            [
                "Carl buys Villa. Villa: +1 Action, Carl goes back to the Action phase.",
                "Carl took back the buy of Villa.",
            ],
        ),
        (
            "Bea",
            [
                "Carl koopt Villa. Villa: +1 actie, Carl gaat terug naar de actiefase.",
                "Carl nam de aankoop van Villa terug.",
            ],
        ),
    ],
)
def test_an_undone_buy_is_heard_after_the_buy_its_effect_named(seat, heard):
    """Carl buys Villa (back to his Action phase) and takes it back: Ann (English) and Bea (Dutch),
    at normal verbosity, hear the buy with its effect, then that it was taken back; his turn's
    summary at its end says what stands, each fact once."""

    async def main() -> tuple[list[str], list[str]]:
        specs = parse_seats("Carl:remote,Ann:remote,Bea:remote:nl", remote=True)
        game = villa_game([s.name for s in specs])
        host = GameHost(game, specs, 3, Language("en"), out=[].append)
        seats = {name: SeatAt(host, name) for name in ("Carl", "Ann", "Bea")}
        for at in seats.values():
            at.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        start = {name: len(at.lines) for name, at in seats.items()}
        for line in ("play treasures", "buy villa", "undo", "buy silver", "end"):
            await seats["Carl"].typed(line)
        table.cancel()
        said = shown(seats[seat].lines[start[seat] :], seat)
        return said, shown(seats["Carl"].lines, "Carl")

    said, carl = asyncio.run(main())
    assert [x for x in carl if x.startswith("Taken back")] == ["Taken back: your buy of Villa."], carl[-8:]
    assert said[: len(heard)] == heard, said
    summary = "Carl played 4 Coppers, bought Silver." if seat == "Ann" else "Carl speelde 4 Koper, kocht Zilver."
    assert summary in said, said


def haunted_castle_bought(players: tuple[str, ...] = ("Carl", "Ann")) -> tuple[Game, list]:
    """Carl plays 3 Golds and buys Haunted Castle (on top of the Castles): Ann, with 5 cards in
    hand, is asked to put 2 of them onto her deck; a third player holds 4 cards."""
    game = Game(GameConfig(list(players), ["Castles", *KINGDOM[1:]], [], [], 3))
    game.start()
    castles = game.piles["Castles"].cards
    castles.insert(0, castles.pop(next(i for i, c in enumerate(castles) if c.name == "Haunted Castle")))
    game.players[0].hand = [game.new_card("Gold") for _ in range(3)]
    for other in game.players[2:]:
        other.hand = other.hand[:4]  # (a third player, with 4 cards, is not asked)
    start = len(game.log)
    game.answer([{"move": "treasures"}])
    game.answer([{"move": "buy", "card": "Castles"}])
    return game, list(game.log[start:])


@pytest.mark.parametrize(
    "lang, heard",
    [
        ("en", "Carl played 3 Golds, bought Haunted Castle (Humble Castle now on top, 7 left), gained Gold."),
        ("nl", "Carl speelde 3 Goud, kocht Spookkasteel (Bescheiden kasteel nu bovenop, nog 7), pakte Goud."),
    ],
)
def test_a_question_a_buy_asks_comes_after_the_buy(lang, heard):
    """Haunted Castle's question to Ann comes right after Carl's buy, in his turn (a person's,
    whose start was told): the turn so far is said before it, the buy with it."""
    game, events = haunted_castle_bought()
    assert game.pending is not None and (game.pending.player, game.pending.source) == ("Ann", "Haunted Castle")
    narrator = Narrator("Ann", current="Carl", lang=Language(lang), people=frozenset({"Carl", "Ann"}))
    assert narrator.sentences(redact_all(events, "Ann")) == []
    assert narrator.before_question() == [heard]


@pytest.mark.parametrize(
    "lang, heard",
    [
        ("en", "Carl buys Haunted Castle (Humble Castle now on top, 11 left). Ann puts 2 cards onto their deck."),
        ("nl", "Carl koopt Spookkasteel (Bescheiden kasteel nu bovenop, nog 11). Ann legt 2 kaarten op de trekstapel."),
    ],
)
def test_another_player_s_answer_to_a_buy_is_heard_after_the_buy(lang, heard):
    """Bea, with 4 cards, is not asked for Carl's Haunted Castle; Ann puts 2 cards onto her deck
    at once, which Bea hears with the buy before it. Carl's turn summary at its end says the
    rest once."""
    game, events = haunted_castle_bought(("Carl", "Ann", "Bea"))
    assert game.pending is not None and game.pending.player == "Ann"
    ann = game.players[1]
    game.answer([ann.hand[0].name, ann.hand[1].name])
    events = [*events, *game.log[len(game.log) - 2 :]]
    assert [type(e) for e in events[-2:]] == [ev.CardMoved, ev.CardMoved]
    narrator = Narrator("Bea", current="Carl", lang=Language(lang), people=frozenset({"Carl", "Ann", "Bea"}))
    assert narrator.sentences(redact_all(events, "Bea")) == [heard]
    assert narrator.flush() == [
        "Carl played 3 Golds, gained Gold." if lang == "en" else "Carl speelde 3 Goud, pakte Goud."
    ]
