"""The Shanghai go-down search is complete: it finds a contract whenever a brute force
over every choice of groups does, its go-down passes the engine's own check, and it lays
the most penalty points (RULES.md §4.2, §5.2, S2-A6, §8; docs/rules/shanghai_may_i.md §3.3,
docs/rules/shanghai_buy.md §3.3)."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Meld, MeldKind, parse_cards, standard_deck
from cardtable.engine.contract_search import best_go_down
from cardtable.engine.contracts import contract_problem
from cardtable.engine.melds import run_problem, set_problem
from cardtable.engine.shanghai_rules import CONTRACTS, contract_rules, penalty

GAMES = {"may_i": True, "buy": False}


def value_of(may_i):
    return lambda card: penalty(card, may_i)


# ------------------------------------------------------------------- the brute force

def _groups(naturals, wilds, rules, kind):
    """Every (naturals, wild count) that can be this kind of group on its own."""
    found = []
    check = set_problem if kind is MeldKind.SET else run_problem
    least = rules.min_set if kind is MeldKind.SET else rules.min_run
    for size in range(1, len(naturals) + 1):
        for chosen in combinations(naturals, size):
            for extra in range(0, min(size, wilds) + 1):
                if size + extra < least:
                    continue
                if check(list(chosen) + wilds_stub(extra), rules) is None:
                    found.append((frozenset(chosen), extra))
    return found


def wilds_stub(count):
    return list(parse_cards(" ".join(["JK"] * count))) if count else []


def _laid_runs(naturals, extra, rules):
    """Every laid order of a run (naturals at their positions, wilds elsewhere)."""
    length = len(naturals) + extra
    orders = []
    for start in range(rules.run_low, rules.run_high - length + 2):
        for values in product(*(rules.natural_values(c) for c in naturals)):
            if len(set(values)) != len(values):
                continue
            if all(start <= v < start + length for v in values):
                orders.append((start, dict(zip(values, naturals))))
    return orders


def brute_force(hand, contract, crules, value):
    """The most penalty points any valid go-down lays, or None."""
    rules = crules.melds
    naturals = [c for c in hand if not rules.is_wild(c)]
    wilds = sorted((c for c in hand if rules.is_wild(c)), key=value, reverse=True)
    sets = _groups(naturals, len(wilds), rules, MeldKind.SET) if contract.sets else []
    runs = _groups(naturals, len(wilds), rules, MeldKind.RUN) if contract.runs else []
    best = None
    for chosen_sets in combinations(sets, contract.sets):
        for chosen_runs in combinations(runs, contract.runs):
            groups = chosen_sets + chosen_runs
            used = [c for g, _ in groups for c in g]
            if len(used) != len(set(used)):
                continue
            total_wilds = sum(extra for _, extra in groups)
            if total_wilds > len(wilds):
                continue
            got = sum(value(c) for c in used) + sum(value(w) for w in wilds[:total_wilds])
            if best is not None and got <= best:
                continue
            if _some_order_valid(chosen_sets, chosen_runs, wilds, contract, crules):
                best = got
    return best


def _some_order_valid(sets, runs, wilds, contract, crules):
    pool = list(wilds)
    set_melds = []
    for chosen, extra in sets:
        set_melds.append(Meld(MeldKind.SET, tuple(chosen) + tuple(pool.pop()
                                                                  for _ in range(extra))))
    run_wilds = []
    for _, extra in runs:
        run_wilds.append([pool.pop() for _ in range(extra)])
    options = [_laid_runs(list(chosen), extra, crules.melds) for chosen, extra in runs]
    for laid in product(*options):
        melds = list(set_melds)
        for (start, at), (chosen, extra), spare in zip(laid, runs, run_wilds):
            spare = list(spare)
            length = len(chosen) + extra
            cards = tuple(at[p] if p in at else spare.pop()
                          for p in range(start, start + length))
            melds.append(Meld(MeldKind.RUN, cards))
        if contract_problem(melds, contract, crules) is None:
            return True
    return False


def check(hand, round_number, may_i, same_rank=False):
    contract, crules = CONTRACTS[round_number - 1], contract_rules(may_i, same_rank)
    value = value_of(may_i)
    found = best_go_down(hand, contract, crules, value)
    expected = brute_force(hand, contract, crules, value)
    if found is not None:
        assert contract_problem(found, contract, crules) is None, found
        laid = [c for meld in found for c in meld.cards]
        assert len(laid) == len(set(laid)) and set(laid) <= set(hand)
        assert expected is not None
        assert sum(value(c) for c in laid) == expected, (hand, found)
    else:
        assert expected is None, (sorted(c.face for c in hand), round_number, may_i)
    # The legal-move list asks only whether there is one: the first found must exist
    # exactly when the best does, and pass the same check.
    first = best_go_down(hand, contract, crules, value, first_found=True)
    assert (first is None) == (found is None), (hand, round_number, may_i)
    if first is not None:
        assert contract_problem(first, contract, crules) is None, first
        laid = [c for meld in first for c in meld.cards]
        assert len(laid) == len(set(laid)) and set(laid) <= set(hand)


# ------------------------------------------------------------------ the named gaps

def test_a_run_may_leave_a_natural_in_its_span_to_a_set_buying_round_2():
    hand = parse_cards("7H 7S 2C 5H 6H 8H 2D")
    found = best_go_down(hand, CONTRACTS[1], contract_rules(False, False), value_of(False))
    assert found is not None
    assert {c.face for m in found if m.kind is MeldKind.SET for c in m.cards} == \
        {"7S", "7H", "2D"}


def test_two_same_suit_runs_from_two_decks_may_i_round_3_S2_A6():
    hand = parse_cards("3H 4H 5H 6H 3H 4H 5H 6H")
    found = best_go_down(hand, CONTRACTS[2], contract_rules(True, False), value_of(True))
    assert found is not None and len(found) == 2
    assert all(meld.kind is MeldKind.RUN and len(meld.cards) == 4 for meld in found)


def test_same_suit_runs_that_would_touch_are_not_offered_May_I():
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H")
    assert best_go_down(hand, CONTRACTS[2], contract_rules(True, False), value_of(True)) is None


def test_a_spare_wild_can_part_runs_that_would_touch_May_I():
    # 3-6♥ and 7-10♥ touch; a joker below the second run makes them overlap instead.
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JK")
    found = best_go_down(hand, CONTRACTS[2], contract_rules(True, False), value_of(True))
    assert found is not None
    check(hand, 3, True)



def test_three_runs_of_one_suit_kept_apart_only_by_a_longer_run_are_found_May_I():
    """Found by a random search over hands of hearts: the legal list first looks for
    the contract cut to its least (runs of four), where 3-6♥, 7-10♥ and J-K♥ or any other
    choice touch; only a five-card middle run (6-10♥) keeps the three runs apart, so the
    proof of existence must fall back on the whole search rather than say "none"."""
    hand = parse_cards("3H 4H 5H 6H 6H 6H 7H 8H 9H 10H 10H JH QH QH KH")
    crules = contract_rules(True, False)
    first = best_go_down(hand, CONTRACTS[6], crules, value_of(True), first_found=True)
    assert first is not None
    assert contract_problem(first, CONTRACTS[6], crules) is None
    assert sorted(len(meld.cards) for meld in first) == [4, 4, 5]
    check(hand, 7, True)

@pytest.mark.parametrize("may_i", [True, False])
@pytest.mark.parametrize("round_number", range(1, 8))
def test_worked_hands_agree_with_the_brute_force(may_i, round_number):
    rng = random.Random(round_number * 10 + may_i)
    deck = standard_deck(2 if may_i else 3, 2)
    for _ in range(6):
        check(rng.sample(deck, 11), round_number, may_i)


# --------------------------------------------------------------- the properties

def _deck(may_i, decks):
    return standard_deck(decks, 2)


def _dense(rng, deck, size, wilds_wanted):
    """Cards from two suits and seven ranks: many melds, many ways to lay them."""
    suits = rng.sample(["S", "H", "D", "C"], 2)
    low = rng.randint(1, 8)
    ranks = {r for r in range(low, low + 7)} - {2}
    naturals = [c for c in deck if not c.is_joker and int(c.rank) in ranks
                and c.suit.value in suits]
    return _with_wilds(rng, deck, naturals, size, wilds_wanted)


def _with_wilds(rng, deck, naturals, size, wilds_wanted):
    wilds = [c for c in deck if c.is_joker or int(c.rank) == 2]
    count = min(wilds_wanted, size, len(wilds))
    return rng.sample(wilds, count) + rng.sample(naturals, min(len(naturals), size - count))


def _uniform(rng, deck, size, wilds_wanted):
    naturals = [c for c in deck if not (c.is_joker or int(c.rank) == 2)]
    return _with_wilds(rng, deck, naturals, size, wilds_wanted)


def _near_boundary(rng, deck, size, wilds_wanted, round_number, may_i):
    """A hand that makes the contract, as it is or with one laid card swapped for a
    random other (so often one card short)."""
    contract, crules = CONTRACTS[round_number - 1], contract_rules(may_i, False)
    for _ in range(40):
        hand = _dense(rng, deck, size, wilds_wanted)
        found = best_go_down(hand, contract, crules, value_of(may_i))
        if found is not None:
            if rng.random() < 0.4:
                return hand
            laid = [c for meld in found for c in meld.cards]
            out = rng.choice(laid)
            rest = [c for c in deck if c not in hand]
            return [c for c in hand if c != out] + [rng.choice(rest)]
    return _dense(rng, deck, size, wilds_wanted)


SHAPES = {"uniform": _uniform, "dense": _dense}


def _hand(seed, shape, may_i, round_number):
    rng = random.Random(seed)
    decks = rng.choice([2, 3] if may_i else [3]) if may_i else 3
    deck = _deck(may_i, decks)
    size = rng.randint(7, 12)
    wilds_wanted = rng.randint(0, 6)
    if shape == "boundary":
        return _near_boundary(rng, deck, size, wilds_wanted, round_number, may_i)
    return SHAPES[shape](rng, deck, size, wilds_wanted)


CASES = given(seed=st.integers(0, 2**32),
              shape=st.sampled_from(["uniform", "dense", "boundary"]), may_i=st.booleans(),
              round_number=st.integers(1, 7), same_rank=st.booleans())
"""A hand from the real deck (uniform, dense, or planted at the boundary), a game, a
round and the same-rank option."""


def _examples(count):
    return settings(max_examples=count, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@_examples(60)
@CASES
def test_the_search_finds_a_go_down_whenever_one_exists(seed, shape, may_i, round_number,
                                                        same_rank):
    check(_hand(seed, shape, may_i, round_number), round_number, may_i, same_rank)


@pytest.mark.slow
@_examples(3000)
@CASES
def test_the_search_is_complete_on_thousands_of_hands(seed, shape, may_i, round_number,
                                                      same_rank):
    check(_hand(seed, shape, may_i, round_number), round_number, may_i, same_rank)


def test_two_sets_of_one_rank_share_its_naturals_in_the_wilds_bound():
    """Found by the completeness property (seed 47414): with the same-rank option, six
    threes make both sets of round 5 with no wild, and the joker completes the run; the
    search's wild bound counted the second set of threes as needing two wilds."""

    hand = parse_cards("3D 3D 3D 3S 3S 3S 5D 6D 7D 7S AS JK")
    check(hand, 5, True, same_rank=True)
    contract, crules = CONTRACTS[4], contract_rules(True, True)
    assert best_go_down(hand, contract, crules, value_of(True)) is not None


