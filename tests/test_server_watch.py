"""Watching a table's game on the server without SSH (:mod:`a11y_dominion.server.watch`):
``watch N`` and its refusals, what a watcher hears on arrival, the public queries it may type,
``hand``, ``hint`` and moves refused in one sentence each, ``leave``; and a Dutch, terse
watcher at an English table, who hears the game in Dutch, tersely, to its end."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language
from a11y_dominion.server.tables import AFTER_GAME_LINE as AFTER_GAME
from a11y_dominion.server.watch import WATCH_COMMANDS, WatchSeat, public_view
from a11y_dominion.view import redact_all
from seatsathost import settled
from test_server_tables import make_tables, person


class WatchingSession:
    """A session that watches as the server's does (typed lines go to its watcher)."""

    def __init__(self) -> None:
        self.watching: Any = None

    def watch(self, watcher: Any) -> None:
        self.watching = watcher

    def to_lobby(self) -> None:
        self.watching = None


async def until(ready: Any) -> None:
    """Let the table's task run until ``ready()`` is true (a few loop turns; no clock)."""
    for _ in range(10000):
        if ready():
            return
        await asyncio.sleep(0)
    raise AssertionError("the table did not get there")


AFTER_NL = "Het spel is voorbij; logboek, herhaal en stand werken hier nog, en weg brengt je terug naar de lobby."


def watcher_of(account: int, name: str, language: str = "en", verbosity: str = "normal") -> Any:
    who, heard, _ = person(account, name, language)
    who.session = WatchingSession()
    who.settings["verbosity"] = verbosity
    return who, heard


