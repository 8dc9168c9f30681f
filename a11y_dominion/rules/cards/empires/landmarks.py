"""The 21 Empires Landmarks: rules in force for the whole game.

Rule source: Empires rulebook (Landmarks) and the 2016 Landmark texts.
Landmarks that hold VP start with 6 per player; Aqueduct puts 8 on each of
Silver and Gold; Defiled Shrine 2 on each non-Gathering Action pile.
"""

from __future__ import annotations

import operator
from collections import Counter
from typing import TYPE_CHECKING

from ...decisions import N_
from ...state import empty_piles_of
from ...triggers import Moment
from .. import CARDS, game_attribute, landmark

if TYPE_CHECKING:
    from ...game import Game
    from ...state import Player
    from ...triggers import Flow, When


MOUNTAIN_PASS_MOST = 40  # the highest bid, in Debt


# ---- token Landmarks --------------------------------------------------------
def _aqueduct_setup(g: Game) -> tuple[list[tuple[str, int]] | tuple[()], str]:
    placed = []
    for pn in ("Silver", "Gold"):
        g.piles[pn].vp_tokens += 8
        placed.append((pn, 8))
    return placed, ""


def _aqueduct_gain(g: Game, p: Player, w: When) -> None:
    c = w.subject
    if c.is_("Treasure"):
        pl = g.pile_of(c)
        if pl is not None:
            g.vp_pile_to_landmark(pl.name, "Aqueduct", 1)
    if c.is_("Victory"):
        g.vp_from_landmark(p, "Aqueduct")


landmark(
    "Aqueduct",
    "Aquaduct",
    "When you gain a Treasure, move 1 VP from its pile to this. When you gain a "
    "Victory card, take the VP from this. Setup: put 8 VP on the Silver and Gold piles.",
    setup=_aqueduct_setup,
    triggers={Moment.GAIN: _aqueduct_gain},
)


def _arena(g: Game, p: Player, w: When) -> Flow:
    acts = [c for c in p.hand if c.is_("Action")]
    if not acts or g.landmarks.get("Arena", 0) <= 0:
        return  # nothing to discard, or nothing left to take
    chosen = yield from g.choose_cards(
        p,
        acts,
        "{player}, Arena: you may discard an Action card to take 2 VP ({left} left on Arena).",
        "discard",
        0,
        1,
        "Arena",
        args={"left": g.landmarks["Arena"]},
    )
    if chosen:
        g.discard_cards(p, chosen)
        g.vp_from_landmark(p, "Arena", 2)


landmark(
    "Arena",
    "Arena",
    "At the start of your Buy phase, you may discard an Action card. If you do, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.START_OF_BUY: _arena},
)


def _basilica(g: Game, p: Player, w: When) -> None:
    if g.current is p and g.turn.coins >= 2:
        g.vp_from_landmark(p, "Basilica", 2)


landmark(
    "Basilica",
    "Basiliek",
    "When you buy a card, if you have 2 coins or more left, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.BUY: _basilica},
)


def _baths(g: Game, p: Player, w: When) -> None:
    if not g.turn.gained:
        g.vp_from_landmark(p, "Baths", 2)


landmark(
    "Baths",
    "Baden",
    "When you end your turn without having gained a card, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.END_OF_TURN: _baths},
)


def _battlefield(g: Game, p: Player, w: When) -> None:
    c = w.subject
    if c.is_("Victory"):
        g.vp_from_landmark(p, "Battlefield", 2)


landmark(
    "Battlefield",
    "Slagveld",
    "When you gain a Victory card, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.GAIN: _battlefield},
)


def _colonnade(g: Game, p: Player, w: When) -> None:
    c = w.subject
    if c.is_("Action") and any(x.name == c.name for x in p.in_play):
        g.vp_from_landmark(p, "Colonnade", 2)


landmark(
    "Colonnade",
    "Zuilengalerij",
    "When you buy an Action card, if you have a copy of it in play, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.BUY: _colonnade},
)


def _shrine_setup(g: Game) -> tuple[list[tuple[str, int]] | tuple[()], str]:
    placed = []
    for pn in g.action_piles():
        top = g.piles[pn].cards[0] if g.piles[pn].cards else None
        if top is not None and not top.spec.is_("Gathering"):
            g.piles[pn].vp_tokens += 2
            placed.append((pn, 2))
    return placed, ""


def _shrine_gain(g: Game, p: Player, w: When) -> None:
    c = w.subject
    if c.is_("Action"):
        pl = g.pile_of(c)
        if pl is not None:
            g.vp_pile_to_landmark(pl.name, "Defiled Shrine", 1)


