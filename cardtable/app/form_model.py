"""Screen models of the form screens, built from what they already hold: their widgets
(buttons, steppers, choices, fields, in the order of their ``FocusRing``) and the lines
of text they draw (``theme.Label``). One builder for every screen, so the menu, setup,
settings, pause, rules, summaries, statistics, replay and the coach describe themselves
the same way, and the model cannot drift from what is drawn: it reads the same values.

Reads widgets and labels; never draws, never changes a scene.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from ..i18n import _
from . import theme
from .level_row import ALL, LevelRow
from .model import Box, Control, Element, Gesture, Region, Role, Text
from .widgets import Button, Choice, FocusRing, Stepper, TextField, Widget

WIDGET_Z = 2
"""Controls are drawn over the texts and panels of a screen."""


def slug(content: str) -> str:
    """A short id part from a label ("Continue: Five Crowns" -> "continue-five-crowns")."""
    return re.sub(r"[^a-z0-9]+", "-", content.lower()).strip("-")[:40] or "x"


def command_of(action: Callable[..., object]) -> str:
    """What a control runs, by name: a method's name, with a ``partial``'s arguments."""
    if isinstance(action, partial):
        return ":".join([command_of(action.func), *(str(arg) for arg in action.args)])
    return getattr(action, "__name__", type(action).__name__)


def widget_ids(widgets: Sequence[Widget]) -> list[str]:
    """Each widget's element id, unique on the screen (a second "Back" is "button/back-2")."""
    ids: list[str] = []
    for widget in widgets:
        kind = "button" if isinstance(widget, Button) else "field"
        base = f"{kind}/{slug(_label(widget))}"
        found, count = base, 1
        while found in ids:
            count += 1
            found = f"{base}-{count}"
        ids.append(found)
    return ids


def focused_id(ring: FocusRing) -> str | None:
    """The element id of the widget that has the keys' focus."""
    focused = ring.focused
    if focused is None:
        return None
    return widget_ids(ring.widgets)[ring.widgets.index(focused)]


def _label(widget: Widget) -> str:
    return str(getattr(widget, "label", "")) or type(widget).__name__.lower()


def _inside(rect: pygame.Rect, left: int = 0, right: int = 0) -> Box:
    return Box(rect.x + left, rect.y, max(0, rect.width - left - right), rect.height)


@dataclass(frozen=True)
class Target:
    """What an element of a form stands for: its widget, and which part of it (``None``:
    the widget itself; a stepper's step, −1 or +1; a choice's option or a level row's
    segment, by index). The form's mouse and keys find the element in the screen model
    and act on the widget through this."""

    widget: Widget
    part: int | None = None


def widget_elements(widgets: Sequence[Widget], parent: str | None = None) -> list[Element]:
    """The elements of a ring's widgets, in its order (so Tab meets them in model order),
    each with its parts (a choice's options, a stepper's − and +) as children."""
    return _build(widgets, parent)[0]


def widget_targets(widgets: Sequence[Widget]) -> dict[str, Target]:
    """Each widget element's id, and each of its parts', with what it stands for: built
    by the same builder as the elements, so a hit in the model reaches that widget."""
    return _build(widgets, None)[1]


def _build(widgets: Sequence[Widget],
           parent: str | None) -> tuple[list[Element], dict[str, Target]]:
    elements: list[Element] = []
    targets: dict[str, Target] = {}
    for widget, element_id in zip(widgets, widget_ids(widgets)):
        built = _widget(widget, element_id, parent)
        elements += built
        targets[element_id] = Target(widget)
        for part, element in zip(_parts(widget), built[1:]):
            targets[element.id] = Target(widget, part)
    return elements, targets


def _parts(widget: Widget) -> Sequence[int]:
    """The parts of a widget, in the order its builder makes their elements."""
    if isinstance(widget, Stepper):
        return (-1, 1)
    if isinstance(widget, Choice):
        return range(len(widget.options))
    if isinstance(widget, LevelRow):
        return range(len(widget.segments()))
    return ()


