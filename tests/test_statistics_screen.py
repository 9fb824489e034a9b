"""The Statistics screen as a player meets it: the keyboard is on the game shown, the
chart speaks of one game as one game, the column headers stand apart at every window
size, and a reason the history and its waiting games share is said once."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app import theme
from cardtable.app.history_rows import GameRow
from cardtable.app.reasons import GamesWaiting, HistoryUnread, said_once
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.statistics import COLUMN_GUTTER, StatisticsScene
from cardtable.engine import catalog
from ui import DT, frames, key

SIZES = [(1024, 640), (1280, 800)]
LOCKED = "another program is using it (it is locked)"


def _row(number: int, game_id: str, score: int, won: float = 0.0) -> GameRow:
    return GameRow(key=f"{game_id}-{number}", game_id=game_id, deal_code=None, seats=2,
                   seed=number, options={}, level="normal", human=0, started=float(number),
                   ended=number + 60.0, status="finished", rounds=11, standings=[],
                   scores=[score, 100], won=won, place=1 if won else 2, record={})


def _statistics(make_app, size, rows):  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    for row in rows:
        app.recorder.history.add(row)
    scene = StatisticsScene(app)
    app.push(scene)
    frames(app, 1)                          # laid out before the figures are read
    assert scene.wait()
    frames(app, 2)
    return app, scene


def _texts(monkeypatch):  # type: ignore[no-untyped-def]
    """Every line of text drawn from now on, with where it went."""
    drawn: list[tuple[str, pygame.Rect, bool]] = []
    blit = theme.blit_text

    def text(surface, content, size, pos, colour=theme.TEXT, bold=False,
             anchor="topleft"):  # type: ignore[no-untyped-def]
        rect = blit(surface, content, size, pos, colour, bold, anchor)
        drawn.append((content, rect, bold))
        return rect

    monkeypatch.setattr(theme, "blit_text", text)
    return drawn


def test_the_keyboard_focus_follows_the_tab_lit_when_the_figures_are_read(make_app):
    app, scene = _statistics(make_app, (1280, 800),
                             [_row(1, "five_crowns", 80), _row(2, "palace", 0, won=1)])
    tabs = scene.ring.widgets[:len(catalog())]
    lit = [tab for tab in tabs if tab.primary]
    assert [tab.label for tab in lit] == ["Palace"]
    assert scene.ring.focused is lit[0]
    key(app, pygame.K_RETURN)                  # Enter keeps the game shown
    assert scene.game_id == "palace"


def test_the_focus_stays_where_the_player_moved_it_off_the_tabs(make_app):
    app = make_app()
    app.recorder.history.add(_row(1, "palace", 0, won=1))
    scene = StatisticsScene(app)
    app.push(scene)
    frames(app, 1)
    scene.ring.index = len(scene.ring.widgets) - 1   # on Back before the figures came
    assert scene.wait()
    scene.update(DT)
    assert scene.ring.focused is scene.ring.widgets[-1]


@pytest.mark.parametrize("size", SIZES)
def test_one_game_is_charted_as_one_game_with_its_score(make_app, monkeypatch, size):
    app, scene = _statistics(make_app, size, [_row(1, "palace", 8)])
    drawn = _texts(monkeypatch)
    scene.draw(pygame.display.get_surface())
    texts = [content for content, _, _ in drawn]
    assert any("your last game" in t for t in texts) and not any("last 1 " in t for t in texts)
    table_top = min(rect.top for content, rect, bold in drawn if content == "Level")
    chart = [content for content, rect, _ in drawn if rect.top > table_top + 200]
    assert chart.count("8") == 1, chart       # the score once, not an 8-to-8 axis


@pytest.mark.parametrize("size", SIZES)
def test_several_games_are_the_last_n_games_on_an_axis(make_app, monkeypatch, size):
    rows = [_row(1, "palace", 8), _row(2, "palace", 20), _row(3, "palace", 12)]
    app, scene = _statistics(make_app, size, rows)
    drawn = _texts(monkeypatch)
    scene.draw(pygame.display.get_surface())
    texts = [content for content, _, _ in drawn]
    assert any("your last 3 games" in t for t in texts)
    assert "20" in texts and "8" in texts


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["five_crowns", "palace"])
def test_the_column_headers_stand_apart_at_every_window_size(make_app, monkeypatch, size,
                                                             game_id):
    rows = [_row(n, game_id, 123456, won=n % 2) for n in range(1, 4)]
    app, scene = _statistics(make_app, size, rows)
    scene.pick(game_id)
    drawn = _texts(monkeypatch)
    scene.draw(pygame.display.get_surface())
    first = next(i for i, (content, _, bold) in enumerate(drawn) if content == "Level")
    headers = [(content, rect) for content, rect, bold in drawn[first:] if bold][:10]
    assert [c for c, _ in headers][-1] == "Left"
    table = scene.size[0] - 40 - 16
    for (_, left), (name, right) in zip(headers, headers[1:]):
        assert right.left - left.right >= COLUMN_GUTTER, (name, left, right)
    assert headers[-1][1].right <= table


def test_a_reason_shared_by_the_history_and_its_waiting_games_is_said_once():
    problem = HistoryUnread(LOCKED)
    waiting = GamesWaiting(1, LOCKED)
    assert problem == f"Your game history could not be read: {LOCKED}."
    assert waiting == f"1 game is waiting to be written to your history: {LOCKED}."
    said = said_once([problem, waiting])
    assert said == [f"Your game history could not be read just now, and 1 game is waiting "
                    f"to be written to it: {LOCKED}."]
    opened = HistoryUnread(LOCKED, opened=True, rest="It was left as it is.")
    assert opened == (f"Your game history could not be opened just now: {LOCKED}. It was "
                      "left as it is.")
    three = GamesWaiting(3, LOCKED, "More said.")
    assert three == f"3 games are waiting to be written to your history: {LOCKED}. More said."
    assert said_once([opened, three]) == [
        f"Your game history could not be opened just now, and 3 games are waiting to be "
        f"written to it: {LOCKED}. It was left as it is. More said."]
    full = GamesWaiting(1, "the disk is full")
    assert said_once([problem, full]) == [problem, full]    # two reasons: both said


def test_the_statistics_note_says_the_lock_once(make_app, monkeypatch):
    app = make_app()
    scene = StatisticsScene(app)
    scene.wait()
    scene.problem = HistoryUnread(LOCKED)
    scene.waiting = GamesWaiting(1, LOCKED)
    note = scene.note() or ""
    assert note.count(LOCKED) == 1 and "1 game is waiting" in note and "read" in note


def test_the_menu_says_the_lock_once(make_app, monkeypatch):
    app = make_app()
    frames(app, 1)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.menu_message = HistoryUnread(LOCKED, opened=True, rest="It was left as it is.")
    monkeypatch.setattr(app.recorder, "waiting", lambda: GamesWaiting(2, LOCKED))
    text, good = menu.notice()
    assert text is not None and text.count(LOCKED) == 1 and "2 games are waiting" in text
    assert not good
