"""Five Crowns in the Hard search: its rollout policy, and what a state is worth.

The rollout policy is the Normal strategy's own decisions (``choose_draw``,
``finish_turn``) read straight from a sampled state: no view is built and no legal list
made, since the few facts they need (is the stock open, may this seat go out this turn)
follow from the state in a line each.

Imports the engine only.
"""

from __future__ import annotations

import random

from ..engine import Action
from ..engine.five_crowns import FiveCrownsState, Phase
from ..engine.options import FiveCrownsOptions
from ..engine.variant import SomeVariant
from .five_crowns_bot import choose_draw, finish_turn
from .rollout import RolloutPolicy, rollout_policy


@rollout_policy("five_crowns")
class FiveCrownsRollout(RolloutPolicy[FiveCrownsState]):
    """Normal's move for the seat to move, from the state itself."""

    state_type = FiveCrownsState

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        options = variant.options
        self.out_at_once = isinstance(options, FiveCrownsOptions) and \
            options.out_on_first_turn
        """Whether a seat may go out on its first turn (the house rule)."""

    def choose(self, state: FiveCrownsState, seat: int, rng: random.Random) -> Action:
        hand, final_turn = state.hands[seat], state.out_seat is not None
        if state.phase is Phase.DRAW:
            pile = state.discard_pile
            return choose_draw(hand, state.round, pile[-1] if pile else None, final_turn,
                               bool(state.stock) or len(pile) > 1, rng)
        return finish_turn(hand, state.round, final_turn,
                           self.out_at_once or state.turn >= state.seats)
