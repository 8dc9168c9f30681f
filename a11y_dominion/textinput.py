"""Turn what a person types into an answer for the pending decision.

Shared by the console and the scenario command, so both read a line the
same way (see the scenario format). :func:`parse_line` returns a list of
option keys for :meth:`Game.answer`, or raises :class:`InputError` with one
sentence saying what was wrong and what is allowed.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .i18n import LANGUAGES, NO_WORDS, YES_WORDS, Language
from .rules.cards import CARDS, EVENTS, PILES, canonical, nearest_name, pile_name_for
from .rules.decisions import N_, Decision, Move, MoveKind, Msg, Option, option_words, turn_moves

# a script's and a typed line's yes and no, in every language (the words of i18n.yes_or_no), and
# the words of no card chosen (none, nothing), which a card's choice takes as no
YES = {w for words in YES_WORDS.values() for w in words}
NO = {w for words in NO_WORDS.values() for w in words} | {"none", "geen", "nothing", "niets"}
MOVE_WORDS = ("play", "buy", "pay", "end", "speel", "koop", "betaal", "einde")


def _number(text: str) -> bool:
    """True for a plain whole number typed with the digits 0-9."""
    return text.isascii() and text.isdecimal()


MAX_LINE = 1000  # characters of a typed line that are read; the rest is cut off
# what a seat hears for a move or answer typed while nothing is asked of it, and for a line that is neither
NOT_ASKED = N_("Nothing is asked of you now; type help for the commands.")
NO_COMMAND = N_("{text} is not a command; type help for the commands.")
_ANSWER_WORDS = frozenset(MOVE_WORDS) | YES | NO | {"done", "klaar", "pass", "passen", "pas"}


def is_answer_like(text: str) -> bool:
    """True when the typed ``text`` (a str) reads as a move or an answer to a question: it
    begins with a move word (play, buy, pay, end, in English or Dutch), yes, no, done, pass or
    a number, or names a card (``2 Coppers, Estate``)."""
    words = text.strip().lower().split()
    if not words:
        return False
    if words[0].rstrip(",.") in _ANSWER_WORDS or _number(words[0].rstrip(",.")):
        return True
    first = text.split(",")[0].strip()
    head, _, rest = first.partition(" ")
    return canonical(first) is not None or (_number(head) and canonical(rest.strip()) is not None)


def between_questions(text: str, suggestion: str | None = None) -> Msg | str:
    """What a seat hears for a typed ``text`` that is no command of it while nothing is asked
    of it: "Nothing is asked of you now" for a move or an answer (:func:`is_answer_like`),
    else ``suggestion`` (the console's "did you mean", already in the seat's language) when
    there is one, else that it is not a command (what was typed cut short). Returns a
    :class:`Msg` to say in the seat's language, or the suggestion as it is."""
    if is_answer_like(text):
        return Msg(NOT_ASKED)
    return suggestion or Msg(NO_COMMAND, text=short(text))


def printable(text: str) -> str:
    """``text`` without control, escape, formatting (zero-width, right-to-left),
    private-use or unassigned characters; a tab is a space. What is left can be
    shown on any terminal and read by any screen reader."""
    text = text.replace("\t", " ")
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


# An escape sequence a terminal or a client may send: OSC / DCS / PM / APC / SOS strings (up to
# BEL or ST, or the end), CSI sequences, SS3 sequences, or Escape and one character; each also in
# its 8-bit form (the C1 controls CSI U+009B, OSC U+009D, DCS U+0090, SOS U+0098, PM U+009E,
# APC U+009F, SS3 U+008F, ST U+009C). Shared by the console (:func:`drop_sequences`) and the SSH
# seat's input filter.
SEQUENCE = re.compile(
    r"\x1b(?:[\]P^_X][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|$)|\[[0-?]*[ -/]*(?:[@-~]|$)|O(?:[ -~]|$)|.|$)"
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|$)"
    r"|\x9b[0-?]*[ -/]*(?:[@-~]|$)"
    r"|\x8f(?:[ -~]|$)",
    re.S,
)
STARTS = frozenset("\x1b\x8f\x90\x98\x9b\x9d\x9e\x9f")  # the characters a sequence begins with
NOT_UTF8 = "\ufffd"  # what a byte that is not UTF-8 is read as (errors="replace")


