"""How every seat moves inside the Hard search's rollouts.

A rollout plays a sampled world forward: every card in it is already dealt at random
where the searching seat cannot see, so nothing can leak, and no seat's view needs to be
built to decide a move. A game registers a policy that reads the state itself
(``@rollout_policy``); a game without one is played by its Normal strategy through a view
built every move (``ObservingPolicy``), which is correct but slow.

Imports the engine only.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar, runtime_checkable

from ..engine import Action
from ..engine.variant import SeatedState, SomeVariant
from .bots import NormalBot

S = TypeVar("S", bound=SeatedState)


class Mover(Protocol):
    """A policy as the search holds it, whatever its game."""

    def move(self, state: SeatedState, seat: int, rng: random.Random) -> Action: ...


@runtime_checkable
class PlaysOut(Protocol):
    """A policy that plays a whole rollout itself (a game's table changed in place, not
    a state copied at every move), exactly as the search's own loop would play it move
    by move with ``move``: see ``hard._Search.playout``."""

    def play_out(self, start: SeatedState, seat: int, action: Action,
                 rng: Callable[[], random.Random], horizon: int,
                 limit: int) -> tuple[SeatedState, int, int] | None:
        """``seat``'s ``action`` in ``start`` (None: the rules refuse it there), then the
        rollout: the state reached, the moves made after ``action`` and the faults. Play
        stops when ``start``'s round or the game is over, nobody is awaited, ``seat``
        has ended its ``horizon``-th own turn after this one (0: never), ``limit`` moves
        are made, or the rules refuse a move (a fault). ``rng`` makes the rollout's
        generator (the same for every candidate of a world), asked only if a move
        needs it."""
        ...


class RolloutPolicy(ABC, Generic[S]):
    """A game's policy read straight from its state ``S`` (``state_type``): a legal move
    for ``seat``, which is awaited. Made once per search with the variant it plays."""

    state_type: type[S]

    def __init__(self, variant: SomeVariant) -> None:
        self.variant = variant

    @abstractmethod
    def choose(self, state: S, seat: int, rng: random.Random) -> Action: ...

    def move(self, state: SeatedState, seat: int, rng: random.Random) -> Action:
        if type(state) is not self.state_type:
            raise TypeError(f"{type(self).__name__} plays {self.state_type.__name__}, "
                            f"not {type(state).__name__}")
        return self.choose(state, seat, rng)


class ObservingPolicy:
    """The Normal strategy through the seat's view, built every move: any game's."""

    def __init__(self, variant: SomeVariant) -> None:
        self.variant = variant
        self._normal = NormalBot()

    def move(self, state: SeatedState, seat: int, rng: random.Random) -> Action:
        view = self.variant.observe(state, seat)
        return self._normal.choose(view, rng, 0.0, _never)


def _never() -> bool:
    return False


Factory = Callable[[SomeVariant], Mover]
_POLICIES: dict[str, Factory] = {}
F = TypeVar("F", bound=Factory)


def rollout_policy(*game_ids: str) -> Callable[[F], F]:
    """Class decorator: this policy plays these games' rollouts."""

    def register(cls: F) -> F:
        for game_id in game_ids:
            if game_id in _POLICIES:
                raise ValueError(f"two rollout policies registered for {game_id}")
            _POLICIES[game_id] = cls
        return cls

    return register


def policy_for(variant: SomeVariant, observing: bool = False) -> Mover:
    """The variant's registered rollout policy, or Normal through views where it has none
    (or where ``observing`` asks for it: the bench compares the two)."""
    factory = None if observing else _POLICIES.get(variant.id)
    return (factory or ObservingPolicy)(variant)
