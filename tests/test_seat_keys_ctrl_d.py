"""Shortcut keys and Ctrl+D at the seats of a host or a game server, in English and Dutch.

- ``help keys`` says what Ctrl+D does at the seat: at a game server's table it leaves the table
  for the lobby (over ssh and through ``join``), at a host's seat of another computer it leaves
  the game, and where quit stops the game (``play``, the host's own seat) it stops it.
- At a plain ``host``'s ssh seat, ``settings set key hand ctrl+r`` changes the key of the
  seat's line editor at once, as at a game server's table; the host keeps no keys with the game,
  which one sentence says, and the seat's next login has the key still.

The ssh seat is the host's real session (:class:`~a11y_dominion.remote.sshseat.SeatSession`) with
its line editor, over what it reads of asyncssh's process (a terminal), in this process.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.console.display import Display
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402
from a11y_dominion.remote.client import JoinConsole  # noqa: E402
from a11y_dominion.remote.lobbyclient import TableConsole  # noqa: E402
from a11y_dominion.remote.sshconsole import SshConsole  # noqa: E402
from a11y_dominion.remote.sshseat import SeatSession  # noqa: E402

CTRL_D = {
    "table": {
        "en": "Ctrl+D on an empty line: leave the table for the lobby; you are asked first, and sit brings you back.",
        "nl": "Ctrl+D op een lege regel: de tafel verlaten voor de lobby; dat wordt je eerst gevraagd, en zit "
        "brengt je terug.",
    },
    "host": {
        "en": "Ctrl+D on an empty line: leave the game; you are asked first, and may join again.",
        "nl": "Ctrl+D op een lege regel: het spel verlaten; dat wordt je eerst gevraagd, en je kunt weer meedoen.",
    },
}


def console(cls: type, code: str, table: int | None = None) -> Any:
    """A console of the class ``cls`` for Ann in the language ``code`` (``table``: the game server's
    table it sits at), as its end makes it; ``help keys`` reads only its seat and keys."""
    seat = HumanSeat("Ann", lang=Language(code))
    made = cls(None, seat, Display(io.StringIO(), lang=Language(code)), Speaker("off"), None)
    made.table_number = table
    return made


@pytest.mark.parametrize("code", ["en", "nl"])
@pytest.mark.parametrize("cls", [SshConsole, TableConsole])
def test_help_keys_at_a_server_table_says_ctrl_d_leaves_the_table(cls: type, code: str) -> None:
    keys = console(cls, code, table=3).keys_help(Language(code))
    assert CTRL_D["table"][code] in keys
    assert not any("stop the game" in line or "het spel stoppen" in line for line in keys)


@pytest.mark.parametrize("code", ["en", "nl"])
@pytest.mark.parametrize("cls", [SshConsole, JoinConsole])
def test_help_keys_at_a_hosts_seat_says_ctrl_d_leaves_the_game(cls: type, code: str) -> None:
    keys = console(cls, code).keys_help(Language(code))
    assert CTRL_D["host"][code] in keys


# ------------------------------------------------------------------ a host's ssh seat's keys
class TerminalProcess:
    """What a host's ssh session reads of asyncssh's server process for a login with a terminal
    (``ssh -t``): Ann's language sent (SetEnv), the text :meth:`type` is given read from its
    input (keys as a terminal sends them), and what the session writes kept in ``out``."""

    command = None
    subsystem = None

    def __init__(self, code: str) -> None:
        self.env = {"A11Y_DOMINION_LANG": code, "A11Y_DOMINION_VERBOSITY": "normal"}
        self.out: list[str] = []
        self.channel = self
        self.stdin = self
        self.typed: asyncio.Queue[str] = asyncio.Queue()

    def get_extra_info(self, name: str) -> Any:
        return "Ann" if name == "username" else None

    def get_terminal_type(self) -> str:
        return "xterm"

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return (200, 50, 0, 0)

    def write(self, text: str) -> None:
        self.out.append(text)

    def type(self, text: str) -> None:
        self.typed.put_nowait(text)

    async def read(self, size: int) -> str:
        return await self.typed.get()

    def exit(self, status: int) -> None:
        self.typed.put_nowait("")


def hosted(code: str) -> GameHost:
    specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    return GameHost(game, specs, 1, Language(code), out=lambda text: None)


async def settled() -> None:
    """The host, its bot and the session need only turns of the event loop, no time."""
    for _ in range(3000):
        await asyncio.sleep(0)


def received(process: TerminalProcess, start: int) -> str:
    """What the session wrote since ``start``, its line editor's carriage returns left out."""
    return "".join(process.out[start:]).replace("\r", "")


