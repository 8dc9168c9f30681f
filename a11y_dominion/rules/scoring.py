"""The end of the game and scoring (base rulebook, End of the game; Empires
rulebook, VP tokens and Landmarks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from . import events as ev
from .base import GameBase
from .cards import LANDMARKS
from .state import Player, empty_count_of

if TYPE_CHECKING:
    from .game import Game


class ScoringMixin(GameBase):
    """The end condition, scores and winners."""

    # --------------------------------------------------------- end and score
    def end_condition(self) -> bool:
        """True when the Province pile or enough Supply piles (3; 4 with 5-6
        players) are empty (base rulebook, End of the game)."""
        if not self.piles["Province"].count():
            return True
        return empty_count_of(self.piles) >= (4 if len(self.players) >= 5 else 3)

    def score_breakdown(self, p: Player) -> dict[str, Any]:
        """``{"total", "cards", "tokens", "landmarks": {name: vp}}`` for ``p``."""
        cards = 0
        for c in p.all_cards():
            s = c.spec
            cards += s.vp
            if s.score:
                cards += s.score(cast("Game", self), p)
        lms = {}
        for lm in self.landmarks:
            fn = LANDMARKS[lm].score
            if fn:
                lms[lm] = fn(cast("Game", self), p)
        total = cards + p.vp_tokens + sum(lms.values())
        return {"total": total, "cards": cards, "tokens": p.vp_tokens, "landmarks": lms}

    def scores(self) -> dict[str, int]:
        """Each player's total as if the game ended now."""
        return {p.name: self.score_breakdown(p)["total"] for p in self.players}

    def current_winners(self, sc: dict[str, int] | None = None) -> list[str]:
        """Names of the winners: the highest score; among tied players the one
        with fewer turns; still tied, they share the win (base rulebook).
        ``sc``: the totals of :meth:`scores`, when already worked out."""
        if sc is None:
            sc = self.scores()
        best = max(sc.values())
        tied = [p for p in self.players if sc[p.name] == best]
        if len(tied) == 1:
            return [tied[0].name]
        fewest = min(p.turns_taken for p in tied)
        return [p.name for p in tied if p.turns_taken == fewest]

    def _finish(self) -> None:
        self.game_over = True
        parts = {}
        totals = {}
        for p in self.players:
            b = parts[p.name] = self.score_breakdown(p)
            totals[p.name] = b["total"]
        self.winners = self.current_winners(totals)
        if self.keep_log:
            rows = []
            for p in self.players:
                b = parts[p.name]
                rows.append((p.name, b["total"], b["cards"], b["tokens"], tuple(b["landmarks"].items())))
            self.emit(
                ev.GameEnded(tuple(rows), tuple(self.winners), tuple((p.name, p.turns_taken) for p in self.players))
            )
        self.pending = None
