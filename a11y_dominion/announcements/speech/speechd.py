"""speech-dispatcher: finding its Python client, and speaking through it directly."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

from .output import Output, OutputTimeout, OutputUnavailable, one_line
from .timeouts import CALL_TIMEOUT, CONNECT_TIMEOUT, call_with_timeout

SYSTEM_PYTHON_PATHS = ("/usr/lib/python3/dist-packages",)
"""Where Debian installs system Python packages such as python3-speechd."""

SPEECHD_CLIENT_NAME = "a11y-dominion"
"""The client name this game gives speech-dispatcher."""

SPEECHD_HUNG = threading.Event()
"""Set once a speech-dispatcher connection or command has timed out, so
that later outputs using the same daemon do not wait all over again."""

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

    plays_sound = True

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
        client, language, rate = self._client, self._language, self._rate
        try:
            if language:
                self._call(lambda: client.set_language(language))
            if rate is not None:
                self._call(lambda: client.set_rate(max(-100, min(100, int(rate)))))
        except Exception:
            pass  # a voice setting that cannot be applied must not stop speech

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
        if SPEECHD_HUNG.is_set():
            self.reason = "speech-dispatcher did not answer earlier"
            return None
        speechd = import_speechd()
        if speechd is None:
            self.reason = "the speechd Python module (Debian package python3-speechd) is not installed"
            return None
        self._speechd = speechd
        try:
            return call_with_timeout(
                lambda: speechd.SSIPClient(self.client_name), self.connect_timeout, "speech-dispatcher"
            )
        except OutputTimeout as exc:
            SPEECHD_HUNG.set()
            self.reason = str(exc)
        except Exception as exc:
            self.reason = f"cannot connect to speech-dispatcher: {one_line(exc)}"
        return None

    def _require_client(self) -> Any:
        if not self.available():
            raise OutputUnavailable(f"speech-dispatcher is not available: {self.reason}")
        return self._client

    def _call(self, func: Callable[[], Any]) -> Any:
        try:
            return call_with_timeout(func, self.call_timeout, "speech-dispatcher")
        except OutputTimeout:
            SPEECHD_HUNG.set()
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
