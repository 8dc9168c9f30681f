"""The engine core names no Kingdom card, Event or Landmark: their rules live
in their own modules under ``rules/cards/`` (issue "card rules in their cards").

Every Python module of ``a11y_dominion/rules`` outside ``rules/cards/`` is
read token by token; a name from the registries (CARDS, EVENTS, LANDMARKS,
less the basic Supply cards) in an identifier, a string (docstrings
included) or a comment is a failure naming the file and line.

State kept for one card shows up in lowercase instead (``game.obelisk``,
``mountain_pass_bids``): an identifier, or a string that is one (a dict
key), containing a registry name in snake case is a failure too, except the
few names that are also plain English words of the engine (``keep``).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from a11y_dominion.rules.cards import CARDS, EVENTS, LANDMARKS, PILES

RULES = Path(__file__).resolve().parent.parent / "a11y_dominion" / "rules"
BASIC = {c for p in PILES.values() if p.kind == "basic" for c in p.card_names}


def core_modules() -> list:
    return sorted(p for p in RULES.rglob("*.py") if "cards" not in p.relative_to(RULES).parts)


def names() -> list:
    out = [n for n in CARDS if n not in BASIC] + list(EVENTS) + list(LANDMARKS)
    return sorted(set(out), key=len, reverse=True)


def pattern() -> re.Pattern:
    alts = "|".join(re.escape(n).replace("'", "['\u2019]?") for n in names())
    return re.compile(r"(?<![\w])(" + alts + r")(?![\w])")


def hits(path: Path) -> list:
    pat = pattern()
    found = []
    toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in toks:
        if tok.type in (tokenize.STRING, tokenize.COMMENT, tokenize.NAME):
            for m in pat.finditer(tok.string):
                found.append(f"{path.relative_to(RULES.parent.parent)}:{tok.start[0]}: {m.group(1)}")
        elif tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            for m in pat.finditer(tok.string):
                found.append(f"{path.relative_to(RULES.parent.parent)}:{tok.start[0]}: {m.group(1)}")
    return found


#: Registry names in snake case that are ordinary words in the core: to keep
#: a card (a decision's purpose, a Duration's work left), to advance the game
#: flow.
ORDINARY_WORDS = {"keep", "advance"}


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def state_pattern() -> re.Pattern:
    alts = sorted({snake(n) for n in names()} - ORDINARY_WORDS, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(a) for a in alts) + r")(?![a-z0-9])")


IDENTIFIER_STRING = re.compile(r"[rbuRBU]?(['\"])[a-z_][a-z0-9_]*\1")


def state_hits(path: Path) -> list:
    pat = state_pattern()
    found = []
    toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in toks:
        if tok.type == tokenize.NAME or (tok.type == tokenize.STRING and IDENTIFIER_STRING.fullmatch(tok.string)):
            if pat.search(tok.string):
                found.append(f"{path.relative_to(RULES.parent.parent)}:{tok.start[0]}: {tok.string}")
    return found


def test_the_check_sees_a_card_name():
    assert pattern().search('x = "Moat"') and pattern().search("# Mountain Pass bids")
    assert not pattern().search('"Silver" and "Province" are basic')


def test_the_state_check_sees_a_lowercase_name():
    pat = state_pattern()
    assert pat.search("config_obelisk") and pat.search("mountain_pass") and pat.search("obelisk")
    assert not pat.search("keep") and not pat.search("_advance") and not pat.search("silver")


def test_core_modules_exist():
    mods = {p.name for p in core_modules()}
    assert {"game.py", "events.py", "triggers.py"} <= mods


def test_core_names_no_kingdom_card_event_or_landmark():
    found = [h for p in core_modules() for h in hits(p)]
    assert not found, "card names in the engine core:\n" + "\n".join(found)


def test_core_keeps_no_state_named_for_a_card():
    found = [h for p in core_modules() for h in state_hits(p)]
    assert not found, "card-specific state in the engine core:\n" + "\n".join(found)
