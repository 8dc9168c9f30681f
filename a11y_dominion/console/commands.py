"""The commands a person types at any end (the keyboard, a plain-ssh seat, ``join``, the
host's own seat): plain functions over an explicit context, one table of them.

A command is ``f(ctx, rest)``: ``ctx`` is a :class:`Ctx`, everything the command may
read or ask of the end it runs at (the seat's language, name, view, decision, history,
preferences, settings store, screen, speech and the :class:`SeatPort` of the actions
only an end can carry out), and ``rest`` is the typed line after the command word.
:data:`COMMANDS` maps each command word (English) to its function; :func:`run_command`
runs one typed command line. None of them reads a game: only the
:class:`~a11y_dominion.view.PlayerView` of the seat they are about.

What an end can do is its capabilities (:attr:`Ctx.caps`): saving, loading and exporting
files, chat, shortcut keys, speech, plain or rich output. A command whose capability an
end lacks answers in one sentence.

A query about another seat ("Ann: hand") that would tell a private fact (its hand) is
refused in one sentence, for a bot as for a person; the public queries (status, supply,
score, trash, landmarks, events, card) answer for anyone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ..announcements.history import History
from ..announcements.words import join_names
from ..helppages import HelpReader
from ..i18n import LANGUAGES, N_, Language, typed_command
from ..rules.decisions import Decision, Msg
from ..rules.events import GameEvent
from ..settings import CHOICES, DEFAULTS, KEY_SETTING_WORDS, SettingsError, SettingValue, check_value
from ..textinput import printable
from ..textinput import short as _short
from ..view import PlayerView
from . import queries as q
from .completion import command_of

if TYPE_CHECKING:
    from ..announcements.speech import Speaker

ALIASES = {
    "scores": "score",
    "exit": "quit",
    "leave": "quit",
    "setting": "settings",
    "landmark": "landmarks",
    "event": "events",
    "prev": "previous",
    "back": "previous",
    "question": "options",
    "silence": "stop",
    "hush": "stop",
    "?": "help",
    "again": "repeat",
    "history": "log",
}

LIVE_SETTINGS = ("language", "verbosity", "options", "speech", "output", "hints")  # what settings set changes in a game
# what it changes while a game of bots only is watched at this keyboard (display: plain or rich lines)
WATCH_SETTINGS = ("language", "verbosity", "speech", "output", "pace", "display")
# the Dutch words a player may type for the keys and values of settings set (the English ones are
# taken in every language), and the words each value is shown with (N_: in the seat's language)
DUTCH_SETTING_KEYS = {
    "taal": "language",
    "uitgebreidheid": "verbosity",
    "opties": "options",
    "spraak": "speech",
    "spraakuitvoer": "output",
    "uitvoer": "output",
    "tips": "hints",
    "tempo": "pace",
}
DUTCH_SETTING_VALUES = {
    "beknopt": "terse",
    "normaal": "normal",
    "uitgebreid": "verbose",
    "nieuw": "new",
    "altijd": "always",
    "aan": "on",
    "uit": "off",
    "ja": "yes",
    "nee": "no",
    "standaard": "default",
}
SETTING_KEY_WORDS = {  # a live setting's key as a sentence of the seat's language names it
    "language": N_("language"),
    "verbosity": N_("verbosity"),
    "options": N_("options"),
    "speech": N_("speech"),
    "output": N_("output"),
    "hints": N_("hints"),
    "pace": N_("pace"),
    "display": N_("plain or rich"),
}
SETTING_VALUE_WORDS = {
    "terse": N_("terse"),
    "normal": N_("normal"),
    "verbose": N_("verbose"),
    "new": N_("new"),
    "always": N_("always"),
    True: N_("on"),
    False: N_("off"),
    "off": N_("off"),  # (speech)
    None: N_("default"),
    "en": N_("English"),  # a language by its name, not its code read as letters
    "nl": N_("Dutch"),
}
LANGUAGE_NAMES = {"english": "en", "engels": "en", "dutch": "nl", "nederlands": "nl"}  # typed for a code


def setting_value_text(value: object, lang: Language, key: str = "") -> str:
    """A live setting's value as the settings command shows it, in ``lang``: "beknopt", "altijd",
    "aan" in Dutch; a language by its name ("English", "Nederlands"); the ``pace`` (``key``) in
    seconds a line ("1 second a line"); a speech mode ("screen-reader") or an output's name as it is."""
    if key == "pace" and isinstance(value, int | float):
        if isinstance(value, int):
            return lang.text(N_("{n:1 second|{n} seconds} a line"), n=value)
        return lang.text(N_("{n} seconds a line"), n=str(value) if lang.code == "en" else str(value).replace(".", ","))
    if isinstance(value, bool) or value is None or (isinstance(value, str) and value in SETTING_VALUE_WORDS):
        return lang._(SETTING_VALUE_WORDS[value])
    return str(value)


