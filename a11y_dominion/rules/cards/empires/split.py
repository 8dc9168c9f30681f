"""Empires split piles: five of the cheaper card on five of the dearer.

Rule source: Empires rulebook (split piles) and the 2016 card texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cost import Cost
from ...decisions import N_
from ...triggers import Ends, Lasting, Moment
from .. import card, pile

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Card, Player
    from ...triggers import Flow, When


# Catapult / Rocks -----------------------------------------------------------
def _catapult(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Catapult: trash a card from your hand.", "trash", 1, 1, "Catapult"
    )
    if not chosen:
        return
    c = chosen[0]
    dear, treasure = c.spec.cost.coins >= 3, c.is_("Treasure")
    yield from g.trash_card(p, c, "hand")
    if not (dear or treasure):
        return
    for v in g.attack(p, "Catapult"):
        if dear:
            yield from g.gain_named(v, "Curse")
        if treasure:
            yield from g.discard_down_to(v, 3, "Catapult")


def _rocks_silver(g: Game, p: Player, w: When) -> Flow:
    own_buy = g.current is p and g.turn.phase == "buy" and not g.game_over
    yield from g.gain_named(p, "Silver", "deck" if own_buy else "hand")


card(
    "Catapult",
    "Katapult",
    3,
    "Action Attack",
    "+1 coin. Trash a card from your hand. If it costs 3 coins or more, each other player gains a Curse. "
    "If it is a Treasure, each other player discards down to 3 cards in hand.",
    coins=1,
    play=_catapult,
)
card(
    "Rocks",
    "Rotsblokken",
    4,
    "Treasure",
    "Worth 1 coin. When you gain or trash this, gain a Silver; if it is your Buy phase, put the Silver "
    "onto your deck, otherwise into your hand.",
    coins=1,
    triggers={Moment.GAIN: _rocks_silver, Moment.TRASH: _rocks_silver},
)


# Encampment / Plunder -------------------------------------------------------
def _encampment(g: Game, p: Player, me: Card) -> Flow:
    shown = [c for c in p.hand if c.name in ("Gold", "Plunder")]
    chosen = yield from g.choose_cards(
        p,
        shown,
        "{player}, Encampment: you may reveal a Gold or a Plunder from your hand to keep the Encampment.",
        "reveal",
        0,
        1,
        "Encampment",
    )
    if chosen:
        g.reveal(p, chosen)
        return
    if me in p.in_play:
        g.move(p, me, "in_play", "set_aside")
        if g.current is p:
            g.add_lasting(
                Lasting(
                    "Encampment",
                    p.name,
                    Ends.AFTER_THIS_TURN,
                    triggers={Moment.START_OF_CLEANUP: _encampment_return},
                    memory={"card": me},
                )
            )


def _encampment_return(g: Game, p: Player, w: When) -> None:
    """At the start of Clean-up: the set-aside Encampment returns to its pile."""
    me = w.effect.memory["card"]
    if me in p.set_aside:
        g.return_to_pile(p, me, "set_aside")


card(
    "Encampment",
    "Kampement",
    2,
    "Action",
    "+2 Cards, +2 Actions. You may reveal a Gold or a Plunder from your hand. If you do not, set this aside "
    "and return it to its pile at the start of Clean-up.",
    cards=2,
    actions=2,
    play=_encampment,
)
card("Plunder", "Plunderen", 5, "Treasure", "Worth 2 coins. +1 VP.", coins=2, vp_tokens=1)


# Gladiator / Fortune --------------------------------------------------------
def _gladiator(g: Game, p: Player, me: Card) -> Flow:
    shown = yield from g.choose_cards(
        p, p.hand, "{player}, Gladiator: reveal a card from your hand.", "reveal", 1, 1, "Gladiator"
    )
    left = g.left_of(p)
    matched = False
    name = N_("copy")  # nothing in hand to reveal: "Bot reveals no copy: ..."
    if shown:
        name = shown[0].name
        g.reveal(p, shown)
        copies = [c for c in left.hand if c.name == name]
        answer = yield from g.choose_cards(
            left,
            copies,
            "{player}, Gladiator: you may reveal a copy of {card} from your hand to stop the bonus.",
            "reveal",
            0,
            1,
            "Gladiator",
            args={"card": name},
        )
        if answer:
            g.reveal(left, answer)
            matched = True
    # one sentence for each outcome, with the copy revealed (or not) and the Gladiator trashed
    if matched:
        g.emit_note(
            p,
            N_("{other} reveals {card} too: no +1 coin for {player}, no Gladiator trashed."),
            you=N_("{other} reveals {card} too: no +1 coin, no Gladiator trashed."),
            other=left,
            to_other=N_("You reveal {card} too: no +1 coin for {player}, no Gladiator trashed."),
            card=name,
            tells=("cards_revealed",),
        )
        return
    pl = g.piles.get("Gladiator/Fortune")
    top = pl.cards[0] if pl is not None and pl.cards and pl.cards[0].name == "Gladiator" else None
    if top is not None:
        g.emit_note(
            p,
            N_("{other} reveals no {card}: {player} gets +1 coin and trashes a Gladiator from the Supply."),
            you=N_("{other} reveals no {card}: you get +1 coin and trash a Gladiator from the Supply."),
            other=left,
            to_other=N_("You reveal no {card}: {player} gets +1 coin and trashes a Gladiator from the Supply."),
            card=name,
            tells=("card_trashed",),
        )
    else:
        g.emit_note(
            p,
            N_("{other} reveals no {card}: {player} gets +1 coin; no Gladiator is left in the Supply to trash."),
            you=N_("{other} reveals no {card}: you get +1 coin; no Gladiator is left in the Supply to trash."),
            other=left,
            to_other=N_("You reveal no {card}: {player} gets +1 coin; no Gladiator is left in the Supply to trash."),
            card=name,
        )
    g.add(p, coins=1, source="Gladiator")
    if top is not None:
        yield from g.trash_card(p, top, "supply")


def _fortune_play(g: Game, p: Player, me: Card) -> None:
    mem = g.turn_memory("Fortune")
    if g.current is p and not mem.get("doubled"):
        mem["doubled"] = True
        g.add(p, coins=g.turn.coins, source="Fortune")


def _fortune_gain(g: Game, p: Player, w: When) -> Flow:
    n = sum(1 for c in p.in_play if c.name == "Gladiator")
    for _ in range(n):
        yield from g.gain_named(p, "Gold")


card(
    "Gladiator",
    "Gladiator",
    3,
    "Action",
    "+2 coins. Reveal a card from your hand. The player to your left may reveal a copy from their hand. "
    "If they do not, +1 coin and trash a Gladiator from the Supply.",
    coins=2,
    play=_gladiator,
)
card(
    "Fortune",
    "Fortuin",
    Cost(8, 8),
    "Treasure",
    "+1 Buy. When you play this, double your coins if you have not yet this turn. When you gain this, "
    "gain a Gold per Gladiator you have in play.",
    buys=1,
    play=_fortune_play,
    triggers={Moment.GAIN: _fortune_gain},
    played_last=True,
)


# Patrician / Emporium -------------------------------------------------------
def _patrician(g: Game, p: Player, me: Card) -> None:
    c = g.peek(p)
    if c is None:
        return
    g.reveal(p, [c], "deck")
    if c.spec.cost.coins >= 5:
        g.move(p, c, "deck", "hand")
    else:
        g.emit_note(p, N_("It stays on top of {player}'s deck."), you=N_("It stays on top of your deck."))


def _emporium_gain(g: Game, p: Player, w: When) -> None:
    if sum(1 for c in p.in_play if c.is_("Action")) >= 5:
        g.vp_from_supply(p, 2, "Emporium")


card(
    "Patrician",
    "Patriciër",
    2,
    "Action",
    "+1 Card, +1 Action. Reveal the top card of your deck. If it costs 5 coins or more, put it into your hand.",
    cards=1,
    actions=1,
    play=_patrician,
)
card(
    "Emporium",
    "Emporium",
    5,
    "Action",
    "+1 Card, +1 Action, +1 coin. When you gain this, if you have at least 5 Action cards in play, +2 VP.",
    cards=1,
    actions=1,
    coins=1,
    triggers={Moment.GAIN: _emporium_gain},
)


# Settlers / Bustling Village ------------------------------------------------
def _from_discard(name: str) -> Callable[[Game, Player, Card], Flow]:
    def play(g: Game, p: Player, me: Card) -> Flow:
        found = [c for c in p.discard if c.name == name]
        chosen = yield from g.choose_cards(
            p,
            found,
            "{player}, {source}: you may put a {card} from your discard pile into your hand.",
            "take",
            0,
            1,
            me.name,
            args={"source": me.name, "card": name},
        )
        for c in chosen:
            g.reveal(p, [c], "discard")
            g.move(p, c, "discard", "hand")

    return play


card(
    "Settlers",
    "Kolonisten",
    2,
    "Action",
    "+1 Card, +1 Action. Look through your discard pile. You may reveal a Copper from it and put it into your hand.",
    cards=1,
    actions=1,
    play=_from_discard("Copper"),
)
card(
    "Bustling Village",
    "Levendig dorp",
    5,
    "Action",
    "+1 Card, +3 Actions. Look through your discard pile. You may reveal a Settlers from it and put it into your hand.",
    cards=1,
    actions=3,
    play=_from_discard("Settlers"),
)

pile("Catapult/Rocks", [("Catapult", 5), ("Rocks", 5)], kind="split")
pile("Encampment/Plunder", [("Encampment", 5), ("Plunder", 5)], kind="split")
pile("Gladiator/Fortune", [("Gladiator", 5), ("Fortune", 5)], kind="split")
pile("Patrician/Emporium", [("Patrician", 5), ("Emporium", 5)], kind="split")
pile("Settlers/Bustling Village", [("Settlers", 5), ("Bustling Village", 5)], kind="split")
