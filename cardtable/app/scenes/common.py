"""Shared pieces of the simple scenes: a felt background, a title, a column of widgets."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusRing, TextField, Widget

if TYPE_CHECKING:
    from ..app import App


class FormScene(Scene):
    """A scene whose controls sit in a centred column, driven by mouse or keyboard."""

    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.size = app.size

    def column(self, count: int, row_height: int | None = None,
               width: int | None = None) -> list[pygame.Rect]:
        w, h = self.size
        row_height = row_height or max(40, min(64, h // 14))
        width = width or max(320, min(560, w // 2))
        gap = row_height // 3
        top = max(int(h * 0.24), (h - count * (row_height + gap)) // 2)
        return [pygame.Rect((w - width) // 2, top + i * (row_height + gap), width, row_height)
                for i in range(count)]

    def set_widgets(self, widgets: list[Widget], focus_first: bool = True) -> None:
        index = self.ring.index
        self.ring = FocusRing(widgets)
        self.ring.index = index if 0 <= index < len(widgets) else -1
        if focus_first and self.ring.index == -1:
            self.ring.move(1)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.ring.handle(event)

    def back(self) -> None:
        self.app.stack.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(theme.felt(w, h), (0, 0))
        if self.title:
            theme.blit_text(surface, self.title, max(28, h // 14), (w // 2, int(h * 0.1)),
                            theme.GOLD, True, anchor="center")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.ring.draw(surface)

    def redraw_key(self) -> Hashable:
        if isinstance(self.ring.focused, TextField):
            return TextField.caret_on()
        return None


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class ConfirmScene(FormScene):
    """A question over the scene below: a sentence and a row of answers. Esc picks the
    first answer, which should be the safe one."""

    overlay = True

    def __init__(self, app: App, question: str,
                 answers: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.question = question
        self.answers = answers

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        rects = self.column(len(self.answers))
        self.set_widgets([Button(rect, label, action, primary=index == 0) for index,
                          (rect, (label, action)) in enumerate(zip(rects, self.answers))])

    def back(self) -> None:
        self.answers[0][1]()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        w, h = surface.get_size()
        size = max(15, h // 40)
        box = self.ring.widgets[0].rect.unionall([x.rect for x in self.ring.widgets])
        lines = theme.wrap(self.question, size, max(box.width, min(w - 120, 760)))
        line_h = theme.font(size).get_linesize()
        top = box.y - 30 - line_h * len(lines)
        frame = pygame.Rect(0, 0, max(box.width, min(w - 120, 760)) + 60,
                            box.bottom - top + 50)
        frame.midtop = (w // 2, top - 25)
        theme.panel(surface, frame, theme.BAD, alpha=230)
        for index, line in enumerate(lines):
            theme.blit_text(surface, line, size, (w // 2, top + index * line_h), anchor="midtop")
        self.ring.draw(surface)
