"""Python's cyclic garbage collector held off while a Hard search runs.

A search's rollouts make and drop tens of thousands of small tuples in a fraction of a
second, and its caches (hands, arrangements, table readings) keep many of them alive.
The collector, started by allocation counts, keeps walking those live objects: held
off, rollouts ran 9 % faster in Five Crowns and 5-19 % in Monastery (``bench/hard.py``'s
40 positions, the same run both ways). What a rollout makes is freed by reference
counts (its states are frozen tuples; Five Crowns' arrangement search, whose recursive
closures were a cycle, unties them when it is done: ``engine/arrange.py``), so the
collector waits until the search is over; what only it can free (a cache dropped with
its closures at a round's change) stays allocated for one decision at most.

The collector has one switch for the whole process, so overlapping searches (several
workers) are counted: the first to start turns it off, the last to end puts back the
setting it found. A search that never ends (a bug: the worker gives up on its thread)
would leave it off. Imports nothing of the game.
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
