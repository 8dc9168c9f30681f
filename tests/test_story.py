"""A seat-protocol seat's ``story``: what it was told from the game's start, whenever it joins.

The host and the player's program run here in one event loop, without SSH: each
seat's :class:`ProtocolOutlet` writes its lines into a list, and the join
console (:class:`JoinConsole`) reads them as :class:`Link` reads the host's lines.
Ann leaves in the middle of the game and comes back with a new program; Bea buys a
card and takes it back. At each of Ann's decisions the events her ``hint`` reads
are exactly those the host's own console reads for her (``Table.events_for``).
"""

from __future__ import annotations

import asyncio
import io
import json
from types import SimpleNamespace

import pytest

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.console.core import HOST_LINES_PER_SECOND, Inbox
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.remote.client import JoinConsole
from a11y_dominion.remote.protocol import MAX_MESSAGE, ProtocolOutlet, Rate, encode, hello, host_entry, story_messages
from a11y_dominion.rules.decisions import END_MOVE, Decision, Move
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from a11y_dominion.view import PlayerView, event_data

pytest.importorskip("asyncssh")


def make_host() -> GameHost:
    seats = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 3)
    game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, 3))
    return GameHost(game, seats, 3, Language("en"), out=lambda text: None)


def join_console(name: str) -> JoinConsole:
    """The console of ``join`` for the seat ``name``, fed the host's messages by hand (:func:`read`)."""
    screen = io.StringIO()
    lang = Language("en")
    display = Display(screen, plain=True, lang=lang)
    seat = HumanSeat(name, lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
    return JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), screen))


def read(console: JoinConsole, text: str) -> list:
    """Give ``console`` the host's ``text`` (whole lines) as the connection reads them; their messages."""
    out = []
    for line in text.splitlines():
        kind, message = host_entry(line)
        assert kind == "message", line
        assert console.receive(message)
        out.append(message)
    return out


def answer(bot, message: dict) -> str:
    """The Big Money bot's answer line for a decide message."""
    d = Decision.from_data(message["decision"])
    keys = bot.decide(d, PlayerView.from_data(message["view"]))
    keys = [k.to_dict() if isinstance(k, Move) else k for k in keys]
    return json.dumps({"type": "answer", "id": message["id"], "keys": keys})


def data(events: list) -> list:
    return [event_data(e) for e in events]


