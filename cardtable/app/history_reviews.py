"""Reviews kept in the history (issue 39): a game's review by the game's key, read
back as untrusted as every row is, and the trend Statistics shows (each reviewed
game's cost, from the summary columns alone).

A review that cannot be read back (damaged JSON, another version's) is said in a
sentence and a fresh review is offered; it is never shown half-read. Writes raise what
SQLite raised (a lock, a full disk, a read-only file): the caller says so, and keeps
the review it has. No pygame here.
"""

from __future__ import annotations

import json
import logging
import math
import time
from dataclasses import dataclass
from typing import TypeGuard

from ..ai.review import Review
from ..engine.errors import CodecError
from ..i18n import N_, _
from .history_db import History

log = logging.getLogger(__name__)

DAMAGED_REVIEW = N_("The review kept for this game cannot be read (it is damaged): "
                     "review the game again to make a fresh one.")
"""For the player (``_()`` where it is said)."""
TREND = 10
"""Reviewed games the trend shows at most."""


@dataclass(frozen=True, slots=True)
class Kept:
    """A review read back from the history."""

    review: Review
    budget: int


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """One reviewed game in the trend: what its decisions cost."""

    made: float
    decisions: int
    mistakes: int
    chance: float
    """Chance of winning the game lost by the decisions beyond the noise (0 to 1)."""
    cost: float
    """Their cost in the game's own terms."""


def keep_review(history: History, key: str, review: Review) -> None:
    """Keep ``review`` as the review of the game ``key`` (replacing one kept before).
    Raises ``sqlite3.Error`` or ``OSError`` when the history refuses."""
    history.keep_review(key, [review.game_id, review.budget, time.time(),
                              review.decisions, len(review.mistakes()),
                              review.total_chance, review.total_terms,
                              json.dumps(review.to_json(), ensure_ascii=False)])


def kept_review(history: History, key: str) -> Kept | str | None:
    """The review kept for the game ``key``; why it cannot be read (a sentence for the
    player); ``None`` when none is kept. Raises ``sqlite3.Error`` when the history
    itself cannot be read."""
    cells = history.review_cells(key)
    if cells is None:
        return None
    game_id, budget, text = cells[0], cells[1], cells[-1]
    try:
        if not isinstance(text, str) or not isinstance(budget, int):
            raise CodecError("its cells are not what a review keeps")
        review = Review.from_json(json.loads(text))
        if review.game_id != game_id:
            raise CodecError("it is another game's review")
    except (CodecError, ValueError, RecursionError) as error:
        log.warning("a kept review cannot be read: %s", error)
        return _(DAMAGED_REVIEW)
    return Kept(review, budget)


def review_trend(history: History, game_id: str, last: int = TREND) -> list[TrendPoint]:
    """The cost of the newest ``last`` reviewed games of ``game_id``, oldest first;
    a row whose summary does not read is left out. Raises ``sqlite3.Error``."""
    points = []
    for row in history.review_summaries(game_id, last):
        made, decisions, mistakes, chance, cost = row[2:]
        if _count(decisions) and _count(mistakes) and _number(made) and _number(chance) \
                and _number(cost):
            points.append(TrendPoint(float(made), decisions, mistakes, float(chance),
                                     float(cost)))
    return points[::-1]


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)