def _widget(widget: Widget, element_id: str, parent: str | None) -> list[Element]:
    box = Box.of(widget.rect)
    if isinstance(widget, Button):
        command = command_of(widget.on_click)
        name = _button_name(widget.label, widget.chosen, widget.enabled)
        return [Element(element_id, Role.BUTTON, name, box, Control(command), z=WIDGET_Z,
                        enabled=widget.enabled, accepts=Gesture.CLICK | Gesture.ACTIVATE,
                        parent=parent, public=False,
                        texts=(Text(widget.label, widget.label_size(), _inside(widget.rect, 6, 6),
                                    bold=True),))]
    if isinstance(widget, Stepper):
        return _stepper(widget, element_id, box, parent)
    if isinstance(widget, Choice):
        return _choice(widget, element_id, box, parent)
    if isinstance(widget, LevelRow):
        return _level_row(widget, element_id, box, parent)
    if isinstance(widget, TextField):
        size = max(12, int(widget.rect.height * 0.42))
        texts = [Text(widget.value or widget.placeholder, size, _inside(widget.box, 10, 4))]
        if widget.label_width:
            texts.append(Text(widget.label, size, Box(box.x, box.y, widget.label_width, box.h)))
        said = _labelled(widget.label, widget.value) if widget.value else \
            _("{label}: empty, {placeholder}").format(label=widget.label,
                                                       placeholder=widget.placeholder)
        return [Element(element_id, Role.FIELD, said, box,
                        Control(command_of(widget.on_change)), z=WIDGET_Z,
                        enabled=widget.enabled, accepts=Gesture.CLICK, parent=parent,
                        focusable=True, public=False, texts=tuple(texts))]
    return [Element(element_id, Role.FIELD, _label(widget), box, Region(element_id),
                    z=WIDGET_Z, enabled=widget.enabled, parent=parent, focusable=True,
                    public=False)]


def _stepper(widget: Stepper, element_id: str, box: Box,
             parent: str | None) -> list[Element]:
    size = max(12, int(widget.rect.height * 0.45))
    value = widget.fmt(widget.value)
    middle = Box(widget.minus.right, box.y, widget.rect.height, box.h)
    field = Element(element_id, Role.FIELD, _labelled(widget.label, value), box,
                    Control(command_of(widget.on_change)), z=WIDGET_Z,
                    enabled=widget.enabled, accepts=Gesture.NONE, parent=parent,
                    focusable=True, public=False,
                    texts=(Text(widget.label, size, Box(box.x, box.y,
                                                       widget.minus.x - box.x, box.h)),
                           Text(value, size, middle, bold=True)))
    parts = [Element(f"{element_id}/{part}", Role.BUTTON, word.format(label=widget.label),
                     Box.of(rect), Control(f"{command_of(widget.on_change)}:{step}"),
                     z=WIDGET_Z + 1, enabled=widget.enabled and live,
                     accepts=Gesture.CLICK, parent=element_id, focusable=False, public=False,
                     texts=(Text(sign, size, Box.of(rect), bold=True),))
             for part, word, sign, rect, step, live in (
                 # Translators: a stepper's buttons, said: "fewer Rounds", "more Rounds"
                 ("less", _("fewer {label}"), "\u2212", widget.minus, -1,
                  widget.value > widget.minimum),
                 ("more", _("more {label}"), "+", widget.plus, 1,
                  widget.value < widget.maximum))]
    return [field, *parts]


def _choice(widget: Choice[object], element_id: str, box: Box, parent: str | None) -> list[Element]:
    size = max(12, int(widget.rect.height * 0.42))
    chosen = next((label for value, label in widget.options if value == widget.value), "")
    name = _labelled(widget.label, chosen) if widget.label else chosen
    texts = (Text(widget.label, size, Box(box.x, box.y, widget.label_width, box.h)),) \
        if widget.label_width else ()
    field = Element(element_id, Role.FIELD, name, box, Control(command_of(widget.on_change)),
                    z=WIDGET_Z, enabled=widget.enabled, accepts=Gesture.NONE, parent=parent,
                    focusable=True, public=False, texts=texts)
    options: list[Element] = []
    for index, (segment, (value, label)) in enumerate(zip(widget.segments(),
                                                          widget.options)):
        picked = value == widget.value
        fitted = theme.fit(label, size, segment.width - 10, picked, smallest=10)[1]
        options.append(Element(
            f"{element_id}/{index}", Role.BUTTON, _button_name(label, picked),
            Box.of(segment), Control(f"{command_of(widget.on_change)}:{value}"),
            z=WIDGET_Z + 1, enabled=widget.enabled, accepts=Gesture.CLICK, parent=element_id,
            focusable=False, public=False, selected=picked,
            texts=(Text(label, fitted, _inside(segment, 5, 5), bold=picked),)))
    return [field, *options]


