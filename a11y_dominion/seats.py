"""Bot seats, and the seat list of the ``play`` command.

A bot is a :class:`~a11y_dominion.table.Seat`: ``decide(decision, view)``
returns the answer's option keys (a :class:`Move` for a turn). It sees only
the decision and its own :class:`~a11y_dominion.view.PlayerView`, never the
game, so it cannot read another player's hand or deck order. Bots answer
every decision of every card, Event and Landmark the project implements,
because they only ever choose among the options the decision lists. Human
seats are driven by the console.

What a bot knows is a function of three things only, whatever its kind (and
every kind to come): its kind with its options and seed, the events its seat
may know from the start of the game (redacted for it, as
:func:`a11y_dominion.view.redact_all` redacts them) and, for its random
choices, the number of answers the game had before the decision
(``reseed``). A bot seat is a :class:`LazyBot`, which keeps only the kind,
options and seed: when a game is resumed, hosted again, loaded, taken back
or put back after a fault, the table calls its ``relearn`` with the seat's
events from the start, and a new bot of the kind is made and told them, so
that it knows exactly what it knew when the game first reached that point,
never only what it heard since.
"""

from __future__ import annotations

import random

from .fastlane import PlainView
from .files import has_control, shown_name
from .rules.cards import CARDS
from .rules.decisions import END_MOVE, TREASURES_MOVE, Decision, Move, MoveKind, Msg
from .rules.game import Game
from .table import Table
from .view import PlayerView

# Enum members at hand as globals: in Python 3.11 a member read off its class
# (``MoveKind.END``) goes through the enum type's __getattr__ hook, some ten
# times as dear as a global.
_MK_END = MoveKind.END
_MK_PAY = MoveKind.PAY
_MK_PLAY = MoveKind.PLAY
_MK_TREASURES = MoveKind.TREASURES


class RandomBot:
    """Chooses uniformly among legal answers (seeded)."""

    kind = "random"
    reads_scores = False  # its view comes without the players' scores
    quick_view = True  # it reads a few fields of its view: build them when read
    hears_events = False  # its tell does nothing

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, step: int) -> None:
        """Make the next answers a function of the bot's seed and ``step`` (the
        number of answers the game had before this decision) only: a game
        resumed or replayed from its record then goes on exactly as before."""
        self.rng.seed(f"{self.seed}:{step}")

    def tell(self, events: list) -> None:
        """Bots keep no memory of events."""

    def decide(self, d: Decision, view: PlayerView | None = None) -> list:
        """A random legal answer to ``d``."""
        if d.kind == "turn":
            opts = list(d.options)  # the moves listed once
            if len(opts) > 1 and self.rng.random() < 0.5:
                non_end = [o for o in opts if o.kind is not _MK_END]
                return [self.rng.choice(non_end)]
            return [self.rng.choice(opts)]
        for _ in range(50):
            pool = []
            for o in d.options:
                pool.extend([o] * d.count_of(o))
            hi = min(d.max, len(pool))
            if d.purpose == "trash" and hi - d.min > 2:
                hi = d.min + 2  # "any number": keep random seats from trashing their whole deck
            k = self.rng.randint(min(d.min, hi), hi)
            ans = self.rng.sample(pool, k)
            if d.check(ans) is None:
                return ans
        # fall back to a simple legal answer (e.g. Temple's different names)
        distinct = list(dict.fromkeys(d.options))
        return distinct[: max(d.min, 1)] if d.min else []


_END = END_MOVE
_TREASURES = TREASURES_MOVE
_PAY_1 = Move.pay(1)
_END_TREASURES = (_END, _TREASURES)
_END_TREASURES_END = (_END, _TREASURES, _END)
_BUY_PROVINCE, _BUY_DUCHY, _BUY_GOLD, _BUY_ESTATE, _BUY_SILVER = (
    Move.buy(n) for n in ("Province", "Duchy", "Gold", "Estate", "Silver")
)
_END_TREASURES_PROVINCE, _END_TREASURES_DUCHY, _END_TREASURES_GOLD, _END_TREASURES_ESTATE, _END_TREASURES_SILVER = (
    (_END, _TREASURES, m) for m in (_BUY_PROVINCE, _BUY_DUCHY, _BUY_GOLD, _BUY_ESTATE, _BUY_SILVER)
)
_ACTION_NAMES = frozenset(n for n, spec in CARDS.items() if spec.is_("Action"))
_TREASURE_NAMES = frozenset(n for n, spec in CARDS.items() if spec.is_("Treasure"))


