"""``export`` at a hosted game's seats, without SSH (each seat's console in this process): at the
host's own terminal ``export FILE`` writes the file there, as join's export does (a file that
exists is replaced only after yes); at an ssh seat one sentence says why it cannot, how many lines the
export has and how to get them, and ``export all`` prints them in the session."""

from __future__ import annotations

import asyncio
import re

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402


def make_host() -> tuple:
    """Ann (an ssh seat), Cid at the host's terminal and a bot, both people in, each played by its
    console (:mod:`seatsathost`): (host, Ann's seat, Cid's seat)."""
    specs = parse_seats("Ann:remote,Cid:human,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    host = GameHost(game, specs, 1, Language("en"), out=[].append)
    ann, cid = SeatAt(host, "Ann"), SeatAt(host, "Cid")
    cid.start()
    ann.start()
    return host, ann, cid


def run(body) -> None:
    async def main() -> None:
        host, ann, cid = make_host()
        await settled()
        try:
            await body(host, ann, cid)
        finally:
            for seat in (ann, cid):
                assert seat.task is not None
                seat.task.cancel()

    asyncio.run(main())


def test_export_at_the_host_s_terminal_writes_the_file_and_asks_before_replacing_one(tmp_path):
    path = tmp_path / "game.txt"

    async def body(host, _ann, cid) -> None:
        assert await cid.typed(f"export {path}") == [f"The game so far is written to {path}."]
        written = path.read_text(encoding="utf-8").splitlines()
        assert re.fullmatch(r"a11y-dominion game of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.", written[0])  # no seed yet
        assert written[1] == "Players: Ann (remote), Cid (human), Bot (bigmoney)."
        assert written[3].startswith("New game for Ann, Cid and Bot.")
        path.write_text("kept\n", encoding="utf-8")
        assert await cid.typed(f"export {path}") == [f"{path} already exists. Replace it? Type yes to replace it:"]
        assert await cid.typed("no") == ["Not exported. The file is as it was."]
        assert path.read_text(encoding="utf-8") == "kept\n"
        assert await cid.typed("export") == ["Export needs a file name, for example export game.txt."]

    run(body)


def test_export_at_an_ssh_seat_says_how_many_lines_and_export_all_prints_them(tmp_path):
    async def body(host, ann, _cid) -> None:
        said = await ann.typed(f"export {tmp_path / 'game.txt'}")
        assert len(said) == 1  # one sentence, not the lines
        n = int(said[0].split("the export has ")[1].split()[0])
        assert n > 3 and said[0] == (
            f"An SSH session cannot write a file on your computer; the export has {n} lines: "
            "export all prints them here, and a11y-dominion join saves them as a file."
        )
        said = await ann.typed("export all")
        lines = said[1:]
        assert said[0] == f"Here is the game so far as export writes it, {n} lines."  # (its blank line not shown here)
        assert lines[0].startswith("a11y-dominion game of ")
        assert lines[1] == "Players: Ann (remote), Cid (human), Bot (bigmoney)."
        assert not (tmp_path / "game.txt").exists()
        await ann.typed("settings language nl")
        assert await ann.typed(f"exporteer {tmp_path / 'spel.txt'}") == [
            f"Een SSH-sessie kan geen bestand op jouw computer schrijven; de export heeft {n} regels: "
            "exporteer alles toont ze hier, en a11y-dominion join bewaart ze als bestand."
        ]
        said = await ann.typed("exporteer alles")
        assert said[0] == f"Hier is het spel tot nu toe zoals exporteer het schrijft, {n} regels."
        assert said[1].startswith("a11y-dominion-spel van ") and not (tmp_path / "spel.txt").exists()

    run(body)


@pytest.mark.parametrize(
    "lang, during, after",
    [
        (
            "en",
            "Here is the game so far as export writes it, 2 lines.",
            "Here is the game as export writes it, 2 lines.",
        ),
        (
            "nl",
            "Hier is het spel tot nu toe zoals exporteer het schrijft, 2 regels.",
            "Hier is het spel zoals exporteer het schrijft, 2 regels.",
        ),
    ],
)
def test_export_all_says_the_game_so_far_only_before_its_end(lang, during, after):
    from a11y_dominion.console.persistence import export_here

    assert export_here(["a", "b"], Language(lang)) == [during, "a", "b"]
    assert export_here(["a", "b"], Language(lang), over=True) == [after, "a", "b"]
