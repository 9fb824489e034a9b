"""The ``hard`` Monastery player's heuristic: Normal's, with two things a strong player
weighs that Normal does not.

- **Outs.** Among hands that lack as many cards for their nearest mission, it keeps the
  one more unseen cards would bring nearer: lacking one card of a suit for mission 8 is
  a far better hand than lacking the one rank a suited run needs. It takes the discard
  when that brings a mission nearer, or adds more than ``TAKE_OUTS`` outs.
- **Rarest mission first.** When the hand can lay several missions it lays the one
  seldom made (``RARITY``), keeping the easy ones for later rounds: a player must make
  all nine, and the last ones left are the bottleneck (Normal's self-play ends on
  mission 4 or 1 two games in three).

The Hard bot moves by this and checks its choices by search (:mod:`hard`).
Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, Card
from ..engine.missions import MISSIONS, cards_needed
from ..engine.monastery import MonasteryView
from .monastery_bot import MonasteryStrategy
from .strategies import strategy
from .unseen import outs, unseen_by_face

RARITY = (4, 1, 2, 5, 8, 9, 3, 6, 7)
"""Missions from the most seldom made to the most often: the share of rounds in which
Normal makes each while it is open, from 100 two-seat self-play games (mission 4 in 7.5 %
of them, 1 in 9.7 %, 2 in 12.7 %, 5 in 13.5 %, 8 in 13.6 %, 9 in 20.6 %, 3 in 22.6 %,
6 in 25.7 %, 7 in 30.3 %)."""
TAKE_OUTS = 2
"""Outs the discard must add (at the same cards lacking) before it beats a blind draw,
which may bring as much."""


@strategy("monastery", level="hard")
class MonasteryHardStrategy(MonasteryStrategy):
    def choose(self, view: MonasteryView, rng: random.Random) -> Action:
        self._unseen: dict[Card, int] | None = None  # worked out once a decision, if asked
        return super().choose(view, rng)

    def _judge(self, view: MonasteryView, hand: list[Card],
               focus: Sequence[int]) -> tuple[int, ...]:
        """Cards lacking for the nearest focused mission, then minus the outs that
        would bring one of them nearer still, then the sum lacking."""
        needs = [cards_needed(hand, MISSIONS[n]) for n in focus]
        nearest = min(needs)
        if self._unseen is None:
            self._unseen = unseen_by_face(view)

        def nearer(more: tuple[Card, ...]) -> bool:
            return any(cards_needed(more, MISSIONS[n]) < nearest for n in focus)

        return nearest, -outs(hand, self._unseen, nearer), sum(needs)

    def _worth_taking(self, best: tuple[int, ...], now: tuple[int, ...]) -> bool:
        return best[0] < now[0] or (best[0] == now[0] and best[1] < now[1] - TAKE_OUTS)

    def _lay_rank(self, mission: int, shed: int) -> tuple[int, ...]:
        """The rarest mission first."""
        return (-RARITY.index(mission),)
