"""The host's own player (the ``human`` seat of ``host``) at its terminal: asked
before the steps the console confirms, as at ``play`` and at a guest's console (its
``confirm`` setting), an empty line reads the question again, the hand drawn in
Clean-up is not read again after the other seat's undo, and ``Bea: hand`` /
``Bea: status`` are answered as queries. The host, its table and seats are the
real ones, and each seat is played by its real end: the host's own seat by its console over
a link into the host's room (:meth:`~a11y_dominion.remote.local.HostTerminal.play`), Bea's
as a plain ssh seat's (:mod:`seatsathost`)."""

from __future__ import annotations

import asyncio
import json

import pytest

from a11y_dominion.console.display import LineCleared
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled, shown


@pytest.fixture(autouse=True)
def _settings(tmp_path, monkeypatch):
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"confirm": True}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(config))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


class Hosted:
    """A host of Ann (its own seat) and Bea (a plain ssh seat) with seed 11, each seat played by
    its real end (:class:`seatsathost.SeatAt`), its table running once both are in."""

    def __init__(self, hand: list | None = None, debt: int = 0, bea_hand: list | None = None):
        specs = parse_seats("Ann:human,Bea:remote", remote=True)
        piles, events, landmarks = choose_setup(None, None, None, 11)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
        if hand is not None:  # dealt before the game starts (GameHost starts it)
            game.players[0].hand = [game.new_card(n) for n in hand]
        game.players[0].debt = debt
        if bea_hand is not None:
            game.players[1].hand = [game.new_card(n) for n in bea_hand]
        self.host = GameHost(game, specs, 11, Language("en"), out=[].append)
        self.seats = {name: SeatAt(self.host, name) for name in ("Ann", "Bea")}
        for seat in self.seats.values():
            seat.start()
        self.ann = self.seats["Ann"].lines
        self.bea = self.seats["Bea"].lines

        async def table() -> None:
            await self.host.everyone_in.wait()
            await self.host.table.run_async()

        self.task = asyncio.ensure_future(table())

    async def typed(self, who: str, text: str) -> list:
        """The lines ``who`` receives after typing ``text``."""
        return await self.seats[who].typed(text)

    def close(self) -> None:
        self.task.cancel()
        for seat in self.seats.values():
            if seat.task is not None:
                seat.task.cancel()


def run(body) -> None:
    async def main():
        hosted = Hosted(*body.args)
        await settled()
        try:
            await body(hosted)
        finally:
            hosted.close()

    asyncio.run(main())


def with_hand(*args):
    def wrap(fn):
        fn.args = args
        return fn

    return wrap


def test_the_host_seat_asks_before_ending_the_action_phase_and_playing_treasures():
    @with_hand(["Legionary", "Copper", "Copper", "Copper", "Copper"])
    async def body(h):
        assert await h.typed("Ann", "play treasures") == [
            "You still have 1 Action and could play Legionary. Playing Treasures ends the Action phase. "
            "Go on? Type yes to go on:"
        ]
        assert await h.typed("Ann", "no") == ["Nothing was played; the Action phase goes on."]
        assert await h.typed("Ann", "end") == [
            "You still have 1 Action and could play Legionary. End the Action phase? Type yes to end it:"
        ]
        assert await h.typed("Ann", "") == ["The Action phase goes on."]
        assert h.host.table.game.turn.phase == "action"
        said = await h.typed("Ann", "play treasures")
        assert said[0].startswith("You still have 1 Action")
        said = await h.typed("Ann", "yes")
        assert said[0] == "You play 4 Coppers. Buy phase: 4 coins."  # the prompt on the move's line
        assert h.host.table.game.turn.phase == "buy"

    run(body)


