"""The rummy table's control buttons: built from the game's description (label, typed
command, primary), and enabled (and, for the discard button, worded) for what the
person may do now.

A helper the table holds (one job: the control buttons); it never draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Discard
from ...i18n import _, pgettext
from ..input_grammar import Command
from ..widgets import Button

if TYPE_CHECKING:
    from .table import TableScene


class ControlButtons:
    """The buttons at the right of the table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def build(self) -> tuple[list[Button], list[Command]]:
        """The game's buttons, one under another in the controls' column, each running
        its command; and the command of each."""
        table = self.table
        box, entries = table.geo.controls, table.desc.buttons
        row = max(30, min(table.geo.height // 16, (box.height - 10) // len(entries) - 8))
        commands = table.commands()
        buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), _(label),
                          commands[command], primary=primary, size=max(12, row * 2 // 5))
                   for i, (label, command, primary) in enumerate(entries)]
        return buttons, [command for _, command, _ in entries]

    def enable(self) -> None:
        """Each button enabled (and the discard button worded) for what the person may
        do now."""
        table = self.table
        mine = table._my_discard_phase()
        for button, method in zip(table.buttons, table.button_roles):
            if method in (Command.SORT_SUIT, Command.SORT_RANK):
                button.enabled = bool(table.view.hand)
            elif method is Command.ARRANGE:
                button.enabled = mine and not table._is_down()
            elif method is Command.CLEAR:
                button.enabled = bool(table.groups)
            elif method is Command.COMMIT:
                card = table.desc.discard_for(table.view, table.groups, table.selected)
                commit = None if card is None else table.desc.commit(table.view, table.groups, card)
                # With no groups built it is a plain discard of the selected card: the
                # button says so and works (a disabled "Discard" beside a selected card
                # read as a refusal).
                button.enabled = mine and commit is not None and \
                    (bool(table.groups) or isinstance(commit, Discard)) and \
                    table.session.problem(commit) is None
                # Say what the button will do: groups that do not take every other
                # card are only a plan, and the button then just discards.
                # Translators: a button: discard the selected card (a verb).
                button.label = pgettext("button", "Discard") if isinstance(commit, Discard) \
                    else _("Lay down + discard") if table.desc.final_turn(table.view) \
                    else _("Go out")
            elif method is Command.GO_DOWN:
                # Enabled as soon as groups are built: pressing it says what is wrong.
                action = table.desc.go_down(table.view, table.groups, table.goals.chosen)
                button.enabled = mine and bool(table.groups) and action is not None \
                    and not table._is_down()
            elif method is Command.TAKE_BACK:
                button.enabled = mine and table.desc.played_this_turn(table.view)

