"""``a11y-dominion join --user bea`` for the seat Bea: the seat is named as the host names it,
whatever letter case was typed, so its prompt is ``Bea>``, its turn is "Your turn", its own buy
and undo are told in the second person, and so is the summary of its turn. The real host, OpenSSH
and ``join`` programs."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")

from pexpect.popen_spawn import PopenSpawn  # noqa: E402

from test_join import ROOT, host_game, join_command, join_env, join_piped  # noqa: E402, F401 - a fixture by name

pytestmark = pytest.mark.e2e  # the real host and join in other processes


@pytest.mark.posix
def test_a_seat_joined_in_lower_case_is_spoken_to_by_its_own_name(host_game, tmp_path):  # noqa: F811
    data, _proc = host_game
    ann = join_piped(tmp_path, data, "Ann")
    bea = None
    try:
        ann.expect("Ann has joined; 1 seat still empty: Bea.")
        # the host, port and password typed as the host printed them, the seat's name in lower case
        password = tmp_path / "password.txt"
        password.write_text(data["seats"]["Bea"]["password"] + "\n", encoding="utf-8")
        where = ["127.0.0.1", "--port", str(data["port"]), "--user", "bea", "--password-file", str(password)]
        bea = PopenSpawn(
            join_command(*where, "--speech", "off"), cwd=str(ROOT), env=join_env(tmp_path), encoding="utf-8", timeout=60
        )
        bea.expect("The game starts.")
        for line in ("play treasures", "buy copper", "end"):
            ann.expect("Ann> ")
            ann.sendline(line)
        bea.expect(r"Your turn 1\. ")
        heard = bea.before
        bea.expect(r"Action phase: 1 Action, 1 Buy, 0 coins\.\r?\n")
        bea.expect("Bea> ")
        assert "Bea's turn 1" not in heard + bea.before and "bea>" not in heard + bea.before
        bea.sendline("play treasures")
        bea.expect(r"You play \d+ Coppers?\. Buy phase: (\d+) coins\.\r?\n")
        bea.expect("Bea> ")
        bea.sendline("buy copper")
        bea.expect(r"\nYou buy Copper\. 0 Buys\.\r?\n")  # what changed, on the move's line
        bea.expect("Bea> ")
        bea.sendline("undo")
        bea.expect(r"(.*)\r?\nBuy phase: 1 Buy, \d+ coins\.\r?\n")
        said = re.split(r"[\r\n]+", bea.match.group(1))
        assert said[1:] == ["Taken back: your buy of Copper.", "Your hand, 1 card: Estate.", "In play: 4 Coppers."], (
            said
        )
        bea.expect("Bea> ")
        bea.sendline("buy copper")
        bea.expect("Bea> ")
        bea.sendline("end")
        ann.expect(r"Bea's turn 1\.\r?\n")
        ann.expect(r"Bea played \d Coppers?, bought Copper\.")
        bea.expect(r"Ann's turn 2\.\r?\n")
        summary = bea.before
        assert not re.search(r"\bBea (played|buys|bought|discards)", summary), summary
    finally:
        for child in (ann, bea):
            if child is not None:
                child.kill(9)


@pytest.mark.parametrize(
    "lang, joined",
    [("en", "Joined 127.0.0.1 port {port} as {name}."), ("nl", "Verbonden met 127.0.0.1 poort {port} als {name}.")],
)
def test_joined_is_said_once_with_the_name_as_the_host_spells_it(host_game, tmp_path, lang, joined):  # noqa: F811
    """``--user bea`` for the seat Bea: the line that says where the player joined names the seat
    Bea, as the host's hello spells it, once; never the name as it was typed."""
    import subprocess

    data, _proc = host_game
    password = tmp_path / "password.txt"
    password.write_text(data["seats"]["Bea"]["password"] + "\n", encoding="utf-8")
    where = ["127.0.0.1", "--port", str(data["port"]), "--user", "bea", "--password-file", str(password)]
    cmd = join_command(*where, "--speech", "off", "--lang", lang)
    done = subprocess.run(cmd, input="", capture_output=True, text=True, env=join_env(tmp_path), cwd=ROOT, timeout=120)
    lines = done.stdout.splitlines()
    port = data["port"]
    assert lines.count(joined.format(port=port, name="Bea")) == 1, done.stdout
    assert joined.format(port=port, name="bea") not in lines, done.stdout
