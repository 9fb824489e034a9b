"""The Palace table: setup (hidden cards picked blind, three reserve placements), then
placements on the stack, burns, pick-ups and blind hidden cards, until someone is out.

Input lives in ``palace_input`` and drawing in ``palace_draw``. As at the rummy tables,
the table shows the observation as of the last animation that finished; the session may
be ahead, and its applied actions are played out one by one.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from ...engine import Action, BuildReserve, Card, PickHidden, Place, PlayHidden, TakeStack
from ...engine.events import (
    Burned,
    Dealt,
    Drew,
    Event,
    HiddenPicked,
    HiddenRevealed,
    Placed,
    ReserveBuilt,
    ReserveTaken,
    StackTaken,
)
from ...engine.palace import DEALT, HIDDEN, PalaceView, Phase
from .. import cardart, palace_layout, theme
from ..anim import Flight
from ..session import Session, Shown
from ..table_palace import PalaceTable
from ..widgets import Button
from . import palace_draw
from .palace_input import PalaceInput

if TYPE_CHECKING:
    from ..app import App
    from .coach import Step

BUBBLE_SECONDS = 1.8
REVEAL_SECONDS = 1.4
"""How long a hidden card lies face up, marked, before it plays or goes to the hand, at
normal animation speed (slow holds it longer, fast shorter)."""
REVEAL_MIN_SECONDS = 1.0
"""The shortest such hold at any animation speed but off: long enough to read the card."""
FINAL_SECONDS = 2.5
"""How long the table stays up once the game is over and shown, with who won and with
which placement, before the results (a click or a key goes on at once)."""


@dataclass(frozen=True)
class TurnedUp:
    """The hidden card a seat turned up last: marked (a gold ring, a bubble by the seat)
    until the next move is shown, at any animation speed."""

    seat: int
    card: Card
    point: tuple[int, int]
    """Where it lies face up while it is read: its reserve slot, or the stack it was
    dropped on."""
    held: float = 0.0
    """Until when it lies there face up (its bubble comes before a "Burn!" till then)."""
    took: bool = False
    """It did not play: it went into the hand with the stack."""

    def words(self) -> str:
        """Short, to fit beside a seat's panel (the log says what became of it)."""
        return f"Turned up {self.card.pretty}"


