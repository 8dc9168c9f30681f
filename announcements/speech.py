"""Speech and braille output for announcements.

Everything that talks to a speech engine, a screen reader or a braille
display goes through :class:`Speaker`. It holds a chain of *outputs*
(small wrapper classes around one way of speaking) and uses the first
one that works. When an output breaks in the middle of a game, the
speaker switches to the next one, says so once, and carries on; if none
is left it carries on with text only. The game never sees an exception
from this module.

Every output has the same small interface:

- ``name``: a short human-readable name, such as "espeak-ng".
- ``speak(text, interrupt=False)``: start speaking and return at once.
- ``braille(text)``: show text on a braille display (a no-op where there
  is none).
- ``silence()``: stop speaking and drop anything queued.
- ``available()``: True if the output can be used. The first call may
  probe the system; later calls are cheap.

Output methods may raise any exception; :class:`Speaker` catches them.

Modes (what the player chose):

- ``off``: no speech. The console still prints text.
- ``screen-reader``: no speech from the game; the player's own screen
  reader reads the printed lines.
- ``self-voicing``: the game speaks through the first working output.
- ``auto``: self-voicing if some output is available, else screen-reader.
"""

from __future__ import annotations

import collections
import importlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import threading
from typing import Any, Callable, Iterable

MODES = ("off", "screen-reader", "self-voicing", "auto")
"""The speech modes a player can choose."""

SYSTEM_PYTHON_PATHS = ("/usr/lib/python3/dist-packages",)
"""Where Debian installs system Python packages such as python3-speechd."""

CONNECT_TIMEOUT = 2.0
"""Seconds to wait for a speech daemon to accept a connection."""

CALL_TIMEOUT = 2.0
"""Seconds to wait for a speech daemon to accept one command."""

SPEECHD_CLIENT_NAME = "a11y-dominion"
"""The client name this game gives speech-dispatcher."""


def N_(message: str) -> str:
    """Mark a sentence for translation; the caller's ``translate`` looks it up."""
    return message


class SpeechOutputError(Exception):
    """An output could not do what it was asked."""


class OutputUnavailable(SpeechOutputError):
    """An output was used although it is not available."""


class OutputTimeout(SpeechOutputError):
    """A speech daemon did not answer in time."""


# Set once a speech-dispatcher connection attempt has timed out, so that
# later outputs using the same daemon do not wait all over again.
_SPEECHD_HUNG = threading.Event()

_IMPORT_LOCK = threading.Lock()


def import_speechd(search_paths: Iterable[str] = SYSTEM_PYTHON_PATHS) -> Any | None:
    """Import the speech-dispatcher client module ``speechd``.

    The module usually comes from the Debian package python3-speechd,
    which installs into the system Python's folder and so cannot be
    imported from a virtual environment or another Python. When the
    normal import fails, this looks for ``speechd`` in ``search_paths``
    and loads it from there. Only that one package is loaded from those
    folders; ``sys.path`` is not changed.

    Args:
        search_paths: folders to look in when the normal import fails.

    Returns:
        The module, or None if it cannot be found or fails to load.
        Never raises.
    """
    with _IMPORT_LOCK:
        if "speechd" in sys.modules:
            return sys.modules["speechd"]
        try:
            return importlib.import_module("speechd")
        except ImportError:
            pass
        except Exception:
            return None
        for folder in search_paths:
            if not os.path.isdir(os.path.join(folder, "speechd")):
                continue
            spec = importlib.machinery.PathFinder.find_spec("speechd", [folder])
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            # The package imports its own submodules relatively, which
            # needs it to be registered before it runs.
            sys.modules["speechd"] = module
            try:
                spec.loader.exec_module(module)
            except Exception:
                for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
                    del sys.modules[name]
                continue
            return module
        return None


