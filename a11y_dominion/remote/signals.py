"""Signals (Ctrl+C, a stop) handed to an asyncio event loop, on POSIX and on Windows, and Ctrl+C
raised where a line is read whole (:func:`ctrl_c_interrupts`)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any


def on_signals(
    loop: asyncio.AbstractEventLoop, pairs: list[tuple[str, Callable[[], None]]], platform: str = ""
) -> Callable[[], None]:
    """Have ``loop`` call each callback of ``pairs`` (signal name such as "SIGINT", callback
    of no arguments) when that signal comes, in the way of ``platform`` (a ``sys.platform``
    value; empty: this system).

    POSIX: the loop's own ``add_signal_handler``. Windows, whose event loop has no signal
    handlers: Python's :func:`signal.signal`, its handler handing the call to the loop
    (``call_soon_threadsafe``). A signal this system has not, or that cannot be handled
    here (not the main thread), is left as it was. Returns what puts every handled
    signal back as it was (a callable of no arguments); raises nothing."""
    if (platform or sys.platform) == "win32":
        return _python_signals(loop, pairs)
    return _loop_signals(loop, pairs)


def _loop_signals(loop: asyncio.AbstractEventLoop, pairs: list[tuple[str, Callable[[], None]]]) -> Callable[[], None]:
    """``loop.add_signal_handler`` for each (signal name, callback) of ``pairs`` (POSIX)."""
    handled = []
    for name, handler in pairs:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            loop.add_signal_handler(sig, handler)
            handled.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no signals here
            pass

    def back() -> None:
        for sig in handled:
            loop.remove_signal_handler(sig)

    return back


def _python_signals(loop: asyncio.AbstractEventLoop, pairs: list[tuple[str, Callable[[], None]]]) -> Callable[[], None]:
    """``signal.signal`` for each (signal name, callback) of ``pairs``, the callback called in
    ``loop`` (Windows: its event loop has no ``add_signal_handler``)."""
    before: dict[int, Any] = {}  # the handler each signal had: a function, SIG_DFL, SIG_IGN or None
    for name, handler in pairs:
        sig = getattr(signal, name, None)
        if sig is None:
            continue

        def handle(_sig: int, _frame: object, handler: Callable[[], None] = handler) -> None:
            try:
                loop.call_soon_threadsafe(handler)
            except RuntimeError:  # the loop closed meanwhile
                pass

        try:
            before[sig] = signal.signal(sig, handle)
        except (ValueError, OSError):  # not the main thread, or a signal this system cannot catch
            pass

    def back() -> None:
        for sig, old in before.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass

    return back


@contextlib.contextmanager
def ctrl_c_interrupts() -> Iterator[None]:
    """Within it, Ctrl+C (SIGINT) raises KeyboardInterrupt where the program waits, as Python's
    own handler does (POSIX and Windows alike), then the handler before comes back.
    ``asyncio.run``'s handler only cancels the main task at the first Ctrl+C, which a question
    asked on the event loop's thread never sees (the password's, during ``join``'s login; a
    piped line read whole at ``play``'s question). Outside the main thread (no handler can be
    set there) nothing changes."""
    try:
        before = signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ValueError, OSError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
