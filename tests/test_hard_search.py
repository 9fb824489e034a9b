"""The Hard search sees only its seat's view and its budget is work: a view whose hidden
cards are dealt otherwise gives the same move and the same rollouts, and Hard at the
table plays the same moves again from a saved game."""

from __future__ import annotations

import random
import time

import pytest
from bot_games import normal_positions

from cardtable.ai.hard import HardBot
from cardtable.engine import variants

GAMES = [v.id for v in variants()]


def seats_for(game_id: str) -> int:
    return next(v for v in variants() if v.id == game_id).seat_counts.start


def searched_positions(game_id: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    """Positions along a Normal game where a small Hard search plays rollouts."""
    for game, seat, view in normal_positions(game_id, seats_for(game_id), seed, moves):
        if len(view.legal) < 2:
            continue
        bot = HardBot(playouts=8)
        move = bot.choose(view, random.Random(5), time.monotonic() + 60, lambda: False)
        if bot.last_rollouts:
            yield game, seat, move, bot.last_rollouts


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_search_plays_the_same_rollouts_whatever_the_hidden_cards(game_id):
    """Deal every card the seat cannot see otherwise (other hands, the stock, face-down
    cards): its view is unchanged, and so are the move and every rollout's world, move
    tried and value. A search that read a hidden card would value some rollout
    differently even where the move stays the same."""
    checked = 0
    for game, seat, move, rollouts in searched_positions(game_id, 11, 200):
        view = game.observe(seat)
        for resample in (99, 100):
            other_world = game.variant.determinize(view, random.Random(resample))
            assert other_world != game.state
            other_view = game.variant.observe(other_world, seat)
            assert other_view == view
            bot = HardBot(playouts=8)
            assert bot.choose(other_view, random.Random(5), time.monotonic() + 60,
                              lambda: False) == move
            assert bot.last_rollouts == rollouts
        checked += 1
        if checked == 2:
            break
    assert checked == 2
