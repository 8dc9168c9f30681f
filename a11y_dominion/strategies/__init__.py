"""Strategies as data: a bot's buy list and play choices in a TOML file.

A strategy file (see ``docs/strategies.md``) holds an ordered buy list, each
entry a card or Event with conditions that must all hold, and a few play
choices: which Actions to play first, which cards to trash or discard first
when a card asks, and whether to pay off Debt. :func:`load_strategy` reads and
checks one; a damaged or wrong file raises :class:`StrategyError` with one
sentence that names the line and what is allowed. The classic strategies ship
beside this module (``smithy.toml`` and others, :func:`shipped`); a seat kind
that names one, or a path ending in ``.toml``, is a strategy seat
(:func:`is_strategy_kind`), played by
:class:`~a11y_dominion.bots.strategy.StrategyBot`.

Everything here is plain data (tuples, strings, numbers), so a strategy and a
bot that holds one can be pickled for the worker processes of ``simulate``.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files import FileError, read_text, shown_name
from ..i18n import typed_command
from ..rules.cards import CARDS, EVENTS, PILES
from ..rules.decisions import Msg

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with tomli (a dependency there)
    import tomli as tomllib

STRATEGY_LIMIT = 64 * 1024
"""The largest strategy file read, in bytes (the classic ones are under 2 KiB)."""

FOLDER = Path(__file__).resolve().parent
"""Where the shipped strategies are (``NAME.toml``)."""

TYPES = ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction", "Duration", "Castle", "Gathering")
"""Card types that ``count`` and ``their_count`` take as well as card names."""

FIELDS = {
    "coins": "the coins you have to spend now",
    "buys": "the Buys you have left",
    "total_money": "the coins of all the Treasures you own (Big Money's total money)",
    "cards": "how many cards you own",
    "provinces_left": "the Provinces left in the Supply",
    "gains_to_end": "the fewest gains that end the game (Provinces left, or the cards of the three smallest piles)",
    "empty_piles": "how many Supply piles are empty",
    "debt": "your Debt",
    "vp_tokens": "your VP tokens",
    "turn": "your turn's number (1 for your first)",
}
"""Fields of a condition that take no card name, with what each is."""

CARD_FIELDS = {
    "count": "how many of a card (or of a type, such as Action) you own",
    "left": "the cards left in a card's Supply pile (0 when it is not in the Supply)",
    "their_count": "the most of a card (or type) that one opponent owns",
    "in_hand": "how many of a card you have in hand",
}
"""Fields of a condition that take a card name in brackets: ``count(Smithy)``."""

TOP_KEYS = {
    "name": Msg("text"),
    "description": Msg("text"),
    "format": Msg("a whole number"),
    "buy": Msg("a list of [[buy]] entries"),
    "play": Msg("a table"),
}
BUY_KEYS = {"card": Msg("a card or Event name"), "when": Msg("a condition or a list of conditions")}
PLAY_KEYS = {
    "actions": Msg("a list of card names"),
    "trash": Msg("a list of card names"),
    "discard": Msg("a list of card names"),
    "pay_debt": Msg("true or false"),
}
COMPARISONS = ("<=", ">=", "==", "!=", "<", ">")


Expr = tuple[Any, ...]
"""An expression tree of a condition, plain tuples: ``("n", number)``, ``("f", field)``,
``("c", field, card)``, ``("t", field, card type)`` or ``(operator, Expr, Expr)``
(operator one of ``+ - * /``)."""

Condition = tuple[Expr, str, Expr]
"""A parsed condition: ``(left, comparison, right)`` (comparison one of :data:`COMPARISONS`)."""

_Token = tuple[Any, ...]
"""A token of a condition: ``("num", number)``, ``("field", word, argument or None)`` or ``("sym", symbol)``."""


class StrategyError(ValueError):
    """A strategy file that cannot be used; ``args[0]`` is one sentence (a
    :class:`~a11y_dominion.rules.decisions.Msg`)."""


@dataclass(frozen=True)
class BuyRule:
    """One entry of the buy list: buy ``card`` when every condition in
    ``when`` holds (each a parsed expression pair, see :func:`parse_condition`);
    ``text`` keeps the conditions as written."""

    card: str
    when: tuple[Condition, ...] = ()
    text: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strategy:
    """A checked strategy: its ``kind`` (the seat kind that named it: a
    shipped name or a path), ``name``, ordered ``buy`` rules, the Actions
    to play first (``actions``), cards to trash and to discard first, and
    whether to pay off Debt (``pay_debt``)."""

    kind: str
    name: str
    buy: tuple[BuyRule, ...] = ()
    actions: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    pay_debt: bool = True
    description: str = ""
    names: frozenset[str] = field(default_factory=frozenset)


# ---------------------------------------------------------------- names and kinds
def shipped() -> list[str]:
    """The names of the shipped strategies (``smithy``, ...), sorted."""
    return sorted(p.stem for p in FOLDER.glob("*.toml"))


def is_strategy_kind(kind: str) -> bool:
    """True when the seat kind ``kind`` names a strategy: a path ending in
    ``.toml`` (any case) or the name of a shipped strategy (any case)."""
    text = kind.strip()
    return text.lower().endswith(".toml") or text.lower() in shipped()


def strategy_path(kind: str) -> str:
    """The file of the strategy seat kind ``kind`` (a shipped name or a path)."""
    text = kind.strip()
    if not text.lower().endswith(".toml"):
        return str(FOLDER / f"{text.lower()}.toml")
    return os.path.expanduser(text)


def seat_name(kind: str) -> str:
    """A seat name for a strategy seat given without one: the file's name
    without ``.toml`` (``smithy`` for ``bots/smithy.toml``)."""
    text = kind.strip().replace("\\", "/").rstrip("/")
    base = text.rsplit("/", 1)[-1]
    return base[:-5] if base.lower().endswith(".toml") else base


_CARD_NAMES = {n.lower(): n for n in list(CARDS) + list(EVENTS) + list(PILES)}
_TYPE_NAMES = {t.lower(): t for t in TYPES}


def _card(word: str) -> str | None:
    """The card, Event or pile name ``word`` spells (any case), or None."""
    return _CARD_NAMES.get(" ".join(word.split()).lower())


# ---------------------------------------------------------------- conditions
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z_0-9]*)\s*(\(([^()]*)\))?|(<=|>=|==|!=|<|>|[-+*/()]))")


class _Bad(Exception):
    """A condition that does not parse; ``args[0]`` says what is wrong (a Msg)."""


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise _Bad(Msg("{rest} cannot be read", rest=repr(text[pos:].strip()[:40])))
        number, word, call, arg, sym = m.groups()
        if number is not None:
            out.append(("num", float(number)))
        elif word is not None:
            out.append(("field", word, arg if call else None))
        else:
            out.append(("sym", sym))
        pos = m.end()
    return out


def _field(word: str, arg: str | None) -> Expr:
    low = word.lower()
    if low in FIELDS:
        if arg is not None:
            raise _Bad(Msg("the field {field} takes no card name", field=low))
        return ("f", low)
    if low in CARD_FIELDS:
        if arg is None or not arg.strip():
            raise _Bad(Msg("the field {field} needs a card name in brackets, as in {field}(Gold)", field=low))
        name = _card(arg)
        if name is None and low in ("count", "their_count"):
            t = _TYPE_NAMES.get(arg.strip().lower())
            if t is not None:
                return ("t", low, t)
        if name is None:
            raise _Bad(Msg("{card} is not a card or card type this game knows", card=repr(arg.strip())))
        return ("c", low, name)
    raise _Bad(
        Msg(
            "{field} is not a field; fields are {fields}",
            field=repr(word),
            fields=", ".join(list(FIELDS) + [f"{f}(card)" for f in CARD_FIELDS]),
        )
    )


def _constant(node: Expr) -> float | None:
    """The value of an expression tree of numbers alone (no field), or None when it reads a
    field (whose value is known only in a game) or divides by 0 itself."""
    if node[0] == "n":
        number: float = node[1]
        return number
    if node[0] in ("f", "c", "t"):
        return None
    a, b = _constant(node[1]), _constant(node[2])
    if a is None or b is None:
        return None
    if node[0] == "+":
        return a + b
    if node[0] == "-":
        return a - b
    if node[0] == "*":
        return a * b
    return a / b if b else None


def parse_condition(text: str) -> Condition:
    """The condition ``text`` (``"count(Smithy) < 1"``) as a plain tuple
    ``(left, comparison, right)``, each side an expression tree of tuples.

    Raises ValueError with a :class:`Msg` (no full stop) saying what is wrong."""
    try:
        toks = _tokens(text)
        pos = 0

        def peek() -> _Token | None:
            return toks[pos] if pos < len(toks) else None

        def atom() -> Expr:
            nonlocal pos
            t = peek()
            if t is None:
                raise _Bad(Msg("it ends before a number or a field"))
            pos += 1
            if t[0] == "num":
                return ("n", t[1])
            if t[0] == "field":
                return _field(t[1], t[2])
            if t[1] == "(":
                inner = expr()
                if peek() != ("sym", ")"):
                    raise _Bad(Msg("a bracket is not closed"))
                pos += 1
                return inner
            if t[1] == "-":
                return ("-", ("n", 0.0), atom())
            raise _Bad(Msg("{word} stands where a number or a field belongs", word=repr(t[1])))

        def term() -> Expr:
            nonlocal pos
            left = atom()
            while peek() in (("sym", "*"), ("sym", "/")):
                op: str = toks[pos][1]
                pos += 1
                right = atom()
                if op == "/" and _constant(right) == 0:
                    raise _Bad(Msg("it divides by 0; divide by a number other than 0, or by a field"))
                left = (op, left, right)
            return left

        def expr() -> Expr:
            nonlocal pos
            left = term()
            while peek() in (("sym", "+"), ("sym", "-")):
                op: str = toks[pos][1]
                pos += 1
                left = (op, left, term())
            return left

        left = expr()
        t = peek()
        if t is None or t[0] != "sym" or t[1] not in COMPARISONS:
            raise _Bad(Msg("it needs a comparison ({ops}) between two sides", ops=" ".join(COMPARISONS)))
        pos += 1
        right = expr()
        if peek() is not None:
            raise _Bad(Msg("something follows its right side"))
        return (left, t[1], right)
    except _Bad as e:
        raise ValueError(e.args[0]) from None


# ---------------------------------------------------------------- reading a file
def toml_line_of(text: str, needle: str, start: int = 1) -> int:
    """The first line (from 1) at or after ``start`` that holds ``needle``; ``start`` if none does."""
    lines = text.splitlines()
    for i in range(max(start, 1) - 1, len(lines)):
        if needle in lines[i]:
            return i + 1
    return start


def toml_key_line(text: str, key: str, start: int = 1) -> int:
    """The first line (from 1) at or after ``start`` where the key ``key`` is given
    a value (``key = ...``); ``start`` if none is found."""
    pat = re.compile(r"^\s*[\"']?" + re.escape(key) + r"[\"']?\s*=")
    lines = text.splitlines()
    for i in range(max(start, 1) - 1, len(lines)):
        if pat.match(lines[i]):
            return i + 1
    return start


def _entry_lines(text: str, table: str) -> list[int]:
    """The lines (from 1) of the ``[[table]]`` headers, in order."""
    pat = re.compile(r"^\s*\[\[\s*" + re.escape(table) + r"\s*\]\]")
    return [i + 1 for i, line in enumerate(text.splitlines()) if pat.match(line)]


def toml_type_name(value: object) -> str:
    """The kind of a TOML ``value`` as a player reads it ("a number", "text", ...), a ``Msg``."""
    if isinstance(value, bool):
        return Msg("true or false")
    if isinstance(value, int | float):
        return Msg("a number")
    if isinstance(value, str):
        return Msg("text")
    if isinstance(value, list):
        return Msg("a list")
    if isinstance(value, dict):
        return Msg("a table")
    return Msg("a date or time")


# the characters tomllib's error messages show escaped ("Illegal character '\\n'"), as words
_ESCAPED_WORDS = {"'\\n'": "a line break", "'\\r'": "a carriage return", "'\\t'": "a tab"}


def toml_error_words(error: str) -> str:
    """tomllib's error message ``error`` as read aloud: without its "(at line 2, column 5)"
    (the sentence names the line) and with a line break or tab it shows escaped
    ("Illegal character '\\n'") named in words ("Illegal character: a line break")."""
    error = re.sub(r"\s*\(at (line|end of document).*\)$", "", error)
    for escaped, words in _ESCAPED_WORDS.items():
        error = error.replace(" " + escaped, ": " + words).replace(escaped, words)
    return error


def parse_strategy(text: str, kind: str, file: str) -> Strategy:
    """The :class:`Strategy` in the TOML ``text`` of the file named ``file``
    (for sentences), seat kind ``kind``.

    Raises :class:`StrategyError` with one sentence naming the line and what
    is allowed: text that is not TOML, a key that is not part of the format,
    a value of the wrong type, a name that is no card, a condition that does
    not parse or names an unknown field."""

    def fail(line: int, what: Msg) -> StrategyError:
        return StrategyError(Msg("{file}, line {line}: {what}.", file=file, line=line, what=what))

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"at line (\d+)", str(e))
        line = int(m.group(1)) if m else max(1, len(text.splitlines()))  # (else "at end of document")
        return_msg = Msg(
            "{file}, line {line}: this is not TOML ({error}); a strategy file is TOML, as docs/strategies.md shows.",
            file=file,
            line=line,
            error=toml_error_words(str(e)),
        )
        raise StrategyError(return_msg) from None

    def check_keys(table: dict[str, Any], allowed: dict[str, Msg], where: str, line: int) -> None:
        for key in table:
            kline = toml_key_line(text, key, line)
            if key not in allowed:
                raise fail(
                    kline,
                    Msg(
                        "{key} is not a key of {where}; its keys are {keys}",
                        key=repr(key),
                        where=where,
                        keys=", ".join(allowed),
                    ),
                )

    def want(value: object, ok: bool, key: str, what: str, line: int) -> None:
        if not ok:
            raise fail(
                line,
                Msg("{key} must be {what}, not {got}", key=key, what=what, got=toml_type_name(value)),
            )

    def card_list(value: Any, key: str, line: int) -> tuple[str, ...]:
        want(
            value,
            isinstance(value, list) and all(isinstance(v, str) for v in value),
            key,
            Msg("a list of card names"),
            line,
        )
        out = []
        for v in value:
            name = _card(v)
            if name is None:
                raise fail(
                    toml_line_of(text, v, line),
                    Msg(
                        "{card} in {key} is not a card name this game knows; {command} cards lists them",
                        card=repr(v),
                        command=typed_command(),
                        key=key,
                    ),
                )
            out.append(name)
        return tuple(out)

    check_keys(data, TOP_KEYS, Msg("a strategy file"), 1)
    for key in ("name", "description"):
        if key in data:
            want(data[key], isinstance(data[key], str), key, Msg("text"), toml_key_line(text, key))
    if "format" in data:
        fmt = data["format"]
        line = toml_key_line(text, "format")
        if isinstance(fmt, bool) or fmt != 1:
            raise fail(line, Msg("format must be 1, the only format this game reads"))
    rules = data.get("buy", [])
    headers = _entry_lines(text, "buy")
    want(
        rules,
        isinstance(rules, list) and all(isinstance(r, dict) for r in rules),
        "buy",
        Msg("a list of [[buy]] entries"),
        toml_line_of(text, "buy"),
    )
    if not rules:
        raise fail(
            toml_line_of(text, "buy"), Msg("a strategy needs a buy list: one [[buy]] entry with a card for each buy")
        )
    buy = []
    for i, rule in enumerate(rules):
        line = headers[i] if i < len(headers) else toml_line_of(text, "buy")
        check_keys(rule, BUY_KEYS, Msg("a [[buy]] entry"), line)
        if "card" not in rule:
            raise fail(line, Msg('this [[buy]] entry has no card; give card = "Silver" or another card name'))
        card = rule["card"]
        cline = toml_key_line(text, "card", line)
        want(card, isinstance(card, str), "card", Msg("a card or Event name"), cline)
        name = _card(card)
        if name is None:
            raise fail(
                cline,
                Msg(
                    "{card} is not a card or Event this game knows; {command} cards lists them",
                    card=repr(card),
                    command=typed_command(),
                ),
            )
        if name in PILES and len(PILES[name].card_names) > 1:
            raise fail(
                cline,
                Msg("{card} is a pile of several cards; name the card to buy, such as its top one", card=repr(card)),
            )
        when = rule.get("when", [])
        wline = toml_key_line(text, "when", line)
        if isinstance(when, str):
            when = [when]
        want(
            when,
            isinstance(when, list) and all(isinstance(w, str) for w in when),
            "when",
            Msg("a condition or a list of conditions"),
            wline,
        )
        conds = []
        for w in when:
            try:
                conds.append(parse_condition(w))
            except ValueError as e:
                raise fail(
                    toml_line_of(text, w, line),
                    Msg("the condition {condition} does not fit: {why}", condition=repr(w), why=e.args[0]),
                ) from None
        buy.append(BuyRule(name, tuple(conds), tuple(when)))
    play = data.get("play", {})
    pline = toml_line_of(text, "[play]")
    want(play, isinstance(play, dict), "play", Msg("a table"), pline)
    check_keys(play, PLAY_KEYS, "[play]", pline)
    lists = {
        k: card_list(play[k], k, toml_key_line(text, k, pline)) for k in ("actions", "trash", "discard") if k in play
    }
    pay = play.get("pay_debt", True)
    want(pay, isinstance(pay, bool), "pay_debt", Msg("true or false"), toml_key_line(text, "pay_debt", pline))
    names = frozenset(r.card for r in buy)
    return Strategy(
        kind=kind,
        name=str(data.get("name") or seat_name(kind)),
        buy=tuple(buy),
        actions=lists.get("actions", ()),
        trash=lists.get("trash", ()),
        discard=lists.get("discard", ()),
        pay_debt=pay,
        description=str(data.get("description") or ""),
        names=names,
    )


_CACHE: dict[tuple[str, int, int], Strategy] = {}


def load_strategy(kind: str) -> Strategy:
    """The checked :class:`Strategy` of the seat kind ``kind`` (a shipped
    name or the path of a ``.toml`` file; ``~`` expanded). The file's size is
    checked before it is read (at most :data:`STRATEGY_LIMIT` bytes); a file
    read before and not changed since is not read again.

    Raises :class:`StrategyError` (one sentence) for a file that is missing,
    not a regular file, too large, not UTF-8, or not a strategy (see
    :func:`parse_strategy`)."""
    path = strategy_path(kind)
    try:
        info = os.stat(path)
        key = (path, info.st_mtime_ns, info.st_size)
    except OSError:
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    try:
        text = read_text(path, STRATEGY_LIMIT)
    except FileError as e:
        raise StrategyError(e.args[0]) from None
    strategy = parse_strategy(text, kind.strip(), shown_name(kind.strip()))
    if key is not None:
        _CACHE[key] = strategy
    return strategy


def strategy_problem(kinds: list[str]) -> Msg | None:
    """Why a game with seats of ``kinds`` cannot be played now: the sentence of the
    first strategy seat whose file cannot be used (it may have gone, or changed,
    since the game was saved), or None when every strategy seat can be made."""
    for kind in kinds:
        if kind.lower().endswith(".toml") or kind.lower() in shipped():
            try:
                load_strategy(kind)
            except StrategyError as e:
                why: Msg = e.args[0]
                return why
    return None
