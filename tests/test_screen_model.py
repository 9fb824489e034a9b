"""The screen model's own rules: the topmost element takes the pointer, focus wraps,
ids are unique, and covering a public element or another control is found."""

from __future__ import annotations

import pytest

from cardtable.app.model import (
    Box,
    Control,
    Element,
    Gesture,
    Region,
    Role,
    TableMeld,
    WildInMeld,
    model_of,
)
from cardtable.engine.cards import parse_card


def _id(element: Element | None) -> str | None:
    return element.id if element is not None else None


def _meld(z: int = 0) -> Element:
    return Element("meld/1/0", Role.TABLE_MELD, "East's run", Box(0, 0, 100, 60),
                   TableMeld(1, 0), z=z, accepts=Gesture.CLICK | Gesture.DROP)


def _wild() -> Element:
    return Element("wild/1/0/2", Role.WILD, "the joker", Box(40, 0, 20, 60),
                   WildInMeld(1, 0, 2, parse_card("JK")), z=1, parent="meld/1/0",
                   accepts=Gesture.CLICK | Gesture.DROP)


def test_the_topmost_element_that_takes_the_gesture_is_hit() -> None:
    model = model_of([_meld(), _wild()])
    hit = model.at((45, 10), Gesture.DROP)
    assert hit is not None and hit.id == "wild/1/0/2"
    assert _id(model.at((5, 10), Gesture.DROP)) == "meld/1/0"
    assert model.at((500, 10)) is None


def test_a_disabled_element_takes_nothing() -> None:
    button = Element("button/go", Role.BUTTON, "Go down", Box(0, 0, 10, 10), Control("go"),
                     enabled=False, accepts=Gesture.CLICK)
    model = model_of([button])
    assert model.at((5, 5)) is None
    assert model.focus_order() == []


def test_focus_wraps_round_in_reading_order() -> None:
    model = model_of([_meld(), _wild()])
    assert _id(model.next_focus(None)) == "meld/1/0"
    assert _id(model.next_focus("wild/1/0/2")) == "meld/1/0"
    assert _id(model.next_focus("meld/1/0", -1)) == "wild/1/0/2"


def test_two_elements_may_not_share_an_id() -> None:
    with pytest.raises(ValueError, match="two elements"):
        model_of([_meld(), _meld()])


def test_a_child_inside_its_parent_is_no_overlap() -> None:
    assert model_of([_meld(), _wild()]).overlaps() == []


def test_a_public_element_covered_by_another_is_found() -> None:
    reserve = Element("reserve/1", Role.RESERVE, "East's reserve", Box(0, 0, 50, 50),
                      Region("reserve"))
    pile = Element("pile/burned", Role.PILE, "Burned", Box(25, 25, 50, 50), Region("burned"),
                   z=2)
    assert len(model_of([reserve, pile]).overlaps()) == 1


def test_two_controls_on_top_of_each_other_are_found() -> None:
    first = Element("button/a", Role.BUTTON, "A", Box(0, 0, 50, 20), Control("a"),
                    accepts=Gesture.CLICK, public=False)
    second = Element("button/b", Role.BUTTON, "B", Box(10, 10, 50, 20), Control("b"),
                     accepts=Gesture.CLICK, public=False)
    assert len(model_of([first, second]).overlaps()) == 1


def test_a_dialog_covers_the_screen_under_it_on_purpose() -> None:
    """A question about the person's own move with no room beside what it asks about is
    a dialog: what it covers takes no input meanwhile, as under an overlay screen."""
    meld = Element("meld/1/0", Role.TABLE_MELD, "East's run", Box(0, 0, 100, 60),
                   TableMeld(1, 0), enabled=False)
    panel = Element("question", Role.QUESTION, "Where does the freed joker go?",
                    Box(20, 20, 200, 100), Region("question"), z=40, modal=True)
    answer = Element("answer/0", Role.BUTTON, "East's run", Box(30, 30, 80, 20),
                     Control("answer"), z=41, parent="question", accepts=Gesture.CLICK)
    assert model_of([meld, panel, answer]).overlaps() == []
    loose = Element("question", Role.QUESTION, "May I?", Box(20, 20, 200, 100),
                    Region("question"), z=40)
    assert len(model_of([meld, loose]).overlaps()) == 1


def test_a_group_shows_through_its_own_parts() -> None:
    """A meld's box is a container: what hides it is what hides one of its cards."""
    lower = Element("meld/1/1", Role.TABLE_MELD, "East's set", Box(0, 30, 100, 60),
                    TableMeld(1, 1))
    card = Element("meld/1/1/0", Role.CARD, "seven of clubs", Box(0, 30, 30, 60),
                   Region("card"), parent="meld/1/1")
    tab = Element("meld/1/0/tab", Role.TEXT, "lay off here", Box(70, 0, 24, 40),
                  Region("lay-off"), z=7, public=False)
    assert model_of([lower, card, tab]).overlaps() == []
    over_card = Element("meld/1/0/tab", Role.TEXT, "lay off here", Box(10, 20, 24, 40),
                        Region("lay-off"), z=7, public=False)
    assert len(model_of([lower, card, over_card]).overlaps()) == 1
