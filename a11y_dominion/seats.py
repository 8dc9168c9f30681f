"""Bot seats, and the seat list of the ``play`` command. The bots themselves,
and the kinds a bot seat can be (:func:`~a11y_dominion.bots.kinds.make_bot`),
are in :mod:`a11y_dominion.bots`.

A bot is a :class:`~a11y_dominion.table.Seat`: ``decide(decision, view)``
returns the answer's option keys (a :class:`~a11y_dominion.rules.decisions.Move`
for a turn). It sees only
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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .bots.kinds import BOT_KINDS, BOT_NAMES, BOT_SEAT_NAMES, bot_kind, is_bot_kind, make_bot
from .files import has_control, shown_name
from .rules.decisions import Msg
from .rules.events import GameEvent
from .rules.game import Game
from .table import Bot, Seat, Table

if TYPE_CHECKING:
    from .i18n import Language


def bot_options(record: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Seat name -> the options its bot was made with (``{"rollouts": N}``), from the
    seat list of ``record`` (a game record), where a bot seat's entry holds them as
    :meth:`LazyBot.options` gave them; an option of a wrong type is left out."""
    out: dict[str, dict[str, int]] = {}
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


def rollouts_refusal(rollouts: int | None, kinds: Sequence[object]) -> Msg | None:
    """The sentence refusing ``--rollouts`` (``rollouts``: its number, None when not given)
    for seats of ``kinds`` (seat or bot kinds, as typed or as kept) none of which is the hard
    bot, the only one it bounds; None when it is not given or a hard bot plays."""
    if rollouts is None:
        return None
    for kind in kinds:
        try:
            if bot_kind(str(kind)) == "hard":
                return None
        except ValueError:
            continue
    return Msg(
        "--rollouts bounds the hard bot's thinking, and no seat is a hard bot; "
        "add a hard bot to --players, or leave --rollouts out."
    )


class LazyBot:
    """The bot of a seat: a bot of ``kind`` (see :func:`make_bot`) made at its
    first use, and made anew whenever the seat must know a game from its start
    (:meth:`relearn`).

    The module of a strong bot is loaded, and the bot built, when it first has to
    decide (or anything but ``tell`` is asked of it), not before the first
    prompt. The events told before are kept and told to it, in order, once it
    is made, so it answers exactly as one made at once would. Raises KeyError
    for an unknown kind at once."""

    def __init__(self, kind: str, seed: int = 0, think_ms: int | None = None, rollouts: int | None = None) -> None:
        if not is_bot_kind(kind):
            raise KeyError(kind)
        self._args = (kind, seed, think_ms, rollouts if kind == "hard" else None)
        self._bot: Bot | None = None
        self._told: list[GameEvent] = []

    @property
    def options(self) -> dict[str, int]:
        """The options a record keeps for this bot so that it is made the same when the
        game is resumed: ``{"rollouts": N}`` for a hard bot with a rollout bound, else {}."""
        rollouts = self._args[3]
        return {} if rollouts is None else {"rollouts": rollouts}

    def _made(self) -> Bot:
        if self._bot is None:
            kind, seed, think_ms, rollouts = self._args
            self._bot = make_bot(kind, seed, think_ms=think_ms, rollouts=rollouts)
            told, self._told = self._told, []
            tell = getattr(self._bot, "tell", None)
            if tell is not None and told:
                tell(told)
        return self._bot

    def tell(self, events: list[GameEvent]) -> None:
        """Keep ``events`` for the bot, or tell them to it once it is made."""
        if self._bot is None:
            self._told.extend(events)
        else:
            tell = getattr(self._bot, "tell", None)
            if tell is not None:
                tell(events)

    def relearn(self, events: list[GameEvent]) -> None:
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

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_args", "_bot", "_told"):
            raise AttributeError(name)
        return getattr(self._made(), name)


SEAT_LANGUAGES = ("en", "nl")
SEAT_VERBOSITIES = ("terse", "normal", "verbose")


class SeatSpec(tuple[str, str]):
    """One seat of ``--players``: a (name, kind) pair, as before, that also
    carries the seat's own ``language`` (en or nl) and ``verbosity`` (terse,
    normal or verbose), each None when the seat did not give one."""

    language: str | None
    verbosity: str | None

    def __new__(cls, name: str, kind: str, language: str | None = None, verbosity: str | None = None) -> SeatSpec:
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


def default_seat_names(record: dict[str, Any], lang: Language, game_language: str | None = None) -> dict[str, str]:
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
    from .i18n import LANGUAGES, Language
    from .rules.decisions import N_

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


