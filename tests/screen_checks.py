"""The checks the screen matrix runs on a screen's model, each a list of what is wrong
(empty: the screen passes). Kept apart from the matrix so their own tests can show each
one failing on a screen that has the defect it is for (``test_screen_checks``); and
every check on one cell, or on every cell of one registered game (``game_problems``),
for the matrix and for a test that registers a game of its own."""

from __future__ import annotations

from screen_reach import Cell, Matrix, expected_scheme, game_cells, open_screen

from cardtable.app import theme
from cardtable.app.model import Box, Element, Gesture, Role, ScreenModel
from cardtable.app.scenes.coach import CoachScene


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
                step = text.line_step or face.get_linesize()
                height = (len(lines) - 1) * step + face.get_linesize() if lines else 0
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


# --- every check on one cell of the matrix, for any registered game -------------------------


def name_problems(model: ScreenModel) -> list[str]:
    unnamed = [element.id for element in model.unnamed()]
    return [f"no name for {unnamed}"] if unnamed else []


def colour_problems(schemes: list[str], expected: str | None) -> list[str]:
    """Cards drawn in other deck colours than ``expected`` (None: no game's cards)."""
    wrong = sorted(set(schemes) - {expected}) if expected is not None else []
    return [f"cards drawn in {wrong}, the setting asks for {expected}"] if wrong else []


CHECKS = ("draws", "deck colours", "overlaps", "text fits", "names", "keyboard")
"""The matrix's checks of one cell, in the order ``cell_problems`` runs them."""


def cell_problems(matrix: Matrix, cell: Cell) -> dict[str, list[str]]:
    """Every check of the matrix on one cell (its screen built, drawn once, described
    and walked with Tab): the problems each found, by check (empty: the cell passes).
    A screen that draws with an error or has no model fails there, and is not read on."""
    seen = matrix.seen(cell)
    if seen.error is not None:
        return {"draws": [seen.error]}
    found = {"deck colours": colour_problems(seen.schemes, expected_scheme(cell))}
    model = seen.model
    if model is None:
        found["draws"] = [f"no screen model: {seen.no_model}"]
    else:
        found.update({
            "overlaps": overlap_problems(model),
            "text fits": text_problems(model) + outside_problems(model, cell.size),
            "names": name_problems(model),
            "keyboard": keyboard_problems(model, seen.tabbed)})
    return {check: problems for check, problems in found.items() if problems}


def tour_problems(matrix: Matrix, cell: Cell) -> list[str]:
    """A coach cell: each step of the tour whose panel covers the part of the table it
    lights."""
    matrix.seen(cell)
    # Opened again: the app's stack holds whichever cell was drawn last (cells are seen
    # once and kept, so the checks before this one left another screen on top).
    tour = open_screen(matrix.app, cell)
    if not isinstance(tour, CoachScene):
        return [f"the tour is not shown: {type(tour).__name__} is on top"]
    covered = []
    for index in range(len(tour.steps)):
        tour.index = index
        tour.layout(cell.size)
        model = tour.model()
        lit, step = model.get("area/lit"), model.get("panel/step")
        if lit is None or step is None:
            covered.append(f"step {index + 1}: no lit area or no step panel")
        elif lit.box.overlap(step.box):
            covered.append(f"step {index + 1}: {step.box} over {lit.box}")
    return covered


def game_problems(matrix: Matrix, game_id: str) -> dict[str, dict[str, list[str]]]:
    """The quick matrix of one registered game (``screen_reach.game_cells``), every
    check on every cell and the tour's on its coach cells: the failing cells' ids,
    each with what its checks found."""
    found: dict[str, dict[str, list[str]]] = {}
    for cell in game_cells(game_id):
        problems = cell_problems(matrix, cell)
        if cell.screen == "coach" and "draws" not in problems:
            problems.update({"tour": covered} if (covered := tour_problems(matrix, cell))
                            else {})
        if problems:
            found[cell.id] = problems
    return found
