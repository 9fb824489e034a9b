"""Where Palace's things sit: the shared table layout plus the deck, the stack, the burned
pile and every seat's reserve slots (a hidden card with a face-up placement on it).

Pure arithmetic on the window size, like ``layout``; nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import layout as table_layout

SLOTS = 3


@dataclass
class PalaceLayout:
    table: table_layout.TableLayout
    deck: pygame.Rect
    stack: pygame.Rect
    burned: pygame.Rect
    reserve: list[pygame.Rect]
    """The person's three reserve slots (full-size cards), above the hand."""
    opponent_reserves: dict[int, list[pygame.Rect]]
    """Each opponent's three reserve slots (small cards), under its panel."""
    mini_w: int

    def fan(self, slot: pygame.Rect, count: int, width: int) -> list[pygame.Rect]:
        """The face-up placement on a reserve slot: fanned right, over the hidden card."""
        step = max(6, min(int(width * 0.3), (slot.width - width) // max(1, count)))
        height = slot.height
        offset = width // 4
        return [pygame.Rect(slot.x + offset + i * step, slot.y + height // 10, width,
                            height) for i in range(count)]

    def stack_fan(self, count: int) -> list[pygame.Rect]:
        """The top placement on the stack, fanned so a straight reads at a glance."""
        room = self.burned.x - 10 - self.stack.right
        step = max(6, min(int(self.table.card_w * 0.3), room // max(1, count - 1)))
        return [self.stack.move(i * step, 0) for i in range(count)]


def compute(size: tuple[int, int], seats: int, human: int, scale: float = 1.0) -> PalaceLayout:
    geo = table_layout.compute(size, seats, human, scale)
    w, h = geo.card_w, geo.card_h
    cy = geo.stock.centery
    cx = geo.play.centerx
    deck = pygame.Rect(0, 0, w, h)
    deck.center = (cx - int(w * 1.9), cy)
    stack = pygame.Rect(0, 0, w, h)
    stack.center = (cx - w // 4, cy)
    burned = pygame.Rect(0, 0, w, h)
    burned.center = (cx + int(w * 2.1), cy)
    # The person's reserve: three slots of full-size cards between the message and hand.
    slot_h = h
    slot_w = int(w * 2.1)
    gap = w // 3
    total = SLOTS * slot_w + (SLOTS - 1) * gap
    top = geo.hand.y - slot_h - geo.margin * 2
    reserve = [pygame.Rect(cx - total // 2 + i * (slot_w + gap), top, slot_w, slot_h)
               for i in range(SLOTS)]
    mini_w = max(22, int(geo.small_w * 0.62))
    mini_h = int(mini_w * geo.small_h / geo.small_w)
    opponents: dict[int, list[pygame.Rect]] = {}
    panels = [spot.panel for spot in geo.spots.values()]
    for seat, spot in geo.spots.items():
        area = spot.melds.copy()
        area.height = mini_h
        if area.collidelist([p for p in panels if p is not spot.panel]) >= 0:
            # Crowded (five or six seats): the reserve moves into the panel, beside a
            # narrower fan of hand backs.
            cards = spot.cards
            area = pygame.Rect(cards.x + cards.width * 2 // 5, cards.y, cards.width * 3 // 5,
                               mini_h)
            spot.cards = pygame.Rect(cards.x, cards.y, cards.width * 2 // 5 - 4, cards.height)
        width = area.width // SLOTS
        opponents[seat] = [pygame.Rect(area.x + i * width, area.y, width - 4, mini_h)
                           for i in range(SLOTS)]
    # The message sits just above the person's reserve.
    geo.message.y = top - geo.margin - geo.message.height - h // 8
    return PalaceLayout(geo, deck, stack, burned, reserve, opponents, mini_w)
