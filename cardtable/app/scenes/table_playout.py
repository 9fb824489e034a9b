"""The part of every game's table that follows the game in time: the session hand-off,
applied moves played out one by one (animations, sounds, the move log catching up),
messages and callouts, the buttons' state, what a save keeps and when to redraw.

The person's side (their commands, hints, keys and mouse) is ``table_core``, which
extends it. Drawing never changes the scene: everything that moves with time is
advanced in ``update``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

import pygame

from ...engine import Card
from ...engine.events import Event
from ...i18n import _
from ...i18n import text as rendered  # ``say`` has a parameter named text
from .. import theme
from ..anim import Animator
from ..scene import Scene
from ..session import Session, Shown, V_co
from ..sound import sound_for
from ..table_ui import TableUI
from ..widgets import Button
from .table_log import MoveLogView
from .table_parts import MESSAGE_SECONDS, Message

if TYPE_CHECKING:
    from ..app import App


@dataclass(frozen=True)
class TableKey:
    """A table's redraw key (see ``TablePlayout.redraw_key``), the thinking seat's dots
    apart: when they alone change, only that seat's panel is drawn again."""

    shown: Hashable
    thinking: int | None
    dots: int


class TablePlayout(Scene, Generic[V_co]):
    """A game at the table as it unfolds (``V_co``: the view type of its game)."""

    def __init__(self, app: App, session: Session[V_co]) -> None:
        super().__init__(app)
        self.session = session
        self.view: V_co = session.view()
        session.shown.clear()
        self.animator = Animator()
        self.time = 0.0
        self.selected: set[Card] = set()
        self.message: Message | None = None
        self.callouts: dict[int, tuple[str, float]] = {}
        """What a seat just said out loud ("May I!", "Burn!"), shown by its place until
        the time given."""
        self.buttons: list[Button] = []
        self._buttons_key: Hashable = None
        self.dropped = False
        """The person's last action was a drop: its cards are already where they go, so
        it is not animated again."""
        self.log_view = MoveLogView(session.log)
        self.messages = 0
        """Messages said so far (a refusal said twice is heard twice)."""
        self.before: V_co = self.view
        """The view the move being played out was made from (its animations start
        there)."""

    # --- what a game supplies ---------------------------------------------------------------

    @abstractmethod
    def _animate(self, event: Event, start: float, speed: float) -> float:
        """Queue the animation of one event starting at ``start`` (from the view
        ``before``); returns when the next may start."""

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

    def _redraw_extra(self) -> Hashable:
        """What else a game draws that changes without input (see ``redraw_key``)."""
        return None

    def _glowing(self) -> bool:
        """Whether a pulsing highlight shows the person where to act."""
        return False

    def _tick_person(self) -> None:
        """The person's side's per-frame bookkeeping (hints on their way)."""

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
                            or self._holding() or self.app.speech_busy())
        self._after_update()
        self._tick_person()
        self.selected &= set(self.view.hand)
        if self.message and self.time > self.message.until:
            self.message = None
        self.callouts = {seat: said for seat, said in self.callouts.items()
                         if said[1] > self.time}
        self.log_view.tick(self._caught_up())
        self._refresh_buttons()

    def _caught_up(self) -> bool:
        """The table has shown every applied move (a log line such as a save warning,
        between moves, may show)."""
        return not (self.session.shown or self._holding() or self.animator.busy)

    @property
    def log_scroll(self) -> int:
        """How far the move log is scrolled back, in wrapped lines (0: the newest)."""
        return self.log_view.scroll

    @property
    def log_shown(self) -> int:
        """How many of the log's lines (counted since the start) the table shows."""
        return self.log_view.shown

    @log_shown.setter
    def log_shown(self, shown: int) -> None:
        self.log_view.shown = shown

    def visible_log(self) -> list[str]:
        """The move log as far as the table has shown the game (``MoveLogView``)."""
        return self.log_view.visible()

    def spoken_title(self) -> str:
        return _("{game} table").format(game=rendered(self.session.game.variant.title))

    def turn_words(self, prompt: str) -> str:
        """F6: whose turn it is, and, while it is another seat's, what it is doing (it
        thinks, or its latest move)."""
        said = [rendered(prompt).rstrip(".") + "."]
        if self.session.human_to_move:
            return said[0]
        thinking = self.session.thinking_seat
        if thinking is not None and thinking != self.session.human:
            said.append(_("{name} is thinking.").format(name=self.session.names[thinking]))
        latest = self.visible_log()
        if latest:
            # Translators: {move} is the move log's latest line.
            said.append(_("Latest: {move}.").format(move=rendered(latest[-1]).rstrip(".")))
        return " ".join(said)

    def news(self) -> tuple[int, Sequence[str]]:
        return self.log_shown, self.visible_log()

    def _present(self, shown: Shown[V_co]) -> None:
        """Play out one applied action, then show what it led to."""
        self.log_shown = shown.log_after[-1] if shown.log_after else self.log_shown
        self.before, self.view = self.view, shown.view
        speed = 0.0 if shown.seat == self.session.human and self.dropped else self.speed
        self.dropped = False
        start = self.time
        for event in shown.events:
            start = self._animate(event, start, speed)
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
        """Show (and have spoken) a message; a sentence from the engine is rendered in
        the player's language here, so every table's message is."""
        self.message = Message(rendered(text), good, self.time + seconds)
        self.messages += 1

    def spoken_message(self) -> tuple[int, str] | None:
        return (self.messages, self.message.text) if self.message is not None else None

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
