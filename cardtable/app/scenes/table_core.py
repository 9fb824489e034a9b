"""The skeleton every game's table shares, the person's side: their commands (play,
undo, hints and "why?", the score sheet, copy the deal code, the menu), every key read
through the one grammar, the mouse's press, drag and release. Following the game in
time is ``table_playout``, which this extends; hints and the move log are helpers it
holds (``table_hints``, ``table_log``).

A game's table (the rummy table, Palace) subclasses it and supplies only what differs:
its layout and drawing, how it animates an event, what its gestures mean and which
buttons it offers.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine import Action, Card
from ...i18n import _
from ..clipboard import copy_deal_code
from ..hint_marks import hinted_cards
from ..input_grammar import Command, command_for
from ..layout import TableLayout
from ..session import Session, V_co
from ..tables import deck_colours, table_for
from ..widgets import Button
from .table_hints import HintDesk
from .table_parts import DRAG_THRESHOLD, refusal
from .table_parts import Drag as Drag  # the tables' inputs read it from here
from .table_playout import TablePlayout

if TYPE_CHECKING:
    from ..app import App
    from .coach import Step


class TableCore(TablePlayout[V_co]):
    """One game at the table, as the person sees and plays it (``V_co``: the view type
    of its game, read by the game's own scene)."""

    def __init__(self, app: App, session: Session[V_co]) -> None:
        super().__init__(app, session)
        self.hints = HintDesk(self)
        self.focus = 0
        self.drag: Drag | None = None
        self.pointer = (0, 0)
        """Where the mouse was last seen (a wheel event does not say)."""

    # --- what a game supplies ---------------------------------------------------------------

    @abstractmethod
    def hand_cards(self) -> list[Card]:
        """The person's hand as shown (chosen order, less cards in flight or staged)."""

    def _played(self, action: Action) -> None:
        """The person's action was accepted (clear what it used up)."""

    def deck_colours(self) -> str:
        """The cards' colour scheme: the game's when its rules speak of colour, otherwise
        the player's setting (see ``cardart.SCHEMES``)."""
        return deck_colours(self.session.game.game_id, self.app.settings.deck_colours)

    def table_layout(self) -> TableLayout | None:
        """The table's layout (its side column and controls), as the shell and the
        replay read it; None for a table without one."""
        return None

    def log_rect(self) -> pygame.Rect | None:
        """Where the game's table draws the move log (the wheel scrolls it there)."""
        return None

    def _cancel(self) -> bool:
        """Esc drops what is in progress (a drag, the selection) before it pauses; True
        if there was something to drop. A game may have more (a question of its own)."""
        busy = self.drag is not None or bool(self.selected)
        self.drag = None
        self.selected = set()
        return busy

    # --- undo ------------------------------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z: take back the person's last play of this turn (see Session.undo)."""
        if self.app.settings.undo == "off":
            self.say(_("Undo is off (fair mode): it can be turned on in Settings."))
            return
        if not self._my_turn():
            self.say(_("You can undo only your own plays, on your turn."))
            return
        reason = self.session.undo()
        if reason is not None:
            self.say(refusal(reason))
            return
        self.view = self.session.view()
        self.selected = set()
        self._after_undo()
        self.say(_("Taken back."), good=True)

    def coach_steps(self) -> list[Step]:
        """The first-game tour's steps for this table (see scenes.coach)."""
        from .coach import rummy_steps

        return rummy_steps(self)

    def _after_undo(self) -> None:
        """What a table keeps of a play in progress that no longer fits (its own)."""

    # --- hints -----------------------------------------------------------------------------

    def hint(self) -> None:
        """H: the move the Normal player would make for you, and why (``HintDesk``)."""
        self.hints.ask()

    def why(self, seat: int) -> None:
        """Clicking an AI seat: why it made its last move."""
        self.hints.why(seat)

    def why_line(self, pos: tuple[int, int]) -> bool:
        """A click on the move log: why that line's AI move was made (False: not on it)."""
        return self.hints.why_line(pos)

    def _show_hint(self, action: Action) -> None:
        """Pick out the hinted move's cards in the hand, found by the action's type
        (``hint_marks``); each table then lights where the move goes."""
        cards = hinted_cards(action)
        if cards:
            self.selected = set(cards) & set(self.view.hand)

    def play(self, action: Action, dropped: bool = False) -> bool:
        """Send the person's action to the engine; show its reason if refused."""
        if self._animating():
            return False
        reason = self.session.play(action)
        if reason is not None:
            self.say(refusal(reason))
            return False
        self.dropped = dropped
        self.message = None
        self._played(action)
        return True

    def scores(self) -> None:
        """O: the score sheet so far, over the table (Esc or Back returns)."""
        from .pause import ScoreSheetScene

        desc = table_for(self.session.game.game_id).description
        if not desc.has_score_sheet:
            self.say(_("This game has no rounds to score: the first to shed every card wins."))
            return
        self.app.push(ScoreSheetScene(self.app, self.view, self.session.names,
                                      self.session.human, desc))

    def copy_deal_code(self) -> None:
        """Ctrl+C: the deal code to the clipboard, and what happened."""
        self.say(*copy_deal_code(self.session.deal_code))

    def pause(self) -> None:
        from .pause import PauseScene

        self.drag = None
        self.app.push(PauseScene(self.app))

    # --- the mouse -------------------------------------------------------------------------

    def _tick_person(self) -> None:
        self.hints.tick()

    def active_buttons(self) -> list[Button]:
        """None: every click, buttons' too, is found in the table's screen model (a
        button is an element there, by what it does)."""
        return []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            # Every key is read through the one grammar: the commands every table
            # shares are done here, the rest by the game's table (``_key``).
            found = command_for(event.key, event.mod)
            command = None if found is None else found[0]
            shared: dict[Command | None, Callable[[], None]] = {
                Command.HINT: self.hint, Command.SCORES: self.scores,
                Command.UNDO: self.undo, Command.COPY: self.copy_deal_code}
            if command in shared:
                shared[command]()
            elif command is not Command.CANCEL or not self._cancel():
                self._key(event)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return
        for button in self.active_buttons():
            if button.enabled and button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)

    def _wheel(self, event: pygame.event.Event) -> None:
        """The wheel over the move log scrolls it: up for earlier lines, down for newer."""
        box = self.log_rect()
        if box is not None and box.collidepoint(self.pointer):
            self.log_view.wheel(event.y, event.flipped, box, self.app.size[1],
                                self._caught_up())

    def _motion(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        drag.pos = pos
        if not drag.moved and (abs(pos[0] - drag.press[0]) + abs(pos[1] - drag.press[1])
                               >= DRAG_THRESHOLD):
            drag.moved = True

    @abstractmethod
    def _key(self, event: pygame.event.Event) -> None:
        """A key press (the keyboard alternative to every gesture)."""

    @abstractmethod
    def _press(self, pos: tuple[int, int]) -> None:
        """The left button went down: start a drag, or click."""

    @abstractmethod
    def _release(self, pos: tuple[int, int]) -> None:
        """The left button came up during a drag: drop, or click."""
