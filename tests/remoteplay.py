"""Helpers for tests that play whole hosted games over SSH with the real OpenSSH client.

- :func:`hosted` runs ``a11y-dominion host`` as a subprocess on a free
  loopback port (with ``--seats-file`` and ``--record-file``);
- :func:`join` logs a seat in with ``ssh`` through pexpect, every byte the
  seat receives logged to a file (``logfile_read``);
- :func:`play` types Big Money moves for every remote seat until the game is
  over, reading only what each seat received, and can type a query at a
  given decision of a seat;
- :func:`plain` / :func:`received_lines` turn received bytes into lines
  (escape sequences, carriage returns and other control characters gone);
- :func:`private_sentences`, :func:`leaks` and :func:`draws_naming_cards`
  find, from the game's event stream, what one seat must never receive, and
  whether its received text holds any of it;
- :func:`hand_lines_at_decisions` replays a record and gives, for each
  decision of one seat, the lines its ``hand`` query must answer.

Parsing never depends on how a prompt is drawn: the text is cut into lines
after the terminal's sequences are removed, a seat is answered only after a
new turn header of its own and a prompt line ending in its name.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

from a11y_dominion.announcements.narrator import VERBOSITIES, Narrator
from a11y_dominion.console import queries as q
from a11y_dominion.console import questions
from a11y_dominion.i18n import Language
from a11y_dominion.record import load_record, replay
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import player_view, redact_all
from typedmoves import Heard, big_money_line, no_treasures

ROOT = Path(__file__).resolve().parent.parent
# the OpenSSH client's options for a test host: a fresh host key each time, passwords only, quiet
CLIENT_OPTIONS = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "PubkeyAuthentication=no",
    "-o",
    "LogLevel=ERROR",
]
ENGLISH = ("-o", "SetEnv=A11Y_DOMINION_LANG=en")  # the language chosen: no first question at login
SSH_OPTIONS = CLIENT_OPTIONS + list(ENGLISH)
TIMEOUT = 90  # seconds without a byte from the host before a test gives up (2 shared cores, under load)

# terminal sequences: CSI (with private and intermediate bytes), OSC and DCS strings, two-byte escapes
_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[ -/]*[0-~]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
)
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


_PROMPTS = re.compile(r"^(?:[^\s>]+> ?)+")


def plain(text: str) -> str:
    """``text`` as a reader sees it: without terminal escape sequences or other
    control characters; a carriage return (back to the line's start, for what
    is written over a prompt) reads as a new line; a space the line editor
    wrote and stepped back over (`` \x08``) is nothing."""
    text = _SEQUENCE.sub("", text.replace(" \x08", "")).replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", text)


def received_text(raw: bytes) -> str:
    """Received bytes decoded (a byte that is not UTF-8 replaced) and made :func:`plain`."""
    return plain(raw.decode("utf-8", errors="replace"))


def lines_of(text: str) -> list:
    """The non-empty lines of plain ``text``, stripped, without the prompts ("Ann> ")
    drawn before them."""
    out = []
    for x in text.split("\n"):
        x = _PROMPTS.sub("", x.strip()).strip()
        if x:
            out.append(x)
    return out


async def read_session(seat: Any) -> None:
    """Read an asyncssh session's output until it ends, for the benchmarks' scripted seats:
    ``seat`` has ``process`` (its ``stdout`` read), and is given each chunk on ``raw``, each
    complete line as (``time.perf_counter()`` of its arrival, plain line) on ``lines``
    (:func:`lines_of`), ``last_byte``, ``partial`` (a line not ended yet), ``closed`` at the end
    and its ``changed`` event set after each chunk."""
    while True:
        chunk = await seat.process.stdout.read(65536)
        if not chunk:
            seat.closed = True
            seat.changed.set()
            return
        now = seat.last_byte = time.perf_counter()
        seat.raw += chunk
        seat.partial += chunk
        *done, seat.partial = seat.partial.split("\n")
        for x in done:
            for line in lines_of(plain(x)):
                seat.lines.append((now, line))
        seat.changed.set()


def received_lines(raw: bytes) -> list:
    """:func:`lines_of` the received bytes."""
    return lines_of(received_text(raw))


def squeeze(text: str) -> str:
    """Every run of white space as one space (a line broken by the terminal reads as one)."""
    return " ".join(text.split())


# ------------------------------------------------------------------ the host
@dataclass
class Host:
    """A running host subprocess: ``data`` is its seats file, ``record`` the
    path its record is written to when it stops, ``proc`` the process."""

    data: dict
    proc: subprocess.Popen
    record: Path

    def finish(self, timeout: float = 60) -> tuple:
        """Wait for the host to exit; (exit code, everything it printed)."""
        self.proc.wait(timeout)
        return self.proc.returncode, self.proc.stdout.read()

    def stopped(self) -> str:
        """Stop the host (as Ctrl+C would) and wait for it; what it printed, which holds no traceback."""
        self.proc.terminate()
        _code, printed = self.finish()
        assert "Traceback" not in printed, printed
        return printed

    def game_record(self) -> dict:
        """The record the host wrote as it stopped (after :meth:`finish`)."""
        return load_record(self.record.read_text(encoding="utf-8"))


PROGRAM = (sys.executable, "-m", "a11y_dominion")  # the game's command line, run from this tree


def host_command(players: str, seed: int, extra: tuple = (), program: tuple = PROGRAM) -> list:
    """``python -m a11y_dominion host`` (or ``program``'s host) for ``players`` on a free port."""
    # the sessions end with the final scores (--after-game 0): the seats read to the end of their session
    args = ["host", "--players", players, "--seed", str(seed), "--port", "0", "--after-game", "0"] + list(extra)
    return list(program) + args


def start_host(command: list, seats_file: Path, env: dict) -> subprocess.Popen:
    """The host of ``command`` (a whole command line, ``seats_file`` its ``--seats-file``) started
    as a subprocess in this tree with ``env``, once it listens (its seats file is written); its
    output (standard error too) is its ``stdout``. Fails the test when it ends first, or after a
    minute (only a hang takes that long)."""
    proc = subprocess.Popen(
        command, cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    deadline = time.monotonic() + 60
    while not seats_file.exists():
        assert proc.poll() is None, proc.stdout.read()  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the host does not listen"
        time.sleep(0.05)
    return proc


@contextlib.contextmanager
def hosted(tmp_path: Path, players: str, seed: int = 1, extra: tuple = (), program: tuple = PROGRAM):
    """The host as a subprocess (this tree's code, its own data folder), listening on
    a free loopback port; yields a :class:`Host` once the seats file is written.
    ``program``: the game's command line (tests/noposix.py's, for one)."""
    seats_file = tmp_path / "seats.json"
    record = tmp_path / "record.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    command = host_command(
        players, seed, ("--seats-file", str(seats_file), "--record-file", str(record)) + tuple(extra), program
    )
    proc = start_host(command, seats_file, env)
    try:
        yield Host(json.loads(seats_file.read_text()), proc, record)
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(20)
        proc.stdout.close()


# ------------------------------------------------------------------ the seats
def join_program(host, tmp_path: Path, user: str, program: tuple = PROGRAM):
    """The ``a11y-dominion join`` program (or ``program``'s) of seat ``user`` at ``host`` (a
    :func:`hosted` host), screen-reader speech off, its data in its own folder: a pexpect child."""
    from pexpect.popen_spawn import PopenSpawn

    seats = tmp_path / "join-seats.json"
    seats.write_text(json.dumps(host.data))
    cmd = list(program) + ["join", "--seats-file", str(seats), "--user", user]
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(ROOT))
    return PopenSpawn(cmd + ["--speech", "off"], cwd=str(ROOT), env=env, timeout=TIMEOUT, encoding="utf-8")


