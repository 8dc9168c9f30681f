"""``undo`` at remote seats: a seat on an SSH host (the real OpenSSH client over
loopback, a terminal session) and a seat of ``a11y-dominion join`` (the seat
protocol) take back their own last answer, by the rules of undo at the console.

The host runs as a subprocess (Ann and Bea remote, seed 1, a Kingdom with
Moat and Cellar). Ann buys a Cellar and takes it back: her received bytes say so
("Taken back: your buy of Cellar."); Bea, at normal verbosity, was not told of the buy
(it waits for the summary of Ann's turn), so she is not told of the undo either, and the
summary says what stands (at verbose, where each buy is told, the undo is told too);
Ann's ``supply`` and ``status`` replies are those of the game before the buy,
the autosave keeps the undo, and the game goes on
exactly as if the Cellar had never been bought: two turns later her hand is
the one that game deals, and the record the host writes has no trace of the
buy. After she plays Moat (a draw) ``undo`` is refused in one sentence, and
Bea's undo in Ann's turn is refused too; neither refusal reaches the other
seat.

Also: a ``join`` seat undoes through the seat protocol (and hears an ssh
seat's undo in its own program); the host's own player undoes at the host's
terminal; and a host older than the ``undo`` message (the same host without
it) answers with the error ``unknown-type``, which ``join`` tells in one
sentence while the game goes on.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

from a11y_dominion.autosave import games_dir, read_saved  # noqa: E402
from a11y_dominion.console import queries as q  # noqa: E402
from a11y_dominion.i18n import Language  # noqa: E402
from a11y_dominion.kingdoms import choose_setup  # noqa: E402
from a11y_dominion.rules.decisions import Move  # noqa: E402
from a11y_dominion.rules.game import Game, GameConfig  # noqa: E402
from a11y_dominion.view import player_view  # noqa: E402
from remoteplay import ROOT, TIMEOUT, close_seat, hosted, join, lines_of, prompt_ends, received_lines, received_text  # noqa: E402

KINGDOM = "Moat,Cellar,Village,Workshop,Smithy,Festival,Laboratory,Market,Militia,Moneylender"
SEED = 1  # Ann begins with 2 coins, and after buying Moat in turns 1 and 2 draws one for turn 3
T, E = {"move": "treasures"}, {"move": "end"}


pytestmark = pytest.mark.e2e  # a host process, ssh and join seats


def buy(card: str) -> dict:
    return {"move": "buy", "card": card}


def game_of(answers: list) -> Game:
    """The game of this test's setup after ``answers`` (as if nothing had been undone)."""
    piles, events, landmarks = choose_setup(KINGDOM, None, None, SEED)
    game = Game(GameConfig(["Ann", "Bea"], piles, events, landmarks, SEED))
    game.start()
    for a in answers:
        game.answer([Move.from_dict(a)])
    return game


class Seat:
    """One seat's ssh client: every byte it received, and the text since its last typed line."""

    def __init__(self, name: str, child):
        self.name = name
        self.child = child
        self.raw = bytearray(bytes(child.buffer))  # what pexpect read past the password prompt
        child.buffer = b""
        self.mark = 0

    def since(self) -> str:
        return received_text(bytes(self.raw[self.mark :]))

    def read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.child.child_fd], [], [], seconds)
        if ready:
            try:
                self.raw += self.child.read_nonblocking(65536, timeout=0)
            except (pexpect.TIMEOUT, pexpect.EOF):
                pass

    def until(self, pattern: str, prompt: bool = True) -> list:
        """Read until the text since the last typed line holds ``pattern`` (and, with
        ``prompt``, ends with this seat's prompt); its lines from the match on."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            text = self.since()
            found = re.search(pattern, text, re.M)
            if found and (not prompt or prompt_ends(text, self.name)):
                return lines_of(text[found.start() :])
            assert time.monotonic() < deadline, (self.name, pattern, text[-800:])
            self.read(0.5)

    def send(self, line: str) -> None:
        """Type ``line`` without waiting for what answers it."""
        self.mark = len(self.raw)
        self.child.sendline(line.encode())

    def type(self, line: str, expect: str = r"\S", prompt: bool = True) -> list:
        """Type ``line``; the lines that answer it (from ``expect`` on, up to the next prompt)."""
        self.mark = len(self.raw)
        self.child.sendline(line.encode())
        return self.until(expect, prompt)


# the turn prompt at a seat, which says only what changed: "Your turn 2." at a turn that starts as
# every turn does, "Buy phase: 2 coins." or "0 Buys, 0 coins." after a move (a line's start or a sentence's)
ASKED = r"^Your turn \d+\.|(?:^|\. )(?:(?:Action|Buy) phase[:.]|\d+ (?:Actions?|Buys?|coins?|Debt)[,.])"


def turn(seat: Seat, moves: list) -> None:
    """``seat``'s turn: each move typed at its question; the last one (ending the turn) sent."""
    seat.until(ASKED)
    for move in moves[:-1]:
        seat.type(move, ASKED)
    seat.send(moves[-1])


