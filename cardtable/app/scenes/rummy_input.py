"""The rummy table's mouse: every press, click, drag and drop is found in the screen
model (one hit-test for everything: cards, piles, groups, melds, wilds, seats, the
sheet, answers and buttons) and becomes one of the scene's actions, which the engine
validates.

A mixin of ``TableScene`` below its keyboard (``rummy_keys``); what it needs of the
scene is declared in ``RummyActions``.
"""

from __future__ import annotations

import pygame

from ...engine import Action, Card, Draw, Pile
from ...i18n import _
from .. import cardart
from ..anim import Flight
from ..model import (
    Element,
    Gesture,
    HandCard,
    NewGroup,
    PileRef,
    Ref,
    SeatMelds,
    StagedCard,
    StagedGroup,
    TableMeld,
    WildInMeld,
)
from .rummy_actions import RummyActions
from .table_core import Drag
from .table_parts import refusal


class RummyInput(RummyActions):
    """Mouse handling for the rummy table, over its screen model."""

    def _press(self, pos: tuple[int, int]) -> None:
        element = self.model().at(pos, Gesture.CLICK | Gesture.DRAG)
        if element is None:
            return
        ref = element.ref
        if not element.accepts & Gesture.DRAG or self._animating():
            if self._animating() and element.accepts & Gesture.DRAG:
                return
            self.drag = Drag(ref, [], pos, (0, 0), pos=pos)  # a click, used on release
            return
        box = element.box
        grab = (pos[0] - box.x, pos[1] - box.y)
        if isinstance(ref, HandCard):
            hand = self.hand_cards()
            cards = [c for c in hand if c in self.selected] if ref.card in self.selected \
                else [ref.card]
            self.focus = ref.index
            self.drag = Drag(ref, cards, pos, grab, pos=pos)
        elif isinstance(ref, StagedCard):
            self.drag = Drag(ref, [ref.card], pos, (self.geo.small_w // 2,
                                                    self.geo.small_h // 2), pos=pos)
        elif isinstance(ref, PileRef):
            top = self.view.top_discard if ref.pile is Pile.DISCARD else None
            self.drag = Drag(ref, [top] if top else [], pos, grab, pos=pos)

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        if not drag.moved:
            self.click(drag.source, drag.press)
            return
        if not isinstance(drag.source, (HandCard, StagedCard, PileRef)):
            return  # a button pressed and slid off: nothing
        target, legal = self._drop_target(drag, pos)
        if target is None:
            self._refuse(drag, self._reason_for(drag, None))
        elif not legal:
            self._refuse(drag, self._reason_for(drag, target.ref))
        else:
            self._drop(drag, target, pos)

    def click(self, ref: Ref, pos: tuple[int, int] | None = None) -> None:
        """A click (or Enter) on an element: what it means, by what it refers to."""
        if isinstance(ref, HandCard):
            self.selected ^= {ref.card}
        elif isinstance(ref, StagedCard):
            chosen = self.chosen(cursor=False)
            if chosen:  # adds the selection to the group, as a click on the group does
                self.stage(chosen, ref.group)
            else:
                self.unstage([ref.card])
        elif isinstance(ref, (StagedGroup, NewGroup)):
            chosen = self.chosen(cursor=False)
            group = ref.index if isinstance(ref, StagedGroup) else len(self.groups)
            if chosen:
                self.stage(chosen, group)
            else:
                self.say(_("Select cards in your hand, then click a group to add them."))
        elif isinstance(ref, (TableMeld, WildInMeld)):
            self._click_meld(ref, pos)
        elif isinstance(ref, SeatMelds):
            self.open_melds(ref)
        else:
            self.use(ref, pos)

    def open_melds(self, ref: SeatMelds) -> None:
        """A seat's folded melds open in a dialog over the table (focus on the first);
        its Close button closes it."""
        self.melds_open = None if ref.close else ref.seat
        self.focus_id = None if ref.close else f"meld/{ref.seat}/0"

    def _click_meld(self, ref: TableMeld | WildInMeld, pos: tuple[int, int] | None) -> None:
        """Selected cards go onto the meld (the end nearer the click first); one card
        clicked onto a wild's own face swaps it for the wild."""
        chosen = self.chosen(cursor=False)
        if not chosen:
            if self._my_discard_phase():
                self.say(_("Select cards in your hand, then click the meld to add them."))
            return
        seat, index = (ref.seat, ref.index) if isinstance(ref, TableMeld) else \
            (ref.seat, ref.meld)
        wild = ref.card if isinstance(ref, WildInMeld) and len(chosen) == 1 else None
        self.add_to_meld(chosen, seat, index, self._low_end(seat, index, pos), wild)

    def _low_end(self, seat: int, index: int, pos: tuple[int, int] | None) -> bool:
        found = self.model().find(TableMeld(seat, index))
        return pos is not None and found is not None and pos[0] < found.box.center[0]

    # --- drops -----------------------------------------------------------------------------

    def targets(self, drag: Drag) -> list[tuple[Element, bool]]:
        """Every element this drag could end on, and whether the rules allow it now."""
        model = self.model()
        hand = model.get("hand")
        found: list[tuple[Element, bool]] = []
        source = drag.source
        if isinstance(source, PileRef):
            if hand is not None:
                found.append((hand, self.session.problem(Draw(source.pile)) is None))
            if source.pile is Pile.DISCARD:  # a game's own (Shanghai!): onto a meld
                found += [(element, True) for element in model
                          if isinstance(element.ref, TableMeld)
                          and self._discard_call(element.ref, (False, True)) is not None]
            return found
        if hand is not None:
            found.append((hand, True))
        discard = model.find(PileRef(Pile.DISCARD))
        if len(drag.cards) == 1 and discard is not None:
            commit = self.desc.commit(self.view, self.groups_without(drag.cards),
                                      drag.cards[0])
            found.append((discard, self.session.problem(commit) is None))
        building = self._my_discard_phase()
        for element in model:
            ref = element.ref
            if isinstance(ref, (StagedGroup, NewGroup)):
                found.append((element, building))
            elif isinstance(ref, (TableMeld, WildInMeld)) and isinstance(source, HandCard):
                found.append((element, self._meld_legal(drag.cards, ref)))
        return found

    def _meld_legal(self, cards: list[Card], ref: TableMeld | WildInMeld) -> bool:
        if isinstance(ref, WildInMeld):
            action = self.desc.meld_drop(self.view, cards, ref.seat, ref.meld, False, ref.card) \
                if len(cards) == 1 else None
            return action is not None and self.session.problem(action) is None
        return any((action := self.meld_action(cards, ref.seat, ref.index, start, None))
                   is not None and self.session.problem(action) is None
                   for start in (False, True))

    def _drop_target(self, drag: Drag, pos: tuple[int, int]) -> tuple[Element | None, bool]:
        """The target under the pointer (the topmost: a wild over its meld), else the
        legal one the dragged card overlaps most."""
        targets = self.targets(drag)
        under = [(element, legal) for element, legal in targets if element.box.contains(pos)]
        if under:
            element, legal = max(under, key=lambda pair: pair[0].z)
            if not legal and isinstance(element.ref, WildInMeld):  # a lay-off there?
                meld = next(((e, ok) for e, ok in under if isinstance(e.ref, TableMeld)), None)
                if meld is not None and meld[1]:
                    return meld
            return element, legal
        card = pygame.Rect(pos[0] - drag.grab[0], pos[1] - drag.grab[1], self.geo.card_w,
                           self.geo.card_h)
        best: tuple[tuple[int, int], Element, bool] | None = None
        for element, legal in targets:
            box = element.box
            overlap = card.clip(pygame.Rect(box.x, box.y, box.w, box.h))
            if overlap.width * overlap.height == 0:
                continue
            score = (1 if legal else 0, overlap.width * overlap.height)
            if best is None or score > best[0]:
                best = (score, element, legal)
        return (best[1], best[2]) if best is not None else (None, False)

    def _reason_for(self, drag: Drag, target: Ref | None) -> str:
        if isinstance(drag.source, PileRef):
            return self.session.problem(Draw(drag.source.pile)) or \
                _("Drop the card on your hand to draw it.")
        if target == PileRef(Pile.DISCARD):
            commit = self.desc.commit(self.view, self.groups_without(drag.cards),
                                      drag.cards[0])
            return self.session.problem(commit) or _("That card cannot go there.")
        if isinstance(target, (StagedGroup, NewGroup)):
            return _("Build books and runs after you draw, on your turn.")
        if isinstance(target, (TableMeld, WildInMeld)):
            seat, index = (target.seat, target.index) if isinstance(target, TableMeld) \
                else (target.seat, target.meld)
            on = target.card if isinstance(target, WildInMeld) else None
            action = self.meld_action(drag.cards, seat, index, False, on)
            reason = self.session.problem(action) if action is not None else None
            return reason or _("Those cards cannot go on that meld.")
        return _("Drop cards on the discard pile, a meld slot, or back in your hand.")

    def _refuse(self, drag: Drag, reason: str) -> None:
        """Show why, and slide the card back to where it came from."""
        self.say(refusal(reason))
        self._slide_back(drag)

    def _slide_back(self, drag: Drag) -> None:
        if not drag.cards or self.app.settings.animation_factor <= 0 or not self.app.animations:
            return
        source = drag.source
        origin = self.geo.discard.topleft if source == PileRef(Pile.DISCARD) else (
            self.geo.stock.topleft if source == PileRef(Pile.STOCK) else None)
        if origin is None:
            hand = self.hand_cards()
            slots = self.geo.hand_slots(len(hand))
            index = hand.index(drag.cards[0]) if drag.cards[0] in hand else 0
            origin = slots[index].topleft if slots else self.geo.hand.topleft
        start = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
        for offset, card in enumerate(drag.cards):
            self.animator.add(Flight(cardart.card_image(card, self.geo.card_w,
                                                        self.deck_colours()),
                                     (start[0] + offset * 18, start[1]), origin, self.time,
                                     0.25 * self.app.settings.animation_factor, card.code))

    def _discard_call(self, ref: TableMeld, ends: tuple[bool, ...]) -> Action | None:
        """The game's own action for the discard dragged onto a meld (Shanghai!) that
        the rules take now, at the first end of ``ends`` that takes it."""
        for start in ends:
            call = self.desc.discard_to_meld(self.view, ref.seat, ref.index, start)
            if call is not None and self.session.problem(call) is None:
                return call
        return None

    def _drop(self, drag: Drag, target: Element, pos: tuple[int, int]) -> None:
        source, ref = drag.source, target.ref
        if isinstance(source, PileRef) and isinstance(ref, TableMeld):
            low = pos[0] < target.box.center[0]
            call = self._discard_call(ref, (low, not low))
            if call is not None:
                self.play(call, dropped=True)
                return
            asked = self.desc.discard_to_meld(self.view, ref.seat, ref.index, False)
            self._refuse(drag, (self.session.problem(asked) if asked is not None else None)
                         or _("not there"))
        elif isinstance(source, PileRef):
            shown = self.hand_cards()
            index = self.geo.insert_index(pos[0], len(shown))
            if self.draw_from(source.pile, dropped=True):
                new = self.session.hand_order[-1]  # the card just drawn joins at the drop
                rest = [c for c in self.session.hand_order if c not in shown and c != new]
                self.session.reorder(shown[:index] + [new] + shown[index:] + rest)
        elif isinstance(ref, (TableMeld, WildInMeld)):
            seat, index = (ref.seat, ref.index) if isinstance(ref, TableMeld) else \
                (ref.seat, ref.meld)
            wild = ref.card if isinstance(ref, WildInMeld) else None
            if not self.add_to_meld(drag.cards, seat, index,
                                    self._low_end(seat, index, pos), wild, dropped=True):
                self._slide_back(drag)  # the table has said why
        elif ref == PileRef(Pile.DISCARD):
            self.unstage(drag.cards)
            self.discard(drag.cards[0], dropped=True)
        elif isinstance(ref, (StagedGroup, NewGroup)):
            if isinstance(source, StagedCard):
                self.unstage(drag.cards)
            self.stage(drag.cards, ref.index if isinstance(ref, StagedGroup)
                       else len(self.groups))
        elif target.id == "hand":
            if isinstance(source, StagedCard):
                self.unstage(drag.cards)
            self.reorder(drag.cards, pos[0])
