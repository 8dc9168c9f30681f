"""The game's seed determines every shuffle, so no remote seat receives it while the game can be
played: not in the events of the setup, the story, ``export all`` over ssh, the seat protocol's
``export`` message or the file join writes. Read from every byte each seat received, with the real
OpenSSH client (a terminal seat and the seat protocol's JSON lines) and the real ``join`` program.
After the game the export's heading names the seed."""

from __future__ import annotations

import importlib.util
import json
import shutil

import pytest

pytest.importorskip("pexpect")

import pexpect  # noqa: E402

import remoteplay as rp  # noqa: E402
from a11y_dominion.bots.kinds import make_bot  # noqa: E402
from a11y_dominion.console.persistence import export_lines  # noqa: E402
from a11y_dominion.console.seat import BotSeat  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.record import make_record  # noqa: E402
from a11y_dominion.rules import events as ev  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.seeds import MAX_SEED, unguessable_seed  # noqa: E402
from a11y_dominion.table import Table  # noqa: E402
from a11y_dominion.view import event_data, redact_all  # noqa: E402

SEED = 238805
DIGITS = str(SEED).encode()

over_ssh = pytest.mark.skipif(
    shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
    reason="needs the OpenSSH client ssh and asyncssh",
)


def game_of(seed: int = SEED, played: bool = False) -> Game:
    names = ["Ann", "Bot"]
    piles, events, landmarks = choose_setup("basic-intro", None, None, seed)
    game = Game(GameConfig(names, piles, events, landmarks, seed))
    game.start()
    if played:
        Table(game, {n: BotSeat(n, make_bot("bigmoney", seed + i), seed + i) for i, n in enumerate(names)}).run()
    return game


def test_no_seat_is_told_the_seed_of_the_setup():
    game = game_of()
    setup = game.log[0]
    assert isinstance(setup, ev.GameSetUp) and setup.seed == SEED  # the host's own log keeps it
    for seat in ("Ann", "Bot", None):
        told = redact_all(game.log, seat)
        assert isinstance(told[0], ev.GameSetUp) and told[0].seed == 0
        assert DIGITS not in json.dumps([event_data(e) for e in told]).encode()


@pytest.mark.parametrize(
    ("code", "during", "after"),
    [
        ("en", "a11y-dominion game of 2026-12-06 08:41:35.", "a11y-dominion game of 2026-12-06 08:41:35, seed 238805."),
        (
            "nl",
            "a11y-dominion-spel van 2026-12-06 08:41:35.",
            "a11y-dominion-spel van 2026-12-06 08:41:35, spelnummer 238805.",
        ),
    ],
)
def test_the_export_names_the_seed_only_after_the_game(code, during, after):
    lang = Language(code)
    game = game_of()
    lines = export_lines(game, make_record(game), "Ann", {}, lang, "2026-12-06T08:41:35")
    assert lines[0] == during
    assert DIGITS not in "\n".join(lines).encode()
    game = game_of(played=True)
    assert game.game_over
    assert export_lines(game, make_record(game), "Ann", {}, lang, "2026-12-06T08:41:35")[0] == after


def test_a_hosted_game_s_own_seed_is_drawn_from_too_many_to_try():
    asked: list = []

    def draw(n: int) -> int:
        asked.append(n)
        return n - 1

    assert unguessable_seed(draw) == MAX_SEED // 2 and asked == [MAX_SEED // 2]  # each bot's seed + i fits too
    assert unguessable_seed(lambda n: 0) == 1
    assert MAX_SEED // 2 > 2**60  # not the million of a local game's seed: its Kingdom and a hand do not find it


pytestmark = pytest.mark.e2e


@pytest.mark.posix
@over_ssh
def test_no_remote_seat_receives_the_seed_while_the_game_can_be_played(tmp_path):
    players = "Ann:remote,Bea:remote,Cid:remote,Bot:bigmoney"
    with rp.hosted(tmp_path, players, SEED) as host:
        ann = rp.join(host.data, "Ann", tmp_path / "Ann.bytes")  # a terminal over ssh
        bea = pexpect.spawn(  # the seat protocol's JSON lines over ssh, every byte logged
            "ssh",
            rp.SSH_OPTIONS + ["-p", str(host.data["port"]), f"Bea@{host.data['host']}", "seat-protocol"],
            timeout=rp.TIMEOUT,
        )
        bea.logfile_read = open(tmp_path / "Bea.bytes", "wb")  # noqa: SIM115 - closed by close_seat
        cid = None
        try:
            bea.expect(b"assword:")
            bea.sendline(host.data["seats"]["Bea"]["password"].encode())
            bea.expect(b'"type": ?"hello"')
            cid = rp.join_program(host, tmp_path, "Cid")
            cid.logfile_read = open(tmp_path / "Cid.txt", "w", encoding="utf-8")  # noqa: SIM115
            cid.expect("The game starts.")
            ann.expect(b"Ann> ")
            ann.sendline(b"export all")
            ann.expect(rb"Here is the game so far as export writes it, (\d+) lines\.")
            ann.expect(rb"Players: Ann \(remote\), Bea \(remote\), Cid \(remote\), Bot \(bigmoney\)\.")
            ann.expect(b"Ann> ")
            bea.sendline(b'{"type": "export"}')
            bea.expect(rb'"type": ?"export", ?"lines": ?\[".+?"\]\}\r?\n')
            exported = tmp_path / "cid-game.txt"
            cid.sendline(f"export {exported}")
            cid.expect(r"The game so far is written to (.+)\.\r?\n")
            assert cid.match.group(1) == str(exported)
            written = exported.read_bytes()
            assert written.startswith(b"a11y-dominion game of ") and written.split(b"\n")[0].endswith(b".")
            assert b"Players: Ann (remote), Bea (remote), Cid (remote), Bot (bigmoney)." in written
            assert DIGITS not in written
        finally:
            rp.close_seat(ann)
            rp.close_seat(bea)
            if cid is not None:
                cid.kill(9)
                cid.logfile_read.close()
        host.stopped()
    for name in ("Ann.bytes", "Bea.bytes", "Cid.txt"):
        raw = (tmp_path / name).read_bytes()
        assert b"Bot" in raw and DIGITS not in raw, name
    assert b'"game_set_up"' in (tmp_path / "Bea.bytes").read_bytes()  # the setup's event came, without its seed
    for path in (tmp_path / "player-data").rglob("*"):  # nothing join keeps on the player's computer
        assert not path.is_file() or DIGITS not in path.read_bytes(), path
