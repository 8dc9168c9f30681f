"""What the help pages say other seats hear of an undo at a hosted table is the rule the seats
follow (tests/test_remote_undo_heard.py): a seat told what was taken back hears it; at normal
verbosity another player's plays and buys wait for their turn's summary, so their undo is not
said. The network page says so as the saving page does, in English and Dutch."""

from __future__ import annotations

import pytest

from a11y_dominion.helppages import load_page, page_lines
from a11y_dominion.i18n import Language

RULES = {
    "en": (
        "undo takes back your last answer, by the same rules as at the console; another seat hears it when it "
        "was told what was taken back (at normal verbosity your plays and buys wait for the summary of your turn, "
        "which says what stands).",
        "At normal verbosity another player's plays wait for the summary of their turn, which says what stands, "
        "so the undo is not said then.",
    ),
    "nl": (
        "herstel neemt je laatste antwoord terug, volgens dezelfde regels als bij de console; een andere plaats "
        "hoort het als die hoorde wat werd teruggenomen (bij uitgebreidheid normaal wachten je zetten en aankopen "
        "op de samenvatting van je beurt, die zegt wat blijft staan).",
        "Bij uitgebreidheid normaal wachten de zetten van een ander op de samenvatting van diens beurt, die zegt "
        "wat blijft staan; dan wordt het herstellen niet gezegd.",
    ),
}


@pytest.mark.parametrize("code", ["en", "nl"])
def test_the_network_page_says_who_hears_an_undo_as_the_saving_page_does(code):
    network = page_lines(load_page("network", code), Language(code))
    saving = page_lines(load_page("saving", code), Language(code))
    on_network, on_saving = RULES[code]
    assert on_network in network, [x for x in network if "undo" in x or "herstel" in x]
    assert on_saving in saving
