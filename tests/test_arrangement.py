"""The least-penalty arrangement search (RULES.md §6, §7.3): valid, complete, optimal.

Optimality is checked against a brute force that tries every partition of the hand into
melds and loose cards, on hands drawn from the real 116-card deck: uniform hands, hands
with 0–6 wilds, wild-heavy hands (spare wilds beyond the runs' room, FC-A4/A5), dense
hands (few suits and ranks, so melds overlap), and hands planted on the going-out
boundary (a hand that goes out, and the same hand with one card swapped). Full hands
(up to 14 cards, too many for the brute force) go out exactly when the separate
going-out search says some partition does. The long runs are marked ``slow``; a short
version of each always runs.
"""

from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import best_arrangement, five_crowns_deck, parse_cards
from cardtable.engine.cards import CROWNS_SUITS, Card, Rank
from cardtable.engine.five_crowns import (
    arrange_hand,
    meld_rules,
    points_function,
    wild_rank,
)
from cardtable.engine.going_out import goes_out
from cardtable.engine.melds import meld_problem, run_problem, set_problem

DECK = five_crowns_deck()
rounds = st.integers(min_value=1, max_value=11)
BRUTE_MAX = 10  # cards; the brute force below is exponential in the naturals (3^n)


def hands(min_size, max_size):
    return st.lists(st.sampled_from(DECK), unique=True, min_size=min_size, max_size=max_size)


# ------------------------------------------------------------------ brute-force reference

def _face(card):
    return card.rank, card.suit


@cache
def _is_meld(faces, jokers, wild_cards, round_number):
    """Whether these natural faces with that many jokers and wild-rank cards make a book or
    a run, asked of the rules module itself."""
    rules = meld_rules(round_number)
    wild = Card(wild_rank(round_number), CROWNS_SUITS[0])
    group = [Card(rank, suit, copy) for copy, (rank, suit) in enumerate(faces)]
    group += [Card(Rank.JOKER, None, copy) for copy in range(jokers)] + [wild] * wild_cards
    return set_problem(group, rules) is None or run_problem(group, rules) is None


class BruteForce:
    """The least penalty of a hand over every partition into melds and loose cards.

    Every partition either leaves the first natural loose or puts it in a meld with some
    subset of the other naturals and some number of each kind of wild (jokers score 50,
    the wild rank 20; within a kind wilds are alike, RULES.md §6.2); once the naturals are
    placed the wilds left make all-wild melds or stay loose. Melds are judged by
    ``set_problem`` / ``run_problem`` alone, sharing nothing with the search. Exponential
    in the naturals (3^n), so it is given at most ten, or a few with many wilds.
    """

    def __init__(self, hand, round_number):
        rules, self.points = meld_rules(round_number), points_function(round_number)
        self.naturals = [c for c in hand if not rules.is_wild(c)]
        self.jokers = sum(c.rank is Rank.JOKER for c in hand)
        self.wild_cards = len(hand) - len(self.naturals) - self.jokers
        self.joker_points = self.points(Card(Rank.JOKER, None))
        self.wild_points = self.points(Card(wild_rank(round_number), CROWNS_SUITS[0]))
        self.melds_led_by = self._melds(round_number)
        self.memo = {}

    def _melds(self, round_number):
        """For every natural, each (naturals' mask, jokers, wild-rank cards) meld it leads;
        index ``len(naturals)`` holds the all-wild melds."""
        size = len(self.naturals)
        led_by = [[] for _ in range(size + 1)]
        for mask in range(1 << size):
            faces = tuple(sorted((_face(c) for i, c in enumerate(self.naturals)
                                  if mask >> i & 1), key=str))
            for jokers in range(self.jokers + 1):
                for wild_cards in range(self.wild_cards + 1):
                    if len(faces) + jokers + wild_cards >= 3 and \
                            _is_meld(faces, jokers, wild_cards, round_number):
                        first = (mask & -mask).bit_length() - 1 if mask else size
                        led_by[first].append((mask, jokers, wild_cards))
        return led_by

    def penalty(self, mask, jokers, wild_cards):
        """The least penalty of the naturals in ``mask`` with these wilds."""
        key = (mask, jokers, wild_cards)
        if key in self.memo:
            return self.memo[key]
        if mask:
            first = (mask & -mask).bit_length() - 1
            least = self.points(self.naturals[first]) + self.penalty(mask & (mask - 1),
                                                                     jokers, wild_cards)
        else:
            first = len(self.naturals)
            least = jokers * self.joker_points + wild_cards * self.wild_points
        for meld, uses_jokers, uses_wilds in self.melds_led_by[first]:
            if meld & mask == meld and uses_jokers <= jokers and uses_wilds <= wild_cards:
                least = min(least, self.penalty(mask ^ meld, jokers - uses_jokers,
                                                wild_cards - uses_wilds))
        self.memo[key] = least
        return least

    def best(self, discard=False):
        """The least penalty of the hand (with ``discard``: after the best discard)."""
        full, jokers, wilds = (1 << len(self.naturals)) - 1, self.jokers, self.wild_cards
        if not discard:
            return self.penalty(full, jokers, wilds)
        options = [self.penalty(full ^ (1 << i), jokers, wilds)
                   for i in range(len(self.naturals))]
        if jokers:
            options.append(self.penalty(full, jokers - 1, wilds))
        if wilds:
            options.append(self.penalty(full, jokers, wilds - 1))
        return min(options)


