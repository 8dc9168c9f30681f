"""A plain-ssh seat of ``a11y-dominion host``: the session of a player who logs in to their
seat with ``ssh`` (the host serves the seat protocol on the same server, so sessions start as
asyncssh processes), over the SSH transport of :class:`~.terminal.TerminalSession`.

The player is admitted (:meth:`~a11y_dominion.remote.host.GameHost.admit`), asked the first
settings (:func:`~.firstquestions.first_settings`), then plays the seat through the console core
at the terminal (:meth:`~.terminal.TerminalSession.seated`) until the game ends or they leave.
``settings set key ACTION KEY`` changes a shortcut key of the seat's line editor, as at a game
server's table; the host keeps no keys with the game, so the key holds at this seat until the
host stops, which one sentence says.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from .firstquestions import first_settings
from .sshconsole import KNOWN_COMMANDS, RICH_COMMANDS
from .terminal import TerminalSession


class SeatSession(TerminalSession):
    """One SSH session of a player at a terminal, over ``process`` (asyncssh's
    :class:`~asyncssh.SSHServerProcess`), for the seat of ``host`` (a
    :class:`~a11y_dominion.remote.host.GameHost`) named by the SSH user, until the game ends or
    the player leaves (then ``host.leave(name, session)``)."""

    async def _play(self, _session: Any) -> None:
        """Admit the player, ask the first settings, then play the seat through the console
        core (:meth:`seated`) until the game ends or the player leaves."""
        from .seatlink import HostLink

        host = self.host
        user = self.process.get_extra_info("username")
        if self.command not in KNOWN_COMMANDS or self.process.subsystem is not None:
            self._raw("This server runs only the game; log in without a command, or with the command rich.\n")
            self._ended = 1
            return
        refusal = host.admit(user)
        if refusal is not None:
            self._raw(refusal + "\n")
            self._ended = 1
            return
        self.name = host.seat_name(user)
        self.seat = host.remote[self.name]
        self.keys = dict(self.seat.keys)  # (set at an earlier login to the seat)
        self.use_output(self.command in RICH_COMMANDS)
        self.asking = True  # (the prompt names the seat; Ctrl+C answers no)
        try:
            chosen = await first_settings(self.seat, self.process.env or {}, self._say, self._read)
        finally:
            self.asking = False
        if chosen is None or self._ended is not None or self.gone:
            return
        refusal = host.admit(user)
        if refusal is not None:
            self.queue(refusal + "\n")
            self._ended = 1
            return
        link = HostLink(host, user, *(chosen or (None, None)))
        self._ended = await self.seated(link, refuse=self.key_line)

    async def key_line(self, line: str) -> bool:
        """A line typed at the seat, before its console reads it: True when it is ``settings set
        key ACTION KEY`` (:func:`~a11y_dominion.settings.key_setting`), taken here: the key is the
        line editor's from now on (:func:`~.lineeditor.typed_key`, which says why not in one
        sentence) and the seat's at its later logins until the host stops, said in one sentence."""
        from ..console.commands import command_for
        from ..console.keys import command_word, key_name
        from ..settings import checked_keys, key_setting
        from .lineeditor import typed_key

        parts = line.split(None, 1)
        words = key_setting(parts[1]) if len(parts) > 1 and command_for(parts[0].casefold()) == "settings" else None
        if words is None or self.seat is None:
            return False
        lang = self.seat.lang
        got = typed_key(checked_keys(self.keys), words, lang, self.editor is not None)
        if isinstance(got, str):
            self._say(got)
            return True
        self.keys, slot = got
        self.seat.keys = dict(self.keys)
        self.use_keys()
        said = N_(
            "{key} is now a key of {command} at this seat until the host stops; the host keeps no keys with the game."
        )
        self._say(lang.text(said, key=key_name(self.keys[slot]), command=command_word(slot.removesuffix("2"), lang)))
        return True


async def terminal_session(host: Any, process: Any) -> None:
    """One SSH session of a player at a terminal (``process``: asyncssh's
    :class:`~asyncssh.SSHServerProcess`) for its seat of ``host``: a :class:`SeatSession`."""
    await SeatSession(host, process).run()