def test_a_plain_ssh_seat_asks_too_by_default():
    """A remote seat answered by typed lines (plain ssh) asks before the steps the console confirms, as the
    console does by default; a guest of ``join`` answers through its own console instead."""

    @with_hand(
        ["Copper", "Copper", "Copper", "Estate", "Estate"], 0, ["Legionary", "Copper", "Copper", "Copper", "Copper"]
    )
    async def body(h):
        await h.typed("Ann", "end")
        await h.typed("Ann", "end")
        assert h.host.table.game.current.name == "Bea"
        assert await h.typed("Bea", "play treasures") == [
            "You still have 1 Action and could play Legionary. Playing Treasures ends the Action phase. "
            "Go on? Type yes to go on:"
        ]
        assert await h.typed("Bea", "no") == ["Nothing was played; the Action phase goes on."]
        assert h.host.table.game.turn.phase == "action"

    run(body)


def test_the_host_seat_asks_before_ending_the_turn_with_coins_and_debt():
    @with_hand(["Copper", "Copper", "Copper", "Copper", "Estate"], 4)
    async def body(h):
        await h.typed("Ann", "play treasures")
        assert await h.typed("Ann", "end") == [
            "Ending the turn now leaves 4 coins unused (you have 4 Debt). End the turn? Type yes to end it:"
        ]
        # (an English seat's words are English's: nee is a line that is not yes, said so)
        assert await h.typed("Ann", "nee") == ["That is not yes, so it is a no. The turn goes on."]
        assert h.host.table.game.current.name == "Ann"

    run(body)


def test_a_debt_buy_before_the_treasures_is_asked_at_the_host_seat_and_a_plain_ssh_seat():
    """Engineer (4 Debt) typed before the Treasures are played is legal: asked, not refused, at
    the host's own seat and at a plain ssh seat; no leaves the turn as it was, yes buys."""
    asked = (
        "Buying Engineer makes you take 4 Debt with 0 coins to pay it, as the Treasures in your hand cannot be "
        "played once you buy. Buy it anyway? Type yes to buy:"
    )

    @with_hand(["Copper", "Copper", "Copper", "Estate", "Estate"], 0, ["Copper", "Copper"] + ["Estate"] * 3)
    async def body(h):
        game = h.host.table.game
        assert await h.typed("Ann", "buy engineer") == [asked]
        assert await h.typed("Ann", "no") == ["Nothing was bought; the Action phase goes on."]
        assert game.turn.buys == 1 and game.player("Ann").debt == 0 and game.turn.phase == "action"
        assert await h.typed("Ann", "buy engineer") == [asked]
        said = await h.typed("Ann", "yes")
        assert said[0].startswith("You buy Engineer. You take 4 Debt for Engineer.")
        assert game.player("Ann").debt == 4
        await h.typed("Ann", "end")
        assert game.current.name == "Bea"
        assert await h.typed("Bea", "buy engineer") == [asked]
        assert await h.typed("Bea", "no") == ["Nothing was bought; the Action phase goes on."]
        assert game.turn.buys == 1 and game.player("Bea").debt == 0

    run(body)


def test_an_empty_line_at_the_host_seat_reads_the_question_again():
    @with_hand(["Copper", "Copper", "Copper", "Copper", "Copper"])
    async def body(h):
        assert await h.typed("Ann", "") == [
            "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.",
            "1. play Copper",
            "2. play treasures",
            "3 to 6: buy, once your Treasures are played.",
            "7. end the Action phase",
        ]
        assert await h.typed("Bea", "") == []  # nothing is asked of Bea: nothing to read again

    run(body)


def test_bea_hand_and_status_typed_at_the_host_seat_outside_its_turn():
    @with_hand()
    async def body(h):
        await h.typed("Ann", "play treasures")
        await h.typed("Ann", "end")
        assert h.host.table.game.current.name == "Bea"
        assert await h.typed("Ann", "Bea: hand") == ["Bea's hand is private; you may only look at your own hand."]
        said = await h.typed("Ann", "Bea: status")
        assert said[0] == "Bea's turn 1, Action phase: 1 Action, 1 Buy, 0 coins."
        assert said[1] == (
            "Bea has 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile."
        )

    run(body)


