"""The seat protocol over SSH: a remote seat as JSON lines, for a program that speaks.

A player who runs ``a11y-dominion join`` logs in with the SSH command
:data:`COMMAND` (an exec request, no terminal). That session carries the
table's seat protocol (:mod:`a11y_dominion.table`) as plain data instead of
screen text: one JSON object per line, UTF-8, each line at most
:data:`MAX_MESSAGE` bytes. The player's own program narrates, speaks and
reads the answers in the player's own language and settings
(:mod:`a11y_dominion.remote.client`).

From the host (``type`` first):

- ``{"type": "hello", "protocol": 2, "seat": NAME, "players": [...], "people": [...],
  "hints": {"on": BOOL, "think_ms": 0}}``: always first; ``people``: the players who
  are people, not bots (their turn's start is told at once; a client that does not know
  the field ignores it); ``hints``: the table's hint policy, the host's hints setting and
  the bot's thinking time (0: the medium bot, as at every seat of the host);
- ``{"type": "text", "text": ...}``: a line from the host (the lobby, a
  player joining or leaving, goodbye), in the seat's language; with
  ``"last": true`` it is the last line of this session and says why it ends
  (a new login took the seat): the player's program says nothing more of it;
  with ``"keep": false`` it is a line of the lobby's seats before the game (who
  joined or left, the seats still empty): said, and not kept in the history, which
  holds the game's messages (the welcome, how to get help, is kept, as ``play``
  keeps its own first line);
- ``{"type": "events", "events": [...]}``: the events this seat may know, in
  order, already redacted for it (:func:`a11y_dominion.view.event_data`;
  a card private to another seat is ``"?"``);
- ``{"type": "story", "start": N, "events": [...]}``: the events this seat's
  player heard from the start of the game (redacted for it, as in ``events``), sent
  when a session takes the seat, before anything else of the game: what the seat
  knows however often it came back or the host resumed the game. It comes in
  pieces, each line under :data:`MAX_MESSAGE` bytes; ``start`` is the index of its
  first event in the story (0 for the first piece, which starts the story anew).
  The events told afterwards follow it (first, for a player who comes back, those
  told to the seat while they were away: the news), and an ``undone`` takes back
  as many events from its end as it carries. The player's program keeps it (its
  hints read it) and narrates nothing of it (its narration goes on from it);
- ``{"type": "history", "start": N, "lines": [...]}``: the seat's history of
  messages as the host kept it (the narration in the seat's language and verbosity,
  told in the same steps as to the seat), sent after the ``story`` to a session that
  takes the seat in a game under way: the player's program makes it its history, so
  ``log`` and ``repeat`` read what they read before the player left. In pieces as
  the story is (``start``: the index of its first line);
- ``{"type": "export", "lines": [...]}``: the game so far as ``export`` at the
  console writes it for this seat, in the seat's language, when asked for it;
- ``{"type": "decide", "id": N, "decision": ..., "view": ..., "step": N}``: the decision
  to answer (:meth:`Decision.to_data`) with the seat's own view
  (:meth:`PlayerView.to_data`); ``id`` counts the decisions of this session, ``step``
  the answers given in the game so far (the hint's seed, as at the host);
- ``{"type": "refused", "id": N, "message": {"msg", "args"}, "text": ...}``:
  the rules refuse the answer; the same decision waits for another;
- ``{"type": "error", "error": CODE, "message": {"msg", "args"}, "text": ...}``:
  a message that could not be used (bad JSON, nested too deep, an unknown type,
  a line over 64 KiB, keys of the wrong form, nothing asked, too many messages
  at once); whatever was asked still waits, and nothing else happens;
- ``{"type": "view", "view": ...}``: the seat's view now, when asked for it;
- ``{"type": "game_over", "winners": [...], "scores": {...}, "view": ...}``:
  after the events that end the game;
- ``{"type": "undone", "player": NAME, "events": [...], "view": ...}``: the
  seat ``player`` took back its last answer, which made ``events`` (redacted
  for this seat, as in ``events``); ``view`` is this seat's view now. Sent to
  every seat, the one that typed ``undo`` too; a new ``decide`` follows for
  the question asked again.

From the player:

- ``{"type": "answer", "keys": [...], "id": N}``: the option keys of the
  pending decision, as the table takes them (for a turn one move,
  ``{"move": "buy", "card": "Gold"}``); ``id`` may be left out;
- ``{"type": "view"}``: ask for the seat's view now;
- ``{"type": "say", "text": ...}``: a line of chat to every seat (as ``say``
  at a terminal seat: :meth:`~.host.GameHost.chat` cleans and cuts it);
- ``{"type": "export"}``: ask for the game so far as ``export`` writes it (the
  player's program writes the file on the player's computer);
- ``{"type": "undo"}``: take back the seat's last answer
  (:meth:`~.host.GameHost.undo`): every seat gets ``undone``; when the rules
  of undo do not allow it, ``{"type": "refused", "undo": true, "id": N,
  "message": ..., "text": ...}`` says why, and nothing changes;
- ``{"type": "settings", "language": CODE}``: the player chose the language (``en`` or ``nl``)
  with the game's ``settings``: every line the host says to the seat (its notices, refusals,
  the chat's and the host's lines, the game's end) is in that language from then on, and the
  host keeps it with the seat, as an ssh seat's ``settings`` does (another field or language:
  the ``error`` ``bad-settings``; a host older than ``settings`` answers ``unknown-type``, and
  the language holds for the player's program alone);
- ``{"type": "leave"}``: the player leaves (typed ``quit``), sent last before the
  program ends its session: the host reads no more of the session and treats the
  seat as a terminal seat whose player typed ``quit`` (not as a broken connection:
  after the game nobody waits for the seat to come back). A host older than
  ``leave`` answers it with ``unknown-type``, which the leaving program does not
  wait for, and takes the end of the session as a broken connection.

Nothing received is trusted, on either side. Each side parses a line in one
place (:func:`read_message`: a line nested deeper than :data:`MAX_DEPTH` is
refused before it is parsed, in time linear in the line). The host reads a
player's line up to :data:`MAX_MESSAGE` bytes and at most
:data:`LINES_PER_SECOND` of a seat's messages in any second, of every type
(as typed lines at a terminal seat; an answer the table takes does not count);
the first one dropped of a flood is answered with the ``error`` ``too-fast``.
The player's program names the host's sentences only by their English
template, an id of its own catalog (:func:`from_host`: a template it does not
know is never filled in), shows every received text cut and without its
escape sequences, and bounds the host's lines, its inbox and the rate of lines
it shows (:class:`~.joinlink.Link`).

Version 2 of the protocol is version 1 with views that count the cards each
player has, returned to the Supply and bought of the Events, and the cards the
turn's player gained this turn (:class:`~a11y_dominion.view.SeatView`,
:class:`~a11y_dominion.view.TurnView`): a program of version 1 cannot read its
views. New fields of a view come within a version: a program leaves out a
field of a view that it does not know (:meth:`~a11y_dominion.view.PlayerView.from_data`).

New message types come within version 2 of the protocol: a program ignores
a message type from the host that it does not know, and a host answers a
message type it does not know with the ``error`` ``unknown-type`` (a host
older than ``undo`` answers it so, and the player's program says that this
host cannot undo; a host older than ``leave`` answers that so too, and nothing
else changes for it).

There is no message with a typed line for the host to read: the player's
program has the decision and the view, and reads lines in the player's own
language, with the player's own names and words; the host checks only
keys, one small, exact form that a program can build and the host can
check completely (:meth:`Decision.check`,
:meth:`~a11y_dominion.rules.game.Game.explain_move`; a buy refused while Treasures
in hand are not played says to play them, as the console says it:
:func:`~a11y_dominion.textinput.buy_refusal`). A player who wants
the host to read typed lines logs in with ``ssh`` and a terminal instead.

The table's seat for a remote name is one :class:`~.seat.RemoteSeat`,
whichever way its player joins: with a terminal it narrates lines; with
this protocol it forwards to a :class:`ProtocolOutlet` (its ``outlet``),
which sends the seat's redacted events and decisions as they are.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from ..files import JsonRefused, bounded_json
from ..i18n import LANGUAGES, N_, catalog_ids
from ..rules.decisions import Decision, Kind, Msg, _encode
from ..rules.events import GameEnded, GameEvent
from ..textinput import buy_refusal, drop_sequences, printable, short
from ..view import event_data, redact_all
from .coalesce import Coalesced

PROTOCOL_VERSION = 2  # 2: views count the cards each player has (see view.SeatView)
COMMAND = "seat-protocol"  # the SSH command that asks for this protocol instead of the terminal session
GAME_SERVER = "a11y_dominion_server"  # the software in a game server's SSH version line: join plays its lobby
JOIN_CLIENT = "a11y_dominion_join"  # the software in join's SSH version line: the server serves it the lobby
MAX_MESSAGE = 64 * 1024  # bytes of one line, either way; a longer line is refused whole
MAX_FROM_HOST = 1024 * 1024  # bytes of one line from the host that a player's program reads (a view is a few KiB)
MAX_KEYS = 500  # option keys in one answer (no legal answer has as many)
MAX_DEPTH = 32  # how deep the arrays and objects of one message nest, either way (a message needs 6)
LINES_PER_SECOND = 20  # messages read from one seat in any one second, as typed lines at a terminal seat
ENV_LANGUAGE = "A11Y_DOMINION_LANG"  # the SSH environment variable naming the seat's language
ENV_VERBOSITY = "A11Y_DOMINION_VERBOSITY"  # and its verbosity (the history the host keeps for it)


def encode(message: dict[str, Any]) -> str:
    """One message as its line: compact JSON, UTF-8 characters kept, a newline at the end."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def sentence(message: Any) -> dict[str, Any]:
    """A sentence (a :class:`Msg`, or plain text) as the fields of a message that says it:
    ``message``, ``{"msg": template, "args": fields}``, so the other side can say it in its own
    language (:func:`msg_from_data`), and ``text``, the sentence in English."""
    if isinstance(message, Msg):
        data = {"msg": message.template, "args": {k: _encode(v) for k, v in message.args.items()}}
    else:
        data = {"msg": str(message), "args": {}}
    return {"message": data, "text": str(message)}


