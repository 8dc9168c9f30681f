"""One scripted session of the same game, for every end a person plays at, and what "what
the player receives" means when the ends are compared (tests/test_same_session.py).

The game: Ann, the person at the end under test, against a Big Money bot, seed
:data:`SEED`, the Kingdom :data:`KINGDOM` with one Event and one Landmark. Ann's
settings are the defaults (English, normal verbosity, ``confirm`` and ``hints`` on).

:data:`SCRIPT` is what Ann types, one :class:`Step` at each prompt, in game order:
queries, history, keys (F2, F3, Up, Tab, Ctrl+C: only the real ends in a terminal take
them), help, settings, hint, chat, mistyped words ("did you mean"), a refused buy, the
confirmations (ending the Action phase with an Action left, a trashing), undo, a line
longer than the game reads, a line with control bytes, quit answered no, three more turns
of Big Money, and quit answered yes. The bot reseeds by the count of answers, so the same
answers give the same game at every end; :data:`ANCHORS` checks that it is still the game
the script was written for.

:func:`normalise` turns what an end's player received (text as a terminal shows it,
one line a line) into a :class:`Transcript`: the lines the player reads from the
Kingdom sentence on, in segments, one before the first typed line and one after each
step; a prompt and what was typed at it become ``> TEXT``, a question's sentence that
was the prompt becomes a line of its own; trailing spaces and blank lines go. Nothing
else is changed: every sentence is compared as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from a11y_dominion.textinput import typed_line

SEED = 1
PLAYERS = "Ann:human,Bot:bigmoney"
KINGDOM = "Chapel,Village,Smithy,Moat,Market,Cellar,Militia,Festival,Laboratory,Workshop"
EVENTS = "Advance"
LANDMARKS = "Orchard"
# Ann's settings file: the defaults, written out (confirm and hints on, the options read when new)
SETTINGS = {"language": "en", "verbosity": "normal", "confirm": True, "hints": True, "options": "new"}
SEAT = "Ann"
PROMPT = f"{SEAT}> "
FIRST_LINE = "Kingdom: "  # the comparison starts at the line that names the Kingdom
LONG_LINE = "card " + "x" * 1195  # 1,200 characters: past the 1,000 a typed line holds
CONTROL_LINE = "status\x1b[31m\x07"  # an escape sequence and a bell in a typed line


@dataclass(frozen=True)
class Step:
    """One line Ann types: ``id`` names it in the divergence ledger, ``text`` is typed as it is,
    then Enter. ``keys``, when given, are pressed first (bytes as a terminal sends them: F2, Tab,
    Ctrl+C...), which only the real ends in a terminal can take (the e2e variant); the ends run
    in this process leave such a step out."""

    id: str
    text: str
    keys: bytes | None = None


def _steps(*steps: tuple[str, str] | Step) -> tuple[Step, ...]:
    made = tuple(s if isinstance(s, Step) else Step(*s) for s in steps)
    ids = [s.id for s in made]
    assert len(set(ids)) == len(ids), "every step has an id of its own"
    return made


F2, F3, UP, TAB, CTRL_C = b"\x1bOQ", b"\x1bOR", b"\x1b[A", b"\t", b"\x03"

SCRIPT = _steps(
    # turn 1: 2 Coppers and 3 Estates
    ("hand", "hand"),
    ("status", "status"),
    ("supply", "supply"),
    ("score", "score"),
    ("landmarks", "landmarks"),
    ("events", "events"),
    ("trash", "trash"),
    ("card-smithy", "card smithy"),
    ("card-guessed", "card vil"),
    ("bot-status", "Bot: status"),
    ("bot-hand", "Bot: hand"),
    ("log-3", "log 3"),
    ("repeat", "repeat"),
    ("repeat-2", "repeat 2"),
    ("previous", "previous"),
    ("next", "next"),
    ("repeat-x", "repeat x"),
    Step("key-f2", "hand", F2),  # each key that ends the line being typed is followed by a line
    Step("key-f3", "status", F3),
    Step("key-up", "", UP),
    Step("key-tab", "", b"card smi" + TAB),
    Step("ctrl-c-half", "hand", b"buy sil" + CTRL_C),
    Step("ctrl-c-empty", "hand", CTRL_C),
    ("options", "options"),
    ("empty-line", ""),
    ("help", "help"),
    ("help-next", "help next"),
    ("help-keys", "help keys"),
    ("settings", "settings"),
    ("settings-terse", "settings set verbosity terse"),
    ("settings-normal", "settings set verbosity normal"),
    ("hint", "hint"),
    ("did-you-mean-hand", "hnd"),
    ("did-you-mean-play", "Copper"),
    ("buy-refused", "buy Province"),
    ("say", "say good luck"),
    ("undo-nothing", "undo"),
    ("play-treasures-1", "play treasures"),
    ("buy-chapel", "buy chapel"),
    ("end-1", "end"),
    # turn 2: 5 Coppers
    ("play-treasures-2", "play treasures"),
    ("buy-silver", "buy silver"),
    ("undo-buy", "undo"),
    ("buy-silver-again", "buy silver"),
    ("end-2", "end"),
    # turn 3: Chapel, 2 Coppers and 2 Estates
    ("end-with-action", "end"),
    ("end-no", "no"),
    ("play-chapel", "play chapel"),
    ("trash-estates", "2,2"),
    ("trash-yes", "yes"),
    ("play-treasures-3", "play treasures"),
    ("buy-cellar", "buy cellar"),
    ("end-3", "end"),
    # turn 4: 3 Coppers, Silver and Estate
    ("long-line", LONG_LINE),
    ("control-bytes", CONTROL_LINE),
    ("quit-no", "quit"),
    ("stay", "no"),
    ("play-treasures-4", "play treasures"),
    ("buy-market", "buy market"),
    ("end-4", "end"),
    ("hand-5", "hand"),
    ("quit-yes", "quit"),
    ("leave", "yes"),
)


ANCHORS = {  # step id -> a line the keyboard says after it: the game the script was written for
    "bot-hand": "Bot is a bot; you may only look at your own hand.",
    "buy-chapel": "You buy Chapel. 0 Buys, 0 coins.",
    "end-1": "You draw 5 Coppers.",
    "undo-buy": "Taken back: your buy of Silver.",
    "end-2": "You shuffle 12 cards and draw Chapel, 2 Coppers and 2 Estates.",
    "end-no": "The Action phase goes on.",
    "trash-yes": "You trash 2 Estates. 0 Actions.",
    "end-3": "You draw 3 Coppers, Silver and Estate.",
    "long-line": "That line was too long: only its first 1000 characters were read.",
    "stay": "The game goes on.",
    "end-4": "Your turn 5. 5 cards in hand.",
    "leave": "Game stopped.",
}
"""The script's game at the keyboard: were the game's shuffles or the bot to change, the script
would no longer play the moves it means to (a refusal is the same at every end), so these say it."""


def missed_anchors(transcript: Transcript) -> dict[str, list[str] | None]:
    """The steps of :data:`ANCHORS` whose line ``transcript`` (the keyboard's) does not hold after
    them: step id -> what it holds there (None: the step was never read)."""
    steps = transcript.steps
    return {step: steps.get(step) for step, line in ANCHORS.items() if line not in steps.get(step, [])}


TYPED = tuple(step for step in SCRIPT if step.keys is None)
"""The steps that are typed lines: what piped input and the ends run in this process can take."""


def script_text(script: tuple[Step, ...] = TYPED) -> str:
    """The script's lines as piped input: each step's text and a line feed."""
    return "".join(step.text + "\n" for step in script)


def shown(text: str) -> str:
    """What a terminal shows of a typed ``text`` once the line is read: the line as the game
    reads it (:func:`~a11y_dominion.textinput.typed_line`: at most 1,000 characters, without
    control characters or escape sequences, trimmed)."""
    return typed_line(text)


@dataclass
class Transcript:
    """What one end's player received, normalised: ``start`` the lines from the Kingdom
    sentence to the first typed line, ``steps`` the lines after each step (by step id; a step
    the end never read is missing), ``before`` the lines before the Kingdom sentence, and
    ``exit_code`` the program's exit code when a harness saw it end (None: it did not end)."""

    before: list[str] = field(default_factory=list)
    start: list[str] = field(default_factory=list)
    steps: dict[str, list[str]] = field(default_factory=dict)
    exit_code: int | None = None  # the program's, when a harness saw it end

    def segment(self, step: str | None) -> list[str] | None:
        """The lines after the step with id ``step`` (None: the game's start); None when the end never read it."""
        return self.start if step is None else self.steps.get(step)


QUESTION_ENDS = (":", "?")  # how a question's last sentence, shown as the prompt, ends


def _typed_at(line: str, typed: str, prompt: str) -> str | None:
    """The text before the prompt when ``line`` is a prompt with ``typed`` after it (the
    seat's prompt ``Ann> ``, or a question's last sentence ending in ``:`` or ``?`` and a
    space), else None."""
    if not line.endswith(typed):
        return None
    head = line[: len(line) - len(typed)]
    if head.endswith(prompt):
        return head[: -len(prompt)]
    if typed and head.endswith(" ") and head.rstrip().endswith(QUESTION_ENDS):
        return head
    if not typed and line.rstrip().endswith(QUESTION_ENDS) and line.endswith(" "):
        return line
    return None


def _prompt_row(row: str, prompt: str) -> tuple[str, str]:
    """(what stood before the prompt, what was typed after it) of the row a line was typed on:
    after the seat's prompt, or after a question's last sentence (its last ``: `` or ``? ``)."""
    if row.startswith(prompt):
        return "", row[len(prompt) :]
    cut = max(row.rfind(": "), row.rfind("? "))
    if cut < 0:
        return row, ""
    return row[: cut + 1], row[cut + 2 :]


def normalise(
    text: str, script: tuple[Step, ...] = TYPED, prompt: str = PROMPT, starts: list[int] | None = None
) -> Transcript:
    """The :class:`Transcript` of ``text``, what a player's terminal shows (lines ended by
    line feeds, carriage returns already applied), for the ``script`` typed at ``prompt``.

    Where each step begins is either given, ``starts``: the line each step was typed on (a
    harness that typed the keys knows it, the e2e variant's), or looked for, in order: a line
    that is a prompt followed by the next step's text as shown (:func:`shown`). The line a
    step was typed on becomes ``> TEXT`` (what it shows after the prompt), and what stood before
    the prompt on it (a question's sentences) a line of its own; another line that begins with
    the seat's prompt becomes ``> TEXT`` too. A line that is the prompt
    alone (drawn, then left when a line came) is dropped, as are blank lines; trailing spaces
    are cut."""
    out = Transcript()
    current: list[str] = out.before
    started = False
    at = 0
    for number, raw in enumerate(text.split("\n")):
        head: str | None = None
        if starts is not None and at < len(starts) and number == starts[at]:
            head, typed = _prompt_row(raw, prompt)
        elif starts is None and at < len(script):
            typed = shown(script[at].text)
            head = _typed_at(raw, typed, prompt)
        if head is not None:
            if head.strip():
                current.append(head.rstrip())
            current = out.steps.setdefault(script[at].id, [])
            current.append(("> " + typed.strip()).rstrip())
            at += 1
            started = True
            continue
        line = raw.rstrip()
        if not line or line == prompt.rstrip():
            continue
        if line.startswith(prompt):  # a line typed at a prompt inside a step (after a key that ended the line)
            line = "> " + line[len(prompt) :].strip()
        if not started and line.startswith(FIRST_LINE):
            current = out.start
            started = True
        current.append(line)
    return out


# ------------------------------------------------------------------ what a terminal shows
_CSI = re.compile(r"\x1b\[([0-?]*)[ -/]*([@-~])")
_OTHER_ESCAPE = re.compile(r"\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]|\x1b$")


def _number(params: str, default: int = 1) -> int:
    first = params.lstrip("?").split(";")[0]
    return int(first) if first.isdigit() and int(first) > 0 else default


def teletype(raw: bytes) -> str:
    """The lines a terminal holds after it received ``raw`` (decoded as UTF-8, a byte that is
    not replaced), one a line, without the cursor: text is written at the cursor over what
    was there; a carriage return goes back to the line's start, a line feed to the next line's
    start, a backspace one column left; erasing (``CSI K``, ``CSI J``) and moving the cursor
    (``CSI A``, ``B``, ``C``, ``D``, ``G``) are applied; other escape sequences and control
    characters are dropped. (Plain lines are written with text, carriage return and backspace
    only, so the model is exact there.)"""
    text = raw.decode("utf-8", errors="replace")
    rows: list[list[str]] = [[]]
    row = col = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            m = _CSI.match(text, i)
            if m is None:
                other = _OTHER_ESCAPE.match(text, i)
                i = other.end() if other is not None else i + 1
                continue
            params, final = m.groups()
            i = m.end()
            line = rows[row]
            if final == "K":
                kind = _number(params, 0)
                if kind == 0:
                    del line[col:]
                elif kind == 1:
                    line[: col + 1] = [" "] * min(len(line), col + 1)
                else:
                    line.clear()
            elif final == "J":
                del line[col:]
                del rows[row + 1 :]
            elif final == "A":
                row = max(0, row - _number(params))
            elif final == "B":
                row += _number(params)
            elif final == "C":
                col += _number(params)
            elif final == "D":
                col = max(0, col - _number(params))
            elif final == "G":
                col = _number(params) - 1
            while len(rows) <= row:
                rows.append([])
            continue
        i += 1
        if ch == "\r":
            col = 0
        elif ch == "\n":
            row += 1
            col = 0
            while len(rows) <= row:
                rows.append([])
        elif ch == "\b":
            col = max(0, col - 1)
        elif ch.isprintable():
            line = rows[row]
            if len(line) < col:
                line.extend(" " * (col - len(line)))
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
    return "\n".join("".join(r) for r in rows)


def step_read(screen: str, row: int, step: Step, prompt: str = PROMPT) -> bool:
    """Whether the end has read ``step``, typed on the line numbered ``row`` of ``screen`` (what
    the terminal shows, :func:`teletype`), and answered it: a line from ``row`` on ends with
    the step's text as shown, a later one is the last and is a prompt (:func:`ends_with_prompt`).
    (A key that ends the line being typed, such as F2, makes a prompt of its own before the step's
    text is read: the text, typed after it, is what tells that the step was read.)"""
    lines = screen.split("\n")
    typed = shown(step.text)
    return ends_with_prompt(screen, prompt) and any(line.endswith(typed) for line in lines[row:-1])


QUESTION_PROMPT = re.compile(r".*\bType yes to [^.:?]*: ")  # a question's last sentence, as the prompt


def ends_with_prompt(screen: str, prompt: str = PROMPT) -> bool:
    """Whether the last line of ``screen`` (what a terminal shows, :func:`teletype`) is a prompt
    waiting for a line: the seat's (``Ann> ``) or a question's last sentence (``Type yes to end
    it: ``), whole (a line that only ends in a colon and a space may be cut where more is coming)."""
    last = screen.rsplit("\n", 1)[-1]
    return last == prompt or QUESTION_PROMPT.fullmatch(last) is not None
