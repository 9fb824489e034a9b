"""The rummy table as a round ended, before its score sheet: the engine has dealt on
already, and the person sees the round that ended until the sheet is closed."""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from ...engine import Card
from ...engine.events import Discarded, LaidOff, MeldsLaid, RoundScored
from ..session import Shown
from ..table_desc import RummyView


def round_end_view(human: int, before: RummyView, shown: Shown[RummyView],
                   scored: RoundScored) -> RummyView:
    """The table as the round ended: the view before the round-ending move, with that
    move done (its cards out of the hand, its discard on the pile, the melds as the
    round left them). The engine has dealt on already; this is what the person sees
    until the score sheet is closed."""
    moved: list[Card] = []
    pile = before.discard_pile
    for event in shown.events:
        if isinstance(event, RoundScored):
            break
        if isinstance(event, Discarded) and event.seat == shown.seat:
            moved.append(event.card)
            pile = pile + (event.card,)
        elif isinstance(event, MeldsLaid) and event.seat == shown.seat:
            moved += [card for meld in event.melds for card in meld.cards]
        elif isinstance(event, LaidOff) and event.seat == shown.seat:
            moved += list(event.cards)
    gone = set(moved)
    sizes = list(before.hand_sizes)
    sizes[shown.seat] = max(0, sizes[shown.seat] - len(moved))
    hand = tuple(c for c in before.hand if c not in gone) if shown.seat == human \
        else before.hand
    end: RummyView = dataclasses.replace(
        cast(Any, before), hand=hand, hand_sizes=tuple(sizes), discard_pile=pile,
        melds=scored.melds or before.melds)
    return end
