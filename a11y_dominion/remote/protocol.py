"""The seat protocol over SSH: a remote seat as JSON lines, for a program that speaks.

A player who runs ``a11y-dominion join`` logs in with the SSH command
:data:`COMMAND` (an exec request, no terminal). That session carries the
table's seat protocol (:mod:`a11y_dominion.table`) as plain data instead of
screen text: one JSON object per line, UTF-8, each line at most
:data:`MAX_MESSAGE` bytes. The player's own program narrates, speaks and
reads the answers in the player's own language and settings
(:mod:`a11y_dominion.remote.client`).

From the host (``type`` first):

- ``{"type": "hello", "protocol": 1, "seat": NAME, "players": [...], "people": [...]}``:
  always first; ``people``: the players who are people, not bots (their turn's start
  is told at once; a client that does not know the field ignores it);
- ``{"type": "text", "text": ...}``: a line from the host (the lobby, a
  player joining or leaving, goodbye), in the seat's language; with
  ``"last": true`` it is the last line of this session and says why it ends
  (a new login took the seat): the player's program says nothing more of it;
- ``{"type": "events", "events": [...]}``: the events this seat may know, in
  order, already redacted for it (:func:`a11y_dominion.view.event_data`;
  a card private to another seat is ``"?"``);
- ``{"type": "decide", "id": N, "decision": ..., "view": ...}``: the decision
  to answer (:meth:`Decision.to_data`) with the seat's own view
  (:meth:`PlayerView.to_data`); ``id`` counts the decisions of this session;
- ``{"type": "refused", "id": N, "message": {"msg", "args"}, "text": ...}``:
  the rules refuse the answer; the same decision waits for another;
- ``{"type": "error", "error": CODE, "message": {"msg", "args"}, "text": ...}``:
  a message that could not be used (bad JSON, an unknown type, a line over
  64 KiB, keys of the wrong form, nothing asked); whatever was asked still
  waits, and nothing else happens;
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
- ``{"type": "undo"}``: take back the seat's last answer
  (:meth:`~.host.GameHost.undo`): every seat gets ``undone``; when the rules
  of undo do not allow it, ``{"type": "refused", "undo": true, "id": N,
  "message": ..., "text": ...}`` says why, and nothing changes.

New message types come within version 1 of the protocol: a program ignores
a message type from the host that it does not know, and a host answers a
message type it does not know with the ``error`` ``unknown-type`` (a host
older than ``undo`` answers it so, and the player's program says that this
host cannot undo).

There is no message with a typed line for the host to read: the player's
program has the decision and the view, and reads lines in the player's own
language, with the player's own names and words; the host checks only
keys, one small, exact form that a program can build and the host can
check completely (:meth:`Decision.check`,
:meth:`~a11y_dominion.rules.game.Game.explain_move`). A player who wants
the host to read typed lines logs in with ``ssh`` and a terminal instead.

The table's seat for a remote name is one :class:`~.seat.RemoteSeat`,
whichever way its player joins: with a terminal it narrates lines; with
this protocol it forwards to a :class:`ProtocolOutlet` (its ``outlet``),
which sends the seat's redacted events and decisions as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from ..files import JsonRefused, bounded_json
from ..i18n import N_, Language
from ..rules.decisions import Decision, Kind, Msg, _encode
from ..rules.events import GameEnded
from ..view import event_data

PROTOCOL_VERSION = 1
COMMAND = "seat-protocol"  # the SSH command that asks for this protocol instead of the terminal session
MAX_MESSAGE = 64 * 1024  # bytes of one line, either way; a longer line is refused whole
MAX_KEYS = 500  # option keys in one answer (no legal answer has as many)
ENV_LANGUAGE = "A11Y_DOMINION_LANG"  # the SSH environment variable naming the seat's language


def encode(message: dict) -> str:
    """One message as its line: compact JSON, UTF-8 characters kept, a newline at the end."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def msg_data(message: Any) -> dict:
    """A sentence (a :class:`Msg`, or plain text) as ``{"msg": template, "args": fields}``,
    so the other side can say it in its own language (:func:`msg_from_data`)."""
    if isinstance(message, Msg):
        return {"msg": message.template, "args": {k: _encode(v) for k, v in message.args.items()}}
    return {"msg": str(message), "args": {}}