def msg_from_data(data: Any) -> Msg:
    """The :class:`Msg` of :func:`sentence`'s ``message``; raises ValueError for other data."""
    from ..rules.decisions import _decode

    if not isinstance(data, dict) or not isinstance(data.get("msg"), str) or not isinstance(data.get("args"), dict):
        raise ValueError("a sentence is an object with msg and args")
    try:
        return Msg(data["msg"], **{k: _decode(v) for k, v in data["args"].items()})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return Msg(data["msg"].replace("{", "(").replace("}", ")"))


class TooDeep(ValueError):
    """A received line whose arrays and objects nest deeper than :data:`MAX_DEPTH`."""


def read_message(line: str | bytes, limit: int = MAX_MESSAGE) -> Any:
    """The JSON value of one received line of at most ``limit`` bytes (:data:`MAX_MESSAGE`,
    or the client's bound for the host's lines); raises ValueError for a line that is not
    JSON or too large, :class:`TooDeep` (a ValueError) for one that nests deeper than
    :data:`MAX_DEPTH`. The one place either side of the protocol parses what it receives,
    through :func:`~a11y_dominion.files.bounded_json`: its time and memory grow linearly
    with the line."""
    try:
        return bounded_json(line, limit, most=MAX_DEPTH)
    except JsonRefused as e:
        if e.reason == "deep":
            raise TooDeep(MAX_DEPTH) from None
        raise


