"""Said once: what a fresh listener heard twice in whole games in screen-reader mode.

Each test builds the engine's events as a game makes them, redacts them for the
listening seat as the host does, and asserts the exact sentences in English and Dutch.
"""

from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.view import redact_all
from announcements.narrator import Narrator

NL = Language("nl")


def heard(events, viewer, lang=None, current=None, prompts=False, verbosity="normal"):
    """The sentences ``viewer`` hears for ``events``, redacted for them first."""
    narrator = Narrator(viewer, verbosity, current=current, lang=lang, prompts=prompts)
    return narrator.sentences(redact_all(list(events), viewer))


# ------------------------------------------------------------ 1. one move of several cards
def test_haunted_castles_two_cards_put_back_are_one_sentence():
    """Haunted Castle's attack: the 2 cards the attacked player puts onto their deck are one
    sentence, to the attacker (a count) and to the attacked seat (the cards)."""
    events = [
        ev.CardGained("Ann", "Gold", "Gold", "discard", pile_left=20),
        ev.CardMoved("Bot", "Estate", "hand", "deck", private_to="Bot"),
        ev.CardMoved("Bot", "Copper", "hand", "deck", private_to="Bot"),
    ]
    assert heard(events, "Ann", current="Ann") == ["You gain Gold.", "Bot puts 2 cards onto their deck."]
    assert heard(events, "Bot", current="Ann")[-1] == "You put Estate and Copper onto your deck."
    assert heard(events, "Ann", NL, current="Ann") == [
        "Je pakt Goud.",
        "Bot legt 2 kaarten op de trekstapel.",
    ]
    assert heard(events, "Bot", NL, current="Ann")[-1] == "Je legt Landgoed en Koper op je trekstapel."


def test_cards_discarded_one_after_the_other_are_one_sentence():
    events = [
        ev.CardsDiscarded("Bot", ("Estate",)),
        ev.CardsDiscarded("Bot", ("Estate",)),
        ev.CardsDiscarded("Bot", ("Copper",)),
    ]
    assert heard(events, "Ann", current="Ann") == ["Bot discards 2 Estates and Copper."]
    assert heard(events, "Ann", NL, current="Ann") == ["Bot legt 2 Landgoederen en Koper af."]
    # another player's discard in between: two sentences
    two = [events[0], ev.CardsDiscarded("Cid", ("Estate",)), events[1]]
    assert len(heard(two, "Ann", current="Ann")) == 3
