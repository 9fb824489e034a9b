"""What each wild of a laid meld stands for, as the badges under it say ("7♥"; "6–8♥"
for wilds side by side). Pure: from the meld and its rules, no drawing.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, Meld, MeldKind, MeldRules
from ..engine.cards import Rank
from ..engine.melds import run_positions
from ..i18n import rank_code


def wild_labels(meld: Meld, rules: MeldRules) -> list[str | None]:
    """What each wild of a laid meld stands for ("7♥"; "7" where any suit would do),
    and None for its naturals: a player should not have to work out a run's gaps.
    Wilds side by side share one badge on the first of them ("6–8♥"): the cards
    overlap, and one badge per card ran together ("101010")."""
    wild = [rules.is_wild(card) for card in meld.cards]
    naturals = [card for card, is_wild in zip(meld.cards, wild) if not is_wild]
    if not any(wild) or not naturals:
        return [None] * len(meld.cards)
    stands = _stands_for(meld, rules, wild, naturals)
    if stands is None:
        return [None] * len(meld.cards)
    labels: list[str | None] = [None] * len(meld.cards)
    index = 0
    while index < len(wild):
        end = index
        while end < len(wild) and wild[end]:
            end += 1
        if end > index:
            labels[index] = _streak_label(stands[index:end])
        index = max(end, index + 1)
    return labels


def _stands_for(meld: Meld, rules: MeldRules, wild: list[bool],
                naturals: list[Card]) -> list[tuple[int, str]] | None:
    """The rank (a run position, 14 for a high ace) and suit symbol ("" where any
    suit would do) each card stands for, or None where the meld's shape is not known."""
    def suit(card: Card, common: str) -> str:
        # An ace wild only within its suit (Monastery) stands for a card of that suit.
        own = rules.aces_wild_in_suit and card.rank is Rank.ACE and card.suit is not None
        return card.suit.symbol if own and card.suit is not None else common

    if meld.kind is MeldKind.SET:
        rank = int(naturals[0].rank)
        return [(rank, suit(card, "")) for card in meld.cards]
    if meld.kind is MeldKind.DOUBLE_RUN:
        first = next(index for index, is_wild in enumerate(wild) if not is_wild)
        start = int(meld.cards[first].rank) - first // 2
        return [(start + index // 2, suit(card, "")) for index, card in enumerate(meld.cards)]
    positions = run_positions(meld.cards, rules)
    if positions is None:
        return None
    suits = {card.suit for card in naturals if card.suit is not None}
    common = next(iter(suits)).symbol if len(suits) == 1 else ""
    return [(position, suit(card, common)) for position, card in zip(positions, meld.cards)]


def _streak_label(stands: Sequence[tuple[int, str]]) -> str:
    """One badge for wilds side by side: a rank ("9"), or a span of ranks ("6–8"),
    then the suits they stand for, each once ("♥", "♥♦"); the court cards' letters are
    the language's ("B" for a jack in German)."""
    def code(rank: int) -> str:
        return rank_code(Rank(1 if rank == 14 else rank))

    low, high = stands[0][0], stands[-1][0]
    suits = "".join(dict.fromkeys(symbol for _, symbol in stands))
    return (code(low) if low == high else f"{code(low)}–{code(high)}") + suits
