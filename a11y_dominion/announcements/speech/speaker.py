"""The :class:`Speaker`: the one place where announcements reach speech and braille.

A Speaker holds a chain of outputs and uses the first one that works.
When an output breaks in the middle of a game, the speaker switches to
the next one, says so once, and carries on; if none is left it carries
on with text only. The game never sees an exception from it.

Modes (what the player chose):

- ``off``: no speech. The console still prints text.
- ``screen-reader``: no speech from the game; the player's own screen
  reader reads the printed lines.
- ``self-voicing``: the game speaks through the first working output.
- ``auto``: self-voicing if some output is available, else screen-reader.
  The console first asks :mod:`.detect` whether the player's screen
  reader runs, and makes ``auto`` screen-reader mode when it does.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from .ao2 import AO2Output
from .audio import no_sound_reason
from .output import Output
from .process import EspeakOutput, SayOutput
from .speechd import SpeechdOutput

MODES = ("off", "screen-reader", "self-voicing", "auto")
"""The speech modes a player can choose."""


def N_(message: str) -> str:
    """Mark a sentence for translation; the caller's ``translate`` looks it up."""
    return message


MISSING_VOICE = {
    "nl": N_("Speech: {name} has no Dutch voice installed, so it reads Dutch with its usual voice."),
    "en": N_("Speech: {name} has no English voice installed, so it reads English with its usual voice."),
}
"""What the player is told once when the voice in use has no voice of the game's language."""
MISSING_VOICE_OTHER = N_("Speech: {name} has no voice for the language {language}, so it reads with its usual voice.")


def default_outputs(platform: str | None = None) -> list[Output]:
    """Build the usual output chain for a platform, best first: the voices the
    game speaks with in self-voicing mode (and in ``auto`` once no screen reader
    runs, see :func:`~a11y_dominion.announcements.speech.detect.auto_mode`).

    Nothing is probed here, so this is fast.

    Args:
        platform: a ``sys.platform`` value; None means this system.

    Returns:
        Windows: accessible_output2 auto (NVDA or JAWS when one runs, else
        SAPI 5), then accessible_output2 SAPI 5. macOS: say (accessible_output2's
        VoiceOver output needs appscript and VoiceOver's AppleScript control,
        which new macOS versions refuse). Linux: accessible_output2
        speech-dispatcher, speech-dispatcher, espeak-ng. Other systems:
        speech-dispatcher, espeak-ng.
    """
    platform = platform or sys.platform
    if platform.startswith("win"):
        return [AO2Output("auto", platform=platform), AO2Output("sapi5", platform=platform)]
    if platform == "darwin":
        return [SayOutput(platform=platform)]
    if platform.startswith("linux"):
        return [AO2Output("speech_dispatcher", platform=platform), SpeechdOutput(), EspeakOutput(platform=platform)]
    return [SpeechdOutput(), EspeakOutput(platform=platform)]


def all_outputs(platform: str | None = None) -> list[Output]:
    """Build one of every output this system can have, for choosing by name
    (``platform``: a ``sys.platform`` value; None means this system): on Linux
    speech-dispatcher (two ways) and espeak-ng; on macOS say, and espeak-ng; on
    Windows accessible_output2's screen readers and SAPI 5, and espeak-ng.
    """
    platform = platform or sys.platform
    if platform.startswith("win"):
        kinds = ("auto", "sapi5", "nvda", "jaws")
        return [*(AO2Output(kind, platform=platform) for kind in kinds), EspeakOutput(platform=platform)]
    if platform == "darwin":
        return [SayOutput(platform=platform), EspeakOutput(platform=platform)]
    return [AO2Output("speech_dispatcher", platform=platform), SpeechdOutput(), EspeakOutput(platform=platform)]


