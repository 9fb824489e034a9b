"""The skeleton every game's table shares: the session hand-off, time and animations,
messages and callouts, the person's selection and drag, buttons, redraws, autosave
state and the pause menu.

A game's table (the rummy table, Palace) subclasses it and supplies only what differs:
its layout and drawing, how it animates an event, what its gestures mean and which
buttons it offers. Drawing never changes the scene: everything that moves with time is
advanced in ``update``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

import pygame

from ...engine import Action, Card
from ...engine.events import Event
from .. import theme
from ..anim import Animator
from ..clipboard import copy_deal_code
from ..hint_marks import hinted_cards
from ..hints import Job, hint_job, why_job
from ..model import Ref
from ..scene import Scene
from ..session import Session, Shown, V_co
from ..sound import sound_for
from ..table_ui import TableUI
from ..tables import table_for
from ..widgets import Button
from .table_panels import LOG_STEP, log_entry_at, log_page

if TYPE_CHECKING:
    from ..app import App
    from .coach import Step

MESSAGE_SECONDS = 4.0
DRAG_THRESHOLD = 6
"""Pixels the pointer must travel with the button down before a press is a drag."""


@dataclass
class Message:
    text: str
    good: bool
    until: float


@dataclass
class Drag:
    """Cards (or a hidden card) being dragged by the person."""

    source: Ref
    """Where they came from: a hand card, a pile, a card of a group being built, a
    hidden card (a typed reference of the screen model, never a string)."""
    cards: list[Card]
    press: tuple[int, int]
    grab: tuple[int, int]
    """The pointer's offset inside the first card."""
    moved: bool = False
    pos: tuple[int, int] = (0, 0)
    group: int = -1
    index: int = -1


@dataclass(frozen=True)
class TableKey:
    """A table's redraw key (see ``TableCore.redraw_key``), the thinking seat's dots
    apart: when they alone change, only that seat's panel is drawn again."""

    shown: Hashable
    thinking: int | None
    dots: int


