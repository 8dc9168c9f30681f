"""The ``hard`` bot: determinized rollouts on top of ``medium``.

At a buy (the moves that decide a game most), it takes ``medium``'s best
few buys and ending the Buy phase as candidates, and for each plays many
games to their end from a *sampled* position: a game built from its own
:class:`~a11y_dominion.view.PlayerView` alone, the hidden cards (its own
deck, the other players' hands, decks and discard piles) dealt at random
from the cards each player is known to have (the public gains, trashes and
returns, counted by its :class:`~.common.Ledger`). It never reads another
player's hand or deck order: the real game is never copied. Every seat of
a rollout is played by ``medium``; the candidate that wins most often is
chosen. Every other question is answered as ``medium`` answers it.

It thinks at most ``think_ms`` milliseconds per buy (2,000 by default);
``rollouts`` instead fixes the number of games per candidate (the same view
then always gives the same answer).
"""

from __future__ import annotations

import random
import time
from collections import Counter

from ..rules.decisions import Decision, Move, MoveKind, Msg
from ..rules.game import Game, GameConfig, Turn
from ..table import StopTable, Table
from ..view import PlayerView
from .medium import MediumBot

DEFAULT_THINK_MS = 2000
MAX_CANDIDATES = 3
ROLLOUT_ANSWERS = 20000
SWITCH_Z = 1.5  # how many standard errors another buy must win by to replace medium's


def _minus(have: Counter, seen: list) -> Counter:
    out = Counter(have)
    for n in seen:
        if out[n] > 0:
            out[n] -= 1
    return +out


def _fill(pool: list, size: int, rng: random.Random) -> list:
    """``pool`` cut or padded (with Coppers) to ``size`` cards."""
    if len(pool) >= size:
        return pool[:size]
    return pool + ["Copper"] * (size - len(pool))


def sample_game(view: PlayerView, owned: dict, seed: int) -> Game:
    """A game at the start of ``view``'s Buy phase built from the view alone:
    every public zone as the view shows it, the hidden cards dealt at random
    from ``owned`` (player name to the :class:`Counter` of cards they are
    known to have). Raises ValueError (or SetupError) when no such game can
    be built."""
    rng = random.Random(seed)
    names = [p.name for p in view.players]
    setup = {"Obelisk": view.obelisk} if view.obelisk else None
    game = Game(
        GameConfig(names, list(view.kingdom), list(view.events), list(view.landmarks), seed),
        deal=False,
        setup_choices=setup,
    )
    new = game.new_card
    for pn, pv in view.piles.items():
        pl = game.piles.get(pn)
        if pl is None:
            raise ValueError(f"no pile {pn}")
        if pv.cards is not None:
            pl.cards = [new(n) for n in pv.cards]
        else:
            top = pv.top or (pl.cards[0].spec.name if pl.cards else pn)
            pl.cards = [new(top) for _ in range(pv.cards_left)]
        pl.vp_tokens = pv.vp_tokens
        pl.debt_tokens = pv.debt_tokens
    for lm, vp in view.landmarks.items():
        game.landmarks[lm] = vp
    game.trash = [new(n) for n in view.trash]
    for sv in view.players:
        p = game.by_name[sv.name]
        p.in_play = [new(n) for n in sv.in_play]
        p.debt, p.vp_tokens, p.turns_taken = sv.debt, sv.vp_tokens, sv.turns_taken
        if sv.name == view.seat:
            p.hand = [new(n) for n in view.hand]
            p.discard = [new(n) for n in view.discard]
            p.set_aside = [new(n) for n in view.set_aside]
            rest = list(_minus(owned[sv.name], view.hand + view.discard + view.set_aside + sv.in_play).elements())
            rng.shuffle(rest)
            p.deck = [new(n) for n in _fill(rest, sv.deck_size, rng)]
        else:
            rest = list(_minus(owned[sv.name], sv.in_play).elements())
            rng.shuffle(rest)
            total = sv.hand_size + sv.deck_size + sv.discard_size + sv.set_aside_size
            rest = _fill(rest, total, rng)
            cut = [sv.hand_size, sv.deck_size, sv.discard_size]
            p.hand = [new(n) for n in rest[: cut[0]]]
            p.deck = [new(n) for n in rest[cut[0] : cut[0] + cut[1]]]
            p.discard = [new(n) for n in rest[cut[0] + cut[1] : cut[0] + cut[1] + cut[2]]]
            p.set_aside = [new(n) for n in rest[cut[0] + cut[1] + cut[2] :]]
    t = view.turn
    me = game.by_name[t.player]
    game.turn = Turn(player=me.index, number=t.number, phase="buy", actions=t.actions, buys=t.buys, coins=t.coins)
    game.turn.bought = t.bought
    game.ending = view.ending
    game.resume_in("buy")
    return game


