"""Answering the pending decision from a typed line.

:class:`Answers` is the mixin of :class:`~a11y_dominion.console.app.Console`
that reads a line as a query command or an answer, asks before some answers
(see :meth:`Answers.confirmation_question`) and turns every
refusal into one sentence in the language of the seat at the keyboard.
"""

from __future__ import annotations

import difflib

from ..announcements.narrator import count, group_names, join_names
from ..i18n import N_
from ..rules.cards import CARDS, canonical, nearest_name
from ..rules.decisions import Move, MoveKind
from ..textinput import MOVE_WORDS, NOT_UTF8, InputError, buy_refusal, debt_buy, parse_line, split_speaker
from . import questions
from .commands import command_for, is_yes, short, short_msg
from .completion import COMMANDS, command_words, expand_names

# asked before a legal buy that takes more Debt than the coins so far can pay (textinput.debt_buy)
DEBT_BUY = N_(
    "Buying {card} makes you take {debt} with {coins} to pay it, as the Treasures in your hand cannot be "
    "played once you buy. Buy it anyway? Type yes to buy: "
)
DEBT_BUY_ENDS_ACTIONS = N_(
    "You still have {actions} and could play {cards}. Buying {card} ends the Action phase and makes you "
    "take {debt} with {coins} to pay it, as the Treasures in your hand cannot be played once you buy. "
    "Buy it anyway? Type yes to buy: "
)


