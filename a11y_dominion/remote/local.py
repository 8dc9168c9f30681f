"""The host's own terminal: the seat of the player at the host's computer,
and the question before the host stops the game.

The host's player (a ``human`` seat of ``a11y-dominion host``) is a
:class:`LocalSeat`: a :class:`~a11y_dominion.remote.seat.RemoteSeat` whose
lines print at the host's terminal and whose typed lines come from the host's
keyboard, read with prompt_toolkit as at the local console (plain lines for a
screen reader when ``plain``: :func:`~a11y_dominion.console.display.line_only_output`).
Lines that come while the player types print above the line being typed.
A typed line holds at most :data:`~a11y_dominion.textinput.MAX_LINE` characters,
cut as they arrive (:mod:`~a11y_dominion.lineinput`), as at the console.
The prompt ``Cid> `` shows while an answer is awaited; queries can be typed
at any time.

Ctrl+C at the host's terminal asks "Stop the game for every seat? yes or no";
yes stops the game (every seat is told), anything else goes on, and Ctrl+C
while asking stops at once.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading

from ..console.commands import is_yes
from ..console.persistence import EXPORT_ALL
from ..i18n import N_
from ..lineinput import CUT_LINE, bound_input, line_bindings, line_was_cut, read_line
from ..textinput import MAX_LINE
from .seat import RemoteSeat, clean

QUESTION = N_("Stop the game for every seat? yes or no ")


class LocalSeat(RemoteSeat):
    """The player at the host's own terminal: a remote seat without the network.

    ``redraw()`` (set by :class:`HostTerminal`) redraws the line being typed,
    whose prompt (:meth:`prompt_text`) says whether an answer is awaited; with
    no ``redraw`` (input that is no terminal) the prompt is printed as a remote
    seat's is."""

    kind = "human"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.redraw = None

    def asked(self) -> bool:
        """Whether an answer of this seat is awaited."""
        return self.waiting is not None and not self.waiting.done()

    def export_lines(self, rest: str = "") -> None:
        """``export FILE`` at the host's own terminal: the game so far, as the console's export
        writes it for this seat, written to FILE on this computer (readable by its owner only);
        one sentence either way. A file that exists is left as it is (no question is asked
        here), and anything but a regular file is refused; ``export all`` prints the lines here."""
        from ..files import FileError, shown_name, typed_path, write_atomic, write_target

        lang = self.lang
        path = typed_path(rest)
        if not path:
            self.line(lang._(N_("Export needs a file name, for example export game.txt.")))
            return
        if path.lower() in EXPORT_ALL:  # printed here, as at every seat
            super().export_lines(path)
            return
        path = os.path.abspath(path)  # the full path is said
        try:
            target, _linked = write_target(path)
        except FileError as e:
            self.line(lang.text(N_("Cannot write {file}: {error}"), file=shown_name(path), error=lang.msg(e.args[0])))
            return
        if os.path.exists(target):
            self.line(lang.text(N_("{file} already exists; export to a new file name."), file=shown_name(path)))
            return
        try:
            write_atomic(target, "\n".join(self.export() if self.export is not None else []) + "\n", mode=0o600)
        except OSError as e:
            self.line(lang.text(N_("Cannot write {file}: {error}."), file=shown_name(path), error=e.strerror or e))
            return
        self.line(lang.text(N_("The game so far is written to {file}."), file=shown_name(path)))

    def prompt_text(self) -> str:
        """``Cid> `` while an answer is awaited, else nothing."""
        return f"{clean(self.name or '')}> " if self.asked() else ""

    def prompt(self) -> None:
        """Show the prompt: redraw the typed line, or print it (no terminal)."""
        if self.redraw is None:
            super().prompt()
            return
        self.prompt_shown = False
        self.redraw()


