"""Where everything sits on the table: pure arithmetic on the window size.

The layout is the source of truth for positions: sprites end their animations on it, hit
tests use it, and it is recomputed whenever the window changes size, from 1024×640 up
to 4K. Nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from .cardart import RATIO
from .meld_areas import place_melds

# Angles (degrees, 0 = east, 90 = north) of the opponents around the table, clockwise
# from the person's left, for each number of opponents.
SEAT_ANGLES = {
    1: (90,),
    2: (160, 20),
    3: (170, 90, 10),
    4: (172, 125, 55, 8),
    5: (175, 138, 90, 42, 5),
    6: (198, 160, 118, 62, 20, -18),
    7: (200, 166, 128, 90, 52, 14, -20),
}


@dataclass
class SeatSpot:
    """An opponent's place: a panel with name and score, its cards, its melds."""

    seat: int
    panel: pygame.Rect
    cards: pygame.Rect
    melds: pygame.Rect


@dataclass
class TableLayout:
    width: int
    height: int
    card_w: int
    card_h: int
    small_w: int
    small_h: int
    margin: int
    play: pygame.Rect
    log: pygame.Rect
    controls: pygame.Rect
    info: pygame.Rect
    stock: pygame.Rect
    discard: pygame.Rect
    hand: pygame.Rect
    meld_row: pygame.Rect
    message: pygame.Rect
    spots: dict[int, SeatSpot] = field(default_factory=dict)

    def hand_slots(self, count: int, lifted: frozenset[int] = frozenset(),
                   lift: int | None = None) -> list[pygame.Rect]:
        """The rects of ``count`` hand cards, fanned to fit the hand area."""
        if count == 0:
            return []
        lift = self.card_h // 5 if lift is None else lift
        step = self.card_w * 0.92
        if count > 1:
            step = min(step, (self.hand.width - self.card_w) / (count - 1))
        total = self.card_w + step * (count - 1)
        left = self.hand.centerx - total / 2
        top = self.hand.bottom - self.card_h
        return [pygame.Rect(int(left + i * step), top - (lift if i in lifted else 0),
                            self.card_w, self.card_h) for i in range(count)]

    def insert_index(self, x: int, count: int) -> int:
        """Where a card dropped at ``x`` goes in a hand of ``count`` cards."""
        slots = self.hand_slots(count)
        for index, slot in enumerate(slots):
            if x < slot.centerx:
                return index
        return count

    def group_slots(self, sizes: list[int], extra: bool) -> list[pygame.Rect]:
        """Rects of the groups in the meld row (plus an empty "new group" slot)."""
        count = len(sizes) + (1 if extra else 0)
        if count == 0:
            return []
        widths = [self.small_w + max(0, n - 1) * self.overlap for n in sizes]
        if extra:
            widths.append(self.small_w)
        gap = self.small_w // 3
        total = sum(widths) + gap * (count - 1)
        scale = min(1.0, self.meld_row.width / max(1, total))
        x = self.meld_row.centerx - total * scale / 2
        rects = []
        for width in widths:
            rects.append(pygame.Rect(int(x), self.meld_row.bottom - self.small_h,
                                     max(self.small_w // 2, int(width * scale)), self.small_h))
            x += (width + gap) * scale
        return rects

    @property
    def overlap(self) -> int:
        """Horizontal step between overlapped small cards in a meld."""
        return max(12, int(self.small_w * 0.36))


SMALL_RATIOS = (0.6, 0.54, 0.48)
"""A small card's width (opponents' backs and melds, the meld row) in card widths: the
first at which the opponents' panels, as tall as their backs make them, clear each
other (a crowded table, seven or eight players, takes smaller ones)."""


def compute(size: tuple[int, int], seats: int, human: int, scale: float = 1.0) -> TableLayout:
    layout = _compute(size, seats, human, scale, SMALL_RATIOS[0])
    for ratio in SMALL_RATIOS[1:]:
        if not _touching([spot.panel for spot in layout.spots.values()]):
            break
        layout = _compute(size, seats, human, scale, ratio)
    return layout


def _compute(size: tuple[int, int], seats: int, human: int, scale: float,
             small_ratio: float) -> TableLayout:
    width, height = size
    margin = max(6, int(height * 0.014))
    log_w = max(230, int(width * 0.22))
    play = pygame.Rect(margin, margin, width - log_w - 3 * margin, height - 2 * margin)
    info = pygame.Rect(play.right + margin, margin, log_w, int(height * 0.19))
    log = pygame.Rect(info.x, info.bottom + margin, log_w, int(height * 0.33))
    controls = pygame.Rect(log.x, log.bottom + margin, log_w, height - log.bottom - 2 * margin)
    card_w = int(max(44, min(240, min(play.width / 11.5, height / 6.3) * scale)))
    card_h = int(card_w * RATIO)
    small_w = max(30, int(card_w * small_ratio))
    small_h = int(small_w * RATIO)
    hand = pygame.Rect(play.x, play.bottom - card_h - card_h // 5, play.width,
                       card_h + card_h // 5)
    meld_row = pygame.Rect(play.x, hand.y - small_h - margin * 3, play.width, small_h + margin)
    message = pygame.Rect(play.x + play.width // 6, meld_row.y - margin - int(height * 0.05),
                          play.width * 2 // 3, int(height * 0.045))
    layout = TableLayout(width, height, card_w, card_h, small_w, small_h, margin, play, log,
                         controls, info, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0), hand,
                         meld_row, message)
    _place_opponents(layout, seats, human)
    _place_piles(layout)
    place_melds(layout)
    return layout


def _place_opponents(layout: TableLayout, seats: int, human: int) -> None:
    play = layout.play
    count = seats - 1
    # Six or seven opponents (seven or eight players) sit in a column each side and a
    # row of three across the top: the row, not all of them side by side, sets how wide
    # a panel may be, so a name, a score and a note stay readable; then narrower while
    # panels would touch each other or the message.
    across = 3 if count > 5 else count
    panel_w = max(150, min(int(layout.card_w * 2.6), play.width // max(3, across) - layout.margin))
    if count > 5:  # seven or eight players: narrower panels leave their melds room
        panel_w = min(panel_w, max(150, int(layout.card_w * 1.8)))
    panels = _seat_panels(layout, seats, human, panel_w)
    while panel_w > 150 and _touching(list(panels.values()) + [layout.message]):
        panel_w = max(150, panel_w - max(4, panel_w // 20))
        panels = _seat_panels(layout, seats, human, panel_w)
    for seat, panel in panels.items():
        cards = pygame.Rect(panel.x + 8, panel.bottom - int(layout.small_h * 0.75) - 6,
                            panel_w - 16, int(layout.small_h * 0.75))
        melds = pygame.Rect(panel.x, panel.bottom + 4, panel_w, int(layout.small_h * 0.7))
        layout.spots[seat] = SeatSpot(seat, panel, cards, melds)  # melds: see place_melds


def _seat_panels(layout: TableLayout, seats: int, human: int,
                 panel_w: int) -> dict[int, pygame.Rect]:
    """The opponents' panels around an ellipse, clockwise from the person's left."""
    play = layout.play
    panel_h = int(layout.small_h * 0.75) + layout.height // 20 + 12
    cx = play.centerx
    top = play.y + layout.margin
    bottom = layout.message.y - layout.margin
    cy = top + (bottom - top) * 0.62
    rx = play.width / 2 - panel_w / 2 - layout.margin
    ry = cy - top - panel_h / 2
    panels: dict[int, pygame.Rect] = {}
    for index, angle in enumerate(SEAT_ANGLES[seats - 1]):
        seat = (human + 1 + index) % seats
        radians = math.radians(angle)
        panel = pygame.Rect(0, 0, panel_w, panel_h)
        panel.center = (int(cx + rx * math.cos(radians)), int(cy - ry * math.sin(radians)))
        panel.clamp_ip(play)
        panels[seat] = panel
    return panels


def _touching(rects: list[pygame.Rect]) -> bool:
    return any(first.colliderect(second) for index, first in enumerate(rects)
               for second in rects[index + 1:])


def _place_piles(layout: TableLayout) -> None:
    play = layout.play
    spots = list(layout.spots.values())
    top = max((s.panel.bottom for s in spots if s.panel.centery < play.centery - 20),
              default=play.y)
    label = layout.height // 30  # room for the "Stock 23" / "Discard" labels
    middle_y = min((top + layout.message.y) // 2,
                   layout.message.y - layout.margin - label - layout.card_h // 2)
    # Seven or eight players: the piles closer together leave the felt beside them to
    # the seats' melds.
    gap = layout.card_w // 2 if len(spots) < 6 else 2 * layout.margin
    layout.stock = pygame.Rect(0, 0, layout.card_w, layout.card_h)
    layout.discard = pygame.Rect(0, 0, layout.card_w, layout.card_h)
    layout.stock.center = (play.centerx - layout.card_w // 2 - gap // 2, middle_y)
    layout.discard.center = (play.centerx + layout.card_w // 2 + gap // 2, middle_y)


def meld_cells(area: pygame.Rect, sizes: list[int], width: int) -> list[list[pygame.Rect]]:
    """Where each card of each meld sits in an area: melds left to right, overlapped,
    wrapping to a second row (drawing and hit-testing both use this)."""
    step = max(8, int(width * 0.33))
    height = int(width * RATIO)
    x, y = area.x, area.y
    cells: list[list[pygame.Rect]] = []
    for size in sizes:
        span = width + step * (size - 1)
        if x + span > area.right and x > area.x:
            x, y = area.x, y + height // 2
        cells.append([pygame.Rect(x + i * step, y, width, height) for i in range(size)])
        x += span + step
    return cells
