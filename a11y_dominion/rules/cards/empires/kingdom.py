"""Empires Kingdom cards that have a pile of their own (10 copies).

Rule source: the card texts of Dominion: Empires (2016 printing), as
summarised in the Dutch rulebook; texts below are in the project's words.
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


def _archive(g: Game, p: Player, me: Card) -> Flow:
    stash = g.set_aside_from_deck(p, 3, public=False)
    if not stash:
        return
    yield from _archive_take(g, p, stash)
    if stash:
        archive_effect(g, p, me, stash)


def archive_effect(g: Game, p: Player, me: Card, stash: list[Card]) -> Lasting:
    """Register the Duration work of ``p``'s Archive ``me`` (a card in ``p``'s play area)
    with ``stash`` (cards in ``p``'s set-aside zone): at the start of each of ``p``'s next
    turns, one of them into the hand, until none is left. Returns the lasting effect."""

    def later(g2: Game, p2: Player) -> Flow:
        yield from _archive_take(g2, p2, stash)
        return bool(stash)

    return g.add_duration(p, "Archive", me, later)


def _archive_take(g: Game, p: Player, stash: list[Card]) -> Flow:
    chosen = yield from g.choose_cards(
        p, stash, "{player}, Archive: put one of the set-aside cards into your hand.", "take", 1, 1, "Archive"
    )
    for c in chosen:
        stash.remove(c)
        g.move(p, c, "set_aside", "hand", public=False)


card(
    "Archive",
    "Archief",
    5,
    "Action Duration",
    "+1 Action. Set aside the top 3 cards of your deck face down (you may look at them). "
    "Now and at the start of your next two turns, put one of them into your hand.",
    actions=1,
    play=_archive,
)


def _capital_discard(g: Game, p: Player, w: When) -> Flow:
    g.take_debt(p, 6, "Capital")
    can = min(p.debt, g.turn.coins) if g.current is p else 0
    if can > 0:
        n = yield from g.choose_number(
            p,
            "{player}, Capital: you have {debt} Debt and {coins} {coins:coin|coins}. "
            "Pay how much Debt now (0 to {most})?",
            0,
            can,
            "pay",
            "Capital",
            args={"debt": p.debt, "coins": g.turn.coins, "most": can},
        )
        if n is not None:  # no pass is offered, so a number always comes
            g.pay_debt(p, n, "Capital")


card(
    "Capital",
    "Kapitaal",
    5,
    "Treasure",
    "Worth 6 coins. +1 Buy. When you discard this from play, take 6 Debt, and then you may pay off Debt.",
    coins=6,
    buys=1,
    triggers={Moment.DISCARD_FROM_PLAY: _capital_discard},
)


def _chariot_race(g: Game, p: Player, me: Card) -> None:
    mine = g.peek(p)
    if mine is not None:
        g.reveal(p, [mine], "deck")
        g.move(p, mine, "deck", "hand")
    left = g.left_of(p)
    theirs = g.peek(left)
    if theirs is not None:
        g.reveal(left, [theirs], "deck")
    # if either player has no card to reveal, yours does not cost more (Chariot Race FAQ); the
    # result is between the two players (``other``): every player hears it as it comes
    if mine is None or theirs is None:
        g.emit_note(p, N_("Chariot Race: a card is missing to compare, so there is no bonus."), other=left)
    elif mine.spec.cost.more_than(theirs.spec.cost):
        g.emit_note(p, N_("{player}'s card costs more."), you=N_("Your card costs more."), other=left)
        g.add(p, coins=1, source="Chariot Race")
        g.vp_from_supply(p, 1, "Chariot Race")
    else:
        g.emit_note(
            p,
            N_("{player}'s card does not cost more, so there is no bonus."),
            you=N_("Your card does not cost more, so there is no bonus."),
            other=left,
        )


card(
    "Chariot Race",
    "Strijdwagenrace",
    3,
    "Action",
    "+1 Action. Reveal the top card of your deck and put it into your hand. The player to your left "
    "reveals the top card of their deck. If your card costs more, +1 coin and +1 VP.",
    actions=1,
    play=_chariot_race,
)


CHARM_MODES = [
    ("coins", N_("+1 Buy and +2 coins")),
    ("gain", N_("next time you buy a card this turn, also gain another card with the same cost")),
]


def _charm(g: Game, p: Player, me: Card) -> Flow:
    mode = yield from g.choose_mode(p, "{player}, Charm: which bonus?", CHARM_MODES, "Charm")
    if mode == "coins":
        g.add(p, buys=1, coins=2, source="Charm")
    elif g.current is p:
        charm_effect(g, p)


def charm_effect(g: Game, p: Player) -> None:
    """Register Charm's second choice for ``p`` (the turn player): the next time ``p`` buys
    a card this turn, ``p`` may also gain a differently named card with the same cost."""
    g.add_lasting(Lasting("Charm", p.name, Ends.AFTER_THIS_TURN, triggers={Moment.BUY: _charm_gain}))


def _charm_gain(g: Game, p: Player, w: When) -> Flow:
    """The next time you buy a card this turn: you may gain a differently
    named card with the same cost, before the bought card is gained."""
    g.end_lasting(w.effect)
    cost = w.subject.spec.cost
    name = w.subject.name
    pile = yield from g.choose_pile(
        p,
        "{player}, Charm: you may also gain a card costing exactly {cost}, other than {card}.",
        lambda c: c.spec.cost == cost and c.name != name,
        "gain",
        "Charm",
        optional=True,
        args={"cost": cost, "card": name},
    )
    if pile:
        yield from g.gain(p, pile)


card(
    "Charm",
    "Geluksbrenger",
    5,
    "Treasure",
    "Choose one: +1 Buy and +2 coins; or the next time you buy a card this turn, you may also gain a "
    "differently named card with the same cost (gained before the bought card).",
    play=_charm,
    asks_when_played=True,
)


def _city_quarter(g: Game, p: Player, me: Card) -> None:
    g.reveal(p, list(p.hand), "hand")
    n = sum(1 for c in p.hand if c.is_("Action"))
    if n:
        g.draw(p, n)


card(
    "City Quarter",
    "Stadswijk",
    Cost(0, 8),
    "Action",
    "+2 Actions. Reveal your hand. +1 Card per Action card revealed.",
    actions=2,
    play=_city_quarter,
)


def _crown(g: Game, p: Player, me: Card) -> Flow:
    if g.current is not p:
        return
    typ = "Action" if g.turn.phase == "action" else "Treasure"
    cands = [c for c in p.hand if c.is_(typ)]
    if not cands:  # said, so that the Crown is not heard to do nothing without a word
        g.emit_note(p, N_("{player}'s Crown has nothing to play."), you=N_("Crown has nothing to play."))
        return
    prompt = (
        N_("{player}, Crown: you may play an Action card from your hand twice.")
        if typ == "Action"
        else N_("{player}, Crown: you may play a Treasure from your hand twice.")
    )
    chosen = yield from g.choose_cards(p, cands, prompt, "play", 0, 1, "Crown")
    if not chosen:
        return
    yield from g.play_twice(p, me, chosen[0])


card(
    "Crown",
    "Kroon",
    5,
    "Action Treasure",
    "If it is your Action phase, you may play an Action card from your hand twice. If it is your Buy "
    "phase, you may play a Treasure from your hand twice.",
    play=_crown,
    asks_when_played=True,
)


def _enchantress(g: Game, p: Player, me: Card) -> None:
    enchantress_effects(g, p, me, frozenset(v.name for v in g.attack(p, "Enchantress")))


def enchantress_effects(g: Game, p: Player, me: Card, victims: frozenset[str]) -> None:
    """Register what ``p``'s Enchantress ``me`` (a card in ``p``'s play area) does until
    ``p``'s next turn: the first Action card each player named in ``victims`` plays on
    their own turn gives +1 Card and +1 Action instead of its instructions; at the start
    of ``p``'s next turn, +2 Cards."""

    def instead(g2: Game, player: Player, card: Card) -> Callable[[], None] | None:
        """The first Action each affected player plays on their own turn
        gives +1 Card and +1 Action instead of its instructions."""
        if player.name not in victims or g2.current is not player or g2.turn.actions_played:
            return None

        def bonus() -> None:
            g2.draw(player, 1)
            g2.add(player, actions=1, source="Enchantress")

        return bonus

    g.add_lasting(Lasting("Enchantress", p.name, Ends.OWNERS_NEXT_TURN, replaces_play=instead))

    def later(g2: Game, p2: Player) -> bool:
        g2.draw(p2, 2)
        return False

    g.add_duration(p, "Enchantress", me, later)


