"""Palace's placement list is complete: every group of cards from the hand that may go
on the stack (RULES.md §3.2, P-A3, P-A4, P-A6; docs/rules/palace.md §2) is offered, by
ranks, and everything offered passes the stack check — checked against every subset of
random hands."""

import random
from itertools import combinations

import pytest

from cardtable.engine.cards import standard_deck
from cardtable.engine.placements import legal_placements, stack_problem, value


def _by_values(groups):
    return {tuple(sorted(value(c) for c in group)) for group in groups}


def _check(hand, top):
    offered = legal_placements(hand, top)
    assert all(stack_problem(cards, top) is None for cards in offered)
    assert all(set(cards) <= set(hand) for cards in offered)
    brute = [group for size in range(1, len(hand) + 1) for group in combinations(hand, size)
             if stack_problem(group, top) is None]
    assert _by_values(offered) == _by_values(brute), (sorted(c.face for c in hand), top)


def _hands(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        deck = standard_deck(rng.choice([1, 2]))
        if rng.random() < 0.5:
            hand = rng.sample(deck, rng.randint(1, 10))
        else:  # dense: a few neighbouring ranks, so many straights and sets
            low = rng.randint(2, 10)
            pool = [c for c in deck if low <= value(c) < low + 5]
            hand = rng.sample(pool, rng.randint(3, 10))
        yield hand, rng.choice([None, *range(2, 15)])


def test_every_placement_the_stack_allows_is_offered():
    for hand, top in _hands(300, 1):
        _check(hand, top)


@pytest.mark.slow
def test_every_placement_the_stack_allows_is_offered_on_many_hands():
    for hand, top in _hands(4000, 2):
        _check(hand, top)
