"""``a11y-dominion join HOST``: play a hosted game at a remote seat, the game speaking here.

The player's program connects to the host over SSH (:class:`~.joinlink.Link`: the seat name
is the SSH user, the password the one the host printed, the host's key trusted on first use)
and speaks the seat protocol (:mod:`.protocol`). The host sends the seat's redacted events,
its decisions with the seat's view and refusals; this program narrates them with the
player's own settings (:mod:`a11y_dominion.settings`) through the keyboard's end of the
console core (:class:`~a11y_dominion.console.keyboard.LocalConsole`). Only option keys go
back to the host.

This module holds join's end: the options (a seats file, a password file, the seat's name),
the password's question, the greeting and the run. At a game server (it names itself in its
SSH version line) join plays the server's lobby and its tables (:mod:`.lobbyclient`).
One event loop runs the connection and the console; after the final scores the session
stays until the player leaves (``quit``).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any, TextIO

from ..announcements.words import join_names
from ..console.keyboard import LocalConsole, interrupted, local_console, local_output, say_notices
from ..files import SETTINGS_LIMIT, FileError, read_json, read_text
from ..i18n import N_, Language, typed_command
from ..rules.decisions import Msg
from .joinlink import JoinError, Link
from .joinlogin import NAME_UNFIT, KnownHosts, fits_ssh
from .signals import ctrl_c_interrupts


# ------------------------------------------------------------------ who and where
def read_seats_file(
    path: str, user: str | None, lang: Language | None = None
) -> tuple[str | None, int | None, str, str]:
    """(host, port, user, password) from a seats file as ``host --seats-file`` writes it;
    ``user`` names the seat in any letter case, as the host reads a seat's name ("bea" for
    Bea), and the seat's own name comes back. Raises :class:`JoinError` for a file that
    cannot be read or has no such seat; its seats' names are joined in ``lang`` (English
    when None), the language the sentence is said in ("Ann and Bea")."""
    if not os.path.lexists(os.path.expanduser(path)):
        raise JoinError(Msg(N_("There is no file named {file}."), file=path))
    try:
        data = read_json(path, SETTINGS_LIMIT)  # bounded in size, time and depth
        seats = data["seats"]
        names = list(seats)
    except (FileError, KeyError, TypeError):
        raise JoinError(
            Msg(N_("{file} is not a seats file as the host writes it (JSON with host, port and seats)."), file=path)
        ) from None
    if user is None:
        if len(names) != 1:
            raise JoinError(
                Msg(
                    N_("Name your seat with --user; the seats file has {names}."),
                    names=join_names([str(n) for n in names], lang or Language("en")),
                )
            )
        user = str(names[0])
    name, seat = _seat_named(seats, user) if isinstance(seats, dict) else (user, None)
    if not isinstance(seat, dict) or not isinstance(seat.get("password"), str):
        raise JoinError(Msg(N_("The seats file has no seat {user}."), user=user))
    host, port = data.get("host"), data.get("port")
    return (
        host if isinstance(host, str) else None,
        port if isinstance(port, int) else None,
        str(seat.get("user") or name),
        seat["password"],
    )


def _seat_named(seats: dict[Any, Any], user: str) -> tuple[str, Any]:
    """(the seat's name, its entry) of the seat of ``seats`` (a seats file's seats by name)
    that ``user`` names: the one of that name, else the one whose name is ``user`` in another
    letter case (as the host's ``seat_name`` finds it); (``user``, None) for none."""
    if user in seats:
        return user, seats[user]
    folded = user.casefold()
    return next(((str(n), seat) for n, seat in seats.items() if str(n).casefold() == folded), (user, None))


PASSWORD_FILE_LIMIT = 64 * 1024
"""Bytes of a ``--password-file``: its first line is a password, far shorter."""


def read_password_file(path: str) -> str:
    """The password on the first line of the text file at ``path`` (UTF-8; a byte order
    mark, as Windows PowerShell 5.1 writes one, is not part of it).

    Raises :class:`JoinError` with one sentence for a file that is missing, not a
    regular file, larger than :data:`PASSWORD_FILE_LIMIT`, unreadable, saved as UTF-16
    (the sentence says to save it as UTF-8) or not UTF-8."""
    try:
        text = read_text(path, PASSWORD_FILE_LIMIT)
    except FileError as e:
        raise JoinError(e.args[0]) from None
    return text.split("\n", 1)[0].rstrip("\r")


def login_name(getuser: Callable[[], str] | None = None) -> str | None:
    """The name this computer knows the player by (``getuser``: :func:`getpass.getuser`
    unless given, which reads LOGNAME, USER, LNAME and USERNAME, then the POSIX password
    database); None when it knows none (on Windows, with none of those set, there is no
    such database: Python 3.11 raises ImportError there, 3.13 OSError)."""
    try:
        return (getuser or getpass.getuser)() or None
    except (ImportError, KeyError, OSError):
        return None


# ------------------------------------------------------------------ the player's console
class JoinConsole(LocalConsole):
    """The keyboard's end of the console core (:class:`~a11y_dominion.console.keyboard.LocalConsole`)
    at a joined seat: ``link`` is the SSH connection to the host (a :class:`~.joinlink.Link`)."""

    tells_language = True  # (at a game server, the lobby answers in it for the rest of the session)

    def receive(self, message: dict[str, Any]) -> bool:
        """Use one message from the host, as the console core does; a host older than the
        ``settings`` message answers it with ``unknown-type``, which is not said: the language
        holds for this program alone there."""
        if message.get("type") == "error" and message.get("error") == "unknown-type":
            told = message.get("message")
            args = told.get("args") if isinstance(told, dict) else None
            if isinstance(args, dict) and args.get("type") == "settings":
                return True
        return super().receive(message)


# ------------------------------------------------------------------ the command
def read_password(prompt: str, stdin: TextIO | None = None, stderr: TextIO | None = None) -> str:
    """The password typed after ``prompt``: :func:`getpass.getpass`, not shown as it is typed.
    With no terminal to hide it on (standard input a pipe or a file, no console window),
    the prompt goes to ``stderr`` and the line is read from ``stdin`` (by default the
    program's own), with none of getpass's warnings about it (``GetPassWarning``,
    "Password input may be echoed"), which a player need not hear. Raises EOFError when
    input ends first, KeyboardInterrupt at Ctrl+C (:func:`ctrl_c_interrupts`)."""
    with ctrl_c_interrupts():
        return _read_password(prompt, stdin, stderr)


def _read_password(prompt: str, stdin: TextIO | None = None, stderr: TextIO | None = None) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("error", getpass.GetPassWarning)  # (raised before getpass prints anything)
        try:
            return getpass.getpass(prompt)
        except getpass.GetPassWarning:
            pass
    err = stderr if stderr is not None else sys.stderr
    err.write(prompt)
    err.flush()
    line = (stdin if stdin is not None else sys.stdin).readline()
    if not line:
        raise EOFError
    err.write("\n")
    return line.rstrip("\r\n")


def run_join(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """``a11y-dominion join HOST``; returns the exit code. A host that cannot be
    reached, a refused seat or a bad option: one sentence on standard error, exit 2."""
    from ..console.commands import speech_line
    from ..console.keyboard import STARTING
    from ..settings import load_settings, seat_settings

    out = stdout if stdout is not None else sys.stdout
    settings, warning = load_settings()
    lang = Language(args.lang or settings.get("language") or "en")

    def fail(message: Msg | str) -> int:
        print(f"a11y-dominion: {lang.msg(message)}", file=sys.stderr)
        return 2

    host, port, user, password = args.host, args.port, args.user, None
    try:
        if args.seats_file:
            file_host, file_port, user, password = read_seats_file(args.seats_file, args.user, lang)
            host = host or file_host
            port = port if port is not None else file_port
        elif args.password_file:
            password = read_password_file(args.password_file)
    except JoinError as e:
        return fail(e.args[0])
    if not host:
        return fail(Msg(N_("Name the host to join, for example {command} join 192.0.2.7."), command=typed_command()))
    port = 2222 if port is None else port
    if not 1 <= port <= 65535:
        return fail(Msg(N_("--port must be a whole number from 1 to 65535.")))
    user = user or login_name()
    if not user:
        return fail(Msg(N_("Name your seat with --user, for example --user Ann.")))
    if not fits_ssh(user):  # (before any connection; the character is not echoed: it may be an escape byte)
        return fail(Msg(NAME_UNFIT))
    opts = seat_settings(settings, user)
    if not args.lang and opts.get("language"):
        lang = Language(opts["language"])

    def ask_password(prompt: str) -> str | None:  # (once the host is reached and its key checked)
        say_notices(output)  # what the speech output says of itself, on its own lines before the prompt
        try:
            return read_password(prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl+D or Ctrl+C: the sentence on a line of its own
            print(file=sys.stderr, flush=True)
            return None

    verbosity = args.verbosity or opts.get("verbosity") or settings.get("verbosity") or "normal"
    # the speech output is looked for while the host is reached, and found (or not) before the
    # first line of the game: what it says of itself is said once, before the first prompt
    output = local_output(settings, lang, args.speech, args.plain, out)
    speaker = output.speaker
    known = KnownHosts()
    link = Link(
        host,
        port,
        user,
        password,
        known,
        lang,
        verbosity=verbosity,
        ask_password=ask_password,
        lang_given=bool(args.lang),
    )

    async def play() -> int:
        try:
            await link.start()
        except JoinError as e:
            speaker.close()
            if link.hostkey.first_visit and not link.hostkey.told:  # (a key kept is shown, the login failing too)
                print(link.tell_key(), file=sys.stderr)
            return fail(e.args[0])
        shared: list[Any] = []  # one reader of typed lines, whichever console reads them

        def make(cls: type[JoinConsole], place: Any) -> JoinConsole:
            made = local_console(
                cls, place, user, lang, verbosity, settings, output, out, reader=shared[0] if shared else None
            )
            output.notices.clear()  # said once, before the first console's lines
            if not shared:
                shared.append(made.reader)
            return made

        back: list[Callable[[], None]] = []  # (Ctrl+C between prompts, said by each console playing)
        try:
            if link.server:  # a game server: its lobby, then its tables
                from .lobbyclient import play_server

                return await play_server(link, make, greet, lambda console: back.append(interrupted(console)))
            console = make(JoinConsole, link)
            back.append(interrupted(console))
            console.greeting = lambda: greet(console)  # at the host's hello, with the seat's name as the host spells it
            return await console.run()
        finally:
            for ctrl_c_back in back:
                ctrl_c_back()
            await link.closed()
            speaker.close()

    def greet(console: JoinConsole) -> None:
        where = {"host": host, "port": port}
        said_in = link.lang = console.lang  # (a game server's account's language, unless --lang was given)
        if not link.hostkey.told:  # (said before the password when one was asked)
            console.say(link.tell_key(), keep=False)
        console.say(
            said_in.text(N_("Joined {host} port {port} as {player}."), player=console.name, **where), keep=False
        )
        said = output.auto_why or speech_line(speaker, said_in, STARTING, at_start=True)
        if said:  # "" when the speaker has said itself that no sound can be heard
            console.say(said, keep=False)
        if warning:
            console.say(said_in.msg(warning), keep=False)

    return asyncio.run(play())
