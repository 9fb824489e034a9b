"""The worlds one decision is searched in.

Each world deals the cards the seat cannot see at random, consistently with its view
(the engine's ``determinize``). Dealt uniformly, a world ignores what the opponents have
shown: a player who passed up three hearts in a row is unlikely to collect hearts, one
who took the 7♠ probably wants spades. A game may register a **reading** of the view
(``@world_reading``): a weight for a dealt world, higher where the opponents' hands agree
with what they did. Worlds are then drawn by sampling-importance-resampling: ``DRAWN``
deals a world, each kept with a chance in proportion to its weight, so the search plays
the likely worlds more often and needs no weights itself.

Every world is drawn from its own generator, named by the decision's seed and the
world's index: the same view and seed give the same worlds in any order of asking.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar, cast

from ..engine import GameView
from ..engine.cards import Card
from ..engine.rummy import DealsHands, RummyView, RummyZones
from ..engine.variant import SeatedState, SomeVariant

Hands = tuple[tuple[Card, ...], ...]
WorldWeight = Callable[[Hands], float]
"""How well a world's dealt hands agree with what the opponents did (any positive scale)."""
Reading = Callable[[SomeVariant, GameView], WorldWeight | None]
"""A game's reading of a view: the weight of a world dealt for it, or None (uniform)."""
_READINGS: dict[str, Reading] = {}
F = TypeVar("F", bound=Reading)

DRAWN = 8
"""Deals drawn for each world kept when the view is read (sampling-importance-resampling)."""


def world_reading(*game_ids: str) -> Callable[[F], F]:
    """Decorator: how the search reads these games' views when it deals worlds."""

    def register(reading: F) -> F:
        for game_id in game_ids:
            if game_id in _READINGS:
                raise ValueError(f"two world readings registered for {game_id}")
            _READINGS[game_id] = reading
        return reading

    return register


class Worlds:
    """The sampled worlds of one decision, dealt on first use and kept."""

    def __init__(self, variant: SomeVariant, view: GameView, seed: int,
                 read: bool = True) -> None:
        self.variant, self.view, self.seed = variant, view, seed
        reading = _READINGS.get(variant.id) if read else None
        self.weight = reading(variant, view) if reading is not None else None
        self._dealer: DealsHands | None = None
        if self.weight is not None and isinstance(variant, RummyZones):
            # A reading weighs dealt hands: a rummy game's alone.
            self._dealer = cast(DealsHands, variant)
        else:
            self.weight = None
        self._worlds: list[SeatedState] = []

    def __getitem__(self, index: int) -> SeatedState:
        while len(self._worlds) <= index:
            self._worlds.append(self._deal(len(self._worlds)))
        return self._worlds[index]

    def _deal(self, index: int) -> SeatedState:
        rng = random.Random(f"{self.seed}:world:{index}")
        dealer, weight = self._dealer, self.weight
        if dealer is None or weight is None:
            return self.variant.determinize(self.view, rng)
        # The weight reads the hands alone: the drawn worlds are hands only, the kept
        # one's state is made (its stock in deck order) and then shuffled. A reading is
        # registered for rummy views alone (``reading.read_rummy``).
        view = cast(RummyView, self.view)
        dealt = [dealer.deal_hands(view, rng) for _ in range(DRAWN)]
        weights = [max(0.0, weight(deal.hands)) for deal in dealt]
        kept = dealt[0] if sum(weights) <= 0 else rng.choices(dealt, weights=weights)[0]
        return self.variant.settle(dealer.world_with(view, kept), rng)
