"""The window fits the screen: a first start sizes it to the display, saved sizes stay
within it, and F11 fills the whole screen from its top-left corner."""

from __future__ import annotations

import json

import pygame
import pytest

from cardtable.app import app as app_module
from ui import frames, key


@pytest.mark.parametrize("desktop,expected", [((3840, 2160), (3264, 1836)),
                                              ((1920, 1080), (1632, 918)),
                                              ((1366, 768), (1280, 688)),
                                              ((1280, 800), (1240, 720)),
                                              ((1024, 640), (1024, 640))])
def test_a_first_start_sizes_the_window_to_the_display(monkeypatch, desktop, expected):
    monkeypatch.setattr(app_module, "_desktop", lambda: desktop)
    assert app_module.first_size() == expected


def test_a_saved_size_bigger_than_the_screen_is_kept_within_it(monkeypatch):
    monkeypatch.setattr(app_module, "_desktop", lambda: (1366, 768))
    assert app_module.fit_screen((1920, 1200)) == (1366, 768)
    assert app_module.fit_screen((1280, 800)) == (1280, 768)


def test_the_first_start_uses_the_display_and_a_later_start_the_saved_size(home):
    app = app_module.App(animations=False)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.size == app_module.first_size()
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
    # The first settings written (a tour seen, any choice) keep the first start's size:
    # the next start opens the same window, not the 1280×800 default fitted to the
    # whole screen.
    first = app.size
    assert app.settings_file.save(app.settings) is None
    app.shutdown()
    second = app_module.App(animations=False)
    assert second.size == first
    second.shutdown()
    (home / "config").mkdir(exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(
        {"window_width": 1024, "window_height": 700}))
    again = app_module.App(animations=False)
    assert again.size == (1024, 700)
    again.shutdown()


def test_f11_fills_the_screen_and_gives_the_window_back(make_app):
    app = make_app(size=(1024, 640))
    frames(app, 2)
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size == pygame.display.get_desktop_sizes()[0]
    assert pygame.display.get_window_position() == (0, 0)
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1024, 640)
