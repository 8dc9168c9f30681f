"""The console's ``hint``: the move a bot would make at a pending decision,
with a one-sentence reason.

:func:`advise` builds a new bot (``hard``, or ``medium`` when the thinking
time is 0), tells it the events the asking seat was told (redacted for that
seat, as a bot seat is told them) and asks it for its answer from that
seat's own :class:`~a11y_dominion.view.PlayerView`. It never touches the
game: the bot reads only the view and the events, and ``hard`` plays its
rollouts on games of its own built from the view.
"""

from __future__ import annotations

from ..rules.decisions import Decision, Msg, Option
from ..rules.events import GameEvent
from ..view import PlayerView
from .hard import HardBot
from .medium import MediumBot

HINT_THINK_MS = 400
"""The most milliseconds ``hint`` lets the hard bot think: a hint answers within half a second."""


def advise(
    d: Decision, view: PlayerView, told: list[GameEvent], think_ms: int | None = None, seed: int = 0
) -> tuple[list[Option], Msg]:
    """``(answer, reason)``: the answer (a list of option keys, a
    :class:`~a11y_dominion.rules.decisions.Move` for a turn) a bot gives to
    ``d`` from ``view`` after being told the events ``told``, and the
    :class:`Msg` that says why. ``think_ms``: the hard bot's most milliseconds
    (None: :data:`HINT_THINK_MS`; more than that: :data:`HINT_THINK_MS` too;
    0: the medium bot answers)."""
    think = HINT_THINK_MS if think_ms is None else min(think_ms, HINT_THINK_MS)
    bot = MediumBot(seed) if think == 0 else HardBot(seed, think_ms=think)
    bot.tell(told)
    answer = bot.decide(d, view)
    reason: Msg = bot.explain(view, d, answer)
    return answer, reason