class Rate:
    """At most ``per_second`` lines (or messages) in any one second, by ``clock()``
    (seconds; :func:`time.monotonic` unless given). :meth:`take` says of each line:
    ``"ok"`` (use it), ``"tell"`` (the first one dropped of a flood: say so once) or
    ``"drop"``; after a second without a line dropped, a new flood is told again.
    Threads may share one."""

    def __init__(self, per_second: int = LINES_PER_SECOND, clock: Callable[[], float] | None = None):
        self.per_second = per_second
        self.clock = clock or time.monotonic
        self.times: deque[float] = deque()  # when the lines of the last second came
        self.dropped_at: float | None = None  # when the last line was dropped
        self.counted = False  # the last line taken counts (it was not dropped)
        self.lock = threading.Lock()

    def take(self) -> str:
        with self.lock:
            return self._take()

    def _take(self) -> str:
        now = self.clock()
        while self.times and now - self.times[0] >= 1.0:
            self.times.popleft()
        self.counted = len(self.times) < self.per_second
        if self.counted:
            self.times.append(now)
            if self.dropped_at is not None and now - self.dropped_at >= 1.0:
                self.dropped_at = None  # a calm second: the flood is over
            return "ok"
        told = self.dropped_at is not None
        self.dropped_at = now
        return "drop" if told else "tell"

    def give_back(self) -> None:
        """The last line taken does not count after all (nothing, when it was dropped)."""
        with self.lock:
            if self.counted and self.times:
                self.times.pop()
            self.counted = False


