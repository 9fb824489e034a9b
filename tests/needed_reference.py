"""The Monastery estimate ``cards_needed`` as first written, card by card: for each
order of the mission's groups, fill each group greedily (fewest cards missing, then
fewest aces, the first such), take its cards out, and count what is missing; the least
count over the orders, 0 only when the exact search lays the mission. The engine now
computes the same fill on face codes; this is the reference it must agree with."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from cardtable.engine.cards import Card, Colour, Suit
from cardtable.engine.melds import MeldKind, SuitRule
from cardtable.engine.missions import SUITS, GroupSpec, Mission, find_mission, is_ace

Candidate = tuple[tuple[Card, ...], int]
"""A group's cards and how many it still misses."""


def needed(hand: Sequence[Card], mission: Mission) -> int:
    """The estimate for ``hand`` taken in the order given (the engine orders by face)."""
    best = mission.cards
    for order in dict.fromkeys(permutations(mission.groups)):
        cards, missing = list(hand), 0
        for spec in order:
            options = list(_candidates(cards, spec))
            if not options:
                missing += spec.size
                continue
            group, short = min(options, key=lambda c: (c[1], sum(map(is_ace, c[0]))))
            missing += short
            cards = [c for c in cards if c not in set(group)]
        best = min(best, missing)
        if best == 0:
            return 0
    return 0 if find_mission(hand, mission) is not None else max(1, best)


def _fits(card: Card, suit: Suit | None, colour: Colour | None) -> bool:
    if suit is not None:
        return card.suit is suit
    if colour is not None:
        return card.suit is not None and card.suit.colour is colour
    return True


def _constraints(rule: SuitRule) -> list[tuple[Suit | None, Colour | None]]:
    if rule is SuitRule.SAME_SUIT:
        return [(suit, None) for suit in SUITS]
    if rule is SuitRule.SAME_COLOUR:
        return [(None, Colour.BLACK), (None, Colour.RED)]
    return [(None, None)]


def _candidates(cards: Sequence[Card], spec: GroupSpec) -> Iterator[Candidate]:
    for suit, colour in _constraints(spec.suit_rule):
        aces = [c for c in cards if is_ace(c) and _fits(c, suit, colour)]
        naturals = [c for c in cards if not is_ace(c) and _fits(c, suit, colour)]
        by_rank: dict[int, list[Card]] = {}
        for card in naturals:
            by_rank.setdefault(int(card.rank), []).append(card)
        yield from _kind_candidates(spec, by_rank, naturals, aces)


def _kind_candidates(spec: GroupSpec, by_rank: dict[int, list[Card]], naturals: list[Card],
                     aces: list[Card]) -> Iterator[Candidate]:
    size = spec.size
    if spec.kind is MeldKind.SET:
        for rank in sorted(by_rank, key=lambda r: -len(by_rank[r])):
            group = by_rank[rank][:size]
            group += aces[:size - len(group)]
            yield tuple(group), size - len(group)
        if aces:
            yield tuple(aces[:size]), max(0, size - len(aces))
    elif spec.kind in (MeldKind.RUN, MeldKind.DOUBLE_RUN):
        width, per = (size, 1) if spec.kind is MeldKind.RUN else (3, 2)
        for start in range(1, 15 - width):
            spare, laid, missing = list(aces), [], 0
            for rank in range(start, start + width):
                pair = by_rank.get(rank, [])[:per]
                while len(pair) < per and spare:
                    pair.append(spare.pop())
                missing += per - len(pair)
                laid += pair
            if missing < width * per:
                yield tuple(laid), missing
    elif spec.kind is MeldKind.SAME_SUIT:
        for suit in SUITS:
            group = [c for c in naturals if c.suit is suit]
            group = (group + [c for c in aces if c.suit is suit])[:size]
            if group:
                yield tuple(group), size - len(group)
    else:
        for want in (0, 1):
            group = ([c for c in naturals if int(c.rank) % 2 == want] + aces)[:size]
            if group:
                yield tuple(group), size - len(group)