def _cost_key(name: str) -> tuple:
    spec = CARDS.get(name)
    if spec is None:
        return (0, 0)
    return (spec.cost.coins + spec.cost.debt, spec.cost.coins)


def _buy(coins: int, bought: bool, provinces: int, legal) -> Move | None:
    """Big Money's buy with ``coins`` (2 or more) and a Buy left: ``bought``
    tells whether it bought this Buy phase, ``provinces`` the Provinces
    left, ``legal(move)`` whether a move is legal; None for no buy."""
    if coins >= 8 and legal(_BUY_PROVINCE):
        return _BUY_PROVINCE
    if 5 <= coins and provinces <= 4 and legal(_BUY_DUCHY):
        return _BUY_DUCHY
    if coins >= 6 and legal(_BUY_GOLD):
        return _BUY_GOLD
    if provinces <= 2 and legal(_BUY_ESTATE):
        return _BUY_ESTATE
    if coins >= 3 and not bought and legal(_BUY_SILVER):
        return _BUY_SILVER
    return None


JUNK_ORDER = ["Curse", "Estate", "Copper"]


def _junk_rank(name: str) -> tuple:
    if name in JUNK_ORDER:
        return (0, JUNK_ORDER.index(name))
    spec = CARDS.get(name)
    if spec is not None and spec.is_("Victory") and not spec.is_("Action") and not spec.is_("Treasure"):
        return (1, _cost_key(name))
    return (2, _cost_key(name))


