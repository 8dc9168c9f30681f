"""Decisions: the only way the engine asks anything of a seat.

A :class:`Decision` names the player who decides, what kind of answer is
wanted, the legal option keys, how many may be chosen, and the card, Event
or Landmark that asks. Every answer is a list of option keys (strings).
:meth:`Decision.check` returns why an answer is refused, or None.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, cast

from .cost import Cost
from .native import mypyc_attr


def N_(message: str) -> str:
    """Mark an English template for translation (it is returned unchanged)."""
    return message


def shown(value: Any) -> Any:
    """A field's value as a sentence shows it: text with a control, escape or formatting
    character (from a file, an argument, the network) has each of them as ``?``, so
    none reaches a terminal; other values are as they are."""
    if isinstance(value, str) and not value.isprintable():
        return "".join(ch if ch.isprintable() else "?" for ch in value)
    return value


@mypyc_attr(native_class=False)  # (derived from the standard library's Formatter)
class _EnglishForms(string.Formatter):
    """``str.format`` plus ``{n:one|many}``: the English form for the number ``n``
    ("1 coin", "2 coins"); other languages choose theirs in :mod:`a11y_dominion.i18n`."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec and isinstance(value, int) and not isinstance(value, bool):
            forms = format_spec.split("|")
            return forms[0] if abs(value) == 1 else forms[-1]
        return super().format_field(value, format_spec)


_FORMS = _EnglishForms()


def fill(template: str, args: dict[str, Any]) -> str:
    """``template`` with its ``{fields}`` filled from ``args`` (text fields :func:`shown`);
    ``{n:one|many}`` is the form for the number ``n``."""
    if not args:
        return template
    values = {k: shown(v) for k, v in args.items()}
    return _FORMS.vformat(template, (), values) if "|" in template else template.format(**values)


@mypyc_attr(native_class=False)  # (derived from str)
class Msg(str):
    """An English sentence that keeps its template and fields, so that it
    can be shown in another language. ``Msg("{card} costs {cost}.", card="Gold", cost=...)``."""

    template: str
    args: dict[str, Any]

    def __new__(cls, template: str, **args: Any) -> Msg:
        obj = str.__new__(cls, fill(template, args))
        obj.template = template
        obj.args = args
        return obj


class IllegalAnswer(ValueError):
    """Raised by ``Game.answer`` for a refused answer; the game is unchanged.

    ``str(err)`` is one sentence saying what was wrong and what is allowed.
    """


class _Words(str, Enum):
    """An enum whose members are also their plain string values, so that
    ``Kind.TURN == "turn"`` and JSON writes ``"turn"``."""

    def __str__(self) -> str:
        return str(self.value)


class Kind(_Words):
    """What kind of answer a :class:`Decision` wants."""

    TURN = "turn"  # a move at the turn prompt: the options are :class:`Move` values
    CARDS = "cards"  # card names, repeats allowed up to ``counts``
    PILE = "pile"  # a Supply pile name
    YESNO = "yesno"  # "yes" or "no"
    NUMBER = "number"  # digits, and maybe "pass"
    MODE = "mode"  # one named choice


class Purpose(_Words):
    """What a :class:`Decision`'s choice is for (bots and the console read it)."""

    MOVE = "move"
    PLAY = "play"
    TRASH = "trash"
    DISCARD = "discard"
    GAIN = "gain"
    TOPDECK = "topdeck"
    REVEAL = "reveal"
    KEEP = "keep"
    TAKE = "take"
    ORDER = "order"
    COPY = "copy"
    BID = "bid"
    PAY = "pay"
    MODE = "mode"
    ADD_DEBT = "add debt"  # choose a pile to put Debt tokens on
    YESNO = "yesno"
    SET_ASIDE = "set aside"


class MoveKind(_Words):
    """The verbs of a turn move."""

    PLAY = "play"  # play the card ``Move.name`` from the hand
    TREASURES = "treasures"  # play every Treasure that asks nothing when played
    BUY = "buy"  # buy the top card of the pile ``Move.name``, or the Event ``Move.name``
    PAY = "pay"  # pay ``Move.amount`` Debt
    END = "end"  # end the phase


