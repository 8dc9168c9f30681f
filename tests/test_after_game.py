"""After the final scores (:meth:`GameHost.after_the_game`): the remote players who are in are
told once that they may stay; the host goes on until every one of them has left, or until
none of them typed for ``after_game`` seconds; with 0 it does not wait. Without SSH: each seat
joins with a seat-protocol session whose messages go into a list (:mod:`seatsathost`)."""

from __future__ import annotations

import asyncio

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import join_messages

pytest.importorskip("asyncssh")

from a11y_dominion.remote import GameHost  # noqa: E402

STAY = "The game is over. You may stay: log, repeat, score and export work here; type quit to leave."


def make_host(after_game: float) -> tuple:
    """A host of Ann and Bea (remote) and a bot, both in: (host, Ann's lines, Bea's lines, the host's screen)."""
    specs = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    printed: list = []
    host = GameHost(game, specs, 1, Language("en"), out=printed.append, after_game=after_game)
    ann = join_messages(host, "Ann", "ann")
    bea = join_messages(host, "Bea", "bea")
    return host, ann, bea, printed


def test_the_host_stays_until_every_remote_player_has_left():
    async def main():
        host, ann, bea, printed = make_host(600)
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert ann.texts()[-1] == STAY and bea.texts()[-1] == STAY
        host.leave("Ann", "ann", quit=True)  # she typed quit
        await asyncio.sleep(0)
        assert not staying.done()  # Bea is still in
        assert bea.texts()[-1] == "Ann has left." and printed[-1] == "Ann has left."
        host.leave("Bea", "bea", quit=True)
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)
        assert host.joined == []

    asyncio.run(main())


def test_a_typed_line_keeps_the_host_and_quiet_players_are_left_after_the_idle_time():
    async def main():
        host, ann, bea, _printed = make_host(0.2)
        clock = [0.0]
        host.clock = lambda: clock[0]
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        clock[0] = 0.15
        host.typed()  # a line typed: 0.2 seconds more from here
        await asyncio.wait([staying], timeout=0.3)
        assert not staying.done()  # (by the host's clock only 0.15 seconds passed since the line)
        clock[0] = 0.4  # and now none of them typed for 0.25 seconds: the host ends
        await asyncio.wait_for(staying, 5)
        assert host.joined == ["Ann", "Bea"]  # the sessions end as the host ends

    asyncio.run(main())


def test_with_no_time_after_the_game_the_host_does_not_wait():
    async def main():
        host, ann, _bea, _printed = make_host(0)
        await asyncio.wait_for(host.after_the_game(), 5)
        assert STAY not in ann.texts()

    asyncio.run(main())


def dropped_host(players: str, after_game: float = 600) -> tuple:
    """A host of ``players`` whose remote seat Ann joined and dropped (her connection broke),
    with the medium bot playing for her: (host, Ann's lines, the host's screen)."""
    specs = parse_seats(players, remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    printed: list = []
    host = GameHost(game, specs, 1, Language("en"), out=printed.append, after_game=after_game)
    ann = join_messages(host, "Ann", "ann")
    host.leave("Ann", "ann")
    host.stand_ins["Ann"].take_over()
    return host, ann, printed


def test_a_player_who_dropped_comes_back_after_the_game_and_hears_the_result_last():
    async def main():
        host, _ann, printed = dropped_host("Ann:remote,Bot:bigmoney")
        assert await asyncio.wait_for(host.table.run_async(), 60) is None  # the bot finished Ann's game
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert not staying.done()  # Ann may still come back to hear who won
        heard = host.heard["Ann"]  # what she heard before her connection broke: lines of her history, events
        back = join_messages(host, "Ann", "ann 2")
        history = [a.text for a in host.people["Ann"].history.entries()]
        result = history[history.index("Game over.") :]
        assert result[-1] in ("You win.", "Bot wins.") and len(result) == 4
        # her story and history up to what she heard, what came since (the result too) for her program to
        # tell, the game's end, and that she may stay
        assert back.kinds() == ["story", "history", "text", "text", "events", "game_over", "text"]
        assert back.texts() == [
            "Welcome back, Ann. The game is over.",
            "The medium bot played for you while you were away.",
            "You may stay: log, repeat, score and export work here; type quit to leave.",
        ]
        assert len(back[1]["lines"]) == host.people["Ann"].lines_at(heard[0]) and len(back[0]["events"]) == heard[1]
        assert back[4]["events"][-1]["type"] == "game_ended"
        assert printed[-1] == "Ann is back."  # no bot plays after the game
        host.leave("Ann", "ann 2", quit=True)
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)

    asyncio.run(main())


