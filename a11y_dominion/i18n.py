"""Languages: English (the source language) and Dutch, through gettext.

Every sentence the program speaks or shows is written in English in the
code and looked up in the gettext catalog ``a11y_dominion`` under
``a11y_dominion/locale`` (made with Babel: see ``babel.cfg`` and ``docs/layout.md``).
Card, pile, Event and Landmark names use the Dutch edition's names in Dutch.

:class:`Language` is what callers hold: ``lang._("Game over.")``,
``lang.text(template, **fields)`` for a template with fields,
``lang.msg(error)`` for an engine or input refusal (:class:`Msg`),
``lang.prompt(decision)`` for a decision's question.

A translation may choose a word by a number field with a format spec of
the forms separated by ``|``: ``"{n} {n:punt|punten}"`` gives "1 punt" and
"3 punten" (the forms follow the catalog's plural rule).
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import string
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, overload

from .rules.cards import canonical, dutch_name, dutch_plural
from .rules.cost import Cost
from .rules.decisions import N_ as N_  # (imported from here by the console and the announcements)
from .rules.decisions import Msg, Option, shown

if TYPE_CHECKING:
    from .rules.decisions import Decision

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "a11y_dominion"
LANGUAGES = {"en": "English", "nl": "Nederlands"}


GAME_COMMAND = "a11y-dominion"
COMMAND_VARIABLE = "A11Y_DOMINION_COMMAND"  # install.py --play sets it to the command the player typed
MAX_COMMAND = 200  # characters of that command named in a sentence


def typed_command(environ: Mapping[str, str] | None = None) -> str:
    """The command a player types to start this game, as sentences name it ("{command} resume
    goes on with it"): ``A11Y_DOMINION_COMMAND`` of ``environ`` (a mapping of environment
    variables; ``os.environ`` when None), which ``install.py --play`` sets to the form it was
    started with ("python3 install.py --play", "py install.py --play"), else the installed
    command ``a11y-dominion``. A value that is not one printable line of at most
    :data:`MAX_COMMAND` characters is not used."""
    value = (os.environ if environ is None else environ).get(COMMAND_VARIABLE, "")
    value = value.strip() if isinstance(value, str) else ""
    if not value or len(value) > MAX_COMMAND or not value.isprintable():
        return GAME_COMMAND
    return value


# Fields of templates that hold card, pile, Event or Landmark names.
NAME_FIELDS = {"card", "top", "pile", "source", "choice", "word", "card2", "event", "landmark"}
LIST_FIELDS = {"allowed", "choices", "cards"}

# A Dutch preposition and the field after it ("voor {players}"): a person there is an object.
# Not "tot" or "dan" (also conjunctions: "tot {player} terugkomt"), nor "niet" ("niet {other}").
# A field that opens a sentence or clause and the verb after it ("{player} leads."): when the field
# holds the default seat's name "You", the verb is the second person ("You lead.").
_SUBJECT_VERB = re.compile(r"(^|[.:;!?] )\{(\w+)\} ([a-z]+s)\b")
_YOU_VERBS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _you_verb(verb: str) -> str:
    """The second-person form of an English third-person verb: leads -> lead, passes -> pass,
    tries -> try, has -> have."""
    if verb in _YOU_VERBS:
        return _YOU_VERBS[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ss"):
        return verb  # not a verb in the third person ("Mountain Pass")
    return verb[:-1]


# how a decision's question addresses the seat asked, in every language ("{player}, Militia: ...")
_ADDRESSED = "{player}, "

_AFTER_PREPOSITION = re.compile(r"\b(voor|van|aan|met|bij|naar|op|om|tegen|zonder|over|door|uit) \{(\w+)\}")


@functools.lru_cache(maxsize=1)
def catalog_ids() -> frozenset[str]:
    """The English sentences of the game's gettext catalog (its msgids): the only templates
    a sentence received from another computer may name (:mod:`a11y_dominion.remote.client`).
    Read from the Dutch catalog, which translates every one (a test keeps it so); empty
    when that catalog cannot be read."""
    try:
        with open(LOCALE_DIR / "nl" / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return frozenset()
    return frozenset(key if isinstance(key, str) else key[0] for key in catalog if key)


@functools.lru_cache(maxsize=4096)  # (a sentence is checked each time it is said)
def check_template(template: str) -> None:
    """Raise ValueError unless each field of ``template`` is a plain name (``{player}``),
    with no attribute, index or conversion, and no format spec but the plural forms
    ``{n:one|many}``: so that filling a template reads no attribute of a value and makes
    no text longer than the values themselves (the forms' own fields are checked alike)."""
    for _literal, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        if not name.isidentifier() or conversion is not None or (spec and "|" not in spec):
            raise ValueError("a template field is a plain name")
        if spec:
            check_template(spec)  # the forms may hold fields too: "{n:The last message|The last {n} messages}"


class _Formatter(string.Formatter):
    """``str.format`` plus ``{n:one|many}``: the form for the number ``n``; ``plural``
    gives the index of a number's form (the catalog's plural rule)."""

    def __init__(self, plural: Callable[[int], int]) -> None:
        self.plural = plural

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int) and not isinstance(value, bool):
            forms = format_spec.split("|")
            return forms[min(int(self.plural(abs(value))), len(forms) - 1)]
        return str(super().format_field(value, format_spec))


