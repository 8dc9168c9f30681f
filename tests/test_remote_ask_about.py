"""``NAME: query`` at remote seats: at an ssh seat (the real OpenSSH client over loopback)
and at a seat of ``a11y-dominion join``, ``Ann: hand`` asked by Bea is refused in one
sentence ("Ann's hand is private; you may only look at your own hand.", as the README
says) and ``Ann: status`` tells Ann's public figures, never the asker's own hand or
status. Host: Ann and Bea remote, seed 1, the Kingdom of tests/test_remote_undo.py.
"""

from __future__ import annotations

import re
import shutil

import pytest

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # ssh in a pseudo-terminal
pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from a11y_dominion.console import queries as q  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.view import player_view  # noqa: E402
from remoteplay import close_seat, hosted, join, join_program  # noqa: E402
from test_remote_undo import KINGDOM, SEED, E, Seat, game_of  # noqa: E402

EN = Language("en")
PRIVATE = "Ann's hand is private; you may only look at your own hand."


def ann_status(answers: tuple = ()) -> list:
    """Ann's status as another seat may hear it, after ``answers`` (by default at the start)."""
    return q.status_lines(player_view(game_of(list(answers)), "Ann"), False, EN)


def test_an_ssh_seat_asks_about_another_player_by_name(tmp_path):
    status = ann_status()
    assert status[0] == "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins."
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
        bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
        try:
            ann.until(r"(?:^|\. )Action phase: ")
            bea.read(1.0)
            assert bea.type("Ann: hand", r"^Ann's hand", prompt=False)[0] == PRIVATE
            got = bea.type("Ann: status", "^" + re.escape(status[0]), prompt=False)
            assert got[: len(status)] == status
            own = q.hand_lines(player_view(game_of([]), "Ann"), True, EN)
            assert ann.type("Ann: hand", r"^Your hand")[: len(own)] == own  # one's own name: one's own hand
        finally:
            close_seat(ann.child)
            close_seat(bea.child)
        host.stopped()


def test_a_join_seat_asks_about_another_player_by_name(tmp_path):
    status = ann_status()
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        bea = join_program(host, tmp_path, "Bea")
        bea.logfile_read = open(tmp_path / "bea.txt", "w", encoding="utf-8")  # noqa: SIM115 - closed at exit
        ann = None
        try:
            bea.expect("Bea has joined; 1 seat still empty: Ann.")
            ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
            ann.until(r"(?:^|\. )Action phase: ")
            bea.expect("Ann's turn 1.")
            # nothing is asked of Bea now: the line is read between questions
            bea.sendline("Ann: hand")
            bea.expect(re.escape(PRIVATE) + r"\r?\n")
            assert "Your hand" not in bea.before
            bea.sendline("Ann: status")
            bea.expect(r"\r?\n".join(re.escape(x) for x in status))
            assert "Your" not in bea.before
            ann.send("end")
            ann.until(r"^Buy phase")
            ann.send("end")
            bea.expect(r"Bea> ")  # Bea's turn: now the line is read at her question
            bea.sendline("Ann: hand")
            bea.expect(re.escape(PRIVATE) + r"\r?\n")
            assert "Your hand" not in bea.before
            later = ann_status((E, E))
            assert later[0] == "Bea's turn 1, Action phase: 1 Action, 1 Buy, 0 coins."
            bea.sendline("Ann: status")
            bea.expect(r"\r?\n".join(re.escape(x) for x in later))
            assert "Your" not in bea.before
        finally:
            if bea.proc.poll() is None:
                bea.kill(9)
            if ann is not None:
                close_seat(ann.child)
        host.stopped()