def brute_force_penalty(hand, round_number, discard=False):
    """The least penalty of the hand (with ``discard``: after the best discard)."""
    return BruteForce(hand, round_number).best(discard)


def arrange(hand, round_number, discard=False):
    return best_arrangement(hand, meld_rules(round_number), points_function(round_number),
                            discard=discard)


def check_valid(arrangement, hand, round_number):
    rules, points = meld_rules(round_number), points_function(round_number)
    for meld in arrangement.melds:
        assert meld_problem(meld, rules) is None, meld
    used = [c for meld in arrangement.melds for c in meld.cards] + list(arrangement.deadwood)
    if arrangement.discard is not None:
        used.append(arrangement.discard)
    assert Counter(used) == Counter(hand)
    assert arrangement.penalty == sum(points(c) for c in arrangement.deadwood)


def check_least_penalty(hand, round_number, discard):
    """Valid melds, exactly the hand's cards, and the brute force's least penalty; so the
    hand goes out exactly when some partition (after some discard) leaves nothing."""
    discard = discard and bool(hand)  # an empty hand has nothing to throw
    result = arrange(hand, round_number, discard)
    check_valid(result, hand, round_number)
    assert (result.discard is not None) == discard
    expected = brute_force_penalty(hand, round_number, discard)
    assert result.penalty == expected, (hand, round_number, discard, result)
    assert result.goes_out == (expected == 0)


# ------------------------------------------------------------------------ hand strategies

def _wild_cards(round_number):
    rules = meld_rules(round_number)
    return [c for c in DECK if rules.is_wild(c)]


def _natural_cards(round_number):
    rules = meld_rules(round_number)
    return [c for c in DECK if not rules.is_wild(c)]


@st.composite
def uniform_deals(draw, min_size=0, max_size=BRUTE_MAX):
    """Any cards of the real deck, in any round."""
    return draw(hands(min_size, max_size)), draw(rounds)


@st.composite
def wild_deals(draw, min_size=0, max_size=BRUTE_MAX):
    """0–6 wilds (jokers and the round's wild rank) with naturals from the real deck."""
    round_number = draw(rounds)
    wilds = draw(st.lists(st.sampled_from(_wild_cards(round_number)), unique=True,
                          max_size=min(6, max_size)))
    naturals = draw(st.lists(st.sampled_from(_natural_cards(round_number)), unique=True,
                             min_size=max(0, min_size - len(wilds)),
                             max_size=max_size - len(wilds)))
    return draw(st.permutations(wilds + naturals)), round_number