def drop_sequences(text: str) -> str:
    """``text`` without its escape sequences, each dropped whole (``ESC ] 0;title BEL``,
    ``ESC [ 31 m``, their 8-bit forms ``CSI 31 m``...), as the SSH seat drops them; an Escape before a plain
    character (a letter, a space) goes and the character stays."""
    if not STARTS.intersection(text):
        return text
    out = []
    i = 0
    while i < len(text):
        if text[i] in STARTS:
            m = SEQUENCE.match(text, i)
            seq = m.group(0) if m else text[i]
            if seq[0] == "\x1b" and len(seq) == 2 and seq[1] not in "[]PO^_X":
                i += 1  # Escape and a plain character: the character is read
            else:
                i += len(seq)
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def typed_line(text: str) -> str:
    """A typed line as the game reads it: cut at :data:`MAX_LINE` characters,
    without its escape sequences (:func:`drop_sequences`) and the characters
    :func:`printable` drops, trimmed."""
    return printable(drop_sequences(text.rstrip("\r\n")[:MAX_LINE])).strip()


def short(text: str, most: int = 40) -> str:
    """``text`` cut to about ``most`` characters, so a long mistyped line is
    not read back in full."""
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most].rstrip() + "…"


class InputError(ValueError):
    """A line that cannot be read as an answer; ``str()`` says why."""


class Named(Protocol):
    """What has a name: a player, a card, a seat's view of a player."""

    @property
    def name(self) -> str: ...


class Seated(Protocol):
    """What knows the players by name (:func:`split_speaker` reads it): a game, a seat's view, a position."""

    @property
    def players(self) -> Sequence[Named]: ...


class TypedPile(Protocol):
    """A Supply pile as a typed line reads it: its name, top card (None when empty), cards
    (or their names) and Debt tokens."""

    @property
    def name(self) -> str: ...

    @property
    def top(self) -> Named | None: ...

    @property
    def cards(self) -> Sequence[Named | str]: ...

    @property
    def debt_tokens(self) -> int: ...


class TurnPlayer(Protocol):
    """The player whose turn it is, as a typed line reads them: name and Debt."""

    @property
    def name(self) -> str: ...

    @property
    def debt(self) -> int: ...


class TurnCoins(Protocol):
    """The turn in progress, as a typed line reads it: the coins so far."""

    @property
    def coins(self) -> int: ...


class TypedPosition(Seated, Protocol):
    """What a typed line is read against: the pending decision (None: nothing is asked),
    the players, the Supply piles by name, the turn, the player whose turn it is and the
    pile of a card. A :class:`~a11y_dominion.rules.game.Game` is one (the scenario runner
    reads one); so is a seat's :class:`~a11y_dominion.console.position.Position`, made from its
    view and decision."""

    @property
    def pending(self) -> Decision | None: ...

    @property
    def piles(self) -> Mapping[str, TypedPile]: ...

    @property
    def turn(self) -> TurnCoins: ...

    @property
    def current(self) -> TurnPlayer: ...

    def pile_of(self, name: str, /) -> TypedPile | None: ...


def split_speaker(game: Seated, line: str) -> tuple[str | None, str]:
    """Split a ``Name: answer`` prefix off a line; returns (name or None, rest)."""
    m = re.match(r"^\s*([^:]+?)\s*:\s*(.*)$", line)
    if m:
        who = m.group(1).strip().lower()
        for p in game.players:
            if p.name.lower() == who:
                return p.name, m.group(2)
    return None, line


def _names_of(cards: Iterable[Named | str] | None) -> list[str]:
    """Names of cards, or of names already (a seat's view of a game holds names)."""
    return [c if isinstance(c, str) else c.name for c in cards or []]


def _hand_of_current(game: TypedPosition) -> list[str]:
    """The names in the hand of the player whose turn it is, as far as ``game`` knows them
    (the whole game, or a seat's view of it: its own hand only)."""
    hand = getattr(game.current, "hand", None)
    view = getattr(game, "view", None)
    if hand is None and view is not None and view.seat == game.current.name:
        hand = view.hand
    return _names_of(hand)