def speech_setting_text(speaker: Speaker, lang: Language) -> str:
    """The speech setting as the settings command shows it, in ``lang``: the speech mode as
    ``settings set speech`` takes it ("off", "screen-reader"), with the voice the game speaks
    through ("auto through espeak-ng"), or that it found none ("self-voicing, no voice found")."""
    mode = speaker.mode
    shown = setting_value_text(mode, lang)
    if mode in ("off", "screen-reader"):
        return shown
    name = speaker.active_output_name
    if name is None:
        return lang.text(N_("{mode}, no voice found"), mode=shown)
    return lang.text(N_("{mode} through {output}"), mode=shown, output=name)


def live_names(live: Sequence[str], lang: Language) -> str:
    """The settings ``live`` (keys of :data:`SETTING_KEY_WORDS`) as a sentence of ``lang`` names
    them: "language, verbosity, options, speech, output and hints"."""
    return join_names([lang._(SETTING_KEY_WORDS[key]) for key in live], lang)


ECHO_LIMIT = 40  # how much of a refused line is read back
ECHOED_FIELDS = ("word", "text", "move")  # the fields of a refusal that hold what was typed


def command_for(word: str) -> str | None:
    """The command a typed word stands for (English, Dutch or an alias), or None."""
    low = word.lower()
    return command_of(ALIASES.get(low, low))


