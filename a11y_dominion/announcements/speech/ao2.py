"""Speech and braille through the accessible_output2 library (screen readers, SAPI 5, speech-dispatcher)."""

from __future__ import annotations

import collections
import importlib
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

from . import speechd
from .output import Output, OutputTimeout, OutputUnavailable, SpeechOutputError, one_line
from .timeouts import CALL_TIMEOUT, CONNECT_TIMEOUT, call_with_timeout

_AO2_KINDS = {
    "auto": "auto",
    "speech_dispatcher": "speech-dispatcher",
    "sapi5": "SAPI 5",
    "nvda": "NVDA",
    "jaws": "JAWS",
}
_AO2_KIND_ALIASES = {
    "speech-dispatcher": "speech_dispatcher",
    "speechdispatcher": "speech_dispatcher",
    "speechd": "speech_dispatcher",
    "sapi": "sapi5",
}

_AO2_OUTPUT_LABELS = {
    "nvda": "NVDA",
    "jaws": "JAWS",
    "sapi5": "SAPI 5",
    "linux speech dispatcher": "speech-dispatcher",
    "linux espeak": "espeak",
}
"""accessible_output2's names of its outputs (lower case) and the names a player knows."""

WINDOWS_START_TIMEOUT = 15.0
"""Seconds to wait for accessible_output2 to start on Windows: its first COM object
(SAPI 5, JAWS) writes pywin32's type cache, which takes seconds once."""


def output_label(ao2_name: str) -> str:
    """The name a player knows for one of accessible_output2's outputs ("sapi5" -> "SAPI 5")."""
    return _AO2_OUTPUT_LABELS.get(str(ao2_name).lower(), str(ao2_name))


SAPI_LANGUAGES = {"en": 0x09, "nl": 0x13}
"""The game's languages (ISO codes) and Windows' primary language identifiers, which a SAPI 5
voice's ``Language`` attribute gives as hexadecimal locale identifiers (``409`` for English
in the United States, ``413`` for Dutch in the Netherlands; the low 10 bits are the language)."""


def sapi_rate(rate: int) -> int:
    """SAPI 5's rate (-10 to 10) for the game's ``rate`` setting (-100 slowest to 100 fastest,
    0 normal), clamped to SAPI's range."""
    return max(-10, min(10, round(int(rate) / 10)))


def sapi_voice_speaks(token: Any, language: str) -> bool:
    """True when the SAPI 5 voice ``token`` (an ``SpObjectToken``, from ``SpVoice.GetVoices()``
    or ``SpVoice.Voice``) speaks ``language`` (an ISO code of :data:`SAPI_LANGUAGES`): one of
    the locale identifiers of its ``Language`` attribute ("413", "409;9") is of that language.
    False for a language Windows' table here does not hold, or an attribute that is no list of
    hexadecimal numbers."""
    wanted = SAPI_LANGUAGES.get(language.lower().split("-")[0])
    if wanted is None:
        return False
    try:
        attribute = str(token.GetAttribute("Language") or "")
        return any(int(part, 16) & 0x3FF == wanted for part in attribute.split(";") if part.strip())
    except Exception:  # noqa: BLE001 - a voice without the attribute, or a broken one
        return False


def set_sapi_voice(voice: Any, language: str | None, rate: int | None) -> str | None:
    """Give the SAPI 5 ``SpVoice`` ``voice`` the game's ``rate`` (-100..100; None: its own) and
    a voice that speaks ``language`` (an ISO code; None: the one it has): the voice it has when
    that one speaks it, else the first installed one that does. Must run on the thread that
    made ``voice`` (:data:`AO2_THREAD`).

    Returns:
        ``language`` when no installed voice speaks it (the voice stays as it was), else None.

    Raises:
        Exception: whatever SAPI 5 raises (a COM error).
    """
    if rate is not None:
        voice.Rate = sapi_rate(rate)
    if not language or language.lower().split("-")[0] not in SAPI_LANGUAGES:
        return None
    if sapi_voice_speaks(voice.Voice, language):
        return None
    for token in voice.GetVoices():
        if sapi_voice_speaks(token, language):
            voice.Voice = token
            # SAPI 5 does not reset its audio after a change of voice (as accessible_output2 does)
            voice.AudioOutput = voice.AudioOutput
            return None
    return language


def _sapi_voices(ao2: Any) -> list[Any]:
    """The SAPI 5 ``SpVoice`` objects behind accessible_output2's ``ao2`` (its SAPI 5 output,
    or ``Auto`` with it among its outputs); none for NVDA and JAWS, whose voice and rate are
    the screen reader's own."""
    outputs = getattr(ao2, "outputs", None)
    found = outputs if isinstance(outputs, list) else [ao2]
    return [o.object for o in found if str(getattr(o, "name", "")).lower() == "sapi5" and hasattr(o, "object")]


