"""What a tournament deal leaves: each bot's seat in each game of it, as plain data
(shared by the tournament and its record file)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatResult:
    """One bot's seat in one game: its share of the win and its score margin (positive:
    better than the mean of the other seats, whichever way the game counts)."""

    bot: str
    seat: int
    win: float
    margin: float


@dataclass(frozen=True)
class DealResult:
    deal: int
    seats: tuple[SeatResult, ...]
    """Every seat of every game of the deal, game by game (one per rotation)."""
    steps: int

    def games(self, size: int) -> list[tuple[SeatResult, ...]]:
        """The seats of each game, for a table of ``size`` seats."""
        return [self.seats[start:start + size] for start in range(0, len(self.seats), size)]
