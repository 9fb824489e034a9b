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
            if _fits(area, shapes, card, step, row_height, wrap):
                return _rows(area, shapes, card, step, row_height, wrap)
    row_height = int(least * RATIO) + 1
    for step in range(max(12, int(least * 0.3)) - 1, TIGHTEST - 1, -1):
        if _fits(area, shapes, least, step, row_height, wrap):
            return _rows(area, shapes, least, step, row_height, wrap)
    for card in range(width, least - 1, -2):  # rows laid over each other's lower part
        row_height = _overlaid_row(card)
        for step in range(max(12, int(card * 0.3)), TIGHTEST - 1, -1):
            if _fits(area, shapes, card, step, row_height, wrap):
                return _rows(area, shapes, card, step, row_height, wrap)
    smallest = _overlaid_row(MIN_TARGET)  # last: wilds' faces as wide as whole cards
    if _fits(area, shapes, MIN_TARGET, TIGHTEST, smallest, wrap):
        return _rows(area, shapes, MIN_TARGET, TIGHTEST, smallest, wrap)
    return None


TIGHTEST = 8
"""The closest natural cards of a meld lie (a rank's corner still shows)."""


def _overlaid_row(card: int) -> int:
    """How far apart rows of melds lie when each covers the lower part of the row above:
    a wild's face and a lay-off tab keep ``MIN_TARGET`` of their height in view."""
    return max(MIN_TARGET + 2, int(card * RATIO * 0.6))


def meld_overflow(area: pygame.Rect, spots: list[MeldSpot]) -> bool:
    """Whether some meld lies outside its seat's area (no size fitted them all)."""
    return any(not area.contains(spot.box) for spot in spots)


def _fits(area: pygame.Rect, shapes: list[tuple[bool, ...]], width: int, step: int,
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
    least, row_height = MIN_TARGET, _overlaid_row(MIN_TARGET)
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
            if spare < 0 and _fits(room, shapes, least, TIGHTEST, row_height, True):
                spare = SPARE  # they fit: a little more room, where free, for bigger cards
            spare -= spare > 0
            grown = False
            for dx, dy, dw, dh in grow:
                wider = pygame.Rect(room.x + dx, room.y + dy, room.w + dw, room.h + dh)
                if geo.play.contains(wider) and wider.collidelist(avoid) < 0:
                    room, grown = wider, True
        if spare >= 0 or _fits(room, shapes, least, TIGHTEST, row_height, True):
            return room
    return None


SPARE = 3
"""Rounds a crowded seat's room grows on once its melds fit at their smallest."""
