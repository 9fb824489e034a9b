"""Bots for tests that need an AI to think for as long as the test says."""

from __future__ import annotations

import threading


class SlowBot:
    """Thinks until ``release`` is set (or until nobody waits), then plays the first legal
    action. ``asked`` is set when it starts, ``stopped`` if it gave up."""

    name = "slow"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.asked = threading.Event()
        self.stopped = threading.Event()

    def supports(self, game_id: str) -> bool:
        return True

    def choose(self, observation, rng, deadline, should_stop):  # type: ignore[no-untyped-def]
        self.asked.set()
        while not self.release.wait(0.002):
            if should_stop():
                self.stopped.set()
                break
        return observation.legal[0]