# The words of yes and no in each language, typed at every yes-or-no question (a card's, a
# confirmation, the stop question, a first question at a terminal); English's count in every language.
YES_WORDS = {"en": ("yes", "y"), "nl": ("ja", "j")}
NO_WORDS = {"en": ("no", "n"), "nl": ("nee", "n")}


def yes_or_no(text: str, lang: Language | str = "en") -> bool | None:
    """What the typed ``text`` answers to a yes-or-no question in ``lang`` (a
    :class:`Language` or its code): True for a word of :data:`YES_WORDS`, False for a word of
    :data:`NO_WORDS` (the language's own or English's; any case, spaces around it left out),
    None for any other text. Enter alone is None too: each question says what it means there."""
    code = lang if isinstance(lang, str) else lang.code
    word = text.strip().lower()
    for c in dict.fromkeys((code, "en")):
        if word in YES_WORDS.get(c, ()):
            return True
        if word in NO_WORDS.get(c, ()):
            return False
    return None


class Language:
    """One language's catalog. ``code`` is ``en`` or ``nl``; raises
    ValueError for another code."""

    def __init__(self, code: str = "en"):
        if code not in LANGUAGES:
            raise ValueError(f"{code} is not a language of this game; choose {' or '.join(LANGUAGES)}.")
        self.code = code
        if code == "en":
            self._tr = gettext.NullTranslations()
        else:
            self._tr = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)
        plural: Callable[[int], int] = getattr(self._tr, "plural", None) or (lambda n: int(n != 1))
        self._fmt = _Formatter(plural)

    # -- plain lookups
    def _(self, message: str) -> str:
        """The translation of an English ``message``."""
        return self._tr.gettext(message)

    def n_(self, singular: str, plural: str, n: int) -> str:
        """The translation of a sentence whose form depends on the number ``n``."""
        return self._tr.ngettext(singular, plural, n)

    @overload
    def card(self, name: str) -> str: ...

    @overload
    def card(self, name: None) -> None: ...

    def card(self, name: str | None) -> str | None:
        """A card, pile, Event or Landmark name in this language (None for None)."""
        if name is None or self.code == "en":
            return name
        if "/" in name:
            return "/".join(self.card(x) for x in name.split("/"))
        return dutch_name(name) if canonical(name) == name else name

    def cards(self, name: str) -> str:
        """A card name after a number above 1, in this language: "Estates",
        "Duchies", "Rocks" in English; "Landgoederen", "Koper" in Dutch."""
        if self.code == "en":
            # here, not at the top: announcements.words imports this module at its top
            from .announcements.words import plural

            return plural(name)
        if "/" in name:
            return "/".join(self.cards(x) for x in name.split("/"))
        return dutch_plural(name) if canonical(name) == name else name

    def cost(self, coins: int, debt: int = 0) -> str:
        """Words for a cost ("5 coins", "8 Debt", "8 coins and 8 Debt")."""
        parts = []
        if coins or not debt:
            parts.append(self._(N_("{n} coin") if coins == 1 else N_("{n} coins")).format(n=coins))
        if debt:
            parts.append(self._(N_("{n} Debt")).format(n=debt))
        return self._(N_(" and ")).join(parts) if len(parts) > 1 else parts[0]

    def label(self, decision: Decision, key: Option) -> str:
        """The words for one option ``key`` of a decision: a card or pile name, or a
        label such as "yes" or "a Duchy", in this language."""
        label = decision.labels.get(key, str(key))
        if decision.kind in ("mode", "yesno") or key == "pass":
            return self._(label)
        return self.card(label) or label

    # -- templates
    def _field(self, key: str, value: object) -> object:
        if isinstance(value, Cost):
            return self.cost(value.coins, value.debt)
        if isinstance(value, Msg):  # a phrase with fields ("the Silver pile")
            return self.msg(value)
        sentences: Iterable[object] | None = getattr(value, "sentences", None)
        if sentences is not None:  # several refusals in one (settings)
            return " ".join(self.msg(x) for x in sentences)
        if isinstance(value, str) and self.code != "en":
            if key in NAME_FIELDS:
                shown = self.card(value)
                # a label rather than a name ("a Duchy", "nothing"); what was typed stays as typed
                return self._(value) if shown == value and key != "word" else shown
            if key in LIST_FIELDS:
                return ", ".join(self._name_or_label(x) for x in value.split(", "))
        return value

    def _name_or_label(self, value: str) -> str:
        shown = self.card(value) or value
        return self._(value) if shown == value else shown

    def text(self, template: str, **fields: object) -> str:
        """``template`` translated, its ``{fields}`` filled in (names translated).
        In Dutch the default seat's name ("Jij") after a preposition is the object
        form ("Nieuw spel voor jou en Bot.")."""
        return self._fill(self._(template), fields)

    def _fill(self, out: str, fields: Mapping[str, object]) -> str:
        """The translated template ``out`` with its ``{fields}`` filled in, as :meth:`text` fills them."""
        if not fields:
            return out
        en = self.code == "en"  # (a number, and a text in English, are filled in as they are)
        values = {
            k: v if type(v) is int else shown(v if en and type(v) is str else self._field(k, v))
            for k, v in fields.items()
        }
        if self.code == "nl":
            out, values = self._object_forms(out, values)
        elif "You" in values.values():
            out = self._you_verbs(out, values)
        check_template(out)
        return self._fmt.vformat(out, (), values) if "|" in out else out.format(**values)

    @staticmethod
    def _you_verbs(out: str, values: dict[str, object]) -> str:
        """``out`` with the verb after each field that opens a sentence or clause and holds the
        default seat's name "You" in the second person ("{player} leads." -> "{player} lead.")."""

        def fix(m: re.Match[str]) -> str:
            if values.get(m.group(2)) != "You":
                return m.group(0)
            return f"{m.group(1)}{{{m.group(2)}}} {_you_verb(m.group(3))}"

        return _SUBJECT_VERB.sub(fix, out)

    def _object_forms(self, out: str, values: dict[str, object]) -> tuple[str, dict[str, object]]:
        """``out`` and ``values`` with each field that holds the default seat's name
        (``You``, "Jij") and follows a preposition given as its object form ("jou")."""
        name = self._(N_("You"))
        if name == "You" or not any(isinstance(v, str) and name in v for v in values.values()):
            return out, values
        word = re.compile(rf"\b{re.escape(name)}\b")
        values = dict(values)

        def objectify(m: re.Match[str]) -> str:
            key = m.group(2)
            value = values.get(key)
            if key in NAME_FIELDS or not isinstance(value, str) or not word.search(value):
                return m.group(0)
            values[key + "__object"] = word.sub(self._(N_("you")), value)
            return f"{m.group(1)} {{{key}__object}}"

        return _AFTER_PREPOSITION.sub(objectify, out), values

    def msg(self, message: object) -> str:
        """A refusal or other :class:`Msg` in this language; plain strings are looked up as they are
        (an exception: its first argument; another value: its text)."""
        if isinstance(message, BaseException):
            message = message.args[0] if message.args else str(message)
        if isinstance(message, Msg):
            return self.text(message.template, **message.args)
        text: str = shown(self._(str(message)))
        return text

    def prompt(self, decision: Decision, you: bool = True) -> str:
        """The question of a :class:`~a11y_dominion.rules.decisions.Decision` in this language.
        A card's question begins with the name of the seat asked ("{player}, Militia: ...").
        ``you`` (one person at this screen, whatever the seat's name): the name is left out, as
        the question is that person's own ("Militia: discard 2 cards, down to 3 in hand.");
        else (several people at one keyboard) it names who is to answer ("Ann, Militia: ...")."""
        template = getattr(decision, "template", "")
        if not template:
            return self._(decision.prompt)
        out = self._(template)
        if you and out.startswith(_ADDRESSED):
            out = out[len(_ADDRESSED) :]
            if not out.startswith("{"):  # a word opens the sentence now; a name filled in stays as it is
                out = out[:1].upper() + out[1:]
        return self._fill(out, decision.args)
