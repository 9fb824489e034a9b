"""Where each opponent's laid melds go on the table: under its panel, or beside it
where that would cover another seat or the piles, then grown into felt nobody uses.

Pure arithmetic on the layout's rectangles; nothing here draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .layout import SeatSpot, TableLayout


def place_melds(layout: TableLayout, ratio: float = 0.7, both_ways: bool = False) -> None:
    """Each opponent's melds area, once the panels and the piles are placed: ``ratio``
    of a small card high (the rummy table gives whole cards); ``both_ways``: a seat in
    the middle grows its area both ways too."""
    height = int(layout.small_h * ratio)
    for spot in layout.spots.values():
        spot.melds = pygame.Rect(spot.panel.x, spot.panel.bottom + 4, spot.panel.width, height)
    label = layout.height // 30  # the piles' labels, and "Enter" over a pile
    piles = layout.stock.union(layout.discard).inflate(2 * layout.margin, 2 * label)
    panels = [spot.panel for spot in layout.spots.values()]
    # Seats with room under their panel keep it; the others then find room around them.
    crowded = [spot for spot in layout.spots.values()
               if spot.melds.collidelist([p for p in panels if p is not spot.panel]
                                         + [piles, layout.message]) >= 0]
    taken = [spot.melds for spot in layout.spots.values() if spot not in crowded]
    for spot in crowded:
        others = [panel for panel in panels if panel is not spot.panel]
        spot.melds = _melds_area(layout, spot.panel, [*others, *taken, piles], height)
        taken.append(spot.melds)
    # Then a seat at the side grows its area towards the middle of the table, into room
    # nobody uses (up to twice its panel's width): three or four melds then lie in one
    # row instead of a second row laid over the first.
    apart = piles.inflate(layout.card_w // 2, 0)  # the piles keep some table around them
    for spot in layout.spots.values():
        avoid = [*panels, apart, layout.message,
                 *(other.melds for other in layout.spots.values() if other is not spot)]
        spot.melds = widened(layout.play, spot, avoid, both_ways)


def widened(play: pygame.Rect, spot: SeatSpot, avoid: list[pygame.Rect],
             both_ways: bool = False) -> pygame.Rect:
    """The seat's melds area stretched towards the table's middle as far as ``avoid``
    and the play area allow, to twice the panel's width (a seat in the middle, or with
    no room, keeps its area)."""
    area, panel = spot.melds, spot.panel
    towards_right = panel.centerx < play.centerx - panel.width // 2
    towards_left = panel.centerx > play.centerx + panel.width // 2
    if not (towards_right or towards_left):
        return _widened_both(play, area, panel, avoid) if both_ways else area
    best = area
    for width in range(area.width + 8, 2 * panel.width + 1, 8):
        wider = pygame.Rect(area.x if towards_right else area.right - width, area.y,
                            width, area.height)
        if not play.contains(wider) or wider.collidelist(avoid) >= 0:
            break
        best = wider
    return best


def _widened_both(play: pygame.Rect, area: pygame.Rect, panel: pygame.Rect,
                  avoid: list[pygame.Rect]) -> pygame.Rect:
    """A middle seat's area grown evenly both ways, to twice its panel's width."""
    best = area
    for width in range(area.width + 16, 2 * panel.width + 1, 16):
        wider = pygame.Rect(0, area.y, width, area.height)
        wider.centerx = area.centerx
        if not play.contains(wider) or wider.collidelist(avoid) >= 0:
            break
        best = wider
    return best


def _melds_area(layout: TableLayout, panel: pygame.Rect, avoid: list[pygame.Rect],
                height: int) -> pygame.Rect:
    """Where a seat's laid melds go: under its panel; where that would cover another
    seat or the piles (six to eight players), beside the panel, on the side towards the
    middle first, as wide as the panel or the room there; failing those, under the
    panel, as tall as the room before the next seat allows."""
    play, gap = layout.play, 4
    below = pygame.Rect(panel.x, panel.bottom + gap, panel.width, height)
    below.height = min(height, layout.message.y - gap - below.y)
    if below.height == height and below.collidelist(avoid) < 0:
        return below
    level = [r for r in avoid if r.top < panel.bottom and r.bottom > panel.top]
    right_end = min([play.right, *(r.left - gap for r in level if r.left >= panel.right)])
    right = pygame.Rect(panel.right + gap, panel.y, 0, panel.height)
    right.width = min(panel.width, right_end - right.x)
    left_end = max([play.x, *(r.right + gap for r in level if r.right <= panel.x)])
    left = pygame.Rect(0, panel.y, min(panel.width, panel.x - gap - left_end), panel.height)
    left.right = panel.x - gap
    sides = [right, left] if panel.centerx < play.centerx else [left, right]
    least = panel.width // 2  # a narrower room would hold one short meld a row
    for room in sides:
        if room.width >= least and room.collidelist(avoid) < 0:
            return room
    under = [r.top for r in avoid if r.top > panel.bottom and r.left < below.right
             and r.right > below.left]
    below.height = max(0, min([below.height, *(top - gap - below.y for top in under)]))
    return below
