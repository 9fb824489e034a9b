"""How the melds of one seat fit the room they are given: the biggest cards and
widest steps at which every meld lies in view, each wild's face and each meld's lay-off
tab at least ``MIN_TARGET`` wide, long melds wrapped onto rows of their own.

Pure arithmetic on rectangles (pygame rectangles only); nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .cardart import RATIO

MIN_TARGET = 24
"""The narrowest a target may be at 1024×640 (a wild's visible face, a lay-off tab)."""


@dataclass(frozen=True)
class MeldSpot:
    """One meld on the table: the box it answers in (its cards and its lay-off tab),
    each card's full rectangle (drawn there, in order) and the part of it left in view
    (where a wild is hit)."""

    box: pygame.Rect
    cards: tuple[pygame.Rect, ...]
    visible: tuple[pygame.Rect, ...]
    tab: pygame.Rect


def meld_spots(area: pygame.Rect, shapes: list[tuple[bool, ...]],
               width: int) -> list[MeldSpot]:
    """The melds of one seat (``shapes``: whether each card is wild), left to right in
    ``area``, each in full view. A wild shows a face at least ``MIN_TARGET`` wide (it
    is where a swap is aimed) and so does each meld's lay-off tab; natural cards step
    as wide as fits, down to a corner's width, then smaller cards, then more rows where
    the area is tall enough, then natural cards down to ``TIGHTEST`` apart; then a meld
    longer than the area is wide wraps onto rows of its own (``_wraps``); past the
    area only where nothing fits (``meld_overflow`` then says so)."""
    found = _sized(area, shapes, width, wrap=False) or _sized(area, shapes, width, wrap=True)
    if found is not None:
        return found
    least = min(width, MIN_TARGET + 4)
    height = int(least * RATIO)
    rows = area.height >= 2 * height + 4
    return _rows(area, shapes, least, TIGHTEST, height + 4 if rows else 10 ** 6)


def _sized(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int,
           wrap: bool) -> list[MeldSpot] | None:
    """The biggest cards and widest steps at which every meld fits ``area`` (``wrap``:
    a long meld may take more than one row), or ``None``."""
    least = min(width, MIN_TARGET + 4)
    for card in range(width, least - 1, -2):
        row_height = int(card * RATIO) + 1
        for step in range(max(MIN_TARGET, int(card * 0.55)), max(12, int(card * 0.3)) - 1, -1):
            if fits(area, shapes, card, step, row_height, wrap):
                return _rows(area, shapes, card, step, row_height, wrap)
    row_height = int(least * RATIO) + 1
    for step in range(max(12, int(least * 0.3)) - 1, TIGHTEST - 1, -1):
        if fits(area, shapes, least, step, row_height, wrap):
            return _rows(area, shapes, least, step, row_height, wrap)
    for card in range(width, least - 1, -2):  # rows laid over each other's lower part
        row_height = overlaid_row(card)
        for step in range(max(12, int(card * 0.3)), TIGHTEST - 1, -1):
            if fits(area, shapes, card, step, row_height, wrap):
                return _rows(area, shapes, card, step, row_height, wrap)
    smallest = overlaid_row(MIN_TARGET)  # last: wilds' faces as wide as whole cards
    if fits(area, shapes, MIN_TARGET, TIGHTEST, smallest, wrap):
        return _rows(area, shapes, MIN_TARGET, TIGHTEST, smallest, wrap)
    return None


TIGHTEST = 8
"""The closest natural cards of a meld lie (a rank's corner still shows)."""


def overlaid_row(card: int) -> int:
    """How far apart rows of melds lie when each covers the lower part of the row above:
    a wild's face and a lay-off tab keep ``MIN_TARGET`` of their height in view."""
    return max(MIN_TARGET + 2, int(card * RATIO * 0.6))


def meld_overflow(area: pygame.Rect, spots: list[MeldSpot]) -> bool:
    """Whether some meld lies outside its seat's area (no size fitted them all)."""
    return any(not area.contains(spot.box) for spot in spots)


def fits(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int, step: int,
          row_height: int, wrap: bool = False) -> bool:
    """Whether ``_laid`` lays every meld inside ``area`` (its arithmetic, without the
    rectangles: the search asks this many times a frame)."""
    height = int(width * RATIO)
    tab = max(MIN_TARGET, step)
    x, y = area.x, area.y
    for shape in shapes:
        steps = _steps(shape, step)
        span = width + sum(steps) + tab
        if x + span > area.right and x > area.x and (wrap or y + row_height + height
                                                     <= area.bottom):
            x, y = area.x, y + row_height
        if y + height > area.bottom:
            return False
        if not wrap or x + span <= area.right:
            if x + span > area.right:
                return False
            x += span + GAP
            continue
        rows = _wraps(shape, steps, width, tab, area.width)
        if any(width + sum(steps[start:end - 1]) + (tab if end == len(shape) else 0)
               > area.width for start, end in rows):
            return False
        y += (len(rows) - 1) * row_height
        if y + height > area.bottom:
            return False
        x = area.right
    return area.y + height <= area.bottom


def _steps(shape: tuple[bool, ...], step: int) -> list[int]:
    """How far each card of a meld lies from the one before it is laid on it: a wild
    keeps ``MIN_TARGET`` of its face in view."""
    return [max(MIN_TARGET, step) if wild else step for wild in shape[:-1]]


def _laid(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int, step: int,
          row_height: int, wrap: bool) -> list[tuple[list[pygame.Rect], pygame.Rect]]:
    """Each meld's card rectangles and lay-off tab, left to right, a meld that does not
    fit the rest of a row starting the next. With ``wrap``, a meld longer than the area
    is wide starts a row of its own and goes on in the rows below, as a line of text
    wraps, its tab after its last card; the next meld then starts a row too (each row
    holds one wrapped meld only, so its box covers no other)."""
    height = int(width * RATIO)
    tab_width = max(MIN_TARGET, step)
    x, y = area.x, area.y
    laid: list[tuple[list[pygame.Rect], pygame.Rect]] = []
    for shape in shapes:
        steps = _steps(shape, step)
        span = width + sum(steps) + tab_width
        if x + span > area.right and x > area.x and (wrap or y + row_height + height
                                                     <= area.bottom):
            x, y = area.x, y + row_height
        if not wrap or x + span <= area.right:
            lefts = [x + sum(steps[:i]) for i in range(len(shape))]
            cards = [pygame.Rect(left, y, width, height) for left in lefts]
            laid.append((cards, pygame.Rect(cards[-1].right, y, tab_width, height)))
            x += span + GAP
            continue
        cards = []
        for row, (start, end) in enumerate(_wraps(shape, steps, width, tab_width, area.width)):
            lefts = [area.x + sum(steps[start:i]) for i in range(start, end)]
            cards += [pygame.Rect(left, y + row * row_height, width, height) for left in lefts]
        y = cards[-1].y
        laid.append((cards, pygame.Rect(cards[-1].right, y, tab_width, height)))
        x = area.right  # the next meld starts a row of its own
    return laid


def _wraps(shape: tuple[bool, ...], steps: list[int], width: int, tab: int,
           room: int) -> list[tuple[int, int]]:
    """Where a long meld's rows start and end (card indexes): as many cards a row as
    fit, the last with its tab after it; wilds side by side stay in one row, since
    they share one badge ("10–J♠")."""
    rows: list[tuple[int, int]] = []
    start = 0
    while start < len(shape):
        end = start + 1
        while end < len(shape) and width + sum(steps[start:end]) \
                + (tab if end == len(shape) - 1 else 0) <= room:
            end += 1
        if end < len(shape) and shape[end] and shape[end - 1]:  # a break in a streak
            first = end - 1
            while first > start and shape[first - 1]:
                first -= 1
            end = first if first > start else end
        rows.append((start, end))
        start = end
    return rows


def _rows(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int, step: int,
          row_height: int, wrap: bool = False) -> list[MeldSpot]:
    laid = _laid(area, shapes, width, step, row_height, wrap)
    spots: list[MeldSpot] = []
    for index, (cards, tab) in enumerate(laid):
        below = [rect for later, later_tab in laid[index + 1:] for rect in (*later, later_tab)
                 if rect.y > tab.y]  # a row laid over this one's lower part
        visible = tuple(visible_part(rect, [*cards[i + 1:], tab, *below])
                        for i, rect in enumerate(cards))  # a wrap's tab: over the row above
        whole = tab.unionall(cards)  # a wrapped meld: all its rows, one target
        spots.append(MeldSpot(visible_part(whole, below), tuple(cards), visible,
                              visible_part(tab, below)))
    return spots


GAP = 6


def visible_part(rect: pygame.Rect, later: list[pygame.Rect]) -> pygame.Rect:
    """What is left in view of ``rect`` once the rectangles drawn after it lie over it:
    cut at the left edge of one over its right part, at the top of one over its lower
    part (the overlaps a fan and a wrapped row make)."""
    shown = rect.copy()
    for over in later:
        if not shown.colliderect(over):
            continue
        if over.x > shown.x and over.y <= shown.y + 2:
            shown.width = over.x - shown.x
        elif over.y > shown.y:
            shown.height = over.y - shown.y
    return shown
