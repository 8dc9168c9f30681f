"""The seat protocol over SSH (``ssh NAME@HOST seat-protocol``), spoken directly.

A host runs in this test's event loop on a free loopback port; the players
are asyncssh clients that log in with the seats' passwords and the command
``seat-protocol``. Each answers its decisions with the Big Money bot, from
nothing but the decision and the view it received as JSON, and so two
remote seats and a bot play a whole game to the final scores.

Also: every message from a player is checked (bad JSON, an unknown type, a
line over 64 KiB, keys of the wrong form, an answer when nothing is asked,
a move the rules refuse), answered with one error and nothing else
changes; and no seat receives a card private to another seat: every event
private to someone else arrives with its card names as "?".
"""

from __future__ import annotations

import asyncio
import json

import pytest

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.rules.decisions import Decision, Move
from a11y_dominion.rules.events import GameEnded, name_fields
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from a11y_dominion.view import PlayerView, event_from_data
from casecheck import case_files

asyncssh = pytest.importorskip("asyncssh")

PLAYERS = "Ann:remote,Bea:remote,Bot:bigmoney"


def make_host(out: list, players: str = PLAYERS, seed: int = 3) -> GameHost:
    seats = parse_seats(players, remote=True)
    piles, events, landmarks = choose_setup(None, None, None, seed)
    game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, seed))
    return GameHost(game, seats, seed, Language("en"), out=out.append)


class Player:
    """One protocol session: what it received (lines and messages) and a way to send."""

    def __init__(self, conn, process):
        self.conn = conn
        self.process = process
        self.lines: list = []
        self.messages: list = []
        self.story: list = []

    async def next(self, kind: str | None = None, timeout: float = 10) -> dict:
        """The next message (of ``kind``, skipping others), as received."""
        while True:
            line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
            assert line, f"the session ended; received: {self.lines[-3:]}"
            assert line.endswith("\n")
            self.lines.append(line)
            message = json.loads(line)
            self.messages.append(message)
            if kind is None or message["type"] == kind:
                return message

    def send_line(self, text: str) -> None:
        self.process.stdin.write(text + "\n")

    def send(self, message: dict) -> None:
        self.send_line(json.dumps(message))


async def password_login(host: GameHost, name: str) -> asyncssh.SSHClientConnection:
    """An SSH connection to ``host`` on loopback as the seat ``name``, with the password the host
    gave it and nothing else (no keys, agent, known hosts or ssh_config)."""
    return await asyncssh.connect(
        "127.0.0.1",
        host.port,
        username=name,
        password=host.passwords[name],
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        config=None,
        preferred_auth="password",
    )


async def join(host: GameHost, name: str) -> Player:
    conn = await password_login(host, name)
    process = await conn.create_process("seat-protocol", encoding="utf-8")
    player = Player(conn, process)
    hello = await player.next()
    assert hello == {
        "type": "hello",
        "protocol": 2,
        "seat": name,
        "players": ["Ann", "Bea", "Bot"],
        "people": ["Ann", "Bea"],
        "hints": {"on": True, "think_ms": 0},  # the host's hints setting, the medium bot
    }
    story = await player.next()  # what the seat was told so far, in one piece at most 64 KiB
    assert story["type"] == "story" and story["start"] == 0
    player.story = story["events"]
    return player


async def start(tmp_path, out: list, players: str = PLAYERS):
    host = make_host(out, players)
    task = asyncio.ensure_future(host.serve("127.0.0.1", 0, None, key_dir=tmp_path))
    for _ in range(200):
        if host.port is not None:
            break
        await asyncio.sleep(0.02)
    assert host.port is not None
    return host, task


def big_money(bot, message: dict) -> dict:
    """The answer message of the Big Money bot for a decide message, from its data alone."""
    d = Decision.from_data(message["decision"])
    view = PlayerView.from_data(message["view"])
    keys = bot.decide(d, view)
    return {"type": "answer", "id": message["id"], "keys": [k.to_dict() if isinstance(k, Move) else k for k in keys]}


