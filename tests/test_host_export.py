"""``export`` at a hosted game's seats, without SSH (lines into lists): at the host's own
terminal ``export FILE`` writes the file there, as the console's export does (a file that
exists is left as it is); at an ssh seat one sentence says why it cannot, how many lines the
export has and how to get them, and ``export all`` prints them in the session."""

from __future__ import annotations

import re

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402


def make_host() -> tuple:
    """Ann (remote), Cid at the host's terminal and a bot, both people in: (host, Ann's lines, Cid's lines)."""
    specs = parse_seats("Ann:remote,Cid:human,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    host = GameHost(game, specs, 1, Language("en"), out=[].append)
    ann: list = []
    cid: list = []
    host.join("Cid", cid.append)
    host.join("Ann", ann.append, "ann")
    return host, ann, cid


def test_export_at_the_host_s_terminal_writes_the_file_and_leaves_one_that_exists(tmp_path):
    host, _ann, cid = make_host()
    path = tmp_path / "game.txt"
    host.people["Cid"].typed(f"export {path}")
    assert cid[-1] == f"The game so far is written to {path}.\n"
    written = path.read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(r"a11y-dominion game of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.", written[0])  # no seed yet
    assert written[1] == "Players: Ann (remote), Cid (human), Bot (bigmoney)."
    assert written[3].startswith("New game for Ann, Cid and Bot.")
    path.write_text("kept\n", encoding="utf-8")
    host.people["Cid"].typed(f"export {path}")
    assert cid[-1] == f"{path} already exists; export to a new file name.\n"
    assert path.read_text(encoding="utf-8") == "kept\n"
    host.people["Cid"].typed("export")
    assert cid[-1] == "Export needs a file name, for example export game.txt.\n"


def test_export_at_an_ssh_seat_says_how_many_lines_and_export_all_prints_them(tmp_path):
    host, ann, _cid = make_host()
    ann.clear()
    host.people["Ann"].typed(f"export {tmp_path / 'game.txt'}")
    assert len(ann) == 1  # one sentence, not the lines
    n = int(ann[0].split("the export has ")[1].split()[0])
    assert n > 3 and ann[0] == (
        f"An SSH session cannot write a file on your computer; the export has {n} lines: "
        "export all prints them here, and a11y-dominion join saves them as a file.\n"
    )
    ann.clear()
    host.people["Ann"].typed("export all")
    lines = [x.rstrip("\n") for x in ann[1:]]
    assert ann[0] == f"Here is the game so far as export writes it, {len(lines)} lines.\n" and len(lines) == n
    assert lines[1] == "Players: Ann (remote), Cid (human), Bot (bigmoney)."
    assert not (tmp_path / "game.txt").exists()
    host.people["Ann"].settings(language="nl")
    ann.clear()
    host.people["Ann"].typed("exporteer")
    assert ann == [
        f"Een SSH-sessie kan geen bestand op jouw computer schrijven; de export heeft {n} regels: "
        "exporteer alles toont ze hier, en a11y-dominion join bewaart ze als bestand.\n"
    ]
    ann.clear()
    host.people["Ann"].typed("exporteer alles")
    assert ann[0] == f"Hier is het spel tot nu toe zoals exporteer het schrijft, {n} regels.\n" and len(ann) == n + 1
