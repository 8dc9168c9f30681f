"""The console seat: a game at one keyboard, for blind and sighted players.

:class:`Console` runs the loop: bots answer their decisions at once; for a
human it narrates what happened since the last prompt (printed, spoken and
kept in the history), prints the question with numbered options, reads one
line and either runs a query command (which never changes the game) or
answers the decision. A refused line gets one sentence and the same prompt
again. :func:`run_console` builds it from the ``play`` command's options.
"""
from __future__ import annotations

import difflib
import os
import random
import sys
from typing import Optional

from announcements.history import History
from announcements.speech import Speaker

from ..kingdoms import choose_setup
from ..record import RecordError, dumps, load_record, make_record, replay
from ..rules.decisions import IllegalAnswer
from ..rules.game import Game, GameConfig, SetupError
from ..seats import BOT_KINDS, RandomBot, make_bot, parse_seats
from ..textinput import MOVE_WORDS, InputError, parse_line, split_speaker
from . import queries as q
from .completion import COMMANDS, DecisionCompleter, expand_names
from .display import Display, PlainReader, PromptReader, wants_plain
from .keys import KeyCommand, build_key_bindings, key_help_lines
from .narration import EventReader

HELP_LINES = [
    "Answer the question by number or by name. At your turn: play CARD, play treasures, buy CARD, pay, pay N, end.",
    "In a card choice: names or numbers separated by commas, or none. Yes or no questions: yes or no.",
    "The start of a name is enough when only one choice starts so, for example buy prov.",
    "Several players at one keyboard can start a line with a name, for example Ann: play Villa.",
    "Commands that never change the game:",
    "hand: your hand and what is in play.",
    "status: phase, Actions, Buys, coins, Debt, VP tokens and card counts.",
    "supply: every pile with its top card, cost, cards left and tokens.",
    "score: everyone's score now, with where the VP come from.",
    "landmarks, events: the Landmarks and Events of this game with their texts.",
    "card NAME: the text, cost and types of a card, Event or Landmark.",
    "trash: what is in the trash.",
    "options: the question again with every option numbered.",
    "repeat: the last message. log, or log N: the last 10 or N messages. previous, next: walk the messages.",
    "save FILE, load FILE: save the game to a file, or go on with a saved game.",
    "speech: which speech output is in use. stop: stop speech.",
    "quit: stop the game. help keys: the shortcut keys.",
]

ALIASES = {"scores": "score", "exit": "quit", "landmark": "landmarks", "event": "events", "prev": "previous",
           "back": "previous", "question": "options", "silence": "stop", "hush": "stop", "?": "help",
           "again": "repeat", "history": "log"}


def _yes(text: str) -> bool:
    return text.strip().lower() in ("y", "yes", "ja", "j")


