"""Python's cyclic garbage collector held off while a Hard search runs.

A search's rollouts make and drop tens of thousands of small tuples in a fraction of a
second, and its caches (hands, arrangements, table readings) keep many of them alive.
The collector, started by allocation counts, keeps walking those live objects: with it
on, Five Crowns rollouts ran 14–16 % slower (``bench/hard.py``, 40 positions, the same
run with the collector on and off). Nothing a rollout makes needs the collector to be
freed (its states are frozen tuples, freed by reference counts), so it waits until the
search is over; memory that only the collector frees stays allocated for at most one
decision.

The collector has one switch for the whole process, so overlapping searches (several
workers) are counted: the first to start turns it off, the last to end puts back the
setting it found. Imports nothing of the game.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_users = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic collector off for the block (nested and threaded uses counted)."""
    global _users, _was_enabled
    with _lock:
        if _users == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _users += 1
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0 and _was_enabled:
                gc.enable()
