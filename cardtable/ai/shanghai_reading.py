"""How the Hard search reads Shanghai opponents' hands from their tells (see
:mod:`reading`), per kind of contract: a thrown seven says more where the round wants
sets than where it wants runs. Twos and jokers are wild and never read from tells; a
seat that has gone down rarely holds one.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import GameView, Rank
from ..engine.shanghai import ShanghaiBuy, ShanghaiMayI
from ..engine.shanghai_rules import ShanghaiView
from .reading import GameReading, factor_table, register_reading

WILDS = frozenset((Rank.JOKER, Rank.TWO))

MAY_I = {
    # ``python3 bench/reading.py --games 40 --game shanghai_may_i`` (Normal self-play,
    # 3 seats, every seat's view every 5 moves of deals 1-40): how much more or less
    # often a real hand held an unseen card that goes with a card its holder threw, let
    # go or took than a uniform deal did, fitted jointly (a card with two relations is
    # not counted twice), per kind of contract. Taken cards tell most: the rank in set
    # rounds, the suit's neighbours in run rounds.
    "both": factor_table(thrown=(0.66, 0.79, 1.08), passed=(0.89, 0.90, 1.07),
                         taken=(1.37, 1.48, 0.80)),
    "runs": factor_table(thrown=(0.91, 0.78, 1.01), passed=(0.81, 0.82, 1.08),
                         taken=(0.73, 2.07, 0.91)),
    "sets": factor_table(thrown=(0.70, 0.93, 0.96), passed=(0.99, 0.98, 1.01),
                         taken=(1.91, 0.87, 0.88)),
}
BUY = {
    # ``python3 bench/reading.py --games 40 --game shanghai_buy`` (4 seats, as above).
    "both": factor_table(thrown=(0.68, 0.85, 1.00), passed=(0.90, 0.89, 1.12),
                         taken=(1.37, 1.52, 0.81)),
    "runs": factor_table(thrown=(0.81, 0.78, 0.96), passed=(0.92, 0.86, 1.07),
                         taken=(0.66, 2.01, 1.03)),
    "sets": factor_table(thrown=(0.66, 1.00, 0.90), passed=(0.84, 1.00, 1.02),
                         taken=(1.86, 0.80, 1.00)),
}


MAY_I_WILDS = {"down": 0.03}
"""A seat that has gone down holds a wild some 30 times less often than a uniform deal
gives him one (``bench/reading.py --games 40``, as above: 0.03 down, 1.00 not): he lays
them off. No tell reads a wild; his standing on the table does."""
BUY_WILDS = {"down": 0.21, "up": 0.95}
"""As ``MAY_I_WILDS``, measured on the buying game (4 seats): 0.21 down, 0.95 not (a
wild costs 20 points here, not 50, and a wild bought with the card stays longer)."""


def wilds(view: GameView) -> frozenset[Rank]:
    return WILDS


def standing(view: GameView, seat: int) -> str:
    """Whether the seat has gone down (a seat that has laid his wilds off)."""
    return "down" if isinstance(view, ShanghaiView) and view.down[seat] else "up"


def contract_kind(view: GameView) -> str:
    """The round's contract: sets only, runs only, or both."""
    if not isinstance(view, ShanghaiView):
        return ""
    contract = view.contract
    return "sets" if not contract.runs else "runs" if not contract.sets else "both"


register_reading(ShanghaiMayI.id, GameReading(MAY_I, wilds, contract_kind, standing,
                                              MAY_I_WILDS))
register_reading(ShanghaiBuy.id, GameReading(BUY, wilds, contract_kind, standing, BUY_WILDS))
