"""What the libraries say goes to a log file, never to a player's or the host's screen.

asyncio, asyncssh, prompt_toolkit and the speech libraries report through the
standard :mod:`logging` module (asyncio's "socket.send() raised exception." after a
connection broke, a task's exception nobody retrieved) and through :mod:`warnings`
(a ``DeprecationWarning``, getpass's ``GetPassWarning``). With no handler set up,
Python prints them on standard error, in between the game's lines. The game says
what matters to the player in its own sentences (a seat that left, a connection
that broke); the libraries' own words are kept in ``library.log`` in the data
folder, for whoever wants to look into a fault.
"""

from __future__ import annotations

import asyncio
import logging
import logging.handlers
import os
from pathlib import Path
from typing import Any

LOG_NAME = "library.log"
LOG_BYTES = 1_000_000  # the log is started afresh (the old one kept as library.log.1) past this size
_MARK = "_a11y_dominion_library_log"


def library_log_path() -> Path:
    """``library.log`` in the game's data folder (:func:`~a11y_dominion.autosave.data_dir`)."""
    from .autosave import data_dir

    return data_dir() / LOG_NAME


class _FolderMadeFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file opened, and its folder made, only when the first record comes:
    a game that logs nothing leaves no trace in the data folder. The file is its owner's alone
    (:func:`~a11y_dominion.files.keep_to_owner`), whatever access its folder gives: a server's
    log names its players and their addresses."""

    def _open(self):  # type: ignore[no-untyped-def]
        from .files import keep_to_owner

        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        stream = super()._open()
        try:
            keep_to_owner(self.baseFilename)
        except OSError:  # (a log kept as the folder allows is still better than none)
            pass
        return stream

    def doRollover(self) -> None:
        """Start the log afresh, the old one kept as ``library.log.1`` (in one rename, which
        replaces the one before; ``rotator(source, dest)`` when set, as the standard handler
        has it, else :func:`os.replace`). Windows refuses the rename while another window of the
        game has the log open: then this process writes on in it, the ``.1`` kept, and tries again
        :data:`LOG_BYTES` later (the standard handler would drop every later record and remove
        ``.1`` at each)."""
        if self.stream:
            self.stream.close()
            self.stream = None
        try:
            (self.rotator or os.replace)(self.baseFilename, self.baseFilename + ".1")
            self.maxBytes = LOG_BYTES
        except OSError:
            self.maxBytes = _size(self.baseFilename) + LOG_BYTES
        if not self.delay:
            self.stream = self._open()  # type: ignore[no-untyped-call]


def _size(path: str) -> int:
    """The bytes of the file at ``path``; 0 when it cannot be looked at."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def keep_library_messages_off_screen(path: Path | None = None, own: str | None = None) -> Path | None:
    """Send every library log record (WARNING and above) and every warning to the file
    ``path`` (None: :func:`library_log_path`), made with its folder at the first record,
    or nowhere when it cannot be written; nothing of them reaches standard output or
    standard error. ``own``: a logger (such as ``a11y_dominion.server``) whose INFO records,
    and its children's, go there too (a login, a table brought back: what happens normally).
    Called again, it replaces the handler it set before. The sentence saying that a stale
    compiled build is not used (:func:`~a11y_dominion.compiledgroup.take_note`) goes there
    once. Returns the file the records go to, or None when no data folder can be named.
    Never raises."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _MARK, False)]:
        root.removeHandler(old)
        old.close()
    target: Path | None
    handler: logging.Handler
    try:
        target = path if path is not None else library_log_path()
        handler = _FolderMadeFileHandler(target, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s: %(message)s"))
    except (OSError, RuntimeError, ImportError):  # no data folder can be named (no platformdirs: the rules alone)
        target, handler = None, logging.NullHandler()
    setattr(handler, _MARK, True)
    handler.setLevel(logging.WARNING)
    if own:
        handler.setLevel(logging.INFO)
        handler.addFilter(
            lambda record: record.levelno >= logging.WARNING or record.name == own or record.name.startswith(own + ".")
        )
        logging.getLogger(own).setLevel(logging.INFO)
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    logging.captureWarnings(True)  # warnings.warn(...) as records of the logger py.warnings
    logging.raiseExceptions = False  # a log file that cannot take a record says nothing on the screen
    from .compiledgroup import take_note

    note = take_note()  # a stale compiled build, found as the package was imported: said once, here
    if note is not None:
        logging.getLogger("a11y_dominion.compiled").warning("%s", note)
    return target


def log_loop_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An asyncio loop's exception handler (:meth:`asyncio.loop.set_exception_handler`):
    the error ``context`` (its message and exception) is logged to the library log,
    not printed."""
    error = context.get("exception")
    logging.getLogger("a11y_dominion.loop").warning(
        "%s", context.get("message") or "asyncio error", exc_info=error if isinstance(error, BaseException) else None
    )


def quiet_loop(loop: asyncio.AbstractEventLoop | None = None) -> None:
    """Set :func:`log_loop_exception` as the exception handler of ``loop`` (None: the
    running loop)."""
    (loop or asyncio.get_running_loop()).set_exception_handler(log_loop_exception)