def _game_names(game: TypedPosition | None) -> list[str]:
    """The card, pile and Event names of ``game`` (or of a seat's view of it): its
    piles' cards, its Events and the current player's hand (the names a
    misspelling is closest to first)."""
    if game is None:
        return []
    names = [n for pl in game.piles.values() for n in _names_of(pl.cards)] + list(game.piles)
    config = getattr(game, "config", None)
    names += list(config.events) if config is not None else list(getattr(getattr(game, "view", None), "events", []))
    names += _hand_of_current(game)
    return list(dict.fromkeys(names))


def not_a_name(word: str, among: Iterable[str] | None = None, fallback: Msg | None = None) -> InputError:
    """The refusal of a ``word`` that names no card: "did you mean" the nearest
    name (of ``among`` first, see :func:`~.rules.cards.nearest_name`), else
    ``fallback`` (by default "This game knows no card named ..."). Each
    opens with a capital, whatever was typed ("There is no card named weding; ...")."""
    near = nearest_name(word, among)
    if near is not None:
        return InputError(
            Msg("There is no card named {word}; did you mean {card}?", word=short(word.strip()), card=near)
        )
    return InputError(fallback or Msg("This game knows no card named {word}.", word=short(word.strip())))


# What the game says before the name of an Event it tells bought ("You buy the Event Wedding.",
# "Je koopt de gebeurtenis Bruiloft."): typed after buy, in any language and letter case, it is read
# as the name alone. (No Landmark is bought: its name after buy is no buy.)
EVENT_ARTICLE = N_("the Event")


@functools.cache
def _articles() -> tuple[str, ...]:
    """:data:`EVENT_ARTICLE` in every language of the game, in lower case, each followed by a space."""
    return tuple(dict.fromkeys(Language(code)._(EVENT_ARTICLE).lower() + " " for code in LANGUAGES))


def without_article(name: str) -> str:
    """``name`` as typed after buy, without the words the game says before an Event's name
    (:data:`EVENT_ARTICLE` in any language and letter case: "the Event Wedding", "de gebeurtenis
    Bruiloft" give "Wedding", "Bruiloft"); any other ``name`` as it is."""
    low = name.lower()
    for article in _articles():
        if low.startswith(article) and name[len(article) :].strip():
            return name[len(article) :].strip()
    return name


def _card_or_error(word: str, game: TypedPosition | None = None, among: list[str] | None = None) -> str:
    name = canonical(word)
    if name is None or (name not in CARDS and name not in EVENTS and name not in PILES):
        raise not_a_name(
            word,
            among if among is not None else _game_names(game),
            Msg(
                "This game knows no card or Event named {word}. Type supply to hear the piles, or hand to hear "
                "your hand.",
                word=short(word.strip()),
            ),
        )
    return name


