"""One table without SSH (:class:`~a11y_dominion.remote.room.TableRoom`): people join and leave
before the start, a second session takes a seat over, a player who left during the game comes
back, and an undo is heard by every seat. The sessions are fake (anything with ``exit``), each
with a seat-protocol outlet whose messages go into a list, or the console core of a seat played
as its real end plays it (:mod:`seatsathost`)."""

from __future__ import annotations

import asyncio

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote.room import TableRoom
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, join_messages, settled, shown


class FakeSession:
    """A session that records how it ended (``exit(status)``)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ended: list[int] = []

    def exit(self, status: int) -> None:
        self.ended.append(status)


def make_room(players: str = "Ann:remote,Bea:remote,Bot:bigmoney") -> tuple[TableRoom, list[str]]:
    """A room of ``players`` dealt with seed 1: (the room, the lines it printed for its owner)."""
    specs = parse_seats(players, remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    printed: list[str] = []
    return TableRoom(game, specs, 1, Language("en"), out=printed.append), printed


async def settle(rounds: int = 30) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0)


def test_people_join_and_leave_before_the_start_and_the_game_starts_when_every_seat_is_taken() -> None:
    room, printed = make_room()
    ann = join_messages(room, "ann", FakeSession("ann"))  # the name in any letter case
    assert ann.texts() == ["Welcome, Ann. Type help for commands.", "Ann has joined; 1 seat still empty: Bea."]
    # the lobby's seats are said, not kept in the player's history; the welcome is kept
    assert [m for m in ann if m["type"] == "text"] == [
        {"type": "text", "text": "Welcome, Ann. Type help for commands."},
        {"type": "text", "text": "Ann has joined; 1 seat still empty: Bea.", "keep": False},
    ]
    assert room.joined == ["Ann"] and room.empty() == ["Bea"]
    room.leave("Ann", room.sessions["Ann"])
    assert room.joined == [] and room.empty() == ["Ann", "Bea"]
    assert printed[-1] == "Ann has left; 2 seats still empty: Ann and Bea."
    assert not room.everyone_in.is_set()
    ann = join_messages(room, "Ann", FakeSession("ann 2"))
    bea = join_messages(room, "Bea", FakeSession("bea"))
    assert ann[-1] == {"type": "text", "text": "Bea has joined; every seat is taken. The game starts.", "keep": False}
    assert bea.texts() == [
        "Welcome, Bea. Type help for commands.",
        "Bea has joined; every seat is taken. The game starts.",
    ]
    assert room.everyone_in.is_set()
    room, printed = make_room("Ann:remote,Bea:remote,Cid:remote")
    ann = join_messages(room, "Ann", FakeSession("ann"))
    join_messages(room, "Bea", FakeSession("bea"))
    room.leave("Bea", room.sessions["Bea"])
    assert ann[-1] == {"type": "text", "text": "Bea has left; 2 seats still empty: Bea and Cid.", "keep": False}


def test_a_seat_s_history_keeps_the_welcome_and_not_the_lobby_s_seats_as_play_keeps_its_first_line() -> None:
    async def main() -> None:
        room, _printed = make_room("Ann:remote,Bea:remote")
        seats = {name: SeatAt(room, name) for name in ("Ann", "Bea")}
        for seat in seats.values():
            seat.start()
            await settled()
        assert shown(seats["Ann"].lines, "Ann") == [
            "Welcome, Ann. Type help for commands.",
            "Ann has joined; 1 seat still empty: Bea.",
            "Bea has joined; every seat is taken. The game starts.",
        ]
        table = asyncio.ensure_future(room.table.run_async())
        await settled()
        first = {"Ann": "You go first.", "Bea": "Ann goes first."}  # (seed 1)
        for name, seat in seats.items():
            assert seat.console is not None
            kept = [entry.text for entry in seat.console.holder.history.entries()]
            assert kept[:2] == [f"Welcome, {name}. Type help for commands.", f"New game for Ann and Bea. {first[name]}"]
            assert not [line for line in kept if "has joined" in line]
            assert seat.task is not None
            seat.task.cancel()
        table.cancel()

    asyncio.run(main())


def test_a_second_session_takes_the_seat_over_and_the_first_is_told_and_ended() -> None:
    room, _printed = make_room()
    old = FakeSession("ann")
    first = join_messages(room, "Ann", old)
    new = FakeSession("ann 2")
    second = join_messages(room, "Ann", new)
    assert first[-1] == {"type": "text", "text": "Your seat was taken by a new login; this session ends.", "last": True}
    assert old.ended == [0]
    assert second.texts() == ["You took your seat over from your other login, which ends now.", "Welcome back, Ann."]
    assert room.sessions["Ann"] is new and room.joined == ["Ann"]
    room.leave("Ann", old)  # the old session's end changes nothing: the new one holds the seat
    assert room.joined == ["Ann"]


HAND = {"Ann": "Your hand, 5 cards: 2 Coppers and 3 Estates.", "Bea": "Your hand, 5 cards: 4 Coppers and Estate."}


def test_a_player_who_leaves_during_the_game_is_waited_for_and_comes_back_to_the_question() -> None:
    async def main() -> None:
        room, printed = make_room("Ann:remote,Bea:remote")
        session = FakeSession("ann")
        ann = join_messages(room, "Ann", session)
        bea = join_messages(room, "Bea", FakeSession("bea"))
        table = asyncio.ensure_future(room.table.run_async())
        await settle()
        first = room.table.game.pending.player
        other = "Bea" if first == "Ann" else "Ann"
        leaving = session if first == "Ann" else room.sessions["Bea"]
        room.leave(first, leaving)
        heard = (bea if first == "Ann" else ann).texts()
        assert heard[-1] == f"{first} has left; the game waits for {first} to come back."
        assert printed[-1] == f"{first} has left; the game waits for {first} to come back."
        assert room.joined == [other]
        back = join_messages(room, first, FakeSession("back"))
        # where the turn stands, as the others hear it, and the hand; then the question again, as it stands
        assert back.kinds() == ["story", "history", "text", "text", "text", "view", "decide"]
        assert back.texts() == [
            f"Welcome back, {first}. The game goes on.",
            "Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
            HAND[first],
        ]
        assert back[-2]["heard"] == "turn"  # (its program's prompt says neither again)
        assert back[-1]["decision"] == room.table.game.pending.to_data()
        assert room.joined == [other, first]
        assert (bea if first == "Ann" else ann).texts()[-1] == f"{first} is back."
        table.cancel()

    asyncio.run(main())


def test_an_undo_is_heard_by_every_seat_and_the_question_is_asked_again() -> None:
    async def main() -> None:
        room, printed = make_room("Ann:remote,Bea:remote")
        seats = {name: SeatAt(room, name) for name in ("Ann", "Bea")}
        for seat in seats.values():
            seat.start()
        await settled()
        for seat in seats.values():
            assert seat.console is not None
            seat.console.holder.verbosity = "verbose"
        table = asyncio.ensure_future(room.table.run_async())
        await settled()
        first = room.table.game.pending.player
        other = "Bea" if first == "Ann" else "Ann"
        refused = room.undo(other)
        assert refused is not None
        assert Language("en").msg(refused) == (
            f"{first} must answer now; you can undo only while the game waits for your answer."
        )
        await seats[first].typed("play treasures")
        answers = len(room.table.game.answers)
        await seats[first].typed("undo")
        assert len(room.table.game.answers) == answers - 1
        mine, theirs = shown(seats[first].lines, first), shown(seats[other].lines, other)
        assert [x for x in mine if x.startswith("Taken back")][-1].startswith("Taken back: your play of ")
        assert [x for x in theirs if "took back" in x][-1].startswith(f"{first} took back the play of ")
        assert room.table.game.pending.player == first
        table.cancel()
        for seat in seats.values():
            assert seat.task is not None
            seat.task.cancel()

    asyncio.run(main())


def test_chat_is_cleaned_and_said_to_every_seat_that_is_in() -> None:
    room, printed = make_room()
    ann = join_messages(room, "Ann", FakeSession("ann"))
    bea = join_messages(room, "Bea", FakeSession("bea"))
    room.chat("Ann", "hi \x1b]0;title\x07there\x9b")
    assert ann.texts()[-1] == bea.texts()[-1] == printed[-1] == "Ann says: hi there"


def test_each_person_has_a_stand_in_and_each_bot_its_own_seat_before_anyone_joins() -> None:
    room, _printed = make_room()
    assert room.sessions == {} and room.joined == []
    assert set(room.stand_ins) == {"Ann", "Bea"} and set(room.remote) == {"Ann", "Bea"}
    assert list(room.table.seats) == ["Ann", "Bea", "Bot"] and list(room.bots) == ["Bot"]


def test_a_quiet_join_says_nothing_of_itself_and_undo_off_is_refused() -> None:
    async def main() -> None:
        specs = parse_seats("Ann:remote,Bea:remote", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        room = TableRoom(game, specs, 1, Language("en"), out=[].append, undo=False)
        ann = join_messages(room, "Ann", FakeSession("ann"), quiet=True)
        bea = join_messages(room, "Bea", FakeSession("bea"), quiet=True)
        assert ann.texts() == [] and bea.texts() == [] and room.everyone_in.is_set()
        table = asyncio.ensure_future(room.table.run_async())
        await settle()
        first = room.table.game.pending.player
        seat = room.people[first]
        seat.waiting.set_result([{"move": "play", "card": "Copper"}])  # an answer, as a session gives it
        await settle()
        refused = room.undo(first)
        assert refused is not None and Language("en").msg(refused) == "Undo is off at this table."
        assert Language("nl").msg(refused) == "Herstellen staat uit aan deze tafel."
        table.cancel()

    asyncio.run(main())


class ElsewhereBot:
    """A bot that thinks elsewhere: it hears no events and answers with an awaitable."""

    hears_events = False

    def __init__(self) -> None:
        self.asked = 0

    def decide(self, decision: object, view: object) -> object:
        self.asked += 1

        async def answer() -> list[object]:
            return []  # (refused: the room's tests need no legal answer)

        return answer()

    def relearn(self, events: list[object]) -> None:
        pass

    def refused(self, decision: object, message: object) -> None:
        pass


def test_bots_made_elsewhere_take_the_bot_seat_and_stand_in_for_a_person() -> None:
    specs = parse_seats("Ann:remote,Bot:medium", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    bot, stand_in = ElsewhereBot(), ElsewhereBot()
    room = TableRoom(game, specs, 1, Language("en"), out=[].append, made={"Bot": bot, "Ann": stand_in})
    assert room.table.seats["Bot"] is bot and room.bots == {}
    assert room.stand_ins["Ann"].bot is stand_in
    room.stand_ins["Ann"].tell([])  # told to the person's seat only: this bot hears no events

    async def main() -> None:
        room.stand_ins["Ann"].take_over()
        answer = room.stand_ins["Ann"].decide(room.table.game.pending, None)
        assert await answer == [] and stand_in.asked == 1 and room.stand_ins["Ann"].bot_answers == 1

    asyncio.run(main())


def test_a_servers_room_says_the_chat_to_the_seats_and_not_on_its_out() -> None:
    specs = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
    printed: list[str] = []
    room = TableRoom(game, specs, 1, Language("en"), out=printed.append, screen=False)
    ann = join_messages(room, "Ann", FakeSession("ann"))
    bea = join_messages(room, "Bea", FakeSession("bea"))
    before = list(printed)
    room.chat("Ann", "hi there")
    assert ann.texts()[-1] == bea.texts()[-1] == "Ann says: hi there"
    assert printed == before