def test_a_seat_at_the_host_has_the_console_s_commands_and_settings_syntax():
    """A plain-ssh seat has the console's commands: previous goes on from what log read, speech
    and stop say that the player's own screen reader speaks, save and load that only the host
    can, settings set changes a setting as at the console and the short settings WORD too, in
    English and Dutch."""

    @with_hand()
    async def body(h):
        bea = h.host.people["Bea"]
        speech = "The game does not speak here: your own screen reader reads its lines."
        assert await h.typed("Bea", "speech") == [speech]
        assert await h.typed("Bea", "stop") == [speech]
        assert await h.typed("Bea", "save game.json") == ["Only the host can save or load this game."]
        assert await h.typed("Bea", "load game.json") == ["Only the host can save or load this game."]
        history = h.seats["Bea"].console.holder.history  # (the seat's history, as its console keeps it)
        total = len(history)
        before = history.recent(3)[0]
        assert (await h.typed("Bea", "log 2"))[0] == "The last 2 messages:"
        assert await h.typed("Bea", "previous") == [f"{before} ({total - 2} of {total})"]
        assert await h.typed("Bea", "settings set verbosity terse") == ["Verbosity is now terse."]
        assert bea.verbosity == "terse"
        assert await h.typed("Bea", "settings set hints off") == [
            "The host's settings say whether hints are on at this table."
        ]
        assert await h.typed("Bea", "instellingen nl") == ["Taal is nu Nederlands."]
        niet = "Het spel spreekt hier niet: je eigen schermlezer leest de regels voor."
        assert await h.typed("Bea", "spraak") == [niet]
        assert await h.typed("Bea", "instellingen zet uitgebreidheid normaal") == ["Uitgebreidheid is nu normaal."]

    run(body)


def test_a_seat_at_the_host_hears_that_a_bot_s_hand_is_a_bot_s_as_at_the_console():
    """Asked by name about a bot's hand, a seat at the host gets the console's sentence: the
    player is a bot (a person's hand is private), in English and Dutch."""
    specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 11)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
    host = GameHost(game, specs, 11, Language("en"), out=[].append)

    async def main() -> list:
        ann = SeatAt(host, "Ann")
        ann.start()
        await settled()
        try:
            return [await ann.typed(line) for line in ("Bot: hand", "instellingen nl", "Bot: hand")]
        finally:
            assert ann.task is not None
            ann.task.cancel()

    assert asyncio.run(main()) == [
        ["Bot is a bot; you may only look at your own hand."],
        ["Taal is nu Nederlands."],
        ["Bot is een bot; je mag alleen je eigen hand bekijken."],
    ]


def test_the_hand_drawn_in_clean_up_is_not_read_again_after_the_other_seat_s_undo():
    @with_hand()
    async def body(h):
        await h.typed("Ann", "play treasures")
        ended = await h.typed("Ann", "end")
        drawn = [x for x in ended if x.startswith("You draw ")]
        assert len(drawn) == 1
        await h.typed("Bea", "play treasures")
        assert (await h.typed("Bea", "undo"))[0] == "Taken back: your play of 4 Coppers."
        await h.typed("Bea", "play treasures")
        start = len(h.ann)
        await h.typed("Bea", "end")
        turn = shown(h.ann[start:], "Ann")
        # the hand is not read again: "You draw 2 Coppers and 3 Estates." was heard in Clean-up, so the
        # turn's start says how many cards it holds and how to hear them; the turn starts as every turn does
        assert turn == ["Bea played 4 Coppers.", "Your turn 2. 5 cards in hand, as drawn; type hand to hear them."]

    run(body)


