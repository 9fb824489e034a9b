"""The Shanghai leaf value (the Hard search's reading of a mid-round state): the seat's
chance of winning the game, higher for a hand nearer going out and for a bigger lead in
the game, and exact once the game is over."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.ai.leaf import leaf_for
from cardtable.ai.shanghai_search import shanghai_leaf
from cardtable.engine import get_variant
from cardtable.engine.shanghai_rules import Phase

GAMES = ["shanghai_may_i", "shanghai_buy"]
NEAR = "7H 7S 7D QC QH QD 5H 6H 9C KS 4D"
"""Two sets of three: round 1's contract, one card short at most."""
FAR = "7H 8S 9D JC QH KD 5H 6C 9C KS 4D"
"""The same points (the same ranks' worth) in cards that make nothing."""


def _state(game_id, hands, seats=3, round_number=1):
    variant = get_variant(game_id)()
    others = ["3C 4C 6D 8D 10S JS 3H 4H 9H 10H 8C", "3S 4S 6S 8S 10C JC 3D 4D 9D 10D 8H"]
    return variant, variant.position([*hands, *others][:seats], round_number=round_number,
                                     phase=Phase.DRAW, current=1)


def test_the_leaf_is_registered_for_both_games():
    for game_id in GAMES:
        leaf = leaf_for(game_id)
        assert leaf is not None and leaf.value is shanghai_leaf


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_nearer_its_contract_is_worth_more(game_id):
    variant, near = _state(game_id, [NEAR])
    _, far = _state(game_id, [FAR])
    assert sum(variant.points(c) for c in near.hands[0]) == \
        sum(variant.points(c) for c in far.hands[0])
    assert shanghai_leaf(variant, near, 0) > shanghai_leaf(variant, far, 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bigger_lead_in_the_game_is_worth_more(game_id):
    variant, state = _state(game_id, [FAR], round_number=4)
    if game_id == "shanghai_buy":
        small, big = (40, 50, 50), (10, 50, 50)  # penalty points: fewer wins
        values = [shanghai_leaf(variant, replace(state, penalties=p), 0) for p in (small, big)]
    else:
        small, big = (20, 10, 10), (40, 10, 10)  # points earned: more wins
        values = [shanghai_leaf(variant, replace(state, earned=e), 0) for e in (small, big)]
    assert 0.0 < values[0] < values[1] < 1.0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_is_valued_exactly(game_id):
    variant, state = _state(game_id, [FAR], round_number=7)
    totals = (30, 30, 80) if game_id == "shanghai_buy" else (80, 80, 30)
    field = "penalties" if game_id == "shanghai_buy" else "earned"
    over = replace(state, phase=Phase.GAME_OVER, bonus=(0, 0, 0), **{field: totals})
    assert [shanghai_leaf(variant, over, seat) for seat in range(3)] == [0.5, 0.5, 0.0]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_round_just_dealt_is_valued_by_the_totals_alone(game_id):
    """A rollout that ends a round stops at the next deal: those hands are anyone's luck
    and the spread of the round to come already counts them, so a near and a far hand
    dealt are worth the same; once a turn is played, the hand counts."""
    variant, near = _state(game_id, [NEAR])
    _, far = _state(game_id, [FAR])
    dealt = [replace(state, turn=0, current=0) for state in (near, far)]
    assert shanghai_leaf(variant, dealt[0], 0) == shanghai_leaf(variant, dealt[1], 0)
    played = [replace(state, turn=1) for state in (near, far)]
    assert shanghai_leaf(variant, played[0], 0) > shanghai_leaf(variant, played[1], 0)
