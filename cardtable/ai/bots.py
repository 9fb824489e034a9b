"""The bot protocol and the registry of bot levels.

Levels: ``random`` (uniform over the legal actions; for tests and baselines), ``easy``
(Normal with slips), ``normal`` (a real heuristic per game) and ``hard`` (Normal checked by
search over the hidden cards, :mod:`hard`). Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeVar

from ..engine import Action, Call, Discard, Draw, GameView, Place
from ..engine.text import Msg, msg
from .strategies import level_lines, new_strategies


class BotError(Exception):
    """A bot could not choose (unknown level, or no strategy for this game)."""


View_contra = TypeVar("View_contra", bound=GameView, contravariant=True)


class Bot(Protocol[View_contra]):
    """A player of the games whose views are ``View_contra``: the levels play every game
    (``Bot[GameView]``, dispatching on the view's game to its own typed strategy), and
    a bot of one game takes that game's view type."""

    @property
    def name(self) -> str: ...

    def supports(self, game_id: str) -> bool:
        """Whether this bot has a strategy for the game."""
        ...

    def choose(self, observation: View_contra, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        """A legal action for the observed seat. ``deadline`` is a ``time.monotonic()``
        value the bot should answer by; ``should_stop`` turns true when nobody waits."""
        ...


class RandomBot:
    """Uniform over the legal actions the engine lists."""

    name = "random"

    def supports(self, game_id: str) -> bool:
        return True

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        legal = observation.legal
        if not legal:
            raise BotError("asked to move with no legal action")
        return legal[rng.randrange(len(legal))]


class NormalBot:
    """Dispatches to the game's heuristic strategy (``level="hard"``: the sharper one a
    game may have, which the Hard bot moves by)."""

    name = "normal"

    def __init__(self, level: str = "normal") -> None:
        self._strategies = new_strategies(level)

    def supports(self, game_id: str) -> bool:
        return game_id in self._strategies

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        strategy = self._strategies.get(observation.game_id)
        if strategy is None:
            raise BotError(f"no normal bot for {observation.game_id} yet")
        return strategy.play(observation, rng)

    def easy_slip(self, game_id: str, default: float) -> float:
        """How often Easy should slip in this game: its strategy's ``easy_slip``, if set."""
        strategy = self._strategies.get(game_id)
        slip = strategy.easy_slip if strategy is not None else None
        return default if slip is None else slip


class EasyBot:
    """A real opponent that slips like a casual player: the Normal player's choice,
    except that now and then it throws a different card, draws from the other pile, or
    lets a call chance go (never an illegal or absurd move: it still lays down and goes
    out when it can)."""

    name = "easy"
    SLIP = 0.15
    """How often a discard, a draw or a call is not Normal's, unless the game's strategy
    sets its own ``easy_slip`` (where one choice weighs less, slips must come more
    often to be felt)."""

    def __init__(self) -> None:
        self._normal = NormalBot()

    def supports(self, game_id: str) -> bool:
        return self._normal.supports(game_id)

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        choice = self._normal.choose(observation, rng, deadline, should_stop)
        if rng.random() >= self._normal.easy_slip(observation.game_id, self.SLIP):
            return choice
        others = [a for a in observation.legal if type(a) is type(choice) and a != choice]
        if isinstance(choice, Call) and choice.kind != "pass":
            others = [a for a in observation.legal if a == Call("pass")]
        elif not isinstance(choice, (Discard, Draw, Place)):
            return choice  # melds, going out, answers: played as Normal plays them
        return rng.choice(others) if others else choice


def _hard(playouts: int | None = None, read: bool = True) -> Bot[GameView]:
    from .hard import HardBot  # hard builds on NormalBot, defined above
    return HardBot(playouts=playouts, read=read)


_LEVELS: dict[str, Callable[[], Bot[GameView]]] = {"random": RandomBot, "easy": EasyBot,
                                         "normal": NormalBot, "hard": _hard}
PLAYER_LEVELS: dict[str, str] = {
    "easy": msg("Easy: plays sensibly but slips now and then (a loose discard, a missed "
                "call)"),
    "normal": msg("Normal: a steady player who plans its melds and rarely gives cards "
                  "away"),
    "hard": msg("Hard: plays each choice out many ways before it moves; takes a moment "
                "longer"),
}
"""The levels offered at the table, with a line each on what to expect (messages: the
app says them through ``i18n.text``). ``random`` (uniform over the legal moves) is for
tests and simulations only."""
# Translators: the computer players' levels of play
LEVEL_NAMES: dict[str, Msg] = {"easy": msg("Easy"), "normal": msg("Normal"),
                               "hard": msg("Hard")}
"""A level's name as a player reads it (the keys stay English: settings and records)."""


def level_name(level: str) -> str:
    """``easy`` → "Easy", in the player's language once the app renders it."""
    return LEVEL_NAMES.get(level) or level.title()


def level_words(level: str, game_id: str) -> str:
    """What to expect of this level in this game, in a line (setup shows it)."""
    return level_lines(game_id).get(level) or PLAYER_LEVELS[level]


def bot_names() -> tuple[str, ...]:
    return tuple(_LEVELS)


def make_bot(name: str) -> Bot[GameView]:
    """A bot of the named level; ``hard:N`` is Hard with a budget of N playouts a
    decision (for tournaments at other strengths; the table uses plain ``hard``), and
    ``hard-noread:N`` the same with worlds dealt uniformly, not read from what the
    opponents did (to measure what reading gives)."""
    level, _, budget = name.partition(":")
    if level == "hard-noread":
        if budget and (not budget.isdigit() or int(budget) < 1):
            raise BotError(msg("{name}: hard-noread:N needs a whole number of playouts N ≥ 1",
                               name=repr(name)))
        return _hard(int(budget) if budget else None, read=False)
    if level == "hard" and budget:
        if not budget.isdigit() or int(budget) < 1:
            raise BotError(msg("{name}: hard:N needs a whole number of playouts N ≥ 1",
                               name=repr(name)))
        return _hard(int(budget))
    try:
        return _LEVELS[name]()
    except KeyError:
        raise BotError(msg("unknown bot {name} (known: {known}, hard:N)", name=repr(name),
                           known=", ".join(_LEVELS))) from None
