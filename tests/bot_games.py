"""Positions along a game the Normal bots play at every seat (for AI tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.ai import make_bot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.engine import Game


def normal_positions(game_id: str, seats: int, seed: int,
                     moves: int) -> Iterator[tuple[Game, int, Any]]:
    """(game, seat to move, its view) before each of the first ``moves`` moves."""
    game, _ = Game.new(game_id, seats, seed)
    bot = make_bot("normal")
    for _ in range(moves):
        if game.over:
            return
        seat = seat_to_ask(game, range(seats))
        assert seat is not None
        view = game.observe(seat)
        yield game, seat, view
        game.apply(seat, bot.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
