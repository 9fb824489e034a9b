"""Five Crowns in the Hard search: its rollouts play Normal's moves straight from the
sampled state, and its leaf reads a state as the seat's chance of winning the game."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardtable.ai import make_bot
from cardtable.ai.five_crowns_search import FiveCrownsRollout
from cardtable.engine import Action, LayDown
from cardtable.engine.five_crowns import FiveCrowns, FiveCrownsState, Phase
from cardtable.engine.options import FiveCrownsOptions


def self_play(variant: FiveCrowns, seats: int, seed: int,
              moves: int) -> Iterator[tuple[FiveCrownsState, int, Action]]:
    """(state, seat to move, Normal's move from the seat's view) along a game Normal
    plays at every seat; each move's generator is ``Random(f"{seed}:{move}")``."""
    normal = make_bot("normal")
    state = variant.new_game(seats, seed).state
    for move in range(moves):
        awaiting = variant.awaiting(state)
        if not awaiting:
            return
        seat = awaiting[0]
        view = variant.observe(state, seat)
        action = normal.choose(view, random.Random(f"{seed}:{move}"), 0.0, lambda: False)
        yield state, seat, action
        state = variant.apply(state, seat, action).state


def test_rollout_policy_plays_normals_move_from_the_state_itself():
    """On 2,000+ states of Normal self-play (draws, discards, going out, final turns;
    2 to 5 seats; going out on the first turn allowed or not), the policy read from the
    state makes the very move Normal makes from the seat's view, with an equal
    generator, and it is legal."""
    late = FiveCrowns(FiveCrownsOptions(out_on_first_turn=False))
    tables = (2, 3, 5, 2, 3, 2, 4, 2, 3, 2)
    games = [(FiveCrowns(), seats, seed) for seed, seats in enumerate(tables)]
    games += [(late, 4, 10), (late, 2, 11)]
    checked = final_turns = outs = 0
    for variant, seats, seed in games:
        policy = FiveCrownsRollout(variant)
        for move, (state, seat, normal) in enumerate(self_play(variant, seats, seed, 700)):
            action = policy.move(state, seat, random.Random(f"{seed}:{move}"))
            assert action == normal, (seed, move)
            assert variant.problem(state, seat, action) is None
            checked += 1
            final_turns += state.out_seat is not None and state.phase is Phase.DISCARD
            outs += state.out_seat is None and isinstance(action, LayDown)
    assert checked >= 2000
    assert final_turns >= 50 and outs >= 20