def test_a_player_who_heard_the_end_and_comes_back_hears_the_final_scores_and_the_winner_again():
    async def main():
        host, _ann, _printed = dropped_host("Ann:remote,Bot:bigmoney")
        assert await asyncio.wait_for(host.table.run_async(), 60) is None
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        join_messages(host, "Ann", "ann 2")  # she hears the end, then her connection breaks
        host.leave("Ann", "ann 2")
        history = [a.text for a in host.people["Ann"].history.entries()]
        result = history[history.index("Game over.") + 1 :]  # the scores and who won, as the end said them
        assert len(result) == 3 and result[-1] in ("You win.", "Bot wins.")
        again = join_messages(host, "Ann", "ann 3")
        kinds = [k for k in again.kinds() if k != "story"]  # (the story comes in pieces)
        assert kinds == ["history", "text", "game_over", "text", "text", "text", "text"]
        assert again.texts() == [
            "Welcome back, Ann. The game is over.",
            *result,
            "You may stay: log, repeat, score and export work here; type quit to leave.",
        ]
        host.leave("Ann", "ann 3", quit=True)
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)

    asyncio.run(main())


def test_a_player_who_typed_quit_is_not_waited_for_after_the_game():
    async def main():
        host, _ann, _printed = dropped_host("Ann:remote,Bot:bigmoney")
        host.quitted.add("Ann")  # as leave(..., quit=True) marks her
        assert await asyncio.wait_for(host.table.run_async(), 60) is None
        await asyncio.wait_for(host.after_the_game(), 5)

    asyncio.run(main())


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_leaving_says_the_game_waits_only_at_the_seat_s_question_and_the_turn_once():
    async def main():
        specs = parse_seats("Ann:remote,Bea:remote", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        printed: list = []
        host = GameHost(game, specs, 1, Language("en"), out=printed.append)
        join_messages(host, "Ann", "ann")
        join_messages(host, "Bea", "bea")
        table = asyncio.ensure_future(host.table.run_async())
        await settle()
        host.leave("Bea", "bea")  # during Ann's turn
        assert printed[-1] == "Bea has left; the game goes on until a question is Bea's."
        host.leave("Ann", "ann")  # at her own question
        assert printed[-1] == "Ann has left; the game waits for Ann to come back."
        host.stand_ins["Ann"].take_over()  # the bot ends Ann's turn: Bea's turn is asked of nobody
        await settle()
        assert printed[-1] == "The game waits for Bea to come back."
        assert [x for x in printed if x.startswith("The game waits")] == ["The game waits for Bea to come back."]
        back = join_messages(host, "Ann", "ann 2")
        # Bea's turn's start is among the events her program tells: not said again as a line
        assert any(e["type"] == "turn_started" and e["player"] == "Bea" for e in back[4]["events"])
        assert back.texts() == [
            "Welcome back, Ann. The game goes on.",
            "The medium bot played for you while you were away.",
            "Your hand, 5 cards: 5 Coppers.",
            "The game waits for Bea to come back.",  # (Bea away: that alone, not "Bea must answer now" too)
        ]
        table.cancel()

    asyncio.run(main())


def test_the_host_screen_says_once_whom_it_waits_for_how_long_and_when_it_stops():
    """After the game the host's screen says once for whom it waits (the players in, to leave;
    one whose connection broke, to come back), how long at most and that Ctrl+C ends the wait;
    then each one back, and why it stops waiting, in the host's language."""

    async def main():
        host, _ann, _bea, printed = make_host(600)
        host.leave("Bea", "bea")  # her connection broke before the end
        host.over = True
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        waits = (
            "The host waits for Ann to leave and for Bea to come back, until nobody has typed for 10 minutes; "
            "Ctrl+C ends the wait now."
        )
        assert printed[-1] == waits and printed.count(waits) == 1
        join_messages(host, "Bea", "bea 2")
        assert printed[-1] == "Bea is back."
        host.leave("Ann", "ann", quit=True)
        host.leave("Bea", "bea 2", quit=True)
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)
        assert printed[-2:] == ["Bea has left.", "The host stops waiting: every remote player has left."]
        assert printed.count(waits) == 1

    asyncio.run(main())


