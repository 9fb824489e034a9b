"""A post-game review run off the drawing loop: in a worker process (the review is
pure-Python work for seconds to a minute; a thread would share the interpreter's lock
with the window's drawing), or, if no process can be started, a thread.

The window polls ``ReviewJob.poll`` each frame, never waiting: the progress (decisions
weighed so far, out of the seat's), then the review or why it failed, in a sentence for
the player. ``cancel`` stops it at once (the process is terminated; a thread stops at
the review's next check) and ``ReviewJobs.stop_all`` does it for every job when the
window closes, so no process is left behind.

No pygame here: the worker process imports the engine and the AI only. Its sentences
are the engine's messages (``engine.text.msg``), not the app's ``_``: the worker process
never chose a language, and a message crosses the process's queue whole (pickled with
its template), so the window says it in the player's language with ``i18n.text``.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.queues
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .ai.hard_in_seat import Cancelled
from .ai.review import Review
from .engine.codec import JSONObject, JSONValue
from .engine.errors import CodecError, EngineError
from .engine.migrations import OtherVersionError
from .engine.text import Msg, msg

log = logging.getLogger(__name__)

STOP_WAIT = 1.0
"""Seconds a terminated worker is given to go before it is killed."""
FAULT = msg("The review stopped on an unexpected fault (see the log).")
VANISHED = msg("The review stopped unexpectedly (its worker ended): try again.")
CANCELLED = msg("Cancelled.")


@dataclass(frozen=True, slots=True)
class Progress:
    """Decisions weighed so far, out of the seat's (0 of 0: still reading the game)."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class Done:
    review: Review


@dataclass(frozen=True, slots=True)
class Failed:
    sentence: str
    """Why, for the player (a message: show it through ``i18n.text``)."""


State = Progress | Done | Failed
Message = tuple[str, JSONValue]
"""What the worker sends: ("progress", [done, total]), ("done", the review's JSON) or
("failed", a sentence)."""


class _Outbox(Protocol):
    def put(self, item: Message) -> None: ...


class _Flag(Protocol):
    """A thread's or a process's event."""

    def set(self) -> None: ...

    def is_set(self) -> bool: ...


def run_review(record: JSONObject, seat: int, budget: int | None,
               compare_with: Sequence[str] | None, outbox: _Outbox,
               should_stop: Callable[[], bool]) -> None:
    """The worker's work: the review of ``record``'s ``seat``, its progress and its end
    sent to ``outbox`` (a cancelled review sends nothing more)."""
    from .ai.review import review_record

    def progress(done: int, total: int) -> None:
        outbox.put(("progress", [done, total]))

    try:
        review = review_record(record, seat, budget, progress, should_stop, compare_with)
    except Cancelled:
        return
    except OtherVersionError as error:
        outbox.put(("failed", msg("This game cannot be reviewed: {reason}",
                                  reason=_reason(error))))
        return
    except (EngineError, ValueError, RecursionError) as error:
        log.warning("a review failed: %s", error)
        outbox.put(("failed", msg("This game cannot be reviewed: its record does not "
                                  "replay ({detail}).", detail=_short(error))))
        return
    except Exception:   # noqa: BLE001  said to the player, never a crash
        log.exception("a review failed")
        outbox.put(("failed", FAULT))
        return
    outbox.put(("done", review.to_json()))


def _reason(error: BaseException) -> str:
    """The error's sentence, a message where the engine gave one."""
    args = error.args
    return args[0] if len(args) == 1 and isinstance(args[0], Msg) else str(error)


