"""Cards in flight: engine events become short slides the eye can follow.

Times are the scene's own clock in seconds (it advances by each frame's dt), so tests
that step frames get the same animations as a person watching.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass
class Flight:
    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    begins: float
    duration: float
    card: str | None = None
    """Unique code of the card, hidden at its destination until it lands."""
    seat: int | None = None
    """Opponent whose hand it joins (its count waits for the landing)."""

    def position(self, now: float) -> tuple[int, int]:
        if self.duration <= 0:
            share = 1.0
        else:
            share = min(1.0, max(0.0, (now - self.begins) / self.duration))
        eased = 1 - (1 - share) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * eased
        y = self.start[1] + (self.end[1] - self.start[1]) * eased
        return int(x), int(y)

    def done(self, now: float) -> bool:
        return now >= self.begins + self.duration


class Animator:
    def __init__(self) -> None:
        self.flights: list[Flight] = []

    def add(self, flight: Flight) -> None:
        self.flights.append(flight)

    def update(self, now: float) -> None:
        self.flights = [f for f in self.flights if not f.done(now)]

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def hidden_cards(self) -> set[str]:
        return {f.card for f in self.flights if f.card}

    def incoming(self, seat: int) -> int:
        return sum(1 for f in self.flights if f.seat == seat)

    def draw(self, surface: pygame.Surface, now: float) -> None:
        for flight in self.flights:
            if now >= flight.begins:
                surface.blit(flight.image, flight.position(now))