# ---------------------------------------------- keeping cards back when buying (§5.2)

def _keeps_a_card(hand, round_number, best):
    """Whether the go-downs offered for this buying hand include one that leaves a card
    in hand (one a player who took the discard may make: going out is barred)."""
    from cardtable.engine.shanghai_checks import go_down_offers

    contract, crules = CONTRACTS[round_number - 1], contract_rules(False, False)
    offers = go_down_offers(tuple(hand), contract, crules, False, best=best)
    for melds in offers:
        assert contract_problem(melds, contract, crules) is None, melds
        laid = [c for meld in melds for c in meld.cards]
        assert len(laid) == len(set(laid)) and set(laid) <= set(hand)
    return any(sum(len(m.cards) for m in melds) < len(hand) for melds in offers)


def test_a_player_who_took_the_discard_may_go_down_keeping_cards_back_buying():
    """Found in review: the go-down found laid all twelve cards, which a player who took
    the discard may not do, and no smaller one was offered though 4 + 3 + 4 leaves one."""
    hand = parse_cards("2S.1 2H.0 2D.0 2D.1 7D.1 8D.0 8D.1 10D.0 2C.0 8C.0 8C.1 10C.0")
    assert _keeps_a_card(hand, 5, best=False)
    assert _keeps_a_card(hand, 5, best=True)


