"""The ``hard`` Shanghai player's heuristic (both games): Normal's, except how it picks
among discards the contract needs equally, and that when buying it keeps back a discard
that fits the table as Normal does only in May I.

Normal throws the costliest of them. A strong player keeps the hand with more **outs**,
unseen natural cards that would bring the contract nearer: 7♥ 8♥ waits on four ranks'
worth of hearts, a lone 7♥ beside three kings on far fewer. Penalty points break what
outs leave tied. (Taking the discard by outs too was tried and lost to Normal: a
discard taken shows the others what the hand collects.)

The Hard bot moves by this and checks its choices by search (:mod:`hard`).
Imports the engine only.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Card, Discard
from ..engine.shanghai_rules import ROUNDS, ShanghaiView
from .shanghai_bot import ShanghaiStrategy
from .strategies import search_scores, strategy
from .unseen import outs, unseen_by_face


@strategy("shanghai_may_i", "shanghai_buy", level="hard")
class ShanghaiHardStrategy(ShanghaiStrategy):
    def _gives_away(self, view: ShanghaiView, card: Card) -> bool:
        """When buying too: a player who is down takes a discard that fits the table as
        his draw (or buys it) and sheds it there."""
        return self._fits_table(view, card)

    def _pick_discard(self, view: ShanghaiView, options: list[Discard]) -> Discard:
        costs = {a: self._discard_cost(view, a.card) for a in options}
        least = min(cost[:3] for cost in costs.values())
        tied = [a for a in options if costs[a][:3] == least]
        need = least[2]
        if len(tied) == 1 or need == 0:
            return min(tied, key=lambda a: costs[a])
        unseen = unseen_by_face(view)
        rules = self.rules

        def nearer(hand: tuple[Card, ...]) -> bool:
            return not rules.is_wild(hand[-1]) and self._need(view, hand) < need

        def rank(action: Discard) -> tuple[int, int]:
            rest = [c for c in view.hand if c is not action.card]
            return -outs(rest, unseen, nearer), costs[action][3]

        return min(tied, key=rank)


ROUND_PENALTY_SPREAD = 87.0
"""Standard deviation of one May I round's penalty gap between two Normal players (60
two-seat games): the rounds still to play move the gap by about this times their
square root."""


@search_scores("shanghai_may_i")
def may_i_scores(variant: Any, state: Any) -> list[float]:
    """For the Hard search: May I's points earned, plus the fewest-penalty bonus weighted
    by each seat's chance of having the fewest penalty points at the end. Points earned
    alone (the game's standing before its end) made every penalty point look free: a
    playout that ends the round with fifty points of wilds in hand scored as well as one
    that shed them, so the search never told such moves apart."""
    if state.bonus:
        return [float(total) for total in variant.standings(state)]
    bonus = variant.options.low_penalty_bonus
    spread = ROUND_PENALTY_SPREAD * math.sqrt(max(1, ROUNDS - state.round + 1))
    penalties = state.penalties
    scores = []
    for seat, (earned, penalty) in enumerate(zip(state.earned, penalties)):
        fewest_other = min(p for other, p in enumerate(penalties) if other != seat)
        ahead = (fewest_other - penalty) / spread
        scores.append(earned + bonus * 0.5 * (1 + math.erf(ahead / math.sqrt(2))))
    return scores