def _shrine_buy(g: Game, p: Player, w: When) -> None:
    c = w.subject
    if c.name == "Curse":
        g.vp_from_landmark(p, "Defiled Shrine")


landmark(
    "Defiled Shrine",
    "Geschonden altaar",
    "When you gain an Action, move 1 VP from its pile to this. When you "
    "buy a Curse, take the VP from this. Setup: put 2 VP on each non-Gathering Action Supply pile.",
    setup=_shrine_setup,
    triggers={Moment.GAIN: _shrine_gain, Moment.BUY: _shrine_buy},
)


def _labyrinth(g: Game, p: Player, w: When) -> None:
    mem = g.turn_memory("Labyrinth")
    if g.current is p and len(g.turn.gained) >= 2 and not mem.get("taken"):
        mem["taken"] = True
        g.vp_from_landmark(p, "Labyrinth", 2)


landmark(
    "Labyrinth",
    "Labyrint",
    "When you gain a 2nd card in one of your turns, take 2 VP from here.",
    tokens_per_player=6,
    triggers={Moment.GAIN: _labyrinth},
)


def _mountain_pass(g: Game, p: Player, w: When) -> None:
    """When a player gains a Province, if none was gained before in this
    game, that player's bidding comes after the turn."""
    mem = g.game_memory("Mountain Pass")
    if w.subject.name == "Province" and not mem.get("province_gained"):
        mem["province_gained"] = True
        mem["bidding_for"] = p.name


def _mountain_pass_bids(g: Game, p: Player, w: When) -> Flow:
    """After the turn of the first Province gain: each player bids once, from
    the gainer's left, ending with the gainer; each bid beats the last, at
    most 40 Debt, or passes. The highest bidder gets +8 VP and the Debt."""
    mem = g.game_memory("Mountain Pass")
    name = mem.pop("bidding_for", None)
    if name is None:
        return
    gainer = g.player(name)
    order = g.others(gainer) + [gainer]
    g.emit(g.events_mod.BiddingStarted(gainer.name, tuple(x.name for x in order)))
    high, best = 0, None
    for b in order:
        if high >= MOUNTAIN_PASS_MOST:
            g.emit(g.events_mod.BidMade(b.name, None))
            continue
        bid = yield from g.choose_number(
            b,
            N_("{player}, Mountain Pass: bid more than {high} Debt, at most {most}, or pass; you have {debt} Debt.")
            if high
            else N_("{player}, Mountain Pass: bid from 1 to {most} Debt, or pass; you have {debt} Debt."),
            high + 1,
            MOUNTAIN_PASS_MOST,
            "bid",
            "Mountain Pass",
            allow_pass=True,
            args={"high": high, "most": MOUNTAIN_PASS_MOST, "debt": b.debt},
        )
        g.emit(g.events_mod.BidMade(b.name, bid))
        if bid is not None:
            high, best = bid, b
    g.emit(g.events_mod.BiddingWon(best.name if best else None, high))
    if best:
        g.vp_from_supply(best, 8, "Mountain Pass")
        g.take_debt(best, high, "Mountain Pass")


landmark(
    "Mountain Pass",
    "Bergpas",
    "When you are the first player to gain a Province, after that turn, each "
    "player bids once, up to 40 Debt, ending with you. The highest bidder gets +8 VP and takes the Debt "
    "they bid.",
    triggers={Moment.GAIN: _mountain_pass, Moment.AFTER_TURN: _mountain_pass_bids},
)


def _tomb(g: Game, p: Player, w: When) -> None:
    g.vp_from_supply(p, 1, "Tomb")


landmark("Tomb", "Tombe", "When you trash a card, +1 VP.", triggers={Moment.TRASH: _tomb})


# ---- scoring Landmarks ------------------------------------------------------
_SPEC_NAME = operator.attrgetter("spec.name")


def _names(p: Player) -> Counter[str]:
    return Counter(map(_SPEC_NAME, p.all_cards()))


def _bandit_fort(g: Game, p: Player) -> int:
    n = _names(p)
    return -2 * (n["Silver"] + n["Gold"])


def _fountain(g: Game, p: Player) -> int:
    return 15 if _names(p)["Copper"] >= 10 else 0


def _keep(g: Game, p: Player) -> int:
    mine = _names(p)
    total = 0
    for name, k in mine.items():
        if not CARDS[name].is_("Treasure"):
            continue
        if all(k >= _names(o)[name] for o in g.players if o is not p):
            total += 5
    return total


def _museum(g: Game, p: Player) -> int:
    return 2 * len(_names(p))


