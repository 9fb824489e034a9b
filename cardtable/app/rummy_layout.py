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
    for spot in geo.spots.values():
        spot.melds = _roomier(geo, spot)
        spot.melds = table_layout._widened(geo.play, spot, _avoid(geo, spot), True)
    for spot in geo.spots.values():
        spot.melds = _taller(geo, spot)
    return geo


def _avoid(geo: table_layout.TableLayout, spot: table_layout.SeatSpot) -> list[pygame.Rect]:
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(2 * geo.margin, 2 * label)
    return [*(other.panel for other in geo.spots.values()), piles, geo.message,
            *(other.melds for other in geo.spots.values() if other is not spot)]


def _taller(geo: table_layout.TableLayout, spot: table_layout.SeatSpot) -> pygame.Rect:
    """Room for a second row of melds where nothing lies below the first."""
    taller = pygame.Rect(spot.melds.x, spot.melds.y, spot.melds.width, 2 * geo.small_h + 4)
    if geo.play.contains(taller) and taller.collidelist(_avoid(geo, spot)) < 0:
        return taller
    return spot.melds


def _roomier(geo: table_layout.TableLayout, spot: table_layout.SeatSpot) -> pygame.Rect:
    """A seat squeezed into a strip narrower than its panel (six seats: beside its panel,
    against the next one) or lower than a card gets the nearest free room of a panel's
    width and a card's height instead, below its panel and towards the middle of the
    table, if any."""
    area, panel = spot.melds, spot.panel
    if area.width >= panel.width and area.height >= geo.small_h:
        return area
    avoid = _avoid(geo, spot)
    towards = 1 if panel.centerx < geo.play.centerx else -1
    for down in range(panel.bottom + 4, geo.message.y - geo.small_h, 8):
        for across in range(0, panel.width + 1, 8):
            room = pygame.Rect(panel.x + towards * across, down, panel.width, geo.small_h)
            if geo.play.contains(room) and room.collidelist(avoid) < 0:
                return room
    return area


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


def meld_spots(area: pygame.Rect, shapes: list[tuple[bool, ...]],
               width: int) -> list[MeldSpot]:
    """The melds of one seat (``shapes``: whether each card is wild), left to right in
    ``area``, each in full view. A wild shows a face at least ``MIN_TARGET`` wide (it
    is where a swap is aimed) and so does each meld's lay-off tab; natural cards step
    as wide as fits, down to a corner's width; smaller cards where one row would not
    fit; a second row below where the area is tall enough; past the area's right end
    only where nothing fits."""
    least = min(width, MIN_TARGET + 4)
    for card in range(width, least - 1, -2):
        step = _step(shapes, card, area.width)
        if step is not None:
            return _rows(area, shapes, card, step, int(card * RATIO) + 1)
    height = int(least * RATIO)
    rows = area.height >= 2 * height + 4
    return _rows(area, shapes, least, max(12, int(least * 0.3)),
                 height + 4 if rows else 10 ** 6)


def _step(shapes: list[tuple[bool, ...]], width: int, room: int) -> int | None:
    """The widest step between natural cards that lays every meld in one row."""
    for step in range(max(MIN_TARGET, int(width * 0.55)), max(12, int(width * 0.3)) - 1, -1):
        if _row_width(shapes, width, step) <= room:
            return step
    return None


def _steps(shape: tuple[bool, ...], step: int) -> list[int]:
    """How far each card of a meld lies from the one before it is laid on it: a wild
    keeps ``MIN_TARGET`` of its face in view."""
    return [max(MIN_TARGET, step) if wild else step for wild in shape[:-1]]


def _rows(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int, step: int,
          row_height: int) -> list[MeldSpot]:
    height = int(width * RATIO)
    tab_width = max(MIN_TARGET, step)
    x, y = area.x, area.y
    spots: list[MeldSpot] = []
    for shape in shapes:
        steps = _steps(shape, step)
        span = width + sum(steps) + tab_width
        if x + span > area.right and x > area.x and y + row_height + height <= area.bottom:
            x, y = area.x, y + row_height
        lefts = [x + sum(steps[:i]) for i in range(len(shape))]
        cards = [pygame.Rect(left, y, width, height) for left in lefts]
        tab = pygame.Rect(cards[-1].right, y, tab_width, height)
        visible = tuple(visible_part(rect, cards[i + 1:]) for i, rect in enumerate(cards))
        spots.append(MeldSpot(tab.union(cards[0]), tuple(cards), visible, tab))
        x += span + GAP
    return spots


GAP = 6


def _row_width(shapes: list[tuple[bool, ...]], width: int, step: int) -> int:
    tab = max(MIN_TARGET, step)
    return sum(width + sum(_steps(shape, step)) + tab for shape in shapes) \
        + GAP * (len(shapes) - 1)


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