def join(data: dict, user: str, log_path: Path):
    """``user`` logged in with the real ``ssh`` client and the password of the seats
    file; every byte it receives is written to ``log_path``. A bytes-mode pexpect child."""
    child = pexpect.spawn(
        "ssh",
        SSH_OPTIONS + ["-p", str(data["port"]), f"{user}@{data['host']}"],
        timeout=TIMEOUT,
        dimensions=(50, 200),
    )
    child.logfile_read = open(log_path, "wb")  # noqa: SIM115 - closed by close_seat
    child.expect(b"assword:")
    child.sendline(data["seats"][user]["password"].encode())
    return child


def close_seat(child) -> None:
    """End the ssh client (when still running) and close its byte log."""
    if child.isalive():
        child.terminate(force=True)
    log = child.logfile_read
    if log is not None and not log.closed:
        log.close()


def prompt_ends(text: str, who: str) -> bool:
    """Whether ``text`` (plain) ends with the prompt of ``who`` ("Ann>"), however drawn."""
    last = text.rstrip(" ").rsplit("\n", 1)[-1].strip()
    return last == f"{who}>"


def a_move(line: str | None) -> bool:
    """Whether ``line``, typed by a Big Money player, was a move of its turn that leads to the
    Buy phase or stays in it (play treasures, a buy, paying, or yes to go on with one)."""
    return line is not None and (line in ("play treasures", "pay", "yes") or line.startswith("buy "))