@dataclass(frozen=True)
class Move:
    """One move at the turn prompt: a verb and its card, pile, Event or amount.

    ``Move.play("Silver")``, ``Move.buy("Province")``, ``Move.pay(3)``,
    ``Move.TREASURES_ALL``... compare equal by value. :meth:`to_dict` /
    :meth:`from_dict` give the JSON form ``{"move": "play", "card": "Silver"}``;
    :meth:`key` / :meth:`from_key` the short text form of version 1 records
    (``"play:Silver"``, ``"pay:3"``, ``"end"``).
    """

    kind: MoveKind
    name: str = ""
    amount: int = 0

    @staticmethod
    def play(card: str) -> Move:
        """Play ``card`` (an English card name) from the hand."""
        m = _PLAYS.get(card)  # (the move made before, with no other call: bots ask for it at most decisions)
        return m if m is not None else _made(MoveKind.PLAY, card, 0)

    @staticmethod
    def buy(name: str) -> Move:
        """Buy the top card of the pile ``name``, or the Event ``name``."""
        m = _BUYS.get(name)  # (as for play)
        return m if m is not None else _made(MoveKind.BUY, name, 0)

    @staticmethod
    def pay(amount: int) -> Move:
        """Pay ``amount`` Debt (a whole number from 1)."""
        return _made(MoveKind.PAY, "", amount)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied as the move of its fields (compiled, a frozen dataclass cannot be
        # pickled field by field)
        return (_made, (self.kind, self.name, self.amount))

    @property
    def key(self) -> str:
        """The short text form: ``play:Silver``, ``buy:Gold``, ``pay:3``, ``treasures``, ``end``."""
        if self.kind in (MoveKind.PLAY, MoveKind.BUY):
            return f"{self.kind.value}:{self.name}"
        if self.kind is MoveKind.PAY:
            return f"pay:{self.amount}"
        return str(self.kind.value)

    def __str__(self) -> str:
        return self.key

    @staticmethod
    def from_key(key: str) -> Move:
        """The move for a short text form; raises ValueError for text that is no move."""
        verb, sep, arg = key.partition(":")
        try:
            kind = MoveKind(verb)
        except ValueError:
            raise ValueError(f"{key!r} is not a move") from None
        if kind in (MoveKind.PLAY, MoveKind.BUY) and sep and arg:
            return Move(kind, arg)
        if kind is MoveKind.PAY and sep and arg.isascii() and arg.isdecimal():
            return Move.pay(int(arg))
        if kind in (MoveKind.TREASURES, MoveKind.END) and not sep:
            return Move(kind)
        raise ValueError(f"{key!r} is not a move")

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"move": verb}`` plus ``"card"`` (play, buy) or ``"amount"`` (pay)."""
        out: dict[str, Any] = {"move": self.kind.value}
        if self.kind in (MoveKind.PLAY, MoveKind.BUY):
            out["card"] = self.name
        elif self.kind is MoveKind.PAY:
            out["amount"] = self.amount
        return out

    @staticmethod
    def from_dict(data: Any) -> Move:
        """The move for its JSON form (or its short text form); raises ValueError."""
        if isinstance(data, Move):
            return data
        if isinstance(data, str):
            return Move.from_key(data)
        if not isinstance(data, dict) or not isinstance(data.get("move"), str):
            raise ValueError("a move is an object with a move field")
        try:
            kind = MoveKind(data["move"])
        except ValueError:
            raise ValueError(f"{data['move']!r} is not a move") from None
        if kind in (MoveKind.PLAY, MoveKind.BUY):
            card = data.get("card")
            if not isinstance(card, str) or not card:
                raise ValueError("a play or buy move names its card")
            return Move(kind, card)
        if kind is MoveKind.PAY:
            n = data.get("amount")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ValueError("a pay move has a whole amount from 1")
            return Move.pay(n)
        return Move(kind)


_MADE: dict[tuple[MoveKind, str, int], Move] = {}
_MADE_MOST = 4096
_PLAYS: dict[str, Move] = {}
_BUYS: dict[str, Move] = {}
"""The play and buy moves kept in ``_MADE``, by name."""


def _made(kind: MoveKind, name: str, amount: int) -> Move:
    """The move of these fields: moves are values, so one is made per value
    and shared (bots ask for the same few moves at every decision); at most
    ``_MADE_MOST`` are kept."""
    key = (kind, name, amount)
    m = _MADE.get(key)
    if m is None:
        m = Move(kind, name, amount)
        if len(_MADE) < _MADE_MOST:
            _MADE[key] = m
            if not amount and kind is MoveKind.PLAY:
                _PLAYS[name] = m
            elif not amount and kind is MoveKind.BUY:
                _BUYS[name] = m
    return m


END_MOVE = _made(MoveKind.END, "", 0)
"""The move that ends the phase (every ``Move(MoveKind.END)`` is equal to it; bots answer with this one)."""
TREASURES_MOVE = _made(MoveKind.TREASURES, "", 0)
"""The move "play treasures" (every ``Move(MoveKind.TREASURES)`` is equal to it)."""

Option = str | Move


def _encode(value: Any) -> Any:
    """A prompt field as JSON: costs and phrases (:class:`Msg`) as tagged objects."""
    if isinstance(value, Cost):
        return {"cost": value.as_dict()}
    if isinstance(value, Msg):
        return {"msg": value.template, "args": {k: _encode(v) for k, v in value.args.items()}}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"cost"}:
        return Cost(value["cost"]["coins"], value["cost"]["debt"])
    if isinstance(value, dict) and set(value) == {"msg", "args"}:
        return Msg(value["msg"], **{k: _decode(v) for k, v in value["args"].items()})
    return value


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # (kept in saved and copied games)
@dataclass
class Decision:
    """One pending question to one player: plain data, so it can be saved
    and sent to a seat anywhere (:meth:`to_data` / :meth:`from_data`).

    ``kind`` (a :class:`Kind`) says what answer is wanted; ``purpose`` (a
    :class:`Purpose`) what the choice is for. ``options`` are the legal
    option keys: :class:`Move` values for a turn decision, strings (card
    names, pile names, ``yes``/``no``, digits, ``pass``, mode keys)
    otherwise. ``min``/``max`` bound how many keys the answer lists;
    ``counts`` how often each card name may appear; ``distinct`` asks for
    differently named cards only; ``ordered`` for an order, first
    one on top. ``template`` and ``args`` are the English prompt before its
    fields were filled in, for translation.
    """

    player: str
    kind: Kind
    purpose: Purpose
    prompt: str
    options: Sequence[Option]
    min: int = 1
    max: int = 1
    counts: dict[str, int] | None = None
    source: str = ""
    labels: dict[Option, str] = field(default_factory=dict)
    distinct: bool = False
    ordered: bool = False
    template: str = ""  # the English prompt before its fields were filled in (for translation)
    args: dict[str, Any] = field(default_factory=dict)  # the fields: player, card, count...

    def __init__(
        self,
        player: str,
        kind: Kind | str,
        purpose: Purpose | str,
        prompt: str,
        options: Sequence[Option],
        min: int = 1,
        max: int = 1,
        counts: dict[str, int] | None = None,
        source: str = "",
        labels: dict[Option, str] | None = None,
        distinct: bool = False,
        ordered: bool = False,
        template: str = "",
        args: dict[str, Any] | None = None,
    ) -> None:
        # (written out, not made by ``dataclass``: compiled, a dataclass's own ``__init__`` runs as Python)
        self.player = player
        self.kind = kind if type(kind) is Kind else Kind(kind)
        self.purpose = purpose if type(purpose) is Purpose else Purpose(purpose)
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.counts = counts
        self.source = source
        self.labels = {} if labels is None else labels
        self.distinct = distinct
        self.ordered = ordered
        self.template = template
        self.args = {} if args is None else args

    def count_of(self, key: Option) -> int:
        """How many times ``key`` may appear in one answer."""
        if self.counts is not None:
            return int(self.counts.get(key, 0)) if isinstance(key, str) else 0
        return 1 if key in self.options else 0

    def check(self, answer: object) -> str | None:
        """Why ``answer`` (a list of option keys, as a seat sent it: anything) is refused, as a
        :class:`Msg`, or None if legal."""
        if not isinstance(answer, list):
            return Msg("An answer is a list of option names.")
        chosen: dict[Option, int] = {}  # (how often each key is chosen: a plain dict counts faster than a Counter)
        for a in answer:
            if not isinstance(a, (str, Move)):
                return Msg("An answer is a list of option names.")
            chosen[a] = chosen.get(a, 0) + 1
        for key, n in chosen.items():
            have = self.count_of(key)
            if have == 0 and self.kind is Kind.NUMBER:  # not the whole list of numbers: their range
                nums = [o for o in self.options if o != "pass"]
                return Msg(
                    N_("{choice} cannot be chosen here; type a number from {low} to {high}, or pass.")
                    if "pass" in self.options
                    else N_("{choice} cannot be chosen here; type a number from {low} to {high}."),
                    choice=str(key),
                    low=nums[0] if nums else "",
                    high=nums[-1] if nums else "",
                )
            if have == 0:
                return Msg(
                    "{choice} is not one of the choices. Choose from: {allowed}.",
                    choice=str(self.labels.get(key, key)),
                    allowed=self._allowed(),
                )
            if n > have:
                return Msg(
                    N_("{choice} can be chosen at most {most} times here.")
                    if have != 1
                    else N_("{choice} can be chosen only once here."),
                    choice=str(key),
                    most=have,
                )
        if len(answer) < self.min or len(answer) > self.max:
            if self.min == self.max:
                t = N_("Choose exactly {low}; you chose {got}. Choices: {allowed}.")
            elif self.max >= 99:
                t = N_("Choose at least {low}; you chose {got}. Choices: {allowed}.")
            else:
                t = N_("Choose from {low} to {high}; you chose {got}. Choices: {allowed}.")
            return Msg(t, low=self.min, high=self.max, got=len(answer), allowed=self._allowed())
        if self.distinct and len(set(answer)) != len(answer):
            return Msg(N_("{source} takes only cards with different names."), source=self.source)
        return None

    def _allowed(self) -> str:
        """The choices, as the sentences of :meth:`check` list them (written only for a refusal)."""
        return ", ".join(str(self.labels.get(o, o)) for o in self.options) or "nothing"

    def distinct_results(self) -> list[Option] | None:
        """The single answer every legal choice amounts to, or None.

        Used to resolve a choice nobody needs to make: one distinct card for
        a forced choice, or nothing at all to choose.
        """
        if self.kind in (Kind.TURN, Kind.YESNO, Kind.NUMBER, Kind.MODE):
            return None
        total = sum(self.count_of(o) for o in self.options)
        if self.max == 0 or total == 0:
            return [] if self.min == 0 else None
        if self.distinct:
            return None
        if len(self.options) == 1 and self.min == self.max:
            if self.count_of(self.options[0]) >= self.min:
                return [self.options[0]] * self.min
        if self.min >= total and self.max >= total and not self.ordered:
            out = []
            for o in self.options:
                out.extend([o] * self.count_of(o))
            return out
        return None

    def to_dict(self) -> dict[str, Any]:
        """The short JSON form used for ``pending`` in scenario output (options as words)."""
        return {
            "player": self.player,
            "prompt": self.prompt,
            "options": [str(self.labels.get(o, o)) for o in self.options],
            "min": self.min,
            "max": self.max,
            "kind": self.kind.value,
            "purpose": self.purpose.value,
            "source": self.source,
        }

    def to_data(self) -> dict[str, Any]:
        """Every field as JSON-ready data (moves as objects, costs and phrases
        in the prompt fields tagged); :meth:`from_data` gives the decision back."""
        return {
            "player": self.player,
            "kind": self.kind.value,
            "purpose": self.purpose.value,
            "prompt": self.prompt,
            "options": [o.to_dict() if isinstance(o, Move) else o for o in self.options],
            "min": self.min,
            "max": self.max,
            "counts": dict(self.counts) if self.counts is not None else None,
            "source": self.source,
            "labels": dict(self.labels),
            "distinct": self.distinct,
            "ordered": self.ordered,
            "template": self.template,
            "args": {k: _encode(v) for k, v in self.args.items()},
        }

    @staticmethod
    def from_data(data: dict[str, Any]) -> Decision:
        """The decision for its :meth:`to_data` form; raises ValueError or KeyError for other data."""
        kind = Kind(data["kind"])
        options = [Move.from_dict(o) for o in data["options"]] if kind is Kind.TURN else list(data["options"])
        return Decision(
            data["player"],
            kind,
            Purpose(data["purpose"]),
            data["prompt"],
            options,
            data["min"],
            data["max"],
            counts=data.get("counts"),
            source=data.get("source", ""),
            labels=dict(data.get("labels") or {}),
            distinct=bool(data.get("distinct", False)),
            ordered=bool(data.get("ordered", False)),
            template=data.get("template", ""),
            args={k: _decode(v) for k, v in (data.get("args") or {}).items()},
        )

    def normalize(self, answer: Any) -> list[Option]:
        """An answer as received (a list of keys; for a turn, moves or their
        JSON or short text forms) with turn moves made :class:`Move` values.
        Raises ValueError for an answer that is not a list of keys."""
        if isinstance(answer, (str, Move, dict)):
            answer = [answer]
        if not isinstance(answer, list):
            raise ValueError("An answer is a list of option names.")
        if self.kind is Kind.TURN:
            return [Move.from_dict(a) for a in answer]
        return list(answer)


def turn_moves(d: Decision) -> Sequence[Move]:
    """The options of ``d``, a turn decision: every one a :class:`Move` (the
    options of every other decision are strings). Not checked: bots read them
    at every turn."""
    return cast("Sequence[Move]", d.options)


def option_words(d: Decision) -> Sequence[str]:
    """The options of ``d``, a decision other than a turn: every one a string
    (card names, pile names, ``yes``/``no``, digits, ``pass``, mode keys). Not checked."""
    return cast("Sequence[str]", d.options)
