"""Faults a fresh-user trial of a mixed table found (a player at the host's keyboard, one over
plain ``ssh``, one through ``join`` and a bot), each with the outcome it has now, in English and
Dutch where there is wording. Each test builds what the seat is given as the host gives it."""

from __future__ import annotations

import pytest

from a11y_dominion.console.narration import Narration
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.view import redact_all


def carls_turn(number: int) -> tuple[list[ev.GameEvent], list[ev.GameEvent]]:
    """Carl's turn as the engine makes it: (its start, before he acts; the rest: 3 Coppers
    played, Silver bought, the Clean-up)."""
    start: list[ev.GameEvent] = [
        ev.TurnStarted("Carl", number, 2 * number - 1),
        ev.PhaseChanged("Carl", "action"),
    ]
    rest: list[ev.GameEvent] = [ev.PhaseChanged("Carl", "buy")]
    for coins in (1, 2, 3):
        rest += [
            ev.CardPlayed("Carl", "Copper", source="hand"),
            ev.ResourcesChanged("Carl", 1, 1, coins, d_coins=1, source="Copper"),
        ]
    rest += [
        ev.CardBought("Carl", "Silver", 3, 0, "Silver", 37),
        ev.CardGained("Carl", "Silver", "Silver", "discard", bought=True, pile_left=37),
        ev.PhaseChanged("Carl", "cleanup"),
        ev.CardsDiscarded("Carl", ("Copper", "Copper", "Copper"), "in_play"),
        ev.CardsDiscarded("Carl", ("Estate", "Estate"), "hand", private_to="Carl"),
        ev.CardsDrawn("Carl", ("Copper",) * 5, 5, private_to="Carl"),
    ]
    return start, rest


def ann_hears(lang: str, change_at: str | None) -> list[str]:
    """What Ann hears of Carl's turn, to the start of hers: she sets terse at ``change_at``
    ("start": after his turn's start, before he acts; "login": before it; None: never)."""
    said: list[str] = []
    seat = Narration("Ann", Language(lang), print_fn=lambda text, style=None: said.append(text))
    seat.meet(frozenset({"Carl", "Ann"}))
    seat.at_keyboard = True
    start, rest = carls_turn(5)
    if change_at == "login":
        seat.change("verbosity", "terse")
    seat.tell(redact_all(start, "Ann"))
    if change_at == "start":
        seat.change("verbosity", "terse")
    seat.tell(redact_all([*rest, ev.TurnStarted("Ann", 5, 10)], "Ann"))
    return said


# ------------------------------------------------------------------ 1. terse switched on mid-turn
@pytest.mark.parametrize(
    "lang, start, bought, mine",
    [
        ("en", "Carl's turn 5.", "Carl buys Silver.", "Your turn 5."),
        ("nl", "Beurt 5 van Carl.", "Carl koopt Zilver.", "Jouw beurt 5."),
    ],
)
def test_terse_set_in_another_players_turn_says_the_buy_and_not_that_the_turn_did_nothing(lang, start, bought, mine):
    assert ann_hears(lang, "start") == [start, bought, mine]  # (not "Carl ended their turn without ...")
    assert ann_hears(lang, "login") == [bought, mine]  # the whole turn at terse: the buy, the same way


# ------------------------------------------------------------------ 2. a bare export at an ssh seat
def test_a_bare_export_at_an_ssh_seat_says_at_once_how_many_lines_and_how_to_get_them(tmp_path):
    pytest.importorskip("asyncssh")
    from test_host_export import run

    async def body(host, ann, cid) -> None:
        said = await ann.typed(f"export {tmp_path / 'game.txt'}")
        assert said[0].startswith("An SSH session cannot write a file on your computer; the export has ")
        assert await ann.typed("export") == said  # the same sentence, not "Export needs a file name"
        await ann.typed("settings language nl")
        said = await ann.typed("exporteer")
        assert len(said) == 1 and said[0].startswith("Een SSH-sessie kan geen bestand op jouw computer schrijven; ")
        # at the host's own terminal, which writes files, a bare export still asks for the name
        assert await cid.typed("export") == ["Export needs a file name, for example export game.txt."]

    run(body)


