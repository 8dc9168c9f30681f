"""An undo at a remote seat as the other seats hear it (the ``undone`` message): said
only when the seat was told something of what was taken back at its verbosity; at normal
verbosity another player's plays wait for the summary of their turn, which says what stands.
In one process, without SSH: each seat played by its console (:mod:`seatsathost`)."""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled, shown

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402


@pytest.mark.parametrize(
    ("verbosity", "heard"), [("normal", []), ("verbose", ["Ann took back the play of 2 Coppers."])]
)
def test_another_seat_hears_an_undo_only_of_what_it_was_told(verbosity, heard):
    """Ann plays her treasures and takes it back: Bea, at normal verbosity, was not told the play
    (it waits for the summary of Ann's turn) and hears nothing of the undo; at verbose she heard
    the play, and hears what was taken back."""

    async def main() -> list:
        specs = parse_seats("Ann:remote,Bea:remote", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        host = GameHost(game, specs, 1, Language("en"), verbosity=verbosity, out=[].append)
        ann, bea = SeatAt(host, "Ann"), SeatAt(host, "Bea")
        ann.start()
        bea.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        await ann.typed("play treasures")
        await ann.typed("undo")
        table.cancel()
        said = shown(ann.lines, "Ann")
        assert [x for x in said if x.startswith("Taken back")] == ["Taken back: your play of 2 Coppers."], said[-8:]
        return [x for x in shown(bea.lines, "Bea") if "took back" in x]

    assert asyncio.run(main()) == heard
