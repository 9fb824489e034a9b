"""The shell grows with the window (issue 37, 4K: "menus and setup buttons stay small in
full screen, rule-page card pictures stay thumbnails"): on every screen the controls,
the type and the rules' card pictures keep their share of the window from 1024×640 to
3840×2160, and the first window is a large share of the screen it opens on."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.app import app as app_module
from cardtable.app import cardart, theme
from cardtable.app.scenes.pause import PauseScene, ScoreSheetScene
from cardtable.app.scenes.replay import GamesScene
from cardtable.app.scenes.rules import RulesScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.setup import SetupScene
from cardtable.app.scenes.statistics import StatisticsScene
from cardtable.app.scenes.summary import GameOverScene, SummaryScene
from cardtable.engine.options import FiveCrownsOptions
from ui import frames, key

SIZES = [(1024, 640), (1280, 800), (3840, 2160)]


@pytest.mark.parametrize("desktop", [(3840, 2160), (2560, 1440), (1920, 1080)])
def test_the_first_window_is_a_large_share_of_the_screen(monkeypatch, desktop):
    monkeypatch.setattr(app_module, "_desktop", lambda: desktop)
    width, height = app_module.first_size()
    assert width <= desktop[0] and height <= desktop[1]
    assert width >= desktop[0] * 0.8 and height >= desktop[1] * 0.8, (width, height)


def test_the_first_window_is_never_below_the_least_size(monkeypatch):
    monkeypatch.setattr(app_module, "_desktop", lambda: (800, 600))
    assert app_module.first_size() == (1024, 640)


def _measure(scene: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    """The scene's controls and type as shares of the window: the median control's
    height and the widest control's width, and the median type size drawn."""
    surface = pygame.display.get_surface()
    w, h = surface.get_size()
    sizes: list[int] = []
    blit = theme.blit_text

    def text(target, content, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return blit(target, content, size, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(theme, "blit_text", text)
        scene.draw(surface)
    widgets = scene.ring.widgets
    return {"height": statistics.median(x.rect.height for x in widgets) / h,
            "width": max(x.rect.width for x in widgets) / w,
            "type": statistics.median(sizes) / h if sizes else 0.0}


def _menu(app: Any) -> Any:
    return app.stack.top


def _pushed(kind: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def build(app: Any) -> Any:
        app.push(kind(app))
        frames(app, 2)
        return app.stack.top
    return build


def _pause(app: Any) -> Any:
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    return app.stack.top


def _score_sheet(app: Any) -> Any:
    _pause(app).scores()
    frames(app, 2)
    assert isinstance(app.stack.top, ScoreSheetScene)
    return app.stack.top


def _mission_sheet(app: Any) -> Any:
    from cardtable.app.scenes.goal_sheet import GoalSheetScene

    app.new_game("monastery", 2, "normal", 3)
    frames(app, 3)
    table = app.table
    app.push(GoalSheetScene(app, "West", "missions", table.desc.progress_names(table.view),
                            table.desc.progress(table.view, 1)))
    frames(app, 2)
    return app.stack.top


SCREENS = {"menu": _menu, "setup": _pushed(SetupScene), "settings": _pushed(SettingsScene),
           "statistics": _pushed(StatisticsScene), "rules": _pushed(RulesScene),
           "games played": _pushed(lambda app: GamesScene(app, app.recorder.history)),
           "pause": _pause, "score sheet": _score_sheet, "mission sheet": _mission_sheet}


def _grows(small: dict[str, float], base: dict[str, float], big: dict[str, float]) -> None:
    for what in ("height", "width", "type"):
        # At 4K a control keeps at least 4/5 of its share of a 1280×800 window (it was
        # a third of it), and at 1024×640 it is no smaller a share than at 1280×800.
        assert big[what] >= 0.8 * base[what], (what, base[what], big[what])
        assert small[what] >= 0.95 * base[what], (what, small[what], base[what])


@pytest.mark.parametrize("screen", list(SCREENS))
def test_each_screen_grows_with_the_window(make_app, monkeypatch, screen):
    measured = []
    for size in SIZES:
        app = make_app(size=size)
        frames(app, 2)
        measured.append(_measure(SCREENS[screen](app), monkeypatch))
        app.shutdown()
    _grows(*measured)


def test_the_round_panel_and_game_over_grow_with_the_window(make_app, monkeypatch):
    panels, overs = [], []
    for size in SIZES:
        app = make_app(size=size)
        app.new_game("five_crowns", 1, "normal", 3, autoplay="normal",
                     options=FiveCrownsOptions(rounds=1))
        for _ in range(60000):
            if isinstance(app.stack.top, SummaryScene):
                break
            app.frame(1 / 60)
        panels.append(_measure(app.stack.top, monkeypatch))
        app.stack.top.next()
        frames(app, 2)
        assert isinstance(app.stack.top, GameOverScene)
        overs.append(_measure(app.stack.top, monkeypatch))
        app.shutdown()
    _grows(*panels)
    _grows(*overs)


def test_rule_page_card_pictures_grow_with_the_window(make_app, monkeypatch):
    shares = []
    for size in SIZES:
        app = make_app(size=size)
        scene = _pushed(RulesScene)(app)
        widths: list[int] = []

        def drawn(code, width, *args, widths=widths, face=cardart.face,  # type: ignore[no-untyped-def]
                  **kwargs):
            widths.append(width)
            return face(code, width, *args, **kwargs)

        with monkeypatch.context() as patch:
            patch.setattr(cardart, "face", drawn)
            scene.draw(pygame.display.get_surface())
        assert widths, "the first page shows card pictures"
        shares.append(max(widths) / size[1])
        app.shutdown()
    assert shares[2] >= 0.8 * shares[1] and shares[0] >= 0.95 * shares[1], shares
