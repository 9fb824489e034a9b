"""Palace's hooks for the Hard search (cardtable/ai/palace_search.py): rollouts play the
Normal player's very moves without building views, and the search weighs the big sheds."""

from __future__ import annotations

import random

import pytest
from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.candidates import candidates
from cardtable.ai.palace_bot import reserve_strength, special
from cardtable.ai.palace_search import PalaceRollout, palace_leaf
from cardtable.ai.rollout import policy_for
from cardtable.engine import Game, Place
from cardtable.engine.data import evolve
from cardtable.engine.palace import Palace, PalaceState, Phase


def _self_play_states(count: int) -> list[tuple[Palace, PalaceState, int]]:
    """States of Normal self-play at 2 to 6 seats, setup included, with the seat to move."""
    found: list[tuple[Palace, PalaceState, int]] = []
    seed = 0
    while len(found) < count:
        seats = 2 + seed % 5
        for game, seat, _ in normal_positions("palace", seats, 500 + seed, 400):
            assert isinstance(game.variant, Palace) and isinstance(game.state, PalaceState)
            found.append((game.variant, game.state, seat))
        seed += 1
    return found[:count]


def test_palace_rollouts_play_normals_move_from_the_state_without_a_view():
    normal = make_bot("normal")
    states = _self_play_states(2000)
    phases = set()
    for index, (variant, state, seat) in enumerate(states):
        policy = policy_for(variant)
        assert isinstance(policy, PalaceRollout)
        fast = policy.move(state, seat, random.Random(index))
        view = variant.observe(state, seat)
        assert fast == normal.choose(view, random.Random(index), 0.0, lambda: False)
        assert variant.problem(state, seat, fast) is None
        phases.add((state.phase, state.hands[seat] == ()))
    assert phases >= {(Phase.PICK_HIDDEN, True), (Phase.BUILD_RESERVE, False),
                      (Phase.PLAY, False), (Phase.PLAY, True)}


def test_palace_search_weighs_every_big_shed_when_there_are_many_placements():
    """A hand of many ranks offers more placements than the search weighs; the ones it
    keeps are the biggest sheds, and a 2 or an ace (but a long straight from a 2) only
    when nothing else is left."""
    game, _ = Game.new("palace", 2, 1)
    variant = game.variant
    assert isinstance(variant, Palace)
    state = variant.position(["3S 4H 5D 6C 7S 7H 8D 9C 2H AS KD KC", "5H"], deck="QH")
    view = variant.observe(state, 0)
    assert len(view.legal) > 20
    planned = next(a for a in view.legal if isinstance(a, Place) and len(a.cards) == 1)
    kept = candidates(view, planned, 10, random.Random(1))
    rivals = [a for a in kept[1:] if isinstance(a, Place)]
    biggest = sorted((len(a.cards) for a in view.legal if isinstance(a, Place)
                      and a != planned), reverse=True)[:9]
    assert sorted((len(a.cards) for a in rivals), reverse=True) == biggest
    assert not any(special(a.cards) for a in rivals)


def _leaf(state: PalaceState, seat: int) -> float:
    return palace_leaf(Palace(), state, seat)


def test_palace_leaf_values_a_finished_game_exactly():
    variant = Palace()
    state = variant.position(["5S", "KD KH"], hidden=["", "2C 3C 4C"], current=0)
    won = variant.apply(state, 0, Place(state.hands[0])).state
    assert won.phase is Phase.GAME_OVER
    assert (_leaf(won, 0), _leaf(won, 1)) == (1.0, 0.0)
    drawn = evolve(won, winner=None)  # the placement cap ends a game as a draw (P-A12)
    assert (_leaf(drawn, 0), _leaf(drawn, 1)) == (0.5, 0.5)


def test_palace_leaf_a_hand_nearer_going_out_is_worth_more_while_the_deck_lasts():
    variant = Palace()
    near = variant.position(["5S 6H 9D", "4C 7D 8H JS QS KC"], deck="3D 3H")
    far = variant.position(["5S 6H 9D JS QS KC", "4C 7D 8H"], deck="3D 3H")
    assert _leaf(near, 0) > 0.5 > _leaf(far, 0)
    assert _leaf(near, 0) + _leaf(near, 1) == pytest.approx(1.0)
    further = variant.position(["5S 6H 9D JS QS KC", "4C"], deck="3D 3H")
    assert _leaf(further, 0) < _leaf(far, 0)  # the other seat nearer out: worth less


def test_palace_leaf_plays_a_dry_game_out_to_see_who_wins():
    """With the deck gone the end is near: the leaf plays it out. A seat whose last card
    plays next wins; the same seat holding cards nothing can beat loses."""
    variant = Palace()
    out_next = variant.position(["9S", "4C 4D 5H 6S 7D"], hidden=["", "3C 3D 3H"],
                                stack=["8H"], current=0)
    assert _leaf(out_next, 0) == 1.0
    stuck = variant.position(["3S 4H 5D 6C 8C", "QC"], hidden=["", ""], stack=["KH"],
                             current=0)
    assert _leaf(stuck, 0) == 0.0


def test_palace_search_weighs_the_strongest_reserve_placements_in_setup():
    variant = Palace()
    state = variant.position(["5S 6H 7D 8C 9S 10D", "2C"], deck="JD QD KD 3C 3H")
    view = variant.observe(evolve(state, phase=Phase.BUILD_RESERVE), 0)
    assert len(view.legal) > 10
    planned, *others = view.legal
    kept = candidates(view, planned, 10, random.Random(1))
    strongest = sorted(others, key=lambda a: reserve_strength(a.cards), reverse=True)[:9]
    assert {reserve_strength(a.cards) for a in kept[1:]} == \
        {reserve_strength(a.cards) for a in strongest}
