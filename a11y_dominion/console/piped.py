"""Typed lines from piped input (standard input that is no terminal), read on the event loop
on POSIX and Windows alike (:class:`PipeReader`, the keyboard's reader when no terminal reads
keys: :func:`~a11y_dominion.console.keyboard.typed_reader`), and a blocking call awaited in a
thread of its own (:func:`in_thread`).
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..textinput import printable
from .display import PlainReader

PIPE_LINE = 16 * 1024  # bytes of one typed line kept from piped input (4 times MAX_LINE's characters)


PIPE_PIECE = 4096  # bytes read from piped input at a time


Given = TypeVar("Given")


async def in_thread(work: Callable[[], Given], name: str) -> Given:
    """What ``work()`` gives (or raises), computed in a daemon thread called ``name``, awaited on
    the running loop. The thread hands it to the loop (``call_soon_threadsafe``), which is all it
    needs of the loop (Windows' loop cannot wait on a console, or on a pipe or file given as
    standard input), and one still working when the program ends never holds up its exit, as
    one in the loop's worker thread would."""
    loop = asyncio.get_running_loop()
    got: asyncio.Future[Given] = loop.create_future()

    def give(value: Any, error: BaseException | None) -> None:
        if got.done():
            return
        if error is not None:
            got.set_exception(error)
        else:
            got.set_result(value)

    def run() -> None:
        try:
            value, error = work(), None
        except BaseException as e:  # noqa: BLE001 - handed to the loop, raised there
            value, error = None, e
        try:
            loop.call_soon_threadsafe(give, value, error)
        except RuntimeError:  # the loop closed meanwhile: nobody waits
            pass

    threading.Thread(target=run, name=name, daemon=True).start()
    return await got


def _read_piece(fd: int, read: Callable[[int, int], bytes]) -> bytes:
    """Up to :data:`PIPE_PIECE` bytes of ``fd``; b"" at its end or when it broke."""
    try:
        return read(fd, PIPE_PIECE)
    except OSError:
        return b""


def windows_read(fd: int) -> Callable[[int, int], bytes]:
    """How the descriptor ``fd`` is read on Windows, as ``read(fd, n)``: through the file Python
    opens on it (``open(fd, "rb", buffering=0, closefd=False)``, at the first read), which for a
    console is Python's own console reader, giving the line typed in UTF-8 and reading on through
    a Ctrl+C. :func:`os.read` would give a console's line in its code page (cp850, cp437: "Zoë"
    is no UTF-8 there) and an empty read, the end of input, at Ctrl+C. A pipe or a file reads as
    with os.read; a descriptor that cannot be opened so is read with os.read."""
    opened: list[Any] = []

    def read(fd: int, n: int) -> bytes:
        if not opened:
            try:
                opened.append(open(fd, "rb", buffering=0, closefd=False))  # (kept for every read)
            except (OSError, ValueError):
                opened.append(None)
        raw = opened[0]
        return os.read(fd, n) if raw is None else bytes(raw.read(n) or b"")

    return read


def piece_reader(
    fd: int, platform: str = sys.platform, read: Callable[[int, int], bytes] | None = None
) -> Callable[[], Awaitable[bytes]]:
    """How piped input ``fd`` (standard input that is no terminal, or a terminal read whole
    lines at a time) is read on the event loop on ``platform`` (``sys.platform`` unless given):
    a function that gives the next bytes (b"" at the end), read with ``read(fd, n)``
    (:func:`os.read` unless given; on Windows :func:`windows_read`'s).

    On POSIX systems the loop waits until ``fd`` can be read (``add_reader``, as
    prompt_toolkit waits for keys at a terminal); a regular file, which the loop cannot wait
    on and which never makes a reader wait, is read at once. On Windows the loop cannot wait
    on a pipe or file given as standard input (its Proactor loop waits only on sockets and
    pipes it opened itself, and prompt_toolkit reads only a console there), so each piece is
    read in a daemon thread of its own (:func:`in_thread`)."""
    if platform == "win32":
        read_windows = read or windows_read(fd)
        return lambda: in_thread(lambda: _read_piece(fd, read_windows), "piped input")
    posix_read = read or os.read

    async def when_ready() -> bytes:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        try:
            loop.add_reader(fd, readable)
        except (OSError, ValueError, NotImplementedError):  # a regular file: it never waits
            return _read_piece(fd, posix_read)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return _read_piece(fd, posix_read)

    return when_ready


