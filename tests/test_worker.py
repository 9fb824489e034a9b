"""The AI worker: round trip, stale tickets, cancel, shutdown, a bot that raises."""

import sys
import time

from cardtable.ai import AIWorker, make_bot
from cardtable.engine import Game
from cardtable.engine.rng import derive
from slow_bots import SlowBot


class BrokenBot:
    name = "broken"

    def supports(self, game_id):
        return True

    def choose(self, observation, rng, deadline, should_stop):
        raise ValueError("bug in the bot")


def observation():
    game, _ = Game.new("five_crowns", 3, 11)
    return game, game.observe(game.awaiting()[0])


def test_round_trip_returns_a_legal_action():
    game, view = observation()
    with AIWorker() as worker:
        ticket = worker.submit(make_bot("normal"), view, derive(1))
        result = worker.wait(ticket, timeout=5)
    assert result is not None and result.ok
    assert game.problem(view.seat, result.action) is None


def test_poll_never_blocks_while_the_bot_thinks():
    _, view = observation()
    bot = SlowBot()
    with AIWorker() as worker:
        worker.submit(bot, view, derive(1))
        started = time.perf_counter()
        assert worker.poll() == []
        assert time.perf_counter() - started < 0.05
        assert worker.busy
        bot.release.set()


def test_a_stale_ticket_is_dropped():
    _, view = observation()
    slow = SlowBot()
    with AIWorker() as worker:
        old = worker.submit(slow, view, derive(1))
        new = worker.submit(make_bot("random"), view, derive(2))
        slow.release.set()
        result = worker.wait(new, timeout=5)
        assert result is not None and result.ticket == new
        time.sleep(0.05)
        assert all(r.ticket != old for r in worker.poll())


def test_cancel_stops_the_bot_and_drops_its_answer():
    _, view = observation()
    slow = SlowBot()
    with AIWorker() as worker:
        ticket = worker.submit(slow, view, derive(1))
        time.sleep(0.02)
        worker.cancel()
        assert slow.stopped.wait(2)
        assert worker.wait(ticket, timeout=0.2) is None
        assert not worker.busy


def test_a_raising_bot_is_reported_and_the_worker_lives_on():
    _, view = observation()
    with AIWorker() as worker:
        ticket = worker.submit(BrokenBot(), view, derive(1))
        result = worker.wait(ticket, timeout=5)
        assert result is not None and not result.ok and "bug in the bot" in result.error
        assert result.action is None
        again = worker.submit(make_bot("random"), view, derive(1))
        assert worker.wait(again, timeout=5).ok


def test_shutdown_ends_the_thread_and_restores_the_switch_interval():
    before = sys.getswitchinterval()
    worker = AIWorker(switch_interval=0.0002)
    assert sys.getswitchinterval() < before
    worker.shutdown()
    assert sys.getswitchinterval() == before
    assert not worker._thread.is_alive()
    worker.shutdown()  # twice is harmless


def test_submit_after_shutdown_is_refused():
    _, view = observation()
    worker = AIWorker()
    worker.shutdown()
    try:
        worker.submit(make_bot("random"), view, derive(1))
    except RuntimeError as error:
        assert "shut down" in str(error)
    else:
        raise AssertionError("submit after shutdown was accepted")
