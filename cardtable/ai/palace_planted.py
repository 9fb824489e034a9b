"""Palace's planted mistakes (see :mod:`planted`): one card placed of the straight Normal
would place, once the deck is short; one card placed where the whole hand would go out.
The first only once the deck is short (while it lasts long, a hand refills to three whatever
it sheds, and the mistake costs under 1 % of the chance of winning; the planting keeps
only the ones that cost at least ``planted.BLUNDER`` on the true cards).

Imports the engine only.
"""

from __future__ import annotations

from ..engine import Action, GameView, Place
from ..engine.palace import PalaceView
from ..engine.placements import value
from ..engine.variant import narrowed
from .planted import mistake

LONG = 3
"""The fewest cards of a straight the mistake sheds one of."""
SHORT_DECK = 6
"""The most cards left in the deck where the mistake is planted."""


@mistake("sheds one card where a long straight was possible", "palace")
def sheds_one_of_a_straight(seen: GameView, planned: Action) -> Action | None:
    """Where Normal would place a straight of ``LONG`` cards or more, places only its
    lowest card."""
    view = narrowed(seen, PalaceView)
    if view.deck_size > SHORT_DECK or not isinstance(planned, Place) \
            or len(planned.cards) < LONG \
            or len({card.rank for card in planned.cards}) != len(planned.cards):
        return None
    return next((Place((card,)) for card in sorted(planned.cards, key=value)
                 if Place((card,)) in view.legal), None)


@mistake("sheds one card where it could go out", "palace")
def sheds_one_instead_of_going_out(seen: GameView, planned: Action) -> Action | None:
    """Places one card where a placement of several (a set or a straight) would empty
    the seat of every card and win the game at once."""
    view = narrowed(seen, PalaceView)
    if view.cards_left(view.seat) != len(view.hand) or len(view.hand) < 2:
        return None  # a reserve or hidden cards still to play: no placement wins now
    winning = [move for move in view.legal if isinstance(move, Place)
               and len(move.cards) == len(view.hand)]
    if not winning:
        return None
    return next((Place((card,)) for card in sorted(winning[0].cards, key=value)
                 if Place((card,)) in view.legal), None)

