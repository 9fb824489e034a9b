"""The window's startup objects are set aside from the cyclic collector once the menu is
drawn, so a full collection (which holds the interpreter's lock, whatever thread runs
it) walks only what came after and cannot stop the window for several frames."""

from __future__ import annotations

import gc


def test_the_startup_heap_is_set_aside_once_the_menu_is_drawn(make_app):
    app = make_app()
    app.frame()
    assert app.draws == 1
    assert app.heap_set_aside > 10_000  # the modules, fonts and scenes loaded by then
    assert gc.get_freeze_count() == app.heap_set_aside


def test_a_full_collection_then_walks_only_what_came_after(make_app):
    app = make_app()
    app.frame()
    tracked = len(gc.get_objects())  # frozen objects are not among them
    assert tracked < gc.get_freeze_count()