class PipeLines:
    """Typed lines from piped input, read on the event loop: :meth:`wait_line` waits until a
    whole line (or the end of input) is read ahead, ``pieces`` giving the next bytes
    (:func:`piece_reader`'s); :meth:`readline` then gives it as a stream does, for
    :class:`~a11y_dominion.console.display.PlainReader`. At most :data:`PIPE_LINE` bytes of a
    line are kept (the rest is dropped as it is read), so memory stays bounded."""

    def __init__(self, pieces: Callable[[], Awaitable[bytes]]):
        self.pieces = pieces
        self.buffer = bytearray()
        self.ended = False
        self.dropping = False  # past the bound of a long line: its bytes go until its newline
        self.reading: asyncio.Future[bytes] | None = None

    def isatty(self) -> bool:
        return False

    def ready(self) -> bool:
        """True when a whole line (or the end of input) can be read now."""
        return self.ended or b"\n" in self.buffer

    def at_end(self) -> bool:
        """True when the input ended and every line of it was read."""
        return self.ended and not self.buffer

    async def wait_line(self) -> None:
        """Return when a whole line (or the end of input) can be read. Breaking the wait off
        (cancelling it) loses nothing: the piece being read is kept for the next wait."""
        while not self.ready():
            if self.reading is None:
                self.reading = asyncio.ensure_future(self.pieces())
            chunk = await asyncio.shield(self.reading)
            self.reading = None
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        if not chunk:
            self.ended = True
            return
        if self.dropping:
            end = chunk.find(b"\n")
            chunk = b"" if end < 0 else chunk[end:]
            self.dropping = end < 0
        self.buffer += chunk
        start = self.buffer.rfind(b"\n") + 1
        if len(self.buffer) - start > PIPE_LINE:  # a line longer than any that is read
            del self.buffer[start + PIPE_LINE :]
            self.dropping = True

    def readline(self, size: int = -1) -> str:
        """One line with its newline, of what was read ahead; "" at the end of input. With
        ``size`` (characters) at most that many: the rest waits for the next call."""
        end = self.buffer.find(b"\n")
        taken = len(self.buffer) if end < 0 else end + 1
        text = bytes(self.buffer[:taken]).decode("utf-8", "replace")
        del self.buffer[:taken]
        if 0 <= size < len(text):
            self.buffer[:0] = text[size:].encode("utf-8")
            text = text[:size]
        return text


class PipeReader:
    """The reader of piped input: :meth:`read_async` prints the prompt, waits on
    the event loop for the whole line (:class:`PipeLines`) and reads it as
    :class:`~a11y_dominion.console.display.PlainReader` does (written to ``out`` once, cut at
    :data:`~a11y_dominion.textinput.MAX_LINE` characters, EOFError at the end of input)."""

    interactive = False

    def __init__(self, lines: PipeLines, out: Any):
        self.lines = lines
        self.plain = PlainReader(lines, out)

    @property
    def cut(self) -> bool:
        return self.plain.cut

    def ready(self) -> bool:
        return self.lines.ready()

    async def wait_line(self) -> None:
        await self.lines.wait_line()

    def at_end(self) -> bool:
        """True when the input ended and every line of it was read."""
        return self.lines.at_end()

    def read_line(self) -> str:
        """The line read ahead (:meth:`wait_line` first), as :meth:`read_async` reads it,
        with no prompt; EOFError at the end of input."""
        return str(self.plain.read("", ""))

    async def read_async(self, message: str, default: str = "") -> str:
        out = self.plain.stream_out
        out.write(printable(message))
        out.flush()
        await self.lines.wait_line()
        return str(self.plain.read("", default))
