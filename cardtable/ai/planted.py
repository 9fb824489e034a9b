"""Planted mistakes: a seat that plays as Normal except at a few chosen moves, where it
makes a mistake a player of the game knows for one. The review must find them
(``tests/test_review_planted.py``, ``bench/review.py --what planted``).

Each game registers the mistakes it can plant in its own module (``@mistake``, in
``<game>_planted.py``): a function of the seat's view and Normal's planned move that
returns the mistaken move where the position offers one (and the game is far enough on
for it to weigh), else None. ``PlantedBot`` plants at most ``limit`` of them a game, at
most one a round, none before ``after`` moves of its own and none where the game is no
longer open, and remembers where.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action, Game, GameView
from ..engine.codec import JSONObject
from ..engine.options import OptionsInstance
from .bots import Bot, NormalBot, make_bot
from .leaf import leaf_for
from .seats import bot_rng, seat_to_ask

Mistake = Callable[[GameView, Action], Action | None]
_MISTAKES: dict[str, list[tuple[str, Mistake]]] = {}


def mistake(name: str, *game_ids: str) -> Callable[[Mistake], Mistake]:
    """Decorator: a mistake these games can plant, named for the reports."""

    def register(function: Mistake) -> Mistake:
        for game_id in game_ids:
            _MISTAKES.setdefault(game_id, []).append((name, function))
        return function

    return register


def mistakes_for(game_id: str) -> list[tuple[str, Mistake]]:
    return list(_MISTAKES.get(game_id, ()))


@dataclass
class PlantedBot:
    """Normal, with mistakes planted (see the module's docstring)."""

    limit: int = 2
    after: int = 6
    """Own moves played as Normal before the first mistake may be planted."""
    name: str = "planted"
    planted: list[tuple[int, str]] = field(default_factory=list)
    """(own move number, the mistake's name) for each mistake planted."""
    live: bool = True
    """Whether the game is still open for the seat (set by whoever runs the game: a
    mistake in a game already won or lost costs nothing, and is no test of a review)."""
    base: Bot[GameView] = field(default_factory=NormalBot)
    """Who plays every other move (Normal, as the issue's proof asks)."""
    _moves: int = 0
    _rounds: set[int] = field(default_factory=set)

    def supports(self, game_id: str) -> bool:
        return bool(_MISTAKES.get(game_id)) and self.base.supports(game_id)

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        planned = self.base.choose(observation, rng, deadline, should_stop)
        self._moves += 1
        round_number = getattr(observation, "round", 0)
        if len(self.planted) >= self.limit or self._moves <= self.after \
                or round_number in self._rounds or not self.live:
            return planned
        done = [name for _, name in self.planted]
        kinds = sorted(mistakes_for(observation.game_id), key=lambda kind: done.count(kind[0]))
        for name, plant in kinds:  # the kinds planted least so far first
            wrong = plant(observation, planned)
            if wrong is not None and wrong != planned:
                self.planted.append((self._moves - 1, name))
                self._rounds.add(round_number)
                return wrong
        return planned


OPEN = (0.15, 0.85)
"""The chances of winning between which a game is open enough to plant a mistake."""


@dataclass(frozen=True)
class PlantedGame:
    record: JSONObject
    planted: tuple[tuple[int, str], ...]
    """(index in the record's actions, the mistake's name) of each mistake planted."""


def play_planted(game_id: str, seats: int, seed: int, secret: int, limit: int = 2,
                 others: str = "normal", options: OptionsInstance | None = None,
                 base: str = "normal",
                 move_cap: int = 20_000) -> PlantedGame:
    """A game with mistakes planted in seat 0's play, the other seats at ``others``;
    planted only where the game is open for seat 0 (its chance of winning, as the Hard
    search's leaf reads the true state, between ``OPEN``'s bounds)."""
    game, _ = Game.new(game_id, seats, seed, options)
    leaf = leaf_for(game_id)
    planter = PlantedBot(limit, base=make_bot(base))
    bots = {seat: make_bot(others) for seat in range(1, seats)}
    planted: list[tuple[int, str]] = []
    for _ in range(move_cap):
        seat = seat_to_ask(game, range(seats))
        if seat is None:
            break
        bot = planter if seat == 0 else bots[seat]
        if seat == 0 and leaf is not None:
            chance = leaf.value(game.variant, game.state, 0)
            planter.live = OPEN[0] <= chance <= OPEN[1]
        before = len(planter.planted)
        action = bot.choose(game.observe(seat), bot_rng(game, seat, secret), float("inf"),
                            lambda: False)
        if len(planter.planted) > before:
            planted.append((len(game.history), planter.planted[-1][1]))
        game.apply(seat, action)
    return PlantedGame(game.record(), tuple(planted))