def parse_turn(game: TypedPosition, text: str, numbers: bool = False) -> list[Option]:
    """Read a move at the turn prompt: ``play CARD``, ``play treasures``,
    ``buy NAME``, ``pay``, ``pay N``, ``end`` (or, with ``numbers``, the
    number of a listed move). Returns ``[Move]``; raises :class:`InputError`."""
    d = game.pending
    t = text.strip()
    low = t.lower()
    if numbers and _number(low) and d is not None:
        i = int(low)
        if 1 <= i <= len(d.options):
            return [d.options[i - 1]]
        raise InputError(_no_number(N_("There is no move number {number}; choose 1 to {most}."), i, len(d.options)))
    verb, _, rest = low.partition(" ")
    rest_orig = t[len(verb) :].strip()
    if numbers and d is not None and _number(rest.strip()) and verb in ("play", "speel", "p", "buy", "koop", "b"):
        return [_numbered_move(d, verb, int(rest.strip()))]  # "play 1": the move numbered 1, a play
    if verb in ("end", "einde", "done"):
        if rest.strip():
            raise InputError(Msg("End takes nothing after it; type end alone to end the phase."))
        return [Move(MoveKind.END)]
    if verb in ("play", "speel", "p"):
        if not rest_orig:
            raise InputError(Msg("Play what? Type play and a card name, or play treasures."))
        if rest.strip() in ("treasures", "treasure", "all", "geldkaarten", "geldkaart", "alles", "money"):
            return [Move(MoveKind.TREASURES)]
        name = _card_or_error(rest_orig, game, _hand_of_current(game) + _game_names(game))
        if name not in CARDS:
            raise InputError(Msg("{card} is not a card you can play.", card=name))
        return [Move.play(name)]
    if verb in ("buy", "koop", "b"):
        if not rest_orig:
            raise InputError(Msg("Buy what? Type buy and the name of a card or Event."))
        rest_orig = without_article(rest_orig)  # "buy the Event Wedding", as the game says it
        if "/" in rest_orig:
            pn = pile_name_for(rest_orig)
            if pn is None:
                raise InputError(Msg("{word} is not a Supply pile this game knows.", word=short(rest_orig)))
            return [Move.buy(pn)]
        name = _card_or_error(rest_orig, game)
        if name in EVENTS:
            return [Move.buy(name)]
        if name in game.piles:
            return [Move.buy(name)]
        pl = game.pile_of(name)
        if pl is None:
            raise InputError(Msg("{card} is not in the Supply of this game.", card=name))
        top = _top_name(pl)
        if top is None:
            raise InputError(Msg("The {pile} pile is empty.", pile=pl.name))
        if top != name:
            raise InputError(
                Msg(
                    "{card} is not on top of its pile; {top} is on top of the {pile} pile.",
                    card=name,
                    top=top,
                    pile=pl.name,
                )
            )
        return [Move.buy(pl.name)]
    if verb in ("pay", "betaal"):
        p = game.current
        if rest.strip():
            if not _number(rest.strip()):
                raise InputError(Msg("Pay takes a whole number, for example pay 3, or just pay."))
            n = int(rest.strip())
            if n < 1:
                raise InputError(Msg("Pay at least 1 Debt."))
            return [Move.pay(n)]
        n = min(p.debt, game.turn.coins)
        if p.debt == 0:
            raise InputError(Msg("You have no Debt to pay."))
        if n == 0:
            raise InputError(Msg("You have {debt} Debt but no coins to pay it with.", debt=p.debt))
        return [Move.pay(n)]
    raise _not_a_move(game, t)


def _top_name(pl: TypedPile) -> str | None:
    """The name of the card on top of ``pl``, or None when it is empty (the top alone is read:
    a pile's other cards are not made for it)."""
    top = pl.top
    return None if top is None else top.name


def _no_number(template: str, i: int, most: int) -> Msg:
    """The refusal of the number ``i`` among ``most`` numbered moves or choices: ``template``
    ("... choose 1 to {most}."), with two to choose from "... choose 1 or 2.", or, with one
    to choose from, that one is 1."""
    if most == 1:
        template = (
            N_("There is no move number {number}; the only move is 1.")
            if "move" in template
            else N_("There is no choice number {number}; the only choice is 1.")
        )
    elif most == 2:
        template = (
            N_("There is no move number {number}; choose 1 or 2.")
            if "move" in template
            else N_("There is no choice number {number}; choose 1 or 2.")
        )
    return Msg(template, number=short(str(i), 12), most=most)


def _numbered_move(d: Decision, verb: str, i: int) -> Move:
    """The listed move number ``i`` of the turn decision ``d``, typed after ``verb``
    ("play 1", "buy 5"); raises :class:`InputError` when there is no such move or it is
    not a play (for play) or a buy (for buy)."""
    if not 1 <= i <= len(d.options):
        raise InputError(_no_number(N_("There is no move number {number}; choose 1 to {most}."), i, len(d.options)))
    move = turn_moves(d)[i - 1]
    if verb in ("buy", "koop", "b"):
        if move.kind is MoveKind.BUY:
            return move
        raise InputError(Msg("Move {number} is not a buy; type {number} alone to make it.", number=i))
    if move.kind in (MoveKind.PLAY, MoveKind.TREASURES):
        return move
    raise InputError(Msg("Move {number} is not a play; type {number} alone to make it.", number=i))


_COSTS_MORE = ("{card} costs {cost}; you have {coins} coins.", "{card} costs {cost}; you have 1 coin.")


