"""Turn new game events into the console's announcements.

A thin layer over :class:`announcements.narrator.Narrator`: it remembers how
far into ``game.log`` it has read, and at the normal and terse verbosities
it sums up a run of plain Treasure plays in one sentence ("Bot plays
3 Coppers and Silver: 5 coins.") instead of two sentences per Treasure.
Everything else is the narrator's own sentences, unchanged.
"""
from __future__ import annotations

from announcements.narrator import ESSENTIAL, Narrator, count, group_names

from ..rules import events as ev
from ..rules.cards import CARDS


def _plain_treasure(e) -> bool:
    if not isinstance(e, ev.CardPlayed) or e.again or e.as_card or e.replaced:
        return False
    spec = CARDS.get(e.card)
    return spec is not None and spec.is_("Treasure") and not spec.is_("Action")


def _coins_only(e, player: str, card: str) -> bool:
    return (isinstance(e, ev.ResourcesChanged) and e.player == player and e.source == card
            and e.d_actions == 0 and e.d_buys == 0)


class EventReader:
    """Reads a game's log from where it stopped last time.

    ``new_announcements(game)`` returns ``(text, priority)`` pairs for the
    events added since the last call.
    """

    def __init__(self, viewer=None, verbosity: str = "normal", start: int = 0, current=None):
        self.narrator = Narrator(viewer=viewer, verbosity=verbosity, current=current)
        self.verbosity = verbosity
        self.pos = start

    def new_announcements(self, game) -> list:
        events = game.log[self.pos:]
        self.pos = len(game.log)
        return self.announce(events)

    def announce(self, events) -> list:
        """(sentence, priority) pairs for ``events`` in order."""
        out = []
        i = 0
        n = len(events)
        while i < n:
            e = events[i]
            if self.verbosity != "verbose" and _plain_treasure(e):
                player, cards, coins = e.player, [], None
                j = i
                while j < n and _plain_treasure(events[j]) and events[j].player == player:
                    card = events[j].card
                    k = j + 1
                    if k < n and _coins_only(events[k], player, card):
                        coins = events[k].coins
                        k += 1
                    elif k < n and isinstance(events[k], ev.ResourcesChanged):
                        break   # a Treasure that gives more than coins: narrate it alone
                    cards.append(card)
                    j = k
                if cards:
                    tail = f": {count(coins, 'coin')}." if coins is not None else "."
                    out.append((f"{player} plays {group_names(cards)}{tail}", "normal"))
                    i = j
                    continue
            prio = "important" if isinstance(e, ev.GameEnded) else (
                "high" if isinstance(e, ESSENTIAL) and not isinstance(e, ev.GameSetUp) else "normal")
            for s in self.narrator.narrate(e):
                out.append((s, prio))
            i += 1
        return out
