"""The rummy table's state as others read it: the scene's part of what its screen model
is built from (``rummy_model.TableState``) and what a save keeps of it (``TableUI``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rummy_model
from ..model import Box
from ..table_ui import TableUI

if TYPE_CHECKING:
    from .table import TableScene


def table_state(scene: TableScene) -> rummy_model.TableState:
    """The scene's part of what the screen model is built from."""
    seats, view = scene.session.seats, scene.view
    thinking = scene.session.thinking_seat
    status = scene.meld_status()
    return rummy_model.TableState(
        tuple(scene.session.names), scene.session.human, tuple(scene.hand_cards()),
        frozenset(scene.selected), tuple(map(tuple, scene.groups)),
        scene._my_discard_phase(), scene.hand_label(), scene.goals.chosen, scene.asking.spot(),
        tuple(rummy_model.ButtonSpot(b.label, method, b.enabled, Box.of(b.rect),
                                     b.label_size())
              for b, method in zip(scene.buttons, scene.button_roles)),
        tuple("" if seat == scene.session.human else seats[seat].level
              for seat in range(len(seats))),
        status=status[0] if status is not None else None,
        log=tuple(scene.visible_log()), log_scroll=scene.log_scroll,
        thinking=thinking if thinking is not None and view.current == thinking
        and thinking in view.awaiting else None,
        message=scene.message.text if scene.message is not None else None,
        callouts=tuple(sorted((seat, said[0]) for seat, said in scene.callouts.items())),
        melds_open=scene.melds_open)


def saved_ui(scene: TableScene) -> TableUI:
    """What a save keeps of the table: hand order, groups being built, summary. The
    save is asked for the moment a move is applied, before the table has taken in
    what it did (a go-down has laid the groups' cards; the table clears its groups
    only once ``play`` returns), so the groups keep only cards still in the hand
    (``hand_order`` follows the hand): a save never names a card the hand lost,
    which the loader would rightly refuse as damage."""
    held = set(scene.session.hand_order)
    groups = tuple(kept for kept in (tuple(c for c in group if c in held)
                                     for group in scene.groups) if kept)
    return TableUI("summary" if scene.summary is not None else "table",
                   tuple(scene.session.hand_order), groups,
                   tuple(scene.session.log), scene.summary)
