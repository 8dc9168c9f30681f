"""A seat's narration and the one question presenter, pure of the game.

:class:`Narration` is what one person hears, from only what the seat is given: its redacted
events, its :class:`~a11y_dominion.view.PlayerView` and the decision it is asked. Its
:meth:`~Narration.show_question` puts a question the same way at every end (the keyboard's
console, a terminal seat at the host and ``join``): the news first, the turn prompt on the line
of its last sentence naming only what changed ("You buy Silver. Ann: 0 Buys, 2 coins."), the hand
at a turn's start unless its draw was just told, the options not heard yet.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

from ..announcements.announcer import Announcer, SpeechOut
from ..announcements.history import Announcement, History
from ..announcements.narrator import Narrator
from ..i18n import N_, Language
from ..rules.decisions import Decision, MoveKind
from ..rules.events import GameEvent, TurnStarted
from ..view import PlayerView
from . import queries as q
from . import questions
from .questions import OPTIONS_MODES, Heard

Figures = dict[str, object]  # the figures a turn prompt names (queries.turn_figures)


class Narration:
    """What one seat hears, and how its questions are put to it.

    ``name``: the player's name, or None for a watcher (it hears only public facts, and every
    turn as a player hears another's: at normal, in its one-line summary). ``lang``: the seat's
    :class:`~a11y_dominion.i18n.Language`;
    ``verbosity``: terse, normal or verbose (ValueError otherwise). ``speaker``: the speech
    output (None: none, the player's own screen reader reads the lines); ``print_fn(text,
    style)`` prints one line. ``current``: the turn player when narration starts in the
    middle of a game. ``options``: ``new`` (a question's options are read when new, then only
    what changed) or ``always`` (every time); ValueError otherwise. ``story()``, when set,
    gives the events told to this seat so far (redacted for it), which a change of language
    tells again.
    """

    def __init__(
        self,
        name: str | None,
        lang: Language | None = None,
        verbosity: str = "normal",
        speaker: SpeechOut | None = None,
        print_fn: Callable[[str, str | None], object] | None = None,
        current: str | None = None,
        options: str = "new",
    ) -> None:
        self.name = name
        self.heard = Heard(options)  # the questions this seat has heard (options read when new)
        self.lang = lang or Language("en")
        self.verbosity = verbosity
        self.history = History()
        self.announcer = Announcer(speaker, print_fn=print_fn, history=self.history, listener=name)
        self.people: frozenset[str] = frozenset()  # the players who are people (:meth:`meet`)
        self.narrator = self._narrator(current)
        self.turn_told: list[GameEvent] = []  # the events told of the turn going on (from its turn_started)
        self.queue: deque[tuple[str, str]] = deque()  # (text, priority) not said yet
        self.at_keyboard = False
        # the news waits for the seat's prompt (:meth:`show_question`), so the prompt goes on the line
        # of its last sentence; at a shared keyboard, so it is told only when that player is asked
        self.wait_for_prompt = False
        self.story: Callable[[], list[GameEvent]] | None = None  # the events told so far (see the class)
        # the question presenter's memory
        self.first_prompt_of_turn: tuple[int, str] | None = None  # (turn, player) of the last turn prompt
        self.told_figures: tuple[tuple[int, str], Figures] | None = None  # ((turn, player), figures) heard last
        self.turn_start: tuple[int, list[str], str] | None = None  # what the turn's start said (repeat)
        self.hand_due = False  # the next question says the hand (joined a game under way)
        self.status_heard = False  # its turn's figures were just told whole (heard_turn): the prompt adds none
        self.status_due = False  # the next question is said after where the game stands (a resumed game)
        self.told_hand_word = False  # heard at a turn's start how to hear a hand told as it was drawn
        self.hand_in_card = False  # the next question inside a card says the hand (after a hand-over)
        self.last_answer: Sequence[object] = ()  # the keys of this seat's last answer in the turn going on

    def _narrator(self, current: str | None) -> Narrator:
        # a seat with a name is asked at a prompt that names the phase, Actions, Buys, coins and Debt;
        # one with none is a watcher's, who hears every turn as a player hears another's
        return Narrator(
            viewer=self.name,
            verbosity=self.verbosity,
            current=current,
            lang=self.lang,
            prompts=self.name is not None,
            people=self.people,
            watching=self.name is None,
        )

    def meet(self, people: frozenset[str]) -> None:
        """The table's players who are people (not bots): the start of their turns
        is told at once, a bot's with the summary of its turn."""
        self.people = frozenset(people)
        self.narrator.people = self.people

    def change(self, key: str, value: str) -> None:
        """Change this seat's ``language`` (a code), ``verbosity`` or ``options`` (``new`` or
        ``always``) now, in the middle of a game; the narration goes on where it was.
        Raises ValueError for another key or a value not allowed."""
        if key == "language":
            before, self.lang = self.lang.code, Language(value)
            self.narrator.L = self.lang
            if self.lang.code != before and self.story is not None:
                self.retell(self.story())
        elif key == "verbosity":
            if value not in ("terse", "normal", "verbose"):
                raise ValueError("verbosity must be one of terse, normal, verbose")
            self.verbosity = value
            self.narrator.verbosity = value
        elif key == "options":
            if value not in OPTIONS_MODES:
                raise ValueError(f"options must be one of {', '.join(OPTIONS_MODES)}")
            self.heard.mode = value
        else:
            raise ValueError(f"{key} is not a setting of a seat")

    def retell(self, events: Iterable[GameEvent]) -> None:
        """Tell this seat's history again in its language (just changed), so that repeat,
        previous and log read the current one: ``events``, the game so far redacted for this
        seat, narrated anew as the seat hears them. What no event made (the first lines, a
        taken-back answer) is left out; the narration going on is not touched."""
        said = self._narrator(None).announcements(list(events))
        self.history.replace([Announcement(text, "game", priority) for text, priority in said])

    def take_back_told(self, player: str, undone: int) -> None:
        """``player`` took back an answer whose last ``undone`` events (redacted for this
        seat) were told to it: its narration of the turn starts again from what still stands,
        so the summary of ``player``'s turn keeps what was done before the taken-back answer
        and leaves out what was taken back. Nothing is said now: the turn so far was told."""
        kept = self.turn_told[: max(0, len(self.turn_told) - undone)]
        fresh = self._heard_before(player, kept)  # told already: heard again only in the turn's summary
        fresh._hand_held = self.narrator._hand_held
        self.narrator = fresh
        self.turn_told = kept

    def was_told(self, player: str, undone: int) -> bool:
        """Whether the narration said anything of the last ``undone`` events told to this
        seat in ``player``'s turn (False: they wait for the summary of that turn, or its
        verbosity leaves them out), narrated again by a narrator that heard the turn before them."""
        kept = self.turn_told[: max(0, len(self.turn_told) - undone)]
        return bool(self._heard_before(player, kept).announcements(self.turn_told[len(kept) :]))

    def _heard_before(self, player: str, kept: list[GameEvent]) -> Narrator:
        """A new narrator of this seat that has narrated ``kept``, the events told of ``player``'s
        turn before a taken-back answer (from the turn's start, or from the middle of it), with
        the hand this seat last heard drawn."""
        whole = bool(kept) and isinstance(kept[0], TurnStarted)
        fresh = self._narrator(None if whole else player)
        fresh.last_drawn = self.narrator.last_drawn
        fresh.announcements(kept)
        return fresh

    def undone(
        self,
        player: str,
        events: list[GameEvent],
        view: PlayerView,
        before: PlayerView | None = None,
        say: bool = True,
        you: bool = True,
    ) -> None:
        """``player`` took back an answer that made ``events`` (redacted for this seat); ``view`` and
        ``before``: the seat's views after and before. The undoing seat hears "Taken back: ..." and
        its hand ("Your hand, ...", or with ``you`` False, several people at its screen, "Ann's hand,
        ..."), once: the question asked again does not read it again, nor take the turn for one
        just begun, and its prompt says every figure. Another seat hears "Ann took back ...", only when
        it was told something of what was taken back (its turn's summary tells what stands). With
        ``say`` False the sentence goes to the history alone (a program at another computer says it)."""
        told = True
        if player == self.name:
            self.told_figures = None
        else:
            told = self.was_told(player, len(events))
            self.take_back_told(player, len(events))
        said = q.undone_line(self.name, player, events, self.lang, before, view)
        if not say:
            self.history.add(said, category="game", priority="high")
        elif told:
            self.say(said, priority="high")
            if player == self.name:
                for line in q.hand_lines(view, you, self.lang):
                    self.say(line, keep=False)
                # (undo is of the seat's own turn: its question is that turn's, whose hand was just said)
                self.first_prompt_of_turn = (view.turn.number, view.turn.player)
                self.hand_due = self.hand_in_card = False

    def restart(self, current: str | None = None) -> None:
        """Start narrating a new game (after ``load``): a fresh narrator, nothing queued, every
        question new; the history stays, so earlier messages can still be read."""
        self.narrator = self._narrator(current)
        self.turn_told = []
        self.queue.clear()
        self.heard.forget()
        self.first_prompt_of_turn = self.told_figures = self.turn_start = None

    def rename(self, old: str, new: str) -> None:
        """The seat's player ``old`` is called ``new`` now (a default name in another language, or a
        name as the host spells it): what was heard under the old name counts as heard."""

        def renamed(name: str | None) -> str | None:
            return new if name == old else name

        self.name = self.announcer.listener = self.narrator.viewer = renamed(self.name)
        self.heard.rename(old, new)
        self.narrator.current = renamed(self.narrator.current)
        for held in (self.narrator._lead, self.narrator._summary):
            if isinstance(held, dict) and held.get("player") == old:
                held["player"] = new
        if self.told_figures is not None:
            (turn, who), figures = self.told_figures
            self.told_figures = ((turn, new if who == old else who), figures)
        if self.first_prompt_of_turn is not None:
            turn, who = self.first_prompt_of_turn
            self.first_prompt_of_turn = (turn, new if who == old else who)

    def handed(self) -> None:
        """The keyboard was handed to this seat: its next turn prompt says every figure and
        reads the hand unless its draw was just told, a question inside a card the hand too."""
        self.first_prompt_of_turn = self.told_figures = None
        self.hand_in_card = True

    def heard_turn(self, view: PlayerView, figures: bool = True) -> None:
        """This seat was told where its own turn stands (back in the game, at its own question or
        while another player answers in it): its hand and, with ``figures``, the turn's figures
        ("Your turn 6, Action phase: ..."). Its next prompt in this turn reads neither again: it
        says what changed since, and nothing when nothing did."""
        key = (view.turn.number, view.turn.player)
        self.first_prompt_of_turn, self.hand_due = key, False
        if figures:
            self.told_figures = (key, q.turn_figures(view, view.turn.player))
            self.status_heard = True

    # ------------------------------------------------------------ what the seat is told
    def tell(self, events: Iterable[GameEvent]) -> int:
        """Narrate ``events`` (the ones this seat may know, redacted for it) in the seat's
        language and verbosity: announced at once at the keyboard, unless they wait for the
        seat's prompt; otherwise queued. Returns how many sentences were made."""
        return self._queue(self._narrate(events))

    def _queue(self, said: list[tuple[str, str]]) -> int:
        """Queue ``said`` ((text, priority) pairs), said at once at the keyboard unless it waits for
        the prompt; returns how many."""
        self.queue.extend(said)
        if said and self.at_keyboard and not self.wait_for_prompt:
            self.flush()
        return len(said)

    def _narrate(self, events: Iterable[GameEvent]) -> list[tuple[str, str]]:
        """The sentences of ``events`` (``(text, priority)`` pairs), the narration and the turn's
        told events going on from them."""
        events = list(events)
        for e in events:
            if isinstance(e, TurnStarted):
                self.turn_told = [e]
                self.last_answer = ()
            else:
                self.turn_told.append(e)
        return self.narrator.announcements(events)

    def recall(self, events: Iterable[GameEvent], keep: bool = True) -> int:
        """Narrate ``events`` (redacted for this seat) that its player heard already, in an
        earlier session: their sentences go to the history only (with ``keep``; else nowhere,
        the history coming from elsewhere), nothing is printed or spoken, and the narration
        goes on from them (the turn under way, the hand drawn). Returns how many sentences
        were made."""
        said = self._narrate(events)
        for text, priority in said if keep else ():
            self.history.add(text, category="game", priority=priority)
        return len(said)

    def tell_line(self, text: str, priority: str = "normal") -> None:
        """Tell one sentence of the game that no event makes (a position's turn start), in
        order with the narrated ones: queued, and announced at once as :meth:`tell` does."""
        self._queue([(text, priority)])

    def before_question(self, d: Decision | None = None) -> int:
        """This seat is asked a question in an opponent's turn of which nothing was told
        yet: the turn so far is told first (see :meth:`Narrator.before_question`), queued
        behind what waits; returns how many sentences. A question ``d`` that names the play it
        comes from ("{other} plays {card}", Moat's) leaves that play to its own sentence."""
        play = None
        if d is not None and "{other} plays {card}" in d.template:
            play = (str(d.args.get("other")), str(d.args.get("card")))
        return self._queue([(text, "normal") for text in self.narrator.before_question(play)])

    def flush(self, tail: str | None = None) -> int:
        """Announce everything queued, in order; returns how many sentences. ``tail``
        (the turn prompt that follows) is printed and spoken on the last sentence's line,
        so a move's sentence and the new figures are one message, kept whole in the history
        (``repeat`` and F2 read it as it was said)."""
        n = 0
        while self.queue:
            text, priority = self.queue.popleft()
            if tail and not self.queue:
                self.say(f"{text} {tail}", priority)
            else:
                self.say(text, priority)
            n += 1
        return n

    def take_keyboard(self) -> int:
        """The keyboard has come to this seat: announce what waited for it;
        returns how many sentences."""
        self.at_keyboard = True
        return self.flush()

    def say(
        self,
        text: str,
        priority: str = "normal",
        keep: bool = True,
        style: str | None = None,
        interrupt: bool = False,
    ) -> None:
        """Print one line, speak it and (with ``keep``) add it to this seat's history."""
        self.announcer.announce(
            text,
            category="game" if keep else "reply",
            priority=priority,
            keep=keep,
            interrupt=interrupt,
            style=style,
        )

    # ------------------------------------------------------------ the question presenter
    def show_question(
        self,
        view: PlayerView,
        d: Decision,
        *,
        full: bool = False,
        again: bool = False,
        news: bool = False,
        you: bool = True,
    ) -> None:
        """Put ``d`` to this seat (``view``: its view now): with ``news``, what it was told since
        first, the turn prompt on the line of the last sentence; then the options it has not heard
        (:class:`~.questions.Heard`), every one with ``again`` (an empty line typed) and unsummed
        with ``full`` (``options``); ``you``: it is alone at its screen. A self-voicing game does
        not speak the list of turn moves at every move (``options`` does)."""
        if self.status_due:
            news = self._say_status(view, news, you)
        lines = self.question_lines(view, d, full=full, again=again, news=news, you=you)
        if news and lines[:1] != [None] and d.kind == "turn" and self.queue:
            self.flush(tail=lines[0])
            lines = lines[1:]
        elif news:
            self.flush()
        for line in lines:
            if line is None:
                continue
            spoken = full or d.kind != "turn" or not (line[:1].isdigit() or questions.is_how_to_buy(line, self.lang))
            self.announcer.print_fn(line, None)
            if spoken and self.announcer.speaker is not None:
                self.announcer.speaker.speak(line)

    def _say_status(self, view: PlayerView, news: bool, you: bool) -> bool:
        """A resumed game's first question to this seat (:attr:`status_due`) comes after where the
        game stands, as a player back at a table hears it (:func:`~.queries.where_lines`: "Your
        turn 3, Buy phase: 1 Action, 1 Buy, 4 coins.", the hand, what is in play; with ``you``
        False, several people at its screen, "Bea's turn 3, ..."), after the news when there is
        some (``news``). A hand just told as it was drawn (the last announcements, the news) is
        not read again: the turn's line says how many cards it holds (:meth:`drawn_pointer`).
        These lines stand for the question's prompt, and are not kept in the history, which
        keeps the game's own lines (``repeat`` says the game's last); its prompt then says
        neither the figures nor the hand again (:meth:`heard_turn`). Returns whether news is
        still to be told with the prompt (no)."""
        self.status_due = False
        if news:
            self.flush()
        drawn = questions.heard_hand(self, view) and not self.hand_due  # (a hand due is read whole)
        lines = q.where_lines(view, view.seat if you else None, self.lang, hand=not drawn)
        if drawn:
            lines[0] = f"{lines[0]} {self.drawn_pointer(view)}"
        for line in lines:
            self.say(line, keep=False)
        if view.turn.player == view.seat:
            self.heard_turn(view)
        else:  # (in another's turn: the hand is not read again at its own turn's start)
            self.hand_due, self.narrator.last_drawn = False, tuple(view.hand)
        return False

    def drawn_pointer(self, view: PlayerView) -> str:
        """What stands for a hand told as it was drawn, other turns perhaps come since: how many
        cards it holds ("5 cards in hand."), the first time with how to hear them."""
        pointer = self.lang.text(
            N_("{n:1 card|{n} cards} in hand.")
            if self.told_hand_word
            else N_("{n:1 card|{n} cards} in hand, as drawn; type hand to hear them."),
            n=len(view.hand),
        )
        self.told_hand_word = True
        return pointer

    def question_lines(
        self, view: PlayerView, d: Decision, *, full: bool, again: bool, news: bool, you: bool
    ) -> list[str | None]:
        """The lines :meth:`show_question` puts out after the news, the turn prompt first (None:
        a turn that starts as every turn does, whose "Your turn 3." says it); notes what the seat
        heard (the figures, the turn's start for ``repeat``)."""
        new_turn = d.kind == "turn" and self.first_prompt_of_turn != (view.turn.number, d.player)
        if d.kind == "turn":
            self.first_prompt_of_turn = (view.turn.number, d.player)
        handed = self.hand_in_card and d.kind != "turn"
        self.hand_in_card = False
        if d.kind != "turn" and view.turn.player != d.player and self.before_question(d) and not news:
            self.flush()  # a question in an opponent's turn: what led to it first
        drawn = (new_turn or handed) and not full and questions.heard_hand(self, view)
        hand = (new_turn or handed) and not full and not drawn
        drawn = drawn and new_turn and not self.hand_due  # (a hand due is read whole)
        lines: list[str | None] = list(
            self.heard.lines(view, d, full=full, hand=hand or self.hand_due, you=you, lang=self.lang, again=again)
        )
        self.hand_due = False
        if d.kind != "turn":
            self.status_heard = False  # (the figures its turn prompt says later are said as they are)
            return lines
        lines = self._changed_prompt(view, d, lines, new_turn, brief=not full and not again, you=you)
        if drawn:  # the hand was told as it was drawn, and other turns may have come since: how many
            pointer = self.drawn_pointer(view)
            lines[0] = pointer if lines[0] is None else f"{lines[0]} {pointer}"
        if again and lines[0] == questions.question(view, d, self.lang, you):
            # an empty line reads the full prompt, whose turn it is too, as the turn's first one does
            lines[0] = f"{self.lang.text(N_('Your turn {n}.'), n=q.turn_number(view))} {lines[0]}"
        if new_turn and not full and not again:
            self._note_turn_start(view, d, lines[0], news, you)
        return lines

    def _changed_prompt(
        self, view: PlayerView, d: Decision, lines: list[str | None], new_turn: bool, brief: bool, you: bool
    ) -> list[str | None]:
        """``lines`` of a turn question, its prompt (the first line) naming only what changed since
        the figures the seat heard last in this turn, or at its first prompt what differs from the
        usual start (:func:`~.queries.changed_turn_prompt`; None: nothing); the whole prompt when
        it heard none in this turn (a hand-over, an undo, a load) or asked again; ``you``: without
        the player's name (one person at this screen)."""
        narrator = self.narrator
        said = narrator.phase_said  # the phase its last sentences named, heard once
        bonus = set(narrator.bonus_said)  # figures a bonus just told changed ("+1 Buy")
        debt = narrator.debt_said  # the whole Debt its last sentences said ("You take 4 Debt")
        totals = narrator.totals_said or {}  # totals its last sentences said ("you have 6 coins")
        narrator.phase_said, narrator.bonus_said, narrator.debt_said, narrator.totals_said = None, set(), None, None
        status, self.status_heard = self.status_heard, False  # (the whole figures, just told: none again)
        key = (view.turn.number, d.player)
        told = self.told_figures
        figures = q.turn_figures(view, d)
        self.told_figures = (key, figures)
        if not brief or told is None or lines[0] != questions.question(view, d, self.lang, you):
            return lines
        if told[0] == key:
            before = told[1]
        elif new_turn:
            before = q.USUAL_START
        else:
            return lines
        phase = "action" if view.turn.phase == "action" else "buy"
        last = self.last_answer
        treasures = len(last) == 1 and getattr(last[0], "kind", None) is MoveKind.TREASURES
        # "play treasures" always leads to the Buy phase; in the player's first turn it is named
        # all the same: that is where it is learnt
        played = phase == "buy" and before.get("phase") == "action" and treasures and view.turn.own_number > 1
        prompt = q.changed_turn_prompt(
            view,
            d,
            before,
            self.lang,
            phase_known=said == phase or played,
            told=bool(self.queue) or status,  # the move's sentences, told with the prompt, or the status
            named=frozenset(bonus),
            said=frozenset(
                {k for k, total in totals.items() if figures.get(k) == total}
                | ({"debt"} if debt is not None and debt == view.me.debt else set())
            ),
            you=you,
        )
        return [prompt or None, *lines[1:]]

    def _note_turn_start(self, view: PlayerView, d: Decision, prompt: str | None, news: bool, you: bool) -> None:
        """Note what the start of a turn says (``prompt``: the turn prompt, None when it is left
        out): the turn's line ("Your turn 1.") with the prompt on it, and the hand, so that
        ``repeat`` right after it gives both (:meth:`turn_start_lines`), not only "Your turn 1."."""
        if not news or not self.queue:
            self.turn_start = None
            return
        told = self.queue[-1][0]
        # the hand as the turn's start says it (or would have, when it was heard as it was drawn)
        hand = questions.decision_lines(view, d, hand=True, you=you, lang=self.lang)[1]
        said = [f"{told} {prompt}" if prompt else told, hand]
        self.turn_start = (len(self.history) + len(self.queue), said, self.lang.code)

    def turn_start_lines(self) -> list[str] | None:
        """What the start of the turn said (the turn line with its prompt, and the hand) when
        nothing was said since, in the seat's language: what ``repeat`` reads then; else None."""
        start = self.turn_start
        if start is None or start[0] != len(self.history) or self.history.last() != start[1][0]:
            return None
        return list(start[1]) if start[2] == self.lang.code else None