card(
    "Enchantress",
    "Tovenares",
    3,
    "Action Attack Duration",
    "Until your next turn, the first time each other player plays an Action card on their turn, they get "
    "+1 Card and +1 Action instead of following its instructions. At the start of your next turn, +2 Cards.",
    play=_enchantress,
)


def _engineer(g: Game, p: Player, me: Card) -> Flow:
    pick = lambda c: c.spec.cost.up_to(4)  # noqa: E731
    pl = yield from g.choose_pile(
        p, "{player}, Engineer: gain a card costing up to 4 coins (no Debt).", pick, "gain", "Engineer"
    )
    if pl:
        yield from g.gain(p, pl)
    if me in p.in_play:
        if (
            yield from g.yes_no(
                p,
                "{player}, Engineer: trash the Engineer to gain another card costing up to 4 coins?",
                "Engineer",
                "trash",
            )
        ):
            yield from g.trash_card(p, me, "in_play")
            pl = yield from g.choose_pile(
                p, "{player}, Engineer: gain a second card costing up to 4 coins.", pick, "gain", "Engineer"
            )
            if pl:
                yield from g.gain(p, pl)


card(
    "Engineer",
    "Ingenieur",
    Cost(0, 4),
    "Action",
    "Gain a card costing up to 4 coins. You may trash this. If you do, gain a card costing up to 4 coins.",
    play=_engineer,
)


