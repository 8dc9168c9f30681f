"""Words for numbers and card names in announcements: "3 coins", "2 Coppers
and Silver", "Copper, Copper and Silver", in English or Dutch."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import N_, Language

UNITS = {
    "coin": (N_("{n} coin"), N_("{n} coins")),
    "Action": (N_("{n} Action"), N_("{n} Actions")),
    "Buy": (N_("{n} Buy"), N_("{n} Buys")),
    "card": (N_("{n} card"), N_("{n} cards")),
    "Supply pile": (N_("{n} Supply pile"), N_("{n} Supply piles")),
    "VP token": (N_("{n} VP token"), N_("{n} VP tokens")),
    "VP": (N_("{n} VP"), N_("{n} VP")),
    "Debt": (N_("{n} Debt"), N_("{n} Debt")),
    "pile": (N_("{n} pile"), N_("{n} piles")),
    "turn": (N_("{n} turn"), N_("{n} turns")),
}

_EN = Language("en")


def hand_sorted(names: Iterable[str]) -> list[str]:
    """Card names in the order a hand is read: Actions, Treasures, Victory cards, Curses,
    then the rest, each by (English) name; unknown names last. So drawn cards are read
    as the hand is ("3 Coppers, Silver and Estate"): :func:`~a11y_dominion.rules.turnflow.name_rank`."""
    from ..rules.turnflow import name_rank

    return sorted(names, key=name_rank)


def plural(name: str) -> str:
    """English plural of a card name ("Estates", "Duchies", "Rocks")."""
    if name.endswith("s"):
        return name
    if name.endswith("y") and not name.endswith(("ey", "ay", "oy")):
        return name[:-1] + "ies"
    if name.endswith(("x", "sh", "ch")):
        return name + "es"
    return name + "s"


def join_names(names: Iterable[str], lang: Language = _EN) -> str:
    """ "Copper, Copper and Silver" for a list of names; "nothing" if empty."""
    names = list(names)
    if not names:
        return lang._("nothing")
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + lang._(" and ") + names[-1]


def group_names(names: Iterable[str], lang: Language = _EN) -> str:
    """ "2 Coppers and Silver": repeated names counted, first-seen order kept
    (in Dutch "2 Koper en 3 Landgoederen")."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    parts: list[str] = []
    for n, k in counts.items():
        parts.append(f"{k} {lang.cards(n)}" if k > 1 else lang.card(n))
    return join_names(parts, lang)


def called(name: str, listener: str | None, lang: Language = _EN) -> str:
    """``name`` as the player ``listener`` hears it: "You" ("Jij" in Dutch) for the listener
    themself, whatever their seat is called, as an unnamed seat is called (the final scores, the
    score command); any other player (or every player, for no listener) by name."""
    return lang._(N_("You")) if listener is not None and name == listener else name


def count(n: int, unit: str, lang: Language = _EN) -> str:
    """ "1 coin", "3 coins", "1 VP", "2 Actions" (in ``lang``)."""
    if unit not in UNITS:
        return f"{n} {unit if n == 1 else plural(unit)}"
    one, many = UNITS[unit]
    return lang.text(one if n == 1 else many, n=n)
