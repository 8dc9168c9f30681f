"""The server's lobby: who is here, chat, a word to one person, help, the settings kept per
account, the account, one's finished games, record and the ranking, and quit.

Everything is typed text, read the same way for every session: :func:`~.words.parse` takes a line's
first word (English or Dutch) and the rest; :meth:`Lobby.typed` answers it with whole
sentences, one a line, in each person's own language. Everything another person typed (chat,
a ``tell``) is cleaned of escape sequences (each dropped whole) and control or formatting
characters before anyone hears it, and cut at :data:`~a11y_dominion.remote.seat.MAX_SAY`
characters; chat is limited by account (:meth:`~.limits.Rates.chat_line`).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from ..announcements.words import join_names
from ..i18n import LANGUAGES, N_, Language
from ..rules.decisions import Msg
from ..settings import key_setting
from ..textinput import drop_sequences
from . import records
from .limits import Rates
from .names import name_key, name_refusal
from .store import AccountKey, PlayedGame, PlayerStats, Ranked
from .words import MODERATOR_COMMANDS, parse

MAX_SAY = 300
"""Characters of a line of chat or of a ``tell``; the rest is cut off."""

MOST_MUTE_MINUTES = 7 * 24 * 60
"""The longest ``mute``, in minutes (a week)."""

log = logging.getLogger("a11y_dominion.server.lobby")


class Settings(Protocol):
    """What the lobby needs of the database: an account's keys, where its settings go, and
    its games, record and the ranking (:class:`~.store.Store` has them all)."""

    def keys(self, account: int) -> Awaitable[list[AccountKey]]:
        """The SSH keys of the account numbered ``account``."""
        ...

    def add_key(self, account: int, key: tuple[bytes, str]) -> Awaitable[None]:
        """Let the account log in with ``key`` (public data, fingerprint) too."""
        ...

    def remove_key(self, account: int, public_data: bytes) -> Awaitable[bool]:
        """The account no longer logs in with that key."""
        ...

    def set_password(self, account: int, password: str | None) -> Awaitable[None]:
        """Store the password hash ``password`` for the account."""
        ...

    def account_by_id(self, account: int) -> Awaitable[Any]:
        """The account numbered ``account`` (a :class:`~.store.Account`), or None."""
        ...

    def set_settings(self, account: int, settings: dict[str, Any]) -> Awaitable[None]:
        """Keep ``settings`` for the account numbered ``account``."""
        ...

    def games_of(self, account: int, most: int = 5) -> Awaitable[list[PlayedGame]]:
        """The last ``most`` games of the account numbered ``account``, the newest first."""
        ...

    def stats(self, account: int) -> Awaitable[PlayerStats]:
        """The record of the account numbered ``account``."""
        ...

    def ranking(self) -> Awaitable[list[Ranked]]:
        """Every rated account, best first."""
        ...

    def mute(self, account: int, until: float, by: int | None) -> Awaitable[None]:
        """Keep the mute of the account numbered ``account`` until ``until`` (seconds since the epoch)."""
        ...

    def unmute(self, account: int) -> Awaitable[bool]:
        """Forget the mute of the account numbered ``account``."""
        ...

    def mutes(self, now: float) -> Awaitable[dict[int, float]]:
        """The mutes in force at ``now``: account -> when each ends (seconds since the epoch)."""
        ...

    def ban(self, kind: str, value: str, until: str | None, by: int | None, reason: str | None) -> Awaitable[None]:
        """Ban the name or address ``value`` (``kind`` ``"name"`` or ``"address"``)."""
        ...

    def unban(self, kind: str, value: str) -> Awaitable[bool]:
        """Lift the ban of ``value``; False when there was none."""
        ...


@dataclass(eq=False)
class Person:
    """One session in the lobby: the ``account`` number and ``name``, the account's
    ``settings`` (``language``, ``verbosity``), whether it logs in with a password, when it
    was made, and ``send(line)``, which says one line (no line feed) to that session and keeps
    it in :attr:`last`: the lines said in one step of the event loop (a reply of several lines,
    the welcome) are one message, which ``repeat`` says again whole."""

    account: int
    name: str
    send: Callable[[str], None]
    settings: dict[str, Any] = field(default_factory=dict)
    has_password: bool = False
    created: str = ""
    session: Any = None  # the session (a table's seat is taken through it: .tables.SeatHolder)
    last: list[str] = field(default_factory=list)  # the last message said to the session (``repeat`` says it)
    out: Callable[[str], None] = field(init=False, repr=False)  # ``send`` as given
    _open: bool = field(default=False, init=False, repr=False)  # a line was said in this step of the loop

    def __post_init__(self) -> None:
        out = self.out = self.send  # (what it was made with: a table back after a restart compares it)

        def send(line: str) -> None:
            if not self._open:
                self.last = []
                self._open = self._until_next_step()
            self.last.append(line)
            out(line)

        self.send = send

    def _until_next_step(self) -> bool:
        """Keep the message open until the event loop's next step: True, or False with no loop
        running (each line its own message)."""
        try:
            asyncio.get_running_loop().call_soon(self._close)
        except RuntimeError:
            return False
        return True

    def _close(self) -> None:
        self._open = False

    @property
    def lang(self) -> Language:
        """The person's language (English when the settings name none this game has)."""
        code = self.settings.get("language")
        return Language(code if code in LANGUAGES else "en")

    @property
    def verbosity(self) -> str:
        """``terse``, ``normal`` or ``verbose``."""
        chosen = self.settings.get("verbosity")
        return chosen if chosen in ("terse", "normal", "verbose") else "normal"


