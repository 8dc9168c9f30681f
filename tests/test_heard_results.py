"""Results that are heard, not left unsaid: Patrician's revealed card that stays
on top, Chariot Race's bonus or no bonus, Gladiator's result for both players,
an opponent's attack with its play and the Gold it revealed; and questions asked
as they fit (a one-card choice as yes or no, how to choose a card twice)
(exact sentences a console prints)."""

from __future__ import annotations

import re

from test_console import position_console

KINGDOM = ("Chariot Race", "Patrician/Emporium")


def played(hand: list, deck: list, bot_deck: list, move: str) -> list:
    """The sentences from the typed ``move`` to the next turn prompt (or the moves, when
    no figure changed and there is no prompt)."""
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": hand, "deck": deck}, "Bot": {"hand": ["Copper"] * 5, "deck": bot_deck}},
    }
    _console, lines = position_console(state, move + "\n", kingdom=KINGDOM)
    i = lines.index("You> " + move)
    out = []
    for line in lines[i + 1 :]:
        if line[:1].isdigit():  # the moves: no turn prompt, as no figure changed
            return out
        # the turn prompt names what changed ("1 coin.", "0 Actions, 2 coins."), or the phase ("Action phase: ...")
        figure = r"\d+ (?:Actions?|Buys?|coins?|Debt)"
        prompt = re.search(rf"(?:^| )(?:(?:Action|Buy) phase(?:: [^.]*)?|{figure}(?:, {figure})*)\.$", line)
        head, sep = (line[: prompt.start()], "prompt") if prompt else (line, "")
        # the sentences of one move are one line, the turn prompt at its end: told here one by one
        out += [x for x in re.split(r"(?<=\.) (?=[A-Z+])(?!You have )", head.strip()) if x]
        if sep:  # the turn prompt, on the line of the last sentence
            return out
    raise AssertionError(f"no turn prompt after {move!r}: {lines[i:]}")


def test_patrician_says_a_cheap_card_stays_on_top():
    lines = played(["Patrician"], ["Silver", "Copper"], [], "play Patrician")
    assert lines[-2:] == ["You reveal Copper from the deck.", "It stays on top of your deck."]


def test_patrician_takes_a_card_costing_5_into_hand():
    lines = played(["Patrician"], ["Silver", "Gold"], [], "play Patrician")
    assert lines[-2:] == ["You reveal Gold from the deck.", "You put Gold into your hand."]
    assert "It stays on top of your deck." not in lines


def test_chariot_race_lost_says_there_is_no_bonus():
    lines = played(["Chariot Race"], ["Copper"], ["Gold"], "play Chariot Race")
    assert lines[-2:] == ["Bot reveals Gold from the deck.", "Your card does not cost more, so there is no bonus."]


def test_chariot_race_won_says_why_and_what_is_gained():
    lines = played(["Chariot Race"], ["Gold"], ["Copper"], "play Chariot Race")
    i = lines.index("Bot reveals Copper from the deck.")
    assert lines[i + 1] == "Your card costs more."
    # the +1 coin is told by the turn prompt at the end of the line ("1 coin."), once
    assert lines[i + 2 :] == ["You now have 1 VP token, from Chariot Race."]


def test_chariot_race_with_nothing_to_compare_says_there_is_no_bonus():
    lines = played(["Chariot Race"], ["Gold"], [], "play Chariot Race")
    assert lines[-1] == "Chariot Race: a card is missing to compare, so there is no bonus."


def test_an_opponents_patrician_is_told_too():
    from a11y_dominion.announcements.narrator import Narrator
    from a11y_dominion.rules import events as ev

    note = ev.Note("Bot", "It stays on top of {player}'s deck.", None, 0, "It stays on top of your deck.")
    assert Narrator(viewer="Ann").sentences([note]) == ["It stays on top of Bot's deck."]
    assert Narrator(viewer="Bot").sentences([note]) == ["It stays on top of your deck."]


EMPIRES = ("Legionary", "Gladiator/Fortune", "Engineer", "Villa")


