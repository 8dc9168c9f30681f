"""The Big Money line a test player types, read from the printed turn prompt:
play treasures, then buy Province, Gold or Silver by the coins the prompt
says, or end. Shared by the tests that play whole games by typing."""

from __future__ import annotations

import re


def big_money_line(options: str, phase: str, buys: str, coins: str) -> str:
    """The line to type for the printed ``options`` (the text from the turn
    prompt on) in ``phase`` (Action or Buy) with ``buys`` and ``coins`` as printed."""
    if re.search(r"^\d+\. play treasures$", options, re.M):
        return "play treasures"
    if phase == "Buy" and re.search(r"^\d+\. pay \d+ Debt$|type pay to pay", options, re.M):
        return "pay"  # Debt (a bot that played the seat may have bought a Debt card): paid before buying
    if phase == "Buy" and int(buys) >= 1:
        for least, card in ((8, "Province"), (6, "Gold"), (3, "Silver")):
            if int(coins) >= least:
                return f"buy {card}"
    return "end"
