"""A level per AI seat in New game (issue 37: "one Hard and two Normal"), usable at the
smallest window with the most seats; the game, its save and Play again carry each seat's
level; the level lines setup shows are the game's own (Palace has no melds)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ai.bots import PLAYER_LEVELS, level_words
from cardtable.app import theme
from cardtable.app.level_row import LevelRow
from cardtable.app.scenes.setup import SetupScene
from cardtable.engine import catalog
from ui import button, click, frames, key


def _setup(app, game_id: str) -> SetupScene:
    click(app, button(app, "New game"))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    title = next(info.title for info in catalog() if info.id == game_id)
    click(app, button(app, title))
    return scene


def _row(scene: SetupScene) -> LevelRow:
    return next(w for w in scene.ring.widgets if isinstance(w, LevelRow))


def test_one_hard_and_two_normal_opponents_play_at_those_levels(make_app):
    app = make_app()
    scene = _setup(app, "five_crowns")
    scene.set_opponents(3)
    scene.layout(scene.size)
    row = _row(scene)
    assert len(row.segments()) == 4                       # all seats, then each
    click(app, row.segments()[2].center)                  # the second AI seat: Hard
    levels = _row(app.stack.top).levels
    assert levels == ("normal", "hard", "normal")
    click(app, button(app, "Start"))
    frames(app, 2)
    assert [s.level for s in app.session.seats if not s.human] == list(levels)


def test_the_keyboard_reaches_each_seat_of_the_level_row(make_app):
    app = make_app()
    scene = _setup(app, "five_crowns")
    scene.set_opponents(2)
    scene.layout(scene.size)
    row = _row(scene)
    scene.ring.index = scene.ring.widgets.index(row)
    key(app, pygame.K_RIGHT)                              # first AI seat
    key(app, pygame.K_RIGHT)                              # second AI seat
    key(app, pygame.K_RETURN)                             # its level changes
    levels = _row(app.stack.top).levels
    assert levels[0] == "normal" and levels[1] == "hard"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)                               # "All AI seats"
    key(app, pygame.K_RETURN)
    assert len(set(_row(app.stack.top).levels)) == 1


@pytest.mark.parametrize("game_id", ["palace", "shanghai_may_i", "monastery"])
def test_the_level_row_fits_the_smallest_window_at_the_most_seats(make_app, game_id):
    app = make_app(size=(1024, 640))
    scene = _setup(app, game_id)
    info = next(info for info in catalog() if info.id == game_id)
    scene.set_opponents(info.seat_counts.stop - 2)
    scene.layout(scene.size)
    row = _row(scene)
    assert len(row.segments()) == info.seat_counts.stop - 1
    window = pygame.Rect(0, 0, 1024, 640)
    for index, segment in enumerate(row.segments()):
        assert window.contains(segment)
        for other in scene.ring.widgets:
            assert other is row or not other.rect.colliderect(segment)
        for line, size in row.texts(index):
            assert line and size >= 10
            assert theme.font(size, True).size(line)[0] <= segment.width - 4, (line, size)


def test_a_saved_game_keeps_each_seats_level(make_app):
    app = make_app()
    app.new_game("five_crowns", 3, ["hard", "normal", "easy"], 5)
    frames(app, 2)
    assert app.save(wait=True)
    game_id = app.session.game.game_id
    app.to_menu()
    frames(app, 2)
    assert app.resume(game_id)
    frames(app, 2)
    assert [s.level for s in app.session.seats if not s.human] == ["hard", "normal", "easy"]


def test_setup_remembers_each_seats_level(make_app):
    app = make_app()
    app.new_game("five_crowns", 2, ["hard", "easy"], 5)
    frames(app, 2)
    app.to_menu()
    frames(app, 2)
    scene = _setup(app, "five_crowns")
    assert _row(scene).levels[:2] == ("hard", "easy")


def test_the_level_lines_are_the_games_own_palace_has_no_melds():
    for info in catalog():
        for level in PLAYER_LEVELS:
            words = level_words(level, info.id)
            assert words.startswith(level.title() + ":")
            if info.id in ("palace", "five_crowns", "monastery"):
                assert "call" not in words, (info.id, level, words)
    assert "meld" not in " ".join(level_words(level, "palace") for level in PLAYER_LEVELS)
    assert "meld" in level_words("normal", "five_crowns")


def test_the_level_row_is_in_setups_model_a_named_button_per_seat(make_app):
    from screen_checks import overlap_problems, text_problems

    app = make_app(size=(1024, 640))
    scene = _setup(app, "monastery")
    scene.set_opponents(7)
    scene.layout(scene.size)
    click(app, _row(scene).segments()[2].center)          # West (the second AI seat): Hard
    model = app.stack.top.model()
    row = model.get("field/ai-levels")
    assert row is not None and row.takes_focus
    assert row.name.startswith("AI levels: South-West Normal, West Hard, North-West Normal")
    segments = [e for e in model if e.parent == row.id]
    assert [e.name for e in segments[:3]] == ["All AI seats: Mixed", "South-West: Normal",
                                               "West: Hard"]
    assert len(segments) == 8 and all(e.enabled for e in segments)
    assert not text_problems(model) and not overlap_problems(model)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("game_id", ["five_crowns", "palace"])
def test_every_ai_seat_at_one_level_reads_on_one_line(make_app, size, game_id):
    """"All: Normal", not "All" over "Normal", where the seats fit on one line."""
    app = make_app(size=size)
    scene = _setup(app, game_id)
    for opponents in (1, 2, 3):  # seven seats at 1024 set every segment in two lines
        scene.set_opponents(opponents)
        scene.layout(scene.size)
        row = _row(scene)
        lines = row.texts(0)
        assert len(lines) == 1, lines
        line, size_px = lines[0]
        assert "Normal" in line and "\u2026" not in line
        assert theme.font(size_px, True).size(line)[0] <= row.segments()[0].width - 4


def test_setup_preselects_the_game_last_started_even_after_a_restart(make_app):
    app = make_app()
    scene = _setup(app, "shanghai_buy")
    click(app, button(app, "Start"))
    frames(app, 2)
    again = make_app()                                    # the settings file keeps it
    click(again, button(again, "New game"))
    scene = again.stack.top
    assert isinstance(scene, SetupScene)
    assert scene.game_id == "shanghai_buy"
    chosen = [w for w in scene.ring.widgets if getattr(w, "primary", False)]
    assert chosen[0].label == "Shanghai with buying"
