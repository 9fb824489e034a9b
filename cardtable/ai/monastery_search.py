"""Monastery's hooks for the Hard search: its leaf value, and Normal's exact strategy
read straight from a sampled state.

**Normal on a state** (``MonasteryRollout``, no longer the one Hard's rollouts play:
they play :mod:`monastery_rollout`'s cheaper policy). Normal's Monastery strategy on a
view built from the sampled state without the engine's whole legal list: the strategy
reads only the draws it may make, the missions it may lay (when it may lay one) and,
when it can lay none, the lay-offs open to it; its discard is chosen from the hand. So
the view carries just those (``rollout_view``), and the move is the one the strategy
makes on the seat's full view (a test checks this on thousands of self-play states).

**Leaf value.** The game is won by making all nine missions first, so a state is worth
the seat's chance of finishing ahead in missions: each seat's missions made, plus the
chance it lays one more before this round ends given how many cards its hand lacks for
its nearest open mission (``LAY_CHANCE``), compared by ``chance_ahead`` with a spread
that grows with the rounds still to play (``SPREAD``, ``ROUND_RATE``). The constants
come from Normal self-play (``bench/monastery_leaf.py``).

Tried and not kept (issue 38): a leaf that also read how live a hand not down is (the
unseen cards that bring its nearest mission nearer: 70 % of rounds laid with 3 such
outs, 93 % with 40, lacking one card) and how many cards a seat down still holds (a
rival lays in 69 % of rounds when it holds one, 99 % when three). ``search_decides``
(1,500 positions) put its changes level with this leaf's (+0.060 ± 0.048 missions a
change, 108; discards +0.030 ± 0.099), playouts ran 0.78× as fast, and on the same 40
duplicate deals against Normal it won 52.5 % against this leaf's 67.5 % (paired −15.0 ±
15.0 points); with the outs alone, 55.0 % (paired −12.5 ± 11.5).

Imports the engine only.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from ..engine import Action
from ..engine.actions import LayMission, LayOff
from ..engine.missions import MISSIONS, Tally, needed, tally_of
from ..engine.monastery import Monastery, MonasteryState, MonasteryView, Phase
from ..engine.rummy import legal_draws
from ..engine.text import msg
from ..engine.variant import SeatedState, SomeVariant
from .leaf import chance_ahead, leaf_value
from .monastery_bot import MonasteryStrategy
from .review_terms import round_terms
from .rollout import RolloutPolicy


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
        hand_sizes=tuple(map(len, state.hands)), stock_size=len(state.stock),
        discard_pile=state.discard_pile, melds=state.melds, specs=state.specs,
        done=state.done, laid_this_turn=state.laid_this_turn, known=state.known,
        round_missions=state.round_missions, out_seat=state.out_seat, awaiting=(seat,),
        legal=legal, turn=state.turn, reshuffles=state.reshuffles,
        round_rebuilds=state.round_rebuilds, options=variant.options)


class MonasteryPolicy(RolloutPolicy[MonasteryState]):
    """A rollout policy of Monastery's: made with the Monastery variant it plays."""

    state_type = MonasteryState

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        if not isinstance(variant, Monastery):
            raise TypeError(f"the Monastery rollout plays Monastery, not {variant.id}")
        self.monastery = variant


class MonasteryRollout(MonasteryPolicy):
    """Normal's Monastery strategy on ``rollout_view``."""

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        self._strategy = MonasteryStrategy()

    def choose(self, state: MonasteryState, seat: int, rng: random.Random) -> Action:
        return self._strategy.choose(rollout_view(self.monastery, state, seat), rng)


# --- the leaf value ----------------------------------------------------------------------

MAX_NEED = 5
"""Cards lacking counted at most (a hand lacking more is far from any mission)."""
LAY_CHANCE: dict[tuple[bool, bool], tuple[float, ...]] = {
    # (laid this round, another seat laid this round): by cards lacking 0 … MAX_NEED
    (False, False): (0.984, 0.785, 0.668, 0.629, 0.609, 0.5),
    (False, True): (0.968, 0.84, 0.734, 0.579, 0.5, 0.5),
    (True, False): (0.5, 0.5, 0.005, 0.0, 0.0, 0.002),
    (True, True): (0.5, 0.5, 0.009, 0.0, 0.0, 0.001),
}
"""The chance a seat lays a (further) mission before the round ends, seen from a turn's
start: 200 games of Normal self-play at 2 seats, 2,153 rounds, each share smoothed as
(made + 1) / (seen + 2) (``python3 bench/monastery_leaf.py --games 200``). A seat down
this round almost never lays a second mission in it."""
ROUND_RATE = 0.771
"""Missions a seat makes a round (the same games)."""
SPREAD = 0.7
"""Standard deviation of a seat's missions to come, per square root of the rounds left:
the best fit to who won from each round's start (the same games; log loss 0.620)."""


def seat_need(state: MonasteryState, seat: int) -> int:
    """Cards the seat's hand lacks for its nearest open mission (at most ``MAX_NEED``)."""
    done = state.done[seat]
    if len(done) == len(MISSIONS):
        return 0
    return nearest_need(tally_of(state.hands[seat]), done)


@lru_cache(maxsize=1 << 14)
def nearest_need(counts: Tally, done: tuple[int, ...]) -> int:
    """What the hand of this tally lacks for its nearest mission not done (kept: the
    searching seat's hand is valued in every world)."""
    return min(needed(counts, number) for number in MISSIONS if number not in done)


def expected_missions(state: MonasteryState) -> list[float]:
    """Each seat's missions made, plus its chance of laying one more this round."""
    laid = [bool(melds) for melds in state.melds]
    down = sum(laid)
    return [len(done) + LAY_CHANCE[laid[seat], down - laid[seat] > 0][
                min(MAX_NEED, seat_need(state, seat))]
            for seat, done in enumerate(state.done)]


@leaf_value("monastery", playouts=128, horizon=1)
def monastery_leaf(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """The seat's chance of winning the game (see the module's docstring). The search
    plays 128 rollouts a decision, each to the end of the seat's next own turn: with
    :mod:`monastery_rollout`'s policy 25 ms of CPU a decision at the median, 55 ms at
    p99 (``bench/hard.py --games monastery --positions 40``)."""
    if not isinstance(state, MonasteryState):
        raise TypeError(f"Monastery's leaf values Monastery states, not {type(state).__name__}")
    if state.phase is Phase.GAME_OVER:
        return chance_ahead([len(done) for done in state.done], seat, 0.0, False)
    expected = expected_missions(state)
    rounds_left = max(0.5, (len(MISSIONS) - max(expected)) / ROUND_RATE)
    return chance_ahead(expected, seat, SPREAD * math.sqrt(rounds_left), False)


@round_terms("monastery", unit=msg("missions"), low_better=False,
             round_words=msg("making a mission this round"))
def monastery_terms(variant: SomeVariant, world: SeatedState, reached: SeatedState,
                    seat: int) -> tuple[float, float | None]:
    """The missions the seat is expected to make this round, and its chance of making
    one (rounds score nothing in Monastery: a mission made is what a round is for)."""
    if not isinstance(world, MonasteryState) or not isinstance(reached, MonasteryState):
        raise TypeError("Monastery states expected")
    before = len(world.done[seat])
    made = len(reached.done[seat]) - before
    if reached.round != world.round or reached.phase is Phase.GAME_OVER or made:
        return float(made), 1.0 if made else 0.0
    expected = expected_missions(reached)[seat] - before
    return expected, expected
