"""Monastery's planted mistakes (see :mod:`planted`): an ace the nearest mission counts
on thrown away, and a card fed to a player one mission from winning.

Planted once some seat has made ``LATE`` missions: earlier, one card weighs little on a
game of nine missions.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import Action, Discard, GameView, Rank
from ..engine.data import without_one
from ..engine.missions import MISSIONS, tally_of
from ..engine.monastery import MonasteryView
from ..engine.variant import narrowed
from .monastery_search import nearest_need
from .planted import mistake

LATE = 5
"""Missions some seat has made before a mistake is planted."""


@mistake("throws a wild it could use", "monastery")
def throws_an_ace(seen: GameView, planned: Action) -> Action | None:
    """Discards an ace (wild for rank) that the nearest mission needs more cards without."""
    view = narrowed(seen, MonasteryView)
    if not isinstance(planned, Discard) or planned.card.rank is Rank.ACE or not _late(view):
        return None
    ace = next((Discard(card) for card in view.hand if card.rank is Rank.ACE), None)
    if ace is None or ace not in view.legal:
        return None
    hand, done = without_one(view.hand, planned.card), view.done[view.seat]
    if nearest_need(tally_of(without_one(hand, ace.card)), done) <= \
            nearest_need(tally_of(hand), done):
        return None  # an ace its nearest mission does not count on
    return ace


@mistake("feeds the last mission", "monastery")
def feeds_the_last_mission(seen: GameView, planned: Action) -> Action | None:
    """Discards, to the next seat with one mission left, a card of a rank he took from the
    pile and still holds (he collects it)."""
    view = narrowed(seen, MonasteryView)
    following = (view.seat + 1) % view.seats
    if not isinstance(planned, Discard) or len(view.done[following]) < len(MISSIONS) - 1:
        return None
    wanted = {card.rank for card in view.known[following] if card.rank is not Rank.ACE}
    feed = next((Discard(card) for card in view.hand if card.rank in wanted), None)
    return feed if feed is not None and feed != planned and feed in view.legal else None


def _late(view: MonasteryView) -> bool:
    return max(len(missions) for missions in view.done) >= LATE
