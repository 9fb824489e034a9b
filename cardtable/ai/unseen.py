"""What a seat's next draw may bring: the cards it has not seen, counted by face.

The Hard level's heuristics judge a hand by its *outs*, the unseen cards that would bring
it nearer its goal, and not only by how many cards it lacks: lacking one card of a suit
(26 may come) and lacking one 7♥ (two may come) are not the same hand. Only what the
seat's view shows is used (its hand, the piles, the melds, the cards others are known
to hold), so the answer never depends on a hidden card.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..engine import Card, get_variant
from ..engine.options import OptionsInstance
from ..engine.rummy import RummyView, seen_by
from ..engine.sampling import deck_less


@lru_cache(maxsize=64)
def _deck(game_id: str, options: OptionsInstance | None, seats: int) -> tuple[Card, ...]:
    variant = get_variant(game_id)(options)
    return tuple(variant.deck(seats))


def unseen_by_face(view: RummyView) -> dict[Card, int]:
    """For each face the view has not seen every copy of: one unseen copy of it, and
    how many copies are unseen. The copy is a card the seat does not hold, so a hand
    plus it is a hand the seat could really have."""
    found: dict[str, tuple[Card, int]] = {}
    for card in deck_less(_deck(view.game_id, view.options, view.seats), seen_by(view)):
        first, count = found.get(card.face, (card, 0))
        found[card.face] = (first, count + 1)
    return dict(found.values())


def outs(hand: Sequence[Card], unseen: dict[Card, int],
         improves: Callable[[tuple[Card, ...]], bool]) -> int:
    """How many unseen cards would make ``improves(hand + (card,))`` true."""
    held = tuple(hand)
    return sum(count for card, count in unseen.items() if improves(held + (card,)))
