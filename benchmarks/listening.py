#!/usr/bin/env python3
"""How much a screen-reader player must listen to per typed line.

Usage: python3 benchmarks/listening.py [--lang en|nl|both] [--seed N] [--inputs N] [--show]

Plays whole games at the real console in screen-reader mode, normal
verbosity, with a scripted human seat whose lines are typed through the
console's own reader interface (as a pipe would give them):

- ``basic``: Big Money on the Basic Intro Kingdom (play treasures; buy
  Province, Gold or Silver by the coins; end) against the Big Money bot,
  the game the figures of the issue were measured in;
- ``empires``: against the medium bot (the default opponent), a Kingdom
  with Castles, split piles, City Quarter, Engineer,
  Villa and Farmers' Market, the Events Tax and Triumph and the Landmarks
  Obelisk, Basilica and Mountain Pass, where the human plays its Actions,
  pays its Debt, buys Villas (back to the Action phase), Engineers,
  Castles and Tax, and bids at Mountain Pass, so Debt, VP tokens, pile
  tops and bids are announced.

For every typed line (an input) it counts the printed lines and words of
the response (everything printed until the next prompt) and checks that no
fact is said twice in one response (:func:`repeats`): the same line, the
same Actions/Buys/coins figures, the same Debt total or Debt taken from a
pile, the same count left in a pile, or the hand drawn in Clean-up read
again as the hand. It also checks that the announcements the Empires
Accessibility Notes ask for were made (:data:`NOTES`).

Goal: at most 3 lines and 25 words per input on average, and nothing said
twice, in English and Dutch.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from a11y_dominion.cli import build_parser  # noqa: E402
from a11y_dominion.console.playend import play_on_core  # noqa: E402
from a11y_dominion.console.start import play_setup  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.rules.cards import EVENTS  # noqa: E402
from a11y_dominion.rules.decisions import MoveKind  # noqa: E402

GAMES = {
    "basic": dict(kingdom="basic-intro", events=None, landmarks=None),
    "empires": dict(
        kingdom="Castles,City Quarter,Engineer,Villa,Patrician/Emporium,Settlers/Bustling Village,"
        "Farmers' Market,Capital,Catapult/Rocks,Forum",
        events="Tax,Triumph",
        landmarks="Obelisk,Basilica,Mountain Pass",
    ),
}

BOTS = {"basic": "bigmoney", "empires": "medium"}
GOAL_LINES = 3.0
GOAL_WORDS = 25.0


@dataclass
class Response:
    """One typed line and the lines printed in answer, until the next prompt."""

    typed: str
    lines: list = field(default_factory=list)

    @property
    def words(self) -> int:
        return sum(len(x.split()) for x in self.lines)


class ScriptedReader:
    """The console's reader: types the scripted player's next line and notes
    what the console printed since the last one (the response to it)."""

    interactive = False

    def __init__(self, out: io.StringIO, choose, max_inputs: int | None):
        self.out = out
        self.choose = choose  # (console, message) -> the line to type
        self.console = None
        self.max_inputs = max_inputs
        self.responses: list = []
        self.opening: list = []
        self.pos = 0
        self.last: Response | None = None
        self.tries = 0
        self.last_pending = None

    def _collect(self, message: str) -> None:
        text = self.out.getvalue()
        printed = [x for x in text[self.pos :].splitlines() if x.strip()]
        self.pos = len(text)
        if message and not message.endswith("> "):
            printed.append(message.strip())  # a confirmation question is printed by the reader itself
        if self.last is None:
            self.opening.extend(printed)
        else:
            self.last.lines.extend(printed)

    def read(self, message: str, default: str = "") -> str:
        self._collect(message)
        if self.max_inputs is not None and len(self.responses) >= self.max_inputs:
            raise EOFError
        d = self.console.game.pending
        if message and not message.endswith("> "):
            line = "yes"  # a confirmation: go on
        else:
            self.tries = self.tries + 1 if d is self.last_pending else 0
            self.last_pending = d
            line = self.choose(self.console, self.tries)
        self.last = Response(line)
        self.responses.append(self.last)
        return line

    def finish(self) -> None:
        self._collect("")


# ------------------------------------------------------------------ the scripted player
PLAY_FIRST = (
    "Villa",
    "Bustling Village",
    "Settlers",
    "City Quarter",
    "Farmers' Market",
    "Patrician",
    "Emporium",
    "Engineer",
    "Forum",
    "Catapult",
)


def _names(d, kind) -> list:
    return [o.name for o in d.options if o.kind is kind]


def big_money(console, tries: int) -> str:
    """Basic Intro: play treasures, then Province, Gold or Silver, else end."""
    game = console.game
    d = game.pending
    if d.kind != "turn":
        return fallback(console, tries)
    if any(o.kind is MoveKind.TREASURES for o in d.options) and tries == 0:
        return "play treasures"
    buys = _names(d, MoveKind.BUY)
    coins = game.turn.coins
    if game.turn.phase == "buy" and tries == 0:
        for least, card in ((8, "Province"), (6, "Gold"), (3, "Silver")):
            if coins >= least and card in buys:
                return f"buy {card}"
    return "end"


def empires(console, tries: int) -> str:
    """The Empires game: Actions first, then treasures, pay Debt, then buy by a
    simple order; Mountain Pass bids once; other questions get a legal answer."""
    game = console.game
    d = game.pending
    if d.kind != "turn" or tries:
        return fallback(console, tries)
    me = game.player(d.player)
    plays = _names(d, MoveKind.PLAY)
    if game.turn.phase == "action":
        for card in PLAY_FIRST:
            if card in plays:
                return f"play {card}"
    if any(o.kind is MoveKind.TREASURES for o in d.options):
        return "play treasures"
    if any(o.kind is MoveKind.PAY for o in d.options) and me.debt:
        return "pay"
    if me.debt:
        return "end"
    buys = _names(d, MoveKind.BUY)
    coins = game.turn.coins
    tops = {n: game.piles[n].top.name for n in buys if n not in EVENTS and game.piles[n].cards}
    order = [
        (8, "Province"),
        (6, "Gold"),
        (5, "Castles"),
        (4, "Villa"),
        (3, "Silver"),
        (2, "Tax"),
        (0, "Engineer"),
    ]
    turn = game.turn.number
    for least, name in order:
        if coins < least or name not in buys:
            continue
        if name == "Castles" and tops.get(name) not in ("Humble Castle", "Crumbling Castle", "Small Castle"):
            continue
        if name == "Villa" and turn % 3 and any(c.name == "Villa" for c in me.all_cards()):
            continue  # the first Villa at once (its phase change is to be heard), then every third turn
        if name == "Tax" and turn % 4:
            continue
        if name == "Engineer" and (coins or turn % 5):
            continue
        return f"buy {name}"
    return "end"


def fallback(console, tries: int) -> str:
    """A legal answer to a question inside a card: a bid once, else none, no or the first options."""
    d = console.game.pending
    if d.kind == "number":
        nums = [o for o in d.options if o != "pass"]
        return str(nums[0]) if nums and tries == 0 else "pass"  # the lowest bid, once
    if d.kind == "yesno":
        return "yes" if tries % 2 == 0 else "no"
    if d.kind == "turn":
        return "end"
    if d.min == 0 and tries == 0:
        return "none"
    picks = []
    for o in d.options:
        picks += [o] * d.count_of(o)
    need = max(d.min, 1)
    return ", ".join(str(d.options.index(o) + 1) for o in picks[:need]) if tries < 2 else "1"


STRATEGIES = {"basic": big_money, "empires": empires}


def play(game: str = "basic", lang: str = "en", seed: int = 1, max_inputs: int | None = None) -> tuple:
    """Play one game at the console (``play`` on the console core); returns (responses, opening
    lines, the game's setup, whose ``game`` is the game played)."""
    setup = GAMES[game]
    args = ["play", "--seed", str(seed), "--speech", "screen-reader", "--lang", lang, "--verbosity", "normal"]
    args += ["--kingdom", setup["kingdom"]]
    if setup["events"]:
        args += ["--events", setup["events"]]
    if setup["landmarks"]:
        args += ["--landmarks", setup["landmarks"]]
    you = Language(lang)._("You")
    args += ["--players", f"{you}:human,Bot:" + BOTS[game]]
    out = io.StringIO()
    reader = ScriptedReader(out, STRATEGIES[game], max_inputs)
    parsed = build_parser().parse_args(args)
    parsed.autosave = False
    with tempfile.TemporaryDirectory() as folder, own_settings(Path(folder) / "settings.json"):
        setup = play_setup(parsed, out, asking=False)
        if isinstance(setup, int):
            raise SystemExit(setup)
        reader.console = setup  # (its game is the one played)
        play_on_core(setup, parsed, reader)
    reader.finish()
    return reader.responses, reader.opening, setup


@contextlib.contextmanager
def own_settings(path: Path) -> Iterator[None]:
    """The game reads the settings file ``path`` (missing: every setting as it comes), not the
    player's own, while the context lasts."""
    before = os.environ.get("A11Y_DOMINION_CONFIG")
    os.environ["A11Y_DOMINION_CONFIG"] = str(path)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("A11Y_DOMINION_CONFIG", None)
        else:
            os.environ["A11Y_DOMINION_CONFIG"] = before


# ------------------------------------------------------------------ said twice
def _pattern(lang: Language, template: str) -> re.Pattern:
    """A regular expression for the sentence ``template`` in ``lang``: each {field} a named group."""
    text = lang._(template)
    seen: set = set()
    out = []
    if text.startswith("{player}, "):  # a card's question to the default seat does not begin with its name
        text = text[len("{player}, ") :]
        out.append("(?:(?P<player>[^;:]+?), )?")
        seen.add("player")
        if text[:1].isalpha():  # (then it begins with a capital)
            out.append(f"[{re.escape(text[0].lower())}{re.escape(text[0].upper())}]")
            text = text[1:]
    parts = re.split(r"(\{\w+(?::[^}]*)?\})", text)
    for part in parts:
        m = re.fullmatch(r"\{(\w+)\}", part)
        plural = re.fullmatch(r"\{\w+:([^}]*)\}", part)  # a word that follows a number: "punt|punten"
        if plural:
            out.append("(?:" + "|".join(re.escape(w) for w in plural.group(1).split("|")) + ")")
        elif m:
            name = m.group(1)
            out.append(f"(?P={name})" if name in seen else f"(?P<{name}>[^;:]+?)")
            seen.add(name)
        else:
            out.append(re.escape(part))
    body = "".join(out).rstrip(r"\.")
    # (a word boundary after the last word; a sentence that ends in a bracket has none after it)
    return re.compile(body + (r"\b" if not body.endswith(r"\)") else ""))


# (kind of fact, the fields that name it, templates that say it)
FACTS = (
    (
        "status",
        ("actions|buys", "buys", "coins"),
        (
            "You play {cards}: {bonus}. You have {actions}, {buys}, {coins}.",
            "{bonus}. You have {actions}, {buys}, {coins}.",
            # the turn prompt at a seat of one person, which names no one
            "{phase}: {actions}, {buys}, {coins}, {debt}.",
            "{phase}: {actions}, {buys}, {coins}.",
            "{phase}: {buys}, {coins}, {debt}.",
            "{phase}: {buys}, {coins}.",
            "Your turn {n}, {phase}: {actions}, {buys}, {coins}, {debt}.",
            "Your turn {n}, {phase}: {actions}, {buys}, {coins}.",
        ),
    ),
    (
        "the turn figures that changed",
        ("figures",),
        ("{phase}: {figures}.",),
    ),
    (
        "your Debt total",
        ("total|debt",),
        (
            "You take {n} Debt for {source}, now {total} Debt.",
            "You take {n} Debt, now {total} Debt.",
            "You pay {n} Debt. {total} Debt left. {coins} left.",
            "{phase}: {actions}, {buys}, {coins}, {debt}.",
            "{phase}: {buys}, {coins}, {debt}.",
            "You have {total} Debt.",
        ),
    ),
    (
        "Debt taken from a pile",
        ("pile",),
        (
            "{n} Debt taken from the {pile} pile.",
            "You take {n} Debt for the {pile} pile, now {total} Debt.",
            "You take {n} Debt for the {pile} pile.",
        ),
    ),
    (
        "cards left in a pile",
        ("pile",),
        (
            "{pile} pile: {count} left.",
            "{pile} pile: {top} is now on top, {count} left.",
        ),
    ),
)


def _field(m: re.Match, names: str) -> str:
    """The first of the fields ``names`` ("total|debt") the match has; for a Debt total its number."""
    for name in names.split("|"):
        if name in m.re.groupindex and m.group(name) is not None:
            got = m.group(name)
            return re.sub(r"\D", "", got) if "|" in names else got
    return ""


HAND_DRAWN = ("You draw {cards}.",)
HAND_READ = ("Your hand: {cards}.", "Your hand, {count}: {cards}.")


def repeats(lines: list, lang: str = "en") -> list:
    """The facts said more than once in ``lines`` (one response), as short descriptions."""
    L = Language(lang)
    found = []
    counts: dict = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    found += [f"line said {n} times: {line}" for line, n in counts.items() if n > 1]
    for kind, keys, templates in FACTS:
        pats = [_pattern(L, t) for t in templates]
        if keys == ("figures",):  # the figures run to the end of the prompt
            pats = [re.compile(p.pattern.removesuffix(r"\b") + r"\.$") for p in pats]
        said: dict = {}
        for i, line in enumerate(lines):
            hits = set()
            for p in pats:
                for m in p.finditer(line):
                    key = tuple(_field(m, k) for k in keys)
                    hits.add(key)
            for key in hits:
                said.setdefault(key, []).append(i)
        for key, where in said.items():
            if len(where) > 1:
                found.append(f"{kind} {' '.join(key)} said {len(where)} times: " + " | ".join(lines[i] for i in where))
    drawn = [_pattern(L, t) for t in HAND_DRAWN]
    read = [_pattern(L, t) for t in HAND_READ]
    last_draw = None
    for line in lines:
        for p in drawn:
            m = p.search(line)
            if m:
                last_draw = m.group("cards")
        for p in read:
            m = p.search(line)
            if m and last_draw is not None and m.group("cards") == last_draw:
                found.append(f"hand said twice: {last_draw}")
    return found


# ------------------------------------------------------------------ the Accessibility Notes
# the total comes in the same sentence, or (in the player's own turn) in the turn prompt at the end of
# the same line, which names each figure that changed: a tuple is sentences said in this order on one
# line, the last one ending it ("You take 1 Debt for the Silver pile. 0 Buys, 0 coins, 1 Debt.")
NOTES = {
    "Debt taken, with the total": (
        "You take {n} Debt for {source}, now {total} Debt.",
        "{player} takes {n} Debt for {source}, now {total} Debt.",
        ("You take {n} Debt for {source}.", "{n} Debt"),
        ("You take the Debt for {source}.", "{n} Debt"),  # all the Debt there is: the prompt's Debt says how much
        "You now have {n} Debt, for {source}.",  # they had none: the Debt taken is the total
        "{player} now has {n} Debt, for {source}.",
    ),
    "Debt paid, with what is left": (
        "{player} pays {n} Debt. {total} Debt left. {coins} left.",
        "You pay off your {n} Debt.",  # (none left)
        ("You pay {n} Debt.", "{n} Debt"),
    ),
    "VP tokens, with what is left on the Landmark": (
        "You take {n} VP from {landmark} ({left} left), now {tokens}.",
        "{player} takes {n} VP from {landmark} ({left} left), now {tokens}.",
        "You now have {tokens}, from {landmark} ({left} left).",  # they had none: the VP taken are the total
        "{player} now has {tokens}, from {landmark} ({left} left).",
    ),
    "a new top card of a split pile or the Castles": ("{pile} pile: {top} is now on top, {count} left.",),
    "the Obelisk pile": ("Obelisk marks the {pile} pile: every {cards} you have scores 2 VP at the end.",),
    "Mountain Pass bidding": (
        "Mountain Pass: {player} gained the first Province. Bidding for 8 VP, in this order: {order}.",
    ),
    "Villa's phase change": ("Villa: +1 Action, back to your Action phase.",),
}


def notes_told(text_lines: list, lang: str = "en") -> dict:
    """For each Accessibility Note of :data:`NOTES`: was it announced in ``text_lines``?"""
    L = Language(lang)

    def pattern(t) -> re.Pattern:
        if isinstance(t, str):
            return _pattern(L, t)
        *first, unit = t  # sentences, then the unit of the figure that ends the line ("{n} Debt")
        first = [
            _pattern(L, x).pattern if k == 0 else re.sub(r"\?P<\w+>", "", _pattern(L, x).pattern)
            for k, x in enumerate(first)
        ]
        figure = re.escape(L.text(unit, n=0)).replace("0", r"\d+", 1)
        return re.compile(".*".join(first) + r".*[ :]" + figure + r"\.$")

    return {note: any(pattern(t).search(x) for t in templates for x in text_lines) for note, templates in NOTES.items()}


def figures(responses: list) -> dict:
    """Mean and max of printed lines and words per input."""
    lines = [len(r.lines) for r in responses]
    words = [r.words for r in responses]
    return dict(
        inputs=len(responses),
        lines_mean=statistics.mean(lines) if lines else 0.0,
        lines_max=max(lines, default=0),
        words_mean=statistics.mean(words) if words else 0.0,
        words_max=max(words, default=0),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "nl", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inputs", type=int, default=None, help="stop after this many typed lines")
    parser.add_argument("--show", action="store_true", help="print every response and every repeat found")
    args = parser.parse_args()
    ok = True
    for lang in ("en", "nl") if args.lang == "both" else (args.lang,):
        every: list = []
        told: list = []
        for game in GAMES:
            responses, opening, _console = play(game, lang, args.seed, args.inputs)
            every += responses
            told += opening + [x for r in responses for x in r.lines]
            f = figures(responses)
            twice = [(r, rep) for r in responses for rep in repeats(r.lines, lang)]
            print(
                f"{lang} {game:8} {f['inputs']:4} inputs: {f['lines_mean']:.1f} lines per input (max {f['lines_max']}),"
                f" {f['words_mean']:.1f} words (max {f['words_max']}); said twice: {len(twice)}"
            )
            if args.show:
                for r in responses:
                    print(f"> {r.typed}")
                    for x in r.lines:
                        print(f"  {x}")
                for r, rep in twice:
                    print(f"  TWICE after {r.typed!r}: {rep}")
            ok = ok and not twice
        f = figures(every)
        print(
            f"{lang} all      {f['inputs']:4} inputs: {f['lines_mean']:.1f} lines per input (max {f['lines_max']}),"
            f" {f['words_mean']:.1f} words (max {f['words_max']})"
        )
        missing = [note for note, said in notes_told(told, lang).items() if not said]
        print(f"{lang} Accessibility Notes not heard: {', '.join(missing) or 'none'}")
        ok = ok and not missing and f["lines_mean"] <= GOAL_LINES and f["words_mean"] <= GOAL_WORDS
    print("goal met" if ok else "goal not met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
