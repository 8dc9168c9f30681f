"""The server's signals on each platform: SIGHUP reads ``server.toml`` again on POSIX, through
the loop's own signal handler; Windows has no SIGHUP (a moderator's ``reload`` does it there),
and nothing is set. The stop signals are the host's (tests/test_portable.py)."""

from __future__ import annotations

import asyncio
import signal

import pytest

pytest.importorskip("asyncssh")

from a11y_dominion.server.ssh import reload_on_hangup  # noqa: E402


@pytest.mark.posix  # (SIGHUP is POSIX's)
def test_sighup_reloads_on_posix_through_the_loop_and_is_put_back():
    calls: list = []

    async def main() -> object:
        loop = asyncio.get_running_loop()
        back = reload_on_hangup(loop, lambda: calls.append("reload") or "done", platform="linux")
        signal.raise_signal(signal.SIGHUP)
        for _ in range(100):  # the loop reads its wake-up pipe, then calls the handler
            if calls:
                break
            await asyncio.sleep(0)
        back()
        return signal.getsignal(signal.SIGHUP)

    assert asyncio.run(main()) == signal.SIG_DFL
    assert calls == ["reload"]


def test_on_windows_nothing_is_set_for_sighup(monkeypatch):
    """Windows has no SIGHUP: neither the loop nor Python gets a handler for it."""
    calls: list = []

    async def main() -> object:
        loop = asyncio.get_running_loop()

        def refused(*args):
            raise AssertionError("no loop signal handler on Windows")

        monkeypatch.setattr(loop, "add_signal_handler", refused)
        before = signal.getsignal(signal.SIGHUP) if hasattr(signal, "SIGHUP") else None
        back = reload_on_hangup(loop, lambda: calls.append("reload"), platform="win32")
        during = signal.getsignal(signal.SIGHUP) if hasattr(signal, "SIGHUP") else None
        back()
        return before is during

    assert asyncio.run(main())
    assert calls == []
