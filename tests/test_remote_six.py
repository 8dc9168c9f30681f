"""Six seats at once: six players join one hosted game with the real OpenSSH
client and play Big Money to the final scores, each hearing only its own cards.

The largest table the rules allow (2 to 6 players). Every seat reads the
joins of the others, plays every turn by typing, and gets the final score
lines of all six; the host's record of the game checks that no seat's bytes
hold another seat's private cards (as tests/test_remote_leak.py does).
"""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

pytest.importorskip("pexpect")

import remoteplay as rp  # noqa: E402 - after the skip: it needs pexpect
from a11y_dominion.rules import events as ev  # noqa: E402

pytestmark = [
    pytest.mark.e2e,  # a host process and six ssh seats
    pytest.mark.posix,  # ssh in a pseudo-terminal
    pytest.mark.skipif(
        shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
        reason="needs the OpenSSH client ssh and asyncssh",
    ),
]

NAMES = ("Ann", "Bea", "Cid", "Dee", "Eve", "Fay")
PLAYERS = ",".join(f"{n}:remote" for n in NAMES[:-1]) + ",Fay:remote:verbose"
SCORE = r"^{name}: \d+ VP \(\d+ from cards, 0 from VP tokens and \d+ from Tower\)\.$"


def test_six_remote_seats_play_a_whole_game(tmp_path):
    with rp.hosted(tmp_path, PLAYERS, seed=2) as host:
        children = {}
        try:
            for n, name in enumerate(NAMES):
                children[name] = child = rp.join(host.data, name, tmp_path / f"{name}.bytes")
                left = len(NAMES) - n - 1
                child.expect(f"{name} has joined; ".encode())
                if left:
                    child.expect(f"{left} seats? still empty".encode())
            seats = rp.play(children)
        finally:
            for child in children.values():
                rp.close_seat(child)
        code, printed = host.finish()
        assert code == 0, printed
        record = host.game_record()

    log = rp.event_log(record)
    assert isinstance(log[-1], ev.GameEnded)
    assert record["config"]["players"] == list(NAMES)
    for name in NAMES:
        raw = (tmp_path / f"{name}.bytes").read_bytes()
        lines = rp.received_lines(raw)
        assert "Fay has joined; every seat is taken. The game starts." in lines
        assert "Game over." in lines
        for player in NAMES:
            shown = "You" if player == name else player  # (the seat's own score: You's)
            assert any(re.fullmatch(SCORE.format(name=shown), x) for x in lines), (name, player, lines[-10:])
        assert len(list(rp.replayed_decisions(record, name))) == len(seats[name].moves) > 10
        others = [n for n in NAMES if n != name]
        text = rp.received_text(raw)
        assert rp.leaks(text, rp.private_sentences(log, name)) == []
        assert rp.draws_naming_cards(lines, others) == [] and rp.other_hands(lines, others) == []
    assert any(re.fullmatch(r"Ann draws 5 cards\.", x) for x in rp.received_lines(bytes(seats["Fay"].raw)))
    assert any("buy Province" in s.moves for s in seats.values())
