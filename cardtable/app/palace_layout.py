"""Where Palace's things sit: the shared table layout plus the deck, the stack, the burned
pile and every seat's reserve slots (a hidden card with a face-up placement on it).

The seats and the person's reserve are placed first; the row of piles then goes where
it covers none of them (nearest the table's middle), its cards smaller when a crowded
table leaves no room for full-size ones. Pure arithmetic on the window size, like
``layout``; nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import layout as table_layout
from .cardart import RATIO
from .model import Box

SLOTS = 3
PEEK = (8, 6)
"""How far the card beneath the stack's top placement peeks out (left, up)."""


def label_size(height: int) -> int:
    """The font size of the piles' labels ("Deck 12", "Stack 4 · beat K")."""
    return max(12, height // 50)


def reserve_label_size(height: int) -> int:
    return max(11, height // 56)


@dataclass
class PalaceLayout:
    table: table_layout.TableLayout
    deck: pygame.Rect
    stack: pygame.Rect
    burned: pygame.Rect
    reserve: list[pygame.Rect]
    """The person's three reserve slots (full-size cards), above the hand."""
    opponent_reserves: dict[int, list[pygame.Rect]]
    """Each opponent's three reserve slots (small cards), under its panel or in it."""
    mini_w: int
    human: int
    pile_w: int = 0
    """The piles' card width (the table's, unless a crowded table needs them smaller)."""
    fan_room: int = 0
    """How wide the stack's top placement may fan."""

    def fan(self, slot: pygame.Rect, count: int, width: int) -> list[pygame.Rect]:
        """The face-up placement on a reserve slot: fanned right, over the hidden card."""
        step = max(6, min(int(width * 0.3), (slot.width - width) // max(1, count)))
        height = slot.height
        offset = width // 4
        return [pygame.Rect(slot.x + offset + i * step, slot.y + height // 10, width,
                            height) for i in range(count)]

    def stack_fan(self, count: int) -> list[pygame.Rect]:
        """The top placement on the stack, fanned so a straight reads at a glance."""
        width = self.pile_w
        step = max(4, min(int(width * 0.3), (self.fan_room - width) // max(1, count - 1)))
        return [self.stack.move(i * step, 0) for i in range(count)]

    def stack_area(self) -> pygame.Rect:
        """Where the stack lies: the card beneath peeking out, the top placement fanned."""
        return pygame.Rect(self.stack.x - PEEK[0], self.stack.y - PEEK[1],
                           self.fan_room + PEEK[0], self.stack.height + PEEK[1])

    def slot(self, seat: int, index: int) -> pygame.Rect:
        return (self.reserve if seat == self.human else self.opponent_reserves[seat])[index]

    def hidden_box(self, seat: int, index: int) -> Box:
        slot = self.slot(seat, index)
        width = self.table.card_w if seat == self.human else self.mini_w
        return Box(slot.x, slot.y, width, int(width * RATIO))

    def placement_rects(self, seat: int, index: int, count: int) -> list[pygame.Rect]:
        """Where each card of a reserve placement lies, on its hidden card."""
        slot = self.slot(seat, index)
        if seat == self.human:
            return self.fan(slot, count, self.table.card_w)
        mini = self.mini_w
        step = max(5, min(int(mini * 0.3), (slot.width - mini) // max(1, count)))
        offset = max(0, min(mini // 4, slot.width - mini - step * (count - 1)))
        return [pygame.Rect(slot.x + offset + number * step, slot.y + mini // 8, mini,
                            int(mini * RATIO)) for number in range(count)]

    def placement_box(self, seat: int, index: int, count: int) -> Box:
        rects = self.placement_rects(seat, index, count)
        return Box.of(rects[0].unionall(rects))


def compute(size: tuple[int, int], seats: int, human: int, scale: float = 1.0) -> PalaceLayout:
    geo = table_layout.compute(size, seats, human, scale)
    w, h = geo.card_w, geo.card_h
    cx = geo.play.centerx
    # The person's reserve: three slots of full-size cards between the message and hand.
    slot_w = int(w * 2.1)
    gap = w // 3
    total = SLOTS * slot_w + (SLOTS - 1) * gap
    top = geo.hand.y - h - geo.margin * 2
    reserve = [pygame.Rect(cx - total // 2 + i * (slot_w + gap), top, slot_w, h)
               for i in range(SLOTS)]
    label_h = int(reserve_label_size(geo.height) * 1.35) + 4
    # The message sits just above the person's reserve and its label.
    geo.message.y = top - geo.margin - geo.message.height - max(h // 8, label_h)
    mini_w = max(22, int(geo.small_w * 0.62))
    mini_h = int(mini_w * RATIO)
    floor = geo.message.y - geo.margin
    opponents = {seat: _seat_slots(geo, seat, mini_w, mini_h, floor) for seat in geo.spots}
    layout = PalaceLayout(geo, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0),
                          pygame.Rect(0, 0, 0, 0), reserve, opponents, mini_w, human)
    avoid = [spot.panel for spot in geo.spots.values()]
    avoid += [slots[0].unionall(slots).inflate(0, mini_w // 4) for slots in opponents.values()]
    _place_piles(layout, avoid, floor)
    return layout


def _seat_slots(geo: table_layout.TableLayout, seat: int, mini_w: int, mini_h: int,
                floor: int) -> list[pygame.Rect]:
    """A seat's three reserve slots: under its panel; where that would run into another
    seat or past the table's middle (five or six seats), inside the panel, beside a
    narrower fan of hand backs."""
    spot = geo.spots[seat]
    panel = spot.panel
    area = pygame.Rect(panel.x, panel.bottom + 4, panel.width, mini_h + mini_w // 8)
    others = [s.panel for s in geo.spots.values() if s is not spot]
    if area.collidelist(others) >= 0 or area.bottom > floor or not geo.play.contains(area):
        cards = spot.cards
        area = pygame.Rect(cards.x + cards.width * 2 // 5, cards.y, cards.width * 3 // 5,
                           mini_h)
        spot.cards = pygame.Rect(cards.x, cards.y, cards.width * 2 // 5 - 4, cards.height)
    width = area.width // SLOTS
    return [pygame.Rect(area.x + i * width, area.y, width - 4, mini_h) for i in range(SLOTS)]


def _place_piles(layout: PalaceLayout, avoid: list[pygame.Rect], floor: int) -> None:
    """The deck, the stack and the burned pile in a row, with their labels under them:
    full size nearest the middle of the room the seats leave, else smaller."""
    geo = layout.table
    play = geo.play
    label = 6 + int(label_size(geo.height) * 1.35)
    keep = [rect.inflate(geo.margin, geo.margin) for rect in avoid]
    width = geo.card_w
    least = max(24, geo.card_w // 2)
    spot: pygame.Rect | None = None
    while spot is None and width >= least:
        spot = _room(layout, keep, floor, _row_size(width, label))
        if spot is None:
            width = int(width * 0.92)
    if spot is None:  # nowhere free (never seen): the middle, at the least size
        width = least
        spot = pygame.Rect((0, 0), _row_size(width, label))
        spot.midbottom = (play.centerx, floor)
    _lay_row(layout, spot, width)


def _row_size(width: int, label: int) -> tuple[int, int]:
    gap = width // 3
    return width + gap + PEEK[0] + int(width * 1.9) + gap + width, \
        PEEK[1] + int(width * RATIO) + label


def _room(layout: PalaceLayout, keep: list[pygame.Rect], floor: int,
          size: tuple[int, int]) -> pygame.Rect | None:
    """The free place for a row of ``size`` nearest the middle of the table above the
    person's reserve (None if there is none)."""
    geo = layout.table
    play = geo.play
    step = max(4, geo.card_h // 12)
    goal = (play.centerx, (play.y + floor) // 2)
    best: tuple[int, pygame.Rect] | None = None
    for y in range(floor - size[1], play.y - 1, -step):
        for x in range(play.x, play.right - size[0] + 1, step):
            rect = pygame.Rect((x, y), size)
            if rect.collidelist(keep) >= 0:
                continue
            distance = abs(rect.centerx - goal[0]) + abs(rect.centery - goal[1])
            if best is None or distance < best[0]:
                best = (distance, rect)
    return best[1] if best is not None else None


def _lay_row(layout: PalaceLayout, row: pygame.Rect, width: int) -> None:
    height = int(width * RATIO)
    gap = width // 3
    top = row.y + PEEK[1]
    layout.pile_w = width
    layout.fan_room = int(width * 1.9)
    layout.deck = pygame.Rect(row.x, top, width, height)
    layout.stack = pygame.Rect(layout.deck.right + gap + PEEK[0], top, width, height)
    layout.burned = pygame.Rect(layout.stack.x + layout.fan_room + gap, top, width, height)
