"""Decisions: the only way the engine asks anything of a seat.

A :class:`Decision` names the player who decides, what kind of answer is
wanted, the legal option keys, how many may be chosen, and the card, Event
or Landmark that asks. Every answer is a list of option keys (strings).
:meth:`Decision.check` returns why an answer is refused, or None.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional


def N_(message: str) -> str:
    """Mark an English template for translation (it is returned unchanged)."""
    return message


def fill(template: str, args: dict) -> str:
    """``template`` with its ``{fields}`` filled from ``args``."""
    return template.format(**args) if args else template


class Msg(str):
    """An English sentence that keeps its template and fields, so that it
    can be shown in another language. ``Msg("{card} costs {cost}.", card="Gold", cost=...)``."""

    def __new__(cls, template: str, **args):
        obj = super().__new__(cls, fill(template, args))
        obj.template = template
        obj.args = args
        return obj


class IllegalAnswer(ValueError):
    """Raised by ``Game.answer`` for a refused answer; the game is unchanged.

    ``str(err)`` is one sentence saying what was wrong and what is allowed.
    """


@dataclass
class Decision:
    """One pending question to one player.

    ``kind`` is one of ``turn`` (a move at the turn prompt), ``cards``
    (choose card names, repeats allowed up to ``counts``), ``pile`` (choose a
    Supply pile), ``yesno``, ``number`` (options are digits and maybe
    ``pass``), ``mode`` (one named choice). ``purpose`` says what the choice
    is for (play, trash, discard, gain, topdeck, reveal, keep, bid, pay,
    mode, order). ``min``/``max`` bound how many keys the answer lists.
    """

    player: str
    kind: str
    purpose: str
    prompt: str
    options: list
    min: int = 1
    max: int = 1
    counts: Optional[dict] = None
    source: str = ""
    labels: dict = field(default_factory=dict)
    validate: Optional[Callable[[list], Optional[str]]] = None
    ordered: bool = False
    template: str = ""      # the English prompt before its fields were filled in (for translation)
    args: dict = field(default_factory=dict)   # the fields: player, card, count...

    def count_of(self, key: str) -> int:
        """How many times ``key`` may appear in one answer."""
        if self.counts is not None:
            return self.counts.get(key, 0)
        return 1 if key in self.options else 0

    def check(self, answer: list) -> Optional[str]:
        """Why ``answer`` (a list of option keys) is refused, or None if legal."""
        if not isinstance(answer, list) or not all(isinstance(a, str) for a in answer):
            return Msg("An answer is a list of option names.")
        allowed = ", ".join(self.labels.get(o, o) for o in self.options) or "nothing"
        for key, n in Counter(answer).items():
            have = self.count_of(key)
            if have == 0:
                return Msg("{choice} is not one of the choices. Choose from: {allowed}.",
                           choice=self.labels.get(key, key), allowed=allowed)
            if n > have:
                return Msg(N_("{choice} can be chosen at most {most} times here.") if have != 1 else
                           N_("{choice} can be chosen only once here."), choice=key, most=have)
        if len(answer) < self.min or len(answer) > self.max:
            if self.min == self.max:
                t = N_("Choose exactly {low}; you chose {got}. Choices: {allowed}.")
            elif self.max >= 99:
                t = N_("Choose at least {low}; you chose {got}. Choices: {allowed}.")
            else:
                t = N_("Choose from {low} to {high}; you chose {got}. Choices: {allowed}.")
            return Msg(t, low=self.min, high=self.max, got=len(answer), allowed=allowed)
        if self.validate is not None:
            return self.validate(answer)
        return None

    def distinct_results(self) -> Optional[list]:
        """The single answer every legal choice amounts to, or None.

        Used to resolve a choice nobody needs to make: one distinct card for
        a forced choice, or nothing at all to choose.
        """
        if self.kind in ("turn", "yesno", "number", "mode"):
            return None
        total = sum(self.count_of(o) for o in self.options)
        if self.max == 0 or total == 0:
            return [] if self.min == 0 else None
        if self.validate is not None:
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

    def to_dict(self) -> dict:
        """JSON form used for ``pending`` in scenario output."""
        return {"player": self.player, "prompt": self.prompt,
                "options": [self.labels.get(o, o) for o in self.options],
                "min": self.min, "max": self.max, "kind": self.kind,
                "purpose": self.purpose, "source": self.source}
