"""The console's query commands: a table from command word to method.

None of these changes the game. Each method takes the rest of the typed
line after the command word. :class:`Commands` is a mixin of
:class:`~a11y_dominion.console.app.Console`: the queries read only
``self.view()``, the :class:`~a11y_dominion.view.PlayerView` of the seat
they are about, and ``self.lang`` and ``self.history`` (those of the seat
that has the keyboard); they answer through ``self.reply`` and ``self.error``.

At a shared computer a query about another human seat that would tell a
private fact (its hand) is refused in one sentence, as a bot's hand is;
the public queries (status, supply, score, trash, landmarks, events, card)
answer for anyone.
"""

from __future__ import annotations

from ..announcements.words import join_names
from ..i18n import N_, typed_command
from ..rules.decisions import Msg
from ..textinput import short as _short
from . import queries as q
from .completion import command_of
from .keys import key_help_lines

ALIASES = {
    "scores": "score",
    "exit": "quit",
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

LIVE_SETTINGS = ("language", "verbosity", "options", "output", "hints")  # what settings set changes in a game
# the Dutch words a player may type for the keys and values of settings set (the English ones are
# taken in every language), and the words each value is shown with (N_: in the seat's language)
DUTCH_SETTING_KEYS = {
    "taal": "language",
    "uitgebreidheid": "verbosity",
    "opties": "options",
    "spraakuitvoer": "output",
    "uitvoer": "output",
    "tips": "hints",
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
    "output": N_("output"),
    "hints": N_("hints"),
}
SETTING_VALUE_WORDS = {
    "terse": N_("terse"),
    "normal": N_("normal"),
    "verbose": N_("verbose"),
    "new": N_("new"),
    "always": N_("always"),
    True: N_("on"),
    False: N_("off"),
    None: N_("default"),
    "en": N_("English"),  # a language by its name, not its code read as letters
    "nl": N_("Dutch"),
}
LANGUAGE_NAMES = {"english": "en", "engels": "en", "dutch": "nl", "nederlands": "nl"}  # typed for a code


def setting_value_text(value, lang) -> str:
    """A live setting's value as the settings command shows it, in ``lang``: "beknopt", "altijd",
    "aan" in Dutch; a language by its name ("English", "Nederlands"); an output's name as it is."""
    if isinstance(value, bool) or value is None or value in SETTING_VALUE_WORDS:
        return lang._(SETTING_VALUE_WORDS[value])
    return str(value)


ECHO_LIMIT = 40  # how much of a refused line is read back
ECHOED_FIELDS = ("word", "text", "move")  # the fields of a refusal that hold what was typed


def command_for(word: str) -> str | None:
    """The command a typed word stands for (English, Dutch or an alias), or None."""
    low = word.lower()
    return command_of(ALIASES.get(low, low))


CONFIRM_WORDS = ("yes", "ja")


def is_yes(text: str) -> bool:
    """True when a typed answer to a confirmation is the whole word yes (or
    the Dutch ja): one stray key (y) never trashes cards or stops the game."""
    return text.strip().lower() in CONFIRM_WORDS


def short(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters with "…" (see :func:`textinput.short`)."""
    return _short(str(text), limit)


def short_msg(message):
    """A refusal (:class:`Msg`) with what was typed in it cut by :func:`short`."""
    if not isinstance(message, Msg):
        return message
    args = {k: short(v) if k in ECHOED_FIELDS and isinstance(v, str) else v for k, v in message.args.items()}
    return Msg(message.template, **args)


def _whole_number(rest: str) -> bool:
    return not rest or rest.isdecimal() and rest.isascii() and len(rest) <= 9 and int(rest) >= 1


def _opening(word: str) -> str:
    """``word`` as it opens a sentence: its first letter a capital ("verbosity": "Verbosity")."""
    return word[:1].upper() + word[1:]


class Commands:
    """The query commands of :class:`~a11y_dominion.console.app.Console` (a mixin).

    :data:`COMMAND_TABLE` maps each command word (English) to the name of
    its method; :meth:`command` runs one typed command line.
    """

    COMMAND_TABLE = {
        "hand": "cmd_hand",
        "status": "cmd_status",
        "supply": "cmd_supply",
        "score": "cmd_score",
        "landmarks": "cmd_landmarks",
        "events": "cmd_events",
        "trash": "cmd_trash",
        "card": "cmd_card",
        "log": "cmd_log",
        "repeat": "cmd_repeat",
        "previous": "cmd_previous",
        "next": "cmd_next",
        "options": "cmd_options",
        "hint": "cmd_hint",
        "help": "cmd_help",
        "save": "cmd_save",
        "load": "cmd_load",
        "undo": "cmd_undo",
        "export": "cmd_export",
        "speech": "cmd_speech",
        "settings": "cmd_settings",
        "stop": "cmd_stop",
        "quit": "cmd_quit",
    }

    def command(self, text: str) -> None:
        """Run the query command in ``text`` (its word, then what follows); an
        unknown word gets one sentence."""
        word, _, rest = text.strip().partition(" ")
        name = self.COMMAND_TABLE.get(command_for(word) or word.lower())
        if name is None:
            self.error(self.t(N_("{text} is not a command. Type help for commands."), text=short(text)))
            return
        getattr(self, name)(rest.strip())

    # ------------------------------------------------------------ about a seat
    def _private_refusal(self) -> str | None:
        """The sentence refusing a private query about someone else (a bot, or
        another human at a shared computer), or None when it may be answered."""
        who = self.asker
        if who is None:
            return None
        if who in self.bots:  # a bot's hand is private, and the asker's own would be a wrong answer
            return self.t(N_("{player} is a bot; you may only look at your own hand."), player=who)
        if self.shared and who != self.me_at_keyboard():
            return self.t(N_("{player}'s hand is private; you may only look at your own hand."), player=who)
        return None

    def cmd_hand(self, rest: str = "") -> None:
        """hand: the hand of the seat at the keyboard and what it has in play."""
        refusal = self._private_refusal()
        if refusal is not None:
            self.error(refusal)
            return
        self.reply(q.hand_lines(self.view(), self.solo, self.lang))

    def cmd_status(self, rest: str = "") -> None:
        """status: public facts only (Debt, VP tokens, how many cards where), for anyone."""
        you = self.solo and self.asker not in self.bots
        self.reply(q.status_lines(self.view(), you, self.lang))

    def cmd_supply(self, rest: str = "") -> None:
        """supply: every pile (a table for sighted players, lines otherwise)."""
        view = self.view()
        lines = q.supply_lines(view, self.lang)
        if self.display.plain:
            self.reply(lines)
            return
        self.display.supply_table(view)
        for line in lines:
            self.speaker.speak(line)

    def cmd_score(self, rest: str = "") -> None:
        """score: everyone's score now."""
        self.reply(q.score_lines(self.view(), self.lang))

    def cmd_landmarks(self, rest: str = "") -> None:
        """landmarks: the Landmarks of this game."""
        self.reply(q.landmark_lines(self.view(), self.lang))

    def cmd_events(self, rest: str = "") -> None:
        """events: the Events of this game."""
        self.reply(q.event_lines(self.view(), self.lang))

    def cmd_trash(self, rest: str = "") -> None:
        """trash: what is in the trash."""
        self.reply(q.trash_lines(self.view(), self.lang))

    def cmd_card(self, rest: str) -> None:
        """card NAME; the start of a name is enough when only one known name starts so."""
        g, lang = self.view(), self.lang
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

    # ------------------------------------------------------------ the history of the seat at the keyboard
    def cmd_log(self, rest: str) -> None:
        """log, log N: the last 10 or N messages of this seat's history."""
        if not _whole_number(rest):
            self.error(self.lang._(N_("Log takes a whole number from 1, for example log 5.")))
            return
        n = int(rest) if rest else 10
        lines = self.history.recent(n)
        if not lines:
            self.reply([self.lang._(N_("Nothing has been said yet."))])
            return
        self._just_read(len(self.history) - len(lines), len(self.history) - 1)
        self.reply([self.t(N_("{n:The last message|The last {n} messages}:"), n=len(lines))] + lines)

    def cmd_repeat(self, rest: str) -> None:
        """repeat, repeat N: the latest or the Nth latest message of this seat's history."""
        lang = self.lang
        if not _whole_number(rest):
            self.error(
                lang._(N_("Repeat takes a whole number from 1, for example repeat 3 for the third latest message."))
            )
            return
        n = int(rest) if rest else 1
        start = self.turn_start_lines() if n == 1 and hasattr(self, "turn_start_lines") else None
        if start is not None:  # the start of a turn: its line and the hand, as they were said
            self._just_read(len(self.history) - 1, len(self.history) - 1)
            self.reply(start)
            return
        said = self.history.nth_latest(n)
        if said is not None:
            self._just_read(len(self.history) - n, len(self.history) - n)
        if said is None:
            self.reply(
                [
                    lang._(N_("Nothing has been said yet."))
                    if not len(self.history)
                    else self.t(
                        N_("{n:There is only 1 message|There are only {n} messages} so far."), n=len(self.history)
                    )
                ]
            )
        else:
            self.reply([said])

    def _just_read(self, first: int, last: int) -> None:
        """``repeat`` or ``log`` just read the messages ``first`` to ``last`` (indexes in this
        seat's history): ``previous`` goes on from the one before the first, ``next`` from
        the one after the last, so no message is read twice."""
        self.read_window = (self.history, len(self.history), first, last)

    def _walk_from(self, step: int) -> None:
        """Put the history's cursor where ``previous`` (``step`` -1) or ``next`` (+1) goes on
        from: the messages ``repeat`` or ``log`` read last, when nothing was said since."""
        window, self.read_window = getattr(self, "read_window", None), None
        history = self.history
        if window is None or window[0] is not history or window[1] != len(history):
            return
        first, last = window[2], window[3]
        # the cursor on the message next to those read: the step lands on the one beyond it
        history.move_to(first if step < 0 else last)

    def cmd_previous(self, rest: str = "") -> None:
        """previous: one message back in this seat's history (after ``repeat N`` or ``log``, the
        one before those they read); at the oldest it is read again, said to be the oldest."""
        self._walk_from(-1)
        self._walk(-1)

    def cmd_next(self, rest: str = "") -> None:
        """next: one message forward in this seat's history (after ``repeat N`` or ``log``, the
        one after those they read); at the newest it is read again, said to be the newest."""
        self._walk_from(+1)
        self._walk(+1)

    def _walk(self, step: int) -> None:
        """One message back (``step`` -1) or forward (+1), read with its place in the history."""
        history = self.history
        before = history.position()
        text = history.previous() if step < 0 else history.next()
        if text is None:
            self.reply([self.lang._(N_("Nothing has been said yet."))])
            return
        pos = history.position()
        if pos != before:
            template = N_("{text} ({n} of {total})")
        elif step < 0:  # (the cursor stayed: the first or the last message)
            template = N_("{text} ({n} of {total}, the oldest message)")
        else:
            template = N_("{text} ({n} of {total}, the newest message)")
        self.reply([self.t(template, text=text, n=pos[0], total=pos[1])])

    # ------------------------------------------------------------ the rest
    def cmd_options(self, rest: str = "") -> None:
        """options: the question again with every option numbered."""
        if self.game.pending is not None:
            self.show_question(self.game.pending, full=True)

    def cmd_hint(self, rest: str = "") -> None:
        """hint: the move a bot would make at the pending decision of the seat
        asking, with one sentence of why (see :mod:`.hint`); one sentence when
        the ``hints`` setting is off or nothing of this seat's is asked."""
        from .hint import HINTS_OFF, hint_line

        hints = getattr(self, "hints", None)
        if hints is None:
            from ..settings import load_settings

            hints = bool(load_settings()[0].get("hints", True))
        if not hints:
            self.error(self.lang._(HINTS_OFF))
            return
        position = self.hint_position()
        if position is None:
            self.error(self.lang._(N_("There is no question of yours to give a hint for now.")))
            return
        d, view, told, seed = position
        line = hint_line(view, d, told, self.lang, getattr(self, "think_ms", None), seed)
        self.reply([line])

    def hint_position(self) -> tuple | None:
        """What ``hint`` reads: (the pending decision of the seat asking, that
        seat's view, the events it was told, a seed), or None when nothing of
        that seat's is asked."""
        d = self.game.pending
        who = self.me()
        if d is None or d.player != who or who in self.bots:
            return None
        told = self.table.events_for(who) if self.table is not None else []
        return d, self.view(who), told, len(self.game.answers)

    def cmd_help(self, rest: str = "") -> None:
        """help: the topics; help keys: the shortcut keys; help TOPIC, help next, help TOPIC N:
        a player page a part at a time (:class:`~a11y_dominion.helppages.HelpReader`), each
        person at the keyboard with their own place in the pages."""
        from ..helppages import HelpReader

        readers = self.__dict__.setdefault("_help_readers", {})
        who = self.me_at_keyboard() if callable(getattr(self, "me_at_keyboard", None)) else None
        reader = readers.get(who)
        if reader is None:
            reader = readers[who] = HelpReader(lambda lang: key_help_lines(lang, self.keys))
        self.reply(reader.answer(rest, self.lang))

    def cmd_speech(self, rest: str = "") -> None:
        """speech: which speech mode and output are in use."""
        from .app import speech_line

        self.reply([speech_line(self.speaker, self.lang)])

    def cmd_settings(self, rest: str = "") -> None:
        """settings: the settings that can change during a game (:data:`LIVE_SETTINGS`) as they
        are for the seat at the keyboard; settings set KEY VALUE: change one now and save it
        in the settings file (a seat's language and verbosity under its name when several
        people share the keyboard). One sentence for anything else."""
        from ..settings import DEFAULTS, SettingsError, check_value

        words = rest.split()
        if not words or [w.lower() for w in words] in (["show"], ["toon"]):
            self.reply(self._settings_lines())
            return
        if words[0].lower() not in ("set", "zet") or len(words) < 3:
            self.error(
                self.lang._(N_("Settings takes nothing, or set KEY VALUE, for example settings set language nl."))
            )
            return
        key, value = words[1].lower(), " ".join(words[2:])
        key = DUTCH_SETTING_KEYS.get(key, key)
        if key == "language":
            value = LANGUAGE_NAMES.get(value.lower(), value)
        if key != "output":
            value = DUTCH_SETTING_VALUES.get(value.lower(), value)
        elif DUTCH_SETTING_VALUES.get(value.lower()) == "default":  # (an output's own name is taken as it is)
            value = "default"
        if key not in DEFAULTS or key == "seats":
            self.error(
                self.t(
                    N_(
                        "There is no setting {key}. The settings are {names}; during a game, language, verbosity, "
                        "options, output and hints change here."
                    ),
                    key=short(key),
                    names=join_names([k for k in DEFAULTS if k != "seats"], self.lang),
                )
            )
            return
        if key not in LIVE_SETTINGS:
            self.error(
                self.t(
                    N_(
                        "The setting {key} cannot change during a game; here language, verbosity, options, output "
                        "and hints can. Change the others outside the game with {command} settings set KEY VALUE."
                    ),
                    key=short(key),
                    command=typed_command(),
                )
            )
            return
        try:
            value = check_value(key, value.lower() if key != "output" else value)
        except SettingsError as e:
            self.error(self.refusal_text(self._setting_refusal(e)))
            return
        self.change_setting(key, value)
        saved = self._save_setting(key, value)
        word = self.lang._(SETTING_KEY_WORDS[key])
        line = self.t(
            N_("Hints are now {value}.") if key == "hints" else N_("{key} is now {value}."),
            key=word[:1].upper() + word[1:],  # (it begins the sentence)
            value=setting_value_text(value, self.lang),
        )
        self.reply([line + " " + saved] if saved else [line])

    def _setting_refusal(self, e: Exception) -> Exception:
        """A refused value of settings set, ``e`` (a SettingsError), with the setting's key and
        the values allowed as the seat's language names them, the key opening the sentence
        ("Verbosity must be terse, normal or verbose." is "Uitgebreidheid moet beknopt,
        normaal of uitgebreid zijn.")."""
        from ..settings import CHOICES, SettingsError

        msg = e.args[0] if e.args else None
        if isinstance(msg, Msg) and msg.template == "hints must be on or off.":
            on, off = setting_value_text(True, self.lang), setting_value_text(False, self.lang)
            return SettingsError(Msg("Hints must be {on} or {off}.", on=on, off=off))  # ("Hints" is a plural)
        if isinstance(msg, Msg) and msg.template == "output must be default or one of: {names}.":
            word = _opening(self.lang._(SETTING_KEY_WORDS["output"]))
            default = setting_value_text(None, self.lang)
            return SettingsError(
                Msg("{key} must be {default} or one of: {names}.", key=word, default=default, names=msg.args["names"])
            )
        key = msg.args.get("key") if isinstance(msg, Msg) else None
        if key not in SETTING_KEY_WORDS:
            return e
        word = _opening(self.lang._(SETTING_KEY_WORDS[key]))
        if "names" in msg.args and key in CHOICES:  # one of a few values: said as a choice, with "or"
            names = q.join_or([setting_value_text(v, self.lang) for v in CHOICES[key]], self.lang)
            return SettingsError(Msg("{key} must be {names}.", key=word, names=names))
        return SettingsError(Msg(msg.template, **dict(msg.args, key=word)))

    def _settings_lines(self) -> list:
        """The live settings of the seat at the keyboard, and how to change them."""
        seat = self.holder
        output = getattr(self.speaker, "active_output_name", None) or self.lang._(N_("none"))
        return [
            self.t(
                N_(
                    "Language {language}, verbosity {verbosity}, options {options}, speech output {output}, "
                    "hints {hints}."
                ),
                language=setting_value_text(seat.lang.code, self.lang),
                verbosity=setting_value_text(seat.verbosity, self.lang),
                options=setting_value_text(seat.heard.mode, self.lang),
                output=output,
                hints=setting_value_text(bool(getattr(self, "hints", True)), self.lang),
            ),
            self.t(
                N_(
                    "Change one with settings set KEY VALUE, for example settings set language nl; "
                    "the other settings change outside the game with {command} settings."
                ),
                command=typed_command(),
            ),
        ]

    def _save_setting(self, key: str, value) -> str:
        """Save ``key`` = ``value`` in the settings file (a seat's own language or verbosity
        under its name at a shared keyboard); '' when saved, else one sentence: why not, or
        where a damaged settings file was kept (:func:`~a11y_dominion.settings.save_settings`)."""
        from ..files import FileError
        from ..settings import load_settings, save_settings

        data, _warning = load_settings()
        name = self.holder.name
        if key in ("language", "verbosity") and getattr(self, "shared", False) and name:
            seats = data.setdefault("seats", {})
            mine = next((n for n in seats if n.lower() == name.lower()), name)
            seats.setdefault(mine, {})[key] = value
        else:
            data[key] = value
        try:
            _path, kept = save_settings(data)
        except (OSError, FileError) as e:
            reason = self.lang.msg(e) if isinstance(e, FileError) else (e.strerror or str(e))
            return self.t(
                N_("It holds for this game only: the settings file cannot be written ({error})."), error=reason
            )
        if kept is not None:
            return self.lang.msg(kept)
        return ""

    def change_setting(self, key: str, value) -> None:
        """Change the live setting ``key`` (one of :data:`LIVE_SETTINGS`, ``value`` checked)
        for the seat at the keyboard now: its language (of every sentence, the voice and
        completion), verbosity, options; or the speech output, or the hints."""
        seat = self.holder
        if key == "hints":
            self.hints = bool(value)  # the hint command answers, or not
            return
        if key == "output":
            from ..settings import load_settings
            from .start import make_speaker

            old = self.speaker
            settings = dict(load_settings()[0], output=value)
            self.speaker = make_speaker(old.mode, settings, self.display, self.lang, [])
            old.close()
            return
        seat.change(key, value)
        if key == "language":
            if not getattr(self, "shared", False):
                self.default_lang = seat.lang  # kept with the game as its language
            self.display.lang = seat.lang
            if getattr(self, "completer", None) is not None:
                self.completer.lang = seat.lang
            set_language = getattr(self.speaker, "set_language", None)
            if set_language is not None:
                set_language(seat.lang.code)
            rename = getattr(self, "rename_default_seat", None)
            if rename is not None:
                rename()  # "You" is "Jij" in Dutch, as in a game started in Dutch
        elif key == "verbosity" and not getattr(self, "shared", False):
            self.default_verbosity = value

    def cmd_stop(self, rest: str = "") -> None:
        """stop: stop speech now."""
        self.speaker.silence()
        self.display.line(self.lang._(N_("Speech stopped.")))  # printed only: speaking it would undo the silence

    def quit_asked(self, question: str) -> bool:
        """Say and ask ``question`` (a yes-or-no question of quit); True for yes. Ctrl+D
        again or the end of piped input count as yes, Ctrl+C as no."""
        self.speaker.speak(question, priority="important", interrupt=True)
        try:
            got = self.reader.read(question, "")
        except EOFError:
            return True
        except KeyboardInterrupt:
            return False
        return isinstance(got, str) and is_yes(got)

    def cmd_quit(self, rest: str = "") -> None:
        """quit: ask, then stop the game (sets ``exit_code``) or go on."""
        if getattr(self, "autosave", None) is not None and self.autosave.failed is None:
            question = self.t(
                N_("Stop the game? It is kept; {command} resume goes on with it. Type yes to stop: "),
                command=typed_command(),
            )
        else:
            question = self.lang._(N_("Stop the game without saving? Type yes to stop: "))
        if self.quit_asked(question):
            if getattr(self, "autosave", None) is not None:
                self.autosave.keep()  # before the first answer too: it is kept, as the question said
            self.say(self.lang._(N_("Game stopped.")), keep=False)
            self.exit_code = 1  # as the host's: 1 for a game stopped before its end
        else:
            self.say(self.lang._(N_("The game goes on.")), keep=False)
