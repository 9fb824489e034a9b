"""Each check of the screen matrix fails on a screen with the defect it is for: controls
on top of each other, a label wider than its button, text off the window, a control the
keys never reach or Tab meets out of order, a control with no name, cards drawn in
other colours than the setting's, and a screen that does not describe itself."""

from __future__ import annotations

import pygame
import pytest
from screen_checks import keyboard_problems, outside_problems, overlap_problems, text_problems
from screen_reach import schemes_drawn

from cardtable.app import cardart, theme
from cardtable.app.form_model import label_elements, widget_elements
from cardtable.app.model import Box, Control, Element, Gesture, Role, model_of
from cardtable.app.scene import Scene
from cardtable.app.widgets import Button, Choice


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def _button(x: int, y: int, label: str = "Resume", width: int = 200) -> Button:
    return Button(pygame.Rect(x, y, width, 40), label, lambda: None)


def test_two_buttons_on_top_of_each_other_are_an_overlap() -> None:
    model = model_of(widget_elements([_button(0, 0, "Resume"), _button(100, 20, "Rules")]))
    assert len(overlap_problems(model)) == 1
    apart = model_of(widget_elements([_button(0, 0, "Resume"), _button(0, 60, "Rules")]))
    assert overlap_problems(apart) == []


def test_a_title_drawn_over_a_button_hides_it() -> None:
    """The pause menu's "Paused" at 4K ran into Resume (fixed): text under a control."""
    title = theme.Label("Paused", 120, (100, 60), bold=True, anchor="center")
    model = model_of([*label_elements([("title", title)], Box(0, 0, 800, 600)),
                      *widget_elements([_button(0, 90)])])
    assert overlap_problems(model)


def test_a_label_wider_than_its_button_even_at_the_smallest_type_does_not_fit() -> None:
    cramped = _button(0, 0, "Save and quit to the menu and never come back", width=80)
    assert text_problems(model_of(widget_elements([cramped])))
    assert text_problems(model_of(widget_elements([_button(0, 0)]))) == []


def test_an_option_cut_short_by_an_ellipsis_does_not_fit() -> None:
    choice = Choice(pygame.Rect(0, 0, 160, 40), "Deck", [("four", "Four colours"),
                                                         ("two", "Two colours")], "four",
                    lambda value: None)
    assert text_problems(model_of(widget_elements([choice])))


def test_a_line_wider_than_its_column_does_not_fit() -> None:
    """The score sheet's "Total" heading in a column 57 pixels wide (fixed)."""
    label = theme.Label("Total", 22, (10, 10), bold=True)
    assert text_problems(model_of(label_elements([("total", label)], Box(10, 0, 57, 200))))
    assert text_problems(model_of(label_elements([("total", label)], Box(10, 0, 90, 200)))) \
        == []


def test_an_element_past_the_window_edge_is_found() -> None:
    model = model_of(widget_elements([_button(900, 10)]))
    assert outside_problems(model, (1024, 640))
    assert outside_problems(model, (1280, 800)) == []


def test_a_control_the_keys_never_reach_is_found() -> None:
    lost = Element("button/lost", Role.BUTTON, "Lost", Box(0, 0, 10, 10), Control("lost"),
                   accepts=Gesture.CLICK, focusable=False, public=False)
    assert keyboard_problems(model_of([lost]), [])


def test_tab_meeting_the_controls_out_of_the_models_order_is_found() -> None:
    model = model_of(widget_elements([_button(0, 0, "Resume"), _button(0, 60, "Rules"),
                                      _button(0, 120, "Quit")]))
    good = ["button/resume", "button/rules", "button/quit", "button/resume"]
    assert keyboard_problems(model, good) == []
    assert keyboard_problems(model, ["button/resume", "button/quit", "button/rules"])


def test_a_control_without_a_name_is_found() -> None:
    model = model_of(widget_elements([_button(0, 0, label="")]))
    assert [element.id for element in model.unnamed()] == ["button/button"]


def test_cards_drawn_in_another_scheme_than_asked_are_seen() -> None:
    """Palace's table draws faces without a scheme (four colours, whatever is chosen)."""
    with schemes_drawn() as seen:
        cardart.face("5H", 40)
        cardart.face("5C", 40, "two")
    assert seen == ["four", "two"]


def test_a_screen_that_does_not_describe_itself_fails() -> None:
    with pytest.raises(NotImplementedError, match="does not describe itself"):
        Scene(None).model()
