"""Copying a deal code to the system clipboard (Ctrl+C at the table, a button in the
pause menu and on game over), and the sentence that says how it went: pygame-ce's
``pygame.scrap.put_text``, read back to be sure; where there is no clipboard (a
headless session, a display that refuses) the player is told, with the code to note."""

from __future__ import annotations

import pygame

from ..i18n import _


def put_text(text: str) -> str | None:
    """Put ``text`` on the clipboard; why not, or ``None`` when it is there."""
    try:
        pygame.scrap.put_text(text)
        kept = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError) as error:
        return _("the clipboard cannot be used here: {problem}").format(problem=error) \
            if str(error) else _("the clipboard cannot be used here")
    return None if kept == text else _("the clipboard did not keep it")


def copy_deal_code(code: str | None) -> tuple[str, bool]:
    """What to say after copying this deal's code, and whether it was copied."""
    if not code:
        return _("This deal has no code to copy."), False
    problem = put_text(code)
    if problem is None:
        return _("Deal code {code} copied.").format(code=code), True
    return _("The deal code could not be copied ({problem}). It is {code}.").format(
        problem=problem, code=code), False
