"""What the lobby's ``games``, ``stats`` and ``ranking`` say: an account's finished games, its
record and the ranking of the rated players, one sentence a line, in the listener's
language (English or Dutch: a decimal comma, "14e" for "14th", "3 december").

The functions here only make lines from what :class:`~.store.Store` read
(:class:`~.store.PlayedGame`, :class:`~.store.PlayerStats`, :class:`~.store.Ranked`); the
lobby reads the store and says them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta, timezone

from ..announcements.words import join_names
from ..i18n import N_, Language
from .ratings import PROVISIONAL_GAMES
from .store import PlayedGame, PlayerStats, Ranked

MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)

STOPPED = {
    "closed": N_("{day}, table {number}: stopped at turn {turns}; the table was closed."),
    "expired": N_("{day}, table {number}: stopped at turn {turns}; nobody came back to it."),
    "damaged": N_("{day}, table {number}: stopped at turn {turns}; its file could not be read."),
}
"""What a game stopped for each known reason says; another reason: "stopped at turn N"."""

GAMES_SHOWN = 5
"""Games ``games`` lists when no number is given."""

MOST_SHOWN = 50
"""The most lines ``games N`` and ``ranking N`` give."""

RANKING_SHOWN = 10
"""Lines ``ranking`` gives when no number is given."""

AROUND = 2
"""Lines above and below one's own that ``ranking me`` gives."""


ENGLISH_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def utc_today() -> date:
    """Today's date in UTC."""
    return datetime.now(timezone.utc).date()


def decimal(value: float, lang: Language) -> str:
    """``value`` to one decimal as ``lang`` writes it: "27.4" in English, "27,4" in Dutch
    (never "-0.0")."""
    text = f"{round(value, 1) + 0.0:.1f}"
    if text == "-0.0":
        text = "0.0"
    return text.replace(".", ",") if lang.code == "nl" else text


def ordinal(n: int, lang: Language) -> str:
    """The ordinal of the whole number ``n`` as ``lang`` writes it: "1st", "2nd", "3rd",
    "11th", "22nd" in English; "1e", "14e" in Dutch."""
    if lang.code == "nl":
        return f"{n}e"
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ENGLISH_SUFFIXES.get(n % 10, 'th')}"


def day_words(day: date, today: date, lang: Language) -> str:
    """``day`` as a line opens with it: "Today", "Yesterday", "3 December" (this year) or
    "3 December 2025", in ``lang``."""
    if day == today:
        return lang._(N_("Today"))
    if day == today - timedelta(days=1):
        return lang._(N_("Yesterday"))
    month = lang._(MONTHS[day.month - 1])
    if day.year == today.year:
        return lang.text(N_("{day} {month}"), day=day.day, month=month)
    return lang.text(N_("{day} {month} {year}"), day=day.day, month=month, year=day.year)


def _day_of(stamp: str) -> date:
    try:
        return date.fromisoformat(stamp[:10])
    except ValueError:
        return date(1970, 1, 1)


def game_line(game: PlayedGame, account: int, today: date, lang: Language) -> str:
    """One line of ``games`` for the account numbered ``account``: when and where ``game``
    ended, who won with how many VP and the others' scores, and, when it rated the account,
    its rating after the game and by how much it changed, or, after its first rated game, what
    a rating is (:mod:`.ratings`: places among people only, 0 at first, openskill's ordinal)."""
    day = day_words(_day_of(game.ended), today, lang)
    if game.stopped is not None:
        template = STOPPED.get(game.stopped, N_("{day}, table {number}: stopped at turn {turns}."))
        return lang.text(template, day=day, number=game.number, turns=game.turns)
    ordered = sorted(game.seats, key=lambda s: (s.place, s.seat))
    winners = [s for s in ordered if s.place == 1]
    others = ", ".join(f"{s.name} {s.score}" for s in ordered if s.place != 1)
    fields: dict[str, object] = {"day": day, "number": game.number, "score": winners[0].score, "scores": others}
    if len(winners) > 1:
        names = [s.name for s in winners]
        fields["players"] = join_names(names, lang)
        if others:
            line = lang.text(N_("{day}, table {number}: {players} shared the win with {score} VP; {scores}."), **fields)
        else:
            line = lang.text(N_("{day}, table {number}: {players} shared the win with {score} VP."), **fields)
    elif winners[0].account == account:
        line = lang.text(N_("{day}, table {number}: you won with {score} VP; {scores}."), **fields)
    else:
        fields["player"] = winners[0].name
        line = lang.text(N_("{day}, table {number}: {player} won with {score} VP; {scores}."), **fields)
    mine = next((s for s in game.seats if s.account == account), None)
    if game.rated and mine is not None and mine.after is not None:
        # the change between the two ratings as they are said, so that they add up by ear
        now = round(mine.after.shown, 1)
        rating = decimal(now, lang)
        if mine.before is None:  # the first rated game: what a rating is, said once with it
            said = lang.text(
                N_(
                    "Your first rating is {rating}: it counts only your places among people, not bots, and starts "
                    "at 0, moving toward your skill as the server grows surer of it."
                ),
                rating=rating,
            )
        else:
            change = round(now - round(mine.before.shown, 1), 1)
            if change > 0:
                said = lang.text(
                    N_("Your rating is {rating}, up {change}."), rating=rating, change=decimal(change, lang)
                )
            elif change < 0:
                said = lang.text(
                    N_("Your rating is {rating}, down {change}."), rating=rating, change=decimal(-change, lang)
                )
            else:
                said = lang.text(N_("Your rating stays {rating}."), rating=rating)
        line = f"{line} {said}"
    return line


