"""The rummy table's keyboard: the grammar of ``input_grammar`` applied to the screen
model. Tab and Shift+Tab go through every element the keyboard reaches (the piles,
each group being built, each meld on the table and each wild in it, the seats, the
sheet, the question's answers, the buttons); ↑/↓ only through the places cards go;
←/→ move within the hand, Space selects there; Enter uses the focused element.

A mixin of ``TableScene``, over its mouse mixin; it keeps only the focus.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine import Pile
from ...i18n import _
from ..input_grammar import Command, command_for
from ..model import (
    Element,
    HandCard,
    NewGroup,
    PileRef,
    Region,
    Role,
    SeatMelds,
    StagedGroup,
    TableMeld,
    WildInMeld,
)
from .rummy_input import RummyInput

CARD_PLACES = (Role.PILE, Role.STAGED_GROUP, Role.NEW_GROUP, Role.TABLE_MELD, Role.WILD)
PRESSABLE = (Role.BUTTON, Role.SHEET_CELL, Role.SEAT)


class RummyKeys(RummyInput):
    """Keyboard handling and focus for the rummy table."""

    def focused(self) -> Element | None:
        """The element Enter uses: the one chosen with Tab, or the first place of this
        phase of the turn (the stock to draw, then the discard pile)."""
        model = self.model()
        chosen = model.get(self.focus_id) if self.focus_id else None
        if chosen is not None and chosen.takes_focus:
            return chosen
        first = PileRef(Pile.DISCARD) if self.view.to_play else PileRef(Pile.STOCK)
        return model.find(first)

    def spoken_focus(self) -> Sequence[Element]:
        """The place Enter uses, and the card under the hand's cursor."""
        model = self.model()
        hand = self.hand_cards()
        place = self.focused()
        cursor = model.find(HandCard(hand[min(self.focus, len(hand) - 1)],
                                     min(self.focus, len(hand) - 1))) if hand else None
        return tuple(element for element in (place, cursor) if element is not None)

    def card_places(self) -> list[Element]:
        """Where ↑/↓ go: the piles to draw from; then the discard pile, the groups being
        built and every meld and wild on the table."""
        places = [e for e in self.model().focus_order() if e.role in CARD_PLACES]
        if self.view.to_draw:
            return [e for e in places if e.role is Role.PILE]
        return [e for e in places if e.ref != PileRef(Pile.STOCK)]

    def _step_focus(self, step: int, places: list[Element] | None = None) -> None:
        order = self.model().focus_order() if places is None else places
        if not order:
            return
        current = self.focused()
        ids = [e.id for e in order]
        if current is None or current.id not in ids:
            self.focus_id = order[0 if step > 0 else -1].id
        else:
            self.focus_id = ids[(ids.index(current.id) + step) % len(ids)]

    def _key(self, event: pygame.event.Event) -> None:
        found = command_for(event.key, event.mod)
        if found is None:
            return
        command, number = found
        hand = self.hand_cards()
        simple: dict[Command, Callable[[], object]] = {
                  **self.commands(),
                  Command.NEXT: lambda: self._step_focus(1),
                  Command.PREVIOUS: lambda: self._step_focus(-1),
                  Command.NEXT_TARGET: lambda: self._step_focus(1, self.card_places()),
                  Command.PREVIOUS_TARGET: lambda: self._step_focus(-1, self.card_places()),
                  Command.ACTIVATE: self.activate_focused,
                  Command.YES: lambda: self.asking.yes_no(True),
                  Command.NO: lambda: self.asking.yes_no(False),
                  Command.CHOOSE: lambda: self.answer(number)}
        if command is Command.CANCEL:
            self.pause()
        elif command in (Command.LEFT, Command.RIGHT):
            if hand:
                self.focus = (self.focus + (1 if command is Command.RIGHT else -1)) % len(hand)
            focused = self.focused()
            if focused is not None and focused.role in PRESSABLE:
                self.focus_id = None        # back in the hand: Space picks, not presses
        elif command is Command.SELECT:
            focused = self.focused()
            if focused is not None and focused.role in PRESSABLE:
                self.activate_focused()
            elif hand:
                self.selected ^= {hand[min(self.focus, len(hand) - 1)]}
        elif command in simple:
            simple[command]()

    def activate_focused(self) -> None:
        """Enter: use the focused element, with the selected cards (or the card under
        the hand's cursor) where cards go."""
        element = self.focused()
        if element is None:
            return
        ref = element.ref
        if element.id == "hand":
            hand = self.hand_cards()
            if hand:
                self.selected ^= {hand[min(self.focus, len(hand) - 1)]}
        elif ref == PileRef(Pile.DISCARD) and not self.view.to_draw \
                and self.session.human_to_move:
            chosen = self.chosen()
            if len(chosen) != 1:
                self.say(_("Select the one card to discard."))
                return
            self.discard(chosen[0])
        elif isinstance(ref, (StagedGroup, NewGroup)):
            chosen = self.chosen()
            if chosen:
                self.stage(chosen, ref.index if isinstance(ref, StagedGroup)
                           else len(self.groups))
        elif isinstance(ref, (TableMeld, WildInMeld)):
            chosen = self.chosen()
            if not chosen:
                return
            if isinstance(ref, TableMeld):
                self.add_to_meld(chosen, ref.seat, ref.index, False)
            else:
                self.add_to_meld(chosen, ref.seat, ref.meld, False,
                                 ref.card if len(chosen) == 1 else None)
        elif isinstance(ref, SeatMelds):
            self.open_melds(ref)
        elif ref == Region("log"):
            self.hints.why_earlier()
        else:
            self.use(ref)
