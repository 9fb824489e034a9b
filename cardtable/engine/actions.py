"""What a seat asks for: actions are intents, validated by the game before anything happens.

Actions are small frozen dataclasses shared by the games that use them; a game lists the
ones it understands. Each has a text form for logs and tests.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card, pretty_cards
from .codec import serializable
from .melds import Meld


class Pile(Enum):
    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action."""

    def describe(self) -> str:
        return type(self).__name__


@serializable
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the stock or of the discard pile."""

    source: Pile

    def describe(self) -> str:
        return f"draw from the {'stock' if self.source is Pile.STOCK else 'discard pile'}"


@serializable
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put one card from the hand on the discard pile, ending the turn."""

    card: Card

    def describe(self) -> str:
        return f"discard {self.card.pretty}"


@serializable
@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay these melds on the table, then discard ``discard`` (going out or a final turn)."""

    melds: tuple[Meld, ...]
    discard: Card

    def describe(self) -> str:
        groups = ", ".join(pretty_cards(meld.cards) for meld in self.melds) or "nothing"
        return f"lay down {groups} and discard {self.discard.pretty}"


@serializable
@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add cards to a meld already on the table, in the games that allow it."""

    target_seat: int
    meld_index: int
    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"add {pretty_cards(self.cards)} to a meld"