def msg_from_data(data: Any) -> Msg:
    """The :class:`Msg` for :func:`msg_data`'s form; raises ValueError for other data."""
    from ..rules.decisions import _decode

    if not isinstance(data, dict) or not isinstance(data.get("msg"), str) or not isinstance(data.get("args"), dict):
        raise ValueError("a sentence is an object with msg and args")
    try:
        return Msg(data["msg"], **{k: _decode(v) for k, v in data["args"].items()})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return Msg(data["msg"].replace("{", "(").replace("}", ")"))


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
        self.parts: list = []
        self.size = 0
        self.dropping = False

    def feed(self, text: str) -> list:
        out: list = []
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


class SeatOutlet(Protocol):
    """Where a :class:`~.seat.RemoteSeat` sends what its player is told, when it
    does not narrate it as lines itself (its ``outlet`` is None: a terminal)."""

    def text(self, text: str, last: bool = False) -> None:
        """A line from the host (lobby, joins, goodbye), in the seat's language; ``last``:
        the session's last line, which says why it ends."""

    def events(self, events: list) -> int:
        """The seat's redacted events, in order; returns how many were sent."""

    def decide(self, decision: Decision, view: Any) -> None:
        """The decision to answer, with the seat's own view."""

    def resend(self) -> None:
        """Send the seat's open question again (the player came back with a new session)."""
        seat = self.seat
        d = self.host.table.game.pending
        waiting = seat.waiting
        if d is not None and d is seat.decision and waiting is not None and not waiting.done():
            self.decide(d, self.host.table.view(seat.name))

    def refused(self, decision: Decision, message: Any) -> None:
        """The table refused the answer (a :class:`Msg`); the decision is asked again."""

    def undone(self, player: str, events: list, view: Any) -> None:
        """``player`` took back an answer that made ``events`` (redacted); ``view``: the seat's view now."""


ERRORS = {
    "bad-json": N_("That line is not JSON; each message is one JSON object on one line."),
    "bad-message": N_("A message is a JSON object with a type field."),
    "too-long": N_("That line is longer than 64 KiB; it was not read."),
    "unknown-type": N_("{type} is not a message type; the types are answer, view, say and undo."),
    "bad-say": N_("The text of a say message is the line to say, as a string."),
    "bad-fields": N_("A {type} message has only these fields: {fields}."),
    "not-asked": N_("Nothing is asked of you now."),
    "stale": N_("That answer is for decision {got}; the decision waiting is {want}."),
    "bad-keys": N_("The keys of an answer are a list of option keys; for a turn, one move such as {example}."),
}
FIELDS = {"answer": {"type", "keys", "id"}, "view": {"type"}, "say": {"type", "text"}, "undo": {"type"}}


