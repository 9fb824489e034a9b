"""A seat's goal sheet over the table (Monastery: the nine missions, which are done),
opened by a click on the boxes in the seat's panel. Only what the table shows anyway:
every seat's missions are laid face up, so the sheet tells nothing hidden."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, pgettext, text
from .. import theme
from ..widgets import Button
from .common import FormScene, dim

if TYPE_CHECKING:
    from ..app import App


class GoalSheetScene(FormScene):
    """One seat's sheet: each goal, done or still open. Esc, Back or a click closes it."""

    overlay = True

    def __init__(self, app: App, name: str, word: str, names: Sequence[str],
                 done: Sequence[bool]) -> None:
        super().__init__(app)
        self.name, self.word = name, word
        self.rows = list(zip(names or [f"{index + 1}" for index in range(len(done))], done))

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        box = self.box()
        g = partial(theme.grown, size=size)  # grown with the window, as its type is
        self.set_widgets([Button(pygame.Rect(box.centerx - g(110), box.bottom - g(58),
                                             g(220), g(44)),
                                 _("Back"), self.back, primary=True)])

    def spoken_title(self) -> str:
        """The sheet read out: whose it is, then each goal, done or still open."""
        rows = [(_("{number}, {goal}: done") if ticked else _("{number}, {goal}: open"))
                .format(number=index + 1, goal=text(title))
                for index, (title, ticked) in enumerate(self.rows)]
        done = sum(1 for _title, ticked in self.rows if ticked)
        # Translators: "North's missions: 2 of 9 done."
        heading = _("{name}'s {goals}: {done} of {total} done.").format(
            name=text(self.name), goals=text(self.word), done=done, total=len(self.rows))
        return f"{heading} " + "; ".join(rows) + "."

    def line_size(self) -> int:
        height: int = self.size[1]
        return max(14, height // 44)

    def box(self) -> pygame.Rect:
        w, h = self.size
        size = self.line_size()
        height = min(h - 40, (len(self.rows) + 2) * (size + 10) + theme.grown(100, self.size))
        box = pygame.Rect(0, 0, min(w - 40, max(420, size * 30)), height)
        box.center = (w // 2, h // 2)
        return box

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                not self.box().collidepoint(event.pos):
            self.back()  # a click beside the sheet closes it, as Back does
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 120)
        box = self.box()
        theme.panel(surface, box, theme.PANEL_EDGE, alpha=235)
        size = self.line_size()
        done = sum(1 for _title, ticked in self.rows if ticked)
        # Translators: the heading of a seat's goal sheet ("North's missions: 2 of 9 done")
        heading = _("{name}'s {goals}: {done} of {total} done").format(
            name=text(self.name), goals=text(self.word), done=done, total=len(self.rows))
        theme.blit_text(surface, heading,
                        size + 2, (box.x + 20, box.y + 16), theme.GOLD, True)
        y = box.y + 26 + size + 14
        for index, (title, ticked) in enumerate(self.rows):
            # Translators: a goal (a mission) not done yet
            mark = _("\u2713 done") if ticked else pgettext("goal", "open")
            theme.blit_text(surface, f"{index + 1}.  {text(title)}", size, (box.x + 28, y),
                            theme.TEXT if ticked else theme.TEXT_DIM, ticked)
            theme.blit_text(surface, mark, size, (box.right - 24, y),
                            theme.GOOD if ticked else theme.TEXT_DIM, True, anchor="topright")
            y += size + 10
        self.ring.draw(surface)
