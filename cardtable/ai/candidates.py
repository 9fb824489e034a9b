"""Which moves the Hard search weighs at a decision.

The move the heuristic plans comes first: the search keeps it unless a rival clearly
beats it. The rivals are the other distinct legal moves, never one that undoes a move:
not a take-back, and not taking from the discard pile the very card this seat threw
at its last turn (a card taken back and thrown again leaves the round where it was,
and between two players who each do it, a round that never ends). Where there are
more than the search can weigh, a game may register a **prior** (``@search_prior``):
a score for each move, higher for the ones worth weighing, so the rivals kept are the
most promising rather than a random few (Palace's many multi-card placements: a random
few starve the big sheds). Ties in the prior, and games
without one, are broken by the decision's generator.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..engine import Action, GameView
from ..engine.actions import DRAW_DISCARD, TakeBack
from ..engine.rummy import RummyView

Prior = Callable[[GameView, Sequence[Action]], Sequence[float]]
"""``prior(view, moves)``: one score per move, higher for a move more worth weighing."""
_PRIORS: dict[str, Prior] = {}
F = TypeVar("F", bound=Prior)


def search_prior(*game_ids: str) -> Callable[[F], F]:
    """Decorator: how the search orders these games' moves before it keeps a few."""

    def register(prior: F) -> F:
        for game_id in game_ids:
            if game_id in _PRIORS:
                raise ValueError(f"two search priors registered for {game_id}")
            _PRIORS[game_id] = prior
        return prior

    return register


def candidates(view: GameView, planned: Action, limit: int, rng: random.Random,
               keep: Callable[[Action], bool] | None = None) -> list[Action]:
    """The planned move, then at most ``limit - 1`` rivals (only moves ``keep`` keeps,
    if given): the best by the game's prior where it has one, else a random few."""
    others = [a for a in dict.fromkeys(view.legal)
              if a != planned and not isinstance(a, TakeBack)
              and not retakes_own_throw(view, a) and (keep is None or keep(a))]
    if len(others) < limit:
        return [planned, *others]
    prior = _PRIORS.get(view.game_id)
    if prior is None:
        return [planned, *rng.sample(others, limit - 1)]
    scores = prior(view, others)
    ties = [rng.random() for _ in others]
    ranked = sorted(range(len(others)), key=lambda i: (-scores[i], ties[i]))
    return [planned, *(others[i] for i in ranked[:limit - 1])]


def retakes_own_throw(view: GameView, action: Action) -> bool:
    """Whether the move takes the top discard when that card has the face of the one
    this seat threw at its last turn (the very card, or its twin from the other deck
    thrown back in its place)."""
    if action != DRAW_DISCARD or not isinstance(view, RummyView):
        return False
    thrown, top = view.tells.last_thrown(view.seat), view.top_discard
    return thrown is not None and top is not None and thrown.face == top.face
