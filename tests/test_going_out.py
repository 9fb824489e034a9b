"""The fast going-out test agrees with the exact least-penalty arrangement (which is
itself checked against a brute force in test_arrangement.py): a hand goes out exactly
when all but one card can be laid in books and runs (RULES.md §6.2, FC-A5, FC-A7;
docs/rules/five_crowns.md §5.1)."""

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


def test_pair_cards_need_a_wild_for_every_two_so_four_pairs_and_one_wild_stay_in():
    """Each natural but the discard is laid; a card whose best group holds two naturals
    needs a wild shared with at most one other such card. Four such pairs and one joker
    cannot go out (no card is left without a partner, so counting loners alone passes
    this hand to the search); the quick test refuses it and agrees with the arrangement."""
    from cardtable.engine.going_out import _wilds_short

    hand = list(parse_cards("5H 5S 7C 7D 9S 9H JH JC JK"))  # round 6: eights are wild
    rules = meld_rules(6)
    assert not arrange_hand(hand, 6, discard=True).goes_out
    faces = [c.sort_key() for c in hand if not rules.is_wild(c)]
    assert _wilds_short(faces, 1)
    # Five wilds: one for each pair and one to throw, and it goes out.
    assert not _wilds_short(faces, 5)
    assert goes_out(list(parse_cards("5H 5S 7C 7D 9S 9H JH JC JK 8S 8D 8C 8H")), rules)


@pytest.mark.parametrize("seed", range(3))
def test_the_quick_refusal_never_refuses_a_hand_that_goes_out(seed):
    """The bound before the search is only ever necessary: on hands dense in a few
    suits and ranks (where it matters), a refused hand never goes out."""
    from cardtable.engine.going_out import _wilds_short

    rng = random.Random(100 + seed)
    refused = 0
    for _ in range(1500):
        round_number, hand = _hand(rng)
        rules = meld_rules(round_number)
        faces = [c.sort_key() for c in hand if not rules.is_wild(c)]
        if _wilds_short(faces, len(hand) - len(faces)):
            refused += 1
            assert not arrange_hand(hand, round_number, discard=True).goes_out, \
                (round_number, sorted(c.face for c in hand))
    assert refused > 300  # the test sees the bound at work


def _some_meld_agrees(count, seed):
    from cardtable.engine.going_out import some_meld

    rng = random.Random(seed)
    for _ in range(count):
        round_number, hand = _hand(rng)
        rules = meld_rules(round_number)
        found = some_meld(hand, rules)
        best = arrange_hand(hand, round_number, discard=True)
        faces = (round_number, sorted(c.face for c in hand))
        assert (found is not None) == bool(best.melds and best.discard is not None), faces
        if found is not None:
            meld, discard = found
            assert meld_problem(meld, rules) is None, (faces, meld)
            assert discard in hand and discard not in meld.cards, faces
            assert set(meld.cards) <= set(hand) and len(set(meld.cards)) == len(meld.cards)


def test_a_final_turn_may_lay_down_exactly_when_the_hand_holds_a_group_FC_A8():
    """A final turn lays down whatever groups it can (RULES.md §6.3, FC-A8). The legal
    list proves one can be laid with a single group of three, found without the full
    arrangement: it finds one exactly when the least-penalty arrangement lays anything."""
    _some_meld_agrees(3000, 3)


@pytest.mark.slow
def test_a_final_turn_group_is_found_exactly_when_one_exists_on_many_hands():
    _some_meld_agrees(20000, 4)
