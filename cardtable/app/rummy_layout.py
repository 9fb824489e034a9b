"""Where the rummy table puts things beyond the shared layout: a line for the hand's
label above the raised cards, whole-card melds with room to aim at, and each meld's
cards, lay-off tab and wilds as boxes a pointer can hit.

Pure arithmetic on the window size (pygame rectangles only); nothing here draws.
"""

from __future__ import annotations

import pygame

from . import layout as table_layout
from . import meld_areas
from .meld_layout import (
    MIN_TARGET,
    TIGHTEST,
    MeldSpot,
    fits,
    meld_overflow,
    meld_spots,
    overlaid_row,
)


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
    meld_areas.place_melds(geo, ratio=1.0, both_ways=True)
    for spot in geo.spots.values():
        spot.melds = _roomier(geo, spot)
        spot.melds = meld_areas.widened(geo.play, spot, _avoid(geo, spot), True)
    for spot in geo.spots.values():
        spot.melds = _taller(geo, spot)
    return geo


def _avoid(geo: table_layout.TableLayout, spot: table_layout.SeatSpot) -> list[pygame.Rect]:
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(2 * geo.margin, 2 * label)
    return [*(other.panel for other in geo.spots.values()), piles, geo.message, geo.meld_row,
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


def hand_boxes(slots: list[pygame.Rect]) -> list[pygame.Rect]:
    """Each hand card's part in view: a card of the fan shows up to the next one."""
    return [pygame.Rect(rect.x, rect.y, min(rect.width, slots[index + 1].x - rect.x)
                        if index + 1 < len(slots) else rect.width, rect.height)
            for index, rect in enumerate(slots)]


def table_melds(geo: table_layout.TableLayout, human: int,
                shapes: dict[int, list[tuple[bool, ...]]]) -> dict[int, list[MeldSpot]]:
    """Every seat's melds on the table (``shapes`` by seat, as for ``meld_spots``). A
    seat whose melds do not fit its area even at their smallest (seven or eight players,
    late in a round) takes free felt round it instead, grown from its area or from a
    side of its panel until they fit, clear of the panels, the piles, the message, the
    meld row and the other seats' melds."""
    width = meld_card_width(geo)
    placed: dict[int, list[MeldSpot]] = {}
    crowded = []
    for seat, seat_shapes in shapes.items():
        area = geo.meld_row if seat == human else geo.spots[seat].melds
        spots = meld_spots(area, seat_shapes, width)
        if seat != human and meld_overflow(area, spots):
            crowded.append(seat)
        placed[seat] = spots
    for seat in crowded:
        taken = [spot.box for other, spots in placed.items() if other != seat
                 for spot in spots]
        room = _free_room(geo, geo.spots[seat], shapes[seat], taken)
        if room is not None:
            placed[seat] = meld_spots(room, shapes[seat], width)
    return placed


SEEDS = 200
"""How many spots of felt nearest a crowded seat's panel its melds may grow from."""


def _free_room(geo: table_layout.TableLayout, spot: table_layout.SeatSpot,
               shapes: list[tuple[bool, ...]], taken: list[pygame.Rect]) -> pygame.Rect | None:
    """The first room, grown 8 px at a time from each seed, where ``shapes`` fit at
    their smallest (``None``: nowhere)."""
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(2 * geo.margin, 2 * label)
    avoid = [*(other.panel for other in geo.spots.values()), piles, geo.message,
             geo.meld_row, *taken]
    least, row_height = MIN_TARGET, overlaid_row(MIN_TARGET)
    panel, gap = spot.panel, 4
    inward = 1 if panel.centerx < geo.play.centerx else -1
    beside = [pygame.Rect(panel.right + gap, panel.y, 8, panel.height),
              pygame.Rect(panel.x - gap - 8, panel.y, 8, panel.height)][::inward]
    seeds = [spot.melds.clip(geo.play), *beside,
             pygame.Rect(panel.x, panel.bottom + gap, panel.width, 8),
             pygame.Rect(panel.x, panel.y - gap - 8, panel.width, 8)]
    # Failing those, the free felt nearest the panel (its melds still named its own).
    play = geo.play
    spread = sorted(((x - panel.centerx) ** 2 + (y - panel.centery) ** 2, x, y)
                    for x in range(play.x, play.right - 8, 24)
                    for y in range(play.y, geo.message.y - 8, 24))
    seeds += [pygame.Rect(x, y, 8, 8) for _, x, y in spread[:SEEDS]]
    grow = [(0, 0, 8, 0), (-8, 0, 8, 0), (0, 0, 0, 8), (0, -8, 0, 8)]
    if inward < 0:
        grow[0], grow[1] = grow[1], grow[0]
    for seed in seeds:
        room = seed
        if room.width <= 0 or room.height <= 0 or room.collidelist(avoid) >= 0:
            continue
        grown, spare = True, -1
        while grown and spare != 0:
            if spare < 0 and fits(room, shapes, least, TIGHTEST, row_height, True):
                spare = SPARE  # they fit: a little more room, where free, for bigger cards
            spare -= spare > 0
            grown = False
            for dx, dy, dw, dh in grow:
                wider = pygame.Rect(room.x + dx, room.y + dy, room.w + dw, room.h + dh)
                if geo.play.contains(wider) and wider.collidelist(avoid) < 0:
                    room, grown = wider, True
        if spare >= 0 or fits(room, shapes, least, TIGHTEST, row_height, True):
            return room
    return None


SPARE = 3
"""Rounds a crowded seat's room grows on once its melds fit at their smallest."""
