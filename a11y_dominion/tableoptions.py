"""The options of a table, shared by ``host`` and the server's ``new``: the checks of the bot
kinds, the Kingdom, Events and Landmarks, ``--rollouts`` and ``--bot-after``, each refusing in
one sentence: the same sentence whichever of the two commands was typed, but that an option is
named as it is typed there (``--bot-after`` on ``host``'s command line, ``bot-after`` at the
lobby) and that the lobby's bots are only bots.

:func:`table_options` reads the words typed after ``new`` (``players 2 bots medium,hard
kingdom random``, with or without the dashes of ``host``'s options) into a
:class:`TableOptions`; ``host`` calls the same checks on its parsed command line
(:func:`bot_after_refusal`, :func:`setup_of`, :func:`~a11y_dominion.seats.rollouts_refusal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .kingdoms import KingdomError, Setup, choose_setup
from .rules.decisions import Msg
from .settings import switch

if TYPE_CHECKING:
    from .rules.game import Game

MAX_BOT_AFTER = 86400
"""The most seconds ``--bot-after`` waits for a player who went away."""

OPTIONS = ("players", "bots", "kingdom", "events", "landmarks", "undo", "bot-after", "rollouts", "seed")
"""The options of ``new``, in the order its help lists them."""

DUTCH_OPTIONS = {
    "spelers": "players",
    "koninkrijk": "kingdom",
    "gebeurtenissen": "events",
    "oriëntatiepunten": "landmarks",
    "herstel": "undo",
}
"""The Dutch word of each option that has one, taken in any language."""

ON_WORDS = {"aan": True, "uit": False}  # (Dutch on and off; on, off, yes and no as settings.switch reads them)

MOST_PEOPLE = 6
"""The most people (and seats) at one table."""


@dataclass(frozen=True)
class TableOptions:
    """What ``new`` asked for: ``people`` (the seats for people, 1 to 6), ``bots`` (the bot
    kinds of the other seats, in seat order), ``kingdom`` (``basic-intro``,
    ``advanced-intro``, ``random`` or card names separated by commas), ``events`` and
    ``landmarks`` (names separated by commas, or None for the Kingdom's own), ``undo`` (the
    players may take back their last answer), ``bot_after`` (seconds before the medium bot
    plays for a player who went away; None: the game waits), ``rollouts`` (the hard bots'
    rollouts; None: they think for a time) and ``seed`` (None: drawn when the game is dealt)."""

    people: int = 4
    bots: tuple[str, ...] = field(default_factory=tuple)
    kingdom: str = "basic-intro"
    events: str | None = None
    landmarks: str | None = None
    undo: bool = True
    bot_after: float | None = None
    rollouts: int | None = None
    seed: int | None = None

    @property
    def seats(self) -> int:
        """Every seat of the table: its people's and its bots'."""
        return self.people + len(self.bots)

    def bot_names(self) -> list[str]:
        """The bots' seat names in seat order: "Bot 1", "Bot 2", ..."""
        return [f"Bot {i}" for i in range(1, len(self.bots) + 1)]

    def bot_options(self) -> dict[str, dict[str, int]]:
        """Bot seat name to the options its bot is made with (``{"rollouts": N}`` for a hard bot)."""
        if self.rollouts is None:
            return {}
        return {
            name: {"rollouts": self.rollouts}
            for name, kind in zip(self.bot_names(), self.bots, strict=True)
            if kind == "hard"
        }


def bot_after_refusal(value: float | None, option: str = "--bot-after") -> Msg | None:
    """The sentence refusing ``--bot-after`` ``value`` (seconds) outside 0 to
    :data:`MAX_BOT_AFTER` (or not a number), naming the option as ``option`` (``bot-after`` at
    the lobby); None when it is fine or not given."""
    if value is not None and not (0 <= value <= MAX_BOT_AFTER and value == value):
        return Msg("{option} must be a number of seconds from 0 to {most}.", option=option, most=MAX_BOT_AFTER)
    return None


def setup_of(
    kingdom: str,
    events: str | None,
    landmarks: str | None,
    seed: int,
    players: Sequence[str],
    lobby: bool = False,
) -> tuple[Setup, Game]:
    """The setup of a game for the options ``kingdom``, ``events`` and ``landmarks`` (see
    :func:`~a11y_dominion.kingdoms.choose_setup`) dealt with ``seed`` for the seat names
    ``players``: ((kingdom piles, events, landmarks), the
    :class:`~a11y_dominion.rules.game.Game`, not yet started). Raises
    :class:`~a11y_dominion.kingdoms.KingdomError` with one sentence for a setup that cannot be
    played (``lobby``: the lobby's sentence where it names an option, as ``choose_setup``'s)."""
    from .rules.game import Game, GameConfig, SetupError

    setup = choose_setup(kingdom, events, landmarks, seed, lobby)
    piles, evs, lms = setup
    try:
        game = Game(GameConfig(list(players), piles, evs, lms, seed))
    except SetupError as e:
        raise KingdomError(e.args[0]) from e
    return setup, game


NAMED_OPTIONS = ("kingdom", "events", "landmarks")
"""The options whose value is names, which may have spaces (``kingdom Throne Room, Village``)."""


