"""The last fallback of a crowded rummy table: a seat whose melds cannot fit its room
even wrapped (eight players, large cards, late in a round) shows them folded into one
element in its room, opened as a dialog over the table; and where that dialog lays the
seat's melds out, large enough to aim at.

Pure arithmetic on the layout's rectangles; nothing here draws.
"""

from __future__ import annotations

import pygame

from .layout import TableLayout
from .meld_layout import MeldSpot, meld_overflow, meld_spots
from .rummy_layout import label_line, table_melds

Shapes = dict[int, list[tuple[bool, ...]]]


def folded_table(geo: TableLayout, human: int, shapes: Shapes
                 ) -> tuple[dict[int, list[MeldSpot]], dict[int, pygame.Rect]]:
    """Every seat's melds as ``table_melds`` lays them, less the seats folded: while
    some opponent's melds cover anything, the seat covering most is folded into a line
    at the top of its melds area (a seat the person sits at is never folded)."""
    laid = table_melds(geo, human, shapes)
    folded: dict[int, pygame.Rect] = {}
    while True:
        clashes = _clashes(geo, human, laid, folded)
        if not clashes:
            return laid, folded
        seat = max(clashes, key=lambda s: (clashes[s], len(shapes[s]), s))
        folded[seat] = fold_box(geo, seat)
        del laid[seat]


def fold_box(geo: TableLayout, seat: int) -> pygame.Rect:
    """The folded melds' line: the top of the seat's melds area, one line high."""
    area = geo.spots[seat].melds
    return pygame.Rect(area.x, area.y, area.width, max(24, label_line(geo) + 4))


def _clashes(geo: TableLayout, human: int, laid: dict[int, list[MeldSpot]],
             folded: dict[int, pygame.Rect]) -> dict[int, int]:
    """How many things each opponent's melds cover, by seat (none: not there)."""
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(0, 2 * label)
    fixed = [*(spot.panel for spot in geo.spots.values()), piles, geo.message, geo.meld_row]
    boxes = [(seat, spot.box) for seat, spots in laid.items() for spot in spots]
    boxes += list(folded.items())
    count: dict[int, int] = {}
    for index, (seat, box) in enumerate(boxes):
        if seat == human:
            continue
        hits = int(not geo.play.contains(box)) + sum(box.colliderect(r) for r in fixed)
        hits += sum(box.colliderect(other) for other_seat, other in boxes[:index]
                    + boxes[index + 1:] if other_seat != seat)
        if hits and seat not in folded:
            count[seat] = count.get(seat, 0) + hits
    return count


def dialog_box(geo: TableLayout) -> pygame.Rect:
    """The dialog over the table: the felt above the person's hand, clear of the line
    over it (the hand stays in play: cards are dragged from it into the dialog) and
    below the deal code's line."""
    top = geo.play.y + geo.margin + label_line(geo)
    bottom = geo.hand.top - 2 * label_line(geo) - geo.margin
    return pygame.Rect(geo.play.x + geo.margin, top, geo.play.width - 2 * geo.margin,
                       bottom - top)


def dialog_spots(geo: TableLayout, room: pygame.Rect,
                 shapes: list[tuple[bool, ...]]) -> list[MeldSpot]:
    """The seat's melds in the dialog's room, at the hand's card size where they fit,
    else the largest size down to the table's that does."""
    width = geo.card_w
    while width > geo.small_w:
        spots = meld_spots(room, shapes, width)
        if not meld_overflow(room, spots):
            return spots
        width -= 4
    return meld_spots(room, shapes, geo.small_w)