# ------------------------------------------------------------ what the player's program takes from the host
MAX_TEXT = 2000  # characters of one text from the host that are kept (a line of chat has at most 300)
UNKNOWN_SENTENCE = N_("The host sent a sentence this program does not know.")
HOST_SAYS = N_("The host says: {text}")  # a refusal in words this program does not know, shown as a value


def shown_text(text: str, most: int = MAX_TEXT) -> str:
    """``text`` received from the other computer, as it may be shown and spoken: cut at
    ``most`` characters, each escape sequence dropped whole (``ESC ] 0;title BEL``, not
    only its control characters: :func:`~a11y_dominion.textinput.drop_sequences`), then
    every control, formatting or private character (:func:`~a11y_dominion.textinput.printable`)."""
    text = text[:most]
    if text.isprintable():  # no control character, so no escape sequence either
        return text
    return printable(drop_sequences(text))


def _known(template: Any, known: frozenset[str]) -> bool:
    return isinstance(template, str) and template in known


def from_host(data: Any, known: frozenset[str] | None = None) -> Any:
    """A message from the host (parsed: nested at most :data:`MAX_DEPTH` deep) made safe to
    narrate: every string :func:`shown_text`; every sentence template the host names is one
    of this program's own catalog (``known``: :func:`~a11y_dominion.i18n.catalog_ids`),
    else replaced, so that nothing received is ever filled in as a template: a sentence
    (``{"msg", "args"}``, anywhere) becomes :data:`UNKNOWN_SENTENCE`, a decision's
    ``template`` is dropped (its plain ``prompt`` is shown), a note's templates become
    :data:`UNKNOWN_SENTENCE`. Returns new data; the input is left as it was."""
    if known is None:
        known = catalog_ids()
    if isinstance(data, str):
        return shown_text(data)
    if isinstance(data, list):
        return [from_host(v, known) for v in data]
    if not isinstance(data, dict):
        return data
    out = {shown_text(str(k)): from_host(v, known) for k, v in data.items()}
    if set(out) == {"msg", "args"}:
        if not _known(out["msg"], known) or not isinstance(out["args"], dict):
            return {"msg": UNKNOWN_SENTENCE, "args": {}}
    if out.get("type") == "note":
        for field in ("text", "you", "to_other"):
            if out.get(field) and not _known(out[field], known):
                out[field] = UNKNOWN_SENTENCE if field == "text" else ""
    if out.get("template") and not _known(out["template"], known):
        out["template"], out["args"] = "", {}
    return out


class Received(dict[str, Any]):
    """A message from the host (:func:`from_host`'s) and ``size``, the bytes of its line."""

    size = 0


def host_entry(line: str | TooLong) -> tuple[str, Any]:
    """The console's inbox entry for one line from the host (a :class:`TooLong` for one over
    :data:`MAX_FROM_HOST` bytes): ``("message", Received)``, made safe to show (:func:`from_host`),
    or ``("bad", Msg)``, the one sentence of a line that is no message."""
    bad = ("bad", Msg(N_("The host sent a line this program cannot read; it was left out.")))
    if isinstance(line, TooLong):
        return bad
    try:
        message = read_message(line, MAX_FROM_HOST)
    except TooDeep:
        return ("bad", Msg(N_("The host sent a message nested too deep to read; it was left out.")))
    except ValueError:
        return bad
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return bad
    safe = Received(from_host(message))
    safe.size = len(line)
    return ("message", safe)


class TooLong:
    """What :class:`LineSplitter` gives for a line over its limit (the line itself is dropped)."""

    def __init__(self, size: int):
        self.size = size


class LineSplitter:
    """Cuts received text into lines, each at most ``limit`` bytes of UTF-8.

    :meth:`feed` takes the text as it comes and returns the whole lines in it
    (without the newline), and a :class:`TooLong` for each line over the
    limit, which is dropped as it comes, never kept whole in memory."""

    def __init__(self, limit: int = MAX_MESSAGE):
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.dropping = False

    def feed(self, text: str) -> list[str | TooLong]:
        out: list[str | TooLong] = []
        while text:
            head, newline, text = text.partition("\n")
            if not self.dropping:
                self.parts.append(head)
                self.size += len(head.encode("utf-8", "replace"))
                if self.size > self.limit:
                    self.dropping = True
                    self.parts = []
            if newline:
                if self.dropping:
                    out.append(TooLong(self.size))
                else:
                    out.append("".join(self.parts))
                self.parts, self.size, self.dropping = [], 0, False
            elif self.dropping:
                self.size += len(text.encode("utf-8", "replace"))
        return out


