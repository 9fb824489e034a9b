"""Where the rummy table puts things beyond the shared layout: a line for the hand's
label above the raised cards, whole-card melds with room to aim at, and each meld's
cards, lay-off tab and wilds as boxes a pointer can hit.

Pure arithmetic on the window size (pygame rectangles only); nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import layout as table_layout
from .cardart import RATIO

MIN_TARGET = 24
"""The narrowest a target may be at 1024×640 (a wild's visible face, a lay-off tab)."""


def compute(size: tuple[int, int], seats: int, human: int,
            scale: float = 1.0) -> table_layout.TableLayout:
    """The shared layout, then: the meld row and the message moved up by one line, so
    that the line over the hand (score, dealer, notes) sits above cards raised by a
    selection; opponents' melds as whole small cards, in areas grown into empty felt."""
    geo = table_layout.compute(size, seats, human, scale)
    line = label_line(geo)
    geo.meld_row.move_ip(0, -line)
    geo.message.move_ip(0, -line)
    table_layout._place_piles(geo)
    table_layout._place_melds(geo, ratio=1.0, both_ways=True)
    return geo


def label_line(geo: table_layout.TableLayout) -> int:
    """The height of the line over the hand."""
    return max(12, geo.height // 50) + 8


def label_size(geo: table_layout.TableLayout) -> int:
    return max(12, geo.height // 50)


def meld_card_width(geo: table_layout.TableLayout) -> int:
    return geo.small_w


@dataclass(frozen=True)
class MeldSpot:
    """One meld on the table: the box it answers in (its cards and its lay-off tab),
    each card's full rectangle (drawn there, in order) and the part of it left in view
    (where a wild is hit)."""

    box: pygame.Rect
    cards: tuple[pygame.Rect, ...]
    visible: tuple[pygame.Rect, ...]
    tab: pygame.Rect


def meld_spots(area: pygame.Rect, sizes: list[int], width: int) -> list[MeldSpot]:
    """The melds of one seat, left to right in ``area``: the steps between cards as
    wide as fits one row, never under ``MIN_TARGET`` (so a wild's face can be hit);
    wrapping to a half-covered second row when even that does not fit."""
    height = int(width * RATIO)
    widest = max(MIN_TARGET, int(width * 0.55))
    least = max(MIN_TARGET, int(width * 0.4))
    step = widest
    while step > least and _row_width(sizes, width, step) > area.width:
        step -= 1
    gap = 6
    x, y = area.x, area.y
    spots: list[MeldSpot] = []
    rows: list[list[pygame.Rect]] = []
    for size in sizes:
        span = width + step * (size - 1) + step
        if x + span > area.right and x > area.x:
            x, y = area.x, y + height // 2
        cards = [pygame.Rect(x + i * step, y, width, height) for i in range(size)]
        tab = pygame.Rect(cards[-1].right, y, step, height)
        rows.append(cards)
        spots.append(MeldSpot(tab.union(cards[0]), tuple(cards), (), tab))
        x += span + gap
    drawn = [rect for cards in rows for rect in cards]
    out = []
    for spot in spots:
        visible = tuple(visible_part(rect, drawn[drawn.index(rect) + 1:]) for rect in spot.cards)
        out.append(MeldSpot(spot.box, spot.cards, visible, spot.tab))
    return out


def _row_width(sizes: list[int], width: int, step: int) -> int:
    return sum(width + step * size + 6 for size in sizes)


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


def hand_boxes(slots: list[pygame.Rect]) -> list[pygame.Rect]:
    """Each hand card's part in view: a card of the fan shows up to the next one."""
    return [pygame.Rect(rect.x, rect.y, min(rect.width, slots[index + 1].x - rect.x)
                        if index + 1 < len(slots) else rect.width, rect.height)
            for index, rect in enumerate(slots)]
