"""The Dominion engine: state, turn structure and the operations cards use.

The engine is pure: it never prints or reads. It runs the game as a
generator that yields :class:`~a11y_dominion.rules.decisions.Decision`
objects; :meth:`Game.answer` checks an answer (a list of option keys) and
runs on to the next decision. Everything that changes is recorded as a
:mod:`~a11y_dominion.rules.events` event in ``Game.log``.

Rule sources: Dominion base rulebook (turn, Clean-up, end of game, ties)
and the Empires rulebook (Debt, split piles, Castles, Events, Landmarks, VP
tokens, Gathering and Duration cards).
"""
from __future__ import annotations

import random
import types as _types
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Optional

from . import events as ev
from .cards import CARDS, EVENTS, LANDMARKS, PILES, CardSpec, canonical, pile_name_for
from .cost import Cost
from .decisions import Decision, IllegalAnswer, Kind, Move, MoveKind, Msg, N_, fill
from .triggers import Ends, Lasting, Moment, When

BASIC_PILES = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]


class SetupError(ValueError):
    """Raised for a game that cannot be set up (unknown names, player count)."""


class Card:
    """One physical card. ``spec`` is its printed card; ``became`` is the card
    it is while in play when a card makes itself another card (Empires)."""

    __slots__ = ("uid", "spec", "became")

    def __init__(self, uid: int, spec: CardSpec):
        self.uid = uid
        self.spec = spec
        self.became: Optional[CardSpec] = None

    @property
    def rules(self) -> CardSpec:
        """The card's current rules: the card it became while in play, if any."""
        return self.became or self.spec

    @property
    def name(self) -> str:
        return self.rules.name

    def is_(self, typ: str) -> bool:
        return typ in self.rules.types

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"


@dataclass
class Player:
    """A seat's zones and tokens. ``deck`` and ``discard`` are top first."""

    name: str
    index: int
    hand: list = field(default_factory=list)
    deck: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    in_play: list = field(default_factory=list)
    set_aside: list = field(default_factory=list)
    debt: int = 0
    vp_tokens: int = 0
    turns_taken: int = 0
    durations: list = field(default_factory=list)

    def all_cards(self) -> list:
        """Every card the player has (for scoring)."""
        return self.hand + self.deck + self.discard + self.in_play + self.set_aside


@dataclass
class Pile:
    """A Supply pile; ``cards`` top first. ``kind``: basic, kingdom, split, castles."""

    name: str
    kind: str
    cards: list
    vp_tokens: int = 0
    debt_tokens: int = 0
    members: tuple = ()

    @property
    def top(self) -> Optional[Card]:
        return self.cards[0] if self.cards else None

    @property
    def is_layered(self) -> bool:
        return self.kind in ("split", "castles")


@dataclass
class Turn:
    """The turn in progress: phase, Actions, Buys, coins and per-turn memory.

    ``played`` lists the cards the turn player played this turn, once per
    play (a card played twice is listed twice); ``gained`` the names of the
    cards they gained. ``memory`` is room for cards, Events and Landmarks to
    remember things until the end of the turn, keyed by their English name
    (see :meth:`Game.turn_memory`).
    """

    player: int
    number: int
    phase: str = "action"
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False            # a card or Event was bought this Buy phase
    actions_played: int = 0
    played: list = field(default_factory=list)
    gained: list = field(default_factory=list)   # names gained by the turn player
    action_phase_requested: str = ""       # why a card asks to return to the Action phase ("" for none)
    action_phase_again: bool = False       # the turn returned to the Action phase
    memory: dict = field(default_factory=dict)


@dataclass
class GameConfig:
    """What a game is set up from: seat names, Kingdom pile names, Events,
    Landmarks and the seed."""

    players: list
    kingdom: list
    events: list = field(default_factory=list)
    landmarks: list = field(default_factory=list)
    seed: int = 0

    def to_dict(self) -> dict:
        return {"players": list(self.players), "kingdom": list(self.kingdom),
                "events": list(self.events), "landmarks": list(self.landmarks),
                "seed": self.seed}


def resolve_kingdom(names: Iterable[str]) -> list:
    """Pile names for Kingdom names (either half of a split pile, any Castle,
    Dutch or English). Raises :class:`SetupError` naming an unknown or
    repeated pile."""
    out = []
    for n in names:
        p = pile_name_for(n)
        if p is None or p in BASIC_PILES or PILES[p].kind == "basic":
            raise SetupError(f"{n} is not a Kingdom pile this game knows.")
        if p in out:
            raise SetupError(f"The pile {p} is named twice in the Kingdom.")
        out.append(p)
    return out


