"""The console seat: a game at one keyboard, for blind and sighted players.

:class:`Console` runs the loop: bots answer their decisions at once; for a
human it narrates what happened since the last prompt (printed, spoken and
kept in the history), prints the question with numbered options, reads one
line and either runs a query command (which never changes the game) or
answers the decision. A refused line gets one sentence and the same prompt
again. :func:`run_console` builds it from the ``play`` command's options and
the saved settings.

Everything the console prints or speaks goes through its
:class:`~a11y_dominion.i18n.Language` (``self.lang``): English templates
looked up in the catalog, card names in the game's language. Commands and
moves may be typed in English or Dutch.
"""
from __future__ import annotations

import difflib
import os
import random
import sys
from typing import Optional

from announcements.announcer import Announcer
from announcements.history import History
from announcements.narrator import count, join_names
from announcements.speech import Speaker

from ..i18n import Language, N_
from ..kingdoms import KingdomError, choose_setup
from ..record import RecordError, dumps, load_record, make_record, replay
from ..rules.decisions import IllegalAnswer, Move, MoveKind, Msg
from ..rules.cards import CARDS
from ..rules.game import Game, GameConfig, SetupError
from ..seats import BOT_KINDS, RandomBot, make_bot, parse_seats
from ..settings import load_settings
from ..textinput import MOVE_WORDS, YES, InputError, parse_line, split_speaker
from ..textinput import short as _short
from . import queries as q
from .completion import COMMANDS, DecisionCompleter, command_of, command_words, expand_names
from .display import Display, PlainReader, PromptReader, wants_plain
from .keys import KeyCommand, active_keys, bad_keys, build_key_bindings, key_help_lines, key_name
from ..view import player_view
from .narration import EventReader

HELP_LINES = [
    N_("Answer the question by number or by name. At your turn: play CARD, play treasures, buy CARD, pay, pay N, "
       "end."),
    N_("In a card choice: names or numbers separated by commas, or none. Yes or no questions: yes or no."),
    N_("The start of a name is enough when only one choice starts so, for example buy prov."),
    N_("Several players at one keyboard can start a line with a name, for example Ann: play Villa."),
    N_("Commands that never change the game:"),
    N_("hand: your hand and what is in play."),
    N_("status: phase, Actions, Buys, coins, Debt, VP tokens and card counts."),
    N_("supply: every pile with its top card, cost, cards left and tokens."),
    N_("score: everyone's score now, with where the VP come from."),
    N_("landmarks, events: the Landmarks and Events of this game with their texts."),
    N_("card NAME: the text, cost and types of a card, Event or Landmark."),
    N_("trash: what is in the trash."),
    N_("options: the question again with every option numbered."),
    N_("repeat, or repeat N: the last message, or the Nth latest. log, or log N: the last 10 or N messages. "
       "previous, next: walk the messages."),
    N_("save FILE, load FILE: save the game to a file, or go on with a saved game."),
    N_("speech: which speech output is in use. stop: stop speech."),
    N_("quit: stop the game. help keys: the shortcut keys."),
]

ALIASES = {"scores": "score", "exit": "quit", "landmark": "landmarks", "event": "events", "prev": "previous",
           "back": "previous", "question": "options", "silence": "stop", "hush": "stop", "?": "help",
           "again": "repeat", "history": "log"}


def _command(word: str) -> Optional[str]:
    """The command a typed word stands for (English, Dutch or an alias), or None."""
    low = word.lower()
    return command_of(ALIASES.get(low, low))


def _yes(text: str) -> bool:
    return text.strip().lower() in YES


ECHO_LIMIT = 40          # how much of a refused line is read back
ECHOED_FIELDS = ("word", "text", "move")   # the fields of a refusal that hold what was typed


