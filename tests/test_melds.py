"""Meld validation under each game's wild rules (RULES.md §7.3, §8; docs/rules/README.md §4).

Five Crowns' rules come from the engine; the contract-rummy and Monastery rules are built
here from the same ``MeldRules`` parameters, to show the machinery carries their examples.
"""

import pytest

from cardtable.engine import MeldRules, Rank, SuitRule, parse_cards
from cardtable.engine.five_crowns import meld_rules as crowns_rules
from cardtable.engine.melds import (
    order_run,
    run_positions,
    run_problem,
    run_problem_as_laid,
    set_problem,
)

MAY_I = MeldRules(wild_ranks=frozenset({Rank.TWO}), naturals_at_least_wilds=True, min_set=3,
                  min_run=4, run_low=1, run_high=14, ace_values=(1, 14))
BUYING = MeldRules(wild_ranks=frozenset({Rank.TWO}), naturals_at_least_wilds=True,
                   min_set=3, min_run=4, run_low=3, run_high=14, ace_values=(14,))
MONASTERY = MeldRules(jokers_wild=False, aces_wild_in_suit=True, min_set=3, min_run=3,
                      run_low=1, run_high=13)


def cards(text):
    return parse_cards(text)


# ----------------------------------------------------------------------- Five Crowns

@pytest.mark.parametrize("text", ["9D 7C JD", "6D 7* 7* 9D", "5H 6H 7S"])
def test_fc_t2_runs_accepted_with_sevens_wild(text):
    assert run_problem(cards(text), crowns_rules(5)) is None


def test_fc_t2_run_must_be_one_suit():
    assert run_problem(cards("5H 6H 8S"), crowns_rules(5)) == "a run must be all one suit"


def test_fc_t2_run_cannot_hold_two_of_a_rank():
    assert run_problem(cards("5H 6H 6H 7H"), crowns_rules(5)) == "a run can't hold two sixes"


def test_fc_t4_books_accepted():
    assert set_problem(cards("8S QS Q*"), crowns_rules(6)) is None      # 8s wild
    assert set_problem(cards("KS KD KH KH"), crowns_rules(6)) is None
    assert set_problem(cards("5H 5S JK"), crowns_rules(3)) is None      # all wild


def test_fc_a5_all_wild_meld_is_a_book_and_a_run():
    assert set_problem(cards("JK JK 7*"), crowns_rules(5)) is None
    assert run_problem(cards("JK JK 7*"), crowns_rules(5)) is None


def test_fc_book_must_be_one_rank():
    assert set_problem(cards("8S QS 9*"), crowns_rules(1)) == "a book must be all one rank"


def test_fc_a4_runs_stop_at_three_and_king():
    rules = crowns_rules(1)  # threes wild
    assert run_problem_as_laid(cards("JH QH KH 3C"), rules) is not None   # no K-3 wrap
    assert run_problem_as_laid(cards("3C JH QH KH"), rules) is None       # 3C = 10H
    assert run_positions(cards("3C JH QH KH"), rules) == (10, 11, 12, 13)


def test_fc_run_in_wrong_order_is_refused_as_laid_but_valid_unordered():
    rules = crowns_rules(5)
    assert run_problem(cards("9D 7C JD"), rules) is None
    reason = run_problem_as_laid(cards("7C 9D JD"), rules)
    assert reason is not None and "order" in reason
    assert order_run(cards("9D 7C JD"), rules) == cards("9D 7C JD")