class TableCore(Scene, Generic[V_co]):
    """One game at the table, as the person sees and plays it (``V_co``: the view type
    of its game, read by the game's own scene)."""

    def __init__(self, app: App, session: Session[V_co]) -> None:
        super().__init__(app)
        self.session = session
        self.view: V_co = session.view()
        session.shown.clear()
        self.animator = Animator()
        self.time = 0.0
        self.selected: set[Card] = set()
        self.hint_job: Job[tuple[Action, str]] | None = None
        self.hint_waiting = False
        """H was pressed while the game already waited for the person but the table was
        still playing out the last moves: the hint comes once it has caught up."""
        self.why_job: tuple[int, Job[str]] | None = None
        self._why_back = (0, 0)
        """Enter on the log: (the latest AI move's last line, how many moves back the
        next Enter goes)."""
        self.hints_taken = 0
        self.focus = 0
        self.drag: Drag | None = None
        self.message: Message | None = None
        self.callouts: dict[int, tuple[str, float]] = {}
        """What a seat just said out loud ("May I!", "Burn!"), shown by its place until
        the time given."""
        self.buttons: list[Button] = []
        self._buttons_key: Hashable = None
        self.dropped = False
        """The person's last action was a drop: its cards are already where they go, so
        it is not animated again."""
        self.pointer = (0, 0)
        """Where the mouse was last seen (a wheel event does not say)."""
        self.log_scroll = 0
        """How far the move log is scrolled back, in wrapped lines (0: the newest)."""
        self._log_seen = 0
        self.log_shown = session.log.total
        """How many of the log's lines (counted since the start) the table shows."""
        """The log as it was when scrolled back: a new line brings it to the bottom."""

    # --- what a game supplies ---------------------------------------------------------------

    @abstractmethod
    def hand_cards(self) -> list[Card]:
        """The person's hand as shown (chosen order, less cards in flight or staged)."""

    @abstractmethod
    def _animate(self, event: Event, before: Any, start: float, speed: float) -> float:
        """Queue the animation of one event starting at ``start``; returns when the next
        may start."""

    @abstractmethod
    def _enable_buttons(self) -> None:
        """Set the buttons' labels and whether each is enabled, for the current state."""

    def _button_inputs(self) -> Hashable:
        """Everything the buttons depend on beyond the game, the view and the selection."""
        return None

    def _holding(self) -> bool:
        """Whether applied moves must wait before being shown (a score sheet is up)."""
        return False

    def _after_update(self) -> None:
        """A game's own per-frame bookkeeping, after the shared one."""

    def _played(self, action: Action) -> None:
        """The person's action was accepted (clear what it used up)."""

    def _redraw_extra(self) -> Hashable:
        """What else a game draws that changes without input (see ``redraw_key``)."""
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

    def _glowing(self) -> bool:
        """Whether a pulsing highlight shows the person where to act."""
        return False

    # --- time ------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.app.settings.animation_factor if self.app.animations else 0.0

    def _animating(self) -> bool:
        return self.animator.busy

    def _my_turn(self) -> bool:
        """The person is to move and the table has caught up with the game."""
        return self.session.human_to_move and not self.animator.busy and \
            not self.session.shown

    def update(self, dt: float) -> None:
        self.time += dt
        self.animator.update(self.time)
        while not self.animator.busy and self.session.shown and not self._holding():
            self._present(self.session.shown.popleft())
        self.session.update(busy=self.animator.busy or bool(self.session.shown)
                            or self._holding())
        self._after_update()
        if self.hint_waiting and self._my_turn():
            self.hint()
        elif self.hint_waiting and not self.session.human_to_move:
            self.hint_waiting = False  # the moment passed (a call window closed)
        self._take_hint()
        self.selected &= set(self.view.hand)
        if self.message and self.time > self.message.until:
            self.message = None
        self.callouts = {seat: said for seat, said in self.callouts.items()
                         if said[1] > self.time}
        self._catch_up_log()
        if self.log_scroll and self.log_shown != self._log_seen:
            self.log_scroll = 0  # a new line: back to the newest
        self._refresh_buttons()

    def _catch_up_log(self) -> None:
        """Once the table has shown every applied move, every log line may show (lines
        such as a save warning come between moves)."""
        if not (self.session.shown or self._holding() or self.animator.busy):
            self.log_shown = self.session.log.total

    def visible_log(self) -> list[str]:
        """The move log as far as the table has shown the game: the lines of moves still
        to be played out (or of a round whose score sheet is not up yet) wait."""
        lines = list(self.session.log)
        waiting = self.session.log.total - self.log_shown
        return lines[:len(lines) - waiting] if waiting > 0 else lines

    def _present(self, shown: Shown[V_co]) -> None:
        """Play out one applied action, then show what it led to."""
        self.log_shown = shown.log_after[-1] if shown.log_after else self.log_shown
        before = self.view
        self.view = shown.view
        speed = 0.0 if shown.seat == self.session.human and self.dropped else self.speed
        self.dropped = False
        start = self.time
        for event in shown.events:
            start = self._animate(event, before, start, speed)
        self._sound(shown)

    def _sound(self, shown: Shown[V_co]) -> None:
        """The move's sound effect (the most telling of its events)."""
        effect = sound_for(shown.events, self.session.human)
        if effect is not None:
            self.app.sounds.play(effect)

    def _refresh_buttons(self) -> None:
        """Enable the buttons for what the person may do. Asking the rules can take
        milliseconds (a go-down), so this runs only when what it depends on changed."""
        key = (self.session.game.state, self.view, frozenset(self.selected),
               self._my_turn(), self._button_inputs())
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self._enable_buttons()

    # --- messages and actions --------------------------------------------------------------

    def say(self, text: str, good: bool = False, seconds: float = MESSAGE_SECONDS) -> None:
        self.message = Message(text, good, self.time + seconds)

    # --- undo ------------------------------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z: take back the person's last play of this turn (see Session.undo)."""
        if self.app.settings.undo == "off":
            self.say("Undo is off (fair mode): it can be turned on in Settings.")
            return
        if not self._my_turn():
            self.say("You can undo only your own plays, on your turn.")
            return
        reason = self.session.undo()
        if reason is not None:
            self.say(reason[0].upper() + reason[1:] + ".")
            return
        self.view = self.session.view()
        self.selected = set()
        self._after_undo()
        self.say("Taken back.", good=True)

    def coach_steps(self) -> list[Step]:
        """The first-game tour's steps for this table (see scenes.coach)."""
        from .coach import rummy_steps

        return rummy_steps(self)

    def _after_undo(self) -> None:
        """What a table keeps of a play in progress that no longer fits (its own)."""

    # --- hints -----------------------------------------------------------------------------

    def hint(self) -> None:
        """H: the move the Normal player would make for you, and why; its cards are
        picked out (worked out off the drawing thread: see ``HintJob``)."""
        if not self._my_turn():
            if self.session.human_to_move:  # the table is still catching up with the game
                self.hint_waiting = True
                return
            self.say("A hint is for your move: it is not your turn yet.", seconds=2.5)
            return
        self.hint_waiting = False
        if self.hint_job is not None and not self.hint_job.done:
            return
        self.hint_job = hint_job(self.view, len(self.session.game.history))
        self.hints_taken += 1
        self.app.recorder.hinted()

    def why(self, seat: int) -> None:
        """Clicking an AI seat: why it made its last move (from the view it had)."""
        last = self.session.last_moves.get(seat)
        if last is None:
            self.say(f"{self.session.names[seat]} has not moved yet.")
            return
        self.why_job = (seat, why_job(self.view, *last))

    def why_earlier(self) -> None:
        """Enter on the move log (the keyboard's way to a log line): why the latest AI
        move the table has shown was made; each Enter again goes one AI move further
        back (a new move starts from the latest again)."""
        shown = min(self.session.log.total, self.log_shown)
        moves = [move for move in self.session.ai_moves if move.last_line <= shown]
        if not moves:
            self.say("No AI player has moved yet this game.", seconds=2.5)
            return
        latest = moves[-1].last_line
        if self._why_back[0] != latest:
            self._why_back = (latest, 0)
        back = self._why_back[1] % len(moves)
        move = moves[-1 - back]
        self._why_back = (latest, back + 1)
        self.why_job = (move.seat, why_job(self.view, move.view, move.action))

    def why_line(self, pos: tuple[int, int]) -> bool:
        """A click on the move log: why the AI move that wrote the line clicked was made
        (any move the log still shows). False when the click is not on the log."""
        box = self.log_rect()
        if box is None or not box.collidepoint(pos):
            return False
        index = log_entry_at(box, self.visible_log(), self.app.size[1], self.log_scroll, pos)
        move = None if index is None else \
            self.session.move_at_line(self.session.line_number(index))
        if move is None:
            self.say("Click the line of an AI player's move to see why it made it.",
                     seconds=2.5)
        else:
            self.why_job = (move.seat, why_job(self.view, move.view, move.action))
        return True

    def _take_hint(self) -> None:
        if self.why_job is not None and self.why_job[1].done:
            seat, done = self.why_job
            self.why_job = None
            if done.result:
                self.say(f"Why {self.session.names[seat]} did that: {done.result}",
                         seconds=max(MESSAGE_SECONDS, 8.0))
        job = self.hint_job
        if job is None or not job.done:
            return
        self.hint_job = None
        if job.view is not self.view:
            return  # the game moved on while it was worked out
        if job.result is None:
            self.say("No hint this time.")
            return
        action, reason = job.result
        self._show_hint(action)
        self.say(f"Hint: {reason}", good=True, seconds=max(MESSAGE_SECONDS, 8.0))

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
            self.say(reason[0].upper() + reason[1:] + ".")
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
            self.say("This game has no rounds to score: the first to shed every card wins.")
            return
        self.app.push(ScoreSheetScene(self.app, self.view, self.session.names,
                                      self.session.human, desc))

    def pause(self) -> None:
        from .pause import PauseScene

        self.drag = None
        self.app.push(PauseScene(self.app))

    # --- the mouse -------------------------------------------------------------------------

    def active_buttons(self) -> list[Button]:
        """None: every click, buttons' too, is found in the table's screen model (a
        button is an element there, by what it does)."""
        return []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h:
                self.hint()
            elif event.key == pygame.K_o:
                self.scores()
            elif event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
            elif event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.say(*copy_deal_code(self.session.deal_code))
            elif event.key != pygame.K_ESCAPE or not self._cancel():
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
        if box is None or not box.collidepoint(self.pointer):
            return
        notches = -event.y if getattr(event, "flipped", False) else event.y
        self._catch_up_log()
        page = log_page(box, self.visible_log(), self.app.size[1])
        self.log_scroll = max(0, min(page.limit, self.log_scroll + notches * LOG_STEP))
        self._log_seen = self.log_shown

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

    # --- saves -----------------------------------------------------------------------------

    def ui_state(self) -> TableUI:
        """What a save keeps of the table (a game may keep more)."""
        return TableUI("table", tuple(self.session.hand_order), log=tuple(self.session.log))

    def restore_ui(self, ui: TableUI) -> None:
        """Put back a saved table state (already checked against the game by the save)."""
        self.session.log.extendleft(reversed(ui.log))

    # --- drawing ---------------------------------------------------------------------------

    def redraw_key(self) -> Hashable:
        """What changes on the table without input: moves arriving (a new view),
        animations, messages and callouts, "thinking…", the glow, and a game's own."""
        thinking = self.session.thinking_seat
        return TableKey((self.view, self.animator.busy and self.time, self.message,
                         tuple(self.callouts.items()),
                         theme.pulse(self.time) if self._glowing() else 0,
                         self._redraw_extra()),
                        thinking, theme.dots(self.time) if thinking is not None else 0)

    def redraw_area(self, drawn: Hashable, now: Hashable) -> pygame.Rect | None:
        """The thinking seat's panel, when its dots are all that changed."""
        if (isinstance(drawn, TableKey) and isinstance(now, TableKey)
                and now.thinking is not None
                and (drawn.shown, drawn.thinking) == (now.shown, now.thinking)):
            return self.seat_panel_rect(now.thinking)
        return None

    def seat_panel_rect(self, seat: int) -> pygame.Rect | None:
        """Where an opponent's panel (its "thinking…") is drawn; None: not known."""
        return None