def _start_com() -> None:
    """Start COM on this thread (Windows; multithreaded, so no message loop is needed),
    before accessible_output2 makes COM objects here. Does nothing elsewhere or when
    pywin32 is missing (accessible_output2 then says why when it starts)."""
    if not sys.platform.startswith("win"):
        return
    if "pythoncom" not in sys.modules:
        vars(sys)["coinit_flags"] = 0  # sys.coinit_flags: pythoncom starts COM multithreaded on import
    try:
        import pythoncom

        pythoncom.CoInitializeEx(pythoncom.COINIT_MULTITHREADED)
    except Exception:  # noqa: BLE001 - COM already started on this thread, or no pywin32
        pass


class AO2Thread:
    """One long-lived thread that makes every accessible_output2 object and makes
    every call on them. COM objects (SAPI 5, JAWS) may be used only on a thread
    where COM was started, and the game calls speech from several threads (the
    background search for an output, the console); here they all meet on one.

    Args:
        setup: run once on the thread before anything else (starts COM).
    """

    def __init__(self, setup: Callable[[], None] = _start_com) -> None:
        self._setup = setup
        # each call: the function, the box its value or error goes in, and the event set when it is done
        self._jobs: queue.Queue[tuple[Callable[[], Any], dict[str, Any], threading.Event]] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def ident(self) -> int | None:
        """The thread's identity (``threading.get_ident()`` on it), or None before its first call."""
        return self._thread.ident if self._thread is not None else None

    def call(self, func: Callable[[], Any], timeout: float, what: str) -> Any:
        """Run ``func()`` on the thread and wait at most ``timeout`` seconds.

        Returns:
            What ``func`` returned.

        Raises:
            OutputTimeout: when it did not finish in time (it goes on alone; later
                calls wait behind it).
            Exception: whatever ``func`` raised.
        """
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="speech: accessible_output2", daemon=True)
                self._thread.start()
        box: dict[str, Any] = {}
        done = threading.Event()
        self._jobs.put((func, box, done))
        if not done.wait(timeout):
            raise OutputTimeout(f"{what} did not answer within {timeout:g} seconds")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def _work(self) -> None:
        try:
            self._setup()
        except Exception:  # noqa: BLE001 - the calls themselves then say what is wrong
            pass
        while True:
            func, box, done = self._jobs.get()
            try:
                box["value"] = func()
            except BaseException as exc:  # handed to the waiting caller
                box["error"] = exc
            finally:
                done.set()


AO2_THREAD = AO2Thread()
"""The thread every accessible_output2 object on Windows lives on."""


def on_ao2_thread(func: Callable[[], Any], timeout: float, what: str) -> Any:
    """Run ``func()`` on :data:`AO2_THREAD`; see :meth:`AO2Thread.call`."""
    return AO2_THREAD.call(func, timeout, what)


# accessible_output2 prints warnings (for example "Cannot find Speech
# Dispatcher") instead of raising. They are collected here instead of
# reaching the game's screen.
_AO2_WARNINGS: collections.deque[str] = collections.deque(maxlen=20)


def _record_ao2_warning(*args: Any, **kwargs: Any) -> None:
    """Keep one accessible_output2 warning (the arguments of its ``print``) in ``_AO2_WARNINGS``."""
    _AO2_WARNINGS.append(" ".join(str(arg) for arg in args))


def _quiet_ao2_modules() -> None:
    """Send accessible_output2's ``print`` warnings to ``_AO2_WARNINGS``.

    Redirecting ``sys.stdout`` would not do here: construction may run
    in a helper thread that outlives its timeout, and ``sys.stdout`` is
    shared by the whole program. A module-level ``print`` only affects
    accessible_output2's own modules.
    """
    for module_name, module in list(sys.modules.items()):
        if module is not None and module_name.startswith("accessible_output2."):
            vars(module)["print"] = _record_ao2_warning