class _RolloutBot(MediumBot):
    """medium in a rollout: stops the rollout's table once ``deadline`` (a
    :func:`time.perf_counter` value) has passed."""

    def __init__(self, seed: int, deadline: float | None):
        super().__init__(seed)
        self.deadline = deadline

    def decide(self, d: Decision, view: PlayerView) -> list:
        """medium's answer, or stop the table when the time is up."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise StopTable("time")
        return super().decide(d, view)


class HardBot(MediumBot):
    """The ``hard`` bot (see the module documentation). ``think_ms``: the
    most milliseconds per buy (None: 2,000); ``rollouts``: a fixed number of
    rollouts per candidate instead of a time bound."""

    kind = "hard"

    def __init__(self, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
        super().__init__(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else max(0, int(think_ms))
        self.rollouts = rollouts
        self.last_search: dict = {}

    def choose_buy(self, view: PlayerView, d: Decision) -> Move:
        """The buy that wins most rollouts among medium's best few."""
        best = super().choose_buy(view, d)
        if self.think_ms == 0 and self.rollouts is None:
            return best
        scored = []
        for m in d.options:
            if m.kind is not MoveKind.BUY:
                continue
            v = self.buy_value(view, m.name, view.turn.coins)
            if v is not None and v > -40:
                scored.append((v, m))
        scored.sort(key=lambda x: -x[0])
        if scored and scored[0][0] >= 10000:
            return scored[0][1]  # it wins the game now
        cands = [m for _, m in scored[:MAX_CANDIDATES]]
        if best not in cands:
            cands.append(best)
        if Move(MoveKind.END) not in cands:
            cands.append(Move(MoveKind.END))
        if len(cands) < 2:
            return best
        return self.search(view, cands, best)

    def search(self, view: PlayerView, cands: list, default: Move) -> Move:
        """Rollouts for each of ``cands``; the best mean result (``default`` on ties)."""
        start = time.perf_counter()
        budget = self.think_ms / 1000.0
        owned = {p.name: Counter(self.ledger.of(p.name)) for p in view.players}
        wins = {m: 0.0 for m in cands}
        runs = {m: 0 for m in cands}
        seed0 = self.rng.randrange(1 << 30)
        i = 0
        spent = 0.0
        while True:
            if self.rollouts is not None:
                if i >= self.rollouts * len(cands):
                    break
            else:
                elapsed = time.perf_counter() - start
                per = elapsed / i if i else 0.0
                if elapsed + per * 1.5 > budget:
                    break
            m = cands[i % len(cands)]
            # the same sampled worlds for every candidate (common random numbers)
            deadline = None if self.rollouts is not None else start + budget
            r = self.rollout(view, owned, m, seed0 + i // len(cands), deadline)
            i += 1
            if r is None:
                continue
            wins[m] += r
            runs[m] += 1
        spent = time.perf_counter() - start
        scored = {m: wins[m] / runs[m] for m in cands if runs[m]}
        self.last_search = {"rollouts": i, "seconds": spent, "results": {m.key: s for m, s in scored.items()}}
        if not scored:
            return default
        if default not in scored:
            return default
        best = max(scored, key=lambda m: scored[m])
        p, q = scored[best], scored[default]
        mean = (p + q) / 2
        spread = (max(mean * (1 - mean), 0.05) * (1 / runs[best] + 1 / runs[default])) ** 0.5
        # medium's own choice stands unless another is clearly better (rollouts are noisy)
        if p - q > max(0.05, SWITCH_Z * spread):
            self.reason = Msg(
                "In {n} games played out from here, this won {won} %, and the usual choice {other} %.",
                n=runs[best] + runs[default],
                won=round(100 * p),
                other=round(100 * q),
            )
            return best
        return default

    def rollout(
        self, view: PlayerView, owned: dict, move: Move, seed: int, deadline: float | None = None
    ) -> float | None:
        """One game from a sampled position after ``move``: 1 won, 0.5 tied, 0 lost (None: no game)."""
        try:
            game = sample_game(view, owned, seed)
            seats = {}
            for k, p in enumerate(view.players):
                bot = _RolloutBot(seed * 7 + k, deadline)
                bot.ledger = self.ledger.copy()
                bot.plan = self.plan
                seats[p.name] = bot
            table = Table(game, seats, max_answers=ROLLOUT_ANSWERS)
            game.start()
            d = game.pending
            if d is None or d.player != view.seat or move not in d.options:
                return None
            table.deliver()
            game.answer([move])
            table.run()
            if table.stopped:
                return None  # out of time: not counted
        except Exception:  # a sampled position the rules cannot go on from: not counted
            return None
        if not game.game_over:
            lead = game.score_breakdown(game.by_name[view.seat])["total"] - max(
                game.score_breakdown(p)["total"] for p in game.players if p.name != view.seat
            )
            return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        if view.seat in game.winners:
            return 1.0 if len(game.winners) == 1 else 0.5
        return 0.0