@pytest.mark.e2e
def test_the_host_command_s_own_seat_with_a_guest_over_openssh(tmp_path):
    """``a11y-dominion host --players Ann:human,Bea:remote`` with Bea logged in by the
    real ssh client: an empty line at Ann's terminal reads her question again, and
    ``Bea: hand`` is refused as a query."""
    import os
    import queue
    import subprocess
    import threading
    import time

    pytest.importorskip("asyncssh")
    from remoteplay import ROOT, close_seat, host_command, join

    seats_file = tmp_path / "seats.json"
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
        A11Y_DOMINION_CONFIG=os.environ["A11Y_DOMINION_CONFIG"],
    )
    proc = subprocess.Popen(
        host_command("Ann:human,Bea:remote", 11, ("--seats-file", str(seats_file))),
        cwd=str(ROOT),
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()

    def until(wanted: str, timeout: float = 60) -> list:
        got = []
        deadline = time.monotonic() + timeout
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            got.append(line.replace("Ann> ", "").rstrip("\n"))
            if got[-1] == wanted:
                return got

    bea = None
    try:
        deadline = time.monotonic() + 60
        while not seats_file.exists():
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        bea = join(json.loads(seats_file.read_text()), "Bea", tmp_path / "bea.raw")
        until("7. end the Action phase")
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert until("7. end the Action phase") == [
            "",  # the empty line read, written after the prompt as piped input's lines are
            "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.",
            "1. play Copper",
            "2. play treasures",
            "3 to 6: buy, once your Treasures are played.",
            "7. end the Action phase",
        ]
        proc.stdin.write("Bea: hand\n")
        proc.stdin.flush()
        wanted = "Bea's hand is private; you may only look at your own hand."
        assert until(wanted) == ["Bea: hand", wanted]
    finally:
        if bea is not None:
            close_seat(bea)
        proc.terminate()
        proc.wait(20)
        proc.stdout.close()
        proc.stdin.close()


@pytest.mark.e2e  # the host's program in a pseudo-terminal, listening on loopback
@pytest.mark.posix  # pseudo-terminals
def test_at_the_host_s_own_terminal_tab_completes_f2_repeats_ctrl_c_clears_and_quit_asks_to_stop(tmp_path):
    """The host's own seat in a real terminal (tests/hostseat_main.py: ``host`` with Ann at its
    terminal and a bot): Tab completes a card's name, F2 says the last message again, Ctrl+C
    clears the half-typed line and says how to stop, quit asks the host's question (no: the game
    goes on), and Ctrl+D asks it too (yes: the game stops for every seat, exit code 1)."""
    pexpect = pytest.importorskip("pexpect")
    import os
    import re
    import sys
    from pathlib import Path

    from remoteplay import ROOT, TIMEOUT

    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"confirm": True, "speech": "screen-reader"}))
    env = dict(
        os.environ,
        TERM="xterm",
        A11Y_DOMINION_SCREEN_READER="no",
        A11Y_DOMINION_CONFIG=str(config),
        A11Y_DOMINION_DATA=str(tmp_path / "data"),
        XDG_DATA_HOME=str(tmp_path / "xdg"),
        PYTHONPATH=str(ROOT),
    )
    main = str(Path(__file__).resolve().parent / "hostseat_main.py")
    child = pexpect.spawn(sys.executable, [main], env=env, cwd=str(ROOT), timeout=TIMEOUT, dimensions=(50, 200))
    smithy = re.escape("Smithy (Dutch: Smidse): Action, costs 4 coins. +3 Cards.")
    stop = re.escape("Stop the game for every seat without saving?") + "\r+\n" + re.escape("Type yes to stop: ")
    try:
        child.expect_exact("Ann> ")
        child.send(b"card smi\t")
        child.expect_exact("card Smithy")  # completed on the line
        child.send(b"\r")
        child.expect(smithy)
        child.expect_exact("Ann> ")
        child.send(b"\x1bOQ")  # F2: the last message of the game again (a query's reply is no message)
        child.expect_exact(
            "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.\r\nYour hand: 2 Coppers and 3 Estates."
        )
        child.expect_exact("Ann> ")
        child.send(b"buy sil\x03")  # Ctrl+C with a half-typed line
        child.expect_exact("Line cleared. Type quit to stop the game.")
        child.expect_exact("Ann> ")
        child.send(b"quit\r")
        child.expect(stop)  # (this host keeps no autosave) its last sentence is the prompt, as at the keyboard
        child.send(b"no\r")
        child.expect_exact("The game goes on.")
        child.expect_exact("Ann> ")
        child.send(b"\x04")  # Ctrl+D on an empty line asks the same
        child.expect(stop)
        child.send(b"yes\r")
        child.expect_exact("Game stopped.")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 1  # a game stopped before its end, as at play
    finally:
        child.terminate(force=True)


