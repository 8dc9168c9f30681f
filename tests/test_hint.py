"""The console's hint: the move the hard bot (medium at --think-ms 0) would
make, with one sentence of why, in English and Dutch; it never changes the
game; it reads only the asking seat's view; the hints setting turns it off."""

from __future__ import annotations

import copy
import json
import random

import pytest

from a11y_dominion.bots.hint import advise
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.console.hint import move_words
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import random_setup
from a11y_dominion.record import make_record
from a11y_dominion.rules.decisions import Kind, Move, MoveKind
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.table import Table
from a11y_dominion.view import event_data, player_view, redact_all
from test_bots import _shuffled_copy
from test_console import session, state

MOVES = "play treasures\rend\r" * 8


def _with_hints(script: str) -> str:
    return "".join("hint\r" + line + "\r" for line in script.split("\r") if line)


def _hints(lines: list) -> list:
    starts = ("End the", "Buy ", "Play ", "Pay ", "Beëindig", "Koop ", "Speel ", "Betaal ")
    return [x for x in lines if x.startswith(starts) and ": " in x and "coins" not in x.split(": ")[0]]


def test_first_hints_in_english():
    console, code, lines = session("hint\rplay treasures\rhint\r", "--think-ms", "0")
    assert code == 1  # the piped lines end before the game: stopped
    assert "End the Action phase: you have no Action card to play." in lines
    assert "End your turn: your plan, money with Sacrifice and Forum, buys nothing with 2 coins." in lines


def test_first_hints_in_dutch():
    console, code, lines = session("hint\rspeel geldkaarten\rhint\r", "--think-ms", "0", "--lang", "nl")
    assert code == 1
    assert "Beëindig de actiefase: je hebt geen actiekaart om te spelen." in lines
    assert "Beëindig je beurt: je plan, geld met Offer en Forum, koopt niets met 2 munten." in lines


@pytest.mark.parametrize("think", ["0", "40"])
def test_hints_change_neither_the_game_nor_its_record(think):
    plain, code, _ = session(MOVES, "--think-ms", think)
    hinted, code2, lines = session(_with_hints(MOVES), "--think-ms", think)
    assert code == code2 == 1  # stopped when the lines end
    assert len(_hints(lines)) >= 10
    assert state(hinted.game) == state(plain.game)
    assert [event_data(e) for e in hinted.game.log] == [event_data(e) for e in plain.game.log]
    assert json.dumps(make_record(hinted.game)) == json.dumps(make_record(plain.game))


def test_hints_off_in_the_settings(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"hints": False}))
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    _, _, lines = session("hint\r")
    assert "Hints are off in the settings; settings set hints on turns them on." in lines
    assert not _hints(lines)
    _, _, lines = session("tip\r", "--lang", "nl")
    assert "Tips staan uit in de instellingen; instellingen zet tips aan schakelt ze in." in lines


def test_the_hints_setting(tmp_path, monkeypatch, capsys):
    from a11y_dominion.cli import main

    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    assert main(["settings", "set", "hints", "off"]) == 0
    assert capsys.readouterr().out == f"Saved hints: off in {path}.\n"
    assert json.loads(path.read_text())["hints"] is False
    assert main(["settings", "set", "hints", "maybe"]) == 2
    assert capsys.readouterr().err == "a11y-dominion: hints must be on or off.\n"
    assert main(["settings"]) == 0
    assert "hints: off" in capsys.readouterr().out.splitlines()


def _positions(seed: int, most: int = 30):
    """(game, config, decision, told events) at some decisions of a medium game."""
    k, e, lm = random_setup(random.Random(seed))
    config = GameConfig(["Ann", "Bob"], k, e, lm, seed)
    game = Game(config)
    bots = {"Ann": MediumBot(seed), "Bob": MediumBot(seed + 1)}
    table = Table(game, bots)
    game.start()
    n = 0
    while game.pending is not None and n < most * 5:
        table.deliver()
        d = game.pending
        if n % 5 == 0:
            yield game, config, d, table.events_for(d.player)
        game.answer(bots[d.player].decide(d, table.view(d.player)))
        n += 1


