"""What the Palace table shows now (``Seen``, its buttons) and how its cards are said:
the input the table's screen model (``palace_model``) is built from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Card, Rank
from ..engine.palace import PalaceView
from .input_grammar import Command
from .model import Box, Gesture, NamedPile, PileName, Zone

HAND, HIDDEN, RESERVE, FACE_DOWN = Zone.HAND, Zone.HIDDEN, Zone.RESERVE, Zone.FACE_DOWN
"""The zones of a seat's cards besides the hand (``ZoneCard.zone``)."""
NEXT_SLOT = Zone.NEXT_RESERVE
"""The slot the person's next reserve placement goes in (``SeatCards.zone``)."""
DECK, STACK, BURNED = (NamedPile(PileName.DECK), NamedPile(PileName.STACK),
                       NamedPile(PileName.BURNED))

PLAY = Gesture.CLICK | Gesture.ACTIVATE
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth")
_RANK_WORDS = {Rank.JOKER: "joker", Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three",
               Rank.FOUR: "four", Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven",
               Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack",
               Rank.QUEEN: "queen", Rank.KING: "king"}


def card_words(card: Card) -> str:
    """A card as it is said: "seven of hearts"."""
    if card.suit is None:
        return _RANK_WORDS[card.rank]
    return f"{_RANK_WORDS[card.rank]} of {card.suit.label}"


def cards_words(cards: Sequence[Card]) -> str:
    words = [card_words(card) for card in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def rank_words(value: int) -> str:
    """A Palace rank to beat, said: "a king", "an ace" (values 2 to 14, ace high)."""
    word = _RANK_WORDS[Rank(1 if value == 14 else value)]
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def ordinal(index: int) -> str:
    return _ORDINALS[index] if index < len(_ORDINALS) else f"number {index + 1}"


@dataclass(frozen=True)
class ButtonSeen:
    label: str
    command: Command
    box: Box
    enabled: bool
    size: int = 12
    """The type size its label is drawn at (bold: ``Button.label_size``)."""


@dataclass(frozen=True)
class Seen:
    """What the Palace table shows now: the view as of the last animation shown, the
    person's selection and pick, the stack as it stands on screen."""

    view: PalaceView
    human: int
    names: tuple[str, ...]
    levels: tuple[str, ...]
    """How each seat plays ("Normal AI"; the person's is unused)."""
    hand: tuple[Card, ...]
    """The person's hand as shown (chosen order, less cards still in flight)."""
    face_down: int
    """The person's face-down cards still to pick from (setup), else 0."""
    picked: tuple[int, ...]
    selected: frozenset[Card]
    stack: tuple[tuple[Card, ...], ...]
    burned: int
    my_turn: bool
    dragging: tuple[Card, ...] = ()
    """Cards a moving drag holds: they leave the hand's row."""
    hidden_dragged: int | None = None
    buttons: tuple[ButtonSeen, ...] = ()
    info: str = ""
    log: str = ""
    """The newest line of the move log."""
    headline: str = ""
    prompt: str = ""
    log_lines: tuple[str, ...] = ()
    """The move log as far as the table has shown the game."""
    log_scroll: int = 0
    thinking: int | None = None
    """The seat whose AI is deciding now (its note says so)."""
    message: str | None = None
    """The banner over the table: a refusal's reason or a hint."""
    said: tuple[tuple[int, str], ...] = ()
    """What seats say now ("Burn!", the hidden card just turned up), by seat."""


def label_box(x: int, y: int, text: str, size: int, anchor: str) -> Box:
    """Where a one-line label of ``size`` points sits (its width estimated from the
    glyphs' average, generous: a label must not run into its neighbour)."""
    width, height = int(len(text) * size * 0.6) + 4, int(size * 1.35)
    if anchor == "midtop":
        return Box(x - width // 2, y, width, height)
    return Box(x, y, width, height)