@pytest.mark.e2e  # ssh over the network
def test_bad_messages_get_one_error_and_the_seat_keeps_waiting(tmp_path):
    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        ann = await join(host, "Ann")
        assert ann.story == []  # nothing was told in the lobby
        assert await ann.next() == {"type": "text", "text": "Welcome, Ann. Type help for commands."}
        lobby = {"type": "text", "text": "Ann has joined; 1 seat still empty: Bea.", "keep": False}
        assert await ann.next() == lobby  # (said, not kept in the player's history)

        async def error() -> dict:
            got = await ann.next()
            assert got["type"] == "error", got
            return got

        # in the lobby nothing is asked yet
        ann.send({"type": "answer", "keys": []})
        got = await error()
        assert (got["error"], got["text"]) == ("not-asked", "Nothing is asked of you now.")
        assert got["message"] == {"msg": "Nothing is asked of you now.", "args": {}}
        bea = await join(host, "Bea")
        assert (await ann.next("text"))["text"] == "Bea has joined; every seat is taken. The game starts."
        first = await ann.next("decide")
        assert first["id"] == 1 and first["decision"]["player"] == "Ann" and first["decision"]["kind"] == "turn"
        assert first["view"]["seat"] == "Ann" and len(first["view"]["hand"]) == 5

        cases = [
            ("{not json", "bad-json", "That line is not JSON; each message is one JSON object on one line."),
            ("[1, 2]", "bad-message", "A message is a JSON object with a type field."),
            ('{"type": 7}', "bad-message", "A message is a JSON object with a type field."),
            (
                '{"type": "line", "text": "buy Gold"}',
                "unknown-type",
                "line is not a message type; the types are answer, view, say, undo, export, settings and leave.",
            ),
            (
                '{"type": "answer", "keys": [], "extra": 1}',
                "bad-fields",
                "A answer message has only these fields: id, keys, type.",
            ),
            (
                '{"type": "answer", "keys": "end"}',
                "bad-keys",
                "The keys of an answer are a list of option keys; for a turn, one move such as "
                '{"move": "buy", "card": "Silver"}.',
            ),
            ('{"type": "answer", "keys": [{"move": "fly"}]}', "bad-keys", None),
            (
                '{"type": "answer", "keys": [{"move": "end"}], "id": 99}',
                "stale",
                "That answer is for decision 99; the decision waiting is 1.",
            ),
            ("x" * (64 * 1024 + 10), "too-long", "That line is longer than 64 KiB; it was not read."),
            ('{"type": "say", "text": 7}', "bad-say", "The text of a say message is the line to say, as a string."),
            (
                '{"type": "say", "text": "hi", "to": "Bea"}',
                "bad-fields",
                "A say message has only these fields: text, type.",
            ),
        ]
        for line, code, text in cases:
            ann.send_line(line)
            got = await error()
            assert got["error"] == code, (line[:60], got)
            if text is not None:
                assert got["text"] == text
        # say: one line to every seat, without escape sequences (each dropped whole)
        ann.send({"type": "say", "text": "good \x1b[2Jluck"})
        for seat in (bea, ann):
            said = (await seat.next("text"))["text"]
            while "says" not in said:
                said = (await seat.next("text"))["text"]
            assert said == "Ann says: good luck"
        # a long line cut in pieces is still one line, refused once; an empty line is nothing
        ann.process.stdin.write("y" * 40000)
        await asyncio.sleep(0.05)
        ann.process.stdin.write("y" * 40000 + "\n\n")
        assert (await error())["error"] == "too-long"
        # a move of the right form that the rules refuse: the engine's own sentence, then the same question
        ann.send({"type": "answer", "keys": [{"move": "buy", "card": "Province"}]})
        got = await ann.next()
        assert got["type"] == "refused" and got["id"] == 1, got
        # as the console says it: her Coppers are not played yet
        assert got["text"] == (
            "Province costs 8 coins; you have 0 coins until you play the Treasures in your hand: type play treasures."
        )
        assert got["message"]["msg"] and got["message"]["args"]["card"] == "Province"
        ann.send({"type": "answer", "keys": [{"move": "play", "card": "Copper"}, {"move": "end"}]})
        assert (await ann.next())["text"] == "Make one move at a time."
        # the view is there for the asking, and nothing was played meanwhile
        ann.send({"type": "view"})
        view = await ann.next()
        assert view["type"] == "view" and view["view"]["hand"] == first["view"]["hand"]
        assert view["view"]["players"][0]["in_play"] == []
        # Bea cannot answer Ann's decision
        bea.send({"type": "answer", "keys": [{"move": "end"}]})
        assert (await bea.next("error"))["error"] == "not-asked"
        # and a good answer goes on
        ann.send({"type": "answer", "id": 1, "keys": [{"move": "treasures"}]})
        events = await ann.next()
        assert events["type"] == "events" and events["events"], events
        second = await ann.next("decide")
        coppers = first["view"]["hand"].count("Copper")
        assert second["id"] == 2 and second["view"]["turn"]["phase"] == "buy"
        assert second["view"]["players"][0]["in_play"] == ["Copper"] * coppers
        assert second["view"]["turn"]["coins"] == coppers
        bea.conn.close()
        left = "Bea has left; the game goes on until a question is Bea's."  # (Ann's question)
        assert (await ann.next("text"))["text"] == left
        host.stop()
        ann_rest = []
        while True:
            line = await asyncio.wait_for(ann.process.stdout.readline(), 10)
            if not line:
                break
            ann_rest.append(json.loads(line))
        assert ann_rest[-1] == {"type": "text", "text": "The host stopped the game.", "last": True}
        assert await asyncio.wait_for(task, 10) == 1
        ann.conn.close()

    asyncio.run(main())


