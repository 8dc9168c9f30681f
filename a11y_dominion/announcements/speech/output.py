"""The interface every speech output has, and the errors outputs raise.

An *output* is a small wrapper class around one way of speaking (a
speech daemon, a screen reader, a speech program). Every output has the
same small interface:

- ``name``: a short human-readable name, such as "espeak-ng".
- ``speak(text, interrupt=False)``: start speaking and return at once.
- ``braille(text)``: show text on a braille display (a no-op where there
  is none).
- ``silence()``: stop speaking and drop anything queued.
- ``available()``: True if the output can be used. The first call may
  probe the system; later calls are cheap.

Output methods may raise any exception; :class:`~a11y_dominion.announcements.speech.Speaker`
catches them.
"""

from __future__ import annotations


class SpeechOutputError(Exception):
    """An output could not do what it was asked."""


class OutputUnavailable(SpeechOutputError):
    """An output was used although it is not available."""


class OutputTimeout(SpeechOutputError):
    """A speech daemon did not answer in time."""


def one_line(text: object) -> str:
    """Return ``text`` as a string with all runs of whitespace made single spaces."""
    return " ".join(str(text).split())


def name_key(name: str) -> str:
    """Reduce an output name to lower-case letters and digits for matching."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


class Output:
    """Base class for outputs; see the module description for the interface.

    Attributes:
        name: short human-readable name used in messages.
        aliases: other names a player may type to choose this output.
        accepts_priority: True if ``speak`` takes a ``priority`` keyword.
        reason: after ``available()`` returned False, a plain explanation
            of why; otherwise None.
    """

    name = "output"
    aliases: tuple[str, ...] = ()
    accepts_priority = False
    plays_sound = False  # True: its speech is sound from this machine's speakers (see audio.no_sound_reason)
    missing_voice: str | None = None  # the language (ISO code) asked for that no installed voice speaks

    def __init__(self) -> None:
        self.reason: str | None = None

    @property
    def label(self) -> str:
        """The name a player knows this output's speech by, in what the game tells of it
        ("speech-dispatcher", "SAPI 5"): its ``name`` unless the output goes through a library."""
        return self.name

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Start speaking ``text``; stop current speech first if ``interrupt``."""
        raise NotImplementedError

    def braille(self, text: str) -> None:
        """Show ``text`` on a braille display; does nothing by default."""
        return None

    def silence(self) -> None:
        """Stop speaking and drop queued speech; does nothing by default."""
        return None

    def available(self) -> bool:
        """Return True if this output can be used."""
        return False

    def close(self) -> None:
        """Release resources such as daemon connections; does nothing by default."""
        return None

    def wait_done(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until what this program gave the output to say
        has been said, where the speech would end with this program (a voice in its own
        process, such as SAPI 5 on Windows). True when it has, or when there is nothing to
        wait for here (a speech daemon, a screen reader or a speech program goes on
        speaking after this program ends); False when it still speaks. Never raises here;
        an output's own may raise as its ``speak`` does."""
        return True

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Set the voice's language (an ISO code such as "nl") and rate
        (-100 slowest to 100 fastest, 0 normal) where the output supports
        them; the user's screen reader keeps its own settings. Does nothing
        by default."""
        return None

    def matches(self, wanted: str) -> bool:
        """Return True if ``wanted`` names this output (case, spaces and dashes ignored)."""
        key = name_key(wanted)
        return bool(key) and key in {name_key(n) for n in (self.name, *self.aliases)}
