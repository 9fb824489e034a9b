"""A small widget set drawn in the table's own style: buttons, steppers, choices, fields.

Why not pygame_gui: the table needs a handful of controls that look like part of the felt
table, answer the mouse and the keyboard the same way, and run identically under the SDL
dummy driver in tests. A few hundred lines of our own do that with no theme files and no
second event loop; pygame_gui would add a dependency and a separate look to keep in step.

Every widget can be used with the mouse, and with the keyboard through a ``FocusRing``
(Enter or Space to press, Left/Right to change a value). Where the mouse is, and where
Tab goes next, are found in the screen's model (``form_model``, read by the form scene):
a widget is told it was clicked (``click``), it does not hit-test itself; it keeps only
its hover and pressed looks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from . import theme

T = TypeVar("T")
"""The value a Choice stands for (a setting's value, a game id)."""


class Widget(ABC):
    focusable = True

    def __init__(self, rect: pygame.Rect, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hover = False

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event (only the pointer's motion, for the hover look); True if it
        was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def click(self, part: int | None) -> None:  # noqa: B027  (a field only takes the focus)
        """The left button went down on this widget's element in the screen's model
        (``part``: which part of it, as ``form_model.Target`` says)."""

    def release(self, over: bool) -> None:  # noqa: B027  (only a button waits for it)
        """The left button came up, ``over`` this widget's element or not."""

    def activate(self) -> None:  # noqa: B027  (most widgets do nothing on Enter)
        """Keyboard Enter/Space while focused."""

    def adjust(self, step: int) -> bool:
        """Keyboard Left/Right while focused; True if the widget used it."""
        return False

    @abstractmethod
    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        """Draw the widget (with a focus ring when ``focused``)."""


class Button(Widget):
    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], object], *,
                 enabled: bool = True, primary: bool = False, size: int | None = None,
                 hint: str = "", chosen: bool = False) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.chosen = chosen
        """One of a row of buttons that choose (a game in setup): the one chosen, said
        so to speech as its colour shows it."""
        self.size = size
        self.hint = hint
        self._pressed = False

    def click(self, part: int | None) -> None:
        self._pressed = True

    def release(self, over: bool) -> None:
        """A press on the button and a release still over it is a click."""
        pressed, self._pressed = self._pressed, False
        if pressed and over and self.enabled:
            self.on_click()

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.enabled:
            colour = theme.BUTTON_DISABLED
        elif self.primary:
            colour = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
        else:
            colour = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        radius = max(6, self.rect.height // 4)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect.inflate(6, 6), width=3,
                             border_radius=radius + 3)
        ink = theme.TEXT if self.enabled else (150, 160, 150)
        if self.primary and self.enabled:
            ink = (40, 28, 4)
        label = theme.text(self.label, self.label_size(), ink, True)
        surface.blit(label, label.get_rect(center=self.rect.center))

    def label_size(self) -> int:
        """The type size the label is drawn at: the button's own, shrunk (to 10 at the
        least) when the label is wider than the button (the model checks it then fits)."""
        size = self.size or max(12, int(self.rect.height * 0.42))
        width = theme.font(size, True).size(theme.drawable(self.label))[0]
        if width > self.rect.width - 12:
            size = max(10, size * (self.rect.width - 12) // width)
        return size


class Stepper(Widget):
    """A number with − and + buttons (and Left/Right keys)."""

    def __init__(self, rect: pygame.Rect, label: str, value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], None], fmt: Callable[[int], str] = str) -> None:
        super().__init__(rect)
        self.label, self.value = label, value
        self.minimum, self.maximum = minimum, maximum
        self.on_change, self.fmt = on_change, fmt

    @property
    def minus(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.height * 3, self.rect.y,
                           self.rect.height, self.rect.height)

    @property
    def plus(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.height, self.rect.y,
                           self.rect.height, self.rect.height)

    def set(self, value: int) -> None:
        value = max(self.minimum, min(self.maximum, value))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def adjust(self, step: int) -> bool:
        self.set(self.value + step)
        return True

    def click(self, part: int | None) -> None:
        """The − (``part`` −1) or the + (1)."""
        if part is not None:
            self.adjust(part)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        size = max(12, int(self.rect.height * 0.45))
        theme.blit_text(surface, self.label, size, (self.rect.x, self.rect.centery),
                        anchor="midleft")
        for box, sign, live in ((self.minus, "\u2212", self.value > self.minimum),
                                (self.plus, "+", self.value < self.maximum)):
            pygame.draw.rect(surface, theme.BUTTON if live else theme.BUTTON_DISABLED, box,
                             border_radius=6)
            theme.blit_text(surface, sign, size, box.center, bold=True, anchor="center")
        middle = pygame.Rect(self.minus.right, self.rect.y, self.rect.height, self.rect.height)
        theme.blit_text(surface, self.fmt(self.value), size, middle.center, theme.GOLD, True,
                        anchor="center")
        if focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect.inflate(8, 8), width=2,
                             border_radius=8)