class BigMoneyBot:
    """Big Money: plays its Actions, plays all Treasures, pays Debt, buys
    Province at 8, Gold at 6 to 7, Silver at 3 to 5, Duchy at 5 to 7 once
    the Provinces run low, Estate at 2 to 4 near the very end."""

    kind = "bigmoney"
    reads_scores = False  # its view comes without the players' scores
    quick_view = True  # it reads a few fields of its view: build them when read
    hears_events = False  # its tell does nothing

    _rng: random.Random | None = None

    def __init__(self, seed: int = 0):
        self.seed = seed

    @property
    def rng(self) -> random.Random:
        """The bot's random numbers (for choices other than its turn moves),
        seeded with its seed when first used: most Big Money games never ask
        for one, and seeding costs more than many answers."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    def reseed(self, step: int) -> None:
        """Make the next answers a function of the bot's seed and ``step`` (the
        number of answers the game had before this decision) only: a game
        resumed or replayed from its record then goes on exactly as before."""
        self.rng.seed(f"{self.seed}:{step}")

    def tell(self, events: list) -> None:
        """Bots keep no memory of events."""

    def decide(self, d: Decision, view: PlayerView) -> list:
        """A Big Money answer to ``d``, from the bot's own ``view``."""
        if d.kind == "turn":
            return [self._move(view, d)]
        return self._choice(view, d)

    def _move(self, view: PlayerView, d: Decision) -> Move:
        opts = d.options
        t = view.turn
        if t.phase == "action":
            if _ACTION_NAMES.isdisjoint(view.hand):
                return _END  # no Action card it could play: no need to list the moves
            plays = [o for o in opts if o.kind is _MK_PLAY and CARDS[o.name].is_("Action")]
            # play villages first, then the rest
            plays.sort(key=lambda o: -(CARDS[o.name].actions))
            if plays:
                return plays[0]
            return _END
        if not t.bought and _TREASURES in opts:  # (a purchase ends the playing of Treasures)
            return _TREASURES
        if not _TREASURE_NAMES.isdisjoint(view.hand):  # else no Treasure to play: no need to list the moves
            for o in opts:
                if o.kind is _MK_PLAY and CARDS[o.name].is_("Treasure"):
                    return o
        coins = t.coins
        if t.buys >= 1 and coins >= 2:  # else no buy is legal (none costs less than 2)
            buy = _buy(coins, t.bought, view.pile("Province").cards_left, opts.__contains__)
            if buy is not None:
                return buy
        # Debt is paid before anything is bought: a legal buy above means no Debt
        if coins and _PAY_1 in opts:  # else no Debt it can pay
            pays = [o for o in opts if o.kind is _MK_PAY]
            if pays:
                return max(pays, key=lambda o: o.amount)
        return _END

    def plain_move(self, v: PlainView) -> Move | tuple[Move, ...]:
        """The move :meth:`decide` answers in a plain turn (see
        :class:`~a11y_dominion.fastlane.PlainView`: no Action card in
        hand, only Treasures that "play treasures" plays), read from ``v``
        instead of a decision and a view: the same move, for less work; or
        the moves it answers one after the other, as a tuple."""
        t = v.turn
        if t.phase == "action":
            # no Action card in hand: it ends the Action phase, then plays its Treasures, then buys
            # (with no Debt: what its Buy phase answers once they are played)
            if not v.treasures:
                return _END
            coins = v.coins_after
            if v.debt or v.buys_after < 1:
                return _END_TREASURES
            # what _buy(coins, False, provinces, legal) answers once the Treasures are played, read from the
            # cards left: a basic pile's buy is then legal when the pile has a card (its own, at its cost,
            # which the coins reach for each buy below)
            left = v.left
            provinces = left["Province"]
            if coins >= 8 and provinces:
                return _END_TREASURES_PROVINCE
            if coins >= 5 and provinces <= 4 and left["Duchy"]:
                return _END_TREASURES_DUCHY
            if coins >= 6 and left["Gold"]:
                return _END_TREASURES_GOLD
            if coins >= 2 and provinces <= 2 and left["Estate"]:
                return _END_TREASURES_ESTATE
            if coins >= 3 and left["Silver"]:
                return _END_TREASURES_SILVER
            return _END_TREASURES_END
        if v.treasures:  # (legal only before a purchase)
            return _TREASURES
        # every Treasure in a plain hand is played by "play treasures": none is left to play one by one
        coins = t.coins
        legal = v.legal
        if t.buys >= 1 and coins >= 2:
            buy = _buy(coins, t.bought, v.left["Province"], legal)
            if buy is not None:
                return buy
        if coins and v.debt:
            return Move.pay(min(coins, v.debt))  # the most it can pay
        return _END

    def _choice(self, view: PlayerView, d: Decision) -> list:
        if d.kind == "yesno":
            return ["yes"] if d.purpose in ("trash",) else ["no"]
        if d.kind == "number":
            if d.purpose == "pay":
                return [d.options[-1]]
            return ["pass"] if "pass" in d.options else [d.options[0]]
        if d.kind == "mode":
            prefer = {"coins", "cards", "duchy"}
            for o in d.options:
                if o in prefer:
                    return [o]
            return [d.options[0]]
        if d.kind == "pile":
            if d.purpose in ("gain", "copy"):
                best = max(d.options, key=lambda pn: _cost_key(view.pile(pn).top or ""))
                return [best]
            if d.purpose == "add debt":
                return [d.options[0]]
            return [d.options[0]] if d.min else []
        # cards
        pool = []
        for o in d.options:
            pool.extend([o] * d.count_of(o))
        if d.purpose in ("trash", "discard", "topdeck"):
            pool.sort(key=_junk_rank)
            k = d.min
            if d.purpose == "discard" and d.source in ("Opulent Castle",):
                k = d.max
        elif d.purpose in ("reveal", "take", "play"):
            pool.sort(key=lambda n: _cost_key(n), reverse=True)
            k = max(d.min, 1) if d.max else 0
        elif d.purpose == "keep":
            pool.sort(key=lambda n: _cost_key(n), reverse=True)
            k = d.max
        else:
            k = d.min
        ans = pool[: min(k, len(pool))]
        if d.check(ans) is None:
            return ans
        return RandomBot(self.rng.randrange(1 << 30)).decide(d, view)


