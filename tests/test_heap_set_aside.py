"""The window's startup objects are set aside from the cyclic collector once ``run`` has
drawn the menu, so a full collection (which holds the interpreter's lock, whatever thread
runs it) walks only what came after and cannot stop the window for several frames."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap


def test_driving_frames_alone_sets_nothing_aside(make_app):
    """The tests drive ``frame`` on many windows in one process; only ``run`` (the real
    app) freezes its heap."""
    frozen = gc.get_freeze_count()
    app = make_app()
    app.frame()
    assert app.draws == 1
    assert app.heap_set_aside == 0
    assert gc.get_freeze_count() == frozen


def test_once_run_draws_the_menu_a_collection_walks_neither_the_window_nor_its_menu(home):
    """In a process of its own, as the app runs: after the first frame of ``run`` the app
    and its menu are no longer among the objects a collection walks."""
    code = textwrap.dedent("""
        import gc
        import pygame
        from cardtable.app.app import App
        app = App(size=(1024, 640))
        walked = {id(o) for o in gc.get_objects()}
        assert id(app) in walked and id(app.stack.top) in walked
        menu = app.stack.top
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # run draws one frame and ends
        app.run()
        assert app.draws == 1, app.draws
        walked = {id(o) for o in gc.get_objects()}
        assert id(app) not in walked and id(menu) not in walked, "still walked"
        assert app.heap_set_aside > 10_000  # the modules, fonts and scenes loaded by then
        print("set aside", app.heap_set_aside)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "set aside" in done.stdout