def rename_seats(record: dict[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
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


SEAT_SEPARATORS = ",:"
"""The characters a seat list (``Ann:human,Bob:bigmoney``) and a typed line to a seat
(``Bea: hand``) read as separators, which no seat name holds."""


def seat_name_fault(name: str, remote: bool) -> str | None:
    """What keeps ``name`` from being a seat's name: ``"control"`` (a control, escape or
    formatting character, :func:`~a11y_dominion.files.has_control`), ``"separator"`` (a
    character of :data:`SEAT_SEPARATORS`) or ``"space"`` (with ``remote``: a seat whose player
    logs in over SSH, with the name as the user name); None when it can be one. The one rule
    for the characters of a seat's name, which :func:`parse_seats` and the server's account
    names (:mod:`a11y_dominion.server.names`) follow, each saying it in its own words."""
    if has_control(name):
        return "control"
    if any(c in SEAT_SEPARATORS for c in name):
        return "separator"
    if remote and any(c.isspace() for c in name):
        return "space"
    return None


def seat_name_refusal(name: str, remote: bool) -> Msg | None:
    """Why ``name`` cannot be a seat's name (``remote``: its player logs in over SSH), as one
    sentence (see :func:`seat_name_fault`), or None when it can be one."""
    fault = seat_name_fault(name, remote)
    if fault == "control":
        return Msg(
            "The seat name {name} holds control, escape or formatting characters, which a name cannot have.",
            name=shown_name(name, 40),
        )
    if fault == "separator":
        return Msg(
            "The seat name {name} holds a comma or a colon, which separate seats and their kinds; "
            "a name cannot hold them.",
            name=name,
        )
    if fault == "space":
        # the seat's name is the user name its player gives ssh (ssh -p PORT Ann@host)
        return Msg(
            "The seat {name} joins over SSH, where its name is the user name, which cannot hold a space; "
            "give it a name without spaces, for example {example}.",
            name=name,
            example="".join(name.split()),
        )
    return None


def parse_seats(text: str, remote: bool = False) -> list[SeatSpec]:
    """``"Ann:human:nl,Bob:bigmoney"`` → [SeatSpec("Ann", "human", "nl"), SeatSpec("Bob", "bigmoney")].

    Each seat is ``Name:kind`` (kind human, a bot of :data:`BOT_KINDS` or a strategy,
    see :func:`bot_kind`; human when left out; a strategy file alone, ``smithy.toml``,
    is a seat named after the file, and a bot's kind alone, ``medium``, is that bot, named
    as :func:`bot_seat_names` names it), and a human seat may add its own language and verbosity as
    more parts, in any order: ``Ann:human:nl:terse``, or with names,
    ``Ann:human:lang=nl:verbosity=terse``. The seats compare equal to
    (name, kind) pairs. Raises ValueError with one sentence for a bad seat
    list. With ``remote`` (the ``host`` command) the people's seats are
    ``remote`` (a player at another computer, over SSH) by default, and
    ``human`` is the player at the host's own terminal.
    """
    person = "remote" if remote else "human"
    seats: list[SeatSpec] = []
    bare: set[int] = set()  # the seats given as a bot's kind alone, named once every seat is read
    for part in [x.strip() for x in text.split(",") if x.strip()]:
        name, _, rest = part.partition(":")
        if not rest and name.strip().lower() in BOT_KINDS:  # medium: the medium bot
            bare.add(len(seats))
            seats.append(SeatSpec("", name.strip().lower()))
            continue
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
        refusal = seat_name_refusal(name, remote=False)
        if refusal is not None:
            raise ValueError(refusal)
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
        if any(n.lower() == name.lower() for i, (n, _) in enumerate(seats) if i not in bare):
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
        refusal = seat_name_refusal(name, remote=kind == "remote")
        if refusal is not None:
            raise ValueError(refusal)
        seats.append(SeatSpec(name, kind, language, verbosity))
    if not 2 <= len(seats) <= 6:
        raise ValueError(Msg("A game needs 2 to 6 seats."))
    if bare:
        seats = bot_seat_names(seats, bare)
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


def bot_seat_names(seats: list[SeatSpec], bare: set[int]) -> list[SeatSpec]:
    """``seats`` with each seat whose index is in ``bare`` (a bot given by its kind alone) named
    after its kind (:data:`~a11y_dominion.bots.kinds.BOT_SEAT_NAMES`: "Medium", "Big Money"),
    numbered when the kind is given alone more than once ("Medium 1", "Medium 2"), and numbered
    on past a name another seat has ("Medium 2" beside a person called Medium): every name its
    own, in any letter case. A new list; the other seats are as they were."""
    taken = {spec.name.lower() for i, spec in enumerate(seats) if i not in bare}
    out = list(seats)
    for i in sorted(bare):
        kind = seats[i].kind
        label = BOT_SEAT_NAMES[kind]
        alone = sum(seats[j].kind == kind for j in bare) == 1
        numbers = (f"{label} {n}" for n in range(2 if alone else 1, 2 + len(seats)))
        name = next(n for n in ([label] if alone else []) + list(numbers) if n.lower() not in taken)
        taken.add(name.lower())
        out[i] = SeatSpec(name, kind)
    return out


def play_bots(game: Game, bots: Mapping[str, Seat], max_steps: int = 200000) -> str | None:
    """Let bots answer every decision until the game ends, through a
    :class:`~a11y_dominion.table.Table`.

    ``bots`` maps player name to a seat. Returns None, or a sentence if the
    game did not end within ``max_steps`` answers.
    """
    return Table(game, bots, max_answers=max_steps).run()
