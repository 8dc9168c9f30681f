"""Remote seats: players at other computers join a hosted game over SSH.

``a11y-dominion host --players "Ann:remote,Bea:remote,Bot:bigmoney"``
starts an SSH server (:mod:`asyncssh`) and a :class:`~a11y_dominion.table.Table`
run under ``asyncio``. Every remote seat logs in with its own name as the
SSH user and the password the host printed for it (fresh for every game),
with any SSH client: ``ssh -p 2222 Ann@HOST``. The server gives only the
game session: no shell command is run, no port is forwarded, no file is
copied.

Every person at the table plays through the console core
(:class:`~a11y_dominion.console.core.SeatConsole`) over the seat protocol: ``join`` at
another computer, a plain ssh seat (a light line editor over SSH, :mod:`.lineeditor`: plain
lines for the player's own screen reader by default, rich output on request) and the host's
own seat. The table's seat of a person (a
:class:`RemoteSeat`, a :class:`~a11y_dominion.console.seat.HumanSeat` told by the table what
that seat may know, and nothing else) keeps its history and forwards what it is told; what an
ssh client sends is cleaned first (escape sequences that are no key, control and formatting
characters, lines past :data:`MAX_LINE` characters, floods of lines).

The game starts when every remote seat has joined; each join is told to
every seat that is in. A player who leaves (or whose connection breaks) is
announced to the others and the game waits; logging in again takes the
seat back, with its history as it was, told once what happened meanwhile,
and ``--bot-after SECONDS`` lets the ``medium`` bot play for a seat that
stays away that long. After the final scores the remote players may stay
(``log``, ``repeat``, ``score``, ``export``) until they leave; the host ends
when all have left, or after ``--after-game SECONDS`` without a typed line. Seats may log in
with public keys (``--authorized-keys``) instead of passwords; the seat
name is read in any letter case; failed logins are explained (an SSH auth
banner) and rate-limited. One ``human`` seat may play at the host's own
terminal, where ``quit`` asks before the game stops for everyone.

The package: :mod:`.host` (the SSH server, the logins, the host's screen and its
one-table lobby), :mod:`.room` (the table: its seats, the sessions holding them and the
seats' lifecycle, shared with the server's tables), :mod:`.seat` (the table's seat of a
person: its history, its settings kept by the host), :mod:`.terminal` (the SSH session of a
player at a terminal: line editing, output, cleaned input), :mod:`.local`
(the host's own terminal: its player's console, the stop question), :mod:`.access`
(host key, passwords, public keys, seats file, the limit on failed logins), :mod:`.sshlib`
(asyncssh, imported there alone, without its cryptography backend's warning).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .access import host_key, write_seats_file
    from .host import GameHost
    from .room import empty_seats_line  # (the host module has it from there)
    from .seat import MAX_LINE, RemoteSeat, clean, typed_line

# where each name of the package is: its module is imported when the name is first asked for, so
# that importing one light module of the package (the seat protocol's names, which the console
# core reads) does not import the host, its seats and their console with it
_WHERE = {
    "GameHost": "host",
    "MAX_LINE": "seat",
    "RemoteSeat": "seat",
    "clean": "seat",
    "empty_seats_line": "host",
    "host_key": "access",
    "typed_line": "seat",
    "write_seats_file": "access",
}


def __getattr__(name: str) -> Any:
    """The package's name ``name`` from its module (:data:`_WHERE`); AttributeError for
    any other name (a submodule is then imported as usual)."""
    import importlib

    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)


__all__ = [
    "GameHost",
    "MAX_LINE",
    "RemoteSeat",
    "clean",
    "empty_seats_line",
    "host_key",
    "typed_line",
    "write_seats_file",
]