def _level_row(widget: LevelRow, element_id: str, box: Box,
               parent: str | None) -> list[Element]:
    """The row of AI levels: the row takes the focus (Left/Right move along it, Enter
    changes the segment reached); each segment, every seat's first, is a button."""
    size = max(12, int(widget.rect.height * 0.42))
    seats = ", ".join(f"{name} {widget.choice_name(level)}"
                      for name, level in zip(widget.names, widget.levels))
    texts = (Text(widget.label, size, Box(box.x, box.y, widget.label_width, box.h)),) \
        if widget.label_width else ()
    row = Element(element_id, Role.FIELD, _labelled(widget.label, seats), box,
                  Control(command_of(widget.on_change)), z=WIDGET_Z, enabled=widget.enabled,
                  accepts=Gesture.NONE, parent=parent, focusable=True, public=False,
                  texts=texts)
    segments: list[Element] = []
    for index, segment in enumerate(widget.segments()):
        who = ALL if index == 0 else widget.names[index - 1]
        segments.append(Element(
            f"{element_id}/{index}", Role.BUTTON, _labelled(who, widget.segment_level(index)),
            Box.of(segment), Control(f"{command_of(widget.on_change)}:{index}"),
            z=WIDGET_Z + 1, enabled=widget.enabled, accepts=Gesture.CLICK, parent=element_id,
            focusable=False, public=False, selected=widget.cursor == index,
            texts=_stacked(widget.texts(index), segment)))
    return [row, *segments]


def _labelled(label: str, value: str) -> str:
    """A field said with its value: "Rounds: 11"."""
    # Translators: a field and its value, said ("Rounds: 11")
    return _("{label}: {value}").format(label=label, value=value)


def _button_name(label: str, chosen: bool, enabled: bool = True) -> str:
    """A button as it is said, with whether it is chosen and whether it can be used."""
    if chosen:
        said = _("{label}, chosen") if enabled else _("{label}, chosen, not available")
    else:
        said = "{label}" if enabled else _("{label}, not available")
    return said.format(label=label)


def _stacked(lines: Sequence[tuple[str, int]], segment: pygame.Rect) -> tuple[Text, ...]:
    """Bold lines centred one over another in ``segment``, where the level row draws them."""
    heights = [theme.font(size, True).get_linesize() for _, size in lines]
    y = segment.centery - sum(heights) // 2
    texts = []
    for (line, size), height in zip(lines, heights):
        texts.append(Text(line, size, Box(segment.x + 4, y, segment.width - 8, height),
                          bold=True))
        y += height
    return tuple(texts)


def label_elements(labels: Iterable[tuple[str, theme.Label]], room: Box,
                   parent: str | None = None, z: int = 1) -> list[Element]:
    """Lines of text drawn on the screen, each as a text element that must lie inside
    ``room`` (the window, or the panel it is written in)."""
    return [Element(f"text/{key}", Role.TEXT, label.content, Box.of(label.rect()),
                    Region(key), z=z, parent=parent,
                    texts=(Text(label.content, label.size, room, bold=label.bold),))
            for key, label in labels if label.content]


def panel_element(key: str, name: str, rect: pygame.Rect, z: int = 0) -> Element:
    """A panel texts are written in (its texts are its children)."""
    return Element(f"panel/{key}", Role.PANEL, name, Box.of(rect), Region(key), z=z)


def wrapped_element(key: str, content: str, size: int, rect: pygame.Rect,
                    parent: str | None = None, z: int = 1) -> Element:
    """A paragraph wrapped into ``rect`` (only each word must fit its width)."""
    return Element(f"text/{key}", Role.TEXT, content, Box.of(rect), Region(key), z=z,
                   parent=parent, texts=(Text(content, size, Box.of(rect), wraps=True),))


def placed_elements(items: Iterable[tuple[str, theme.Label, Box]], parent: str | None = None,
                    z: int = 1) -> list[Element]:
    """Lines of text, each with the room it must fit (a column of a table)."""
    return [Element(f"text/{key}", Role.TEXT, label.content, Box.of(label.rect()),
                    Region(key), z=z, parent=parent,
                    texts=(Text(label.content, label.size, room, bold=label.bold),))
            for key, label, room in items if label.content]