def _short(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "\u2026"


def _child(record: JSONObject, seat: int, budget: int | None,
           compare_with: Sequence[str] | None, outbox: _Outbox, stop: _Flag) -> None:
    """The worker process's entry (module level: a spawned process imports it)."""
    run_review(record, seat, budget, compare_with, outbox, stop.is_set)


class ReviewJob:
    """One review under way, in a process (or a thread where none can start)."""

    def __init__(self, record: JSONObject, seat: int, budget: int | None = None,
                 compare_with: Sequence[str] | None = None, process: bool = True) -> None:
        self.state: State = Progress(0, 0)
        self._process: multiprocessing.process.BaseProcess | None = None
        self._thread: threading.Thread | None = None
        self._gone: multiprocessing.process.BaseProcess | None = None
        """The process once ended (reaped: tests check it is gone)."""
        self.in_process = False
        if process:
            try:
                context = multiprocessing.get_context("spawn")
                self._inbox: queue.Queue[Message] | multiprocessing.Queue[Message] = \
                    context.Queue()
                self._stop: _Flag = context.Event()
                self._process = context.Process(
                    target=_child, args=(record, seat, budget, compare_with, self._inbox,
                                         self._stop),
                    name="cardtable-review", daemon=True)
                self._process.start()
                self.in_process = True
                return
            except (OSError, RuntimeError, ValueError) as error:
                log.warning("no review process could start (%s): a thread reviews", error)
                self._process = None
        self._inbox = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=run_review, args=(record, seat, budget, compare_with, self._inbox,
                                     self._stop.is_set),
            name="cardtable-review", daemon=True)
        self._thread.start()

    @property
    def finished(self) -> bool:
        return not isinstance(self.state, Progress)

    def poll(self) -> State:
        """The latest state, taking what the worker sent (never waiting)."""
        if self.finished:
            return self.state
        while True:
            try:
                kind, value = self._inbox.get_nowait()
            except (queue.Empty, OSError, EOFError, ValueError):
                break
            self.state = _state(kind, value)
            if self.finished:
                self._end()
                return self.state
        if not self._alive():
            self.state = Failed(VANISHED)
            self._end()
        return self.state

    def _alive(self) -> bool:
        if self._process is not None:
            return self._process.is_alive()
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float = 60.0) -> State:
        """Wait for the end (tests and the bench)."""
        import time

        end = time.monotonic() + timeout
        while not self.finished and time.monotonic() < end:
            self.poll()
            time.sleep(0.01)
        return self.state

    def cancel(self) -> None:
        """Stop it at once (nothing more is taken from it)."""
        if not self.finished:
            self.state = Failed(CANCELLED)
        self._stop.set()
        self._end()

    def _end(self) -> None:
        """The worker goes: a process is terminated (killed if it lingers) and
        reaped; a thread stops at its next check."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.is_alive():
            process.terminate()
            process.join(STOP_WAIT)
            if process.is_alive():
                process.kill()
        process.join(STOP_WAIT)
        inbox = self._inbox
        if isinstance(inbox, multiprocessing.queues.Queue):
            inbox.close()
            inbox.cancel_join_thread()
        self._gone = process

    @property
    def worker_alive(self) -> bool:
        """Whether its worker process or thread still runs (tests)."""
        return self._alive() or (self._gone is not None and self._gone.is_alive())


def _state(kind: str, value: JSONValue) -> State:
    if kind == "progress" and isinstance(value, list) and len(value) == 2:
        done, total = value
        if isinstance(done, int) and isinstance(total, int):
            return Progress(done, total)
    if kind == "done":
        try:
            return Done(Review.from_json(value))
        except CodecError as error:
            log.error("a review came back damaged: %s", error)
            return Failed(FAULT)
    if kind == "failed" and isinstance(value, str):
        return Failed(value)
    log.error("a review worker sent %.80r", (kind, value))
    return Failed(FAULT)


class ReviewJobs:
    """The app's reviews under way: every one is stopped when the window closes."""

    def __init__(self) -> None:
        self._jobs: list[ReviewJob] = []

    def start(self, record: JSONObject, seat: int, budget: int | None = None,
              compare_with: Sequence[str] | None = None, process: bool = True) -> ReviewJob:
        self._jobs = [job for job in self._jobs if not job.finished]
        job = ReviewJob(record, seat, budget, compare_with, process)
        self._jobs.append(job)
        return job

    def stop_all(self) -> None:
        for job in self._jobs:
            job.cancel()
        self._jobs = []
