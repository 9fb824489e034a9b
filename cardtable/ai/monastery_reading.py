"""How the Hard search reads Monastery opponents' hands from their tells (see
:mod:`reading`). Monastery has no wilds; its runs take any suits (a neighbour in
another suit is read too), and its missions other groups besides.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import GameView, Rank
from ..engine.monastery import Monastery
from .reading import GameReading, factor_table, register_reading

FACTORS = {
    # ``python3 bench/reading.py --games 40 --game monastery`` (Normal self-play, 3
    # seats, every seat's view every 5 moves of deals 1-40): how much more or less often
    # a real hand held an unseen card that goes with a card its holder threw, let go or
    # took than a uniform deal did (marginal ratios 0.74 0.82 1.01 / 0.84 0.88 1.01 /
    # 1.45 1.44 0.97), fitted jointly so that a card with two relations is not counted
    # twice. Weaker than in Five Crowns: two decks, and missions of many shapes.
    "": factor_table(thrown=(0.72, 0.81, 1.06), passed=(0.88, 0.92, 1.11),
                     taken=(1.47, 1.47, 0.99)),
}


def wilds(view: GameView) -> frozenset[Rank]:
    """None: Monastery plays without wilds (a joker never appears)."""
    return frozenset()


register_reading(Monastery.id, GameReading(FACTORS, wilds))
