"""Panels keep their inner margins at 4K (issue 37, play-through: "text touches the panel
edges"): the round-end panel, the score sheet, the rules page and the rummy question set
their words as far inside their frames, for the window's size, as at 1280×800."""

from __future__ import annotations

import pygame
import pytest
from screen_reach import Cell, open_screen

from cardtable.app import layout as table_layout
from cardtable.app import theme
from cardtable.app.model import Role
from cardtable.app.scenes import rummy_question

BIG = (3840, 2160)


@pytest.fixture(scope="module")
def big_app(tmp_path_factory):  # type: ignore[no-untyped-def]
    from cardtable.app.app import App

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("home")))
        app = App(size=BIG, animations=False)
        yield app
        app.shutdown()


@pytest.mark.parametrize("screen", ["summary", "score sheet", "rules"])
def test_a_panels_words_stay_clear_of_its_edges_at_4k(big_app, screen):
    scene = open_screen(big_app, Cell("five_crowns", 2, screen, BIG, "four", "medium"))
    model = scene.model()
    margin = 10 * theme.ui_scale(BIG)  # 10 pixels at 1280×800, grown
    checked = 0
    for element in model:
        parent = model.get(element.parent) if element.parent else None
        if not element.texts or parent is None or parent.role is not Role.PANEL:
            continue
        inner, outer = element.box, parent.box
        assert inner.x - outer.x >= margin, (element.id, inner, outer)
        assert outer.x + outer.w - (inner.x + inner.w) >= margin, (element.id, inner, outer)
        checked += 1
    assert checked >= 4


def test_the_rummy_questions_words_and_answers_stay_clear_of_its_frame_at_4k():
    pygame.font.init()
    geo = table_layout.compute(BIG, 4, 0)
    rects = rummy_question.answer_rects(geo, ["May I!  [Y]", "Pass  [N]"])
    buttons = rects[0].unionall(rects)
    frame, box, lines, size = rummy_question.question_panel(
        geo, "Q\u2660 is up for East. Call May I? (2 left)\n(passing in 5 s)", buttons)
    margin = 7 * theme.ui_scale(BIG)  # 7 pixels at 1280×800, grown
    line_h = theme.font(size, True).get_linesize()
    widest = max(theme.font(size, True).size(line)[0] for line in lines)
    words = pygame.Rect(0, 0, widest, line_h * len(lines))
    words.centerx = buttons.centerx
    words.y = box.y + (box.height - words.height) // 2   # as the table draws them
    for inner in (words, buttons):
        assert inner.x - frame.x >= margin and frame.right - inner.right >= margin, inner
    assert words.top - frame.top >= margin and frame.bottom - buttons.bottom >= margin