# ------------------------------------------------------------------ 3. join's speech notice and the password
@pytest.mark.e2e
@pytest.mark.posix
def test_joins_speech_notice_is_on_its_own_line_before_the_password_prompt(tmp_path):
    """The speech output named in the settings answers only after the connect time limit (a
    speech-dispatcher socket that never replies, when the speechd module is there): its sentence
    comes on a line of its own before the password is asked, at a first visit and at the next."""
    import json
    import os
    import socket
    import subprocess

    pexpect = pytest.importorskip("pexpect")
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("a speech-dispatcher socket is a Unix socket")
    from test_join import ROOT, host_command, join_command

    seats = tmp_path / "host-seats.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "host-data"), PYTHONPATH=str(ROOT))
    host = subprocess.Popen(
        [*host_command(), "--seats-file", str(seats)],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # accepts, never answers
    silent.bind(str(tmp_path / "speechd.sock"))
    silent.listen(4)
    (tmp_path / "settings.json").write_text(json.dumps({"output": "speech-dispatcher"}))
    player = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "player-data"),
        A11Y_DOMINION_CONFIG=str(tmp_path / "settings.json"),
        SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'speechd.sock'}",
        TERM="dumb",
        PYTHONPATH=str(ROOT),
    )
    try:
        while not seats.exists():  # (the host writes it once it listens)
            assert host.poll() is None
            __import__("time").sleep(0.05)
        data = json.loads(seats.read_text())
        cmd = join_command(data["host"], "--port", str(data["port"]), "--user", "Bea", "--lang", "nl")
        cmd += ["--speech", "self-voicing"]
        for visit in ("first", "again"):
            bea = pexpect.spawn(cmd[0], cmd[1:], env=player, encoding="utf-8", timeout=60, dimensions=(50, 200))
            try:
                bea.expect("Wachtwoord van de plaats Bea bij 127.0.0.1: ")
                before = bea.before.replace("\r", "").split("\n")
                notice = [x for x in before if x.startswith("Spraak: ")]
                assert notice and notice[0].startswith("Spraak: speech-dispatcher is niet beschikbaar"), (visit, before)
                assert before[-2].startswith(("Eerste bezoek", "De hostsleutel")) and before[-1] == "", (visit, before)
                bea.sendline(data["seats"]["Bea"]["password"])
                bea.expect("Verbonden met 127.0.0.1 poort")
                assert "Spraak: " not in bea.before  # said once
            finally:
                bea.close(force=True)
    finally:
        silent.close()
        host.terminate()
        host.wait(10)


# ------------------------------------------------------------------ 4. an answer to one's own buy and end at terse
@pytest.mark.parametrize(
    "lang, bought, ended",
    [("en", "You buy Silver.", "Turn ended."), ("nl", "Je koopt Zilver.", "Beurt beëindigd.")],
)
@pytest.mark.parametrize("verbosity", ["terse", "normal"])
def test_ones_own_buy_and_end_are_answered_at_every_verbosity(lang, bought, ended, verbosity):
    """Carl's own moves, as his seat hears them: his buy by name, and his end by "Turn ended."
    at terse (where his draw is not told), by his draw at normal."""
    said: list[str] = []
    seat = Narration("Carl", Language(lang), verbosity, print_fn=lambda text, style=None: said.append(text))
    seat.meet(frozenset({"Carl", "Ann"}))
    seat.at_keyboard = True
    start, rest = carls_turn(5)
    seat.tell(start)
    buy = rest.index(next(e for e in rest if isinstance(e, ev.CardBought)))
    end = rest.index(ev.PhaseChanged("Carl", "cleanup"))
    seat.tell(rest[:buy])
    said.clear()
    seat.tell(rest[buy:end])
    assert said == [bought]
    said.clear()
    seat.tell([*rest[end:], ev.TurnStarted("Ann", 5, 10)])
    drew = {"en": "You draw 5 Coppers.", "nl": "Je trekt 5 Koper."}[lang]
    assert said == ([ended] if verbosity == "terse" else [drew, said[-1]])


