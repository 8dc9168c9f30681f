"""The 13 Empires Events. Bought with a Buy; they never enter a deck.

Rule source: Empires rulebook (Events) and the 2016 Event texts; Advance and
Banquet as the official texts give them (see the rules notes).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...cost import Cost
from ...decisions import N_
from ...triggers import Ends, Lasting, Moment
from .. import event

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Player
    from ...triggers import Flow, When


def _advance(g: Game, p: Player) -> Flow:
    acts = [c for c in p.hand if c.is_("Action")]
    if not acts:  # (buying it is legal all the same; the hand is the buyer's to know)
        g.emit_note(
            p,
            N_("{player} has no Action card in hand to trash, so Advance does nothing."),
            you=N_("You have no Action card in hand to trash, so Advance does nothing."),
            private=p.name,
        )
        return
    chosen = yield from g.choose_cards(
        p, acts, "{player}, Advance: you may trash an Action card from your hand.", "trash", 0, 1, "Advance"
    )
    if not chosen:
        return
    yield from g.trash_card(p, chosen[0], "hand")
    pl = yield from g.choose_pile(
        p,
        "{player}, Advance: gain an Action card costing up to 6 coins.",
        lambda c: c.is_("Action") and c.spec.cost.up_to(6),
        "gain",
        "Advance",
    )
    if pl:
        yield from g.gain(p, pl)


def _annex(g: Game, p: Player) -> Flow:
    keep = yield from g.choose_cards(
        p,
        p.discard,
        "{player}, Annex: choose up to 5 cards to stay in your discard pile; the rest are shuffled into your deck.",
        "keep",
        0,
        5,
        "Annex",
    )
    # the cards that stay are the deepest copies of each name chosen, so the
    # ones shuffled away are the topmost (copies of a name are alike)
    stay = Counter(c.name for c in keep)
    moving = Counter(c.name for c in p.discard) - stay
    rest = []
    for c in p.discard:
        if moving[c.name] > 0:
            moving[c.name] -= 1
            rest.append(c)
    if rest:
        g.move_cards(p, rest, "discard", "deck", public=False, top=False)
        g.shuffle_deck(p)
    yield from g.gain_named(p, "Duchy")


def _banquet(g: Game, p: Player) -> Flow:
    for _ in range(2):
        yield from g.gain_named(p, "Copper")
    pl = yield from g.choose_pile(
        p,
        "{player}, Banquet: gain a non-Victory card costing up to 5 coins.",
        lambda c: not c.is_("Victory") and c.spec.cost.up_to(5),
        "gain",
        "Banquet",
    )
    if pl:
        yield from g.gain(p, pl)


def _conquest(g: Game, p: Player) -> Flow:
    for _ in range(2):
        yield from g.gain_named(p, "Silver")
    n = g.turn.gained.count("Silver") if g.current is p else 0
    g.vp_from_supply(p, n, "Conquest")


def _delve(g: Game, p: Player) -> Flow:
    g.add(p, buys=1, source="Delve")
    yield from g.gain_named(p, "Silver")


def _dominate(g: Game, p: Player) -> Flow:
    got = yield from g.gain_named(p, "Province")
    if got is not None:
        g.vp_from_supply(p, 9, "Dominate")


def donate_effect(g: Game, p: Player) -> None:
    """Register Donate's effect for ``p``: after this turn, ``p`` puts their deck and
    discard pile into their hand, trashes any number of cards from it and shuffles the
    hand into the deck, then draws 5 cards."""
    g.add_lasting(Lasting("Donate", p.name, Ends.AFTER_THIS_TURN, triggers={Moment.AFTER_TURN: _donate_after}))


def _donate_after(g: Game, p: Player, w: When) -> Flow:
    """After the turn: deck and discard into hand, trash any, shuffle the
    hand into the deck, draw 5 (Donate; before the end of game is checked)."""
    for zone in ("deck", "discard"):
        g.move_cards(p, list(getattr(p, zone)), zone, "hand", public=False)
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Donate: trash any number of cards from your hand.", "trash", 0, len(p.hand), "Donate"
    )
    for c in chosen:
        yield from g.trash_card(p, c, "hand")
    g.move_cards(p, list(p.hand), "hand", "deck", public=False, top=False)
    g.shuffle_deck(p)
    g.draw(p, 5)


def _ritual(g: Game, p: Player) -> Flow:
    got = yield from g.gain_named(p, "Curse")
    if got is None:
        return
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Ritual: trash a card from your hand for 1 VP per coin it costs.", "trash", 1, 1, "Ritual"
    )
    if chosen:
        coins = chosen[0].spec.cost.coins
        yield from g.trash_card(p, chosen[0], "hand")
        g.vp_from_supply(p, coins, "Ritual")


def _salt(g: Game, p: Player) -> Flow:
    g.vp_from_supply(p, 1, "Salt the Earth")
    pl = yield from g.choose_pile(
        p,
        "{player}, Salt the Earth: trash a Victory card from the Supply.",
        lambda c: c.is_("Victory"),
        "trash",
        "Salt the Earth",
    )
    if pl:
        yield from g.trash_card(p, g.piles[pl].cards[0], "supply")


def _tax(g: Game, p: Player) -> Flow:
    opts = list(g.piles)  # any Supply pile, empty or not
    d = g.decision(
        p,
        "pile",
        "add debt",
        "{player}, Tax: choose a Supply pile to put 2 Debt on.",
        opts,
        source="Tax",
        labels={o: o for o in opts},
    )
    keys = yield from g.ask(d)
    pile = keys[0]
    if not isinstance(pile, str):
        raise TypeError(f"A pile name was expected, not {pile!r}.")
    g.add_pile_debt(pile, 2, p.name)


def _tax_setup(g: Game) -> None:
    for name in g.piles:
        g.piles[name].debt_tokens += 1
    g.emit(g.events_mod.PileDebtSetUp(len(g.piles), 1))


def _triumph(g: Game, p: Player) -> Flow:
    got = yield from g.gain_named(p, "Estate")
    if got is not None:
        g.vp_from_supply(p, len(g.turn.gained) if g.current is p else 1, "Triumph")


def _wedding(g: Game, p: Player) -> Flow:
    g.vp_from_supply(p, 1, "Wedding")
    yield from g.gain_named(p, "Gold")


def _windfall(g: Game, p: Player) -> Flow:
    if not p.deck and not p.discard:
        for _ in range(3):
            yield from g.gain_named(p, "Gold")


event(
    "Advance",
    "Promotie",
    0,
    "You may trash an Action card from your hand. If you do, gain an Action card costing up to 6 coins.",
    _advance,
)
event(
    "Annex",
    "Overname",
    Cost(0, 8),
    "Look through your discard pile. Shuffle all but up to 5 of its cards into your deck. Gain a Duchy.",
    _annex,
)
event("Banquet", "Banket", 3, "Gain 2 Coppers and a non-Victory card costing up to 5 coins.", _banquet)
event("Conquest", "Verovering", 6, "Gain 2 Silvers. +1 VP per Silver you have gained this turn.", _conquest)
event("Delve", "Delven", 2, "+1 Buy. Gain a Silver.", _delve)
event("Dominate", "Overheersing", 14, "Gain a Province. If you do, +9 VP.", _dominate)
event(
    "Donate",
    "Donatie",
    Cost(0, 8),
    "After this turn, put all cards from your deck and discard pile into your "
    "hand, trash any number, shuffle your hand into your deck, then draw 5 cards.",
    donate_effect,
)
event("Ritual", "Ritueel", 4, "Gain a Curse. If you do, trash a card from your hand. +1 VP per coin it cost.", _ritual)
event("Salt the Earth", "Zout der Aarde", 4, "+1 VP. Trash a Victory card from the Supply.", _salt)
event(
    "Tax",
    "Belasting",
    2,
    "Add 2 Debt to a Supply pile. Setup: add 1 Debt to each Supply pile. When a player "
    "buys a card, they take the Debt from its pile.",
    _tax,
    setup=_tax_setup,
)
event(
    "Triumph", "Triomf", Cost(0, 5), "Gain an Estate. If you did, +1 VP per card you have gained this turn.", _triumph
)
event("Wedding", "Bruiloft", Cost(4, 3), "+1 VP. Gain a Gold.", _wedding)
event("Windfall", "Meevaller", 5, "If your deck and discard pile are empty, gain 3 Golds.", _windfall)
