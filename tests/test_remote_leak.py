"""No seat receives a card private to another seat, read from every byte each seat received.

Three remote seats join a hosted game with the real OpenSSH client and play
Big Money against a bot to the final scores; every byte each seat receives
is logged. The host writes the game's record as it stops (``--record-file``);
its replayed event stream tells what was private to whom. For each seat, its
own narrator tells the whole stream twice, redacted for the seat and
unredacted: the sentences only the unredacted telling has are exactly the
facts the seat must not get, and none of them may be in its bytes. Besides,
no line of a seat tells another player's drawn or discarded cards, another
player's hand, or a "Your hand" that is not the seat's own; and the ``hand``
query typed in the middle of the game answers the seat's own hand exactly.

The checks are shown to catch planted leaks on a local game (no SSH).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import stat

import pytest

pytest.importorskip("pexpect")

import remoteplay as rp  # noqa: E402 - after the skip: it needs pexpect
from a11y_dominion.announcements.narrator import Narrator  # noqa: E402
from a11y_dominion.bots.kinds import make_bot  # noqa: E402
from a11y_dominion.cli import main  # noqa: E402
from a11y_dominion.console.seat import BotSeat  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.record import make_record  # noqa: E402
from a11y_dominion.rules import events as ev  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.table import Table  # noqa: E402
from a11y_dominion.view import redact_all  # noqa: E402

over_ssh = pytest.mark.skipif(
    shutil.which("ssh") is None or importlib.util.find_spec("asyncssh") is None,
    reason="needs the OpenSSH client ssh and asyncssh",
)

# two seats hear everything (verbose: every other player's draw is told, as a count), one the usual
PLAYERS = "Ann:remote:verbose,Bea:remote,Cid:remote:verbose,Bot:bigmoney"
REMOTE = ("Ann", "Bea", "Cid")
SEED = 3
# the hand query: Bea in her 3rd turn's Buy phase (Coppers in play), Cid at his 4th turn's start
QUERIES = {("Bea", 4): ("hand", r"^Your hand"), ("Cid", 9): ("hand", r"^Your hand")}
SCORE = r"^{name}: \d+ VP \(\d+ from cards, 0 from VP tokens and \d+ from Tower\)\.$"


pytestmark = pytest.mark.e2e  # a host process and ssh seats


def privacy_faults(record: dict, log: list, seat: str, raw: bytes) -> dict:
    """Every way the bytes ``raw`` that ``seat`` received break privacy, by check (empty lists: none)."""
    others = [n for n in record["config"]["players"] if n != seat]
    text = rp.received_text(raw)
    lines = rp.lines_of(text)
    return {
        "private sentences of others": rp.leaks(text, rp.private_sentences(log, seat)),
        "others' draws naming cards": rp.draws_naming_cards(lines, others),
        "others' hands": rp.other_hands(lines, others),
        "a hand not its own": rp.foreign_hand_lines(lines, rp.own_hand_lines(record, seat)),
        "draws said to the wrong seat": rp.foreign_you_lines(lines, rp.own_sentences(log, seat)),
    }


@pytest.mark.posix
@over_ssh
def test_three_remote_seats_and_a_bot_receive_nothing_private_of_another(tmp_path):
    with rp.hosted(tmp_path, PLAYERS, SEED) as host:
        children = {}
        try:
            for name in REMOTE:
                children[name] = rp.join(host.data, name, tmp_path / f"{name}.bytes")
            seats = rp.play(children, QUERIES)
        finally:
            for child in children.values():
                rp.close_seat(child)
        code, printed = host.finish()
        assert code == 0, printed
        assert stat.S_IMODE(host.record.stat().st_mode) == 0o600  # it holds every hand
        record = host.game_record()

    log = rp.event_log(record)
    assert isinstance(log[-1], ev.GameEnded)
    assert [s[:2] for s in record["seats"]] == [[n, "remote"] for n in REMOTE] + [["Bot", "bigmoney"]]
    for name in REMOTE:
        raw = (tmp_path / f"{name}.bytes").read_bytes()
        assert raw.endswith(bytes(seats[name].raw))  # the log holds every byte of the session
        lines = rp.received_lines(raw)
        # the record is this game's: every answer the seat typed is one of its decisions in the record
        assert len(list(rp.replayed_decisions(record, name))) == len(seats[name].moves)
        for player in ("Ann", "Bea", "Cid", "Bot"):
            shown = "You" if player == name else player  # (the seat's own score: You's)
            assert any(re.fullmatch(SCORE.format(name=shown), x) for x in lines), (name, player, lines[-8:])
        faults = privacy_faults(record, log, name, raw)
        assert not any(faults.values()), (name, faults)

    # the checks are not empty: the verbose seats heard the others' draws, as counts only
    for name in ("Ann", "Cid"):
        lines = rp.received_lines((tmp_path / f"{name}.bytes").read_bytes())
        forbidden = rp.private_sentences(log, name)
        assert any(re.fullmatch(r"Bea draws \d+ cards?\.", x) for x in lines)
        assert any(s.startswith("Bea draws ") for s in forbidden)
        assert len(forbidden) >= 20

    # the hand query in the middle of the game: exactly the seat's own hand then
    for (name, number), _query in QUERIES.items():
        assert seats[name].replies[number] == rp.hand_lines_at_decisions(record, name)[number]
    assert seats["Bea"].replies[4][1].startswith("In play: ")


# ------------------------------------------------------------------ the checks catch planted leaks
def local_game(seed: int = SEED) -> Game:
    """A whole Big Money game of the four seats of the test, played by bots here."""
    names = ["Ann", "Bea", "Cid", "Bot"]
    piles, events, landmarks = choose_setup("basic-intro", None, None, seed)
    game = Game(GameConfig(names, piles, events, landmarks, seed))
    game.start()
    Table(game, {n: BotSeat(n, make_bot("bigmoney", seed + i), seed + i) for i, n in enumerate(names)}).run()
    assert game.game_over
    return game


def received_by(seat: str, log: list, verbosity: str = "verbose") -> bytes:
    """What a seat's session gets for ``log`` as the host sends it: its own redacted narration,
    one line each, over a terminal (CR LF, a prompt drawn again and erased before a line)."""
    said = Narrator(viewer=seat, verbosity=verbosity).sentences(redact_all(log, seat))
    return "".join(f"{seat}> \r\x1b[K{x}\r\n" for x in said).encode()


def test_the_privacy_checks_pass_a_clean_seat_and_catch_each_planted_leak():
    game = local_game()
    record = make_record(game)
    log = list(game.log)
    clean = received_by("Bea", log)
    faults = privacy_faults(record, log, "Bea", clean)
    assert not any(faults.values()), faults
    assert b"Ann draws 5 cards." in clean

    # Ann's first private draw, told as Bea's narrator would tell it unredacted
    draw = next(e for e in log if isinstance(e, ev.CardsDrawn) and e.private_to == "Ann")
    leaked = Narrator(viewer="Bea", verbosity="verbose").narrate(draw)[0]
    assert re.fullmatch(r"Ann draws .+\.", leaked) and "5 cards" not in leaked
    forbidden = rp.private_sentences(log, "Bea")
    assert leaked in forbidden
    planted = clean + f"Bea> \x1b[1m{leaked}\x1b[0m\r\n".encode()
    assert rp.leaks(rp.received_text(planted), forbidden) == [leaked]
    faults = privacy_faults(record, log, "Bea", planted)
    assert faults["private sentences of others"] == [leaked]
    assert faults["others' draws naming cards"] == [leaked]

    # a card named in a line that is no sentence of the narrator
    faults = privacy_faults(record, log, "Bea", clean + b"Cid discards Gold and Province.\n")
    assert faults["others' draws naming cards"] == ["Cid discards Gold and Province."]
    # another player's hand, by the query's words or the turn prompt's
    line = "Ann's hand, 5 cards: 4 Coppers and Gold."
    assert privacy_faults(record, log, "Bea", clean + line.encode() + b"\n")["others' hands"] == [line]
    ann_prompt = rp.own_hand_lines(record, "Ann") - rp.own_hand_lines(record, "Bea")
    wrong = sorted(ann_prompt)[0]
    assert privacy_faults(record, log, "Bea", clean + wrong.encode() + b"\n")["a hand not its own"] == [wrong]
    # one of Ann's draws said to Bea as "you" (one Bea never drew herself)
    bea_told = rp.own_sentences(log, "Bea")
    yours = [Narrator(viewer="Ann", verbosity="verbose").narrate(e)[0] for e in log if isinstance(e, ev.CardsDrawn)]
    you = next(x for x in yours if x.startswith("You draw ") and x not in bea_told)
    assert privacy_faults(record, log, "Bea", clean + you.encode() + b"\n")["draws said to the wrong seat"] == [you]


def test_received_bytes_read_as_lines_without_the_terminal():
    raw = b"Ann> \x1b[?25l\x1b[2K\rBea draws 5 cards.\r\n\x1b]0;title\x07Your turn 3.\x1b[0m\r\nAnn> play\x1b[4D"
    assert rp.received_lines(raw) == ["Bea draws 5 cards.", "Your turn 3.", "play"]
    assert rp.prompt_ends(rp.received_text(b"...\r\nAnn> \x1b[K"), "Ann")
    assert not rp.prompt_ends(rp.received_text(b"Ann> \r\nYou draw 5 cards."), "Ann")


def test_the_record_file_needs_a_folder_that_exists(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    missing = tmp_path / "no-such-folder" / "game.json"
    assert main(["host", "--players", "Ann:remote,Bot:bigmoney", "--record-file", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"a11y-dominion: --record-file {missing}: its folder does not exist.\n"
    assert not list(tmp_path.iterdir())  # no host key was made, no port opened