def test_the_host_says_when_nobody_typed_for_the_time_and_in_dutch():
    async def main():
        host, _ann, _bea, printed = make_host(0.2)
        host.lang = Language("nl")
        clock = [0.0]
        host.clock = lambda: clock[0]
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert printed[-1] == (
            "De host wacht op het vertrek van Ann en Bea, tot er 1 seconde niets getypt is; "
            "Ctrl+C beëindigt het wachten nu."
        )
        clock[0] = 0.4
        await asyncio.wait_for(staying, 5)
        assert printed[-1] == "De host wacht niet langer: er is 1 seconde niets getypt."

    asyncio.run(main())


def test_ctrl_c_after_the_game_ends_the_wait_and_each_seat_hears_why():
    async def main():
        host, ann, bea, printed = make_host(600)
        host.leave("Bea", "bea")
        host.over = True
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert printed[-1] == "The host waits for Ann to leave and for Bea to come back, until nobody has typed " + (
            "for 10 minutes; Ctrl+C ends the wait now."
        )
        host.stop()  # Ctrl+C at the host (SIGINT, or at its own terminal)
        await asyncio.wait_for(staying, 5)
        assert printed[-1] == "The host stops waiting and closes the table."
        assert ann[-1] == {"type": "text", "text": "The host closed the table; goodbye.", "last": True}
        host.people["Ann"].settings(language="nl")
        assert Language("nl")._("The host closed the table; goodbye.") == "De host heeft de tafel gesloten; tot ziens."

    asyncio.run(main())


def test_only_players_who_dropped_are_waited_for_up_to_the_time():
    async def main():
        host, _ann, printed = dropped_host("Ann:remote,Bot:bigmoney")
        assert await asyncio.wait_for(host.table.run_async(), 60) is None
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert printed[-1] == "The host waits up to 10 minutes for Ann to come back; Ctrl+C ends the wait now."
        host.lang = Language("nl")
        assert host.waiting_line() == (
            "De host wacht hoogstens 10 minuten op de terugkeer van Ann; Ctrl+C beëindigt het wachten nu."
        )
        host.stop()
        await asyncio.wait_for(staying, 5)

    asyncio.run(main())


def test_a_leave_message_is_a_quit_and_a_host_without_it_answers_unknown_type(monkeypatch):
    """The seat protocol's ``leave`` (a ``join`` player typed quit) marks the session's end as
    a quit; a host older than ``leave`` answers it with ``unknown-type`` and nothing else
    changes (the player's program ends its session all the same)."""
    import json

    from a11y_dominion.remote import protocol

    host, _ann, _bea, _printed = make_host(600)
    seat = host.people["Ann"]
    sent: list = []
    outlet = protocol.ProtocolOutlet(host, seat, sent.append)
    outlet.received('{"type": "leave"}')
    assert outlet.left and sent == []
    monkeypatch.delitem(protocol.FIELDS, "leave")  # a host of before the leave message
    older = protocol.ProtocolOutlet(host, seat, sent.append)
    older.received('{"type": "leave"}')
    assert not older.left and [json.loads(x)["error"] for x in sent] == ["unknown-type"]
    assert host.joined == ["Ann", "Bea"]


