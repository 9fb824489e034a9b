"""The checks the screen matrix runs on a screen's model, each a list of what is wrong
(empty: the screen passes). Kept apart from the matrix so their own tests can show each
one failing on a screen that has the defect it is for (``test_screen_checks``)."""

from __future__ import annotations

from cardtable.app import theme
from cardtable.app.model import Box, Element, Gesture, Role, ScreenModel


def overlap_problems(model: ScreenModel) -> list[str]:
    return [f"{first.id} ({first.box}) and {second.id} ({second.box})"
            for first, second in model.overlaps()]


def text_problems(model: ScreenModel) -> list[str]:
    """Each text measured in the font and size it is drawn with: one line wider than its
    room, a wrapped paragraph taller than its room or with a word wider than it, or a
    line placed outside its room."""
    problems = []
    for element in model:
        for text in element.texts:
            room = text.box or element.box
            face = theme.font(text.size, text.bold)
            if text.wraps:
                lines = theme.wrap(text.content, text.size, room.w, text.bold)
                height = len(lines) * face.get_linesize()
                wide = [word for word in text.content.split()
                        if face.size(theme.drawable(word))[0] > room.w]
                if wide or height > room.h:
                    problems.append(f"{element.id}: {text.content!r} at {text.size} needs "
                                    f"{len(lines)} lines ({height} px) in {room}")
            else:
                width = face.size(theme.drawable(text.content))[0]
                if width > room.w or face.get_height() > room.h:
                    problems.append(f"{element.id}: {text.content!r} at {text.size} is "
                                    f"{width}×{face.get_height()} px in {room.w}×{room.h}")
            if element.role is Role.TEXT and text.box is not None \
                    and not element.box.inside(text.box):
                problems.append(f"{element.id}: {text.content!r} is drawn at {element.box}, "
                                f"outside its room {text.box}")
    return problems


def outside_problems(model: ScreenModel, size: tuple[int, int]) -> list[str]:
    window = Box(0, 0, *size)
    return [f"{element.id} at {element.box}" for element in model
            if not element.box.inside(window)]


def _interactive(element: Element) -> bool:
    return element.enabled and bool(element.accepts & (Gesture.CLICK | Gesture.ACTIVATE
                                                       | Gesture.DROP))


def keyboard_problems(model: ScreenModel, tabbed: list[str | None]) -> list[str]:
    """An enabled element that takes input must take the focus, or be part of one that
    does (a choice's options, changed by Left/Right); Tab from the start meets the focus
    order, in order, round and round."""
    order = [element.id for element in model.focus_order()]
    problems = []
    for element in model:
        if not _interactive(element) or element.id in order:
            continue
        parent = element.parent
        while parent is not None and parent not in order:
            found = model.get(parent)
            parent = found.parent if found is not None else None
        if parent is None:
            problems.append(f"{element.id} ({element.name}) is never reached by the keys")
    if tabbed and order:
        if tabbed[0] not in order:
            return [*problems, f"Tab went to {tabbed[0]!r}, not in the focus order {order}"]
        start = order.index(tabbed[0])
        expected = [order[(start + step) % len(order)] for step in range(len(tabbed))]
        if tabbed != expected:
            problems.append(f"Tab meets {tabbed}, the model's order is {expected}")
    return problems
