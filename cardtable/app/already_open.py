"""The second start's word to a player who started cardtable from a desktop icon: with
no terminal, a line on stderr is never seen, and a click that does nothing looks like a
broken install. A small window says that cardtable is already open, until it is
closed, OK is pressed or a while has passed; with no display it says nothing more.
"""

from __future__ import annotations

import os

import pygame

from ..i18n import N_, _
from . import theme

SHOWN_SECONDS = 20.0
"""The window closes by itself after this long."""
SIZE = (620, 220)
HEADLESS = ("dummy", "offscreen")
TITLE = N_("cardtable is already open")
BODY = N_("It is open in another window, with these saved games. Switch to that window: "
          "two windows would write over each other's games.")
"""The title and the default message (``_()`` where drawn)."""


def show(message: str = BODY, seconds: float = SHOWN_SECONDS) -> bool:
    """Show ``message`` under :data:`TITLE` in a window of its own; whether it could be
    shown. Never raises: the line on stderr has already said it."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS:
        return False
    if message is BODY:
        message = _(BODY)
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode(SIZE)
    except pygame.error:
        return False
    try:
        pygame.display.set_caption("cardtable")
        _run(surface, message, seconds)
    except pygame.error:
        return False
    finally:
        pygame.quit()
    return True


def _run(surface: pygame.Surface, message: str, seconds: float) -> None:
    clock = pygame.time.Clock()
    button = pygame.Rect(0, 0, 140, 44)
    button.midbottom = (SIZE[0] // 2, SIZE[1] - 20)
    waited = 0.0
    drawn = False
    while waited < seconds:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE):
                return
            if event.type == pygame.MOUSEBUTTONUP and button.collidepoint(event.pos):
                return
            if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                drawn = False
        if not drawn:  # drawn once; an idle window redraws only when uncovered
            _draw(surface, message, button)
            pygame.display.flip()
            drawn = True
        waited += clock.tick(10) / 1000


def _draw(surface: pygame.Surface, message: str, button: pygame.Rect) -> None:
    surface.fill(theme.FELT)
    theme.blit_text(surface, _(TITLE), 22, (30, 22), theme.GOLD, bold=True)
    size = 17
    lines = theme.wrap(message, size, SIZE[0] - 60)
    line_h = theme.font(size).get_linesize()
    for index, line in enumerate(lines):
        theme.blit_text(surface, line, size, (30, 66 + index * line_h))
    pygame.draw.rect(surface, theme.BUTTON_PRIMARY, button, border_radius=8)
    theme.blit_text(surface, _("OK"), 18, button.center, theme.FELT_DARK, bold=True,
                    anchor="center")
