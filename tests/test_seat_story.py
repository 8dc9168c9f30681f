"""A seat's story survives: the real host as a subprocess, seats taken with the real OpenSSH
client and with ``a11y-dominion join``.

A player whose connection drops and who logs in again finds their own history (``log``,
``repeat``) as before the drop, hears once what happened while away (the others' plays and
buys), then their hand and their question, each once (the bot's plays in a seat that
``--bot-after`` gave it: tests/test_remote_lifecycle.py); no seat receives another's
private cards. After the final scores a remote player stays until they leave: ``log``,
``score`` and ``export`` answer (``join`` writes the file on the player's computer),
``quit`` ends the session, and the host ends once every remote player has left.
"""

from __future__ import annotations

import re
import shutil
import time

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("asyncssh")
if shutil.which("ssh") is None:
    pytest.skip("the OpenSSH client ssh is not installed", allow_module_level=True)

import remoteplay as rp  # noqa: E402
from a11y_dominion.record import replay  # noqa: E402

pytestmark = pytest.mark.e2e  # the real host, OpenSSH and join in other processes

# seconds a whole until or prompt may read at most: only a session that keeps sending without
# what is awaited takes that long, which fails with what came (each read has rp.TIMEOUT)
WAIT = 2 * rp.TIMEOUT
STAY = ("--after-game", "600")  # the default, said: the host waits for its players to leave
SEED = 3


class Reader:
    """One seat's child (pexpect): every byte it received kept; :meth:`until` reads
    until the plain text since the last line typed matches."""

    def __init__(self, child):
        self.child = child
        start = child.buffer
        self.raw = bytearray(start if isinstance(start, bytes) else start.encode("utf-8"))
        child.buffer = start[:0]
        self.mark = 0
        self.players = rp.BigMoney()  # (the turn prompt says what changed: the figures are kept)

    def all(self) -> str:
        """The plain text received in this session."""
        return rp.received_text(bytes(self.raw))

    def text(self) -> str:
        """The plain text received since the last line typed."""
        return rp.received_text(bytes(self.raw[self.mark :]))

    def more(self) -> None:
        """Read what comes next; AssertionError when nothing comes in rp.TIMEOUT seconds or the
        session ends."""
        try:
            ended = not self._next()
        except pexpect.TIMEOUT:
            raise AssertionError(f"nothing comes after {self.text()[-1500:]!r}") from None
        if ended:
            raise AssertionError(f"the session ended after {self.text()[-1500:]!r}")

    def _next(self) -> bool:
        """Read what comes next, kept; False when the session ended, pexpect.TIMEOUT when nothing
        comes in rp.TIMEOUT seconds. (An expect of any text: the ``join`` program's child, a
        PopenSpawn, returns at once from read_nonblocking when nothing came, not after its timeout.)"""
        anything = rb"[\s\S]+" if self.child.encoding is None else r"[\s\S]+"
        try:
            self.child.expect(anything, timeout=rp.TIMEOUT)
        except pexpect.EOF:
            return False
        got = self.child.after
        self.raw += got if isinstance(got, bytes) else got.encode("utf-8")
        return True

    def until(self, pattern: str) -> re.Match:
        """Read until the text since the last line typed matches ``pattern`` (multi-line); the match.
        AssertionError as :meth:`more`, or when it has not come after :data:`WAIT` seconds."""
        regex = re.compile(pattern, re.M)
        return self._read_until(lambda: regex.search(self.text()), f"a line matching {pattern!r}")

    def prompt(self, who: str) -> str:
        """Read until ``who``'s prompt ends what came since the last line typed; that text.
        AssertionError as :meth:`more`, or when it has not come after :data:`WAIT` seconds."""
        self._read_until(lambda: rp.prompt_ends(self.text(), who), f"{who}'s prompt")
        return self.text()

    def _read_until(self, done, awaited: str):
        """Read until ``done()`` gives something true; that. AssertionError as :meth:`more`, or
        naming ``awaited`` and the last lines received when :data:`WAIT` seconds pass first (a
        session that keeps sending never lets :meth:`more` time out)."""
        deadline = time.monotonic() + WAIT
        while not (got := done()):
            if time.monotonic() > deadline:
                last = rp.lines_of(self.text())[-15:]
                raise AssertionError(f"waited {WAIT} s for {awaited}; the last lines received: {last!r}")
            self.more()
        return got

    def send(self, line: str) -> None:
        """Type ``line``; what comes next is read from here."""
        self.mark = len(self.raw)
        self.child.sendline(line.encode("utf-8") if isinstance(self.child, pexpect.spawn) else line)

    def end(self) -> None:
        """Read to the end of the session; AssertionError when nothing comes in rp.TIMEOUT seconds
        before it ends."""
        try:
            while self._next():
                pass
        except pexpect.TIMEOUT:
            raise AssertionError(f"the session does not end: {self.text()[-800:]!r}") from None