def test_watch_refusals_the_arrival_the_public_queries_and_leave(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        bea, _bea_heard, _ = person(2, "Bea")
        cid, cid_heard = watcher_of(3, "Cid")
        await lobby.typed(cid, "watch")
        await lobby.typed(cid, "watch 1")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        await lobby.typed(bea, "new players 2")
        await lobby.typed(cid, "watch 2")
        await lobby.typed(ann, "watch 1")
        assert cid_heard == [
            "Type watch and a table's number, for example: watch 1.",
            "There is no table 1; type tables to hear them.",
            "Table 2 has not started; there is nothing to watch yet.",
        ]
        assert ann_heard[-1] == "You play at table 1; sit 1 goes back to your seat."
        room = tables.tables[1].room
        await until(lambda: room.people["Ann"].awaiting)  # the table asks Ann her first turn
        await settled()  # (and her console puts the question to her)
        hand = [x for x in ann_heard if x.startswith("Your hand")]
        assert hand, ann_heard
        cid_heard.clear()
        await lobby.typed(cid, "kijk 1")
        watcher = cid.session.watching
        assert isinstance(watcher, WatchSeat)
        assert cid_heard == [
            "You watch table 1: Ann and Bot 1. You hear what every player may know, never a hand. "
            "Type leave to go back.",
            "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
            "Scores now: Ann 3 VP and Bot 1 3 VP.",
        ]
        assert room.table.onlookers == [watcher.hear] and room.watchers == [watcher]
        cid_heard.clear()
        for line in ("hand", "hint", "buy Silver", "end", "undo", "options", "export"):
            assert watcher.typed(line) is None
        assert (
            cid_heard
            == ["A watcher has no hand; type status, supply or score to hear the game."]
            + ["Only the players can do that; you watch. Type help for what a watcher may type, or leave."] * 6
        )
        cid_heard.clear()
        watcher.typed("status")
        assert cid_heard == [
            "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
            "Ann has 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile.",
            "Bot 1: 0 Debt, 0 VP in tokens; 5 cards in hand, 5 cards in the deck, 0 cards in the discard pile.",
        ]
        cid_heard.clear()
        watcher.typed("score")
        assert cid_heard[:3] == [
            "Scores if the game ended now:",
            "Ann: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower).",
            "Bot 1: 3 VP (3 from cards, 0 from VP tokens and 0 from Tower).",
        ]
        for line in ("supply", "card Smithy", "trash", "landmarks", "events", "log", "repeat", "help"):
            cid_heard.clear()
            watcher.typed(line)
            assert cid_heard and not any(x.startswith("You") for x in cid_heard), (line, cid_heard)
        assert cid_heard == [
            "Watching, you may type status, supply, score, log, repeat, previous, next, card NAME, trash, landmarks "
            "and events; say TEXT reaches the players and the other watchers; who, tell NAME TEXT and tables work as "
            "in the lobby; leave goes back to the lobby."
        ]
        assert not any(hand[0].split(": ", 1)[1] in x for x in cid_heard)
        assert watcher.typed("leave") == "quit" and watcher.typed("weg") == "quit" and watcher.typed("quit") == "quit"
        cid_heard.clear()
        tables.unwatch(cid)
        assert cid_heard == ["You stop watching table 1; you are in the lobby."]
        assert cid.session.watching is None and room.table.onlookers == [] and room.watchers == []
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            ("settings terse", "settings nl"),
            "Watching, your settings are your account's, changed in the lobby: type leave, then settings terse, "
            "for example.",
        ),
        (
            "nl",
            ("instellingen beknopt", "settings en"),
            "Tijdens het kijken horen je instellingen bij je account en wijzig je ze in de lobby: typ weg, en "
            "dan bijvoorbeeld instellingen beknopt.",
        ),
    ],
)
def test_settings_typed_while_watching_say_where_they_change_and_change_nothing(
    tmp_path: Path, lang: str, lines: tuple[str, ...], said: str
) -> None:
    """The lobby's help says settings change "as at a table"; a watcher is told where they do
    (the lobby, where they are the account's), not that only the players may change them."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, _ = person(1, "Ann")
        cid, cid_heard = watcher_of(3, "Cid", lang)
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        room = tables.tables[1].room
        await until(lambda: room.people["Ann"].awaiting)
        await lobby.typed(cid, "watch 1")
        watcher = cid.session.watching
        cid_heard.clear()
        for line in lines:
            assert watcher.typed(line) is None
        assert cid_heard == [said] * len(lines)
        assert watcher.narration.verbosity == "normal" and watcher.lang.code == lang
        assert cid.settings["verbosity"] == "normal"  # the account's settings are not changed either
        await tables.close()

    asyncio.run(main())


def test_watch_commands_are_the_public_queries_and_the_history() -> None:
    assert WATCH_COMMANDS == (
        "status",
        "supply",
        "score",
        "log",
        "repeat",
        "previous",
        "next",
        "card",
        "trash",
        "landmarks",
        "events",
    )


def test_a_dutch_terse_watcher_at_an_english_table_hears_the_game_in_dutch_tersely(tmp_path: Path) -> None:
    """Ann leaves at once and the medium bot plays for her (bot-after 0) against a Big Money bot."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, _ = person(1, "Ann")
        dee, dee_heard = watcher_of(4, "Dee", "nl", "terse")
        await lobby.typed(ann, "new players 1 bots bigmoney bot-after 0 seed 3")
        table = tables.tables[1]
        await lobby.typed(dee, "kijk 1")
        arrival = len(dee_heard)
        told = dee.session.watching.told
        tables.left_game(ann)
        assert table.task is not None

        async def over() -> None:
            while not (table.room.over and dee_heard[-1] == AFTER_NL):
                await asyncio.sleep(0)

        await asyncio.wait_for(over(), 120)  # (only a game that never ends takes this long)
        assert not table.task.done()  # (the table waits for its watcher after the final scores)
        tables.unwatch(dee)  # (what the session does for weg)
        await asyncio.wait_for(table.task, 10)
        game = table.room.table.game
        nl = Language("nl")
        assert dee_heard[0] == (
            "Je kijkt aan tafel 1: Ann en Bot 1. Je hoort wat elke speler mag weten, nooit een hand. "
            "Typ weg om terug te gaan."
        )
        assert dee_heard[-2:] == [AFTER_NL, "Je kijkt niet meer aan tafel 1; je bent in de lobby."]
        assert dee_heard[arrival : arrival + 2] == [  # the table's own lines, as its players hear them
            "Ann is weggegaan; het spel wacht tot Ann terugkomt.",
            "Ann is al 0 seconden weg; de medium-bot speelt voor Ann tot Ann terugkomt.",
        ]
        said = dee_heard[arrival + 2 : -2]
        people = frozenset({"Ann"})
        events = redact_all(game.log[told:], None)
        terse = Narrator(viewer=None, verbosity="terse", lang=nl, people=people).sentences(events)
        verbose = Narrator(viewer=None, verbosity="verbose", lang=nl, people=people).sentences(events)
        english = Narrator(viewer=None, verbosity="terse", people=people).sentences(events)
        assert len(said) > 20
        assert set(said) <= set(terse), sorted(set(said) - set(terse))[:5]
        assert set(verbose) - set(terse)  # (verbose says more, which this watcher does not hear)
        assert not set(said) & (set(english) - set(terse))
        assert said[-1] == terse[-1]
        assert table.watchers == [] and table.room.table.onlookers == []
        assert public_view(game).hand == []

    asyncio.run(main())


