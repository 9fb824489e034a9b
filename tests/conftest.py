"""Shared test set-up: headless SDL for any test that touches the window code."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English unless a test chooses another language (the system's would
# otherwise be followed, and a German machine would fail every comparison).
os.environ["LANGUAGE"] = "en"


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    """Whatever language a test chose, the next test starts in English."""
    yield
    from cardtable import i18n

    if i18n.language() != "en":
        i18n.use("en")


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
