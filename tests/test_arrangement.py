"""The least-penalty arrangement search (RULES.md §6, §7.3): valid, complete, optimal.

Optimality is checked against a brute force that tries every partition of small hands.
"""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import best_arrangement, five_crowns_deck, parse_cards
from cardtable.engine.five_crowns import arrange_hand, meld_rules, points_function
from cardtable.engine.melds import meld_problem, run_problem, set_problem

DECK = five_crowns_deck()
rounds = st.integers(min_value=1, max_value=11)


def hands(min_size, max_size):
    return st.lists(st.sampled_from(DECK), unique=True, min_size=min_size, max_size=max_size)


def brute_force_penalty(hand, round_number):
    """Try every partition of the hand into melds and loose cards."""
    rules, points = meld_rules(round_number), points_function(round_number)
    best = [sum(points(c) for c in hand)]

    def search(remaining, penalty):
        if penalty >= best[0]:
            return
        if not remaining:
            best[0] = penalty
            return
        first, rest = remaining[0], remaining[1:]
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                group = (first,) + others
                if set_problem(group, rules) is None or run_problem(group, rules) is None:
                    left = tuple(c for c in rest if c not in others)
                    search(left, penalty)
        search(rest, penalty + points(first))

    search(tuple(hand), 0)
    return best[0]


def check_valid(arrangement, hand, round_number):
    rules, points = meld_rules(round_number), points_function(round_number)
    for meld in arrangement.melds:
        assert meld_problem(meld, rules) is None, meld
    used = [c for meld in arrangement.melds for c in meld.cards] + list(arrangement.deadwood)
    if arrangement.discard is not None:
        used.append(arrangement.discard)
    assert Counter(used) == Counter(hand)
    assert arrangement.penalty == sum(points(c) for c in arrangement.deadwood)


@settings(max_examples=300, deadline=None)
@given(hands(0, 14), rounds)
def test_arrangement_is_valid_and_uses_exactly_the_hands_cards(hand, round_number):
    result = arrange_hand(hand, round_number)
    check_valid(result, hand, round_number)
    assert result.discard is None


@settings(max_examples=300, deadline=None)
@given(hands(1, 14), rounds)
def test_arrangement_with_discard_sets_exactly_one_card_aside(hand, round_number):
    result = arrange_hand(hand, round_number, discard=True)
    check_valid(result, hand, round_number)
    assert result.discard in hand


@settings(max_examples=250, deadline=None)
@given(hands(0, 7), rounds)
def test_no_better_arrangement_exists_on_small_hands(hand, round_number):
    assert arrange_hand(hand, round_number).penalty == brute_force_penalty(hand, round_number)


@settings(max_examples=150, deadline=None)
@given(hands(1, 7), rounds)
def test_no_better_discard_exists_on_small_hands(hand, round_number):
    best = min(brute_force_penalty([c for c in hand if c != out], round_number) for out in hand)
    assert arrange_hand(hand, round_number, discard=True).penalty == best


def test_greedy_longest_meld_first_would_fail_here():
    # 7s wild. Greedy takes the longest run 3H..7H first and strands 3S 3D and JK 9C;
    # the best split is a book of threes and the run 4H..6H with the joker.
    hand = parse_cards("3H 4H 5H 6H 7S 3S 3D 9C")
    result = arrange_hand(hand, 5)
    assert result.penalty == 9
    assert sorted(len(m.cards) for m in result.melds) == [3, 4]


def test_keep_never_discards_the_named_card():
    hand = parse_cards("KS 4D 5D 6D")
    rules, points = meld_rules(1), points_function(1)
    assert best_arrangement(hand, rules, points, discard=True).discard.face == "KS"
    kept = best_arrangement(hand, rules, points, discard=True, keep=[hand[0]])
    assert kept.discard.face == "6D" and kept.penalty == 13 + 4 + 5   # the run is broken


def test_wilds_without_a_natural_meld_stay_in_hand_unless_three():
    two_wilds = arrange_hand(parse_cards("JK 3S 9C 10D"), 1)     # 3s wild: 10D JK 3S
    assert two_wilds.penalty == 9
    alone = arrange_hand(parse_cards("JK 9C"), 1)
    assert alone.penalty == 59 and not alone.melds
    all_wild = arrange_hand(parse_cards("JK JK 3S KD"), 1)
    assert all_wild.penalty == 0