def test_a_hint_reads_only_the_seat_s_view():
    """Dealing every card the asking seat cannot see anew changes neither its
    view, the events it was told, nor the hint; and every kind of question gets a reason."""
    rng = random.Random(1)
    kinds = set()
    for seed in (2, 3, 4):
        for game, config, d, told in _positions(seed):
            other = _shuffled_copy(config, list(game.answers), d.player, rng)
            v1 = player_view(game, d.player, scores=False)
            v2 = player_view(other, d.player, scores=False)
            assert v1.to_data() == v2.to_data()
            told2 = redact_all(other.log, d.player)
            assert [event_data(e) for e in told] == [event_data(e) for e in told2]
            a1, r1 = advise(d, v1, told, think_ms=0, seed=5)
            a2, r2 = advise(other.pending, v2, told2, think_ms=0, seed=5)
            assert (a1, str(r1)) == (a2, str(r2))
            assert str(r1).endswith(".") and "{" not in str(r1)
            words = move_words(v1, d, a1, Language("en"))
            assert words and words[0].isupper()
            kinds.add(d.kind)
    assert Kind.TURN in kinds


def test_hard_hint_says_what_the_rollouts_found():
    """When the hard bot's rollouts overrule medium, the reason gives their figures and names
    the choice they beat (the rollouts' results fixed here: the other buy wins 9 of 10)."""
    from a11y_dominion.bots import hard
    from a11y_dominion.bots.hard import HardBot

    class Fixed(HardBot):
        """The hard bot whose rollouts, once ``target`` is set, give 0.9 for ``target`` and 0.1 for
        any other buy (a class of its own: a compiled bot's methods cannot be replaced on the bot)."""

        target: Move | None = None

        def rollout(self, view, owned, move, seed, deadline=None):
            if self.target is None:
                return super().rollout(view, owned, move, seed, deadline)
            return 0.9 if move == self.target else 0.1

    for game, _config, d, told in _positions(6, most=60):
        view = player_view(game, d.player, scores=False)
        if d.kind is not Kind.TURN or view.turn.phase != "buy" or view.turn.coins < 3:
            continue
        medium = MediumBot(3)
        medium.tell(told)
        (usual,) = medium.decide(d, view)
        others = [m for m in d.options if m.kind is MoveKind.BUY and m != usual]
        for target in (others[0], Move(MoveKind.END)):
            if target == usual:
                continue
            bot = Fixed(3, rollouts=12)
            bot.tell(told)
            bot.decide(d, view)  # its plan and what it knows, as at a hint
            bot.target = target
            before = copy.deepcopy(view.to_data())
            assert bot.search(view, [usual, target], usual) == target
            assert view.to_data() == before
            reason = str(bot.reason)
            other = f"buying {usual.name} instead" if usual.kind is MoveKind.BUY else "buying nothing"
            # the search stops once the other buy is clearly better: after its first rounds, each of two rollouts
            games = 2 * hard.MIN_ROUNDS
            assert reason == f"In {games} games played out from here, this won 90 %, and {other} 10 %."
        return
    raise AssertionError("no Buy phase with 3 coins or more in the first games")


def test_a_hint_thinks_at_most_400_ms(monkeypatch):
    """hint's hard bot thinks at most 400 ms (by its own clock, a counted one here that moves
    1 ms at each read) whatever --think-ms says above that; a lower --think-ms bounds it more,
    and 0 lets medium answer."""
    import itertools

    from a11y_dominion.bots import hard as hard_module
    from a11y_dominion.bots import hint as hint_module

    ticks = itertools.count()
    monkeypatch.setattr(hard_module, "clock", lambda: next(ticks) / 1000.0)
    made: list = []

    class Recorded(hard_module.HardBot):
        def __init__(self, seed, think_ms=None):
            super().__init__(seed, think_ms=think_ms)
            made.append(self)

    monkeypatch.setattr(hint_module, "HardBot", Recorded)
    searched = []
    for game, _config, d, told in _positions(6, most=60):
        view = player_view(game, d.player, scores=False)
        if d.kind is not Kind.TURN or view.turn.phase != "buy" or view.turn.coins < 5:
            continue
        for think, bound in ((None, 400), (5000, 400), (100, 100), (0, None)):
            made.clear()
            advise(d, view, told, think_ms=think, seed=3)
            if bound is None:
                assert made == []  # medium answered
                continue
            assert [b.think_ms for b in made] == [bound]
            if made[0].last_search:
                assert made[0].last_search["seconds"] <= bound / 1000 + 0.005
                searched.append(think)
    assert None in searched and 5000 in searched


