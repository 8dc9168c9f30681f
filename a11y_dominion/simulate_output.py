"""What ``simulate`` prints: the plain-sentence summary of a result, and
its progress while the games are played.

:func:`summary_lines` turns a result of :func:`~a11y_dominion.simulate.simulate`
into sentences (translated). :func:`make_progress` gives the progress
callback: a ``rich`` progress bar at a terminal, one plain line every 10 %
in screen-reader mode (a bar redrawn in place is noise to a screen reader),
and nothing without a terminal or with ``--json``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import IO, TYPE_CHECKING, Any

from .announcements.speech.detect import screen_reader_mode
from .i18n import Language
from .rules.decisions import N_

if TYPE_CHECKING:
    from .simulate import KingdomPlayed, SimulateResult

TOP_CARDS = 8
"""The summary names this many cards a seat bought or played most."""


def _number(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _percent(x: float) -> str:
    return f"{x * 100:.1f}"


def _cards(lang: Language, per_game: Mapping[str, float]) -> str:
    items = list(per_game.items())[:TOP_CARDS]
    return ", ".join(f"{_number(v)} {lang.card(k)}" for k, v in items)


def kingdom_lines(kingdoms: list[KingdomPlayed], lang: Language) -> list[str]:
    """The setup the games were played with (``kingdoms``, as
    :func:`~a11y_dominion.simulate.kingdoms_played` gives them), in ``lang``: the Kingdom's
    piles in the Supply's order, then its Events and Landmarks, one line each; for a random
    Kingdom chosen anew for each game, how many there were."""
    from .announcements.words import join_names

    if len(kingdoms) > 1:
        return [
            lang.text(
                N_("Kingdom: a random one for each game, {n} in all; --json names each, with its games."),
                n=len(kingdoms),
            )
        ]
    out = []
    for k in kingdoms:
        out.append(lang.text(N_("Kingdom: {piles}."), piles=join_names([lang.card(p) for p in k["kingdom"]], lang)))
        if k["events"]:
            out.append(lang.text(N_("Events: {events}."), events=join_names([lang.card(e) for e in k["events"]], lang)))
        if k["landmarks"]:
            landmarks = join_names([lang.card(lm) for lm in k["landmarks"]], lang)
            out.append(lang.text(N_("Landmarks: {landmarks}."), landmarks=landmarks))
    return out


def summary_lines(res: SimulateResult, lang: Language) -> list[str]:
    """The result ``res`` of ``simulate`` as plain sentences in ``lang``: the
    games and time, the Kingdom (:func:`kingdom_lines`), each seat's wins, ties and win share with its 95 %
    interval, ties, turns, unfinished games and errors; with statistics, what
    each seat bought and played most and its average score parts."""
    out = [
        lang.text(N_("{games} {games:game|games} in {seconds} seconds."), games=res["games"], seconds=res["seconds"])
    ]
    out += kingdom_lines(res.get("kingdoms", []), lang)
    for seat, s in res["seats"].items():
        lo, hi = s["interval"]
        out.append(
            lang.text(
                N_(
                    "{seat}: {n} {n:win|wins} and {ties} {ties:tie|ties}, a win share of {share} % "
                    "(95 % interval {low} to {high} %)."
                ),
                seat=seat,
                n=s["wins"],
                ties=s["ties"],
                share=_percent(s["share"]),
                low=_percent(lo),
                high=_percent(hi),
            )
        )
    out.append(
        lang.text(
            N_("Ties: {ties}. Average turns: {turns}. Unfinished: {unfinished}. Errors: {errors}."),
            ties=res["ties"],
            turns=res["average_turns"],
            unfinished=len(res["unfinished"]),
            errors=len(res["errors"]),
        )
    )
    out.append(
        lang._(
            N_(
                "Win shares count a tie as half a win; the intervals are Wilson score intervals "
                "over the finished games."
            )
        )
    )
    for seat, st in (res.get("stats") or {}).items():
        if not st["games"]:
            out.append(lang.text(N_("{seat} finished no game, so there are no statistics."), seat=seat))
            continue
        bought = _cards(lang, st["bought_per_game"])
        played = _cards(lang, st["played_per_game"])
        out.append(
            lang.text(N_("{seat} bought per game: {list}."), seat=seat, list=bought)
            if bought
            else lang.text(N_("{seat} bought nothing."), seat=seat)
        )
        out.append(
            lang.text(N_("{seat} played per game: {list}."), seat=seat, list=played)
            if played
            else lang.text(N_("{seat} played no card."), seat=seat)
        )
        sc = st["average_score"]
        out.append(
            lang.text(
                N_(
                    "{seat} scored {total} VP a game on average: {cards} from Victory cards, "
                    "{tokens} from VP tokens and {landmarks} from Landmarks."
                ),
                seat=seat,
                total=_number(sc["total"]),
                cards=_number(sc["victory_cards"]),
                tokens=_number(sc["vp_tokens"]),
                landmarks=_number(sc["landmarks"]),
            )
        )
    return out


def _isatty(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class LineProgress:
    """Progress for a screen reader: one line each time another 10 % of the
    ``total`` games is played, written to ``stream``."""

    def __init__(self, total: int, stream: IO[str], lang: Language) -> None:
        self.total, self.stream, self.lang = total, stream, lang
        self.done = 0
        self.said = 0  # tenths said

    def __call__(self, n: int) -> None:
        """``n`` more games were played."""
        self.done += n
        tenths = self.done * 10 // self.total
        if tenths > self.said:
            self.said = tenths
            line = self.lang.text(
                N_("{done} of {total} games played ({percent} %)."),
                percent=tenths * 10,
                done=self.done,
                total=self.total,
            )
            self.stream.write(line + "\n")
            self.stream.flush()

    def close(self) -> None:
        """Nothing to clear."""


class BarProgress:
    """A ``rich`` progress bar of the ``total`` games on ``stream`` (removed when done)."""

    def __init__(self, total: int, stream: IO[str], lang: Language) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn(lang._(N_("Playing games"))),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(file=stream),
            transient=True,
        )
        self.task = self.bar.add_task("games", total=total)
        self.bar.start()

    def __call__(self, n: int) -> None:
        """``n`` more games were played."""
        self.bar.advance(self.task, n)

    def close(self) -> None:
        """Stop drawing and remove the bar."""
        self.bar.stop()


def make_progress(
    total: int,
    lang: Language,
    settings: dict[str, Any],
    as_json: bool,
    stream: IO[str] | None = None,
    running: Callable[[], bool | None] | None = None,
) -> LineProgress | BarProgress | None:
    """The progress of ``total`` games on ``stream`` (standard error): None
    with ``as_json`` or when ``stream`` is not a terminal; a
    :class:`LineProgress` in screen-reader mode (see :func:`screen_reader_mode`, which
    ``running`` goes to); else a :class:`BarProgress`."""
    stream = sys.stderr if stream is None else stream
    if as_json or not _isatty(stream):
        return None
    if screen_reader_mode(settings, running):
        return LineProgress(total, stream, lang)
    return BarProgress(total, stream, lang)