@_examples(300)
@given(seed=st.integers(0, 2**32), round_number=st.integers(1, 7),
       shape=st.sampled_from(["uniform", "dense", "boundary"]))
def test_a_go_down_keeping_a_card_back_is_offered_whenever_one_exists_buying(
        seed, round_number, shape):
    hand = _hand(seed, shape, False, round_number)
    contract = CONTRACTS[round_number - 1]
    least = contract.sets * 3 + contract.runs * 4
    exists = best_go_down(hand, contract, contract_rules(False, False),
                          value_of(False)) is not None
    for best in (False, True):
        assert _keeps_a_card(hand, round_number, best) == (exists and len(hand) > least)


@pytest.mark.slow
@_examples(2000)
@CASES
def test_the_wilds_bound_never_refuses_a_hand_that_holds_the_contract(
        seed, shape, may_i, round_number, same_rank):
    """The one-pass bound the list asks first (``_surely_short``: each set alone, the
    runs shared among the suits) and the two it asks when the greedy tries fail (the
    sets' choices, then the runs without the copies they must take; the runs of one
    suit, each from the copies the others leave), against the exact search run
    without them."""
    from cardtable.engine.contract_search import (
        _runs_of_a_suit_short,
        _Search,
        _sets_leave_runs_short,
        _surely_short,
    )

    hand = _hand(seed, shape, may_i, round_number)
    contract, crules = CONTRACTS[round_number - 1], contract_rules(may_i, same_rank)
    if _surely_short(hand, contract, crules) or _sets_leave_runs_short(hand, contract, crules) \
            or _runs_of_a_suit_short(hand, contract, crules):
        assert _Search(hand, contract, crules, value_of(may_i), True).run() is None, \
            (sorted(c.face for c in hand), round_number, may_i)


