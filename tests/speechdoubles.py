"""Test doubles for the speech outputs: an output that records what it is asked instead of speaking."""

from __future__ import annotations

from a11y_dominion.announcements.speech import Output, SpeechOutputError


class RecordingOutput(Output):
    """An output for tests that records calls instead of speaking.

    Args:
        name: the output's name.
        is_available: what ``available()`` returns.
        fail_after: if set, the first ``fail_after`` calls to ``speak``,
            ``braille`` and ``silence`` succeed and every later one raises
            ``SpeechOutputError``.

    Attributes:
        calls: (method, text) pairs in order, for example
            ("speak", "Hello") or ("silence", ""). Failed calls are not
            recorded.
        priorities: the priority given with each recorded ``speak``.
        interrupts: the ``interrupt`` flag given with each recorded ``speak``.
        probe_count: how many times ``available()`` was called.
    """

    accepts_priority = True

    def __init__(self, name: str = "recording", is_available: bool = True, fail_after: int | None = None) -> None:
        super().__init__()
        self.name = name
        self.is_available = is_available
        self.fail_after = fail_after
        self.calls: list[tuple[str, str]] = []
        self.priorities: list[str] = []
        self.interrupts: list[bool] = []
        self.probe_count = 0
        self._call_count = 0
        if not is_available:
            self.reason = "it was created unavailable"

    def _record(self, method: str, text: str) -> None:
        if self.fail_after is not None and self._call_count >= self.fail_after:
            raise SpeechOutputError(f"{self.name} failed on purpose")
        self._call_count += 1
        self.calls.append((method, text))

    @property
    def spoken(self) -> list[str]:
        """The texts passed to successful ``speak`` calls, in order."""
        return [text for method, text in self.calls if method == "speak"]

    @property
    def brailled(self) -> list[str]:
        """The texts passed to successful ``braille`` calls, in order."""
        return [text for method, text in self.calls if method == "braille"]

    def available(self) -> bool:
        """Return ``is_available`` and count the call."""
        self.probe_count += 1
        return self.is_available

    def speak(self, text: str, interrupt: bool = False, priority: str = "normal") -> None:
        """Record ("speak", text); raises SpeechOutputError once ``fail_after`` is used up."""
        self._record("speak", text)
        self.priorities.append(priority)
        self.interrupts.append(interrupt)

    def braille(self, text: str) -> None:
        """Record ("braille", text); raises SpeechOutputError once ``fail_after`` is used up."""
        self._record("braille", text)

    def silence(self) -> None:
        """Record ("silence", ""); raises SpeechOutputError once ``fail_after`` is used up."""
        self._record("silence", "")