# a turn prompt said on the line of a move's sentence: "Buy phase: 4 coins.", "0 Buys, 2 coins."
FIGURE = r"\d+ (?:Actions?|Buys?|coins?|Debt)"
TURN_PROMPT = re.compile(rf"(?:(?:Action|Buy) phase(?:: .*)?|{FIGURE}(?:, {FIGURE})*)\.")


def said_as(kept: str, said: str) -> bool:
    """Whether the line ``said`` is the history's line ``kept``, alone or with its turn prompt."""
    return said == kept or (said.startswith(kept + " ") and bool(TURN_PROMPT.fullmatch(said[len(kept) + 1 :])))


def play_until(reader: Reader, who: str, pattern: str) -> list:
    """Type ``who``'s Big Money moves at its prompts until the text since its last move
    matches ``pattern``; the moves."""
    moves: list = []
    regex = re.compile(pattern, re.M)
    while regex.search(reader.text()) is None:
        text = reader.text()
        if rp.prompt_ends(text, who) and (line := reader.players.move(text, who)) is not None:
            moves.append(line)
            reader.send(line)
            continue
        reader.more()
    return moves


def private_to(record: dict, seat: str) -> set:
    """The sentences of the game that ``seat`` must never receive."""
    return rp.private_sentences(list(replay(record).log), seat)


def play_to_end(players: dict) -> None:
    """Big Money moves for every seat of ``players`` (name -> :class:`Reader`, each with its
    question's text since its last line typed) until each has read "Game over."."""
    while True:
        waiting = {who: r for who, r in players.items() if not re.search(r"^Game over\.$", r.text(), re.M)}
        if not waiting:
            return
        for who, reader in waiting.items():
            text = reader.text()
            if rp.prompt_ends(text, who) and (line := reader.players.move(text, who)) is not None:
                reader.send(line)
                continue
            try:
                got = reader.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            reader.raw += got if isinstance(got, bytes) else got.encode("utf-8")


