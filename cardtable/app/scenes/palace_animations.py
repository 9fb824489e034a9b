"""How the Palace table animates each engine event: one small function per event type in
``ANIMATIONS`` (a test checks every event type has one, or an explicit none).

Each function is given the scene, the view before the move, when to start and the
animation speed (0: off), and returns when the next event's animation may start. What
the table must remember of a move (the last placement, a burn's bubble, a turned-up
card) is kept even with animations off.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...engine import Card
from ...engine.events import (
    Burned,
    Called,
    CallWon,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
    GameEnded,
    HiddenPicked,
    HiddenRevealed,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    MissionCompleted,
    Placed,
    ReserveBuilt,
    ReserveTaken,
    Reshuffled,
    RoundScored,
    RoundStarted,
    StackTaken,
    StockExhausted,
    TookBack,
    TurnedUp,
    WentOut,
)
from ...engine.palace import HIDDEN, PalaceView, Phase
from ...i18n import _
from .. import cardart
from ..anim import Flight
from ..event_registry import ByEvent

if TYPE_CHECKING:
    from .palace_anim import PalaceAnimation

BUBBLE_SECONDS = 1.8


@dataclass(frozen=True)
class Moment:
    """What an event's animation is given: the scene, the view before the move, when
    to start (seconds on the scene's clock) and the speed (0: animations off)."""

    scene: PalaceAnimation
    before: PalaceView
    start: float
    speed: float

    @property
    def duration(self) -> float:
        return 0.35 * self.speed

    def to_seat(self, seat: int) -> int | None:
        """The seat a flight lands on, unless it is the person (whose hand shows it)."""
        return None if seat == self.scene.session.human else seat

    def fly(self, card: Card | None, origin: tuple[int, int], target: tuple[int, int],
            when: float, size: int | None = None, to_seat: int | None = None) -> None:
        """One card's flight (face down when ``card`` is None), table-card size unless
        ``size`` says otherwise."""
        width = self.scene.geo.table.card_w if size is None else size
        colours = self.scene.deck_colours()
        self.scene.animator.add(Flight(cardart.card_image(card, width, colours), origin, target,
                                       when, self.duration, card.code if card else None,
                                       to_seat))


ANIMATIONS: ByEvent[Moment, float] = ByEvent("animation at the Palace table")


def _still(moment: Moment, event: object) -> float:
    """No animation: the next event starts at once."""
    return moment.start


# None: the game's end is shown by the results; the rummy games' events never happen at
# this table.
ANIMATIONS.on(GameEnded, RoundStarted, TurnedUp, Discarded, MeldsLaid, WentOut, Reshuffled,
              StockExhausted, LaidOff, MeldChanged, Called, CallWon, CardsGiven, TookBack,
              MissionCompleted, RoundScored)(_still)


@ANIMATIONS.on(HiddenRevealed)
def _hidden_revealed(moment: Moment, event: HiddenRevealed) -> float:
    return moment.scene._reveal(event, moment.start, moment.speed)


@ANIMATIONS.on(Dealt)
def _dealt(moment: Moment, event: Dealt) -> float:
    """The deal's face-down cards fly out (the hand dealt after the hidden pick does not
    move: it is already in the hand)."""
    if moment.speed <= 0 or event.cards:
        return moment.start
    scene = moment.scene
    for index in range(event.count):
        moment.fly(None, scene.geo.deck.topleft, scene.seat_point(event.seat),
                   moment.start + index * 0.04 * moment.speed,
                   to_seat=moment.to_seat(event.seat))
    return moment.start + 0.02 * moment.speed


@ANIMATIONS.on(HiddenPicked)
def _hidden_picked(moment: Moment, event: HiddenPicked) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    for index in range(HIDDEN):
        moment.fly(None, scene.seat_point(event.seat), scene.slot_point(event.seat, index),
                   moment.start + index * 0.08 * moment.speed, scene._card_width(event.seat))
    return moment.start + moment.duration


@ANIMATIONS.on(ReserveBuilt)
def _reserve_built(moment: Moment, event: ReserveBuilt) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    slot = len(moment.before.reserves[event.seat]) if moment.before.phase is not Phase.PLAY \
        else 0
    for index, card in enumerate(event.cards):
        moment.fly(card, scene.seat_point(event.seat), scene.slot_point(event.seat, slot),
                   moment.start + index * 0.06 * moment.speed, scene._card_width(event.seat))
    return moment.start + moment.duration


@ANIMATIONS.on(Drew)
def _drew(moment: Moment, event: Drew) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    seen = event.card if event.seat == scene.session.human else None
    moment.fly(seen, scene.geo.deck.topleft, scene.seat_point(event.seat), moment.start,
               to_seat=moment.to_seat(event.seat))
    return moment.start + moment.duration * 0.6


@ANIMATIONS.on(Placed)
def _placed(moment: Moment, event: Placed) -> float:
    scene = moment.scene
    scene.last_placement = event.cards
    if moment.speed <= 0:
        return moment.start
    up = scene.turned_up
    origin = scene.seat_point(event.seat)
    if event.hidden:
        origin = up.point if up is not None else scene.slot_point(event.seat, 0)
    fan = scene.geo.stack_fan(len(event.cards))
    for index, card in enumerate(event.cards):
        moment.fly(card, origin, fan[index].topleft,
                   moment.start + index * 0.06 * moment.speed, scene.geo.pile_w)
    return moment.start + moment.duration + 0.05 * moment.speed * len(event.cards)


@ANIMATIONS.on(Burned)
def _burned(moment: Moment, event: Burned) -> float:
    scene, start, speed = moment.scene, moment.start, moment.speed
    # Translators: what a Palace seat calls out when its cards burn the stack.
    scene.callouts[event.seat] = (_("Burn!"), max(start, scene.time) + BUBBLE_SECONDS)
    if speed <= 0:
        return start
    stack = moment.before.stack
    placed = tuple(c for c in event.cards if not any(c in p for p in stack))
    # As it stood until the ace landed, then with the ace, until the burn.
    scene.stack_shown = ((stack, start), (stack + ((placed,) if placed else ()),
                                          start + 0.25 * speed))
    for index, card in enumerate(event.cards[-8:]):
        moment.fly(card, scene.geo.stack.topleft, scene.geo.burned.topleft,
                   start + 0.25 * speed + index * 0.03 * speed, scene.geo.pile_w)
    return start + 0.25 * speed + moment.duration + 0.2 * speed


@ANIMATIONS.on(StackTaken)
def _stack_taken(moment: Moment, event: StackTaken) -> float:
    scene = moment.scene
    up = scene.turned_up
    if up is not None and up.seat == event.seat and up.card in event.cards:
        scene.turned_up = up = replace(up, took=True)
    if moment.speed <= 0:
        return moment.start
    scene.stack_shown = ((moment.before.stack, moment.start),)  # until a turned-up card is read
    for index, card in enumerate(event.cards):
        lay = up.point if up is not None and card == up.card else scene.geo.stack.topleft
        moment.fly(card, lay, scene.seat_point(event.seat),
                   moment.start + min(index, 12) * 0.03 * moment.speed,
                   to_seat=moment.to_seat(event.seat))
    return moment.start + moment.duration + 0.2 * moment.speed


@ANIMATIONS.on(ReserveTaken)
def _reserve_taken(moment: Moment, event: ReserveTaken) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    for index, card in enumerate(event.cards):
        moment.fly(card, scene.slot_point(event.seat, index // 2), scene.seat_point(event.seat),
                   moment.start + index * 0.05 * moment.speed,
                   to_seat=moment.to_seat(event.seat))
    return moment.start + moment.duration + 0.2 * moment.speed
