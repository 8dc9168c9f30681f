"""Answers to the console's queries, as plain sentences.

Every function here reads the game and returns a list of lines, one
sentence (or one ``Label: value`` item) per line, with numbers as digits
and their unit. Nothing here changes the game. The same lines are printed
in screen-reader mode, spoken in self-voicing mode and kept as the text
behind the tables shown to sighted players.

``me`` is the seat the query is for: the player who must answer now.
``you`` says whether to address that player as "you" (one human at the
keyboard) or by name (several humans sharing the screen).
"""
from __future__ import annotations

from typing import Optional

from announcements.narrator import count, group_names, join_names

from ..rules.cards import CARDS, EVENTS, LANDMARKS, PILES, canonical, dutch_name, pile_name_for
from ..rules.cost import describe_cost
from ..rules.decisions import Decision
from ..rules.game import BASIC_PILES, Game

TYPE_ORDER = ("Action", "Treasure", "Victory", "Curse")


class QueryError(ValueError):
    """A query that cannot be answered (for example an unknown card); one sentence."""


def _type_rank(name: str) -> tuple:
    spec = CARDS.get(name)
    if spec is None:
        return (9, name)
    for i, t in enumerate(TYPE_ORDER):
        if spec.is_(t):
            return (i, name)
    return (8, name)


def sorted_names(names) -> list:
    """Card names ordered Actions, Treasures, Victory cards, Curses, then by name."""
    return sorted(names, key=_type_rank)


TYPE_WORDS = ("Action", "Treasure", "Victory", "Curse", "Attack", "Duration", "Gathering", "Castle", "Reaction")


def _type_word_rank(t: str) -> tuple:
    return (TYPE_WORDS.index(t) if t in TYPE_WORDS else len(TYPE_WORDS), t)


def cost_of(name: str) -> str:
    """Words for the printed cost of a card or Event ("5 coins", "8 Debt")."""
    spec = CARDS.get(name) or EVENTS.get(name)
    if spec is None:
        return ""
    return describe_cost(spec.cost.coins, spec.cost.debt)


def _whose(name: str, you: bool) -> str:
    return "Your" if you else f"{name}'s"


def hand_lines(game: Game, me: str, you: bool = True) -> list:
    """The hand of ``me``, grouped ("3 Coppers and 2 Estates"), and what is in play."""
    p = game.player(me)
    names = [c.name for c in p.hand]
    lines = [f"{_whose(me, you)} hand, {count(len(names), 'card')}: {group_names(sorted_names(names))}."]
    if p.in_play and game.current is p:
        lines.append(f"In play: {group_names(c.name for c in p.in_play)}.")
    if p.set_aside:
        lines.append(f"Set aside: {group_names(c.name for c in p.set_aside)}.")
    return lines


def turn_line(game: Game, you: Optional[str] = None) -> str:
    """"Ann's turn 3, Buy phase: 1 Action, 1 Buy, 4 coins." (Debt when there is some);
    "Your turn" when ``you`` names the player whose turn it is."""
    p = game.current
    t = game.turn
    phase = {"action": "Action phase", "buy": "Buy phase", "cleanup": "Clean-up"}.get(t.phase, t.phase)
    debt = f", {p.debt} Debt" if p.debt else ""
    whose = "Your" if you == p.name else f"{p.name}'s"
    return (f"{whose} turn {p.turns_taken + 1}, {phase}: {count(t.actions, 'Action')}, "
            f"{count(t.buys, 'Buy')}, {count(t.coins, 'coin')}{debt}.")


def status_lines(game: Game, me: str, you: bool = True) -> list:
    """Phase, Actions, Buys, coins, Debt and VP tokens, then the other players' tokens."""
    p = game.player(me)
    lines = [turn_line(game, me if you else None)]
    who = "You have" if you else f"{me} has"
    lines.append(f"{who} {p.debt} Debt and {count(p.vp_tokens, 'VP')} in tokens; "
                 f"{count(len(p.hand), 'card')} in hand, {count(len(p.deck), 'card')} in the deck, "
                 f"{count(len(p.discard), 'card')} in the discard pile.")
    for o in game.players:
        if o is p:
            continue
        lines.append(f"{o.name}: {o.debt} Debt, {count(o.vp_tokens, 'VP')} in tokens, "
                     f"{count(len(o.hand), 'card')} in hand.")
    return lines


