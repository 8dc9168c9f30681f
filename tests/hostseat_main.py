"""The host's own seat, for the same-session test: ``python tests/hostseat_main.py`` hosts
the scripted game (tests/session_script.py) with Ann at the host's terminal and the bot, and
no remote seat, which ``a11y-dominion host`` refuses (it needs one); otherwise as the command
hosts it (:meth:`~a11y_dominion.remote.host.GameHost.serve` on a free loopback port, plain
lines at the host's terminal, the host's lines printed). Exits with the host's exit code."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.remote import GameHost  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.seats import parse_seats  # noqa: E402
from session_script import EVENTS, KINGDOM, LANDMARKS, SEED  # noqa: E402

PLAYERS = "Ann:human,Bot:bigmoney"


def main() -> int:
    """Host the scripted game with Ann at this terminal; the exit code of the host."""
    specs = parse_seats(PLAYERS, remote=True)
    piles, events, landmarks = choose_setup(KINGDOM, EVENTS, LANDMARKS, SEED)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, SEED))
    host = GameHost(game, specs, SEED, Language("en"), out=lambda text: print(text, flush=True), plain=True)
    return asyncio.run(host.serve("127.0.0.1", 0))


if __name__ == "__main__":
    sys.exit(main())
