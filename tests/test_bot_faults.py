"""An AI seat can never freeze the game: a bot that hangs, dawdles past its deadline,
raises anything or answers with garbage is abandoned or overruled, a stand-in plays a
legal move, the log says so, and the round plays on to its end."""

from __future__ import annotations

import threading
import time

import pytest

from cardtable.ai import AIWorker, BotError, make_bot
from cardtable.app.session import SeatInfo, Session, default_seats
from cardtable.engine import Call, Discard, Draw, Game, Pile
from cardtable.engine.events import RoundScored

RELEASE = threading.Event()
"""Set at the end of the module so hung bot threads finish."""


class FaultyBot:
    name = "faulty"

    def __init__(self, fault: object) -> None:
        self.fault = fault
        self.calls = 0

    def supports(self, game_id: str) -> bool:
        return True

    def choose(self, observation, rng, deadline, should_stop):  # type: ignore[no-untyped-def]
        self.calls += 1
        fault = self.fault
        if fault == "hang":
            RELEASE.wait()  # ignores deadline and should_stop
            return observation.legal[0]
        if fault == "slow":
            time.sleep(1.0)
            return observation.legal[0]
        if isinstance(fault, type) and issubclass(fault, BaseException):
            raise fault("a bot fault")
        return fault  # garbage of some kind


EXCEPTIONS = [ValueError, TypeError, AttributeError, KeyError, IndexError, ZeroDivisionError,
              RecursionError, MemoryError, AssertionError, RuntimeError, NotImplementedError,
              StopIteration, OSError, UnicodeError, BotError, SystemExit, KeyboardInterrupt,
              GeneratorExit, BaseException]
GARBAGE = [None, "discard", 7, Draw("stock"), Discard(None), Call("shout"),
           Draw(Pile.DISCARD)]  # the last is well formed, but often not legal


@pytest.fixture(scope="module", autouse=True)
def release_hung_bots():
    yield
    RELEASE.set()


def play_a_round(game_id: str, seats: int, fault: object, think_limit: float,
                 worker: AIWorker, seed: int = 4) -> Session:
    """Seat 1 is faulty, the others (the person included) play the normal bot; plays
    until the first round is scored. Raises if the game stops moving."""
    game, events = Game.new(game_id, seats, seed)
    session = Session(game, default_seats(seats - 1, "normal"), worker=worker,
                      think_seconds=0.0, autoplay="normal")
    session.think_limit = think_limit
    session.hang_grace = 0.1
    session.bots[1] = FaultyBot(fault)  # type: ignore[assignment]
    end = time.monotonic() + 60
    while time.monotonic() < end:
        session.update()
        if any(isinstance(e, RoundScored) for shown in session.shown for e in shown.events):
            return session
        if game.over:
            return session
        time.sleep(0.001)
    raise AssertionError(f"{game_id}: the game stopped moving with a {fault!r} bot")


@pytest.mark.parametrize("fault", EXCEPTIONS, ids=lambda e: e.__name__)
def test_a_bot_that_raises_anything_is_replaced_and_the_round_ends(fault):
    with AIWorker() as worker:
        session = play_a_round("five_crowns", 2, fault, 2.0, worker)
    assert any("stumbled" in line for line in session.log)


@pytest.mark.parametrize("fault", GARBAGE, ids=repr)
def test_a_bot_that_answers_garbage_is_overruled_and_the_round_ends(fault):
    with AIWorker() as worker:
        session = play_a_round("five_crowns", 2, fault, 2.0, worker)
    if fault != Draw(Pile.DISCARD):
        assert any("stumbled" in line for line in session.log)


@pytest.mark.parametrize("game_id,seats", [("five_crowns", 2), ("shanghai_may_i", 3),
                                           ("shanghai_buy", 3), ("monastery", 2),
                                           ("palace", 2)])
def test_a_hanging_bot_is_abandoned_and_the_game_goes_on(game_id, seats):
    with AIWorker() as worker:
        session = play_a_round(game_id, seats, "hang", 0.05, worker)
        assert worker.abandoned == 1  # then a Normal player took the seat
        assert any("stopped answering" in line for line in session.log)
        # A new game afterwards still has working AI seats on the same worker.
        game, _ = Game.new(game_id, seats, 9)
        fresh = Session(game, default_seats(seats - 1, "normal"), worker=worker,
                        think_seconds=0.0, autoplay="normal")
        end = time.monotonic() + 20
        while not game.history and time.monotonic() < end:
            fresh.update()
            time.sleep(0.001)
        assert game.history, "the new game's AI seats never moved"


def test_a_bot_slower_than_its_deadline_is_abandoned():
    with AIWorker() as worker:
        session = play_a_round("five_crowns", 2, "slow", 0.05, worker)
        assert worker.abandoned == 1
    assert any("stopped answering" in line for line in session.log)


def test_a_call_chance_falls_back_to_passing():
    """When the stand-in fails too on a May I chance, the seat passes."""
    game, _ = Game.new("shanghai_may_i", 3, 2)
    session = Session(game, [SeatInfo("You", True, ""), SeatInfo("A", False, "normal"),
                             SeatInfo("B", False, "normal")], worker=None, think_seconds=0.0)
    session._stand_in = FaultyBot(ValueError)  # type: ignore[assignment]
    for seat in (1, 2):
        session.bots[seat] = FaultyBot(ValueError)  # type: ignore[assignment]
    for _ in range(200):
        if session.human_to_move:
            legal = game.legal_actions(session.human)
            session.play(Call("pass") if Call("pass") in legal else legal[0])
        session.update()
        calls = [s for s in session.shown if isinstance(s.action, Call) and s.seat != 0]
        if calls:
            assert calls[0].action == Call("pass")
            return
    raise AssertionError("no AI seat had a call chance")


def test_make_bot_still_works_after_faults():
    assert make_bot("normal").supports("five_crowns")
