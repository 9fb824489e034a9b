"""The rummy table's control buttons: built from the game's description, and enabled
(and, for the discard button, worded) for what the person may do now; plus the melds'
card rectangles as the screen model places them, for animations and tests.

A mixin of the table scene, over its building mixin.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from ...engine import Discard
from ..input_grammar import Command
from ..model import Role, TableMeld
from ..widgets import Button
from .rummy_building import RummyBuilding


class RummyButtons(RummyBuilding):
    """The buttons at the right of the table."""

    button_roles: list[Command]

    def _build_buttons(self) -> None:
        box = self.geo.controls
        entries = self.desc.buttons
        row = max(30, min(self.geo.height // 16, (box.height - 10) // len(entries) - 8))
        self._buttons_key = None
        commands = self.commands()
        self.buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), label,
                               commands[command], primary=primary, size=max(12, row * 2 // 5))
                        for i, (label, command, primary) in enumerate(entries)]
        self.button_roles = [command for _, command, _ in entries]
        self._refresh_buttons()

    def _button_inputs(self) -> Hashable:
        return (tuple(map(tuple, self.groups)), self.goals.chosen)

    def _enable_buttons(self) -> None:
        mine = self._my_discard_phase()
        for button, method in zip(self.buttons, self.button_roles):
            if method in (Command.SORT_SUIT, Command.SORT_RANK):
                button.enabled = bool(self.view.hand)
            elif method is Command.ARRANGE:
                button.enabled = mine and not self._is_down()
            elif method is Command.CLEAR:
                button.enabled = bool(self.groups)
            elif method is Command.COMMIT:
                card = self.desc.discard_for(self.view, self.groups, self.selected)
                commit = None if card is None else self.desc.commit(self.view, self.groups, card)
                # With no groups built it is a plain discard of the selected card: the
                # button says so and works (a disabled "Discard" beside a selected card
                # read as a refusal).
                button.enabled = mine and commit is not None and \
                    (bool(self.groups) or isinstance(commit, Discard)) and \
                    self.session.problem(commit) is None
                # Say what the button will do: groups that do not take every other
                # card are only a plan, and the button then just discards.
                button.label = "Discard" if isinstance(commit, Discard) else \
                    "Lay down + discard" if self.desc.final_turn(self.view) else "Go out"
            elif method is Command.GO_DOWN:
                # Enabled as soon as groups are built: pressing it says what is wrong.
                action = self.desc.go_down(self.view, self.groups, self.goals.chosen)
                button.enabled = mine and bool(self.groups) and action is not None \
                    and not self._is_down()
            elif method is Command.TAKE_BACK:
                button.enabled = mine and self.desc.played_this_turn(self.view)

    def meld_spots(self) -> list[tuple[int, int, list[pygame.Rect]]]:
        """Every meld on the table as the model places it: (owner, index, the full
        rectangle of each of its cards, as drawn)."""
        spots = []
        for element in self.model():
            if isinstance(element.ref, TableMeld):
                parts = [c.box for c in self.model().children(element.id)
                         if c.role in (Role.CARD, Role.WILD)]
                whole = parts[-1]  # the last card shows whole: its size is every card's
                spots.append((element.ref.seat, element.ref.index,
                              [pygame.Rect(b.x, b.y, whole.w, whole.h) for b in parts]))
        return spots