def _option_word(word: str) -> str | None:
    """The option of ``new`` that ``word`` names (``players``, ``--bots``, ``spelers``), or None."""
    name = word.lstrip("-").casefold()
    name = DUTCH_OPTIONS.get(name, name).replace("_", "-")
    return name if name in OPTIONS else None


def _whole(option: str, text: str, least: int, most: int) -> int:
    if not (text.isascii() and text.isdecimal() and len(text) <= 19 and least <= int(text) <= most):
        raise KingdomError(
            Msg("{option} must be a whole number from {least} to {most}.", option=option, least=least, most=most)
        )
    return int(text)


def table_options(words: Sequence[str], files: bool = False) -> TableOptions:
    """The :class:`TableOptions` that ``words`` (the words typed after ``new``, split at
    spaces) ask for: option names with or without leading dashes (``players 2``,
    ``--bots medium,hard``, ``undo off``, English or Dutch), each followed by its value (a list
    with or without a space after each comma: ``bots medium, hard``).
    ``files``: a bot may be a strategy file (``host``; never at a server, where a file is the
    server's). Raises :class:`~a11y_dominion.kingdoms.KingdomError` with one sentence (a
    :class:`Msg`), the one ``host`` gives for the same option where it has it, but an option
    is named as the lobby takes it (``events``, not ``--events``) and an unknown Kingdom card
    is refused with the Kingdom cards named, as the lobby has no ``cards`` command."""
    from .bots.kinds import BOT_KINDS, BOT_NAMES, is_bot_kind
    from .seats import MAX_ROLLOUTS, parse_seats, rollouts_refusal
    from .seeds import MAX_SEED

    given: dict[str, str] = {}
    rest = list(words)
    while rest:
        word = rest.pop(0)
        name = _option_word(word)
        if name is None:
            raise KingdomError(
                Msg(
                    "{word} is not an option of new; the options are players, bots, kingdom, events, landmarks, "
                    "undo, bot-after, rollouts and seed.",
                    word=word[:40],
                )
            )
        if not rest:
            raise KingdomError(Msg("{option} needs a value after it, for example: new {option} 2.", option=name))
        value = rest.pop(0)
        if name in NAMED_OPTIONS:  # names of several words (Throne Room, Basic Intro), up to the next option
            while rest and _option_word(rest[0]) is None:
                value += " " + rest.pop(0)
        while value.endswith(",") and rest:  # a list typed as it is said: medium, hard
            value += rest.pop(0)
        given[name] = value
    bots: tuple[str, ...] = ()
    if "bots" in given:
        kinds = [k.strip() for k in given["bots"].split(",") if k.strip()]
        if not files and any(k.lower().endswith(".toml") for k in kinds):
            raise KingdomError(
                Msg("A strategy file cannot play at a server table; name a bot or a strategy: {bots}.", bots=BOT_NAMES)
            )
        for kind in kinds:
            if kind.lower() not in BOT_KINDS and not is_bot_kind(kind):
                raise KingdomError(Msg("{kind} is not a bot; the bots are {bots}.", kind=kind[:40], bots=BOT_NAMES))
        bots = tuple(kinds)
    people = _whole("players", given["players"], 1, MOST_PEOPLE) if "players" in given else None
    if people is None:
        people = max(1, 4 - len(bots))
    seats = [f"Seat{i}:remote" for i in range(1, people + 1)]
    seats += [f"Bot{i}:{kind}" for i, kind in enumerate(bots, 1)]
    try:
        specs = parse_seats(",".join(seats), remote=True)  # the bot kinds, and 2 to 6 seats, as host checks them
    except ValueError as e:
        raise KingdomError(e.args[0]) from e
    bots = tuple(spec.kind for spec in specs[people:])
    rollouts = _whole("rollouts", given["rollouts"], 1, MAX_ROLLOUTS) if "rollouts" in given else None
    if rollouts_refusal(rollouts, list(bots)) is not None:
        raise KingdomError(
            Msg(
                "rollouts bounds the hard bot's thinking, and no bot here is hard; add bots hard, or leave "
                "rollouts out."
            )
        )
    bot_after: float | None = None
    if "bot-after" in given:
        try:
            bot_after = float(given["bot-after"])
        except ValueError:
            bot_after = -1.0
        refused = bot_after_refusal(bot_after, "bot-after")
        if refused is not None:
            raise KingdomError(refused)
    undo = True
    if "undo" in given:
        word = given["undo"].casefold()
        said = ON_WORDS.get(word, switch(word))
        if said is None:
            raise KingdomError(Msg("undo takes on or off, for example: new undo off."))
        undo = said
    seed = _whole("seed", given["seed"], 0, MAX_SEED) if "seed" in given else None
    options = TableOptions(
        people=people,
        bots=bots,
        kingdom=given.get("kingdom", "basic-intro"),
        events=given.get("events"),
        landmarks=given.get("landmarks"),
        undo=undo,
        bot_after=bot_after,
        rollouts=rollouts,
        seed=seed,
    )
    names = [f"Seat{i}" for i in range(1, people + 1)] + options.bot_names()
    setup_of(options.kingdom, options.events, options.landmarks, seed or 0, names, lobby=True)  # (as host checks it)
    return options