async def lobby_command(server: Any, person: Person, text: str, say: Callable[[str], None]) -> str | None:
    """The lobby's command ``text`` of ``person`` at ``server`` (a :class:`~.ssh.GameServer`):
    what :meth:`Lobby.typed` returns ("quit" for quit), or None when it failed: logged
    (``server.fault``) and said in one sentence through ``say``, as one bad line must not end a
    session (an ssh session's and a ``join``'s alike)."""
    lobby: Lobby = server.lobby
    try:
        return await lobby.typed(person, text)
    except Exception as e:  # noqa: BLE001 - one bad line must not end the session
        server.fault(person.name, e)
        say(person.lang._(N_("That did not work; type help for the commands.")))
        return None


def logged_in(account: Any, send: Callable[[str], None], session: Any, language: str, verbosity: str) -> Person:
    """The :class:`Person` of a login to ``account`` (a :class:`~.store.Account`) by ``session``,
    saying its lines with ``send``: the account's settings, with the ``language`` and
    ``verbosity`` the login asked for (its environment; words the game does not know left out)."""
    from ..remote.seat import language_of, verbosity_of  # (the seat's words, not loaded before a login)

    settings = dict(account.settings)
    code, chosen = language_of(language), verbosity_of(verbosity)
    if code is not None:
        settings["language"] = code
    if chosen is not None:
        settings["verbosity"] = chosen
    return Person(
        account.id,
        account.name,
        send,
        settings,
        has_password=account.password is not None,
        created=account.created,
        session=session,
    )


def kept_keys_line(kept: object, lang: Language) -> str | None:
    """The sentence in ``lang`` naming an account's own shortcut keys (``kept``: those that differ
    from the usual ones, as ``settings set key`` keeps them), which its ssh sessions use: "Your
    shortcut keys over ssh: Ctrl+R for hand."; None when it keeps none."""
    from ..console.keys import command_word, key_name
    from ..settings import DEFAULT_KEYS, checked_keys

    keys = checked_keys(kept)
    own = [(slot, key) for slot, key in keys.items() if DEFAULT_KEYS[slot] != key]
    if not own:
        return None
    named = [
        lang.text(N_("{key} for {command}"), key=key_name(key), command=command_word(slot.removesuffix("2"), lang))
        for slot, key in own
    ]
    return lang.text(N_("Your shortcut keys over ssh: {keys}."), keys=join_names(named, lang))


def clean_text(text: str, most: int = MAX_SAY) -> str:
    """``text`` as another person may hear it: escape sequences dropped whole
    (:func:`~a11y_dominion.textinput.drop_sequences`), control and formatting characters
    dropped (a tab is a space), trimmed and cut at ``most`` characters."""
    text = drop_sequences(text[: most * 4]).replace("\t", " ")
    text = "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))
    return text.strip()[:most]


SAY_CUT = N_("Only the first {n} characters were said.")
"""What the sayer of a line of chat longer than :data:`MAX_SAY` characters hears, once."""


def tell_cut(text: str, lang: Language, send: Callable[[str], None]) -> None:
    """Tell the sayer once, with ``send`` in ``lang`` (:data:`SAY_CUT`), when what they said,
    ``text``, is longer than :data:`MAX_SAY` characters once cleaned (:func:`clean_text`), so
    that only its start was heard."""
    if len(clean_text(text, MAX_SAY + 1)) > MAX_SAY:
        send(lang.text(SAY_CUT, n=MAX_SAY))


