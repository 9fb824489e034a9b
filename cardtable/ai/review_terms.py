"""How a review reads a rollout's end in the game's own terms.

The search values a state as the seat's chance of winning the game (:mod:`leaf`); a
player thinks in the game's own terms: penalty points this round, missions, cards left,
and whether he wins the round. Each game registers a **round reading**
(``@round_terms``): from the world a decision was searched in and the state a rollout
reached, the seat's expected score for the round in play (in the game's unit) and its
chance of winning that round. A rollout ends mid-round or at the round's end (never
later), so the reading counts what is already scored and expects the rest.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ..engine.text import msg
from ..engine.variant import SeatedState, SomeVariant

TermsReading = Callable[[SomeVariant, SeatedState, SeatedState, int],
                        tuple[float, float | None]]
"""``reading(variant, world, reached, seat)``: the seat's expected score for the round
in play, and its chance of winning the round (0 to 1; None where the round is the
whole game: the leaf value is that chance)."""


WINNING_THE_ROUND = msg("winning the round")
"""What most games' round chance is a chance of."""


@dataclass(frozen=True, slots=True)
class RoundTerms:
    """A game's round reading and the words of its unit."""

    read: TermsReading
    unit: str
    """The score's unit, plural ("penalty points", "missions", "cards left"): a message
    (``msg``), which the app says in the player's language."""
    low_better: bool
    """Whether less of it is better (penalty points, cards left)."""
    round_words: str = WINNING_THE_ROUND
    """What the chance is a chance of, in a player's words (a message too)."""
    sized_for: int = 4
    """Seats at the table a review's budget is sized for (``review.review_budget``)."""


_TERMS: dict[str, RoundTerms] = {}
F = TypeVar("F", bound=TermsReading)


def round_terms(*game_ids: str, unit: str, low_better: bool,
                round_words: str = WINNING_THE_ROUND,
                sized_for: int = 4) -> Callable[[F], F]:
    """Decorator: how a review reads these games' rollouts in their own terms (and the
    table size its budget is sized for, where a game's reviews are dearer)."""

    def register(reading: F) -> F:
        for game_id in game_ids:
            if game_id in _TERMS:
                raise ValueError(f"two round readings registered for {game_id}")
            _TERMS[game_id] = RoundTerms(reading, unit, low_better, round_words, sized_for)
        return reading

    return register


def terms_for(game_id: str) -> RoundTerms | None:
    """The game's round reading, if it registered one."""
    return _TERMS.get(game_id)