def test_a_watcher_hears_a_player_take_back_a_play_and_goes_on_from_the_game_as_it_stands(tmp_path: Path) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, ann_session = person(1, "Ann")
        cid, cid_heard = watcher_of(3, "Cid", verbosity="verbose")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        room = tables.tables[1].room
        seat = room.people["Ann"]
        await until(lambda: seat.awaiting)  # the table asks Ann her first turn
        await lobby.typed(cid, "watch 1")
        watcher = cid.session.watching
        cid_heard.clear()
        await settled()  # (Ann's console puts the question to her)
        ann_session.held.type("play treasures")
        await until(lambda: len(room.table.game.answers) == 1 and seat.awaiting)
        assert cid_heard[:3] == ["Ann's Buy phase.", "Ann plays Copper.", "+1 coin. Ann has 1 Action, 1 Buy, 1 coin."]
        cid_heard.clear()
        await settled()
        ann_session.held.type("undo")
        await until(lambda: not room.table.game.answers and seat.awaiting)
        game = room.table.game
        assert cid_heard == ["Ann took back the play of 4 Coppers."]
        assert watcher.told == len(game.log)
        cid_heard.clear()
        watcher.typed("status")
        assert cid_heard[0] == "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins."
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("language", "word", "expected"),
    [
        (
            "en",
            "watch 1",
            [
                "Ann's turn 1, Buy phase: 1 Action, 1 Buy, 4 coins.",
                "In play: 4 Coppers.",
                "Scores now: Ann 3 VP and Bot 1 3 VP.",
                "The game waits for Ann to come back.",
            ],
        ),
        (
            "nl",
            "kijk 1",
            [
                "Beurt 1 van Ann, aanschaffase: 1 actie, 1 aanschaf, 4 munten.",
                "In het spel: 4 Koper.",
                "Stand nu: Ann 3 punten en Bot 1 3 punten.",
                "Het spel wacht tot Ann terugkomt.",
            ],
        ),
    ],
)
def test_a_watcher_who_arrives_hears_what_is_in_play_and_that_the_game_waits_for_a_player_away(
    tmp_path: Path, language: str, word: str, expected: list[str]
) -> None:
    """Cid starts to watch while Ann, who must answer in her Buy phase with 4 Coppers in play,
    is away: he hears her turn, what she has in play and that the game waits for her, as a
    player back at the table hears it, and never her hand."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, ann_session = person(1, "Ann")
        cid, cid_heard = watcher_of(3, "Cid", language)
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        room = tables.tables[1].room
        seat = room.people["Ann"]
        await until(lambda: seat.awaiting)  # the table asks Ann her first turn
        await settled()  # (Ann's console puts the question to her)
        ann_session.held.type("play treasures")
        await until(lambda: len(room.table.game.answers) == 1 and seat.awaiting)
        tables.left_game(ann)  # Ann said yes to "Leave the game at table 1?"
        await lobby.typed(cid, word)
        assert cid_heard[1:] == expected
        hand = next(x for x in ann_heard if x.startswith("Your hand"))
        assert not any(hand.split(": ", 1)[1] in x for x in cid_heard[1:])
        await tables.close()

    asyncio.run(main())


def test_after_the_final_scores_a_player_and_a_watcher_stay_until_the_player_leaves(
    tmp_path: Path, caplog: Any
) -> None:
    """Ann stays at her seat while the medium bot plays for her against a Big Money bot; Dee
    watches in Dutch. The server's log holds none of a host's words for its own screen (the
    host's wait after the game, Ctrl+C)."""

    async def main() -> None:
        tables, store, lobby = make_tables(tmp_path)
        ann, ann_heard, session = person(1, "Ann")
        dee, dee_heard = watcher_of(4, "Dee", "nl")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        table = tables.tables[1]
        await lobby.typed(dee, "kijk 1")
        room = table.room
        assert room.joined == ["Ann"]
        room.stand_ins["Ann"].take_over()

        async def over() -> None:
            while not (room.over and table.recorded):
                await asyncio.sleep(0)
            await until(lambda: ann_heard[-1] == AFTER_GAME)

        await asyncio.wait_for(over(), 120)  # (only a game that never ends takes this long)
        assert "Game over." in ann_heard
        assert dee_heard[-1] == AFTER_NL
        assert len(store.games) == 1 and tables.tables == {1: table}
        assert tables.of(1) is table and tables.game_over(ann)
        scores = table.room.table.game.scores()
        heard = len(ann_heard)
        session.held.type("score")
        await settled()
        assert ann_heard[heard] == "Final scores:"
        assert ann_heard[heard + 1].startswith(f"You: {scores['Ann']} VP (")  # (Ann's own)
        heard = len(ann_heard)
        tables.left_game(ann)  # (what the server's session does for quit after the final scores)
        assert ann_heard[heard:] == ["You leave table 1; you are in the lobby."]
        await lobby.typed(ann, "sit 1")
        assert ann_heard[-1] == "The game at table 1 is over; type games to hear it."
        await until(lambda: not table.room.joined)
        for _ in range(20):  # (the table's task looks again at who stays)
            await asyncio.sleep(0)
        assert not table.task.done() and tables.of(1) is None  # (Dee still watches; Ann is free)
        tables.unwatch(dee)  # (what the session does for weg)
        await asyncio.wait_for(table.task, 10)
        assert ann_heard[-1] == "The game at table 1 is over; type games to hear it."  # (nothing more)
        assert dee_heard[-1] == "Je kijkt niet meer aan tafel 1; je bent in de lobby."
        assert tables.tables == {} and len(store.games) == 1 and not session.held

    with caplog.at_level("INFO", logger="a11y_dominion.server"):
        asyncio.run(main())
    assert "Ann opened table 1" in caplog.text
    assert "The host" not in caplog.text and "Ctrl+C" not in caplog.text


def test_a_watcher_hears_nothing_of_the_final_clean_up_and_keeps_the_table_by_typing(tmp_path: Path) -> None:
    """Ann stays at her seat while the medium bot plays for her against a Big Money bot; Dee
    watches. The game ends with Ann's Clean-up, whose draw nobody hears; after the final scores
    Dee's typing starts the table's wait again, as a player's does, for the operator's minutes."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        tables.after_game = lambda: 120.0  # (the server's after_game_minutes = 2)
        ann, ann_heard, _session = person(1, "Ann")
        dee, dee_heard = watcher_of(4, "Dee")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        table = tables.tables[1]
        await lobby.typed(dee, "watch 1")
        room = table.room
        now = [1000.0]
        room.clock = lambda: now[0]
        room.stand_ins["Ann"].take_over()

        async def over() -> None:
            while not (room.over and table.recorded):
                await asyncio.sleep(0)
            await until(lambda: dee_heard[-1] == AFTER_GAME)

        await asyncio.wait_for(over(), 120)  # (only a game that never ends takes this long)
        assert room.after_game == 120.0
        end = dee_heard.index("Game over.")
        last_turn = max(i for i, line in enumerate(dee_heard[:end]) if line.startswith("Ann's turn "))
        # Ann's last turn in one line, as a player hears another's at normal
        assert (
            dee_heard[end - 1]
            == "Ann played 2 Coppers, 2 Golds and Silver, bought Province. The Province pile is empty."
        )
        assert not [line for line in dee_heard[last_turn:] if " draws " in line]
        assert dee_heard[end + 1 :] == [
            "Ann: 50 VP (48 from cards, 2 from VP tokens and 0 from Tower).",
            "Bot 1: 30 VP (30 from cards, 0 from VP tokens and 0 from Tower).",
            "Ann wins.",
            AFTER_GAME,
        ]
        assert room.typed_at == 1000.0
        now[0] = 1100.0
        assert dee.session.watching.typed("score") is None
        assert dee_heard[-5:-3] == ["Final scores:", "Ann: 50 VP (48 from cards, 2 from VP tokens and 0 from Tower)."]
        assert dee_heard[-1] == "Ann wins."  # (a watcher is no player: who won, by name)
        assert room.typed_at == 1100.0  # (the wait of 2 minutes starts again from Dee's line)
        tables.left_game(ann)
        tables.unwatch(dee)
        await asyncio.wait_for(table.task, 10)

    asyncio.run(main())


def test_the_players_and_watchers_chat_reaches_them_and_never_the_servers_log(tmp_path: Path, caplog: Any) -> None:
    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, ann_heard, _ = person(1, "Ann")
        cid, cid_heard = watcher_of(3, "Cid")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        room = tables.tables[1].room
        await until(lambda: room.people["Ann"].awaiting)
        await settled()
        await lobby.typed(cid, "watch 1")
        room.chat("Ann", "my secret plan")
        room.chat("Cid", "nice province", watching=True)
        await settled()
        assert "Ann says: my secret plan" in cid_heard and "Cid, watching, says: nice province" in cid_heard
        assert "Cid, watching, says: nice province" in ann_heard
        await tables.close()

    with caplog.at_level("INFO", logger="a11y_dominion.server"):
        asyncio.run(main())
    logged = caplog.text
    assert "secret plan" not in logged and "nice province" not in logged


def test_watchers_hear_a_player_leave_the_game_and_come_back_in_their_own_language(tmp_path: Path) -> None:
    """Ann leaves her game at its first question and sits back down: Cid, watching in English,
    and Dee, watching in Dutch, hear each, as the players at the table do."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, _ = person(1, "Ann")
        cid, cid_heard = watcher_of(3, "Cid")
        dee, dee_heard = watcher_of(4, "Dee", "nl")
        await lobby.typed(ann, "new players 1 bots bigmoney seed 3")
        room = tables.tables[1].room
        await until(lambda: room.people["Ann"].awaiting)  # the table asks Ann her first turn
        await lobby.typed(cid, "watch 1")
        await lobby.typed(dee, "kijk 1")
        cid_heard.clear()
        dee_heard.clear()
        tables.left_game(ann)  # Ann said yes to "Leave the game at table 1?"
        assert cid_heard == ["Ann has left; the game waits for Ann to come back."]
        assert dee_heard == ["Ann is weggegaan; het spel wacht tot Ann terugkomt."]
        await lobby.typed(ann, "sit 1")
        assert cid_heard[1:] == ["Ann is back."]
        assert dee_heard[1:] == ["Ann is terug."]
        await tables.close()

    asyncio.run(main())


@pytest.mark.parametrize(
    "language, word, turns",
    [
        (
            "en",
            "watch",
            [
                "Ann played 4 Coppers, bought Wedding, took 3 Debt for it, gained 1 VP from Wedding, gained Gold.",
                "Bot 1, turn 1: played 3 Coppers, bought Silver.",
                "Ann's turn 2.",
            ],
        ),
        (
            "nl",
            "kijk",
            [
                "Ann speelde 4 Koper, kocht Bruiloft, nam er 3 schuld voor, kreeg 1 punt van Bruiloft, pakte Goud.",
                "Bot 1, beurt 1: speelde 3 Koper, kocht Zilver.",
                "Beurt 2 van Ann.",
            ],
        ),
    ],
)
def test_a_watcher_at_normal_hears_each_turn_in_one_line_as_a_player_hears_another_s(
    tmp_path: Path, language: str, word: str, turns: list[str]
) -> None:
    """Ann leaves at once and the medium bot plays for her against a Big Money bot; Dee watches at
    normal and hears each turn as a player hears another's: one summary line (a person's turn
    start told at once, a bot's in its summary), no play by play with figures."""

    async def main() -> None:
        tables, _store, lobby = make_tables(tmp_path)
        ann, _ann_heard, _ = person(1, "Ann")
        dee, dee_heard = watcher_of(4, "Dee", language)
        await lobby.typed(ann, "new players 1 bots bigmoney bot-after 0 seed 3")
        table = tables.tables[1]
        await lobby.typed(dee, f"{word} 1")
        tables.left_game(ann)
        await until(lambda: len(dee_heard) >= 8)
        assert dee_heard[5:8] == turns  # (after the arrival, Ann's turn 1, the scores and her leaving)
        tables.unwatch(dee)
        assert table.task is not None
        table.task.cancel()

    asyncio.run(main())
