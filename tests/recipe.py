"""CONTRIBUTING.md's worked examples (a Kingdom card, an Event, a Landmark), read from the file
itself, and their registration as temporary modules of the rules.

Each ``## Example: ...`` section of CONTRIBUTING.md holds one ```python block with the module's
code, and may hold a ```python block of ``"Name": "Plural",`` lines (its entries in
``DUTCH_PLURALS``), ```po blocks (its translations) and ```json blocks (its scenarios, in the
format of tests/scenarios). :func:`register` runs a module's code as the module
``a11y_dominion.rules.cards.empires.<name>`` (in memory, no file is written), as if it were a
file of that folder imported at start: it belongs in a process that has not played a game yet
(tests/recipe_plugin.py does it before any test is collected).
"""

from __future__ import annotations

import io
import json
import re
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
PACKAGE = "a11y_dominion.rules.cards.empires"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)
PLURAL_LINE = re.compile(r'\s*"([^"]+)": "([^"]+)",\s*')


@dataclass
class Example:
    """One worked example: ``title`` (the heading after "Example: "), ``code`` (its module's
    Python source), ``plurals`` (English name to Dutch plural), ``translations`` (msgid to
    msgstr) and ``scenarios`` (each a scenario case as a dict)."""

    title: str
    code: str = ""
    plurals: dict[str, str] = field(default_factory=dict)
    translations: dict[str, str] = field(default_factory=dict)
    scenarios: list[dict] = field(default_factory=list)

    @property
    def module_name(self) -> str:
        """The name of its temporary module: ``a11y_dominion.rules.cards.empires.recipe_<title>``."""
        return f"{PACKAGE}.recipe_" + re.sub(r"[^a-z0-9]+", "_", self.title.lower()).strip("_")


def read_po(text: str) -> dict[str, str]:
    """The msgid to msgstr pairs of the gettext catalog text ``text``."""
    from babel.messages.pofile import read_po as babel_read_po

    catalog = babel_read_po(io.BytesIO(text.encode("utf-8")))
    return {m.id: m.string for m in catalog if m.id}


def examples(text: str | None = None) -> list[Example]:
    """The worked examples of ``text`` (CONTRIBUTING.md's when None), in their order. Raises
    ValueError naming the example when one has no module code or two, or a block it cannot read."""
    if text is None:
        text = CONTRIBUTING.read_text(encoding="utf-8")
    out = []
    for section in re.split(r"^## ", text, flags=re.M):
        heading, _, body = section.partition("\n")
        if not heading.startswith("Example: "):
            continue
        example = Example(heading.removeprefix("Example: ").strip())
        for language, block in BLOCK.findall(body):
            lines = [x for x in block.splitlines() if x.strip()]
            if language == "python" and lines and all(PLURAL_LINE.fullmatch(x) for x in lines):
                example.plurals.update(PLURAL_LINE.fullmatch(x).groups() for x in lines)  # type: ignore[union-attr]
            elif language == "python":
                if example.code:
                    raise ValueError(f"the example {example.title} has two module blocks")
                example.code = block
            elif language == "po":
                example.translations.update(read_po(block))
            elif language == "json":
                example.scenarios.append(json.loads(block))
            else:
                raise ValueError(f"the example {example.title} has a {language} block, which is not read")
        if not example.code:
            raise ValueError(f"the example {example.title} has no module block")
        out.append(example)
    return out


def register(example: Example) -> dict[str, list[str]]:
    """Run ``example``'s code as its temporary module and add its plurals to ``DUTCH_PLURALS``;
    returns the names it added, by registry ("cards", "piles", "events", "landmarks")."""
    from a11y_dominion.rules import cards

    registries = {"cards": cards.CARDS, "piles": cards.PILES, "events": cards.EVENTS, "landmarks": cards.LANDMARKS}
    before = {kind: set(reg) for kind, reg in registries.items()}
    module = types.ModuleType(example.module_name)
    module.__package__ = PACKAGE
    module.__file__ = f"CONTRIBUTING.md, Example: {example.title}"
    sys.modules[example.module_name] = module
    exec(compile(example.code, module.__file__, "exec"), module.__dict__)
    cards.DUTCH_PLURALS.update(example.plurals)
    return {kind: sorted(set(reg) - before[kind]) for kind, reg in registries.items()}
