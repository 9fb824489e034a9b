"""Shared pieces of the simple scenes: a felt background, a title, a column of widgets."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, text
from .. import theme
from ..form_model import (
    focused_id,
    label_elements,
    panel_element,
    widget_elements,
    widget_targets,
    wrapped_element,
)
from ..input_grammar import Command, command_for
from ..model import Box, Element, Role, ScreenModel, model_of
from ..scene import Scene
from ..widgets import Button, FocusRing, TextField, Widget

if TYPE_CHECKING:
    from ..app import App


class FormScene(Scene):
    """A scene whose controls sit in a centred column, driven by mouse or keyboard.

    Both read the screen's model: a click goes to the element ``model().at`` finds (and
    through ``form_model.widget_targets`` to the widget it stands for), Tab and the
    arrows follow ``model().focus_order()``. One place for every form screen."""

    title = ""
    """The screen's title in English, marked with ``N_`` (``heading`` translates it)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.size = app.size
        self._screen_text: tuple[Hashable, frozenset[str], list[str]] = (None, frozenset(), [])
        """The screen's text as last read for speech: when, the texts shown, and what
        was written new each time (the latest kept)."""
        self._screen_count = 0

    def column(self, count: int, row_height: int | None = None,
               width: int | None = None) -> list[pygame.Rect]:
        w, h = self.size
        row_height = row_height or max(40, min(theme.grown(64, self.size), h // 14))
        width = width or max(320, min(theme.grown(560, self.size), w // 2))
        gap = row_height // 3
        top = max(int(h * 0.24), (h - count * (row_height + gap)) // 2)
        return [pygame.Rect((w - width) // 2, top + i * (row_height + gap), width, row_height)
                for i in range(count)]

    def set_widgets(self, widgets: list[Widget], focus_first: bool = True) -> None:
        index = self.ring.index
        self.ring = FocusRing(widgets)
        self.ring.index = index if 0 <= index < len(widgets) else -1
        if focus_first and self.ring.index == -1:
            # The first the keyboard reaches in the widgets' model (the whole screen's
            # may not be ready while it is laid out).
            self._focus_step(model_of(widget_elements(widgets)), 1)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and event.button == 1:
            self._pointer(event.type == pygame.MOUSEBUTTONDOWN, event.pos)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_DOWN,
                                                          pygame.K_UP):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and bool(event.mod & pygame.KMOD_SHIFT))
            self._focus_step(self.model(), -1 if back else 1)
            return
        self.ring.handle(event)

    def _pointer(self, down: bool, pos: tuple[int, int]) -> None:
        """The left button down or up at ``pos``: the element the model finds there, and
        the widget it stands for (pressed, or released over it or not)."""
        element = self.model().at(pos)
        targets = widget_targets(self.ring.widgets)
        target = targets.get(element.id) if element is not None else None
        if not down:
            for widget in self.ring.widgets:
                widget.release(target is not None and target.widget is widget)
            return
        if target is None or not target.widget.enabled:
            return
        self.ring.focus(target.widget)
        target.widget.click(target.part)

    def _focus_step(self, model: ScreenModel, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the next widget in the model's focus order."""
        targets = widget_targets(self.ring.widgets)
        order = [element.id for element in model.focus_order()
                 if element.id in targets and targets[element.id].part is None]
        if not order:
            self.ring.index = -1
            return
        current = focused_id(self.ring)
        at = order.index(current) + step if current in order else (0 if step > 0 else -1)
        self.ring.focus(targets[order[at % len(order)]].widget)

    def back(self) -> None:
        self.app.stack.pop()

    def heading(self) -> str:
        """The title in the player's language (read each time: a change of language
        shows at once)."""
        return _(self.title) if self.title else ""

    def title_label(self) -> theme.Label:
        w, h = self.size
        return theme.Label(self.heading(), max(28, h // 14), (w // 2, int(h * 0.1)), theme.GOLD,
                           True, "center")

    def labels(self) -> list[tuple[str, theme.Label]]:
        """The lines of text the screen writes straight on the window, by key (its
        title; a screen adds its own): drawn from here, and described from here."""
        return [("title", self.title_label())] if self.title else []

    def parts(self) -> list[Element]:
        """The screen's other elements (panels and what is written in them)."""
        return []

    def model(self) -> ScreenModel:
        """The screen: its panels, its texts and its widgets in the ring's order (the
        order Tab meets them)."""
        w, h = self.size
        return model_of([*self.parts(), *label_elements(self.labels(), Box(0, 0, w, h)),
                         *widget_elements(self.ring.widgets)])

    def focused_id(self) -> str | None:
        """The id of the element that has the keys' focus."""
        return focused_id(self.ring)

    def spoken_title(self) -> str:
        return self.heading()

    def spoken_texts(self, texts: list[Element]) -> list[str]:
        """The screen's texts as speech says them, in reading order (a screen with a
        table of figures says each cell with its column's heading)."""
        return [element.name.strip() for element in texts]

    def worth_saying(self, texts: list[str]) -> list[str]:
        """The new texts of the screen speech should say (a screen drops what would
        only chatter, such as a progress count at every step)."""
        return texts

    def spoken_focus(self) -> Sequence[Element]:
        focus = self.focused_id()
        element = self.model().get(focus) if focus is not None else None
        return (element,) if element is not None else ()

    def news(self) -> tuple[int, Sequence[str]]:
        """What is written on the screen besides its title and controls (figures, a
        message, a table of results): all of it when the screen comes up, then each
        text that appears (the details of the row focused, a new message). The model is
        read again only after the layout, the focus or the drawing changed."""
        key = (self.size, id(self.ring), self.ring.index, self.redraw_key())
        seen, shown, written = self._screen_text
        if key != seen:
            now = self.spoken_texts([element for element in self.model()
                                     if element.role is Role.TEXT and element.name.strip()
                                     and element.name != self.heading()])
            fresh = self.worth_saying([text for text in now if text not in shown])
            if fresh:
                written = [*written[-16:], " ".join(
                    text if text[-1] in ".!?:\u2026" else text + "." for text in fresh)]
            self._screen_text = (key, frozenset(now), written)
            self._screen_count += bool(fresh)
        return self._screen_count, written

    def draw_background(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(theme.felt(w, h), (0, 0))
        for _key, label in self.labels():
            label.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.ring.draw(surface)

    def redraw_key(self) -> Hashable:
        if isinstance(self.ring.focused, TextField):
            return TextField.caret_on()
        return None


def is_copy(event: pygame.event.Event) -> bool:
    """Ctrl+C (Cmd+C on a Mac): copy the deal code where a screen shows it."""
    if event.type != pygame.KEYDOWN:
        return False
    return command_for(event.key, event.mod) == (Command.COPY, 0)


def said_label(said: tuple[str, bool], window: tuple[int, int], pos: tuple[int, int],
               anchor: str) -> theme.Label:
    """What copying the deal code said, where the deal line was (it names the code): a
    label, so the screen draws and describes the same line."""
    sentence, good = said
    size = max(11, window[1] // 62)
    return theme.Label(theme.ellipsize(text(sentence), size, window[0] - 28), size, pos,
                       theme.GOOD if good else theme.BAD, anchor=anchor)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


LEVEL_NAMES = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"),
               "hard": N_("Hard")}
"""An AI level's name as a screen shows it (the level's key is English, unshown)."""


def level_name(level: str) -> str:
    """An AI level's name in the player's language ("Normal")."""
    found = LEVEL_NAMES.get(level)
    return _(found) if found is not None else level.title()


def labelled(labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """A setting's values with their labels (marked in ``app.settings``) translated."""
    return [(key, _(label)) for key, label in labels.items()]


class ConfirmScene(FormScene):
    """A question over the scene below: a sentence and a row of answers. Esc picks the
    first answer, which should be the safe one."""

    overlay = True

    def __init__(self, app: App, question: str,
                 answers: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.question = question
        self.answers = answers

    def spoken_title(self) -> str:
        return self.question

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        rects = self.column(len(self.answers))
        self.set_widgets([Button(rect, label, action, primary=index == 0) for index,
                          (rect, (label, action)) in enumerate(zip(rects, self.answers))])

    def back(self) -> None:
        self.answers[0][1]()

    def handle(self, event: pygame.event.Event) -> None:
        """The one key grammar: Y or 1 answers yes (the second answer), N or 2 no (the
        first, the safe one), as Esc does."""
        found = command_for(event.key, getattr(event, "mod", 0)) \
            if event.type == pygame.KEYDOWN else None
        yes: bool | None = None
        if found is not None:
            command, number = found
            yes = {Command.YES: True, Command.NO: False}.get(command)
            if command is Command.CHOOSE and number < 2:
                yes = number == 0
        if yes is None or len(self.answers) < 2:
            super().handle(event)
            return
        self.answers[1 if yes else 0][1]()

    def _frame(self) -> tuple[pygame.Rect, pygame.Rect, list[str], int]:
        """The panel, the question's room in it, its wrapped lines and their type size."""
        w, h = self.size
        size = max(15, h // 40)
        box = self.ring.widgets[0].rect.unionall([x.rect for x in self.ring.widgets])
        width = max(box.width, min(w - 120, theme.grown(760, (w, h))))
        lines = theme.wrap(self.question, size, width)
        line_h = theme.font(size).get_linesize()
        top = box.y - theme.grown(30, (w, h)) - line_h * len(lines)
        frame = pygame.Rect(0, 0, width + theme.grown(60, (w, h)),
                            box.bottom - top + theme.grown(50, (w, h)))
        frame.midtop = (w // 2, top - theme.grown(25, (w, h)))
        room = pygame.Rect(0, top, width, line_h * len(lines))
        room.centerx = w // 2
        return frame, room, lines, size

    def parts(self) -> list[Element]:
        frame, room, _lines, size = self._frame()
        return [panel_element("question", _("Question"), frame),
                wrapped_element("question", self.question, size, room, "panel/question")]

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        w, _h = surface.get_size()
        frame, room, lines, size = self._frame()
        line_h = theme.font(size).get_linesize()
        theme.panel(surface, frame, theme.BAD, alpha=230)
        for index, line in enumerate(lines):
            theme.blit_text(surface, line, size, (w // 2, room.y + index * line_h),
                            anchor="midtop")
        self.ring.draw(surface)
