"""The Big Money line a test player types, read from the printed turn prompt:
play treasures, then buy Province, Gold or Silver by the coins the prompt
says, or end. Shared by the tests that play whole games by typing.

A question's options are read when they are new and after that only those
that changed, so the player does not wait for "play treasures" to be read
out in the Action phase: it types it, and types end when the game answers
that there are no Treasures to play (:func:`no_treasures`)."""

from __future__ import annotations

import re


def big_money_line(options: str, phase: str, buys: str, coins: str) -> str:
    """The line to type for the printed ``options`` (the text from the turn
    prompt on) in ``phase`` (Action or Buy) with ``buys`` and ``coins`` as printed."""
    if phase == "Action" or re.search(r"^\d+\. play treasures$", options, re.M):
        return "play treasures"
    if phase == "Buy" and re.search(r"^\d+\. pay \d+ Debt$|type pay to pay", options, re.M):
        return "pay"  # Debt (a bot that played the seat may have bought a Debt card): paid before buying
    if phase == "Buy" and int(buys) >= 1:
        for least, card in ((8, "Province"), (6, "Gold"), (3, "Silver")):
            if int(coins) >= least:
                return f"buy {card}"
    return "end"


NO_TREASURES = ("You have no Treasures in your hand.", "You have no Treasures to play that need no choice.")
"""The refusals of play treasures: a hand without Treasures, and one whose Treasures each need a choice."""


def no_treasures(screen: str) -> bool:
    """True when the last thing printed is a refusal of play treasures (:data:`NO_TREASURES`):
    the player's next line is end."""
    if screen.rstrip().rsplit("\n", 1)[-1].startswith(NO_TREASURES):
        return True
    said = [x for x in NO_TREASURES if x in screen]
    return any(not re.search(r" phase: \d+ (Actions?|Buys?)", screen.rsplit(x, 1)[1]) for x in said)


FIGURE = r"\d+ (?:Actions?|Buys?|coins?|Debt)"
# a turn prompt ("Buy phase: 1 Buy, 4 coins.", "0 Buys, 2 coins.", after a move's sentence too), or
# where a player's own turn stands as a player back in the game hears it ("Your turn 3, Buy phase: ...")
FIGURES = re.compile(
    rf"(?:(?:^|\. |: |^Your turn \d+, )((?:Action|Buy) phase): |(?:^|\. ))({FIGURE}(?:, {FIGURE})*)\.$", re.M
)


TOTALS = re.compile(rf"()\byou have ({FIGURE})")  # a verbose move's new total: "you have 4 coins"


def named_figures(who: str) -> re.Pattern:
    """The turn prompt of the seat ``who`` where several people share one keyboard (named, to say
    who is to type): "Ann, Buy phase: 1 Buy, 5 coins.", "Ann: 0 Buys, 2 coins.", "Ann, Buy phase."
    (the phase alone), alone or after a move's sentence. At a seat of one person the prompt names
    no one (:data:`FIGURES`)."""
    name = re.escape(who)
    phase = r"((?:Action|Buy) phase)(?:: |(?=\.$))"
    return re.compile(rf"(?:^|\. ){name}(?:, {phase}|: )((?:{FIGURE}(?:, {FIGURE})*)?)\.$", re.M)


class Heard:
    """The turn figures a Big Money player at the prompt knows, from what was printed: the turn
    prompt names only what changed since the last one (at a turn's start what differs from 1
    Action, 1 Buy, 0 coins; the phase when it changed, and not after "play treasures").
    ``prompted``: the last screen read had a turn prompt of the player's (or a turn's start)."""

    def __init__(self, who: str = "You"):
        self.who = who
        self.phase, self.buys, self.coins = "Action", "1", "0"
        self.prompted = False

    def update(self, screen: str, moved: bool) -> tuple:
        """(phase, buys, coins) after ``screen`` (printed since the last line typed; ``moved``:
        that line was a move of this player's turn)."""
        start = "Your turn" if self.who == "You" else f"{self.who}'s turn"
        if moved:
            self.phase = "Buy"  # every Big Money move leads to the Buy phase or stays in it
        self.prompted = False
        starts = [
            *re.finditer(rf"^(?:Your turn \d+[.,]|{re.escape(start)} \d+\.)", screen, re.M),
            *re.finditer(rf"\b{re.escape(self.who)}, Action phase: ", screen),
        ]
        begin = max((m.start() for m in starts), default=0)  # the figures of the turn going on count
        if starts:
            self.phase, self.buys, self.coins = "Action", "1", "0"
            self.prompted = True
        found = list(FIGURES.finditer(screen))
        if self.who != "You":
            found += named_figures(self.who).finditer(screen)
        prompts = {m.start() for m in found}
        found += TOTALS.finditer(screen)
        for m in sorted((m for m in found if m.end() > begin), key=lambda m: m.start()):
            self.prompted = self.prompted or m.start() in prompts  # (a total alone is no prompt)
            if m.group(1):
                self.phase = m.group(1).split()[0]
            for n, unit in re.findall(r"(\d+) (Actions?|Buys?|coins?|Debt)", m.group(2)):
                if unit.startswith("Buy"):
                    self.buys = n
                elif unit.startswith("coin"):
                    self.coins = n
        return self.phase, self.buys, self.coins
