"""How the Hard search reads Five Crowns opponents' hands from their tells (see
:mod:`reading`): books and runs, the round's wild rank and jokers never read.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import GameView, Rank
from ..engine.five_crowns import FiveCrowns, FiveCrownsView
from .reading import GameReading, factor_table, register_reading

FACTORS = {
    # ``python3 bench/reading.py --games 40 --game five_crowns`` (Normal self-play, 3
    # seats, every seat's view every 5 moves of deals 1-40): how much more or less often
    # a real hand held an unseen card that goes with a card its holder threw, let go or
    # took than a uniform deal did (marginal ratios 0.32 0.67 1.10 / 0.54 0.82 1.00 /
    # 1.72 1.33 0.87), fitted jointly so that a card with two relations is not counted
    # twice. A thrown card's rank is the strongest tell: books are a hand's backbone.
    "": factor_table(thrown=(0.30, 0.67, 1.23), passed=(0.60, 0.91, 1.18),
                     taken=(1.63, 1.42, 0.90)),
}


def wilds(view: GameView) -> frozenset[Rank]:
    """Jokers and the round's wild rank."""
    if isinstance(view, FiveCrownsView):
        return frozenset((Rank.JOKER, view.wild_rank))
    return frozenset((Rank.JOKER,))


register_reading(FiveCrowns.id, GameReading(FACTORS, wilds))
