"""The Castles pile: eight Castle cards in a fixed order, cheapest on top.

Rule source: Empires rulebook (Castles) and the 2016 card texts. With two
players one of each (8 cards); with more, two each of Humble, Small,
Opulent and King's Castle (12 cards).
"""
from __future__ import annotations

from .. import alias, card, pile
from ...decisions import N_
from ...triggers import Moment


def _castles(g, p):
    return sum(1 for c in p.all_cards() if c.spec.is_("Castle"))


def _crumbling(g, p, w):
    g.vp_from_supply(p, 1, "Crumbling Castle")
    yield from g.gain_named(p, "Silver")


HAND_COPY = "Small Castle from hand"


def _small(g, p, me):
    """Trash this (option "Small Castle") or a Castle from hand (its name;
    another Small Castle in hand is "Small Castle from hand"), or none."""
    here = me in p.in_play
    hand = [c for c in p.hand if c.is_("Castle")]
    keys = (["Small Castle"] if here else []) + list(dict.fromkeys(
        HAND_COPY if (c.name == "Small Castle" and here) else c.name for c in hand))
    if not keys:
        return
    d = g.decision(p, "cards", "trash", "{player}, Small Castle: trash this Small Castle or a Castle from your "
                   "hand to gain a Castle, or none.", keys, 0, 1, source="Small Castle")
    chosen = yield from g.ask(d)
    if not chosen:
        return
    key = chosen[0]
    if key == "Small Castle" and here:
        yield from g.trash_card(p, me, "in_play")
    else:
        name = "Small Castle" if key == HAND_COPY else key
        card = next(c for c in p.hand if c.name == name)
        yield from g.trash_card(p, card, "hand")
    yield from g.gain(p, "Castles")


def _haunted(g, p, w):
    if g.current is not p or g.game_over:
        return
    yield from g.gain_named(p, "Gold")
    for v in g.others(p):
        if len(v.hand) >= 5:
            chosen = yield from g.choose_cards(
                v, v.hand, "{player}, Haunted Castle: put 2 cards from your hand onto your deck (name the top one first).",
                "topdeck", 2, 2, "Haunted Castle", ordered=True)
            for c in reversed(chosen):
                g.move(v, c, "hand", "deck", public=False)


def _opulent(g, p, me):
    vics = [c for c in p.hand if c.is_("Victory")]
    chosen = yield from g.choose_cards(p, vics, "{player}, Opulent Castle: discard any number of Victory cards for "
                                                "+2 coins each.", "discard", 0, len(vics), "Opulent Castle")
    g.discard_cards(p, chosen)
    g.add(p, coins=2 * len(chosen), source="Opulent Castle")


SPRAWLING_MODES = [("duchy", N_("a Duchy")), ("estates", N_("3 Estates"))]


def _sprawling(g, p, w):
    mode = yield from g.choose_mode(p, "{player}, Sprawling Castle: gain a Duchy or 3 Estates?",
                                    SPRAWLING_MODES, "Sprawling Castle")
    if mode == "duchy":
        yield from g.gain_named(p, "Duchy")
    else:
        for _ in range(3):
            yield from g.gain_named(p, "Estate")


def _grand(g, p, w):
    g.reveal(p, list(p.hand), "hand")
    n = sum(1 for c in p.hand + p.in_play if c.is_("Victory"))
    g.vp_from_supply(p, n, "Grand Castle")


card("Humble Castle", "Bescheiden kasteel", 3, "Treasure Victory Castle",
     "Worth 1 coin. Worth 1 VP per Castle you have.", coins=1, score=_castles)
card("Crumbling Castle", "Vervallen kasteel", 4, "Victory Castle",
     "Worth 1 VP. When you gain or trash this, +1 VP and gain a Silver.", vp=1,
     triggers={Moment.GAIN: _crumbling, Moment.TRASH: _crumbling})
card("Small Castle", "Klein kasteel", 5, "Action Victory Castle",
     "Trash this or a Castle from your hand. If you do, gain a Castle. Worth 2 VP.", vp=2, play=_small)
card("Haunted Castle", "Spookkasteel", 6, "Victory Castle",
     "Worth 2 VP. When you gain this during your turn, gain a Gold, and each other player with 5 or more "
     "cards in hand puts 2 cards from their hand onto their deck.", vp=2, triggers={Moment.GAIN: _haunted})
card("Opulent Castle", "Weelderig kasteel", 7, "Action Victory Castle",
     "Discard any number of Victory cards. +2 coins per card discarded. Worth 3 VP.", vp=3, play=_opulent)
card("Sprawling Castle", "Florerend kasteel", 8, "Victory Castle",
     "Worth 4 VP. When you gain this, gain a Duchy or 3 Estates.", vp=4, triggers={Moment.GAIN: _sprawling})
card("Grand Castle", "Groot kasteel", 9, "Victory Castle",
     "Worth 5 VP. When you gain this, reveal your hand. +1 VP per Victory card in your hand and in play.",
     vp=5, triggers={Moment.GAIN: _grand})
card("King's Castle", "Koningskasteel", 10, "Victory Castle",
     "Worth 2 VP per Castle you have.", score=lambda g, p: 2 * _castles(g, p))

pile("Castles", [("Humble Castle", 2), ("Crumbling Castle", 1), ("Small Castle", 2), ("Haunted Castle", 1),
                 ("Opulent Castle", 2), ("Sprawling Castle", 1), ("Grand Castle", 1), ("King's Castle", 2)],
     kind="castles")
alias("Kastelen", "Castles")   # the Dutch edition's name of the pile