class HostTerminal:
    """The host's terminal during a hosted game (``host``: the
    :class:`~a11y_dominion.remote.host.GameHost`; ``stdin``: its input).

    With a local seat, :meth:`start` joins it and reads its typed lines; with
    none, the terminal only answers the stop question after Ctrl+C
    (:meth:`interrupt`). :meth:`close` ends the reading."""

    def __init__(self, host, stdin=None, plain: bool = True):
        self.host = host
        self.stdin = stdin if stdin is not None else sys.stdin
        self.plain = plain
        self.tty = _isatty(self.stdin)
        self.seat: LocalSeat | None = host.people[host.local] if host.local else None
        self.task: asyncio.Task | None = None
        self.session = None
        self.asking = False
        self.interrupted = False

    # ------------------------------------------------------------ output
    def write(self, text: str) -> None:
        """Print ``text`` at the host's terminal: above the line being typed, which
        is drawn again below it."""
        app = getattr(self.session, "app", None)
        try:
            if app is not None and app.is_running and not app.is_done:
                if app.renderer.last_rendered_screen is not None:  # the typed line is showing
                    app.renderer.erase()
                app.output.write_raw(text)
                app.output.flush()
                app.invalidate()
            else:
                sys.stdout.write(text)
                sys.stdout.flush()
        except (OSError, ValueError):
            pass

    # ------------------------------------------------------------ life
    def start(self) -> None:
        """Join the local seat (if any) and start reading its lines."""
        if self.seat is None:
            return
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._run_prompt() if self.tty else self._run_lines())

    async def close(self) -> None:
        """Stop reading (the game is over)."""
        app = getattr(self.session, "app", None)
        if app is not None and app.is_running:
            app.exit(result="")
        if self.task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self.task), 2)
            except (asyncio.TimeoutError, asyncio.CancelledError, Exception):  # noqa: BLE001
                self.task.cancel()

    def interrupt(self) -> None:
        """Ctrl+C (SIGINT) came: ask before stopping; a second one while asking stops. After
        the game it ends the host's wait for the remote players at once. A terminal that reads
        whole lines shows the key as "^C": what is said next starts on a line of its own."""
        app = getattr(self.session, "app", None)
        if self.tty and (app is None or not app.is_running) and (self.asking or self.host.over or self.seat is None):
            self.write("\n")
        if self.asking or self.host.over:
            self.host.stop()
            return
        if self.seat is not None and self.tty:
            app = getattr(self.session, "app", None)
            if app is not None and app.is_running:
                app.exit(exception=KeyboardInterrupt())
            else:
                self.interrupted = True
            return
        if not self.tty:
            self.host.stop()
            return
        asyncio.get_running_loop().create_task(self._ask_cooked())

    def _decided(self, text: str | None) -> None:
        lang = self.seat.lang if self.seat is not None else self.host.lang
        if text is not None and is_yes(text):
            self.host.stop()
        else:
            self.write(lang._(N_("The game goes on.")) + "\n")

    # ------------------------------------------------------------ the host alone
    async def _ask_cooked(self) -> None:
        """The stop question at a terminal that reads whole lines (no local seat)."""
        self.asking = True
        self.write(self.host.lang._(QUESTION))  # (on a line of its own: see interrupt)
        try:
            data = await read_once(self.stdin.fileno())
        finally:
            self.asking = False
        if self.host.stopped.is_set():
            return
        self._decided(data.decode("utf-8", "replace") if data else None)

    # ------------------------------------------------------------ the host's player
    async def _run_prompt(self) -> None:
        """The local seat's lines, typed at the host's terminal with prompt_toolkit."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.application import create_app_session
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output import ColorDepth
        from prompt_toolkit.utils import is_dumb_terminal

        from ..console.display import line_only_output

        seat = self.seat
        host = self.host
        if self.plain:
            output = line_only_output(sys.stdout)
        else:
            from prompt_toolkit.output import create_output

            output = create_output(sys.stdout)
            if hasattr(output, "enable_cpr"):
                output.enable_cpr = False

        bounds = line_bindings()  # a line cut at MAX_LINE as it is typed, a paste line by line

        def new_session() -> PromptSession:
            return PromptSession(
                key_bindings=bounds,
                complete_while_typing=False,
                mouse_support=False,
                enable_suspend=False,
                color_depth=ColorDepth.MONOCHROME if self.plain else None,
            )

        host.out = lambda text: self.write(clean(text) + "\n")  # the host's own lines, above the typed line
        with create_app_session(input=bound_input(create_input(self.stdin)), output=output):
            lines = new_session()
            asking = new_session()

            def redraw() -> None:
                app = lines.app
                if app.is_running:
                    app.invalidate()

            # a dumb terminal gets no redrawn prompt from prompt_toolkit: the seat prints its own
            seat.redraw = None if is_dumb_terminal() else redraw
            host.join(seat.name, self.write, self)
            while not host.stopped.is_set():
                try:
                    if self.interrupted:
                        self.interrupted = False
                        raise KeyboardInterrupt
                    self.session = lines
                    text = await lines.prompt_async(seat.prompt_text)
                except (KeyboardInterrupt, EOFError):
                    self.asking = True
                    self.session = asking
                    try:
                        answer = await asking.prompt_async(seat.lang._(QUESTION))
                    except KeyboardInterrupt:
                        answer = "yes"
                    except EOFError:
                        answer = None
                    finally:
                        self.asking = False
                    if not host.stopped.is_set():
                        self._decided(answer)
                    continue
                if host.stopped.is_set():
                    break
                self._typed(text, line_was_cut(lines.default_buffer, text))
            seat.redraw = None

    def _typed(self, text: str, cut: bool = False) -> None:
        """Give the local seat a line typed at the host's terminal (``cut``: it was longer
        than :data:`~a11y_dominion.textinput.MAX_LINE` characters, which is said first)."""
        seat = self.seat
        if cut:
            seat.line(seat.lang.text(CUT_LINE, n=MAX_LINE))
        try:
            seat.typed(text)
        except Exception as e:  # noqa: BLE001 - one bad line must not end the game
            self.host.fault(seat.name, e)
            seat.line(seat.lang._(N_("That did not work; the game goes on. Type help for commands.")))

    async def _run_lines(self) -> None:
        """The local seat's lines read from input that is no terminal (a pipe):
        its end is the seat leaving."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        def read() -> None:  # a thread of its own: a blocked read never holds up the host's exit
            while True:
                try:
                    got = read_line(self.stdin)  # never more than MAX_LINE characters held
                except (OSError, ValueError):
                    got = ("", False)
                loop.call_soon_threadsafe(queue.put_nowait, got)
                if not got[0]:
                    return

        threading.Thread(target=read, daemon=True).start()
        self.host.join(self.seat.name, self.write, self)
        while not self.host.stopped.is_set():
            line, cut = await queue.get()
            if not line:
                self.host.leave(self.seat.name, self)
                return
            self._typed(line, cut)


def read_once(fd: int, size: int = 4096) -> asyncio.Future:
    """What one read of the descriptor ``fd`` gives (bytes; empty at its end or when it
    cannot be read), awaited in the running loop: a line typed at a terminal that reads
    whole lines. The read waits in a thread of its own, so it needs nothing of the event
    loop but ``call_soon_threadsafe`` (Windows' loop cannot watch a console for
    input), and a read still waiting never holds up the program's exit (a daemon
    thread). Must be called in a running loop."""
    loop = asyncio.get_running_loop()
    got: asyncio.Future = loop.create_future()

    def give(data: bytes) -> None:
        if not got.done():
            got.set_result(data)

    def read() -> None:
        try:
            data = os.read(fd, size)
        except OSError:
            data = b""
        try:
            loop.call_soon_threadsafe(give, data)
        except RuntimeError:  # the loop closed meanwhile: nobody waits
            pass

    threading.Thread(target=read, name="stop-question", daemon=True).start()
    return got


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
