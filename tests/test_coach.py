"""The first-game coach: the first time a person plays a game, short steps point at the
table; it is skippable, shown once per game, and reachable again from the rules page."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.app import App
from cardtable.app.scenes.coach import CoachScene
from cardtable.engine import variants
from ui import button, click, frames, key


@pytest.fixture
def coached_app(home):  # type: ignore[no-untyped-def]
    app = App(size=(1280, 800), animations=False, coach=True)
    yield app
    app.shutdown()


@pytest.mark.parametrize("game_id", [v.id for v in variants()])
def test_the_first_game_of_each_kind_gets_a_tour_that_points_at_the_table(coached_app,
                                                                          game_id):
    app = coached_app
    seats = max(2, next(v for v in variants() if v.id == game_id).seat_counts.start)
    app.new_game(game_id, seats - 1, "normal", 3)
    frames(app, 2)
    coach = app.stack.top
    assert isinstance(coach, CoachScene)
    screen = pygame.Rect(0, 0, *app.size)
    assert len(coach.steps) >= 4
    for step in coach.steps:
        assert step.text and screen.contains(step.area) and step.area.width > 10
    for _ in coach.steps:
        key(app, pygame.K_RIGHT)
    assert app.stack.top is app.table
    app.to_menu()
    app.new_game(game_id, seats - 1, "normal", 4)   # the second game: no tour
    frames(app, 2)
    assert app.stack.top is app.table


def test_the_tour_is_skipped_with_esc_and_shown_again_from_the_rules(coached_app):
    app = coached_app
    app.new_game("five_crowns", 2, "normal", 3)
    frames(app, 2)
    assert isinstance(app.stack.top, CoachScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is app.table
    assert "five_crowns" in app.settings.coached
    key(app, pygame.K_ESCAPE)                      # the pause menu
    click(app, button(app, "Rules"))
    click(app, button(app, "Tour of the table"))
    frames(app, 2)
    assert isinstance(app.stack.top, CoachScene) and app.stack.top.index == 0


def test_the_rules_pages_picture_melds_with_the_tables_card_art(make_app):
    from cardtable.app.rules_text import rules_for
    from cardtable.app.scenes.rules import RulesScene
    from cardtable.engine import parse_cards

    pictured = 0
    for variant in variants():
        for line in rules_for(variant.id, variant.title).splitlines():
            if line.startswith("cards:"):
                body = line[len("cards:"):].partition("\u2014")[0]
                for group in body.split("|"):
                    assert parse_cards(group.strip())  # every card named exists
                pictured += 1
    assert pictured >= 8
    app = make_app()
    scene = RulesScene(app, "monastery")
    app.push(scene)
    frames(app, 2)
    kinds = [kind for kind, _ in scene.items()]
    assert kinds.count("cards") == 4 and "text" in kinds
    assert any("fits both" in line for line in scene.lines())  # aces: even and odd


def test_the_monastery_tour_points_at_the_mission_sheet(coached_app):
    app = coached_app
    app.new_game("monastery", 2, "normal", 3)
    frames(app, 2)
    coach = app.stack.top
    assert isinstance(coach, CoachScene)
    from cardtable.app.model import Goal

    sheet = [pygame.Rect(e.box.x, e.box.y, e.box.w, e.box.h) for e in app.table.model()
             if isinstance(e.ref, Goal) and e.ref.seat == 0]
    steps = [step for step in coach.steps if "mission sheet" in step.text.lower()]
    assert len(sheet) == 9 and steps and steps[0].area.contains(sheet[0].unionall(sheet))



@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (3840, 2160)])
def test_the_tours_words_fit_its_box_above_its_buttons_at_every_window_size(home, size,
                                                                           monkeypatch):
    """The box grew its type with the window but not itself: at 4K the words ran under
    its two small buttons and out of the box."""
    from cardtable.app import theme

    app = App(size=size, animations=False, coach=True)
    try:
        app.new_game("shanghai_may_i", 3, "normal", 3)
        frames(app, 2)
        coach = app.stack.top
        assert isinstance(coach, CoachScene)
        surface = pygame.display.get_surface()
        drawn: list[tuple[str, int, tuple[int, int]]] = []
        blit = theme.blit_text

        def text(target, content, size, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append((content, size, pos))
            return blit(target, content, size, pos, *args, **kwargs)

        for _ in coach.steps:
            drawn.clear()
            with monkeypatch.context() as patch:
                patch.setattr(theme, "blit_text", text)
                coach.draw(surface)
            box = coach._box()
            buttons = min(b.rect.top for b in coach.ring.widgets)
            words = " ".join(content for content, _, _ in drawn[1:])
            assert words.split() == coach.steps[coach.index].text.split()   # nothing cut
            for content, type_size, (x, y) in drawn:
                width, height = theme.font(type_size).size(content)
                assert box.contains(pygame.Rect(x, y, width, height)), content
                assert y + height <= buttons, content
            for b in coach.ring.widgets:
                assert box.contains(b.rect)
            key(app, pygame.K_RIGHT)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("game_id", [v.id for v in variants()])
def test_the_tours_buttons_stay_in_one_place_from_step_to_step(home, size, game_id):
    """Next moved with each step's box, so a second click missed it."""
    app = App(size=size, animations=False, coach=True)
    try:
        seats = max(2, next(v for v in variants() if v.id == game_id).seat_counts.start)
        app.new_game(game_id, max(seats, 4) - 1, "normal", 3)
        frames(app, 2)
        coach = app.stack.top
        assert isinstance(coach, CoachScene)
        places = set()
        for step in coach.steps:
            places.add(tuple(tuple(b.rect) for b in coach.ring.widgets))
            lit = step.area.inflate(16, 16)
            assert not coach._box().colliderect(lit), step.text   # never over the lit part
            key(app, pygame.K_RIGHT)
        assert len(places) == 1, places
    finally:
        app.shutdown()


def test_the_tours_inner_margins_grow_with_the_window_at_4k(home, monkeypatch):
    """At 4K the words and buttons sat 16 pixels inside a box three times as large."""
    from cardtable.app import theme

    size = (3840, 2160)
    app = App(size=size, animations=False, coach=True)
    try:
        app.new_game("five_crowns", 3, "normal", 3)
        frames(app, 2)
        coach = app.stack.top
        assert isinstance(coach, CoachScene)
        drawn: list[tuple[str, int, tuple[int, int]]] = []
        blit = theme.blit_text

        def text(target, content, size, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append((content, size, pos))
            return blit(target, content, size, pos, *args, **kwargs)

        monkeypatch.setattr(theme, "blit_text", text)
        coach.draw(pygame.display.get_surface())
        box = coach._box()
        margin = 12 * theme.ui_scale(size)
        for content, type_size, (x, y) in drawn:
            width = theme.font(type_size).size(content)[0]
            assert x - box.x >= margin and box.right - (x + width) >= margin, content
            assert y - box.y >= margin * 2 // 3, content
        for b in coach.ring.widgets:
            assert b.rect.x - box.x >= margin and box.bottom - b.rect.bottom >= margin
    finally:
        app.shutdown()


def test_the_palace_tour_speaks_of_reserves_still_to_make_before_any_exists(coached_app):
    app = coached_app
    app.new_game("palace", 2, "normal", 3)
    frames(app, 2)
    coach = app.stack.top
    assert isinstance(coach, CoachScene)
    view = app.session.view()
    assert not any(view.reserves) and not any(view.hidden_counts)
    step = coach.steps[2]                    # it lit the reserves' empty felt
    assert step.text.startswith("Your reserves will") and step.lit == ("hand",)