def short(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters with "…" (see :func:`textinput.short`)."""
    return _short(str(text), limit)


def short_msg(message):
    """A refusal (:class:`Msg`) with what was typed in it cut by :func:`short`."""
    if not isinstance(message, Msg):
        return message
    args = {k: short(v) if k in ECHOED_FIELDS and isinstance(v, str) else v for k, v in message.args.items()}
    return Msg(message.template, **args)


def speech_line(speaker: Speaker, lang: Language) -> str:
    """Which speech mode and output are in use, in one sentence of ``lang``
    (the same sentence as ``speaker.describe()``)."""
    mode = speaker.mode
    if mode == "off":
        return lang._(N_("Speech is off; the game shows text only."))
    if mode == "screen-reader":
        return lang._(N_("Screen-reader mode: the game does not speak; your screen reader reads the text."))
    name = speaker.active_output_name
    if mode == "self-voicing":
        if name is not None:
            return lang.text(N_("Self-voicing mode: the game speaks through {output}."), output=name)
        return lang._(N_("Self-voicing mode, but no speech output works; the game shows text only."))
    if name is not None:
        return lang.text(N_("Automatic mode: the game speaks through {output}."), output=name)
    return lang._(N_("Automatic mode: no speech output was found, so the game does not speak; your screen reader "
                     "reads the text."))


class Console:
    """One game at this keyboard.

    ``seats`` is a list of (name, kind) with kind human or a bot kind;
    ``reader`` has ``read(message, default) -> str | KeyCommand`` and raises
    EOFError at the end of input; ``display`` prints lines; ``speaker``
    speaks them.
    """

    def __init__(self, game: Game, seats: list, display: Display, speaker: Speaker,
                 reader=None, verbosity: str = "normal", seed: Optional[int] = None,
                 lang: Optional[Language] = None, keys: Optional[dict] = None, confirm: bool = True):
        self.lang = lang or Language("en")
        self.keys = dict(keys or {})      # command -> key name, from the settings
        self.notices: list = []           # sentences said once at the start (settings problems)
        self.game = game
        self.display = display
        display.lang = self.lang          # the Supply table speaks the same language
        self.reader = reader
        self.verbosity = verbosity
        self.seed = game.config.seed if seed is None else seed
        self.history = History()
        self.confirm = confirm            # ask before irreversible choices
        self.announcer = Announcer(speaker, print_fn=lambda text, style=None: self.display.line(text, style),
                                   history=self.history)
        self._set_seats(seats)
        self.events = self._event_reader(start=0)
        self.prompted = None
        self.first_prompt_of_turn = None
        self.exit_code: Optional[int] = None    # set when the player stops or the game cannot go on
        self.asker: Optional[str] = None
        self.loaded: Optional[str] = None

    @property
    def speaker(self) -> Speaker:
        """The speech output boundary; setting it also gives it to the announcer."""
        return self.announcer.speaker

    @speaker.setter
    def speaker(self, value: Speaker) -> None:
        self.announcer.speaker = value

    # ------------------------------------------------------------ set-up
    def _set_seats(self, seats: list) -> None:
        self.seats = [(n, k) for n, k in seats]
        self.humans = [n for n, k in self.seats if k == "human"]
        self.bots = {n: make_bot(k, self.seed * 10 + i) for i, (n, k) in enumerate(self.seats) if k != "human"}

    def _event_reader(self, start: int) -> EventReader:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        cur = self.game.current.name if start else None
        # at a shared table, private facts are told only on a human's own turn: never a bot's cards
        return EventReader(viewer=viewer, verbosity=self.verbosity, start=start, current=cur, lang=self.lang,
                           private_seats=set(self.humans))

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
        """Print one line, speak it and (with ``keep``) add it to the history,
        all through the announcer."""
        self.announcer.announce(text, category="game" if keep else "reply", priority=priority, keep=keep,
                                interrupt=interrupt, style=style)

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
    def t(self, template: str, **fields) -> str:
        """``template`` in the console's language with its fields filled in."""
        return self.lang.text(template, **fields)

    def intro(self) -> None:
        repeat = next((key_name(k or alt) for k, alt, c, _w in active_keys(self.keys) if c == "repeat" and (k or alt)),
                      "F2")
        self.say(self.t(N_("a11y-dominion. Type help for commands; {key} repeats the last message."), key=repeat))
        self.say(speech_line(self.speaker, self.lang), keep=False)
        for notice in self.notices:
            self.say(notice, keep=False)
        if self.loaded:
            self.say(self.t(N_("Loaded {file}."), file=self.loaded), keep=False)
            if self.game.pending is not None:
                self.say(q.turn_line(self.game, self.humans[0] if self.solo else None, self.lang), keep=False)
        else:
            self.say(self.t(N_("Game seed {seed}."), seed=self.seed), keep=False)

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
                self.announcer.hold()          # nothing is spliced into a half-typed line
                try:
                    got = self.reader.read(self.prompt_message(d), default)
                finally:
                    self.announcer.release()
            except EOFError:
                if self.interactive:
                    # Ctrl+D on an empty line at a terminal: ask, as quit does
                    self.cmd_quit()
                    if self.exit_code is not None:
                        return self.exit_code
                    default = ""
                    continue
                self.say(self.lang._(N_("Game stopped.")), keep=False)   # piped input has ended
                return 0
            except KeyboardInterrupt:
                self.say(self.lang._(N_("Line cleared. Type quit to stop the game.")), keep=False)
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

    @property
    def interactive(self) -> bool:
        """True when lines come from a person at a terminal (where the end of
        input is Ctrl+D, after which more can be typed), not from a pipe or file."""
        return bool(getattr(self.reader, "interactive", False))

    def finish(self) -> int:
        """The game is over; its final scores and winners were just announced.

        When the game speaks itself, wait for Enter first, so closing the
        speech output does not cut the final scores off.
        """
        if self.humans and self.speaker.mode in ("self-voicing", "auto") \
                and self.speaker.effective_mode == "self-voicing":
            self.say(self.lang._(N_("Press Enter to leave the game.")), keep=False)
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
        for line in q.decision_lines(self.game, d, full=full, hand=new_turn and not full, you=self.solo,
                                     lang=self.lang):
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
                view = player_view(self.game, d.player)
                keys = bot.decide(d, view) if attempt == 0 else RandomBot(self.seed + attempt).decide(d, view)
                self.game.answer(keys)
                return True
            except IllegalAnswer:
                continue
            except Exception as e:  # an engine fault: go back to before the move and try another
                if not self._restore(before, e, announce=False):
                    return False
                d = self.game.pending
        self.say(self.t(N_("{player} could not find a legal answer; the game cannot go on."), player=d.player),
                 keep=False)
        return False

    def _restore(self, answers: int, err: Exception, announce: bool = True) -> bool:
        """After an engine fault, replay the game's first ``answers`` answers: the game as it
        was before the failed move."""
        record = make_record(self.game, self.seats)
        record["answers"] = record["answers"][:answers]
        try:
            game = replay(record)
        except RecordError:
            self.say(self.t(N_("The game engine failed ({error}) and the game cannot go on."),
                            error=type(err).__name__), keep=False)
            return False
        self.game = game
        self.events.pos = min(self.events.pos, len(game.log))
        self.prompted = None
        if announce:
            self.error(self.t(N_("That move failed inside the game engine ({error}: {detail}); "
                                 "the game is back where it was before it."), error=type(err).__name__, detail=err))
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
        if _command(word) in COMMANDS and not self._is_answer_word(word):
            self.asker = who if who in self.humans or who in self.bots else None
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
        return any(word in (str(d.labels.get(o, o)).lower(), self.lang.label(d, o).lower()) for o in d.options)

    def _engine_words(self, d, line: str) -> str:
        """A typed answer with the option labels of this language put back as
        the engine's option keys (a Dutch mode label, "passen")."""
        if d.kind not in ("mode", "number"):
            return line
        who, body = split_speaker(self.game, line)
        head = line[:len(line) - len(body)] if who else ""
        low = body.strip().lower()
        for o in d.options:
            if low and low == self.lang.label(d, o).lower():
                return head + o
        return line

    def answer(self, text: str) -> None:
        d = self.game.pending
        line = text
        if d.kind == "yesno" and text.strip() in ("1", "2"):
            line = d.options[int(text.strip()) - 1]
        before = len(self.game.answers)
        try:
            line = expand_names(self.game, self._engine_words(d, line), self.lang)
            _who, keys = parse_line(self.game, line, numbers=True)
            err = self.game.explain_move(keys) if d.kind == "turn" else d.check(keys)
        except InputError as e:
            self.error(self._pending_question(d, text) or self._suggest(text) or self._refusal(d, e))
            return
        if err is not None:
            self.error(self._pending_question(d, text) or self.refusal_text(err))
            return
        if not self.confirmed(d, keys):
            self.say(self.lang._(N_("Not done. The question stands.")), keep=False)
            return
        try:
            self.game.answer(keys)
        except IllegalAnswer as e:
            self.error(self._pending_question(d, text) or self.refusal_text(e))
        except Exception as e:  # an engine fault: never a traceback
            if not self._restore(before, e):
                self.exit_code = 1

    def confirmation_question(self, d, keys: list) -> Optional[str]:
        """The question to ask before an irreversible answer, or None.

        Asked (unless the ``confirm`` setting is off) before trashing cards;
        before any move that ends the Action phase (``end``, playing
        Treasures, buying, paying Debt) while Actions and playable Action
        cards are left; and before ending the turn with Debt and coins that
        could pay some of it."""
        if not self.confirm:
            return None
        g = self.game
        if d.kind == "turn" and len(keys) == 1:
            key = keys[0]
            if g.turn.phase == "action" and g.turn.actions > 0:
                plays = [o.name for o in d.options if o.kind is MoveKind.PLAY and CARDS[o.name].is_("Action")]
                ends = self._ends_action_phase(key)
                if plays and ends is not None:
                    template, fields = ends
                    return self.t(template, actions=count(g.turn.actions, "Action", self.lang),
                                  cards=join_names([self.lang.card(c) for c in plays], self.lang), **fields)
            p = g.player(d.player)
            if key.kind is MoveKind.END and g.turn.phase == "buy" and p.debt > 0 and g.turn.coins > 0:
                return self.t(N_("You have {coins} and {debt}; ending the turn leaves the coins unused. "
                                 "End the turn? Type yes to end it: "),
                              coins=count(g.turn.coins, "coin", self.lang), debt=count(p.debt, "Debt", self.lang))
        if d.purpose == "trash" and d.kind in ("cards", "pile") and keys:
            names = [d.labels.get(k, k) for k in keys]
            return self.t(N_("Trash {cards}? This cannot be undone. Type yes to trash: "),
                          cards=join_names([self.lang.card(n) for n in names], self.lang))
        return None

    def _ends_action_phase(self, key: Move) -> Optional[tuple]:
        """(question template, its fields) for a turn move that ends the Action
        phase, or None for a move that does not (playing an Action card)."""
        verb, arg = key.kind, key.name
        if verb is MoveKind.END:
            return N_("You still have {actions} and could play {cards}. End the Action phase? "
                      "Type yes to end it: "), {}
        if verb is MoveKind.TREASURES:
            return N_("You still have {actions} and could play {cards}. Playing Treasures ends the Action "
                      "phase. Go on? Type yes to go on: "), {}
        if verb is MoveKind.PLAY and arg in CARDS and not CARDS[arg].is_("Action"):
            return N_("You still have {actions} and could play {cards}. Playing {card} ends the Action "
                      "phase. Go on? Type yes to go on: "), {"card": arg}
        if verb is MoveKind.BUY:
            pile = self.game.piles.get(arg)
            name = pile.top.name if pile is not None and pile.cards else arg
            return N_("You still have {actions} and could play {cards}. Buying {card} ends the Action "
                      "phase. Go on? Type yes to go on: "), {"card": name}
        if verb is MoveKind.PAY:
            return N_("You still have {actions} and could play {cards}. Paying Debt ends the Action phase. "
                      "Go on? Type yes to go on: "), {}
        return None

    def confirmed(self, d, keys: list) -> bool:
        """Ask :meth:`confirmation_question` if there is one; True to go ahead."""
        question = self.confirmation_question(d, keys)
        if question is None:
            return True
        return self.ask_yes(question)

    def ask_yes(self, question: str) -> bool:
        """Ask a yes-or-no question; True only for yes (Ctrl+C, Ctrl+D and
        anything else are no)."""
        self.speaker.speak(question, priority="important", interrupt=True)   # heard, not only shown
        try:
            got = self.reader.read(question, "")
        except (EOFError, KeyboardInterrupt):
            return False
        return isinstance(got, str) and _yes(got)

    def refusal_text(self, err) -> str:
        """A refusal (an exception or :class:`Msg`) in the console's language, with
        what was typed cut short when it is long."""
        msg = err.args[0] if isinstance(err, BaseException) and err.args else err
        return self.lang.msg(short_msg(msg))

    def _refusal(self, d, err: InputError) -> str:
        """The sentence for a line that could not be read, in the console's language."""
        msg = err.args[0] if err.args else str(err)
        if self.lang.code != "en" and d is not None and d.kind == "mode" \
                and getattr(msg, "template", "") == "Choose one of: {choices}.":
            choices = "; ".join(f"{i + 1} ({self.lang.label(d, o)})" for i, o in enumerate(d.options))
            return self.t(msg.template, choices=choices)
        return self.refusal_text(msg)

    def _pending_question(self, d, text: str) -> Optional[str]:
        """"First answer the question: ..." when a move was typed while a card's
        question waits for its answer, else None."""
        if d is None or d.kind == "turn":
            return None
        who, body = split_speaker(self.game, text)
        word = (body.split() or [""])[0].lower()
        if who not in (None, d.player) or word not in MOVE_WORDS and word != "done":
            return None
        return self.t(N_("First answer the question: {question}"), question=q.question(self.game, d, self.lang))

    def _suggest(self, text: str) -> Optional[str]:
        """A "did you mean" sentence for a mistyped command, or None."""
        word = text.split()[0].lower()
        if word in MOVE_WORDS or word.isdigit() or _command(word) is not None:
            return None
        said = command_words(self.lang)
        words = [said[c] for c in COMMANDS] + [said[m] for m in ("play", "buy", "end")]
        if self.lang.code != "en":
            words += list(COMMANDS) + ["play", "buy", "end"]
        close = difflib.get_close_matches(word, words, n=1, cutoff=0.75)
        if close and close[0] != word:
            return self.t(N_("{text} is not a command or a move; did you mean {command}? Type help for commands."),
                          text=short(text), command=close[0])
        return None

    # ------------------------------------------------------------ commands
    def command(self, text: str) -> None:
        """Run a query command; none of them changes the game."""
        word, _, rest = text.strip().partition(" ")
        word = _command(word) or word.lower()
        rest = rest.strip()
        g = self.game
        me = self.me()
        lang = self.lang
        bot = self.asker if self.asker in self.bots else None
        if word == "hand":
            if bot is not None:     # a bot's hand is private, and the asker's own would be a wrong answer
                self.error(self.t(N_("{player} is a bot; you may only look at your own hand."), player=bot))
            else:
                self.reply(q.hand_lines(g, me, self.solo, lang))
        elif word == "status":     # public facts only: Debt, VP tokens, how many cards where
            self.reply(q.status_lines(g, me, self.solo and bot is None, lang))
        elif word == "supply":
            if self.display.plain:
                self.reply(q.supply_lines(g, lang))
            else:
                self.display.supply_table(g)
                for line in q.supply_lines(g, lang):
                    self.speaker.speak(line)
        elif word == "score":
            self.reply(q.score_lines(g, lang))
        elif word == "landmarks":
            self.reply(q.landmark_lines(g, lang))
        elif word == "events":
            self.reply(q.event_lines(g, lang))
        elif word == "trash":
            self.reply(q.trash_lines(g, lang))
        elif word == "card":
            self.cmd_card(rest)
        elif word == "log":
            self.cmd_log(rest)
        elif word == "repeat":
            if rest and not (rest.isdecimal() and rest.isascii()) or rest and int(rest) < 1:
                self.error(lang._(N_("Repeat takes a whole number from 1, for example repeat 3 for the third latest message.")))
                return
            n = int(rest) if rest else 1
            said = self.history.nth_latest(n)
            if said is None:
                self.reply([lang._(N_("Nothing has been said yet.")) if not len(self.history) else
                            self.t(N_("There are only {n} messages so far."), n=len(self.history))])
            else:
                self.reply([said])
        elif word in ("previous", "next"):
            text = self.history.previous() if word == "previous" else self.history.next()
            pos = self.history.position()
            self.reply([self.t(N_("{text} ({n} of {total})"), text=text, n=pos[0], total=pos[1])
                        if text is not None else lang._(N_("Nothing has been said yet."))])
        elif word == "options":
            if g.pending is not None:
                self.show_question(g.pending, full=True)
        elif word == "help":
            keys = rest.lower().startswith(("key", "toets"))
            self.reply(key_help_lines(lang, self.keys) if keys else [lang._(x) for x in HELP_LINES])
        elif word == "save":
            self.cmd_save(rest)
        elif word == "load":
            self.cmd_load(rest)
        elif word == "speech":
            self.reply([speech_line(self.speaker, lang)])
        elif word == "stop":
            self.speaker.silence()
            self.display.line(lang._(N_("Speech stopped.")))    # printed only: speaking it would undo the silence
        elif word == "quit":
            self.cmd_quit()
        else:
            self.error(self.t(N_("{text} is not a command. Type help for commands."), text=short(text)))

    def cmd_card(self, rest: str) -> None:
        """card NAME; the start of a name is enough when only one known name starts so."""
        g, lang = self.game, self.lang
        try:
            lines = q.card_lines(g, rest, lang)
        except q.QueryError as e:
            if not rest:
                self.error(self.refusal_text(e))
                return
            try:
                lines = q.card_lines(g, q.guess_name(g, rest, lang), lang)
            except q.QueryError as guess:
                self.error(self.refusal_text(guess))
                return
        self.reply(lines)

    def cmd_log(self, rest: str) -> None:
        if rest and not (rest.isdecimal() and rest.isascii()) or rest and int(rest) < 1:
            self.error(self.lang._(N_("Log takes a whole number from 1, for example log 5.")))
            return
        n = int(rest) if rest else 10
        lines = self.history.recent(n)
        if not lines:
            self.reply([self.lang._(N_("Nothing has been said yet."))])
            return
        self.reply([self.t(N_("The last {n} messages:"), n=len(lines))] + lines)

    def cmd_save(self, path: str) -> None:
        if not path:
            self.error(self.lang._(N_("Save needs a file name, for example save game.json.")))
            return
        full = os.path.expanduser(path)
        try:
            with open(full, "w", encoding="utf-8") as f:
                f.write(dumps(make_record(self.game, [list(s) for s in self.seats])))
        except OSError as e:
            self.error(self.t(N_("Cannot save to {file}: {error}."), file=path, error=e.strerror or e))
            return
        self.say(self.t(N_("Game saved to {file}."), file=path), keep=False)

    def cmd_load(self, path: str) -> None:
        if not path:
            self.error(self.lang._(N_("Load needs a file name, for example load game.json.")))
            return
        try:
            game, seats = load_game(path, self.seats)
        except (RecordError, SetupError) as e:
            self.error(self.t(N_("Cannot load {file}: {error} The game goes on unchanged."), file=path,
                              error=self.lang.msg(e)))
            return
        if self.confirm and self.game.pending is not None and self.game.answers \
                and not self.ask_yes(self.t(N_("Replace the game in progress with {file}? Type yes to load: "),
                                            file=path)):
            self.say(self.lang._(N_("Not loaded. The game goes on.")), keep=False)
            return
        self.game = game
        self.seed = game.config.seed       # the bots of the loaded game draw from its seed
        self._set_seats(seats)
        self.events = self._event_reader(start=len(game.log))
        self.prompted = None
        self.first_prompt_of_turn = None
        self.say(self.t(N_("Loaded {file}."), file=path), keep=False)
        if game.pending is not None:
            self.say(q.turn_line(game, self.humans[0] if self.solo else None, self.lang), keep=False)

    def cmd_quit(self) -> None:
        question = self.lang._(N_("Stop the game without saving? Type yes to stop: "))
        self.speaker.speak(question, priority="important", interrupt=True)
        try:
            got = self.reader.read(question, "")
        except EOFError:        # Ctrl+D again, or the end of piped input: stop
            got = "yes"
        except KeyboardInterrupt:   # Ctrl+C is no
            got = "no"
        if isinstance(got, str) and _yes(got):
            self.say(self.lang._(N_("Game stopped.")), keep=False)
            self.exit_code = 0
        else:
            self.say(self.lang._(N_("The game goes on.")), keep=False)


def load_game(path: str, seats: Optional[list] = None) -> tuple:
    """(game, seats) from a save file; raises RecordError with one sentence."""
    try:
        with open(os.path.expanduser(path), encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise RecordError(Msg("There is no file named {file}.", file=path)) from None
    except UnicodeDecodeError:
        raise RecordError(Msg("This file is not an a11y-dominion saved game.")) from None
    except OSError as e:
        raise RecordError(Msg("The file cannot be read ({error}).", error=e.strerror or "unknown error")) from None
    record = load_record(text)
    game = replay(record)
    names = list(game.config.players)
    saved = record.get("seats") or []
    try:
        saved = [(str(n), str(k).lower()) for n, k in saved]
    except (TypeError, ValueError):
        raise RecordError(Msg("The saved game's seat list is damaged.")) from None
    if [n for n, _ in saved] == names and all(k == "human" or k in BOT_KINDS for _, k in saved):
        return game, saved
    if seats is not None and [n for n, _ in seats] == names:
        return game, list(seats)
    raise RecordError(Msg("The saved game is for {players}, and has no usable seat list.", players=", ".join(names)))


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


def make_console(args, stdout=None, reader=None, pt_input=None, pt_output=None, settings=None):
    """A :class:`Console` for the ``play`` options, or an exit code after a bad option.

    Speech mode, verbosity and language come from the options, else from
    the saved settings (``settings``: a dict as :func:`load_settings`
    returns; None reads the settings file); the shortcut keys from the
    settings.
    """
    out = stdout if stdout is not None else sys.stdout
    warning = None
    if settings is None:
        settings, warning = load_settings()
    lang = Language(getattr(args, "lang", None) or settings.get("language") or "en")
    speech = getattr(args, "speech", None) or settings.get("speech") or "auto"
    verbosity = getattr(args, "verbosity", None) or settings.get("verbosity") or "normal"
    keys = dict(settings.get("keys") or {})

    def fail(text: str) -> int:
        print(f"a11y-dominion: {text}", file=sys.stderr)
        return 2

    load = getattr(args, "load", None)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    players = getattr(args, "players", None) or lang._(N_("You")) + ":human,Bot:bigmoney"   # the default seats
    try:
        seats = parse_seats(players)
    except ValueError as e:
        return fail(lang.msg(e))
    if load:
        try:
            game, seats = load_game(load, seats)
        except (RecordError, SetupError) as e:
            return fail(lang.text(N_("cannot load {file}: {error}"), file=load, error=lang.msg(e)))
        seed = game.config.seed
    else:
        try:
            piles, events, landmarks = choose_setup(args.kingdom, args.events, args.landmarks, seed)
            game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, seed))
        except (KingdomError, SetupError) as e:
            return fail(lang.msg(e))
    plain = wants_plain(speech, getattr(args, "plain", False), out)
    display = Display(out, plain=plain, lang=lang)
    notices = [lang.msg(warning)] if warning else []
    try:
        speaker = Speaker(speech, print_fn=lambda s: display.line(s), output_name=settings.get("output"),
                          translate=lang.text,
                          language=lang.code, rate=settings.get("rate"))
    except ValueError:
        notices.append(lang.text(N_("The speech output {name} in the settings is not known; the usual one is used."),
                                 name=settings.get("output")))
        speaker = Speaker(speech, print_fn=lambda s: display.line(s), language=lang.code, rate=settings.get("rate"),
                          translate=lang.text)
    for action, key in bad_keys(keys):
        keys.pop(action)
        notices.append(lang.text(N_("The key {key} for {action} is not a key name this game knows; "
                                    "the usual key is used."), key=key, action=action))
    console = Console(game, seats, display, speaker, verbosity=verbosity, seed=seed, lang=lang, keys=keys,
                      confirm=bool(settings.get("confirm", True)))
    console.notices = notices
    if reader is None:
        interactive = pt_input is not None or (sys.stdin.isatty() and out.isatty())
        if interactive:
            reader = PromptReader(DecisionCompleter(lambda: console.game, lang), build_key_bindings(keys),
                                  plain=plain, input=pt_input, output=pt_output)
        else:
            reader = PlainReader(sys.stdin, out)
    console.reader = reader
    if load:
        console.events = console._event_reader(start=len(game.log))
        console.loaded = load
    return console