def _call_with_timeout(func: Callable[[], Any], timeout: float, what: str) -> Any:
    """Run ``func()`` in a helper thread and wait at most ``timeout`` seconds.

    A speech daemon that hangs would otherwise block the game forever.
    If the time runs out the helper thread is left to finish on its own
    (it is a daemon thread, so it cannot keep the program alive).

    Returns:
        Whatever ``func`` returned.

    Raises:
        OutputTimeout: if ``func`` did not finish in time.
        Exception: whatever ``func`` raised.
    """
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = func()
        except BaseException as exc:  # handed to the waiting thread below
            result["error"] = exc

    worker = threading.Thread(target=run, name=f"speech: {what}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise OutputTimeout(f"{what} did not answer within {timeout:g} seconds")
    if "error" in result:
        raise result["error"]
    return result.get("value")


def _one_line(text: object) -> str:
    """Return ``text`` as a string with all runs of whitespace made single spaces."""
    return " ".join(str(text).split())


def _name_key(name: str) -> str:
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

    def __init__(self) -> None:
        self.reason: str | None = None

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

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Set the voice's language (an ISO code such as "nl") and rate
        (-100 slowest to 100 fastest, 0 normal) where the output supports
        them; the user's screen reader keeps its own settings. Does nothing
        by default."""
        return None

    def matches(self, wanted: str) -> bool:
        """Return True if ``wanted`` names this output (case, spaces and dashes ignored)."""
        key = _name_key(wanted)
        return bool(key) and key in {_name_key(n) for n in (self.name, *self.aliases)}


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
      imported; see :func:`import_speechd`. Without it, it prints a
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
        if self._uses_daemon and _SPEECHD_HUNG.is_set():
            self.reason = "speech-dispatcher did not answer earlier"
            return None
        if self.kind == "speech_dispatcher" and import_speechd() is None:
            self.reason = "the speechd Python module (Debian package python3-speechd) is not installed"
            return None
        try:
            if self._uses_daemon:
                ao2 = _call_with_timeout(self._create, self.connect_timeout, "speech-dispatcher")
            else:
                ao2 = self._create()
        except OutputTimeout as exc:
            _SPEECHD_HUNG.set()
            self.reason = str(exc)
            return None
        except Exception as exc:
            self.reason = f"accessible_output2 could not start: {_one_line(exc)}"
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
                self.reason += f" ({_one_line(warning)})"
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
            return _call_with_timeout(func, self.call_timeout, self.name)
        except OutputTimeout:
            _SPEECHD_HUNG.set()
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


_SPEECHD_PRIORITY_NAMES = {
    "low": "TEXT",
    "normal": "MESSAGE",
    "high": "IMPORTANT",
    "important": "IMPORTANT",
}


class SpeechdOutput(Output):
    """Speech through speech-dispatcher, using its ``speechd`` Python client.

    The connection honours the ``SPEECHD_ADDRESS`` environment variable
    (the client reads it). Connecting and every command wait at most a
    few seconds, so a hanging daemon cannot freeze the game.

    Priorities map to speech-dispatcher's: "low" to text, "normal" to
    message, "high" and "important" to important; anything else to message.

    Args:
        client_name: the name shown in speech-dispatcher's client list.
        connect_timeout: seconds to wait for the connection.
        call_timeout: seconds to wait for each command.
    """

    name = "speech-dispatcher"
    aliases = ("speechd", "spd")
    accepts_priority = True

    def __init__(
        self,
        client_name: str = SPEECHD_CLIENT_NAME,
        connect_timeout: float = CONNECT_TIMEOUT,
        call_timeout: float = CALL_TIMEOUT,
    ) -> None:
        super().__init__()
        self.client_name = client_name
        self.connect_timeout = connect_timeout
        self.call_timeout = call_timeout
        self._speechd: Any = None
        self._client: Any = None
        self._probed = False
        self._priority: str | None = None
        self._language: str | None = None
        self._rate: int | None = None

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Speak in ``language`` at ``rate`` (-100..100) once connected."""
        self._language, self._rate = language, rate
        if self._client is not None:
            self._apply_voice()

    def _apply_voice(self) -> None:
        client = self._client
        try:
            if self._language:
                self._call(lambda: client.set_language(self._language))
            if self._rate is not None:
                self._call(lambda: client.set_rate(max(-100, min(100, int(self._rate)))))
        except Exception:
            pass   # a voice setting that cannot be applied must not stop speech

    def available(self) -> bool:
        """Return True if a speech-dispatcher connection is open.

        The first call connects, waiting at most ``connect_timeout``
        seconds. Never raises; on False, ``reason`` says why.
        """
        if not self._probed:
            self._probed = True
            self._client = self._connect()
            if self._client is not None and (self._language or self._rate is not None):
                self._apply_voice()
        return self._client is not None

    def _connect(self) -> Any:
        if _SPEECHD_HUNG.is_set():
            self.reason = "speech-dispatcher did not answer earlier"
            return None
        speechd = import_speechd()
        if speechd is None:
            self.reason = "the speechd Python module (Debian package python3-speechd) is not installed"
            return None
        self._speechd = speechd
        try:
            return _call_with_timeout(
                lambda: speechd.SSIPClient(self.client_name), self.connect_timeout, "speech-dispatcher"
            )
        except OutputTimeout as exc:
            _SPEECHD_HUNG.set()
            self.reason = str(exc)
        except Exception as exc:
            self.reason = f"cannot connect to speech-dispatcher: {_one_line(exc)}"
        return None

    def _require_client(self) -> Any:
        if not self.available():
            raise OutputUnavailable(f"speech-dispatcher is not available: {self.reason}")
        return self._client

    def _call(self, func: Callable[[], Any]) -> Any:
        try:
            return _call_with_timeout(func, self.call_timeout, "speech-dispatcher")
        except OutputTimeout:
            _SPEECHD_HUNG.set()
            raise

    def speak(self, text: str, interrupt: bool = False, priority: str = "normal") -> None:
        """Queue ``text`` in speech-dispatcher with the matching priority.

        Returns once the daemon has accepted the text, not when speech ends.

        Raises:
            OutputUnavailable: if there is no connection.
            OutputTimeout: if the daemon does not answer in time.
            Exception: whatever the speechd client raises.
        """
        client = self._require_client()
        wanted = getattr(self._speechd.Priority, _SPEECHD_PRIORITY_NAMES.get(priority, "MESSAGE"))

        def send() -> None:
            if interrupt:
                client.cancel()
            if wanted != self._priority:
                client.set_priority(wanted)
                self._priority = wanted
            client.speak(text)

        self._call(send)

    def silence(self) -> None:
        """Stop this game's speech and drop its queued messages.

        Raises:
            OutputUnavailable, OutputTimeout, or whatever the client raises.
        """
        client = self._require_client()
        self._call(client.cancel)

    def set_rate(self, rate: int) -> None:
        """Set the speech rate from -100 (slowest) to 100 (fastest); 0 is normal.

        Values outside the range are clamped.

        Raises:
            OutputUnavailable, OutputTimeout, or whatever the client raises.
        """
        client = self._require_client()
        value = max(-100, min(100, int(rate)))
        self._call(lambda: client.set_rate(value))

    def close(self) -> None:
        """Close the connection, if one is open."""
        if self._client is not None:
            client, self._client = self._client, None
            self._call(client.close)


class _ProcessOutput(Output):
    """Speech by running a command-line speech program once per message.

    Messages are spoken one after another: while a program is still
    speaking, new messages wait in a queue that a helper thread works
    through. ``speak`` never waits for speech to finish.

    If a program exits with an error, the next ``speak`` raises so that
    :class:`Speaker` can switch to another output.
    """

    program_names: tuple[str, ...] = ()
    platforms: tuple[str, ...] | None = None
    install_hint = ""

    base_words_per_minute = 175

    def __init__(self, rate: int | None = None, voice: str | None = None) -> None:
        super().__init__()
        self.rate = rate
        self.voice = voice

        self._program: str | None = None
        self._probed = False
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None
        self._pending: collections.deque[str] = collections.deque()
        self._waiter: threading.Thread | None = None
        self._error: SpeechOutputError | None = None

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Use the ``language`` voice (e.g. "nl") and a words-per-minute
        rate scaled from -100..100 around the program's usual speed."""
        if language and not self.voice:
            self.voice = language
        if rate is not None:
            self.rate = max(80, int(self.base_words_per_minute * (1 + max(-100, min(100, rate)) / 200)))

    def available(self) -> bool:
        """Return True if the program is on PATH (and this is a suitable system)."""
        if not self._probed:
            self._probed = True
            self._program = self._find_program()
            if self._program is None:
                self.reason = f"{self.name} is not installed{self.install_hint}"
        return self._program is not None

    def _find_program(self) -> str | None:
        if self.platforms is not None and not sys.platform.startswith(self.platforms):
            return None
        for candidate in self.program_names:
            path = shutil.which(candidate)
            if path is not None:
                self.name = candidate
                return path
        return None

    def _command(self, program: str, text: str) -> list[str]:
        raise NotImplementedError

    def _start(self, text: str) -> subprocess.Popen:
        # A leading space stops text such as "-3 coins" being read as an option.
        if text.startswith("-"):
            text = " " + text
        assert self._program is not None
        return subprocess.Popen(
            self._command(self._program, text),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Start speaking ``text`` now, or queue it behind the current message.

        Raises:
            OutputUnavailable: if the program is not installed.
            SpeechOutputError: if an earlier message's program failed.
            OSError: if the program cannot be started.
        """
        if not self.available():
            raise OutputUnavailable(f"{self.name} is not available: {self.reason}")
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            if interrupt:
                self._stop_locked()
            process = self._process
            if process is not None and (process.poll() is None or self._pending):
                # still speaking, or earlier messages wait their turn: keep the order
                self._pending.append(text)
                self._ensure_waiter_locked()
                return
            if process is not None and process.returncode > 0:
                self._process = None
                raise SpeechOutputError(f"{self.name} exited with status {process.returncode}")
            self._process = self._start(text)

    def _ensure_waiter_locked(self) -> None:
        if self._waiter is None or not self._waiter.is_alive():
            self._waiter = threading.Thread(target=self._work_through_queue, name=f"speech: {self.name}", daemon=True)
            self._waiter.start()

    def _work_through_queue(self) -> None:
        """Helper thread: when the current message ends, start the next one."""
        while True:
            with self._lock:
                process = self._process
                if process is None or (process.poll() is not None and not self._pending):
                    self._waiter = None
                    return
            process.wait()
            with self._lock:
                if process is not self._process:
                    continue  # silenced or replaced meanwhile
                if process.returncode > 0:
                    self._error = SpeechOutputError(f"{self.name} exited with status {process.returncode}")
                    self._pending.clear()
                    self._process = None
                    self._waiter = None
                    return
                if self._pending:
                    try:
                        self._process = self._start(self._pending.popleft())
                    except OSError as exc:
                        self._error = SpeechOutputError(f"{self.name} could not start: {exc}")
                        self._pending.clear()
                        self._process = None
                        self._waiter = None
                        return

    def _stop_locked(self) -> None:
        self._pending.clear()
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass

    def silence(self) -> None:
        """Stop the program that is speaking and drop queued messages."""
        with self._lock:
            self._stop_locked()

    def close(self) -> None:
        """Same as ``silence``."""
        self.silence()

    def is_speaking(self) -> bool:
        """Return True while a message is being spoken or waits in the queue."""
        with self._lock:
            running = self._process is not None and self._process.poll() is None
            return running or bool(self._pending)


class EspeakOutput(_ProcessOutput):
    """Speech by running ``espeak-ng`` (or the older ``espeak``).

    Available only if one of them is on PATH. After the first
    ``available()`` call, ``name`` is the program actually found.

    Args:
        rate: words per minute, or None for the program's default.
        voice: an espeak voice name such as "en-gb", or None.
    """

    name = "espeak-ng"
    aliases = ("espeak", "espeak-ng")
    program_names = ("espeak-ng", "espeak")
    install_hint = " (Debian package espeak-ng)"

    def _command(self, program: str, text: str) -> list[str]:
        command = [program]
        if self.rate is not None:
            command += ["-s", str(int(self.rate))]
        if self.voice:
            command += ["-v", self.voice]
        return command + [text]


class SayOutput(_ProcessOutput):
    """Speech by running macOS's ``say``; available only on macOS.

    Args:
        rate: words per minute, or None for the system default.
        voice: a voice name such as "Samantha", or None.
    """

    name = "say"
    aliases = ("macos say", "macos")
    program_names = ("say",)
    platforms = ("darwin",)

    voices = {"nl": "Xander", "en": "Samantha"}

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Pick the system voice for ``language`` and a words-per-minute rate."""
        if language in self.voices and not self.voice:
            self.voice = self.voices[language]
        if rate is not None:
            self.rate = max(80, int(self.base_words_per_minute * (1 + max(-100, min(100, rate)) / 200)))

    def _command(self, program: str, text: str) -> list[str]:
        command = [program]
        if self.rate is not None:
            command += ["-r", str(int(self.rate))]
        if self.voice:
            command += ["-v", self.voice]
        return command + [text]


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


def default_outputs(platform: str | None = None) -> list[Output]:
    """Build the usual output chain for a platform, best first.

    Nothing is probed here, so this is fast.

    Args:
        platform: a ``sys.platform`` value; None means this system.

    Returns:
        Linux: accessible_output2 speech-dispatcher, speech-dispatcher,
        espeak-ng. macOS: say. Windows: accessible_output2 auto (a
        running screen reader), then accessible_output2 SAPI 5. Other
        systems: speech-dispatcher, espeak-ng.
    """
    platform = platform or sys.platform
    if platform.startswith("win"):
        return [AO2Output("auto"), AO2Output("sapi5")]
    if platform == "darwin":
        return [SayOutput()]
    if platform.startswith("linux"):
        return [AO2Output("speech_dispatcher"), SpeechdOutput(), EspeakOutput()]
    return [SpeechdOutput(), EspeakOutput()]


def all_outputs() -> list[Output]:
    """Build one of every output this module knows, for choosing by name.

    Outputs that make no sense on this system simply turn out unavailable.
    """
    return [
        AO2Output("speech_dispatcher"),
        SpeechdOutput(),
        EspeakOutput(),
        SayOutput(),
        AO2Output("auto"),
        AO2Output("sapi5"),
        AO2Output("nvda"),
        AO2Output("jaws"),
    ]


def _join_names(names: list[str]) -> str:
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
        for output in self._outputs:
            try:
                output.configure(language=language, rate=rate)
            except Exception:
                pass
        self._failed: list[Output] = []
        self._current: Output | None = None
        self._resolved = False
        self._lock = threading.RLock()

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
        with self._lock:
            if self._mode in ("off", "screen-reader"):
                return self._mode
            self._resolve()
            return "self-voicing" if self._current is not None else "screen-reader"

    @property
    def active_output_name(self) -> str | None:
        """The name of the output in use, or None when the game is not speaking."""
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
        if self._current is not None:
            return
        if self._output_name:
            output = self._outputs[0]
            why = f" ({output.reason})" if output.reason else ""
            self._report(N_("Speech: {name} is not available{why}; continuing with text only."), name=output.name,
                         why=why)
        elif self._mode == "self-voicing":
            self._report(N_("Speech: no speech output works; continuing with text only."))

    def _report(self, template: str, **fields) -> None:
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
            self._report(N_("Speech: {names} failed; now using {name}."), names=_join_names(failed_names),
                         name=self._current.name)
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
            return spoke

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
        with self._lock:
            if self._mode == "off":
                return "Speech is off; the game shows text only."
            if self._mode == "screen-reader":
                return "Screen-reader mode: the game does not speak; your screen reader reads the text."
            self._resolve()
            if self._mode == "self-voicing":
                if self._current is not None:
                    return f"Self-voicing mode: the game speaks through {self._current.name}."
                return "Self-voicing mode, but no speech output works; the game shows text only."
            if self._current is not None:
                return f"Automatic mode: the game speaks through {self._current.name}."
            return "Automatic mode: no speech output was found, so the game does not speak; your screen reader reads the text."

    def close(self) -> None:
        """Stop speech and close daemon connections. Never raises."""
        with self._lock:
            for output in self._outputs:
                try:
                    output.close()
                except Exception:
                    pass


def speech_test(
    text: str,
    mode: str = "auto",
    print_fn: Callable[[str], Any] = print,
    outputs: list[Output] | None = None,
    output_name: str | None = None,
) -> int:
    """Speak ``text`` once and say which output spoke it.

    Meant for an ``a11y-dominion speech-test`` command. It does not wait
    for speech to finish; "spoke" means an output accepted the text.

    Args:
        text: what to say.
        mode: a speech mode, as for :class:`Speaker`.
        print_fn: receives the report, one sentence per call.
        outputs: the output chain; None means this system's default.
        output_name: force one output by name, as for :class:`Speaker`.

    Returns:
        0 if some output spoke the text, 1 if nothing could speak
        (including modes that never speak, and a bad mode or name).
    """
    if not str(text).strip():
        text = "This is a11y-dominion speaking."
    try:
        speaker = Speaker(mode, outputs=outputs, print_fn=print_fn, output_name=output_name)
    except ValueError as exc:
        print_fn(f"Speech test: {exc}.")
        return 1
    if speaker.effective_mode != "self-voicing":
        print_fn(speaker.describe())
        if speaker.mode not in ("off", "screen-reader"):
            for output in speaker.outputs:
                if output.reason:
                    print_fn(f"Speech test: {output.name} is not available: {output.reason}.")
        print_fn("Speech test: nothing was spoken.")
        return 1
    if speaker.speak(text):
        print_fn(f"Speech test: spoke through {speaker.active_output_name}.")
        return 0
    print_fn("Speech test: no speech output could speak.")
    return 1
