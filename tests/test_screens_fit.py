"""Screens that fit the window: a refusal wraps inside it, a message box never covers
the chart, a score sheet is as tall as its rows, a badge clear of the panels, and no
figure, tab or tag that says something untrue or means nothing to a player."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app import theme
from cardtable.app.scenes.setup import SetupScene
from cardtable.app.scenes.statistics import StatisticsScene
from cardtable.app.scenes.summary import GameOverScene, SummaryScene
from cardtable.app.widgets import TextField
from cardtable.engine import catalog
from cardtable.engine.options import FiveCrownsOptions, presets_of
from ui import DT, button, click, frames, key

SIZES = [(1024, 640), (1280, 800)]


def _bad_pixels(surface: pygame.Surface) -> pygame.Rect | None:
    """Where the screen shows text in the refusal's colour (its bounding box)."""
    mask = pygame.mask.from_threshold(surface, theme.BAD, (12, 12, 12, 255))
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


LONG = ("That deal code does not work: the rules in this code cannot be played: extra "
        "cards with a buy must be from 0 to 4 (the printed rule is 2), not 999,999: a buy "
        "brings the discard and 0 to 4 cards from the stock, so check the code you were sent "
        "and type it again.")
"""A refusal as long as the ones the tester saw (one line wider than the window)."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("typed", ["SB-3-7Q2K9-B9999995", "9" * 19, LONG],
                         ids=["deal-code", "19-digits", "long"])
def test_a_long_refusal_in_setup_wraps_inside_the_window_clear_of_the_fields(make_app, size,
                                                                           typed):
    app = make_app(size=size)
    click(app, button(app, "New game"))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    field = next(w for w in scene.ring.widgets if isinstance(w, TextField))
    click(app, field.box.center)
    for char in (typed if typed != LONG else "SB-3-7Q2K9-B9999995"):
        key(app, pygame.K_UNKNOWN, unicode=char)
    click(app, button(app, "Start"))
    assert scene.error, "the deal was refused with a reason"
    if typed == LONG:
        scene.error = LONG
    app.invalidate()
    frames(app, 2)
    seen = _bad_pixels(pygame.display.get_surface())
    assert seen is not None
    w, h = size
    assert seen.left > 4 and seen.right < w - 4 and seen.top > int(h * 0.1)
    for widget in scene.ring.widgets:
        assert not seen.colliderect(widget.rect), (seen, widget.rect)


def _statistics(make_app, size, monkeypatch):
    app = make_app(size=size)
    scene = StatisticsScene(app)
    scene.wait()
    app.stack.push(scene)
    frames(app, 2)
    return app, scene


def _drawn(monkeypatch):
    """Every line of text and every panel drawn from now on."""
    texts: list[str] = []
    panels: list[tuple[pygame.Rect, object]] = []
    blit, panel = theme.blit_text, theme.panel

    def text(surface, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(content)
        return blit(surface, content, *args, **kwargs)

    def box(surface, rect, edge=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        panels.append((pygame.Rect(rect), edge))
        return panel(surface, rect, edge, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", text)
    monkeypatch.setattr(theme, "panel", box)
    return texts, panels


@pytest.mark.parametrize("size", SIZES)
def test_statistics_of_an_unreadable_history_claims_no_games_and_covers_no_chart(
        make_app, size, monkeypatch):
    app, scene = _statistics(make_app, size, monkeypatch)
    scene.tally, scene.problem = None, ("Your game history cannot be read just now (another "
                                        "program is using it); your games are kept.")
    texts, panels = _drawn(monkeypatch)
    scene.draw(pygame.display.get_surface())
    assert not any("played yet" in t for t in texts)
    boxes = [rect for rect, edge in panels if edge == theme.BAD]
    others = [rect for rect, edge in panels if edge == theme.PANEL_EDGE]
    assert boxes and len(others) == 2
    for other in others:
        assert not boxes[0].colliderect(other), (boxes[0], other)
    for widget in scene.ring.widgets:
        assert not boxes[0].colliderect(widget.rect)


def test_statistics_lights_no_game_tab_until_the_figures_are_read(make_app):
    app = make_app()
    scene = StatisticsScene(app)
    scene.layout(app.size)           # the first frame, before the reading thread answers
    count = len(catalog())
    assert scene.tally is None
    assert not any(tab.primary for tab in scene.ring.widgets[:count])
    scene.wait()
    scene.update(DT)
    lit = [tab.label for tab in scene.ring.widgets[:count] if tab.primary]
    assert len(lit) == 1 and scene.tally is not None   # the game shown, once it is known


@pytest.mark.parametrize("game_id, shown", [("palace", False), ("five_crowns", True)])
def test_statistics_show_average_rounds_only_for_games_played_in_rounds(
        make_app, monkeypatch, game_id, shown):
    app, scene = _statistics(make_app, (1280, 800), monkeypatch)
    scene.pick(game_id)
    texts, _ = _drawn(monkeypatch)
    scene.draw(pygame.display.get_surface())
    assert ("Avg rounds" in texts) is shown


def _to_final_summary(app) -> SummaryScene:  # type: ignore[no-untyped-def]
    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask

    app.new_game("five_crowns", 1, "easy", 7, options=FiveCrownsOptions(rounds=1))
    bot = make_bot("normal")
    for _ in range(50000):
        top, session = app.stack.top, app.session
        if isinstance(top, SummaryScene):
            return top
        if session.human_to_move and not app.table.animator.busy and not session.shown:
            session.play(ask(bot, session.game, session.human, session.bot_secret))
        app.frame(DT)
    raise AssertionError("the round never ended")


@pytest.mark.parametrize("size", SIZES)
def test_enter_twice_at_the_end_of_a_game_keeps_its_results(
        make_app, size, monkeypatch):
    app = make_app(size=size)
    summary = _to_final_summary(app)
    assert summary.ring.focused is not None
    key(app, pygame.K_RETURN)                 # "See the final standings"
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    session = app.session
    key(app, pygame.K_RETURN)                 # a quick second Enter
    assert app.session is None or app.session is session   # no new game dealt
    assert over.ring.focused is not None and over.ring.focused.label == "Menu"


@pytest.mark.parametrize("size", SIZES)
def test_game_over_score_sheet_is_as_tall_as_its_rows(make_app, size, monkeypatch):
    app2 = make_app(size=size)
    over2 = _to_final_summary(app2)
    over2.next()
    frames(app2, 2)
    texts, panels = _drawn(monkeypatch)
    app2.stack.top.draw(pygame.display.get_surface())
    sheets = [rect for rect, edge in panels if edge == theme.PANEL_EDGE]
    assert len(sheets) == 1
    rows = len(app2.session.names) + 1
    assert sheets[0].height <= rows * 56 + 16, sheets[0]


@pytest.mark.parametrize("size", SIZES)
def test_the_not_saved_badge_stands_clear_of_the_side_panels(make_app, size, monkeypatch):
    app = make_app(size=size)
    app.new_game("palace", 1, "easy", 5)
    frames(app, 3)
    app.autosaver.flush()  # a save still on its way (late on a busy machine) would clear it
    frames(app, 1)
    app.save_problem = "the disk is full"
    texts, panels = _drawn(monkeypatch)
    app.invalidate()
    frames(app, 1)
    badge = [rect for rect, edge in panels if edge == theme.BAD]
    assert badge
    geo = app.table.geo.table                 # Palace's layout holds the rummy one
    for rect in (geo.info, geo.log, geo.controls):
        assert not badge[-1].colliderect(rect), (badge[-1], rect)
    assert pygame.Rect(0, 0, *size).contains(badge[-1])
    for spot in geo.spots.values():
        assert not badge[-1].colliderect(spot.panel)


def test_house_rules_say_no_internal_spec_tags():
    import re

    for info in catalog():
        for preset in presets_of(info.options_type):
            assert not re.search(r"\([A-Z0-9]+-A\d+\)", preset.says), preset


def _to_round_summary(app) -> SummaryScene:  # type: ignore[no-untyped-def]
    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask

    app.new_game("five_crowns", 1, "easy", 7, options=FiveCrownsOptions(rounds=2))
    bot = make_bot("normal")
    for _ in range(50000):
        top, session = app.stack.top, app.session
        if isinstance(top, SummaryScene):
            return top
        if session.human_to_move and not app.table.animator.busy and not session.shown:
            session.play(ask(bot, session.game, session.human, session.bot_secret))
        app.frame(DT)
    raise AssertionError("the round never ended")


def test_esc_on_the_round_end_panel_pauses_and_does_not_deal_on(make_app):
    """Esc dealt the next round; it now opens the pause menu over the panel (Esc means
    "pause" at the table), and Resume comes back to the same panel."""
    from cardtable.app.scenes.pause import PauseScene

    app = make_app()
    summary = _to_round_summary(app)
    state = app.session.game.state
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert app.session.game.state is state and summary in app.stack.scenes
    key(app, pygame.K_ESCAPE)                 # Esc on the pause menu resumes
    assert app.stack.top is summary
    assert app.session.game.state is state and app.table.summary is not None


def test_ctrl_c_on_the_round_end_panel_copies_the_deal_code(make_app):
    app = make_app()
    summary = _to_round_summary(app)
    pygame.scrap.put_text("something else")
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    code = app.session.deal_code
    assert pygame.scrap.get_text() == code
    assert summary.said == (f"Deal code {code} copied.", True)
    assert app.stack.top is summary


def test_enter_on_palace_game_over_keeps_its_results(make_app):
    """Palace reaches game over from its own table: a stray Enter there must not deal
    a new game either (Menu, not Play again, has the focus on arrival)."""
    from ui import to_game_over

    app = make_app()
    app.new_game("palace", 2, "normal", 5, autoplay="normal")
    to_game_over(app)
    over = app.stack.top
    session = app.session
    assert over.ring.focused is not None and over.ring.focused.label == "Menu"
    key(app, pygame.K_RETURN)
    assert app.session is None or app.session is session
