"""Asking players: building decisions with filled-in prompts and reading
the answers back as cards, piles, numbers or yes/no."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any, cast

from .decisions import Decision, Kind, Option, Purpose, fill
from .dispatch import DispatchMixin
from .state import Card, Player

if TYPE_CHECKING:
    pass


class AskingMixin(DispatchMixin):
    """Decisions for cards, piles, yes/no, modes and numbers."""

    # ------------------------------------------------------------- decisions
    def ask(self, d: Decision) -> Generator[Decision, Any, list[Option]]:
        """Yield ``d`` unless every legal answer amounts to the same; returns the answer keys."""
        auto = d.distinct_results()
        if auto is not None:
            return auto
        ans: list[Option] = yield d
        return ans

    @staticmethod
    def _prompt(p: Player, template: str, args: dict[str, Any] | None) -> tuple[str, dict[str, Any]]:
        a = {"player": p.name}
        a.update(args or {})
        return fill(template, a), a

    def decision(
        self,
        p: Player,
        kind: str,
        purpose: str,
        prompt: str,
        options: Sequence[Option],
        lo: int = 1,
        hi: int = 1,
        args: dict[str, Any] | None = None,
        **kw: Any,
    ) -> Decision:
        """A :class:`Decision` for ``p`` whose prompt template is filled in."""
        text, a = self._prompt(p, prompt, args)
        return Decision(p.name, Kind(kind), Purpose(purpose), text, options, lo, hi, template=prompt, args=a, **kw)

    def choose_cards(
        self,
        p: Player,
        cards: list[Card],
        prompt: str,
        purpose: str,
        lo: int,
        hi: int,
        source: str = "",
        distinct: bool = False,
        ordered: bool = False,
        args: dict[str, Any] | None = None,
    ) -> Generator[Decision, Any, list[Card]]:
        """Ask ``p`` to choose between ``lo`` and ``hi`` of ``cards``; returns Card objects.

        ``prompt`` is an English template whose fields (``{player}`` and
        any in ``args``) are filled in; it is kept for translation."""
        counts: dict[str, int] = {}  # (each name's copies: a plain dict counts faster than a Counter)
        for c in cards:
            counts[c.name] = counts.get(c.name, 0) + 1
        hi = min(hi, len(cards))
        lo = min(lo, hi)
        if hi == 0:
            return []
        text, a = self._prompt(p, prompt, args)
        d = Decision(
            p.name,
            Kind.CARDS,
            Purpose(purpose),
            text,
            list(counts),
            lo,
            hi,
            counts=counts,
            source=source,
            distinct=distinct,
            ordered=ordered,
            template=prompt,
            args=a,
        )
        keys = yield from self.ask(d)
        out, pool = [], list(cards)
        for k in keys:
            for c in pool:
                if c.name == k:
                    out.append(c)
                    pool.remove(c)
                    break
        return out

    def choose_pile(
        self,
        p: Player,
        prompt: str,
        pred: Callable[[Card], bool],
        purpose: str = "gain",
        source: str = "",
        optional: bool = False,
        args: dict[str, Any] | None = None,
    ) -> Generator[Decision, Any, str | None]:
        """Ask ``p`` for a Supply pile whose top card satisfies ``pred(card)``;
        returns the pile name, or None when nothing qualifies or they decline."""
        opts = [pl.name for pl in self.piles.values() if pl.cards and pred(pl.cards[0])]
        if not opts:
            return None
        labels: dict[Option, str] = {o: self.piles[o].cards[0].name for o in opts}
        text, a = self._prompt(p, prompt, args)
        d = Decision(
            p.name,
            Kind.PILE,
            Purpose(purpose),
            text,
            opts,
            0 if optional else 1,
            1,
            source=source,
            labels=labels,
            template=prompt,
            args=a,
        )
        keys = cast("list[str]", (yield from self.ask(d)))  # pile names
        return keys[0] if keys else None

    def yes_no(
        self, p: Player, prompt: str, source: str = "", purpose: str = "yesno", args: dict[str, Any] | None = None
    ) -> Generator[Decision, Any, bool]:
        """Ask a yes/no question; returns bool."""
        text, a = self._prompt(p, prompt, args)
        keys: list[str] = yield Decision(
            p.name, Kind.YESNO, Purpose(purpose), text, ["yes", "no"], source=source, template=prompt, args=a
        )
        return keys[0] == "yes"

    def choose_mode(
        self, p: Player, prompt: str, modes: list[tuple[str, str]], source: str = "", args: dict[str, Any] | None = None
    ) -> Generator[Decision, Any, str]:
        """Ask for one of ``modes`` [(key, label)]; returns the key."""
        text, a = self._prompt(p, prompt, args)
        d = Decision(
            p.name,
            Kind.MODE,
            Purpose.MODE,
            text,
            [k for k, _ in modes],
            source=source,
            labels=dict(modes),
            template=prompt,
            args=a,
        )
        keys: list[str] = yield d
        return keys[0]

    def choose_number(
        self,
        p: Player,
        prompt: str,
        lo: int,
        hi: int,
        purpose: str,
        source: str = "",
        allow_pass: bool = False,
        args: dict[str, Any] | None = None,
    ) -> Generator[Decision, Any, int | None]:
        """Ask for a whole number from ``lo`` to ``hi`` (or ``pass`` → None)."""
        opts = (["pass"] if allow_pass else []) + [str(i) for i in range(lo, hi + 1)]
        text, a = self._prompt(p, prompt, args)
        keys = yield Decision(p.name, Kind.NUMBER, Purpose(purpose), text, opts, source=source, template=prompt, args=a)
        return None if keys[0] == "pass" else int(keys[0])
