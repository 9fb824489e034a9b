"""The Palace table: setup (hidden cards picked blind, three reserve placements), then
placements on the stack, burns, pick-ups and blind hidden cards, until someone is out.

Where things sit is ``palace_layout``; what is on screen, named and placed, is
``palace_model`` (built here by ``model()``), which input (``palace_input``) and drawing
(``palace_draw``) both read; animations are ``palace_anim``, the buttons
``palace_buttons``. As at the rummy tables, the table shows the observation as of the
last animation that finished; the session may be ahead, and its applied actions are
played out one by one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from ...engine import Action, BuildReserve, Card, PickHidden, Place, PlayHidden, TakeStack
from ...engine.palace import DEALT, HIDDEN, PalaceView, Phase
from ...i18n import N_, _, ngettext, text
from .. import palace_layout, palace_model
from ..input_grammar import Command
from ..layout import TableLayout
from ..model import Box, ScreenModel, ZoneCard
from ..palace_seen import ButtonSeen, Seen
from ..palace_status import palace_status
from ..session import Session
from ..status_words import Status
from ..table_palace import PalaceTable
from . import palace_draw
from .palace_anim import FINAL_SECONDS, PalaceAnimation, TurnedUp
from .palace_buttons import build_buttons, enable_buttons

if TYPE_CHECKING:
    from ..app import App
    from .coach import Step


LEVEL_NAMES = {"random": N_("Random AI"), "easy": N_("Easy AI"), "normal": N_("Normal AI"),
               "hard": N_("Hard AI")}
"""An AI seat's level as its panel names it."""


def level_name(level: str) -> str:
    """An AI seat's level as its panel names it ("Normal AI")."""
    known = LEVEL_NAMES.get(level)
    return _(known) if known is not None else _("{level} AI").format(level=level.title())


