"""Cards, their text notation (RULES.md §0) and the deck builders of every game.

Every physical card is distinct: a two-deck game has two 7♥, told apart by ``copy``.
The short text form (``7H``, ``10S``, ``JK``, ``9*``) names what a player sees; the
unique form (``7H.1``) adds the copy and is what saves and observations use, so that a
card can be followed from hand to pile without ambiguity.

Standard library only; no pygame, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache
from operator import attrgetter

from .errors import NotationError


class Rank(IntEnum):
    """Face ranks by their natural number; the joker has rank 0 and no suit."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def label(self) -> str:
        """The rank as a player reads it in a sentence ("sevens")."""
        return _RANK_NAMES[self]


_RANK_CODES = {
    Rank.JOKER: "JK", Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4",
    Rank.FIVE: "5", Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9",
    Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}
_RANK_BY_CODE = {code: rank for rank, code in _RANK_CODES.items() if rank is not Rank.JOKER}
_RANK_NAMES = {
    Rank.JOKER: "jokers", Rank.ACE: "aces", Rank.TWO: "twos", Rank.THREE: "threes",
    Rank.FOUR: "fours", Rank.FIVE: "fives", Rank.SIX: "sixes", Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights", Rank.NINE: "nines", Rank.TEN: "tens", Rank.JACK: "jacks",
    Rank.QUEEN: "queens", Rank.KING: "kings",
}


class IdentityEnum(Enum):
    """An enum whose members hash by identity, in C. ``Enum`` hashes a member by its
    name in Python, and the engine keys tables and sets by suits, phases and kinds on
    every step; members are singletons (pickling included), so identity is equality."""

    __hash__ = object.__hash__


class Colour(IdentityEnum):
    RED = "red"
    BLACK = "black"
    NONE = "none"


class Suit(IdentityEnum):
    """The four French suits plus Five Crowns' stars (written ``*``)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    STARS = "*"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        if self in (Suit.HEARTS, Suit.DIAMONDS):
            return Colour.RED
        if self in (Suit.SPADES, Suit.CLUBS):
            return Colour.BLACK
        return Colour.NONE

    @property
    def label(self) -> str:
        return self.name.lower()


_SUIT_SYMBOLS = {
    Suit.SPADES: "\u2660", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666",
    Suit.CLUBS: "\u2663", Suit.STARS: "\u2605",
}
FRENCH_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
CROWNS_SUITS = (Suit.STARS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """One physical card. ``copy`` tells identical faces apart (0, 1, … per face).

    There is one object per card: ``Card(rank, suit, copy)`` returns the same object
    every time (pickling and copying too), so equality is identity and the hash is the
    object's own, both done in C. Cards are hashed and compared constantly (hands are
    compared as sets, searched with ``in``, keyed in tables), and a card's name and sort
    key are worked out once, when it is first made."""

    rank: Rank
    suit: Suit | None
    copy: int = 0
    _face: str = field(init=False, repr=False, compare=False)
    _code: str = field(init=False, repr=False, compare=False)
    _sort: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    def __new__(cls, rank: Rank, suit: Suit | None, copy: int = 0) -> Card:
        # Checked before the table is asked: 7 == Rank.SEVEN and True == 1, so a loose
        # key would find a card it should refuse.
        if type(rank) is not Rank or not (suit is None or type(suit) is Suit) or \
                type(copy) is not int or copy < 0 or (rank is Rank.JOKER) != (suit is None):
            raise TypeError(f"not a card: {rank!r}, {suit!r}, {copy!r} (a rank, a suit "
                            "(none for a joker) and a copy number from 0)")
        key = (rank, suit, copy)
        card = _EVERY_CARD.get(key)
        if card is not None:
            return card
        card = object.__new__(cls)
        face = "JK" if suit is None else _RANK_CODES[rank] + suit.value
        for name, value in (("rank", rank), ("suit", suit), ("copy", copy), ("_face", face),
                            ("_code", f"{face}.{copy}"),
                            ("_sort", (-1 if suit is None else _SUIT_ORDER[suit], int(rank),
                                       copy))):
            object.__setattr__(card, name, value)
        return _EVERY_CARD.setdefault(key, card)

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None, int]]:
        return (Card, (self.rank, self.suit, self.copy))

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def face(self) -> str:
        """The short code a player reads: ``7H``, ``JK``, ``9*``."""
        return self._face

    @property
    def code(self) -> str:
        """The unique code: the face plus the copy (``7H.1``)."""
        return self._code

    @property
    def pretty(self) -> str:
        """The face with a suit symbol, for logs and messages (``7♥``)."""
        if self.suit is None:
            return "Joker"
        return self.rank.code + self.suit.symbol

    def __str__(self) -> str:
        return self.face

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def sort_key(self) -> tuple[int, int, int]:
        return self._sort


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
SORT_KEY = attrgetter("_sort")
"""``Card.sort_key`` as a getter in C, for the engine's hot sorts (hands sorted on every
listing)."""
_EVERY_CARD: dict[tuple[Rank, Suit | None, int], Card] = {}
"""The one object of each card made so far (a few hundred: ranks × suits × copies)."""
_CARD_RE = re.compile(r"^(JK|10|[2-9AJQK])([SHDC*]?)(?:\.(\d+))?$")


def parse_card(text: str, copy: int | None = None) -> Card:
    """Read one card from RULES.md notation; ``7H.1`` names a specific copy."""
    if copy is None:
        known = _BY_CODE.get(text)
        if known is not None:
            return known
    card = _parse_card(text, copy)
    if copy is None and "." in text:
        _BY_CODE[text] = card
    return card


_BY_CODE: dict[str, Card] = {}
"""Cards already read from their unique code (saves and replays read the same few
hundred codes again and again)."""


def _parse_card(text: str, copy: int | None) -> Card:
    match = _CARD_RE.match(text.strip().upper())
    if match is None:
        raise NotationError(f"{text!r} is not a card (write it like 7H, 10S, QD, 9*, JK)")
    rank_code, suit_code, copy_text = match.groups()
    if copy_text is not None:
        copy = int(copy_text)
    if rank_code == "JK":
        if suit_code:
            raise NotationError(f"{text!r}: a joker has no suit")
        return Card(Rank.JOKER, None, copy or 0)
    if not suit_code:
        raise NotationError(f"{text!r} has no suit (S, H, D, C or *)")
    return Card(_RANK_BY_CODE[rank_code], Suit(suit_code), copy or 0)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a space-separated list of cards. Repeated faces become distinct copies.

    ``parse_cards("7H 7H")`` gives the two physical sevens of hearts (copies 0 and 1), so
    every example in RULES.md can be pasted as it is written.
    """
    return parse_zones(text)[0]


