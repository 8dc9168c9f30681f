"""A record of every announcement, with a cursor for reviewing them.

Players who cannot see the screen need to hear earlier messages again.
``History`` keeps each announcement in the order it was made and offers
a reviewing cursor (previous, next, first, latest) as well as direct
look-ups such as "the third most recent message".
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Announcement:
    """One announcement as it was made.

    Attributes:
        text: the sentence that was shown and possibly spoken.
        category: a free-form label such as "info", "turn" or "error".
        priority: a free-form label such as "low", "normal" or "high".
    """

    text: str
    category: str = "info"
    priority: str = "normal"


class History:
    """Every announcement in order, oldest first, plus a review cursor.

    The cursor points at one announcement. Adding an announcement moves
    the cursor to the newest one. ``previous()`` and ``next()`` move it
    one step and stop at the ends instead of wrapping around.

    An empty history returns None from every look-up.
    """

    def __init__(self) -> None:
        """Create an empty history."""
        self._entries: list[Announcement] = []
        self._cursor: int | None = None

    def add(self, text: str, category: str = "info", priority: str = "normal") -> None:
        """Record an announcement and move the cursor to it.

        Args:
            text: the announcement text.
            category: a label for the kind of announcement.
            priority: a label for how urgent it is.

        Raises:
            TypeError: if ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"announcement text must be a string, not {type(text).__name__}")
        self._entries.append(Announcement(text, category, priority))
        self._cursor = len(self._entries) - 1

    def replace(self, entries: list[Announcement]) -> None:
        """Put ``entries`` (the same messages told again, in another language) in place of
        every announcement, oldest first, and the cursor on the newest (none when empty)."""
        self._entries = list(entries)
        self._cursor = len(self._entries) - 1 if self._entries else None

    def __len__(self) -> int:
        """Return the number of announcements recorded."""
        return len(self._entries)

    def entries(self) -> list[Announcement]:
        """Return a copy of all announcements, oldest first."""
        return list(self._entries)

    def last(self) -> str | None:
        """Return the newest announcement's text, or None if there is none.

        Does not move the cursor.
        """
        if not self._entries:
            return None
        return self._entries[-1].text

    def nth_latest(self, n: int) -> str | None:
        """Return the text of the n-th most recent announcement.

        Args:
            n: 1 for the newest, 2 for the one before it, and so on.

        Returns:
            The text, or None when fewer than ``n`` announcements exist.
            Does not move the cursor.

        Raises:
            ValueError: if ``n`` is less than 1.
        """
        if n < 1:
            raise ValueError(f"n must be 1 or more, not {n}")
        if n > len(self._entries):
            return None
        return self._entries[-n].text

    def recent(self, n: int) -> list[str]:
        """Return the texts of the last ``n`` announcements, oldest first.

        Args:
            n: how many to return; fewer are returned when fewer exist,
                and none when ``n`` is 0 or negative.

        Returns:
            A new list of strings. Does not move the cursor.
        """
        if n <= 0:
            return []
        return [entry.text for entry in self._entries[-n:]]

    def current(self) -> str | None:
        """Return the text under the cursor without moving it, or None if empty."""
        if self._cursor is None:
            return None
        return self._entries[self._cursor].text

    def position(self) -> tuple[int, int] | None:
        """Return the cursor position as (number, total), counting from 1.

        For example (3, 10) means the cursor is on the third of ten
        announcements. Returns None when the history is empty.
        """
        if self._cursor is None:
            return None
        return self._cursor + 1, len(self._entries)

    def move_to(self, index: int) -> None:
        """Put the cursor on the announcement at ``index`` (0 the oldest), kept within
        the history; nothing happens when the history is empty."""
        if self._entries:
            self._cursor = min(max(index, 0), len(self._entries) - 1)

    def previous(self) -> str | None:
        """Move the cursor one announcement back and return its text.

        At the oldest announcement the cursor stays put and the oldest
        text is returned again. Returns None if the history is empty.
        """
        if self._cursor is None:
            return None
        if self._cursor > 0:
            self._cursor -= 1
        return self._entries[self._cursor].text

    def next(self) -> str | None:
        """Move the cursor one announcement forward and return its text.

        At the newest announcement the cursor stays put and the newest
        text is returned again. Returns None if the history is empty.
        """
        if self._cursor is None:
            return None
        if self._cursor < len(self._entries) - 1:
            self._cursor += 1
        return self._entries[self._cursor].text

    def first(self) -> str | None:
        """Move the cursor to the oldest announcement and return its text.

        Returns None if the history is empty.
        """
        if self._cursor is None:
            return None
        self._cursor = 0
        return self._entries[0].text

    def latest(self) -> str | None:
        """Move the cursor to the newest announcement and return its text.

        Returns None if the history is empty.
        """
        if self._cursor is None:
            return None
        self._cursor = len(self._entries) - 1
        return self._entries[-1].text