def test_ctrl_c_between_prompts_at_the_host_s_seat_says_what_it_says_at_a_prompt_and_nothing_stops():
    """Ctrl+C (SIGINT) while no line editor reads keys at the host's own seat is said as Ctrl+C at
    an empty prompt is, in turn with the game's lines; the game goes on."""

    @with_hand()
    async def body(h):
        terminal = h.seats["Ann"].terminal
        start = len(h.ann)
        terminal.interrupt()
        await settled()
        assert shown(h.ann[start:], "Ann") == ["Nothing to clear. Type quit to stop the game."]
        assert not h.host.stopped.is_set()

    run(body)


def test_quit_at_the_host_s_seat_asks_and_yes_stops_the_game_for_every_seat():
    """quit asks the host's question (this host keeps no autosave); no goes on, yes stops the game:
    Ann hears "Game stopped." and Bea that the host stopped it."""

    @with_hand()
    async def body(h):
        assert await h.typed("Ann", "quit") == ["Stop the game for every seat without saving? Type yes to stop:"]
        assert await h.typed("Ann", "no") == ["The game goes on."]
        assert not h.host.stopped.is_set()
        await h.typed("Ann", "quit")
        assert await h.typed("Ann", "yes") == ["Game stopped."]
        assert h.host.stopped.is_set() and h.host.stopped_by_host
        assert shown(h.bea, "Bea")[-1] == "The host stopped the game."
        assert await asyncio.wait_for(h.seats["Ann"].task, 5) == 1  # (a bound only a hang reaches)

    run(body)


def test_after_the_final_scores_export_at_the_host_s_seat_writes_the_game_and_quit_closes_the_table_at_once(
    tmp_path,
):
    """Ann buys the last Province: the game ends. Her export says the game is written (not "so far"),
    as does export all; and quit closes the table at once, with no question: Bea, still at the
    table, is told."""
    path = tmp_path / "game.txt"

    @with_hand(["Gold"] * 5)
    async def body(h):
        province = h.host.table.game.piles["Province"]
        del province.cards[1:]  # the last Province
        await h.typed("Ann", "play treasures")
        await h.typed("Ann", "buy Province")
        ended = await h.typed("Ann", "end")
        assert "Game over." in ended, ended
        await h.task  # the game is over: the host waits for the remote players, as host's serve does
        after = asyncio.ensure_future(h.host.after_the_game())
        await settled()
        assert await h.typed("Ann", f"export {path}") == [f"The game is written to {path}."]
        assert "Game over." in path.read_text(encoding="utf-8").splitlines()
        everything = await h.typed("Ann", "export all")
        assert everything[0].startswith("Here is the game as export writes it, ") and "Game over." in everything
        assert not h.host.stopped.is_set()
        said = await h.typed("Ann", "quit")
        assert "Stop the game" not in " ".join(said) and h.host.stopped.is_set()
        assert await asyncio.wait_for(h.seats["Ann"].task, 5) == 0  # (a bound only a hang reaches)
        assert shown(h.bea, "Bea")[-1] == "The host closed the table; goodbye."
        await asyncio.wait_for(after, 5)  # the wait ended with the table

    run(body)


