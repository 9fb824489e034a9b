"""Small values of the table: a message shown for a while, the cards being dragged, a
refusal as a sentence.

Plain data; it imports no scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Card
from ...i18n import text
from ..model import Ref

MESSAGE_SECONDS = 4.0
DRAG_THRESHOLD = 6
"""Pixels the pointer must travel with the button down before a press is a drag."""


def refusal(reason: str) -> str:
    """A reason a move was refused (the engine's, most often) as the table says it: in
    the player's language, its first letter a capital, ending with a full stop."""
    said = text(reason)
    return said[:1].upper() + said[1:] + ("" if said.endswith(".") else ".")


@dataclass
class Message:
    text: str
    good: bool
    until: float


@dataclass
class Drag:
    """Cards (or a hidden card) being dragged by the person."""

    source: Ref
    """Where they came from: a hand card, a pile, a card of a group being built, a
    hidden card (a typed reference of the screen model, never a string)."""
    cards: list[Card]
    press: tuple[int, int]
    grab: tuple[int, int]
    """The pointer's offset inside the first card."""
    moved: bool = False
    pos: tuple[int, int] = (0, 0)
    group: int = -1
    index: int = -1