def buy_refusal(game: TypedPosition, keys: Sequence[Option], err: Msg | str | None) -> Msg | str | None:
    """The refusal ``err`` of the turn move in ``keys`` as the player is told it, while a
    Treasure in the buyer's hand can still be played (the turn's moves play one): a buy
    that costs more than the coins so far says to play them first ("Silver costs 3 coins;
    you have 0 coins until you play the Treasures in your hand: type play treasures."), as
    their coins are not counted yet. Any other ``err`` (a :class:`Msg`, a string or None)
    is returned as it is; a legal buy that takes Debt is no refusal but asked about first
    (:func:`debt_buy`). ``game`` is a :class:`Game` or what reads like one (a joined
    seat's game known from its view: ``pending``, ``piles``, ``turn``)."""
    if len(keys) != 1 or not _treasure_to_play(game):
        return err
    if isinstance(err, Msg) and err.template in _COSTS_MORE:
        return Msg(
            "{card} costs {cost}; you have {coins} {coins:coin|coins} until you play the Treasures in your hand: "
            "type play treasures.",
            **err.args,
        )
    return err


def debt_buy(game: TypedPosition, keys: Sequence[Option]) -> tuple[str, int, int] | None:
    """(the card or Event bought, the Debt the buy takes, the coins left to pay it) when
    ``keys`` is one buy listed among the moves of the pending turn decision of ``game``
    (so a legal one) that takes more Debt than the coins so far could pay after its cost
    in coins, while a Treasure in the buyer's hand can still be played: once something is
    bought no Treasure can be played, so their coins could no longer pay that Debt this
    turn. None otherwise (the buy is asked about first, not refused). ``game`` as for
    :func:`buy_refusal`."""
    if len(keys) != 1 or not _treasure_to_play(game):
        return None
    try:
        move = Move.from_dict(keys[0])
    except (ValueError, TypeError, AttributeError):
        return None
    d = game.pending
    if move.kind is not MoveKind.BUY or d is None or move not in d.options:
        return None
    card, debt, coins = _buy_debt(game, move.name)
    left = max(0, game.turn.coins - coins)
    return (card, debt, left) if debt > left else None


def _treasure_to_play(game: TypedPosition) -> bool:
    """True when the pending turn decision of ``game`` offers to play a Treasure (one is in
    hand and none was bought yet)."""
    d = getattr(game, "pending", None)
    if d is None or d.kind != "turn":
        return False
    return any(
        o.kind is MoveKind.TREASURES or (o.kind is MoveKind.PLAY and o.name in CARDS and CARDS[o.name].is_("Treasure"))
        for o in d.options
        if isinstance(o, Move)
    )


def _buy_debt(game: TypedPosition, name: str) -> tuple[str, int, int]:
    """(the card or Event bought, the Debt the buy takes, its coins) for a buy of the pile or
    Event ``name``: the Debt in its cost and the Debt tokens on its pile (Tax)."""
    if name in EVENTS:
        cost = EVENTS[name].cost
        return name, cost.debt, cost.coins
    pile = game.piles.get(name)
    top = (_top_name(pile) if pile is not None else None) or name
    spec = CARDS.get(top)
    if spec is None:
        return top, 0, 0
    return top, spec.cost.debt + (pile.debt_tokens if pile is not None else 0), spec.cost.coins


def _not_a_move(game: TypedPosition, t: str) -> InputError:
    """The refusal of a line that is no move; for a card name alone (or a
    misspelt one) it says the move that plays or buys it ("Coper is not a
    move; did you mean play Copper?")."""
    name = canonical(t) or nearest_name(t, _game_names(game))
    if name is not None:
        spec = CARDS.get(name)
        playable = spec is not None and (spec.is_("Action") or spec.is_("Treasure"))
        if playable and name in _hand_of_current(game):
            return InputError(Msg("{word} is not a move; did you mean play {card}?", word=short(t), card=name))
        pile = game.pile_of(name) if name in CARDS else None
        if name in EVENTS or name in game.piles or (pile is not None and _top_name(pile) == name):
            return InputError(Msg("{word} is not a move; did you mean buy {card}?", word=short(t), card=name))
    return InputError(
        Msg("{word} is not a move. Moves are: play CARD, play treasures, buy NAME, pay, pay N, end.", word=short(t))
    )


