"""Why a network connection failed, in one sentence: the system's own words for its error
(:func:`os_reason`, as ``join`` and the server say them) and the sentence of a connection that
could not be made (:func:`connect_failure`)."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable

from ..i18n import N_
from ..rules.decisions import Msg


def os_reason(e: OSError, strerror: Callable[[int], str] = os.strerror) -> str:
    """Why a connection failed, from the system's error ``e`` (with an ``errno``):
    ``strerror(errno)`` ("Connection refused", not asyncio's "Connect call failed
    (...)"), unless the C library knows no text for it (Windows' knows none for
    the socket errors, "Unknown error"): then the system's own text, ``e.strerror``
    (from Windows: "The remote computer refused the network connection")."""
    text = strerror(e.errno) if e.errno else ""
    if not text or text.lower().startswith("unknown error"):
        text = e.strerror or text or type(e).__name__
    return text


def connect_failure(e: BaseException, host: str, port: int, seconds: float) -> Msg:
    """The sentence for a connection to ``host`` port ``port`` that failed with ``e``: a name no
    address is found for, no answer within ``seconds`` (``asyncio.TimeoutError``), a session
    the other end does not offer (asyncssh's ``ChannelOpenError``), else "Cannot connect" with
    the reason, asyncssh's or the system's (:func:`os_reason`)."""
    from .sshlib import asyncssh

    where = {"host": host, "port": port}
    if isinstance(e, socket.gaierror):
        return Msg(N_("{host} is not a host name or address this computer can find."), host=host)
    if isinstance(e, asyncio.TimeoutError):
        return Msg(N_("{host} port {port} did not answer within {seconds} seconds."), seconds=seconds, **where)
    if isinstance(e, asyncssh.ChannelOpenError):
        return Msg(N_("{host} port {port} does not offer the game to join: {reason}."), reason=e.reason, **where)
    if isinstance(e, asyncssh.Error):
        reason = e.reason
    elif isinstance(e, OSError) and e.errno:
        reason = os_reason(e)
    else:
        reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
    return Msg(N_("Cannot connect to {host} port {port}: {reason}."), reason=str(reason).rstrip("."), **where)
