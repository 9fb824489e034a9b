"""Five Crowns in the Hard search: its rollout policy, and what a state is worth.

The rollout policy is the Normal strategy's rules on a cheaply arranged hand
(``five_crowns_rollout``) read straight from a sampled state: no view is built and no
legal list made, since the few facts they need (is the stock open, may this seat go out
this turn) follow from the state in a line each.

The leaf reads a state as the seat's chance of winning the game: each seat's total plus
the points its hand is expected to score this round (from its penalty, its loose cards
and how near a rival is to going out, fitted on Normal self-play), against the spread
of what is still to play. The prior orders discards by Normal's own score of the hand
they leave, so in the long rounds the rivals weighed are the plausible ones.

Imports the engine only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from ..engine import Action, Card, Discard, GameView
from ..engine.arrange import penalty_and_loose
from ..engine.data import without_one
from ..engine.five_crowns import (
    ROUNDS,
    FiveCrownsState,
    FiveCrownsView,
    Phase,
    arrange_hand,
    meld_rules,
    points_function,
)
from ..engine.options import FiveCrownsOptions
from ..engine.text import msg
from ..engine.variant import SeatedState, SomeVariant
from .candidates import search_prior
from .five_crowns_bot import REMEMBERED, hand_score
from .five_crowns_rollout import rollout_draw, rollout_finish
from .leaf import chance_ahead, leaf_value
from .review_terms import round_terms
from .rollout import RolloutPolicy, rollout_policy


@rollout_policy("five_crowns")
class FiveCrownsRollout(RolloutPolicy[FiveCrownsState]):
    """The seat's move from the state itself, by Normal's rules on a hand arranged
    cheaply (``five_crowns_rollout``): some three times faster than Normal's own moves,
    and Hard searching with it is as strong (duplicate deals against Normal, ``bench/
    ceiling.py --game five_crowns --bots hard,normal --deals 100 --seed 1 --bot-seed 7``:
    64.0 % [59.2, 68.8] against 63.5 % with Normal's moves; paired over the same deals
    +0.5 ± 4.5 points)."""

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
            return rollout_draw(hand, state.round, pile[-1] if pile else None, final_turn,
                                bool(state.stock) or len(pile) > 1, rng)
        return rollout_finish(hand, state.round, final_turn,
                              self.out_at_once or state.turn >= state.seats)


@lru_cache(maxsize=REMEMBERED)
def hand_reading(hand: tuple[Card, ...], round_number: int,
                 discard: bool = False) -> tuple[int, int]:
    """What a hand is worth as the leaf reads it: the penalty its best arrangement
    leaves, and how many loose cards that is (with ``discard``: after the best throw).
    Remembered by the hand as dealt: the leaf reads the same hands in world after world
    (the searching seat's own, a rival's that the candidates leave alike)."""
    if not discard:  # the penalty and count alone: no arrangement built
        return penalty_and_loose(hand, meld_rules(round_number),
                                 points_function(round_number))
    best = arrange_hand(hand, round_number, discard=discard)
    return best.penalty, len(best.deadwood)


ROUND_POINTS = (-3.19, 0.343, 1.41, -0.203, -0.053, 1.60)
"""Expected points a seat scores this round, with nobody out yet: a constant, then per
unit of its penalty, of its loose cards, of the fewest loose cards another seat holds,
of the product of its penalty and that (the nearer a rival is to going out, the more
of today's penalty stays), and of the turns until it moves. Least squares on Normal
self-play (``bench/five_crowns_leaf.py``, 120 games at 2 seats and 60 at 3)."""
FINAL_SHARE = 0.664
"""Share of its penalty a seat owed a final turn still scores (same fit)."""
NOW_SPREAD = 8.3
"""Standard deviation of one seat's points this round around ``ROUND_POINTS`` (the
fit's residual; R² 0.39: a round is mostly luck still to come)."""
ROUND_SPREAD = (12.3, 11.1, 10.1, 16.7, 12.5, 10.2, 15.5, 14.6, 13.9, 12.0, 14.0)
"""Standard deviation of one seat's points in each round yet to play (rounds 1-11), from
the spread of two Normal seats' difference (same script)."""


def expected_points(state: FiveCrownsState) -> list[float]:
    """Each seat's expected points at the end of the round in play."""
    seats, round_number = state.seats, state.round

    def reading(seat: int) -> tuple[int, int]:
        return hand_reading(state.hands[seat], round_number,
                            state.phase is Phase.DISCARD and seat == state.current)

    if state.out_seat is not None:  # final turns: a hand played out scores as it stands
        points = points_function(round_number)
        return [FINAL_SHARE * reading(seat)[0] if seat in state.final_pending
                else float(sum(points(card) for card in hand))
                for seat, hand in enumerate(state.hands)]
    readings = [reading(seat) for seat in range(seats)]
    constant, per_penalty, per_loose, per_nearest, per_both, per_wait = ROUND_POINTS
    expected = []
    for seat, (penalty, loose) in enumerate(readings):
        nearest = min(reading[1] for other, reading in enumerate(readings) if other != seat)
        wait = (seat - state.current) % seats
        expected.append(max(0.0, constant + per_penalty * penalty + per_loose * loose
                            + per_nearest * nearest + per_both * penalty * nearest
                            + per_wait * wait))
    return expected


def spread_to_come(round_number: int, rounds: int, in_play: bool) -> float:
    """Standard deviation of one seat's points from here to the game's end: what is
    left of the round in play (``in_play``: else it starts afresh), then every round
    after it."""
    variance = NOW_SPREAD ** 2 if in_play else ROUND_SPREAD[round_number - 1] ** 2
    variance += sum(ROUND_SPREAD[r - 1] ** 2 for r in range(round_number + 1, rounds + 1))
    return math.sqrt(variance)


PLAYOUTS, HORIZON = 192, 1
"""The search this leaf suits: 192 rollouts to the end of the seat's next own turn, of
which about 70 are played (the search gives up most rivals early), cost 13 ms CPU a
decision at the median and 0.09 s at p99 with the cheaper rollout policy
(``bench/hard.py``, 40 positions). A horizon of 2 doubled the cost and changed fewer
moves for no more gain a change (``bench/search_decides.py``). Against Normal on
duplicate deals (``bench/ceiling.py``, 100 deals each, paired with this budget) 96
rollouts lost 2.2 ± 3.8 points of win share, 384 gained 1.8 ± 4.3 on deals 1-100 and
lost 2.7 ± 4.0 on deals 101-182, and playing to the round's end lost 9.6 ± 12.2 over 26:
the search is at its plateau here, and more rollouts buy nothing."""


@leaf_value("five_crowns", playouts=PLAYOUTS, horizon=HORIZON)
def five_crowns_leaf(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """The seat's chance of winning the game: each seat's total plus the points it is
    expected to score this round, with the spread of what is still to play (exactly 1,
    0 or a tie's share once the game is over)."""
    if not isinstance(state, FiveCrownsState):
        raise TypeError(f"a Five Crowns state expected, not {type(state).__name__}")
    fc = state
    rounds = variant.options.rounds if isinstance(variant.options, FiveCrownsOptions) \
        else ROUNDS
    if fc.phase is Phase.GAME_OVER:
        return chance_ahead(fc.totals, seat, 0.0, low_wins=True)
    fresh = fc.turn == 0 and fc.phase is Phase.DRAW
    if fresh:  # a round just dealt: its hands are anyone's luck
        scores: Sequence[float] = fc.totals
    else:
        scores = [total + points for total, points in zip(fc.totals, expected_points(fc))]
    return chance_ahead(scores, seat, spread_to_come(fc.round, rounds, not fresh),
                        low_wins=True)


@search_prior("five_crowns")
def five_crowns_prior(view: GameView, moves: Sequence[Action]) -> list[float]:
    """Discards worth weighing first: those that leave the hand Normal scores best (the
    least penalty, less the promise of its loose cards); a draw or lay-down is always
    worth weighing."""
    if not isinstance(view, FiveCrownsView):
        return [0.0] * len(moves)
    hand, round_number = view.hand, view.round
    return [-hand_score(without_one(hand, move.card), round_number)
            if isinstance(move, Discard) else math.inf for move in moves]


@round_terms("five_crowns", unit=msg("penalty points"), low_better=True,
             round_words=msg("the round's lowest score"))
def five_crowns_terms(variant: SomeVariant, world: SeatedState, reached: SeatedState,
                      seat: int) -> tuple[float, float | None]:
    """The seat's expected points this round (what is scored, and the hands' reading
    while the round is on, with its spread) and its chance of the round's lowest score."""
    if not isinstance(world, FiveCrownsState) or not isinstance(reached, FiveCrownsState):
        raise TypeError("Five Crowns states expected")
    points: list[float] = [end - start for end, start in zip(reached.totals, world.totals)]
    spread = 0.0
    if reached.round == world.round and reached.phase is not Phase.GAME_OVER:
        points = [scored + expected for scored, expected in
                  zip(points, expected_points(reached))]
        spread = NOW_SPREAD
    return points[seat], chance_ahead(points, seat, spread, low_wins=True)
