"""Copying a deal code to the system clipboard (Ctrl+C at the table, a button in the
pause menu and on game over), and the sentence that says how it went: pygame-ce's
``pygame.scrap.put_text``, read back to be sure; where there is no clipboard (a
headless session, a display that refuses) the player is told, with the code to note."""

from __future__ import annotations

import pygame


def put_text(text: str) -> str | None:
    """Put ``text`` on the clipboard; why not, or ``None`` when it is there."""
    try:
        pygame.scrap.put_text(text)
        kept = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError) as error:
        return f"the clipboard cannot be used here: {error}" if str(error) else \
            "the clipboard cannot be used here"
    return None if kept == text else "the clipboard did not keep it"


def copy_deal_code(code: str | None) -> tuple[str, bool]:
    """What to say after copying this deal's code, and whether it was copied."""
    if not code:
        return "This deal has no code to copy.", False
    problem = put_text(code)
    if problem is None:
        return f"Deal code {code} copied.", True
    return f"The deal code could not be copied ({problem}). It is {code}.", False