@pytest.mark.posix
def test_an_ssh_seat_undoes_a_buy_and_the_game_goes_on_as_if_it_never_happened(tmp_path):
    english = Language("en")
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
        bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
        try:
            ann.until(r"(?:^|\. )Action phase: ")
            ann.type("play treasures", r"^You play 2 Coppers\. Buy phase: 2 coins\.")
            ann.type("buy Cellar", r"^You buy Cellar\. 0 Buys, 0 coins\.")  # only what changed
            view = player_view(game_of([T]), "Ann")  # the game as it was before the buy
            undone = ann.type("undo", r"^Taken back: ")
            assert undone[0] == "Taken back: your buy of Cellar."
            assert undone[1 : 1 + len(q.hand_lines(view, True, english))] == q.hand_lines(view, True, english)
            supply = q.supply_lines(view, english)
            assert ann.type("supply", re.escape(supply[0]))[: len(supply)] == supply
            status = q.status_lines(view, True, english)
            assert ann.type("status", re.escape(status[0]))[: len(status)] == status
            # Bea may not undo in Ann's turn: one sentence, to Bea only
            refusal = "Ann must answer now; you can undo only while the game waits for your answer."
            assert bea.type("undo", "^" + re.escape(refusal), prompt=False)[0] == refusal
            ann.type("buy Moat", r"^You buy Moat\. 0 Buys, 0 coins\.")
            ann.send("end")
            turn(bea, ["end", "end"])
            turn(ann, ["play treasures", "buy Moat", "end"])
            turn(bea, ["end", "end"])
            answers = [T, buy("Moat"), E, E, E, T, buy("Moat"), E, E, E]
            ann.until(ASKED)
            hand = q.hand_lines(player_view(game_of(answers), "Ann"), True, english)
            assert ann.type("hand", r"^Your hand")[: len(hand)] == hand  # as dealt in the game without the Cellar
            ann.type("play Moat", r"(?:^|\. )0 Actions\.$")
            drew = "You drew cards since then; undo is not possible."
            assert ann.type("undo", "^" + re.escape(drew))[0] == drew
            ann.type("end", r"^Buy phase")  # (the phase, named as it changes)
            bea.read(1.0)
        finally:
            close_seat(ann.child)
            close_seat(bea.child)
        printed = host.stopped()
        assert "Ann took back the buy of Cellar." in printed.splitlines()  # the host's own screen
        record = host.game_record()
    ann_lines = received_lines((tmp_path / "ann.log").read_bytes())
    bea_lines = received_lines((tmp_path / "bea.log").read_bytes())
    # what each seat received: Ann her undo, Bea nothing of a buy she never heard, neither the other's refusal
    assert [x for x in ann_lines if "Taken back" in x or "took back" in x] == ["Taken back: your buy of Cellar."]
    assert [x for x in bea_lines if "Taken back" in x or "took back" in x] == []
    assert "Ann played 2 Coppers, bought Moat." in bea_lines  # the summary: what stands
    assert drew not in bea_lines and refusal not in ann_lines
    # the game is exactly the game in which the Cellar was never bought, and the autosave keeps the undo
    assert record["answers"] == [[a] for a in answers + [{"move": "play", "card": "Moat"}, E]]
    (autosave,) = games_dir().glob("*.jsonl")  # the host's own data folder: this test's (tests/conftest.py)
    kept = [json.loads(x) for x in autosave.read_text(encoding="utf-8").splitlines()[1:]]
    assert {"undo": 1} in kept
    assert read_saved(autosave).answers == record["answers"]