async def lines_of(stream: Any, limit: int = MAX_MESSAGE, size: int = 8192) -> AsyncIterator[str | TooLong]:
    """The lines read from ``stream`` (an asyncssh process's ``stdin``, or ``stdout`` at the
    player's program), each at most ``limit`` bytes (:class:`LineSplitter`: a
    :class:`TooLong` for one over it), ``size`` characters read at a time, until the input
    ends or the connection breaks (a terminal's size, a break or a signal are no input)."""
    from .sshlib import asyncssh

    splitter = LineSplitter(limit)
    while True:
        try:
            got = await stream.read(size)
        except (asyncssh.TerminalSizeChanged, asyncssh.BreakReceived, asyncssh.SignalReceived):
            continue
        except (asyncssh.Error, UnicodeDecodeError, OSError):
            return
        if not got:
            return
        for line in splitter.feed(got):
            yield line


ERRORS = {
    "bad-json": N_("That line is not JSON; each message is one JSON object on one line."),
    "too-deep": N_("That message nests deeper than {n} levels; it was not read."),
    "bad-message": N_("A message is a JSON object with a type field."),
    "too-long": N_("That line is longer than 64 KiB; it was not read."),
    "too-fast": N_("Too many messages at once: at most {n} messages a second are read; the rest were dropped."),
    "unknown-type": N_(
        "{type} is not a message type; the types are answer, view, say, undo, export, settings and leave."
    ),
    "bad-say": N_("The text of a say message is the line to say, as a string."),
    "bad-fields": N_("A {type} message has only these fields: {fields}."),
    "not-asked": N_("Nothing is asked of you now."),
    "stale": N_("That answer is for decision {got}; the decision waiting is {want}."),
    "bad-keys": N_("The keys of an answer are a list of option keys; for a turn, one move such as {example}."),
    "bad-settings": N_("A settings message from join has only its language, one of {languages}."),
}
FIELDS = {
    "answer": {"type", "keys", "id"},
    "view": {"type"},
    "say": {"type", "text"},
    "undo": {"type"},
    "export": {"type"},
    "settings": {"type", "language"},
    "leave": {"type"},
}


def settings_language(message: dict[str, Any]) -> str | None:
    """The language code a ``settings`` message from the player's program chose (``en`` or ``nl``,
    :data:`~a11y_dominion.i18n.LANGUAGES`), or None when it has another field, no language or
    a language the game does not have (then the ``error`` ``bad-settings`` answers it)."""
    code = message.get("language")
    if set(message) != {"type", "language"} or not isinstance(code, str) or code not in LANGUAGES:
        return None
    return code


def read_line(line: str | TooLong, rate: Rate, error: Callable[..., None]) -> dict[str, Any] | None:
    """The first checks of a line received in the seat protocol (a :class:`TooLong` for one
    over :data:`MAX_MESSAGE` bytes), shared by a seat's :class:`ProtocolOutlet` and the game
    server's ``join`` session: counted against ``rate`` (:class:`Rate`), then parsed
    (:func:`read_message`). Returns the message, a dict with a string ``type``; or None after
    ``error(code, **fields)`` was called once with the ``error`` code of what was wrong
    (``too-fast`` for the first line dropped of a flood, ``too-long``, ``too-deep``, ``bad-json``
    or ``bad-message``), or not at all for a line dropped past the rate after that."""
    said = rate.take()
    if said != "ok":
        if said == "tell":
            error("too-fast", n=LINES_PER_SECOND)
        return None
    if isinstance(line, TooLong):
        error("too-long")
        return None
    try:
        message = read_message(line, MAX_MESSAGE)
    except TooDeep:
        error("too-deep", n=MAX_DEPTH)
        return None
    except ValueError:
        error("bad-json")
        return None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        error("bad-message")
        return None
    return message


