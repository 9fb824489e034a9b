"""Reading the history off the drawing thread, for the scenes that show it.

Any read of the history can wait: on another program's lock (SQLite's busy wait), on
the history thread's write, or behind another scene's read of thousands of rows; and
what is read may take long to work out (a long game's replay). The window must keep
drawing meanwhile, so a scene hands the work to ``BackgroundRead`` (one read, a thread
of its own) or ``LatestRead`` (questions asked one after another, such as pages: only
the latest is answered) and polls each frame, never blocking. A read that fails
answers ``Unread``: the sentence the player is shown; one that met a lock is asked
again a few seconds later (``Retry``, the same for every scene). No pygame here.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .history_db import is_damage, is_passing, problem_of
from .reasons import HistoryUnread

log = logging.getLogger(__name__)
T = TypeVar("T")
K = TypeVar("K")
RETRY_SECONDS = 3.0
"""After a read of a locked history failed, how long until it is read again."""


@dataclass(frozen=True, slots=True)
class Unread:
    """The history could not be read."""

    sentence: str
    """Why, for the player."""
    passing: bool = False
    """It may well be read later (it is locked), not damaged or faulty."""


def unread(error: Exception) -> Unread:
    """The answer for a read that raised ``error`` (a bug is logged, never raised: the
    scene must not say "Reading…" forever)."""
    if not is_passing(error):
        log.error("reading the history failed", exc_info=error)
    return Unread(HistoryUnread(problem_of(error)),
                  is_passing(error) and not is_damage(error))


class Retry:
    """When a scene reads the history again after a read met a lock (a damaged file or
    a fault is not read again by itself)."""

    def __init__(self) -> None:
        self._at: float | None = None

    def after(self, answer: Unread, now: float) -> None:
        """``answer`` came at ``now`` (the app's clock): read again later if it may work."""
        self._at = now + RETRY_SECONDS if answer.passing else None

    def cancel(self) -> None:
        self._at = None

    def due(self, now: float) -> bool:
        """It is time to read again (once)."""
        if self._at is None or now < self._at:
            return False
        self._at = None
        return True


class BackgroundRead(Generic[T]):
    """``work`` run once on a thread of its own; ``answer()`` once it is done."""

    def __init__(self, work: Callable[[], T], name: str = "cardtable-read") -> None:
        self._answer: T | Unread | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name=name,
                                        daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._answer = work()
        except Exception as error:  # noqa: BLE001  told to the player, never a crash
            self._answer = unread(error)
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def answer(self) -> T | Unread | None:
        """What was read, or why it could not be (``None``: still reading). Never waits."""
        return self._answer if self._done.is_set() else None

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until it is done (tests and the bench); whether it is."""
        return self._done.wait(timeout)


class LatestRead(Generic[K, T]):
    """Reads asked one after another (a page, then the next): one thread at a time, and
    only the latest question is answered; one asked while another is read waits for it
    (so a locked history does not gather a thread per click)."""

    def __init__(self, name: str = "cardtable-read") -> None:
        self._name = name
        self._running: tuple[K, BackgroundRead[T]] | None = None
        self._next: tuple[K, Callable[[], T]] | None = None
        self._latest: K | None = None
        self._asked = False

    def ask(self, key: K, work: Callable[[], T]) -> None:
        """Read ``work`` for ``key``; any earlier question is dropped."""
        self._latest, self._asked = key, True
        self._next = (key, work)
        self._start()

    def cancel(self) -> None:
        """No answer is wanted any more (a read under way ends unseen)."""
        self._asked, self._next, self._latest = False, None, None

    @property
    def busy(self) -> bool:
        """A question waits for its answer."""
        return self._asked

    @property
    def question(self) -> K | None:
        """The latest question while it waits for its answer."""
        return self._latest if self._asked else None

    def take(self) -> tuple[K, T | Unread] | None:
        """The answer to the latest question, once (``None``: none yet). Never waits."""
        running = self._running
        if running is None or not running[1].done:
            return None
        self._running = None
        key, read = running
        answer = read.answer()
        if not self._current(key) or answer is None:
            self._start()
            return None
        self._asked, self._next = False, None   # a second read of the same is not needed
        return key, answer

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until the latest question is answered (tests); whether it is. Its
        answer is left for ``take``."""
        while self._running is not None:
            key, read = self._running
            if not read.wait(timeout):
                return False
            if self._current(key):
                return True
            self._running = None
            self._start()
        return not self._asked

    def _current(self, key: K) -> bool:
        return self._asked and key == self._latest

    def _start(self) -> None:
        if self._running is not None or self._next is None:
            return
        key, work = self._next
        self._next = None
        self._running = (key, BackgroundRead(work, self._name))
