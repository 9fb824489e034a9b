"""What the last state of a rollout is worth to the searching seat.

A rollout stops at a short horizon, mid-round, so its value cannot be the round's points:
each game registers how it reads a state (``@leaf_value``), as the seat's chance of
winning the game, from 0 to 1. Values that measure what wins are bounded and far less
noisy than one playout's raw points (a hand of fifty points of wilds caught at the end
and a hand of five are not ten times apart in what they do to the game). A game without
its own reading is played out to the round's end and valued by its standings
(``standing_margin``).

Imports the engine only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..engine.variant import SeatedState, SomeVariant
from .strategies import scores_for

LeafValue = Callable[[SomeVariant, SeatedState, int], float]
"""``value(variant, state, seat)``: higher is better for ``seat``."""


@dataclass(frozen=True, slots=True)
class Leaf:
    """A game's leaf value and the search it suits: how many rollouts a Hard decision
    may play in all, and how many own turns after this one each plays before its state
    is valued (None: the bot's defaults)."""

    value: LeafValue
    playouts: int | None = None
    horizon: int | None = None


_LEAVES: dict[str, Leaf] = {}
F = TypeVar("F", bound=LeafValue)


def leaf_value(*game_ids: str, playouts: int | None = None,
               horizon: int | None = None) -> Callable[[F], F]:
    """Decorator: how the search values these games' states (and, if given, the budget
    and horizon that suit that value)."""

    def register(value: F) -> F:
        for game_id in game_ids:
            if game_id in _LEAVES:
                raise ValueError(f"two leaf values registered for {game_id}")
            _LEAVES[game_id] = Leaf(value, playouts, horizon)
        return value

    return register


def leaf_for(game_id: str) -> Leaf | None:
    """The game's reading of a state mid-round, if it registered one (without one, a
    rollout must play to the round's end and is valued by ``standing_margin``)."""
    return _LEAVES.get(game_id)


def standing_margin(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """This seat's standing against the others' mean, higher is better, in the game's
    own score (penalty points, points earned, missions, cards left), or in the scores a
    game's AI gives the search instead (``search_scores``)."""
    scorer = scores_for(variant.id)
    scores: Sequence[float] = (scorer(variant, state) if scorer is not None
                               else variant.standings(state))
    others = [score for other, score in enumerate(scores) if other != seat]
    margin = scores[seat] - sum(others) / len(others)
    return -margin if variant.low_scores_win else margin


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def chance_ahead(scores: Sequence[float], seat: int, spread: float, low_wins: bool) -> float:
    """The seat's chance of finishing ahead of every other seat, when each final score is
    today's expected one plus independent noise of standard deviation ``spread``
    (a pairwise product: exact for two seats, a fair order for more)."""
    if spread <= 0:
        best = min(scores) if low_wins else max(scores)
        tied = sum(1 for score in scores if score == best)
        return 1.0 / tied if scores[seat] == best else 0.0
    sign = 1.0 if low_wins else -1.0
    chance = 1.0
    for other, score in enumerate(scores):
        if other != seat:
            chance *= normal_cdf(sign * (score - scores[seat]) / (spread * math.sqrt(2.0)))
    return chance
