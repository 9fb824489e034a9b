"""Palace's planted mistake (see :mod:`planted`): one card shed where a straight was
possible, once the deck is short (while it lasts long, a hand refills to three whatever
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
    """Places the lowest card of the longest straight (``LONG`` cards or more) the hand
    could have placed whole."""
    view = narrowed(seen, PalaceView)
    if view.deck_size > SHORT_DECK:
        return None
    straights = [move for move in view.legal if isinstance(move, Place)
                 and len(move.cards) >= LONG
                 and len({card.rank for card in move.cards}) == len(move.cards)]
    if not straights:
        return None
    longest = max(straights, key=lambda move: len(move.cards))
    return next((Place((card,)) for card in sorted(longest.cards, key=value)
                 if Place((card,)) in view.legal), None)
