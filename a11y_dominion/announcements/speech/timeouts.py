"""Time limits for speech daemons, so that a daemon that hangs cannot freeze the game."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from .output import OutputTimeout

CONNECT_TIMEOUT = 2.0
"""Seconds to wait for a speech daemon to accept a connection."""

CALL_TIMEOUT = 2.0
"""Seconds to wait for a speech daemon to accept one command."""


def call_with_timeout(func: Callable[[], Any], timeout: float, what: str) -> Any:
    """Run ``func()`` in a helper thread and wait at most ``timeout`` seconds.

    A speech daemon that hangs would otherwise block the game forever.
    If the time runs out the helper thread is left to finish on its own
    (it is a daemon thread, so it cannot keep the program alive).

    Args:
        func: the call to make, with no arguments.
        timeout: seconds to wait.
        what: names the daemon in the helper thread's name and the error.

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
