"""The Hard search's rollouts play both Shanghai games as Normal plays them: at every
position of Normal self-play (draws, plays, and the calls out of turn: May I, buying,
answering a buy, Shanghai!), the rollout policy read from the state moves as the Normal
bot does from the seat's view, with an equal generator, and its move is legal."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.rollout import policy_for
from cardtable.ai.shanghai_search import ShanghaiRollout
from cardtable.engine.shanghai_rules import Phase

TABLES = [("shanghai_may_i", 2, 300, 4), ("shanghai_may_i", 4, 300, 2),
          ("shanghai_buy", 3, 300, 3), ("shanghai_buy", 5, 300, 1)]


@pytest.mark.parametrize("game_id, seats, moves, games", TABLES)
def test_rollouts_move_as_normal_does_from_the_view(game_id, seats, moves, games):
    normal = make_bot("normal")
    phases: Counter[Phase] = Counter()
    checked = 0
    for game_seed in range(games):
        policy = None
        for game, seat, view in normal_positions(game_id, seats, 40 + game_seed, moves):
            policy = policy or policy_for(game.variant)
            assert isinstance(policy, ShanghaiRollout)
            key = f"{game_seed}:{checked}"
            ours = policy.move(game.state, seat, random.Random(key))
            theirs = normal.choose(view, random.Random(key), 0.0, lambda: False)
            assert ours == theirs, (view.phase, ours, theirs)
            game.variant.apply(game.state, seat, ours)  # raises if illegal
            phases[view.phase] += 1
            checked += 1
    assert checked >= moves * games // 2  # 3,000 positions over the four tables
    for phase in (Phase.CALLS, Phase.DRAW, Phase.PLAY):
        assert phases[phase] > 0
    if game_id == "shanghai_buy":
        assert phases[Phase.BUY_ANSWER] > 0


def test_rollouts_call_shanghai_as_normal_does():
    """May I's Shanghai! window (a discard that fits the table), which Normal's own
    games seldom open: each seat awaited answers as the Normal bot does."""
    from cardtable.engine import CallShanghai, get_variant

    variant = get_variant("shanghai_may_i")()
    state = variant.position(["3C 4C 6D", "KC KD", "QS 10D JD 4S"], discard="9H",
                             stock="3D 4D 5D 7D", current=1, discarder=0,
                             phase=Phase.SHANGHAI,
                             melds={1: ["set: 7C 7S 7D", "run: 5H 6H 7H 8H"]})
    policy = policy_for(variant)
    normal = make_bot("normal")
    answers = []
    for seat in variant.awaiting(state):
        ours = policy.move(state, seat, random.Random(seat))
        theirs = normal.choose(variant.observe(state, seat), random.Random(seat), 0.0,
                               lambda: False)
        assert ours == theirs
        answers.append(ours)
        state = variant.apply(state, seat, ours).state
    assert any(isinstance(answer, CallShanghai) for answer in answers)
