"""While an AI thinks, only its "thinking…" dots change: the frame redraws that seat's
panel alone (the rest of the screen is as drawn), and the screen is exactly what a
whole redraw would draw. A whole redraw still comes at least once a second."""

from __future__ import annotations

import threading
from collections.abc import Callable
from random import Random
from typing import Any

import pygame
import pytest

from cardtable.app.session import default_seats
from cardtable.engine import Game
from ui import until


class WaitingBot:
    """Thinks until told to stop (the test's AI seat never answers)."""

    name = "waiting"

    def __init__(self) -> None:
        self.release = threading.Event()

    def supports(self, game_id: str) -> bool:
        return True

    def choose(self, observation: Any, rng: Random, deadline: float,
               should_stop: Callable[[], bool]) -> Any:
        while not self.release.wait(0.005) and not should_stop():
            pass
        return observation.legal[0] if observation.legal else None


@pytest.mark.parametrize(("game_id", "seats"), [("shanghai_may_i", 8), ("palace", 4),
                                                 ("five_crowns", 3)])
def test_only_the_thinking_seats_panel_is_redrawn_as_its_dots_change(make_app, game_id,
                                                                     seats):
    app = make_app()
    game, _ = Game.new(game_id, seats, 3)
    app.start_session(game, default_seats(seats - 1, "normal"), autoplay="normal")
    bot, human = WaitingBot(), app.session.human  # a bot plays the person's seat too
    app.session.bots = {seat: bot if seat != human else played
                        for seat, played in app.session.bots.items()}
    app.session.call_seconds = 0.0
    try:
        until(app, lambda: app.session.thinking_seat not in (None, human)
              and not app.table.animator.busy)
        seat = app.session.thinking_seat
        for _ in range(3):
            app.frame(1 / 60)
        areas: list[pygame.Rect | None] = []
        real = app.draw

        def draw(*area: pygame.Rect | None) -> None:
            areas.append(area[0] if area else None)
            real(*area)

        app.draw = draw  # type: ignore[method-assign]
        for _ in range(40):  # two thirds of a second: the dots step twice
            app.frame(1 / 60)
            if areas:
                break
        assert areas and areas[-1] is not None  # the dots alone changed
        assert app.session.thinking_seat == seat
        spot = app.table.geo.spots if game_id != "palace" else app.table.geo.table.spots
        assert areas[-1] == spot[seat].panel
        partial = pygame.image.tobytes(app.screen, "RGB")
        real()
        assert pygame.image.tobytes(app.screen, "RGB") == partial  # as a whole redraw
        for _ in range(70):  # and the whole screen at least once a second
            app.frame(1 / 60)
        assert None in areas[1:]
    finally:
        bot.release.set()
