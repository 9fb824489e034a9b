"""The frame pacer: a frame every 1/60 s on a fixed grid, sleeping between frames.

``pygame.time.Clock.tick(60)`` waits until 16 ms after the last tick *returned*, so any
lateness in waking (the AI worker holding the interpreter's lock when the delay ends,
a busy machine) is added to every frame and never made up: measured with a Hard search
on the worker thread, 57.7 frames a second on an otherwise quiet 2-core machine. Here
each frame has its slot on a grid of 1/60 s and the wait is measured to the slot, so a
late wake-up shortens the next wait instead of pushing every later frame back. A frame
that overruns its slot by a whole period re-anchors the grid (no burst of frames to
catch up). The wait is ``time.sleep``, which releases the lock and costs no CPU (a busy
wait would, and an idle window must cost almost nothing).
"""

from __future__ import annotations

import time
from collections.abc import Callable


class FramePacer:
    """Paces a render loop at ``fps`` frames a second; ``tick`` returns the seconds since
    the last frame began (the time step to animate by)."""

    def __init__(self, fps: float, clock: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.period = 1.0 / fps
        self._clock, self._sleep = clock, sleep
        self._last: float | None = None
        self._slot = 0.0

    def tick(self) -> float:
        """Wait for the next frame's slot; the time since the last frame."""
        now = self._clock()
        if self._last is None:
            self._last, self._slot = now, now + self.period
            return 0.0
        if self._slot > now:
            self._sleep(self._slot - now)
            now = self._clock()
        # The next slot is one period on, unless this frame began more than a period
        # late: then the grid starts again from now (late frames are not made up).
        self._slot = self._slot + self.period if now - self._slot < self.period \
            else now + self.period
        step, self._last = now - self._last, now
        return step