class Lobby:
    """The people in the lobby (their sessions by account) and the answers to their lines.
    ``store`` keeps the settings and gives the keys, games and ratings; ``rates`` limits
    chat; ``today()`` gives the date ``games`` counts "Today" from (UTC unless given);
    ``clock()`` the seconds since the epoch a ``mute`` lasts by (``time.time`` unless given:
    a mute is kept in the database and outlasts a restart).
    :attr:`moderator` (set by the server from the operator's file) tells whether a name is a
    moderator's."""

    def __init__(
        self,
        store: Settings,
        rates: Rates,
        today: Callable[[], date] = records.utc_today,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.rates = rates
        self.today = today
        self.clock = clock
        self.people: dict[int, list[Person]] = {}
        self.tables: Any = None  # the server's tables (.tables.Tables), which new, sit, leave and start use
        self.moderator: Callable[[str], bool] = _nobody_moderates
        self.file_banned: Callable[[str], bool] = _nobody_moderates  # a name banned in the operator's file
        self.reload: Callable[[], Msg] | None = None  # the server's reload of server.toml: what it did
        self.hasher: Any = None  # the server's password hasher (.hasher.Hasher), for account password
        self.muted: dict[int, float] = {}  # account -> the clock's time its mute ends
        self.accounts: Callable[[str], Awaitable[Any]] | None = None  # name -> its account (.store.Account) or None

    # ------------------------------------------------------------ who is here
    def enter(self, person: Person) -> None:
        """``person`` (a new session) is in the lobby."""
        self.people.setdefault(person.account, []).append(person)

    def arrive(self, person: Person) -> None:
        """``person`` logged in (a new session, over ssh or through join): the account's other
        sessions are told that it logged in again elsewhere (they go on) and what to do if that
        was not its player (change the password, or, for an account without one, hear its SSH
        keys), it is in the lobby, and the lobby hears that it logged in (:meth:`logged`)."""
        for other in self.everyone():
            if other.account != person.account:
                continue
            if other.has_password:
                said = N_(
                    "Your account just logged in again elsewhere, and this session goes on; if that was not "
                    "you, change your password with account password."
                )
            else:  # (it logs in with its SSH keys alone: no password to change)
                said = N_(
                    "Your account just logged in again elsewhere, and this session goes on; if that was not "
                    "you, type account to hear the SSH keys that log in to it."
                )
            other.send(other.lang._(said))
        self.enter(person)
        self.logged(person, came=True)

    def leave(self, person: Person) -> None:
        """``person``'s session ended (nothing happens when it was not in)."""
        sessions = self.people.get(person.account, [])
        if person in sessions:
            sessions.remove(person)
        if not sessions:
            self.people.pop(person.account, None)

    def logged(self, person: Person, came: bool) -> None:
        """Tell the people in the lobby that ``person`` logged in (``came``) or out, in one short
        line each ("Ann logged in."), as a lobby of QuentinC's Playroom does: only at the account's
        first session in or its last one out, and not to whoever plays or watches a started game
        (:meth:`in_game`), whose table's lines are their own."""
        if len(self.people.get(person.account, [])) != (1 if came else 0):
            return
        said = N_("{player} logged in.") if came else N_("{player} logged out.")
        for other in self.everyone():
            if other.account != person.account and not self.in_game(other):
                other.send(other.lang.text(said, player=person.name))

    def names(self) -> list[str]:
        """The names of the accounts here, in alphabetical order (any letter case)."""
        return sorted((s[0].name for s in self.people.values() if s), key=name_key)

    def find(self, name: str) -> list[Person]:
        """The sessions of the account named ``name`` (any letter case), or none."""
        key = name_key(name)
        for sessions in self.people.values():
            if sessions and name_key(sessions[0].name) == key:
                return list(sessions)
        return []

    def everyone(self) -> list[Person]:
        """Every session in the lobby."""
        return [p for sessions in self.people.values() for p in sessions]

    # ------------------------------------------------------------ typed lines
    async def typed(self, person: Person, line: str) -> str | None:
        """Answer the line ``person`` typed; returns ``"quit"`` when they asked to log out
        (the session asks to be sure), else None. Never raises for what was typed."""
        command, rest = parse(line)
        lang = person.lang
        if command is None:
            if rest:
                person.send(
                    lang.text(
                        N_("{word} is not a lobby command; type help for the commands."), word=clean_text(rest, 40)
                    )
                )
            return None
        if command == "quit":
            return "quit"
        if command in MODERATOR_COMMANDS:
            await self.moderate(person, command, rest)
        elif command in ("tables", "new", "sit", "watch", "leave", "start", "invite", "accept"):
            await self.at_tables(person, command, rest)
        elif command == "who":
            self.who(person, rest)
        elif command == "say":
            self.say(person, rest)
        elif command == "tell":
            self.tell(person, rest)
        elif command == "help":
            for text in help_lines(rest, lang, self.moderator(person.name)):
                person.send(text)
        elif command == "settings":
            await self.settings(person, rest)
        elif command == "account":
            await self.account(person, rest)
        elif command == "games":
            await self.games(person, rest)
        elif command == "stats":
            await self.stats(person)
        elif command == "ranking":
            await self.ranking(person, rest)
        elif command == "repeat":
            for text in list(person.last) or [lang._(N_("Nothing to repeat yet."))]:
                person.send(text)
        return None

    async def at_tables(self, person: Person, command: str, rest: str) -> None:
        """``tables``, ``new``, ``sit N``, ``watch N``, ``leave`` and ``start`` (see :mod:`.tables`)."""
        tables = self.tables
        if tables is None:
            person.send(person.lang._(N_("This server has no tables.")))
        elif command == "tables":
            for text in tables.lines(person.lang):
                person.send(text)
        elif command == "new":
            await tables.new(person, rest)
        elif command == "sit":
            await tables.sit(person, rest)
        elif command == "watch":
            tables.watch(person, rest)
        elif command == "leave":
            tables.leave(person)
        elif command == "invite":
            words = rest.split()
            await tables.invite(person, rest, self.find(words[0]) if words else [])
        elif command == "accept":
            await tables.accept(person, rest)
        else:
            await tables.start(person)

    # ------------------------------------------------------------ moderators
    async def moderate(self, person: Person, command: str, rest: str) -> None:
        """``kick NAME``, ``close N``, ``mute NAME MINUTES``, ``ban NAME``, ``unban NAME``,
        ``announce TEXT`` and ``reload``, for a moderator only (anyone else hears one sentence)."""
        lang = person.lang
        if not self.moderator(person.name):
            person.send(lang._(N_("Only a moderator can do that.")))
        elif command == "kick":
            self.kick(person, rest)
        elif command == "mute":
            await self.mute(person, rest)
        elif command in ("ban", "unban"):
            await self.ban(person, rest, lift=command == "unban")
        elif command == "announce":
            self.announce(person, rest)
        elif command == "reload":
            if self.reload is None:
                person.send(lang._(N_("This server has no settings file to reload.")))
            else:
                log.info("moderator %s reloaded the server's settings", person.name)
                person.send(lang.msg(self.reload()))
        elif self.tables is None:
            person.send(lang._(N_("This server has no tables.")))
        else:
            await self.tables.close_table(person, rest)

    def kick(self, person: Person, rest: str) -> None:
        """``kick NAME``: every session of NAME ends, each told so in one sentence; the
        moderator hears how many ended."""
        lang = person.lang
        name = rest.strip()
        if not name:
            person.send(lang._(N_("Type kick and a name, for example: kick Bea.")))
            return
        found = self.find(name)
        if not found:
            person.send(lang.text(N_("Nobody named {player} is logged in."), player=clean_text(name, 40)))
            return
        if found[0].account == person.account:
            person.send(lang._(N_("You cannot kick yourself; type quit to log out.")))
            return
        log.info("moderator %s kicked %s", person.name, found[0].name)
        for other in found:
            if other.session is not None:
                other.session.goodbye(N_("A moderator ended your session."))
            else:
                other.send(other.lang._(N_("A moderator ended your session.")))
        person.send(
            lang.text(N_("You ended {n:1 session|{n} sessions} of {player}."), n=len(found), player=found[0].name)
        )

    async def mute(self, person: Person, rest: str) -> None:
        """``mute NAME MINUTES``: NAME's ``say`` and ``tell`` are refused for that many minutes
        (0 lifts a mute); NAME and the moderator are told so. The mute is kept in the
        database, so that it outlasts a restart (:meth:`restore_mutes`)."""
        lang = person.lang
        words = rest.split()
        minutes = words[1] if len(words) == 2 else ""
        if not (minutes.isascii() and minutes.isdecimal() and int(minutes) <= MOST_MUTE_MINUTES):
            person.send(
                lang.text(
                    N_("Type mute, a name and the minutes up to {n}, for example: mute Bea 30."),
                    n=MOST_MUTE_MINUTES,
                )
            )
            return
        found = self.find(words[0])
        if not found:
            person.send(lang.text(N_("Nobody named {player} is logged in."), player=clean_text(words[0], 40)))
            return
        target = found[0]
        n = int(minutes)
        if n == 0:
            log.info("moderator %s lifted the mute of %s", person.name, target.name)
            self.muted.pop(target.account, None)
            await self.store.unmute(target.account)
            for other in found:
                other.send(other.lang._(N_("A moderator lifted your mute; you may chat again.")))
            person.send(lang.text(N_("{player} may chat again."), player=target.name))
            return
        log.info("moderator %s muted %s for %d %s", person.name, target.name, n, "minute" if n == 1 else "minutes")
        until = self.clock() + n * 60
        self.muted[target.account] = until
        await self.store.mute(target.account, until, person.account)
        for other in found:
            other.send(
                other.lang.text(
                    N_("A moderator muted you for {n:1 minute|{n} minutes}: say and tell are refused until then."),
                    n=n,
                )
            )
        person.send(lang.text(N_("{player} is muted for {n:1 minute|{n} minutes}."), player=target.name, n=n))

    async def ban(self, person: Person, rest: str, lift: bool = False) -> None:
        """``ban NAME``: the name may not log in (kept in the database, beside the operator's
        file's bans) and every session of it ends with one sentence; ``unban NAME`` (``lift``)
        lifts a moderator's ban of it. The moderator hears what was done, with the name as its
        account spells it (:meth:`spelling`)."""
        lang = person.lang
        name = rest.strip()
        if not name or len(name.split()) > 1:
            if lift:
                person.send(lang._(N_("Type unban and a name, for example: unban Bea.")))
            else:
                person.send(lang._(N_("Type ban and a name, for example: ban Bea.")))
            return
        refusal = name_refusal(name)
        if refusal is not None:
            person.send(lang.msg(refusal))
            return
        found = self.find(name)
        shown = found[0].name if found else await self.spelling(name)
        if lift:
            lifted = await self.store.unban("name", name)
            if lifted:
                log.info("moderator %s lifted the ban of %s", person.name, shown)
                person.send(lang.text(N_("{player} may log in again."), player=shown))
            if self.file_banned(name):
                person.send(
                    lang.text(
                        N_("{player} is banned in the server's file; only its operator can lift that."), player=shown
                    )
                )
            elif not lifted:
                person.send(lang.text(N_("{player} is not banned."), player=shown))
            return
        if name_key(name) == name_key(person.name):
            person.send(lang._(N_("You cannot ban yourself.")))
            return
        await self.store.ban("name", name, None, person.account, None)
        log.info("moderator %s banned %s", person.name, shown)
        for other in found:
            if other.session is not None:
                other.session.goodbye(N_("A moderator banned your name from this server."))
            else:
                other.send(other.lang._(N_("A moderator banned your name from this server.")))
        person.send(
            lang.text(
                N_("{player} is banned and cannot log in; {n:1 session|{n} sessions} ended."),
                player=shown,
                n=len(found),
            )
        )

    async def spelling(self, name: str) -> str:
        """``name`` as its account spells it (``cas`` for the account Cas), or as typed when no
        account has it."""
        account = await self.accounts(name) if self.accounts is not None else None
        return str(account.name) if account is not None else name

    def announce(self, person: Person, rest: str) -> None:
        """``announce TEXT``: "Announcement from Mod: TEXT" to every session logged in, at a
        table or watching too, cleaned as chat is (:func:`clean_text`)."""
        said = clean_text(rest)
        if not said:
            person.send(
                person.lang._(N_("Type announce and what to say, for example: announce the server restarts soon."))
            )
            return
        log.info("moderator %s announced: %s", person.name, said)
        for other in self.everyone():
            other.send(other.lang.text(N_("Announcement from {player}: {said}"), player=person.name, said=said))

    async def restore_mutes(self) -> None:
        """Take up the mutes kept in the database that are not over yet (the server's start)."""
        self.muted = await self.store.mutes(self.clock())

    def is_muted(self, person: Person) -> bool:
        """Whether ``person``'s account is muted now; when it is, they are told so, and for how
        long (the session asks this of a ``say`` typed at a table's seat or while watching)."""
        until = self.muted.get(person.account)
        if until is None:
            return False
        left = until - self.clock()
        if left <= 0:
            del self.muted[person.account]
            return False
        person.send(
            person.lang.text(
                N_("You are muted for {n:1 more minute|{n} more minutes}; say and tell are refused until then."),
                n=math.ceil(left / 60),
            )
        )
        return True

    def who(self, person: Person, rest: str) -> None:
        """``who``: how many are here and where, the names at each table, watching each table
        and in the lobby; ``who NAME``: where that person is."""
        lang = person.lang
        if rest:
            found = self.find(rest)
            if not found:
                person.send(lang.text(N_("Nobody named {player} is logged in."), player=clean_text(rest, 40)))
                return
            place = self.place_of(found[0].account)
            if place is None:
                person.send(lang.text(N_("{player} is in the lobby."), player=found[0].name))
            elif place[0] == "table":
                person.send(lang.text(N_("{player} is at table {number}."), player=found[0].name, number=place[1]))
            else:
                person.send(
                    lang.text(N_("{player} is watching table {number}."), player=found[0].name, number=place[1])
                )
            return
        names = self.names()
        groups: dict[tuple[int, int], list[str]] = {}  # (kind: 0 table, 1 watching, 2 lobby; table) -> names
        for name in names:
            place = self.place_of(self.find(name)[0].account)
            if place is None:
                key = (2, 0)
            else:
                key = (0 if place[0] == "table" else 1, place[1])
            groups.setdefault(key, []).append(name)
        parts = []
        for (kind, number), group in sorted(groups.items()):
            who = join_names(group, lang)
            if kind == 0:
                parts.append(lang.text(N_("{names} at table {number}"), names=who, number=number))
            elif kind == 1:
                parts.append(lang.text(N_("{names} watching table {number}"), names=who, number=number))
            else:
                parts.append(lang.text(N_("{names} in the lobby"), names=who))
        person.send(lang.text(N_("{n:1 person|{n} people} here: {places}."), n=len(names), places="; ".join(parts)))

    def place_of(self, account: int) -> tuple[str, int] | None:
        """Where the account ``account`` is (:meth:`~.tables.Tables.place_of`); None in the
        lobby, or on a server without tables."""
        return None if self.tables is None else self.tables.place_of(account)

    def may_chat(self, person: Person) -> bool:
        """Whether ``person`` may chat now (``say`` and ``tell`` in the lobby, ``say`` at a table
        or while watching): not muted (:meth:`is_muted`) and within the account's chat limit
        (:meth:`~.limits.Rates.chat_line`: a burst of ``chat_lines``, then one line each
        ``chat_seconds_per_line`` seconds). When not, each line refused is told, with the seconds
        to wait, so that no line is dropped without a word."""
        if self.is_muted(person):
            return False
        address = getattr(person.session, "address", None)  # (the ssh or join session's)
        verdict = self.rates.chat_line(person.account, address)
        if verdict != "ok":
            person.send(person.lang.msg(self.rates.chat_refusal(person.account, address)))
        return verdict == "ok"

    def refuses_say(self, person: Person, line: str) -> bool:
        """Whether ``line``, typed at a table's seat or while watching, is a ``say`` (any of its
        words, with a text) that :meth:`may_chat` refuses (a muted account, or over the account's
        chat limit), with its sentence."""
        from ..console.commands import command_for

        words = line.split(maxsplit=1)
        return len(words) == 2 and command_for(words[0]) == "say" and not self.may_chat(person)

    def say(self, person: Person, rest: str) -> None:
        """``say TEXT``: "Ann says: TEXT" to everyone in the lobby, the sayer too; not to those who
        play or watch a started game (:meth:`in_game`): a table's chat is its own. When nobody
        else hears it, the sayer is told so."""
        said = clean_text(rest)
        if not said:
            person.send(person.lang._(N_("Type say and what to say, for example: say hello.")))
            return
        if not self.may_chat(person):
            return
        heard = 0
        for other in self.everyone():
            if other is person or not self.in_game(other):
                other.send(other.lang.text(N_("{player} says: {said}"), player=person.name, said=said))
                heard += other is not person
        tell_cut(rest, person.lang, person.send)
        if not heard:
            person.send(person.lang._(N_("Nobody else is in the lobby to hear it.")))

    def in_game(self, person: Person) -> bool:
        """Whether ``person``'s session plays at a table's seat (the game started, and they have
        not left it) or watches a game; a person without a session (:attr:`Person.session` None):
        whether their account sits at a started table or watches one."""
        session = person.session
        if session is not None:
            return getattr(session, "held", None) is not None or getattr(session, "watching", None) is not None
        place = self.place_of(person.account)
        if place is None or self.tables is None:
            return False
        table = self.tables.tables.get(place[1])
        return place[0] == "watching" or (table is not None and bool(table.playing))

    def tell(self, person: Person, rest: str) -> None:
        """``tell NAME TEXT``: "Ann tells you: TEXT" to every session of NAME; the teller
        hears "You tell Bea: TEXT", or that Bea is not here."""
        lang = person.lang
        words = rest.split(maxsplit=1)
        said = clean_text(words[1]) if len(words) > 1 else ""
        if not said:
            person.send(lang._(N_("Type tell, a name and what to say, for example: tell Bea hello.")))
            return
        found = self.find(words[0])
        if not found:
            person.send(lang.text(N_("Nobody named {player} is logged in."), player=clean_text(words[0], 40)))
            return
        if not self.may_chat(person):
            return
        for other in found:
            other.send(other.lang.text(N_("{player} tells you: {said}"), player=person.name, said=said))
        person.send(lang.text(N_("You tell {player}: {said}"), player=found[0].name, said=said))
        tell_cut(words[1], lang, person.send)

    async def settings(self, person: Person, rest: str) -> None:
        """``settings``: the language and verbosity; ``settings nl``, ``settings terse``,
        ``settings rich`` (or with the key, ``settings language nl``, or with ``set`` first), the
        words a table's ``settings`` takes (:func:`~a11y_dominion.console.commands.setting_words`),
        change them: the language and verbosity are kept for the account (every session of it
        follows: a session with ``settings_changed(language, verbosity)``, ``join``'s, is told
        to), plain or rich output is the ssh session's now (``output(rich)``, which says whether
        it is rich now; ``join`` shows its own) and the account's at its later logins, when the
        session got what was asked; ``settings set key ACTION KEY`` is :meth:`set_key`. Options and
        hints change at a table's seat. One sentence for anything else."""
        from ..console.commands import DUTCH_SETTING_KEYS, setting_words

        lang = person.lang
        chosen_key = key_setting(rest)
        if chosen_key is not None:
            await self.set_key(person, chosen_key)
            return
        words = rest.split()
        if words and words[0].casefold() in ("set", "zet"):  # (settings set language nl, as at a table)
            words = words[1:]
        if words and DUTCH_SETTING_KEYS.get(words[0].casefold(), words[0].casefold()) in ("options", "hints"):
            person.send(
                lang._(
                    N_(
                        "Options and hints change at a table's seat; in the lobby, settings changes the language, "
                        "the verbosity and plain or rich output."
                    )
                )
            )
            return
        chosen = setting_words(" ".join(words), lang)
        if isinstance(chosen, str):
            person.send(
                lang.text(
                    N_("{word} is no setting; type settings nl, settings terse or settings rich, for example."),
                    word=clean_text(chosen, 40),
                )
            )
            return
        if not chosen:
            person.send(
                lang.text(
                    N_(
                        "Language {language}, verbosity {verbosity}. "
                        "Change one with settings nl, settings terse or settings rich, for example."
                    ),
                    language=LANGUAGES[lang.code],
                    verbosity=lang._(person.verbosity),
                )
            )
            keys = kept_keys_line(person.settings.get("keys"), lang)
            if keys is not None:
                person.send(keys)
            return
        kept = {key: value for key, value in chosen if key in ("language", "verbosity")}
        if kept:
            await self.keep_settings(person, kept)
        display = [value for key, value in chosen if key == "display"]
        if display:
            shown = self.output(person, display[-1] == "rich")
            if shown is not None:
                await self.keep_settings(person, {"display": shown}, said=False)
                now = person.lang
                value = now._(N_("rich")) if shown == "rich" else now._(N_("plain"))
                person.send(now.text(N_("Output is now {value}; kept for your account."), value=value))

    async def set_key(self, person: Person, words: list[str]) -> None:
        """``settings set key ACTION KEY`` (``words``: ACTION and KEY, ``hand ctrl+r``), in the
        lobby or at a table's seat over ssh: the shortcut key of a command, checked as the
        keyboard's settings check it (:func:`~a11y_dominion.settings.set_key`), used by the
        session's line editor now and kept for the account, whose later logins with a terminal
        use it. A key must reach the game over ssh (a function key or a Ctrl key; an Alt key comes
        as Escape and a letter). One sentence when nothing is kept: through ``join`` (the
        player's own computer reads the keys), without a terminal (``ssh -T``: no line editor),
        or a refused key."""
        from ..console.keys import command_word, key_name
        from ..remote.lineeditor import typed_key
        from ..settings import DEFAULT_KEYS, checked_keys

        lang = person.lang
        session = person.session
        if getattr(session, "take_keys", None) is None:
            person.send(
                lang._(
                    N_(
                        "Through join your own computer reads your shortcut keys: a11y-dominion settings set key "
                        "hand ctrl+r changes them there, outside the game."
                    )
                )
            )
            return
        got = typed_key(
            checked_keys(person.settings.get("keys")), words, lang, getattr(session, "editor", None) is not None
        )
        if isinstance(got, str):
            person.send(got)
            return
        keys, slot = got
        kept = {s: k for s, k in keys.items() if DEFAULT_KEYS[s] != k}
        await self.keep_settings(person, {"keys": kept}, said=False)
        person.send(
            lang.text(
                N_("{key} is now a key of {command}; kept for your account."),
                key=key_name(keys[slot]),
                command=command_word(slot.removesuffix("2"), lang),
            )
        )

    async def keep_settings(self, person: Person, chosen: dict[str, Any], said: bool = True) -> None:
        """Keep the ``language``, ``verbosity``, ``display`` (plain or rich output) or ``keys``
        (the shortcut keys that differ from the usual ones) of ``chosen`` for ``person``'s
        account; every session of it follows (an ssh session's line editor takes the keys:
        ``take_keys(keys)``), and ``person`` hears the language and verbosity as they are now
        (``said``)."""
        changed = {**person.settings, **chosen}
        await self.store.set_settings(person.account, changed)
        for session in self.people.get(person.account, [person]):
            session.settings = dict(changed)
            follow = getattr(session.session, "settings_changed", None)  # (join narrates on the player's computer)
            if follow is not None:
                follow(session.lang.code, session.verbosity)
            take = getattr(session.session, "take_keys", None)
            if "keys" in chosen and take is not None:
                take(chosen["keys"])
        person.settings = dict(changed)
        if not said:
            return
        lang = person.lang
        person.send(
            lang.text(
                N_("Language {language}, verbosity {verbosity}; kept for your account."),
                language=LANGUAGES[lang.code],
                verbosity=lang._(person.verbosity),
            )
        )

    def output(self, person: Person, rich: bool) -> str | None:
        """``settings rich`` or ``settings plain``: the output of ``person``'s ssh session from
        now on, in the lobby and at its tables (rich needs a terminal, which ``ssh -T`` does not
        give). Returns the output to keep for the account's later logins (``"rich"`` or
        ``"plain"``), which the caller says once it is kept, or None when the session did not get
        what was asked (no terminal for rich), said as it is now. Through ``join`` the player's
        own computer shows the lines, which one sentence says, and None is returned."""
        lang = person.lang
        use = getattr(person.session, "output", None)
        if use is None:
            person.send(
                lang._(
                    N_(
                        "Through join your own computer shows the game, plain or rich; type settings rich at a "
                        "table to change it."
                    )
                )
            )
            return None
        now = bool(use(rich))
        value = lang._(N_("rich")) if now else lang._(N_("plain"))
        if now != rich:
            person.send(lang.text(N_("Output is now {value}."), value=value))
            return None
        return "rich" if now else "plain"

    async def account(self, person: Person, rest: str = "") -> None:
        """``account``: the account's name, when it was made and how it logs in, and its keys,
        numbered; ``account key add KEY`` (an OpenSSH public key's line), ``account key remove
        N`` and ``account password`` change how it logs in (:meth:`add_key`,
        :meth:`remove_key`, :meth:`password`); the Dutch words ``sleutel``, ``erbij``, ``weg``
        and ``wachtwoord`` work too."""
        words = rest.split(maxsplit=2)
        what = [ACCOUNT_WORDS.get(w.casefold(), "") for w in words[:2]]
        if not words:
            await self.account_lines(person)
        elif what[:1] == ["password"] and len(words) == 1:
            await self.password(person)
        elif what == ["key", "add"] and len(words) == 3:
            await self.add_key(person, words[2])
        elif what == ["key", "remove"] and len(words) == 3:
            await self.remove_key(person, words[2])
        else:
            person.send(
                person.lang._(
                    N_(
                        "Type account, or account key add and your public key, account key remove N, "
                        "or account password."
                    )
                )
            )

    async def account_lines(self, person: Person) -> None:
        """What ``account`` says: the account, how it logs in, and each key with its number."""
        lang = person.lang
        keys = await self.store.keys(person.account)
        made = person.created[:10]
        if person.has_password:
            text = lang.text(
                N_("Account {player}, made {date}; it logs in with a password and {n:1 SSH key|{n} SSH keys}."),
                player=person.name,
                date=made,
                n=len(keys),
            )
        else:
            text = lang.text(
                N_("Account {player}, made {date}; it logs in with {n:1 SSH key|{n} SSH keys}."),
                player=person.name,
                date=made,
                n=len(keys),
            )
        person.send(text)
        for n, key in enumerate(keys, 1):
            person.send(
                lang.text(
                    N_("Key {n}: {fingerprint}, added {date}."), n=n, fingerprint=key.fingerprint, date=key.added[:10]
                )
            )

    async def add_key(self, person: Person, text: str) -> None:
        """``account key add KEY``: the account logs in with the OpenSSH public key of the line
        ``text`` (``ssh-ed25519 AAAA... comment``) too; one sentence when it is no such key or
        another account has it."""
        from .store import KeyTaken

        lang = person.lang
        key = public_key_of(text)
        if key is None:
            person.send(
                lang._(
                    N_(
                        "That is no SSH public key; type account key add and the one line of your .pub file, "
                        "such as ssh-ed25519 AAAA... ann@home."
                    )
                )
            )
            return
        try:
            await self.store.add_key(person.account, key)
        except KeyTaken as e:
            person.send(lang.msg(e.args[0]))
            return
        log.info("%s added the SSH key %s", person.name, key[1])
        person.send(lang.text(N_("The key {fingerprint} logs in to your account now."), fingerprint=key[1]))

    async def remove_key(self, person: Person, number: str) -> None:
        """``account key remove N``: the account's key numbered N (as ``account`` lists them)
        no longer logs in; never its last way to log in."""
        lang = person.lang
        keys = await self.store.keys(person.account)
        n = int(number) if number.isascii() and number.isdecimal() and len(number) < 4 else 0
        if not 1 <= n <= len(keys):
            if keys:
                person.send(lang.text(N_("Type account key remove and a key's number, from 1 to {n}."), n=len(keys)))
            else:
                person.send(lang._(N_("Your account has no SSH key.")))
            return
        if len(keys) == 1 and not person.has_password:
            person.send(
                lang._(
                    N_(
                        "That key is the only way to log in to your account; add another key, or a password with "
                        "account password, first."
                    )
                )
            )
            return
        key = keys[n - 1]
        await self.store.remove_key(person.account, key.public_data)
        log.info("%s removed the SSH key %s", person.name, key.fingerprint)
        person.send(
            lang.text(
                N_("Key {n}, {fingerprint}, no longer logs in to your account."), n=n, fingerprint=key.fingerprint
            )
        )

    async def password(self, person: Person) -> None:
        """``account password``: asks the password the account has (when it has one), then the
        new one twice, none of them echoed; a wrong one, one too short, or two that differ
        change nothing, each said in one sentence."""
        from .hasher import MIN_PASSWORD, PasswordTooLong

        lang = person.lang
        session = person.session
        if session is None or self.hasher is None:
            person.send(lang._(N_("Log in with ssh to change your password.")))
            return
        try:
            if person.has_password:
                old = await session.ask(lang._(N_("Type the password you have now:")), hidden=True)
                if old is None:
                    return
                account = await self.store_account(person.account)
                if not await self.hasher.verify(old, account):
                    person.send(lang._(N_("That is not your password; nothing changed.")))
                    return
            new = await session.ask(
                lang.text(N_("Type the new password, at least {n} characters:"), n=MIN_PASSWORD), hidden=True
            )
            if new is None:
                return
            if len(new) < MIN_PASSWORD:
                person.send(
                    lang.text(N_("That password is too easy to guess: use at least {n} characters."), n=MIN_PASSWORD)
                )
                return
            again = await session.ask(lang._(N_("Type it again to be sure:")), hidden=True)
            if again is None:
                return
            if again != new:
                person.send(lang._(N_("The two passwords differ; nothing changed.")))
                return
            stored = await self.hasher.hash(new)
        except PasswordTooLong as e:
            person.send(lang.msg(e.args[0]))
            return
        had = person.has_password
        await self.store.set_password(person.account, stored)
        for session_person in self.people.get(person.account, [person]):
            session_person.has_password = True
        person.has_password = True
        log.info("%s changed the password", person.name)
        if had:
            person.send(lang._(N_("Your password is changed.")))
        else:
            person.send(lang._(N_("Your account logs in with this password too now.")))

    async def store_account(self, account: int) -> str | None:
        """The password hash the database keeps for the account numbered ``account``."""
        found = await self.store.account_by_id(account)
        return found.password if found is not None else None

    async def games(self, person: Person, rest: str) -> None:
        """``games``: the account's last :data:`~.records.GAMES_SHOWN` finished games;
        ``games N``: the last N (at most :data:`~.records.MOST_SHOWN`)."""
        lang = person.lang
        most = records.shown_count(rest.strip()) if rest.strip() else records.GAMES_SHOWN
        if most is None:
            person.send(lang._(N_("Type games, or games and a number, for example: games 20.")))
            return
        found = await self.store.games_of(person.account, most)
        place = self.place_of(person.account)
        seated = place[1] if place is not None and place[0] == "table" else None
        for text in records.games_lines(found, person.account, self.today(), lang, seated):
            person.send(text)

    async def stats(self, person: Person) -> None:
        """``stats``: the account's games, wins, rating and place in the ranking."""
        found = await self.store.stats(person.account)
        person.send(records.stats_line(person.name, found, person.lang))

    async def ranking(self, person: Person, rest: str) -> None:
        """``ranking``: the best rated players; ``ranking N``: the best N; ``ranking me``:
        the lines around one's own (:func:`~.records.ranking_lines`)."""
        found = await self.store.ranking()
        for text in records.ranking_lines(found, person.account, rest, person.lang):
            person.send(text)


HELP = {
    "tables": N_("tables: every table in one line: its number, Kingdom, seats taken and free, bots, started or not."),
    "new": N_(
        "new: open a table of 4 seats on the Basic Intro Kingdom and sit at it; options change it, each with its "
        "value: players 2, the seats for people; bots medium, hard, a seat more for each bot; 2 to 6 seats in all; "
        "kingdom basic-intro, advanced-intro, random, or Kingdom cards separated by commas; events and landmarks with "
        "names; undo off; bot-after 60; rollouts 4; seed 7. For example: new players 2 bots medium kingdom "
        "Village, Smithy, Market, Moat."
    ),
    "sit": N_("sit N: take a free seat at table N, or go back to your seat in its game."),
    "watch": N_(
        "watch N: follow the game at table N, hearing what every player may know, never a hand; leave goes back."
    ),
    "leave": N_("leave: stand up from your table before its game starts."),
    "start": N_("start: the owner of a table begins its game with the players seated."),
    "invite": N_(
        "invite NAME: invite someone to your table before its game starts; they hear it now or at their next "
        "login, and the invitation lasts until the game starts, a day at most. new private opens a table only "
        "invited people can sit at."
    ),
    "accept": N_("accept: sit at the table of your latest invitation; accept N: at table N's."),
    "kick": N_("kick NAME: for moderators: end that person's sessions."),
    "close": N_("close N: for moderators: close table N; its game stops, unrated, and is kept."),
    "mute": N_("mute NAME MINUTES: for moderators: refuse that person's say and tell for that long; 0 lifts it."),
    "ban": N_("ban NAME: for moderators: that name may not log in, and its sessions end."),
    "unban": N_("unban NAME: for moderators: lift a moderator's ban of that name."),
    "announce": N_("announce TEXT: for moderators: say something to everyone logged in, at tables too."),
    "reload": N_("reload: for moderators: read the server's settings file again; a wrong file changes nothing."),
    "who": N_("who: who is here, at which table, watching or in the lobby; who NAME: where that person is."),
    "say": N_(
        "say TEXT: say something to everyone in the lobby; at a table, playing or watching, to its players and "
        "watchers."
    ),
    "tell": N_("tell NAME TEXT: say something to one person only."),
    "games": N_("games: your last 5 games; games 20: your last 20."),
    "stats": N_("stats: your games, wins, rating and place in the ranking."),
    "ranking": N_("ranking: the best rated players; ranking 20: the best 20; ranking me: the players around you."),
    "help": N_("help: the commands; help COMMAND: that command."),
    "settings": N_(
        "settings: your language, verbosity, output and shortcut keys, kept for your account; settings nl, "
        "settings terse or settings rich changes one, as at a table, and settings set key hand ctrl+r a key."
    ),
    "account": N_(
        "account: your account and how it logs in; account key add and a public key's line adds a key, "
        "account key remove 2 removes key 2, account password changes or sets your password."
    ),
    "repeat": N_("repeat: the lobby's last message again (F2 says it too)."),
    "quit": N_("quit: log out."),
}


def _nobody_moderates(_name: str) -> bool:
    """No name is a moderator's, or banned (a lobby the server has not told of its file)."""
    return False


ACCOUNT_WORDS = {
    "key": "key",
    "sleutel": "key",
    "add": "add",
    "erbij": "add",
    "remove": "remove",
    "weg": "remove",
    "password": "password",
    "wachtwoord": "password",
}
"""The words after ``account``, English and Dutch."""


def public_key_of(text: str) -> tuple[bytes, str] | None:
    """The public data and fingerprint (``SHA256:...``) of the OpenSSH public key line
    ``text`` (type, base64 data, an optional comment), or None when it is none (a
    certificate, a private key or anything else is none)."""
    from ..remote.sshlib import asyncssh

    words = text.split()
    if len(words) < 2 or not words[0].isascii() or len(text) > 16384:
        return None
    try:
        key = asyncssh.import_public_key(" ".join(words[:2]))
    except (asyncssh.KeyImportError, ValueError, TypeError):
        return None
    return bytes(key.public_data), str(key.get_fingerprint())


def help_lines(rest: str, lang: Language, moderator: bool = False) -> list[str]:
    """What ``help`` says in ``lang``: the commands in one line (and for a ``moderator`` the
    moderators' in another), or, for ``help COMMAND``, that command's line (a moderator's
    command only for a ``moderator``); for a word that is no such command, that there is no
    help on it, then the commands, which are the topics."""
    unknown: list[str] = []
    if rest:
        command, _ = parse(rest)
        if command is not None and (moderator or command not in MODERATOR_COMMANDS):
            return [lang._(HELP[command])]
        unknown = [
            lang.text(N_("There is no help on {word}; help tells about each command below."), word=clean_text(rest, 40))
        ]
    return [
        *unknown,
        lang._(
            N_(
                "Lobby commands: tables, new, sit N, watch N, leave, start, invite NAME, accept, who, say TEXT, "
                "tell NAME TEXT, games, stats, ranking, settings, account, repeat, help and quit."
            )
        ),
        *(
            [
                lang._(
                    N_(
                        "Moderators' commands: kick NAME, close N, mute NAME MINUTES, ban NAME, unban NAME, "
                        "announce TEXT and reload."
                    )
                )
            ]
            if moderator
            else []
        ),
        lang._(N_("Type help and a command to hear more, for example: help tell.")),
    ]
