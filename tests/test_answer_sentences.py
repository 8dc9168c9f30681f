"""The sentences around an answer, in English and Dutch, from what a seat receives alone (its
view and its question as JSON, no game): the question before an answer, what was not done
after a no, a refusal cut short, "First answer the question" and "did you mean"."""

from __future__ import annotations

import pytest

from a11y_dominion.console.answers import confirmation, is_legal, not_done, pending_question, refusal_text, suggestion
from a11y_dominion.i18n import Language
from a11y_dominion.rules.decisions import Decision, Move, Msg
from a11y_dominion.scenario import load_scenario
from a11y_dominion.textinput import InputError
from a11y_dominion.view import PlayerView, player_view

EN, NL = Language("en"), Language("nl")
CHAPEL_AND_VILLA = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Chapel", "Villa", "Copper", "Estate", "Estate"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}
SAID = {
    "en": {
        "copper": "You still have 1 Action and could play Chapel and Villa. Playing Copper ends the Action phase. "
        "Go on? Type yes to go on: ",
        "not played": "Nothing was played; the Action phase goes on.",
        "hnad": "hnad is not a command or a move; did you mean hand? Type help for commands.",
        "long": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… is not a move. "
        "Moves are: play CARD, play treasures, buy NAME, pay, pay N, end.",
        "trash": "Trash 2 Estates? Type yes to trash: ",
        "not trashed": "Nothing was trashed. Chapel: trash up to 4 cards from your hand.",
        "first": "First answer the question: Chapel: trash up to 4 cards from your hand.",
        "not trashed, named": "Nothing was trashed. Ann, Chapel: trash up to 4 cards from your hand.",
        "first, named": "First answer the question: Ann, Chapel: trash up to 4 cards from your hand.",
    },
    "nl": {
        "copper": "Je hebt nog 1 actie en kunt Kapel en Villa spelen. Als je Koper speelt, eindigt de actiefase. "
        "Doorgaan? Typ ja om door te gaan: ",
        "not played": "Er is niets gespeeld; de actiefase gaat door.",
        "hnad": "hnad is geen commando of zet; bedoelde je hand? Typ hulp voor de commando's.",
        "long": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… is geen zet. "
        "Zetten zijn: speel KAART, speel geldkaarten, koop NAAM, betaal, betaal N, einde.",
        "trash": "2 Landgoederen vernietigen? Typ ja om te vernietigen: ",
        "not trashed": "Er is niets vernietigd. Kapel: vernietig tot 4 kaarten uit je hand.",
        "first": "Beantwoord eerst de vraag: Kapel: vernietig tot 4 kaarten uit je hand.",
        "not trashed, named": "Er is niets vernietigd. Ann, Kapel: vernietig tot 4 kaarten uit je hand.",
        "first, named": "Beantwoord eerst de vraag: Ann, Kapel: vernietig tot 4 kaarten uit je hand.",
    },
}


def received(game) -> tuple[PlayerView, Decision]:
    """Ann's view and question as a joined seat receives them (through JSON)."""
    view = PlayerView.from_data(player_view(game, "Ann").to_data())
    return view, Decision.from_data(game.pending.to_data())


def chapel_game():
    """Ann's Action phase with Chapel and Villa in hand (:data:`CHAPEL_AND_VILLA`), started."""
    game, _ = load_scenario(
        {
            "players": ["Ann", "Bot"],
            "kingdom": ["Villa", "Chapel", "Engineer"],
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": CHAPEL_AND_VILLA,
            "script": [],
        }
    )
    game.start()
    return game


@pytest.mark.parametrize("lang", [EN, NL], ids=["en", "nl"])
def test_the_sentences_around_an_answer_come_from_the_seat_s_view_and_question(lang):
    said = SAID[lang.code]
    game = chapel_game()
    view, d = received(game)
    copper, silver = [Move.play("Copper")], [Move.buy("Silver")]
    assert confirmation(view, d, copper, lang) == said["copper"]
    assert not_done(view, d, copper, lang) == said["not played"]
    # Silver costs 3 coins and Ann has none: an illegal move is refused, never asked about
    assert (is_legal(d, silver), confirmation(view, d, silver, lang)) == (False, None)
    assert suggestion("hnad", lang) == said["hnad"]
    assert suggestion("buy silver", lang) is None
    typed = Msg("{word} is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end.", word="x" * 60)
    assert refusal_text(InputError(typed), lang) == said["long"]
    assert pending_question(view, d, "buy silver", lang) is None  # the turn is the question: a move answers it

    game.answer([Move.play("Chapel")])
    view, d = received(game)
    estates = ["Estate", "Estate"]
    assert confirmation(view, d, estates, lang) == said["trash"]
    assert not_done(view, d, estates, lang) == said["not trashed"]
    assert pending_question(view, d, "buy silver", lang) == said["first"]
    # several people at one keyboard: the card's question names who is asked
    assert not_done(view, d, estates, lang, you=False) == said["not trashed, named"]
    assert pending_question(view, d, "buy silver", lang, you=False) == said["first, named"]
    assert pending_question(view, d, "Bot: buy silver", lang) is None  # not Ann's line
    assert pending_question(view, d, "Estate", lang) is None  # an answer to the question


def test_a_line_typed_at_a_confirmation_is_yes_a_command_run_first_or_a_no_said_as_one():
    from a11y_dominion.console.answers import confirmation_reply, declined

    lines = ("yes", " JA ", "y", "j", "no", "Nee", "n", "status", "kaart Villa", "card villa", "hand", "voorraad")
    lines += ("log 3", "repeat", "help", "play copper", "", "undo", "quit", "stoppen", "save x", "options", "end")
    lines += ("yes!", "J", "yess", "ye")
    replies = {line: (confirmation_reply(line, EN), confirmation_reply(line, NL)) for line in lines}
    assert replies == {
        "yes": ("yes", "yes"),
        " JA ": ("other", "yes"),  # (Dutch words are Dutch's; English ones count in Dutch too)
        "y": ("yes", "yes"),
        "j": ("other", "yes"),
        "no": ("no", "no"),
        "Nee": ("other", "no"),
        "n": ("no", "no"),
        "status": ("command", "command"),
        "kaart Villa": ("command", "command"),
        "card villa": ("command", "command"),
        "hand": ("command", "command"),
        "voorraad": ("command", "command"),
        "log 3": ("command", "command"),
        "repeat": ("command", "command"),
        "help": ("command", "command"),
        "play copper": ("other", "other"),
        "": ("no", "no"),
        "undo": ("command", "command"),
        "quit": ("command", "command"),
        "stoppen": ("command", "command"),
        "save x": ("command", "command"),
        "options": ("command", "command"),
        "end": ("other", "other"),
        "yes!": ("other", "other"),
        "J": ("other", "yes"),
        "yess": ("other", "other"),
        "ye": ("other", "other"),
    }
    game = chapel_game()
    view, d = received(game)
    copper = [Move.play("Copper")]
    assert declined(view, d, copper, EN, "no") == "Nothing was played; the Action phase goes on."
    assert declined(view, d, copper, EN, "other") == (
        "That is not yes, so it is a no. Nothing was played; the Action phase goes on."
    )
    assert declined(view, d, copper, NL, "no") == "Er is niets gespeeld; de actiefase gaat door."
    assert declined(view, d, copper, NL, "other") == (
        "Dat is geen ja, dus het is nee. Er is niets gespeeld; de actiefase gaat door."
    )
