"""Monastery's hooks for the Hard search: its rollout policy, read straight from a
sampled state.

**Rollout policy.** Inside a rollout every seat plays Normal's Monastery strategy, on a
view built from the sampled state without the engine's whole legal list: the strategy
reads only the draws it may make, the missions it may lay (when it may lay one) and,
when it can lay none, the lay-offs open to it; its discard is chosen from the hand. So
the view carries just those (``rollout_view``), and the move is the one the strategy
makes on the seat's full view (a test checks this on thousands of self-play states).

Imports the engine only.
"""

from __future__ import annotations

import random

from ..engine import Action
from ..engine.actions import LayMission, LayOff
from ..engine.monastery import Monastery, MonasteryState, MonasteryView, Phase
from ..engine.rummy import legal_draws
from ..engine.variant import SomeVariant
from .monastery_bot import MonasteryStrategy
from .rollout import RolloutPolicy, rollout_policy


def rollout_view(variant: Monastery, state: MonasteryState, seat: int) -> MonasteryView:
    """The seat's view with only the legal moves Normal's strategy reads: the draws; the
    missions it can lay; lay-offs only when it can lay none (it lays first); never the
    discards (it picks one from the hand). Only for the seat to move."""
    legal: tuple[Action, ...]
    if state.phase is Phase.DRAW:
        legal = legal_draws(state)
    else:
        lays: list[LayMission] = [] if state.laid_this_turn else \
            variant.mission_lay_downs(state, seat)
        offs: list[LayOff] = [] if lays or not state.melds[seat] else \
            variant.lay_offs(state, seat)
        legal = (*lays, *offs)
    return MonasteryView(
        seat=seat, seats=state.seats, round=state.round, dealer=state.dealer,
        current=state.current, phase=state.phase, hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands), stock_size=len(state.stock),
        discard_pile=state.discard_pile, melds=state.melds, specs=state.specs,
        done=state.done, laid_this_turn=state.laid_this_turn, known=state.known,
        round_missions=state.round_missions, out_seat=state.out_seat, awaiting=(seat,),
        legal=legal, turn=state.turn, reshuffles=state.reshuffles,
        round_rebuilds=state.round_rebuilds, options=variant.options)


@rollout_policy("monastery")
class MonasteryRollout(RolloutPolicy[MonasteryState]):
    """Normal's Monastery strategy on ``rollout_view``."""

    state_type = MonasteryState

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        if not isinstance(variant, Monastery):
            raise TypeError(f"the Monastery rollout plays Monastery, not {variant.id}")
        self.monastery = variant
        self._strategy = MonasteryStrategy()

    def choose(self, state: MonasteryState, seat: int, rng: random.Random) -> Action:
        return self._strategy.choose(rollout_view(self.monastery, state, seat), rng)
