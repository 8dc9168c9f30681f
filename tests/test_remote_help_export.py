"""At remote seats, ``help saving`` says the game is kept on the host's computer, without a path
of the host's (or a folder of the joining computer, where nothing is kept), and ``export all``
prints the export's lines here at every end while ``export FILE`` writes the file and names its
full path. The real host, OpenSSH client and ``join`` program, in English and Dutch."""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

pytest.importorskip("pexpect")

import remoteplay as rp  # noqa: E402
from a11y_dominion.helppages import HelpReader, load_page, part_lines  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402

KEPT = "This game is kept on the host's computer, not on yours."
KEPT_NL = "Dit spel wordt bewaard op de computer van de host, niet op de jouwe."


def test_the_help_of_a_remote_seat_names_no_folder():
    for seat in ("join", "ssh"):
        en = HelpReader(lambda lang: [], seat=seat).answer("saving", Language("en"))
        nl = HelpReader(lambda lang: [], seat=seat).answer("bewaren", Language("nl"))
        assert KEPT in en and KEPT_NL in nl
        assert not any("the games are kept in" in x for x in en)
    page = load_page("settings", "nl")
    ssh = [x for i in range(len(page.parts)) for x in part_lines(page, i, Language("nl"), seat="ssh")]
    assert (
        "Via ssh verandert het commando instellingen je instellingen aan deze tafel; "
        "het instellingenbestand van de host is niet het jouwe."
    ) in ssh
    local = HelpReader(lambda lang: [], seat="local").answer("saving", Language("en"))
    assert any(x.startswith("On the computer that runs this game, the games are kept in ") for x in local)


@pytest.mark.e2e
@pytest.mark.posix
@pytest.mark.skipif(
    shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
    reason="needs the OpenSSH client ssh and asyncssh",
)
def test_help_saving_and_export_all_at_an_ssh_seat_and_a_join_seat(tmp_path):
    from pexpect.popen_spawn import PopenSpawn

    with rp.hosted(tmp_path, "Ann:remote,Bea:remote,Bot:bigmoney") as host:
        ann = rp.join(host.data, "Ann", tmp_path / "Ann.bytes")
        seats = tmp_path / "join-seats.json"
        seats.write_text(__import__("json").dumps(host.data))
        here = tmp_path / "bea"
        here.mkdir()
        env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(rp.ROOT))
        command = list(rp.PROGRAM) + ["join", "--seats-file", str(seats), "--user", "Bea", "--speech", "off"]
        bea = PopenSpawn(command + ["--lang", "nl"], cwd=str(here), env=env, timeout=rp.TIMEOUT, encoding="utf-8")
        try:
            bea.expect("Het spel begint.")
            ann.expect(b"Ann> ")
            ann.sendline(b"help saving")
            ann.expect(rb"help next: |That was the last part of ")
            said = rp.received_text(ann.before)
            assert KEPT in said and str(tmp_path / "data") not in said
            bea.sendline("hulp bewaren")
            bea.expect("hulp volgende: |Dat was het laatste deel van ")
            assert KEPT_NL in bea.before and str(tmp_path) not in bea.before
            bea.sendline("exporteer alles")
            bea.expect(r"Hier is het spel tot nu toe zoals exporteer het schrijft, (\d+) regels\.\r?\n")
            bea.expect(r"Spelers: Ann \(op afstand\), Bea \(op afstand\), Bot \(bigmoney\)\.")
            bea.sendline("exporteer partij.txt")
            bea.expect(r"Het spel tot nu toe staat in (.+)\.\r?\n")
            assert bea.match.group(1) == str(here / "partij.txt")
            assert sorted(os.listdir(here)) == ["partij.txt"]  # no file named alles
            written = (here / "partij.txt").read_text(encoding="utf-8").splitlines()
            assert written[1] == "Spelers: Ann (op afstand), Bea (op afstand), Bot (bigmoney)."
        finally:
            rp.close_seat(ann)
            bea.kill(9)
        host.stopped()