def _obelisk_pile(g: Game) -> str | None:
    """The pile Obelisk marks: the one chosen at setup (kept in Obelisk's
    per-game memory), else the one the game was set up with, if any."""
    given = g.setup_choices.get("Obelisk")
    mem = g.memory.get("Obelisk", {})
    pile: str | None = mem.get("pile", given)
    return pile


def _obelisk_setup(g: Game) -> tuple[list[tuple[str, int]] | tuple[()], str]:
    """Setup: choose a random Action Supply pile, unless the game was set up
    with one (``setup_choices["Obelisk"]``, from a record or a position)."""
    piles = g.action_piles()
    pile = g.setup_choices.get("Obelisk")
    if piles and pile is None:
        pile = g.rng.choice(piles)
    g.game_memory("Obelisk")["pile"] = pile
    return (), pile or ""


def _obelisk(g: Game, p: Player) -> int:
    pile = _obelisk_pile(g)
    if not pile or pile not in g.piles:
        return 0
    members = set(g.piles[pile].members)
    return 2 * sum(1 for c in p.all_cards() if c.spec.name in members)


def _orchard(g: Game, p: Player) -> int:
    return 4 * sum(1 for name, k in _names(p).items() if k >= 3 and CARDS[name].is_("Action"))


def _palace(g: Game, p: Player) -> int:
    n = _names(p)
    return 3 * min(n["Copper"], n["Silver"], n["Gold"])


_VICTORY_ONLY: dict[tuple[str, ...], bool] = {}
"""For the card names of a pile: whether each is a Victory card (for Tower)."""


def _victory_only(members: tuple[str, ...]) -> bool:
    known = _VICTORY_ONLY.get(members)
    if known is None:
        known = _VICTORY_ONLY[members] = all(CARDS[m].is_("Victory") for m in members)
    return known


def _tower(g: Game, p: Player) -> int:
    for pile in empty_piles_of(g.piles):
        if not _victory_only(pile.members):
            break
    else:
        return 0  # no empty Supply pile of non-Victory cards (most games, most of the time)
    total = 0
    for name, k in _names(p).items():  # cards of one name at once
        if CARDS[name].is_("Victory"):
            continue
        pl = g.pile_of(name)
        if pl is not None and not pl.count():
            total += k
    return total


def _triumphal_arch(g: Game, p: Player) -> int:
    counts = sorted((k for name, k in _names(p).items() if CARDS[name].is_("Action")), reverse=True)
    return 3 * counts[1] if len(counts) >= 2 else 0


def _wall(g: Game, p: Player) -> int:
    return -max(0, len(p.all_cards()) - 15)


def _wolf_den(g: Game, p: Player) -> int:
    return -3 * sum(1 for k in _names(p).values() if k == 1)


landmark(
    "Bandit Fort", "Bandietenfort", "When scoring, -2 VP for each Silver and each Gold you have.", score=_bandit_fort
)
landmark("Fountain", "Fontein", "When scoring, 15 VP if you have at least 10 Coppers.", score=_fountain)
landmark(
    "Keep",
    "Hoofdtoren",
    "When scoring, 5 VP per differently named Treasure you have, that you have more "
    "copies of than each other player, or are tied for most.",
    score=_keep,
)
landmark("Museum", "Museum", "When scoring, 2 VP per differently named card you have.", score=_museum)
landmark(
    "Obelisk",
    "Obelisk",
    "When scoring, 2 VP per card you have from the chosen pile (both halves of a split "
    "pile). Setup: choose a random Action Supply pile.",
    setup=_obelisk_setup,
    score=_obelisk,
)
# the view and the scenario snapshot show the marked pile as game.obelisk
game_attribute("obelisk", _obelisk_pile)
landmark(
    "Orchard",
    "Boomgaard",
    "When scoring, 4 VP per differently named Action card you have 3 or more copies of.",
    score=_orchard,
)
landmark("Palace", "Paleis", "When scoring, 3 VP per set you have of Copper, Silver and Gold.", score=_palace)
landmark("Tower", "Toren", "When scoring, 1 VP per non-Victory card you have from an empty Supply pile.", score=_tower)
landmark(
    "Triumphal Arch",
    "Triomfboog",
    "When scoring, 3 VP per copy you have of your second most common Action card (if tied, count either).",
    score=_triumphal_arch,
)
landmark("Wall", "Muur", "When scoring, -1 VP per card you have after the first 15.", score=_wall)
landmark("Wolf Den", "Wolvenhol", "When scoring, -3 VP per card you have exactly one copy of.", score=_wolf_den)