class Answers:
    """Typed lines to answers for :class:`~a11y_dominion.console.app.Console` (a mixin)."""

    def handle(self, line: str) -> None:
        """Run a typed line: a command, or an answer to the pending decision."""
        text = line.strip()
        if not text:
            self.show_question(self.game.pending, again=True)
            return
        if NOT_UTF8 in text:  # bytes that are not UTF-8 were read as the replacement character
            self.error(self.lang._(N_("That line is not valid UTF-8.")))
            return
        who, rest = split_speaker(self.game, text)
        word = (rest.split() or [""])[0].lower()
        if command_for(word) in COMMANDS and not self._is_answer_word(word):
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
        head = line[: len(line) - len(body)] if who else ""
        low = body.strip().lower()
        for o in d.options:
            if low and low == self.lang.label(d, o).lower():
                return head + o
        return line

    def answer(self, text: str) -> None:
        """Read the typed ``text`` as the answer to the pending decision: checked
        first (a refusal is one sentence), confirmed when :meth:`confirmation_question`
        asks, then kept in ``self.answered`` for the table to apply."""
        d = self.game.pending
        line = text
        if d.kind == "yesno" and text.strip() in ("1", "2"):
            line = d.options[int(text.strip()) - 1]
        try:
            line = expand_names(self.game, self._engine_words(d, line), self.lang)
            _who, keys = parse_line(self.game, line, numbers=True)
            err = buy_refusal(self.game, keys, self.game.explain_move(keys)) if d.kind == "turn" else d.check(keys)
        except InputError as e:
            self.error(self._pending_question(d, text) or self._suggest(text) or self._refusal(d, e))
            return
        if err is not None:
            self.error(self._pending_question(d, text) or self.refusal_text(err))
            return
        if not self.confirmed(d, keys):
            self.say(self.not_done(d, keys), keep=False)
            return
        self.answered = keys

    def confirmation_question(self, d, keys: list) -> str | None:
        """The question to ask before the answer ``keys`` to ``d`` is given, or None.

        Asked (unless the ``confirm`` setting is off) before trashing cards chosen from a
        list (a yes-or-no question to trash is asked once, as it is);
        before any move that ends the Action phase (``end``, playing
        Treasures, buying, paying Debt) while Actions and playable Action
        cards are left; before a buy that takes more Debt than the coins so far
        can pay while Treasures in hand could still pay it (:func:`debt_buy`: once
        something is bought they cannot be played); and before ending the turn
        with Debt and coins that could pay some of it."""
        if not self.confirm:
            return None
        g = self.game
        if d.kind == "turn" and len(keys) == 1:
            key = keys[0]
            debt = debt_buy(g, keys)
            debt_fields = {}
            if debt is not None:
                card, taken, coins = debt
                debt_fields = dict(
                    card=card, debt=count(taken, "Debt", self.lang), coins=count(coins, "coin", self.lang)
                )
            if g.turn.phase == "action" and g.turn.actions > 0:
                plays = [o.name for o in d.options if o.kind is MoveKind.PLAY and CARDS[o.name].is_("Action")]
                ends = self._ends_action_phase(key)
                if plays and ends is not None:
                    template, fields = ends
                    if debt is not None:  # both in one question
                        template, fields = DEBT_BUY_ENDS_ACTIONS, debt_fields
                    return self.t(
                        template,
                        actions=count(g.turn.actions, "Action", self.lang),
                        cards=join_names([self.lang.card(c) for c in plays], self.lang),
                        **fields,
                    )
            if debt is not None:
                return self.t(DEBT_BUY, **debt_fields)
            p = g.player(d.player)
            if key.kind is MoveKind.END and g.turn.phase == "buy" and p.debt > 0 and g.turn.coins > 0:
                return self.t(
                    N_(
                        "Ending the turn now leaves {coins} unused (you have {debt}). "
                        "End the turn? Type yes to end it: "
                    ),
                    coins=count(g.turn.coins, "coin", self.lang),
                    debt=count(p.debt, "Debt", self.lang),
                )
        if d.purpose == "trash" and d.kind in ("cards", "pile") and keys:
            names = [str(d.labels.get(k, k)) for k in keys]
            # counted as the line that tells the trash ("Trash 2 Estates?"); undo may take it back
            # within the turn, so the question promises nothing either way
            return self.t(N_("Trash {cards}? Type yes to trash: "), cards=group_names(names, self.lang))
        # a yes-or-no question to trash ("trash the Engineer?") is itself the question, and its
        # yes is the confirmation: it is not asked twice
        return None

    def not_done(self, d, keys: list) -> str:
        """What did not happen after a refused :meth:`confirmation_question`, and
        what goes on: "Nothing was trashed." and the card's question again, or
        "Nothing was bought; the Action phase goes on."."""
        if d.kind != "turn":
            asked = questions.question(self.view(d.player), d, self.lang)
            if d.purpose == "trash":
                return self.t(N_("Nothing was trashed. {question}"), question=asked)
            return self.t(N_("Not done. {question}"), question=asked)
        key = keys[0]
        if self.game.turn.phase != "action":
            if key.kind is MoveKind.BUY:
                return self.lang._(N_("Nothing was bought; the turn goes on."))
            return self.lang._(N_("The turn goes on."))
        if key.kind is MoveKind.END:
            return self.lang._(N_("The Action phase goes on."))
        if key.kind in (MoveKind.PLAY, MoveKind.TREASURES):
            return self.lang._(N_("Nothing was played; the Action phase goes on."))
        if key.kind is MoveKind.BUY:
            return self.lang._(N_("Nothing was bought; the Action phase goes on."))
        return self.lang._(N_("No Debt was paid; the Action phase goes on."))

    def _ends_action_phase(self, key: Move) -> tuple | None:
        """(question template, its fields) for a turn move that ends the Action
        phase, or None for a move that does not (playing an Action card)."""
        verb, arg = key.kind, key.name
        if verb is MoveKind.END:
            return N_("You still have {actions} and could play {cards}. End the Action phase? Type yes to end it: "), {}
        if verb is MoveKind.TREASURES:
            return N_(
                "You still have {actions} and could play {cards}. Playing Treasures ends the Action "
                "phase. Go on? Type yes to go on: "
            ), {}
        if verb is MoveKind.PLAY and arg in CARDS and not CARDS[arg].is_("Action"):
            return N_(
                "You still have {actions} and could play {cards}. Playing {card} ends the Action "
                "phase. Go on? Type yes to go on: "
            ), {"card": arg}
        if verb is MoveKind.BUY:
            pile = self.game.piles.get(arg)
            name = pile.top.name if pile is not None and pile.cards else arg
            return N_(
                "You still have {actions} and could play {cards}. Buying {card} ends the Action "
                "phase. Go on? Type yes to go on: "
            ), {"card": name}
        if verb is MoveKind.PAY:
            return N_(
                "You still have {actions} and could play {cards}. Paying Debt ends the Action phase. "
                "Go on? Type yes to go on: "
            ), {}
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
        self.speaker.speak(question, priority="important", interrupt=True)  # heard, not only shown
        try:
            got = self.reader.read(question, "")
        except (EOFError, KeyboardInterrupt):
            return False
        return isinstance(got, str) and is_yes(got)

    def refusal_text(self, err) -> str:
        """A refusal (an exception or :class:`Msg`) in the console's language, with
        what was typed cut short when it is long."""
        msg = err.args[0] if isinstance(err, BaseException) and err.args else err
        return self.lang.msg(short_msg(msg))

    def _refusal(self, d, err: InputError) -> str:
        """The sentence for a line that could not be read, in the console's language."""
        msg = err.args[0] if err.args else str(err)
        if (
            self.lang.code != "en"
            and d is not None
            and d.kind == "mode"
            and getattr(msg, "template", "") == "Choose one of: {choices}."
        ):
            choices = "; ".join(f"{i + 1} ({self.lang.label(d, o)})" for i, o in enumerate(d.options))
            return self.t(msg.template, choices=choices)
        return self.refusal_text(msg)

    def _pending_question(self, d, text: str) -> str | None:
        """ "First answer the question: ..." when a move was typed while a card's
        question waits for its answer, else None."""
        if d is None or d.kind == "turn":
            return None
        who, body = split_speaker(self.game, text)
        word = (body.split() or [""])[0].lower()
        if who not in (None, d.player) or word not in MOVE_WORDS and word != "done":
            return None
        asked = questions.question(self.view(d.player), d, self.lang)
        return self.t(N_("First answer the question: {question}"), question=asked)

    def _suggest(self, text: str) -> str | None:
        """A "did you mean" sentence for a mistyped command, or None."""
        word = text.split()[0].lower()
        if word in MOVE_WORDS or word.isdigit() or command_for(word) is not None:
            return None
        said = command_words(self.lang)
        words = [said[c] for c in COMMANDS] + [said[m] for m in ("play", "buy", "end")]
        if self.lang.code != "en":
            words += list(COMMANDS) + ["play", "buy", "end"]
        close = difflib.get_close_matches(word, words, n=1, cutoff=0.75)
        card = canonical(text) or nearest_name(text)
        if card is not None and close:  # closer to a card name than to a command: the move's refusal says it
            ratio = difflib.SequenceMatcher(None, word, close[0]).ratio()
            names = {card.lower(), self.lang.card(card).lower()}
            if canonical(text) or max(difflib.SequenceMatcher(None, text.lower(), n).ratio() for n in names) >= ratio:
                return None
        if close and close[0] != word:
            return self.t(
                N_("{text} is not a command or a move; did you mean {command}? Type help for commands."),
                text=short(text),
                command=close[0],
            )
        return None
