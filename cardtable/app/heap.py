"""Set the window's long-lived objects aside from the cyclic garbage collector, so a full
collection cannot stop the window for several frames.

A full collection (generation 2) walks every object the collector tracks, and holds the
interpreter's lock while it does, whichever thread set it off. With the window's
modules, fonts, card art and first scene loaded, one took 55–77 ms on the AI worker's
thread (``bench/frames.py``): the window lost four frames each time and averaged 57 a
second beside a thinking bot, however it was paced. Once ``App.run`` has drawn the
menu, everything then alive is moved to the permanent generation (``gc.freeze``): it lives as
long as the app, and later full collections walk only what came after it (5–11 ms
measured; 60 frames a second beside the same bot).

Garbage cycles are collected first, so none is frozen. Objects frozen are still freed by
reference counting; only a cycle among them that dies later would stay (the startup
objects live to the end). Once a process, and only from ``run``: the tests drive
``frame`` on hundreds of windows in one process, and frozen there the first window
made every later one slower.
"""

from __future__ import annotations

import gc


def set_aside_startup_heap() -> int:
    """Collect, then freeze every object tracked now, once a process; returns how many
    objects are set aside."""
    if not gc.get_freeze_count():
        gc.collect()
        gc.freeze()
    return gc.get_freeze_count()
