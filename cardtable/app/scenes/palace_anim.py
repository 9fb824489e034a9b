"""The Palace table's animations: cards dealt, drawn, placed, burned and taken fly
between the seats, the deck, the stack and the reserve slots; a hidden card turned up
lies face up, ringed, long enough to be read.

A mixin of ``PalaceTableScene``; positions come from its layout. Nothing here decides a
move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine import Card, PlayHidden
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
from ...engine.palace import HIDDEN, PalaceView, Phase
from .. import cardart, theme
from ..anim import Flight
from ..session import Shown
from .palace_input import PalaceInput

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


class PalaceAnimation(PalaceInput):
    """How the Palace table plays out each event. What it needs of the scene is declared
    here."""

    turned_up: TurnedUp | None
    stack_shown: tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]
    last_placement: tuple[Card, ...]
    _dropped_hidden: bool

    def deck_colours(self) -> str:
        """The cards' colour scheme: the player's setting (Palace's rules speak of no
        colour), as the rummy tables, the rules page and the replay read it."""
        from ..tables import deck_colours

        return deck_colours(self.session.game.game_id, self.app.settings.deck_colours)

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

    def _present(self, shown: Shown) -> None:
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
        colours = self.deck_colours()
        duration = 0.35 * speed

        def fly(card: Card | None, origin: tuple[int, int], target: tuple[int, int],
                when: float, size: int = width, to_seat: int | None = None) -> None:
            self.animator.add(Flight(cardart.card_image(card, size, colours), origin, target, when,
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
                fly(card, origin, self.geo.stack_fan(len(event.cards))[index].topleft,
                    start + index * 0.06 * speed, self.geo.pile_w)
            return start + duration + 0.05 * speed * len(event.cards)
        if isinstance(event, Burned):
            stack = before.stack
            placed = tuple(c for c in event.cards if not any(c in p for p in stack))
            # As it stood until the ace landed, then with the ace, until the burn.
            self.stack_shown = ((stack, start), (stack + ((placed,) if placed else ()),
                                                 start + 0.25 * speed))
            for index, card in enumerate(event.cards[-8:]):
                fly(card, self.geo.stack.topleft, self.geo.burned.topleft,
                    start + 0.25 * speed + index * 0.03 * speed, self.geo.pile_w)
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
            size = self.geo.pile_w
            point = self.geo.stack.move(int(size * 0.7), 0).topleft
        self.turned_up = TurnedUp(event.seat, event.card, point)
        if speed <= 0:
            return start
        hold = max(REVEAL_MIN_SECONDS, REVEAL_SECONDS * speed)
        self.turned_up = replace(self.turned_up, held=start + hold)
        ring = cardart.outline(size, theme.GOLD, 4)
        image = ring.copy()
        image.blit(cardart.face(event.card.face, size, self.deck_colours()), (4, 4))
        at = (point[0] - 4, point[1] - 4)
        self.animator.add(Flight(image, at, at, start, hold, event.card.code))
        return start + hold
