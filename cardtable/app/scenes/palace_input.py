"""The Palace table's input: drag and drop, the click alternative, and the keyboard.

A mixin of ``PalaceTableScene``. Drag a card or a selection onto the stack to place it,
onto a reserve slot to build the visible reserve, within the hand to reorder; click cards
to select them, then click the stack or a slot. Setup's face-down cards and the hidden
reserve are picked by clicking their backs. Every gesture becomes an engine action, and
a refused one shows the engine's reason.
"""

from __future__ import annotations

from abc import abstractmethod

import pygame

from ...engine import BuildReserve, Card, Place, PlayHidden
from ...engine.palace import DEALT, PalaceView, Phase
from ..palace_layout import PalaceLayout
from .table_core import Drag, TableCore


class PalaceInput(TableCore[PalaceView]):
    """Mouse and keyboard handling for the Palace table: every gesture becomes one of
    the scene's actions. What it needs of the scene is declared here."""

    geo: PalaceLayout
    view: PalaceView
    picked: list[int]

    @abstractmethod
    def _chosen(self) -> tuple[Card, ...]: ...
    @abstractmethod
    def commit(self) -> None: ...
    @abstractmethod
    def face_down_count(self) -> int: ...
    @abstractmethod
    def play_hidden(self, position: int, dropped: bool = False) -> None: ...
    @abstractmethod
    def take_stack(self) -> None: ...
    @abstractmethod
    def toggle_pick(self, position: int) -> None: ...
    @abstractmethod
    def sort_rank(self) -> None: ...

    # --- what lies where -------------------------------------------------------------------

    def hand_rects(self) -> list[pygame.Rect]:
        """Rects of the hand as shown: the nine backs during the pick, else the cards."""
        geo = self.geo.table
        if self.face_down_count():
            lifted = frozenset(self.picked)
            return geo.hand_slots(self.face_down_count(), lifted)
        hand = self.hand_cards()
        lifted = frozenset(i for i, c in enumerate(hand) if c in self.selected)
        return geo.hand_slots(len(hand), lifted)

    def hidden_rects(self) -> list[pygame.Rect]:
        """The person's hidden cards, one per reserve slot from the left."""
        count = self.view.hidden_counts[self.session.human]
        width, height = self.geo.table.card_w, self.geo.table.card_h
        return [pygame.Rect(slot.x, slot.y, width, height) for slot in self.geo.reserve[:count]]

    def next_slot(self) -> pygame.Rect | None:
        made = len(self.view.reserves[self.session.human])
        return self.geo.reserve[made] if made < len(self.geo.reserve) else None

    def targets(self, drag: Drag) -> dict[str, tuple[pygame.Rect, bool]]:
        """Where the dragged cards may land now, and whether the engine would take them."""
        out: dict[str, tuple[pygame.Rect, bool]] = {}
        phase = self.view.phase
        cards = tuple(drag.cards)
        if drag.source == "hidden":
            out["stack"] = (self._stack_area(), True)
        elif phase is Phase.PLAY:
            out["stack"] = (self._stack_area(), self.session.problem(Place(cards)) is None)
        elif phase is Phase.BUILD_RESERVE:
            slot = self.next_slot()
            if slot is not None:
                out["reserve"] = (slot, self.session.problem(BuildReserve(cards)) is None)
        return out

    def _stack_area(self) -> pygame.Rect:
        fan = self.geo.stack_fan(max(1, len(self.view.stack[-1]) if self.view.stack else 1))
        return fan[0].unionall(fan)

    # --- mouse -----------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        if self.animator.busy:
            return
        rects = self.hand_rects()
        for index in reversed(range(len(rects))):
            if not rects[index].collidepoint(pos):
                continue
            self.focus = index
            if self.face_down_count():
                if self._my_turn():
                    self.toggle_pick(index)
                return
            hand = self.hand_cards()
            card = hand[index]
            cards = [c for c in hand if c in self.selected] if card in self.selected else [card]
            rect = rects[index]
            self.drag = Drag("hand", cards, pos, (pos[0] - rect.x, pos[1] - rect.y), pos=pos,
                             index=index)
            return
        for index, rect in enumerate(self.hidden_rects()):
            if rect.collidepoint(pos) and self.view.phase is Phase.PLAY and not self.view.hand:
                self.drag = Drag("hidden", [], pos, (pos[0] - rect.x, pos[1] - rect.y),
                                 pos=pos, index=index)
                return
        self._click_place(pos)

    def _click_place(self, pos: tuple[int, int]) -> None:
        """A click on the stack or on the next reserve slot plays the selected cards; a
        click on an AI seat's panel says why it made its last move."""
        for seat, spot in self.geo.table.spots.items():
            if spot.panel.collidepoint(pos):
                self.why(seat)
                return
        if not self.selected:
            return
        if self._stack_area().collidepoint(pos) and self.view.phase is Phase.PLAY:
            self.play(Place(self._chosen()))
        slot = self.next_slot()
        if slot is not None and slot.collidepoint(pos) and \
                self.view.phase is Phase.BUILD_RESERVE:
            self.play(BuildReserve(self._chosen()))

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        if not drag.moved:
            if drag.source == "hidden":
                self.play_hidden(drag.index)
            else:
                card = drag.cards[0] if len(drag.cards) == 1 else None
                if card is not None:
                    self.selected ^= {card}
                else:  # a click on a selected card of several: unselect it only
                    clicked = self.hand_cards()[drag.index]
                    self.selected.discard(clicked)
            return
        for name, (rect, _) in self.targets(drag).items():
            if not rect.inflate(20, 20).collidepoint(pos):
                continue
            if drag.source == "hidden":
                self.play_hidden(drag.index, dropped=True)
            elif name == "stack":
                self.play(Place(tuple(drag.cards)), dropped=True)
            else:
                self.play(BuildReserve(tuple(drag.cards)), dropped=True)
            return
        if drag.source == "hand" and self.geo.table.hand.collidepoint(pos):
            self._reorder(drag.cards, pos[0])

    def _reorder(self, cards: list[Card], x: int) -> None:
        order = [c for c in self.session.hand_order if c not in cards]
        shown = [c for c in self.hand_cards() if c not in cards]
        index = self.geo.table.insert_index(x, len(shown))
        anchor = shown[index] if index < len(shown) else None
        at = order.index(anchor) if anchor in order else len(order)
        self.session.reorder(order[:at] + cards + order[at:])

    # --- keyboard --------------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        count = self.face_down_count() or len(self.hand_cards())
        if key == pygame.K_ESCAPE:
            self.pause()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % count
        elif key == pygame.K_SPACE and count:
            if self.face_down_count():
                if self._my_turn() and self.focus < DEALT:
                    self.toggle_pick(self.focus)
            else:
                self.selected ^= {self.hand_cards()[self.focus]}
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.commit()
        elif key == pygame.K_t:
            self.take_stack()
        elif key == pygame.K_r:
            self.sort_rank()
        elif pygame.K_1 <= key <= pygame.K_3 and self.view.phase is Phase.PLAY \
                and not self.view.hand:
            self.play(PlayHidden(key - pygame.K_1))