class ProtocolOutlet:
    """The seat protocol of one :class:`~.seat.RemoteSeat` over one SSH session.

    ``host``: the :class:`~.host.GameHost` (its table and the seat's name);
    ``write(text)`` sends text to the player. :meth:`received` reads one line
    from the player; every fault is answered with one ``error`` message and
    changes nothing else."""

    def __init__(self, host, seat, write: Callable[[str], None]):
        self.host = host
        self.seat = seat
        self.write = write
        self.decision_id = 0
        self.over = False

    def send(self, message: dict) -> None:
        """Send one message as its JSON line."""
        self.write(encode(message))

    # ------------------------------------------------------------ the seat's side (SeatOutlet)
    def text(self, text: str, last: bool = False) -> None:
        self.send({"type": "text", "text": text, **({"last": True} if last else {})})

    def events(self, events: list) -> int:
        self.send({"type": "events", "events": [event_data(e) for e in events]})
        if not self.over and any(isinstance(e, GameEnded) for e in events):
            self.over = True
            view = self.host.table.view(self.seat.name)
            over = {"type": "game_over", "winners": list(view.winners), "scores": view.scores}
            self.send({**over, "view": view.to_data()})
        return len(events)

    def decide(self, decision: Decision, view: Any) -> None:
        self.decision_id += 1
        self.send({"type": "decide", "id": self.decision_id, "decision": decision.to_data(), "view": view.to_data()})

    def resend(self) -> None:
        """Send the seat's open question again (the player came back with a new session)."""
        seat = self.seat
        d = self.host.table.game.pending
        waiting = seat.waiting
        if d is not None and d is seat.decision and waiting is not None and not waiting.done():
            self.decide(d, self.host.table.view(seat.name))

    def refused(self, decision: Decision, message: Any) -> None:
        self.send({"type": "refused", "id": self.decision_id, "message": msg_data(message), "text": str(message)})

    def undone(self, player: str, events: list, view: Any) -> None:
        """``player`` took back an answer that made ``events`` (redacted for this seat)."""
        self.send(
            {"type": "undone", "player": player, "events": [event_data(e) for e in events], "view": view.to_data()}
        )

    # ------------------------------------------------------------ the player's side
    def error(self, code: str, **fields: Any) -> None:
        """Send the ``error`` message ``code`` (a key of :data:`ERRORS`) with its fields."""
        message = Msg(ERRORS[code], **fields)
        self.send({"type": "error", "error": code, "message": msg_data(message), "text": str(message)})

    def received(self, line: Any) -> None:
        """One line from the player (or a :class:`TooLong`): used, or answered with an error."""
        if isinstance(line, TooLong):
            self.error("too-long")
            return
        if not line.strip():
            return
        try:
            message = bounded_json(line, MAX_MESSAGE)
        except JsonRefused:
            self.error("bad-json")
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self.error("bad-message")
            return
        kind = message["type"]
        if kind not in FIELDS:
            self.error("unknown-type", type=_short(kind))
            return
        if not set(message) <= FIELDS[kind]:
            self.error("bad-fields", type=kind, fields=", ".join(sorted(FIELDS[kind])))
            return
        if kind == "view":
            self.send({"type": "view", "view": self.host.table.view(self.seat.name).to_data()})
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
                refusal = {"type": "refused", "undo": True, "id": self.decision_id}
                self.send({**refusal, "message": msg_data(why), "text": str(why)})
            return
        self.answer(message)

    def answer(self, message: dict) -> None:
        """An ``answer`` message: checked as the rules check it, then given to the table."""
        seat = self.seat
        waiting = seat.waiting
        d = self.host.table.game.pending
        if waiting is None or waiting.done() or d is None or d is not seat.decision:
            self.error("not-asked")
            return
        got = message.get("id", self.decision_id)
        if got != self.decision_id:
            self.error("stale", got=_short(json.dumps(got)), want=self.decision_id)
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
        why = self.host.table.game.explain_move(keys) if d.kind is Kind.TURN else d.check(keys)
        if why is not None:
            self.refused(d, why)
            return
        seat.waiting = None
        waiting.set_result(keys)


def _short(text: str, most: int = 40) -> str:
    from ..textinput import short

    return short(text, most)


def hello(host, name: str) -> dict:
    """The first message of a session: the protocol's version, the seat and the players."""
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "seat": name,
        "players": [p.name for p in host.table.game.players],
        "people": [p.name for p in host.table.game.players if p.name in host.people],
    }


def session_for(host, process):
    """The session for one SSH login: the seat protocol for the command
    :data:`COMMAND`, else the terminal session (:func:`.terminal.terminal_session`)."""
    from .terminal import terminal_session

    if process.command == COMMAND and process.subsystem is None:
        return protocol_session(host, process)
    return terminal_session(host, process)


async def protocol_session(host, process) -> None:
    """One SSH session speaking the seat protocol (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`) for the seat of its user in ``host``,
    until the game ends or the player leaves. The session's environment may
    name the seat's language (:data:`ENV_LANGUAGE`: en or nl)."""
    import asyncssh

    name = process.get_extra_info("username")

    def write(text: str) -> None:
        try:
            process.stdout.write(text)
        except (OSError, asyncssh.Error, BrokenPipeError):
            pass

    write(encode(hello(host, name)))
    refusal = host.admit(name)
    if refusal is not None:
        write(encode({"type": "error", "error": "seat-taken", "message": msg_data(refusal), "text": refusal}))
        process.exit(1)
        return
    seat = host.people[host.seat_name(name)]
    code = (process.env or {}).get(ENV_LANGUAGE)
    if isinstance(code, str) and code in ("en", "nl") and code != seat.lang.code:
        seat.lang = Language(code)  # the host's lines in the player's language; narration is the player's own
    outlet = ProtocolOutlet(host, seat, write)
    seat.outlet = outlet
    held = host.join(name, None, process)
    seat.chosen = True  # the player's program has their settings: a later ssh login is not asked them again
    splitter = LineSplitter()
    try:
        while not host.stopped.is_set():
            try:
                got = await process.stdin.read(8192)
            except (asyncssh.TerminalSizeChanged, asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, UnicodeDecodeError, OSError):
                break
            if not got:  # the end of input: the player left
                break
            for line in splitter.feed(got):
                try:
                    outlet.received(line)
                except Exception as e:  # noqa: BLE001 - one bad message must not end the player's session
                    host.fault(name, e)
    finally:
        if held.holds() and seat.outlet is outlet:
            seat.outlet = None
        host.leave(name, process)
