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
    Event,
    HiddenRevealed,
)
from ...engine.palace import PalaceView
from ...i18n import _, card_name
from .. import cardart, theme
from ..anim import Flight
from ..session import Shown
from .palace_animations import ANIMATIONS, Moment
from .palace_input import PalaceInput

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
        return _("Turned up {card}").format(card=card_name(self.card))


class PalaceAnimation(PalaceInput):
    """How the Palace table plays out each event. What it needs of the scene is declared
    here."""

    turned_up: TurnedUp | None
    stack_shown: tuple[tuple[tuple[tuple[Card, ...], ...], float], ...]
    last_placement: tuple[Card, ...]
    _dropped_hidden: bool
    animations = ANIMATIONS
    """How each event type is played out (a test checks every type has an entry)."""

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

    def _present(self, shown: Shown[PalaceView]) -> None:
        self.turned_up = None  # its mark lasts until the next move is shown
        # A hidden card dragged onto the stack still turns up and is held there to be read.
        self._dropped_hidden = self.dropped and isinstance(shown.action, PlayHidden)
        if self._dropped_hidden:
            self.dropped = False
        super()._present(shown)

    def _animate(self, event: Event, start: float, speed: float) -> float:
        """The event's animation, found by its type (``palace_animations``)."""
        return self.animations(Moment(self, self.before, start, speed), event)

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
