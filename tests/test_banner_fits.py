"""A hint or a refusal is shown on a banner over the felt: at 1024×640 a long hint, on
one line, ran off the window's left edge and over the button column."""

import pygame
import pytest

from cardtable.app import layout, table_texts, theme

HINT = ("Hint: Lay 10♥ off on another player's meld: every card you shed is a card "
        "that does not count against you.")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (3840, 2160)])
def test_a_long_hint_banner_stays_on_the_felt_and_shows_every_word(size):
    pygame.font.init()
    geo = layout.compute(size, 4, 0)
    box, text = table_texts.banner(geo, HINT, [])
    assert geo.play.contains(pygame.Rect(box.x, box.y, box.w, box.h))
    assert text.box is not None
    lines = theme.wrap(text.content, text.size, text.box.w, text.bold)
    assert " ".join(lines).split() == theme.drawable(HINT).split()
    assert len(lines) * theme.font(text.size, True).get_linesize() <= text.box.h