class Game:
    """A game of Dominion with Empires.

    ``Game(config)`` sets up the Supply, Landmarks and start decks (seeded);
    :meth:`start` runs to the first decision; :meth:`answer` answers the
    pending decision. ``pending`` is the current :class:`Decision` or None
    when the game is over; ``log`` is the list of events.
    """

    def __init__(self, config: GameConfig, deal: bool = True, obelisk: Optional[str] = None):
        n = len(config.players)
        if not 2 <= n <= 6:
            raise SetupError("A game needs 2 to 6 players.")
        if len(set(config.players)) != n:
            raise SetupError("Every player needs a different name.")
        self.config = config
        self.rng = random.Random(config.seed)
        self.log: list = []
        self.players = [Player(name, i) for i, name in enumerate(config.players)]
        self.by_name = {p.name: p for p in self.players}
        self.kingdom = resolve_kingdom(config.kingdom)
        self.events = []
        for e in config.events:
            c = canonical(e)
            if c not in EVENTS:
                raise SetupError(f"{e} is not an Event this game knows.")
            if c in self.events:
                raise SetupError(f"The Event {c} is named twice.")
            self.events.append(c)
        self.landmarks = {}
        for lm in config.landmarks:
            c = canonical(lm)
            if c not in LANDMARKS:
                raise SetupError(f"{lm} is not a Landmark this game knows.")
            if c in self.landmarks:
                raise SetupError(f"The Landmark {c} is named twice.")
            self.landmarks[c] = 0
        self._uid = 0
        self.trash: list = []
        self.piles: dict = {}
        self.obelisk: Optional[str] = obelisk
        self.config_obelisk = obelisk
        self.memory: dict = {}          # per-game memory of cards, Events and Landmarks, by name
        self.lasting: list = []         # Lasting effects in the order they were made
        self._plays: list = []          # per play in progress: names of players unaffected by it
        self.game_over = False
        self.ending = False            # the end condition has been met; the game ends after this turn
        self.winners: list = []
        self.turn = Turn(player=0, number=1)
        self.pending: Optional[Decision] = None
        self._flow = None
        self._resume_phase: Optional[str] = None
        self.answers: list = []
        self._build_supply()
        if deal:
            for p in self.players:
                p.deck = [self.new_card("Copper") for _ in range(7)] + \
                         [self.new_card("Estate") for _ in range(3)]
                self.rng.shuffle(p.deck)
                p.hand = p.deck[:5]
                p.deck = p.deck[5:]
        self._setup_extras()

    # ----------------------------------------------------------------- setup
    def new_card(self, name: str) -> Card:
        """A new physical card of ``name`` (English) for setup or scenarios."""
        self._uid += 1
        return Card(self._uid, CARDS[name])

    def _pile_size(self, name: str) -> int:
        n = len(self.players)
        if name == "Copper":
            return 60 - 7 * n
        if name == "Silver":
            return 40
        if name == "Gold":
            return 30
        if name == "Curse":
            return 10 * (n - 1)
        if name == "Province":
            return {5: 15, 6: 18}.get(n, 8 if n == 2 else 12)
        if CARDS[name].is_("Victory"):
            return 8 if n == 2 else 12
        return 10

    def _build_supply(self) -> None:
        n = len(self.players)
        for name in BASIC_PILES:
            cards = [self.new_card(name) for _ in range(self._pile_size(name))]
            self.piles[name] = Pile(name, "basic", cards, members=(name,))
        for name in self.kingdom:
            d = PILES[name]
            cards = []
            if d.kind == "castles":
                for cname, count in d.cards:
                    k = count if n > 2 else 1
                    cards += [self.new_card(cname) for _ in range(k)]
            elif d.kind == "split":
                for cname, count in d.cards:
                    cards += [self.new_card(cname) for _ in range(count)]
            else:
                cards = [self.new_card(d.top_name) for _ in range(self._pile_size(d.top_name))]
            self.piles[name] = Pile(name, d.kind, cards, members=tuple(d.card_names))

    def _setup_extras(self) -> None:
        n = len(self.players)
        self.emit(ev.GameSetUp(
            players=tuple(self.config.players), kingdom=tuple(self.kingdom),
            kingdom_costs=tuple((pn, self.piles[pn].top.spec.cost.coins, self.piles[pn].top.spec.cost.debt)
                                for pn in self.kingdom),
            events=tuple(self.events), landmarks=tuple(self.landmarks), seed=self.config.seed,
            event_costs=tuple((e, EVENTS[e].cost.coins, EVENTS[e].cost.debt) for e in self.events)))
        self.emit(ev.SupplySetUp(tuple((pl.name, tuple(c.name for c in pl.cards)) for pl in self.piles.values())))
        for p in self.players:
            self.emit(ev.StartingCards(p.name, tuple(c.name for c in p.hand), tuple(sorted(c.name for c in p.deck)),
                                       len(p.hand), len(p.deck), private_to=p.name))
        for name in self.landmarks:
            spec = LANDMARKS[name]
            self.landmarks[name] = spec.tokens_per_player * n
            placed = ()
            detail = ""
            if spec.setup:
                res = spec.setup(self)
                if isinstance(res, tuple):
                    placed, detail = res
            self.emit(ev.LandmarkSetUp(landmark=name, vp_tokens=self.landmarks[name],
                                       pile_tokens=tuple(placed), detail=detail))
        for name in self.events:
            spec = EVENTS[name]
            if spec.setup:
                spec.setup(self)

    def action_piles(self) -> list:
        """Kingdom piles whose cards are Actions (a split pile counts when
        its top half is an Action; the Castles never)."""
        return [p for p in self.kingdom if PILES[p].kind != "castles"
                and CARDS[PILES[p].top_name].is_("Action")]

    # --------------------------------------------------------------- helpers
    events_mod = ev

    def emit(self, e: ev.GameEvent) -> None:
        """Record an event."""
        self.log.append(e)

    def emit_note(self, p: Player, template: str, you: str = "", n: int = 0, private: Optional[str] = None) -> None:
        """Record a plain fact about ``p``: an English ``template`` with the
        fields ``{player}`` and ``{n}`` ("{player} no longer has that card in
        hand."), and ``you``, the same told to ``p`` ("You no longer ...")."""
        self.emit(ev.Note(p.name, template, private, n, you))

    @property
    def current(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.turn.player]

    def player(self, name: str) -> Player:
        return self.by_name[name]

    def others(self, p: Player) -> list:
        """The other players in turn order, starting at ``p``'s left."""
        n = len(self.players)
        return [self.players[(p.index + i) % n] for i in range(1, n)]

    def left_of(self, p: Player) -> Player:
        """The player to ``p``'s left (next in turn order)."""
        return self.players[(p.index + 1) % len(self.players)]

    def pile_of(self, card) -> Optional[Pile]:
        """The Supply pile a card (or card name) belongs to, if in the game."""
        name = card if isinstance(card, str) else card.name
        spec = CARDS.get(name)
        if spec is None:
            return None
        pn = spec.pile or name
        return self.piles.get(pn)

    def pile_name_of(self, card, default: Optional[str] = None) -> Optional[str]:
        """The name of the Supply pile ``card`` belongs to (its current name:
        a card in play as another card belongs to that card's pile), or ``default``."""
        pl = self.pile_of(card)
        return pl.name if pl is not None else default

    def empty_piles(self) -> list:
        """Names of the Supply piles with no cards left (a split pile or the
        Castles only when every card is gone: Empires rulebook)."""
        return [p.name for p in self.piles.values() if not p.cards]

    @staticmethod
    def run(res):
        """``yield from game.run(fn(...))`` runs a hook that may or may not be a generator."""
        if isinstance(res, _types.GeneratorType):
            return (yield from res)
        return res

    # -------------------------------------------------------------- triggers
    def turn_memory(self, name: str) -> dict:
        """The per-turn memory of the card, Event or Landmark ``name`` (a
        dict, empty at the start of each turn)."""
        return self.turn.memory.setdefault(name, {})

    def game_memory(self, name: str) -> dict:
        """The per-game memory of the card, Event or Landmark ``name`` (a dict)."""
        return self.memory.setdefault(name, {})

    def add_lasting(self, effect: Lasting) -> None:
        """Register a lasting effect; it is removed when its ``ends`` comes
        (or earlier by :meth:`end_lasting`)."""
        self.lasting.append(effect)

    def end_lasting(self, effect: Lasting) -> None:
        """Remove a lasting effect now (one that has done its work)."""
        if effect in self.lasting:
            self.lasting.remove(effect)

    def trigger(self, moment: Moment, p: Player, card: Optional[Card] = None,
                own: Optional[CardSpec] = None):
        """Generator: run every ability of ``moment`` for player ``p``.

        ``card`` is the card the moment is about (gained, bought, trashed,
        played, discarded from play); ``own`` the rules it had when they
        differ from its printed ones (a card that became another, leaving play). Order
        (scenario contract, "Simultaneous when abilities"): ``card``'s own
        ability, then ``p``'s cards in play in the order played, then lasting
        effects of ``p`` in the order made, then Landmarks, then Events, in
        the order of the setup.
        """
        if card is not None:
            fn = (own or card.spec).triggers.get(moment)
            if fn is not None:
                yield from self.run(fn(self, p, When(moment, card, card)))
        for holder in list(p.in_play):
            fn = holder.rules.while_in_play.get(moment)
            if fn is not None:
                yield from self.run(fn(self, p, When(moment, card, holder)))
        for effect in list(self.lasting):
            fn = effect.triggers.get(moment)
            if fn is not None and effect.owner == p.name and effect in self.lasting:
                yield from self.run(fn(self, p, When(moment, card, lasting=effect)))
        for spec in [LANDMARKS[lm] for lm in self.landmarks] + [EVENTS[e] for e in self.events]:
            fn = spec.triggers.get(moment)
            if fn is not None:
                yield from self.run(fn(self, p, When(moment, card)))

    def react(self, moment: Moment, p: Player, card: Card):
        """Generator: the other players' Reactions to ``p``'s ``card`` at
        ``moment``, in turn order from ``p``'s left; each reacting card name
        in a hand is asked once (base rulebook, Reactions)."""
        for v in self.others(p):
            asked = set()
            for c in list(v.hand):
                fn = c.rules.reactions.get(moment)
                if fn is None or c.name in asked or c not in v.hand:
                    continue
                asked.add(c.name)
                yield from self.run(fn(self, v, When(moment, card, c, p)))

    def unaffected(self, v: Player) -> None:
        """``v`` is unaffected by the Attack being played now (a Reaction
        such as the one that reveals itself from the hand)."""
        if self._plays:
            self._plays[-1].add(v.name)

    # ------------------------------------------------------------- decisions
    def ask(self, d: Decision):
        """Yield ``d`` unless every legal answer amounts to the same; returns the answer keys."""
        auto = d.distinct_results()
        if auto is not None:
            return auto
        ans = yield d
        return ans

    @staticmethod
    def _prompt(p: Player, template: str, args: Optional[dict]) -> tuple:
        a = {"player": p.name}
        a.update(args or {})
        return fill(template, a), a

    def decision(self, p: Player, kind: str, purpose: str, prompt: str, options: list, lo: int = 1,
                 hi: int = 1, args: Optional[dict] = None, **kw) -> Decision:
        """A :class:`Decision` for ``p`` whose prompt template is filled in."""
        text, a = self._prompt(p, prompt, args)
        return Decision(p.name, kind, purpose, text, options, lo, hi, template=prompt, args=a, **kw)

    def choose_cards(self, p: Player, cards: list, prompt: str, purpose: str,
                     lo: int, hi: int, source: str = "", distinct: bool = False, ordered=False, args=None):
        """Ask ``p`` to choose between ``lo`` and ``hi`` of ``cards``; returns Card objects.

        ``prompt`` is an English template whose fields (``{player}`` and
        any in ``args``) are filled in; it is kept for translation."""
        counts = Counter(c.name for c in cards)
        hi = min(hi, len(cards))
        lo = min(lo, hi)
        if hi == 0:
            return []
        text, a = self._prompt(p, prompt, args)
        d = Decision(p.name, "cards", purpose, text, list(counts), lo, hi,
                     counts=dict(counts), source=source, distinct=distinct, ordered=ordered, template=prompt, args=a)
        keys = yield from self.ask(d)
        out, pool = [], list(cards)
        for k in keys:
            for c in pool:
                if c.name == k:
                    out.append(c)
                    pool.remove(c)
                    break
        return out

    def choose_pile(self, p: Player, prompt: str, pred, purpose: str = "gain",
                    source: str = "", optional: bool = False, args=None):
        """Ask ``p`` for a Supply pile whose top card satisfies ``pred(card)``;
        returns the pile name, or None when nothing qualifies or they decline."""
        opts = [pl.name for pl in self.piles.values() if pl.cards and pred(pl.top)]
        if not opts:
            return None
        labels = {o: self.piles[o].top.name for o in opts}
        text, a = self._prompt(p, prompt, args)
        d = Decision(p.name, "pile", purpose, text, opts, 0 if optional else 1, 1,
                     source=source, labels=labels, template=prompt, args=a)
        keys = yield from self.ask(d)
        return keys[0] if keys else None

    def yes_no(self, p: Player, prompt: str, source: str = "", purpose: str = "yesno", args=None):
        """Ask a yes/no question; returns bool."""
        text, a = self._prompt(p, prompt, args)
        keys = yield Decision(p.name, "yesno", purpose, text, ["yes", "no"], source=source, template=prompt, args=a)
        return keys[0] == "yes"

    def choose_mode(self, p: Player, prompt: str, modes: list, source: str = "", args=None):
        """Ask for one of ``modes`` [(key, label)]; returns the key."""
        text, a = self._prompt(p, prompt, args)
        d = Decision(p.name, "mode", "mode", text, [k for k, _ in modes], source=source,
                     labels=dict(modes), template=prompt, args=a)
        keys = yield d
        return keys[0]

    def choose_number(self, p: Player, prompt: str, lo: int, hi: int, purpose: str,
                      source: str = "", allow_pass: bool = False, args=None):
        """Ask for a whole number from ``lo`` to ``hi`` (or ``pass`` → None)."""
        opts = (["pass"] if allow_pass else []) + [str(i) for i in range(lo, hi + 1)]
        text, a = self._prompt(p, prompt, args)
        keys = yield Decision(p.name, "number", purpose, text, opts, source=source, template=prompt, args=a)
        return None if keys[0] == "pass" else int(keys[0])

    # ------------------------------------------------------------ resources
    def add(self, p: Player, actions: int = 0, buys: int = 0, coins: int = 0, source: str = "") -> None:
        """Give the turn player +Actions, +Buys and +coins (whole numbers).

        Does nothing for a player whose turn it is not (a card's "+" bonuses
        only count on your own turn)."""
        if self.current is not p or not (actions or buys or coins):
            return
        t = self.turn
        t.actions += actions
        t.buys += buys
        t.coins += coins
        self.emit(ev.ResourcesChanged(p.name, t.actions, t.buys, t.coins, actions, buys, coins, source))

    def take_debt(self, p: Player, amount: int, source: str = "") -> None:
        """``p`` takes ``amount`` Debt (Empires rulebook, Debt)."""
        if amount <= 0:
            return
        p.debt += amount
        self.emit(ev.DebtChanged(p.name, amount, p.debt, source))

    def pay_debt(self, p: Player, amount: int, source: str = "") -> None:
        """``p`` pays ``amount`` Debt with the same number of coins (Empires
        rulebook, Debt: 1 coin per Debt, in the Buy phase). The amount is cut to
        the Debt and coins ``p`` has; nothing happens off-turn."""
        amount = min(amount, p.debt, self.turn.coins if self.current is p else 0)
        if amount <= 0:
            return
        p.debt -= amount
        self.turn.coins -= amount
        self.emit(ev.DebtChanged(p.name, -amount, p.debt, source, coins_left=self.turn.coins))

    def vp_from_supply(self, p: Player, amount: int, reason: str = "") -> None:
        """``p`` takes ``amount`` VP tokens from the unlimited supply of tokens."""
        if amount <= 0:
            return
        p.vp_tokens += amount
        self.emit(ev.VPTokensMoved(amount, "supply", "supply", "player", p.name, -1, p.vp_tokens, reason))

    def vp_from_landmark(self, p: Player, landmark: str, amount: Optional[int] = None) -> int:
        """``p`` takes ``amount`` (None: all) VP from a Landmark's pool; returns how many."""
        have = self.landmarks.get(landmark, 0)
        n = have if amount is None else min(amount, have)
        if n <= 0:
            return 0
        self.landmarks[landmark] = have - n
        p.vp_tokens += n
        self.emit(ev.VPTokensMoved(n, "landmark", landmark, "player", p.name, have - n, p.vp_tokens, landmark))
        return n

    def vp_from_pile(self, p: Player, pile: str, reason: str = "") -> int:
        """``p`` takes all VP tokens on a Supply pile; returns how many."""
        pl = self.piles.get(pile)
        if pl is None or pl.vp_tokens <= 0:
            return 0
        n = pl.vp_tokens
        pl.vp_tokens = 0
        p.vp_tokens += n
        self.emit(ev.VPTokensMoved(n, "pile", pile, "player", p.name, 0, p.vp_tokens, reason))
        return n

    def vp_to_pile(self, pile: str, amount: int, reason: str = "") -> None:
        """Add ``amount`` VP tokens from the supply to a pile (Gathering cards)."""
        pl = self.piles.get(pile)
        if pl is None or amount <= 0:
            return
        pl.vp_tokens += amount
        self.emit(ev.VPTokensMoved(amount, "supply", "supply", "pile", pile, -1, pl.vp_tokens, reason))

    def vp_pile_to_landmark(self, pile: str, landmark: str, amount: int = 1) -> None:
        """Move up to ``amount`` VP from a pile to a Landmark (Empires, VP tokens)."""
        pl = self.piles.get(pile)
        if pl is None or pl.vp_tokens <= 0 or landmark not in self.landmarks:
            return
        n = min(amount, pl.vp_tokens)
        pl.vp_tokens -= n
        self.landmarks[landmark] += n
        self.emit(ev.VPTokensMoved(n, "pile", pile, "landmark", landmark, pl.vp_tokens,
                                   self.landmarks[landmark], landmark))

    def add_pile_debt(self, pile: str, amount: int, player: str = "") -> None:
        """Put ``amount`` Debt tokens on a Supply pile (Empires rulebook, Debt
        tokens on piles); ``player`` is who put them there, if anyone."""
        pl = self.piles[pile]
        pl.debt_tokens += amount
        self.emit(ev.PileDebtChanged(pile, amount, pl.debt_tokens, player))

    # -------------------------------------------------------------- movement
    def _shuffle(self, p: Player) -> None:
        moved = len(p.discard)
        self.rng.shuffle(p.discard)
        p.deck = p.deck + p.discard
        p.discard = []
        self.emit(ev.DeckShuffled(p.name, len(p.deck), moved))

    def shuffle_deck(self, p: Player) -> None:
        """Shuffle ``p``'s deck as it is (no cards come from the discard pile)."""
        self.rng.shuffle(p.deck)
        self.emit(ev.DeckShuffled(p.name, len(p.deck)))

    def _take_top(self, p: Player) -> Optional[Card]:
        """Take the top card of ``p``'s deck, shuffling the discard pile in
        when the deck is empty; None when both are empty. The caller puts
        the card somewhere and records it."""
        if not p.deck and p.discard:
            self._shuffle(p)
        if not p.deck:
            return None
        return p.deck.pop(0)

    def peek(self, p: Player) -> Optional[Card]:
        """The top card of ``p``'s deck, left there (the discard pile is
        shuffled in first when the deck is empty); None when both are empty."""
        if not p.deck and p.discard:
            self._shuffle(p)
        return p.deck[0] if p.deck else None

    def draw(self, p: Player, n: int, source: str = "") -> list:
        """``p`` draws ``n`` cards into hand; returns the cards drawn."""
        drawn = []
        for _ in range(n):
            c = self._take_top(p)
            if c is None:
                break
            p.hand.append(c)
            drawn.append(c)
        if drawn or n:
            self.emit(ev.CardsDrawn(p.name, tuple(c.name for c in drawn), len(drawn), private_to=p.name))
        return drawn

    def set_aside_from_deck(self, p: Player, n: int, public: bool = True, look: bool = False) -> list:
        """Set aside the top ``n`` cards of ``p``'s deck (fewer if deck and
        discard pile run out); returns them, top first. ``public``: face up
        (revealed) rather than face down; ``look``: taken to be looked at."""
        taken = []
        for _ in range(n):
            c = self._take_top(p)
            if c is None:
                break
            p.set_aside.append(c)
            taken.append(c)
        if taken:
            self.emit(ev.CardsSetAside(p.name, tuple(c.name for c in taken), len(taken), "deck",
                                       private_to=None if public else p.name, look=look))
        return taken

    def reveal(self, p: Player, cards: list, source: str = "hand") -> None:
        """Record that ``p`` revealed ``cards`` from ``source`` (hand, deck, discard)."""
        if cards:
            self.emit(ev.CardsRevealed(p.name, tuple(c.name for c in cards), source))

    def _place(self, p: Player, card: Card, dst: str, top: bool = True) -> None:
        dest = getattr(p, dst)
        if dst in ("deck", "discard") and top:
            dest.insert(0, card)
        else:
            dest.append(card)

    def _take(self, p: Player, card: Card, src: str) -> None:
        getattr(p, src).remove(card)
        if src == "in_play":
            card.became = None

    def discard_cards(self, p: Player, cards: list, zone: str = "hand", public: bool = True) -> None:
        """Move ``cards`` from ``p``'s ``zone`` to the top of the discard pile,
        one by one in the order given (the last is on top)."""
        for c in cards:
            self._take(p, c, zone)
            p.discard.insert(0, c)
        if cards:
            self.emit(ev.CardsDiscarded(p.name, tuple(c.name for c in cards), zone,
                                        private_to=None if public else p.name))

    def move(self, p: Player, card: Card, src: str, dst: str, public: bool = True, top: bool = True) -> None:
        """Move one card between ``p``'s zones (hand, deck, discard, in_play,
        set_aside); onto the deck or discard pile unless ``top`` is False."""
        self._take(p, card, src)
        self._place(p, card, dst, top)
        self.emit(ev.CardMoved(p.name, card.name, src, dst, private_to=None if public else p.name, top=top))

    def move_cards(self, p: Player, cards: list, src: str, dst: str, public: bool = True, top: bool = True) -> None:
        """Move several cards between ``p``'s zones, one by one in the order
        given (onto a deck or discard pile: the last is on top; with ``top``
        False they go under it in that order)."""
        for c in cards:
            self._take(p, c, src)
            self._place(p, c, dst, top)
        if cards:
            self.emit(ev.CardsMoved(p.name, tuple(c.name for c in cards), len(cards), src, dst,
                                    private_to=None if public else p.name, top=top))

    def _pile_changed(self, pl: Pile, previous: str = "") -> None:
        """Events after a card left ``pl``: the new top of a split pile or
        the Castles (Accessibility Notes), and the pile becoming empty."""
        if pl.is_layered:
            self.emit(ev.PileTopChanged(pl.name, pl.top.name if pl.cards else None, len(pl.cards), previous))
        if not pl.cards:
            self.emit(ev.PileEmptied(pl.name, len(self.empty_piles())))
        self._check_ending(pl)

    def _check_ending(self, pl: Pile) -> None:
        """After the size of ``pl`` changed: announce that the game ends
        after this turn when the end condition has just been met, or that it
        no longer does when it stopped holding (a card returned to a pile)."""
        met = self.end_condition()
        if met and not self.ending:
            self.ending = True
            self.emit(ev.GameEndsAfterTurn(self.current.name))
        elif self.ending and not met:
            self.ending = False
            self.emit(ev.GameEndCancelled(self.current.name, pl.name))

    def return_to_pile(self, p: Player, card: Card, zone: str) -> None:
        """Return a card from ``p``'s ``zone`` to the top of its own Supply
        pile (a card with no pile in the game is trashed instead)."""
        self._take(p, card, zone)
        card.became = None
        pl = self.pile_of(card.spec.name)
        if pl is None:
            self.trash.append(card)
            self.emit(ev.CardTrashed(p.name, card.name, zone))
            return
        previous = pl.top.name if pl.cards else ""
        pl.cards.insert(0, card)
        self.emit(ev.CardReturned(p.name, card.name, pl.name, zone))
        if pl.is_layered:
            self.emit(ev.PileTopChanged(pl.name, pl.top.name, len(pl.cards), previous))
        self._check_ending(pl)

    # ------------------------------------------------------------- gaining
    def gain(self, p: Player, pile: Optional[str], dest: str = "discard", bought: bool = False):
        """``p`` gains the top card of ``pile`` to ``dest`` (discard, hand,
        deck) and the "when you gain" abilities run (see :meth:`trigger`).
        Returns the Card or None."""
        pl = self.piles.get(pile) if pile else None
        if pl is None or not pl.cards:
            return None
        c = pl.cards.pop(0)
        self._place_gained(p, c, dest)
        self.emit(ev.CardGained(p.name, c.name, pl.name, dest, bought))
        self._pile_changed(pl, c.name)
        yield from self.trigger(Moment.GAIN, p, c)
        return c

    def gain_from_trash(self, p: Player, card: Card, dest: str = "discard"):
        """``p`` gains ``card`` from the trash; the "when you gain"
        abilities run as for any gain. Returns the Card."""
        self.trash.remove(card)
        self._place_gained(p, card, dest)
        self.emit(ev.CardGained(p.name, card.name, "trash", dest))
        yield from self.trigger(Moment.GAIN, p, card)
        return card

    def _place_gained(self, p: Player, c: Card, dest: str) -> None:
        if dest == "deck":
            p.deck.insert(0, c)
        elif dest == "hand":
            p.hand.append(c)
        else:
            p.discard.insert(0, c)
        if self.current is p:
            self.turn.gained.append(c.name)

    def gain_named(self, p: Player, name: str, dest: str = "discard"):
        """Gain a card by name, only if it is the top card of its pile."""
        pl = self.pile_of(name)
        if pl is None or not pl.cards or pl.top.name != name:
            return None
        return (yield from self.gain(p, pl.name, dest))

    def trash_card(self, p: Player, card: Card, zone: str):
        """``p`` trashes ``card`` from ``zone`` (a zone of ``p``, or "supply");
        then the "when you trash" abilities run (see :meth:`trigger`)."""
        pl = None
        if zone == "supply":
            pl = self.pile_of(card.spec.name)
            pl.cards.remove(card)
        else:
            self._take(p, card, zone)
        self.trash.append(card)
        self.emit(ev.CardTrashed(p.name, card.name, zone, pl.name if pl is not None else ""))
        if pl is not None:
            self._pile_changed(pl, card.name)
        yield from self.trigger(Moment.TRASH, p, card)

    # -------------------------------------------------------------- playing
    def play_card(self, p: Player, card: Card, again: bool = False, source: str = "hand"):
        """Play ``card``: move it from ``source`` (hand, or discard for a
        card played from the discard pile) into play, unless ``again`` (a
        second play of a card already in play); the other players may react
        to an Attack; then follow its instructions, unless a lasting effect
        replaces them; then the "when you play a card" abilities run."""
        zone = getattr(p, source)
        if not again and card in zone:
            zone.remove(card)
            p.in_play.append(card)
        instead = None
        if card.is_("Action"):
            for effect in list(self.lasting):
                if effect.replaces_play is not None and instead is None:
                    instead = effect.replaces_play(self, p, card)
            if self.current is p:
                self.turn.actions_played += 1
        if self.current is p:
            self.turn.played.append(card)
        self.emit(ev.CardPlayed(p.name, card.spec.name, card.name if card.became else "",
                                again, instead is not None, "in_play" if again else source))
        self._plays.append(set())
        if card.is_("Attack"):
            yield from self.react(Moment.ATTACK, p, card)
        if instead is not None:
            instead()
        else:
            yield from self.follow(p, card)
        self._plays.pop()
        yield from self.trigger(Moment.PLAY, p, card)

    def return_to_action_phase(self, p: Player, reason: str) -> None:
        """Ask to return ``p``'s turn to the Action phase after the current
        Buy-phase move (nothing happens off ``p``'s turn or outside the Buy
        phase); ``reason`` (a non-empty word) goes into the
        :class:`~.events.PhaseChanged` event. A Treasure played then starts
        a new Buy phase."""
        if self.current is p and self.turn.phase == "buy":
            self.turn.action_phase_requested = reason

    def count_in_play_as_played(self) -> None:
        """Count the turn player's cards in play as played this turn (once
        each), for a game started from a position (scenario contract: "A
        position has no history" except the cards in play)."""
        t = self.turn
        for c in self.current.in_play:
            if c not in t.played:
                t.played.append(c)

    def play_twice(self, p: Player, player_card: Card, target: Card):
        """Play ``target`` from hand twice (a card that plays another card
        twice). If it leaves Duration work behind, ``player_card`` stays in
        play with it (Empires rulebook, Durations)."""
        before = list(p.durations)
        yield from self.play_card(p, target)
        yield from self.play_card(p, target, again=True)
        for eff in p.durations:
            if eff not in before and target in eff.holders and player_card not in eff.holders:
                eff.holders.append(player_card)

    def follow(self, p: Player, card: Card):
        """Follow a card's instructions: plain bonuses, then its own text."""
        r = card.rules
        if r.cards:
            self.draw(p, r.cards)
        self.add(p, actions=r.actions, buys=r.buys, coins=r.coins, source=r.name)
        if r.vp_tokens:
            self.vp_from_supply(p, r.vp_tokens, r.name)
        if r.play:
            yield from self.run(r.play(self, p, card))

    def attack(self, p: Player, card_name: str) -> list:
        """The players the Attack ``card_name`` being played by ``p`` affects:
        the other players in turn order from ``p``'s left, less those a
        Reaction made unaffected when it was played (base rulebook,
        Attacks). Records them in an :class:`~.events.Attacked` event."""
        safe = self._plays[-1] if self._plays else set()
        victims = [v for v in self.others(p) if v.name not in safe]
        self.emit(ev.Attacked(p.name, card_name, tuple(v.name for v in victims)))
        return victims

    def discard_down_to(self, v: Player, n: int, source: str):
        """``v`` discards down to ``n`` cards in hand (their choice)."""
        k = len(v.hand) - n
        if k <= 0:
            return
        chosen = yield from self.choose_cards(
            v, v.hand, N_("{player}, {source}: discard {count} cards, down to {left} in hand.") if k > 1 else
            N_("{player}, {source}: discard 1 card, down to {left} in hand."),
            "discard", k, k, source, args={"source": source, "count": k, "left": n})
        self.discard_cards(v, chosen)

    # ------------------------------------------------------------- buying
    def can_buy_reason(self, p: Player, cost: Cost, name: str) -> Optional[str]:
        """Why ``p`` may not buy ``name`` (a card or Event costing ``cost``) now,
        as a :class:`Msg`, or None if they may: a Buy is needed, no Debt may be
        held (Empires rulebook, Debt) and the coins must cover the coin part."""
        t = self.turn
        if t.buys < 1:
            return Msg("You have no Buys left.")
        if p.debt > 0:
            if t.coins:
                return Msg("You have {debt} Debt; pay it off before you buy anything (type pay).", debt=p.debt)
            return Msg("You have {debt} Debt and no coins to pay it with; you cannot buy anything this turn.",
                       debt=p.debt)
        if cost.coins > t.coins:
            return Msg(N_("{card} costs {cost}; you have {coins} coins.") if t.coins != 1 else
                       N_("{card} costs {cost}; you have 1 coin."), card=name, cost=cost, coins=t.coins)
        return None

    def buy_card(self, p: Player, pile: str):
        """Buy the top card of ``pile``: pay coins, take the Debt in its cost
        and the Debt tokens on its pile (Empires rulebook, Debt), run the
        "when you buy" abilities (see :meth:`trigger`), then gain it."""
        pl = self.piles[pile]
        top = pl.top
        cost = top.spec.cost
        t = self.turn
        t.buys -= 1
        t.coins -= cost.coins
        t.bought = True
        self.emit(ev.CardBought(p.name, top.name, cost.coins, t.coins, pl.name, len(pl.cards) - 1))
        self.take_debt(p, cost.debt, top.name)
        if pl.debt_tokens:
            n = pl.debt_tokens
            pl.debt_tokens = 0
            self.emit(ev.PileDebtChanged(pl.name, -n, 0, p.name))
            self.take_debt(p, n, Msg("the {pile} pile", pile=pl.name))
        yield from self.trigger(Moment.BUY, p, top)
        yield from self.gain(p, pile, bought=True)

    def buy_event(self, p: Player, name: str):
        """Buy an Event: uses a Buy, pays its coins, takes its Debt, then its effect."""
        spec = EVENTS[name]
        t = self.turn
        t.buys -= 1
        t.coins -= spec.cost.coins
        t.bought = True
        self.emit(ev.EventBought(p.name, name, spec.cost.coins, t.coins))
        self.take_debt(p, spec.cost.debt, name)
        yield from self.run(spec.effect(self, p))

    # ------------------------------------------------------------ the turn
    def resume_in(self, phase: str) -> None:
        """Start play inside the current turn's ``phase`` (action or buy)
        instead of at a new turn; used for scenario positions."""
        self._resume_phase = phase

    def start(self) -> Optional[Decision]:
        """Run the game to its first decision; returns it. Cards already in
        the turn player's play area (a position) count as played this turn."""
        if self._flow is None:
            self.count_in_play_as_played()
            self._flow = self._main()
            self._advance(None)
        return self.pending

    def _advance(self, value) -> None:
        try:
            self.pending = self._flow.send(value)
        except StopIteration:
            self.pending = None

    def answer(self, keys: list) -> Optional[Decision]:
        """Answer the pending decision with a list of option keys: strings, or
        for a turn one :class:`Move` (its JSON or short text form is read too).

        Raises :class:`IllegalAnswer` (game unchanged) for a refused answer.
        Returns the next pending decision, or None when the game is over.
        """
        d = self.pending
        if d is None:
            raise IllegalAnswer(Msg("The game is over; nothing is waiting for an answer."))
        if isinstance(keys, (str, Move, dict)):
            keys = [keys]
        err = self.explain_move(keys) if d.kind is Kind.TURN else d.check(keys)
        if err:
            raise IllegalAnswer(err)
        keys = d.normalize(keys)
        self.answers.append(keys)
        self._advance(keys)
        return self.pending

    def _main(self):
        first = True
        while True:
            p = self.current
            yield from self._take_turn(p, resume=self._resume_phase if first else None)
            first = False
            yield from self._after_turn(p)
            if self.end_condition():
                self._finish()
                return
            self.turn = Turn(player=(p.index + 1) % len(self.players), number=self.turn.number + 1)

    def _take_turn(self, p: Player, resume: Optional[str] = None):
        t = self.turn
        if resume is None:
            self.emit(ev.TurnStarted(p.name, p.turns_taken + 1, t.number))
            yield from self._start_of_turn(p)
            self.emit(ev.PhaseChanged(p.name, "action"))
            phase = "action"
        else:
            phase = resume
        carry = None
        while True:
            if phase == "action":
                t.phase = "action"
                carry = yield from self._action_phase(p)
                t.phase = "buy"
                t.bought = False
                self.emit(ev.PhaseChanged(p.name, "buy", "again" if t.action_phase_again else ""))
                yield from self._start_of_buy(p)
            else:
                t.phase = "buy"
            result = yield from self._buy_phase(p, carry)
            carry = None
            if result == "action":
                reason, t.action_phase_requested = t.action_phase_requested, ""
                t.action_phase_again = True
                phase = "action"
                t.phase = "action"
                self.emit(ev.PhaseChanged(p.name, "action", reason))
                continue
            break
        yield from self._cleanup(p)

    def _start_of_turn(self, p: Player):
        self.lasting = [x for x in self.lasting if not (x.ends is Ends.OWNERS_NEXT_TURN and x.owner == p.name)]
        effects, p.durations = p.durations, []
        for eff in effects:
            self.emit(ev.DurationStarted(p.name, eff.name))
            keep = yield from self.run(eff.fn(self, p))
            if keep:
                p.durations.append(eff)
            self.emit(ev.DurationResolved(p.name, eff.name, sum(1 for c in p.set_aside)))
        yield from self.trigger(Moment.START_OF_TURN, p)

    def _start_of_buy(self, p: Player):
        yield from self.trigger(Moment.START_OF_BUY, p)

    def turn_options(self, p: Player) -> list:
        """The legal turn moves of ``p`` as :class:`Move` values: plays, ``treasures``,
        buys of piles and Events, payments of 1 Debt up to what the coins allow, ``end``."""
        t = self.turn
        opts = []
        seen = set()
        for c in p.hand:
            if c.name in seen:
                continue
            if self._playable(p, c):
                opts.append(Move.play(c.name))
                seen.add(c.name)
        # a purchase stops Treasures for the rest of that Buy phase; after a return
        # to the Action phase, a Treasure starts a new Buy phase where they may be played
        treasures_ok = not t.bought or t.phase == "action"
        if treasures_ok and any(self._auto_treasure(c) for c in p.hand):
            opts.append(Move(MoveKind.TREASURES))
        if t.buys > 0 and p.debt == 0:
            for pl in self.piles.values():
                if pl.cards and pl.top.spec.cost.coins <= t.coins:
                    opts.append(Move.buy(pl.name))
            for e in self.events:
                if EVENTS[e].cost.coins <= t.coins:
                    opts.append(Move.buy(e))
        for n in range(1, min(p.debt, t.coins) + 1):
            opts.append(Move.pay(n))
        opts.append(Move(MoveKind.END))
        return opts

    def _playable(self, p: Player, c: Card) -> bool:
        t = self.turn
        if c.is_("Treasure") and (not t.bought or t.phase == "action"):
            return True
        return c.is_("Action") and t.phase == "action" and t.actions > 0

    @staticmethod
    def _auto_treasure(c: Card) -> bool:
        return c.is_("Treasure") and not c.spec.asks_when_played and not c.is_("Action")

    def explain_move(self, keys: list) -> Optional[str]:
        """Why the turn answer ``keys`` (one :class:`Move`, or its JSON or text
        form) is refused, as a :class:`Msg`, or None when it is legal."""
        if len(keys) != 1:
            return Msg("Make one move at a time.")
        try:
            move = Move.from_dict(keys[0])
        except ValueError:
            return Msg("{move} is not a move. Moves: play a card, play treasures, buy, pay, end.",
                       move=str(keys[0]))
        p = self.current
        t = self.turn
        if move in self.turn_options(p):
            return None
        verb, arg = move.kind, move.name
        no_more = Msg("You bought something this turn, so you cannot play more Treasures.")
        if verb is MoveKind.PLAY:
            card = next((c for c in p.hand if c.name == arg), None)
            if card is None:
                return Msg("You have no {card} in your hand.", card=arg)
            if card.is_("Treasure") and t.bought:
                return no_more
            if card.is_("Action") and not card.is_("Treasure"):
                if t.phase != "action":
                    return Msg("{card} is an Action card; Action cards are played in the Action phase.", card=arg)
                if t.actions < 1:
                    return Msg("You have no Actions left to play {card}.", card=arg)
            if not card.is_("Action") and not card.is_("Treasure"):
                return Msg("{card} is not a card you can play.", card=arg)
            return Msg("You cannot play {card} now.", card=arg)
        if verb is MoveKind.TREASURES:
            if t.bought:
                return no_more
            return Msg("You have no Treasures to play that need no choice.")
        if verb is MoveKind.BUY:
            if arg in EVENTS:
                if arg not in self.events:
                    return Msg("{card} is not an Event in this game.", card=arg)
                return self.can_buy_reason(p, EVENTS[arg].cost, arg) or Msg("You cannot buy {card} now.", card=arg)
            pl = self.piles.get(arg)
            if pl is None:
                return Msg("{card} is not in the Supply.", card=arg)
            if not pl.cards:
                return Msg("The {pile} pile is empty.", pile=arg)
            return (self.can_buy_reason(p, pl.top.spec.cost, pl.top.name)
                    or Msg("You cannot buy {card} now.", card=pl.top.name))
        if verb is MoveKind.PAY:
            if p.debt == 0:
                return Msg("You have no Debt to pay.")
            if t.coins == 0:
                return Msg("You have no coins to pay Debt with.")
            n = move.amount
            most = min(p.debt, t.coins)
            if most == 1:
                return Msg("You can pay only 1 Debt now; {asked} is not possible.", asked=n)
            return Msg("You can pay from 1 to {most} Debt now; {asked} is not possible.", most=most, asked=n)
        return Msg("{move} is not a move. Moves: play a card, play treasures, buy, pay, end.", move=move.key)

    def _turn_decision(self, p: Player) -> Decision:
        t = self.turn
        phase = "Action phase" if t.phase == "action" else "Buy phase"
        prompt = (f"{p.name}, {phase}: {t.actions} Action{'s' if t.actions != 1 else ''}, "
                  f"{t.buys} Buy{'s' if t.buys != 1 else ''}, {t.coins} coin{'s' if t.coins != 1 else ''}"
                  + (f", {p.debt} Debt" if p.debt else "") + ".")
        return Decision(p.name, Kind.TURN, "move", prompt, self.turn_options(p), source=phase)

    def _action_phase(self, p: Player):
        """Run moves until the Action phase ends; returns a move that ends it
        and belongs to the Buy phase (a Treasure, a buy, a payment) or None."""
        while True:
            keys = yield self._turn_decision(p)
            move = keys[0]
            if move.kind is MoveKind.END:
                return None
            if move.kind is not MoveKind.PLAY:
                return move
            card = next(c for c in p.hand if c.name == move.name)
            if card.is_("Action") and self.turn.actions > 0:
                self.turn.actions -= 1
                self.emit(ev.ResourcesChanged(p.name, self.turn.actions, self.turn.buys, self.turn.coins,
                                              -1, 0, 0, "play"))
                yield from self.play_card(p, card)
            else:
                return move

    def _buy_phase(self, p: Player, carry: Optional[Move]):
        """Run Buy-phase moves; returns "cleanup", or "action" when a card
        returned the turn to the Action phase."""
        t = self.turn
        while True:
            if carry is not None:
                move, carry = carry, None
            else:
                keys = yield self._turn_decision(p)
                move = keys[0]
            verb, arg = move.kind, move.name
            if verb is MoveKind.END:
                return "cleanup"
            if verb is MoveKind.TREASURES:
                for c in sorted([c for c in p.hand if self._auto_treasure(c)],
                                key=lambda c: c.spec.played_last):
                    if c in p.hand:
                        yield from self.play_card(p, c)
            elif verb is MoveKind.PLAY:
                card = next((c for c in p.hand if c.name == arg), None)
                if card is None:
                    # the card left the hand at the start of the Buy phase (a Landmark discarded it)
                    self.emit_note(p, N_("{player} no longer has that card in hand, so it is not played."),
                                   N_("You no longer have that card in hand, so it is not played."))
                    continue
                yield from self.play_card(p, card)
            elif verb is MoveKind.PAY:
                self.pay_debt(p, move.amount)
            elif verb is MoveKind.BUY:
                if arg in EVENTS:
                    yield from self.buy_event(p, arg)
                else:
                    yield from self.buy_card(p, arg)
            if t.action_phase_requested:
                return "action"

    def _cleanup(self, p: Player):
        t = self.turn
        t.phase = "cleanup"
        self.emit(ev.PhaseChanged(p.name, "cleanup"))
        yield from self.trigger(Moment.START_OF_CLEANUP, p)
        held = {id(c) for eff in p.durations for c in eff.holders}
        leaving = [c for c in p.in_play if id(c) not in held]
        hooks = [(c, c.rules) for c in leaving if Moment.DISCARD_FROM_PLAY in c.rules.triggers]
        self.discard_cards(p, leaving, "in_play")
        self.discard_cards(p, list(p.hand), "hand", public=False)
        for c, rules in hooks:
            yield from self.trigger(Moment.DISCARD_FROM_PLAY, p, c, own=rules)
        self.draw(p, 5)
        p.turns_taken += 1
        yield from self.trigger(Moment.END_OF_TURN, p)

    def _after_turn(self, p: Player):
        yield from self.trigger(Moment.AFTER_TURN, p)
        self.lasting = [x for x in self.lasting if x.ends is not Ends.AFTER_THIS_TURN]

    # --------------------------------------------------------- end and score
    def end_condition(self) -> bool:
        """True when the Province pile or enough Supply piles (3; 4 with 5-6
        players) are empty (base rulebook, End of the game)."""
        if not self.piles["Province"].cards:
            return True
        need = 4 if len(self.players) >= 5 else 3
        return len(self.empty_piles()) >= need

    def score_breakdown(self, p: Player) -> dict:
        """``{"total", "cards", "tokens", "landmarks": {name: vp}}`` for ``p``."""
        cards = 0
        for c in p.all_cards():
            s = c.spec
            cards += s.vp
            if s.score:
                cards += s.score(self, p)
        lms = {}
        for lm in self.landmarks:
            fn = LANDMARKS[lm].score
            if fn:
                lms[lm] = fn(self, p)
        total = cards + p.vp_tokens + sum(lms.values())
        return {"total": total, "cards": cards, "tokens": p.vp_tokens, "landmarks": lms}

    def scores(self) -> dict:
        """Each player's total as if the game ended now."""
        return {p.name: self.score_breakdown(p)["total"] for p in self.players}

    def current_winners(self) -> list:
        """Names of the winners: the highest score; among tied players the one
        with fewer turns; still tied, they share the win (base rulebook)."""
        sc = self.scores()
        best = max(sc.values())
        tied = [p for p in self.players if sc[p.name] == best]
        fewest = min(p.turns_taken for p in tied)
        return [p.name for p in tied if p.turns_taken == fewest]

    def _finish(self) -> None:
        self.game_over = True
        self.winners = self.current_winners()
        rows = []
        for p in self.players:
            b = self.score_breakdown(p)
            rows.append((p.name, b["total"], b["cards"], b["tokens"], tuple(b["landmarks"].items())))
        self.emit(ev.GameEnded(tuple(rows), tuple(self.winners),
                               tuple((p.name, p.turns_taken) for p in self.players)))
        self.pending = None