def test_ctrl_c_at_the_host_s_own_terminal_after_the_game_ends_the_wait_without_asking():
    """At a host with a terminal (a player of its own, or a host at a terminal alone), Ctrl+C
    asks before it stops a game under way; after the game it ends the wait at once."""
    from a11y_dominion.remote.local import HostTerminal

    class Tty:
        def isatty(self) -> bool:
            return True

    host, _ann, _bea, printed = make_host(600)
    terminal = HostTerminal(host, Tty())
    host.over = True
    terminal.interrupt()
    assert host.stopped.is_set() and printed[-1] == "The host stops waiting and closes the table."


@pytest.mark.parametrize(
    "lang, goodbye",
    [("en", "The host closed the table; goodbye."), ("nl", "De host heeft de tafel gesloten; tot ziens.")],
)
def test_with_a_player_at_the_host_the_host_stays_until_that_player_quits(lang, goodbye):
    """Carl, at the host, closes the table after the game: he hears one sentence of it, in his
    language, and the host's screen (his) prints no second one."""

    async def main():
        specs = parse_seats(f"Carl:human:{lang},Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        printed: list = []
        host = GameHost(game, specs, 1, Language("en"), out=printed.append, after_game=600)
        carl = join_messages(host, "Carl", "carl")
        ann = join_messages(host, "Ann", "ann")
        bea = join_messages(host, "Bea", "bea")
        staying = asyncio.ensure_future(host.after_the_game())
        await asyncio.sleep(0)
        assert ann.texts()[-1] == STAY and bea.texts()[-1] == STAY
        said = Language(lang)
        assert carl.texts()[-1] == said._(
            "The game is over. You may stay: log, repeat, score and export work here; type quit to close the table."
        )
        assert not [x for x in printed if x.startswith("The host waits")]  # Carl closes the table, not a wait
        host.leave("Ann", "ann", quit=True)
        host.leave("Bea", "bea", quit=True)
        await asyncio.sleep(0)
        assert carl.texts()[-2:] == [said.text("{player} has left.", player=p) for p in ("Ann", "Bea")]
        await asyncio.wait([staying], timeout=0.2)
        assert not staying.done()  # every remote player left: Carl, who typed nothing, still stays
        assert not [x for x in printed if x.startswith("The host stops waiting")]
        host.stop()  # what quit (or Ctrl+D) at Carl's seat does after the game
        await asyncio.wait_for(staying, 5)  # (only a host that hangs takes this long)
        assert carl.texts()[-1] == goodbye
        assert not [x for x in printed if "closes the table" in x or "sluit de tafel" in x], printed

    asyncio.run(main())


def test_what_a_seat_heard_is_marked_without_narrating_its_history_and_read_back_as_narrated():
    """A session that ends (at the game's end, most often) marks what its seat heard without
    narrating the seat's history at the host then; a later session reads the same length of
    history as one narrated at once, the events told after the mark not counted."""
    from a11y_dominion.remote.seat import StoryMark
    from a11y_dominion.view import redact_all

    async def main():
        lengths = []
        for eager in (True, False):
            host, _ann, _bea, _printed = make_host(600)
            seat = host.people["Ann"]
            told = redact_all(host.table.game.log, "Ann")
            assert len(told) > 4
            seat.tell(told[:3])
            if eager:
                lengths.append([a.text for a in seat.history.entries()])
                continue
            mark = seat.mark()
            assert isinstance(mark, StoryMark)  # (nothing narrated yet)
            seat.tell(told[3:])  # told after the mark
            heard = seat.lines_at(mark)
            lengths.append([a.text for a in seat.history.entries()][:heard])
            assert len(seat.history) > heard  # the later events are in the history, after the mark
        assert lengths[0] and lengths[0] == lengths[1]

    asyncio.run(main())
