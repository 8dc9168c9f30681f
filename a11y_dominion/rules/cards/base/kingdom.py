"""Base game Kingdom cards (second edition, 2016), including those shared
with the first edition.

Rule source: Dominion base game rulebook and card texts (second edition);
texts below are in the project's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...decisions import N_
from ...triggers import Moment
from .. import card, pile

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Card, Player
    from ...triggers import Flow, When


S = "base"


def _cellar(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p,
        p.hand,
        "{player}, Cellar: discard any number of cards, then draw that many.",
        "discard",
        0,
        len(p.hand),
        "Cellar",
    )
    g.discard_cards(p, chosen)
    if chosen:
        g.draw(p, len(chosen))


def _chapel(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Chapel: trash up to 4 cards from your hand.", "trash", 0, 4, "Chapel"
    )
    for c in chosen:
        yield from g.trash_card(p, c, "hand")


def _harbinger(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p,
        p.discard,
        "{player}, Harbinger: you may put a card from your discard pile onto your deck.",
        "topdeck",
        0,
        1,
        "Harbinger",
    )
    for c in chosen:
        g.move(p, c, "discard", "deck", public=False)


def _merchant_silver(g: Game, p: Player, w: When) -> None:
    """While in play: the first time its owner plays a Silver this turn, +1
    coin per time this Merchant was played this turn (a Merchant played
    after that Silver gives nothing)."""
    if g.current is not p or w.card is None or w.card.name != "Silver":
        return
    if sum(1 for c in g.turn.played if c.name == "Silver") != 1:
        return
    n = sum(1 for c in g.turn.played if c is w.holder)
    g.add(p, coins=n, source="Merchant")


def _vassal(g: Game, p: Player, me: Card) -> Flow:
    c = g.peek(p)
    if c is None:
        return
    g.discard_cards(p, [c], "deck")
    if c.is_("Action"):
        if (
            yield from g.yes_no(
                p, "{player}, Vassal: play the discarded {card}?", "Vassal", "play", args={"card": c.name}
            )
        ):
            yield from g.play_card(p, c, source="discard")


def _gain_up_to(
    coins: int, source: str, dest: str = "discard", pred: Callable[[Card], bool] | None = None
) -> Callable[[Game, Player, Card], Flow]:
    def play(g: Game, p: Player, me: Card) -> Flow:
        def ok(c: Card) -> bool:
            return c.spec.cost.up_to(coins) and (pred is None or pred(c))

        pl = yield from g.choose_pile(
            p,
            "{player}, {source}: gain a card costing up to {coins} coins.",
            ok,
            "gain",
            source,
            args={"source": source, "coins": coins},
        )
        if pl:
            yield from g.gain(p, pl, dest)

    return play


def _bureaucrat(g: Game, p: Player, me: Card) -> Flow:
    yield from g.gain_named(p, "Silver", "deck")
    for v in g.attack(p, "Bureaucrat"):
        vics = [c for c in v.hand if c.is_("Victory")]
        if not vics:
            g.reveal(v, list(v.hand))
            continue
        chosen = yield from g.choose_cards(
            v,
            vics,
            "{player}, Bureaucrat: put a Victory card from your hand onto your deck.",
            "topdeck",
            1,
            1,
            "Bureaucrat",
        )
        g.reveal(v, chosen)
        g.move(v, chosen[0], "hand", "deck")


def _militia(g: Game, p: Player, me: Card) -> Flow:
    for v in g.attack(p, "Militia"):
        yield from g.discard_down_to(v, 3, "Militia")


def _moneylender(g: Game, p: Player, me: Card) -> Flow:
    coppers = [c for c in p.hand if c.name == "Copper"]
    chosen = yield from g.choose_cards(
        p, coppers, "{player}, Moneylender: you may trash a Copper for +3 coins.", "trash", 0, 1, "Moneylender"
    )
    if chosen:
        yield from g.trash_card(p, chosen[0], "hand")
        g.add(p, coins=3, source="Moneylender")


def _poacher(g: Game, p: Player, me: Card) -> Flow:
    n = len(g.empty_piles())
    if n:
        yield from g.discard_down_to(p, max(0, len(p.hand) - n), "Poacher")


def _improve(
    source: str, extra: int, treasure_only: bool = False, dest: str = "discard"
) -> Callable[[Game, Player, Card], Flow]:
    def play(g: Game, p: Player, me: Card) -> Flow:
        cands = [c for c in p.hand if not treasure_only or c.is_("Treasure")]
        lo = 0 if treasure_only else 1
        ask_trash = (
            N_("{player}, {source}: you may trash a Treasure from your hand.")
            if treasure_only
            else N_("{player}, {source}: trash a card from your hand.")
        )
        chosen = yield from g.choose_cards(p, cands, ask_trash, "trash", lo, 1, source, args={"source": source})
        if not chosen:
            return
        old = chosen[0].spec.cost
        yield from g.trash_card(p, chosen[0], "hand")

        def ok(c: Card) -> bool:
            return c.spec.cost.up_to(old.coins + extra, old.debt) and (not treasure_only or c.is_("Treasure"))

        ask_gain = (
            N_("{player}, {source}: gain a Treasure costing up to {extra} coins more than the trashed card.")
            if treasure_only
            else N_("{player}, {source}: gain a card costing up to {extra} coins more than the trashed card.")
        )
        pl = yield from g.choose_pile(p, ask_gain, ok, "gain", source, args={"source": source, "extra": extra})
        if pl:
            yield from g.gain(p, pl, dest)

    return play


def _throne_room(g: Game, p: Player, me: Card) -> Flow:
    acts = [c for c in p.hand if c.is_("Action")]
    chosen = yield from g.choose_cards(
        p, acts, "{player}, Throne Room: you may play an Action card from your hand twice.", "play", 0, 1, "Throne Room"
    )
    if not chosen:
        return
    yield from g.play_twice(p, me, chosen[0])


def _bandit(g: Game, p: Player, me: Card) -> Flow:
    yield from g.gain_named(p, "Gold")
    for v in g.attack(p, "Bandit"):
        shown = g.set_aside_from_deck(v, 2)
        g.reveal(v, shown, "deck")
        good = [c for c in shown if c.is_("Treasure") and c.name != "Copper"]
        if good:
            chosen = yield from g.choose_cards(
                v, good, "{player}, Bandit: trash one of the revealed Treasures.", "trash", 1, 1, "Bandit"
            )
            yield from g.trash_card(v, chosen[0], "set_aside")
        g.discard_cards(v, [c for c in shown if c in v.set_aside], "set_aside")


def _council_room(g: Game, p: Player, me: Card) -> None:
    for v in g.others(p):
        g.draw(v, 1)


def _library(g: Game, p: Player, me: Card) -> Flow:
    aside = []
    while len(p.hand) < 7:
        drawn = g.draw(p, 1)
        if not drawn:
            break
        c = drawn[0]
        if c.is_("Action") and (
            yield from g.yes_no(
                p,
                "{player}, Library: you drew {card}; set it aside instead of keeping it?",
                "Library",
                "set aside",
                args={"card": c.name},
            )
        ):
            g.move(p, c, "hand", "set_aside")
            aside.append(c)
    g.discard_cards(p, [c for c in aside if c in p.set_aside], "set_aside")


def _sentry(g: Game, p: Player, me: Card) -> Flow:
    looked = g.set_aside_from_deck(p, 2, public=False, look=True)
    if not looked:
        return
    trash = yield from g.choose_cards(
        p,
        looked,
        "{player}, Sentry: trash any of these cards from the top of your deck.",
        "trash",
        0,
        len(looked),
        "Sentry",
    )
    for c in trash:
        yield from g.trash_card(p, c, "set_aside")
    left = [c for c in looked if c in p.set_aside]
    disc = yield from g.choose_cards(
        p, left, "{player}, Sentry: discard any of the rest.", "discard", 0, len(left), "Sentry"
    )
    g.discard_cards(p, disc, "set_aside", public=False)
    left = [c for c in left if c in p.set_aside]
    order = left
    if len(left) == 2 and left[0].name != left[1].name:
        order = yield from g.choose_cards(
            p, left, "{player}, Sentry: put them back; name the top card first.", "order", 2, 2, "Sentry", ordered=True
        )
    g.move_cards(p, list(reversed(order)), "set_aside", "deck", public=False)


def _moat(g: Game, v: Player, w: When) -> Flow:
    """Reaction: when another player plays an Attack, ``v`` may first reveal
    a Moat from hand to be unaffected by it (base game, Moat)."""
    moats = [c for c in v.hand if c.name == "Moat"]
    shown = yield from g.choose_cards(
        v,
        moats,
        "{player}, {other} plays {card}, an Attack: you may reveal a Moat to be unaffected.",
        "reveal",
        0,
        1,
        "Moat",
        args={"other": w.attacker.name, "card": w.subject.name},
    )
    if shown:
        g.reveal(v, shown)
        g.unaffected(v)


def _witch(g: Game, p: Player, me: Card) -> Flow:
    for v in g.attack(p, "Witch"):
        yield from g.gain_named(v, "Curse")


def _artisan(g: Game, p: Player, me: Card) -> Flow:
    yield from _gain_up_to(5, "Artisan", "hand")(g, p, me)
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Artisan: put a card from your hand onto your deck.", "topdeck", 1, 1, "Artisan"
    )
    for c in chosen:
        g.move(p, c, "hand", "deck", public=False)


def _gardens(g: Game, p: Player) -> int:
    return len(p.all_cards()) // 10


card(
    "Cellar",
    "Kelder",
    2,
    "Action",
    "+1 Action. Discard any number of cards, then draw that many.",
    set=S,
    actions=1,
    play=_cellar,
)
card("Chapel", "Kapel", 2, "Action", "Trash up to 4 cards from your hand.", set=S, play=_chapel)
card(
    "Moat",
    "Slotgracht",
    2,
    "Action Reaction",
    "+2 Cards. When another player plays an Attack card, you may first "
    "reveal this from your hand, to be unaffected by it.",
    set=S,
    cards=2,
    reactions={Moment.ATTACK: _moat},
)
card(
    "Harbinger",
    "Voorbode",
    3,
    "Action",
    "+1 Card, +1 Action. Look through your discard pile. You may put a card from it onto your deck.",
    set=S,
    cards=1,
    actions=1,
    play=_harbinger,
)
card(
    "Merchant",
    "Koopman",
    3,
    "Action",
    "+1 Card, +1 Action. The first time you play a Silver this turn, +1 coin.",
    set=S,
    cards=1,
    actions=1,
    while_in_play={Moment.PLAY: _merchant_silver},
)
card(
    "Vassal",
    "Vazal",
    3,
    "Action",
    "+2 coins. Discard the top card of your deck. If it is an Action card, you may play it.",
    set=S,
    coins=2,
    play=_vassal,
)
card("Village", "Dorp", 3, "Action", "+1 Card, +2 Actions.", set=S, cards=1, actions=2)
card(
    "Workshop", "Werkplaats", 3, "Action", "Gain a card costing up to 4 coins.", set=S, play=_gain_up_to(4, "Workshop")
)
card(
    "Bureaucrat",
    "Bureaucraat",
    4,
    "Action Attack",
    "Gain a Silver onto your deck. Each other player reveals a "
    "Victory card from their hand and puts it onto their deck (or reveals a hand with none).",
    set=S,
    play=_bureaucrat,
)
card("Gardens", "Tuinen", 4, "Victory", "Worth 1 VP per 10 cards you have (round down).", set=S, score=_gardens)
card(
    "Militia",
    "Militie",
    4,
    "Action Attack",
    "+2 coins. Each other player discards down to 3 cards in hand.",
    set=S,
    coins=2,
    play=_militia,
)
card(
    "Moneylender",
    "Geldschieter",
    4,
    "Action",
    "You may trash a Copper from your hand for +3 coins.",
    set=S,
    play=_moneylender,
)
card(
    "Poacher",
    "Stroper",
    4,
    "Action",
    "+1 Card, +1 Action, +1 coin. Discard a card per empty Supply pile.",
    set=S,
    cards=1,
    actions=1,
    coins=1,
    play=_poacher,
)
card(
    "Remodel",
    "Verbouwing",
    4,
    "Action",
    "Trash a card from your hand. Gain a card costing up to 2 coins more than it.",
    set=S,
    play=_improve("Remodel", 2),
)
card("Smithy", "Smidse", 4, "Action", "+3 Cards.", set=S, cards=3)
card(
    "Throne Room",
    "Troonzaal",
    4,
    "Action",
    "You may play an Action card from your hand twice.",
    set=S,
    play=_throne_room,
)
card(
    "Bandit",
    "Bandiet",
    5,
    "Action Attack",
    "Gain a Gold. Each other player reveals the top 2 cards of their deck, "
    "trashes a revealed Treasure other than Copper, and discards the rest.",
    set=S,
    play=_bandit,
)
card(
    "Council Room",
    "Raadszaal",
    5,
    "Action",
    "+4 Cards, +1 Buy. Each other player draws a card.",
    set=S,
    cards=4,
    buys=1,
    play=_council_room,
)
card("Festival", "Festival", 5, "Action", "+2 Actions, +1 Buy, +2 coins.", set=S, actions=2, buys=1, coins=2)
card("Laboratory", "Laboratorium", 5, "Action", "+2 Cards, +1 Action.", set=S, cards=2, actions=1)
card(
    "Library",
    "Bibliotheek",
    5,
    "Action",
    "Draw until you have 7 cards in hand, skipping any Action cards you choose "
    "to; set those aside, discarding them afterwards.",
    set=S,
    play=_library,
)
card("Market", "Markt", 5, "Action", "+1 Card, +1 Action, +1 Buy, +1 coin.", set=S, cards=1, actions=1, buys=1, coins=1)
card(
    "Mine",
    "Mijn",
    5,
    "Action",
    "You may trash a Treasure from your hand. Gain a Treasure into your hand costing up to 3 coins more than it.",
    set=S,
    play=_improve("Mine", 3, treasure_only=True, dest="hand"),
)
card(
    "Sentry",
    "Schildwacht",
    5,
    "Action",
    "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or "
    "discard any number of them. Put the rest back on top in any order.",
    set=S,
    cards=1,
    actions=1,
    play=_sentry,
)
card("Witch", "Heks", 5, "Action Attack", "+2 Cards. Each other player gains a Curse.", set=S, cards=2, play=_witch)
card(
    "Artisan",
    "Ambachtsman",
    6,
    "Action",
    "Gain a card to your hand costing up to 5 coins. Put a card from your hand onto your deck.",
    set=S,
    play=_artisan,
)

for _n in (
    "Cellar",
    "Chapel",
    "Moat",
    "Harbinger",
    "Merchant",
    "Vassal",
    "Village",
    "Workshop",
    "Bureaucrat",
    "Gardens",
    "Militia",
    "Moneylender",
    "Poacher",
    "Remodel",
    "Smithy",
    "Throne Room",
    "Bandit",
    "Council Room",
    "Festival",
    "Laboratory",
    "Library",
    "Market",
    "Mine",
    "Sentry",
    "Witch",
    "Artisan",
):
    pile(_n, [(_n, 10)], set=S)