# ------------------------------------------------------------------ 5. undo at Capital's question in the Clean-up
def test_undo_at_capitals_debt_question_after_end_takes_the_end_back():
    """Carl played Capital and typed end: Capital, discarded from play, asks how much Debt he
    pays. Nothing new was told to him (his hand's discard is his own hand), so undo takes the
    end back to his Buy phase; once his turn is over, undo is refused."""
    from a11y_dominion.console.persistence import UndoRefused, take_back
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.record import make_record
    from a11y_dominion.rules.decisions import Move, MoveKind
    from a11y_dominion.rules.game import Game, GameConfig

    piles, _events, landmarks = choose_setup("advanced-intro", None, None, 1)
    game = Game(GameConfig(["Carl", "Ann"], piles, ["Triumph", "Donate"], landmarks, seed=1))
    game.start()

    def plays(name: str) -> bool:
        """One turn of ``name`` (Carl buys Capital at 5 coins, else Silver); True, with nothing
        done, at Carl's turn with Capital in his hand."""
        assert game.pending is not None and game.pending.player == name
        if name == "Carl" and "Capital" in [c.name for c in game.player(name).hand]:
            return True
        game.answer([Move(MoveKind.TREASURES)])
        if game.turn.coins >= 3:
            game.answer([Move(MoveKind.BUY, "Capital" if name == "Carl" and game.turn.coins >= 5 else "Silver")])
        game.answer([Move(MoveKind.END)])
        return False

    while not plays("Carl"):
        plays("Ann")
    game.answer([Move(MoveKind.TREASURES)])
    game.answer([Move(MoveKind.END)])
    asked = game.pending
    assert asked is not None and asked.player == "Carl" and asked.template.startswith("{player}, Capital: you have")
    back, taken = take_back(make_record(game), game, "Carl")
    assert back.pending.kind == "turn" and back.pending.player == "Carl" and back.turn.phase == "buy"
    assert ev.CardsDiscarded("Carl", tuple(c.name for c in back.player("Carl").hand), "hand", "Carl") in taken
    game.answer(["0"])  # no Debt paid now: the Clean-up draws Carl's next hand, and Ann's turn starts
    with pytest.raises(UndoRefused) as refused:
        take_back(make_record(game), game, "Carl")
    assert refused.value.args[0].template == "Undo takes back only your answers in your own turn."


# ------------------------------------------------------------------ 6. the host's seat after the final scores
def test_the_hosts_seat_after_the_game_has_its_prompt_says_quit_closes_the_table_and_score_names_the_winner(
    tmp_path, monkeypatch
):
    """Carl at the host's terminal buys the last Province and ends: after the final scores his
    prompt comes back, a line says that quit closes the table, and score says who won, as Bea's
    (an ssh seat) does in her words."""
    pytest.importorskip("asyncssh")
    import asyncio

    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats
    from seatsathost import SeatAt, settled, shown

    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    specs = parse_seats("Carl:human,Bea:remote", remote=True)
    piles, events, landmarks = choose_setup("basic-intro", None, None, 11)
    game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 11))
    game.players[0].hand = [game.new_card("Gold") for _ in range(5)]
    game.piles["Province"].cards = game.piles["Province"].cards[:1]  # the last Province: the game ends
    host = GameHost(game, specs, 11, Language("en"), out=[].append, after_game=600)

    async def main() -> None:
        seats = {name: SeatAt(host, name) for name in ("Carl", "Bea")}
        for seat in seats.values():
            seat.start()

        async def table() -> None:
            await host.everyone_in.wait()
            await host.table.run_async()
            await host.after_the_game()

        running = asyncio.ensure_future(table())
        await settled()
        carl, bea = seats["Carl"], seats["Bea"]
        try:
            await carl.typed("play treasures")
            await carl.typed("buy Province")
            start = len(carl.lines)
            said = await carl.typed("end")
            assert said[-2:] == [
                "You win.",
                "The game is over. You may stay: log, repeat, score and export work here; "
                "type quit to close the table.",
            ]
            assert "".join(carl.lines[start:]).endswith("Carl> ")  # the prompt is back
            score = await carl.typed("score")
            assert score[0] == "Final scores:" and score[-1] == "You win."
            await bea.typed("settings language nl")
            score = await bea.typed("stand")
            assert score[0] == "Eindstand:" and score[-1] == "Carl wint."
            assert "".join(bea.lines).endswith("Bea> ")
            start = len(carl.lines)
            await bea.typed("stoppen")  # every remote player has left: Carl, who typed nothing, stays
            assert shown(carl.lines[start:], "Carl") == ["Bea has left."]
            assert not host.stopped.is_set() and not running.done()
            # one sentence at the host's own seat (its screen is the host's): not a second one for the host
            assert await carl.typed("quit") == ["The host closed the table; goodbye."]
            assert host.stopped.is_set()
        finally:
            running.cancel()
            for seat in seats.values():
                if seat.task is not None:
                    seat.task.cancel()

    asyncio.run(main())


