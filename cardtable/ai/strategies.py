"""The registry of game strategies: each game's AI module registers the heuristic player
for its game(s), and the bots look them up here. Adding a game's AI means adding one
module (found by ``import_all``), never editing a list.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..engine import Action


class Strategy(Protocol):
    """A heuristic player for one game: a legal action for the observed seat."""

    def choose(self, observation: Any, rng: random.Random) -> Action: ...


_FACTORIES: dict[str, Callable[[], Strategy]] = {}
T = TypeVar("T", bound=type)


def strategy(*game_ids: str) -> Callable[[T], T]:
    """Class decorator: register this strategy for these games."""

    def register(cls: T) -> T:
        for game_id in game_ids:
            if game_id in _FACTORIES:
                raise ValueError(f"two strategies registered for {game_id}")
            _FACTORIES[game_id] = cls
        return cls

    return register


def has_strategy(game_id: str) -> bool:
    return game_id in _FACTORIES


def new_strategies() -> dict[str, Strategy]:
    """One fresh strategy object per game (strategies that serve several games, like
    Shanghai's, are shared between them)."""
    made: dict[Callable[[], Strategy], Strategy] = {}
    return {game_id: made.setdefault(factory, factory())
            for game_id, factory in _FACTORIES.items()}
