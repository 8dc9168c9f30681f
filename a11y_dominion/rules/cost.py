"""Costs in coins and Debt, with the Empires partial order.

Rule source: Empires rulebook, "Costs": a cost has a coin part and a Debt
part; one cost is more than another only when neither part is lower and at
least one part is higher. "Costing up to $X" excludes every card with Debt
in its cost.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cost:
    """A card's cost: ``coins`` (int, 0 or more) and ``debt`` (int, 0 or more).

    >>> Cost(8, 8).more_than(Cost(5))
    True
    >>> Cost(debt=8).more_than(Cost(3)) or Cost(3).more_than(Cost(debt=8))
    False
    """

    coins: int = 0
    debt: int = 0

    def more_than(self, other: Cost) -> bool:
        """True when this cost is more than ``other`` in the partial order."""
        return (
            self.coins >= other.coins
            and self.debt >= other.debt
            and (self.coins, self.debt) != (other.coins, other.debt)
        )

    def less_than(self, other: Cost) -> bool:
        """True when ``other`` is more than this cost."""
        return other.more_than(self)

    def up_to(self, coins: int, debt: int = 0) -> bool:
        """True when this cost is at most ``coins`` coins and ``debt`` Debt."""
        return self.coins <= coins and self.debt <= debt

    def __str__(self) -> str:
        return describe_cost(self.coins, self.debt)

    def as_dict(self) -> dict[str, int]:
        """``{"coins": int, "debt": int}`` for JSON output."""
        return {"coins": self.coins, "debt": self.debt}


def describe_cost(coins: int, debt: int) -> str:
    """Words for a cost: "5 coins", "8 Debt", "8 coins and 8 Debt", "0 coins"."""
    parts = []
    if coins or not debt:
        parts.append(f"{coins} coin" + ("" if coins == 1 else "s"))
    if debt:
        parts.append(f"{debt} Debt")
    return " and ".join(parts)