@pytest.mark.e2e  # ssh over the network
def test_two_protocol_seats_and_a_bot_play_a_whole_game_and_see_nothing_private(tmp_path):
    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        players = {"Ann": await join(host, "Ann"), "Bea": await join(host, "Bea")}
        bots = {"Ann": make_bot("bigmoney", 1), "Bea": make_bot("bigmoney", 2)}
        over: dict = {}
        answers = 0

        async def play(name: str) -> None:
            nonlocal answers
            p = players[name]
            while True:
                got = await p.next(timeout=30)
                assert got["type"] not in ("error", "refused"), got
                if got["type"] == "decide":
                    assert got["decision"]["player"] == name
                    p.send(big_money(bots[name], got))
                    answers += 1
                    assert answers < 2000
                elif got["type"] == "game_over":
                    over[name] = got
                    return

        await asyncio.wait_for(asyncio.gather(play("Ann"), play("Bea")), 120)
        assert await asyncio.wait_for(task, 20) == 0
        for p in players.values():
            rest = await asyncio.wait_for(p.process.stdout.read(), 10)
            assert json.loads(rest.splitlines()[-1]) == {"type": "text", "text": "The game is over; goodbye."}
            p.conn.close()
        # the final scores, the same for both, as the host printed them
        assert over["Ann"]["scores"] == over["Bea"]["scores"]
        assert set(over["Ann"]["scores"]) == {"Ann", "Bea", "Bot"}
        assert over["Ann"]["winners"] and over["Ann"]["view"]["game_over"] is True
        assert "Game over." in out
        for name, score in over["Ann"]["scores"].items():
            assert f"{name}: {score['total']} VP (" in "\n".join(out)

        # privacy: an event private to another seat comes with every card name hidden
        for name, p in players.items():
            hidden = 0
            mine = 0
            ended = False
            for message in p.messages:
                assert message["type"] != "error"
                if message["type"] == "decide":
                    assert message["view"]["seat"] == name
                    assert message["decision"]["player"] == name
                if message["type"] != "events":
                    continue
                for data in message["events"]:
                    event = event_from_data(data)
                    ended = ended or isinstance(event, GameEnded)
                    owner = event.viewer
                    fields = name_fields(event)
                    if owner is not None and owner != name:
                        for f in fields:
                            value = data[f]
                            values = value if isinstance(value, list) else [value]
                            assert all(v in ("?", "") for v in values), (name, data)
                        hidden += 1
                    elif owner == name:
                        mine += 1
            assert ended and hidden > 20 and mine > 20, (name, hidden, mine)
            # the other seat's private draws were told to it by name, never to this seat
            other = "Bea" if name == "Ann" else "Ann"
            theirs = [
                e
                for m in players[other].messages
                if m["type"] == "events"
                for e in m["events"]
                if e.get("private_to") == other and e["type"] == "cards_drawn"
            ]
            assert theirs and all(c != "?" for e in theirs for c in e["cards"])

    asyncio.run(main())


