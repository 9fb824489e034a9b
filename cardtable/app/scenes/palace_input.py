"""The Palace table's input: drag and drop, the click alternative, and the keyboard, all
read from the table's screen model (``palace_model``).

A mixin of ``PalaceTableScene``. Drag a card or a selection onto the stack to place it,
onto the lit reserve slot to build the visible reserve, within the hand to reorder;
click cards to select them, then click the stack or the slot. Setup's face-down cards
and the hidden reserve are picked by clicking their backs. The keyboard reaches every
element: Tab and Shift+Tab go through them all, ←/→ move within the hand, ↑/↓ go to
where cards may be put, Space selects, Enter plays (on a control or a pile, Enter and
Space both activate it). Keys mean what they mean at the rummy tables: T takes (the
stack here, the discard pile there), R sorts by rank, H hints, O the score sheet.
Every gesture becomes an engine action, and a refused one shows the engine's reason.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

import pygame

from ...engine import Action, BuildReserve, Card, PickHidden, Place, PlayHidden
from ...engine.palace import PalaceView, Phase
from ...i18n import _
from ..hint_marks import hint_target
from ..input_grammar import Command, command_for
from ..model import (
    Control,
    Element,
    Gesture,
    HandCard,
    Ref,
    ScreenModel,
    SeatCards,
    SeatRef,
    Zone,
    ZoneCard,
)
from ..palace_layout import PalaceLayout
from ..palace_seen import FACE_DOWN, HAND, HIDDEN, NEXT_SLOT, STACK
from .table_core import Drag, TableCore

DROP_SLACK = 10
"""Pixels round a drop target that still count as on it."""


class PalaceInput(TableCore[PalaceView]):
    """Mouse and keyboard handling for the Palace table: every gesture becomes one of
    the scene's actions. What it needs of the scene is declared here."""

    geo: PalaceLayout
    button_commands: list[Command]
    view: PalaceView
    picked: list[int]
    focus_id: str | None

    @abstractmethod
    def model(self) -> ScreenModel: ...
    @abstractmethod
    def _chosen(self) -> tuple[Card, ...]: ...
    @abstractmethod
    def commit(self) -> None: ...
    @abstractmethod
    def play_hidden(self, position: int, dropped: bool = False) -> None: ...
    @abstractmethod
    def take_stack(self) -> None: ...
    @abstractmethod
    def toggle_pick(self, position: int) -> None: ...
    @abstractmethod
    def sort_rank(self) -> None: ...

    # --- where cards may go ----------------------------------------------------------------

    def held(self) -> HandCard | ZoneCard | None:
        """What a moving drag holds, by reference."""
        drag = self.drag
        if drag is not None and drag.moved and isinstance(drag.source, HandCard | ZoneCard):
            return drag.source
        return None

    def drop_action(self, drag: Drag, ref: Ref) -> Action | None:
        """What dropping ``drag`` on the element ``ref`` asks the engine for."""
        held = drag.source
        if isinstance(held, ZoneCard):
            return PlayHidden(held.slot) if ref == STACK else None
        cards = tuple(c for c in self.hand_cards() if c in drag.cards)
        if ref == STACK and self.view.phase is Phase.PLAY:
            return Place(cards)
        if ref == SeatCards(self.session.human, NEXT_SLOT):
            return BuildReserve(cards)
        return None

    def targets(self, drag: Drag) -> list[tuple[Element, Action, bool]]:
        """Where the dragged cards may land now, and whether the engine would take them."""
        out = []
        for element in self.model().drop_targets():
            action = self.drop_action(drag, element.ref)
            if action is not None:
                legal = isinstance(action, PlayHidden) or self.session.problem(action) is None
                out.append((element, action, legal))
        return out

    # --- mouse -----------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        if self.animator.busy or self.why_line(pos):  # a log line: why that AI move
            return
        element = self.model().at(pos, Gesture.CLICK | Gesture.DRAG)
        if element is None:
            return
        ref = element.ref
        if isinstance(ref, HandCard):
            self._focus_on(element)
            hand = self.hand_cards()
            cards = [c for c in hand if c in self.selected] if ref.card in self.selected \
                else [ref.card]
            box = element.box
            self.drag = Drag(ref, cards, pos, (pos[0] - box.x, pos[1] - box.y), pos=pos,
                             index=ref.index)
        elif isinstance(ref, ZoneCard) and ref.zone == HIDDEN and element.accepts & Gesture.DRAG:
            box = element.box
            self.drag = Drag(ref, [], pos, (pos[0] - box.x, pos[1] - box.y), pos=pos,
                             index=ref.slot)
        else:
            self.activate(element, by_key=False)

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        ref = drag.source
        if not drag.moved:
            if isinstance(ref, ZoneCard):
                self.play_hidden(ref.slot)
            elif len(drag.cards) == 1:
                self.selected ^= {drag.cards[0]}
            elif isinstance(ref, HandCard):  # a click on a selected card of several
                self.selected.discard(ref.card)
            return
        for element, action, _legal in self.targets(drag):
            box = element.box
            if not (box.x - DROP_SLACK <= pos[0] < box.right + DROP_SLACK
                    and box.y - DROP_SLACK <= pos[1] < box.bottom + DROP_SLACK):
                continue
            if isinstance(action, PlayHidden):
                self.play_hidden(action.position, dropped=True)
            else:
                self.play(action, dropped=True)
            return
        hand = self.model().find(SeatCards(self.session.human, Zone.HAND))
        if isinstance(ref, HandCard) and hand is not None and hand.accepts & Gesture.DROP \
                and hand.box.contains(pos):
            self._reorder(drag.cards, pos[0])

    def _reorder(self, cards: list[Card], x: int) -> None:
        order = [c for c in self.session.hand_order if c not in cards]
        shown = [c for c in self.hand_cards() if c not in cards]
        index = self.geo.table.insert_index(x, len(shown))
        anchor = shown[index] if index < len(shown) else None
        at = order.index(anchor) if anchor in order else len(order)
        self.session.reorder(order[:at] + cards + order[at:])

    # --- activation: a click, or Enter / Space on the focused element ------------------

    def activate(self, element: Element, by_key: bool) -> None:
        ref = element.ref
        chosen = self._chosen()
        if isinstance(ref, Control):
            for button, command in zip(self.buttons, self.button_commands):
                if command == ref.command and button.enabled:
                    button.on_click()
        elif isinstance(ref, HandCard):
            self.selected ^= {ref.card}
        elif isinstance(ref, ZoneCard) and ref.zone == FACE_DOWN:
            if self._my_turn():
                self.toggle_pick(ref.slot)
        elif isinstance(ref, ZoneCard) and ref.zone == HIDDEN and element.accepts:
            self.play_hidden(ref.slot)
        elif ref == STACK and element.accepts and chosen:
            self.play(Place(chosen))
        elif isinstance(ref, SeatCards) and ref.zone == NEXT_SLOT and element.accepts \
                and chosen:
            self.play(BuildReserve(chosen))
        elif isinstance(ref, SeatRef) and ref.seat != self.session.human:
            self.why(ref.seat)
        elif ref == SeatCards(self.session.human, HAND):
            self.say(_("Your hand: R sorts it by rank, or drag a card along it to move it; "
                       "\u2190/\u2192 go through it and Space selects."), good=True)
        elif by_key and element.accepts & Gesture.DROP and not chosen:
            self.say(_("Select the cards first: \u2190/\u2192 and Space in your hand, then "
                       "Enter here."))
        elif by_key:  # nothing to do here: say what it is
            self.say(element.name[0].upper() + element.name[1:] + ".", good=True)

    def _show_hint(self, action: Action) -> None:
        """The hinted move picked out on the table: its cards selected, the keyboard's
        focus on where it goes (the stack, the reserve slot, the hidden card, the
        button), so Enter plays it."""
        super()._show_hint(action)
        if isinstance(action, PickHidden):  # blind is blind: the hint picks three
            self.picked = list(action.positions)
        target = hint_target(self.model(), action, self.session.human)
        if target is not None:
            self._focus_on(target)

    # --- keyboard --------------------------------------------------------------------------

    def focused(self, model: ScreenModel | None = None) -> Element | None:
        if self.focus_id is None:
            return None
        return (model or self.model()).get(self.focus_id)

    def spoken_focus(self) -> Sequence[Element]:
        focused = self.focused()
        return (focused,) if focused is not None else ()

    def _focus_on(self, element: Element | None) -> None:
        self.focus_id = element.id if element is not None else None
        if element is not None and isinstance(element.ref, HandCard):
            self.focus = element.ref.index
        elif element is not None and isinstance(element.ref, ZoneCard) \
                and element.ref.zone == FACE_DOWN:
            self.focus = element.ref.slot

    def _in_hand(self, model: ScreenModel) -> list[Element]:
        return [e for e in model.focus_order() if e.parent == "hand"]

    def _key(self, event: pygame.event.Event) -> None:
        """The keys of ``input_grammar``, as they mean at every table: Tab goes round,
        ↑/↓ through the places cards go, ←/→ in the hand, Space selects, Enter uses,
        T takes (the stack), R sorts, a number turns up that hidden card."""
        found = command_for(event.key, getattr(event, "mod", 0))
        if found is None:
            return
        command, number = found
        model = self.model()
        focused = self.focused(model)
        hand = self._in_hand(model)
        if command is Command.CANCEL:
            self.pause()
        elif command in (Command.NEXT, Command.PREVIOUS):
            self._focus_on(model.next_focus(self.focus_id,
                                            1 if command is Command.NEXT else -1))
        elif command in (Command.LEFT, Command.RIGHT) and hand:
            step = 1 if command is Command.RIGHT else -1
            index = hand.index(focused) if focused in hand else min(self.focus, len(hand) - 1)
            self._focus_on(hand[(index + step) % len(hand)])
        elif command in (Command.NEXT_TARGET, Command.PREVIOUS_TARGET):
            places = [e for e in model.drop_targets()
                      if e.takes_focus and e.ref != SeatCards(self.session.human, HAND)]
            down = command is Command.NEXT_TARGET
            if places:
                ids = [e.id for e in places]
                at = ids.index(self.focus_id) if self.focus_id in ids else -1
                self._focus_on(places[(at + (1 if down else -1)) % len(places)]
                               if at >= 0 or down else places[-1])
        elif command is Command.SELECT:
            target = focused if focused is not None else (hand[min(self.focus, len(hand) - 1)]
                                                          if hand else None)
            if target is not None:
                self.activate(target, by_key=True)
        elif command is Command.ACTIVATE:
            if focused is None or focused in hand:
                self.commit()
            else:
                self.activate(focused, by_key=True)
        elif command is Command.TAKE:
            self.take_stack()
        elif command is Command.SORT_RANK:
            self.sort_rank()
        elif command is Command.CHOOSE and number < 3 and self.view.phase is Phase.PLAY \
                and not self.view.hand:
            self.play_hidden(number)