class Choice(Widget, Generic[T]):
    """One of several options, shown as a row of segments (Left/Right to change)."""

    def __init__(self, rect: pygame.Rect, label: str, options: Sequence[tuple[T, str]],
                 value: T, on_change: Callable[[T], None], label_width: int = 0) -> None:
        super().__init__(rect)
        self.label, self.options, self.value = label, list(options), value
        self.on_change = on_change
        self.label_width = label_width

    def segments(self) -> list[pygame.Rect]:
        left = self.rect.x + self.label_width
        width = (self.rect.right - left) // max(1, len(self.options))
        return [pygame.Rect(left + i * width, self.rect.y, width - 4, self.rect.height)
                for i in range(len(self.options))]

    def adjust(self, step: int) -> bool:
        values = [value for value, _ in self.options]
        index = (values.index(self.value) + step) % len(values)
        self.value = values[index]
        self.on_change(self.value)
        return True

    def click(self, part: int | None) -> None:
        """The option ``part`` (by index)."""
        if part is not None and 0 <= part < len(self.options):
            self.value = self.options[part][0]
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        size = max(12, int(self.rect.height * 0.42))
        if self.label_width:
            theme.blit_text(surface, self.label, size, (self.rect.x, self.rect.centery),
                            anchor="midleft")
        for segment, (value, label) in zip(self.segments(), self.options):
            chosen = value == self.value
            pygame.draw.rect(surface, theme.BUTTON_PRIMARY if chosen else theme.BUTTON, segment,
                             border_radius=6)
            ink = (40, 28, 4) if chosen else theme.TEXT
            text, fitted = theme.fit(label, size, segment.width - 10, chosen, smallest=10)
            theme.blit_text(surface, text, fitted, segment.center, ink, chosen,
                            anchor="center")
        if focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect.inflate(8, 8), width=2,
                             border_radius=8)


DIGITS = "0123456789"


class TextField(Widget):
    """A short field (a deal number or code) of the ``allowed`` characters, letters typed
    as capitals; Ctrl+V pastes. Empty means "none"."""

    def __init__(self, rect: pygame.Rect, label: str, value: str, placeholder: str,
                 on_change: Callable[[str], None], max_length: int = 9,
                 label_width: int = 0, allowed: str = DIGITS) -> None:
        super().__init__(rect)
        self.label, self.value, self.placeholder = label, value, placeholder
        self.on_change, self.max_length, self.label_width = on_change, max_length, label_width
        self.allowed = allowed

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_width, self.rect.y,
                           self.rect.width - self.label_width, self.rect.height)

    @staticmethod
    def caret_on() -> bool:
        """The caret blinks: on for half a second, off for half a second."""
        return (pygame.time.get_ticks() // 500) % 2 == 0

    def type_key(self, event: pygame.event.Event) -> bool:
        # Only the allowed ASCII characters: str.isdigit() also admits "²" and "①".
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.value = self._fit(self.value + self.clipboard())
        elif len(event.unicode) == 1 and event.unicode.upper() in self.allowed \
                and len(self.value) < self.max_length:
            self.value += event.unicode.upper()
        else:
            return False
        self.on_change(self.value)
        return True

    def _fit(self, text: str) -> str:
        kept = "".join(ch for ch in text.upper() if ch in self.allowed)
        return kept[:self.max_length]

    @staticmethod
    def clipboard() -> str:
        """The clipboard's text, or nothing when there is none (or no clipboard)."""
        try:
            return pygame.scrap.get_text() or ""
        except (pygame.error, AttributeError):
            return ""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        size = max(12, int(self.rect.height * 0.42))
        if self.label_width:
            theme.blit_text(surface, self.label, size, (self.rect.x, self.rect.centery),
                            anchor="midleft")
        pygame.draw.rect(surface, (245, 242, 230), self.box, border_radius=6)
        shown = self.value or self.placeholder
        ink = (30, 30, 30) if self.value else (130, 130, 120)
        rect = theme.blit_text(surface, shown, size, (self.box.x + 10, self.box.centery), ink,
                               anchor="midleft")
        if focused:
            if self.caret_on():
                x = rect.right + 2 if self.value else self.box.x + 10
                pygame.draw.line(surface, (30, 30, 30), (x, self.box.y + 6),
                                 (x, self.box.bottom - 6), 2)
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect.inflate(8, 8), width=2,
                             border_radius=8)


class FocusRing:
    """Keyboard focus over a list of widgets: which one has it, and the keys it takes
    (typing, Left/Right, Enter). Which one Tab moves it to is the screen model's
    focus order (the form scene moves it)."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets = list(widgets)
        self.index = -1

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)

    def handle(self, event: pygame.event.Event) -> bool:
        for widget in self.widgets:
            if widget.enabled and widget.handle(event):
                return True
        if event.type != pygame.KEYDOWN:
            return False
        focused = self.focused
        if isinstance(focused, TextField) and focused.type_key(event):
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None:
            return focused.adjust(1 if event.key == pygame.K_RIGHT else -1)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused:
            focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface, widget is self.focused)