@pytest.mark.posix
def test_a_join_seat_undoes_through_the_seat_protocol_and_the_ssh_seat_hears_it(tmp_path):
    """Ann joins with ``a11y-dominion join`` (the seat protocol), Bea with ssh: Ann takes back a
    buy and buys again at the question asked anew; her undo in Bea's turn is refused; Bea
    takes back ending her Action phase, and Ann hears it in her own program."""
    from pexpect.popen_spawn import PopenSpawn

    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        seats = tmp_path / "join-seats.json"
        seats.write_text(json.dumps(host.data))
        cmd = [sys.executable, "-m", "a11y_dominion", "join", "--seats-file", str(seats), "--user", "Ann"]
        env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "player-data"), PYTHONPATH=str(ROOT))
        ann = PopenSpawn(cmd + ["--speech", "off"], cwd=str(ROOT), env=env, timeout=TIMEOUT, encoding="utf-8")
        ann.logfile_read = open(tmp_path / "ann.txt", "w", encoding="utf-8")  # noqa: SIM115 - closed below
        bea = None
        try:
            ann.expect("Ann has joined; 1 seat still empty: Bea.")
            bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
            ann.expect(r"(?:\n|\. )Action phase: .*\n(?:.*\n)*?Ann> ")
            ann.sendline("play treasures")
            ann.expect(r"You play 2 Coppers\. Buy phase: 2 coins\.")  # the prompt on the move's line
            ann.expect("Ann> ")
            ann.sendline("buy Cellar")
            ann.expect(r"You buy Cellar\. 0 Buys, 0 coins\.")  # what changed, on the move's line
            ann.expect("Ann> ")
            ann.sendline("undo")
            ann.expect(r"Taken back: your buy of Cellar\.\r?\nYour hand, 3 cards: 3 Estates\.")
            ann.expect(r"\nBuy phase: 1 Buy, 2 coins\.")  # the question before the buy, every figure again
            ann.expect("Ann> ")
            ann.sendline("buy Moat")
            ann.expect(r"You buy Moat\. 0 Buys, 0 coins\.")
            ann.expect("Ann> ")
            ann.sendline("end")
            bea.until(r"(?:^|\. )Action phase: ")
            ann.sendline("undo")  # Bea's turn now
            ann.expect(r"Bea must answer now; you can undo only while the game waits for your answer\.")
            bea.type("end", r"^Buy phase")
            undone = bea.type("undo", r"^Taken back: ")  # the ssh seat takes back ending its Action phase
            assert undone[:3] == [
                "Taken back: the end of your Action phase.",
                "Your hand, 5 cards: 4 Coppers and Estate.",
                "Action phase: 1 Action, 1 Buy, 0 coins.",
            ]
            ann.sendline("quit")
            ann.expect("Type yes to leave: ")
            ann.sendline("yes")
            ann.expect(pexpect.EOF)
        finally:
            if ann.proc.poll() is None:
                ann.kill(9)
            ann.logfile_read.close()
            if bea is not None:
                close_seat(bea.child)
        host.stopped()
        record = host.game_record()
    ann_text = (tmp_path / "ann.txt").read_text(encoding="utf-8")
    assert "Traceback" not in ann_text
    bea_lines = received_lines((tmp_path / "bea.log").read_bytes())
    # neither heard of the other's undo (at normal verbosity neither was told what was taken back)
    assert [x for x in bea_lines if "took back" in x or "Taken back" in x] == [
        "Taken back: the end of your Action phase.",
    ]
    # the summary keeps what was done before the taken-back buy
    assert bea_lines[bea_lines.index("Ann's turn 1.") + 1] == "Ann played 2 Coppers, bought Moat."
    assert [x for x in ann_text.splitlines() if "took back" in x or "Taken back" in x] == [
        "Taken back: your buy of Cellar.",
    ]
    # the game: Ann bought Moat, never Cellar, and Bea is back in her Action phase
    assert record["answers"] == [[T], [buy("Moat")], [E]]