class AO2Output(Output):
    """Speech and braille through the accessible_output2 library.

    On Windows this reaches NVDA, JAWS and other screen readers, or the
    SAPI 5 voices; on Linux it reaches speech-dispatcher.

    accessible_output2 has a few habits this class guards against:

    - It finds speech-dispatcher only if the ``speechd`` module can be
      imported; see :func:`~a11y_dominion.announcements.speech.speechd.import_speechd`. Without it, it prints a
      warning and speaks nothing, which here counts as unavailable.
    - ``is_active()`` stays true after speech-dispatcher dies; the next
      ``speak()`` then raises, and :class:`Speaker` moves on.
    - ``output()`` speaks and then raises, so ``speak()`` and
      ``braille()`` are called separately.
    - ``Auto`` has no ``silence()``; silence goes to the output that
      ``Auto`` picked.
    - A hanging speech-dispatcher can block its client, so on Linux
      connecting and each command run with a timeout.
    - On Windows its SAPI 5 and JAWS outputs are COM objects, which work
      only on a thread where COM was started and must stay on the thread
      that made them: every call goes to :data:`AO2_THREAD`, with a timeout.
    - ``Auto`` counts SAPI 5 as active whenever it loads, so ``Auto``
      working never means that a screen reader runs (see
      :mod:`~a11y_dominion.announcements.speech.detect` for that).

    Args:
        kind: "auto" (the first running screen reader or voice), or one
            of "speech_dispatcher", "sapi5", "nvda", "jaws".
        connect_timeout: seconds to wait for construction when a daemon
            is involved.
        call_timeout: seconds to wait for each command when a daemon is
            involved.
        platform: a ``sys.platform`` value; None means this system.

    Raises:
        ValueError: for an unknown ``kind``.
    """

    def __init__(
        self,
        kind: str = "auto",
        connect_timeout: float = CONNECT_TIMEOUT,
        call_timeout: float = CALL_TIMEOUT,
        platform: str | None = None,
    ) -> None:
        super().__init__()
        lowered = kind.lower()
        self.kind = _AO2_KIND_ALIASES.get(lowered, lowered)
        if self.kind not in _AO2_KINDS:
            raise ValueError(f"unknown accessible_output2 kind {kind!r}; use one of {', '.join(_AO2_KINDS)}")
        label = _AO2_KINDS[self.kind]
        self.name = f"accessible_output2 {label}"
        self.aliases = (self.name, f"ao2 {label}", f"ao2 {self.kind}")
        if self.kind in ("nvda", "jaws", "sapi5"):  # Windows' own names, as a player says them: jaws, sapi 5
            self.aliases += (label, self.kind)
        self.connect_timeout = connect_timeout
        self.call_timeout = call_timeout
        # COM objects (SAPI 5, JAWS) must stay on the thread that made them:
        # on Windows everything runs on AO2_THREAD, elsewhere a daemon is behind it
        self._windows = (platform or sys.platform).startswith("win")
        self._uses_daemon = not self._windows
        self._ao2: Any = None
        self._probed = False
        self._language: str | None = None  # the voice's language and rate asked for (configure)
        self._rate: int | None = None
        # through speech-dispatcher: sound from this machine (a screen reader's own speech is not)
        self.plays_sound = self.kind == "speech_dispatcher"

    @property
    def label(self) -> str:
        """The speech as a player knows it, without the library's name: "speech-dispatcher", "NVDA"."""
        return self.name.removeprefix("accessible_output2 ")

    def available(self) -> bool:
        """Return True if accessible_output2 has a working output of this kind.

        The first call loads accessible_output2 and, on Linux, connects to
        speech-dispatcher, waiting at most ``connect_timeout`` seconds.
        Never raises; on False, ``reason`` says why.
        """
        if not self._probed:
            self._probed = True
            self._ao2 = self._probe()
        return self._ao2 is not None

    def _probe(self) -> Any:
        if self._uses_daemon and speechd.SPEECHD_HUNG.is_set():
            self.reason = "speech-dispatcher did not answer earlier"
            return None
        if self.kind == "speech_dispatcher" and speechd.import_speechd() is None:
            self.reason = "the speechd Python module (Debian package python3-speechd) is not installed"
            return None
        try:
            if self._windows:
                ao2 = on_ao2_thread(self._create, max(self.connect_timeout, WINDOWS_START_TIMEOUT), self.name)
            else:
                ao2 = call_with_timeout(self._create, self.connect_timeout, "speech-dispatcher")
        except OutputTimeout as exc:
            if self._uses_daemon:
                speechd.SPEECHD_HUNG.set()
            self.reason = str(exc)
            return None
        except Exception as exc:
            if type(exc).__name__ == "OutputError":  # its own error, raised without words
                self.reason = f"accessible_output2 could not reach {_AO2_KINDS[self.kind]}"
            else:
                self.reason = f"accessible_output2 could not start: {one_line(exc) or type(exc).__name__}"
            return None
        return ao2

    def _create(self) -> Any:
        """Construct the accessible_output2 object; None if it would not speak."""
        _AO2_WARNINGS.clear()
        importlib.import_module("accessible_output2.outputs")
        if self.kind == "auto":
            module = importlib.import_module("accessible_output2.outputs.auto")
            _quiet_ao2_modules()
            ao2 = module.Auto()
            chosen = ao2.get_first_available_output()
            working = chosen is not None
            if working:
                self.name = f"accessible_output2 {output_label(chosen.name)}"
        else:
            module = importlib.import_module(f"accessible_output2.outputs.{self.kind}")
            _quiet_ao2_modules()
            ao2 = module.output_class()
            working = bool(ao2.is_active())
        if not working:
            warning = _AO2_WARNINGS[-1] if _AO2_WARNINGS else ""
            what = "screen reader or voice" if self.kind == "auto" else f"{_AO2_KINDS[self.kind]} output"
            self.reason = f"accessible_output2 found no running {what}"
            if warning:
                self.reason += f" ({one_line(warning)})"
            return None
        if self._windows:
            self._set_voices(ao2)
        return ao2

    def _set_voices(self, ao2: Any) -> None:
        """Give the SAPI 5 voices behind ``ao2`` the language and rate asked for (on
        :data:`AO2_THREAD`); ``missing_voice`` says a language none of them speaks."""
        missing = None
        for voice in _sapi_voices(ao2):
            try:
                missing = set_sapi_voice(voice, self._language, self._rate) or missing
            except Exception:  # noqa: BLE001 - a voice setting that cannot be applied must not stop speech
                pass
        self.missing_voice = missing

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Speak ``language`` (an ISO code such as "nl") at ``rate`` (-100 slowest to 100
        fastest, 0 normal) through SAPI 5 on Windows, from now on: a voice of that language
        is chosen among the installed ones, and ``missing_voice`` is that language when
        there is none. NVDA and JAWS keep their own voice and rate (the player sets them
        in the screen reader); speech-dispatcher's language and rate are set by the direct
        client (:class:`~a11y_dominion.announcements.speech.speechd.SpeechdOutput`)."""
        self._language, self._rate = language, rate
        if self._windows and self._ao2 is not None:
            ao2 = self._ao2
            try:
                self._call(lambda: self._set_voices(ao2))
            except Exception:  # noqa: BLE001 - as above
                pass

    def wait_done(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until SAPI 5 has said everything it was given
        (``SpVoice.WaitUntilDone``, on :data:`AO2_THREAD`): its voice speaks in this process
        and would be cut off by the program's end. True at once for NVDA and JAWS (the
        screen reader speaks in its own process) and off Windows.

        Raises:
            OutputTimeout: when the speech thread does not answer either.
            Exception: whatever SAPI 5 raises.
        """
        if not self._windows or self._ao2 is None:
            return True

        def wait() -> bool:
            voices = _sapi_voices(self._backend())
            return all(bool(voice.WaitUntilDone(max(0, int(timeout * 1000)))) for voice in voices)

        return bool(on_ao2_thread(wait, timeout + self.call_timeout, self.name))

    def _backend(self) -> Any:
        """Return the accessible_output2 object that actually speaks (``Auto`` asks its
        outputs, which on Windows must happen on :data:`AO2_THREAD`: call it there)."""
        if self.kind == "auto":
            chosen = self._ao2.get_first_available_output()
            if chosen is None:
                raise SpeechOutputError("no screen reader or voice is running any more")
            self.name = f"accessible_output2 {output_label(chosen.name)}"  # NVDA may have quit meanwhile
            return chosen
        return self._ao2

    def _ready(self) -> None:
        if not self.available():
            raise OutputUnavailable(f"{self.name} is not available: {self.reason}")

    def _call(self, func: Callable[[], Any]) -> Any:
        if self._windows:
            return on_ao2_thread(func, self.call_timeout, self.name)
        try:
            return call_with_timeout(func, self.call_timeout, self.name)
        except OutputTimeout:
            speechd.SPEECHD_HUNG.set()
            raise

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` through accessible_output2.

        Raises:
            OutputUnavailable: if the output is not available.
            OutputTimeout: if speech-dispatcher does not answer in time.
            Exception: whatever accessible_output2 raises.
        """
        self._ready()
        self._call(lambda: self._backend().speak(text, interrupt=interrupt))

    def braille(self, text: str) -> None:
        """Show ``text`` on the screen reader's braille display, if it has one."""
        self._ready()
        if self._windows:
            self._call(lambda: self._backend().braille(text))
        else:
            self._backend().braille(text)

    def silence(self) -> None:
        """Stop speech, if the underlying output knows how."""
        self._ready()

        def stop() -> None:
            silence = getattr(self._backend(), "silence", None)
            if silence is not None:
                silence()

        self._call(stop)

    def close(self) -> None:
        """Close the speech-dispatcher connection, if there is one."""
        if self._ao2 is None:
            return
        close = getattr(self._ao2, "close", None)
        if close is not None:
            self._call(close)
