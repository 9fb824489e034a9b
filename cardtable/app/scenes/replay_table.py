"""The table a replay shows: the game's own table (the rummy table, or Palace's) at one
recorded position, read-only, so a replay is drawn, placed and named exactly as the
game was played, by the same layout, screen model and drawing, not by a copy of them.

Read-only: no buttons that play, never the person's turn (no glow, no groups being
built, no lay-off tabs, no question), nobody thinking. The move log shows the replay's
lines up to the position.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from ...engine import Card, GameView
from ...engine.game import Game, SomeGame
from ...engine.variant import SeatedState
from .. import cardart
from ..layout import TableLayout
from ..model import Element, Gesture, ScreenModel
from ..session import SeatInfo, Session
from ..tables import table_for
from .palace_table import PalaceTableScene
from .table import TableScene
from .table_core import TableCore
from .table_panels import backs_fan, text_size

if TYPE_CHECKING:
    from ..app import App


class WatchedSession(Session[GameView]):
    """A recorded position, only watched: nobody is to move or thinking (no focus on
    the hand, no "thinking…" at a seat), whoever's turn it was."""

    @property
    def human_to_move(self) -> bool:
        return False

    @property
    def thinking_seat(self) -> int | None:
        return None


class ReplayRummyTable(TableScene):
    """The rummy table, watched: no buttons, never the person's turn, no focus."""

    def _build_buttons(self) -> None:
        self.buttons, self.button_roles = [], []

    def _my_turn(self) -> bool:
        return False

    def focused(self) -> Element | None:
        return None


class ReplayPalaceTable(PalaceTableScene):
    """Palace's table, watched: no buttons, never the person's turn."""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.buttons = []

    def _enable_buttons(self) -> None:
        """No buttons to enable."""

    def _my_turn(self) -> bool:
        return False


def table_at(app: App, game: SomeGame, state: SeatedState, seats: list[SeatInfo],
             lines: list[str]) -> TableCore[GameView]:
    """The game's table at ``state``, as the person's seat saw it, its log ``lines``.
    A new game handle over the state: the replay's positions are left untouched."""
    session = WatchedSession(Game(game.variant, game.seats, game.seed, state),
                             [SeatInfo(seat.name, seat.human) for seat in seats])
    session.seats = seats  # each seat's level as the history has it, shown only
    for line in lines:
        session.log.append(line)
    opened = table_for(game.game_id).scene(app, session)  # checks the game's view type
    if isinstance(opened, TableScene):
        return ReplayRummyTable(app, opened.session)
    if isinstance(opened, PalaceTableScene):
        return ReplayPalaceTable(app, opened.session)
    opened.buttons = []  # another game's own table: shown as it is, with no buttons
    return opened


def table_layout(table: TableCore[GameView]) -> TableLayout:
    """The table's own layout (Palace's wraps one)."""
    found = table.table_layout()
    assert found is not None, "a game's table has a TableLayout"
    return found


def controls_box(table: TableCore[GameView]) -> pygame.Rect:
    """Where the table keeps its buttons (right of the table, under the log): the
    replay's own controls go there."""
    return table_layout(table).controls


def watched(model: ScreenModel) -> list[Element]:
    """The table's elements as a replay shows them: named and placed as at the table,
    taking nothing (the replay's controls take the keys and clicks)."""
    return [replace(element, accepts=Gesture.NONE, focusable=False) for element in model]


def open_hands(table: TableCore[GameView], surface: pygame.Surface, colours: str) -> None:
    """Every hand shown: each other seat's hand face up over its backs, where the table
    draws them."""
    geo = table_layout(table)
    state = table.session.game.state
    if not isinstance(state, _Dealt):
        return
    hands = state.hands
    width = int(geo.small_w * 0.75)
    for seat, spot in geo.spots.items():
        cards = list(hands[seat])
        down = state.face_down[seat] if isinstance(state, _FaceDown) else ()
        count = len(hands[seat]) + len(down)
        for card, rect in zip(cards, backs_fan(spot.cards, count, width,
                                               text_size(geo.height))):
            surface.blit(cardart.face(card.face, width, colours), rect.topleft)


@runtime_checkable
class _Dealt(Protocol):
    """A state with every seat's hand (each game's: a replay may show them all)."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...


@runtime_checkable
class _FaceDown(Protocol):
    """Palace's state: each seat's face-down cards (its backs are drawn with the hand's)."""

    @property
    def face_down(self) -> tuple[tuple[Card, ...], ...]: ...
