"""Shared test set-up: headless SDL for any test that touches the window code."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user data and config folder for the app."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(home):
    """Build real App instances (headless); all are shut down after the test."""
    from cardtable.app.app import App

    built = []

    def build(size=(1280, 800), animations=False):
        app = App(size=size, animations=animations)
        built.append(app)
        return app

    yield build
    for app in built:
        if app.worker._thread.is_alive():
            app.shutdown()
