"""Watching a game again: every position of a recorded game, move by move and round by
round. The record (setup and actions, as saves and the history keep it) is replayed
once; the engine is deterministic, so the positions are the ones that were played.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .codec import from_json
from .errors import CodecError, EngineError
from .events import Event, RoundStarted
from .game import Game, SomeGame
from .migrations import migrate
from .variant import SeatedState, round_of


@dataclass(frozen=True, slots=True)
class Position:
    """The game after a move (the first position: as dealt, with no move)."""

    state: SeatedState
    seat: int | None
    """Who moved into this position (``None`` for the deal)."""
    action: Action | None
    events: tuple[Event, ...]
    """What happened on the way here (the deal's events for the first position)."""
    round: int


class Replay:
    """The positions of one recorded game."""

    def __init__(self, game: SomeGame, positions: list[Position]) -> None:
        self.game = game
        """The game as it ended (or as far as it was recorded)."""
        self.positions = positions

    @classmethod
    def from_record(cls, record: object) -> Replay:
        """Replay a record of any format version this version reads; raises the engine's
        CodecError or EngineError, with the reason, for one that does not replay (not an
        object, a newer format, another rules version, damaged or foreign)."""
        if not isinstance(record, dict):
            raise CodecError("not a game record (it holds no game's setup and moves)")
        record, _ = migrate(record)
        start = Game.from_record({**record, "actions": []})  # checks the setup
        game, events = Game.new(start.game_id, start.seats, start.seed, start.variant.options)
        positions = [Position(game.state, None, None, events, round_of(game.state, 1))]
        try:
            for seat, data in record["actions"]:
                if not isinstance(seat, int) or isinstance(seat, bool):
                    raise CodecError(f"a seat must be a whole number, not {seat!r:.40}")
                action = from_json(Action, data)
                events = game.apply(seat, action)
                positions.append(Position(game.state, seat, action, events,
                                          round_of(game.state, 1)))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, EngineError):
                raise
            raise CodecError(f"not a game record: {error}") from error
        return cls(game, positions)

    def __len__(self) -> int:
        return len(self.positions)

    def round_starts(self) -> list[int]:
        """The positions where a round was dealt (the first is 0)."""
        starts = [index for index, position in enumerate(self.positions)
                  if index == 0 or any(isinstance(e, RoundStarted) for e in position.events)]
        return starts

    def next_round(self, index: int) -> int:
        """The next round's deal after ``index`` (or the last position)."""
        return next((s for s in self.round_starts() if s > index), len(self.positions) - 1)

    def previous_round(self, index: int) -> int:
        """The deal of ``index``'s round, or of the round before when at a deal."""
        return max((s for s in self.round_starts() if s < index), default=0)
