"""A seat's position: its view of the game and the decision it is asked.

:class:`Position` is what one seat knows of the game, its
:class:`~a11y_dominion.view.PlayerView` and the :class:`~a11y_dominion.rules.decisions.Decision`
it must answer, read as the typed-line readers read a game
(:class:`~a11y_dominion.textinput.TypedPosition`): :func:`~a11y_dominion.textinput.parse_line`,
:func:`~a11y_dominion.textinput.split_speaker`,
:func:`~a11y_dominion.console.completion.expand_names` and
:func:`~a11y_dominion.textinput.buy_refusal`. A line typed at a seat that knows
the game only from its view (``a11y-dominion join``) reads as it reads at the
keyboard of the whole game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.cards import CARDS
from ..rules.decisions import Decision
from ..view import PileView, PlayerView, SeatView, TurnView

if TYPE_CHECKING:
    from ..textinput import TypedPosition


class CardName:
    """A card known by its name alone (the top of a pile, as a view tells it)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class PilePosition:
    """A Supply pile as the typed-line readers see it, from a :class:`~a11y_dominion.view.PileView`:
    ``name``; ``top``, its top card (a :class:`CardName`, None when the pile is empty); ``cards``,
    as many names as the pile has cards (only the top and the count are read); and
    ``debt_tokens``, taken with a buy from it (Tax)."""

    __slots__ = ("name", "top", "cards", "debt_tokens")

    def __init__(self, pile: PileView) -> None:
        self.name = pile.name
        self.top = CardName(pile.top) if pile.top is not None else None
        self.cards: list[str] = [pile.top] * pile.cards_left if pile.top is not None else []
        self.debt_tokens = pile.debt_tokens


class Position:
    """One seat's position: ``view`` (its :class:`~a11y_dominion.view.PlayerView`) and
    ``decision``, the :class:`~a11y_dominion.rules.decisions.Decision` it is asked (None when
    nothing is asked of it), read as a game: ``pending``, ``players``, ``piles``, ``turn``,
    ``current``, :meth:`player`, :meth:`pile_of` and :meth:`view_of`. Whether an answer is
    legal is membership in the decision's options (:func:`~a11y_dominion.console.answers.is_legal`)."""

    def __init__(self, view: PlayerView, decision: Decision | None) -> None:
        self.view = view
        self.pending = decision
        self.players: list[SeatView] = view.players
        self.piles = {name: PilePosition(p) for name, p in view.piles.items()}
        self.turn: TurnView = view.turn

    @property
    def current(self) -> SeatView:
        """The player whose turn it is (a :class:`~a11y_dominion.view.SeatView`: ``name``, ``debt``...)."""
        return self.view.player(self.view.turn.player)

    def player(self, name: str) -> SeatView:
        """The :class:`~a11y_dominion.view.SeatView` of the player ``name``; raises KeyError for no such player."""
        return self.view.player(name)

    def pile_of(self, name: str) -> PilePosition | None:
        """The Supply pile the card ``name`` belongs to, or None (no such card, or its pile is not in this game)."""
        spec = CARDS.get(name)
        if spec is None:
            return None
        return self.piles.get(spec.pile or name)

    def view_of(self, name: str) -> PlayerView:
        """The seat's view, whoever ``name`` is: it is the only view there is."""
        return self.view


if TYPE_CHECKING:

    def _read_as_typed(position: Position) -> TypedPosition:
        """Never called: mypy checks here that a Position reads as the typed-line readers read a game."""
        return position