class ProtocolOutlet:
    """The seat protocol of one :class:`~.seat.RemoteSeat` over one SSH session.

    ``host``: the :class:`~.host.GameHost` (its table and the seat's name);
    ``write(text)`` sends each message to the player's program as its JSON line;
    ``deliver(message)``, given instead, takes each message as it is (a dict of plain
    data, which it must not change): a console core in the host's own process
    (:class:`~.seatlink.HostLink`) gets it without JSON and without the cleaning that
    what crosses the network needs; with ``objects`` as well, the events of an ``events``
    message are the seat's redacted event objects themselves (frozen), not their data,
    which that console core would only read back. :meth:`received` reads one line from the player
    (:meth:`use`, one message already read); every fault is answered with one ``error``
    message and changes nothing else.

    Lines are read at most :data:`LINES_PER_SECOND` in any second by the host's
    ``clock`` (as typed lines at a terminal seat), whatever their type (``say``,
    ``view``, ``undo``, a refused answer, a line that is no message...); the rest
    are dropped, and the first dropped of a flood is answered with the one ``error``
    ``too-fast``. An answer the table takes does not count: the host asked for it."""

    def __init__(
        self,
        host: Any,  # the GameHost or a game server's table room
        seat: Any,  # its RemoteSeat
        write: Callable[[str], None] | None = None,
        deliver: Callable[[dict[str, Any]], None] | None = None,
        objects: bool = False,
    ):
        if write is None and deliver is None:
            raise TypeError("a ProtocolOutlet needs write or deliver")
        self.host = host
        self.seat = seat
        self.write = write
        self.deliver = deliver
        self.objects = objects and deliver is not None  # events handed over as they are (in this process)
        self.decision_id = 0
        self.over = False
        self.left = False  # the player's program sent leave: its player typed quit
        self.rate = Rate(LINES_PER_SECOND, getattr(host, "clock", None))

    def send(self, message: dict[str, Any]) -> None:
        """Send one message: as its JSON line, or delivered as it is."""
        if self.deliver is not None:
            self.deliver(message)
        elif self.write is not None:
            self.write(encode(message))

    # ------------------------------------------------------------ the seat's side
    def text(self, text: str, last: bool = False, keep: bool = True) -> None:
        """A line from the host (lobby, joins, goodbye), in the seat's language; ``last``:
        the session's last line, which says why it ends; ``keep`` False: a line of the
        lobby's seats, which the player's history does not keep."""
        flags = {"last": True} if last else {}
        self.send({"type": "text", "text": text, **flags, **({} if keep else {"keep": False})})

    def events(self, events: list[GameEvent]) -> int:
        """The seat's redacted events, in order (``asks``: its own question comes next): as
        their data, or as the event objects with :attr:`objects`; returns how many were sent."""
        d = self.host.table.game.pending  # its question comes next: the program says the news with its prompt
        asks = {"asks": True} if d is not None and d.player == self.seat.name else {}
        told = list(events) if self.objects else [event_data(e) for e in events]
        self.send({"type": "events", "events": told, **asks})
        if any(isinstance(e, GameEnded) for e in events):
            self.game_over()
        return len(events)

    def game_over(self) -> None:
        """Send ``game_over`` (the final scores), once: the game ended (a session that comes
        back after it gets it too, with no event to bring it)."""
        if self.over:
            return
        self.over = True
        view = self.host.table.view(self.seat.name)
        over = {"type": "game_over", "winners": list(view.winners), "scores": view.scores}
        self.send({**over, "view": view.to_data()})

    def decide(self, decision: Decision, view: Any) -> None:
        """The decision to answer, with the seat's own view."""
        self.decision_id += 1
        step = len(self.host.table.game.answers)
        data = {"decision": decision.to_data(), "view": view.to_data(), "step": step}
        self.send({"type": "decide", "id": self.decision_id, **data})

    def resend(self) -> None:
        """Send the seat's open question again (the player came back with a new session)."""
        seat = self.seat
        d = self.host.table.game.pending
        waiting = seat.waiting
        if d is not None and d is seat.decision and waiting is not None and not waiting.done():
            self.decide(d, self.host.table.view(seat.name))

    def refused(self, decision: Decision, message: Any) -> None:
        """The table refused the answer (a :class:`Msg`); the decision is asked again."""
        self.send({"type": "refused", "id": self.decision_id, **sentence(message)})

    def undone(self, player: str, events: list[GameEvent], view: Any) -> None:
        """``player`` took back an answer that made ``events`` (redacted for this seat)."""
        self.send(
            {"type": "undone", "player": player, "events": [event_data(e) for e in events], "view": view.to_data()}
        )

    def history(self, lines: list[str]) -> None:
        """Send ``lines`` (str), the seat's history, as ``history`` messages of at most
        :data:`MAX_MESSAGE` bytes each (a line alone over it goes alone)."""
        for start, piece in _pieces(lines, "history", "lines"):
            self.send({"type": "history", "start": start, "lines": piece})

    def story(self, upto: int | None = None) -> None:
        """Send the ``story`` of this seat: the events of the game it was told so far
        (up to the table's count of them, so none told later comes twice; with ``upto``,
        only the first ``upto`` of them, those its player heard in an earlier session),
        redacted for it, in pieces of at most :data:`MAX_MESSAGE` bytes (:func:`story_messages`)."""
        table = self.host.table
        name = self.seat.name
        told = table.told.get(name, 0)
        if upto is not None:
            told = max(0, min(upto, told))
        for message in story_messages([event_data(e) for e in redact_all(table.game.log[:told], name)]):
            self.send(message)

    # ------------------------------------------------------------ the player's side
    def error(self, code: str, **fields: Any) -> None:
        """Send the ``error`` message ``code`` (a key of :data:`ERRORS`) with its fields."""
        message = Msg(ERRORS[code], **fields)
        self.send({"type": "error", "error": code, **sentence(message)})

    def received(self, line: Any) -> None:
        """One line from the player (or a :class:`TooLong`): used, or answered with an error;
        dropped past the rate (see the class). An empty line is nothing, and does not count."""
        if not isinstance(line, TooLong) and not line.strip():
            return
        message = self.read(line)
        if message is not None:
            self.use(message)

    def read(self, line: str | TooLong) -> dict[str, Any] | None:
        """The first checks of a line from the player that is not empty (:func:`read_line`,
        against :attr:`rate`): the message, or None after its error. The host hears that the
        player typed (after the game, its idle time starts again)."""
        typed = getattr(self.host, "typed", None)
        if typed is not None:
            typed()
        return read_line(line, self.rate, self.error)

    def use(self, message: dict[str, Any]) -> None:
        """One message from the player that passed :func:`read_line` (counted against
        :attr:`rate`): used, or answered with an error."""
        kind = message["type"]
        if kind not in FIELDS:
            self.error("unknown-type", type=short(kind, 40))
            return
        if kind == "settings":
            code = settings_language(message)
            if code is None:
                self.error("bad-settings", languages=", ".join(LANGUAGES))
            elif code != self.seat.lang.code:
                self.seat.settings(language=code)  # (kept with the seat: a later session narrates so too)
            return
        if not set(message) <= FIELDS[kind]:
            self.error("bad-fields", type=kind, fields=", ".join(sorted(FIELDS[kind])))
            return
        if kind == "leave":
            self.left = True  # (the session reads no more: protocol_session)
            return
        if kind == "view":
            self.send({"type": "view", "view": self.host.table.view(self.seat.name).to_data()})
            return
        if kind == "export":
            self.send({"type": "export", "lines": self.host.export_lines(self.seat.name)})
            return
        if kind == "say":
            text = message.get("text")
            if not isinstance(text, str):
                self.error("bad-say")
                return
            if self.seat.chat is not None:
                self.seat.chat(text)  # cleaned and cut by the host, as the terminal seat's say is
            return
        if kind == "undo":
            why = self.host.undo(self.seat.name)
            if why is not None:
                self.send({"type": "refused", "undo": True, "id": self.decision_id, **sentence(why)})
            return
        self.answer(message)

    def answer(self, message: dict[str, Any]) -> None:
        """An ``answer`` message: checked as the rules check it, then given to the table; a
        refused turn move is explained as the console explains it (:func:`~a11y_dominion.textinput.buy_refusal`)."""
        seat = self.seat
        waiting = seat.waiting
        d = self.host.table.game.pending
        if waiting is None or waiting.done() or d is None or d is not seat.decision:
            self.error("not-asked")
            return
        got = message.get("id", self.decision_id)
        if got != self.decision_id:
            self.error("stale", got=short(json.dumps(got), 40), want=self.decision_id)
            return
        keys = message.get("keys")
        try:
            if not isinstance(keys, list) or len(keys) > MAX_KEYS:
                raise ValueError("not a list")
            keys = d.normalize(keys)
            if d.kind is not Kind.TURN and not all(isinstance(k, str) for k in keys):
                raise ValueError("not strings")
        except ValueError:
            self.error("bad-keys", example='{"move": "buy", "card": "Silver"}')
            return
        game = self.host.table.game
        why = buy_refusal(game, keys, game.explain_move(keys)) if d.kind is Kind.TURN else d.check(keys)
        if why is not None:
            self.refused(d, why)
            return
        seat.waiting = None
        self.rate.give_back()  # the answer asked for: it is no flood
        waiting.set_result(keys)


