"""The kinds of bot a seat can be, and :func:`make_bot`, which makes one.

A kind is a word of :data:`BOT_KINDS` (``bigmoney``, ``random``, ``bmu``,
``easy``, ``medium``, ``hard``) or a strategy (a shipped strategy's name or a
path ending in ``.toml``, see :mod:`a11y_dominion.strategies`). The modules of
the stronger bots are loaded only when a bot of their kind is made.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.decisions import Msg
from ..table import Bot
from .simple import BigMoneyBot, RandomBot


def _bmu(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> Bot:
    from .bmu import BMUBot

    return BMUBot(seed)


def _easy(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> Bot:
    from .easy import EasyBot

    return EasyBot(seed)


def _medium(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> Bot:
    from .medium import MediumBot

    return MediumBot(seed)


def _hard(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> Bot:
    from .hard import HardBot

    return HardBot(seed, think_ms=think_ms, rollouts=rollouts)


BOT_KINDS: dict[str, Callable[..., Bot]] = {
    "bigmoney": BigMoneyBot,
    "random": RandomBot,
    "bmu": _bmu,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
"""Seat kinds of bots: name to a maker ``maker(seed)`` (see :func:`make_bot`)."""

BOT_NAMES = ", ".join(BOT_KINDS)

BOT_SEAT_NAMES = {
    "bigmoney": "Big Money",
    "random": "Random",
    "bmu": "BMU",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
}
"""The seat name of a bot given by its kind alone (``--players medium,bigmoney``), by kind."""


def is_bot_kind(kind: str) -> bool:
    """True when ``kind`` is a bot's seat kind: one of :data:`BOT_KINDS` or a
    strategy (a shipped strategy's name or a path ending in ``.toml``, see
    :mod:`a11y_dominion.strategies`). The file itself is not read."""
    from ..strategies import is_strategy_kind

    return kind.lower() in BOT_KINDS or is_strategy_kind(kind)


def bot_kind(text: str) -> str:
    """The bot seat kind that ``text`` names (``play``, ``host`` and ``simulate``
    all read a bot's kind here): a kind of :data:`BOT_KINDS` (any case, given in
    lower case), a shipped strategy's name (lower case) or the path of a strategy
    file ending in ``.toml`` (as typed). A strategy is read and checked now.

    Raises ValueError with one sentence (a :class:`Msg`) for a word that is no bot
    and for a strategy file that cannot be used."""
    from ..strategies import is_strategy_kind, load_strategy, shipped

    word = text.strip()
    if word.lower() in BOT_KINDS:
        return word.lower()
    if is_strategy_kind(word):
        kind = word if word.lower().endswith(".toml") else word.lower()
        load_strategy(kind)
        return kind
    raise ValueError(
        Msg(
            "{kind} is not a bot; bots are {bots}, a strategy ({strategies}) or a strategy file ending in .toml.",
            kind=word or "''",
            bots=BOT_NAMES,
            strategies=", ".join(shipped()),
        )
    )


def make_bot(kind: str, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> Bot:
    """A bot seat of ``kind`` (bigmoney, random, bmu, easy, medium or hard, or a
    strategy: see :func:`bot_kind`), seeded with ``seed``; ``think_ms`` bounds the
    ``hard`` bot's thinking per decision in milliseconds (None: its default,
    1000), and ``rollouts`` (None: no such bound) bounds instead its rollouts per
    candidate buy, which makes its answers a function of its seed, its view and
    what it was told. Raises KeyError for other kinds, and
    :class:`~a11y_dominion.strategies.StrategyError` for a strategy file that
    cannot be used."""
    if kind not in BOT_KINDS and is_bot_kind(kind):
        from ..strategies import load_strategy
        from .strategy import StrategyBot

        return StrategyBot(load_strategy(kind), seed)
    maker = BOT_KINDS[kind]
    if kind == "hard":
        return maker(seed, think_ms=think_ms, rollouts=rollouts)
    return maker(seed)