def _dense_pool(draw, round_number):
    """Naturals of one or two suits in a short window of ranks, plus a book rank or two."""
    suits = draw(st.sets(st.sampled_from(CROWNS_SUITS), min_size=1, max_size=2))
    low = draw(st.integers(min_value=3, max_value=11))
    window = range(low, low + draw(st.integers(min_value=3, max_value=6)))
    books = draw(st.sets(st.integers(min_value=3, max_value=13), max_size=2))
    return [c for c in _natural_cards(round_number)
            if (c.suit in suits and c.rank in window) or c.rank in books]


@st.composite
def wild_heavy_deals(draw, min_size=0, max_size=14):
    """Many wilds (up to eleven) and a few naturals, often in one suit: spare wilds
    beyond the room in the runs."""
    round_number = draw(rounds)
    wilds = draw(st.lists(st.sampled_from(_wild_cards(round_number)), unique=True,
                          min_size=3, max_size=min(11, max_size)))
    pool = _dense_pool(draw, round_number) if draw(st.booleans()) else \
        _natural_cards(round_number)
    naturals = draw(st.lists(st.sampled_from(pool), unique=True,
                             min_size=min(len(pool), max(0, min_size - len(wilds))),
                             max_size=min(5, max_size - len(wilds))))
    return draw(st.permutations(wilds + naturals)), round_number


@st.composite
def dense_deals(draw, min_size=0, max_size=BRUTE_MAX):
    """Dense naturals and 0–6 wilds: every card fits several melds, where a greedy
    search goes wrong."""
    round_number = draw(rounds)
    pool = _dense_pool(draw, round_number)
    wilds = draw(st.lists(st.sampled_from(_wild_cards(round_number)), unique=True,
                          max_size=min(6, max_size)))
    naturals = draw(st.lists(st.sampled_from(pool), unique=True,
                             min_size=min(len(pool), max(0, min_size - len(wilds))),
                             max_size=max_size - len(wilds)))
    return draw(st.permutations(wilds + naturals)), round_number


@st.composite
def planted_meld(draw, round_number, free):
    """One valid book, run or all-wild meld of 3–5 cards taken from ``free``."""
    rules = meld_rules(round_number)
    wilds = [c for c in free if rules.is_wild(c)]
    kind = draw(st.sampled_from(["book", "run", "wild"]))
    size = draw(st.integers(min_value=3, max_value=8 if kind == "wild" else 5))
    if kind == "wild":
        wanted = [None] * size
    elif kind == "book":
        rank = draw(st.sampled_from([r for r in range(3, 14) if Rank(r) is not wild_rank(
            round_number)]))
        wanted = [(rank, None) for _ in range(size)]
    else:
        suit = draw(st.sampled_from(CROWNS_SUITS))
        start = draw(st.integers(min_value=3, max_value=14 - size))
        wanted = [(rank, suit) for rank in range(start, start + size)]
    meld = []
    for face in wanted:
        fits = [c for c in free if c not in meld and not rules.is_wild(c) and face is not None
                and c.rank == face[0] and face[1] in (None, c.suit)]
        spare = [c for c in wilds if c not in meld]
        use_wild = not fits or draw(st.integers(min_value=0, max_value=3)) == 0
        choices = spare if use_wild else fits
        if not choices:
            return []
        meld.append(draw(st.sampled_from(choices)))
    return meld


@st.composite
def boundary_deals(draw, min_size=0, max_size=BRUTE_MAX):
    """A hand that goes out by construction (melds plus a discard), or that hand with one
    card swapped for another from the deck: the accept/reject boundary."""
    round_number = draw(rounds)
    hand = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        free = [c for c in DECK if c not in hand]
        meld = draw(planted_meld(round_number, free))
        if len(hand) + len(meld) < max_size:
            hand += meld
    hand.append(draw(st.sampled_from([c for c in DECK if c not in hand])))
    if draw(st.booleans()):
        hand[draw(st.integers(0, len(hand) - 1))] = draw(
            st.sampled_from([c for c in DECK if c not in hand]))
    return draw(st.permutations(hand)), round_number


