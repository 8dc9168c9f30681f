"""Kingdom choices: the rulebook's recommended sets and random Kingdoms.

Rule source: Empires rulebook, "Preparation" and the two recommended sets
("Basic Intro" / "Rustige introductie", "Advanced Intro" / "Introductie
voor gevorderden"). A random Kingdom shuffles the Kingdom randomizers with
the Event and Landmark cards and takes them as they come until 10 Kingdom
piles are out, keeping at most 2 Events and Landmarks together.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .i18n import typed_command
from .rules.cards import EVENTS, LANDMARKS, PILES, canonical, pile_name_for
from .rules.decisions import N_, Msg
from .rules.primitives import shuffle

RECOMMENDED: dict[str, dict[str, list[str]]] = {
    "basic-intro": {
        "kingdom": [
            "Castles",
            "Chariot Race",
            "City Quarter",
            "Engineer",
            "Farmers' Market",
            "Forum",
            "Legionary",
            "Patrician/Emporium",
            "Sacrifice",
            "Villa",
        ],
        "events": ["Wedding"],
        "landmarks": ["Tower"],
    },
    "advanced-intro": {
        "kingdom": [
            "Archive",
            "Capital",
            "Catapult/Rocks",
            "Crown",
            "Enchantress",
            "Gladiator/Fortune",
            "Groundskeeper",
            "Royal Blacksmith",
            "Settlers/Bustling Village",
            "Temple",
        ],
        "events": [],
        "landmarks": ["Arena", "Triumphal Arch"],
    },
}


NAMED_KINGDOMS = {"basic-intro": N_("Basic Intro"), "advanced-intro": N_("Advanced Intro")}
"""The rulebook's recommended Kingdoms by the word typed (``--kingdom basic-intro``), with their
names (Dutch: the Dutch rulebook's)."""


def kingdom_name(kingdom: list[str], events: list[str], landmarks: list[str]) -> str | None:
    """The name (an English template of :data:`NAMED_KINGDOMS`) of the recommended set that
    is exactly these Kingdom piles, Events and Landmarks, in any order; None for any other."""
    for key, setup in RECOMMENDED.items():
        if (sorted(kingdom), sorted(events), sorted(landmarks)) == (
            sorted(setup["kingdom"]),
            sorted(setup["events"]),
            sorted(setup["landmarks"]),
        ):
            return NAMED_KINGDOMS[key]
    return None


Setup = tuple[list[str], list[str], list[str]]
"""A game's setup: (Kingdom pile names, Event names, Landmark names)."""


class KingdomError(ValueError):
    """A Kingdom, Event or Landmark choice that cannot be used; one sentence."""


def kingdom_piles() -> list[str]:
    """Names of every Kingdom pile the project knows."""
    return [p.name for p in PILES.values() if p.kind != "basic"]


def _names(text: str | None, registry: Mapping[str, object], what: str) -> list[str] | None:
    if text is None:
        return None
    out: list[str] = []
    for part in [x.strip() for x in text.split(",") if x.strip()]:
        c = canonical(part)
        if c is None or c not in registry:
            raise KingdomError(
                Msg(
                    N_("{word} is not an Event this game knows. Known: {choices}.")
                    if what == "Event"
                    else N_("{word} is not a Landmark this game knows. Known: {choices}."),
                    word=part,
                    choices=", ".join(registry),
                )
            )
        if c in out:
            raise KingdomError(
                Msg(
                    N_("The Event {event} is named twice.")
                    if what == "Event"
                    else N_("The Landmark {landmark} is named twice."),
                    event=c,
                    landmark=c,
                )
            )
        out.append(c)
    return out


_DECKS: dict[tuple[int, int, int], tuple[tuple[str, str], ...]] = {}
"""The unshuffled deck of :func:`random_setup` (every Kingdom pile, Event and Landmark, as
``(kind, name)``), by the number of piles, Events and Landmarks known when it was made."""


def random_setup(rng: random.Random) -> Setup:
    """10 random Kingdom piles and 0 to 2 Events/Landmarks, drawn the rulebook's way."""
    known = (len(PILES), len(EVENTS), len(LANDMARKS))
    made = _DECKS.get(known)
    if made is None:
        _DECKS.clear()
        made = _DECKS[known] = (
            *[("pile", p) for p in kingdom_piles()],
            *[("event", e) for e in EVENTS],
            *[("landmark", lm) for lm in LANDMARKS],
        )
    deck = list(made)
    shuffle(rng, deck)  # (rng.shuffle's steps, without a call per card)
    kingdom: list[str] = []
    events: list[str] = []
    landmarks: list[str] = []
    for kind, name in deck:
        if len(kingdom) == 10:
            break
        if kind == "pile":
            kingdom.append(name)
        elif len(events) + len(landmarks) < 2:
            (events if kind == "event" else landmarks).append(name)
    return kingdom, events, landmarks


def kingdom_refusal(word: str) -> Msg:
    """The sentence refusing the Kingdom ``word`` (one word or name, no list), naming every
    Kingdom that can be asked for, the same for ``host --kingdom``, ``play`` and the server's
    ``new kingdom``."""
    return Msg(
        "{word} is neither a recommended Kingdom nor a Kingdom card; name basic-intro, advanced-intro, random, "
        "or Kingdom cards separated by commas, such as Village, Smithy, Market.",
        word=word[:40],
    )


def choose_setup(kingdom: str, events: str | None, landmarks: str | None, seed: int, lobby: bool = False) -> Setup:
    """(kingdom piles, events, landmarks) for the command-line options.

    ``kingdom`` is ``basic-intro``, ``advanced-intro`` (or their names, ``Basic Intro``),
    ``random`` or card names separated by commas. Raises :class:`KingdomError`: for a single
    word or name that is none of these, :func:`kingdom_refusal`. ``lobby``: the sentences are
    the server lobby's ``new``, naming its options as typed there (``events``, not
    ``--events``) and the Kingdom cards themselves, as a player at a server has no ``cards``
    command to type.
    """
    key = " ".join((kingdom or "basic-intro").split()).lower().replace(" ", "-")
    ev_list = _names(events, EVENTS, "Event")
    lm_list = _names(landmarks, LANDMARKS, "Landmark")
    if key in RECOMMENDED:
        r = RECOMMENDED[key]
        k, e, lm = list(r["kingdom"]), list(r["events"]), list(r["landmarks"])
    elif key == "random":
        k, e, lm = random_setup(random.Random(seed))
    else:
        k = []
        for part in [x.strip() for x in kingdom.split(",") if x.strip()]:
            pn = pile_name_for(part)
            named = canonical(part)
            if named in EVENTS:
                raise KingdomError(
                    Msg(
                        N_("{word} is an Event; name it after events, for example: new events {word}.")
                        if lobby
                        else N_("{word} is an Event; name it with --events."),
                        word=named,
                    )
                )
            if named in LANDMARKS:
                raise KingdomError(
                    Msg(
                        N_("{word} is a Landmark; name it after landmarks, for example: new landmarks {word}.")
                        if lobby
                        else N_("{word} is a Landmark; name it with --landmarks."),
                        word=named,
                    )
                )
            if (pn is None or PILES[pn].kind == "basic") and "," not in kingdom:
                raise KingdomError(kingdom_refusal(part))
            if pn is None or PILES[pn].kind == "basic":
                if lobby:
                    raise KingdomError(
                        Msg(
                            "{word} is not a Kingdom card this game knows. Known: {choices}.",
                            word=part[:40],
                            choices=", ".join(kingdom_piles()),
                        )
                    )
                raise KingdomError(
                    Msg(
                        "{word} is not a Kingdom card this game knows. Type {command} cards to list them.",
                        word=part,
                        command=typed_command(),
                    )
                )
            if pn in k:
                raise KingdomError(
                    Msg(
                        N_("The pile {pile} is named twice after kingdom.")
                        if lobby
                        else N_("The pile {pile} is named twice in --kingdom."),
                        pile=pn,
                    )
                )
            k.append(pn)
        if not k:
            raise KingdomError(
                Msg(
                    N_("kingdom needs at least one Kingdom card name, for example: new kingdom Village, Smithy.")
                    if lobby
                    else N_("--kingdom needs at least one Kingdom card name.")
                )
            )
        e, lm = [], []
    if ev_list is not None:
        e = ev_list
    if lm_list is not None:
        lm = lm_list
    return k, e, lm