def test_fc_twelve_card_run_is_impossible():
    rules = crowns_rules(11)
    assert run_problem(cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KS KD"), rules) is not None


# -------------------------------------------------------------------- Shanghai, May I

def test_s2_t2_sets_need_naturals_at_least_wilds():
    assert set_problem(cards("QC QC 2S"), MAY_I) is None
    assert set_problem(cards("QC 2S JK"), MAY_I) == \
        "a meld needs at least as many natural cards as wild cards"


def test_s2_t3_run_with_a_two_standing_in():
    assert run_problem(cards("5H 6H 2C 8H"), MAY_I) is None
    assert run_problem(cards("5H 6H 7D 8H"), MAY_I) == "a run must be all one suit"


def test_s2_t5_aces_high_or_low_never_both():
    assert run_problem_as_laid(cards("JD QD KD AD"), MAY_I) is None
    assert run_problem_as_laid(cards("AD 2D 3D 4D"), MAY_I) is None
    assert run_problem(cards("QD KD AD 2D"), MAY_I) is None
    assert run_problem(cards("KD AD 2D 3D"), MAY_I) is not None


# ----------------------------------------------------------------- Shanghai, buying

def test_s3_t2_sets():
    assert set_problem(cards("8S 8H 2C"), BUYING) is None
    assert set_problem(cards("8S 2C JK"), BUYING) is not None
    assert set_problem(cards("8S 8H 2C JK"), BUYING) is None
    assert set_problem(cards("2S 2H 2D"), BUYING) is not None


def test_s3_t3_runs_aces_high_only():
    assert run_problem_as_laid(cards("JH QH KH AH"), BUYING) is None
    assert run_problem(cards("AH 2H 3H 4H"), BUYING) is not None
    assert run_problem_as_laid(cards("3S 4S 5S JK"), BUYING) is None
    assert run_problem_as_laid(cards("JK 3S 4S 5S"), BUYING) is not None
    assert run_problem_as_laid(cards("QH KH AH JK"), BUYING) is not None
    assert run_problem(cards("QH KH AH JK"), BUYING) is None
    assert run_problem_as_laid(cards("JK QH KH AH"), BUYING) is None
    assert run_problem(cards("5D 6D 7C 8D"), BUYING) == "a run must be all one suit"


# ------------------------------------------------------------------------ Monastery

def test_m_t1_mission_one_sets_in_colour():
    colour = SuitRule.SAME_COLOUR
    assert set_problem(cards("10S 10C 10S"), MONASTERY, colour) is None
    assert set_problem(cards("JH JD JH"), MONASTERY, colour) is None
    assert set_problem(cards("10S 10C AC"), MONASTERY, colour) is None
    assert set_problem(cards("JH JD AH"), MONASTERY, colour) is None
    assert set_problem(cards("10S 10H 10C"), MONASTERY, colour) == \
        "a set must be all one colour"
    assert set_problem(cards("10S 10H 10C"), MONASTERY) is None        # fine for mission 2
    assert set_problem(cards("10S 10C AH"), MONASTERY, colour) is not None


def test_m_t2_mission_three_run_ignores_suits():
    assert run_problem(cards("2S 3H 4D 5C"), MONASTERY, SuitRule.ANY) is None
    assert run_problem(cards("9H 10C AS QS"), MONASTERY, SuitRule.ANY) is None
    assert run_problem(cards("2S 3H 5D 6C"), MONASTERY, SuitRule.ANY) is not None


def test_m_t3_mission_four_run_in_suit_with_aces_of_that_suit():
    suit = SuitRule.SAME_SUIT
    assert run_problem(cards("8S 9S 10S JS QS"), MONASTERY, suit) is None
    assert run_problem(cards("8S 9S AS JS QS"), MONASTERY, suit) is None
    assert run_problem(cards("8S 9S 10S JS QH"), MONASTERY, suit) is not None
    assert run_problem(cards("8S 9S AH JS QS"), MONASTERY, suit) == "a run must be all one suit"


def test_m_t4_mission_five_run_in_colour():
    colour = SuitRule.SAME_COLOUR
    assert run_problem(cards("3H 4D 5H 6H 7D 8D"), MONASTERY, colour) is None
    assert run_problem(cards("3H 4D AD 6H 7D 8D"), MONASTERY, colour) is None
    assert run_problem(cards("3H 4D 5S 6H 7D 8D"), MONASTERY, colour) is not None


def test_m_a4_no_ace_high_and_no_wrap():
    assert run_problem_as_laid(cards("QS KS AS"), MONASTERY) is not None   # AS above K
    assert run_problem_as_laid(cards("AS QS KS"), MONASTERY) is None       # AS = JS
    assert run_problem(cards("KS AS 2S"), MONASTERY) is not None         # K..2 never joins