def choose(screen: str, who: str, heard: Heard | None = None, moved: bool = False) -> str | None:
    """The Big Money move of ``who`` for the plain text it received since its last answer, or
    None when no turn prompt of its own is in it yet. The turn prompt says only what changed
    since the player last heard it, so ``heard`` (:class:`~typedmoves.Heard`, kept from one
    answer to the next) knows the figures; ``moved``: the last line typed was :func:`a_move`."""
    if no_treasures(screen):
        return "end"
    heard = heard if heard is not None else Heard(who)
    phase, buys, coins = heard.update(screen, moved)
    # the prompt names nothing when nothing changed that the move's sentences did not say
    if not heard.prompted and not re.search(r"^You (?:play|buy|pay)\b", screen, re.M):
        return None
    return big_money_line(screen, phase, buys, coins)


class BigMoney:
    """Big Money at every seat of a table, each seat's figures kept from one answer to the next:
    :meth:`move` gives a seat's line for what it received since its last one (:func:`choose`)."""

    def __init__(self) -> None:
        self.heard: dict[str, Heard] = {}
        self.last: dict[str, str | None] = {}

    def move(self, screen: str, who: str) -> str | None:
        """The move of ``who`` for ``screen`` (plain, since its last line), noted as its last; None
        when no turn prompt of its own is in it."""
        line = choose(screen, who, self.heard.setdefault(who, Heard(who)), a_move(self.last.get(who)))
        self.last[who] = line
        return line


HOW = re.compile(
    r"^(?:Choose (?P<n>\d+), by numbers or names"  # exactly N cards
    r"|Choose (?P<low>\d+) to \d+, by numbers or names"  # LOW to HIGH cards
    r"|Choose any number, by numbers or names separated by commas, at least (?P<least>\d+)"
    r"|Choose one,? by number or name(?P<one_or_none>, or type none)?"
    r"|(?P<none>Choose (?:up to \d+|any number), by numbers or names separated by commas, or type none)"
    r"|(?P<yes_no>Answer yes (?:or no|for .+, or no))"
    r"|Type a number from (?P<number>\d+) to \d+)",
    re.M,
)
OPTION = re.compile(r"^(\d+)\. (.+?)(?: \((\d+) of them\))?$", re.M)
LEAST_WANTED = ("Curse", "Estate", "Duchy", "Province", "Copper", "Silver", "Gold")


def card_answer(screen: str) -> str | None:
    """A legal answer to the question inside a card that ``screen`` (plain, since the seat's last
    line) asks with its line on how to answer and every option, as another seat's attack asks
    (Legionary: "Choose 3, by numbers or names ..."): the fewest cards it takes, the least
    wanted first (Victory cards, then Copper, Silver and Gold, then the rest), ``none`` when
    none may be chosen, ``no`` to a yes-or-no question, the lowest number; None when no such
    line is in ``screen`` (a turn's prompt, or a question asked before, whose line on how to
    answer is said only the first time: ``options`` reads it again)."""
    found = list(HOW.finditer(screen))
    if not found:
        return None
    how = found[-1]
    if how["none"] or how["one_or_none"]:
        return "none"
    if how["yes_no"]:
        return "no"
    if how["number"]:
        return how["number"]
    many = int(how["n"] or how["low"] or how["least"] or 1)
    cards = []
    for option in OPTION.finditer(screen[how.end() :]):
        number, name, count = option.group(1), option.group(2), int(option.group(3) or 1)
        rank = LEAST_WANTED.index(name) if name in LEAST_WANTED else len(LEAST_WANTED)
        cards.extend([(rank, int(number))] * count)
    picked = sorted(cards)[:many]
    return ", ".join(str(number) for _rank, number in picked) if len(picked) == many else None


def table_move(screen: str, who: str, big_money: BigMoney, last: str | None) -> str | None:
    """The line a Big Money player ``who`` types at a table for ``screen`` (plain, since its last
    line, ending with its prompt), ``last`` being the line it typed before: :func:`card_answer`
    for a question inside a card, else ``big_money``'s move (:meth:`BigMoney.move`); when
    neither answers and something was said, ``options`` (a question asked before, whose line
    on how to answer is said only the first time: ``options`` says it again with every
    option), or ``end`` after a buy (refused: its pile ran out) or after ``options``; None when
    nothing was said since its last line."""
    move = card_answer(screen) or big_money.move(screen, who)
    if move is not None:
        return move
    if not [x for x in screen.splitlines() if x.strip() and not x.strip().endswith(">")]:
        return None
    if (last or "").startswith("buy ") or last == "options":
        return "end"
    return "options"


