"""The window's startup objects are set aside from the cyclic collector once the menu is
drawn, so a full collection (which holds the interpreter's lock, whatever thread runs
it) walks only what came after and cannot stop the window for several frames."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap


def test_the_startup_heap_is_set_aside_once_the_menu_is_drawn(make_app):
    app = make_app()
    app.frame()
    assert app.draws == 1
    assert app.heap_set_aside > 10_000  # the modules, fonts and scenes loaded by then
    assert gc.get_freeze_count() == app.heap_set_aside


def test_a_full_collection_then_walks_neither_the_window_nor_its_menu(home):
    """In a process of its own (the set-aside is once a process, and the test process
    has frozen its first window long before): after the first frame the app and its
    menu are no longer among the objects a collection walks."""
    code = textwrap.dedent("""
        import gc
        from cardtable.app.app import App
        app = App(size=(1024, 640))
        walked = {id(o) for o in gc.get_objects()}
        assert id(app) in walked and id(app.stack.top) in walked
        app.frame()
        walked = {id(o) for o in gc.get_objects()}
        assert id(app) not in walked and id(app.stack.top) not in walked, "still walked"
        assert app.heap_set_aside > 10_000  # the modules, fonts and scenes loaded by then
        app.shutdown()
        print("set aside", app.heap_set_aside)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "set aside" in done.stdout