@pytest.mark.posix
def test_an_ssh_seat_that_drops_finds_its_history_hears_what_it_missed_once_and_stays_after_the_end(tmp_path):
    with rp.hosted(tmp_path, "Ann:remote,Bea:remote,Bot:bigmoney", seed=SEED, extra=STAY) as host:
        ann = Reader(rp.join(host.data, "Ann", tmp_path / "ann.log"))
        bea = Reader(rp.join(host.data, "Bea", tmp_path / "bea.log"))
        ann.until(r"every seat is taken\. The game starts\.")
        # Ann's turn 1, played by Ann; she drops while Bea's turn 1 waits
        assert play_until(ann, "Ann", r"^Bea's turn 1\.$")[0] == "play treasures"
        heard_before = rp.lines_of(ann.all())
        first = ann.all()
        ann.child.kill(9)
        rp.close_seat(ann.child)
        # (Bea's question: nothing waits for Ann yet)
        bea.until(r"^Ann has left; the game goes on until a question is Ann's\.$")
        # Bea plays her turn 1; the bot plays; the game waits for Ann's turn 2, and Bea is told so
        assert play_until(bea, "Bea", r"^Ann's turn 2\.$")[0] == "play treasures"
        bea.until(r"^The game waits for Ann to come back\.$")

        ann = Reader(rp.join(host.data, "Ann", tmp_path / "ann2.log"))
        lines = rp.lines_of(ann.prompt("Ann"))
        start = lines.index("Welcome back, Ann. The game goes on.")
        # what happened while she was away, once, then her question and her hand, once each, as at join
        news = [
            "Bea played 3 Coppers, bought Silver.",
            "Bot, turn 1: played 2 Coppers.",
            "Your turn 2. Action phase: 1 Action, 1 Buy, 0 coins.",  # (the prompt on the news's last line)
        ]
        assert lines[start + 1 :] == [
            *news,
            "Your hand: 3 Coppers and 2 Estates.",
            "1. play Copper",
            "2. play treasures",
            "3 to 6: buy, once your Treasures are played.",
            "7. end the Action phase",
        ]
        bea.until(r"^Ann is back\.$")

        # her history holds what she heard before the drop, then what she missed
        ann.send("log 200")
        ann.until(r"^The last \d+ messages:$")
        logged = rp.lines_of(ann.prompt("Ann"))
        logged = logged[next(i for i, x in enumerate(logged) if re.fullmatch(r"The last \d+ messages:", x)) + 1 :]
        before = logged[: logged.index("Welcome back, Ann. The game goes on.")]
        # each of those lines is one the first session said, in the same order, in the same words
        # (a sentence said with its turn prompt is kept alone in the history the host gives back)
        said = iter(heard_before)
        assert all(any(said_as(x, y) for y in said) for x in before), (before, heard_before)
        assert "You play 4 Coppers." in before and "You buy Silver." in before, before
        assert logged[-3:] == news, logged
        ann.send("repeat 3")
        ann.until(r"^Bea played 3 Coppers, bought Silver\.$")

        # the game to its end (Big Money for both); then Ann and Bea stay and ask
        players = {"Ann": ann, "Bea": bea}
        ann.send("play treasures")  # (Big Money's first move of a turn)
        play_to_end(players)
        for reader in players.values():
            reader.until(r"^The game is over\. You may stay: log, repeat, score and export work here; type quit")
            reader.send("score")
            reader.until(r"^Bot: \d+ VP \(")
            reader.send("log 3")
            reader.until(r"^The last 3 messages:$")
        ann.send("export game.txt")
        ann.until(
            r"^An SSH session cannot write a file on your computer; the export has \d+ lines: "
            r"export all prints them here, and a11y-dominion join saves them as a file\.$"
        )
        ann.send("export all")
        said = ann.until(r"^Here is the game as export writes it, (\d+) lines\.$")  # (the whole game: it is over)
        ann.until(r"^Game over\.$")
        exported = rp.lines_of(ann.text()[said.end() :])
        assert exported[0].startswith("a11y-dominion game of ") and "seed 3." in exported[0], exported[:3]
        assert exported[1] == "Players: Ann (remote), Bea (remote), Bot (bigmoney).", exported[:3]
        ann.send("quit")
        ann.until(r"^You left; goodbye\.$")
        ann.end()
        bea.until(r"^Ann has left\.$")
        assert host.proc.poll() is None  # Bea is still in
        bea.send("quit")
        bea.end()
        code, printed = host.finish()
        assert code == 0, printed
        assert "Traceback" not in printed
        record = host.game_record()
    # privacy: neither seat ever received the other's private cards
    texts = {"Ann": rp.lines_of(first + "\n" + ann.all()), "Bea": rp.lines_of(bea.all())}
    for who, other in (("Ann", "Bea"), ("Bea", "Ann")):
        forbidden = private_to(record, who)
        assert forbidden and not rp.leaks("\n".join(texts[who]), forbidden), who
        assert not rp.other_hands(texts[who], [other]), who
        assert not rp.draws_naming_cards(texts[who], [other]), who