def test_a_seat_that_comes_back_and_an_undo_leave_its_hint_the_console_s_events():
    async def main():
        host = make_host()
        table = host.table
        written = {"Ann": [], "Bea": []}
        outlets: dict = {}
        consoles = {"Ann": join_console("Ann"), "Bea": join_console("Bea")}
        bots = {"Ann": make_bot("bigmoney", 1), "Bea": make_bot("bigmoney", 2)}

        def sit(name: str) -> None:
            """A session takes the seat, as the protocol's session does."""
            seat = host.people[name]
            outlet = ProtocolOutlet(host, seat, written[name].append)
            outlets[name] = outlet
            host.join(name, outlet=outlet)  # (the outlet gets the seat's story first)

        def unread(name: str) -> str:
            text = "".join(written[name])
            written[name].clear()
            return text

        sit("Ann")
        sit("Bea")
        stories = [m for m in read(consoles["Ann"], unread("Ann")) if m["type"] == "story"]
        assert stories == [{"type": "story", "start": 0, "events": []}]  # nothing told in the lobby
        read(consoles["Bea"], unread("Bea"))
        game = asyncio.ensure_future(table.run_async())
        checked = {"joined": 0, "undone": 0, "after": 0}
        state = "before"  # Ann leaves, comes back, Bea buys and takes it back, then Ann answers again
        bea_turns = 0
        for _ in range(5000):
            await asyncio.sleep(0)
            if game.done():
                break
            if state == "away" and bea_turns >= 2:
                consoles["Ann"] = join_console("Ann")  # a new program: it knows nothing yet
                sit("Ann")
                state = "back"
            for name in ("Ann", "Bea"):
                if name == "Ann" and state == "away":
                    continue
                messages = read(consoles[name], unread(name))
                for message in messages:
                    if name == "Ann" and message["type"] == "story":
                        assert state == "back"
                        checked["joined"] += 1
                    if name == "Ann" and message["type"] == "undone":
                        assert message["player"] == "Bea" and message["events"]
                        assert data(consoles["Ann"].told) == data(table.events_for("Ann"))
                        checked["undone"] += 1
                        state = "undone"
                decides = [m for m in messages if m["type"] == "decide"]
                if not decides:
                    continue
                decide = decides[-1]
                ctx = consoles[name].command_ctx()  # what hint reads: the question and the events told
                assert ctx.decision is not None
                assert data(ctx.told()) == data(table.events_for(name)), name
                if name == "Ann" and state == "before" and len(ctx.told()) > 100:
                    host.leave("Ann")
                    host.people["Ann"].outlet = None
                    written["Ann"].clear()
                    state = "away"
                    continue
                if name == "Ann" and state == "undone":
                    checked["after"] += 1
                    state = "done"
                line = answer(bots[name], decide)
                if name == "Bea" and state == "bought":
                    outlets["Bea"].received(json.dumps({"type": "undo"}))
                    state = "asked undo"
                    continue
                if name == "Bea" and state == "back" and '"buy"' in line and table.game.pending.player == "Bea":
                    state = "bought"
                if name == "Bea" and "end" in line:
                    bea_turns += 1
                outlets[name].received(line)
        else:
            raise AssertionError("the game did not end")
        assert checked == {"joined": 1, "undone": 1, "after": 1}
        assert game.result() is None

    asyncio.run(main())


