"""Speech and braille through the accessible_output2 library (screen readers, SAPI 5, speech-dispatcher)."""

from __future__ import annotations

import collections
import importlib
import sys
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
            module.print = _record_ao2_warning


class AO2Output(Output):
    """Speech and braille through the accessible_output2 library.

    On Windows this reaches NVDA, JAWS and other screen readers, or the
    SAPI 5 voices; on Linux it reaches speech-dispatcher.

    accessible_output2 has a few habits this class guards against:

    - It finds speech-dispatcher only if the ``speechd`` module can be
      imported; see :func:`~announcements.speech.speechd.import_speechd`. Without it, it prints a
      warning and speaks nothing, which here counts as unavailable.
    - ``is_active()`` stays true after speech-dispatcher dies; the next
      ``speak()`` then raises, and :class:`Speaker` moves on.
    - ``output()`` speaks and then raises, so ``speak()`` and
      ``braille()`` are called separately.
    - ``Auto`` has no ``silence()``; silence goes to the output that
      ``Auto`` picked.
    - A hanging speech-dispatcher can block its client, so on Linux
      connecting and each command run with a timeout.

    Args:
        kind: "auto" (the first running screen reader or voice), or one
            of "speech_dispatcher", "sapi5", "nvda", "jaws".
        connect_timeout: seconds to wait for construction when a daemon
            is involved.
        call_timeout: seconds to wait for each command when a daemon is
            involved.

    Raises:
        ValueError: for an unknown ``kind``.
    """

    def __init__(
        self,
        kind: str = "auto",
        connect_timeout: float = CONNECT_TIMEOUT,
        call_timeout: float = CALL_TIMEOUT,
    ) -> None:
        super().__init__()
        lowered = kind.lower()
        self.kind = _AO2_KIND_ALIASES.get(lowered, lowered)
        if self.kind not in _AO2_KINDS:
            raise ValueError(f"unknown accessible_output2 kind {kind!r}; use one of {', '.join(_AO2_KINDS)}")
        label = _AO2_KINDS[self.kind]
        self.name = f"accessible_output2 {label}"
        self.aliases = (self.name, f"ao2 {label}", f"ao2 {self.kind}")
        self.connect_timeout = connect_timeout
        self.call_timeout = call_timeout
        # COM objects (SAPI 5, JAWS) must stay on the thread that made
        # them, so helper threads are used only where a daemon is.
        self._uses_daemon = not sys.platform.startswith("win")
        self._ao2: Any = None
        self._probed = False

    @property
    def plays_sound(self) -> bool:  # type: ignore[override]
        """Through speech-dispatcher: sound from this machine (a screen reader's own speech is not)."""
        return self.kind == "speech_dispatcher"

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
            if self._uses_daemon:
                ao2 = call_with_timeout(self._create, self.connect_timeout, "speech-dispatcher")
            else:
                ao2 = self._create()
        except OutputTimeout as exc:
            speechd.SPEECHD_HUNG.set()
            self.reason = str(exc)
            return None
        except Exception as exc:
            self.reason = f"accessible_output2 could not start: {one_line(exc)}"
            return None
        if ao2 is not None and self.kind == "auto":
            chosen = ao2.get_first_available_output()
            if chosen is not None:
                self.name = f"accessible_output2 {chosen.name}"
        return ao2

    def _create(self) -> Any:
        """Construct the accessible_output2 object; None if it would not speak."""
        _AO2_WARNINGS.clear()
        importlib.import_module("accessible_output2.outputs")
        if self.kind == "auto":
            module = importlib.import_module("accessible_output2.outputs.auto")
            _quiet_ao2_modules()
            ao2 = module.Auto()
            working = ao2.get_first_available_output() is not None
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
        return ao2

    def _backend(self) -> Any:
        """Return the accessible_output2 object that actually speaks."""
        if not self.available():
            raise OutputUnavailable(f"{self.name} is not available: {self.reason}")
        if self.kind == "auto":
            chosen = self._ao2.get_first_available_output()
            if chosen is None:
                raise SpeechOutputError("no screen reader or voice is running any more")
            return chosen
        return self._ao2

    def _call(self, func: Callable[[], Any]) -> Any:
        if not self._uses_daemon:
            return func()
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
        backend = self._backend()
        self._call(lambda: backend.speak(text, interrupt=interrupt))

    def braille(self, text: str) -> None:
        """Show ``text`` on the screen reader's braille display, if it has one."""
        self._backend().braille(text)

    def silence(self) -> None:
        """Stop speech, if the underlying output knows how."""
        backend = self._backend()
        stop = getattr(backend, "silence", None)
        if stop is not None:
            self._call(stop)

    def close(self) -> None:
        """Close the speech-dispatcher connection, if there is one."""
        if self._ao2 is None:
            return
        close = getattr(self._ao2, "close", None)
        if close is not None:
            self._call(close)
