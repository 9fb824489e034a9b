"""A game in progress: a variant, its seed and seats, the actions so far, the state.

The record of a game is its setup plus its action history; replaying the record gives
the same state (the engine is deterministic for a seed). The app saves records, the
conformance suite replays them. No file I/O here: records are plain JSON data.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .actions import Action
from .codec import JSONObject, JSONValue, from_json, to_json
from .errors import CodecError, EngineError, SetupError
from .events import Event
from .migrations import FORMAT_VERSION, OtherVersionError, migrate
from .rng import seed_problem
from .shown import shown
from .text import msg
from .variant import GameView, Outcome, S, SeatedState, V, Variant, get_variant

S_co = TypeVar("S_co", bound=SeatedState, covariant=True)
V_co = TypeVar("V_co", bound=GameView, covariant=True)


@dataclass
class Game(Generic[S_co, V_co]):
    """The mutable handle the app and the simulator hold; the state inside is frozen.
    Generic in the game's state and view types; a game found by its id is a
    ``SomeGame``, whose views are narrowed by their game's registered view type.
    Covariant: a game of Five Crowns is a game (its state is only ever replaced by
    states its own variant made, as ``apply`` and undo do)."""

    variant: Variant[S_co, V_co]
    seats: int
    seed: int
    state: S_co
    history: list[tuple[int, Action]] = field(default_factory=list)

    @classmethod
    def new(cls, game_id: str, seats: int, seed: int,
            options: object | None = None) -> tuple[SomeGame, tuple[Event, ...]]:
        """A new game of the game registered as ``game_id``."""
        return Game.start(get_variant(game_id)(options), seats, seed)

    @staticmethod
    def start(variant: Variant[S, V], seats: int, seed: int
              ) -> tuple[Game[S, V], tuple[Event, ...]]:
        """A new game of this very variant (its types known to the caller)."""
        problem = seed_problem(seed)
        if problem is not None:  # bounded here: nothing deals a number a save cannot keep
            raise SetupError(problem)
        start = variant.new_game(seats, seed)
        return Game(variant, seats, seed, start.state), start.events

    @property
    def game_id(self) -> str:
        return self.variant.id

    def awaiting(self) -> tuple[int, ...]:
        return self.variant.awaiting(self.state)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.variant.legal_actions(self.state, seat)

    def problem(self, seat: int, action: Action) -> str | None:
        return self.variant.problem(self.state, seat, action)

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Carry out the action (raises IllegalActionError) and remember it."""
        step = self.variant.apply(self.state, seat, action)
        self.state = step.state
        self.history.append((seat, action))
        return step.events

    def observe(self, seat: int) -> V_co:
        return self.variant.observe(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.variant.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    # --- records -----------------------------------------------------------------------

    def setup_record(self) -> JSONObject:
        """The record without its moves: what game, under which rules, how dealt."""
        return {
            "format_version": FORMAT_VERSION,
            "game": self.variant.id,
            "rules_version": self.variant.rules_version,
            "options": to_json(self.variant.options),
            "seats": self.seats,
            "seed": self.seed,
        }

    def record(self) -> JSONObject:
        return {**self.setup_record(),
                "actions": [[seat, to_json(action)] for seat, action in self.history]}

    @classmethod
    def from_record(cls, record: object,
                    on_events: Callable[[tuple[Event, ...]], None] | None = None) -> SomeGame:
        """Replay a record, of any format version this version reads (``on_events`` sees
        each action's events). Raises CodecError or EngineError if it does not replay:
        not a record, a newer format, another rules version, or moves that do not fit."""
        if not isinstance(record, dict):
            raise CodecError("not a game record (it holds no game's setup and moves)")
        record, _ = migrate(record)
        try:
            variant_type = get_variant(record["game"])
            if record.get("rules_version") != variant_type.rules_version:
                # Translators: {game}: the game's title; {version}, {ours}: rules versions ('1')
                raise OtherVersionError(msg(
                    "it was played under {game} rules version {version}, and this version "
                    "plays {ours}", game=variant_type.title,
                    version=shown(record.get("rules_version")),
                    ours=repr(variant_type.rules_version)))
            options = from_json(variant_type.options_type, record["options"])
            seats, seed = _whole(record["seats"], "seats"), _whole(record["seed"], "seed")
            game, _ = Game.new(record["game"], seats, seed, options)
            for seat, action_data in record["actions"]:
                events = game.apply(_whole(seat, "a seat"), from_json(Action, action_data))
                if on_events is not None:
                    on_events(events)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, EngineError):
                raise
            raise CodecError(f"not a game record: {error}") from error
        return game

    def state_json(self) -> JSONValue:
        return to_json(self.state)


SomeGame = Game[SeatedState, GameView]
"""A game chosen at run time by its id (see ``variant.SomeVariant``): what the shared
code holds, reading its views through ``GameView`` or its game's own registered type."""


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CodecError(f"{what} must be a whole number, not {value!r:.40}")
    return value