def short(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters with "…" (see :func:`textinput.short`)."""
    return _short(str(text), limit)


def short_msg(message: object) -> object:
    """A refusal (:class:`Msg`) with what was typed in it cut by :func:`short`; anything
    else as it is."""
    if not isinstance(message, Msg):
        return message
    args = {k: short(v) if k in ECHOED_FIELDS and isinstance(v, str) else v for k, v in message.args.items()}
    return Msg(message.template, **args)


def _whole_number(rest: str) -> bool:
    return not rest or rest.isdecimal() and rest.isascii() and len(rest) <= 9 and int(rest) >= 1


def _opening(word: str) -> str:
    """``word`` as it opens a sentence: its first letter a capital ("verbosity": "Verbosity")."""
    return word[:1].upper() + word[1:]


NOT_ASKED = N_("Nothing is asked of you now; type help for the commands.")
MAX_SAY = 300  # characters of a line of chat
# the words that choose a setting's value in the short form, settings WORD (settings nl, settings terse)
LANGUAGE_WORDS = {
    "en": ("en", "english", "engels"),
    "nl": ("nl", "dutch", "nederlands", "nederland", "netherlands"),
}
VERBOSITIES = (N_("terse"), N_("normal"), N_("verbose"))
DISPLAYS = {"plain": ("plain", "gewoon", "kaal"), "rich": ("rich", "rijk", "kleur", "colour", "color")}
KEY_WORDS = ("language", "taal", "verbosity", "uitgebreidheid", "output", "uitvoer")  # may come before a value


def language_of(word: str) -> str | None:
    """The language code a player's word stands for (1 or 2, en, nl, English,
    Nederlands, Dutch...), or None."""
    low = word.strip().lower()
    if low.isdecimal() and low.isascii() and 1 <= int(low) <= len(LANGUAGES):
        return list(LANGUAGES)[int(low) - 1]
    for code, words in LANGUAGE_WORDS.items():
        if low in words:
            return code
    return None


def verbosity_of(word: str, lang: Language | None = None) -> str | None:
    """The verbosity a player's word stands for (1 to 3, terse, normal, verbose, or
    the word in ``lang``), or None."""
    low = word.strip().lower()
    if low.isdecimal() and low.isascii() and 1 <= int(low) <= len(VERBOSITIES):
        return VERBOSITIES[int(low) - 1]
    for v in VERBOSITIES:
        if low == v or (lang is not None and low == lang._(v).lower()):
            return v
    return None


# ------------------------------------------------------------------ what an end gives a command
class Screen(Protocol):
    """Where an end prints: plain lines, or a rich screen that can draw the Supply as a table."""

    plain: bool

    def supply_table(self, view: PlayerView) -> None:
        """Draw the Supply of ``view`` as a table (a rich screen only)."""


class SettingsStore(Protocol):
    """How an end changes a live setting of its seat and keeps it."""

    def change(self, key: str, value: SettingValue) -> str | None:
        """Change the live setting ``key`` (checked ``value``) now; None when done, else one
        sentence (in the seat's language) why it cannot change at this end."""

    def keep(self, key: str, value: SettingValue) -> str:
        """Keep ``key`` = ``value`` for later games: '' when kept, else one sentence (why it
        holds for this game only, or where a damaged settings file was kept)."""


@dataclass
class SeatPort:
    """The actions a command asks of the end it runs at. ``options``: say the question
    with every option; ``undo``: take back the seat's last answer; ``quit``: leave or stop
    (the end asks first). ``save``, ``load`` and ``export`` take a file name, ``say`` a line
    of chat: None where the end cannot (its capabilities)."""

    options: Callable[[], None]
    undo: Callable[[], None]
    quit: Callable[[], None]
    save: Callable[[str], None] | None = None
    load: Callable[[str], None] | None = None
    export: Callable[[str], None] | None = None
    say: Callable[[str], None] | None = None


@dataclass
class Prefs:
    """A seat's live settings as the settings command shows them: ``verbosity``, ``options``
    (new or always), ``hints`` (the hint command answers), ``display`` (plain or rich), the
    shortcut ``keys`` (command to key name; empty where the end has none) and, where a game of
    bots only is watched, its ``pace`` (the seconds each line said gets)."""

    verbosity: str = "normal"
    options: str = "new"
    hints: bool = True
    display: str = "plain"
    keys: dict[str, str] = field(default_factory=dict)
    pace: int | float = 1


@dataclass
class CommandState:
    """What commands remember for one seat between lines: the messages ``repeat`` or ``log``
    read last (``previous`` and ``next`` go on from them) and the seat's place in the help pages."""

    read_window: tuple[History, int, int, int] | None = None
    help: HelpReader | None = None


def _nothing() -> None:
    return None


def _no_lines() -> list[str] | None:
    return None


def _no_events() -> list[GameEvent]:
    return []


@dataclass
class Ctx:
    """Everything a command reads or asks of the end it runs at.

    ``lang``: the seat's language; ``seat``: its name (None: an onlooker of bots);
    ``asker``: the player a "Name: query" is about (None: the seat itself); ``bots``: the
    players that are bots; ``shared``: several people share this keyboard; ``view``: the
    view a query reads (the asker's, as this seat may know it; None before the game is
    known); ``decision``: the question awaiting this seat's answer (None: none); ``step``:
    the answers given in the game so far (the hint's seed); ``told``: the events this seat
    was told (for the hint); ``history``: the seat's messages; ``state``: its
    :class:`CommandState`; ``prefs``, ``store``, ``screen``, ``speech`` (None: the end does
    not speak; the player's own screen reader reads its lines) and ``port``; ``keys_help``:
    the lines help keys reads; ``reply``, ``error`` and ``say``: an answer's lines, one
    sentence about a refused line, one line not kept. ``repeat_lines``: what repeat reads for
    the latest message said with others (right after a turn's start, its line and the hand;
    after the game's end, the final scores and the line said after them; None: the latest
    message alone); ``think_ms`` and ``hints_off``:
    the hint's thinking time (None: the bot's default, 0: the medium bot) and the sentence
    when hints are off; ``settings_file``: the seat's settings are the player's own file;
    ``live``: the settings that ``settings set`` changes here (:data:`LIVE_SETTINGS`, or
    :data:`WATCH_SETTINGS` for a watcher of a game of bots only at this keyboard);
    ``help_seat``: where the help pages are read (:data:`~a11y_dominion.helppages.SEATS`: at
    ``join`` and ``ssh`` seats the game is kept on the host's computer, its paths not shown)."""

    lang: Language
    seat: str | None
    view: PlayerView | None
    decision: Decision | None
    history: History
    state: CommandState
    prefs: Prefs
    store: SettingsStore
    screen: Screen
    speech: Speaker | None
    port: SeatPort
    keys_help: Callable[[Language], list[str]]
    reply: Callable[[list[str]], None]
    error: Callable[[str], None]
    say: Callable[[str], None]
    asker: str | None = None
    bots: frozenset[str] = frozenset()
    shared: bool = False
    step: int = 0
    told: Callable[[], Sequence[GameEvent]] = _no_events
    repeat_lines: Callable[[], list[str] | None] = _no_lines
    think_ms: int | None = None
    hints_off: str = N_("Hints are off in the settings; settings set hints on turns them on.")
    settings_file: bool = True
    live: tuple[str, ...] = LIVE_SETTINGS
    help_seat: str = "local"

    @property
    def caps(self) -> frozenset[str]:
        """What this end can do: ``save``, ``load``, ``export``, ``chat``, ``keys`` (shortcut
        keys), ``speech``, ``display`` (plain or rich output chosen in the game)."""
        port = self.port
        have = {"save": port.save, "load": port.load, "export": port.export, "chat": port.say}
        caps = {name for name, action in have.items() if action is not None}
        if self.prefs.keys:
            caps.add("keys")
        if self.speech is not None:
            caps.add("speech")
        return frozenset(caps)

    def t(self, template: str, **fields: object) -> str:
        """``template`` in the seat's language with its fields filled in."""
        return self.lang.text(template, **fields)

    def refusal(self, err: object) -> str:
        """A refusal (an exception, a :class:`Msg` or a text) as one sentence of the seat's language."""
        from .answers import refusal_text

        return refusal_text(err, self.lang)


Command = Callable[[Ctx, str], None]


def _known(ctx: Ctx) -> PlayerView | None:
    """The view a query reads, or None after one sentence that nothing is known yet."""
    if ctx.view is None:
        ctx.error(ctx.lang._(N_("Nothing is known of the game yet.")))
    return ctx.view


def _mine(ctx: Ctx) -> bool:
    """True when a query is about the seat itself (not "Ann: ..." about another)."""
    return ctx.asker is None or ctx.asker == ctx.seat


# ------------------------------------------------------------------ queries
def _private_refusal(ctx: Ctx) -> str | None:
    """The sentence refusing a private query about someone else (a bot, or another
    person), or None when it may be answered."""
    who = ctx.asker
    if _mine(ctx):
        return None
    if who in ctx.bots:  # a bot's hand is private, and the asker's own would be a wrong answer
        return ctx.t(N_("{player} is a bot; you may only look at your own hand."), player=who)
    return ctx.t(N_("{player}'s hand is private; you may only look at your own hand."), player=who)


def hand(ctx: Ctx, rest: str) -> None:
    """hand: the seat's own hand and what it has in play."""
    refusal = _private_refusal(ctx)
    if refusal is not None:
        ctx.error(refusal)
        return
    view = _known(ctx)
    if view is not None:
        ctx.reply(q.hand_lines(view, not ctx.shared, ctx.lang))


def status(ctx: Ctx, rest: str) -> None:
    """status: public facts only (Debt, VP tokens, how many cards where), for anyone."""
    view = _known(ctx)
    if view is not None:
        you = not ctx.shared and _mine(ctx) and ctx.asker not in ctx.bots
        ctx.reply(q.status_lines(view, you, ctx.lang))


def supply(ctx: Ctx, rest: str) -> None:
    """supply: every pile (a table on a rich screen, lines otherwise)."""
    view = _known(ctx)
    if view is None:
        return
    lines = q.supply_lines(view, ctx.lang)
    if ctx.screen.plain:
        ctx.reply(lines)
        return
    ctx.screen.supply_table(view)
    if ctx.speech is not None:
        for line in lines:
            ctx.speech.speak(line)


def _view_query(lines: Callable[[PlayerView, Language], list[str]]) -> Command:
    def command(ctx: Ctx, rest: str) -> None:
        view = _known(ctx)
        if view is not None:
            ctx.reply(lines(view, ctx.lang))

    command.__doc__ = lines.__doc__
    return command


def score(ctx: Ctx, rest: str) -> None:
    """score: each player's score if the game ended now, and who leads; after the game the final
    scores and who won, "You win." to this seat when it did."""
    view = _known(ctx)
    if view is not None:
        ctx.reply(q.score_lines(view, ctx.lang, ctx.seat))


landmarks = _view_query(q.landmark_lines)
events = _view_query(q.event_lines)
trash = _view_query(q.trash_lines)


def card(ctx: Ctx, rest: str) -> None:
    """card NAME; the start of a name is enough when only one known name starts so."""
    view, lang = ctx.view, ctx.lang
    try:
        lines = q.card_lines(view, rest, lang)
    except q.QueryError as e:
        if not rest:
            ctx.error(ctx.refusal(e))
            return
        try:
            lines = q.card_lines(view, q.guess_name(view, rest, lang), lang)
        except q.QueryError as guess:
            ctx.error(ctx.refusal(guess))
            return
    ctx.reply(lines)


# ------------------------------------------------------------------ the seat's history
def log(ctx: Ctx, rest: str) -> None:
    """log, log N: the last 10 or N messages of this seat's history."""
    if not _whole_number(rest):
        ctx.error(ctx.lang._(N_("Log takes a whole number from 1, for example log 5.")))
        return
    history = ctx.history
    lines = history.recent(int(rest) if rest else 10)
    if not lines:
        ctx.reply([ctx.lang._(N_("Nothing has been said yet."))])
        return
    _just_read(ctx, len(history) - len(lines), len(history) - 1)
    ctx.reply([ctx.t(N_("{n:The last message|The last {n} messages}:"), n=len(lines))] + lines)


def repeat(ctx: Ctx, rest: str) -> None:
    """repeat, repeat N: the latest or the Nth latest message of this seat's history (right
    after a turn's start, its line and the hand, as they were said; after the game's end,
    the final scores and who won, then that the player may stay; at a card's question to
    this seat, the latest message and the question)."""
    lang, history = ctx.lang, ctx.history
    if not _whole_number(rest):
        ctx.error(lang._(N_("Repeat takes a whole number from 1, for example repeat 3 for the third latest message.")))
        return
    n = int(rest) if rest else 1
    start = ctx.repeat_lines() if n == 1 else None
    if start is not None:  # the start of a turn (its line and the hand) or the game's end, as they were said
        _just_read(ctx, len(history) - 1, len(history) - 1)
        ctx.reply(start)
        return
    said = history.nth_latest(n)
    if said is not None:
        _just_read(ctx, len(history) - n, len(history) - n)
        d = ctx.decision
        if n == 1 and d is not None and d.kind != "turn":
            # a card's question: the last message, then the question that stands
            asked = ctx.lang.prompt(d, not ctx.shared)
            ctx.reply([said, asked] if said != asked else [said])
            return
        ctx.reply([said])
    elif not len(history):
        ctx.reply([lang._(N_("Nothing has been said yet."))])
    else:
        ctx.reply([ctx.t(N_("{n:There is only 1 message|There are only {n} messages} so far."), n=len(history))])


def _just_read(ctx: Ctx, first: int, last: int) -> None:
    """``repeat`` or ``log`` just read the messages ``first`` to ``last`` (indexes in this
    seat's history): ``previous`` goes on from the one before the first, ``next`` from
    the one after the last, so no message is read twice."""
    ctx.state.read_window = (ctx.history, len(ctx.history), first, last)


def _walk_from(ctx: Ctx, step: int) -> None:
    """Put the history's cursor where ``previous`` (``step`` -1) or ``next`` (+1) goes on
    from: the messages ``repeat`` or ``log`` read last, when nothing was said since."""
    window, ctx.state.read_window = ctx.state.read_window, None
    history = ctx.history
    if window is None or window[0] is not history or window[1] != len(history):
        return
    first, last = window[2], window[3]
    # the cursor on the message next to those read: the step lands on the one beyond it
    history.move_to(first if step < 0 else last)


def _walk(ctx: Ctx, step: int) -> None:
    """One message back (``step`` -1) or forward (+1), read with its place in the history."""
    _walk_from(ctx, step)
    history = ctx.history
    before = history.position()
    text = history.previous() if step < 0 else history.next()
    pos = history.position()
    if text is None or pos is None:
        ctx.reply([ctx.lang._(N_("Nothing has been said yet."))])
        return
    if pos != before:
        template = N_("{text} ({n} of {total})")
    elif step < 0:  # (the cursor stayed: the first or the last message)
        template = N_("{text} ({n} of {total}, the oldest message)")
    else:
        template = N_("{text} ({n} of {total}, the newest message)")
    ctx.reply([ctx.t(template, text=text, n=pos[0], total=pos[1])])


def previous(ctx: Ctx, rest: str) -> None:
    """previous: one message back in this seat's history (after ``repeat N`` or ``log``, the
    one before those they read); at the oldest it is read again, said to be the oldest."""
    _walk(ctx, -1)


def next_message(ctx: Ctx, rest: str) -> None:
    """next: one message forward in this seat's history (after ``repeat N`` or ``log``, the
    one after those they read); at the newest it is read again, said to be the newest."""
    _walk(ctx, +1)


# ------------------------------------------------------------------ the question
def options(ctx: Ctx, rest: str) -> None:
    """options: the question again with every option numbered; one sentence when nothing
    is asked of this seat."""
    if ctx.decision is None:
        ctx.error(ctx.lang._(NOT_ASKED))
        return
    ctx.port.options()


def hint(ctx: Ctx, rest: str) -> None:
    """hint: the move a bot would make at this seat's question, with one sentence of why
    (see :mod:`.hint`); one sentence when hints are off or nothing of this seat's is asked."""
    from .hint import hint_line

    if not ctx.prefs.hints:
        ctx.error(ctx.lang._(ctx.hints_off))
        return
    d, view = ctx.decision, ctx.view
    if d is None or view is None or not _mine(ctx) or d.player != ctx.seat:
        ctx.error(ctx.lang._(N_("There is no question of yours to give a hint for now.")))
        return
    ctx.reply([hint_line(view, d, list(ctx.told()), ctx.lang, ctx.think_ms, ctx.step)])


def help_command(ctx: Ctx, rest: str) -> None:
    """help: the topics; help keys: the shortcut keys (or how to type at an end without
    them); help TOPIC, help next, help TOPIC N: a player page a part at a time
    (:class:`~a11y_dominion.helppages.HelpReader`), each seat with its own place in the pages."""
    reader = ctx.state.help
    if reader is None:
        reader = ctx.state.help = HelpReader(ctx.keys_help, seat=ctx.help_seat)
    ctx.reply(reader.answer(rest, ctx.lang))


# ------------------------------------------------------------------ what only an end can do
def undo(ctx: Ctx, rest: str) -> None:
    """undo: take back this seat's last answer (the end asks its game or host)."""
    ctx.port.undo()


def _files(ctx: Ctx, action: Callable[[str], None] | None, rest: str) -> None:
    if action is None:
        ctx.error(ctx.lang._(N_("Only the host can save or load this game.")))
        return
    action(rest)


def save(ctx: Ctx, rest: str) -> None:
    """save FILE: the game so far into a file of this computer (where the game is kept here)."""
    _files(ctx, ctx.port.save, rest)


def load(ctx: Ctx, rest: str) -> None:
    """load FILE: a saved game instead of this one (where the game is kept here)."""
    _files(ctx, ctx.port.load, rest)


def export(ctx: Ctx, rest: str) -> None:
    """export FILE: the game so far as text, for this seat."""
    _files(ctx, ctx.port.export, rest)


def say(ctx: Ctx, rest: str) -> None:
    """say TEXT: a line of chat to every seat, without control characters and cut at
    :data:`MAX_SAY` characters (the cut said); one sentence where nobody is at another computer."""
    if ctx.port.say is None:
        ctx.error(ctx.lang._(N_("Everyone plays at this computer: there is nobody at another one to say it to.")))
        return
    whole = printable(rest).strip()
    if not whole:
        ctx.error(ctx.lang._(N_("Say what? For example: say good luck.")))
        return
    ctx.port.say(whole[:MAX_SAY])
    if len(whole) > MAX_SAY:
        ctx.say(ctx.t(N_("Only the first {n} characters were said."), n=MAX_SAY))


def speech(ctx: Ctx, rest: str) -> None:
    """speech: which speech mode and output are in use."""
    if ctx.speech is None:
        ctx.reply([ctx.lang._(SPEECH_ELSEWHERE)])
        return
    ctx.reply([speech_line(ctx.speech, ctx.lang)])


def speech_line(speaker: Speaker, lang: Language, wait: float | None = None, at_start: bool = False) -> str:
    """Which speech mode and output are in use, in one sentence of ``lang``
    (the same sentence as ``speaker.describe()``). While the output is still being
    looked for after ``wait`` seconds (None: as long as it takes; at the start,
    counted from the moment the speaker began looking), says so.
    ``at_start``: the first lines of a game, after the speaker has said itself
    that no sound can be heard; then "" (it is said once)."""
    mode = speaker.mode
    if mode == "off":
        return lang._(N_("Speech is off; the game shows text only."))
    if mode == "screen-reader":
        return lang._(N_("Screen-reader mode: the game does not speak; your screen reader reads the text."))
    if not speaker.wait_ready(wait, since_start=at_start):
        if mode == "self-voicing":
            return lang._(N_("Self-voicing mode: the speech output is starting; type speech to hear which one speaks."))
        return lang._(N_("Automatic mode: looking for a speech output; type speech to hear which one speaks."))
    name = speaker.active_output_name
    no_sound: str | None = getattr(speaker, "no_sound", None)  # (a stand-in speaker may have none)
    if name is None and no_sound:
        if at_start:
            return ""
        return lang.text(
            N_("No sound can be heard ({why}), so the game does not speak; it shows text only."),
            why=lang._(no_sound),
        )
    if mode == "self-voicing":
        if name is not None:
            return lang.text(N_("Self-voicing mode: the game speaks through {output}."), output=name)
        return lang._(N_("Self-voicing mode, but no speech output works; the game shows text only."))
    if name is not None:
        return lang.text(N_("Automatic mode: the game speaks through {output}."), output=name)
    return lang._(
        N_("Automatic mode: no speech output was found, so the game does not speak; your screen reader reads the text.")
    )


SPEECH_ELSEWHERE = N_("The game does not speak here: your own screen reader reads its lines.")


def stop(ctx: Ctx, rest: str) -> None:
    """stop: stop speech now."""
    if ctx.speech is None:
        ctx.reply([ctx.lang._(SPEECH_ELSEWHERE)])
        return
    if ctx.speech.mode in ("off", "screen-reader"):  # nothing of the game's is spoken: say so, not "stopped"
        ctx.reply([speech_line(ctx.speech, ctx.lang)])
        return
    ctx.speech.silence()
    ctx.say(ctx.lang._(N_("Speech stopped.")))  # printed only: speaking it would undo the silence


def quit_command(ctx: Ctx, rest: str) -> None:
    """quit: the end asks, then leaves or stops the game."""
    ctx.port.quit()


# ------------------------------------------------------------------ settings
def settings(ctx: Ctx, rest: str) -> None:
    """settings: the settings that can change during a game (:data:`LIVE_SETTINGS`) as they
    are for this seat; settings set KEY VALUE, or settings and words (settings nl, settings
    terse, settings rich): change them now, kept by the end's :class:`SettingsStore`. One
    sentence for anything else."""
    words = rest.split()
    if not words or [w.lower() for w in words] in (["show"], ["toon"]):
        ctx.reply(_settings_lines(ctx))
        return
    if words[0].lower() in ("set", "zet"):
        if len(words) < 3:
            ctx.error(ctx.lang._(SETTINGS_SYNTAX))
            return
        _set(ctx, words[1].lower(), " ".join(words[2:]))
        return
    chosen = setting_words(rest, ctx.lang)
    if isinstance(chosen, str):
        ctx.error(
            ctx.t(N_("{word} is no setting; choose en, nl, terse, normal, verbose, plain or rich."), word=chosen[:40])
        )
        return
    if not chosen:
        ctx.error(ctx.lang._(SETTINGS_SYNTAX))
    for key, value in chosen:
        _set(ctx, key, value)
        ctx = dataclasses.replace(ctx, lang=Language(value)) if key == "language" else ctx


def setting_words(rest: str, lang: Language) -> list[tuple[str, str]] | str:
    """The settings that the words after ``settings`` choose (``nl``, ``terse``, ``rich``, each
    maybe after its key, ``language nl``; commas or spaces between them), read in any language
    (``lang``'s words for the verbosity too): a list of (key, value), the key ``language``
    (a code), ``verbosity`` or ``display`` (``plain`` or ``rich``); or the first word that
    chooses none, as typed. A verbosity's word is read in every language (``settings nl
    beknopt``). The table's ``settings`` and the server's lobby read them alike."""
    chosen: list[tuple[str, str]] = []
    for w in (w for w in rest.replace(",", " ").split() if w.lower() not in KEY_WORDS):
        code = language_of(w) if not w.isdecimal() else None
        v = None
        if not w.isdecimal():
            v = next((v for c in (lang.code, *LANGUAGES) if (v := verbosity_of(w, Language(c))) is not None), None)
        shown = next((o for o, names in DISPLAYS.items() if w.lower() in names), None)
        if code is not None:
            chosen.append(("language", code))
        elif v is not None:
            chosen.append(("verbosity", v))
        elif shown is not None:
            chosen.append(("display", shown))
        else:
            return w
    return chosen


SETTINGS_SYNTAX = N_(
    "Settings takes nothing, set KEY VALUE or a word, for example settings set language nl or settings nl."
)


def _set(ctx: Ctx, key: str, value: str) -> None:
    """settings set KEY VALUE: check, change now (the end's store) and keep it; one line either way."""
    key = DUTCH_SETTING_KEYS.get(key, key)
    if key in KEY_SETTING_WORDS:  # (a game server's ssh seat keeps them for the account: its lobby's settings)
        if ctx.settings_file:
            ctx.error(
                ctx.t(
                    N_(
                        "Shortcut keys change outside the game, with {command} settings set key hand ctrl+r; "
                        "help keys says the keys you have now."
                    ),
                    command=typed_command(),
                )
            )
        else:
            ctx.error(ctx.lang._(N_("The shortcut keys at this seat are the usual ones; help keys says them.")))
        return
    if key == "language":
        value = LANGUAGE_NAMES.get(value.lower(), value)
    if key != "output":
        value = DUTCH_SETTING_VALUES.get(value.lower(), value)
    elif DUTCH_SETTING_VALUES.get(value.lower()) == "default":  # (an output's own name is taken as it is)
        value = "default"
    if key == "display":
        checked: SettingValue = value.lower()
        if checked not in DISPLAYS:
            ctx.error(
                ctx.t(
                    N_("{word} is no setting; choose en, nl, terse, normal, verbose, plain or rich."), word=short(value)
                )
            )
            return
    else:
        if key not in DEFAULTS or key == "seats":
            ctx.error(
                ctx.t(
                    N_("There is no setting {key}. The settings are {names}; during a game, {live} change here."),
                    key=short(key),
                    names=join_names([k for k in DEFAULTS if k != "seats"], ctx.lang),
                    live=live_names(ctx.live, ctx.lang),
                )
            )
            return
        if key not in ctx.live:
            ctx.error(
                ctx.t(
                    N_(
                        "The setting {key} cannot change during a game; here {live} can. "
                        "Change the others outside the game with {command} settings set KEY VALUE."
                    ),
                    key=ctx.lang._(SETTING_KEY_WORDS[key]) if key in SETTING_KEY_WORDS else short(key),
                    live=live_names(ctx.live, ctx.lang),
                    command=typed_command(),
                )
            )
            return
        if key in ("speech", "output") and ctx.speech is None and not ctx.settings_file:
            ctx.error(ctx.lang._(SPEECH_ELSEWHERE))  # (a seat of a host or server: never its computer's voices)
            return
        try:
            checked = check_value(key, value.lower() if key != "output" else value)
        except SettingsError as e:
            ctx.error(ctx.refusal(_setting_refusal(e, ctx.lang)))
            return
    why_not = ctx.store.change(key, checked)
    if why_not is not None:
        ctx.error(why_not)
        return
    lang = Language(str(checked)) if key == "language" else ctx.lang  # said in the language chosen
    kept = ctx.store.keep(key, checked)
    if key == "display":
        line = lang.text(
            N_("Output is now {value}."), value=lang._(N_("rich")) if checked == "rich" else lang._(N_("plain"))
        )
    else:
        word = lang._(SETTING_KEY_WORDS[key])
        line = lang.text(
            N_("Hints are now {value}.") if key == "hints" else N_("{key} is now {value}."),
            key=_opening(word),  # (it begins the sentence)
            value=setting_value_text(checked, lang, key),
        )
    ctx.reply([line + " " + kept] if kept else [line])


def _setting_refusal(e: SettingsError, lang: Language) -> Exception:
    """A refused value of settings set, ``e``, with the setting's key and the values allowed
    as ``lang`` names them, the key opening the sentence ("Verbosity must be terse, normal or
    verbose." is "Uitgebreidheid moet beknopt, normaal of uitgebreid zijn.")."""
    msg = e.args[0] if e.args else None
    if not isinstance(msg, Msg):
        return e
    if msg.template == "hints must be on or off.":
        on, off = setting_value_text(True, lang), setting_value_text(False, lang)
        return SettingsError(Msg("Hints must be {on} or {off}.", on=on, off=off))  # ("Hints" is a plural)
    if msg.template == "output must be default or one of: {names}.":
        word = _opening(lang._(SETTING_KEY_WORDS["output"]))
        default = setting_value_text(None, lang)
        return SettingsError(
            Msg("{key} must be {default} or one of: {names}.", key=word, default=default, names=msg.args["names"])
        )
    key = msg.args.get("key")
    if not isinstance(key, str) or key not in SETTING_KEY_WORDS:
        return e
    word = _opening(lang._(SETTING_KEY_WORDS[key]))
    if "names" in msg.args and key in CHOICES:  # one of a few values: said as a choice, with "or"
        names = q.join_or([setting_value_text(v, lang) for v in CHOICES[key]], lang)
        return SettingsError(Msg("{key} must be {names}.", key=word, names=names))
    return SettingsError(Msg(msg.template, **dict(msg.args, key=word)))


def _settings_lines(ctx: Ctx) -> list[str]:
    """The live settings of this seat (:attr:`Ctx.live`), and how to change them: the speech as
    :func:`speech_setting_text` says it (none where the game does not speak, as at an ssh seat)."""
    lang, prefs = ctx.lang, ctx.prefs
    speech = speech_setting_text(ctx.speech, lang) if ctx.speech is not None else None
    if "pace" in ctx.live:  # a watcher of a game of bots only
        template = N_("Language {language}, verbosity {verbosity}, speech {speech}, pace {pace}, output {display}.")
    elif speech is not None:
        template = N_("Language {language}, verbosity {verbosity}, options {options}, speech {speech}, hints {hints}.")
    else:
        template = N_("Language {language}, verbosity {verbosity}, options {options}, hints {hints}.")
    lines = [
        ctx.t(
            template,
            language=setting_value_text(lang.code, lang),
            verbosity=setting_value_text(prefs.verbosity, lang),
            options=setting_value_text(prefs.options, lang),
            speech=speech or "",
            hints=setting_value_text(prefs.hints, lang),
            pace=setting_value_text(prefs.pace, lang, "pace"),
            display=lang._(N_("rich")) if prefs.display == "rich" else lang._(N_("plain")),
        )
    ]
    if ctx.settings_file:
        lines.append(
            ctx.t(
                N_(
                    "Change one with settings set KEY VALUE, for example settings set language nl; "
                    "the other settings change outside the game with {command} settings."
                ),
                command=typed_command(),
            )
        )
    else:
        lines.append(
            lang._(
                N_(
                    "Change one with settings set KEY VALUE or a word, for example settings nl, settings terse or "
                    "settings rich; the host keeps them with this game."
                )
            )
        )
    return lines


# ------------------------------------------------------------------ the table
COMMANDS: dict[str, Command] = {
    "hand": hand,
    "status": status,
    "supply": supply,
    "score": score,
    "landmarks": landmarks,
    "events": events,
    "trash": trash,
    "card": card,
    "log": log,
    "repeat": repeat,
    "previous": previous,
    "next": next_message,
    "options": options,
    "hint": hint,
    "help": help_command,
    "save": save,
    "load": load,
    "undo": undo,
    "export": export,
    "speech": speech,
    "settings": settings,
    "stop": stop,
    "say": say,
    "quit": quit_command,
}


def run_command(ctx: Ctx, text: str) -> None:
    """Run the command in ``text`` (its word, English, Dutch or an alias, then what follows)
    with ``ctx``; an unknown word gets one sentence."""
    word, _, rest = text.strip().partition(" ")
    command = COMMANDS.get(command_for(word) or word.lower())
    if command is None:
        ctx.error(ctx.t(N_("{text} is not a command. Type help for commands."), text=short(text)))
        return
    command(ctx, rest.strip())