@pytest.mark.posix
def test_a_join_seat_that_drops_gets_its_history_back_hears_what_it_missed_once_and_exports_after_the_end(tmp_path):
    with rp.hosted(tmp_path, "Ann:remote,Bea:remote,Bot:bigmoney", seed=SEED, extra=STAY) as host:
        ann = Reader(rp.join_program(host, tmp_path, "Ann"))
        bea = Reader(rp.join(host.data, "Bea", tmp_path / "bea.log"))
        ann.until(r"every seat is taken\. The game starts\.")
        assert play_until(ann, "Ann", r"^Bea's turn 1\.$")[0] == "play treasures"
        first = rp.lines_of(ann.all())
        ann.child.kill(9)
        ann.child.wait()
        bea.until(r"^Ann has left; the game goes on until a question is Ann's\.$")
        assert play_until(bea, "Bea", r"^Ann's turn 2\.$")[0] == "play treasures"
        bea.until(r"^The game waits for Ann to come back\.$")

        ann = Reader(rp.join_program(host, tmp_path, "Ann"))  # a new program: it knew nothing
        lines = rp.lines_of(ann.prompt("Ann"))
        start = lines.index("Welcome back, Ann. The game goes on.")
        # what happened while she was away, once, then her question and her hand, once each
        assert lines[start + 1 :] == [
            "Bea played 3 Coppers, bought Silver.",
            "Bot, turn 1: played 2 Coppers.",
            "Your turn 2. Action phase: 1 Action, 1 Buy, 0 coins.",  # (the prompt on the news's last line)
            "Your hand: 3 Coppers and 2 Estates.",
            "1. play Copper",
            "2. play treasures",
            "3 to 6: buy, once your Treasures are played.",
            "7. end the Action phase",
        ]
        bea.until(r"^Ann is back\.$")
        # her history is the one she had, then the news
        ann.send("log 200")
        ann.until(r"^The last \d+ messages:$")
        logged = rp.lines_of(ann.prompt("Ann"))
        logged = logged[next(i for i, x in enumerate(logged) if re.fullmatch(r"The last \d+ messages:", x)) + 1 :]
        before = logged[: logged.index("Welcome back, Ann. The game goes on.")]
        assert before[0] == "New game for Ann, Bea and Bot. You go first." and "Bea's turn 1." in before, before
        # each of those lines is one the first program said, in the same order, in the same words
        # (the join program keeps a sentence said with its turn prompt whole; the history the host
        # kept for the seat and gives back has the sentence alone)
        said = iter(first)
        assert all(any(said_as(x, y) for y in said) for x in before), (before, first)
        assert "You play 4 Coppers." in before and "You buy Silver." in before, before
        assert logged[-3:] == [
            "Bea played 3 Coppers, bought Silver.",
            "Bot, turn 1: played 2 Coppers.",
            "Your turn 2. Action phase: 1 Action, 1 Buy, 0 coins.",
        ]
        ann.send("repeat 3")
        ann.until(r"^Bea played 3 Coppers, bought Silver\.$")

        ann.send("play treasures")  # (Big Money's first move of a turn)
        play_to_end({"Ann": ann, "Bea": bea})
        said = r"^The game is over\. You may stay: log, repeat, score and export work here; type quit to leave\.$"
        for reader in (ann, bea):
            reader.until(said)
            reader.send("log 2")
            reader.until(r"^The last 2 messages:$")
            reader.send("score")
            reader.until(r"^Bot: \d+ VP \(")
        exported = tmp_path / "ann-game.txt"
        ann.send(f"export {exported}")
        ann.until(rf"^The game is written to {re.escape(str(exported))}\.$")
        written = exported.read_text(encoding="utf-8").splitlines()
        assert written[0].startswith("a11y-dominion game of ") and written[0].endswith(", seed 3."), written[:2]
        assert written[1] == "Players: Ann (remote), Bea (remote), Bot (bigmoney).", written[:2]
        assert "Game over." in written and any(x.startswith("Your hand: ") for x in written)
        bea.send("export game.txt")
        bea.until(r"^An SSH session cannot write a file on your computer; the export has \d+ lines: ")
        ann.send("quit")
        ann.until(r"^You left; goodbye\.$")
        ann.end()
        assert ann.child.wait() == 0
        bea.until(r"^Ann has left\.$")
        bea.send("quit")
        bea.end()
        code, printed = host.finish()
        assert code == 0, printed
        assert "Traceback" not in printed
        record = host.game_record()
    # privacy: neither seat ever received the other's private cards
    texts = {"Ann": rp.lines_of("\n".join(first) + "\n" + ann.all()), "Bea": rp.received_lines(bea.raw)}
    for who, other in (("Ann", "Bea"), ("Bea", "Ann")):
        forbidden = private_to(record, who)
        assert forbidden and not rp.leaks("\n".join(texts[who]), forbidden), who
        assert not rp.other_hands(texts[who], [other]), who
        assert not rp.draws_naming_cards(texts[who], [other]), who