class Console:
    """One game at this keyboard.

    ``seats`` is a list of (name, kind) with kind human or a bot kind;
    ``reader`` has ``read(message, default) -> str | KeyCommand`` and raises
    EOFError at the end of input; ``display`` prints lines; ``speaker``
    speaks them.
    """

    def __init__(self, game: Game, seats: list, display: Display, speaker: Speaker,
                 reader=None, verbosity: str = "normal", seed: Optional[int] = None):
        self.game = game
        self.display = display
        self.speaker = speaker
        self.reader = reader
        self.verbosity = verbosity
        self.seed = game.config.seed if seed is None else seed
        self.history = History()
        self._set_seats(seats)
        self.events = self._event_reader(start=0)
        self.prompted = None
        self.first_prompt_of_turn = None
        self.exit_code: Optional[int] = None    # set when the player stops or the game cannot go on
        self.asker: Optional[str] = None
        self.loaded: Optional[str] = None

    # ------------------------------------------------------------ set-up
    def _set_seats(self, seats: list) -> None:
        self.seats = [(n, k) for n, k in seats]
        self.humans = [n for n, k in self.seats if k == "human"]
        self.bots = {n: make_bot(k, self.seed * 10 + i) for i, (n, k) in enumerate(self.seats) if k != "human"}

    def _event_reader(self, start: int) -> EventReader:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        cur = self.game.current.name if start else None
        return EventReader(viewer=viewer, verbosity=self.verbosity, start=start, current=cur)

    @property
    def solo(self) -> bool:
        """True when one human plays, so queries say "you"."""
        return len(self.humans) == 1

    def me(self) -> str:
        """The seat queries are about: the human who asked by name ("Bob: hand"), else the
        human who must answer, else the first human."""
        if self.asker is not None:
            return self.asker
        d = self.game.pending
        if d is not None and d.player not in self.bots:
            return d.player
        return self.humans[0] if self.humans else self.game.current.name

    # ------------------------------------------------------------ output
    def say(self, text: str, priority: str = "normal", keep: bool = True, style: Optional[str] = None,
            interrupt: bool = False) -> None:
        """Print one line, speak it and (with ``keep``) add it to the history."""
        self.display.line(text, style)
        self.speaker.speak(text, priority=priority, interrupt=interrupt)
        if keep:
            self.history.add(text, priority=priority)

    def reply(self, lines: list) -> None:
        """Print and speak the answer to a query; not kept in the history."""
        for i, line in enumerate(lines):
            self.say(line, keep=False, interrupt=(i == 0))

    def error(self, text: str) -> None:
        """One sentence about a refused line."""
        self.say(text, priority="high", keep=False, style="bold", interrupt=True)

    def narrate(self) -> None:
        """Announce every event since the last call."""
        for text, prio in self.events.new_announcements(self.game):
            self.say(text, prio)

    # ------------------------------------------------------------ the loop
    def intro(self) -> None:
        self.say("a11y-dominion. Type help for commands; F2 repeats the last message.")
        self.say(self.speaker.describe(), keep=False)
        if self.loaded:
            self.say(f"Loaded {self.loaded}.", keep=False)
            if self.game.pending is not None:
                self.say(q.turn_line(self.game, self.humans[0] if self.solo else None), keep=False)
        else:
            self.say(f"Game seed {self.seed}.", keep=False)

    def run(self) -> int:
        """Play until the game ends or the player stops; returns the exit code."""
        self.intro()
        self.game.start()
        default = ""
        while True:
            self.narrate()
            d = self.game.pending
            if d is None:
                return self.finish()
            if d.player in self.bots:
                if not self.bot_move(d):
                    return 1
                continue
            if self.prompted is not d:
                self.show_question(d)
            try:
                got = self.reader.read(self.prompt_message(d), default)
            except EOFError:
                self.say("Game stopped.", keep=False)
                return 0
            except KeyboardInterrupt:
                self.say("Line cleared. Type quit to stop the game.", keep=False)
                default = ""
                continue
            default = ""
            if isinstance(got, KeyCommand):
                default = got.text
                self.command(got.command)
            else:
                self.handle(got)
            if self.exit_code is not None:
                return self.exit_code

    def finish(self) -> int:
        """The game is over; its final scores and winners were just announced.

        When the game speaks itself, wait for Enter first, so closing the
        speech output does not cut the final scores off.
        """
        if self.humans and self.speaker.mode in ("self-voicing", "auto") \
                and self.speaker.effective_mode == "self-voicing":
            self.say("Press Enter to leave the game.", keep=False)
            try:
                self.reader.read("> ", "")
            except (EOFError, KeyboardInterrupt):
                pass
        return 0

    def prompt_message(self, d) -> str:
        return f"{d.player}> "

    def show_question(self, d, full: bool = False) -> None:
        """Print the pending question and its numbered options."""
        new_turn = (d.kind == "turn" and self.first_prompt_of_turn != (self.game.turn.number, d.player))
        if d.kind == "turn":
            self.first_prompt_of_turn = (self.game.turn.number, d.player)
        for line in q.decision_lines(self.game, d, full=full, hand=new_turn and not full, you=self.solo):
            # Turn moves are printed for the eyes and the screen reader, but a self-voicing game does
            # not read the whole list aloud at every move; F9 (options) reads it.
            spoken = full or d.kind != "turn" or not line[:1].isdigit()
            self.display.line(line)
            if spoken:
                self.speaker.speak(line)
        self.prompted = d

    # ------------------------------------------------------------ bots
    def bot_move(self, d) -> bool:
        """Let a bot answer ``d``; returns False if the game cannot go on."""
        bot = self.bots[d.player]
        for attempt in range(5):
            before = len(self.game.answers)
            try:
                keys = bot.decide(self.game, d) if attempt == 0 else \
                    RandomBot(self.seed + attempt).decide(self.game, d)
                self.game.answer(keys)
                return True
            except IllegalAnswer:
                continue
            except Exception as e:  # an engine fault: go back to before the move and try another
                if not self._restore(before, e, announce=False):
                    return False
                d = self.game.pending
        self.say(f"{d.player} could not find a legal answer; the game cannot go on.", keep=False)
        return False

    def _restore(self, answers: int, err: Exception, announce: bool = True) -> bool:
        """After an engine fault, replay the game's first ``answers`` answers: the game as it
        was before the failed move."""
        record = make_record(self.game, self.seats)
        record["answers"] = record["answers"][:answers]
        try:
            game = replay(record)
        except RecordError:
            self.say(f"The game engine failed ({type(err).__name__}) and the game cannot go on.", keep=False)
            return False
        self.game = game
        self.events.pos = min(self.events.pos, len(game.log))
        self.prompted = None
        if announce:
            self.error(f"That move failed inside the game engine ({type(err).__name__}: {err}); "
                       "the game is back where it was before it.")
        return True

    # ------------------------------------------------------------ input
    def handle(self, line: str) -> None:
        """Run a typed line: a command, or an answer to the pending decision."""
        text = line.strip()
        if not text:
            self.show_question(self.game.pending)
            return
        who, rest = split_speaker(self.game, text)
        word = (rest.split() or [""])[0].lower()
        if ALIASES.get(word, word) in COMMANDS and not self._is_answer_word(word):
            self.asker = who if who in self.humans else None
            try:
                self.command(rest.strip())
            finally:
                self.asker = None
            return
        self.answer(text)

    def _is_answer_word(self, word: str) -> bool:
        """True when ``word`` names an option of the pending non-turn decision."""
        d = self.game.pending
        if d is None or d.kind == "turn":
            return False
        return any(word == str(d.labels.get(o, o)).lower() for o in d.options)

    def answer(self, text: str) -> None:
        d = self.game.pending
        line = text
        if d.kind == "yesno" and text.strip() in ("1", "2"):
            line = d.options[int(text.strip()) - 1]
        before = len(self.game.answers)
        try:
            line = expand_names(self.game, line)
            _who, keys = parse_line(self.game, line, numbers=True)
            self.game.answer(keys)
        except InputError as e:
            self.error(self._suggest(text) or str(e))
        except IllegalAnswer as e:
            self.error(str(e))
        except Exception as e:  # an engine fault: never a traceback
            if not self._restore(before, e):
                self.exit_code = 1

    def _suggest(self, text: str) -> Optional[str]:
        """A "did you mean" sentence for a mistyped command, or None."""
        word = text.split()[0].lower()
        if word in MOVE_WORDS or word.isdigit():
            return None
        close = difflib.get_close_matches(word, list(COMMANDS) + ["play", "buy", "end"], n=1, cutoff=0.75)
        if close and close[0] != word:
            return f"{text} is not a command or a move; did you mean {close[0]}? Type help for commands."
        return None

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run a query command; none of them changes the game."""
        word, _, rest = text.strip().partition(" ")
        word = ALIASES.get(word.lower(), word.lower())
        rest = rest.strip()
        g = self.game
        me = self.me()
        if word == "hand":
            self.reply(q.hand_lines(g, me, self.solo))
        elif word == "status":
            self.reply(q.status_lines(g, me, self.solo))
        elif word == "supply":
            if self.display.plain:
                self.reply(q.supply_lines(g))
            else:
                self.display.supply_table(g)
                for line in q.supply_lines(g):
                    self.speaker.speak(line)
        elif word == "score":
            self.reply(q.score_lines(g))
        elif word == "landmarks":
            self.reply(q.landmark_lines(g))
        elif word == "events":
            self.reply(q.event_lines(g))
        elif word == "trash":
            self.reply(q.trash_lines(g))
        elif word == "card":
            try:
                self.reply(q.card_lines(g, rest))
            except q.QueryError as e:
                self.error(str(e))
        elif word == "log":
            self.cmd_log(rest)
        elif word == "repeat":
            last = self.history.last()
            self.reply([last if last is not None else "Nothing has been said yet."])
        elif word in ("previous", "next"):
            text = self.history.previous() if word == "previous" else self.history.next()
            pos = self.history.position()
            self.reply([f"{text} ({pos[0]} of {pos[1]})" if text is not None else "Nothing has been said yet."])
        elif word == "options":
            if g.pending is not None:
                self.show_question(g.pending, full=True)
        elif word == "help":
            self.reply(key_help_lines() if rest.lower().startswith("key") else HELP_LINES)
        elif word == "save":
            self.cmd_save(rest)
        elif word == "load":
            self.cmd_load(rest)
        elif word == "speech":
            self.reply([self.speaker.describe()])
        elif word == "stop":
            self.speaker.silence()
            self.display.line("Speech stopped.")    # printed only: speaking it would undo the silence
        elif word == "quit":
            self.cmd_quit()
        else:
            self.error(f"{text} is not a command. Type help for commands.")

    def cmd_log(self, rest: str) -> None:
        if rest and not rest.isdigit():
            self.error("Log takes a whole number, for example log 5.")
            return
        n = int(rest) if rest else 10
        lines = self.history.recent(n)
        if not lines:
            self.reply(["Nothing has been said yet."])
            return
        self.reply([f"The last {len(lines)} messages:"] + lines)

    def cmd_save(self, path: str) -> None:
        if not path:
            self.error("Save needs a file name, for example save game.json.")
            return
        full = os.path.expanduser(path)
        try:
            with open(full, "w", encoding="utf-8") as f:
                f.write(dumps(make_record(self.game, [list(s) for s in self.seats])))
        except OSError as e:
            self.error(f"Cannot save to {path}: {e.strerror or e}.")
            return
        self.say(f"Game saved to {path}.", keep=False)

    def cmd_load(self, path: str) -> None:
        if not path:
            self.error("Load needs a file name, for example load game.json.")
            return
        try:
            game, seats = load_game(path, self.seats)
        except (RecordError, SetupError) as e:
            self.error(f"Cannot load {path}: {e} The game goes on unchanged.")
            return
        self.game = game
        self._set_seats(seats)
        self.events = self._event_reader(start=len(game.log))
        self.prompted = None
        self.first_prompt_of_turn = None
        self.say(f"Loaded {path}.", keep=False)
        if game.pending is not None:
            self.say(q.turn_line(game, self.humans[0] if self.solo else None), keep=False)

    def cmd_quit(self) -> None:
        try:
            got = self.reader.read("Stop the game without saving? Type yes to stop: ", "")
        except (EOFError, KeyboardInterrupt):
            got = "yes"
        if isinstance(got, str) and _yes(got):
            self.say("Game stopped.", keep=False)
            self.exit_code = 0
        else:
            self.say("The game goes on.", keep=False)


def load_game(path: str, seats: Optional[list] = None) -> tuple:
    """(game, seats) from a save file; raises RecordError with one sentence."""
    try:
        with open(os.path.expanduser(path), encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise RecordError(f"There is no file named {path}.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"The file cannot be read ({getattr(e, 'strerror', None) or e}).") from None
    record = load_record(text)
    game = replay(record)
    names = list(game.config.players)
    saved = record.get("seats") or []
    try:
        saved = [(str(n), str(k).lower()) for n, k in saved]
    except (TypeError, ValueError):
        raise RecordError("The saved game's seat list is damaged.") from None
    if [n for n, _ in saved] == names and all(k == "human" or k in BOT_KINDS for _, k in saved):
        return game, saved
    if seats is not None and [n for n, _ in seats] == names:
        return game, list(seats)
    raise RecordError(f"The saved game is for {', '.join(names)}, and has no usable seat list.")


def run_console(args, stdout=None, reader=None, pt_input=None, pt_output=None) -> int:
    """Play a game from the ``play`` command's options; returns the exit code.

    ``stdout``, ``reader``, ``pt_input`` and ``pt_output`` replace the
    terminal for tests. Bad options print one sentence on standard error
    and return 2.
    """
    console = make_console(args, stdout=stdout, reader=reader, pt_input=pt_input, pt_output=pt_output)
    if isinstance(console, int):
        return console
    try:
        return console.run()
    finally:
        console.speaker.close()


def make_console(args, stdout=None, reader=None, pt_input=None, pt_output=None):
    """A :class:`Console` for the ``play`` options, or an exit code after a bad option."""
    out = stdout if stdout is not None else sys.stdout
    load = getattr(args, "load", None)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    try:
        seats = parse_seats(args.players)
    except ValueError as e:
        print(f"a11y-dominion: {e}", file=sys.stderr)
        return 2
    if load:
        try:
            game, seats = load_game(load, seats)
        except (RecordError, SetupError) as e:
            print(f"a11y-dominion: cannot load {load}: {e}", file=sys.stderr)
            return 2
        seed = game.config.seed
    else:
        piles, events, landmarks = choose_setup(args.kingdom, args.events, args.landmarks, seed)
        try:
            game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, seed))
        except SetupError as e:
            print(f"a11y-dominion: {e}", file=sys.stderr)
            return 2
    plain = wants_plain(args.speech, getattr(args, "plain", False), out)
    display = Display(out, plain=plain)
    speaker = Speaker(args.speech, print_fn=lambda s: display.line(s))
    console = Console(game, seats, display, speaker, verbosity=args.verbosity, seed=seed)
    if reader is None:
        interactive = pt_input is not None or (sys.stdin.isatty() and out.isatty())
        if interactive:
            reader = PromptReader(DecisionCompleter(lambda: console.game), build_key_bindings(), plain=plain,
                                  input=pt_input, output=pt_output)
        else:
            reader = PlainReader(sys.stdin, out)
    console.reader = reader
    if load:
        console.events = console._event_reader(start=len(game.log))
        console.loaded = load
    return console