def games_lines(
    games: Sequence[PlayedGame], account: int, today: date, lang: Language, table: int | None = None
) -> list[str]:
    """What ``games`` says to the account numbered ``account``: how many games follow, then
    one line a game (:func:`game_line`), the newest first; or that there are none yet, and
    where one comes from: the game at the table numbered ``table``, where the account holds a
    seat (waiting or playing), else a seat to take."""
    if not games and table is not None:
        return [lang.text(N_("You have no finished games yet; the game at table {n} is listed once it ends."), n=table)]
    if not games:
        return [lang._(N_("You have no finished games yet; sit at a table to play one."))]
    lines = [lang.text(N_("Your last {n:game|{n} games}."), n=len(games))]
    return lines + [game_line(g, account, today, lang) for g in games]


def stats_line(name: str, stats: PlayerStats, lang: Language) -> str:
    """What ``stats`` says of the account ``name``: its games, wins and the games stopped before
    their end (a table closed or expired; a game still played is none of them),
    then its rating, after how many rated games, and its place of how many rated players
    (or that it is not rated yet)."""
    record = lang.text(
        N_("{player}: {n:1 game|{n} games}, {won} won, {unfinished} stopped before the end."),
        player=name,
        n=stats.games,
        won=stats.won,
        unfinished=stats.unfinished,
    )
    if stats.rating is None or stats.place is None:
        rated = lang._(N_("Not rated yet: a rated game of 2 or more people rates you."))
    elif stats.rated_games < PROVISIONAL_GAMES:
        rated = lang.text(
            N_("Rating {rating} after {n:1 rated game|{n} rated games}, provisional; {place} of {total}."),
            rating=decimal(stats.rating.shown, lang),
            n=stats.rated_games,
            place=ordinal(stats.place, lang),
            total=stats.ranked,
        )
    else:
        rated = lang.text(
            N_("Rating {rating} after {n:1 rated game|{n} rated games}; {place} of {total}."),
            rating=decimal(stats.rating.shown, lang),
            n=stats.rated_games,
            place=ordinal(stats.place, lang),
            total=stats.ranked,
        )
    return f"{record} {rated}"


def ranked_line(ranked: Ranked, lang: Language) -> str:
    """One line of the ranking: "1. Bea, 31.4, 87 rated games, 52 won.", with
    "provisional" after the rating for fewer than :data:`~.ratings.PROVISIONAL_GAMES`."""
    fields: dict[str, object] = {
        "place": ranked.place,
        "player": ranked.name,
        "rating": decimal(ranked.rating, lang),
        "n": ranked.rated_games,
        "won": ranked.won,
    }
    if ranked.rated_games < PROVISIONAL_GAMES:
        return lang.text(
            N_("{place}. {player}, {rating}, provisional, {n:1 rated game|{n} rated games}, {won} won."), **fields
        )
    return lang.text(N_("{place}. {player}, {rating}, {n:1 rated game|{n} rated games}, {won} won."), **fields)


def ranking_lines(ranking: Sequence[Ranked], account: int, rest: str, lang: Language) -> list[str]:
    """What ``ranking`` says to the account numbered ``account``: how many are rated and
    the account's place, then the best :data:`RANKING_SHOWN` (``rest`` a number: that many,
    at most :data:`MOST_SHOWN`; ``me``, ``mij`` or ``ik``: the lines around its own). A
    ``rest`` that is neither gets one sentence saying what it takes."""
    word = rest.strip().casefold()
    mine = next((r for r in ranking if r.account == account), None)
    if word and word not in ("me", "mij", "ik") and not shown_count(word):
        return [lang._(N_("Type ranking, ranking and a number, or ranking me, for example: ranking 20."))]
    if not ranking:
        return [lang._(N_("Nobody is rated yet; a rated game of 2 or more people rates its players."))]
    if mine is None:
        head = lang.text(N_("Ranking: {n:1 rated player|{n} rated players}; you are not rated yet."), n=len(ranking))
    else:
        head = lang.text(
            N_("Ranking: {n:1 rated player|{n} rated players}; you are {place}."),
            n=len(ranking),
            place=ordinal(mine.place, lang),
        )
    if word in ("me", "mij", "ik") and mine is not None:
        at = ranking.index(mine)
        shown = ranking[max(0, at - AROUND) : at + AROUND + 1]
    else:
        shown = ranking[: shown_count(word) or RANKING_SHOWN]
    return [head] + [ranked_line(r, lang) for r in shown]


def shown_count(word: str) -> int | None:
    """The number of lines a typed ``word`` asks for (1 to :data:`MOST_SHOWN`; a larger
    number is :data:`MOST_SHOWN`), or None when it is not a whole number of at least 1."""
    if not (word.isascii() and word.isdecimal()) or len(word) > 6 or int(word) < 1:
        return None
    return min(int(word), MOST_SHOWN)