@dataclass
class Seat:
    """One remote seat during :func:`play`: its pexpect child, the bytes it received,
    the plain text since its last answer, the moves it typed and query replies."""

    name: str
    child: object
    raw: bytearray = field(default_factory=bytearray)
    screen: str = ""
    saved: str = ""  # the screen of the decision a query was typed at
    moves: list = field(default_factory=list)  # the moves the game took
    refused: list = field(default_factory=list)  # (move, the lines that said why) of refused moves
    replies: dict = field(default_factory=dict)  # decision number -> plain lines of the query's reply
    querying: tuple | None = None  # (decision number, command, regex the reply must hold)
    over: bool = False
    eof: bool = False

    mark: int = 0  # where in ``raw`` the text since the last answer starts

    def receive(self, got: bytes) -> None:
        """Keep ``got`` and make the screen since the last answer again."""
        self.raw += got
        self.screen = received_text(bytes(self.raw[self.mark :]))

    def answered(self) -> None:
        """A line was typed: the screen starts again from here."""
        self.mark = len(self.raw)
        self.screen = ""


def play(children: dict, queries: dict | None = None, max_moves: int = 3000) -> dict:
    """Play Big Money for every seat in ``children`` (name -> child from :func:`join`,
    all joined) until each has seen "Game over." and its session ended. A buy
    refused (its pile ran out) is followed by ending the turn.

    ``queries``: {(name, decision number): (command, regex)}: at that decision
    (0 is the seat's first) the seat types ``command`` first and waits for a
    reply matching ``regex`` and its prompt; the reply's lines are kept in
    :attr:`Seat.replies`. Returns name -> :class:`Seat`. Raises AssertionError
    naming what each seat last received when the host goes quiet for
    :data:`TIMEOUT` seconds or the game does not end within ``max_moves``.
    """
    queries = dict(queries or {})
    seats = {name: Seat(name, child) for name, child in children.items()}
    players = BigMoney()
    for s in seats.values():  # what pexpect read past the password prompt is the start of the session
        s.receive(bytes(s.child.buffer))
        s.child.buffer = b""
    total = 0
    while not all(s.eof for s in seats.values()):
        for s in seats.values():
            if s.over or s.eof:
                continue
            text = s.screen
            if re.search(r"^Game over\.$", text, re.M):
                s.over = True
                continue
            if not prompt_ends(text, s.name):
                continue
            if s.querying is not None:
                number, command, expect = s.querying
                match = re.search(expect, text, re.M)
                if match is None:
                    continue
                s.replies[number] = lines_of(text[match.start() :])  # the prompt after it is no line
                s.querying = None
                move = choose(s.saved, s.name, players.heard[s.name])  # (read already: nothing moved since)
            else:
                move = players.move(text, s.name)
                if move is None:
                    said = [x for x in lines_of(text) if s.moves and x != s.moves[-1]]
                    if not said:
                        continue  # a prompt drawn again, not a new question
                    # the move was refused: a pile ran out (Big Money reads no pile), so the turn ends
                    assert s.moves and s.moves[-1].startswith("buy "), (s.name, s.moves[-1:], said)
                    s.refused.append((s.moves.pop(), said))
                    move = "end"
                planned = queries.pop((s.name, len(s.moves)), None)
                if planned is not None:
                    s.querying = (len(s.moves), *planned)
                    s.saved = text
                    s.answered()
                    s.child.sendline(planned[0].encode())
                    continue
            s.moves.append(move)
            s.answered()
            s.child.sendline(move.encode())
            total += 1
            assert total < max_moves, "the game does not end"
        live = {s.child.child_fd: s for s in seats.values() if not s.eof}
        if not live:
            break
        ready, _, _ = select.select(list(live), [], [], TIMEOUT)
        if not ready:
            raise AssertionError(
                "nothing comes from the host: "
                + repr({s.name: received_text(bytes(s.raw))[-600:] for s in live.values()})
                + repr({s.name: s.moves[-3:] for s in live.values()})
            )
        for fd in ready:
            s = live[fd]
            try:
                got = s.child.read_nonblocking(65536, timeout=0)
            except pexpect.EOF:
                s.eof = True
                continue
            except pexpect.TIMEOUT:
                continue
            s.receive(got)
    for s in seats.values():
        s.child.close()
        close_seat(s.child)
    return seats