class PalaceTableScene(PalaceAnimation):
    """The Palace table: the stack, the deck, reserves and hidden cards."""

    """How this table animates each event type (a test checks it decides every one)."""

    def __init__(self, app: App, session: Session[PalaceView]) -> None:
        super().__init__(app, session)
        self.desc = PalaceTable()
        self.view: PalaceView = session.view()
        self.picked: list[int] = []
        """Setup: the face-down cards (by place) the person has chosen to keep hidden."""
        self.stack_shown: tuple[tuple[tuple[tuple[Card, ...], ...], float], ...] = ()
        """The stack as it stood before a burn or a pick-up, each until a time, shown
        until the burn or the pick-up plays out (the view has the stack after it)."""
        self.finished = False
        self.turned_up: TurnedUp | None = None
        self.last_placement: tuple[Card, ...] = ()
        """The cards of the last placement shown: at the end, the winning one."""
        self.ended_at: float | None = None
        """When the table caught up with the end of the game (all shown, nothing in
        flight): it stays up ``FINAL_SECONDS`` more, the winning placement marked."""
        self._dropped_hidden = False
        self.focus_id: str | None = None
        """The element the keyboard's focus is on (its model id), if any."""
        self.layout(app.size)

    # --- layout and saved table state ----------------------------------------------------

    def log_rect(self) -> pygame.Rect:
        return self.geo.table.log

    def seat_panel_rect(self, seat: int) -> pygame.Rect | None:
        spot = self.geo.table.spots.get(seat)
        return spot.panel if spot is not None else None

    def table_layout(self) -> TableLayout:
        return self.geo.table

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.app.settings.card_scale
        self._model: tuple[palace_layout.PalaceLayout, Seen, ScreenModel] | None = None
        self.geo = palace_layout.compute(size, self.session.game.seats, self.session.human,
                                         scale)
        self._buttons_key = None
        self.buttons, self.button_commands = build_buttons(self)
        self._refresh_buttons()

    def commands(self) -> dict[Command, Callable[[], object]]:
        """What each of the table's buttons does, by its command (one place: a button,
        and the model's ``Control``, carry the command, never a method's name)."""
        return {Command.COMMIT: self.commit, Command.TAKE: self.take_stack,
                Command.SORT_RANK: self.sort_rank, Command.HINT: self.hint,
                Command.PAUSE: self.pause}

    def _button_inputs(self) -> Hashable:
        return tuple(self.picked)

    def coach_steps(self) -> list[Step]:
        from .coach import palace_steps

        return palace_steps(self)

    def _enable_buttons(self) -> None:
        enable_buttons(self)

    # --- what is shown ---------------------------------------------------------------------

    def spoken_prompt(self) -> str | None:
        if not self._my_turn():
            return None
        return text(self.desc.spoken_prompt(self.view, self.session.names,
                                            self.session.human))

    def spoken_status(self, status: Status) -> str | None:
        turn = self.turn_words(self.desc.spoken_prompt(self.view, self.session.names,
                                                       self.session.human))
        hand = self.hand_cards()
        return palace_status(status, self.view, self.desc, self.session.names,
                             self.session.human, hand,
                             [card for card in hand if card in self.selected], self.model(),
                             turn)

    def hand_cards(self) -> list[Card]:
        """The person's hand as shown: chosen order, less cards still in flight."""
        held = set(self.view.hand)
        order = [c for c in self.session.hand_order if c in held]
        order += [c for c in self.view.hand if c not in set(order)]
        flying = self.animator.hidden_cards()
        return [c for c in order if c.code not in flying]

    def face_down_count(self) -> int:
        """The person's nine face-down cards, before the hidden reserve is picked."""
        return self.view.face_down_counts[self.session.human]

    def _stack_stage(self) -> int | None:
        """Which of ``stack_shown`` is shown now (``None``: the view's stack)."""
        return next((i for i, (_, until) in enumerate(self.stack_shown)
                     if self.time < until), None)

    def shown_stack(self) -> tuple[tuple[Card, ...], ...]:
        stage = self._stack_stage()
        if stage is not None:
            return self.stack_shown[stage][0]
        flying = self.animator.hidden_cards()
        return tuple(p for p in self.view.stack if not any(c.code in flying for c in p))

    def shown_burned(self) -> int:
        """The burned pile as shown: less cards still on the shown stack or on their way."""
        on_stack = {c for placement in self.shown_stack() for c in placement}
        flying = self.animator.hidden_cards()
        return sum(1 for c in self.view.burned if c not in on_stack and c.code not in flying)

    def seen(self) -> Seen:
        """What the table shows now, for its screen model."""
        session, drag = self.session, self.drag
        moving = drag is not None and drag.moved
        names = tuple(session.names)
        headline = text(self.desc.headline(self.view))
        prompt = text(self.desc.prompt(self.view, names, session.human))
        log, thinking = self.visible_log(), session.thinking_seat
        return Seen(
            view=self.view, human=session.human, names=names,
            levels=tuple(level_name(seat.level) for seat in session.seats),
            hand=tuple(self.hand_cards()), face_down=self.face_down_count(),
            picked=tuple(self.picked), selected=frozenset(self.selected),
            stack=self.shown_stack(), burned=self.shown_burned(), my_turn=self._my_turn(),
            dragging=tuple(drag.cards) if moving and drag is not None else (),
            hidden_dragged=drag.source.slot if moving and drag is not None
            and isinstance(drag.source, ZoneCard) else None,
            buttons=tuple(ButtonSeen(b.label, command, Box.of(b.rect), b.enabled, b.label_size())
                          for b, command in zip(self.buttons, self.button_commands)),
            # Translators: the info panel's two lines, the game's headline and the prompt.
            info=_("{headline}. {prompt}").format(headline=headline, prompt=prompt),
            log=log[-1] if log else "",
            headline=headline, prompt=prompt, log_lines=tuple(log), log_scroll=self.log_scroll,
            thinking=thinking if thinking is not None and self.view.current == thinking
            and thinking in self.view.awaiting else None,
            message=self.message.text if self.message is not None else None,
            said=tuple(sorted((seat, words) for seat, (words, _) in self.bubbles().items())))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.model()  # built as time moves, so drawing only reads it (and never builds)

    def model(self) -> ScreenModel:
        """The screen model as the table is now: built again only when what it shows or
        the layout changed, so the drawing, the mouse and the keys read one model."""
        seen, built = self.seen(), self._model
        if built is None or built[0] is not self.geo or built[1] != seen:
            built = self._model = (self.geo, seen, palace_model.build(self.geo, seen))
        return built[2]

    def _chosen(self) -> tuple[Card, ...]:
        """The selected cards in hand order (a straight reads low to high)."""
        return tuple(c for c in self.hand_cards() if c in self.selected)

    # --- time ------------------------------------------------------------------------------

    def _after_update(self) -> None:
        if self.session.game.over and not self._animating() and not self.finished:
            if self.ended_at is None:
                self.ended_at = self.time
            elif self.time >= self.ended_at + FINAL_SECONDS:
                self._finish()
        if self.view.phase is not Phase.PICK_HIDDEN:
            self.picked = []
        count = self.face_down_count() or len(self.hand_cards())
        self.focus = max(0, min(self.focus, count - 1))

    def _finish(self) -> None:
        from .summary import GameOverScene

        if self.finished:
            return
        self.finished = True
        self.app.stack.replace(GameOverScene(self.app, self.session))

    # --- actions ---------------------------------------------------------------------------

    def _animating(self) -> bool:
        return self.animator.busy or bool(self.session.shown)

    def _played(self, action: Action) -> None:
        self.selected = set()
        self.picked = []

    def commit(self) -> None:
        """Enter / the primary button: confirm the pick, fill a reserve slot, or place."""
        if not self._my_turn():
            return
        phase = self.view.phase
        if phase is Phase.PICK_HIDDEN:
            if len(self.picked) != HIDDEN:
                self.say(ngettext("Pick {count} face-down card first ({picked} picked).",
                                  "Pick {count} face-down cards first ({picked} picked).",
                                  HIDDEN).format(count=HIDDEN, picked=len(self.picked)))
                return
            self.play(PickHidden(tuple(sorted(self.picked))))
            return
        cards = self._chosen()
        hand = self.hand_cards()
        if not cards and phase is Phase.PLAY and not self.view.hand:
            self.play(PlayHidden(0))
            return
        if not cards and hand:
            cards = (hand[self.focus],)
        if not cards:
            return
        self.play(BuildReserve(cards) if phase is Phase.BUILD_RESERVE else Place(cards))

    def pick_any(self) -> None:
        """Choose three face-down cards at random (blind is blind)."""
        if not self._my_turn() or self.view.phase is not Phase.PICK_HIDDEN:
            return
        rng = random.Random(f"{self.session.game.seed}:{self.time}")
        self.picked = rng.sample(range(DEALT), HIDDEN)

    def toggle_pick(self, position: int) -> None:
        if position in self.picked:
            self.picked.remove(position)
        elif len(self.picked) < HIDDEN:
            self.picked.append(position)
        else:
            self.say(_("Three are picked: click one of them to put it back first."))

    def take_stack(self) -> None:
        if not self._my_turn() or self.view.phase is not Phase.PLAY:
            return
        self.play(TakeStack())

    def play_hidden(self, position: int, dropped: bool = False) -> None:
        if not self._my_turn():
            return
        self.play(PlayHidden(position), dropped)

    def sort_rank(self) -> None:
        from ...engine.placements import value

        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (value(c), c.sort_key())))

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        palace_draw.draw_table(self, surface)

    def _glowing(self) -> bool:
        """The hidden cards glow when they are what the person plays next."""
        return self._my_turn() and self.view.phase is Phase.PLAY and not self.view.hand \
            and self.drag is None

    def _redraw_extra(self) -> Hashable:
        return (self._stack_stage(),
                self.turned_up, self.ended_at is not None)

    def bubbles(self) -> dict[int, tuple[str, float]]:
        """What each seat says now: its callout, else the hidden card it just turned up."""
        said = dict(self.callouts)
        up = self.turned_up
        if up is not None and (up.seat not in said or self.time < up.held):
            said[up.seat] = (up.words(), self.time)
        return said

    def final_words(self) -> str | None:
        """Once the table has caught up with the end: who won, with which placement."""
        if self.ended_at is None:
            return None
        return text(self.desc.final_words(self.view, self.session.names, self.session.human,
                                          self.last_placement))

    def handle(self, event: pygame.event.Event) -> None:
        if self.ended_at is not None and event.type in (pygame.MOUSEBUTTONDOWN,
                                                          pygame.KEYDOWN):
            self._finish()  # the winning placement was seen: on to the results
            return
        super().handle(event)
