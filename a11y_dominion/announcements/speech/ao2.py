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
        # through speech-dispatcher: sound from this machine (a screen reader's own speech is not)
        self.plays_sound = self.kind == "speech_dispatcher"

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
        return ao2

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