def _bmu(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
    from .bots.bmu import BMUBot

    return BMUBot(seed)


def _easy(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
    from .bots.easy import EasyBot

    return EasyBot(seed)


def _medium(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
    from .bots.medium import MediumBot

    return MediumBot(seed)


def _hard(seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
    from .bots.hard import HardBot

    return HardBot(seed, think_ms=think_ms, rollouts=rollouts)


BOT_KINDS = {
    "bigmoney": BigMoneyBot,
    "random": RandomBot,
    "bmu": _bmu,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
"""Seat kinds of bots: name to a maker ``maker(seed)`` (see :func:`make_bot`)."""

BOT_NAMES = ", ".join(BOT_KINDS)


def is_bot_kind(kind: str) -> bool:
    """True when ``kind`` is a bot's seat kind: one of :data:`BOT_KINDS` or a
    strategy (a shipped strategy's name or a path ending in ``.toml``, see
    :mod:`a11y_dominion.strategies`). The file itself is not read."""
    from .strategies import is_strategy_kind

    return kind.lower() in BOT_KINDS or is_strategy_kind(kind)


def bot_kind(text: str) -> str:
    """The bot seat kind that ``text`` names (``play``, ``host`` and ``simulate``
    all read a bot's kind here): a kind of :data:`BOT_KINDS` (any case, given in
    lower case), a shipped strategy's name (lower case) or the path of a strategy
    file ending in ``.toml`` (as typed). A strategy is read and checked now.

    Raises ValueError with one sentence (a :class:`Msg`) for a word that is no bot
    and for a strategy file that cannot be used."""
    from .strategies import is_strategy_kind, load_strategy, shipped

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


def make_bot(kind: str, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
    """A bot seat of ``kind`` (bigmoney, random, bmu, easy, medium or hard, or a
    strategy: see :func:`bot_kind`), seeded with ``seed``; ``think_ms`` bounds the
    ``hard`` bot's thinking per decision in milliseconds (None: its default,
    1000), and ``rollouts`` (None: no such bound) bounds instead its rollouts per
    candidate buy, which makes its answers a function of its seed, its view and
    what it was told. Raises KeyError for other kinds, and
    :class:`~a11y_dominion.strategies.StrategyError` for a strategy file that
    cannot be used."""
    if kind not in BOT_KINDS and is_bot_kind(kind):
        from .bots.strategy import StrategyBot
        from .strategies import load_strategy

        return StrategyBot(load_strategy(kind), seed)
    maker = BOT_KINDS[kind]
    if kind == "hard":
        return maker(seed, think_ms=think_ms, rollouts=rollouts)
    return maker(seed)


def bot_options(record: dict) -> dict:
    """Seat name -> the options its bot was made with (``{"rollouts": N}``), from the
    seat list of ``record`` (a game record), where a bot seat's entry holds them as
    :meth:`LazyBot.options` gave them; an option of a wrong type is left out."""
    out: dict = {}
    for e in record.get("seats") or []:
        if not (isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and isinstance(e[2], dict)):
            continue
        if str(e[1]).lower() not in BOT_KINDS:
            continue
        n = e[2].get("rollouts")
        if type(n) is int and 1 <= n <= MAX_ROLLOUTS:
            out[e[0]] = {"rollouts": n}
    return out


MAX_ROLLOUTS = 10000
"""The most rollouts per candidate buy ``--rollouts`` takes."""


class LazyBot:
    """The bot of a seat: a bot of ``kind`` (see :func:`make_bot`) made at its
    first use, and made anew whenever the seat must know a game from its start
    (:meth:`relearn`).

    The module of a strong bot is loaded, and the bot built, when it first has to
    decide (or anything but ``tell`` is asked of it), not before the first
    prompt. The events told before are kept and told to it, in order, once it
    is made, so it answers exactly as one made at once would. Raises KeyError
    for an unknown kind at once."""

    def __init__(self, kind: str, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None):
        if not is_bot_kind(kind):
            raise KeyError(kind)
        self._args = (kind, seed, think_ms, rollouts if kind == "hard" else None)
        self._bot = None
        self._told: list = []

    @property
    def options(self) -> dict:
        """The options a record keeps for this bot so that it is made the same when the
        game is resumed: ``{"rollouts": N}`` for a hard bot with a rollout bound, else {}."""
        rollouts = self._args[3]
        return {} if rollouts is None else {"rollouts": rollouts}

    def _made(self):
        if self._bot is None:
            kind, seed, think_ms, rollouts = self._args
            self._bot = make_bot(kind, seed, think_ms=think_ms, rollouts=rollouts)
            told, self._told = self._told, []
            tell = getattr(self._bot, "tell", None)
            if tell is not None and told:
                tell(told)
        return self._bot

    def tell(self, events: list) -> None:
        """Keep ``events`` for the bot, or tell them to it once it is made."""
        if self._bot is None:
            self._told.extend(events)
        else:
            tell = getattr(self._bot, "tell", None)
            if tell is not None:
                tell(events)

    def relearn(self, events: list) -> None:
        """Forget everything: the bot is made anew (at its next use) and told
        ``events``, the events its seat may know from the start of the game
        (redacted for it), as if it had heard the game from the start. Nothing a
        bot of any kind learnt in another way survives this."""
        self._bot = None
        self._told = list(events)

    def reseed(self, step: int) -> None:
        """The bot's random choices from now on as a function of its seed and
        ``step`` (the answers the game had before this decision); a bot without
        random choices has nothing to do."""
        reseed = getattr(self._made(), "reseed", None)
        if reseed is not None:
            reseed(step)

    def __getattr__(self, name: str):
        if name.startswith("__") or name in ("_args", "_bot", "_told"):
            raise AttributeError(name)
        return getattr(self._made(), name)


SEAT_LANGUAGES = ("en", "nl")
SEAT_VERBOSITIES = ("terse", "normal", "verbose")


class SeatSpec(tuple):
    """One seat of ``--players``: a (name, kind) pair, as before, that also
    carries the seat's own ``language`` (en or nl) and ``verbosity`` (terse,
    normal or verbose), each None when the seat did not give one."""

    def __new__(cls, name: str, kind: str, language: str | None = None, verbosity: str | None = None):
        obj = super().__new__(cls, (name, kind))
        obj.language = language
        obj.verbosity = verbosity
        return obj

    @property
    def name(self) -> str:
        """The seat's name."""
        return self[0]

    @property
    def kind(self) -> str:
        """human, or a bot kind."""
        return self[1]


YOU_WORDS = ("you", "jij", "je", "u")
"""Words that address the listener; a seat of a shared table cannot be called so."""


def default_seat_names(record: dict, lang, game_language: str | None = None) -> dict:
    """Name -> new name of each human seat of ``record`` (a game record) that has the default
    seat name of a language ("You" in English, "Jij" in Dutch: the name of the seat a game gets
    when none are given, and the only names that address the player, see :data:`YOU_WORDS`)
    and speaks another language now: the default name in the language it speaks, so a Dutch
    game resumed in English is {"Jij": "You"}. A seat speaks ``lang`` (a
    :class:`~a11y_dominion.i18n.Language`), unless the record gives it a language of its own:
    one other than ``game_language`` (the game's language, which the settings now replace when
    a game is resumed; None: every seat's own language stays, as when a save file is loaded).
    Empty when every seat keeps its name, and for a game built from a position (its names are
    the scenario's)."""
    from .i18n import LANGUAGES, N_, Language

    if record.get("position") is not None:
        return {}
    defaults = {Language(code)._(N_("You")) for code in LANGUAGES}
    entries = [e for e in record.get("seats") or [] if isinstance(e, list) and len(e) >= 2]
    names = [str(e[0]) for e in entries]
    out = {}
    for e in entries:
        name = e[0]
        if name not in defaults or str(e[1]).lower() != "human":
            continue
        own = e[2].get("language") if len(e) > 2 and isinstance(e[2], dict) else None
        speaks = Language(own) if own in LANGUAGES and own != game_language else lang
        new = speaks._(N_("You"))
        if new != name and new not in names:
            out[name] = new
    return out


def rename_seats(record: dict, names: dict) -> dict:
    """``record`` (a game record) with the players and seats renamed by ``names`` (old -> new);
    the record itself is not changed. Answers never hold a player's name."""
    if not names:
        return record
    out = dict(record)
    cfg = dict(out.get("config") or {})
    if isinstance(cfg.get("players"), list):
        cfg["players"] = [names.get(n, n) if isinstance(n, str) else n for n in cfg["players"]]
    out["config"] = cfg
    out["seats"] = [
        [names.get(e[0], e[0]), *e[1:]] if isinstance(e, list) and e and isinstance(e[0], str) else e
        for e in out.get("seats") or []
    ]
    return out


def _strategy_seat_name(path: str) -> str:
    from .strategies import seat_name

    return seat_name(path)


def parse_seats(text: str, remote: bool = False) -> list:
    """``"Ann:human:nl,Bob:bigmoney"`` → [SeatSpec("Ann", "human", "nl"), SeatSpec("Bob", "bigmoney")].

    Each seat is ``Name:kind`` (kind human, a bot of :data:`BOT_KINDS` or a strategy,
    see :func:`bot_kind`; human when left out; a strategy file alone, ``smithy.toml``,
    is a seat named after the file), and a human seat may add its own language and verbosity as
    more parts, in any order: ``Ann:human:nl:terse``, or with names,
    ``Ann:human:lang=nl:verbosity=terse``. The seats compare equal to
    (name, kind) pairs. Raises ValueError with one sentence for a bad seat
    list. With ``remote`` (the ``host`` command) the people's seats are
    ``remote`` (a player at another computer, over SSH) by default, and
    ``human`` is the player at the host's own terminal.
    """
    person = "remote" if remote else "human"
    seats = []
    for part in [x.strip() for x in text.split(",") if x.strip()]:
        name, _, rest = part.partition(":")
        if part.lower().endswith(".toml") and (not rest or len(name.strip()) == 1 and rest[:1] in "\\/"):
            name, rest = _strategy_seat_name(part), part  # a strategy file alone (C:/...: a Windows drive)
        if rest.lower().endswith(".toml"):
            kind, extra = rest.strip(), []  # a path keeps its case and may hold colons
        else:
            kind, *extra = [x.strip() for x in rest.split(":")] if rest else [""]
            kind = kind.lower()
        name, kind = name.strip(), (kind or person)
        if not name:
            raise ValueError(Msg("Seat {seat} has no name; write Name:kind, for example Ann:human.", seat=repr(part)))
        if has_control(name):
            raise ValueError(
                Msg(
                    "The seat name {name} holds control, escape or formatting characters, which a name cannot have.",
                    name=shown_name(name, 40),
                )
            )
        people = ("remote", "human") if remote else (person,)
        if kind not in people and kind not in BOT_KINDS and is_bot_kind(kind):
            kind = bot_kind(kind)  # a strategy: its file is read and checked now
        if kind not in people + tuple(BOT_KINDS) and not is_bot_kind(kind):
            if remote:
                raise ValueError(
                    Msg(
                        "{kind} is not a seat kind here; use remote, human or a bot: {bots}.", kind=kind, bots=BOT_NAMES
                    )
                )
            raise ValueError(Msg("{kind} is not a seat kind; use human or a bot: {bots}.", kind=kind, bots=BOT_NAMES))
        if any(n.lower() == name.lower() for n, _ in seats):
            raise ValueError(Msg("Two seats are called {name}; every seat needs its own name.", name=name))
        language = verbosity = None
        for word in [w for w in extra if w]:
            key, eq, value = word.lower().partition("=")
            if not eq:
                key, value = "", key
            if key in ("", "lang", "language") and value in SEAT_LANGUAGES and language is None:
                language = value
            elif key in ("", "verbosity") and value in SEAT_VERBOSITIES and verbosity is None:
                verbosity = value
            else:
                raise ValueError(
                    Msg(
                        "{option} in seat {seat} is not a seat option; after Name:kind give a language "
                        "(en or nl) and a verbosity (terse, normal or verbose), for example "
                        "Ann:human:nl:terse.",
                        option=word or "''",
                        seat=part,
                    )
                )
        if kind not in people and (language or verbosity):
            raise ValueError(Msg("{name} is a bot; only human seats take a language or a verbosity.", name=name))
        seats.append(SeatSpec(name, kind, language, verbosity))
    if not 2 <= len(seats) <= 6:
        raise ValueError(Msg("A game needs 2 to 6 seats."))
    humans = [s for s in seats if s.kind == "human"]
    for s in seats:
        if s.name.lower() in YOU_WORDS and (remote or len(humans) > 1 or s.kind != "human"):
            # every sentence says "you" to the seat that hears it: a seat called You would read "You's turn"
            raise ValueError(
                Msg(
                    "{name} cannot be the name of a seat here; give each player a name, for "
                    "example Ann:human,Bea:human.",
                    name=s.name,
                )
            )
    return seats


def play_bots(game: Game, bots: dict, max_steps: int = 200000) -> str | None:
    """Let bots answer every decision until the game ends, through a
    :class:`~a11y_dominion.table.Table`.

    ``bots`` maps player name to a seat. Returns None, or a sentence if the
    game did not end within ``max_steps`` answers.
    """
    return Table(game, bots, max_answers=max_steps).run()