TYPED = ["play treasures", "buy prov", "buy gold", "buy copp", "buy si", "end", "1", "2", "9", "yes", "no"]
TYPED += ["none", "pay", "pay 2", "play vil", "buy wedding", "Copper", "Estate, Copper", "pass", "0", "frob"]


def read_as_seen(game, d, view, lines) -> int:
    """Every line of ``lines`` (and the first options' labels) read at ``d``, the game's decision,
    from the game and from what a joined seat receives (``view`` and ``d`` as JSON, read into a
    :class:`Position`): the same keys or the same refusal, the same legality (membership in
    the options, against the game's own :meth:`explain_move`), the same explanation of a refused
    buy and the same completions after buy. Returns the number of lines compared."""
    from a11y_dominion.console.answers import is_legal
    from a11y_dominion.console.completion import DecisionCompleter, expand_names
    from a11y_dominion.console.position import Position
    from a11y_dominion.textinput import InputError, buy_refusal, parse_line

    lang = Language("en")
    seen = Decision.from_data(d.to_data())
    position = Position(PlayerView.from_data(view.to_data()), seen)

    def read(where, line):
        try:
            return parse_line(where, expand_names(where, line, lang), numbers=True)
        except InputError as e:
            return ("refused", str(e))

    compared = 0
    for line in [*lines, *(str(d.labels.get(o, o)) for o in d.options[:3])]:
        got = read(game, line)
        assert read(position, line) == got, (d.kind, line)
        compared += 1
        if got[0] == "refused":
            continue
        keys = got[1]
        if d.kind == "turn":
            why = game.explain_move(keys)
            assert is_legal(seen, keys) == (why is None), (line, why)
            assert buy_refusal(position, keys, why) == buy_refusal(game, keys, why), line
        else:
            assert is_legal(seen, keys) == (d.check(keys) is None), line
    words = DecisionCompleter(lambda: game, lang).candidates("buy ")
    assert DecisionCompleter(lambda: position, lang).candidates("buy ") == words
    return compared


def test_a_view_reads_typed_lines_as_the_game_does():
    """The join command, the console and an ssh seat read typed answers from the seat's view and
    decision (Position): every line reads as it reads from the whole game, over whole seeded games."""
    from a11y_dominion.table import Table
    from a11y_dominion.view import player_view

    compared = 0
    seen: set = set()

    class Checking:
        def __init__(self, name, seed):
            self.bot = make_bot("random", seed)

        def decide(self, d, view):
            nonlocal compared
            seen.add(d.kind)
            compared += read_as_seen(table.game, d, view, TYPED)
            return self.bot.decide(d, view)

    for seed in (1, 2, 3):
        piles, events, landmarks = choose_setup("random", None, None, seed)
        game = Game(GameConfig(["Ann", "Bea"], piles, events, landmarks, seed))
        table = Table(game, {"Ann": Checking("Ann", seed), "Bea": Checking("Bea", seed + 9)}, max_answers=400)
        table.run()
        assert player_view(game, "Ann").seat == "Ann"
    assert compared > 3000 and {"turn", "cards"} <= seen, (compared, seen)


