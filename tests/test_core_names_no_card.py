"""The engine core names no Kingdom card, Event or Landmark: their rules live
in their own modules under ``rules/cards/`` (issue "card rules in their cards").

Every Python module of ``a11y_dominion/rules`` outside ``rules/cards/`` is
read token by token; a name from the registries (CARDS, EVENTS, LANDMARKS,
less the basic Supply cards) in an identifier, a string (docstrings
included) or a comment is a failure naming the file and line.
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


def test_the_check_sees_a_card_name():
    assert pattern().search('x = "Moat"') and pattern().search("# Mountain Pass bids")
    assert not pattern().search('"Silver" and "Province" are basic')


def test_core_modules_exist():
    mods = {p.name for p in core_modules()}
    assert {"game.py", "events.py", "triggers.py"} <= mods


def test_core_names_no_kingdom_card_event_or_landmark():
    found = [h for p in core_modules() for h in hits(p)]
    assert not found, "card names in the engine core:\n" + "\n".join(found)