DEALS = {"uniform": uniform_deals, "wilds": wild_deals, "wild_heavy": wild_heavy_deals,
         "dense": dense_deals, "boundary": boundary_deals}
FAST_EXAMPLES = 40  # per kind of deal, always run
BRUTE_SLOW, FULL_SLOW = 1200, 1000  # per kind of deal, marked slow (~40 s in all)
FULL_MIN = 4  # cards in a full hand after the draw, round 1
SLOW = [pytest.param(kind, marks=pytest.mark.slow) for kind in DEALS]


# ------------------------------------------------------------------------------ the rules

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


@pytest.mark.parametrize("kind", list(DEALS))
@settings(max_examples=FAST_EXAMPLES, deadline=None)
@given(data=st.data(), discard=st.booleans())
def test_least_penalty_equals_every_partition_brute_force(kind, data, discard):
    hand, round_number = data.draw(DEALS[kind]())
    check_least_penalty(hand, round_number, discard)


@pytest.mark.parametrize("kind", SLOW)
@settings(max_examples=BRUTE_SLOW, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), discard=st.booleans())
def test_least_penalty_equals_every_partition_brute_force_many(kind, data, discard):
    hand, round_number = data.draw(DEALS[kind]())
    check_least_penalty(hand, round_number, discard)


def _goes_out_agrees_with_the_going_out_test(hand, round_number):
    """Full hands (after the draw) are too big for the brute force; the separate
    going-out search (``going_out.goes_out``) answers whether some partition goes out."""
    result = arrange(hand, round_number, discard=True)
    check_valid(result, hand, round_number)
    assert result.goes_out == goes_out(hand, meld_rules(round_number)), (hand, round_number)


@pytest.mark.parametrize("kind", list(DEALS))
@settings(max_examples=FAST_EXAMPLES, deadline=None)
@given(data=st.data())
def test_full_hands_go_out_whenever_some_partition_does(kind, data):
    hand, round_number = data.draw(DEALS[kind](min_size=FULL_MIN, max_size=14))
    _goes_out_agrees_with_the_going_out_test(hand, round_number)


@pytest.mark.parametrize("kind", SLOW)
@settings(max_examples=FULL_SLOW, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_full_hands_go_out_whenever_some_partition_does_many(kind, data):
    hand, round_number = data.draw(DEALS[kind](min_size=FULL_MIN, max_size=14))
    _goes_out_agrees_with_the_going_out_test(hand, round_number)


def test_brute_force_reference_agrees_with_the_worked_examples():
    assert brute_force_penalty(parse_cards("3H 4H 5H 6H 7S 3S 3D 9C"), 5) == 9
    assert brute_force_penalty(parse_cards("JK 9C"), 1) == 59
    assert brute_force_penalty(parse_cards("5H 6H 8C 7H"), 1, discard=True) == 0
    assert brute_force_penalty(parse_cards("5H 6H 8C 9S"), 1, discard=True) == 19
    assert brute_force_penalty(parse_cards("8D 9D 10D JK JK JK JK JK JK QS Q* QH QC"), 10,
                               discard=True) == 0


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


def test_spare_wilds_make_an_all_wild_meld_FC_A5():
    # Queens wild: the run 8D 9D 10D needs no wild and holds at most 8 more (FC-A4), so
    # the ten wilds go out only as an all-wild book (FC-A5) beside it, less the discard.
    hand = parse_cards("8D 9D 10D JK JK JK JK JK JK QS Q* QH QC")
    result = arrange_hand(hand, 10, discard=True)
    check_valid(result, hand, 10)
    assert result.goes_out and result.penalty == 0
    assert any(all(meld_rules(10).is_wild(c) for c in m.cards) for m in result.melds)


def test_runs_hold_eleven_cards_so_spare_wilds_split_a_long_run_FC_A4():
    # Kings wild: 3H..QH with one joker fills 3..K; the second joker only fits if the
    # run is split in two (3H..7H and 8H..QH with both jokers).
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH JK JK")
    result = arrange_hand(hand, 11)
    check_valid(result, hand, 11)
    assert result.penalty == 0