def story_messages(events: list[Any], most: int = MAX_MESSAGE) -> list[dict[str, Any]]:
    """The ``story`` messages for ``events`` (event data, in order): as few as can be, each
    line (:func:`encode`, newline included) at most ``most`` bytes, the ``start`` of each
    the index of its first event; one message with no events when ``events`` is empty.
    An event whose line alone is over ``most`` bytes goes alone in its message."""
    return [
        {"type": "story", "start": start, "events": piece} for start, piece in _pieces(events, "story", "events", most)
    ]


def _pieces(items: list[Any], kind: str, field: str, most: int = MAX_MESSAGE) -> list[tuple[int, list[Any]]]:
    """(start, items) pieces of ``items`` whose messages ``{"type": kind, "start", field: items}``
    are each at most ``most`` bytes as a line (an item over it alone goes alone); at least one."""
    pieces: list[tuple[int, list[Any]]] = []
    piece: list[Any] = []
    start = 0
    size = len(encode({"type": kind, "start": len(items), field: []}).encode("utf-8"))
    used = size
    for i, item in enumerate(items):
        grows = len(json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) + 1  # and a comma
        if piece and used + grows > most:
            pieces.append((start, piece))
            piece, start, used = [], i, size
        piece.append(item)
        used += grows
    pieces.append((start, piece))
    return pieces


