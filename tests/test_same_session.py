"""The same scripted session (tests/session_script.py) through each end a person plays at,
and the divergence ledger: every way what the player receives differs between the ends today.

The four ends, run here in this process, without processes or sockets:

- ``keyboard``: the console of ``a11y-dominion play`` (the console core over a link into a room of
  its own, :func:`~a11y_dominion.console.playend.play_on_core`) reading the script as piped input
  (its :class:`~a11y_dominion.console.display.PlainReader`);
- ``ssh``: the host's :class:`~a11y_dominion.remote.terminal.TerminalSession` of a plain ssh seat
  logged in without a terminal (its plain lines), over a stand-in for asyncssh's process
  (:class:`LoginProcess`), and the :class:`~a11y_dominion.remote.seat.RemoteSeat` it sits at, a
  line typed at each prompt;
- ``join``: the :class:`~a11y_dominion.remote.client.JoinConsole` of ``a11y-dominion join``,
  reading the script as piped input, its :class:`~a11y_dominion.remote.joinlink.Link` fed by the
  host's own :func:`~a11y_dominion.remote.protocol.protocol_session` over a loopback process in
  this process (the host and the console on one event loop, as the connection and the console are);
- ``host``: the host's own seat (:class:`~a11y_dominion.remote.local.HostConsole`, the console
  core over a :class:`~a11y_dominion.remote.seatlink.HostLink` into the host's room, as
  :meth:`~a11y_dominion.remote.local.HostTerminal.play` runs it) reading the script as piped input.

Each end's transcript (:func:`session_script.normalise`) is compared with the keyboard's,
segment by segment (the game's start and the lines after each step). :data:`LEDGER` lists
every difference there is today, one :class:`Divergence` per behaviour (the rows of the
design's table of the ends' differences), with the ends and steps it concerns and one
sentence saying what differs. The test fails when a step differs at an end the ledger does
not name for it, and when a ledger entry names a step that no longer differs: a change that
makes the ends agree deletes its entry, and the ledger can never go stale.

The e2e variant (:func:`test_the_real_ends_differ_only_as_the_ledger_says`) runs the whole
script, keys too, through the real programs: ``play`` in a pseudo-terminal, the OpenSSH
client on loopback at a ``host`` subprocess, ``join`` in a pseudo-terminal at another, and
the host's own terminal (tests/hostseat_main.py, as ``host`` refuses a table without a remote
seat) in a pseudo-terminal; what each terminal shows (:func:`session_script.teletype`) goes
through the same normaliser and ledger. Each end's own lines before the game are asserted
apart (:data:`PREAMBLES`). What the keyboard, join and the host's seat speak, self-voicing, is
compared too, in this process, against the same ledger (the ssh seat speaks nothing: the
player's own screen reader reads its lines).
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import re
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.cli import build_parser
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.keyboard import LocalOutput
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.console.start import play_setup
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.lineinput import InputFilter
from a11y_dominion.remote import GameHost
from a11y_dominion.remote.client import JoinConsole
from a11y_dominion.remote.joinlink import Link
from a11y_dominion.remote.joinlogin import KnownHosts
from a11y_dominion.remote.local import HostTerminal
from a11y_dominion.remote.protocol import COMMAND, ENV_LANGUAGE, ENV_VERBOSITY, LineSplitter, protocol_session
from a11y_dominion.remote.sshseat import SeatSession
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from a11y_dominion.textinput import MAX_LINE
from session_script import (
    EVENTS,
    KINGDOM,
    LANDMARKS,
    PLAYERS,
    PROMPT,
    SCRIPT,
    SEAT,
    SEED,
    SETTINGS,
    TYPED,
    Step,
    Transcript,
    ends_with_prompt,
    missed_anchors,
    normalise,
    script_text,
    shown,
    step_read,
    teletype,
)
from speechdoubles import RecordingOutput

pytest.importorskip("asyncssh")

ENDS = ("keyboard", "ssh", "join", "host")
REFERENCE = "keyboard"  # every other end is compared with the keyboard's console
KEYBOARD_PROMPT = "You> "  # play's prompt of its one person, as the lines call them (the others': Ann> )
SPINS = 100_000  # event loop turns a host may take to ask Ann again after a typed line (a bot's turn takes a few)


# ------------------------------------------------------------------ the game, as each end starts it
def play_args() -> list[str]:
    """The ``play`` options of the scripted game (``host`` takes the same Kingdom options)."""
    return ["--seed", str(SEED), "--kingdom", KINGDOM, "--events", EVENTS, "--landmarks", LANDMARKS]


def hosted_game(players: str) -> GameHost:
    """A :class:`GameHost` of the scripted game for ``players`` (Ann remote or the host's own
    seat, and the bot), its host lines dropped, as ``host`` builds it."""
    specs = parse_seats(players, remote=True)
    piles, events, landmarks = choose_setup(KINGDOM, EVENTS, LANDMARKS, SEED)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, SEED))
    return GameHost(game, specs, SEED, Language("en"), out=lambda text: None)


async def until_asked(host: GameHost, table: asyncio.Future[Any]) -> None:
    """Return once Ann's answer is awaited (or the game ended), and the loop has done what it had
    to do meanwhile: the host and its bot need only turns of this event loop, no time."""
    seat = host.people[SEAT]
    for _ in range(SPINS):
        await asyncio.sleep(0)
        if seat.awaiting or table.done():
            break
    else:
        raise AssertionError("Ann was not asked again")
    for _ in range(100):
        await asyncio.sleep(0)


# ------------------------------------------------------------------ the four ends
class SpokenReader(PlainReader):
    """Piped input whose every line read is noted among the calls of ``spoken`` (an output that
    records what is spoken) as ``("typed", line)``, so what is said is told apart by step."""

    def __init__(self, stream_in: io.StringIO, stream_out: io.StringIO, spoken: RecordingOutput) -> None:
        super().__init__(stream_in, stream_out)
        self.spoken = spoken

    def read(self, message: str, default: str = "") -> Any:
        line = super().read(message, default)
        self.spoken.calls.append(("typed", line))
        return line


def reader(out: io.StringIO, spoken: RecordingOutput | None) -> PlainReader:
    """The script as piped input, written to ``out`` as it is read (and noted in ``spoken``)."""
    script = io.StringIO(script_text(TYPED))
    return PlainReader(script, out) if spoken is None else SpokenReader(script, out, spoken)


def speaker_for(spoken: RecordingOutput | None, out: io.StringIO) -> Speaker:
    """No speech (screen-reader players' settings: text only), or self-voicing into ``spoken``."""
    if spoken is None:
        return Speaker("off", print_fn=lambda text: out.write(text + "\n"))
    return Speaker("self-voicing", outputs=[spoken], print_fn=lambda text: out.write(text + "\n"))


def spoken_text(spoken: RecordingOutput) -> str:
    """What was spoken into ``spoken``, a sentence a line, each line read shown after the prompt as
    a terminal shows it (for :func:`normalise`)."""
    said = [PROMPT + text if kind == "typed" else text for kind, text in spoken.calls if kind in ("typed", "speak")]
    return "\n".join(said) + "\n"


def keyboard_end(spoken: RecordingOutput | None = None) -> str:
    """What the keyboard's player receives: ``play`` reading the script as piped input (speaking
    into ``spoken``, self-voicing, when it is given)."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", *play_args(), "--speech", "off", "--players", PLAYERS])
    setup = play_setup(args, out, asking=False)
    assert not isinstance(setup, int) and setup.on_core()
    if spoken is not None:
        setup.speaker = speaker_for(spoken, out)
    play_on_core(setup, args, reader(out, spoken))
    return out.getvalue()


class LoginProcess:
    """What :class:`TerminalSession` reads of asyncssh's server process for a login without a
    terminal (``ssh -T``: the session's plain lines), in this process: Ann's language and
    verbosity sent (SetEnv), the lines :meth:`type` is given read from its input, and what the
    session writes kept in ``out``."""

    command = None
    subsystem = None

    def __init__(self, out: list[str]) -> None:
        self.env = {ENV_LANGUAGE: "en", ENV_VERBOSITY: "normal"}
        self.out = out
        self.channel = self
        self.stdin = self
        self.typed: asyncio.Queue[str] = asyncio.Queue()

    def get_extra_info(self, name: str) -> Any:
        return SEAT if name == "username" else None

    def get_terminal_type(self) -> str | None:
        return None  # no terminal: the session reads and writes plain lines

    def write(self, text: str) -> None:
        self.out.append(text)

    def type(self, text: str) -> None:
        self.typed.put_nowait(text + "\r")  # a line ends with Enter

    async def read(self, size: int) -> str:
        return await self.typed.get()

    def exit(self, status: int) -> None:
        self.typed.put_nowait("")


def ssh_end() -> str:
    """What a plain ssh seat's player receives: the host's :class:`TerminalSession` of a login
    without a terminal (its plain lines), over :class:`LoginProcess`, and the seat it sits at.
    Its limit of 20 lines a second, a matter of time, is left out (the lines come faster here)."""
    out: list[str] = []

    async def main() -> None:
        host = hosted_game("Ann:remote,Bot:bigmoney")
        process = LoginProcess(out)
        session = SeatSession(host, process)
        session.filter = InputFilter(max_line=MAX_LINE, tell_cut=True, per_second=None)
        running = asyncio.ensure_future(session.run())
        await host.everyone_in.wait()
        table = asyncio.ensure_future(host.table.run_async())
        try:
            await until_asked(host, table)
            for step in TYPED:
                out.append(shown(step.text) + "\n")  # the terminal's echo of the line typed
                process.type(step.text)
                await until_asked(host, table)
        finally:
            table.cancel()
            process.exit(0)
            await running

    asyncio.run(main())
    return "".join(out)


def host_end(spoken: RecordingOutput | None = None) -> str:
    """What the host's own player receives: the host's seat (:meth:`HostTerminal.play`, its
    console over a link into the host's own room, on the host's event loop) reading the script
    as piped input (speaking into ``spoken``, self-voicing, when it is given)."""
    out = io.StringIO()

    async def main() -> None:
        host = hosted_game("Ann:human,Bot:bigmoney")

        async def table_main() -> None:
            await host.everyone_in.wait()
            await host.table.run_async()

        table = asyncio.ensure_future(table_main())
        lang = Language("en")
        display = Display(out, plain=True, lang=lang)
        speaker = speaker_for(spoken, out)
        try:
            await HostTerminal(host).play(LocalOutput(display, speaker, True, [], None), reader(out, spoken))
        finally:
            table.cancel()
            await asyncio.wait([table])

    asyncio.run(main())
    return out.getvalue()


class LoopbackProcess:
    """What :func:`protocol_session` reads of asyncssh's server process, and what
    :meth:`Link.send` writes to, in this process: ``stdin`` takes the player's lines (in the
    host's loop), ``stdout`` gives the host's text to ``deliver`` (in the host's loop)."""

    command = COMMAND
    subsystem = None

    def __init__(self, user: str, deliver: Callable[[str], None]) -> None:
        self.user = user
        self.env = {ENV_LANGUAGE: "en", ENV_VERBOSITY: "normal"}  # as join sends them
        self.stdin = _PlayerLines()
        self.stdout = _HostText(deliver)

    def get_extra_info(self, name: str) -> Any:
        return self.user if name == "username" else None

    def exit(self, status: int) -> None:
        self.stdin.write("")  # the session's end: its reading ends


class _PlayerLines:
    """The player's side of a :class:`LoopbackProcess`: what is written is read by the host."""

    def __init__(self) -> None:
        self.lines: asyncio.Queue[str] = asyncio.Queue()

    def write(self, text: str) -> None:
        self.lines.put_nowait(text)

    async def read(self, size: int) -> str:
        return await self.lines.get()


class _HostText:
    """The host's side of a :class:`LoopbackProcess`: what the host writes goes to ``deliver``."""

    def __init__(self, deliver: Callable[[str], None]) -> None:
        self.write = deliver


def join_end(tmp_path: Path, spoken: RecordingOutput | None = None) -> str:
    """What a ``join`` player receives: the join console reading the script as piped input,
    its link fed by the host's seat-protocol session over :class:`LoopbackProcess`, both on
    one event loop as in ``join`` (speaking into ``spoken``, self-voicing, when it is given)."""
    lang = Language("en")
    out = io.StringIO()
    link = Link("127.0.0.1", 0, SEAT, "", KnownHosts(tmp_path / "known_hosts"), lang, verbosity="normal")
    splitter = LineSplitter()

    def deliver(text: str) -> None:  # as the link's connection reads the host's lines
        for line in splitter.feed(text):
            link.inbox.take(line)

    async def main() -> None:
        host = hosted_game("Ann:remote,Bot:bigmoney")
        process = LoopbackProcess(SEAT, deliver)
        link.process = process  # Link.send writes to process.stdin
        session = asyncio.ensure_future(protocol_session(host, process))

        async def table_main() -> None:
            await host.everyone_in.wait()
            await host.table.run_async()

        table = asyncio.ensure_future(table_main())
        display = Display(out, plain=True, lang=lang)
        speaker = speaker_for(spoken, out)
        seat = HumanSeat(SEAT, lang=lang, speaker=speaker, print_fn=lambda text, style=None: display.line(text, style))
        console = JoinConsole(link, seat, display, speaker, reader(out, spoken))
        try:
            await console.run()
        finally:
            speaker.close()
            table.cancel()
            process.exit(0)
            await asyncio.wait([session, table])

    asyncio.run(main())
    return out.getvalue()


# ------------------------------------------------------------------ the divergence ledger
@dataclass(frozen=True)
class Divergence:
    """One behaviour that differs today: ``row`` names it (a row of the design's table of
    the ends' differences), ``ends`` are the ends where it differs from the keyboard's,
    ``steps`` the script's step ids whose lines differ through it (``start``: the game's
    start), ``why`` says in one sentence what differs, and ``runs`` where it shows:
    ``in-process`` (the printed lines of the ends run here), ``e2e`` (what the real ends'
    terminals show) and ``speech`` (what the keyboard and join speak, self-voicing; an entry
    of ssh alone has nothing to say there)."""

    row: str
    ends: frozenset[str]
    steps: tuple[str, ...]
    why: str
    runs: frozenset[str] = frozenset({"in-process", "e2e", "speech"})


def entry(row: str, ends: str, steps: str, why: str, runs: str = "in-process e2e speech") -> Divergence:
    """A :class:`Divergence` with ``ends``, ``steps`` and ``runs`` written as words separated by spaces
    (by default it shows in every run)."""
    return Divergence(row, frozenset(ends.split()), tuple(steps.split()), why, frozenset(runs.split()))


QUIT_STEPS = "quit-no stay quit-yes leave"

LEDGER: tuple[Divergence, ...] = (
    entry(
        "Settings",
        "ssh",
        "settings",
        "settings says the host keeps them with this game (changed with settings set KEY VALUE or a word, such as "
        "settings nl), where the keyboard says the other settings change outside the game with a11y-dominion "
        "settings (and says its speech, which an ssh seat has not: the player's own screen reader reads the lines).",
    ),
    entry(
        "Settings kept",
        "ssh",
        "settings-terse settings-normal",
        "A setting changed with settings set KEY VALUE is saved in the settings file at the keyboard, the host's "
        "seat and join, which say Saved for this computer.; an ssh seat's is kept by the host with the game, "
        "and nothing more is said.",
    ),
    entry(
        "Keys over ssh",
        "ssh",
        "help-keys",
        "help keys at an ssh seat names the keys that reach its line editor, function keys and Ctrl keys, without "
        "the Alt keys and Alt+1 to Alt+9, which come over ssh as Escape and a letter; and Ctrl+D there leaves the "
        "game, as at join.",
    ),
    entry(
        "Ctrl+D at join",
        "join",
        "help-keys",
        "help keys at join says Ctrl+D leaves the game (you are asked first, and may join again), where the "
        "keyboard, whose quit stops the game, says it stops it.",
    ),
    entry(
        "Quit at join and an ssh seat",
        "ssh join",
        QUIT_STEPS,
        "quit asks Leave the game? (the host keeps it); no and yes say You stay in the game. and You left the game.",
    ),
    entry(
        "Quit at the host's seat",
        "host",
        "quit-no quit-yes",
        "quit asks Stop the game for every seat? where the keyboard asks Stop the game? (no and yes then say "
        "The game goes on. and Game stopped. alike).",
    ),
    entry(
        "Ctrl+C at join and an ssh seat",
        "ssh join",
        "ctrl-c-half ctrl-c-empty",
        "After Line cleared. or Nothing to clear. join says Type quit to leave the game., not to stop it.",
        runs="e2e",
    ),
)


def pairs(ledger: tuple[Divergence, ...], run: str) -> dict[tuple[str, str], Divergence]:
    """(end, step id) -> the ledger entry that names it, for the entries of ``run``; a pair in
    two entries fails (each difference is one behaviour's)."""
    named: dict[tuple[str, str], Divergence] = {}
    for d in ledger:
        if run not in d.runs:
            continue
        assert d.ends <= set(ENDS) - {REFERENCE}, d
        for step in d.steps:
            assert step == "start" or step in {s.id for s in SCRIPT}, (d.row, step)
            for end in d.ends:
                assert (end, step) not in named, f"{end} {step} is in two entries: {d.row}, {named[(end, step)].row}"
                named[(end, step)] = d
    return named


def differences(transcripts: dict[str, Transcript]) -> dict[tuple[str, str], tuple[list[str] | None, list[str] | None]]:
    """(end, step id) -> (the keyboard's lines, that end's) for every segment that differs."""
    ref = transcripts[REFERENCE]
    found = {}
    for end, got in transcripts.items():
        if end == REFERENCE:
            continue
        for step in ["start", *(s.id for s in SCRIPT)]:
            key = None if step == "start" else step
            if got.segment(key) != ref.segment(key):
                found[(end, step)] = (ref.segment(key), got.segment(key))
    return found


def ledger_faults(transcripts: dict[str, Transcript], run: str, ledger: tuple[Divergence, ...] = LEDGER) -> list[str]:
    """Every way ``transcripts`` (by end) disagree with ``ledger`` for ``run``: a difference
    it does not name (with the lines of both ends), and a step it names that no longer differs."""
    named = pairs(ledger, run)
    found = differences({e: t for e, t in transcripts.items()})
    faults = []
    for (end, step), (ref, got) in sorted(found.items()):
        if (end, step) not in named:
            faults.append(f"{end} differs at {step}, not named in the ledger:\n  keyboard: {ref}\n  {end}: {got}")
    for (end, step), d in sorted(named.items()):
        if end in transcripts and (end, step) not in found:
            faults.append(f"{end} no longer differs at {step}: take it out of the ledger's entry {d.row!r}")
    return faults


SEATED = ["Welcome, Ann. Type help for commands.", "Ann has joined; every seat is taken. The game starts."]
NEW_GAME = "New game for Ann and Bot. You go first."
SCREEN_READER = "Screen-reader mode: the game does not speak; your screen reader reads the text."
PREAMBLES = {  # (end, run) -> what each end says before the Kingdom, its own and not compared: line patterns
    ("keyboard", "in-process"): [
        re.escape("a11y-dominion. Type help for commands; F2 repeats the last message."),
        re.escape("Speech is off; the game shows text only."),
        re.escape("Game seed 1."),
        re.escape(NEW_GAME),
    ],
    ("keyboard", "e2e"): [
        re.escape("a11y-dominion. Type help for commands; F2 repeats the last message."),
        re.escape(SCREEN_READER),
        re.escape("Game seed 1."),
        re.escape(NEW_GAME),
    ],
    ("join", "e2e"): [
        r"First visit to 127\.0\.0\.1 port \d+: its host key, SHA256:\S+, is kept for your next visits\.",
        r"Joined 127\.0\.0\.1 port \d+ as Ann\.",
        re.escape(SCREEN_READER),
        *map(re.escape, SEATED),
        re.escape(NEW_GAME),
    ],
    ("host", "in-process"): [
        re.escape("Speech is off; the game shows text only."),
        *map(re.escape, SEATED),
        re.escape(NEW_GAME),
    ],
    ("host", "e2e"): [
        r"Listening for SSH on 127\.0\.0\.1 port \d+\.",
        r"Host key fingerprint: SHA256:\S+",
        re.escape(SCREEN_READER),
        *map(re.escape, SEATED),
        re.escape(NEW_GAME),
    ],
}
for _end in ("ssh", "join", "host"):
    for _run in ("in-process", "e2e"):
        PREAMBLES.setdefault((_end, _run), [*map(re.escape, SEATED), re.escape(NEW_GAME)])


def preamble_faults(transcripts: dict[str, Transcript], run: str) -> dict[str, list[str]]:
    """The lines before the Kingdom sentence of each end that do not match its :data:`PREAMBLES` (all when
    their number differs); empty lists when each end says what it should."""
    faults = {}
    for end, transcript in transcripts.items():
        want = PREAMBLES[(end, run)]
        got = transcript.before
        if len(got) != len(want):
            faults[end] = got
        else:
            faults[end] = [line for line, pattern in zip(got, want, strict=True) if not re.fullmatch(pattern, line)]
    return faults


def ann_settings(folder: Path) -> Path:
    """A settings file of Ann's in ``folder`` (each end reads its own: the keyboard writes what
    settings set changes): the defaults, written out."""
    path = folder / "settings.json"
    path.write_text(json.dumps(SETTINGS), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def in_process(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Transcript]:
    """The transcript of each end (run once for the module's tests)."""
    raw = {}
    ends: dict[str, Callable[[Path], str]] = {
        "keyboard": lambda tmp: keyboard_end(),
        "ssh": lambda tmp: ssh_end(),
        "join": join_end,
        "host": lambda tmp: host_end(),
    }
    for end, run in ends.items():
        tmp = tmp_path_factory.mktemp(end)
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("A11Y_DOMINION_CONFIG", str(ann_settings(tmp)))
            mp.setenv("A11Y_DOMINION_DATA", str(tmp / "data"))
            raw[end] = run(tmp)
    return {end: normalise(text, prompt=KEYBOARD_PROMPT if end == "keyboard" else PROMPT) for end, text in raw.items()}


@pytest.fixture(scope="module")
def spoken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Transcript]:
    """What the keyboard, join and the host's own seat speak, self-voicing (the ssh seat speaks
    nothing: the player's own screen reader reads its lines), one sentence a line."""
    ends: dict[str, Callable[[Path, RecordingOutput], str]] = {
        "keyboard": lambda tmp, rec: keyboard_end(rec),
        "join": join_end,
        "host": lambda tmp, rec: host_end(rec),
    }
    said = {}
    for end, run in ends.items():
        tmp = tmp_path_factory.mktemp(end + "-spoken")
        rec = RecordingOutput()
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("A11Y_DOMINION_CONFIG", str(ann_settings(tmp)))
            mp.setenv("A11Y_DOMINION_DATA", str(tmp / "data"))
            run(tmp, rec)
        said[end] = normalise(spoken_text(rec))
    return said


def test_every_end_reads_the_whole_script_of_the_game_it_was_written_for(in_process: dict[str, Transcript]) -> None:
    for end, transcript in in_process.items():
        assert [s for s in (st.id for st in TYPED) if s not in transcript.steps] == [], end
    assert missed_anchors(in_process["keyboard"]) == {}


def test_the_ends_differ_only_as_the_ledger_says(in_process: dict[str, Transcript]) -> None:
    faults = ledger_faults(in_process, "in-process")
    assert faults == [], "\n".join(faults)


def test_the_spoken_words_differ_only_as_the_ledger_says(spoken: dict[str, Transcript]) -> None:
    assert {end: [s.id for s in TYPED if s.id not in t.steps] for end, t in spoken.items()} == {
        "keyboard": [],
        "join": [],
        "host": [],
    }
    faults = ledger_faults(spoken, "speech")  # (the ledger's entries for join: what it prints differently)
    assert faults == [], "\n".join(faults)


def test_each_end_says_its_own_preamble_before_the_game(in_process: dict[str, Transcript]) -> None:
    assert preamble_faults(in_process, "in-process") == {end: [] for end in ENDS}


# ------------------------------------------------------------------ the real ends (e2e)
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
ROWS, COLUMNS = 50, 200


def player_env(folder: Path) -> dict[str, str]:
    """The environment of a player's program: its own settings (Ann's) and data below
    ``folder``, an xterm, no screen reader said to be running (speech is screen-reader by option)."""
    import os

    folder.mkdir(parents=True, exist_ok=True)
    return dict(
        os.environ,
        TERM="xterm",
        COLUMNS=str(COLUMNS),
        LINES=str(ROWS),
        A11Y_DOMINION_SCREEN_READER="no",
        A11Y_DOMINION_CONFIG=str(ann_settings(folder)),
        A11Y_DOMINION_DATA=str(folder / "data"),
        XDG_DATA_HOME=str(folder / "xdg"),
        PYTHONPATH=str(ROOT),
    )


def spawn(command: list[str], env: dict[str, str]) -> Any:
    """``command`` in a pseudo-terminal of :data:`ROWS` by :data:`COLUMNS`: a pexpect child."""
    import pexpect

    from remoteplay import TIMEOUT

    return pexpect.spawn(command[0], command[1:], env=env, cwd=str(ROOT), timeout=TIMEOUT, dimensions=(ROWS, COLUMNS))


def type_script(child: Any, prompt: str = PROMPT) -> Transcript:
    """Type the script at ``child``, each step once the screen ends with a prompt and the step
    before was read (a line after the one it was typed on, and a prompt after what it made);
    the :class:`Transcript` of what the terminal shows at the end (:func:`teletype`), each step
    from the line it was typed on. Waits for bytes only, never for a time: a child that sends
    nothing for remoteplay.TIMEOUT seconds fails the test (it hangs)."""
    import pexpect

    from remoteplay import TIMEOUT

    raw = bytearray()
    starts: list[int] = []

    def until(done: Callable[[str], bool]) -> bool:
        while True:
            screen = teletype(bytes(raw))
            if done(screen):
                return True
            try:
                raw.extend(child.read_nonblocking(65536, timeout=TIMEOUT))
            except pexpect.EOF:
                return False

    going = until(functools.partial(ends_with_prompt, prompt=prompt))
    for step in SCRIPT:
        if not going:
            break
        row = teletype(bytes(raw)).count("\n")  # the prompt's line, where the step is typed
        starts.append(row)
        child.send((step.keys or b"") + step.text.encode("utf-8") + b"\r")
        going = until(functools.partial(step_read, row=row, step=step, prompt=prompt))
    transcript = normalise(teletype(bytes(raw)), SCRIPT, prompt, starts=starts)
    if not going:  # the program ended: how
        child.close()
        transcript.exit_code = child.exitstatus
    return transcript


def real_keyboard(folder: Path) -> Transcript:
    """``a11y-dominion play`` in a pseudo-terminal, screen-reader speech (plain lines, nothing spoken)."""
    import sys

    command = [sys.executable, "-m", "a11y_dominion", "play", *play_args(), "--players", PLAYERS]
    child = spawn(command + ["--speech", "screen-reader"], player_env(folder))
    try:
        return type_script(child, KEYBOARD_PROMPT)
    finally:
        child.terminate(force=True)


def kingdom_options() -> tuple[str, ...]:
    return tuple(play_args()[2:])  # the Kingdom, Events and Landmarks (host takes --seed itself)


def real_ssh(folder: Path) -> Transcript:
    """The real OpenSSH client on loopback at a ``host`` subprocess, Ann's language and verbosity
    sent as the ssh client sends them (SetEnv), so no first question is asked."""
    from remoteplay import CLIENT_OPTIONS, hosted

    folder.mkdir(parents=True, exist_ok=True)
    with hosted(folder, "Ann:remote,Bot:bigmoney", SEED, kingdom_options()) as host:
        options = [*CLIENT_OPTIONS, "-o", f"SetEnv={ENV_LANGUAGE}=en {ENV_VERBOSITY}=normal", "-tt"]
        child = spawn(["ssh", *options, "-p", str(host.data["port"]), f"{SEAT}@127.0.0.1"], player_env(folder))
        try:
            child.expect(b"assword:")
            child.sendline(host.data["seats"][SEAT]["password"].encode())
            return type_script(child)
        finally:
            child.terminate(force=True)


def real_join(folder: Path) -> Transcript:
    """``a11y-dominion join`` in a pseudo-terminal (its line editor), at a ``host`` subprocess."""
    import sys

    from remoteplay import hosted

    folder.mkdir(parents=True, exist_ok=True)
    with hosted(folder, "Ann:remote,Bot:bigmoney", SEED, kingdom_options()) as host:
        seats = folder / "join-seats.json"
        seats.write_text(json.dumps(host.data), encoding="utf-8")
        command = [sys.executable, "-m", "a11y_dominion", "join", "--seats-file", str(seats), "--user", SEAT]
        child = spawn(command + ["--speech", "screen-reader"], player_env(folder))
        try:
            return type_script(child)
        finally:
            child.terminate(force=True)


def real_host(folder: Path) -> Transcript:
    """The host's own terminal: tests/hostseat_main.py (``host`` with Ann at its terminal) in a pseudo-terminal."""
    import sys

    child = spawn([sys.executable, str(TESTS / "hostseat_main.py")], player_env(folder))
    try:
        return type_script(child)
    finally:
        child.terminate(force=True)


@pytest.mark.e2e  # the game's programs and OpenSSH in pseudo-terminals, over loopback
@pytest.mark.posix  # pseudo-terminals
def test_the_real_ends_differ_only_as_the_ledger_says(tmp_path: Path) -> None:
    pytest.importorskip("pexpect")
    ends: dict[str, Callable[[Path], Transcript]] = {
        "keyboard": real_keyboard,
        "ssh": real_ssh,
        "join": real_join,
        "host": real_host,
    }
    with ThreadPoolExecutor(max_workers=len(ends)) as pool:  # each waits on its own programs
        running = {end: pool.submit(run, tmp_path / end) for end, run in ends.items()}
        transcripts = {end: job.result() for end, job in running.items()}
    unread = {end: [s.id for s in SCRIPT if s.id not in t.steps] for end, t in transcripts.items()}
    assert unread == {end: [] for end in ends}
    assert missed_anchors(transcripts["keyboard"]) == {}
    assert ledger_faults(transcripts, "e2e") == []
    assert preamble_faults(transcripts, "e2e") == {end: [] for end in ends}
    # play and the host's seat stop a game before its end with 1, join and ssh leave with 0
    assert {end: t.exit_code for end, t in transcripts.items()} == {"keyboard": 1, "ssh": 0, "join": 0, "host": 1}


def test_the_ledger_fails_on_a_difference_it_does_not_name_and_on_an_entry_that_no_longer_differs() -> None:
    keyboard = Transcript(start=["Kingdom: Chapel."], steps={"hand": ["> hand", "Your hand: 5 Coppers."]})
    ssh = Transcript(start=["Kingdom: Chapel."], steps={"hand": ["> hand", "Your hand, 5 cards: 5 Coppers."]})
    transcripts = {"keyboard": keyboard, "ssh": ssh}
    assert ledger_faults(transcripts, "in-process", ()) == [
        "ssh differs at hand, not named in the ledger:\n"
        "  keyboard: ['> hand', 'Your hand: 5 Coppers.']\n"
        "  ssh: ['> hand', 'Your hand, 5 cards: 5 Coppers.']"
    ]
    hand = entry("Hand", "ssh", "hand", "The hand is said with its count.")
    assert ledger_faults(transcripts, "in-process", (hand,)) == []
    assert ledger_faults(transcripts, "e2e", (entry("Hand", "ssh", "hand", "...", runs="in-process"),)) != []
    status = entry("Status", "ssh", "status", "The status is said otherwise.")
    assert ledger_faults(transcripts, "in-process", (hand, status)) == [
        "ssh no longer differs at status: take it out of the ledger's entry 'Status'"
    ]
    with pytest.raises(AssertionError, match="ssh hand is in two entries: Hand again, Hand"):
        ledger_faults(transcripts, "in-process", (hand, entry("Hand again", "ssh join", "hand", "...")))


def test_the_teletype_keeps_what_a_terminal_shows() -> None:
    assert teletype(b"Ann> hx\x08and\r\nYour hand.\r\nAnn> ") == "Ann> hand\nYour hand.\nAnn> "
    assert teletype(b"Ann> \r\x1b[Kline above\r\nAnn> ") == "line above\nAnn> "  # a line printed above the prompt
    assert teletype(b"one\r\ntwo\x1b[A\rONE\x1b[B\r") == "ONE\ntwo"
    assert teletype(b"a\x1b]0;title\x07b\x1b[31mc\x1b[0m\x07") == "abc"
    assert teletype("é".encode() + b"\xff") == "é\ufffd"


def test_the_normaliser_makes_typed_lines_and_question_prompts_alike() -> None:
    script = (Step("hand", "hand"), Step("no", "no"))
    text = (
        "Welcome.\nKingdom: Chapel.\nAnn> \nYour turn 1.\nAnn> hand\nYour hand: 5 Coppers.   \n\n"
        "End it? Type yes to end it: no\nThe turn goes on.\nAnn> "
    )
    want = Transcript(
        before=["Welcome."],
        start=["Kingdom: Chapel.", "Your turn 1."],
        steps={
            "hand": ["> hand", "Your hand: 5 Coppers.", "End it? Type yes to end it:"],
            "no": ["> no", "The turn goes on."],
        },
    )
    assert normalise(text, script) == want  # each step found by its text after a prompt
    assert normalise(text, script, starts=[4, 7]) == want  # each step from the line it was typed on
    assert ends_with_prompt(text) and ends_with_prompt("Type yes to end it: ") and not ends_with_prompt(text + "ha")


# ------------------------------------------------------------------ a line typed at a confirmation
CONFIRM_SCRIPT = tuple(
    Step(id, text)
    for id, text in (
        ("play-treasures-1", "play treasures"),
        ("buy-chapel", "buy chapel"),
        ("end-1", "end"),
        ("play-treasures-2", "play treasures"),
        ("buy-silver", "buy silver"),
        ("end-2", "end"),
        ("end-with-action", "end"),
        ("ask-status", "status"),
        ("ask-card", "card chapel"),
        ("end-other", "play copper"),
        ("end-again", "end"),
        ("end-no", "no"),
        ("play-chapel", "play chapel"),
        ("trash-estates", "2,2"),
        ("ask-hand", "hand"),
        ("trash-yes", "yes"),
    )
)
END_IT = "You still have 1 Action and could play Chapel. End the Action phase? Type yes to end it:"


def test_a_query_at_a_confirmation_is_answered_and_asked_again_alike_at_every_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.modules[__name__], "TYPED", CONFIRM_SCRIPT)
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(ann_settings(tmp_path)))
    said = {}
    for end, run in (
        ("keyboard", keyboard_end),
        ("ssh", ssh_end),
        ("join", functools.partial(join_end, tmp_path)),
        ("host", host_end),
    ):
        monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / end))
        said[end] = normalise(run(), CONFIRM_SCRIPT, KEYBOARD_PROMPT if end == "keyboard" else PROMPT).steps
    keyboard = said["keyboard"]
    assert keyboard["trash-yes"].pop() == "Game stopped."  # the end of piped input, at the keyboard
    assert said["join"]["trash-yes"].pop() == "You left the game."  # and at join
    assert said["host"]["trash-yes"].pop() == "Game stopped."  # and at the host's seat, as at the keyboard
    assert said["ssh"] == keyboard and said["host"] == keyboard and said["join"] == keyboard
    assert keyboard["end-with-action"] == ["> end", END_IT]
    assert keyboard["ask-status"] == [
        "> status",
        "Your turn 3, Action phase: 1 Action, 1 Buy, 0 coins.",
        "You have 0 Debt and 0 VP in tokens; 5 cards in hand, 7 cards in the deck, 0 cards in the discard pile.",
        "Bot: 0 Debt, 0 VP in tokens; 5 cards in hand, 7 cards in the deck, 0 cards in the discard pile.",
        END_IT,
    ]
    assert keyboard["ask-card"][0] == "> card chapel" and keyboard["ask-card"][-1] == END_IT
    assert keyboard["ask-card"][1].startswith("Chapel (Dutch: Kapel): Action, costs 2 coins.")
    # a move typed there is a no, and the sentence says so; the word no is a no
    assert keyboard["end-other"] == ["> play copper", "That is not yes, so it is a no. The Action phase goes on."]
    assert keyboard["end-no"] == ["> no", "The Action phase goes on."]
    assert keyboard["ask-hand"][-1] == "Trash 2 Estates? Type yes to trash:"
    assert keyboard["trash-yes"][:2] == ["> yes", "You trash 2 Estates. 0 Actions."]
