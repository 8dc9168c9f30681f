"""The SSH session of a player at a terminal: lines in, lines out."""

from __future__ import annotations

from ..i18n import N_


def quiet_line_editor() -> None:
    """No terminal bell from asyncssh's line editor (at a key it does not know, or a
    line at its longest): a remote seat gets printable lines and cursor moves only."""
    from asyncssh import editor

    editor.SSHLineEditor._ring_bell = lambda self: None  # type: ignore[method-assign]


async def terminal_session(host, process) -> None:
    """One SSH session of a player at a terminal (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`): the lines of its seat of ``host``
    (a :class:`~a11y_dominion.remote.host.GameHost`) until the game ends or the
    player leaves; each typed line goes to :meth:`RemoteSeat.typed`."""
    import asyncssh

    name = process.get_extra_info("username")
    if process.command is not None or process.subsystem is not None:
        process.stdout.write("This server runs only the game; log in without a command.\n")
        process.exit(1)
        return
    refusal = host.admit(name)
    if refusal is not None:
        process.stdout.write(refusal + "\n")
        process.exit(1)
        return

    def write(text: str) -> None:
        try:
            process.stdout.write(text)
        except (OSError, asyncssh.Error, BrokenPipeError):
            pass

    seat = host.join(name, write, process)
    try:
        while not host.stopped.is_set():
            try:
                got = await process.stdin.readline()
            except (asyncssh.TerminalSizeChanged, asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, UnicodeDecodeError, OSError):
                break
            if not got:  # the end of input: the player left
                break
            try:
                seat.typed(got)
            except Exception as e:  # noqa: BLE001 - one bad line must not end the player's session
                host.fault(name, e)
                seat.line(seat.lang._(N_("That did not work; the game goes on. Type help for commands.")))
    finally:
        host.leave(name, process)