def test_a_set_and_a_run_that_both_need_the_fours_are_refused_before_the_search_May_I():
    """Round 2 (a set and a run), one joker: the fours make the set (4♠ 4♠ 4♦) or the
    spade run (A-5♠ needs a four and the joker), never both, and every other set needs
    the joker too. Each bound alone lets the hand through; the sets' choices refuse it."""
    from cardtable.engine.contract_search import _sets_leave_runs_short

    _refused_before_the_search("JK AS 3S 4S 4S 5S 10S 3H 6H 4D 10D AC", 2,
                               _sets_leave_runs_short)


def _refused_before_the_search(faces, round_number, bound):
    """A May I hand the one-pass bound lets through, ``bound`` refuses, and no go-down
    exists (the search and the brute force agree)."""
    from cardtable.engine.contract_search import _surely_short

    hand = parse_cards(faces)
    contract, crules = CONTRACTS[round_number - 1], contract_rules(True, False)
    assert not _surely_short(hand, contract, crules)
    assert bound(hand, contract, crules)
    assert best_go_down(hand, contract, crules, value_of(True)) is None
    assert brute_force(hand, contract, crules, value_of(True)) is None


def test_a_second_run_of_a_suit_needs_copies_the_first_leaves_May_I_round_3():
    """Two wilds: 9-Q♠ is a run with one wild, but a second run of spades has only 3♠ 4♠
    (or the second Q♠) left and needs two more, and clubs (9 10 K) need two as well.
    The one-pass bound lets each spade run do as well as the best; the bound by a
    suit's copies refuses the hand before the search."""
    from cardtable.engine.contract_search import _runs_of_a_suit_short

    _refused_before_the_search("3S 4S 4S 9S 10S QS QS 3H 6H QH 2D 6D 2C 9C 10C KC", 3,
                               _runs_of_a_suit_short)