def _below(pile) -> list:
    """(name, how many) runs below the top card's run, for split piles and Castles."""
    runs = []
    for c in pile.cards:
        if runs and runs[-1][0] == c.name:
            runs[-1][1] += 1
        else:
            runs.append([c.name, 1])
    return [(n, k) for n, k in runs[1:]]


def pile_order(game: Game) -> list:
    """Supply piles in reading order: Treasures, Victory cards, Curse, then the Kingdom."""
    basics = [n for n in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse") if n in game.piles]
    rest = [n for n in game.piles if n not in BASIC_PILES]
    return basics + rest


def pile_facts(game: Game, name: str) -> dict:
    """The facts of one pile: top card, cost words, cards left, tokens, what is below."""
    pl = game.piles[name]
    top = pl.top.name if pl.cards else None
    below = []
    if pl.is_layered and pl.cards:
        for n, k in _below(pl):
            below.append((n, k, cost_of(n)))
    return {"pile": name, "top": top, "cost": cost_of(top) if top else "", "left": len(pl.cards),
            "vp": pl.vp_tokens, "debt": pl.debt_tokens, "below": below,
            "types": sorted(CARDS[top].types) if top else []}


def _tokens_words(f: dict) -> str:
    bits = []
    if f["vp"]:
        bits.append(f"{f['vp']} VP")
    if f["debt"]:
        bits.append(f"{f['debt']} Debt")
    return f"{join_names(bits)} on it" if bits else ""


def below_words(f: dict) -> str:
    """"below: 5 Emporiums (5 coins)" for a layered pile, else ""."""
    if not f["below"]:
        return ""
    parts = []
    for n, k, cost in f["below"]:
        parts.append(f"{k} {_plural(n)} ({cost})" if k > 1 else f"{n} ({cost})")
    return "below: " + join_names(parts)


def _plural(name: str) -> str:
    from announcements.narrator import plural
    if name.endswith("s") and not name.endswith("ss"):
        return name     # "5 Rocks", not "Rockses"
    return plural(name)


def pile_line(game: Game, name: str) -> str:
    """One sentence for one pile."""
    f = pile_facts(game, name)
    tokens = _tokens_words(f)
    if f["top"] is None:
        return f"{name}: empty" + (f", {tokens}." if tokens else ".")
    bits = []
    if name != f["top"]:
        bits.append(f"{f['top']} on top")
    bits.append(f["cost"])
    bits.append(f"{f['left']} left")
    if tokens:
        bits.append(tokens)
    line = f"{name}: " + ", ".join(bits)
    under = below_words(f)
    if under:
        line += "; " + under
    return line + "."


def supply_lines(game: Game) -> list:
    """Every Supply pile, one line each, after a summary line."""
    empty = len(game.empty_piles())
    lines = [f"Supply: {count(len(game.piles), 'pile')}, {empty} empty."]
    lines += [pile_line(game, n) for n in pile_order(game)]
    if game.events:
        lines.append(f"Events: {join_names(f'{e} ({cost_of(e)})' for e in game.events)}. Type events to hear them.")
    if game.landmarks:
        lines.append(f"Landmarks: {join_names(game.landmarks)}. Type landmarks to hear them.")
    return lines


def score_lines(game: Game) -> list:
    """Each player's score if the game ended now, with its breakdown, then who leads."""
    over = game.pending is None
    lines = ["Final scores:" if over else "Scores if the game ended now:"]
    for p in game.players:
        b = game.score_breakdown(p)
        parts = [f"{b['cards']} from cards", f"{b['tokens']} from VP tokens"]
        parts += [f"{v} from {lm}" for lm, v in b["landmarks"].items()]
        lines.append(f"{p.name}: {b['total']} VP ({join_names(parts)}).")
    if not over:
        lead = game.current_winners()
        lines.append(f"{lead[0]} leads." if len(lead) == 1 else f"{join_names(lead)} are level.")
    lines.append(f"Provinces left: {len(game.piles['Province'].cards)}. "
                 f"Empty Supply piles: {len(game.empty_piles())}.")
    return lines


def landmark_lines(game: Game) -> list:
    """Each Landmark with the VP on it and its text."""
    if not game.landmarks:
        return ["There are no Landmarks in this game."]
    lines = []
    for name, vp in game.landmarks.items():
        spec = LANDMARKS[name]
        holds = spec.tokens_per_player > 0 or vp > 0 or name in ("Aqueduct", "Defiled Shrine")
        extra = f" {vp} VP on it." if holds else ""
        if name == "Obelisk":
            extra = f" It marks the {game.obelisk} pile." if game.obelisk else " It marks no pile."
        lines.append(f"{name}:{extra} {spec.text}")
    return lines


def event_lines(game: Game) -> list:
    """Each Event of this game with its cost and text."""
    if not game.events:
        return ["There are no Events in this game."]
    return [f"{e}, Event, costs {cost_of(e)}: {EVENTS[e].text}" for e in game.events]


def trash_lines(game: Game) -> list:
    """What is in the trash."""
    if not game.trash:
        return ["The trash is empty."]
    return [f"Trash, {count(len(game.trash), 'card')}: {group_names(sorted_names(c.name for c in game.trash))}."]


def card_lines(game: Optional[Game], word: str) -> list:
    """Text, cost and types of a card, Event, Landmark or pile named ``word``."""
    word = word.strip()
    if not word:
        raise QueryError("Card needs a name, for example card Villa.")
    name = canonical(word)
    pn = pile_name_for(word) if name is None or name not in CARDS else None
    if name in CARDS:
        spec = CARDS[name]
        dutch = f" (Dutch: {spec.dutch})" if spec.dutch and spec.dutch != name else ""
        types = " ".join(sorted(spec.types, key=_type_word_rank))
        line = f"{name}{dutch}: {types}, costs {cost_of(name)}. {spec.text}"
        lines = [line]
        pile = spec.pile or name
        if game is not None and pile in game.piles:
            lines.append(pile_line(game, pile))
        elif game is not None and pile not in game.piles:
            lines.append(f"{name} is not in the Supply of this game.")
        return lines
    if name in EVENTS:
        spec = EVENTS[name]
        here = "" if game is None or name in game.events else " It is not in this game."
        return [f"{name} (Dutch: {spec.dutch}): Event, costs {cost_of(name)}. {spec.text}{here}"]
    if name in LANDMARKS:
        spec = LANDMARKS[name]
        here = "" if game is None or name in game.landmarks else " It is not in this game."
        return [f"{name} (Dutch: {spec.dutch}): Landmark. {spec.text}{here}"]
    pn = pn or (name if name in PILES else None)
    if pn in PILES:
        members = PILES[pn].card_names
        lines = [f"{pn} (Dutch: {dutch_name(pn)}) is a pile of {join_names(members)}; type card and one of "
                 "these names to hear its text."]
        if game is not None and pn in game.piles:
            lines.append(pile_line(game, pn))
        return lines
    raise QueryError(f"{word} is not a card, Event or Landmark this game knows.")


def names_in_game(game: Game) -> list:
    """Every card, Event and Landmark name a player may ask about in this game."""
    names = []
    for pl in game.piles.values():
        for n in PILES[pl.name].card_names if pl.name in PILES else [pl.name]:
            if n not in names:
                names.append(n)
    return names + list(game.events) + list(game.landmarks)


# ------------------------------------------------------------ decisions
def option_label(game: Game, d: Decision, key: str) -> str:
    """Words for one option of a decision ("buy Silver, 3 coins", "play treasures")."""
    if d.kind == "turn":
        verb, _, arg = key.partition(":")
        if key == "treasures":
            return "play treasures"
        if key == "end":
            return "end the Action phase" if game.turn.phase == "action" else "end the turn"
        if verb == "play":
            return f"play {arg}"
        if verb == "buy":
            if arg in EVENTS:
                return f"buy {arg} (Event), {cost_of(arg)}"
            top = game.piles[arg].top.name
            return f"buy {top}, {cost_of(top)}"
        if verb == "pay":
            return f"pay {arg} Debt"
        return key
    if d.kind == "pile":
        pl = game.piles.get(key)
        if pl is None or not pl.cards:
            return d.labels.get(key, key)
        top = pl.top.name
        bits = [top if top == key else f"{top} ({key} pile)", cost_of(top)]
        tokens = _tokens_words(pile_facts(game, key))
        if tokens:
            bits.append(tokens)
        return ", ".join(b for b in bits if b)
    label = d.labels.get(key, key)
    n = d.count_of(key)
    if d.kind == "cards" and n > 1:
        return f"{label} ({n} of them)"
    return label


def how_many(d: Decision) -> str:
    """What kind of answer a non-turn decision wants, in one sentence."""
    if d.kind == "yesno":
        return "Answer yes or no, or 1 or 2."
    if d.kind == "number":
        nums = [o for o in d.options if o != "pass"]
        extra = ", or pass" if "pass" in d.options else ""
        return f"Type a number from {nums[0]} to {nums[-1]}{extra}."
    if d.kind == "mode":
        return "Choose one, by number or name."
    order = " Name them in the order you want, first one first." if d.ordered else ""
    if d.max <= 1:
        if d.min == 0:
            return "Choose one by number or name, or type none." + order
        return "Choose one by number or name." + order
    sep = "by numbers or names separated by commas"
    if d.min == d.max:
        return f"Choose {d.min}, {sep}." + order
    if d.max >= 99 or d.max >= sum(d.count_of(o) for o in d.options):
        low = "or type none" if d.min == 0 else f"at least {d.min}"
        return f"Choose any number, {sep}, {low}." + order
    if d.min == 0:
        return f"Choose up to {d.max}, {sep}, or type none." + order
    return f"Choose {d.min} to {d.max}, {sep}." + order


LONG_TURN = 10


def decision_lines(game: Game, d: Decision, full: bool = False, hand: bool = False,
                   you: bool = True) -> list:
    """The question and its numbered options.

    For turn moves a long list of buys is summed up unless ``full``; with
    ``hand`` the turn prompt also says the hand.
    """
    lines = [d.prompt]
    if d.kind == "turn":
        if hand:
            names = [c.name for c in game.player(d.player).hand]
            lines.append(f"{'Your hand' if you else 'Hand'}: {group_names(sorted_names(names))}.")
        buys = [i for i, o in enumerate(d.options) if o.startswith("buy:")]
        pays = [i for i, o in enumerate(d.options) if o.startswith("pay:")]
        short = not full and len(d.options) > LONG_TURN
        for i, o in enumerate(d.options):
            if short and i in buys:
                if i == buys[0]:
                    lines.append(f"{buys[0] + 1} to {buys[-1] + 1}: buy one of {len(buys)} cards and Events "
                                 "you can afford; type options to hear all moves."
                                 if len(buys) > 1 else f"{i + 1}. {option_label(game, d, o)}")
                continue
            if not full and len(pays) > 2 and i in pays:
                if i == pays[0]:
                    lines.append(f"{pays[0] + 1} to {pays[-1] + 1}: pay 1 to {len(pays)} Debt; "
                                 f"type pay to pay {len(pays)}.")
                continue
            lines.append(f"{i + 1}. {option_label(game, d, o)}")
        return lines
    lines.append(how_many(d))
    if d.kind != "number":
        for i, o in enumerate(d.options):
            lines.append(f"{i + 1}. {option_label(game, d, o)}")
    return lines
