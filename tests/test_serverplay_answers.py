"""The answers tests/serverplay.py's play_at_table and benchmarks/server_load.py give to a question
inside a card (remoteplay.table_move and card_answer), read from
what the seat's own question presenter prints: Legionary's discard asked the first time (how to
answer and every option), asked again (the question alone: no answer, so the seat types
options), and after options (every option again); and the other kinds of questions."""

from __future__ import annotations

import json
from pathlib import Path

from a11y_dominion.console.narration import Narration
from a11y_dominion.i18n import Language
from a11y_dominion.scenario import ScriptSeat, StopTable, load_scenario
from a11y_dominion.table import Table
from a11y_dominion.view import player_view
from remoteplay import BigMoney, card_answer, table_move

CASE = Path(__file__).parent / "cases" / "legionary-discard-then-draw.json"


def test_legionary_s_discard_gets_the_least_wanted_cards_and_options_when_asked_again() -> None:
    data = json.loads(CASE.read_text(encoding="utf-8"))
    data["script"] = []
    game, _ = load_scenario(data)
    ref: list = []
    seat = ScriptSeat(ref, ["play Legionary", "yes"])  # Ann plays it and reveals Gold; Bob is asked
    table = Table(game, {p.name: seat for p in game.players})
    ref.append(table)
    try:
        table.run()
    except StopTable:  # (the script ran out at Bob's question)
        pass
    decision = game.pending
    assert decision is not None and decision.player == "Bob"
    printed: list[str] = []
    bob = Narration(
        "Bob", lang=Language("en"), verbosity="normal", print_fn=lambda text, style=None: printed.append(text)
    )
    view = player_view(game, "Bob")

    def asked(**how: bool) -> str:
        printed.clear()
        bob.show_question(view, decision, **how)
        return "\n".join(printed) + "\nBob> "

    first = asked()
    assert "Choose 3, by numbers or names separated by commas." in first
    assert card_answer(first) == "2, 2, 1"  # Estate twice, then Copper (Bob holds 2 Coppers, 2 Estates, Silver)
    again = asked()
    assert again == "Legionary: discard 3 cards, down to 2 in hand.\nBob> " and card_answer(again) is None
    assert card_answer(asked(full=True)) == "2, 2, 1"  # what options prints


def test_the_other_kinds_of_questions_get_a_legal_answer() -> None:
    assert card_answer("Choose up to 2, by numbers or names separated by commas, or type none.\n1. Copper\n") == (
        "none"
    )
    assert card_answer("Choose one by number or name, or type none.\n1. Gold\n2. Estate\n") == "none"
    assert card_answer("Choose one by number or name.\n1. Gold\n2. Estate\n") == "2"
    assert card_answer("Choose 1 to 3, by numbers or names separated by commas.\n1. Silver\n2. Curse\n") == "2"
    assert card_answer("Legionary: reveal a Gold?\nAnswer yes or no, or 1 or 2.\n") == "no"
    assert card_answer("Type a number from 1 to 40, or pass.\n") == "1"
    assert card_answer("1 Buy, 3 coins.\nAnn> ") is None


LEGIONARY = """Bot 1 reveals Gold.
Legionary attacks Bot 2, you and Bea3.
Legionary: discard 3 cards, down to 2 in hand.
Choose 3, by numbers or names separated by commas. Repeat a number to choose that card again.
1. Silver (2 of them)
2. Estate
3. Province
4. Gold
Ann3> """


def test_a_legionary_attack_is_answered_with_the_least_wanted_cards_and_options_when_asked_again() -> None:
    big_money = BigMoney()
    assert table_move(LEGIONARY, "Ann3", big_money, "end") == "2, 3, 1"
    assert table_move(LEGIONARY.replace("Choose 3", "Choose 4"), "Ann3", big_money, "end") == "2, 3, 1, 1"
    assert table_move(LEGIONARY.replace("2. Estate", "2. Forum"), "Ann3", big_money, "end") == "3, 1, 1"
    again = "Legionary: discard 3 cards, down to 2 in hand.\nAnn3> "  # (a second Legionary, asked before)
    assert table_move(again, "Ann3", big_money, "2, 3, 1") == "options"
    assert table_move(again, "Ann3", big_money, "options") == "end"  # (options said no way to answer)
    assert table_move("Ann3> ", "Ann3", big_money, "options") is None  # (nothing said yet)
