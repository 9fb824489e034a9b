"""What the Palace table shows now (``Seen``, its buttons) and how its cards are said:
the input the table's screen model (``palace_model``) is built from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Card, Rank
from ..engine.palace import PalaceView
from ..i18n import N_, _, rank_code
from .input_grammar import Command
from .model import Box, Gesture, NamedPile, PileName, Zone
from .spoken import card_name, listed

HAND, HIDDEN, RESERVE, FACE_DOWN = Zone.HAND, Zone.HIDDEN, Zone.RESERVE, Zone.FACE_DOWN
"""The zones of a seat's cards besides the hand (``ZoneCard.zone``)."""
NEXT_SLOT = Zone.NEXT_RESERVE
"""The slot the person's next reserve placement goes in (``SeatCards.zone``)."""
DECK, STACK, BURNED = (NamedPile(PileName.DECK), NamedPile(PileName.STACK),
                       NamedPile(PileName.BURNED))

PLAY = Gesture.CLICK | Gesture.ACTIVATE
# Translators: ordinals in "your second hidden card", "your first face-down card"
_ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"),
             N_("seventh"), N_("eighth"), N_("ninth"))
# Translators: a rank to beat in Palace, in "play a king or higher"
_A_RANK = {Rank.ACE: N_("an ace"), Rank.TWO: N_("a two"), Rank.THREE: N_("a three"),
           Rank.FOUR: N_("a four"), Rank.FIVE: N_("a five"), Rank.SIX: N_("a six"),
           Rank.SEVEN: N_("a seven"), Rank.EIGHT: N_("an eight"), Rank.NINE: N_("a nine"),
           Rank.TEN: N_("a ten"), Rank.JACK: N_("a jack"), Rank.QUEEN: N_("a queen"),
           Rank.KING: N_("a king")}


def card_words(card: Card) -> str:
    """A card as it is said: "seven of hearts", the same words as every other table and
    status key use for it (a card named two ways could not be found by ear)."""
    return card_name(card)


def cards_words(cards: Sequence[Card]) -> str:
    return listed([card_words(card) for card in cards])


def _rank(value: int) -> Rank:
    return Rank(1 if value == 14 else value)


def rank_words(value: int) -> str:
    """A Palace rank to beat, said: "a king", "an ace" (values 2 to 14, ace high)."""
    return _(_A_RANK[_rank(value)])


def rank_letter(value: int) -> str:
    """A Palace rank as its card's corner shows it, in the language ("9", "J", "B")."""
    return rank_code(_rank(value))


def ordinal(index: int) -> str:
    return _(_ORDINALS[index]) if index < len(_ORDINALS) \
        else _("number {number}").format(number=index + 1)


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
