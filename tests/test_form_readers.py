"""The form screens (menu, setup, settings, pause, rules, summaries, statistics, replay,
the tour, questions) are clicked and tabbed through their screen model: a click goes to
the widget whose element the model places there, Tab follows the model's focus order,
and a yes/no question answers to the one key grammar (Y or 1 yes, N, 2 or Esc no)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from cardtable.app.model import Box, ScreenModel
from cardtable.app.scenes.common import ConfirmScene, FormScene
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.rules import RulesScene
from cardtable.app.scenes.setup import SetupScene
from ui import click, frames, key


def _menu(make_app):  # type: ignore[no-untyped-def]
    app = make_app()
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return app, menu


def _moved(scene: FormScene, element_id: str, box: Box) -> None:
    """The scene's model, with one element placed at ``box`` (its widget left where it is)."""
    built = type(scene).model

    def model() -> ScreenModel:
        return ScreenModel(tuple(replace(e, box=box) if e.id == element_id else e
                                 for e in built(scene)))

    scene.model = model  # type: ignore[method-assign]


def test_a_click_at_a_buttons_model_box_runs_it_wherever_the_widget_thinks_it_is(make_app):
    app, menu = _menu(make_app)
    rules = next(w for w in menu.ring.widgets if getattr(w, "label", "") == "Rules")
    _moved(menu, "button/rules", Box(4, 4, 60, 30))
    click(app, rules.rect.center)             # the widget's own rect: nothing there now
    assert app.stack.top is menu
    click(app, (20, 20))                      # where the model places the button
    assert isinstance(app.stack.top, RulesScene)


def test_a_steppers_plus_is_clicked_where_the_model_places_it(make_app):
    app = make_app()
    frames(app, 2)
    setup = SetupScene(app)
    app.push(setup)
    frames(app, 2)
    model = setup.model()
    field = next(e for e in model if e.id.endswith("/more") and e.enabled)
    before = setup.model().get(field.parent or "")
    assert before is not None
    _moved(setup, field.id, Box(2, 2, 24, 24))
    click(app, (10, 10))
    after = setup.model().get(field.parent or "")
    assert after is not None and after.name != before.name   # one more, by the model's +


def test_an_element_drawn_over_a_button_takes_the_click_the_button_does_not(make_app):
    app, menu = _menu(make_app)
    quit_box = menu.model().get("button/quit")
    assert quit_box is not None
    # "Rules" laid over "Quit", one above it: a click there is Rules'.
    _moved(menu, "button/rules", quit_box.box)
    built = menu.model

    def over() -> ScreenModel:
        return ScreenModel(tuple(replace(e, z=e.z + 5) if e.id == "button/rules" else e
                                 for e in built()))

    menu.model = over  # type: ignore[method-assign]
    click(app, quit_box.box.center)
    assert app.running and isinstance(app.stack.top, RulesScene)


def test_tab_follows_the_models_focus_order(make_app):
    app, menu = _menu(make_app)
    built = type(menu).model

    def reversed_model() -> ScreenModel:
        return ScreenModel(tuple(reversed(built(menu).elements)))

    menu.model = reversed_model  # type: ignore[method-assign]
    first = menu.focused_id()
    order = [e.id for e in reversed_model().focus_order()]
    key(app, pygame.K_TAB)
    assert menu.focused_id() == order[(order.index(first) + 1) % len(order)]
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert menu.focused_id() == first
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert menu.focused_id() == order[(order.index(first) + 2) % len(order)]


def _confirm(make_app):  # type: ignore[no-untyped-def]
    app, menu = _menu(make_app)
    said: list[str] = []
    question = ConfirmScene(app, "Start a new game and lose it?",
                            [("Keep my game", lambda: said.append("no")),
                             ("Start new", lambda: said.append("yes"))])
    app.push(question)
    frames(app, 2)
    return app, said


@pytest.mark.parametrize(("code", "answer"), [
    (pygame.K_y, "yes"), (pygame.K_1, "yes"), (pygame.K_n, "no"), (pygame.K_2, "no"),
    (pygame.K_ESCAPE, "no")])
def test_a_yes_no_question_answers_to_the_one_key_grammar(make_app, code, answer):
    app, said = _confirm(make_app)
    key(app, code)
    assert said == [answer]