def _farmers_market(g: Game, p: Player, me: Card) -> Flow:
    pl = g.pile_of(me)
    if pl is not None and pl.vp_tokens >= 4:
        g.vp_from_pile(p, pl.name, "Farmers' Market")
        if me in p.in_play:
            yield from g.trash_card(p, me, "in_play")
    elif pl is not None:
        g.vp_to_pile(pl.name, 1, "Farmers' Market")
        g.add(p, coins=pl.vp_tokens, source="Farmers' Market")


card(
    "Farmers' Market",
    "Boerenmarkt",
    3,
    "Action Gathering",
    "+1 Buy. If there are 4 VP or more on the Farmers' Market pile, take them and trash this. Otherwise "
    "add 1 VP to the pile, then +1 coin per VP on the pile.",
    buys=1,
    play=_farmers_market,
)


def _forum_play(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(p, p.hand, "{player}, Forum: discard 2 cards.", "discard", 2, 2, "Forum")
    g.discard_cards(p, chosen)


def _forum_buy(g: Game, p: Player, w: When) -> None:
    g.add(p, buys=1, source="Forum")


card(
    "Forum",
    "Forum",
    5,
    "Action",
    "+3 Cards, +1 Action. Discard 2 cards. When you buy this, +1 Buy.",
    cards=3,
    actions=1,
    play=_forum_play,
    triggers={Moment.BUY: _forum_buy},
)


def _groundskeeper_gain(g: Game, p: Player, w: When) -> None:
    if w.subject.is_("Victory"):
        g.vp_from_supply(p, 1, "Groundskeeper")


card(
    "Groundskeeper",
    "Kasteelhovenier",
    5,
    "Action",
    "+1 Card, +1 Action. While this is in play, when you gain a Victory card, +1 VP.",
    cards=1,
    actions=1,
    while_in_play={Moment.GAIN: _groundskeeper_gain},
)


def _legionary(g: Game, p: Player, me: Card) -> Flow:
    golds = [c for c in p.hand if c.name == "Gold"]
    chosen = yield from g.choose_cards(
        p, golds, "{player}, Legionary: you may reveal a Gold from your hand to attack.", "reveal", 0, 1, "Legionary"
    )
    if not chosen:
        return
    g.reveal(p, chosen)
    for v in g.attack(p, "Legionary"):
        yield from g.discard_down_to(v, 2, "Legionary")
        g.draw(v, 1)


card(
    "Legionary",
    "Legioensoldaat",
    5,
    "Action Attack",
    "+3 coins. You may reveal a Gold from your hand. If you do, each other player discards down to 2 cards "
    "in hand, then draws a card.",
    coins=3,
    play=_legionary,
)


def _overlord(g: Game, p: Player, me: Card) -> Flow:
    if me not in p.in_play:
        return
    pl = yield from g.choose_pile(
        p,
        "{player}, Overlord: choose an Action card from the Supply costing up to 5 coins for the Overlord to be.",
        lambda c: c.is_("Action") and c.spec.cost.up_to(5) and c.spec.name != "Overlord",
        "copy",
        "Overlord",
    )
    if not pl:
        return
    copied = g.piles[pl].cards[0].spec
    g.become(me, copied)
    g.emit(g.events_mod.CardBecame(p.name, "Overlord", copied.name))
    if me.is_("Attack"):
        # now an Attack card being played: the other players may react first
        yield from g.react(Moment.ATTACK, p, me)
    yield from g.follow(p, me)


card(
    "Overlord",
    "Despoot",
    Cost(0, 8),
    "Action",
    "When you play this, choose an Action card from the Supply costing up to 5 coins. This is that card "
    "until it leaves play.",
    play=_overlord,
)


def _royal_blacksmith(g: Game, p: Player, me: Card) -> None:
    g.reveal(p, list(p.hand), "hand")
    coppers = [c for c in p.hand if c.name == "Copper"]
    g.discard_cards(p, coppers)


card(
    "Royal Blacksmith",
    "Koninklijke smid",
    Cost(0, 8),
    "Action",
    "+5 Cards. Reveal your hand; discard the Coppers from it.",
    cards=5,
    play=_royal_blacksmith,
)


def _sacrifice(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p, p.hand, "{player}, Sacrifice: trash a card from your hand.", "trash", 1, 1, "Sacrifice"
    )
    if not chosen:
        return
    c = chosen[0]
    is_action, is_treasure, is_victory = c.is_("Action"), c.is_("Treasure"), c.is_("Victory")
    yield from g.trash_card(p, c, "hand")
    if is_action:
        g.draw(p, 2)
        g.add(p, actions=2, source="Sacrifice")
    if is_treasure:
        g.add(p, coins=2, source="Sacrifice")
    if is_victory:
        g.vp_from_supply(p, 2, "Sacrifice")


card(
    "Sacrifice",
    "Offer",
    4,
    "Action",
    "Trash a card from your hand. If it is an Action card, +2 Cards and +2 Actions; a Treasure, +2 coins; "
    "a Victory card, +2 VP (all that apply).",
    play=_sacrifice,
)


def _temple_play(g: Game, p: Player, me: Card) -> Flow:
    chosen = yield from g.choose_cards(
        p,
        p.hand,
        "{player}, Temple: trash 1 to 3 cards with different names from your hand.",
        "trash",
        1,
        3,
        "Temple",
        distinct=True,
    )
    for c in chosen:
        yield from g.trash_card(p, c, "hand")
    g.vp_to_pile(g.pile_name_of(me, "Temple"), 1, "Temple")


def _temple_gain(g: Game, p: Player, w: When) -> None:
    g.vp_from_pile(p, "Temple", "Temple")


card(
    "Temple",
    "Tempel",
    4,
    "Action Gathering",
    "+1 VP. Trash from 1 to 3 differently named cards from your hand. Add 1 VP to the Temple pile. "
    "When you gain this, take the VP from the Temple pile.",
    vp_tokens=1,
    play=_temple_play,
    triggers={Moment.GAIN: _temple_gain},
)


def _villa_gain(g: Game, p: Player, w: When) -> None:
    me = w.subject
    zone = next((z for z in ("discard", "deck", "hand") if me in getattr(p, z)), None)
    if zone and zone != "hand":
        g.move(p, me, zone, "hand")
    g.add(p, actions=1, source="Villa")
    g.return_to_action_phase(p, "villa")


card(
    "Villa",
    "Villa",
    4,
    "Action",
    "+2 Actions, +1 Buy, +1 coin. When you gain this, put it into your hand, +1 Action, and if it is your "
    "Buy phase, return to your Action phase.",
    actions=2,
    buys=1,
    coins=1,
    triggers={Moment.GAIN: _villa_gain},
)


WILD_HUNT_MODES = [
    ("cards", N_("+3 Cards and add 1 VP to the Wild Hunt pile")),
    ("estate", N_("gain an Estate and take the VP from the Wild Hunt pile")),
]


def _wild_hunt(g: Game, p: Player, me: Card) -> Flow:
    home = g.pile_name_of(me, "Wild Hunt")
    pile = g.piles.get(home)
    # the VP on the pile are what the choice is about (the how-to line after it says "Choose one")
    mode = yield from g.choose_mode(
        p,
        "{player}, Wild Hunt: {n} VP on the Wild Hunt pile.",
        WILD_HUNT_MODES,
        "Wild Hunt",
        args={"n": pile.vp_tokens if pile is not None else 0},
    )
    if mode == "cards":
        g.draw(p, 3)
        g.vp_to_pile(home, 1, "Wild Hunt")
    else:
        got = yield from g.gain_named(p, "Estate")
        if got is not None:
            g.vp_from_pile(p, home, "Wild Hunt")


card(
    "Wild Hunt",
    "Wilde jacht",
    5,
    "Action Gathering",
    "Choose one: +3 Cards and add 1 VP to the Wild Hunt pile; or gain an Estate, and if you do, take the "
    "VP from the pile.",
    play=_wild_hunt,
)


for _n in (
    "Archive",
    "Capital",
    "Chariot Race",
    "Charm",
    "City Quarter",
    "Crown",
    "Enchantress",
    "Engineer",
    "Farmers' Market",
    "Forum",
    "Groundskeeper",
    "Legionary",
    "Overlord",
    "Royal Blacksmith",
    "Sacrifice",
    "Temple",
    "Villa",
    "Wild Hunt",
):
    pile(_n, [(_n, 10)])
