"""Base game Kingdom cards of the first edition only (replaced in 2016).

Rule source: Dominion base game rulebook and card texts (first edition).
"""
from __future__ import annotations

from .. import card, pile

S = "base-first-edition"


def _adventurer(g, p, me):
    found, other = [], []
    while len(found) < 2:
        shown = g.set_aside_from_deck(p, 1)
        if not shown:
            break
        c = shown[0]
        (found if c.is_("Treasure") else other).append(c)
    g.reveal(p, found + other, "deck")
    g.move_cards(p, found, "set_aside", "hand")
    g.discard_cards(p, other, "set_aside")


def _chancellor(g, p, me):
    if p.deck and (yield from g.yes_no(p, "{player}, Chancellor: put your deck into your discard pile?", "Chancellor")):
        g.move_cards(p, list(reversed(p.deck)), "deck", "discard", public=False)


def _feast(g, p, me):
    if me in p.in_play:
        yield from g.trash_card(p, me, "in_play")
    pl = yield from g.choose_pile(p, "{player}, Feast: gain a card costing up to 5 coins.",
                                  lambda c: c.spec.cost.up_to(5), "gain", "Feast")
    if pl:
        yield from g.gain(p, pl)


def _spy(g, p, me):
    victims = g.attack(p, "Spy")
    for v in [p] + victims:
        c = g.peek(v)
        if c is None:
            continue
        g.reveal(v, [c], "deck")
        if (yield from g.yes_no(p, "{player}, Spy: discard {other}'s {card}? (no puts it back)", "Spy", "discard",
                                args={"other": v.name, "card": c.name})):
            g.discard_cards(v, [c], "deck")


def _thief(g, p, me):
    victims = g.attack(p, "Thief")
    for v in victims:
        shown = g.set_aside_from_deck(v, 2)
        g.reveal(v, shown, "deck")
        tre = [c for c in shown if c.is_("Treasure")]
        chosen = yield from g.choose_cards(p, tre, "{player}, Thief: trash one of {other}'s revealed Treasures.", "trash", 1, 1, "Thief", args={"other": v.name})
        for c in chosen:
            yield from g.trash_card(v, c, "set_aside")
            if (yield from g.yes_no(p, "{player}, Thief: gain the trashed {card}?", "Thief", "gain",
                                    args={"card": c.name})):
                yield from g.gain_from_trash(p, c)
        rest = [c for c in shown if c in v.set_aside]
        g.discard_cards(v, rest, "set_aside")


card("Adventurer", "Avonturier", 6, "Action", "Reveal cards from your deck until you reveal 2 Treasure cards. Put "
     "those into your hand and discard the other revealed cards.", set=S, play=_adventurer)
card("Chancellor", "Kanselier", 3, "Action", "+2 coins. You may immediately put your deck into your discard pile.",
     set=S, coins=2, play=_chancellor)
card("Feast", "Feestmaal", 4, "Action", "Trash this card. Gain a card costing up to 5 coins.", set=S, play=_feast)
card("Spy", "Spion", 4, "Action Attack", "+1 Card, +1 Action. Each player (including you) reveals the top card of "
     "their deck and either discards it or puts it back, your choice.", set=S, cards=1, actions=1, play=_spy)
card("Thief", "Dief", 4, "Action Attack", "Each other player reveals the top 2 cards of their deck. If they revealed "
     "any Treasure cards, they trash one of them that you choose. You may gain any or all of these trashed cards. "
     "They discard the other revealed cards.", set=S, play=_thief)
card("Woodcutter", "Houthakker", 3, "Action", "+1 Buy, +2 coins.", set=S, buys=1, coins=2)

for _n in ("Adventurer", "Chancellor", "Feast", "Spy", "Thief", "Woodcutter"):
    pile(_n, [(_n, 10)], set=S)
