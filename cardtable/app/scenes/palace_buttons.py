"""The Palace table's buttons: where they sit down the controls box, the command each
carries, and, for the phase and the turn, each one's label and whether it is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import BuildReserve, Place, TakeStack
from ...engine.palace import HIDDEN, Phase
from ...i18n import _
from ..input_grammar import Command
from ..widgets import Button

if TYPE_CHECKING:
    from .palace_table import PalaceTableScene


def build_buttons(scene: PalaceTableScene) -> tuple[list[Button], list[Command]]:
    """The buttons down the controls box and the command of each, in order."""
    box = scene.geo.table.controls
    entries = [("", Command.COMMIT, True), ("", Command.TAKE, False),
               (_("Sort by rank  [R]"), Command.SORT_RANK, False),
               (_("Hint  [H]"), Command.HINT, False), (_("Menu  [Esc]"), Command.PAUSE, False)]
    row = max(30, min(scene.geo.table.height // 16, (box.height - 10) // len(entries) - 8))
    methods = scene.commands()
    commands = [command for _, command, _ in entries]
    buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), label,
                      methods[command], primary=primary, size=max(12, row * 2 // 5))
               for i, (label, command, primary) in enumerate(entries)]
    return buttons, commands


def enable_buttons(scene: PalaceTableScene) -> None:
    """Each button's label, action and whether it is on, for the phase and the turn."""
    commit, second, sort, _hint, _menu = scene.buttons
    view, mine = scene.view, scene._my_turn()
    phase = view.phase
    if phase is Phase.PICK_HIDDEN:
        commit.label, commit.enabled = _("Hide these 3  [Enter]"), mine and \
            len(scene.picked) == HIDDEN
        second.label, second.enabled = _("Choose any 3"), mine
        second.on_click = scene.pick_any
    elif phase is Phase.BUILD_RESERVE:
        commit.label = _("Put in reserve  [Enter]")
        commit.enabled = mine and bool(scene.selected) and \
            scene.session.problem(BuildReserve(scene._chosen())) is None
        second.label, second.enabled = _("Take the stack  [T]"), False
        second.on_click = scene.take_stack
    else:
        commit.label = _("Place  [Enter]")
        commit.enabled = mine and bool(scene.selected) and \
            scene.session.problem(Place(scene._chosen())) is None
        second.label, second.on_click = _("Take the stack  [T]"), scene.take_stack
        second.enabled = mine and view.legal == (TakeStack(),)
    sort.enabled = bool(view.hand)