def parse_zones(*texts: str) -> tuple[tuple[Card, ...], ...]:
    """Read several card lists (hands, piles) whose repeated faces are distinct copies
    across all of them, as when a position is written zone by zone."""
    used: set[Card] = set()
    return tuple(_parse_into(text, used) for text in texts)


def _parse_into(text: str, used: set[Card]) -> tuple[Card, ...]:
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        card = parse_card(word)
        if "." not in word:
            while card in used:
                card = Card(card.rank, card.suit, card.copy + 1)
        elif card in used:
            raise NotationError(f"{word!r} appears twice")
        used.add(card)
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card], unique: bool = False) -> str:
    """The inverse of :func:`parse_cards` (faces only unless ``unique``)."""
    return " ".join(card.code if unique else card.face for card in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.pretty for card in cards)


# ----------------------------------------------------------------------------- decks

@cache
def standard_deck(decks: int = 1, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """``decks`` × 52 French cards, plus ``jokers_per_deck`` jokers per deck."""
    cards = [
        Card(rank, suit, copy)
        for copy in range(decks)
        for suit in FRENCH_SUITS
        for rank in Rank
        if rank is not Rank.JOKER
    ]
    cards += [Card(Rank.JOKER, None, copy) for copy in range(decks * jokers_per_deck)]
    return tuple(cards)


@cache
def five_crowns_deck() -> tuple[Card, ...]:
    """Two 58-card Five Crowns decks: 5 suits × 3..K, twice, and 6 jokers (116 cards)."""
    cards = [
        Card(Rank(rank), suit, copy)
        for copy in range(2)
        for suit in CROWNS_SUITS
        for rank in range(3, 14)
    ]
    cards += [Card(Rank.JOKER, None, copy) for copy in range(6)]
    return tuple(cards)
