"""Planted mistakes: a seat that plays as Normal except at a few chosen moves, where it
makes a mistake a player of the game knows for one. The review must find them
(``tests/test_review_planted.py``, ``bench/review.py --what planted``).

Each game registers the mistakes it can plant in its own module (``@mistake``, in
``<game>_planted.py``): a function of the seat's view and Normal's planned move that
returns the mistaken move where the position offers one (and the game is far enough on
for it to weigh), else None. ``PlantedBot`` plants at most ``limit`` of them a game, at
most one a round, none before ``after`` moves of its own and none where the game is no
longer open, and remembers where.

A planted move must be a blunder, not merely a move of a blundering kind: a wild thrown
early in a long game, or an ace thrown with six missions to go, often costs little, and a
review that ranks it below the seat's other slips is right to. So where the runner says so
(``play_planted``'s ``blunder``) a mistake is planted only where, on the true cards (every
hand as it is, the stock shuffled afresh for each world), it loses at least ``BLUNDER`` of
the seat's chance of winning the game against the move Normal planned, by paired rollouts
of Hard's search. The review never sees those cards: it must find the same cost from the
seat's view alone.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action, Game, GameView, SomeGame
from ..engine.codec import JSONObject
from ..engine.options import OptionsInstance
from ..engine.variant import SeatedState
from .bots import Bot, NormalBot, make_bot
from .hard import HardBot
from .leaf import leaf_for
from .seats import bot_rng, seat_to_ask
from .worlds import Worlds

Mistake = Callable[[GameView, Action], Action | None]
Confirm = Callable[[Action, Action], bool]
"""Whether a mistake (second) is costly enough to plant instead of the planned move."""
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
    confirm: Confirm | None = None
    """Whether a mistake found costs enough to plant (set by whoever runs the game, who
    holds the true cards; None: every mistake found is planted)."""
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
            if wrong is not None and wrong != planned \
                    and (self.confirm is None or self.confirm(planned, wrong)):
                self.planted.append((self._moves - 1, name))
                self._rounds.add(round_number)
                return wrong
        return planned


OPEN = (0.15, 0.85)
"""The chances of winning between which a game is open enough to plant a mistake."""
BLUNDER = 0.10
"""The chance of winning the game a planted mistake must lose on the true cards: the
line lichess draws between an inaccuracy and a mistake (0.2 on its scale of winning
chances from -1 to 1)."""
CONFIRMING_WORLDS = 48
"""True-card worlds each of the two moves is played in to measure a mistake's cost."""


def true_cost(game: SomeGame, seat: int, planned: Action, wrong: Action,
              worlds: int = CONFIRMING_WORLDS) -> float:
    """The chance of winning the game ``wrong`` loses against ``planned`` for ``seat`` on
    the true cards: Hard's search of the pair (the same rollouts, leaf and common random
    numbers as a review), its worlds the real state with the stock shuffled afresh."""
    truth = game.state

    class TrueCards(Worlds):
        def _deal(self, index: int) -> SeatedState:
            return self.variant.settle(truth, random.Random(f"{self.seed}:world:{index}"))

    judge = HardBot(playouts=2 * worlds)
    judge.worlds = TrueCards
    judge.GIVE_UP_AT = 0  # every world played: a cost, not a choice
    verdict = judge.weigh(game.observe(seat), wrong,
                          random.Random(f"planted:{len(game.history)}"), lambda: False,
                          first=(planned,), keep=lambda move: move in (planned, wrong),
                          test_best=True)
    if verdict.rival != planned or not verdict.pairs:
        return 0.0
    return sum(better.value - played.value for played, better in verdict.pairs) \
        / len(verdict.pairs)


@dataclass(frozen=True)
class PlantedGame:
    record: JSONObject
    planted: tuple[tuple[int, str], ...]
    """(index in the record's actions, the mistake's name) of each mistake planted."""
    costs: tuple[float, ...] = ()
    """Each planted mistake's cost on the true cards (:func:`true_cost`), where measured."""


def play_planted(game_id: str, seats: int, seed: int, secret: int, limit: int = 2,
                 others: str = "normal", options: OptionsInstance | None = None,
                 base: str = "normal", blunder: float | None = BLUNDER,
                 move_cap: int = 20_000) -> PlantedGame:
    """A game with mistakes planted in seat 0's play, the other seats at ``others``;
    planted only where the game is open for seat 0 (its chance of winning, as the Hard
    search's leaf reads the true state, between ``OPEN``'s bounds) and, unless
    ``blunder`` is None, only where the mistake loses that much of it on the true cards
    (:func:`true_cost`)."""
    game, _ = Game.new(game_id, seats, seed, options)
    leaf = leaf_for(game_id)
    planter = PlantedBot(limit, base=make_bot(base))
    measured: list[float] = []
    if blunder is not None:
        def confirm(planned: Action, wrong: Action) -> bool:
            measured.append(true_cost(game, 0, planned, wrong))
            return measured[-1] >= blunder
        planter.confirm = confirm
    costs: list[float] = []
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
            costs.extend(measured[-1:])
        game.apply(seat, action)
    return PlantedGame(game.record(), tuple(planted), tuple(costs))
