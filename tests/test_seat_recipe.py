"""One recipe for AI seats: a deal number plays out move for move the same at the
table (bots on the worker thread or inline) and in ``simulate``."""

from __future__ import annotations

import time

import pytest

from cardtable.ai import AIWorker, make_bot
from cardtable.app.session import SeatInfo, Session
from cardtable.engine import Game, variants
from cardtable.simulate import play_one

SECRET = 0x5EC2E7


def session_history(game_id: str, seats: int, seed: int, worker: AIWorker | None,
                    moves: int) -> list:
    game, _ = Game.new(game_id, seats, seed)
    seat_info = [SeatInfo("You", True, "")] + [SeatInfo(f"AI {i}", False, "normal")
                                               for i in range(1, seats)]
    session = Session(game, seat_info, worker=worker, think_seconds=0.0, autoplay="normal",
                      bot_secret=SECRET)
    end = time.monotonic() + 60
    while len(game.history) < moves and not game.over and time.monotonic() < end:
        session.update()
        time.sleep(0 if worker is None else 0.0005)
    return game.history[:moves]


@pytest.mark.parametrize("game_id", [variant.id for variant in variants()])
def test_a_deal_plays_out_the_same_at_the_table_and_in_simulate(game_id):
    variant = next(v for v in variants() if v.id == game_id)
    seats = max(3, variant.seat_counts.start)
    bots = [make_bot("normal") for _ in range(seats)]
    simulated, _ = play_one(game_id, seats, 41, bots, bot_seed=SECRET)
    moves = min(60, len(simulated.history))
    inline = session_history(game_id, seats, 41, None, moves)
    with AIWorker() as worker:
        threaded = session_history(game_id, seats, 41, worker, moves)
    assert inline == simulated.history[:moves]
    assert threaded == simulated.history[:moves]


def test_the_bots_generators_come_from_a_secret_of_their_own_not_the_deal():
    """Two tables dealt the same number get different bot secrets (from the OS), so
    a bot's generator never tells the deal number; the same secret gives the same one."""
    from cardtable.ai.seats import bot_rng

    game, _ = Game.new("five_crowns", 2, 41)
    one = Session(game, [SeatInfo("You", True, ""), SeatInfo("AI", False, "normal")])
    two = Session(game, [SeatInfo("You", True, ""), SeatInfo("AI", False, "normal")])
    assert one.bot_secret != two.bot_secret
    draws = [bot_rng(game, 1, secret).random() for secret in (one.bot_secret,
                                                              two.bot_secret, SECRET)]
    assert len(set(draws)) == 3
    assert bot_rng(game, 1, SECRET).random() == draws[2]