def _join_names(names: list[str]) -> str:
    """Join output names for a sentence: "a", "a and b", "a, b and c"."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


class Speaker:
    """The single place where the game's announcements reach speech and braille.

    Outputs are probed only when first needed (the first ``speak``, or a
    look at ``effective_mode``, ``active_output_name`` or ``describe()``),
    so building a Speaker is fast. Probing waits at most a couple of
    seconds for each speech daemon.

    Args:
        mode: "off", "screen-reader", "self-voicing" or "auto"
            (underscores are accepted for dashes).
        outputs: the output chain, best first; None builds
            :func:`default_outputs` for this system.
        print_fn: called with one plain sentence when an output breaks.
            The Speaker never prints the announcements themselves.
        output_name: if set, use only the output with this name or alias
            (case, spaces and dashes ignored). With ``outputs=None`` it is
            looked for among :func:`all_outputs`.
        language: the voice's language as an ISO code such as "nl"; None
            (or "en") keeps each output's usual voice. With ``outputs=None``
            and a language or rate asked for, the direct speech-dispatcher
            client goes first, since it can set both.
        rate: speech rate from -100 (slowest) to 100 (fastest), 0 normal;
            None keeps each output's usual rate.
        translate: ``translate(template, **fields)`` turns one of the
            Speaker's own sentences into the player's language; None fills
            in the English template.
        sound_check: returns why no sound can be heard from this machine, or
            None; asked once an output that plays sound is found. None means
            :func:`~a11y_dominion.announcements.speech.audio.no_sound_reason`.

    Raises:
        ValueError: for an unknown mode, or an ``output_name`` that
            matches no output.
    """

    def __init__(
        self,
        mode: str = "auto",
        outputs: list[Output] | None = None,
        print_fn: Callable[[str], Any] = print,
        output_name: str | None = None,
        language: str | None = None,
        rate: int | None = None,
        translate: Callable[..., str] | None = None,
        sound_check: Callable[[], str | None] | None = None,
    ) -> None:
        normalized = str(mode).strip().lower().replace("_", "-")
        self._translate = translate or (lambda template, **fields: template.format(**fields))
        if normalized not in MODES:
            raise ValueError(f"unknown speech mode {mode!r}; use one of {', '.join(MODES)}")
        self._mode = normalized
        self._print_fn = print_fn
        self._output_name = output_name
        if output_name:
            candidates = list(outputs) if outputs is not None else all_outputs()
            chosen = [output for output in candidates if output.matches(output_name)]
            if not chosen:
                names = ", ".join(output.name for output in candidates)
                raise ValueError(f"no speech output is called {output_name!r}; known outputs: {names}")
            self._outputs = chosen[:1]
        else:
            self._outputs = list(outputs) if outputs is not None else default_outputs()
            if outputs is None and (language not in (None, "en") or rate is not None):
                # the direct speech-dispatcher client can set the voice's language and rate
                self._outputs.sort(key=lambda o: 0 if isinstance(o, SpeechdOutput) else 1)
        self._language, self._rate = language, rate
        self._sound_check = sound_check if sound_check is not None else no_sound_reason
        self.no_sound: str | None = None  # why no sound can be heard from the output found, or None
        self._configure()
        self._failed: list[Output] = []
        self._current: Output | None = None
        self._resolved = False
        self._lock = threading.RLock()
        self._ready: threading.Event | None = None  # set once a background probe (start) is done
        # what was said while the background probe ran: (text, priority, interrupt) of each speak
        self._pending: list[tuple[str, str, bool]] | None = None
        self._started_at: float | None = None  # time.monotonic() when the background probe began
        self._missing_told: str | None = None  # the language whose missing voice the player was told of

    def start(self) -> None:
        """Look for a working output in the background, so that the first prompt is
        not held up by a speech daemon that is slow to answer (seconds). What is
        said meanwhile is spoken, in order, once an output is found. Nothing to do
        when the mode does not speak or the outputs were already probed."""
        with self._lock:
            if self._mode in ("off", "screen-reader") or self._resolved or self._ready is not None:
                return
            self._ready = threading.Event()
            self._pending = []
            self._started_at = time.monotonic()
        threading.Thread(target=self._probe_in_background, name="speech-probe", daemon=True).start()

    def _probe_in_background(self) -> None:
        assert self._ready is not None
        try:
            for output in self._outputs:  # the slow part, outside the lock (outputs keep what they found)
                try:
                    if output.available():
                        break
                except Exception:
                    pass
        finally:
            with self._lock:
                self._resolve()
                pending, self._pending = self._pending or [], None
                self._ready.set()
                for text, priority, interrupt in pending:
                    self.speak(text, priority, interrupt)

    def wait_ready(self, timeout: float | None = None, since_start: bool = False) -> bool:
        """Wait at most ``timeout`` seconds (None: as long as it takes) for the
        background probe of :meth:`start`; True when the output is known. With
        ``since_start`` the seconds count from the moment the probe began, so a
        probe that has been looking that long already is not waited for again."""
        ready = self._ready
        if ready is None:
            return True
        if timeout is not None and since_start and self._started_at is not None:
            timeout = max(0.0, timeout - (time.monotonic() - self._started_at))
        return ready.wait(timeout)

    def _configure(self) -> None:
        for output in self._outputs:
            try:
                output.configure(language=self._language, rate=self._rate)
            except Exception:
                pass  # a voice setting that cannot be applied must not stop speech

    def set_language(self, language: str | None) -> None:
        """Speak in ``language`` (an ISO code such as "nl") from now on, where the
        output can choose its voice's language: at a shared keyboard, the
        language of the seat that has it."""
        if language != self._language:
            self._language = language
            self._configure()

    @property
    def language(self) -> str | None:
        """The voice's language asked for (an ISO code), or None."""
        return self._language

    @property
    def mode(self) -> str:
        """The mode that was asked for."""
        return self._mode

    @property
    def outputs(self) -> list[Output]:
        """A copy of the output chain, best first."""
        return list(self._outputs)

    @property
    def effective_mode(self) -> str:
        """The mode in force: "off", "screen-reader" or "self-voicing".

        "auto" becomes "self-voicing" when an output works and
        "screen-reader" otherwise; "self-voicing" becomes "screen-reader"
        once no output works. May probe outputs the first time.
        """
        self.wait_ready()
        with self._lock:
            if self._mode in ("off", "screen-reader"):
                return self._mode
            self._resolve()
            return "self-voicing" if self._current is not None else "screen-reader"

    @property
    def active_output_name(self) -> str | None:
        """The name of the output in use, or None when the game is not speaking."""
        self.wait_ready()
        with self._lock:
            if self._mode in ("off", "screen-reader"):
                return None
            self._resolve()
            return self._current.name if self._current is not None else None

    def _is_usable(self, output: Output) -> bool:
        if any(output is failed for failed in self._failed):
            return False
        try:
            return bool(output.available())
        except Exception:
            self._failed.append(output)
            return False

    def _first_usable(self) -> Output | None:
        for output in self._outputs:
            if self._is_usable(output):
                return output
        return None

    def _resolve(self) -> None:
        """Pick the output to use, the first time one is needed."""
        if self._resolved:
            return
        self._resolved = True
        self._current = self._first_usable()
        if self._current is not None and getattr(self._current, "plays_sound", False):
            reason = self._sound_check()
            if reason:
                # the output takes the text, but nobody would hear it: say so, and go on in text
                self.no_sound = reason
                self._report(
                    N_("Speech: {name} works, but no sound can be heard ({why}); the game goes on in text."),
                    name=self._current.label,
                    why=self._translate(reason),
                )
                self._current = None
                return
        if self._current is not None:
            return
        if self._output_name:
            output = self._outputs[0]
            why = f" ({output.reason})" if output.reason else ""
            self._report(
                N_("Speech: {name} is not available{why}; continuing with text only."), name=output.name, why=why
            )
        elif self._mode == "self-voicing":
            self._report(N_("Speech: no speech output works; continuing with text only."))

    def _report(self, template: str, **fields: object) -> None:
        """Tell the player one sentence about the speech outputs, through
        ``translate`` (the console's language) when one was given."""
        try:
            self._print_fn(self._translate(template, **fields))
        except Exception:
            pass

    def _fail_over(self, failed_names: list[str]) -> None:
        """Mark the current output failed, move to the next usable one, report once."""
        if self._current is not None:
            failed_names.append(self._current.name)
            self._failed.append(self._current)
        self._current = self._first_usable()

    def _report_failures(self, failed_names: list[str]) -> None:
        if not failed_names:
            return
        if self._current is not None:
            self._report(
                N_("Speech: {names} failed; now using {name}."),
                names=_join_names(failed_names),
                name=self._current.name,
            )
        else:
            self._report(N_("Speech: no speech output works; continuing with text only."))

    @staticmethod
    def _send(output: Output, text: str, priority: str, interrupt: bool) -> None:
        if getattr(output, "accepts_priority", False):
            output.speak(text, interrupt=interrupt, priority=priority)  # type: ignore[call-arg]
        else:
            output.speak(text, interrupt=interrupt)
        output.braille(text)

    def speak(self, text: str, priority: str = "normal", interrupt: bool = False) -> bool:
        """Speak ``text`` and show it in braille, if the mode speaks.

        If the output raises, it is dropped for good, the next usable
        output in the chain speaks the same text, and one sentence about
        the switch goes to ``print_fn``. Never raises.

        Args:
            text: the sentence to speak. Empty or blank text is ignored.
            priority: "low", "normal", "high" or "important"; passed to
                outputs that understand priorities.
            interrupt: stop current speech before this text.

        Returns:
            True if an output accepted the text, False otherwise (mode
            off or screen-reader, blank text, or no working output).
        """
        try:
            text = str(text)
        except Exception:
            return False
        if not text.strip():
            return False
        with self._lock:
            if self._mode in ("off", "screen-reader"):
                return False
            if self._pending is not None:  # the background probe is still looking: spoken when it is done
                self._pending.append((text, priority, interrupt))
                return True
            self._resolve()
            failed_names: list[str] = []
            spoke = False
            while self._current is not None:
                try:
                    self._send(self._current, text, priority, interrupt)
                    spoke = True
                    break
                except Exception:
                    self._fail_over(failed_names)
            self._report_failures(failed_names)
            if spoke:
                self._tell_missing_voice()
            return spoke

    def _tell_missing_voice(self) -> None:
        """Tell the player once (for each language) that the output speaking has no voice
        installed for the language asked for, so it reads with its usual voice."""
        current = self._current
        missing = getattr(current, "missing_voice", None) if current is not None else None
        if not missing or missing == self._missing_told or current is None:
            return
        self._missing_told = missing
        template = MISSING_VOICE.get(missing.lower().split("-")[0], MISSING_VOICE_OTHER)
        self._report(template, name=current.label, language=missing)

    def wait_done(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until the output in use has said what it was
        given, where its speech would end with this program (SAPI 5 on Windows; see
        :meth:`Output.wait_done`). True when it has or there is nothing to wait for; False
        when it still speaks, or it failed. Never raises."""
        with self._lock:
            current = self._current if self._resolved else None
        if current is None:
            return True
        try:
            return bool(current.wait_done(timeout))
        except Exception:
            return False

    def silence(self) -> None:
        """Stop speaking and drop queued speech. Never raises.

        Does nothing if nothing has been spoken yet or the mode does not
        speak. An output that raises here is dropped like in ``speak``.
        """
        with self._lock:
            if not self._resolved or self._current is None:
                return
            failed_names: list[str] = []
            try:
                self._current.silence()
            except Exception:
                self._fail_over(failed_names)
            self._report_failures(failed_names)

    def describe(self) -> str:
        """Return one plain sentence saying which mode and output are in use.

        May probe outputs the first time.
        """
        self.wait_ready()
        with self._lock:
            if self._mode == "off":
                return "Speech is off; the game shows text only."
            if self._mode == "screen-reader":
                return "Screen-reader mode: the game does not speak; your screen reader reads the text."
            self._resolve()
            if self.no_sound and self._current is None:
                return f"No sound can be heard ({self.no_sound}), so the game does not speak; it shows text only."
            if self._mode == "self-voicing":
                if self._current is not None:
                    return f"Self-voicing mode: the game speaks through {self._current.name}."
                return "Self-voicing mode, but no speech output works; the game shows text only."
            if self._current is not None:
                return f"Automatic mode: the game speaks through {self._current.name}."
            return (
                "Automatic mode: no speech output was found, so the game does not speak; "
                "your screen reader reads the text."
            )

    def close(self) -> None:
        """Stop speech and close daemon connections. Never raises."""
        with self._lock:
            for output in self._outputs:
                try:
                    output.close()
                except Exception:
                    pass