def test_news_that_comes_while_a_confirmation_waits_is_said_at_once_and_the_question_again():
    """Bea's chat while Ann's "Go on?" waits reaches Ann at once (not after her answer), then the
    question is put again; her yes still answers it."""

    @with_hand(["Legionary", "Copper", "Copper", "Copper", "Copper"])
    async def body(h):
        said = await h.typed("Ann", "play treasures")
        assert said[0].startswith("You still have 1 Action") and said[0].endswith("Go on? Type yes to go on:")
        heard = len(h.ann)
        await h.typed("Bea", "say the news")
        await settled()
        assert shown(h.ann[heard:], "Ann")[:2] == [
            "Bea says: the news",
            "You still have 1 Action and could play Legionary. Playing Treasures ends the Action phase. "
            "Go on? Type yes to go on:",
        ]
        said = await h.typed("Ann", "yes")
        assert said[0] == "You play 4 Coppers. Buy phase: 4 coins."
        assert h.host.table.game.turn.phase == "buy"

    run(body)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_after_the_final_scores_ctrl_c_and_an_empty_line_say_the_game_is_over_and_quit_leaves(lang):
    """After the game no question comes again: Ctrl+C at the host's own seat and an empty line at Bea's
    ssh seat each say so in one sentence, in the seat's language, instead of "Type quit to stop the
    game." or nothing."""
    said = Language(lang)

    @with_hand(["Gold"] * 5)
    async def body(h):
        if lang == "nl":
            await h.typed("Bea", "settings set language nl")
        province = h.host.table.game.piles["Province"]
        del province.cards[1:]  # the last Province
        await h.typed("Ann", "play treasures")
        await h.typed("Ann", "buy Province")
        assert "Game over." in await h.typed("Ann", "end")
        await h.task
        after = asyncio.ensure_future(h.host.after_the_game())
        await settled()
        start = len(h.ann)
        h.seats["Ann"].keys.type(LineCleared(had_text=True))  # Ctrl+C with "sc" typed
        await settled()
        assert shown(h.ann[start:], "Ann") == ["Line cleared. The game is over; type quit to leave."]
        start = len(h.bea)
        h.seats["Bea"].keys.type(LineCleared(had_text=False))
        await settled()
        assert shown(h.bea[start:], "Bea") == [said._("Nothing to clear. The game is over; type quit to leave.")]
        assert await h.typed("Bea", "") == [
            said._("The game is over; log, repeat and score still work, and quit leaves.")
        ]
        h.host.stop()
        await asyncio.wait_for(after, 5)  # (a bound only a hang reaches)

    run(body)


def test_the_language_chosen_at_the_host_s_own_seat_is_its_seat_s_language_in_the_room_too():
    """settings set language nl at the host's own seat: its console speaks Dutch, and so does what
    the room says to that seat (Bea's chat, Bea leaving), while Bea and the host's screen keep
    English; back to English, the room's lines to the seat are English again. The game's
    autosave would keep it with the seat, as it keeps a guest's."""

    @with_hand()
    async def body(h):
        nl = "Taal is nu Nederlands. Bewaard voor deze computer."
        assert await h.typed("Ann", "settings set language nl") == [nl]
        assert h.host.people["Ann"].lang.code == "nl" and h.host.people["Bea"].lang.code == "en"
        start = len(h.ann)
        await h.typed("Bea", "say hello")
        assert shown(h.ann[start:], "Ann") == ["Bea zegt: hello"]
        assert await h.typed("Ann", "instellingen zet taal en") == ["Language is now English. Saved for this computer."]
        assert h.host.people["Ann"].lang.code == "en"
        start = len(h.ann)
        await h.typed("Bea", "say hi")
        assert shown(h.ann[start:], "Ann") == ["Bea says: hi"]

    run(body)


def test_quit_before_the_first_answer_at_the_host_s_seat_keeps_the_game_as_its_question_says(tmp_path, monkeypatch):
    """The host's question says the game is kept ("host --resume goes on with it"); stopped with
    yes at the host's own seat before anyone answered, its autosave is there, unfinished, with no
    answers and both seats, for ``host --resume``."""
    from a11y_dominion.autosave import unfinished_games
    from a11y_dominion.cli import _host_autosave
    from a11y_dominion.i18n import typed_command

    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "kept"))

    @with_hand()
    async def body(h):
        seats = parse_seats("Ann:human,Bea:remote", remote=True)
        save = _host_autosave(h.host, seats, None, "en", "normal")
        assert save is not None and unfinished_games() == []  # (made at the first answer, else)
        assert await h.typed("Ann", "quit") == [
            f"Stop the game for every seat? It is kept; {typed_command()} host --resume goes on with it. "
            "Type yes to stop:"
        ]
        assert await h.typed("Ann", "yes") == ["Game stopped."]
        save.close()
        (kept,) = unfinished_games()
        seats_kept = [(seat[0], seat[1]) for seat in kept.record["seats"]]
        assert (kept.id, kept.answers, seats_kept) == (save.id, [], [("Ann", "human"), ("Bea", "remote")])

    run(body)
