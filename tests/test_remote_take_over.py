"""A player of ``a11y-dominion join`` logs in again with plain ``ssh`` (the real OpenSSH
client over loopback, sending no language) and takes over the seat: the join session ends
with one sentence that says why ("Your seat was taken by a new login; this session ends."),
not also that the host ended it before the game was over; the ssh session is not asked
language and verbosity again (README: a player who comes back is not asked) and hears
the hand once, not again at the start of its own turn. Host: Ann and Bea remote, seed 1."""

from __future__ import annotations

import shutil

import pytest

pytestmark = [pytest.mark.posix, pytest.mark.e2e]  # ssh in a pseudo-terminal
pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from remoteplay import CLIENT_OPTIONS, TIMEOUT, close_seat, hosted, join, join_program, lines_of  # noqa: E402
from test_remote_undo import KINGDOM, SEED, Seat  # noqa: E402

TAKEN = "Your seat was taken by a new login; this session ends."


def test_a_join_session_replaced_by_an_ssh_login_says_why_once(tmp_path):
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        bea = join_program(host, tmp_path, "Bea")
        ann = again = None
        try:
            bea.expect("Bea has joined; 1 seat still empty: Ann.")
            ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
            ann.until(r"(?:^|\. )Action phase: ")
            bea.expect("Ann's turn 1.")
            child = pexpect.spawn(
                "ssh", CLIENT_OPTIONS + ["-p", str(host.data["port"]), f"Bea@{host.data['host']}"], timeout=TIMEOUT
            )
            child.logfile_read = open(tmp_path / "bea.log", "wb")  # noqa: SIM115 - closed by close_seat
            child.expect(b"assword:")
            child.sendline(host.data["seats"]["Bea"]["password"].encode())
            again = Seat("Bea", child)
            back = again.until(r"^Welcome back, Bea\. The game goes on\.", prompt=False)
            assert "Choose your language" not in again.since()
            hand = "Your hand, 5 cards: 4 Coppers and Estate."
            assert back[:4] == [
                "Welcome back, Bea. The game goes on.",
                "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
                hand,
                "Ann must answer now.",
            ]
            bea.expect(pexpect.EOF)
            after = bea.before
            assert bea.wait() == 1
            ended = after[after.index(TAKEN) :].splitlines()
            assert [x for x in ended if x.strip()] == [TAKEN]
            heard = lines_of(ann.since())  # a take-over is neither a leaving nor a coming back
            assert not [x for x in heard if x.startswith(("Bea has left", "Bea is back"))], heard
            ann.send("end")
            ann.until(r"^Buy phase")
            ann.send("end")
            turn = again.until(r"^Your turn 1\.")
            assert turn[0] == (  # (the prompt on its line, and the hand heard already counted)
                "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins. "
                "5 cards in hand, as drawn; type hand to hear them."
            )
            assert not [x for x in lines_of(again.since()) if x.startswith("Your hand")][1:]  # read once
        finally:
            if bea.proc.poll() is None:
                bea.kill(9)
            for seat in (ann, again):
                if seat is not None:
                    close_seat(seat.child)
        host.stopped()
