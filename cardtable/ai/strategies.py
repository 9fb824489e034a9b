"""The registry of game strategies: each game's AI module registers the heuristic player
for its game(s), and the bots look them up here. Adding a game's AI means adding one
module (found by ``import_all``), never editing a list.

Strategies have a level: ``normal`` is every game's heuristic player; a game may also
register a sharper ``hard`` one, which the Hard bot moves by (and checks by search) and
which falls back to ``normal`` where a game has none.

Imports the engine only.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from ..engine import Action, GameView
from ..engine.variant import SeatedState, SomeVariant, V, narrowed


class Player(Protocol):
    """A registered strategy as the bots use it, whatever its game."""

    @property
    def easy_slip(self) -> float | None: ...

    def play(self, view: GameView, rng: random.Random) -> Action: ...


class Strategy(ABC, Generic[V]):
    """A heuristic player for one game: a legal action for the observed seat, read from
    its game's own view type ``V`` (``view_type``). It may also set ``easy_slip``, how
    often the Easy level should slip in its game."""

    view_type: type[V]
    easy_slip: ClassVar[float | None] = None

    @abstractmethod
    def choose(self, view: V, rng: random.Random) -> Action: ...

    def play(self, view: GameView, rng: random.Random) -> Action:
        """``choose`` on a view the bots hold as any game's (checked to be ``V``)."""
        return self.choose(narrowed(view, self.view_type), rng)


LEVELS = ("normal", "hard")
"""Strategy levels, each falling back to the one before it for a game without its own."""
_FACTORIES: dict[str, dict[str, Callable[[], Player]]] = {level: {} for level in LEVELS}
T = TypeVar("T", bound=Callable[[], Player])


def strategy(*game_ids: str, level: str = "normal") -> Callable[[T], T]:
    """Class decorator: register this strategy for these games at this level."""
    if level not in _FACTORIES:
        raise ValueError(f"unknown strategy level {level!r}")

    def register(cls: T) -> T:
        if not (isinstance(cls, type) and issubclass(cls, Strategy)
                and isinstance(getattr(cls, "view_type", None), type)):
            raise TypeError(f"the {level} strategy for {', '.join(game_ids)} must subclass "
                            "Strategy[V] and set view_type = V, the game's view class")
        for game_id in game_ids:
            if game_id in _FACTORIES[level]:
                raise ValueError(f"two {level} strategies registered for {game_id}")
            _FACTORIES[level][game_id] = cls
        return cls

    return register


_LEVEL_LINES: dict[str, dict[str, str]] = {}


def describe_levels(*game_ids: str, **lines: str) -> None:
    """A game's own line for a level, where the shared one (``bots.PLAYER_LEVELS``)
    speaks of what the game lacks (Palace has no melds; only Shanghai has calls)."""
    for game_id in game_ids:
        _LEVEL_LINES.setdefault(game_id, {}).update(lines)


def level_lines(game_id: str) -> dict[str, str]:
    return dict(_LEVEL_LINES.get(game_id, {}))


Scorer = Callable[[SomeVariant, SeatedState], Sequence[float]]
"""Each seat's score in a state, higher or lower is better as the game's own score (the
variant and its state as the search holds them: a game's scorer narrows the state)."""
_SCORERS: dict[str, Scorer] = {}


def search_scores(*game_ids: str) -> Callable[[Scorer], Scorer]:
    """Decorator: how the Hard search should score a state of these games when the
    game's standing is not the whole story (``scorer(variant, state)``)."""

    def register(scorer: Scorer) -> Scorer:
        for game_id in game_ids:
            if game_id in _SCORERS:
                raise ValueError(f"two search scores registered for {game_id}")
            _SCORERS[game_id] = scorer
        return scorer

    return register


def scores_for(game_id: str) -> Scorer | None:
    return _SCORERS.get(game_id)


def has_strategy(game_id: str) -> bool:
    return game_id in _FACTORIES["normal"]


def new_strategies(level: str = "normal") -> dict[str, Player]:
    """One fresh strategy object per game at this level, or at the level below where the
    game has none (strategies that serve several games, like Shanghai's, are shared
    between them)."""
    factories: dict[str, Callable[[], Player]] = {}
    for step in LEVELS[:LEVELS.index(level) + 1]:
        factories.update(_FACTORIES[step])
    made: dict[Callable[[], Player], Player] = {}
    return {game_id: made.setdefault(factory, factory())
            for game_id, factory in factories.items()}
