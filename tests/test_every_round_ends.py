"""Every round ends (issue 12): bot games at default options, every game and seat count.

No safety cap is set here (no ``round_turn_limit``): what ends a round is the games' own
rules — someone goes out, or the stock runs out after its two rebuilds of the round
(Five Crowns, Monastery, both Shanghai games), or Palace's placement cap (P-A12). A
round that runs past ``ROUND_STEP_LIMIT`` actions fails with its game, seats, bot and
seed, so it can be replayed.

Games are played whole where that is cheap (Five Crowns, Palace, both Shanghai games);
Monastery games with random bots may never end as games (nobody completes nine
missions), so each is played for its first three rounds. How many games and rounds each
game plays is its profile (tests/game_profiles.py); a game without one plays the default.
"""

from __future__ import annotations

import time

import pytest
from game_profiles import profile_of

from cardtable.ai import make_bot
from cardtable.app.describe import describe
from cardtable.engine import Game, variants
from cardtable.engine.events import StockExhausted
from cardtable.engine.rng import derive

ROUND_STEP_LIMIT = 6_000
"""Actions one round may take. The longest rounds seen in these games are about 1,500
actions (random bots at Shanghai); a Palace game, one round, is at most 2 × its placement
cap of 2,000 plus the set-up (a turn that does not place takes a stack that a placement
built)."""



HARD = "hard:12"
"""Hard at a budget that still weighs rivals, small enough for a few rounds here."""
HARD_ROUNDS = 3
"""Rounds Hard's games play (the first three; a game of one round plays it whole)."""


def play_rounds(game_id: str, seats: int, seed: int, policy: str, rounds: int) -> list[int]:
    """Play one game with ``policy`` bots at every seat, at default options, for at most
    ``rounds`` rounds; the actions each finished round took. Fails on a round that does
    not end within ``ROUND_STEP_LIMIT`` actions."""
    game, _ = Game.new(game_id, seats, seed)
    bot = make_bot(policy)
    lengths: list[int] = []
    steps = 0
    current = getattr(game.state, "round", 1)  # Palace has no rounds: the game is one
    while not game.over and len(lengths) < rounds:
        seat = game.awaiting()[0]
        rng = derive(seed, "bot", seat, len(game.history))
        game.apply(seat, bot.choose(game.observe(seat), rng, time.monotonic() + 10.0,
                                    lambda: False))
        steps += 1
        assert steps <= ROUND_STEP_LIMIT, (
            f"{game_id}, {seats} seats, {policy} bots, seed {seed}: round {current} has not "
            f"ended after {ROUND_STEP_LIMIT} actions")
        now = getattr(game.state, "round", 1)
        if now != current or game.over:
            lengths.append(steps)
            steps, current = 0, now
    return lengths


def cases():
    for variant in variants():
        random_games, normal_games = profile_of(variant.id).round_games
        for seats in variant.seat_counts:
            for policy, count in (("random", random_games), ("normal", normal_games)):
                yield pytest.param(variant.id, seats, policy, count,
                                   id=f"{variant.id}-{seats}-{policy}")
        # Hard's search at every seat, at a small budget: its rivals to the planned move
        # must not keep a round from ending either (issue 38's one card traded back and
        # forth: tests/test_trading_loop.py).
        seats = min(variant.seat_counts)
        yield pytest.param(variant.id, seats, HARD, 1, id=f"{variant.id}-{seats}-hard")


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats,policy,games", list(cases()))
def test_every_round_ends_at_default_options(game_id, seats, policy, games):
    rounds = profile_of(game_id).rounds_to_play
    if policy == HARD:
        rounds = min(rounds, HARD_ROUNDS)
    for index in range(games):
        seed = 12_000 + 100 * seats + index
        lengths = play_rounds(game_id, seats, seed, policy, rounds)
        assert lengths, f"{game_id} seed {seed}: no round was played"


def test_the_log_says_how_an_exhausted_round_ends():
    names = ["You", "West"]
    scored = describe(StockExhausted(2), names, 0)
    thrown = describe(StockExhausted(2, thrown_in=True), names, 0)
    assert scored == ("The stock ran out again after being rebuilt twice: the round ends "
                      "and every hand is scored")
    assert thrown is not None and "thrown in" in thrown and "scored" not in thrown