# ------------------------------------------------------------------ 7. a rejoin in another player's turn
@pytest.mark.parametrize(
    "lang, welcome, asked",
    [
        ("en", "Welcome back, Bea. The game goes on.", "Carl must answer now, in the Buy phase."),
        ("nl", "Welkom terug, Bea. Het spel gaat verder.", "Carl moet nu antwoorden, in de aanschaffase."),
    ],
)
def test_a_seat_back_in_another_players_turn_hears_its_phase(lang, welcome, asked):
    """Bea left in her turn 1 and comes back while Carl answers in his Buy phase: the start of
    his turn is among the events her program tells, and the host's last line says who answers
    and in which phase."""
    pytest.importorskip("asyncssh")
    import asyncio

    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats
    from seatsathost import join_messages, settled

    async def main() -> list[str]:
        specs = parse_seats("Bea:remote,Carl:remote", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        host = GameHost(game, specs, 1, Language("en"), out=[].append)
        carl = join_messages(host, "Carl", "carl")
        join_messages(host, "Bea", "bea")
        host.people["Bea"].lang = Language(lang)
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        host.leave("Bea", "bea")  # at her own question: the medium bot ends her turn, and Carl's starts
        host.stand_ins["Bea"].take_over()
        await settled()
        asked = next(m for m in reversed(carl) if m["type"] == "decide")
        move = {"move": "treasures"}
        answer = {"type": "answer", "id": asked["id"], "keys": [move]}
        host.people["Carl"].outlet.received(__import__("json").dumps(answer))
        await settled()
        back = join_messages(host, "Bea", "bea 2")
        table.cancel()
        return back.texts()

    said = asyncio.run(main())
    assert said[0] == welcome and said[-1] == asked


# ------------------------------------------------------------------ 9. one order of the cards played
@pytest.mark.parametrize(
    "lang, own, other",
    [
        ("en", "You play 3 Coppers and 2 Silvers.", "Ann played 3 Coppers and 2 Silvers, bought Gold."),
        ("nl", "Je speelt 3 Koper en 2 Zilver.", "Ann speelde 3 Koper en 2 Zilver, kocht Goud."),
    ],
)
def test_treasures_played_are_named_in_one_order_at_every_seat(lang, own, other):
    """Ann plays her Treasures (the Silvers first): she and every other seat hear them in the
    order a hand is read."""
    events: list[ev.GameEvent] = [ev.TurnStarted("Ann", 3, 5), ev.PhaseChanged("Ann", "buy")]
    coins = 0
    for card, value in (("Silver", 2), ("Silver", 2), ("Copper", 1), ("Copper", 1), ("Copper", 1)):
        coins += value
        events += [
            ev.CardPlayed("Ann", card, source="hand"),
            ev.ResourcesChanged("Ann", 1, 1, coins, d_coins=value, source=card),
        ]
    bought = [ev.CardBought("Ann", "Gold", 6, 1, "Gold", 29), ev.PhaseChanged("Ann", "cleanup")]
    heard: dict[str, list[str]] = {"Ann": [], "Carl": []}
    for name in heard:
        seat = Narration(name, Language(lang), print_fn=lambda text, style=None, name=name: heard[name].append(text))
        seat.meet(frozenset({"Carl", "Ann"}))
        seat.at_keyboard = True
        seat.tell(events)
        seat.tell([*bought, ev.TurnStarted("Carl", 3, 6)])
    assert own in heard["Ann"]
    assert other in heard["Carl"]


# ------------------------------------------------------------------ 10. Arena's discard
@pytest.mark.parametrize(
    "lang, summary",
    [
        (
            "en",
            "Carl discarded Settlers, took 2 VP from Arena (22 left), played 2 Coppers and Silver, bought Gold; "
            "now 5 VP tokens.",
        ),
        (
            "nl",
            "Carl legde Kolonisten af, nam 2 punten van Arena (nog 22), speelde 2 Koper en Zilver, kocht Goud; "
            "nu 5 overwinningspuntenfiches.",
        ),
    ],
)
def test_an_action_card_discarded_for_arena_is_in_the_turns_summary(lang, summary):
    """Carl discards Settlers at the start of his Buy phase to take 2 VP from Arena: a discard
    every player sees, told in its place in his turn's summary."""
    events: list[ev.GameEvent] = [
        ev.TurnStarted("Carl", 7, 13),
        ev.PhaseChanged("Carl", "action"),
        ev.PhaseChanged("Carl", "buy"),
        ev.CardsDiscarded("Carl", ("Settlers",), "hand"),
        ev.VPTokensMoved(2, "landmark", "Arena", "player", "Carl", source_left=22, target_total=5),
    ]
    coins = 0
    for card, value in (("Silver", 2), ("Copper", 1), ("Copper", 1)):
        coins += value
        events += [
            ev.CardPlayed("Carl", card, source="hand"),
            ev.ResourcesChanged("Carl", 1, 1, coins, d_coins=value, source=card),
        ]
    events += [
        ev.CardBought("Carl", "Gold", 6, 0, "Gold", 29),
        ev.PhaseChanged("Carl", "cleanup"),
        ev.CardsDiscarded("Carl", ("Copper", "Copper", "Silver"), "in_play"),
        ev.CardsDiscarded("Carl", ("Estate",), "hand", private_to="Carl"),
        ev.TurnStarted("Ann", 7, 14),
    ]
    said: list[str] = []
    seat = Narration("Ann", Language(lang), print_fn=lambda text, style=None: said.append(text))
    seat.meet(frozenset({"Carl", "Ann"}))
    seat.at_keyboard = True
    seat.tell(redact_all(events, "Ann"))
    assert said[1] == summary


# ------------------------------------------------------------------ 11. alike: costs in the Supply, the speech's name
@pytest.mark.parametrize(
    "lang, silver, smith",
    [
        ("en", "Silver: 3 coins, 40 left.", "Royal Blacksmith: 8 Debt, 10 left."),
        ("nl", "Zilver: 3 munten, nog 40.", "Koninklijke smid: 8 schuld, nog 10."),
    ],
)
def test_supply_says_a_debt_cost_as_it_says_a_coin_cost(lang, silver, smith):
    from a11y_dominion.console import queries as q
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    piles, _events, landmarks = choose_setup("advanced-intro", None, None, 1)
    game = Game(GameConfig(["Carl", "Ann"], piles, ["Triumph", "Donate"], landmarks, seed=1))
    game.start()
    view = player_view(game, "Carl")
    lines = q.supply_lines(view, Language(lang))
    assert silver in lines and smith in lines


class _SpeechDispatcherThroughLibrary:
    """accessible_output2's speech-dispatcher output that is there (nothing is spoken: no sound)."""

    @staticmethod
    def make():
        from a11y_dominion.announcements.speech.ao2 import AO2Output

        class There(AO2Output):
            def available(self) -> bool:
                return True

        return There("speech_dispatcher", platform="linux")


@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "Speech: speech-dispatcher works, but no sound can be heard (no sound device was found); "
            "the game goes on in text.",
        ),
        (
            "nl",
            "Spraak: speech-dispatcher werkt, maar er is geen geluid te horen (er is geen geluidsapparaat gevonden); "
            "het spel gaat verder in tekst.",
        ),
    ],
)
def test_the_speech_notice_names_speech_dispatcher_as_a_player_knows_it(lang, said):
    """The host's own seat speaks through accessible_output2's speech-dispatcher, join through
    the speech-dispatcher client: both notices name speech-dispatcher alone."""
    from a11y_dominion.announcements.speech import Speaker

    told: list[str] = []
    output = _SpeechDispatcherThroughLibrary.make()
    assert output.name == "accessible_output2 speech-dispatcher"  # (the name the output setting knows)
    speaker = Speaker(
        "self-voicing",
        outputs=[output],
        print_fn=told.append,
        sound_check=lambda: "no sound device was found",
        translate=Language(lang).text,
    )
    speaker.describe()
    assert told == [said]
