"""The frame pacer keeps a 1/60 s grid: late wake-ups are made up, overruns are not."""

from __future__ import annotations

import pytest

from cardtable.app.pacing import FramePacer


class FakeTime:
    """A clock that moves only when slept on (plus ``oversleep``) or told to."""

    def __init__(self, oversleep: float = 0.0) -> None:
        self.now = 100.0
        self.oversleep = oversleep
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds + self.oversleep


def paced(time: FakeTime) -> FramePacer:
    return FramePacer(60, clock=time.clock, sleep=time.sleep)


def test_frames_come_sixty_a_second_when_they_cost_nothing() -> None:
    time = FakeTime()
    pacer = paced(time)
    pacer.tick()
    start = time.now
    steps = [pacer.tick() for _ in range(60)]
    assert time.now - start == pytest.approx(1.0)
    assert all(step == pytest.approx(1 / 60) for step in steps)


def test_a_late_wake_up_is_made_up_by_the_next_wait() -> None:
    """Every wake-up 2 ms late (the worker holding the lock, a busy machine) still gives
    60 frames a second: each wait is measured to the frame's slot, not from the last
    frame's end as ``Clock.tick`` does."""
    time = FakeTime(oversleep=0.002)
    pacer = paced(time)
    pacer.tick()
    start = time.now
    for _ in range(600):
        pacer.tick()
    assert 600 / (time.now - start) == pytest.approx(60, rel=0.005)


def test_a_frame_a_whole_period_late_starts_the_grid_again() -> None:
    """No burst of frames to catch up after a long frame: the next one waits a period."""
    time = FakeTime()
    pacer = paced(time)
    pacer.tick()
    pacer.tick()
    time.now += 0.1  # a frame that took 100 ms
    assert pacer.tick() == pytest.approx(0.1)  # at once: it is late already
    time.sleeps.clear()
    pacer.tick()
    assert time.sleeps == [pytest.approx(1 / 60)]


def test_work_within_the_frame_shortens_the_wait() -> None:
    time = FakeTime()
    pacer = paced(time)
    pacer.tick()
    time.now += 0.010  # 10 ms of drawing
    time.sleeps.clear()
    step = pacer.tick()
    assert time.sleeps == [pytest.approx(1 / 60 - 0.010)]
    assert step == pytest.approx(1 / 60)


def test_the_first_frame_has_no_time_step() -> None:
    assert paced(FakeTime()).tick() == 0.0
