"""The AI worker: one long-lived background thread that runs bots off the render loop.

Requests (an observation, a bot, a seed and a ticket) go in through a queue; results
come out through another that the caller polls without blocking. Only the newest ticket
counts: submitting a new request or cancelling makes older ones stale, and their results
are dropped. A bot that raises anything (SystemExit and KeyboardInterrupt included) or
answers with something that is not an action is reported as a result with an error, so
the caller can fall back to a legal move. A bot that hangs cannot be stopped from
outside a thread: the caller abandons it, and the worker carries on with a fresh
thread while the stuck one is left to finish (or not) on its own, its answer dropped.

The GIL: a CPU-bound Python thread at the default switch interval (5 ms) starves a
60 FPS render loop to 11–13 FPS on a 2-core machine; at 0.2 ms the loop holds 61 FPS and
the bot keeps about 90 % of its speed. The worker therefore lowers the interpreter's
switch interval while it runs (``switch_interval``) and restores it on shutdown.

Imports the engine only.
"""

from __future__ import annotations

import logging
import queue
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, GameView
from .bots import Bot

log = logging.getLogger(__name__)

FAST_SWITCH_INTERVAL = 0.0002


class _SwitchInterval:
    """The interpreter's switch interval is process-wide, so workers share one setting:
    the first worker to start lowers it, the last to stop puts the original back."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._users = 0
        self._original = sys.getswitchinterval()

    def acquire(self, interval: float) -> None:
        with self._lock:
            if self._users == 0:
                self._original = sys.getswitchinterval()
                sys.setswitchinterval(interval)
            self._users += 1

    def release(self) -> None:
        with self._lock:
            self._users -= 1
            if self._users == 0:
                sys.setswitchinterval(self._original)


_SWITCH = _SwitchInterval()


@dataclass(frozen=True, slots=True)
class Request:
    ticket: int
    bot: Bot[GameView]
    observation: GameView
    rng: random.Random
    time_limit: float


@dataclass(frozen=True, slots=True)
class Result:
    """A bot's answer to one ticket: an action, or the error it raised."""

    ticket: int
    action: Action | None
    error: str | None
    seconds: float

    @property
    def ok(self) -> bool:
        return self.error is None


_STOP = object()


class AIWorker:
    """Runs one bot request at a time on a daemon thread."""

    def __init__(self, switch_interval: float | None = FAST_SWITCH_INTERVAL) -> None:
        self._requests: queue.Queue[Request | object] = queue.Queue()
        self._results: queue.Queue[Result] = queue.Queue()
        self._lock = threading.Lock()
        self._live = 0  # the only ticket whose result is wanted; 0: none
        self._next_ticket = 0
        self._fast = switch_interval is not None
        if switch_interval is not None:
            _SWITCH.acquire(switch_interval)
        self._closed = False
        self.abandoned = 0
        """Threads given up on because their bot hung."""
        self._start_thread()

    def _start_thread(self) -> None:
        self._requests = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(self._requests,),
                                        name="cardtable-ai", daemon=True)
        self._thread.start()

    # --- caller side (the UI thread) ----------------------------------------------------

    def submit(self, bot: Bot[GameView], observation: GameView, rng: random.Random,
               time_limit: float = 2.0) -> int:
        """Queue a decision; returns its ticket. Any earlier ticket becomes stale."""
        if self._closed:
            raise RuntimeError("the AI worker has been shut down")
        with self._lock:
            self._next_ticket += 1
            ticket = self._live = self._next_ticket
        self._requests.put(Request(ticket, bot, observation, rng, time_limit))
        return ticket

    def poll(self) -> list[Result]:
        """Results for the live ticket that have arrived; never blocks."""
        fresh: list[Result] = []
        while True:
            try:
                result = self._results.get_nowait()
            except queue.Empty:
                return fresh
            if result.ticket == self._live:
                fresh.append(result)
                with self._lock:
                    self._live = 0
            else:
                log.debug("dropped stale AI result %s", result.ticket)

    def wait(self, ticket: int, timeout: float) -> Result | None:
        """Block until the ticket's result arrives (for tests and headless play)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for result in self.poll():
                if result.ticket == ticket:
                    return result
            time.sleep(0.001)
        return None

    def cancel(self) -> None:
        """Nobody wants the pending answer any more (undo, load, quit)."""
        with self._lock:
            self._live = 0

    @property
    def busy(self) -> bool:
        return self._live != 0

    def abandon(self) -> None:
        """Give up on the request in progress (its bot hangs): a fresh thread takes the
        next requests; the stuck one is told to stop after it returns, if it ever does."""
        if self._closed:
            return
        self.cancel()
        log.warning("abandoning an AI thread whose bot does not answer")
        self._requests.put(_STOP)
        self.abandoned += 1
        self._start_thread()

    def shutdown(self, timeout: float = 2.0) -> None:
        if self._closed:
            return
        self._closed = True
        self.cancel()
        self._requests.put(_STOP)
        self._thread.join(timeout)
        if self._fast:
            _SWITCH.release()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    # --- worker side --------------------------------------------------------------------

    def _stop_check(self, ticket: int) -> Callable[[], bool]:
        """True once nobody waits for this ticket any more (cancelled or superseded)."""

        def should_stop() -> bool:
            return self._live != ticket

        return should_stop

    def _run(self, requests: queue.Queue[Request | object]) -> None:
        while True:
            request = requests.get()
            if not isinstance(request, Request):
                return  # _STOP
            if request.ticket != self._live:
                continue  # stale before it started
            self._results.put(self._answer(request))

    def _answer(self, request: Request) -> Result:
        started = time.monotonic()
        ticket = request.ticket
        try:
            action = request.bot.choose(request.observation, request.rng,
                                        started + request.time_limit,
                                        self._stop_check(ticket))
        except BaseException as error:  # noqa: BLE001  a bot must never take the thread down
            log.warning("bot %s failed: %s", getattr(request.bot, "name", "?"),
                        traceback.format_exc())
            return Result(ticket, None, f"{type(error).__name__}: {error}"[:200],
                          time.monotonic() - started)
        if not isinstance(action, Action):
            return Result(ticket, None, f"it answered {type(action).__name__}, not a move",
                          time.monotonic() - started)
        return Result(ticket, action, None, time.monotonic() - started)