def test_a_story_larger_than_a_message_comes_in_pieces_and_is_put_together():
    host = make_host()
    table = host.table
    table.game.start()
    while table.game.pending is not None and len(table.game.log) < 3000:
        d = table.game.pending
        table.submit(d.player, make_bot("bigmoney", 1).decide(d, table.view(d.player)))
    table.deliver()
    told = [event_data(e) for e in table.events_for("Ann")]
    whole = len(encode({"type": "story", "start": 0, "events": told}).encode("utf-8"))
    assert whole > MAX_MESSAGE
    messages = story_messages(told)
    lines = [encode(m) for m in messages]
    assert len(lines) == -(-whole // MAX_MESSAGE) or len(lines) == -(-whole // MAX_MESSAGE) + 1
    assert all(len(line.encode("utf-8")) <= MAX_MESSAGE for line in lines)
    assert [m["start"] for m in messages] == [sum(len(m["events"]) for m in messages[:i]) for i in range(len(lines))]

    console = join_console("Ann")
    read(console, encode({"type": "events", "events": told[:5]}))  # told before: a new story starts anew
    outlet = ProtocolOutlet(host, host.people["Ann"], [].append)
    sent: list = []
    outlet.write = sent.append
    outlet.story()
    assert sent == lines
    screen = console.display.stream.getvalue()
    read(console, "".join(sent))
    assert data(console.told) == told
    assert (console.display.stream.getvalue()) == screen  # nothing said

    # the connection takes every piece, however many come at once: a story is no line to show
    inbox = Inbox(Rate(HOST_LINES_PER_SECOND, lambda: 0.0))
    taken = [inbox.held(host_entry(line.rstrip("\n"))) for line in lines * 30]
    assert len(lines) * 30 > HOST_LINES_PER_SECOND and all(t is not None and t[0] == "message" for t in taken)


def test_story_messages_cut_at_the_bound_and_the_first_piece_starts_the_story_anew():
    events = [{"type": "note", "text": "x" * n} for n in (10, 20, 30, 40, 50)]
    messages = story_messages(events, most=140)
    assert all(len(encode(m).encode("utf-8")) <= 120 for m in messages)
    assert [m["start"] for m in messages] == [0, 2, 3, 4]
    assert [len(m["events"]) for m in messages] == [2, 1, 1, 1]
    assert story_messages([]) == [{"type": "story", "start": 0, "events": []}]
    host = make_host()
    host.table.game.start()
    three = [event_data(e) for e in host.table.events_for("Ann")[:3]]
    assert len(three) == 3
    console = join_console("Ann")
    read(console, encode({"type": "events", "events": three}))
    assert data(console.told) == three
    read(console, encode({"type": "story", "start": 1, "events": three[2:]}))  # a piece goes where it starts
    assert data(console.told) == [three[0], three[2]]
    read(console, encode({"type": "story", "start": 0, "events": []}))
    assert console.told == []
    for bad in (-1, "0", True, None):
        with pytest.raises(ValueError):
            console.receive({"type": "story", "start": bad, "events": []})


def test_a_seat_s_history_comes_in_pieces_under_the_bound_and_a_program_makes_it_its_own():
    host = make_host()
    outlet = ProtocolOutlet(host, host.people["Ann"], [].append)
    sent: list = []
    outlet.write = sent.append
    lines = [f"Bea played {n} Coppers, bought Silver." + " x" * (n % 50) for n in range(5000)]
    outlet.history(lines)
    assert len(sent) > 1 and all(len(line.encode("utf-8")) <= MAX_MESSAGE for line in sent)
    messages = [json.loads(line) for line in sent]
    assert [m["start"] for m in messages] == [sum(len(m["lines"]) for m in messages[:i]) for i in range(len(sent))]
    console = join_console("Ann")
    screen = console.display.stream.getvalue()
    read(console, "".join(sent))
    assert [a.text for a in console.holder.history.entries()] == lines
    assert console.display.stream.getvalue() == screen  # nothing said
    with pytest.raises(ValueError):
        console.receive({"type": "history", "start": 0, "lines": ["a", 3]})


def test_a_resumed_host_gives_each_seat_the_history_of_what_it_heard_before():
    host = make_host()
    table = host.table
    bots = {n: make_bot("bigmoney", i) for i, n in enumerate(("Ann", "Bea", "Bot"))}
    while table.game.turn.number < 5:  # the game as the host's earlier run played it (to Bea's turn 2)
        d = table.game.pending
        table.submit(d.player, bots[d.player].decide(d, table.view(d.player)))
    table.replace_game(table.game)  # as host --resume goes on with it
    host.recall_story()
    ann_lines: list = []
    host.join("Ann", outlet=ProtocolOutlet(host, host.people["Ann"], ann_lines.append))
    ann = join_console("Ann")
    read(ann, "".join(ann_lines))
    logged = [a.text for a in ann.holder.history.entries()]  # what log 100 reads at her console
    assert logged[0] == "New game for Ann, Bea and Bot. You go first."
    assert "Bea's turn 1." in logged and "Your turn 2." in logged
    assert not [x for x in logged if x.startswith("Bea draws ") and "card" not in x]  # Bea's draws as counts
    # a program that joins gets the same history, and says none of it
    outlet_lines: list = []
    outlet = ProtocolOutlet(host, host.people["Bea"], outlet_lines.append)
    host.join("Bea", outlet=outlet)
    console = join_console("Bea")
    screen = console.display.stream.getvalue()
    kinds = [m["type"] for m in read(console, "".join(outlet_lines))]
    assert kinds[:2] == ["story", "history"]
    assert [a.text for a in console.holder.history.entries()][: len(host.people["Bea"].history)] == [
        a.text for a in host.people["Bea"].history.entries()
    ]
    assert "Your turn 2." in [a.text for a in console.holder.history.entries()]
    assert console.display.stream.getvalue().count("New game for") == screen.count("New game for") == 0


def test_a_program_that_comes_back_after_the_bot_played_for_it_is_told_so_then_hears_the_bot_s_moves():
    async def main():
        host = make_host()
        table = host.table
        written: dict = {"Ann": [], "Bea": []}
        for name in ("Ann", "Bea"):
            host.join(name, outlet=ProtocolOutlet(host, host.people[name], written[name].append))
        game = asyncio.ensure_future(table.run_async())
        for _ in range(100):  # the table asks Ann
            await asyncio.sleep(0)
        assert table.game.pending.player == "Ann"
        host.leave("Ann")
        host.people["Ann"].outlet = None
        host._bot_stands_in("Ann")  # (as --bot-after does when its time is up)
        for _ in range(1000):  # the bot plays Ann's turn 1; Bea's question waits
            await asyncio.sleep(0)
            if table.game.pending.player == "Bea":
                break
        assert table.game.pending.player == "Bea"
        written["Ann"].clear()
        host.join("Ann", outlet=ProtocolOutlet(host, host.people["Ann"], written["Ann"].append))
        console = join_console("Ann")
        messages = read(console, "".join(written["Ann"]))
        texts = [m["text"] for m in messages if m["type"] == "text"]
        back = ["Welcome back, Ann. The game goes on.", "The medium bot played for you while you were away."]
        assert texts[:2] == back
        assert texts[-1] == "Bea must answer now, in the Action phase."  # (her turn's start was among the events)
        said = console.display.stream.getvalue().splitlines()
        assert any(x.startswith("You play ") for x in said) and any("You buy " in x for x in said), said
        assert said.index("The medium bot played for you while you were away.") < min(
            i for i, x in enumerate(said) if x.startswith("You play ")
        )
        game.cancel()

    asyncio.run(main())


def test_a_program_back_after_the_bot_only_ended_its_turn_is_told_that_and_the_turn_once():
    """The bot ended Ann's phases and nothing else: she is told it ended her turn (no play of hers
    would show it), and "Bea's turn 1." her program narrated is not said again with its figures;
    in Dutch too."""

    async def main(code: str, ended: str, turn: str):
        host = make_host()
        table = host.table
        written: dict = {"Ann": [], "Bea": []}
        for name in ("Ann", "Bea"):
            host.join(name, outlet=ProtocolOutlet(host, host.people[name], written[name].append))
        game = asyncio.ensure_future(table.run_async())
        for _ in range(100):  # the table asks Ann
            await asyncio.sleep(0)
        assert table.game.pending.player == "Ann"
        host.leave("Ann")
        host.people["Ann"].outlet = None
        host.people["Ann"].settings(language=code)
        ends = SimpleNamespace(decide=lambda d, view: [END_MOVE], tell=lambda events: None)
        host.stand_ins["Ann"].bot = ends  # (a bot that only ends each phase)
        host._bot_stands_in("Ann")
        for _ in range(1000):  # Ann's turn 1 ends; Bea's question waits
            await asyncio.sleep(0)
            if table.game.pending.player == "Bea":
                break
        assert table.game.pending.player == "Bea"
        host.join("Ann", outlet=ProtocolOutlet(host, host.people["Ann"], written["Ann"].append))
        console = join_console("Ann")
        console.holder.change("language", code)
        read(console, encode(hello(host, "Ann")) + "".join(written["Ann"]))  # (the session's hello first)
        said = console.display.stream.getvalue().splitlines()
        back = said[said.index(ended) - 1 :]  # right after the welcome
        assert back[0].endswith(("The game goes on.", "Het spel gaat verder.")), said
        assert turn in back and [x for x in said if x.startswith(turn[:-1])] == [turn], said
        game.cancel()

    asyncio.run(main("en", "The medium bot ended your turn while you were away.", "Bea's turn 1."))
    asyncio.run(main("nl", "De medium-bot beëindigde jouw beurt terwijl je weg was.", "Beurt 1 van Bea."))
