"""Monastery's search hooks (cardtable/ai/monastery_search.py): the rollout policy plays
Normal's moves straight from the state."""

from __future__ import annotations

import random

from bot_games import normal_positions

from cardtable.ai.bots import NormalBot
from cardtable.ai.monastery_search import MonasteryRollout
from cardtable.ai.rollout import policy_for
from cardtable.engine import get_variant
from cardtable.engine.monastery import Monastery


def test_the_rollout_policy_is_the_registered_one():
    assert isinstance(policy_for(Monastery()), MonasteryRollout)


def test_the_rollout_policy_plays_normals_move_on_thousands_of_self_play_states():
    """Every phase, 2 to 4 seats, from the deal to the game's end: the move read straight
    from the state is the one Normal makes from the seat's view with the same generator,
    and it is legal."""
    normal = NormalBot()
    policy = MonasteryRollout(get_variant("monastery")())
    checked = 0
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)):
        for game, seat, view in normal_positions("monastery", seats, seed, 400):
            expected = normal.choose(view, random.Random(checked), 0.0, lambda: False)
            moved = policy.move(game.state, seat, random.Random(checked))
            assert moved == expected, (seed, game.state.turn)
            assert game.variant.problem(game.state, seat, moved) is None
            checked += 1
    assert checked >= 2000


# --- the leaf value ----------------------------------------------------------------------

def _leaf(state, seat=0):
    from cardtable.ai.monastery_search import monastery_leaf

    return monastery_leaf(Monastery(), state, seat)


def test_a_hand_nearer_its_next_mission_is_worth_more():
    game = Monastery()
    far = game.position(["2S 5H 9D JC KS 4D 7C 10H QD", "3S 3H 3D 8C 8S 8D JC JD JH"],
                        stock="2C 3C 4C", discard="5S")
    near = game.position(["2S 3S 4S 5S 9D JC KS 7C 10H", "3S 3H 3D 8C 8S 8D JC JD JH"],
                         stock="2C 3C 4C", discard="5D")
    assert _leaf(near) > _leaf(far)


def test_a_bigger_lead_in_missions_is_worth_more():
    game = Monastery()
    hands = ["2S 5H 9D JC KS 4D 7C 10H QD", "3S 4H 9C 8C 6S 8D JC 2D QH"]
    level = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1], 1: [2]})
    ahead = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1, 2, 3], 1: [2]})
    far_ahead = game.position(hands, stock="2C 3C 4C", discard="5S",
                              done={0: [1, 2, 3, 4, 5], 1: [2]})
    assert _leaf(level) < _leaf(ahead) < _leaf(far_ahead) < 1
    assert _leaf(ahead, 1) < _leaf(level, 1)


def test_a_finished_game_is_valued_exactly():
    import dataclasses

    from cardtable.engine.monastery import Phase

    game = Monastery()
    hands = ["2S 5H 9D", "3S 4H 9C"]
    won = game.position(hands, done={0: list(range(1, 10)), 1: [2]})
    won = dataclasses.replace(won, phase=Phase.GAME_OVER)
    assert _leaf(won, 0) == 1.0 and _leaf(won, 1) == 0.0
    tied = dataclasses.replace(game.position(hands, done={0: [1], 1: [2]}),
                               phase=Phase.GAME_OVER)
    assert _leaf(tied, 0) == _leaf(tied, 1) == 0.5
