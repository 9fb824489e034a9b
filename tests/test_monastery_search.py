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