# a host as one older than the undo message is: the same host, without the message type
OLD_HOST = (
    "import sys; from a11y_dominion.remote import protocol; del protocol.FIELDS['undo']; "
    "from a11y_dominion.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_a_host_that_does_not_know_undo_answers_an_error_and_join_says_so_in_one_sentence(tmp_path):
    import subprocess

    from pexpect.popen_spawn import PopenSpawn

    seats = tmp_path / "seats.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    args = ["host", "--players", "Ann:remote,Bot:bigmoney", "--seed", "1", "--port", "0", "--seats-file", str(seats)]
    proc = subprocess.Popen(
        [sys.executable, "-c", OLD_HOST, *args],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    ann = None
    try:
        deadline = time.monotonic() + 60
        while not seats.exists():
            assert proc.poll() is None, proc.stdout.read()
            assert time.monotonic() < deadline, "the host does not listen"
            time.sleep(0.05)
        cmd = [sys.executable, "-m", "a11y_dominion", "join", "--seats-file", str(seats), "--speech", "off"]
        env = dict(env, XDG_DATA_HOME=str(tmp_path / "player-data"))
        ann = PopenSpawn(cmd + ["--user", "Ann"], cwd=str(ROOT), env=env, timeout=TIMEOUT, encoding="utf-8")
        ann.expect("Ann> ")
        ann.sendline("play treasures")
        ann.expect(r"Buy phase")
        ann.expect("Ann> ")
        ann.sendline("undo")
        ann.expect(r"This host cannot undo: it runs an older version of a11y-dominion\.\r?\n")
        assert ann.before.strip() == "undo", ann.before  # the typed line, then that sentence only
        ann.expect("Ann> ")
        ann.sendline("end")  # the game goes on: the question still waits for an answer
        ann.expect(r"Bot, turn 1: ")  # the bot's whole turn, in one line
    finally:
        if ann is not None and ann.proc.poll() is None:
            ann.kill(9)
        if proc.poll() is None:
            proc.terminate()
        proc.wait(20)
        printed = proc.stdout.read()
        proc.stdout.close()
    assert "Traceback" not in printed


@pytest.mark.posix
def test_the_host_s_own_player_undoes_and_the_ssh_seat_hears_what_stands(tmp_path):
    seats = tmp_path / "seats.json"
    args = ["host", "--players", "Cid:human,Ann:remote", "--seed", str(SEED), "--kingdom", KINGDOM, "--port", "0"]
    cid = pexpect.spawn(
        sys.executable,
        ["-m", "a11y_dominion", *args, "--seats-file", str(seats), "--plain"],
        cwd=str(ROOT),
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 200),
    )
    ann = None
    try:
        cid.expect("Cid has joined; 1 seat still empty: Ann.")
        ann = Seat("Ann", join(json.loads(seats.read_text()), "Ann", tmp_path / "ann.log"))
        cid.expect(r"(?:\n|\. )Action phase: 1 Action, 1 Buy, 0 coins\.")
        cid.expect(r"Cid>")
        cid.sendline("play treasures")
        cid.expect(r"You play 2 Coppers\. Buy phase: 2 coins\.")  # the prompt on the move's line
        cid.expect(r"Cid>")
        cid.sendline("buy Cellar")
        cid.expect(r"You buy Cellar\. 0 Buys, 0 coins\.")  # what changed
        cid.expect(r"Cid>")
        cid.sendline("undo")
        cid.expect(r"Taken back: your buy of Cellar\.")
        cid.expect(r"\nBuy phase: 1 Buy, 2 coins\.")  # asked again, as before the buy
        cid.expect(r"Cid>")
        cid.sendline("buy Moat")
        cid.expect(r"You buy Moat\. 0 Buys, 0 coins\.")
        cid.expect(r"Cid>")
        cid.sendline("end")
        heard = ann.until(r"^Cid played ", prompt=False)  # the summary of Cid's turn: what stands
        assert heard[0] == "Cid played 2 Coppers, bought Moat."
    finally:
        if ann is not None:
            close_seat(ann.child)
        if cid.isalive():
            cid.terminate(force=True)
    ann_lines = received_lines((tmp_path / "ann.log").read_bytes())
    assert not [x for x in ann_lines if "took back" in x]  # she was not told of the buy: nor of its undo


@pytest.mark.posix
def test_the_other_seat_s_summary_keeps_what_was_done_before_the_taken_back_answer(tmp_path):
    """Bea plays a Copper, then another, and takes the second one back: Ann (ssh, normal
    verbosity) was told neither play when it happened, so she is not told of the undo, and the
    summary of Bea's turn still says both Coppers she played in the end (the first one,
    played before the taken-back answer, is not lost); so does Ann's log."""
    with hosted(tmp_path, "Ann:remote,Bea:remote", seed=SEED, extra=("--kingdom", KINGDOM)) as host:
        ann = Seat("Ann", join(host.data, "Ann", tmp_path / "ann.log"))
        bea = Seat("Bea", join(host.data, "Bea", tmp_path / "bea.log"))
        try:
            turn(ann, ["end", "end"])
            bea.until(r"(?:^|\. )Action phase: ")
            bea.type("play Copper", r"^You play Copper\. Buy phase: 1 coin\.")
            bea.type("play Copper", r"^You play Copper\. 2 coins\.")
            assert bea.type("undo", r"^Taken back: ")[0] == "Taken back: your play of Copper."
            bea.type("play treasures", r"^You play 3 Coppers\. 4 coins\.")
            bea.type("buy Silver", r"^You buy Silver\. 0 Buys")
            bea.send("end")
            heard = ann.until(r"^Bea's turn 1\.", prompt=True)
            assert heard[:2] == ["Bea's turn 1.", "Bea played 4 Coppers, bought Silver."]  # no undo she never heard
            log = ann.type("log 3", r"^The last 3 messages")
            assert "Bea played 4 Coppers, bought Silver." in log
        finally:
            close_seat(ann.child)
            close_seat(bea.child)
        host.stopped()
