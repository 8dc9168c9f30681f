"""A player who joined a host with ``a11y-dominion join`` and changes the language with ``settings``
hears the host's own lines in it too: the real host as a subprocess, Ann with ``join``, Bea with
the real OpenSSH client.

Ann types ``settings set language nl``; her program tells the host (the seat protocol's
``settings``), and from then on every line the host says to her seat is Dutch: Bea's chat, that
Bea left and came back, the game's stop. The host's own screen and Bea's seat stay English, and the
host keeps the language with Ann's seat: Ann's ssh login after she left is Dutch without a question.
"""

from __future__ import annotations

import re
import shutil
import signal

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

import remoteplay as rp  # noqa: E402
from test_seat_story import Reader  # noqa: E402

pytestmark = pytest.mark.e2e  # the real host, OpenSSH and join in other processes


def ssh_without_language(data: dict, user: str):
    """``user`` logged in with the real ``ssh`` client and no language sent (no ``SetEnv``):
    the host narrates in the seat's own language, or asks it."""
    child = pexpect.spawn(
        "ssh",
        rp.CLIENT_OPTIONS + ["-p", str(data["port"]), f"{user}@{data['host']}"],
        timeout=rp.TIMEOUT,
        dimensions=(50, 200),
    )
    child.expect(b"assword:")
    child.sendline(data["seats"][user]["password"].encode())
    return child


def hears(seat: Reader, pattern: str, tries: int = 30) -> None:
    """Wait until ``seat``, a piped ``join`` whose question waits, shows a line matching ``pattern``:
    the host's lines that come while the question waits are shown with the next line typed, so
    ``status`` is typed until it is there."""
    regex = re.compile(pattern, re.M)
    for _ in range(tries):
        if regex.search(seat.all()):
            return
        seat.send("status")
        seat.prompt("Ann")
    raise AssertionError(f"{pattern!r} never comes: {seat.all()[-1500:]!r}")


@pytest.mark.posix
def test_a_joined_seat_s_language_is_the_host_s_language_for_that_seat(here, tmp_path):
    """(``here``: join's settings file is the test's own, which Ann's ``settings`` changes.)"""
    with rp.hosted(tmp_path, "Ann:remote,Bea:remote,Bot:bigmoney", seed=3, extra=("--after-game", "600")) as host:
        ann = Reader(rp.join_program(host, tmp_path, "Ann"))
        bea = Reader(rp.join(host.data, "Bea", tmp_path / "bea.log"))
        ann.until(r"every seat is taken\. The game starts\.")
        bea.until(r"every seat is taken\. The game starts\.")
        ann.prompt("Ann")
        ann.send("settings set language nl")
        ann.until(r"^Taal is nu Nederlands\.")
        bea.send("say hallo Ann")
        hears(ann, r"^Bea zegt: hallo Ann$")
        bea.until(r"^Bea says: hallo Ann$")
        # Bea leaves and comes back: Ann is told in Dutch, Bea's own lines stay English
        bea.child.kill(signal.SIGKILL)
        rp.close_seat(bea.child)
        hears(ann, r"^Bea is weggegaan; het spel ")
        bea = Reader(rp.join(host.data, "Bea", tmp_path / "bea2.log"))
        bea.until(r"^Welcome back, Bea\. The game goes on\.$")
        hears(ann, r"^Bea is terug\.$")
        # Ann leaves her program and logs in with ssh, naming no language: her seat's is kept
        ann.send("quit")
        ann.until(r"Typ ja om te vertrekken: ")
        ann.send("ja")
        ann.end()
        assert ann.child.wait() == 0
        bea.until(r"^Ann has left; the game ")
        ann = Reader(ssh_without_language(host.data, "Ann"))
        ann.until(r"^Welkom terug, Ann\. Het spel gaat verder\.$")
        bea.until(r"^Ann is back\.$")
        host.proc.send_signal(signal.SIGTERM)
        ann.until(r"^De host heeft het spel gestopt\.$")
        bea.until(r"^The host stopped the game\.$")
        printed = host.stopped()
    assert "Which language" not in ann.all() and "Welke taal" not in ann.all()
    for line in ("Bea says: hallo Ann", "Bea is back.", "Ann is back.", "The host stopped the game."):
        assert line in printed.splitlines(), printed[-2000:]
    assert "zegt" not in printed and "terug" not in printed
    assert "zegt" not in bea.all() and "terug" not in bea.all()
    rp.close_seat(ann.child)
    rp.close_seat(bea.child)