def bot_turn(bot_hand: list, ann_deck: list, typed: str, lang: str = "en") -> list:
    """The lines from Ann ending her turn (typed ``end``) through the medium bot's turn
    (its hand ``bot_hand``), with ``typed`` answered after; Ann's next hand is the top of
    ``ann_deck``."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": [], "deck": ann_deck + ["Silver"] * 10},
            "Bot": {"hand": bot_hand, "deck": ["Copper"] * 10},
        },
    }
    seats = (("Ann", "human"), ("Bot", "medium"))
    _, lines = position_console(state, "end\n" + typed, EMPIRES, lang=lang, seats=seats)
    return lines[lines.index(("Jij> " if lang == "nl" else "You> ") + "end") + 1 :]


def test_an_opponents_attack_names_its_play_and_the_gold_revealed_before_the_question():
    lines = bot_turn(["Legionary", "Gold", "Copper", "Copper", "Estate"], ["Copper"] * 3 + ["Estate"] * 2, "1, 1, 2\n")
    assert lines[1:6] == [
        "Bot's turn 1. Bot plays Legionary, reveals Gold and attacks you.",
        "Legionary: discard 3 cards, down to 2 in hand.",
        "Choose 3, by numbers or names separated by commas. Repeat a number to choose that card again.",
        "1. Copper (3 of them)",
        "2. Estate (2 of them)",
    ]
    assert lines[6:8] == ["You> 1, 1, 2", "You discard 2 Coppers and Estate."]


def test_an_opponents_attack_in_dutch():
    lines = bot_turn(
        ["Legionary", "Gold", "Copper", "Copper", "Estate"], ["Copper"] * 3 + ["Estate"] * 2, "1, 1, 2\n", "nl"
    )
    assert lines[1] == "Beurt 1 van Bot. Bot speelt Legioensoldaat, laat Goud zien en valt jou aan."
    assert lines[3] == (
        "Kies er 3, met nummers of namen gescheiden door komma's. "
        "Herhaal een nummer om die kaart nog een keer te kiezen."
    )


def test_gladiator_told_to_the_player_asked_to_reveal_a_copy():
    hand = ["Gladiator", "Copper", "Silver", "Estate", "Estate"]
    deck = ["Copper", "Copper", "Silver", "Estate", "Estate"]
    lines = bot_turn(hand, deck, "yes\n")
    # the question comes in Bot's turn: what Bot did until then first (nothing of the turn was told),
    # with the card it revealed
    assert lines[1] == "Bot, turn 1: played Gladiator, revealed Estate."
    # one card that may be revealed or not: a yes-or-no question, no list of one; the bot
    # reveals the card Ann is least likely to hold (2 Estates among her 15 cards)
    assert lines[2:5] == [
        "Gladiator: you may reveal a copy of Estate from your hand to stop the bonus.",
        "Answer yes for Estate, or no.",
        "You> yes",
    ]
    assert lines[5] == "You reveal Estate too: no +1 coin for Bot, no Gladiator trashed."
    lines = bot_turn(hand, deck, "no\n")
    assert lines[5] == "You reveal no Estate: Bot gets +1 coin and trashes a Gladiator from the Supply."
    assert not any("trashed Gladiator" in x for x in lines)
    lines = bot_turn(hand, deck, "nee\n", "nl")
    assert lines[1] == "Bot, beurt 1: speelde Gladiator, liet Landgoed zien."
    assert lines[3] == "Antwoord ja voor Landgoed, of nee."
    assert lines[5] == ("Je laat geen Landgoed zien: Bot krijgt +1 munt en vernietigt een Gladiator uit de voorraad.")


def _gladiator(ann_hand: list, bot_hand: list, typed: str) -> list:
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ann_hand, "deck": ["Silver"] * 5}, "Bot": {"hand": bot_hand, "deck": []}},
    }
    _console, lines = position_console(state, "play Gladiator\n" + typed, kingdom=EMPIRES)
    return lines


def test_gladiator_told_to_the_player_who_played_it():
    lines = _gladiator(["Gladiator", "Copper", "Silver"], ["Copper", "Estate"], "Copper\n")
    i = lines.index("You> Copper")
    # each outcome is one sentence, the copy revealed (or not) and the Gladiator trashed in it
    assert lines[i + 1 : i + 3] == [
        "You reveal Copper.",
        "Bot reveals Copper too: no +1 coin, no Gladiator trashed. 0 Actions, 2 coins.",
    ]
    lines = _gladiator(["Gladiator", "Copper", "Silver"], ["Copper", "Estate"], "Silver\n")
    i = lines.index("You> Silver")
    assert lines[i + 1] == (
        "You reveal Silver. Bot reveals no Silver: you get +1 coin and trash a Gladiator from the Supply. "
        "Gladiator/Fortune pile: 9 cards left. 0 Actions, 3 coins."
    )


def test_the_line_on_choosing_a_card_twice_is_said_once_with_its_first_sentence():
    from a11y_dominion.console import questions
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.decisions import Decision, Kind, Purpose
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bot"], piles, events, landmarks, 1))
    game.start()
    view = player_view(game, "Ann")
    twice = Decision("Ann", Kind.CARDS, Purpose.DISCARD, "Discard 2.", ["Copper", "Estate"], 2, 2, counts={"Copper": 3})
    once = Decision("Ann", Kind.CARDS, Purpose.DISCARD, "Discard 2!", ["Copper", "Estate", "Silver"], 2, 2)
    seen = questions.Heard()
    assert seen.lines(view, twice)[:2] == [
        "Discard 2.",
        "Choose 2, by numbers or names separated by commas. Repeat a number to choose that card again.",
    ]
    # the same way of answering without a card to choose twice: its first sentence was heard
    assert seen.lines(view, once) == ["Discard 2!", "1. Copper", "2. Estate", "3. Silver"]
    assert seen.lines(view, twice)[:2] == ["Discard 2.", "1. Copper (3 of them)"]