SET_KEY = {
    "en": ("settings set key hand ctrl+r", "Your hand, 5 cards:", "Ctrl+R: read your hand (command hand)."),
    "nl": ("instellingen zet toets hand ctrl+r", "Je hand, 5 kaarten:", "Ctrl+R: je hand voorlezen (commando hand)."),
}
SAID = {
    "en": "Ctrl+R is now a key of hand at this seat until the host stops; the host keeps no keys with the game.",
    "nl": "Ctrl+R is nu een toets van hand op deze plaats tot de host stopt; de host bewaart geen toetsen bij het "
    "spel.",
}


@pytest.mark.parametrize("code", ["en", "nl"])
def test_a_key_set_at_a_hosts_ssh_seat_works_at_once_and_at_the_seats_next_login(code: str) -> None:
    line, hand, helped = SET_KEY[code]

    async def main() -> tuple[str, str, str, str]:
        host = hosted(code)
        first = TerminalProcess(code)
        running = asyncio.ensure_future(SeatSession(host, first).run())
        await host.everyone_in.wait()
        table = asyncio.ensure_future(host.table.run_async())
        try:
            await settled()
            mark = len(first.out)
            first.type(line + "\r")
            await settled()
            said = received(first, mark)
            mark = len(first.out)
            first.type("\x12")  # Ctrl+R
            await settled()
            pressed = received(first, mark)
            mark = len(first.out)
            first.type("help keys\r")
            await settled()
            keys = received(first, mark)
            first.exit(0)  # the connection goes; the seat waits for Ann
            await running
            again = TerminalProcess(code)
            back = asyncio.ensure_future(SeatSession(host, again).run())
            await settled()
            mark = len(again.out)
            again.type("\x12")  # Ctrl+R at the next login
            await settled()
            later = received(again, mark)
            again.exit(0)
            await back
        finally:
            table.cancel()
            await asyncio.wait([table])
        return said, pressed, keys, later

    said, pressed, keys, later = asyncio.run(main())
    assert SAID[code] in said
    assert hand in pressed and "^R" not in pressed
    assert helped in keys and CTRL_D["host"][code] in keys
    assert hand in later


@pytest.mark.parametrize(
    "line, said",
    [
        (
            "settings set key hand alt+j",
            "Alt+J does not reach the game over ssh, so it was not kept; choose a function key or a Ctrl key, such "
            "as f4 or ctrl+r.",
        ),
        (
            "settings set key hand",
            "Type settings set key, a command and a key, for example settings set key hand ctrl+r.",
        ),
    ],
)
def test_a_key_that_cannot_be_set_at_a_hosts_ssh_seat_is_one_sentence_and_the_keys_stay(line: str, said: str) -> None:
    async def main() -> tuple[str, dict[str, str]]:
        host = hosted("en")
        process = TerminalProcess("en")
        session = SeatSession(host, process)
        running = asyncio.ensure_future(session.run())
        await host.everyone_in.wait()
        table = asyncio.ensure_future(host.table.run_async())
        try:
            await settled()
            mark = len(process.out)
            process.type(line + "\r")
            await settled()
            got = received(process, mark)
            keys = dict(host.people["Ann"].keys)
            process.exit(0)
            await running
        finally:
            table.cancel()
            await asyncio.wait([table])
        return got, keys

    got, keys = asyncio.run(main())
    assert said in got and "There is no setting" not in got
    assert keys == {}
