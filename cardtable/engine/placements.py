"""Palace's placements (RULES.md §3.2): their shapes, when one may go on the stack, and
the list of placements a hand can make.

A placement is one or more cards of one rank, or a straight of three or more consecutive
ranks (suits free). Ranks run 2 (lowest) … K, A (highest); straights never wrap, and a 2
is never a stand-in (P-A3, P-A4). On the stack the placement's lowest card must be at
least the top card's rank, except that a placement starting with a 2 always plays (and
aces, being highest, always do).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from .cards import SORT_KEY, Card, Rank
from .text import Msg, msg

ACE_HIGH = 14


def value(card: Card) -> int:
    """A card's Palace rank: 2 lowest, ace highest (14)."""
    return _VALUES[card.rank]


_VALUES = {rank: ACE_HIGH if rank is Rank.ACE else int(rank) for rank in Rank}


def palace_rank(number: int) -> Rank:
    """The rank of a Palace rank number (the ace is 14): a sentence's parameter, named
    in the player's language (``cardtable.i18n.rank_code``)."""
    return Rank(1 if number == ACE_HIGH else number)


def rank_name(number: int) -> str:
    """A Palace rank as a player reads it on a card ("9", "J", "A"), in English."""
    return palace_rank(number).code


LAID_KEPT = 1024
"""Placements whose order on the table is remembered (:func:`laid`): the Hard search's
rollouts place the same few hundred again and again."""


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A placement as it lies on the table: low to high, so its top card is last."""
    return tuple(sorted(cards, key=lambda card: (value(card), card.sort_key())))


@lru_cache(maxsize=LAID_KEPT)
def laid(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], bool]:
    """The placement as it lies on the table (:func:`in_order`) and whether it burns
    the stack (:func:`burns`): what placing it needs, remembered."""
    return in_order(cards), burns(cards)


def is_straight(cards: Sequence[Card]) -> bool:
    values = sorted(value(card) for card in cards)
    return len(values) >= 3 and all(b == a + 1 for a, b in zip(values, values[1:]))


def shape_problem(cards: Sequence[Card]) -> str | None:
    """Why these cards are not one placement, or ``None`` if they are."""
    if not cards:
        return msg("choose at least one card to place")
    values = sorted(value(card) for card in cards)
    if len(set(values)) == 1:
        return None
    if len(set(values)) != len(values):
        return msg("a placement is cards of one rank or a straight, not both")
    if len(values) < 3:
        return msg("a straight needs three or more cards")
    if is_straight(cards):
        return None
    if ACE_HIGH in values and 2 in values:
        return msg("a straight cannot turn the corner: 2 is the lowest card and the ace the "
                   "highest")
    return msg("a straight must have no gaps (a 2 is not wild)")


def top_value(stack: Sequence[Sequence[Card]]) -> int | None:
    """The rank to beat: the top placement's highest card (P-A6), or ``None`` if empty."""
    if not stack:
        return None
    top = stack[-1]
    if len(top) == 1:  # most placements are one card
        return _VALUES[top[0].rank]
    return max([_VALUES[card.rank] for card in top])


def stack_problem(cards: Sequence[Card], top: int | None) -> str | None:
    """Why this placement may not go on a stack whose top rank is ``top``."""
    shape = shape_problem(cards)
    if shape is not None:
        return shape
    if top is None:
        return None
    low = min(value(card) for card in cards)
    if low == 2 or low >= top:
        return None
    if len({value(card) for card in cards}) > 1:
        return _too_low(top, True)
    return _too_low(top, False)


@cache
def _too_low(top: int, straight: bool) -> Msg:
    """The refusal of a placement under ``top``, made once per rank (the Hard search asks
    it of many placements)."""
    if straight:
        return msg("a straight's lowest card must be {rank} or higher", rank=palace_rank(top))
    return msg("must be {rank} or higher (a 2 always plays)", rank=palace_rank(top))


def burns(cards: Iterable[Card]) -> bool:
    """A placement with an ace in it burns the stack."""
    return any(card.rank is Rank.ACE for card in cards)


def placements(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct placement the hand can make, one copy chosen per rank: each rank
    in every count, and every straight of three or more."""
    return legal_placements(hand, None)


def legal_placements(hand: Sequence[Card], top: int | None) -> list[tuple[Card, ...]]:
    """The placements that may go on the stack now (:func:`placements` when it is
    empty), in the same order. A placement's lowest card decides (the test of
    :func:`stack_problem`; every shape made here is valid), so ranks and straight
    starts below the top are never built."""
    by_value: dict[int, list[Card]] = {}
    for card in hand:
        number = _VALUES[card.rank]
        group = by_value.get(number)
        if group is None:
            by_value[number] = [card]
        else:
            group.append(card)
    ranks = sorted(by_value)
    lowest = 0 if top is None else top
    found: list[tuple[Card, ...]] = []
    firsts: list[Card] = []  # each rank's first card: a straight takes it
    for number in ranks:
        cards = by_value[number]
        if len(cards) > 1:
            cards.sort(key=SORT_KEY)  # a straight from a 2 may take this rank too
            if number >= lowest or number == 2:
                sorted_cards = tuple(cards)  # sliced as a tuple: no list for each count
                found += [sorted_cards[:count] for count in range(1, len(cards) + 1)]
        elif number >= lowest or number == 2:
            found.append((cards[0],))
        firsts.append(cards[0])
    count = len(ranks)
    if count < 3:
        return found
    starts = tuple(firsts)
    end = 0  # one past the last rank of the run through ``index``
    for index in range(count - 2):
        if end <= index:
            end = index + 1
            while end < count and ranks[end] == ranks[end - 1] + 1:
                end += 1
        start = ranks[index]
        if end - index >= 3 and (start >= lowest or start == 2):
            found += [starts[index:index + size] for size in range(3, end - index + 1)]
    return found
