"""Positions along a game the Normal bots, or a rollout policy, play at every seat (for AI
tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.ai import make_bot
from cardtable.ai.rollout import Mover
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.engine import Game
from cardtable.engine.variant import SeatedState, SomeVariant


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


def played_by(variant: SomeVariant, policy: Mover, state: SeatedState, rng: random.Random,
              limit: int) -> Iterator[tuple[SeatedState, int, random.Random]]:
    """(state, seat awaited, a generator for the test's own move there) before each of
    at most ``limit`` moves the policy plays at every seat from ``state``."""
    for _ in range(limit):
        awaiting = variant.awaiting(state)
        if not awaiting:
            return
        seat = awaiting[0]
        move_rng = random.Random(rng.getrandbits(32))
        yield state, seat, random.Random(move_rng.getrandbits(32))
        state = variant.apply(state, seat, policy.move(state, seat, move_rng)).state