# ------------------------------------------------------------------ privacy from the record
def private_sentences(log: list, seat: str, lang: Language | None = None) -> set:
    """The sentences of the game's event stream ``log`` that ``seat`` must never
    receive: those its own narrator (as :class:`~a11y_dominion.console.seat.HumanSeat`
    makes it) says of the events unredacted and never of the events redacted for
    ``seat`` (:func:`~a11y_dominion.view.redact_all`), at any verbosity."""
    told: set = set()
    everything: set = set()
    for verbosity in VERBOSITIES:
        told |= set(Narrator(viewer=seat, verbosity=verbosity, lang=lang).sentences(redact_all(log, seat)))
        everything |= set(Narrator(viewer=seat, verbosity=verbosity, lang=lang).sentences(log))
    return everything - told


def leaks(text: str, forbidden: set) -> list:
    """The sentences of ``forbidden`` found in ``text`` (plain received text; white
    space runs compared as one space), sorted."""
    flat = squeeze(text)
    return sorted(s for s in forbidden if squeeze(s) in flat)


def draws_naming_cards(lines: list, others: list) -> list:
    """The ``lines`` where one of ``others`` draws or discards anything but a number
    of cards ("Bea draws 5 cards." is allowed, "Bea draws Gold." is not)."""
    names = "|".join(re.escape(n) for n in others)
    said = re.compile(rf"\b({names}) (draws|discards) (.+?)\.(?: |$)")
    allowed = re.compile(r"(\d+ cards?|a card)( from play)?")
    return [x for x in lines if any(not allowed.fullmatch(m.group(3)) for m in said.finditer(x))]


def other_hands(lines: list, others: list) -> list:
    """The ``lines`` that tell another player's hand ("Bea's hand, ...")."""
    return [x for x in lines if any(f"{n}'s hand" in x for n in others)]


def own_sentences(log: list, seat: str, lang: Language | None = None) -> set:
    """Every sentence ``seat``'s own narrator says of the events redacted for it, at any verbosity."""
    told: set = set()
    for verbosity in VERBOSITIES:
        told |= set(Narrator(viewer=seat, verbosity=verbosity, lang=lang).sentences(redact_all(log, seat)))
    return told


def foreign_you_lines(lines: list, told: set) -> list:
    """The ``lines`` telling "you" drew or discarded cards that are not in ``told``
    (:func:`own_sentences`): another player's cards said to the wrong seat."""
    return [x for x in lines if re.match(r"You (draw|discard) ", x) and x not in told]


def replayed_decisions(record: dict, seat: str):
    """Replay ``record``; yield (game, decision) at each decision addressed to
    ``seat``, in order, before it is answered."""
    cfg = record["config"]
    obelisk = record.get("obelisk")
    game = Game(
        GameConfig(cfg["players"], cfg["kingdom"], cfg.get("events", []), cfg.get("landmarks", []), cfg["seed"]),
        setup_choices={"Obelisk": obelisk} if obelisk is not None else None,
    )
    game.start()
    for answer in record["answers"]:
        if game.pending is not None and game.pending.player == seat:
            yield game, game.pending
        game.answer(answer)


def hand_lines_at_decisions(record: dict, seat: str, lang: Language | None = None) -> list:
    """For each decision addressed to ``seat`` in ``record``, in order, the lines its
    ``hand`` query answers then (:func:`~a11y_dominion.console.queries.hand_lines`
    of its own view)."""
    lang = lang or Language("en")
    return [q.hand_lines(player_view(game, seat), True, lang) for game, _d in replayed_decisions(record, seat)]


def own_hand_lines(record: dict, seat: str, lang: Language | None = None) -> set:
    """Every "Your hand" line ``seat`` may receive: its hand at each of its decisions,
    as the ``hand`` query and as the turn prompt tell it."""
    lang = lang or Language("en")
    lines: set = set()
    for game, d in replayed_decisions(record, seat):
        view = player_view(game, seat)
        lines.update(q.hand_lines(view, True, lang)[:1])
        lines.update(x for x in questions.decision_lines(view, d, hand=True, lang=lang) if x.startswith("Your hand"))
    return lines


def foreign_hand_lines(lines: list, allowed: set) -> list:
    """The "Your hand" ``lines`` that are not in ``allowed`` (:func:`own_hand_lines`)."""
    return [x for x in lines if x.startswith("Your hand") and x not in allowed]


def event_log(record: dict) -> list:
    """The whole event stream of the game in ``record`` (replayed)."""
    return list(replay(record).log)


def key_options(path: Path) -> list:
    """The OpenSSH client's options to log in with the key at ``path`` alone (no agent, no password)."""
    return [
        "-i",
        str(path),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "IdentityAgent=none",
        "-o",
        "PasswordAuthentication=no",
        "-o",
        "KbdInteractiveAuthentication=no",
        "-o",
        "BatchMode=yes",
    ]