def hello(host: Any, name: str) -> dict[str, Any]:
    """The first message of a session: the protocol's version, the seat, the players and the
    table's hint policy (the host's hints setting; the medium bot, as at the host's own seats)."""
    from ..settings import load_settings

    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "seat": name,
        "players": [p.name for p in host.table.game.players],
        "people": [p.name for p in host.table.game.players if p.name in host.people],
        "hints": {"on": bool(load_settings()[0].get("hints", True)), "think_ms": 0},
    }


def session_for(host: Any, process: Any) -> Coroutine[Any, Any, None]:
    """The session for one SSH login: the seat protocol for the command
    :data:`COMMAND`, else the terminal session (:func:`.sshseat.terminal_session`)."""
    from .sshseat import terminal_session

    if process.command == COMMAND and process.subsystem is None:
        return protocol_session(host, process)
    return terminal_session(host, process)


async def protocol_session(host: Any, process: Any) -> None:
    """One SSH session speaking the seat protocol (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`) for the seat of its user in ``host``,
    until the game ends or the player leaves (a :class:`~.seatlink.WireLink`). The
    session's environment may name the seat's language (:data:`ENV_LANGUAGE`: en or nl)
    and verbosity (:data:`ENV_VERBOSITY`: terse, normal or verbose)."""
    from .seatlink import WireLink  # (seatlink imports this module)
    from .sshlib import asyncssh

    def send(text: str) -> None:
        try:
            process.stdout.write(text)
        except (OSError, asyncssh.Error, BrokenPipeError):
            pass

    out = Coalesced(send)  # the messages of one step of the event loop in one write (one SSH packet)

    def end(status: int = 0) -> None:  # (what is still to be written first)
        out.flush()
        try:
            process.exit(status)
        except Exception:  # noqa: BLE001 - a session that already went
            pass

    env = process.env or {}
    name = process.get_extra_info("username")
    link = WireLink(host, name, out.write, env.get(ENV_LANGUAGE), env.get(ENV_VERBOSITY), quiet=False)
    link.on_exit = end  # the host ends the session: the game is over, a newer login took the seat
    if not link.open():
        end(1)
        return
    try:
        async for line in lines_of(process.stdin):  # (to the end of input: the player left)
            if host.stopped.is_set() or link.used(line):  # leave: as quit at a terminal seat
                break
    finally:
        link.close()  # (a broken connection: the host keeps the seat for the player's return)
        end()
