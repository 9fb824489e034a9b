"""Five Crowns' planted mistake (see :mod:`planted`): a wild thrown away.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import Action, Discard, GameView
from ..engine.five_crowns import FiveCrownsView
from ..engine.variant import narrowed
from .planted import mistake


@mistake("throws a wild it could use", "five_crowns")
def throws_a_wild(seen: GameView, planned: Action) -> Action | None:
    """Discards a joker or a card of the round's wild rank where Normal threw a natural
    (every wild fits any book or run of the hand: it is always of use)."""
    view = narrowed(seen, FiveCrownsView)
    if not isinstance(planned, Discard) or _wild(view, planned.card.rank, planned.card.suit):
        return None
    wild = next((Discard(card) for card in view.hand if _wild(view, card.rank, card.suit)),
                None)
    return wild if wild is not None and wild in view.legal else None


def _wild(view: FiveCrownsView, rank: object, suit: object) -> bool:
    return suit is None or rank is view.wild_rank