def parse_answer(game: TypedPosition, text: str) -> list[Option]:
    """Read an answer to a decision inside a card, Event, Landmark or attack.
    Raises :class:`InputError` for a line that cannot be read, or when no decision is pending."""
    d = game.pending
    if d is None:
        raise InputError(Msg("The game is over."))
    t = text.strip()
    low = t.lower()
    if d.kind == "yesno":
        if low in YES:
            return ["yes"]
        if low in NO:
            return ["no"]
        raise InputError(Msg("Answer yes or no."))
    if d.kind == "number":
        if low in ("pass", "passen", "pas") or (low in NO and "pass" in d.options):
            if "pass" not in d.options:
                raise InputError(Msg("Type a number from {low} to {high}.", low=d.options[0], high=d.options[-1]))
            return ["pass"]
        if low in NO and "0" in d.options:
            return ["0"]
        if _number(low):
            return [str(int(low))]
        nums = [o for o in d.options if o != "pass"]
        extra = " or pass" if "pass" in d.options else ""
        raise InputError(
            Msg(
                N_("Type a number from {low} to {high}, or pass.")
                if extra
                else N_("Type a number from {low} to {high}."),
                low=nums[0],
                high=nums[-1],
            )
        )
    if d.kind == "mode":
        for o in d.options:
            if low == o or low == d.labels.get(o, "").lower():
                return [o]
        if _number(low) and 1 <= int(low) <= len(d.options):
            return [d.options[int(low) - 1]]
        named = canonical(low)
        for o in d.options:
            if named and named.lower() == o:
                return [o]
        choices = "; ".join(f"{o} ({d.labels.get(o, o)})" for o in d.options)
        raise InputError(Msg("Choose one of: {choices}.", choices=choices))
    # cards and piles
    if low in NO or low == "":
        return []
    if low in YES:
        if len(d.options) == 1:
            return [d.options[0]] * max(1, d.min)
        raise InputError(Msg("Name the card you choose; yes alone does not say which."))
    out: list[Option] = []
    for part in [x.strip() for x in t.split(",") if x.strip()]:
        out.append(_one_option(game, d, part))
    return out


def _one_option(game: TypedPosition, d: Decision, word: str) -> str:
    options = option_words(d)
    for o in options:  # an option's own key or label, typed as listed
        if word.lower() == o.lower() or (d.kind != "pile" and word.lower() == d.labels.get(o, "").lower()):
            return o
    if _number(word):
        i = int(word)
        if 1 <= i <= len(options):
            return options[i - 1]
        raise InputError(_no_number(N_("There is no choice number {number}; choose 1 to {most}."), i, len(options)))
    if d.kind == "pile":
        pn = pile_name_for(word) if "/" in word else None
        if pn is None:
            name = canonical(word)
            if name is None:
                tops = [n for o in options if o in game.piles for n in _names_of(game.piles[o].cards[:1])]
                raise not_a_name(word, tops + list(options))
            if name in game.piles:
                pn = name
            else:
                pl = game.pile_of(name)
                if pl is None:
                    raise InputError(Msg("{card} is not in the Supply of this game.", card=name))
                top_name = _top_name(pl)
                if top_name != name:
                    top = top_name or "nothing"
                    raise InputError(
                        Msg("{card} is not on top of its pile; the top card is {top}.", card=name, top=top)
                    )
                pn = pl.name
        return pn
    name = canonical(word)
    if name is None:
        raise not_a_name(word, [d.labels.get(o, o) for o in options])
    return name


def parse_line(game: TypedPosition, line: str, numbers: bool = False) -> tuple[str | None, list[Option]]:
    """Parse one typed line for the pending decision.

    Returns ``(speaker, keys)`` where ``speaker`` is the ``Name:`` prefix
    (or None). Raises :class:`InputError` for a line that cannot be read.
    """
    if game.pending is None:
        raise InputError(Msg("The game is over."))
    who, rest = split_speaker(game, line)
    if who is not None and who != game.pending.player:
        raise InputError(
            Msg("It is {expected} who must answer now, not {other}.", expected=game.pending.player, other=who)
        )
    if game.pending.kind == "turn":
        return who, parse_turn(game, rest, numbers)
    return who, parse_answer(game, rest)