def _said(bot, d, view, answer, lang="en") -> str:
    from a11y_dominion.console.hint import hint_words

    return hint_words(view, d, answer, bot.explain(view, d, answer), Language(lang))


def test_reasons_for_buys_bids_and_trashing():
    from a11y_dominion.rules.decisions import Decision, Purpose
    from test_bots import START, position

    bot, d, view = position([], 6, START + ["Silver"] * 2, provinces=7)
    answer = bot.decide(d, view)
    assert _said(bot, d, view, answer) == "Buy Gold: 6 coins, and 7 Provinces are still left."
    assert _said(bot, d, view, answer, "nl") == "Koop Goud: 6 munten, en er zijn nog 7 Provincies over."
    bot, d, view = position([], 5, START + ["Gold"] * 4, provinces=3)
    answer = bot.decide(d, view)
    assert _said(bot, d, view, answer) == (
        "Buy Duchy: only 3 Provinces are left, so Victory points count more than money now."
    )
    bot, d, view = position(["Mountain Pass"], 8, START + ["Gold"] * 4)
    bid = Decision("Bot", Kind.NUMBER, Purpose.BID, "bid", ["pass"] + [str(n) for n in range(1, 41)])
    answer = bot.decide(bid, view)
    assert (
        _said(bot, bid, view, answer)
        == f"Bid {answer[0]} Debt: the 8 VP of Mountain Pass are worth {answer[0]} Debt to you now."
    )
    trash = Decision(
        "Bot", Kind.CARDS, Purpose.TRASH, "trash", ["Estate", "Copper"], min=0, max=4, counts={"Estate": 2, "Copper": 2}
    )
    answer = bot.decide(trash, view)
    assert answer == ["Estate", "Estate", "Copper", "Copper"]  # 4 Golds: the deck can spare its Coppers
    assert _said(bot, trash, view, answer) == "Trash 2 Estates and 2 Coppers: your deck is better without these cards."
    assert _said(bot, trash, view, answer, "nl") == (
        "Vernietig 2 Landgoederen en 2 Koper: je deck is beter zonder deze kaarten."
    )


def test_a_castle_buy_is_explained_by_the_castle_not_the_landmarks():
    from a11y_dominion.rules.decisions import MoveKind
    from test_bots import START, position

    kingdom = ["Castles", "Villa", "Legionary", "Engineer", "Temple", "Patrician/Emporium", "Forum", "Capital", "Charm"]
    bot, d, view = position(["Basilica", "Keep", "Wall"], 3, START + ["Silver"] * 2, provinces=7, kingdom=kingdom)
    castles = [o for o in d.options if o.kind is MoveKind.BUY and o.name == "Castles"]
    assert _said(bot, d, view, castles) == (
        "Buy Humble Castle: Humble Castle is worth 1 VP to you now, for 3 coins; the Castles pile has 8 cards left."
    )
    assert _said(bot, d, view, castles, "nl") == (
        "Koop Bescheiden kasteel: Bescheiden kasteel is nu 1 punt waard voor jou en kost 3 munten; "
        "op de stapel Kastelen liggen nog 8 kaarten."
    )
    bot, d, view = position(["Basilica"], 3, START, kingdom=kingdom, piles={"Castles": {"cards": ["Humble Castle"]}})
    castles = [o for o in d.options if o.kind is MoveKind.BUY and o.name == "Castles"]
    assert _said(bot, d, view, castles) == (
        "Buy Humble Castle: Humble Castle is worth 1 VP to you now, for 3 coins; it is the last card of the "
        "Castles pile."
    )