@pytest.mark.parametrize(
    "path", case_files("cases") + case_files("scenarios"), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_a_view_reads_the_lines_of_every_case_and_scenario_as_the_game_does(path):
    """At every question of every rules case and scenario, the lines its script types there (and
    the usual ones) read from the seat's view and decision as from the game; the script goes on
    as the scenario runner plays it, from the game."""
    from a11y_dominion.scenario import ScriptSeat, load_scenario, split_question
    from a11y_dominion.table import StopTable, Table
    from a11y_dominion.textinput import InputError
    from casecheck import SCENARIO_KEYS, load

    game, script = load_scenario({k: v for k, v in load(path).items() if k in SCENARIO_KEYS})
    ref: list = []
    seat = ScriptSeat(ref, script)
    asked = 0

    class Checking:
        def tell(self, events):
            pass

        def decide(self, d, view):
            nonlocal asked
            lines = list(TYPED)
            if seat.line < len(script):
                try:
                    lines.append(split_question(game, script[seat.line])[1])
                except InputError:
                    pass
            asked += 1
            read_as_seen(game, d, view, lines)
            return seat.decide(d, view)

        def refused(self, d, message):
            seat.refused(d, message)

    table = Table(game, {p.name: Checking() for p in game.players})
    ref.append(table)
    try:
        table.run()
    except StopTable:
        pass
    assert asked >= min(1, len(script)), (asked, script)


def test_confirmations_from_a_seat_s_view_are_those_from_the_game():
    """The sentences around an answer (the question asked before it, what was not done after
    a no) computed from what a joined seat receives (its view and decision, as JSON) are
    those computed from the game itself, in English and Dutch, for every move listed and
    every buy the game has (legal or not) and the answers of every question, over whole
    seeded games; so are the Debt a buy takes and a refused buy's explanation."""
    from a11y_dominion.console.answers import confirmation, not_done
    from a11y_dominion.console.position import Position
    from a11y_dominion.table import Table
    from a11y_dominion.textinput import buy_refusal, debt_buy
    from a11y_dominion.view import QuickView

    langs = [Language("en"), Language("nl")]
    KINDS = {"ends": "You still have", "debt": "Buying", "unused": "Ending the turn now", "trash": "Trash"}
    compared = 0
    asked: set = set()

    def answers(game, d) -> list:
        if d.kind == "turn":
            buys = [Move.buy(name) for name in [*game.piles, *game.config.events]]
            return [[o] for o in d.options] + [[b] for b in buys if b not in d.options]
        return [[o] for o in d.options] + [[], list(d.options[: max(1, d.min)])]

    class Checking:
        def __init__(self, seed):
            self.bot = make_bot("random", seed)

        def decide(self, d, view):
            nonlocal compared
            game = table.game
            seen = Decision.from_data(d.to_data())
            wire = PlayerView.from_data(view.to_data())
            live = QuickView(game, d.player)
            for keys in answers(game, d):
                for lang in langs:
                    question = confirmation(live, d, keys, lang)
                    assert confirmation(wire, seen, keys, lang) == question, (d.kind, keys, lang.code)
                    if question is not None:
                        assert not_done(wire, seen, keys, lang) == not_done(live, d, keys, lang)
                        asked.update(kind for kind, start in KINDS.items() if question.startswith(start))
                        compared += 1
                if d.kind == "turn":
                    position = Position(wire, seen)
                    assert debt_buy(position, keys) == debt_buy(game, keys), keys
                    why = game.explain_move(keys)
                    assert buy_refusal(position, keys, why) == buy_refusal(game, keys, why), keys
            return self.bot.decide(d, view)

    for seed in (1, 2, 3, 4):
        piles, events, landmarks = choose_setup("random", None, None, seed)
        game = Game(GameConfig(["Ann", "Bea"], piles, events, landmarks, seed))
        table = Table(game, {"Ann": Checking(seed), "Bea": Checking(seed + 9)}, max_answers=400)
        table.run()
    assert compared > 2000 and asked == set(KINDS), (compared, asked)
