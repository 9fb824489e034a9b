"""The fast going-out test agrees with the exact least-penalty arrangement (which is
itself checked against a brute force in test_arrangement.py): a hand goes out exactly
when all but one card can be laid in books and runs (RULES.md §6.2, FC-A5, FC-A7)."""

import random

import pytest

from cardtable.engine import Card, five_crowns_deck, parse_cards
from cardtable.engine.five_crowns import arrange_hand, meld_rules, wild_rank
from cardtable.engine.going_out import goes_out, going_out_melds
from cardtable.engine.melds import meld_problem

DECK = five_crowns_deck()


def _hand(rng):
    round_number = rng.randint(1, 11)
    size = round_number + 3
    if rng.random() < 0.5:
        return round_number, rng.sample(DECK, size)
    suits = rng.sample("SH*DC", 2)
    low = rng.randint(3, 9)
    pool = [c for c in DECK if c.is_joker or c.rank is wild_rank(round_number)
            or (c.suit.value in suits and low <= int(c.rank) < low + 5)]
    return round_number, rng.sample(pool, min(len(pool), size))


def _agree(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        round_number, hand = _hand(rng)
        expected = arrange_hand(hand, round_number, discard=True).goes_out
        rules = meld_rules(round_number)
        assert goes_out(hand, rules) == expected, (round_number, sorted(c.face for c in hand))
        # The lay-down the legal list offers for going out is the search's own proof.
        found = going_out_melds(hand, rules)
        assert (found is not None) == expected, (round_number, sorted(c.face for c in hand))
        if found is not None:
            melds, discard = found
            laid = [c for meld in melds for c in meld.cards] + [discard]
            assert sorted(laid, key=Card.sort_key) == sorted(hand, key=Card.sort_key)
            for meld in melds:
                assert meld_problem(meld, rules) is None, (meld, round_number)


def test_a_hand_goes_out_when_all_but_the_discard_meld_FC_T5():
    assert goes_out(parse_cards("7H 7S 9C 7D"), meld_rules(1))
    assert goes_out(parse_cards("5H 6H 8C 7H"), meld_rules(1))
    assert goes_out(parse_cards("5H 6H 3C 9S"), meld_rules(1))
    assert not goes_out(parse_cards("5H 6H 8C 9S"), meld_rules(1))


def test_spare_wilds_go_out_as_an_all_wild_group_FC_A5():
    hand = parse_cards("8D 9D 10D JK JK JK JK JK JK QS Q* QH QC")
    assert goes_out(hand, meld_rules(10))
    melds, discard = going_out_melds(hand, meld_rules(10))
    assert all(meld_problem(meld, meld_rules(10)) is None for meld in melds)
    assert sum(len(meld.cards) for meld in melds) + 1 == len(hand)


def test_the_going_out_test_and_its_lay_down_agree_with_the_arrangement():
    _agree(1500, 1)


@pytest.mark.slow
def test_the_going_out_test_and_its_lay_down_agree_on_many_hands():
    _agree(20000, 2)