class PalaceTableScene(PalaceInput):
    """The Palace table: the stack, the deck, reserves and hidden cards."""

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
        self.layout(app.size)

    # --- layout and saved table state ----------------------------------------------------

    def log_rect(self) -> pygame.Rect:
        return self.geo.table.log

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.app.settings.card_scale
        self.geo = palace_layout.compute(size, self.session.game.seats, self.session.human,
                                         scale)
        box = self.geo.table.controls
        entries = [("", self.commit, True), ("", self.secondary, False),
                   ("Sort by rank  [R]", self.sort_rank, False), ("Hint  [H]", self.hint, False),
                   ("Menu  [Esc]", self.pause, False)]
        row = max(30, min(self.geo.table.height // 16, (box.height - 10) // len(entries) - 8))
        self._buttons_key = None
        self.buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), label,
                               method, primary=primary, size=max(12, row * 2 // 5))
                        for i, (label, method, primary) in enumerate(entries)]
        self._refresh_buttons()

    def _button_inputs(self) -> Hashable:
        return tuple(self.picked)

    def coach_steps(self) -> list[Step]:
        from .coach import palace_steps

        return palace_steps(self)

    def _enable_buttons(self) -> None:
        commit, second, sort, _hint, _menu = self.buttons
        view, mine = self.view, self._my_turn()
        phase = view.phase
        if phase is Phase.PICK_HIDDEN:
            commit.label, commit.enabled = "Hide these 3  [Enter]", mine and \
                len(self.picked) == HIDDEN
            second.label, second.enabled = "Choose any 3", mine
        elif phase is Phase.BUILD_RESERVE:
            commit.label = "Put in reserve  [Enter]"
            commit.enabled = mine and bool(self.selected) and \
                self.session.problem(BuildReserve(self._chosen())) is None
            second.label, second.enabled = "Take the stack  [T]", False
        else:
            commit.label = "Place  [Enter]"
            commit.enabled = mine and bool(self.selected) and \
                self.session.problem(Place(self._chosen())) is None
            second.label = "Take the stack  [T]"
            second.enabled = mine and view.legal == (TakeStack(),)
        sort.enabled = bool(view.hand)

    # --- what is shown ---------------------------------------------------------------------

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

    # --- animation -------------------------------------------------------------------------

    def seat_point(self, seat: int) -> tuple[int, int]:
        geo = self.geo.table
        if seat == self.session.human:
            return (geo.hand.centerx - geo.card_w // 2, geo.hand.bottom - geo.card_h)
        return geo.spots[seat].cards.topleft

    def slot_point(self, seat: int, index: int) -> tuple[int, int]:
        if seat == self.session.human:
            return self.geo.reserve[min(index, 2)].topleft
        return self.geo.opponent_reserves[seat][min(index, 2)].topleft

    def _card_width(self, seat: int) -> int:
        return self.geo.table.card_w if seat == self.session.human else self.geo.mini_w

    def _present(self, shown: Shown[PalaceView]) -> None:
        self.turned_up = None  # its mark lasts until the next move is shown
        # A hidden card dragged onto the stack still turns up and is held there to be read.
        self._dropped_hidden = self.dropped and isinstance(shown.action, PlayHidden)
        if self._dropped_hidden:
            self.dropped = False
        super()._present(shown)

    def _animate(self, event: Event, before: PalaceView, start: float, speed: float) -> float:
        human = self.session.human
        if isinstance(event, Placed):
            self.last_placement = event.cards
        up = self.turned_up
        if isinstance(event, StackTaken) and up is not None and up.seat == event.seat \
                and up.card in event.cards:
            self.turned_up = up = replace(up, took=True)
        if isinstance(event, Burned):
            self.callouts[event.seat] = ("Burn!", max(start, self.time) + BUBBLE_SECONDS)
        if isinstance(event, HiddenRevealed):
            return self._reveal(event, start, speed)
        if speed <= 0:
            return start
        width = self.geo.table.card_w
        duration = 0.35 * speed

        def fly(card: Card | None, origin: tuple[int, int], target: tuple[int, int],
                when: float, size: int = width, to_seat: int | None = None) -> None:
            self.animator.add(Flight(cardart.card_image(card, size), origin, target, when,
                                     duration, card.code if card else None, to_seat))

        if isinstance(event, Dealt) and not event.cards:
            for index in range(event.count):
                fly(None, self.geo.deck.topleft, self.seat_point(event.seat),
                    start + index * 0.04 * speed, to_seat=None if event.seat == human
                    else event.seat)
            return start + 0.02 * speed
        if isinstance(event, HiddenPicked):
            for index in range(HIDDEN):
                fly(None, self.seat_point(event.seat), self.slot_point(event.seat, index),
                    start + index * 0.08 * speed, self._card_width(event.seat))
            return start + duration
        if isinstance(event, ReserveBuilt):
            slot = len(before.reserves[event.seat]) if before.phase is not Phase.PLAY else 0
            for index, card in enumerate(event.cards):
                fly(card, self.seat_point(event.seat), self.slot_point(event.seat, slot),
                    start + index * 0.06 * speed, self._card_width(event.seat))
            return start + duration
        if isinstance(event, Drew):
            seen = event.card if event.seat == human else None
            fly(seen, self.geo.deck.topleft, self.seat_point(event.seat), start,
                to_seat=None if event.seat == human else event.seat)
            return start + duration * 0.6
        if isinstance(event, Placed):
            origin = self.seat_point(event.seat)
            if event.hidden:
                origin = up.point if up is not None else self.slot_point(event.seat, 0)
            for index, card in enumerate(event.cards):
                fly(card, origin, self.geo.stack.move(index * int(width * 0.3), 0).topleft,
                    start + index * 0.06 * speed)
            return start + duration + 0.05 * speed * len(event.cards)
        if isinstance(event, Burned):
            stack = before.stack
            placed = tuple(c for c in event.cards if not any(c in p for p in stack))
            # As it stood until the ace landed, then with the ace, until the burn.
            self.stack_shown = ((stack, start), (stack + ((placed,) if placed else ()),
                                                 start + 0.25 * speed))
            for index, card in enumerate(event.cards[-8:]):
                fly(card, self.geo.stack.topleft, self.geo.burned.topleft,
                    start + 0.25 * speed + index * 0.03 * speed)
            return start + 0.25 * speed + duration + 0.2 * speed
        if isinstance(event, StackTaken):
            self.stack_shown = ((before.stack, start),)  # until a turned-up card is read
            for index, card in enumerate(event.cards):
                lay = up.point if up is not None and card == up.card else self.geo.stack.topleft
                fly(card, lay, self.seat_point(event.seat),
                    start + min(index, 12) * 0.03 * speed,
                    to_seat=None if event.seat == human else event.seat)
            return start + duration + 0.2 * speed
        if isinstance(event, ReserveTaken):
            for index, card in enumerate(event.cards):
                fly(card, self.slot_point(event.seat, index // 2), self.seat_point(event.seat),
                    start + index * 0.05 * speed,
                    to_seat=None if event.seat == human else event.seat)
            return start + duration + 0.2 * speed
        return start

    def _reveal(self, event: HiddenRevealed, start: float, speed: float) -> float:
        """A hidden card turns face up where it lay (or on the stack it was dropped on),
        ringed in gold, and stays there to be read before it plays or goes to the hand.
        With animations off it is not held, but stays marked until the next move."""
        size = self._card_width(event.seat)
        if event.seat != self.session.human:
            size = max(size, int(self.geo.table.card_w * 0.8))
        point = self.slot_point(event.seat, event.position)
        if self._dropped_hidden:  # beside the stack's top card, to be compared with it
            size = self.geo.table.card_w
            point = self.geo.stack.move(int(size * 0.7), 0).topleft
        self.turned_up = TurnedUp(event.seat, event.card, point)
        if speed <= 0:
            return start
        hold = max(REVEAL_MIN_SECONDS, REVEAL_SECONDS * speed)
        self.turned_up = replace(self.turned_up, held=start + hold)
        ring = cardart.outline(size, theme.GOLD, 4)
        image = ring.copy()
        image.blit(cardart.face(event.card.face, size), (4, 4))
        at = (point[0] - 4, point[1] - 4)
        self.animator.add(Flight(image, at, at, start, hold, event.card.code))
        return start + hold

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
                self.say(f"Pick {HIDDEN} face-down cards first ({len(self.picked)} picked).")
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

    def secondary(self) -> None:
        if self.view.phase is Phase.PICK_HIDDEN:
            self.pick_any()
        else:
            self.take_stack()

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
            self.say("Three are picked: click one of them to put it back first.")

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
        return self.desc.final_words(self.view, self.session.names, self.session.human,
                                     self.last_placement)

    def handle(self, event: pygame.event.Event) -> None:
        if self.ended_at is not None and event.type in (pygame.MOUSEBUTTONDOWN,
                                                          pygame.KEYDOWN):
            self._finish()  # the winning placement was seen: on to the results
            return
        super().handle(event)