@pytest.mark.parametrize("may_i", [True, False])
def test_the_tally_counts_each_suit_rank_and_the_wilds_as_a_plain_count(may_i):
    from cardtable.engine.contract_search import (
        _IN_SUIT_AT,
        _SUITS_AT,
        _TOTALS_AT,
        _WILDS_AT,
        _tally,
        _tallying,
    )

    rules = contract_rules(may_i, False).melds
    rng = random.Random(may_i)
    deck = standard_deck(3, 2)
    for _ in range(200):
        hand = rng.sample(deck, rng.randint(0, 40))
        tally = _tally(hand, _tallying(rules).packed)
        naturals = [c for c in hand if not rules.is_wild(c)]
        assert tally[_WILDS_AT] == len(hand) - len(naturals)
        for suit_index, suit in enumerate(("S", "H", "D", "C")):
            in_suit = [c for c in naturals if c.suit.value == suit]
            assert tally[_IN_SUIT_AT + suit_index] == len(in_suit)
            for rank in range(1, 14):
                assert tally[_SUITS_AT[suit_index] + rank] == \
                    sum(1 for c in in_suit if int(c.rank) == rank)
        for rank in range(1, 14):
            assert tally[_TOTALS_AT + rank] == sum(1 for c in naturals if int(c.rank) == rank)


def _least_run_wilds_by_every_span(ranks, shape):
    """The plain definition: every run from one natural to another of the suit, its gaps
    and the cards it lacks to reach the least length, where naturals are not outnumbered."""
    from cardtable.engine.contract_search import _rank_at

    low, high, longest, least, aces = shape
    present = [p for p in range(low, high + 1)
               if ranks >> _rank_at(p) & 1 and (_rank_at(p) != 1 or p in aces)]
    best = 99
    for i, first in enumerate(present):
        for j in range(i + 1, len(present)):
            span = present[j] - first + 1
            if span > longest:
                break
            naturals = j - i + 1
            need = span - naturals + max(0, least - span)
            if need <= naturals:
                best = min(best, need)
    return best


@pytest.mark.parametrize("game_id", ["shanghai_may_i", "shanghai_buy"])
def test_a_suits_least_run_wilds_is_its_best_window_of_the_least_length(game_id):
    """The bound reads the best window of four positions; any longer run does no better,
    for every set of ranks a suit can hold."""
    from cardtable.engine import get_variant
    from cardtable.engine.contract_search import _least_run_wilds, _run_shape

    rules = get_variant(game_id)().rules
    shape = _run_shape(rules)
    for ranks in range(0, 1 << 14, 2):  # bits 1 (ace) … 13 (king)
        assert _least_run_wilds(ranks, rules) == _least_run_wilds_by_every_span(ranks, shape)


@pytest.mark.parametrize("game_id", ["shanghai_may_i", "shanghai_buy"])
def test_the_bound_reads_a_suits_least_run_wilds_from_its_tally(game_id):
    """``_surely_short`` looks a suit up by its presence bytes: the same answer as the
    plain definition, for every set of ranks a suit can hold."""
    from cardtable.engine import get_variant
    from cardtable.engine.contract_search import (
        _LEAST_RUN_WILDS,
        _NONE,
        _PRESENCE,
        _run_shape,
        _tallying,
    )

    rules = get_variant(game_id)().rules
    shape = _run_shape(rules)
    code = _tallying(rules).shape
    filled = len(_LEAST_RUN_WILDS)
    for ranks in range(0, 1 << 14, 2):
        presence = bytes(ranks >> rank & 1 for rank in range(16))
        expected = _least_run_wilds_by_every_span(ranks, shape) if ranks else _NONE
        assert min(_LEAST_RUN_WILDS[code | int.from_bytes(presence, "little")], _NONE) == \
            min(expected, _NONE)
        # The runs' bound of the search reads the same table by the ranks' bit mask.
        assert _PRESENCE[ranks >> 1] == int.from_bytes(presence, "little")
    assert len(_LEAST_RUN_WILDS) == filled, "the rules' first use filled the whole table"
